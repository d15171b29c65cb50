#!/usr/bin/env python3
"""Turn a pytest-benchmark run into throughput figures and Markdown tables.

    python scripts/bench_report.py RUN.json [--json OUT.json] [--md OUT.md] [--into FILE.md]
    python scripts/bench_report.py --speed README.md

RUN.json is pytest-benchmark's `--benchmark-json` output (what `make bench` writes to
build/bench.json), or a summary this script wrote before. Each benchmark says what one round
does in `extra_info` (benchmarks/conftest.py `record`): `items` of `unit` (hands, boards,
pairs, calls...) on `threads` threads. From pytest-benchmark's fastest round (its times are per
iteration) this gives items per second, in all and per thread. `--json` writes that summary
with the machine (CPU model, cores, Python, numba, numpy, SIMD level, date); `--md` writes the
table of every benchmark; `--into` puts it between a file's `<!-- bench:start -->` and
`<!-- bench:end -->` lines (docs/performance.md).

`--speed FILE` writes the README's speed table between its `<!-- speed:start -->` and
`<!-- speed:end -->` lines: a selection of rows (`SPEED`) from the committed summaries of an
AVX-512 run, an AVX2 run and a portable run (benchmarks/results.json, results-avx2.json,
results-portable.json), beside the peers of the same machine: the native evaluators' run log
(benchmarks/native-peers.log, lines `RESULT <program> <metric> <hands> <seconds> <checksum>`)
and `make bench-peers` (benchmarks/peers.json).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys
from pathlib import Path
from typing import Any

START, END = "<!-- bench:start -->", "<!-- bench:end -->"
SPEED_START, SPEED_END = "<!-- speed:start -->", "<!-- speed:end -->"
BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"

# The README's speed table: (what, the benchmark's label in the full table, "rate" or "time"
# (a call's time: items / rate), the native peers' metric, the Python peers' cards per call)
SPEED = (
    (
        "`evaluate_batch`, 10,000,000 random 7-card hands, unchecked",
        "evaluate: batch [7]",
        "rate",
        "rand7",
        None,
    ),
    ("the same, checked (the default)", "evaluate: batch_validated_7", "rate", None, None),
    ("the same, 5-card hands, unchecked", "evaluate: batch [5]", "rate", "rand5", None),
    (
        "every 7-card hand's strength, in order (`strengths_in_order(7)`)",
        "evaluate: every_seven_card_hand_in_order",
        "rate",
        "seq7",
        None,
    ),
    (
        "all 133,784,560 7-card hands counted by strength (`pokerlut stats`)",
        "evaluate: count_all_seven_card_hands",
        "time",
        None,
        None,
    ),
    ("one `evaluate` call, 7 ints", "evaluate: evaluate_one_hand [seven-ints]", "time", None, 7),
    (
        "exact equity, AsAh vs KsKh preflop (1,712,304 boards), the whole call",
        "equity: exact_heads_up_preflop",
        "time",
        "equity_hu",
        None,
    ),
    (
        'exact equity, "QQ+,AK" vs "22+,A2s+" on Kh7d2c',
        "equity: exact_range_vs_range_on_the_flop",
        "time",
        None,
        None,
    ),
    (
        "exact Omaha equity, heads-up preflop",
        "equity_games: exact_omaha_heads_up_preflop_high_and_hi_lo [omaha]",
        "time",
        None,
        None,
    ),
    ("Monte Carlo equity, 6-way preflop", "equity: monte_carlo_preflop [6-way]", "rate", None, None),
    ("7-card batch, jokers wild (54 cards)", "wild: batch_7_wild [jokers]", "rate", None, None),
    ("`parse_batch`, a column of 7-card text (numpy str)", "text: parse_batch [str-U20]", "rate", None, None),
    (
        "video poker, a whole pay table played best, exact (Jacks or Better 9/6)",
        "video_poker: video_poker_whole_table [jacks-or-better-9-6]",
        "time",
        None,
        None,
    ),
    (
        "the same, Joker Poker (53 cards)",
        "video_poker: video_poker_whole_table [joker-poker]",
        "time",
        None,
        None,
    ),
    (
        "video poker, the 32 holds of one hand (`holds`)",
        "video_poker: video_poker_holds_of_one_hand [deuces-wild]",
        "time",
        None,
        None,
    ),
    (
        "canonical indices of random river hands (`HandIndexer`, perfect recall)",
        "abstraction: index_river_hands [perfect]",
        "rate",
        None,
        None,
    ),
    (
        "the exact HS of all 123,156,254 river states (`river_hand_strengths`)",
        "abstraction: river_hand_strength_of_every_state",
        "time",
        None,
        None,
    ),
    (
        "EHS, EHS² and the 50-bin HS histogram of all 1,286,792 flop states",
        "abstraction: ehs_and_histogram_of_every_state [flop]",
        "time",
        None,
        None,
    ),
)
NATIVE = {"ompeval": "OMPEval", "hhe": "holdem-hand-evaluator", "pheval": "PHEvaluator"}


def machine() -> dict[str, Any]:
    """This machine, as the reports name it (the benchmarks store it in their JSON)."""
    import numba
    import numpy as np

    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), cpu)
    except OSError:
        pass
    try:
        layer = numba.threading_layer()
    except ValueError:  # no parallel kernel has run in this process
        layer = None
    from pokerlut._kernels import simd

    return {
        "cpu_model": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "numba": numba.__version__,
        "numpy": np.__version__,
        "threading_layer": layer,
        "numba_threads": numba.config.NUMBA_NUM_THREADS,
        "date": datetime.date.today().isoformat(),
        "simd": simd_level(simd.AVAILABLE, simd.LANES),
        "numba_cpu": os.environ.get("NUMBA_CPU_NAME"),
        "numba_cpu_features": os.environ.get("NUMBA_CPU_FEATURES"),
    }


def simd_level(available: bool, lanes: int) -> str:
    """What the batch kernels run on: "AVX-512" (16 rows a step), "AVX2" (8) or "scalar"."""
    return "scalar" if not available else "AVX-512" if lanes == 16 else "AVX2"


def _row(bench: dict[str, Any]) -> dict[str, Any]:
    """One benchmark of pytest-benchmark's JSON -> the summary's row."""
    extra, stats = bench.get("extra_info", {}), bench["stats"]
    items, threads = extra.get("items"), extra.get("threads") or bench.get("params", {}).get("threads")
    best = stats["min"]
    per_s = items / best if items else None
    return {
        "name": bench["name"],
        "fullname": bench["fullname"],
        "group": bench.get("group"),
        "param": bench.get("param"),
        "params": bench.get("params"),
        "unit": extra.get("unit"),
        "items": items,
        "threads": threads,
        "best_s": best,
        "median_s": stats["median"],
        "rounds": stats["rounds"],
        "per_s": per_s,
        "per_s_per_thread": per_s / threads if per_s and threads else None,
    }


def summarise(run: dict[str, Any]) -> dict[str, Any]:
    """pytest-benchmark's JSON (or a summary, returned as it is) -> the summary."""
    if "machine" in run:
        return run
    info = run.get("machine_info", {})
    ours = (
        info.get("pokerlut")
        or {  # a run without benchmarks/conftest.py's hook
            "cpu_model": info.get("cpu", {}).get("brand_raw"),
            "cores": info.get("cpu", {}).get("count"),
            "python": info.get("python_version"),
            "date": run.get("datetime", "")[:10],
        }
    )
    return {
        "machine": ours,
        "datetime": run.get("datetime"),
        "benchmarks": [_row(b) for b in run["benchmarks"]],
    }


def rate(per_s: float, unit: str = "") -> str:
    """`rate(5.51e8, "hands")` -> '551 M hands/s'; `rate(1.52e9)` -> '1.52 G/s'."""
    factor, prefix = next(
        (f, p) for f, p in ((1e9, "G"), (1e6, "M"), (1e3, "k"), (1, "")) if per_s >= f or f == 1
    )
    words = " ".join(w for w in (prefix, unit) if w)
    return f"{per_s / factor:.3g} {words}/s" if words else f"{per_s / factor:.3g}/s"


def _time(seconds: float) -> str:
    for factor, unit in ((1, "s"), (1e-3, "ms"), (1e-6, "µs")):
        if seconds >= factor:
            return f"{seconds / factor:.3g} {unit}"
    return f"{seconds * 1e9:.3g} ns"


def _label(row: dict[str, Any]) -> str:
    """`module: function [pytest's parameter id]`, less the thread count (it is the column:
    `threads` is the outermost parametrisation, so its id comes last)."""
    module = row["fullname"].split("::")[0].rsplit("/", 1)[-1].removesuffix(".py").removeprefix("test_bench_")
    function = row["name"].split("[")[0].removeprefix("test_")
    param = row.get("param") or ""
    if "threads" in (row.get("params") or {}):
        threads = str(row["params"]["threads"])
        param = "" if param == threads else param.removesuffix("-" + threads)
    return f"{module}: {function}" + (f" [{param}]" if param else "")


def _cell(row: dict[str, Any]) -> str:
    """Items per second, or the time of one item when a round is one item (a call, a build)."""
    if row["per_s"] and row["items"] > 1:
        return rate(row["per_s"], row["unit"])
    return _time(row["best_s"])


def _rows_by_label(summary: dict[str, Any]) -> dict[str, dict[Any, dict[str, Any]]]:
    """The summary's rows by their label (`_label`), then by thread count."""
    rows: dict[str, dict[Any, dict[str, Any]]] = {}
    for row in summary["benchmarks"]:
        rows.setdefault(_label(row), {})[row["threads"]] = row
    return rows


def markdown(summary: dict[str, Any]) -> str:
    """The table: a row per benchmark, a column per thread count, fastest rounds."""
    rows = _rows_by_label(summary)
    columns = sorted({t for by_threads in rows.values() for t in by_threads if t is not None})
    columns += [None] if any(None in by_threads for by_threads in rows.values()) else []
    heads = [f"{t} thread{'s' if t != 1 else ''}" if t else "time" for t in columns]
    lines = ["| benchmark | one round | " + " | ".join(heads) + " |", "|---|---:|" + "---:|" * len(columns)]
    for label, by_threads in rows.items():
        first = next(iter(by_threads.values()))
        size = f"{first['items']:,} {first['unit']}" if first["items"] else ""
        cells = [_cell(by_threads[t]) if t in by_threads else "" for t in columns]
        lines.append(f"| {label} | {size} | " + " | ".join(cells) + " |")
    m = summary["machine"]
    numba = (
        f", numba {m['numba']}" + (f" ({m['threading_layer']})" if m.get("threading_layer") else "")
        if m.get("numba")
        else ""
    )
    numpy = f", numpy {m['numpy']}" if m.get("numpy") else ""
    about = (
        f"{m.get('cpu_model')}, {m.get('cores')} cores; Python {m.get('python')}{numba}{numpy}; "
        f"{m.get('date')}. The fastest round of each benchmark (`make bench`)."
    )
    return about + "\n\n" + "\n".join(lines) + "\n"


def insert(text: str, table: str, where: str = "README", start: str = START, end: str = END) -> str:
    """`text` with everything between the `start` and `end` marker lines replaced by `table`."""
    if text.count(start) != 1 or text.count(end) != 1 or text.index(start) > text.index(end):
        raise ValueError(f"{where}: needs one {start} line and, after it, one {end} line")
    head, rest = text.split(start)
    return head + start + "\n\n" + table + "\n" + end + rest.split(end, 1)[1]


def speed_into(path: Path, results: Path = BENCHMARKS) -> str:
    """`path`'s text with the speed table made from the committed results in `results`."""
    runs = [
        json.loads((results / f"results{level}.json").read_text()) for level in ("", "-avx2", "-portable")
    ]
    table = speed_table(
        *runs, (results / "native-peers.log").read_text(), json.loads((results / "peers.json").read_text())
    )
    return insert(path.read_text(), table, str(path), SPEED_START, SPEED_END)


def native_best(log: str) -> dict[tuple[str, str], tuple[int, float]]:
    """(program, metric) -> (hands, best seconds) from a native peers' run log; a program's
    native and generic builds are one program, at the faster of the two."""
    best: dict[tuple[str, str], tuple[int, float]] = {}
    for line in log.splitlines():
        f = line.split()
        if len(f) == 6 and f[0] == "RESULT":
            who, metric, hands, seconds = f[1].removesuffix("-generic"), f[2], int(f[3]), float(f[4])
            if (who, metric) not in best or seconds < best[who, metric][1]:
                best[who, metric] = (hands, seconds)
    return best


def _peer_cells(
    metric: str | None,
    how: str,
    native: dict[tuple[str, str], tuple[int, float]],
    cards: int | None,
    python_peers: list[dict[str, Any]],
) -> str:
    cells = []
    for who, name in NATIVE.items():
        if metric and (who, metric) in native:
            hands, seconds = native[who, metric]
            cells.append(f"{name} {rate(hands / seconds) if how == 'rate' else _time(seconds)}")
    for row in python_peers:
        if cards and row["cards"] == cards and row["peer"] in ("eval7", "phevaluator"):
            cells.append(f"{row['peer']} {_time(1 / row['peer_per_s'])}")
    return ", ".join(cells)


def _speed_cell(by_threads: dict[Any, dict[str, Any]] | None, threads: int, how: str) -> str:
    row = (by_threads or {}).get(threads)
    if row is None or not row["per_s"]:
        return ""
    return rate(row["per_s"], "") if how == "rate" else _time(row["items"] / row["per_s"])


def speed_table(
    avx512: dict[str, Any],
    avx2: dict[str, Any],
    portable: dict[str, Any],
    native_log: str,
    python_peers: dict[str, Any],
) -> str:
    """The README's table: `SPEED`'s rows; AVX-512 and AVX2 columns (1 and 2 threads) and a
    portable one (1 thread: a row not benchmarked there is blank); the peers beside them."""
    m, m2, m3 = avx512["machine"], avx2["machine"], portable["machine"]
    for run, level in ((m2, "AVX2"), (m3, "scalar")):
        if run.get("simd") != level:
            raise ValueError(f"the {level} run's kernels ran on {run.get('simd')!r}, not {level}")
    fast, slow, plain = _rows_by_label(avx512), _rows_by_label(avx2), _rows_by_label(portable)
    native = native_best(native_log)
    lines = [
        "| work | AVX-512, 1 thread | 2 threads | AVX2, 1 thread | 2 threads | portable, 1 thread "
        "| peers, 1 thread |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for what, label, how, metric, cards in SPEED:
        if label not in fast:
            raise ValueError(f"the AVX-512 run has no benchmark {label!r}")
        cells = [_speed_cell(run.get(label), t, how) for run in (fast, slow) for t in (1, 2)]
        cells.append(_speed_cell(plain.get(label), 1, how))
        peers = _peer_cells(metric, how, native, cards, python_peers.get("rows", []))
        lines.append(f"| {what} | " + " | ".join(cells) + f" | {peers} |")
    if m2.get("numba_cpu"):  # the AVX-512 machine with the target cut
        avx2_where = (
            f"the same machine with numba's target cut to AVX2 (`NUMBA_CPU_FEATURES="
            f"{m2.get('numba_cpu_features')}`, {m2.get('date')}), as on a CPU without "
            f"AVX-512"
        )
    else:
        avx2_where = f"{m2.get('cpu_model')}, a CPU without AVX-512 ({m2.get('date')})"
    about = (
        f"{m.get('cpu_model')}, {m.get('cores')} cores, {m.get('date')}; Python {m.get('python')}, "
        f"numba {m.get('numba')}, numpy {m.get('numpy')}. Rates are hands (Monte Carlo: "
        f"player-hands) a second. The AVX2 columns: {avx2_where}; the portable column: no SIMD "
        f"level at all (`NUMBA_CPU_NAME={m3.get('numba_cpu')}`, {m3.get('cpu_model')}, "
        f"{m3.get('date')}), as on ARM or an old x86. Peers: the same hands on "
        f"{m.get('cpu_model')}, one thread; C++, C and Rust built from source with -O3 (the "
        f"faster of a native and a generic build), eval7 and phevaluator one call a hand from "
        f"Python. How each figure is measured: [docs/performance.md](docs/performance.md)."
    )
    return about + "\n\n" + "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "run", type=Path, nargs="?", help="pytest-benchmark --benchmark-json output, or a summary"
    )
    parser.add_argument("--json", type=Path, help="write the summary here")
    parser.add_argument("--md", type=Path, help="write the Markdown table here")
    parser.add_argument("--into", type=Path, help="put the table between the bench markers of this file")
    parser.add_argument(
        "--speed", type=Path, help="put the speed table between the speed markers of this file"
    )
    args = parser.parse_args(argv)
    if (args.run is None) == (args.speed is None):
        parser.error("give a RUN.json or --speed FILE")
    try:
        if args.speed:
            args.speed.write_text(speed_into(args.speed))
            return 0
        summary = summarise(json.loads(args.run.read_text()))
        table = markdown(summary)
        into = insert(args.into.read_text(), table, str(args.into)) if args.into else None
    except (OSError, ValueError) as e:
        print(f"bench_report: {e}", file=sys.stderr)
        return 2
    except (KeyError, TypeError, AttributeError) as e:
        print(f"bench_report: {args.run or args.speed}: not the benchmarks' JSON ({e!r})", file=sys.stderr)
        return 2
    if args.json:
        args.json.write_text(json.dumps(summary, indent=1) + "\n")
    if args.md:
        args.md.write_text(table)
    if into is not None:
        args.into.write_text(into)
    if not (args.json or args.md or args.into):
        print(table, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
