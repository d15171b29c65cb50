"""`equity()`: who wins how often, exactly or by Monte Carlo, in hold'em, short deck, Omaha
and stud, high, low or hi-lo (split pots)."""

from __future__ import annotations

import functools
import math
import os
import time
from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np

from ..game import Game as RankingGame
from ..parallel import parallel_section
from .board import BoardSetup, Lazy
from .counters import per_player
from .deal import DEALS, GAMES, card_text
from .exact import exact_outcomes
from .montecarlo import simulated_outcomes
from .result import EquityResult, PlayerEquity
from .stud import StudGame

__all__ = ["DEFAULT_TRIALS", "EXACT_BUDGET", "EXACT_LIMIT", "GAMES", "MAX_TRIALS", "BoardGame",
           "EquityResult", "PlayerEquity", "Showdowns", "equity"]

EXACT_BUDGET = 300_000_000  # player-hand evaluations that exact=None may enumerate (~1 s)
EXACT_LIMIT = 10 * EXACT_BUDGET  # the most that exact=True enumerates (~10 s)
DEFAULT_TRIALS = 1_000_000
MAX_TRIALS = 10**13


class Showdowns(Protocol):
    """What `equity()` asks of a deal: a board game (`BoardGame`) or stud (`StudGame`).
    `exact` and `simulate` give the mean outcome counters (`counters.per_player` reads them),
    the showdowns or trials counted, and whether interrupted."""

    labels: list[str]  # the players as given
    split: bool  # a hi-lo game: the pot is split
    board: np.ndarray  # the board cards (stud: none)
    dead: np.ndarray

    def work(self) -> float:
        """Player-hand evaluations of exact enumeration (inf: too many deals to list)."""

    def too_much(self, work: float, limit: int) -> str:
        """Why exact enumeration of `work` evaluations, more than `limit`, is refused."""

    def exact(self, progress: Callable[[float], None] | None) -> tuple[np.ndarray, int, bool]:
        ...

    def simulate(self, trials: int, seed: int,
                 progress: Callable[[float], None] | None) -> tuple[np.ndarray, int, bool]:
        ...


class BoardGame:
    """Hold'em, short deck or Omaha as `Showdowns`: its `BoardSetup`, enumerated in chunks of deals
    (`exact.exact_outcomes`) or simulated (`montecarlo.simulated_outcomes`)."""

    def __init__(self, players: Sequence[str], board: str, dead: str, game: str,
                 wild: str | None, deck: int | None, ranking: str | RankingGame | None) -> None:
        self.setup = BoardSetup(players, board, dead, game, wild, deck, ranking)
        self.labels, self.split = self.setup.labels, self.setup.split
        self.board, self.dead = self.setup.board, self.setup.dead

    @functools.cached_property
    def chunks(self) -> list[tuple[np.ndarray, ...]] | Lazy | None:
        """The deals to enumerate (`BoardSetup.deal_chunks`), listed once."""
        return self.setup.deal_chunks()

    def work(self) -> float:
        return math.inf if self.chunks is None else self.setup.work(self.chunks)

    def too_much(self, work: float, limit: int) -> str:
        return (f"too much work to enumerate: {work:,} player-hand evaluations (the limit is "
                f"{limit:,}); simulate instead")

    def exact(self, progress: Callable[[float], None] | None) -> tuple[np.ndarray, int, bool]:
        assert self.chunks is not None  # work() is finite: the deals fit in chunks
        return exact_outcomes(self.setup, self.chunks, progress)

    def simulate(self, trials: int, seed: int,
                 progress: Callable[[float], None] | None) -> tuple[np.ndarray, int, bool]:
        return simulated_outcomes(self.setup, trials, seed, progress)


def equity(players: Sequence[str], board: str = "", dead: str = "", *, game: str = "holdem",
           ranking: str | RankingGame | None = None, wild: str | None = None, deck: int | None = None,
           exact: bool | None = None, trials: int | None = None, seed: int | None = None,
           threads: int | None = None,
           progress: Callable[[float], None] | None = None) -> EquityResult:
    """Each player's chance to win, tie, and share of the pot.

    game: "holdem", "short-deck" (36 cards; "short-deck-trips": three of a kind beats a
    straight), "omaha" or "omaha-hi-lo" (split pots: each player's `high` and `low` shares of
    the pot, `win` the scoops; quartered halves are counted exactly; with no qualifying low the
    high takes the whole pot).
    ranking: the high (or only) hand's ranking in place of the deal's own: a name of
    `pokerlut.games()`, a ranking built into a folder of the tables' path
    (`pokerlut.folders`), or a `pokerlut.Game` (wild cards included).
    players: hold'em hands ("AsAh") or ranges ("QQ+,AKs", "random", "15%", "AKs:0.5",
    "0.5(AKs)", "80%(A8s+)"); Omaha hands of 4 to 6 cards, several separated by commas, or
    "random" ("random5", "random6"); stud: each player's 2 to 7 known cards. board: 0 to 5
    cards. dead: cards out of play. wild: hold'em
    with wild cards ("jokers", "bug", "deuces"), in a deck of 53 or 54 cards (`deck`; 52 too
    for deuces); a player may then hold a joker ("AsJk"); ranges are of natural cards.
    exact=None enumerates every deal and board when that is at most EXACT_BUDGET player-hand
    evaluations and `trials` is not given, else simulates `trials` (default 1,000,000) deals;
    exact=True always enumerates, exact=False always simulates. A Monte Carlo run is the same
    for the same seed whatever the thread count. Ctrl-C returns the work done so far, marked
    partial. `progress`, if given, is called with the fraction done after each slice of work.

    >>> r = equity(["AsAh", "KsKh"], board="2c 7d 9h Tc")
    >>> r.exact, r.boards, round(r.players[0].equity, 4)
    (True, 44, 0.9545)
    >>> r = equity(["Ah 4h Qd Jc", "Ad 4c Qs Jh", "Kd Kh 9c 9d"], "2c 3d 8h Kc Ks", game="omaha-hi-lo")
    >>> [(p.equity, p.high, p.low) for p in r.players]  # two lows share half the pot: quartered
    [(0.25, 0.0, 0.25), (0.25, 0.0, 0.25), (0.5, 0.5, 0.0)]
    >>> r = equity(["AsAh", "KsJk"], board="Kd 7c 2h 3s", wild="jokers", deck=54)
    >>> r.boards, round(r.players[1].equity, 4)   # the joker makes three kings; AsAh needs an ace
    (46, 0.9565)
    """
    if isinstance(game, str) and game in DEALS and DEALS[game].stud:
        if wild is not None or deck is not None:
            raise ValueError(f"wild cards and other decks are offered in hold'em, not in {game}")
        setup: Showdowns = StudGame(players, board, dead, game, ranking)
    else:
        setup = BoardGame(players, board, dead, game, wild, deck, ranking)
    if trials is not None and (type(trials) is not int or not 1 <= trials <= MAX_TRIALS):
        raise ValueError(f"trials must be an int 1 .. {MAX_TRIALS:.0e}, not {trials!r}")
    if exact is not None and type(exact) is not bool:
        raise TypeError(f"exact must be True, False or None, not {exact!r}")
    if seed is not None and (type(seed) is not int or not 0 <= seed < 2**63):
        raise ValueError(f"seed must be an int 0 .. 2**63-1, not {seed!r}")
    start = time.perf_counter()
    enumerate_all = False
    if exact is not False and (exact or trials is None):
        work = setup.work()
        if exact and work > EXACT_LIMIT:
            raise ValueError(setup.too_much(work, EXACT_LIMIT))
        enumerate_all = bool(exact) or work <= EXACT_BUDGET
    used_seed = None
    with parallel_section(threads):
        if enumerate_all:
            outcomes, n, partial = setup.exact(progress)
        else:
            used_seed = seed if seed is not None else int.from_bytes(os.urandom(8), "little") >> 1
            outcomes, n, partial = setup.simulate(trials or DEFAULT_TRIALS, used_seed, progress)
    win, tie, eq, eq_squared, high, low = per_player(outcomes, len(setup.labels), setup.split)
    stderr = np.zeros_like(eq) if enumerate_all else np.sqrt(
        np.maximum(eq_squared - eq**2, 0) / max(n - 1, 1))
    result = [PlayerEquity(label, float(win[p]), float(tie[p]), float(eq[p]), float(stderr[p]),
                           *((float(high[p]), float(low[p])) if setup.split else ()))
              for p, label in enumerate(setup.labels)]
    return EquityResult(tuple(result), game, card_text(setup.board), card_text(setup.dead),
                        exact=enumerate_all, boards=int(n), elapsed=time.perf_counter() - start,
                        seed=used_seed, partial=partial)
