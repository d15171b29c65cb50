"""Equity in the other games (issue 9 targets): exact Omaha hi-lo against exact Omaha high,
heads-up preflop; Monte Carlo stud three-way from third street (player-hands per second); exact
short-deck heads-up preflop. Fixed seeds, compiled before timing, each result's figures checked
against the ones computed once (`figures`)."""

import pytest
from conftest import THREADS, figures, near, record, warm

from pokerlut import equity

OMAHA = ["AhKh2d3d", "8c7c6s5s"]
OMAHA_FIGURES = {
    "omaha": [0.485989974291, 0, 0.485989974291, 0.514010025709, 0, 0.514010025709],
    "omaha-hi-lo": [
        0.396868163034,
        0.340334509506,
        0.567063732496,
        0.26279732746,
        0.340334509506,
        0.432936267504,
    ],
}


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("deal", ["omaha", "omaha-hi-lo"])
def test_exact_omaha_heads_up_preflop_high_and_hi_lo(benchmark, deal, threads):
    equity(OMAHA, deal=deal, board="Ts 9s 4c 4h", threads=threads)  # compile
    result = benchmark.pedantic(equity, args=(OMAHA,), kwargs=dict(deal=deal, threads=threads), rounds=3)
    assert result.exact and result.dealt == 1_086_008
    assert figures(result) == near(OMAHA_FIGURES[deal])
    record(benchmark, result.dealt, "boards", threads)


@pytest.mark.parametrize("threads", THREADS)
def test_monte_carlo_stud_three_way_third_street(benchmark, threads):
    players = ["As 2h 3c", "Ks Kh 9c", "Qd Jd Td"]
    kwargs = dict(deal="stud", exact=False, trials=4_000_000, seed=3, threads=threads)
    warm(benchmark, equity, players, **kwargs)
    result = benchmark.pedantic(equity, args=(players,), kwargs=kwargs, rounds=5)
    assert not result.exact and result.dealt == 4_000_000
    assert figures(result) == near(
        [0.1858485, 1.4e-05, 0.1858555, 0.435513, 0.000183, 0.4356045, 0.37844775, 0.0001845, 0.37854]
    )
    record(benchmark, result.dealt * len(players), "player-hands", threads)
    if benchmark.disabled:
        return
    per_s = result.dealt * len(players) / benchmark.stats.stats.min
    benchmark.extra_info["player_hands_per_s"] = round(per_s)
    benchmark.extra_info["player_hands_per_s_per_thread"] = round(per_s / threads)


@pytest.mark.parametrize("threads", THREADS)
def test_exact_short_deck_heads_up_preflop(benchmark, threads):
    warm(benchmark, equity, ["AsAh", "KsKh"], deal="short-deck", threads=threads)
    result = benchmark.pedantic(
        equity, args=(["AsAh", "KsKh"],), kwargs=dict(deal="short-deck", threads=threads), rounds=20
    )
    assert result.exact and result.dealt == 201_376
    assert figures(result) == near(
        [0.74276974416, 0.014947163515, 0.750243325918, 0.242283092325, 0.014947163515, 0.249756674082]
    )
    record(benchmark, result.dealt, "boards", threads)
