"""A hand's anatomy: the five cards that make it (`best_five`) and what its wild cards stand
for (`stand_ins`)."""

from __future__ import annotations

import itertools

import numpy as np

from . import _tables as tables
from ._cards import CardsLike
from ._docs import shared_parameters
from ._game import Game, resolve
from ._hand import check_hand, strength_function
from ._names import Category


@shared_parameters
def best_five(cards: CardsLike, *, game: str | Game = "high", wild: str | None = None) -> np.ndarray:
    """The five of 5..7 cards that make the hand in the game.

    Where several fives tie, the one of the earliest cards in the input is taken.

    Parameters
    ----------
    cards : cards
        A hand of 5, 6 or 7 cards, as `evaluate` takes it.
    {game}
    {wild}

    Returns
    -------
    numpy.ndarray
        uint8 card ints, in the order of the input, wild cards as they are (`stand_ins` says
        what they stand for); empty when no five qualify (eight-or-better).

    Raises
    ------
    TypeError
        `cards` that are not cards; a `game` that is not a str or `Game`.
    ValueError
        A bad hand (as `evaluate` raises); an unknown game or wild mode; a Badugi game.

    Examples
    --------
    >>> from pokerlut import format_cards
    >>> format_cards(best_five("2c As Kd Ks 7h Ah Ac"))
    'As Kd Ks Ah Ac'
    >>> format_cards(best_five("7h 5h 4h 3h 2h 7c Kd", game="deuce-to-seven"))  # not the flush
    '5h 4h 3h 2h 7c'
    """
    g = resolve(game, wild)
    g.rules.five_card_only("best_five")
    hand = check_hand(cards, g.rules)
    strength_of = strength_function(g)
    chosen: tuple[int, ...]
    best, chosen = 0, ()
    for combo in itertools.combinations(hand.tolist(), 5):  # at most 21
        strength = strength_of(combo)
        if strength > best:
            best, chosen = strength, combo
    return hand[np.isin(hand, chosen)]


@shared_parameters
def stand_ins(cards: CardsLike, *, game: str | Game = "high", wild: str | None = None) -> dict[int, int]:
    """What each wild card of the best five stands for.

    Found from the hand's class (its ranks), not by trying cards. A wild card takes a card not
    in the hand where one is left (five of a kind may need a second ace of spades).

    Parameters
    ----------
    cards : cards
        A hand of 5, 6 or 7 cards, as `evaluate` takes it.
    {game}
    {wild}

    Returns
    -------
    dict of int to int
        {wild card: natural card}, card ints; empty when the best five holds no wild card.

    Raises
    ------
    TypeError
        `cards` that are not cards; a `game` that is not a str or `Game`.
    ValueError
        A bad hand (as `evaluate` raises); an unknown game or wild mode.

    Examples
    --------
    >>> from pokerlut import format_card
    >>> {format_card(w): format_card(c) for w, c in stand_ins("Kh Qh Jh Th Jk", wild="jokers").items()}
    {'Jk': 'Ah'}
    >>> {format_card(w): format_card(c) for w, c in stand_ins("Kc Kd 7h 4s X", wild="bug").items()}
    {'Jk': 'As'}
    """
    rules = resolve(game, wild).rules
    rules.five_card_only("stand_ins")
    hand = check_hand(cards, rules).tolist()
    five = best_five(hand, game=rules.name).tolist()
    wilds = [c for c in five if c in rules.wild_cards]
    if not wilds:
        return {}
    # the five's strength from the game's strength function, as `evaluate` reads it (this
    # module is below `_evaluate`, whose `describe` calls `stand_ins`)
    row = tables.classes_of(rules)[strength_function(resolve(rules.name))(five)]
    needed = row[1:].tolist()
    naturals = [c for c in five if c not in rules.wild_cards]
    for card in naturals:
        needed.remove(card >> 2)
    flush = Category(int(row[0])) in (Category.FLUSH, Category.STRAIGHT_FLUSH)
    taken = set(hand)
    chosen: dict[int, int] = {}
    for w, rank in zip(wilds, needed):
        cards_of_rank = [4 * rank + suit for suit in (3, 2, 1, 0)]  # spades first
        if flush:
            cards_of_rank = [4 * rank + (naturals[0] & 3 if naturals else 3)]
        free = [c for c in cards_of_rank if c not in taken]
        if not flush and naturals and len({c & 3 for c in naturals + list(chosen.values())}) == 1:
            free = [c for c in free if c & 3 != naturals[0] & 3] or free  # no accidental flush
        chosen[w] = (free or cards_of_rank)[0]
        taken.add(chosen[w])
    return chosen
