"""What a pay table is: its lines (what a final hand must be, and what it pays per coin, checked
as it is made), read top down, the first that matches paying, and the game they are read by.

The built-in pay tables are in `built_in`; counting them is `counting`'s job.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from numbers import Rational
from typing import Any

import numpy as np

from .._cards import RANKS
from .._deprecation import renamed_attribute
from .._game import Game
from .._names import Category, category_label
from ..rules import WILD

Pay = int | Fraction
NOTHING = "nothing"  # the key of the hands that pay nothing, in `VideoPoker.probabilities`


@dataclass(frozen=True)
class PayLine:
    """One line of a pay table: what a final hand must be, and what it pays per coin.

    `category` None matches any; `ranks` (rank characters, e.g. "JQKA") the first rank of the
    hand's class: the rank of a four, three or pair, the higher pair, the top card of a
    straight; `kickers` the first rank after those (four of a kind: the fifth card); `wilds`
    the wild cards in the hand: "natural" (none), "wild" (one or more) or a number.

    >>> PayLine("four aces with a 2-4", 400, "four of a kind", ranks="A", kickers="234").category
    <Category.FOUR_OF_A_KIND: 7>
    """

    name: str
    pays: Pay
    category: Category | None = None
    ranks: str | None = None
    kickers: str | None = None
    wilds: str | int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name or self.name == NOTHING:
            raise ValueError(f"a pay line's name is a string other than {NOTHING!r}, not {self.name!r}")
        object.__setattr__(self, "pays", _payout(self.pays, self.name))
        if isinstance(self.category, str):
            words = {category_label(c): c for c in Category}
            if self.category.lower().replace("_", " ") not in words:
                raise ValueError(
                    f"pay line {self.name!r}: unknown category {self.category!r} (one of: {', '.join(words)})"
                )
            object.__setattr__(self, "category", words[self.category.lower().replace("_", " ")])
        elif self.category is not None and not isinstance(self.category, Category):
            raise TypeError(
                f"pay line {self.name!r}: category is a Category or its name, not {self.category!r}"
            )
        for what in ("ranks", "kickers"):
            chars = getattr(self, what)
            if chars is not None and (not isinstance(chars, str) or not chars or set(chars) - set(RANKS)):
                raise ValueError(
                    f"pay line {self.name!r}: {what} are rank characters of {RANKS!r}, not {chars!r}"
                )
        w = self.wilds
        if w is not None and w not in ("natural", "wild") and (type(w) is not int or not 0 <= w <= 5):
            raise ValueError(f"pay line {self.name!r}: wilds is 'natural', 'wild' or 0..5, not {w!r}")

    def matches(self, classes: np.ndarray, wilds: int) -> np.ndarray:
        """Which rows of a game's classes table (strength: category, ranks) this line pays
        when the hand holds `wilds` wild cards."""
        w = self.wilds
        if (w == "natural" and wilds) or (w == "wild" and not wilds) or (type(w) is int and w != wilds):
            return np.zeros(len(classes), bool)
        ok: np.ndarray = classes[:, 0] != 0 if self.category is None else classes[:, 0] == self.category
        ok[0] = False  # strength 0: no hand
        if self.ranks is not None:
            ok &= np.isin(classes[:, 1], [RANKS.index(r) for r in self.ranks])
        if self.kickers is not None:
            rest = classes[:, 2:]
            after = rest != classes[:, 1:2]
            kicker = np.where(after.any(1), rest[np.arange(len(rest)), after.argmax(1)], 255)
            ok &= np.isin(kicker, [RANKS.index(r) for r in self.kickers])
        return ok


def _payout(pays: Any, name: str) -> Pay:
    """A payout, checked: a non-negative int or fraction (a float is taken exactly)."""
    numbers = (int, float, Rational, np.integer, np.floating)
    if isinstance(pays, (bool, np.bool_)) or not isinstance(pays, numbers):
        raise TypeError(f"pay line {name!r}: a payout is a number, not {pays!r}")
    if isinstance(pays, (float, np.floating)) and not math.isfinite(pays):
        raise ValueError(f"pay line {name!r}: a payout is a finite number, not {pays!r}")
    value = Fraction(pays.item() if isinstance(pays, np.generic) else pays)
    if value < 0:
        raise ValueError(f"pay line {name!r}: a payout must not be negative, not {value}")
    return int(value) if value.denominator == 1 else value


@dataclass(frozen=True)
class Paytable:
    """A video poker game: its pay lines (top down: the first that matches pays), its wild
    cards (a `pokerlut.rules.WILD` name, or None) and the jokers in its deck (52 + jokers
    cards; jokers are cards 52, 53). `paytables()` holds the built-in ones.

    >>> from pokerlut import paytables
    >>> job = paytables()["jacks-or-better-9-6"]
    >>> [line.pays for line in job.with_pays({"full house": 8, "flush": 5}).lines][3:5]
    [8, 5]
    """

    name: str
    lines: tuple[PayLine, ...]
    wild: str | None = None
    jokers: int = 0
    game: Game = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "lines", tuple(self.lines))
        if not self.lines or not all(isinstance(line, PayLine) for line in self.lines):
            raise TypeError(f"pay table {self.name!r}: lines is a non-empty sequence of PayLine")
        names = [line.name for line in self.lines]
        if len(set(names)) != len(names):
            raise ValueError(
                f"pay table {self.name!r}: two lines are called "
                f"{next(n for n in names if names.count(n) > 1)!r}"
            )
        if self.wild is not None and self.wild not in WILD:
            raise ValueError(
                f"pay table {self.name!r}: wild is one of {', '.join(WILD)} or None, not {self.wild!r}"
            )
        if type(self.jokers) is not int or not 0 <= self.jokers <= (2 if self.wild else 0):
            raise ValueError(
                f"pay table {self.name!r}: jokers is 0"
                + (", 1 or 2" if self.wild else " (jokers play in games with wild cards)")
                + f", not {self.jokers!r}"
            )
        object.__setattr__(self, "game", Game.of("high", wild=self.wild))

    @property
    def deck_size(self) -> int:
        """The number of cards in the deck (until this release `deck`: that name still reads
        it, with a `DeprecationWarning`)."""
        return 52 + self.jokers

    deck = renamed_attribute("Paytable", "deck", "deck_size")

    def with_pays(self, pays: Mapping[str, Any], name: str | None = None) -> Paytable:
        """This table with the payouts of some lines changed, by line name."""
        unknown = set(pays) - {line.name for line in self.lines}
        if unknown:
            raise ValueError(
                f"pay table {self.name!r} has no line {sorted(unknown)[0]!r} "
                f"(its lines: {', '.join(line.name for line in self.lines)})"
            )
        lines = tuple(
            replace(line, pays=pays[line.name]) if line.name in pays else line for line in self.lines
        )
        return replace(self, name=name or self.name, lines=lines)
