"""Video poker: a whole pay table (every deal played with its best hold, exact) on 1 and 2
threads, once its subset sums are made (the first call of a table, cached), and the 32 holds
of one hand."""

import pytest
from conftest import THREADS, record

import pokerlut
from pokerlut.video_poker import holds, paytable, video_poker


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("name", ["jacks-or-better-9-6", "deuces-wild", "joker-poker"])
def test_video_poker_whole_table(benchmark, name, threads):
    table = paytable(name)
    video_poker(table, threads=threads)  # compile, and make the table's subset sums
    game = benchmark.pedantic(video_poker, args=(table,), kwargs=dict(threads=threads), rounds=5)
    assert 0.97 < game.expected_return < 1.01
    record(benchmark, 1, "pay tables", threads)


@pytest.mark.parametrize("name", ["jacks-or-better-9-6", "deuces-wild"])
def test_video_poker_holds_of_one_hand(benchmark, name):
    hand = pokerlut.parse_cards("2h 2d 7s 8s 9c")
    holds(hand, name)
    found = benchmark(holds, hand, name)
    assert len(found) == 32
    record(benchmark, 1, "hands", 1)
