"""The exact preflop tables on the GPU (`compute_matrix(..., device="cuda")`): the heads-up
matrix of the 169 classes and the three-way table of every class triple, equal to the CPU's.

The kernels are thin: each thread calls the CPU's own serial kernels, which numba-cuda compiles
for the GPU from the same Python source, as device functions, and adds what it counted into the
result with integer atomics (exact whatever the order):

- heads-up: `_kernels.boards.count_boards` on one part of one suit-distinct pair of hands
  (`pokerlut.matrix.canonical_pairs`) per work item: the parts of `boards.PARTS` (rank blocks,
  then each suit's flush boards by their first card), as the CPU's exact equity splits a few
  deals among threads. Items go part by part (all pairs' part 0, then part 1, ...), so that a
  warp's threads run the same loops. Each item's board counts, times the pair's number of
  pairs of hands, go to its pair of classes: win, lose, tie.
- three-way: the steps of `_kernels.triples.count_class_triples`. A first kernel, a thread per
  class triple, finds its deals and their flush patterns (`triples.deal_patterns`); a second
  runs, per triple, its rank part (`boards.preflop_ranks`) and each pattern's flush correction
  (`boards.preflop_flush`), a thread each, slot by slot (every triple's rank part, then every
  triple's first pattern, ...). The flush corrections are nearly all of the work.

The game's tables are on the device once (`_device.device_tables`). The multiset arrays that
`boards` reads (`boards.multiset_rows`, 94 KB) do not fit in the 64 KB of constant memory
where numba-cuda puts a kernel's global arrays: `register` gives numba-cuda a version that
reads them from the device's global memory.

The plans (which pairs of hands, which triples) are the CPU's (`matrix.plan`, `matrix.plan3`)
and the table is made and written by the same code (each table kind's `merge`, in
`matrix._heads_up` and `matrix._three_way`): the file holds the CPU's table exactly. No Dask, no parts folder: one process, one GPU.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any

import numba
import numpy as np

from .._kernels import boards, triples
from .._game import HIGH  # the ranking of the tables: hold'em high
from . import _device

cuda: Any = None  # numba.cuda once loaded (`_load`): the kernels name it (the simulator swaps it)

PLAYERS2_BINS = 4  # winners' bitmasks of two players: 1 the hero, 2 the villain, 3 both
BINS, PATTERNS = triples.BINS, triples.PATTERNS  # local array sizes: compile-time constants
SLOTS = 28  # work items per class triple in the second kernel: its rank part, then <= 27 patterns
MAX_PATTERNS = SLOTS - 1  # flush patterns of a triple at most (three offsuit hands: 3 ** 3)
CHUNK_DEALS = 1 << 14  # suit-distinct pairs of hands per heads-up launch (x PARTS work items)
CHUNK_TRIPLES = 1 << 17  # class triples per three-way launch (x SLOTS work items)
_registered = threading.Lock()
_done: list[bool] = []


def _load() -> Any:
    """numba.cuda (`_device.cuda`: a GPU or the simulator is required), named by the kernels,
    with `register` done."""
    global cuda
    cuda = _device.cuda()
    register()
    return cuda


# --- the multiset arrays in global memory ------------------------------------------------------


def _global_array(name: str, values: np.ndarray) -> Any:
    """An intrinsic for numba-cuda code: `values` as a read-only array in the device's global
    memory, one copy per module (a weak symbol `name`, whatever the number of call sites), where
    numba-cuda's own global arrays go to constant memory (64 KB in all)."""
    from llvmlite import ir
    from numba.core import types
    from numba.cuda.cudadrv import nvvm
    from numba.cuda.extending import intrinsic
    from numba.np import numpy_support

    values = np.ascontiguousarray(values)
    array_type = types.Array(numpy_support.from_dtype(values.dtype), values.ndim, "C", readonly=True)
    data = bytearray(values.tobytes())

    def generate(typingctx: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            module = builder.module
            variable = module.globals.get(name)
            if variable is None:
                kind = ir.ArrayType(ir.IntType(8), len(data))
                variable = ir.GlobalVariable(module, kind, name, nvvm.ADDRSPACE_GLOBAL)
                variable.linkage = "linkonce_odr"
                variable.global_constant = True
                variable.initializer = ir.Constant(kind, data)
                variable.align = 16
            pointer = builder.addrspacecast(variable, ir.PointerType(ir.IntType(8)), "generic")
            array = context.make_array(array_type)(context, builder)
            context.populate_array(
                array,
                data=builder.bitcast(pointer, array.data.type),
                shape=[context.get_constant(types.intp, s) for s in values.shape],
                strides=[context.get_constant(types.intp, s) for s in values.strides],
                itemsize=context.get_constant(types.intp, values.itemsize),
                meminfo=None,
            )
            return array._getvalue()

        return array_type(), codegen

    generate.__name__ = name
    return intrinsic(generate)


def register() -> None:
    """Give numba-cuda `boards.multiset_rows` read from global memory (once per process; nothing
    to do under the simulator, where kernels call the CPU's compiled functions)."""
    with _registered:
        if _done:
            return
        module = _device.cuda(require=False)
        if not _device.simulator():
            from numba.cuda.extending import overload  # type: ignore[attr-defined]

            ranks = _global_array("pokerlut_multiset_ranks", boards.MULTISET_RANKS)
            times = _global_array("pokerlut_multiset_times", boards.MULTISET_TIMES)
            distinct = _global_array("pokerlut_multiset_distinct", boards.MULTISET_DISTINCT)

            def rows() -> Callable[[], tuple[np.ndarray, np.ndarray, np.ndarray]]:
                def impl() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
                    return ranks(), times(), distinct()

                return impl

            overload(boards.multiset_rows, target="cuda", inline="always")(rows)
        global cuda
        cuda = module
        _done.append(True)


# --- the kernels -------------------------------------------------------------------------------


def _pairs(t: Any, work: Any, out: Any) -> None:
    """Heads-up: work = (deck, board, deals (n, 2, 2), used masks (n), weights (n), cells
    (n)); out = (counts (cells, 4),). Item g: part g // n of deal g % n; its board counts times
    weights[deal] added to counts[cells[deal]]."""
    deck, board, deals, masks, weights, cells = work
    counts = out[0]
    n = deals.shape[0]
    items = cuda.local.array((1, 3), numba.int64)
    row = cuda.local.array((1, PLAYERS2_BINS), numba.int64)
    scratch = boards.ClassScratch(
        cuda.local.array(64, numba.int64),
        cuda.local.array((4, 13), numba.int64),
        cuda.local.array((4, 2), numba.int64),
        cuda.local.array(64, numba.uint64),
        cuda.local.array((4, 2), numba.uint64),
        cuda.local.array(PLAYERS2_BINS, numba.int64),
    )
    spare = scratch.spare
    for g in range(cuda.grid(1), n * boards.PARTS, cuda.gridsize(1)):
        part, deal = g // n, g % n
        items[0, 0], items[0, 1], items[0, 2] = 0, part, part + 1
        for w in range(PLAYERS2_BINS):
            row[0, w] = 0
            spare[w] = 0
        boards.count_boards(
            t,
            deck,
            board,
            0,
            deals[deal : deal + 1],
            masks[deal : deal + 1],
            items,
            row,
            scratch,
            boards.NO_BUCKETS,
        )
        for w in range(PLAYERS2_BINS):
            if row[0, w]:
                cuda.atomic.add(counts, (cells[deal], w), weights[deal] * row[0, w])


def _patterns(work: Any, out: Any) -> None:
    """Three-way, per class triple q: work = (combos, n_combos, class_ranks, triples (n, 3));
    out = (deals (n), patterns (n), keys (n, MAX_PATTERNS), mults (n, MAX_PATTERNS)): its
    deals, and its flush patterns with their (deal, suit) counts, the first patterns[q] slots."""
    combos, n_combos, class_ranks, triple = work
    deals, patterns, keys, mults = out
    cls = cuda.local.array(3, numba.int64)
    pair = cuda.local.array(3, numba.int64)
    hand = cuda.local.array(3, numba.int64)
    mult = cuda.local.array(PATTERNS, numba.int64)
    for q in range(cuda.grid(1), triple.shape[0], cuda.gridsize(1)):
        triples.read_triple(triple, q, class_ranks, cls, pair)
        n_deals = triples.deal_patterns(combos, n_combos, class_ranks, cls, pair, hand, mult)
        deals[q] = n_deals
        found = 0
        if n_deals:
            for key in range(triples.PATTERNS):
                if mult[key]:
                    keys[q, found] = key
                    mults[q, found] = mult[key]
                    found += 1
        patterns[q] = found


def _triple_counts(t: Any, work: Any, out: Any) -> None:
    """Three-way: work = (class_ranks, triples (n, 3), deals, patterns, keys, mults) from
    `_patterns`; out = (counts (n, 8),). Item g: slot g // n of triple g % n: slot 0 its rank
    part times its deals, slot s its pattern s - 1's flush correction times its count."""
    class_ranks, triple, deals, patterns, keys, mults = work
    counts = out[0]
    n = triple.shape[0]
    cls = cuda.local.array(3, numba.int64)
    pair = cuda.local.array(3, numba.int64)
    avail = cuda.local.array(13, numba.int64)
    rest_avail = cuda.local.array(13, numba.int64)
    suited_cards = cuda.local.array(13, numba.int64)
    idx = cuda.local.array(5, numba.int64)
    count = cuda.local.array(3, numba.int64)
    hole_counts = cuda.local.array(3, numba.int64)
    row = cuda.local.array(BINS, numba.int64)
    rank_key = cuda.local.array(13, numba.uint64)
    hole_keys = cuda.local.array(3, numba.uint64)
    hole_masks = cuda.local.array(3, numba.uint64)
    mask = cuda.local.array(3, numba.uint64)
    for g in range(cuda.grid(1), n * SLOTS, cuda.gridsize(1)):
        slot, q = g // n, g % n
        if deals[q] == 0 or slot > patterns[q]:
            continue
        triples.read_triple(triple, q, class_ranks, cls, pair)
        triples.rank_keys(t, rank_key)
        triples.hole_ranks(class_ranks, cls, rank_key, avail, hole_keys)
        for w in range(triples.BINS):
            row[w] = 0
        if slot == 0:
            boards.preflop_ranks(t, rank_key, avail, hole_keys, 3, row, mask, count)
            weight = deals[q]
        else:
            triples.pattern_masks(class_ranks, cls, keys[q, slot - 1], hole_masks)
            boards.preflop_flush(
                t,
                rank_key,
                avail,
                hole_keys,
                hole_masks,
                3,
                row,
                rest_avail,
                hole_counts,
                suited_cards,
                idx,
                count,
                mask,
            )
            weight = mults[q, slot - 1]
        for w in range(triples.BINS):
            if row[w]:
                cuda.atomic.add(counts, (q, w), weight * row[w])


@functools.cache
def _kernel(name: str) -> Any:
    """The CUDA kernel of `name` ("pairs", "patterns", "triple_counts"), made on first use."""
    _load()
    functions = {"pairs": _pairs, "patterns": _patterns, "triple_counts": _triple_counts}
    return cuda.jit(cache=True)(functions[name])


def _launch(name: str, n: int, *args: Any) -> None:
    blocks, threads = _device.launch(n)
    _kernel(name)[blocks, threads](*args)


def _host(array: Any) -> np.ndarray:
    """A kernel's output array on the host (under the simulator it is there already)."""
    return array if isinstance(array, np.ndarray) else array.copy_to_host()


def _zeros(shape: tuple[int, ...], dtype: Any = np.int64) -> Any:
    """A zeroed array on the device (the host array itself under the simulator)."""
    return _device.to_device((np.zeros(shape, dtype),))[0]


# --- heads-up ----------------------------------------------------------------------------------


def count_pairs(
    the_plan: Any, boards_per_deal: int, progress: Callable[[int], None] | None = None
) -> dict[str, np.ndarray]:
    """The board counts of every pair of classes of a `matrix.Plan`, on the GPU: the rows of
    `matrix._heads_up.pairs_chunk` over all its chunks (i, j, win, tie, lose, combo_pairs,
    canonical_pairs), each deal's counts checked to add up to `boards_per_deal`.
    progress(pairs of hands done) after each launch."""
    _load()
    found = [item for chunk in the_plan.chunks for item in chunk]
    if not found:
        return {
            k: np.zeros(0, np.int64)
            for k in ("i", "j", "win", "tie", "lose", "combo_pairs", "canonical_pairs")
        }
    hands = np.concatenate([h for _, _, h, _ in found]).astype(np.uint8)
    weights = np.concatenate([n for _, _, _, n in found]).astype(np.int64)
    cells = np.repeat(np.arange(len(found), dtype=np.int64), [len(n) for _, _, _, n in found])
    masks = (np.uint64(1) << hands.astype(np.uint64)).sum(axis=1, dtype=np.uint64)
    deals = np.ascontiguousarray(hands.reshape(-1, 2, 2))
    t = _device.device_tables(HIGH.rules)
    counts = _zeros((len(found), PLAYERS2_BINS))
    deck, board = np.arange(52, dtype=np.uint8), np.zeros(5, np.uint8)
    for start in range(0, len(deals), CHUNK_DEALS):
        part = slice(start, min(len(deals), start + CHUNK_DEALS))
        work = _device.to_device((deck, board, deals[part], masks[part], weights[part], cells[part]))
        _launch("pairs", (part.stop - part.start) * boards.PARTS, t, work, (counts,))
        if progress is not None:
            cuda.synchronize()
            progress(part.stop - part.start)
    bins = _host(counts)
    combo_pairs = np.array([int(n.sum()) for _, _, _, n in found], np.int64)
    bad = (bins[:, 0] != 0) | (bins.sum(axis=1) != boards_per_deal * combo_pairs)
    if bad.any():
        k = int(np.flatnonzero(bad)[0])
        i, j = found[k][0], found[k][1]
        raise RuntimeError(
            f"{the_plan.classes[i]} against {the_plan.classes[j]}: the GPU's board counts do not add up"
        )
    return {
        "i": np.array([i for i, _, _, _ in found], np.int64),
        "j": np.array([j for _, j, _, _ in found], np.int64),
        "win": bins[:, 1],
        "tie": bins[:, 3],
        "lose": bins[:, 2],
        "combo_pairs": combo_pairs,
        "canonical_pairs": np.array([len(n) for _, _, _, n in found], np.int64),
    }


# --- three-way ---------------------------------------------------------------------------------


def count_triples(
    class_triples: np.ndarray,
    classes: tuple[np.ndarray, np.ndarray, np.ndarray],
    boards_per_deal: int,
    progress: Callable[[int], None] | None = None,
) -> dict[str, np.ndarray]:
    """`matrix.count_triples` on the GPU: the board counts of class triples (rows of three
    indices into the classes, any order): counts (n, 8), deals (n), patterns (n), each triple's
    counts checked to add up to its deals times `boards_per_deal`. `classes`: the classes'
    hands, their number and ranks (`matrix.class_arrays()`). progress(triples done) after each
    launch."""
    combos, n_combos, class_ranks = classes
    _load()
    found = np.ascontiguousarray(np.asarray(class_triples, dtype=np.int64).reshape(-1, 3))
    if len(found) and (found.min() < 0 or found.max() >= len(n_combos)):
        raise ValueError(f"class indices are 0 to {len(n_combos) - 1}")
    n = len(found)
    if n == 0:
        return {
            "counts": np.zeros((0, triples.BINS), np.int64),
            "deals": np.zeros(0, np.int64),
            "patterns": np.zeros(0, np.int64),
        }
    t = _device.device_tables(HIGH.rules)
    fixed = _device.to_device((combos, n_combos, class_ranks, found))
    counts, deals, patterns = _zeros((n, triples.BINS)), _zeros((n,)), _zeros((n,))
    size = min(n, CHUNK_TRIPLES)
    keys, mults = _zeros((size, MAX_PATTERNS)), _zeros((size, MAX_PATTERNS))
    for start in range(0, n, CHUNK_TRIPLES):
        part = slice(start, min(n, start + CHUNK_TRIPLES))
        m = part.stop - part.start
        chunk = fixed[3][part]
        _launch("patterns", m, (*fixed[:3], chunk), (deals[part], patterns[part], keys[:m], mults[:m]))
        work = (fixed[2], chunk, deals[part], patterns[part], keys[:m], mults[:m])
        _launch("triple_counts", m * SLOTS, t, work, (counts[part],))
        if progress is not None:
            cuda.synchronize()
            progress(m)
    result = {"counts": _host(counts), "deals": _host(deals), "patterns": _host(patterns)}
    if (result["counts"].sum(axis=1) != result["deals"] * boards_per_deal).any():
        raise RuntimeError("the GPU's three-way board counts do not add up")
    return result


# --- PTX compilation (tests/test_gpu_ptx.py) ---------------------------------------------------


def ptx_kernels() -> list[tuple[str, Callable[..., None], tuple[Any, ...]]]:
    """(name, Python function, argument types) of every kernel of this module: what
    `cuda.compile_ptx` compiles in tests/test_gpu_ptx.py (after `register`)."""
    register()
    t = _device.argument_type(HIGH.tables)
    i64, u8, u64 = np.int64, np.uint8, np.uint64
    pairs = _device.argument_type(
        (
            np.zeros(52, u8),
            np.zeros(5, u8),
            np.zeros((1, 2, 2), u8),
            np.zeros(1, u64),
            np.zeros(1, i64),
            np.zeros(1, i64),
        )
    )
    combos, n_combos, class_ranks = np.zeros((1, 12, 2), i64), np.zeros(1, i64), np.zeros((1, 2), i64)
    triple, column, slots = np.zeros((1, 3), i64), np.zeros(1, i64), np.zeros((1, MAX_PATTERNS), i64)
    return [
        (
            "matrix heads-up pairs",
            _pairs,
            (t, pairs, _device.argument_type((np.zeros((1, PLAYERS2_BINS), i64),))),
        ),
        (
            "matrix three-way patterns",
            _patterns,
            (
                _device.argument_type((combos, n_combos, class_ranks, triple)),
                _device.argument_type((column, column, slots, slots)),
            ),
        ),
        (
            "matrix three-way counts",
            _triple_counts,
            (
                t,
                _device.argument_type((class_ranks, triple, column, column, slots, slots)),
                _device.argument_type((np.zeros((1, triples.BINS), i64),)),
            ),
        ),
    ]
