"""`hand_on_board`: what a hand holds on a flop or a turn in the words players use (a set, top
pair, a flush draw, a gutshot), as docs/made-hands.md defines them; and the classification of
every hand of a range at once that `breakdown` counts."""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._cards import CardsLike, format_cards, parse_cards
from .._docs import shared_parameters
from .._evaluate import evaluate_batch
from .._names import Category
from .._equity.deal import Deal, board_deal, card_text, no_repeats
from .._text import category_batch
from ..rules import Rules
from .common import combo_text
from .made_kernel import FIELDS, classify

__all__ = [
    "BOARD_MADE",
    "DRAWS",
    "FLUSH_DRAWS",
    "STRAIGHT_DRAWS",
    "GameView",
    "HandOnBoard",
    "board_made",
    "classify_hands",
    "game_view",
    "hand_on_board",
    "hold_tables",
    "on_board",
]

C = Category
STEP_ONE = (C.STRAIGHT_FLUSH, C.FOUR_OF_A_KIND, C.FULL_HOUSE, C.FLUSH, C.STRAIGHT)
STEP_ONE_NAMES = {
    C.STRAIGHT_FLUSH: "straight flush",
    C.FOUR_OF_A_KIND: "four of a kind",
    C.FULL_HOUSE: "full house",
    C.FLUSH: "flush",
    C.STRAIGHT: "straight",
}
# the made hands after step 1's five, best first (made_kernel.SET .. NO_MADE_HAND)
MADE_TAIL = (
    "set",
    "trips",
    "two pair",
    "overpair",
    "top pair",
    "pocket pair below top pair",
    "middle pair",
    "weak pair",
    "ace high",
    "no made hand",
)
#: The board's own hand, by its ranks alone.
BOARD_MADE = ("four of a kind", "three of a kind", "two pair", "pair", "nothing")
#: `HandOnBoard.flush_draw` by the kernel's code.
FLUSH_DRAWS = ("", "one card", "two cards")
#: `HandOnBoard.straight_draw` by the kernel's code.
STRAIGHT_DRAWS = ("", "gutshot", "open-ended", "double gutter", "wrap")
#: The names `HandOnBoard.draws` gives, in its order.
DRAWS = (
    "flush draw",
    "nut flush draw",
    "wrap",
    "open-ended",
    "double gutter",
    "gutshot",
    "backdoor flush draw",
    "backdoor straight draw",
    "overcards",
)


@dataclass(frozen=True, eq=False)
class GameView:
    """A deal as the made-hand kernel reads it: its high hand's rules, Omaha or not, the
    made hands in the game's order (best first), each category's place in that order, the
    made hand of step 1's categories, the straights' rank masks and the deck's ranks."""

    deal: Deal
    rules: Rules
    omaha: bool
    made: tuple[str, ...]
    order: np.ndarray
    step1: np.ndarray
    windows: np.ndarray
    deck_ranks: int

    @property
    def hole_sizes(self) -> tuple[int, ...]:
        return self.deal.holes


@functools.lru_cache(maxsize=None)
def _view(deal: Deal) -> GameView:
    game = deal.high.rules
    first = [c for c in reversed(game.order) if c in STEP_ONE]  # best first, as the game orders
    made = (*(STEP_ONE_NAMES[c] for c in first), *MADE_TAIL)
    order = np.full(10, 99, np.int64)
    for place, c in enumerate(game.order):
        order[int(c)] = place
    step1 = np.full(10, -1, np.int64)
    for index, c in enumerate(first):
        step1[int(c)] = index
    sequence = sorted(game.ranks, key=game.value)
    if game.ace == "both":
        sequence = [12, *sequence]  # the ace below the lowest rank too: A-2-3-4-5, A-6-7-8-9
    windows = [sum(1 << r for r in sequence[s : s + 5]) for s in range(len(sequence) - 4)]
    return GameView(
        deal,
        game,
        deal.omaha,
        made,
        order,
        step1,
        np.array(windows if game.straights else [], np.int64),
        sum(1 << r for r in game.ranks),
    )


def game_view(deal: Deal) -> GameView:
    """The `GameView` of a board deal (`deal.board_deal`): of its high hand in a hi-lo deal."""
    return _view(deal)


def hold_tables(view: GameView, board: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(52, 52) tables, symmetric, of every hold's strength and `Category` with `board`: in
    hold'em the best five of the two cards and the board, in Omaha of the two cards and three
    of the board. One batch of the deck's pairs (1,176 on a flop)."""
    live = np.setdiff1d(view.rules.deck, board).astype(np.uint8)
    a, b = np.triu_indices(len(live), 1)
    pairs = np.stack([live[a], live[b]], axis=1)
    name = view.rules.name
    # one thread: a thousand rows take microseconds, and waking numba's thread pool on a busy
    # machine took 20 ms (measured, two cores shared: 0.8 ms for the whole breakdown on one)
    if view.omaha:
        strengths = np.zeros(len(pairs), np.uint16)
        for three in itertools.combinations(board.tolist(), 3):
            rows = np.concatenate(
                [pairs, np.broadcast_to(np.array(three, np.uint8), (len(pairs), 3))], axis=1
            )
            strengths = np.maximum(strengths, evaluate_batch(rows, game=name, validate=False, threads=1))
    else:
        rows = np.concatenate([pairs, np.broadcast_to(board, (len(pairs), len(board)))], axis=1)
        strengths = evaluate_batch(rows, game=name, validate=False, threads=1)
    categories = category_batch(strengths, game=name)
    strength = np.zeros((52, 52), np.uint16)
    category = np.zeros((52, 52), np.int8)
    for x, y in ((pairs[:, 0], pairs[:, 1]), (pairs[:, 1], pairs[:, 0])):
        strength[x, y] = strengths
        category[x, y] = categories
    return strength, category


def classify_hands(view: GameView, holes: np.ndarray, board: np.ndarray) -> np.ndarray:
    """Every hand's made hand and draws: (n, len(FIELDS)) int16, a row per row of `holes`
    ((n, k) uint8, checked: cards of the deck, none on the board), the columns
    `made_kernel.FIELDS`."""
    strength, category = hold_tables(view, board)
    out = np.zeros((len(holes), len(FIELDS)), np.int16)
    classify(
        np.ascontiguousarray(holes, dtype=np.uint8),
        np.ascontiguousarray(board, dtype=np.uint8),
        strength,
        category,
        view.order,
        view.step1,
        view.windows,
        view.deck_ranks,
        view.omaha,
        out,
    )
    return out


def board_made(board: np.ndarray) -> str:
    """The board's own hand by its ranks alone (`BOARD_MADE`)."""
    counts = sorted(np.bincount(board.astype(np.int64) >> 2, minlength=13).tolist(), reverse=True)
    if counts[0] == 4:
        return "four of a kind"
    if counts[0] == 3:
        return "three of a kind"
    if counts[0] == 2:
        return "two pair" if counts[1] == 2 else "pair"
    return "nothing"


@dataclass(frozen=True)
class HandOnBoard:
    """What `pokerlut.hand_on_board` returns: a hand's made hand and draws on a flop or a turn,
    as docs/made-hands.md defines them.

    Attributes
    ----------
    hand, board : str
        The hand ("AhKh", the highest card first) and the board, as cards.
    deal : str
        The deal: "holdem", "short-deck", "short-deck-trips", "omaha" or "omaha-hi-lo" (its
        high hand).
    category : Category
        The hand's showdown category in the game (Omaha: two cards of the hand, three of the
        board).
    made : str
        The made hand: "straight flush", "four of a kind", "full house", "flush",
        "straight", "set", "trips", "two pair", "overpair", "top pair", "pocket pair below
        top pair", "middle pair", "weak pair", "ace high" or "no made hand".
    board_made : str
        The board's own hand by its ranks: "four of a kind", "three of a kind", "two pair",
        "pair" or "nothing".
    flush_draw : str
        "" (none), "one card" or "two cards": how many of the hand's cards the flush draw
        uses (Omaha: always two).
    nut_flush_draw : bool
        A flush draw holding the highest card of its suit that is not on the board.
    straight_draw : str
        "" (none), "gutshot", "open-ended", "double gutter" or "wrap".
    straight_outs : int
        The unseen cards (not in the hand, not on the board) that make a straight with the
        hand; 0 when the hand is a straight or better.
    backdoor_flush_draw, backdoor_straight_draw : bool
        Two more cards of a suit, or two of other ranks, make a flush or a straight (the
        flop only).
    overcards : bool
        Ace high or no made hand, with two cards of different ranks above the board's top
        rank.

    `draws` names the draws in a fixed order; ``repr`` is one line, ``str`` reads as a
    sentence; `to_dict` gives plain data.

    >>> import pokerlut
    >>> h = pokerlut.hand_on_board("AhKh", "Qh 7h 2c")
    >>> h.made, h.flush_draw, h.draws
    ('ace high', 'two cards', ('flush draw', 'nut flush draw', 'backdoor straight draw', 'overcards'))
    >>> print(h)
    AhKh on Qh 7h 2c: ace high (high card); flush draw (two cards), nut flush draw, backdoor straight draw, overcards
    """

    hand: str
    board: str
    deal: str
    category: Category
    made: str
    board_made: str
    flush_draw: str
    nut_flush_draw: bool
    straight_draw: str
    straight_outs: int
    backdoor_flush_draw: bool
    backdoor_straight_draw: bool
    overcards: bool

    @property
    def draws(self) -> tuple[str, ...]:
        """The draws that apply, in this order: "flush draw", "nut flush draw", the straight
        draw ("wrap", "open-ended", "double gutter" or "gutshot"), "backdoor flush draw",
        "backdoor straight draw", "overcards"."""
        has = {
            "flush draw": bool(self.flush_draw),
            "nut flush draw": self.nut_flush_draw,
            self.straight_draw: bool(self.straight_draw),
            "backdoor flush draw": self.backdoor_flush_draw,
            "backdoor straight draw": self.backdoor_straight_draw,
            "overcards": self.overcards,
        }
        return tuple(name for name in DRAWS if has.get(name, False))

    def _draw_words(self) -> str:
        words = []
        for name in self.draws:
            if name == "flush draw":
                name += f" ({self.flush_draw})"
            elif name == self.straight_draw:
                name += f" ({self.straight_outs} outs)"
            words.append(name)
        return ", ".join(words) or "no draw"

    def __str__(self) -> str:
        board = "" if self.board_made == "nothing" else f" on a board with {self.board_made}"
        return (
            f"{self.hand} on {self.board}: {self.made} ({self.category.name.lower().replace('_', ' ')})"
            f"{board}; {self._draw_words()}"
        )

    def __repr__(self) -> str:
        return (
            f"HandOnBoard({self.deal}, {self.hand} on {self.board}: {self.made}, board {self.board_made}; "
            f"{self._draw_words()})"
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: every attribute (the category by name) and the draws."""
        return {
            "hand": self.hand,
            "board": self.board,
            "deal": self.deal,
            "category": self.category.name,
            "made": self.made,
            "board_made": self.board_made,
            "flush_draw": self.flush_draw,
            "nut_flush_draw": self.nut_flush_draw,
            "straight_draw": self.straight_draw,
            "straight_outs": self.straight_outs,
            "backdoor_flush_draw": self.backdoor_flush_draw,
            "backdoor_straight_draw": self.backdoor_straight_draw,
            "overcards": self.overcards,
            "draws": list(self.draws),
        }


def on_board(view: GameView, row: np.ndarray, hole: np.ndarray, board: np.ndarray) -> HandOnBoard:
    """The `HandOnBoard` of one row of `classify_hands`."""
    return HandOnBoard(
        hand=combo_text(hole),
        board=card_text(board),
        deal=view.deal.name,
        category=Category(int(row[0])),
        made=view.made[row[1]],
        board_made=board_made(board),
        flush_draw=FLUSH_DRAWS[row[2]],
        nut_flush_draw=bool(row[3]),
        straight_draw=STRAIGHT_DRAWS[row[4]],
        straight_outs=int(row[5]),
        backdoor_flush_draw=bool(row[6]),
        backdoor_straight_draw=bool(row[7]),
        overcards=bool(row[8]),
    )


def _cards(cards: CardsLike, what: str) -> np.ndarray:
    try:
        return parse_cards(cards)
    except (TypeError, ValueError) as error:
        raise type(error)(f"{what}: {error}") from None


@shared_parameters
def hand_on_board(hand: CardsLike, board: CardsLike, *, deal: str = "holdem") -> HandOnBoard:
    """A hand's made hand and draws on a flop or a turn, in the words players use.

    The definitions are those of docs/made-hands.md (after Flopzilla's): the made hand
    ("top pair", "overpair", "set", ...), the board's own hand, the flush draw and whether it
    is the nut flush draw, the straight draw ("gutshot", "open-ended", "double gutter",
    "wrap") and its straight outs, the backdoor draws and overcards. Dead cards and other
    players' hands change none of these.

    Parameters
    ----------
    hand : cards
        Two cards in hold'em and short deck; four, five or six in Omaha.
    {board_flop_or_turn}
    deal : str, default "holdem"
        "holdem", "short-deck", "short-deck-trips", "omaha", or "omaha-hi-lo" (its high
        hand: the made hands and draws are the same as in "omaha").

    Returns
    -------
    HandOnBoard
        The category, made hand, board's own hand and draws; `draws` names them.

    Raises
    ------
    TypeError
        Cards or a deal of the wrong type.
    ValueError
        A board of other than 3 or 4 cards; a hand of the wrong size for the deal; a bad
        card, a card outside the deal's deck, a card in both the hand and the board (each
        named); an unknown or stud deal.

    Examples
    --------
    >>> hand_on_board("9c8c", "7d 6s 2h").draws
    ('open-ended', 'overcards')
    >>> hand_on_board("9c8c", "7d 6s 2h").straight_outs
    8
    >>> h = hand_on_board("Ks7c", "Kd Kh 5s")
    >>> h.made, h.category, h.board_made
    ('trips', <Category.THREE_OF_A_KIND: 3>, 'pair')
    >>> hand_on_board("QsJsTs9d", "8h 7c 2s", deal="omaha")
    HandOnBoard(omaha, QsJsTs9d on 8h 7c 2s: no made hand, board nothing; wrap (13 outs), backdoor flush draw, overcards)
    >>> hand_on_board("AsKs", "Qs Js Ts 9s 8s")
    Traceback (most recent call last):
    ...
    ValueError: hand_on_board: the board has 3 or 4 cards (the flop or the turn), not 5
    """
    view = game_view(board_deal(deal, "hand_on_board"))
    hole, cards = _cards(hand, "hand"), _cards(board, "board")
    if len(cards) not in (3, 4):
        raise ValueError(
            f"hand_on_board: the board has 3 or 4 cards (the flop or the turn), not {len(cards)}"
        )
    sizes = view.hole_sizes
    if len(hole) not in sizes:
        allowed = " or ".join(map(str, sizes)) if len(sizes) < 3 else f"{sizes[0]}, {sizes[1]} or {sizes[2]}"
        raise ValueError(f"hand_on_board: a hand has {allowed} cards in {deal}, not {len(hole)}")
    deck = set(view.rules.deck.tolist())
    for what, group in (("the hand", hole), ("the board", cards)):
        outside = [c for c in group.tolist() if c not in deck]
        if outside:
            raise ValueError(
                f"card {format_cards(outside[:1])} in {what} is not in the {deal} deck ({view.rules.deck_text})"
            )
    no_repeats([("the hand", hole), ("the board", cards)])
    row = classify_hands(view, hole[None, :], cards)[0]
    return on_board(view, row, hole, cards)
