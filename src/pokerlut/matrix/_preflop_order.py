"""Rank the 169 hold'em starting-hand classes by exact all-in equity against one random hand.

`python -m pokerlut.matrix._preflop_order` prints the ordering stored as `PREFLOP_ORDER` in
`pokerlut._equity.ranges`, then every class with its equity. Nothing is sampled: the
result is exact and the same on every run (about 10 s on two cores the first time, most of it
compiling, then 2 s).

Equity of a class = (wins + ties / 2) / deals, over every deal of one hand of the class, two
opponent cards from the other 50 and five board cards from the other 48 (each class:
C(50,5) * C(48,2) = 2,097,572,400 deals per hand), all evaluated with pokerlut's kernels.

How, in well under a minute:

- Suit symmetry. Permuting suits maps a class onto itself and a board onto another, so summing
  over every hand of a class and every board equals summing over one board per suit-orbit
  (134,459 of the 2,598,960 boards), weighted by the orbit's size.
- All hands against all hands per board. For a board, the 1,081 two-card hands from the other
  47 cards are evaluated once and ordered by strength. A hand (a, b) beats the hands that are
  weaker, less those that share a card with it: walking the hands weakest first, with `G` the
  number seen so far and `A`, `B` the number of those holding card a, card b, it beats
  `G - A - B`. Ties the same way within its group of equal strength, less one for (a, b)
  itself. This is the kernel of the abstraction's river hand strengths
  (`pokerlut._kernels.features.board_hole_values`).

Equal equities (none occur) would be ordered by the class order of `class_names()`.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import numba
import numpy as np
from numba import prange

from .._cards import RANKS
from .._kernels.core import KERNEL, njit
from .._kernels.features import HOLES, SCRATCH, SORTED, VALUES, board_hole_values, class_sizes
from .._parallel import LANE_ROW, parallel_section
from .._kernels.table_types import Tables
from .._game import HIGH
from ._classes import class_names


def class_of_cards() -> tuple[np.ndarray, np.ndarray]:
    """(52, 52) class index of every two-card hand, and the number of hands of each class."""
    index = {name: i for i, name in enumerate(class_names())}
    table = np.full((52, 52), -1, dtype=np.int64)
    sizes = np.zeros(len(index), dtype=np.int64)
    for a, b in itertools.combinations(range(52), 2):
        hi, lo = max(a >> 2, b >> 2), min(a >> 2, b >> 2)
        if hi == lo:
            name = RANKS[hi] * 2
        else:
            name = RANKS[hi] + RANKS[lo] + ("s" if a & 3 == b & 3 else "o")
        table[a, b] = table[b, a] = index[name]
        sizes[index[name]] += 1
    return table, sizes


def board_orbits() -> tuple[np.ndarray, np.ndarray]:
    """One board per suit-orbit, (n, 5) uint8, and the orbit sizes (which sum to C(52, 5)): the
    hand indexer's, `pokerlut.abstraction.canonical_boards()` and its class sizes."""
    from ..abstraction import canonical_boards, index_tables

    boards = canonical_boards(5)
    sizes = np.zeros(len(boards), dtype=np.uint8)
    with parallel_section(None):
        lanes = np.zeros((numba.get_num_threads(), LANE_ROW), dtype=np.int64)
        class_sizes(index_tables((5,)), sizes, lanes)
    return boards, sizes.astype(np.int64)


@njit(**KERNEL)
def _class_points(
    t: Tables,
    boards: np.ndarray,
    weights: np.ndarray,
    class_of: np.ndarray,
    scratch: np.ndarray,
    points: np.ndarray,
) -> None:
    """points[lane, class] += orbit size * (2 wins + ties) of every hand of the class on each
    board, lane j (one per thread) taking every lanes-th board with scratch[j]."""
    lanes = scratch.shape[0]
    for lane in prange(lanes):
        row = scratch[lane]
        for i in range(lane, boards.shape[0], lanes):
            board_hole_values(t, boards[i], row)
            for j in range(HOLES):
                key = row[SORTED + j]
                points[lane, class_of[(key >> 6) & 63, key & 63]] += weights[i] * row[VALUES + j]


def class_equities() -> dict[str, Fraction]:
    """Exact equity against one random hand of every class, by class name."""
    boards, weights = board_orbits()
    assert len(boards) == 134459 and weights.sum() == comb(52, 5)
    class_of, sizes = class_of_cards()
    with parallel_section(None):
        lanes = numba.get_num_threads()
        points = np.zeros((lanes, 169 + LANE_ROW), dtype=np.int64)  # lanes' rows apart
        scratch = np.zeros((lanes, SCRATCH), dtype=np.int64)
        _class_points(HIGH.tables, boards, weights, class_of, scratch, points)
    deals = comb(50, 5) * comb(45, 2)  # per hand; the sums run over every hand of a class
    total = points.sum(axis=0)
    return {name: Fraction(int(total[i]), 2 * deals * int(sizes[i])) for i, name in enumerate(class_names())}


def preflop_order(equities: dict[str, Fraction] | None = None) -> str:
    """The 169 class names, best first, separated by single spaces."""
    equities = class_equities() if equities is None else equities
    names = class_names()
    return " ".join(sorted(names, key=lambda name: (-equities[name], names.index(name))))


def main() -> None:
    equities = class_equities()
    values = sorted(equities.values())
    ties = sum(a == b for a, b in zip(values, values[1:]))
    print(preflop_order(equities))
    print(f"# {len(equities)} classes, {ties} equal equities")
    for name in preflop_order(equities).split():
        print(f"{name:4} {float(equities[name]):.6f}")


if __name__ == "__main__":
    main()
