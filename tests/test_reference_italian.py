"""Tests of the slow Italian closed poker reference (tests/reference/italian.py) against the rules.

The rules are RULES.md ("Italian closed poker") and the Italian source text
seeds/002_41dbcd5abaab750a.txt, with the project's decisions on the open points (suit order
hearts > diamonds > clubs > spades, the suit of the highest unpaired card for pairs, the flush
option). Every worked example is checked in both orders.
"""

import itertools
import math
import random

import pytest

from reference.italian import (
    CATEGORIES,
    category,
    category_counts,
    compare,
    deck,
    straight_flush_kind,
)

RANKS = "23456789TJQKA"
SUITS = "cdhs"  # clubs, diamonds, hearts, spades = 0, 1, 2, 3


def h(text):
    """'Ah Kd 7c ...' -> list of card ints (4 * rank + suit)."""
    cards = []
    for token in text.split():
        cards.append(4 * RANKS.index(token[0]) + SUITS.index(token[1]))
    return cards


def beats(a, b, players, flush_by_suit=True):
    """Assert that hand a beats hand b, checked in both orders."""
    ha, hb = h(a), h(b)
    assert compare(ha, hb, players, flush_by_suit) == 1, (a, b, players, flush_by_suit)
    assert compare(hb, ha, players, flush_by_suit) == -1, (b, a, players, flush_by_suit)


def ties(a, b, players, flush_by_suit=True):
    ha, hb = h(a), h(b)
    assert compare(ha, hb, players, flush_by_suit) == 0, (a, b)
    assert compare(hb, ha, players, flush_by_suit) == 0, (b, a)


# --------------------------------------------------------------------------------------------
# Deck and counts


@pytest.mark.parametrize("players", range(2, 10))
def test_deck_size_and_ranks(players):
    cards = deck(players)
    assert len(cards) == 4 * (players + 4)  # ranks 11 - N .. 14 (ace)
    assert len(set(cards)) == len(cards)
    lowest_value = 11 - players
    assert {c // 4 + 2 for c in cards} == set(range(lowest_value, 15))
    assert {c % 4 for c in cards} == {0, 1, 2, 3}


def test_deck_examples():
    assert len(deck(2)) == 24 and min(deck(2)) // 4 == RANKS.index("9")
    assert len(deck(4)) == 32 and min(deck(4)) // 4 == RANKS.index("7")
    assert len(deck(9)) == 52 and deck(9) == list(range(52))


@pytest.mark.parametrize("players", [0, 1, 10, 11, -4])
def test_deck_rejects_bad_player_count(players):
    with pytest.raises(ValueError):
        deck(players)


def test_category_rejects_cards_outside_the_deck():
    with pytest.raises(ValueError):
        category(h("2c 7d 8h 9s Tc"), 4)  # a deuce is not in the 32-card deck
    with pytest.raises(ValueError):
        category(h("Ac Ac 8h 9s Tc"), 4)  # repeated card
    with pytest.raises(ValueError):
        category(h("Ac Kc 8h 9s"), 4)  # four cards


def test_counts_32_cards():
    counts = category_counts(4)
    assert sum(counts.values()) == math.comb(32, 5) == 201_376
    assert counts["FLUSH"] == 204  # RULES.md: 204 flushes (straight flushes excluded) ...
    assert counts["FULL_HOUSE"] == 1_344  # ... against 1,344 full houses
    # By hand: 5 straights (A-7-8-9-T up to T-J-Q-K-A) in each of 4 suits.
    assert counts["STRAIGHT_FLUSH"] == 20
    assert counts["STRAIGHT"] == 5 * 4**5 - 20
    assert counts["FOUR_OF_A_KIND"] == 8 * 28


def test_counts_36_cards_match_short_deck():
    # 5 players keep 6..A, exactly the short deck of RULES.md.
    assert category_counts(5) == {
        "STRAIGHT_FLUSH": 24,
        "FOUR_OF_A_KIND": 288,
        "FLUSH": 480,
        "FULL_HOUSE": 1_728,
        "STRAIGHT": 6_120,
        "THREE_OF_A_KIND": 16_128,
        "TWO_PAIR": 36_288,
        "ONE_PAIR": 193_536,
        "HIGH_CARD": 122_400,
    }


@pytest.mark.parametrize(
    "players", [pytest.param(p, marks=pytest.mark.slow) if p > 6 else p for p in range(2, 9)]
)
def test_counts_total_every_deck(players):
    counts = category_counts(players)
    assert set(counts) == set(CATEGORIES)
    assert sum(counts.values()) == math.comb(4 * (players + 4), 5)
    ranks = players + 4
    assert counts["STRAIGHT_FLUSH"] == 4 * (ranks - 3)  # ace-low plus ranks - 4 runs
    assert counts["FLUSH"] == 4 * math.comb(ranks, 5) - counts["STRAIGHT_FLUSH"]
    assert counts["FULL_HOUSE"] == ranks * 4 * (ranks - 1) * 6


@pytest.mark.slow
def test_counts_52_cards_are_the_standard_ones():
    assert category_counts(9) == {
        "STRAIGHT_FLUSH": 40,
        "FOUR_OF_A_KIND": 624,
        "FULL_HOUSE": 3_744,
        "FLUSH": 5_108,
        "STRAIGHT": 10_200,
        "THREE_OF_A_KIND": 54_912,
        "TWO_PAIR": 123_552,
        "ONE_PAIR": 1_098_240,
        "HIGH_CARD": 1_302_540,
    }


# --------------------------------------------------------------------------------------------
# Categories and straight-flush kinds


@pytest.mark.parametrize(
    "text, players, expected",
    [
        ("Ah 7h 8h 9h Th", 4, "STRAIGHT_FLUSH"),
        ("Ah 7c 8h 9h Th", 4, "STRAIGHT"),  # ace low below the 7 in 32 cards
        ("Ac 2d 3h 4s 5c", 9, "STRAIGHT"),  # the wheel in 52 cards
        ("Ac 6d 7h 8s 9c", 5, "STRAIGHT"),  # short deck: A-6-7-8-9
        ("Ac 6d 7h 8s 9c", 9, "HIGH_CARD"),  # ... but not with the full deck
        ("Ac 9d Th Js Qc", 2, "STRAIGHT"),  # 24 cards: A-9-T-J-Q
        ("Kc Ad 7h 8s 9c", 4, "HIGH_CARD"),  # no wrap-around
        ("Qc Kd Ah 2s 3c", 9, "HIGH_CARD"),  # no wrap-around
        ("Tc Jd Qh Ks Ac", 4, "STRAIGHT"),
        ("7c 8c 9c Jc Qc", 4, "FLUSH"),
        ("7c 7d 7h 8s 8c", 4, "FULL_HOUSE"),
        ("7c 7d 7h 7s 8c", 4, "FOUR_OF_A_KIND"),
        ("7c 7d 7h 9s 8c", 4, "THREE_OF_A_KIND"),
        ("7c 7d 9h 9s 8c", 4, "TWO_PAIR"),
        ("7c 7d Ah 9s 8c", 4, "ONE_PAIR"),
        ("7c Jd Ah 9s 8c", 4, "HIGH_CARD"),
    ],
)
def test_category_examples(text, players, expected):
    assert category(h(text), players) == expected


@pytest.mark.parametrize(
    "text, players, expected",
    [
        ("Th Jh Qh Kh Ah", 4, "royal"),
        ("Ts Js Qs Ks As", 9, "royal"),
        ("Ah 7h 8h 9h Th", 4, "minimum"),
        ("Ad 2d 3d 4d 5d", 9, "minimum"),
        ("Ac 9c Tc Jc Qc", 2, "minimum"),
        ("Ac 6c 7c 8c 9c", 5, "minimum"),
        ("7h 8h 9h Th Jh", 4, "middle"),  # lowest kept ranks but no ace: middle, not minimum
        ("9h Th Jh Qh Kh", 4, "middle"),
        ("9h Th Jh Qh Kh", 2, "middle"),
        ("2s 3s 4s 5s 6s", 9, "middle"),
        ("9s Ts Js Qs Ks", 9, "middle"),
        ("7h 8h 9h Th Jc", 4, None),  # straight only
        ("7h 8h 9h Th Qh", 4, None),  # flush only
        ("7h 7d 9h Th Qh", 4, None),
    ],
)
def test_straight_flush_kind(text, players, expected):
    assert straight_flush_kind(h(text), players) == expected


# --------------------------------------------------------------------------------------------
# Rule 1: categories (flush above full house)

LADDER_32 = [
    "8s 9s Ts Js Qs",  # straight flush (middle)
    "Ac Ad Ah As Kc",  # four of a kind
    "7s 8s 9s Js Qs",  # flush (lowest one, worst suit)
    "Ac Ad Ah Kc Kd",  # full house (best one)
    "Tc Jd Qh Ks Ah",  # straight (best one)
    "Ac Ad Ah Kc Qd",  # three of a kind
    "Ac Ad Kh Ks Qd",  # two pair
    "Ac Ad Kh Qs Jd",  # one pair
    "Ah Kh Qh Jh 9d",  # high card (best one)
]

LADDER_52 = [
    "2s 3s 4s 5s 6s",  # straight flush (middle, lowest middle)
    "Ac Ad Ah As Kc",  # four of a kind
    "2s 3s 4s 5s 7s",  # flush (lowest one)
    "Ac Ad Ah Kc Kd",  # full house
    "Tc Jd Qh Ks Ah",  # straight
    "Ac Ad Ah Kc Qd",  # three of a kind
    "Ac Ad Kh Ks Qd",  # two pair
    "Ac Ad Kh Qs Jd",  # one pair
    "Ah Kh Qh Jh 9d",  # high card
]


@pytest.mark.parametrize("players, ladder", [(4, LADDER_32), (9, LADDER_52)])
@pytest.mark.parametrize("flush_by_suit", [True, False])
def test_rule1_category_order(players, ladder, flush_by_suit):
    assert [category(h(t), players) for t in ladder] == list(CATEGORIES)
    for i, j in itertools.combinations(range(len(ladder)), 2):
        beats(ladder[i], ladder[j], players, flush_by_suit)


def test_rule1_flush_beats_full_house():
    beats("7s 8s 9s Js Qs", "Ac Ad Ah Kc Kd", 4)
    beats("7s 8s 9s Js Qs", "Ac Ad Ah Kc Kd", 4, flush_by_suit=False)
    beats("2s 3s 4s 5s 7s", "Ac Ad Ah Kc Kd", 9)


def test_rule1_every_straight_flush_beats_four_aces():
    for sf in ["Ah 7h 8h 9h Th", "7s 8s 9s Ts Js", "Ts Js Qs Ks As"]:
        beats(sf, "Ac Ad Ah As Kc", 4)
    beats("As 2s 3s 4s 5s", "Ac Ad Ah Kc Kd", 9)


# --------------------------------------------------------------------------------------------
# Rule 2 and 3: suit order, high card


def test_rule2_suit_order_hearts_diamonds_clubs_spades():
    order = "hdcs"
    for better, worse in itertools.combinations(order, 2):
        beats(f"A{better} Kc Qd Jc 9d", f"A{worse} Kd Qc Jd 9c", 4)


def test_rule3_high_card_ranks_first():
    beats("Ac Kc Jd 9s 8c", "As Qh Jh 9h 8h", 4)  # second card K > Q, suits irrelevant
    beats("As Kc Jd 9s 8c", "Ah Kd Jc 9d 7h", 4)  # fifth card 8 > 7
    beats("Ks Qs Jd 9s 8c", "Kh Qh Jh 9h 7d", 4)
    beats("6s 4c 3c 2c 8d", "6h 5h 3h 2d 7c", 9)  # 8-high beats 7-high


def test_rule3_high_card_suit_of_highest_card():
    beats("Ah Ks Qs Js 9s", "Ad Kh Qh Jh 9h", 4)  # only the ace's suit counts
    beats("Ac Kd Qd Jd 9d", "As Kh Qh Jh 9h", 4)
    beats("Kh 9c 7c 5c 3c", "Kd 9h 7h 5h 3h", 9)


# --------------------------------------------------------------------------------------------
# Rule 4: one pair


def test_rule4_pair_rank_then_kickers():
    beats("Tc Td 7c 8d 9h", "9c 9d Ac Kc Qd", 4)
    beats("Jc Jd Ac 9c 8d", "Jh Js Ad 9d 7h", 4)  # third kicker 8 > 7
    beats("Jc Jd As Kc 7d", "Jh Js Ah Qh Th", 4)  # second kicker K > Q
    beats("2c 2d 9s 5c 3d", "2h 2s 8h 7h 6h", 9)


def test_rule4_pair_suit_of_highest_unpaired_card():
    # The pair's own suits do not count (b holds the hearts jack).
    beats("Jc Jd Ah 9c 7d", "Jh Js Ad 9d 7h", 4)
    beats("Jh Js Ac 9c 7d", "Jc Jd As 9d 7h", 4)
    beats("Ac As Kd 9s 7s", "Ah Ad Kc 9h 7h", 4)  # pair of aces: the king's suit decides


# --------------------------------------------------------------------------------------------
# Rule 5: two pair


def test_rule5_two_pair_ranks():
    beats("Kc Kd 7c 7d 8c", "Qc Qd Jc Jd Ac", 4)  # high pair
    beats("Kc Kd 9c 9d 7c", "Kh Ks 8c 8d Ac", 4)  # low pair
    beats("Kc Kd 9c 9d Ac", "Kh Ks 9h 9s 7h", 4)  # fifth card


def test_rule5_two_pair_suit_of_fifth_card():
    beats("Kc Kd 9c 9d Ah", "Kh Ks 9h 9s Ad", 4)  # b holds both hearts pairs
    beats("Kh Ks 9h 9s 8c", "Kc Kd 9c 9d 8s", 4)
    beats("3c 3d 2c 2d 4d", "3h 3s 2h 2s 4c", 9)


# --------------------------------------------------------------------------------------------
# Rule 6: three of a kind, full house, four of a kind (ranks only; equal ranks give 0)


def test_rule6_three_of_a_kind():
    beats("9c 9d 9h 7c 8d", "8c 8d 8h Ac Kd", 4)
    beats("9c 9d 9h Ac 8d", "9c 9d 9s Ac 7d", 4)  # same trips: kickers (not in one deal)
    beats("9c 9d 9h Ac 8d", "9c 9d 9s Kc Qd", 4)
    ties("9c 9d 9h Ac 8d", "9c 9d 9s Ah 8h", 4)  # suits never break a trips tie
    ties("9s 9d 9h As 8d", "9c 9d 9s Ah 8h", 4)


def test_rule6_full_house():
    beats("8c 8d 8h 7c 7d", "7h 7s 7c Ac Ad", 4)
    beats("Ac Ad Ah Kc Kd", "Ac Ad As Qc Qd", 4)  # same trips: pair (not in one deal)
    ties("Ac Ad Ah Kc Kd", "Ac Ad As Kh Ks", 4)
    ties("Ac Ad Ah Ks Kd", "Ac Ad As Kh Kc", 4)


def test_rule6_four_of_a_kind():
    beats("8c 8d 8h 8s 7c", "7c 7d 7h 7s Ac", 4)
    beats("8c 8d 8h 8s Ac", "8c 8d 8h 8s Kc", 4)  # same quads: kicker (not in one deal)
    ties("8c 8d 8h 8s Ac", "8c 8d 8h 8s Ad", 4)
    ties("8c 8d 8h 8s As", "8c 8d 8h 8s Ah", 4)


# --------------------------------------------------------------------------------------------
# Rule 7: straights


def test_rule7_straight_by_top_card():
    beats("7c 8d 9h Ts Jc", "Ah 7h 8h 9h Td", 4)  # A-7-8-9-T is the lowest straight
    beats("Tc Jd Qh Ks As", "9h Th Jh Qh Kd", 4)
    beats("9s Ts Js Qs Kd", "Ah 9h Th Jh Qd", 2)  # 24 cards: A-9-T-J-Q is the lowest
    beats("2c 3d 4h 5s 6c", "Ah 2h 3h 4h 5d", 9)  # the wheel is the lowest
    beats("6s 7s 8s 9s Td", "5h 6h 7h 8h 9d", 9)


def test_rule7_straight_suit_of_top_card():
    beats("7c 8d 9h Ts Jh", "7d 8h 9s Tc Jd", 4)  # Jh > Jd; lower cards' suits ignored
    beats("Tc Jd Qh Ks Ad", "Th Jh Qh Kd Ac", 4)
    # Ace-low straight: the top card is the ten, not the ace.
    beats("As 7h 8h 9d Td", "Ah 7c 8d 9h Tc", 4)
    beats("As 2h 3h 4d 5h", "Ah 2c 3c 4h 5d", 9)


# --------------------------------------------------------------------------------------------
# Rule 8: straight flushes, cycle royal > middle > minimum > royal

CYCLE = {
    4: {
        "royal": "T{s} J{s} Q{s} K{s} A{s}",
        "middle": "9{s} T{s} J{s} Q{s} K{s}",
        "minimum": "A{s} 7{s} 8{s} 9{s} T{s}",
    },
    9: {
        "royal": "T{s} J{s} Q{s} K{s} A{s}",
        "middle": "2{s} 3{s} 4{s} 5{s} 6{s}",
        "minimum": "A{s} 2{s} 3{s} 4{s} 5{s}",
    },
    2: {
        "royal": "T{s} J{s} Q{s} K{s} A{s}",
        "middle": "9{s} T{s} J{s} Q{s} K{s}",
        "minimum": "A{s} 9{s} T{s} J{s} Q{s}",
    },
}


@pytest.mark.parametrize("players", [4, 9, 2])
def test_rule8_cycle(players):
    kinds = CYCLE[players]
    for suit_a, suit_b in itertools.permutations("hdcs", 2):
        # The cycle ignores suits: even the spades hand wins against hearts.
        royal, middle = kinds["royal"].format(s=suit_a), kinds["middle"].format(s=suit_b)
        minimum = kinds["minimum"].format(s=suit_b)
        for text, kind in [(royal, "royal"), (middle, "middle"), (minimum, "minimum")]:
            assert straight_flush_kind(h(text), players) == kind
        beats(royal, middle, players)
        beats(kinds["middle"].format(s=suit_a), minimum, players)
        beats(kinds["minimum"].format(s=suit_a), kinds["royal"].format(s=suit_b), players)


def test_rule8_two_middles_by_top_card():
    beats("8s 9s Ts Js Qs", "7h 8h 9h Th Jh", 4)
    beats("9s Ts Js Qs Ks", "8h 9h Th Jh Qh", 4)
    beats("3s 4s 5s 6s 7s", "2h 3h 4h 5h 6h", 9)
    beats("9s Ts Js Qs Ks", "2h 3h 4h 5h 6h", 9)


def test_rule8_equal_kind_and_top_by_suit():
    beats("Th Jh Qh Kh Ah", "Td Jd Qd Kd Ad", 4)
    beats("Tc Jc Qc Kc Ac", "Ts Js Qs Ks As", 4)
    beats("Ad 7d 8d 9d Td", "Ac 7c 8c 9c Tc", 4)
    beats("7h 8h 9h Th Jh", "7s 8s 9s Ts Js", 4)
    beats("Ah 2h 3h 4h 5h", "Ad 2d 3d 4d 5d", 9)
    ties("7h 8h 9h Th Jh", "7h 8h 9h Th Jh", 4)


# --------------------------------------------------------------------------------------------
# Rule 9: flushes


def test_rule9_flush_by_suit():
    beats("7h 8h 9h Jh Qh", "9d Jd Qd Kd Ad", 4)  # the hearts flush wins despite lower ranks
    beats("7c 8c 9c Jc Qc", "9s Js Qs Ks As", 4)
    beats("2h 3h 4h 5h 7h", "9d Jd Qd Kd Ad", 9)
    # Same suit (only possible in one deal with at least 10 ranks): ranks highest first.
    beats("3h 5h 7h 9h Jh", "2h 4h 6h 8h Th", 9)
    beats("Ah Kh 6h 4h 2h", "Ah Kh 5h 4h 3h", 9)


def test_rule9_flush_by_ranks_option():
    beats("9d Jd Qd Kd Ad", "7h 8h 9h Jh Qh", 4, flush_by_suit=False)
    beats("9s Js Qs Ks As", "7h 8h 9h Jh Qh", 4, flush_by_suit=False)
    beats("Ah Kh 6h 4h 2h", "Ah Kh 5h 4h 3h", 9, flush_by_suit=False)
    beats("Ks Qs Js 9s 7s", "Kh Qh Th 9h 7h", 4, flush_by_suit=False)
    # Equal ranks: the suit decides.
    beats("Ah Qh Th 8h 7h", "Ad Qd Td 8d 7d", 4, flush_by_suit=False)
    beats("Ac Qc Tc 8c 7c", "As Qs Ts 8s 7s", 4, flush_by_suit=False)
    beats("Ah Qh Th 8h 7h", "Ad Qd Td 8d 7d", 4, flush_by_suit=True)
    ties("Ah Qh Th 8h 7h", "Ah Qh Th 8h 7h", 4, flush_by_suit=False)


# --------------------------------------------------------------------------------------------
# Properties on random and per-category samples


def _random_disjoint_pair(rng, cards):
    drawn = rng.sample(cards, 10)
    return drawn[:5], drawn[5:]


def _hands_by_category(players, rng, per_category=400):
    """Up to ``per_category`` hands of each category: exhaustive for small decks, built for 52."""
    cards = deck(players)
    found = {name: [] for name in CATEGORIES}
    if len(cards) <= 36:
        for hand in itertools.combinations(cards, 5):
            found[category(hand, players)].append(list(hand))
    else:
        ranks = sorted({c // 4 for c in cards})
        candidates = []
        for suit in range(4):  # flushes and straight flushes
            candidates += [list(x) for x in itertools.combinations(cards[suit::4], 5)]
        for r in ranks:  # quads and full houses
            quad = [4 * r + s for s in range(4)]
            candidates += [quad + [c] for c in cards if c // 4 != r]
            for r2 in ranks:
                if r2 != r:
                    for trips in itertools.combinations(quad, 3):
                        for pair in itertools.combinations([4 * r2 + s for s in range(4)], 2):
                            candidates.append(list(trips) + list(pair))
        for top in range(ranks[0] + 4, 13):  # straights, plus the ace-low one
            for run in [range(top - 4, top + 1), [12, 0, 1, 2, 3]]:
                for _ in range(200):
                    candidates.append([4 * r + rng.randrange(4) for r in run])
        for _ in range(200_000):
            candidates.append(rng.sample(cards, 5))
        for hand in candidates:
            found[category(hand, players)].append(hand)
    return {
        name: rng.sample(hands, min(per_category, len(hands))) if len(hands) > per_category else hands
        for name, hands in found.items()
    }


@pytest.fixture(scope="module", params=[4, 9])
def per_category(request):
    rng = random.Random(20240602 + request.param)
    return request.param, _hands_by_category(request.param, rng)


@pytest.mark.parametrize("players", [2, 4, 6, 9])
@pytest.mark.parametrize("flush_by_suit", [True, False])
def test_antisymmetry_random_pairs(players, flush_by_suit):
    rng = random.Random(1000 * players + flush_by_suit)
    cards = deck(players)
    for _ in range(3000):
        a, b = _random_disjoint_pair(rng, cards)
        assert compare(a, b, players, flush_by_suit) == -compare(b, a, players, flush_by_suit)
        assert compare(a, a, players, flush_by_suit) == 0


@pytest.mark.parametrize("players", [4, 9])
@pytest.mark.parametrize("flush_by_suit", [True, False])
def test_never_a_tie_in_one_deal_random(players, flush_by_suit):
    rng = random.Random(7 * players + flush_by_suit)
    cards = deck(players)
    for _ in range(5000):
        a, b = _random_disjoint_pair(rng, cards)
        assert compare(a, b, players, flush_by_suit) != 0, (a, b)


@pytest.mark.parametrize("flush_by_suit", [True, False])
def test_same_category_pairs(per_category, flush_by_suit):
    """Within each category: antisymmetry, no tie between disjoint hands, and (outside the
    straight-flush cycle) transitivity on random triples."""
    players, hands = per_category
    rng = random.Random(99 + players + flush_by_suit)
    for name, pool in hands.items():
        assert pool, name
        for a in pool:
            assert category(a, players) == name
        checked = 0
        for _ in range(3000):
            a, b = rng.choice(pool), rng.choice(pool)
            result = compare(a, b, players, flush_by_suit)
            assert result == -compare(b, a, players, flush_by_suit)
            if not set(a) & set(b):
                assert result != 0, (name, a, b)
                checked += 1
        assert checked > 0, name
        if name == "STRAIGHT_FLUSH":
            continue
        for _ in range(2000):
            a, b, c = rng.choice(pool), rng.choice(pool), rng.choice(pool)
            ab = compare(a, b, players, flush_by_suit)
            bc = compare(b, c, players, flush_by_suit)
            if ab >= 0 and bc >= 0:
                assert compare(a, c, players, flush_by_suit) >= 0, (a, b, c)


def test_straight_flush_cycle_is_real_intransitivity():
    # Minimum beats royal although royal beats every middle and every middle beats the minimum.
    players = 4
    royal, middle, minimum = h("Tc Jc Qc Kc Ac"), h("9h Th Jh Qh Kh"), h("Ad 7d 8d 9d Td")
    assert compare(royal, middle, players) == 1
    assert compare(middle, minimum, players) == 1
    assert compare(minimum, royal, players) == 1
