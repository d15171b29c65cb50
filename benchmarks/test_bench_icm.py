"""ICM (`pokerlut.icm`), the issue's three targets: 10 players exact (<= 1 ms), 20 players with
every place paid exact (<= 100 ms), 1,000 players sampled to 0.1 % of the prize pool (<= 1 s:
the standard error of the largest equity, at the default trials). Fixed stacks and seeds; each
result's shares of the prize pool checked against the figures computed once (the same on any
number of threads); the smoke run samples fewer orders."""

import numpy as np
import pytest
from conftest import THREADS, near, record, sized, warm

from pokerlut import icm


def field(players: int, paid: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Stacks of `players` (log-normal, as a tournament's spread out) and `paid` payouts of a
    prize pool of 1,000,000, falling as 1 / place (first place 17.9 % of 150 places)."""
    rng = np.random.default_rng(seed)
    stacks = np.round(rng.lognormal(0, 1, players) * 10_000)
    weights = 1 / np.arange(1, paid + 1)
    return stacks, 1_000_000 * weights / weights.sum()


def shares(result, players: int = 3) -> list[float]:
    """The first players' equities and the largest standard error, as shares of the pool."""
    pool = result.payouts.sum()
    return [*(result.equity[:players] / pool), result.stderr.max() / pool]


def test_icm_exact_10_players(benchmark):
    stacks, payouts = field(10, 10, seed=10)
    warm(benchmark, icm, stacks, payouts)
    result = benchmark(icm, stacks, payouts)
    assert result.exact
    assert shares(result) == near([0.0594555091643, 0.0694227288847, 0.0677511778396, 0.0])
    record(benchmark, 1, "calls", 1)


def test_icm_exact_20_players_every_place_paid(benchmark):
    stacks, payouts = field(20, 20, seed=20)
    warm(benchmark, icm, stacks, payouts)
    result = benchmark.pedantic(icm, args=(stacks, payouts), rounds=10)
    assert result.exact
    assert shares(result) == near([0.0405144700185, 0.0966359887351, 0.107598383931, 0.0])
    record(benchmark, 1, "calls", 1)


# the figures of seed 7 at the default trials (100,000 for 1,000 players) and the smoke run's
SAMPLED = {
    100_000: [0.000482577148101, 0.000411721635632, 0.00332035044561, 7.0790379152e-05],
    5_000: [0.000383832098642, 0.000415153875235, 0.00330867527978, 0.000320698161886],
}


@pytest.mark.parametrize("threads", THREADS)
def test_icm_sampled_1000_players(benchmark, smoke, threads):
    stacks, payouts = field(1000, 150, seed=1000)
    trials = sized(smoke, 100_000, 5_000)
    kwargs = dict(trials=None if trials == 100_000 else trials, seed=7, threads=threads)
    warm(benchmark, icm, stacks, payouts, **kwargs)
    result = benchmark.pedantic(icm, args=(stacks, payouts), kwargs=kwargs, rounds=3)
    assert not result.exact and result.trials == trials
    assert shares(result) == near(SAMPLED[trials])
    if not smoke:  # the target: the largest equity within 0.1 % of the pool, one standard error
        assert result.stderr[np.argmax(result.equity)] <= 0.001 * payouts.sum()
    record(benchmark, trials, "finishing orders", threads)
