"""A hand scored (`Scored`), and the parts of its score that the two readers of PHH records,
pokerkit's replay (`phh`) and the fast path (`fast`), compute alike from what they replayed:
the big blind, who went to showdown, the rake and the all-in EV (`with_allin`). One home for
them keeps the two paths' figures the same by construction.

>>> showdown({1, 3}, 4), showdown({0, 1}, 3)   # two players or more never folded: a showdown
((True, False, True, False), (False, False, False))
>>> rake([100, 100], [90, 108], [-10.0, 10.0], 2)   # 2 chips left the table, taken by the winner
(0.0, 2.0)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from .._equity.deal import Deal, resolve_deal
from .allin import allin_ev

__all__ = [
    "DRAW",
    "STUD",
    "Scored",
    "big_blind",
    "deal_of",
    "rake",
    "shown_cards",
    "showdown",
    "with_allin",
]

# PHH's variant codes -> pokerlut's deals: every variant pokerkit plays (`deal_of`)
_DEAL_NAMES = {
    "FT": "holdem",
    "NT": "holdem",
    "PO": "omaha",
    "FO/8": "omaha-hi-lo",
    "F7S": "stud",
    "F7S/8": "stud-hi-lo",
    "FR": "razz",
    "NS": "short-deck",
    "N2L1D": "2-7-single-draw",
    "F2L3D": "2-7-triple-draw",
    "FB": "badugi",
}


@cache
def deal_of(variant: str) -> Deal | None:
    """The deal of PHH's variant code `variant`, resolved once (its tables are read then, on
    first use); None for a variant pokerlut has no deal of."""
    name = _DEAL_NAMES.get(variant)
    return None if name is None else resolve_deal(name)


STUD = ("F7S", "F7S/8", "FR")
DRAW = ("N2L1D", "F2L3D", "FB")
_CARD = re.compile(r"[2-9TJQKA?][cdhs?]")


@dataclass(frozen=True)
class Scored:
    """One hand, scored.

    ``net``: each player's chips won (negative: lost), as pokerkit's replay of the record has
    it (before rake); ``allin_ev``: each player's all-in EV (net) when the hand qualifies, else
    None; ``allin_variance``: the variance of each player's result over the completions the
    EV averages (None with it); ``reason``: why a hand that went all-in does not qualify, or
    why the hand could not be read ("" otherwise). ``variant``: PHH's code; ``big_blind``: the
    larger of the first two blinds (games without blinds: the small bet); ``showdown``: whether
    each player was still in at a showdown (two players or more never folded); ``rake``: the
    chips that left the table (the stacks' total fell by them), where the record gives its
    finishing stacks, shared by the players who won in proportion to their net (0 otherwise;
    a record whose finishing stacks share a pot otherwise than the replay still sums right).
    """

    file: str
    number: int
    players: tuple[str, ...]
    net: tuple[float, ...]
    allin_ev: tuple[float, ...] | None
    reason: str = ""
    variant: str = ""
    big_blind: float = 0.0
    showdown: tuple[bool, ...] = ()
    rake: tuple[float, ...] = ()
    allin_variance: tuple[float, ...] | None = None

    @property
    def adjusted(self) -> tuple[float, ...]:
        """The all-in adjusted result: the all-in EV when the hand qualifies, else net won."""
        return self.net if self.allin_ev is None else self.allin_ev


def big_blind(blinds: Sequence[Any] | None, small_bet: Any) -> float:
    """The larger of the first two blinds; without blinds, the small bet (0 without one)."""
    return max((float(b) for b in (blinds or ())[:2]), default=0.0) or float(small_bet or 0)


def showdown(folded: Iterable[int], count: int) -> tuple[bool, ...]:
    """Whether each of `count` players was still in at a showdown: two players or more never
    folded (`folded`: those who did), and he is one of them."""
    out = set(folded)
    return tuple(count - len(out) > 1 and i not in out for i in range(count))


def rake(
    starting: Sequence[Any], finishing: Sequence[Any] | None, net: Sequence[float], count: int
) -> tuple[float, ...]:
    """The chips that left the table (the record's finishing stacks fell short of the starting
    stacks by them), shared by the players who won in proportion to their net; 0 for each of
    `count` players where the record has no finishing stacks. Amounts as the record's numbers
    (int or Decimal), summed exactly before one rounding."""
    if not finishing:
        return (0.0,) * count
    taken = -float(sum(b - a for a, b in zip(starting, finishing)))
    won = sum(n for n in net if n > 0)
    return tuple(taken * max(n, 0.0) / won if won else 0.0 for n in net)


def shown_cards(actions: Sequence[str]) -> dict[int, list[str]]:
    """Each player's cards as the record shows them, in the order dealt: his last showdown
    action that shows every card (``p2 sm 6hQc``), else his deals if none is unknown (``d dh
    p1 AsAh``). From the record, not a replay: pokerkit's replay mucks a losing hand shown at
    the end in the same step that shows it.

    >>> shown_cards(["d dh p1 AsAh", "d dh p2 ????", "p2 sm ????", "p2 sm 6hQc"])
    {1: ['6h', 'Qc'], 0: ['As', 'Ah']}
    """
    dealt: dict[int, list[str]] = {}
    shown: dict[int, list[str]] = {}
    for action in actions:
        words = action.split()
        if words[:2] == ["d", "dh"] and len(words) > 3:
            dealt.setdefault(int(words[2][1:]) - 1, []).extend(_CARD.findall(words[3]))
        elif words[1:2] == ["sm"] and len(words) > 2 and "?" not in words[2]:
            shown[int(words[0][1:]) - 1] = _CARD.findall(words[2])
    for i, cards in dealt.items():
        if not any("?" in c for c in cards):
            shown.setdefault(i, cards)
    return shown


def with_allin(
    about: Scored,
    moment: tuple[Sequence[int], Sequence[float], str, int] | None,
    shown: Mapping[int, Sequence[str]],
    all_in: bool,
    dead: str = "",
) -> Scored:
    """`about` with its all-in EV where it qualifies: `moment`, when its betting closed for the
    rest of the hand with cards to come, the players still in, each player's chips put in,
    the board so far and (stud) the cards each had (None: it never did); `shown`: each
    player's cards the record shows (`shown_cards`; a draw game's: the cards kept at the last
    draw); `all_in`: a player still in had no chips left at some step; `dead`: cards known out
    of play (a draw game's discards); the cards `shown` of the players who folded are too. A hand that went all-in but is not scored keeps its net won and says
    why."""
    if moment is None:
        late = all_in and any(about.showdown)
        return replace(about, reason="all-in, but betting went on to the last card" if late else "")
    live, put_in, board, dealt = moment
    deal = deal_of(about.variant)
    if deal is None:
        return replace(about, reason=f"all-in EV not scored yet in {about.variant}")
    hands: list[str | None] = [None] * len(put_in)
    for i in live:
        if i not in shown or (about.variant in STUD and len(shown[i]) < dealt):
            return replace(about, reason="the cards of a player all-in are not shown")
        hands[i] = "".join(shown[i][: dealt or None])
    folded = "".join("".join(cards) for i, cards in shown.items() if i not in live)  # known: out
    out = "".join(dict.fromkeys(_CARD.findall(dead + folded)))  # a folded draw hand's discards
    ev = allin_ev(hands, put_in, board, out, deal=deal)
    return replace(about, allin_ev=tuple(ev.net.tolist()), allin_variance=tuple(ev.variance.tolist()))
