"""Rank every five-card hand of a game.

A five-card hand's value depends only on its rank multiset and whether it is a flush: the
build ranks those shapes with `Rules.key` (7,462 of them for 52 cards), then enumerates every
hand of the game's deck (2,598,960 for 52 cards) and looks up its shape, so the counts the
build asserts come from real hands.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from .._names import Category
from ..rules import Rules, rules as rules_of


def all_hands(n_cards: int = 5, deck: np.ndarray | None = None) -> np.ndarray:
    """All combinations of `n_cards` of the deck (default 52 cards), lexicographic, uint8 rows."""
    deck = np.arange(52, dtype=np.uint8) if deck is None else deck
    combos = itertools.chain.from_iterable(itertools.combinations(deck.tolist(), n_cards))
    return np.fromiter(combos, dtype=np.uint8).reshape(-1, n_cards)


def rank_key(ranks: Iterable[int]) -> int:
    """Key of a rank multiset: sum of 5**rank. Unique for up to 4 of a rank, any hand size."""
    return sum(5**r for r in ranks)


@dataclass(frozen=True)
class Shape:
    ranks: tuple[int, ...]  # sorted
    flush: bool
    category: Category
    significance: list[int]
    strength: int  # 0: does not qualify


def rank_shapes(rules: Rules) -> list[Shape]:
    """Every (rank multiset, flush) of five cards in the game, with its strength: the dense
    rank of `rules.key` among qualifying shapes, 1 = the worst. Five of a rank only where the
    game has five of a kind (wild cards in a high game)."""
    most = 5 if Category.FIVE_OF_A_KIND in rules.order else 4
    raw = []
    for ranks in itertools.combinations_with_replacement(rules.ranks, 5):
        if max(ranks.count(r) for r in ranks) > most:
            continue
        for flush in (False, True) if len(set(ranks)) == 5 else (False,):
            raw.append((ranks, flush, rules.key(ranks, flush)))
    keys = sorted({key for _, _, key in raw if key is not None})
    strength: dict[tuple[int, ...] | None, int] = {key: i + 1 for i, key in enumerate(keys)}
    return [
        Shape(ranks, flush, *rules.classify(ranks, flush), strength.get(key, 0)) for ranks, flush, key in raw
    ]


@dataclass(frozen=True)
class FiveCardRanking:
    hands: np.ndarray  # (n, 5) uint8, every hand of the deck, lexicographic
    strength: np.ndarray  # uint16, 0 (no qualifying hand) or 1..N, higher wins
    category: np.ndarray  # uint8, Category per hand


def rank_five_card_hands(game: str | Rules = "high") -> FiveCardRanking:
    """Every five-card hand of the game's deck and its strength (a second for 52 cards)."""
    rules = rules_of(game)
    shapes = [s for s in rank_shapes(rules) if s.category != Category.FIVE_OF_A_KIND]
    code = np.array([rank_key(s.ranks) * 2 + s.flush for s in shapes], dtype=np.int64)
    order = np.argsort(code)
    hands = all_hands(5, rules.deck)
    ranks = (hands >> 2).astype(np.int64)
    is_flush = ((hands & 3) == (hands[:, :1] & 3)).all(axis=1)
    hand_code = (5**ranks).sum(axis=1) * 2 + is_flush
    index = order[np.searchsorted(code[order], hand_code)]
    assert (code[index] == hand_code).all()
    strength = np.array([s.strength for s in shapes], dtype=np.uint16)
    category = np.array([s.category for s in shapes], dtype=np.uint8)
    return FiveCardRanking(hands, strength[index], category[index])
