"""The built-in pay tables (Jacks or Better, the bonus games, Deuces Wild, Joker Poker), and
`paytables()` and `paytable()`, which find them by name."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .._names import Category
from .pays import PayLine, Paytable


def _lines(*rows: tuple[Any, ...]) -> tuple[PayLine, ...]:
    return tuple(PayLine(*row) for row in rows)


_SF, _4K = Category.STRAIGHT_FLUSH, Category.FOUR_OF_A_KIND


def _jacks(
    full_house: int,
    flush: int,
    quads: tuple[tuple[Any, ...], ...],
    two_pair: int = 2,
) -> tuple[PayLine, ...]:
    """Jacks or better and its bonus games: royal, straight flush, the fours, the rest."""
    return _lines(
        ("royal flush", 800, _SF, "A"),
        ("straight flush", 50, _SF),
        *quads,
        ("full house", full_house, Category.FULL_HOUSE),
        ("flush", flush, Category.FLUSH),
        ("straight", 4, Category.STRAIGHT),
        ("three of a kind", 3, Category.THREE_OF_A_KIND),
        ("two pair", two_pair, Category.TWO_PAIR),
        ("jacks or better", 1, Category.ONE_PAIR, "JQKA"),
    )


_DEUCES = (
    PayLine("natural royal flush", 0, _SF, "A", wilds="natural"),
    PayLine("four deuces", 0, wilds=4),
    PayLine("wild royal flush", 0, _SF, "A", wilds="wild"),
    PayLine("five of a kind", 0, Category.FIVE_OF_A_KIND),
    PayLine("straight flush", 0, _SF),
    PayLine("four of a kind", 0, _4K),
    PayLine("full house", 0, Category.FULL_HOUSE),
    PayLine("flush", 0, Category.FLUSH),
    PayLine("straight", 0, Category.STRAIGHT),
    PayLine("three of a kind", 0, Category.THREE_OF_A_KIND),
)


def _deuces(pays: tuple[int, ...]) -> tuple[PayLine, ...]:
    """Deuces wild's ten lines, with these payouts."""
    return tuple(replace(line, pays=pay) for line, pay in zip(_DEUCES, pays))


_BONUS_QUADS = (("four aces", 80, _4K, "A"), ("four 2s-4s", 40, _4K, "234"), ("four 5s-Ks", 25, _4K))
_DDB_QUADS = (
    ("four aces with a 2-4", 400, _4K, "A", "234"),
    ("four aces", 160, _4K, "A"),
    ("four 2s-4s with an A-4", 160, _4K, "234", "A234"),
    ("four 2s-4s", 80, _4K, "234"),
    ("four 5s-Ks", 50, _4K),
)
_JOKER = _lines(
    ("natural royal flush", 800, _SF, "A", None, "natural"),
    ("five of a kind", 200, Category.FIVE_OF_A_KIND),
    ("wild royal flush", 100, _SF, "A", None, "wild"),
    ("straight flush", 50, _SF),
    ("four of a kind", 20, _4K),
    ("full house", 7, Category.FULL_HOUSE),
    ("flush", 5, Category.FLUSH),
    ("straight", 3, Category.STRAIGHT),
    ("three of a kind", 2, Category.THREE_OF_A_KIND),
    ("two pair", 1, Category.TWO_PAIR),
    ("kings or better", 1, Category.ONE_PAIR, "KA"),
)

_BUILT_IN = (
    Paytable("jacks-or-better-9-6", _jacks(9, 6, (("four of a kind", 25, _4K),))),
    Paytable("jacks-or-better-8-5", _jacks(8, 5, (("four of a kind", 25, _4K),))),
    Paytable("bonus-poker-8-5", _jacks(8, 5, _BONUS_QUADS)),
    Paytable("double-double-bonus-9-6", _jacks(9, 6, _DDB_QUADS, two_pair=1)),
    Paytable("deuces-wild", _deuces((800, 200, 25, 15, 9, 5, 3, 2, 2, 1)), wild="deuces"),
    Paytable("not-so-ugly-deuces", _deuces((800, 200, 25, 16, 10, 4, 4, 3, 2, 1)), wild="deuces"),
    Paytable("joker-poker", _JOKER, wild="jokers", jokers=1),
)


def paytables() -> dict[str, Paytable]:
    """The built-in pay tables by name.

    Returns
    -------
    dict of str to Paytable
        Each built-in pay table, by its name (a new dict on each call).

    Examples
    --------
    >>> list(paytables())[:3]
    ['jacks-or-better-9-6', 'jacks-or-better-8-5', 'bonus-poker-8-5']
    """
    return {p.name: p for p in _BUILT_IN}


def paytable(paytable: str | Paytable) -> Paytable:
    """A pay table, or the built-in one of that name.

    Parameters
    ----------
    paytable : str or Paytable
        A name of `paytables()`, or a `Paytable` (returned as it is).

    Returns
    -------
    Paytable
        The pay table.

    Raises
    ------
    TypeError
        `paytable` that is neither a str nor a `Paytable`.
    ValueError
        A name that is not a built-in pay table's (the message lists them).

    Examples
    --------
    >>> paytable("deuces-wild").deck_size
    52
    """
    if isinstance(paytable, Paytable):
        return paytable
    if not isinstance(paytable, str):
        raise TypeError(
            f"a pay table is a Paytable or the name of a built-in one, not "
            f"{type(paytable).__name__}: {paytable!r}"
        )
    found = paytables().get(paytable)
    if found is None:
        raise ValueError(f"unknown pay table {paytable!r}; the built-in ones: {', '.join(paytables())}")
    return found
