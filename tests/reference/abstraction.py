"""Slow, exact reference for poker-AI hand-strength features (Texas hold'em).

Independent of the fast library: it never imports ``pokerlut`` and reads nothing under ``src/``.
The only poker knowledge it uses is ``high.best_key`` and ``high.hand_key`` (the slow
rules-based evaluator in this package): ``hand_key(five)`` is the key of five cards and
``best_key(cards)`` the best of the keys of the fives of 5..7 cards, bigger is better.
Everything is exact, with ``fractions.Fraction``; there are no floats.

A card is the int ``4 * rank + suit`` (rank 0..12 = 2..A, suit 0..3 = c, d, h, s). A player has
two hole cards; the board has 3 (flop), 4 (turn) or 5 (river) cards.

Definitions (one opponent whose two hole cards are uniformly random among the unseen cards):

* ``river_hs_counts(hole, board5)`` -> ``(wins, ties, losses)`` over the C(45, 2) = 990
  opponent holes; win/tie/loss compares our best-of-7 with the opponent's on the same board.
* ``river_hs(hole, board5)`` -> ``HS = (wins + ties / 2) / 990``.
* ``turn_ehs(hole, board4)`` -> ``(EHS, EHS2)``: mean over the 46 river cards of the river HS,
  and mean of its square.
* ``flop_ehs(hole, board3)`` -> the same over the C(47, 2) = 1081 unordered turn+river pairs.
* ``histogram(hole, board, bins=50)`` -> for a flop or turn board, how many runouts have their
  river HS in each of ``bins`` equal bins of [0, 1]: ``min(floor(HS * bins), bins - 1)``.
* ``runout_hs(hole, board)`` -> ``[(runout, HS), ...]`` for every runout of a flop or turn board
  (runout = the added cards, ascending), the raw values the three functions above summarise.

Speed (the only cleverness, and it does not change any value): a best-of-7 key depends only on
the *set* of seven cards. On the river, the keys of all 1,081 two-card holes on a board are
computed once (``best_key`` of board + hole) and cached per board. For a flop or turn state the
opponent's seven cards are board + (runout cards + opponent hole); that set of 3 or 4 extra
cards is the same for several (runout, opponent) splits, so its key is memoised and computed
once: C(46, 3) = 15,180 evaluations for a turn instead of 46 * 990, C(47, 4) = 178,365 for a
flop instead of 1081 * 990. Those seven-card sets share most of their five-card subsets (all
but a few hold two or more board cards), so within one state each five's ``hand_key`` is
computed once too and a best of seven is the largest of its 21 fives' keys, as ``best_key``
takes it: 584,821 five-card keys for a flop instead of 21 * 178,365.

>>> from reference.high import parse_cards
>>> river_hs(parse_cards("2c 3d"), parse_cards("As Ks Qs Js Ts"))    # royal on board: all tie
Fraction(1, 2)
>>> river_hs_counts(parse_cards("As Ks"), parse_cards("Qs Js Ts 2c 3d"))  # we hold the royal
(990, 0, 0)
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
from fractions import Fraction
from typing import Iterable

from .high import best_key, card_int, hand_key

DECK = tuple(range(52))
OPPONENT_HOLES = 990  # C(45, 2): two unseen cards from 52 - 2 (ours) - 5 (board)


# ---------------------------------------------------------------------------------------------
# Input checks
# ---------------------------------------------------------------------------------------------


def _as_card_list(cards: Iterable[int], what: str) -> list[int]:
    if isinstance(cards, (str, bytes)):
        raise ValueError(f"{what}: expected card ints, got {cards!r}")
    try:
        items = list(cards)
    except TypeError:
        raise ValueError(f"{what}: expected an iterable of card ints, got {cards!r}") from None
    return [card_int(card, what) for card in items]


def _check_state(
    hole: Iterable[int], board: Iterable[int], board_sizes: tuple[int, ...], what: str
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return (hole, board) as tuples of ints, or raise ValueError."""
    hole = _as_card_list(hole, f"{what} hole")
    board = _as_card_list(board, f"{what} board")
    if len(hole) != 2:
        raise ValueError(f"{what}: expected 2 hole cards, got {len(hole)}")
    if len(board) not in board_sizes:
        sizes = " or ".join(map(str, board_sizes))
        raise ValueError(f"{what}: expected {sizes} board cards, got {len(board)}")
    every = hole + board
    if len(set(every)) != len(every):
        raise ValueError(f"{what}: duplicate cards in hole {hole} + board {board}")
    return tuple(hole), tuple(board)


def _hs_from_counts(wins: int, ties: int, losses: int) -> Fraction:
    total = wins + ties + losses
    assert total == OPPONENT_HOLES, total
    return Fraction(2 * wins + ties, 2 * total)


# ---------------------------------------------------------------------------------------------
# River
# ---------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=128)
def _hole_keys_on_river(board: tuple[int, ...]) -> dict[tuple[int, int], tuple]:
    """Key of best-of-7 for each of the C(47, 2) = 1081 holes (ascending pairs) on a 5-card board."""
    unseen = [card for card in DECK if card not in board]
    return {pair: best_key(board + pair) for pair in itertools.combinations(unseen, 2)}


def river_hs_counts(hole: Iterable[int], board: Iterable[int]) -> tuple[int, int, int]:
    """(wins, ties, losses) of ``hole`` on the 5-card ``board`` over the 990 opponent holes."""
    hole, board = _check_state(hole, board, (5,), "river_hs_counts")
    keys = _hole_keys_on_river(board)
    ours = keys[tuple(sorted(hole))]
    unseen = [card for card in DECK if card not in board and card not in hole]  # 45 cards
    wins = ties = losses = 0
    for opponent in itertools.combinations(unseen, 2):
        theirs = keys[opponent]
        if ours > theirs:
            wins += 1
        elif ours == theirs:
            ties += 1
        else:
            losses += 1
    return wins, ties, losses


def river_hs(hole: Iterable[int], board: Iterable[int]) -> Fraction:
    """HS = P(win) + P(tie) / 2 against one uniformly random opponent hole (990 of them)."""
    return _hs_from_counts(*river_hs_counts(hole, board))


# ---------------------------------------------------------------------------------------------
# Flop and turn: every runout to the river
# ---------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=8)
def _runout_counts(
    hole: tuple[int, ...], board: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], int, int, int], ...]:
    """For each runout (added cards, ascending) of a 3- or 4-card board: (runout, w, t, l)."""
    missing = 5 - len(board)
    live = [card for card in DECK if card not in board and card not in hole]  # 47 or 46 cards
    five_keys: dict[tuple[int, ...], tuple] = {}

    def best_of_seven(cards: tuple[int, ...]) -> tuple:
        """``best_key(cards)``: the best of the fives' keys, each five's computed once."""
        best = None
        for five in itertools.combinations(sorted(cards), 5):  # ascending: one tuple a set
            key = five_keys.get(five)
            if key is None:
                key = five_keys[five] = hand_key(five)
            if best is None or key > best:
                best = key
        return best

    # Opponent's seven cards = board + extra, extra = runout + opponent hole (3 or 4 cards);
    # memoised by the sorted extra cards, since the key depends only on the set of seven.
    opponent_keys: dict[tuple[int, ...], tuple] = {}
    result = []
    for runout in itertools.combinations(live, missing):
        ours = best_of_seven(hole + board + runout)
        unseen = [card for card in live if card not in runout]  # 45 cards
        assert len(unseen) == 45
        wins = ties = losses = 0
        for opponent in itertools.combinations(unseen, 2):
            extra = tuple(sorted(runout + opponent))
            theirs = opponent_keys.get(extra)
            if theirs is None:
                theirs = opponent_keys[extra] = best_of_seven(board + extra)
            if ours > theirs:
                wins += 1
            elif ours == theirs:
                ties += 1
            else:
                losses += 1
        result.append((runout, wins, ties, losses))
    assert len(result) == math.comb(len(live), missing)
    return tuple(result)


def runout_hs(hole: Iterable[int], board: Iterable[int]) -> list[tuple[tuple[int, ...], Fraction]]:
    """[(runout, river HS)] for every river card (4-card board) or turn+river pair (3-card board).

    ``runout`` is the tuple of added cards in ascending order; the HS is the river HS of ``hole``
    on ``board + runout`` exactly as ``river_hs`` defines it.
    """
    hole, board = _check_state(hole, board, (3, 4), "runout_hs")
    return [(runout, _hs_from_counts(w, t, lose)) for runout, w, t, lose in _runout_counts(hole, board)]


def _mean_and_mean_square(values: list[Fraction]) -> tuple[Fraction, Fraction]:
    n = len(values)
    return sum(values, Fraction(0)) / n, sum((v * v for v in values), Fraction(0)) / n


def turn_ehs(hole: Iterable[int], board: Iterable[int]) -> tuple[Fraction, Fraction]:
    """(EHS, EHS2) on a 4-card board: mean of the river HS over the 46 rivers, and of its square."""
    hole, board = _check_state(hole, board, (4,), "turn_ehs")
    return _mean_and_mean_square([hs for _, hs in runout_hs(hole, board)])


def flop_ehs(hole: Iterable[int], board: Iterable[int]) -> tuple[Fraction, Fraction]:
    """(EHS, EHS2) on a 3-card board over the 1081 unordered turn+river pairs."""
    hole, board = _check_state(hole, board, (3,), "flop_ehs")
    return _mean_and_mean_square([hs for _, hs in runout_hs(hole, board)])


def hs_bin(hs: Fraction, bins: int) -> int:
    """Bin index of an exact HS in ``bins`` equal bins of [0, 1]: min(floor(HS * bins), bins - 1)."""
    hs = Fraction(hs)
    if not 0 <= hs <= 1:
        raise ValueError(f"hs_bin: HS {hs} is outside [0, 1]")
    return min(math.floor(hs * bins), bins - 1)


def histogram(hole: Iterable[int], board: Iterable[int], bins: int = 50) -> list[int]:
    """Counts of runouts (rivers on a turn, turn+river pairs on a flop) per river-HS bin."""
    if isinstance(bins, bool):
        raise ValueError(f"histogram: bins must be a positive int, got {bins!r}")
    try:
        bins = operator.index(bins)
    except TypeError:
        raise ValueError(f"histogram: bins must be a positive int, got {bins!r}") from None
    if bins < 1:
        raise ValueError(f"histogram: bins must be a positive int, got {bins!r}")
    hole, board = _check_state(hole, board, (3, 4), "histogram")
    counts = [0] * bins
    for _, hs in runout_hs(hole, board):
        counts[hs_bin(hs, bins)] += 1
    return counts


def clear_caches() -> None:
    """Forget cached river tables and runouts (tests use it to force recomputation)."""
    _hole_keys_on_river.cache_clear()
    _runout_counts.cache_clear()
