"""Cards: text <-> card ints, and decks.

A card is the int ``4 * rank + suit``:

- rank 0..12 is 2, 3, 4, 5, 6, 7, 8, 9, T, J, Q, K, A;
- suit 0..3 is clubs, diamonds, hearts, spades (``c d h s``, pretty ``♣ ♦ ♥ ♠``).

So ``2c`` is 0, ``As`` is 51. The two jokers are 52 and 53; they are written ``Jk``, ``Jkr`` or
``X`` or ``joker`` (any case, or ``🃏``) and formatted ``Jk``. A joker's text does not say which joker it is:
:func:`parse_cards` numbers the jokers of one hand 52, then 53, in order of appearance.

This module is the validation boundary for hands: :func:`parse_cards` turns whatever the user
gives (text, a list of strings or ints, an integer array) into a fresh 1-D C-contiguous ``uint8``
array, or raises an error that names the bad card and its position. It does not check the number
of cards; the callers do.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from ._deprecation import renamed_keywords

__all__ = [
    "JOKERS",
    "RANKS",
    "SUITS",
    "CardsLike",
    "deck",
    "format_card",
    "format_cards",
    "italian_deck",
    "parse_card",
    "parse_cards",
]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
JOKERS = (52, 53)
MASKED_CARD = 255  # what a masked row holds (`parse_batch(errors="mask")`): no card of any deck

PRETTY_SUITS = "♣♦♥♠"
JOKER_TEXT = "Jk"
PRETTY_JOKER = "🃏"

CardsLike: TypeAlias = (
    "str | int | np.integer[Any] | Sequence[str] | Sequence[int | np.integer[Any]]"
    " | npt.NDArray[np.integer[Any]]"
)

# Suit spellings: letters in either case, the black symbols, and (leniently) the white ones.
SUIT_OF = {s: i for i, s in enumerate(SUITS)}
SUIT_OF |= {s.upper(): i for i, s in enumerate(SUITS)}
SUIT_OF |= {s: i for i, s in enumerate(PRETTY_SUITS)}
SUIT_OF |= {s: i for i, s in enumerate("♧♢♡♤")}
RANK_OF = {r: i for i, r in enumerate(RANKS)} | {r.lower(): i for i, r in enumerate(RANKS)}
RANK_OF["10"] = RANKS.index("T")

# Explicit character classes rather than re.IGNORECASE, which would also accept look-alikes such
# as the Kelvin sign for K. U+FE0F (emoji presentation selector) may follow a suit symbol: "♥️".
_TOKEN = re.compile(
    "(?P<joker>[Jj][Oo][Kk][Ee][Rr]|[Jj][Kk][Rr]?|[Xx]|" + PRETTY_JOKER + ")"
    "|(?P<rank>10|[" + RANKS + RANKS.lower() + "])"
    "(?P<suit>[" + "".join(SUIT_OF) + "])\ufe0f?"
)
SEPARATORS = re.compile(r"[\s,;]+")

_NAMES = [r + s for r in RANKS for s in SUITS] + [JOKER_TEXT] * 2
_PRETTY_NAMES = [r + s for r in RANKS for s in PRETTY_SUITS] + [PRETTY_JOKER] * 2


def _value(text: str) -> int | None:
    """The card int of one card's text (any joker gives 52), or None if the text is no card."""
    m = _TOKEN.fullmatch(text.strip())
    if m is None:
        return None
    if m["joker"]:
        return JOKERS[0]
    return 4 * RANK_OF[m["rank"]] + SUIT_OF[m["suit"]]


def parse_card(text: str) -> int:
    """Parse one card's text into its card int.

    Parameters
    ----------
    text : str
        Rank ``2``-``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A``; suit ``c d h s`` or
        ``♣ ♦ ♥ ♠``; any case, surrounding whitespace allowed. A joker (``Jk``, ``Jkr``,
        ``X``) gives 52.

    Returns
    -------
    int
        The card int, ``4 * rank + suit``: 0 (2c) .. 51 (As), or 52 for a joker.

    Raises
    ------
    TypeError
        `text` that is not a str.
    ValueError
        Text that is not one card.

    Examples
    --------
    >>> [parse_card(text) for text in ("As", "2c", "td", "10♥", "A♠")]
    [51, 0, 33, 34, 51]
    >>> parse_card("Jkr")
    52
    >>> parse_card("Zz")
    Traceback (most recent call last):
    ...
    ValueError: unknown card 'Zz'
    """
    if not isinstance(text, str):
        raise TypeError(f"a card's text must be a str, not {type(text).__name__}: {text!r}")
    value = _value(text)
    if value is None:
        raise ValueError(f"unknown card {text!r}")
    return value


def _split(text: str) -> list[str]:
    """Cut text into one string per card: separators (space, comma, semicolon) are optional."""
    cards: list[str] = []
    for chunk in SEPARATORS.split(text):
        pos = 0
        while pos < len(chunk):
            m = _TOKEN.match(chunk, pos)
            if m is None:
                bad = chunk[pos : pos + (3 if chunk.startswith("10", pos) else 2)]
                where = f" (in {chunk!r})" if bad != chunk else ""
                raise ValueError(f"unknown card {bad!r} at position {len(cards)}{where}")
            cards.append(m[0])
            pos = m.end()
    return cards


def _from_texts(texts: Sequence[str], jokers: bool) -> npt.NDArray[np.uint8]:
    """Card ints of card texts; the jokers are numbered 52, 53 in order of appearance."""
    values: list[int] = []
    n_jokers = 0
    for i, text in enumerate(texts):
        value = _value(text)
        if value is None:
            raise ValueError(f"unknown card {text!r} at position {i}")
        if value in JOKERS:
            if not jokers:
                raise ValueError(
                    f"joker {text!r} at position {i}: jokers are not allowed here (they play"
                    " in games with wild='jokers', 'bug' or 'deuces')"
                )
            if n_jokers == len(JOKERS):
                raise ValueError(f"too many jokers: {text!r} at position {i} is the third")
            value = JOKERS[n_jokers]
            n_jokers += 1
        values.append(value)
    return np.array(values, dtype=np.uint8)


def _from_ints(ints: npt.NDArray[Any], jokers: bool) -> npt.NDArray[np.uint8]:
    """Range-check a 1-D array of ints (integer dtype, or object dtype holding Python ints)."""
    high = JOKERS[-1] if jokers else 51
    bad = np.flatnonzero((ints < 0) | (ints > high))
    if bad.size:
        i = int(bad[0])
        value = int(ints[i])
        if value in JOKERS:
            raise ValueError(
                f"card {value} at position {i} is a joker: jokers are not allowed here (they"
                " play in games with wild='jokers', 'bug' or 'deuces')"
            )
        raise ValueError(f"card {value} at position {i} is out of range 0..{high}")
    return np.array(ints, dtype=np.uint8)


def _check_element_types(items: Sequence[object]) -> type:
    """Return str or int if every item is a str, or every item an int (not bool); else raise."""
    kind: type | None = None
    for i, item in enumerate(items):
        if isinstance(item, (bool, np.bool_)):
            raise TypeError(f"card at position {i} is a bool ({item!r}); expected a card int")
        if isinstance(item, str):
            item_kind: type = str
        elif isinstance(item, (int, np.integer)):
            item_kind = int
        else:
            raise TypeError(
                f"card at position {i} has type {type(item).__name__} ({item!r});"
                " expected a str like 'As' or an int 0..51"
            )
        if kind is not None and item_kind is not kind:
            raise TypeError(
                f"card at position {i} is a {item_kind.__name__} but earlier cards are"
                f" {kind.__name__}s; do not mix card texts and card ints"
            )
        kind = item_kind
    return kind or int


def first_repeat(cards: Sequence[int] | npt.NDArray[np.integer[Any]]) -> tuple[int, int] | None:
    """Where cards (ints 0..255) first repeat: (i, j), j the first position whose card an
    earlier position holds and i that one; None when the cards are distinct. The one check of
    distinct cards on the Python side (the kernels check by counting bits).

    >>> first_repeat([51, 47, 43, 47, 51]), first_repeat([0, 1, 2])
    ((1, 3), None)
    """
    array = np.asarray(cards)
    if array.size == 0 or np.bincount(array.ravel()).max() == 1:  # the usual case, found quickly
        return None
    _, first = np.unique(array, return_index=True)
    repeated = np.ones(array.size, dtype=bool)
    repeated[first] = False
    j = int(np.argmax(repeated))
    return int(np.argmax(array == array[j])), j


def _check_unique(cards: npt.NDArray[np.uint8]) -> None:
    """Raise on the first card that repeats an earlier one."""
    repeat = first_repeat(cards)
    if repeat is not None:
        i, j = repeat
        value = int(cards[j])
        raise ValueError(f"duplicate card {_NAMES[value]!r} ({value}) at positions {i} and {j}")


def parse_cards(cards: CardsLike, *, jokers: bool = False) -> npt.NDArray[np.uint8]:
    """Validate cards and return them as a new 1-D C-contiguous ``uint8`` array of card ints.

    Cards must be distinct. The number of cards is not checked.

    Parameters
    ----------
    cards : str, sequence of str or int, 1-D integer array, or int
        A string of cards with or without separators (spaces, commas, semicolons), a list or
        tuple of card strings, a list or tuple of ints (Python or numpy), a 1-D numpy integer
        array of any integer dtype (or of str), or a single int.
    jokers : bool, default False
        Whether jokers (52, 53, or joker text, numbered 52 then 53 in order) are cards; else
        they are errors.

    Returns
    -------
    numpy.ndarray
        A new 1-D C-contiguous uint8 array of card ints, in the order given.

    Raises
    ------
    TypeError
        `cards` of another type (a bool, a float, a 1-D array of floats), an element that is
        neither a str nor an int, card texts mixed with card ints.
    ValueError
        An unknown card, a card out of range, a joker without ``jokers=True``, a third joker,
        a card given twice, an array that is not 1-D (the message names the card and its
        position).

    Examples
    --------
    >>> parse_cards("As Ks Qs Js Ts").tolist()
    [51, 47, 43, 39, 35]
    >>> parse_cards("10h9h").tolist(), parse_cards(["A♠", "k♥"]).tolist()
    ([34, 30], [51, 46])
    >>> parse_cards(np.array([0, 51], dtype=np.int64))
    array([ 0, 51], dtype=uint8)
    >>> parse_cards("X As jk", jokers=True).tolist()
    [52, 51, 53]
    >>> parse_cards("As Kd As")
    Traceback (most recent call last):
    ...
    ValueError: duplicate card 'As' (51) at positions 0 and 2
    >>> parse_cards([0, 52])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: card 52 at position 1 is a joker: jokers are not allowed here (they play in games ...)
    """
    if isinstance(cards, str):
        result = _from_texts(_split(cards), jokers)
    elif isinstance(cards, (bool, np.bool_)):
        raise TypeError(f"cards must not be a bool: {cards!r}")
    elif isinstance(cards, (int, np.integer)):
        result = _from_ints(np.array([int(cards)], dtype=object), jokers)
    elif isinstance(cards, (list, tuple)):
        if _check_element_types(cards) is str:
            result = _from_texts(cards, jokers)
        else:
            result = _from_ints(np.array([int(c) for c in cards], dtype=object), jokers)
    elif isinstance(cards, np.ndarray):
        if cards.ndim != 1:
            raise ValueError(f"a card array must be 1-D, not {cards.ndim}-D (shape {cards.shape})")
        if cards.dtype.kind in "iu":
            result = _from_ints(cards, jokers)
        elif cards.dtype.kind in "OU":
            return parse_cards(cards.tolist(), jokers=jokers)
        else:
            raise TypeError(f"a card array must have an integer dtype, not {cards.dtype}")
    else:
        raise TypeError(
            "cards must be a str, a list or tuple of str or int, a 1-D integer array or an int,"
            f" not {type(cards).__name__}"
        )
    _check_unique(result)
    return result


def _check_card(card: int) -> int:
    if isinstance(card, (bool, np.bool_)) or not isinstance(card, (int, np.integer)):
        raise TypeError(f"a card must be an int, not {type(card).__name__}: {card!r}")
    if not 0 <= card <= JOKERS[-1]:
        raise ValueError(f"card {card} is out of range 0..{JOKERS[-1]}")
    return int(card)


def format_card(card: int, *, pretty: bool = False) -> str:
    """The text of a card int: ``As``, ``Td`` (T for ten), ``Jk``; pretty: ``A♠``, ``🃏``.

    Parameters
    ----------
    card : int
        A card int, 0 (2c) .. 51 (As), or a joker, 52 or 53.
    pretty : bool, default False
        Suit symbols (``♣ ♦ ♥ ♠``) and ``🃏`` for a joker instead of letters.

    Returns
    -------
    str
        The card's text.

    Raises
    ------
    TypeError
        `card` that is not an int (a bool included).
    ValueError
        `card` outside 0..53.

    Examples
    --------
    >>> format_card(51), format_card(33), format_card(0, pretty=True), format_card(53)
    ('As', 'Td', '2♣', 'Jk')
    """
    return (_PRETTY_NAMES if pretty else _NAMES)[_check_card(card)]


def format_cards(cards: CardsLike, *, pretty: bool = False, sep: str = " ") -> str:
    """The text of several cards, joined by ``sep``.

    Parameters
    ----------
    cards : str, sequence of str or int, 1-D integer array, or int
        Cards, validated by `parse_cards` (jokers allowed), so text is normalised too.
    pretty : bool, default False
        Suit symbols and ``🃏``, as in `format_card`.
    sep : str, default " "
        What goes between two cards.

    Returns
    -------
    str
        The cards' text, in the order given.

    Raises
    ------
    TypeError
        `cards` that are not cards, as `parse_cards` raises.
    ValueError
        An unknown, out-of-range or repeated card, as `parse_cards` raises.

    Examples
    --------
    >>> format_cards([51, 47, 43]), format_cards("as 10h", pretty=True, sep="")
    ('As Ks Qs', 'A♠T♥')
    """
    names = _PRETTY_NAMES if pretty else _NAMES
    return sep.join(names[c] for c in parse_cards(cards, jokers=True).tolist())


_DECK_SIZES = {"standard": 52, "short": 36, "jokers": 54}


def deck(kind: str = "standard") -> npt.NDArray[np.uint8]:
    """A new array of a deck's card ints in increasing order.

    See `italian_deck` for Italian poker.

    Parameters
    ----------
    kind : {"standard", "short", "jokers"}, default "standard"
        ``"standard"``: 52 cards; ``"short"``: 36 cards, 6 to ace (six-plus hold'em);
        ``"jokers"``: the 52 cards and the jokers 52, 53.

    Returns
    -------
    numpy.ndarray
        uint8 card ints, in increasing order.

    Raises
    ------
    TypeError
        `kind` that is not a str.
    ValueError
        An unknown kind of deck.

    Examples
    --------
    >>> len(deck()), format_cards(deck("short")[:2]), deck("jokers")[-2:].tolist()
    (52, '6c 6d', [52, 53])
    """
    if not isinstance(kind, str):
        raise TypeError(f"a deck is named by a str, not {type(kind).__name__}: {kind!r}")
    if kind not in _DECK_SIZES:
        raise ValueError(f"unknown deck {kind!r}; expected one of {', '.join(_DECK_SIZES)}")
    if kind == "short":
        return np.arange(4 * RANKS.index("6"), 52, dtype=np.uint8)
    return np.arange(_DECK_SIZES[kind], dtype=np.uint8)


@renamed_keywords(players="n_players")
def italian_deck(n_players: int) -> npt.NDArray[np.uint8]:
    """The reduced deck of Italian closed poker for 2 to 9 players, card ints in increasing order.

    The lowest rank kept has value ``11 - n_players`` (with 2..14 for deuce..ace): 7 to ace (32
    cards) for 4 players, the whole deck for 9.

    Parameters
    ----------
    n_players : int
        The number of players, 2..9 (until this release the keyword was ``players=``: it
        still works, with a `DeprecationWarning`).

    Returns
    -------
    numpy.ndarray
        uint8 card ints, in increasing order.

    Raises
    ------
    TypeError
        `n_players` that is not an int (a bool included).
    ValueError
        `n_players` outside 2..9.

    Examples
    --------
    >>> len(italian_deck(4)), format_card(italian_deck(4)[0]), len(italian_deck(9))
    (32, '7c', 52)
    """
    if isinstance(n_players, (bool, np.bool_)) or not isinstance(n_players, (int, np.integer)):
        raise TypeError(f"n_players must be an int, not {type(n_players).__name__}: {n_players!r}")
    if not 2 <= n_players <= 9:
        raise ValueError(f"Italian poker is for 2 to 9 players, not {n_players}")
    lowest_rank = (11 - int(n_players)) - 2  # rank value (deuce = 2) to rank index (deuce = 0)
    return np.arange(4 * lowest_rank, 52, dtype=np.uint8)
