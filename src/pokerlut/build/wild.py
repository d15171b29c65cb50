"""Tables for games with wild cards, keyed by the natural cards and the number of wild cards.

A hand of 5..7 cards with w wild cards is worth the better of two lookups:
- `wild_values[w * wild_rank_key + sum(5**rank of the naturals)]`: the best five that is not
  a flush, the wild cards taking whatever ranks help (jokers and deuces: any rank, five of a
  kind included; the bug: an ace, or whatever completes a straight);
- `flush[w * 8192 + mask]`, for each suit whose naturals plus w reach five: the best flush or
  straight flush of those ranks with w cards of the suit added (a wild card takes a rank the
  flush lacks).
Both are computed here from the five-card shapes by dynamic programming; nothing is tried at
run time.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np

from .._kernels.encoding import wild_rank_key
from .._kernels.hashing import WILD_HASH
from .._names import Category
from ..rules import Rules
from .five import Shape
from .perfect_hash import build_perfect_hash

POPCOUNT = np.array([bin(m).count("1") for m in range(8192)], dtype=np.int64)


def most_wild(rules: Rules) -> int:
    """The most wild cards a hand of seven can hold: two jokers, and four deuces besides."""
    return min(7, len(rules.wild_cards))


def _rank_bits(rules: Rules) -> int:
    """The rank-mask bits of the ranks that are wild (deuces: 1)."""
    return sum(1 << r for r in rules.wild.ranks) if rules.wild else 0


def natural_ranks(rules: Rules) -> tuple[int, ...]:
    """Ranks a natural (not wild) card can have."""
    wild_ranks = rules.wild.ranks if rules.wild else ()
    return tuple(r for r in rules.ranks if r not in wild_ranks)


def wild_tables(rules: Rules, shapes: list[Shape]) -> tuple[dict[str, np.ndarray], dict[int, int]]:
    """The wild game's `wild` and `flush` tables (see the module's docstring), and the wild
    table as a dict (with w = 0 too, for the build's check)."""
    most = 5 if Category.FIVE_OF_A_KIND in rules.order else 4
    non_flush = {s.ranks: s.strength for s in shapes if not s.flush}
    flush_value = {s.ranks: s.strength for s in shapes if s.flush}
    straights = [
        tuple(sorted(q))
        for q in (rules.straight(frozenset(t)) for t in itertools.combinations(rules.ranks, 5))
        if q is not None
    ]

    @lru_cache(maxsize=None)
    def best(naturals: tuple[int, ...], wilds: int) -> int:
        """The best non-flush five of sorted natural ranks plus `wilds` wild cards (5 in all)."""
        if wilds == 0:
            return non_flush[naturals]
        if (
            rules.wild is not None and rules.wild.bug and not rules.low
        ):  # an ace, or a straight's missing card
            aces = tuple(sorted(naturals + (12,) * wilds))
            value = non_flush.get(aces, 0) if aces.count(12) <= most else 0
            held = set(naturals)
            if len(held) == len(naturals):
                value = max([value] + [non_flush[q] for q in straights if held <= set(q)])
            return value
        return max(
            best(tuple(sorted(naturals + (r,))), wilds - 1) for r in rules.ranks if naturals.count(r) < most
        )

    keys, values = [], []
    for n in (5, 6, 7):
        for w in range(min(n, most_wild(rules)) + 1):
            for m in itertools.combinations_with_replacement(natural_ranks(rules), n - w):
                if m and max(m.count(r) for r in set(m)) > 4:
                    continue
                value = max(
                    best(sub, 5 - len(sub))
                    for j in range(min(w, 5) + 1)
                    for sub in set(itertools.combinations(m, 5 - j))
                )
                keys.append(w * wild_rank_key(rules.wild) + sum(5**r for r in m))
                values.append(value)
    offsets, table = build_perfect_hash(
        np.array(keys, dtype=np.uint64), np.array(values, dtype=np.uint16), WILD_HASH
    )

    flush = np.zeros((8, 8192), dtype=np.uint16)  # a row per wild count: any 7 uint8 cards fit
    if rules.flushes:
        fives = np.array([sum(1 << r for r in t) for t in flush_value], dtype=np.int64)
        worth = np.array(list(flush_value.values()), dtype=np.int64)
        masks = np.arange(8192)
        naturals = masks & ~_rank_bits(rules)  # a wild rank's bit (the deuce's) is no natural
        missing = POPCOUNT[fives[None, :] & ~naturals[:, None] & 0x1FFF]  # (8192, fives)
        for w in range(8):
            reach = POPCOUNT[naturals] + w >= 5
            flush[w] = np.where(reach, np.where(missing <= w, worth, 0).max(axis=1), 0)
    tables = {"wild_offsets": offsets, "wild_values": table, "flush": flush.reshape(-1)}
    return tables, dict(zip(keys, values))


def five_card_strengths(
    rules: Rules, rank_value: dict[int, int], flush: np.ndarray, hands: np.ndarray
) -> np.ndarray:
    """Strengths of five-card hands (rows of `hands`) read the way the kernel reads them, for
    the build's check of the rule book's figures."""
    wild = np.isin(hands, rules.wild_cards)
    w = wild.sum(axis=1)
    ranks = np.where(wild, 0, 5 ** (hands.astype(np.int64) >> 2)).sum(axis=1)
    code = w.astype(np.int64) * wild_rank_key(rules.wild) + ranks
    strength = np.array([rank_value[c] for c in code.tolist()], dtype=np.int64)
    if rules.flushes:
        suits = np.where(wild, -1, hands & 3)
        natural_suit = np.where(wild, 99, suits).min(axis=1)
        suited = (wild | (suits == natural_suit[:, None])).all(axis=1)
        mask = np.bitwise_or.reduce(np.where(wild, 0, 1 << (hands.astype(np.int64) >> 2)), axis=1)
        mask = mask & ~_rank_bits(rules)
        via_flush = flush[w * 8192 + mask]
        strength = np.where(suited, np.maximum(strength, via_flush), strength)
    return strength
