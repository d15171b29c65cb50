"""Monte Carlo through the draws: `kernels.draw_games.simulate_kernel` on the threads, in
blocks of trials with their own random streams (`odds.montecarlo.in_blocks`): the same seed
gives the same result whatever the thread count."""

from __future__ import annotations

from collections.abc import Callable

import numba
import numpy as np

from .._kernels.draw_games import BAD_KEEP, simulate_kernel
from .._odds.counters import bins
from .._odds.montecarlo import in_blocks
from .._odds.threads import on_threads, share_of
from .deals import DrawSetup
from .policy import Policy, bad_keep, keep


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
    cards = np.zeros((threads, max(n, 8), 8), np.uint8)
    hands = np.zeros((threads, max(n, 8), 2), np.uint64)
    values = np.zeros((threads, max(n, 8)), np.int64)
    live = np.uint64(np.bitwise_or.reduce(np.uint64(1) << setup.live.astype(np.uint64)))
    high, low = setup.tables()
    kept_hands = np.zeros((n, 2), np.uint64)  # the kept cards' hand states (Badugi: none)
    for p in range(n):
        kept = setup.kept[p, : setup.n_kept[p]]
        if hasattr(high, "card_key"):
            kept_hands[p] = (
                high.card_key[kept].sum(dtype=np.uint64),
                np.bitwise_or.reduce(high.card_bit[kept]),
            )
    pat = sum(1 << p for p in range(n) if stands_pat(setup, policy, p))
    if policy.function is None:  # the built-in's kind and the hand's size compiled in
        kernel = simulate_kernel(setup.split, None, int(policy.rule[0]), h)
    else:
        kernel = simulate_kernel(setup.split, policy.function)

    def run(start: int, block_trials: np.ndarray, counts: np.ndarray) -> None:
        errors = np.zeros((len(counts), 2 + h), np.int64)

        def share(k: int, shares: int) -> None:
            blocks = share_of(len(counts), k, shares)
            kernel(
                high,
                low,
                np.uint64(seed),
                start + blocks.start,
                block_trials[blocks],
                live,
                setup.kept,
                setup.n_kept,
                kept_hands,
                pat,
                h,
                setup.rounds,
                policy.rule,
                counts[blocks],
                errors[blocks],
                cards[k],
                hands[k],
                values[k],
                setup.buckets,
                setup.low_buckets,
            )

        on_threads(share)
        failed = np.flatnonzero(errors[:, 0])
        if len(failed):
            code, value, *hand = errors[failed[0]].tolist()
            if code == BAD_KEEP:
                raise bad_keep(policy, value, np.array(hand, np.uint8))
            raise ValueError(f"the stub and the discards ran out of cards: {value} wanted")

    return in_blocks(trials, bins(n, setup.split, setup.categories), n * setup.rounds, run, progress)
