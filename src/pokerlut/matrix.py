"""The exact preflop tables of hold'em, computed as Dask jobs: the heads-up matrix (equity of
each of the 169 starting-hand classes against each other) and the three-way table (every
dealable triple of classes): `compute_matrix(out, players=2|3)`, `pokerlut matrix --players
2|3`.

**Heads-up.** The equity of class A against class B is the average, over every pair of
specific hands (a in A, b in B, no card shared), each pair equally likely, of a's share of
the pot (ties split) over all C(48, 5) = 1,712,304 boards. It is kept as integers: ``win``,
``tie`` and ``lose`` count boards summed over the pairs of hands, and ``equity = numerator /
denominator`` with ``numerator = 2 win + tie`` and ``denominator = 2 * 1,712,304 *
combo_pairs``. So A against B and B against A add up to exactly 1, and A against A is exactly
1/2.

The work is cut twice. Pairs of hands that a permutation of the four suits maps onto each
other have the same equity: each class of such pairs is evaluated once (its
``canonical_pairs``) and weighted by its size. And B against A is 1 minus A against B, so
only A <= B is computed. Of the 1,624,350 ordered pairs of hands (28,561 pairs of classes,
14,365 with A <= B), 47,086 suit-distinct pairs of hands are evaluated, 34 times fewer
(``plan()`` gives the figures; 47,008 is the least possible: on the diagonal, A against A,
78 kinds are evaluated twice, once in each order):

>>> p = plan(["AA", "KK", "AKs", "72o"])
>>> p.class_pairs, p.combo_pairs, p.canonical_pairs
(10, 612, 23)

Every pair costs one exact enumeration (`pokerlut.equity`, about 0.6 ms on one thread), so
the whole matrix takes about ``T(N) = canonical_pairs * c / N + s`` on ``N`` workers, with
``c`` the seconds per pair (the run reports it as ``seconds_per_pair``) and ``s`` the start
of the cluster and the planning (a few seconds): 47,086 * 0.0006 / N s, about 30 s on one
idle core, 17 s on two (measured), a few seconds on sixteen.

**Three-way.** The equities of classes (A, B, C) are the averages, over every deal of three
specific hands (a in A, b in B, c in C, no card shared), each deal equally likely, of each
player's share of the pot (ties split) over all C(46, 5) = 1,370,754 boards. They are kept as
integers: the boards summed over the deals, by who shares the pot (``win_a``, ``win_b``,
``win_c`` alone; ``tie_ab``, ``tie_ac``, ``tie_bc``, ``tie_abc``), over ``deals * 1,370,754``
boards. Only A <= B <= C (in matrix order, `CLASSES`) is computed and stored: the other
orders are the same deals with the players renamed (`lookup` reads any order). A triple is in
the table if and only if it can be dealt (AA, AA, AKs cannot: five aces).

The lever is `kernels.triples`: the deals of a triple differ only in their suits, and a
deal's boards count as a rank part that depends on the hole ranks alone plus, per suit, a
flush correction that depends only on which hole cards are of the suit. So a triple costs
one rank part and one correction per distinct pattern (at most 27 for three offsuit hands),
not up to 1,728 deals one by one: about 1-2 ms on one thread instead of 0.1-1.3 s.

>>> r = class_triple("AA", "KK", "QQ")
>>> r.deals, round(r.equity[0], 4)
(216, 0.6698)

**Both.** The work goes to the workers in chunks (``chunk_pairs`` evaluations of pairs of
hands, ``chunk_triples`` class triples: a few seconds each), in matrix order, on
`pokerlut.distributed`'s runner. Every finished chunk is written (atomically) into a folder
beside the output, ``<out>.parts/chunk-00042.parquet``; a run that finds that folder skips
the chunks already there, so an interrupted job resumes where it stopped. At the end the
parts are combined into one Parquet file: every ordered pair of classes (``hero``,
``villain``), or every dealable triple (``a``, ``b``, ``c``).
"""

from __future__ import annotations

import functools
import itertools
import math
import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal, overload

import numpy as np

from ._cards import RANKS as _RANKS
from ._cards import format_cards
from .distributed import Parts, check_workers, connect, need, run_parts, worker_numba_threads, write_atomic
from ._equity.front import equity as _equity
from ._odds.preflop_order import class_names as _class_names
from ._equity.ranges import parse_range
from ._gpu._device import wants_gpu

__all__ = [
    "BOARDS",
    "BOARDS3",
    "CLASSES",
    "COUNT_COLUMNS",
    "Matrix3Run",
    "MatrixRun",
    "Plan",
    "Plan3",
    "TripleResult",
    "canonical_pairs",
    "class_triple",
    "compute_matrix",
    "count_triples",
    "lookup",
    "parse_classes",
    "plan",
    "plan3",
    "plot_matrix",
    "random_hand_equity",
]

BOARDS = math.comb(48, 5)  # boards per heads-up deal
BOARDS3 = math.comb(46, 5)  # boards per three-way deal
FORMAT = 1  # the layout of the parts folder (its manifest.json)
CHUNK_PAIRS = 300  # suit-distinct pairs of hands per task: about 3 s on one thread
CHUNK_TRIPLES = 2000  # class triples per task: a few seconds on one thread
# the boards by winners' bitmask (bit 0: player a, 1: b, 2: c), in kernel bin order 1..7
COUNT_COLUMNS = ("win_a", "win_b", "tie_ab", "win_c", "tie_ac", "tie_bc", "tie_abc")


# --- the classes -------------------------------------------------------------------------------


CLASSES = tuple(_class_names())  # AA, AKs, AKo, ..., 32o, 22: see preflop_order.class_names
_INDEX = {name: i for i, name in enumerate(CLASSES)}


def parse_classes(classes: str | Sequence[str] | None) -> list[str]:
    """The classes of a run, in matrix order: all 169 for None, else a comma-separated text or
    a list of names ("AA", "AKs", "72o"; case-insensitive suffix; "KA" is "AK").

    >>> parse_classes("72o, AA,akS")
    ['AA', 'AKs', '72o']
    >>> len(parse_classes(None))
    169
    >>> parse_classes("AA,AK")
    Traceback (most recent call last):
    ...
    ValueError: unknown hand class 'AK': write AA, AKs or AKo (a pair, suited or offsuit)
    """
    if classes is None:
        return list(CLASSES)
    names = [c.strip() for c in classes.split(",")] if isinstance(classes, str) else list(classes)
    chosen = set()
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"a hand class is a str, not {type(name).__name__}: {name!r}")
        key = _canonical_name(name)
        if key in chosen:
            raise ValueError(f"hand class {name!r} is given twice")
        chosen.add(key)
    if len(chosen) < 1:
        raise ValueError("give at least one hand class")
    return sorted(chosen, key=_INDEX.__getitem__)


def _canonical_name(name: str) -> str:
    text = name.strip()
    if len(text) in (2, 3):
        hi, lo, suffix = text[0].upper(), text[1].upper(), text[2:].lower()
        if hi in _RANKS and lo in _RANKS:
            if _RANKS.index(lo) > _RANKS.index(hi):
                hi, lo = lo, hi
            key = hi + lo + suffix
            if key in _INDEX:
                return key
    raise ValueError(f"unknown hand class {name!r}: write AA, AKs or AKo (a pair, suited or offsuit)")


# --- heads-up ----------------------------------------------------------------------------------

# every permutation of the four suits, as a map of the 52 cards: (24, 52)
_PERMS = np.array(
    [[4 * (c // 4) + p[c % 4] for c in range(52)] for p in itertools.permutations(range(4))], dtype=np.int64
)


def canonical_pairs(a: str, b: str) -> tuple[np.ndarray, np.ndarray]:
    """The pairs of hands of class a against class b (no card shared), up to a permutation of
    the suits: one pair of each kind as cards (n, 4) uint8 (a's two cards, then b's), and how
    many pairs of hands it stands for (int64). The counts add up to every pair.

    >>> hands, counts = canonical_pairs("AA", "KK")
    >>> [format_cards(h) for h in hands], counts.tolist()
    (['Ac Ad Kc Kd', 'Ac Ad Kc Kh', 'Ac Ad Kh Ks'], [6, 24, 6])
    """
    ca, cb = parse_range(a).combos.astype(np.int64), parse_range(b).combos.astype(np.int64)
    pairs = np.concatenate([np.repeat(ca, len(cb), axis=0), np.tile(cb, (len(ca), 1))], axis=1)
    pairs = pairs[(pairs[:, :2, None] != pairs[:, None, 2:]).all(axis=(1, 2))]
    moved = _PERMS[:, pairs]  # (24, n, 4)
    lo_a, hi_a = np.minimum(moved[..., 0], moved[..., 1]), np.maximum(moved[..., 0], moved[..., 1])
    lo_b, hi_b = np.minimum(moved[..., 2], moved[..., 3]), np.maximum(moved[..., 2], moved[..., 3])
    keys = (((lo_a * 52 + hi_a) * 52 + lo_b) * 52 + hi_b).min(axis=0)
    kinds, counts = np.unique(keys, return_counts=True)
    cards = np.stack([kinds // 52**3, kinds // 52**2 % 52, kinds // 52 % 52, kinds % 52], axis=1)
    return cards.astype(np.uint8), counts.astype(np.int64)


@dataclass
class Plan:
    """The work of a matrix: the classes, the chunks (each a list of (i, j, hands, counts):
    classes i <= j by index into `classes`, their suit-distinct pairs of hands and counts), and
    the totals: pairs of classes computed (i <= j), every ordered pair of hands of the matrix,
    and the suit-distinct pairs evaluated."""

    classes: list[str]
    chunks: list[list[tuple[int, int, np.ndarray, np.ndarray]]]
    class_pairs: int
    combo_pairs: int
    canonical_pairs: int


def plan(classes: str | Sequence[str] | None = None, chunk_pairs: int = CHUNK_PAIRS) -> Plan:
    """Split the matrix of `classes` (all 169 by default) into chunks of about `chunk_pairs`
    exact evaluations, pairs of classes in matrix order (the same classes give the same
    chunks). `combo_pairs` counts both orders (every cell of the matrix)."""
    names = parse_classes(classes)
    if type(chunk_pairs) is not int or chunk_pairs < 1:
        raise ValueError(f"chunk_pairs must be a positive int, not {chunk_pairs!r}")
    chunks: list[list[tuple[int, int, np.ndarray, np.ndarray]]] = [[]]
    size = combos = kinds = 0
    for i, j in itertools.combinations_with_replacement(range(len(names)), 2):
        hands, counts = canonical_pairs(names[i], names[j])
        if size >= chunk_pairs:
            chunks.append([])
            size = 0
        chunks[-1].append((i, j, hands, counts))
        size += len(counts)
        kinds += len(counts)
        combos += int(counts.sum()) * (1 if i == j else 2)
    return Plan(names, chunks, len(names) * (len(names) + 1) // 2, combos, kinds)


def _pairs_chunk(items: list[tuple[int, int, np.ndarray, np.ndarray]]) -> dict[str, Any]:
    """One task: the board counts of every pair of classes of a chunk, by exact enumeration of
    each suit-distinct pair of hands on one numba thread."""
    start = time.perf_counter()
    rows: dict[str, list[int]] = {
        k: [] for k in ("i", "j", "win", "tie", "lose", "combo_pairs", "canonical_pairs")
    }
    for i, j, hands, counts in items:
        win = tie = lose = 0
        for cards, n in zip(hands, counts.tolist()):
            r = _equity(
                [format_cards(cards[:2], sep=""), format_cards(cards[2:], sep="")], exact=True, threads=1
            )
            if not r.exact or r.partial or _boards_of(r) != BOARDS:
                raise RuntimeError(f"{format_cards(cards)}: not a whole exact enumeration")
            w, lo = round(r.players[0].win * BOARDS), round(r.players[1].win * BOARDS)
            if w + lo + round(r.players[0].tie * BOARDS) != BOARDS:
                raise RuntimeError(f"{format_cards(cards)}: counts do not add up to the boards")
            win, tie, lose = win + n * w, tie + n * (BOARDS - w - lo), lose + n * lo
        for key, value in zip(rows, (i, j, win, tie, lose, int(counts.sum()), len(counts))):
            rows[key].append(value)
    return {"rows": rows, "seconds": time.perf_counter() - start}


def _boards_of(result: Any) -> int:
    """The boards an exact `pokerlut.equity` enumerated, over every deal (its `deals`, once
    called `boards`)."""
    return int(getattr(result, "deals", None) or getattr(result, "boards"))


@dataclass
class MatrixRun:
    """What a heads-up run did (`compute_matrix(players=2)`): the files, the totals of its
    plan, the chunks computed now and those found done, the workers (and numba's thread count
    in each), and the time: wall clock, and the task seconds summed over the chunks computed
    now (per suit-distinct pair of hands: `seconds_per_pair`, the `c` of the projection in the
    module docstring)."""

    out: str
    png: str | None
    classes: int
    class_pairs: int
    combo_pairs: int
    canonical_pairs: int
    chunks: int
    chunks_computed: int
    chunks_skipped: int
    workers: int
    worker_numba_threads: list[int] = field(default_factory=list)
    task_seconds: float = 0.0
    seconds_per_pair: float | None = None
    wall_seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return asdict(self)


# --- three-way ---------------------------------------------------------------------------------


@functools.cache
def class_arrays() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
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
    from . import _tables as tables
    from ._kernels.triples import BINS, PATTERNS, count_class_triples

    triples = np.ascontiguousarray(np.asarray(triples, dtype=np.int64).reshape(-1, 3))
    if len(triples) and (triples.min() < 0 or triples.max() >= len(CLASSES)):
        raise ValueError(f"class indices are 0 to {len(CLASSES) - 1}")
    counts = np.zeros((len(triples), BINS), np.int64)
    deals = np.zeros(len(triples), np.int64)
    patterns = np.zeros(len(triples), np.int64)
    count_class_triples(
        tables.load("high"),
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


def _triples_chunk(names: list[str], triples: np.ndarray) -> dict[str, Any]:
    """One task: the board counts of a chunk of class triples (indices into `names`), on one
    numba thread; the triples that cannot be dealt left out."""
    start = time.perf_counter()
    index = np.array([_INDEX[n] for n in names], np.int64)
    rows = _triple_rows(triples, count_triples(index[triples]))
    return {"rows": rows, "seconds": time.perf_counter() - start}


def _triple_rows(triples: np.ndarray, found: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
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


@dataclass
class Matrix3Run:
    """What a three-way run did (`compute_matrix(players=3)`): the file, the class triples
    (computed i <= j <= k) and those dealable, the chunks computed now and found done, the
    workers (numba's thread count in each), and the time: wall clock, the task seconds summed
    over the chunks computed now, and per class triple (`seconds_per_triple`, for projections:
    T(N) ~ class_triples * it / N)."""

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


# --- the job on Dask ---------------------------------------------------------------------------


@dataclass
class _Chunks:
    """What a run of either table sends to the workers: the task, its arguments and its
    evaluations (pairs of hands, or class triples) per chunk, what the parts folder's manifest
    says, and the unit of the progress bar."""

    name: str
    task: Callable[..., dict[str, Any]]
    args: list[tuple[Any, ...]]
    items: list[int]
    manifest: dict[str, Any]
    unit: str


@dataclass
class _Done:
    """What `_run_chunks` did: the task seconds and evaluations summed over the chunks computed
    now, the workers and their numba thread counts."""

    task_seconds: float = 0.0
    items: int = 0
    workers: int = 0
    worker_numba_threads: list[int] = field(default_factory=list)

    def per_item(self) -> float | None:
        return self.task_seconds / self.items if self.items else None


def _on_gpu(
    out_path: Path, classes: str | Sequence[str] | None, players: int, png: str | None, progress: bool
) -> MatrixRun | Matrix3Run:
    """`compute_matrix(out, classes, players=players, png=png, progress=progress,
    device="cuda")` once its options are checked: the table of the classes computed on the GPU
    and written to `out_path` as the CPU writes it; a `MatrixRun` or `Matrix3Run` with one
    chunk, computed now, and no workers (task_seconds: the GPU's work, copies included)."""
    from ._gpu import matrix as gpu

    pd = need("pandas")
    need("pyarrow")
    bar = None
    if players == 2:
        the_plan = plan(classes)
        total, unit = the_plan.canonical_pairs, " pairs"
    else:
        triples_plan = plan3(classes)
        total, unit = triples_plan.class_triples, " triples"
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=total, unit=unit, disable=None, leave=False)
    start = time.perf_counter()
    try:
        if players == 2:
            rows = gpu.count_pairs(the_plan, BOARDS, bar.update if bar is not None else None)
        else:
            index = np.array([CLASSES.index(c) for c in triples_plan.classes], np.int64)
            every = np.concatenate(triples_plan.chunks) if triples_plan.chunks else np.zeros((0, 3), np.int64)
            found = gpu.count_triples(
                index[every], class_arrays(), BOARDS3, bar.update if bar is not None else None
            )
    finally:
        if bar is not None:
            bar.close()
    seconds = time.perf_counter() - start
    if players == 2:
        table = _combine(pd, the_plan, [pd.DataFrame(rows)])
        write_atomic(out_path, lambda p: table.to_parquet(p, index=False))
        if png is not None:
            plot_matrix(table, png)
        return MatrixRun(
            str(out_path),
            png,
            len(the_plan.classes),
            the_plan.class_pairs,
            the_plan.combo_pairs,
            the_plan.canonical_pairs,
            1,
            1,
            0,
            0,
            [],
            seconds,
            seconds / max(1, the_plan.canonical_pairs),
        )
    table = _table(pd, triples_plan.classes, pd.DataFrame(_triple_rows(every, found)))
    write_atomic(out_path, lambda p: table.to_parquet(p, index=False))
    return Matrix3Run(
        str(out_path),
        len(triples_plan.classes),
        triples_plan.class_triples,
        len(table),
        int(table.deals.sum()),
        1,
        1,
        0,
        0,
        [],
        seconds,
        seconds / max(1, triples_plan.class_triples),
    )


@overload
def compute_matrix(
    out: str | os.PathLike[str],
    classes: str | Sequence[str] | None = None,
    *,
    players: Literal[2] = 2,
    png: str | os.PathLike[str] | None = None,
    scheduler: str | None = None,
    workers: int | None = None,
    chunk_pairs: int = CHUNK_PAIRS,
    chunk_triples: int = CHUNK_TRIPLES,
    progress: bool = True,
    device: str = "cpu",
) -> MatrixRun: ...


@overload
def compute_matrix(
    out: str | os.PathLike[str],
    classes: str | Sequence[str] | None = None,
    *,
    players: Literal[3],
    png: None = None,
    scheduler: str | None = None,
    workers: int | None = None,
    chunk_pairs: int = CHUNK_PAIRS,
    chunk_triples: int = CHUNK_TRIPLES,
    progress: bool = True,
    device: str = "cpu",
) -> Matrix3Run: ...


@overload
def compute_matrix(
    out: str | os.PathLike[str],
    classes: str | Sequence[str] | None = None,
    *,
    players: int,
    png: str | os.PathLike[str] | None = None,
    scheduler: str | None = None,
    workers: int | None = None,
    chunk_pairs: int = CHUNK_PAIRS,
    chunk_triples: int = CHUNK_TRIPLES,
    progress: bool = True,
    device: str = "cpu",
) -> MatrixRun | Matrix3Run: ...


def compute_matrix(
    out: str | os.PathLike[str],
    classes: str | Sequence[str] | None = None,
    *,
    players: int = 2,
    png: str | os.PathLike[str] | None = None,
    scheduler: str | None = None,
    workers: int | None = None,
    chunk_pairs: int = CHUNK_PAIRS,
    chunk_triples: int = CHUNK_TRIPLES,
    progress: bool = True,
    device: str = "cpu",
) -> MatrixRun | Matrix3Run:
    """Compute the table of `classes` (all 169 by default) for `players` on a Dask cluster and
    write it to `out` (Parquet).

    - players=2: the heads-up matrix, one row per ordered pair of classes (hero, villain,
      equity, numerator, denominator, win, tie, lose, combo_pairs, canonical_pairs), in
      chunks of about `chunk_pairs` exact evaluations; a heatmap to `png` if given. Returns a
      `MatrixRun`.
    - players=3: the three-way table, one row per dealable triple a <= b <= c in matrix order
      (columns a, b, c, deals, equity_a, equity_b, equity_c, the board counts
      `COUNT_COLUMNS` and patterns: the flush corrections computed), in chunks of
      `chunk_triples` class triples. Returns a `Matrix3Run`.

    scheduler: the address of a running cluster ("tcp://host:8786"), else a LocalCluster of
    `workers` processes (default: one per core), one thread and one numba thread each.
    Chunks already in ``<out>.parts/`` are not computed again. progress: a bar of the
    evaluations done, with the projected total time (tqdm, on a terminal).

    device="cuda": the same table, computed on an NVIDIA GPU (``pip install 'pokerlut[gpu]'``)
    in this process: no Dask, so scheduler, workers, chunk_pairs and chunk_triples keep their
    defaults (ValueError otherwise) and no parts folder is read or written. The run reports one
    chunk and no workers.

    >>> compute_matrix("matrix.parquet", "AA,KK,72o", device="cuda")  # doctest: +SKIP
    """
    wall = time.perf_counter()
    if players not in (2, 3) or type(players) is not int:
        raise ValueError(f"players is 2 or 3, not {players!r}")
    if players == 3 and png is not None:
        raise ValueError("png draws the heads-up matrix: not with players=3")
    gpu = wants_gpu(device)
    out_path = Path(out)
    if not out_path.parent.is_dir():
        raise ValueError(f"no folder {str(out_path.parent)!r} to write {out_path.name!r} into")
    if gpu:
        for name, value, default in (
            ("scheduler", scheduler, None),
            ("workers", workers, None),
            ("chunk_pairs", chunk_pairs, CHUNK_PAIRS),
            ("chunk_triples", chunk_triples, CHUNK_TRIPLES),
        ):
            if value != default:
                raise ValueError(f"{name} is for the Dask cluster: not with device='cuda' (got {value!r})")
        on_gpu = _on_gpu(out_path, classes, players, None if png is None else str(png), progress)
        on_gpu.wall_seconds = time.perf_counter() - wall
        return on_gpu
    need("distributed")
    pd = need("pandas")
    need("pyarrow")
    check_workers(workers, scheduler)
    parts_folder = out_path.with_name(out_path.name + ".parts")
    if players == 2:
        pairs = plan(classes, chunk_pairs)
        chunks = _Chunks(
            "matrix-chunk",
            _pairs_chunk,
            [(c,) for c in pairs.chunks],
            [sum(len(n) for _, _, _, n in c) for c in pairs.chunks],
            {
                "format": FORMAT,
                "classes": pairs.classes,
                "chunk_pairs": chunk_pairs,
                "chunks": len(pairs.chunks),
                "boards": BOARDS,
            },
            " pairs",
        )
    else:
        triples = plan3(classes, chunk_triples)
        chunks = _Chunks(
            "matrix3-chunk",
            _triples_chunk,
            [(triples.classes, c) for c in triples.chunks],
            [len(c) for c in triples.chunks],
            {
                "format": FORMAT,
                "players": 3,
                "classes": triples.classes,
                "chunk_triples": chunk_triples,
                "chunks": len(triples.chunks),
                "boards": BOARDS3,
            },
            " triples",
        )
    parts = Parts(parts_folder, chunks.manifest, len(chunks.args))
    todo = parts.todo()
    done = _run_chunks(chunks, parts, todo, scheduler, workers, progress) if todo else _Done()
    frames = [pd.read_parquet(parts.path(k)) for k in range(len(chunks.args))]
    n, computed = len(chunks.args), len(todo)
    run: MatrixRun | Matrix3Run
    if players == 2:
        table = _combine(pd, pairs, frames)
        write_atomic(out_path, lambda p: table.to_parquet(p, index=False))
        if png is not None:
            plot_matrix(table, png)
        run = MatrixRun(
            str(out_path),
            None if png is None else str(png),
            len(pairs.classes),
            pairs.class_pairs,
            pairs.combo_pairs,
            pairs.canonical_pairs,
            n,
            computed,
            n - computed,
            done.workers,
            done.worker_numba_threads,
            done.task_seconds,
            done.per_item(),
        )
    else:
        table = _table(pd, triples.classes, pd.concat(frames, ignore_index=True))
        write_atomic(out_path, lambda p: table.to_parquet(p, index=False))
        run = Matrix3Run(
            str(out_path),
            len(triples.classes),
            triples.class_triples,
            len(table),
            int(table.deals.sum()),
            n,
            computed,
            n - computed,
            done.workers,
            done.worker_numba_threads,
            done.task_seconds,
            done.per_item(),
        )
    run.wall_seconds = time.perf_counter() - wall
    return run


def _run_chunks(
    chunks: _Chunks, parts: Parts, todo: list[int], scheduler: str | None, workers: int | None, progress: bool
) -> _Done:
    """Submit the chunks still to do, and write each one's part as it comes back."""
    pd = need("pandas")
    total = sum(chunks.items)
    before = total - sum(chunks.items[k] for k in todo)
    done = _Done()
    with connect(scheduler, workers) as client:
        bar = None
        if progress:
            from tqdm import tqdm

            bar = tqdm(
                total=total, initial=before, unit=chunks.unit, disable=None, leave=False, smoothing=0.05
            )
        start = time.perf_counter()

        def save(k: int, result: dict[str, Any]) -> None:
            frame = pd.DataFrame({c: np.asarray(v, dtype=np.int64) for c, v in result["rows"].items()})
            parts.save(k, lambda p: frame.to_parquet(p, index=False))
            done.task_seconds += result["seconds"]
            done.items += chunks.items[k]
            if bar is not None:
                bar.update(chunks.items[k])
                elapsed = time.perf_counter() - start
                left = elapsed * (total - before - done.items) / done.items
                bar.set_postfix_str(f"projected {tqdm.format_interval(elapsed + left)}", refresh=False)

        run_parts(client, chunks.task, [(k, chunks.args[k]) for k in todo], save, chunks.name)
        if bar is not None:
            bar.close()
        done.workers = len(client.scheduler_info()["workers"])
        done.worker_numba_threads = worker_numba_threads(client)
    return done


# --- the tables --------------------------------------------------------------------------------


def _combine(pd: Any, the_plan: Plan, frames: Iterable[Any]) -> Any:
    """Every ordered pair of classes, from the computed pairs i <= j: B against A swaps win
    and lose. Sorted by hero, then villain, in matrix order."""
    half = pd.concat(list(frames), ignore_index=True)
    mirror = half[half.i != half.j].rename(columns={"i": "j", "j": "i", "win": "lose", "lose": "win"})
    table = pd.concat([half, mirror], ignore_index=True).sort_values(["i", "j"])
    names = np.array(the_plan.classes)
    numerator = 2 * table.win + table.tie
    denominator = 2 * BOARDS * table.combo_pairs
    return pd.DataFrame(
        {
            "hero": names[table.i.to_numpy()],
            "villain": names[table.j.to_numpy()],
            "equity": numerator / denominator,
            "numerator": numerator,
            "denominator": denominator,
            "win": table.win,
            "tie": table.tie,
            "lose": table.lose,
            "combo_pairs": table.combo_pairs,
            "canonical_pairs": table.canonical_pairs,
        }
    ).reset_index(drop=True)


def random_hand_equity(table: Any) -> dict[str, float]:
    """Each hero class's equity against one random hand of the villain classes in `table`
    (with all 169: against any hand), exact: the matrix rows weighted by their pairs of
    hands, which is the number of deals, card removal included."""
    sums = table.groupby("hero", sort=False)[["numerator", "denominator"]].sum()
    return {str(h): float(n / d) for h, n, d in zip(sums.index, sums.numerator, sums.denominator)}


def plot_matrix(table: Any, png: str | os.PathLike[str]) -> None:
    """Draw the matrix of `table` (the Parquet `compute_matrix` writes) as a heatmap: row =
    the hand, column = the opponent, colour = the row's equity. With all 169 classes a second
    panel shows the usual 13 x 13 grid (pairs on the diagonal, suited above, offsuit below)
    of each class's equity against a random hand."""
    need("matplotlib", "plot")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [c for c in CLASSES if c in set(table.hero)]
    index = {c: k for k, c in enumerate(names)}
    grid = np.full((len(names), len(names)), np.nan)
    grid[[index[h] for h in table.hero], [index[v] for v in table.villain]] = table.equity
    full = len(names) == len(CLASSES)
    n = len(names)
    side = max(6.0, 0.13 * n + 2.5)
    fig = plt.figure(figsize=(side * (1.9 if full else 1.2), side), dpi=150 if full else 100)
    gs = fig.add_gridspec(1, 2 if full else 1, width_ratios=[1, 0.8] if full else [1])
    ax = fig.add_subplot(gs[0, 0])
    image = ax.imshow(grid, cmap="RdBu_r", vmin=0, vmax=1, interpolation="nearest")
    for k, name in enumerate(names):  # a thin line before each top card's block (AA.., KK..)
        if k and name[0] != names[k - 1][0]:
            ax.axhline(k - 0.5, color="0.3", linewidth=0.4)
            ax.axvline(k - 0.5, color="0.3", linewidth=0.4)
    size = 6.5 if n > 60 else 9
    ax.set_xticks(range(n), names, rotation=90, fontsize=size)
    ax.set_yticks(range(n), names, fontsize=size)
    ax.tick_params(
        top=True,
        labeltop=True,
        bottom=True,
        labelbottom=True,
        left=True,
        labelleft=True,
        right=True,
        labelright=True,
        length=2,
    )
    ax.set_xlabel("opponent's hand", fontsize=12)
    ax.set_ylabel("hand", fontsize=12)
    ax.set_title(
        "Heads-up preflop equity of the row hand against the column hand\n"
        f"exact over all {BOARDS:,} boards, ties split",
        fontsize=14,
        pad=32,
    )
    if n <= 20:
        for (r, c), v in np.ndenumerate(grid):
            ax.text(
                c,
                r,
                f"{v:.3f}",
                ha="center",
                va="center",
                fontsize=8,
                color="white" if abs(v - 0.5) > 0.3 else "black",
            )
    bar = fig.colorbar(image, ax=ax, fraction=0.04, pad=0.06)
    bar.set_label("equity of the row hand (share of the pot)", fontsize=12)
    if full:
        _plot_grid(fig.add_subplot(gs[0, 1]), random_hand_equity(table))
    fig.savefig(png, bbox_inches="tight")
    plt.close(fig)


def _plot_grid(ax: Any, against_random: dict[str, float]) -> None:
    """The 13 x 13 grid: row = first rank, column = second rank, ace first; suited above the
    diagonal, offsuit below; each cell's equity against a random hand written in it."""
    grid = np.zeros((13, 13))
    labels = [["" for _ in range(13)] for _ in range(13)]
    for r in range(13):
        for c in range(13):
            hi, lo = _RANKS[12 - min(r, c)], _RANKS[12 - max(r, c)]
            name = hi * 2 if r == c else hi + lo + ("s" if c > r else "o")
            grid[r, c], labels[r][c] = against_random[name], name
    image = ax.imshow(grid, cmap="RdBu_r", vmin=0.25, vmax=0.75)  # 32% .. 85%: a finer scale
    for r in range(13):
        for c in range(13):
            ax.text(
                c,
                r,
                f"{labels[r][c]}\n{grid[r, c]:.1%}",
                ha="center",
                va="center",
                fontsize=11,
                color="white" if abs(grid[r, c] - 0.5) > 0.17 else "black",
            )
    bar = ax.figure.colorbar(image, ax=ax, fraction=0.04, pad=0.02, orientation="horizontal")
    bar.set_label("equity against a random hand", fontsize=12)
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_title(
        "Equity against a random hand (exact, card removal included)\n"
        "suited above the diagonal, offsuit below",
        fontsize=14,
    )


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
    `compute_matrix(players=3)` wrote (a pandas DataFrame, e.g. ``pd.read_parquet(out)``);
    KeyError if the table does not hold the triple (not dealable, or a class not in it)."""
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
