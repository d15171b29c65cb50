"""Hand isomorphism: a dense index of hands equal up to a permutation of suits (after Waugh,
"A fast and optimal hand isomorphism algorithm", 2013), in numba.

A hand is dealt in rounds (hold'em with perfect recall: 2, 3, 1, 1 cards; with imperfect
recall the board is one round: 2, 5). Each suit's cards form a sequence of rank sets, one per
round; its *shape* is the number of cards in each round, and its *code* numbers the sequence
among those of its shape (each round's set by its colex rank among the ranks the suit has
left). Suits are sorted by (shape, code); the sorted shapes are the hand's *configuration*,
and suits of one shape form a multiset of codes. The index is the configuration's offset plus
the multisets' colex ranks in mixed radix. `IndexTables` holds what that reads.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np
from numba import prange

from .core import KERNEL, bit_count, compress_bits, njit
from .encoding import RANK_BITS


class IndexTables(NamedTuple):
    """What indexing a hand of `rounds` reads (made by `pokerlut.abstraction.index_tables`)."""

    rounds: np.ndarray  # int64[R]: cards dealt in each round
    shape_of: np.ndarray  # int64[prod(rounds + 1)]: shape id of a suit's counts (mixed radix), -1 if none
    shape_counts: np.ndarray  # int64[shapes, R]: a shape's cards per round
    shape_codes: np.ndarray  # int64[shapes]: sequences of rank sets of that shape
    config_of: np.ndarray  # int32[C(shapes + 3, 4)]: configuration of 4 sorted shapes, -1 if none
    config_shapes: np.ndarray  # int64[configs, 4]: its shapes, ascending
    offsets: np.ndarray  # int64[configs + 1]: first index of each configuration
    depth: np.ndarray  # int64[configs, 4]: sorted suit s is the depth-th of its run of one shape
    place: np.ndarray  # int64[configs, 4]: the place value of its run's multiset rank


BINOM = np.array([[math.comb(n, k) for k in range(8)] for n in range(14)], np.int64)
COLEX = np.array(
    [sum(math.comb(p, i + 1) for i, p in enumerate(r for r in range(13) if m >> r & 1)) for m in range(8192)],
    np.uint16,
)  # colex rank of a set of ranks among C(13, k)


@njit(inline="always")
def choose(n: int, k: int) -> int:
    """C(n, k) for k <= 4 (0 when k > n), by formulas whose divisors are constants."""
    if k > n:
        return 0
    if k == 1:
        return n
    if k == 2:
        return n * (n - 1) // 2
    if k == 3:
        return n * (n - 1) // 2 * (n - 2) // 3
    if k == 4:
        return n * (n - 1) // 2 * (n - 2) // 3 * (n - 3) // 4
    return 1


CARD_BITS = np.array(
    [1 << (16 * (c & 3) + (c >> 2)) if c < 52 else 0 for c in range(256)], np.uint64
)  # a card's bit (16 a suit); a byte that is no card has none
CONFIG_BINOM = np.array(
    [[math.comb(n + i, i + 1) for i in range(4)] for n in range(64)], np.int64
)  # C(shape + i, i + 1): the colex rank of 4 sorted shapes


@njit(inline="always")
def deal_bits(t: IndexTables, cards: np.ndarray, keys: np.ndarray) -> Any:
    """keys[8 + r] = the card bits of round r (`CARD_BITS`); returns their union, which has
    one bit a card when the cards are distinct cards (a repeat or a byte above 51 loses one)."""
    r, end, bits, every = 0, t.rounds[0], np.uint64(0), np.uint64(0)
    for j in range(len(cards)):  # one flat loop: a loop per round would be vectorised
        bits |= CARD_BITS[np.uint8(cards[np.uint64(j)])]
        if j + 1 == end:  # the same positions in every hand: predicted
            keys[np.uint64(8 + r)] = np.int64(bits)
            every |= bits
            bits = np.uint64(0)
            r += 1
            if r < len(t.rounds):
                end += t.rounds[np.uint64(r)]
    return every


@njit(inline="always")
def _suit_key(t: IndexTables, keys: np.ndarray, s: int) -> int:
    """Suit s's shape id times 2**32 plus its code, from the rounds' card bits keys[8 + r]
    (16 bits a suit): each round's set of ranks by its colex rank among those the suit has
    left."""
    shift = np.uint64(16 * s)  # unsigned indices below: numba reads them without a wraparound test
    used = (np.uint64(keys[8]) >> shift) & RANK_BITS  # round 0: all 13 ranks free
    c = bit_count(used)
    code, radix, free, counts = np.int64(COLEX[used]), BINOM[13, c], np.uint64(13) - c, c
    for r in range(1, len(t.rounds)):
        m = (np.uint64(keys[np.uint64(8 + r)]) >> shift) & RANK_BITS
        c = bit_count(m)
        code += radix * COLEX[compress_bits(m, ~used & RANK_BITS)]
        radix *= BINOM[free, c]
        used |= m
        free -= c
        counts = counts * np.uint64(t.rounds[np.uint64(r)] + 1) + c
    return int((t.shape_of[np.uint64(counts)] << 32) | code)


@njit(inline="always")
def _multiset_rank(x: int, k: int) -> Any:
    """C(x + k - 1, k) for k in 1..4: a sorted run's k-th code's share of its colex rank
    (unsigned, so dividing by a constant is a multiply)."""
    u = np.uint64(x)
    c2 = u * (u + np.uint64(1)) >> np.uint64(1)
    c3 = c2 * (u + np.uint64(2)) // np.uint64(3)
    c4 = c3 * (u + np.uint64(3)) >> np.uint64(2)
    return np.int64(u if k == 1 else c2 if k == 2 else c3 if k == 3 else c4)


@njit(inline="always")
def _sorted2(a: int, b: int) -> tuple[int, int]:
    return min(a, b), max(a, b)


@njit(inline="always")
def index_of_bits(t: IndexTables, keys: np.ndarray) -> int:
    """The index of the hand whose rounds' card bits `deal_bits` put in keys."""
    k0, k1 = _sorted2(_suit_key(t, keys, 0), _suit_key(t, keys, 1))  # a sorting network of
    k2, k3 = _sorted2(_suit_key(t, keys, 2), _suit_key(t, keys, 3))  # the suits' keys: by
    k0, k2 = _sorted2(k0, k2)  # shape, then code
    k1, k3 = _sorted2(k1, k3)
    k1, k2 = _sorted2(k1, k2)
    config = np.uint64(
        t.config_of[
            np.uint64(  # unsigned: numba indexes it without a wraparound test
                CONFIG_BINOM[np.uint64(k0 >> 32), 0]
                + CONFIG_BINOM[np.uint64(k1 >> 32), 1]
                + CONFIG_BINOM[np.uint64(k2 >> 32), 2]
                + CONFIG_BINOM[np.uint64(k3 >> 32), 3]
            )
        ]
    )
    # each run of suits of one shape: a multiset of codes, in mixed radix
    return int(
        t.offsets[config]
        + t.place[config, 0] * _multiset_rank(k0 & 0xFFFFFFFF, t.depth[config, 0])
        + t.place[config, 1] * _multiset_rank(k1 & 0xFFFFFFFF, t.depth[config, 1])
        + t.place[config, 2] * _multiset_rank(k2 & 0xFFFFFFFF, t.depth[config, 2])
        + t.place[config, 3] * _multiset_rank(k3 & 0xFFFFFFFF, t.depth[config, 3])
    )


@njit(inline="always")
def hand_index(t: IndexTables, cards: np.ndarray, keys: np.ndarray) -> int:
    """The index of one hand (distinct cards in round order: `t.rounds` cards per round), with
    a scratch row keys (int64[16])."""
    deal_bits(t, cards, keys)
    return index_of_bits(t, keys)


@njit(**KERNEL)
def index_rows(
    t: IndexTables, hands: np.ndarray, out: np.ndarray, keys: np.ndarray, first_bad: np.ndarray
) -> None:
    """out[i] = the index of row i of hands (uint8), in parallel, lane j (one per thread)
    taking the j-th block of rows with keys[j] (`hand_index`'s scratch). A row with a card
    above 51 or a card twice gets -1, and first_bad[j] the first such row of lane j."""
    lanes = keys.shape[0]
    n = hands.shape[0]
    for lane in prange(lanes):
        for i in range(n * lane // lanes, n * (lane + 1) // lanes):
            if np.int64(bit_count(deal_bits(t, hands[i], keys[lane]))) == hands.shape[1]:
                out[i] = index_of_bits(t, keys[lane])
            else:
                out[i] = -1
                first_bad[lane] = min(first_bad[lane], i)


@njit(inline="always")
def _unrank_multiset(rank: int, m: int, top: int, out: np.ndarray, start: int) -> None:
    """out[start:start + m] = the ascending multiset of values below `top` of colex rank."""
    for i in range(m - 1, -1, -1):
        lo, hi = 0, top - 1  # the largest x with C(x + i, i + 1) <= rank
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if choose(mid + i, i + 1) <= rank:
                lo = mid
            else:
                hi = mid - 1
        out[start + i] = lo
        rank -= choose(lo + i, i + 1)
        top = lo + 1


@njit(inline="always")
def hand_of(t: IndexTables, index: int, out: np.ndarray, keys: np.ndarray, fill: np.ndarray) -> None:
    """out = the canonical hand of an index, in round order, each round's cards ascending: the
    sorted suits are clubs, diamonds, hearts and spades in turn (keys: scratch int64[8], fill:
    int64[R])."""
    lo, hi = 0, len(t.offsets) - 2
    while lo < hi:  # the configuration: the last offset at or below index
        mid = (lo + hi + 1) // 2
        if t.offsets[mid] <= index:
            lo = mid
        else:
            hi = mid - 1
    config, rest = lo, index - t.offsets[lo]
    for s in range(4):
        keys[s] = t.config_shapes[config, s]
    e = 4
    while e > 0:  # the runs of one shape, last first (the mixed radix, read back)
        s = e - 1
        while s > 0 and keys[s - 1] == keys[e - 1]:
            s -= 1
        m = e - s
        n_codes = t.shape_codes[keys[s]]
        radix = choose(n_codes + m - 1, m)
        _unrank_multiset(rest % radix, m, n_codes, keys, 4 + s)
        rest //= radix
        e = s
    first = 0
    for r in range(len(t.rounds)):
        fill[r] = first
        first += t.rounds[r]
    for s in range(4):
        shape, code, used = keys[s], keys[4 + s], 0
        for r in range(len(t.rounds)):
            c = t.shape_counts[shape, r]
            free = 13 - bit_count(np.uint64(used))
            n_sets = BINOM[free, c]
            rank = code % n_sets
            code //= n_sets
            positions, x = 0, free - 1
            for i in range(c, 0, -1):  # colex unrank: c positions among the free ranks
                while BINOM[x, i] > rank:
                    x -= 1
                rank -= BINOM[x, i]
                positions |= 1 << x
                x -= 1
            ranks = _ranks_at(positions, used)
            left = ranks
            while left:
                low = left & -left
                out[fill[r]] = 4 * bit_count(np.uint64(low - 1)) + s
                fill[r] += 1
                left ^= low
            used |= ranks
    first = 0
    for r in range(len(t.rounds)):  # each round ascending (insertion sort)
        for i in range(first + 1, first + t.rounds[r]):
            card, k = out[i], i - 1
            while k >= first and out[k] > card:
                out[k + 1] = out[k]
                k -= 1
            out[k + 1] = card
        first += t.rounds[r]


@njit(**KERNEL)
def hand_rows(
    t: IndexTables, indices: np.ndarray, out: np.ndarray, keys: np.ndarray, fill: np.ndarray
) -> None:
    """out[i] = the canonical hand of indices[i], in parallel (keys, fill: a row per thread)."""
    lanes = keys.shape[0]
    n = indices.shape[0]
    for lane in prange(lanes):
        for i in range(n * lane // lanes, n * (lane + 1) // lanes):
            hand_of(t, indices[i], out[i], keys[lane], fill[lane])


@njit(inline="always")
def _ranks_at(positions: int, used: int) -> int:
    """The rank mask of the given positions among the ranks not in `used`."""
    out, pos = 0, 0
    for rk in range(13):
        if used >> rk & 1:
            continue
        if positions >> pos & 1:
            out |= 1 << rk
        pos += 1
    return out
