"""The pandas accessor ``Series.poker``: hands in a column, as text or as card lists.

Needs pandas (the ``pandas`` extra: ``pip install 'pokerlut[pandas]'``). It is there whenever
pandas is imported, before or after pokerlut (``import pokerlut`` does not import pandas: it
would double the import time).

A column of text goes through `pokerlut.parse_batch` (one numba kernel over all rows); a
column of card lists (``["As", "Kd", ...]`` or card ints) is read row by row with
`pokerlut.parse_cards`. Every method returns a Series with the column's
index and name. With ``errors="mask"`` a bad row (unknown card, card twice, a card outside
the game's deck, another number of cards, a missing value) gives a missing value instead of
an error.

>>> import pandas as pd, pokerlut
>>> hands = pd.Series(["As Ks Qs Js Ts 2c 2d", "2c 3d 4d 5d 7c 8c 9h", "Kh Kd 6s 6c Kc 2d 9h"])
>>> hands.poker.strength()
0    7462
1      49
2    7277
dtype: uint16
>>> hands.poker.describe().tolist()
['Royal flush', 'High card, nine', 'Full house, kings over sixes']
>>> hands.poker.category().tolist()
['STRAIGHT_FLUSH', 'HIGH_CARD', 'FULL_HOUSE']
>>> pd.Series(["As Ks Qs Js Ts", "As As Qs Js Ts", None]).poker.strength(errors="mask")
0    7462
1    <NA>
2    <NA>
dtype: UInt16
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from ._cards import MASKED_CARD, parse_cards
from ._evaluate import evaluate_batch
from ._hand import sizes_text
from ._game import Game, resolve
from ._names import Category
from ._text import ERRORS, is_missing, category_batch, describe_batch, is_text, parse_batch

__all__ = ["PokerAccessor"]

CATEGORIES = pd.CategoricalDtype([c.name for c in Category], ordered=True)


def _from_lists(values: np.ndarray, jokers: bool, errors: str) -> tuple[np.ndarray, np.ndarray]:
    """(cards (n, k) uint8, good rows) of a column of card lists, row by row."""
    rows: list[np.ndarray | None] = []
    k, first = None, -1
    for row, value in enumerate(values):
        try:
            if is_missing(value):
                raise ValueError(f"row {row}: missing value ({value!r})")
            try:
                cards = parse_cards(value, jokers=jokers)
            except ValueError as error:
                raise ValueError(f"row {row}: {value!r}: {error}") from None
            if k is None and len(cards):
                k, first = len(cards), row
            if len(cards) != k:
                raise ValueError(f"row {row}: {value!r} has {len(cards)} cards, but row {first} has {k}")
            rows.append(cards)
        except ValueError:
            if errors == "raise":
                raise
            rows.append(None)
    good = np.array([r is not None for r in rows], dtype=bool)
    out = np.full((len(rows), k or 0), MASKED_CARD, dtype=np.uint8)
    if good.any():
        out[good] = np.stack([r for r in rows if r is not None])
    return out, good


class PokerAccessor:
    """``series.poker``: evaluate, categorise and describe a column of hands (see the module
    `pokerlut.frame`)."""

    def __init__(self, series: pd.Series) -> None:
        self._series = series

    def _matrix(self, jokers: bool, errors: str) -> tuple[np.ndarray, np.ndarray]:
        """(cards (n, k) uint8, good rows)."""
        if errors not in ERRORS:
            raise ValueError(f"errors must be 'raise' or 'mask', not {errors!r}")
        series = self._series
        if is_text(series):
            values = (
                series.to_numpy(dtype=object)
                if series.dtype.kind == "O"
                and not (isinstance(series.dtype, (pd.StringDtype, pd.ArrowDtype, pd.CategoricalDtype)))
                else None
            )
            if values is not None and len(values) and not isinstance(values[0], str):
                first = next((v for v in values if not is_missing(v)), None)
                if isinstance(first, (list, tuple, np.ndarray)):
                    return _from_lists(values, jokers, errors)
            cards = parse_batch(series, errors=errors, jokers=jokers)
            mask = np.ma.getmaskarray(cards)
            good = ~mask[:, 0] if cards.shape[1] else np.zeros(len(cards), dtype=bool)
            return np.ma.getdata(cards), good
        raise TypeError(f"series.poker needs a column of hands (text or card lists), not {series.dtype}")

    def _wrap(self, values: Any, dtype: Any = None) -> pd.Series:
        return pd.Series(values, index=self._series.index, name=self._series.name, dtype=dtype)

    def cards(self, *, jokers: bool = False, errors: str = "raise") -> pd.Series:
        """The cards of every row: a uint8 array of card ints (None for a masked row).

        >>> import numpy as np, pandas as pd
        >>> pd.Series(["As Kd 7h", "10c 2s 3d"]).poker.cards().map(np.ndarray.tolist).tolist()
        [[51, 45, 22], [32, 3, 5]]
        """
        cards, good = self._matrix(jokers, errors)
        return self._wrap([row if ok else None for row, ok in zip(cards, good.tolist())], dtype=object)

    def strength(
        self,
        *,
        game: str | Game = "high",
        wild: str | None = None,
        flush_by_suit: bool | None = None,
        errors: str = "raise",
        threads: int | None = None,
    ) -> pd.Series:
        """`evaluate_batch` of every row: uint16, or nullable ``UInt16`` with ``errors="mask"``
        (missing where the row is not a hand of the game)."""
        g = resolve(game, wild, flush_by_suit)
        rules = g.rules
        cards, good = self._matrix(rules.wild is not None, errors)
        if errors == "raise":
            return self._wrap(evaluate_batch(cards, game=g, threads=threads))
        if cards.shape[1] and cards.shape[1] not in rules.hand_sizes:
            raise ValueError(
                f"a hand has {sizes_text(rules.hand_sizes)} cards in {rules.name}, not {cards.shape[1]}"
            )
        if cards.shape[1]:
            good &= np.isin(cards, rules.deck).all(axis=1)
        strengths = np.zeros(len(cards), dtype=np.uint16)
        strengths[good] = evaluate_batch(cards[good], game=g, threads=threads)
        return self._wrap(pd.arrays.IntegerArray(strengths, ~good))

    def category(
        self,
        *,
        game: str | Game = "high",
        wild: str | None = None,
        flush_by_suit: bool | None = None,
        errors: str = "raise",
    ) -> pd.Series:
        """The `Category` name of every row, as an ordered categorical (weakest first);
        missing where no hand qualifies (eight-or-better) or the row is masked."""
        g = resolve(game, wild, flush_by_suit)
        strengths = self.strength(game=g, errors=errors)
        values = strengths.to_numpy(dtype=np.int64, na_value=g.lowest)
        codes = category_batch(values, game=g).astype(np.int64)
        codes[strengths.isna().to_numpy()] = -1
        return self._wrap(pd.Categorical.from_codes(codes, dtype=CATEGORIES))

    def describe(
        self,
        *,
        game: str | Game = "high",
        wild: str | None = None,
        flush_by_suit: bool | None = None,
        lang: str = "en",
        errors: str = "raise",
    ) -> pd.Series:
        """`describe` of every row's strength, as a categorical of the distinct descriptions
        (missing where the row is masked). Wild cards' stand-ins are not named."""
        g = resolve(game, wild, flush_by_suit)
        strengths = self.strength(game=g, errors=errors)
        missing = strengths.isna().to_numpy()
        values = strengths.to_numpy(dtype=np.int64, na_value=g.lowest)
        words = describe_batch(values, game=g, lang=lang, categorical=True)
        if missing.any():
            words[missing] = np.nan
        return self._wrap(words)
