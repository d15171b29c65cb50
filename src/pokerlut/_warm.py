"""Compile every kernel ahead of use (`pokerlut warm`): numba's on-disk cache is filled once, so
that later processes, and the Dask workers of `pokerlut bulk` and `matrix`, only load it.

Every kernel is `@njit(cache=True)` and compiled on its first call for each type signature:
per kind of tables (`pokerlut._tables.load`'s class: SuitsSettle, SuitsIgnored, SuitsMixed,
Wild, WildSuitsIgnored; Badugi's `load_badugi`), hand width, checks on or off, and in hold'em
Monte Carlo per number
of players (`MC_PLAYERS`; Omaha's is one kernel for any number). A `Job` is one small call of
a public entry point that compiles some of them; `jobs()` lists one per distinct kernel (one
game of each kind, not every game; a few small functions that several kernels call are
compiled by whichever job comes first), and `warm` runs them on worker processes, longest
first, each worker with one numba thread (the code compiled does not depend
on the thread count).

Example (not a doctest: it takes a minute)::

    from pokerlut._warm import warm
    report = warm(workers=2, only=["evaluate_batch high"])
    print(report.kernels, "kernels in", round(report.seconds), "s; cache:", report.cache)
"""

from __future__ import annotations

import fnmatch
import importlib.util
import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ._parallel import read_numba_environ, worker_environ

MC_PLAYERS = range(2, 7)  # Monte Carlo kernels are compiled per number of players: these
TRIALS = 2_000  # Monte Carlo trials per warm-up call
STUD = ("stud", "razz", "stud-hi-lo")  # the stud games: each pair of tables kinds


@dataclass(frozen=True)
class Job:
    """One warm-up: `run(*args)` in a worker process. `name` is what `only` matches and the
    report shows; `cost` its rough seconds with an empty cache, for the order."""

    name: str
    run: Callable[..., object]
    args: tuple[Any, ...] = ()
    cost: float = 3.0


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


# --- the calls -------------------------------------------------------------------------------


def _hands(game: str, width: int, rows: int = 64) -> np.ndarray:
    """`rows` copies of a valid hand of `width` cards of the game's deck (uint8)."""
    from .rules import rules

    return np.tile(rules(game).deck[:width], (rows, 1)).astype(np.uint8)


def _evaluate_batch(game: str, width: int, validate: bool) -> None:
    from ._evaluate import evaluate_batch

    evaluate_batch(_hands(game, width), game=game, validate=validate)


def _compare_batch(game: str) -> None:
    """`compare_batch` (its `evaluate_batch` too, of five cards, checked)."""
    from ._evaluate import compare_batch

    hands = _hands(game, 5)
    compare_batch(hands, hands, game=game)


def _omaha(game: str) -> None:
    """The Omaha batch kernel (checks on and off: a run-time argument there), and the one-hand
    `evaluate_omaha`."""
    from ._omaha import evaluate_omaha, evaluate_omaha_batch

    cards = _hands(game, 9)
    for validate in (True, False):
        evaluate_omaha_batch(cards[:, :4], cards[:, 4:], game=game, validate=validate)
    evaluate_omaha(cards[0, :4], cards[0, 4:], game=game)


# Columns of text that compile text kernels of their own (code units of 1 or 4 bytes, read-only
# or not; offsets of 4 or 8 bytes); Arrow's large_string has the types of numpy bytes.
TEXTS = ("str", "str, not ASCII", "numpy str", "numpy bytes", "arrow string")


def _parse_batch(layout: str) -> None:
    """The text kernels for one layout of text (`TEXTS`)."""
    from ._text import parse_batch

    texts: Any = ["A♠ K♦ 7♥ 7♣ 2♠" if layout == "str, not ASCII" else "As Kd 7h 7c 2s"] * 8
    if layout.startswith("numpy"):
        texts = np.array(texts, dtype="S" if layout == "numpy bytes" else "U")
    elif layout == "arrow string":
        import pyarrow as pa

        texts = pa.array(texts)
    parse_batch(texts)


def _stats(what: str, game: str, deck: int | None) -> None:
    """`count_hands` (`pokerlut stats`) or `strengths_in_order` of five-card hands."""
    from . import stats

    getattr(stats, what)(5, game=game, deck=deck)


def _equity(game: str, players: int, exact: bool, wild: str | None = None) -> None:
    """One exact or Monte Carlo equity call with `players` players: a range and hands."""
    from ._equity.front import equity

    stud = game in STUD
    board = "" if stud else "Kd 7d 2d 3s" if exact else "Kd"
    if game.startswith("omaha"):
        hands = ["AhKhQdJd", "8c7c6s5s", "AsAd9h9c", "2c3c4h5h", "TsTdJsJc", "KcQcJhTh"]
    elif stud:
        hands = ["As Ah Kd 4c 5c 6d", "Ks Kh 2c 8h 9h Td"] if exact else ["As Ah Kd", "Ks Kh 2c"]
    else:
        hands = ["QQ+,AKs", "AsAh", "KsKh", "Jc9c", "6h6s", "5d4d"]
    equity(
        hands[:players], board, deal=game, exact=exact, wild=wild, trials=None if exact else TRIALS, seed=1
    )


DRAW_HANDS = {  # a spot of each draw deal whose kernels `pokerlut warm` compiles
    "five-card-draw": (["AsAh", "KsKhQd"], "two pair"),
    "2-7-triple-draw": (["7s6d3c2h", "8c5h4d"], "8-low"),
    "a-5-triple-draw": (["8d7c6h5s", "4c3d2h"], "8-low"),
    "badugi": (["As2d3h", "Kc2h3s"], "badugi"),
    "badeucy": (["2s3d4h5c", "7c6h4d"], "badugi"),
    "badacey": (["As2d3h4c", "8s7h6d"], "8-low"),
}


def _draw_game(deal: str) -> None:
    """The draw kernels of one deal's tables: exact after one draw (the last player counted at
    once, and dealt one by one: by category), Monte Carlo through the draws (one kernel per
    number of players, as in hold'em: `MC_PLAYERS`), `draw_chance` and `draw_keep` (the
    built-in policies)."""
    from ._equity.draw.chance import draw_chance
    from ._equity.draw.policy import draw_keep
    from ._equity.front import equity

    hands, target = DRAW_HANDS[deal]
    for by_category in (False, True):
        equity(hands, deal=deal, draw_rounds=1, exact=True, by_category=by_category)
    for n in MC_PLAYERS:
        equity(hands + [""] * (n - len(hands)), deal=deal, exact=False, trials=TRIALS, seed=1)
    draw_chance(hands[0], target, deal=deal, draw_rounds=1)
    draw_keep("Kd 9s 8d 7c 2h"[: 11 if deal == "badugi" else None], deal=deal)


# --- the jobs --------------------------------------------------------------------------------


def _breakdown() -> None:
    """The made hands and draws kernel of `breakdown` (one for every deal and board size)."""
    from ._analysis import breakdown

    breakdown("random", "Kh 7d 2c")


def _video_poker() -> None:
    """The video poker kernels (one set for every pay table)."""
    from ._video_poker import video_poker

    video_poker("jacks-or-better-9-6")


def _abstraction(part: str) -> None:
    """The card abstraction kernels, in four parts that compile in parallel: "indices" (both
    ways, and class sizes), "river" (one board's features), "turn" and "flop" (one state's
    runout features: histograms of uint8, 46 runouts, and of uint16, 1081; read from a river
    table of full size, left unset)."""
    from .abstraction import HandIndexer, hand_strength_of
    from .abstraction._features import river_part, runout_part
    from ._kernels import features

    if part == "indices":
        river = HandIndexer("river", "imperfect")
        river.unindex_batch(river.index_batch(_hands("high", 7)))
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


def _checked(validate: bool) -> str:
    return "checked" if validate else "unchecked"


def jobs() -> list[Job]:
    """Every warm-up job, by entry point: together they compile every kernel, each kernel in
    one job. Costs: about the seconds each takes with an empty cache on 2 cores, for the order
    only (docs/performance.md has the measured ones)."""
    from . import _tables as tables
    from ._kernels.table_types import SuitsMixed, Wild
    from .rules import GAMES, WILD_GAMES, rules

    kinds = _first_game_of_each_kind()
    out = [
        Job(
            f"evaluate_batch {game} {width} {_checked(validate)}",
            _evaluate_batch,
            (game, width, validate),
            6.0 if issubclass(kind, Wild) else 2.0,
        )
        for kind, game in kinds.items()
        for width in (5, 6, 7)
        for validate in (True, False)
    ]
    # Italian poker (one deck's tables: the decks differ in size only), Omaha: checks on or
    # off are a run-time argument of their kernel
    out.append(Job("compare_batch italian, evaluate_batch italian", _compare_batch, ("italian-4",), 1.5))
    out.append(Job("compare_batch high", _compare_batch, ("high",), 0.5))
    # Badugi: one kind of tables for both aces; rows of 4 or 5 cards, checks on or off
    out += [
        Job(
            f"evaluate_batch badugi {width} {_checked(validate)}",
            _evaluate_batch,
            ("badugi", width, validate),
            1.0,
        )
        for width in (4, 5)
        for validate in (True, False)
    ]
    out += [
        Job(f"evaluate_omaha {game}", _omaha, (game,), 3.0)
        for kind, game in kinds.items()
        if not issubclass(kind, (SuitsMixed, Wild))
    ]
    out += [
        Job(f"parse_batch {layout}", _parse_batch, (layout,), 5.0)
        for layout in TEXTS
        if not layout.startswith("arrow") or importlib.util.find_spec("pyarrow") is not None
    ]
    # `stats`' enumerations are compiled per kind and per end of the deck (52, 53 or 54)
    ends: dict[tuple[type, int], tuple[str, int | None]] = {}
    for game in [*GAMES, *WILD_GAMES]:
        wild_cards = rules(game).wild
        for deck in wild_cards.decks if wild_cards else (None,):
            end = deck or int(rules(game).deck[-1]) + 1
            ends.setdefault((type(tables.load(game)), end), (game, deck))
    out += [
        Job(f"{what} {game}" + (f" deck {deck}" if deck else ""), _stats, (what, game, deck), cost)
        for what, cost in (("count_hands", 5.5), ("strengths_in_order", 3.0))
        for game, deck in [*ends.values(), ("badugi", None)]  # Badugi: 4 or 5 cards, one kernel
    ]
    for game, wild, exact_cost, cost in (
        ("holdem", None, 3.2, 2.2),
        ("omaha", None, 2.2, 2.7),
        ("omaha-hi-lo", None, 3.4, 3.9),
        ("holdem", "jokers", 2.0, 2.8),
        *((game, None, 2.0, 2.0) for game in STUD),
    ):
        name = f"equity {game}" + (f"+{wild}" if wild else "")
        out.append(Job(f"{name} exact", _equity, (game, 2, True, wild), exact_cost))
        if game in STUD or game.startswith("omaha"):  # one kernel for any number of players
            out.append(Job(f"{name} monte-carlo", _equity, (game, 2, False, wild), cost))
        else:  # `kernels.draws.simulate_kernel`: one per number of players
            out += [
                Job(f"{name} monte-carlo {n} players", _equity, (game, n, False, wild), cost)
                for n in MC_PLAYERS
            ]
    # the draw games: a deal for each pair of kinds of tables (2-7 single draw shares triple's)
    out += [Job(f"equity {deal}", _draw_game, (deal,), 10.0) for deal in DRAW_HANDS]
    out.append(Job("breakdown", _breakdown, (), 4.0))
    out.append(Job("video_poker", _video_poker, (), 4.0))
    out += [
        Job(f"abstraction {part}", _abstraction, (part,), cost)
        for part, cost in (("indices", 12.0), ("river", 9.0), ("turn", 12.5), ("flop", 12.0))
    ]
    return out


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

GPU_MODULES = ("batch", "equity", "matrix")  # pokerlut._gpu's modules of kernels


def _evaluate_batch_gpu(game: str, width: int, validate: bool) -> None:
    from ._evaluate import evaluate_batch

    evaluate_batch(_hands(game, width), game=game, validate=validate, device="cuda")


def _gpu_module(name: str) -> None:
    """The warm-up of a GPU module that has one (its `warm()`)."""
    importlib.import_module(f"pokerlut._gpu.{name}").warm()


def _first_game_of_each_kind() -> dict[type, str]:
    """{kind of tables: the first game of `GAMES` and `WILD_GAMES` with it}: a kernel compiled
    for one game of a kind serves them all."""
    from . import _tables as tables
    from .rules import GAMES, WILD_GAMES

    kinds: dict[type, str] = {}
    for game in [*GAMES, *WILD_GAMES]:
        kinds.setdefault(type(tables.load(game)), game)
    return kinds


def gpu_jobs() -> list[Job]:
    """Every GPU warm-up job: `evaluate_batch(device="cuda")` per kind of tables, row width and
    checks (and Italian poker), then each other module of `pokerlut._gpu` that has a `warm()`."""

    kinds = _first_game_of_each_kind()
    out = [
        Job(
            f"gpu evaluate_batch {game} {width} {_checked(validate)}",
            _evaluate_batch_gpu,
            (game, width, validate),
        )
        for game in kinds.values()
        for width in (5, 6, 7)
        for validate in (True, False)
    ]
    out += [
        Job(
            f"gpu evaluate_batch italian {_checked(validate)}",
            _evaluate_batch_gpu,
            ("italian-4", 5, validate),
        )
        for validate in (True, False)
    ]
    for name in GPU_MODULES:
        if name == "batch" or importlib.util.find_spec(f"pokerlut._gpu.{name}") is None:
            continue
        if hasattr(importlib.import_module(f"pokerlut._gpu.{name}"), "warm"):
            out.append(Job(f"gpu {name}", _gpu_module, (name,)))
    return out


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
