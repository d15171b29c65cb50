"""Enumerate every hand of 5, 6 or 7 cards of a deck in order and count them by strength.

Every game's deck is the cards from its lowest card up to 51, and the jokers 52, 53 in games
with wild cards (`Rules` keeps the ranks from one rank up to the ace), so the loops run over
card values: the pairs of lowest cards say where the deck starts, and the deck's end is a
constant of the compiled kernel (a run-time bound cost 15 % on one thread).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numba
import numpy as np
from numba import prange

from ..tables import Tables
from .core import KERNEL, hand_add, hand_empty, hand_strength, njit

if TYPE_CHECKING:
    from numba.core.dispatcher import Dispatcher


def _counting_kernel(
    end: int,
) -> Dispatcher[Callable[[Tables, int, np.ndarray, np.ndarray], None]]:
    """The enumeration over decks that end below card `end` (52, 53 or 54)."""

    @njit(**KERNEL)
    def count_strengths(t: Tables, n_cards: int, pairs: np.ndarray, counts: np.ndarray) -> None:
        """counts[thread, s] += number of n_cards-card hands of strength s whose two lowest
        cards are a row of `pairs` (shape (k, 2), cards of the deck): every hand of the deck
        when `pairs` holds all pairs of its cards. Each thread adds into its own row of
        `counts`; the deeper cards are added one at a time to the hand state.
        """
        for p in prange(pairs.shape[0]):
            row = counts[numba.get_thread_id()]
            c0, c1 = pairs[p, 0], pairs[p, 1]
            h2 = hand_add(t, hand_add(t, hand_empty(), c0), c1)
            for c2 in range(c1 + 1, end):
                h3 = hand_add(t, h2, c2)
                for c3 in range(c2 + 1, end):
                    h4 = hand_add(t, h3, c3)
                    for c4 in range(c3 + 1, end):
                        h5 = hand_add(t, h4, c4)
                        if n_cards == 5:
                            row[hand_strength(t, h5)] += 1
                            continue
                        for c5 in range(c4 + 1, end):
                            h6 = hand_add(t, h5, c5)
                            if n_cards == 6:
                                row[hand_strength(t, h6)] += 1
                                continue
                            for c6 in range(c5 + 1, end):
                                row[hand_strength(t, hand_add(t, h6, c6))] += 1

    return count_strengths


COUNT_STRENGTHS = {end: _counting_kernel(end) for end in (52, 53, 54)}  # by the deck's end
