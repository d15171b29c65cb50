"""The card encoding the kernels, the table build and the loader share: what each card adds to a
hand, and how a hand's two words are laid out.

A card is the int 4 * rank + suit (`pokerlut._cards`). A hand is a pair of uint64 (key, bits):
key holds sum(5**rank) in its low 32 bits, one 4-bit counter per suit above them (bit 32 + 4 *
suit), the count of cards outside the deck from bit 48 and the count of wild cards from bit 56;
bits has one bit per card, 16 bits per suit (bit 16 * suit + rank). A paired five-card hand is
also hashed by the product of its ranks' primes. The per-card arrays of a game's tables
(`card_arrays`) hold each card's share of these, so adding a card is an add and an or.

The kernels read the constants here as globals, which numba compiles in as constants; the uint64
ones are typed so that the kernels' arithmetic stays in uint64.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from ..rules import WildCards

PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)  # one per rank, 2 .. A

# The key
RANK_KEY_MASK = np.uint64(0xFFFF_FFFF)  # sum(5**rank): the rank multiset
SUIT_BIAS = np.uint64(0x3333)  # added to the suit counters: one reaches 8 (bit 3) at five cards
SUIT_FLUSH = np.uint64(0x8888)  # bit 3 of each suit counter
INVALID_CARD = 1 << 48  # a card outside the deck: above the suit counters; 7 cannot overflow
INVALID_BITS = np.uint64(0xFF << 48)  # where INVALID_CARD counts: set in any hand holding one
WILD_SHIFT = np.uint64(56)
WILD_CARD = 1 << 56  # a wild card, counted above the invalid cards
EVERY_SUIT = 0x1111 << 32  # a wild card counts in every suit's counter, for the flush test
# The bits
RANK_BITS = np.uint64(0x1FFF)  # one suit's 13 rank bits
JOKER_BITS = {52: 1 << 13, 53: 1 << 14}  # outside every suit's 13 rank bits


def wild_rank_key(wild: WildCards | None) -> int:
    """What a wild card adds to the rank key (sum(5**rank) of the naturals): a 14th base-5
    digit (5**13) for jokers and the bug (two at most, so the key stays under 2**32), or the
    wild rank's own digit (1 for deuces wild), where no natural card has that rank. The build
    asserts that every (naturals, wild cards) key is distinct."""
    return 5 ** wild.ranks[0] if wild and wild.ranks else 5**13


def card_arrays(
    deck: np.ndarray, wild_cards: tuple[int, ...] = (), wild: WildCards | None = None
) -> dict[str, np.ndarray]:
    """The per-card arrays of a game's deck, from the card convention (card = 4*rank + suit);
    the 256 - len(deck) other values are invalid. A wild card adds WILD_CARD to the key
    and one to every suit's counter, and its `wild_rank_key` to the rank key, instead of its
    rank and suit; it keeps a bit of its own for the duplicate check.

    >>> a = card_arrays(np.arange(52, dtype=np.uint8))  # As is 51: rank 12, suit 3
    >>> int(a["card_key"][51]) == 5**12 + (1 << 32 + 4 * 3), int(a["card_bit"][51]) == 1 << 16 * 3 + 12
    (True, True)
    >>> int(a["card_prime"][51]), int(a["card_key"][52]) == INVALID_CARD
    (41, True)
    """
    rank = np.arange(52, dtype=np.uint64) >> np.uint64(2)
    suit = np.arange(52, dtype=np.uint64) & np.uint64(3)
    values = {
        "card_key": np.uint64(5) ** rank + (np.uint64(1) << (np.uint64(32) + np.uint64(4) * suit)),
        "card_bit": np.uint64(1) << (np.uint64(16) * suit + rank),
        "rank_bit": np.uint64(1) << rank,
        "card_prime": np.array(PRIMES, dtype=np.uint64)[rank.astype(np.intp)],
    }
    padding = {"card_key": INVALID_CARD, "card_bit": 0, "rank_bit": 0, "card_prime": 1}
    arrays = {}
    natural = deck[deck < 52]
    for name, value in padding.items():
        arrays[name] = np.full(256, value, dtype=np.uint64)
        arrays[name][natural] = values[name][natural]
    for card in wild_cards:
        arrays["card_key"][card] = WILD_CARD + EVERY_SUIT + wild_rank_key(wild)
        arrays["card_bit"][card] = JOKER_BITS.get(card, arrays["card_bit"][card])
        arrays["rank_bit"][card], arrays["card_prime"][card] = 0, 1
    return arrays


# Badugi (`kernels.badugi`): four cards sorted by card int (so by rank, then suit) are the slot
# of a table by their rank multiset (1,820 of four ranks) and which of them share a suit (15
# set partitions of four). A rank multiset r0 <= r1 <= r2 <= r3 is numbered sum(C(r_k + k, k +
# 1)) (the combinatorial number system of r_k + k, strictly increasing in 0..15), read from
# BADUGI_RANK_PLACE[k, r_k]; rows 13..63 are 0 so that a card of any uint8 value reads inside.
# Suits: bit i of six says whether the i-th pair of BADUGI_SUIT_PAIRS shares a suit, and
# BADUGI_SUIT_PATTERN numbers the partition (the bits no suits give read 0).
BADUGI_RANK_SETS = 1_820  # C(16, 4): multisets of four of the 13 ranks
BADUGI_SUIT_PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))


def _badugi_partition(bits: int) -> tuple[int, ...] | None:
    """The suits of four sorted cards as first-seen labels (0, 0, 1, 0), from which pairs share
    a suit, or None when the bits contradict each other."""
    same = {pair: bool(bits >> i & 1) for i, pair in enumerate(BADUGI_SUIT_PAIRS)}
    labels = [0, 0, 0, 0]
    for j in range(1, 4):
        first = next((i for i in range(j) if same[(i, j)]), None)
        labels[j] = max(labels[:j]) + 1 if first is None else labels[first]
    if any((labels[i] == labels[j]) != shared for (i, j), shared in same.items()):
        return None
    return tuple(labels)


# The 15 partitions of four cards' suits, in order, and each one's number by the six bits
BADUGI_PATTERNS = sorted({p for p in map(_badugi_partition, range(64)) if p is not None})
BADUGI_SUIT_PATTERN = np.array(
    [BADUGI_PATTERNS.index(p) if p else 0 for p in map(_badugi_partition, range(64))], dtype=np.uint8
)
BADUGI_RANK_PLACE = np.array(
    [[math.comb(r + k, k + 1) if r < 13 else 0 for r in range(64)] for k in range(4)], dtype=np.uint16
)


def badugi_slot(cards: tuple[int, ...] | list[int]) -> int:
    """The slot of four cards (any order) in a Badugi value table, as the kernels find it.

    >>> badugi_slot([51, 0, 4, 8]) == badugi_slot([8, 4, 0, 51])
    True
    >>> badugi_slot([0, 1, 2, 3]) // len(BADUGI_PATTERNS), len(BADUGI_PATTERNS)  # 2c 2d 2h 2s
    (0, 15)
    """
    a, b, c, d = sorted(cards)
    ranks = [x >> 2 for x in (a, b, c, d)]
    suits = [x & 3 for x in (a, b, c, d)]
    bits = sum(int(suits[i] == suits[j]) << n for n, (i, j) in enumerate(BADUGI_SUIT_PAIRS))
    rank_set = sum(int(BADUGI_RANK_PLACE[k, r]) for k, r in enumerate(ranks))
    return rank_set * len(BADUGI_PATTERNS) + int(BADUGI_SUIT_PATTERN[bits])
