"""Rank the 169 hold'em starting-hand classes by exact all-in equity against one random hand.

`python -m pokerlut._odds.preflop_order` prints the ordering stored as `PREFLOP_ORDER` in
`ranges.py` beside it, then every class with its equity. Nothing is sampled: the
result is exact and the same on every run (about 20 s on two cores, most of it compiling).

Equity of a class = (wins + ties / 2) / deals, over every deal of one hand of the class, two
opponent cards from the other 50 and five board cards from the other 48 (each class:
C(50,5) * C(48,2) = 2,097,572,400 deals per hand), all evaluated with pokerlut's kernels.

How, in well under a minute:

- Suit symmetry. Permuting suits maps a class onto itself and a board onto another, so summing
  over every hand of a class and every board equals summing over one board per suit-orbit
  (134,459 of the 2,598,960 boards), weighted by the orbit's size.
- All hands against all hands per board. For a board, the 1,081 two-card hands from the other
  47 cards are evaluated once. A hand (a, b) beats the hands that are weaker, less those that
  share a card with it: with `G(s)` the number of hands weaker than s, and `A(s)`, `B(s)` the
  number of those holding card a, card b, it beats `G - A - B` (the one hand holding both is
  (a, b) itself, which is not weaker). Ties the same way, plus one for (a, b) itself.

Equal equities (none occur) would be ordered by the class order of `class_names()`.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import numpy as np
from numba import prange

from .._cards import RANKS
from .._kernels.core import hand_add, hand_empty, hand_strength, njit
from .._tables import Tables, load as load_tables

MAX_STRENGTH = 7462
CHUNKS = 64  # units of parallel work, each with its own buffers and sums


def class_names() -> list[str]:
    """The 169 classes, aces first: AA, AKs, AKo, AQs, ..., A2o, KK, KQs, ..., 22."""
    names = []
    for hi in reversed(range(13)):
        names.append(RANKS[hi] * 2)
        for lo in reversed(range(hi)):
            names += [RANKS[hi] + RANKS[lo] + "s", RANKS[hi] + RANKS[lo] + "o"]
    return names


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


@njit(cache=False)
def _canonical_codes(perms: np.ndarray) -> np.ndarray:
    """For every 5-card board (in lexicographic order), the smallest base-52 code of its images
    under the 24 suit permutations: boards with the same code are one suit-orbit."""
    codes = np.empty(2598960, dtype=np.int64)
    cards = np.empty(5, dtype=np.int64)
    image = np.empty(5, dtype=np.int64)
    i = 0
    for c0 in range(48):
        for c1 in range(c0 + 1, 49):
            for c2 in range(c1 + 1, 50):
                for c3 in range(c2 + 1, 51):
                    for c4 in range(c3 + 1, 52):
                        cards[0], cards[1], cards[2], cards[3], cards[4] = c0, c1, c2, c3, c4
                        best = np.int64(1) << 62
                        for p in range(perms.shape[0]):
                            for k in range(5):
                                image[k] = (cards[k] & ~3) + perms[p, cards[k] & 3]
                            image.sort()
                            code = np.int64(0)
                            for k in range(5):
                                code = code * 52 + image[k]
                            best = min(best, code)
                        codes[i] = best
                        i += 1
    return codes


def board_orbits() -> tuple[np.ndarray, np.ndarray]:
    """One board per suit-orbit, (n, 5) uint8, and the orbit sizes (which sum to C(52, 5))."""
    perms = np.array(list(itertools.permutations(range(4))), dtype=np.int64)
    codes, sizes = np.unique(_canonical_codes(perms), return_counts=True)
    boards = np.empty((len(codes), 5), dtype=np.uint8)
    for k in reversed(range(5)):
        boards[:, k] = codes % 52
        codes = codes // 52
    return boards, sizes.astype(np.int64)


@njit(inline="always")
def _count_below(row: np.ndarray, n: int, s: int) -> int:
    """Number of values < s in the sorted row[:n]."""
    lo, hi = 0, n
    while lo < hi:
        mid = (lo + hi) >> 1
        if row[mid] < s:
            lo = mid + 1
        else:
            hi = mid
    return lo


@njit(parallel=True, _nrt=False)
def _class_points(
    t: Tables,
    boards: np.ndarray,
    weights: np.ndarray,
    class_of: np.ndarray,
    valid: np.ndarray,
    strength: np.ndarray,
    count: np.ndarray,
    below: np.ndarray,
    rows: np.ndarray,
    points: np.ndarray,
) -> None:
    """points[chunk, class] += orbit size * (2 * wins + ties), over the boards of each chunk.

    Every other argument after class_of is a per-chunk scratch buffer (allocated by the
    caller: the kernel runs without numba's runtime, like pokerlut's own batch kernels).
    """
    n_chunks = points.shape[0]
    for c in prange(n_chunks):
        for i in range(c, boards.shape[0], n_chunks):
            board = hand_empty()
            used = np.uint64(0)
            for k in range(5):
                board = hand_add(t, board, boards[i, k])
                used |= np.uint64(1) << np.uint64(boards[i, k])
            n = 0
            for card in range(52):
                if not (used >> np.uint64(card)) & np.uint64(1):
                    valid[c, n] = card
                    n += 1
            # every hand's strength on this board, and how many hands have each strength
            for j in range(n):
                a = valid[c, j]
                with_a = hand_add(t, board, a)
                for m in range(j + 1, n):
                    b = valid[c, m]
                    s = hand_strength(t, hand_add(t, with_a, b))
                    strength[c, a, b] = s
                    strength[c, b, a] = s
                    count[c, s] += 1
            total = 0
            for s in range(MAX_STRENGTH + 1):
                below[c, s] = total
                total += count[c, s]
            # per card, the sorted strengths of the 46 hands holding it (insertion sort)
            for j in range(n):
                a = valid[c, j]
                size = 0
                for m in range(n):
                    if m != j:
                        s = strength[c, a, valid[c, m]]
                        pos = size
                        while pos > 0 and rows[c, a, pos - 1] > s:
                            rows[c, a, pos] = rows[c, a, pos - 1]
                            pos -= 1
                        rows[c, a, pos] = s
                        size += 1
            for j in range(n):
                a = valid[c, j]
                for m in range(j + 1, n):
                    b = valid[c, m]
                    s = strength[c, a, b]
                    below_a = _count_below(rows[c, a], n - 1, s)
                    below_b = _count_below(rows[c, b], n - 1, s)
                    equal_a = _count_below(rows[c, a], n - 1, s + 1) - below_a
                    equal_b = _count_below(rows[c, b], n - 1, s + 1) - below_b
                    wins = below[c, s] - below_a - below_b
                    ties = count[c, s] - equal_a - equal_b + 1
                    points[c, class_of[a, b]] += weights[i] * (2 * wins + ties)
            for s in range(MAX_STRENGTH + 1):
                count[c, s] = 0


def class_equities() -> dict[str, Fraction]:
    """Exact equity against one random hand of every class, by class name."""
    boards, weights = board_orbits()
    assert len(boards) == 134459 and weights.sum() == comb(52, 5)
    class_of, sizes = class_of_cards()
    points = np.zeros((CHUNKS, 169), dtype=np.int64)
    _class_points(
        load_tables(),
        boards,
        weights,
        class_of,
        np.zeros((CHUNKS, 47), dtype=np.int64),
        np.zeros((CHUNKS, 52, 52), dtype=np.uint16),
        np.zeros((CHUNKS, MAX_STRENGTH + 1), dtype=np.int64),
        np.zeros((CHUNKS, MAX_STRENGTH + 1), dtype=np.int64),
        np.zeros((CHUNKS, 52, 46), dtype=np.uint16),
        points,
    )
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
