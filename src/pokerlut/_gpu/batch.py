"""Batch evaluation on the GPU (`evaluate_batch(..., device="cuda")`).

One kernel per row width (5, 6 or 7 cards) and per checks on or off, each compiled per kind of
tables as the CPU's are: a grid-stride loop whose body is the CPU evaluator's own functions
(`core.hand_add`, `core.hand_strength`; `italian.italian_strength` in Italian poker) over the
game's tables on the device (`_device.device_tables`). With the checks, a row holding a card
outside the game's deck or a card twice lowers one int64 on the device to its index
(`cuda.atomic.min`): the first bad row, which the host then explains as the CPU path does.

Input on the host (numpy, anything `evaluate_batch` takes) is streamed: chunks of rows are
copied into pinned buffers and on to the device on several CUDA streams in turn, so that one
chunk's copies overlap another's kernel, and the strengths come back the same way into a numpy
array. Input already on the device (a numba device array, or any object with
``__cuda_array_interface__`` or a DLPack export on a CUDA device: CuPy, PyTorch, JAX, ...) is
read where it is, without a copy, and the strengths stay there: a numba device array (which
itself exposes ``__cuda_array_interface__``).
"""

from __future__ import annotations

import functools
import math
import threading
from collections.abc import Callable
from typing import Any

import numpy as np
from numba.core import types

from .. import _tables as tables
from .._game import Game
from .._rows import as_batch, explain_row
from .._kernels.core import bit_count, hand_add, hand_empty, hand_strength
from .._kernels.encoding import INVALID_BITS
from .._kernels.italian import italian_strength
from . import _device

cuda = _device.cuda(require=False)  # numba.cuda: kernels below name it (the simulator swaps it)

CHUNK_ROWS = 1 << 21  # rows of host input per chunk (14 MB of 7-card rows)
STREAMS = 3  # chunks in flight: one copied in, one evaluated, one copied out
ITALIAN = "italian-4"  # Italian poker's decks differ in size alone: one deck's tables compile them all


def _rows(width: int, check: bool) -> Callable[..., None]:
    """The kernel's Python function for rows of `width` cards (see `rows_kernel`)."""

    def rows(t: Any, hands: Any, out: Any, bad: Any, offset: int) -> None:
        for i in range(cuda.grid(1), hands.shape[0], cuda.gridsize(1)):
            hand = hand_empty()
            for j in range(width):
                hand = hand_add(t, hand, hands[i, j])
            out[i] = hand_strength(t, hand, width == 5)
            # a card outside the deck is marked in the key; a repeated card leaves fewer bits
            if check and (hand[0] & INVALID_BITS or bit_count(hand[1]) != width):
                cuda.atomic.min(bad, 0, offset + i)

    return rows


def _italian_rows(check: bool) -> Callable[..., None]:
    """The Italian poker kernel's Python function (see `rows_kernel`): `it` is the game's
    (tie_rank, value) arrays (`pokerlut.italian.ItalianTables`)."""

    def italian_rows(t: Any, it: Any, hands: Any, out: Any, bad: Any, offset: int) -> None:
        for i in range(cuda.grid(1), hands.shape[0], cuda.gridsize(1)):
            hand = hand_empty()
            for j in range(5):
                hand = hand_add(t, hand, hands[i, j])
            out[i] = italian_strength(t, it[0], it[1], hand)
            if check and (hand[0] & INVALID_BITS or bit_count(hand[1]) != 5):
                cuda.atomic.min(bad, 0, offset + i)

    return italian_rows


@functools.cache
def rows_kernel(width: int, check: bool, italian: bool = False) -> Any:
    """The CUDA kernel for rows of `width` cards, with or without the checks; made on first use.

    ``kernel[blocks, threads, stream](t, hands, out, bad, offset)`` (Italian poker: ``(t, it,
    hands, out, bad, offset)``): out[i] = the strength of row i of `hands` (uint8, any layout);
    with `check`, a bad row lowers bad[0] (int64) to offset + i."""
    function = _italian_rows(check) if italian else _rows(width, check)
    return cuda.jit(cache=True)(function)


@functools.cache
def _italian_tables(game: Game) -> tuple[Any, Any]:
    """The (tie_rank, value) arrays of an Italian `Game` on the device, once per game."""
    assert game.italian is not None
    return _device.to_device((game.italian.tie_rank, game.italian.value))


def _launch(
    game: Game, width: int, check: bool, hands: Any, out: Any, bad: Any, offset: int, stream: Any
) -> None:
    """Evaluate `hands` into `out` (both on the device) on `stream`."""
    blocks, threads = _device.launch(hands.shape[0])
    t = _device.device_tables(game.rules)
    if game.italian is not None:
        kernel = rows_kernel(5, check, True)
        kernel[blocks, threads, stream](t, _italian_tables(game), hands, out, bad, offset)
    else:
        rows_kernel(width, check)[blocks, threads, stream](t, hands, out, bad, offset)


def evaluate_batch(hands: Any, game: Game, validate: bool, chunk_rows: int = CHUNK_ROWS) -> Any:
    """`evaluate_batch(hands, game=game, validate=validate, device="cuda")`: a numpy array for
    host input (streamed `chunk_rows` rows at a time), a numba device array for device input."""
    if type(chunk_rows) is not int or chunk_rows < 1:
        raise ValueError(f"chunk_rows must be a positive int, not {chunk_rows!r}")
    rules = game.rules
    if _device.is_device_array(hands):
        return _resident(hands, game, validate)
    hands = as_batch(hands, rules.hand_sizes, top=53 if rules.wild else 51)
    return _streamed(hands, game, validate, chunk_rows)


def _bad_row(hands: Any, row: int, game: Game) -> ValueError:
    """The error for bad row `row` of `hands` (host or device), worded as the CPU's."""
    cards = hands[row : row + 1]
    if not isinstance(cards, np.ndarray):
        cards = cards.copy_to_host()
    return ValueError(explain_row(cards, 0, game.rules).replace("row 0", f"row {row}", 1))


def _resident(hands: Any, game: Game, validate: bool) -> Any:
    """Device input: evaluated where it is, on the default stream (after its producer's
    stream, `_device.as_device_array`); returns when the strengths are ready."""
    cuda = _device.cuda()
    rules = game.rules
    d = _device.as_device_array(hands)
    if d.dtype != np.uint8:
        raise TypeError(
            f"hands on the device must be uint8 card ints, not {d.dtype} (convert them there: .astype('uint8'))"
        )
    if d.ndim != 2 or d.shape[1] not in rules.hand_sizes:
        sizes = "|".join(map(str, rules.hand_sizes))
        raise ValueError(f"hands must have shape (n, {sizes}), not {tuple(d.shape)}")
    n = d.shape[0]
    # bound to no stream, so that its interface names none (0 would be invalid there): it is
    # ready when this returns
    out = cuda.device_array(n, np.uint16)
    if n == 0:
        return out
    bad = cuda.to_device(np.array([n], np.int64))
    _launch(game, d.shape[1], validate, d, out, bad, 0, 0)
    first = int(bad.copy_to_host()[0])  # a synchronous copy on the default stream: after the kernel
    if first < n:
        raise _bad_row(d, first, game)
    return out


class _Lane:
    """One CUDA stream with its pinned host buffers and device buffers for a chunk of rows."""

    def __init__(self, cuda: Any, rows: int, width: int) -> None:
        self.stream = cuda.stream()
        self.host_in = cuda.pinned_array((rows, width), np.uint8)
        self.host_out = cuda.pinned_array(rows, np.uint16)
        self.device_in = cuda.device_array((rows, width), np.uint8, stream=self.stream)
        self.device_out = cuda.device_array(rows, np.uint16, stream=self.stream)
        self.pending: slice | None = None  # the rows whose strengths are on their way back

    def finish(self, out: np.ndarray) -> None:
        """Wait for this lane's work; its strengths into `out`."""
        self.stream.synchronize()
        if self.pending is not None:
            out[self.pending] = self.host_out[: self.pending.stop - self.pending.start]
            self.pending = None


# Lanes kept for the next call (pinned memory is slow to allocate), by (rows, width); one caller
# at a time uses them, others allocate their own.
_kept: dict[tuple[int, int], list[_Lane]] = {}
_kept_lock = threading.Lock()


def _streamed(hands: np.ndarray, game: Game, validate: bool, chunk_rows: int) -> np.ndarray:
    """Host input, C-contiguous uint8: chunks through pinned buffers on `STREAMS` streams in
    turn; the first bad row (with `validate`) raises once every chunk is done."""
    cuda = _device.cuda()
    n, width = hands.shape
    out = np.empty(n, dtype=np.uint16)
    if n == 0:
        return out
    rows = min(chunk_rows, n)
    count = min(STREAMS, math.ceil(n / rows))
    bad = cuda.to_device(np.array([n], np.int64))
    owned = _kept_lock.acquire(blocking=False)
    try:
        lanes = list(_kept.pop((rows, width), [])) if owned else []
        for lane in lanes:  # left by an earlier call: nothing of it is ours
            lane.stream.synchronize()
            lane.pending = None
        lanes += [_Lane(cuda, rows, width) for _ in range(count - len(lanes))]
        for k, start in enumerate(range(0, n, rows)):
            lane = lanes[k % count]
            lane.finish(out)  # its buffers are free again
            part = slice(start, min(n, start + rows))
            m = part.stop - start
            lane.host_in[:m] = hands[part]
            lane.device_in[:m].copy_to_device(lane.host_in[:m], stream=lane.stream)
            _launch(game, width, validate, lane.device_in[:m], lane.device_out[:m], bad, start, lane.stream)
            lane.device_out[:m].copy_to_host(lane.host_out[:m], stream=lane.stream)
            lane.pending = part
        for lane in lanes:
            lane.finish(out)
        if owned and rows == chunk_rows:  # full-size chunks: worth keeping
            _kept.clear()
            _kept[(rows, width)] = lanes
    finally:
        if owned:
            _kept_lock.release()
    if validate:
        first = int(bad.copy_to_host()[0])
        if first < n:
            raise _bad_row(hands, first, game)
    return out


# --- PTX compilation (tests/test_gpu_ptx.py) ---------------------------------------------------


def kinds_of_tables() -> list[str]:
    """The first game of each kind of tables (`pokerlut._tables.load`'s class), wild games too:
    the batch kernels are compiled once per kind."""
    return list(tables.first_game_of_each_kind().values())


def ptx_kernels() -> list[tuple[str, Callable[..., None], tuple[Any, ...]]]:
    """(name, Python function, argument types) of every kernel of this module, for each kind of
    tables it is launched with: what `cuda.compile_ptx` compiles in tests/test_gpu_ptx.py."""
    hands, out, bad = types.uint8[:, ::1], types.uint16[::1], types.int64[::1]
    found: list[tuple[str, Callable[..., None], tuple[Any, ...]]] = []
    for game in kinds_of_tables():
        game_tables = Game.of(game).tables
        t, kind = _device.argument_type(game_tables), type(game_tables).__name__
        for width in (5, 6, 7):
            for check in (True, False):
                found.append(
                    (
                        f"batch rows {kind} width {width} {'checked' if check else 'unchecked'}",
                        _rows(width, check),
                        (t, hands, out, bad, types.int64),
                    )
                )
    from .._game import resolve

    italian_game = resolve(ITALIAN)
    italian = italian_game.italian
    assert italian is not None
    t = _device.argument_type(italian_game.tables)
    it = _device.argument_type((italian.tie_rank, italian.value))
    for check in (True, False):
        found.append(
            (
                f"batch rows italian {'checked' if check else 'unchecked'}",
                _italian_rows(check),
                (t, it, hands, out, bad, types.int64),
            )
        )
    return found
