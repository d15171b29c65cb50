"""Numba kernels of Badugi: the strength of four cards, of the best four of five, and batches.

A Badugi game's value of four cards depends on their ranks and on which of them share a suit,
so it is one read of the game's `BadugiTables.values` (`pokerlut.build.badugi`): the cards are
sorted (five compare-exchanges), their rank multiset numbered by `rank_place` and their suits'
pattern by `suit_pattern` (`encoding.badugi_slot` says it in Python). Five cards (Badacey,
Badeucy) are the best of their five fours.

The functions for other numba code (the draw games' equity calls them), stable:

- ``badugi4(t, a, b, c, d)``: the strength of four card ints, in any order;
- ``badugi5(t, a, b, c, d, e)``: the strength of the best four of five card ints;
- ``badugi_strength(t, cards)``: the same of a 1-D array (or tuple) of 4 or 5 card ints; 0 for
  another count.

`t` is `pokerlut._tables.load_badugi(game)`; the result is the game's strength (uint16, 1 the
worst hand .. 1,092 the best, higher wins). Nothing is checked: the cards must be distinct
cards 0..51 (a card of any uint8 value reads inside the tables, for a meaningless result). LLVM
inlines them into their callers (`core.LLVM_INLINE`: numba's own `inline="always"` took 5x the
compile time, for the same speed); compile the callers with `_nrt=False` (`core.KERNEL`,
`core.NOGIL_KERNEL`) so that reading the tables from the namedtuple in a loop costs nothing.

>>> import numpy as np
>>> from pokerlut._tables import load_badugi
>>> t = load_badugi("badugi")
>>> int(_one(t, np.array([0, 5, 10, 51], np.uint8)))  # 2c 3d 4h As: the best badugi
1092
>>> int(_one(t, np.array([44, 45, 46, 47, 0], np.uint8)))  # Kc Kd Kh Ks 2c: a two-card hand, K-2
24
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numba
import numpy as np
from numba import prange

from .table_types import BadugiTables
from .core import KERNEL, LLVM_INLINE, bit_count, njit
from .encoding import BADUGI_PATTERNS

if TYPE_CHECKING:
    from numba.core.dispatcher import Dispatcher

PATTERNS = len(BADUGI_PATTERNS)  # 15 set partitions of four cards' suits: a constant here


@njit(inline="always")
def _exchange(a: Any, b: Any) -> tuple[Any, Any]:
    return min(a, b), max(a, b)


@njit(**LLVM_INLINE)
def _sorted4(t: BadugiTables, a: Any, b: Any, c: Any, d: Any) -> Any:
    """The strength of four cards a <= b <= c <= d (int64 card ints; the table's uint16)."""
    sa, sb, sc, sd = a & 3, b & 3, c & 3, d & 3
    bits = (
        np.int64(sa == sb)
        | (np.int64(sa == sc) << 1)
        | (np.int64(sa == sd) << 2)
        | (np.int64(sb == sc) << 3)
        | (np.int64(sb == sd) << 4)
        | (np.int64(sc == sd) << 5)
    )
    rank_set = (
        np.int64(t.rank_place[0, a >> 2])
        + np.int64(t.rank_place[1, b >> 2])
        + np.int64(t.rank_place[2, c >> 2])
        + np.int64(t.rank_place[3, d >> 2])
    )
    return t.values[rank_set * PATTERNS + np.int64(t.suit_pattern[bits])]


@njit(**LLVM_INLINE)
def badugi4(t: BadugiTables, a: Any, b: Any, c: Any, d: Any) -> Any:
    """The strength of four cards (card ints 0..51, distinct, in any order) in the Badugi game
    whose tables are `t` (uint16)."""
    a, b = _exchange(np.int64(a), np.int64(b))
    c, d = _exchange(np.int64(c), np.int64(d))
    a, c = _exchange(a, c)
    b, d = _exchange(b, d)
    b, c = _exchange(b, c)
    return _sorted4(t, a, b, c, d)


@njit(**LLVM_INLINE)
def badugi5(t: BadugiTables, a: Any, b: Any, c: Any, d: Any, e: Any) -> Any:
    """The strength of the best four of five cards (card ints 0..51, distinct, in any order) in
    the Badugi game whose tables are `t` (uint16): sorted once, then each four read."""
    a, b = _exchange(np.int64(a), np.int64(b))
    d, e = _exchange(np.int64(d), np.int64(e))
    c, e = _exchange(np.int64(c), e)
    c, d = _exchange(c, d)
    b, e = _exchange(b, e)
    a, d = _exchange(a, d)
    a, c = _exchange(a, c)
    b, d = _exchange(b, d)
    b, c = _exchange(b, c)
    return max(
        max(_sorted4(t, b, c, d, e), _sorted4(t, a, c, d, e)),
        max(_sorted4(t, a, b, d, e), max(_sorted4(t, a, b, c, e), _sorted4(t, a, b, c, d))),
    )


@njit(**LLVM_INLINE)
def badugi_strength(t: BadugiTables, cards: Any) -> Any:
    """The strength of a hand of 4 or 5 cards (a 1-D array or tuple of card ints, distinct,
    0..51) in the Badugi game whose tables are `t`; 0 for another number of cards (int64)."""
    n = len(cards)
    # read by a loop: a tuple's length is known when typing, and cards[4] of four cards (in a
    # branch never taken) would not type
    c0 = c1 = c2 = c3 = c4 = np.int64(0)
    for j in range(min(n, 5)):
        card = np.int64(cards[j])
        if j == 0:
            c0 = card
        elif j == 1:
            c1 = card
        elif j == 2:
            c2 = card
        elif j == 3:
            c3 = card
        else:
            c4 = card
    if n == 4:
        return np.int64(badugi4(t, c0, c1, c2, c3))
    if n == 5:
        return np.int64(badugi5(t, c0, c1, c2, c3, c4))
    return np.int64(0)


@njit(inline="always")
def checked_badugi(t: BadugiTables, cards: Any) -> Any:
    """`badugi_strength`, or 0 when the cards are not 4 or 5 distinct cards 0..51 (int64)."""
    n = len(cards)
    seen = np.uint64(0)
    valid = n == 4 or n == 5
    for j in range(n):
        card = np.int64(cards[j])
        valid &= (card >= 0) & (card < 52)
        seen |= np.uint64(1) << np.uint64(card & 63)
    if not valid or bit_count(seen) != n:
        return np.int64(0)
    return badugi_strength(t, cards)


@njit(cache=True, _nrt=False)
def _one(t: BadugiTables, cards: np.ndarray) -> Any:
    """`badugi_strength` called from Python (the doctests)."""
    return badugi_strength(t, cards)


@njit(inline="always")
def _row(t: BadugiTables, hands: np.ndarray, i: int, width: int) -> Any:
    if width == 4:
        return badugi4(t, hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3])
    return badugi5(t, hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4])


@njit(inline="always")
def _bad_row(hands: np.ndarray, i: int, width: int) -> bool:
    """Whether row i holds a card outside 0..51 or a card twice."""
    seen = np.uint64(0)
    outside = False
    for j in range(width):
        card = hands[i, j]
        outside |= card >= 52
        seen |= np.uint64(1) << np.uint64(card & 63)
    return outside or bit_count(seen) != width


@functools.cache
def rows_kernel(
    width: int, check: bool
) -> Dispatcher[Callable[[BadugiTables, np.ndarray, np.ndarray, np.ndarray], None]]:
    """The batch kernel for rows of `width` (4 or 5) cards, with or without the checks (closure
    constants: numba caches each version keyed on them), made on first use.

    `kernel(t, hands, out, first_bad)`: out[i] = the strength of row i; with `check`, a row
    holding a card outside the deck or a card twice lowers first_bad[thread] to its index."""

    @njit(**KERNEL)
    def rows(t: BadugiTables, hands: np.ndarray, out: np.ndarray, first_bad: np.ndarray) -> None:
        for i in prange(hands.shape[0]):
            out[i] = _row(t, hands, i, width)
            if check and _bad_row(hands, i, width):
                tid = numba.get_thread_id()
                first_bad[tid] = min(first_bad[tid], i)

    return rows


def evaluate_rows(
    t: BadugiTables, hands: np.ndarray, out: np.ndarray, first_bad: np.ndarray, check: bool
) -> None:
    """out[i] = the strength of row i of C-contiguous uint8 `hands` (4 or 5 cards a row) by
    `rows_kernel` (`first_bad` as it says)."""
    rows_kernel(hands.shape[1], check)(t, hands, out, first_bad)


@njit(_nrt=False)
def _count_pair(t: BadugiTables, n_cards: int, c0: Any, c1: Any, row: np.ndarray) -> None:
    """row[s] += the hands of 4 or 5 cards of strength s whose two lowest cards are c0 < c1."""
    for c2 in range(c1 + 1, 52):
        for c3 in range(c2 + 1, 52):
            if n_cards == 4:
                row[_sorted4(t, np.int64(c0), np.int64(c1), np.int64(c2), np.int64(c3))] += 1
                continue
            for c4 in range(c3 + 1, 52):
                row[badugi5(t, c0, c1, c2, c3, c4)] += 1


@njit(**KERNEL)
def count_strengths(t: BadugiTables, n_cards: int, pairs: np.ndarray, counts: np.ndarray) -> None:
    """counts[thread, s] += the number of hands of `n_cards` (4 or 5) cards of the 52 of
    strength s whose two lowest cards are a row of `pairs` (every hand when `pairs` holds all
    pairs of cards)."""
    for p in prange(pairs.shape[0]):
        _count_pair(t, n_cards, pairs[p, 0], pairs[p, 1], counts[numba.get_thread_id()])


@njit(_nrt=False)
def _pair_in_order(t: BadugiTables, n_cards: int, c0: Any, c1: Any, pos: Any, out: np.ndarray) -> None:
    """out[pos:] = the strengths of the hands whose two lowest cards are c0 < c1, in order."""
    for c2 in range(c1 + 1, 52):
        for c3 in range(c2 + 1, 52):
            if n_cards == 4:
                out[pos] = _sorted4(t, np.int64(c0), np.int64(c1), np.int64(c2), np.int64(c3))
                pos += 1
                continue
            for c4 in range(c3 + 1, 52):
                out[pos] = badugi5(t, c0, c1, c2, c3, c4)
                pos += 1


@njit(**KERNEL)
def strengths_in_order(
    t: BadugiTables, n_cards: int, pairs: np.ndarray, starts: np.ndarray, out: np.ndarray
) -> None:
    """out[starts[p]:] = the strengths of the `n_cards`-card hands whose two lowest cards are
    pairs[p], in increasing order of their cards (as itertools.combinations lists them)."""
    for p in prange(pairs.shape[0]):
        _pair_in_order(t, n_cards, pairs[p, 0], pairs[p, 1], starts[p], out)
