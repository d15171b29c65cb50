"""`pokerlut.read_histories`: hands played at random through pokerkit (tests/test_history.py's
`play`) written to files, read back as a row per hand and player, summed per player by plain
Python here (not pandas' groupby), the graph's lines, Parquet, processes, bad paths; the real
2009 files (skipped where ../shared is absent)."""

from __future__ import annotations

import json
import math
from collections import defaultdict

import numpy as np
import pytest

pytest.importorskip("pokerkit")
pd = pytest.importorskip("pandas")

import pokerlut  # noqa: E402
from pokerlut._history.phh import read  # noqa: E402
from test_history import PHH, play  # noqa: E402


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """Three files in a folder and a subfolder, 30 hold'em and PLO hands, one of them bad;
    the same five players at every table so that each plays many hands."""
    folder = tmp_path_factory.mktemp("histories")
    (folder / "sub").mkdir()
    names = ["Ann", "Bob", "Cy", "Di", "Ed"]
    texts = []
    for k in range(30):
        text = play(("holdem", "omaha")[k % 2], k)[0]
        count = text.count("d dh ")
        texts.append(f"{text}\nplayers = {names[:count]!r}\n")
    (folder / "a.phhs").write_text("".join(f"[{i + 1}]\n{t}\n" for i, t in enumerate(texts[:12])))
    bad = "variant = 'NT'\nactions = ['oops']\n"
    (folder / "sub" / "b.phhs").write_text(
        "".join(f"[{i + 1}]\n{t}\n" for i, t in enumerate([*texts[12:20], bad, *texts[20:29]]))
    )
    (folder / "c.phh").write_text(texts[29])
    (folder / "notes.txt").write_text("not a hand history")  # read, and said to be none
    (folder / "notes.md").write_text("not read")
    return folder


@pytest.fixture(scope="module")
def histories(corpus):
    return pokerlut.read_histories(corpus, threads=1)


def scored_of(folder):
    return [h for p in (folder / "a.phhs", folder / "c.phh", folder / "sub" / "b.phhs") for h in read(p)]


def test_a_row_per_hand_and_player_as_each_hand_was_scored(corpus, histories):
    h = histories
    scored = scored_of(corpus)
    good = [s for s in scored if s.net]
    assert h.files == 4 and len(h.skipped) == 2
    assert h.skipped.iloc[0].to_dict() == {
        "file": str(corpus / "notes.txt"),
        "hand": 0,
        "reason": "no hand of a site pokerkit reads: " + ", ".join(pokerlut._history.sites.SITES),
    }
    assert h.skipped.iloc[1].to_dict() == {
        "file": str(corpus / "sub" / "b.phhs"),
        "hand": 9,
        "reason": scored[12 + 1 + 8].reason,
    }
    assert len(h.hands) == sum(len(s.net) for s in good)
    rows = h.hands.itertuples(index=False)
    for s in good:
        for seat in range(len(s.net)):
            row = next(rows)
            assert (row.file, row.hand, row.variant, row.player, row.seat) == (
                s.file,
                s.number,
                s.variant,
                s.players[seat],
                seat,
            )
            assert (row.net, row.rake, row.showdown, row.reason, row.big_blind) == (
                s.net[seat],
                s.rake[seat],
                s.showdown[seat],
                s.reason,
                s.big_blind,
            )
            if s.allin_ev is None:
                assert (
                    not row.allin and math.isnan(row.allin_ev) and row.adjusted == row.net and row.luck == 0
                )
            else:
                assert row.allin and row.allin_ev == row.adjusted == s.allin_ev[seat]
                assert row.luck == pytest.approx(s.net[seat] - s.allin_ev[seat])
    assert h.hands["allin"].sum() >= 4  # the test sees all-ins
    assert repr(h) == "Histories(30 hands of 5 players in 4 files, 2 skipped)"


def test_the_summary_is_each_players_sums(corpus, histories):
    h = histories
    want: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for s in scored_of(corpus):
        for seat, name in enumerate(s.players if s.net else ()):
            w = want[name]
            ev = s.net[seat] if s.allin_ev is None else s.allin_ev[seat]
            w["hands"] += 1
            w["net"] += s.net[seat]
            w["adjusted"] += ev
            w["luck"] += s.net[seat] - ev
            w["variance"] += 0 if s.allin_variance is None else s.allin_variance[seat]
            w["net_bb"] += s.net[seat] / s.big_blind
            w["adjusted_bb"] += ev / s.big_blind
            w["allins"] += s.allin_ev is not None and s.showdown[seat]
            w["unscored"] += s.reason != "" and s.showdown[seat]
            w["showdown" if s.showdown[seat] else "non_showdown"] += s.net[seat]
    summary = h.summary()
    assert list(summary.columns) == list(pokerlut._history.corpus.SUMMARY_COLUMNS)
    assert summary["hands"].tolist() == sorted(summary["hands"], reverse=True)
    assert set(summary.index) == set(want)
    for name, w in want.items():
        row = summary.loc[name]
        assert row["hands"] == w["hands"] and row["allins"] == w["allins"]
        assert row["allins_unscored"] == w["unscored"]
        for column, value in [
            ("net", w["net"]),
            ("adjusted", w["adjusted"]),
            ("luck", w["luck"]),
            ("luck_sd", math.sqrt(w["variance"])),
            ("bb_per_100", 100 * w["net_bb"] / w["hands"]),
            ("adjusted_bb_per_100", 100 * w["adjusted_bb"] / w["hands"]),
            ("showdown_net", w["showdown"]),
            ("non_showdown_net", w["non_showdown"]),
        ]:
            assert row[column] == pytest.approx(value, abs=1e-9), (name, column)
        if w["variance"] > 0:
            assert row["luck_z"] == pytest.approx(w["luck"] / math.sqrt(w["variance"]))
        else:
            assert math.isnan(row["luck_z"])
    assert summary["net"].sum() == pytest.approx(0, abs=1e-9)  # the table's chips, no rake here
    assert h.summary("Bob").index.tolist() == ["Bob"]
    assert sorted(h.summary(["Di", "Ann"]).index) == ["Ann", "Di"]
    with pytest.raises(ValueError, match="no hand of player 'Zed'"):
        h.summary("Zed")


def test_the_graph_draws_the_four_running_totals(corpus, histories, tmp_path):
    pytest.importorskip("matplotlib")
    h = histories
    png = tmp_path / "ann.png"
    fig = h.graph("Ann", png)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    ann = h.hands[h.hands["player"] == "Ann"]
    lines = {
        line.get_label(): line.get_ydata() for line in fig.axes[0].get_lines() if line.get_label()[0] != "_"
    }
    net = ann["net"].to_numpy()
    assert np.allclose(lines["net won"], np.cumsum(net))
    assert np.allclose(lines["all-in adjusted"], np.cumsum(ann["adjusted"]))
    assert np.allclose(lines["showdown"] + lines["non-showdown"], lines["net won"])
    assert np.allclose(lines["showdown"], np.cumsum(net * ann["showdown"].to_numpy()))


def test_parquet_and_processes(corpus, histories, tmp_path, monkeypatch):
    pytest.importorskip("pyarrow")
    h = histories
    h.to_parquet(tmp_path / "hands.parquet")
    back = pd.read_parquet(tmp_path / "hands.parquet")
    assert list(back.columns) == list(h.hands.columns)
    pd.testing.assert_frame_equal(back, h.hands, check_categorical=False)
    monkeypatch.setattr(pokerlut._history.corpus, "PARALLEL_BYTES", 0)  # processes even so
    two = pokerlut.read_histories(corpus, threads=2)  # two processes, a file each at a time
    pd.testing.assert_frame_equal(two.hands, h.hands)


def test_bad_paths_are_named(corpus, tmp_path):
    with pytest.raises(FileNotFoundError, match="no such file or folder: '.*nowhere'"):
        pokerlut.read_histories([corpus, corpus / "nowhere"])
    (tmp_path / "notes.md").write_text("not a hand history")
    with pytest.raises(ValueError, match="no hand-history file"):
        pokerlut.read_histories(tmp_path)
    with pytest.raises(ValueError, match="no hand-history file"):
        pokerlut.read_histories([])


@pytest.mark.skipif(not PHH.is_dir(), reason="../shared/data/phh is not here (a user's clone)")
def test_the_real_files():
    h = pokerlut.read_histories(PHH, threads=1)
    assert h.files == 2 and len(h.skipped) == 0
    assert h.hands.drop_duplicates(["file", "hand"]).shape[0] == 523
    per_hand = h.hands.groupby(["file", "hand"], observed=True)
    assert np.allclose(per_hand["net"].sum(), 0) and np.allclose(per_hand["adjusted"].sum(), 0)
    summary = h.summary()
    assert summary["hands"].sum() == len(h.hands)
    assert summary["rake"].sum() == pytest.approx(389.1)  # Ongame's records give it
    assert (summary["allins"] > 0).sum() >= 10


def test_the_command(corpus, histories, tmp_path, capsys):
    from pokerlut.cli import main

    assert main(["history", "summary", str(corpus), "--threads", "1"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split()[:3] == ["player", "hands", "net"]
    assert "30 hands of 5 players in 4 files, 2 skipped" in out
    assert main(["history", "summary", str(corpus), "--player", "Ann", "--player", "Bob", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["files"] == 4 and data["hands"] == 30 and len(data["skipped"]) == 2
    summary = histories.summary(["Ann", "Bob"])
    assert [r["player"] for r in data["rows"]] == summary.index.tolist()  # most hands first
    assert [r["net"] for r in data["rows"]] == pytest.approx(summary["net"].tolist())
    parquet = tmp_path / "hands.parquet"
    assert main(["history", "hands", str(corpus), "--player", "Cy", "--parquet", str(parquet)]) == 0
    assert set(pd.read_parquet(parquet)["player"]) == {"Cy"}
    png = tmp_path / "cy.png"
    assert main(["history", "graph", str(corpus), "--player", "Cy", "--png", str(png)]) == 0
    assert png.read_bytes()[:4] == b"\x89PNG"
    capsys.readouterr()
    assert main(["history", "summary", str(corpus / "nowhere")]) == 2
    assert main(["history", "graph", str(corpus), "--player", "Zed", "--png", str(png)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "pokerlut history: no such file or folder: " + repr(str(corpus / "nowhere")),
        "pokerlut history: no hand of player 'Zed' in these histories",
    ]


def test_parts_keep_each_file_and_a_rerun_reads_only_the_rest(corpus, histories, tmp_path, monkeypatch):
    done = []
    first = pokerlut.read_histories(corpus, threads=1, parts=tmp_path / "parts", progress=done.append)
    assert done == [1, 2, 3, 4] and len(list((tmp_path / "parts").glob("file-*.parquet"))) == 4
    pd.testing.assert_frame_equal(first.hands, histories.hands)
    (tmp_path / "parts" / "file-00001.parquet").unlink()  # c.phh's part lost
    read = []
    real = pokerlut._history.corpus._file_frame
    monkeypatch.setattr(pokerlut._history.corpus, "_file_frame", lambda path: read.append(path) or real(path))
    again = pokerlut.read_histories(corpus, threads=1, parts=tmp_path / "parts")
    assert read == [corpus / "c.phh"]
    pd.testing.assert_frame_equal(again.hands, histories.hands)
    pd.testing.assert_frame_equal(again.skipped, histories.skipped)
    with pytest.raises(ValueError, match="holds the parts of another job"):
        pokerlut.read_histories(corpus / "a.phhs", parts=tmp_path / "parts")


def test_on_dask(corpus, histories):
    pytest.importorskip("distributed")
    h = pokerlut.read_histories(corpus, scheduler="local", workers=1)
    pd.testing.assert_frame_equal(h.hands, histories.hands)
    pd.testing.assert_frame_equal(h.skipped, histories.skipped)
    with pytest.raises(ValueError, match="workers= is the size of a local cluster"):
        pokerlut.read_histories(corpus, workers=2)
