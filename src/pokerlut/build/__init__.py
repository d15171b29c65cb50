"""Table generation: enumerate the 2,598,960 five-card hands, derive the 6- and 7-card tables.

`build_tables(out_dir)` writes every table as `.npy` plus `manifest.json` and asserts every
count of RULES.md on the way; it is what `pokerlut build-tables` and `scripts/build_tables.py`
run. Rebuilding gives byte-identical files.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import time
from pathlib import Path

import numpy as np

from ..kernels.hashing import PAIR_HASH, RANK_HASH
from ..names import Category
from . import expected
from .five import rank_five_card_hands
from .perfect_hash import build_perfect_hash

PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)  # one per rank, 2 .. A
POPCOUNT = np.array([bin(m).count("1") for m in range(8192)])


class BuildError(AssertionError):
    """A count or invariant of the rule book did not come out of the enumeration."""


def check(condition: bool, what: str) -> None:
    if not condition:
        raise BuildError(f"table build: {what}")


def rank_key(ranks) -> int:
    """Key of a rank multiset: sum of 5**rank. Unique for up to 4 of a rank, any hand size."""
    return sum(5**r for r in ranks)


def _five_card_tables(five) -> tuple[dict[str, np.ndarray], dict[int, int], dict]:
    """Flush, unique-ranks and paired prime-product tables from the full enumeration.

    Returns the tables, the paired products' strengths as a dict, and the counts seen.
    """
    strength, cat, mask = five.strength, five.category, five.rank_mask.astype(np.int64)
    counts = {Category(c).name: int(n) for c, n in enumerate(np.bincount(cat, minlength=9))}
    classes = {Category(c).name: len(np.unique(strength[cat == c])) for c in range(9)}
    for c, (n_classes, n_hands, _, _) in expected.HIGH_COUNTS.items():
        check(counts[c.name] == n_hands, f"{c.name}: {counts[c.name]} hands, RULES.md says {n_hands}")
        check(classes[c.name] == n_classes, f"{c.name}: {classes[c.name]} classes, not {n_classes}")
    check(len(five.hands) == expected.HANDS[5], "not 2,598,960 five-card hands")
    check(int(strength.max()) == expected.N_CLASSES, "not 7,462 classes")
    royal = (cat == Category.STRAIGHT_FLUSH) & (mask == 0b1_1111_0000_0000)
    check(int(royal.sum()) == expected.ROYAL_FLUSHES[5], "royal flush count")

    def by_mask(selected: np.ndarray) -> np.ndarray:
        table = np.zeros(8192, dtype=np.uint16)
        table[mask[selected]] = strength[selected]
        check((table[mask[selected]] == strength[selected]).all(), "one rank mask, two strengths")
        return table

    distinct = POPCOUNT[mask] == 5
    flush5 = by_mask(five.is_flush)
    unique5 = by_mask(~five.is_flush & distinct)

    paired = ~five.is_flush & ~distinct
    primes = np.array(PRIMES, dtype=np.uint64)[five.hands[paired] >> 2]
    products = primes.prod(axis=1)
    keys, first = np.unique(products, return_index=True)
    values = strength[paired][first]
    check(len(keys) == expected.PAIRED_PRIME_PRODUCTS, f"{len(keys)} paired prime products")
    _, inverse = np.unique(products, return_inverse=True)
    check((values[inverse.reshape(-1)] == strength[paired]).all(), "one product, two strengths")
    pair_offsets, pair_values = build_perfect_hash(keys, values, PAIR_HASH)
    # one row per strength: category, then the ranks by significance (for descriptions)
    class_table = np.zeros((expected.N_CLASSES + 1, 6), dtype=np.uint8)
    class_table[strength, 0] = cat
    class_table[strength, 1:] = five.ranks
    check((class_table[strength, 1:] == five.ranks).all(), "one strength, two rank patterns")
    tables = {"classes": class_table, "flush5": flush5, "unique5": unique5,
              "pair_offsets": pair_offsets, "pair_values": pair_values}
    pair_strength = dict(zip(keys.tolist(), values.tolist()))
    return tables, pair_strength, {"hands": counts, "classes": classes}


def _best_of_subsets(items: tuple, value) -> int:
    return max(value(sub) for sub in itertools.combinations(items, 5))


def _derived_tables(flush5: np.ndarray, unique5: np.ndarray,
                    pair_strength: dict[int, int]) -> dict[str, np.ndarray]:
    """Best flush by 13-bit mask (5..7 bits) and best non-flush five by rank multiset (5..7)."""
    flush = np.zeros(8192, dtype=np.uint16)
    for mask in range(8192):
        bits = tuple(r for r in range(13) if mask >> r & 1)
        if 5 <= len(bits) <= 7:
            flush[mask] = _best_of_subsets(bits, lambda sub: flush5[sum(1 << r for r in sub)])

    def non_flush5(ranks: tuple) -> int:
        if len(set(ranks)) == 5:
            return int(unique5[sum(1 << r for r in ranks)])
        return pair_strength[math.prod(PRIMES[r] for r in ranks)]

    keys, values = [], []
    for n in (5, 6, 7):
        multisets = [m for m in itertools.combinations_with_replacement(range(13), n)
                     if max(m.count(r) for r in set(m)) <= 4]
        check(len(multisets) == expected.RANK_MULTISETS[n], f"{n}-card rank multisets")
        for m in multisets:
            keys.append(rank_key(m))
            values.append(_best_of_subsets(m, non_flush5))
    rank_offsets, rank_values = build_perfect_hash(
        np.array(keys, dtype=np.uint64), np.array(values, dtype=np.uint16), RANK_HASH)
    return {"flush": flush, "rank_offsets": rank_offsets, "rank_values": rank_values}


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build_tables(out_dir: str | Path, *, log=print) -> dict:
    """Build every table into `out_dir`; return the manifest (also written as manifest.json)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    five = rank_five_card_hands()
    tables, pair_strength, counts = _five_card_tables(five)
    log(f"enumerated {len(five.hands):,} five-card hands in {time.perf_counter() - start:.1f} s")
    tables.update(_derived_tables(tables["flush5"], tables["unique5"], pair_strength))
    del tables["flush5"]  # the 5..7-bit flush table contains it
    log(f"derived the 6- and 7-card tables in {time.perf_counter() - start:.1f} s total")

    files = {}
    for name, array in sorted(tables.items()):
        path = out / f"{name}.npy"
        np.save(path, array, allow_pickle=False)
        files[path.name] = {"dtype": str(array.dtype), "shape": list(array.shape),
                            "bytes": int(array.nbytes), "sha256": _sha256(path)}
    manifest = {
        "format": 1,
        "files": files,
        "total_bytes": sum(f["bytes"] for f in files.values()),
        "hash_specs": {"rank": RANK_HASH._asdict(), "pair": PAIR_HASH._asdict()},
        "five_card_counts": counts,
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    log(f"wrote {len(files)} tables, {manifest['total_bytes']:,} bytes, to {out}")
    return manifest
