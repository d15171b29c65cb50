"""The built-in drawing policies of the draw games, as numba code: which of a hand's cards a
player keeps before a draw (`pokerlut._equity.draw.policy` names and documents them).

A hand is held as a bitmask of cards (bit c: card c), and a keep as the mask of the cards
kept (`*_mask` functions, which the Monte Carlo kernel calls) or as a bitmask over the hand's
positions (bit i keeps cards[i]: `builtin_keep`, for `draw_keep` and the exact chance). Every
policy first stands pat (keeps every card) when the hand's `strength` (in the policy's game,
computed by the caller) is at least `pat`; below it, it keeps:

- `LOWBALL_27`, `LOWBALL_A5` (deuce-to-seven, ace-to-five): the lowest distinct cards ranked
  `top` or lower (ranks counted from the lowest of the game: 2 in deuce-to-seven, the ace in
  ace-to-five), at most one less than the hand holds; of a pair, the card of the lowest suit
  (clubs, diamonds, hearts, spades);
- `HIGH` (five-card draw): every card whose rank is paired (pairs, two pair, trips, quads;
  of a full house, the trips); with no pair, four to a flush (its four highest), else four to
  an open-ended straight (the highest such run), else the highest card;
- `BADUGI`, `BADUGI_27` (ace low, ace high): the best badugi subset (the most cards of
  different ranks and suits, the lowest such set; of equal sets, that of the lowest cards) of
  the cards ranked `top` or lower, at most one less than the hand holds.

None depends on the order of the cards. Nothing here allocates: the kernels that call these
are compiled without numba's reference counting (`core.NOGIL_KERNEL`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .core import LLVM_INLINE, bit_count, expand_bits, njit, top_bit

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


ONE = np.uint64(1)
RANKS = np.uint64(0x1_1111_1111_1111)  # bit 4r: a card of rank r (13 ranks, a nibble each)
LOWER_IN_NIBBLE = (
    np.uint64(0xEEEE_EEEE_EEEE_EEEE),
    np.uint64(0xCCCC_CCCC_CCCC_CCCC),
    np.uint64(0x8888_8888_8888_8888),
)


@njit(**LLVM_INLINE)
def card_mask(cards: np.ndarray, h: int) -> Any:
    """The bitmask of the cards cards[:h]."""
    m = np.uint64(0)
    for i in range(h):
        m |= ONE << np.uint64(cards[i])
    return m


@njit(**LLVM_INLINE)
def mask_cards(mask: np.uint64, out: np.ndarray) -> int:
    """out[:n] = the cards of a bitmask, increasing; returns n."""
    n = 0
    while mask:
        low = mask & (~mask + ONE)
        out[n] = np.uint8(bit_count(low - ONE))
        n += 1
        mask ^= low
    return n


@njit(**LLVM_INLINE)
def positions(kept: np.uint64, cards: np.ndarray, h: int) -> int:
    """The keep over positions (bit i: cards[i]) of the cards of the bitmask `kept`."""
    keep = 0
    for i in range(h):
        keep |= np.int64((kept >> np.uint64(cards[i])) & ONE) << i
    return keep


@njit(inline="always")
def low_ranks(m: np.uint64, ace_low: bool) -> Any:
    """The ranks of the cards of mask m, bit 4 * (low order) each: ranks 2..A (ace high), or
    A, 2, ..., K (ace low)."""
    ranks = (m | (m >> np.uint64(1)) | (m >> np.uint64(2)) | (m >> np.uint64(3))) & RANKS
    if ace_low:
        return ((ranks << np.uint64(4)) | (ranks >> np.uint64(48))) & RANKS
    return ranks


@njit(inline="always")
def up_to(top: int) -> Any:
    """The low ranks (as `low_ranks`) of low order `top` (0..12) or lower."""
    return (ONE << np.uint64(4 * top + 4)) - ONE


@njit(**LLVM_INLINE)
def lowball_mask(m: np.uint64, h: int, top: int, ace_low: bool) -> Any:
    """The lowest distinct cards of the hand m of low order `top` or lower, at most h - 1 of
    them, each of the lowest suit of its rank: a few word operations, no branch or loop."""
    low = low_ranks(m, ace_low) & up_to(top)
    all_kept = np.uint64(0) - np.uint64(bit_count(low) >= h)  # all h: throw the highest
    low ^= top_bit(low | ONE) & all_kept
    if ace_low:
        low = (low >> np.uint64(4)) | ((low & ONE) << np.uint64(48))
    cards = m & (low * np.uint64(15))
    lower = (
        ((cards << np.uint64(1)) & LOWER_IN_NIBBLE[0])
        | ((cards << np.uint64(2)) & LOWER_IN_NIBBLE[1])
        | ((cards << np.uint64(3)) & LOWER_IN_NIBBLE[2])
    )
    return cards & ~lower  # a card with no lower card of its rank


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
    the highest card first), then the lowest cards (as card masks: the order of the cards
    does not matter)."""
    best, best_size, best_ranks, best_cards = 0, 0, np.int64(0), np.uint64(0)
    for subset in range(1, 1 << h):
        size = bit_count(np.uint64(subset))
        if size >= h:
            continue
        suits, ranks, chosen, ok = 0, np.int64(0), np.uint64(0), True
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
                chosen |= ONE << np.uint64(cards[i])
        if ok and (
            size > best_size
            or size == best_size
            and (ranks < best_ranks or ranks == best_ranks and chosen < best_cards)
        ):
            best, best_size, best_ranks, best_cards = subset, size, ranks, chosen
    return best


@njit(inline="always")
def is_badugi(kind: int) -> bool:
    """Whether built-in policy `kind` is one of Badugi's."""
    return kind == BADUGI or kind == BADUGI_27


@njit(**LLVM_INLINE)
def builtin_draw(kind: int, m: np.uint64, h: int, row: np.ndarray, top: int) -> Any:
    """The keep (a mask of cards) of built-in policy `kind` below its pat threshold for the
    hand m of h cards (the caller stands pat at the threshold). row: scratch for h cards."""
    if kind == HIGH or is_badugi(kind):
        mask_cards(m, row)
        if kind == HIGH:
            keep = high_keep(row, h)
        else:
            keep = badugi_keep(row, h, top, kind == BADUGI)
        return expand_bits(keep, m)
    return lowball_mask(m, h, top, kind == LOWBALL_A5)


@njit(**LLVM_INLINE)
def builtin_keep(kind: int, cards: np.ndarray, h: int, strength: Any, pat: Any, top: int) -> Any:
    """The keep (over positions) of built-in policy `kind` for the h cards `cards` whose
    strength (in the policy's game) is `strength`: every card at `pat` or better, else the
    kind's own rule."""
    if strength >= pat:
        return (1 << h) - 1
    if kind == HIGH:
        return high_keep(cards, h)
    if is_badugi(kind):
        return badugi_keep(cards, h, top, kind == BADUGI)
    return positions(lowball_mask(card_mask(cards, h), h, top, kind == LOWBALL_A5), cards, h)


@njit(cache=True)
def keep_of(kind: int, cards: np.ndarray, strength: int, pat: int, top: int) -> Any:
    """`builtin_keep` called from Python (`pokerlut.draw_keep`)."""
    return builtin_keep(kind, cards, cards.shape[0], strength, pat, top)
