"""The three-way table: the board counts of class triples (`kernels.triples`), one triple
exactly (`class_triple`), the plan of a run, its task, the table of the dealable triples
a <= b <= c and reading any order from it (`lookup`), and the table kind `ThreeWay` that ties
them together for `compute_matrix(n_players=3)`."""

from __future__ import annotations

import functools
import itertools
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from .._cards import RANKS
from .._deprecation import renamed_attribute
from ._classes import CLASS_INDEX, CLASSES, parse_classes
from ._job import FORMAT, Chunks, Done, TableKind
from ._runs import Matrix3Run

BOARDS3 = math.comb(46, 5)  # boards per three-way deal
CHUNK_TRIPLES = 2000  # class triples per task: a few seconds on one thread
# the boards by winners' bitmask (bit 0: player a, 1: b, 2: c), in kernel bin order 1..7
COUNT_COLUMNS = ("win_a", "win_b", "tie_ab", "win_c", "tie_ac", "tie_bc", "tie_abc")


@functools.cache
def class_arrays() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every class's hands as cards (169, 12, 2), the higher rank first; their number (169);
    the class's (high, low) rank (169, 2). In `CLASSES` order."""
    combos = np.zeros((len(CLASSES), 12, 2), np.int64)
    n_combos = np.zeros(len(CLASSES), np.int64)
    ranks = np.zeros((len(CLASSES), 2), np.int64)
    for c, name in enumerate(CLASSES):
        hi, lo = RANKS.index(name[0]), RANKS.index(name[1])
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
    from .._game import HIGH
    from .._kernels.triples import BINS, PATTERNS, count_class_triples

    triples = np.ascontiguousarray(np.asarray(triples, dtype=np.int64).reshape(-1, 3))
    if len(triples) and (triples.min() < 0 or triples.max() >= len(CLASSES)):
        raise ValueError(f"class indices are 0 to {len(CLASSES) - 1}")
    counts = np.zeros((len(triples), BINS), np.int64)
    deals = np.zeros(len(triples), np.int64)
    patterns = np.zeros(len(triples), np.int64)
    count_class_triples(
        HIGH.tables,
        *class_arrays(),
        triples,
        counts,
        deals,
        patterns,
        np.zeros(64, np.int64),
        np.zeros(32, np.uint64),
        np.zeros(BINS, np.int64),
        np.zeros(PATTERNS, np.int64),
    )
    return {"counts": counts, "deals": deals, "patterns": patterns}


@dataclass(frozen=True)
class TripleResult:
    """One class triple, exactly: the classes, the deals of hands dealt (`dealt`, 0: they
    cannot be dealt together; until this release `deals`, which still reads it with a
    `DeprecationWarning`), the boards by winners' bitmask (counts[w], w a bitmask of the
    players, over dealt * BOARDS3 boards), and per player the equity (share of the pot), win
    (alone) and tie (a shared pot) as fractions of the boards."""

    classes: tuple[str, str, str]
    dealt: int
    counts: tuple[int, ...]
    equity: tuple[float, float, float]
    win: tuple[float, float, float]
    tie: tuple[float, float, float]

    deals = renamed_attribute("TripleResult", "deals", "dealt")


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
    >>> r.dealt, [round(e, 4) for e in r.equity]
    (288, [0.4223, 0.4646, 0.1131])
    """
    names = tuple(parse_classes([a]) + parse_classes([b]) + parse_classes([c]))
    found = count_triples(np.array([[CLASS_INDEX[n] for n in names]]))
    counts, deals = found["counts"], found["deals"]
    equity, win, tie = _shares(counts, deals)
    if deals[0] == 0:
        equity = win = tie = np.zeros((1, 3))
    return TripleResult(
        (names[0], names[1], names[2]),
        int(deals[0]),
        tuple(int(x) for x in counts[0]),
        _three(equity[0]),
        _three(win[0]),
        _three(tie[0]),
    )


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


def plan3(classes: str | Sequence[str] | None = None, chunk_triples: int = CHUNK_TRIPLES) -> Plan3:
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
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations_with_replacement(range(n), 3)), np.int64
    )
    triples = flat.reshape(-1, 3)
    chunks = [triples[k : k + chunk_triples] for k in range(0, len(triples), chunk_triples)]
    return Plan3(names, chunks, len(triples))


def triples_chunk(names: list[str], triples: np.ndarray) -> dict[str, Any]:
    """One task: the board counts of a chunk of class triples (indices into `names`), on one
    numba thread; the triples that cannot be dealt left out."""
    start = time.perf_counter()
    index = np.array([CLASS_INDEX[n] for n in names], np.int64)
    rows = triple_rows(triples, count_triples(index[triples]))
    return {"rows": rows, "seconds": time.perf_counter() - start}


def triple_rows(triples: np.ndarray, found: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The table's columns of class triples (i, j, k: indices into the run's classes) from
    their board counts (`count_triples`'s), the triples that cannot be dealt left out."""
    keep = found["deals"] > 0
    rows = {
        "i": triples[keep, 0],
        "j": triples[keep, 1],
        "k": triples[keep, 2],
        "deals": found["deals"][keep],
    }
    for w, column in enumerate(COUNT_COLUMNS, start=1):
        rows[column] = found["counts"][keep, w]
    rows["patterns"] = found["patterns"][keep]
    return rows


def triple_table(pd: Any, classes: list[str], half: Any) -> Any:
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
        "a": names[half.i.to_numpy()],
        "b": names[half.j.to_numpy()],
        "c": names[half.k.to_numpy()],
        "deals": deals,
        "equity_a": equity[:, 0],
        "equity_b": equity[:, 1],
        "equity_c": equity[:, 2],
    }
    for column in COUNT_COLUMNS:
        columns[column] = half[column].to_numpy()
    columns["patterns"] = half.patterns.to_numpy()
    return pd.DataFrame(columns)


def lookup(table: Any, a: str, b: str, c: str) -> tuple[float, float, float]:
    """The equities of classes a, b, c, in this order, from the three-way table
    `compute_matrix(n_players=3)` wrote (a pandas DataFrame, e.g. ``pd.read_parquet(out)``);
    KeyError if the table does not hold the triple (not dealable, or a class not in it)."""
    names = parse_classes([a]) + parse_classes([b]) + parse_classes([c])
    order = sorted(range(3), key=lambda p: CLASS_INDEX[names[p]])
    key = [names[p] for p in order]
    row = table[(table.a == key[0]) & (table.b == key[1]) & (table.c == key[2])]
    if len(row) != 1:
        raise KeyError(f"no triple {', '.join(key)} in the table")
    values = [float(row.iloc[0][f"equity_{x}"]) for x in "abc"]
    result = [0.0, 0.0, 0.0]
    for place, p in enumerate(order):
        result[p] = values[place]
    return result[0], result[1], result[2]


@dataclass(frozen=True)
class ThreeWay(TableKind):
    """The three-way table as a table kind: a run's `Plan3` (in chunks of `chunk_triples`
    class triples), counted by `triples_chunk` on Dask or on the GPU, made into the table of
    the dealable triples, reported as a `Matrix3Run`; it is not drawn."""

    plan: Plan3
    chunk_triples: int

    players: ClassVar[int] = 3
    unit: ClassVar[str] = " triples"
    draws: ClassVar[bool] = False

    @classmethod
    def planned(
        cls, classes: str | Sequence[str] | None, *, chunk_pairs: int, chunk_triples: int
    ) -> ThreeWay:
        return cls(plan3(classes, chunk_triples), chunk_triples)

    @property
    def evaluations(self) -> int:
        return self.plan.class_triples

    def chunks(self) -> Chunks:
        return Chunks(
            "matrix3-chunk",
            triples_chunk,
            [(self.plan.classes, c) for c in self.plan.chunks],
            [len(c) for c in self.plan.chunks],
            {
                "format": FORMAT,
                "players": self.players,
                "classes": self.plan.classes,
                "chunk_triples": self.chunk_triples,
                "chunks": len(self.plan.chunks),
                "boards": BOARDS3,
            },
            self.unit,
        )

    def count_on_gpu(self, progress: Callable[[int], None] | None) -> dict[str, np.ndarray]:
        from .._gpu import matrix as gpu

        index = np.array([CLASSES.index(c) for c in self.plan.classes], np.int64)
        every = np.concatenate(self.plan.chunks) if self.plan.chunks else np.zeros((0, 3), np.int64)
        found = gpu.count_triples(index[every], class_arrays(), BOARDS3, progress)
        return triple_rows(every, found)

    def merge(self, pd: Any, frames: list[Any]) -> Any:
        return triple_table(pd, self.plan.classes, pd.concat(frames, ignore_index=True))

    def run(self, out: str, png: str | None, table: Any, done: Done) -> Matrix3Run:
        p = self.plan
        return Matrix3Run(
            out,
            len(p.classes),
            p.class_triples,
            len(table),
            int(table.deals.sum()),
            *done.figures(),
            done.per_item(),
        )
