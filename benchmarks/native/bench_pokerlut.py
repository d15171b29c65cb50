"""pokerlut on one thread, on the same hand files as the native peers; same output lines.

    RESULT pokerlut <metric> <hands> <seconds> <checksum>

(the contender's name from POKERLUT_NAME, default "pokerlut": run_all.sh runs it at three
levels of numba's target, see README.md)

Metrics (public API unless marked extra):
  rand7, rand5  evaluate_batch(hands, validate=False, threads=1) on the shared (n, 7|5) uint8 files
  seq7          strengths_in_order(7, out=buf, threads=1): each of the 133,784,560 7-card hands' strength,
                in itertools.combinations order (count_hands(7) counts by rank multisets: not comparable)
  equity_hu     equity(["AsAh", "KsKh"], exact=True, threads=1): all 1,712,304 boards
  rand7_njit    (extra) user @njit(_nrt=False) loop: hand_add x7 + hand_strength per row, summed
  seq7_njit     (extra) user @njit(_nrt=False) nested loops over all 7-card hands, summed
Every kernel is compiled / loaded from numba's cache and run once before any timing; each metric
then gets one untimed full-size call before its timed repetitions (as in the native harnesses).
"""
from __future__ import annotations

import argparse
import os
import time

import numba
import numpy as np

import pokerlut
from pokerlut.kernels import hand_add, hand_empty, hand_strength
from pokerlut import equity
from pokerlut.stats import count_hands

ALL7 = 133_784_560
NAME = os.environ.get("POKERLUT_NAME", "pokerlut")


@numba.njit(_nrt=False)
def rand_sum(t, hands):
    """Seven cards a row, a literal count as the peers' loops add c[0] .. c[6] (numba unrolls
    it; over hands.shape[1] it does not, at half the speed)."""
    s = 0
    for i in range(hands.shape[0]):
        h = hand_empty()
        for j in range(7):
            h = hand_add(t, h, hands[i, j])
        s += hand_strength(t, h)
    return s


@numba.njit(_nrt=False)
def all7(t, out, write):
    """Every 7-card hand in the order c1 < ... < c7 (the peers' loop order): strength sum, and
    with `write` each strength into out[k]."""
    s = 0
    k = 0
    for c1 in range(46):
        h1 = hand_add(t, hand_empty(), c1)
        for c2 in range(c1 + 1, 47):
            h2 = hand_add(t, h1, c2)
            for c3 in range(c2 + 1, 48):
                h3 = hand_add(t, h2, c3)
                for c4 in range(c3 + 1, 49):
                    h4 = hand_add(t, h3, c4)
                    for c5 in range(c4 + 1, 50):
                        h5 = hand_add(t, h4, c5)
                        for c6 in range(c5 + 1, 51):
                            h6 = hand_add(t, h5, c6)
                            for c7 in range(c6 + 1, 52):
                                v = hand_strength(t, hand_add(t, h6, c7))
                                if write:
                                    out[k] = v
                                k += 1
                                s += v
    return s


def report(metric: str, n: int, sec: float, checksum: int) -> None:
    print(f"RESULT {NAME} {metric} {n} {sec:.6f} {checksum}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("hands7")
    ap.add_argument("hands5")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--only", default="", help="comma-separated metrics (default all)")
    a = ap.parse_args()
    want = (lambda m: True) if not a.only else (lambda m: m in a.only.split(","))
    h7 = np.fromfile(a.hands7, dtype=np.uint8).reshape(-1, 7)
    h5 = np.fromfile(a.hands5, dtype=np.uint8).reshape(-1, 5)
    t = pokerlut.load_tables()
    dummy = np.zeros(1, dtype=np.uint16)

    # warm-up: compile or load every kernel, touch every code path once
    pokerlut.evaluate_batch(h7[:1000], validate=False, threads=1)
    pokerlut.evaluate_batch(h5[:1000], validate=False, threads=1)
    count_hands(5, threads=1)
    equity(["AsAh", "KsKh"], exact=True, threads=1)
    rand_sum(t, h7[:1000])
    all7(t, dummy, False) if want("seq7_njit") else None

    def timed(metric, n, fn, checksum=int):
        """Time fn() only; the checksum of its result (for cross-checks) is taken afterwards."""
        if not want(metric):
            return
        fn()  # untimed warm-up call at full size (the first touches of fresh output memory are slow here)
        for _ in range(a.reps):
            t0 = time.perf_counter()
            result = fn()
            sec = time.perf_counter() - t0
            report(metric, n, sec, checksum(result))

    strength_sum = lambda out: int(out.sum(dtype=np.int64))  # noqa: E731
    timed("rand7", len(h7), lambda: pokerlut.evaluate_batch(h7, validate=False, threads=1), strength_sum)
    timed("rand5", len(h5), lambda: pokerlut.evaluate_batch(h5, validate=False, threads=1), strength_sum)
    buf = np.empty(ALL7, dtype=np.uint16)
    pokerlut.strengths_in_order(7, out=buf, threads=1)
    timed("seq7", ALL7, lambda: pokerlut.strengths_in_order(7, out=buf, threads=1), strength_sum)
    if want("equity_hu"):
        for _ in range(a.reps):
            t0 = time.perf_counter()
            r = equity(["AsAh", "KsKh"], exact=True, threads=1)
            sec = time.perf_counter() - t0
            p0, p1 = r.players
            report("equity_hu", r.dealt, sec, round(p0.win * r.dealt))
            print(f"INFO pokerlut equity_hu equity0={p0.equity:.9f} equity1={p1.equity:.9f} "
                  f"win0={p0.win:.9f} tie0={p0.tie:.9f} boards={r.dealt} own_elapsed={r.elapsed:.6f}", flush=True)
    timed("rand7_njit", len(h7), lambda: rand_sum(t, h7))
    timed("seq7_njit", ALL7, lambda: all7(t, dummy, False))


if __name__ == "__main__":
    main()
