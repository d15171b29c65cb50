"""Badugi's tables, from a `Rules` whose form is "badugi".

A Badugi hand's value is a set of 1 to 4 different ranks (its largest set of cards of different
ranks and suits, the best of them), so the game has 1,092 values: `Rules.badugi_key` orders
them, and their dense ranks are the strengths 1..1,092. The value of four cards depends on
their ranks and on which of them share a suit, so the kernels read it from one table by the
cards' rank multiset and suit pattern (`kernels.encoding.badugi_slot`): 1,820 x 15 slots, 54.6
KB. The build fills that table from every four-card hand of the deck (270,725), each valued by
brute force over its 15 subsets, asserting that no slot gets two values; then it counts every
four- and five-card hand through the table and asserts the rule book's figures.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from .._kernels.encoding import (
    BADUGI_PATTERNS,
    BADUGI_RANK_PLACE,
    BADUGI_RANK_SETS,
    BADUGI_SUIT_PAIRS,
    BADUGI_SUIT_PATTERN,
    badugi_slot,
)
from .._names import Category
from ..rules import BADUGI_ORDER, Rules
from . import expected
from .five import all_hands

NO_RANK = 255  # the classes' rank columns past a hand's cards


def rank_set_strengths(rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """The strength of every set of 1 to 4 different ranks by its 13-bit mask (uint16[8192], 0
    for other masks), and `classes` (uint8 (N + 1, 5): per strength its category and ranks,
    highest first in the game's order, then NO_RANK)."""
    sets = [s for n in range(1, 5) for s in itertools.combinations(range(13), n)]
    keys = {s: rules.badugi_key(s) for s in sets}
    order = sorted(set(keys.values()))
    strength = {key: i + 1 for i, key in enumerate(order)}
    by_mask = np.zeros(8192, dtype=np.uint16)
    classes = np.full((len(order) + 1, 5), NO_RANK, dtype=np.uint8)
    classes[0, 0] = 0  # no hand: never a strength of Badugi
    for s in sets:
        value = strength[keys[s]]
        by_mask[sum(1 << r for r in s)] = value
        ranks = sorted(s, key=rules.value, reverse=True)
        classes[value, : len(s) + 1] = [BADUGI_ORDER[4 - len(s)], *ranks]
    return by_mask, classes


def hand_values(cards: np.ndarray, by_mask: np.ndarray) -> np.ndarray:
    """The strength of each row of four cards by brute force: the best of its subsets whose
    cards have different ranks and different suits (a subset is one when the OR of the cards'
    rank and suit bits equals their sum: no bit is shared), each valued by its rank mask."""
    words = (np.int64(1) << (cards >> 2).astype(np.int64)) | (
        np.int64(1) << (16 + (cards & 3).astype(np.int64))
    )
    best = np.zeros(len(cards), dtype=np.uint16)
    for subset in range(1, 16):
        chosen = words[:, [i for i in range(4) if subset >> i & 1]]
        union = np.bitwise_or.reduce(chosen, axis=1)
        valid = union == chosen.sum(axis=1)
        best = np.maximum(best, np.where(valid, by_mask[union & 0x1FFF], 0).astype(np.uint16))
    return best


def slots(cards: np.ndarray) -> np.ndarray:
    """`encoding.badugi_slot` of every row of four cards, by numpy."""
    ordered = np.sort(cards, axis=1).astype(np.int64)
    ranks, suits = ordered >> 2, ordered & 3
    bits = sum(
        (suits[:, i] == suits[:, j]).astype(np.int64) << n for n, (i, j) in enumerate(BADUGI_SUIT_PAIRS)
    )
    rank_set = sum(BADUGI_RANK_PLACE[k][ranks[:, k]].astype(np.int64) for k in range(4))
    return np.asarray(rank_set * len(BADUGI_PATTERNS) + BADUGI_SUIT_PATTERN[bits], dtype=np.int64)


def _by_category(strength: np.ndarray, classes: np.ndarray) -> dict[str, int]:
    counts = np.bincount(classes[strength, 0], minlength=len(Category))
    return {Category(c).name: int(n) for c, n in enumerate(counts) if n}


def badugi_tables(rules: Rules, check: Any) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """The tables of a Badugi game (`badugi_values`, `classes`) and the counts the enumeration
    saw; `check(condition, what)` asserts each figure of the rule book."""
    by_mask, classes = rank_set_strengths(rules)
    n_classes = len(classes) - 1
    check(n_classes == expected.BADUGI_CLASSES, f"{rules.name}: {n_classes} classes")
    hands = all_hands(4, rules.deck)
    strength = hand_values(hands, by_mask)
    where = slots(hands)
    sample = range(0, len(hands), 997)
    check(all(badugi_slot(hands[i].tolist()) == where[i] for i in sample), "numpy's slots are the kernels'")
    values = np.zeros(BADUGI_RANK_SETS * len(BADUGI_PATTERNS), dtype=np.uint16)
    values[where] = strength
    check(bool((values[where] == strength).all()), f"{rules.name}: a slot holds two values")
    check(set(np.unique(strength).tolist()) == set(range(1, n_classes + 1)), f"{rules.name}: a class unseen")
    four = _by_category(strength, classes)
    top = classes[strength, 1].astype(np.int64)
    badugi = classes[strength, 0] == Category.BADUGI
    # the top card's place in the game's order: 1 for its lowest rank, 13 for its highest
    place = np.array([rules.value(r) for r in range(13)]) - min(rules.value(r) for r in range(13)) + 1
    by_top = {int(p): int(n) for p, n in zip(*np.unique(place[top[badugi]], return_counts=True))}
    check(
        len(hands) == expected.BADUGI_HANDS[4] and four["BADUGI"] == expected.BADUGI_FOUR_CARD_BADUGIS,
        f"{rules.name}: {len(hands)} hands, {four.get('BADUGI')} badugis",
    )
    check(by_top == expected.BADUGI_BY_TOP, f"{rules.name}: badugis by their top card {by_top}")
    five_hands = all_hands(5, rules.deck)
    five = np.zeros(len(five_hands), dtype=np.uint16)
    for drop in range(5):
        five = np.maximum(five, values[slots(np.delete(five_hands, drop, axis=1))])
    counts = {"4": four, "5": _by_category(five, classes)}
    check(counts["5"] == expected.BADUGI_FIVE_CARDS, f"{rules.name}: five-card hands {counts['5']}")
    return {"badugi_values": values, "classes": classes}, {"hands": counts, "badugis_by_top_place": by_top}
