"""Wild cards: the 7-card batch with jokers in the deck, and hands without wild cards under a
wild game (which should cost what the plain game costs). Each result is checked against its
checksum (`digest`), computed once, for the timed size and the smoke run's (`make test`)."""

import numpy as np
import pytest
from conftest import N_HANDS, SMOKE_HANDS, THREADS, digest, hands_per_second, sized

import pokerlut


# digest(evaluate_batch(hands, ...)) for (wild, hands) and (game, hands)
WILD = {
    ("jokers", N_HANDS): "c42313398f57b769",
    ("jokers", SMOKE_HANDS): "83f05e2db9899f62",
    ("bug", N_HANDS): "5c6534043df70319",
    ("bug", SMOKE_HANDS): "2e1028c4c961b396",
    ("deuces", N_HANDS): "2eb482be7c9dd163",
    ("deuces", SMOKE_HANDS): "afe5923eec84675c",
}
NATURAL = {
    ("high", N_HANDS): "a200cdcb23cd6889",
    ("high", SMOKE_HANDS): "52a1f601db9c9e89",
    ("high+jokers", N_HANDS): "a200cdcb23cd6889",
    ("high+jokers", SMOKE_HANDS): "52a1f601db9c9e89",
}


@pytest.fixture(scope="module")
def hands_54(smoke):
    """10,000,000 random 7-card hands of the 54-card deck (at most two jokers; about a quarter
    of them hold one; in the smoke run the first SMOKE_HANDS)."""
    n = sized(smoke, N_HANDS, SMOKE_HANDS)
    rng = np.random.default_rng(54)
    out = np.empty((n, 7), dtype=np.uint8)
    for start in range(0, n, 1_000_000):
        block = rng.random((1_000_000, 54), dtype=np.float32)
        out[start : start + 1_000_000] = np.argpartition(block, 7, axis=1)[: n - start, :7]
    return out


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("wild", ["jokers", "bug", "deuces"])
def test_batch_7_wild(benchmark, hands_54, wild, threads):
    pokerlut.evaluate_batch(hands_54[:100], wild=wild)
    out = benchmark.pedantic(
        pokerlut.evaluate_batch,
        args=(hands_54,),
        kwargs=dict(wild=wild, validate=False, threads=threads),
        rounds=5,
    )
    assert out.max() >= 7463  # five of a kind happens
    assert digest(out) == WILD[wild, len(hands_54)]
    hands_per_second(benchmark, len(hands_54), threads)


@pytest.mark.parametrize("game", ["high", "high+jokers"])
def test_batch_7_natural_hands_in_a_wild_game(benchmark, random_hands, game):
    hands = random_hands[7]
    pokerlut.evaluate_batch(hands[:100], game=game)
    out = benchmark.pedantic(
        pokerlut.evaluate_batch, args=(hands,), kwargs=dict(game=game, validate=False, threads=1), rounds=5
    )
    assert out.max() <= 7462
    assert digest(out) == NATURAL[game, len(hands)]
    hands_per_second(benchmark, len(hands), 1)
