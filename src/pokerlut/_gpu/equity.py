"""Equity on the GPU (`pokerlut.equity(..., device="cuda")`): Monte Carlo and exact enumeration
of hold'em, short deck and Omaha (high, and hi-lo split pots), hands and ranges.

The CUDA kernels here are thin: each thread calls the CPU's own serial equity kernels, which
numba-cuda compiles for the GPU from the same Python source, as device functions:

- exact: `_kernels.exact.ENUMERATE_BOARDS` (every board of a deal, the showdowns counted by
  `_kernels.showdown`), one work item at a time. A work item is a deal of hole cards and the
  first one or two new board cards (`_equity.exact.board_prefixes`; the kernel deals the rest).
  Each thread takes a contiguous run of items, so it flushes its counters into the deal's row
  only when the deal changes.
- Monte Carlo: `_kernels.draws.simulate_kernel` (the players' hands drawn from their ranges by
  alias tables, the rest of the board dealt on the device, each showdown counted), one random
  stream at a time; threads take streams with a grid stride.

Every thread counts into its own row of outcome counters in local memory (`_equity.counters`),
with its own scratch rows, and adds the row into the result with integer atomics once its work
is done: the counts are exact integers whatever the order, so exact results equal the CPU's
exactly (the same weighting, `_equity.exact.weigh`, turns them into figures) and a Monte Carlo
result is the same for the same seed on every run.

Random numbers: the CPU's splitmix64 (`_kernels.draws.next_random`), a stream per
`stream_trials(trials)` trials, started from a hash of (seed, stream number)
(`_kernels.draws.block_stream`): counter-based, so a thread needs no state made beforehand (no
xoroshiro128p states to create or store), one 64-bit word in a register. The streams depend on
the seed and the number of trials alone, not on the GPU or the launch sizes, so a seed gives
the same result on any GPU, under the simulator, and from the CPU kernel run on the same
streams (`cpu_reference`, which tests and `bench` compare with).

Not on the GPU: the stud deals (no board), and by category where the counters would not fit a
thread's row (`MAX_BINS`: seven or more players in a high-only deal): `prepare` and
`check_setup` raise ValueError naming them (no silent fallback to the CPU). Whether to
enumerate or simulate is decided as on the CPU (`equity(exact=...)`). Kernels are compiled on
first use in a process (a few seconds each: one per deal kind, player count and counter row).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from .._kernels import draws as draws_kernels
from .._kernels.exact import ENUMERATE_BOARDS
from .._kernels.showdown import Scratch, Spot
from .._equity import exact as cpu_exact
from .._equity.board import BoardSetup, Lazy
from .._equity.counters import bins, counters, working_rows
from .._equity.deal import Deal, resolve_deal
from .._equity.montecarlo import make_draws
from . import _device

cuda: Any = None  # numba.cuda once loaded (`_load`): the kernels name it (the simulator swaps it)

MAX_BINS = 1024  # outcome counters a thread keeps in local memory (10 players; by category: fewer)
LAUNCH_WORK = 1 << 32  # player-hand evaluations per kernel launch: progress and Ctrl-C between
STREAMS_WANTED = 1 << 18  # random streams that keep a large GPU busy
MIN_STREAM_TRIALS, MAX_STREAM_TRIALS = 16, 4096  # trials per random stream (`stream_trials`)


def _load() -> Any:
    """numba.cuda (`_device.cuda`: a GPU or the simulator is required), named by the kernels."""
    global cuda
    cuda = _device.cuda()
    return cuda


def prepare(deal: Deal | None) -> None:
    """Before ``equity(device="cuda")`` reads its input: ValueError naming a deal that the GPU
    does not offer (stud and the draw games; `check_setup` checks the rest once the input is read),
    then numba-cuda loaded (ImportError naming the pip line without it, RuntimeError without
    a GPU or the simulator)."""
    if deal is not None and not deal.board:
        raise ValueError(f"device='cuda' offers the board deals, not {deal.name!r}: use device='cpu'")
    _load()


def check_setup(setup: BoardSetup) -> None:
    """Raise ValueError if a board game's outcome counters do not fit a GPU thread's row
    (`MAX_BINS`): by_category with many players."""
    n_bins = bins(len(setup.ranges), setup.split, setup.categories)
    if n_bins > MAX_BINS:
        raise ValueError(
            f"by_category with {len(setup.ranges)} players counts {n_bins:,} outcomes, more than "
            f"device='cuda' keeps per thread ({MAX_BINS:,}): use device='cpu' or fewer players"
        )


def stream_trials(trials: int) -> int:
    """Trials per random stream for a run of `trials`: a power of two from MIN_STREAM_TRIALS
    to MAX_STREAM_TRIALS, enough for STREAMS_WANTED streams to cover the trials (a function of
    `trials` alone: the result of a seed does not depend on the GPU).

    >>> stream_trials(1_000_000), stream_trials(10**9), stream_trials(10**12)
    (16, 4096, 4096)
    """
    wanted = -(-trials // STREAMS_WANTED)
    return min(MAX_STREAM_TRIALS, max(MIN_STREAM_TRIALS, 1 << (wanted - 1).bit_length()))


# --- kernels -----------------------------------------------------------------------------------


class ExactJob(NamedTuple):
    """A chunk of deals for the exact kernel: deals[a] (players, hole cards) and
    used_masks[a] its cards, as `BoardSetup.deals` gives them; prefixes: the first new board
    cards of the work items (`_equity.exact.board_prefixes`)."""

    deals: np.ndarray
    used_masks: np.ndarray
    prefixes: np.ndarray


def _scratch_sizes(players: int, omaha: bool) -> tuple[int, int]:
    """A GPU thread's `Scratch`: its rows of hole hand states, and its hole cards per player."""
    return max(players, 8), 6 if omaha else 2


def _flush_function(n_bins: int) -> Callable[..., None]:
    """Add a thread's row of counters (1, n_bins) into counts[at] and zero it."""

    def flush(row: Any, counts: Any, at: int) -> None:
        for j in range(n_bins):
            if row[0, j]:
                cuda.atomic.add(counts, (at, j), row[0, j])
                row[0, j] = 0

    return flush


def _exact_function(split: bool, omaha: bool, players: int, n_bins: int) -> Callable[..., None]:
    """The exact kernel's Python function (see `exact_kernel`)."""
    enumerate_boards = ENUMERATE_BOARDS[split, omaha]
    hand_rows, width = _scratch_sizes(players, omaha)
    flush = cuda.jit(device=True)(_flush_function(n_bins))

    def enumerate_on_gpu(
        t: Any, t_low: Any, spot: Any, job: Any, first: int, n_items: int, counts: Any
    ) -> None:
        row = cuda.local.array((1, n_bins), np.int64)
        item = cuda.local.array((1, 3), np.int64)
        scratch = Scratch(
            cuda.local.array(8, np.uint8),
            cuda.local.array((hand_rows, 2), np.uint64),
            cuda.local.array((players, width), np.uint8),  # unread: exact reads the deal's holes
        )
        for j in range(n_bins):
            row[0, j] = 0
        item[0, 0] = 0
        n_prefixes = job.prefixes.shape[0]
        i, threads = cuda.grid(1), cuda.gridsize(1)
        deal = -1
        for q in range(first + n_items * i // threads, first + n_items * (i + 1) // threads):
            a, k = q // n_prefixes, q % n_prefixes
            if a != deal:
                if deal >= 0:
                    flush(row, counts, deal)
                deal = a
            item[0, 1], item[0, 2] = job.prefixes[k, 0], job.prefixes[k, 1]
            enumerate_boards(
                t, t_low, spot, job.deals[a : a + 1], job.used_masks[a : a + 1], item, row, scratch
            )
        if deal >= 0:
            flush(row, counts, deal)

    return enumerate_on_gpu


def _simulate_function(split: bool, omaha: bool, players: int, n_bins: int) -> Callable[..., None]:
    """The Monte Carlo kernel's Python function (see `simulate_kernel`)."""
    simulate = draws_kernels.simulate_kernel(split, omaha, players)
    hand_rows, width = _scratch_sizes(players, omaha)
    flush = cuda.jit(device=True)(_flush_function(n_bins))

    def simulate_on_gpu(
        t: Any,
        t_low: Any,
        spot: Any,
        draws: Any,
        seed: Any,
        first: int,
        n_streams: int,
        per_stream: int,
        trials: int,
        counts: Any,
        failed: Any,
    ) -> None:
        row = cuda.local.array((1, n_bins), np.int64)
        block_trials = cuda.local.array(1, np.int64)
        failed_here = cuda.local.array(1, np.bool_)
        scratch = Scratch(
            cuda.local.array(8, np.uint8),
            cuda.local.array((hand_rows, 2), np.uint64),
            cuda.local.array((players, width), np.uint8),
        )
        for j in range(n_bins):
            row[0, j] = 0
        failed_here[0] = False
        for stream in range(first + cuda.grid(1), first + n_streams, cuda.gridsize(1)):
            block_trials[0] = min(per_stream, trials - stream * per_stream)
            simulate(t, t_low, spot, draws, seed, stream, block_trials, row, failed_here, scratch)
        if failed_here[0]:
            failed[0] = 1
        flush(row, counts, 0)

    return simulate_on_gpu


@functools.cache
def exact_kernel(split: bool, omaha: bool, players: int, n_bins: int) -> Any:
    """The exact kernel of `players` players and rows of `n_bins` counters, made on first use.

    ``kernel[blocks, threads](t, t_low, spot, job, first, n_items, counts)``: work items
    first .. first + n_items - 1 of `job` (`ExactJob`; item q is deal q // prefixes and prefix
    q % prefixes), shared among the threads in contiguous runs; counts[deal] (int64, (deals,
    n_bins)) gets each deal's showdowns, as the CPU's `ENUMERATE_BOARDS` counts them."""
    _load()
    return cuda.jit(_exact_function(split, omaha, players, n_bins))


@functools.cache
def simulate_kernel(split: bool, omaha: bool, players: int, n_bins: int) -> Any:
    """The Monte Carlo kernel of `players` players and rows of `n_bins` counters, made on
    first use.

    ``kernel[blocks, threads](t, t_low, spot, draws, seed, first, n_streams, per_stream,
    trials, counts, failed)``: random streams first .. first + n_streams - 1, stream s the
    trials s * per_stream .. of `trials` (`_kernels.draws.simulate_kernel`'s block s); counts
    (int64, (1, n_bins)) gets the showdowns; failed[0] (int32) is set if a stream could not deal
    the ranges without a shared card."""
    _load()
    return cuda.jit(_simulate_function(split, omaha, players, n_bins))


# --- the host side -----------------------------------------------------------------------------


def _on_device(setup: BoardSetup, board: np.ndarray) -> tuple[Any, Any, Any]:
    """The setup's high and low tables and its `Spot` on the device."""
    t = _device.device_tables(setup.rules)
    t_low = _device.device_tables(setup.low_game.rules) if setup.low_game else t
    spot = Spot(setup.live, board, len(setup.board), setup.hole_sizes, setup.buckets, setup.low_buckets)
    return t, t_low, _device.to_device(spot)


def _board(setup: BoardSetup) -> np.ndarray:
    board = np.zeros(5, dtype=np.uint8)
    board[: len(setup.board)] = setup.board
    return board


def _players(setup: BoardSetup) -> int:
    return len(setup.ranges)


def exact_outcomes(
    setup: BoardSetup, chunks: list[tuple[np.ndarray, ...]] | Lazy, progress: Callable[[float], None] | None
) -> tuple[np.ndarray, int, bool]:
    """`_equity.exact.exact_outcomes` with each chunk of deals counted on the GPU (`exact_chunk`)."""
    _load()
    return cpu_exact.exact_outcomes(setup, chunks, progress, exact_chunk)


def exact_prefix_length(missing: int) -> int:
    """The board cards a work item deals first: two where two or more are missing (more items
    for the GPU's threads than the CPU's one), else all; the kernel deals up to three more."""
    return max(missing - 3, min(missing, 2))


def exact_chunk(
    setup: BoardSetup, deals: tuple[np.ndarray, ...], progress: Callable[[float], None] | None
) -> tuple[np.ndarray, float, int, bool]:
    """One chunk of deals on the GPU: the counts of every board of every deal, weighed as the
    CPU's (`_equity.exact.weigh`). Launches of about LAUNCH_WORK evaluations; Ctrl-C between
    them returns the work done, marked interrupted."""
    cards, masks, weights = deals
    n_players, n_bins = _players(setup), bins(_players(setup), setup.split, setup.categories)
    missing = 5 - len(setup.board)
    prefixes = cpu_exact.board_prefixes(len(setup.live), exact_prefix_length(missing))
    boards_per_deal = math.comb(len(setup.live) - int(setup.hole_sizes.sum()), missing)
    per_item = max(1, boards_per_deal * setup.evaluations_per_board() // len(prefixes))
    n_items = len(masks) * len(prefixes)
    per_launch = max(1, LAUNCH_WORK // per_item)
    t, t_low, spot = _on_device(setup, _board(setup))
    job = _device.to_device(ExactJob(np.ascontiguousarray(cards), masks, prefixes))
    counts = cuda.to_device(np.zeros((len(masks), n_bins), np.int64))
    kernel = exact_kernel(setup.split, setup.omaha, n_players, n_bins)
    interrupted = False
    try:
        for first in range(0, n_items, per_launch):
            size = min(per_launch, n_items - first)
            blocks, threads = _device.launch(size)
            kernel[blocks, threads](t, t_low, spot, job, first, size, counts)
            cuda.synchronize()
            if progress:
                progress((first + size) / n_items)
    except KeyboardInterrupt:
        interrupted = True
        cuda.synchronize()  # the launch in flight finishes: its counts are whole
    per_deal = np.ascontiguousarray(
        counts.copy_to_host()[:, : counters(n_players, setup.split, setup.categories)]
    )
    return cpu_exact.weigh(setup, per_deal, weights, interrupted)


def simulated_outcomes(
    setup: BoardSetup, trials: int, seed: int, progress: Callable[[float], None] | None
) -> tuple[np.ndarray, int, bool]:
    """Monte Carlo on the GPU, as `_equity.montecarlo.simulated_outcomes` on the CPU: the mean
    outcome counters per trial, the trials run, and whether partial (Ctrl-C between launches
    of about LAUNCH_WORK evaluations)."""
    _load()
    n_players, n_bins = _players(setup), bins(_players(setup), setup.split, setup.categories)
    per_stream = stream_trials(trials)
    n_streams = -(-trials // per_stream)
    per_launch = max(1, LAUNCH_WORK // (per_stream * setup.evaluations_per_board()))
    t, t_low, spot = _on_device(setup, _board(setup))
    draws = _device.to_device(make_draws(setup))
    counts = cuda.to_device(np.zeros((1, n_bins), np.int64))
    failed = cuda.to_device(np.zeros(1, np.int32))
    kernel = simulate_kernel(setup.split, setup.omaha, n_players, n_bins)
    done = 0
    try:
        for first in range(0, n_streams, per_launch):
            size = min(per_launch, n_streams - first)
            blocks, threads = _device.launch(size)
            kernel[blocks, threads](
                t, t_low, spot, draws, np.uint64(seed), first, size, per_stream, trials, counts, failed
            )
            done = min(trials, (first + size) * per_stream)
            cuda.synchronize()
            if progress:
                progress(done / trials)
    except KeyboardInterrupt:
        cuda.synchronize()  # the launch in flight finishes: its trials are whole
    if failed.copy_to_host()[0]:
        raise ValueError(
            "the players' ranges could not be dealt without sharing a card (10,000 tries in a row failed)"
        )
    return counts.copy_to_host()[0] / max(done, 1), done, done < trials


def cpu_reference(setup: BoardSetup, trials: int, seed: int) -> np.ndarray:
    """The outcome counts (n_bins,) of `simulated_outcomes`' streams run by the CPU's own Monte
    Carlo kernel in one thread, stream s as its block s: equal to the GPU's, integer for
    integer (tests and `bench` check that)."""
    per_stream = stream_trials(trials)
    n_streams = -(-trials // per_stream)
    n_players, n_bins = _players(setup), bins(_players(setup), setup.split, setup.categories)
    kernel = draws_kernels.simulate_kernel(setup.split, setup.omaha, n_players)
    counts = np.zeros((n_streams, n_bins), np.int64)
    failed = np.zeros(n_streams, np.bool_)
    spot = Spot(
        setup.live, _board(setup), len(setup.board), setup.hole_sizes, setup.buckets, setup.low_buckets
    )
    block_trials = np.minimum(per_stream, trials - per_stream * np.arange(n_streams))
    kernel(
        *setup.tables(),
        spot,
        make_draws(setup),
        np.uint64(seed),
        0,
        block_trials,
        counts,
        failed,
        working_rows(n_players)[0],
    )
    summed: np.ndarray = counts.sum(axis=0)
    return summed


# --- PTX compilation (tests/test_gpu_ptx.py) ---------------------------------------------------


# (deal, players, board, options) of the kernels compiled to PTX: each kernel variant (split,
# omaha) and each kind of tables (SuitsSettle, SuitsMixed, SuitsIgnored: a low, Wild), by category
PTX_SPOTS: tuple[tuple[str, list[str], str, dict[str, Any]], ...] = (
    ("holdem", ["AsAh", "KsKh"], "", {}),
    ("short-deck", ["QQ+,AKs", "random", "JTs"], "Kh 7d 8c", {"by_category": True}),
    ("holdem", ["7c5d", "AsKs"], "", {"game": "deuce-to-seven"}),
    ("omaha", ["AsAhKsKh", "QcQdJcJd"], "", {}),
    ("omaha-hi-lo", ["AsAh2c3d", "KsKh4c5d", "random"], "", {}),
    ("holdem", ["AsAh", "KsJk"], "", {"wild": "jokers", "deck_size": 54}),
)


def ptx_kernels() -> list[tuple[str, Callable[..., None], tuple[Any, ...]]]:
    """(name, Python function, argument types) of every kernel of this module, exact and Monte
    Carlo, for each spot of PTX_SPOTS: what `cuda.compile_ptx` compiles in
    tests/test_gpu_ptx.py."""
    from numba.core import types

    global cuda
    cuda = _device.cuda(require=False)
    found: list[tuple[str, Callable[..., None], tuple[Any, ...]]] = []
    for deal, players, board, options in PTX_SPOTS:
        resolved = resolve_deal(deal, options.get("game"), options.get("wild"), options.get("deck_size"))
        setup = BoardSetup(players, board, "", resolved, by_category=options.get("by_category", False))
        n, n_bins = _players(setup), bins(_players(setup), setup.split, setup.categories)
        high, low = setup.tables()
        t, t_low = _device.argument_type(high), _device.argument_type(low)
        spot = _device.argument_type(
            Spot(
                setup.live,
                _board(setup),
                len(setup.board),
                setup.hole_sizes,
                setup.buckets,
                setup.low_buckets,
            )
        )
        width = int(setup.hole_sizes.max())
        job = _device.argument_type(
            ExactJob(np.zeros((1, n, width), np.uint8), np.zeros(1, np.uint64), np.zeros((1, 2), np.int64))
        )
        draws = _device.argument_type(make_draws(setup))
        name = " ".join([deal, f"{n} players", *(f"{k}={v}" for k, v in options.items())])
        i64, counts = types.int64, types.int64[:, ::1]
        found.append(
            (
                f"equity exact {name}",
                _exact_function(setup.split, setup.omaha, n, n_bins),
                (t, t_low, spot, job, i64, i64, counts),
            )
        )
        found.append(
            (
                f"equity monte carlo {name}",
                _simulate_function(setup.split, setup.omaha, n, n_bins),
                (t, t_low, spot, draws, types.uint64, i64, i64, i64, i64, counts, types.int32[::1]),
            )
        )
    return found
