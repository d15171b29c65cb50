#!/usr/bin/env python3
"""pokerlut against other Python hand evaluators: speed on the same hands, and the same order.

    python scripts/bench_peers.py [--hands 1000000] [--seed N] [--repeat 3] [--json OUT]

`make bench-peers` installs the peers (the `compare` extra: whichever install here) and runs
this. Fixed-seed random 5- and 7-card hands go through each installed peer's fastest public
call, one hand at a time (none of them takes a batch), through `pokerlut.evaluate` one call a
hand (lists of card ints), and through `pokerlut.evaluate_batch` (validated, as by default) on
the same hands, on one thread and on all, in the same run. Each
peer gets its cards in its own form before the clock starts, and is called once before it
(numba compiled, tables loaded). Pure-Python peers get fewer hands (the first ones), and
pokerlut is timed on those too: on a few thousand hands its per-call cost shows, and more so on
all threads when other work keeps the cores busy (its threads wait for one).

Every peer must order the hands exactly as pokerlut does, ties included: its result is turned
into a strength where higher wins, and any pair of hands the two order differently is printed
and the exit status is 1. The table goes to stdout, the figures to benchmarks/peers.json.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import sys
import time
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import numba
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_report import machine, rate  # noqa: E402

import pokerlut  # noqa: E402

RANKS, SUITS = "23456789TJQKA", "cdhs"
TEXT = [RANKS[card // 4] + SUITS[card % 4] for card in range(52)]  # pokerlut card = 4*rank + suit


@dataclass
class Peer:
    name: str  # its name on PyPI
    most: int  # hands timed at most (the first ones): pure Python is slow
    prepare: Callable[[np.ndarray], Any]  # (n, 5|7) uint8 -> the peer's own input, untimed
    run: Callable[[Any], list[int]]  # the timed part: the peer's call on every hand
    higher_wins: bool  # what its numbers mean

    @property
    def version(self) -> str:
        try:
            return importlib.metadata.version(self.name)
        except importlib.metadata.PackageNotFoundError:
            return "?"


def _phevaluator() -> Peer:
    from phevaluator import evaluate_5cards, evaluate_7cards

    # phevaluator's card id is rank * 4 + suit, ranks 2..A = 0..12, suits c, d, h, s = 0..3
    # (the table in phevaluator/card.py): ours, so the rows go in as they are.
    def run(rows: list[list[int]]) -> list[int]:
        evaluate = evaluate_5cards if len(rows[0]) == 5 else evaluate_7cards
        return [evaluate(*row) for row in rows]

    return Peer("phevaluator", 1_000_000, lambda hands: hands.tolist(), run, higher_wins=False)


def _eval7() -> Peer:
    import eval7

    deck = [eval7.Card(text) for text in TEXT]
    evaluate = eval7.evaluate
    return Peer(
        "eval7",
        1_000_000,
        lambda hands: [[deck[c] for c in row] for row in hands.tolist()],
        lambda rows: [evaluate(row) for row in rows],
        higher_wins=True,
    )


def _holdem_hand_evaluator() -> Peer:
    from holdem_hand_evaluator import evaluate_hand  # takes text: "AsKsQsJsTs"

    return Peer(
        "holdem-hand-evaluator",
        1_000_000,
        lambda hands: ["".join(TEXT[c] for c in row) for row in hands.tolist()],
        lambda rows: [evaluate_hand(row) for row in rows],
        higher_wins=True,
    )


def _treys() -> Peer:
    from treys import Card, Evaluator

    deck, evaluate = [Card.new(text) for text in TEXT], Evaluator().evaluate  # evaluate(hand, board)
    return Peer(
        "treys",
        100_000,
        lambda hands: [([deck[c] for c in row[:2]], [deck[c] for c in row[2:]]) for row in hands.tolist()],
        lambda rows: [evaluate(hand, board) for hand, board in rows],
        higher_wins=False,
    )


def _pokerkit() -> Peer:
    from pokerkit import StandardHighHand  # from_game tries every five of the cards

    return Peer(
        "pokerkit",
        3_000,
        lambda hands: ["".join(TEXT[c] for c in row) for row in hands.tolist()],
        lambda rows: [StandardHighHand.from_game(row).entry.index for row in rows],
        higher_wins=True,
    )


PEERS = {
    "phevaluator": _phevaluator,
    "eval7": _eval7,
    "holdem-hand-evaluator": _holdem_hand_evaluator,
    "treys": _treys,
    "pokerkit": _pokerkit,
}


def load_peers(names: list[str] | None = None) -> tuple[list[Peer], dict[str, str]]:
    """The peers that import here, and why the others do not."""
    found, missing = [], {}
    for name in names or PEERS:
        try:
            with warnings.catch_warnings():  # their own deprecation notices (eval7's pyparsing)
                warnings.simplefilter("ignore")
                found.append(PEERS[name]())
        except ImportError as e:
            missing[name] = str(e)
    return found, missing


def random_hands(n: int, seed: int) -> np.ndarray:
    """n random 7-card hands (uint8, C order); their first five cards are random 5-card hands."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, 7), dtype=np.uint8)
    for start in range(0, n, 500_000):
        block = rng.random((min(500_000, n - start), 52), dtype=np.float32)
        out[start : start + len(block)] = np.argpartition(block, 7, axis=1)[:, :7]
    return out


def disagreements(ours: np.ndarray, theirs: np.ndarray, limit: int = 5) -> list[tuple[int, int]]:
    """Pairs of hands (indices) that `theirs` orders differently from `ours`, ties included:
    sorted by our strength (then theirs), theirs must never fall, and two neighbours must tie
    in both or in neither."""
    ours, theirs = np.asarray(ours, np.int64), np.asarray(theirs, np.int64)
    order = np.lexsort((theirs, ours))
    a, b = ours[order], theirs[order]
    bad = ((a[1:] == a[:-1]) != (b[1:] == b[:-1])) | (b[1:] < b[:-1])
    return [(int(order[i]), int(order[i + 1])) for i in np.flatnonzero(bad)[:limit]]


def best_time(call: Callable[[], Any], repeat: int, at_least: float = 0.0) -> tuple[float, Any]:
    """The fastest of `repeat` calls (more while they add up to less than `at_least` seconds)."""
    best, spent, runs, out = float("inf"), 0.0, 0, None
    while runs < repeat or spent < at_least:
        start = time.perf_counter()
        out = call()
        elapsed = time.perf_counter() - start
        best, spent, runs = min(best, elapsed), spent + elapsed, runs + 1
    return best, out


def _time_peer(peer: Peer, hands: np.ndarray, repeat: int) -> tuple[float, Any]:
    """The peer's best time on `hands` in its own input form (freed on return) and its output."""
    given = peer.prepare(hands)
    return best_time(lambda: peer.run(given), repeat)


def compare(
    peers: list[Peer], n_hands: int, seed: int, repeat: int
) -> tuple[list[dict[str, Any]], list[str]]:
    """Time every peer and pokerlut on the same hands; rows of figures, and the disagreements."""
    hands7 = random_hands(n_hands, seed)
    threads = numba.config.NUMBA_NUM_THREADS
    rows, problems = [], []
    for width in (5, 7):
        hands = np.ascontiguousarray(hands7[:, :width])
        ours = pokerlut.evaluate_batch(hands).astype(np.int64)
        for peer in peers:
            n = min(n_hands, peer.most)
            subset = hands[:n]
            peer.run(peer.prepare(subset[:10]))  # first call: whatever it loads or compiles
            peer_s, out = _time_peer(peer, subset, repeat)
            strength = np.asarray(out, np.int64) * (1 if peer.higher_wins else -1)
            ours_s = {
                t: best_time(lambda: pokerlut.evaluate_batch(subset, threads=t), repeat, 0.1)[0]
                for t in (1, threads)
            }
            as_lists, evaluate = subset.tolist(), pokerlut.evaluate  # one call a hand, as the peer
            calls_s = best_time(lambda: [evaluate(row) for row in as_lists], repeat)[0]
            bad = disagreements(ours[:n], strength)
            for i, j in bad:
                problems.append(
                    f"{peer.name}, {width} cards: {pokerlut.format_cards(hands[i])} vs {pokerlut.format_cards(hands[j])}: "
                    f"pokerlut {ours[i]} vs {ours[j]}, {peer.name} {out[i]} vs {out[j]}"
                )
            rows.append(
                {
                    "peer": peer.name,
                    "version": peer.version,
                    "cards": width,
                    "hands": n,
                    "peer_per_s": n / peer_s,
                    "pokerlut_calls_per_s": n / calls_s,
                    "pokerlut_1_thread_per_s": n / ours_s[1],
                    "pokerlut_threads": threads,
                    "pokerlut_all_threads_per_s": n / ours_s[threads],
                    "same_order": not bad,
                }
            )
    return rows, problems


def markdown(rows: list[dict[str, Any]]) -> str:
    threads = rows[0]["pokerlut_threads"] if rows else 1
    lines = [
        f"| peer | cards | hands | peer speed | `pokerlut.evaluate`, a call a hand | x peer "
        f"| pokerlut batch, 1 thread | x peer | pokerlut batch, {threads} threads | x peer | same order |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for r in rows:
        one, all_ = r["pokerlut_1_thread_per_s"], r["pokerlut_all_threads_per_s"]
        lines.append(
            f"| {r['peer']} {r['version']} | {r['cards']} | {r['hands']:,} | {rate(r['peer_per_s'])} "
            f"| {rate(r['pokerlut_calls_per_s'])} | {r['pokerlut_calls_per_s'] / r['peer_per_s']:.2f} "
            f"| {rate(one)} | {one / r['peer_per_s']:,.0f} | {rate(all_)} | {all_ / r['peer_per_s']:,.0f} "
            f"| {'yes' if r['same_order'] else 'NO'} |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--hands", type=int, default=1_000_000, help="hands per card count (fewer for slow peers)"
    )
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per peer; the fastest counts")
    parser.add_argument(
        "--peers", nargs="+", choices=list(PEERS), help="only these (default: every one installed)"
    )
    parser.add_argument(
        "--json",
        default=str(Path(__file__).resolve().parents[1] / "benchmarks" / "peers.json"),
        help="write the figures here ('' for nowhere)",
    )
    args = parser.parse_args(argv)
    if args.hands < 10 or args.repeat < 1:
        parser.error("--hands needs at least 10 and --repeat at least 1")
    peers, missing = load_peers(args.peers)
    for name, why in missing.items():
        print(f"not installed: {name} ({why})", file=sys.stderr)
    if not peers:
        print("bench_peers: no peer is installed: pip install -e '.[compare]'", file=sys.stderr)
        return 1
    rows, problems = compare(peers, args.hands, args.seed, args.repeat)
    print(markdown(rows), end="")
    if args.json:
        Path(args.json).write_text(
            json.dumps({"machine": machine(), "seed": args.seed, "rows": rows}, indent=1) + "\n"
        )
    for line in problems:
        print(f"different order: {line}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
