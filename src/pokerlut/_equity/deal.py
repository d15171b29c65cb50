"""How each equity deal is dealt (`DEALS`), and the card input that board games and stud read
alike."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np


from .._cards import CardsLike, first_repeat, format_card, format_cards, parse_cards
from .._game import resolve
from ..rules import Rules, rules


@dataclass(frozen=True)
class Deal:
    """A deal of `equity(deal=...)`: how the cards are dealt, and the game (`pokerlut.games()`)
    of the hands: the high (or only) hand, and the low half of a split pot."""

    name: str
    holes: tuple[int, ...]  # hole cards per player (stud: the cards known so far; draw: the hand)
    omaha: bool  # a hand is exactly two hole cards and three board cards
    high: str
    low: str | None = None
    stud: bool = False  # no board: every player gets his own cards up to seven
    draws: int = 0  # a draw game's draws (holes: the hand's size); 0: not a draw game

    @property
    def board(self) -> bool:
        """Whether the deal has a board (hold'em, short deck, Omaha): not stud or a draw game."""
        return not self.stud and not self.draws


DEALS = {
    d.name: d
    for d in (
        Deal("holdem", (2,), False, "high"),
        Deal("short-deck", (2,), False, "short-deck"),
        Deal("short-deck-trips", (2,), False, "short-deck-trips"),
        Deal("omaha", (4, 5, 6), True, "high"),
        Deal("omaha-hi-lo", (4, 5, 6), True, "high", "eight-or-better"),
        Deal("stud", (2, 3, 4, 5, 6, 7), False, "high", stud=True),
        Deal("razz", (2, 3, 4, 5, 6, 7), False, "ace-to-five", stud=True),
        Deal("stud-hi-lo", (2, 3, 4, 5, 6, 7), False, "high", "eight-or-better", stud=True),
        Deal("five-card-draw", (5,), False, "high", draws=1),
        Deal("2-7-single-draw", (5,), False, "deuce-to-seven", draws=1),
        Deal("2-7-triple-draw", (5,), False, "deuce-to-seven", draws=3),
        Deal("a-5-triple-draw", (5,), False, "ace-to-five", draws=3),
        Deal("badugi", (4,), False, "badugi", draws=3),
        Deal("badeucy", (5,), False, "badugi-deuce-to-seven", "deuce-to-seven", draws=3),
        Deal("badacey", (5,), False, "badugi", "ace-to-five", draws=3),
    )
}


def deals() -> dict[str, str]:
    """Every deal of `pokerlut.equity` (its `deal=`) and one line about it.

    A deal is how equity deals the cards and splits the pot; the game of its hands is its own
    (or `equity(game=...)`).

    Returns
    -------
    dict of str to str
        The deals' names, each with a line saying the cards dealt and the game of the high
        (or only) hand and of the low half, if any.

    Examples
    --------
    >>> deals()["omaha-hi-lo"]
    '4 to 6 hole cards, exactly two played with three of a five-card board; high, split with eight-or-better'
    """

    def about(d: Deal) -> str:
        if d.draws:
            times = {1: "one draw", 2: "two draws", 3: "three draws"}[d.draws]
            return f"{d.holes[0]} cards each, {times}, no board; {d.high}" + (
                f", split with {d.low}" if d.low else ""
            )
        holes = f"{d.holes[0]} to {d.holes[-1]}" if len(d.holes) > 1 else str(d.holes[0])
        cards = (
            f"{holes} known cards each, up to seven, no board"
            if d.stud
            else f"{holes} hole cards, "
            + ("exactly two played with three of a five-card board" if d.omaha else "a five-card board")
        )
        return f"{cards}; {d.high}" + (f", split with {d.low}" if d.low else "")

    return {name: about(d) for name, d in DEALS.items()}


def high_rules(deal: Deal, game: Any = None, wild: str | None = None) -> Rules:
    """The rules of a deal's high (or only) hand: its own (with `wild` cards), or those of
    `game` (a game name, a ranking built into a folder of the tables' path, or a `Game`)."""
    if game is None:
        return rules(deal.high, wild)
    if wild is not None:
        raise ValueError(
            "wild= goes with the deal's own game: with game=, give a Game that has its wild cards"
        )
    chosen = resolve(game).rules
    if not rules(deal.high).badugi:  # a deal of five-card poker: boards, stud, five-card draws
        chosen.five_card_only(f"equity's deal {deal.name!r}")
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
    owner = [name for name, cards in groups for _ in range(len(cards))]
    every = [card for _, cards in groups for card in cards.tolist()]
    repeat = first_repeat(every)
    if repeat is not None:
        i, j = repeat
        where = "twice in " + owner[j] if owner[i] == owner[j] else f"in {owner[i]} and {owner[j]}"
        raise ValueError(f"card {format_cards([every[j]])} is {where}")
