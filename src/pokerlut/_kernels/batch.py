"""Batch kernels over (n, width) uint8 card arrays, parallel over rows."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numba
import numpy as np
from numba import prange
from numba.extending import overload

from .table_types import Tables
from .encoding import INVALID_BITS
from .core import KERNEL, bit_count, eval5, hand_add, hand_empty, hand_strength, njit
from .simd import AVAILABLE as SIMD
from .simd import LANES, block_strengths, handles

if TYPE_CHECKING:
    from numba.core.dispatcher import Dispatcher


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


def _rows_of(
    t: Tables, hands: np.ndarray, width: int, out: np.ndarray, check: bool, first_bad: np.ndarray, simd: bool
) -> None:
    """out[i] = the strength of row i, for every row of `hands` (each `width` cards, a literal),
    in parallel: LANES rows at a time by `simd.block_strengths` when `simd` (a literal) is set,
    the game has no wild cards and the rows are C-contiguous uint8 (at least LANES of them, or
    none); else one row at a time."""
    raise NotImplementedError("_rows_of is compiled by numba")


@overload(_rows_of, inline="always", prefer_literal=True)
def _rows_of_impl(
    t: Any, hands: Any, width: Any, out: Any, check: Any, first_bad: Any, simd: Any
) -> Callable[..., None]:
    if simd.literal_value and handles(t, hands):

        def a_block_at_once(
            t: Any, hands: Any, width: Any, out: Any, check: Any, first_bad: Any, simd: Any
        ) -> None:
            n = hands.shape[0]
            blocks = n // LANES
            deck = deck_mask(t) if check else np.uint64(0)  # read by the checks alone
            # A bad block only sets first_bad[0] to -1 (any thread: they all write the same), and
            # the caller finds the first bad row: a call inside the loop made LLVM keep the
            # kernel's constant vectors on the stack (10 % on the checked kernel). The rows
            # after the last whole block are those of one more block ending at the last row
            # (n >= LANES), so no scalar evaluator is compiled in: it took 60 % of the
            # kernel's compile time.
            for block in prange(blocks):
                # numba passes the typing context itself
                if block_strengths(t, hands, block * LANES, width, out, check, deck):  # type: ignore[call-arg]
                    first_bad[0] = -1
            if n > blocks * LANES and block_strengths(t, hands, n - LANES, width, out, check, deck):  # type: ignore[call-arg]
                first_bad[0] = -1

        return a_block_at_once

    def one_at_a_time(
        t: Any, hands: Any, width: Any, out: Any, check: Any, first_bad: Any, simd: Any
    ) -> None:
        for i in prange(hands.shape[0]):
            if _row(t, hands, i, width, out, check):
                _mark_bad(first_bad, i)

    return one_at_a_time


@njit(inline="always")
def deck_mask(t: Tables) -> Any:
    """Bit c set for each card c < 64 of the game's deck (from the tables' invalid marks)."""
    deck = np.uint64(0)
    for card in range(64):
        if not t.card_key[card] & INVALID_BITS:
            deck |= np.uint64(1) << np.uint64(card)
    return deck


@functools.cache
def rows_kernel(
    width: int,
    check: bool,
    simd: bool = SIMD,
) -> Dispatcher[Callable[[Tables, np.ndarray, np.ndarray, np.ndarray], None]]:
    """The batch kernel for rows of `width` (5, 6 or 7) cards, with or without the checks,
    a block of rows at a time by AVX-512 or AVX2 where it can (`simd`: the CPU has one, see
    `simd.py`) or one at a time; made on first use, so a process compiles only the kernels it
    runs. The arguments are closure constants: numba caches each version keyed on them.

    `kernel(t, hands, out, first_bad)`: out[i] = strength of the best five of row i (see
    `_row`). With `check`, a bad row lowers first_bad[thread] to its index, or a bad row in a
    block sets first_bad[0] to -1: the caller then finds it (`_rows.first_bad_row`)."""

    @njit(**KERNEL)
    def rows(t: Tables, hands: np.ndarray, out: np.ndarray, first_bad: np.ndarray) -> None:
        _rows_of(t, hands, width, out, check, first_bad, simd)

    return rows


def evaluate_rows(t: Tables, hands: np.ndarray, out: np.ndarray, first_bad: np.ndarray, check: bool) -> None:
    """out[i] = the strength of row i of C-contiguous uint8 `hands` by `rows_kernel` (`first_bad`
    as it says); fewer rows than a block are padded to one with copies of the first row."""
    kernel = rows_kernel(hands.shape[1], check)
    n = len(hands)
    if 0 < n < LANES:
        padded = np.concatenate([hands, np.repeat(hands[:1], LANES - n, axis=0)])
        strengths = np.empty(LANES, dtype=np.uint16)
        kernel(t, padded, strengths, first_bad)
        out[:] = strengths[:n]
    else:
        kernel(t, hands, out, first_bad)


@njit(**KERNEL)
def evaluate5_rows(t: Tables, hands: np.ndarray, out: np.ndarray) -> None:
    """out[i] = strength of the five cards of row i by `eval5` (the Cactus Kev tables)."""
    for i in prange(hands.shape[0]):
        out[i] = eval5(t, hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4])


def strength_order(sa: Any, sb: Any, royal: int, minimum_lo: int, minimum_hi: int) -> Any:
    """1 if strength sa beats sb, -1 if it loses, 0 if equal; except that a minimum straight
    flush (strengths minimum_lo..minimum_hi) beats a royal flush (royal and up). Games without
    the cycle pass royal = 1 << 16, above every strength."""
    if sa >= royal and minimum_lo <= sb <= minimum_hi:
        return -1
    if sb >= royal and minimum_lo <= sa <= minimum_hi:
        return 1
    return (sa > sb) - (sa < sb)


_strength_order = njit(inline="always")(strength_order)  # the same, in kernels


@njit(**KERNEL)
def order_rows(
    sa: np.ndarray, sb: np.ndarray, royal: int, minimum_lo: int, minimum_hi: int, out: np.ndarray
) -> None:
    """out[i] = strength_order(sa[i], sb[i], ...): 1, -1 or 0 per row."""
    for i in prange(sa.shape[0]):
        out[i] = _strength_order(np.int64(sa[i]), np.int64(sb[i]), royal, minimum_lo, minimum_hi)
