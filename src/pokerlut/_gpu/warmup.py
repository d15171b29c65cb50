"""The GPU's warm-up calls (`pokerlut warm --device cuda`), as `Job`s for `pokerlut._warm` to run.

`evaluate_batch(device="cuda")`'s kernels (`pokerlut._gpu.batch`) are compiled per kind of
tables, row width and checks on or off, Italian poker's per checks on or off; the equity and
matrix modules' are compiled on first use. This module imports numba-cuda only when a job
runs, so that ``pokerlut warm --device cuda --list`` works without it.

>>> [job.name for job in warm_jobs() if "italian" in job.name]
['gpu evaluate_batch italian checked', 'gpu evaluate_batch italian unchecked']
"""

from __future__ import annotations

from .. import _tables as tables
from .._warmup import Job, checked, sample_hands


def warm_jobs() -> list[Job]:
    """Every GPU warm-up job: `evaluate_batch(device="cuda")` of rows of 5, 6 or 7 cards,
    checks on or off, for one game of each kind of tables, then Italian poker's (one deck's
    tables compile them all), checks on or off."""
    out = [
        Job(
            f"gpu evaluate_batch {game} {width} {checked(validate)}", _evaluate_batch, (game, width, validate)
        )
        for game in tables.first_game_of_each_kind().values()
        for width in (5, 6, 7)
        for validate in (True, False)
    ]
    out += [
        Job(f"gpu evaluate_batch italian {checked(validate)}", _evaluate_batch, ("italian-4", 5, validate))
        for validate in (True, False)
    ]
    return out


def _evaluate_batch(game: str, width: int, validate: bool) -> None:
    from .._evaluate import evaluate_batch

    evaluate_batch(sample_hands(game, width), game=game, validate=validate, device="cuda")
