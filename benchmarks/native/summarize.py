"""Summarise a run_all.sh log: per contender and metric, the best (minimum) time over every
repetition of every round, hands/s at that time, the median, and pokerlut's time divided by each
peer's (>1: pokerlut slower). Also cross-checks the checksums printed by the timed runs.

usage: python summarize.py LOG
"""
from __future__ import annotations

import collections
import statistics
import sys

METRICS = [
    ("rand7", "10M random 7-card hands"),
    ("rand5", "10M random 5-card hands"),
    ("seq7", "all 133,784,560 7-card hands in order"),
    ("equity_hu", "exact HU preflop AsAh v KsKh (1,712,304 boards)"),
    ("rand7_njit", "(extra) random 7-card, user @njit loop"),
    ("seq7_njit", "(extra) all 7-card, user @njit nested loops"),
]
PEERS = [p + b for p in ("ompeval", "pheval", "hhe") for b in ("", "-avx2", "-generic")]
OURS = ["pokerlut", "pokerlut-avx2", "pokerlut-generic"]
# Like with like: pokerlut with numba's target at a level, each peer built for the same level
# (its best build that uses nothing above it).
LEVELS = [("native (every feature of this CPU)", "pokerlut", ("", "-avx2", "-generic")),
          ("AVX2 (x86-64-v3)", "pokerlut-avx2", ("-avx2", "-generic")),
          ("portable (no SIMD level: x86-64)", "pokerlut-generic", ("-generic",))]
API = {
    ("pokerlut", "rand7"): "evaluate_batch(validate=False, threads=1)",
    ("pokerlut", "rand5"): "evaluate_batch(validate=False, threads=1)",
    ("pokerlut", "seq7"): "stats.count_hands(7, threads=1)",
    ("pokerlut", "equity_hu"): "equity(exact=True, threads=1)",
    ("ompeval", "equity_hu"): "EquityCalculator enumerateAll, 1 thread",
    ("hhe", "equity_hu"): "heads_up_win_frequency (extra)",
    ("ompeval-generic", "equity_hu"): "EquityCalculator enumerateAll, 1 thread",
    ("hhe-generic", "equity_hu"): "heads_up_win_frequency (extra)",
}


def main() -> None:
    times = collections.defaultdict(list)
    sums = collections.defaultdict(set)
    n_of = {}
    for line in open(sys.argv[1]):
        f = line.split()
        if len(f) == 6 and f[0] == "RESULT":
            _, who, metric, n, sec, checksum = f
            times[who, metric].append(float(sec))
            sums[who, metric].add(int(checksum))
            n_of[metric] = int(n)
    print("| metric | contender | best s | hands/s at best | median s | runs | pokerlut time / this |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for metric, label in METRICS:
        rows = [w for w in [*OURS, *PEERS] if (w, metric) in times]
        if metric.endswith("_njit"):
            rows = [w for w in rows if w in OURS]
        base = min(times["pokerlut", metric]) if ("pokerlut", metric) in times else None
        for who in rows:
            ts = times[who, metric]
            best = min(ts)
            rate = n_of[metric] / best
            ratio = f"{base / best:.2f}" if base and who != "pokerlut" else ""
            if who not in OURS and metric.endswith("_njit"):
                ratio = ""
            name = who + (f" ({API[who, metric]})" if (who, metric) in API else "")
            print(f"| {label} | {name} | {best:.4f} | {rate / 1e6:,.0f} M/s | {statistics.median(ts):.4f} | "
                  f"{len(ts)} | {ratio} |")
    # compact: each peer's better build per metric
    print("\nBest build per peer (min over both builds): time, hands/s, pokerlut time / peer time")
    print("| metric | pokerlut | " + " | ".join(("ompeval", "pheval", "hhe")) + " |")
    print("|---|---:|" + "---:|" * 3)
    for metric, label in METRICS[:4]:
        if ("pokerlut", metric) not in times:
            continue
        base = min(times["pokerlut", metric])
        cells = [f"{base * 1e3:.2f} ms, {n_of[metric] / base / 1e6:,.0f} M/s"]
        for p in ("ompeval", "pheval", "hhe"):
            builds = [(min(times[b, metric]), b) for b in (p, p + "-generic") if (b, metric) in times]
            if not builds:
                cells.append("-")
                continue
            best, b = min(builds)
            tag = "native" if b == p else "generic"
            cells.append(f"{best * 1e3:.2f} ms, {n_of[metric] / best / 1e6:,.0f} M/s ({tag}); x{base / best:.2f}")
        print(f"| {label} | " + " | ".join(cells) + " |")

    print("\nLike with like: each level's pokerlut against each peer's best build for that level;"
          " peer rate / pokerlut rate as 'x' (above 1: pokerlut faster)")
    print("| level | metric | pokerlut | ompeval | pheval | hhe |")
    print("|---|---|---:|---:|---:|---:|")
    for level, ours, builds in LEVELS:
        for metric, label in METRICS[:4]:
            if (ours, metric) not in times:
                continue
            base = min(times[ours, metric])
            cells = [f"{n_of[metric] / base / 1e6:,.0f} M/s" if metric != "equity_hu"
                     else f"{base * 1e3:.2f} ms"]
            for p in ("ompeval", "pheval", "hhe"):
                got = [(min(times[p + b, metric]), p + b) for b in builds if (p + b, metric) in times]
                if not got:
                    cells.append("-")
                    continue
                best, who = min(got)
                rate = (f"{n_of[metric] / best / 1e6:,.0f} M/s" if metric != "equity_hu"
                        else f"{best * 1e3:.2f} ms")
                cells.append(f"{rate} ({who}): x{best / base:.2f}")
            print(f"| {level} | {label} | " + " | ".join(cells) + " |")

    # pokerlut's ratios against each peer on the njit extras (same work as rand7 / seq7)
    for extra, base_metric in (("rand7_njit", "rand7"), ("seq7_njit", "seq7")):
        if ("pokerlut", extra) in times:
            b = min(times["pokerlut", extra])
            parts = [f"{p} {b / min(times[p, base_metric]):.2f}" for p in PEERS if (p, base_metric) in times]
            print(f"\n{extra}: pokerlut time / peer's {base_metric} time: " + ", ".join(parts))

    print("\nChecksums (identical across repetitions; cross-contender relations):")
    for key, s in sorted(sums.items()):
        if len(s) != 1:
            print(f"  INCONSISTENT {key}: {sorted(s)}")
    for metric in ("rand7", "rand5", "seq7"):
        if ("pheval", metric) in sums and ("pokerlut", metric) in sums:
            ph, pl = next(iter(sums["pheval", metric])), next(iter(sums["pokerlut", metric]))
            print(f"  {metric}: 7463*n - sum(pheval ranks) == sum(pokerlut strengths): {7463 * n_of[metric] - ph == pl}")
    for p in ("ompeval", "pheval", "hhe"):
        same = all(sums[p, m] == sums[p + b, m] for m, _ in METRICS for b in ("-avx2", "-generic")
                   if (p, m) in sums and (p + b, m) in sums)
        print(f"  {p}'s builds give identical checksums on every metric: {same}")
    same = all(sums["pokerlut", m] == sums[w, m] for m, _ in METRICS for w in OURS
               if ("pokerlut", m) in sums and (w, m) in sums)
    print(f"  pokerlut at every level gives identical checksums on every metric: {same}")
    wins = {w: next(iter(sums[w, "equity_hu"])) for w in ["pokerlut", *PEERS] if (w, "equity_hu") in sums}
    print(f"  equity_hu boards won by AsAh: {wins}")


if __name__ == "__main__":
    main()
