"""The numba kernel of made hands and draws (docs/made-hands.md): every hand of a range
classified at once, from its cards, the board, and the strength and category of each hold (two
cards) with the board, looked up in (52, 52) tables made once per board (`made.hold_tables`).

Nothing is checked here: the hands are distinct cards of the game's deck, none on the board,
each row sorted or not (the tables are symmetric). Ranks are 0..12 (2..A), a card is
4 * rank + suit, and a set of ranks is a 13-bit mask.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._kernels.core import njit

__all__ = [
    "ACE_HIGH",
    "FIELDS",
    "FIRST_MADE",
    "MIDDLE_PAIR",
    "NO_MADE_HAND",
    "OVERPAIR",
    "PAIR_BELOW_TOP",
    "SET",
    "TOP_PAIR",
    "TRIPS",
    "TWO_PAIR",
    "WEAK_PAIR",
    "classify",
]

# The made hands after the five of step 1 (which take 0..4, in the game's order, best first).
FIRST_MADE = 5
SET, TRIPS, TWO_PAIR, OVERPAIR, TOP_PAIR, PAIR_BELOW_TOP, MIDDLE_PAIR, WEAK_PAIR, ACE_HIGH, NO_MADE_HAND = (
    range(FIRST_MADE, FIRST_MADE + 10)
)
# The columns of `classify`'s output, a row per hand.
FIELDS = (
    "category",  # the hand's showdown Category (its best hold's)
    "made",  # the made hand: an index into the game's made hands, best first
    "flush_draw",  # 0 none, 1 one card, 2 two cards
    "nut_flush_draw",  # 0 or 1
    "straight_draw",  # 0 none, 1 gutshot, 2 open-ended, 3 double gutter, 4 wrap
    "straight_outs",  # unseen cards that are straight outs
    "backdoor_flush_draw",
    "backdoor_straight_draw",
    "overcards",
)
_QUADS = 7  # Category.FOUR_OF_A_KIND
_STRAIGHT = 4  # Category.STRAIGHT
_FLUSH = 5  # Category.FLUSH


@njit(inline="always")
def _popcount(bits: Any) -> Any:
    n = 0
    while bits:
        bits &= bits - 1
        n += 1
    return n


@njit(inline="always")
def _lowest(bits: Any) -> Any:
    """The index of the lowest set bit (bits > 0)."""
    i = 0
    while not (bits >> i) & 1:
        i += 1
    return i


@njit(inline="always")
def _hold_made(ra: Any, rb: Any, cat: Any, counts: Any, top: Any, second: Any, quads: Any, step1: Any) -> Any:
    """The made hand of a hold of ranks ra, rb whose category with the board is `cat`
    (docs/made-hands.md, "Made hands"); `counts`: the board's cards per rank, `top`,
    `second`: its top and second ranks (-1: none), `quads`: four board cards of one rank."""
    first = step1[cat]
    if first >= 0 and not (cat == _QUADS and quads):
        return first
    if ra == rb:
        if counts[ra] > 0:
            return SET
        if ra > top:
            return OVERPAIR
        if second < 0 or ra > second:
            return PAIR_BELOW_TOP
        return WEAK_PAIR
    ca, cb = counts[ra], counts[rb]
    if ca > 0 and cb > 0:
        return TWO_PAIR
    if ca == 0 and cb == 0:
        return ACE_HIGH if ra == 12 or rb == 12 else NO_MADE_HAND
    r, c = (ra, ca) if ca > 0 else (rb, cb)
    if c == 2:
        return TRIPS
    if c == 1:
        if r == top:
            return TOP_PAIR
        if r == second:
            return MIDDLE_PAIR
        return WEAK_PAIR
    return NO_MADE_HAND  # a hole rank three times on the board: four of a kind, step 1


@njit(cache=True, nogil=True)
def classify(
    holes: Any,
    board: Any,
    hold_strength: Any,
    hold_category: Any,
    order: Any,
    step1: Any,
    windows: Any,
    deck_ranks: int,
    omaha: bool,
    out: Any,
) -> None:
    """Fill `out` (n, len(FIELDS)) int16 for the hands `holes` (n, k) uint8 on `board` (3 or 4
    cards): hold'em when not `omaha` (k = 2), else Omaha (k = 4..6, two cards of the hand with
    three of the board). `hold_strength`, `hold_category`: (52, 52), each hold's strength and
    Category with the board (symmetric); `order`: each Category's place in the game's order
    (10 entries, -1 .. 9); `step1`: the made hand of the five categories of step 1 (else -1);
    `windows`: the rank masks of the game's straights; `deck_ranks`: the deck's ranks as a
    mask."""
    n, k = holes.shape
    flop = len(board) == 3
    counts = np.zeros(13, np.int64)
    board_suits = np.zeros(4, np.int64)
    on_board = np.zeros(52, np.bool_)
    board_ranks = 0
    for c in board:
        counts[c >> 2] += 1
        board_suits[c & 3] += 1
        on_board[c] = True
        board_ranks |= 1 << (c >> 2)
    top, second, quads = -1, -1, False
    for r in range(12, -1, -1):
        if counts[r] == 4:
            quads = True
        if counts[r] > 0:
            if top < 0:
                top = r
            elif second < 0:
                second = r
    nut = np.full(4, -1, np.int64)  # the highest card of each suit not on the board
    for s in range(4):
        for r in range(12, -1, -1):
            if (deck_ranks >> r) & 1 and not on_board[4 * r + s]:
                nut[s] = 4 * r + s
                break
    straight_place, flush_place = order[_STRAIGHT], order[_FLUSH]
    n_windows = len(windows)
    hand_counts = np.zeros(13, np.int64)
    hand_suits = np.zeros(4, np.int64)
    unseen = np.zeros(13, np.int64)
    made_by = np.zeros(13, np.int64)  # per out rank, the windows it completes (a bit each)
    for i in range(n):
        hand_counts[:] = 0
        hand_suits[:] = 0
        made_by[:] = 0
        hand_ranks = 0
        for j in range(k):
            c = holes[i, j]
            hand_counts[c >> 2] += 1
            hand_suits[c & 3] += 1
            hand_ranks |= 1 << (c >> 2)
        for r in range(13):
            unseen[r] = 4 - hand_counts[r] - counts[r] if (deck_ranks >> r) & 1 else 0
        best, cat, made = -1, 0, NO_MADE_HAND
        outs = 0  # the out ranks
        backdoor = False  # two unseen cards of other ranks make a straight
        for x in range(k):
            a = holes[i, x]
            for y in range(x + 1, k):
                b = holes[i, y]
                s = np.int64(hold_strength[a, b])
                if s > best:
                    best, cat = s, hold_category[a, b]
                m = _hold_made(a >> 2, b >> 2, hold_category[a, b], counts, top, second, quads, step1)
                if m < made:
                    made = m
                if not omaha or a >> 2 == b >> 2:
                    continue
                two = (1 << (a >> 2)) | (1 << (b >> 2))
                # the hold, two board cards and an unseen card: exactly a window's five ranks
                for p in range(len(board)):
                    for q in range(p + 1, len(board)):
                        four = two | (1 << (board[p] >> 2)) | (1 << (board[q] >> 2))
                        if _popcount(four) != 4:
                            continue
                        for w in range(n_windows):
                            if windows[w] & four == four:
                                r = _lowest(windows[w] & ~four)
                                if unseen[r] > 0:
                                    outs |= 1 << r
                                    made_by[r] |= 1 << w
                if not flop:
                    continue
                # the hold, one flop card and two unseen cards of other ranks
                for p in range(3):
                    three = two | (1 << (board[p] >> 2))
                    if _popcount(three) != 3:
                        continue
                    for w in range(n_windows):
                        if windows[w] & three == three:
                            rest = windows[w] & ~three
                            r1 = _lowest(rest)
                            r2 = _lowest(rest & ~(1 << r1))
                            if unseen[r1] > 0 and unseen[r2] > 0:
                                backdoor = True
        if not omaha:
            # hold'em: a window among the ranks of the hand, the board and the new cards,
            # not among the board's and the new cards' alone
            ranks = hand_ranks | board_ranks
            for w in range(n_windows):
                if windows[w] & hand_ranks & ~board_ranks == 0:
                    continue
                missing = windows[w] & ~ranks
                size = _popcount(missing)
                if size == 1:
                    r = _lowest(missing)
                    if unseen[r] > 0:
                        outs |= missing
                        made_by[r] |= 1 << w
                elif size == 2 and flop:
                    r1 = _lowest(missing)
                    r2 = _lowest(missing & ~(1 << r1))
                    if unseen[r1] > 0 and unseen[r2] > 0:
                        backdoor = True
        place = order[cat]
        straight, straight_outs, backdoor_straight = 0, 0, False
        if place < straight_place:
            n_out = _popcount(outs)
            if n_out == 1:
                straight = 1
            elif n_out == 2:
                straight = 3  # a double gutter, unless two adjacent windows
                x = _lowest(outs)
                y = _lowest(outs & ~(1 << x))
                for v in range(n_windows):
                    if not (made_by[x] >> v) & 1:
                        continue
                    for u in range(n_windows):
                        if u != v and (made_by[y] >> u) & 1 and _popcount(windows[v] & windows[u]) == 4:
                            straight = 2
            elif n_out >= 3:
                straight = 4
            for r in range(13):
                if (outs >> r) & 1:
                    straight_outs += unseen[r]
            backdoor_straight = flop and n_out == 0 and backdoor
        flush, nut_flush, backdoor_flush = 0, False, False
        if place < flush_place:
            for s in range(4):
                held, shown = hand_suits[s], board_suits[s]
                if (omaha and held >= 2 and shown == 2) or (not omaha and held >= 1 and held + shown == 4):
                    flush = max(flush, 2 if omaha or held == 2 else 1)
                    for j in range(k):
                        if holes[i, j] == nut[s]:
                            nut_flush = True
            if flop and flush == 0:
                for s in range(4):
                    held, shown = hand_suits[s], board_suits[s]
                    if (omaha and held >= 2 and shown == 1) or (
                        not omaha and held >= 1 and held + shown == 3
                    ):
                        backdoor_flush = True
        overcards = made >= ACE_HIGH and _popcount(hand_ranks >> (top + 1)) >= 2
        out[i, 0] = cat
        out[i, 1] = made
        out[i, 2] = flush
        out[i, 3] = nut_flush
        out[i, 4] = straight
        out[i, 5] = straight_outs
        out[i, 6] = backdoor_flush
        out[i, 7] = backdoor_straight
        out[i, 8] = overcards
