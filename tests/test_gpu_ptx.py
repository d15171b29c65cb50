"""Every GPU kernel compiles for a real GPU (an H200: compute capability 9.0), here without one.

numba-cuda's simulator runs kernels as Python, which proves nothing about compiling them, and
`cuda.compile_ptx` does not work under it: so a subprocess without NUMBA_ENABLE_CUDASIM imports
each module of `pokerlut._gpu` that exists (`MODULES`), takes its `ptx_kernels()` -- (name,
Python function, argument types) for every kernel and every kind of tables or game it is
launched with -- compiles each to PTX for cc 9.0 (a stand-in device answers numba-cuda's
question for the current device's compute capability), and, where NVIDIA's `ptxas` is found,
assembles the PTX for sm_90. Any kernel that fails fails the test. It skips only when
numba-cuda, libNVVM or NVRTC cannot be loaded, and says which.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
MODULES = ("batch", "equity", "matrix")  # pokerlut._gpu's modules of kernels
PTXAS = next(
    (p for p in ("/usr/local/cuda-13.0/bin/ptxas", shutil.which("ptxas")) if p and os.access(p, os.X_OK)),
    None,
)

SCRIPT = r"""
import importlib, importlib.util, json, subprocess, sys, tempfile, time, traceback

modules, ptxas = json.loads(sys.argv[1]), sys.argv[2] or None
try:
    from numba import cuda
except Exception as error:
    print(json.dumps({"skip": f"numba-cuda does not load: {error!r}"}))
    sys.exit(0)
try:
    from numba.cuda.cudadrv import nvvm
    nvvm.NVVM().get_version()
except Exception as error:
    print(json.dumps({"skip": f"libNVVM cannot be loaded (cuda-toolkit[nvvm]): {error!r}"}))
    sys.exit(0)
try:
    from numba.cuda.cudadrv.nvrtc import _get_nvrtc_version
    _get_nvrtc_version()
except Exception as error:
    print(json.dumps({"skip": f"NVRTC cannot be loaded (cuda-toolkit[nvrtc]): {error!r}"}))
    sys.exit(0)

import numba.cuda.dispatcher as dispatcher

class StandIn:  # no GPU here: numba-cuda asks the current device's cc when it compiles a callee
    compute_capability = (9, 0)

dispatcher.get_current_device = lambda: StandIn()

report = {"modules": {}, "kernels": []}
for name in modules:
    if importlib.util.find_spec(f"pokerlut._gpu.{name}") is None:
        report["modules"][name] = "absent"
        continue
    try:
        module = importlib.import_module(f"pokerlut._gpu.{name}")
        listed = module.ptx_kernels()
    except Exception:
        report["modules"][name] = "error: " + traceback.format_exc()
        continue
    report["modules"][name] = len(listed)
    for kernel, function, argtypes in listed:
        entry = {"module": name, "name": kernel}
        start = time.perf_counter()
        try:
            ptx, _ = cuda.compile_ptx(function, argtypes, cc=(9, 0))
            entry["ptx_bytes"] = len(ptx)
            entry["entry"] = ".entry" in ptx and ".target sm_90" in ptx
            if ptxas:
                with tempfile.NamedTemporaryFile("w", suffix=".ptx") as file:
                    file.write(ptx)
                    file.flush()
                    done = subprocess.run(
                        [ptxas, "-arch=sm_90", file.name, "-o", "/dev/null"], capture_output=True, text=True
                    )
                entry["ptxas"] = done.returncode == 0
                if done.returncode:
                    entry["error"] = "ptxas: " + done.stderr[-2000:]
        except Exception:
            entry["error"] = traceback.format_exc()[-4000:]
        entry["seconds"] = round(time.perf_counter() - start, 2)
        report["kernels"].append(entry)
# the batch kernels' dispatchers, with numba-cuda's disk cache, are made without a GPU too
try:
    from pokerlut._gpu import batch
    for width in (5, 6, 7):
        for check in (True, False):
            batch.rows_kernel(width, check)
    batch.rows_kernel(5, True, True)
    report["dispatchers"] = "ok"
except Exception:
    report["dispatchers"] = traceback.format_exc()
print(json.dumps(report))
"""


def test_every_gpu_kernel_compiles_to_ptx_for_sm_90():
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_ENABLE_CUDASIM"}
    env["PYTHONPATH"] = os.pathsep.join([str(REPO / "src"), *filter(None, [env.get("PYTHONPATH")])])
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps(MODULES), PTXAS or ""],
        capture_output=True,
        text=True,
        env=env,
        timeout=1800,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    if "skip" in report:
        pytest.skip(report["skip"])
    broken = {name: state for name, state in report["modules"].items() if str(state).startswith("error")}
    assert not broken, broken
    assert isinstance(report["modules"]["batch"], int) and report["modules"]["batch"] > 0
    failed = [k for k in report["kernels"] if "error" in k or not k.get("entry")]
    assert not failed, "\n\n".join(
        f"{k['module']}: {k['name']}\n{k.get('error', 'no .entry')}" for k in failed
    )
    if PTXAS:
        assert all(k["ptxas"] for k in report["kernels"])
    assert report["dispatchers"] == "ok", report["dispatchers"]
    # every kind of tables and row width of the batch kernels, checked and unchecked, and Italian poker's
    batch = {k["name"] for k in report["kernels"] if k["module"] == "batch"}
    kinds = ("SuitsSettle", "SuitsIgnored", "SuitsMixed", "Wild", "WildSuitsIgnored")
    for kind in kinds:
        for width in (5, 6, 7):
            for check in ("checked", "unchecked"):
                assert f"batch rows {kind} width {width} {check}" in batch
    assert {"batch rows italian checked", "batch rows italian unchecked"} <= batch
