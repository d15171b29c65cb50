"""The exact preflop matrix: heads-up hold'em equity of each of the 169 starting-hand classes
against each other, over every board, computed as a Dask job.

The equity of class A against class B is the average, over every pair of specific hands (a
in A, b in B, no card shared), each pair equally likely, of a's share of the pot (ties split)
over all C(48, 5) = 1,712,304 boards. It is kept as integers: ``win``, ``tie`` and ``lose``
count boards summed over the pairs of hands, and ``equity = numerator / denominator`` with
``numerator = 2 win + tie`` and ``denominator = 2 * 1,712,304 * combo_pairs``. So A against
B and B against A add up to exactly 1, and A against A is exactly 1/2.

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

Pairs of classes go to the workers in chunks of about ``chunk_pairs`` evaluations (a
fraction of a second each). Every finished chunk is written (atomically) into a folder beside the output,
``<out>.parts/chunk-00042.parquet``; a run that finds that folder skips the chunks already
there, so an interrupted job resumes where it stopped. At the end the parts are combined
into one Parquet file of every ordered pair of classes (``hero``, ``villain``).
"""

from __future__ import annotations

import itertools
import json
import math
import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .bulk import check_workers, connect, need
from .cards import format_cards
from .odds import equity as _equity
from .odds.ranges import parse_range

__all__ = ["BOARDS", "CLASSES", "MatrixRun", "Plan", "canonical_pairs", "compute_matrix",
           "numba_threads", "parse_classes", "part_file", "plan", "plot_matrix",
           "random_hand_equity"]

BOARDS = math.comb(48, 5)  # boards per heads-up deal
_RANKS = "23456789TJQKA"
FORMAT = 1  # the layout of the parts folder (its manifest.json)
CHUNK_PAIRS = 300  # suit-distinct pairs of hands per task: about 3 s on one thread


def _all_classes() -> tuple[str, ...]:
    """AA, AKs, AKo, AQs, AQo, ..., A2o, KK, KQs, ..., 32o, 22: by the top card, then the pair
    before the others, each suited before offsuit."""
    names = []
    for hi in reversed(range(13)):
        names.append(_RANKS[hi] * 2)
        for lo in reversed(range(hi)):
            names += [_RANKS[hi] + _RANKS[lo] + "s", _RANKS[hi] + _RANKS[lo] + "o"]
    return tuple(names)


CLASSES = _all_classes()
_INDEX = {name: i for i, name in enumerate(CLASSES)}
# every permutation of the four suits, as a map of the 52 cards: (24, 52)
_PERMS = np.array([[4 * (c // 4) + p[c % 4] for c in range(52)]
                   for p in itertools.permutations(range(4))], dtype=np.int64)


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
    raise ValueError(f"unknown hand class {name!r}: write AA, AKs or AKo (a pair, suited or "
                     "offsuit)")


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


def _evaluate_chunk(items: list[tuple[int, int, np.ndarray, np.ndarray]]) -> dict[str, Any]:
    """One task: the board counts of every pair of classes of a chunk, by exact enumeration of
    each suit-distinct pair of hands on one numba thread."""
    import numba

    start = time.perf_counter()
    rows: dict[str, list[int]] = {k: [] for k in ("i", "j", "win", "tie", "lose", "combo_pairs",
                                                  "canonical_pairs")}
    for i, j, hands, counts in items:
        win = tie = lose = 0
        for cards, n in zip(hands, counts.tolist()):
            r = _equity([format_cards(cards[:2], sep=""), format_cards(cards[2:], sep="")],
                        exact=True, threads=1)
            if not r.exact or r.partial or r.boards != BOARDS:
                raise RuntimeError(f"{format_cards(cards)}: not a whole exact enumeration")
            w, lo = round(r.players[0].win * BOARDS), round(r.players[1].win * BOARDS)
            if w + lo + round(r.players[0].tie * BOARDS) != BOARDS:
                raise RuntimeError(f"{format_cards(cards)}: counts do not add up to the boards")
            win, tie, lose = win + n * w, tie + n * (BOARDS - w - lo), lose + n * lo
        for key, value in zip(rows, (i, j, win, tie, lose, int(counts.sum()), len(counts))):
            rows[key].append(value)
    return {"rows": rows, "seconds": time.perf_counter() - start,
            "numba_threads": numba.config.NUMBA_NUM_THREADS}  # type: ignore[attr-defined]


@dataclass
class MatrixRun:
    """What a run did: the files, the totals of its plan, the chunks computed now and those
    found done, the workers (and numba's thread count in each), and the time: wall clock, and
    the task seconds summed over the chunks computed now (per suit-distinct pair of hands:
    `seconds_per_pair`, the `c` of the projection in the module docstring)."""

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


def write_atomic(path: Path, write: Callable[[Path], object]) -> None:
    """Write a file through a temporary name in the same folder, then rename it into place."""
    tmp = path.with_name(f"{path.name}.tmp-{os.getpid()}")
    try:
        write(tmp)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def _frame(rows: dict[str, list[int]]) -> Any:
    pd = need("pandas")
    return pd.DataFrame({k: np.asarray(v, dtype=np.int64) for k, v in rows.items()})


def compute_matrix(out: str | os.PathLike[str], classes: str | Sequence[str] | None = None, *,
                   png: str | os.PathLike[str] | None = None, scheduler: str | None = None,
                   workers: int | None = None, chunk_pairs: int = CHUNK_PAIRS,
                   progress: bool = True) -> MatrixRun:
    """Compute the matrix of `classes` (all 169 by default) on a Dask cluster and write it to
    `out` (Parquet), and a heatmap to `png` if given.

    scheduler: the address of a running cluster ("tcp://host:8786"), else a LocalCluster of
    `workers` processes (default: one per core), one thread each and one numba thread each.
    Chunks already in ``<out>.parts/`` are not computed again. progress: a bar of chunks done
    (tqdm, on a terminal). Returns a `MatrixRun`.
    """
    wall = time.perf_counter()
    dist = need("distributed")
    pd = need("pandas")
    need("pyarrow")
    check_workers(workers, scheduler)
    out_path = Path(out)
    if not out_path.parent.is_dir():
        raise ValueError(f"no folder {str(out_path.parent)!r} to write {out_path.name!r} into")
    the_plan = plan(classes, chunk_pairs)
    parts = out_path.with_name(out_path.name + ".parts")
    manifest = {"format": FORMAT, "classes": the_plan.classes, "chunk_pairs": chunk_pairs,
                "chunks": len(the_plan.chunks), "boards": BOARDS}
    open_parts(parts, manifest)
    todo = [k for k in range(len(the_plan.chunks)) if not part_file(parts, k).exists()]
    run = MatrixRun(str(out_path), None if png is None else str(png), len(the_plan.classes),
                    the_plan.class_pairs, the_plan.combo_pairs, the_plan.canonical_pairs,
                    len(the_plan.chunks), len(todo), len(the_plan.chunks) - len(todo), 0)
    if todo:
        _run_chunks(dist, the_plan, todo, parts, run, scheduler, workers, progress)
    table = _combine(pd, the_plan, [pd.read_parquet(part_file(parts, k))
                                    for k in range(len(the_plan.chunks))])
    write_atomic(out_path, lambda p: table.to_parquet(p, index=False))
    if png is not None:
        plot_matrix(table, png)
    run.wall_seconds = time.perf_counter() - wall
    return run


def part_file(parts: Path, k: int) -> Path:
    """Chunk k's file in a parts folder (the heads-up and three-way tables alike)."""
    return parts / f"chunk-{k:05d}.parquet"


def open_parts(parts: Path, manifest: dict[str, Any]) -> None:
    """Create the parts folder (and its parents) with its manifest, or check that the one
    there is this job's."""
    path = parts / "manifest.json"
    if path.exists():
        there = json.loads(path.read_text())
        if there != manifest:
            differ = sorted(k for k in {*there, *manifest} if there.get(k) != manifest.get(k))
            raise ValueError(f"{str(parts)!r} holds the parts of another job (its "
                             f"{', '.join(differ)} differ): delete it, or write to another --out")
        return
    parts.mkdir(parents=True, exist_ok=True)
    write_atomic(path, lambda p: p.write_text(json.dumps(manifest, indent=1)))


def _run_chunks(dist: Any, the_plan: Plan, todo: list[int], parts: Path, run: MatrixRun,
                scheduler: str | None, workers: int | None, progress: bool) -> None:
    """Submit the chunks still to do, and write each one's part as it comes back."""
    with connect(scheduler, workers) as client:
        bar = None
        if progress:
            from tqdm import tqdm

            bar = tqdm(total=len(the_plan.chunks), initial=run.chunks_skipped, unit=" chunks",
                       disable=None, leave=False)

        def save(k: int, result: dict[str, Any]) -> None:
            frame = _frame(result["rows"])
            write_atomic(part_file(parts, k), lambda p: frame.to_parquet(p, index=False))
            run.task_seconds += result["seconds"]
            if bar is not None:
                bar.update(1)

        run_parts(dist, client, _evaluate_chunk, {k: (the_plan.chunks[k],) for k in todo}, save,
                  "matrix-chunk")
        if bar is not None:
            bar.close()
        run.workers = len(client.scheduler_info()["workers"])
        run.worker_numba_threads = sorted(client.run(numba_threads).values())
        done = sum(len(c) for k in todo for _, _, _, c in the_plan.chunks[k])
        run.seconds_per_pair = run.task_seconds / done if done else None


def run_parts(dist: Any, client: Any, task: Callable[..., Any], work: dict[int, tuple[Any, ...]],
              save: Callable[[int, Any], None], name: str) -> None:
    """Run task(*work[k]) for every part k on the cluster of `client` (`dist`: the
    distributed module), and save(k, result) of each as it comes back: a part lost with its
    worker is run again by Dask, and what `save` wrote is kept whatever happens next."""
    futures = {client.submit(task, *args, pure=False,
                             key=f"pokerlut-{name}-{k:05d}-{os.getpid()}"): k
               for k, args in work.items()}
    for future in dist.as_completed(futures):
        save(futures.pop(future), future.result())
        future.release()


def numba_threads() -> int:
    """numba's thread count in a worker process."""
    import numba

    return int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]


def _combine(pd: Any, the_plan: Plan, frames: Iterable[Any]) -> Any:
    """Every ordered pair of classes, from the computed pairs i <= j: B against A swaps win
    and lose. Sorted by hero, then villain, in matrix order."""
    half = pd.concat(list(frames), ignore_index=True)
    mirror = half[half.i != half.j].rename(columns={"i": "j", "j": "i", "win": "lose",
                                                    "lose": "win"})
    table = pd.concat([half, mirror], ignore_index=True).sort_values(["i", "j"])
    names = np.array(the_plan.classes)
    numerator = 2 * table.win + table.tie
    denominator = 2 * BOARDS * table.combo_pairs
    return pd.DataFrame({
        "hero": names[table.i.to_numpy()], "villain": names[table.j.to_numpy()],
        "equity": numerator / denominator, "numerator": numerator, "denominator": denominator,
        "win": table.win, "tie": table.tie, "lose": table.lose,
        "combo_pairs": table.combo_pairs, "canonical_pairs": table.canonical_pairs,
    }).reset_index(drop=True)


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
    ax.tick_params(top=True, labeltop=True, bottom=True, labelbottom=True, left=True,
                   labelleft=True, right=True, labelright=True, length=2)
    ax.set_xlabel("opponent's hand", fontsize=12)
    ax.set_ylabel("hand", fontsize=12)
    ax.set_title("Heads-up preflop equity of the row hand against the column hand\n"
                 f"exact over all {BOARDS:,} boards, ties split", fontsize=14, pad=32)
    if n <= 20:
        for (r, c), v in np.ndenumerate(grid):
            ax.text(c, r, f"{v:.3f}", ha="center", va="center", fontsize=8,
                    color="white" if abs(v - 0.5) > 0.3 else "black")
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
            ax.text(c, r, f"{labels[r][c]}\n{grid[r, c]:.1%}", ha="center", va="center",
                    fontsize=11, color="white" if abs(grid[r, c] - 0.5) > 0.17 else "black")
    bar = ax.figure.colorbar(image, ax=ax, fraction=0.04, pad=0.02, orientation="horizontal")
    bar.set_label("equity against a random hand", fontsize=12)
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_title("Equity against a random hand (exact, card removal included)\n"
                 "suited above the diagonal, offsuit below", fontsize=14)
