"""The one home of Dask in pokerlut: optional imports, clusters, parts folders, the runner.

`pokerlut.bulk`, `pokerlut.matrix` and `pokerlut.abstraction` run their work here:

- `need` imports an optional dependency, or raises ImportError naming the extra to install;
- `connect` gives a Client: the one passed, one of a running cluster, or of a new
  `local_client`, a LocalCluster whose worker processes each run one Dask thread and one
  numba thread (`NUMBA_NUM_THREADS=1`, read even where numba was imported first: `dask_setup`)
  and load the kernels `pokerlut warm` compiled (`NUMBA_CACHE_DIR` is passed on);
  `check_workers` checks a local cluster's size before anything starts;
- `Parts` is a job's folder of finished parts with its manifest (a rerun skips the parts
  there), written through `write_atomic`;
- `run_parts` runs the tasks of a job on a cluster and saves each result as it comes back.

Dask itself (the `distributed` extra: dask[distributed], pandas, pyarrow) is imported only
when a cluster is used: importing this module imports no Dask.

>>> need("json").dumps([1])
'[1]'
>>> need("no_such_module_here")
Traceback (most recent call last):
...
ImportError: this needs no_such_module_here: install the distributed extra: pip install ...
"""

from __future__ import annotations

import contextlib
import importlib
import json
import logging
import os
import warnings
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from ._parallel import read_numba_environ, worker_environ

__all__ = [
    "Parts",
    "check_workers",
    "connect",
    "dask_setup",
    "local_client",
    "need",
    "numba_threads",
    "run_parts",
    "worker_numba_threads",
    "write_atomic",
]


def need(module: str, extra: str = "distributed") -> Any:
    """Import an optional dependency, or raise ImportError naming the extra that installs it."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise ImportError(
            f"this needs {module.split('.')[0]}: install the {extra} extra: pip install 'pokerlut[{extra}]'"
        ) from None


# --- clusters ----------------------------------------------------------------------------------


@contextlib.contextmanager
def local_client(workers: int | None = None) -> Iterator[Any]:
    """A Client of a new LocalCluster on the loopback: `workers` processes (default: the
    cores), one Dask thread and one numba thread each, nanny-supervised (a dead worker
    restarts), no dashboard; closed on exit."""
    distributed = need("distributed")
    if workers is None:
        workers = os.cpu_count() or 1
    if type(workers) is not int or workers < 1:
        raise ValueError(f"workers must be a positive int, not {workers!r}")
    threads = 1  # per worker: Dask's and numba's
    # No dashboard; the scheduler's small HTTP server (health checks) takes any free port.
    no_dashboard = {"dashboard": False, "dashboard_address": "127.0.0.1:0"}
    with (
        distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=threads,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            scheduler_kwargs=no_dashboard,
            silence_logs=logging.CRITICAL,
            env=worker_environ(threads),
            preload=[__name__],
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


def dask_setup(worker: Any) -> None:
    """Dask's preload hook: `local_client`'s workers preload this module, so each worker
    process runs this as it starts, before any task. Its Nanny sets `worker_environ` once the
    process is running, which may be after it imported numba (with its parent's main module:
    the `pokerlut` script does): numba reads it again (`parallel.read_numba_environ`)."""
    read_numba_environ()


def check_workers(workers: int | None, scheduler: str | None = None, client: Any = None) -> None:
    """Raise ValueError unless `workers` is None or a positive int for a local cluster."""
    if workers is not None and (client is not None or scheduler is not None):
        raise ValueError(
            "workers= (--workers) sets the size of a local cluster: not with a client or a scheduler"
        )
    if workers is not None and (type(workers) is not int or workers < 1):
        raise ValueError(f"workers must be a positive int, not {workers!r}")


@contextlib.contextmanager
def connect(scheduler: str | None = None, workers: int | None = None, client: Any = None) -> Iterator[Any]:
    """A Client: `client` itself if given, else one of the running cluster at `scheduler`
    ("tcp://host:8786"), else of a new `local_client(workers)`; closed on exit unless given."""
    if client is not None:
        yield client
    elif scheduler is not None:
        distributed = need("distributed")
        try:
            connected = distributed.Client(scheduler, timeout=10)
        except (OSError, TimeoutError) as error:
            raise ValueError(f"cannot reach the scheduler at {scheduler} ({error})") from None
        with connected:
            yield connected
    else:
        with local_client(workers) as local:
            yield local


def numba_threads() -> int:
    """numba's thread count in this process (run on each worker by `worker_numba_threads`)."""
    import numba

    return int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]


def worker_numba_threads(client: Any) -> list[int]:
    """numba's thread count in each worker process of `client`'s cluster, ascending."""
    return sorted(client.run(numba_threads).values())


# --- parts -------------------------------------------------------------------------------------


def write_atomic(path: Path, write: Callable[[Path], object]) -> None:
    """Write a file through a temporary name in the same folder, then rename it into place:
    a reader (or a rerun) sees the whole file or none of it."""
    tmp = path.with_name(f"{path.name}.tmp-{os.getpid()}")
    try:
        write(tmp)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


class Parts:
    """A job's folder of finished parts: `manifest.json` says which job (a dict of plain
    data), and part k is the file `pattern.format(k)`, written whole or not at all
    (`write_atomic`). Opening creates the folder (and its parents) with its manifest, or
    checks that the manifest there is this job's (ValueError naming the keys that differ).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp()) / "job.parts"
    >>> parts = Parts(folder, {"format": 1, "n": 3}, 3)
    >>> parts.save(1, lambda path: path.write_text("done"))
    >>> parts.path(1).name, parts.todo()
    ('chunk-00001.parquet', [0, 2])
    >>> Parts(folder, {"format": 1, "n": 4}, 4)
    Traceback (most recent call last):
    ...
    ValueError: '...job.parts' holds the parts of another job (its n differ): delete it, ...
    """

    def __init__(
        self,
        folder: str | os.PathLike[str],
        manifest: dict[str, Any],
        count: int,
        pattern: str = "chunk-{:05d}.parquet",
    ) -> None:
        self.folder, self.count, self.pattern = Path(folder), count, pattern
        path = self.folder / "manifest.json"
        if path.exists():
            there = json.loads(path.read_text())
            if there != manifest:
                differ = sorted(k for k in {*there, *manifest} if there.get(k) != manifest.get(k))
                raise ValueError(
                    f"{str(self.folder)!r} holds the parts of another job (its "
                    f"{', '.join(differ)} differ): delete it, or write to another "
                    "--out"
                )
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        write_atomic(path, lambda p: p.write_text(json.dumps(manifest, indent=1)))

    def path(self, k: int) -> Path:
        """Part k's file."""
        return self.folder / self.pattern.format(k)

    def todo(self) -> list[int]:
        """The parts not in the folder yet, ascending."""
        return [k for k in range(self.count) if not self.path(k).exists()]

    def save(self, k: int, write: Callable[[Path], object]) -> None:
        """Write part k (`write(path)` writes a file at path) whole, under its name."""
        write_atomic(self.path(k), write)


# --- the runner --------------------------------------------------------------------------------


def run_parts(
    client: Any,
    task: Callable[..., Any],
    work: Iterable[tuple[int, tuple[Any, ...]]],
    save: Callable[[int, Any], None],
    name: str | None = None,
    *,
    limit: int | None = None,
    waiting: Callable[[], int] | None = None,
) -> None:
    """Run task(*args) for every part (k, args) of `work` on the cluster of `client`, and
    save(k, result) of each as it comes back, in the order they finish: a part lost with its
    worker is run again by Dask, and what `save` wrote is kept whatever happens next. The
    first task that fails raises its error here; the parts still running are cancelled.

    name: the tasks' keys are "pokerlut-NAME-k-PID" (None: Dask's own). limit: at most this
    many parts running, plus `waiting()` results the caller holds (None: every part is
    submitted at once); `work` is read as parts are submitted, so it may be a generator that
    reads a file larger than memory."""
    distributed = need("distributed")
    parts = iter(work)
    running: dict[Any, int] = {}
    held = waiting or (lambda: 0)
    with warnings.catch_warnings():  # a big part (bulk's --chunk-rows) is the caller's choice
        warnings.filterwarnings("ignore", message="Sending large graph")
        try:
            while True:
                while limit is None or len(running) + held() < limit:
                    item = next(parts, None)
                    if item is None:
                        break
                    k, args = item
                    key = {} if name is None else {"key": f"pokerlut-{name}-{k:05d}-{os.getpid()}"}
                    running[client.submit(task, *args, pure=False, **key)] = k
                if not running:
                    break
                finished, _ = distributed.wait(list(running), return_when="FIRST_COMPLETED")
                for future in finished:
                    k = running.pop(future)
                    save(k, future.result())  # raises the task's error
                    future.release()
        finally:
            if running:
                client.cancel(list(running))
