"""The one perfect-hash function every hashed table uses (build and lookup share it).

slot = offsets[bucket(h)] + position(h), h = mix(key) * MULT. The build picks the offsets by
first-fit displacement so that no two keys share a slot, and pads the values so that any key,
valid or not, lands inside the table.
"""

from typing import Any, NamedTuple

import numpy as np
from numba import njit

# 2**64 / the golden ratio, made odd: the hash multiplier (Fibonacci hashing) and the
# increment of the random numbers (`splitmix64`)
GOLDEN = np.uint64(0x9E3779B97F4A7C15)
MULT = GOLDEN


class HashSpec(NamedTuple):
    """Compile-time constants of one hashed table: xor-shift mixing, bucket bits, position bits."""

    mix_shift: int
    bucket_bits: int
    pos_bits: int


# Rank multisets of 5..7 cards keyed by sum(5**rank) < 2**31: no mixing needed (shift 63).
RANK_HASH = HashSpec(mix_shift=63, bucket_bits=13, pos_bits=14)
# The same keys for five cards only: 6,175 of them in 18 KB of values and 4 KB of offsets,
# small enough to stay in L1 cache.
RANK5_HASH = HashSpec(mix_shift=63, bucket_bits=10, pos_bits=13)
# Prime products of paired five-card hands: multiplicative structure needs the xor-shift.
PAIR_HASH = HashSpec(mix_shift=13, bucket_bits=12, pos_bits=10)
# Hands with five or more of a suit in games where that does not settle them (deuce-to-seven):
# key = suited rank mask << 32 | sum(5**rank); multiplicative hashing separates them unmixed.
MIXED_HASH = HashSpec(mix_shift=63, bucket_bits=16, pos_bits=15)


@njit(inline="always")
def perfect_hash(key: Any, offsets: np.ndarray, spec: HashSpec) -> Any:
    """Slot of `key` in a table built by `pokerlut.build.perfect_hash` with the same spec."""
    mix_shift, bucket_bits, pos_bits = spec
    k = np.uint64(key)
    h = (k ^ (k >> np.uint64(mix_shift))) * MULT
    bucket = h >> np.uint64(64 - bucket_bits)
    pos = (h >> np.uint64(64 - bucket_bits - pos_bits)) & np.uint64((1 << pos_bits) - 1)
    return np.int64(offsets[bucket]) + np.int64(pos)


# Omaha boards: rank multisets of 3..5 cards keyed by sum(5**rank), to a dense board number.
OMAHA_HASH = HashSpec(mix_shift=63, bucket_bits=12, pos_bits=12)
# Wild games: natural rank multisets with the number of wild cards (encoding.wild_rank_key).
WILD_HASH = HashSpec(mix_shift=63, bucket_bits=15, pos_bits=16)
