"""What `equity()` runs for each deal (`Showdowns`): the board games' (`BoardShowdowns`, on the
CPU or the GPU), stud's (`stud.StudShowdowns`) and the draw games'
(`draw.showdowns.DrawShowdowns`)."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np

from .._cards import CardsLike
from .board import BoardSetup, Lazy
from .deal import Deal
from .exact import exact_outcomes
from .montecarlo import simulated_outcomes


class Showdowns(Protocol):
    """What `equity()` asks of a deal: a board game (`BoardShowdowns`) or stud (`StudShowdowns`).
    `exact` and `simulate` give the mean outcome counters (`counters.per_player` reads them),
    the showdowns or trials counted, and whether interrupted."""

    labels: list[str]  # the players as given
    split: bool  # a hi-lo game: the pot is split
    category_names: tuple[str, ...]  # by category: the categories counted (else none)
    board: np.ndarray  # the board cards (stud: none)
    dead: np.ndarray

    def work(self) -> float:
        """Player-hand evaluations of exact enumeration (inf: too many deals to list)."""

    def too_much(self, work: float, limit: int) -> str:
        """Why exact enumeration of `work` evaluations, more than `limit`, is refused."""

    def exact(self, progress: Callable[[float], None] | None) -> tuple[np.ndarray, int, bool]: ...

    def simulate(
        self, trials: int, seed: int, progress: Callable[[float], None] | None
    ) -> tuple[np.ndarray, int, bool]: ...


class BoardShowdowns:
    """Hold'em, short deck or Omaha as `Showdowns`: its `BoardSetup`, enumerated in chunks of deals
    (`exact.exact_outcomes`) or simulated (`montecarlo.simulated_outcomes`); with
    device="cuda", on the GPU (`pokerlut._gpu.equity`). With several boards, one board's:
    `others`, the other boards' cards, are out of its deal. `nested`: the pots nested in a
    split pot (`counters.nested_pots`; exact, on the CPU)."""

    def __init__(
        self,
        hands: Sequence[str],
        board: str,
        dead: str,
        deal: Deal,
        others: CardsLike = "",
        by_category: bool = False,
        device: str = "cpu",
        nested: Sequence[int] = (),
    ) -> None:
        self.setup = BoardSetup(hands, board, dead, deal, others, by_category, nested)
        self.device = device  # "cuda": counted by `pokerlut._gpu.equity`
        if device == "cuda" and len(self.setup.nested):
            raise ValueError("nested pots are counted on the CPU")
        if device == "cuda":
            from .._gpu import equity as gpu

            gpu.check_setup(self.setup)
        self.labels, self.split = self.setup.labels, self.setup.split
        self.category_names = self.setup.category_names
        self.board = self.setup.board
        self.dead = np.concatenate([self.setup.dead, self.setup.others])  # out of this deal

    @functools.cached_property
    def chunks(self) -> list[tuple[np.ndarray, ...]] | Lazy | None:
        """The deals to enumerate (`BoardSetup.deal_chunks`), listed once."""
        return self.setup.deal_chunks()

    def work(self) -> float:
        return math.inf if self.chunks is None else self.setup.work(self.chunks)

    def too_much(self, work: float, limit: int) -> str:
        return (
            f"too much work to enumerate: {work:,} player-hand evaluations (the limit is "
            f"{limit:,}); simulate instead"
        )

    def exact(self, progress: Callable[[float], None] | None) -> tuple[np.ndarray, int, bool]:
        assert self.chunks is not None  # work() is finite: the deals fit in chunks
        if self.device == "cuda":
            from .._gpu import equity as gpu

            return gpu.exact_outcomes(self.setup, self.chunks, progress)
        return exact_outcomes(self.setup, self.chunks, progress)

    def simulate(
        self, trials: int, seed: int, progress: Callable[[float], None] | None
    ) -> tuple[np.ndarray, int, bool]:
        if self.device == "cuda":
            from .._gpu import equity as gpu

            return gpu.simulated_outcomes(self.setup, trials, seed, progress)
        if len(self.setup.nested):
            raise ValueError("nested pots are counted exactly, not simulated")
        return simulated_outcomes(self.setup, trials, seed, progress)
