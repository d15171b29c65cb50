"""Exact equity after one draw in the draw games (`exact_kernel`), and the tables it reads.

Every replacement is dealt to every player jointly, without a card twice. The first player's
replacements are the work items (split among the threads), the middle players' run through
an odometer, and the last player is either dealt too (`ie=False`: split pots, by category)
or counted at once: the number of its replacements that share no card with the others' (U),
below, equal to and above the best strength so far, by inclusion-exclusion over the subsets
T of U it could share (at most as many cards as it draws): sum over T of (-1)**|T| times the
count among its replacements that contain T, read by binary search in that T's sorted list
of strengths (`last_player_lists`). Subsets of the live cards are named by colex rank, as
`draw_hands` says.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from .table_types import Tables
from .core import NOGIL_KERNEL, bit_count, next_combo, njit, no_alias
from .draw_hands import BINOM, colex_rank, draw_strength, row_hand, state_add
from .showdown import add_nested, add_split, bucket_of, outcome_bin, winners_with

if TYPE_CHECKING:
    from numba.core.dispatcher import Dispatcher


@njit(cache=True)
def subset_strengths(
    t: Tables, live: np.ndarray, kept: np.ndarray, k: int, h: int, out: np.ndarray, row: np.ndarray
) -> None:
    """out[rank] = the strength of the hand kept[:k] plus the (h - k)-subset of `live` of colex
    rank `rank`, for every such subset; row: scratch of h cards."""
    d, m = h - k, live.shape[0]
    idx = np.arange(max(d, 1))
    for i in range(k):
        row[i] = kept[i]
    base = row_hand(t, row, k)
    more = True
    while more:
        hand = base
        for j in range(d):
            row[k + j] = live[idx[j]]
            hand = state_add(t, hand, live[idx[j]])
        out[colex_rank(idx, d)] = draw_strength(t, row, h, hand)
        more = next_combo(idx, d, m)


@njit(cache=True)
def last_player_lists(
    strengths: np.ndarray,
    m: int,
    d: int,
    most: int,
    offsets: np.ndarray,
    lengths: np.ndarray,
    lists: np.ndarray,
) -> None:
    """For every subset T of range(m) of at most `most` (<= d) indices, the sorted strengths
    of the d-subsets that contain T (strengths[rank] by colex rank): T of size k and colex
    rank c at lists[offsets[k] + c * lengths[k] :][: lengths[k]], lengths[k] = C(m - k, d - k)."""
    start_of = np.zeros(most + 2, np.int64)  # counters of the T of size k: from start_of[k]
    for k in range(most + 1):
        start_of[k + 1] = start_of[k] + BINOM[m, k]
    counters = np.zeros(start_of[most + 1], np.int64)
    idx = np.arange(max(d, 1))
    tidx = np.arange(max(d, 1))
    sub = np.zeros(max(d, 1), np.int64)
    more = True
    while more:
        s = strengths[colex_rank(idx, d)]
        for k in range(most + 1):  # every k-subset of idx
            for j in range(k):
                tidx[j] = j
            inner = True
            while inner:
                for j in range(k):
                    sub[j] = idx[tidx[j]]
                c = colex_rank(sub, k)
                lists[offsets[k] + c * lengths[k] + counters[start_of[k] + c]] = s
                counters[start_of[k] + c] += 1
                inner = next_combo(tidx, k, d)
        more = next_combo(idx, d, m)
    for k in range(most + 1):
        for c in range(BINOM[m, k]):
            start = offsets[k] + c * lengths[k]
            lists[start : start + lengths[k]] = np.sort(lists[start : start + lengths[k]])


@njit(inline="always")
def _below(lists: np.ndarray, start: int, n: int, x: Any, or_equal: bool) -> int:
    """How many of the sorted lists[start : start + n] are below x (or_equal: at most x)."""
    lo, hi = 0, n
    while lo < hi:
        mid = (lo + hi) >> 1
        v = lists[start + mid]
        if v < x or (or_equal and v == x):
            lo = mid + 1
        else:
            hi = mid
    return lo


@njit(inline="always")
def _split_winners(
    m: int,
    strengths: np.ndarray,
    low_strengths: np.ndarray,
    offsets: np.ndarray,
    draws: np.ndarray,
    rank0: int,
    idx: np.ndarray,
) -> tuple[int, int]:
    """The high and the low winners (bitmasks; low 0: no low qualifies) among the first m
    players of `exact_one_draw`'s deal: player 0's replacements of colex rank rank0, player
    p's idx[p, :draws[p]]."""
    top, high, low_top, low = 0, 0, 0, 0
    for p in range(m):
        r = rank0 if p == 0 else colex_rank(idx[p], draws[p])
        high, top = winners_with(high, top, p, strengths[offsets[p] + r])
        low, low_top = winners_with(low, low_top, p, low_strengths[offsets[p] + r])
    return (high if top else 0), (low if low_top else 0)


@functools.cache
def exact_kernel(split: bool, ie: bool, nested: bool = False) -> Dispatcher[Callable[..., None]]:
    """Exact equity after one draw, with `split` (hi-lo), `ie` (the last player counted by
    inclusion-exclusion; not with `split`) and `nested` (a split pot's nested pots counted)
    compiled in."""

    @njit(**NOGIL_KERNEL)
    def exact_one_draw(
        m: int,
        draws: np.ndarray,
        strengths: np.ndarray,
        low_strengths: np.ndarray,
        offsets: np.ndarray,
        lists: np.ndarray,
        list_offsets: np.ndarray,
        list_lengths: np.ndarray,
        first: np.ndarray,
        row: np.ndarray,
        idx: np.ndarray,
        scratch: np.ndarray,
        buckets: np.ndarray,
        low_buckets: np.ndarray,
        pots: np.ndarray,
    ) -> None:
        """Every joint deal of replacements from m live cards, player p drawing draws[p]: p's
        hand's strength with the subset of colex rank r is strengths[offsets[p] + r] (and
        low_strengths, split). Item i fixes player 0's subset (first[i], indices); row counts
        (a winner-bitmask histogram, by category with `buckets`, or the split-pot counters);
        idx (players, 8) and scratch (2, 64) are scratch rows. With `ie` the last player's
        sorted lists by shared subset are `lists` (`last_player_lists`). pots: with `nested`,
        a split pot's nested pots, each its number of players, the first (`add_nested`)."""
        no_alias()
        n = draws.shape[0]
        last = n - 1
        mid_end = last if ie else n  # players dealt one by one: 0 .. mid_end - 1
        d_last = draws[last]
        ubits, tidx = scratch[0], scratch[1]
        for it in range(first.shape[0]):
            mask0 = np.uint64(0)
            for j in range(draws[0]):
                mask0 |= np.uint64(1) << np.uint64(first[it, j])
            rank0 = colex_rank(first[it], draws[0])
            for p in range(1, mid_end):
                for j in range(draws[p]):
                    idx[p, j] = j
            more = True
            while more:
                used = mask0
                clash = False
                top, winners = strengths[offsets[0] + rank0], 1
                low_top, low_winners = 0, 0
                if split:
                    low_top, low_winners = low_strengths[offsets[0] + rank0], 1
                for p in range(1, mid_end):
                    bits = np.uint64(0)
                    for j in range(draws[p]):
                        bits |= np.uint64(1) << np.uint64(idx[p, j])
                    clash |= (used & bits) != 0
                    used |= bits
                    r = colex_rank(idx[p], draws[p])
                    winners, top = winners_with(winners, top, p, strengths[offsets[p] + r])
                    if split:
                        low_winners, low_top = winners_with(
                            low_winners, low_top, p, low_strengths[offsets[p] + r]
                        )
                if not clash:
                    if not ie:
                        if split:
                            high, low = (winners if top else 0), (low_winners if low_top else 0)
                            add_split(
                                row, high, low, n, bucket_of(buckets, top), bucket_of(low_buckets, low_top)
                            )
                            if nested:
                                for j in range(pots.shape[0]):  # each one's players: the first m
                                    nested_high, nested_low = _split_winners(
                                        pots[j], strengths, low_strengths, offsets, draws, rank0, idx
                                    )
                                    add_nested(row, n, j, high, low, nested_high, nested_low)
                        else:
                            row[outcome_bin(buckets, top, winners if top else 0, n)] += 1
                    else:
                        n_u = 0
                        rest = used
                        while rest:
                            low_bit = rest & (~rest + np.uint64(1))
                            ubits[n_u] = np.int64(bit_count(low_bit - np.uint64(1)))
                            n_u += 1
                            rest ^= low_bit
                        below, at_most, total = 0, 0, 0
                        for k in range(min(d_last, n_u) + 1):
                            for j in range(k):
                                tidx[j] = j
                            sign = 1 - 2 * (k & 1)
                            length = list_lengths[k]
                            inner = True
                            while inner:
                                c = 0
                                for j in range(k):
                                    c += BINOM[ubits[tidx[j]], j + 1]
                                start = list_offsets[k] + c * length
                                below += sign * _below(lists, start, length, top, False)
                                at_most += sign * _below(lists, start, length, top, True)
                                total += sign * length
                                inner = next_combo(tidx, k, n_u)
                        row[winners] += below
                        row[winners | (1 << last)] += at_most - below
                        row[1 << last] += total - at_most
                more = False  # the odometer: the last of the middle players turns fastest
                for p in range(mid_end - 1, 0, -1):
                    if next_combo(idx[p], draws[p], m):
                        more = True
                        break

    return exact_one_draw
