"""Bulk evaluation on Dask: hands by the billion, on one machine's processes or a cluster.

`evaluate` maps `pokerlut.evaluate_batch` over the row chunks of a dask array (or the
partitions of a dask Series) and returns a lazy result; `evaluate_file` streams a `.npy` or
Parquet file of hands through a cluster in chunks and writes strengths and categories, which
is what `pokerlut bulk` runs; it returns a `BulkRun`.

Each task calls `evaluate_batch` with `threads=None`: the worker thread's numba thread count,
never widened. The cluster comes from `pokerlut.distributed` (`local_client`, also importable
from here, which `pokerlut bulk` and `pokerlut matrix` start: one thread and one numba thread
per worker process, the kernels `pokerlut warm` compiled); the lookup tables load once per
worker process (`pokerlut._tables` keeps them for the life of the process).

Needs the `distributed` extra (dask[distributed], pandas, pyarrow), imported lazily.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .distributed import check_workers, connect, local_client, need, run_parts
from ._evaluate import evaluate_batch
from ._game import resolve
from ._names import NO_CATEGORY

__all__ = [
    "NO_CATEGORY",
    "TASK_ROWS",
    "BulkRun",
    "category_path",
    "evaluate",
    "evaluate_file",
    "local_client",
]

TASK_ROWS = 1 << 20  # rows per Dask task by default: ~7 MB of 7-card hands, a few ms of work
_ROW = re.compile(r"^row (\d+)")


def _renumbered(error: Exception, first: Any) -> Exception:
    """The error of a chunk with its 'row N' counted from the whole input: `first` is the
    chunk's first row (an int), or a function of the chunk's row (a dataframe's index)."""
    text = str(error)
    match = _ROW.match(text)
    if match is None:
        return type(error)(text)
    row = int(match[1])
    where = first(row) if callable(first) else first + row
    return type(error)(f"row {where}{text[match.end() :]}")


def _hands_of_arrow(column: Any, jokers: bool = False) -> np.ndarray:
    """(n, k) cards of a pyarrow column of card lists (list, large or fixed-size list of
    integers) or of text ("As Kd 7h 7c 2s", parsed by `pokerlut.parse_batch`)."""
    pa = need("pyarrow")
    if isinstance(column, pa.ChunkedArray):
        column = column.combine_chunks()
    kind = column.type
    if column.null_count:
        row = int(np.flatnonzero(column.is_null().to_numpy(zero_copy_only=False))[0])
        raise ValueError(f"row {row}: no hand (null)")
    if pa.types.is_string(kind) or pa.types.is_large_string(kind):
        from ._text import parse_batch

        cards = parse_batch(column, jokers=jokers)
        return cards
    if not _is_list(kind):
        raise TypeError(f"a column of hands holds card lists or text, not {kind}")
    if pa.types.is_fixed_size_list(kind):
        width = kind.list_size
    else:
        lengths = need("pyarrow.compute").list_value_length(column).to_numpy()
        width = int(lengths[0]) if len(lengths) else 5
        if (lengths != width).any():
            row = int(np.argmax(lengths != width))
            raise ValueError(f"row {row}: {lengths[row]} cards, where row 0 has {width}")
    values = column.flatten()
    if values.null_count:
        row = int(np.flatnonzero(values.is_null().to_numpy(zero_copy_only=False))[0]) // width
        raise ValueError(f"row {row}: a card is null")
    hands: np.ndarray = values.to_numpy().reshape(len(column), width)
    return hands


def _is_list(kind: Any) -> bool:
    """Whether a pyarrow type is a list (any kind) of integers."""
    pa = need("pyarrow")
    return bool(
        (pa.types.is_list(kind) or pa.types.is_large_list(kind) or pa.types.is_fixed_size_list(kind))
        and pa.types.is_integer(kind.value_type)
    )


def _strengths(part: Any, first: Any, options: dict[str, Any]) -> np.ndarray:
    """Strengths of one chunk of hands: an (n, k) array, a pyarrow column or a pandas Series.
    `first`: the chunk's first row (or its row -> label function), for error messages."""
    try:
        if not isinstance(part, np.ndarray):
            part = _hands_of_arrow(
                need("pyarrow").array(part) if _is_pandas(part) else part, jokers=options["wild"] is not None
            )
        return evaluate_batch(part, **options)
    except (ValueError, TypeError) as error:
        raise _renumbered(error, first) from None


def _evaluate_part(part: Any, first: int, options: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    """A task of `evaluate_file`: the strengths and categories of one chunk of hands."""
    from ._text import category_batch

    strengths = _strengths(part, first, options)
    return strengths, category_batch(strengths, **{k: v for k, v in options.items() if k != "validate"})


def _is_pandas(part: Any) -> bool:
    return type(part).__module__.startswith("pandas")


def _options(game: str, wild: str | None, flush_by_suit: bool | None, validate: bool) -> dict[str, Any]:
    """evaluate_batch's keywords, checked now (a bad game fails here, not in a worker)."""
    resolve(game, wild, flush_by_suit)
    return dict(game=game, wild=wild, flush_by_suit=flush_by_suit, validate=validate)


def _strengths_block(block: np.ndarray, options: dict[str, Any], block_info: Any = None) -> np.ndarray:
    first = block_info[0]["array-location"][0][0] if block_info else 0
    return _strengths(block, first, options)


def _strengths_partition(part: Any, options: dict[str, Any]) -> Any:
    pd = need("pandas")
    strengths = _strengths(part, lambda row: part.index[row], options)
    return pd.Series(strengths, index=part.index, name="strength")


def evaluate(
    hands: Any,
    *,
    game: str = "high",
    wild: str | None = None,
    flush_by_suit: bool | None = None,
    validate: bool = True,
) -> Any:
    """Lazy strengths (uint16) of the hands of a dask array of shape (n, 5|6|7) chunked by rows
    (`map_blocks` over `evaluate_batch`), or of a dask Series of card lists or of text (per
    partition; a bad row is named by its index label). Nothing runs until `.compute()`.

    >>> import dask.array as da
    >>> hands = da.from_array(np.array([[51, 47, 43, 39, 35], [0, 5, 9, 13, 20]] * 3,
    ...                                dtype=np.uint8), chunks=(2, 5))
    >>> strengths = evaluate(hands)
    >>> strengths.compute(scheduler="sync")
    array([7462,    1, 7462,    1, 7462,    1], dtype=uint16)
    """
    options = _options(game, wild, flush_by_suit, validate)
    da = need("dask.array")
    if isinstance(hands, da.Array):
        if hands.ndim != 2 or hands.dtype.kind not in "iu":
            raise TypeError(f"hands must be a 2-d integer dask array, not {hands.ndim}-d {hands.dtype}")
        if len(hands.chunks[1]) > 1:
            hands = hands.rechunk({1: -1})
        return hands.map_blocks(
            _strengths_block, options, drop_axis=1, dtype=np.uint16, meta=np.empty(0, dtype=np.uint16)
        )
    dd = need("dask.dataframe")
    if isinstance(hands, dd.Series):
        return hands.map_partitions(_strengths_partition, options, meta=("strength", np.uint16))
    raise TypeError(f"hands must be a dask array or dask Series, not {type(hands).__name__}")


# --- files ----------------------------------------------------------------------------------


class _Source:
    """An input file of hands, checked when opened: its row count and its chunks."""

    def __init__(self, path: str | Path, column: str | None, chunk_rows: int) -> None:
        self.path = Path(path)
        if not self.path.is_file():
            raise ValueError(f"no such file: {self.path}")
        if type(chunk_rows) is not int or chunk_rows < 1:
            raise ValueError(f"chunk rows must be a positive int, not {chunk_rows!r}")
        self.chunk_rows = chunk_rows
        self.format = "npy" if self.path.suffix == ".npy" else "parquet"
        if self.format == "npy":
            if column is not None:
                raise ValueError("--column goes with Parquet input, not .npy")
            self._open_npy()
        elif self.path.suffix in (".parquet", ".pq"):
            self._open_parquet(column)
        else:
            raise ValueError(
                f"{self.path}: the input is .npy or .parquet, "
                f"not {self.path.suffix or 'a file without suffix'}"
            )

    def _open_npy(self) -> None:
        try:
            hands = np.load(self.path, mmap_mode="r", allow_pickle=False)
        except (ValueError, OSError) as error:
            raise ValueError(f"{self.path} is not a readable .npy array ({error})") from None
        if not isinstance(hands, np.ndarray):
            raise ValueError(f"{self.path} is not a .npy array")
        if hands.dtype != np.uint8 or hands.ndim != 2 or hands.shape[1] not in (4, 5, 6, 7):
            raise ValueError(
                f"{self.path} holds {hands.dtype} of shape {hands.shape}: "
                f"pokerlut bulk reads uint8 card ints of shape (n, 5|6|7), or (n, 4|5) in Badugi"
            )
        self.hands, self.rows = hands, len(hands)

    def _open_parquet(self, column: str | None) -> None:
        pq = need("pyarrow.parquet")
        try:
            self.file = pq.ParquetFile(self.path)
        except Exception as error:  # pyarrow raises ArrowInvalid, OSError, ...
            raise ValueError(f"{self.path} is not a readable Parquet file ({error})") from None
        schema = self.file.schema_arrow
        if column is None:
            if len(schema.names) != 1:
                raise ValueError(
                    f"{self.path} has columns {', '.join(schema.names)}: name the hands with --column"
                )
            column = schema.names[0]
        if column not in schema.names:
            raise ValueError(f"{self.path} has no column {column!r} (columns: {', '.join(schema.names)})")
        kind = schema.field(column).type
        pa = need("pyarrow")
        if not (_is_list(kind) or pa.types.is_string(kind) or pa.types.is_large_string(kind)):
            raise ValueError(
                f"column {column!r} holds {kind}: hands are card lists "
                f'(list<uint8>) or text ("As Kd 7h 7c 2s")'
            )
        for name in ("strength", "category"):
            if name in schema.names:
                raise ValueError(f"{self.path} already has a column {name!r}")
        self.column, self.rows = column, self.file.metadata.num_rows

    def chunks(self) -> Iterator[tuple[int, Any, Any]]:
        """(first row, the hands to send to a task, the rows to keep for the output)."""
        if self.format == "npy":
            for start in range(0, self.rows, self.chunk_rows):
                yield start, np.ascontiguousarray(self.hands[start : start + self.chunk_rows]), None
            return
        start = 0
        for batch in self.file.iter_batches(batch_size=self.chunk_rows):
            yield start, batch.column(self.column), batch
            start += batch.num_rows


class _Sink:
    """Where results go, written to temporary files renamed when every row is in."""

    def __init__(self, source: _Source, out: str | Path, category_names: list[str]) -> None:
        self.out, self.format = Path(out), source.format
        wanted = (".npy",) if source.format == "npy" else (".parquet", ".pq")
        if self.out.suffix not in wanted:
            raise ValueError(
                f"the output of {source.format} input is {' or '.join(wanted)} too, not {self.out.name}"
            )
        if not self.out.parent.is_dir():
            raise ValueError(f"no such folder: {self.out.parent}")
        self.paths = [self.out] + ([category_path(self.out)] if self.format == "npy" else [])
        self.temps = [p.with_name(f".{p.name}.{os.getpid()}.tmp") for p in self.paths]
        self.names = category_names
        self.waiting: dict[int, tuple[Any, np.ndarray, np.ndarray]] = {}
        self.next_row = 0
        if self.format == "npy":
            fmt = np.lib.format
            self.strengths = fmt.open_memmap(self.temps[0], "w+", np.uint16, (source.rows,))
            self.categories = fmt.open_memmap(self.temps[1], "w+", np.int8, (source.rows,))
        else:
            self.writer: Any = None

    def put(self, start: int, kept: Any, strengths: np.ndarray, categories: np.ndarray) -> None:
        if self.format == "npy":
            self.strengths[start : start + len(strengths)] = strengths
            self.categories[start : start + len(strengths)] = categories
            return
        self.waiting[start] = (kept, strengths, categories)
        while self.next_row in self.waiting:  # Parquet rows go out in order
            kept, strengths, categories = self.waiting.pop(self.next_row)
            self._write(kept, strengths, categories)
            self.next_row += len(strengths)

    def _write(self, batch: Any, strengths: np.ndarray, categories: np.ndarray) -> None:
        pa, pq = need("pyarrow"), need("pyarrow.parquet")
        names = pa.DictionaryArray.from_arrays(
            pa.array(categories, mask=categories == NO_CATEGORY).cast(pa.int8()), pa.array(self.names)
        )
        table = (
            pa.Table.from_batches([batch])
            .append_column("strength", pa.array(strengths))
            .append_column("category", names)
        )
        if self.writer is None:
            self.writer = pq.ParquetWriter(self.temps[0], table.schema)
        self.writer.write_table(table)

    def close(self, schema: Any = None) -> None:
        if self.format == "npy":
            for array in (self.strengths, self.categories):
                array.flush()
            del self.strengths, self.categories
        else:
            if self.writer is None:  # no rows: an empty file with the right columns
                empty = need("pyarrow").RecordBatch.from_pylist([], schema=schema)
                self._write(empty, np.empty(0, np.uint16), np.empty(0, np.int8))
            self.writer.close()
        for temp, path in zip(self.temps, self.paths):
            os.replace(temp, path)

    def discard(self) -> None:
        if self.format == "parquet" and self.writer is not None:
            self.writer.close()
        for temp in self.temps:
            with contextlib.suppress(OSError):
                temp.unlink()


def category_path(out: str | Path) -> Path:
    """Where the categories of `.npy` output go: beside it, `NAME.category.npy`.

    >>> category_path("hands/strengths.npy").as_posix()
    'hands/strengths.category.npy'
    """
    out = Path(out)
    return out.with_name(out.stem + ".category.npy")


def evaluate_file(
    source: str | Path,
    out: str | Path,
    *,
    game: str = "high",
    wild: str | None = None,
    flush_by_suit: bool | None = None,
    column: str | None = None,
    chunk_rows: int = TASK_ROWS,
    client: Any = None,
    scheduler: str | None = None,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> BulkRun:
    """Evaluate every hand of a file on a Dask cluster and write the results, in the input's
    order and format; return a `BulkRun` (rows, seconds, workers, outputs).

    - `.npy` of uint8 (n, 5|6|7), memory-mapped: `out` (.npy) gets the strengths (uint16) and
      `category_path(out)` the categories (int8 `Category` values, -1 for no qualifying hand).
    - Parquet, one column of card lists or text (`column`, needed when there are several): `out`
      (.parquet) gets the input's columns, `strength` (uint16) and `category` (dictionary of
      Category names, null for no qualifying hand).

    The client sends chunks of `chunk_rows` to the workers, a few per worker at a time, and
    writes each result as it arrives, so a file larger than memory streams through. A task
    lost with its worker is run again by Dask; every row is written once, from the one result
    the client takes for its chunk. The cluster: `client`, else one at `scheduler`, else a
    `local_client(workers)`. `game`, `wild` and `flush_by_suit` are `evaluate_batch`'s. Bad
    input raises ValueError or TypeError naming the row.
    """
    options = _options(game, wild, flush_by_suit, True)
    check_workers(workers, scheduler, client)
    src = _Source(source, column, chunk_rows)
    from ._names import Category

    sink = _Sink(src, out, [c.name for c in Category])
    need("distributed")
    begin = time.perf_counter()
    try:
        with connect(scheduler, workers, client) as connected:
            count = max(1, len(connected.scheduler_info(n_workers=-1)["workers"]))
            _stream(connected, src, sink, options, 2 * count + 1, progress)
        schema = src.file.schema_arrow if src.format == "parquet" else None
        sink.close(schema)
    except BaseException:
        sink.discard()
        raise
    return BulkRun(
        input=str(source),
        outputs=tuple(str(p) for p in sink.paths),
        rows=src.rows,
        game=options["game"],
        workers=count,
        seconds=time.perf_counter() - begin,
    )


def _stream(
    client: Any,
    src: _Source,
    sink: _Sink,
    options: dict[str, Any],
    limit: int,
    progress: Callable[[int], None] | None,
) -> None:
    """Keep at most `limit` chunks in flight or waiting to be written; write each result."""
    kept: dict[int, Any] = {}  # by a chunk's first row: the input rows the output keeps
    done = 0

    def work() -> Iterator[tuple[int, tuple[Any, ...]]]:
        for start, hands, rows in src.chunks():
            kept[start] = rows
            yield start, (hands, start, options)

    def save(start: int, result: tuple[np.ndarray, np.ndarray]) -> None:
        nonlocal done
        strengths, cats = result
        sink.put(start, kept.pop(start), strengths, cats)
        done += len(strengths)
        if progress is not None:
            progress(done)

    run_parts(client, _evaluate_part, work(), save, limit=limit, waiting=lambda: len(sink.waiting))
    if done != src.rows:  # pragma: no cover (a file that changed while read)
        raise ValueError(f"{src.path}: read {done:,} rows of {src.rows:,}")


@dataclass(frozen=True)
class BulkRun:
    """What `evaluate_file` (and `pokerlut bulk`) did.

    Attributes
    ----------
    input : str
        The file of hands read.
    outputs : tuple of str
        The files written: the strengths (and, for `.npy` input, the categories beside them,
        `category_path`).
    rows : int
        The hands evaluated: every row of the input.
    game : str
        The game the hands were ranked by.
    workers : int
        The Dask workers of the cluster when the run started.
    seconds : float
        Wall-clock time of the run, the cluster's start included.

    >>> run = BulkRun("hands.npy", ("s.npy", "s.category.npy"), 2_000_000, "high", 2, 1.5)
    >>> run
    BulkRun(2,000,000 rows of hands.npy (high) -> s.npy, s.category.npy in 1.50 s on 2 workers)
    >>> run.to_dict()["outputs"]
    ['s.npy', 's.category.npy']
    """

    input: str
    outputs: tuple[str, ...]
    rows: int
    game: str
    workers: int
    seconds: float

    def __repr__(self) -> str:
        return (
            f"BulkRun({self.rows:,} rows of {self.input} ({self.game}) -> "
            f"{', '.join(self.outputs)} in {self.seconds:.2f} s on {self.workers} workers)"
        )

    def to_dict(self) -> dict[str, Any]:
        """Every field as plain data for JSON (`outputs` as a list)."""
        data = asdict(self)
        data["outputs"] = list(self.outputs)
        return data
