"""Shared pytest setup: make the test helpers in this directory (reference.py) importable."""

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
