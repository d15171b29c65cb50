"""`equity()`: who wins how often, exactly or by Monte Carlo, in hold'em, short deck and
Omaha, high or hi-lo (split pots)."""

from __future__ import annotations

import functools
import itertools
import math
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numba
import numpy as np

from .. import tables
from ..cards import CardsLike, format_card, format_cards, parse_cards
from ..kernels import boards
from ..kernels.equity import (ENUMERATE_BOARDS, POT, SPLIT_FIELDS, Draws, Spot, alias_table,
                              combo_hands, simulate_kernel, stud_enumerate, stud_simulate,
                              weighted_totals)
from ..parallel import balanced_order, parallel_section
from ..rules import rules
from ..stats import deck_of
from .ranges import Range, combo_masks, parse_range



@dataclass(frozen=True)
class Deal:
    """An equity game: how the cards are dealt, and the rules (`pokerlut.games()`) of the
    hands: the high (or only) hand, and the low half of a split pot."""

    name: str
    holes: tuple[int, ...]  # hole cards per player (stud: the cards known so far)
    omaha: bool  # a hand is exactly two hole cards and three board cards
    high: str
    low: str | None = None
    stud: bool = False  # no board: every player gets his own cards up to seven


DEALS = {d.name: d for d in (
    Deal("holdem", (2,), False, "high"),
    Deal("short-deck", (2,), False, "short-deck"),
    Deal("short-deck-trips", (2,), False, "short-deck-trips"),
    Deal("omaha", (4, 5, 6), True, "high"),
    Deal("omaha-hi-lo", (4, 5, 6), True, "high", "eight-or-better"),
    Deal("stud", (2, 3, 4, 5, 6, 7), False, "high", stud=True),
    Deal("razz", (2, 3, 4, 5, 6, 7), False, "ace-to-five", stud=True),
    Deal("stud-hi-lo", (2, 3, 4, 5, 6, 7), False, "high", "eight-or-better", stud=True),
)}
GAMES = tuple(DEALS)
EXACT_BUDGET = 300_000_000  # player-hand evaluations that exact=None may enumerate (~1 s)
EXACT_LIMIT = 10 * EXACT_BUDGET  # the most that exact=True enumerates (~10 s)
MAX_DEALS = 2_000_000  # hole-card deals that exact enumeration will list
MAX_OUTCOME_CELLS = 1 << 22  # deals x 2**players counters per thread (32 MB) in enumeration
DEFAULT_TRIALS = 1_000_000
MAX_TRIALS = 10**13
BLOCK_TRIALS = 16_384  # Monte Carlo trials per random stream
CALL_WORK = 10_000_000  # evaluations per kernel call (~0.1 s): progress and Ctrl-C between calls
OMAHA_COMBOS = {4: 60, 5: 100, 6: 150}  # two of the hole cards x three of five board cards


@dataclass(frozen=True)
class PlayerEquity:
    hand: str  # as the player was given
    win: float  # share of boards (or trials) where the player takes the whole pot (a scoop)
    tie: float  # share of boards where the player takes part of the pot
    equity: float  # share of the pot: wins plus split pots counted fractionally
    stderr: float  # standard error of equity (0 when exact)
    high: float | None = None  # split games: the share of the pot won with the high hand
    low: float | None = None  # split games: the share of the pot won with the low hand


@dataclass(frozen=True)
class EquityResult:
    players: tuple[PlayerEquity, ...]
    game: str
    board: str
    dead: str
    exact: bool
    boards: int  # boards enumerated (over every deal) or trials simulated
    elapsed: float  # seconds
    seed: int | None = None  # Monte Carlo: the seed that reproduces this run
    partial: bool = False  # interrupted: the figures cover only the work done

    def __repr__(self) -> str:
        how = "exact" if self.exact else f"Monte Carlo, seed {self.seed}"
        took = f"{self.elapsed * 1e3:.3g} ms" if self.elapsed < 1 else f"{self.elapsed:.3f} s"
        head = (f"EquityResult({self.game}, board {self.board or '-'}, {how}, "
                f"{self.boards:,} {'boards' if self.exact else 'trials'}, {took}"
                + (", PARTIAL" if self.partial else "") + ")")
        split = self.players[0].high is not None
        rows = [f"  {p.hand:<20} equity {p.equity:8.4%}  "
                + (f"high {p.high:8.4%}  low {p.low:8.4%}  scoop {p.win:8.4%}" if split
                   else f"win {p.win:8.4%}  tie {p.tie:8.4%}")
                + ("" if self.exact else f"  ± {p.stderr:.4%}") for p in self.players]
        return "\n".join([head, *rows])

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return asdict(self)


def _has_joker(text: str) -> bool:
    """Whether a player's text is cards with a joker among them (not a range)."""
    try:
        return any(c >= 52 for c in parse_cards(text, jokers=True).tolist())
    except ValueError:
        return False


def _text(cards: np.ndarray) -> str:
    """The text of cards already parsed (`format_cards` would parse them again: 10 us of a
    0.4 ms exact heads-up call)."""
    return " ".join(format_card(card) for card in cards.tolist())


def _cards(cards: CardsLike, jokers: bool = False) -> np.ndarray:
    """Parsed cards; an empty or blank string is no cards."""
    if isinstance(cards, str) and not cards.strip():
        return np.zeros(0, np.uint8)
    return parse_cards(cards, jokers=jokers)


class _Setup:
    """Parsed and checked input: the players' possible hole cards, board, dead and live cards."""

    def __init__(self, players: Sequence[str], board: str, dead: str, game: str,
                 wild: str | None = None, deck: int | None = None) -> None:
        if not isinstance(game, str) or game not in DEALS:
            raise ValueError(f"unknown game {game!r}: choose from {', '.join(GAMES)}")
        if isinstance(players, str) or not 2 <= len(players) <= 10:
            raise ValueError("give 2 to 10 players, as a list of hands or ranges")
        self.game = DEALS[game]
        self.omaha, self.split = self.game.omaha, self.game.low is not None
        if wild is not None and game != "holdem":
            raise ValueError(f"wild cards are offered in hold'em deals, not in {game}")
        self.rules = rules(self.game.high, wild)
        self.low_rules = rules(self.game.low) if self.game.low else None
        self.deck = deck_of(self.rules, deck)
        self.jokers = wild is not None
        # hold'em without wild cards: boards are counted in classes (`kernels.boards`)
        self.boards_in_classes = not self.omaha and not self.split and wild is None
        self.board, self.dead = _cards(board, self.jokers), _cards(dead, self.jokers)
        for name, cards in (("the board", self.board), ("dead cards", self.dead)):
            outside = [c for c in cards.tolist() if c not in self.deck]
            if outside:
                raise ValueError(f"card {format_cards(outside[:1])} in {name} is not in the "
                                 f"{len(self.deck)}-card deck")
        if len(self.board) > 5:
            raise ValueError(f"a board has 0 to 5 cards, not {len(self.board)}")
        self._no_repeats([("the board", self.board), ("dead cards", self.dead)])
        known = np.concatenate([self.board, self.dead])
        self.known_mask = np.uint64(sum(1 << int(c) for c in known))
        self.ranges = [self._player(i, p, known) for i, p in enumerate(players)]
        specific = [(f"player {i + 1}", r.combos[0]) for i, r in enumerate(self.ranges) if len(r) == 1]
        self._no_repeats([("the board", self.board), ("dead cards", self.dead), *specific])
        self.hole_sizes = np.array([r.combos.shape[1] for r in self.ranges], dtype=np.int64)
        known_bits = (self.known_mask >> self.deck.astype(np.uint64)) & 1
        self.live = self.deck[known_bits == 0].astype(np.uint8)
        needed = int(self.hole_sizes.sum()) + 5 - len(self.board)
        if needed > len(self.live):
            raise ValueError(f"{len(players)} players need {needed} more cards; "
                             f"only {len(self.live)} are left in the deck")
        self.labels = [str(p) for p in players]

    @staticmethod
    def _no_repeats(groups: list[tuple[str, np.ndarray]]) -> None:
        owner: dict[int, str] = {}
        for name, cards in groups:
            for card in cards.tolist():
                if card in owner:
                    where = "twice in " + name if owner[card] == name else f"in {owner[card]} and {name}"
                    raise ValueError(f"card {format_cards([card])} is {where}")
                owner[card] = name

    def _player(self, i: int, text: str, known: np.ndarray) -> Range | _Hand:
        if not isinstance(text, str):
            raise TypeError(f"player {i + 1}: a hand or range is a str, not {type(text).__name__}")
        if self.omaha:
            return self._omaha_player(i, text, known)
        if self.jokers and _has_joker(text):
            hole = parse_cards(text, jokers=True)
            if len(hole) != 2 or not set(hole.tolist()) <= set(self.deck.tolist()):
                raise ValueError(f"player {i + 1}: a hold'em hand with a joker is two cards of "
                                 f"the {len(self.deck)}-card deck: {text!r}")
            return _Hand(np.sort(hole)[None, :])
        rng = parse_range(text)
        if len(self.deck) < 52:  # short deck: "random" is the deck's hands, others must fit
            if text.strip().lower() in ("random", "any"):
                rng = rng.remove(np.setdiff1d(np.arange(52), self.deck))
            self._in_deck(i, rng.combos.reshape(-1), f"range {text!r} holds")
        if len(rng) == 1:  # a specific hand: a clash with known cards is an error, named later
            return rng
        live = rng._without(int(self.known_mask))
        if len(live) == 0:
            raise ValueError(f"player {i + 1}: range {text!r} is empty once the board and dead "
                             "cards are removed")
        return live

    def _omaha_player(self, i: int, text: str, known: np.ndarray) -> _Hand:
        """An Omaha player: a hand, hands separated by commas (equally likely), or "random"
        (every four-card hand of the live cards; "random5", "random6" for five or six)."""
        token = text.strip().lower()
        if token in ("random", "random4", "random5", "random6"):
            size = int(token[6:] or 4)
            live = sorted(set(self.deck.tolist()) - set(known.tolist()))
            return _Hand(np.array(list(itertools.combinations(live, size)), dtype=np.uint8))
        hands: list[np.ndarray] = []
        for part in text.split(","):
            try:
                hole = parse_cards(part)
            except ValueError as error:
                raise ValueError(f"player {i + 1}: {error}") from None
            if len(hole) not in OMAHA_COMBOS or (hands and len(hole) != len(hands[0])):
                raise ValueError(f"player {i + 1}: Omaha hands have 4, 5 or 6 cards, not "
                                 f"{len(hole)}: {part.strip()!r} (several hands: all of one size)")
            self._in_deck(i, hole)
            hands.append(np.sort(hole))
        combos = np.unique(np.array(hands, dtype=np.uint8), axis=0)
        if len(combos) > 1:  # a range: the hands holding a known card are not dealt
            combos = combos[~np.isin(combos, known).any(axis=1)]
            if len(combos) == 0:
                raise ValueError(f"player {i + 1}: every hand of {text!r} holds a board or "
                                 "dead card")
        return _Hand(combos)

    def _in_deck(self, i: int, cards: np.ndarray, what: str = "card") -> None:
        outside = cards[~np.isin(cards, self.deck)]
        if len(outside):
            raise ValueError(f"player {i + 1}: {what} {format_cards(outside[:1])}, not in the "
                             f"{self.game.name} deck ({self.rules.deck_text})")

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
            cards[0, i, :len(r.combos[0])] = r.combos[0]
            mask, weight = mask | int(r.masks[0]), weight * float(r.weights[0])
        return cards, np.array([mask], np.uint64), np.array([weight])

    def deal_chunks(self) -> list[tuple[np.ndarray, ...]] | _Lazy | None:
        """The deals of hole cards (`deals`) as chunks that fit the outcome counters, split on
        the first player's hands and made one at a time (a lazy list); None if the other
        players' deals alone do not fit."""
        limit = min(MAX_DEALS, MAX_OUTCOME_CELLS // _bins(len(self.ranges), self.split))
        whole = self.deals(limit)
        if whole is not None:
            return [whole]
        rest = math.prod(len(r) for r in self.ranges[1:])
        if rest > limit:
            return None
        step = max(1, limit // rest)
        return _Lazy([slice(i, i + step) for i in range(0, len(self.ranges[0]), step)],
                     lambda part: self.deals(limit, part))

    def work(self, chunks: list[tuple[np.ndarray, ...]] | _Lazy) -> int:
        """Player-hand evaluations of exact enumeration: exact for one chunk of deals, else at
        most every deal of the ranges (collisions included) times the boards."""
        deals = (len(chunks[0][1]) if isinstance(chunks, list)
                 else math.prod(len(r) for r in self.ranges))
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

    def evaluations_per_board(self) -> int:
        per_hand = (2 if self.split else 1)
        if self.omaha:
            return per_hand * sum(OMAHA_COMBOS[int(h)] for h in self.hole_sizes)
        return per_hand * len(self.ranges)

    def tables(self) -> tuple[tables.Tables, tables.Tables]:
        """The kernel tables: (high, low); low = high when the pot is not split."""
        high = tables.load(self.rules.name)
        return high, tables.load(self.low_rules.name) if self.low_rules else high


class _Lazy:
    """A list made one item at a time: `make(part)` for each of `parts`."""

    def __init__(self, parts: list[slice],
                 make: Callable[[slice], tuple[np.ndarray, ...] | None]) -> None:
        self.parts, self.make = parts, make

    def __len__(self) -> int:
        return len(self.parts)

    def __iter__(self) -> Iterator[tuple[np.ndarray, ...] | None]:
        return (self.make(part) for part in self.parts)


@dataclass(frozen=True)
class _Hand:
    """Hands of any size (Omaha, or a hold'em hand with a joker), equally likely: shaped like
    a range."""

    combos: np.ndarray  # (hands, hole cards)

    @property
    def weights(self) -> np.ndarray:
        return np.ones(len(self.combos))

    @property
    def masks(self) -> np.ndarray:
        return combo_masks(self.combos)

    def __len__(self) -> int:
        return len(self.combos)


def _counters(n_players: int, split: bool) -> int:
    """Outcome counters per showdown: one per winner bitmask, or for a split pot the
    showdowns and SPLIT_FIELDS per player (`kernels.equity._add_split`)."""
    return 1 + SPLIT_FIELDS * n_players if split else 2**n_players


def _bins(n_players: int, split: bool) -> int:
    """A row of outcome counters: `_counters`, at least 16 (128 bytes) so that two threads
    never write into one cache line."""
    return max(_counters(n_players, split), 16)


def _scratch(setup: _Setup) -> tuple[np.ndarray, ...]:
    """Per-thread working rows (board cards, hole hand states, hole cards), each at least 128
    bytes so that two threads never write into one cache line."""
    n_threads: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
    n_players = len(setup.ranges)
    return (np.zeros((n_threads, 128), np.uint8),
            np.zeros((n_threads, max(n_players, 8), 2), np.uint64),
            np.zeros((n_threads, n_players, 64), np.uint8))


def _per_player(outcomes: np.ndarray, n_players: int, split: bool) -> tuple[Any, ...]:
    """From the mean outcome counters per showdown: per player, the win share, tie share,
    mean equity, mean squared equity, and in a split game the high and the low shares.
    Without a split the counters are a histogram over winner bitmasks (summing to 1)."""
    if split:
        fields = outcomes[1:1 + SPLIT_FIELDS * n_players].reshape(SPLIT_FIELDS, n_players)
        units, squares, high, low, scoops, shares = fields
        return scoops, shares - scoops, units / POT, squares / POT**2, high / POT, low / POT
    win, tie, eq, eq_squared = (outcomes @ _shares(len(outcomes), n_players)).reshape(4, -1)
    return win, tie, eq, eq_squared, None, None


@functools.lru_cache
def _shares(n_bins: int, n_players: int) -> np.ndarray:
    """(bins, 4 x players): what a showdown won by the winners' bitmask (bin) gives each
    player, as a win (alone), a tie (shared), an equity share and its square."""
    members = (np.arange(n_bins)[:, None] >> np.arange(n_players)) & 1
    n_winners = np.maximum(members.sum(axis=1), 1)[:, None]
    shares = np.stack([members * (n_winners == 1), members * (n_winners > 1),
                       members / n_winners, members / n_winners**2], axis=1).astype(np.float64)
    shares = shares.reshape(n_bins, 4 * n_players)
    shares.setflags(write=False)
    return shares


def _exact(setup: _Setup, chunks: list[tuple[np.ndarray, ...]] | _Lazy,
           progress: Callable[[float], None] | None) -> tuple[np.ndarray, int, bool]:
    """Outcome counters per showdown (a histogram over winner bitmasks, or the split-pot
    counters), showdowns seen, and whether partial: every board of every deal, chunk by
    chunk (`_Setup.deal_chunks`), each deal weighted by its hands' weights."""
    weighted: Any  # 0.0, then the array of weighted outcome counters (once seen > 0)
    weighted, weight_seen, seen, partial = 0.0, 0.0, 0, False
    try:
        for k, deals in enumerate(chunks):
            assert deals is not None  # a chunk of the first player's hands always fits
            if len(deals[1]):
                done = (lambda f, k=k: progress((k + f) / len(chunks))) if progress else None
                part = _exact_chunk(setup, deals, done)
                weighted, weight_seen = weighted + part[0], weight_seen + part[1]
                seen += part[2]
                if part[3]:
                    raise KeyboardInterrupt
    except KeyboardInterrupt:
        if seen == 0:  # nothing to report: the interrupt goes on
            raise
        partial = True
    if seen == 0:
        raise ValueError("the players' ranges cannot be dealt without sharing a card")
    return weighted / (weight_seen if weight_seen > 0 else 1.0), seen, partial


def _exact_chunk(setup: _Setup, deals: tuple[np.ndarray, ...],
                 progress: Callable[[float], None] | None) -> tuple[np.ndarray, float, int, bool]:
    """One chunk of deals: the weighted sum of outcome counters, the weighted showdowns, the
    showdowns, and whether it was interrupted."""
    cards, masks, weights = deals
    threads: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
    counts = np.zeros((threads, len(masks), _bins(len(setup.ranges), setup.split)), np.int64)
    board = np.zeros(5, dtype=np.uint8)
    board[:len(setup.board)] = setup.board
    calls = (_counting_calls if setup.boards_in_classes else _dealing_calls)(
        setup, cards, masks, board, counts)
    done = 0
    try:
        for call in calls:
            call()
            done += 1
            if progress:
                progress(done / len(calls))
    except KeyboardInterrupt:
        pass
    n_counters = _counters(len(setup.ranges), setup.split)
    weighted, total = np.zeros(n_counters), np.zeros(n_counters, np.int64)
    weighted_totals(counts[:, :, :n_counters], weights, weighted, total)
    showdowns = slice(0, 1) if setup.split else slice(0, n_counters)
    return (weighted, float(weighted[showdowns].sum()), int(total[showdowns].sum()),
            bool(done < len(calls)))


def _dealing_calls(setup: _Setup, cards: np.ndarray, masks: np.ndarray, board: np.ndarray,
                   counts: np.ndarray) -> list[Callable[[], None]]:
    """Kernel calls of about CALL_WORK evaluations that deal every board of every deal one by
    one (`ENUMERATE_BOARDS`): work items are a deal and the first one or two new board cards."""
    n_board, missing = len(setup.board), 5 - len(setup.board)
    m = len(setup.live)
    prefix_len = max(missing - 3, min(missing, 1 if len(masks) >= 64 else 2))
    prefixes = np.full((1, 2), -1, dtype=np.int64)
    if prefix_len == 1:
        prefixes = np.stack([np.arange(m), np.full(m, -1)], axis=1)
    elif prefix_len == 2:
        prefixes = np.stack(np.triu_indices(m, 1), axis=1)
    holes_total = int(setup.hole_sizes.sum())
    boards_per_deal = math.comb(m - holes_total, missing)
    # boards under each prefix: the later cards are chosen after its last card
    later = m - 1 - prefixes.max(axis=1)
    work = np.array([math.comb(n, missing - prefix_len) for n in range(m + 1)])[later]
    by_work = np.argsort(-work, kind="stable")  # a call's items have about the same work ...
    prefixes, work = prefixes[by_work], work[by_work]
    threads = numba.get_num_threads()
    n_items = len(masks) * len(prefixes)
    work_per_item = max(1, boards_per_deal * setup.evaluations_per_board() // len(prefixes))
    per_call = max(1, CALL_WORK // work_per_item)
    scratch = _scratch(setup)
    spot = Spot(setup.live, board, n_board, setup.hole_sizes)
    kernel = ENUMERATE_BOARDS[setup.split, setup.omaha]

    def call(start: int) -> Callable[[], None]:
        q = np.arange(start, min(n_items, start + per_call))
        q = q[balanced_order(work[q % len(prefixes)], threads)]  # ... split evenly among threads
        items = np.ascontiguousarray(np.column_stack([q // len(prefixes), prefixes[q % len(prefixes)]]))
        return lambda: kernel(*setup.tables(), spot, cards, masks, items, counts, scratch)

    return [call(start) for start in range(0, n_items, per_call)]


def _counting_calls(setup: _Setup, cards: np.ndarray, masks: np.ndarray, board: np.ndarray,
                    counts: np.ndarray) -> list[Callable[[], None]]:
    """Kernel calls of about CALL_WORK evaluations that count the boards of every deal in
    classes (`kernels.boards.count_boards`). A work item is a deal; with few deals, each of
    its parts is an item, in `balanced_order` (numba's static split of them measured faster
    than chunks of one)."""
    threads = numba.get_num_threads()
    deals = np.ascontiguousarray(cards[:, :, :2])
    scratch = boards.scratch_rows(numba.config.NUMBA_NUM_THREADS,  # type: ignore[attr-defined]
                                  counts.shape[2])
    table = setup.tables()[0]
    if len(masks) < 8 * threads:
        items = _part_items(len(masks), threads).copy()  # writable: the kernel's signature
    else:
        items = np.zeros((len(masks), 3), np.int64)
        items[:, 0], items[:, 2] = np.arange(len(masks)), boards.PARTS
    per_deal = setup.classes_per_deal() * len(setup.ranges)
    per_call = max(1, CALL_WORK * len(items) // (per_deal * len(masks)))

    def call(start: int) -> Callable[[], None]:
        part = np.ascontiguousarray(items[start:start + per_call])

        return lambda: boards.count_boards(table, setup.live, board, len(setup.board), deals,
                                           masks, part, counts, scratch)

    return [call(start) for start in range(0, len(items), per_call)]


@functools.lru_cache(maxsize=64)
def _part_items(n_deals: int, threads: int) -> np.ndarray:
    """`_counting_calls`'s work items for a few deals (read-only): each part of each deal,
    (deal, part, part + 1), in `balanced_order`."""
    d, part = np.divmod(np.arange(n_deals * boards.PARTS), boards.PARTS)
    items: np.ndarray = np.column_stack([d, part, part + 1])[
        balanced_order(np.ones(len(d)), threads)]
    items.setflags(write=False)
    return items


def _draws(setup: _Setup) -> Draws:
    """The players' hands for Monte Carlo (`kernels.equity.Draws`): the players with more than
    one hand in groups (`_groups`), each group's deals that share no card with each other or
    with a player's only hand, and their alias tables by the product of the hands' weights."""
    ranges = setup.ranges
    width = int(setup.hole_sizes.max())
    combos = np.zeros((len(ranges), max(map(len, ranges)), width), dtype=np.uint8)
    for p, r in enumerate(ranges):
        combos[p, : len(r), : r.combos.shape[1]] = r.combos
    fixed = int(setup.known_mask)
    for r in ranges:
        fixed |= int(r.masks[0]) if len(r) == 1 else 0
    groups = _groups([len(r) for r in ranges])
    joint = [_joint_deals([ranges[p] for p in members], np.uint64(fixed)) for members in groups]
    n_deals = max([len(masks) for _, masks, _ in joint], default=1)
    hands = combo_hands(setup.tables()[0], combos, setup.hole_sizes)
    members = np.zeros((len(groups), max(map(len, groups), default=1)), dtype=np.int64)
    deals = np.zeros((len(groups), n_deals, members.shape[1]), dtype=np.int32)
    deal_masks = np.zeros((len(groups), n_deals), dtype=np.uint64)
    group_hands = np.zeros((len(groups), n_deals, members.shape[1], 2), dtype=np.uint64)
    keep, other = np.ones((len(groups), n_deals)), np.zeros((len(groups), n_deals), np.int64)
    # one group of a few deals (at most GROUP_DEALS): each deal's row of every player's hand
    rows = len(groups) == 1 and n_deals <= GROUP_DEALS
    deal_hands = np.zeros((int(rows), n_deals if rows else 0, len(ranges), 2), dtype=np.uint64)
    deal_hands[:] = hands[:, 0]  # the players with one hand (the members' are set below)
    for g, (players, (picks, masks, weights)) in enumerate(zip(groups, joint)):
        if len(masks) == 0:
            raise ValueError("the players' ranges cannot be dealt without sharing a card "
                             f"(players {', '.join(str(p + 1) for p in players)})")
        members[g, : len(players)] = players
        deals[g, : len(masks), : len(players)] = picks
        deal_masks[g, : len(masks)] = masks
        keep[g, : len(masks)], other[g, : len(masks)] = alias_table(weights)
        for j, p in enumerate(players):
            group_hands[g, : len(masks), j] = hands[p, picks[:, j]]
            if rows:  # the same hand states, in player p's column
                deal_hands[g, : len(masks), p] = group_hands[g, : len(masks), j]
    # alias thresholds on a 32-bit uniform: u32 < ceil(p * 2**32) iff u32 / 2**32 < p
    thresholds = np.ceil(keep * 2.0**32).astype(np.uint64)
    return Draws(np.uint64(fixed), combos, hands, members,
                 np.array(list(map(len, groups)), dtype=np.int64), deals, deal_masks, group_hands,
                 deal_hands,
                 np.array([len(masks) for _, masks, _ in joint], dtype=np.int64), thresholds,
                 other)


GROUP_DEALS = 1 << 14  # the most deals a group of players (`_groups`) may have before filtering


def _groups(sizes: list[int]) -> list[list[int]]:
    """The players with more than one hand (sizes[p] hands), smallest ranges first, in groups
    of as many as keep the product of their sizes within GROUP_DEALS: a group is dealt by one
    draw from its collision-free deals (no retries, one random number), groups by rejection.

    >>> _groups([6, 6, 1, 34, 1326])
    [[0, 1, 3], [4]]
    """
    groups: list[list[int]] = []
    product = GROUP_DEALS + 1
    for p in sorted((p for p, n in enumerate(sizes) if n > 1), key=lambda p: sizes[p]):
        if product * sizes[p] > GROUP_DEALS:
            groups.append([])
            product = 1
        groups[-1].append(p)
        product *= sizes[p]
    return groups


def _joint_deals(ranges: list[Range | _Hand], fixed: np.uint64
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every deal of one hand to each of `ranges` in which no two hands, and no hand and the
    cards `fixed`, share a card: (hand index per range (deals, players), card masks, weights:
    the product of the hands' weights)."""
    hands = np.zeros((1, 0), dtype=np.int64)
    masks, weights = np.zeros(1, dtype=np.uint64), np.ones(1)
    for r in ranges:
        free = (r.masks & fixed) == 0
        old, new = np.nonzero(((masks[:, None] & r.masks[None, :]) == 0) & free[None, :])
        hands = np.column_stack([hands[old], new])
        masks, weights = masks[old] | r.masks[new], weights[old] * r.weights[new]
    return hands, masks, weights


def _simulate(setup: _Setup, trials: int, seed: int,
              progress: Callable[[float], None] | None) -> tuple[np.ndarray, int, bool]:
    """Outcome shares (a histogram over winner bitmasks), trials run, and whether partial."""
    board = np.zeros(5, dtype=np.uint8)
    board[: len(setup.board)] = setup.board
    scratch = _scratch(setup)
    spot = Spot(setup.live, board, len(setup.board), setup.hole_sizes)
    draws = _draws(setup)
    kernel = simulate_kernel(setup.split, setup.omaha, len(setup.ranges))

    def run(start: int, block_trials: np.ndarray, counts: np.ndarray) -> None:
        failed = np.zeros(len(counts), dtype=np.bool_)
        kernel(*setup.tables(), spot, draws, np.uint64(seed), start, block_trials, counts,
               failed, scratch)
        if failed.any():
            raise ValueError("the players' ranges could not be dealt without sharing a card "
                             "(10,000 tries in a row failed)")

    return _in_blocks(trials, _bins(len(setup.ranges), setup.split),
                      setup.evaluations_per_board(), run, progress)


def _in_blocks(trials: int, bins: int, evaluations: int,
               run: Callable[[int, np.ndarray, np.ndarray], None],
               progress: Callable[[float], None] | None) -> tuple[np.ndarray, int, bool]:
    """Monte Carlo in blocks of BLOCK_TRIALS trials (the last one shorter), each with its own
    random stream: `run(first_block, block_trials, counts)` fills counts[block] for a slice of
    blocks of about CALL_WORK evaluations. Ctrl-C and progress are seen between slices.
    Returns the outcome counters per trial, the trials run, and whether partial."""
    n_blocks = -(-trials // BLOCK_TRIALS)
    per_call = max(numba.get_num_threads(), CALL_WORK // (BLOCK_TRIALS * evaluations))
    outcomes = np.zeros(bins, dtype=np.int64)
    done = 0
    try:
        for start in range(0, n_blocks, per_call):
            stop = min(n_blocks, start + per_call)
            counts = np.zeros((stop - start, bins), dtype=np.int64)
            run(start, np.minimum(BLOCK_TRIALS, trials - BLOCK_TRIALS * np.arange(start, stop)),
                counts)
            outcomes += counts.sum(axis=0)
            done = min(trials, stop * BLOCK_TRIALS)
            if progress:
                progress(done / trials)
    except KeyboardInterrupt:
        pass
    return outcomes / max(done, 1), done, done < trials


class _Stud:
    """Stud input, parsed and checked: each player's known cards (2 to 7, up and down) and the
    live cards the rest are dealt from."""

    def __init__(self, players: Sequence[str], board: str, dead: str, game: str) -> None:
        if isinstance(players, str) or not 2 <= len(players) <= 8:
            raise ValueError("give 2 to 8 stud players, each as his known cards")
        if isinstance(board, str) and board.strip():
            raise ValueError(f"{game} has no board: give each player's known cards, and the "
                             "folded players' up-cards as dead")
        self.game = DEALS[game]
        self.split = self.game.low is not None
        self.rules = rules(self.game.high)
        self.low_rules = rules(self.game.low) if self.game.low else None
        self.dead = _cards(dead)
        self.holes: list[np.ndarray] = []
        for i, text in enumerate(players):
            if not isinstance(text, str):
                raise TypeError(f"player {i + 1}: a stud hand is a str of cards, not "
                                f"{type(text).__name__}")
            try:
                hole = parse_cards(text)
            except ValueError as error:
                raise ValueError(f"player {i + 1}: {error}") from None
            if not 2 <= len(hole) <= 7:
                raise ValueError(f"player {i + 1}: a stud hand has 2 to 7 known cards, not "
                                 f"{len(hole)}")
            self.holes.append(hole)
        _Setup._no_repeats([("dead cards", self.dead), *(
            (f"player {i + 1}", h) for i, h in enumerate(self.holes))])
        known = {int(c) for c in np.concatenate([self.dead, *self.holes])}
        self.live = np.array([c for c in range(52) if c not in known], dtype=np.uint8)
        self.missing = np.array([7 - len(h) for h in self.holes], dtype=np.int64)
        if self.missing.sum() > len(self.live):
            raise ValueError(f"{len(players)} stud players need {int(self.missing.sum())} more "
                             f"cards; only {len(self.live)} are left in the deck (the usual "
                             "shared last card is not dealt here)")
        t = tables.load(self.rules.name)  # each player's hand state (`core.hand_add`), by numpy:
        self.known = np.array([(t.card_key[hole].sum(dtype=np.uint64),  # no numba call here
                                np.bitwise_or.reduce(t.card_bit[hole])) for hole in self.holes],
                              dtype=np.uint64)
        self.labels = [str(p) for p in players]

    def tables(self) -> tuple[tables.Tables, tables.Tables, bool]:
        """(high, low, split) for the stud kernels; low = high when the pot is not split."""
        high = tables.load(self.rules.name)
        return high, tables.load(self.low_rules.name) if self.low_rules else high, self.split

    def showdowns(self) -> int:
        """Distinct deals of the missing cards."""
        left, total = len(self.live), 1
        for m in self.missing.tolist():
            total *= math.comb(left, m)
            left -= m
        return total

    def exact(self, progress: Callable[[float], None] | None) -> tuple[np.ndarray, int, bool]:
        n = len(self.holes)
        combos = list(itertools.combinations(range(len(self.live)), int(self.missing[0])))
        first = np.array(combos, dtype=np.int64).reshape(len(combos), int(self.missing[0]))
        first = np.ascontiguousarray(
            first[balanced_order(np.ones(len(first)), numba.get_num_threads())])
        threads: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
        counts = np.zeros((threads, _bins(n, self.split)), dtype=np.int64)
        scratch = (np.zeros((threads, n, 8), np.int64),
                   np.zeros((threads, max(n, 8), 2), np.uint64))
        per_call = max(1, len(first) * CALL_WORK // max(1, self.showdowns() * n))
        done = 0
        try:
            for start in range(0, len(first), per_call):
                stud_enumerate(*self.tables(), self.live, self.known, self.missing,
                               first[start:start + per_call], counts, *scratch)
                done = min(len(first), start + per_call)
                if progress:
                    progress(done / len(first))
        except KeyboardInterrupt:
            pass
        total = counts.sum(axis=0)
        seen = int(total[0] if self.split else total[: 2**n].sum())
        return total / max(seen, 1), seen, done < len(first)

    def simulate(self, trials: int, seed: int,
                 progress: Callable[[float], None] | None) -> tuple[np.ndarray, int, bool]:
        n = len(self.holes)
        threads: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
        scratch = (np.zeros((threads, 64), np.uint8), np.zeros((threads, max(n, 8), 2), np.uint64))

        def run(start: int, block_trials: np.ndarray, counts: np.ndarray) -> None:
            stud_simulate(*self.tables(), np.uint64(seed), start, block_trials, self.live,
                          self.known, self.missing, counts, *scratch)

        return _in_blocks(trials, _bins(n, self.split), n, run, progress)


def equity(players: Sequence[str], board: str = "", dead: str = "", *, game: str = "holdem",
           wild: str | None = None, deck: int | None = None,
           exact: bool | None = None, trials: int | None = None, seed: int | None = None,
           threads: int | None = None,
           progress: Callable[[float], None] | None = None) -> EquityResult:
    """Each player's chance to win, tie, and share of the pot.

    game: "holdem", "short-deck" (36 cards; "short-deck-trips": three of a kind beats a
    straight), "omaha" or "omaha-hi-lo" (split pots: each player's `high` and `low` shares of
    the pot, `win` the scoops; quartered halves are counted exactly; with no qualifying low the
    high takes the whole pot).
    players: hold'em hands ("AsAh") or ranges ("QQ+,AKs", "random", "15%", "AKs:0.5",
    "0.5(AKs)", "80%(A8s+)"); Omaha hands of 4 to 6 cards, several separated by commas, or
    "random" ("random5", "random6"); stud: each player's 2 to 7 known cards. board: 0 to 5
    cards. dead: cards out of play. wild: hold'em
    with wild cards ("jokers", "bug", "deuces"), in a deck of 53 or 54 cards (`deck`; 52 too
    for deuces); a player may then hold a joker ("AsJk"); ranges are of natural cards.
    exact=None enumerates every deal and board when that is at most EXACT_BUDGET player-hand
    evaluations and `trials` is not given, else simulates `trials` (default 1,000,000) deals;
    exact=True always enumerates, exact=False always simulates. A Monte Carlo run is the same
    for the same seed whatever the thread count. Ctrl-C returns the work done so far, marked
    partial. `progress`, if given, is called with the fraction done after each slice of work.

    >>> r = equity(["AsAh", "KsKh"], board="2c 7d 9h Tc")
    >>> r.exact, r.boards, round(r.players[0].equity, 4)
    (True, 44, 0.9545)
    >>> r = equity(["Ah 4h Qd Jc", "Ad 4c Qs Jh", "Kd Kh 9c 9d"], "2c 3d 8h Kc Ks", game="omaha-hi-lo")
    >>> [(p.equity, p.high, p.low) for p in r.players]  # two lows share half the pot: quartered
    [(0.25, 0.0, 0.25), (0.25, 0.0, 0.25), (0.5, 0.5, 0.0)]
    >>> r = equity(["AsAh", "KsJk"], board="Kd 7c 2h 3s", wild="jokers", deck=54)
    >>> r.boards, round(r.players[1].equity, 4)   # the joker makes three kings; AsAh needs an ace
    (46, 0.9565)
    """
    if isinstance(game, str) and game in DEALS and DEALS[game].stud:
        if wild is not None or deck is not None:
            raise ValueError(f"wild cards and other decks are offered in hold'em, not in {game}")
        setup: _Setup | _Stud = _Stud(players, board, dead, game)
    else:
        setup = _Setup(players, board, dead, game, wild, deck)
    if trials is not None and (type(trials) is not int or not 1 <= trials <= MAX_TRIALS):
        raise ValueError(f"trials must be an int 1 .. {MAX_TRIALS:.0e}, not {trials!r}")
    if exact is not None and type(exact) is not bool:
        raise TypeError(f"exact must be True, False or None, not {exact!r}")
    if seed is not None and (type(seed) is not int or not 0 <= seed < 2**63):
        raise ValueError(f"seed must be an int 0 .. 2**63-1, not {seed!r}")
    start = time.perf_counter()
    work: float  # player-hand evaluations; inf: the deals do not even fit in chunks
    if isinstance(setup, _Stud):
        n_players = len(setup.holes)
        work = setup.showdowns() * n_players * (2 if setup.split else 1)
        if exact and work > EXACT_LIMIT:
            raise ValueError(f"too many stud deals to enumerate: {setup.showdowns():,} "
                             f"showdowns ({work:,} evaluations, the limit is "
                             f"{EXACT_LIMIT:,}); simulate instead")
        enumerate_all = bool(exact) or (exact is None and trials is None and work <= EXACT_BUDGET)
    else:
        n_players = len(setup.ranges)
        chunks = None
        if exact is not False and (exact or trials is None):
            chunks = setup.deal_chunks()
            work = math.inf if chunks is None else setup.work(chunks)
            if exact and work > EXACT_LIMIT:
                raise ValueError(f"too much work to enumerate: {work:,} player-hand evaluations "
                                 f"(the limit is {EXACT_LIMIT:,}); simulate instead")
            if not exact and work > EXACT_BUDGET:
                chunks = None
        enumerate_all = chunks is not None
    used_seed = None
    with parallel_section(threads):
        if enumerate_all:  # then chunks is set, which mypy cannot tell from the flag
            outcomes, n, partial = (setup.exact(progress) if isinstance(setup, _Stud)
                                    else _exact(setup, chunks, progress))  # type: ignore[arg-type]
        else:
            used_seed = seed if seed is not None else int.from_bytes(os.urandom(8), "little") >> 1
            outcomes, n, partial = (
                setup.simulate(trials or DEFAULT_TRIALS, used_seed, progress)
                if isinstance(setup, _Stud)
                else _simulate(setup, trials or DEFAULT_TRIALS, used_seed, progress))
    win, tie, eq, eq_squared, high, low = _per_player(outcomes, n_players, setup.split)
    stderr = np.zeros_like(eq) if enumerate_all else np.sqrt(
        np.maximum(eq_squared - eq**2, 0) / max(n - 1, 1))
    result = [PlayerEquity(label, float(win[p]), float(tie[p]), float(eq[p]), float(stderr[p]),
                           *((float(high[p]), float(low[p])) if setup.split else ()))
              for p, label in enumerate(setup.labels)]
    board_text = "" if isinstance(setup, _Stud) else _text(setup.board)
    return EquityResult(tuple(result), game, board_text, _text(setup.dead),
                        exact=enumerate_all, boards=int(n), elapsed=time.perf_counter() - start,
                        seed=used_seed, partial=partial)
