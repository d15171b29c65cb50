"""Throughput of the batch kernels, the single-hand call, and the exhaustive enumeration.

Run with `make bench`. Every kernel is compiled before timing; inputs have fixed seeds; the
results are kept, so nothing is optimised away, and checked against checksums (`digest`)
computed once from the same inputs, for the timed size and the smoke run's (`make test`).
"""

import subprocess
import sys
from pathlib import Path

import numba
import numpy as np
import pytest
from conftest import N_HANDS, SMOKE_HANDS, THREADS, digest, hands_per_second, record, warm
from numba import njit

import pokerlut
from pokerlut import kernels
from pokerlut._kernels.batch import evaluate5_rows
from pokerlut.stats import count_hands


# digest(evaluate_batch(random_hands[width])) for (width, hands)
BATCH = {
    (5, N_HANDS): "946d9303bd28a4df",
    (5, SMOKE_HANDS): "e3a0509e639cf694",
    (6, N_HANDS): "7073982c770cb194",
    (6, SMOKE_HANDS): "2a9dba0553080a90",
    (7, N_HANDS): "a200cdcb23cd6889",
    (7, SMOKE_HANDS): "52a1f601db9c9e89",
}
TOTAL_7 = {N_HANDS: 33_662_347_983, SMOKE_HANDS: 337_022_192}  # the sum of the 7-card strengths
ALL_7 = 133_784_560


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("width", [5, 6, 7])
def test_batch(benchmark, random_hands, width, threads):
    hands = random_hands[width]
    pokerlut.evaluate_batch(hands[:100])
    out = benchmark.pedantic(
        pokerlut.evaluate_batch, args=(hands,), kwargs=dict(validate=False, threads=threads), rounds=5
    )
    assert digest(out) == BATCH[width, len(hands)]
    hands_per_second(benchmark, len(hands), threads)


@pytest.mark.parametrize("threads", THREADS)
def test_batch_validated_7(benchmark, random_hands, threads):
    hands = random_hands[7]
    pokerlut.evaluate_batch(hands[:100])
    out = benchmark.pedantic(pokerlut.evaluate_batch, args=(hands,), kwargs=dict(threads=threads), rounds=5)
    assert digest(out) == BATCH[7, len(hands)]
    hands_per_second(benchmark, len(hands), threads)


@njit(inline="always")
def _strengths_of_rows(t, hands, out):
    """The same hand-state evaluation as the batch kernel, in a plain (serial) loop."""
    for i in range(hands.shape[0]):
        hand = kernels.hand_empty()
        for j in range(7):
            hand = kernels.hand_add(t, hand, hands[i, j])
        out[i] = kernels.hand_strength(t, hand)


@njit(cache=True, _nrt=False)
def plain_loop(t, hands, out):
    """`_strengths_of_rows` with the tables passed in, reference counting off."""
    _strengths_of_rows(t, hands, out)


def test_batch_7_plain_loop(benchmark, random_hands):
    t, hands = pokerlut.load_tables(), random_hands[7]
    out = np.empty(len(hands), dtype=np.uint16)
    plain_loop(t, hands[:10], out[:10])
    benchmark.pedantic(plain_loop, args=(t, hands, out), rounds=5)
    assert digest(out) == BATCH[7, len(hands)]
    hands_per_second(benchmark, len(hands), 1)


FROZEN = pokerlut.load_tables()  # a global: numba compiles its arrays in as constants


@njit
def plain_loop_frozen_tables(hands, out):
    """`_strengths_of_rows` with numba's defaults (reference counting on), the tables a global."""
    _strengths_of_rows(FROZEN, hands, out)


def test_batch_7_plain_loop_frozen_tables(benchmark, random_hands):
    hands = random_hands[7]
    out = np.empty(len(hands), dtype=np.uint16)
    plain_loop_frozen_tables(hands[:10], out[:10])
    benchmark.pedantic(plain_loop_frozen_tables, args=(hands, out), rounds=5)
    assert digest(out) == BATCH[7, len(hands)]
    hands_per_second(benchmark, len(hands), 1)


def _evaluate_loop(nrt):
    @njit(_nrt=nrt)
    def total_strength(hands):
        """`pokerlut.evaluate` of each row in a user's plain loop (checked, tables frozen)."""
        total = 0
        for i in range(hands.shape[0]):
            total += pokerlut.evaluate(hands[i])
        return total

    return total_strength


EVALUATE_LOOP = {nrt: _evaluate_loop(nrt) for nrt in (True, False)}


@pytest.mark.parametrize("nrt", [True, False], ids=["nrt", "no-nrt"])
def test_njit_evaluate_loop_7(benchmark, random_hands, nrt):
    hands, loop = random_hands[7], EVALUATE_LOOP[nrt]
    loop(hands[:10])
    total = benchmark.pedantic(loop, args=(hands,), rounds=5)
    assert total == TOTAL_7[len(hands)]
    hands_per_second(benchmark, len(hands), 1)


@pytest.mark.parametrize("threads", THREADS)
def test_batch_5_cactus_kev_kernel(benchmark, random_hands, threads):
    t, hands = pokerlut.load_tables(), random_hands[5]
    out = np.empty(len(hands), dtype=np.uint16)
    evaluate5_rows(t, hands[:10], out[:10])
    numba.set_num_threads(threads)
    try:
        benchmark.pedantic(evaluate5_rows, args=(t, hands, out), rounds=5)
    finally:
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    assert digest(out) == BATCH[5, len(hands)]
    hands_per_second(benchmark, len(hands), threads)


@pytest.mark.parametrize("threads", THREADS)
def test_count_all_seven_card_hands(benchmark, threads):
    """`pokerlut stats --cards 7`: most hands are counted by their last cards' ranks."""
    warm(benchmark, count_hands, 7, threads=threads)
    counts = benchmark.pedantic(count_hands, args=(7,), kwargs=dict(threads=threads), rounds=5)
    assert int(counts.sum()) == ALL_7 and digest(counts) == "19b8fed5e1b7eaa6"
    hands_per_second(benchmark, ALL_7, threads, unit="hands counted")


@pytest.mark.parametrize("threads", THREADS)
def test_every_seven_card_hand_in_order(benchmark, threads):
    """`pokerlut.strengths_in_order(7)`: the strength of every hand, in order, into one array."""
    out = np.zeros(ALL_7, np.uint16)
    warm(benchmark, pokerlut.strengths_in_order, 7, out=out, threads=threads)
    benchmark.pedantic(
        pokerlut.strengths_in_order, args=(7,), kwargs=dict(out=out, threads=threads), rounds=5
    )
    assert int(out[0]) == 7297 and int(out[-1]) == 7452  # 2c2d2h2s3c3d3h, KdKhKsAcAdAhAs: quads
    assert digest(out) == "94f6dd71c6c8eb02"
    hands_per_second(benchmark, ALL_7, threads)


@pytest.mark.parametrize(
    "hand",
    [
        [51, 47, 43, 39, 35],
        [51, 47, 43, 39, 35, 0, 5],
        "As Ks Qs Js Ts",
        np.array([51, 47, 43, 39, 35], np.uint8),
    ],
    ids=["five-ints", "seven-ints", "string", "uint8-array"],
)
def test_evaluate_one_hand(benchmark, hand):
    """One call of evaluate(); 1,000 calls a round, so the timer's own cost is spread out."""
    pokerlut.evaluate(hand)
    assert benchmark.pedantic(pokerlut.evaluate, args=(hand,), iterations=1000, rounds=200) == 7462
    record(benchmark, 1, "call", 1)  # pytest-benchmark's times are per iteration: per call


def test_import_and_first_evaluate_in_a_new_process(benchmark):
    code = "import pokerlut; print(pokerlut.evaluate('As Ks Qs Js Ts'))"

    def run():
        return subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout

    warm(benchmark, run)  # numba's cache
    assert benchmark.pedantic(run, rounds=5) == "7462\n"
    record(benchmark, 1, "process", 1)


def test_table_build(benchmark, tmp_path, smoke):
    """Every game's tables (in the smoke run one small game's), byte for byte the shipped ones."""
    from pokerlut.build import build_tables

    games = ["short-deck"] if smoke else None
    benchmark.pedantic(build_tables, args=(tmp_path, games), kwargs=dict(log=lambda *_: None), rounds=1)
    shipped = Path(__file__).resolve().parents[1] / "tables"
    written = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    folders = {p.parts[0] for p in written}
    every = {p.name for p in shipped.iterdir() if p.is_dir()}
    assert folders == ({"short-deck"} if smoke else every)
    for name in written:
        assert (tmp_path / name).read_bytes() == (shipped / name).read_bytes(), name
    record(benchmark, 1, "build")
