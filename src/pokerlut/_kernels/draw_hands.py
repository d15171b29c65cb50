"""The draw games' hands, shared by their three kernels (`draw_exact`, `draw_simulate`,
`draw_chance`): subsets of the live cards by colex rank, and a hand's strength in the game of
its tables.

Cards come from the stub, `live` (the cards no player holds and no one has seen), and a
subset of it is named by indices into `live`, in increasing order; its colex rank (the sum of
C(index_j, j + 1)) numbers the subsets of one size 0 .. C(m, k) - 1, which is how a player's
precomputed strengths are looked up. A hand is `h` cards (5, or 4 in Badugi): the cards kept,
then those drawn; `draw_strength` values it in a game whose tables are `t`, compiled per kind
of tables: a poker game's `Tables` by its hand state (`state_add` keeps it), a
Badugi game's `BadugiTables` by its cards (`badugi.badugi4`, `badugi5`; no hand state).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from numba.extending import overload

from .table_types import BadugiTables, Tables
from .badugi import badugi4, badugi5
from .core import Hand, hand_add, hand_empty, hand_strength, next_combo, njit

# error codes of the Monte Carlo and chance kernels (errors[b, 0] of `draw_simulate.simulate_kernel`)
BAD_KEEP, NO_CARDS, TOO_MUCH = 1, 2, 3


def binomials(n: int = 53, k: int = 8) -> np.ndarray:
    """(n, k) int64: C(i, j)."""
    table = np.zeros((n, k), np.int64)
    table[:, 0] = 1
    for i in range(1, n):
        for j in range(1, k):
            table[i, j] = table[i - 1, j - 1] + table[i - 1, j]
    table.setflags(write=False)
    return table


BINOM = binomials()


@njit(inline="always")
def colex_rank(live_idx: np.ndarray, k: int) -> int:
    """The colex rank of the k increasing indices live_idx[:k]."""
    rank = 0
    for j in range(k):
        rank += BINOM[live_idx[j], j + 1]
    return rank


def draw_strength(t: Any, cards: np.ndarray, h: int, hand: Hand) -> Any:
    """The strength of a hand of h cards (cards[:h], hand state `hand`) in the game of `t`:
    five cards of a poker game (by the hand state), or four cards of Badugi or the best four
    of five (`badugi.badugi4`, `badugi5`: by the cards). For numba code only: compiled per
    kind of tables (below)."""
    raise NotImplementedError("draw_strength is compiled by numba")


def state_add(t: Any, hand: Hand, card: Any) -> Hand:
    """`core.hand_add` in a poker game; in Badugi, whose strength reads the cards, the empty
    state. For numba code only."""
    raise NotImplementedError("state_add is compiled by numba")


def is_badugi(t: Any) -> bool:
    """Whether numba type `t` is that of a Badugi game's tables."""
    kind = getattr(t, "instance_class", None)
    return isinstance(kind, type) and issubclass(kind, BadugiTables)


@overload(draw_strength, inline="always")
def _draw_strength(t: Any, cards: Any, h: Any, hand: Any) -> Callable[..., Any]:
    if is_badugi(t):

        def badugi(t: Any, cards: Any, h: Any, hand: Any) -> Any:
            if h == 4:
                return np.int64(badugi4(t, cards[0], cards[1], cards[2], cards[3]))
            return np.int64(badugi5(t, cards[0], cards[1], cards[2], cards[3], cards[4]))

        return badugi

    def five(t: Any, cards: Any, h: Any, hand: Any) -> Any:
        return np.int64(hand_strength(t, hand, True))

    return five


# An @overload's typing function and the implementation it returns have the same parameters,
# annotations included (numba checks; `core` says so too).


@overload(state_add, inline="always")
def _state_add(t: Any, hand: Any, card: Any) -> Callable[..., Any]:
    if is_badugi(t):

        def empty(t: Any, hand: Any, card: Any) -> Any:
            return hand_empty()

        return empty

    def add(t: Any, hand: Any, card: Any) -> Any:
        return hand_add(t, hand, card)

    return add


@njit(inline="always")
def row_hand(t: Any, cards: np.ndarray, h: int) -> Hand:
    """The hand state of cards[:h]."""
    hand = hand_empty()
    for i in range(h):
        hand = state_add(t, hand, cards[i])
    return hand


@njit(inline="always")
def row_strength(t: Tables, cards: np.ndarray, h: int) -> Any:
    """`draw_strength` of cards[:h]."""
    return draw_strength(t, cards, h, row_hand(t, cards, h))


@njit(cache=True)
def all_subsets(m: int, k: int, out: np.ndarray) -> None:
    """out[i, :k] = the i-th k-subset of range(m) in lexicographic order (k = 0: one row)."""
    idx = np.arange(max(k, 1))
    i = 0
    more = True
    while more:
        for j in range(k):
            out[i, j] = idx[j]
        i += 1
        more = next_combo(idx, k, m)
