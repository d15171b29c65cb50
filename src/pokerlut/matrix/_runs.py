"""What a run of `compute_matrix` reports: `MatrixRun` (heads-up) and `Matrix3Run` (three-way),
both a `RunFigures`, the part they share: what the job did."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from .._deprecation import renamed_attribute, with_old_key


@dataclass
class RunFigures:
    """What the job of a run did, the fields `MatrixRun` and `Matrix3Run` share: the chunks,
    those computed now and those found done, the workers (and numba's thread count in each),
    and the task seconds summed over the chunks computed now."""

    chunks: int
    chunks_computed: int
    chunks_skipped: int
    workers: int
    worker_numba_threads: list[int] = field(default_factory=list)
    task_seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return asdict(self)


# A dataclass's fields come from its bases, the last one first, then its own: a run holds its
# files and its plan's totals (the second base), what the job did (`RunFigures`), then the
# seconds per evaluation and the wall clock. That is the order of `to_dict()` and the repr.


@dataclass
class _HeadsUpPlanned:
    """The first fields of a `MatrixRun`: its files and its plan's totals."""

    out: str
    png: str | None
    classes: int
    class_pairs: int
    combo_pairs: int
    canonical_pairs: int


@dataclass
class MatrixRun(RunFigures, _HeadsUpPlanned):
    """What a heads-up run did (`compute_matrix(n_players=2)`): the files, the totals of its
    plan, the chunks computed now and those found done, the workers (and numba's thread count
    in each), and the time: wall clock, and the task seconds summed over the chunks computed
    now (per suit-distinct pair of hands: `seconds_per_pair`, the `c` of the projection in
    `pokerlut.matrix`'s docstring)."""

    seconds_per_pair: float | None = None
    wall_seconds: float = 0.0


@dataclass
class _ThreeWayPlanned:
    """The first fields of a `Matrix3Run`: its file, its plan's totals and the table's."""

    out: str
    classes: int
    class_triples: int
    dealable_triples: int
    dealt: int


@dataclass
class Matrix3Run(RunFigures, _ThreeWayPlanned):
    """What a three-way run did (`compute_matrix(n_players=3)`): the file, the class triples
    (computed i <= j <= k), those dealable and the deals of hands in them (`dealt`; until
    this release `deals`, which still reads it with a `DeprecationWarning`, and `to_dict`
    gives both keys), the chunks computed now and found done, the workers (numba's thread
    count in each), and the time: wall clock, the task seconds summed over the chunks
    computed now, and per class triple (`seconds_per_triple`, for projections: T(N) ~
    class_triples * it / N)."""

    seconds_per_triple: float | None = None
    wall_seconds: float = 0.0

    deals = renamed_attribute("Matrix3Run", "deals", "dealt")

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON ("deals", the old key of "dealt", too, for one release)."""
        return with_old_key(super().to_dict(), "dealt", "deals")
