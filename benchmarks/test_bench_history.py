"""Reading hand histories (`pokerlut._history.phh.read`, issue 56's target: 50,000 hands a
second on one core, end to end): the real 2009 files of ../shared/data/phh (523 no-limit
hold'em hands of two sites; skipped where absent), every hand scored (net won, showdown, rake,
the all-in EV of the 18 that qualify), on one thread; by the fast path, which takes every hand
of these files, and by pokerkit alone (``fast=False``, the baseline). Each run's scores are
checked against the figures computed once (the same either way)."""

from pathlib import Path

import numba
import pytest
from conftest import hands_per_second, near, warm

pytest.importorskip("pokerkit")

from pokerlut._history.phh import read  # noqa: E402

PHH = Path(__file__).resolve().parents[2] / "shared" / "data" / "phh"
# 523 hands, 18 with an all-in EV, 112 with a showdown; the sums of |net|, of |all-in EV - net|
# and of the rake over every hand and player (pokerkit's figures)
FIGURES = [523, 18, 112, 24964.699999999546, 1710.4808714305402, 389.1000000000001]


def read_all(files: list[Path], fast: bool) -> list:
    """Every hand of `files`, scored, on one thread (the all-in EV's equity too)."""
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        return [hand for path in files for hand in read(path, fast=fast)]
    finally:
        numba.set_num_threads(threads)


def figures(hands: list) -> list[float]:
    return [
        len(hands),
        sum(h.allin_ev is not None for h in hands),
        sum(any(h.showdown) for h in hands),
        sum(abs(x) for h in hands for x in h.net),
        sum(abs(a - b) for h in hands if h.allin_ev for a, b in zip(h.allin_ev, h.net)),
        sum(x for h in hands for x in h.rake),
    ]


@pytest.mark.skipif(not PHH.is_dir(), reason="../shared/data/phh is not here (a user's clone)")
@pytest.mark.parametrize("fast", [True, False], ids=["fast-path", "pokerkit"])
def test_read_real_files(benchmark, fast):
    files = sorted(PHH.glob("*.phhs"))
    warm(benchmark, read_all, files, fast)  # the evaluator's tables, numba's equity kernels
    hands = benchmark.pedantic(read_all, args=(files, fast), rounds=5 if fast else 1)
    assert figures(hands) == near(FIGURES)
    hands_per_second(benchmark, len(hands), 1)
