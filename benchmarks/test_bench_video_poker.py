"""Video poker: a whole pay table (every deal played with its best hold, exact) on 1 and 2
threads, once its subset sums are made (the first call of a table, cached), and the 32 holds
of one hand. Each result is checked against its exact figures, computed once."""

from fractions import Fraction

import pytest
from conftest import THREADS, record, warm

import pokerlut
from pokerlut._video_poker import holds, paytable, video_poker


# each pay table's exact return under best play, and the deals by the cards the best hold keeps
RETURNS = {
    "jacks-or-better-9-6": (
        Fraction("1653526326983/1661102543100"),
        {0: 84360, 1: 403968, 2: 1651440, 3: 147528, 4: 292176, 5: 19488},
    ),
    "deuces-wild": (
        Fraction("32187682693/31944279675"),
        {0: 495528, 1: 363312, 2: 961200, 3: 449816, 4: 264724, 5: 64380},
    ),
    "joker-poker": (
        Fraction("412127554537/409481092020"),
        {0: 321684, 1: 473112, 2: 1416960, 3: 326964, 4: 299048, 5: 31917},
    ),
}


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("name", list(RETURNS))
def test_video_poker_whole_table(benchmark, name, threads):
    table = paytable(name)
    warm(benchmark, video_poker, table, threads=threads)  # compile, make the table's subset sums
    game = benchmark.pedantic(video_poker, args=(table,), kwargs=dict(threads=threads), rounds=5)
    assert (game.exact_return, game.kept) == RETURNS[name]
    record(benchmark, 1, "pay tables", threads)


# the best hold of 2h 2d 7s 8s 9c, its value, and the sum of the 32 holds' values
HOLDS = {
    "jacks-or-better-9-6": ((2, 1), Fraction("4452/5405"), Fraction("64929044/7669695")),
    "deuces-wild": ((2, 1, 23, 27), Fraction("156/47"), Fraction("89382104/2556565")),
}


@pytest.mark.parametrize("name", list(HOLDS))
def test_video_poker_holds_of_one_hand(benchmark, name):
    hand = pokerlut.parse_cards("2h 2d 7s 8s 9c")
    warm(benchmark, holds, hand, name)
    found = benchmark(holds, hand, name)
    assert len(found) == 32
    assert (found[0].keep, found[0].value, sum(h.value for h in found)) == HOLDS[name]
    record(benchmark, 1, "hands", 1)
