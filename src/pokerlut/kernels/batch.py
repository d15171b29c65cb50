"""Batch kernels over (n, width) uint8 card arrays, parallel over rows."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numba
import numpy as np
from numba import prange

from ..tables import INVALID_BITS as _INVALID
from ..tables import Tables
from .core import KERNEL, bit_count, eval5, hand_add, hand_empty, hand_strength, njit

if TYPE_CHECKING:
    from numba.core.dispatcher import Dispatcher

INVALID_BITS = np.uint64(_INVALID)  # set in the key of any hand holding a card not in the deck


@njit(inline="always")
def _row(t: Tables, hands: np.ndarray, i: int, width: int, out: np.ndarray, check: bool,
         first_bad: np.ndarray) -> None:
    """out[i] = the strength of row i; `width` is a literal at every call so the loop unrolls.

    With `check`, a row with a card outside the game's deck (marked in the key by the card
    arrays) or a repeated card (the OR of the cards' bits then has fewer than `width` bits set;
    one popcount, 25 % faster than comparing it with their sum) lowers first_bad[thread] to i.
    Every uint8 card value reads inside the tables, checked or not.
    """
    hand = hand_empty()
    for j in range(width):
        hand = hand_add(t, hand, hands[i, j])
    out[i] = hand_strength(t, hand, width == 5)
    if check and (hand[0] & INVALID_BITS or bit_count(hand[1]) != width):
        tid = numba.get_thread_id()
        first_bad[tid] = min(first_bad[tid], i)


def _rows_kernel(
    check: bool,
) -> Dispatcher[Callable[[Tables, np.ndarray, np.ndarray, np.ndarray], None]]:
    """The batch kernel, with or without the checks compiled in (a closure constant: numba
    caches each version keyed on it)."""

    @njit(**KERNEL)
    def rows(t: Tables, hands: np.ndarray, out: np.ndarray, first_bad: np.ndarray) -> None:
        """out[i] = strength of the best five of row i (5, 6 or 7 cards); see `_row`."""
        n, width = hands.shape
        if width == 7:
            for i in prange(n):
                _row(t, hands, i, 7, out, check, first_bad)
        elif width == 6:
            for i in prange(n):
                _row(t, hands, i, 6, out, check, first_bad)
        else:
            for i in prange(n):
                _row(t, hands, i, 5, out, check, first_bad)

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
