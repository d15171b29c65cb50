"""The exact three-way preflop table (`pokerlut.matrix`, `pokerlut matrix --n-players 3`): class
triples against `pokerlut.equity` (exact, ranges), the set of dealable triples found here by
listing the specific hands, a small table on a 2-worker LocalCluster, resuming and the
command."""

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import pokerlut
from pokerlut.matrix import BOARDS3, CLASSES, class_triple, count_triples, lookup, plan3

SUITS = "cdhs"


def hands_of(name):
    """The specific hands of a class, from the rules: a pair has every two suits, suited hands
    one suit, offsuit hands two different suits."""
    hi, lo = name[0], name[1]
    if hi == lo:
        return [(hi + a, lo + b) for a, b in itertools.combinations(SUITS, 2)]
    if name.endswith("s"):
        return [(hi + s, lo + s) for s in SUITS]
    return [(hi + a, lo + b) for a in SUITS for b in SUITS if a != b]


def deals_of(a, b, c):
    """The deals of three classes: triples of hands sharing no card, counted by brute force."""
    return sum(len({*x, *y, *z}) == 6 for x in hands_of(a) for y in hands_of(b) for z in hands_of(c))


def check_against_equity(names):
    r = class_triple(*names)
    assert r.dealt == deals_of(*names), names
    assert sum(r.counts) == r.dealt * BOARDS3
    e = pokerlut.equity(list(names), exact=True)
    assert e.dealt == r.dealt * BOARDS3
    for p in range(3):
        assert r.equity[p] == pytest.approx(e.players[p].equity, abs=1e-12), names
        assert r.win[p] == pytest.approx(e.players[p].win, abs=1e-12), names
        assert r.tie[p] == pytest.approx(e.players[p].tie, abs=1e-12), names


@pytest.mark.parametrize(
    "names",
    [
        ("AA", "KK", "QQ"),
        ("AKs", "QQ", "72o"),
        ("AKo", "QJo", "T9o"),
        ("AA", "AKs", "AKo"),
        ("72o", "72o", "83o"),
        ("KQs", "KQs", "KQs"),
        ("A5s", "54s", "22"),
    ],
)
def test_triples_against_exact_equity(names):
    check_against_equity(names)


@pytest.mark.slow
def test_random_triples_against_exact_equity():
    rng = np.random.default_rng(35)
    checked = 0
    while checked < 12:
        names = tuple(CLASSES[i] for i in rng.choice(len(CLASSES), 3))
        if deals_of(*names):
            check_against_equity(names)
            checked += 1


def test_order_of_the_players():
    """The same deals, players renamed: the counts follow the players."""
    abc, cab = class_triple("AKo", "QQ", "T9s"), class_triple("T9s", "AKo", "QQ")
    assert abc.dealt == cab.dealt
    assert cab.equity == (abc.equity[2], abc.equity[0], abc.equity[1])


def test_not_dealable():
    for names in (("AA", "AA", "AA"), ("AA", "AA", "AKs"), ("AKo", "AA", "AA"), ("KK", "KK", "KK")):
        assert deals_of(*names) == 0
        r = class_triple(*names)
        assert (r.dealt, r.equity, sum(r.counts)) == (0, (0.0, 0.0, 0.0), 0), names


def test_dealable_triples_are_found():
    """Over a set of classes that share ranks (pairs, suited, offsuit of A and K): each
    triple's deals, the kernel's against the brute-force count."""
    names = ["AA", "AKs", "AKo", "KK", "A2s", "K2o", "22"]
    index = [CLASSES.index(n) for n in names]
    triples = list(itertools.combinations_with_replacement(range(len(names)), 3))
    found = count_triples(np.array([[index[i] for i in t] for t in triples]))
    expected = [deals_of(*(names[i] for i in t)) for t in triples]
    assert found["deals"].tolist() == expected
    assert 0 in expected and 1 < len(set(expected))


def test_plan():
    p = plan3(["AA", "KK", "72o"], chunk_triples=4)
    assert p.class_triples == 10 and [len(c) for c in p.chunks] == [4, 4, 2]
    every = np.concatenate(p.chunks)
    assert (np.diff(every, axis=1) >= 0).all()
    assert len({tuple(t) for t in every.tolist()}) == 10
    with pytest.raises(ValueError, match="chunk_triples must be"):
        plan3(None, chunk_triples=0)


# --- the table on Dask ---------------------------------------------------------------------

TABLE_CLASSES = ["AA", "AKs", "AKo", "KK", "72o"]


@pytest.fixture(scope="module")
def small(cluster, tmp_path_factory):
    pytest.importorskip("pyarrow")
    pd = pytest.importorskip("pandas")
    from pokerlut.matrix import compute_matrix

    out = tmp_path_factory.mktemp("matrix3") / "small.parquet"
    run = compute_matrix(
        out, TABLE_CLASSES, n_players=3, scheduler=cluster.scheduler_address, chunk_triples=6, progress=False
    )
    return run, pd.read_parquet(out)


def test_table_holds_exactly_the_dealable_triples(small):
    run, table = small
    dealable = {t: deals_of(*t) for t in itertools.combinations_with_replacement(TABLE_CLASSES, 3)}
    dealable = {t: d for t, d in dealable.items() if d}
    assert run.class_triples == 35 and run.chunks == run.chunks_computed == 6
    assert run.worker_numba_threads == [1, 1]
    got = {(str(r.a), str(r.b), str(r.c)): r.deals for r in table.itertuples()}
    assert got == dealable
    assert run.dealable_triples == len(dealable) and run.dealt == sum(dealable.values())


def test_table_against_class_triple_and_equity(small):
    _, table = small
    from pokerlut.matrix import COUNT_COLUMNS

    for row in table.itertuples():
        names = (str(row.a), str(row.b), str(row.c))
        r = class_triple(*names)
        assert r.dealt == row.deals
        assert list(r.counts[1:]) == [getattr(row, c) for c in COUNT_COLUMNS], names
        assert (row.equity_a, row.equity_b, row.equity_c) == pytest.approx(r.equity, abs=1e-15)
    some = table.iloc[len(table) // 2]
    e = pokerlut.equity([str(some.a), str(some.b), str(some.c)], exact=True)
    for p, x in enumerate("abc"):
        assert some[f"equity_{x}"] == pytest.approx(e.players[p].equity, abs=1e-12)
    assert (table.equity_a + table.equity_b + table.equity_c).sub(1).abs().max() < 1e-12


def test_lookup_in_any_order(small):
    _, table = small
    abc = lookup(table, "AKs", "KK", "72o")
    assert lookup(table, "72o", "AKs", "KK") == (abc[2], abc[0], abc[1])
    assert abc == pytest.approx(class_triple("AKs", "KK", "72o").equity, abs=1e-15)
    with pytest.raises(KeyError, match="no triple AA, AA, AKs"):
        lookup(table, "AKs", "AA", "AA")


def test_resume_computes_only_missing_chunks(small, cluster):
    import pandas as pd
    from pokerlut.matrix import compute_matrix

    run, table = small
    parts = Path(run.out + ".parts")
    files = sorted(parts.glob("chunk-*.parquet"))
    assert len(files) == run.chunks
    lost = files[2]
    lost.unlink()
    kept = {p: p.stat().st_mtime_ns for p in files if p != lost}
    again = compute_matrix(
        run.out,
        TABLE_CLASSES,
        n_players=3,
        scheduler=cluster.scheduler_address,
        chunk_triples=6,
        progress=False,
    )
    assert (again.chunks_computed, again.chunks_skipped) == (1, run.chunks - 1)
    assert lost.exists() and {p: p.stat().st_mtime_ns for p in kept} == kept
    pd.testing.assert_frame_equal(pd.read_parquet(run.out), table)
    with pytest.raises(ValueError, match="parts of another job"):
        compute_matrix(run.out, TABLE_CLASSES, n_players=3, chunk_triples=7, progress=False)


def run_cli(*args, cwd):
    return subprocess.run(
        [sys.executable, "-m", "pokerlut", "matrix", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
    )


@pytest.mark.slow
def test_cli_end_to_end(tmp_path):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("distributed")
    done = run_cli(
        "--n-players",
        "3",
        "--out",
        "t.parquet",
        "--classes",
        "AA,KK,72o",
        "--workers",
        "2",
        "--chunk-triples",
        "3",
        "--json",
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["class_triples"] == 10 and summary["chunks_computed"] == 4
    assert summary["dealable_triples"] == 8  # AA, AA, AA and KK, KK, KK cannot be dealt
    table = pd.read_parquet(tmp_path / "t.parquet")
    assert table[["a", "b", "c"]].astype(str).values.tolist()[:3] == [
        ["AA", "AA", "KK"],
        ["AA", "AA", "72o"],
        ["AA", "KK", "KK"],
    ]


@pytest.mark.parametrize(
    "args, message",
    [
        (("--n-players", "3", "--out", "x.parquet", "--png", "x.png"), "--png draws the heads-up"),
        (("--n-players", "3", "--out", "x.parquet", "--chunk-triples", "0"), "chunk_triples must"),
        (("--out", "x.parquet", "--chunk-triples", "5"), "--chunk-triples goes with"),
    ],
)
def test_cli_bad_input(tmp_path, monkeypatch, capsys, args, message):
    from pokerlut.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["matrix", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, err
    assert not list(tmp_path.iterdir())
