"""Equity in the other games (issue 9 targets): exact Omaha hi-lo against exact Omaha high,
heads-up preflop; Monte Carlo stud three-way from third street (player-hands per second); exact
short-deck heads-up preflop. Fixed seeds, compiled before timing, results checked."""

import pytest
from conftest import THREADS, record

from pokerlut import equity

OMAHA = ["AhKh2d3d", "8c7c6s5s"]


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("game", ["omaha", "omaha-hi-lo"])
def test_exact_omaha_heads_up_preflop_high_and_hi_lo(benchmark, game, threads):
    equity(OMAHA, game=game, board="Ts 9s 4c 4h", threads=threads)  # compile
    result = benchmark.pedantic(equity, args=(OMAHA,), kwargs=dict(game=game, threads=threads),
                                rounds=3)
    assert result.exact and result.boards == 1_086_008
    assert sum(p.equity for p in result.players) == pytest.approx(1)
    record(benchmark, result.boards, "boards", threads)


@pytest.mark.parametrize("threads", THREADS)
def test_monte_carlo_stud_three_way_third_street(benchmark, threads):
    players = ["As 2h 3c", "Ks Kh 9c", "Qd Jd Td"]
    kwargs = dict(game="stud", exact=False, trials=4_000_000, seed=3, threads=threads)
    equity(players, **kwargs)
    result = benchmark.pedantic(equity, args=(players,), kwargs=kwargs, rounds=5)
    assert sum(p.equity for p in result.players) == pytest.approx(1)
    record(benchmark, result.boards * len(players), "player-hands", threads)
    per_s = result.boards * len(players) / benchmark.stats.stats.min
    benchmark.extra_info["player_hands_per_s"] = round(per_s)
    benchmark.extra_info["player_hands_per_s_per_thread"] = round(per_s / threads)


@pytest.mark.parametrize("threads", THREADS)
def test_exact_short_deck_heads_up_preflop(benchmark, threads):
    equity(["AsAh", "KsKh"], game="short-deck", threads=threads)
    result = benchmark.pedantic(equity, args=(["AsAh", "KsKh"],),
                                kwargs=dict(game="short-deck", threads=threads), rounds=20)
    assert result.exact and result.boards == 201_376
    record(benchmark, result.boards, "boards", threads)
