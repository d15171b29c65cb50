"""Exact three-way preflop equity of triples of starting-hand classes (`pokerlut.matrix`).

A class triple (say AKo, QJo, T9o) is every deal of three specific hands of those classes
that share no card, equally likely, each over all C(46, 5) boards. The deals differ only in
their suits, and `kernels.boards` counts a deal's boards as a rank part, which depends on the
hole ranks alone, plus one flush correction per suit, which depends only on which of the
hole cards are of that suit (and the hole ranks). So a triple costs one rank part, plus one
flush correction per *pattern* (for each player, which of his two cards are of the suit) that
some deal has, weighted by how many (deal, suit) have it: 6,188 rank multisets and at
most 27 patterns (three offsuit hands), where the deals one by one cost up to 1,728 rank
parts and 6,912 flush corrections.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .table_types import Tables
from .boards import preflop_flush, preflop_ranks
from .core import NOGIL_KERNEL, njit, no_alias
from .encoding import RANK_KEY_MASK

BINS = 8  # winners' bitmasks of three players (0 never counted: someone always wins)
PATTERNS = 64  # two bits per player: which of his two hole cards are of the suit


@njit(inline="always")
def _bit(card: Any) -> Any:
    """The bit of a card (or a rank) in a mask."""
    return np.uint64(1) << np.uint64(card)


@njit(inline="always")
def read_triple(
    triples: np.ndarray, q: int, class_ranks: np.ndarray, cls: np.ndarray, pair: np.ndarray
) -> None:
    """cls[p] (3): the classes of triple q of `triples`; pair[p]: whether class cls[p] is a
    pair."""
    for p in range(3):
        cls[p] = triples[q, p]
        pair[p] = class_ranks[cls[p], 0] == class_ranks[cls[p], 1]


@njit(inline="always")
def deal_patterns(
    combos: np.ndarray,
    n_combos: np.ndarray,
    class_ranks: np.ndarray,
    cls: np.ndarray,
    pair: np.ndarray,
    hand: np.ndarray,
    mult: np.ndarray,
) -> int:
    """The deals of class triple cls, pair (`read_triple`; arrays as in
    `count_class_triples`): their number, and mult[key] (PATTERNS) the (deal, suit) whose
    pattern is `key` (two bits per player: which of his hole cards are of the suit). hand:
    scratch (3)."""
    a, b, c = cls[0], cls[1], cls[2]
    mult[:] = 0
    n_deals = 0
    for x in range(n_combos[a]):
        ma = _bit(combos[a, x, 0]) | _bit(combos[a, x, 1])
        hand[0] = x
        for y in range(n_combos[b]):
            mb = _bit(combos[b, y, 0]) | _bit(combos[b, y, 1])
            if ma & mb:
                continue
            hand[1] = y
            for z in range(n_combos[c]):
                if (ma | mb) & (_bit(combos[c, z, 0]) | _bit(combos[c, z, 1])):
                    continue
                hand[2] = z
                n_deals += 1
                for suit in range(4):
                    key = 0
                    for p in range(3):
                        bits = np.int64(combos[cls[p], hand[p], 0] & 3 == suit) | (
                            np.int64(combos[cls[p], hand[p], 1] & 3 == suit) << 1
                        )
                        if pair[p] and bits == 2:  # a pair's cards have the same rank
                            bits = 1
                        key |= bits << (2 * p)
                    mult[key] += 1
    return n_deals


@njit(inline="always")
def rank_keys(t: Tables, rank_key: np.ndarray) -> None:
    """rank_key[r] (uint64, 13): the rank key of rank r."""
    for r in range(13):
        rank_key[r] = t.card_key[4 * r] & RANK_KEY_MASK


@njit(inline="always")
def hole_ranks(
    class_ranks: np.ndarray, cls: np.ndarray, rank_key: np.ndarray, avail: np.ndarray, hole_keys: np.ndarray
) -> None:
    """What the rank part and every flush correction of class triple cls share: avail[r] (13)
    the cards of rank r not in the players' hands, hole_keys[p] (uint64, 3) the rank key of
    player p's hole cards (rank_key from `rank_keys`)."""
    avail[:] = 4
    for p in range(3):
        hi, lo = class_ranks[cls[p], 0], class_ranks[cls[p], 1]
        avail[hi] -= 1
        avail[lo] -= 1
        hole_keys[p] = rank_key[hi] + rank_key[lo]


@njit(inline="always")
def pattern_masks(class_ranks: np.ndarray, cls: np.ndarray, key: int, hole_masks: np.ndarray) -> None:
    """hole_masks[p] (uint64, 3): the ranks of player p's hole cards of the suit in pattern
    `key` (`deal_patterns`) of class triple cls."""
    for p in range(3):
        bits = (key >> (2 * p)) & 3
        m = np.uint64(0)
        if bits & 1:
            m |= _bit(class_ranks[cls[p], 0])  # rank bits
        if bits & 2:
            m |= _bit(class_ranks[cls[p], 1])
        hole_masks[p] = m


@njit(**NOGIL_KERNEL)
def count_class_triples(
    t: Tables,
    combos: np.ndarray,
    n_combos: np.ndarray,
    class_ranks: np.ndarray,
    triples: np.ndarray,
    counts: np.ndarray,
    deals: np.ndarray,
    patterns: np.ndarray,
    ints: np.ndarray,
    words: np.ndarray,
    row: np.ndarray,
    mult: np.ndarray,
) -> None:
    """counts[q, winners] = boards summed over every deal of class triple triples[q] (three
    indices into the classes), deals[q] = its deals (0: the classes cannot be dealt together,
    counts[q] left at 0), patterns[q] = the flush corrections computed.

    combos[c, :n_combos[c]]: the hands of class c as (card, card), cards 4 * rank + suit,
    the higher rank first; class_ranks[c] = (high rank, low rank). Scratch: ints int64 (64),
    words uint64 (32), row int64 (BINS), mult int64 (PATTERNS). `pokerlut._gpu.matrix` runs
    the same steps (`read_triple`, `deal_patterns`, `rank_keys`, `hole_ranks`, `preflop_ranks`,
    `pattern_masks`, `preflop_flush`) on a GPU, a thread per class triple or per step."""
    no_alias()
    avail, rest_avail, hole_counts = ints[0:13], ints[13:26], ints[26:29]
    suited_cards, idx, count = ints[29:42], ints[42:47], ints[47:50]
    rank_key, hole_keys, hole_masks, mask = words[0:13], words[13:16], words[16:19], words[19:22]
    rank_keys(t, rank_key)
    cls, hand, pair = ints[50:53], ints[53:56], ints[56:59]
    for q in range(triples.shape[0]):
        read_triple(triples, q, class_ranks, cls, pair)
        n_deals = deal_patterns(combos, n_combos, class_ranks, cls, pair, hand, mult)
        deals[q] = n_deals
        patterns[q] = 0
        if n_deals == 0:
            continue
        hole_ranks(class_ranks, cls, rank_key, avail, hole_keys)
        row[:] = 0
        preflop_ranks(t, rank_key, avail, hole_keys, 3, row, mask, count)
        for w in range(BINS):
            counts[q, w] = n_deals * row[w]
        for key in range(PATTERNS):
            if mult[key] == 0:
                continue
            pattern_masks(class_ranks, cls, key, hole_masks)
            row[:] = 0
            preflop_flush(
                t,
                rank_key,
                avail,
                hole_keys,
                hole_masks,
                3,
                row,
                rest_avail,
                hole_counts,
                suited_cards,
                idx,
                count,
                mask,
            )
            patterns[q] += 1
            for w in range(BINS):
                counts[q, w] += mult[key] * row[w]
