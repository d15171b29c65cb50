"""Exact equity of the board games (hold'em, Omaha): every completion of the board for every deal
of the players' hands, each showdown counted (`showdown`). Hold'em where five suited cards
settle a hand counts boards by class instead (`boards`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from .table_types import Tables
from .core import NOGIL_KERNEL, hand_add, hand_empty, njit, no_alias
from .showdown import Scratch, Seats, Spot, showdown

if TYPE_CHECKING:
    from numba.core.dispatcher import Dispatcher


@njit(inline="always")
def _hole_hands(t: Tables, holes: np.ndarray, hole_sizes: np.ndarray, out: np.ndarray) -> None:
    for p in range(hole_sizes.shape[0]):
        hand = hand_empty()
        for i in range(hole_sizes[p]):
            hand = hand_add(t, hand, holes[p, i])
        out[p, 0], out[p, 1] = hand


def _enumerate_kernel(split: bool, omaha: bool, nested: bool = False) -> Dispatcher[Callable[..., None]]:
    """Every completion of the board for a share of the work items, with `split`, `omaha`
    (hands of exactly two hole cards and three board cards) and `nested` (a split pot's nested
    pots counted, `Spot.nested`) compiled in, as closure constants: the hold'em kernels carry
    no split-pot or Omaha code, the plain ones no nested pots'. Serial: `odds.threads` runs it
    on several threads, each on its own items, counts and scratch rows."""

    @njit(**NOGIL_KERNEL)
    def enumerate_boards(
        t: Tables,
        t_low: Tables,
        spot: Spot,
        deals: np.ndarray,
        used_masks: np.ndarray,
        items: np.ndarray,
        counts: np.ndarray,
        scratch: Scratch,
    ) -> None:
        """spot.deck: the live cards (not dead, not on the board); spot.board[:n_board] the
        known board cards. deals[a]: (players, 6) hole cards of deal a; used_masks[a]: the
        bitmask of its hole cards. items[i] = (deal, first new board card index into deck or
        -1, second or -1): the rest of the board is every combination of later deck cards.
        counts[deal] accumulates (`showdown`); scratch: the thread's rows (its cards and
        hole_hands; its holes unused)."""
        no_alias()
        deck, board, n_board, hole_sizes = spot.deck, spot.board, spot.n_board, spot.hole_sizes
        cards = scratch.cards
        m, n_players = deck.shape[0], hole_sizes.shape[0]
        missing = 5 - n_board
        for it in range(items.shape[0]):
            item = items[it]
            a = item[0]
            used = used_masks[a]
            seats = Seats(deals[a], scratch.hole_hands)
            _hole_hands(t, seats.holes, hole_sizes, seats.hole_hands)
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
                won = showdown(row, t, t_low, split, omaha, nested, n_players, spot, seats, cards, base)
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
                        board_hand = hand_add(t, h1, c2)
                        won = showdown(
                            row, t, t_low, split, omaha, nested, n_players, spot, seats, cards, board_hand
                        )
                        if won >= 0:
                            row[won] += 1

    return enumerate_boards


# by (split, omaha): ENUMERATE_BOARDS[split, omaha](t, t_low, spot, ...); a split pot's nested
# pots counted too (all-in EV): ENUMERATE_NESTED[omaha]
ENUMERATE_BOARDS = {
    (split, omaha): _enumerate_kernel(split, omaha) for split in (False, True) for omaha in (False, True)
}
ENUMERATE_NESTED = {omaha: _enumerate_kernel(True, omaha, nested=True) for omaha in (False, True)}
