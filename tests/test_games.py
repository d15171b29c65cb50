"""Every game against the independent slow reference (tests/reference/games.py, written from
the rule book without the fast code): all five-card hands, random 6- and 7-card hands, every
seven-card hand against the best of its 21 subsets, the seeds' examples, and bad input."""

import itertools
import math

import numpy as np
import pytest
from numba import njit

import pokerlut
from pokerlut import kernels
import reference.games as ref
from pokerlut.build.five import all_hands
from pokerlut._kernels.batch import evaluate5_rows
from pokerlut.stats import by_category, count_hands

# Five-card games: Italian poker in test_italian.py, Badugi in test_badugi.py
GAMES = [game for game in pokerlut.games() if not game.startswith(("italian-", "badugi"))]


def test_the_library_and_the_reference_know_the_same_games():
    assert GAMES == list(ref.GAMES) and list(pokerlut.games())[-3:] == [
        "italian-9",
        "badugi",
        "badugi-deuce-to-seven",
    ]
    assert all(isinstance(line, str) and line for line in pokerlut.games().values())


def five_card_reference(game: str, hands: np.ndarray) -> np.ndarray:
    """The reference's strength of every five-card row, asking the reference once per (rank
    multiset, flush) shape: its key depends on nothing else (a fact of the rules)."""
    ranks = (hands >> 2).astype(np.int64)
    flush = ((hands & 3) == (hands[:, :1] & 3)).all(axis=1)
    code = (5**ranks).sum(axis=1) * 2 + flush
    _, first, inverse = np.unique(code, return_index=True, return_inverse=True)
    table = ref.strengths(game)
    keys = [ref.key5(hands[i].tolist(), game) for i in first]
    per_shape = np.array([0 if k is None else table[k] for k in keys])
    return per_shape[inverse.reshape(-1)]


def reference_strengths(game: str, hands: np.ndarray) -> np.ndarray:
    """The reference's strength of every row of 5 to 7 cards: the best of its five-card subsets
    (as the reference's best_key takes it), each valued by `five_card_reference`."""
    subsets = np.array(list(itertools.combinations(range(hands.shape[1]), 5)))
    fives = hands[:, subsets].reshape(-1, 5)
    return five_card_reference(game, fives).reshape(len(hands), len(subsets)).max(axis=1)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_five_card_hand_matches_the_reference(game):
    hands = all_hands(5, np.array(ref.deck(game), dtype=np.uint8))
    fast = pokerlut.evaluate_batch(hands, game=game)
    assert (fast == five_card_reference(game, hands)).all()
    assert int(fast.max()) == len(ref.strengths(game))
    by_eval5 = np.empty(len(hands), dtype=np.uint16)
    evaluate5_rows(pokerlut.load_tables(game), hands, by_eval5)  # Cactus Kev's tables
    assert (by_eval5 == fast).all()


def random_hands(game: str, n: int, n_cards: int, seed: int, suited: bool = False) -> np.ndarray:
    """n random hands of the game's deck; `suited`: at least five cards of one suit."""
    rng = np.random.default_rng(seed)
    deck = np.array(ref.deck(game), dtype=np.uint8)
    hands = deck[np.argsort(rng.random((n, len(deck))), axis=1)[:, :n_cards]]
    if suited:  # five of one suit, the rest anywhere else in the deck
        suit = rng.integers(0, 4, n)
        ranks = np.array(sorted({c >> 2 for c in ref.deck(game)}), dtype=np.uint8)
        picked = ranks[np.argsort(rng.random((n, len(ranks))), axis=1)[:, :5]]
        hands[:, :5] = picked * 4 + suit[:, None]
        for i in range(n):
            five = set(hands[i, :5].tolist())  # (a set of ints: numpy's `in` took seconds)
            rest = [c for c in deck[rng.permutation(len(deck))].tolist() if c not in five]
            hands[i, 5:] = rest[: n_cards - 5]
    return np.ascontiguousarray(hands)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_random_six_and_seven_card_hands_match_the_reference(game):
    """A direct sample of 6 and 7 cards, beside this file's proof (every five-card hand against
    the reference, every 7-card hand the best of its fives)."""
    for n, n_cards, suited in ((60_000, 7, False), (30_000, 6, False), (30_000, 7, True), (20_000, 6, True)):
        hands = random_hands(game, n, n_cards, seed=n_cards + 10 * suited, suited=suited)
        fast = pokerlut.evaluate_batch(hands, game=game)
        expected = reference_strengths(game, hands)
        bad = np.flatnonzero(fast != expected)
        assert not len(bad), (game, pokerlut.format_cards(hands[bad[0]]), fast[bad[0]], expected[bad[0]])


FIVES_OF_SIX = np.array(list(itertools.combinations(range(6), 5)), dtype=np.int64)


@njit(inline="always")
def _add_to_every_state(t, keys, bits, k, card):
    """Row k of the states of the cards dealt so far: [k, k + 1] all k + 1 of them, [k, j] all
    but the j-th, each from row k - 1 plus `card` (the cards always added in order)."""
    for j in range(k):
        keys[k, j], bits[k, j] = kernels.hand_add(t, (keys[k - 1, j], bits[k - 1, j]), card)
    keys[k, k], bits[k, k] = keys[k - 1, k], bits[k - 1, k]  # all but the new card
    keys[k, k + 1], bits[k, k + 1] = kernels.hand_add(t, (keys[k - 1, k], bits[k - 1, k]), card)


@njit  # one thread: it compiles in half the time, and CPU time is what the suite spends
def six_and_seven_card_hands_off_the_best_subset(t, deck):
    """[hands seen, hands wrong] of 6 cards, then of 7, over every hand of the deck; a 6-card
    hand is wrong when its hand-state strength is not the best eval5 (Cactus Kev's separately
    built five-card tables) of its 6 fives, a 7-card hand when it is not the best hand-state
    strength of its 7 sixes. Both counts 0 is every 7-card hand the best eval5 of its 21 fives
    (each five lies in a six whose strength is its best five), at 7 lookups a hand, not 21."""
    n = deck.shape[0]
    counts = np.zeros(4, np.int64)
    for i0 in range(n):
        keys = np.zeros((7, 8), np.uint64)  # [0, 0], all but the first card: no card
        bits = np.zeros((7, 8), np.uint64)
        hand = np.empty(7, np.uint8)
        hand[0] = deck[i0]
        keys[0, 1], bits[0, 1] = kernels.hand_add(t, kernels.hand_empty(), hand[0])
        for i1 in range(i0 + 1, n):
            hand[1] = deck[i1]
            _add_to_every_state(t, keys, bits, 1, hand[1])
            for i2 in range(i1 + 1, n):
                hand[2] = deck[i2]
                _add_to_every_state(t, keys, bits, 2, hand[2])
                for i3 in range(i2 + 1, n):
                    hand[3] = deck[i3]
                    _add_to_every_state(t, keys, bits, 3, hand[3])
                    for i4 in range(i3 + 1, n):
                        hand[4] = deck[i4]
                        _add_to_every_state(t, keys, bits, 4, hand[4])
                        for i5 in range(i4 + 1, n):
                            hand[5] = deck[i5]
                            _add_to_every_state(t, keys, bits, 5, hand[5])
                            six = kernels.hand_strength(t, (keys[5, 6], bits[5, 6]))
                            best = 0
                            for k in FIVES_OF_SIX:
                                best = max(
                                    best,
                                    kernels.eval5(
                                        t, hand[k[0]], hand[k[1]], hand[k[2]], hand[k[3]], hand[k[4]]
                                    ),
                                )
                            counts[0] += 1
                            counts[1] += six != best
                            for i6 in range(i5 + 1, n):
                                _add_to_every_state(t, keys, bits, 6, deck[i6])
                                best = six  # the six without the new card
                                for j in range(6):
                                    best = max(best, kernels.hand_strength(t, (keys[6, j], bits[6, j])))
                                counts[2] += 1
                                counts[3] += kernels.hand_strength(t, (keys[6, 7], bits[6, 7])) != best
    return counts


def assert_every_seven_card_hand_is_the_best_of_its_fives(game: str) -> None:
    """Every 6-card hand of the game's deck is the best eval5 of its fives and every 7-card
    hand the best of its sixes: by induction, the best of its 21 fives."""
    deck = np.array(ref.deck(game), dtype=np.uint8)
    counts = six_and_seven_card_hands_off_the_best_subset(pokerlut.load_tables(game), deck)
    assert counts.tolist() == [math.comb(len(deck), 6), 0, math.comb(len(deck), 7), 0], game


@pytest.mark.slow
@pytest.mark.parametrize("game", [g for g in GAMES if g != "high"])  # high: test_exhaustive
def test_every_seven_card_hand_is_the_best_of_its_21_subsets(game):
    assert_every_seven_card_hand_is_the_best_of_its_fives(game)


@pytest.mark.parametrize("game", GAMES)
def test_five_card_stats_per_category_match_the_reference(game):
    counts = count_hands(5, game=game)
    rows = {r.label: (r.hands, r.classes) for r in by_category(counts, game)}
    for category, (hands, classes) in ref.category_counts(game).items():
        label = "no qualifying low" if category is None else category.lower().replace("_", " ")
        assert rows[label] == (hands, 0 if category is None else classes), label
    assert int(counts.sum()) == sum(ref.hand_counts(game).values())


def test_low_rows_of_the_stats():
    rows = {r.label: r.hands for r in by_category(count_hands(5, game="eight-or-better"), "eight-or-better")}
    assert [rows["wheel"], rows["6-low"], rows["7-low"], rows["8-low"]] == [1_024, 5_120, 15_360, 35_840]


# --- the seeds' examples -------------------------------------------------------------------


def test_ace_to_five_examples():
    g = "ace-to-five"
    assert pokerlut.describe("9c 8c 7c 6c 5c", game=g) == "Nine-eight low (9-8-7-6-5)"
    assert pokerlut.evaluate("5h 4d 3c 2s Ah", game=g) == 6175  # the best
    assert pokerlut.describe("5h 4d 3c 2s Ah", game=g) == "Wheel (5-4-3-2-A)"
    assert pokerlut.compare("9c 8c 7c 6c 5c", "Tc 8d 7h 6s 5c", game=g) == 1
    assert pokerlut.compare("9c 8c 7c 6c 5c", "8d 7d 6h 5s 4c", game=g) == -1
    assert pokerlut.compare("5c 4c 3c 2c Ac", "5h 4d 3c 2s Ah", game=g) == 0  # the flush is ignored


def test_deuce_to_seven_examples():
    g = "deuce-to-seven"
    assert pokerlut.category(pokerlut.evaluate("5s 4s 3s 2s As", game=g), game=g) == pokerlut.Category.FLUSH
    assert pokerlut.describe("5s 4s 3s 2s As", game=g) == "Flush, ace-high"
    assert (
        pokerlut.category(pokerlut.evaluate("5h 4s 3h 2c Ad", game=g), game=g) == pokerlut.Category.HIGH_CARD
    )
    assert pokerlut.describe("5h 4s 3h 2c Ad", game=g) == "Ace-five low (A-5-4-3-2)"
    assert pokerlut.evaluate("7c 5d 4h 3s 2c", game=g) == 7462
    assert pokerlut.describe("7c 5d 4h 3s 2c", game=g) == "Number one (7-5-4-3-2 offsuit)"
    assert pokerlut.compare("7h 5h 4h 3h 2h", "Kc Qd Jh 9s 8c", game=g) == -1  # a flush is bad


def test_ace_to_six_examples():
    g = "ace-to-six"
    assert pokerlut.describe("Ac Ks Qs Jd Ts", game=g) == "King-queen low (K-Q-J-T-A)"
    assert pokerlut.evaluate("6c 4d 3h 2s Ac", game=g) == 7462
    assert (
        pokerlut.category(pokerlut.evaluate("5c 4d 3h 2s Ac", game=g), game=g) == pokerlut.Category.STRAIGHT
    )


def test_eight_or_better_examples():
    g = "eight-or-better"
    assert pokerlut.evaluate("9s 8d 7s 6s Kh", game=g) == 0
    assert pokerlut.describe(0, game=g) == "No qualifying low"
    assert pokerlut.evaluate("5s 4s 3s 2s As", game=g) == 56  # a steel wheel is the best low too
    assert pokerlut.evaluate("Ks Kd 8s 7h 4c 3d 2h", game=g) == pokerlut.evaluate("8s 7h 4c 3d 2h", game=g)
    assert len(pokerlut.best_five("Ks Kd Qs Jh 9c", game=g)) == 0
    with pytest.raises(ValueError, match="no qualifying hand"):
        pokerlut.category(0, game=g)


def test_short_deck_examples():
    for g in ("short-deck", "short-deck-trips"):
        assert pokerlut.describe("Ah 6c 7d 8s 9s", game=g) == "Straight, nine-high"
        assert pokerlut.compare("Ah 6c 7d 8s 9s", "Kh Ac 6d 7s 8s", game=g) == 1  # K-A-6-7-8: none
        assert pokerlut.compare("Kh Jh 9h 7h 6h", "Ac Ad As Kc Kd", game=g) == 1  # flush > full house
    assert pokerlut.compare("9c 9d 9h As Kd", "Tc Jd Qh Ks Ad", game="short-deck") == -1
    assert pokerlut.compare("9c 9d 9h As Kd", "Tc Jd Qh Ks Ad", game="short-deck-trips") == 1


def test_high_game_is_the_default_and_unchanged():
    hand = "Kh Kd 6s 6c Kc 2d 9h"
    assert pokerlut.evaluate(hand) == pokerlut.evaluate(hand, game="high")
    assert pokerlut.describe(hand, game="high") == "Full house, kings over sixes"


@pytest.mark.parametrize("game", GAMES)
def test_best_five_is_the_best_subset(game):
    """best_five gives five cards of the hand that evaluate to the hand's strength."""
    for hand in (
        random_hands(game, 200, 7, seed=3).tolist() + random_hands(game, 100, 7, seed=4, suited=True).tolist()
    ):
        strength = pokerlut.evaluate(hand, game=game)
        five = pokerlut.best_five(hand, game=game)
        if strength == 0:
            assert len(five) == 0
            continue
        assert set(five.tolist()) <= set(hand)
        assert pokerlut.evaluate(five, game=game) == strength


def test_best_five_in_deuce_to_seven_avoids_the_flush():
    five = pokerlut.best_five("7h 5h 4h 3h 2h 7c 2d", game="deuce-to-seven")
    assert pokerlut.format_cards(five) == "7h 5h 4h 3h 2d"  # the earliest non-flush 7-5-4-3-2


@pytest.mark.parametrize("game", GAMES)
def test_single_hands_equal_batches(game):
    hands = random_hands(game, 300, 7, seed=5)
    assert [pokerlut.evaluate(h, game=game) for h in hands.tolist()] == pokerlut.evaluate_batch(
        hands, game=game
    ).tolist()
    assert [
        pokerlut.evaluate(pokerlut.format_cards(h), game=game) for h in hands[:50]
    ] == pokerlut.evaluate_batch(hands[:50], game=game).tolist()


# --- bad input -----------------------------------------------------------------------------


def test_a_five_in_short_deck_is_refused_by_name():
    with pytest.raises(ValueError, match=r"card 5h is not in the short-deck deck \(36 cards, 6 to A\)"):
        pokerlut.evaluate("5h 6d 7c 8s 9h", game="short-deck")
    hands = np.array([[51, 47, 43, 39, 35], [51, 47, 43, 39, 14]], dtype=np.uint8)
    with pytest.raises(ValueError, match=r"row 1: card 5h at position 4 is not in the short-deck"):
        pokerlut.evaluate_batch(hands, game="short-deck")
    with pytest.raises(ValueError, match="not in the short-deck deck"):
        pokerlut.best_five("5h 6d 7c 8s 9h Ah", game="short-deck")


@pytest.mark.parametrize(
    "call",
    [
        lambda: pokerlut.evaluate("As Ks Qs Js Ts", game="omaha"),
        lambda: pokerlut.evaluate_batch(
            np.zeros((1, 5), np.uint8) + np.arange(5, dtype=np.uint8), game="razz"
        ),
        lambda: pokerlut.describe(100, game="lowball"),
        lambda: pokerlut.category(100, game=""),
        lambda: pokerlut.compare("As Ks Qs Js Ts", "Ah Kh Qh Jh Th", game="High"),
        lambda: count_hands(5, game="stud"),
    ],
)
def test_an_unknown_game_lists_the_games(call):
    with pytest.raises(ValueError, match="unknown game .*the games are: high, ace-to-five"):
        call()


def test_strength_out_of_range_names_the_game():
    with pytest.raises(ValueError, match="out of range 1..1404 in short-deck"):
        pokerlut.describe(1405, game="short-deck")
    with pytest.raises(ValueError, match="out of range 0..56 in eight-or-better"):
        pokerlut.category(57, game="eight-or-better")
