"""What `compute_matrix` asks of a table kind (`TableKind`: the heads-up matrix and the
three-way table are its two), and the job on Dask that both kinds share: the chunks a kind
sends to the workers, each finished chunk saved as a part as it comes back, with a progress
bar, and what the job did (`Done`)."""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from ..distributed import Parts, connect, need, run_parts, worker_numba_threads
from ._runs import RunFigures

FORMAT = 1  # the layout of the parts folder (its manifest.json)


@dataclass
class Chunks:
    """What a run of either table sends to the workers: the task, its arguments and its
    evaluations (pairs of hands, or class triples) per chunk, what the parts folder's manifest
    says, and the unit of the progress bar."""

    name: str
    task: Callable[..., dict[str, Any]]
    args: list[tuple[Any, ...]]
    items: list[int]
    manifest: dict[str, Any]
    unit: str


@dataclass
class Done:
    """What the job of a run did: its chunks and those computed now; over the chunks computed
    now, the task seconds and the evaluations; the workers and their numba thread counts. On
    the GPU: one chunk, computed now, no workers."""

    chunks: int
    chunks_computed: int
    task_seconds: float = 0.0
    items: int = 0
    workers: int = 0
    worker_numba_threads: list[int] = field(default_factory=list)

    def per_item(self) -> float | None:
        """The task seconds per evaluation, or None when nothing was computed now."""
        return self.task_seconds / self.items if self.items else None

    def figures(self) -> tuple[int, int, int, int, list[int], float]:
        """The fields `RunFigures` holds, in its order."""
        return (
            self.chunks,
            self.chunks_computed,
            self.chunks - self.chunks_computed,
            self.workers,
            self.worker_numba_threads,
            self.task_seconds,
        )


class TableKind(ABC):
    """One kind of table, all that `compute_matrix` does differently for it: its plan of a run
    (which it holds), the chunks of that plan for Dask, its count on the GPU, how the counted
    rows become the table, and the run it reports. `players` names it, `unit` is what its
    progress bar counts, `draws` whether it can be drawn as a heatmap."""

    players: ClassVar[int]
    unit: ClassVar[str]
    draws: ClassVar[bool]

    @classmethod
    @abstractmethod
    def planned(
        cls, classes: str | Sequence[str] | None, *, chunk_pairs: int, chunk_triples: int
    ) -> TableKind:
        """The kind with its plan of `classes`, in chunks of its own size (`chunk_pairs` or
        `chunk_triples`)."""

    @property
    @abstractmethod
    def evaluations(self) -> int:
        """The evaluations of the whole plan (pairs of hands, or class triples)."""

    @abstractmethod
    def chunks(self) -> Chunks:
        """The plan as chunks for the workers, and the parts folder's manifest."""

    @abstractmethod
    def count_on_gpu(self, progress: Callable[[int], None] | None) -> dict[str, np.ndarray]:
        """The rows of every chunk's task at once, counted on the GPU; progress(evaluations
        done) along the way."""

    @abstractmethod
    def merge(self, pd: Any, frames: list[Any]) -> Any:
        """The table (a pandas DataFrame) from the tasks' rows, as frames."""

    @abstractmethod
    def run(self, out: str, png: str | None, table: Any, done: Done) -> RunFigures:
        """What the run did, from its files, its table and its job."""


def run_chunks(
    chunks: Chunks,
    parts: Parts,
    todo: list[int],
    done: Done,
    scheduler: str | None,
    workers: int | None,
    progress: bool,
) -> None:
    """Submit the chunks still to do, and write each one's part as it comes back; what the
    job did is added up in `done`."""
    pd = need("pandas")
    total = sum(chunks.items)
    before = total - sum(chunks.items[k] for k in todo)
    with connect(scheduler, workers) as client:
        bar = None
        if progress:
            from tqdm import tqdm

            bar = tqdm(
                total=total, initial=before, unit=chunks.unit, disable=None, leave=False, smoothing=0.05
            )
        start = time.perf_counter()

        def save(k: int, result: dict[str, Any]) -> None:
            frame = pd.DataFrame({c: np.asarray(v, dtype=np.int64) for c, v in result["rows"].items()})
            parts.save(k, lambda p: frame.to_parquet(p, index=False))
            done.task_seconds += result["seconds"]
            done.items += chunks.items[k]
            if bar is not None:
                bar.update(chunks.items[k])
                elapsed = time.perf_counter() - start
                left = elapsed * (total - before - done.items) / done.items
                bar.set_postfix_str(f"projected {tqdm.format_interval(elapsed + left)}", refresh=False)

        run_parts(client, chunks.task, [(k, chunks.args[k]) for k in todo], save, chunks.name)
        if bar is not None:
            bar.close()
        done.workers = len(client.scheduler_info()["workers"])
        done.worker_numba_threads = worker_numba_threads(client)
