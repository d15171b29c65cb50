"""The `pokerlut` command, run as users run it: in a subprocess (like scikit-hep/particle's
tests/test_cli.py). Exit codes: 0 done, 2 bad input (one line on stderr, never a traceback),
1 missing or broken tables."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import pokerlut

REPO = Path(__file__).resolve().parents[1]
TABLES = REPO / "tables"
TIMEOUT = 300  # seconds; generous because a stale numba cache means compiling again


def run(*args: str, env: dict[str, str] | None = None, timeout: float = TIMEOUT):
    """Run `python -m pokerlut ARGS`; the tables are the checkout's unless `env` says otherwise."""
    base = {k: v for k, v in os.environ.items() if k != "POKERLUT_TABLES"}
    return subprocess.run(
        [sys.executable, "-m", "pokerlut", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
        env={**base, **(env or {})},
    )


def assert_bad_input(result, code: int = 2) -> str:
    """Exit `code`, nothing on stdout, exactly one line on stderr, no traceback."""
    assert result.returncode == code, (result.returncode, result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert result.stdout == ""
    return lines[0]


def without_elapsed(text: str) -> str:
    return re.sub(r"\d+(\.\d+)? m?s\)", "<elapsed>)", text)


# --- success -----------------------------------------------------------------------------------


def test_version():
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"pokerlut {pokerlut.__version__}"


def test_eval_royal_flush():
    result = run("eval", "As Ks Qs Js Ts")
    assert result.returncode == 0, result.stderr
    assert "strength 7462" in result.stdout
    assert "Royal flush" in result.stdout
    assert "best five" not in result.stdout  # only shown for 6 and 7 cards
    assert result.stderr == ""


def test_eval_pretty():
    result = run("eval", "As Ks Qs Js Ts", "--pretty")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("A♠ K♠ Q♠ J♠ T♠")


@pytest.mark.parametrize(
    ("hand", "strength", "words", "best"),
    [
        ("As Ks Qs Js 9s 9c", 7140, "Flush, ace-high", "As Ks Qs Js 9s"),
        ("2c 3d As Ks Qs Js Ts", 7462, "Royal flush", "As Ks Qs Js Ts"),
        ("Kh Kd 6s 6c Kc 2d 3h", None, "Full house, kings over sixes", "Kh Kd 6s 6c Kc"),
    ],
)
def test_eval_more_cards_shows_best_five(hand, strength, words, best):
    result = run("eval", hand)
    assert result.returncode == 0, result.stderr
    if strength is not None:
        assert f"strength {strength}" in result.stdout
    assert words in result.stdout
    assert f"(best five: {best})" in result.stdout


@pytest.mark.parametrize(
    ("a", "b", "verdict"),
    [
        ("As Ks Qs Js Ts", "2c 3d 4h 5s 7c", "first hand wins"),
        ("5h 4d 3c 2s Ah", "6h 5d 4c 3s 2h", "second hand wins"),  # the wheel is the lowest
        ("As Ks Qs Js Ts", "Ah Kh Qh Jh Th", "split pot"),
    ],
)
def test_compare(a, b, verdict):
    result = run("compare", a, b)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[-1] == verdict
    assert len(lines) == 3


def test_stats_five_cards_match_rules():
    result = run("stats", "--cards", "5", "--quiet")
    assert result.returncode == 0, result.stderr
    rows = {}
    for line in result.stdout.splitlines()[2:]:
        m = re.fullmatch(r"([a-z ]+?)\s+([\d,]+)\s+([\d.]+)%\s+([\d,]+)", line)
        assert m, line
        rows[m[1]] = (int(m[2].replace(",", "")), int(m[4].replace(",", "")))
    # RULES.md: (5-card hands, distinct classes)
    assert rows == {
        "straight flush": (40, 10),
        "four of a kind": (624, 156),
        "full house": (3_744, 156),
        "flush": (5_108, 1_277),
        "straight": (10_200, 10),
        "three of a kind": (54_912, 858),
        "two pair": (123_552, 858),
        "one pair": (1_098_240, 2_860),
        "high card": (1_302_540, 1_277),
        "total": (2_598_960, 7_462),
    }
    assert "1,098,240" in result.stdout
    assert result.stdout.startswith("All 2,598,960 hands of 5 cards")


def test_equity_exact():
    result = run("equity", "AsAh", "KsKh")
    assert result.returncode == 0, result.stderr
    assert "exact" in result.stdout
    assert "1,712,304 deals" in result.stdout
    first, second = result.stdout.splitlines()[1:]
    assert first.split()[:3] == ["AsAh", "equity", "82.6366%"]
    assert second.split()[:3] == ["KsKh", "equity", "17.3634%"]


def test_equity_json():
    result = run("equity", "AsAh", "KsKh", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert [p["hand"] for p in data["players"]] == ["AsAh", "KsKh"]
    assert data["exact"] is True and data["seed"] is None and data["partial"] is False
    assert data["dealt"] == 1_712_304
    assert data["players"][0]["equity"] == pytest.approx(0.826366, abs=5e-7)
    assert sum(p["equity"] for p in data["players"]) == pytest.approx(1.0)


def test_equity_board():
    result = run("equity", "AsAh", "KsKh", "--board", "2c 7d 9h Tc")
    assert result.returncode == 0, result.stderr
    assert "board 2c 7d 9h Tc, exact, 44 deals" in result.stdout
    assert "equity 95.4545%" in result.stdout


def test_equity_dead():
    result = run("equity", "AsAh", "KsKh", "--dead", "Ad Ac Kd Kc", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["dead"] == "Ad Ac Kd Kc"
    assert data["dealt"] == 1_086_008  # C(44, 5)
    assert data["players"][0]["equity"] == pytest.approx(0.988987, abs=5e-7)


def test_equity_omaha():
    result = run("equity", "AsAhKsKh", "QdQcJdJc", "--deal", "omaha", "--board", "2c 7d 9h", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["deal"] == "omaha" and data["exact"] is True
    assert data["dealt"] == 820  # C(41, 2)
    assert data["players"][0]["equity"] == pytest.approx(594 / 820)


# AsAh against KsKh, exact: 1,410,336 wins and 9,308 split pots of the 1,712,304 boards
AA_VS_KK = (1_410_336 + 9_308 / 2) / 1_712_304


def test_equity_simulate_is_reproducible():
    args = ("equity", "AsAh", "KsKh", "--simulate", "--trials", "20000", "--seed", "5")
    first, second = run(*args), run(*args)
    assert first.returncode == second.returncode == 0, first.stderr + second.stderr
    assert "Monte Carlo, seed 5, 20,000 trials" in first.stdout
    assert without_elapsed(first.stdout) == without_elapsed(second.stdout)
    walls, outputs = [], []
    for _ in range(2):
        start = time.perf_counter()
        outputs.append(json.loads(run(*args, "--json").stdout))
        walls.append(time.perf_counter() - start)
    a, b = outputs
    # the run's own time: some of the process's (not its start or imports), not nothing
    for data, wall in zip(outputs, walls):
        assert 0 < data.pop("elapsed") < wall
    assert a == b
    assert a["seed"] == 5 and a["exact"] is False and a["dealt"] == 20_000
    # the same seed, the same deals: within 4 of the standard errors it reports of the exact
    # equity (1,712,304 boards enumerated: 82.6366%), and not exactly on it
    aces = a["players"][0]
    assert 0 < aces["stderr"] < 0.003
    assert 0 < abs(aces["equity"] - AA_VS_KK) < 4 * aces["stderr"]
    other = json.loads(run(*args[:-1], "6", "--json").stdout)  # seed 6
    assert other["seed"] == 6 and other["players"][0]["equity"] != aces["equity"]


def test_build_tables_matches_repository(tmp_path):
    """One game's tables from the command (test_tables.py rebuilds every game)."""
    result = run("build-tables", "--game", "short-deck", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["short-deck"]
    shipped, written = TABLES / "short-deck", tmp_path / "short-deck"
    expected = sorted(p.name for p in shipped.iterdir())
    assert sorted(p.name for p in written.iterdir()) == expected
    for name in expected:
        assert (written / name).read_bytes() == (shipped / name).read_bytes(), name


# --- bad input: exit 2, one line on stderr, no traceback ------------------------------------


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("eval", "Zz Ks Qs Js Ts"), "unknown card 'Zz'"),
        (("eval", "As Ks Qs Js"), "not 4"),
        (("eval", "As As Qs Js Ts"), "duplicate card 'As'"),
        (("eval", "As Ks Qs Js Ts 9s 8s 7s"), "not 8"),
        (("eval", ""), "not 0"),
        (("compare", "As Ks", "2c 3c 4c 5c 6c"), "not 2"),
        (("compare", "As Ks Qs Js Ts", "2c 3c 4c 5c 1c"), "unknown card"),
        (("equity", "AsAh", "AsKh"), "card As is in player 1 and player 2"),
        (("equity", "QQ+,AKx", "KK"), "'AKx'"),
        (("equity", "AA", "KK", "--board", "2c 3c 4c 5c 6c 7c"), "not 6"),
        (("equity", "AA", "KK", "--threads", "0"), "threads"),
        (("stats", "--cards", "5", "--threads", "0"), "threads"),
        (("equity", "AA"), "2 to 10 players"),
        (("equity", "AA", "KK", "--trials", "0"), "trials"),
        (("equity", "AA", "KK", "--seed", "-1"), "seed"),
        (("equity", "AsAhKsKdQsQh2c", "KdKh2c2d", "--deal", "omaha"), "7 card symbols, more than 6"),
        (
            ("equity", "AA", "KK", "--syntax", "generic", "--deal", "razz"),
            "syntax= goes with the board deals",
        ),
    ],
)
def test_bad_input(args, words):
    line = assert_bad_input(run(*args))
    assert line.startswith(f"pokerlut {args[0]}: ")
    assert words in line


@pytest.mark.parametrize(
    "args",
    [("frob",), (), ("eval",), ("stats", "--cards", "8"), ("equity", "AA", "KK", "--exact", "--simulate")],
)
def test_argparse_errors_exit_2(args):
    result = run(*args)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines()[-1].startswith("pokerlut")
    assert "error:" in result.stderr.splitlines()[-1]


def test_missing_tables(tmp_path):
    line = assert_bad_input(run("eval", "As Ks Qs Js Ts", env={"POKERLUT_TABLES": str(tmp_path)}), code=1)
    assert "pokerlut build-tables" in line
    assert str(tmp_path) in line


@pytest.mark.parametrize("manifest", ["{}", "not json", '{"files": []}'])
def test_broken_manifest(tmp_path, manifest):
    (tmp_path / "manifest.json").write_text(manifest)
    line = assert_bad_input(run("eval", "As Ks Qs Js Ts", env={"POKERLUT_TABLES": str(tmp_path)}), code=1)
    assert "pokerlut build-tables" in line


def test_huge_trials():
    assert_bad_input(run("equity", "AA", "KK", "--trials", str(2**63)))


def test_closed_stdout():
    proc = subprocess.Popen(
        [sys.executable, "-m", "pokerlut", "stats", "--cards", "5", "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    proc.stdout.close()  # the reader goes away before the first line is written
    _, err = proc.communicate(timeout=TIMEOUT)
    assert "Traceback" not in err.decode()


# --- games --------------------------------------------------------------------------------


def test_eval_and_compare_in_a_game():
    result = run("eval", "7h 5d 4c 3s 2h Kc", "--game", "deuce-to-seven")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        "7h 5d 4c 3s 2h Kc: strength 7462, HIGH_CARD, Number one "
        "(7-5-4-3-2 offsuit) (best five: 7h 5d 4c 3s 2h)"
    )
    result = run("compare", "5h 4d 3c 2s Ah", "6h 5d 4c 3s 2h", "--game", "ace-to-five")
    assert result.stdout.splitlines()[-1] == "first hand wins"
    result = run("eval", "Kh Kd 9c 8s 7h", "--game", "eight-or-better")
    assert "strength 0, NO_QUALIFYING_HAND, No qualifying low" in result.stdout


def test_stats_of_a_game():
    result = run("stats", "--game", "short-deck", "--cards", "5", "--quiet")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("All 376,992 hands of 5 cards (short-deck, 36 cards, 6 to A)")
    assert [line.split()[0] for line in lines[2:4]] == ["straight", "four"]
    assert lines[4].split()[:2] == ["flush", "480"]  # above the full house in short deck
    assert lines[-1].split()[:2] == ["total", "376,992"] and lines[-1].split()[-1] == "1,404"


@pytest.mark.parametrize(
    "args,message",
    [
        (("eval", "5h 6d 7c 8s 9h", "--game", "short-deck"), "card 5h is not in the short-deck deck"),
        (("eval", "As Ks Qs Js Ts", "--game", "omaha"), "unknown game 'omaha'; the games are: high"),
        (("stats", "--game", "razz", "--cards", "5"), "unknown game 'razz'"),
        (("compare", "As Ks Qs Js Ts", "Ah Kh Qh Jh Th", "--game", "x"), "unknown game 'x'"),
        (("build-tables", "--game", "razz", "--out", "/tmp/pokerlut-never"), "unknown game"),
    ],
)
def test_bad_games_on_the_command_line(args, message):
    assert message in assert_bad_input(run(*args))


def test_build_tables_into_a_file_or_an_unwritable_folder_is_one_line(tmp_path):
    a_file = tmp_path / "tables.npy"
    a_file.write_text("not a folder")
    assert f"{a_file} is a file: the tables go to a folder" in assert_bad_input(
        run("build-tables", "--game", "short-deck", "--out", str(a_file))
    )
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "short-deck").write_text("")  # the game's folder is a file
    assert "short-deck is a file" in assert_bad_input(
        run("build-tables", "--game", "short-deck", "--out", str(tmp_path / "out"))
    )
    assert a_file.read_text() == "not a folder"
    assert "Not a directory" in assert_bad_input(
        run("build-tables", "--game", "short-deck", "--out", str(a_file / "deeper"))
    )


def test_cards_may_be_given_unquoted():
    out = run("eval", "As", "Ks", "Qs", "Js", "Ts")
    assert out.returncode == 0 and "strength 7462" in out.stdout


@pytest.mark.parametrize(
    "args, key",
    [
        (("eval", "As Ks Qs Js Ts", "--json"), "strength"),
        (("compare", "6h 5d 4c 3s 2h", "5h 4d 3c 2s Ah", "--json"), "result"),
        (("stats", "--cards", "5", "--game", "italian-2", "--json"), "categories"),
        (("equity", "AsAh", "KsKh", "--board", "2c 7d 9h", "--json"), "players"),
    ],
)
def test_json_output_parses(args, key):
    import json

    out = run(*args)
    assert out.returncode == 0, out.stderr
    assert key in json.loads(out.stdout)


@pytest.mark.parametrize("command", ["eval", "compare", "stats", "equity", "range", "build-tables", "demo"])
def test_every_command_has_examples_in_its_help(command):
    out = run(command, "--help")
    assert out.returncode == 0 and "examples:\n  pokerlut " + command in out.stdout


# --- tables: rich on a terminal, plain text otherwise ------------------------------------------

BOX = set("┏┃━┡╇│─└")  # rich's table lines
ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Terminal:
    """A standard output that says it is a terminal."""

    def __init__(self) -> None:
        import io

        self.text = io.StringIO()

    def write(self, text: str) -> int:
        return self.text.write(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True

    encoding = "utf-8"


def on_a_terminal(monkeypatch, *args: str) -> list[str]:
    """main(args) in this process, stdout a terminal 160 columns wide; the lines printed,
    without colours."""
    from pokerlut.cli import main

    terminal = Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    monkeypatch.setenv("COLUMNS", "160")
    assert main(list(args)) == 0
    return ANSI.sub("", terminal.text.getvalue()).splitlines()


def cells(line: str) -> list[str]:
    """The cells of a rich table's row."""
    bar = "│" if "│" in line else "┃"
    return [cell.strip() for cell in line.strip().strip(bar).split(bar)]


def test_stats_on_a_terminal_is_a_rich_table(monkeypatch):
    lines = on_a_terminal(monkeypatch, "stats", "--cards", "5", "--quiet")
    assert lines[0].startswith("All 2,598,960 hands of 5 cards (high, 52 cards), in ")
    assert BOX <= set("".join(lines[1:]))
    rows = {row[0]: row[1:] for row in map(cells, lines) if len(row) == 4}
    assert rows["category"] == ["hands", "probability", "classes"]
    assert rows["one pair"] == ["1,098,240", f"{1_098_240 / 2_598_960:.6%}", "2,860"]
    assert rows["total"] == ["2,598,960", "100.000000%", "7,462"]
    assert list(rows).index("straight flush") == 1 and list(rows)[-1] == "total"


def test_catalan_stats_compare_and_equity_on_a_terminal(monkeypatch):
    lines = on_a_terminal(monkeypatch, "stats", "--cards", "5", "--quiet", "--lang", "ca")
    assert cells(lines[2]) == ["#", "Jugada", "Jugada en anglès", "Descripció", "Combinacions Possibles"]
    assert BOX <= set("".join(lines))
    lines = on_a_terminal(monkeypatch, "compare", "Ah Ad 7c 8d 9h", "Kh Kd Kc 2s 3s")
    assert [cells(line) for line in lines if "Pair" in line or "Three" in line] == [
        ["Ah Ad 7c 8d 9h", "3973", "Pair of aces"],
        ["Kh Kd Kc 2s 3s", "5722", "Three of a kind, kings"],
    ]
    assert lines[-1] == "second hand wins"
    lines = on_a_terminal(monkeypatch, "equity", "AsAh", "KsKh", "--trials", "1000", "--seed", "1")
    assert lines[0].startswith("EquityResult(holdem, board -, Monte Carlo, seed 1, 1,000 trials")
    assert cells(lines[2]) == ["player", "equity", "win", "tie", "±"]
    assert [cells(line)[0] for line in lines[4:6]] == ["AsAh", "KsKh"]


def test_a_terminal_without_rich_gets_plain_text(monkeypatch):
    monkeypatch.setitem(sys.modules, "rich.console", None)  # `from rich.console` fails
    lines = on_a_terminal(monkeypatch, "stats", "--cards", "5", "--quiet")
    assert lines[1] == f"{'category':<18}{'hands':>14}{'probability':>14}{'classes':>9}"
    assert not BOX & set("".join(lines))


@pytest.mark.parametrize(
    "args",
    [("stats", "--cards", "5", "--quiet", "--lang", "ca"), ("compare", "Ah Ad 7c 8d 9h", "Kh Kd Kc 2s 3s")],
)
def test_piped_tables_are_plain_text(args):
    result = run(*args)
    assert result.returncode == 0, result.stderr
    assert not BOX & set(result.stdout) and "\x1b" not in result.stdout
    if args[0] == "compare":
        assert result.stdout.splitlines()[0] == "Ah Ad 7c 8d 9h: 3973 (Pair of aces)"


# --- JSON from build-tables and demo --------------------------------------------------------


def test_build_tables_json(tmp_path, capsys):
    import numpy as np

    from pokerlut.cli import main

    start = time.perf_counter()
    assert main(["build-tables", "--game", "short-deck", "--out", str(tmp_path), "--json"]) == 0
    wall = time.perf_counter() - start
    data = json.loads(capsys.readouterr().out)  # the JSON only: no log lines
    assert data["dir"] == str(tmp_path) and data["games"] == ["short-deck"]
    written = sorted(p for p in (tmp_path / "short-deck").iterdir())
    assert sorted(data["files"]) == [f"short-deck/{p.name}" for p in written]
    assert "short-deck/manifest.json" in data["files"]
    assert data["bytes"] == sum(np.load(p).nbytes for p in written if p.suffix == ".npy")
    assert 0 < data["seconds"] <= wall


@pytest.mark.slow
def test_demo_json():
    start = time.perf_counter()
    result = run("demo", "--quiet", "--json")
    wall = time.perf_counter() - start
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"hands", "stats", "equity"}
    assert data["hands"][0] == {"hand": "As Ks Qs Js Ts", "strength": 7462, "description": "Royal flush"}
    assert [h["strength"] for h in data["hands"]][3] == 1  # 7-5-4-3-2 offsuit: the worst
    assert [(s["cards"], s["hands"]) for s in data["stats"]] == [(5, 2_598_960), (7, 133_784_560)]
    for stats in data["stats"]:
        assert sum(row["hands"] for row in stats["categories"]) == stats["hands"]
        assert 0 < stats["seconds_warm"] < wall
    first = data["equity"][0]
    assert first["exact"] and first["dealt"] == 1_712_304
    assert first["players"][0]["equity"] == pytest.approx(0.826366, abs=5e-7)  # AsAh v KsKh
    assert len(data["equity"]) == 3 and data["equity"][2]["seed"] == 1
