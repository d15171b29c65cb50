"""`StudShowdowns`: stud, razz and stud hi-lo, with no board: each player's known cards, the rest
dealt from the live cards, every deal enumerated or simulated by the stud kernels."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence

import numba
import numpy as np

from .._kernels.table_types import Tables
from .._cards import parse_cards
from .._kernels.stud import STUD_ENUMERATE, STUD_ENUMERATE_NESTED, STUD_SIMULATE, StudScratch, StudSpot
from .._parallel import balanced_order
from .categories import kernel_tables
from .counters import CALL_WORK, bins, counters, nested_pots
from .deal import Deal, no_repeats, read_cards
from .montecarlo import in_blocks
from .._parallel import in_calls, on_shares


class StudShowdowns:
    """Stud input, parsed and checked: each player's known cards (2 to 7, up and down) and the
    live cards the rest are dealt from; `nested`: the pots nested in a split pot
    (`counters.nested_pots`); `engine.Showdowns`."""

    def __init__(
        self,
        players: Sequence[str],
        board: str,
        dead: str,
        deal: Deal,
        by_category: bool = False,
        nested: Sequence[int] = (),
    ) -> None:
        if isinstance(players, str) or not 2 <= len(players) <= 8:
            raise ValueError("give 2 to 8 stud players, each as his known cards")
        if isinstance(board, str) and board.strip():
            raise ValueError(
                f"{deal.name} has no board: give each player's known cards, and the "
                "folded players' up-cards as dead"
            )
        self.deal = deal
        self.split = deal.split
        self.game, self.low_game = deal.high, deal.low
        self.rules = deal.high.rules
        self.category_names, self.buckets, self.low_buckets = kernel_tables(
            self.rules, deal.low.rules if deal.low else None, by_category
        )  # by category: `BoardSetup`'s
        self.categories = len(self.category_names)
        self.nested = nested_pots(nested, len(players), self.split, self.categories)
        self.dead = read_cards(dead)
        self.holes: list[np.ndarray] = []
        for i, text in enumerate(players):
            if not isinstance(text, str):
                raise TypeError(f"player {i + 1}: a stud hand is a str of cards, not {type(text).__name__}")
            try:
                hole = parse_cards(text)
            except ValueError as error:
                raise ValueError(f"player {i + 1}: {error}") from None
            if not 2 <= len(hole) <= 7:
                raise ValueError(f"player {i + 1}: a stud hand has 2 to 7 known cards, not {len(hole)}")
            self.holes.append(hole)
        no_repeats([("dead cards", self.dead), *((f"player {i + 1}", h) for i, h in enumerate(self.holes))])
        known = {int(c) for c in np.concatenate([self.dead, *self.holes])}
        self.live = np.array([c for c in range(52) if c not in known], dtype=np.uint8)
        self.missing = np.array([7 - len(h) for h in self.holes], dtype=np.int64)
        if self.missing.sum() > len(self.live):
            raise ValueError(
                f"{len(players)} stud players need {int(self.missing.sum())} more "
                f"cards; only {len(self.live)} are left in the deck (the usual "
                "shared last card is not dealt here)"
            )
        t = self.game.tables  # each player's hand state (`core.hand_add`), by numpy:
        self.known = np.array(
            [
                (
                    t.card_key[hole].sum(dtype=np.uint64),  # no numba call here
                    np.bitwise_or.reduce(t.card_bit[hole]),
                )
                for hole in self.holes
            ],
            dtype=np.uint64,
        )
        self.board = np.zeros(0, np.uint8)  # no board
        self.labels = [str(p) for p in players]

    def tables(self) -> tuple[Tables, Tables]:
        """(high, low) for the stud kernels; low = high when the pot is not split."""
        high = self.game.tables
        return high, self.low_game.tables if self.low_game else high

    def spot(self) -> StudSpot:
        """What the stud kernels share of this input (`kernels.stud.StudSpot`)."""
        return StudSpot(self.live, self.known, self.missing, self.buckets, self.low_buckets, self.nested)

    def working_rows(self) -> list[StudScratch]:
        """The stud kernels' working rows, thread k's at [k] (`kernels.stud.StudScratch`)."""
        threads: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
        idx = np.zeros((threads, len(self.holes), 8), np.int64)
        stock = np.zeros((threads, 64), np.uint8)
        now = np.zeros((threads, max(len(self.holes), 8), 2), np.uint64)
        return [StudScratch(idx[k], stock[k], now[k]) for k in range(threads)]

    def bins(self) -> int:
        """A row of outcome counters (`counters.bins`)."""
        return bins(len(self.holes), self.split, self.categories, len(self.nested))

    def showdowns(self) -> int:
        """Distinct deals of the missing cards."""
        left, total = len(self.live), 1
        for m in self.missing.tolist():
            total *= math.comb(left, m)
            left -= m
        return total

    def work(self) -> float:
        """Player-hand evaluations of exact enumeration (the nested pots' players again)."""
        return self.showdowns() * (len(self.holes) + int(self.nested.sum())) * (2 if self.split else 1)

    def too_much(self, work: float, limit: int) -> str:
        """Why exact enumeration of `work` evaluations, more than `limit`, is refused."""
        return (
            f"too many stud deals to enumerate: {self.showdowns():,} showdowns ({work:,} "
            f"evaluations, the limit is {limit:,}); simulate instead"
        )

    def exact(self, progress: Callable[[float], None] | None) -> tuple[np.ndarray, int, bool]:
        """Every deal of the missing cards: outcome counters per showdown, showdowns, partial."""
        n = len(self.holes)
        combos = list(itertools.combinations(range(len(self.live)), int(self.missing[0])))
        first = np.array(combos, dtype=np.int64).reshape(len(combos), int(self.missing[0]))
        first = np.ascontiguousarray(first[balanced_order(np.ones(len(first)), numba.get_num_threads())])
        threads: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
        counts = np.zeros((threads, self.bins()), dtype=np.int64)
        spot, scratch = self.spot(), self.working_rows()
        per_call = max(1, len(first) * CALL_WORK // max(1, self.showdowns() * n))
        kernel = STUD_ENUMERATE_NESTED if len(self.nested) else STUD_ENUMERATE[self.split]
        high, low = self.tables()

        def call(items: slice) -> None:
            part = first[items]

            def run(share: slice, thread: int) -> None:
                kernel(high, low, spot, part[share], counts[thread], scratch[thread])

            on_shares(len(part), run)

        done = in_calls(len(first), per_call, call, progress)
        total = counts.sum(axis=0)
        seen = int(total[0] if self.split else total[: counters(n, False, self.categories)].sum())
        return total / max(seen, 1), seen, done < len(first)

    def simulate(
        self, trials: int, seed: int, progress: Callable[[float], None] | None
    ) -> tuple[np.ndarray, int, bool]:
        """`trials` random deals: outcome counters per trial, trials run, partial."""
        if len(self.nested):
            raise ValueError("nested pots are counted exactly, not simulated")
        n = len(self.holes)
        spot, scratch = self.spot(), self.working_rows()
        kernel, (high, low) = STUD_SIMULATE[self.split], self.tables()

        def run(start: int, block_trials: np.ndarray, counts: np.ndarray) -> None:
            def blocks_run(blocks: slice, thread: int) -> None:
                kernel(
                    high,
                    low,
                    spot,
                    np.uint64(seed),
                    start + blocks.start,
                    block_trials[blocks],
                    counts[blocks],
                    scratch[thread],
                )

            on_shares(len(counts), blocks_run)

        return in_blocks(trials, self.bins(), n, run, progress)
