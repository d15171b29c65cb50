"""Canonical indices of hold'em hands under suit permutations: `HandIndexer` and the tables
`kernels.isomorphism` reads (`index_tables`)."""

from __future__ import annotations

import itertools
import math
from functools import lru_cache
from typing import Any

import numba
import numpy as np

from .._cards import MASKED_CARD, CardsLike, format_card, parse_cards
from .._kernels import features
from .._kernels import isomorphism as kernel
from .._kernels.core import njit
from .._kernels.isomorphism import IndexTables
from .._parallel import LANE_ROW, parallel_section

STREETS = ("preflop", "flop", "turn", "river")
RECALLS = ("perfect", "imperfect")


def rounds_of(street: str, recall: str) -> tuple[int, ...]:
    """The cards of each round of a street: perfect recall (2, 3, 1, 1)[:k], imperfect
    (2, board)."""
    if street not in STREETS:
        raise ValueError(f"unknown street {street!r} (one of: {', '.join(STREETS)})")
    if recall not in RECALLS:
        raise ValueError(f"unknown recall {recall!r} (one of: {', '.join(RECALLS)})")
    k = STREETS.index(street)
    if recall == "perfect" or k == 0:
        return (2, 3, 1, 1)[: k + 1]
    return (2, 2 + k)


@lru_cache(maxsize=8)
def index_tables(rounds: tuple[int, ...]) -> IndexTables:
    """The tables `kernels.isomorphism` reads for hands of `rounds`."""
    shapes = list(itertools.product(*(range(n + 1) for n in rounds)))  # ascending
    if len(shapes) > len(kernel.CONFIG_BINOM) or sum(rounds) > 7:  # its tables' sizes
        raise ValueError(
            f"rounds {rounds}: the kernel indexes hands of at most 7 cards "
            f"and {len(kernel.CONFIG_BINOM)} suit shapes"
        )
    radix = [n + 1 for n in rounds]
    shape_of = np.full(math.prod(radix), -1, np.int64)
    for i, counts in enumerate(shapes):
        code = 0
        for c, base in zip(counts, radix):
            code = code * base + c
        shape_of[code] = i
    codes = [
        math.prod(math.comb(13 - sum(counts[:r]), counts[r]) for r in range(len(rounds))) for counts in shapes
    ]
    configs = [
        combo
        for combo in itertools.combinations_with_replacement(range(len(shapes)), 4)
        if all(sum(shapes[s][r] for s in combo) == n for r, n in enumerate(rounds))
    ]
    config_of = np.full(math.comb(len(shapes) + 3, 4), -1, np.int32)
    offsets = [0]
    depth = np.zeros((len(configs), 4), np.int64)
    place = np.zeros((len(configs), 4), np.int64)
    for i, combo in enumerate(configs):
        config_of[sum(math.comb(s + j, j + 1) for j, s in enumerate(combo))] = i
        runs = [list(run) for _, run in itertools.groupby(range(4), key=combo.__getitem__)]
        radix = [math.comb(codes[combo[run[0]]] + len(run) - 1, len(run)) for run in runs]
        for g, run in enumerate(runs):  # runs in mixed radix, the first the most significant
            for k, s in enumerate(run, 1):
                depth[i, s], place[i, s] = k, math.prod(radix[g + 1 :])
        offsets.append(offsets[-1] + math.prod(radix))
    return IndexTables(
        np.array(rounds, np.int64),
        shape_of,
        np.array(shapes, np.int64),
        np.array(codes, np.int64),
        config_of,
        np.array(configs, np.int64),
        np.array(offsets, np.int64),
        depth,
        place,
    )


@njit(cache=True)
def _index_one(t: IndexTables, cards: np.ndarray) -> int:
    return kernel.hand_index(t, cards, np.zeros(16, np.int64))


@njit(cache=True)
def _hand_of_one(t: IndexTables, index: int, out: np.ndarray) -> None:
    kernel.hand_of(t, index, out, np.zeros(8, np.int64), np.zeros(len(t.rounds), np.int64))


class HandIndexer:
    """Canonical indices of hold'em hands of a street (`STREETS`) with "perfect" or
    "imperfect" recall (`RECALLS`): `index`, `index_batch`, `unindex`, `unindex_batch`.
    A hand is the hole cards, then the board in the order dealt. From numba code, call
    `pokerlut._kernels.isomorphism.hand_index(indexer.tables, cards, keys)` (keys: a scratch
    int64[16])."""

    def __init__(self, street: str = "river", recall: str = "perfect") -> None:
        self.street, self.recall = street, recall
        self.rounds = rounds_of(street, recall)
        self.tables = index_tables(self.rounds)
        self.cards = sum(self.rounds)
        self.size = int(self.tables.offsets[-1])

    def __repr__(self) -> str:
        return f"HandIndexer({self.street!r}, {self.recall!r}): {self.size:,} indices"

    def index(self, hand: CardsLike) -> int:
        """The index of one hand."""
        cards = parse_cards(hand)
        if len(cards) != self.cards:
            raise ValueError(
                f"a {self.street} hand is {self.cards} cards (hole cards, then the board), not {len(cards)}"
            )
        return int(_index_one(self.tables, cards))

    def index_batch(self, hands: Any, threads: int | None = None) -> np.ndarray:
        """The index (int64) of every row of an (n, cards) array of card ints."""
        array = np.asarray(hands)
        if array.ndim != 2 or array.shape[1] != self.cards or not np.issubdtype(array.dtype, np.integer):
            raise ValueError(
                f"{self.street} hands are an (n, {self.cards}) array of card ints, "
                f"not {array.dtype} of shape {array.shape}"
            )
        if array.size and (array.min() < 0 or array.max() > MASKED_CARD):  # past uint8: a card of no deck
            array = np.where((array < 0) | (array > MASKED_CARD), MASKED_CARD, array)  # still named below
        rows = np.ascontiguousarray(array, dtype=np.uint8)
        out = np.empty(len(rows), np.int64)
        with parallel_section(threads):
            lanes = numba.get_num_threads()
            first_bad = np.full(lanes, len(rows), np.int64)
            kernel.index_rows(self.tables, rows, out, np.zeros((lanes, LANE_ROW), np.int64), first_bad)
        if first_bad.min() < len(rows):
            row = int(first_bad.min())
            self._check(np.asarray(hands)[row], f"row {row}")
        return out

    def orbit_sizes(self, threads: int | None = None) -> np.ndarray:
        """The number of hands (uint8, 1..24) each index stands for: the size of its class
        under the 24 permutations of suits (24 over those that leave its hand as it is).

        >>> sizes = HandIndexer("preflop").orbit_sizes()  # pairs, suited, offsuit
        >>> sorted(set(sizes.tolist())), int(sizes.sum())
        ([4, 6, 12], 1326)
        """
        out = np.zeros(self.size, np.uint8)
        with parallel_section(threads):
            features.class_sizes(self.tables, out, np.zeros((numba.get_num_threads(), LANE_ROW), np.int64))
        return out

    def unindex(self, index: int) -> np.ndarray:
        """The canonical hand (uint8) of an index: each round's cards ascending, the suits
        that sort first clubs, then diamonds, hearts, spades."""
        out = np.zeros(self.cards, np.uint8)
        _hand_of_one(self.tables, self._index(index), out)
        return out

    def unindex_batch(self, indices: Any, threads: int | None = None) -> np.ndarray:
        """The canonical hand (uint8 rows) of each index of an array."""
        indices = np.asarray(indices)
        if indices.ndim != 1 or not np.issubdtype(indices.dtype, np.integer):
            raise TypeError(f"indices are a 1-D array of ints, not {indices.dtype} of shape {indices.shape}")
        bad = np.flatnonzero((indices < 0) | (indices >= self.size))
        if len(bad):
            raise ValueError(f"index {indices[bad[0]]} at row {bad[0]} is out of range 0..{self.size - 1}")
        out = np.zeros((len(indices), self.cards), np.uint8)
        with parallel_section(threads):
            lanes = numba.get_num_threads()
            kernel.hand_rows(
                self.tables,
                indices.astype(np.int64),
                out,
                np.zeros((lanes, LANE_ROW), np.int64),
                np.zeros((lanes, LANE_ROW), np.int64),
            )
        return out

    def _index(self, index: Any) -> int:
        if isinstance(index, (bool, np.bool_)) or not isinstance(index, (int, np.integer)):
            raise TypeError(f"an index is an int, not {type(index).__name__}")
        if not 0 <= index < self.size:
            raise ValueError(f"index {index} is out of range 0..{self.size - 1} ({self!r})")
        return int(index)

    def _check(self, cards: np.ndarray, where: str) -> None:
        """Raise ValueError naming what is wrong with a hand that could not be indexed."""
        seen: set[int] = set()
        for card in cards.tolist():
            if not 0 <= card <= 51:
                raise ValueError(f"{where}: {card} is not a card 0..51")
            if card in seen:
                raise ValueError(f"{where}: card {format_card(card)} is there twice")
            seen.add(card)
