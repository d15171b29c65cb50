"""`DrawShowdowns`: a draw deal as `equity()` counts it (its `Showdowns`): exact after one draw,
by Monte Carlo through several."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..deal import Deal
from .setup import DrawSetup
from .exact import exact_outcomes, work
from .montecarlo import simulated_outcomes
from .policy import resolve


class DrawShowdowns:
    """Five-card draw, lowball and the other draw deals for `equity`: each player's kept
    cards, the draws to come and the policy that plays the draws after the first; `nested`:
    the pots nested in a split pot, counted exactly (`counters.nested_pots`)."""

    def __init__(
        self,
        players: Sequence[Any],
        dead: str,
        deal: Deal,
        draw_rounds: int | None = None,
        policy: Any = None,
        by_category: bool = False,
        nested: Sequence[int] = (),
    ) -> None:
        self.setup = setup = DrawSetup(players, dead, deal, draw_rounds, by_category, nested=nested)
        self.policy = resolve(policy, setup.deal)
        self.labels, self.split = setup.labels, setup.split
        self.category_names = setup.category_names
        self.board: np.ndarray = setup.board
        self.dead: np.ndarray = setup.dead
        self.rounds = setup.rounds

    def work(self) -> float:
        """Evaluations of exact enumeration: after one draw `exact.work`; through several
        draws, infinite (not enumerated)."""
        return work(self.setup) if self.rounds == 1 else math.inf

    def too_much(self, work: float, limit: int) -> str:
        if self.rounds > 1:
            return (
                f"exact equity through {self.rounds} draws is not offered: it is simulated (exact "
                "after one draw, draw_rounds=1, or for one player, pokerlut.draw_chance)"
            )
        return (
            f"too many draws to enumerate: {self.setup.deals():,} deals of replacements ({work:,.0f} "
            f"evaluations, the limit is {limit:,}); simulate instead"
        )

    def exact(self, progress: Callable[[float], None] | None) -> tuple[np.ndarray, int, bool]:
        return exact_outcomes(self.setup, progress)

    def simulate(
        self, trials: int, seed: int, progress: Callable[[float], None] | None
    ) -> tuple[np.ndarray, int, bool]:
        if len(self.setup.nested):
            raise ValueError("nested pots are counted exactly, not simulated")
        return simulated_outcomes(self.setup, self.policy, trials, seed, progress)
