"""Hand-strength features of every hold'em state, counted exactly: HS on the river, EHS, EHS2
and the HS histogram of every flop and turn state over its runouts (`StreetFeatures`), in
`PARTS` ranges here or on Dask (`DaskRun`); HS and potential of one state, and one board of
each class of boards under suit permutations (`canonical_boards`)."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

import numba
import numpy as np

from .._game import HIGH
from .._cards import CardsLike, format_card, parse_cards
from ..distributed import Parts, check_workers, connect, run_parts
from .._kernels import features
from .._kernels import isomorphism as kernel
from .._kernels.core import hand_add, hand_empty, hand_strength, njit
from .._parallel import LANE_ROW, parallel_section
from .._warmup import Job, sample_hands
from ._indexer import HandIndexer, index_tables

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
        kernel.hand_rows(
            t,
            np.arange(size, dtype=np.int64),
            out,
            np.zeros((lanes, LANE_ROW), np.int64),
            np.zeros((lanes, LANE_ROW), np.int64),
        )
    out.flags.writeable = False
    return out


def _state(
    hole: CardsLike, board: CardsLike, what: str, boards: tuple[int, ...]
) -> tuple[np.ndarray, np.ndarray]:
    """Hole cards and board, checked: 2 hole cards, a board of one of the sizes, no card twice."""
    hole_cards, board_cards = parse_cards(hole), parse_cards(board)
    if len(hole_cards) != 2 or len(board_cards) not in boards:
        raise ValueError(
            f"{what} is 2 hole cards and {' or '.join(map(str, boards))} board cards, "
            f"not {len(hole_cards)} and {len(board_cards)}"
        )
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
    _showdown_counts(HIGH.tables, hole_cards, board_cards, counts)
    wins, ties, _ = counts.sum(axis=1).tolist()
    return Fraction(2 * wins + ties, 2 * OPPONENTS)


def river_hand_strengths(
    threads: int | None = None, progress: Callable[[float], None] | None = None, dask: DaskRun | None = None
) -> np.ndarray:
    """2 wins + ties against the 990 opponents (uint16; HS = value / 1980) of every river
    state, by its index of `HandIndexer("river", "imperfect")`: every hole of every board of
    `canonical_boards()`, each board's holes evaluated once; `PARTS` ranges of boards, here
    or on Dask (`dask`)."""
    out = np.full(HandIndexer("river", "imperfect").size, np.iinfo(np.uint16).max, np.uint16)

    def put(first: int, last: int, part: dict[str, np.ndarray]) -> None:
        with parallel_section(threads):
            features.scatter(out, part["indices"], part["values"])

    _run_parts("river", len(_boards(5)), river_part, put, threads=threads, dask=dask, progress=progress)
    return out


def river_part(_: None, first: int, last: int, threads: int | None) -> dict[str, np.ndarray]:
    """The river states of the boards first..last-1 of `canonical_boards()`: for each hole of
    each board, the state's index (uint32) and its 2 wins + ties (uint16)."""
    boards = _boards(5)[first:last]
    indices = np.zeros((len(boards), features.HOLES), np.uint32)
    values = np.zeros((len(boards), features.HOLES), np.uint16)
    with parallel_section(threads):
        scratch = np.zeros((numba.get_num_threads(), features.SCRATCH), np.int64)
        features.river_counts(
            HIGH.tables, HandIndexer("river", "imperfect").tables, boards, indices, values, scratch
        )
    return {"indices": indices.ravel(), "values": values.ravel()}


# --- parts: here, or on Dask ---------------------------------------------------------------------

PARTS = 64  # the ranges a street's work is cut into: its progress steps, its Dask tasks


@dataclass(frozen=True)
class DaskRun:
    """Run a street's work on Dask: `scheduler` is a running cluster's address
    ("tcp://host:8786") or "local" (a new LocalCluster of `workers` processes, by default
    one a core, one numba thread each: `pokerlut.distributed.local_client`); each of the
    `PARTS` parts is saved below the folder `parts` as it comes back, and a rerun skips the
    parts saved there."""

    scheduler: str
    parts: str | os.PathLike[str]
    workers: int | None = None


def _run_parts(
    job: str,
    n: int,
    task: Callable[..., dict[str, np.ndarray]],
    put: Callable[[int, int, dict[str, np.ndarray]], None],
    *,
    data: Any = None,
    threads: int | None = None,
    dask: DaskRun | None = None,
    progress: Callable[[float], None] | None = None,
) -> None:
    """put(first, last, task(data, first, last, threads)) for the `PARTS` ranges first..last
    of 0..n, in order. With `dask`, the tasks run on its cluster (data sent to every worker
    once; the workers' own numba threads), each result saved as `dask.parts/job/part-00042.npz`
    (`pokerlut.distributed.Parts`) as it comes back; put reads the saved parts."""
    ranges = [(n * k // PARTS, n * (k + 1) // PARTS) for k in range(PARTS)]
    if dask is None:
        for k, (first, last) in enumerate(ranges):
            put(first, last, task(data, first, last, threads))
            if progress:
                progress((k + 1) / PARTS)
        return
    if not isinstance(dask, DaskRun) or not isinstance(dask.scheduler, str):
        raise TypeError(f"dask is a DaskRun(scheduler, parts), not {dask!r}")
    if threads is not None:
        raise ValueError(
            "threads= is for a run in this process: on Dask each worker runs its own numba threads"
        )
    scheduler = None if dask.scheduler == "local" else dask.scheduler
    check_workers(dask.workers, scheduler)
    parts = Parts(
        Path(dask.parts) / job, {"format": 1, "job": job, "parts": PARTS, "n": n}, PARTS, "part-{:05d}.npz"
    )
    todo = parts.todo()
    finished = PARTS - len(todo)
    if progress:
        progress(finished / PARTS)

    def save(k: int, result: dict[str, np.ndarray]) -> None:
        nonlocal finished
        parts.save(k, lambda path: _save_npz(path, result))
        finished += 1
        if progress:
            progress(finished / PARTS)

    if todo:
        with connect(scheduler, dask.workers) as client:
            shared = None if data is None else client.scatter(data, broadcast=True)
            run_parts(client, task, [(k, (shared, *ranges[k], None)) for k in todo], save, job)
    for k, (first, last) in enumerate(ranges):
        with np.load(parts.path(k)) as saved:
            put(first, last, {name: saved[name] for name in saved.files})


def _save_npz(path: Path, arrays: dict[str, np.ndarray]) -> None:
    with path.open("wb") as file:
        np.savez(file, allow_pickle=False, **arrays)


@dataclass(frozen=True, eq=False, repr=False)
class StreetFeatures:
    """The features of every flop or turn state, by its index of `HandIndexer(street,
    "imperfect")`, over every runout to the river, exact.

    Attributes
    ----------
    street : str
        "flop" or "turn".
    runouts : int
        The runouts of a state to the river: 1081 on the flop, 46 on the turn (`RUNOUTS`).
    sums : numpy.ndarray
        uint32, one per state: the sum over the runouts of the river's 2 wins + ties against
        the 990 opponent hands (EHS = sums / (1980 runouts): `ehs`).
    squares : numpy.ndarray
        uint64, one per state: the sum of their squares (EHS2 = squares / (1980**2 runouts):
        `ehs2`).
    histogram : numpy.ndarray
        (states, bins): how many runouts end with a river HS in each of `bins` equal bins of
        0..1; uint8 on the turn, uint16 on the flop.

    `to_dict()` summarises the arrays (dtype, shape, and EHS's minimum, mean and maximum over
    the states, unweighted); `to_frame()` has one row per state.

    >>> ehs2 = np.array([1980 * 46, 990 * 46, 0], np.uint32)  # three states, made up
    >>> three = StreetFeatures("turn", 46, ehs2, ehs2.astype(np.uint64) * 1980,
    ...                        np.zeros((3, 50), np.uint8))
    >>> three
    StreetFeatures('turn': 3 states, 46 runouts, 50 bins; EHS 0 to 1, mean 0.5)
    >>> three.ehs.tolist(), three.to_dict()["ehs"]
    ([1.0, 0.5, 0.0], {'min': 0.0, 'mean': 0.5, 'max': 1.0})
    """

    street: str
    runouts: int
    sums: np.ndarray
    squares: np.ndarray
    histogram: np.ndarray

    @property
    def states(self) -> int:
        """The number of states."""
        return len(self.sums)

    @property
    def bins(self) -> int:
        """The number of bins of the histogram."""
        return int(self.histogram.shape[1])

    @property
    def ehs(self) -> np.ndarray:
        """The mean river HS over the runouts (float32)."""
        return (self.sums / (2 * OPPONENTS * self.runouts)).astype(np.float32)

    @property
    def ehs2(self) -> np.ndarray:
        """The mean of the river HS squared (float32)."""
        return (self.squares / ((2 * OPPONENTS) ** 2 * self.runouts)).astype(np.float32)

    def _ehs_summary(self) -> dict[str, float]:
        ehs = self.ehs
        if not len(ehs):
            return {"min": float("nan"), "mean": float("nan"), "max": float("nan")}
        return {"min": float(ehs.min()), "mean": float(ehs.mean(dtype=np.float64)), "max": float(ehs.max())}

    def __repr__(self) -> str:
        ehs = self._ehs_summary()
        return (
            f"StreetFeatures({self.street!r}: {self.states:,} states, {self.runouts} "
            f"runouts, {self.bins} bins; EHS {ehs['min']:.3g} to {ehs['max']:.3g}, mean "
            f"{ehs['mean']:.3g})"
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: street, runouts, states, bins, each array summarised by its
        dtype and shape (`arrays`), and EHS's minimum, mean and maximum over the states."""
        return {
            "street": self.street,
            "runouts": self.runouts,
            "states": self.states,
            "bins": self.bins,
            "arrays": {
                name: {"dtype": str(array.dtype), "shape": list(array.shape)}
                for name, array in (
                    ("sums", self.sums),
                    ("squares", self.squares),
                    ("histogram", self.histogram),
                )
            },
            "ehs": self._ehs_summary(),
        }

    def to_frame(self, histogram: bool = True) -> Any:
        """A pandas DataFrame, one row per state (index: the state's index): sums, squares,
        ehs, ehs2 and, with `histogram`, the bins as columns hs0, hs1, ... (counts of
        runouts)."""
        import pandas as pd

        columns: dict[str, Any] = {
            "sums": self.sums,
            "squares": self.squares,
            "ehs": self.ehs,
            "ehs2": self.ehs2,
        }
        if histogram:
            columns.update((f"hs{b}", self.histogram[:, b]) for b in range(self.bins))
        return pd.DataFrame(columns, index=pd.RangeIndex(self.states, name="index"))


def street_features(
    street: str,
    bins: int = 50,
    river: np.ndarray | None = None,
    threads: int | None = None,
    progress: Callable[[float], None] | None = None,
    dask: DaskRun | None = None,
) -> StreetFeatures:
    """EHS, EHS2 and the HS histogram of every flop or turn state (`StreetFeatures`), read
    from the river table (`river_hand_strengths()`, made if not given); `PARTS` ranges of
    states, here or on Dask (`dask`)."""
    if street not in ("flop", "turn"):
        raise ValueError(
            f"street_features takes 'flop' or 'turn', not {street!r} (river: river_hand_strengths)"
        )
    if type(bins) is not int or not 1 <= bins <= 1980:
        raise ValueError(f"bins is an int 1..1980, not {bins!r}")
    if river is None:
        river = river_hand_strengths(threads, dask=dask)
    if river.shape != (HandIndexer("river", "imperfect").size,) or river.dtype != np.uint16:
        raise ValueError(
            f"river is the uint16 table of river_hand_strengths(), not {river.dtype} of shape {river.shape}"
        )
    size = HandIndexer(street, "imperfect").size
    sums = np.zeros(size, np.uint32)
    squares = np.zeros(size, np.uint64)
    histogram = np.zeros((size, bins), _histogram_dtype(street))

    def put(first: int, last: int, part: dict[str, np.ndarray]) -> None:
        sums[first:last], squares[first:last] = part["sums"], part["squares"]
        histogram[first:last] = part["histogram"]

    _run_parts(
        f"{street}-{bins}bins",
        size,
        partial(runout_part, street, bins),
        put,
        data=river,
        threads=threads,
        dask=dask,
        progress=progress,
    )
    return StreetFeatures(street, RUNOUTS[street], sums, squares, histogram)


RUNOUTS = {"turn": 46, "flop": 1081}  # runouts of a state to the river


def _histogram_dtype(street: str) -> type[np.unsignedinteger[Any]]:
    return np.uint8 if RUNOUTS[street] < 256 else np.uint16


def runout_part(
    street: str, bins: int, river: np.ndarray, first: int, last: int, threads: int | None
) -> dict[str, np.ndarray]:
    """The features of the flop or turn states first..last-1 (`StreetFeatures`' arrays)."""
    sums, squares = np.zeros(last - first, np.uint32), np.zeros(last - first, np.uint64)
    histogram = np.zeros((last - first, bins), _histogram_dtype(street))
    with parallel_section(threads):
        scratch = np.zeros((numba.get_num_threads(), LANE_ROW), np.int64)
        features.runout_features(
            HandIndexer(street, "imperfect").tables,
            HandIndexer("river", "imperfect").tables,
            river,
            first,
            bins,
            sums,
            squares,
            histogram,
            scratch,
        )
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
    _showdown_counts(HIGH.tables, hole_cards, board_cards, hp)
    (aa, at, ab), (ta, tt, tb), (ba, bt, bb) = hp.tolist()
    behind, tied, ahead = ba + bt + bb, ta + tt + tb, aa + at + ab
    ppot = Fraction(2 * ba + bt + ta, 2 * behind + tied) if 2 * behind + tied else Fraction(0)
    npot = Fraction(2 * ab + tb + at, 2 * ahead + tied) if 2 * ahead + tied else Fraction(0)
    return ppot, npot


# --- the warm-up calls (`pokerlut warm`) ------------------------------------------------------


def warm_jobs() -> list[Job]:
    """The warm-up calls of the card abstraction (`pokerlut warm`): its kernels, in four parts
    that compile in parallel (`_warm_up`)."""
    return [
        Job(f"abstraction {part}", _warm_up, (part,), cost)
        for part, cost in (("indices", 12.0), ("river", 9.0), ("turn", 12.5), ("flop", 12.0))
    ]


def _warm_up(part: str) -> None:
    """One part of the card abstraction's kernels: "indices" (both ways, and class sizes),
    "river" (one board's features), "turn" and "flop" (one state's runout features: histograms
    of uint8, 46 runouts, and of uint16, 1081; read from a river table of full size, left
    unset)."""
    if part == "indices":
        river = HandIndexer("river", "imperfect")
        river.unindex_batch(river.index_batch(sample_hands("high", 7)))
        HandIndexer("preflop").orbit_sizes()
    elif part == "river":
        hand_strength_of("Ah Kh", "2c 3d 4h 5s 7c")
        found = river_part(None, 0, 1, None)
        features.scatter(
            np.empty(HandIndexer("river", "imperfect").size, np.uint16), found["indices"], found["values"]
        )
    else:
        counts = np.empty(HandIndexer("river", "imperfect").size, np.uint16)
        runout_part(part, 50, counts, 0, 1, None)
