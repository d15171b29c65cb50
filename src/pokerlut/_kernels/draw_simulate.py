"""Monte Carlo through the draws of a draw game (`simulate_kernel`), and the hands' strengths
read from their card masks.

Every trial deals each player's first replacements, then before each later draw asks the
drawing policy which cards each player keeps (a built-in of `draw_policies`, or the user's
function), throws the rest on the discard pile and draws again; when the stub cannot give a
player his cards, the discards of the others are shuffled into it first (as card rooms do).
Random streams per (seed, block) as in `draws`. Here a hand is a mask of cards, not h cards
in a row (`simulate_kernel` says why).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
from numba.extending import overload

from .table_types import Tables
from .core import (
    LLVM_INLINE,
    NOGIL_KERNEL,
    bit_count,
    compress_bits,
    expand_bits,
    hand_empty,
    nth_bit_mask,
    rank_strength,
    njit,
    no_alias,
)
from .draw_hands import BAD_KEEP, NO_CARDS, draw_strength, is_badugi
from .draw_policies import LOWBALL_27, LOWBALL_A5, RANKS, builtin_draw, mask_cards
from .draws import block_stream, next_random
from .showdown import add_split, bucket_of, outcome_bin, winners_with

if TYPE_CHECKING:
    from numba.core.dispatcher import Dispatcher


@njit(inline="always")
def _ranks_and_flush(m: np.uint64) -> tuple[np.uint64, bool]:
    """The rank mask (bit r: rank r) of the five cards of the card mask m, and whether they
    are of one suit (the lowest card's)."""
    ranks = compress_bits(m | (m >> np.uint64(1)) | (m >> np.uint64(2)) | (m >> np.uint64(3)), RANKS)
    suit = bit_count((m & (~m + np.uint64(1))) - np.uint64(1)) & np.uint64(3)
    return ranks, (m & ~(RANKS << suit)) == 0


@njit(**LLVM_INLINE)
def unpaired_strength(t: Tables, m: np.uint64) -> Any:
    """The strength of five cards of different ranks held as the card mask m, read by their
    rank mask from `eval5`'s tables (a flush's or not); 0 when two share a rank."""
    ranks, flush = _ranks_and_flush(m)
    value = np.int64(t.flush5[ranks]) if flush else np.int64(t.unique5[ranks])
    return value if bit_count(ranks) == 5 else np.int64(0)


@njit(inline="always")
def _pairs(c: np.uint64, weight: int, mask: int, shift: int) -> Any:
    """Each field of c (`mask`'s, `shift` bits wide) plus `weight` times the next: fields
    twice as wide."""
    field = np.uint64(mask)
    return (c & field) + np.uint64(weight) * ((c >> np.uint64(shift)) & field)


@njit(**LLVM_INLINE)
def _five_strength(t: Tables, m: np.uint64) -> Any:
    """`mask_strength` in a poker game, without a branch or a load per card: a flush by its
    rank mask (`eval5`'s table), any other hand by its rank key sum(5**rank) (`rank_strength`),
    computed from the mask's nibbles, one a rank: each rank's count, then the counts as
    base-5 digits, summed by pairs of digits, of pairs, ..."""
    ranks, flush = _ranks_and_flush(m)
    c = _pairs(m - ((m >> np.uint64(1)) & np.uint64(0x5555_5555_5555_5555)), 1, 0x3333_3333_3333_3333, 2)
    c = _pairs(c, 5, 0x0F0F_0F0F_0F0F_0F0F, 4)  # a byte: two ranks' counts in base 5
    c = _pairs(c, 25, 0x00FF_00FF_00FF_00FF, 8)  # 16 bits: four ranks
    c = _pairs(c, 625, 0x0000_FFFF_0000_FFFF, 16)  # 32 bits: eight ranks
    key = _pairs(c, 390625, 0xFFFF_FFFF, 32)  # thirteen
    value = rank_strength(t, key, True)
    return np.int64(t.flush5[ranks]) if flush else np.int64(value)


def mask_strength(t: Any, m: np.uint64, h: int, row: np.ndarray) -> Any:
    """`draw_strength` of the hand of h cards held as the card mask m: in a poker game from
    the mask alone (`_five_strength`), in Badugi by its cards, written to row. For numba code
    only (below)."""
    raise NotImplementedError("mask_strength is compiled by numba")


@overload(mask_strength, inline="always")
def _mask_strength(t: Any, m: Any, h: Any, row: Any) -> Callable[..., Any]:
    if is_badugi(t):

        def badugi(t: Any, m: Any, h: Any, row: Any) -> Any:
            mask_cards(m, row)
            return draw_strength(t, row, h, hand_empty())

        return badugi

    def five(t: Any, m: Any, h: Any, row: Any) -> Any:
        return _five_strength(t, m)

    return five


def pat_strength(t: Any, m: np.uint64, h: int, row: np.ndarray, unpaired: bool) -> Any:
    """The strength of the hand m that a built-in policy compares with its pat threshold:
    with `unpaired` (every hand at the threshold or above holds h cards of different ranks),
    a poker hand's `unpaired_strength` (0, below any such, for a paired hand: no branch on
    it); else `mask_strength`. For numba code only (below)."""
    raise NotImplementedError("pat_strength is compiled by numba")


@overload(pat_strength, inline="always")
def _pat_strength(t: Any, m: Any, h: Any, row: Any, unpaired: Any) -> Callable[..., Any]:
    if is_badugi(t):

        def badugi(t: Any, m: Any, h: Any, row: Any, unpaired: Any) -> Any:
            return mask_strength(t, m, h, row)

        return badugi

    def five(t: Any, m: Any, h: Any, row: Any, unpaired: Any) -> Any:
        return _five_pat_strength(t, m, h, unpaired)

    return five


@njit(**LLVM_INLINE)
def _five_pat_strength(t: Tables, m: np.uint64, h: int, unpaired: bool) -> Any:
    """`pat_strength` in a poker game."""
    if unpaired:
        return unpaired_strength(t, m)
    return _five_strength(t, m)


@njit(**LLVM_INLINE)
def _deal_ahead(
    state: np.uint64, available: np.uint64, deck: np.ndarray, dealt: int, count: int
) -> tuple[np.uint64, np.uint64]:
    """Deal `count` more cards off the stub `available` (a mask of cards), each uniformly from
    those left: deck[dealt + 1 + j] = deck[dealt + j] ^ (the card dealt j-th), so that the
    cards dealt from position a to b are deck[a] ^ deck[b]. Returns the random state and the
    stub left. Two cards a random number, both picked from the same stub (the second's index
    among the n - 1 others, stepped over the first's), so that the chain from one pair to the
    next is one pdep, an or and an xor (`nth_bit_mask`); nothing in it waits on the hands."""
    n = bit_count(available)
    at = np.uint64(dealt)  # unsigned indices: no code for negative ones
    x = deck[at]
    one, low_half = np.uint64(1), np.uint64(0xFFFFFFFF)
    for _ in range(count // 2):
        state, r = next_random(state)
        first = ((r >> np.uint64(32)) * n) >> np.uint64(32)
        second = ((r & low_half) * (n - one)) >> np.uint64(32)
        second += np.uint64(second >= first)
        a = nth_bit_mask(available, first)
        b = nth_bit_mask(available, second)
        available ^= a | b
        n -= np.uint64(2)
        x ^= a
        deck[at + one] = x
        x ^= b
        at += np.uint64(2)
        deck[at] = x
    if count & 1:
        state, r = next_random(state)
        a = nth_bit_mask(available, ((r >> np.uint64(32)) * n) >> np.uint64(32))
        available ^= a
        deck[at + one] = x ^ a
    return state, available


@functools.cache
def simulate_kernel(
    split: bool, policy: Any = None, kind: int = 0, cards_in_hand: int = 0, players: int = 0
) -> Dispatcher[Callable[..., None]]:
    """Monte Carlo through the draws with `split` compiled in, and the user's `policy` (a
    numba function; None: the built-in policies). A built-in policy's `kind` (rule[0]), the
    hand's size h and the number of players, when given (0: read at run time), are compiled
    in too: the policy's code alone, its loops over cards and players unrolled. Kernels with the user's
    policy are compiled in each process, not cached on disk (their key would hold the
    function's identity, new in each process).

    A hand is a mask of cards, a keep the mask of the cards kept, and the stub is dealt ahead
    in order (`_deal_ahead`): a draw of d cards is the next d of them, `deck[pos] ^ deck[pos +
    d]`, so that what a player draws waits only on how many cards the players before him
    drew. Before each draw every player's keep is found first, without a branch on whether
    he stands pat, then the cards are dealt (2-7 triple draw, both players drawing two: 10-11
    M deals a second a thread with cards in arrays dealt draw by draw, 23-24 M so, 2026-12)."""
    user = policy is not None
    fixed_kind, fixed_h, fixed_n = kind, cards_in_hand, players
    options = dict(NOGIL_KERNEL, cache=not user)

    @njit(**options)
    def simulate(
        t: Tables,
        t_low: Tables,
        seed: np.uint64,
        first_block: int,
        block_trials: np.ndarray,
        live: np.uint64,
        kept: np.ndarray,
        pat: int,
        h: int,
        rounds: int,
        rule: np.ndarray,
        first_deal: int,
        ahead: int,
        counts: np.ndarray,
        errors: np.ndarray,
        scratch: DrawScratch,
        buckets: np.ndarray,
        low_buckets: np.ndarray,
    ) -> None:
        """counts[b] gets block_trials[b] deals of block first_block + b through `rounds`
        draws: player p keeps the cards of the mask kept[p] for the first and draws the rest
        of h cards from the stub `live` (a mask of cards), then before each later draw keeps
        what the policy says: the user's (the cards in increasing order, draws left, t,
        t_low), or the built-in rule[0] with the strength in the high (rule[1] = 0) or low
        game, its pat strength rule[2], top card rule[3], and rule[4] = 1 when every hand
        it stands pat on has h cards of different ranks (`pat_strength`). `pat`: the bitmask
        of the players a built-in keeps pat from the start, asked no more. Each trial deals
        `first_deal` cards ahead (the first draw's and some), then `ahead` more (at least
        those wanted) when a draw wants more than are dealt. A keep outside 0 .. 2**h - 1
        stops the block: errors[b] = (BAD_KEEP, keep, the hand's h cards); a stub and discard
        pile without enough cards, (NO_CARDS, cards wanted, the hand). scratch: the thread's
        rows (`DrawScratch`)."""
        no_alias()
        row, hands, keeps, draws, deck = scratch
        if fixed_h:
            h = fixed_h
        kind = fixed_kind if fixed_kind else rule[0]
        n = fixed_n if fixed_n else kept.shape[0]
        full = (1 << h) - 1
        # every hand the built-in stands pat on has h cards of different ranks (`pat_unpaired`)
        unpaired_pat = rule[4] == 1 and (kind == LOWBALL_27 or kind == LOWBALL_A5)
        deck[0] = 0
        for b in range(counts.shape[0]):
            counts_row = counts[b]
            state = block_stream(seed, first_block + b)
            for trial in range(block_trials[b]):
                pile = np.uint64(0)
                state, available = _deal_ahead(state, live, deck, 0, first_deal)
                dealt, pos = first_deal, 0
                for p in range(n):
                    d = h - np.int64(bit_count(kept[p]))
                    hands[p] = kept[p] | (deck[pos] ^ deck[pos + d])
                    pos += d
                for r in range(1, rounds):
                    wanted = 0  # what every player keeps, then the cards dealt in turn
                    for p in range(n):
                        if (pat >> p) & 1:
                            continue
                        m = hands[p]
                        if user:
                            mask_cards(m, row)
                            keep = np.int64(policy(row[:h], rounds - r, t, t_low))
                            if keep < 0 or keep > full:
                                errors[b, 0], errors[b, 1] = BAD_KEEP, keep
                                for i in range(h):
                                    errors[b, 2 + i] = row[i]
                                return
                            kept_now = expand_bits(keep, m)
                        else:  # valued every time: no branch on whether it stands pat
                            kept_now = builtin_draw(kind, m, h, row, rule[3])
                            if rule[1] == 0:
                                s = pat_strength(t, m, h, row, unpaired_pat)
                            else:
                                s = pat_strength(t_low, m, h, row, unpaired_pat)
                            kept_now ^= (kept_now ^ m) & (np.uint64(0) - np.uint64(s >= rule[2]))
                        keeps[p] = kept_now
                        draws[p] = h - np.int64(bit_count(kept_now))
                        wanted += draws[p]
                    stub = np.int64(bit_count(available)) + dealt - pos
                    if pos + wanted > dealt and stub >= wanted:  # (a short stub: player by player)
                        more = min(max(ahead, pos + wanted - dealt), np.int64(bit_count(available)))
                        state, available = _deal_ahead(state, available, deck, dealt, more)
                        dealt += more
                    for p in range(n):
                        if (pat >> p) & 1:
                            continue
                        d = draws[p]
                        if pos + d > dealt:  # the discards shuffled in when the stub is short
                            if np.int64(bit_count(available)) + dealt - pos < d:
                                available |= (deck[dealt] ^ deck[pos]) | pile
                                pile = np.uint64(0)
                                dealt = pos
                                if np.int64(bit_count(available)) < d:
                                    errors[b, 0], errors[b, 1] = NO_CARDS, d
                                    mask_cards(hands[p], row)
                                    for i in range(h):
                                        errors[b, 2 + i] = row[i]
                                    return
                            more = min(max(ahead, pos + d - dealt), np.int64(bit_count(available)))
                            state, available = _deal_ahead(state, available, deck, dealt, more)
                            dealt += more
                        pile |= hands[p] ^ keeps[p]
                        hands[p] = keeps[p] | (deck[pos] ^ deck[pos + d])
                        pos += d
                top, high, low_top, low = 0, 0, 0, 0
                for p in range(n):
                    high, top = winners_with(high, top, p, mask_strength(t, hands[p], h, row))
                    if split:
                        low, low_top = winners_with(low, low_top, p, mask_strength(t_low, hands[p], h, row))
                if split:
                    add_split(
                        counts_row,
                        high if top else 0,
                        low if low_top else 0,
                        n,
                        bucket_of(buckets, top),
                        bucket_of(low_buckets, low_top),
                    )
                else:
                    counts_row[outcome_bin(buckets, top, high if top else 0, n)] += 1

    return simulate


class DrawScratch(NamedTuple):
    """A thread's working rows in `simulate_kernel`'s kernels, which it alone writes: row, a
    hand's cards (8 or more); per player p, hands[p] and keeps[p] (card masks: his hand, the
    cards he keeps) and draws[p] (how many cards he draws); deck, the cards dealt ahead as
    `_deal_ahead` writes them (first_deal + the most cards the later draws can want + ahead
    + 1)."""

    row: np.ndarray
    hands: np.ndarray
    keeps: np.ndarray
    draws: np.ndarray
    deck: np.ndarray
