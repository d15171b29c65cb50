"""Batches of hands as rows of card ints: checked into C-contiguous uint8, and the words for a
bad row (a card outside the deck, a card twice), shared by the CPU and GPU batch paths."""

from __future__ import annotations

from typing import Any

import numpy as np

from ._cards import first_repeat, format_card
from ._text import is_text, parse_batch
from .rules import Rules

HAND_SIZES = (5, 6, 7)


def as_batch(
    hands: Any, sizes: tuple[int, ...] = HAND_SIZES, what: str = "hands", top: int = 51
) -> np.ndarray:
    """Check a batch's type, shape and values; return it as C-contiguous uint8 (one copy at
    most, only when the input is not already that)."""
    if isinstance(hands, np.ma.MaskedArray):
        raise TypeError(f"{what} must be a plain array, not a masked array")
    if is_text(hands):  # a column of hand texts: "As Kd 7h 7c 2s"
        hands = parse_batch(hands, jokers=top > 51) if len(hands) else np.empty((0, sizes[0]), np.uint8)
    hands = np.asarray(hands)
    if hands.dtype.kind not in "iu":
        raise TypeError(f"{what} must be an integer array of card ints, not {hands.dtype}")
    if hands.ndim != 2 or hands.shape[1] not in sizes:
        raise ValueError(f"{what} must have shape (n, {'|'.join(map(str, sizes))}), not {hands.shape}")
    if hands.dtype != np.uint8:
        bad = (hands < 0) | (hands > top)
        if bad.any():
            row, col = np.argwhere(bad)[0]
            raise ValueError(f"row {row}: card {hands[row, col]} at position {col} is out of range 0..{top}")
        hands = hands.astype(np.uint8)
    return np.ascontiguousarray(hands)


def explain_row(hands: np.ndarray, row: int, rules: Rules) -> str:
    cards = hands[row].tolist()
    repeat = first_repeat(cards)
    for col, card in enumerate(cards):
        top = 53 if rules.wild else 51
        if card > top:
            return f"row {row}: card {card} at position {col} is out of range 0..{top}"
        if card not in rules.deck:
            return (
                f"row {row}: card {format_card(card)} at position {col} is not in the "
                f"{rules.name} deck ({rules.deck_text})"
            )
        if repeat is not None and repeat[1] == col:
            return f"row {row}: duplicate card {format_card(card)!r} at position {col}"
    raise AssertionError(f"row {row} was flagged but is valid")  # pragma: no cover


def first_bad_row(hands: np.ndarray, rules: Rules) -> int:
    """The first row of `hands` holding a card outside the game's deck or a repeated card, by
    numpy, 65,536 rows at a time (len(hands) if none)."""
    in_deck = np.zeros(256, dtype=bool)
    in_deck[rules.deck] = True
    for start in range(0, len(hands), 1 << 16):
        rows = hands[start : start + (1 << 16)]
        ordered = np.sort(rows, axis=1)
        bad = ~in_deck[rows].all(axis=1) | (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
        if bad.any():
            return start + int(np.argmax(bad))
    return len(hands)
