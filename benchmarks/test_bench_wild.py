"""Wild cards: the 7-card batch with jokers in the deck, and hands without wild cards under a
wild game (which should cost what the plain game costs)."""

import numpy as np
import pytest
from conftest import N_HANDS, THREADS, hands_per_second

import pokerlut


@pytest.fixture(scope="module")
def hands_54():
    """10,000,000 random 7-card hands of the 54-card deck (at most two jokers; about a quarter
    of them hold one)."""
    rng = np.random.default_rng(54)
    out = np.empty((N_HANDS, 7), dtype=np.uint8)
    for start in range(0, N_HANDS, 1_000_000):
        block = rng.random((1_000_000, 54), dtype=np.float32)
        out[start:start + 1_000_000] = np.argpartition(block, 7, axis=1)[:, :7]
    return out


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("wild", ["jokers", "bug", "deuces"])
def test_batch_7_wild(benchmark, hands_54, wild, threads):
    pokerlut.evaluate_batch(hands_54[:100], wild=wild)
    out = benchmark.pedantic(pokerlut.evaluate_batch, args=(hands_54,),
                             kwargs=dict(wild=wild, validate=False, threads=threads), rounds=5)
    assert out.max() >= 7463  # five of a kind happens
    hands_per_second(benchmark, N_HANDS, threads)


@pytest.mark.parametrize("game", ["high", "high+jokers"])
def test_batch_7_natural_hands_in_a_wild_game(benchmark, random_hands, game):
    hands = random_hands[7]
    pokerlut.evaluate_batch(hands[:100], game=game)
    out = benchmark.pedantic(pokerlut.evaluate_batch, args=(hands,),
                             kwargs=dict(game=game, validate=False, threads=1), rounds=5)
    assert out.max() <= 7462
    hands_per_second(benchmark, N_HANDS, 1)
