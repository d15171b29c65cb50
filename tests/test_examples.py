"""Worked examples from RULES.md and the seed texts in /work/shared/seeds, through the library.

Each example is checked twice: through ``pokerlut`` (evaluate, compare, category) and through the
slow reference (tests/reference/high.py), so a wrong example cannot pass unnoticed in one of them.
Source tags: ``it000`` (Italian, seed 000), ``es001`` (Spanish), ``it002`` (Italian), ``ru003``
(Russian), ``ca004`` (Catalan), ``rules`` (RULES.md).
"""

import itertools

import pytest

import pokerlut
from reference.high import CATEGORY_NAMES, best_key, class_ranks, parse_cards

# Hands listed best first; every hand strictly beats the next.
CHAINS = {
    "it000-straight-flush": ["Tc 9c 8c 7c 6c", "8h 7h 6h 5h 4h", "6s 5s 4s 3s 2s"],
    "it000-quads": ["Ks Kh Kc Kd 3h", "7h 7d 7s 7c Qh", "7h 7d 7s 7c Ts"],
    "it000-full-house": ["8s 8d 8h 7d 7c", "4d 4s 4c 9d 9c", "4d 4s 4c 5c 5d"],
    "it000-flush": [
        "Kd Jd 9d 6d 4d",
        "Qc Jc 7c 6c 5c",
        "Jh Th 9h 4h 2h",
        "Js Ts 8s 6s 3s",
        "Jh Th 8h 4h 3h",
        "Jc Tc 8c 4c 2c",
    ],
    "it000-straight": ["Jh Th 9c 8s 7h", "Ts 9s 8c 7h 6s", "6c 5s 4h 3s 2d"],
    "it000-trips": ["6h 6d 6s Qc 4s", "3d 3s 3c Ks 2s", "3d 3s 3c Jc 7h", "3d 3s 3c Js 5d"],
    "it000-two-pair": ["Td Ts 2s 2c Kc", "5c 5s 4d 4h Th", "5c 5s 3c 3d Qs", "5c 5s 3c 3d Js"],
    "it000-one-pair": [
        "9c 9d Qs Jh 5h",
        "6d 6h Ks 7h 4c",
        "6d 6h Qh Js 2c",
        "6d 6h Qs 8c 7d",
        "6d 6h Qd 8h 3s",
    ],
    "it000-high-card": [
        "Ks 6c 5h 3d 2c",
        "Qs Jd 6c 5h 3c",
        "Qs Td 8c 7d 4s",
        "Qh Th 7c 6h 4s",
        "Qc Tc 7d 5c 4d",
        "Qh Td 7s 5s 2h",
    ],
    # One example per category, as the Italian text gives them, best category first.
    "it000-categories": [
        "Ad Kd Qd Jd Td",
        "Qh Jh Th 9h 8h",
        "9c 9s 9d 9h Jh",
        "3c 3s 3d 6c 6h",
        "Kc Tc 7c 6c 4c",
        "7c 6s 5s 4h 3h",
        "2d 2s 2c Ks 6h",
        "Jh Jc 4c 4s 9h",
        "4h 4s Ks Td 5s",
        "Kh Jh 8c 7d 4s",
    ],
    "it000-ace-high-and-low": ["Ah Kh Qh Jh Th", "5d 4d 3d 2d Ad", "Ac Ad Ah As Kc"],
    "es001-straight-flush-range": ["As Ks Qs Js Ts", "6s 5s 4s 3s 2s", "5s 4s 3s 2s As", "Ac Ad Ah As Kc"],
    "es001-flush-AK432-beats-AQJT8": ["Ah Kh 4h 3h 2h", "Ac Qc Jc Tc 8c"],
    "es001-flush-J9864-beats-J9863": ["Jd 9d 8d 6d 4d", "Js 9s 8s 6s 3s"],
    "es001-six-high-beats-wheel": ["6c 5d 4h 3s 2c", "5d 4c 3h 2s Ad"],
    "es001-straight-A-high-and-low": ["Ac Kd Qh Js Tc", "8c 7d 6h 5s 4c", "5d 4c 3h 2s Ad"],
    "es001-pair-88953-beats-88952": ["8c 8d 9h 5s 3c", "8h 8s 9d 5c 2h"],
    "es001-high-A9743-A8743-A8742": ["Ad 9c 7h 4s 3c", "Ac 8d 7s 4h 3d", "Ah 8c 7d 4c 2s"],
    "es001-two-pair-kicker": ["Kc Kd 7h 7s Qc", "Kh Ks 7c 7d Jc"],
    "es001-trips-kickers": ["Qc Qd Qh 9s 4c", "Qc Qd Qs 8h 7c", "Qc Qd Qs 8h 6c"],
    # Scala Reale - Scala Colore - Poker - Full - Colore - Scala - Tris - Doppia Coppia - Coppia - Carta Alta
    "it002-ladder": [
        "Ah Kh Qh Jh Th",
        "9h 8h 7h 6h 5h",
        "Ac Ad Ah As 2c",
        "Kc Kd Kh 2s 2c",
        "Ac Jc 8c 5c 3c",
        "3c 4d 5h 6s 7c",
        "Ac Ad Ah Ks Qc",
        "Ac Ad Kh Ks Qc",
        "Ac Ad Jh 8s 5c",
        "Ac Kd Qh Js 9c",
    ],
    "it002-kickers-of-AAJ85": ["Ac Ad Jh 8s 5c", "Ah As Jc 8d 4c", "Ah As Tc 9d 8c"],
    "it002-max-mid-min-straight": ["Ac Kd Qh Js Tc", "9c 8d 7h 6s 5c", "5c 4d 3h 2s Ac"],
    "ru003-categories": [
        "Ah Kh Qh Jh Th",
        "9c 9d 9h 9s Jc",
        "3c 3d 3h 6s 6c",
        "Kd Td 7d 6d 4d",
        "7c 6d 5h 4s 3c",
        "2c 2d 2h Ks 6c",
        "Jc Jd 4h 4s 9c",
        "4c 4d Kh Ts 5c",
        "Kc Jd 8h 7s 4c",
    ],
    "ru003-quads-kicker": ["9c 9d 9h 9s Jc", "9c 9d 9h 9s Tc"],
    "ru003-full-trips-then-pair": ["4c 4d 4h 3s 3c", "3c 3d 3h As Ac", "3c 3d 3h 6s 6c"],
    # "The minimum hand of a category beats every hand of every lower category."
    "ca004-lowest-beats-best-below": [
        "5h 4h 3h 2h Ah",  # lowest straight flush
        "Ac Ad Ah As Kc",  # best four of a kind
        "2c 2d 2h 2s 3c",  # lowest four of a kind
        "Ac Ad Ah Ks Kc",  # best full house
        "2c 2d 2h 3s 3c",  # lowest full house
        "Ac Kc Qc Jc 9c",  # best flush
        "7c 5c 4c 3c 2c",  # lowest flush
        "Ac Kd Qh Js Tc",  # best straight
        "5c 4d 3h 2s Ac",  # lowest straight
        "Ac Ad Ah Ks Qc",  # best three of a kind
        "2c 2d 2h 4s 3c",  # lowest three of a kind
        "Ac Ad Kh Ks Qc",  # best two pair
        "3c 3d 2h 2s 4c",  # lowest two pair
        "Ac Ad Kh Qs Jc",  # best one pair
        "2c 2d 5h 4s 3c",  # lowest one pair
        "Ac Kd Qh Js 9c",  # best high card
        "7c 5d 4h 3s 2c",  # lowest high card
    ],
    "ca004-card-values-A-high-2-low": [
        "Ac Qd 9h 7s 5c",
        "Kc Qd 9h 7s 5c",
        "3c 4d 6h 8s 9c",
        "2c 4d 6h 8s 9c",
    ],
    "ca004-pair-then-second-card": ["Jc Jd Ah 3s 2c", "Jh Js Kc Qd Tc"],
    # RULES.md: best five of six or seven cards; the ace plays high or low, never both.
    "rules-best-of-seven": ["Ah Kh 9h 4h 2h Ad Ac", "9h 8d 7c 6h 5s 7d 7h", "Ac Ad Ah Kc Qd 2s 3s"],
    "rules-ace-low-or-high": [
        "Ac Kd Qh Js Tc 2c",
        "6c 5d 4h 3s 2c Ad",
        "5c 4d 3h 2s Ac Kd Qh",
        "Qs Ks Ac 2h 3d",
    ],
}

# Pairs of hands of equal rank (split pot).
TIES = {
    "it000-straight-flush-suits": ("7d 6d 5d 4d 3d", "7s 6s 5s 4s 3s"),
    "it000-quads-kicker-suit": ("4c 4s 4d 4h 9c", "4c 4s 4d 4h 9d"),
    "it000-full-house-suits": ("Kc Ks Kd Jc Js", "Kc Kh Kd Jc Jh"),
    "it000-flush-suits": ("Td 8d 7d 6d 5d", "Ts 8s 7s 6s 5s"),
    "it000-straight-suits": ("9c 8c 7c 6d 5d", "9s 8s 7s 6h 5h"),
    "it000-trips-suits": ("9s 9h 9d Td 8h", "9c 9s 9h Td 8d"),
    "it000-two-pair-suits": ("Kd Ks 7d 7h 8h", "Kc Ks 7c 7h 8c"),
    "it000-one-pair-suits": ("8s 8d Th 6c 5s", "8h 8c Tc 6s 5c"),
    "it000-high-card-suits": ("Tc 8s 7s 6h 4d", "Td 8d 7s 6c 4c"),
    "es001-identical-card-by-card": ("Ac 8d 7h 4s 3c", "Ad 8c 7s 4h 3d"),
    "ca004-two-royal-flushes": ("As Ks Qs Js Ts", "Ah Kh Qh Jh Th"),
    "ca004-order-does-not-matter": ("As Kd Qh Js 9c", "9c Js Qh Kd As"),
    "ca004-leftovers-do-not-count-7": ("As Kd Qh Js 9c 3c 2d", "As Kd Qh Js 9c 5c 4d"),
    "ca004-leftovers-do-not-count-6": ("7c 7d 7h 7s Ac 2d", "7c 7d 7h 7s Ad Kh"),
    "rules-board-plays-for-both": ("Tc Jd Qh Ks Ac 2c 3d", "Tc Jd Qh Ks Ac 4h 4s"),
    "rules-wheel-six-cards": ("5c 4d 3h 2s Ac Kd", "5d 4c 3s 2h Ad Kc"),
}

# Hand -> category name.
CATEGORIES = {
    "it000-royal": ("Ad Kd Qd Jd Td", "STRAIGHT_FLUSH"),
    "it000-steel-wheel": ("5h 4h 3h 2h Ah", "STRAIGHT_FLUSH"),
    "it000-straight-flush": ("Qh Jh Th 9h 8h", "STRAIGHT_FLUSH"),
    "it000-9c8c7c6c5c": ("9c 8c 7c 6c 5c", "STRAIGHT_FLUSH"),
    "it000-5s4s3s2sAs": ("5s 4s 3s 2s As", "STRAIGHT_FLUSH"),
    "it000-quads": ("9c 9s 9d 9h Jh", "FOUR_OF_A_KIND"),
    "it000-full-house": ("3c 3s 3d 6c 6h", "FULL_HOUSE"),
    "it000-flush": ("Kc Tc 7c 6c 4c", "FLUSH"),
    "it000-flush-J8432": ("Jh 8h 4h 3h 2h", "FLUSH"),
    "it000-straight": ("7c 6s 5s 4h 3h", "STRAIGHT"),
    "it000-broadway": ("Ac Kc Qd Js Ts", "STRAIGHT"),
    "it000-baby-straight": ("5s 4d 3d 2s Ah", "STRAIGHT"),
    "it000-wheel": ("5h 4s 3h 2c Ad", "STRAIGHT"),
    "it000-T9876": ("Th 9s 8c 7c 6d", "STRAIGHT"),
    "it000-AKQJT-offsuit": ("Ac Ks Qs Jd Ts", "STRAIGHT"),
    "it000-QKA23-offsuit": ("Qs Ks Ac 2h 3d", "HIGH_CARD"),
    # Seed 000 calls this "una scala all'asso" (an ace-high straight); it is an ace-high flush.
    "it000-QKA23-suited": ("Qc Kc Ac 2c 3c", "FLUSH"),
    "it000-trips": ("2d 2s 2c Ks 6h", "THREE_OF_A_KIND"),
    "it000-two-pair": ("Jh Jc 4c 4s 9h", "TWO_PAIR"),
    "it000-one-pair": ("4h 4s Ks Td 5s", "ONE_PAIR"),
    "it000-high-card": ("Kh Jh 8c 7d 4s", "HIGH_CARD"),
    "it000-75432": ("7s 5c 4d 3d 2c", "HIGH_CARD"),
    "it000-6432A": ("6c 4s 3h 2h Ad", "HIGH_CARD"),
    "es001-87654": ("8c 7d 6h 5s 4c", "STRAIGHT"),
    "it002-AAJ85": ("Ac Ad Jh 8s 5c", "ONE_PAIR"),
    "it002-34567": ("3c 4d 5h 6s 7c", "STRAIGHT"),
    "it002-45679-not-a-sequence": ("4c 5d 6h 7s 9c", "HIGH_CARD"),
    "it002-45679-suited": ("4c 5c 6c 7c 9c", "FLUSH"),
    # Seed 003 gives king-jack-ten-nine-eight of one suit as a straight flush; without a queen it
    # is a king-high flush.
    "ru003-KJT98-suited": ("Kh Jh Th 9h 8h", "FLUSH"),
    "ru003-KQJT9-suited": ("Kh Qh Jh Th 9h", "STRAIGHT_FLUSH"),
    "ru003-quads": ("9c 9d 9h 9s Jc", "FOUR_OF_A_KIND"),
    "ru003-full-house": ("3c 3d 3h 6s 6c", "FULL_HOUSE"),
    "ru003-flush": ("Kd Td 7d 6d 4d", "FLUSH"),
    "ru003-straight": ("7c 6d 5h 4s 3c", "STRAIGHT"),
    "ru003-trips": ("2c 2d 2h Ks 6c", "THREE_OF_A_KIND"),
    "ru003-two-pair": ("Jc Jd 4h 4s 9c", "TWO_PAIR"),
    "ru003-one-pair": ("4c 4d Kh Ts 5c", "ONE_PAIR"),
    "ru003-high-card": ("Kc Jd 8h 7s 4c", "HIGH_CARD"),
    "rules-KA234": ("Ks Ac 2h 3d 4c", "HIGH_CARD"),
    "rules-QKA23-seven-cards": ("Qs Ks Ac 2h 3d 8c 9d", "HIGH_CARD"),
    "rules-flush-over-straight-7": ("9h 8h 7c 6h 5s 2h Ah", "FLUSH"),
    "rules-full-over-flush-7": ("Kh Kd Kc 9h 9d 2h 3h", "FULL_HOUSE"),
    "rules-two-trips-is-full-6": ("Kh Kd Kc 9s 9h 9d", "FULL_HOUSE"),
    "rules-three-pairs-is-two-pair-6": ("Kh Kd 9s 9h 4c 4d", "TWO_PAIR"),
    "ca004-J-J-J-J-plus-kicker": ("Jc Jd Jh Js 2c", "FOUR_OF_A_KIND"),
}

# RULES.md table: distinct classes per category, worst category first. Strengths are numbered
# 1..7462 from the worst class, so each category's lowest and highest strength follow from it.
CLASSES_PER_CATEGORY = [1_277, 2_860, 858, 858, 10, 1_277, 156, 156, 10]
FIRST_STRENGTH = [1 + sum(CLASSES_PER_CATEGORY[:c]) for c in range(9)]
LAST_STRENGTH = [sum(CLASSES_PER_CATEGORY[: c + 1]) for c in range(9)]

EXACT_STRENGTHS = {
    "royal-clubs": ("Ac Kc Qc Jc Tc", 7_462),
    "royal-diamonds": ("Ad Kd Qd Jd Td", 7_462),
    "royal-hearts": ("Ah Kh Qh Jh Th", 7_462),
    "royal-spades": ("As Ks Qs Js Ts", 7_462),
    "royal-in-seven": ("2c As Ks 3d Qs Js Ts", 7_462),
    "75432-offsuit": ("7s 5c 4d 3d 2c", 1),
    "75432-offsuit-2": ("7c 5d 4h 3s 2c", 1),
    "steel-wheel": ("5h 4h 3h 2h Ah", FIRST_STRENGTH[8]),
    "KQJT9-straight-flush": ("Kh Qh Jh Th 9h", LAST_STRENGTH[8] - 1),
    "lowest-quads": ("2c 2d 2h 2s 3c", FIRST_STRENGTH[7]),
    "best-quads": ("Ac Ad Ah As Kc", LAST_STRENGTH[7]),
    "lowest-full-house": ("2c 2d 2h 3s 3c", FIRST_STRENGTH[6]),
    "best-full-house": ("Ac Ad Ah Ks Kc", LAST_STRENGTH[6]),
    "lowest-flush": ("7c 5c 4c 3c 2c", FIRST_STRENGTH[5]),
    "best-flush": ("Ac Kc Qc Jc 9c", LAST_STRENGTH[5]),
    "wheel": ("5c 4d 3h 2s Ac", FIRST_STRENGTH[4]),
    "six-high-straight": ("6c 5d 4h 3s 2c", FIRST_STRENGTH[4] + 1),
    "broadway": ("Ac Kd Qh Js Tc", LAST_STRENGTH[4]),
    "lowest-trips": ("2c 2d 2h 4s 3c", FIRST_STRENGTH[3]),
    "best-trips": ("Ac Ad Ah Ks Qc", LAST_STRENGTH[3]),
    "lowest-two-pair": ("3c 3d 2h 2s 4c", FIRST_STRENGTH[2]),
    "best-two-pair": ("Ac Ad Kh Ks Qc", LAST_STRENGTH[2]),
    "lowest-one-pair": ("2c 2d 5h 4s 3c", FIRST_STRENGTH[1]),
    "best-one-pair": ("Ac Ad Kh Qs Jc", LAST_STRENGTH[1]),
    "best-high-card": ("Ac Kd Qh Js 9c", LAST_STRENGTH[0]),
}

# The same hand spelled in the ways the parser accepts (RULES.md, "Cards").
SPELLINGS = {
    "royal": ["As Ks Qs Js Ts", "A♠ K♠ Q♠ J♠ 10♠", "As Ks Qs Js 10s", "As Ks Qs Js ts"],
    "tens-full": ["Td Th Tc 2s 2d", "10d 10h 10c 2s 2d", "td th tc 2s 2d", "10♦ 10♥ 10♣ 2♠ 2♦"],
}


def chain_pairs():
    """Every ordered pair (better, worse) of every chain, with ids like 'it000-quads-0'."""
    return [
        pytest.param(better, worse, id=f"{name}-{i}")
        for name, hands in CHAINS.items()
        for i, (better, worse) in enumerate(itertools.combinations(hands, 2))
    ]


def ref(text):
    return best_key(parse_cards(text))


# --- the library ----------------------------------------------------------------------------


@pytest.mark.parametrize("better, worse", chain_pairs())
def test_chain_compare(better, worse):
    assert pokerlut.compare(better, worse) == 1
    assert pokerlut.compare(worse, better) == -1
    assert pokerlut.evaluate(better) > pokerlut.evaluate(worse)


@pytest.mark.parametrize("first, second", list(TIES.values()), ids=list(TIES))
def test_tie(first, second):
    assert pokerlut.evaluate(first) == pokerlut.evaluate(second)
    assert pokerlut.compare(first, second) == 0
    assert pokerlut.compare(second, first) == 0


@pytest.mark.parametrize("text, name", list(CATEGORIES.values()), ids=list(CATEGORIES))
def test_category(text, name):
    category = pokerlut.category(pokerlut.evaluate(text))
    assert category.name == name
    assert int(category) == CATEGORY_NAMES.index(name)


@pytest.mark.parametrize("text, strength", list(EXACT_STRENGTHS.values()), ids=list(EXACT_STRENGTHS))
def test_exact_strength(text, strength):
    assert pokerlut.evaluate(text) == strength


@pytest.mark.parametrize("spellings", list(SPELLINGS.values()), ids=list(SPELLINGS))
def test_spellings_agree(spellings):
    strengths = {pokerlut.evaluate(text) for text in spellings}
    assert len(strengths) == 1
    as_ints = parse_cards(spellings[0])
    assert pokerlut.evaluate(as_ints) in strengths


# --- the same examples through the reference -----------------------------------------------


@pytest.mark.parametrize("better, worse", chain_pairs())
def test_chain_reference(better, worse):
    assert ref(better) > ref(worse)


@pytest.mark.parametrize("first, second", list(TIES.values()), ids=list(TIES))
def test_tie_reference(first, second):
    assert ref(first) == ref(second)


@pytest.mark.parametrize("text, name", list(CATEGORIES.values()), ids=list(CATEGORIES))
def test_category_reference(text, name):
    assert CATEGORY_NAMES[ref(text)[0]] == name


@pytest.mark.slow
@pytest.mark.parametrize("text, strength", list(EXACT_STRENGTHS.values()), ids=list(EXACT_STRENGTHS))
def test_exact_strength_reference(text, strength):
    assert class_ranks()[ref(text)] == strength


def test_strength_bounds_follow_rules_table():
    assert FIRST_STRENGTH[0] == 1
    assert LAST_STRENGTH[8] == 7_462
    assert [FIRST_STRENGTH[c] for c in range(9)] == [1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453]
