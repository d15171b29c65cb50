"""Build a collision-free hashed table by first-fit displacement (see _kernels/hashing.py)."""

from __future__ import annotations

import numpy as np
from numba import njit

from .._kernels.hashing import MULT, HashSpec, perfect_hash


@njit(cache=True)
def _place(
    keys: np.ndarray, mix_shift: int, bucket_bits: int, pos_bits: int
) -> tuple[np.ndarray, np.ndarray]:
    n = keys.shape[0]
    n_buckets = 1 << bucket_bits
    bucket = np.empty(n, np.int64)
    pos = np.empty(n, np.int64)
    for i in range(n):
        k = keys[i]
        h = (k ^ (k >> np.uint64(mix_shift))) * MULT
        bucket[i] = h >> np.uint64(64 - bucket_bits)
        pos[i] = (h >> np.uint64(64 - bucket_bits - pos_bits)) & np.uint64((1 << pos_bits) - 1)
    order = np.argsort(bucket, kind="mergesort")
    starts = np.searchsorted(bucket[order], np.arange(n_buckets + 1))
    sizes = starts[1:] - starts[:-1]
    by_size = np.argsort(-sizes, kind="mergesort")  # biggest buckets first, ties by index
    # First fit: each bucket (biggest first) at the least offset where all its keys land on
    # free slots. `next_free[s]` leads (path halving) to the first free slot >= s, so the
    # search jumps over taken runs instead of trying each offset in turn.
    size = n + (1 << pos_bits) * 2 + n_buckets
    next_free = np.arange(size + 1)
    offsets = np.zeros(n_buckets, np.int64)
    slots = np.full(n, -1, np.int64)
    for b in by_size:
        members = order[starts[b] : starts[b + 1]]
        if members.shape[0] == 0:
            break
        first = pos[members[0]]
        offset = 0
        while True:
            s = offset + first
            while next_free[s] != s:
                next_free[s] = next_free[next_free[s]]
                s = next_free[s]
            offset = s - first
            free = True
            for m in members[1:]:
                if next_free[offset + pos[m]] != offset + pos[m]:
                    free = False
                    break
            if free:
                break
            offset += 1
        offsets[b] = offset
        for m in members:
            slot = offset + pos[m]
            if next_free[slot] != slot:  # two keys of one bucket share a position
                return offsets, slots
            next_free[slot] = slot + 1
            slots[m] = slot
    return offsets, slots


def build_perfect_hash(keys: np.ndarray, values: np.ndarray, spec: HashSpec) -> tuple[np.ndarray, np.ndarray]:
    """Return (offsets uint32, table uint16) such that table[slot(key)] == value for every key.

    The table is padded so that any key lands inside it; unused slots hold 0. Raises
    RuntimeError if the spec does not separate the keys (pick other constants).
    """
    keys = np.ascontiguousarray(keys, dtype=np.uint64)
    if len(np.unique(keys)) != len(keys):
        raise RuntimeError("duplicate keys given to the perfect hash")
    offsets, slots = _place(keys, *spec)
    if (slots < 0).any():
        raise RuntimeError(f"hash spec {spec} does not separate the {len(keys)} keys")
    table = np.zeros(int(offsets.max()) + (1 << spec.pos_bits), dtype=np.uint16)
    if len(np.unique(slots)) != len(slots):
        raise RuntimeError("perfect hash wrote two keys to one slot")
    table[slots] = values
    offsets = offsets.astype(np.uint32)
    found = np.array([table[perfect_hash(k, offsets, spec)] for k in keys], dtype=np.uint16)
    if not (found == values).all():
        raise RuntimeError("the lookup does not find what the build placed")
    return offsets, table
