"""Draw games (issue 48): exact heads-up equity after one draw, one card and three cards drawn
each (targets on the 2-core reference machine: 10 ms and 1 s), and Monte Carlo through the
three draws of deuce-to-seven triple draw (target: 20 M deals a second a thread); each result
checked against the figures computed once (`figures`), whatever the threads."""

import pytest
from conftest import THREADS, figures, near, record, sized, warm

from pokerlut import equity

ONE_CARD = (["7s6d3c2h", "8c5h4d3s"], "Kd Qc")  # one card each: 1,722 deals
THREE_CARDS = (["7s6d", "8c5h"], "Kd Qc Jh")  # three cards each: 162,901,200 deals


@pytest.mark.parametrize("threads", THREADS)
def test_exact_one_card_each(benchmark, threads):
    hands, dead = ONE_CARD
    kwargs = dict(dead=dead, deal="2-7-single-draw", threads=threads)
    warm(benchmark, equity, hands, **kwargs)
    result = benchmark.pedantic(equity, args=(hands,), kwargs=kwargs, rounds=20)
    assert result.exact and result.dealt == 1_722
    assert figures(result) == near([0.53193960511, 0.0, 0.53193960511, 0.46806039489, 0.0, 0.46806039489])
    record(benchmark, result.dealt, "deals", threads)


@pytest.mark.parametrize("threads", THREADS)
def test_exact_three_cards_each(benchmark, threads):
    hands, dead = THREE_CARDS
    kwargs = dict(dead=dead, deal="2-7-single-draw", threads=threads)
    warm(benchmark, equity, hands, **kwargs)
    result = benchmark.pedantic(equity, args=(hands,), kwargs=kwargs, rounds=5)
    assert result.exact and result.dealt == 162_901_200
    assert figures(result) == near(
        [0.495676809011, 4.67399871824e-05, 0.495700179004, 0.504276451002, 4.67399871824e-05, 0.504299820996]
    )
    record(benchmark, result.dealt, "deals", threads)
    if not benchmark.disabled:
        benchmark.extra_info["deals_per_s"] = round(result.dealt / benchmark.stats.stats.min)


# seed 7, dead Kd: (trials: the figures), the same on any number of threads
MONTE_CARLO = {
    "pat 8-low against one card": (
        ["7s6d3c2h", "8c5h4d3s2d"],
        {
            2_000_000: [0.314115, 0.0, 0.314115, 0.685885, 0.0, 0.685885],
            20_000: [0.31275, 0.0, 0.31275, 0.68725, 0.0, 0.68725],
        },
    ),
    "both drawing two": (
        ["7s6d3c", "8c5h4d"],
        {
            2_000_000: [0.506154, 0.000143, 0.5062255, 0.493703, 0.000143, 0.4937745],
            20_000: [0.51095, 0.00015, 0.511025, 0.4889, 0.00015, 0.488975],
        },
    ),
}


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("spot", list(MONTE_CARLO))
def test_monte_carlo_triple_draw(benchmark, smoke, spot, threads):
    hands, expected = MONTE_CARLO[spot]
    trials = sized(smoke, 2_000_000, 20_000)
    kwargs = dict(dead="Kd", deal="2-7-triple-draw", trials=trials, seed=7, threads=threads)
    warm(benchmark, equity, hands, **kwargs)
    result = benchmark.pedantic(equity, args=(hands,), kwargs=kwargs, rounds=5)
    assert not result.exact and result.dealt == trials and result.draw_rounds == 3
    assert figures(result) == near(expected[trials])
    record(benchmark, result.dealt, "deals", threads)
    if benchmark.disabled:
        return
    per_s = result.dealt / benchmark.stats.stats.min
    benchmark.extra_info["deals_per_s"] = round(per_s)
    benchmark.extra_info["deals_per_s_per_thread"] = round(per_s / threads)
