#!/usr/bin/env bash
# One interleaved run: build (from $TMPDIR/native-peers), verify per-hand agreement once, then ROUNDS
# rounds in which every contender runs once (order rotated each round), each timing every metric
# REPS times (after one untimed warm-up call) on one thread. The log goes to
# results/run_<UTC time>.log with the summary at its end.
# Contenders: pokerlut, and each native peer in two builds (bench_<peer>: -march=native /
# target-cpu=native; bench_<peer>-generic: default target), see build.sh.
# Env: ROUNDS (5), REPS (3), PY ($PROJECT/.venv/bin/python), NP ($TMPDIR/native-peers), SKIP_BUILD=1,
#      OWN_BENCH=0 to skip OMPEval's own benchmark program at the end.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
: "${TMPDIR:=/tmp}"
PROJECT=${PROJECT:-$PWD}  # run from the project root
NP=${NP:-$TMPDIR/native-peers}; PY=${PY:-$PROJECT/.venv/bin/python}
ROUNDS=${ROUNDS:-5}; REPS=${REPS:-3}
BIN=$NP/build/bin; H7=$NP/data/hands7.u8; H5=$NP/data/hands5.u8
# numba's cache for pokerlut's kernels goes here, so that nothing is written under the project checkout
export NUMBA_CACHE_DIR=${NUMBA_CACHE_DIR:-$NP/numba-cache}
mkdir -p "$NP/results"
LOG=$NP/results/run_$(date -u +%Y%m%dT%H%M%SZ).log
[ "${SKIP_BUILD:-0}" = 1 ] || NP=$NP "$HERE/build.sh" > "$NP/build.log" 2>&1 || { tail -30 "$NP/build.log"; exit 1; }

contenders=()
for p in ompeval pheval hhe; do
  for s in "" -generic -avx2; do [ -x "$BIN/bench_$p$s" ] && contenders+=("$p$s"); done
done
contenders+=(pokerlut pokerlut-avx2 pokerlut-generic)
[ -n "${ONLY:-}" ] && contenders=($ONLY)
run() {
  case $1 in
    pokerlut) "$PY" "$HERE/bench_pokerlut.py" "$H7" "$H5" --reps "$REPS" --only "${PL_ONLY:-}" ;;
    pokerlut-avx2) POKERLUT_NAME=$1 NUMBA_CPU_NAME=x86-64 NUMBA_CPU_FEATURES=+sse2,+sse4.2,+avx,+avx2,+popcnt,+bmi,+bmi2,+lzcnt,+fma NUMBA_CACHE_DIR=$NUMBA_CACHE_DIR-avx2 "$PY" "$HERE/bench_pokerlut.py" "$H7" "$H5" --reps "$REPS" --only "${PL_ONLY:-}" ;;
    pokerlut-generic) POKERLUT_NAME=$1 NUMBA_CPU_NAME=generic NUMBA_CACHE_DIR=$NUMBA_CACHE_DIR-generic "$PY" "$HERE/bench_pokerlut.py" "$H7" "$H5" --reps "$REPS" --only "${PL_ONLY:-}" ;;
    *) "$BIN/bench_$1" "$H7" "$H5" --reps "$REPS" ;;
  esac
}
{
  echo "# run_all.sh $(date -u +%FT%TZ)  rounds=$ROUNDS reps=$REPS (min over rounds*reps per metric)"
  echo "# host: $(uname -srm); $(lscpu | sed -n 's/^Model name: *//p'); $(nproc) CPUs; $(free -g | awk '/Mem:/{print $2}') GiB"
  echo "# g++: $(g++ --version | head -1); rustc: $(rustc --version 2>/dev/null || echo none)"
  echo "# flags <peer>: C/C++ -O3 -march=native (OMPEval: its Makefile, + -std=c++11 -pthread; PHEvaluator: CMake"
  echo "#   Release, + -DNDEBUG); Rust: --release (opt-level 3, lto=thin, codegen-units=1), RUSTFLAGS=-C target-cpu=native"
  echo "# flags <peer>-generic: the same without -march=native / target-cpu=native (default x86-64 target)"
  echo "# flags <peer>-avx2: the same with -march=x86-64-v3 / target-cpu=x86-64-v3 (AVX2); pokerlut-avx2 and pokerlut-generic: numba's target cut to AVX2 / generic"
  echo "# python: $("$PY" -c 'import sys, numba, numpy; print(sys.version.split()[0], "numba", numba.__version__, "numpy", numpy.__version__)'); NUMBA_CACHE_DIR=$NUMBA_CACHE_DIR"
  echo "# pokerlut: $PROJECT $(git -C "$PROJECT" rev-parse --short HEAD 2>/dev/null)$(git -C "$PROJECT" status --porcelain 2>/dev/null | grep -q . && echo ' (+uncommitted changes)')"
  for r in zekyll+OMPEval HenryRLee+PokerHandEvaluator b-inary+holdem-hand-evaluator; do
    g=${MIRROR:?set MIRROR to the folder holding <owner>+<repo>/repo snapshots}/$r/repo; [ -d "$g" ] && echo "# peer $r $(git --git-dir="$g" rev-parse --short HEAD)"
  done
  echo "# gather instructions per binary: $(for f in "$BIN"/bench_*; do printf '%s=%s ' "${f##*/bench_}" "$(objdump -d "$f" | grep -c gather || true)"; done)"
  echo "# hands: $H7 $(sha256sum < "$H7" | cut -c1-16), $H5 $(sha256sum < "$H5" | cut -c1-16)"
  echo "## verification (untimed; the -march=native builds; the -generic builds' checksums are compared in the summary)"
  mkdir -p "$NP/verify"
  for c in ompeval pheval hhe; do [ -x "$BIN/bench_$c" ] && "$BIN/bench_$c" "$H7" "$H5" --dump "$NP/verify"; done
  "$PY" "$HERE/verify.py" "$H7" "$H5" "$NP/verify"
  rm -f "$NP"/verify/*.u16
  n=${#contenders[@]}
  for ((round = 1; round <= ROUNDS; round++)); do
    order=()
    for ((i = 0; i < n; i++)); do order+=("${contenders[$(( (i + round - 1) % n ))]}"); done
    echo "## round $round: ${order[*]}   load: $(cut -d' ' -f1-3 /proc/loadavg)"
    for c in "${order[@]}"; do run "$c"; done
  done
  echo "## end   load: $(cut -d' ' -f1-3 /proc/loadavg)"
  if [ "${OWN_BENCH:-1}" = 1 ]; then
    for s in "" -generic; do
      [ -x "$NP/build/ompeval$s/test" ] || continue
      echo "## OMPEval's own test + benchmark program, build ompeval$s (informational, not in the summary)"
      (cd "$NP/build/ompeval$s" && ./test) | sed -n '/=== Benchmarks/,$p' | sed 's/^/  | /'
    done
  fi
} 2>&1 | tee "$LOG"
{ echo "## summary"; "$PY" "$HERE/summarize.py" "$LOG"; } | tee -a "$LOG"
echo "log: $LOG"
