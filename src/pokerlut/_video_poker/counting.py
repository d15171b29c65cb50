"""A pay table made ready to count exactly: every final hand's line, the payouts in integer
units, and the pay sums of every subset of the deck (`Counted`), made once per table and kept
for the last few (`counted`)."""

from __future__ import annotations

import math
import threading
from fractions import Fraction
from typing import NamedTuple

import numba
import numpy as np

from .._evaluate import evaluate_batch
from .._game import Game
from .._kernels import video_poker as kernel
from .._parallel import LANE_ROW, parallel_section
from .pays import Paytable


class Counted(NamedTuple):
    """A pay table made ready to count: payouts in integer units of 1 / unit, the line of
    every final hand (by colex rank; len(lines) pays nothing) and the pay sums of every subset."""

    n: int
    unit: int
    pays: tuple[int, ...]
    draws: tuple[int, ...]  # the draws of a hold of k cards, C(n - 5, 5 - k)
    scale: tuple[int, ...]  # L / draws[k], L their least common multiple
    binom: np.ndarray
    offsets: np.ndarray
    line: np.ndarray
    sums: np.ndarray


def _final_hands(n: int, game: Game, threads: int | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The binomials, and every five of the first n cards in colex order: strength by the
    game's tables and the number of wild cards."""
    binom = np.array([[math.comb(m, k) for k in range(6)] for m in range(n + 1)], np.int64)
    fives = np.empty((math.comb(n, 5), 5), np.uint8)
    kernel.all_fives(n, binom, fives)
    strength = evaluate_batch(fives, game=game, validate=False, threads=threads)
    is_wild = np.zeros(256, np.uint8)
    is_wild[list(game.rules.wild_cards)] = 1
    return binom, strength, is_wild[fives].sum(axis=1, dtype=np.uint8)


_COUNTED: dict[Paytable, Counted] = {}  # the last few tables counted (25 MB each)
_COUNTED_LOCK = threading.Lock()


def counted(table: Paytable, threads: int | None) -> Counted:
    """`table` ready to count, on `threads` (see `parallel_section`) the first time."""
    with _COUNTED_LOCK:
        if table in _COUNTED:
            return _COUNTED[table]
    n = table.deck_size
    binom, strength, wilds = _final_hands(n, table.game, threads)
    classes = table.game.classes
    grid = np.full((len(classes), 6), len(table.lines), np.uint8)  # (strength, wilds) -> line
    for j in range(len(table.lines) - 1, -1, -1):
        for w in range(6):
            grid[table.lines[j].matches(classes, w), w] = j
    unit = math.lcm(*(Fraction(line.pays).denominator for line in table.lines))
    pays = tuple(int(line.pays * unit) for line in table.lines) + (0,)
    draws = tuple(math.comb(n - 5, 5 - k) for k in range(6))
    lcm = math.lcm(*draws)
    if max(pays) * max(kernel.RUN * lcm, 32 * math.comb(n, 5)) >= 2**63:
        raise ValueError(
            f"pay table {table.name!r}: its payouts are too large (or too finely "
            f"divided) to count exactly in 64-bit integers"
        )
    line = grid[strength, wilds]
    offsets = np.array([sum(math.comb(n, j) for j in range(k)) for k in range(7)], np.int64)
    sums = np.zeros(offsets[6], np.int64)
    sums[offsets[5] :] = np.array(pays, np.int64)[line]
    with parallel_section(threads):
        lanes = numba.get_num_threads()
        kernel.subset_sums(sums, n, binom, offsets, lanes, np.zeros((lanes, LANE_ROW), np.int64))
    made = Counted(n, unit, pays, draws, tuple(lcm // d for d in draws), binom, offsets, line, sums)
    with _COUNTED_LOCK:
        while len(_COUNTED) >= 4:
            del _COUNTED[next(iter(_COUNTED))]
        _COUNTED[table] = made
    return made
