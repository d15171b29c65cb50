"""Enumerate all 2,598,960 five-card hands and rank them.

Every hand gets a sortable integer key: its category in the high bits, then its tie-break
ranks (the groups ordered by size, then by rank; a straight by its top card, the wheel being
five-high). The 7,462 distinct keys, in order, are the strengths 1..7462.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from ..names import Category

N_HANDS = 2_598_960
WHEEL = 0b1_0000_0000_1111  # A-5-4-3-2


def all_hands(n_cards: int = 5) -> np.ndarray:
    """All combinations of `n_cards` of the 52 cards, in lexicographic order, as uint8 rows."""
    combos = itertools.chain.from_iterable(itertools.combinations(range(52), n_cards))
    flat = np.fromiter(combos, dtype=np.uint8)
    return flat.reshape(-1, n_cards)


@dataclass(frozen=True)
class FiveCardRanking:
    hands: np.ndarray  # (2,598,960, 5) uint8, lexicographic
    strength: np.ndarray  # uint16, 1..7462, higher wins
    category: np.ndarray  # uint8, Category per hand
    rank_mask: np.ndarray  # uint16, 13-bit mask of the ranks present
    ranks: np.ndarray  # (n, 5) uint8: ranks by significance (biggest group first; wheel 5..A)
    is_flush: np.ndarray  # bool


def rank_five_card_hands() -> FiveCardRanking:
    """Classify and rank every five-card hand (about a second)."""
    hands = all_hands(5)
    ranks = (hands >> 2).astype(np.int64)
    suits = hands & 3
    is_flush = (suits == suits[:, :1]).all(axis=1)

    counts = np.zeros((len(hands), 13), dtype=np.int64)
    rows = np.arange(len(hands))[:, None]
    np.add.at(counts, (rows, ranks), 1)
    rank_mask = np.bitwise_or.reduce(np.left_shift(1, ranks), axis=1)

    n_distinct = (counts > 0).sum(axis=1)
    top = counts.max(axis=1)
    low_bit = rank_mask & -rank_mask
    is_straight = (n_distinct == 5) & ((rank_mask == low_bit * 0b11111) | (rank_mask == WHEEL))

    # Tie-break: each card as (count of its rank, rank), sorted high to low, packed base 64.
    order = np.sort(counts[rows, ranks] * 16 + ranks, axis=1)[:, ::-1]
    tiebreak = (order * 64 ** np.arange(4, -1, -1)).sum(axis=1)
    significance = order % 16
    wheel = rank_mask == WHEEL
    significance[wheel] = np.roll(significance[wheel], -1, axis=1)  # A-5-4-3-2 -> 5-4-3-2-A
    top_card = np.where(wheel, 3, ranks.max(axis=1))
    tiebreak = np.where(is_straight, top_card, tiebreak)

    cat = np.full(len(hands), Category.HIGH_CARD, dtype=np.int64)
    cat[n_distinct == 4] = Category.ONE_PAIR
    cat[(n_distinct == 3) & (top == 2)] = Category.TWO_PAIR
    cat[(n_distinct == 3) & (top == 3)] = Category.THREE_OF_A_KIND
    cat[is_straight] = Category.STRAIGHT
    cat[is_flush] = Category.FLUSH
    cat[(n_distinct == 2) & (top == 3)] = Category.FULL_HOUSE
    cat[top == 4] = Category.FOUR_OF_A_KIND
    cat[is_straight & is_flush] = Category.STRAIGHT_FLUSH

    key = cat << 40 | tiebreak
    _, inverse = np.unique(key, return_inverse=True)
    return FiveCardRanking(
        hands=hands,
        strength=(inverse.reshape(-1) + 1).astype(np.uint16),
        category=cat.astype(np.uint8),
        rank_mask=rank_mask.astype(np.uint16),
        ranks=significance.astype(np.uint8),
        is_flush=is_flush,
    )
