"""Compile every kernel ahead of use (`pokerlut warm`): numba's on-disk cache is filled once, so
that later processes, and the Dask workers of `pokerlut bulk` and `matrix`, only load it.

Every kernel is `@njit(cache=True)` and compiled on its first call for each type signature:
per kind of tables (`pokerlut._tables.load`'s class: SuitsSettle, SuitsIgnored, SuitsMixed,
Wild, WildSuitsIgnored; Badugi's `load_badugi`), hand width, checks on or off, and in hold'em
Monte Carlo per number of players (`pokerlut._equity.warmup.MC_PLAYERS`; Omaha's is one kernel
for any number). A `Job` (`pokerlut._warmup`) is one small call of a public entry point that
compiles some of them; each subsystem declares its own beside its kernels (its
``warm_jobs()``), one per distinct kernel (one game of each kind, not every game; a few small
functions that several kernels call are compiled by whichever job comes first). `jobs()`
collects them, and `warm` runs them on worker processes, longest first, each worker with one
numba thread (the code compiled does not depend on the thread count).

Example (not a doctest: it takes a minute)::

    from pokerlut._warm import warm
    report = warm(workers=2, only=["evaluate_batch high"])
    print(report.kernels, "kernels in", round(report.seconds), "s; cache:", report.cache)
"""

from __future__ import annotations

import fnmatch
import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ._parallel import read_numba_environ, worker_environ
from ._warmup import Job


@dataclass
class JobResult:
    """What a job did: its seconds, the kernels it compiled into the cache (`_name`: function,
    options, argument types), how many it loaded from there, and the cache folders of
    pokerlut's kernels in its process."""

    name: str
    seconds: float
    compiled: list[str]
    loaded: int
    cache_dirs: list[str]


@dataclass
class WarmReport:
    """A warm run: wall seconds, workers, each job's result (slowest first), the folders of
    numba's cache that hold pokerlut's kernels (with their number of index files), and the
    index files of an older pokerlut that numba could no longer read (`drop_unreadable`)."""

    seconds: float
    workers: int
    jobs: list[JobResult]
    cache: dict[str, int] = field(default_factory=dict)
    dropped: list[str] = field(default_factory=list)  # unreadable index files deleted first

    @property
    def kernels(self) -> int:
        """Kernels compiled and written to the cache."""
        return sum(len(job.compiled) for job in self.jobs)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {**asdict(self), "kernels": self.kernels}


# --- the jobs: each subsystem's own -----------------------------------------------------------


def jobs() -> list[Job]:
    """Every warm-up job of the CPU's kernels: each subsystem's ``warm_jobs()``, in this order
    (which, with the costs, sets the order they run in). Together they compile every kernel,
    each kernel in one job."""
    # imported here, not above: a worker process imports this module to run its jobs, and
    # needs only the subsystems of the jobs it is given
    from ._analysis.breakdown import warm_jobs as breakdown_jobs
    from ._equity.omaha_ranges import warm_jobs as omaha_range_jobs
    from ._equity.warmup import warm_jobs as equity_jobs
    from ._evaluate import warm_jobs as evaluate_jobs
    from ._icm import warm_jobs as icm_jobs
    from ._omaha import warm_jobs as omaha_jobs
    from ._text import warm_jobs as text_jobs
    from ._video_poker.best_play import warm_jobs as video_poker_jobs
    from .abstraction._features import warm_jobs as abstraction_jobs
    from .stats import warm_jobs as stats_jobs

    subsystems = (
        evaluate_jobs,
        omaha_jobs,
        omaha_range_jobs,
        text_jobs,
        stats_jobs,
        equity_jobs,
        breakdown_jobs,
        video_poker_jobs,
        abstraction_jobs,
        icm_jobs,
    )
    return [job for declared in subsystems for job in declared()]


def gpu_jobs() -> list[Job]:
    """Every warm-up job of the GPU's kernels: `pokerlut._gpu`'s own (`_gpu.warmup`)."""
    from ._gpu.warmup import warm_jobs

    return warm_jobs()


def select(patterns: Sequence[str] | None, every: Sequence[Job] | None = None) -> list[Job]:
    """The jobs of `every` (default: `jobs()`, the CPU's) whose name contains one of
    `patterns` (shell wildcards allowed: "stats *deck 54"), or all of them; ValueError if a
    pattern matches none."""
    every = jobs() if every is None else list(every)
    if not patterns:
        return every
    chosen = []
    for pattern in patterns:
        found = [job for job in every if fnmatch.fnmatchcase(job.name, f"*{pattern}*")]
        if not found:
            raise ValueError(f"no warm job matches {pattern!r} (pokerlut warm --list names them)")
        chosen += [job for job in found if job not in chosen]
    return chosen


# --- running them ------------------------------------------------------------------------------


def _dispatchers() -> list[Any]:
    """pokerlut's dispatchers with numba's on-disk cache in this process (module functions and
    those the kernel factories made)."""
    import gc

    import numba.core.caching
    from numba.core.dispatcher import Dispatcher

    return [
        d
        for d in gc.get_objects()  # by type(): isinstance() on a dead weakref.proxy raises
        if issubclass(type(d), Dispatcher)
        and isinstance(getattr(d, "_cache", None), numba.core.caching.Cache)
        and d.py_func.__module__.startswith("pokerlut")
    ]


def _name(dispatcher: Any, args: Sequence[Any]) -> str:
    """A compiled kernel, readably: its function, the constants of its closure (a kernel
    factory's options, also those of the functions it closes over), and its argument types (a
    namedtuple by its class: the tables' kind).

    >>> import numba
    >>> def kernel(width):
    ...     return numba.njit(lambda x: x + width)
    >>> _name(kernel(7), [numba.types.int64])
    '...kernel.<locals>.<lambda>[width=7](int64)'
    """
    func = dispatcher.py_func
    constants = ", ".join(f"{k}={v!r}" for k, v in _constants(func).items())
    kinds = [getattr(getattr(a, "instance_class", None), "__name__", None) or str(a) for a in args]
    return (
        f"{func.__module__}.{func.__qualname__}"
        + (f"[{constants}]" if constants else "")
        + f"({', '.join(kinds)})"
    )


def _constants(func: Any) -> dict[str, object]:
    """The bool, int and str values a function closes over, directly or through the jitted
    functions it closes over."""
    found: dict[str, object] = {}
    for name, cell in zip(func.__code__.co_freevars, func.__closure__ or ()):
        value = cell.cell_contents
        if isinstance(value, (bool, int, str)):
            found[name] = value
        elif hasattr(value, "py_func"):
            found.update(_constants(value.py_func))
    return found


def run_job(job: Job) -> JobResult:
    """Run a job in this process (a worker's), recording what numba compiled and loaded."""
    from numba.core import event

    start = time.perf_counter()
    with event.install_recorder("numba:compile") as recorder:
        job.run(*job.args)
    seconds = time.perf_counter() - start
    used = _dispatchers()
    compiled = [
        _name(ev.data["dispatcher"], ev.data["args"])
        for _, ev in recorder.buffer
        if ev.is_start and any(ev.data["dispatcher"] is d for d in used)
    ]
    loaded = sum(sum(d.stats.cache_hits.values()) for d in used)
    return JobResult(job.name, seconds, compiled, loaded, sorted({d._cache._cache_path for d in used}))


def cache_folders() -> list[Path]:
    """The folders where numba may keep pokerlut's kernels: the package's ``__pycache__``
    folders, and those under NUMBA_CACHE_DIR whose path names pokerlut."""
    package = Path(__file__).resolve().parent
    folders = list(package.rglob("__pycache__"))
    if os.environ.get("NUMBA_CACHE_DIR"):
        root = Path(os.environ["NUMBA_CACHE_DIR"])
        folders += [d for d in root.rglob("*") if d.is_dir() and "pokerlut" in d.as_posix()]
    return folders


def drop_unreadable(folders: Sequence[Path] | None = None) -> list[str]:
    """Delete the numba cache index files in `folders` (default `cache_folders()`) that numba
    can no longer read, with their data files, and return their paths.

    numba reads an index file whole, every signature in it, before it checks that the file is
    fresh, so an index written by an older pokerlut that names a type from a module since
    renamed raises ModuleNotFoundError at the first call of that kernel, and every call after
    (numba issue 6018), until the file is gone. Files of another numba version are left alone
    (numba skips them itself), as are those it reads.
    """
    import pickle

    import numba

    dropped = []
    for folder in cache_folders() if folders is None else folders:
        for index in sorted(Path(folder).glob("*.nbi")):
            try:
                with open(index, "rb") as f:
                    if pickle.load(f) != numba.__version__:
                        continue
                    pickle.loads(f.read())
                continue
            except FileNotFoundError:  # another process dropped it first
                continue
            except Exception:  # the types it names are not there: it can never be read
                pass
            stem = index.name.removesuffix(".nbi")
            for path in [index, *index.parent.glob(f"{stem}.*.nbc")]:
                path.unlink(missing_ok=True)
            dropped.append(str(index))
    return dropped


def _index_files(folder: str) -> int:
    path = Path(folder)
    return len(list(path.glob("*.nbi"))) if path.is_dir() else 0


def _pool(workers: int) -> ProcessPoolExecutor:
    """Worker processes (spawned: numba and fork do not mix) with one numba thread each, each
    running job after job (a process per job cost a start and numba's import each: 0.5 s)."""
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(workers, context, _start_worker, (worker_environ(1), context.Lock()))


def _start_worker(environ: dict[str, str], lock: Any) -> None:
    """Set up a worker: its environment, and one `lock` (the pool's) around numba's cache
    writes. numba saves a kernel by reading its function's index file, adding the kernel and
    writing the index back, and the kernels a factory makes (`rows_kernel(width, check)`, ...)
    share one index: two workers saving two of them at once could drop one's entry, or pair
    it with the other's code."""
    from numba.core.caching import IndexDataCacheFile

    os.environ.update(environ)
    read_numba_environ()
    save: Callable[[IndexDataCacheFile, Any, Any], None] = IndexDataCacheFile.save

    def locked(self: IndexDataCacheFile, key: Any, data: Any) -> None:
        with lock:
            save(self, key, data)

    IndexDataCacheFile.save = locked  # type: ignore[method-assign]


def warm(
    workers: int | None = None,
    only: Sequence[str] | None = None,
    progress: Callable[[int], None] | None = None,
) -> WarmReport:
    """Run the warm-up jobs (`select(only)`: all by default) on `workers` processes (default:
    one per core), longest first; `progress(jobs done)` after each one."""
    if workers is None:
        workers = os.cpu_count() or 1
    if type(workers) is not int or workers < 1:
        raise ValueError(f"workers must be a positive int, not {workers!r}")
    todo = sorted(select(only), key=lambda job: -job.cost)
    workers = min(workers, len(todo))
    start = time.perf_counter()
    dropped = drop_unreadable()
    results = []
    with _pool(workers) as pool:
        futures: list[Future[JobResult]] = [pool.submit(run_job, job) for job in todo]
        try:
            for done, future in enumerate(as_completed(futures), 1):
                results.append(future.result())
                if progress is not None:
                    progress(done)
        except BaseException:
            pool.shutdown(cancel_futures=True)
            raise
    folders = sorted({d for result in results for d in result.cache_dirs})
    counts = {d: n for d in folders if (n := _index_files(d))}
    results.sort(key=lambda result: -result.seconds)
    return WarmReport(time.perf_counter() - start, workers, results, counts, dropped)


# --- the GPU's kernels (device="cuda") ----------------------------------------------------------


def warm_gpu(only: Sequence[str] | None = None, progress: Callable[[int], None] | None = None) -> WarmReport:
    """Compile the GPU's kernels (`gpu_jobs`; those whose name contains one of `only`, shell
    wildcards allowed) into numba-cuda's cache, for the current GPU, in this process and one
    job after another (a CUDA context per worker process would cost more than it saves);
    `progress(jobs done)` after each. Needs numba-cuda and a GPU (ImportError, RuntimeError)."""
    from ._gpu import _device

    _device.cuda()
    todo = select(only, gpu_jobs())
    start = time.perf_counter()
    results = []
    for done, job in enumerate(todo, 1):
        results.append(_run_gpu_job(job))
        if progress is not None:
            progress(done)
    folders = sorted({d for result in results for d in result.cache_dirs})
    counts = {d: n for d in folders if (n := _index_files(d))}
    results.sort(key=lambda result: -result.seconds)
    return WarmReport(time.perf_counter() - start, 1, results, counts)


def _gpu_dispatchers() -> list[Any]:
    """pokerlut's CUDA kernels in this process whose cache is on disk (numba-cuda's
    dispatchers, `cache=True`); none under the simulator (it compiles nothing)."""
    import gc

    from ._gpu import _device

    if _device.simulator():
        return []
    from numba.cuda.dispatcher import CUDACache, CUDADispatcher

    return [
        d
        for d in gc.get_objects()  # by type(), as in `_dispatchers`
        if issubclass(type(d), CUDADispatcher)
        and isinstance(getattr(d, "_cache", None), CUDACache)
        and d.py_func.__module__.startswith("pokerlut")
    ]


def _gpu_counts() -> dict[str, tuple[int, int, str]]:
    """(cache hits, cache misses: compilations, cache folder) of each GPU kernel and signature."""
    found = {}
    for d in _gpu_dispatchers():
        stats = d.stats
        for sig in {*stats.cache_hits, *stats.cache_misses}:
            found[_name(d, sig)] = (stats.cache_hits[sig], stats.cache_misses[sig], d._cache._cache_path)
    return found


def _run_gpu_job(job: Job) -> JobResult:
    """`run_job` for a GPU job: what it compiled and loaded, from numba-cuda's cache counters
    before and after (numba-cuda sends no compile events)."""
    before = _gpu_counts()
    start = time.perf_counter()
    job.run(*job.args)
    seconds = time.perf_counter() - start
    after = _gpu_counts()
    compiled = [name for name, (_, misses, _) in after.items() if misses > before.get(name, (0, 0, ""))[1]]
    loaded = sum(hits - before.get(name, (0, 0, ""))[0] for name, (hits, _, _) in after.items())
    folders = sorted(
        {folder for name, (_, _, folder) in after.items() if name not in before or name in compiled}
    )
    return JobResult(job.name, seconds, compiled, loaded, folders)
