"""Equity throughput: exact enumeration and Monte Carlo (fixed seeds, compiled before timing)."""

import pytest
from conftest import THREADS, record

from pokerlut import equity

SIX_WAY = ["AsAh", "KsKh", "QcQd", "JcTc", "9h8h", "7d7s"]


@pytest.mark.parametrize("threads", THREADS)
def test_exact_heads_up_preflop(benchmark, threads):
    equity(["AsAh", "KsKh"], threads=threads)
    result = benchmark.pedantic(equity, args=(["AsAh", "KsKh"],), kwargs=dict(threads=threads),
                                rounds=20)
    assert result.exact and result.boards == 1_712_304
    record(benchmark, result.boards, "boards", threads)
    benchmark.extra_info["boards_per_s"] = round(result.boards / benchmark.stats.stats.min)


@pytest.mark.parametrize("threads", THREADS)
def test_exact_heads_up_preflop_suited(benchmark, threads):
    """Two suited hands of different suits: two suits' flush boards are heavy, two light (the
    board-counting parts are shared out by `balanced_order`)."""
    equity(["AhKh", "QsJs"], threads=threads)
    result = benchmark.pedantic(equity, args=(["AhKh", "QsJs"],), kwargs=dict(threads=threads),
                                rounds=20)
    assert result.exact and result.boards == 1_712_304
    record(benchmark, result.boards, "boards", threads)


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("players", [["AsAh", "KsKh"], SIX_WAY, ["QQ+,AK", "22+,A2s+"]],
                         ids=["heads-up", "6-way", "ranges"])
def test_monte_carlo_preflop(benchmark, players, threads):
    kwargs = dict(exact=False, trials=2_000_000, seed=7, threads=threads)
    equity(players, **kwargs)
    result = benchmark.pedantic(equity, args=(players,), kwargs=kwargs, rounds=5)
    record(benchmark, result.boards * len(players), "player-hands", threads)
    per_s = result.boards * len(players) / benchmark.stats.stats.min
    benchmark.extra_info["player_hands_per_s"] = round(per_s)
    benchmark.extra_info["player_hands_per_s_per_thread"] = round(per_s / threads)


@pytest.mark.parametrize("threads", THREADS)
def test_exact_range_vs_range_on_the_flop(benchmark, threads):
    args = (["QQ+,AK", "22+,A2s+"], "Kh7d2c")
    equity(*args, threads=threads)
    result = benchmark.pedantic(equity, args=args, kwargs=dict(threads=threads), rounds=5)
    assert result.exact
    record(benchmark, result.boards, "boards", threads)


def test_exact_omaha_heads_up_preflop(benchmark):
    args = (["AhKhQdJd", "8c7c6s5s"],)
    equity(*args, game="omaha")
    result = benchmark.pedantic(equity, args=args, kwargs=dict(game="omaha"), rounds=3)
    assert result.exact and result.boards == 1_086_008
    record(benchmark, result.boards, "boards")
