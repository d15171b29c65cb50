"""Omaha ranges in ProPokerTools' generic syntax (issue 55): pokerlut's parser against the slow
reference written from the specification (tests/reference/propokertools.py), hand by hand.

Four-card expressions are compared over every one of the 270,725 hands; five- and six-card ones
over a seeded sample of hands and by their exact counts. The counts that the specification takes
from ProPokerTools' own text, the error cases, the weights, and the reference itself (against
hand arithmetic written here) are checked too.
"""

from __future__ import annotations

import re
import warnings
from math import comb

import numpy as np
import pytest

from pokerlut._equity.omaha_ranges import OmahaRange, parse_omaha_range
from reference import propokertools as ppt

SAMPLE_SIZE = 20_000
SAMPLE_SEED = 55  # the number: any fixed seed would do
EXTRA_FROM_RESULT = 500  # hands of pokerlut's result added to the sample, so positives are met


def hand_masks(hands: np.ndarray) -> np.ndarray:
    """Each hand (uint8 rows of card ints) as a 52-bit mask."""
    return np.bitwise_or.reduce(np.uint64(1) << hands.astype(np.uint64), axis=1)


def hands_text(masks: np.ndarray, limit: int = 3) -> list[str]:
    """The first hands of a mask array, as text, for a failure message."""
    return [
        " ".join(ppt.card_text(card) for card in range(52) if int(mask) >> card & 1) for mask in masks[:limit]
    ]


def pokerlut_range(text: str, size: int = 4) -> OmahaRange:
    """pokerlut's range for hands of ``size`` cards; its rows checked against its masks. (A text
    that pokerlut's old dialect read otherwise warns: tests/test_omaha_ranges.py sees that.)"""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "'.*' reads as ProPokerTools' generic syntax", FutureWarning)
        found = parse_omaha_range(text, size=size)
    assert found.combos.dtype == np.uint8, f"{text!r}: rows of {found.combos.dtype}, not uint8"
    assert found.combos.shape[1:] == (size,), f"{text!r}: hands of {found.combos.shape[1]} cards, not {size}"
    assert np.array_equal(found.masks, hand_masks(found.combos)), f"{text!r}: masks are not the rows"
    return found


def assert_same_hands(text: str, expected: np.ndarray, got: np.ndarray) -> None:
    """Two mask arrays hold the same hands, the first few differences named when not."""
    missing, extra = np.setdiff1d(expected, got), np.setdiff1d(got, expected)
    assert len(missing) == len(extra) == 0, (
        f"{text!r}: reference {len(expected):,} hands, pokerlut {len(got):,}; "
        f"pokerlut lacks {len(missing):,} {hands_text(missing)}, "
        f"has {len(extra):,} extra {hands_text(extra)}"
    )


# --------------------------------------------------------------------------------------------
# (a) every construct, four cards, every hand

FOUR_CARD = {
    # explicit cards and ranks; letters in either case; padding of short patterns with `*`
    "explicit": ["AsKhJd2c", "AsKs", "As", "AA", "AAA", "AK", "AKQJ", "AKs", "aakk", "A"],
    # `*` and suits alone
    "star and suits": ["*", "A*", "*s", "s", "sshh", "ss", "AsAs"],
    # suit variables, greedy lexing (AAxx is A, Ax, x), never a suit written in the term
    "suit variables": ["x", "xx", "xxx", "xxxx", "xy", "wxy", "wxyz", "xxyy", "xxyz", "Axx"]
    + ["AxKx", "AxKy", "AxAyxy", "AAxx", "AA*x*x", "Asxx", "ssxx", "xs", "AAss", "AxKxQyJy"],
    # rank variables: distinct letters distinct ranks, never a rank written in the term
    "rank variables": ["RR", "RRR", "RRRR", "RO", "RROO", "RRON", "RONP", "AR", "AKo", "AARR"]
    + ["RxRyOxOy", "QsR", "rron", "Rxy"],
    # lists of ranks, rank spans, suits and cards, with commas or without, a suit part after
    "lists": ["[AK]", "[A,K]", "[AK][AK]", "[sh]", "[As,Kh]", "[AK]s", "[AK]x[AK]x", "[AK7-5]"]
    + ["[2-5A][2-5A]", "[KQJ]x[89]x[789]y[45]y", "[9-6]"],
    # rank macros, alone, with suit variables and with other symbols
    "rank macros": ["$R$R$R$R", "$B$B$B$B", "$F$F", "$M$M$M$M", "$Z$Z$Z$Z", "$L$L$L$L", "$N$N"]
    + ["$W$W$W$W", "AA$B$B", "AA$R$R", "$Bx$Bx"],
    # spans: E1-E2 either way, fixed positions, lock-step, trailing + and -, bracketed spans,
    # spans with suits and suit variables, a span beside a rank variable
    "spans": ["KK+", "KK-TT", "TT-KK", "A-T", "AK-AJ", "AK-QJ", "JT98+", "KQJT-T987", "7654-"]
    + ["QQ-", "T8+", "AJ+", "22+", "[KK-QQ][77-66]", "AxKx-AxQx", "AsKs-AsQs", "[AxKx-QxJx]"]
    + ["Ax[Kx-Tx]", "AAKK-AAQQ", "AA[KK-QQ]", "[KK-QQ]R"],
    # `,` `:` `!` with precedence, chains left to right, parentheses, prefix `!`, whitespace,
    # variables local to a term
    "operators": ["AA:xxyy", "AA,KK", "AA:KK", "AA!AAA", "AA:xxyy,JJ!JJJ,KK", "(AA,KK):xxyy"]
    + ["AA,KK:xxyy", "A:K!Q", "A!Q:K", "A!K:Q", "!A", "*!A", "(AA,KK):!RRR", "xx!xxyy"]
    + ["xx:yy", "Ax:Kx", " AA , KK ", "AA!AA", "((AA)),KK!(KKK,KKQ)"],
    # whole-hand macros alone, after, before and inside a term, and together
    "hand macros": ["$ds", "$ss", "$np", "AA$ds", "AA:$ds", "$dsAA", "$ds$np", "RR$ds"]
    + ["KK+$ds", "AA$ss", "AAxx$ds", "A$npK"],
    # no-pair groups
    "braces": ["{****}", "{RR}", "AA{**}", "{$R$R$R$R}", "{AK}RR", "R{RO}", "{[KQ-QJ]}A"],
    # weights do not change which hands are in the range
    "weights": ["AA@50,KK@25", "(AA,KK)@50,QQ@10", "AA:xxyy@50,AA@20"],
}


@pytest.mark.parametrize(
    "text", [pytest.param(text, id=f"{kind}: {text}") for kind, texts in FOUR_CARD.items() for text in texts]
)
def test_four_card_ranges_hold_the_reference_hands(text):
    every_hand = ppt.all_hands(4)
    expected = hand_masks(every_hand[ppt.members(text, every_hand)])
    if len(expected) == 0:  # pokerlut's choice: a range of no hand is an error, never silent
        with pytest.raises(ValueError, match=re.escape(f"range {text!r} holds no hand")):
            pokerlut_range(text)
        return
    assert_same_hands(text, expected, pokerlut_range(text).masks)


def test_four_card_rows_are_sorted_cards_in_lexicographic_order():
    rows = pokerlut_range("AA,KK:xxyy").combos
    assert np.array_equal(rows, np.sort(rows, axis=1))
    assert np.array_equal(rows, np.unique(rows, axis=0))


# --------------------------------------------------------------------------------------------
# (b) five and six cards: a seeded sample of hands, and the exact counts of the spec's tables

BIGGER_HANDS = [  # (text, size, the count of the spec's tables or None)
    ("AA", 5, 108_336),
    ("AA!AAA", 5, 103_776),
    ("AAxx", 5, 95_928),
    ("AxAyxy", 5, 31_968),
    ("AA:$ds", 5, 50_976),
    ("KK+", 5, 215_040),
    ("AKQJT", 5, 1_024),
    ("$R$R$R$R$R", 5, 15_504),
    ("AAKKQ", 5, 144),
    ("RRON:$ds", 5, 597_168),
    ("{AK}RR,AsKs-AsQs", 5, None),
    ("AA", 6, 1_237_792),
    ("AA!AAA", 6, 1_167_480),
    ("AA$ds", 6, 1_003_536),
    ("[KQJ]x[89]x$B{RO}", 6, None),
]


@pytest.mark.parametrize("text, size, count", BIGGER_HANDS, ids=[f"{s}: {t}" for t, s, _ in BIGGER_HANDS])
def test_five_and_six_card_ranges_on_a_sample(text, size, count):
    found = pokerlut_range(text, size)
    if count is not None:
        assert len(found.combos) == count
    rng = np.random.default_rng(SAMPLE_SEED)
    picked = found.combos[
        rng.choice(len(found.combos), min(EXTRA_FROM_RESULT, len(found.combos)), replace=False)
    ]
    sample = np.unique(np.vstack([ppt.random_hands(size, SAMPLE_SIZE, SAMPLE_SEED), picked]), axis=0)
    in_reference = ppt.members(text, sample)
    in_pokerlut = np.isin(hand_masks(sample), found.masks)
    differ = hand_masks(sample[in_reference != in_pokerlut])
    assert len(differ) == 0, f"{text!r}: {len(differ)} of {len(sample)} differ: {hands_text(differ)}"


# --------------------------------------------------------------------------------------------
# (c) the counts the specification takes from ProPokerTools' text (D) or from the issue

DOCUMENTED_COUNTS = {
    "AsKhJd2c": 1,
    "AA": 6_961,
    "*": 270_725,
    "****": 270_725,
    "sshh": 6_084,
    "wxy": 186_745,
    "AxAyxy": 864,
    "RRON": 82_368,
    "RxRyOxOy": 468,
    "AA:xxyy": 864,
    "JJ!JJJ": 6_768,
    "AA:xxyy,JJ!JJJ,KK": 14_545,
    "xxyy": 36_504,
    "wxyz": 28_561,
    "AAxx": 5_256,
}


@pytest.mark.parametrize("text, count", DOCUMENTED_COUNTS.items())
def test_documented_counts(text, count):
    assert len(pokerlut_range(text).combos) == count


# --------------------------------------------------------------------------------------------
# (d) the reference on its own, against hand arithmetic

ARITHMETIC = {
    "AA": 6 * comb(48, 2) + 4 * 48 + 1,  # exactly two, three or four aces
    "AAxx": 6 * (comb(48, 2) - comb(24, 2)) + 4 * 36,  # A, Ax, x: a non-ace of an ace's suit
    "xxyy": 6 * comb(13, 2) ** 2,  # two suits, two ranks in each
    "wxyz": 13**4,  # one card of each suit
    "RRON": 13 * 6 * comb(12, 2) * 16,  # pair rank, its suits, two side ranks, their suits
    "RONP": comb(13, 4) * 4**4,  # four ranks, any suits
    "RROO": comb(13, 2) * 6 * 6,
    "AxAyxy": 6 * 12 * 12,  # two ace suits, a non-ace of each
    "AKs": comb(51, 3) - comb(47, 3),  # the Ks and at least one ace
    "xs": comb(52, 4) - comb(39, 4) - comb(13, 4),  # a spade and a card of another suit
    "KK-TT": 4 * 6_961 - 6 * 36,  # four pairs, less the two-pair hands counted twice
    "JT98+": 4 * 4**4,  # JT98, QJT9, KQJT, AKQJ
    "AJ+": comb(52, 4) - 2 * comb(48, 4) + comb(44, 4),  # only AJ: the ace cannot rise
    "A:K!Q": comb(48, 4) - 2 * comb(44, 4) + comb(40, 4),  # an A and a K among the non-queens
    "!A": comb(48, 4),
    "(AA,KK):xxyy": 2 * 864 - 6,  # AAKK double suited counted once
    "$ss": comb(52, 4) - 13**4 - 6 * comb(13, 2) ** 2,  # neither rainbow nor double suited
    "$ds$np": 6 * comb(13, 2) * comb(11, 2),  # two suits, two ranks in one, two others in the other
    "{AK}RR": 4 * 4 * 11 * 6,  # an A, a K, a pair of another rank
    "AA{**}": 6_961 - 1 - 6 * 12 * 6,  # less AAAA and the hands with a second pair
    "[KK-QQ][77-66]": 4 * 6 * 6,
}


@pytest.mark.parametrize("text, count", ARITHMETIC.items())
def test_reference_against_hand_arithmetic(text, count):
    assert ppt.count(text) == count


def test_reference_on_five_cards():
    # exactly two, three or four aces among five cards
    assert ppt.count("AA", 5) == 6 * comb(48, 3) + 4 * comb(48, 2) + 48 == 108_336


def test_reference_equalities_of_the_specification():
    every_hand = ppt.all_hands(4)
    for one, other in [("AA:xxyy", "AxAyxy"), ("$np", "{****}"), ("$ds", "xxyy"), ("A-T", "[A-T]")]:
        assert np.array_equal(ppt.members(one, every_hand), ppt.members(other, every_hand))
    assert np.array_equal(ppt.members("xx!xxyy", every_hand), ppt.members("$ss", every_hand))


# --------------------------------------------------------------------------------------------
# (e) errors: pokerlut's message must name the offending part

ERRORS = [  # (text, a pattern for the offending part of the message)
    ("AAAAA", "AAAAA"),
    ("AA@50,KK", "KK|weight"),
    ("AA@0", "0"),
    ("AA@101", "101"),
    ("15%", "%"),
    ("5%-10%6h", "%"),
    ("A10", "1"),
    ("10s", "1"),
    ("AA$q", re.escape("$q")),
    ("AA$DS", re.escape("$D")),
    ("KK-T", "KK-T"),
    ("AK-QT", "AK-QT"),
    ("AsKs-QsJh", "(?i)AsKs-QsJh"),
    ("R-T", "R"),
    ("[A,x]", "x"),
    ("[As]s", re.escape("[As]")),
    ("[KK-QQ]s", re.escape("[KK-QQ]")),
    ("(AA,KK", r"(?i)\(|\)|parenthes"),
    ("AA:", ":"),
    ("AA!", "!"),
    (",AA", ","),
    ("()", re.escape("()") + "|" + re.escape(")")),
    ("AA#", "#"),
    ("{AA", re.escape("{")),
    ("{{A}}", re.escape("{")),
    ("[]", re.escape("[]")),
    ("(AA@5,KK)", "@"),
    ("AxKx+y", re.escape("+")),
    ("", None),  # nothing to name: any message
    ("   ", None),
    ("AA,,KK", ","),
    ("[A,,K]", ","),
]


@pytest.mark.parametrize("text, offending", ERRORS)
def test_errors_name_the_offending_part(text, offending):
    with pytest.raises(ValueError, match=offending):
        parse_omaha_range(text, size=4)


def test_rainbow_is_read_one_more_release_with_a_warning():
    """``$r`` is not ProPokerTools' (the reference rejects it) but pokerlut's old dialect had
    it: it still reads as rainbow, with a FutureWarning, for one release."""
    with pytest.raises(ppt.RangeSyntaxError, match=re.escape("$r")):
        ppt.count("AA$r")
    with pytest.warns(FutureWarning, match=re.escape("$r")):
        assert len(parse_omaha_range("AA$r ", size=4)) == len(parse_omaha_range("AA:wxyz", size=4))


@pytest.mark.parametrize("text, offending", ERRORS)
def test_reference_rejects_the_errors(text, offending):
    with pytest.raises(ppt.RangeSyntaxError, match=offending):
        ppt.count(text)


def test_reference_rejects_too_many_symbols_for_the_hand_size():
    with pytest.raises(ppt.RangeSyntaxError, match="AAKKQQ"):
        ppt.members("AAKKQQ", ppt.random_hands(5, 10, SAMPLE_SEED))


def test_too_many_symbols_for_the_hand_size():
    with pytest.raises(ValueError, match="AAKKQQ"):
        pokerlut_range("AAKKQQ", 5)


# --------------------------------------------------------------------------------------------
# (f) weights: each hand weighs the largest weight of the sub-ranges holding it

WEIGHTED = ["AA@50,KK@25", "(AA,KK)@50,QQ@10", "AA@50,AAA@80", "AA:xxyy@50,AA@20", "AA@2,22+@1"]


@pytest.mark.parametrize("text", WEIGHTED)
def test_weights_the_largest_wins(text):
    found = pokerlut_range(text)
    if not hasattr(found, "weights"):
        pytest.skip("pokerlut's OmahaRange has no .weights: weights are not kept")
    expected = ppt.weights(text, found.combos)
    got = np.asarray(found.weights, dtype=float)
    assert (expected > 0).all()
    # weights are relative (R32): compare each side scaled to its largest weight
    np.testing.assert_allclose(got / got.max(), expected / expected.max())
