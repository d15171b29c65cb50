"""Columns of hand texts (parse_batch), columns of strengths (categories, describe_batch) and
the pandas accessor, against the one-at-a-time functions: parse_cards reads one hand's text
and is the reference for every row; category() and describe() for every strength."""

import re

import numpy as np
import pytest

import pokerlut
from pokerlut import _cards as cards_module
from pokerlut.rules import rules

pd = pytest.importorskip("pandas")
pa = pytest.importorskip("pyarrow")

RANKS = "23456789TJQKA"
# Every spelling of each suit and of a joker that pokerlut._cards accepts (its own tables).
SUIT_SPELLINGS = [[s for s, v in cards_module.SUIT_OF.items() if v == suit] for suit in range(4)]
JOKER_SPELLINGS = ["Jk", "jk", "JK", "jK", "Jkr", "JKR", "jkR", "X", "x", "joker", "JOKER", "JoKeR", "🃏"]
SEPARATORS = ["", " ", "  ", ",", ", ", ";", "\t", "\n", " ,; ", "\u3000", "\xa0", "\u2009"]


def rank_spellings(rank: int) -> list[str]:
    letter = RANKS[rank]
    return [letter, letter.lower()] + (["10"] if letter == "T" else [])


def spell(rng: np.random.Generator, cards: list[int]) -> str:
    """A hand's text in a random spelling: each card, separator and case chosen at random."""
    parts = [str(rng.choice(SEPARATORS[1:])) if rng.random() < 0.2 else ""]
    for card in cards:
        if card >= 52:
            parts.append(str(rng.choice(JOKER_SPELLINGS)))
        else:
            text = str(rng.choice(rank_spellings(card // 4))) + str(rng.choice(SUIT_SPELLINGS[card % 4]))
            parts.append(text + ("\ufe0f" if not text[-1].isascii() and rng.random() < 0.5 else ""))
        parts.append(str(rng.choice(SEPARATORS)))
    parts[-1] = str(rng.choice(SEPARATORS)) if rng.random() < 0.2 else ""
    return "".join(parts)


def random_hands(rng: np.random.Generator, n: int, k: int, jokers: bool) -> np.ndarray:
    deck = 54 if jokers else 52
    return np.argsort(rng.random((n, deck)), axis=1)[:, :k]


def containers(texts: list[str]) -> dict:
    """The same column in every container parse_batch takes."""
    return {
        "list": texts,
        "numpy-U": np.array(texts),
        "numpy-S": np.array([t.encode() for t in texts]),
        "numpy-object": np.array(texts, dtype=object),
        "pandas-object": pd.Series(texts, dtype=object),
        "pandas-pyarrow": pd.Series(texts, dtype="string[pyarrow]"),
        "pandas-python": pd.Series(texts, dtype="string[python]"),
        "pandas-category": pd.Series(texts, dtype="category"),
        "arrow": pa.array(texts),
        "arrow-large": pa.array(texts, type=pa.large_string()),
        "arrow-chunked": pa.chunked_array([texts[:3], texts[3:]]),
        "arrow-sliced": pa.array(["As Kd"] + texts).slice(1),
        "numpy-U-big-endian": np.array(texts, dtype=np.array(texts).dtype.newbyteorder(">")),
        "numpy-U-strided": np.array([texts, texts]).T[:, 0],
    }


def reference(text: str, jokers: bool) -> np.ndarray | None:
    try:
        return pokerlut.parse_cards(text, jokers=jokers)
    except ValueError:
        return None


@pytest.mark.parametrize("jokers", [False, True])
@pytest.mark.parametrize("k", [5, 6, 7, 2])
def test_random_spellings_read_as_parse_cards_reads_them(k, jokers):
    rng = np.random.default_rng(1000 * k + jokers)
    hands = random_hands(rng, 400, k, jokers)
    texts = [spell(rng, row) for row in hands.tolist()]
    expected = np.array([pokerlut.parse_cards(t, jokers=jokers) for t in texts])
    for name, column in containers(texts).items():
        got = pokerlut.parse_batch(column, jokers=jokers)
        assert got.dtype == np.uint8 and got.shape == (len(texts), k), name
        np.testing.assert_array_equal(got, expected, err_msg=name)
    # parse_cards reads back the cards the text was made from (jokers numbered in order)
    natural = hands < 52
    assert (expected[natural] == hands[natural]).all()


# Characters to corrupt texts with: near misses of every part of a card's spelling.
NOISE = list("1023456789tTjJqQkKaAcCdDhHsSxXoOeErRzZ ,;\t\u3000\xa0\ufe0f♠♥♦♣♤♡♢♧🃏\x00é")


@pytest.mark.parametrize("jokers", [False, True])
def test_corrupted_texts_are_refused_exactly_when_parse_cards_refuses_them(jokers):
    rng = np.random.default_rng(7 + jokers)
    k = 5
    texts = []
    for row in random_hands(rng, 3000, k, jokers).tolist():
        text = list(spell(rng, row))
        for _ in range(rng.integers(0, 3)):
            where = int(rng.integers(0, len(text) + 1))
            if rng.random() < 0.5 and where < len(text):
                del text[where]
            else:
                text.insert(where, str(rng.choice(NOISE)))
        texts.append("".join(text))
    texts[0] = spell(rng, [0, 1, 2, 3, 4])  # a good first row fixes k
    for name, column in [
        ("list", texts),
        ("numpy-U", np.array(texts)),
        ("numpy-S", np.array([t.encode() for t in texts])),
        ("arrow", pa.array(texts)),
    ]:
        got = pokerlut.parse_batch(column, jokers=jokers, errors="mask")
        assert isinstance(got, np.ma.MaskedArray)
        for row, text in enumerate(texts):
            want = reference(text, jokers)
            if want is None or len(want) != k:
                assert got.mask[row].all(), (name, row, text)
                assert (got.data[row] == 255).all()
            else:
                assert not got.mask[row].any(), (name, row, text)
                assert got.data[row].tolist() == want.tolist(), (name, row, text)
    bad = sum(reference(t, jokers) is None or len(reference(t, jokers)) != k for t in texts)
    assert 300 < bad < 2900  # the corruptions hit both ways


def test_every_separator_is_a_separator_and_no_other_character_is():
    separators = [
        chr(c)
        for c in range(0x110000)
        if 0xD800 > c or c > 0xDFFF
        if cards_module.SEPARATORS.fullmatch(chr(c))
    ]
    assert len(separators) > 20
    got = pokerlut.parse_batch([f"As{c}Kd" for c in separators])
    assert (got == [51, 45]).all()
    others = [chr(c) for c in range(1, 0x3100) if chr(c) not in separators]
    masked = pokerlut.parse_batch(["AsKd"] + [f"As{c}Kd" for c in others if c != "\ufe0f"], errors="mask")
    assert masked.mask[1:].all()


def test_rows_of_another_length_and_bytes_that_are_not_utf8():
    texts = np.array(
        [b"As Kd 7h", "A♠ K♦ 7♥".encode(), "As Kd 7h".encode("utf-16"), b"As\xc0\x81Kd"]
    )  # \xc0\x81 is an overlong encoding of \x01
    got = pokerlut.parse_batch(texts, errors="mask")
    assert got.mask[:, 0].tolist() == [False, False, True, True]
    with pytest.raises(ValueError, match=r"^row 2: .* is not UTF-8 text"):
        pokerlut.parse_batch(texts)


def test_a_bad_row_raises_naming_the_row_and_its_text():
    good = "As Kd 7h 7c 2s 9d Tc"
    cases = {
        "As Kd 7h Zz 2s 9d Tc": "unknown card 'Zz' at position 3",
        "As Kd 7h 7c 2s 9d As": "duplicate card 'As' (51) at positions 0 and 6",
        "As Kd 7h 7c 2s 9d": "has 6 cards, but row 0 has 7",
        "As Kd 7h 7c 2s 9d Tc Jc": "has 8 cards, but row 0 has 7",
        "As Kd 7h 7c 2s 9d Jk": "jokers are not allowed here",
        "": "has 0 cards",
    }
    for text, words in cases.items():
        for column in (["As Kd 7h 7c 2s 9d Tc"] * 3 + [text], np.array([good] * 3 + [text])):
            with pytest.raises(ValueError, match=f"^row 3: {re.escape(repr(text))}:? .*{re.escape(words)}"):
                pokerlut.parse_batch(column)
    with pytest.raises(ValueError, match=r"row 1: 'As Kd' has 2 cards, but cards=7 was asked"):
        pokerlut.parse_batch([good, "As Kd"], cards=7)
    with pytest.raises(ValueError, match=r"^row 0: 'Zz'"):  # no good row at all
        pokerlut.parse_batch(["Zz", "Yy"])


def test_errors_mask():
    texts = ["As Kd 7h 7c 2s", "As Kd 7h 7c", None, "As Kd 7h 7c 2c", "2s 3s 4s 5s As"]
    got = pokerlut.parse_batch(texts, errors="mask")
    assert isinstance(got, np.ma.MaskedArray) and got.shape == (5, 5)
    assert got.mask.tolist() == [[m] * 5 for m in (False, True, True, False, False)]
    assert got[4].tolist() == [3, 7, 11, 15, 51]
    assert (got.data[1] == 255).all()
    nothing = pokerlut.parse_batch(["Zz", None], errors="mask")
    assert nothing.shape == (2, 0)
    with pytest.raises(ValueError, match="errors must be 'raise' or 'mask'"):
        pokerlut.parse_batch(texts, errors="ignore")


def test_empty_input():
    for empty in (
        [],
        np.array([], dtype="U20"),
        np.array([], dtype="S5"),
        pd.Series([], dtype=object),
        pd.Series([], dtype="string[pyarrow]"),
        pa.array([], pa.string()),
    ):
        plain = pokerlut.parse_batch(empty)
        assert plain.shape == (0, 0) and not isinstance(plain, np.ma.MaskedArray)
        assert pokerlut.parse_batch(empty, cards=7).shape == (0, 7)
        assert pokerlut.parse_batch(empty, errors="mask").shape == (0, 0)
    assert pokerlut.evaluate_batch(np.array([], dtype="U20")).shape == (0,)


@pytest.mark.parametrize("dtype", [object, "string[python]", "string[pyarrow]", "str"])
def test_missing_values_in_a_series(dtype):
    series = pd.Series(["As Kd 7h 7c 2s", None, "As Kd 7h 7c 3s", np.nan], dtype=dtype)
    with pytest.raises(ValueError, match=r"^row 1: missing value"):
        pokerlut.parse_batch(series)
    got = pokerlut.parse_batch(series, errors="mask")
    assert got.mask[:, 0].tolist() == [False, True, False, True]
    assert got[2].tolist() == [51, 45, 22, 20, 7]


def test_input_that_is_not_text_is_a_type_error():
    for bad in (
        "As Kd 7h 7c 2s",
        b"As Kd",
        7,
        {"a": 1},
        np.array([1, 2]),
        np.array([1.5]),
        pd.Series([1, 2]),
        pa.array([1, 2]),
        pd.DataFrame({"hand": ["As Kd"]}),
    ):
        with pytest.raises(TypeError):
            pokerlut.parse_batch(bad)
    with pytest.raises(TypeError, match=r"^row 1: 5 is a int"):
        pokerlut.parse_batch(["As Kd", 5])
    with pytest.raises(TypeError, match=r"row 1: \['As'\] is a list"):
        pokerlut.parse_batch(["As Kd", ["As"]], errors="mask")
    with pytest.raises(ValueError, match="1-D"):
        pokerlut.parse_batch(np.array([["As Kd"]]))


def test_threads_do_not_change_the_answer():
    rng = np.random.default_rng(5)
    hands = random_hands(rng, 5000, 7, False)
    texts = np.array([spell(rng, row) for row in hands.tolist()])
    one = pokerlut.parse_batch(texts, threads=1)
    assert (one == hands).all()
    assert (
        pokerlut.parse_batch(texts, threads=pokerlut._parallel.numba.config.NUMBA_NUM_THREADS) == one
    ).all()


NAMES = np.array([r + s for r in RANKS for s in "cdhs"], dtype="S2").view(np.uint8).reshape(52, 2)


@pytest.mark.slow
def test_ten_million_rows():
    """10,000,000 rows of 7 cards, half "As Kd ..." and half "AsKd..." (padded with NULs),
    made with numpy from random cards, read back."""
    n, rng = 10_000_000, np.random.default_rng(2026)
    cards = np.empty((n, 7), dtype=np.uint8)
    for start in range(0, n, 250_000):  # blocks keep the memory down
        block = rng.random((250_000, 52), dtype=np.float32)
        cards[start : start + 250_000] = np.argpartition(block, 7, axis=1)[:, :7]
    text = np.zeros((n, 20), dtype=np.uint8)
    spaced, joined = slice(0, n, 2), slice(1, n, 2)
    for j in range(7):
        text[spaced, 3 * j : 3 * j + 2] = NAMES[cards[spaced, j]]
        text[joined, 2 * j : 2 * j + 2] = NAMES[cards[joined, j]]
    text[spaced, 2:20:3] = ord(" ")
    texts = text.view("S20").reshape(n)
    assert texts[0] == " ".join(pokerlut.format_card(int(c)) for c in cards[0]).encode()
    assert texts[1] == "".join(pokerlut.format_card(int(c)) for c in cards[1]).encode()
    got = pokerlut.parse_batch(texts)
    assert (got == cards).all()


GAMES = (
    [(g, None) for g in pokerlut.games()]  # Italian poker's too: italian-2 .. italian-9
    + [("high", w) for w in ("jokers", "bug", "deuces")]
    + [("ace-to-five", w) for w in ("jokers", "bug")]
)


def strength_range(game, wild):
    """Every strength of a game, found by asking category() where it stops."""
    low = 0 if rules(game, wild).qualifier is not None else 1
    top = 1
    while True:  # doubling, then bisection, on whether category() takes the strength
        try:
            pokerlut.category(top * 2, game=game, wild=wild)
            top *= 2
        except ValueError:
            break
    step = top
    while step > 1:
        step //= 2
        try:
            pokerlut.category(top + step, game=game, wild=wild)
            top += step
        except ValueError:
            pass
    return low, top


@pytest.mark.parametrize("game,wild", GAMES)
def test_categories_and_descriptions_of_every_strength(game, wild):
    low, top = strength_range(game, wild)
    strengths = np.arange(low, top + 1)
    got = pokerlut.category_batch(strengths, game=game, wild=wild)
    words = pokerlut.describe_batch(strengths, game=game, wild=wild)
    for s, c, w in zip(strengths.tolist(), got.tolist(), words.tolist()):
        if s == 0:
            assert c == -1
        else:
            assert c == pokerlut.category(s, game=game, wild=wild)
        assert w == pokerlut.describe(s, game=game, wild=wild)
    for lang in ("it", "ru"):
        sample = strengths[:: max(1, len(strengths) // 50)]
        assert pokerlut.describe_batch(sample, game=game, wild=wild, lang=lang).tolist() == [
            pokerlut.describe(int(s), game=game, wild=wild, lang=lang) for s in sample
        ]
    for bad in ([top + 1], [low - 1] if low == 1 else [top + 7]):
        for f in (pokerlut.category_batch, pokerlut.describe_batch):
            with pytest.raises(ValueError, match=rf"^row 2: strength {bad[0]} is out of range"):
                f([low, top] + bad, game=game, wild=wild)


def test_strength_columns_of_other_shapes_and_types():
    assert pokerlut.category_batch(np.array([[7462, 1]], dtype=np.uint16)).tolist() == [[8, 0]]
    cat = pokerlut.describe_batch(pd.Series([7462, 49, 7462]), categorical=True)
    assert isinstance(cat, pd.Categorical)
    assert list(cat) == ["Royal flush", "High card, nine", "Royal flush"]
    with pytest.raises(TypeError, match="integers"):
        pokerlut.category_batch([1.5])
    with pytest.raises(TypeError, match="integers"):
        pokerlut.describe_batch(np.array([True]))
    with pytest.raises(ValueError, match=r"row \(0, 1\): strength 0"):
        pokerlut.category_batch([[1, 0]])


def test_evaluate_batch_takes_text():
    rng = np.random.default_rng(9)
    hands = random_hands(rng, 2000, 7, False)
    texts = [spell(rng, row) for row in hands.tolist()]
    want = pokerlut.evaluate_batch(hands)
    for name, column in containers(texts).items():
        np.testing.assert_array_equal(pokerlut.evaluate_batch(column), want, err_msg=name)
    short = [pokerlut.format_cards(h) for h in np.arange(16, 52).reshape(-1, 6)]
    np.testing.assert_array_equal(
        pokerlut.evaluate_batch(short, game="short-deck"),
        [pokerlut.evaluate(t, game="short-deck") for t in short],
    )
    assert pokerlut.evaluate_batch(["As Ah Ac Ad Jk"], wild="jokers").tolist() == [7475]
    with pytest.raises(ValueError, match="row 1: 'As Kd Zz"):
        pokerlut.evaluate_batch(["As Kd 7h 7c 2s", "As Kd Zz 7c 2s"])
    with pytest.raises(ValueError, match=r"row 1: card 2c at position 0 is not in the short-deck"):
        pokerlut.evaluate_batch(["As Kd 7h 7c 6s", "2c Kd 7h 7c 6s"], game="short-deck")


@pytest.mark.parametrize("dtype", [object, "string[pyarrow]", "category"])
def test_accessor(dtype):
    rng = np.random.default_rng(11)
    hands = random_hands(rng, 300, 7, False)
    texts = [spell(rng, row) for row in hands.tolist()]
    index = pd.Index(np.arange(300) * 3 + 1, name="deal")
    series = pd.Series(texts, index=index, name="hand", dtype=dtype)
    strengths = series.poker.strength()
    assert strengths.index.equals(index) and strengths.name == "hand"
    assert strengths.tolist() == [pokerlut.evaluate(t) for t in texts]
    assert series.poker.category().tolist() == [pokerlut.category(s).name for s in strengths]
    assert series.poker.describe(lang="es").tolist() == [pokerlut.describe(t, lang="es") for t in texts]
    assert [c.tolist() for c in series.poker.cards()] == hands.tolist()
    low = series.poker.strength(game="eight-or-better")
    assert low.tolist() == [pokerlut.evaluate(t, game="eight-or-better") for t in texts]
    assert series.poker.category(game="eight-or-better").isna().tolist() == (low == 0).tolist()


def test_accessor_masks_bad_rows():
    series = pd.Series(
        ["As Ks Qs Js Ts", "As As Qs Js Ts", None, "2c 3c 4c 5c 7d", "As Ks"], index=list("abcde")
    )
    with pytest.raises(ValueError, match="row 1: 'As As Qs Js Ts': duplicate card"):
        series.poker.strength()
    got = series.poker.strength(errors="mask")
    assert str(got.dtype) == "UInt16"
    assert got.isna().tolist() == [False, True, True, False, True]
    assert got["a"] == 7462 and got["d"] == pokerlut.evaluate("2c 3c 4c 5c 7d")
    assert series.poker.category(errors="mask").isna().tolist() == got.isna().tolist()
    assert series.poker.describe(errors="mask")["a"] == "Royal flush"
    assert series.poker.cards(errors="mask").isna().tolist() == got.isna().tolist()
    short = pd.Series(["As Ks Qs Js Ts", "2c 3c 4c 5c 7d"]).poker.strength(game="short-deck", errors="mask")
    assert short.isna().tolist() == [False, True]  # 2c is not in the short deck


def test_accessor_on_card_lists():
    series = pd.Series([["As", "Ks", "Qs", "Js", "Ts"], [0, 5, 9, 13, 20], None])
    got = series.poker.strength(errors="mask")
    assert got.tolist()[:2] == [7462, 1] and got.isna().tolist() == [False, False, True]
    with pytest.raises(ValueError, match="row 2: missing value"):
        series.poker.strength()
    with pytest.raises(TypeError):
        pd.Series([1.5, 2.5]).poker.strength()
