"""Hand categories, and the English labels that results and tables key them by, read from the
English words (`pokerlut._languages.en`). Descriptions, in English as in every language, are
`pokerlut.lang`'s."""

from __future__ import annotations

from enum import IntEnum

from ._cards import RANKS
from ._languages import en


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

# 5-4-3-2-A where the ace plays low, by its English name in lower case: a no-pair low whose top
# card is the five
WHEEL: str = en.LANGUAGE["best_names"]["WHEEL"].lower()
WHEEL_TOP = 3


def category_label(category: Category) -> str:
    """A category's English name in lower case, as results and tables key it (`pokerlut.lang`
    names it for display, in any language).

    >>> category_label(Category.STRAIGHT_FLUSH), category_label(Category.THREE_CARD)
    ('straight flush', 'three-card hand')
    """
    name: str = en.LANGUAGE["categories"][category.name]
    return name.lower()


def low_label(top: int, ace_low: bool) -> str:
    """What players call a no-pair low hand by its top card (rank 0..12): the wheel (5-4-3-2-A,
    where the ace plays low: `Rules.ace == "low"`), else "6-low", ..., "K-low", "A-low".

    >>> low_label(3, ace_low=True), low_label(3, ace_low=False), low_label(11, ace_low=True)
    ('wheel', '5-low', 'K-low')
    """
    if ace_low and top == WHEEL_TOP:
        return WHEEL
    label: str = en.LANGUAGE["words"]["low_row"].format(n=RANKS[top])
    return label
