"""How public entry points run numba's kernels: thread count, thread safety, and kernel calls
on several threads (`on_threads`).

Each thread runs a serial kernel (compiled `nogil`,
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
import numpy as np

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

# int64s per row of a thread's scratch array in the kernels that lay their lanes out by hand
# (video poker, card abstraction): 512 bytes keep two threads' rows out of each other's cache
# lines (256 bytes did not: docs/performance.md)
LANE_ROW = 64
# rows per kernel call of the batch entry points (`evaluate_batch`, `parse_batch`): about 10 ms
# of evaluation, so that Ctrl-C is seen between calls
CHUNK_ROWS = 1 << 23

_launch_lock = threading.Lock()
_layer_is_threadsafe: bool | None = None  # known after the first parallel launch


class parallel_section:
    """Run kernels on `threads` threads, restoring the count afterwards. None means the
    calling thread's `numba.get_num_threads()`, so `numba.set_num_threads` and
    `NUMBA_NUM_THREADS` are honoured; the count is never widened.

    numba's thread count is per calling thread, so concurrent callers do not disturb each
    other. The 'omp' and 'tbb' layers take concurrent launches; 'workqueue' does not, so when
    it is the layer in use, launches are serialised here.
    """

    def __init__(self, threads: int | None) -> None:
        limit: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
        if threads is not None and (type(threads) is not int or not 1 <= threads <= limit):
            raise ValueError(f"threads must be 1..{limit} (an int), not {threads!r}")
        self.threads = threads or numba.get_num_threads()

    def __enter__(self) -> None:
        self.locked = _layer_is_threadsafe is not True
        if self.locked:
            _launch_lock.acquire()
        self.before = numba.get_num_threads()
        numba.set_num_threads(self.threads)

    def __exit__(self, *exc: object) -> None:
        global _layer_is_threadsafe
        numba.set_num_threads(self.before)
        if _layer_is_threadsafe is None:
            try:
                _layer_is_threadsafe = numba.threading_layer() != "workqueue"
            except ValueError:  # no parallel kernel has run yet
                pass
        if self.locked:
            _launch_lock.release()


def balanced_order(work: np.ndarray, threads: int) -> np.ndarray:
    """An order of work items (their indices) such that numba's static split of a prange
    loop into `threads` equal blocks gives every thread about the same total work: items are
    sorted by work and dealt back and forth (threads 0, 1, .. T-1, T-1, .. 1, 0, 0, 1, ..),
    one block per thread. Items of equal work keep their order, so runs of items whose work
    falls along the list (the flush parts of `kernels.boards`) are shared out evenly too.

    >>> balanced_order(np.array([5, 4, 3, 2, 1, 0]), 2).tolist()  # blocks of work 5+2+1, 4+3+0
    [0, 3, 4, 1, 2, 5]
    """
    by_work = np.argsort(-np.asarray(work), kind="stable")
    turn = np.arange(len(by_work)) % (2 * threads)
    thread = np.minimum(turn, 2 * threads - 1 - turn)
    return by_work[np.argsort(thread, kind="stable")]


def worker_environ(threads: int) -> dict[str, str]:
    """The environment of the worker processes pokerlut starts (`pokerlut warm`, and the Dask
    workers of `bulk` and `matrix`): numba's thread count, and numba's cache folder when this
    process has one (NUMBA_CACHE_DIR), so that they load what `pokerlut warm` compiled."""
    environ = {"NUMBA_NUM_THREADS": str(threads)}
    if os.environ.get("NUMBA_CACHE_DIR"):
        environ["NUMBA_CACHE_DIR"] = os.environ["NUMBA_CACHE_DIR"]
    return environ


def read_numba_environ() -> None:
    """Make numba take its settings from the environment again, in a new worker process whose
    environment was set after numba was imported: a spawned process imports its parent's main
    module (the `pokerlut` script imports numba) before its pool or Nanny sets the worker's
    variables, and numba reads NUMBA_NUM_THREADS once, on import, into its config and into the
    size of the thread pool it launches (`numba.np.ufunc.parallel.NUM_THREADS`): both are
    set here, before any parallel kernel has run (numba then refuses another count). A config
    of one size and a pool of another would let kernels index per-thread rows out of bounds."""
    from numba.np.ufunc import parallel as numba_parallel

    numba.core.config.reload_config()  # type: ignore[no-untyped-call]
    numba_parallel.NUM_THREADS = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]


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


def on_shares(n: int, run: Callable[[slice, int], None]) -> None:
    """`run(items, thread)` on every thread at once (`on_threads`): each thread with its share of
    n work items (`share_of`) and its number, which picks its own rows of scratch and counters.
    Returns when every share is done; raises the first error.

    >>> seen = []
    >>> on_shares(5, lambda items, thread: seen.append((items, thread)))
    >>> sorted((s.start, s.stop) for s, _ in seen)[-1]
    (..., 5)
    """
    on_threads(lambda share, shares: run(share_of(n, share, shares), share))


def in_calls(
    n: int, per_call: int, call: Callable[[slice], None], progress: Callable[[float], None] | None
) -> int:
    """Run the work items 0 .. n - 1 in calls of `per_call` items (the last one shorter):
    `call(items)` for each slice, in order, `progress` told the fraction of items done after
    each call. Ctrl-C (KeyboardInterrupt) stops between calls (a kernel call is not interrupted)
    and is not raised: the caller reads the items done, which this returns (n when all are).

    >>> done = []
    >>> in_calls(10, 4, lambda items: done.append((items.start, items.stop)), None), done
    (10, [(0, 4), (4, 8), (8, 10)])
    """
    done = 0
    try:
        for start in range(0, n, per_call):
            items = slice(start, min(n, start + per_call))
            call(items)
            done = items.stop
            if progress:
                progress(done / n)
    except KeyboardInterrupt:
        pass
    return done
