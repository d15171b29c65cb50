"""Exhaustive statistics: every hand of 5, 6 or 7 cards, counted by strength and category."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numba
import numpy as np

from . import tables
from .evaluate import HAND_SIZES
from .parallel import balanced_order, parallel_section
from .kernels.enumerate import count_strengths
from .names import Category


def count_hands(n_cards: int, *, threads: int | None = None,
                progress: Callable[[int], None] | None = None) -> np.ndarray:
    """How many of the C(52, n_cards) hands have each strength: int64[7463], index = strength.

    `progress`, if given, is called with the number of hands done after each slice of work.

    >>> counts = count_hands(5)
    >>> int(counts.sum()), int((counts > 0).sum())
    (2598960, 7462)
    """
    if n_cards not in HAND_SIZES:
        raise ValueError(f"n_cards must be 5, 6 or 7, not {n_cards!r}")
    t = tables.load()
    with parallel_section(threads):
        counts = np.zeros((numba.config.NUMBA_NUM_THREADS, 7463), dtype=np.int64)
        for part in lowest_pairs(n_cards, numba.get_num_threads(), 16 if progress else 1):
            count_strengths(t, n_cards, part, counts)
            if progress:
                progress(int(counts.sum()))
    return counts.sum(axis=0)


def lowest_pairs(n_cards: int, threads: int, slices: int = 1) -> list[np.ndarray]:
    """The 1,326 pairs (c0 < c1) of lowest cards that split the enumeration, dealt into
    `slices` arrays of equal work, each in `balanced_order` for `threads`."""
    pairs = np.array([(a, b) for a in range(52) for b in range(a + 1, 52)], dtype=np.uint8)
    work = np.array([math.comb(51 - int(b), n_cards - 2) for _, b in pairs])
    by_work = np.argsort(-work, kind="stable")
    parts = [by_work[k::slices] for k in range(slices)]
    return [np.ascontiguousarray(pairs[part[balanced_order(work[part], threads)]]) for part in parts]


@dataclass(frozen=True)
class CategoryRow:
    category: Category
    hands: int
    probability: float
    classes: int


def by_category(counts: np.ndarray) -> list[CategoryRow]:
    """Per category, best first: hands, probability and distinct strengths seen."""
    cats = tables.classes()[:, 0]
    total = int(counts.sum())
    rows = []
    for cat in reversed(Category):
        if cat == Category.FIVE_OF_A_KIND:
            continue
        in_cat = counts[1:][cats[1:] == cat]
        rows.append(CategoryRow(cat, int(in_cat.sum()), int(in_cat.sum()) / total,
                                int((in_cat > 0).sum())))
    return rows
