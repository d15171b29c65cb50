"""Card abstraction for poker AI: canonical hand indices, hold'em first.

A `HandIndexer` maps a hand (hole cards, then the board in the order dealt) to a dense index
in 0..size-1 and back; two hands get the same index exactly when a permutation of suits maps
one onto the other. With perfect recall each street's cards are a round of their own (2, 3,
1, 1); with imperfect recall the board is one set (2, then 3, 4 or 5).

>>> river = HandIndexer("river", "imperfect")
>>> river.size
123156254
>>> river.index("Ah Kh 2c 7d 9h Ts Js") == river.index("As Ks 2d 7h 9s Tc Jc")
True
>>> from pokerlut import format_cards
>>> format_cards(river.unindex(river.index("Ah Kh 2c 7d 9h Ts Js")))  # its class's own hand
'Ks As 2c 7d 9s Th Jh'
>>> [HandIndexer(street).size for street in STREETS]  # perfect recall
[169, 1286792, 55190538, 2428287420]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import Any, NamedTuple

import numba
import numpy as np

from . import tables
from .cards import CardsLike, format_card, parse_cards
from .kernels import features
from .kernels import isomorphism as kernel
from .kernels.core import hand_add, hand_empty, hand_strength, njit
from .kernels.isomorphism import IndexTables
from .parallel import LANE_ROW, parallel_section

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
        return (2, 3, 1, 1)[:k + 1]
    return (2, 2 + k)


@lru_cache(maxsize=8)
def index_tables(rounds: tuple[int, ...]) -> IndexTables:
    """The tables `kernels.isomorphism` reads for hands of `rounds`."""
    shapes = list(itertools.product(*(range(n + 1) for n in rounds)))  # ascending
    radix = [n + 1 for n in rounds]
    shape_of = np.full(math.prod(radix), -1, np.int64)
    for i, counts in enumerate(shapes):
        code = 0
        for c, base in zip(counts, radix):
            code = code * base + c
        shape_of[code] = i
    codes = [math.prod(math.comb(13 - sum(counts[:r]), counts[r]) for r in range(len(rounds)))
             for counts in shapes]
    configs = [combo for combo in itertools.combinations_with_replacement(range(len(shapes)), 4)
               if all(sum(shapes[s][r] for s in combo) == n for r, n in enumerate(rounds))]
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
                depth[i, s], place[i, s] = k, math.prod(radix[g + 1:])
        offsets.append(offsets[-1] + math.prod(radix))
    return IndexTables(np.array(rounds, np.int64), shape_of, np.array(shapes, np.int64),
                       np.array(codes, np.int64), config_of, np.array(configs, np.int64),
                       np.array(offsets, np.int64), depth, place)


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
    `pokerlut.kernels.isomorphism.hand_index(indexer.tables, cards, keys)` (keys: a scratch
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
            raise ValueError(f"a {self.street} hand is {self.cards} cards (hole cards, then the "
                             f"board), not {len(cards)}")
        return int(_index_one(self.tables, cards))

    def index_batch(self, hands: Any, threads: int | None = None) -> np.ndarray:
        """The index (int64) of every row of an (n, cards) array of card ints."""
        array = np.asarray(hands)
        if array.ndim != 2 or array.shape[1] != self.cards or not np.issubdtype(array.dtype, np.integer):
            raise ValueError(f"{self.street} hands are an (n, {self.cards}) array of card ints, "
                             f"not {array.dtype} of shape {array.shape}")
        if array.size and (array.min() < 0 or array.max() > 255):
            array = np.where((array < 0) | (array > 255), 255, array)  # still named below
        rows = np.ascontiguousarray(array, dtype=np.uint8)
        out = np.empty(len(rows), np.int64)
        with parallel_section(threads):
            lanes = numba.get_num_threads()
            first_bad = np.full(lanes, len(rows), np.int64)
            kernel.index_rows(self.tables, rows, out, np.zeros((lanes, LANE_ROW), np.int64),
                              first_bad)
        if first_bad.min() < len(rows):
            row = int(first_bad.min())
            self._check(np.asarray(hands)[row], f"row {row}")
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
            kernel.hand_rows(self.tables, indices.astype(np.int64), out,
                             np.zeros((lanes, LANE_ROW), np.int64), np.zeros((lanes, LANE_ROW), np.int64))
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


# --- hand-strength features --------------------------------------------------------------------

OPPONENTS = 990  # two of the 45 cards a river state leaves: HS = (2 wins + ties) / (2 * 990)


def canonical_boards(cards: int = 5) -> np.ndarray:
    """One board of each class of boards of `cards` cards under suit permutations (uint8
    rows, ascending): 134,459 of five."""
    if type(cards) is not int or not 1 <= cards <= 7:
        raise ValueError(f"a board is 1..7 cards, not {cards!r}")
    t = index_tables((cards,))
    size = int(t.offsets[-1])
    out = np.zeros((size, cards), np.uint8)
    with parallel_section(None):
        lanes = numba.get_num_threads()
        kernel.hand_rows(t, np.arange(size, dtype=np.int64), out,
                         np.zeros((lanes, LANE_ROW), np.int64), np.zeros((lanes, LANE_ROW), np.int64))
    return out


def _state(hole: CardsLike, board: CardsLike, what: str,
           boards: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Hole cards and board, checked: 2 hole cards, a board of one of the sizes, no card twice."""
    hole_cards, board_cards = parse_cards(hole), parse_cards(board)
    if len(hole_cards) != 2 or len(board_cards) not in boards:
        raise ValueError(f"{what} is 2 hole cards and {' or '.join(map(str, boards))} board cards, "
                         f"not {len(hole_cards)} and {len(board_cards)}")
    both = np.concatenate([hole_cards, board_cards]).tolist()
    if len(set(both)) != len(both):
        card = next(c for c in both if both.count(c) > 1)
        raise ValueError(f"card {format_card(card)} is both a hole card and on the board")
    return hole_cards, board_cards


def hand_strength_of(hole: CardsLike, board: CardsLike) -> Fraction:
    """HS of one river state: P(win) + P(tie) / 2 against one opponent hand drawn uniformly
    from the 45 cards left (card removal exact).

    >>> hand_strength_of("Ah Kh", "Qh Jh Th 2c 3d")  # the royal flush: nothing ties it
    Fraction(1, 1)
    >>> hand_strength_of("2c 3d", "Ah Kh Qh Jh Th")  # the board plays for everyone
    Fraction(1, 2)
    """
    hole_cards, board_cards = _state(hole, board, "a river state", (5,))
    counts = np.zeros((3, 3), np.int64)
    _showdown_counts(tables.load("high"), hole_cards, board_cards, counts)
    wins, ties, _ = counts.sum(axis=1).tolist()
    return Fraction(2 * wins + ties, 2 * OPPONENTS)


def river_hand_strengths(threads: int | None = None,
                         progress: Callable[[float], None] | None = None) -> np.ndarray:
    """2 wins + ties against the 990 opponents (uint16; HS = value / 1980) of every river
    state, by its index of `HandIndexer("river", "imperfect")`: every hole of every board of
    `canonical_boards()`, each board's holes evaluated once."""
    indexer = HandIndexer("river", "imperfect")
    boards = canonical_boards()
    out = np.full(indexer.size, np.iinfo(np.uint16).max, np.uint16)
    t = tables.load("high")
    with parallel_section(threads):
        scratch = np.zeros((numba.get_num_threads(), features.SCRATCH), np.int64)
        _in_parts(len(boards), progress, lambda first, last: features.river_counts(
            t, indexer.tables, np.ascontiguousarray(boards[first:last]), out, scratch))
    return out


def _in_parts(n: int, progress: Callable[[float], None] | None,
              run: Callable[[int, int], None], parts: int = 64) -> None:
    """run(first, last) over 0..n in `parts` slices, telling `progress` after each."""
    for part in range(parts):
        run(n * part // parts, n * (part + 1) // parts)
        if progress:
            progress((part + 1) / parts)


class StreetFeatures(NamedTuple):
    """The features of every flop or turn state, by its index of `HandIndexer(street,
    "imperfect")`, over every runout to the river (`runouts` of them): the sum and the sum of
    squares of the river's 2 wins + ties (exact: EHS = sums / (1980 runouts), EHS2 = squares /
    (1980**2 runouts)), and the histogram of the river's HS in `bins` equal bins."""

    street: str
    runouts: int
    sums: np.ndarray  # uint32
    squares: np.ndarray  # uint64
    histogram: np.ndarray  # (states, bins): uint8 (turn) or uint16 (flop)

    @property
    def ehs(self) -> np.ndarray:
        """The mean river HS over the runouts (float32)."""
        return (self.sums / (2 * OPPONENTS * self.runouts)).astype(np.float32)

    @property
    def ehs2(self) -> np.ndarray:
        """The mean of the river HS squared (float32)."""
        return (self.squares / ((2 * OPPONENTS) ** 2 * self.runouts)).astype(np.float32)


def street_features(street: str, bins: int = 50, river: np.ndarray | None = None,
                    threads: int | None = None,
                    progress: Callable[[float], None] | None = None) -> StreetFeatures:
    """EHS, EHS2 and the HS histogram of every flop or turn state (`StreetFeatures`), read
    from the river table (`river_hand_strengths()`, made if not given)."""
    if street not in ("flop", "turn"):
        raise ValueError(f"street_features takes 'flop' or 'turn', not {street!r} (river: "
                         f"river_hand_strengths)")
    if type(bins) is not int or not 1 <= bins <= 1980:
        raise ValueError(f"bins is an int 1..1980, not {bins!r}")
    indexer, river_indexer = HandIndexer(street, "imperfect"), HandIndexer("river", "imperfect")
    if river is None:
        river = river_hand_strengths(threads)
    if river.shape != (river_indexer.size,) or river.dtype != np.uint16:
        raise ValueError(f"river is the uint16 table of river_hand_strengths(), not {river.dtype} "
                         f"of shape {river.shape}")
    runouts = 46 if street == "turn" else 1081
    sums = np.zeros(indexer.size, np.uint32)
    squares = np.zeros(indexer.size, np.uint64)
    histogram = np.zeros((indexer.size, bins), np.uint8 if runouts < 256 else np.uint16)
    with parallel_section(threads):
        scratch = np.zeros((numba.get_num_threads(), LANE_ROW), np.int64)
        _in_parts(indexer.size, progress, lambda first, last: features.runout_features(
            indexer.tables, river_indexer.tables, river, first, last, bins, sums, squares,
            histogram, scratch))
    return StreetFeatures(street, runouts, sums, squares, histogram)


@njit(cache=True)
def _showdown_counts(t: Any, hole: np.ndarray, board: np.ndarray, counts: np.ndarray) -> None:
    """counts[now, end] += 1 for every opponent hand and every runout to the river (each of
    the cards left), `now` and `end` 0 ahead, 1 tied, 2 behind: on the board as it is, and
    on the river (on a river board, now and end are the same)."""
    hand = hand_empty()
    taken = 0
    for c in board:
        hand = hand_add(t, hand, c)
        taken |= 1 << c
    ours = hand_add(t, hand_add(t, hand, hole[0]), hole[1])
    taken |= (1 << hole[0]) | (1 << hole[1])
    ours_now = hand_strength(t, ours)
    for a in range(52):
        if taken >> a & 1:
            continue
        for b in range(a + 1, 52):
            if taken >> b & 1:
                continue
            theirs = hand_add(t, hand_add(t, hand, a), b)
            theirs_now = hand_strength(t, theirs)
            now = 0 if ours_now > theirs_now else 1 if ours_now == theirs_now else 2
            left = taken | (1 << a) | (1 << b)
            if len(board) == 5:
                counts[now, now] += 1
                continue
            for c in range(52):
                if left >> c & 1:
                    continue
                if len(board) == 4:
                    mine = hand_strength(t, hand_add(t, ours, c))
                    other = hand_strength(t, hand_add(t, theirs, c))
                    counts[now, 0 if mine > other else 1 if mine == other else 2] += 1
                    continue
                for d in range(c + 1, 52):
                    if left >> d & 1:
                        continue
                    mine = hand_strength(t, hand_add(t, hand_add(t, ours, c), d))
                    other = hand_strength(t, hand_add(t, hand_add(t, theirs, c), d))
                    counts[now, 0 if mine > other else 1 if mine == other else 2] += 1


def hand_potential(hole: CardsLike, board: CardsLike) -> tuple[Fraction, Fraction]:
    """(PPot, NPot) of a flop or turn state against one random opponent hand, over every
    runout (Billings et al.): the chance that a hand behind now ends ahead (ties count half),
    and that a hand ahead now ends behind, counted exactly.

    >>> ppot, npot = hand_potential("Ah Kh", "Qh 7h 2c")  # the nut flush draw
    >>> round(float(ppot), 4), round(float(npot), 4)
    (0.502, 0.1209)
    """
    hole_cards, board_cards = _state(hole, board, "a flop or turn state", (3, 4))
    hp = np.zeros((3, 3), np.int64)
    _showdown_counts(tables.load("high"), hole_cards, board_cards, hp)
    (aa, at, ab), (ta, tt, tb), (ba, bt, bb) = hp.tolist()
    behind, tied, ahead = ba + bt + bb, ta + tt + tb, aa + at + ab
    ppot = Fraction(2 * ba + bt + ta, 2 * behind + tied) if 2 * behind + tied else Fraction(0)
    npot = Fraction(2 * ab + tb + at, 2 * ahead + tied) if 2 * ahead + tied else Fraction(0)
    return ppot, npot
