"""The GPU benchmarks (`make bench-gpu`): figures with their units, the GPU, its driver and
numba-cuda's version, as JSON into --out (default benchmarks/results-gpu.json).

Sections: "batch" (`evaluate_batch(device="cuda")`: random 7- and 5-card hands already on the
device, checked and unchecked; numpy in and numpy out; host-to-device copies from pageable and
pinned memory), "equity" (Monte Carlo and exact, `equity(device="cuda")`) and "matrix" (the
exact preflop tables, `compute_matrix(device="cuda")`). Every result is checked
against the CPU before a figure is reported, every kernel compiled before it is timed, and
the random hands come from fixed seeds. On one GPU the whole run takes under three minutes.

``--smoke``: tiny sizes, one repeat, for numba-cuda's simulator (``NUMBA_ENABLE_CUDASIM=1``,
no GPU; tests/test_gpu_batch.py runs it so): the figures then only show that it runs.

Exit status 1 if a section failed (its error is in the JSON under "error"); 2 if a GPU result
differs from the CPU's (no figure of that section is reported).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import importlib.util
import json
import os
import platform
import shutil
import subprocess
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

REPO = Path(__file__).resolve().parent.parent
SEED = 46


class Mismatch(AssertionError):
    """A GPU result that is not the CPU's."""


def random_hands(n: int, width: int, seed: int, deck: int = 52, block: int = 1 << 20) -> np.ndarray:
    """n rows of `width` distinct cards 0..deck-1 (uint8), by a partial Fisher-Yates shuffle
    of each row, a block of rows at a time."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, width), np.uint8)
    for start in range(0, n, block):
        m = min(block, n - start)
        cards = np.tile(np.arange(deck, dtype=np.uint8), (m, 1))
        rows = np.arange(m)
        for j in range(width):
            k = rng.integers(j, deck, m)
            taken = cards[rows, k]
            cards[rows, k] = cards[rows, j]
            cards[rows, j] = taken
        out[start : start + m] = cards[:, :width]
    return out


def best_seconds(run: Callable[[], object], repeats: int) -> float:
    """The fastest of `repeats` timed calls of `run` (each returns when its work is done)."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def figure(value: float, unit: str, **about: Any) -> dict[str, Any]:
    return {"value": value, "unit": unit, **about}


def machine(cuda: Any, simulator: bool) -> dict[str, Any]:
    """The GPU, its driver, the CUDA and library versions."""
    about: dict[str, Any] = {
        "simulator": simulator,
        "numba_cuda": importlib.metadata.version("numba-cuda"),
        "numba": importlib.metadata.version("numba"),
        "numpy": np.__version__,
        "python": platform.python_version(),
        "cpu": platform.processor() or platform.machine(),
        "cpu_count": os.cpu_count(),
    }
    if simulator:
        return {**about, "gpu": "numba-cuda simulator (no GPU)", "driver": None}
    device = cuda.get_current_device()
    name = device.name
    about["gpu"] = name.decode() if isinstance(name, bytes) else str(name)
    about["compute_capability"] = list(device.compute_capability)
    about["multiprocessors"] = int(device.MULTIPROCESSOR_COUNT)
    about["driver"] = None
    if shutil.which("nvidia-smi"):
        found = subprocess.run(
            ["nvidia-smi", "--query-gpu=driver_version,memory.total", "--format=csv,noheader"],
            capture_output=True,
            text=True,
        )
        if found.returncode == 0 and found.stdout.strip():
            driver, memory = (part.strip() for part in found.stdout.splitlines()[0].split(",", 1))
            about["driver"], about["gpu_memory"] = driver, memory
    try:
        from numba.cuda.cudadrv import driver as cuda_driver, runtime

        about["cuda_driver_api"] = ".".join(map(str, cuda_driver.driver.get_version()))
        about["cuda_runtime"] = ".".join(map(str, runtime.runtime.get_version()))
    except Exception as error:  # versions are extras: keep the run going
        about["cuda_versions_error"] = repr(error)
    return about


def bench_batch(smoke: bool) -> dict[str, Any]:
    """`evaluate_batch(device="cuda")`: device-resident hands, numpy in and out, and H2D copies."""
    import pokerlut
    from pokerlut._gpu import _device

    cuda = _device.cuda()
    n = 64 if smoke else 1 << 25
    repeats = 1 if smoke else 5
    sample = n if smoke else 1 << 17  # rows compared with the CPU
    out: dict[str, Any] = {}
    checked_rows = 0
    for width in (7, 5):
        hands = random_hands(n, width, SEED + width)
        cpu = pokerlut.evaluate_batch(hands[:sample])
        on_device = cuda.to_device(hands)
        for validate in (True, False):

            def run(on_device: Any = on_device, validate: bool = validate) -> Any:
                return pokerlut.evaluate_batch(on_device, validate=validate, device="cuda")

            got = run().copy_to_host()  # compiles, then checks: every row's strength
            if not (got[:sample] == cpu).all():
                raise Mismatch(f"device {width} cards {'checked' if validate else 'unchecked'}")
            checked_rows += sample
            seconds = best_seconds(run, repeats)
            out[f"device {width} cards {'checked' if validate else 'unchecked'}"] = figure(
                n / seconds, "hands/s", rows=n, seconds=seconds
            )
        del on_device
        if width == 7:  # numpy in, numpy out: streamed through pinned buffers
            for validate in (True, False):

                def host(validate: bool = validate) -> Any:
                    return pokerlut.evaluate_batch(hands, validate=validate, device="cuda")

                got = host()
                if not (got[:sample] == cpu).all():
                    raise Mismatch(f"numpy {width} cards")
                checked_rows += sample
                seconds = best_seconds(host, repeats)
                out[f"numpy {width} cards {'checked' if validate else 'unchecked'}"] = figure(
                    n / seconds, "hands/s", rows=n, seconds=seconds
                )
    size = (1 << 16) if smoke else (1 << 28)  # bytes copied to the device
    pageable = np.ones(size, np.uint8)
    pinned = cuda.pinned_array(size, np.uint8)
    pinned[:] = 1
    target = cuda.device_array(size, np.uint8)
    for name, source in (("pageable", pageable), ("pinned", pinned)):

        def copy(source: Any = source) -> None:
            target.copy_to_device(source)
            cuda.synchronize()

        copy()
        seconds = best_seconds(copy, repeats)
        out[f"h2d {name}"] = figure(size / seconds / 1e9, "GB/s", bytes=size, seconds=seconds)
    if not (target.copy_to_host()[:: max(1, size // 4096)] == 1).all():
        raise Mismatch("h2d copy")
    out["checked against the cpu"] = figure(True, "bool", rows=checked_rows)
    return out


SIX_WAY = ["AsAh", "KsKh", "QcQd", "JcTc", "9h8h", "7d7s"]  # benchmarks/test_bench_equity.py's


def bench_equity(smoke: bool, seed: int = 7) -> dict[str, dict[str, Any]]:
    """Equity on the GPU (`pokerlut._gpu.equity`): a figure per benchmark, each timed after a
    small call that compiles its kernel and reported only once its checks pass. `smoke`: tiny
    sizes (for the simulator).

    - Monte Carlo heads-up preflop (AsAh vs KsKh), boards/s: the equity within 4 standard
      errors of the exact 0.826366, and the counts of a smaller run equal to the CPU kernel's
      on the same random streams (`cpu_reference`);
    - Monte Carlo 6-way preflop (`SIX_WAY`), player-hands/s: each player's equity within 4
      standard errors of the CPU's exact figure, a smaller run equal to the CPU kernel's;
    - exact heads-up preflop (with `smoke`: on a flop), boards/s: equal to the CPU's exactly.

    Returns {name: {"value": rate, "unit": ..., "seconds": ..., "checks": [what was checked,
    in words]}}; Mismatch naming the check when a GPU result is not the CPU's.
    """
    from pokerlut import equity
    from pokerlut._gpu.equity import cpu_reference, simulated_outcomes
    from pokerlut._equity.board import BoardSetup
    from pokerlut._equity.deal import resolve_deal

    figures = {}
    for name, hands, trials, same_trials in (
        ("Monte Carlo heads-up preflop (AsAh KsKh)", ["AsAh", "KsKh"], 1 << 30, 1 << 20),
        ("Monte Carlo 6-way preflop", SIX_WAY, 1 << 27, 1 << 18),
    ):
        if smoke:
            trials, same_trials = 2_000, 1_000
        exact = equity(hands)
        equity(hands, trials=1_000, seed=seed, device="cuda")  # compiles
        start = time.perf_counter()
        result = equity(hands, trials=trials, seed=seed, device="cuda")
        seconds = time.perf_counter() - start
        gap = max(
            abs(p.equity - q.equity) / max(p.stderr, 1e-300) for p, q in zip(result.players, exact.players)
        )
        setup = BoardSetup(hands, "", "", resolve_deal("holdem"))
        outcomes = simulated_outcomes(setup, same_trials, seed, None)[0]
        same = bool((outcomes == cpu_reference(setup, same_trials, seed) / same_trials).all())
        checks = [
            f"equity {result.players[0].equity:.6f} (exact {exact.players[0].equity:.6f}); "
            f"the largest gap to the exact equities {gap:.2f} standard errors",
            f"{same_trials:,} trials equal to the CPU kernel's on the same streams: {same}",
        ]
        rate, unit = result.dealt * len(hands) / seconds, "player-hands/s"
        if len(hands) == 2:
            rate, unit = result.dealt / seconds, "boards/s"
        figures[name] = equity_figure(rate, unit, seconds, gap < 4 and same, checks)

    hands, board = ["AsAh", "KsKh"], "Kd 7c 2h" if smoke else ""
    cpu = equity(hands, board)
    equity(hands, "Kd 7c 2h 3s", device="cuda")  # compiles
    start = time.perf_counter()
    result = equity(hands, board, device="cuda")
    seconds = time.perf_counter() - start
    same = result.exact and all(
        (p.win, p.tie, p.equity) == (q.win, q.tie, q.equity) for p, q in zip(result.players, cpu.players)
    )
    name = f"exact heads-up {'on the flop' if smoke else 'preflop'} (AsAh KsKh)"
    checks = [f"{result.dealt:,} boards, equal to the CPU's: {same}"]
    figures[name] = equity_figure(result.dealt / seconds, "boards/s", seconds, bool(same), checks)
    return figures


def equity_figure(rate: float, unit: str, seconds: float, ok: bool, checks: list[str]) -> dict[str, Any]:
    if not ok:
        raise Mismatch("; ".join(checks))
    return {"value": rate, "unit": unit, "seconds": seconds, "checks": checks}


SMOKE_CLASSES = ["AA", "KK", "T9s", "72o"]  # the class subset of `bench_matrix(smoke=True)`


def bench_matrix(smoke: bool, three: bool = True, checks: int = 3) -> dict[str, Any]:
    """The tables on the GPU: the heads-up matrix of all 169 classes and (`three`) the
    three-way table of all 818,805 class triples. Each is computed once to compile its kernels,
    `checks` of its entries (first, middle, last: pairs of classes, or triples) compared with
    the CPU's exact counts (`Mismatch` if one differs), then timed in
    ``compute_matrix(device="cuda")``: the GPU's work (copies included: the run's
    task_seconds) and the whole call (planning and the Parquet file included), in seconds.
    `smoke`: the classes of `SMOKE_CLASSES` (for the simulator).
    """
    import tempfile

    from pokerlut import matrix
    from pokerlut._gpu.matrix import count_pairs, count_triples
    from pokerlut.matrix._heads_up import pairs_chunk

    classes = SMOKE_CLASSES if smoke else None
    out: dict[str, Any] = {}

    def picks(n: int) -> list[int]:
        return sorted({round(k * (n - 1) / max(1, checks - 1)) for k in range(checks)}) if n else []

    def timed(call: Callable[[], Any]) -> tuple[Any, float]:
        start = time.perf_counter()
        result = call()
        return result, time.perf_counter() - start

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "matrix.parquet"
        the_plan = matrix.plan(classes)
        rows, first = timed(lambda: count_pairs(the_plan, matrix.BOARDS))
        found = [item for chunk in the_plan.chunks for item in chunk]
        for k in picks(len(found)):
            cpu = pairs_chunk([found[k]])["rows"]
            for column in ("win", "tie", "lose"):
                if cpu[column][0] != rows[column][k]:
                    i, j = found[k][0], found[k][1]
                    raise Mismatch(f"heads-up {the_plan.classes[i]} against {the_plan.classes[j]}: {column}")
        run = matrix.compute_matrix(path, classes, device="cuda", progress=False)
        out[f"heads-up {run.classes}x{run.classes}"] = {
            "value": run.task_seconds,
            "unit": "s",
            "compute_matrix_seconds": run.wall_seconds,
            "first_call_seconds": first,
            "canonical_pairs": run.canonical_pairs,
            "checked_class_pairs": len(picks(len(found))),
        }
        if three:
            plan3 = matrix.plan3(classes)
            index = np.array([matrix.CLASSES.index(c) for c in plan3.classes], np.int64)
            every = index[np.concatenate(plan3.chunks)]
            counted, first = timed(lambda: count_triples(every, matrix.class_arrays(), matrix.BOARDS3))
            picked = picks(len(every))
            cpu3 = matrix.count_triples(every[picked])
            for key in ("counts", "deals", "patterns"):
                if not np.array_equal(cpu3[key], counted[key][picked]):
                    raise Mismatch(f"three-way {every[picked].tolist()}: {key}")
            run3 = matrix.compute_matrix(path, classes, n_players=3, device="cuda", progress=False)
            out[f"three-way {run3.class_triples:,} triples"] = {
                "value": run3.task_seconds,
                "unit": "s",
                "compute_matrix_seconds": run3.wall_seconds,
                "first_call_seconds": first,
                "dealable_triples": run3.dealable_triples,
                "checked_triples": len(picked),
            }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "benchmarks" / "results-gpu.json")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, one repeat (the simulator)")
    parser.add_argument(
        "--only", nargs="+", choices=("batch", "equity", "matrix"), help="these sections alone (default: all)"
    )
    args = parser.parse_args(argv)

    from pokerlut._gpu import _device

    cuda = _device.cuda()
    simulator = _device.simulator()
    start = time.perf_counter()
    results: dict[str, Any] = {
        "smoke": args.smoke,
        "machine": machine(cuda, simulator),
        "started": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }
    status = 0
    sections: list[tuple[str, Callable[[], dict[str, Any]]]] = [("batch", lambda: bench_batch(args.smoke))]
    sections += [("equity", lambda: bench_equity(args.smoke)), ("matrix", lambda: bench_matrix(args.smoke))]
    for name, run in sections:
        if args.only and name not in args.only:
            continue
        began = time.perf_counter()
        try:
            section = run()
        except Mismatch as error:
            section, status = {"error": f"GPU result differs from the CPU's: {error}"}, 2
        except Exception as error:
            section = {"error": f"{type(error).__name__}: {error}", "traceback": traceback.format_exc()}
            status = max(status, 1)
        section.setdefault("seconds_total", time.perf_counter() - began)
        results[name] = section
        print(f"{name}: {json.dumps(section, default=str)[:2000]}", flush=True)
    results["seconds"] = time.perf_counter() - start
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2, default=str) + "\n")
    print(f"wrote {args.out} in {results['seconds']:.1f} s (status {status})")
    return status


if __name__ == "__main__":
    sys.exit(main())
