"""Hand categories and plain-English descriptions of strengths, in each game's words."""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

from ._cards import RANKS


class Category(IntEnum):
    """Hand categories, weakest first. FIVE_OF_A_KIND is reserved for wild-card games. The last
    four are Badugi's (the number of cards that play: `Rules.form == "badugi"`), weakest first
    among themselves; no game has categories of both kinds."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9
    ONE_CARD = 10
    TWO_CARD = 11
    THREE_CARD = 12
    BADUGI = 13


BADUGI_CATEGORIES = (Category.ONE_CARD, Category.TWO_CARD, Category.THREE_CARD, Category.BADUGI)


NO_CATEGORY = -1  # the category of strength 0, no qualifying hand (`category_batch`)

RANK_NAMES = (
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)
RANK_PLURALS = (
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
)
WHEEL = "wheel"  # 5-4-3-2-A where the ace plays low: a no-pair low whose top card is the five
WHEEL_TOP = 3


def category_label(category: Category) -> str:
    """A category's name as results and tables key it (lower case; `pokerlut.lang` capitalises
    it for display).

    >>> category_label(Category.STRAIGHT_FLUSH), category_label(Category.THREE_CARD)
    ('straight flush', 'three-card hand')
    """
    if category in BADUGI_CATEGORIES and category != Category.BADUGI:
        return category.name.lower().replace("_", "-") + " hand"
    return category.name.lower().replace("_", " ")


def low_label(top: int, ace_low: bool) -> str:
    """What players call a no-pair low hand by its top card (rank 0..12): the wheel (5-4-3-2-A,
    where the ace plays low: `Rules.ace == "low"`), else "6-low", ..., "K-low", "A-low".

    >>> low_label(3, ace_low=True), low_label(3, ace_low=False), low_label(11, ace_low=True)
    ('wheel', '5-low', 'K-low')
    """
    return WHEEL if ace_low and top == WHEEL_TOP else f"{RANKS[top]}-low"


def describe_low(ranks: Sequence[int], best_name: str | None = None, offsuit: bool = False) -> str:
    """Words for a no-pair low hand whose ranks, highest first, are `ranks`; `best_name` names
    the game's best hand.

    >>> describe_low([5, 3, 2, 1, 0])
    'Seven-five low (7-5-4-3-2)'
    >>> describe_low([3, 2, 1, 0, 12], "Wheel")
    'Wheel (5-4-3-2-A)'
    >>> describe_low([5, 3, 2, 1, 0], "Number one", offsuit=True)
    'Number one (7-5-4-3-2 offsuit)'
    """
    cards = "-".join(RANKS[r] for r in ranks) + (" offsuit" if offsuit else "")
    if best_name:
        return f"{best_name} ({cards})"
    return f"{RANK_NAMES[ranks[0]].capitalize()}-{RANK_NAMES[ranks[1]]} low ({cards})"


def badugi_cards(ranks: Sequence[int]) -> str:
    """The ranks of a Badugi hand, highest first in the game's order: '8-5-3-2', '4-3-2-A'.

    >>> badugi_cards([6, 3, 1, 0]), badugi_cards([2, 1, 0, 12])
    ('8-5-3-2', '4-3-2-A')
    """
    return "-".join(RANKS[r] for r in ranks)


def describe_badugi(category: Category, ranks: Sequence[int]) -> str:
    """Words for a Badugi hand of `category` whose ranks, highest first in the game's order,
    are `ranks`.

    >>> describe_badugi(Category.BADUGI, [6, 3, 1, 0]), describe_badugi(Category.THREE_CARD, [5, 2, 0])
    ('Badugi, 8-5-3-2', 'Three-card hand, 7-4-2')
    >>> describe_badugi(Category.ONE_CARD, [11])
    'One-card hand, K'
    """
    return f"{category_label(category).capitalize()}, {badugi_cards(ranks)}"


def describe_class(category: Category, ranks: Sequence[int]) -> str:
    """Words for a hand of `category` whose ranks (0..12), by significance, are `ranks`.

    >>> describe_class(Category.FULL_HOUSE, [1, 1, 1, 4, 4])
    'Full house, threes over sixes'
    >>> describe_class(Category.STRAIGHT, [3, 2, 1, 0, 12])
    'Straight, five-high'
    """
    top, name, plural = ranks[0], RANK_NAMES, RANK_PLURALS
    if category == Category.STRAIGHT_FLUSH:
        return "Royal flush" if top == 12 else f"Straight flush, {name[top]}-high"
    if category == Category.FIVE_OF_A_KIND:
        return f"Five of a kind, {plural[top]}"
    if category == Category.FOUR_OF_A_KIND:
        return f"Four of a kind, {plural[top]}, {name[ranks[4]]} kicker"
    if category == Category.FULL_HOUSE:
        return f"Full house, {plural[top]} over {plural[ranks[3]]}"
    if category == Category.FLUSH:
        return f"Flush, {name[top]}-high"
    if category == Category.STRAIGHT:
        return f"Straight, {name[top]}-high"
    if category == Category.THREE_OF_A_KIND:
        return f"Three of a kind, {plural[top]}"
    if category == Category.TWO_PAIR:
        return f"Two pair, {plural[top]} and {plural[ranks[2]]}"
    if category == Category.ONE_PAIR:
        return f"Pair of {plural[top]}"
    return f"High card, {name[top]}"
