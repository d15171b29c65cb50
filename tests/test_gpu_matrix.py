"""`compute_matrix(device="cuda")` against the CPU path, exactly: the heads-up board counts of
every pair of classes of a subset, the three-way counts of chosen class triples (undealable,
pairs, suited, offsuit, the most flush patterns), the files compute_matrix writes for two and
three players, and the options that do not apply on the GPU.

Under numba-cuda's simulator (the default here: no GPU) on a few classes; with
POKERLUT_GPU=device on a real GPU, on more. tests/test_gpu_ptx.py compiles the kernels for a
real GPU.
"""

import numpy as np
import pytest

pytest.importorskip("numba_cuda", reason="numba-cuda is not installed (pip install 'pokerlut[gpu]')")
pd = pytest.importorskip("pandas")
pytest.importorskip("pyarrow")

from pokerlut import matrix  # noqa: E402
from pokerlut._gpu import _device  # noqa: E402
from pokerlut._gpu import matrix as gpu_matrix  # noqa: E402
from pokerlut.matrix._heads_up import pairs_chunk  # noqa: E402

if not _device.simulator() and not _device.cuda(require=False).is_available():
    pytest.skip(
        "no CUDA GPU and the simulator is off (POKERLUT_GPU=device without a GPU)", allow_module_level=True
    )

ON_DEVICE = not _device.simulator()
# the classes of the heads-up subset, and of the files (kept small: the CPU side runs on Dask)
PAIR_CLASSES = ["AA", "KK", "AKs", "AKo", "T9s", "72o", "22"] + (["QJo", "65s", "A2o"] if ON_DEVICE else [])
FILE_CLASSES = ["AA", "AKs", "T9s", "72o"]
TRIPLES = [
    ("AA", "KK", "QQ"),
    ("AA", "AA", "AKs"),  # cannot be dealt: five aces
    ("AA", "AA", "AA"),
    ("AA", "AA", "KK"),
    ("AKo", "QJo", "T9o"),  # three offsuit hands: all 27 flush patterns
    ("AKs", "QQ", "72o"),
    ("AKs", "AKo", "AKs"),
    ("22", "32o", "32s"),
]


def cpu_pair_rows(the_plan):
    rows = {}
    for chunk in the_plan.chunks:
        for key, values in pairs_chunk(chunk)["rows"].items():
            rows.setdefault(key, []).extend(values)
    return {key: np.asarray(values, np.int64) for key, values in rows.items()}


def test_pairs_equal_the_cpu(monkeypatch):
    monkeypatch.setattr(gpu_matrix, "CHUNK_DEALS", 7)  # several launches
    the_plan = matrix.plan(PAIR_CLASSES)
    got, cpu = gpu_matrix.count_pairs(the_plan, matrix.BOARDS), cpu_pair_rows(the_plan)
    assert set(got) == set(cpu)
    for key in cpu:
        assert np.array_equal(got[key], cpu[key]), key


def test_triples_equal_the_cpu(monkeypatch):
    monkeypatch.setattr(gpu_matrix, "CHUNK_TRIPLES", 3)  # several launches, a short last one
    index = {name: k for k, name in enumerate(matrix.CLASSES)}
    chosen = np.array([[index[n] for n in triple] for triple in TRIPLES], np.int64)
    if ON_DEVICE:
        chosen = np.concatenate([chosen, np.random.default_rng(46).integers(0, 169, (500, 3))])
    got, cpu = (
        gpu_matrix.count_triples(chosen, matrix.class_arrays(), matrix.BOARDS3),
        matrix.count_triples(chosen),
    )
    for key in ("counts", "deals", "patterns"):
        assert np.array_equal(got[key], cpu[key]), key
    assert cpu["deals"][1] == cpu["deals"][2] == 0 and cpu["patterns"][4] == gpu_matrix.MAX_PATTERNS
    empty = gpu_matrix.count_triples(np.zeros((0, 3), np.int64), matrix.class_arrays(), matrix.BOARDS3)
    assert empty["counts"].shape == (0, 8)
    with pytest.raises(ValueError, match="class indices are 0 to 168"):
        gpu_matrix.count_triples(np.array([[0, 1, 169]]), matrix.class_arrays(), matrix.BOARDS3)


@pytest.mark.parametrize("players", [2, 3])
def test_files_equal_the_cpu(players, cluster, tmp_path):
    cpu_out, gpu_out = tmp_path / "cpu.parquet", tmp_path / "gpu.parquet"
    matrix.compute_matrix(
        cpu_out, FILE_CLASSES, n_players=players, scheduler=cluster.scheduler_address, progress=False
    )
    run = matrix.compute_matrix(gpu_out, FILE_CLASSES, n_players=players, progress=False, device="cuda")
    cpu, gpu = pd.read_parquet(cpu_out), pd.read_parquet(gpu_out)
    pd.testing.assert_frame_equal(gpu, cpu, check_exact=True)
    assert (run.chunks, run.chunks_computed, run.chunks_skipped, run.workers) == (1, 1, 0, 0)
    assert run.out == str(gpu_out) and run.wall_seconds >= run.task_seconds > 0
    assert not gpu_out.with_name(gpu_out.name + ".parts").exists()
    if players == 2:
        assert (run.canonical_pairs, run.classes) == (matrix.plan(FILE_CLASSES).canonical_pairs, 4)
    else:
        assert run.dealable_triples == len(gpu) and run.dealt == int(gpu.deals.sum())


def test_png_and_progress(tmp_path):
    out = tmp_path / "m.parquet"
    run = matrix.compute_matrix(out, "AA,72o", png=tmp_path / "m.png", progress=True, device="cuda")
    assert run.png == str(tmp_path / "m.png") and (tmp_path / "m.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"device": "gpu"}, ValueError, "device must be 'cpu' or 'cuda', not 'gpu'"),
        ({"device": 1}, TypeError, "device must be 'cpu' or 'cuda', not int"),
        ({"device": "cuda", "scheduler": "tcp://host:8786"}, ValueError, "scheduler is for the Dask cluster"),
        ({"device": "cuda", "workers": 2}, ValueError, "workers is for the Dask cluster"),
        ({"device": "cuda", "chunk_pairs": 5}, ValueError, "chunk_pairs is for the Dask cluster"),
        ({"device": "cuda", "chunk_triples": 5, "n_players": 3}, ValueError, "chunk_triples is for the Dask"),
        ({"device": "cuda", "n_players": 4}, ValueError, "n_players is 2 or 3"),
        ({"device": "cuda", "n_players": 3, "png": "x.png"}, ValueError, "png draws the heads-up matrix"),
    ],
)
def test_bad_options(options, error, message, tmp_path):
    with pytest.raises(error, match=message):
        matrix.compute_matrix(tmp_path / "m.parquet", "AA,KK", progress=False, **options)
    assert list(tmp_path.iterdir()) == []


def test_bad_folder(tmp_path):
    with pytest.raises(ValueError, match="no folder"):
        matrix.compute_matrix(tmp_path / "no" / "m.parquet", "AA", progress=False, device="cuda")


def test_bad_classes(tmp_path):
    with pytest.raises(ValueError, match="unknown hand class 'AK'"):
        matrix.compute_matrix(tmp_path / "m.parquet", "AA,AK", progress=False, device="cuda")
