"""The exact preflop matrix (`pokerlut.matrix`, `pokerlut matrix`): a small matrix on a 2-worker
LocalCluster, checked against `pokerlut.equity` on every pair of specific hands (enumerated
here, without the suit isomorphism), its symmetry, resuming, the heatmap and the command."""

import itertools
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import pokerlut

pd = pytest.importorskip("pandas")
pytest.importorskip("pyarrow")
pytest.importorskip("distributed")

from pokerlut.matrix import BOARDS, compute_matrix, parse_classes, plan  # noqa: E402

CLASSES = ["AA", "KK", "AKs", "72o", "22"]
RANKS = "23456789TJQKA"
SUITS = "cdhs"
BOARDS_48 = math.comb(48, 5)


def hands_of(name):
    """The specific hands of a class, written out from the rules: a pair has every two suits,
    suited hands one suit, offsuit hands two different suits."""
    hi, lo = name[0], name[1]
    if hi == lo:
        return [hi + a + lo + b for a, b in itertools.combinations(SUITS, 2)]
    if name.endswith("s"):
        return [hi + s + lo + s for s in SUITS]
    return [hi + a + lo + b for a in SUITS for b in SUITS if a != b]


def reference(a, b):
    """Class a against class b by brute force: every pair of hands sharing no card, one exact
    `pokerlut.equity` each, equally weighted; board counts summed."""
    win = tie = lose = pairs = 0
    shares = []
    for x in hands_of(a):
        for y in hands_of(b):
            if {x[:2], x[2:]} & {y[:2], y[2:]}:
                continue
            r = pokerlut.equity([x, y], exact=True, threads=1)
            assert r.dealt == BOARDS_48
            w, lo = round(r.players[0].win * BOARDS_48), round(r.players[1].win * BOARDS_48)
            win, lose, tie = win + w, lose + lo, tie + BOARDS_48 - w - lo
            pairs += 1
            shares.append(r.players[0].equity)
    return float(np.mean(shares)), win, tie, lose, pairs


@pytest.fixture(scope="module")
def small(cluster, tmp_path_factory):
    """The matrix of CLASSES in chunks of ~8 evaluations, with its heatmap."""
    out = tmp_path_factory.mktemp("matrix") / "small.parquet"
    run = compute_matrix(
        out,
        CLASSES,
        png=out.with_suffix(".png"),
        scheduler=cluster.scheduler_address,
        chunk_pairs=8,
        progress=False,
    )
    return run, pd.read_parquet(out)


def test_against_every_pair_of_hands(small):
    run, table = small
    assert run.classes == 5 and run.class_pairs == 15 and len(table) == 25
    assert run.chunks == run.chunks_computed > 1 and run.chunks_skipped == 0
    assert run.worker_numba_threads == [1, 1]
    rows = table.set_index(["hero", "villain"])
    for a, b in itertools.combinations_with_replacement(CLASSES, 2):
        share, win, tie, lose, pairs = reference(a, b)
        row = rows.loc[(a, b)] if (a, b) in rows.index else rows.loc[(b, a)]
        if (a, b) not in rows.index:  # the table has the pair in matrix order
            win, lose, share = lose, win, 1 - share
        assert (row.win, row.tie, row.lose, row.combo_pairs) == (win, tie, lose, pairs), (a, b)
        assert row.equity == pytest.approx(share, abs=1e-12), (a, b)
    assert run.combo_pairs == int(table.combo_pairs.sum())


def test_range_against_range_agrees(small):
    """`equity()` of one class against another (its own weighting of the hands) agrees."""
    _, table = small
    row = table[(table.hero == "AKs") & (table.villain == "72o")].iloc[0]
    r = pokerlut.equity(["AKs", "72o"], exact=True)
    assert row.equity == pytest.approx(r.players[0].equity, abs=1e-12)


def test_symmetry_is_exact(small):
    _, table = small
    rows = table.set_index(["hero", "villain"])
    for (a, b), row in rows.iterrows():
        back = rows.loc[(b, a)]
        assert row.numerator + back.numerator == row.denominator == back.denominator
        assert row.equity + back.equity == pytest.approx(1, abs=1e-15)
        assert (row.win, row.tie, row.lose) == (back.lose, back.tie, back.win)
        assert row.win + row.tie + row.lose == row.combo_pairs * BOARDS
    diagonal = table[table.hero == table.villain]
    assert (2 * diagonal.numerator == diagonal.denominator).all()  # exactly one half
    assert (table.canonical_pairs <= table.combo_pairs).all()


def test_resume_computes_only_missing_chunks(small, cluster):
    run, table = small
    parts = Path(run.out + ".parts")
    files = sorted(parts.glob("chunk-*.parquet"))
    assert len(files) == run.chunks
    lost = [files[0], files[-1]]
    for path in lost:
        path.unlink()
    kept = {p: p.stat().st_mtime_ns for p in files if p not in lost}
    (parts / "chunk-00001.parquet.tmp-99999").write_bytes(b"half written")  # a killed write
    again = compute_matrix(
        run.out, CLASSES, scheduler=cluster.scheduler_address, chunk_pairs=8, progress=False
    )
    assert (again.chunks_computed, again.chunks_skipped) == (2, run.chunks - 2)
    assert all(p.exists() for p in lost)
    assert {p: p.stat().st_mtime_ns for p in kept} == kept  # the others were not rewritten
    pd.testing.assert_frame_equal(pd.read_parquet(run.out), table)
    done = compute_matrix(run.out, CLASSES, chunk_pairs=8, progress=False)  # no cluster needed
    assert (done.chunks_computed, done.chunks_skipped, done.workers) == (0, run.chunks, 0)


def test_parts_of_another_job_are_refused(small):
    run, _ = small
    with pytest.raises(ValueError, match="parts of another job"):
        compute_matrix(run.out, CLASSES[:2], chunk_pairs=8, progress=False)


def test_png_is_an_image(small):
    run, table = small
    png = Path(run.png)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    import matplotlib.image
    from matplotlib import colormaps

    pixels = matplotlib.image.imread(png)[..., :3]
    height, width = pixels.shape[:2]
    assert 400 <= width <= 4000 and 400 <= height <= 4000
    # each cell is painted in its equity's colour (RdBu_r from 0 to 1), its number written on
    # it: every equity of the table shows as a patch of that colour, at least half a cell (five
    # cells, their labels and the colour bar span the picture: a cell is over a seventh of it),
    # dark red and dark blue among them; a blank or one-colour picture has no such patches
    side = min(height, width) / 7
    for hero, villain, share, colour in zip(
        table.hero, table.villain, table.equity, colormaps["RdBu_r"](table.equity.to_numpy())[:, :3]
    ):
        painted = (np.abs(pixels - colour) <= 2 / 255).all(axis=-1).sum()
        assert painted >= side * side / 2, (hero, villain, share, painted)


def test_plan_of_the_whole_matrix():
    p = plan()
    assert p.class_pairs == 169 * 170 // 2
    assert p.combo_pairs == 1326 * 1225  # every ordered pair of hands with no card shared
    assert p.canonical_pairs < p.combo_pairs // 30
    assert sum(len(chunk) for chunk in p.chunks) == p.class_pairs


def test_classes():
    assert parse_classes("22, kAs,72O") == ["AKs", "72o", "22"]
    assert parse_classes(["72o", "AA"]) == ["AA", "72o"]
    for bad, message in (
        ("AA,AX", "unknown hand class 'AX'"),
        ("AA,aa", "given twice"),
        ("AKx", "unknown"),
        ("", "unknown"),
    ):
        with pytest.raises(ValueError, match=message):
            parse_classes(bad)


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
    done = run_cli(
        "--out",
        "m.parquet",
        "--png",
        "m.png",
        "--classes",
        "AA,72o",
        "--workers",
        "2",
        "--json",
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["classes"] == 2 and summary["chunks_computed"] == summary["chunks"]
    assert summary["worker_numba_threads"] == [1, 1]  # bulk.local_client's, as its threads
    table = pd.read_parquet(tmp_path / "m.parquet")
    assert table[["hero", "villain"]].values.tolist() == [
        ["AA", "AA"],
        ["AA", "72o"],
        ["72o", "AA"],
        ["72o", "72o"],
    ]
    assert (tmp_path / "m.png").stat().st_size > 1000
    # AA against 72o, by the range-against-range call
    expected = pokerlut.equity(["AA", "72o"], exact=True).players[0].equity
    assert table.equity[1] == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize(
    "args, message",
    [
        (("--out", "x.parquet", "--classes", "AA,XYo"), "unknown hand class 'XYo'"),
        (("--out", "x.parquet", "--workers", "0", "--classes", "AA"), "workers must be"),
        (("--out", "no/such/x.parquet", "--classes", "AA"), "no folder"),
        (("--out", "x.parquet", "--chunk-pairs", "0"), "chunk_pairs must be"),
    ],
)
def test_cli_bad_input(tmp_path, monkeypatch, capsys, args, message):
    from pokerlut.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["matrix", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, err
    assert not list(tmp_path.iterdir())  # refused before anything was written
