"""Showdown kernels for equity: exact enumeration of boards and Monte Carlo trials.

Both count outcomes, not players: every board adds one to counts[winners], where `winners` is
the bitmask of the players who share the pot (2**players bins). Wins, ties, equity and its
variance per player all follow from that histogram, the counts are exact integers whatever
order the threads add them in, and a showdown costs a single increment.

Split pots (hi-lo: `t_low` is the low game's tables, `split` True) count per player instead, in
units of 1/POT of a pot so that halves and quarters stay integers (`_add_split`).

By category (`equity(by_category=True)`): a table `buckets` of the winning strength's category
(`odds.categories`), read at runtime, not compiled in (one kernel either way). Given, the
histogram has a block of 2**players bins per category (`outcome_bin`), and a split pot counts
each player's high units by the high hand's category and low units by the low's; empty, the
counters are as above and nothing more is read.

Hold'em: a player's hand is the board plus hole cards (hand state merge). Omaha: the best of
every two hole cards with every three board cards.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from ..tables import Tables
from .core import (LLVM_INLINE, NOGIL_KERNEL, Hand, bit_count, draw_card, hand_add, hand_empty,
                   hand_merge, hand_strength, njit, no_alias)

if TYPE_CHECKING:
    from numba.core.dispatcher import Dispatcher

GOLDEN = np.uint64(0x9E3779B97F4A7C15)


POT = 5040  # a pot in units: 2 * lcm(1..10), so any half split among up to 10 is whole
SPLIT_FIELDS = 6  # per player: pot units, their squares, high units, low units, scoops, shares


@njit(**LLVM_INLINE)
def _holdem_winners(t: Tables, n: int, board_hand: Hand, hole_hands: np.ndarray) -> tuple[int, int]:
    """Bitmask of the n players holding the best hand (none when no hand qualifies: a low
    game's strength 0), each hand the board (`board_hand`) and hole_hands[p]; and the best
    strength."""
    top, winners = 0, 0
    for p in range(n):
        s = hand_strength(t, hand_merge(board_hand, (hole_hands[p, 0], hole_hands[p, 1])))
        winners, top = winners_with(winners, top, p, s)
    return (winners if top else 0), np.int64(top)


@njit(**LLVM_INLINE)
def _omaha_winners(t: Tables, n: int, board: np.ndarray, holes: np.ndarray,
                   hole_sizes: np.ndarray) -> tuple[int, int]:
    """`_holdem_winners` in Omaha: each hand the best of two of the holes[p, :hole_sizes[p]]
    and three of the five board cards."""
    top, winners = 0, 0
    for p in range(n):
        best = 0
        h = hole_sizes[p]
        for i in range(h):
            for j in range(i + 1, h):
                two = hand_add(t, hand_add(t, hand_empty(), holes[p, i]), holes[p, j])
                for a in range(5):
                    ha = hand_add(t, two, board[a])
                    for b in range(a + 1, 5):
                        hb = hand_add(t, ha, board[b])
                        for c in range(b + 1, 5):
                            best = max(best, hand_strength(t, hand_add(t, hb, board[c])))
        winners, top = winners_with(winners, top, p, best)
    return (winners if top else 0), np.int64(top)


@njit(inline="always")
def winners_with(winners: int, top: Any, p: int, s: Any) -> tuple[int, Any]:
    """The winners' bitmask and top strength once player p's strength s is seen. Written as
    arithmetic on masks, not selects: who wins is a coin toss to the branch predictor, and in a
    loop over players LLVM turns selects into branches (x86 cmov conversion)."""
    better, same = np.int64(s > top), np.int64(s == top)
    return (winners & (better - 1)) | ((better | same) << p), max(top, s)


@njit(inline="always")
def outcome_bin(buckets: np.ndarray, top: Any, winners: int, n: int) -> int:
    """The histogram bin of a showdown won by `winners` (a bitmask of n players) with the
    strength `top`: the bitmask itself, or with by-category `buckets` (a category index per
    strength) the bitmask in the block of top's category."""
    if buckets.shape[0]:
        block: int = np.int64(buckets[top]) << n
        return winners + block
    return winners


@njit(inline="always")
def bucket_of(buckets: np.ndarray, top: Any) -> Any:
    """The category index of strength `top` in `buckets`, or -1: none kept (no buckets, or
    top 0: no qualifying hand)."""
    return np.int64(buckets[top]) if buckets.shape[0] and top else np.int64(-1)


@njit(inline="always")
def _count(mask: int) -> int:
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


@njit(inline="always")
def _add_split(row: np.ndarray, high: int, low: int, n: int, high_bucket: int,
               low_bucket: int) -> None:
    """Add one split-pot showdown to row: row[0] counts showdowns, then per field f and player
    p row[1 + f * n + p]: the player's pot units (POT a whole pot), their square (for the
    variance), the units won with the high hand, with the low hand, 1 for a scoop (the whole
    pot) and 1 for any share. The high hand takes the whole pot when no low qualifies; tied
    players share their half. By category, field SPLIT_FIELDS + b holds the units won with a
    hand of category b: the high units at high_bucket, the low units at low_bucket (-1: not
    counted)."""
    row[0] += 1
    high_pot = (POT if low == 0 else POT // 2) // _count(high)
    low_pot = POT // 2 // max(_count(low), 1)
    for p in range(n):
        h = high_pot if (high >> p) & 1 else 0
        lo = low_pot if (low >> p) & 1 else 0
        row[1 + p] += h + lo
        row[1 + n + p] += (h + lo) * (h + lo)
        row[1 + 2 * n + p] += h
        row[1 + 3 * n + p] += lo
        row[1 + 4 * n + p] += h + lo == POT
        row[1 + 5 * n + p] += h + lo > 0
        if high_bucket >= 0:
            row[1 + (SPLIT_FIELDS + high_bucket) * n + p] += h
        if low_bucket >= 0:
            row[1 + (SPLIT_FIELDS + low_bucket) * n + p] += lo


@njit(inline="always")
def _showdown(row: np.ndarray, t: Tables, t_low: Tables, split: bool, omaha: bool, n: int,
              board: np.ndarray, board_hand: Hand, holes: np.ndarray, hole_sizes: np.ndarray,
              hole_hands: np.ndarray, buckets: np.ndarray, low_buckets: np.ndarray) -> int:
    """One showdown of n players: with `split`, add its hi-lo shares to row and return -1;
    else return the winners' bin (`outcome_bin`: by category with `buckets`, the high hand's
    categories, and `low_buckets` the low's), which the caller counts (`row[bin] += 1` written here,
    inlined, was lost by numba 0.68 on boards completed by a work item's own cards;
    tests/test_equity.py sees it). Small for numba to inline: a caller's constant `split` and
    `omaha` leave one or two calls, and only the functions called are compiled."""
    if omaha:
        high, top = _omaha_winners(t, n, board, holes, hole_sizes)
    else:
        high, top = _holdem_winners(t, n, board_hand, hole_hands)
    if not split:
        return outcome_bin(buckets, top, high, n)
    if omaha:
        low, low_top = _omaha_winners(t_low, n, board, holes, hole_sizes)
    else:
        low, low_top = _holdem_winners(t_low, n, board_hand, hole_hands)
    _add_split(row, high, low, n, bucket_of(buckets, top), bucket_of(low_buckets, low_top))
    return -1


@njit(inline="always")
def _hole_hands(t: Tables, holes: np.ndarray, hole_sizes: np.ndarray, out: np.ndarray) -> None:
    for p in range(hole_sizes.shape[0]):
        hand = hand_empty()
        for i in range(hole_sizes[p]):
            hand = hand_add(t, hand, holes[p, i])
        out[p, 0], out[p, 1] = hand


@njit(inline="always")
def _next(state: np.uint64) -> tuple[np.uint64, np.uint64]:
    """splitmix64: the next state and a 64-bit random number."""
    state = state + GOLDEN
    z = state
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return state, z ^ (z >> np.uint64(31))


@njit(inline="always")
def _block_stream(seed: np.uint64, block: int) -> np.uint64:
    """The random stream of a block of trials, by (seed, block number) alone: mix the seed,
    fold in the block number, mix again, so that nearby seeds or blocks do not give
    overlapping streams (and results do not depend on the thread count)."""
    _, mixed_seed = _next(np.uint64(seed))
    _, state = _next(mixed_seed ^ (np.uint64(block) * np.uint64(0xD1B54A32D192ED03)))
    return state


def simulate_kernel(split: bool, omaha: bool, players: int) -> Dispatcher[Callable[..., None]]:
    """The Monte Carlo kernel of `players` players: one per number of players in hold'em,
    whose showdown's loop over them it unrolls (10-13 % faster, 2026-12), one for any number
    in Omaha (where unrolling bought nothing)."""
    return _simulate_kernel(split, omaha, 0 if omaha else players)


@functools.cache
def _simulate_kernel(split: bool, omaha: bool, players: int) -> Dispatcher[Callable[..., None]]:
    """Monte Carlo with `split`, `omaha` and the number of players (0: any) compiled in
    (closure constants; made and compiled on first use of each): no split-pot or Omaha code
    in hold'em. Serial: `odds.threads` runs it on several threads, each on its own blocks and
    scratch rows."""

    @njit(**NOGIL_KERNEL)
    def simulate(t: Tables, t_low: Tables, spot: Spot, draws: Draws, seed: np.uint64,
                 first_block: int, block_trials: np.ndarray, counts: np.ndarray,
                 failed: np.ndarray, cards: np.ndarray, hole_hands: np.ndarray,
                 holes: np.ndarray) -> None:
        """counts[b] gets block_trials[b] trials of block first_block + b (`_showdown`);
        failed[b] is set if block b could not draw a collision-free deal in 10,000 tries.
        cards, hole_hands, holes: scratch rows (board cards, hole hand states, hole cards).

        Each block has its own random stream, seeded from (seed, block number) alone, so
        results do not depend on the thread count. Every player starts with his first hand
        (the only one of a player with one), then a trial draws one deal per group of `draws`
        (`_draw`), rejecting the whole draw if two groups collide (which keeps overlapping
        ranges unbiased), then deals the rest of the board. With one group of listed rows
        (`Draws.deal_hands`) the showdown reads the drawn deal's row, without a copy.
        """
        no_alias()
        deck, board, n_board, hole_sizes = spot.deck, spot.board, spot.n_board, spot.hole_sizes
        m = deck.shape[0]
        n_players = players if players else hole_sizes.shape[0]
        n_groups = draws.group_sizes.shape[0]
        rows = draws.deal_hands.shape[0] == 1  # one group, its deals with every player's hand
        live = np.uint64(0)
        for i in range(m):
            live |= np.uint64(1) << np.uint64(deck[i])
        for b in range(counts.shape[0]):
            base = hand_empty()  # per block: once for all blocks measured 2-4 % slower
            for j in range(n_board):
                cards[j] = board[j]
                base = hand_add(t, base, board[j])
            state = _block_stream(seed, first_block + b)
            row = counts[b]
            for p in range(hole_sizes.shape[0]):  # hand 0 each: the only one of a fixed player
                hole_hands[p, 0], hole_hands[p, 1] = draws.combo_hands[p, 0]
                if omaha:
                    for i in range(hole_sizes[p]):
                        holes[p, i] = draws.combos[p, 0, i]
            for trial in range(block_trials[b]):
                used, hands = draws.fixed_mask, hole_hands
                if rows:  # one draw, nothing to collide with: the showdown reads its row
                    state, k = _draw(state, draws, 0)
                    used |= draws.deal_masks[0, k]
                    hands = draws.deal_hands[0, k]
                    if omaha:
                        _deal_cards(draws, 0, k, hole_sizes, holes)
                tries = 0
                dealt = rows or n_groups == 0
                while not dealt and tries < 10_000:
                    tries += 1
                    used = draws.fixed_mask
                    dealt = True
                    for g in range(n_groups):
                        state, k = _draw(state, draws, g)
                        bits = draws.deal_masks[g, k]
                        if used & bits:
                            dealt = False
                            break
                        used |= bits
                        for j in range(draws.group_sizes[g]):
                            p = draws.members[g, j]
                            hole_hands[p, 0], hole_hands[p, 1] = draws.group_hands[g, k, j]
                        if omaha:
                            _deal_cards(draws, g, k, hole_sizes, holes)
                if not dealt:
                    failed[b] = True
                    break
                state, board_hand = _deal_board(t, omaha, state, live & ~used, cards, n_board,
                                                base)
                won = _showdown(row, t, t_low, split, omaha, n_players, cards, board_hand,
                                holes, hole_sizes, hands, spot.buckets, spot.low_buckets)
                if won >= 0:
                    row[won] += 1

    return simulate


@njit(inline="always")
def _draw(state: np.uint64, draws: Draws, g: int) -> tuple[np.uint64, int]:
    """A deal of group g by Walker's alias method: pick a column uniformly, keep it if a
    uniform 32-bit number is below alias_keep[g, column] (its probability times 2**32), else
    take alias_other[g, column]. Returns the next state too."""
    state, r = _next(state)
    column = np.int64(((r >> np.uint64(32)) * np.uint64(draws.group_deals[g])) >> np.uint64(32))
    keep = (r & np.uint64(0xFFFF_FFFF)) < draws.alias_keep[g, column]
    return state, column if keep else draws.alias_other[g, column]


@njit(inline="always")
def _deal_board(t: Tables, omaha: bool, state: np.uint64, available: np.uint64,
                cards: np.ndarray, n_board: int, hand: Hand) -> tuple[np.uint64, Hand]:
    """Deal board cards n_board..4 uniformly without replacement from the cards of the bitmask
    `available` (`draw_card`), two cards per random number, into `hand` (and into `cards` for
    Omaha, whose showdown reads them)."""
    n = bit_count(available)
    j, r = n_board, np.uint64(0)
    while j < 5:
        if (j - n_board) % 2 == 0:
            state, r = _next(state)
        card = draw_card(available, n - np.uint64(j - n_board), r >> np.uint64(32))
        r <<= np.uint64(32)  # the low half for the next card
        available &= ~(np.uint64(1) << card)
        if omaha:
            cards[j] = card
        hand = hand_add(t, hand, card)
        j += 1
    return state, hand


@njit(inline="always")
def _deal_cards(draws: Draws, g: int, k: int, hole_sizes: np.ndarray, holes: np.ndarray) -> None:
    """Give the members of group g the cards of its deal k (Omaha's showdown reads them)."""
    for j in range(draws.group_sizes[g]):
        p = draws.members[g, j]
        for i in range(hole_sizes[p]):
            holes[p, i] = draws.combos[p, draws.deals[g, k, j], i]


@njit(cache=True)
def alias_table(weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Walker's alias table (Vose's construction): choosing column i uniformly, then i with
    probability keep[i] or else other[i], draws i with probability weights[i] / sum."""
    n = len(weights)
    scaled = weights * (n / weights.sum())
    keep, other = np.ones(n), np.arange(n)
    small, large = np.empty(n, np.int64), np.empty(n, np.int64)  # stacks of columns
    n_small = n_large = 0
    for i in range(n):
        if scaled[i] < 1:
            small[n_small], n_small = i, n_small + 1
        else:
            large[n_large], n_large = i, n_large + 1
    while n_small and n_large:
        n_small, n_large = n_small - 1, n_large - 1
        s, g = small[n_small], large[n_large]
        keep[s], other[s] = scaled[s], g
        scaled[g] -= 1 - scaled[s]
        if scaled[g] < 1:
            small[n_small], n_small = g, n_small + 1
        else:
            large[n_large], n_large = g, n_large + 1
    return keep, other  # columns left over keep themselves (probability 1, up to rounding)


def combo_hands(t: Tables, combos: np.ndarray, hole_sizes: np.ndarray) -> np.ndarray:
    """(players, combos, 2) uint64: the hand state (key, bits) of each combo's hole cards, so
    that a Monte Carlo deal reads them instead of adding cards."""
    out = np.zeros(combos.shape[:2] + (2,), dtype=np.uint64)
    for p, size in enumerate(hole_sizes.tolist()):
        cards = combos[p, :, :size]
        out[p, :, 0] = t.card_key[cards].sum(axis=1, dtype=np.uint64)
        out[p, :, 1] = np.bitwise_or.reduce(t.card_bit[cards], axis=1)
    return out


class Spot(NamedTuple):
    """What every showdown of a board game shares. deck: the live cards (not dead, not on the
    board); board: 5 slots, the first n_board known; hole_sizes[p]: player p's hole cards;
    buckets, low_buckets: by category, the category index of each strength of the high and
    the low game (`outcome_bin`, `_add_split`; int8, empty when not counted)."""

    deck: np.ndarray
    board: np.ndarray
    n_board: int
    hole_sizes: np.ndarray
    buckets: np.ndarray
    low_buckets: np.ndarray


class Draws(NamedTuple):
    """What Monte Carlo deals from. combos[p, k]: player p's hand k (`combo_hands`: its hand
    state); a player with one hand holds hand 0 throughout, and fixed_mask has its cards with
    the board and dead cards. The players with more are dealt in groups (`members[g,
    :group_sizes[g]]`): a draw of group g is one of its group_deals[g] deals, deals[g, k]
    (each member's hand; group_hands[g, k]: their hand states) with the cards deal_masks[g,
    k], by Walker's alias tables (alias_keep, alias_other), so that the members of a group
    never collide. When there is one group of at most GROUP_DEALS deals, deal_hands[0, k, p]
    is player p's hand state in its deal k, for every player (else deal_hands is empty)."""

    fixed_mask: np.uint64
    combos: np.ndarray
    combo_hands: np.ndarray
    members: np.ndarray
    group_sizes: np.ndarray
    deals: np.ndarray
    deal_masks: np.ndarray
    group_hands: np.ndarray
    deal_hands: np.ndarray
    group_deals: np.ndarray
    alias_keep: np.ndarray
    alias_other: np.ndarray


def _enumerate_kernel(split: bool, omaha: bool) -> Dispatcher[Callable[..., None]]:
    """Every completion of the board for a share of the work items, with `split` and `omaha`
    (hands of exactly two hole cards and three board cards) compiled in, as closure constants:
    the hold'em kernels carry no split-pot or Omaha code. Serial: `odds.threads` runs it on
    several threads, each on its own items, counts and scratch rows."""

    @njit(**NOGIL_KERNEL)
    def enumerate_boards(t: Tables, t_low: Tables, spot: Spot, deals: np.ndarray,
                         used_masks: np.ndarray, items: np.ndarray, counts: np.ndarray,
                         cards: np.ndarray, hole_hands: np.ndarray) -> None:
        """spot.deck: the live cards (not dead, not on the board); spot.board[:n_board] the
        known board cards. deals[a]: (players, 6) hole cards of deal a; used_masks[a]: the
        bitmask of its hole cards. items[i] = (deal, first new board card index into deck or
        -1, second or -1): the rest of the board is every combination of later deck cards.
        counts[deal] accumulates (`_showdown`); cards and hole_hands are scratch rows."""
        no_alias()
        deck, board, n_board, hole_sizes = spot.deck, spot.board, spot.n_board, spot.hole_sizes
        m, n_players = deck.shape[0], hole_sizes.shape[0]
        missing = 5 - n_board
        for it in range(items.shape[0]):
            item = items[it]
            a = item[0]
            used = used_masks[a]
            holes = deals[a]
            _hole_hands(t, holes, hole_sizes, hole_hands)
            row = counts[a]
            base = hand_empty()
            for j in range(n_board):
                cards[j] = board[j]
                base = hand_add(t, base, board[j])
            n = n_board
            start = 0
            skip = False
            for k in range(1, 3):
                if item[k] >= 0:
                    card = deck[item[k]]
                    skip |= (used >> np.uint64(card)) & np.uint64(1) != 0
                    cards[n] = card
                    base = hand_add(t, base, card)
                    n += 1
                    start = item[k] + 1
            if skip:
                continue
            rest = missing - (n - n_board)
            if rest == 0:
                won = _showdown(row, t, t_low, split, omaha, n_players, cards, base, holes,
                                hole_sizes, hole_hands, spot.buckets, spot.low_buckets)
                if won >= 0:
                    row[won] += 1
                continue
            # one to three more cards: the innermost loop deals the last, the loops outside it
            # the others, or run once and deal none (so the showdown is written once, inlined)
            for i0 in range(start, m) if rest == 3 else range(-1, 0):
                h0, lo1 = base, start
                if i0 >= 0:
                    c0 = deck[i0]
                    if (used >> np.uint64(c0)) & np.uint64(1):
                        continue
                    cards[n] = c0
                    h0, lo1 = hand_add(t, base, c0), i0 + 1
                for i1 in range(lo1, m) if rest >= 2 else range(-1, 0):
                    h1, lo2 = h0, lo1
                    if i1 >= 0:
                        c1 = deck[i1]
                        if (used >> np.uint64(c1)) & np.uint64(1):
                            continue
                        cards[n + rest - 2] = c1
                        h1, lo2 = hand_add(t, h0, c1), i1 + 1
                    for i2 in range(lo2, m):
                        c2 = deck[i2]
                        if (used >> np.uint64(c2)) & np.uint64(1):
                            continue
                        cards[n + rest - 1] = c2
                        won = _showdown(row, t, t_low, split, omaha, n_players, cards,
                                        hand_add(t, h1, c2), holes, hole_sizes, hole_hands,
                                        spot.buckets, spot.low_buckets)
                        if won >= 0:
                            row[won] += 1

    return enumerate_boards


# by (split, omaha): ENUMERATE_BOARDS[split, omaha](t, t_low, spot, ...)
ENUMERATE_BOARDS = {(split, omaha): _enumerate_kernel(split, omaha)
                    for split in (False, True) for omaha in (False, True)}


# Stud: every player has known cards and receives the rest of seven from the deck; no board.


@njit(inline="always")
def _stud_showdown(row: np.ndarray, t: Tables, t_low: Tables, split: bool, now: np.ndarray,
                   n: int, buckets: np.ndarray, low_buckets: np.ndarray) -> int:
    """The showdown of the n seven-card hands now[:n] (hand states), as `_showdown`: winners
    by `t`, and with `split` the low half by `t_low`; by category with `buckets`."""
    top, high, low_top, low = 0, 0, 0, 0
    for p in range(n):
        hand = (now[p, 0], now[p, 1])
        high, top = winners_with(high, top, p, hand_strength(t, hand))
        if split:
            low, low_top = winners_with(low, low_top, p, hand_strength(t_low, hand))
    if split:
        _add_split(row, high, low if low_top else 0, n, bucket_of(buckets, top),
                   bucket_of(low_buckets, low_top))
        return -1
    return outcome_bin(buckets, top, high, n)


@njit(inline="always")
def next_combo(idx: np.ndarray, m: int, n: int) -> bool:
    """Advance idx[:m], an increasing m-subset of range(n), to the next in lexicographic order;
    False (idx reset to the first subset) after the last."""
    i = m - 1
    while i >= 0 and idx[i] == n - m + i:
        i -= 1
    if i < 0:
        for j in range(m):
            idx[j] = j
        return False
    idx[i] += 1
    for j in range(i + 1, m):
        idx[j] = idx[j - 1] + 1
    return True


def _stud_enumerate_kernel(split: bool) -> Dispatcher[Callable[..., None]]:
    """Exact stud with `split` compiled in (a closure constant: no split-pot code in stud
    high or razz)."""

    @njit(**NOGIL_KERNEL)
    def stud_enumerate(t: Tables, t_low: Tables, live: np.ndarray, known: np.ndarray,
                       missing: np.ndarray, first: np.ndarray, row: np.ndarray, idx: np.ndarray,
                       now: np.ndarray, buckets: np.ndarray, low_buckets: np.ndarray) -> None:
        """Every way to give each player `missing[p]` more cards from `live`, each card to
        one player: item i fixes player 0's new cards (`first[i]`, indices into live), the
        others run through every subset of live in turn (an odometer of `next_combo`), deals
        that give a card twice skipped. known[p]: the hand state of player p's known cards.
        row accumulates (`_stud_showdown`, by category with `buckets`, `low_buckets`); idx
        and now are scratch rows. Serial:
        `odds.threads` runs it on several threads, each on its own items, row and scratch."""
        no_alias()
        n, m = known.shape[0], live.shape[0]
        for it in range(first.shape[0]):
            used0 = np.uint64(0)
            hand0 = (known[0, 0], known[0, 1])
            for k in range(missing[0]):
                card = live[first[it, k]]
                used0 |= np.uint64(1) << np.uint64(card)
                hand0 = hand_add(t, hand0, card)
            now[0, 0], now[0, 1] = hand0
            for p in range(1, n):
                for k in range(missing[p]):
                    idx[p, k] = k
            more = True
            while more:
                used = used0
                clash = False
                for p in range(1, n):
                    hand = (known[p, 0], known[p, 1])
                    for k in range(missing[p]):
                        card = live[idx[p, k]]
                        bit = np.uint64(1) << np.uint64(card)
                        clash |= (used & bit) != 0
                        used |= bit
                        hand = hand_add(t, hand, card)
                    now[p, 0], now[p, 1] = hand
                if not clash:
                    won = _stud_showdown(row, t, t_low, split, now, n, buckets, low_buckets)
                    if won >= 0:
                        row[won] += 1
                more = False  # the odometer: the last player's subset turns fastest
                for p in range(n - 1, 0, -1):
                    if next_combo(idx[p], missing[p], m):
                        more = True
                        break

    return stud_enumerate


def _stud_simulate_kernel(split: bool) -> Dispatcher[Callable[..., None]]:
    """Monte Carlo stud with `split` compiled in, as `_stud_enumerate_kernel`."""

    @njit(**NOGIL_KERNEL)
    def stud_simulate(t: Tables, t_low: Tables, seed: np.uint64, first_block: int,
                      block_trials: np.ndarray, live: np.ndarray, known: np.ndarray,
                      missing: np.ndarray, counts: np.ndarray, stock: np.ndarray,
                      now: np.ndarray, buckets: np.ndarray, low_buckets: np.ndarray) -> None:
        """counts[b] gets block_trials[b] deals of block first_block + b, each a partial
        Fisher-Yates shuffle of `live` handing every player his missing cards in turn.
        Streams per (seed, block) as in `simulate_kernel`, so results do not depend on the
        threads; stock and now are scratch rows. Serial, as `stud_enumerate`."""
        no_alias()
        n, m = known.shape[0], live.shape[0]
        for b in range(counts.shape[0]):
            row = counts[b]
            for i in range(m):
                stock[i] = live[i]
            state = _block_stream(seed, first_block + b)
            for trial in range(block_trials[b]):
                j = 0
                for p in range(n):
                    hand = (known[p, 0], known[p, 1])
                    for k in range(missing[p]):
                        state, r = _next(state)
                        pick = j + np.int64(((r >> np.uint64(32)) * np.uint64(m - j))
                                            >> np.uint64(32))
                        card = stock[pick]
                        stock[pick] = stock[j]
                        stock[j] = card
                        j += 1
                        hand = hand_add(t, hand, card)
                    now[p, 0], now[p, 1] = hand
                won = _stud_showdown(row, t, t_low, split, now, n, buckets, low_buckets)
                if won >= 0:
                    row[won] += 1

    return stud_simulate


# by split: STUD_ENUMERATE[split](t, t_low, live, ...), STUD_SIMULATE[split](t, t_low, seed, ...)
STUD_ENUMERATE = {split: _stud_enumerate_kernel(split) for split in (False, True)}
STUD_SIMULATE = {split: _stud_simulate_kernel(split) for split in (False, True)}
