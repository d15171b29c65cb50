#!/usr/bin/env bash
# Build the native peers and their benchmarks under $TMPDIR/native-peers (nothing is written here).
#   sources: $NP/src/<owner>+<repo>   (extracted from the bare git dirs in $MIRROR if absent)
#   builds:  $NP/build/...            binaries: $NP/build/bin/   shared hands: $NP/data/
# Every peer is built three times (VARIANTS, default "native generic avx2"), library and benchmark alike:
#   bench_<peer>          -O3 -march=native (Rust: -C target-cpu=native)
#   bench_<peer>-generic  the peer's own default flags, default x86-64 target (no -march=native)
#   bench_<peer>-avx2     -O3 -march=x86-64-v3 (Rust: -C target-cpu=x86-64-v3): AVX2, as a CPU without AVX-512
# (-march=native turned out slower for some of them on some machines; -avx2 is the level a CPU
# without AVX-512 runs, to set beside pokerlut with numba's target cut to AVX2.)
# Env: NP (default $TMPDIR/native-peers), MIRROR (folder holding the <owner>+<repo>/repo snapshots; required).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
: "${TMPDIR:=/tmp}"
PROJECT=${PROJECT:-$PWD}  # run from the project root
NP=${NP:-$TMPDIR/native-peers}
MIRROR=${MIRROR:?set MIRROR to the folder holding <owner>+<repo>/repo snapshots}
SRC=$NP/src; B=$NP/build; BIN=$B/bin
mkdir -p "$SRC" "$BIN" "$NP/data"

# Extract HEAD of a bare repo blob by blob (some of PHEvaluator's large PLO table blobs are
# absent from the snapshot, which makes `git archive` fail; none of them is needed here).
extract() {
  local name=$1 git=$MIRROR/$1/repo dest=$SRC/$1
  [ -d "$dest" ] && return 0
  [ -d "$git" ] || { echo "missing $git: put a bare git snapshot of github.com/${name/+//} there first" >&2; return 1; }
  mkdir -p "$dest"
  git --git-dir="$git" ls-tree -r HEAD | while read -r mode type sha path; do
    [ "$type" = blob ] || continue
    mkdir -p "$dest/$(dirname "$path")"
    git --git-dir="$git" cat-file blob "$sha" > "$dest/$path" 2>/dev/null \
      || { rm -f "$dest/$path"; echo "  (absent from snapshot: $name/$path)"; }
  done
  echo "extracted $name at $(git --git-dir="$git" rev-parse HEAD)"
}
extract zekyll+OMPEval
extract HenryRLee+PokerHandEvaluator
extract b-inary+holdem-hand-evaluator || true

echo "== shared random hands"
g++ -O2 -o "$BIN/gen_hands" "$HERE/gen_hands.cpp"
[ -f "$NP/data/hands7.u8" ] || "$BIN/gen_hands" "$NP/data/hands7.u8" 7 10000000 20261129
[ -f "$NP/data/hands5.u8" ] || "$BIN/gen_hands" "$NP/data/hands5.u8" 5 10000000 20261130

for variant in ${VARIANTS:-native generic avx2}; do
  case $variant in native) ARCH="-march=native"; SUF="";; generic) ARCH=""; SUF="-generic";; avx2) ARCH="-march=x86-64-v3"; SUF="-avx2";; esac

  echo "== OMPEval ($variant): its Makefile with CXXFLAGS='$ARCH' (it adds -O3 -std=c++11 -Wall -Wpedantic -pthread)"
  O=$B/ompeval$SUF
  rm -rf "$O"; cp -r "$SRC/zekyll+OMPEval" "$O"
  # Two source fixes g++ 12 needs (the 2016 code built with older compilers), in the build copy only:
  # its RNG's min()/max() must be constexpr for std::shuffle, and EquityCalculator.h uses
  # std::function without including <functional>. Neither touches evaluation or enumeration code.
  sed -i 's/static uint64_t min()/static constexpr uint64_t min()/; s/static uint64_t max()/static constexpr uint64_t max()/' "$O/omp/Random.h"
  sed -i 's/^#include <chrono>$/#include <chrono>\n#include <functional>/' "$O/omp/EquityCalculator.h"
  ( cd "$O" && CXXFLAGS="$ARCH" make -j2 lib/ompeval.a test )   # test = its tests + benchmark.cpp
  g++ -O3 $ARCH -std=c++17 -pthread -DBUILD_SUFFIX="\"$SUF\"" -I"$O" -o "$BIN/bench_ompeval$SUF" \
    "$HERE/bench_ompeval.cpp" "$O/lib/ompeval.a"

  echo "== PHEvaluator ($variant): CMake Release (-O3 -DNDEBUG), target pheval, extra C/CXX flags '$ARCH'"
  P=$B/pheval$SUF
  rm -rf "$P"
  cmake -S "$SRC/HenryRLee+PokerHandEvaluator/cpp" -B "$P" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_FLAGS="-O3 $ARCH" -DCMAKE_CXX_FLAGS="-O3 $ARCH" -DBUILD_TESTS=OFF -DBUILD_EXAMPLES=OFF \
    -DBUILD_PLO4=OFF -DBUILD_PLO5=OFF -DBUILD_PLO6=OFF > "$P.cmake.log"
  cmake --build "$P" --target pheval -j2 -- VERBOSE=1 > "$P.build.log"
  grep -m1 -o "cc .*evaluator7.c.o -c" "$P.build.log" || true
  g++ -O3 $ARCH -std=c++17 -DBUILD_SUFFIX="\"$SUF\"" -I"$SRC/HenryRLee+PokerHandEvaluator/cpp/include" \
    -o "$BIN/bench_pheval$SUF" "$HERE/bench_pheval.cpp" "$P/libpheval.a"

  echo "== holdem-hand-evaluator ($variant): bench crate with a path dependency, cargo build --release --offline"
  if [ -d "$SRC/b-inary+holdem-hand-evaluator" ] && command -v cargo > /dev/null; then
    rm -rf "$B/hhe_bench"; cp -r "$HERE/hhe_bench" "$B/hhe_bench"
    RF=""; [ $variant = native ] && RF="-C target-cpu=native"; [ $variant = avx2 ] && RF="-C target-cpu=x86-64-v3"
    if CARGO_TARGET_DIR="$B/hhe-target$SUF" RUSTFLAGS="$RF" BUILD_SUFFIX="$SUF" \
         cargo build --release --offline --manifest-path "$B/hhe_bench/Cargo.toml"; then
      cp "$B/hhe-target$SUF/release/hhe_bench" "$BIN/bench_hhe$SUF"
    else
      echo "holdem-hand-evaluator: offline build failed; skipped" >&2; rm -f "$BIN/bench_hhe$SUF"
    fi
  fi
done
echo "== gather instructions in each benchmark binary (LLVM/GCC auto-vectorisation)"
for f in "$BIN"/bench_*; do echo "  $(basename "$f"): $(objdump -d --no-show-raw-insn "$f" | grep -c gather || true)"; done
ls -l "$BIN"
