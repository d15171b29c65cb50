"""Tests for pokerlut._cards: text <-> card ints, validation errors, decks."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerlut._cards import (
    JOKERS,
    RANKS,
    SUITS,
    deck,
    format_card,
    format_cards,
    italian_deck,
    parse_card,
    parse_cards,
)

INT_DTYPES = [
    np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
    np.dtype(">i4"), np.dtype(">u8"),
]  # fmt: skip

# Independent of the module's tables: the card int spelled out from the convention.
RANK_VALUE = {"2": 0, "3": 1, "4": 2, "5": 3, "6": 4, "7": 5, "8": 6, "9": 7,
              "T": 8, "J": 9, "Q": 10, "K": 11, "A": 12}  # fmt: skip
SUIT_VALUE = {"c": 0, "d": 1, "h": 2, "s": 3}
SYMBOL = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def as_list(a: np.ndarray) -> list[int]:
    """Check the result's shape and dtype, then return its values."""
    assert isinstance(a, np.ndarray)
    assert a.dtype == np.uint8
    assert a.ndim == 1
    assert a.flags.c_contiguous
    return a.tolist()


# --- constants -------------------------------------------------------------------------------


def test_constants() -> None:
    assert RANKS == "23456789TJQKA"
    assert SUITS == "cdhs"
    assert JOKERS == (52, 53)


# --- parse_card ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2c", 0), ("2d", 1), ("2h", 2), ("2s", 3), ("3c", 4),
        ("As", 51), ("as", 51), ("AS", 51), ("aS", 51),
        ("Td", 33), ("td", 33), ("TD", 33), ("10d", 33), ("10D", 33),
        ("10♥", 34), ("A♠", 51), ("K♥", 46), ("Q♦", 41), ("J♣", 36),
        ("A♥\ufe0f", 50),  # emoji presentation selector after the symbol
        ("  Kh\n", 46), ("\t7c ", 20),
        ("Jk", 52), ("jk", 52), ("JK", 52), ("Jkr", 52), ("JKR", 52), ("X", 52), ("x", 52),
        ("🃏", 52),
    ],
)  # fmt: skip
def test_parse_card_examples(text: str, expected: int) -> None:
    assert parse_card(text) == expected


@pytest.mark.parametrize("rank", list(RANK_VALUE))
@pytest.mark.parametrize("suit", list(SUIT_VALUE))
def test_parse_card_every_card_every_spelling(rank: str, suit: str) -> None:
    expected = 4 * RANK_VALUE[rank] + SUIT_VALUE[suit]
    ranks = [rank, rank.lower()] + (["10"] if rank == "T" else [])
    for r in ranks:
        for s in (suit, suit.upper(), SYMBOL[suit]):
            assert parse_card(r + s) == expected, r + s


@pytest.mark.parametrize(
    "text",
    ["Zz", "", " ", "A", "s", "1s", "11s", "1d", "Ax", "AsKs", "As Ks", "10", "Jkk", "Jo",
     "jokers", "K\u212a", "ſ", "A\u212as", "Aſ", "AS!", "A s", "0s"],
)  # fmt: skip
def test_parse_card_rejects_unknown_text(text: str) -> None:
    with pytest.raises(ValueError, match=f"^unknown card {re.escape(repr(text))}$"):
        parse_card(text)


@pytest.mark.parametrize("value", [51, None, b"As", ["As"]])
def test_parse_card_rejects_non_str(value: object) -> None:
    with pytest.raises(TypeError, match="must be a str"):
        parse_card(value)  # type: ignore[arg-type]


# --- parse_cards: accepted forms -------------------------------------------------------------

ROYAL = [51, 47, 43, 39, 35]


@pytest.mark.parametrize(
    "text",
    ["As Ks Qs Js Ts", "AsKsQsJsTs", "As,Ks,Qs,Js,Ts", "As, Ks, Qs, Js, Ts", "as ks qs js ts",
     "AS KS QS JS 10S", "A♠ K♠ Q♠ J♠ 10♠", "A♠K♠Q♠J♠T♠", "  As\tKs\nQs;Js ;Ts  ",
     "AsKs Qs,JsTs"],
)  # fmt: skip
def test_parse_cards_text(text: str) -> None:
    assert as_list(parse_cards(text)) == ROYAL


def test_parse_cards_text_more_examples() -> None:
    assert as_list(parse_cards("10h9h")) == [34, 30]
    assert as_list(parse_cards("A♠ K♥")) == [51, 46]
    assert as_list(parse_cards("As,Ks")) == [51, 47]
    assert as_list(parse_cards("2c")) == [0]
    assert as_list(parse_cards("")) == []
    assert as_list(parse_cards("  ,  ")) == []
    assert as_list(parse_cards(np.str_("Ad 2d"))) == [49, 1]


@pytest.mark.parametrize(
    "cards",
    [["As", "Ks", "Qs", "Js", "Ts"], ("as", "KS", "Q♠", " Js ", "10s"),
     np.array(["As", "Ks", "Qs", "Js", "Ts"]), np.array(["As", "Ks", "Qs", "Js", "10♠"], dtype=object)],
)  # fmt: skip
def test_parse_cards_sequence_of_str(cards: object) -> None:
    assert as_list(parse_cards(cards)) == ROYAL  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "cards",
    [ROYAL, tuple(ROYAL), [np.int64(51), np.uint8(47), 43, np.int16(39), np.uint64(35)],
     np.array(ROYAL), np.array(ROYAL, dtype=object)],
)  # fmt: skip
def test_parse_cards_sequence_of_int(cards: object) -> None:
    assert as_list(parse_cards(cards)) == ROYAL  # type: ignore[arg-type]


@pytest.mark.parametrize("dtype", INT_DTYPES, ids=str)
def test_parse_cards_every_integer_dtype(dtype: np.dtype) -> None:
    assert as_list(parse_cards(np.array(ROYAL, dtype=dtype))) == ROYAL


def test_parse_cards_single_int() -> None:
    assert as_list(parse_cards(0)) == [0]
    assert as_list(parse_cards(51)) == [51]
    assert as_list(parse_cards(np.int32(7))) == [7]
    assert as_list(parse_cards(np.uint8(51))) == [51]


def test_parse_cards_empty_containers() -> None:
    assert as_list(parse_cards([])) == []
    assert as_list(parse_cards(())) == []
    assert as_list(parse_cards(np.array([], dtype=np.int64))) == []


def test_parse_cards_non_contiguous_array_gives_contiguous_copy() -> None:
    source = np.arange(20, dtype=np.int64)[::3]
    assert not source.flags.c_contiguous
    assert as_list(parse_cards(source)) == [0, 3, 6, 9, 12, 15, 18]


def test_parse_cards_returns_a_copy() -> None:
    source = np.array([1, 2, 3], dtype=np.uint8)
    result = parse_cards(source)
    result[0] = 40
    assert source.tolist() == [1, 2, 3]


def test_parse_cards_jokers_allowed() -> None:
    assert as_list(parse_cards("Jk As", jokers=True)) == [52, 51]
    assert as_list(parse_cards("X As Jkr", jokers=True)) == [52, 51, 53]
    assert as_list(parse_cards("xjkAs", jokers=True)) == [52, 53, 51]
    assert as_list(parse_cards(["jk", "🃏"], jokers=True)) == [52, 53]
    assert as_list(parse_cards([53, 0, 52], jokers=True)) == [53, 0, 52]
    assert as_list(parse_cards(np.array([53], dtype=np.int8), jokers=True)) == [53]
    assert as_list(parse_cards(52, jokers=True)) == [52]


def test_parse_cards_does_not_check_the_number_of_cards() -> None:
    assert as_list(parse_cards(np.arange(52))) == list(range(52))
    assert as_list(parse_cards(np.arange(54), jokers=True)) == list(range(54))


# --- parse_cards: rejections -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("Zz", r"unknown card 'Zz' at position 0"),
        ("As Zz", r"unknown card 'Zz' at position 1"),
        ("As Ks Q", r"unknown card 'Q' at position 2"),
        ("AsKsZzQs", r"unknown card 'Zz' at position 2 \(in 'AsKsZzQs'\)"),
        ("10h11h", r"unknown card '11' at position 1 \(in '10h11h'\)"),
        ("As Ks 10", r"unknown card '10' at position 2"),
        ("As/Ks", r"unknown card '/K' at position 1 \(in 'As/Ks'\)"),
        (["As", "Zz"], r"unknown card 'Zz' at position 1"),
        (["As", "Ks Qs"], r"unknown card 'Ks Qs' at position 1"),
        (("As", ""), r"unknown card '' at position 1"),
        (np.array(["Kd", "Ad", "1d"]), r"unknown card '1d' at position 2"),
    ],
)  # fmt: skip
def test_parse_cards_rejects_unknown_text(cards: object, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{message}$"):
        parse_cards(cards)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ([0, 52], r"^card 52 at position 1 is a joker: jokers are not allowed here"),
        (53, r"^card 53 at position 0 is a joker: jokers are not allowed here"),
        (np.array([1, 53], dtype=np.uint8), r"^card 53 at position 1 is a joker"),
        ([0, 1, 54], r"^card 54 at position 2 is out of range 0..51$"),
        ([-1], r"^card -1 at position 0 is out of range 0..51$"),
        ([3, np.int64(-7)], r"^card -7 at position 1 is out of range 0..51$"),
        (np.array([0, -1], dtype=np.int8), r"^card -1 at position 1 is out of range 0..51$"),
        (np.array([0, 2**64 - 1], dtype=np.uint64), r"^card 18446744073709551615 at position 1"),
        (np.array([300], dtype=np.int16), r"^card 300 at position 0 is out of range"),
        ([10**30], r"^card 10{30} at position 0 is out of range"),
        (256, r"^card 256 at position 0 is out of range 0..51$"),
    ],
)  # fmt: skip
def test_parse_cards_rejects_out_of_range_ints(cards: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_cards(cards)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ([0, 54], r"^card 54 at position 1 is out of range 0..53$"),
        ([-1], r"^card -1 at position 0 is out of range 0..53$"),
    ],
)
def test_parse_cards_rejects_out_of_range_ints_with_jokers(cards: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_cards(cards, jokers=True)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("Jk", r"^joker 'Jk' at position 0: jokers are not allowed here"),
        ("As x", r"^joker 'x' at position 1: jokers are not allowed here"),
        ("AsJKR", r"^joker 'JKR' at position 1: jokers are not allowed here"),
        (["As", "Kd", "🃏"], r"^joker '🃏' at position 2: jokers are not allowed here"),
    ],
)
def test_parse_cards_rejects_joker_text_without_jokers(cards: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_cards(cards)  # type: ignore[arg-type]


def test_parse_cards_rejects_a_third_joker() -> None:
    with pytest.raises(ValueError, match=r"^too many jokers: 'X' at position 3 is the third$"):
        parse_cards("Jk As Jkr X", jokers=True)


@pytest.mark.parametrize(
    ("cards", "jokers", "message"),
    [
        ("As Ks As", False, r"^duplicate card 'As' \(51\) at positions 0 and 2$"),
        ("as AS", False, r"^duplicate card 'As' \(51\) at positions 0 and 1$"),
        ("Td 10d", False, r"^duplicate card 'Td' \(33\) at positions 0 and 1$"),
        (["2c", "3c", "2♣"], False, r"^duplicate card '2c' \(0\) at positions 0 and 2$"),
        ([5, 7, 7, 5], False, r"^duplicate card '3s' \(7\) at positions 1 and 2$"),
        (np.array([9, 1, 9], dtype=np.uint16), False, r"^duplicate card '4d' \(9\) at positions 0 and 2$"),
        ([52, 0, 52], True, r"^duplicate card 'Jk' \(52\) at positions 0 and 2$"),
        ([53, 53], True, r"^duplicate card 'Jk' \(53\) at positions 0 and 1$"),
    ],
)  # fmt: skip
def test_parse_cards_rejects_duplicates(cards: object, jokers: bool, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_cards(cards, jokers=jokers)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (True, r"^cards must not be a bool"),
        (np.bool_(False), r"^cards must not be a bool"),
        ([1, True], r"^card at position 1 is a bool \(True\)"),
        ((False,), r"^card at position 0 is a bool \(False\)"),
        ([3, np.True_], r"^card at position 1 is a bool"),
        (np.array([True, False]), r"integer dtype, not bool"),
        (3.0, r"not float$"),
        ([1, 2.0], r"^card at position 1 has type float \(2.0\)"),
        ([np.float64(1.0)], r"^card at position 0 has type float64"),
        (np.array([1.0, 2.0]), r"integer dtype, not float64"),
        (np.array([1.0], dtype=np.float32), r"integer dtype, not float32"),
        (np.array([1 + 0j]), r"integer dtype, not complex128"),
        (np.array([1, 2.5], dtype=object), r"^card at position 1 has type float \(2.5\)"),
        (np.array([1, None], dtype=object), r"^card at position 1 has type NoneType"),
        (np.array([b"As"]), r"integer dtype, not \|S2"),
        ([0, "As"], r"^card at position 1 is a str but earlier cards are ints"),
        (["As", 0], r"^card at position 1 is a int but earlier cards are strs"),
        ([[0, 1]], r"^card at position 0 has type list"),
        ({0, 1}, r"not set$"),
        ({"As": 1}, r"not dict$"),
        (range(3), r"not range$"),
        (iter([0, 1]), r"not list_iterator$"),
        (None, r"not NoneType$"),
        (b"As", r"not bytes$"),
    ],
)  # fmt: skip
def test_parse_cards_rejects_wrong_types(cards: object, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        parse_cards(cards)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "cards",
    [np.array(5), np.zeros((2, 3), dtype=np.int64), np.array([["As", "Kd"]]), np.zeros((1, 1, 1), dtype=np.uint8)],
)  # fmt: skip
def test_parse_cards_rejects_arrays_that_are_not_1d(cards: np.ndarray) -> None:
    with pytest.raises(ValueError, match=rf"must be 1-D, not {cards.ndim}-D"):
        parse_cards(cards)


# --- format_card / format_cards --------------------------------------------------------------


def test_format_card_examples() -> None:
    assert format_card(0) == "2c"
    assert format_card(51) == "As"
    assert format_card(33) == "Td"
    assert format_card(46) == "Kh"
    assert format_card(np.uint8(36)) == "Jc"
    assert format_card(51, pretty=True) == "A♠"
    assert format_card(34, pretty=True) == "T♥"
    assert format_card(41, pretty=True) == "Q♦"
    assert format_card(0, pretty=True) == "2♣"
    assert format_card(52) == format_card(53) == "Jk"
    assert format_card(52, pretty=True) == "🃏"


def test_format_card_every_card() -> None:
    for rank, r in RANK_VALUE.items():
        for suit, s in SUIT_VALUE.items():
            assert format_card(4 * r + s) == rank + suit
            assert format_card(4 * r + s, pretty=True) == rank + SYMBOL[suit]


@pytest.mark.parametrize(("card", "error"), [(-1, ValueError), (54, ValueError), (True, TypeError),
                                             (1.0, TypeError), ("As", TypeError)])  # fmt: skip
def test_format_card_rejects(card: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        format_card(card)  # type: ignore[arg-type]


def test_format_cards_examples() -> None:
    assert format_cards(ROYAL) == "As Ks Qs Js Ts"
    assert format_cards(np.array(ROYAL, dtype=np.int32), sep="") == "AsKsQsJsTs"
    assert format_cards([51, 46], pretty=True) == "A♠ K♥"
    assert format_cards("as 10h x", sep=",") == "As,Th,Jk"
    assert format_cards([]) == ""
    assert format_cards(0) == "2c"


def test_format_cards_validates() -> None:
    with pytest.raises(ValueError, match="duplicate card 'As'"):
        format_cards([51, 51])
    with pytest.raises(ValueError, match="card 60 at position 1 is out of range 0..53"):
        format_cards([1, 60])


# --- properties ------------------------------------------------------------------------------

distinct_cards = st.lists(st.integers(0, 51), unique=True, max_size=52)
distinct_cards_with_jokers = st.lists(st.integers(0, 53), unique=True, max_size=54)
separators = st.sampled_from(["", " ", ",", ", ", ";", "  ", "\t", " ,\n"])


@given(distinct_cards, st.booleans(), separators)
def test_format_parse_round_trip(cards: list[int], pretty: bool, sep: str) -> None:
    text = format_cards(cards, pretty=pretty, sep=sep)
    assert as_list(parse_cards(text)) == cards
    if sep and cards:
        assert as_list(parse_cards(text.split(sep))) == cards


@given(distinct_cards_with_jokers, st.booleans(), separators)
def test_format_parse_round_trip_with_jokers(cards: list[int], pretty: bool, sep: str) -> None:
    # Joker text does not say which joker it is: they come back as 52, then 53.
    jokers_in_order = iter(JOKERS)
    expected = [next(jokers_in_order) if c in JOKERS else c for c in cards]
    text = format_cards(cards, pretty=pretty, sep=sep)
    assert as_list(parse_cards(text, jokers=True)) == expected


@given(st.integers(0, 51), st.booleans())
def test_format_card_parse_card_round_trip(card: int, pretty: bool) -> None:
    assert parse_card(format_card(card, pretty=pretty)) == card


@given(distinct_cards, st.randoms(use_true_random=False))
def test_parse_ignores_case(cards: list[int], rnd: object) -> None:
    text = format_cards(cards)
    mixed = "".join(ch.upper() if rnd.random() < 0.5 else ch.lower() for ch in text)  # type: ignore[attr-defined]
    assert as_list(parse_cards(mixed)) == cards


@given(distinct_cards, st.sampled_from(INT_DTYPES))
def test_parse_int_arrays_of_every_dtype(cards: list[int], dtype: np.dtype) -> None:
    assert as_list(parse_cards(np.array(cards, dtype=dtype))) == cards
    assert as_list(parse_cards([np.dtype(dtype).type(c) for c in cards])) == cards


@given(distinct_cards.filter(len), st.data())
def test_out_of_range_int_is_named_with_its_position(cards: list[int], data: st.DataObject) -> None:
    dtype = data.draw(st.sampled_from([np.int8, np.int16, np.int32, np.int64]))
    info = np.iinfo(dtype)
    bad = data.draw(st.integers(info.min, -1) | st.integers(54, info.max))
    position = data.draw(st.integers(0, len(cards) - 1))
    cards[position] = bad
    with pytest.raises(ValueError, match=rf"^card {bad} at position {position} is out of range"):
        parse_cards(np.array(cards, dtype=dtype))


@given(distinct_cards.filter(len), st.data())
def test_duplicate_is_named_with_both_positions(cards: list[int], data: st.DataObject) -> None:
    i = data.draw(st.integers(0, len(cards) - 1))
    j = data.draw(st.integers(i + 1, len(cards)))
    cards.insert(j, cards[i])
    name = format_card(cards[i])
    with pytest.raises(
        ValueError, match=rf"^duplicate card '{name}' \({cards[i]}\) at positions {i} and {j}$"
    ):
        parse_cards(format_cards(cards))


# --- decks -----------------------------------------------------------------------------------


def test_standard_deck() -> None:
    cards = as_list(deck())
    assert cards == as_list(deck("standard")) == list(range(52))
    assert format_cards(deck()).split() == [r + s for r in RANKS for s in SUITS]


def test_short_deck() -> None:
    cards = as_list(deck("short"))
    assert len(cards) == 36
    assert format_cards(cards[:4]) == "6c 6d 6h 6s"
    assert cards == sorted(cards) and cards[-1] == 51
    assert {format_card(c)[0] for c in cards} == set("6789TJQKA")


def test_jokers_deck() -> None:
    assert as_list(deck("jokers")) == list(range(54))


def test_decks_are_fresh_arrays() -> None:
    d = deck()
    d[0] = 51
    assert deck()[0] == 0


def test_unknown_deck() -> None:
    with pytest.raises(ValueError, match=r"unknown deck 'long'; expected one of standard, short, jokers"):
        deck("long")


@pytest.mark.parametrize(
    ("players", "lowest", "size"),
    [(2, "9", 24), (3, "8", 28), (4, "7", 32), (5, "6", 36), (6, "5", 40), (7, "4", 44),
     (8, "3", 48), (9, "2", 52)],
)  # fmt: skip
def test_italian_deck(players: int, lowest: str, size: int) -> None:
    cards = as_list(italian_deck(players))
    assert len(cards) == size
    assert cards == sorted(cards) and cards[-1] == 51
    assert format_card(cards[0]) == lowest + "c"
    assert {format_card(c)[0] for c in cards} == set(RANKS[RANKS.index(lowest) :])


def test_italian_deck_four_players_is_seven_to_ace() -> None:
    assert format_cards(italian_deck(4)[:5]) == "7c 7d 7h 7s 8c"
    assert as_list(italian_deck(np.int64(9))) == list(range(52))


@pytest.mark.parametrize(("players", "error"), [(1, ValueError), (10, ValueError), (0, ValueError),
                                                (-4, ValueError), (True, TypeError), (4.0, TypeError),
                                                ("4", TypeError)])  # fmt: skip
def test_italian_deck_rejects(players: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="players" if error is TypeError else "2 to 9 players"):
        italian_deck(players)  # type: ignore[arg-type]
