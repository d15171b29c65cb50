"""Exact equity after one draw: every joint deal of the players' replacements from the stub,
counted by `kernels.draw_exact.exact_kernel` on the threads.

The players are reordered for the kernel: the one who draws the fewest cards last (counted
at once by inclusion-exclusion, `last_player_lists`, when the pot is not split and categories
are not counted), the one who draws the most first (his replacements are the work items);
the counters are put back in the players' order at the end.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numba
import numpy as np

from ..._kernels.draw_exact import exact_kernel, last_player_lists, subset_strengths
from ..._kernels.draw_hands import all_subsets
from ..._kernels.showdown import SPLIT_FIELDS
from ..counters import CALL_WORK, bins, counters
from ..._parallel import in_calls, on_shares
from .setup import DrawSetup

MAX_LIST_ENTRIES = 1 << 23  # the last player's sorted lists (int32) for inclusion-exclusion


def order(setup: DrawSetup) -> list[int]:
    """The kernel's order of the players: the most cards drawn first, the fewest last; with
    nested pots, as given (each nested pot's players are the first)."""
    n = len(setup.draws)
    if len(setup.nested):
        return list(range(n))
    last = min(range(n), key=lambda p: (setup.draws[p], -p))
    rest = sorted((p for p in range(n) if p != last), key=lambda p: -setup.draws[p])
    return [*rest, last]


def uses_lists(setup: DrawSetup) -> bool:
    """Whether the last player is counted by inclusion-exclusion (`exact_kernel`'s `ie`)."""
    d = int(setup.draws.min())
    return (
        not setup.split and not setup.categories and math.comb(len(setup.live), d) * 2**d <= MAX_LIST_ENTRIES
    )


def work(setup: DrawSetup) -> float:
    """Player-hand evaluations (or their equivalent) of the exact count: the odometer's steps
    times the players it deals, and with lists the searches for the last player."""
    m, draws = len(setup.live), [int(setup.draws[p]) for p in order(setup)]
    precompute = sum(math.comb(m, d) for d in draws)
    if uses_lists(setup):
        steps = math.prod(math.comb(m, d) for d in draws[:-1])
        shared = sum(draws[:-1])
        probes = sum(  # binary searches (two per shared subset T), each about log2(list) probes
            math.comb(shared, k) * 2 * max(1, math.comb(m - k, draws[-1] - k).bit_length())
            for k in range(min(draws[-1], shared) + 1)
        )
        return precompute + steps * (len(draws) - 1 + probes)
    steps = math.prod(math.comb(m, d) for d in draws)
    players = len(draws) + int(setup.nested.sum())  # the nested pots' players again
    return precompute + steps * players * (2 if setup.split else 1)


def exact_outcomes(
    setup: DrawSetup, progress: Callable[[float], None] | None
) -> tuple[np.ndarray, int, bool]:
    """Outcome counters per showdown (the players' order), showdowns, and whether partial."""
    perm = order(setup)
    n, m, h = len(perm), len(setup.live), setup.h
    draws = np.array([setup.draws[p] for p in perm], np.int64)
    high, low = setup.tables()
    sizes = [math.comb(m, int(d)) for d in draws]
    offsets = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    strengths = np.zeros(offsets[-1], np.int64)
    low_strengths = np.zeros(offsets[-1] if setup.split else 1, np.int64)
    row = np.zeros(h, np.uint8)
    for i, p in enumerate(perm):
        k = int(setup.n_kept[p])
        part = slice(offsets[i], offsets[i + 1])
        subset_strengths(high, setup.live, setup.kept[p], k, h, strengths[part], row)
        if setup.split:
            subset_strengths(low, setup.live, setup.kept[p], k, h, low_strengths[part], row)
    ie = uses_lists(setup)
    d_last = int(draws[-1])
    if ie:
        most = d_last
        lengths = np.array([math.comb(m - k, d_last - k) for k in range(most + 1)] + [0], np.int64)
        list_offsets = np.zeros(most + 2, np.int64)
        for k in range(most + 1):
            list_offsets[k + 1] = list_offsets[k] + math.comb(m, k) * lengths[k]
        lists = np.zeros(int(list_offsets[-1]), np.int64)
        last_player_lists(strengths[offsets[-2] :], m, d_last, most, list_offsets, lengths, lists)
    else:
        lengths, list_offsets, lists = np.zeros(1, np.int64), np.zeros(1, np.int64), np.zeros(1, np.int64)
    d0 = int(draws[0])
    first = np.zeros((math.comb(m, d0), max(d0, 1)), np.uint8)
    all_subsets(m, d0, first)
    threads: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
    split_counters = setup.split
    counts = np.zeros((threads, bins(n, split_counters, setup.categories, len(setup.nested))), np.int64)
    idx = np.zeros((threads, max(n, 8), 8), np.int64)
    scratch = np.zeros((threads, 2, 64), np.int64)
    per_item = max(1, int(work(setup) // max(len(first), 1)))
    per_call = max(1, CALL_WORK // per_item)
    kernel = exact_kernel(setup.split, ie, bool(len(setup.nested)))

    def call(items: slice) -> None:
        part = first[items]

        def run(share: slice, thread: int) -> None:
            kernel(
                m,
                draws,
                strengths,
                low_strengths,
                offsets,
                lists,
                list_offsets,
                lengths,
                part[share],
                counts[thread],
                idx[thread],
                scratch[thread],
                setup.buckets,
                setup.low_buckets,
                setup.nested,
            )

        on_shares(len(part), run)

    done = in_calls(len(first), per_call, call, progress)
    if done == 0 and len(first):
        raise KeyboardInterrupt  # interrupted before anything was counted
    total = unpermute(counts.sum(axis=0), perm, setup.split, setup.categories + len(setup.nested))
    seen = int(total[0] if setup.split else total[: counters(n, False, setup.categories)].sum())
    return total / max(seen, 1), seen, done < len(first)


def unpermute(total: np.ndarray, perm: list[int], split: bool, categories: int) -> np.ndarray:
    """The outcome counters of players in the kernel's order `perm` (kernel player i is the
    caller's perm[i]) in the caller's order; a split pot's `categories` fields per player
    after SPLIT_FIELDS (by category, or the nested pots')."""
    n = len(perm)
    out = np.zeros_like(total)
    if split:
        out[0] = total[0]
        for f in range(SPLIT_FIELDS + categories):
            for i, p in enumerate(perm):
                out[1 + f * n + p] = total[1 + f * n + i]
        return out
    masks = np.arange(1 << n)
    mapped = np.zeros(1 << n, np.int64)
    for i, p in enumerate(perm):
        mapped |= ((masks >> i) & 1) << p
    for block in range(max(categories, 1)):
        out[(block << n) + mapped] = total[(block << n) + masks]
    return out
