"""The numpydoc texts of the parameters that several public functions share, each written once.

A docstring names a shared parameter by a line holding only ``{name}`` in its Parameters
section, and `shared_parameters` puts the whole entry there (the ``name : type`` line and its
description, at that line's indent) when the function is defined, so that ``help()``,
`inspect.getdoc` and the documentation site (through ``scripts/griffe_shared_parameters.py``)
show the full text. Lines indented below the placeholder go on with the entry's description
(what the parameter means for that function alone). Numba-stats does the same with its
``_doc_par``.

>>> @shared_parameters
... def rank(cards: str, *, game: str = "high") -> int:
...     '''The strength of a hand.
...
...     Parameters
...     ----------
...     cards : str
...         A hand.
...     {game}
...     '''
...     return 0
>>> print(rank.__doc__.split("----------")[1].rstrip())
<BLANKLINE>
    cards : str
        A hand.
    game : str or Game, default "high"
        How hands rank: a name of `pokerlut.games()` or a `Game`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

# Each entry as a docstring holds it at its own indent: the `name : type` line, then the
# description indented four spaces. Keyed by the parameter's name, or by the name and what
# sets its text apart where the same parameter means something narrower in a few functions.
PARAMETERS: dict[str, str] = {
    "game": """\
game : str or Game, default "high"
    How hands rank: a name of `pokerlut.games()` or a `Game`.""",
    "game_in_place_of_deal": """\
game : str or Game, optional
    The high (or only) hand's game in place of the deal's own: a name of
    `pokerlut.games()`, a ranking built into the tables' path, or a `Game`.""",
    "wild": """\
wild : str, optional
    Wild cards: "jokers", "bug" or "deuces" (see `pokerlut.rules.WILD_MODES`); only
    beside a game's name.""",
    "flush_by_suit": """\
flush_by_suit : bool, optional
    Italian poker only: False ranks flushes by their cards before their suit.""",
    "threads": """\
threads : int, optional
    numba threads for this call (default: the caller's `numba.get_num_threads()`).""",
    "board_flop_or_turn": """\
board : cards
    The flop (3 cards) or the turn (4 cards).""",
    "dead": """\
dead : cards, optional
    Cards out of play.""",
}

# A line that is only a placeholder: its indent, then {name}
PLACEHOLDER = re.compile(r"^( *)\{(\w+)\}$", re.MULTILINE)


def fill(doc: str) -> str:
    """`doc` with each placeholder line replaced by its parameter's text, at the line's indent.

    >>> print(fill("Parameters\\n----------\\n{dead}"))
    Parameters
    ----------
    dead : cards, optional
        Cards out of play.
    >>> fill("    {deck}")
    Traceback (most recent call last):
    ...
    ValueError: no shared parameter text 'deck' (pokerlut/_docs.py PARAMETERS)
    """

    def entry(match: re.Match[str]) -> str:
        indent, name = match.groups()
        if name not in PARAMETERS:
            raise ValueError(f"no shared parameter text {name!r} (pokerlut/_docs.py PARAMETERS)")
        return "\n".join(indent + line for line in PARAMETERS[name].splitlines())

    return PLACEHOLDER.sub(entry, doc)


def shared_parameters(function: F) -> F:
    """A decorator: the function itself, its docstring's placeholders filled (`fill`)."""
    if function.__doc__:  # None under python -OO
        function.__doc__ = fill(function.__doc__)
    return function
