import sys
from pathlib import Path

import numba
import numpy as np
import pytest

N_HANDS = 10_000_000


@pytest.fixture(scope="session")
def random_hands():
    """10,000,000 random hands of 5, 6 and 7 cards (fixed seed), C-contiguous uint8."""
    rng = np.random.default_rng(20261129)
    cards = np.empty((N_HANDS, 7), dtype=np.uint8)
    for start in range(0, N_HANDS, 1_000_000):
        block = rng.random((1_000_000, 52), dtype=np.float32)
        cards[start:start + 1_000_000] = np.argpartition(block, 7, axis=1)[:, :7]
    return {w: np.ascontiguousarray(cards[:, :w]) for w in (5, 6, 7)}


def record(benchmark, items: int, unit: str, threads: int | None = None) -> None:
    """Tell scripts/bench_report.py what one round does: `items` of `unit` (hands, boards,
    calls...) on `threads` threads (None: all of numba's), so it can turn time into items/s."""
    benchmark.extra_info["items"] = items
    benchmark.extra_info["unit"] = unit
    benchmark.extra_info["threads"] = threads or numba.config.NUMBA_NUM_THREADS


def hands_per_second(benchmark, n_hands: int, threads: int, unit: str = "hands") -> None:
    """Record throughput from the fastest round, per thread and in all."""
    record(benchmark, n_hands, unit, threads)
    best = benchmark.stats.stats.min
    benchmark.extra_info["hands_per_s"] = round(n_hands / best)
    benchmark.extra_info["hands_per_s_per_thread"] = round(n_hands / best / threads)
    benchmark.extra_info["threads"] = threads


THREADS = [t for t in (1, 2) if t <= numba.config.NUMBA_NUM_THREADS]


def pytest_benchmark_update_machine_info(config, machine_info):
    """The machine as scripts/bench_report.py prints it (in --benchmark-json's machine_info)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
    from bench_report import machine

    machine_info["pokerlut"] = machine()
