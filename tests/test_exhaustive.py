"""Every hand of 5, 6 and 7 cards: the counts of RULES.md, and the best of all five-card subsets."""

import itertools
import math

import numba
import numpy as np
import pytest
from numba import njit, prange

import pokerlut
from pokerlut import kernels
from pokerlut.stats import by_category, count_hands

# RULES.md, "Exact figures the build must reproduce": category -> (5, 6, 7-card hands)
RULES_COUNTS = {
    "STRAIGHT_FLUSH": (40, 1_844, 41_584),
    "FOUR_OF_A_KIND": (624, 14_664, 224_848),
    "FULL_HOUSE": (3_744, 165_984, 3_473_184),
    "FLUSH": (5_108, 205_792, 4_047_644),
    "STRAIGHT": (10_200, 361_620, 6_180_020),
    "THREE_OF_A_KIND": (54_912, 732_160, 6_461_620),
    "TWO_PAIR": (123_552, 2_532_816, 31_433_400),
    "ONE_PAIR": (1_098_240, 9_730_740, 58_627_800),
    "HIGH_CARD": (1_302_540, 6_612_900, 23_294_460),
}
RULES_CLASSES_PER_CATEGORY = {
    "STRAIGHT_FLUSH": 10,
    "FOUR_OF_A_KIND": 156,
    "FULL_HOUSE": 156,
    "FLUSH": 1_277,
    "STRAIGHT": 10,
    "THREE_OF_A_KIND": 858,
    "TWO_PAIR": 858,
    "ONE_PAIR": 2_860,
    "HIGH_CARD": 1_277,
}
RULES_CLASSES_SEEN = {5: 7_462, 6: 6_075, 7: 4_824}
RULES_ROYALS = {5: 4, 6: 188, 7: 4_324}


@pytest.mark.parametrize("n_cards", [5, 6, 7])
def test_counts_per_category_and_classes(n_cards):
    counts = count_hands(n_cards)
    column = n_cards - 5
    assert int(counts.sum()) == {5: 2_598_960, 6: 20_358_520, 7: 133_784_560}[n_cards]
    assert int((counts > 0).sum()) == RULES_CLASSES_SEEN[n_cards]
    assert int(counts[7462]) == RULES_ROYALS[n_cards]
    for row in by_category(counts):
        name = row.label.upper().replace(" ", "_")
        assert row.hands == RULES_COUNTS[name][column], name
        if n_cards == 5:
            assert row.classes == RULES_CLASSES_PER_CATEGORY[name]


@pytest.mark.parametrize("threads", [1, 2])
def test_counts_do_not_depend_on_thread_count(threads):
    if threads > numba.config.NUMBA_NUM_THREADS:
        pytest.skip("needs two cores")
    assert (count_hands(6, threads=threads) == count_hands(6)).all()


SUBSETS = {n: np.array(list(itertools.combinations(range(n), 5)), dtype=np.int64) for n in (6, 7)}


@njit(parallel=True)
def best_of_subsets(t, hands, subsets, out):
    """The best eval5 (Cactus Kev tables) over every five-card subset of each row."""
    for i in prange(hands.shape[0]):
        best = 0
        for s in range(subsets.shape[0]):
            c = hands[i]
            k = subsets[s]
            v = kernels.eval5(t, c[k[0]], c[k[1]], c[k[2]], c[k[3]], c[k[4]])
            best = max(best, v)
        out[i] = best


def test_five_card_kernel_agrees_with_hand_state_on_all_five_card_hands():
    from pokerlut.build.five import all_hands
    from pokerlut._kernels.batch import evaluate5_rows

    hands = all_hands(5)
    by_eval5 = np.empty(len(hands), dtype=np.uint16)
    evaluate5_rows(pokerlut.load_tables(), hands, by_eval5)
    assert (by_eval5 == pokerlut.evaluate_batch(hands)).all()


@pytest.mark.parametrize("n_cards", [6, 7])
def test_random_hands_are_the_best_of_their_five_card_subsets(n_cards):
    rng = np.random.default_rng(n_cards)
    hands = np.argsort(rng.random((1_000_000, 52)), axis=1)[:, :n_cards].astype(np.uint8)
    expected = np.empty(len(hands), dtype=np.uint16)
    best_of_subsets(pokerlut.load_tables(), hands, SUBSETS[n_cards], expected)
    assert (pokerlut.evaluate_batch(hands) == expected).all()


@pytest.mark.slow
def test_every_seven_card_hand_is_the_best_of_its_21_subsets():
    from test_games import assert_every_seven_card_hand_is_the_best_of_its_fives

    assert_every_seven_card_hand_is_the_best_of_its_fives("high")


@njit(parallel=True)
def seven_card_histogram_one_by_one(t, deck, counts):
    """counts[thread, s] += the 7-card hands of `deck` of strength s, each hand evaluated on
    its own from its cards (`count_hands(7)` counts most of them by their ranks instead)."""
    n = deck.shape[0]
    for a in prange(n):
        row = counts[numba.get_thread_id()]
        for b in range(a + 1, n):
            for c in range(b + 1, n):
                for d in range(c + 1, n):
                    for e in range(d + 1, n):
                        for f in range(e + 1, n):
                            for g in range(f + 1, n):
                                hand = kernels.hand_empty()
                                for card in (deck[a], deck[b], deck[c], deck[d], deck[e], deck[f], deck[g]):
                                    hand = kernels.hand_add(t, hand, card)
                                row[kernels.hand_strength(t, hand)] += 1


@pytest.mark.slow
@pytest.mark.parametrize(
    "game",
    [
        "high",
        "ace-to-five",
        "deuce-to-seven",
        "ace-to-six",
        "eight-or-better",
        "short-deck",
        "short-deck-trips",
    ],
)
def test_seven_card_counts_equal_every_hand_evaluated_on_its_own(game):
    from pokerlut import _tables as tables
    from pokerlut.rules import rules

    r = rules(game)
    t = tables.load(r.name)
    counts = np.zeros((numba.config.NUMBA_NUM_THREADS, len(tables.classes(r.name))), np.int64)
    seven_card_histogram_one_by_one(t, np.array(sorted(r.deck), dtype=np.uint8), counts)
    assert (count_hands(7, game=game) == counts.sum(axis=0)).all()


@njit(_nrt=False)  # no reference counting: the tables passed in are read at full speed
def mismatches_in_order(t, deck, n_cards, strengths, idx):
    """How many hands of `deck`, listed as itertools.combinations lists them and each
    evaluated on its own, do not have the strength at their place in `strengths`. idx: a
    row of n_cards int64 to work in (no allocation without reference counting)."""
    n, pos, bad = deck.shape[0], 0, 0
    for j in range(n_cards):
        idx[j] = j
    while True:
        hand = kernels.hand_empty()
        for j in range(n_cards):
            hand = kernels.hand_add(t, hand, deck[idx[j]])
        bad += kernels.hand_strength(t, hand) != strengths[pos]
        pos += 1
        i = n_cards - 1  # the next combination: raise the last index that can rise
        while i >= 0 and idx[i] == n - n_cards + i:
            i -= 1
        if i < 0:
            break
        idx[i] += 1
        for j in range(i + 1, n_cards):
            idx[j] = idx[j - 1] + 1
    return bad + abs(pos - strengths.shape[0])


IN_ORDER = [
    (n, game, None) for n in (5, 6) for game in ("high", "ace-to-five", "deuce-to-seven", "short-deck")
] + [
    (5, "high", "jokers"),
    (6, "high", "deuces"),
    (5, "ace-to-five", "bug"),
    (7, "high", None),
    (7, "deuce-to-seven", None),
]
IN_ORDER_SLOW = [
    (7, game, None)
    for game in ("ace-to-five", "ace-to-six", "eight-or-better", "short-deck", "short-deck-trips")
] + [(7, "high", "jokers"), (7, "high", "deuces")]


@pytest.mark.parametrize(
    ("n_cards", "game", "wild"),
    IN_ORDER + [pytest.param(*case, marks=pytest.mark.slow) for case in IN_ORDER_SLOW],
)
def test_strengths_in_order_are_every_hand_evaluated_on_its_own(n_cards, game, wild):
    from pokerlut import _tables as tables
    from pokerlut.rules import rules

    r = rules(game, wild)
    deck = r.deck_of()
    strengths = pokerlut.strengths_in_order(n_cards, game=game, wild=wild)
    assert strengths.dtype == np.uint16 and len(strengths) == math.comb(len(deck), n_cards)
    assert (
        mismatches_in_order(
            tables.load(r.name), deck.astype(np.uint8), n_cards, strengths, np.zeros(n_cards, np.int64)
        )
        == 0
    )


def test_strengths_in_order_fill_out_and_refuse_a_wrong_one():
    out = np.zeros(2_598_960, np.uint16)
    assert pokerlut.strengths_in_order(5, out=out) is out
    assert (out == pokerlut.strengths_in_order(5, threads=1)).all()
    for bad in (np.zeros(5, np.uint16), np.zeros(2_598_960, np.int32), out[::-1], [0] * 3):
        with pytest.raises(ValueError, match="out must be"):
            pokerlut.strengths_in_order(5, out=bad)
    with pytest.raises(ValueError, match="n_cards must be"):
        pokerlut.strengths_in_order(4)
