"""`pokerlut.evaluate` inside your own `@numba.njit` code, with no tables to pass around.

Registered on import of `pokerlut`: in jitted code, `pokerlut.evaluate(cards)` takes a tuple or
a 1-D array of 5, 6 or 7 card ints (4 or 5 in Badugi) and returns the strength, as in Python.
The game's tables are frozen into the compiled function as constants, so it runs at full speed
with or without numba's reference counting (`_nrt`), and it is checked: a card outside the
game's deck, a repeated card or a wrong number of cards gives 0 (no exception in compiled code,
no read outside the tables). `game` must be a literal string; wild cards and Italian poker are
for Python calls.

>>> import numba, numpy as np, pokerlut
>>> @numba.njit
... def best_of(hands):
...     best = 0
...     for i in range(hands.shape[0]):
...         best = max(best, pokerlut.evaluate(hands[i]))
...     return best
>>> best_of(np.array([[51, 47, 43, 39, 35], [0, 5, 9, 13, 20]], dtype=np.uint8))
7462
>>> numba.njit(lambda: pokerlut.evaluate((51, 51, 43, 39, 35)))()  # a repeated card: 0
0
>>> numba.njit(lambda: pokerlut.evaluate((14, 9, 4, 3, 50), game="ace-to-five"))()  # 5h 4d 3c 2s Ah
6175
>>> numba.njit(lambda: pokerlut.evaluate((51, 10, 5, 0), game="badugi"))()  # As 4h 3d 2c
1092
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import overload

from . import _tables as tables
from ._kernels.table_types import Tables
from ._evaluate import evaluate
from ._kernels.encoding import INVALID_BITS
from ._kernels.badugi import checked_badugi
from ._kernels.core import bit_count, hand_add, hand_empty, hand_strength
from .rules import rules


@njit(inline="always")
def _checked_fixed(t: Tables, cards: Any, width: int) -> Any:
    """Strength of `width` (a literal: the loop unrolls) cards, or 0 if one is not in the
    game's deck (its key carries INVALID_BITS, from tables 256 entries long) or repeats (the
    OR of the cards' bits then has fewer than `width` bits set). Branch-free until the end."""
    hand = hand_empty()
    in_range = True
    for j in range(width):
        card = np.int64(cards[j])
        in_range &= (card >= 0) & (card <= 255)
        card &= 255
        hand = hand_add(t, hand, card)
    strength = np.int64(hand_strength(t, hand, width == 5))
    if in_range and not hand[0] & INVALID_BITS and bit_count(hand[1]) == width:
        return strength
    return np.int64(0)


@njit(inline="always")
def checked_strength(t: Tables, cards: Any) -> Any:
    """Strength of 5, 6 or 7 cards (a tuple or 1-D array of card ints) in the game whose tables
    are `t`, or 0 if they are not that many distinct cards of its deck."""
    n = len(cards)
    if n == 7:
        return _checked_fixed(t, cards, 7)
    if n == 6:
        return _checked_fixed(t, cards, 6)
    if n == 5:
        return _checked_fixed(t, cards, 5)
    return np.int64(0)


def _literal(value: Any, default: Any) -> Any:
    """The Python value of an overload argument: a literal, or an omitted default."""
    if value is None or isinstance(value, (str, bool, int)):  # the overload's own default
        return value
    if isinstance(value, types.Omitted):
        return value.value
    if isinstance(value, types.NoneType):
        return None
    if isinstance(value, types.Literal):
        return value.literal_value
    raise TypingError("pokerlut.evaluate in numba code: game and wild must be literal values")


# numba's stubs leave out its private `_nrt` option. The typing function and `impl` must have
# the same parameters, annotations included (numba checks); numba cannot fold keyword-only
# parameters, so in numba code the options may also be passed by position.
@overload(
    evaluate,
    jit_options={"_nrt": False},  # type: ignore[typeddict-unknown-key]
    inline="always",
)
def _evaluate_jit(
    cards: Any, game: Any = "high", wild: Any = None, flush_by_suit: Any = None
) -> Callable[..., Any]:
    if not isinstance(cards, (types.BaseTuple, types.Array)):
        raise TypingError("pokerlut.evaluate in numba code takes a tuple or 1-D array of cards")
    if isinstance(cards, types.Array) and cards.ndim != 1:
        raise TypingError("pokerlut.evaluate in numba code takes one hand: a 1-D array")
    # every concrete tuple type has .types (BaseTuple itself does not declare it)
    kinds = cards.types if isinstance(cards, types.BaseTuple) else (cards.dtype,)  # type: ignore[attr-defined]
    if not all(isinstance(kind, types.Integer) for kind in kinds):
        raise TypingError("pokerlut.evaluate in numba code takes card ints")
    if _literal(flush_by_suit, None) is not None:
        raise TypingError("Italian poker is evaluated from Python, not in numba code")
    game_rules = rules(_literal(game, "high"), _literal(wild, None))
    if game_rules.wild or game_rules.suit_ties:
        raise TypingError(f"{game_rules.name} is evaluated from Python, not in numba code")
    if game_rules.badugi:
        bt = tables.badugi_tables(game_rules)  # frozen into the compiled code as constants

        def badugi_impl(cards: Any, game: Any = "high", wild: Any = None, flush_by_suit: Any = None) -> Any:
            return checked_badugi(bt, cards)

        return badugi_impl
    t = tables.kernel_tables(game_rules)  # frozen into the compiled code as constants

    def impl(cards: Any, game: Any = "high", wild: Any = None, flush_by_suit: Any = None) -> Any:
        return checked_strength(t, cards)

    return impl
