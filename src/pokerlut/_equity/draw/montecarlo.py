"""Monte Carlo through the draws: `kernels.draw_simulate.simulate_kernel` on the threads, in
blocks of trials with their own random streams (`odds.montecarlo.in_blocks`): the same seed
gives the same result whatever the thread count."""

from __future__ import annotations

from collections.abc import Callable

import numba
import numpy as np

from ..._kernels.draw_hands import BAD_KEEP
from ..._kernels.draw_simulate import DrawScratch, simulate_kernel
from ..counters import bins
from ..montecarlo import in_blocks
from ..._parallel import on_shares
from .setup import DrawSetup
from .policy import Policy, bad_keep, keep

ONE = np.uint64(1)


def stands_pat(setup: DrawSetup, policy: Policy, p: int) -> bool:
    """Whether player p's hand, if he keeps it whole, is one the built-in `policy` stands pat
    on at every later draw (a user's policy is asked every time)."""
    if policy.function is not None or setup.n_kept[p] < setup.h:
        return False
    return keep(policy, setup.deal, setup.kept[p], 1) == (1 << setup.h) - 1


def simulated_outcomes(
    setup: DrawSetup, policy: Policy, trials: int, seed: int, progress: Callable[[float], None] | None
) -> tuple[np.ndarray, int, bool]:
    """Outcome counters per trial, trials run, and whether partial; ValueError when the
    policy keeps what a hand cannot (or the cards run out: `simulate_kernel`)."""
    n, h = len(setup.kept), setup.h
    threads: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
    high, low = setup.tables()
    kept = np.array(
        [np.bitwise_or.reduce(ONE << setup.kept[p, : setup.n_kept[p]].astype(np.uint64)) for p in range(n)],
        np.uint64,
    )
    live = np.bitwise_or.reduce(ONE << setup.live.astype(np.uint64))
    pat = sum(1 << p for p in range(n) if stands_pat(setup, policy, p))
    drawing = [p for p in range(n) if not (pat >> p) & 1]
    first = int(setup.draws[drawing].sum())
    # cards dealt ahead beyond the first draw's, and at a time after it when a draw wants more:
    # about what the players draw at a time (more costs dealing, fewer costs mispredictions:
    # 2-7 triple draw both drawing two, 2026-12)
    ahead = max(2, first + first // 2)
    first_deal = min(first + ahead, len(setup.live))
    # scratch rows of 64 bytes or more a thread: no two threads write to one cache line
    rows = (
        np.zeros((threads, 64), np.uint8),
        np.zeros((threads, max(n, 8)), np.uint64),
        np.zeros((threads, max(n, 8)), np.uint64),
        np.zeros((threads, max(n, 8)), np.int64),
        np.zeros((threads, first_deal + (setup.rounds - 1) * n * h + ahead + 8), np.uint64),
    )
    scratch = [DrawScratch(*(row[k] for row in rows)) for k in range(threads)]
    if policy.function is None:  # the built-in's kind and the hand's size compiled in
        kernel = simulate_kernel(setup.split, None, int(policy.rule[0]), h, n)
    else:
        kernel = simulate_kernel(setup.split, policy.function)

    def run(start: int, block_trials: np.ndarray, counts: np.ndarray) -> None:
        errors = np.zeros((len(counts), 2 + h), np.int64)

        def share(blocks: slice, thread: int) -> None:
            kernel(
                high,
                low,
                np.uint64(seed),
                start + blocks.start,
                block_trials[blocks],
                live,
                kept,
                pat,
                h,
                setup.rounds,
                policy.rule,
                first_deal,
                ahead,
                counts[blocks],
                errors[blocks],
                scratch[thread],
                setup.buckets,
                setup.low_buckets,
            )

        on_shares(len(counts), share)
        failed = np.flatnonzero(errors[:, 0])
        if len(failed):
            code, value, *hand = errors[failed[0]].tolist()
            if code == BAD_KEEP:
                raise bad_keep(policy, value, np.array(hand, np.uint8))
            raise ValueError(f"the stub and the discards ran out of cards: {value} wanted")

    return in_blocks(trials, bins(n, setup.split, setup.categories), n * setup.rounds, run, progress)
