#!/usr/bin/env python3
"""Build every lookup table into tables/ (or the folder given): `python scripts/build_tables.py [DIR]`.

The logic lives in the package (`pokerlut.build`) so that `pokerlut build-tables` does the
same after an install.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from pokerlut.build import build_tables  # noqa: E402

if __name__ == "__main__":
    build_tables(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[1] / "tables")
