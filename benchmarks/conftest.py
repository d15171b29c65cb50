import hashlib
import sys
from pathlib import Path

import numba
import numpy as np
import pytest

# The smoke run (`make test`: `pytest benchmarks --benchmark-disable`) runs each benchmark's body
# once, on fewer hands where a benchmark takes a size (N_HANDS -> SMOKE_HANDS...), and checks
# the same things: each result against its checksum for that size. The checksums (`digest`, or
# the exact figures) were computed once from the same inputs with the library of commit a19e768,
# and written into the files; a result that changes is a result to explain.
N_HANDS = 10_000_000
SMOKE_HANDS = 100_000

collect_ignore = ["native"]  # the native harness's scripts (benchmarks/native/README.md)


@pytest.fixture(scope="session")
def smoke(request) -> bool:
    """True under `--benchmark-disable` (the smoke run): each benchmark once, at a small size."""
    return bool(request.config.getoption("benchmark_disable"))


def sized(smoke: bool, full: int, small: int) -> int:
    """A benchmark's size: `full` when timed, `small` in the smoke run."""
    return small if smoke else full


def warm(benchmark, function, *args, **kwargs):
    """Call `function` once before timing it (compiling it, filling caches); not in the smoke
    run, whose one call is the benchmark's own."""
    if not benchmark.disabled:
        function(*args, **kwargs)


def digest(values) -> str:
    """A checksum of an array's values and shape (not of its dtype): the first 16 hex digits of
    the BLAKE2b of its values as little-endian int64, a million at a time."""
    a = np.asarray(values)
    assert a.dtype.kind in "biu", a.dtype
    h = hashlib.blake2b(repr(a.shape).encode(), digest_size=8)
    flat = a.reshape(-1)
    for start in range(0, len(flat), 1 << 20):
        h.update(flat[start : start + (1 << 20)].astype("<i8").tobytes())
    return h.hexdigest()


def figures(result) -> list[float]:
    """An equity result's win, tie and equity of each player, in one list."""
    return [x for p in result.players for x in (p.win, p.tie, p.equity)]


def near(expected: list[float]):
    """`expected` (figures written to 12 significant digits) as pytest.approx compares them."""
    return pytest.approx(expected, abs=1e-12)


@pytest.fixture(scope="session")
def random_hands(smoke):
    """10,000,000 random hands of 5, 6 and 7 cards (fixed seed), C-contiguous uint8 (in the
    smoke run the first SMOKE_HANDS of them)."""
    n = sized(smoke, N_HANDS, SMOKE_HANDS)
    rng = np.random.default_rng(20261129)
    cards = np.empty((n, 7), dtype=np.uint8)
    for start in range(0, n, 1_000_000):
        block = rng.random((1_000_000, 52), dtype=np.float32)
        cards[start : start + 1_000_000] = np.argpartition(block, 7, axis=1)[: n - start, :7]
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
    if benchmark.disabled:  # the smoke run: no timings
        return
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
