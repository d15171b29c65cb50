"""How each equity deal is dealt (`DEALS`), each deal resolved once at an entry point's boundary
(`resolve_deal`, `board_deal`: this module is the only reader of `DEALS`), and the card input
that board games and stud read alike."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .._cards import CardsLike, first_repeat, format_card, format_cards, parse_cards
from .._game import Game


@dataclass(frozen=True)
class Deal:
    """A deal of `equity(deal=...)`, resolved: how the cards are dealt, the `Game` of the
    high (or only) hand and of the low half of a split pot, and the cards dealt (`deck`).

    Resolved once at the boundary of every entry point (`resolve_deal`); the code below it
    reads this value, never the name again.

    >>> d = resolve_deal("omaha-hi-lo")
    >>> d.high.name, d.low.name, d.omaha, len(d.deck)
    ('high', 'eight-or-better', True, 52)
    >>> len(resolve_deal("holdem", wild="jokers", deck_size=54).deck)
    54
    """

    name: str
    holes: tuple[int, ...]  # hole cards per player (stud: the cards known so far; draw: the hand)
    omaha: bool  # a hand is exactly two hole cards and three board cards
    high: Game
    deck: np.ndarray = field(compare=False, repr=False)  # the cards dealt
    low: Game | None = None
    stud: bool = False  # no board: every player gets his own cards up to seven
    draws: int = 0  # a draw game's draws (holes: the hand's size); 0: not a draw game
    # hold'em ranges in ProPokerTools' generic syntax (`omaha_ranges`), not PokerStove's;
    # Omaha's always are (`equity(syntax=...)` sets it)
    generic_ranges: bool = False

    @property
    def board(self) -> bool:
        """Whether the deal has a board (hold'em, short deck, Omaha): not stud or a draw game."""
        return not self.stud and not self.draws

    @property
    def split(self) -> bool:
        """Whether the pot is split between the high and the low hand."""
        return self.low is not None


def _deal(
    name: str, holes: tuple[int, ...], omaha: bool, high: str, low: str | None = None, **kind: Any
) -> Deal:
    """A deal with its own games, dealt from its high game's deck."""
    game = Game.of(high)
    return Deal(name, holes, omaha, game, game.rules.deck_of(), Game.of(low) if low else None, **kind)


DEALS = {
    d.name: d
    for d in (
        _deal("holdem", (2,), False, "high"),
        _deal("short-deck", (2,), False, "short-deck"),
        _deal("short-deck-trips", (2,), False, "short-deck-trips"),
        _deal("omaha", (4, 5, 6), True, "high"),
        _deal("omaha-hi-lo", (4, 5, 6), True, "high", "eight-or-better"),
        _deal("stud", (2, 3, 4, 5, 6, 7), False, "high", stud=True),
        _deal("razz", (2, 3, 4, 5, 6, 7), False, "ace-to-five", stud=True),
        _deal("stud-hi-lo", (2, 3, 4, 5, 6, 7), False, "high", "eight-or-better", stud=True),
        _deal("five-card-draw", (5,), False, "high", draws=1),
        _deal("2-7-single-draw", (5,), False, "deuce-to-seven", draws=1),
        _deal("2-7-triple-draw", (5,), False, "deuce-to-seven", draws=3),
        _deal("a-5-triple-draw", (5,), False, "ace-to-five", draws=3),
        _deal("badugi", (4,), False, "badugi", draws=3),
        _deal("badeucy", (5,), False, "badugi-deuce-to-seven", "deuce-to-seven", draws=3),
        _deal("badacey", (5,), False, "badugi", "ace-to-five", draws=3),
    )
}


def deal_names(kind: Callable[[Deal], bool] = lambda d: True) -> tuple[str, ...]:
    """The names of the deals of a kind (all by default), in `deals()`' order.

    >>> deal_names(lambda d: d.stud)
    ('stud', 'razz', 'stud-hi-lo')
    """
    return tuple(name for name, d in DEALS.items() if kind(d))


DEAL_KINDS: dict[str, Callable[[Deal], bool]] = {  # resolve_deal's kinds: which deals they take
    "": lambda d: True,
    "board": lambda d: d.board,
    "draw": lambda d: d.draws > 0,
}


def find_deal(deal: Any) -> Deal | None:
    """The deal (with its own games) named `deal`, or None when there is none of that name."""
    return DEALS.get(deal) if isinstance(deal, str) else None


def resolve_deal(
    deal: Any, game: Any = None, wild: str | None = None, deck_size: int | None = None, *, kind: str = ""
) -> Deal:
    """The `Deal` of `deal=`, `game=`, `wild=` and `deck_size=`, checked: ValueError naming an
    unknown deal (of those `kind` names, "draw" or "board", when given), an unknown game or
    one that the deal cannot play, wild cards outside hold'em, a deck the game is not dealt
    with, Omaha in a game without Omaha's tables."""
    found = find_deal(deal)
    wanted = DEAL_KINDS[kind]
    if found is None or not wanted(found):
        names = ", ".join(deal_names(wanted))
        raise ValueError(f"unknown {kind + ' ' if kind else ''}deal {deal!r}: choose from {names}")
    high = high_game(found, game, wild)
    if high.rules.wild is not None and found.name != "holdem":
        raise ValueError(f"wild cards are offered in hold'em deals, not in {found.name}")
    if found.omaha and not high.omaha_offered:
        raise ValueError(f"Omaha is not offered in {high.name}")
    if high is found.high and deck_size is None:
        return found
    return dataclasses.replace(found, high=high, deck=high.rules.deck_of(deck_size))


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
            return f"{d.holes[0]} cards each, {times}, no board; {d.high.name}" + (
                f", split with {d.low.name}" if d.low else ""
            )
        holes = f"{d.holes[0]} to {d.holes[-1]}" if len(d.holes) > 1 else str(d.holes[0])
        cards = (
            f"{holes} known cards each, up to seven, no board"
            if d.stud
            else f"{holes} hole cards, "
            + ("exactly two played with three of a five-card board" if d.omaha else "a five-card board")
        )
        return f"{cards}; {d.high.name}" + (f", split with {d.low.name}" if d.low else "")

    return {name: about(d) for name, d in DEALS.items()}


def board_deal(deal: Any, what: str, game: Any = None) -> Deal:
    """The `Deal` of a board game (hold'em, short deck, Omaha) for the range analyses: TypeError
    naming a deal that is not a str, ValueError naming an unknown deal or one without a board
    (`what`: the caller, named in the error), as `resolve_deal` with `game`."""
    if not isinstance(deal, str):
        raise TypeError(f"deal must be a str (one of pokerlut.deals()), not {deal!r}")
    found = find_deal(deal)
    if found is not None and not found.board:
        raise ValueError(f"{what}: the board games only (hold'em, short deck, Omaha), not {deal}")
    return resolve_deal(deal, game)


def high_game(deal: Deal, game: Any = None, wild: str | None = None) -> Game:
    """The game of a deal's high (or only) hand: its own (with `wild` cards), or `game` (a game
    name, a ranking built into a folder of the tables' path, or a `Game`)."""
    if game is None:
        return deal.high if wild is None else Game.of(deal.high.name, wild=wild)
    if wild is not None:
        raise ValueError(
            "wild= goes with the deal's own game: with game=, give a Game that has its wild cards"
        )
    chosen = Game.of(game)
    if not deal.high.rules.badugi:  # a deal of five-card poker: boards, stud, five-card draws
        chosen.rules.five_card_only(f"equity's deal {deal.name!r}")
    if chosen.rules.suit_ties:
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
