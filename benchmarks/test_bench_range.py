"""Range analysis: the exact equity after each turn card of a range against a range on a flop
(`equity_by_card`), and the exact equity distribution of a 500-hand range against another
(`equity_distribution`), on 1 and 2 threads, compiled before timing; the made hands and draws
of every hand ("random": 1,176 combos) on a flop (`breakdown`). Each result is checked
against a checksum of its figures (to 1e-9, computed once, the same on 1 and 2 threads); the smoke run takes the turn and
narrower ranges."""

import numpy as np
import pytest
from conftest import THREADS, digest, record, warm

from pokerlut import breakdown, equity_by_card, equity_distribution, parse_range

# 200 and 270 hands (before the board's cards take some)
BY_CARD = (["15%", "22+,A2+"], "Kh 7d 2c")
SMOKE_BY_CARD = (["15%", "22+,A2+"], "Kh 7d 2c 3s")
# 500 and 502 hands (the board leaves 444 and 431 of them)
DISTRIBUTION = (["37%", "22+,A2+,K2+,QT+,JT,T9s,98s"], "Kh 7d 2c")
SMOKE_DISTRIBUTION = (["QQ+,AK", "22+,A2s+"], "Kh 7d 2c")
# every two cards the board leaves: 1,176 on the flop (the smoke run: 1,128 on the turn)
BREAKDOWN = ("random", "Kh 7d 2c")
SMOKE_BREAKDOWN = ("random", "Kh 7d 2c 3s")

# digest of the figures (x 1e9, rounded): by card every card's players' equity, win and tie
# and its probability; the distribution every hand's equity, win, tie and frequency; the
# breakdown its lines' weights and each combo's category, made hand and draws (ints)
CHECKSUMS = {
    ("by card", False): "6cf741081d38b220",
    ("by card", True): "1c4eeef163b6ee71",
    ("distribution", False): "85dc2d85e51182dc",
    ("distribution", True): "6e357aa95b2b85c6",
    ("breakdown", False): "04d60146e7da5edf",
    ("breakdown", True): "136f06f708514461",
}


def by_card_figures(r) -> str:
    rows = [
        [p, *(x for q in c.players for x in (q.equity, q.win, q.tie))]
        for p, c in zip(r.probabilities, r.per_card)
    ]
    return digest(np.round(np.array(rows) * 1e9).astype(np.int64))


def distribution_figures(r) -> str:
    return digest(np.round(np.stack([r.equities, r.wins, r.ties, r.frequencies]) * 1e9).astype(np.int64))


def breakdown_figures(r) -> str:
    """The lines' weights, then each combo's category, made hand and draws."""
    codes = [r.categories, r.made, r.flush_draws, r.nut_flush_draws, r.straight_draws, r.straight_outs]
    codes += [r.backdoor_flush_draws, r.backdoor_straight_draws, r.overcards]
    return digest(
        np.concatenate([np.round(r.counts).astype(np.int64), *(np.asarray(c, np.int64) for c in codes)])
    )


def test_the_ranges_are_as_large_as_said():
    assert [len(parse_range(h)) for h in BY_CARD[0]] == [200, 270]
    assert [len(parse_range(h)) for h in DISTRIBUTION[0]] == [500, 502]


@pytest.mark.parametrize("threads", THREADS)
def test_by_card_range_against_range_on_the_flop(benchmark, smoke, threads):
    hands, board = SMOKE_BY_CARD if smoke else BY_CARD
    warm(benchmark, equity_by_card, hands, board, threads=threads)
    result = benchmark.pedantic(equity_by_card, args=(hands, board), kwargs=dict(threads=threads), rounds=3)
    assert by_card_figures(result) == CHECKSUMS["by card", smoke]
    record(benchmark, len(result.cards), "cards", threads)


@pytest.mark.parametrize("threads", THREADS)
def test_distribution_of_500_hands_against_500_on_the_flop(benchmark, smoke, threads):
    hands, board = SMOKE_DISTRIBUTION if smoke else DISTRIBUTION
    warm(benchmark, equity_distribution, hands, board, threads=threads)
    result = benchmark.pedantic(
        equity_distribution, args=(hands, board), kwargs=dict(threads=threads), rounds=3
    )
    assert distribution_figures(result) == CHECKSUMS["distribution", smoke]
    record(benchmark, len(result.combos), "hands", threads)


def test_breakdown_of_every_hand_on_the_flop(benchmark, smoke):
    hands, board = SMOKE_BREAKDOWN if smoke else BREAKDOWN
    warm(benchmark, breakdown, hands, board)
    result = benchmark.pedantic(breakdown, args=(hands, board), rounds=20)
    assert len(result.cards) == (1128 if smoke else 1176)
    assert result.counts[: len(result.made_hands)].sum() == len(result.cards)  # one made hand each
    assert breakdown_figures(result) == CHECKSUMS["breakdown", smoke]
    record(benchmark, len(result.cards), "combos", 1)
