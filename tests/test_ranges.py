"""Tests for pokerlut._equity.ranges: range text -> weighted two-card combos, and the preflop
ordering behind percentage ranges (rerun by pokerlut.matrix._preflop_order in the slow test)."""

from __future__ import annotations

import dataclasses
import doctest
import re
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pokerlut
import pokerlut._equity.ranges as ranges_module
from pokerlut._equity.ranges import PREFLOP_ORDER, Range, parse_range

# Independent of the module: the class of two card ints, from the convention card = 4*rank + suit.
RANKS = "23456789TJQKA"
ALL = [(a, b) for a in range(52) for b in range(a + 1, 52)]


def class_name(a: int, b: int) -> str:
    hi, lo = max(a // 4, b // 4), min(a // 4, b // 4)
    if hi == lo:
        return RANKS[hi] * 2
    return RANKS[hi] + RANKS[lo] + ("s" if a % 4 == b % 4 else "o")


CLASSES = sorted({class_name(a, b) for a, b in ALL})
CLASS_SIZE = {name: sum(class_name(a, b) == name for a, b in ALL) for name in CLASSES}


def combos_of(*names: str) -> list[tuple[int, int]]:
    """Every combo of the given classes ('AK' = 'AKs' + 'AKo'), sorted."""
    wanted = set(names) | {n + s for n in names if len(n) == 2 for s in "so"}
    return [c for c in ALL if class_name(*c) in wanted]


def rows(r: Range) -> list[tuple[int, int]]:
    return [(int(a), int(b)) for a, b in r.combos]


def card(text: str) -> int:
    return 4 * RANKS.index(text[0]) + "cdhs".index(text[1])


# ---------------------------------------------------------------------------------------------
# counts and contents


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("QQ", 6), ("QQ+", 18), ("22+", 78), ("AA+", 6), ("TT-77", 24), ("77-TT", 24),
        ("AKs", 4), ("AKo", 12), ("AK", 16), ("KA", 16), ("kAs", 4),
        ("AQo+", 24), ("AQs+", 8), ("AQ+", 32), ("A2s+", 48), ("KQ+", 16),
        ("KJs-K9s", 12), ("K9s-KJs", 12), ("T9-T7", 48),
        ("76s-54s", 12), ("54s-76s", 12), ("AKs-KQs", 8), ("AKs-AKs", 4),
        ("random", 1326), ("any", 1326), ("RANDOM", 1326), ("100%", 1326), ("0.1%", 6),
        ("AsAh", 1), ("AhKh", 1), ("Td9d", 1), ("9dTd", 1), ("10h9h", 1), ("A♠K♠", 1),
        ("AhKh,QQ", 7), ("qq+", 18), (" A K s ,\tq q ", 10), ("QQ+, AA", 18), ("AA, AsAh", 6),
        ("Ax", 192), ("A?", 192), ("AX", 192), ("ax", 192), ("Axs", 48), ("AXo", 144), ("a?S", 48),
        ("2x", 192), ("Tx", 192), ("Ax, AA", 198), ("Ax, AKs", 192), ("Axs:0.5", 48),
    ],
)  # fmt: skip
def test_counts(text: str, count: int) -> None:
    assert len(parse_range(text)) == count


@pytest.mark.parametrize(
    ("text", "classes"),
    [
        ("QQ+", ["QQ", "KK", "AA"]),
        ("AQo+", ["AQo", "AKo"]),
        ("A2s+", [f"A{r}s" for r in RANKS[:-1]]),
        ("TT-77", ["TT", "99", "88", "77"]),
        ("KJs-K9s", ["KJs", "KTs", "K9s"]),
        ("76s-54s", ["76s", "65s", "54s"]),
        ("T9-T7", ["T9", "T8", "T7"]),
        ("AK", ["AK"]),
        ("Ax", [f"A{r}" for r in RANKS[:-1]]),  # no AA
        ("Kxs", [f"K{r}s" for r in RANKS[:-2]] + ["AKs"]),
        ("2?o", [f"{r}2o" for r in RANKS[1:]]),
        ("random", CLASSES),
    ],
)
def test_contents(text: str, classes: list[str]) -> None:
    assert rows(parse_range(text)) == combos_of(*classes)


def test_exact_rows() -> None:
    ac, ad, ah, as_, kc, kd, kh, ks = (card(t) for t in "Ac Ad Ah As Kc Kd Kh Ks".split())
    assert rows(parse_range("AKs")) == [(kc, ac), (kd, ad), (kh, ah), (ks, as_)]
    assert rows(parse_range("AA")) == [(ac, ad), (ac, ah), (ac, as_), (ad, ah), (ad, as_),
                                       (ah, as_)]  # fmt: skip
    assert rows(parse_range("AhKh, QQ")) == sorted(combos_of("QQ") + [(kh, ah)])
    assert rows(parse_range("As2c")) == [(0, 51)]


def test_result_arrays() -> None:
    r = parse_range("22+, AhKd, AKs:0.5")
    assert r.combos.dtype == np.uint8 and r.combos.shape == (len(r), 2)
    assert r.weights.dtype == np.float64 and r.weights.shape == (len(r),)
    assert (r.combos[:, 0] < r.combos[:, 1]).all()
    codes = r.combos[:, 0].astype(int) * 52 + r.combos[:, 1]
    assert (np.diff(codes) > 0).all()
    with pytest.raises(ValueError, match="read-only"):
        r.combos[0, 0] = 5
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.combos = r.combos  # type: ignore[misc]


# ---------------------------------------------------------------------------------------------
# weights and duplicates


def test_weights() -> None:
    assert parse_range("AKs:0.5").weights.tolist() == [0.5] * 4
    for text in ("AKs:1", "AKs:1.0", "AKs:.5", "AKs:5e-1"):
        assert len(parse_range(text)) == 4
    r = parse_range("QQ+:0.25, AKs, AhAs:0.25")
    weight = dict(zip(rows(r), r.weights.tolist()))
    assert weight[(card("Ks"), card("As"))] == 1.0
    assert weight[(card("Qc"), card("Qd"))] == 0.25
    assert weight[(card("Ah"), card("As"))] == 0.25  # same combo, weight given twice


def test_duplicates_with_equal_weights_are_kept_once() -> None:
    assert parse_range("QQ+, AA, AsAh, KK") == parse_range("QQ+")
    assert parse_range("AA:0.5, AsAh:0.5") == parse_range("AA:0.5")


def test_duplicates_with_different_weights() -> None:
    with pytest.raises(ValueError, match=re.escape(
        "combo AsAh is listed twice with different weights: 1 in 'QQ+' and 0.5 in 'AsAh:0.5'"
    )):  # fmt: skip
        parse_range("QQ+, AsAh:0.5")
    with pytest.raises(ValueError, match="listed twice.*'AA:0.5'"):
        parse_range("QQ+, AA:0.5")


# ---------------------------------------------------------------------------------------------
# percentages and the preflop ordering


def test_preflop_order_names_every_class_once() -> None:
    names = PREFLOP_ORDER.split()
    assert sorted(names) == CLASSES
    assert " ".join(names) == PREFLOP_ORDER
    assert names[:3] == ["AA", "KK", "QQ"] and names[-1] == "32o"


def check_percent(percent: float) -> None:
    r = parse_range(f"{percent}%")
    share = len(r) / 1326
    taken = {class_name(*c) for c in rows(r)}
    order = PREFLOP_ORDER.split()
    assert taken == set(order[: len(taken)])  # a prefix of the ordering, whole classes
    last = order[len(taken) - 1]
    assert percent / 100 <= share < percent / 100 + CLASS_SIZE[last] / 1326
    assert (len(r) - CLASS_SIZE[last]) * 100 < percent * 1326  # taken: share before it < target


def test_15_percent() -> None:
    check_percent(15)
    r = parse_range("15%")
    assert 0.15 <= len(r) / 1326 < 0.15 + 12 / 1326
    assert len(r) == 200 and rows(r) == combos_of(*PREFLOP_ORDER.split()[:31])  # AA .. A6s


@given(st.floats(min_value=0.01, max_value=100).map(lambda p: round(p, 2)))
def test_percent_bounds(percent: float) -> None:
    check_percent(percent)


@given(st.integers(1, 100), st.integers(1, 100))
def test_percent_is_monotone(p: int, q: int) -> None:
    low, high = sorted((p, q))
    assert set(rows(parse_range(f"{low}%"))) <= set(rows(parse_range(f"{high}%")))


# ---------------------------------------------------------------------------------------------
# remove


def test_remove() -> None:
    aa = parse_range("AA")
    assert len(aa.remove("As")) == 3
    assert len(aa.remove("As Ah")) == 1
    assert len(aa.remove(np.array([card("As")], dtype=np.uint8))) == 3
    assert len(aa.remove([51, 50, 49])) == 0
    assert aa.remove("Kd") == aa
    assert aa.remove(np.array([], dtype=np.uint8)) == aa
    assert len(parse_range("random").remove("2c 7d")) == 1225
    r = parse_range("AA:0.5, KK").remove("Ac Kc")
    assert len(r) == 6 and r.weights.tolist() == [1.0] * 3 + [0.5] * 3
    assert len(r.remove("Ad Kd Ah Kh As Ks")) == 0


def test_remove_rejects_bad_cards() -> None:
    with pytest.raises(ValueError, match="unknown card 'Zz'"):
        parse_range("AA").remove("Zz")
    with pytest.raises(ValueError, match="duplicate card"):
        parse_range("AA").remove("As As")


@given(st.sets(st.integers(0, 51), max_size=8), st.sampled_from(["random", "15%", "22+, A2s+"]))
def test_remove_property(dead: set[int], text: str) -> None:
    r = parse_range(text)
    left = r.remove(sorted(dead))
    assert not set(left.combos.ravel().tolist()) & dead
    assert rows(left) == [c for c in rows(r) if not set(c) & dead]
    kept = [i for i, c in enumerate(rows(r)) if not set(c) & dead]
    assert left.weights.tolist() == [r.weights[i] for i in kept]
    assert not left.combos.flags.writeable and not left.weights.flags.writeable
    assert left.masks.tolist() == [(1 << int(a)) | (1 << int(b)) for a, b in left.combos]
    assert (left is r) == (len(kept) == len(r))


def test_the_same_text_gives_the_same_range_and_errors_every_time() -> None:
    assert parse_range("QQ+, AKs") is parse_range("QQ+, AKs")
    assert parse_range("QQ+, AKs") == parse_range("QQ+,AKs")
    for _ in range(2):
        with pytest.raises(ValueError, match="pair cannot be suited"):
            parse_range("QQs")
    with pytest.raises(TypeError, match="a range must be a str"):
        parse_range(["AA"])  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# errors


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty range ''"),
        ("  \n", "empty range"),
        ("AA,,KK", "empty token at position 1 in range 'AA,,KK'"),
        ("AA,", "empty token at position 1"),
        ("AKsx", "unknown token 'AKsx'"),
        ("AsKhQd", "unknown token 'AsKhQd': a hand has 2 cards, not 3"),
        ("AsAs", "unknown token 'AsAs' \\(duplicate card"),
        ("XkXk", "unknown token 'XkXk'"),
        ("A", "unknown token 'A'"),
        ("AKs++", "unknown token 'AKs\\+\\+'"),
        ("AZs", "bad rank 'Z' in 'AZs'"),
        ("1A", "bad rank '1' in '1A'"),
        ("AQx", "bad suffix 'x' in 'AQx'"),
        ("QQs", "a pair cannot be suited or offsuit: 'QQs'"),
        ("qqo+", "a pair cannot be suited or offsuit: 'qqo\\+'"),
        ("JJs-TTs", "a pair cannot be suited or offsuit: 'JJs-TTs'"),
        ("AA-KQ", "mixed span 'AA-KQ'"),
        ("KJs-K9o", "mixed span 'KJs-K9o'"),
        ("KJs-K9", "mixed span 'KJs-K9'"),
        ("K9s-Q7s", "bad span 'K9s-Q7s'"),
        ("AK-", "unknown token 'AK-'"),
        ("AA-KK-QQ", "unknown token 'AA-KK-QQ'"),
        ("AKs:0", "weight 0 in 'AKs:0' is outside"),
        ("AKs:1.5", "weight 1.5 in 'AKs:1.5' is outside"),
        ("AKs:-0.5", "bad weight '-0.5' in 'AKs:-0.5'"),
        ("AKs:half", "bad weight 'half'"),
        ("AKs:", "bad weight '' in 'AKs:'"),
        ("AKs:nan", "bad weight 'nan'"),
        ("AKs:0.5:0.5", "bad weight '0.5:0.5'"),
        ("0%", "percentage '0%' is outside"),
        ("101%", "percentage '101%' is outside"),
        ("abc%", "bad percentage 'abc%'"),
        ("%", "bad percentage '%'"),
        ("AA, QQs, KK", "'QQs'"),
        ("Axx", "bad rank 'x' in 'Axx'.*any other rank is written 'Ax', 'Axs' or 'Axo'"),
        ("xA", "bad rank 'x' in 'xA'"),
        ("Ax+", "bad rank 'x' in 'Ax\\+'"),
        ("A", "'Ax', 'Axs', 'Axo'"),  # the unknown-token message lists every form
    ],
)
def test_errors(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_range(text)


def test_type_errors() -> None:
    with pytest.raises(TypeError, match="a range must be a str, not list"):
        parse_range(["AA"])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("combos", "weights", "error", "message"),
    [
        ([[1, 0]], [1.0], ValueError, "not two distinct cards"),
        ([[3, 3]], [1.0], ValueError, "not two distinct cards"),
        ([[0, 52]], [1.0], ValueError, "not two distinct cards"),
        ([[0, 2], [0, 1]], [1.0, 1.0], ValueError, "sorted and distinct: row 1"),
        ([[0, 1], [0, 1]], [1.0, 1.0], ValueError, "sorted and distinct"),
        ([[0, 1]], [0.0], ValueError, "outside \\(0, 1\\]"),
        ([[0, 1]], [np.nan], ValueError, "outside"),
        ([[0, 1]], [1.0, 1.0], ValueError, "weights must have shape \\(1,\\)"),
        ([0, 1], [1.0], ValueError, "shape \\(k, 2\\)"),
        ([[0.0, 1.0]], [1.0], TypeError, "integer array"),
    ],
)
def test_constructor_checks(combos, weights, error, message) -> None:  # noqa: ANN001
    with pytest.raises(error, match=message):
        Range(np.array(combos), np.array(weights))


def test_equality_hash_repr() -> None:
    assert parse_range("AKs") == parse_range("AcKc, AdKd, AhKh, AsKs")
    assert parse_range("AKs") != parse_range("AKs:0.5")
    assert len({parse_range("AKs"), parse_range("AsKs, AKs")}) == 1
    assert repr(parse_range("AKs, 2c2d:0.5")) == "Range('2d2c:0.5, AcKc, AdKd, AhKh, AsKs')"
    assert repr(parse_range("random")) == "Range(1326 combos, total weight 1326)"
    assert Range(np.zeros((0, 2), dtype=np.uint8), np.zeros(0)).combos.shape == (0, 2)


def test_doctests() -> None:
    assert doctest.testmod(ranges_module).failed == 0


# ---------------------------------------------------------------------------------------------
# properties


@given(st.lists(st.sampled_from(CLASSES), unique=True, min_size=1, max_size=30))
def test_union_of_disjoint_classes(names: list[str]) -> None:
    assert len(parse_range(", ".join(names))) == sum(len(parse_range(n)) for n in names)
    assert len(parse_range(", ".join(names))) == sum(CLASS_SIZE[n] for n in names)


@given(
    st.lists(st.sampled_from(CLASSES), unique=True, min_size=1, max_size=12),
    st.lists(st.sampled_from([0.25, 0.5, 1.0]), min_size=12, max_size=12),
    st.randoms(use_true_random=False),
)
def test_order_of_tokens_does_not_matter(names, weights, random) -> None:  # noqa: ANN001
    tokens = [f"{n}:{w}" for n, w in zip(names, weights)]
    r = parse_range(",".join(tokens))
    random.shuffle(tokens)
    assert parse_range(",".join(tokens)) == r
    for name, weight in zip(names, weights):
        mask = [class_name(*c) == name for c in rows(r)]
        assert (r.weights[mask] == weight).all()


@given(
    st.lists(st.sampled_from(ALL), unique=True, min_size=1, max_size=12),
    st.lists(st.floats(min_value=1e-9, max_value=1.0), min_size=12, max_size=12),
)
def test_specific_hands_and_repr_round_trip(combos, weights) -> None:  # noqa: ANN001
    text = ", ".join(f"{pokerlut.format_cards(list(c), sep='')}:{w!r}"
                     for c, w in zip(combos, weights))  # fmt: skip
    r = parse_range(text)
    assert rows(r) == sorted(combos)
    assert dict(zip(rows(r), r.weights.tolist())) == dict(zip(combos, weights))
    assert parse_range(repr(r)[len("Range('") : -len("')")]) == r


# ---------------------------------------------------------------------------------------------
# the ordering is reproduced by its script (exact, about 20 s)


@pytest.mark.slow
def test_script_reproduces_preflop_order() -> None:
    from pokerlut.matrix import _preflop_order as script

    equities = script.class_equities()
    assert script.preflop_order(equities) == PREFLOP_ORDER
    assert len(set(equities.values())) == 169  # no ties: the tie-break never matters
    # A random hand against a random hand wins exactly half of the points.
    mean = sum(CLASS_SIZE[n] * e for n, e in equities.items()) / 1326
    assert mean == Fraction(1, 2)
    # Published all-in equities against a random hand (PokerStove): AA 85.20%, 32o 32.30%.
    assert round(float(equities["AA"]), 4) == 0.852
    assert round(float(equities["32o"]), 4) == 0.323
    # Monte Carlo through evaluate_batch, independent of the script's counting.
    rng = np.random.default_rng(2024)
    for hero_text in ("Ts 9s", "7c 2d"):
        hero = pokerlut.parse_cards(hero_text)
        rest = np.setdiff1d(np.arange(52, dtype=np.uint8), hero)
        n = 100_000
        deals = rest[rng.random((n, 50)).argsort(axis=1)[:, :7]]  # 2 opponent + 5 board
        board = deals[:, 2:]
        mine = pokerlut.evaluate_batch(np.hstack([np.tile(hero, (n, 1)), board]))
        theirs = pokerlut.evaluate_batch(np.ascontiguousarray(np.hstack([deals[:, :2], board])))
        simulated = ((mine > theirs) + 0.5 * (mine == theirs)).mean()
        assert abs(simulated - float(equities[class_name(*hero.tolist())])) < 5 * 0.5 / n**0.5


def test_class_names_agree_with_script() -> None:
    from pokerlut.matrix import _preflop_order as script

    assert sorted(script.class_names()) == CLASSES
    class_of, sizes = script.class_of_cards()
    names = script.class_names()
    assert all(names[class_of[a, b]] == class_name(a, b) for a, b in ALL)
    assert [CLASS_SIZE[n] for n in names] == sizes.tolist()


@pytest.mark.parametrize(
    "grouped, plain",
    [
        ("0.4(AsKs)", "AsKs:0.4"),
        ("80%(A8s+)", "A8s+:0.8"),
        ("80%(A8s+, KQs), QQ", "A8s+:0.8, KQs:0.8, QQ"),
        (".5(TT-77)", "TT-77:0.5"),
        ("100%(AKo)", "AKo"),
    ],
)
def test_weights_as_eval7_and_equilab_write_them(grouped, plain):
    assert parse_range(grouped) == parse_range(plain)


@pytest.mark.parametrize(
    "text, message",
    [
        ("0.4(AsKs:0.5)", "has a weight of its own"),
        ("150%(AKs)", "outside"),
        ("AK:x", "expected a decimal"),
        ("AKx", "bad suffix"),
        ("hello", "weighted as 'AKs:0.5', '0.5\\(AKs\\)' or '50%\\(AKs, QQ\\)'"),
    ],
)
def test_bad_weighted_ranges_say_what_is_accepted(text, message):
    with pytest.raises(ValueError, match=message):
        parse_range(text)
