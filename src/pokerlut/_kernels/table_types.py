"""The types of the tables the kernels read, one class per kernel kind: each kind compiles to
its own code with no run-time test (`pokerlut._tables` loads and checks them)."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class Tables(NamedTuple):
    """Every array the kernels read for one game; pass it to them as one argument."""

    flush: np.ndarray  # uint16[8192]: 5..7 suited cards by rank mask, when that settles the hand
    flush5: np.ndarray  # uint16[8192]: five cards of one suit, by rank mask (eval5)
    unique5: np.ndarray  # uint16[8192]: five distinct ranks, no flush, by rank mask
    pair_offsets: np.ndarray  # uint32: perfect-hash displacements, paired prime products
    pair_values: np.ndarray  # uint16: strength by hashed prime product
    rank_offsets: np.ndarray  # uint32: perfect-hash displacements, rank multisets of 5..7
    rank_values: np.ndarray  # uint16: best non-flush five by hashed rank multiset
    rank5_offsets: np.ndarray  # uint32: the same for rank multisets of five cards alone,
    rank5_values: np.ndarray  # uint16: small enough to stay in L1 cache
    mixed_offsets: np.ndarray  # uint32: perfect hash of (suited mask, rank multiset); length 1
    mixed_values: np.ndarray  # uint16: when the game has no hands that need it
    omaha_pair: np.ndarray  # uint8[4096]: number 0..90 of two hole ranks, at 64 * r1 + r2
    omaha_offsets: np.ndarray  # uint32: perfect hash of board rank multisets (3..5 cards)
    omaha_ids: np.ndarray  # uint16: board number by slot
    omaha_values: np.ndarray  # uint16[boards * 91]: best non-flush two hole + three board
    wild_offsets: np.ndarray  # uint32: perfect hash of (wild cards, natural rank multiset)
    wild_values: np.ndarray  # uint16: best non-flush five with wild cards (length 1: no wilds)
    # Per-card arrays, indexed by any uint8 so that no card value reads outside them; entries
    # 52..255 mark the card invalid (`encoding.INVALID_CARD` in the key) and add nothing else.
    card_key: np.ndarray  # uint64[256]: 5**rank + (1 << 32 + 4*suit)
    card_bit: np.ndarray  # uint64[256]: 1 << (16*suit + rank)
    rank_bit: np.ndarray  # uint64[256]: 1 << rank
    card_prime: np.ndarray  # uint64[256]: the rank's prime, 2 .. 41


class SuitsSettle(Tables):
    """Tables of a game where five suited cards settle the hand by their rank mask (high)."""

    __slots__ = ()


class SuitsIgnored(Tables):
    """Tables of a game where suits never matter (ace-to-five, eight-or-better)."""

    __slots__ = ()


class SuitsMixed(Tables):
    """Tables of a game where a flush can hurt, so the suited mask alone does not settle the
    hand (deuce-to-seven, ace-to-six): the `mixed` table decides then."""

    __slots__ = ()


class Wild(Tables):
    """Tables of a high game with wild cards: the plain game's tables for hands without one,
    a `wild` table by naturals and wild count, a flush table by suited naturals and wild count
    (`pokerlut.build.wild`)."""

    __slots__ = ()


# mypy rejects any class with two NamedTuple-derived bases; here both derive from the one
# tuple `Tables` and add no field, so nothing can conflict.
class WildSuitsIgnored(Wild, SuitsIgnored):  # type: ignore[misc]
    """Tables of a low game with wild cards where suits never matter (ace-to-five)."""

    __slots__ = ()


class BadugiTables(NamedTuple):
    """Every array the Badugi kernels read (`kernels.badugi`); pass it to them as one argument.

    Four cards sorted by card int are a slot of `values` by their rank multiset and which of
    them share a suit (`kernels.encoding.badugi_slot`): `values[15 * rank_set +
    suit_pattern[bits]]`, where rank_set is the sum of `rank_place[k, rank of the k-th card]`
    and bit i of bits says whether the i-th pair of the four shares a suit.
    """

    values: np.ndarray  # uint16[1820 * 15]: the strength of four cards by slot (the game's file)
    rank_place: np.ndarray  # uint16[4, 64]: a sorted card's share of the rank multiset's number
    suit_pattern: np.ndarray  # uint8[64]: the partition of four suits by their six equalities
