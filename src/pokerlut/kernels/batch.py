"""Batch kernels over (n, width) uint8 card arrays, parallel over rows."""

import numpy as np
from numba import njit, prange

from .core import KERNEL, eval5, hand_add, hand_empty, hand_strength


@njit(inline="always")
def row_hand(t, hands, i, width):
    """The hand state of row i; `width` is a literal at every call so the loop unrolls."""
    hand = hand_empty()
    for j in range(width):
        hand = hand_add(t, hand, hands[i, j])
    return hand


@njit(**KERNEL)
def evaluate_rows(t, hands, out):
    """out[i] = strength of the best five of row i (5, 6 or 7 cards)."""
    n, width = hands.shape
    if width == 7:
        for i in prange(n):
            out[i] = hand_strength(t, row_hand(t, hands, i, 7))
    elif width == 6:
        for i in prange(n):
            out[i] = hand_strength(t, row_hand(t, hands, i, 6))
    else:
        for i in prange(n):
            out[i] = hand_strength(t, row_hand(t, hands, i, 5))


@njit(**KERNEL)
def evaluate5_rows(t, hands, out):
    """out[i] = strength of the five cards of row i by `eval5` (the Cactus Kev tables)."""
    for i in prange(hands.shape[0]):
        out[i] = eval5(t, hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4])


@njit(parallel=True, cache=True)  # a min-reduction needs numba's runtime; no tables read here
def first_bad_row(hands):
    """Index of the first row with a card above 51 or a repeated card; len(hands) if none."""
    n, width = hands.shape
    first = n
    for i in prange(n):
        seen = np.uint64(0)
        for j in range(width):
            card = hands[i, j]
            bit = np.uint64(1) << np.uint64(card & 63)
            if card > 51 or seen & bit:
                first = min(first, i)
                break
            seen |= bit
    return first
