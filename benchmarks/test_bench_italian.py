"""Italian poker: batch `compare` of two arrays of five-card hands (target: 100 M pairs/s on
one thread), and the batch strength, for 4 players (32 cards) and 9 (52 cards).

Run with `make bench`. Each result is checked against its checksum (`digest`), computed once,
for the timed size and the smoke run's (`make test`).
"""

import numpy as np
import pytest
from conftest import THREADS, digest, hands_per_second, sized

import pokerlut

N_PAIRS, SMOKE_PAIRS = 5_000_000, 50_000
# digest(compare_batch(a, b, game=f"italian-{players}")) for (players, pairs)
COMPARE = {
    (4, N_PAIRS): "b6c484ccde58ab6b",
    (9, N_PAIRS): "596479a3218e6f59",
    (4, SMOKE_PAIRS): "074af17f3e9b8d2c",
    (9, SMOKE_PAIRS): "05cfd751117d2d42",
}
# digest(evaluate_batch(a, game="italian-4")) for pairs
EVALUATE = {N_PAIRS: "55c4f04eb71842a0", SMOKE_PAIRS: "54e3a3ee2f933520"}


@pytest.fixture(scope="module")
def deals(smoke):
    """players -> two (N_PAIRS, 5) arrays of disjoint random hands of the Italian deck (in the
    smoke run SMOKE_PAIRS)."""
    rng = np.random.default_rng(14)
    n = sized(smoke, N_PAIRS, SMOKE_PAIRS)
    out = {}
    for players in (4, 9):
        deck = pokerlut.italian_deck(players)
        order = np.argsort(rng.random((n // 5, len(deck)), dtype=np.float32), axis=1)
        both = np.tile(deck[order[:, :10]], (5, 1))
        out[players] = np.ascontiguousarray(both[:, :5]), np.ascontiguousarray(both[:, 5:])
    return out


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("players", [4, 9])
def test_compare_batch_italian(benchmark, deals, players, threads):
    a, b = deals[players]
    pokerlut.compare_batch(a[:100], b[:100], game=f"italian-{players}")
    out = benchmark.pedantic(
        pokerlut.compare_batch, args=(a, b), kwargs=dict(game=f"italian-{players}", threads=threads), rounds=5
    )
    assert 0 not in out  # disjoint hands: suits break every tie
    assert digest(out) == COMPARE[players, len(a)]
    hands_per_second(benchmark, len(a), threads, unit="pairs")


@pytest.mark.parametrize("threads", THREADS)
def test_evaluate_batch_italian(benchmark, deals, threads):
    a, _ = deals[4]
    pokerlut.evaluate_batch(a[:100], game="italian-4")
    out = benchmark.pedantic(
        pokerlut.evaluate_batch, args=(a,), kwargs=dict(game="italian-4", threads=threads), rounds=5
    )
    assert digest(out) == EVALUATE[len(a)]
    hands_per_second(benchmark, len(a), threads)
