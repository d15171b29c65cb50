"""Bulk evaluation on Dask (`pokerlut.bulk`, `pokerlut bulk`): the same strengths as
`evaluate_batch` in-process, from dask arrays, dask Series, .npy and Parquet files, on a
LocalCluster of two worker processes on the loopback; a worker killed mid-job; one numba
thread per worker and one table load per worker process."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import pokerlut

distributed = pytest.importorskip("distributed")
da = pytest.importorskip("dask.array")
pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

from pokerlut import bulk  # noqa: E402
from pokerlut.rules import rules  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
# A cluster shut down may leave a socket or transport for the garbage collector (none seen
# with distributed 2026.8, but it is timing-dependent); nothing else is let through.
pytestmark = [
    pytest.mark.filterwarnings("ignore:unclosed <socket:ResourceWarning"),
    pytest.mark.filterwarnings("ignore:unclosed transport:ResourceWarning"),
]


def random_hands(n: int, width: int, game: str = "high", seed: int = 0) -> np.ndarray:
    """n rows of `width` distinct cards of the game's deck (uint8)."""
    deck = rules(game).deck
    rng = np.random.default_rng(seed)
    picks = np.argsort(rng.random((n, len(deck))), axis=1)[:, :width]
    return deck[picks]


def expected_categories(strengths: np.ndarray, game: str = "high") -> np.ndarray:
    """The category of each strength, by the scalar `pokerlut.category` (-1: no hand)."""
    distinct, where = np.unique(strengths, return_inverse=True)
    names = [int(pokerlut.category(int(s), game=game)) if s else -1 for s in distinct]
    return np.array(names, dtype=np.int8)[where]


@pytest.fixture(scope="module")
def client():
    # Compile here first: with numba's cache written once, the workers only load it.
    for game, wild in (
        ("high", None),
        ("deuce-to-seven", None),
        ("eight-or-better", None),
        ("short-deck", None),
        ("ace-to-six", None),
        ("high", "jokers"),
    ):
        pokerlut.evaluate_batch(random_hands(10, 7, game), game=game, wild=wild)
    with bulk.local_client(2) as connected:
        yield connected


# --- dask collections --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "game, width",
    [("high", 5), ("high", 6), ("high", 7), ("deuce-to-seven", 7), ("short-deck", 7), ("eight-or-better", 7)],
)
def test_array_matches_in_process(client, game, width):
    hands = random_hands(5_000, width, game, seed=width)
    lazy = bulk.evaluate(da.from_array(hands, chunks=(1_000, width)), game=game)
    assert lazy.dtype == np.uint16 and lazy.shape == (5_000,)
    result = lazy.compute()
    assert result.dtype == np.uint16
    np.testing.assert_array_equal(result, pokerlut.evaluate_batch(hands, game=game))


def test_array_chunked_across_columns_and_wild(client):
    hands = random_hands(3_000, 7, seed=3)
    hands[::7, 0] = 52  # a joker in every seventh hand (52 is not in the deck above)
    hands[::7, 0] = np.where(np.isin(hands[::7, 1:], 52).any(axis=1), 53, 52)
    lazy = bulk.evaluate(da.from_array(hands, chunks=(700, 3)), wild="jokers")
    np.testing.assert_array_equal(lazy.compute(), pokerlut.evaluate_batch(hands, wild="jokers"))


def test_array_bad_row_named_from_the_whole_array(client):
    hands = random_hands(3_000, 7, seed=4)
    hands[2_345, 6] = hands[2_345, 2]
    lazy = bulk.evaluate(da.from_array(hands, chunks=(1_000, 7)))
    with pytest.raises(ValueError, match=r"^row 2345: duplicate card .* at position 6"):
        lazy.compute()


def test_series_of_card_lists_and_bad_row_by_label(client):
    pd = pytest.importorskip("pandas")
    dd = pytest.importorskip("dask.dataframe")
    hands = random_hands(2_000, 7, seed=5)

    def frame_of(hands):
        lists = pa.FixedSizeListArray.from_arrays(pa.array(hands.ravel()), 7)
        return pd.DataFrame({"hand": pd.Series(lists, dtype=pd.ArrowDtype(lists.type))}).set_index(
            np.arange(len(hands)) + 10_000
        )

    frame = frame_of(hands)
    series = dd.from_pandas(frame, npartitions=4)["hand"]
    got = bulk.evaluate(series).compute()
    np.testing.assert_array_equal(got.to_numpy(), pokerlut.evaluate_batch(hands))
    assert (got.index == frame.index).all()
    hands[1_500, 1] = hands[1_500, 0]
    with pytest.raises(ValueError, match=r"^row 11500: duplicate card"):
        bulk.evaluate(dd.from_pandas(frame_of(hands), npartitions=4)["hand"]).compute()


def test_bad_options_fail_before_any_task():
    with pytest.raises(ValueError, match="omaha|game"):
        bulk.evaluate(da.zeros((10, 5), dtype=np.uint8, chunks=5), game="omaha")
    with pytest.raises(TypeError, match="dask array"):
        bulk.evaluate(np.zeros((10, 5), dtype=np.uint8))
    with pytest.raises(TypeError, match="float64"):
        bulk.evaluate(da.zeros((10, 5), chunks=5))


# --- workers: threads and tables ---------------------------------------------------------------


def _numba_threads(block):
    import numba

    return np.array([numba.get_num_threads(), numba.config.NUMBA_NUM_THREADS])


def test_one_numba_thread_in_every_task(client):
    hands = da.from_array(random_hands(4_000, 7, seed=6), chunks=(500, 7))
    seen = hands.map_blocks(_numba_threads, chunks=(2,), drop_axis=1, dtype=int).compute()
    assert set(seen.tolist()) == {1}
    # and evaluate_batch there runs on that many (threads=None: the caller's, never widened),
    # where this process has numba's default, one per core
    assert client.submit(_evaluate_threads, pure=False).result() == 1


def _evaluate_threads():
    from pokerlut import _parallel as parallel

    return parallel.parallel_section(None).threads


# A script run as the main module: each spawned worker process imports it (and so numba) before
# its Nanny sets the worker's environment, as the `pokerlut` command does.
WORKER_SETTINGS = """
import json, os
import numba
from numba.core import event
import numpy as np
import pokerlut
from pokerlut import bulk, _parallel as parallel

HANDS = np.tile(pokerlut.deck()[:7], (100, 1))


def seen():
    with event.install_recorder("numba:compile") as compiled:
        pokerlut.evaluate_batch(HANDS)
    return {"numba_threads": numba.get_num_threads(), "config": numba.config.NUMBA_NUM_THREADS,
            "section": parallel.parallel_section(None).threads, "compiles": len(compiled.buffer),
            "cache_dir": os.environ.get("NUMBA_CACHE_DIR")}


if __name__ == "__main__":
    with event.install_recorder("numba:compile") as compiled:  # into the empty cache
        pokerlut.evaluate_batch(HANDS)
    with bulk.local_client(2) as client:
        workers = list(client.scheduler_info()["workers"])
        print(json.dumps({"compiles": len(compiled.buffer), "workers": [
            client.submit(seen, workers=[w], pure=False).result() for w in workers]}))
"""


@pytest.mark.slow
def test_workers_take_numba_threads_and_cache_dir_from_the_cluster(tmp_path):
    """What `pokerlut bulk` and `pokerlut matrix` start: each worker runs one numba thread
    (its one Dask thread) even where numba was imported before its environment was set, here
    under NUMBA_NUM_THREADS=2, and loads the kernels the client compiled into NUMBA_CACHE_DIR."""
    script = tmp_path / "settings.py"
    script.write_text(WORKER_SETTINGS)
    cache = tmp_path / "cache"
    env = {**os.environ, "NUMBA_NUM_THREADS": "2", "NUMBA_CACHE_DIR": str(cache), "PYTHONWARNINGS": "ignore"}
    run = subprocess.run(
        [sys.executable, str(script)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr
    seen = json.loads(run.stdout)
    assert seen["compiles"] > 0  # the client compiled: the cache was empty
    assert (
        seen["workers"]
        == [{"numba_threads": 1, "config": 1, "section": 1, "compiles": 0, "cache_dir": str(cache)}] * 2
    )


def _count_table_loads():
    """In a worker: count every table folder read, by game, from now on."""
    from pokerlut import _tables as tables

    original = tables.load_dir
    tables._loads = {}

    def counting(directory):
        tables._loads[Path(directory).name] = tables._loads.get(Path(directory).name, 0) + 1
        return original(directory)

    tables.load_dir = counting


def _table_loads():
    from pokerlut import _tables as tables

    return dict(tables._loads)


def _evaluate_in(hands):
    return os.getpid(), pokerlut.evaluate_batch(hands, game="ace-to-six")


def test_tables_load_once_per_worker_process(client):
    client.run(_count_table_loads)
    chunks = np.array_split(random_hands(6_000, 7, seed=7), 24)
    futures = client.map(_evaluate_in, chunks, pure=False)
    results = client.gather(futures)
    pids = [pid for pid, _ in results]
    expected = pokerlut.evaluate_batch(np.concatenate(chunks), game="ace-to-six")
    np.testing.assert_array_equal(np.concatenate([s for _, s in results]), expected)
    loads = {
        info_pid: counts for info_pid, counts in client.run(lambda: (os.getpid(), _table_loads())).values()
    }
    assert set(pids) <= set(loads)
    for pid in set(pids):
        assert loads[pid] == {"ace-to-six": 1}, (pid, pids.count(pid), loads[pid])
    assert len(pids) > len(set(pids))  # some worker ran several tasks on the tables loaded once


# --- files -------------------------------------------------------------------------------------


def test_npy_file(client, tmp_path):
    hands = random_hands(10_000, 7, seed=8)
    np.save(tmp_path / "hands.npy", hands)
    done = []
    summary = bulk.evaluate_file(
        tmp_path / "hands.npy", tmp_path / "out.npy", client=client, chunk_rows=1_500, progress=done.append
    )
    assert len(done) == 7 and done == sorted(done) and done[-1] == 10_000  # rows, per chunk
    expected = pokerlut.evaluate_batch(hands)
    strengths = np.load(tmp_path / "out.npy")
    assert strengths.dtype == np.uint16
    np.testing.assert_array_equal(strengths, expected)
    cats = np.load(tmp_path / "out.category.npy")
    assert cats.dtype == np.int8
    np.testing.assert_array_equal(cats, expected_categories(expected))
    assert summary.rows == 10_000 and summary.workers == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hands.npy", "out.category.npy", "out.npy"]


@pytest.mark.parametrize("kind", ["list", "fixed"])
def test_parquet_card_lists(client, tmp_path, kind):
    game = "eight-or-better"  # strength 0 (no low) has no category: null
    hands = random_hands(4_000, 6, game, seed=9)
    values = pa.array(hands.ravel(), pa.uint8())
    column = (
        pa.FixedSizeListArray.from_arrays(values, 6)
        if kind == "fixed"
        else pa.ListArray.from_arrays(pa.array(np.arange(0, hands.size + 1, 6), pa.int32()), values)
    )
    table = pa.table({"id": np.arange(4_000), "hand": column})
    pq.write_table(table, tmp_path / "in.parquet", row_group_size=1_000)
    bulk.evaluate_file(
        tmp_path / "in.parquet",
        tmp_path / "out.parquet",
        game=game,
        column="hand",
        client=client,
        chunk_rows=700,
    )
    out = pq.read_table(tmp_path / "out.parquet")
    assert out.column_names == ["id", "hand", "strength", "category"]
    assert out.schema.field("strength").type == pa.uint16()
    np.testing.assert_array_equal(out["id"].to_numpy(), np.arange(4_000))  # in order, once
    expected = pokerlut.evaluate_batch(hands, game=game)
    np.testing.assert_array_equal(out["strength"].to_numpy(), expected)
    assert (expected == 0).any()
    names = out["category"].to_pylist()
    want = [pokerlut.Category(c).name if c >= 0 else None for c in expected_categories(expected, game)]
    assert names == want


def test_bad_file_input(client, tmp_path):
    with pytest.raises(ValueError, match="no such file"):
        bulk.evaluate_file(tmp_path / "none.npy", tmp_path / "o.npy", client=client)
    with pytest.raises(ValueError, match="local cluster"):
        bulk.evaluate_file(tmp_path / "none.npy", tmp_path / "o.npy", client=client, workers=2)
    with pytest.raises(ValueError, match="workers must be a positive int, not 0"):
        bulk.evaluate_file(tmp_path / "none.npy", tmp_path / "o.npy", workers=0)
    np.save(tmp_path / "wide.npy", np.zeros((4, 7), dtype=np.int64))
    with pytest.raises(ValueError, match=r"int64 of shape \(4, 7\)"):
        bulk.evaluate_file(tmp_path / "wide.npy", tmp_path / "o.npy", client=client)
    np.save(tmp_path / "ok.npy", random_hands(10, 5))
    with pytest.raises(ValueError, match="output of npy input is .npy"):
        bulk.evaluate_file(tmp_path / "ok.npy", tmp_path / "o.parquet", client=client)
    pq.write_table(pa.table({"a": [1, 2], "b": ["x", "y"]}), tmp_path / "two.parquet")
    with pytest.raises(ValueError, match="name the hands with --column"):
        bulk.evaluate_file(tmp_path / "two.parquet", tmp_path / "o.parquet", client=client)
    with pytest.raises(ValueError, match="no column 'c'"):
        bulk.evaluate_file(tmp_path / "two.parquet", tmp_path / "o.parquet", column="c", client=client)
    with pytest.raises(ValueError, match="column 'a' holds int64"):
        bulk.evaluate_file(tmp_path / "two.parquet", tmp_path / "o.parquet", column="a", client=client)
    ragged = pa.table({"hand": [[0, 4, 8, 12, 17], [0, 4, 8, 12, 17, 21]]})
    pq.write_table(ragged, tmp_path / "ragged.parquet")
    with pytest.raises(ValueError, match="^row 1: 6 cards, where row 0 has 5"):
        bulk.evaluate_file(tmp_path / "ragged.parquet", tmp_path / "o.parquet", client=client)
    hands = random_hands(5_000, 7, seed=10)
    hands[3_456, 1] = 60
    np.save(tmp_path / "bad.npy", hands)
    with pytest.raises(ValueError, match="^row 3456: card 60 at position 1 is out of range"):
        bulk.evaluate_file(tmp_path / "bad.npy", tmp_path / "o.npy", client=client, chunk_rows=1_000)
    assert not list(tmp_path.glob("o.*")) and not list(tmp_path.glob(".o.*"))  # none half-written


@pytest.mark.skipif(
    not hasattr(pokerlut, "parse_batch"),
    reason="pokerlut.parse_batch (src/pokerlut/_text.py) is not there yet",
)
def test_parquet_text(client, tmp_path):
    hands = random_hands(3_000, 7, seed=11)
    texts = [pokerlut.format_cards(h) for h in hands]
    pq.write_table(pa.table({"hand": texts}), tmp_path / "in.parquet", row_group_size=1_000)
    bulk.evaluate_file(tmp_path / "in.parquet", tmp_path / "out.parquet", client=client, chunk_rows=800)
    out = pq.read_table(tmp_path / "out.parquet")
    assert out["hand"].to_pylist() == texts
    np.testing.assert_array_equal(out["strength"].to_numpy(), pokerlut.evaluate_batch(hands))
    texts[2_500] = "As As Kd 7h 7c 2s 3d"
    pq.write_table(pa.table({"hand": texts}), tmp_path / "bad.parquet", row_group_size=1_000)
    with pytest.raises(ValueError, match="^row 2500"):
        bulk.evaluate_file(tmp_path / "bad.parquet", tmp_path / "o.parquet", client=client, chunk_rows=800)


# --- a worker killed mid-job -------------------------------------------------------------------


def _kill_at(marker: str, row: int):
    """In a worker: the task of the chunk starting at `row` kills its worker process, once."""
    from pokerlut import bulk as worker_bulk

    original = worker_bulk._evaluate_part

    def killing(part, first, options):
        if first == row:
            try:
                fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                pass
            else:
                os.write(fd, str(os.getpid()).encode())
                os.close(fd)
                os.kill(os.getpid(), signal.SIGKILL)
        return original(part, first, options)

    worker_bulk._evaluate_part = killing


@pytest.mark.slow
def test_worker_killed_mid_job_loses_and_repeats_nothing(tmp_path):
    hands = random_hands(20_000, 7, seed=12)
    np.save(tmp_path / "hands.npy", hands)
    table = pa.table(
        {"row": np.arange(20_000), "hand": pa.FixedSizeListArray.from_arrays(pa.array(hands.ravel()), 7)}
    )
    pq.write_table(table, tmp_path / "hands.parquet", row_group_size=2_000)
    expected = pokerlut.evaluate_batch(hands)
    with bulk.local_client(2) as client:
        for name, out in (("npy", "out.npy"), ("parquet", "out.parquet")):
            marker = tmp_path / f"killed-{name}"
            before = set(client.run(os.getpid).values())
            client.run(_kill_at, str(marker), 8_000)
            bulk.evaluate_file(
                tmp_path / f"hands.{name}",
                tmp_path / out,
                client=client,
                column="hand" if name == "parquet" else None,
                chunk_rows=1_000,
            )
            assert marker.exists()  # the job did lose a worker
            killed = int(marker.read_text())
            assert killed in before
            client.wait_for_workers(2, timeout=60)
            assert killed not in set(client.run(os.getpid).values())  # restarted by its nanny
            if name == "npy":
                strengths = np.load(tmp_path / out)
            else:
                result = pq.read_table(tmp_path / out)
                np.testing.assert_array_equal(result["row"].to_numpy(), np.arange(20_000))
                strengths = result["strength"].to_numpy()
            assert len(strengths) == 20_000
            np.testing.assert_array_equal(strengths, expected)


# --- the command -------------------------------------------------------------------------------


def run(*args: str, timeout: float = 300):
    env = {k: v for k, v in os.environ.items() if k != "POKERLUT_TABLES"}
    return subprocess.run(
        [sys.executable, "-m", "pokerlut", "bulk", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        cwd=REPO,
    )


@pytest.mark.slow
def test_cli_npy_and_parquet(tmp_path):
    hands = random_hands(6_000, 7, "short-deck", seed=13)
    np.save(tmp_path / "hands.npy", hands)
    pq.write_table(
        pa.table({"hand": pa.FixedSizeListArray.from_arrays(pa.array(hands.ravel()), 7)}),
        tmp_path / "hands.parquet",
    )
    expected = pokerlut.evaluate_batch(hands, game="short-deck")
    done = run(
        str(tmp_path / "hands.npy"),
        "--out",
        str(tmp_path / "s.npy"),
        "--workers",
        "2",
        "--game",
        "short-deck",
        "--chunk-rows",
        "1000",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    assert '"rows": 6000' in done.stdout
    np.testing.assert_array_equal(np.load(tmp_path / "s.npy"), expected)
    np.testing.assert_array_equal(
        np.load(tmp_path / "s.category.npy"), expected_categories(expected, "short-deck")
    )
    done = run(
        str(tmp_path / "hands.parquet"),
        "--out",
        str(tmp_path / "s.parquet"),
        "--workers",
        "2",
        "--game",
        "short-deck",
        "--quiet",
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("6,000 hands (short-deck) -> ")
    np.testing.assert_array_equal(pq.read_table(tmp_path / "s.parquet")["strength"].to_numpy(), expected)


def assert_one_line(done, *words: str) -> None:
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    for word in words:
        assert word in lines[0], lines[0]


def test_cli_bad_input(tmp_path):
    assert_one_line(run(str(tmp_path / "none.npy"), "--out", str(tmp_path / "o.npy")), "no such file")
    np.save(tmp_path / "f.npy", np.zeros((3, 7), dtype=np.float32))
    assert_one_line(run(str(tmp_path / "f.npy"), "--out", str(tmp_path / "o.npy")), "float32", "uint8")
    pq.write_table(pa.table({"hand": [[0, 4, 8, 12, 17]]}), tmp_path / "h.parquet")
    assert_one_line(
        run(str(tmp_path / "h.parquet"), "--out", str(tmp_path / "o.parquet"), "--column", "cards"),
        "no column 'cards'",
    )
    assert_one_line(
        run(str(tmp_path / "h.parquet"), "--out", str(tmp_path / "o.parquet"), "--game", "pinochle"),
        "pinochle",
    )
    hands = random_hands(3_000, 5, seed=14)
    hands[2_001, 3] = hands[2_001, 0]
    np.save(tmp_path / "dup.npy", hands)
    assert_one_line(
        run(
            str(tmp_path / "dup.npy"),
            "--out",
            str(tmp_path / "o.npy"),
            "--workers",
            "1",
            "--chunk-rows",
            "500",
        ),
        "row 2001",
        "duplicate",
    )
    assert not list(tmp_path.glob("o.*"))


def test_cli_help_has_examples():
    done = run("--help")
    assert done.returncode == 0 and "examples:\n  pokerlut bulk " in done.stdout


@pytest.mark.parametrize(
    "command",
    [["bulk", "IN.npy", "--out", "OUT.npy"], ["matrix", "--out", "OUT.parquet", "--classes", "AA,KK"]],
)
def test_cli_without_the_extra_exits_1_naming_it(tmp_path, monkeypatch, capsys, command):
    """A missing optional dependency is the installation's fault, not the input's: exit 1."""
    from pokerlut.cli import main

    np.save(tmp_path / "IN.npy", random_hands(10, 5))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    assert main(command) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith(f"pokerlut {command[0]}: ") and "pokerlut[distributed]" in err
    assert not (tmp_path / "OUT.npy").exists() and not (tmp_path / "OUT.parquet").exists()
