"""Random draws for Monte Carlo equity: the random stream (splitmix64, one per block of trials),
Walker's alias tables for drawing the players' hands by weight, and the Monte Carlo kernel of
the board games (hold'em, Omaha), which deals the hands and the rest of the board and counts
each showdown (`showdown`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from .table_types import Tables
from .core import NOGIL_KERNEL, Hand, bit_count, draw_card, hand_add, hand_empty, njit, no_alias
from .hashing import GOLDEN
from .showdown import Scratch, Seats, Spot, showdown

if TYPE_CHECKING:
    from numba.core.dispatcher import Dispatcher


@njit(inline="always")
def next_random(state: np.uint64) -> tuple[np.uint64, np.uint64]:
    """splitmix64: the next state and a 64-bit random number."""
    state = state + GOLDEN
    z = state
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return state, z ^ (z >> np.uint64(31))


@njit(inline="always")
def block_stream(seed: np.uint64, block: int) -> np.uint64:
    """The random stream of a block of trials, by (seed, block number) alone: mix the seed,
    fold in the block number, mix again, so that nearby seeds or blocks do not give
    overlapping streams (and results do not depend on the thread count)."""
    _, mixed_seed = next_random(np.uint64(seed))
    _, state = next_random(mixed_seed ^ (np.uint64(block) * np.uint64(0xD1B54A32D192ED03)))
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
    def simulate(
        t: Tables,
        t_low: Tables,
        spot: Spot,
        draws: Draws,
        seed: np.uint64,
        first_block: int,
        block_trials: np.ndarray,
        counts: np.ndarray,
        failed: np.ndarray,
        scratch: Scratch,
    ) -> None:
        """counts[b] gets block_trials[b] trials of block first_block + b (`showdown`);
        failed[b] is set if block b could not draw a collision-free deal in 10,000 tries.
        scratch: the thread's rows (board cards, hole hand states, hole cards).

        Each block has its own random stream, seeded from (seed, block number) alone, so
        results do not depend on the thread count. Every player starts with his first hand
        (the only one of a player with one), then a trial draws one deal per group of `draws`
        (`_draw`), rejecting the whole draw if two groups collide (which keeps overlapping
        ranges unbiased), then deals the rest of the board. With one group of listed rows
        (`Draws.deal_hands`) the showdown reads the drawn deal's row, without a copy.
        """
        no_alias()
        deck, board, n_board, hole_sizes = spot.deck, spot.board, spot.n_board, spot.hole_sizes
        cards, hole_hands, holes = scratch
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
            state = block_stream(seed, first_block + b)
            row = counts[b]
            for p in range(hole_sizes.shape[0]):  # hand 0 each: the only one of a fixed player
                hole_hands[p, 0], hole_hands[p, 1] = draws.combo_hands[p, 0]
                if omaha:
                    for i in range(hole_sizes[p]):
                        holes[p, i] = draws.combos[p, 0, i]
            for trial in range(block_trials[b]):
                used, seats = draws.fixed_mask, Seats(holes, hole_hands)
                if rows:  # one draw, nothing to collide with: the showdown reads its row
                    state, k = _draw(state, draws, 0)
                    used |= draws.deal_masks[0, k]
                    seats = Seats(holes, draws.deal_hands[0, k])
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
                state, board_hand = _deal_board(t, omaha, state, live & ~used, cards, n_board, base)
                won = showdown(row, t, t_low, split, omaha, False, n_players, spot, seats, cards, board_hand)
                if won >= 0:
                    row[won] += 1

    return simulate


@njit(inline="always")
def _draw(state: np.uint64, draws: Draws, g: int) -> tuple[np.uint64, int]:
    """A deal of group g by Walker's alias method: pick a column uniformly, keep it if a
    uniform 32-bit number is below alias_keep[g, column] (its probability times 2**32), else
    take alias_other[g, column]. Returns the next state too."""
    state, r = next_random(state)
    column = np.int64(((r >> np.uint64(32)) * np.uint64(draws.group_deals[g])) >> np.uint64(32))
    keep = (r & np.uint64(0xFFFF_FFFF)) < draws.alias_keep[g, column]
    return state, column if keep else draws.alias_other[g, column]


@njit(inline="always")
def _deal_board(
    t: Tables,
    omaha: bool,
    state: np.uint64,
    available: np.uint64,
    cards: np.ndarray,
    n_board: int,
    hand: Hand,
) -> tuple[np.uint64, Hand]:
    """Deal board cards n_board..4 uniformly without replacement from the cards of the bitmask
    `available` (`draw_card`), two cards per random number, into `hand` (and into `cards` for
    Omaha, whose showdown reads them)."""
    n = bit_count(available)
    j, r = n_board, np.uint64(0)
    while j < 5:
        if (j - n_board) % 2 == 0:
            state, r = next_random(state)
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
