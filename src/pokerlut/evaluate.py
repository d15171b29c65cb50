"""Public wrappers: validate at the boundary, then hand the work to the kernels."""

from __future__ import annotations

from typing import Any

import numba
import numpy as np
import numpy.typing as npt
from numba import njit

from . import tables
from .cards import CardsLike, format_card, parse_cards
from .kernels.batch import evaluate_rows, evaluate_rows_checked
from .kernels.core import hand_add, hand_empty, hand_strength
from .names import Category, describe_class
from .parallel import parallel_section

HAND_SIZES = (5, 6, 7)
CHUNK_ROWS = 1 << 23  # rows per kernel call: about 10 ms of work
_CARD_OF = {format_card(c): c for c in range(52)}  # "As" -> 51, for the fast text path


@njit(inline="always")
def _checked_strength(t, cards):
    """Strength of a tuple of 5..7 card ints, or 0 if one is out of range or repeats."""
    seen = np.uint64(0)
    hand = hand_empty()
    for card in cards:
        if card < 0 or card > 51 or seen >> np.uint64(card) & np.uint64(1):
            return 0
        seen |= np.uint64(1) << np.uint64(card)
        hand = hand_add(t, hand, card)
    return hand_strength(t, hand)


_by_size: dict = {}  # hand size -> single-hand kernel, made on first use


def _single_hand():
    """Kernels for one hand of 5, 6 or 7 int arguments (a fixed count dispatches faster than
    *args), with the tables frozen in: numba caches them keyed on the tables' contents."""
    if not _by_size:
        t = tables.load()

        @njit(cache=True, _nrt=False)
        def five(a, b, c, d, e):
            return _checked_strength(t, (a, b, c, d, e))

        @njit(cache=True, _nrt=False)
        def six(a, b, c, d, e, f):
            return _checked_strength(t, (a, b, c, d, e, f))

        @njit(cache=True, _nrt=False)
        def seven(a, b, c, d, e, f, g):
            return _checked_strength(t, (a, b, c, d, e, f, g))

        _by_size.update({5: five, 6: six, 7: seven})
    return _by_size


def _hand(cards: CardsLike) -> npt.NDArray[np.uint8]:
    """Parse one hand and check it has 5, 6 or 7 cards."""
    hand = parse_cards(cards)
    if len(hand) not in HAND_SIZES:
        raise ValueError(f"a hand has 5, 6 or 7 cards, not {len(hand)}")
    return hand


def evaluate(cards: CardsLike) -> int:
    """Strength of the best five of 5, 6 or 7 cards: 1 (7-5-4-3-2) .. 7462 (royal flush).

    >>> evaluate("As Ks Qs Js Ts")
    7462
    >>> evaluate([0, 5, 9, 13, 20])  # 2c 3d 4d 5d 7c
    1
    """
    hand = cards
    if type(hand) is str:  # fast path for canonical text: "As Ks Qs Js Ts"
        try:
            hand = [_CARD_OF[text] for text in hand.split()]
        except KeyError:
            hand = None
    elif type(hand) is np.ndarray and hand.ndim == 1 and hand.dtype.kind in "iu":
        hand = hand.tolist()  # plain ints, checked below
    if (type(hand) is list or type(hand) is tuple) and 4 < len(hand) < 8:
        for card in hand:
            if type(card) is not int or not 0 <= card <= 51:  # no bools, floats or overflow
                break
        else:
            strength = (_by_size or _single_hand())[len(hand)](*hand)
            if strength:
                return strength
    checked = _hand(cards)  # raises on bad input
    return int(_single_hand()[len(checked)](*checked.tolist()))


def _as_batch(hands: Any) -> np.ndarray:
    """Check a batch's type, shape and values; return it as C-contiguous uint8 (one copy at
    most, only when the input is not already that)."""
    if isinstance(hands, np.ma.MaskedArray):
        raise TypeError("hands must be a plain array, not a masked array")
    hands = np.asarray(hands)
    if hands.dtype.kind not in "iu":
        raise TypeError(f"hands must be an integer array of card ints, not {hands.dtype}")
    if hands.ndim != 2 or hands.shape[1] not in HAND_SIZES:
        raise ValueError(f"hands must have shape (n, 5|6|7), not {hands.shape}")
    if hands.dtype != np.uint8:
        bad = (hands < 0) | (hands > 51)
        if bad.any():
            row, col = np.argwhere(bad)[0]
            raise ValueError(f"row {row}: card {hands[row, col]} at position {col} "
                             "is out of range 0..51")
        hands = hands.astype(np.uint8)
    return np.ascontiguousarray(hands)


def _explain_row(hands: np.ndarray, row: int) -> str:
    cards = hands[row].tolist()
    for col, card in enumerate(cards):
        if card > 51:
            return f"row {row}: card {card} at position {col} is out of range 0..51"
        if card in cards[:col]:
            return f"row {row}: duplicate card {format_card(card)!r} at position {col}"
    raise AssertionError(f"row {row} was flagged but is valid")  # pragma: no cover


def evaluate_batch(hands: Any, *, validate: bool = True, threads: int | None = None) -> np.ndarray:
    """Strengths (uint16) of every row of an (n, 5|6|7) array of card ints, on all cores.

    Input that is not C-contiguous uint8 is converted once. The range and duplicate checks
    run in the same pass as the evaluation; `validate=False` skips them, for input known to be
    valid: a bad row then gets a meaningless strength (never a read outside the tables).
    `threads` limits the numba threads for this call.

    >>> evaluate_batch(np.array([[51, 47, 43, 39, 35], [0, 5, 9, 13, 20]], dtype=np.uint8))
    array([7462,    1], dtype=uint16)
    """
    hands = _as_batch(hands)
    out = np.empty(len(hands), dtype=np.uint16)
    t = tables.load()
    first_bad = np.full(numba.config.NUMBA_NUM_THREADS, CHUNK_ROWS, dtype=np.int64)
    with parallel_section(threads):
        for start in range(0, len(hands), CHUNK_ROWS):  # Ctrl-C is seen between chunks
            part = slice(start, start + CHUNK_ROWS)
            kernel = evaluate_rows_checked if validate else evaluate_rows
            kernel(t, hands[part], out[part], first_bad)
            if first_bad.min() < CHUNK_ROWS:
                raise ValueError(_explain_row(hands, start + int(first_bad.min())))
    return out


def _strength(strength: Any) -> int:
    if isinstance(strength, (bool, np.bool_)) or not isinstance(strength, (int, np.integer)):
        raise TypeError(f"a strength is an int, not {type(strength).__name__}")
    if not 1 <= strength <= 7462:
        raise ValueError(f"strength {strength} is out of range 1..7462")
    return int(strength)


def category(strength: int) -> Category:
    """The category of a strength.

    >>> category(7462)
    <Category.STRAIGHT_FLUSH: 8>
    """
    return Category(int(tables.classes()[_strength(strength), 0]))


def describe(hand_or_strength: CardsLike | int) -> str:
    """Words for a hand or a strength.

    >>> describe("Kh Kd 6s 6c Kc")
    'Full house, kings over sixes'
    >>> describe(7462)
    'Royal flush'
    """
    if isinstance(hand_or_strength, (int, np.integer)) and not isinstance(hand_or_strength, bool):
        strength = _strength(hand_or_strength)
    else:
        strength = evaluate(hand_or_strength)
    row = tables.classes()[strength]
    return describe_class(Category(int(row[0])), row[1:].tolist())


def compare(a: CardsLike, b: CardsLike) -> int:
    """1 if hand a beats hand b, -1 if it loses, 0 for a split pot.

    >>> compare("6h 5d 4c 3s 2h", "5h 4d 3c 2s Ah")  # six-high straight beats the wheel
    1
    """
    sa, sb = evaluate(a), evaluate(b)
    return (sa > sb) - (sa < sb)


def best_five(cards: CardsLike) -> np.ndarray:
    """The five of 5..7 cards that make the hand (uint8, in the order of the input).

    Found from the strength's ranks, not by trying subsets. Where several choices tie, the
    earlier cards in the input are taken.

    >>> from pokerlut import format_cards
    >>> format_cards(best_five("2c As Kd Ks 7h Ah Ac"))
    'As Kd Ks Ah Ac'
    """
    hand = _hand(cards)
    row = tables.classes()[evaluate(hand.tolist())]
    cat, ranks = Category(int(row[0])), row[1:]
    pool = hand
    if cat in (Category.FLUSH, Category.STRAIGHT_FLUSH):
        suit = np.bincount(hand & 3, minlength=4).argmax()
        pool = hand[(hand & 3) == suit]
    chosen: list[int] = []
    for rank in ranks.tolist():
        chosen.append(next(c for c in pool.tolist() if c >> 2 == rank and c not in chosen))
    return hand[np.isin(hand, chosen)]
