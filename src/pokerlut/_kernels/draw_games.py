"""The draw games' kernels: exact equity after one draw, Monte Carlo through several draws,
and one player's exact chance to make a hand by the last draw (`pokerlut._draw` calls them).

Cards come from the stub, `live` (the cards no player holds and no one has seen), and a
subset of it is named by indices into `live`, in increasing order; its colex rank (the sum of
C(index_j, j + 1)) numbers the subsets of one size 0 .. C(m, k) - 1, which is how a player's
precomputed strengths are looked up. A hand is `h` cards (5, or 4 in Badugi): the cards kept,
then those drawn; `draw_strength` values it in a game whose tables are `t`, compiled per kind
of tables: a poker game's `Tables` by its hand state (`state_add` keeps it), a
Badugi game's `BadugiTables` by its cards (`badugi.badugi4`, `badugi5`; no hand state).

Exact equity after one draw (`exact_kernel`) deals every replacement to every player jointly,
without a card twice. The first player's replacements are the work items (split among the
threads), the middle players' run through an odometer, and the last player is either dealt
too (`ie=False`: split pots, by category) or counted at once: the number of its replacements
that share no card with the others' (U), below, equal to and above the best strength so far,
by inclusion-exclusion over the subsets T of U it could share (at most as many cards as it
draws): sum over T of (-1)**|T| times the count among its replacements that contain T, read
by binary search in that T's sorted list of strengths (`last_player_lists`).

Monte Carlo (`simulate_kernel`): every trial deals each player's first replacements, then
before each later draw asks the drawing policy which cards each player keeps (a built-in of
`draw_policies`, or the user's function), throws the rest on the discard pile and draws
again; when the stub cannot give a player his cards, the discards of the others are shuffled
into it first (as card rooms do). Random streams per (seed, block) as in `draws`. There a
hand is a mask of cards, not h cards in a row (`simulate_kernel` says why).

One player's chance (`chance_kernel`): every first replacement (the work items), then every
draw the policy leads to, until the hand reaches the target (it stands pat there) or the
draws run out; each path weighted by its probability, summed by the draw where the target is
made. Unrolled for up to three draws.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
from numba.extending import overload

from .table_types import BadugiTables, Tables
from .badugi import badugi4, badugi5
from .core import (
    LLVM_INLINE,
    NOGIL_KERNEL,
    Hand,
    bit_count,
    compress_bits,
    expand_bits,
    hand_add,
    hand_empty,
    hand_strength,
    next_combo,
    nth_bit_mask,
    rank_strength,
    njit,
    no_alias,
)
from .draw_policies import (
    LOWBALL_27,
    LOWBALL_A5,
    RANKS,
    builtin_draw,
    builtin_keep,
    card_mask,
    mask_cards,
    positions,
)
from .draws import block_stream, next_random
from .showdown import add_split, bucket_of, outcome_bin, winners_with

if TYPE_CHECKING:
    from numba.core.dispatcher import Dispatcher

MAX_ROUNDS = 3  # the most draws `chance_kernel` follows (triple draw)
BAD_KEEP, NO_CARDS, TOO_MUCH = 1, 2, 3  # error codes (errors[b, 0] of `simulate_kernel`)


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


def _badugi(t: Any) -> bool:
    """Whether numba type `t` is that of a Badugi game's tables."""
    kind = getattr(t, "instance_class", None)
    return isinstance(kind, type) and issubclass(kind, BadugiTables)


@overload(draw_strength, inline="always")
def _draw_strength(t: Any, cards: Any, h: Any, hand: Any) -> Callable[..., Any]:
    if _badugi(t):

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
    if _badugi(t):

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


# --- exact equity after one draw -------------------------------------------------------------


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


@njit(cache=True)
def subset_strengths(
    t: Tables, live: np.ndarray, kept: np.ndarray, k: int, h: int, out: np.ndarray, row: np.ndarray
) -> None:
    """out[rank] = the strength of the hand kept[:k] plus the (h - k)-subset of `live` of colex
    rank `rank`, for every such subset; row: scratch of h cards."""
    d, m = h - k, live.shape[0]
    idx = np.arange(max(d, 1))
    for i in range(k):
        row[i] = kept[i]
    base = row_hand(t, row, k)
    more = True
    while more:
        hand = base
        for j in range(d):
            row[k + j] = live[idx[j]]
            hand = state_add(t, hand, live[idx[j]])
        out[colex_rank(idx, d)] = draw_strength(t, row, h, hand)
        more = next_combo(idx, d, m)


@njit(cache=True)
def last_player_lists(
    strengths: np.ndarray,
    m: int,
    d: int,
    most: int,
    offsets: np.ndarray,
    lengths: np.ndarray,
    lists: np.ndarray,
) -> None:
    """For every subset T of range(m) of at most `most` (<= d) indices, the sorted strengths
    of the d-subsets that contain T (strengths[rank] by colex rank): T of size k and colex
    rank c at lists[offsets[k] + c * lengths[k] :][: lengths[k]], lengths[k] = C(m - k, d - k)."""
    start_of = np.zeros(most + 2, np.int64)  # counters of the T of size k: from start_of[k]
    for k in range(most + 1):
        start_of[k + 1] = start_of[k] + BINOM[m, k]
    counters = np.zeros(start_of[most + 1], np.int64)
    idx = np.arange(max(d, 1))
    tidx = np.arange(max(d, 1))
    sub = np.zeros(max(d, 1), np.int64)
    more = True
    while more:
        s = strengths[colex_rank(idx, d)]
        for k in range(most + 1):  # every k-subset of idx
            for j in range(k):
                tidx[j] = j
            inner = True
            while inner:
                for j in range(k):
                    sub[j] = idx[tidx[j]]
                c = colex_rank(sub, k)
                lists[offsets[k] + c * lengths[k] + counters[start_of[k] + c]] = s
                counters[start_of[k] + c] += 1
                inner = next_combo(tidx, k, d)
        more = next_combo(idx, d, m)
    for k in range(most + 1):
        for c in range(BINOM[m, k]):
            start = offsets[k] + c * lengths[k]
            lists[start : start + lengths[k]] = np.sort(lists[start : start + lengths[k]])


@njit(inline="always")
def _below(lists: np.ndarray, start: int, n: int, x: Any, or_equal: bool) -> int:
    """How many of the sorted lists[start : start + n] are below x (or_equal: at most x)."""
    lo, hi = 0, n
    while lo < hi:
        mid = (lo + hi) >> 1
        v = lists[start + mid]
        if v < x or (or_equal and v == x):
            lo = mid + 1
        else:
            hi = mid
    return lo


@functools.cache
def exact_kernel(split: bool, ie: bool) -> Dispatcher[Callable[..., None]]:
    """Exact equity after one draw, with `split` (hi-lo) and `ie` (the last player counted by
    inclusion-exclusion; not with `split`) compiled in."""

    @njit(**NOGIL_KERNEL)
    def exact_one_draw(
        m: int,
        draws: np.ndarray,
        strengths: np.ndarray,
        low_strengths: np.ndarray,
        offsets: np.ndarray,
        lists: np.ndarray,
        list_offsets: np.ndarray,
        list_lengths: np.ndarray,
        first: np.ndarray,
        row: np.ndarray,
        idx: np.ndarray,
        scratch: np.ndarray,
        buckets: np.ndarray,
        low_buckets: np.ndarray,
    ) -> None:
        """Every joint deal of replacements from m live cards, player p drawing draws[p]: p's
        hand's strength with the subset of colex rank r is strengths[offsets[p] + r] (and
        low_strengths, split). Item i fixes player 0's subset (first[i], indices); row counts
        (a winner-bitmask histogram, by category with `buckets`, or the split-pot counters);
        idx (players, 8) and scratch (2, 64) are scratch rows. With `ie` the last player's
        sorted lists by shared subset are `lists` (`last_player_lists`)."""
        no_alias()
        n = draws.shape[0]
        last = n - 1
        mid_end = last if ie else n  # players dealt one by one: 0 .. mid_end - 1
        d_last = draws[last]
        ubits, tidx = scratch[0], scratch[1]
        for it in range(first.shape[0]):
            mask0 = np.uint64(0)
            for j in range(draws[0]):
                mask0 |= np.uint64(1) << np.uint64(first[it, j])
            rank0 = colex_rank(first[it], draws[0])
            for p in range(1, mid_end):
                for j in range(draws[p]):
                    idx[p, j] = j
            more = True
            while more:
                used = mask0
                clash = False
                top, winners = strengths[offsets[0] + rank0], 1
                low_top, low_winners = 0, 0
                if split:
                    low_top, low_winners = low_strengths[offsets[0] + rank0], 1
                for p in range(1, mid_end):
                    bits = np.uint64(0)
                    for j in range(draws[p]):
                        bits |= np.uint64(1) << np.uint64(idx[p, j])
                    clash |= (used & bits) != 0
                    used |= bits
                    r = colex_rank(idx[p], draws[p])
                    winners, top = winners_with(winners, top, p, strengths[offsets[p] + r])
                    if split:
                        low_winners, low_top = winners_with(
                            low_winners, low_top, p, low_strengths[offsets[p] + r]
                        )
                if not clash:
                    if not ie:
                        if split:
                            add_split(
                                row,
                                winners if top else 0,
                                low_winners if low_top else 0,
                                n,
                                bucket_of(buckets, top),
                                bucket_of(low_buckets, low_top),
                            )
                        else:
                            row[outcome_bin(buckets, top, winners if top else 0, n)] += 1
                    else:
                        n_u = 0
                        rest = used
                        while rest:
                            low_bit = rest & (~rest + np.uint64(1))
                            ubits[n_u] = np.int64(bit_count(low_bit - np.uint64(1)))
                            n_u += 1
                            rest ^= low_bit
                        below, at_most, total = 0, 0, 0
                        for k in range(min(d_last, n_u) + 1):
                            for j in range(k):
                                tidx[j] = j
                            sign = 1 - 2 * (k & 1)
                            length = list_lengths[k]
                            inner = True
                            while inner:
                                c = 0
                                for j in range(k):
                                    c += BINOM[ubits[tidx[j]], j + 1]
                                start = list_offsets[k] + c * length
                                below += sign * _below(lists, start, length, top, False)
                                at_most += sign * _below(lists, start, length, top, True)
                                total += sign * length
                                inner = next_combo(tidx, k, n_u)
                        row[winners] += below
                        row[winners | (1 << last)] += at_most - below
                        row[1 << last] += total - at_most
                more = False  # the odometer: the last of the middle players turns fastest
                for p in range(mid_end - 1, 0, -1):
                    if next_combo(idx[p], draws[p], m):
                        more = True
                        break

    return exact_one_draw


# --- Monte Carlo through several draws -------------------------------------------------------


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
    if _badugi(t):

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
    if _badugi(t):

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
        row: np.ndarray,
        hands: np.ndarray,
        keeps: np.ndarray,
        draws: np.ndarray,
        deck: np.ndarray,
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
        pile without enough cards, (NO_CARDS, cards wanted, the hand). row (8 cards), hands,
        keeps (masks), draws (cards drawn), deck (first_deal + the most cards the later draws
        can want + ahead + 1): scratch."""
        no_alias()
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


# --- one player's chance to make a hand ------------------------------------------------------


@njit(**LLVM_INLINE)
def _meets(t: Tables, t_low: Tables, cards: np.ndarray, h: int, target: np.ndarray) -> Any:
    """Whether cards[:h] reach the target: strength in the high (target[0] = 0) or low game at
    least target[1]."""
    if target[0] == 0:
        return row_strength(t, cards, h) >= target[1]
    return row_strength(t_low, cards, h) >= target[1]


@njit(**LLVM_INLINE)
def _hits(
    t: Tables, cards: np.ndarray, k: int, h: int, pool: np.ndarray, m: int, idx: np.ndarray, goal: Any
) -> tuple[int, int]:
    """How many of the (h - k)-subsets of pool[:m] complete cards[:k] into a hand of strength
    at least `goal` (in the game of `t`), and how many there are; cards[k:h], idx: scratch."""
    d = h - k
    base = row_hand(t, cards, k)
    for j in range(d):
        idx[j] = j
    hits, seen = 0, 0
    more = True
    while more:
        hand = base
        for j in range(d):
            card = pool[idx[j]]
            cards[k + j] = card
            hand = state_add(t, hand, card)
        hits += draw_strength(t, cards, h, hand) >= goal
        seen += 1
        more = next_combo(idx, d, m)
    return hits, seen


@njit(inline="always")
def _compact(cards: np.ndarray, h: int, keep: int, out: np.ndarray) -> int:
    """out[:j] = the kept cards of cards[:h] (keep: a bitmask of positions); returns j."""
    j = 0
    for i in range(h):
        if (keep >> i) & 1:
            out[j] = cards[i]
            j += 1
    return j


@njit(**LLVM_INLINE)
def _keep_of(
    t: Tables,
    t_low: Tables,
    cards: np.ndarray,
    h: int,
    left: int,
    rule: np.ndarray,
    policy: Any,
    row: np.ndarray,
) -> Any:
    """The keep (over the positions of cards[:h]) of the user's `policy` (a numba function,
    shown the cards in increasing order, in row), or with None of the built-in `rule` (as in
    `simulate_kernel`), for the hand cards[:h] with `left` draws to come. A keep outside
    0 .. 2**h - 1 is returned as it is."""
    if policy is not None:
        m = card_mask(cards, h)
        mask_cards(m, row)
        keep = np.int64(policy(row[:h], left, t, t_low))
        if keep < 0 or keep >= 1 << h:
            return keep
        return np.int64(positions(expand_bits(keep, m), cards, h))
    s = row_strength(t, cards, h) if rule[1] == 0 else row_strength(t_low, cards, h)
    return np.int64(builtin_keep(rule[0], cards, h, s, rule[2], rule[3]))


@njit(**LLVM_INLINE)
def _last_draw(
    t: Tables,
    t_low: Tables,
    hand: np.ndarray,
    h: int,
    available: np.uint64,
    weight: float,
    rule: np.ndarray,
    target: np.ndarray,
    level: np.ndarray,
    pool: np.ndarray,
    idx: np.ndarray,
    errors: np.ndarray,
    policy: Any,
) -> tuple[float, int]:
    """The chance of reaching the target on the last draw from `hand` (not there yet),
    times weight; and the hands evaluated."""
    keep = _keep_of(t, t_low, hand, h, 1, rule, policy, level)
    if keep < 0 or keep >= 1 << h:
        errors[0], errors[1] = BAD_KEEP, keep
        for i in range(h):
            errors[2 + i] = hand[i]
        return 0.0, 0
    k = _compact(hand, h, keep, level)
    d = h - k
    if d == 0:
        return 0.0, 0
    m = mask_cards(available, pool)
    if target[0] == 0:
        hits, seen = _hits(t, level, k, h, pool, m, idx, target[1])
    else:
        hits, seen = _hits(t_low, level, k, h, pool, m, idx, target[1])
    return weight * hits / seen, seen


@functools.cache
def chance_kernel(policy: Any = None) -> Dispatcher[Callable[..., None]]:
    """One player's chance (see the module's docstring), with the user's `policy` compiled in
    (None: the built-in `rule`, as in `simulate_kernel`)."""
    user = policy is not None
    options = dict(NOGIL_KERNEL, cache=not user)

    @njit(**options)
    def chance(
        t: Tables,
        t_low: Tables,
        live: np.ndarray,
        kept: np.ndarray,
        h: int,
        rounds: int,
        rule: np.ndarray,
        target: np.ndarray,
        first: np.ndarray,
        budget: int,
        made: np.ndarray,
        work: np.ndarray,
        errors: np.ndarray,
        hands: np.ndarray,
        pools: np.ndarray,
        idx: np.ndarray,
    ) -> None:
        """made[j] += the chance (each item weighing 1) that the hand first reaches the target
        on draw j (0 .. rounds - 1), over the first replacements first[i] (indices into
        `live`) of the h - len(kept) cards not kept. work[0] counts the hands evaluated;
        past `budget` the work stops, errors[0] = TOO_MUCH; other errors as in
        `simulate_kernel`. hands, pools (3 rows of 64 cards) and idx (3 rows of 8) are
        scratch rows."""
        k0 = kept.shape[0]
        live_mask = np.uint64(0)
        for i in range(live.shape[0]):
            live_mask |= np.uint64(1) << np.uint64(live[i])
        h0, h1 = hands[0], hands[1]
        for i in range(k0):
            h0[i] = kept[i]
        for it in range(first.shape[0]):
            available = live_mask
            for j in range(h - k0):
                card = live[first[it, j]]
                h0[k0 + j] = card
                available &= ~(np.uint64(1) << np.uint64(card))
            work[0] += 1
            if _meets(t, t_low, h0, h, target):
                made[0] += 1.0
                continue
            if rounds == 2:
                got, seen = _last_draw(
                    t, t_low, h0, h, available, 1.0, rule, target, h1, pools[1], idx[1], errors, policy
                )
                made[1] += got
                work[0] += seen
            elif rounds == 3:
                keep = _keep_of(t, t_low, h0, h, 2, rule, policy, h1)
                if keep < 0 or keep >= 1 << h:
                    errors[0], errors[1] = BAD_KEEP, keep
                    for i in range(h):
                        errors[2 + i] = h0[i]
                    return
                k = _compact(h0, h, keep, h1)
                d = h - k
                if d == 0:  # pat below the target: the same hand on the last draw
                    got, seen = _last_draw(
                        t,
                        t_low,
                        h1,
                        h,
                        available,
                        1.0,
                        rule,
                        target,
                        hands[2],
                        pools[2],
                        idx[2],
                        errors,
                        policy,
                    )
                    made[2] += got
                    work[0] += seen
                    continue
                pool = pools[0]
                m = mask_cards(available, pool)
                weight = 1.0 / BINOM[m, d]  # each of the C(m, d) replacements
                for j in range(d):
                    idx[0, j] = j
                more = True
                while more:
                    after = available
                    for j in range(d):
                        card = pool[idx[0, j]]
                        h1[k + j] = card
                        after &= ~(np.uint64(1) << np.uint64(card))
                    work[0] += 1
                    if _meets(t, t_low, h1, h, target):
                        made[1] += weight
                    else:
                        got, seen = _last_draw(
                            t,
                            t_low,
                            h1,
                            h,
                            after,
                            weight,
                            rule,
                            target,
                            hands[2],
                            pools[2],
                            idx[2],
                            errors,
                            policy,
                        )
                        made[2] += got
                        work[0] += seen
                    more = next_combo(idx[0], d, m) and work[0] <= budget
            if work[0] > budget:
                errors[0] = TOO_MUCH
            if errors[0]:
                return

    return chance
