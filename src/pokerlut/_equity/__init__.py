"""Equity: who wins how often, exactly or by Monte Carlo, in every deal (`deal.DEALS`).

The package's layers, each importing only those below it (tests/test_imports.py):

- `deal`, `ranges`, `omaha_ranges`, `result`, `counters`, `categories`: a deal's value, the
  players' hands and ranges, the outcome counters and the results built from them;
- the engines, each a deal's setup and its exact and Monte Carlo counts: `board`, `exact`,
  `montecarlo` (hold'em, short deck, Omaha), `stud`, and `draw` (the draw games, and
  `draw.chance`, one player's chance to make a hand);
- `showdowns`: each engine as `equity()` runs it (`pokerlut._gpu.equity` sits below it);
- `front`: `equity()`, the front door, which resolves its arguments once;
- `warmup`: the engines' warm-up calls (`pokerlut warm`), through the front door.

This package's `__init__` imports nothing, so that importing a lower module never runs the
front door.
"""
