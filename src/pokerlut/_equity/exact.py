"""Exact enumeration of a board game (`BoardSetup`): every board of every deal of hole cards,
counted by the kernels chunk by chunk."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

import numba
import numpy as np

from .._kernels import boards
from .._kernels.exact import ENUMERATE_BOARDS, ENUMERATE_NESTED
from .._kernels.showdown import Spot
from .._parallel import balanced_order
from .board import BoardSetup, Lazy
from .counters import CALL_WORK, counters, working_rows
from .._parallel import in_calls, on_shares


Chunk = Callable[
    [BoardSetup, tuple[np.ndarray, ...], Callable[[float], None] | None], tuple[np.ndarray, float, int, bool]
]


def exact_outcomes(
    setup: BoardSetup,
    chunks: list[tuple[np.ndarray, ...]] | Lazy,
    progress: Callable[[float], None] | None,
    count: Chunk | None = None,
) -> tuple[np.ndarray, int, bool]:
    """Outcome counters per showdown (a histogram over winner bitmasks, or the split-pot
    counters), showdowns seen, and whether partial: every board of every deal, chunk by
    chunk (`BoardSetup.deal_chunks`), each deal weighted by its hands' weights. `count`
    counts a chunk (default `exact_chunk`, the CPU's; the GPU's is `_gpu.equity`'s)."""
    weighted: Any  # 0.0, then the array of weighted outcome counters (once seen > 0)
    weighted, weight_seen, seen, partial = 0.0, 0.0, 0, False
    try:
        for k, deals in enumerate(chunks):
            assert deals is not None  # a chunk of the first player's hands always fits
            if len(deals[1]):
                done = (lambda f, k=k: progress((k + f) / len(chunks))) if progress else None
                part = (count or exact_chunk)(setup, deals, done)
                weighted, weight_seen = weighted + part[0], weight_seen + part[1]
                seen += part[2]
                if part[3]:
                    raise KeyboardInterrupt
    except KeyboardInterrupt:
        if seen == 0:  # nothing to report: the interrupt goes on
            raise
        partial = True
    if seen == 0:
        raise ValueError("the players' ranges cannot be dealt without sharing a card")
    return weighted / (weight_seen if weight_seen > 0 else 1.0), seen, partial


def exact_chunk(
    setup: BoardSetup, deals: tuple[np.ndarray, ...], progress: Callable[[float], None] | None
) -> tuple[np.ndarray, float, int, bool]:
    """One chunk of deals: the weighted sum of outcome counters, the weighted showdowns, the
    showdowns, and whether it was interrupted."""
    per_deal, interrupted = deal_counts(setup, deals, progress)
    return weigh(setup, per_deal, deals[2], interrupted)


def deal_counts(
    setup: BoardSetup, deals: tuple[np.ndarray, ...], progress: Callable[[float], None] | None
) -> tuple[np.ndarray, bool]:
    """Each deal's outcome counters over every board, exact integers (deals, `counters`; C
    order), and whether interrupted: what `exact_chunk` weighs, kept deal by deal for the range
    analyses (`pokerlut._analysis`)."""
    cards, masks, _ = deals
    threads: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
    counts = np.zeros((threads, len(masks), setup.bins()), np.int64)
    board = np.zeros(5, dtype=np.uint8)
    board[: len(setup.board)] = setup.board
    calls = (_counting_calls if setup.boards_in_classes else _dealing_calls)(
        setup, cards, masks, board, counts
    )
    done = in_calls(len(calls), 1, lambda items: calls[items.start](), progress)
    n_counters = counters(len(setup.ranges), setup.split, setup.categories, len(setup.nested))
    per_deal = counts[:, :, :n_counters].sum(axis=0)  # over threads: exact integers
    return per_deal, done < len(calls)


def weigh(
    setup: BoardSetup, per_deal: np.ndarray, weights: np.ndarray, interrupted: bool
) -> tuple[np.ndarray, float, int, bool]:
    """A chunk's result from its outcome counters per deal (deals, `counters`; C order):
    the weighted sum of outcome counters, the weighted showdowns, the showdowns, and whether
    it was interrupted."""
    weighted, total = weights @ per_deal, per_deal.sum(axis=0)
    showdowns = slice(0, 1) if setup.split else slice(0, per_deal.shape[1])
    return (weighted, float(weighted[showdowns].sum()), int(total[showdowns].sum()), bool(interrupted))


def _dealing_calls(
    setup: BoardSetup, cards: np.ndarray, masks: np.ndarray, board: np.ndarray, counts: np.ndarray
) -> list[Callable[[], None]]:
    """Kernel calls of about CALL_WORK evaluations that deal every board of every deal one by
    one (`ENUMERATE_BOARDS`): work items are a deal and the first one or two new board cards."""
    n_board, missing = len(setup.board), 5 - len(setup.board)
    m = len(setup.live)
    prefix_len = max(missing - 3, min(missing, 1 if len(masks) >= 64 else 2))
    prefixes = board_prefixes(m, prefix_len)
    holes_total = int(setup.hole_sizes.sum())
    boards_per_deal = math.comb(m - holes_total, missing)
    # boards under each prefix: the later cards are chosen after its last card
    later = m - 1 - prefixes.max(axis=1)
    work = np.array([math.comb(n, missing - prefix_len) for n in range(m + 1)])[later]
    by_work = np.argsort(-work, kind="stable")  # a call's items have about the same work ...
    prefixes, work = prefixes[by_work], work[by_work]
    threads = numba.get_num_threads()
    n_items = len(masks) * len(prefixes)
    work_per_item = max(1, boards_per_deal * setup.evaluations_per_board() // len(prefixes))
    per_call = max(1, CALL_WORK // work_per_item)
    scratch = working_rows(len(setup.ranges))
    spot = Spot(setup.live, board, n_board, setup.hole_sizes, setup.buckets, setup.low_buckets, setup.nested)
    kernel = (
        ENUMERATE_NESTED[setup.omaha] if len(setup.nested) else ENUMERATE_BOARDS[setup.split, setup.omaha]
    )

    def call(start: int) -> Callable[[], None]:
        q = np.arange(start, min(n_items, start + per_call))
        q = q[balanced_order(work[q % len(prefixes)], threads)]  # ... split evenly among threads
        items = np.ascontiguousarray(np.column_stack([q // len(prefixes), prefixes[q % len(prefixes)]]))

        def share(part: slice, thread: int) -> None:
            kernel(
                *setup.tables(),
                spot,
                cards,
                masks,
                items[part],
                counts[thread],
                scratch[thread],
            )

        return lambda: on_shares(len(items), share)

    return [call(start) for start in range(0, n_items, per_call)]


def board_prefixes(m: int, length: int) -> np.ndarray:
    """`ENUMERATE_BOARDS`' work items' first new board cards, (prefixes, 2) indices into the m
    live cards (-1: none): none, each card, or each pair (length 0, 1, 2)."""
    if length == 1:
        return np.stack([np.arange(m), np.full(m, -1)], axis=1)
    if length == 2:
        return np.stack(np.triu_indices(m, 1), axis=1)
    return np.full((1, 2), -1, dtype=np.int64)


def _counting_calls(
    setup: BoardSetup, cards: np.ndarray, masks: np.ndarray, board: np.ndarray, counts: np.ndarray
) -> list[Callable[[], None]]:
    """Kernel calls of about CALL_WORK evaluations that count the boards of every deal in
    classes (`kernels.boards.count_boards`). A work item is a deal; with few deals, each of
    its parts is an item, in `balanced_order` (a static split of them among the threads,
    `_parallel.share_of`, measured faster than chunks of one)."""
    threads = numba.get_num_threads()
    deals = np.ascontiguousarray(cards[:, :, :2])
    scratch = boards.scratch_rows(
        numba.config.NUMBA_NUM_THREADS,  # type: ignore[attr-defined]
        counts.shape[2],
    )
    table = setup.tables()[0]
    if len(masks) < 8 * threads:
        items = _part_items(len(masks), threads).copy()  # writable: the kernel's signature
    else:
        items = np.zeros((len(masks), 3), np.int64)
        items[:, 0], items[:, 2] = np.arange(len(masks)), boards.PARTS
    per_deal = setup.classes_per_deal() * len(setup.ranges)
    per_call = max(1, CALL_WORK * len(items) // (per_deal * len(masks)))

    def call(start: int) -> Callable[[], None]:
        part = np.ascontiguousarray(items[start : start + per_call])

        def share(items: slice, thread: int) -> None:
            boards.count_boards(
                table,
                setup.live,
                board,
                len(setup.board),
                deals,
                masks,
                part[items],
                counts[thread],
                scratch[thread],
                setup.buckets,
            )

        return lambda: on_shares(len(part), share)

    return [call(start) for start in range(0, len(items), per_call)]


@functools.lru_cache(maxsize=64)
def _part_items(n_deals: int, threads: int) -> np.ndarray:
    """`_counting_calls`'s work items for a few deals (read-only): each part of each deal,
    (deal, part, part + 1), in `balanced_order`."""
    d, part = np.divmod(np.arange(n_deals * boards.PARTS), boards.PARTS)
    items: np.ndarray = np.column_stack([d, part, part + 1])[balanced_order(np.ones(len(d)), threads)]
    items.setflags(write=False)
    return items
