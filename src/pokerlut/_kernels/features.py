"""Hand-strength features for card abstraction, counted exactly.

River: a state's HS against one random opponent is (2 wins + ties) / 1980 over the 990
opponent hands left. On one board every hole of the 47 cards left is evaluated once and the
holes are ordered by strength (a radix sort); walking them weakest first, the opponents a
hole beats are the holes seen so far less those that hold one of its two cards (per-card
counts), and the ties are its group less the same (`board_hole_values`, which
`pokerlut.matrix._preflop_order` runs on every board too).

Flop and turn: every runout of a state to the river, read from that river table by index:
the sum and the sum of squares of the river values (EHS, EHS2) and their histogram.

Class sizes: how many hands each canonical index stands for, the weights of the states when
they are clustered.
"""

from __future__ import annotations

import numpy as np
from numba import prange

from .table_types import Tables
from .core import KERNEL, hand_add, hand_empty, hand_strength, njit
from .isomorphism import IndexTables, hand_index, hand_of

HOLES = 1081  # two of the 47 cards a board leaves
# a lane's scratch row (int64s): each hole's key (strength << 12 | cards) as evaluated, by
# strength, between the sort's two passes; the counts of the strengths' digits (7 low bits,
# 6 high: strengths 0..7462), per-card counts (seen, and in the group), the state's cards and
# its index's keys
BY_HOLE, SORTED, PASS, LOW, HIGH = 0, HOLES, 2 * HOLES, 3 * HOLES, 3 * HOLES + 128
VALUES = BY_HOLE  # once sorted: the holes' values, in the order of SORTED
LESS = HIGH + 64
GROUP, CARDS, KEYS = LESS + 52, LESS + 104, LESS + 112
SCRATCH = KEYS + 16 + 64  # and room: lanes' rows never share a cache line


@njit(cache=True)
def board_hole_values(t: Tables, board: np.ndarray, row: np.ndarray) -> None:
    """Every hole of the 47 cards a 5-card board leaves, weakest first, with its 2 wins + ties
    against the 990 opponents left: row[SORTED + i] = the i-th weakest hole's key (strength
    << 12 | a << 6 | b, a < b) and row[VALUES + i] its value (row: a lane's scratch, SCRATCH
    int64s, in any state)."""
    hand = hand_empty()
    taken = np.uint64(0)
    for c in board:
        hand = hand_add(t, hand, c)
        taken |= np.uint64(1) << np.uint64(c)
    row[LOW:LESS] = 0
    k = 0
    for a in range(52):
        if taken >> np.uint64(a) & np.uint64(1):
            continue
        with_a = hand_add(t, hand, a)
        for b in range(a + 1, 52):
            if taken >> np.uint64(b) & np.uint64(1):
                continue
            s = np.int64(hand_strength(t, hand_add(t, with_a, b)))
            row[BY_HOLE + k] = (s << 12) | (a << 6) | b
            row[LOW + (s & 127)] += 1
            row[HIGH + (s >> 7)] += 1
            k += 1
    low, high = 0, 0  # a radix sort (two stable counting sorts): each digit's first position
    for d in range(128):
        count, row[LOW + d] = row[LOW + d], low
        low += count
    for d in range(64):
        count, row[HIGH + d] = row[HIGH + d], high
        high += count
    for i in range(HOLES):
        key = row[BY_HOLE + i]
        d = (key >> 12) & 127
        row[PASS + row[LOW + d]] = key
        row[LOW + d] += 1
    for i in range(HOLES):
        key = row[PASS + i]
        d = key >> 19
        row[SORTED + row[HIGH + d]] = key
        row[HIGH + d] += 1
    row[LESS : LESS + 104] = 0  # LESS and GROUP
    seen, start = 0, 0
    while start < HOLES:  # groups of equal strength, weakest first
        s = row[SORTED + start] >> 12
        end = start
        while end < HOLES and row[SORTED + end] >> 12 == s:
            key = row[SORTED + end]
            row[GROUP + ((key >> 6) & 63)] += 1
            row[GROUP + (key & 63)] += 1
            end += 1
        for i in range(start, end):
            key = row[SORTED + i]
            a, b = (key >> 6) & 63, key & 63
            wins = seen - row[LESS + a] - row[LESS + b]
            ties = end - start - row[GROUP + a] - row[GROUP + b] + 1  # not itself
            row[VALUES + i] = 2 * wins + ties
        for i in range(start, end):
            key = row[SORTED + i]
            a, b = (key >> 6) & 63, key & 63
            row[GROUP + a] = 0
            row[GROUP + b] = 0
            row[LESS + a] += 1
            row[LESS + b] += 1
        seen += end - start
        start = end


@njit(**KERNEL)
def river_counts(
    t: Tables,
    it: IndexTables,
    boards: np.ndarray,
    indices: np.ndarray,
    values: np.ndarray,
    scratch: np.ndarray,
) -> None:
    """For the i-th weakest hole of board k (row k of boards; `board_hole_values`):
    indices[k, i] = the index of (hole, board) and values[k, i] = its 2 wins + ties; lane j
    (one per thread) taking every lanes-th board with scratch[j]."""
    lanes = scratch.shape[0]
    for lane in prange(lanes):
        row = scratch[lane]
        cards, keys = row[CARDS : CARDS + 7], row[KEYS : KEYS + 16]
        for k in range(lane, boards.shape[0], lanes):
            board_hole_values(t, boards[k], row)
            for i in range(5):
                cards[2 + i] = boards[k, i]
            for i in range(HOLES):
                key = row[SORTED + i]
                cards[0], cards[1] = (key >> 6) & 63, key & 63
                indices[k, i] = hand_index(it, cards, keys)
                values[k, i] = row[VALUES + i]


@njit(**KERNEL)
def scatter(out: np.ndarray, indices: np.ndarray, values: np.ndarray) -> None:
    """out[indices[i]] = values[i] for every i, in parallel (a river part's states into the
    whole table: random writes, which numpy makes on one thread)."""
    for i in prange(len(indices)):
        out[indices[i]] = values[i]


@njit(inline="always")
def _runout(
    river_index: IndexTables,
    river: np.ndarray,
    cards: np.ndarray,
    keys: np.ndarray,
    bins: int,
    histogram: np.ndarray,
) -> int:
    """The river's 2 wins + ties of the state `cards` (hole, board), counted in its bin."""
    v = np.int64(river[hand_index(river_index, cards, keys)])
    histogram[min(v * bins // 1980, bins - 1)] += 1
    return int(v)


@njit(cache=True)
def _state_runouts(
    street: IndexTables,
    river_index: IndexTables,
    river: np.ndarray,
    index: int,
    bins: int,
    histogram: np.ndarray,
    row: np.ndarray,
) -> tuple[int, int]:
    """For the flop or turn state of `index` (by `street`'s imperfect-recall index), over
    every runout to the river: the sum and the sum of squares of the river's 2 wins + ties
    (`river`, by `river_index`), returned, and their histogram in `bins` equal bins of HS,
    counted into `histogram` (the state's row)."""
    cards = row[0:7]
    n = 2 + street.rounds[1]
    hand_of(street, index, cards, row[8:16], row[16:24])
    taken = 0
    for i in range(n):
        taken |= 1 << cards[i]
    keys = row[24:40]
    total, square = 0, 0
    for c in range(52):  # the turn and river, or the river
        if taken >> c & 1:
            continue
        cards[n] = c
        if n == 6:
            v = _runout(river_index, river, cards, keys, bins, histogram)
            total, square = total + v, square + v * v
            continue
        for d in range(c + 1, 52):
            if taken >> d & 1:
                continue
            cards[6] = d
            v = _runout(river_index, river, cards, keys, bins, histogram)
            total, square = total + v, square + v * v
    return total, square


@njit(**KERNEL)
def runout_features(
    street: IndexTables,
    river_index: IndexTables,
    river: np.ndarray,
    first: int,
    bins: int,
    sums: np.ndarray,
    squares: np.ndarray,
    histogram: np.ndarray,
    scratch: np.ndarray,
) -> None:
    """`_state_runouts` of the states first..first + len(sums) - 1, state first + i into
    sums[i], squares[i] and histogram[i] (zeros before), lane j (one per thread) taking
    every lanes-th state with scratch[j]."""
    lanes = scratch.shape[0]
    for lane in prange(lanes):
        for i in range(lane, len(sums), lanes):
            sums[i], squares[i] = _state_runouts(
                street, river_index, river, first + i, bins, histogram[i], scratch[lane]
            )


@njit(**KERNEL)
def class_sizes(t: IndexTables, out: np.ndarray, scratch: np.ndarray) -> None:
    """out[i] = the number of hands of the class of index i: 24 over the permutations of
    suits that leave its hand as it is, those that exchange suits holding the same ranks in
    every round; lane j (one per thread) takes the j-th block of indices with scratch[j]."""
    lanes = scratch.shape[0]
    for lane in prange(lanes):
        row = scratch[lane]
        cards, suits = row[0:8], row[24:28]
        for i in range(len(out) * lane // lanes, len(out) * (lane + 1) // lanes):
            hand_of(t, i, cards, row[8:16], row[16:24])
            suits[:] = 0
            j = 0
            for r in range(len(t.rounds)):  # each suit's ranks, 16 bits a round
                for _ in range(t.rounds[r]):
                    suits[cards[j] & 3] |= 1 << (16 * r + (cards[j] >> 2))
                    j += 1
            fixing = 1
            for s in range(1, 4):  # a group of m equal suits: m! permutations
                same = 1
                for u in range(s):
                    same += suits[u] == suits[s]
                fixing *= same
            out[i] = 24 // fixing
