"""Card abstraction for poker AI: canonical hand indices, hold'em first.

A `HandIndexer` maps a hand (hole cards, then the board in the order dealt) to a dense index
in 0..size-1 and back; two hands get the same index exactly when a permutation of suits maps
one onto the other. With perfect recall each street's cards are a round of their own (2, 3,
1, 1); with imperfect recall the board is one set (2, then 3, 4 or 5). Then the features of
every state (`river_hand_strengths`, `street_features`: here, or on Dask with a `DaskRun`)
and buckets of them (`buckets`; its k-means methods need scikit-learn, the `abstraction`
extra).

The package: `_indexer` (`HandIndexer`, its tables), `_features` (hand strength and
potential, canonical boards, the features of every state), `_buckets` (`buckets`).

>>> river = HandIndexer("river", "imperfect")
>>> river.size
123156254
>>> river.index("Ah Kh 2c 7d 9h Ts Js") == river.index("As Ks 2d 7h 9s Tc Jc")
True
>>> from pokerlut import format_cards
>>> format_cards(river.unindex(river.index("Ah Kh 2c 7d 9h Ts Js")))  # its class's own hand
'Ks As 2c 7d 9s Th Jh'
>>> [HandIndexer(street).size for street in STREETS]  # perfect recall
[169, 1286792, 55190538, 2428287420]
"""

from __future__ import annotations

from ._buckets import METHODS, SAMPLE, Buckets, buckets
from ._features import (
    OPPONENTS,
    PARTS,
    RUNOUTS,
    DaskRun,
    StreetFeatures,
    canonical_boards,
    hand_potential,
    hand_strength_of,
    river_hand_strengths,
    street_features,
)
from .._kernels.isomorphism import hand_index
from ._indexer import RECALLS, STREETS, HandIndexer, index_tables, rounds_of

__all__ = [
    "METHODS",
    "OPPONENTS",
    "PARTS",
    "RECALLS",
    "RUNOUTS",
    "SAMPLE",
    "STREETS",
    "Buckets",
    "DaskRun",
    "HandIndexer",
    "StreetFeatures",
    "buckets",
    "canonical_boards",
    "hand_index",
    "hand_potential",
    "hand_strength_of",
    "index_tables",
    "river_hand_strengths",
    "rounds_of",
    "street_features",
]
