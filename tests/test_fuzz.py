"""Fuzzing every public entry point that takes user data (Hypothesis).

The only allowed outcomes are a result that looks right, or ValueError / TypeError. Anything else
(IndexError, KeyError, OverflowError, numba's TypingError, MemoryError, a crash) is a bug at the
validation boundary.

Bugs this fuzzing found are pinned by the regression tests at the end.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, event, example, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import pokerlut
from pokerlut import (
    best_five,
    category,
    compare,
    describe,
    evaluate,
    evaluate_batch,
    format_card,
    parse_card,
    parse_cards,
)
from pokerlut.cli import main, make_parser
from pokerlut import equity, parse_range

ALLOWED = (ValueError, TypeError)
REFUSED = object()


def outcome(call, *args, **kwargs):
    """call(*args, **kwargs), or REFUSED if it raised ValueError or TypeError (recorded as a
    Hypothesis event). Any other exception fails the test."""
    try:
        return call(*args, **kwargs)
    except ALLOWED as error:
        event(f"refused: {type(error).__name__}")
        return REFUSED


# POKERLUT_FUZZ_SCALE=20 fuzzes 20 times longer (the default run takes about 20 s here).
SCALE = float(os.environ.get("POKERLUT_FUZZ_SCALE", "1"))
FAST = settings(max_examples=int(1000 * SCALE), deadline=None)
SLOW = settings(max_examples=int(400 * SCALE), deadline=None)

# --- strategies --------------------------------------------------------------------------------

CARD_CHARS = "23456789TJQKAtjqka10cdhsCDHS♣♦♥♠♧♢♡♤Xx🃏kKrR\ufe0f ,;\t\n"
RANGE_CHARS = "AKQJT98765432soxc+-,:%.0123456789 "
CARD_TEXTS = [format_card(c) for c in range(52)]

card_text = st.one_of(
    st.text(alphabet=CARD_CHARS, max_size=30),
    st.text(max_size=20),  # any unicode
    st.lists(st.sampled_from(CARD_TEXTS + ["10h", "A♠", "a♥️", "Jk", "X", "Jkr"]), max_size=9).map(" ".join),
    st.lists(st.sampled_from(CARD_TEXTS), min_size=5, max_size=7, unique=True).map("".join),
)
int64 = st.integers(-(2**63), 2**63 - 1)
any_int = st.one_of(
    st.integers(0, 53), st.integers(-60, 120), st.integers(), int64, st.integers(-(2**200), 2**200)
)
odd_object = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(allow_nan=True),
    st.complex_numbers(),
    st.binary(max_size=6),
    st.just(np.float64(3.0)),
    st.just(np.bool_(True)),
    st.just(np.uint64(2**64 - 1)),
    st.just(np.int8(-3)),
    st.just(np.uint8(7)),
    st.just(object()),
    st.just([1, 2]),
    st.just({"As": 1}),
    st.just(np.array(5)),
    st.just(np.array([1, 2])),
)
int_list = st.lists(any_int, max_size=9)
numpy_int = st.builds(
    lambda v, t: t(v), st.integers(0, 100), st.sampled_from([np.int8, np.int64, np.uint8, np.uint16])
)
mixed_list = st.lists(st.one_of(any_int, st.sampled_from(CARD_TEXTS), numpy_int, odd_object), max_size=8)
cards_like = st.one_of(
    card_text,
    int_list,
    int_list.map(tuple),
    mixed_list,
    any_int,
    odd_object,
    st.lists(st.sampled_from(CARD_TEXTS), max_size=8),
    int_list.map(lambda xs: np.array(xs, dtype=object)),
    st.lists(st.integers(0, 60), max_size=8).flatmap(
        lambda xs: st.sampled_from(["int8", "uint8", "int64", "uint64", ">i4", "float32"]).map(
            lambda dt: np.array(xs).astype(dt)
        )
    ),
    st.lists(st.sampled_from(CARD_TEXTS), max_size=8).map(lambda xs: np.array(xs, dtype="U3")),
)


def check_hand_result(cards, strength: int) -> None:
    """A result of evaluate() on `cards`: a strength, and the cards were a valid hand."""
    assert type(strength) is int and 1 <= strength <= 7462
    hand = parse_cards(cards)  # must be valid if evaluate accepted it
    assert len(hand) in (5, 6, 7)


# --- cards -------------------------------------------------------------------------------------


@FAST
@given(st.one_of(card_text, odd_object, any_int))
@example("As")
@example("10♥️")
@example("\ufe0f")
@example("Ａs")  # fullwidth A
@example("K\u212a")  # Kelvin sign
def test_parse_card(text):
    value = outcome(parse_card, text)
    if value is REFUSED:
        return
    assert isinstance(text, str)
    assert type(value) is int and 0 <= value <= 52


@FAST
@given(cards_like, st.booleans())
@example("As Ks Qs Js Ts", False)
@example("X jk", True)
@example([2**64, 1], False)
@example(np.array([], dtype=np.int64), False)
def test_parse_cards(cards, jokers):
    out = outcome(parse_cards, cards, jokers=jokers)
    if out is REFUSED:
        return
    assert isinstance(out, np.ndarray) and out.dtype == np.uint8 and out.ndim == 1
    assert out.flags.c_contiguous
    assert len(np.unique(out)) == len(out)
    assert (out <= (53 if jokers else 51)).all()
    if isinstance(cards, np.ndarray):
        assert not np.shares_memory(out, cards)


# --- evaluate, describe, best_five, compare ---------------------------------------------------


@FAST
@given(cards_like)
@example([0, 1, 2, 3, 4])
@example([0, 1, 2, 3, 2**63 - 1])
@example([-(2**63), 1, 2, 3, 4])
@example((51, 47, 43, 39, 35, 0, 0))
@example(["As", "Ks", "Qs", "Js", "Ts"])
def test_evaluate(cards):
    strength = outcome(evaluate, cards)
    if strength is REFUSED:
        return
    check_hand_result(cards, strength)


@FAST
@given(st.one_of(cards_like, any_int))
@example(7462)
@example(np.int64(1))
def test_describe(value):
    words = outcome(describe, value)
    if words is REFUSED:
        return
    assert isinstance(words, str) and words
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        assert 1 <= value <= 7462


@FAST
@given(cards_like)
@example([2**64, 0, 1, 2, 3])
@example("Ah Kh 4h 3h 2h 9c 9d")
def test_best_five(cards):
    five = outcome(best_five, cards)
    if five is REFUSED:
        return
    hand = parse_cards(cards)
    assert five.dtype == np.uint8 and len(five) == 5
    assert np.isin(five, hand).all()
    assert evaluate(five.tolist()) == evaluate(hand.tolist())


@FAST
@given(cards_like, cards_like)
def test_compare(a, b):
    verdict = outcome(compare, a, b)
    if verdict is REFUSED:
        return
    assert verdict in (-1, 0, 1)
    assert verdict == compare(b, a) * -1


@FAST
@given(st.one_of(any_int, st.floats(), odd_object, st.text(max_size=5), numpy_int))
@example(0)
@example(7463)
@example(np.uint64(2**64 - 1))
@example(np.int64(-1))
def test_category(strength):
    cat = outcome(category, strength)
    if cat is REFUSED:
        return
    assert isinstance(cat, pokerlut.Category)
    assert not isinstance(strength, (bool, np.bool_))
    assert 1 <= strength <= 7462


# --- evaluate_batch ----------------------------------------------------------------------------

any_dtype = st.one_of(
    hnp.integer_dtypes(),
    hnp.unsigned_integer_dtypes(),
    hnp.floating_dtypes(),
    hnp.boolean_dtypes(),
    hnp.complex_number_dtypes(),
)
any_batch = hnp.arrays(any_dtype, hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=8))
small_batch = st.tuples(
    hnp.integer_dtypes() | hnp.unsigned_integer_dtypes(), st.sampled_from([5, 6, 7]), st.integers(0, 6)
).flatmap(lambda t: hnp.arrays(t[0], (t[2], t[1]), elements=st.integers(0, 60)))


@st.composite
def valid_batch(draw):
    """Mostly valid hands, in any integer dtype and memory layout, perhaps with one bad cell."""
    width, rows = draw(st.sampled_from([5, 6, 7])), draw(st.integers(0, 8))
    hands = np.array([draw(st.permutations(range(52)))[:width] for _ in range(rows)], dtype=np.int64).reshape(
        rows, width
    )
    dtype = draw(hnp.integer_dtypes() | hnp.unsigned_integer_dtypes())
    hands = hands.astype(dtype)
    if rows and draw(st.booleans()):
        r, c = draw(st.integers(0, rows - 1)), draw(st.integers(0, width - 1))
        info = np.iinfo(dtype)
        hands[r, c] = draw(st.integers(int(info.min), int(info.max)))
    layout = draw(st.sampled_from(["c", "f", "reversed", "strided", "readonly"]))
    if layout == "f":
        hands = np.asfortranarray(hands)
    elif layout == "reversed":
        hands = hands[::-1, ::-1]
    elif layout == "strided":
        hands = np.repeat(hands, 2, axis=0)[::2]
    elif layout == "readonly":
        hands.setflags(write=False)
    return hands


@SLOW
@given(
    st.one_of(any_batch, small_batch, valid_batch()),
    st.none() | st.none() | st.integers(-1, 3) | st.floats(0, 2) | st.booleans(),
)
@example(np.zeros((0, 5), dtype=np.uint8), None)
@example(np.array(7), None)
@example(np.arange(5, dtype=np.uint64)[None, :] + np.uint64(2**63), None)
@example(np.zeros((0, 5), dtype=np.uint8), 0)
def test_evaluate_batch(hands, threads):
    before = hands.copy()
    out = outcome(evaluate_batch, hands, threads=threads)
    assert np.array_equal(hands, before, equal_nan=hands.dtype.kind in "fc")  # not modified
    if out is REFUSED:
        return
    assert out.dtype == np.uint16 and out.shape == (len(hands),)
    assert [int(s) for s in out] == [evaluate(row.tolist()) for row in hands]


# --- ranges ------------------------------------------------------------------------------------

RANGE_TOKENS = [
    "AA",
    "KK",
    "QQ+",
    "AKs",
    "AKo",
    "AK",
    "A2s+",
    "TT-77",
    "KJs-K9s",
    "76s-54s",
    "random",
    "any",
    "15%",
    "0.5%",
    "AsKh",
    "Td9d",
    "AKs:0.5",
    "22+",
    "A5s-A2s:.25",
]
range_text = st.one_of(
    st.text(alphabet=RANGE_CHARS, max_size=24),
    st.text(max_size=16),
    st.lists(st.sampled_from(RANGE_TOKENS), min_size=1, max_size=4).map(",".join),
    st.lists(
        st.one_of(st.sampled_from(RANGE_TOKENS), st.text(alphabet=RANGE_CHARS, max_size=6)),
        min_size=1,
        max_size=4,
    ).map(",".join),
)


@FAST
@given(st.one_of(range_text, odd_object))
@example("QQ+, AA:0.5")
@example("AA:1e400")
@example("1e-320%")
@example("AA-22")
@example("Ａ Ｋ")
def test_parse_range(text):
    rng = outcome(parse_range, text)
    if rng is REFUSED:
        return
    assert isinstance(text, str)
    combos, weights = rng.combos, rng.weights
    assert combos.dtype == np.uint8 and combos.ndim == 2 and combos.shape[1] == 2
    assert 1 <= len(rng) <= 1326
    assert (combos[:, 0] < combos[:, 1]).all() and (combos[:, 1] <= 51).all()
    assert len({tuple(c) for c in combos.tolist()}) == len(rng)
    assert weights.shape == (len(rng),) and ((weights > 0) & (weights <= 1)).all()
    assert not combos.flags.writeable


# --- equity ------------------------------------------------------------------------------------

card_sample = st.lists(st.integers(0, 51), max_size=7).map(
    lambda xs: " ".join(format_card(x) for x in xs)
)  # duplicates allowed: they must be refused
board_text = st.one_of(
    st.just(""),
    card_sample,
    st.text(alphabet=CARD_CHARS, max_size=12),
    st.lists(st.integers(0, 51), min_size=3, max_size=5, unique=True).map(
        lambda xs: "".join(format_card(x) for x in xs)
    ),
)
omaha_hand = st.lists(st.integers(0, 51), min_size=3, max_size=7, unique=True).map(
    lambda xs: "".join(format_card(x) for x in xs)
)
player_text = st.one_of(range_text, card_sample, omaha_hand)


@pytest.mark.slow
@SLOW
@given(
    players=st.lists(player_text, max_size=5)
    | st.lists(st.sampled_from(RANGE_TOKENS), min_size=2, max_size=10),
    board=st.one_of(st.just(""), board_text),  # half the boards empty
    dead=st.one_of(st.just(""), st.just(""), card_sample, st.text(max_size=6)),
    game=st.sampled_from(["holdem"] * 6 + ["omaha"] * 3 + ["Holdem", "", "omaha ", "stud"]),
    seed=st.none() | st.integers(0, 2**63 - 1),
)
@example(players=["AsAh", "KsKh"], board="", dead="", game="holdem", seed=1)
@example(players=["AsAhKsKh", "QdQcJdJc"], board="2c 7d 9h", dead="", game="omaha", seed=2)
@example(players=["AsAh", "AdAc", "AA"], board="", dead="", game="holdem", seed=3)
def test_equity(players, board, dead, game, seed):
    result = outcome(equity, players, board=board, dead=dead, deal=game, exact=False, trials=2000, seed=seed)
    if result is REFUSED:
        return
    assert 2 <= len(players) <= 10 and game in ("holdem", "omaha")
    assert [p.hand for p in result.players] == players
    assert result.exact is False and result.dealt == 2000 and not result.partial
    assert seed is None or result.seed == seed
    equities = [p.equity for p in result.players]
    assert sum(equities) == pytest.approx(1.0, abs=1e-9)
    for p in result.players:
        for x in (p.win, p.tie, p.equity, p.stderr):
            assert 0.0 <= x <= 1.0 + 1e-12
        assert p.win - 1e-12 <= p.equity <= p.win + p.tie + 1e-12
    repr(result), result.to_dict()
    if seed is not None:  # the same for the same seed, whatever the thread count
        again = equity(
            players, board=board, dead=dead, deal=game, exact=False, trials=2000, seed=seed, threads=1
        )
        assert again.players == result.players


@SLOW
@given(
    players=st.lists(st.sampled_from(["AsAh", "KsKh", "QQ", "AKs", "72o", "random"]), min_size=2, max_size=3),
    trials=st.one_of(st.integers(-5, 3), st.floats(), st.booleans(), st.none(), st.text(max_size=3)),
    seed=st.one_of(st.integers(-5, 5), st.integers(2**63 - 2, 2**64), st.floats(), st.text(max_size=2)),
    threads=st.one_of(st.none(), st.integers(-2, 200), st.floats(), st.booleans()),
)
def test_equity_options(players, trials, seed, threads):
    result = outcome(
        equity, players, exact=False, trials=trials if trials is not None else 500, seed=seed, threads=threads
    )
    if result is REFUSED:
        return
    assert sum(p.equity for p in result.players) == pytest.approx(1.0, abs=1e-9)


SMALL_TOKENS = ["AA", "KK", "QQ+", "AKs", "T9s", "76s-54s", "AsKh", "JcTc", "22", "A5s"]
two_cards = st.lists(st.integers(0, 51), min_size=2, max_size=2).map(
    lambda xs: "".join(format_card(x) for x in xs)
)  # may repeat a card: must be refused


@pytest.mark.slow
@SLOW
@given(
    data=st.data(),
    game=st.sampled_from(["holdem", "omaha"]),
    deck=st.permutations(range(52)),
    n_known=st.integers(3, 8),
    n_board=st.integers(3, 5),
    clash=st.integers(0, 9).map(lambda x: x == 0),
)
@example(data=None, game="holdem", deck=[0, 21, 30, 32, 51, 50, 47, 46], n_known=4, n_board=4, clash=False)
def test_equity_exact_against_simulation(data, game, deck, n_known, n_board, clash):
    """Small spaces enumerated exactly: shares sum to 1, and Monte Carlo agrees."""
    text = lambda cards: " ".join(format_card(c) for c in cards)  # noqa: E731
    board, dead = text(deck[:n_board]), text(deck[n_board:n_known] + deck[:1] * clash)
    if data is None:
        players = ["AsAh", "KsKh"]
    else:  # hands from the rest of the deck, one after the other, or drawn freely (may clash)
        sizes = data.draw(
            st.lists(
                st.sampled_from([2] if game == "holdem" else [4, 5]),
                min_size=2,
                max_size=4 if game == "holdem" else 3,
            )
        )
        rest, players = iter(deck[n_known:]), []
        for size in sizes:
            kind = data.draw(st.sampled_from(["fresh", "fresh", "free", "class"]))
            if kind == "class" and game == "holdem":
                players.append(data.draw(st.sampled_from(SMALL_TOKENS)))
            elif kind == "free":
                players.append(
                    data.draw(st.lists(st.integers(0, 51), min_size=size, max_size=size).map(text))
                )
            else:
                players.append(text([next(rest) for _ in range(size)]).replace(" ", ""))
    exact = outcome(equity, players, board=board, dead=dead, deal=game, exact=True)
    if exact is REFUSED:
        return
    assert exact.exact and exact.dealt > 0 and exact.seed is None
    assert sum(p.equity for p in exact.players) == pytest.approx(1.0, abs=1e-9)
    for p in exact.players:
        assert p.stderr == 0 and 0 <= p.win <= p.equity <= p.win + p.tie + 1e-12 <= 1 + 1e-12
    simulated = equity(players, board=board, dead=dead, deal=game, exact=False, trials=4000, seed=7)
    for e, m in zip(exact.players, simulated.players):
        assert abs(e.equity - m.equity) <= 0.05, (e, m)  # > 6 standard errors


# --- the CLI, in process -----------------------------------------------------------------------

CLI_WORDS = [
    "eval",
    "compare",
    "stats",
    "equity",
    "--pretty",
    "--cards",
    "5",
    "6",
    "7",
    "--threads",
    "1",
    "2",
    "0",
    "-1",
    "--quiet",
    "--board",
    "--dead",
    "--deal",
    "omaha",
    "holdem",
    "--simulate",
    "--trials",
    "500",
    "--seed",
    "3",
    "--json",
    "--version",
    "-h",
    "--",
    "AsAh",
    "KsKh",
    "QQ+,AKs",
    "random",
    "15%",
    "As Ks Qs Js Ts",
    "2c 7d 9h",
    "AsAhKsKh",
    "QdQcJdJc",
    "Ah Kh 4h 3h 2h 9c 9d",
    "Zz",
    "--bogus",
    "--cards=5",
    "--trials=700",
]
cli_token = st.one_of(st.sampled_from(CLI_WORDS), card_text, range_text, st.text(max_size=8))


def runs_quickly(argv: list[str]) -> bool:
    """Keep the fuzzed command lines that finish in milliseconds: no `demo` or `build-tables`
    (which would rewrite the installed tables), equity only simulated with few trials."""
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            args = make_parser().parse_args(argv)
    except SystemExit:
        return True  # argparse refuses it: quick
    if args.command in ("demo", "build-tables"):
        return False
    if args.command == "equity":
        return args.exact is not True and args.trials is not None and args.trials <= 20_000
    return True


def args_command(argv: list[str]) -> str:
    return next((a for a in argv if a in ("eval", "compare", "stats", "equity")), "?")


@settings(SLOW, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.one_of(
        st.lists(cli_token, max_size=6),
        st.tuples(
            st.sampled_from(["eval", "compare", "stats", "equity"]), st.lists(cli_token, max_size=6)
        ).map(lambda t: [t[0], *t[1]]),
        st.tuples(
            st.lists(player_text, min_size=0, max_size=4),
            st.lists(cli_token, max_size=4),
            st.sampled_from([[], ["--simulate"]]),
        ).map(lambda t: ["equity", *t[0], *t[1], *t[2], "--trials", "300"]),
        st.tuples(
            st.sampled_from([["eval"], ["eval", "--pretty"], ["compare", "As Ks Qs Js Ts"]]),
            st.lists(st.integers(0, 51), min_size=4, max_size=8, unique=True),
            st.sampled_from(["", " ", ",", ";"]),
            st.lists(cli_token, max_size=1),
        ).map(lambda t: [*t[0], t[2].join(format_card(c) for c in t[1]), *t[3]]),
    )
)
@example(["eval", "As Ks Qs Js Ts"])
@example(["compare", "As Ks Qs Js Ts", "2c 3d 4h 5s 7c"])
@example(["stats", "--cards", "5", "--quiet"])
@example(["equity", "AsAh", "KsKh", "--trials", "500", "--json"])
@example(["equity", "AsAh", "KsKh", "--trials", "500", "--threads", "0"])
@example([])
def test_cli_main(capsys, argv):
    assume(runs_quickly(argv))
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse: --help, --version, usage errors
        assert stop.code in (0, 2)
        capsys.readouterr()
        event(f"argparse exit {stop.code}")
        return
    out, err = capsys.readouterr()
    event(f"{args_command(argv)} exit {code}")
    assert code in (0, 1, 2)
    assert "Traceback" not in err
    if code == 0:
        assert out and not err
    else:
        assert len(err.splitlines()) == 1 and err.startswith("pokerlut ")


# --- Regressions: bugs this fuzzing found, now fixed ----------------------------------------


@pytest.mark.parametrize("call", ["evaluate", "describe", "compare"])
@pytest.mark.parametrize(
    "cards", [[2**63, 0, 1, 2, 3], [2**64, 0, 1, 2, 3, 4], (-(2**63) - 1, 0, 1, 2, 3, 4, 5)]
)
def test_regression_evaluate_huge_python_int(call, cards):
    # A fresh process: once the kernel has a compiled signature for that many cards, numba
    # raises OverflowError instead, which evaluate() turns into the right ValueError.
    args = [cards, "As Ks Qs Js Ts"] if call == "compare" else [cards]
    code = f"import pokerlut\ntry:\n    pokerlut.{call}(*{args!r})\nexcept ValueError:\n    pass\n"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, [line for line in result.stderr.splitlines() if line][-3:]


@pytest.mark.parametrize(
    ("players", "board"), [(["AsAh:0.5", "KsKh"], "2c 7d 9h Tc 3s"), (["AA:1e-300", "KK"], "2c 7d 9h Tc")]
)
def test_regression_exact_equity_small_weights(players, board):
    result = equity(players, board=board, exact=True)
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)


def test_regression_equity_huge_trials():
    with pytest.raises(ValueError):
        equity(["AA", "KK"], exact=False, trials=2**63, seed=1)
