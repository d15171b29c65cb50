"""Properties of the public API, checked with Hypothesis on random 5-, 6- and 7-card hands.

Suits carry no value, card order carries no value, the best five are five of the input that
score the hand, compare is antisymmetric, and the names agree with the strengths.
"""

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerlut
from pokerlut import Category, best_five, category, compare, describe, evaluate, evaluate_batch

SETTINGS = settings(max_examples=300, deadline=None)

sizes = st.sampled_from([5, 6, 7])
suit_permutations = st.permutations(range(4))


# Where a hand's cards come from. Uniform cards rarely make the strong categories, so half the
# pools are narrow: one or two suits (flushes, straight flushes) or a window of five to seven
# consecutive ranks, the wheel's A-2-3-4-5 included (straights, quads, full houses).
_RANK_WINDOWS = [[12, 0, 1, 2, 3]] + [list(range(lo, lo + w)) for w in (5, 6, 7) for lo in range(14 - w)]
POOLS = (
    [list(range(52))]
    + [[c for c in range(52) if c & 3 in suits] for k in (1, 2) for suits in itertools.combinations(range(4), k)]
    + [[4 * r + s for r in ranks for s in range(4)] for ranks in _RANK_WINDOWS]
)


@st.composite
def hands(draw, size=None):
    """A list of 5, 6 or 7 distinct card ints in random order."""
    n = draw(sizes) if size is None else size
    pool = draw(st.one_of(st.just(POOLS[0]), st.sampled_from(POOLS)))
    return draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n, unique=True))


@st.composite
def batches(draw):
    """A list of 1..20 hands, all of one size."""
    n = draw(sizes)
    return draw(st.lists(hands(n), min_size=1, max_size=20))


def with_suits(cards, perm):
    """The cards with suit s replaced by perm[s]; card = 4 * rank + suit."""
    return [4 * (c >> 2) + perm[c & 3] for c in cards]


# Category -> how its description begins.
PREFIX = {
    Category.HIGH_CARD: "High card, ",
    Category.ONE_PAIR: "Pair of ",
    Category.TWO_PAIR: "Two pair, ",
    Category.THREE_OF_A_KIND: "Three of a kind, ",
    Category.STRAIGHT: "Straight, ",
    Category.FLUSH: "Flush, ",
    Category.FULL_HOUSE: "Full house, ",
    Category.FOUR_OF_A_KIND: "Four of a kind, ",
    Category.STRAIGHT_FLUSH: ("Straight flush, ", "Royal flush"),
}


@SETTINGS
@given(hands(), suit_permutations)
def test_suit_permutation_keeps_strength(cards, perm):
    assert evaluate(with_suits(cards, perm)) == evaluate(cards)


@settings(max_examples=150, deadline=None)
@given(batches(), suit_permutations, st.randoms(use_true_random=False))
def test_suit_permutation_and_card_order_keep_strength_batch(rows, perm, rnd):
    # one evaluate_batch call per example: the rows, their suit-permuted and shuffled copies
    permuted = [with_suits(row, perm) for row in rows]
    shuffled = [rnd.sample(row, len(row)) for row in rows]
    strengths = evaluate_batch(np.array(rows + permuted + shuffled, dtype=np.uint8)).reshape(3, -1)
    expected = [evaluate(row) for row in rows]
    assert strengths.dtype == np.uint16
    assert strengths.tolist() == [expected] * 3


@SETTINGS
@given(hands(), st.randoms(use_true_random=False))
def test_card_order_does_not_matter(cards, rnd):
    shuffled = rnd.sample(cards, len(cards))
    assert evaluate(shuffled) == evaluate(cards)
    assert evaluate(sorted(cards)) == evaluate(sorted(cards, reverse=True)) == evaluate(cards)
    assert evaluate(np.array(shuffled, dtype=np.uint8)) == evaluate(cards)


@SETTINGS
@given(hands())
def test_strength_is_the_best_of_the_five_card_subsets(cards):
    assert 1 <= evaluate(cards) <= 7462
    assert evaluate(cards) == max(evaluate(list(five)) for five in itertools.combinations(cards, 5))


@SETTINGS
@given(hands())
def test_best_five_are_five_input_cards_with_the_hand_strength(cards):
    five = best_five(cards)
    assert five.dtype == np.uint8
    assert len(five) == 5 and len(set(five.tolist())) == 5
    assert set(five.tolist()) <= set(cards)
    # documented: in the order of the input
    assert five.tolist() == [c for c in cards if c in set(five.tolist())]
    assert evaluate(five) == evaluate(cards)
    assert best_five(pokerlut.format_cards(cards)).tolist() == five.tolist()


@SETTINGS
@given(hands(), hands())
def test_compare_is_antisymmetric_and_follows_strength(a, b):
    assert compare(a, b) == -compare(b, a)
    assert compare(a, b) in (-1, 0, 1)
    assert compare(a, a) == 0
    sa, sb = evaluate(a), evaluate(b)
    assert compare(a, b) == (sa > sb) - (sa < sb)


@SETTINGS
@given(hands(), suit_permutations)
def test_compare_ignores_suits(cards, perm):
    assert compare(cards, with_suits(cards, perm)) == 0


@SETTINGS
@given(hands())
def test_describe_hand_equals_describe_strength(cards):
    assert describe(cards) == describe(evaluate(cards))
    assert describe(pokerlut.format_cards(cards)) == describe(cards)


@SETTINGS
@given(hands())
def test_category_matches_description(cards):
    strength = evaluate(cards)
    cat = category(strength)
    assert isinstance(cat, Category)
    assert describe(strength).startswith(PREFIX[cat])


@settings(max_examples=500, deadline=None)
@given(st.integers(1, 7462))
def test_every_strength_has_a_category_and_description(strength):
    cat = category(strength)
    assert describe(strength).startswith(PREFIX[cat])
    # categories never interleave: a higher strength never has a lower category
    if strength < 7462:
        assert category(strength + 1) >= cat
