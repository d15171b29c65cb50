"""The heads-up matrix: the suit-distinct pairs of hands of two classes, the plan of a run,
its task (exact enumerations of pairs of hands), the table of every ordered pair of classes
made from the computed half, and the table kind `HeadsUp` that ties them together for
`compute_matrix(n_players=2)`."""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from .._cards import format_cards
from .._equity.front import equity
from .._equity.ranges import parse_range
from ._classes import parse_classes
from ._job import FORMAT, Chunks, Done, TableKind
from ._runs import MatrixRun

BOARDS = math.comb(48, 5)  # boards per heads-up deal
CHUNK_PAIRS = 300  # suit-distinct pairs of hands per task: about 3 s on one thread

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


def pairs_chunk(items: list[tuple[int, int, np.ndarray, np.ndarray]]) -> dict[str, Any]:
    """One task: the board counts of every pair of classes of a chunk, by exact enumeration of
    each suit-distinct pair of hands on one numba thread."""
    start = time.perf_counter()
    rows: dict[str, list[int]] = {
        k: [] for k in ("i", "j", "win", "tie", "lose", "combo_pairs", "canonical_pairs")
    }
    for i, j, hands, counts in items:
        win = tie = lose = 0
        for cards, n in zip(hands, counts.tolist()):
            r = equity(
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
    """The boards an exact `pokerlut.equity` enumerated, over every deal (its `dealt`;
    `deals`, and before that `boards`, in older versions)."""
    return int(getattr(result, "dealt", None) or getattr(result, "deals", None) or getattr(result, "boards"))


def combine(pd: Any, the_plan: Plan, frames: list[Any]) -> Any:
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


@dataclass(frozen=True)
class HeadsUp(TableKind):
    """The heads-up matrix as a table kind: a run's `Plan` (in chunks of `chunk_pairs`
    suit-distinct pairs of hands), counted by `pairs_chunk` on Dask or on the GPU, combined
    into every ordered pair of classes, reported as a `MatrixRun`; it may be drawn."""

    plan: Plan
    chunk_pairs: int

    players: ClassVar[int] = 2
    unit: ClassVar[str] = " pairs"
    draws: ClassVar[bool] = True

    @classmethod
    def planned(cls, classes: str | Sequence[str] | None, *, chunk_pairs: int, chunk_triples: int) -> HeadsUp:
        return cls(plan(classes, chunk_pairs), chunk_pairs)

    @property
    def evaluations(self) -> int:
        return self.plan.canonical_pairs

    def chunks(self) -> Chunks:
        return Chunks(
            "matrix-chunk",
            pairs_chunk,
            [(c,) for c in self.plan.chunks],
            [sum(len(n) for _, _, _, n in c) for c in self.plan.chunks],
            {
                "format": FORMAT,
                "classes": self.plan.classes,
                "chunk_pairs": self.chunk_pairs,
                "chunks": len(self.plan.chunks),
                "boards": BOARDS,
            },
            self.unit,
        )

    def count_on_gpu(self, progress: Callable[[int], None] | None) -> dict[str, np.ndarray]:
        from .._gpu import matrix as gpu

        return gpu.count_pairs(self.plan, BOARDS, progress)

    def merge(self, pd: Any, frames: list[Any]) -> Any:
        return combine(pd, self.plan, frames)

    def run(self, out: str, png: str | None, table: Any, done: Done) -> MatrixRun:
        p = self.plan
        return MatrixRun(
            out,
            png,
            len(p.classes),
            p.class_pairs,
            p.combo_pairs,
            p.canonical_pairs,
            *done.figures(),
            done.per_item(),
        )
