"""Tests of the slow multi-game reference evaluator (tests/reference/games.py) against RULES.md.

The exhaustive checks (marked slow) walk every five-card hand of the 52-card and 36-card decks and
compare hand and class counts per category with the tables in RULES.md; the rest are hand-picked
cases from the rule book and its source texts, 6- and 7-card hands and Omaha.
"""

import itertools
import math
import random
from collections import Counter

import pytest

import reference.high as reference
from reference.games import (
    GAMES,
    best_key,
    category5,
    category_counts,
    deck,
    hand_counts,
    key5,
    omaha_best_key,
    parse_cards,
    strengths,
)


def k(text, game):
    return key5(parse_cards(text), game)


def cat(text, game):
    return category5(parse_cards(text), game)


def best(text, game):
    return best_key(parse_cards(text), game)


def omaha(hole, board, game="high"):
    return omaha_best_key(parse_cards(hole), parse_cards(board), game)


# --------------------------------------------------------------------------------------------
# figures from RULES.md

HIGH_TABLE = {  # category: (5-card hands, distinct classes)
    "STRAIGHT_FLUSH": (40, 10),
    "FOUR_OF_A_KIND": (624, 156),
    "FULL_HOUSE": (3744, 156),
    "FLUSH": (5108, 1277),
    "STRAIGHT": (10200, 10),
    "THREE_OF_A_KIND": (54912, 858),
    "TWO_PAIR": (123552, 858),
    "ONE_PAIR": (1098240, 2860),
    "HIGH_CARD": (1302540, 1277),
}
ACE_TO_FIVE_TABLE = {
    "HIGH_CARD": (1317888, 1287),  # no pair
    "ONE_PAIR": (1098240, 2860),
    "TWO_PAIR": (123552, 858),
    "THREE_OF_A_KIND": (54912, 858),
    "FULL_HOUSE": (3744, 156),
    "FOUR_OF_A_KIND": (624, 156),
}
DEUCE_TO_SEVEN_TABLE = {
    "HIGH_CARD": (1303560, 1278),
    "ONE_PAIR": (1098240, 2860),
    "TWO_PAIR": (123552, 858),
    "THREE_OF_A_KIND": (54912, 858),
    "STRAIGHT": (9180, 9),
    "FLUSH": (5112, 1278),
    "FULL_HOUSE": (3744, 156),
    "FOUR_OF_A_KIND": (624, 156),
    "STRAIGHT_FLUSH": (36, 9),
}
SHORT_DECK_TABLE = {  # hands from RULES.md, classes from the issue
    "STRAIGHT_FLUSH": (24, 6),
    "FOUR_OF_A_KIND": (288, 72),
    "FULL_HOUSE": (1728, 72),
    "FLUSH": (480, 120),
    "STRAIGHT": (6120, 6),
    "THREE_OF_A_KIND": (16128, 252),
    "TWO_PAIR": (36288, 252),
    "ONE_PAIR": (193536, 504),
    "HIGH_CARD": (122400, 120),
}
TABLES = {
    "high": HIGH_TABLE,
    "ace-to-five": ACE_TO_FIVE_TABLE,
    "deuce-to-seven": DEUCE_TO_SEVEN_TABLE,
    "ace-to-six": DEUCE_TO_SEVEN_TABLE,  # "Ace-to-six has deuce-to-seven's counts"
    "eight-or-better": {"HIGH_CARD": (57344, 56), None: (2598960 - 57344, 1)},
    "short-deck": SHORT_DECK_TABLE,
    "short-deck-trips": SHORT_DECK_TABLE,
}
CLASSES = {
    "high": 7462,
    "ace-to-five": 6175,
    "deuce-to-seven": 7462,
    "ace-to-six": 7462,
    "eight-or-better": 56,
    "short-deck": 1404,
    "short-deck-trips": 1404,
}
BEST_HAND = {  # (best hand, worst hand / worst qualifying hand)
    "high": ("As Ks Qs Js Ts", "7c 5d 4h 3s 2c"),
    "ace-to-five": ("5c 4d 3h 2s Ac", "Kc Kd Kh Ks Qc"),
    "deuce-to-seven": ("7c 5d 4h 3s 2c", "As Ks Qs Js Ts"),
    "ace-to-six": ("6c 4d 3h 2s Ac", "Ks Qs Js Ts 9s"),
    "eight-or-better": ("5c 4d 3h 2s Ac", "8c 7d 6h 5s 4c"),
    "short-deck": ("As Ks Qs Js Ts", "Jc 9d 8h 7s 6c"),
    "short-deck-trips": ("As Ks Qs Js Ts", "Jc 9d 8h 7s 6c"),
}


# --------------------------------------------------------------------------------------------
# exhaustive five-card checks


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_total_hands_and_classes(game):
    size = len(deck(game))
    assert size == (36 if game.startswith("short-deck") else 52)
    assert sum(hand_counts(game).values()) == math.comb(size, 5)
    table = strengths(game)
    assert len(table) == CLASSES[game]
    assert sorted(table.values()) == list(range(1, CLASSES[game] + 1))
    # dense ranks follow the key order
    assert sorted(table, key=table.get) == sorted(table)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_category_counts(game):
    assert category_counts(game) == TABLES[game]


@pytest.mark.slow
def test_eight_or_better_split_by_top_card():
    # key = (0, -top value, ...), values ace 0, deuce 1, ..., eight 7
    by_top = Counter()
    for key, count in hand_counts("eight-or-better").items():
        if key is not None:
            by_top[-key[1]] += count
    assert by_top == {4: 1024, 5: 5120, 6: 15360, 7: 35840}
    assert sum(by_top.values()) == 57344


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_best_and_worst_hands(game):
    table = strengths(game)
    best_text, worst_text = BEST_HAND[game]
    assert table[k(best_text, game)] == len(table)
    assert table[k(worst_text, game)] == 1


@pytest.mark.slow
@pytest.mark.parametrize("game", ["short-deck", "short-deck-trips", "deuce-to-seven"])
def test_hand_walk_through_public_key5(game):
    """The cached walk (by rank signature) agrees with key5 called on every single hand."""
    counts = Counter(key5(hand, game) for hand in itertools.combinations(deck(game), 5))
    assert counts == hand_counts(game)


@pytest.mark.slow
def test_structural_relations_between_games():
    # One example hand per class signature of the 52-card deck: (ranks multiset, all one suit?).
    hands = []
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        if len(set(ranks)) == 5:
            hands.append([4 * rank + 3 for rank in ranks])  # suited
            hands.append([4 * rank + (i == 0) for i, rank in enumerate(ranks)])  # offsuit
        else:
            seen = Counter()
            hand = []
            for rank in ranks:  # equal ranks get suits 0, 1, 2, 3 in turn
                hand.append(4 * rank + seen[rank])
                seen[rank] += 1
            hands.append(hand)
    assert len(hands) == 7462
    for hand in hands:
        ranks = sorted(card // 4 for card in hand)
        high = key5(hand, "high")
        assert high == reference.hand_key(hand)
        d27 = key5(hand, "deuce-to-seven")
        if ranks == [0, 1, 2, 3, 12]:  # the wheel: not a straight in deuce-to-seven
            assert category5(hand, "deuce-to-seven") in ("HIGH_CARD", "FLUSH")
        else:
            assert d27 == tuple(-x for x in high)
        # ace-to-six is deuce-to-seven with every rank moved down one (ace below the deuce)
        shifted = [4 * ((card // 4 + 1) % 13) + card % 4 for card in hand]
        assert key5(hand, "ace-to-six") == key5(shifted, "deuce-to-seven")
        # eight-or-better is ace-to-five restricted to qualifying hands
        low = key5(hand, "eight-or-better")
        if low is not None:
            assert low == key5(hand, "ace-to-five")
        else:
            values = [(rank + 1) % 13 for rank in ranks]
            assert len(set(values)) < 5 or max(values) > 7


def test_high_matches_existing_reference_on_random_hands():
    rng = random.Random(20240611)
    for _ in range(3000):
        hand = rng.sample(range(52), 5)
        assert key5(hand, "high") == reference.hand_key(hand)
        seven = rng.sample(range(52), 7)
        assert best_key(seven, "high") == reference.best_key(seven)


def test_short_deck_games_differ_only_in_trips_vs_straight():
    rng = random.Random(7)
    cards = deck("short-deck")
    for _ in range(3000):
        a, b = rng.sample(cards, 5), rng.sample(cards, 5)
        plain = (k_a := key5(a, "short-deck")) > (k_b := key5(b, "short-deck"))
        trips = key5(a, "short-deck-trips") > key5(b, "short-deck-trips")
        categories = {category5(a, "short-deck"), category5(b, "short-deck")}
        assert category5(a, "short-deck") == category5(a, "short-deck-trips")
        if categories != {"STRAIGHT", "THREE_OF_A_KIND"}:
            assert plain == trips, (a, b, k_a, k_b)
        else:
            assert plain != trips


# --------------------------------------------------------------------------------------------
# worked examples, five cards


def test_ace_to_five_examples():
    g = "ace-to-five"
    nine = k("9c 8c 7c 6c 5c", g)
    assert cat("9c 8c 7c 6c 5c", g) == "HIGH_CARD"  # a nine-high low, no straight flush
    assert nine == k("9d 8c 7c 6h 5c", g)  # suits never matter
    assert nine > k("Tc 8d 7h 6s 5c", g)  # beats a ten-high
    assert nine < k("8c 7d 6h 5s 4c", g)  # loses to an eight-high
    wheel = k("5c 4d 3h 2s Ac", g)
    assert wheel == k("5s 4s 3s 2s As", g)  # the steel wheel is the same low
    assert wheel > k("6c 4d 3h 2s Ac", g) > k("6c 5d 4h 3s 2c", g) > k("7c 4d 3h 2s Ac", g)
    assert cat("6c 5d 4h 3s 2c", g) == "HIGH_CARD"  # no straights in ace-to-five
    # fewer pairs first: any no-pair beats any pair, a pair beats two pair, ...
    assert k("Kc Qd Jh Ts 8c", g) > k("Ac Ad 2c 3d 4h", g)
    assert k("Kc Kd Qh Js Tc", g) > k("2c 2d 3h 3s 4c", g)
    assert k("Kc Kd Qh Qs Jc", g) > k("2c 2d 2h 3s 4c", g)
    assert k("Kc Kd Kh Qs Jc", g) > k("2c 2d 2h 3s 3c", g)
    assert k("Kc Kd Kh Qs Qc", g) > k("2c 2d 2h 2s 3c", g)
    assert [
        cat(t, g)
        for t in ("Ac Ad 2c 3d 4h", "2c 2d 3h 3s 4c", "2c 2d 2h 3s 4c", "2c 2d 2h 3s 3c", "2c 2d 2h 2s 3c")
    ] == ["ONE_PAIR", "TWO_PAIR", "THREE_OF_A_KIND", "FULL_HOUSE", "FOUR_OF_A_KIND"]
    # the ace is low in pairs too: aces are the lowest pair
    assert k("Ac Ad 6c 7d 8h", g) > k("2c 2d 6h 7s 8s", g)
    # paired hands: the pair first, then the kickers (ambiguous in RULES.md; standard rule)
    assert k("4c 4d Kh Qs Jc", g) > k("5c 5d 3h 2s Ac", g)
    assert k("4c 4d 7h 3s 2c", g) > k("4h 4s 8h 2s Ac", g)


def test_deuce_to_seven_examples():
    g = "deuce-to-seven"
    assert cat("5s 4s 3s 2s As", g) == "FLUSH"  # ace-high flush, not a straight flush
    assert cat("5h 4s 3h 2c Ad", g) == "HIGH_CARD"  # ace-high, not a straight
    assert k("5s 4s 3s 2s As", g) > k("6s 4s 3s 2s As", g)  # better (lower) ace-high flush
    assert k("5h 4s 3h 2c Ad", g) > k("5s 4s 3s 2s As", g)
    assert k("5h 4s 3h 2c Ad", g) < k("Kh Qs Jh 9c 8d", g)  # ace-high is worse than king-high
    assert k("5h 4s 3h 2c Ad", g) > k("2h 2s 3h 4c 5d", g)  # but better than a pair
    best5 = k("7c 5d 4h 3s 2c", g)
    assert best5 > k("7c 6d 4h 3s 2c", g) > k("8c 5d 4h 3s 2c", g)
    assert cat("7s 5s 4s 3s 2s", g) == "FLUSH"
    assert k("7s 5s 4s 3s 2s", g) < k("Ac Kd Qh Js 9c", g)
    assert cat("6c 5d 4h 3s 2c", g) == "STRAIGHT"
    assert cat("Ac Kd Qh Js Tc", g) == "STRAIGHT"
    assert k("6c 5d 4h 3s 2c", g) < k("2c 2d 2h 3s 4c", g)  # a straight is worse than trips
    assert k("6c 5d 4h 3s 2c", g) > k("Ac Kd Qh Js Tc", g)  # the lowest straight is the best one
    assert k("As Ks Qs Js Ts", g) < k("6s 5s 4s 3s 2s", g)  # royal flush is the worst hand
    assert k("2c 2d 2h 2s 3c", g) > k("6s 5s 4s 3s 2s", g)


def test_ace_to_six_examples():
    g = "ace-to-six"
    assert cat("Ac Ks Qs Jd Ts", g) == "HIGH_CARD"  # king-high, no straight
    assert k("Ac Ks Qs Jd Ts", g) > k("Kc Qs Js Td 9s", g)  # ... so it beats the K-high straight
    assert k("Ac Ks Qs Jd Ts", g) > k("2c Ks Qs Jd Ts", g)  # and the ace is the lowest card
    assert cat("5h 4s 3h 2c Ad", g) == "STRAIGHT"  # the wheel is a (five-high) straight
    assert cat("5s 4s 3s 2s As", g) == "STRAIGHT_FLUSH"
    assert k("5h 4s 3h 2c Ad", g) > k("6h 5s 4h 3c 2d", g)  # the lowest straight
    assert k("5h 4s 3h 2c Ad", g) < k("Kh Kd Qh Js Tc", g)  # still worse than a pair
    best5 = k("6c 4d 3h 2s Ac", g)
    assert best5 > k("6c 5d 3h 2s Ac", g) > k("7c 4d 3h 2s Ac", g)
    assert best5 > k("6c 4d 3h 2s 7c", g)
    assert cat("6s 4s 3s 2s As", g) == "FLUSH"
    assert k("6s 4s 3s 2s As", g) < k("Kc Qd Jh 9s 8c", g)
    assert k("Ac Ad 6c 7d 8h", g) > k("2c 2d 6h 7s 8s", g)  # aces are the lowest pair


def test_eight_or_better_examples():
    g = "eight-or-better"
    assert cat("8c 7d 6h 5s 4c", g) == "HIGH_CARD"
    assert k("8c 7d 6h 5s 4c", g) == k("8c 7d 6h 5s 4c", "ace-to-five")
    assert k("9c 4d 3h 2s Ac", g) is None  # a nine
    assert k("Kc 4d 3h 2s Ac", g) is None
    assert k("Ac Ad 2c 3d 4h", g) is None  # a pair
    assert cat("Ac Ad 2c 3d 4h", g) is None
    wheel = k("5s 4s 3s 2s As", g)  # steel wheel: best low
    assert wheel == k("5c 4d 3h 2s Ac", g)
    assert wheel > k("6c 4d 3h 2s Ac", g)
    assert k("8c 6d 5h 4s 3c", g) > k("8c 7d 3h 2s Ac", g)  # 8-6 beats 8-7
    assert k("7c 6d 5h 4s 3c", g) > k("8c 4d 3h 2s Ac", g)  # any seven-low beats any eight-low


def test_short_deck_examples():
    for g in ("short-deck", "short-deck-trips"):
        assert cat("Ah 6c 7d 8s 9s", g) == "STRAIGHT"  # A-6-7-8-9
        assert k("Ah 6c 7d 8s 9s", g) < k("Tc 6c 7d 8s 9h", g)  # the lowest straight
        assert k("Ah 6c 7d 8s 9s", g) > k("Kc Kd Qh Qs Jc", g)  # beats two pair
        assert cat("Kh Ac 6d 7s 8c", g) == "HIGH_CARD"  # K-A-6-7-8 wraps: no straight
        assert cat("Ah 6h 7h 8h 9h", g) == "STRAIGHT_FLUSH"
        assert k("Ah 6h 7h 8h 9h", g) < k("Th 6h 7h 8h 9h", g)
        assert k("Ah 6h 7h 8h 9h", g) > k("Ac Ad Ah As Kc", g)
        assert cat("Ah Kh 9h 7h 6h", g) == "FLUSH"
        assert k("Ah Kh 9h 7h 6h", g) > k("Ac Ad As Kc Kd", g)  # flush beats full house
        assert k("6h 7h 8h 9h Jh", g) > k("Ac Ad As Kc Kd", g)
        assert k("6h 7h 8h 9h Jh", g) < k("6c 6d 6h 6s 7c", g)  # but loses to quads
        assert k("As Ks Qs Js Ts", g) > k("Ks Qs Js Ts 9s", g)  # royal flush on top
        assert k("Ac Kd Qh Js Tc", g) > k("Ac Kd Qh Js 9c", g)
        with pytest.raises(ValueError):
            k("5c 6c 7c 8c 9c", g)  # no fives in the short deck
    # trips vs straight: the only difference between the two short-deck games
    assert k("6c 6d 6h 7s 8c", "short-deck") < k("Ah 6c 7d 8s 9s", "short-deck")
    assert k("6c 6d 6h 7s 8c", "short-deck-trips") > k("Ac Kd Qh Js Tc", "short-deck-trips")
    assert k("Ac Ad Ah Ks Qc", "short-deck-trips") < k("6c 6d 6h 7s 7c", "short-deck-trips")


def test_high_examples():
    g = "high"
    assert cat("5d 4c 3h 2s Ad", g) == "STRAIGHT"
    assert k("5d 4c 3h 2s Ad", g) < k("6d 5c 4h 3s 2d", g)
    assert cat("Qs Ks Ac 2h 3d", g) == "HIGH_CARD"
    assert cat("As Ks Qs Js Ts", g) == "STRAIGHT_FLUSH"
    assert cat("Ah Kh 9h 7h 6h", g) == "FLUSH"
    assert k("Ah Kh 9h 7h 6h", g) < k("2c 2d 2h 3c 3d", g)  # full house beats flush here
    assert k("2c 2d 2h 3c 4d", g) < k("5d 4c 3h 2s Ad", g)  # straight beats trips


# --------------------------------------------------------------------------------------------
# six and seven cards


def test_best_of_six_and_seven_examples():
    assert best("As Ks Qs Js Ts 2c 3d", "high") == (8, 12)
    assert best("Ah Ad Ac Kc Kd Ks 2c", "high") == k("Ah Ad Ac Kc Kd", "high")
    assert best("9h 9d 9c 5s 5d 5h", "high") == k("9h 9d 9c 5s 5d", "high")
    assert best("2h 3h 4h 5h 7d 6c", "high") == (4, 5)  # seven-high straight, no flush
    assert best("2h 3h 4h 5h 7d 6c 6h", "high") == (8, 4)  # 6h makes a six-high straight flush

    g = "ace-to-five"
    assert best("Kc Kd 5h 4s 3c 2d Ah", g) == k("5h 4s 3c 2d Ah", g)
    # only four ranks among seven cards: the best is the pair of aces with 4-3-2
    assert best("Ac Ad 2c 2d 3c 3d 4h", g) == k("Ac Ad 2c 3d 4h", g) == (-1, 0, -3, -2, -1)
    assert best("9c 8c 7c 6c 5c 9d 9h", g) == k("9c 8c 7c 6c 5c", g)

    g = "deuce-to-seven"
    assert best("7c 5d 4h 3s 2c 2d Ac", g) == k("7c 5d 4h 3s 2c", g)
    assert best("Kc 8d 6h 5s 4c 3d 2h", g) == k("8d 5s 4c 3d 2h", g)  # avoid 6-5-4-3-2
    assert best("7s 5s 4s 3s 2s 9d", g) == k("9d 5s 4s 3s 2s", g)  # avoid the flush
    assert best("Ac Ad Ah As Kc Kd", g) == k("Ac Ad Ah Kc Kd", g)  # aces full beats quads

    g = "ace-to-six"
    assert best("Ac 2d 3h 4s 5c 6d Kh", g) == k("6d 4s 3h 2d Ac", g)  # avoid both straights
    assert best("Ac Kd Qh Js Tc 9d", g) == k("Ac Qh Js Tc 9d", g)  # queen-high, the ace is low
    assert best("Kc Qd Jh Ts 9c 2d", g) == k("Qd Jh Ts 9c 2d", g)  # queen-high
    # K-Q-J-T-9 is a straight: a pair of kings is the better low
    assert best("Kc Qd Jh Ts 9c Kd", g) == k("Kc Kd Jh Ts 9c", g)
    assert best("6s 4s 3s 2s As 7d", g) == k("7d 4s 3s 2s As", g)

    g = "eight-or-better"
    assert best("Ac 2d 9h Ts Jc Qd Kh", g) is None
    assert best("Ac 2d 3h 9s Kc 8d 7h", g) == k("8d 7h 3h 2d Ac", g)
    assert best("Ac 2d 3h 4s 5c 6d 7h", g) == k("5c 4s 3h 2d Ac", g)
    assert best("Ac Ad 2c 2d 3c 3d 4h", g) is None
    assert best("Ac 2d 3h 4s 8c 8d", g) == k("8c 4s 3h 2d Ac", g)

    for g in ("short-deck", "short-deck-trips"):
        assert best("As Ks Qs Js Ts 6c 6d", g) == k("As Ks Qs Js Ts", g)
        assert best("Ah Kh 9h 7h 6h Ad Kd", g) == k("Ah Kh 9h 7h 6h", g)
    # straight A-6-7-8-9 plus trip nines: the game decides
    assert best("As 6c 7d 8h 9s 9c 9d", "short-deck") == k("As 6c 7d 8h 9s", "short-deck")
    assert best("As 6c 7d 8h 9s 9c 9d", "short-deck-trips") == k("9s 9c 9d As 8h", "short-deck-trips")


def test_best_key_is_max_over_subsets_random():
    rng = random.Random(99)
    for game in GAMES:
        cards = deck(game)
        for _ in range(200):
            seven = rng.sample(cards, rng.choice((5, 6, 7)))
            keys = [key5(five, game) for five in itertools.combinations(seven, 5)]
            qualifying = [key for key in keys if key is not None]
            assert best_key(seven, game) == (max(qualifying) if qualifying else None)


# --------------------------------------------------------------------------------------------
# Omaha


def test_omaha_examples():
    # Spades: Ks Js in the hole but only 3s Qs on the board: no flush. Best: Q-Q-5-5 with K.
    assert omaha("Ks 8c Js 5c", "3s 5h Qs Qd 9h") == k("Qs Qd 5h 5c Ks", "high") == (2, 10, 3, 11)
    # With a third board spade the two hole spades make a flush: K-Q-J-9-3.
    assert omaha("Ks 8c Js 5c", "3s 5h Qs Qd 9s") == k("Ks Js Qs 9s 3s", "high")
    # Four board spades and one hole spade is no flush: exactly two hole cards must play.
    assert omaha("As 2c 3d 4h", "Ks Qs Js 5s 9h") == k("As 4h Ks Qs Js", "high") == (0, 12, 11, 10, 9, 2)
    assert best("As 2c Ks Qs Js 5s 9h", "high")[0] == 5  # in hold'em it is a flush
    # four aces in the hole are only a pair of aces
    assert omaha("Ac Ad Ah As Kc Kd", "2c 3d 4h") == k("Ac Ad 4h 3d 2c", "high")
    # a hole pair with a board pair makes the full house; with one hole nine the kicker must
    # come from the hole too (the 3, not the board's 7)
    assert omaha("9c 9d 2h 3s", "9h Kc Kd 4s 7d") == k("9c 9d 9h Kc Kd", "high")
    assert omaha("9c 2d 2h 3s", "9h Kc Kd 4s 7d") == k("9c 3s 9h Kc Kd", "high") == (2, 11, 7, 1)
    # five and six hole cards, three and four board cards
    assert omaha("Ac Kc 2d 3d 4h", "Qc Jc Tc 9s") == (8, 12)
    assert omaha("Ac Kc 2d 3d 4h 5h", "6h 7h 8h") == k("4h 5h 6h 7h 8h", "high")


def test_omaha_eight_or_better():
    g = "eight-or-better"
    assert omaha("As 2c 3d 4h", "5s 6d 7c Kh Kd", g) == k("7c 6d 5s 2c As", g)
    assert omaha("Ac 2d Kh Ks", "3c 4d 5h 9c Td", g) == k("5h 4d 3c 2d Ac", g)
    assert omaha("Ac 2c 3c 4c", "5d Kd Qd Jd Td", g) is None  # only one low board card
    assert best("Ac 2c 3c 4c 5d Kd Qd", g) == k("5d 4c 3c 2c Ac", g)  # stud/hold'em: a wheel
    # the board's ace and deuce pair the hole's; hole 2-3 with board A-6-7 is the best low
    assert omaha("Ac 2c 3h Kd", "Ad 2d 6s 7h 8c", g) == k("7h 6s 3h 2c Ad", g)
    # the high half of the same hand
    assert omaha("As 2s 3d 4h", "5s 6d 7s Kh Ks") == k("As 2s 5s 7s Ks", "high")


# --------------------------------------------------------------------------------------------
# bad input


@pytest.mark.parametrize("game", GAMES)
def test_bad_input(game):
    good = deck(game)[-5:]
    assert category5(good, game) == (
        None if game == "eight-or-better" else "FOUR_OF_A_KIND"
    )  # Kc + four aces
    bad_hands = [
        good[:4],
        good + [deck(game)[0]],
        good[:4] + [good[0]],
        good[:4] + [52],
        good[:4] + [-1],
        good[:4] + [True],
        good[:4] + [3.0],
        "As Ks Qs Js Ts",
        None,
    ]
    for hand in bad_hands:
        with pytest.raises(ValueError):
            key5(hand, game)
        with pytest.raises(ValueError):
            category5(hand, game)
    with pytest.raises(ValueError):
        best_key(good[:4], game)
    with pytest.raises(ValueError):
        best_key(deck(game)[:8], game)
    with pytest.raises(ValueError):
        best_key(good + [good[0], deck(game)[0]], game)
    cards = deck(game)
    with pytest.raises(ValueError):
        omaha_best_key(cards[:3], cards[10:15], game)
    with pytest.raises(ValueError):
        omaha_best_key(cards[:7], cards[10:15], game)
    with pytest.raises(ValueError):
        omaha_best_key(cards[:4], cards[10:12], game)
    with pytest.raises(ValueError):
        omaha_best_key(cards[:4], cards[10:16], game)
    with pytest.raises(ValueError):
        omaha_best_key(cards[:4], cards[3:8], game)  # card in both
    with pytest.raises(ValueError):
        omaha_best_key(cards[:3] + [cards[0]], cards[10:15], game)


def test_bad_game_and_short_deck_cards():
    with pytest.raises(ValueError):
        key5(parse_cards("As Ks Qs Js Ts"), "razz")
    with pytest.raises(ValueError):
        deck("omaha")
    with pytest.raises(ValueError):
        strengths("lowball")
    for g in ("short-deck", "short-deck-trips"):
        with pytest.raises(ValueError):
            best_key(parse_cards("As Ks Qs Js Ts 5c"), g)
        with pytest.raises(ValueError):
            omaha_best_key(parse_cards("As Ks 2c 6d"), parse_cards("Qs Js Ts"), g)
        assert set(deck(g)) == {c for c in range(52) if c // 4 >= 4}
