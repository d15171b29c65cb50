"""Where the tables are: the folders searched for a game's folder of tables.

`POKERLUT_TABLES` is one folder of game folders, or several separated by `os.pathsep` (searched
in order); without it, the tables inside the package (or the repository's `tables/` in a source
checkout). A game folder describes itself (its `manifest.json` holds the game's rules), so a
ranking built into a folder on that path is a game like the shipped ones.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


def table_dirs() -> list[Path]:
    """The folders of game folders, searched in order."""
    if os.environ.get("POKERLUT_TABLES"):
        return [Path(part) for part in os.environ["POKERLUT_TABLES"].split(os.pathsep) if part]
    installed = Path(__file__).with_name("tables")
    if installed.is_dir():
        return [installed]
    return [Path(__file__).resolve().parents[2] / "tables"]  # src/pokerlut -> repository root


def game_folder(game: str) -> Path:
    """The first game folder named `game` that has a manifest (else where the first would be)."""
    dirs = table_dirs()
    return next((d / game for d in dirs if (d / game / "manifest.json").is_file()), dirs[0] / game)


def built_rules(game: str) -> dict[str, Any] | None:
    """The rules recorded in the manifest of a game folder named `game`, if one is found."""
    path = game_folder(game) / "manifest.json"
    try:
        rules: dict[str, Any] = json.loads(path.read_text())["rules"]
        return rules if isinstance(rules, dict) and rules.get("name") == game else None
    except (OSError, ValueError, KeyError, TypeError):
        return None
