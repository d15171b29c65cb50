"""Showdowns of equity's kernels: who wins a deal, and how a showdown is counted.

Equity counts outcomes, not players: every board adds one to counts[winners], where `winners` is
the bitmask of the players who share the pot (2**players bins). Wins, ties, equity and its
variance per player all follow from that histogram, the counts are exact integers whatever
order the threads add them in, and a showdown costs a single increment.

Split pots (hi-lo: `t_low` is the low game's tables, `split` True) count per player instead, in
units of 1/POT of a pot so that halves and quarters stay integers (`add_split`).

Nested pots (all-in EV's side pots, `Spot.nested`): a pot whose players are the first m of the
pot's. Where a player of a nested pot wins the pot, alone or tied, the nested pot's winners are
the pot's winners among its players: the histogram over winner bitmasks already holds his
shares of both, jointly. A split pot's counters do not (the nested pot's low half may go to a
player who won nothing of the pot, or its high hand take it whole), so with nested pots the
split counters also add, per player and nested pot, his units of the pot times his units of
the nested pot (`add_nested`), over the same showdowns: with the units, the covariance of his
two shares.

By category (`equity(by_category=True)`): a table `buckets` of the winning strength's category
(`odds.categories`), read at runtime, not compiled in (one kernel either way). Given, the
histogram has a block of 2**players bins per category (`outcome_bin`), and a split pot counts
each player's high units by the high hand's category and low units by the low's; empty, the
counters are as above and nothing more is read.

Hold'em: a player's hand is the board plus hole cards (hand state merge). Omaha: the best of
every two hole cards with every three board cards. The kernels that deal the boards are in
`exact` (every board), `draws` (Monte Carlo), `boards` (board classes) and `stud`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from .table_types import Tables
from .core import LLVM_INLINE, Hand, hand_add, hand_empty, hand_merge, hand_strength, njit

POT = 5040  # a pot in units: 2 * lcm(1..10), so any half split among up to 10 is whole
SPLIT_FIELDS = 6  # per player: pot units, their squares, high units, low units, scoops, shares
NO_NESTED = np.zeros(0, np.int64)  # `Spot.nested` and `StudSpot.nested` of plain equity: none


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
def _omaha_winners(
    t: Tables, n: int, board: np.ndarray, holes: np.ndarray, hole_sizes: np.ndarray
) -> tuple[int, int]:
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
def _split_units(high: int, low: int) -> tuple[int, int]:
    """The units (POT a whole pot) that each of the `high` winners and each of the `low`
    winners (bitmasks) take of a split pot: the high hand takes the whole pot when no low
    qualifies (low 0); tied players share their half."""
    return (POT if low == 0 else POT // 2) // _count(high), POT // 2 // max(_count(low), 1)


@njit(inline="always")
def add_split(row: np.ndarray, high: int, low: int, n: int, high_bucket: int, low_bucket: int) -> None:
    """Add one split-pot showdown to row: row[0] counts showdowns, then per field f and player
    p row[1 + f * n + p]: the player's pot units (POT a whole pot), their square (for the
    variance), the units won with the high hand, with the low hand, 1 for a scoop (the whole
    pot) and 1 for any share. The high hand takes the whole pot when no low qualifies; tied
    players share their half. By category, field SPLIT_FIELDS + b holds the units won with a
    hand of category b: the high units at high_bucket, the low units at low_bucket (-1: not
    counted)."""
    row[0] += 1
    high_pot, low_pot = _split_units(high, low)
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
def add_nested(
    row: np.ndarray, n: int, j: int, high: int, low: int, nested_high: int, nested_low: int
) -> None:
    """Add one split-pot showdown's product of shares to row[1 + (SPLIT_FIELDS + j) * n + p]:
    player p's units of the pot (won by the bitmasks `high` and `low`, as `add_split` counts
    them) times his units of the j-th pot nested in it (won by nested_high and nested_low,
    among its players). Those fields hold the counts by category when there are no nested
    pots: the two are not counted together."""
    high_pot, low_pot = _split_units(high, low)
    nested_high_pot, nested_low_pot = _split_units(nested_high, nested_low)
    at = 1 + (SPLIT_FIELDS + j) * n
    for p in range(n):
        units = (high_pot if (high >> p) & 1 else 0) + (low_pot if (low >> p) & 1 else 0)
        nested = (nested_high_pot if (nested_high >> p) & 1 else 0) + (
            nested_low_pot if (nested_low >> p) & 1 else 0
        )
        row[at + p] += units * nested


@njit(inline="always")
def showdown(
    row: np.ndarray,
    t: Tables,
    t_low: Tables,
    split: bool,
    omaha: bool,
    nested: bool,
    n: int,
    spot: Spot,
    seats: Seats,
    board: np.ndarray,
    board_hand: Hand,
) -> int:
    """One showdown of n players holding `seats` on the five board cards `board` (their hand
    state `board_hand`): with `split`, add its hi-lo shares to row and return -1; else return
    the winners' bin (`outcome_bin`: by category with spot.buckets, the high hand's
    categories, and spot.low_buckets the low's; with `nested`, a split pot's nested pots,
    spot.nested, by `add_nested`), which the caller counts (`row[bin] += 1`
    written here, inlined, was lost by numba 0.68 on boards completed by a work item's own
    cards; tests/test_equity.py sees it). Hold'em reads board_hand and seats.hole_hands,
    Omaha board, seats.holes and spot.hole_sizes. Small for numba to inline: a caller's
    constant `split`, `omaha` and `nested` leave one or two calls, and only the functions
    called are compiled (the nested pots' loop, read at runtime and never run, slowed plain
    hi-lo equity by about 8%, in stud hi-lo and Omaha hi-lo)."""
    if omaha:
        high, top = _omaha_winners(t, n, board, seats.holes, spot.hole_sizes)
    else:
        high, top = _holdem_winners(t, n, board_hand, seats.hole_hands)
    if not split:
        return outcome_bin(spot.buckets, top, high, n)
    if omaha:
        low, low_top = _omaha_winners(t_low, n, board, seats.holes, spot.hole_sizes)
    else:
        low, low_top = _holdem_winners(t_low, n, board_hand, seats.hole_hands)
    add_split(row, high, low, n, bucket_of(spot.buckets, top), bucket_of(spot.low_buckets, low_top))
    if nested:
        for j in range(spot.nested.shape[0]):  # each nested pot's players: the first m
            m = spot.nested[j]
            if omaha:
                nested_high = _omaha_winners(t, m, board, seats.holes, spot.hole_sizes)[0]
                nested_low = _omaha_winners(t_low, m, board, seats.holes, spot.hole_sizes)[0]
            else:
                nested_high = _holdem_winners(t, m, board_hand, seats.hole_hands)[0]
                nested_low = _holdem_winners(t_low, m, board_hand, seats.hole_hands)[0]
            add_nested(row, n, j, high, low, nested_high, nested_low)
    return -1


class Spot(NamedTuple):
    """What every showdown of a board game shares. deck: the live cards (not dead, not on the
    board); board: 5 slots, the first n_board known; hole_sizes[p]: player p's hole cards;
    buckets, low_buckets: by category, the category index of each strength of the high and
    the low game (`outcome_bin`, `add_split`; int8, empty when not counted); nested: in a
    split game, the pots nested in the pot (`add_nested`), each as its number of players, the
    first of the pot's (int64, empty: none)."""

    deck: np.ndarray
    board: np.ndarray
    n_board: int
    hole_sizes: np.ndarray
    buckets: np.ndarray
    low_buckets: np.ndarray
    nested: np.ndarray = NO_NESTED


class Seats(NamedTuple):
    """The players' cards at the showdowns of one deal (a work item's, a trial's), as a kernel
    passes them to `showdown`: holes[p, :hole_sizes[p]], player p's hole cards, read by
    Omaha's showdown alone (hold'em's Monte Carlo leaves them unwritten); hole_hands[p], their
    hand state (key, bits), read by hold'em's. Each is the deal's own array or a row of the
    thread's `Scratch`."""

    holes: np.ndarray
    hole_hands: np.ndarray


class Scratch(NamedTuple):
    """A thread's working rows in the board games' kernels (`exact.ENUMERATE_BOARDS`,
    `draws.simulate_kernel`), which it alone writes: cards[:5], the board's cards, the known
    ones and those dealt (Monte Carlo writes the dealt ones in Omaha alone); hole_hands[p],
    the hand state (key, bits) of player p's hole cards; holes[p], player p's hole cards as
    dealt (Monte Carlo in Omaha alone; exact reads each deal's own)."""

    cards: np.ndarray
    hole_hands: np.ndarray
    holes: np.ndarray
