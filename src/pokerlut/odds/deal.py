"""How each equity game is dealt (`DEALS`), and the card input that board games and stud read
alike."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np


from ..cards import CardsLike, format_card, format_cards, parse_cards
from ..game import resolve
from ..rules import Rules, rules


@dataclass(frozen=True)
class Deal:
    """An equity game: how the cards are dealt, and the rules (`pokerlut.games()`) of the
    hands: the high (or only) hand, and the low half of a split pot."""

    name: str
    holes: tuple[int, ...]  # hole cards per player (stud: the cards known so far)
    omaha: bool  # a hand is exactly two hole cards and three board cards
    high: str
    low: str | None = None
    stud: bool = False  # no board: every player gets his own cards up to seven


DEALS = {d.name: d for d in (
    Deal("holdem", (2,), False, "high"),
    Deal("short-deck", (2,), False, "short-deck"),
    Deal("short-deck-trips", (2,), False, "short-deck-trips"),
    Deal("omaha", (4, 5, 6), True, "high"),
    Deal("omaha-hi-lo", (4, 5, 6), True, "high", "eight-or-better"),
    Deal("stud", (2, 3, 4, 5, 6, 7), False, "high", stud=True),
    Deal("razz", (2, 3, 4, 5, 6, 7), False, "ace-to-five", stud=True),
    Deal("stud-hi-lo", (2, 3, 4, 5, 6, 7), False, "high", "eight-or-better", stud=True),
)}
GAMES = tuple(DEALS)


def high_rules(deal: Deal, ranking: Any = None, wild: str | None = None) -> Rules:
    """The rules of a deal's high (or only) hand: its own (with `wild` cards), or those of
    `ranking` (a game name, a ranking built into a folder of the tables' path, or a `Game`)."""
    if ranking is None:
        return rules(deal.high, wild)
    if wild is not None:
        raise ValueError("wild= goes with the deal's own ranking: with ranking=, give a Game "
                         "that has its wild cards")
    chosen = resolve(ranking).rules
    if chosen.suit_ties:
        raise ValueError(f"{chosen.name} ranks hands of five cards alone: no equity deal uses it")
    return chosen


def read_cards(cards: CardsLike, jokers: bool = False) -> np.ndarray:
    """Parsed cards; an empty or blank string is no cards."""
    if isinstance(cards, str) and not cards.strip():
        return np.zeros(0, np.uint8)
    return parse_cards(cards, jokers=jokers)


def card_text(cards: np.ndarray) -> str:
    """The text of cards already parsed (`format_cards` would parse them again: 10 us of a
    0.4 ms exact heads-up call)."""
    return " ".join(format_card(card) for card in cards.tolist())


def no_repeats(groups: list[tuple[str, np.ndarray]]) -> None:
    """Raise ValueError naming a card found twice among the named groups of cards."""
    owner: dict[int, str] = {}
    for name, cards in groups:
        for card in cards.tolist():
            if card in owner:
                where = "twice in " + name if owner[card] == name else f"in {owner[card]} and {name}"
                raise ValueError(f"card {format_cards([card])} is {where}")
            owner[card] = name
