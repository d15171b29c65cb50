"""Properties of the public API, checked with Hypothesis on random 5-, 6- and 7-card hands.

Suits carry no value, card order carries no value, the best five are five of the input that
score the hand, compare orders hands as the reference evaluator (reference/high.py) does,
and the names and categories are the ones the reference's hand keys give.
"""

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerlut
from pokerlut import Category, best_five, category, compare, describe, evaluate, evaluate_batch
from reference.high import CATEGORY_NAMES, best_key

SETTINGS = settings(max_examples=300, deadline=None)

sizes = st.sampled_from([5, 6, 7])
suit_permutations = st.permutations(range(4))


# Where a hand's cards come from. Uniform cards rarely make the strong categories, so half the
# pools are narrow: one or two suits (flushes, straight flushes) or a window of five to seven
# consecutive ranks, the wheel's A-2-3-4-5 included (straights, quads, full houses).
_RANK_WINDOWS = [[12, 0, 1, 2, 3]] + [list(range(lo, lo + w)) for w in (5, 6, 7) for lo in range(14 - w)]
POOLS = (
    [list(range(52))]
    + [
        [c for c in range(52) if c & 3 in suits]
        for k in (1, 2)
        for suits in itertools.combinations(range(4), k)
    ]
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


def reference_order(a, b) -> int:
    """1, 0 or -1: a beats, ties or loses to b, by the reference evaluator's hand keys."""
    ka, kb = best_key(a), best_key(b)
    return (ka > kb) - (ka < kb)


@SETTINGS
@given(hands(), hands())
def test_compare_orders_hands_as_the_reference_does(a, b):
    assert compare(a, b) == reference_order(a, b)
    assert compare(b, a) == reference_order(b, a)
    assert compare(a, a) == 0


@SETTINGS
@given(hands(), suit_permutations)
def test_compare_ignores_suits(cards, perm):
    assert compare(cards, with_suits(cards, perm)) == 0


# Rank 0..12 -> its word, written here (RULES.md's names), not read from the library.
RANK_WORDS = "two three four five six seven eight nine ten jack queen king ace".split()
RANK_PLURAL = [w + ("es" if w == "six" else "s") for w in RANK_WORDS]


def reference_words(key: tuple) -> str:
    """The English description of a hand with the reference's key (category, tie-break ranks):
    the category and the ranks that name it, as docs/rules.md words them."""
    cat, r = key[0], key[1:]
    if cat == 8:
        return "Royal flush" if r[0] == 12 else f"Straight flush, {RANK_WORDS[r[0]]}-high"
    return {
        7: lambda: f"Four of a kind, {RANK_PLURAL[r[0]]}, {RANK_WORDS[r[1]]} kicker",
        6: lambda: f"Full house, {RANK_PLURAL[r[0]]} over {RANK_PLURAL[r[1]]}",
        5: lambda: f"Flush, {RANK_WORDS[r[0]]}-high",
        4: lambda: f"Straight, {RANK_WORDS[r[0]]}-high",
        3: lambda: f"Three of a kind, {RANK_PLURAL[r[0]]}",
        2: lambda: f"Two pair, {RANK_PLURAL[r[0]]} and {RANK_PLURAL[r[1]]}",
        1: lambda: f"Pair of {RANK_PLURAL[r[0]]}",
        0: lambda: f"High card, {RANK_WORDS[r[0]]}",
    }[cat]()


@SETTINGS
@given(hands())
def test_describe_words_the_reference_hand(cards):
    want = reference_words(best_key(cards))
    assert describe(cards) == want
    assert describe(evaluate(cards)) == want
    assert describe(pokerlut.format_cards(cards)) == want


@SETTINGS
@given(hands())
def test_category_is_the_reference_category(cards):
    strength = evaluate(cards)
    cat = category(strength)
    assert isinstance(cat, Category)
    assert cat.name == CATEGORY_NAMES[best_key(cards)[0]]
    assert describe(strength).startswith(PREFIX[cat])


def test_strengths_run_through_the_categories_in_order():
    # the classes of five-card hands per category (RULES.md), weakest category first
    sizes = [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]
    want = [Category[name] for name, n in zip(CATEGORY_NAMES, sizes) for _ in range(n)]
    assert [category(s) for s in range(1, 7463)] == want


@settings(max_examples=500, deadline=None)
@given(st.integers(1, 7462))
def test_every_strength_has_a_category_and_description(strength):
    cat = category(strength)
    assert describe(strength).startswith(PREFIX[cat])
    # categories never interleave: a higher strength never has a lower category
    if strength < 7462:
        assert category(strength + 1) >= cat
