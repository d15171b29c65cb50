r"""A PHH record's text read as pokerkit reads it, for the fast path (`fast`): its lines as
fields, TOML numbers (an int, or a Decimal where there is a decimal point, as pokerkit's
``parse_value`` keeps them), strings and arrays of them, and its actions, each text parsed
once and remembered (``p3 f`` is the same fold in every hand).

>>> read_fields("variant = 'NT'\nstarting_stacks = [100, 50.5]")
{'variant': "'NT'", 'starting_stacks': '[100, 50.5]'}
>>> read_numbers("[100, 50.5]"), read_strings("['p1 f', 'p2 cc']")
((100, Decimal('50.5')), ['p1 f', 'p2 cc'])
>>> parse_action("p2 cbr 44"), parse_action("d db 7h8h9c"), parse_action("p1 sm ????")
(('cbr', 1, 44), ('db', -1, (22, 26, 28)), ('sm', 0, (None, None)))
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import cache
from typing import Any

from .._cards import RANKS, SUITS

__all__ = [
    "ACTIONS",
    "CACHE_LIMIT",
    "CARD_TEXT",
    "Action",
    "Number",
    "parse_action",
    "read_fields",
    "read_number",
    "read_numbers",
    "read_string",
    "read_strings",
    "unknown_deals",
]

_CARD = {rank + suit: 4 * r + s for r, rank in enumerate(RANKS) for s, suit in enumerate(SUITS)}
CARD_TEXT = {card: text for text, card in _CARD.items()}
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?")  # what tomllib reads and parse_value keeps
_ACTION = re.compile(r"d (dh) p([1-9][0-9]*) (\S+)|d (db) (\S+)|p([1-9][0-9]*) (f|cc|cbr|sm)(?: (\S+))?")
# the lines the fast path does not use still have to be TOML that tomllib reads as pokerkit does
_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ITEM = r"'[^'\n]*'|\"[^\"\\\n]*\"|-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?"
_VALUE = re.compile(
    rf"{_ITEM}|true|false|[0-9]{{2}}:[0-9]{{2}}:[0-9]{{2}}|\[(?:(?:{_ITEM})(?:, (?:{_ITEM}))*)?\]"
)
# the fields the replay reads strictly for every variant (min_bet and big_bet are checked as the others);
# those pokerkit's HandHistory would take as its own machinery
_USED = {
    "variant",
    "antes",
    "blinds_or_straddles",
    "small_bet",
    "starting_stacks",
    "actions",
    "players",
    "finishing_stacks",
    "ante_trimming_status",
}
_MACHINERY = {"automations", "divmod", "rake", "parse_value", "user_defined_fields"}
CACHE_LIMIT = 1 << 16  # texts remembered per cache, then it starts again

Number = Any  # an int or a Decimal, as pokerkit's parse_value gives it
Action = tuple[str, int, Any]  # kind ("dh", "db", "f", "cc", "cbr", "sm"), player, its card or amount


@cache
def unknown_deals(players: int, holes: int) -> list[str]:
    """The usual record's deals: every player's hole cards unknown, dealt in seat order."""
    return [f"d dh p{i + 1} {'??' * holes}" for i in range(players)]


# parsed actions by their text, None for one this path does not replay
ACTIONS: dict[str, Action | None] = {}


def parse_action(text: str) -> Action | None:
    """One action of the record, remembered: its kind, the player (0-based; -1 for the board)
    and what it says: cards (a card int each, None unknown), an amount, or at a showdown None
    (mucked), ``"-"`` (every card shown) or cards; None for an action this path does not
    replay."""
    m = _ACTION.fullmatch(text)
    parsed: Action | None = None
    if m is None:
        pass
    elif m[1] or m[4]:  # d dh pN cards, d db cards
        cards = _cards(m[3] or m[5])
        if cards is not None:
            parsed = ("dh", int(m[2]) - 1, cards) if m[1] else ("db", -1, cards)
    else:
        kind, player, extra = m[7], int(m[6]) - 1, m[8]
        if kind in ("f", "cc"):
            if extra is None:
                parsed = (kind, player, None)
        elif kind == "cbr":
            if (amount := read_number(extra or "")) is not None:
                parsed = (kind, player, amount)
        elif extra is None or extra == "-":
            parsed = (kind, player, extra)
        elif (cards := _cards(extra)) is not None:
            parsed = (kind, player, cards)
    if len(ACTIONS) >= CACHE_LIMIT:
        ACTIONS.clear()
    ACTIONS[text] = parsed
    return parsed


def _cards(text: str) -> tuple[int | None, ...] | None:
    """Cards as PHH writes them (``AsKs``, ``????`` unknown), or None for other text."""
    if len(text) % 2:
        return None
    out: list[int | None] = []
    for k in range(0, len(text), 2):
        pair = text[k : k + 2]
        if pair == "??":
            out.append(None)
        elif pair in _CARD:
            out.append(_CARD[pair])
        else:
            return None
    return tuple(out)


# values of the record's lines by their text: numbers, arrays of them, lines found plain
_NUMBERS: dict[str, Number] = {}
_ARRAYS: dict[str, tuple[Number, ...]] = {}
_PLAIN: set[str] = set()


def read_fields(text: str) -> dict[str, str] | None:
    """The record's fields (key -> value text), or None unless every line is a TOML ``key =
    value`` as pokerkit's ``dumps`` writes one, no key twice, none that pokerkit would take
    for its own machinery. The values the replay reads are read strictly where they are read;
    each other one must be a string, number, boolean, local time or one-line array of strings
    and numbers (checked once per text of line). A control character (which tomllib refuses in
    a string) anywhere: None."""
    fields: dict[str, str] = {}
    for line in text.split("\n"):
        if not line:
            continue
        key, equals, value = line.partition(" = ")
        if not equals or key in fields:
            return None
        fields[key] = value
        if line in _PLAIN:
            continue
        if not line.isprintable():
            return None
        if key in _USED:
            continue
        if key in _MACHINERY or not _KEY.fullmatch(key) or not _VALUE.fullmatch(value):
            return None
        if len(_PLAIN) >= CACHE_LIMIT:
            _PLAIN.clear()
        _PLAIN.add(line)
    return fields


def read_number(text: str) -> Number | None:
    """A TOML number as pokerkit keeps it (its parse_value: an int, or a Decimal where there is
    a decimal point), or None for other text."""
    value = _NUMBERS.get(text)
    if value is None:
        if not _NUMBER.fullmatch(text):
            return None
        value = Decimal(text) if "." in text else int(text)
        if len(_NUMBERS) >= CACHE_LIMIT:
            _NUMBERS.clear()
        _NUMBERS[text] = value
    return value


def read_numbers(text: str) -> tuple[Number, ...] | None:
    """A one-line TOML array of numbers, ``[2, 4.50]``, or None. Remembered by text (the antes
    and blinds of a table repeat hand after hand)."""
    values = _ARRAYS.get(text)
    if values is None:
        if text[:1] != "[" or text[-1:] != "]":
            return None
        items = text[1:-1].split(", ") if text != "[]" else []
        found = [_NUMBERS.get(item) for item in items]
        if None in found:
            found = [read_number(item) for item in items]
            if None in found:
                return None
        values = tuple(found)
        if len(_ARRAYS) >= CACHE_LIMIT:
            _ARRAYS.clear()
        _ARRAYS[text] = values
    return values


def read_string(text: str | None) -> str | None:
    """A one-line TOML string without escapes, or None."""
    if text and len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        inner = text[1:-1]
        if text[0] not in inner and "\\" not in inner:
            return inner
    return None


def read_strings(text: str) -> list[str] | None:
    """A one-line TOML array of literal strings, ``['a', 'b']``, or None."""
    if text == "[]":
        return []
    if text[:2] != "['" or text[-2:] != "']":
        return None
    inner = text[2:-2]
    items = inner.split("', '")
    if inner.count("'") != 2 * len(items) - 2:  # a quote elsewhere: not one string each
        return None
    return items
