"""The built-in drawing policies of the draw games, as numba code: which of a hand's cards a
player keeps before a draw (`pokerlut._draw.policy` names and documents them).

A keep is a bitmask over the hand's positions: bit i keeps cards[i], the others are thrown
away and replaced from the stub. Every policy first stands pat (keeps every card) when the
hand's `strength` (in the policy's game, computed by the caller) is at least `pat`; below it,
it keeps:

- `LOWBALL_27`, `LOWBALL_A5` (deuce-to-seven, ace-to-five): the lowest distinct cards ranked
  `top` or lower (ranks counted from the lowest of the game: 2 in deuce-to-seven, the ace in
  ace-to-five), at most one less than the hand holds;
- `HIGH` (five-card draw): every card whose rank is paired (pairs, two pair, trips, quads;
  of a full house, the trips); with no pair, four to a flush (its four highest), else four to
  an open-ended straight (the highest such run), else the highest card;
- `BADUGI`, `BADUGI_27` (ace low, ace high): the best badugi subset (the most cards of
  different ranks and suits, the lowest such set) of the cards ranked `top` or lower, at
  most one less than the hand holds.

Nothing here allocates: the kernels that call these are compiled without numba's reference
counting (`core.NOGIL_KERNEL`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .core import LLVM_INLINE, bit_count, njit

LOWBALL_27, LOWBALL_A5, HIGH, BADUGI, BADUGI_27 = 1, 2, 3, 4, 5
ACE_LOW = (LOWBALL_A5, BADUGI)  # the kinds that count the ace as the lowest card


@njit(inline="always")
def low_order(card: Any, ace_low: bool) -> Any:
    """A card's rank counted from the lowest of a low game: 0..12 = 2..A (ace high), or
    A, 2, ..., K (ace low)."""
    rank = np.int64(card >> 2)
    if ace_low:
        return rank + 1 - 13 * np.int64(rank == 12)
    return rank


@njit(inline="always")
def lowest_bit(mask: Any) -> Any:
    """The position of the lowest set bit of a nonzero mask."""
    m = np.uint64(mask)
    return np.int64(bit_count((m & (~m + np.uint64(1))) - np.uint64(1)))


@njit(**LLVM_INLINE)
def lowball_draw(cards: np.ndarray, h: int, top: int, pat_top: int, ace_low: bool) -> tuple[int, bool]:
    """The lowest distinct cards of low order `top` or lower, at most h - 1 of them (the keep
    mask), and `may_pat` (`pat_top` < 0: always True), in one pass over the cards. Written
    without branches on the cards (random cards make them mispredicted)."""
    seen = np.int64(0)  # low orders seen up to top
    every = np.int64(0)  # low orders seen
    where = np.int64(0)  # for each low order, the position of its first card (3 bits each)
    high = np.int64(0)
    for i in range(h):
        lo = low_order(cards[i], ace_low)
        new = np.int64(lo <= top) & (((seen >> lo) & 1) ^ 1)
        seen |= new << lo
        every |= np.int64(1) << lo
        high = max(high, lo)
        where |= (new * i) << (3 * lo)
    keep = np.int64(0)
    for _ in range(h - 1):
        some = np.int64(seen != 0)
        lo = lowest_bit(seen | (np.int64(1) << 62))
        keep |= some << ((where >> (3 * lo)) & 7)
        seen &= seen - 1
    maybe = pat_top < 0 or (bit_count(np.uint64(every)) == h and high <= pat_top)
    return keep, maybe


@njit(**LLVM_INLINE)
def lowball_keep(cards: np.ndarray, h: int, top: int, ace_low: bool) -> Any:
    """The lowest distinct cards of low order `top` or lower, at most h - 1 of them: the keep
    of `lowball_draw` (whose pat test, not asked for here, LLVM drops)."""
    return lowball_draw(cards, h, top, -1, ace_low)[0]


@njit(**LLVM_INLINE)
def high_keep(cards: np.ndarray, h: int) -> int:
    """Five-card draw's keep below the pat threshold (see the module's docstring)."""
    paired, trips = 0, 0
    for i in range(h):
        same = 0
        for j in range(h):
            same += (cards[i] >> 2) == (cards[j] >> 2)
        if same >= 2:
            paired |= 1 << i
        if same >= 3:
            trips |= 1 << i
    if paired:
        return trips if paired == (1 << h) - 1 else paired  # a full house below pat: the trips
    for suit in range(4):
        suited = 0
        for i in range(h):
            if cards[i] & 3 == suit:
                suited |= 1 << i
        if bit_count(np.uint64(suited)) >= 4:
            while bit_count(np.uint64(suited)) > 4:  # five suited: drop the lowest
                low, lowest = 13, 0
                for i in range(h):
                    if (suited >> i) & 1 and (cards[i] >> 2) < low:
                        low, lowest = cards[i] >> 2, i
                suited &= ~(1 << lowest)
            return suited
    ranks = 0
    for i in range(h):
        ranks |= 1 << np.int64(cards[i] >> 2)
    for start in range(8, -1, -1):  # four in a row, 2-3-4-5 up to T-J-Q-K: open at both ends
        if (ranks >> start) & 0xF == 0xF:
            keep = 0
            for i in range(h):
                r = np.int64(cards[i] >> 2)
                if start <= r <= start + 3:
                    keep |= 1 << i
            return keep
    best, highest = -1, 0
    for i in range(h):
        if np.int64(cards[i] >> 2) > best:
            best, highest = np.int64(cards[i] >> 2), i
    return 1 << highest


@njit(**LLVM_INLINE)
def badugi_keep(cards: np.ndarray, h: int, top: int, ace_low: bool) -> int:
    """The best badugi subset of the cards of low order `top` or lower, at most h - 1 cards:
    the most cards, then the lowest (two sets of distinct ranks compare as their rank masks,
    the highest card first)."""
    best, best_size, best_ranks = 0, 0, np.int64(0)
    for subset in range(1, 1 << h):
        size = bit_count(np.uint64(subset))
        if size >= h:
            continue
        suits, ranks, ok = 0, np.int64(0), True
        for i in range(h):
            if (subset >> i) & 1:
                lo = low_order(cards[i], ace_low)
                bit = np.int64(1) << lo
                suit = 1 << np.int64(cards[i] & 3)
                if lo > top or (ranks & bit) or (suits & suit):
                    ok = False
                    break
                ranks |= bit
                suits |= suit
        if ok and (size > best_size or (size == best_size and ranks < best_ranks)):
            best, best_size, best_ranks = subset, size, ranks
    return best


@njit(**LLVM_INLINE)
def may_pat(kind: int, cards: np.ndarray, h: int, pat_top: int) -> Any:
    """False when the built-in policy `kind` surely does not stand pat on cards[:h]: in
    lowball (and Badugi of four cards) a hand it stands pat on has h cards of different ranks
    (and suits), none above low order `pat_top`; the caller then skips valuing the hand."""
    if pat_top < 0 or kind == HIGH or h != 4 and (kind == BADUGI or kind == BADUGI_27):
        return True
    ace_low = kind == LOWBALL_A5 or kind == BADUGI
    seen, suits, high = np.int64(0), np.int64(0), np.int64(0)
    for i in range(h):
        lo = low_order(cards[i], ace_low)
        seen |= np.int64(1) << lo
        suits |= np.int64(1) << np.int64(cards[i] & 3)
        high = max(high, lo)
    if kind == BADUGI or kind == BADUGI_27:
        return bit_count(np.uint64(seen)) == h and bit_count(np.uint64(suits)) == h and high <= pat_top
    return bit_count(np.uint64(seen)) == h and high <= pat_top


@njit(**LLVM_INLINE)
def builtin_draw(kind: int, cards: np.ndarray, h: int, top: int, pat_top: int) -> tuple[int, bool]:
    """The keep of built-in policy `kind` below its pat threshold, and whether the hand may
    be at the threshold (`may_pat`): the caller values the hand only then, and keeps every
    card when it is."""
    if kind == HIGH:
        return high_keep(cards, h), True
    if kind == BADUGI or kind == BADUGI_27:
        return badugi_keep(cards, h, top, kind == BADUGI), may_pat(kind, cards, h, pat_top)
    return lowball_draw(cards, h, top, pat_top, kind == LOWBALL_A5)


@njit(**LLVM_INLINE)
def builtin_keep(kind: int, cards: np.ndarray, h: int, strength: Any, pat: Any, top: int) -> Any:
    """The keep of built-in policy `kind` for the h cards `cards` whose strength (in the
    policy's game) is `strength`: every card at `pat` or better, else the kind's own rule."""
    if strength >= pat:
        return (1 << h) - 1
    if kind == HIGH:
        return high_keep(cards, h)
    if kind == BADUGI or kind == BADUGI_27:
        return badugi_keep(cards, h, top, kind == BADUGI)
    return lowball_keep(cards, h, top, kind == LOWBALL_A5)


@njit(cache=True)
def keep_of(kind: int, cards: np.ndarray, strength: int, pat: int, top: int) -> Any:
    """`builtin_keep` called from Python (`pokerlut.draw_keep`)."""
    return builtin_keep(kind, cards, cards.shape[0], strength, pat, top)
