"""One hand at the public boundary, for the wrappers of `_evaluate`, `_anatomy` and `_omaha`:
its cards parsed and checked against the game (their number, the deck), the error for cards
passed in several arguments, and the game's one-hand strength function (`_one_hand`), made
once per game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from . import _one_hand as one_hand
from ._cards import CardsLike, format_card, parse_cards
from ._game import Game, resolve
from .rules import Rules

# a game's name (game= alone) or its `Game` -> `one_hand.hand_strength` of the game
STRENGTH_FUNCTIONS: dict[Any, Callable[[Any], int]] = {}


def strength_function(game: Game) -> Callable[[Any], int]:
    """The one-hand strength function of a game, made once."""
    if game not in STRENGTH_FUNCTIONS:
        if game.rules.badugi:
            STRENGTH_FUNCTIONS[game] = one_hand.badugi_strength(game.badugi_tables)
        else:
            STRENGTH_FUNCTIONS[game] = one_hand.hand_strength(game.tables, game.italian)
    return STRENGTH_FUNCTIONS[game]


def check_deck(cards: npt.NDArray[np.uint8], rules: Rules) -> None:
    """Raise ValueError naming the first card that is not in the game's deck."""
    outside = ~np.isin(cards, rules.deck)
    if outside.any():
        card = int(cards[np.argmax(outside)])
        raise ValueError(f"card {format_card(card)} is not in the {rules.name} deck ({rules.deck_text})")


def check_hand(cards: CardsLike, rules: Rules) -> npt.NDArray[np.uint8]:
    """Parse one hand and check its size (5, 6 or 7 cards; 5 in Italian poker; 4 or 5 in
    Badugi) and deck."""
    hand = parse_cards(cards, jokers=rules.wild is not None)
    if len(hand) not in rules.hand_sizes:
        raise ValueError(
            f"a hand has {sizes_text(rules.hand_sizes)} cards"
            + (" in Italian poker" if rules.suit_ties else f" in {rules.name}" if rules.badugi else "")
            + f", not {len(hand)}"
        )
    check_deck(hand, rules)
    return hand


def sizes_text(sizes: tuple[int, ...]) -> str:
    """'5, 6 or 7', or '5'."""
    return ", ".join(map(str, sizes[:-1])) + " or " * (len(sizes) > 1) + str(sizes[-1])


def one_argument(name: str, cards: Any, more: tuple[Any, ...]) -> TypeError:
    """The error for a call that passed more than the cards by position: options are
    keyword-only, and a hand's cards are one argument (treys' `evaluate(board, hand)` and
    phevaluator's `evaluate_cards(c1, c2, ...)` call shapes are named, with the fix)."""
    given = (cards, *more)
    if all(isinstance(c, (int, np.integer)) or (isinstance(c, str) and len(c.split()) == 1) for c in given):
        return TypeError(
            f"{name}() takes the cards of a hand in one argument, not in "
            f"{len(given)}: {name}({list(given)!r}) (phevaluator's "
            "evaluate_cards(c1, c2, ...) call shape)"
        )
    if len(more) == 1 and isinstance(more[0], (str, Game)):
        try:
            resolve(more[0])
        except (ValueError, TypeError):
            pass
        else:
            return TypeError(f"{name}()'s options are keyword-only: {name}(cards, game={more[0]!r})")
    if len(more) == 1:
        return TypeError(
            f"{name}() takes all of a hand's cards in one argument: treys' "
            f"evaluate(board, hand) is {name}([*board, *hand]); its options are "
            "keyword-only (game=, wild=, flush_by_suit=)"
        )
    return TypeError(
        f"{name}() takes one hand (its cards in one argument) and keyword-only "
        f"options (game=, wild=, flush_by_suit=), not {len(given)} positional "
        "arguments"
    )
