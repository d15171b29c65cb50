#!/usr/bin/env bash
# The GPU check, run on a machine with an NVIDIA GPU (numba, numba-cuda, cuda-toolkit, numpy,
# pytest there already): install pokerlut (no dependencies; where that fails, for want of the
# build backend offline, src/ on PYTHONPATH does as well), show the GPU, compile the GPU
# kernels twice (the second run must load them from numba-cuda's disk cache), run the GPU
# tests on the GPU (POKERLUT_GPU=device), then scripts/bench_gpu.py. Every step runs whatever
# the previous ones did; each one's exit status and seconds go to $OUT/steps.tsv and the
# summary at the end; the whole run keeps within BUDGET_S seconds (default 470: each step gets
# at most what is left). Four files in $OUT (the device tool brings back eight at most): every
# step's output in log.txt, steps.tsv, the benchmark's results-gpu.json, the tests' pytest.xml.
#
#   OUT=/tmp/out bash scripts/gpu_device_check.sh           # on the GPU machine
#   OUT=/tmp/out POKERLUT_GPU=sim PYTHON=.venv/bin/python bash scripts/gpu_device_check.sh --smoke
#       # here, without a GPU: numba-cuda's simulator, no install, the benchmark's smoke sizes
#
# Exit status: 0 if every step passed, else 1.
set -u
cd "$(dirname "$0")/.."
OUT=${OUT:-build/gpu-check}
PYTHON=${PYTHON:-python3}
export PYTHONPATH="$PWD/src${PYTHONPATH:+:$PYTHONPATH}" PYTHONUNBUFFERED=1
BUDGET_S=${BUDGET_S:-470}
SMOKE=""
[ "${1:-}" = "--smoke" ] && SMOKE="--smoke"
mkdir -p "$OUT"
: > "$OUT/steps.tsv"
: > "$OUT/log.txt"
START=$(date +%s)
FAILED=0

if [ "${POKERLUT_GPU:-device}" = "sim" ]; then
    export NUMBA_ENABLE_CUDASIM=1
    unset POKERLUT_GPU
    SIM=1
else
    export POKERLUT_GPU=device
    unset NUMBA_ENABLE_CUDASIM
    SIM=0
fi

# step NAME CAP_SECONDS COMMAND...: run COMMAND with at most min(CAP, time left), its output
# into $OUT/log.txt (its end on screen), its status and seconds into steps.tsv.
step() {
    local name=$1 cap=$2
    shift 2
    local left=$((BUDGET_S - ($(date +%s) - START)))
    [ "$cap" -gt "$left" ] && cap=$left
    if [ "$cap" -lt 5 ]; then
        printf '%s\tskipped\t0\t(no time left)\n' "$name" | tee -a "$OUT/steps.tsv"
        FAILED=1
        return
    fi
    echo "=== $name (at most ${cap} s): $*" | tee -a "$OUT/log.txt"
    local began=$(date +%s) output
    output=$(mktemp)
    timeout --kill-after=10 "$cap" "$@" > "$output" 2>&1
    local rc=$?
    cat "$output" >> "$OUT/log.txt"
    tail -n 30 "$output"
    rm -f "$output"
    printf '%s\t%s\t%s\n' "$name" "$rc" "$(($(date +%s) - began))" | tee -a "$OUT/steps.tsv"
    [ "$rc" -ne 0 ] && FAILED=1
}

WARM_GPU='
import json, sys
from pokerlut._warm import warm_gpu
report = warm_gpu()
print(json.dumps(report.to_dict(), indent=1))
print("GPU kernels compiled:", report.kernels, "| loaded from the cache:", sum(j.loaded for j in report.jobs),
      "| seconds:", round(report.seconds, 1))
if sys.argv[1] == "again" and report.kernels and not int(sys.argv[2]):
    sys.exit("the second warm-up compiled again: numba-cuda did not load its disk cache")
'
WARM_CPU='
from pokerlut._warm import warm
report = warm(only=["evaluate_batch", "compare_batch"])
print(report.kernels, "CPU kernels in", round(report.seconds, 1), "s")
'

if [ "$SIM" = 1 ]; then
    printf 'install\tskipped\t0\t(simulator)\n' | tee -a "$OUT/steps.tsv"
else
    step install 90 "$PYTHON" -m pip install --no-deps --no-build-isolation -e .
fi
step nvidia-smi 20 nvidia-smi
step versions 30 "$PYTHON" -c "import numba, numba_cuda, numpy, pokerlut; from numba import cuda; print('numba', numba.__version__, '| numba-cuda', numba_cuda.__version__, '| numpy', numpy.__version__); cuda.detect()"
step warm-cpu 90 "$PYTHON" -c "$WARM_CPU"
step warm-gpu 150 "$PYTHON" -c "$WARM_GPU" first "$SIM"
step warm-gpu-again 60 "$PYTHON" -c "$WARM_GPU" again "$SIM"
# the test files side by side where pytest-xdist is there (the PTX compiles use the CPUs alone)
PARALLEL=""
[ "$SIM" = 0 ] && "$PYTHON" -c "import xdist" 2>/dev/null && PARALLEL="-n 4 --dist loadfile"
step pytest 330 "$PYTHON" -m pytest -q -p no:cacheprovider -o addopts="" $PARALLEL --junitxml="$OUT/pytest.xml" \
    tests/test_gpu_*.py
step bench 200 "$PYTHON" scripts/bench_gpu.py $SMOKE --out "$OUT/results-gpu.json"

echo "=== summary (step, exit status, seconds): $(($(date +%s) - START)) s in all"
cat "$OUT/steps.tsv"
exit "$FAILED"
