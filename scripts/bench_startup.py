"""How long a new Python process takes to do one thing with pokerlut, cold and warm.

Each row runs in fresh processes: "cold" with an empty numba cache (NUMBA_CACHE_DIR, a new
folder per row), "warm" again with the cache that run left, the median of --runs. Python's
own bytecode cache is written once before timing (PYTHONDONTWRITEBYTECODE is dropped), as on
any installed machine. Prints a markdown table; --json keeps the figures.

    python scripts/bench_startup.py                  # every row, 3 warm runs each
    python scripts/bench_startup.py --rows evaluate batch --runs 5
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

ROWS = {  # name -> (what a new process does, code)
    "numba": ("`import numba` alone", "import numba"),
    "import": ("`import pokerlut`", "import pokerlut"),
    "evaluate": ("imports and evaluates one hand", "import pokerlut; pokerlut.evaluate('As Ks Qs Js Ts')"),
    "describe": (
        "… `describe` and `compare` of a hand",
        "import pokerlut; pokerlut.describe('Kh Kd 6s 6c Kc');"
        " pokerlut.compare('6h 5d 4c 3s 2h', '5h 4d 3c 2s Ah')",
    ),
    "batch": (
        "… one `evaluate_batch` of 7-card hands",
        "import numpy as np, pokerlut;"
        " pokerlut.evaluate_batch(np.arange(7, dtype=np.uint8)[None].repeat(1000, 0))",
    ),
    "batch5": (
        "… one `evaluate_batch` of 5-card hands",
        "import numpy as np, pokerlut;"
        " pokerlut.evaluate_batch(np.arange(5, dtype=np.uint8)[None].repeat(1000, 0))",
    ),
    "text": (
        "… `evaluate_batch` and `describe_batch` of a text column",
        "import pokerlut;"
        " pokerlut.describe_batch(pokerlut.evaluate_batch(['As Ks Qs Js Ts', '2c 3d 4h 5s 7c']))",
    ),
    "omaha": (
        "… one `evaluate_omaha`",
        "import pokerlut; pokerlut.evaluate_omaha('Ks 8c Js 5c', '3s 5h Qs Qd 9h')",
    ),
    "wild": ("… one hand with jokers", "import pokerlut; pokerlut.evaluate('Ah Ad Ac As Jk', wild='jokers')"),
    "heads-up": ("… exact heads-up equity preflop", "import pokerlut; pokerlut.equity(['AsAh', 'KsKh'])"),
    "monte-carlo": (
        "… 3-way Monte Carlo",
        "import pokerlut; pokerlut.equity(['AsAh', 'KsKh', 'QcQd'], trials=100_000, seed=1)",
    ),
    "range-flop": (
        "… exact range vs range on a flop",
        "import pokerlut; pokerlut.equity(['QQ+,AKs', '22+,A2s+'], board='Kh 7d 2c')",
    ),
    "omaha-flop": (
        "… exact Omaha on a flop",
        "import pokerlut; pokerlut.equity(['AhKhQdJd', '8c7c6s5s'], board='Th 9c 2h', deal='omaha')",
    ),
    "stud": (
        "… stud Monte Carlo",
        "import pokerlut; pokerlut.equity(['AsAh Kd', 'KsKh 2c'], deal='stud', trials=100_000, seed=1)",
    ),
    "cli-eval": (
        '`pokerlut eval "As Ks Qs Js Ts"`',
        "import sys; from pokerlut.cli import main; sys.exit(main(['eval', 'As Ks Qs Js Ts']))",
    ),
}


# Other evaluators, where installed (`make bench-peers` installs them): one hand in a new process
PEERS = {
    "phevaluator": (
        "phevaluator: imports and evaluates one hand",
        "from phevaluator import evaluate_cards; evaluate_cards('As', 'Ks', 'Qs', 'Js', 'Ts')",
    ),
    "eval7": (
        "eval7: the same",
        "import eval7; eval7.evaluate([eval7.Card(c) for c in 'As Ks Qs Js Ts'.split()])",
    ),
    "treys": (
        "treys: the same",
        "from treys import Card, Evaluator;"
        " Evaluator().evaluate([Card.new('As'), Card.new('Ks')], [Card.new(c) for c in ('Qs', 'Js', 'Ts')])",
    ),
}
ROWS.update({name: row for name, row in PEERS.items() if importlib.util.find_spec(name)})


def run(code: str, cache: str) -> float:
    """Seconds for a new process to run `code` with numba's cache in `cache`."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["NUMBA_CACHE_DIR"] = cache
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(f"{code!r} failed:\n{done.stderr}")
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", nargs="+", choices=list(ROWS), default=list(ROWS))
    parser.add_argument("--runs", type=int, default=3, help="warm runs per row (the median)")
    parser.add_argument(
        "--no-cold", action="store_true", help="warm rows only (one cold run per row still fills the cache)"
    )
    parser.add_argument("--json", help="write the figures here")
    args = parser.parse_args(argv)
    run("import pokerlut.cli, pokerlut._equity.front, pokerlut.frame", tempfile.mkdtemp())  # .pyc files
    results = {}
    with tempfile.TemporaryDirectory() as root:
        for name in args.rows:
            what, code = ROWS[name]
            cache = os.path.join(root, name)
            cold = run(code, cache)
            warm = statistics.median(run(code, cache) for _ in range(args.runs))
            results[name] = {"what": what, "cold": cold, "warm": warm}
            print(f"{name}: cold {cold:.2f} s, warm {warm:.3f} s", file=sys.stderr, flush=True)
    base = results.get("numba", {}).get("warm")
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as info:
            cpu = next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    print(
        f"\n{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}; "
        f"median of {args.runs} warm runs\n"
    )
    print("| a new process that … | cold | warm |" + (" warm − `import numba` |" if base else ""))
    print("|---|---:|---:|" + ("---:|" if base else ""))
    for name, row in results.items():
        over = f" {row['warm'] - base:+.2f} s |" if base and name != "numba" else (" |" if base else "")
        cold = "" if args.no_cold else f"{row['cold']:.2f} s"
        print(f"| {row['what']} | {cold} | {row['warm']:.2f} s |{over}")
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"cpu": cpu, "runs": args.runs, "rows": results}, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
