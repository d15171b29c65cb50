"""balanced_order: numba splits a prange loop into equal contiguous blocks, one per thread;
the order decides how much work each block gets."""

from __future__ import annotations

import numpy as np
import pytest

from pokerlut._parallel import balanced_order


def _block_work(work: np.ndarray, order: np.ndarray, threads: int) -> np.ndarray:
    return np.array([work[block].sum() for block in np.array_split(order, threads)])


@pytest.mark.parametrize("threads", [1, 2, 3, 4, 8])
def test_blocks_differ_by_about_one_item(threads: int) -> None:
    rng = np.random.default_rng(threads)
    for n in (threads, 7 * threads, 72, 1000):
        work = rng.exponential(size=n)
        order = balanced_order(work, threads)
        assert sorted(order.tolist()) == list(range(n))
        sums = _block_work(work, order, threads)
        # (numba's blocks may differ from these by an item at a boundary)
        assert sums.max() - sums.min() <= 2 * work.max()
        lopsided = _block_work(work, np.argsort(-work), threads)
        assert lopsided.max() - lopsided.min() >= sums.max() - sums.min()


def test_falling_runs_of_unknown_work_are_shared_evenly() -> None:
    # like the parts of one deal in kernels.boards: 16 equal rank blocks, then per suit parts
    # that get lighter; the estimates are all equal, so only the order can balance them
    runs = [np.full(16, 4.5)] + [
        scale * np.array([8.8, 6, 3.9, 2.5, 1.6, 0.9, 0.5, 0.3, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2])
        for scale in (1, 1, 1.8, 1.8)
    ]
    work = np.concatenate(runs)
    natural = _block_work(work, np.arange(len(work)), 2)
    balanced = _block_work(work, balanced_order(np.ones(len(work)), 2), 2)
    assert natural.max() / natural.min() > 1.25  # the plain split is lopsided
    assert balanced.max() / balanced.min() < 1.05
