"""Kernel calls on several threads: each thread runs a serial kernel (compiled `nogil`,
`kernels.core.NOGIL_KERNEL`) on its own share of the work.

The equity kernels are not numba parallel loops: a parallel loop over work that reads the
game's tables (two dozen arrays) took seconds more to compile (numba's parallel lowering
passes each array to the loop's body one by one, and compiles the body's code three times
more: in the loop's function and in two wrappers), where threads of our own cost 50-90 us a
call (2026-12, two threads).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

import numba

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def _forget_pool() -> None:
    """In a child process made by fork: the parent's pool threads are not in it."""
    global _pool, _pool_lock
    _pool, _pool_lock = None, threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_pool)


def _workers() -> ThreadPoolExecutor:
    """The threads that run every share but a caller's first (made on first use, as many as
    numba's thread limit less one)."""
    global _pool
    from concurrent.futures import ThreadPoolExecutor

    with _pool_lock:
        if _pool is None:
            limit: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
            _pool = ThreadPoolExecutor(max(1, limit - 1), thread_name_prefix="pokerlut")
        return _pool


def on_threads(run: Callable[[int, int], None]) -> None:
    """run(share, shares) for every share 0 .. shares - 1 at once, shares being numba's thread
    count (`parallel.parallel_section` sets it): the calling thread runs share 0, pool
    threads the others. Returns when every share is done; raises the first error."""
    shares = numba.get_num_threads()
    if shares == 1:
        run(0, 1)
        return
    others: list[Future[None]] = [_workers().submit(run, share, shares) for share in range(1, shares)]
    try:
        run(0, shares)
    finally:
        for other in others:
            other.result()


def share_of(n: int, share: int, shares: int) -> slice:
    """The items of `share` among `shares` runs of n items of equal length (as numba splits a
    parallel loop: `parallel.balanced_order` orders items for it)."""
    return slice(n * share // shares, n * (share + 1) // shares)
