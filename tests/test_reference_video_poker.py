"""Self-tests of the video poker reference (reference/video_poker.py) against counts derived by hand."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import pytest

import reference.video_poker as ref

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def cards(text: str) -> list[int]:
    """Parse 'Ah Kh 2s X' (X = the joker) into card ints."""
    return [ref.JOKER if t == "X" else 4 * RANKS.index(t[0]) + SUITS.index(t[1]) for t in text.split()]


# --- full-deck counts ---------------------------------------------------------------------------

# Natural 52-card hands, standard counts: one pair of a given rank is C(4,2) * C(12,3) * 4**3 = 84480.
NATURAL = {
    "royal flush": 4,
    "straight flush": 36,
    "four of a kind": 624,
    "full house": 3744,
    "flush": 5108,
    "straight": 10200,
    "three of a kind": 54912,
    "two pair": 123552,
}
JACKS = {**NATURAL, "jacks or better": 4 * 84480, None: 2598960 - sum(NATURAL.values()) - 4 * 84480}

# Four of a kind: 13 ranks * 48 kickers. Bonus: aces 48, 2s-4s 3 * 48, 5s-Ks 9 * 48.
# Double double bonus: aces with a 2-4 kicker 3 ranks * 4 suits = 12, other aces 36; four 2s, 3s
# or 4s with a kicker among A, 2, 3, 4 (not its own rank) 3 ranks * 4 suits each, so 3 * 12 = 36.
QUADS = {
    "bonus-poker": {"four aces": 48, "four 2s-4s": 144, "four 5s-Ks": 432},
    "double-double-bonus": {
        "four aces with a 2-4": 12,
        "four aces": 36,
        "four 2s-4s with an A-4": 36,
        "four 2s-4s": 108,
        "four 5s-Ks": 432,
    },
}

# Deuces wild, by number w of deuces (C(4, w) ways) and the 5 - w naturals from 48 cards of the
# 12 ranks 3..A. Rank sets that fit a straight window (ace high or low; no natural 2 exists):
# distinct pairs 41 (10 royal), triples 55 (10 royal), quadruples 34 (5 royal), and 8 windows of
# five natural ranks 3-7 .. T-A (1 royal).
#   w=4: 48 four deuces.
#   w=3 (4 * C(48,2) = 4512): suited pair fitting: royal 4*4*10 = 160, straight flush 4*4*31 = 496;
#        natural pair 4 * 12*6 = 288 five of a kind; rest four of a kind 3568.
#   w=2 (6 * C(48,3)): trips 6*48 = 288 five of a kind; suited fitting triple royal 6*4*10 = 240,
#        straight flush 6*4*45 = 1080; one pair 6 * 12*6*44 = 19008 four of a kind; other distinct
#        triples: flush 6*4*(220-55) = 3960, straight 6*55*60 = 19800, three of a kind 6*165*60 = 59400.
#   w=1 (4 * C(48,4)): quads 4*12 = 48 five of a kind; trips 4 * 12*4*11*4 = 8448 four of a kind;
#        two pair 4 * 66*36 = 9504 full house; one pair 4 * 12*6*55*16 = 253440 three of a kind;
#        distinct: royal 4*5*4 = 80, straight flush 4*29*4 = 464, flush 4*461*4 = 7376,
#        straight 4*34*252 = 34272, nothing 4*461*252 = 464688.
#   w=0 (C(48,5)): royal 4, straight flush 7*4 = 28, four 12*44 = 528, full house 12*4*11*6 = 3168,
#        flush 4*(792-8) = 3136, straight 8*1020 = 8160, three 12*4*55*16 = 42240, the rest nothing.
DEUCES = {
    "natural royal flush": 4,
    "four deuces": 48,
    "wild royal flush": 160 + 240 + 80,
    "five of a kind": 288 + 288 + 48,
    "straight flush": 496 + 1080 + 464 + 28,
    "four of a kind": 3568 + 19008 + 8448 + 528,
    "full house": 9504 + 3168,
    "flush": 3960 + 7376 + 3136,
    "straight": 19800 + 34272 + 8160,
    "three of a kind": 59400 + 253440 + 42240,
    None: 464688 + (math.comb(48, 5) - (4 + 28 + 528 + 3168 + 3136 + 8160 + 42240)),
}

# Joker poker: the 2,598,960 natural hands, plus the joker with 4 of the 52 cards (C(52,4) = 270725).
# Joker + 4 naturals: quads 13 five of a kind; trips 13*4*12*4 = 2496 four of a kind; two pair
# 78*36 = 2808 full house; one pair 13*6*66*16 = 82368 three of a kind; four distinct ranks (715
# sets, 41 fit a straight window, 5 of them royal): royal 5*4 = 20, straight flush 36*4 = 144,
# flush 674*4 = 2696, straight 41*252 = 10332; the other 674 unsuited sets pair the joker with
# their top card: 373 contain a K or an A (330 sets have neither, 29 of those fit) -> 373*252 = 93996
# kings or better, 301*252 = 75852 nothing.
JOKER_NATURAL_PAYING = sum(NATURAL.values()) + 2 * 84480
JOKER = {
    "natural royal flush": 4,
    "five of a kind": 13,
    "wild royal flush": 20,
    "straight flush": 36 + 144,
    "four of a kind": 624 + 2496,
    "full house": 3744 + 2808,
    "flush": 5108 + 2696,
    "straight": 10200 + 10332,
    "three of a kind": 54912 + 82368,
    "two pair": 123552,
    "kings or better": 2 * 84480 + 93996,
    None: 2598960 - JOKER_NATURAL_PAYING + 75852,
}


def test_hand_derived_totals() -> None:
    """The derived counts cover every hand exactly once."""
    assert sum(JACKS.values()) == math.comb(52, 5)
    assert sum(DEUCES.values()) == math.comb(52, 5)
    assert sum(JOKER.values()) == math.comb(53, 5) == 2869685
    for quads in QUADS.values():
        assert sum(quads.values()) == NATURAL["four of a kind"]


def test_counts_jacks_or_better() -> None:
    assert ref.all_hand_counts("jacks-or-better") == Counter(JACKS)


def test_counts_tens_or_better() -> None:
    """min_pair = 8 (ten): five paying pair ranks instead of four."""
    expected = {**JACKS, "jacks or better": 5 * 84480, None: JACKS[None] - 84480}
    assert ref.all_hand_counts("jacks-or-better", min_pair=8) == Counter(expected)


@pytest.mark.parametrize("family", ["bonus-poker", "double-double-bonus"])
def test_counts_bonus_families(family: str) -> None:
    expected = {k: v for k, v in JACKS.items() if k != "four of a kind"} | QUADS[family]
    assert ref.all_hand_counts(family) == Counter(expected)


def test_counts_deuces_wild() -> None:
    assert ref.all_hand_counts("deuces-wild") == Counter(DEUCES)


def test_counts_joker_poker() -> None:
    assert ref.all_hand_counts("joker-poker") == Counter(JOKER)


def test_counts_joker_aces_or_better() -> None:
    """min_pair = 12: natural pairs of aces, plus the 212 unpaired unsuited non-fitting sets with an A
    (674 minus the 462 without an A: C(12,4) = 495 sets of 2..K, 33 of which fit) with the joker."""
    counts = ref.all_hand_counts("joker-poker", min_pair=12)
    assert counts["kings or better"] == 84480 + 212 * 252
    assert sum(counts.values()) == math.comb(53, 5)


# --- classification of single hands ------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, family, line",
    [
        ("Ah 2c 3d 4s 5h", "jacks-or-better", "straight"),
        ("Th Jc Qd Ks Ah", "jacks-or-better", "straight"),
        ("Kh Ac 2d 3s 4h", "jacks-or-better", None),  # no wrap-around
        ("5h 4h 3h 2h Ah", "jacks-or-better", "straight flush"),
        ("Th Jh Qh Kh Ah", "jacks-or-better", "royal flush"),
        ("Jh Jc 2d 3s 9h", "jacks-or-better", "jacks or better"),
        ("Th Tc 2d 3s 9h", "jacks-or-better", None),
        ("Ah Ac Ad As 4h", "double-double-bonus", "four aces with a 2-4"),
        ("Ah Ac Ad As 5h", "double-double-bonus", "four aces"),
        ("3h 3c 3d 3s Ah", "double-double-bonus", "four 2s-4s with an A-4"),
        ("3h 3c 3d 3s 2h", "double-double-bonus", "four 2s-4s with an A-4"),
        ("3h 3c 3d 3s 5h", "double-double-bonus", "four 2s-4s"),
        ("Kh Kc Kd Ks 2h", "double-double-bonus", "four 5s-Ks"),
        ("4h 4c 4d 4s Kh", "bonus-poker", "four 2s-4s"),
        ("2h 2c 2d 2s Ah", "deuces-wild", "four deuces"),
        ("2h Jh Qh Kh Ah", "deuces-wild", "wild royal flush"),
        ("2h 2c Qh Kh Ah", "deuces-wild", "wild royal flush"),
        ("2h 5c 5d 5s 5h", "deuces-wild", "five of a kind"),
        ("2c Ah 3d 4s 5h", "deuces-wild", "straight"),  # the deuce plays as itself
        ("2c 6h 7h 8h 9h", "deuces-wild", "straight flush"),
        ("2c 2d 7h 7s 9h", "deuces-wild", "four of a kind"),
        ("2c 7d 7h 9s 9h", "deuces-wild", "full house"),
        ("Jh Jc Kd Ks 9h", "deuces-wild", None),  # two pair does not pay
        ("X Ah Ac Ad As", "joker-poker", "five of a kind"),
        ("X Jh Qh Kh Ah", "joker-poker", "wild royal flush"),
        ("X Kc 7d 5h 3s", "joker-poker", "kings or better"),
        ("X Qc 7d 5h 3s", "joker-poker", None),
        ("X Qc Qd 5h 5s", "joker-poker", "full house"),
        ("Kh Kc 2d 3s 9h", "joker-poker", "kings or better"),
        ("Qh Qc 2d 3s 9h", "joker-poker", None),
    ],
)
def test_classify(hand: str, family: str, line: str | None) -> None:
    assert ref.classify(cards(hand), family) == line


# --- holds ----------------------------------------------------------------------------------------

JOB_9_6 = ref.PAYTABLES["jacks-or-better-9-6"][1]


def test_hold_dealt_royal() -> None:
    assert ref.hold_value(cards("Th Jh Qh Kh Ah"), 0b11111, "jacks-or-better", JOB_9_6) == 800


def test_hold_four_to_a_royal() -> None:
    """Ah Kh Qh Jh, discard 2s; one card from the 47 left:
    Th royal (1 * 800); the other hearts 2h..9h flush (8 * 6); Tc Td Ts straight (3 * 4);
    the three remaining each of A, K, Q, J a paying pair (12 * 1); the 23 others (ranks 2..9 off
    hearts, less the 2s) nothing. Value (800 + 48 + 12 + 12) / 47 = 872 / 47."""
    hand = cards("Ah Kh Qh Jh 2s")
    assert ref.hold_counts(hand, 0b01111, "jacks-or-better") == Counter(
        {"royal flush": 1, "flush": 8, "straight": 3, "jacks or better": 12, None: 23}
    )
    assert ref.hold_value(hand, 0b01111, "jacks-or-better", JOB_9_6) == Fraction(872, 47)


def test_hold_open_ended_straight() -> None:
    """8c 9d Th Js, discard 2c: four 7s and four Qs make a straight (8 * 4), three jacks a paying
    pair (3 * 1), the other 36 nothing: 35 / 47."""
    hand = cards("8c 9d Th Js 2c")
    assert ref.hold_value(hand, 0b01111, "jacks-or-better", JOB_9_6) == Fraction(35, 47)


def test_hold_four_to_a_royal_joker_poker() -> None:
    """Joker poker, Ah Kh Qh Jh, discard 2s; one card of the 48 left: Th natural royal (800), the
    joker wild royal (100), 8 hearts flush (8 * 5), Tc Td Ts straight (3 * 3), 3 aces and 3 kings
    (6 * 1); queens, jacks and the rest (29) nothing. Value 955 / 48."""
    family, pays = ref.PAYTABLES["joker-poker"]
    hand = cards("Ah Kh Qh Jh 2s")
    assert ref.hold_counts(hand, 0b01111, family) == Counter(
        {
            "natural royal flush": 1,
            "wild royal flush": 1,
            "flush": 8,
            "straight": 3,
            "kings or better": 6,
            None: 29,
        }
    )
    assert ref.hold_value(hand, 0b01111, family, pays) == Fraction(955, 48)


@pytest.mark.parametrize("name", ["deuces-wild", "not-so-ugly-deuces"])
def test_hold_four_deuces(name: str) -> None:
    family, pays = ref.PAYTABLES[name]
    hand = cards("2c 2d 2h 2s 7h")
    assert ref.hold_value(hand, 0b01111, family, pays) == 200
    assert ref.hold_value(hand, 0b11111, family, pays) == 200


def test_hold_values_shape() -> None:
    """32 holds; each hold's draws number C(47, discards); holding all is the dealt hand's pay."""
    hand = cards("Ah Kd 7h Js 5c")
    values = ref.hold_values(hand, "jacks-or-better", JOB_9_6)
    assert sorted(values) == list(range(32))
    assert values[0b11111] == 0
    for mask in (0, 0b00001, 0b10110):
        counts = ref.hold_counts(hand, mask, "jacks-or-better")
        assert sum(counts.values()) == math.comb(47, 5 - bin(mask).count("1"))


@pytest.mark.parametrize("name", sorted(ref.PAYTABLES))
def test_hold_counts_match_plain_enumeration(name: str) -> None:
    """The numpy enumeration agrees with classify() over itertools.combinations (1-2 card draws)."""
    family, _ = ref.PAYTABLES[name]
    rng = random.Random(name)
    deck = ref.full_deck(family)
    for _ in range(3):
        hand = rng.sample(deck, 5)
        rest = [c for c in deck if c not in hand]
        for mask in rng.sample([m for m in range(32) if bin(m).count("1") >= 3], 4):
            held = [c for i, c in enumerate(hand) if mask >> i & 1]
            plain = Counter(
                ref.classify(held + list(draw), family)
                for draw in itertools.combinations(rest, 5 - len(held))
            )
            assert ref.hold_counts(hand, mask, family) == plain


# --- pay tables -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(ref.PAYTABLES))
def test_paytables_name_every_line_in_decreasing_order(name: str) -> None:
    """So the first qualifying line is the best paying one. The bonus quads may outpay the straight
    flush listed above them: no natural hand is both."""
    family, pays = ref.PAYTABLES[name]
    assert set(pays) == set(ref.LINES[family])
    ordered = [
        pays[line]
        for line in ref.LINES[family]
        if family in ("deuces-wild", "joker-poker") or line != "straight flush"
    ]
    assert ordered == sorted(ordered, reverse=True)


# --- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, family",
    [
        ([0, 1, 2, 3], "jacks-or-better"),
        ([0, 1, 2, 3, 4, 5], "jacks-or-better"),
        ([0, 1, 2, 3, 3], "jacks-or-better"),
        ([0, 1, 2, 3, 52], "jacks-or-better"),
        ([0, 1, 2, 3, 52], "deuces-wild"),
        ([0, 1, 2, 3, 53], "joker-poker"),
        ([0, 1, 2, 3, -1], "joker-poker"),
        ([0, 1, 2, 3, True], "jacks-or-better"),
        ([0, 1, 2, 3, 4.0], "jacks-or-better"),
        ([0, 1, 2, 3, 4], "texas-holdem"),
    ],
)
def test_bad_hands(hand: list, family: str) -> None:
    with pytest.raises(ValueError):
        ref.classify(hand, family)
    with pytest.raises(ValueError):
        ref.hold_counts(hand, 0b11111, family)


def test_bad_holds_and_parameters() -> None:
    hand = cards("Ah Kd 7h Js 5c")
    for mask in (-1, 32, True, 1.0):
        with pytest.raises(ValueError):
            ref.hold_counts(hand, mask, "jacks-or-better")  # type: ignore[arg-type]
    for min_pair in (13, -1, 1.5):
        with pytest.raises(ValueError):
            ref.classify(hand, "jacks-or-better", min_pair=min_pair)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        ref.classify(hand, "deuces-wild", min_pair=9)
    with pytest.raises(ValueError):
        ref.hold_value(hand, 0, "jacks-or-better", ref.PAYTABLES["deuces-wild"][1])
    with pytest.raises(ValueError):
        ref.hold_values(hand, "jacks-or-better", {**JOB_9_6, "five of a kind": 100})
