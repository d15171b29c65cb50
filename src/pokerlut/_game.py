"""A game as one value: its `Rules` and the options that change how its hands compare.

Every public function takes `game=` as a name or a `Game`, with `wild=` and
`flush_by_suit=` beside a name (Italian poker's number of players is in its name); `resolve` turns them into a `Game` once per call, and the code
below it reads that value, never the options again.

>>> g = Game.of("italian-4")
>>> g.name, g.rules.deck_text, g.italian is not None
('italian-4', '32 cards, 7 to A', True)
>>> Game.of("high", wild="jokers") == Game.of("high+jokers")
True
>>> import pokerlut
>>> pokerlut.evaluate("Ah Kd 9c 8s 7h", game=g) > pokerlut.evaluate("As Kh 9d 8c 7d", game=g)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from . import lang as _lang
from . import _tables as tables
from ._kernels.table_types import BadugiTables, Tables
from .italian import ItalianTables, italian_tables, straight_flush_kind
from ._names import Category
from .rules import Rules, rules as rules_of


@dataclass(frozen=True)
class Game:
    """A ranking and its options: the `Rules` (wild cards included) and, in Italian poker,
    the suit tables that break ties and order the straight-flush cycle (`italian`)."""

    rules: Rules
    flush_by_suit: bool | None = None  # Italian poker: flushes ordered by suit first (True)
    italian: ItalianTables | None = field(default=None, compare=False, repr=False)

    @classmethod
    def of(
        cls, game: str | Rules | Game = "high", *, wild: str | None = None, flush_by_suit: bool | None = None
    ) -> Game:
        """The game of a name (or `Rules`) and its options; a `Game` is returned as it is."""
        return resolve(game, wild, flush_by_suit)

    @property
    def name(self) -> str:
        """The name of its tables' folder: 'high', 'high+jokers', 'italian-4', ..."""
        return self.rules.name

    def __repr__(self) -> str:
        option = "" if self.flush_by_suit is None else f", flush_by_suit={self.flush_by_suit}"
        return f"Game({self.name!r}{option})"

    @property
    def tables(self) -> Tables:
        """The kernels' tables of a game of five-card hands (loaded once, `_tables.kernel_tables`)."""
        return tables.kernel_tables(self.rules)

    @property
    def badugi_tables(self) -> BadugiTables:
        """The Badugi kernels' tables of a Badugi game (loaded once)."""
        return tables.badugi_tables(self.rules)

    @property
    def any_tables(self) -> Tables | BadugiTables:
        """The tables its kernels read: `badugi_tables` in a Badugi game, else `tables`."""
        return self.badugi_tables if self.rules.badugi else self.tables

    @property
    def classes(self) -> np.ndarray:
        """Per strength, its category and ranks (`_tables.classes_of`)."""
        return tables.classes_of(self.rules)

    @property
    def omaha_offered(self) -> bool:
        """Whether the tables hold Omaha's (the build's manifest says)."""
        return tables.omaha_offered(self.rules)

    @property
    def top(self) -> int:
        """The game's highest strength."""
        return len(self.classes if self.italian is None else self.italian.class_of) - 1

    @property
    def lowest(self) -> int:
        """The game's lowest strength: 0 (no qualifying hand) where hands must qualify, else 1."""
        return 0 if self.rules.qualifier is not None else 1

    def strength(self, strength: Any) -> int:
        """`strength` as an int, checked: lowest..top."""
        if isinstance(strength, (bool, np.bool_)) or not isinstance(strength, (int, np.integer)):
            raise TypeError(f"a strength is an int, not {type(strength).__name__}")
        if not self.lowest <= strength <= self.top:
            raise ValueError(f"strength {strength} is out of range {self.lowest}..{self.top} in {self.name}")
        return int(strength)

    def rank_class(self, strength: int) -> int:
        """The rank class of a strength (in Italian poker a strength also counts a suit)."""
        return strength if self.italian is None else int(self.italian.class_of[strength])

    def category(self, strength: int) -> Category:
        """The category of a checked strength that is not 0."""
        return Category(int(self.classes[self.rank_class(strength), 0]))

    def words(self, strength: int, lang: str = "en") -> str:
        """Words for a checked strength, in the game's terms and in `lang`."""
        if strength == 0:
            return _lang.no_low(lang)
        classes = self.classes
        row = classes[self.rank_class(strength)]
        cat, ranks = Category(int(row[0])), row[1:].tolist()
        if self.rules.badugi:  # the ranks of its 1..4 cards, then NO_RANK (`build.badugi`)
            return _lang.describe_badugi(cat, [r for r in ranks if r < 13], lang)
        if self.rules.low and cat == Category.HIGH_CARD:
            best = strength == len(classes) - 1
            return _lang.describe_low(
                ranks, self.rules.best_name if best else None, offsuit=best and self.rules.flushes, lang=lang
            )
        words = _lang.describe_class(cat, ranks, lang)
        it = self.italian
        if it is not None and it.suit_of[strength] >= 0:
            words += _lang.italian_tie(straight_flush_kind(strength, it), int(it.suit_of[strength]), lang)
        return words


def resolve(game: Any = "high", wild: Any = None, flush_by_suit: Any = None) -> Game:
    """`game=` and its options, as one `Game`: a name (with `wild`, `flush_by_suit`), a
    `Rules`, or a `Game` (which takes no options: they are in it)."""
    if isinstance(game, Game):
        given = [f"{k}={v!r}" for k, v in (("wild", wild), ("flush_by_suit", flush_by_suit)) if v is not None]
        if given:
            raise ValueError(f"{', '.join(given)}: a Game carries its options ({game!r})")
        return game
    if not isinstance(game, (str, Rules)):
        raise TypeError(
            f"game must be a name of pokerlut.games() or a Game, not {type(game).__name__}: {game!r}"
        )
    rules = rules_of(game, wild)
    if flush_by_suit is not None and (not rules.suit_ties or type(flush_by_suit) is not bool):
        raise ValueError(
            f"flush_by_suit (True or False) goes with Italian poker only, "
            f"not {flush_by_suit!r} in {rules.name}"
        )
    if not rules.suit_ties:
        return Game(rules)
    flush_first = flush_by_suit is not False
    return Game(rules, flush_first, italian_tables(rules, flush_first))


HIGH = resolve("high")  # standard high, the game of hold'em's tables (abstraction, matrix)
