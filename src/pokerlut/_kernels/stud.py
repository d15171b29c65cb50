"""Stud equity: every player has known cards and receives the rest of seven from the deck; no
board. Exact (every way to deal the missing cards) and Monte Carlo (partial shuffles of the live
cards, on the random streams of `draws`), each showdown counted as the board games count it
(`showdown`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from .table_types import Tables
from .core import NOGIL_KERNEL, hand_add, hand_strength, next_combo, njit, no_alias
from .draws import block_stream, next_random
from .showdown import NO_NESTED, add_nested, add_split, bucket_of, outcome_bin, winners_with

if TYPE_CHECKING:
    from numba.core.dispatcher import Dispatcher


class StudSpot(NamedTuple):
    """What every showdown of a stud deal shares. live: the cards left to deal (not known,
    not dead); known[p]: the hand state (key, bits) of player p's known cards; missing[p]:
    how many more cards player p gets; buckets, low_buckets: by category, and nested, the
    nested pots of a split game, as `Spot`'s."""

    live: np.ndarray
    known: np.ndarray
    missing: np.ndarray
    buckets: np.ndarray
    low_buckets: np.ndarray
    nested: np.ndarray = NO_NESTED


class StudScratch(NamedTuple):
    """A thread's working rows in the stud kernels, which it alone writes: idx[p,
    :missing[p]], player p's new cards as indices into live (exact's odometer); stock, the
    live cards as shuffled (Monte Carlo); now[p], the hand state of player p's seven cards."""

    idx: np.ndarray
    stock: np.ndarray
    now: np.ndarray


@njit(inline="always")
def _stud_winners(t: Tables, m: int, now: np.ndarray) -> tuple[int, int]:
    """Bitmask of the first m players holding the best hand by `t`, each hand now[p] (hand
    states), and the best strength (0: no hand qualifies, a low game's): a nested pot's."""
    top, winners = 0, 0
    for p in range(m):
        winners, top = winners_with(winners, top, p, hand_strength(t, (now[p, 0], now[p, 1])))
    return winners, top


@njit(inline="always")
def _stud_showdown(
    row: np.ndarray, t: Tables, t_low: Tables, split: bool, nested: bool, spot: StudSpot, now: np.ndarray
) -> int:
    """The showdown of the seven-card hands now[:n] (hand states) of the n players of `spot`,
    as `showdown`: winners by `t`, and with `split` the low half by `t_low`; by category with
    spot.buckets and spot.low_buckets; with `nested`, a split pot's nested pots, spot.nested."""
    n, buckets, low_buckets = spot.known.shape[0], spot.buckets, spot.low_buckets
    top, high, low_top, low = 0, 0, 0, 0
    for p in range(n):
        hand = (now[p, 0], now[p, 1])
        high, top = winners_with(high, top, p, hand_strength(t, hand))
        if split:
            low, low_top = winners_with(low, low_top, p, hand_strength(t_low, hand))
    if not split:
        return outcome_bin(buckets, top, high, n)
    low = low if low_top else 0
    add_split(row, high, low, n, bucket_of(buckets, top), bucket_of(low_buckets, low_top))
    if nested:
        for j in range(spot.nested.shape[0]):  # each nested pot's players: the first m
            m = spot.nested[j]
            nested_low, nested_low_top = _stud_winners(t_low, m, now)
            add_nested(row, n, j, high, low, _stud_winners(t, m, now)[0], nested_low if nested_low_top else 0)
    return -1


def _stud_enumerate_kernel(split: bool, nested: bool = False) -> Dispatcher[Callable[..., None]]:
    """Exact stud with `split` and `nested` (a split pot's nested pots counted) compiled in
    (closure constants: no split-pot code in stud high or razz, no nested pots' in plain
    equity)."""

    @njit(**NOGIL_KERNEL)
    def stud_enumerate(
        t: Tables,
        t_low: Tables,
        spot: StudSpot,
        first: np.ndarray,
        row: np.ndarray,
        scratch: StudScratch,
    ) -> None:
        """Every way to give each player spot.missing[p] more cards from spot.live, each
        card to one player: item i fixes player 0's new cards (`first[i]`, indices into
        live), the others run through every subset of live in turn (an odometer of
        `next_combo`), deals that give a card twice skipped. row accumulates
        (`_stud_showdown`); scratch: the thread's rows (its idx and now; its stock unused).
        Serial: `odds.threads` runs it on several threads, each on its own items, row and
        scratch."""
        no_alias()
        live, known, missing = spot.live, spot.known, spot.missing
        idx, now = scratch.idx, scratch.now
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
                    won = _stud_showdown(row, t, t_low, split, nested, spot, now)
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
    def stud_simulate(
        t: Tables,
        t_low: Tables,
        spot: StudSpot,
        seed: np.uint64,
        first_block: int,
        block_trials: np.ndarray,
        counts: np.ndarray,
        scratch: StudScratch,
    ) -> None:
        """counts[b] gets block_trials[b] deals of block first_block + b, each a partial
        Fisher-Yates shuffle of spot.live handing every player his missing cards in turn.
        Streams per (seed, block) as in `simulate_kernel`, so results do not depend on the
        threads; scratch: the thread's rows (its stock and now; its idx unused). Serial, as
        `stud_enumerate`."""
        no_alias()
        live, known, missing = spot.live, spot.known, spot.missing
        stock, now = scratch.stock, scratch.now
        n, m = known.shape[0], live.shape[0]
        for b in range(counts.shape[0]):
            row = counts[b]
            for i in range(m):
                stock[i] = live[i]
            state = block_stream(seed, first_block + b)
            for trial in range(block_trials[b]):
                j = 0
                for p in range(n):
                    hand = (known[p, 0], known[p, 1])
                    for k in range(missing[p]):
                        state, r = next_random(state)
                        pick = j + np.int64(((r >> np.uint64(32)) * np.uint64(m - j)) >> np.uint64(32))
                        card = stock[pick]
                        stock[pick] = stock[j]
                        stock[j] = card
                        j += 1
                        hand = hand_add(t, hand, card)
                    now[p, 0], now[p, 1] = hand
                won = _stud_showdown(row, t, t_low, split, False, spot, now)
                if won >= 0:
                    row[won] += 1

    return stud_simulate


# by split: STUD_ENUMERATE[split](t, t_low, spot, ...), STUD_SIMULATE[split](t, t_low, spot, ...);
# a split pot's nested pots counted too (all-in EV): STUD_ENUMERATE_NESTED
STUD_ENUMERATE = {split: _stud_enumerate_kernel(split) for split in (False, True)}
STUD_ENUMERATE_NESTED = _stud_enumerate_kernel(True, nested=True)
STUD_SIMULATE = {split: _stud_simulate_kernel(split) for split in (False, True)}
