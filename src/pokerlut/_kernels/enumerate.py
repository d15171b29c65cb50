"""Enumerate every hand of 5, 6 or 7 cards of a deck in order and count them by strength.

Every game's deck is the cards from its lowest card up to 51, and the jokers 52, 53 in games
with wild cards (`Rules` keeps the ranks from one rank up to the ace), so the loops run over
card values: the pairs of lowest cards say where the deck starts, and the deck's end is a
constant of the compiled kernel (a run-time bound cost 15 % on one thread).

Seven-card hands of games without wild cards are not visited one by one. The cards above a
prefix's highest card c are the higher suits of its rank and every card of each rank above
it, so the hands that complete a prefix are counted by the ranks of their last cards: one
perfect-hash lookup per rank multiset, added with its number of hands (`_three_more` after a
4-card prefix, `_two_more` after a 5-card one). The weights leave out the flushes, which are
counted one by one from their suit's rank mask: a flush needs a suit the prefix already holds
at least 5 - (cards to add) times, so they are few (4.1 M of the 134 M hands).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, product
from typing import TYPE_CHECKING, Any

import numba
import numpy as np
from numba import prange

from .table_types import Tables
from .core import (
    KERNEL,
    LLVM_INLINE,
    hand_add,
    hand_empty,
    hand_strength,
    is_wild,
    njit,
    rank_strength,
    suited_strength,
    suits_matter,
    suits_settle,
)
from .encoding import RANK_BITS, RANK_KEY_MASK, SUIT_FLUSH

if TYPE_CHECKING:
    from numba.core.dispatcher import Dispatcher

# A suit counter of the key (4 bits) reaches 8 with this bias at 2, 3, 4 cards of the suit.
SUIT_TWO, SUIT_THREE, SUIT_FOUR = np.uint64(0x6666), np.uint64(0x5555), np.uint64(0x4444)


def _suited_split(multiset: tuple[int, ...]) -> list[int]:
    """The ways to pick cards of the ranks of `multiset` (4 cards of each rank), by how many of
    them are of one given suit (0..3)."""
    split = [0] * 4
    per_rank = [list(combinations(range(4), multiset.count(r))) for r in sorted(set(multiset))]
    for pick in product(*per_rank):
        split[sum(0 in suits for suits in pick)] += 1
    return split


# Lists of rank multisets, ordered by their lowest rank from the ace down, so that those whose
# ranks are all >= r are the first *_FROM[r] entries: one loop, whatever r.
_TRIPLES = [(a, b, c) for a in range(12, -1, -1) for b in range(a, 13) for c in range(b, 13)]
_PAIRS = [(b, c) for b in range(12, -1, -1) for c in range(b, 13)]
_DISTINCT3 = [m for m in _TRIPLES if m[0] < m[1] < m[2]]
_DISTINCT2 = [m for m in _PAIRS if m[0] < m[1]]


def _from(multisets: Sequence[tuple[int, ...]]) -> np.ndarray:
    return np.array([sum(m[0] >= r for m in multisets) for r in range(14)], dtype=np.int64)


def _by_need(split: list[list[int]], count: Callable[[list[int], int], int]) -> np.ndarray:
    return np.array([[count(sp, need) for sp in split] for need in range(4)], dtype=np.int64)


_TS = [_suited_split(m) for m in _TRIPLES]
_PS = [_suited_split(m) for m in _PAIRS]
TRIPLE_KEY = np.array([sum(5**r for r in m) for m in _TRIPLES], dtype=np.uint64)
TRIPLE_W = np.array([sum(sp) for sp in _TS], dtype=np.int64)  # card triples of the ranks
# ... of which `need` or more of one suit: TRIPLE_F[need, i]
TRIPLE_F = _by_need(_TS, lambda sp, need: sum(sp[need:]))
TRIPLES_FROM = _from(_TRIPLES)
PAIR_KEY = np.array([sum(5**r for r in m) for m in _PAIRS], dtype=np.uint64)
# card pairs of the ranks with fewer than `need` of one suit / exactly need - 1 of it
PAIR_Y = _by_need(_PS, lambda sp, need: sum(sp[:need]))
PAIR_Z = _by_need(_PS, lambda sp, need: sp[need - 1] if need else 0)
PAIRS_EQ_FROM = _from(_PAIRS)
# distinct ranks as a rank mask (the flushes: cards of one suit)
TRIPLE_MASKS = np.array([sum(1 << r for r in m) for m in _DISTINCT3], dtype=np.uint64)
TRIPLES3_FROM = _from(_DISTINCT3)
PAIR_MASKS = np.array([sum(1 << r for r in m) for m in _DISTINCT2], dtype=np.uint64)
PAIRS_FROM = _from(_DISTINCT2)


@njit(**LLVM_INLINE)
def _three_more(t: Tables, row: np.ndarray, h4: Any, c3: Any, end: int) -> None:
    """Count every 7-card hand of 4-card prefix `h4` (highest card c3) plus three cards above
    c3, of a deck without wild cards that ends below card `end`. In a game whose flushes are
    not settled by their rank mask (`suits_settle`), no suit may be held more than twice.

    The cards above c3 are `low` = 3 - suit(c3) of rank r3 and 4 of every higher rank, one
    of each in every suit but at r3 (suits above c3's). A hand is a flush iff `need` of the
    three cards are of a suit the prefix holds 5 - need times (need = 3: up to two such
    suits, else one). Non-flush hands, by the ranks of the three: one lookup per multiset of
    ranks above r3, then of those with one, two, three cards of r3, weighted by their card
    triples that are not a flush. Then the flushes, by their suit's rank mask.
    """
    ranks = h4[0] & RANK_KEY_MASK
    r3 = np.int64(c3 >> 2)
    low = np.int64(3 - (c3 & 3))
    f_hi = np.int64(0)  # suits that can flush
    f_lo = np.int64(0)  # ... of which r3 has a card above c3
    need = np.int64(3)
    two = np.uint64(0)
    if suits_matter(t):
        counters = h4[0] >> np.uint64(32)
        two = (counters + SUIT_TWO) & SUIT_FLUSH
        need -= np.int64(((counters + SUIT_THREE) & SUIT_FLUSH) != 0)
        need -= np.int64(((counters + SUIT_FOUR) & SUIT_FLUSH) != 0)
        for s in range(4):
            held2 = np.int64((two >> np.uint64(4 * s + 3)) & np.uint64(1))
            f_hi += held2
            f_lo += held2 * np.int64(s > (c3 & 3))
    for i in range(TRIPLES_FROM[r3 + 1]):  # three ranks above r3
        row[rank_strength(t, ranks + TRIPLE_KEY[i])] += TRIPLE_W[i] - f_hi * TRIPLE_F[need, i]
    if low >= 1:
        p3 = t.card_key[4 * r3] & RANK_KEY_MASK  # 5**r3
        k = ranks + p3
        for i in range(PAIRS_EQ_FROM[r3 + 1]):  # one card of r3, two ranks above
            row[rank_strength(t, k + PAIR_KEY[i])] += low * PAIR_Y[need, i] - f_lo * PAIR_Z[need, i]
        if low >= 2:  # two cards of r3 and one above (when need < 3, f_lo is 0 or 1)
            k += p3
            off = low - f_lo  # cards of r3 not of the suit
            if need == 3:
                w = 2 * low * (low - 1)  # C(low, 2) * 4: never a flush
            elif need == 2:
                w = 2 * off * (off - 1) + 3 * f_lo * off
            else:
                w = 3 * (off * (off - 1) >> 1)
            for r6 in range(r3 + 1, 13):
                row[rank_strength(t, k + (t.card_key[4 * r6] & RANK_KEY_MASK))] += w
            if low == 3:  # three cards of r3
                row[rank_strength(t, k + p3)] += 1 - f_lo if need == 1 else 1
    if two:
        bits = h4[1]
        for suit in range(4):
            if (two >> np.uint64(4 * suit + 3)) & np.uint64(1):
                shift = np.uint64(16 * suit)
                mask = (bits >> shift) & RANK_BITS
                first = c3 + 1 + ((suit - c3 - 1) & 3)  # the lowest card of the suit above c3
                if suits_settle(t):
                    thr = first >> 2  # its rank: the suit has every rank from thr up
                    for i in range(TRIPLES3_FROM[thr]):
                        row[t.flush[mask | TRIPLE_MASKS[i]]] += 1
                    if need <= 2:  # two of the suit, one of the others
                        other = (end - 1 - c3) - (13 - thr)
                        for i in range(PAIRS_FROM[thr]):
                            row[t.flush[mask | PAIR_MASKS[i]]] += other
                        if need == 1:  # one of the suit, two others
                            w = other * (other - 1) >> 1
                            for r in range(thr, 13):
                                row[t.flush[mask | (np.uint64(1) << np.uint64(r))]] += w
                else:  # need == 3: the three cards of the suit
                    for c4 in range(first, end, 4):
                        m5 = mask | (t.card_bit[c4] >> shift)
                        k5 = ranks + (t.card_key[c4] & RANK_KEY_MASK)
                        for c5 in range(c4 + 4, end, 4):
                            m6 = m5 | (t.card_bit[c5] >> shift)
                            k6 = k5 + (t.card_key[c5] & RANK_KEY_MASK)
                            for c6 in range(c5 + 4, end, 4):
                                row[
                                    suited_strength(
                                        t,
                                        m6 | (t.card_bit[c6] >> shift),
                                        k6 + (t.card_key[c6] & RANK_KEY_MASK),
                                    )
                                ] += 1


@njit(**LLVM_INLINE)
def _two_more(t: Tables, row: np.ndarray, h5: Any, c4: Any, end: int) -> None:
    """Count every 7-card hand of 5-card prefix `h5` (highest card c4) plus two cards above
    c4, of a deck without wild cards that ends below card `end`, as `_three_more` does: by
    the two ranks, less the flushes (both cards of a suit held 3 times, one or both of a suit
    held 4 times, any two with 5), then those one by one."""
    ranks = h5[0] & RANK_KEY_MASK
    r4 = np.int64(c4 >> 2)
    low = np.int64(3 - (c4 & 3))
    held = np.int64(0)
    suit = np.int64(0)
    if suits_matter(t):
        counters = h5[0] >> np.uint64(32)
        three = (counters + SUIT_THREE) & SUIT_FLUSH
        if three:
            suit = np.int64((three > 0x8) + (three > 0x80) + (three > 0x800))
            held = np.int64((counters >> np.uint64(4 * suit)) & np.uint64(0xF))
    if held < 5:
        both = np.int64(held == 3)  # a pair is a flush iff both cards are of the suit
        one = np.int64(held == 4)  # iff either card is
        a_low = np.int64(suit > (c4 & 3))  # r4 has a card of the suit above c4
        for r5 in range(r4, 13):
            n5 = low if r5 == r4 else np.int64(4)
            a5 = a_low if r5 == r4 else np.int64(1)
            m5 = n5 - one * a5  # cards of r5 that keep a 4-suited prefix off a flush
            p5 = t.card_key[4 * r5] & RANK_KEY_MASK  # 5**r5
            k5 = ranks + p5
            if m5 >= 2:
                row[rank_strength(t, k5 + p5)] += m5 * (m5 - 1) >> 1
            if m5 >= 1:
                w = m5 * (4 - one) - both * a5  # n6 = 4 above r4, a6 = 1: m5*m6 - both*a5*a6
                for r6 in range(r5 + 1, 13):
                    row[rank_strength(t, k5 + (t.card_key[4 * r6] & RANK_KEY_MASK))] += w
    if held >= 3:
        shift = np.uint64(16 * suit)
        mask = (h5[1] >> shift) & RANK_BITS
        if held == 3:
            for c5 in range(c4 + 1 + ((suit - c4 - 1) & 3), end, 4):
                m6 = mask | (t.card_bit[c5] >> shift)
                k6 = ranks + (t.card_key[c5] & RANK_KEY_MASK)
                for c6 in range(c5 + 4, end, 4):
                    row[
                        suited_strength(
                            t, m6 | (t.card_bit[c6] >> shift), k6 + (t.card_key[c6] & RANK_KEY_MASK)
                        )
                    ] += 1
        elif held == 4:
            for c5 in range(c4 + 1, end):
                k6 = ranks + (t.card_key[c5] & RANK_KEY_MASK)
                if (c5 & 3) == suit:
                    m6 = mask | (t.card_bit[c5] >> shift)
                    for c6 in range(c5 + 1, end):
                        row[
                            suited_strength(
                                t,
                                m6 | ((t.card_bit[c6] >> shift) & RANK_BITS),
                                k6 + (t.card_key[c6] & RANK_KEY_MASK),
                            )
                        ] += 1
                else:
                    for c6 in range(c5 + 1 + ((suit - c5 - 1) & 3), end, 4):
                        row[
                            suited_strength(
                                t, mask | (t.card_bit[c6] >> shift), k6 + (t.card_key[c6] & RANK_KEY_MASK)
                            )
                        ] += 1
        else:
            for c5 in range(c4 + 1, end):
                h6 = hand_add(t, h5, c5)
                for c6 in range(c5 + 1, end):
                    row[hand_strength(t, hand_add(t, h6, c6))] += 1


@njit(_nrt=False)
def _count_pair(t: Tables, n_cards: int, end: int, c0: Any, c1: Any, row: np.ndarray) -> None:
    """row[s] += the hands of strength s whose two lowest cards are c0 < c1 (cards below
    `end`): a call from `_counting_kernel`'s parallel loop, not inlined into it (numba's
    parallel lowering of it took most of the compile time), and a global, not a closure
    (a dispatcher in a kernel's closure changes its cache key in every process)."""
    h2 = hand_add(t, hand_add(t, hand_empty(), c0), c1)
    for c2 in range(c1 + 1, end):
        h3 = hand_add(t, h2, c2)
        for c3 in range(c2 + 1, end):
            h4 = hand_add(t, h3, c3)
            if n_cards == 7 and not is_wild(t):
                if (
                    suits_settle(t)
                    or not suits_matter(t)
                    or not (((h4[0] >> np.uint64(32)) + SUIT_THREE) & SUIT_FLUSH)
                ):
                    _three_more(t, row, h4, c3, end)
                    continue
            for c4 in range(c3 + 1, end):
                h5 = hand_add(t, h4, c4)
                if n_cards == 5:
                    row[hand_strength(t, h5)] += 1
                    continue
                if n_cards == 7 and not is_wild(t):
                    _two_more(t, row, h5, c4, end)
                    continue
                for c5 in range(c4 + 1, end):
                    h6 = hand_add(t, h5, c5)
                    if n_cards == 6:
                        row[hand_strength(t, h6)] += 1
                        continue
                    for c6 in range(c5 + 1, end):
                        row[hand_strength(t, hand_add(t, h6, c6))] += 1


def _counting_kernel(
    end: int,
) -> Dispatcher[Callable[[Tables, int, np.ndarray, np.ndarray], None]]:
    """The enumeration over decks that end below card `end` (52, 53 or 54)."""

    @njit(**KERNEL)
    def count_strengths(t: Tables, n_cards: int, pairs: np.ndarray, counts: np.ndarray) -> None:
        """counts[thread, s] += number of n_cards-card hands of strength s whose two lowest
        cards are a row of `pairs` (shape (k, 2), cards of the deck): every hand of the deck
        when `pairs` holds all pairs of its cards. Each thread adds into its own row of
        `counts`; the deeper cards are added one at a time to the hand state, but for 7
        cards without wild cards, the last three (or two) are counted by their ranks.
        """
        for p in prange(pairs.shape[0]):
            _count_pair(t, n_cards, end, pairs[p, 0], pairs[p, 1], counts[numba.get_thread_id()])

    return count_strengths


COUNT_STRENGTHS = {end: _counting_kernel(end) for end in (52, 53, 54)}  # by the deck's end


# For each highest prefix card c4: 13 * r5 + r6 for every two cards c5 < c6 above it, in order
# (their ranks r5, r6), from PAIRS_ABOVE_START[c4]: 22,100 bytes.
PAIRS_ABOVE_START = np.cumsum([0] + [(51 - c) * (50 - c) // 2 for c in range(52)])
PAIRS_ABOVE = np.array(
    [13 * (c5 >> 2) + (c6 >> 2) for c4 in range(52) for c5 in range(c4 + 1, 52) for c6 in range(c5 + 1, 52)],
    dtype=np.uint8,
)


@njit(inline="always")
def _fill_pairs(t: Tables, h5: Any, c4: Any, by_ranks: np.ndarray) -> None:
    """by_ranks[13 * r5 + r6] = the strength, flushes aside, of 5-card prefix `h5` (highest
    card c4) plus two cards of ranks r4 <= r5 <= r6, r4 the rank of c4. It depends on the
    prefix's ranks alone, so prefixes that differ in c4's suit share it."""
    ranks = h5[0] & RANK_KEY_MASK
    r4 = np.int64(c4 >> 2)
    for r5 in range(r4, 13):
        k5 = ranks + (t.card_key[4 * r5] & RANK_KEY_MASK)
        for r6 in range(r5, 13):
            by_ranks[13 * r5 + r6] = rank_strength(t, k5 + (t.card_key[4 * r6] & RANK_KEY_MASK))


@njit(inline="always")
def _two_in_order(t: Tables, out: np.ndarray, pos: int, h5: Any, c4: Any, by_ranks: np.ndarray) -> int:
    """out[pos:] = the strengths of every 7-card hand of 5-card prefix `h5` (highest card c4)
    plus two cards above c4, in order, of a deck without wild cards (which ends at card 51);
    returns the next position. The strength of a hand that is no flush depends on the two
    ranks alone: every hand reads its pair's entry of by_ranks (`_fill_pairs`, filled by the
    caller) through PAIRS_ABOVE. Then the hands that reach five of a suit are evaluated on
    their own."""
    first, last = PAIRS_ABOVE_START[c4], PAIRS_ABOVE_START[c4 + 1]
    block, pairs = out[pos : pos + last - first], PAIRS_ABOVE[first:last]
    for j in range(block.size):  # slices and an unsigned index: 3x faster than out[pos + j]
        block[j] = by_ranks[np.uint64(pairs[j])]
    if suits_matter(t):
        counters = h5[0] >> np.uint64(32)
        three = (counters + SUIT_THREE) & SUIT_FLUSH
        if three:
            suit = np.int64((three > 0x8) + (three > 0x80) + (three > 0x800))
            need = 5 - np.int64((counters >> np.uint64(4 * suit)) & np.uint64(0xF))
            _flushes_in_order(t, out, pos, h5, np.int64(c4), suit, need)
    return int(pos + last - first)


@njit(inline="always")
def _flushes_in_order(t: Tables, out: np.ndarray, pos: int, h5: Any, c4: int, suit: int, need: int) -> None:
    """Over `_two_in_order`'s block at out[pos:], the hands that hold five of `suit`: the
    prefix holds 5 - need of it, so with need = 2 the pairs of two cards of the suit, and
    with need < 2 (rare) every pair that brings `need` of it."""
    above = 51 - c4  # cards above c4; pair (c5, c6) sits at index(a, b) of the block
    if need == 2:
        for c5 in range(4 * (c4 >> 2) + suit + 4 * ((c4 & 3) >= suit), 52, 4):
            h6 = hand_add(t, h5, c5)
            a = c5 - c4 - 1
            row = pos + a * (2 * above - a - 1) // 2 - a - 1
            for c6 in range(c5 + 4, 52, 4):
                out[row + c6 - c4 - 1] = hand_strength(t, hand_add(t, h6, c6))
        return
    at = pos
    for c5 in range(c4 + 1, 52):
        h6 = hand_add(t, h5, c5)
        held = np.int64((c5 & 3) == suit)
        for c6 in range(c5 + 1, 52):
            if held + np.int64((c6 & 3) == suit) >= need:
                out[at] = hand_strength(t, hand_add(t, h6, c6))
            at += 1


@njit(_nrt=False)
def _pair_in_order(
    t: Tables, n_cards: int, end: int, c0: Any, c1: Any, pos: Any, out: np.ndarray, by_ranks: np.ndarray
) -> None:
    """out[pos:] = the strengths of the hands whose two lowest cards are c0 < c1 (cards below
    `end`), in order: a call from `_in_order_kernel`'s parallel loop, as `_count_pair`."""
    h2 = hand_add(t, hand_add(t, hand_empty(), c0), c1)
    for c2 in range(c1 + 1, end):
        h3 = hand_add(t, h2, c2)
        for c3 in range(c2 + 1, end):
            h4 = hand_add(t, h3, c3)
            filled = -1  # the rank of c4 whose pair table by_ranks holds
            for c4 in range(c3 + 1, end):
                h5 = hand_add(t, h4, c4)
                if n_cards == 5:
                    out[pos] = hand_strength(t, h5)
                    pos += 1
                    continue
                if n_cards == 7 and not is_wild(t):
                    if c4 >> 2 != filled:  # the suits of one rank share the table
                        _fill_pairs(t, h5, c4, by_ranks)
                        filled = c4 >> 2
                    pos = _two_in_order(t, out, pos, h5, c4, by_ranks)
                    continue
                for c5 in range(c4 + 1, end):
                    h6 = hand_add(t, h5, c5)
                    if n_cards == 6:
                        out[pos] = hand_strength(t, h6)
                        pos += 1
                        continue
                    for c6 in range(c5 + 1, end):
                        out[pos] = hand_strength(t, hand_add(t, h6, c6))
                        pos += 1


def _in_order_kernel(
    end: int,
) -> Dispatcher[Callable[[Tables, int, np.ndarray, np.ndarray, np.ndarray, np.ndarray], None]]:
    """The in-order evaluation over decks that end below card `end` (52, 53 or 54)."""

    @njit(**KERNEL)
    def strengths_in_order(
        t: Tables, n_cards: int, pairs: np.ndarray, starts: np.ndarray, out: np.ndarray, scratch: np.ndarray
    ) -> None:
        """out[starts[p]:] = the strengths of the n_cards-card hands whose two lowest cards
        are pairs[p], in increasing order of their cards (as itertools.combinations lists
        them). scratch: a row of 169 or more uint16 per thread."""
        for p in prange(pairs.shape[0]):
            _pair_in_order(
                t, n_cards, end, pairs[p, 0], pairs[p, 1], starts[p], out, scratch[numba.get_thread_id()]
            )

    return strengths_in_order


STRENGTHS_IN_ORDER = {end: _in_order_kernel(end) for end in (52, 53, 54)}  # by the deck's end
