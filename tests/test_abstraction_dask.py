"""The card abstraction features on Dask (`DaskRun`, `pokerlut abstraction features
--scheduler`): slow, the river table of a 2-worker LocalCluster is the in-process one bit for
bit, with a worker process killed mid-job; a part deleted is the only one computed again, the others
untouched; parts all there need no cluster; the turn's features by the command line on a
local cluster are the in-process ones. Bad input is named before any cluster is started."""

from __future__ import annotations

import json
import os
import signal
import threading
import time

import numpy as np
import pytest

from pokerlut.abstraction import PARTS, DaskRun, river_hand_strengths, street_features
from pokerlut.cli import main

distributed = pytest.importorskip("distributed")
# A cluster shut down may leave a socket or transport for the garbage collector.
pytestmark = [
    pytest.mark.filterwarnings("ignore:unclosed <socket:ResourceWarning"),
    pytest.mark.filterwarnings("ignore:unclosed transport:ResourceWarning"),
]


@pytest.fixture(scope="module")
def river() -> np.ndarray:
    return river_hand_strengths()


@pytest.fixture(scope="module")
def client():
    """A client of one LocalCluster of 2 workers (`bulk.local_client`: one numba thread each)."""
    from pokerlut.bulk import local_client

    with local_client(2) as connected:
        yield connected


def kill_a_worker_after_the_first_part(client, folder) -> threading.Thread:
    """A thread that kills one of the client's worker processes (SIGKILL) once the first part
    is in `folder`, or gives up after a minute."""
    pid = next(iter(client.run(os.getpid).values()))

    def kill() -> None:
        deadline = time.monotonic() + 60
        while not list(folder.glob("part-*.npz")) and time.monotonic() < deadline:
            time.sleep(0.02)
        os.kill(pid, signal.SIGKILL)

    thread = threading.Thread(target=kill, daemon=True)
    thread.start()
    return thread


@pytest.mark.slow
def test_the_river_on_dask_is_the_river_in_process(river, client, tmp_path) -> None:
    parts = tmp_path / "parts"
    before = set(client.run(os.getpid).values())
    killer = kill_a_worker_after_the_first_part(client, parts / "river")
    steps: list[float] = []
    got = river_hand_strengths(progress=steps.append, dask=DaskRun(client.scheduler.address, parts))
    killer.join()
    client.wait_for_workers(2, timeout=60)
    assert len(before - set(client.run(os.getpid).values())) == 1  # a worker was lost mid-job
    assert np.array_equal(got, river)
    assert steps[0] == 0 and steps[-1] == 1 and len(steps) == PARTS + 1 and steps == sorted(steps)
    files = sorted((parts / "river").glob("part-*.npz"))
    assert len(files) == PARTS and not list((parts / "river").glob("*.tmp*"))

    lost = files[5]
    lost.unlink()
    (parts / "river" / f"{files[6].name}.tmp-99999").write_bytes(b"half written")  # a killed write
    kept = {p: p.stat().st_mtime_ns for p in files if p != lost}
    steps.clear()
    again = river_hand_strengths(progress=steps.append, dask=DaskRun(client.scheduler.address, parts))
    assert np.array_equal(again, river) and lost.exists()
    assert {p: p.stat().st_mtime_ns for p in kept} == kept  # only the lost part was computed
    assert steps == [(PARTS - 1) / PARTS, 1]
    nowhere = DaskRun("tcp://127.0.0.1:9", parts)  # every part there: no cluster needed
    assert np.array_equal(river_hand_strengths(dask=nowhere), river)


@pytest.mark.slow
def test_the_turn_on_a_local_cluster_by_the_command_line(river, tmp_path, capsys) -> None:
    np.save(tmp_path / "river-counts.npy", river)
    assert (
        main(
            [
                "abstraction",
                "features",
                "--street",
                "turn",
                "--out",
                str(tmp_path),
                "--bins",
                "20",
                "--scheduler",
                "local",
                "--workers",
                "2",
                "--quiet",
                "--json",
            ]
        )
        == 0
    )
    about = json.loads(capsys.readouterr().out)
    assert about["scheduler"] == "local" and about["parts"] == str(tmp_path / "parts")
    assert len(list((tmp_path / "parts" / "turn-20bins").glob("part-*.npz"))) == PARTS
    want = street_features("turn", bins=20, river=river)
    for name in ("sums", "squares", "histogram"):
        assert np.array_equal(np.load(tmp_path / f"turn-{name}.npy"), getattr(want, name)), name


def test_bad_input_is_named_before_any_cluster(tmp_path, capsys) -> None:
    local = DaskRun("local", tmp_path / "parts")
    with pytest.raises(ValueError, match="threads= is for a run in this process"):
        river_hand_strengths(threads=1, dask=local)
    with pytest.raises(ValueError, match="workers= .* sets the size of a local cluster"):
        river_hand_strengths(dask=DaskRun("tcp://127.0.0.1:9", tmp_path / "parts", workers=2))
    with pytest.raises(TypeError, match="dask is a DaskRun"):
        river_hand_strengths(dask="local")  # type: ignore[arg-type]
    other = tmp_path / "parts" / "river"
    other.mkdir(parents=True)
    (other / "manifest.json").write_text(json.dumps({"format": 1, "job": "river", "parts": 8, "n": 134459}))
    with pytest.raises(ValueError, match="parts of another job \\(its parts differ\\)"):
        river_hand_strengths(dask=local)
    assert (
        main(["abstraction", "features", "--street", "river", "--out", str(tmp_path), "--workers", "2"]) == 2
    )
    assert "--workers is the size of a local cluster" in capsys.readouterr().err
