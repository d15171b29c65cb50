"""Fuzzing the `pokerlut` command line with Hypothesis: command lines built from the parser
itself (its subcommands and their real options, so a new subcommand is covered the day it is
added), with junk values: bad and duplicate cards, out-of-range numbers, unknown games and
languages, empty strings, unicode, negative thread counts, huge trial counts.

The contract checked on every command line:
- the exit status is 0 or 2, and no traceback is printed;
- on 0, nothing on stderr, and with --json the output parses as JSON;
- on 2, nothing on stdout and one line on stderr. Our own errors are exactly one line,
  "pokerlut COMMAND: message". argparse's errors are its usage block (a line starting "usage:",
  then only indented continuation lines) followed by exactly one line,
  "pokerlut[ COMMAND[ ACTION]]: error: message"; "one line" means that last line, and nothing but usage
  may come before it.

The fuzz calls `pokerlut.cli.main(argv)` in this process (importing numba once); a few of the
most telling command lines also run as real subprocesses at the end. It only runs the cheap
commands (eval, compare, stats of 5-card hands, equity simulated with few trials); any other
subcommand (demo, build-tables, bulk, matrix, ...) is fuzzed at the parser only: its bad command
lines must fail the argparse way, and one that parses is not run.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, event, example, find, given, settings
from hypothesis import strategies as st

from pokerlut.cli import main, make_parser
from pokerlut.lang import LANGUAGES
from pokerlut._equity.deal import DEALS
from pokerlut.rules import WILD_MODES, games
from pokerlut._equity.front import MAX_TRIALS as ENGINE_MAX_TRIALS

# POKERLUT_FUZZ_SCALE=20 fuzzes 20 times longer, as in test_fuzz.py.
SCALE = float(os.environ.get("POKERLUT_FUZZ_SCALE", "1"))
FUZZ = settings(
    max_examples=int(500 * SCALE),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

CHEAP = ("eval", "compare", "stats", "equity")  # run; every other subcommand is only parsed
MAX_TRIALS = 3_000  # equity runs only simulated, with at most this many trials
TIMEOUT = 300  # seconds, for the subprocesses (a stale numba cache means compiling again)


def _subcommands(parser: argparse.ArgumentParser | None = None) -> dict[str, argparse.ArgumentParser]:
    """The parser's subcommands by name; a subcommand of a subcommand by both names, as
    typed ("abstraction features")."""
    parser = parser or make_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    found: dict[str, argparse.ArgumentParser] = {}
    for name, sub in action.choices.items():
        if any(isinstance(a, argparse._SubParsersAction) for a in sub._actions):
            found.update({f"{name} {inner}": p for inner, p in _subcommands(sub).items()})
        else:
            found[name] = sub
    return found


SUBCOMMANDS = _subcommands()


def _options(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """A subcommand's options, but --help and the old names kept one release, hidden from
    --help (they say on stderr that they are deprecated: tests/test_deprecated.py)."""
    return [
        a
        for a in parser._actions
        if a.option_strings and "--help" not in a.option_strings and a.help is not argparse.SUPPRESS
    ]


def _positionals(parser: argparse.ArgumentParser) -> int:
    """How many positional words a subcommand wants at least."""
    return sum(a.nargs in (None, "+") for a in parser._actions if not a.option_strings)


# --- words: sensible ones and junk -------------------------------------------------------------

CARDS = [r + s for r in "23456789TJQKA" for s in "cdhs"]
hand = st.lists(st.sampled_from(CARDS), min_size=5, max_size=7, unique=True).map(" ".join)
cards_text = st.one_of(
    hand,
    st.lists(st.sampled_from(CARDS), min_size=0, max_size=9).map(" ".join),  # duplicates, sizes
    st.lists(
        st.sampled_from([*CARDS, "10h", "A♠", "k♥", "Jk", "joker", "Zz", "1c", "As,", "🃏", "X"]), max_size=8
    ).map(" ".join),
    st.lists(st.sampled_from(CARDS), min_size=2, max_size=4, unique=True).map("".join),
)
player = st.one_of(
    st.lists(st.sampled_from(CARDS), min_size=2, max_size=2, unique=True).map("".join),
    st.sampled_from(
        [
            "random",
            "15%",
            "QQ+,AKs",
            "22+,A2s+",
            "0.5(22+)",
            "AKo",
            "AsAhKsKh",
            "As 2h 3c",
            "AKx",
            "QQ+,",
            "101%",
            "AA:0",
            "Jk As",
        ]
    ),
)
GOOD_WORDS = [*games(), *DEALS, *LANGUAGES, *WILD_MODES["high"], "all", "2c 7d 9h", "Kh 7d 2c 3s", ""]
JUNK_WORDS = [
    "",
    " ",
    "-",
    "--",
    "-1",
    "0",
    "1",
    "2",
    "5",
    "7",
    "8",
    "10",
    "52",
    "53",
    "54",
    "-5",
    "99",
    "1e3",
    "0x10",
    "nan",
    "inf",
    "٣",
    "２",
    str(2**31),
    str(2**63),
    str(10**30),
    "abc",
    "Zz",
    "As As",
    "As\nKs",
    "A♠ K♠",
    "🃏",
    "\t",
    "é",
    "\u200b",
    "ä\x00",
    "\udcff",
    "razz\n",
    "poker",
    "HIGH",
    "wild",
    "xx",
    "EN",
    "ca\n",
    "--json",
    "-h",
]
junk = st.one_of(
    st.sampled_from(JUNK_WORDS),
    cards_text,
    player,
    st.integers(-(2**70), 2**70).map(str),
    st.text(max_size=8),
)


def value(action: argparse.Action) -> st.SearchStrategy[str]:
    """A value for an option: mostly a sensible one (one of its choices; a small number, or a
    deck size, for a number; a game, language, wild mode or cards otherwise), else junk."""
    if action.choices:
        good = st.sampled_from([str(c) for c in action.choices])
    elif action.type is int:
        good = st.one_of(st.integers(-2, 12).map(str), st.sampled_from(["52", "53", "54"]))
    else:
        good = st.one_of(st.sampled_from(GOOD_WORDS), cards_text)
    return st.one_of(good, good, good, good, good, junk)


def option_words(parser: argparse.ArgumentParser) -> st.SearchStrategy[list[str]]:
    """One of the subcommand's real options with its value, sometimes written --option=value,
    rarely without its value."""

    def words(action: argparse.Action, value: str, how: int) -> list[str]:
        name = max(action.option_strings, key=len)
        if action.nargs == 0:
            return [name]
        return [name] if how == 0 else [f"{name}={value}"] if how == 1 else [name, value]

    return st.sampled_from(_options(parser)).flatmap(
        lambda action: st.builds(
            words, st.just(action), value(action), st.sampled_from([0, *[1] * 4, *[2] * 15])
        )
    )


@st.composite
def command_line(draw: st.DrawFn) -> list[str]:
    """A subcommand, its positional words (mostly as many as it wants) and options, in one of
    a few orders."""
    name = draw(st.sampled_from([*sorted(SUBCOMMANDS), *CHEAP, *CHEAP]))  # mostly run
    parser = SUBCOMMANDS[name]
    wanted = _positionals(parser) + (name == "equity")  # equity wants two players
    count = draw(st.sampled_from([*[wanted] * 6, wanted + 1, max(0, wanted - 1)]))
    good = player if name == "equity" else st.one_of(hand, cards_text)
    words = draw(st.lists(st.one_of(good, good, good, junk), min_size=count, max_size=count))
    options = [w for ws in draw(st.lists(option_words(parser), max_size=3)) for w in ws]
    if name == "stats" and draw(st.integers(0, 3)):
        options = ["--cards", "5", *options]  # mostly the cheap size
    if name == "equity" and draw(st.integers(0, 3)):
        options = ["--trials", str(draw(st.integers(1, MAX_TRIALS))), *options]
    order = draw(st.integers(0, 2))
    argv = (
        [*words, *options]
        if order == 0
        else [*options, *words]
        if order == 1
        else [*words[:1], *options, *words[1:]]
    )
    return [*name.split(), *argv]


words = st.lists(
    st.one_of(
        st.sampled_from(
            [
                *(n.split()[0] for n in SUBCOMMANDS),
                "--version",
                "--verbose",
                "-h",
                "frob",
                "--json",
                "--bogus",
            ]
        ),
        junk,
    ),
    max_size=4,
)
anything = st.integers(0, 9).flatmap(lambda i: words if i == 0 else command_line())


# --- the contract ------------------------------------------------------------------------------


def parsed(argv: list[str]) -> argparse.Namespace | None:
    """The parsed command line, or None if argparse refuses it (or prints help)."""
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            return make_parser().parse_args(argv)
    except SystemExit:
        return None


def runs_quickly(args: argparse.Namespace | None) -> bool:
    """Whether main() may run this command line in the fuzz: argparse refusals, and the cheap
    commands at a cheap size."""
    if args is None or args.version or args.command is None:
        return True
    if args.command not in CHEAP:
        return False
    if args.command == "stats":
        from pokerlut.rules import rules

        try:
            size = args.cards or rules(args.game, args.wild).hand_sizes[-1]
        except (ValueError, TypeError):
            return True  # refused before any counting
        return size == 5
    if args.command == "equity":  # simulated (trials given, no --exact), few trials or refused
        return (
            args.exact is not True
            and args.trials is not None
            and (args.trials <= MAX_TRIALS or args.trials > ENGINE_MAX_TRIALS)
        )
    return True


def run_in_process(argv: list[str]) -> tuple[int, str, str]:
    """main(argv) with stdout and stderr captured: (status, out, err); argparse's SystemExit
    gives the status."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as stop:
            code = 0 if stop.code is None else stop.code
    return code, out.getvalue(), err.getvalue()


ARGPARSE_ERROR = re.compile(r"pokerlut(?: \S+){0,2}: error: ")  # a subcommand's own: two words


def assert_one_line_error(err: str) -> str:
    """The error line of a failed command (see the module docstring); which kind it was."""
    lines = err.splitlines()
    assert lines, "status 2 with nothing on stderr"
    if len(lines) == 1 and not ARGPARSE_ERROR.match(lines[0]):
        assert lines[0].startswith("pokerlut "), err
        return "ours"
    *usage, last = lines
    assert ARGPARSE_ERROR.match(last), err
    assert usage and usage[0].startswith("usage: "), err
    assert all(line.startswith(" ") for line in usage[1:]), err
    return "argparse"


def assert_contract(argv: list[str], code: int, out: str, err: str) -> str:
    """Check the contract (module docstring); what happened, for Hypothesis' statistics."""
    assert "Traceback" not in err, err
    assert code in (0, 2), (code, err)
    if code == 2:
        assert out == "", out
        return f"exit 2, {assert_one_line_error(err)}"
    assert err == "", err
    args = parsed(argv)
    if args is not None and getattr(args, "json", False) and not args.version:
        json.loads(out)
        return f"{args.command} --json: exit 0"
    return "exit 0"


@FUZZ
@given(anything)
@example(["eval", "As Ks Qs Js Ts", "--json"])
@example(["eval", "Kh Qh Jh Th joker", "--wild", "bug", "--json", "--lang", "es"])
@example(["compare", "As Ks Qs Js Ts", "Ah Kh Qh Jh Th", "--game", "italian-4", "--json"])
@example(["stats", "--cards", "5", "--lang", "ca", "--json"])
@example(["equity", "As 2d 3c 4h", "Ks Kh Qd Qc", "--deal", "omaha-hi-lo", "--trials", "500", "--json"])
@example(
    ["equity", "As 2h 3c", "Ks Kh 9c", "random", "--deal", "razz", "--trials", "500", "--seed", "3", "--json"]
)
@example(["eval", "As As Qs Js Ts"])
@example(["eval", "As Ks Qs Js Ts", "--bogus\nline"])  # argparse echoes unknown words raw
@example(["eval", "As Ks Qs Js Ts", "--lang", "ca\n"])
@example(["compare", "As Ks Qs Js Ts", "", "--json"])
@example(["stats", "--cards", "5", "--threads", "-1"])
@example(["stats", "--cards", "5", "--threads", str(10**30)])
@example(["stats", "--cards", "5", "--game", "italian-99"])
@example(["stats", "--cards", "5", "--wild", "jokers", "--deck-size", "-54"])
@example(["equity", "AsAh", "KsKh", "--simulate", "--trials", str(10**30)])
@example(["equity", "AsAh", "KsKh", "--simulate", "--trials", "100", "--seed", str(2**64)])
@example(["equity", "AsAh", "KsKh", "--simulate", "--trials", "100", "--threads", "-2"])
@example(["equity", "random", "15%", "--simulate", "--trials", "100", "--board", "2c 2c"])
@example(["build-tables", "--game", ""])
@example(["demo", "--quiet", "--json", "extra"])
def test_cli_command_lines(argv):
    args = parsed(argv)
    if not runs_quickly(args):
        event(f"{args.command}: parsed, not run")
        return
    code, out, err = run_in_process(argv)
    event(assert_contract(argv, code, out, err))


@pytest.mark.parametrize("name", SUBCOMMANDS)
def test_the_fuzz_reaches_every_subcommand(name):
    """The strategy draws every subcommand the parser has (bulk, matrix, ... included)."""
    words = name.split()
    argv = find(
        command_line(),
        lambda argv: argv[: len(words)] == words,
        settings=settings(max_examples=2_000, derandomize=True, database=None),
    )
    assert argv[: len(words)] == words


# --- a few in real subprocesses ----------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        [b"eval", b"As Ks Qs Js T\xff"],  # not UTF-8: Python hands main() a surrogate escape
        [b"eval", b"As Ks Qs Js Ts", b"--bogus\nline"],
        [b"equity", b"AsAh", b"KsKh", b"--simulate", b"--trials", str(10**30).encode()],
        [b"stats", b"--cards", b"5", b"--threads", b"-1", b"--json"],
        ["eval", "A♠ K♠ Q♠ J♠ T♠", "--json", "--lang", "ru"],
    ],
)
def test_cli_command_lines_in_a_subprocess(argv):
    base = {k: v for k, v in os.environ.items() if k != "POKERLUT_TABLES"}
    result = subprocess.run(
        [sys.executable, "-m", "pokerlut", *argv], capture_output=True, timeout=TIMEOUT, env=base
    )
    out = result.stdout.decode("utf-8")
    err = result.stderr.decode("utf-8", errors="backslashreplace")
    words = [w.decode("utf-8", "surrogateescape") if isinstance(w, bytes) else w for w in argv]
    assert_contract(words, result.returncode, out, err)
