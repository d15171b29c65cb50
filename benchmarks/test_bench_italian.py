"""Italian poker: batch `compare` of two arrays of five-card hands (target: 100 M pairs/s on
one thread), and the batch strength, for 4 players (32 cards) and 9 (52 cards).

Run with `make bench`.
"""

import numpy as np
import pytest
from conftest import THREADS, hands_per_second

import pokerlut

N_PAIRS = 5_000_000


@pytest.fixture(scope="module")
def deals():
    """players -> two (N_PAIRS, 5) arrays of disjoint random hands of the Italian deck."""
    rng = np.random.default_rng(14)
    out = {}
    for players in (4, 9):
        deck = pokerlut.italian_deck(players)
        order = np.argsort(rng.random((N_PAIRS // 5, len(deck)), dtype=np.float32), axis=1)
        both = np.tile(deck[order[:, :10]], (5, 1))
        out[players] = np.ascontiguousarray(both[:, :5]), np.ascontiguousarray(both[:, 5:])
    return out


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("players", [4, 9])
def test_compare_batch_italian(benchmark, deals, players, threads):
    a, b = deals[players]
    pokerlut.compare_batch(a[:100], b[:100], game="italian", players=players)
    out = benchmark.pedantic(pokerlut.compare_batch, args=(a, b),
                             kwargs=dict(game="italian", players=players, threads=threads),
                             rounds=5)
    assert 0 not in out  # disjoint hands: suits break every tie
    hands_per_second(benchmark, len(a), threads, unit="pairs")


@pytest.mark.parametrize("threads", THREADS)
def test_evaluate_batch_italian(benchmark, deals, threads):
    a, _ = deals[4]
    pokerlut.evaluate_batch(a[:100], game="italian", players=4)
    out = benchmark.pedantic(pokerlut.evaluate_batch, args=(a,),
                             kwargs=dict(game="italian", players=4, threads=threads), rounds=5)
    assert out.min() >= 1
    hands_per_second(benchmark, len(a), threads)
