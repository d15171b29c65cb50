"""`pokerlut.icm`: the Malmuth-Harville model's equities, exact (both ways of the dynamic
programme) against pokerkit's brute force over finishing orders and its documented examples;
the model's invariants; the sampler against the exact values; players with no chips; seeds and
threads; bad input; the result's data."""

import json
from decimal import Decimal
from fractions import Fraction

import numba
import numpy as np
import pytest

import pokerlut
from pokerlut import _icm
from pokerlut._icm import icm
from pokerlut._kernels.icm import exact_dense
from reference import icm as reference_icm

# pokerkit's `calculate_icm(payouts, chips)` docstring examples: (chips, payouts, the values
# as its doctest prints them, "..." where it cuts them)
POKERKIT_EXAMPLES = [
    ([50, 30, 20], [70, 30], ["45.17", "32.25", "22.57"]),
    ([25, 87, 88], [50, 30, 20], ["25.69", "37.08", "37.21"]),
    ([21, 89, 90], [50, 30, 20], ["24.85", "37.51", "37.63"]),
    ([198, 1, 1], [50, 30, 20], ["49.79", "25.10", "25.10"]),
]


def random_case(rng, players, places=None, zeros=0):
    """Random stacks of `players` (the first `zeros` of them out) and `places` payouts, largest
    first."""
    stacks = rng.integers(1, 10_000, players).astype(float)
    stacks[:zeros] = 0
    places = places or int(rng.integers(1, players + 1))
    return rng.permutation(stacks), np.sort(rng.random(places) * 100)[::-1]


@pytest.fixture(params=["dense", "ranked"])
def programme(request, monkeypatch):
    """Each way of the dynamic programme in turn: over bitmasks, and (no bitmasks) by rank."""
    if request.param == "ranked":
        monkeypatch.setattr(_icm, "DENSE_PLAYERS", 0)
    return request.param


@pytest.mark.parametrize("chips, payouts, shown", POKERKIT_EXAMPLES)
def test_pokerkits_documented_examples(chips, payouts, shown, programme):
    r = icm(chips, payouts)
    assert r.exact
    assert [f"{e:.5f}"[: len(s)] for e, s in zip(r.equity, shown)] == shown


def test_the_same_as_pokerkits_brute_force_over_orders(programme):
    analysis = pytest.importorskip("pokerkit.analysis")
    rng = np.random.default_rng(56)
    for _ in range(150):
        stacks, payouts = random_case(rng, int(rng.integers(1, 9)))
        expected = analysis.calculate_icm(payouts, stacks)
        assert icm(stacks, payouts).equity == pytest.approx(expected, rel=1e-12, abs=1e-12)
    stacks, payouts = random_case(rng, 30, places=3)  # many players, few paid: by rank
    assert icm(stacks, payouts).equity == pytest.approx(
        analysis.calculate_icm(payouts, stacks), rel=1e-12, abs=1e-12
    )


def test_the_two_programmes_agree(monkeypatch):
    rng = np.random.default_rng(1)
    cases = [random_case(rng, n, places) for n, places in [(12, 12), (12, 5), (16, 3), (9, 1)]]
    monkeypatch.setattr(_icm, "DENSE_PLAYERS", 0)  # `_exact` takes the ranked programme
    for stacks, payouts in cases:
        dense = np.zeros(len(stacks))
        exact_dense(stacks, payouts, dense, np.zeros(1 << len(stacks)))
        assert _icm._exact(stacks, payouts) == pytest.approx(dense, rel=1e-12, abs=1e-15)


def test_invariants():
    rng = np.random.default_rng(2)
    for players in (2, 5, 10, 18):
        stacks, payouts = random_case(rng, players)
        r = icm(stacks, payouts)
        assert r.equity.sum() == pytest.approx(payouts.sum(), rel=1e-12)  # nothing lost
        order = np.argsort(stacks, kind="stable")
        assert np.all(np.diff(r.equity[order]) >= -1e-9)  # a bigger stack never gets less
        assert icm(stacks * 7.5, payouts).equity == pytest.approx(r.equity, rel=1e-12)  # chips' unit
        assert icm(stacks, payouts * 3).equity == pytest.approx(3 * r.equity, rel=1e-12)
        equal = icm(np.full(players, 1500), payouts).equity
        assert equal == pytest.approx(np.full(players, payouts.sum() / players), rel=1e-12)
    assert icm([1], [100]).equity.tolist() == [100.0]
    assert icm([10, 20], [0, 0]).equity.tolist() == [0.0, 0.0]  # nothing paid


def test_payouts_shorter_than_the_field_pay_nothing_past_them():
    r = icm([50, 30, 20, 10], [60, 40])
    assert r.equity == pytest.approx(icm([50, 30, 20, 10], [60, 40, 0, 0]).equity, rel=1e-15)
    assert len(r.payouts) == 2 and r.equity.sum() == pytest.approx(100)


def test_players_with_no_chips_share_the_last_places():
    r = icm([7000, 0, 2000, 0], [50, 30, 20])
    assert r.equity[[1, 3]].tolist() == [10.0, 10.0]  # third and fourth (no prize) shared
    alive = icm([7000, 2000], [50, 30])  # the others' equities are those of the two alone
    assert r.equity[[0, 2]] == pytest.approx(alive.equity, rel=1e-14)
    tiny = icm([7000, 1e-9, 2000, 1e-9], [50, 30, 20])  # the limit of equal tiny stacks
    assert tiny.equity == pytest.approx(r.equity, rel=1e-9)
    sampled = icm([7000, 0, 2000, 0], [50, 30, 20], exact=False, trials=20_000, seed=3)
    assert sampled.equity[[1, 3]].tolist() == [10.0, 10.0] and sampled.stderr[[1, 3]].tolist() == [0, 0]
    assert icm([5, 0, 0], [10, 6, 2]).equity.tolist() == [10.0, 4.0, 4.0]


def test_the_sampler_is_within_4_standard_errors_of_the_exact_values():
    rng = np.random.default_rng(20)
    stacks, payouts = random_case(rng, 20, places=20)  # every place paid
    exact = icm(stacks, payouts)
    assert exact.exact and exact.trials == 0 and not exact.stderr.any()
    sampled = icm(stacks, payouts, trials=200_000, seed=11)
    assert not sampled.exact and sampled.trials == 200_000 and sampled.seed == 11
    assert np.all(np.abs(sampled.equity - exact.equity) <= 4 * sampled.stderr)
    assert sampled.equity.sum() == pytest.approx(payouts.sum(), rel=1e-12)
    assert sampled.stderr.max() < 0.01 * payouts.sum()
    stacks, payouts = random_case(rng, 60, places=4)  # few paid: drawn by rejection alone
    exact, sampled = icm(stacks, payouts), icm(stacks, payouts, exact=False, trials=100_000, seed=12)
    assert exact.exact and np.all(np.abs(sampled.equity - exact.equity) <= 4 * sampled.stderr + 1e-12)


def test_a_large_field_is_sampled():
    stacks = np.full(2000, 5000.0)
    payouts = np.linspace(300, 10, 300)
    r = icm(stacks, payouts, seed=5)  # default trials
    assert not r.exact and r.trials == 50_000
    share = payouts.sum() / len(stacks)  # equal stacks: equal shares
    assert np.all(np.abs(r.equity - share) <= 5 * r.stderr)
    assert r.equity.sum() == pytest.approx(payouts.sum(), rel=1e-12)


def test_what_exact_none_picks_and_where_exact_stops():
    assert icm(np.arange(1, 23), np.arange(22, 0, -1)).exact  # 22 players, every place paid
    assert not icm(np.arange(1, 24), np.arange(23, 0, -1), trials=1000, seed=1).exact
    assert _icm.exact_work(23, 23, 10**12) > _icm.EXACT_BUDGET
    assert icm(np.arange(1, 501), [50, 30, 20]).exact  # many players, few paid: by rank
    assert not icm(np.arange(1, 11), [5, 3], trials=1000, seed=1).exact  # trials given
    assert icm(np.arange(1, 11), [5, 3], exact=True, trials=1000).trials == 0
    with pytest.raises(ValueError, match=r"exact=True: 25 players with chips and 25 places"):
        icm(np.arange(1, 26), np.arange(25, 0, -1), exact=True)
    assert _icm.exact_work(24, 24, 10**12) <= _icm.EXACT_LIMIT  # 24 is the most, every place paid


def test_seeds_reproduce_whatever_the_thread_count():
    rng = np.random.default_rng(4)
    stacks, payouts = random_case(rng, 300, places=45)
    first = icm(stacks, payouts, trials=5000, seed=9, threads=1)
    threads = min(2, numba.config.NUMBA_NUM_THREADS)
    again = icm(stacks, payouts, trials=5000, seed=9, threads=threads)
    assert np.array_equal(first.equity, again.equity) and np.array_equal(first.stderr, again.stderr)
    other = icm(stacks, payouts, trials=5000, seed=10)
    assert not np.array_equal(first.equity, other.equity)
    drawn = icm(stacks, payouts, trials=5000)  # a random seed, reported
    assert np.array_equal(drawn.equity, icm(stacks, payouts, trials=5000, seed=drawn.seed).equity)


def test_amounts_as_decimals_fractions_and_arrays():
    expected = icm([5000, 3000, 2000], [50, 30, 20]).equity
    for stacks, payouts in [
        ([Decimal("5000"), Decimal("3000"), Decimal("2000")], [Decimal("50.0"), 30, Fraction(20)]),
        (np.array([5000, 3000, 2000], np.int32), np.array([50, 30, 20], np.float32)),
        ((5000.0, 3000.0, 2000.0), (50, 30, 20)),
    ]:
        assert icm(stacks, payouts).equity == pytest.approx(expected, rel=1e-12)
    pd = pytest.importorskip("pandas")
    assert icm(pd.Series([5000, 3000, 2000]), [50, 30, 20]).equity == pytest.approx(expected)


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: icm("5000 3000", [50]), TypeError, r"stacks must be a sequence of numbers, not str"),
        (lambda: icm(5000, [50]), TypeError, r"stacks must be a sequence of numbers, not int"),
        (lambda: icm([5000, "3000"], [50]), TypeError, r"stacks must be numbers"),
        (lambda: icm([5000, None], [50]), TypeError, r"stacks must be numbers, not None"),
        (lambda: icm([True, False], [50]), TypeError, r"stacks must be numbers, not bool"),
        (lambda: icm([5000, 3000], {50: 1}), TypeError, r"payouts must be a sequence"),
        (lambda: icm([[5000, 3000]], [50]), ValueError, r"stacks must be one number each \(1-D\)"),
        (lambda: icm([5000, [3000, 1]], [50]), ValueError, r"stacks must be one number each"),
        (lambda: icm([5000, -1], [50]), ValueError, r"stacks\[1\] is -1.0: each must be a finite"),
        (lambda: icm([5000, float("nan")], [50]), ValueError, r"stacks\[1\] is nan"),
        (lambda: icm([5000, float("inf")], [50]), ValueError, r"stacks\[1\] is inf"),
        (lambda: icm([0, 0], [50]), ValueError, r"stacks: no player has chips"),
        (lambda: icm([], [50]), ValueError, r"stacks: no player has chips"),
        (lambda: icm([5000, 3000], [50, -30]), ValueError, r"payouts\[1\] is -30.0"),
        (lambda: icm([5000, 3000], [50, float("nan")]), ValueError, r"payouts\[1\] is nan"),
        (lambda: icm([5000, 3000], [50, 30, 20]), ValueError, r"payouts: 3 places paid for 2 players"),
        (lambda: icm([5000, 3000], []), ValueError, r"payouts: 0 places paid"),
        (lambda: icm([5000, 3000], [50], exact="yes"), TypeError, r"exact must be True, False or None"),
        (lambda: icm([5000, 3000], [50], trials=0), ValueError, r"trials must be an int"),
        (lambda: icm([5000, 3000], [50], trials=1.5), ValueError, r"trials must be an int"),
        (lambda: icm([5000, 3000], [50], seed=-1), ValueError, r"seed must be an int"),
        (lambda: icm([5000, 3000], [50], threads=0), ValueError, r"threads must be"),
        (lambda: icm([5000, 3000], 50), TypeError, r"payouts must be a sequence of numbers, not int"),
    ],
)
def test_bad_input_is_named(call, error, message):
    with pytest.raises(error, match=message) as raised:
        call()
    assert type(raised.value) is error


def test_the_result():
    r = icm([5000, 3000, 2000, 0], [50, 30, 20], trials=2000, seed=1)
    assert repr(r) == (
        "IcmResult(4 players, 3 paid, sampled, seed 1, 2,000 trials, equity "
        + " | ".join(f"{e:.6g}" for e in r.equity)
        + ")"
    )
    assert "..." in repr(icm(np.ones(10), [1.0]))
    data = r.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["equity"] == r.equity.tolist() and data["seed"] == 1 and data["trials"] == 2000
    with pytest.raises(ValueError, match="read-only"):
        r.equity[0] = 1.0
    assert type(r) is pokerlut.IcmResult and pokerlut.icm is icm
    pytest.importorskip("pandas")
    frame = r.to_frame()
    assert frame.index.name == "player" and list(frame.columns) == ["stack", "equity", "stderr"]
    assert frame["equity"].tolist() == r.equity.tolist()


@pytest.mark.parametrize("players", range(2, 9))
def test_exact_equals_the_independent_brute_force_over_finishing_orders(players, programme):
    """tests/reference/icm.py, written from the model alone (every order, Fractions): integer
    stacks, some players out of chips, payouts fewer than the players and in any order."""
    rng = np.random.default_rng(players)
    for zeros in (0, 1, players // 3):
        stacks = [int(s) for s in rng.integers(1, 500, players)]
        stacks[:zeros] = [0] * zeros
        payouts = [int(p) for p in rng.integers(0, 100, int(rng.integers(1, players + 1)))]
        want = reference_icm.icm(stacks, payouts)
        got = icm(stacks, payouts, exact=True).equity
        assert got.tolist() == pytest.approx([float(w) for w in want], abs=1e-9), (stacks, payouts)
