"""Games as data: a frozen `Rules` value says everything a ranking needs.

The table build reads a `Rules` and generates that game's tables; the kernels, the wrappers and
the descriptions read the tables and the `Rules`, never a game's name. A new ranking is a new
`Rules` value in `GAMES`, not new code.

>>> rules("deuce-to-seven").ace, rules("deuce-to-seven").low
('high', True)
>>> [r for r in games()][:3]
['high', 'ace-to-five', 'deuce-to-seven']
"""

from __future__ import annotations

import dataclasses
from typing import Any
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from ._cards import RANKS
from ._deprecation import renamed_attribute
from .folders import built_rules
from ._names import Category

C = Category
HIGH_ORDER = (
    C.HIGH_CARD,
    C.ONE_PAIR,
    C.TWO_PAIR,
    C.THREE_OF_A_KIND,
    C.STRAIGHT,
    C.FLUSH,
    C.FULL_HOUSE,
    C.FOUR_OF_A_KIND,
    C.STRAIGHT_FLUSH,
)
ALL_RANKS = tuple(range(13))  # 2, 3, ..., K, A
# Badugi's categories, the number of cards that play, from the lowest hand (a badugi: the lowest
# hand wins) to the highest, as `Rules.order` lists them in a low game
BADUGI_ORDER = (C.BADUGI, C.THREE_CARD, C.TWO_CARD, C.ONE_CARD)
FORMS = ("poker", "badugi")


@dataclass(frozen=True)
class WildCards:
    """Which cards are wild, and what they may stand for: the two jokers always (cards 52 and
    53), every card of `ranks` too (deuces wild: rank 0), and with `bug` a joker is only an
    ace or the card that completes a straight, a flush or a straight flush (in high games).

    >>> WILD["deuces"].cards, WILD["deuces"].deck_sizes, WILD["bug"].deck_sizes
    ((0, 1, 2, 3, 52, 53), (52, 53, 54), (53, 54))
    """

    name: str
    ranks: tuple[int, ...] = ()
    bug: bool = False

    @property
    def cards(self) -> tuple[int, ...]:
        return tuple(4 * r + s for r in self.ranks for s in range(4)) + (52, 53)

    @property
    def deck_sizes(self) -> tuple[int, ...]:
        """The deck sizes a game with these wild cards is dealt from: with the jokers (53 or
        54 cards), and without them (52) when natural cards are wild too. (Until this release
        `decks`: that name still reads it, with a `DeprecationWarning`.)"""
        return ((52,) if self.ranks else ()) + (53, 54)

    decks = renamed_attribute("WildCards", "decks", "deck_sizes")


WILD = {w.name: w for w in (WildCards("jokers"), WildCards("bug", bug=True), WildCards("deuces", ranks=(0,)))}


@dataclass(frozen=True)
class Rules:
    """One ranking of poker hands: of five cards (the best five of 5, 6 or 7), or of Badugi
    hands (4 cards, or the best four of 5).

    - `form`: "poker" (a hand is its best five cards, in poker's categories) or "badugi" (a
      hand is its largest set of cards of different ranks and different suits, of four or five
      cards: a four-card badugi beats any three-card hand, and so on; equal sizes compare the
      highest card, then the next, lower wins; `ace` is "low" or "high", `low` is True, `order`
      is `BADUGI_ORDER`, no straights, flushes, qualifier or wild cards).
    - `ranks`: the ranks in the deck (0..12 = 2..A), each in all four suits: from one rank up
      to the ace (so a deck is the cards from its lowest up to 51).
    - `ace`: "high" (above the king only), "low" (below the lowest rank only) or "both" (high,
      and low in the lowest straight: A-2-3-4-5, or A-6-7-8-9 in a deck from the six).
    - `straights`, `flushes`: whether they are hands at all (lows: A-5 ignores both).
    - `order`: the categories from the lowest to the highest hand.
    - `low`: the lowest hand wins (the order above is reversed for the strength).
    - `qualifier`: for lows, the highest rank a qualifying hand may hold (five distinct ranks,
      ace low); other hands get strength 0.
    - `best_name`: what players call the best hand of a low game, if it has a name.
    - `wild`: None, or which cards are wild (`WildCards`, one of `WILD`): "jokers" (each joker
      stands for any card), "bug" (a joker is an ace, or completes a straight, a flush or a
      straight flush), "deuces" (every 2 is wild, and the jokers too). A wild game is made by
      `rules(game, wild)`; in high games five of a kind ranks above the straight flush.
    - `suit_ties`: hands of equal ranks are told apart by the suit of one card, hearts >
      diamonds > clubs > spades (Italian poker; `pokerlut.italian` says which card).
    - `cycle`: straight flushes of different kinds beat each other in a cycle, royal > middle >
      minimum > royal (Italian poker), so no single number orders every pair of hands.
    """

    name: str
    summary: str
    ranks: tuple[int, ...] = ALL_RANKS
    ace: str = "both"
    straights: bool = True
    flushes: bool = True
    order: tuple[Category, ...] = HIGH_ORDER
    low: bool = False
    qualifier: int | None = None
    best_name: str | None = None
    wild: WildCards | None = None
    suit_ties: bool = False
    cycle: bool = False
    form: str = "poker"

    @classmethod
    def from_dict(cls, fields: dict[str, Any]) -> Rules:
        """The `Rules` a manifest records (its "rules": every field, the order by category name).

        >>> import json
        >>> from pokerlut.folders import game_folder
        >>> manifest = json.loads((game_folder("high+deuces") / "manifest.json").read_text())
        >>> Rules.from_dict(manifest["rules"]) == rules("high+deuces")
        True
        """
        wild = fields.get("wild")
        return cls(
            **{
                **fields,
                "ranks": tuple(fields["ranks"]),
                "order": tuple(Category[c] for c in fields["order"]),
                "wild": WildCards(wild["name"], tuple(wild["ranks"]), wild["bug"]) if wild else None,
            }
        )

    @cached_property
    def deck(self) -> npt.NDArray[np.uint8]:
        """The game's cards, increasing (the two jokers too in a game with wild cards)."""
        jokers = [52, 53] if self.wild else []
        return np.array([4 * r + s for r in self.ranks for s in range(4)] + jokers, dtype=np.uint8)

    def deck_of(self, size: int | None = None) -> npt.NDArray[np.uint8]:
        """The cards dealt: the game's deck, and in a game with wild cards the first `size`
        of them (52, 53 or 54: `WildCards.deck_sizes`; default the first of those); ValueError
        naming a size the game is not dealt with.

        >>> len(rules("high", wild="jokers").deck_of(54)), len(rules("short-deck").deck_of())
        (54, 36)
        """
        if not self.wild:
            if size not in (None, len(self.deck)):
                raise ValueError(f"the {self.name} deck has {len(self.deck)} cards, not {size!r}")
            return self.deck
        decks = self.wild.deck_sizes
        size = size if size is not None else decks[0]
        if size not in decks:
            raise ValueError(
                f"deck_size must be {' or '.join(map(str, decks))} cards with wild={self.wild.name!r}, not {size!r}"
            )
        return self.deck[:size]

    @cached_property
    def wild_cards(self) -> tuple[int, ...]:
        """The cards that are wild (none without wild cards)."""
        return self.wild.cards if self.wild else ()

    @property
    def badugi(self) -> bool:
        """Whether the game ranks Badugi hands (`form`)."""
        return self.form == "badugi"

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards a hand may have: 5, 6 or 7 (the best five), 5 in Italian poker, 4 or
        5 (the best four) in Badugi."""
        if self.badugi:
            return (4, 5)
        return (5,) if self.suit_ties else (5, 6, 7)

    def five_card_only(self, what: str) -> None:
        """Raise ValueError saying that `what` is for five-card poker alone, when this game
        ranks Badugi hands.

        >>> rules("badugi").five_card_only("Omaha")
        Traceback (most recent call last):
        ...
        ValueError: Omaha: five-card poker only; badugi ranks Badugi hands (4 or 5 cards), which evaluate, evaluate_batch, compare, compare_batch, winners, describe, category and count_hands take
        """
        if self.badugi:
            raise ValueError(
                f"{what}: five-card poker only; {self.name} ranks Badugi hands (4 or 5 cards), which "
                "evaluate, evaluate_batch, compare, compare_batch, winners, describe, category and "
                "count_hands take"
            )

    @cached_property
    def deck_text(self) -> str:
        """'52 cards' or '36 cards, 6 to A'."""
        low = RANKS[self.ranks[0]]
        return (
            f"{len(self.deck)} cards"
            + ("" if low == "2" else f", {low} to A")
            + (", jokers included" if self.wild else "")
        )

    def value(self, rank: int) -> int:
        """The rank's place in comparisons: the ace is 12, or -1 when it plays low only."""
        return -1 if rank == 12 and self.ace == "low" else rank

    def straight(self, ranks: frozenset[int]) -> list[int] | None:
        """The ranks of the straight that five distinct ranks make, top first, or None.

        >>> rules("short-deck").straight(frozenset({12, 4, 5, 6, 7}))  # A-6-7-8-9
        [7, 6, 5, 4, 12]
        """
        if not self.straights or len(ranks) != 5:
            return None
        sequence = sorted(self.ranks, key=self.value)  # the ranks in playing order
        if self.ace == "both":
            sequence = [12, *sequence]  # the ace also sits below the lowest rank
        for start in range(len(sequence) - 4):
            if set(sequence[start : start + 5]) == ranks:
                return sequence[start : start + 5][::-1]
        return None

    def classify(self, ranks: tuple[int, ...], flush: bool) -> tuple[Category, list[int]]:
        """Category and ranks by significance of five cards given as ranks and a flush flag.

        >>> rules("high").classify((12, 3, 2, 1, 0), False)  # the wheel
        (<Category.STRAIGHT: 4>, [3, 2, 1, 0, 12])
        >>> rules("ace-to-five").classify((12, 3, 2, 1, 0), True)
        (<Category.HIGH_CARD: 0>, [3, 2, 1, 0, 12])
        """
        flush = flush and self.flushes
        straight = self.straight(frozenset(ranks))
        if straight is not None:
            return (C.STRAIGHT_FLUSH if flush else C.STRAIGHT), straight
        count = {r: ranks.count(r) for r in set(ranks)}
        by_significance = sorted(ranks, key=lambda r: (count[r], self.value(r)), reverse=True)
        if flush:
            return C.FLUSH, by_significance
        shape = tuple(sorted(count.values(), reverse=True))
        category = {
            (5,): C.FIVE_OF_A_KIND,
            (4, 1): C.FOUR_OF_A_KIND,
            (3, 2): C.FULL_HOUSE,
            (3, 1, 1): C.THREE_OF_A_KIND,
            (2, 2, 1): C.TWO_PAIR,
            (2, 1, 1, 1): C.ONE_PAIR,
        }.get(shape, C.HIGH_CARD)
        return category, by_significance

    def key(self, ranks: tuple[int, ...], flush: bool) -> tuple[int, ...] | None:
        """A tuple that orders five cards as the game does (bigger wins), or None when the hand
        does not qualify."""
        category, significance = self.classify(ranks, flush)
        if self.qualifier is not None and (
            len(set(ranks)) != 5 or max(self.value(r) for r in ranks) > self.qualifier
        ):
            return None
        place = (self.order.index(category), *(self.value(r) for r in significance))
        return tuple(-v for v in place) if self.low else place

    def badugi_key(self, ranks: tuple[int, ...]) -> tuple[int, ...]:
        """A tuple that orders the values of Badugi hands as the game does (bigger wins): a
        hand's value is the ranks of its cards of different ranks and suits (1 to 4 ranks).

        >>> g = rules("badugi")
        >>> g.badugi_key((0, 1, 2, 12)) > g.badugi_key((0, 1, 2, 3)) > g.badugi_key((0, 1, 2))
        True
        >>> rules("badugi-deuce-to-seven").badugi_key((0, 1, 2, 3)) > rules("badugi-deuce-to-seven").badugi_key((0, 1, 2, 12))
        True
        """
        category = BADUGI_ORDER[4 - len(ranks)]
        place = (self.order.index(category), *sorted((self.value(r) for r in ranks), reverse=True))
        return tuple(-v for v in place) if self.low else place

    def __post_init__(self) -> None:
        """Refuse fields that contradict each other (ValueError)."""
        if self.ace not in ("high", "low", "both"):
            raise ValueError(f"{self.name}: ace must be 'high', 'low' or 'both', not {self.ace!r}")
        if self.form not in FORMS:
            raise ValueError(f"{self.name}: form must be 'poker' or 'badugi', not {self.form!r}")
        if self.badugi and (
            self.ace == "both"
            or not self.low
            or self.order != BADUGI_ORDER
            or self.straights
            or self.flushes
            or self.qualifier is not None
            or self.wild is not None
            or self.suit_ties
            or self.ranks != ALL_RANKS
        ):
            raise ValueError(
                f"{self.name}: a Badugi ranking has the ace 'low' or 'high', low=True, "
                "order=BADUGI_ORDER, the whole deck, and no straights, flushes, qualifier, wild "
                "cards or suit ties"
            )
        if self.ranks != tuple(range(self.ranks[0], 13)) or len(self.ranks) < 5:
            raise ValueError(f"{self.name}: the ranks run from one rank up to the ace")
        if self.wild is not None and not isinstance(self.wild, WildCards):
            raise ValueError(f"{self.name}: wild must be a WildCards value (pokerlut.rules.WILD)")


FLUSH_OVER_FULL_HOUSE = (
    C.HIGH_CARD,
    C.ONE_PAIR,
    C.TWO_PAIR,
    C.THREE_OF_A_KIND,
    C.STRAIGHT,
    C.FULL_HOUSE,
    C.FLUSH,
    C.FOUR_OF_A_KIND,
    C.STRAIGHT_FLUSH,
)

GAMES: dict[str, Rules] = {
    r.name: r
    for r in (
        Rules("high", "standard high poker: hold'em, stud, draw"),
        Rules(
            "ace-to-five",
            "lowball, razz: ace low, straights and flushes ignored, 5-4-3-2-A best",
            ace="low",
            straights=False,
            flushes=False,
            low=True,
            best_name="Wheel",
        ),
        Rules(
            "deuce-to-seven",
            "Kansas City lowball: ace high, straights and flushes count, 7-5-4-3-2 offsuit best",
            ace="high",
            low=True,
            best_name="Number one",
        ),
        Rules(
            "ace-to-six",
            "London lowball: ace low, straights and flushes count, 6-4-3-2-A offsuit best",
            ace="low",
            low=True,
        ),
        Rules(
            "eight-or-better",
            "the low half of hi-lo games: five ranks 8 or lower, ace low, else no low (0)",
            ace="low",
            straights=False,
            flushes=False,
            low=True,
            qualifier=6,
            best_name="Wheel",
        ),
        Rules(
            "short-deck",
            "six-plus hold'em: 36 cards, A-6-7-8-9 a straight, flush beats full house",
            ranks=tuple(range(4, 13)),
            order=FLUSH_OVER_FULL_HOUSE,
        ),
        Rules(
            "short-deck-trips",
            "short deck where three of a kind also beats a straight",
            ranks=tuple(range(4, 13)),
            order=(
                C.HIGH_CARD,
                C.ONE_PAIR,
                C.TWO_PAIR,
                C.STRAIGHT,
                C.THREE_OF_A_KIND,
                C.FULL_HOUSE,
                C.FLUSH,
                C.FOUR_OF_A_KIND,
                C.STRAIGHT_FLUSH,
            ),
        ),
    )
}


# Badugi: four cards (or the best four of five, as in Badacey and Badeucy), ace low or high
BADUGI = Rules(
    "badugi",
    "Badugi: 4 cards (or the best 4 of 5), the most of different ranks and suits, ace low, 4-3-2-A best",
    ace="low",
    straights=False,
    flushes=False,
    order=BADUGI_ORDER,
    low=True,
    form="badugi",
)
BADUGI_GAMES: dict[str, Rules] = {
    r.name: r
    for r in (
        BADUGI,
        dataclasses.replace(
            BADUGI,
            name="badugi-deuce-to-seven",
            summary="Badugi with the ace high, as in Badeucy: 4 cards (or the best 4 of 5), 5-4-3-2 best",
            ace="high",
        ),
    )
}


# Wild modes offered per game: the game's rules with five of a kind (high games) and the wild
# cards. In ace-to-five the joker and the bug alike become the lowest rank the hand lacks.
WILD_MODES = {"high": ("jokers", "bug", "deuces"), "ace-to-five": ("jokers", "bug")}


def _with_wild(base: Rules, wild: str) -> Rules:
    order = base.order if base.low else (*base.order, C.FIVE_OF_A_KIND)
    return dataclasses.replace(
        base,
        name=f"{base.name}+{wild}",
        wild=WILD[wild],
        order=order,
        summary=f"{base.name} with {wild} wild",
    )


WILD_GAMES: dict[str, Rules] = {
    f"{game}+{wild}": _with_wild(GAMES[game], wild) for game, modes in WILD_MODES.items() for wild in modes
}

ITALIAN_PLAYERS = range(2, 10)
# Italian closed poker: with N players the deck keeps the ranks from 11 - N up to the ace.
ITALIAN_GAMES: dict[str, Rules] = {
    f"italian-{n}": Rules(
        f"italian-{n}",
        f"Italian closed poker, {n} players: {4 * (n + 4)} cards, flush beats "
        "full house, suits break ties, straight flushes in a cycle",
        ranks=tuple(range(9 - n, 13)),
        order=FLUSH_OVER_FULL_HOUSE,
        suit_ties=True,
        cycle=True,
    )
    for n in ITALIAN_PLAYERS
}


def rules(game: str | Rules, wild: str | None = None) -> Rules:
    """The `Rules` of a game name, with wild cards if `wild` is given (a `Rules` is returned
    as it is). Italian poker's name holds its number of players, which sets the deck:
    "italian-2" .. "italian-9".

    >>> rules("high", wild="jokers").name, rules("high+jokers").order[-1].name
    ('high+jokers', 'FIVE_OF_A_KIND')
    >>> rules("italian-4").deck_text
    '32 cards, 7 to A'
    >>> rules("deuce-to-seven", wild="bug")
    Traceback (most recent call last):
    ...
    ValueError: wild='bug' is not offered in deuce-to-seven; wild cards go with: high (jokers, bug, deuces), ace-to-five (jokers, bug)

    >>> rules("short-deck").deck_text
    '36 cards, 6 to A'
    >>> rules("italian")
    Traceback (most recent call last):
    ...
    ValueError: game 'italian' needs its number of players, 2..9 (it sets the deck): 'italian-2' .. 'italian-9'
    """
    if (
        isinstance(game, str)
        and (game == "italian" or game.startswith("italian-"))
        and (game not in ITALIAN_GAMES or wild is not None)
    ):
        if wild is not None:
            raise ValueError(f"wild={wild!r} is not offered in Italian poker")
        raise ValueError(
            f"game {game!r} needs its number of players, 2..9 (it sets the deck): 'italian-2' .. 'italian-9'"
        )
    if not isinstance(game, (str, Rules)):
        raise TypeError(f"game must be a name of pokerlut.games(), not {type(game).__name__}: {game!r}")
    if isinstance(game, Rules) and wild is None:
        return game
    if isinstance(game, str) and wild is None:
        for named in (GAMES, WILD_GAMES, ITALIAN_GAMES, BADUGI_GAMES, _BUILT):
            if game in named:
                return named[game]
        recorded = built_rules(game)  # a ranking built into a folder of the tables' path
        if recorded is not None:
            _BUILT[game] = Rules.from_dict(recorded)
            return _BUILT[game]
    if not (isinstance(game, str) and (game in GAMES or game in BADUGI_GAMES)):
        raise ValueError(
            f"unknown game {game!r}; the games are: {', '.join(GAMES)}, italian-2 .. italian-9, "
            + ", ".join(BADUGI_GAMES)
        )
    if not isinstance(wild, str) or f"{game}+{wild}" not in WILD_GAMES:
        offered = "; ".join(f"{g} ({', '.join(m)})" for g, m in WILD_MODES.items())
        raise ValueError(
            f"wild={wild!r} is not offered in {game}; wild cards go with: " + offered.replace("; ", ", ")
        )
    return WILD_GAMES[f"{game}+{wild}"]


_BUILT: dict[str, Rules] = {}  # rankings found in the tables' folders (`folders.built_rules`)


def games() -> dict[str, str]:
    """Every game's name and one line about it.

    A game is how hands rank: its name is what `game=` takes ("high", "deuce-to-seven",
    "italian-2" .. "italian-9", ...); wild cards are `wild=` beside it.

    Returns
    -------
    dict of str to str
        The games' names (the built-in games, then Italian poker's, then Badugi's), each with a
        one-line summary.

    Examples
    --------
    >>> games()["ace-to-five"]
    'lowball, razz: ace low, straights and flushes ignored, 5-4-3-2-A best'
    """
    return {
        **{name: r.summary for name, r in GAMES.items()},
        **{name: r.summary for name, r in ITALIAN_GAMES.items()},
        **{name: r.summary for name, r in BADUGI_GAMES.items()},
    }
