"""`pokerlut warm` (`pokerlut._warm`): a warm run fills a fresh NUMBA_CACHE_DIR so that a new
process compiles nothing; the jobs cover every kind of tables; bad input exits 2 with one
line. The whole run, and a check that it leaves nothing to compile, is marked slow."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pokerlut import _tables as tables, _warm as warm
from pokerlut._equity.warmup import MC_PLAYERS
from pokerlut.cli import main
from pokerlut.rules import GAMES, WILD_GAMES, rules

# A new process: 7-card hands of the high game, checked and not, recording what numba compiles.
EVALUATE = """
import json
import numpy as np
from numba.core import event
import pokerlut
from pokerlut._kernels.batch import rows_kernel

hands = np.tile(pokerlut.deck()[:7], (100, 1))
with event.install_recorder("numba:compile") as compiled:
    pokerlut.evaluate_batch(hands)
    pokerlut.evaluate_batch(hands, validate=False)
print(json.dumps({"compiles": len(compiled.buffer), "cache_hits": [
    sum(rows_kernel(7, check).stats.cache_hits.values()) for check in (True, False)]}))
"""


def run(args, cache, timeout=600):
    """`python ARGS` with numba's cache in `cache` (None: where this process has it)."""
    env = {
        **os.environ,
        "PYTHONWARNINGS": "ignore",
        **({"NUMBA_CACHE_DIR": str(cache)} if cache is not None else {}),
    }
    done = subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr
    return done.stdout


def index_files(report):
    """{folder: index files} of a report's cache, counted again here."""
    return {folder: len(list(Path(folder).glob("*.nbi"))) for folder in report["cache"]}


@pytest.mark.slow
def test_warm_fills_the_cache_that_a_new_process_loads(tmp_path):
    cache = tmp_path / "cache"
    report = json.loads(
        run(["-m", "pokerlut", "warm", "--workers", "2", "--only", "evaluate_batch high 7", "--json"], cache)
    )
    assert report["workers"] == 2
    assert sorted(job["name"] for job in report["jobs"]) == [
        "evaluate_batch high 7 checked",
        "evaluate_batch high 7 unchecked",
    ]
    assert all(job["compiled"] for job in report["jobs"])  # the cache was empty
    assert report["kernels"] == sum(len(job["compiled"]) for job in report["jobs"])
    assert report["cache"] and all(Path(f).parent == cache for f in report["cache"])
    assert index_files(report) == report["cache"] and sum(report["cache"].values()) > 0
    seen = json.loads(run(["-c", EVALUATE], cache))
    assert seen["compiles"] == 0 and all(hits > 0 for hits in seen["cache_hits"]), seen


@pytest.mark.slow
def test_summary_says_where_the_cache_is(tmp_path):
    cache = tmp_path / "cache"
    out = run(["-m", "pokerlut", "warm", "--quiet", "--only", "compare_batch high"], cache)
    first, slowest, where = out.splitlines()
    assert re.fullmatch(r"1 job on 1 worker in [\d.]+ s: [1-9]\d* kernels? compiled", first)
    assert slowest.startswith("slowest: compare_batch high ")
    assert where.startswith(f"numba's cache: {cache}") and "index file" in where
    again = run(["-m", "pokerlut", "warm", "--quiet", "--only", "compare_batch high"], cache)
    assert again.splitlines()[0].endswith(": 0 kernels compiled (the cache was warm)")


def test_jobs_cover_every_kind_of_tables():
    names = [job.name for job in warm.jobs()]
    assert len(names) == len(set(names))
    kinds = {type(tables.load(game)) for game in [*GAMES, *WILD_GAMES]} | {tables.BadugiTables}
    warmed = {
        type(tables.load_badugi(game) if rules(game).badugi else tables.load(game))
        for game in (job.args[0] for job in warm.jobs() if job.name.startswith("evaluate_batch "))
    }
    assert warmed == kinds
    for width in (4, 5):
        for check in ("checked", "unchecked"):
            assert f"evaluate_batch badugi {width} {check}" in names
    assert {"count_hands badugi", "strengths_in_order badugi"} <= set(names)
    for width in (5, 6, 7):
        for check in ("checked", "unchecked"):
            assert f"evaluate_batch high+jokers {width} {check}" in names
    assert [n for n in names if n.startswith("equity holdem monte-carlo")] == [
        f"equity holdem monte-carlo {n} players" for n in MC_PLAYERS
    ]


def test_list_and_help(capsys):
    assert main(["warm", "--list", "--only", "equity holdem monte-carlo"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"equity holdem monte-carlo {n} players" for n in MC_PLAYERS
    ]
    assert main(["warm", "--list", "--only", "equity omaha*monte-carlo"]) == 0  # any players
    assert capsys.readouterr().out.splitlines() == [
        "equity omaha monte-carlo",
        "equity omaha-hi-lo monte-carlo",
    ]
    with pytest.raises(SystemExit):
        main(["--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert f"(Monte Carlo: for {MC_PLAYERS[0]} to {MC_PLAYERS[-1]} players)" in help_text


@pytest.mark.parametrize(
    "args, message",
    [
        (["--workers", "0"], "pokerlut warm: workers must be a positive int, not 0"),
        (["--only", "no such job"], "pokerlut warm: no warm job matches 'no such job'"),
    ],
)
def test_bad_input_exits_2_with_one_line(capsys, args, message):
    assert main(["warm", *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith(message), err


# What a new process may ask for after a whole warm run, beyond the jobs' own calls: every game
# name, width, Italian deck and option, text layout, deck and equity game.
EVERYTHING = """
import itertools, json
import numpy as np
from numba.core import event
import pokerlut
from pokerlut import rules as r, stats
from pokerlut._warm import _dispatchers, _name

HOLDEM = ["QQ+,AKs", "AsAh", "KsKh", "Jc9c", "6h6s", "5d4d"]
OMAHA = ["AhKhQdJd", "8c7c6s5s", "AsAd9h9c", "2c3c4h5h", "TsTdJsJc", "KcQcJhTh"]
BOARD_GAMES = {"holdem": (HOLDEM, "Kd 7d 8d 3s"), "omaha": (OMAHA, "Kd 7d 2d 3s"),
               "omaha-hi-lo": (OMAHA, "Kd 7d 2d 3s"),
               "short-deck": (HOLDEM[:5] + ["Td8d"], "Kd 7d 9d 6c"),
               "short-deck-trips": (HOLDEM[:5] + ["Td8d"], "Kd 7d 9d 6c")}

with event.install_recorder("numba:compile") as compiled:
    for game in [*r.GAMES, *r.WILD_GAMES]:
        rules = r.rules(game)
        for width in rules.hand_sizes:
            hands = np.tile(rules.deck[:width], (40, 1))
            for validate in (True, False):
                pokerlut.evaluate_batch(hands, game=game, validate=validate)
            pokerlut.compare_batch(hands, hands, game=game)
        decks = ((52, 53, 54) if rules.wild == "deuces" else (53, 54)) if rules.wild else (None,)
        for deck in decks:
            stats.count_hands(5, game=game, deck_size=deck)
            stats.strengths_in_order(5, game=game, deck_size=deck)
    for players in range(2, 10):
        hands = np.tile(pokerlut.italian_deck(players)[:5], (40, 1))
        for flush_by_suit in (True, False):
            options = dict(game=f"italian-{players}", flush_by_suit=flush_by_suit)
            pokerlut.evaluate_batch(hands, **options)
            pokerlut.compare_batch(hands, hands, **options)
        stats.count_hands(5, game=f"italian-{players}")
    for game in ("high", "ace-to-five", "eight-or-better", "short-deck", "short-deck-trips"):
        cards = np.tile(r.rules(game).deck[:11], (40, 1))
        for holes, board in itertools.product((4, 5, 6), (3, 4, 5)):
            for validate in (True, False):
                pokerlut.evaluate_omaha_batch(cards[:, :holes], cards[:, holes:holes + board],
                                              game=game, validate=validate)
        pokerlut.evaluate_omaha(cards[0, :4], cards[0, 4:9], game=game)
    texts = ["As Kd 7h 7c 2s", "A♠ K♦ 7♥ 7♣ 2♠"]
    columns = [texts[:1], texts, np.array(texts), np.array(texts[:1], dtype="S")]
    try:
        import pandas as pd, pyarrow as pa
        columns += [pd.Series(texts), pa.array(texts), pa.array(texts, pa.large_string()),
                    pd.Series(texts, dtype="string[pyarrow]")]
    except ImportError:
        pass
    for column in columns:
        pokerlut.parse_batch(column)
        pokerlut.evaluate_batch(column)
    pokerlut.equity(["AsAh", "KsKh"])  # exact, preflop
    for (game, (hands, board)), wild in itertools.product(BOARD_GAMES.items(),
                                                          (None, "jokers", "bug", "deuces")):
        if wild is None or game == "holdem":
            for players, cards in itertools.product(range(2, 7), (3, 4)):
                where = " ".join(board.split()[:cards])
                pokerlut.equity(hands[:players], where, deal=game, wild=wild, exact=True)
                pokerlut.equity(hands[:players], where, deal=game, wild=wild, exact=False,
                                trials=2000, seed=1)
    for game in ("stud", "razz", "stud-hi-lo"):
        pokerlut.equity(["As Ah Kd 4c 5c 6d", "Ks Kh 2c 8h 9h Td"], deal=game, exact=True)
        pokerlut.equity(["As Ah Kd", "Ks Kh 2c", "Qs Qh"], deal=game, exact=False, trials=2000)
    for deal, (hands, target) in {"five-card-draw": (["AsAh", "KsKhQd"], "two pair"),
                                  "2-7-single-draw": (["7s6d3c2h", "8c5h4d"], "8-low"),
                                  "2-7-triple-draw": (["7s6d3c2h", "8c5h4d"], "8-low"),
                                  "a-5-triple-draw": (["8d7c6h5s", "4c3d2h"], "8-low"),
                                  "badugi": (["As2d3h", "Kc2h3s"], "badugi"),
                                  "badeucy": (["2s3d4h5c", "7c6h4d"], "badugi"),
                                  "badacey": (["As2d3h4c", "8s7h6d"], "8-low")}.items():
        for by_category in (False, True):
            pokerlut.equity(hands, deal=deal, draw_rounds=1, exact=True, by_category=by_category)
            pokerlut.equity(hands + [""], deal=deal, exact=False, trials=2000, seed=1,
                            by_category=by_category)
        pokerlut.draw_chance(hands[0], target, deal=deal)
        pokerlut.draw_keep("Kd 9s 8d 7c 2h"[:11 if deal == "badugi" else None], deal=deal)
for deal, board in (("holdem", "Kh 7d 2c"), ("short-deck", "Kh 7d 6c 9s"), ("omaha", "Kh 7d 2c")):
    pokerlut.breakdown("random", board, deal=deal)
    pokerlut.hand_on_board("AsKs" if deal != "omaha" else "AsKsQdJd", board, deal=deal)
pokerlut.equity(["AA:xxyy, KKKK", "RRON!AA"], "Kh 7d 2c", deal="omaha", trials=2000, seed=1)
cached = _dispatchers()
print(json.dumps([_name(ev.data["dispatcher"], ev.data["args"]) for _, ev in compiled.buffer
                  if ev.is_start and any(ev.data["dispatcher"] is d for d in cached)]))
"""


@pytest.mark.slow
def test_a_whole_warm_run_leaves_nothing_to_compile():
    """Also that every kernel's cache key is the same in every process: a kernel whose
    closure held another jitted function (pickled with a uuid of its process) compiled again
    in each one. It uses the tests' own cache, which `make test` warms before the suite (so
    the kernels are compiled once, not here again): whatever that cache held, the warm run's
    processes leave nothing for a new one to compile."""
    report = json.loads(run(["-m", "pokerlut", "warm", "--json"], None, timeout=1800))
    assert len(report["jobs"]) == len(warm.jobs())
    assert report["cache"] and index_files(report) == report["cache"]
    assert json.loads(run(["-c", EVERYTHING], None, timeout=900)) == []


def test_an_index_numba_cannot_read_is_dropped_with_its_data_and_a_readable_one_kept(tmp_path):
    """An index left by an older pokerlut that names a module since renamed (numba reads every
    signature before it checks freshness, and fails: numba issue 6018) is deleted with its data
    files; one numba reads, one of another numba version, and other files stay."""
    import pickle

    import numba

    def index(name: str, version: str, data: bytes) -> Path:
        path = tmp_path / name
        path.write_bytes(pickle.dumps(version) + data)
        return path

    stale = index("stats._count-12.py311.nbi", numba.__version__, b"cpokerlut.tables\nTables\n.")
    stale_data = [tmp_path / f"stats._count-12.py311.{k}.nbc" for k in (1, 2)]
    fresh = index("stats._count-40.py311.nbi", numba.__version__, pickle.dumps((1.0, {})))
    fresh_data = tmp_path / "stats._count-40.py311.1.nbc"
    other = index("stats._count-77.py311.nbi", "0.1.0", b"cpokerlut.tables\nTables\n.")
    for path in [*stale_data, fresh_data]:
        path.write_bytes(b"code")
    assert warm.drop_unreadable([tmp_path]) == [str(stale)]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in (fresh, fresh_data, other))
    assert warm.drop_unreadable([tmp_path]) == []


def test_the_cache_folders_are_the_packages_and_those_under_numba_cache_dir(tmp_path, monkeypatch):
    mine, theirs = tmp_path / "work_pokerlut_src", tmp_path / "other"
    mine.mkdir(), theirs.mkdir()
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    folders = warm.cache_folders()
    assert mine in folders and theirs not in folders
    assert any(f.parent == Path(warm.__file__).parent for f in folders if f.name == "__pycache__")
