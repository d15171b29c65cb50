"""`compute_matrix`, the one entry of both tables: the options checked once, then the table
kind of `n_players` (`KINDS`) computed on Dask (its chunks, resumed from the parts folder) or on
the GPU (in this process), merged, written and reported the same way."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, overload

from .._deprecation import renamed_keywords
from .._gpu._device import wants_gpu
from ..distributed import Parts, check_workers, need, write_atomic
from ._heads_up import CHUNK_PAIRS, HeadsUp
from ._job import Done, run_chunks
from ._plot import plot_matrix
from ._runs import Matrix3Run, MatrixRun
from ._three_way import CHUNK_TRIPLES, ThreeWay

KINDS: dict[int, type[HeadsUp] | type[ThreeWay]] = {kind.players: kind for kind in (HeadsUp, ThreeWay)}


@overload
def compute_matrix(
    out: str | os.PathLike[str],
    classes: str | Sequence[str] | None = None,
    *,
    n_players: Literal[2] = 2,
    png: str | os.PathLike[str] | None = None,
    scheduler: str | None = None,
    workers: int | None = None,
    chunk_pairs: int = CHUNK_PAIRS,
    chunk_triples: int = CHUNK_TRIPLES,
    progress: bool = True,
    device: str = "cpu",
) -> MatrixRun: ...


@overload
def compute_matrix(
    out: str | os.PathLike[str],
    classes: str | Sequence[str] | None = None,
    *,
    n_players: Literal[3],
    png: None = None,
    scheduler: str | None = None,
    workers: int | None = None,
    chunk_pairs: int = CHUNK_PAIRS,
    chunk_triples: int = CHUNK_TRIPLES,
    progress: bool = True,
    device: str = "cpu",
) -> Matrix3Run: ...


@overload
def compute_matrix(
    out: str | os.PathLike[str],
    classes: str | Sequence[str] | None = None,
    *,
    n_players: int,
    png: str | os.PathLike[str] | None = None,
    scheduler: str | None = None,
    workers: int | None = None,
    chunk_pairs: int = CHUNK_PAIRS,
    chunk_triples: int = CHUNK_TRIPLES,
    progress: bool = True,
    device: str = "cpu",
) -> MatrixRun | Matrix3Run: ...


@renamed_keywords(players="n_players")
def compute_matrix(
    out: str | os.PathLike[str],
    classes: str | Sequence[str] | None = None,
    *,
    n_players: int = 2,
    png: str | os.PathLike[str] | None = None,
    scheduler: str | None = None,
    workers: int | None = None,
    chunk_pairs: int = CHUNK_PAIRS,
    chunk_triples: int = CHUNK_TRIPLES,
    progress: bool = True,
    device: str = "cpu",
) -> MatrixRun | Matrix3Run:
    """Compute the table of `classes` (all 169 by default) for `n_players` (2 or 3; until this
    release the keyword was ``players=``: it still works, with a `DeprecationWarning`) on a
    Dask cluster and write it to `out` (Parquet).

    - n_players=2: the heads-up matrix, one row per ordered pair of classes (hero, villain,
      equity, numerator, denominator, win, tie, lose, combo_pairs, canonical_pairs), in
      chunks of about `chunk_pairs` exact evaluations; a heatmap to `png` if given. Returns a
      `MatrixRun`.
    - n_players=3: the three-way table, one row per dealable triple a <= b <= c in matrix order
      (columns a, b, c, deals, equity_a, equity_b, equity_c, the board counts
      `COUNT_COLUMNS` and patterns: the flush corrections computed), in chunks of
      `chunk_triples` class triples. Returns a `Matrix3Run`.

    scheduler: the address of a running cluster ("tcp://host:8786"), else a LocalCluster of
    `workers` processes (default: one per core), one thread and one numba thread each.
    Chunks already in ``<out>.parts/`` are not computed again. progress: a bar of the
    evaluations done, with the projected total time (tqdm, on a terminal).

    device="cuda": the same table, computed on an NVIDIA GPU (``pip install 'pokerlut[gpu]'``)
    in this process: no Dask, so scheduler, workers, chunk_pairs and chunk_triples keep their
    defaults (ValueError otherwise) and no parts folder is read or written. The run reports one
    chunk and no workers.

    >>> compute_matrix("matrix.parquet", "AA,KK,72o", device="cuda")  # doctest: +SKIP
    """
    wall = time.perf_counter()
    if n_players not in (2, 3) or type(n_players) is not int:
        raise ValueError(f"n_players is 2 or 3, not {n_players!r}")
    kind = KINDS[n_players]
    if png is not None and not kind.draws:
        raise ValueError(f"png draws the heads-up matrix: not with n_players={n_players}")
    gpu = wants_gpu(device)
    out_path = Path(out)
    if not out_path.parent.is_dir():
        raise ValueError(f"no folder {str(out_path.parent)!r} to write {out_path.name!r} into")
    png_path = None if png is None else str(png)
    if gpu:
        for name, value, default in (
            ("scheduler", scheduler, None),
            ("workers", workers, None),
            ("chunk_pairs", chunk_pairs, CHUNK_PAIRS),
            ("chunk_triples", chunk_triples, CHUNK_TRIPLES),
        ):
            if value != default:
                raise ValueError(f"{name} is for the Dask cluster: not with device='cuda' (got {value!r})")
        run = _on_gpu(kind, out_path, classes, png_path, progress)
    else:
        run = _on_dask(
            kind, out_path, classes, png_path, scheduler, workers, chunk_pairs, chunk_triples, progress
        )
    run.wall_seconds = time.perf_counter() - wall
    return run


def _on_dask(
    kind: type[HeadsUp] | type[ThreeWay],
    out_path: Path,
    classes: str | Sequence[str] | None,
    png: str | None,
    scheduler: str | None,
    workers: int | None,
    chunk_pairs: int,
    chunk_triples: int,
    progress: bool,
) -> MatrixRun | Matrix3Run:
    """`compute_matrix` on a Dask cluster once its options are checked: the chunks of the
    kind's plan not found in ``<out>.parts/`` computed by the workers and saved there, then
    the table made of all the parts."""
    need("distributed")
    pd = need("pandas")
    need("pyarrow")
    check_workers(workers, scheduler)
    parts_folder = out_path.with_name(out_path.name + ".parts")
    planned = kind.planned(classes, chunk_pairs=chunk_pairs, chunk_triples=chunk_triples)
    chunks = planned.chunks()
    parts = Parts(parts_folder, chunks.manifest, len(chunks.args))
    todo = parts.todo()
    done = Done(len(chunks.args), len(todo))
    if todo:
        run_chunks(chunks, parts, todo, done, scheduler, workers, progress)
    frames = [pd.read_parquet(parts.path(k)) for k in range(len(chunks.args))]
    return _finish(planned, out_path, png, planned.merge(pd, frames), done)


def _on_gpu(
    kind: type[HeadsUp] | type[ThreeWay],
    out_path: Path,
    classes: str | Sequence[str] | None,
    png: str | None,
    progress: bool,
) -> MatrixRun | Matrix3Run:
    """`compute_matrix(..., device="cuda")` once its options are checked: the table of the
    classes computed on the GPU and written to `out_path` as the CPU writes it; a run with one
    chunk, computed now, and no workers (task_seconds: the GPU's work, copies included)."""
    pd = need("pandas")
    need("pyarrow")
    planned = kind.planned(classes, chunk_pairs=CHUNK_PAIRS, chunk_triples=CHUNK_TRIPLES)
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=planned.evaluations, unit=planned.unit, disable=None, leave=False)
    start = time.perf_counter()
    try:
        rows = planned.count_on_gpu(bar.update if bar is not None else None)
    finally:
        if bar is not None:
            bar.close()
    done = Done(1, 1, task_seconds=time.perf_counter() - start, items=planned.evaluations)
    return _finish(planned, out_path, png, planned.merge(pd, [pd.DataFrame(rows)]), done)


def _finish(
    planned: HeadsUp | ThreeWay, out_path: Path, png: str | None, table: Any, done: Done
) -> MatrixRun | Matrix3Run:
    """Write the table to `out_path` (and its heatmap to `png`) and report the run."""
    write_atomic(out_path, lambda p: table.to_parquet(p, index=False))
    if png is not None:
        plot_matrix(table, png)
    return planned.run(str(out_path), png, table, done)
