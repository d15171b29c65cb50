#!/usr/bin/env python3
"""Turn a pytest-benchmark run into throughput figures and a Markdown table.

    python scripts/bench_report.py RUN.json [--json OUT.json] [--md OUT.md] [--readme README.md]

RUN.json is pytest-benchmark's `--benchmark-json` output (what `make bench` writes to
build/bench.json), or a summary this script wrote before. Each benchmark says what one round
does in `extra_info` (benchmarks/conftest.py `record`): `items` of `unit` (hands, boards,
pairs, calls...) on `threads` threads. From pytest-benchmark's fastest round (its times are per
iteration) this gives items per second, in all and per thread. `--json` writes that summary
with the machine (CPU model, cores, Python, numba, numpy, date); `--md` writes the table;
`--readme` puts the table between the `<!-- bench:start -->` and `<!-- bench:end -->` lines.
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
    return {"cpu_model": cpu, "cores": os.cpu_count(), "python": platform.python_version(),
            "numba": numba.__version__, "numpy": np.__version__, "threading_layer": layer,
            "numba_threads": numba.config.NUMBA_NUM_THREADS, "date": datetime.date.today().isoformat()}


def _row(bench: dict[str, Any]) -> dict[str, Any]:
    """One benchmark of pytest-benchmark's JSON -> the summary's row."""
    extra, stats = bench.get("extra_info", {}), bench["stats"]
    items, threads = extra.get("items"), extra.get("threads") or bench.get("params", {}).get("threads")
    best = stats["min"]
    per_s = items / best if items else None
    return {
        "name": bench["name"], "fullname": bench["fullname"], "group": bench.get("group"),
        "param": bench.get("param"), "params": bench.get("params"), "unit": extra.get("unit"), "items": items, "threads": threads,
        "best_s": best, "median_s": stats["median"], "rounds": stats["rounds"],
        "per_s": per_s, "per_s_per_thread": per_s / threads if per_s and threads else None,
    }


def summarise(run: dict[str, Any]) -> dict[str, Any]:
    """pytest-benchmark's JSON (or a summary, returned as it is) -> the summary."""
    if "machine" in run:
        return run
    info = run.get("machine_info", {})
    ours = info.get("pokerlut") or {  # a run without benchmarks/conftest.py's hook
        "cpu_model": info.get("cpu", {}).get("brand_raw"), "cores": info.get("cpu", {}).get("count"),
        "python": info.get("python_version"), "date": run.get("datetime", "")[:10]}
    return {"machine": ours, "datetime": run.get("datetime"),
            "benchmarks": [_row(b) for b in run["benchmarks"]]}


def rate(per_s: float, unit: str = "") -> str:
    """`rate(5.51e8, "hands")` -> '551 M hands/s'; `rate(1.52e9)` -> '1.52 G/s'."""
    factor, prefix = next((f, p) for f, p in ((1e9, "G"), (1e6, "M"), (1e3, "k"), (1, "")) if per_s >= f or f == 1)
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


def markdown(summary: dict[str, Any]) -> str:
    """The table: a row per benchmark, a column per thread count, fastest rounds."""
    rows: dict[str, dict[Any, dict[str, Any]]] = {}
    for row in summary["benchmarks"]:
        rows.setdefault(_label(row), {})[row["threads"]] = row
    columns = sorted({t for by_threads in rows.values() for t in by_threads if t is not None})
    columns += [None] if any(None in by_threads for by_threads in rows.values()) else []
    heads = [f"{t} thread{'s' if t != 1 else ''}" if t else "time" for t in columns]
    lines = ["| benchmark | one round | " + " | ".join(heads) + " |",
             "|---|---:|" + "---:|" * len(columns)]
    for label, by_threads in rows.items():
        first = next(iter(by_threads.values()))
        size = f"{first['items']:,} {first['unit']}" if first["items"] else ""
        cells = [_cell(by_threads[t]) if t in by_threads else "" for t in columns]
        lines.append(f"| {label} | {size} | " + " | ".join(cells) + " |")
    m = summary["machine"]
    numba = f", numba {m['numba']}" + (f" ({m['threading_layer']})" if m.get("threading_layer") else "") if m.get("numba") else ""
    numpy = f", numpy {m['numpy']}" if m.get("numpy") else ""
    about = (f"{m.get('cpu_model')}, {m.get('cores')} cores; Python {m.get('python')}{numba}{numpy}; "
             f"{m.get('date')}. The fastest round of each benchmark (`make bench`).")
    return about + "\n\n" + "\n".join(lines) + "\n"


def insert(text: str, table: str, where: str = "README") -> str:
    """`text` with everything between the START and END marker lines replaced by `table`."""
    if text.count(START) != 1 or text.count(END) != 1 or text.index(START) > text.index(END):
        raise ValueError(f"{where}: needs one {START} line and, after it, one {END} line")
    head, rest = text.split(START)
    return head + START + "\n\n" + table + "\n" + END + rest.split(END, 1)[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", type=Path, help="pytest-benchmark --benchmark-json output, or a summary")
    parser.add_argument("--json", type=Path, help="write the summary here")
    parser.add_argument("--md", type=Path, help="write the Markdown table here")
    parser.add_argument("--readme", type=Path, help="put the table between the bench markers of this file")
    args = parser.parse_args(argv)
    try:
        summary = summarise(json.loads(args.run.read_text()))
        table = markdown(summary)
        readme = insert(args.readme.read_text(), table, str(args.readme)) if args.readme else None
    except (OSError, ValueError) as e:
        print(f"bench_report: {e}", file=sys.stderr)
        return 2
    except (KeyError, TypeError, AttributeError) as e:
        print(f"bench_report: {args.run}: not pytest-benchmark JSON ({e!r})", file=sys.stderr)
        return 2
    if args.json:
        args.json.write_text(json.dumps(summary, indent=1) + "\n")
    if args.md:
        args.md.write_text(table)
    if readme is not None:
        args.readme.write_text(readme)
    if not (args.json or args.md or args.readme):
        print(table, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
