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
