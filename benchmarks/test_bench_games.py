"""Every game's 7-card batch (the same random positions in each game's deck), and Omaha.

Run with `make bench`; compare each game's figure with the high game's in the same run.
"""

import numpy as np
import pytest
from conftest import N_HANDS, THREADS, hands_per_second

import pokerlut
from pokerlut.rules import rules

N_OMAHA = 2_000_000


@pytest.fixture(scope="module")
def hands_of(random_hands):
    """game -> 10,000,000 random 7-card hands of its deck (card i of the deck for i < 36 in a
    36-card deck, so every game sees the same positions)."""
    positions = random_hands[7]
    cache = {}

    def of(game: str) -> np.ndarray:
        if game not in cache:
            cards = rules(game).deck
            if len(cards) == 52:
                cache[game] = positions
            else:
                rng = np.random.default_rng(36)
                order = np.argsort(rng.random((N_HANDS // 10, len(cards)), dtype=np.float32), axis=1)
                cache[game] = np.ascontiguousarray(np.tile(cards[order[:, :7]], (10, 1)))
        return cache[game]

    return of


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("game", [g for g in pokerlut.games() if g != "italian"])  # Italian: its own file
def test_batch_7_per_game(benchmark, hands_of, game, threads):
    hands = hands_of(game)
    pokerlut.evaluate_batch(hands[:100], game=game)
    out = benchmark.pedantic(pokerlut.evaluate_batch, args=(hands,),
                             kwargs=dict(game=game, validate=False, threads=threads), rounds=5)
    assert out.max() >= 1
    hands_per_second(benchmark, len(hands), threads)


@pytest.fixture(scope="module")
def omaha_deals():
    rng = np.random.default_rng(4)
    cards = np.argpartition(rng.random((N_OMAHA, 52), dtype=np.float32), 9, axis=1)[:, :9]
    cards = cards.astype(np.uint8)
    return np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:])


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("game", ["high", "eight-or-better"])
def test_omaha_batch_4_plus_5(benchmark, omaha_deals, game, threads):
    holes, boards = omaha_deals
    pokerlut.evaluate_omaha_batch(holes[:100], boards[:100], game=game)
    out = benchmark.pedantic(pokerlut.evaluate_omaha_batch, args=(holes, boards),
                             kwargs=dict(game=game, validate=False, threads=threads), rounds=5)
    assert out.max() >= 1
    hands_per_second(benchmark, N_OMAHA, threads)
