"""Batch kernels over (n, width) uint8 card arrays, parallel over rows."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numba
import numpy as np
from numba import prange
from numba.extending import overload

from ..tables import INVALID_BITS as _INVALID
from ..tables import Tables
from .core import KERNEL, bit_count, eval5, hand_add, hand_empty, hand_strength, njit
from .simd import AVAILABLE as SIMD
from .simd import LANES, block_strengths, handles

if TYPE_CHECKING:
    from numba.core.dispatcher import Dispatcher

INVALID_BITS = np.uint64(_INVALID)  # set in the key of any hand holding a card not in the deck


@njit(inline="always")
def _row(t: Tables, hands: np.ndarray, i: int, width: int, out: np.ndarray, check: bool) -> bool:
    """out[i] = the strength of row i; `width` is a literal at every call so the loop unrolls.

    With `check`, returns whether the row holds a card outside the game's deck (marked in the
    key by the card arrays) or a repeated card (the OR of the cards' bits then has fewer than
    `width` bits set; one popcount, 25 % faster than comparing it with their sum). Every uint8
    card value reads inside the tables, checked or not.
    """
    hand = hand_empty()
    for j in range(width):
        hand = hand_add(t, hand, hands[i, j])
    out[i] = hand_strength(t, hand, width == 5)
    if not check:
        return False
    return bool(hand[0] & INVALID_BITS != 0 or bit_count(hand[1]) != width)


@njit(inline="always")
def _mark_bad(first_bad: np.ndarray, i: int) -> None:
    """Lower first_bad[thread] to row i."""
    tid = numba.get_thread_id()
    first_bad[tid] = min(first_bad[tid], i)


def _rows_of(t: Tables, hands: np.ndarray, width: int, out: np.ndarray, check: bool,
             first_bad: np.ndarray, simd: bool) -> None:
    """out[i] = the strength of row i, for every row of `hands` (each `width` cards, a literal),
    in parallel: LANES rows at a time by `simd.block_strengths` when `simd` (a literal) is set,
    the game has no wild cards and the rows are C-contiguous uint8; else one row at a time."""
    raise NotImplementedError("_rows_of is compiled by numba")


@overload(_rows_of, inline="always", prefer_literal=True)
def _rows_of_impl(t: Any, hands: Any, width: Any, out: Any, check: Any, first_bad: Any,
                  simd: Any) -> Callable[..., None]:
    if simd.literal_value and handles(t, hands):
        def a_block_at_once(t: Any, hands: Any, width: Any, out: Any, check: Any,
                            first_bad: Any, simd: Any) -> None:
            n = hands.shape[0]
            blocks = n // LANES
            deck = deck_mask(t) if check else np.uint64(0)  # read by the checks alone
            # A bad block only marks first_bad[0] (any thread: they all write -1), and the
            # first bad row is found after the loop: a call inside it made LLVM keep the
            # kernel's constant vectors on the stack (10 % on the checked kernel).
            before = first_bad[0]
            for block in prange(blocks):
                # numba passes the typing context itself
                if block_strengths(t, hands, block * LANES, width, out, check, deck):  # type: ignore[call-arg]
                    first_bad[0] = -1
            if first_bad[0] < 0:
                first_bad[0] = min(before, _first_bad_row(t, hands, blocks * LANES, out))
            for i in range(blocks * LANES, n):
                if _row(t, hands, i, width, out, check):
                    _mark_bad(first_bad, i)
        return a_block_at_once

    def one_at_a_time(t: Any, hands: Any, width: Any, out: Any, check: Any, first_bad: Any,
                      simd: Any) -> None:
        for i in prange(hands.shape[0]):
            if _row(t, hands, i, width, out, check):
                _mark_bad(first_bad, i)
    return one_at_a_time


@njit(_nrt=False, cache=True)
def _first_bad_row(t: Tables, hands: np.ndarray, stop: int, out: np.ndarray) -> int:
    """The first bad row of rows 0 .. stop - 1, rechecked one at a time (stop if none)."""
    width = hands.shape[1]
    for i in range(stop):
        if _row(t, hands, i, width, out, True):
            return i
    return stop


@njit(inline="always")
def deck_mask(t: Tables) -> Any:
    """Bit c set for each card c < 64 of the game's deck (from the tables' invalid marks)."""
    deck = np.uint64(0)
    for card in range(64):
        if not t.card_key[card] & INVALID_BITS:
            deck |= np.uint64(1) << np.uint64(card)
    return deck


def _rows_kernel(
    check: bool, simd: bool = SIMD,
) -> Dispatcher[Callable[[Tables, np.ndarray, np.ndarray, np.ndarray], None]]:
    """The batch kernel, with or without the checks compiled in, and a block of rows at a time
    by AVX-512 or AVX2 where it can (`simd`: the CPU has one, see `simd.py`) or one at a time.
    Both are closure constants: numba caches each version keyed on them."""

    @njit(**KERNEL)
    def rows(t: Tables, hands: np.ndarray, out: np.ndarray, first_bad: np.ndarray) -> None:
        """out[i] = strength of the best five of row i (5, 6 or 7 cards); see `_row`."""
        width = hands.shape[1]
        if width == 7:
            _rows_of(t, hands, 7, out, check, first_bad, simd)
        elif width == 6:
            _rows_of(t, hands, 6, out, check, first_bad, simd)
        else:
            _rows_of(t, hands, 5, out, check, first_bad, simd)

    return rows


evaluate_rows = _rows_kernel(check=False)
evaluate_rows_checked = _rows_kernel(check=True)


@njit(**KERNEL)
def evaluate5_rows(t: Tables, hands: np.ndarray, out: np.ndarray) -> None:
    """out[i] = strength of the five cards of row i by `eval5` (the Cactus Kev tables)."""
    for i in prange(hands.shape[0]):
        out[i] = eval5(t, hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4])


@njit(inline="always")
def strength_order(sa: Any, sb: Any, royal: int, minimum_lo: int, minimum_hi: int) -> Any:
    """1 if strength sa beats sb, -1 if it loses, 0 if equal; except that a minimum straight
    flush (strengths minimum_lo..minimum_hi) beats a royal flush (royal and up). Games without
    the cycle pass royal = 1 << 16, above every strength."""
    if sa >= royal and minimum_lo <= sb <= minimum_hi:
        return -1
    if sb >= royal and minimum_lo <= sa <= minimum_hi:
        return 1
    return (sa > sb) - (sa < sb)


@njit(**KERNEL)
def order_rows(sa: np.ndarray, sb: np.ndarray, royal: int, minimum_lo: int, minimum_hi: int,
               out: np.ndarray) -> None:
    """out[i] = strength_order(sa[i], sb[i], ...): 1, -1 or 0 per row."""
    for i in prange(sa.shape[0]):
        out[i] = strength_order(np.int64(sa[i]), np.int64(sb[i]), royal, minimum_lo, minimum_hi)
