"""Omaha: the best five of exactly two hole cards and three board cards, by table lookup.

The non-flush part is one lookup per pair of hole cards in `omaha_values`, the row of the
board's rank multiset (6 lookups for 4 hole cards, instead of 60 fives). A flush needs three
board cards of a suit and two hole cards of it; then each suited hole pair is tried with each
suited board triple through `flush5` (rare, and a handful of lookups).
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np
from numba import prange

from .table_types import Tables
from .core import KERNEL, njit, suits_matter
from .encoding import INVALID_BITS, RANK_BITS, RANK_KEY_MASK
from .hashing import OMAHA_HASH, perfect_hash

N_PAIRS = 91


@njit(inline="always")
def omaha_strength(t: Tables, hole: np.ndarray, board: np.ndarray) -> Any:
    """Strength of the best five of exactly two of `hole` (4..6 cards) and three of `board`
    (3..5 cards), both 1-D uint8 arrays of distinct cards of the game's deck (unchecked; any
    uint8 reads inside the tables). Only for games without a `mixed` table (not the lowballs
    where a flush counts against you)."""
    key = np.uint64(0)
    bits = np.uint64(0)
    for c in board:
        key += t.card_key[c]
        bits |= t.card_bit[c]
    board_id = np.int64(t.omaha_ids[perfect_hash(key & RANK_KEY_MASK, t.omaha_offsets, OMAHA_HASH)])
    row = board_id * N_PAIRS
    best = np.uint16(0)
    n = hole.shape[0]
    for i in range(n):
        ri = np.int64(hole[i] >> 2) * 64
        for j in range(i + 1, n):
            v = t.omaha_values[row + t.omaha_pair[ri + (hole[j] >> 2)]]
            if v > best:
                best = v
    if not suits_matter(t):  # compile time (ace-to-five, eight-or-better)
        return best
    counters = key >> np.uint64(32)
    for suit in range(4):
        if (counters >> np.uint64(4 * suit)) & np.uint64(0xF) >= 3:
            suited = (bits >> np.uint64(16 * suit)) & RANK_BITS  # the board's ranks of the suit
            for i in range(n):
                if hole[i] & 3 != suit or hole[i] > 51:
                    continue
                for j in range(i + 1, n):
                    if hole[j] & 3 != suit or hole[j] > 51:
                        continue
                    two = (np.uint64(1) << np.uint64(hole[i] >> 2)) | (
                        np.uint64(1) << np.uint64(hole[j] >> 2)
                    )
                    a = suited
                    while a:  # every three of the board's suited ranks
                        low_a = a & (~a + np.uint64(1))
                        b = a ^ low_a
                        while b:
                            low_b = b & (~b + np.uint64(1))
                            c = b ^ low_b
                            while c:
                                low_c = c & (~c + np.uint64(1))
                                v = t.flush5[two | low_a | low_b | low_c]
                                if v > best:
                                    best = v
                                c ^= low_c
                            b ^= low_b
                        a ^= low_a
            break  # at most one suit has three of five board cards
    return best


@njit(**KERNEL)
def omaha_rows(
    t: Tables, holes: np.ndarray, boards: np.ndarray, out: np.ndarray, check: bool, first_bad: np.ndarray
) -> None:
    """out[i] = omaha_strength of row i of `holes` and of `boards`. With `check`, a row with a
    card outside the deck or a card repeated in hole and board lowers first_bad[thread] to i."""
    for i in prange(holes.shape[0]):
        out[i] = omaha_strength(t, holes[i], boards[i])
        if check:
            key = np.uint64(0)
            total = np.uint64(0)
            bits = np.uint64(0)
            for c in holes[i]:
                key += t.card_key[c]
                total += t.card_bit[c]
                bits |= t.card_bit[c]
            for c in boards[i]:
                key += t.card_key[c]
                total += t.card_bit[c]
                bits |= t.card_bit[c]
            if key & INVALID_BITS or total != bits:
                tid = numba.get_thread_id()
                first_bad[tid] = min(first_bad[tid], i)
