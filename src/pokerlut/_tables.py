"""Find, verify and load each game's lookup tables, once, on first use.

The tables ship inside the package (`pokerlut/tables/<game>/`); in a source checkout they are
read from the repository's `tables/`. `POKERLUT_TABLES=DIR` points elsewhere (a folder of game
folders, or several: `pokerlut.folders`). Every file is checked against its game's `manifest.json` (dtype, shape, sha256) on
first load; a game never used is never read.
"""

from __future__ import annotations

import hashlib
import json
import threading
from pathlib import Path
from typing import Any

import numpy as np

from .folders import game_folder, table_dirs
from ._kernels.table_types import (
    BadugiTables,
    SuitsIgnored,
    SuitsMixed,
    SuitsSettle,
    Tables,
    Wild,
    WildSuitsIgnored,
)
from ._kernels import encoding
from ._kernels.hashing import OMAHA_HASH
from .rules import GAMES, WILD_GAMES, Rules, rules

REBUILD_HINT = "rebuild them with `pokerlut build-tables` (or `make tables` in a checkout)"


class TablesError(RuntimeError):
    """The tables are missing, incomplete or do not match their manifest."""


BADUGI_KIND = "badugi"  # the manifest's "kernel" of a Badugi game: `BadugiTables`
BADUGI_FILES = ("badugi_values", "classes")

# The kernel kinds, as the build names them in a game's manifest ("kernel"), and the files each
# game folder holds: the common ones (classes: category and ranks per strength, for the
# descriptions), those of its kind, and Omaha's where the manifest offers Omaha ("omaha").
KINDS: dict[str, type[Tables]] = {
    "suits-settle": SuitsSettle,
    "suits-ignored": SuitsIgnored,
    "suits-mixed": SuitsMixed,
    "wild": Wild,
    "wild-suits-ignored": WildSuitsIgnored,
}
COMMON_FILES = (
    "flush",
    "flush5",
    "unique5",
    "pair_offsets",
    "pair_values",
    "rank_offsets",
    "rank_values",
    "rank5_offsets",
    "rank5_values",
    "classes",
)
KIND_FILES = {
    "suits-mixed": ("mixed_offsets", "mixed_values"),
    "wild": ("wild_offsets", "wild_values"),
    "wild-suits-ignored": ("wild_offsets", "wild_values"),
}
OMAHA_FILES = ("omaha_pair", "omaha_offsets", "omaha_ids", "omaha_values")
# The tables read from files, in the order of `Tables` (the per-card arrays after them are made
# in memory by `encoding.card_arrays`)
KERNEL_FILES = Tables._fields[: Tables._fields.index("card_key")]
# What a kind never reads, made in memory: zeros long enough that any read of them stays inside
# (the Omaha kernel is public, so its hash may be run on any game's tables)
ABSENT = {
    "mixed_offsets": (1, np.uint32),
    "mixed_values": (1, np.uint16),
    "wild_offsets": (1, np.uint32),
    "wild_values": (1, np.uint16),
    "omaha_pair": (64 * 64, np.uint8),
    "omaha_offsets": (1 << OMAHA_HASH.bucket_bits, np.uint32),
    "omaha_ids": (1 << OMAHA_HASH.pos_bits, np.uint16),
    "omaha_values": (13 * 14 // 2, np.uint16),
}


def files_of(kind: str, omaha: bool) -> tuple[str, ...]:
    """The arrays a game folder of this kernel kind holds (without the .npy).

    >>> files_of("suits-mixed", omaha=False)[-2:]
    ('mixed_offsets', 'mixed_values')
    >>> files_of("badugi", omaha=False)
    ('badugi_values', 'classes')
    """
    if kind == BADUGI_KIND:
        return BADUGI_FILES
    return COMMON_FILES + KIND_FILES.get(kind, ()) + (OMAHA_FILES if omaha else ())


def default_dir() -> Path:
    """The first folder of game folders (`folders.table_dirs`): where `build-tables` writes."""
    return table_dirs()[0]


def read_manifest(directory: Path) -> dict[str, Any]:
    """A game folder's manifest.json, checked for what the loader reads (files, kernel, omaha)."""
    path = directory / "manifest.json"
    if not path.is_file():
        raise TablesError(f"no lookup tables at {directory} (manifest.json missing): {REBUILD_HINT}")
    try:
        manifest: dict[str, Any] = json.loads(path.read_text())
        manifest["files"].items()
        if manifest["kernel"] not in (*KINDS, BADUGI_KIND) or type(manifest["omaha"]) is not bool:
            raise ValueError(manifest["kernel"])
    except (ValueError, KeyError, TypeError, AttributeError):
        raise TablesError(f"{path} is not a valid manifest: {REBUILD_HINT}") from None
    return manifest


def load_dir(directory: str | Path) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """Load and verify one game's folder: its manifest and the arrays it lists for its kernel
    kind; raise TablesError naming the problem."""
    directory = Path(directory)
    manifest = read_manifest(directory)
    files = manifest["files"]
    arrays = {}
    for name in files_of(manifest["kernel"], manifest["omaha"]):
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
    return manifest, arrays


_lock = threading.Lock()
_folders: dict[str, tuple[dict[str, Any], dict[str, np.ndarray]]] = {}  # folder -> manifest, arrays
_manifests: dict[str, dict[str, Any]] = {}
# the loaded tables, keyed by the `Rules` value (a `Game` reads its own through these)
_kernel_tables: dict[Rules, Tables] = {}
_badugi_tables: dict[Rules, BadugiTables] = {}


def _loaded(folder: str) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    with _lock:
        if folder not in _folders:
            _folders[folder] = load_dir(game_folder(folder))
    return _folders[folder]


def omaha_offered(game: Rules) -> bool:
    """Whether the build made Omaha's tables for a game (its manifest says; nothing else of the
    game is read).

    >>> omaha_offered(rules("high")), omaha_offered(rules("deuce-to-seven"))
    (True, False)
    """
    name = game.name
    if name not in _manifests:
        _manifests[name] = _loaded(name)[0] if name in _folders else read_manifest(game_folder(name))
    return bool(_manifests[name]["omaha"])


def kernel_tables(game: Rules) -> Tables:
    """The verified kernel tables of a game of five-card hands, loaded on first use (`load`
    with a name)."""
    tables = _kernel_tables.get(game)
    if tables is None:
        game.five_card_only("the five-card kernels' tables (load_tables)")
        manifest, arrays = _loaded(game.name)
        kernel = {name: arrays[name] if name in arrays else np.zeros(*ABSENT[name]) for name in KERNEL_FILES}
        tables = _kernel_tables[game] = KINDS[manifest["kernel"]](
            **kernel, **encoding.card_arrays(game.deck, game.wild_cards, game.wild)
        )
    return tables


def badugi_tables(game: Rules) -> BadugiTables:
    """The verified tables of a Badugi game, loaded on first use (`load_badugi` with a name)."""
    tables = _badugi_tables.get(game)
    if tables is None:
        if not game.badugi:
            raise ValueError(f"{game.name} is not a Badugi game: its tables are load()'s")
        manifest, arrays = _loaded(game.name)
        slots = encoding.BADUGI_RANK_SETS * len(encoding.BADUGI_PATTERNS)
        if manifest["kernel"] != BADUGI_KIND or arrays["badugi_values"].shape != (slots,):
            raise TablesError(f"{game_folder(game.name)}: not Badugi tables: {REBUILD_HINT}")
        tables = _badugi_tables[game] = BadugiTables(
            arrays["badugi_values"], encoding.BADUGI_RANK_PLACE, encoding.BADUGI_SUIT_PATTERN
        )
    return tables


def classes_of(game: Rules) -> np.ndarray:
    """uint8 (classes + 1, 6): per strength, its category and its five ranks by significance
    (row 0: no qualifying hand); in a Badugi game (classes + 1, 5): its category and the ranks
    of its 1 to 4 cards, highest first in the game's order, then 255s."""
    return _loaded(game.name)[1]["classes"]


def load(game: str = "high") -> Tables:
    """The verified kernel tables of a game, loaded on first use.

    Their class, the kernel kind the build named in the manifest, says how the kernels treat
    five suited cards, so each kind compiles to its own code with no run-time test.

    Parameters
    ----------
    game : str, default "high"
        The name of the game's tables: a name of `pokerlut.games()`, one with its wild cards
        ("high+jokers"), or a ranking built into the tables' path (not a `Game`).

    Returns
    -------
    Tables
        Every array the kernels read for the game, to pass to them as one argument.

    Raises
    ------
    TypeError
        `game` that is not a str.
    ValueError
        An unknown game; a Badugi game (its tables are `load_badugi`'s).
    TablesError
        The game's tables are missing, incomplete or do not match their manifest.

    Examples
    --------
    >>> load().flush.shape, bool(load("short-deck").card_key[0] == encoding.INVALID_CARD)  # 2c: no card
    ((8192,), True)
    """
    return kernel_tables(rules(game))


def load_badugi(game: str = "badugi") -> BadugiTables:
    """The verified tables of a Badugi game (`Rules.form == "badugi"`), loaded on first use.

    Parameters
    ----------
    game : str, default "badugi"
        The name of a Badugi game: "badugi", "badugi-deuce-to-seven", or a Badugi ranking built
        into the tables' path.

    Returns
    -------
    BadugiTables
        The arrays the Badugi kernels read (`pokerlut._kernels.badugi`).

    Raises
    ------
    ValueError
        An unknown game, or one that does not rank Badugi hands.
    TablesError
        The game's tables are missing, incomplete or do not match their manifest.

    Examples
    --------
    >>> load_badugi().values.shape, load_badugi("badugi-deuce-to-seven").values.max()
    ((27300,), np.uint16(1092))
    """
    return badugi_tables(rules(game))


def classes(game: str = "high") -> np.ndarray:
    """`classes_of` a game by name."""
    return classes_of(rules(game))


def first_game_of_each_kind() -> dict[type[Tables], str]:
    """{kind of tables (`load`'s class): the first game of `GAMES`, then `WILD_GAMES`, with it}.
    A kernel compiled for one game of a kind serves every game of that kind, so this is what a
    warm-up runs (Badugi's tables, `load_badugi`'s, are of another type and left out).

    >>> list(first_game_of_each_kind().values())
    ['high', 'ace-to-five', 'deuce-to-seven', 'high+jokers', 'ace-to-five+jokers']
    """
    kinds: dict[type[Tables], str] = {}
    for name, game in [*GAMES.items(), *WILD_GAMES.items()]:
        kinds.setdefault(type(kernel_tables(game)), name)
    return kinds
