"""Exact hold'em enumeration by counting boards in classes, not dealing them one by one.

A player's hand is his two hole cards and the five-card board. Without a flush its strength
depends on the board's ranks alone, and a flush needs three or more board cards of one suit,
which only one suit can have. So the showdowns of one deal of hole cards add up as:

1. every rank multiset of the cards still to come, weighted by the number of boards that have
   those ranks (the product of C(cards left of that rank, times it appears)), its winners found
   by each player's rank strength alone;
2. then, per suit s, every board on which someone holds five cards of s: the cards to come of s
   one by one (their ranks make the flush), the others of other suits again as rank multisets
   with weights. Where the true winners differ from those of (1), the weight moves from the
   rank-only outcome to the true one. Two suits that every player, the board and the deck
   hold in the same ranks are mirror images: swapping them maps the flush boards of one onto
   the other's with the same winners, so only the first is dealt, its weight times the copies.

Heads-up preflop that is about 6,000 rank classes plus a few thousand flush boards instead of
1,712,304 boards, and the counts stay exact integers. A work item is one deal and a range of
"parts": rank blocks, then per suit the flush boards by the first (lowest) card of the suit.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
from numba.extending import overload

from .table_types import Tables
from .core import (
    NOGIL_KERNEL,
    bit_count,
    hand_add,
    hand_empty,
    hand_merge,
    next_combo,
    njit,
    no_alias,
    rank_strength,
    suited_strength,
)
from .encoding import RANK_BITS, RANK_KEY_MASK
from .showdown import outcome_bin, winners_with


def _multisets(n_ranks: int = 13, largest: int = 5) -> tuple[np.ndarray, ...]:
    """Every multiset of 0..largest ranks, by size: (first row of each size and one past the
    last, (rows, 5) distinct ranks, (rows, 5) how often each appears, distinct ranks per row).
    int8: 94 KB in all (as int64, 0.75 MB made the kernel 4-7 % slower, its compile slower
    and its cache file 1.4 MB larger; packing a multiset into one word made it 20 % slower)."""
    rows = [
        m
        for size in range(largest + 1)
        for m in itertools.combinations_with_replacement(range(n_ranks), size)
    ]
    starts = np.cumsum([0] + [math.comb(n_ranks + s - 1, s) for s in range(largest + 1)])
    ranks = np.zeros((len(rows), 5), np.int8)
    times = np.zeros((len(rows), 5), np.int8)
    distinct = np.zeros(len(rows), np.int8)
    for i, m in enumerate(rows):
        for j, (rank, group) in enumerate(itertools.groupby(m)):
            ranks[i, j], times[i, j] = rank, len(list(group))
            distinct[i] = j + 1
    return starts, ranks, times, distinct


MULTISET_STARTS, MULTISET_RANKS, MULTISET_TIMES, MULTISET_DISTINCT = _multisets()
BINOMIAL = np.array([[math.comb(n, k) for k in range(6)] for n in range(5)], np.int64)
RANK_BLOCKS = 16  # parts 0..15: the rank multisets in 16 blocks
FLUSH_PARTS = 14  # then per suit: the flush boards by the index of their first card of the suit
# (0..12), or 13: none to come (the known board already gives someone five of the suit)
PARTS = RANK_BLOCKS + 4 * FLUSH_PARTS
SUIT_0 = np.uint64(0x1_1111_1111_1111)  # the bits of the 13 cards of suit 0 in a card mask
NO_BUCKETS = np.zeros(0, np.int8)  # `buckets` when not counting by category


def multiset_rows() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """MULTISET_RANKS, MULTISET_TIMES and MULTISET_DISTINCT, for numba code, compiled per
    target: the CPU's kernels read them as constants in the code, as any global array; a CUDA
    kernel (`pokerlut._gpu`, which registers its own version) from the device's global memory,
    since they do not fit in its 64 KB of constant memory."""
    return MULTISET_RANKS, MULTISET_TIMES, MULTISET_DISTINCT


@overload(multiset_rows, target="cpu", inline="always")  # CUDA: `pokerlut._gpu.matrix.register`
def _multiset_rows() -> Callable[[], tuple[np.ndarray, np.ndarray, np.ndarray]]:
    def rows() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return MULTISET_RANKS, MULTISET_TIMES, MULTISET_DISTINCT

    return rows


@njit(inline="always")
def _classes(
    t: Tables,
    rank_key: np.ndarray,
    avail: np.ndarray,
    lo: int,
    hi: int,
    row: np.ndarray,
    hole_keys: np.ndarray,
    n: int,
    suited: bool,
    mask: np.ndarray,
    count: np.ndarray,
    key: Any,
    buckets: np.ndarray,
) -> None:
    """Rank multisets lo..hi-1 of the cards to come (ranks drawn from `avail` cards per rank),
    each on top of `key` (the rank key of the board's other cards) with its weight. Without
    `suited`: add each multiset's rank-only outcome. With it: the board is one on which the
    players with count[p] >= 5 hold a flush whose ranks are mask[p]; where that changes the
    winners (or, by category with `buckets`, the winning category: `showdown.outcome_bin`), move
    the weight from the rank-only outcome to the true one."""
    ranks_of, times_of, distinct = multiset_rows()
    for i in range(lo, hi):
        weight = np.int64(1)
        total = key
        for j in range(distinct[i]):
            rank, times = np.int64(ranks_of[i, j]), np.int64(times_of[i, j])
            weight *= BINOMIAL[avail[rank], times]
            total += rank_key[rank] * np.uint64(times)
        if weight == 0:
            continue
        top, won, true_top, true_won = 0, 0, 0, 0
        for p in range(n):
            ranks = (hole_keys[p] + total) & RANK_KEY_MASK
            s = rank_strength(t, ranks)
            won, top = winners_with(won, top, p, s)
            if suited:
                if count[p] >= 5:
                    s = suited_strength(t, np.uint64(mask[p]), ranks)
                true_won, true_top = winners_with(true_won, true_top, p, s)
        won = outcome_bin(buckets, top, won if top else 0, n)
        if not suited:
            row[won] += weight
            continue
        true_won = outcome_bin(buckets, true_top, true_won if true_top else 0, n)
        if true_won != won:
            row[won] -= weight
            row[true_won] += weight


@njit(inline="always")
def _flush_boards(
    t: Tables,
    rank_key: np.ndarray,
    rest_avail: np.ndarray,
    suit: int,
    first: int,
    missing: int,
    row: np.ndarray,
    hole_keys: np.ndarray,
    hole_counts: np.ndarray,
    hole_masks: np.ndarray,
    n: int,
    board_count: int,
    board_mask: Any,
    need: int,
    suited_cards: np.ndarray,
    n_suited: int,
    idx: np.ndarray,
    count: np.ndarray,
    mask: np.ndarray,
    buckets: np.ndarray,
) -> None:
    """The flush boards of `suit` whose lowest card to come of the suit is suited_cards[first]
    (first = FLUSH_PARTS - 1: none of the suit to come): every set of k more cards of the suit
    from those above it, with every rank multiset of the other missing - k cards (`_classes`).
    need: the cards of the suit to come before anyone holds five."""
    if first == FLUSH_PARTS - 1:  # none of the suit to come
        k_lo, k_hi = 0, 0 if need == 0 else -1
    else:  # suited_cards[first] and k - 1 of the suit above it
        k_lo, k_hi = max(need, 1), min(missing, n_suited - first)
    for k in range(k_lo, k_hi + 1):
        key = np.uint64(0)
        suited_mask = board_mask
        if k > 0:
            card = suited_cards[first]
            key = t.card_key[card] & RANK_KEY_MASK
            suited_mask |= t.card_bit[card] >> np.uint64(16 * suit)
        m = k - 1 if k > 0 else 0
        above = n_suited - first - 1
        for j in range(m):
            idx[j] = j
        more = True
        while more:
            total, bits = key, suited_mask
            for j in range(m):
                card = suited_cards[first + 1 + idx[j]]
                total += t.card_key[card] & RANK_KEY_MASK
                bits |= t.card_bit[card] >> np.uint64(16 * suit)
            for p in range(n):
                count[p] = hole_counts[p] + board_count + k
                mask[p] = (hole_masks[p] | bits) & RANK_BITS
            size = missing - k
            _classes(
                t,
                rank_key,
                rest_avail,
                MULTISET_STARTS[size],
                MULTISET_STARTS[size + 1],
                row,
                hole_keys,
                n,
                True,
                mask,
                count,
                total,
                buckets,
            )
            more = m > 0 and next_combo(idx, m, above)


@njit(inline="always")
def _mirror_suits(
    board_mask: np.ndarray, live: Any, hole_masks: np.ndarray, n: int, copies: np.ndarray
) -> None:
    """copies[suit]: how many suits (itself first) the board, the live cards (`live`, bit c for
    card c) and each of the n players hold in the very same ranks as it; 0 for a suit that
    mirrors a lower one."""
    for suit in range(4):
        copies[suit] = 1
        for first in range(suit):
            same = (
                copies[first] > 0
                and board_mask[first] == board_mask[suit]
                and ((live >> np.uint64(first)) ^ (live >> np.uint64(suit))) & SUIT_0 == 0
            )
            for p in range(n):
                same = same and hole_masks[first, p] == hole_masks[suit, p]
            if same:
                copies[first] += 1
                copies[suit] = 0
                break


@njit(**NOGIL_KERNEL)
def count_boards(
    t: Tables,
    deck: np.ndarray,
    board: np.ndarray,
    n_board: int,
    deals: np.ndarray,
    used_masks: np.ndarray,
    items: np.ndarray,
    counts: np.ndarray,
    scratch: ClassScratch,
    buckets: np.ndarray,
) -> None:
    """Every completion of the board for every deal of two hole cards per player, counted as
    the module docstring says: counts[deal, winners] += boards, for the work items `items`
    (by category with `buckets`: counts[deal, `showdown.outcome_bin`]).
    Serial: `odds.threads` runs it on several threads, each on its own items, counts and
    scratch rows.

    deck: the live cards (not dead, not on the board), in increasing order; board[:n_board]
    the known board cards; deals[a]: (players, 2) hole cards; used_masks[a] their bitmask.
    items[i] = (deal, first part, one past the last part), parts as in PARTS. scratch: the
    thread's rows (`ClassScratch`)."""
    no_alias()
    ints, suited_cards, hole_counts, words, hole_masks, spare = scratch
    deck_mask = np.uint64(0)
    for c in deck:
        deck_mask |= np.uint64(1) << np.uint64(c)
    missing = 5 - n_board
    n = deals.shape[1]
    start, stop = MULTISET_STARTS[missing], MULTISET_STARTS[missing + 1]
    avail, rest_avail, count, idx = ints[0:13], ints[13:26], ints[26:36], ints[36:41]
    n_suited, board_count, need, copies = ints[41:45], ints[45:49], ints[49:53], ints[53:57]
    rank_key, hole_keys, mask, board_mask = words[0:13], words[13:23], words[23:33], words[33:37]
    for it in range(items.shape[0]):
        item = items[it]
        a = item[0]
        row = counts[a]
        used = used_masks[a]
        avail[:] = 0
        n_suited[:] = 0
        for c in deck:
            if not (used >> np.uint64(c)) & np.uint64(1):
                rank, suit = c >> 2, c & 3
                avail[rank] += 1
                rank_key[rank] = t.card_key[c] & RANK_KEY_MASK
                suited_cards[suit, n_suited[suit]] = c
                n_suited[suit] += 1
        base = hand_empty()
        for j in range(n_board):
            base = hand_add(t, base, board[j])
        for suit in range(4):
            board_mask[suit] = (base[1] >> np.uint64(16 * suit)) & RANK_BITS
            board_count[suit] = np.int64(bit_count(board_mask[suit]))
        for p in range(n):
            hole = hand_add(t, hand_add(t, hand_empty(), deals[a, p, 0]), deals[a, p, 1])
            hole_keys[p] = hand_merge(base, hole)[0]
            for suit in range(4):
                hole_masks[suit, p] = (hole[1] >> np.uint64(16 * suit)) & RANK_BITS
                hole_counts[suit, p] = np.int64(bit_count(hole_masks[suit, p]))
        _mirror_suits(board_mask, deck_mask & ~used, hole_masks, n, copies)
        for suit in range(4):
            top = 0
            for p in range(n):
                top = max(top, hole_counts[suit, p])
            need[suit] = max(5 - top - board_count[suit], 0)  # cards of the suit to come
            if copies[suit] == 0:  # a mirror: its boards are counted with the first suit's
                need[suit] = missing + 1  # (a test here in the parts loop measured slower)
        rest_suit = -1
        for part in range(item[1], item[2]):
            if part < RANK_BLOCKS:
                size = stop - start
                _classes(
                    t,
                    rank_key,
                    avail,
                    start + part * size // RANK_BLOCKS,
                    start + (part + 1) * size // RANK_BLOCKS,
                    row,
                    hole_keys,
                    n,
                    False,
                    mask,
                    count,
                    np.uint64(0),
                    buckets,
                )
                continue
            suit, first = divmod(part - RANK_BLOCKS, FLUSH_PARTS)
            if need[suit] > missing or (first != FLUSH_PARTS - 1 and first >= n_suited[suit]):
                continue  # nobody can make five of the suit (or a mirror), or no such card
            if suit != rest_suit:  # the cards left of other suits, by rank
                rest_suit = suit
                for r in range(13):
                    rest_avail[r] = avail[r]
                for j in range(n_suited[suit]):
                    rest_avail[suited_cards[suit, j] >> 2] -= 1
            mirrored = copies[suit] > 1  # counted into `spare`, then copies times into row
            _flush_boards(
                t,
                rank_key,
                rest_avail,
                suit,
                first,
                missing,
                spare if mirrored else row,
                hole_keys,
                hole_counts[suit],
                hole_masks[suit],
                n,
                board_count[suit],
                board_mask[suit],
                need[suit],
                suited_cards[suit],
                n_suited[suit],
                idx,
                count,
                mask,
                buckets,
            )
            if mirrored:
                for w in range(len(row)):
                    row[w] += copies[suit] * spare[w]
                    spare[w] = 0


class ClassScratch(NamedTuple):
    """A thread's working rows in `count_boards`, which it alone writes: ints int64 (64),
    suited_cards int64 (4, 13), hole_counts int64 (4, 10), words uint64 (64), hole_masks
    uint64 (4, 10), and spare int64 zeros the length of a counts row."""

    ints: np.ndarray
    suited_cards: np.ndarray
    hole_counts: np.ndarray
    words: np.ndarray
    hole_masks: np.ndarray
    spare: np.ndarray


def scratch_rows(threads: int, bins: int) -> list[ClassScratch]:
    """The working rows of `count_boards` for counts rows of `bins` counters, thread k's at [k]."""
    rows = (
        np.zeros((threads, 64), np.int64),
        np.zeros((threads, 4, 13), np.int64),
        np.zeros((threads, 4, 10), np.int64),
        np.zeros((threads, 64), np.uint64),
        np.zeros((threads, 4, 10), np.uint64),
        np.zeros((threads, bins), np.int64),
    )
    return [ClassScratch(*(row[k] for row in rows)) for k in range(threads)]


@njit(inline="always")
def preflop_ranks(
    t: Tables,
    rank_key: np.ndarray,
    avail: np.ndarray,
    hole_keys: np.ndarray,
    n: int,
    row: np.ndarray,
    mask: np.ndarray,
    count: np.ndarray,
) -> None:
    """The rank part (1. of the module docstring) of a deal with no board: row[winners] gets
    every rank multiset of the five board cards, weighted by its boards (ranks drawn from
    avail[r] live cards of rank r), its winners by rank strength alone. It depends on the
    hole ranks only, so every deal of the same hole ranks shares it. rank_key[r]: the rank key
    of rank r; hole_keys[p]: player p's hole cards' key; mask (uint64), count (int64): scratch
    of n words."""
    _classes(
        t,
        rank_key,
        avail,
        MULTISET_STARTS[5],
        MULTISET_STARTS[6],
        row,
        hole_keys,
        n,
        False,
        mask,
        count,
        np.uint64(0),
        NO_BUCKETS,
    )


@njit(inline="always")
def preflop_flush(
    t: Tables,
    rank_key: np.ndarray,
    avail: np.ndarray,
    hole_keys: np.ndarray,
    hole_masks: np.ndarray,
    n: int,
    row: np.ndarray,
    rest_avail: np.ndarray,
    hole_counts: np.ndarray,
    suited_cards: np.ndarray,
    idx: np.ndarray,
    count: np.ndarray,
    mask: np.ndarray,
) -> None:
    """The flush correction (2. of the module docstring) of one suit in a deal with no
    board, to add to `preflop_ranks`' row: hole_masks[p] (uint64) the ranks of player p's hole
    cards of that suit. It depends on those and on the hole ranks alone (`avail`, `hole_keys`
    as in `preflop_ranks`), not on which suit it is nor on the other suits. Scratch:
    rest_avail (13), hole_counts (n), suited_cards (13), idx (5), count (n) int64; mask (n)
    uint64."""
    held, top = np.uint64(0), 0
    for p in range(n):
        held |= hole_masks[p]
        hole_counts[p] = np.int64(bit_count(hole_masks[p]))
        top = max(top, hole_counts[p])
    n_suited = 0
    for r in range(13):  # the suit's live cards, written as cards of suit 0
        rest_avail[r] = avail[r]
        if not (held >> np.uint64(r)) & np.uint64(1):
            suited_cards[n_suited] = 4 * r
            n_suited += 1
            rest_avail[r] -= 1
    need = 5 - top
    for first in range(min(n_suited, FLUSH_PARTS - 1)):
        _flush_boards(
            t,
            rank_key,
            rest_avail,
            0,
            first,
            5,
            row,
            hole_keys,
            hole_counts,
            hole_masks,
            n,
            0,
            np.uint64(0),
            need,
            suited_cards,
            n_suited,
            idx,
            count,
            mask,
            NO_BUCKETS,
        )
