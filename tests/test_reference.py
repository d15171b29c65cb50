"""Tests of the slow reference evaluator itself (tests/reference/high.py), against RULES.md.

The exhaustive check walks all 2,598,960 five-card hands and compares the category counts and
distinct-class counts with the table in RULES.md; the rest are hand-picked cases from the text.
"""

import itertools
import math
import random

import pytest

from reference.high import (
    CATEGORY_NAMES,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    ONE_PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    all_five_card_classes,
    best_key,
    class_ranks,
    hand_key,
    omaha_key,
    parse_cards,
)

# RULES.md, "Exact figures the build must reproduce": category -> (distinct classes, 5-card hands).
RULES_FIVE_CARD_TABLE = {
    STRAIGHT_FLUSH: (10, 40),
    FOUR_OF_A_KIND: (156, 624),
    FULL_HOUSE: (156, 3_744),
    FLUSH: (1_277, 5_108),
    STRAIGHT: (10, 10_200),
    THREE_OF_A_KIND: (858, 54_912),
    TWO_PAIR: (858, 123_552),
    ONE_PAIR: (2_860, 1_098_240),
    HIGH_CARD: (1_277, 1_302_540),
}


def key(text):
    return hand_key(parse_cards(text))


# --- exhaustive enumeration ------------------------------------------------------------------


@pytest.mark.slow
def test_five_card_category_counts_match_rules_table():
    examples, category_counts = all_five_card_classes()
    assert sum(category_counts.values()) == math.comb(52, 5) == 2_598_960
    expected = {category: hands for category, (classes, hands) in RULES_FIVE_CARD_TABLE.items()}
    assert category_counts == expected


@pytest.mark.slow
def test_distinct_class_counts_match_rules_table():
    examples, _ = all_five_card_classes()
    assert len(examples) == 7_462
    classes_per_category = dict.fromkeys(range(9), 0)
    for class_key in examples:
        classes_per_category[class_key[0]] += 1
    expected = {category: classes for category, (classes, hands) in RULES_FIVE_CARD_TABLE.items()}
    assert classes_per_category == expected


@pytest.mark.slow
def test_royal_flush_row_of_rules_table():
    # "(of which royal) | 1 | 4": one class, one hand per suit.
    examples, _ = all_five_card_classes()
    assert (STRAIGHT_FLUSH, 12) in examples
    assert max(examples) == (STRAIGHT_FLUSH, 12)
    royal_hands = [
        hand for hand in itertools.combinations(range(32, 52), 5) if hand_key(hand) == (STRAIGHT_FLUSH, 12)
    ]
    assert len(royal_hands) == 4


@pytest.mark.slow
def test_example_hands_have_their_class_key():
    examples, _ = all_five_card_classes()
    for class_key, hand in examples.items():
        assert len(hand) == 5 and len(set(hand)) == 5
        assert hand_key(hand) == class_key


@pytest.mark.slow
def test_class_ranks_run_from_worst_to_best():
    ranks = class_ranks()
    assert sorted(ranks.values()) == list(range(1, 7_463))
    assert ranks[key("7s 5c 4d 3d 2c")] == 1
    assert ranks[key("As Ks Qs Js Ts")] == 7_462
    # Categories occupy contiguous blocks, in category order, sized as in RULES.md.
    low = 1
    for category in range(9):
        classes = RULES_FIVE_CARD_TABLE[category][0]
        block = sorted(rank for k, rank in ranks.items() if k[0] == category)
        assert block == list(range(low, low + classes)), CATEGORY_NAMES[category]
        low += classes


@pytest.mark.slow
def test_rarer_category_ranks_higher_for_five_cards():
    # Seed 003 (Russian): "the fewer combinations in a category, the higher its rank" (five cards).
    _, category_counts = all_five_card_classes()
    counts = [category_counts[category] for category in range(9)]
    assert counts == sorted(counts, reverse=True)


# --- hand-picked cases from RULES.md -----------------------------------------------------------


@pytest.mark.parametrize(
    "text, category",
    [
        ("As Ks Qs Js Ts", STRAIGHT_FLUSH),
        ("5d 4d 3d 2d Ad", STRAIGHT_FLUSH),
        ("9c 9s 9d 9h Jh", FOUR_OF_A_KIND),
        ("3c 3s 3d 6c 6h", FULL_HOUSE),
        ("Kc Tc 7c 6c 4c", FLUSH),
        ("7c 6s 5s 4h 3h", STRAIGHT),
        ("5c 4d 3h 2h As", STRAIGHT),
        ("Ad Kc Qc Jd Ts", STRAIGHT),
        ("2d 2s 2c Ks 6h", THREE_OF_A_KIND),
        ("Jh Jc 4c 4s 9h", TWO_PAIR),
        ("4h 4s Ks Td 5s", ONE_PAIR),
        ("Kh Jh 8c 7d 4s", HIGH_CARD),
        ("Qs Ks Ac 2h 3d", HIGH_CARD),  # Q-K-A-2-3 is no straight
        ("Ks Ac 2h 3d 4c", HIGH_CARD),  # K-A-2-3-4 neither
        ("Qc Kc Ac 2c 3c", FLUSH),  # suited, still no straight flush
        ("4c 5d 6h 7s 9c", HIGH_CARD),  # 4-5-6-7-9 is not a sequence
    ],
    ids=lambda value: value if isinstance(value, str) else CATEGORY_NAMES[value],
)
def test_category(text, category):
    assert key(text)[0] == category


def test_wheel_is_the_lowest_straight_and_five_high():
    wheel = key("5d 4c 3h 2s Ad")
    assert wheel == (STRAIGHT, 3)
    assert key("6c 5d 4h 3s 2c") > wheel
    assert wheel > key("As Ad Ac Kd Qh")  # but still a straight: beats any three of a kind
    # The ten straights, built from their rank sequences, rank by top card with the wheel lowest.
    tops = []
    for top in range(3, 13):
        ranks = [top - i for i in range(5)] if top > 3 else [3, 2, 1, 0, 12]
        cards = [4 * rank + (i % 2) for i, rank in enumerate(ranks)]
        tops.append(hand_key(cards))
    assert tops == sorted(tops) and len(set(tops)) == 10
    assert tops[0] == wheel


def test_steel_wheel_is_the_lowest_straight_flush_and_royal_the_best():
    steel_wheel = key("5h 4h 3h 2h Ah")
    assert steel_wheel == (STRAIGHT_FLUSH, 3)
    assert key("6h 5h 4h 3h 2h") > steel_wheel > key("Ac Ad Ah As Kc")
    assert key("Ah Kh Qh Jh Th") > key("Kh Qh Jh Th 9h")


@pytest.mark.parametrize(
    "better, worse",
    [
        ("Ks Kh Kc Kd 3h", "7h 7d 7s 7c Qh"),  # quads: quad rank first
        ("7h 7d 7s 7c Qh", "7h 7d 7s 7c Ts"),  # then kicker
        ("8s 8d 8h 7d 7c", "4d 4s 4c 9d 9c"),  # full house: trips first
        ("4d 4s 4c 9d 9c", "4d 4s 4c 5c 5d"),  # then pair
        ("Ah Kh 4h 3h 2h", "Ac Qc Jc Tc 8c"),  # flush: all five ranks, highest first
        ("Jd 9d 8d 6d 4d", "Js 9s 8s 6s 3s"),
        ("6h 6d 6s Qc 4s", "3d 3s 3c Ks 2s"),  # trips
        ("3d 3s 3c Jc 7h", "3d 3s 3c Js 5d"),  # trips kickers
        ("Td Ts 2s 2c Kc", "5c 5s 4d 4h Th"),  # two pair: high pair
        ("5c 5s 4d 4h Th", "5c 5s 3c 3d Qs"),  # low pair
        ("5c 5s 3c 3d Qs", "5c 5s 3c 3d Js"),  # kicker
        ("8c 8d 9h 5s 3c", "8h 8s 9d 5c 2h"),  # one pair: last kicker
        ("Ad 9c 7h 4s 3c", "Ac 8d 7s 4h 3d"),  # high card
        ("Ac 8d 7s 4h 3d", "Ah 8c 7d 4c 2s"),
        ("3c 3d 2h 2s 4c", "Ac Ad Kh Qs Jc"),  # lowest two pair beats best one pair
    ],
)
def test_tie_breaks(better, worse):
    assert key(better) > key(worse)


@pytest.mark.parametrize(
    "first, second",
    [
        ("7d 6d 5d 4d 3d", "7s 6s 5s 4s 3s"),
        ("4c 4s 4d 4h 9c", "4c 4s 4d 4h 9d"),
        ("Kc Ks Kd Jc Js", "Kc Kh Kd Jc Jh"),
        ("Td 8d 7d 6d 5d", "Ts 8s 7s 6s 5s"),
        ("Tc 8s 7s 6h 4d", "Td 8d 7s 6c 4c"),
    ],
)
def test_suits_carry_no_value(first, second):
    assert key(first) == key(second)


def test_suit_permutation_leaves_key_unchanged():
    rng = random.Random(20240601)
    for _ in range(2_000):
        cards = rng.sample(range(52), 7)
        permutation = rng.sample(range(4), 4)
        renamed = [4 * (card // 4) + permutation[card % 4] for card in cards]
        assert hand_key(cards[:5]) == hand_key(renamed[:5])
        assert best_key(cards) == best_key(renamed)


def test_card_order_does_not_matter():
    rng = random.Random(7)
    for _ in range(500):
        cards = rng.sample(range(52), 7)
        shuffled = cards[:]
        rng.shuffle(shuffled)
        assert best_key(cards) == best_key(shuffled)
        assert hand_key(cards[:5]) == hand_key(list(reversed(cards[:5])))


def test_best_key_is_best_five_and_leftovers_do_not_count():
    # Straight and flush both available in seven cards: the flush is chosen.
    assert best_key(parse_cards("9h 8h 7c 6h 5s 2h Ah")) == key("Ah 9h 8h 6h 2h")
    # Three sevens and a straight in seven cards: the straight.
    assert best_key(parse_cards("9h 8d 7c 6h 5s 7d 7h")) == (STRAIGHT, 7)
    # Two full houses in seven cards: the better one.
    assert best_key(parse_cards("Kh Kd Kc 9s 9h 9d 2c")) == (FULL_HOUSE, 11, 7)
    # Leftover cards never break ties.
    assert best_key(parse_cards("As Kd Qh Js 9c 3c 2d")) == best_key(parse_cards("As Kd Qh Js 9c 5c 4d"))
    assert best_key(parse_cards("As Kd Qh Js 9c 3c")) == key("As Kd Qh Js 9c")
    # A-2-3-4-5-6: the six-high straight, not the wheel.
    assert best_key(parse_cards("6c 5d 4h 3s 2c Ad Kd")) == (STRAIGHT, 4)
    # Five cards: best_key is hand_key.
    assert best_key(parse_cards("Qs Ks Ac 2h 3d")) == key("Qs Ks Ac 2h 3d")


def test_best_key_is_max_over_subsets_on_random_hands():
    rng = random.Random(99)
    for size in (5, 6, 7):
        for _ in range(300):
            cards = rng.sample(range(52), size)
            expected = max(hand_key(five) for five in itertools.combinations(cards, 5))
            assert best_key(cards) == expected


def test_omaha_uses_exactly_two_hole_and_three_board_cards():
    # Four hearts on the board and one in the hole: no flush in Omaha.
    assert omaha_key(parse_cards("Ah Kc 7d 2s"), parse_cards("Qh Jh 9h 3h 5c"))[0] != FLUSH
    # Two hearts in the hole make it.
    assert omaha_key(parse_cards("Ah Kh 7d 2s"), parse_cards("Qh Jh 9h 3c 5c")) == key("Ah Kh Qh Jh 9h")
    # Four aces in the hole play as a pair of aces.
    assert omaha_key(parse_cards("Ac Ad Ah As"), parse_cards("Kc 7d 2h")) == key("Ac Ad Kc 7d 2h")
    # A board straight needs two hole cards: board 9-8-7-6-5 with K-K-2-2 in hand is a pair of kings.
    assert omaha_key(parse_cards("Kc Kd 2c 2d"), parse_cards("9h 8s 7h 6s 5h")) == key("Kc Kd 9h 8s 7h")
    # Trips on the board with a pair in hand: full house.
    assert omaha_key(parse_cards("Qc Qd 3c 4d"), parse_cards("8h 8s 8d 2c 5h")) == key("8h 8s 8d Qc Qd")
    # 5 and 6 hole cards, 3 and 4 board cards.
    assert omaha_key(parse_cards("Ac Kc 2d 3d 4h"), parse_cards("Qc Jc Tc")) == key("Ac Kc Qc Jc Tc")
    assert omaha_key(parse_cards("Ac Kc 2d 3d 4h 5h"), parse_cards("Qc Jc Tc 9c")) == key("Ac Kc Qc Jc Tc")
    brute = max(
        hand_key(list(two) + list(three))
        for two in itertools.combinations(parse_cards("Ac Kc 2d 3d 4h 5h"), 2)
        for three in itertools.combinations(parse_cards("6h 7h 8c 9c"), 3)
    )
    assert omaha_key(parse_cards("Ac Kc 2d 3d 4h 5h"), parse_cards("6h 7h 8c 9c")) == brute


@pytest.mark.parametrize(
    "call",
    [
        lambda: hand_key([0, 1, 2, 3]),  # four cards
        lambda: hand_key([0, 1, 2, 3, 4, 5]),  # six cards
        lambda: hand_key([0, 1, 2, 3, 3]),  # duplicate
        lambda: hand_key([0, 1, 2, 3, 52]),  # out of range
        lambda: hand_key([-1, 1, 2, 3, 4]),
        lambda: hand_key([0, 1, 2, 3, 4.0]),  # not an int
        lambda: hand_key([0, 1, 2, 3, True]),
        lambda: hand_key("As Ks Qs Js Ts"),  # text is not card ints
        lambda: best_key([0, 1, 2, 3]),
        lambda: best_key(list(range(8))),
        lambda: best_key([0, 1, 2, 3, 4, 5, 5]),
        lambda: best_key([0, 1, 2, 3, 99]),
        lambda: omaha_key([0, 1, 2], [10, 11, 12]),  # three hole cards
        lambda: omaha_key(list(range(7)), [10, 11, 12]),  # seven hole cards
        lambda: omaha_key([0, 1, 2, 3], [10, 11]),  # two board cards
        lambda: omaha_key([0, 1, 2, 3], [10, 11, 12, 13, 14, 15]),  # six board cards
        lambda: omaha_key([0, 1, 2, 3], [3, 11, 12]),  # card in hole and on board
        lambda: omaha_key([0, 1, 2, 2], [10, 11, 12]),
        lambda: omaha_key([0, 1, 2, 60], [10, 11, 12]),
        lambda: parse_cards("Ax Ks"),
        lambda: parse_cards("1s"),
    ],
)
def test_invalid_input_raises_value_error(call):
    with pytest.raises(ValueError):
        call()


def test_parse_cards_spellings():
    assert parse_cards("As Td 10d td A♠ 10♥ 2c") == [51, 33, 33, 33, 51, 34, 0]
    assert parse_cards("2c 2d 2h 2s Ac As") == [0, 1, 2, 3, 48, 51]
    assert parse_cards("Td 10d td 10♦ T♦") == [33] * 5
    assert parse_cards("A♠ K♥ Q♦ J♣") == parse_cards("As Kh Qd Jc")
