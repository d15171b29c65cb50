"""Conversions between pokerlut's numbers and those of other evaluators.

Only two things need converting (the guide `docs/migrating.md` covers the rest):

- treys' cards: 32-bit ints in Cactus Kev's layout (prime, rank, suit bit, rank bit), where
  pokerlut's card is ``4 * rank + suit``: `to_treys`, `from_treys`.
- Cactus Kev's hand ranks, which treys and phevaluator return: 1 (royal flush) .. 7462
  (7-5-4-3-2 offsuit), lower wins, where pokerlut's high strength is 1 .. 7462, higher wins;
  one is 7463 minus the other: `to_cactus_kev`, `from_cactus_kev`.

phevaluator's cards are pokerlut's card ints already, eval7's and pokerkit's cards are read
and written as text (eval7's also as ``4 * card.rank + card.suit``), and a pokerkit high hand
carries pokerlut's strength minus one (``hand.entry.index``): none of them needs a function.

Each function takes one value (an int, returned as an int) or many (a sequence or an integer
array of any shape, returned as an array of that shape), and raises TypeError for anything
else and ValueError naming the first value out of range. No other evaluator is imported.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeAlias, overload

import numpy as np
import numpy.typing as npt

from ._kernels.encoding import PRIMES

__all__ = ["from_cactus_kev", "from_treys", "to_cactus_kev", "to_treys"]

Ints: TypeAlias = "Sequence[int | np.integer[Any]] | npt.NDArray[np.integer[Any]]"
Int: TypeAlias = "int | np.integer[Any]"

CACTUS_KEV_WORST = 7462  # 7-5-4-3-2 offsuit in Cactus Kev's order; 1 is a royal flush

_SUIT_BIT = (8, 4, 2, 1)  # treys' suit bits of c, d, h, s (pokerlut's suits 0..3)


def _treys_card(card: int) -> int:
    """treys' int of pokerlut's card: rank bit << 16 | suit bit << 12 | rank << 8 | prime."""
    rank, suit = divmod(card, 4)
    return 1 << (16 + rank) | _SUIT_BIT[suit] << 12 | rank << 8 | PRIMES[rank]


TREYS = np.array([_treys_card(card) for card in range(52)], dtype=np.int64)
_SUIT_OF_BIT = np.full(16, -1, dtype=np.int64)  # treys' suit bit -> pokerlut's suit
_SUIT_OF_BIT[list(_SUIT_BIT)] = range(4)


def _checked(
    values: Any, what: str, top: int, allowed: str, bottom: int = 0
) -> tuple[npt.NDArray[np.int64], bool]:
    """`values` as an int64 array, and whether it was one value. TypeError for what is not an
    int, a sequence of ints or an integer array; ValueError naming the first value outside
    `bottom` .. `top` as not `allowed`."""
    if isinstance(values, (int, np.integer)) and not isinstance(values, (bool, np.bool_)):
        if not bottom <= values <= top:
            raise ValueError(f"{what} {values} is not {allowed}")
        return np.array([values], dtype=np.int64), True
    if isinstance(values, (str, bytes)) or not isinstance(values, (Sequence, np.ndarray)):
        raise TypeError(
            f"{what}s must be an int, a sequence of ints or an integer array, not {type(values).__name__}"
        )
    array = np.asarray(values)
    if array.size == 0:  # [] is float64 to numpy
        return array.astype(np.int64), False
    if array.dtype.kind not in "iu":
        raise TypeError(f"{what}s must be ints, not {array.dtype}")
    _refuse(array, (array < bottom) | (array > top), what, allowed)
    return array.astype(np.int64), False


def _refuse(
    array: npt.NDArray[np.integer[Any]],
    bad: npt.NDArray[np.bool_],
    what: str,
    allowed: str,
    one: bool = False,
) -> None:
    """ValueError naming the first value of `array` flagged in `bad`, if any."""
    if bad.any():
        index = np.unravel_index(int(np.argmax(bad)), bad.shape)
        at = tuple(map(int, index)) if len(index) > 1 else int(index[0])
        raise ValueError(f"{what} {array[index]}{'' if one else f' at index {at}'} is not {allowed}")


@overload
def to_treys(cards: Int) -> int: ...
@overload
def to_treys(cards: Ints) -> npt.NDArray[np.int64]: ...
def to_treys(cards: Int | Ints) -> int | npt.NDArray[np.int64]:
    """treys' card ints (``treys.Card.new``) of pokerlut's card ints.

    Parameters
    ----------
    cards : int, sequence of ints or integer array
        pokerlut's cards, ``4 * rank + suit``, 0 (2c) .. 51 (As). treys has no jokers.

    Returns
    -------
    int or numpy.ndarray
        treys' 32-bit card int of each card: an int for an int, else an int64 array of the
        same shape.

    Raises
    ------
    TypeError
        `cards` is not an int, a sequence of ints or an integer array.
    ValueError
        A card is not 0 .. 51 (the message names it).

    Examples
    --------
    >>> from pokerlut import parse_cards
    >>> to_treys(51)  # As: treys.Card.new("As")
    268442665
    >>> to_treys(parse_cards("Ah Kd"))
    array([268446761, 134236965])
    >>> to_treys(52)
    Traceback (most recent call last):
    ...
    ValueError: card 52 is not a card of 0..51 (2c..As): treys has no jokers
    """
    array, one = _checked(cards, "card", 51, "a card of 0..51 (2c..As): treys has no jokers")
    converted = TREYS[array]
    return int(converted[0]) if one else converted


@overload
def from_treys(cards: Int) -> int: ...
@overload
def from_treys(cards: Ints) -> npt.NDArray[np.uint8]: ...
def from_treys(cards: Int | Ints) -> int | npt.NDArray[np.uint8]:
    """pokerlut's card ints of treys' card ints.

    Parameters
    ----------
    cards : int, sequence of ints or integer array
        treys' 32-bit card ints, as ``treys.Card.new`` makes them.

    Returns
    -------
    int or numpy.ndarray
        pokerlut's card, ``4 * rank + suit``: an int for an int, else a uint8 array of the
        same shape (what ``pokerlut.evaluate`` and ``pokerlut.evaluate_batch`` take).

    Raises
    ------
    TypeError
        `cards` is not an int, a sequence of ints or an integer array.
    ValueError
        A value is not one of treys' 52 card ints (the message names it).

    Examples
    --------
    >>> from pokerlut import evaluate, format_cards
    >>> from_treys(268442665)  # treys.Card.new("As")
    51
    >>> hand = [268446761, 134236965, 67115551, 33564957, 16812055]  # Ah Kd Qs Jh Tc
    >>> format_cards(from_treys(hand)), evaluate(from_treys(hand))
    ('Ah Kd Qs Jh Tc', 5863)
    >>> from_treys(12345)
    Traceback (most recent call last):
    ...
    ValueError: treys card int 12345 is not one of treys' 52 card ints
    """
    allowed = "one of treys' 52 card ints"
    array, one = _checked(cards, "treys card int", 2**29, allowed)
    card = 4 * ((array >> 8) & 0xF) + _SUIT_OF_BIT[(array >> 12) & 0xF]
    card = np.clip(card, 0, 51)  # a card where treys' whole int is that card's, checked here
    _refuse(array, TREYS[card] != array, "treys card int", allowed, one)
    converted = card.astype(np.uint8)
    return int(converted[0]) if one else converted


def _flip(values: Any, what: str, other: str) -> int | npt.NDArray[np.uint16]:
    """7463 - values, each checked to be in 1 .. 7462."""
    array, one = _checked(values, what, CACTUS_KEV_WORST, f"in 1..{CACTUS_KEV_WORST}{other}", bottom=1)
    flipped = (CACTUS_KEV_WORST + 1 - array).astype(np.uint16)
    return int(flipped[0]) if one else flipped


@overload
def to_cactus_kev(strength: Int) -> int: ...
@overload
def to_cactus_kev(strength: Ints) -> npt.NDArray[np.uint16]: ...
def to_cactus_kev(strength: Int | Ints) -> int | npt.NDArray[np.uint16]:
    """Cactus Kev's hand rank (treys', phevaluator's) of pokerlut's high-game strength.

    Cactus Kev's rank is 1 for a royal flush .. 7462 for 7-5-4-3-2 offsuit, lower wins;
    pokerlut's strength runs the other way, so the rank is ``7463 - strength``.

    Parameters
    ----------
    strength : int, sequence of ints or integer array
        Strengths of standard high poker (``pokerlut.evaluate`` with ``game="high"``),
        1 .. 7462.

    Returns
    -------
    int or numpy.ndarray
        The rank of each strength: an int for an int, else a uint16 array of the same shape.

    Raises
    ------
    TypeError
        `strength` is not an int, a sequence of ints or an integer array.
    ValueError
        A strength is not 1 .. 7462 (the message names it): five of a kind (7463 .. 7475,
        wild cards) and 0 (no qualifying hand) have no Cactus Kev rank.

    Examples
    --------
    >>> from pokerlut import evaluate, evaluate_batch
    >>> to_cactus_kev(evaluate("As Ks Qs Js Ts")), to_cactus_kev(evaluate("7c 5d 4h 3s 2c"))
    (1, 7462)
    >>> to_cactus_kev(evaluate_batch([[51, 47, 43, 39, 35], [0, 5, 9, 13, 20]]))
    array([   1, 7462], dtype=uint16)
    >>> to_cactus_kev(7475)
    Traceback (most recent call last):
    ...
    ValueError: strength 7475 is not in 1..7462 (standard high poker's strengths)
    """
    return _flip(strength, "strength", " (standard high poker's strengths)")


@overload
def from_cactus_kev(rank: Int) -> int: ...
@overload
def from_cactus_kev(rank: Ints) -> npt.NDArray[np.uint16]: ...
def from_cactus_kev(rank: Int | Ints) -> int | npt.NDArray[np.uint16]:
    """pokerlut's high-game strength of Cactus Kev's hand rank (treys', phevaluator's).

    The strength is ``7463 - rank``.

    Parameters
    ----------
    rank : int, sequence of ints or integer array
        Cactus Kev's ranks, 1 (royal flush) .. 7462 (7-5-4-3-2 offsuit), lower wins.

    Returns
    -------
    int or numpy.ndarray
        pokerlut's strength of each rank, higher wins: an int for an int, else a uint16 array
        of the same shape.

    Raises
    ------
    TypeError
        `rank` is not an int, a sequence of ints or an integer array.
    ValueError
        A rank is not 1 .. 7462 (the message names it).

    Examples
    --------
    >>> from pokerlut import describe
    >>> from_cactus_kev(1), describe(from_cactus_kev(1))
    (7462, 'Royal flush')
    >>> from_cactus_kev([166, 167])  # treys: the worst four of a kind, the best full house
    array([7297, 7296], dtype=uint16)
    >>> from_cactus_kev(0)
    Traceback (most recent call last):
    ...
    ValueError: rank 0 is not in 1..7462 (Cactus Kev's ranks)
    """
    return _flip(rank, "rank", " (Cactus Kev's ranks)")
