"""What a subsystem declares for `pokerlut warm`: its warm-up calls, as `Job`s.

Each subsystem with numba kernels lists, beside them, the small calls of its entry points that
compile every one of its kernels: a function ``warm_jobs()`` returning `Job`s, in `_evaluate`,
`_omaha`, `_text`, `stats`, `_equity.warmup`, `_analysis.breakdown`, `_video_poker`, `_icm`,
`abstraction._features` and, on the GPU, `_gpu.warmup`. `pokerlut._warm` collects those lists
(a new one is added to its `jobs()` or `gpu_jobs()`) and runs them on worker processes. This
module sits low (it imports only the rules), so that any subsystem can import it.

>>> job = Job("a sum", sum, ([1, 2],), cost=0.5)
>>> job.run(*job.args), checked(False)
(3, 'unchecked')
>>> sample_hands("high", 7, rows=2)
array([[0, 1, 2, 3, 4, 5, 6],
       [0, 1, 2, 3, 4, 5, 6]], dtype=uint8)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .rules import rules


@dataclass(frozen=True)
class Job:
    """One warm-up: `run(*args)` in a worker process (`run` a module-level function: it is
    pickled by name). `name` is what ``pokerlut warm --only`` matches and the report shows;
    `cost` its rough seconds with an empty cache on 2 cores, for the order only (longest
    first)."""

    name: str
    run: Callable[..., object]
    args: tuple[Any, ...] = ()
    cost: float = 3.0


def sample_hands(game: str, width: int, rows: int = 64) -> np.ndarray:
    """`rows` copies of a valid hand of `width` cards of the game's deck (uint8)."""
    return np.tile(rules(game).deck[:width], (rows, 1)).astype(np.uint8)


def checked(validate: bool) -> str:
    """The word of a job's name for checks on or off."""
    return "checked" if validate else "unchecked"
