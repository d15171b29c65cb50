"""The exact three-way preflop table: the hold'em equity of every triple of the 169
starting-hand classes, over every board, computed as a Dask job (`pokerlut matrix --players 3`).

The equities of classes (A, B, C) are the averages, over every deal of three specific hands
(a in A, b in B, c in C, no card shared), each deal equally likely, of each player's share of
the pot (ties split) over all C(46, 5) = 1,370,754 boards. They are kept as integers: the
boards summed over the deals, by who shares the pot (``win_a``, ``win_b``, ``win_c`` alone;
``tie_ab``, ``tie_ac``, ``tie_bc``, ``tie_abc``), over ``deals * 1,370,754`` boards.

Only A <= B <= C (in matrix order, `pokerlut.matrix.CLASSES`) is computed and stored: the
other orders are the same deals with the players renamed (`lookup` reads any order). A
triple is in the table if and only if it can be dealt (AA, AA, AKs cannot: five aces).

The lever is `kernels.triples`: the deals of a triple differ only in their suits, and a
deal's boards count as a rank part that depends on the hole ranks alone plus, per suit, a
flush correction that depends only on which hole cards are of the suit. So a triple costs
one rank part and one correction per distinct pattern (at most 27 for three offsuit hands),
not up to 1,728 deals one by one: about 1-2 ms on one thread instead of 0.1-1.3 s.

>>> r = class_triple("AA", "KK", "QQ")
>>> r.deals, round(r.equity[0], 4)
(216, 0.6698)

Triples go to the workers in chunks of ``chunk_triples`` (a few seconds each), in matrix
order; each finished chunk is written (atomically) into ``<out>.parts/chunk-00042.parquet``,
and a rerun skips the chunks already there. At the end the parts are combined into one
Parquet file of every dealable triple.
"""

from __future__ import annotations

import functools
import itertools
import math
import os
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .bulk import check_workers, connect, need
from .matrix import (CLASSES, numba_threads, open_parts, parse_classes, part_file, run_parts,
                     write_atomic)

__all__ = ["BOARDS3", "COUNT_COLUMNS", "Matrix3Run", "Plan3", "TripleResult", "class_triple",
           "compute_matrix3", "count_triples", "lookup", "plan3"]

BOARDS3 = math.comb(46, 5)  # boards per three-way deal
FORMAT = 1  # the layout of the parts folder (its manifest.json)
CHUNK_TRIPLES = 2000  # class triples per task: a few seconds on one thread
_RANKS = "23456789TJQKA"
# the boards by winners' bitmask (bit 0: player a, 1: b, 2: c), in kernel bin order 1..7
COUNT_COLUMNS = ("win_a", "win_b", "tie_ab", "win_c", "tie_ac", "tie_bc", "tie_abc")
_INDEX = {name: i for i, name in enumerate(CLASSES)}


@functools.cache
def _class_arrays() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every class's hands as cards (169, 12, 2), the higher rank first; their number (169);
    the class's (high, low) rank (169, 2). In `CLASSES` order."""
    combos = np.zeros((len(CLASSES), 12, 2), np.int64)
    n_combos = np.zeros(len(CLASSES), np.int64)
    ranks = np.zeros((len(CLASSES), 2), np.int64)
    for c, name in enumerate(CLASSES):
        hi, lo = _RANKS.index(name[0]), _RANKS.index(name[1])
        if hi == lo:
            suits = list(itertools.combinations(range(4), 2))
        elif name.endswith("s"):
            suits = [(s, s) for s in range(4)]
        else:
            suits = [(a, b) for a in range(4) for b in range(4) if a != b]
        for k, (a, b) in enumerate(suits):
            combos[c, k] = 4 * hi + a, 4 * lo + b
        n_combos[c], ranks[c] = len(suits), (hi, lo)
    return combos, n_combos, ranks


def count_triples(triples: np.ndarray) -> dict[str, np.ndarray]:
    """The board counts of class triples (rows of three indices into `CLASSES`, any order), on
    this thread: ``counts`` (n, 8) int64 by winners' bitmask (bin 0 unused), ``deals`` (n,)
    (0: cannot be dealt) and ``patterns`` (n,), the flush corrections computed."""
    from . import tables
    from .kernels.triples import BINS, PATTERNS, count_class_triples

    triples = np.ascontiguousarray(np.asarray(triples, dtype=np.int64).reshape(-1, 3))
    if len(triples) and (triples.min() < 0 or triples.max() >= len(CLASSES)):
        raise ValueError(f"class indices are 0 to {len(CLASSES) - 1}")
    counts = np.zeros((len(triples), BINS), np.int64)
    deals = np.zeros(len(triples), np.int64)
    patterns = np.zeros(len(triples), np.int64)
    count_class_triples(tables.load("high"), *_class_arrays(), triples, counts, deals, patterns,
                        np.zeros(64, np.int64), np.zeros(32, np.uint64),
                        np.zeros(BINS, np.int64), np.zeros(PATTERNS, np.int64))
    return {"counts": counts, "deals": deals, "patterns": patterns}


@dataclass(frozen=True)
class TripleResult:
    """One class triple, exactly: the classes, the deals (0: they cannot be dealt together),
    the boards by winners' bitmask (counts[w], w a bitmask of the players, over
    deals * BOARDS3 boards), and per player the equity (share of the pot), win (alone) and
    tie (a shared pot) as fractions of the boards."""

    classes: tuple[str, str, str]
    deals: int
    counts: tuple[int, ...]
    equity: tuple[float, float, float]
    win: tuple[float, float, float]
    tie: tuple[float, float, float]


def _shares(counts: np.ndarray, deals: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per player (columns): equity, win and tie from counts (n, 8) and deals (n,)."""
    boards = (deals * BOARDS3).astype(np.float64)[:, None]
    masks = np.arange(8)
    size = np.array([bin(w).count("1") for w in masks], np.float64)
    size[0] = 1
    inside = (masks[None, :] >> np.arange(3)[:, None]) & 1  # (3, 8)
    with np.errstate(invalid="ignore", divide="ignore"):
        equity = (counts @ (inside / size).T) / boards
        win = counts[:, [1, 2, 4]] / boards
        tie = (counts @ (inside * (size > 1)).T) / boards
    return equity, win, tie


def class_triple(a: str, b: str, c: str) -> TripleResult:
    """The exact three-way equity of classes a, b, c (in this order: "AA", "AKs", "72o"),
    every deal of specific hands with no card shared equally likely, over every board.

    >>> r = class_triple("AKs", "QQ", "72o")
    >>> r.deals, [round(e, 4) for e in r.equity]
    (288, [0.4223, 0.4646, 0.1131])
    """
    names = tuple(parse_classes([a]) + parse_classes([b]) + parse_classes([c]))
    found = count_triples(np.array([[_INDEX[n] for n in names]]))
    counts, deals = found["counts"], found["deals"]
    equity, win, tie = _shares(counts, deals)
    if deals[0] == 0:
        equity = win = tie = np.zeros((1, 3))
    return TripleResult((names[0], names[1], names[2]), int(deals[0]),
                        tuple(int(x) for x in counts[0]), _three(equity[0]), _three(win[0]),
                        _three(tie[0]))


def _three(row: np.ndarray) -> tuple[float, float, float]:
    return float(row[0]), float(row[1]), float(row[2])


@dataclass
class Plan3:
    """The work of a three-way table: the classes, the chunks (each an (n, 3) array of
    indices into `classes`, i <= j <= k, in matrix order) and the class triples (dealable or
    not: the kernel tells)."""

    classes: list[str]
    chunks: list[np.ndarray]
    class_triples: int


def plan3(classes: str | Sequence[str] | None = None,
          chunk_triples: int = CHUNK_TRIPLES) -> Plan3:
    """Split the table of `classes` (all 169 by default) into chunks of `chunk_triples`
    triples i <= j <= k, in matrix order (the same classes give the same chunks).

    >>> p = plan3()
    >>> p.class_triples, len(p.chunks)
    (818805, 410)
    """
    names = parse_classes(classes)
    if type(chunk_triples) is not int or chunk_triples < 1:
        raise ValueError(f"chunk_triples must be a positive int, not {chunk_triples!r}")
    n = len(names)
    flat = np.fromiter(itertools.chain.from_iterable(
        itertools.combinations_with_replacement(range(n), 3)), np.int64)
    triples = flat.reshape(-1, 3)
    chunks = [triples[k:k + chunk_triples] for k in range(0, len(triples), chunk_triples)]
    return Plan3(names, chunks, len(triples))


def _evaluate_chunk(names: list[str], triples: np.ndarray) -> dict[str, Any]:
    """One task: the board counts of a chunk of class triples (indices into `names`), on one
    numba thread; the triples that cannot be dealt left out."""
    import numba

    start = time.perf_counter()
    index = np.array([_INDEX[n] for n in names], np.int64)
    found = count_triples(index[triples])
    keep = found["deals"] > 0
    rows: dict[str, np.ndarray] = {"i": triples[keep, 0], "j": triples[keep, 1],
                                   "k": triples[keep, 2], "deals": found["deals"][keep]}
    for w, column in enumerate(COUNT_COLUMNS, start=1):
        rows[column] = found["counts"][keep, w]
    rows["patterns"] = found["patterns"][keep]
    return {"rows": rows, "seconds": time.perf_counter() - start, "triples": len(triples),
            "numba_threads": numba.config.NUMBA_NUM_THREADS}  # type: ignore[attr-defined]


@dataclass
class Matrix3Run:
    """What a run did: the file, the class triples (computed i <= j <= k) and those dealable,
    the chunks computed now and found done, the workers (numba's thread count in each), and
    the time: wall clock, the task seconds summed over the chunks computed now, and per class
    triple (`seconds_per_triple`, for projections: T(N) ~ class_triples * it / N)."""

    out: str
    classes: int
    class_triples: int
    dealable_triples: int
    deals: int
    chunks: int
    chunks_computed: int
    chunks_skipped: int
    workers: int
    worker_numba_threads: list[int] = field(default_factory=list)
    task_seconds: float = 0.0
    seconds_per_triple: float | None = None
    wall_seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return asdict(self)


def compute_matrix3(out: str | os.PathLike[str], classes: str | Sequence[str] | None = None, *,
                    scheduler: str | None = None, workers: int | None = None,
                    chunk_triples: int = CHUNK_TRIPLES, progress: bool = True) -> Matrix3Run:
    """Compute the three-way table of `classes` (all 169 by default) on a Dask cluster and
    write it to `out` (Parquet): one row per dealable triple a <= b <= c in matrix order,
    columns a, b, c (the classes), deals, equity_a, equity_b, equity_c, the board counts
    `COUNT_COLUMNS` and patterns (flush corrections computed).

    scheduler: the address of a running cluster, else a LocalCluster of `workers` processes
    (default: one per core), one thread and one numba thread each. Chunks already in
    ``<out>.parts/`` are not computed again. progress: a bar of the triples done, with the
    time left and the projected total (tqdm, on a terminal). Returns a `Matrix3Run`.
    """
    wall = time.perf_counter()
    dist = need("distributed")
    pd = need("pandas")
    need("pyarrow")
    check_workers(workers, scheduler)
    out_path = Path(out)
    if not out_path.parent.is_dir():
        raise ValueError(f"no folder {str(out_path.parent)!r} to write {out_path.name!r} into")
    the_plan = plan3(classes, chunk_triples)
    parts = out_path.with_name(out_path.name + ".parts")
    manifest = {"format": FORMAT, "players": 3, "classes": the_plan.classes,
                "chunk_triples": chunk_triples, "chunks": len(the_plan.chunks),
                "boards": BOARDS3}
    open_parts(parts, manifest)
    todo = [k for k in range(len(the_plan.chunks)) if not part_file(parts, k).exists()]
    run = Matrix3Run(str(out_path), len(the_plan.classes), the_plan.class_triples, 0, 0,
                     len(the_plan.chunks), len(todo), len(the_plan.chunks) - len(todo), 0)
    if todo:
        _run_chunks(dist, the_plan, todo, parts, run, scheduler, workers, progress)
    half = pd.concat([pd.read_parquet(part_file(parts, k)) for k in range(len(the_plan.chunks))],
                     ignore_index=True)
    table = _table(pd, the_plan.classes, half)
    write_atomic(out_path, lambda p: table.to_parquet(p, index=False))
    run.dealable_triples, run.deals = len(table), int(table.deals.sum())
    run.wall_seconds = time.perf_counter() - wall
    return run


def _run_chunks(dist: Any, the_plan: Plan3, todo: list[int], parts: Path, run: Matrix3Run,
                scheduler: str | None, workers: int | None, progress: bool) -> None:
    """Submit the chunks still to do, and write each one's part as it comes back."""
    pd = need("pandas")
    total = the_plan.class_triples
    done_before = total - sum(len(the_plan.chunks[k]) for k in todo)
    with connect(scheduler, workers) as client:
        bar = None
        if progress:
            from tqdm import tqdm

            bar = tqdm(total=total, initial=done_before, unit=" triples", disable=None,
                       leave=False, smoothing=0.05)
        start, computed = time.perf_counter(), 0

        def save(k: int, result: dict[str, Any]) -> None:
            nonlocal computed
            frame = pd.DataFrame(result["rows"])
            write_atomic(part_file(parts, k), lambda p: frame.to_parquet(p, index=False))
            run.task_seconds += result["seconds"]
            computed += result["triples"]
            if bar is not None:
                bar.update(result["triples"])
                left = (time.perf_counter() - start) * (total - done_before - computed) / computed
                projected = tqdm.format_interval(time.perf_counter() - start + left)
                bar.set_postfix_str(f"projected {projected}",
                                    refresh=False)

        run_parts(dist, client, _evaluate_chunk,
                  {k: (the_plan.classes, the_plan.chunks[k]) for k in todo}, save, "matrix3-chunk")
        if bar is not None:
            bar.close()
        run.workers = len(client.scheduler_info()["workers"])
        run.worker_numba_threads = sorted(client.run(numba_threads).values())
        run.seconds_per_triple = run.task_seconds / computed if computed else None


def _table(pd: Any, classes: list[str], half: Any) -> Any:
    """The output rows from the parts' counts: class names and equities added, in matrix
    order."""
    half = half.sort_values(["i", "j", "k"]).reset_index(drop=True)
    counts = np.zeros((len(half), 8), np.int64)
    for w, column in enumerate(COUNT_COLUMNS, start=1):
        counts[:, w] = half[column].to_numpy()
    deals = half.deals.to_numpy()
    equity, _, _ = _shares(counts, deals)
    names = pd.Categorical.from_codes(np.arange(len(classes)), categories=classes)
    columns: dict[str, Any] = {
        "a": names[half.i.to_numpy()], "b": names[half.j.to_numpy()],
        "c": names[half.k.to_numpy()], "deals": deals,
        "equity_a": equity[:, 0], "equity_b": equity[:, 1], "equity_c": equity[:, 2]}
    for column in COUNT_COLUMNS:
        columns[column] = half[column].to_numpy()
    columns["patterns"] = half.patterns.to_numpy()
    return pd.DataFrame(columns)


def lookup(table: Any, a: str, b: str, c: str) -> tuple[float, float, float]:
    """The equities of classes a, b, c, in this order, from the table `compute_matrix3`
    wrote (a pandas DataFrame, e.g. ``pd.read_parquet(out)``); KeyError if the table does not
    hold the triple (not dealable, or a class not in it)."""
    names = parse_classes([a]) + parse_classes([b]) + parse_classes([c])
    order = sorted(range(3), key=lambda p: _INDEX[names[p]])
    key = [names[p] for p in order]
    row = table[(table.a == key[0]) & (table.b == key[1]) & (table.c == key[2])]
    if len(row) != 1:
        raise KeyError(f"no triple {', '.join(key)} in the table")
    values = [float(row.iloc[0][f"equity_{x}"]) for x in "abc"]
    result = [0.0, 0.0, 0.0]
    for place, p in enumerate(order):
        result[p] = values[place]
    return result[0], result[1], result[2]
