"""Equity throughput: exact enumeration and Monte Carlo (fixed seeds, compiled before timing);
each result's figures checked against the ones computed once (`figures`), whatever the threads."""

import pytest
from conftest import THREADS, figures, near, record, warm

from pokerlut import equity

SIX_WAY = ["AsAh", "KsKh", "QcQd", "JcTc", "9h8h", "7d7s"]


@pytest.mark.parametrize("threads", THREADS)
def test_exact_heads_up_preflop(benchmark, threads):
    warm(benchmark, equity, ["AsAh", "KsKh"], threads=threads)
    result = benchmark.pedantic(equity, args=(["AsAh", "KsKh"],), kwargs=dict(threads=threads), rounds=20)
    assert result.exact and result.dealt == 1_712_304
    assert figures(result) == near(
        [0.823648137247, 0.00543595062559, 0.826366112559, 0.170915912128, 0.00543595062559, 0.173633887441]
    )
    record(benchmark, result.dealt, "boards", threads)
    if not benchmark.disabled:
        benchmark.extra_info["boards_per_s"] = round(result.dealt / benchmark.stats.stats.min)


@pytest.mark.parametrize("threads", THREADS)
def test_exact_heads_up_preflop_suited(benchmark, threads):
    """Two suited hands of different suits: two suits' flush boards are heavy, two light (the
    board-counting parts are shared out by `balanced_order`)."""
    warm(benchmark, equity, ["AhKh", "QsJs"], threads=threads)
    result = benchmark.pedantic(equity, args=(["AhKh", "QsJs"],), kwargs=dict(threads=threads), rounds=20)
    assert result.exact and result.dealt == 1_712_304
    assert figures(result) == near(
        [0.624705075734, 0.00497458395238, 0.62719236771, 0.370320340313, 0.00497458395238, 0.37280763229]
    )
    record(benchmark, result.dealt, "boards", threads)


# the figures of 2,000,000 trials of seed 7 (the same on any number of threads)
MONTE_CARLO = {
    "heads-up": [0.823426, 0.005472, 0.826162, 0.171102, 0.005472, 0.173838],
    "6-way": [
        0.3512495,
        0.0007145,
        0.351368583333,
        0.1516085,
        0.0007145,
        0.151727583333,
        0.1398865,
        0.0007145,
        0.140005583333,
        0.1348005,
        0.0007145,
        0.134919583333,
        0.123106,
        0.0007145,
        0.123225083333,
        0.0986345,
        0.0007145,
        0.0987535833333,
    ],
    "ranges": [0.6260155, 0.0237155, 0.63787325, 0.350269, 0.0237155, 0.36212675],
}


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("spot", list(MONTE_CARLO))
def test_monte_carlo_preflop(benchmark, spot, threads):
    players = {"heads-up": ["AsAh", "KsKh"], "6-way": SIX_WAY, "ranges": ["QQ+,AK", "22+,A2s+"]}[spot]
    kwargs = dict(exact=False, trials=2_000_000, seed=7, threads=threads)
    warm(benchmark, equity, players, **kwargs)
    result = benchmark.pedantic(equity, args=(players,), kwargs=kwargs, rounds=5)
    assert not result.exact and result.dealt == 2_000_000
    assert figures(result) == near(MONTE_CARLO[spot])
    record(benchmark, result.dealt * len(players), "player-hands", threads)
    if benchmark.disabled:
        return
    per_s = result.dealt * len(players) / benchmark.stats.stats.min
    benchmark.extra_info["player_hands_per_s"] = round(per_s)
    benchmark.extra_info["player_hands_per_s_per_thread"] = round(per_s / threads)


@pytest.mark.parametrize("threads", THREADS)
def test_exact_range_vs_range_on_the_flop(benchmark, threads):
    args = (["QQ+,AK", "22+,A2s+"], "Kh7d2c")
    warm(benchmark, equity, *args, threads=threads)
    result = benchmark.pedantic(equity, args=args, kwargs=dict(threads=threads), rounds=5)
    assert result.exact and result.dealt == 2_625_480
    assert figures(result) == near(
        [0.81923762512, 0.0110379816262, 0.824756615933, 0.169724393254, 0.0110379816262, 0.175243384067]
    )
    record(benchmark, result.dealt, "boards", threads)


def test_exact_omaha_heads_up_preflop(benchmark):
    args = (["AhKhQdJd", "8c7c6s5s"],)
    warm(benchmark, equity, *args, deal="omaha")
    result = benchmark.pedantic(equity, args=args, kwargs=dict(deal="omaha"), rounds=3)
    assert result.exact and result.dealt == 1_086_008
    assert figures(result) == near([0.548387304698, 0, 0.548387304698, 0.451612695302, 0, 0.451612695302])
    record(benchmark, result.dealt, "boards")
