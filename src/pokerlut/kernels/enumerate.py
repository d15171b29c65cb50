"""Enumerate every hand of 5, 6 or 7 cards of a deck in order and count them by strength."""

import numba
from numba import njit, prange

from .core import KERNEL, hand_add, hand_empty, hand_strength


@njit(**KERNEL)
def count_strengths(t, n_cards, deck, pairs, counts):
    """counts[thread, s] += number of n_cards-card hands of the deck with strength s.

    Work is split by the positions in `deck` of the two lowest cards (`pairs`, shape (k, 2));
    each thread adds into its own row of `counts`. The deeper cards are added one at a time to
    the hand state.
    """
    n = deck.shape[0]
    for p in prange(pairs.shape[0]):
        row = counts[numba.get_thread_id()]
        i0, i1 = pairs[p, 0], pairs[p, 1]
        h2 = hand_add(t, hand_add(t, hand_empty(), deck[i0]), deck[i1])
        for i2 in range(i1 + 1, n):
            h3 = hand_add(t, h2, deck[i2])
            for i3 in range(i2 + 1, n):
                h4 = hand_add(t, h3, deck[i3])
                for i4 in range(i3 + 1, n):
                    h5 = hand_add(t, h4, deck[i4])
                    if n_cards == 5:
                        row[hand_strength(t, h5)] += 1
                        continue
                    for i5 in range(i4 + 1, n):
                        h6 = hand_add(t, h5, deck[i5])
                        if n_cards == 6:
                            row[hand_strength(t, h6)] += 1
                            continue
                        for i6 in range(i5 + 1, n):
                            row[hand_strength(t, hand_add(t, h6, deck[i6]))] += 1
