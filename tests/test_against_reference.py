"""The fast library against the slow reference evaluator (tests/reference/high.py).

Every one of the 7,462 hand classes, then random 5-, 6- and 7-card hands. The reference keys are
turned into strengths 1..7462 by sorting the reference's own classes; the library must agree
exactly, so both the ordering and the ties are checked.
"""

import numpy as np
import pytest

import pokerlut
from reference.high import CATEGORY_NAMES, all_five_card_classes, best_key, cards_text, class_ranks, hand_key


def random_hands(n, size, seed):
    """n hands of `size` distinct cards each, as a C-contiguous uint8 array of shape (n, size)."""
    rng = np.random.default_rng(seed)
    decks = np.tile(np.arange(52, dtype=np.uint8), (n, 1))
    return np.ascontiguousarray(rng.permuted(decks, axis=1)[:, :size])


def reference_strengths(hands, key_function):
    ranks = class_ranks()
    return np.fromiter(
        (ranks[key_function(hand)] for hand in hands.tolist()), dtype=np.int64, count=len(hands)
    )


def assert_same_strengths(fast, expected, hands):
    """Exact equality, with the first few disagreeing hands spelled out on failure."""
    assert fast.shape == expected.shape
    bad = np.flatnonzero(fast.astype(np.int64) != expected)
    if bad.size:
        lines = [
            f"{cards_text(hands[i].tolist())}: library {int(fast[i])}, reference {int(expected[i])}"
            for i in bad[:10]
        ]
        pytest.fail(f"{bad.size} of {len(hands)} hands disagree, e.g.\n" + "\n".join(lines))


@pytest.fixture(scope="module")
def sorted_classes():
    """One hand of each reference class, worst to best: (keys, uint8 array of shape (7462, 5))."""
    examples, _ = all_five_card_classes()
    keys = sorted(examples)
    hands = np.array([examples[key] for key in keys], dtype=np.uint8)
    return keys, hands


@pytest.mark.slow
def test_every_class_gets_its_strength_in_order(sorted_classes):
    keys, hands = sorted_classes
    assert len(keys) == 7_462
    strengths = pokerlut.evaluate_batch(hands)
    assert isinstance(strengths, np.ndarray)
    assert strengths.dtype == np.uint16
    assert_same_strengths(strengths, np.arange(1, 7_463, dtype=np.int64), hands)


@pytest.mark.slow
def test_every_class_category_matches_reference(sorted_classes):
    keys, hands = sorted_classes
    strengths = pokerlut.evaluate_batch(hands)
    for key, hand, strength in zip(keys, hands, strengths.tolist()):
        category = pokerlut.category(strength)
        assert int(category) == key[0], cards_text(hand.tolist())
        assert category.name == CATEGORY_NAMES[key[0]]


@pytest.mark.slow
def test_single_evaluate_agrees_with_batch_on_every_class(sorted_classes):
    keys, hands = sorted_classes
    for position, hand in enumerate(hands, start=1):
        assert pokerlut.evaluate(hand.tolist()) == position, cards_text(hand.tolist())
        assert pokerlut.evaluate(hand) == position
        assert pokerlut.evaluate(cards_text(hand.tolist())) == position


@pytest.mark.slow
def test_random_five_card_hands():
    hands = random_hands(500_000, 5, seed=5_2025)
    assert_same_strengths(pokerlut.evaluate_batch(hands), reference_strengths(hands, hand_key), hands)


@pytest.mark.slow
def test_random_six_card_hands():
    hands = random_hands(100_000, 6, seed=6_2025)
    assert_same_strengths(pokerlut.evaluate_batch(hands), reference_strengths(hands, best_key), hands)


@pytest.mark.slow
def test_random_seven_card_hands():
    hands = random_hands(100_000, 7, seed=7_2025)
    assert_same_strengths(pokerlut.evaluate_batch(hands), reference_strengths(hands, best_key), hands)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_random_hands_quick(size):
    """A small, fast version of the random checks (runs with -m 'not slow' too).

    Without the full enumeration there are no reference strengths, so check the order instead:
    equal keys get equal strengths, and a bigger key a bigger strength.
    """
    hands = random_hands(3_000, size, seed=1_000 + size)
    fast = pokerlut.evaluate_batch(hands).tolist()
    strength_of_key = {}
    for hand, strength in zip(hands.tolist(), fast):
        key = best_key(hand)
        assert strength_of_key.setdefault(key, strength) == strength, f"{cards_text(hand)}: {key} split"
        assert 1 <= strength <= 7_462
    ordered = [strength_of_key[key] for key in sorted(strength_of_key)]
    assert all(low < high for low, high in zip(ordered, ordered[1:]))


@pytest.mark.parametrize("size", [5, 6, 7])
def test_compare_agrees_with_reference(size):
    first = random_hands(2_000, size, seed=2_000 + size)
    second = random_hands(2_000, size, seed=3_000 + size)
    for a, b in zip(first.tolist(), second.tolist()):
        key_a, key_b = best_key(a), best_key(b)
        expected = (key_a > key_b) - (key_a < key_b)
        assert pokerlut.compare(a, b) == expected, (cards_text(a), cards_text(b))
