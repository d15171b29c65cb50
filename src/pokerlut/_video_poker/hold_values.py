"""The 32 holds of one dealt hand, each with its exact expected payout, best first (`holds`,
`Hold`)."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, NamedTuple

from .._cards import CardsLike, format_card, format_cards, parse_cards
from . import built_in
from .counting import counted
from .pays import Paytable


class Hold(NamedTuple):
    """One hold of a dealt hand: the cards kept (in the order dealt) and its exact expected
    payout per coin; `rank` 1 is the best, and tied holds share a rank."""

    keep: tuple[int, ...]
    value: Fraction
    rank: int

    def __str__(self) -> str:
        return f"{self.rank:>2}. {format_cards(self.keep) or 'draw five'}: {float(self.value):.6f}"

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: rank, the cards kept as text, the value as a float and exactly."""
        return {
            "rank": self.rank,
            "keep": format_cards(self.keep),
            "value": float(self.value),
            "exact": str(self.value),
        }


def holds(hand: CardsLike, paytable: str | Paytable) -> list[Hold]:
    """All 32 holds of a dealt hand, best first, each with its exact expected payout.

    Among equal payouts, more cards kept first, then the earlier cards.

    Parameters
    ----------
    hand : cards
        The five cards dealt, as `evaluate` takes a hand (a joker where the pay table's deck
        has one).
    paytable : str or Paytable
        A name of `paytables()`, or a `Paytable`.

    Returns
    -------
    list of Hold
        The 32 holds: the cards kept, the exact expected payout per coin and the rank (tied
        holds share one).

    Raises
    ------
    TypeError
        `hand` that is not cards; `paytable` that is neither a str nor a `Paytable`.
    ValueError
        A hand that is not 5 cards, an unknown or repeated card, a card not in the pay table's
        deck; an unknown pay table's name, or payouts too large to count exactly.

    Examples
    --------
    >>> for h in holds("2h 2d 7s 8s 9c", "deuces-wild")[:3]:
    ...     print(h)
     1. 2h 2d 7s 8s: 3.319149
     2. 2h 2d: 3.255751
     3. 2h 2d 9c: 2.736355
    """
    table = built_in.paytable(paytable)
    cards = parse_cards(hand, jokers=True).tolist()
    if len(cards) != 5:
        raise ValueError(f"a video poker hand is 5 cards, not {len(cards)}: {format_cards(cards)!r}")
    for card in cards:
        if card >= table.deck_size:
            raise ValueError(f"{format_card(card)} is not in the {table.deck_size}-card deck of {table.name}")
    c = counted(table, None)
    order = sorted(range(5), key=cards.__getitem__)
    ranked = [cards[i] for i in order]
    index = [0] * 32
    for m in range(1, 32):
        high, size = m.bit_length() - 1, m.bit_count()
        index[m] = (
            index[m ^ (1 << high)]
            + int(c.offsets[size] - c.offsets[size - 1])
            + math.comb(ranked[high], size)
        )
    value = c.sums[index].tolist()
    for bit in range(5):
        for m in range(32):
            if not m & (1 << bit):
                value[m] -= value[m | (1 << bit)]
    found = sorted(
        (
            -value[m] * c.scale[m.bit_count()],
            -m.bit_count(),
            sorted(order[i] for i in range(5) if m >> i & 1),
            m,
        )
        for m in range(32)
    )
    result, rank = [], 0
    for i, (key, _, kept, m) in enumerate(found):  # kept: positions in the hand dealt
        if i == 0 or key != found[i - 1][0]:
            rank = i + 1
        result.append(
            Hold(tuple(cards[j] for j in kept), Fraction(value[m], c.draws[len(kept)] * c.unit), rank)
        )
    return result
