"""`evaluate_batch(device="cuda")` against the CPU path, exactly: every game and wild mode, every
row width, checked and unchecked, the same error for each kind of bad row, host input streamed
in many chunks, device input left on the device, the `device=` keyword's errors, and
scripts/bench_gpu.py's smoke run.

Under numba-cuda's simulator (the default here: no GPU) at tiny sizes; with POKERLUT_GPU=device
on a real GPU, at larger sizes, plus the input of other libraries (``__cuda_array_interface__``
with a stream, DLPack), which the simulator cannot take. tests/test_gpu_ptx.py compiles the
kernels for a real GPU.
"""

import os

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numba_cuda", reason="numba-cuda is not installed (pip install 'pokerlut[gpu]')")

import pokerlut  # noqa: E402
from pokerlut._game import resolve  # noqa: E402
from pokerlut._gpu import _device, batch  # noqa: E402
from pokerlut.rules import WILD_GAMES, rules  # noqa: E402
from numba.cuda.cudadrv.devicearray import is_cuda_ndarray  # noqa: E402

if not _device.simulator() and not _device.cuda(require=False).is_available():
    pytest.skip(
        "no CUDA GPU and the simulator is off (POKERLUT_GPU=device without a GPU)", allow_module_level=True
    )

cuda = _device.cuda()
ON_DEVICE = not _device.simulator()
ROWS = 5000 if ON_DEVICE else 24  # rows per game and width (the simulator runs Python)
CHUNK = 1024 if ON_DEVICE else 7  # rows per chunk where a test forces many chunks
REPO = Path(__file__).resolve().parent.parent

# every game (Italian poker's eight decks) and every wild mode, as the public API names them
CASES = [(game, None) for game in pokerlut.games() if not rules(game).badugi] + [  # Badugi: on the CPU
    tuple(name.split("+")) for name in WILD_GAMES
]


def random_rows(game: str, wild: str | None, width: int, n: int, seed: int) -> np.ndarray:
    """n rows of `width` distinct cards of the game's deck (jokers included with `wild`)."""
    rules = resolve(game, wild).rules
    rng = np.random.default_rng(seed)
    rows = np.array([rng.choice(rules.deck, width, replace=False) for _ in range(n)], dtype=np.uint8)
    if rules.wild is not None:  # some rows with one, two, three wild cards
        wild_cards = [c for c in rules.wild_cards if c in rules.deck]
        others = [c for c in rules.deck if c not in wild_cards]
        for i in range(min(n, 3)):
            k = min(i + 1, len(wild_cards))
            rows[i] = [*wild_cards[:k], *rng.choice(others, width - k, replace=False)]
    return rows


def on_gpu(hands, **options):
    return pokerlut.evaluate_batch(hands, device="cuda", **options)


@pytest.mark.parametrize(("game", "wild"), CASES, ids=[g + (f"+{w}" if w else "") for g, w in CASES])
def test_every_game_and_width_gives_the_cpu_strengths(game, wild):
    rules = resolve(game, wild).rules
    for width in rules.hand_sizes:
        hands = random_rows(game, wild, width, ROWS, seed=width)
        cpu = pokerlut.evaluate_batch(hands, game=game, wild=wild)
        for validate in (True, False):
            got = on_gpu(hands, game=game, wild=wild, validate=validate)
            assert isinstance(got, np.ndarray) and got.dtype == np.uint16
            assert (got == cpu).all(), (game, wild, width, validate)


def test_italian_poker_with_flushes_by_their_cards_first():
    hands = random_rows("italian-4", None, 5, ROWS, seed=1)
    for flush_by_suit in (True, False):
        cpu = pokerlut.evaluate_batch(hands, game="italian-4", flush_by_suit=flush_by_suit)
        assert (on_gpu(hands, game="italian-4", flush_by_suit=flush_by_suit) == cpu).all()


def cpu_error(hands, **options):
    with pytest.raises((ValueError, TypeError)) as cpu:
        pokerlut.evaluate_batch(hands, **options)
    return cpu.value


# Each kind of bad row: (game, wild, the bad row's cards). The row goes in late (a later chunk),
# after good rows, and a second bad row after it: the error names the first.
BAD = {
    "duplicate": ("high", None, [51, 47, 43, 39, 51, 3, 4]),
    "out of range": ("high", None, [51, 47, 43, 39, 200, 3, 4]),
    "joker without wild cards": ("high", None, [52, 47, 43, 39, 35]),
    "out of range with wild cards": ("high", "jokers", [54, 47, 43, 39, 35, 3]),
    "duplicate joker": ("high", "bug", [52, 52, 43, 39, 35]),
    "short deck's missing card": ("short-deck", None, [0, 47, 43, 39, 35, 31, 27]),
    "Italian deck's missing card": ("italian-4", None, [4, 47, 43, 39, 35]),
    "Italian duplicate": ("italian-2", None, [51, 47, 43, 51, 35]),
    "lowball duplicate": ("ace-to-five", None, [0, 4, 8, 12, 4, 20]),
    "deuce-to-seven duplicate": ("deuce-to-seven", None, [0, 4, 8, 12, 0]),
}


@pytest.mark.parametrize("kind", list(BAD))
def test_a_bad_row_raises_the_cpu_error(kind):
    game, wild, row = BAD[kind]
    hands = random_rows(game, wild, len(row), 3 * CHUNK + 5, seed=3)
    first, second = 2 * CHUNK + 3, 3 * CHUNK + 1
    hands[first] = row
    hands[second] = row
    expected = cpu_error(hands, game=game, wild=wild)
    assert f"row {first}:" in str(expected)
    with pytest.raises(type(expected)) as got:
        batch.evaluate_batch(hands, resolve(game, wild), True, chunk_rows=CHUNK)
    assert str(got.value) == str(expected)
    with pytest.raises(type(expected)) as got:
        on_gpu(cuda.to_device(hands), game=game, wild=wild)
    assert str(got.value) == str(expected)
    unchecked = on_gpu(hands, game=game, wild=wild, validate=False)  # no error, some strength
    assert len(unchecked) == len(hands)


def test_input_of_other_dtypes_is_checked_on_the_host_as_on_the_cpu():
    hands = random_rows("high", None, 7, 10, seed=4).astype(np.int64)
    assert (on_gpu(hands) == pokerlut.evaluate_batch(hands)).all()
    hands[6, 2] = -1
    expected = cpu_error(hands)
    with pytest.raises(ValueError, match="row 6: card -1 at position 2") as got:
        on_gpu(hands, validate=False)
    assert str(got.value) == str(expected)


def test_host_input_streams_through_many_chunks():
    hands = random_rows("deuce-to-seven", None, 7, 9 * CHUNK + 3, seed=5)
    cpu = pokerlut.evaluate_batch(hands, game="deuce-to-seven")
    for chunk in (CHUNK, CHUNK, 2 * CHUNK - 1, len(hands), 10 * len(hands)):  # the second reuses buffers
        got = batch.evaluate_batch(hands, resolve("deuce-to-seven"), True, chunk_rows=chunk)
        assert (got == cpu).all(), chunk
    with pytest.raises(ValueError, match="chunk_rows must be a positive int, not 0"):
        batch.evaluate_batch(hands, resolve("high"), True, chunk_rows=0)


def test_strided_text_masked_and_empty_host_input():
    hands = random_rows("high", None, 7, 40, seed=6)
    view = np.asfortranarray(hands)[::2]
    assert (on_gpu(view) == pokerlut.evaluate_batch(view)).all()
    texts = ["As Ks Qs Js Ts", "2c 3d 4d 5d 7c"]
    assert on_gpu(texts).tolist() == [7462, 1]
    masked = pokerlut.parse_batch(["As Ks Qs Js Ts", "As As Qs Js Ts"], errors="mask")
    assert on_gpu(masked).tolist() == [7462, None]
    empty = on_gpu(np.empty((0, 5), np.uint8))
    assert isinstance(empty, np.ndarray) and empty.shape == (0,) and empty.dtype == np.uint16


def test_device_input_gives_a_device_array():
    hands = random_rows("high", "jokers", 6, ROWS, seed=7)
    cpu = pokerlut.evaluate_batch(hands, game="high", wild="jokers")
    for validate in (True, False):
        got = on_gpu(cuda.to_device(hands), game="high", wild="jokers", validate=validate)
        assert not isinstance(got, np.ndarray) and is_cuda_ndarray(got)
        assert got.dtype == np.uint16 and got.shape == (ROWS,)
        assert (got.copy_to_host() == cpu).all()
    empty = on_gpu(cuda.to_device(np.empty((0, 7), np.uint8)))
    assert empty.shape == (0,) and is_cuda_ndarray(empty)


def test_device_input_of_the_wrong_type_or_shape():
    with pytest.raises(TypeError, match="hands on the device must be uint8 card ints, not int64"):
        on_gpu(cuda.to_device(np.zeros((3, 5), np.int64)))
    with pytest.raises(ValueError, match=r"hands must have shape \(n, 5\|6\|7\), not \(3, 4\)"):
        on_gpu(cuda.to_device(np.zeros((3, 4), np.uint8)))
    with pytest.raises(ValueError, match=r"hands must have shape \(n, 5\), not \(3, 7\)"):
        on_gpu(cuda.to_device(np.zeros((3, 7), np.uint8)), game="italian-4")


def test_compare_batch_on_the_gpu():
    a, b = random_rows("high", None, 7, 30, seed=8), random_rows("high", None, 7, 30, seed=9)
    cpu = pokerlut.compare_batch(a, b)
    assert (pokerlut.compare_batch(a, b, device="cuda") == cpu).all()
    got = pokerlut.compare_batch(cuda.to_device(a), cuda.to_device(b), device="cuda")
    assert isinstance(got, np.ndarray) and (got == cpu).all()
    c, d = random_rows("italian-3", None, 5, 30, seed=8), random_rows("italian-3", None, 5, 30, seed=9)
    cpu = pokerlut.compare_batch(c, d, game="italian-3")
    assert (pokerlut.compare_batch(c, d, game="italian-3", device="cuda") == cpu).all()
    with pytest.raises(ValueError, match="threads=2 is a CPU option"):
        pokerlut.compare_batch(a, b, device="cuda", threads=2)


def test_the_device_keyword():
    hands = random_rows("high", None, 5, 4, seed=10)
    with pytest.raises(ValueError, match="device must be 'cpu' or 'cuda', not 'gpu'"):
        pokerlut.evaluate_batch(hands, device="gpu")
    with pytest.raises(TypeError, match="device must be 'cpu' or 'cuda', not int: 0"):
        pokerlut.evaluate_batch(hands, device=0)
    with pytest.raises(ValueError, match="threads=2 is a CPU option: leave it out with device='cuda'"):
        pokerlut.evaluate_batch(hands, device="cuda", threads=2)
    assert (pokerlut.evaluate_batch(hands, device="cpu") == on_gpu(hands)).all()


def run_python(code: str, **env: str) -> subprocess.CompletedProcess:
    """`code` in a new Python process without the simulator (unless `env` sets it)."""
    environ = {k: v for k, v in os.environ.items() if k != "NUMBA_ENABLE_CUDASIM"}
    environ["PYTHONPATH"] = str(REPO / "src")
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env={**environ, **env}, timeout=300
    )


def test_without_numba_cuda_the_error_names_the_pip_line():
    code = (
        "import importlib.util, numpy as np, pokerlut\n"
        "find = importlib.util.find_spec\n"
        "importlib.util.find_spec = lambda name, *a: None if name == 'numba_cuda' else find(name, *a)\n"
        "try:\n"
        "    pokerlut.evaluate_batch(np.zeros((1, 5), np.uint8), device='cuda')\n"
        "except ImportError as error:\n"
        "    print('ImportError:', error)\n"
        "import sys; print(sorted(m for m in sys.modules if m.startswith('numba.cuda') or m == 'numba_cuda'))\n"
    )
    done = run_python(code)
    assert "ImportError: device='cuda' needs numba-cuda" in done.stdout, done.stdout + done.stderr
    assert "pip install 'pokerlut[gpu]'" in done.stdout and done.stdout.rstrip().endswith("[]")


@pytest.mark.skipif(ON_DEVICE, reason="a GPU is there")
def test_without_a_gpu_the_error_says_so_and_names_the_simulator():
    code = (
        "import numpy as np, pokerlut\n"
        "try:\n"
        "    pokerlut.evaluate_batch(np.zeros((1, 5), np.uint8), device='cuda')\n"
        "except RuntimeError as error:\n"
        "    print('RuntimeError:', error)\n"
    )
    done = run_python(code)
    if "RuntimeError" not in done.stdout:  # numba-cuda found a GPU after all
        pytest.skip("a CUDA GPU is there: " + done.stdout[-200:] + done.stderr[-200:])
    assert "RuntimeError: no CUDA GPU" in done.stdout and "NUMBA_ENABLE_CUDASIM=1" in done.stdout


def test_import_pokerlut_loads_no_numba_cuda():
    listed = "sorted(m for m in sys.modules if m.startswith(('numba.cuda', 'numba_cuda', 'cuda')))"
    done = run_python(f"import sys, pokerlut; print({listed})")
    assert done.stdout.strip() == "[]", done.stdout + done.stderr


def test_which_inputs_count_as_device_arrays():
    class Interface:
        __cuda_array_interface__ = {"shape": (1, 5), "typestr": "|u1", "data": (0, False), "version": 3}

    class Refuses:  # a CPU tensor's interface property raises
        @property
        def __cuda_array_interface__(self):
            raise RuntimeError("not on a GPU")

    class DLPack:
        def __init__(self, kind):
            self.kind = kind

        def __dlpack__(self, **options):
            raise AssertionError("not called to classify")

        def __dlpack_device__(self):
            return (self.kind, 0)

    assert _device.is_device_array(Interface()) and _device.is_device_array(cuda.to_device(np.zeros(3)))
    assert _device.is_device_array(DLPack(2)) and _device.is_device_array(DLPack(13))
    for host in (np.zeros((2, 5), np.uint8), [[0, 1, 2, 3, 4]], "As Ks", DLPack(1), Refuses(), 3):
        assert not _device.is_device_array(host), host


def test_warm_gpu_runs_the_batch_kernels_of_every_kind():
    from pokerlut._warm import gpu_jobs, warm_gpu

    names = {job.name for job in gpu_jobs()}
    for game in batch.kinds_of_tables():
        for width in (5, 6, 7):
            assert {
                f"gpu evaluate_batch {game} {width} checked",
                f"gpu evaluate_batch {game} {width} unchecked",
            } <= names
    assert "gpu evaluate_batch italian checked" in names
    report = warm_gpu(only=["italian unchecked"])
    assert [job.name for job in report.jobs] == ["gpu evaluate_batch italian unchecked"]
    with pytest.raises(ValueError, match="no warm job matches 'nothing'"):
        warm_gpu(only=["nothing"])


def test_tables_go_to_the_device_once_per_game():
    assert _device.device_tables(rules("high")) is _device.device_tables(rules("high"))
    assert type(_device.device_tables(rules("ace-to-five+jokers"))).__name__ == "WildSuitsIgnored"


# --- other libraries' device arrays: a real GPU only -------------------------------------------

needs_gpu = pytest.mark.skipif(
    not ON_DEVICE, reason="the simulator has no __cuda_array_interface__ (POKERLUT_GPU=device)"
)


@needs_gpu
def test_cuda_array_interface_input_with_its_stream():
    hands = random_rows("high", None, 7, ROWS, seed=11)
    stream = cuda.stream()
    produced = cuda.to_device(hands, stream=stream)  # its copy may still be running on `stream`

    class Foreign:  # what CuPy or PyTorch hands over: the interface alone, with its stream
        __cuda_array_interface__ = {**produced.__cuda_array_interface__, "stream": int(stream)}

    got = on_gpu(Foreign())
    assert not isinstance(got, np.ndarray) and "__cuda_array_interface__" in dir(got)
    assert (got.copy_to_host() == pokerlut.evaluate_batch(hands)).all()


@needs_gpu
@pytest.mark.parametrize("producer", ["cuda.core", "torch", "cupy"])
def test_dlpack_input(producer):
    hands = random_rows("ace-to-six", None, 6, ROWS, seed=12)
    if producer == "cuda.core":
        from cuda.core.utils import StridedMemoryView

        device = cuda.to_device(hands)
        source = StridedMemoryView.from_cuda_array_interface(device, stream_ptr=-1)
    elif producer == "torch":
        source = pytest.importorskip("torch").from_numpy(hands).cuda()
    else:
        source = pytest.importorskip("cupy").asarray(hands)

    class Exported:  # a DLPack producer alone (as JAX's arrays are): no __cuda_array_interface__
        def __dlpack__(self, **options):
            return source.__dlpack__(**options)

        def __dlpack_device__(self):
            return source.__dlpack_device__()

    got = on_gpu(Exported(), game="ace-to-six")
    assert (got.copy_to_host() == pokerlut.evaluate_batch(hands, game="ace-to-six")).all()


@needs_gpu
@pytest.mark.parametrize("library", ["cupy", "torch"])
def test_other_libraries_arrays(library):
    module = pytest.importorskip(library)
    hands = random_rows("high", None, 7, ROWS, seed=13)
    array = module.asarray(hands) if library == "cupy" else module.from_numpy(hands).cuda()
    assert (on_gpu(array).copy_to_host() == pokerlut.evaluate_batch(hands)).all()


# --- scripts/bench_gpu.py -------------------------------------------------------------------------


def smoke_run(tmp_path, *options):
    """scripts/bench_gpu.py --smoke (on the simulator here): its exit status, output and JSON."""
    out = tmp_path / "results-gpu.json"
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    if not ON_DEVICE:
        env["NUMBA_ENABLE_CUDASIM"] = "1"
    done = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "bench_gpu.py"), "--smoke", "--out", str(out), *options],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    return done.returncode, done.stdout + done.stderr, json.loads(out.read_text()) if out.exists() else None


def test_the_benchmark_script_smoke_run(tmp_path):
    status, output, results = smoke_run(tmp_path, "--only", "batch")
    assert status == 0, output
    assert {"machine", "batch", "smoke", "seconds"} <= set(results)
    assert results["smoke"] is True
    assert {"gpu", "driver", "numba_cuda", "simulator"} <= set(results["machine"])
    section = results["batch"]
    for key in (
        "device 7 cards checked",
        "device 7 cards unchecked",
        "device 5 cards checked",
        "device 5 cards unchecked",
        "numpy 7 cards checked",
        "numpy 7 cards unchecked",
    ):
        assert section[key]["unit"] == "hands/s" and section[key]["value"] > 0, key
    for key in ("h2d pageable", "h2d pinned"):
        assert section[key]["unit"] == "GB/s" and section[key]["value"] > 0, key
    assert section["checked against the cpu"]["value"] is True


def test_every_section_of_the_benchmark_script_runs(tmp_path):
    """The equity and matrix sections too, each figure checked against the CPU."""
    status, output, results = smoke_run(tmp_path)
    errors = {
        name: section["error"]
        for name, section in results.items()
        if isinstance(section, dict) and "error" in section
    }
    assert status == 0 and not errors, errors or output
    equity, tables = results["equity"], results["matrix"]
    rates = {k: v for k, v in equity.items() if isinstance(v, dict)}
    assert len(rates) == 3 and all(f["value"] > 0 and f["checks"] for f in rates.values())
    assert {"heads-up 4x4", "three-way 20 triples"} <= set(tables)
    for name in ("heads-up 4x4", "three-way 20 triples"):
        assert (
            tables[name]["unit"] == "s"
            and tables[name]["compute_matrix_seconds"] >= tables[name]["value"] > 0
        )
    assert (
        tables["heads-up 4x4"]["checked_class_pairs"]
        == tables["three-way 20 triples"]["checked_triples"]
        == 3
    )
