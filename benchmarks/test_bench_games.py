"""Every game's 7-card batch (the same random positions in each game's deck), Omaha, and
Badugi's batches of 4 and 5 cards.

Run with `make bench`; compare each game's figure with the high game's in the same run. Each
result is checked against its checksum (`digest`), computed once, for the timed size and the
smoke run's (`make test`).
"""

import numpy as np
import pytest
from conftest import N_HANDS, SMOKE_HANDS, THREADS, digest, hands_per_second, sized

import pokerlut
from pokerlut.rules import rules

N_OMAHA, SMOKE_OMAHA = 2_000_000, 20_000
# Italian: its own file; Badugi ranks 4 or 5 cards: test_badugi_batch
GAMES = [g for g in pokerlut.games() if not g.startswith(("italian", "badugi"))]

# digest(evaluate_batch(hands_of(game), game=game)) for (game, hands)
BATCH = {
    ("high", N_HANDS): "a200cdcb23cd6889",
    ("high", SMOKE_HANDS): "52a1f601db9c9e89",
    ("ace-to-five", N_HANDS): "571731fdb75f1bb1",
    ("ace-to-five", SMOKE_HANDS): "2ce7af04347dbb84",
    ("deuce-to-seven", N_HANDS): "19c36f6da31a8b20",
    ("deuce-to-seven", SMOKE_HANDS): "4d801c89fa5489e7",
    ("ace-to-six", N_HANDS): "f367e0ea4c2efaf3",
    ("ace-to-six", SMOKE_HANDS): "3c7b460e02940629",
    ("eight-or-better", N_HANDS): "ee4d601a12a14066",
    ("eight-or-better", SMOKE_HANDS): "b59a2cbd24d5e06f",
    ("short-deck", N_HANDS): "103be8f50994b4a2",
    ("short-deck", SMOKE_HANDS): "1d0501b530ae9cf5",
    ("short-deck-trips", N_HANDS): "9818a7e8599cea2b",
    ("short-deck-trips", SMOKE_HANDS): "5327bc8a4517ab2b",
}
# digest(evaluate_omaha_batch(holes, boards, game=game)) for (game, deals)
OMAHA = {
    ("high", N_OMAHA): "b302a7f007435a82",
    ("high", SMOKE_OMAHA): "93fd7992266046ee",
    ("eight-or-better", N_OMAHA): "acd3165f886443fc",
    ("eight-or-better", SMOKE_OMAHA): "80c76d1a20ad0608",
}


@pytest.fixture(scope="module")
def hands_of(random_hands):
    """game -> 10,000,000 random 7-card hands of its deck (card i of the deck for i < 36 in a
    36-card deck, so every game sees the same positions; in the smoke run SMOKE_HANDS)."""
    positions = random_hands[7]
    cache = {}

    def of(game: str) -> np.ndarray:
        if game not in cache:
            cards = rules(game).deck
            if len(cards) == 52:
                cache[game] = positions
            else:
                rng = np.random.default_rng(36)
                order = np.argsort(rng.random((len(positions) // 10, len(cards)), dtype=np.float32), axis=1)
                cache[game] = np.ascontiguousarray(np.tile(cards[order[:, :7]], (10, 1)))
        return cache[game]

    return of


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("game", GAMES)
def test_batch_7_per_game(benchmark, hands_of, game, threads):
    hands = hands_of(game)
    pokerlut.evaluate_batch(hands[:100], game=game)
    out = benchmark.pedantic(
        pokerlut.evaluate_batch,
        args=(hands,),
        kwargs=dict(game=game, validate=False, threads=threads),
        rounds=5,
    )
    assert digest(out) == BATCH[game, len(hands)]
    hands_per_second(benchmark, len(hands), threads)


@pytest.fixture(scope="module")
def omaha_deals(smoke):
    rng = np.random.default_rng(4)
    n = sized(smoke, N_OMAHA, SMOKE_OMAHA)
    cards = np.argpartition(rng.random((n, 52), dtype=np.float32), 9, axis=1)[:, :9]
    cards = cards.astype(np.uint8)
    return np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:])


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("game", ["high", "eight-or-better"])
def test_omaha_batch_4_plus_5(benchmark, omaha_deals, game, threads):
    holes, boards = omaha_deals
    pokerlut.evaluate_omaha_batch(holes[:100], boards[:100], game=game)
    out = benchmark.pedantic(
        pokerlut.evaluate_omaha_batch,
        args=(holes, boards),
        kwargs=dict(game=game, validate=False, threads=threads),
        rounds=5,
    )
    assert digest(out) == OMAHA[game, len(holes)]
    hands_per_second(benchmark, len(holes), threads)


# digest(evaluate_batch(random_hands[7][:, :width], game=game)) for (game, width, hands)
BADUGI = {
    ("badugi", 4, N_HANDS): "17a0c22510bd6713",
    ("badugi", 4, SMOKE_HANDS): "01c8556728baf5ce",
    ("badugi", 5, N_HANDS): "365a04e0257fed2e",
    ("badugi", 5, SMOKE_HANDS): "cb92a3d21dadf53e",
    ("badugi-deuce-to-seven", 4, N_HANDS): "6f6ff6d974444745",
    ("badugi-deuce-to-seven", 4, SMOKE_HANDS): "505c44ed93c7452f",
}


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize(("game", "width"), [("badugi", 4), ("badugi", 5), ("badugi-deuce-to-seven", 4)])
def test_badugi_batch(benchmark, random_hands, game, width, threads):
    """Badugi's four cards (Badacey, Badeucy: the best four of five), on the same random hands
    as the other games (their first cards)."""
    hands = np.ascontiguousarray(random_hands[7][:, :width])
    pokerlut.evaluate_batch(hands[:100], game=game)
    out = benchmark.pedantic(
        pokerlut.evaluate_batch,
        args=(hands,),
        kwargs=dict(game=game, validate=False, threads=threads),
        rounds=5,
    )
    assert digest(out) == BADUGI[game, width, len(hands)]
    hands_per_second(benchmark, len(hands), threads)
