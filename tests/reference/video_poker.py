"""Slow, independent reference for video poker, written from the rules of the games only.

Cards are ints ``4 * rank + suit`` (rank 0..12 = 2..A, suit 0..3 = c, d, h, s); the joker is 52.
A final hand is paid by the first line of its family's list (top to bottom) that it qualifies for.

Wild cards (the four 2s in deuces wild, the joker in joker poker) may stand for any card,
including one already in the hand (that is what makes five of a kind possible). A hand
qualifies for a line when some choice of the wild cards makes it qualify. Since suits only
matter for flushes, the wild cards are always given the common suit of the natural cards
when those share one (no choice of suits can make a flush otherwise), and every multiset of
ranks is tried for them.

The line of a hand is a function of (sorted natural ranks, do the natural cards share a suit),
the number of wild cards being 5 minus the number of naturals; evaluation is cached on exactly
that. Draws are enumerated exhaustively with numpy (every combination of the remaining deck)
and counted exactly with integers.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from typing import Mapping, Sequence

import numpy as np

JOKER = 52
ROYAL_RANKS = frozenset(range(8, 13))  # T, J, Q, K, A
WHEEL_RANKS = frozenset({12, 0, 1, 2, 3})  # A, 2, 3, 4, 5

_JACKS_TOP = ("royal flush", "straight flush")
_JACKS_BOTTOM = ("full house", "flush", "straight", "three of a kind", "two pair", "jacks or better")

LINES: dict[str, tuple[str, ...]] = {
    "jacks-or-better": _JACKS_TOP + ("four of a kind",) + _JACKS_BOTTOM,
    "bonus-poker": _JACKS_TOP + ("four aces", "four 2s-4s", "four 5s-Ks") + _JACKS_BOTTOM,
    "double-double-bonus": _JACKS_TOP
    + ("four aces with a 2-4", "four aces", "four 2s-4s with an A-4", "four 2s-4s", "four 5s-Ks")
    + _JACKS_BOTTOM,
    "deuces-wild": (
        "natural royal flush",
        "four deuces",
        "wild royal flush",
        "five of a kind",
        "straight flush",
        "four of a kind",
        "full house",
        "flush",
        "straight",
        "three of a kind",
    ),
    "joker-poker": (
        "natural royal flush",
        "five of a kind",
        "wild royal flush",
        "straight flush",
        "four of a kind",
        "full house",
        "flush",
        "straight",
        "three of a kind",
        "two pair",
        "kings or better",
    ),
}

#: Default lowest paying pair rank per family (9 = jack, 11 = king); None: no pair line.
DEFAULT_MIN_PAIR: dict[str, int | None] = {
    "jacks-or-better": 9,
    "bonus-poker": 9,
    "double-double-bonus": 9,
    "deuces-wild": None,
    "joker-poker": 11,
}

_JACKS_9_6 = {
    "royal flush": 800,
    "straight flush": 50,
    "four of a kind": 25,
    "full house": 9,
    "flush": 6,
    "straight": 4,
    "three of a kind": 3,
    "two pair": 2,
    "jacks or better": 1,
}
_JACKS_8_5 = {**_JACKS_9_6, "full house": 8, "flush": 5}
_BONUS_8_5 = {k: v for k, v in _JACKS_8_5.items() if k != "four of a kind"}
_BONUS_8_5.update({"four aces": 80, "four 2s-4s": 40, "four 5s-Ks": 25})


def _deuces_pays(*values: int) -> dict[str, int]:
    """The deuces-wild pays dict from its ten pays, in line order."""
    return dict(zip(LINES["deuces-wild"], values, strict=True))


PAYTABLES: dict[str, tuple[str, dict[str, int]]] = {
    "jacks-or-better-9-6": ("jacks-or-better", _JACKS_9_6),
    "jacks-or-better-8-5": ("jacks-or-better", _JACKS_8_5),
    "bonus-poker-8-5": ("bonus-poker", _BONUS_8_5),
    "double-double-bonus-9-6": (
        "double-double-bonus",
        {
            "royal flush": 800,
            "straight flush": 50,
            "four aces with a 2-4": 400,
            "four aces": 160,
            "four 2s-4s with an A-4": 160,
            "four 2s-4s": 80,
            "four 5s-Ks": 50,
            "full house": 9,
            "flush": 6,
            "straight": 4,
            "three of a kind": 3,
            "two pair": 1,
            "jacks or better": 1,
        },
    ),
    "deuces-wild": ("deuces-wild", _deuces_pays(800, 200, 25, 15, 9, 5, 3, 2, 2, 1)),
    "not-so-ugly-deuces": ("deuces-wild", _deuces_pays(800, 200, 25, 16, 10, 4, 4, 3, 2, 1)),
    "joker-poker": (
        "joker-poker",
        {
            "natural royal flush": 800,
            "five of a kind": 200,
            "wild royal flush": 100,
            "straight flush": 50,
            "four of a kind": 20,
            "full house": 7,
            "flush": 5,
            "straight": 3,
            "three of a kind": 2,
            "two pair": 1,
            "kings or better": 1,
        },
    ),
}


# --- rules ------------------------------------------------------------------------------------


def _is_straight(ranks: tuple[int, ...]) -> bool:
    """Five distinct consecutive ranks, or the wheel A-2-3-4-5 (no wrap-around)."""
    distinct = set(ranks)
    return len(distinct) == 5 and (max(distinct) - min(distinct) == 4 or distinct == WHEEL_RANKS)


def _qualifies(line: str, ranks: tuple[int, ...], suited: bool, wilds: int, min_pair: int | None) -> bool:
    """Whether one concrete interpretation (five ranks, all one suit or not) makes ``line``.

    ``wilds`` is the number of wild cards in the real hand (for the natural/wild/deuce lines).
    """
    counts = Counter(ranks)
    shape = sorted(counts.values(), reverse=True)
    by_count = {c: r for r, c in counts.items()}  # rank of the quad/pair when that count is unique
    straight_flush = suited and _is_straight(ranks)
    royal = straight_flush and set(ranks) == ROYAL_RANKS
    quad = by_count.get(4) if shape == [4, 1] else None
    kicker = by_count.get(1) if shape == [4, 1] else None
    if line in ("royal flush", "natural royal flush"):
        return royal and wilds == 0
    if line == "wild royal flush":
        return royal and wilds >= 1
    if line == "four deuces":
        return wilds == 4
    if line == "straight flush":
        return straight_flush
    if line == "five of a kind":
        return shape == [5]
    if line == "four of a kind":
        return shape == [4, 1]
    if line == "four aces with a 2-4":
        return quad == 12 and kicker in (0, 1, 2)
    if line == "four aces":
        return quad == 12
    if line == "four 2s-4s with an A-4":
        return quad in (0, 1, 2) and kicker in (12, 0, 1, 2)
    if line == "four 2s-4s":
        return quad in (0, 1, 2)
    if line == "four 5s-Ks":
        return quad is not None and 3 <= quad <= 11
    if line == "full house":
        return shape == [3, 2]
    if line == "flush":
        return suited
    if line == "straight":
        return _is_straight(ranks)
    if line == "three of a kind":
        return shape == [3, 1, 1]
    if line == "two pair":
        return shape == [2, 2, 1]
    if line in ("jacks or better", "kings or better"):
        assert min_pair is not None
        return shape == [2, 1, 1, 1] and by_count[2] >= min_pair
    raise AssertionError(f"unknown line {line!r}")


@lru_cache(maxsize=None)
def _line_of(family: str, min_pair: int | None, naturals: tuple[int, ...], suited: bool) -> str | None:
    """The first line qualified for by natural ranks ``naturals`` (sorted) plus 5 - len wild cards.

    ``suited``: the natural cards all share one suit. Tries every rank multiset for the wilds.
    """
    wilds = 5 - len(naturals)
    interpretations = [
        tuple(sorted(naturals + extra)) for extra in itertools.combinations_with_replacement(range(13), wilds)
    ]
    for line in LINES[family]:
        if any(_qualifies(line, ranks, suited, wilds, min_pair) for ranks in interpretations):
            return line
    return None


# --- validation ---------------------------------------------------------------------------------


def _check_family(family: str, min_pair: int | None) -> int | None:
    """Validate the family and return the effective min_pair."""
    if family not in LINES:
        raise ValueError(f"unknown family {family!r}; expected one of {sorted(LINES)}")
    if min_pair is None:
        return DEFAULT_MIN_PAIR[family]
    if DEFAULT_MIN_PAIR[family] is None:
        raise ValueError(f"family {family!r} has no pair line, so min_pair must be None")
    if isinstance(min_pair, bool) or not isinstance(min_pair, (int, np.integer)) or not 0 <= min_pair <= 12:
        raise ValueError(f"min_pair must be a rank 0..12, got {min_pair!r}")
    return int(min_pair)


def _is_wild(card: int, family: str) -> bool:
    """Whether ``card`` is wild in ``family``."""
    if family == "deuces-wild":
        return card // 4 == 0
    return family == "joker-poker" and card == JOKER


def full_deck(family: str) -> list[int]:
    """The deck of ``family``: 0..51, plus the joker (52) for joker poker."""
    _check_family(family, None)
    return list(range(53 if family == "joker-poker" else 52))


def _check_cards(cards: Sequence[int], family: str, n: int = 5) -> list[int]:
    """Validate ``n`` distinct cards of the family's deck; return them as plain ints."""
    if isinstance(cards, (str, bytes)):
        raise ValueError("cards must be a sequence of ints")
    cards = list(cards)
    if len(cards) != n:
        raise ValueError(f"expected {n} cards, got {len(cards)}")
    top = len(full_deck(family))
    for c in cards:
        if isinstance(c, bool) or not isinstance(c, (int, np.integer)) or not 0 <= c < top:
            raise ValueError(f"invalid card {c!r} for {family} (cards are 0..{top - 1})")
    out = [int(c) for c in cards]
    if len(set(out)) != n:
        raise ValueError(f"duplicate cards in {out}")
    return out


def _check_mask(mask: int) -> int:
    """Validate a hold mask 0..31."""
    if isinstance(mask, bool) or not isinstance(mask, (int, np.integer)) or not 0 <= mask < 32:
        raise ValueError(f"hold mask must be an int 0..31, got {mask!r}")
    return int(mask)


def _check_pays(pays: Mapping[str, int], family: str) -> None:
    """The pays dict must name exactly the family's lines."""
    if set(pays) != set(LINES[family]):
        raise ValueError(
            f"pays for {family} must have exactly the lines {list(LINES[family])}, got {sorted(pays)}"
        )


# --- public API ---------------------------------------------------------------------------------


def classify(cards5: Sequence[int], family: str, min_pair: int | None = None) -> str | None:
    """The line a final 5-card hand is paid on (first in the family's order), or None."""
    min_pair = _check_family(family, min_pair)
    cards = _check_cards(cards5, family)
    naturals = [c for c in cards if not _is_wild(c, family)]
    suited = len({c % 4 for c in naturals}) <= 1
    return _line_of(family, min_pair, tuple(sorted(c // 4 for c in naturals)), suited)


@lru_cache(maxsize=None)
def _combinations(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n), one per row, by itertools.combinations."""
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(n), k)),
        dtype=np.int16,
        count=math.comb(n, k) * k,
    )
    return flat.reshape(math.comb(n, k), k)


_POW5 = np.array([5**r for r in range(13)] + [0], dtype=np.int64)  # index 13 = the joker's "rank"


def _count_finals(held: list[int], deck: list[int], family: str, min_pair: int | None) -> Counter:
    """Line counts over held + every (5 - len(held))-subset of ``deck``.

    Each final hand is keyed by sum(5**rank) over its natural cards (injective: at most 4
    naturals share a rank) times 2, plus 1 when the naturals share a suit.
    """
    k = 5 - len(held)
    draws = np.asarray(deck, dtype=np.int16)[_combinations(len(deck), k)]
    kept = np.broadcast_to(np.asarray(held, dtype=np.int16), (len(draws), len(held)))
    finals = np.concatenate([kept, draws], axis=1)
    ranks, suits = finals // 4, finals % 4
    if family == "deuces-wild":
        wild = ranks == 0
    elif family == "joker-poker":
        wild = finals == JOKER
    else:
        wild = np.zeros(finals.shape, dtype=bool)
    rank_key = np.where(wild, 0, _POW5[ranks]).sum(axis=1)
    suited = np.where(wild, 4, suits).min(axis=1) >= np.where(wild, -1, suits).max(axis=1)
    keys, counts = np.unique(rank_key * 2 + suited, return_counts=True)
    result: Counter = Counter()
    for key, count in zip(keys.tolist(), counts.tolist()):
        digits, rest = [], key >> 1
        for rank in range(13):
            rest, d = divmod(rest, 5)
            digits += [rank] * d
        result[_line_of(family, min_pair, tuple(digits), bool(key & 1))] += count
    return result


def all_hand_counts(family: str, min_pair: int | None = None) -> Counter:
    """Line counts over every 5-card hand of the family's full deck."""
    min_pair = _check_family(family, min_pair)
    return _count_finals([], full_deck(family), family, min_pair)


def hold_counts(hand: Sequence[int], mask: int, family: str, min_pair: int | None = None) -> Counter:
    """Line counts (None = no pay) over every draw after keeping hand[i] for each bit i of mask."""
    min_pair = _check_family(family, min_pair)
    cards = _check_cards(hand, family)
    mask = _check_mask(mask)
    held = [c for i, c in enumerate(cards) if mask >> i & 1]
    deck = [c for c in full_deck(family) if c not in cards]
    return _count_finals(held, deck, family, min_pair)


def hold_value(
    hand: Sequence[int], mask: int, family: str, pays: Mapping[str, int], min_pair: int | None = None
) -> Fraction:
    """Exact expected payout per coin of a hold."""
    _check_family(family, min_pair)
    _check_pays(pays, family)
    counts = hold_counts(hand, mask, family, min_pair)
    total = sum(counts.values())
    return Fraction(sum(pays[line] * n for line, n in counts.items() if line is not None), total)


def hold_values(
    hand: Sequence[int], family: str, pays: Mapping[str, int], min_pair: int | None = None
) -> dict[int, Fraction]:
    """Exact expected payout of all 32 holds, by mask."""
    return {mask: hold_value(hand, mask, family, pays, min_pair) for mask in range(32)}
