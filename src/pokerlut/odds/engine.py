"""`equity()`: who wins how often, exactly or by Monte Carlo, in hold'em, short deck, Omaha
and stud, high, low or hi-lo (split pots)."""

from __future__ import annotations

import functools
import itertools
import math
import os
import time
from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np

from ..cards import CardsLike
from ..game import Game as RankingGame
from ..parallel import parallel_section
from .board import BoardSetup, Lazy
from .counters import per_player
from .deal import DEALS, GAMES, card_text, read_cards
from .exact import exact_outcomes
from .montecarlo import simulated_outcomes
from .result import EquityResult, PlayerEquity, whole_pot
from .stud import StudGame

__all__ = ["DEFAULT_TRIALS", "EXACT_BUDGET", "EXACT_LIMIT", "GAMES", "MAX_BOARDS", "MAX_TRIALS",
           "BoardGame", "EquityResult", "PlayerEquity", "Showdowns", "equity"]

EXACT_BUDGET = 300_000_000  # player-hand evaluations that exact=None may enumerate (~1 s)
EXACT_LIMIT = 10 * EXACT_BUDGET  # the most that exact=True enumerates (~10 s)
DEFAULT_TRIALS = 1_000_000
MAX_TRIALS = 10**13
MAX_BOARDS = 10  # boards dealt from one deck (`equity(boards=...)`), as far as the deck allows


class Showdowns(Protocol):
    """What `equity()` asks of a deal: a board game (`BoardGame`) or stud (`StudGame`).
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

    def exact(self, progress: Callable[[float], None] | None) -> tuple[np.ndarray, int, bool]:
        ...

    def simulate(self, trials: int, seed: int,
                 progress: Callable[[float], None] | None) -> tuple[np.ndarray, int, bool]:
        ...


class BoardGame:
    """Hold'em, short deck or Omaha as `Showdowns`: its `BoardSetup`, enumerated in chunks of deals
    (`exact.exact_outcomes`) or simulated (`montecarlo.simulated_outcomes`). With several
    boards, one board's: `others`, the other boards' cards, are out of its deal."""

    def __init__(self, players: Sequence[str], board: str, dead: str, game: str,
                 wild: str | None, deck: int | None, ranking: str | RankingGame | None,
                 others: CardsLike = "", by_category: bool = False) -> None:
        self.setup = BoardSetup(players, board, dead, game, wild, deck, ranking, others,
                                by_category)
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
        return (f"too much work to enumerate: {work:,} player-hand evaluations (the limit is "
                f"{limit:,}); simulate instead")

    def exact(self, progress: Callable[[float], None] | None) -> tuple[np.ndarray, int, bool]:
        assert self.chunks is not None  # work() is finite: the deals fit in chunks
        return exact_outcomes(self.setup, self.chunks, progress)

    def simulate(self, trials: int, seed: int,
                 progress: Callable[[float], None] | None) -> tuple[np.ndarray, int, bool]:
        return simulated_outcomes(self.setup, trials, seed, progress)


def equity(players: Sequence[str], board: str = "", dead: str = "", *,
           boards: int | Sequence[str] | None = None, game: str = "holdem",
           ranking: str | RankingGame | None = None, wild: str | None = None, deck: int | None = None,
           exact: bool | None = None, trials: int | None = None, seed: int | None = None,
           threads: int | None = None, by_category: bool = False,
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
    boards: several boards (1 to MAX_BOARDS, as far as the deck goes) dealt from one deck,
    each an equal part of the pot: an int runs `board` that many times (after an all-in on the
    flop, `boards=2` deals two turns and rivers), a list gives each board's cards (double-board
    games; `board` stays empty). Cards that boards start with alike are theirs in common, any
    other card is one board's. Not in stud. `per_board` then holds each board's own result,
    its figures shares of that board's part (the single-board deal, the other boards' cards
    dead); the whole pot's `equity`, `high` and `low` are their means, its `win` and `tie`
    (joint events over the boards) NaN: not computed.
    exact=None enumerates every deal and board when that is at most EXACT_BUDGET player-hand
    evaluations (every board's) and `trials` is not given, else simulates `trials` (default
    1,000,000) deals for each board; exact=True always enumerates, exact=False always
    simulates. A Monte Carlo run is the same for the same seed whatever the thread count.
    Ctrl-C returns the work done so far, marked partial (with several boards: on the last
    board; before it, the interrupt goes on). `progress`, if given, is called with the
    fraction done after each slice of work.
    by_category=True also counts, per player, the share of the pot won with a final hand of
    each category of the game (`PlayerEquity.by_category`: name -> share, best first, zeros
    included, summing to the player's equity; exact or simulated as the rest). In hi-lo
    games the high half goes by the high hand's category, the low half by the low's
    highest card ("wheel", "6-low", "7-low", "8-low"); low games (razz) name their no-pair
    hands so too. The names: `pokerlut.odds.categories`.

    >>> r = equity(["AsAh", "KsKh"], board="2c 7d 9h Tc")
    >>> r.exact, r.boards, round(r.players[0].equity, 4)
    (True, 44, 0.9545)
    >>> r = equity(["Ah 4h Qd Jc", "Ad 4c Qs Jh", "Kd Kh 9c 9d"], "2c 3d 8h Kc Ks", game="omaha-hi-lo")
    >>> [(p.equity, p.high, p.low) for p in r.players]  # two lows share half the pot: quartered
    [(0.25, 0.0, 0.25), (0.25, 0.0, 0.25), (0.5, 0.5, 0.0)]
    >>> r = equity(["AsAh", "KsJk"], board="Kd 7c 2h 3s", wild="jokers", deck=54)
    >>> r.boards, round(r.players[1].equity, 4)   # the joker makes three kings; AsAh needs an ace
    (46, 0.9565)
    >>> r = equity(["AsAh", "KsKh"], boards=["Kd 7c 2h 3s", "Qd 8c 5h 4s"])  # a double board
    >>> [b.players[0].equity for b in r.per_board], r.players[0].equity    # each half, the pot
    ([0.05, 0.975], 0.5125)
    >>> r = equity(["AsAh", "KsKh"], board="Kd 7c 2h 3s", by_category=True)
    >>> {k: round(v, 4) for k, v in r.players[1].by_category.items() if v}  # KK: a set or better
    {'four of a kind': 0.0227, 'full house': 0.2045, 'three of a kind': 0.7273}
    """
    texts = _board_texts(board, boards)
    if type(by_category) is not bool:
        raise TypeError(f"by_category must be True or False, not {by_category!r}")
    if isinstance(game, str) and game in DEALS and DEALS[game].stud:
        if wild is not None or deck is not None:
            raise ValueError(f"wild cards and other decks are offered in hold'em, not in {game}")
        if len(texts) > 1:
            raise ValueError(f"boards: {game} has no board")
        setups: Sequence[Showdowns] = [StudGame(players, texts[0], dead, game, ranking,
                                                by_category)]
        which = [0]
    else:
        setups, which = _board_games(players, texts, dead, game, wild, deck, ranking,
                                     by_category)
    if trials is not None and (type(trials) is not int or not 1 <= trials <= MAX_TRIALS):
        raise ValueError(f"trials must be an int 1 .. {MAX_TRIALS:.0e}, not {trials!r}")
    if exact is not None and type(exact) is not bool:
        raise TypeError(f"exact must be True, False or None, not {exact!r}")
    if seed is not None and (type(seed) is not int or not 0 <= seed < 2**63):
        raise ValueError(f"seed must be an int 0 .. 2**63-1, not {seed!r}")
    start = time.perf_counter()
    enumerate_all = False
    if exact is not False and (exact or trials is None):
        work = sum(setup.work() for setup in setups)
        if exact and work > EXACT_LIMIT:
            raise ValueError(setups[0].too_much(work, EXACT_LIMIT))
        enumerate_all = bool(exact) or work <= EXACT_BUDGET
    used_seed = None
    if not enumerate_all:
        used_seed = seed if seed is not None else int.from_bytes(os.urandom(8), "little") >> 1
    runs: list[EquityResult] = []
    with parallel_section(threads):
        for j, setup in enumerate(setups):
            since = start + sum(run.elapsed for run in runs)
            runs.append(_run(setup, game, trials or DEFAULT_TRIALS, _run_seed(used_seed, j),
                             _part(progress, j, len(setups)), since))
            if runs[-1].partial and j < len(setups) - 1:
                raise KeyboardInterrupt  # the whole pot needs every board
    if len(which) == 1:
        return runs[0]
    return whole_pot(runs, which, card_text(read_cards(dead, jokers=True)), used_seed,
                     time.perf_counter() - start)


def _board_texts(board: str, boards: int | Sequence[str] | None) -> list[str]:
    """Each board's cards as given: `board` once, `boards` times (an int), or the list `boards`."""
    if boards is None:
        return [board]
    if type(boards) is int:
        if not 1 <= boards <= MAX_BOARDS:
            raise ValueError(f"boards must be 1 .. {MAX_BOARDS} or a list of boards, not {boards}")
        return [board] * boards
    if isinstance(boards, str) or not isinstance(boards, Sequence) or not all(
            isinstance(b, str) for b in boards):
        raise TypeError(f"boards is a number of boards or a list of boards (str), not {boards!r}")
    if not 1 <= len(boards) <= MAX_BOARDS:
        raise ValueError(f"boards: give 1 to {MAX_BOARDS} boards, not {len(boards)}")
    if not isinstance(board, str) or board.strip():
        raise ValueError("boards given both ways: with a list of boards, board= stays empty "
                         "(put each board's cards in the list)")
    return list(boards)


def _board_games(players: Sequence[str], texts: list[str], dead: str, game: str,
                 wild: str | None, deck: int | None, ranking: str | RankingGame | None,
                 by_category: bool = False) -> tuple[list[BoardGame], list[int]]:
    """A `BoardGame` for each board, the other boards' cards out of its deal (boards alike
    share one), and which of them each board is. Boards share only the cards they start with
    (dealt before running it again); together they need no more cards than the deck has."""
    if len(texts) == 1:
        return [BoardGame(players, texts[0], dead, game, wild, deck, ranking,
                          by_category=by_category)], [0]
    cards = []
    for k, text in enumerate(texts):
        try:
            cards.append(read_cards(text, jokers=True).tolist())
        except ValueError as error:
            raise ValueError(f"board {k + 1}: {error}") from None
    for (i, a), (j, b) in itertools.combinations(enumerate(cards), 2):
        shared = set(a) & set(b)
        astray = shared - set(a[:len(shared)]) or shared - set(b[:len(shared)])
        if astray:
            raise ValueError(f"card {card_text(np.array(sorted(astray)[:1]))} is on boards "
                             f"{i + 1} and {j + 1}: boards share only the cards they start with "
                             "(those dealt before running it twice)")
    known = list(dict.fromkeys(c for board in cards for c in board))
    alike: dict[frozenset[int], int] = {}  # a board's cards: its setup
    setups: list[BoardGame] = []
    which = []
    for k, (text, board) in enumerate(zip(texts, cards)):
        if frozenset(board) not in alike:
            alike[frozenset(board)] = len(setups)
            others = np.array([c for c in known if c not in board], np.uint8)
            try:
                setups.append(BoardGame(players, text, dead, game, wild, deck, ranking, others,
                                        by_category))
            except ValueError as error:
                raise ValueError(f"board {k + 1}: {error}") from None
        which.append(alike[frozenset(board)])
    setup = setups[0].setup
    needed = int(setup.hole_sizes.sum()) + sum(5 - len(board) for board in cards)
    if needed > len(setup.live):
        raise ValueError(f"boards: {len(players)} players and {len(texts)} boards need {needed} "
                         f"more cards; only {len(setup.live)} are left in the deck")
    return setups, which


def _run(setup: Showdowns, game: str, trials: int, seed: int | None,
         progress: Callable[[float], None] | None, since: float) -> EquityResult:
    """One board's (or stud's) result: every deal enumerated, or `trials` simulated from
    `seed`; its time counted from `since`."""
    if seed is None:
        outcomes, n, partial = setup.exact(progress)
    else:
        outcomes, n, partial = setup.simulate(trials, seed, progress)
    names = setup.category_names
    win, tie, eq, eq_squared, high, low, by_category = per_player(
        outcomes, len(setup.labels), setup.split, len(names))
    stderr = np.zeros_like(eq) if seed is None else np.sqrt(
        np.maximum(eq_squared - eq**2, 0) / max(n - 1, 1))
    result = [PlayerEquity(label, float(win[p]), float(tie[p]), float(eq[p]), float(stderr[p]),
                           float(high[p]) if setup.split else None,
                           float(low[p]) if setup.split else None,
                           None if by_category is None else dict(
                               zip(names, by_category[:, p].tolist())))
              for p, label in enumerate(setup.labels)]
    return EquityResult(tuple(result), game, card_text(setup.board), card_text(setup.dead),
                        exact=seed is None, boards=int(n), elapsed=time.perf_counter() - since,
                        seed=seed, partial=partial)


def _run_seed(seed: int | None, j: int) -> int | None:
    """The seed of the j-th board's simulation: the call's for the first, a hash of both for the
    others (independent runs); None when enumerating."""
    if seed is None or j == 0:
        return seed
    return int(np.random.SeedSequence([seed, j]).generate_state(1, np.uint64)[0] >> 1)


def _part(progress: Callable[[float], None] | None, j: int,
          n: int) -> Callable[[float], None] | None:
    """`progress` for the j-th of n equal parts of the work."""
    if progress is None:
        return None
    return lambda done: progress((j + done) / n)
