"""`BoardSetup`: a board game's input (hold'em, short deck, Omaha) parsed and checked, and
its deals of hole cards for exact enumeration."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .._kernels.table_types import SuitsSettle, Tables
from .._cards import CardsLike, format_cards, parse_cards
from .categories import kernel_tables
from .counters import bins, nested_pots
from .deal import Deal, no_repeats, read_cards
from .omaha_ranges import parse_omaha_range
from .ranges import Range, combo_masks, parse_range

MAX_DEALS = 2_000_000  # hole-card deals that exact enumeration will list
MAX_OUTCOME_CELLS = 1 << 22  # deals x 2**players counters per thread (32 MB) in enumeration
OMAHA_COMBOS = {4: 60, 5: 100, 6: 150}  # two of the hole cards x three of five board cards


def _has_joker(text: str) -> bool:
    """Whether a player's text is cards with a joker among them (not a range)."""
    try:
        return any(c >= 52 for c in parse_cards(text, jokers=True).tolist())
    except ValueError:
        return False


class BoardSetup:
    """Parsed and checked input: the players' possible hole cards, board, dead and live cards;
    `by_category`: the kernels count the pot by the winning hand's category too
    (`categories.kernel_tables`: `category_names`, `buckets`, `low_buckets`); `nested`: the
    pots nested in a split pot, each its number of players, the first (`counters.nested_pots`)."""

    def __init__(
        self,
        players: Sequence[str],
        board: str,
        dead: str,
        deal: Deal,
        others: CardsLike = "",
        by_category: bool = False,
        nested: Sequence[int] = (),
    ) -> None:
        if isinstance(players, str) or not 2 <= len(players) <= 10:
            raise ValueError("give 2 to 10 players, as a list of hands or ranges")
        self.deal = deal
        self.omaha, self.split = deal.omaha, deal.split
        self.game, self.low_game = deal.high, deal.low
        self.rules = deal.high.rules
        self.jokers = self.rules.wild is not None
        self.category_names, self.buckets, self.low_buckets = kernel_tables(
            self.rules, deal.low.rules if deal.low else None, by_category
        )
        self.categories = len(self.category_names)
        self.nested = nested_pots(nested, len(players), self.split, self.categories)
        self.deck = deal.deck
        # hold'em where five suited cards settle a hand: boards are counted in classes
        # (`kernels.boards`); other rankings deal every board
        self.boards_in_classes = not self.omaha and not self.split and type(deal.high.tables) is SuitsSettle
        self.board, self.dead = read_cards(board, self.jokers), read_cards(dead, self.jokers)
        self.others = read_cards(others, self.jokers)  # other boards' cards: out of this deal
        named = [("the board", self.board), ("dead cards", self.dead), ("the other boards", self.others)]
        for name, cards in named:
            outside = [c for c in cards.tolist() if c not in self.deck]
            if outside:
                raise ValueError(
                    f"card {format_cards(outside[:1])} in {name} is not in the {len(self.deck)}-card deck"
                )
        if len(self.board) > 5:
            raise ValueError(f"a board has 0 to 5 cards, not {len(self.board)}")
        no_repeats(named)
        known = np.concatenate([self.board, self.dead, self.others])
        self.known_mask = np.uint64(sum(1 << int(c) for c in known))
        self.ranges = [self._player(i, p, known) for i, p in enumerate(players)]
        specific = [(f"player {i + 1}", r.combos[0]) for i, r in enumerate(self.ranges) if len(r) == 1]
        no_repeats([*named, *specific])
        self.hole_sizes = np.array([r.combos.shape[1] for r in self.ranges], dtype=np.int64)
        known_bits = (self.known_mask >> self.deck.astype(np.uint64)) & 1
        self.live = self.deck[known_bits == 0].astype(np.uint8)
        needed = int(self.hole_sizes.sum()) + 5 - len(self.board)
        if needed > len(self.live):
            raise ValueError(
                f"{len(players)} players need {needed} more cards; only {len(self.live)} are left in the deck"
            )
        self.labels = [str(p) for p in players]

    def _player(self, i: int, text: str, known: np.ndarray) -> Range | Hand:
        if not isinstance(text, str):
            raise TypeError(f"player {i + 1}: a hand or range is a str, not {type(text).__name__}")
        if self.omaha:
            return self._omaha_player(i, text, known)
        if self.jokers and _has_joker(text):
            hole = parse_cards(text, jokers=True)
            if len(hole) != 2 or not set(hole.tolist()) <= set(self.deck.tolist()):
                raise ValueError(
                    f"player {i + 1}: a hold'em hand with a joker is two cards of "
                    f"the {len(self.deck)}-card deck: {text!r}"
                )
            return Hand(np.sort(hole)[None, :])
        if self.deal.generic_ranges:
            return self._omaha_player(i, text, known, size=2)
        rng = parse_range(text)
        if len(self.deck) < 52:  # short deck: "random" is the deck's hands, others must fit
            if text.strip().lower() in ("random", "any"):
                rng = rng.remove(np.setdiff1d(np.arange(52), self.deck))
            self._in_deck(i, rng.combos.reshape(-1), f"range {text!r} holds")
        if len(rng) == 1:  # a specific hand: a clash with known cards is an error, named later
            return rng
        live = rng.without_mask(int(self.known_mask))
        if len(live) == 0:
            raise ValueError(
                f"player {i + 1}: range {text!r} is empty once the board and dead cards are removed"
            )
        return live

    def _omaha_player(self, i: int, text: str, known: np.ndarray, size: int | None = None) -> Hand:
        """An Omaha player (or a hold'em player of `size` 2 in the generic syntax): a range in
        ProPokerTools' generic syntax (`omaha_ranges`: "AA:xxyy, JJ!JJJ", "AA@50,KK@25"), its
        hands weighted as it says; a range of several hands loses those holding a board or
        dead card (`known`)."""
        try:
            rng = parse_omaha_range(text, deck=self.deck, size=size)
        except ValueError as error:
            raise ValueError(f"player {i + 1}: {error}") from None
        if len(rng) > 1:
            rng = rng.without_mask(sum(1 << int(c) for c in known.tolist()))
            if len(rng) == 0:
                raise ValueError(f"player {i + 1}: every hand of {text!r} holds a board or dead card")
        return Hand(rng.combos, rng.weights if rng.weighted else None)

    def _in_deck(self, i: int, cards: np.ndarray, what: str = "card") -> None:
        outside = cards[~np.isin(cards, self.deck)]
        if len(outside):
            raise ValueError(
                f"player {i + 1}: {what} {format_cards(outside[:1])}, not in the "
                f"{self.deal.name} deck ({self.rules.deck_text})"
            )

    def deals(self, limit: int, first: slice = slice(None)) -> tuple[np.ndarray, ...] | None:
        """Every collision-free assignment of hole cards, the first player's hands limited to
        `first`: (cards (deals, players, width), card bitmasks, weights), or None if there are
        more than `limit`."""
        if math.prod(len(r) for r in self.ranges) > limit * 50 and first == slice(None):
            return None
        width = int(self.hole_sizes.max())
        if first == slice(None) and all(len(r) == 1 for r in self.ranges):
            return self._one_deal(width)
        row = np.dtype((np.void, width))  # a hand's cards as one item: fast to index
        hands: np.ndarray = np.zeros((1, 0), dtype=row)  # (deals, players) so far
        masks: np.ndarray = np.zeros(1, dtype=np.uint64)
        weights: np.ndarray = np.ones(1)
        for i, r in enumerate(self.ranges):
            padded = np.ascontiguousarray(r.combos)
            if padded.shape[1] < width:
                padded = np.zeros((len(r), width), dtype=np.uint8)
                padded[:, : r.combos.shape[1]] = r.combos
            taken = first if i == 0 else slice(None)
            hand, bits, weight = padded.view(row)[taken, 0], r.masks[taken], r.weights[taken]
            a, b = np.nonzero((masks[:, None] & bits[None, :]) == 0)
            if len(a) > limit:
                return None
            hands = np.concatenate([hands[a], hand[b, None]], axis=1)
            masks, weights = masks[a] | bits[b], weights[a] * weight[b]
        return hands.view(np.uint8).reshape(len(masks), len(self.ranges), width), masks, weights

    def _one_deal(self, width: int) -> tuple[np.ndarray, ...]:
        """`deals` when every player has one hand (told apart in __init__), without a search."""
        cards = np.zeros((1, len(self.ranges), width), np.uint8)
        mask, weight = 0, 1.0
        for i, r in enumerate(self.ranges):
            cards[0, i, : len(r.combos[0])] = r.combos[0]
            mask, weight = mask | int(r.masks[0]), weight * float(r.weights[0])
        return cards, np.array([mask], np.uint64), np.array([weight])

    def deal_chunks(self) -> list[tuple[np.ndarray, ...]] | Lazy | None:
        """The deals of hole cards (`deals`) as chunks that fit the outcome counters, split on
        the first player's hands and made one at a time (a lazy list); None if the other
        players' deals alone do not fit."""
        limit = min(MAX_DEALS, MAX_OUTCOME_CELLS // self.bins())
        whole = self.deals(limit)
        if whole is not None:
            return [whole]
        rest = math.prod(len(r) for r in self.ranges[1:])
        if rest > limit:
            return None
        step = max(1, limit // rest)
        return Lazy(
            [slice(i, i + step) for i in range(0, len(self.ranges[0]), step)],
            lambda part: self.deals(limit, part),
        )

    def work(self, chunks: list[tuple[np.ndarray, ...]] | Lazy) -> int:
        """Player-hand evaluations of exact enumeration: exact for one chunk of deals, else at
        most every deal of the ranges (collisions included) times the boards."""
        deals = len(chunks[0][1]) if isinstance(chunks, list) else math.prod(len(r) for r in self.ranges)
        if self.boards_in_classes:
            return deals * self.classes_per_deal() * len(self.ranges)
        n_boards = math.comb(len(self.live) - int(self.hole_sizes.sum()), 5 - len(self.board))
        return deals * n_boards * self.evaluations_per_board()

    def classes_per_deal(self) -> int:
        """The work of counting one deal's boards in classes (`kernels.boards`) per player, in
        evaluations of the same time: about ten per rank multiset of the missing cards
        (measured: 0.4 ms for heads-up preflop, its 6,188 multisets and flush boards)."""
        missing = 5 - len(self.board)
        return 10 * math.comb(13 + missing - 1, missing)

    def bins(self) -> int:
        """A row of outcome counters (`counters.bins`) of one deal."""
        return bins(len(self.ranges), self.split, self.categories, len(self.nested))

    def evaluations_per_board(self) -> int:
        per_hand = 2 if self.split else 1
        players = [*range(len(self.ranges)), *(p for m in self.nested.tolist() for p in range(m))]
        if self.omaha:  # the nested pots' players are evaluated again
            return per_hand * sum(OMAHA_COMBOS[int(self.hole_sizes[p])] for p in players)
        return per_hand * len(players)

    def tables(self) -> tuple[Tables, Tables]:
        """The kernel tables: (high, low); low = high when the pot is not split."""
        high = self.game.tables
        return high, self.low_game.tables if self.low_game else high


class Lazy:
    """A list made one item at a time: `make(part)` for each of `parts`."""

    def __init__(self, parts: list[slice], make: Callable[[slice], tuple[np.ndarray, ...] | None]) -> None:
        self.parts, self.make = parts, make

    def __len__(self) -> int:
        return len(self.parts)

    def __iter__(self) -> Iterator[tuple[np.ndarray, ...] | None]:
        return (self.make(part) for part in self.parts)


@dataclass(frozen=True)
class Hand:
    """Hands of any size (Omaha, or a hold'em hand with a joker), each with a weight (equally
    likely when none are given): shaped like a range."""

    combos: np.ndarray  # (hands, hole cards)
    given_weights: np.ndarray | None = None  # (hands,), relative

    @property
    def weights(self) -> np.ndarray:
        return np.ones(len(self.combos)) if self.given_weights is None else self.given_weights

    @cached_property
    def masks(self) -> np.ndarray:  # once: a "random6" range has 20 M hands
        return combo_masks(self.combos)

    def __len__(self) -> int:
        return len(self.combos)
