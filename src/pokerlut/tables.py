"""Find, verify and load the lookup tables, once.

The tables ship inside the package (`pokerlut/tables/`); in a source checkout they are read
from the repository's `tables/`. `POKERLUT_TABLES=DIR` points elsewhere. Every file is checked
against `manifest.json` (dtype, shape, sha256) on first load.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from pathlib import Path
from typing import NamedTuple

import numpy as np

REBUILD_HINT = "rebuild them with `pokerlut build-tables` (or `make tables` in a checkout)"


class TablesError(RuntimeError):
    """The tables are missing, incomplete or do not match their manifest."""


class Tables(NamedTuple):
    """Every array the kernels read; pass it to them as one argument."""

    flush: np.ndarray  # uint16[8192]: best flush / straight flush by 13-bit rank mask (5..7 bits)
    unique5: np.ndarray  # uint16[8192]: five distinct ranks, no flush, by rank mask
    pair_offsets: np.ndarray  # uint32: perfect-hash displacements, paired prime products
    pair_values: np.ndarray  # uint16: strength by hashed prime product
    rank_offsets: np.ndarray  # uint32: perfect-hash displacements, rank multisets of 5..7
    rank_values: np.ndarray  # uint16: best non-flush five by hashed rank multiset
    # Per-card arrays, indexed by any uint8 so that no card value reads outside them; entries
    # 52..255 mark the card invalid (INVALID_CARD in the key) and add nothing else.
    card_key: np.ndarray  # uint64[256]: 5**rank + (1 << 32 + 4*suit)
    card_bit: np.ndarray  # uint64[256]: 1 << (16*suit + rank)
    rank_bit: np.ndarray  # uint64[256]: 1 << rank
    card_prime: np.ndarray  # uint64[256]: the rank's prime, 2 .. 41


KERNEL_FILES = ("flush", "unique5", "pair_offsets", "pair_values", "rank_offsets", "rank_values")
FILES = (*KERNEL_FILES, "classes")  # classes: category and ranks per strength, for descriptions
PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


INVALID_CARD = 1 << 48  # in a hand key: above the suit counters; 7 of them cannot overflow


def card_arrays() -> dict[str, np.ndarray]:
    """The per-card arrays, computed from the card convention (card = 4*rank + suit)."""
    rank = np.arange(52, dtype=np.uint64) >> np.uint64(2)
    suit = np.arange(52, dtype=np.uint64) & np.uint64(3)
    arrays = {
        "card_key": np.uint64(5) ** rank + (np.uint64(1) << (np.uint64(32) + np.uint64(4) * suit)),
        "card_bit": np.uint64(1) << (np.uint64(16) * suit + rank),
        "rank_bit": np.uint64(1) << rank,
        "card_prime": np.array(PRIMES, dtype=np.uint64)[rank.astype(np.intp)],
    }
    padding = {"card_key": INVALID_CARD, "card_bit": 0, "rank_bit": 0, "card_prime": 1}
    for name, value in padding.items():
        arrays[name] = np.concatenate([arrays[name], np.full(204, value, dtype=np.uint64)])
    return arrays


def default_dir() -> Path:
    if "POKERLUT_TABLES" in os.environ:
        return Path(os.environ["POKERLUT_TABLES"])
    installed = Path(__file__).with_name("tables")
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parents[2] / "tables"  # src/pokerlut -> repository root


def load_dir(directory: str | Path) -> dict[str, np.ndarray]:
    """Load and verify every table in `directory`; raise TablesError naming the problem."""
    directory = Path(directory)
    manifest_path = directory / "manifest.json"
    if not manifest_path.is_file():
        raise TablesError(f"no lookup tables at {directory} (manifest.json missing): {REBUILD_HINT}")
    try:
        files = json.loads(manifest_path.read_text())["files"]
        files.items()
    except (ValueError, KeyError, TypeError, AttributeError):
        raise TablesError(f"{manifest_path} is not a valid manifest: {REBUILD_HINT}") from None
    arrays = {}
    for name in FILES:
        path, meta = directory / f"{name}.npy", files.get(f"{name}.npy")
        if not isinstance(meta, dict) or not path.is_file():
            raise TablesError(f"table {path} is missing: {REBUILD_HINT}")
        data = path.read_bytes()
        if hashlib.sha256(data).hexdigest() != meta.get("sha256"):
            raise TablesError(f"table {path} does not match its manifest checksum: {REBUILD_HINT}")
        array = np.load(path, allow_pickle=False)
        if str(array.dtype) != meta.get("dtype") or list(array.shape) != meta.get("shape"):
            raise TablesError(f"table {path} has the wrong dtype or shape: {REBUILD_HINT}")
        arrays[name] = array
    return arrays


_lock = threading.Lock()
_arrays: dict[str, np.ndarray] = {}
_tables: list[Tables] = []


def _loaded() -> dict[str, np.ndarray]:
    with _lock:
        if not _arrays:
            _arrays.update(load_dir(default_dir()))
    return _arrays


def load() -> Tables:
    """The verified kernel tables of this installation, loaded on first use."""
    if not _tables:
        arrays = _loaded()
        _tables.append(Tables(**{name: arrays[name] for name in KERNEL_FILES}, **card_arrays()))
    return _tables[0]


def classes() -> np.ndarray:
    """uint8 (7463, 6): per strength, its category and its five ranks by significance."""
    return _loaded()["classes"]
