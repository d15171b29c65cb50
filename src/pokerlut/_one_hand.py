"""One hand from Python without numba: the reads of `kernels.core.hand_strength` over the same
tables, held as Python lists.

A call from Python into a numba function costs more than the whole lookup done in Python (the
dispatcher alone takes about 0.2 us), and the first one in a process starts numba's code
generator (0.1-0.2 s, more with an empty cache). `evaluate`, `compare`, `describe`, `winners`
and `best_five` therefore read the tables here; batches and everything in a loop run in numba.

Each card is one Python int: its key in the low 64 bits (`core.hand_add`) and its bit above
them. Summing the cards sums the keys, and the bits' sum has one set bit per card only when no
card repeats (a repeat carries into another bit), so one addition per card also checks the hand.
A hand without a flush then takes its strength from a dict of rank keys filled as they are
first seen (the perfect hash read once per key; 73,775 keys at most in a 52-card game): one
lookup instead of the hash's arithmetic.

>>> from pokerlut import Game
>>> strength = hand_strength(Game.of("high").tables)
>>> strength([51, 47, 43, 39, 35]), strength((0, 5, 9, 13, 20, 24, 30))
(7462, 49)
>>> strength([51, 51, 43, 39, 35]), strength([51, 47, 43, 39, 99]), strength([51, 47, 43])
(-1, -1, -1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ._kernels.table_types import BadugiTables, SuitsIgnored, SuitsSettle, Tables, Wild
from .italian import ItalianTables
from ._kernels import encoding
from ._kernels import italian as kernels_italian
from ._kernels.hashing import MIXED_HASH, MULT, RANK_HASH, WILD_HASH, HashSpec

WORD = (1 << 64) - 1
# `kernels.encoding`'s key layout as Python ints: the suit counters (bits 32..47) plus 3 each,
# so that a counter reaches bit 3 at five cards
RANK_KEY_MASK, RANK_BITS = int(encoding.RANK_KEY_MASK), int(encoding.RANK_BITS)
SUIT_BIAS_32, SUIT_FLUSH_32 = int(encoding.SUIT_BIAS) << 32, int(encoding.SUIT_FLUSH) << 32
SUIT_SHIFT = int(kernels_italian.SUIT_SHIFT)


def slot(key: int, offsets: list[int], spec: HashSpec) -> int:
    """`kernels.hashing.perfect_hash` on Python ints."""
    mix_shift, bucket_bits, pos_bits = spec
    h = ((key ^ (key >> mix_shift)) * int(MULT)) & WORD
    return offsets[h >> (64 - bucket_bits)] + ((h >> (64 - bucket_bits - pos_bits)) & ((1 << pos_bits) - 1))


def hand_strength(t: Tables, it: ItalianTables | None = None) -> Callable[[Any], int]:
    """The strength of one hand in the game whose tables are `t` (with its suit tables `it` in
    Italian poker), as a function of a list or tuple of 5, 6 or 7 card ints (5 in Italian
    poker); it gives -1 for anything else (a card that is not an int of the game's deck, a
    repeated card, another count), for the caller to explain."""
    packed: dict[int, int] = dict(
        enumerate(key + (bit << 64) for key, bit in zip(t.card_key[:54].tolist(), t.card_bit[:54].tolist()))
    )
    flush: list[int] = t.flush.tolist()
    rank_offsets: list[int] = t.rank_offsets.tolist()
    rank_values: list[int] = t.rank_values.tolist()
    mixed: tuple[list[int], list[int]] = (t.mixed_offsets.tolist(), t.mixed_values.tolist())
    wild: tuple[list[int], list[int]] = (t.wild_offsets.tolist(), t.wild_values.tolist())
    suits, settle, is_wild = (
        not isinstance(t, SuitsIgnored),
        isinstance(t, SuitsSettle),
        isinstance(t, Wild),
    )
    unsuited: list[int] = wild[1] if is_wild else rank_values
    offsets, spec = (wild[0], WILD_HASH) if is_wild else (rank_offsets, RANK_HASH)
    by_ranks: dict[int, int] = {}  # rank key -> the strength of a hand without a flush, as read
    tie_rank: list[int] = it.tie_rank.tolist() if it is not None else []
    by_suits: list[int] = it.value.tolist() if it is not None else []

    def read(ranks: int) -> int:
        """The strength of a hand without a flush, by its rank key (`core.rank_strength`):
        from by_ranks, or read from the tables and kept there."""
        value = by_ranks.get(ranks)
        if value is None:
            by_ranks[ranks] = value = unsuited[slot(ranks, offsets, spec)]
        return value

    def suited(total: int, suit_flush: int) -> int:
        """Strength of a hand with five or more cards of a suit (`core.suited_strength`, and
        `core.wild_strength` with its `_wild_flush`)."""
        ranks, bits = total & RANK_KEY_MASK, total >> 64
        if is_wild:
            best = read(ranks)  # the best five without a flush
            row = ((total >> 56) & 0xFF) * 8192
            for suit in range(4):
                if suit_flush & (0x8 << 4 * suit):
                    best = max(best, flush[row + ((bits >> 16 * suit) & RANK_BITS)])
            return best
        suit = (suit_flush > 0x8) + (suit_flush > 0x80) + (suit_flush > 0x800)
        mask = (bits >> 16 * suit) & RANK_BITS
        if settle or flush[mask]:
            return flush[mask]
        return mixed[1][slot(mask << 32 | ranks, mixed[0], MIXED_HASH)]

    def strength(hand: Any) -> int:
        """The strength of `hand`, or -1 if it is not distinct card ints of the deck."""
        if type(hand) is not list and type(hand) is not tuple:
            return -1
        # packed is a dict: a card that is not 0..53 is missing (a negative int would index a
        # list from its end), and a card outside the deck has no bit, which the bits then show
        try:
            n = len(hand)
            if n == 7:
                a, b, c, d, e, f, g = hand
                if not type(a) is type(b) is type(c) is type(d) is type(e) is type(f) is type(g) is int:
                    return -1
                total = packed[a] + packed[b] + packed[c] + packed[d] + packed[e] + packed[f] + packed[g]
            elif n == 5:
                a, b, c, d, e = hand
                if not type(a) is type(b) is type(c) is type(d) is type(e) is int:
                    return -1
                total = packed[a] + packed[b] + packed[c] + packed[d] + packed[e]
            elif n == 6:
                a, b, c, d, e, f = hand
                if not type(a) is type(b) is type(c) is type(d) is type(e) is type(f) is int:
                    return -1
                total = packed[a] + packed[b] + packed[c] + packed[d] + packed[e] + packed[f]
            else:
                return -1
        except KeyError:
            return -1
        if (total >> 64).bit_count() != n:  # a repeated card, or one outside the deck
            return -1
        suit_flush = (total + SUIT_BIAS_32) & SUIT_FLUSH_32 if suits else 0
        if suit_flush:
            value = suited(total, suit_flush >> 32)
        else:
            try:
                value = by_ranks[total & RANK_KEY_MASK]
            except KeyError:
                value = read(total & RANK_KEY_MASK)
        if it is None:
            return value
        if n != 5:
            return -1
        # Italian poker: the suit of the card of rank tie_rank[value] (`kernels.italian`)
        card = (total >> (64 + tie_rank[value])) & 0x0001_0001_0001_0001
        return (by_suits[value] >> (((card * SUIT_SHIFT) & WORD) >> 58)) & 0xFFFF

    return strength


def badugi_strength(t: BadugiTables) -> Callable[[Any], int]:
    """The strength of one hand in the Badugi game whose tables are `t` (`kernels.badugi`'s
    reads, on Python lists), as a function of a list or tuple of 4 or 5 card ints (the best
    four of five); it gives -1 for anything else (a card that is not an int 0..51, a repeated
    card, another count), for the caller to explain.

    >>> from pokerlut import Game
    >>> strength = badugi_strength(Game.of("badugi").badugi_tables)
    >>> strength([51, 0, 5, 10]), strength((44, 45, 46, 47, 0)), strength([0, 0, 5, 10]), strength([0, 5, 10])
    (1092, 24, -1, -1)
    """
    values: list[int] = t.values.tolist()
    place: list[list[int]] = t.rank_place.tolist()
    pattern: list[int] = t.suit_pattern.tolist()
    first, second, third, fourth = place
    patterns = len(encoding.BADUGI_PATTERNS)

    def four(a: int, b: int, c: int, d: int) -> int:
        """Four sorted cards (`kernels.badugi._sorted4`)."""
        sa, sb, sc, sd = a & 3, b & 3, c & 3, d & 3
        bits = (
            (sa == sb)
            | (sa == sc) << 1
            | (sa == sd) << 2
            | (sb == sc) << 3
            | (sb == sd) << 4
            | (sc == sd) << 5
        )
        rank_set = first[a >> 2] + second[b >> 2] + third[c >> 2] + fourth[d >> 2]
        return values[rank_set * patterns + pattern[bits]]

    def strength(hand: Any) -> int:
        """The strength of `hand`, or -1 if it is not 4 or 5 distinct card ints 0..51: sorted,
        they are ints, the first is 0 or more, each above the one before, the last below 52."""
        if type(hand) is not list and type(hand) is not tuple:
            return -1
        n = len(hand)
        try:
            if n == 4:
                a, b, c, d = sorted(hand)
                if type(a) is type(b) is type(c) is type(d) is int and 0 <= a < b < c < d < 52:
                    return four(a, b, c, d)
            elif n == 5:
                a, b, c, d, e = sorted(hand)
                if type(a) is type(b) is type(c) is type(d) is type(e) is int and 0 <= a < b < c < d < e < 52:
                    return max(
                        four(b, c, d, e),
                        four(a, c, d, e),
                        four(a, b, d, e),
                        four(a, b, c, e),
                        four(a, b, c, d),
                    )
        except TypeError:  # cards that do not sort: not card ints
            pass
        return -1

    return strength
