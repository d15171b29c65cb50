"""Italian closed poker ("poker all'italiana"): suits break ties, straight flushes in a cycle.

The rank part is an ordinary game (`rules("italian-N")`: the reduced deck, the ace
also low below the lowest rank, flush above full house) with generated tables. On top of a
hand's rank class, one card's suit breaks ties, hearts > diamonds > clubs > spades:

| category | the card whose suit decides |
|---|---|
| high card, straight, straight flush | the highest card (of a straight: its top card) |
| one pair | the highest unpaired card |
| two pair | the fifth card |
| flush | its suit; by default the suit decides before the ranks (`flush_by_suit=False`: ranks first) |
| three of a kind, full house, four of a kind | none: two such hands of equal ranks cannot be dealt together |

Straight flushes: the royal (ace high) beats every middle one, a middle one beats the minimum
(the ace-low one: A-7-8-9-T with 32 cards, 5-4-3-2-A with 52), and the minimum beats the
royal; middles compare by their top card; equal ones by suit. docs/rules.md gives each rule
with the seed's sentence.

A strength here is an int per hand that counts the suit (higher wins), so it orders every two
hands as the game does except a minimum straight flush against a royal flush; `compare`,
`compare_batch` and `winners` apply the cycle.

>>> from pokerlut import compare, evaluate
>>> compare("Ah Kd 9c 8s 7h", "As Kh 9d 8c 7d", game="italian-4")  # the hearts ace
1
>>> compare("Ac 7c 8c 9c Tc", "Ts Js Qs Ks As", game="italian-4")  # minimum > royal
1
>>> evaluate("Ac 7c 8c 9c Tc", game="italian-4") < evaluate("Ts Js Qs Ks As", game="italian-4")
True
"""

from __future__ import annotations

import threading
from typing import NamedTuple

import numpy as np

from . import _tables as tables
from ._names import Category
from .rules import Rules

# Where, among a class's ranks by significance, the tie-breaking card is
TIE_POSITION = {
    Category.HIGH_CARD: 0,
    Category.STRAIGHT: 0,
    Category.FLUSH: 0,
    Category.STRAIGHT_FLUSH: 0,
    Category.ONE_PAIR: 2,
    Category.TWO_PAIR: 4,
}
NO_CYCLE = (1 << 16, 1 << 16, 0)  # (royal, minimum_lo, minimum_hi) of a game without the cycle


class ItalianTables(NamedTuple):
    """An Italian deck's suit tables (for one choice of `flush_by_suit`)."""

    tie_rank: np.ndarray  # uint8[classes + 1]: the rank of the card whose suit breaks ties
    value: np.ndarray  # uint64[classes + 1]: the strengths of a class by suit, 16 bits each
    by_suit: np.ndarray  # uint16[classes + 1, 4]: the same, as [class, suit (0..3 = c..s)]
    class_of: np.ndarray  # uint16[strengths + 1]: the rank class of a strength
    suit_of: np.ndarray  # int8[strengths + 1]: the deciding suit (0..3 = c..s) of a strength, or -1
    cycle: tuple[int, int, int]  # (royal, minimum_lo, minimum_hi): strengths of the cycle


_lock = threading.Lock()
_made: dict[tuple[str, bool], ItalianTables] = {}


def suit_value(suit: int) -> int:
    """The Italian value of a suit (0..3 = c, d, h, s): hearts 3, diamonds 2, clubs 1, spades 0.

    >>> [suit_value(s) for s in range(4)]
    [1, 2, 3, 0]
    """
    return (suit + 1) & 3


def italian_tables(rules: Rules, flush_by_suit: bool = True) -> ItalianTables:
    """The suit tables of an Italian deck, made from its rank classes on first use: every
    (class, deciding suit) is given its place, and the strength is that place (1 = worst)."""
    key = (rules.name, flush_by_suit)
    with _lock:
        if key not in _made:
            _made[key] = _make(tables.classes_of(rules), flush_by_suit, rules.cycle)
    return _made[key]


def _make(classes: np.ndarray, flush_by_suit: bool, cycle: bool) -> ItalianTables:
    n = len(classes)
    category = [Category(int(c)) for c in classes[:, 0]]
    flushes = [k for k in range(1, n) if category[k] == Category.FLUSH]
    tie_rank = np.zeros(n, dtype=np.uint8)  # any rank where no suit breaks ties
    places = []  # (order key, class, suit value or -1)
    for k in range(1, n):
        position = TIE_POSITION.get(category[k])
        if position is None:
            places.append(((k, 0, 0), k, -1))
            continue
        tie_rank[k] = classes[k, 1 + position]
        for suit in range(4):
            flush_first = flush_by_suit and category[k] == Category.FLUSH
            v = suit_value(suit)
            places.append(((flushes[0], v, k) if flush_first else (k, 0, v), k, suit))
    places.sort()
    by_suit = np.zeros((n, 4), dtype=np.uint16)
    class_of = np.zeros(len(places) + 1, dtype=np.uint16)
    suit_of = np.full(len(places) + 1, -1, dtype=np.int8)
    for strength, (_, k, suit) in enumerate(places, start=1):
        by_suit[k, max(suit, 0) : suit + 1 if suit >= 0 else 4] = strength
        class_of[strength], suit_of[strength] = k, suit
    straight_flushes = [k for k in range(1, n) if category[k] == Category.STRAIGHT_FLUSH]
    royal, minimum = straight_flushes[-1], straight_flushes[0]
    value = sum(by_suit[:, suit].astype(np.uint64) << np.uint64(16 * suit) for suit in range(4))
    return ItalianTables(
        tie_rank,
        value,
        by_suit,
        class_of,
        suit_of,
        (int(by_suit[royal].min()), int(by_suit[minimum].min()), int(by_suit[minimum].max()))
        if cycle
        else NO_CYCLE,
    )


def straight_flush_kind(strength: int, it: ItalianTables) -> str | None:
    """'royal', 'middle' or 'minimum' for a straight flush's strength, else None."""
    royal, minimum_lo, minimum_hi = it.cycle
    if strength >= royal:
        return "royal"
    if minimum_lo <= strength <= minimum_hi:
        return "minimum"
    return "middle" if strength > minimum_hi else None  # straight flushes rank highest
