"""Bad input at every public entry point that takes user data, and odd-but-valid arrays.

Each error case asserts the exception type and, with ``match=``, that the message names what is
wrong (the card, its position, the row of a batch). Integer arrays of any dtype, byte order or
memory layout are valid input and must give exactly the answer of the uint8 C-contiguous copy.
"""

import re

import numpy as np
import pytest

import pokerlut
from pokerlut import best_five, category, compare, describe, evaluate, evaluate_batch

ROYAL = [51, 47, 43, 39, 35]  # As Ks Qs Js Ts
GOOD = "2c 3d 4d 5d 7c"  # strength 1


# The entry points that take one hand, each as a one-argument callable. compare is tried with the
# bad hand on either side: both must be checked.
SINGLE = {
    "evaluate": evaluate,
    "describe": describe,
    "best_five": best_five,
    "compare_left": lambda hand: compare(hand, GOOD),
    "compare_right": lambda hand: compare(GOOD, hand),
}
single = pytest.mark.parametrize("entry", list(SINGLE.values()), ids=list(SINGLE))


def random_hands(n, size, seed):
    rng = np.random.default_rng(seed)
    decks = np.tile(np.arange(52, dtype=np.uint8), (n, 1))
    return np.ascontiguousarray(rng.permuted(decks, axis=1)[:, :size])


# ---------------------------------------------------------------- one hand: bad cards


@single
@pytest.mark.parametrize(
    "hand, message",
    [
        ("As Ks Qs Js As", r"duplicate card 'As' \(51\) at positions 0 and 4"),
        (["As", "Ks", "Qs", "Js", "As"], r"duplicate card 'As' \(51\) at positions 0 and 4"),
        ([51, 47, 43, 39, 51], r"duplicate card 'As' \(51\) at positions 0 and 4"),
        ("As Ks Qs Js Ts 9s 9s", r"duplicate card '9s' \(31\) at positions 5 and 6"),
        (np.array([0, 4, 8, 0, 12], dtype=np.int64), r"duplicate card '2c' \(0\) at positions 0 and 3"),
    ],
    ids=["text", "text-list", "ints", "seven", "array"],
)
def test_duplicate_card(entry, hand, message):
    with pytest.raises(ValueError, match=message):
        entry(hand)


@single
@pytest.mark.parametrize(
    "hand",
    [
        "As Ks Qs Js",
        [51, 47, 43, 39],
        "As Ks Qs Js Ts 9s 8s 7s",
        list(range(8)),
        np.arange(4, dtype=np.uint8),
        np.arange(8, dtype=np.uint8),
        "",
        [],
        "As",
    ],
    ids=["text4", "ints4", "text8", "ints8", "array4", "array8", "empty-text", "empty-list", "one-text"],
)
def test_wrong_number_of_cards(entry, hand):
    n = len(pokerlut.parse_cards(hand))
    with pytest.raises(ValueError, match=rf"a hand has 5, 6 or 7 cards, not {n}\b"):
        entry(hand)


@pytest.mark.parametrize(
    "entry", [SINGLE[k] for k in SINGLE if k != "describe"], ids=[k for k in SINGLE if k != "describe"]
)
@pytest.mark.parametrize("card", [51, np.uint8(51)])
def test_one_int_is_a_one_card_hand(entry, card):
    # describe(51) is the description of strength 51, so it is not in this test
    with pytest.raises(ValueError, match=r"a hand has 5, 6 or 7 cards, not 1\b"):
        entry(card)


@single
@pytest.mark.parametrize(
    "hand, message",
    [
        ("As Ks Qs Js Zz", r"unknown card 'Zz' at position 4"),
        ("As Ks Qs Js 1s", r"unknown card '1s' at position 4"),
        ("As Ks Qx Js Ts", r"unknown card 'Qx' at position 2"),
        (["As", "Ks", "Qs", "Js", "11s"], r"unknown card '11s' at position 4"),
        ("As Ks Qs Js Jk", r"joker 'Jk' at position 4: jokers are not allowed"),
    ],
    ids=["Zz", "1s", "Qx", "list-11s", "joker"],
)
def test_unknown_text(entry, hand, message):
    with pytest.raises(ValueError, match=message):
        entry(hand)


@single
@pytest.mark.parametrize("value", [-1, 52, 53, 64, 255, 2**63, 2**70, -(2**70)])
@pytest.mark.parametrize("container", ["list", "tuple", "object-array"])
def test_int_out_of_range(entry, value, container):
    cards = [51, 47, value, 39, 35]
    hand = {"list": cards, "tuple": tuple(cards), "object-array": np.array(cards, dtype=object)}[container]
    # 52 and 53 are the jokers: refused with their own message, which also names the position.
    with pytest.raises(ValueError, match=rf"card {value} at position 2 (is out of range 0\.\.51|is a joker)"):
        entry(hand)


@single
@pytest.mark.parametrize(
    "dtype, value",
    [
        (np.int8, -1),
        (np.int8, 127),
        (np.int64, -1),
        (np.int64, np.iinfo(np.int64).min),
        (np.uint8, 52),
        (np.uint8, 255),
        (np.uint16, 65535),
        (np.uint64, np.iinfo(np.uint64).max),
        (">i4", -5),
        (">u2", 300),
    ],
)
def test_int_array_out_of_range(entry, dtype, value):
    hand = np.array(ROYAL, dtype=dtype)
    hand[3] = value
    with pytest.raises(ValueError, match=rf"card {value} at position 3 is "):
        entry(hand)


# ---------------------------------------------------------------- one hand: bad types and shapes


@single
@pytest.mark.parametrize(
    "hand, message",
    [
        (np.array(ROYAL, dtype=np.float64), "integer dtype, not float64"),
        (np.array(ROYAL, dtype=np.float32), "integer dtype, not float32"),
        (np.array([True] * 5), "integer dtype, not bool"),
        (np.array(ROYAL, dtype=np.complex128), "integer dtype, not complex128"),
        (np.array([object()] * 5, dtype=object), "card at position 0 has type object"),
        (np.array([51, 47, 43, 39, 35.0], dtype=object), r"card at position 4 has type float \(35\.0\)"),
        (np.array([51, 47, 43, 39, None], dtype=object), "card at position 4 has type NoneType"),
        ([51, 47, 43.0, 39, 35], r"card at position 2 has type float \(43\.0\)"),
        ([51, 47, True, 39, 35], r"card at position 2 is a bool \(True\)"),
        ([51, 47, np.True_, 39, 35], r"card at position 2 is a bool"),
        ([51, 47, 1 + 2j, 39, 35], r"card at position 2 has type complex"),
        (["As", "Ks", 43, "Js", "Ts"], r"card at position 2 is a int but earlier cards are strs"),
        (None, "not NoneType"),
        (1.5, "not float"),
        (True, "must not be a bool"),
        ({51, 47, 43, 39, 35}, "not set"),
    ],
    ids=[
        "float64",
        "float32",
        "bool",
        "complex",
        "object-object",
        "object-float",
        "object-none",
        "list-float",
        "list-bool",
        "list-np-bool",
        "list-complex",
        "mixed",
        "None",
        "float",
        "bool",
        "set",
    ],
)
def test_bad_type(entry, hand, message):
    with pytest.raises(TypeError, match=message):
        entry(hand)


@single
@pytest.mark.parametrize("shape", [(1, 5), (5, 1), (1, 1, 5), ()])
def test_hand_array_must_be_1d(entry, shape):
    hand = np.array(ROYAL[: int(np.prod(shape))], dtype=np.uint8).reshape(shape)
    with pytest.raises(ValueError, match=rf"a card array must be 1-D, not {len(shape)}-D"):
        entry(hand)


# ---------------------------------------------------------------- one hand: odd but valid arrays


def odd_arrays(cards):
    """The same cards as arrays of other integer dtypes, byte orders and layouts."""
    base = np.array(cards, dtype=np.uint8)
    spread = np.zeros(3 * len(cards), dtype=np.int64)
    spread[::3] = cards
    reverse = np.array(cards[::-1], dtype=np.int16)
    return {
        "int64": base.astype(np.int64),
        "int8": base.astype(np.int8),
        "uint16": base.astype(np.uint16),
        "uint64": base.astype(np.uint64),
        "big-endian-i4": base.astype(">i4"),
        "big-endian-u2": base.astype(">u2"),
        "strided": spread[::3],
        "negative-stride": reverse[::-1],
        "read-only": np.frombuffer(base.tobytes(), dtype=np.uint8),
        "object-ints": np.array(cards, dtype=object),
        "numpy-scalars": [np.int32(c) for c in cards],
    }


@single
@pytest.mark.parametrize("size", [5, 6, 7])
def test_odd_arrays_are_accepted(entry, size):
    for i, cards in enumerate(random_hands(20, size, seed=size).tolist()):
        expected = entry(np.array(cards, dtype=np.uint8))
        for name, hand in odd_arrays(cards).items():
            got = entry(hand)
            assert np.array_equal(got, expected), (name, cards, got, expected)
            if isinstance(got, np.ndarray):
                assert got.dtype == np.uint8, name


def test_best_five_of_odd_arrays_returns_uint8_cards():
    hand = np.array([0, 51, 47, 43, 39, 35, 4], dtype=">i8")
    assert best_five(hand).tolist() == ROYAL
    assert best_five(hand).dtype == np.uint8


# ---------------------------------------------------------------- category / describe: strengths


@pytest.mark.parametrize("entry", [category, describe], ids=["category", "describe"])
@pytest.mark.parametrize(
    "strength",
    [0, 7463, -1, 2**70, np.int64(0), np.uint16(7463), np.int8(-1)],
    ids=["0", "7463", "-1", "2**70", "np0", "np7463", "np-1"],
)
def test_strength_out_of_range(entry, strength):
    with pytest.raises(ValueError, match=rf"strength {int(strength)} is out of range 1\.\.7462"):
        entry(strength)


@pytest.mark.parametrize(
    "strength", [True, False, np.True_, 1.5, 7462.0, "7462", None, [7462], np.array([7462]), "As Ks Qs Js Ts"]
)
def test_category_needs_an_int(strength):
    with pytest.raises(TypeError, match=r"a strength is an int, not "):
        category(strength)


@pytest.mark.parametrize(
    "value, message",
    [
        (True, "must not be a bool"),
        (np.True_, "must not be a bool"),
        (1.5, "not float"),
        (7462.0, "not float"),
        (None, "not NoneType"),
    ],
)
def test_describe_rejects_non_int_strengths(value, message):
    # describe takes a hand or a strength: a bool or float is neither
    with pytest.raises(TypeError, match=message):
        describe(value)


@pytest.mark.parametrize("strength", [1, 7462, np.int64(166), np.uint16(7140)])
def test_numpy_ints_are_strengths(strength):
    assert category(strength) == category(int(strength))
    assert describe(strength) == describe(int(strength))


# ---------------------------------------------------------------- evaluate_batch: shapes and types


@pytest.mark.parametrize(
    "shape",
    [(5,), (7,), (1, 5, 1), (2, 7, 3), (3, 4), (3, 8), (0, 4), (0, 8), (3, 0), ()],
)
def test_batch_wrong_shape(shape):
    hands = np.zeros(shape, dtype=np.uint8)
    with pytest.raises(ValueError, match=re.escape(f"hands must have shape (n, 5|6|7), not {shape}")):
        evaluate_batch(hands)


@pytest.mark.parametrize("width", [5, 6, 7])
@pytest.mark.parametrize("dtype", [np.uint8, np.int64, np.int8, ">u2"])
@pytest.mark.parametrize("validate", [True, False])
def test_empty_batch(width, dtype, validate):
    out = evaluate_batch(np.zeros((0, width), dtype=dtype), validate=validate)
    assert out.dtype == np.uint16
    assert out.shape == (0,)


@pytest.mark.parametrize(
    "hands, message",
    [
        (np.zeros((2, 5)), "not float64"),
        (np.zeros((2, 5), dtype=np.float32), "not float32"),
        (np.zeros((2, 5), dtype=bool), "not bool"),
        (np.zeros((2, 5), dtype=complex), "not complex128"),
        (np.zeros((2, 5), dtype=object), "not object"),
        (np.array([["As", "Ks", "Qs", "Js", "Ts"]]), "not <U2"),
        ([[51, 47, 43, 39, 35.0]], "not float64"),
        ([[51, 47, 43, 39, 2**70]], "not object"),  # no integer dtype holds 2**70
    ],
    ids=["float64", "float32", "bool", "complex", "object", "str", "list-float", "list-2**70"],
)
def test_batch_bad_type(hands, message):
    with pytest.raises(TypeError, match=rf"hands must be an integer array of card ints, {message}"):
        evaluate_batch(hands)


@pytest.mark.parametrize("threads", [0, -1, 10**6, 1.0, True, "2"])
def test_batch_bad_threads(threads):
    with pytest.raises(ValueError, match=r"threads must be 1\.\."):
        evaluate_batch(np.array([ROYAL], dtype=np.uint8), threads=threads)


# ---------------------------------------------------------------- evaluate_batch: bad row


@pytest.mark.parametrize("width", [5, 6, 7])
@pytest.mark.parametrize(
    "dtype, value",
    [
        (np.uint8, 52),
        (np.uint8, 255),
        (np.int64, -1),
        (np.int64, 52),
        (np.int64, 2**40),
        (np.int8, -1),
        (np.int8, 127),
        (np.uint16, 65535),
        (">i8", -7),
        (np.uint64, 2**64 - 1),
        (np.int64, -(2**63)),
    ],
)
def test_batch_card_out_of_range_in_row_3(width, dtype, value):
    hands = random_hands(10, width, seed=width).astype(dtype)
    hands[3, 2] = value
    with pytest.raises(ValueError, match=rf"^row 3: card {value} at position 2 is out of range 0\.\.51$"):
        evaluate_batch(hands)


@pytest.mark.parametrize("width", [5, 6, 7])
@pytest.mark.parametrize("dtype", [np.uint8, np.int64, np.uint16])
def test_batch_duplicate_in_row_3(width, dtype):
    hands = random_hands(10, width, seed=width).astype(dtype)
    hands[3, width - 1] = hands[3, 1]
    card = pokerlut.format_card(int(hands[3, 1]))
    with pytest.raises(ValueError, match=rf"^row 3: duplicate card '{card}' at position {width - 1}$"):
        evaluate_batch(hands)


def test_batch_reports_the_first_bad_row():
    hands = random_hands(1000, 7, seed=3)
    hands[700, 0] = 60
    hands[3, 5] = hands[3, 0]
    hands[900, 6] = hands[900, 2]
    with pytest.raises(ValueError, match=r"^row 3: duplicate card"):
        evaluate_batch(hands)
    hands[3] = random_hands(1, 7, seed=4)[0]  # row 3 valid again: row 700 is now the first
    with pytest.raises(ValueError, match=r"^row 700: card 60 at position 0 is out of range"):
        evaluate_batch(hands)


def test_batch_bad_row_in_a_list_of_lists():
    hands = random_hands(5, 6, seed=5).tolist()
    hands[3][4] = 52
    with pytest.raises(ValueError, match=r"^row 3: card 52 at position 4 is out of range 0\.\.51$"):
        evaluate_batch(hands)


# ---------------------------------------------------------------- evaluate_batch: odd but valid


def odd_batches(hands):
    """The same (n, w) uint8 hands as other dtypes, byte orders and layouts."""
    n, w = hands.shape
    wide = np.zeros((2 * n, 3 * w), dtype=np.uint8)
    wide[::2, ::3] = hands
    reverse = np.ascontiguousarray(hands[::-1])
    read_only = hands.copy()
    read_only.flags.writeable = False
    return {
        "int64": hands.astype(np.int64),
        "int8": hands.astype(np.int8),
        "uint16": hands.astype(np.uint16),
        "uint64": hands.astype(np.uint64),
        "int32-big-endian": hands.astype(">i4"),
        "uint16-big-endian": hands.astype(">u2"),
        "fortran-uint8": np.asfortranarray(hands),
        "fortran-int64": np.asfortranarray(hands.astype(np.int64)),
        "strided-slice": wide[::2, ::3],
        "negative-stride": reverse[::-1],
        "column-reversed": np.ascontiguousarray(hands[:, ::-1])[:, ::-1],
        "transposed": np.ascontiguousarray(hands.T).T,
        "read-only": read_only,
        "list-of-lists": hands.tolist(),
        "tuple-of-tuples": tuple(map(tuple, hands.tolist())),
    }


@pytest.mark.parametrize("width", [5, 6, 7])
@pytest.mark.parametrize("validate", [True, False])
def test_odd_batches_are_accepted(width, validate):
    hands = random_hands(3000, width, seed=10 + width)
    expected = evaluate_batch(hands)
    assert expected.dtype == np.uint16 and expected.shape == (3000,)
    for name, odd in odd_batches(hands).items():
        got = evaluate_batch(odd, validate=validate)
        assert got.dtype == np.uint16, name
        np.testing.assert_array_equal(got, expected, err_msg=name)


def test_batch_does_not_modify_its_input():
    hands = random_hands(100, 7, seed=20)
    for odd in odd_batches(hands).values():
        if isinstance(odd, np.ndarray):
            before = odd.copy()
            evaluate_batch(odd)
            np.testing.assert_array_equal(odd, before)


# ---------------------------------------------------------------- validate=False and the single path


@pytest.mark.parametrize("width", [5, 6, 7])
def test_validate_false_gives_the_same_answer(width):
    hands = random_hands(20_000, width, seed=30 + width)
    np.testing.assert_array_equal(evaluate_batch(hands, validate=False), evaluate_batch(hands))
    np.testing.assert_array_equal(evaluate_batch(hands, threads=1), evaluate_batch(hands))


@pytest.mark.parametrize("width", [5, 6, 7])
def test_batch_agrees_with_single_hand_entry_points(width):
    hands = random_hands(200, width, seed=40 + width)
    batch = evaluate_batch(hands)
    for row, strength in zip(hands, batch.tolist()):
        text = pokerlut.format_cards(row)
        assert evaluate(row) == evaluate(row.tolist()) == evaluate(text) == strength
        assert evaluate(tuple(row.tolist())) == strength
        assert describe(row) == describe(strength)


def test_failed_fast_path_does_not_leak_into_next_call():
    # evaluate tries a compiled fast path first and falls back on failure; a bad hand must not
    # leave anything behind that changes the next answer.
    with pytest.raises(ValueError):
        evaluate([51, 47, 43, 39, 51])
    with pytest.raises(ValueError):
        evaluate([51, 47, 43, 39, 60])
    with pytest.raises(ValueError):
        evaluate([51, 47, 43, 39, -3])
    assert evaluate(ROYAL) == 7462
    assert evaluate(GOOD) == 1


@pytest.mark.parametrize(
    "hand",
    [
        "As Ks Qs Js Ts",
        "as ks qs js ts",
        [51, 47, 43, 39, 35],
        (0, 5, 9, 13, 20, 30, 40),
        np.array(ROYAL, dtype=np.int64),
        [np.uint8(c) for c in ROYAL],
    ],
    ids=["text", "lower-text", "list", "tuple7", "array", "numpy-scalars"],
)
def test_results_are_plain_python_ints(hand):
    # the compiled fast path must not leak numpy or numba scalar types
    assert type(evaluate(hand)) is int
    assert type(compare(hand, GOOD)) is int
    assert type(describe(hand)) is str
    assert type(category(evaluate(hand))) is pokerlut.Category
