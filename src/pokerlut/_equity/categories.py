"""The categories of `equity(by_category=True)`: each game's names, best first, and a table of
each strength's category for the kernels (`kernels.showdown.outcome_bin`).

A high game's categories are `Category`'s, named as `pokerlut.stats.by_category` names them
("straight flush", ..., "high card"), those the game can make (five of a kind with wild cards;
no straights in ace-to-five). A low game names its no-pair hands by their highest card, as
players do (`names.low_label`): "wheel" (5-4-3-2-A, where the ace plays low), "6-low", ..., "K-low"
("A-low" where the ace plays high); its other hands by category ("one pair", ...). The low half
of a hi-lo pot (eight-or-better) has "wheel", "6-low", "7-low" and "8-low".

>>> from pokerlut.rules import rules
>>> names, table = category_table(rules("high"))
>>> names[:3], names[-1], len(table)
(('straight flush', 'four of a kind', 'full house'), 'high card', 7463)
>>> category_table(rules("eight-or-better"))[0]
('wheel', '6-low', '7-low', '8-low')
"""

from __future__ import annotations

import functools

import numpy as np

from .. import _tables as tables
from .._names import Category, category_label, low_label
from ..rules import Rules

__all__ = ["category_table", "kernel_tables"]


@functools.lru_cache(maxsize=32)
def category_table(game: Rules) -> tuple[tuple[str, ...], np.ndarray]:
    """The names of the game's categories, best first, and per strength (0 .. top) the index
    of its category among them (int8, read-only; strength 0, no qualifying hand, gets 0)."""
    classes = tables.classes_of(game)
    keys = []
    for cat, top in classes[1:, :2].tolist():
        if game.low and cat == Category.HIGH_CARD:
            keys.append(low_label(top, ace_low=game.ace == "low"))
        else:
            keys.append(category_label(Category(cat)))
    best: dict[str, int] = {}  # each category's best strength (strengths rise with the hands)
    for strength, key in enumerate(keys, 1):
        best[key] = strength
    names = tuple(sorted(best, key=best.__getitem__, reverse=True))
    index = {name: i for i, name in enumerate(names)}
    table = np.array([0, *(index[key] for key in keys)], dtype=np.int8)
    table.setflags(write=False)
    return names, table


def kernel_tables(
    high: Rules, low: Rules | None, wanted: bool
) -> tuple[tuple[str, ...], np.ndarray, np.ndarray]:
    """By category (`wanted`): the names of a deal's categories, the high game's then the low
    half's (a low name that is also a high one is told apart as "low: NAME"), and the kernels'
    tables (`kernels.showdown.Spot`): each high strength's index among the names, each low
    strength's. Not wanted: no names, empty tables (the kernels count as without categories).
    The tables are writable copies: a read-only array is another numba type, another compile.

    >>> from pokerlut.rules import rules
    >>> names, high, low = kernel_tables(rules("high"), rules("eight-or-better"), True)
    >>> names[-5:], int(high[7462]), int(low[56])
    (('high card', 'wheel', '6-low', '7-low', '8-low'), 0, 9)
    """
    if not wanted:
        return (), np.zeros(0, np.int8), np.zeros(0, np.int8)
    names, high_table = category_table(high)
    if low is None:
        return names, high_table.copy(), np.zeros(0, np.int8)
    low_names, low_table = category_table(low)
    low_names = tuple(f"low: {name}" if name in names else name for name in low_names)
    return ((*names, *low_names), high_table.copy(), (low_table + len(names)).astype(np.int8))
