"""Card abstraction for poker AI: canonical hand indices, hold'em first.

A `HandIndexer` maps a hand (hole cards, then the board in the order dealt) to a dense index
in 0..size-1 and back; two hands get the same index exactly when a permutation of suits maps
one onto the other. With perfect recall each street's cards are a round of their own (2, 3,
1, 1); with imperfect recall the board is one set (2, then 3, 4 or 5). Then the features of
every state (`river_hand_strengths`, `street_features`: here, or on Dask with a `DaskRun`)
and buckets of them (`buckets`; its k-means methods need scikit-learn, the `abstraction`
extra).

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
import os
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, partial
from pathlib import Path
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
    if len(shapes) > len(kernel.CONFIG_BINOM) or sum(rounds) > 7:  # its tables' sizes
        raise ValueError(f"rounds {rounds}: the kernel indexes hands of at most 7 cards "
                         f"and {len(kernel.CONFIG_BINOM)} suit shapes")
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

    def orbit_sizes(self, threads: int | None = None) -> np.ndarray:
        """The number of hands (uint8, 1..24) each index stands for: the size of its class
        under the 24 permutations of suits (24 over those that leave its hand as it is).

        >>> sizes = HandIndexer("preflop").orbit_sizes()  # pairs, suited, offsuit
        >>> sorted(set(sizes.tolist())), int(sizes.sum())
        ([4, 6, 12], 1326)
        """
        out = np.zeros(self.size, np.uint8)
        with parallel_section(threads):
            features.class_sizes(self.tables, out,
                                 np.zeros((numba.get_num_threads(), LANE_ROW), np.int64))
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
    boards: np.ndarray = _boards(cards).copy()
    return boards


@lru_cache(maxsize=7)
def _boards(cards: int) -> np.ndarray:
    """`canonical_boards(cards)`, made once a process (read-only: the river's parts slice it)."""
    t = index_tables((cards,))
    size = int(t.offsets[-1])
    out = np.zeros((size, cards), np.uint8)
    with parallel_section(None):
        lanes = numba.get_num_threads()
        kernel.hand_rows(t, np.arange(size, dtype=np.int64), out,
                         np.zeros((lanes, LANE_ROW), np.int64), np.zeros((lanes, LANE_ROW), np.int64))
    out.flags.writeable = False
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
                         progress: Callable[[float], None] | None = None,
                         dask: DaskRun | None = None) -> np.ndarray:
    """2 wins + ties against the 990 opponents (uint16; HS = value / 1980) of every river
    state, by its index of `HandIndexer("river", "imperfect")`: every hole of every board of
    `canonical_boards()`, each board's holes evaluated once; `PARTS` ranges of boards, here
    or on Dask (`dask`)."""
    out = np.full(HandIndexer("river", "imperfect").size, np.iinfo(np.uint16).max, np.uint16)

    def put(first: int, last: int, part: dict[str, np.ndarray]) -> None:
        with parallel_section(threads):
            features.scatter(out, part["indices"], part["values"])

    _run_parts("river", len(_boards(5)), river_part, put, threads=threads, dask=dask,
               progress=progress)
    return out


def river_part(_: None, first: int, last: int, threads: int | None) -> dict[str, np.ndarray]:
    """The river states of the boards first..last-1 of `canonical_boards()`: for each hole of
    each board, the state's index (uint32) and its 2 wins + ties (uint16)."""
    boards = _boards(5)[first:last]
    indices = np.zeros((len(boards), features.HOLES), np.uint32)
    values = np.zeros((len(boards), features.HOLES), np.uint16)
    with parallel_section(threads):
        scratch = np.zeros((numba.get_num_threads(), features.SCRATCH), np.int64)
        features.river_counts(tables.load("high"), HandIndexer("river", "imperfect").tables,
                              boards, indices, values, scratch)
    return {"indices": indices.ravel(), "values": values.ravel()}


# --- parts: here, or on Dask ---------------------------------------------------------------------

PARTS = 64  # the ranges a street's work is cut into: its progress steps, its Dask tasks


@dataclass(frozen=True)
class DaskRun:
    """Run a street's work on Dask: `scheduler` is a running cluster's address
    ("tcp://host:8786") or "local" (a new LocalCluster of `workers` processes, by default
    one a core, one numba thread each); each of the `PARTS` parts is saved below the folder
    `parts` as it comes back, and a rerun skips the parts saved there."""

    scheduler: str
    parts: str | os.PathLike[str]
    workers: int | None = None


def _run_parts(job: str, n: int, task: Callable[..., dict[str, np.ndarray]],
               put: Callable[[int, int, dict[str, np.ndarray]], None], *, data: Any = None,
               threads: int | None = None, dask: DaskRun | None = None,
               progress: Callable[[float], None] | None = None) -> None:
    """put(first, last, task(data, first, last, threads)) for the `PARTS` ranges first..last
    of 0..n, in order. With `dask`, the tasks run on its cluster (data sent to every worker
    once; the workers' own numba threads), each result saved as `dask.parts/job/part-00042.npz`
    (under another name, then renamed) as it comes back; put reads the saved parts."""
    ranges = [(n * k // PARTS, n * (k + 1) // PARTS) for k in range(PARTS)]
    if dask is None:
        for k, (first, last) in enumerate(ranges):
            put(first, last, task(data, first, last, threads))
            if progress:
                progress((k + 1) / PARTS)
        return
    from .bulk import check_workers, connect, need
    from .matrix import open_parts, write_atomic, run_parts

    if not isinstance(dask, DaskRun) or not isinstance(dask.scheduler, str):
        raise TypeError(f"dask is a DaskRun(scheduler, parts), not {dask!r}")
    if threads is not None:
        raise ValueError("threads= is for a run in this process: on Dask each worker runs its "
                         "own numba threads")
    scheduler = None if dask.scheduler == "local" else dask.scheduler
    check_workers(dask.workers, scheduler)
    folder = Path(dask.parts) / job
    open_parts(folder, {"format": 1, "job": job, "parts": PARTS, "n": n})
    todo = [k for k in range(PARTS) if not _part_path(folder, k).exists()]
    finished = PARTS - len(todo)
    if progress:
        progress(finished / PARTS)

    def save(k: int, result: dict[str, np.ndarray]) -> None:
        nonlocal finished
        write_atomic(_part_path(folder, k), lambda path: _save_npz(path, result))
        finished += 1
        if progress:
            progress(finished / PARTS)

    if todo:
        with connect(scheduler, dask.workers) as client:
            shared = None if data is None else client.scatter(data, broadcast=True)
            run_parts(need("distributed"), client, task,
                      {k: (shared, *ranges[k], None) for k in todo}, save, job)
    for k, (first, last) in enumerate(ranges):
        with np.load(_part_path(folder, k)) as saved:
            put(first, last, {name: saved[name] for name in saved.files})


def _part_path(folder: Path, k: int) -> Path:
    return folder / f"part-{k:05d}.npz"


def _save_npz(path: Path, arrays: dict[str, np.ndarray]) -> None:
    with path.open("wb") as file:
        np.savez(file, allow_pickle=False, **arrays)


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
                    progress: Callable[[float], None] | None = None,
                    dask: DaskRun | None = None) -> StreetFeatures:
    """EHS, EHS2 and the HS histogram of every flop or turn state (`StreetFeatures`), read
    from the river table (`river_hand_strengths()`, made if not given); `PARTS` ranges of
    states, here or on Dask (`dask`)."""
    if street not in ("flop", "turn"):
        raise ValueError(f"street_features takes 'flop' or 'turn', not {street!r} (river: "
                         f"river_hand_strengths)")
    if type(bins) is not int or not 1 <= bins <= 1980:
        raise ValueError(f"bins is an int 1..1980, not {bins!r}")
    if river is None:
        river = river_hand_strengths(threads, dask=dask)
    if river.shape != (HandIndexer("river", "imperfect").size,) or river.dtype != np.uint16:
        raise ValueError(f"river is the uint16 table of river_hand_strengths(), not {river.dtype} "
                         f"of shape {river.shape}")
    size = HandIndexer(street, "imperfect").size
    sums = np.zeros(size, np.uint32)
    squares = np.zeros(size, np.uint64)
    histogram = np.zeros((size, bins), _histogram_dtype(street))

    def put(first: int, last: int, part: dict[str, np.ndarray]) -> None:
        sums[first:last], squares[first:last] = part["sums"], part["squares"]
        histogram[first:last] = part["histogram"]

    _run_parts(f"{street}-{bins}bins", size, partial(runout_part, street, bins), put, data=river,
               threads=threads, dask=dask, progress=progress)
    return StreetFeatures(street, RUNOUTS[street], sums, squares, histogram)


RUNOUTS = {"turn": 46, "flop": 1081}  # runouts of a state to the river


def _histogram_dtype(street: str) -> type[np.unsignedinteger[Any]]:
    return np.uint8 if RUNOUTS[street] < 256 else np.uint16


def runout_part(street: str, bins: int, river: np.ndarray, first: int, last: int,
                 threads: int | None) -> dict[str, np.ndarray]:
    """The features of the flop or turn states first..last-1 (`StreetFeatures`' arrays)."""
    sums, squares = np.zeros(last - first, np.uint32), np.zeros(last - first, np.uint64)
    histogram = np.zeros((last - first, bins), _histogram_dtype(street))
    with parallel_section(threads):
        scratch = np.zeros((numba.get_num_threads(), LANE_ROW), np.int64)
        features.runout_features(HandIndexer(street, "imperfect").tables,
                                 HandIndexer("river", "imperfect").tables, river, first, bins,
                                 sums, squares, histogram, scratch)
    return {"sums": sums, "squares": squares, "histogram": histogram}


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


# --- buckets ---------------------------------------------------------------------------------

METHODS = ("ehs2-percentile", "kmeans-histogram", "kmeans-emd")
SAMPLE = 200_000  # states k-means fits on by default (then every state goes to its nearest centre)
_CHUNK = 1 << 18  # states assigned to their centres at a time


class Buckets(NamedTuple):
    """The bucket of every state of a street (`labels`, by its index), the buckets numbered
    by the mean EHS of their hands (HS on the river), 0 the weakest; and by bucket: its
    states, the hands they stand for (`hands`: their weights) and its mean EHS (`ehs`).
    `inertia`: k-means' weighted sum of squared distances of every state to its centre
    (None for percentile buckets)."""

    method: str
    labels: np.ndarray  # the smallest unsigned dtype that holds the bucket numbers
    states: np.ndarray  # int64 per bucket
    hands: np.ndarray  # int64 per bucket
    ehs: np.ndarray  # float64 per bucket
    inertia: float | None


def buckets(features: StreetFeatures | np.ndarray, k: int, method: str = "ehs2-percentile", *,
            weights: Any = None, seed: int = 0, sample: int | None = SAMPLE) -> Buckets:
    """At most k buckets of the states of `features` (a `StreetFeatures`, or the river's
    counts of `river_hand_strengths()`), each state weighted by the hands it stands for
    (`weights`; by default, for a whole street, `HandIndexer(street,
    "imperfect").orbit_sizes()`). Methods (`METHODS`):

    - "ehs2-percentile": k buckets of equal weight by EHS2 (HS on the river); states of equal
      EHS2 are never split: they go to the bucket of the middle of their weight;
    - "kmeans-histogram": scikit-learn's k-means on the HS histograms (rows as probabilities);
    - "kmeans-emd": k-means on their running sums (the CDFs, whose L1 distance is the earth
      mover's distance; k-means itself minimises squared L2 between them).

    k-means fits on `sample` states drawn with `seed` (None: all), then puts every state in
    the bucket of its nearest centre; the same seed gives the same buckets.

    >>> ehs2 = np.array([1, 2, 3, 3, 3, 4])  # six states' sums of squares, and sums
    >>> six = StreetFeatures("turn", 46, ehs2, ehs2, np.zeros((6, 50), np.uint8))
    >>> buckets(six, 2, weights=np.ones(6, int)).labels.tolist()  # the three 3s stay together
    [0, 0, 1, 1, 1, 1]
    """
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r} (one of: {', '.join(METHODS)})")
    if type(k) is not int or k < 1:
        raise ValueError(f"k (the number of buckets) is a positive int, not {k!r}")
    if isinstance(features, StreetFeatures):
        street, strength, scale = features.street, features.sums, 2 * OPPONENTS * features.runouts
        key: np.ndarray = features.squares
    elif isinstance(features, np.ndarray) and features.ndim == 1 and features.dtype == np.uint16:
        street, strength, scale, key = "river", features, 2 * OPPONENTS, features
        if method != "ehs2-percentile":
            raise ValueError(f"method {method!r} clusters histograms of runouts: a river state "
                             f"has one value, its HS (method 'ehs2-percentile')")
    else:
        raise TypeError("features are a StreetFeatures or the river's uint16 counts "
                        f"(river_hand_strengths()), not {type(features).__name__}")
    if not len(key):
        raise ValueError("features of no state: nothing to bucket")
    w = _weights(street, len(key), weights)
    if method == "ehs2-percentile":
        labels, inertia = _percentiles(key, w, k), None
    else:
        assert isinstance(features, StreetFeatures)
        labels, inertia = _kmeans(features, w, k, method == "kmeans-emd", seed, sample)
    return _numbered_by_strength(method, labels, w, strength, scale, inertia)


def _weights(street: str, n: int, weights: Any) -> np.ndarray:
    """The weight of each of n states: `weights` checked, or the street's orbit sizes."""
    if weights is None:
        indexer = HandIndexer(street, "imperfect")
        if n != indexer.size:
            raise ValueError(f"features of {n:,} states (the {street} has {indexer.size:,}) "
                             "need their weights (weights=)")
        return indexer.orbit_sizes()
    w = np.asarray(weights)
    if w.shape != (n,) or not np.issubdtype(w.dtype, np.integer) or (n and w.min() < 1):
        raise ValueError(f"weights are {n:,} positive ints (one per state), not {w.dtype} of "
                         f"shape {w.shape}")
    return w


def _percentiles(key: np.ndarray, w: np.ndarray, k: int) -> np.ndarray:
    """Buckets of equal weight by key, ascending: each group of equal keys goes whole to the
    bucket i whose share of the weight, [i / k, (i + 1) / k), holds the middle of the group;
    the buckets left empty are dropped (numbers without gaps)."""
    order = np.argsort(key, kind="stable")
    ordered = key[order]
    ends = np.append(np.flatnonzero(ordered[1:] != ordered[:-1]), len(key) - 1)
    upto = np.cumsum(w[order], dtype=np.int64)[ends]  # weight up to each group's end
    before = np.append(0, upto[:-1])
    bucket = k * (before + upto) // (2 * int(upto[-1]))  # exact: the middle's bucket
    starts = ordered[ends][np.flatnonzero(np.diff(bucket, prepend=-1))]
    return np.asarray(np.searchsorted(starts, key, side="right") - 1)


def _kmeans(features: StreetFeatures, w: np.ndarray, k: int, cumulative: bool, seed: int,
            sample: int | None) -> tuple[np.ndarray, float]:
    """k-means (scikit-learn's KMeans, k-means++ from `seed`) on the histograms as
    probabilities or their running sums, fitted on a sample of states, weighted; every state
    then labelled with its nearest centre. Returns the labels and the inertia of all states."""
    from .bulk import need

    cluster = need("sklearn.cluster", "abstraction")
    n = len(features.sums)
    if sample is not None and (type(sample) is not int or sample < 1):
        raise ValueError(f"sample is a positive int (states to fit on) or None, not {sample!r}")
    fit = (np.arange(n) if sample is None or sample >= n
           else np.sort(np.random.default_rng(seed).choice(n, sample, replace=False)))
    if k > len(fit):
        raise ValueError(f"k = {k:,} buckets is more than the {len(fit):,} states fitted")
    model = cluster.KMeans(n_clusters=k, n_init=1, random_state=seed)
    model.fit(_points(features.histogram[fit], features.runouts, cumulative),
              sample_weight=w[fit].astype(np.float64))
    labels = np.zeros(n, np.int64)
    inertia = 0.0
    for first in range(0, n, _CHUNK):
        points = _points(features.histogram[first:first + _CHUNK], features.runouts, cumulative)
        nearest = labels[first:first + _CHUNK] = model.predict(points)
        distance = ((points - model.cluster_centers_[nearest]) ** 2).sum(axis=1)
        inertia += float(w[first:first + _CHUNK].astype(np.float64) @ distance)
    return labels, inertia


def _points(histogram: np.ndarray, runouts: int, cumulative: bool) -> np.ndarray:
    """Histogram rows as probabilities (float32), or their running sums (the CDFs)."""
    counts = np.cumsum(histogram, axis=1, dtype=np.int32) if cumulative else histogram
    points: np.ndarray = counts.astype(np.float32) / np.float32(runouts)
    return points


def _numbered_by_strength(method: str, labels: np.ndarray, w: np.ndarray, strength: np.ndarray,
                          scale: int, inertia: float | None) -> Buckets:
    """The buckets that hold states renumbered 0.. by the weighted mean of strength / scale
    (EHS, or HS) of their states, ties by their first number."""
    hands = np.bincount(labels, weights=w)
    used = np.flatnonzero(hands)
    mean = np.bincount(labels, weights=w * strength.astype(np.float64))[used] / hands[used] / scale
    order = np.lexsort((used, mean))
    number = np.zeros(len(hands), np.int64)
    number[used[order]] = np.arange(len(used))
    out = number[labels].astype(np.min_scalar_type(max(len(used) - 1, 0)))
    return Buckets(method, out, np.bincount(out, minlength=len(used)).astype(np.int64),
                   hands[used[order]].astype(np.int64), mean[order], inertia)
