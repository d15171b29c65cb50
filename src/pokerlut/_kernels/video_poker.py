"""Video poker's counting kernels, exact in integers.

Every subset of the deck (0..5 cards) has an index: its size's offset plus its colex rank,
the sum of C(card_i, i + 1) over its cards in increasing order. `sums[index(T)]` is the total
payout of the five-card hands that contain T. A hold S of a deal D draws the hands H with
H & D == S, so by inclusion-exclusion its total payout is the sum over S <= T <= D of
(-1)**|T - S| sums[T]: one transform over the 32 subsets of D gives all 32 holds at once.
A hold's expected payout is that total over C(n - 5, 5 - |S|); `scale[k]` = L / C(n - 5, 5 - k)
(L their least common multiple) puts every hold on one denominator, L.
"""

from __future__ import annotations

import numpy as np
from numba import prange

from .core import KERNEL, njit

HIGH_BIT = np.array([0] + [m.bit_length() - 1 for m in range(1, 32)], np.int64)
POPCOUNT = np.array([bin(m).count("1") for m in range(32)], np.int64)
# The holds in the order ties are settled: the most cards kept first, then the lowest mask.
PREFERENCE = np.array(sorted(range(32), key=lambda m: (-bin(m).count("1"), m)), np.int64)
RUN = 4096  # subsets or deals per work item: a lane (one per thread) takes every lanes-th run


@njit(inline="always")
def _first_subset(rank: int, k: int, n: int, binom: np.ndarray, cards: np.ndarray) -> None:
    """cards[:k] = the k-subset of range(n) of colex rank `rank`, in increasing order."""
    x = n - 1
    for i in range(k, 0, -1):
        while binom[x, i] > rank:
            x -= 1
        cards[i - 1] = x
        rank -= binom[x, i]
        x -= 1


@njit(inline="always")
def _next_subset(cards: np.ndarray, k: int, n: int) -> None:
    """cards[:k] = the next k-subset of range(n) in colex order."""
    i = 0
    while i < k - 1 and cards[i] + 1 == cards[i + 1]:
        i += 1
    cards[i] += 1
    for j in range(i):
        cards[j] = j


@njit(inline="always")
def _subset_indices(cards: np.ndarray, binom: np.ndarray, offsets: np.ndarray, index: np.ndarray) -> None:
    """index[m] = the index of the subset {cards[i] : bit i of m} of five increasing cards."""
    index[0] = 0
    for m in range(1, 32):
        high, size = HIGH_BIT[m], POPCOUNT[m]
        index[m] = index[m ^ (1 << high)] + offsets[size] - offsets[size - 1] + binom[cards[high], size]


@njit(cache=True)
def _sums_part(
    sums: np.ndarray,
    k: int,
    n: int,
    binom: np.ndarray,
    offsets: np.ndarray,
    start: int,
    stop: int,
    cards: np.ndarray,
) -> None:
    """sums of the k-subsets of colex ranks start..stop-1, from those of the (k+1)-subsets:
    each five-card hand above a k-subset T is counted once per card of it outside T."""
    _first_subset(start, k, n, binom, cards)
    for rank in range(start, stop):
        below, above, at = 0, 0, 0  # ranks of the cards before and after the new one
        for i in range(k):
            above += binom[cards[i], i + 2]
        total = 0
        for c in range(n):
            if at < k and cards[at] == c:
                below += binom[c, at + 1]
                above -= binom[c, at + 2]
                at += 1
                continue
            total += sums[offsets[k + 1] + below + binom[c, at + 1] + above]
        sums[offsets[k] + rank] = total // (5 - k)
        if rank + 1 < stop:
            _next_subset(cards, k, n)


@njit(**KERNEL)
def subset_sums(
    sums: np.ndarray, n: int, binom: np.ndarray, offsets: np.ndarray, lanes: int, scratch: np.ndarray
) -> None:
    """Fill sums[index(T)] for every subset T of 0..4 cards, given those of five cards; lane
    j (one per thread) takes every lanes-th run of 4096 subsets, with scratch[j]."""
    for k in range(4, -1, -1):
        count = binom[n, k]
        for lane in prange(lanes):
            for start in range(RUN * lane, count, RUN * lanes):
                _sums_part(sums, k, n, binom, offsets, start, min(start + RUN, count), scratch[lane])


@njit(cache=True)
def _best_holds_part(
    sums: np.ndarray,
    n: int,
    binom: np.ndarray,
    offsets: np.ndarray,
    scale: np.ndarray,
    start: int,
    stop: int,
    kept: np.ndarray,
    weights: np.ndarray,
    cards: np.ndarray,
    index: np.ndarray,
    value: np.ndarray,
) -> int:
    """Play the deals of colex ranks start..stop-1 each with its best hold: count the deals by
    cards kept (kept[k] += 1) and add each subset's inclusion-exclusion weight, in units of
    1 / L draws, to weights; return the sum of the best holds' payouts (in units of 1 / L)."""
    total = 0
    _first_subset(start, 5, n, binom, cards)
    for rank in range(start, stop):
        _subset_indices(cards, binom, offsets, index)
        for m in range(32):
            value[m] = sums[index[m]]
        for bit in range(5):  # superset transform: value[s] = total payout of holding s
            for m in range(32):
                if not m & (1 << bit):
                    value[m] -= value[m | (1 << bit)]
        best, best_value = 0, np.int64(-1)
        for s in PREFERENCE:
            v = value[s] * scale[POPCOUNT[s]]
            if v > best_value:
                best, best_value = s, v
        k = POPCOUNT[best]
        kept[k] += 1
        total += best_value
        free = 31 ^ best
        extra = free
        while True:  # every T from the hold to the deal, signed by the cards it adds
            sign = 1 - 2 * (POPCOUNT[extra] & 1)
            weights[index[best | extra]] += sign * scale[k]
            if extra == 0:
                break
            extra = (extra - 1) & free
        if rank + 1 < stop:
            _next_subset(cards, 5, n)
    return total


@njit(**KERNEL)
def best_holds(
    sums: np.ndarray,
    n: int,
    binom: np.ndarray,
    offsets: np.ndarray,
    scale: np.ndarray,
    lanes: int,
    kept: np.ndarray,
    weights: np.ndarray,
    payout: np.ndarray,
    cards: np.ndarray,
    index: np.ndarray,
    value: np.ndarray,
) -> None:
    """Every deal of five of n cards, in runs of RUN colex ranks, lane j (one per thread)
    taking every lanes-th run: kept[j], weights[j] (zeroed first; see `_best_holds_part`),
    cards[j], index[j] and value[j] its own; payout[run] the run's total best payout."""
    deals = binom[n, 5]
    for lane in prange(lanes):
        weights[lane, :] = 0
        for start in range(RUN * lane, deals, RUN * lanes):
            payout[start // RUN] = _best_holds_part(
                sums,
                n,
                binom,
                offsets,
                scale,
                start,
                min(start + RUN, deals),
                kept[lane],
                weights[lane],
                cards[lane],
                index[lane],
                value[lane],
            )


@njit(cache=True)
def _line_counts_part(
    weights: np.ndarray,
    line: np.ndarray,
    n: int,
    binom: np.ndarray,
    offsets: np.ndarray,
    start: int,
    stop: int,
    counts: np.ndarray,
    cards: np.ndarray,
    index: np.ndarray,
) -> None:
    """counts[line of H] += the weight of H's subsets, for the hands H of colex ranks
    start..stop-1: how often (in units of 1 / L) best play ends in H."""
    _first_subset(start, 5, n, binom, cards)
    for rank in range(start, stop):
        _subset_indices(cards, binom, offsets, index)
        total = 0
        for m in range(32):
            total += weights[index[m]]
        counts[line[rank]] += total
        if rank + 1 < stop:
            _next_subset(cards, 5, n)


@njit(**KERNEL)
def line_counts(
    weights: np.ndarray,
    line: np.ndarray,
    n: int,
    binom: np.ndarray,
    offsets: np.ndarray,
    lanes: int,
    counts: np.ndarray,
    cards: np.ndarray,
    index: np.ndarray,
) -> None:
    """counts[j, line]: how often, in units of 1 / L, best play ends in a hand of the line,
    over the runs of final hands of lane j (every lanes-th run of RUN), once the lanes'
    weights are added up into weights[0]."""
    entries = weights.shape[1]
    for lane in prange(lanes):
        for start in range(RUN * lane, entries, RUN * lanes):
            for i in range(start, min(start + RUN, entries)):
                for other in range(1, lanes):
                    weights[0, i] += weights[other, i]
    hands = binom[n, 5]
    for lane in prange(lanes):
        for start in range(RUN * lane, hands, RUN * lanes):
            _line_counts_part(
                weights[0],
                line,
                n,
                binom,
                offsets,
                start,
                min(start + RUN, hands),
                counts[lane],
                cards[lane],
                index[lane],
            )


@njit(cache=True)
def all_fives(n: int, binom: np.ndarray, out: np.ndarray) -> None:
    """out[r] = the five cards of colex rank r, increasing, for every five of n cards."""
    cards = out[0]
    _first_subset(0, 5, n, binom, cards)
    for rank in range(1, binom[n, 5]):
        out[rank] = out[rank - 1]
        _next_subset(out[rank], 5, n)
