"""Slow reference for ProPokerTools' generic range syntax for Omaha (4, 5 and 6 hole cards).

Written from the specification of pokerlut issue 55 ("ProPokerTools generic range syntax for
Omaha: a specification"; its rules are cited here as R1, R2, ...), with numpy and the standard
library. It never imports ``pokerlut``: tests compare
``pokerlut._equity.omaha_ranges.parse_omaha_range`` against it.

A card is the int ``4 * rank + suit`` (rank 0..12 = 2..A, suit 0..3 = c, d, h, s); a hand is a
row of ``size`` distinct cards in increasing order.

How a hand is judged (R10, read literally): the range text is split into terms joined by ``,``
(union), ``:`` (intersection), ``!`` (difference, also prefix: complement) and parentheses; each
term is a pattern of card symbols, padded with ``*`` up to the hand size, with spans expanded
into the plain patterns they stand for. A hand matches a plain pattern when some way of laying
its cards one on each symbol has every card admitted by its symbol, the cards on one rank (suit)
variable of one rank (suit), different variables on different ranks (suits), no variable on a
rank (suit) written in the pattern, the cards of a brace group all of different ranks, and the
hand meets the pattern's whole-hand macros (``$ds``, ``$ss``, ``$np``). Every distinct way of
laying the cards is tried, as numpy operations over all the hands at once.

>>> count("AA"), count("AAxx"), count("RRON"), count("AA:xxyy,JJ!JJJ,KK")
(6961, 5256, 82368, 14545)
>>> hands = all_hands(4)
>>> [" ".join(card_text(c) for c in row) for row in hands[members("AsKsQsJ", hands)][:2]]
['Jc Qs Ks As', 'Jd Qs Ks As']
>>> int(weights("AA@50,AAA@80", all_hands(4)).max())
80
"""

from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass, field
from typing import Optional

import numpy as np

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_VARIABLES = "wxyz"
RANK_VARIABLES = "BEFGILMNOPRUV"  # every letter that is not a rank, a suit or a suit variable (R4)
RANK_MACROS = {  # card symbols, case-sensitive names (R17, R28)
    "B": "AKQJ",
    "R": "AKQJT",
    "F": "KQJ",
    "M": "T987",
    "Z": "65432",
    "L": "A2345678",
    "N": "KQJT9",
    "W": "A2345",
}
HAND_MACRO = re.compile(r"\$(ds|ss|np)")  # conditions on the whole hand (R29), read first (R28)
PERCENTAGE = re.compile(r"^\d+(\.\d+)?%(-\d+(\.\d+)?%)?(6h)?$", re.IGNORECASE)
OPERATORS = "(),:!@"
EVERY_CARD = (1 << 52) - 1
MAX_WEIGHT = 100


class RangeSyntaxError(ValueError):
    """A range text that the generic syntax does not allow (R34)."""


def rank_index(char: str) -> int:
    """The rank 0..12 of a rank character, either case."""
    return RANK_CHARS.index(char.upper())


def cards_of(ranks: range | list[int] = range(13), suits: range | list[int] = range(4)) -> int:
    """The bitmask of every card of the given ranks and suits."""
    return sum(1 << (4 * r + s) for r in ranks for s in suits)


def card_text(card: int) -> str:
    """``"As"`` for the card int 51."""
    return RANK_CHARS[card >> 2] + SUIT_CHARS[card & 3]


def is_suit_part(char: str) -> bool:
    """Whether a character is a suit or a suit variable (it may follow a rank part, R6)."""
    return char.lower() in SUIT_CHARS or char.lower() in SUIT_VARIABLES


# --------------------------------------------------------------------------------------------
# card symbols and terms


@dataclass
class Symbol:
    """One card position of a pattern (R6): the cards it admits (a 52-bit mask), its rank and
    suit variables, the rank and suit written in it (for R11), its brace group (R14), and whether
    it is a bare ``*`` (admits any card under no condition)."""

    admits: int = EVERY_CARD
    rank_variable: Optional[str] = None
    suit_variable: Optional[str] = None
    written_rank: Optional[int] = None
    written_suit: Optional[int] = None
    group: Optional[int] = None
    wildcard: bool = False

    def key(self) -> tuple[object, ...]:
        """What makes two symbols interchangeable when cards are laid on them."""
        return (self.admits, self.rank_variable, self.suit_variable, self.group)


SpanCard = tuple[int, Optional[str]]  # a rank, and its suit or suit variable letter or None


@dataclass
class Span:
    """A bracketed span inside a term: its instances, each a list of span cards (R20-R22)."""

    instances: list[list[SpanCard]]
    group: Optional[int] = None


@dataclass
class Term:
    """A term after reading: the plain patterns it stands for (one per choice of span instances,
    R22) and its whole-hand macros (R30)."""

    patterns: list[list[Symbol]]
    hand_macros: list[str] = field(default_factory=list)


def read_list(content: str) -> tuple[int, bool]:
    """The cards a list ``[...]`` admits (R15), and whether its items are all ranks (then a suit
    part may follow it, R16)."""
    if "," in content and "" in content.split(","):
        raise RangeSyntaxError(f"empty list item in [{content}]")
    text = content.replace(",", "")
    admits, ranks_only, i = 0, True, 0
    while i < len(text):
        char = text[i]
        if char.upper() in RANK_CHARS:
            if i + 1 < len(text) and text[i + 1] == "-":
                if i + 2 >= len(text) or text[i + 2].upper() not in RANK_CHARS:
                    raise RangeSyntaxError(f"bad span in list [{content}]")
                low, high = sorted((rank_index(char), rank_index(text[i + 2])))
                admits |= cards_of(range(low, high + 1))
                i += 3
            elif i + 1 < len(text) and text[i + 1].lower() in SUIT_CHARS:
                admits |= cards_of([rank_index(char)], [SUIT_CHARS.index(text[i + 1].lower())])
                ranks_only = False
                i += 2
            else:
                admits |= cards_of([rank_index(char)])
                i += 1
        elif char.lower() in SUIT_CHARS:
            admits |= cards_of(suits=[SUIT_CHARS.index(char.lower())])
            ranks_only = False
            i += 1
        else:
            raise RangeSyntaxError(f"bad list item {char!r} in [{content}]")
    return admits, ranks_only


def read_span_end(text: str) -> list[SpanCard]:
    """A span endpoint: explicit ranks, each with an optional suit or suit variable (R18)."""
    end: list[SpanCard] = []
    i = 0
    while i < len(text):
        if text[i].upper() not in RANK_CHARS:
            raise RangeSyntaxError(f"span endpoint {text!r}: only explicit ranks (with suits)")
        suit = text[i + 1].lower() if i + 1 < len(text) and is_suit_part(text[i + 1]) else None
        end.append((rank_index(text[i]), suit))
        i += 1 if suit is None else 2
    if not end:
        raise RangeSyntaxError("empty span endpoint")
    return end


SpanEnds = tuple[str, list[SpanCard], list[SpanCard]]  # ("+", "-" or "to", first, second)


def span_ends(text: str) -> Optional[SpanEnds]:
    """The form and endpoints of a span ``E1-E2``, ``E+`` or ``E-`` (R18), or None when the text
    is not a span (it has brackets, braces or macros, or no ``-`` and no trailing ``+``)."""
    if any(char in text for char in "[{$") or ("-" not in text and not text.endswith("+")):
        return None
    if text[-1] in "+-":
        body = text[:-1]
        if "-" in body or "+" in body:
            raise RangeSyntaxError(f"bad span {text!r}")
        end = read_span_end(body)
        return text[-1], end, end
    first, _, second = text.partition("-")
    if "-" in second or "+" in second:
        raise RangeSyntaxError(f"bad span {text!r}")
    return "to", read_span_end(first), read_span_end(second)


def span_instances(
    text: str, form: str, first: list[SpanCard], second: list[SpanCard]
) -> list[list[SpanCard]]:
    """The instances a span stands for (R20, R21): ``E+`` raises every rank together until the
    highest is an ace, ``E-`` lowers them until the lowest is a deuce; ``E1-E2`` keeps the
    positions of equal ranks and moves the others together from the higher endpoint down."""
    if form in "+-":
        ranks = [rank for rank, _ in first]
        step = 1 if form == "+" else -1
        steps = 12 - max(ranks) if form == "+" else min(ranks)
        return [[(rank + step * k, suit) for rank, suit in first] for k in range(steps + 1)]
    if len(first) != len(second):
        raise RangeSyntaxError(f"span endpoints of different lengths: {text!r}")
    if [suit for _, suit in first] != [suit for _, suit in second]:
        raise RangeSyntaxError(f"span endpoints with different suits: {text!r}")
    gaps = {a - b for (a, _), (b, _) in zip(first, second) if a != b}
    if not gaps:
        return [first]
    if len(gaps) != 1:
        raise RangeSyntaxError(f"span positions that vary must vary by the same amount: {text!r}")
    gap = gaps.pop()
    high = first if gap > 0 else second
    moves = [a != b for (a, _), (b, _) in zip(first, second)]
    return [
        [(rank - k if move else rank, suit) for (rank, suit), move in zip(high, moves)]
        for k in range(abs(gap) + 1)
    ]


def span_symbols(instance: list[SpanCard], group: Optional[int] = None) -> list[Symbol]:
    """The symbols of one span instance: its ranks are written ranks (R11, R22)."""
    symbols = []
    for rank, suit in instance:
        symbol = Symbol(cards_of([rank]), written_rank=rank, group=group)
        if suit is not None and suit in SUIT_VARIABLES:
            symbol.suit_variable = suit
        elif suit is not None:
            symbol.written_suit = SUIT_CHARS.index(suit)
            symbol.admits &= cards_of(suits=[symbol.written_suit])
        symbols.append(symbol)
    return symbols


def read_elements(text: str, groups: list[int], group: Optional[int] = None) -> list[Symbol | Span]:
    """The elements of a term's text (no top-level span, no whole-hand macros): card symbols read
    greedily (R7), lists, rank macros, bracketed spans and brace groups (R14)."""
    elements: list[Symbol | Span] = []
    i = 0
    while i < len(text):
        char, start = text[i], i
        suit_part_allowed = True
        if char == "[":
            close = text.find("]", i)
            if close < 0:
                raise RangeSyntaxError(f"unclosed [ in {text!r}")
            content = text[i + 1 : close]
            i = close + 1
            if content == "":
                raise RangeSyntaxError(f"empty [] in {text!r}")
            ends = None if "," in content else span_ends(content)
            if ends is not None and len(ends[1]) == len(ends[2]):  # a span, not a list (R19)
                if i < len(text) and is_suit_part(text[i]):
                    raise RangeSyntaxError(f"a suit cannot follow a bracketed span [{content}]")
                elements.append(Span(span_instances(content, *ends), group))
                continue
            admits, suit_part_allowed = read_list(content)
            symbol = Symbol(admits, group=group)
        elif char == "{":
            if group is not None:
                raise RangeSyntaxError(f"nested braces {{ in {text!r}")
            close = text.find("}", i)
            if close < 0:
                raise RangeSyntaxError(f"unclosed {{ in {text!r}")
            groups.append(len(groups))
            inner = read_elements(text[i + 1 : close], groups, groups[-1])
            if not inner:
                raise RangeSyntaxError(f"empty {{}} in {text!r}")
            elements.extend(inner)
            i = close + 1
            continue
        elif char == "$":
            name = text[i + 1 : i + 2]
            if name not in RANK_MACROS:
                raise RangeSyntaxError(f"unknown macro at {text[i:]!r}")
            symbol = Symbol(cards_of([rank_index(r) for r in RANK_MACROS[name]]), group=group)
            i += 2
        elif char == "*":
            symbol = Symbol(group=group, wildcard=True)
            i += 1
        elif char.upper() in RANK_CHARS:
            rank = rank_index(char)
            symbol = Symbol(cards_of([rank]), written_rank=rank, group=group)
            i += 1
        elif char.upper() in RANK_VARIABLES:
            symbol = Symbol(rank_variable=char.upper(), group=group)
            i += 1
        elif is_suit_part(char):
            symbol = Symbol(group=group)  # a suit part alone: any rank, the suit read below
        else:
            raise RangeSyntaxError(f"bad character {char!r}")
        if i < len(text) and is_suit_part(text[i]):
            if not suit_part_allowed:
                raise RangeSyntaxError(f"a suit cannot follow a list that has suits: {text[start : i + 1]!r}")
            symbol.wildcard = False
            suit = text[i].lower()
            if suit in SUIT_CHARS:
                symbol.written_suit = SUIT_CHARS.index(suit)
                symbol.admits &= cards_of(suits=[symbol.written_suit])
            else:
                symbol.suit_variable = suit
            i += 1
        elements.append(symbol)
    return elements


def read_term(text: str) -> Term:
    """Read one term (R8): its whole-hand macros taken out, its spans expanded (R22)."""
    body = HAND_MACRO.sub("", text)
    hand_macros = HAND_MACRO.findall(text)
    if body == "":
        return Term([[]], hand_macros)
    depth, top_level_span = 0, False
    for position, char in enumerate(body):
        depth += (char in "[{") - (char in "]}")
        if depth == 0 and (char == "-" or (char == "+" and position == len(body) - 1)):
            top_level_span = True
    if top_level_span:
        ends = span_ends(body)
        if ends is None:
            raise RangeSyntaxError(f"bad span {body!r}")
        return Term([span_symbols(instance) for instance in span_instances(body, *ends)], hand_macros)
    patterns: list[list[Symbol]] = [[]]
    for element in read_elements(body, []):
        if isinstance(element, Symbol):
            patterns = [pattern + [element] for pattern in patterns]
        else:
            patterns = [
                pattern + span_symbols(instance, element.group)
                for pattern in patterns
                for instance in element.instances
            ]
    return Term(patterns, hand_macros)


# --------------------------------------------------------------------------------------------
# matching hands


@functools.lru_cache(maxsize=None)
def all_hands(size: int) -> np.ndarray:
    """Every hand of ``size`` cards of the 52-card deck, uint8 rows in lexicographic order."""
    return np.array(list(itertools.combinations(range(52), size)), dtype=np.uint8)


def random_hands(size: int, count: int, seed: int) -> np.ndarray:
    """``count`` distinct hands of ``size`` cards drawn with a fixed seed, lexicographic order."""
    rng = np.random.default_rng(seed)
    drawn = np.sort(np.argsort(rng.random((count * 2, 52)), axis=1)[:, :size], axis=1)
    _, first = np.unique(drawn, axis=0, return_index=True)
    kept = drawn[np.sort(first)[:count]]  # the first draws, not the smallest hands
    return kept[np.lexsort(kept.T[::-1])].astype(np.uint8)


def pattern_members(pattern: list[Symbol], hands: np.ndarray) -> np.ndarray:
    """Which hands match one plain pattern (R9, R10): every distinct way of laying the hand's
    cards on the padded symbols is tried."""
    size = hands.shape[1]
    padded = pattern + [Symbol(wildcard=True)] * (size - len(pattern))
    written_ranks = {s.written_rank for s in pattern if s.written_rank is not None}
    written_suits = {s.written_suit for s in pattern if s.written_suit is not None}
    ranks, suits = hands >> 2, hands & 3
    admit_tables = {s.key(): np.array([s.admits >> c & 1 for c in range(52)], bool) for s in padded}
    found = np.zeros(len(hands), bool)
    layouts = {tuple(s.key() for s in order): order for order in itertools.permutations(padded)}
    for layout in layouts.values():  # layout[i] is the symbol the hand's i-th card lies on
        ok = np.ones(len(hands), bool)
        for position, symbol in enumerate(layout):
            if not symbol.wildcard:
                ok &= admit_tables[symbol.key()][hands[:, position]]
        for attribute, values, written in (
            ("rank_variable", ranks, written_ranks),
            ("suit_variable", suits, written_suits),
        ):
            first_of: dict[str, int] = {}
            for position, symbol in enumerate(layout):
                letter = getattr(symbol, attribute)
                if letter is None:
                    continue
                if letter in first_of:  # one letter, one value
                    ok &= values[:, position] == values[:, first_of[letter]]
                    continue
                for other in first_of.values():  # different letters, different values
                    ok &= values[:, position] != values[:, other]
                for value in written:  # never a rank or suit written in the pattern
                    ok &= values[:, position] != value
                first_of[letter] = position
        in_groups: dict[int, list[int]] = {}
        for position, symbol in enumerate(layout):
            if symbol.group is not None:
                for other in in_groups.setdefault(symbol.group, []):
                    ok &= ranks[:, position] != ranks[:, other]
                in_groups[symbol.group].append(position)
        found |= ok
    return found


def hand_macro_members(name: str, hands: np.ndarray) -> np.ndarray:
    """Which hands meet ``$ds`` (two suits with two cards or more), ``$ss`` (exactly one) or
    ``$np`` (no two cards of one rank), R29."""
    suit_counts = np.stack([(hands & 3 == suit).sum(axis=1) for suit in range(4)], axis=1)
    suits_with_two = (suit_counts >= 2).sum(axis=1)
    if name == "ds":
        return suits_with_two >= 2
    if name == "ss":
        return suits_with_two == 1
    rank_counts = np.stack([(hands >> 2 == rank).sum(axis=1) for rank in range(13)], axis=1)
    return rank_counts.max(axis=1) == 1


def term_members(text: str, hands: np.ndarray) -> np.ndarray:
    """Which hands match one term: the union of its patterns, met with its hand macros."""
    if PERCENTAGE.match(text):
        raise RangeSyntaxError(f"percent ranges ({text}) need PPT's hand orderings: unsupported")
    term = read_term(text)
    found = np.zeros(len(hands), bool)
    judged = set()
    for pattern in term.patterns:
        if len(pattern) > hands.shape[1]:
            raise RangeSyntaxError(f"{text!r} has {len(pattern)} card symbols, more than {hands.shape[1]}")
        as_multiset = tuple(sorted((repr(s) for s in pattern)))  # the order of symbols is moot
        if as_multiset not in judged:
            judged.add(as_multiset)
            found |= pattern_members(pattern, hands)
    for name in term.hand_macros:
        found &= hand_macro_members(name, hands)
    return found


# --------------------------------------------------------------------------------------------
# expressions


def tokens(text: str) -> list[str]:
    """The operators ``( ) , : ! @`` outside brackets and braces, and the terms between them."""
    found, current, depth = [], "", 0
    for char in text:
        depth += (char in "[{") - (char in "]}")
        if depth == 0 and char in OPERATORS:
            found += [current, char] if current else [char]
            current = ""
        else:
            current += char
    return found + [current] if current else found


class RangeReader:
    """A recursive-descent reader of the grammar of R23-R27 and R32, evaluating as it goes:
    ``range := wsub ("," wsub)*``, ``wsub := chain ("@" INT)?``,
    ``chain := operand ((":" | "!") operand)*``, ``operand := "!" operand | "(" inner ")" | TERM``.
    """

    def __init__(self, text: str, hands: np.ndarray) -> None:
        text = re.sub(r"\s+", "", text)
        if not text:
            raise RangeSyntaxError("empty range")
        self.tokens = tokens(text)
        self.position = 0
        self.hands = hands

    def peek(self) -> Optional[str]:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def take(self, expected: Optional[str] = None) -> str:
        token = self.peek()
        if token is None or (expected is not None and token != expected):
            after = self.tokens[self.position - 1] if self.position else "the start"
            raise RangeSyntaxError(f"expected {expected or 'more'} after {after!r}")
        self.position += 1
        return token

    def sub_ranges(self) -> list[tuple[np.ndarray, Optional[int]]]:
        """The top-level sub-ranges: each one's members and its weight (None: unweighted)."""
        found = self.union(top_level=True)
        if self.peek() is not None:
            raise RangeSyntaxError(f"unexpected {self.peek()!r}")
        weighted = [weight is not None for _, weight in found]
        if any(weighted) and not all(weighted):
            raise RangeSyntaxError("weights: all sub-ranges or none")
        return found

    def union(self, top_level: bool) -> list[tuple[np.ndarray, Optional[int]]]:
        found = [self.weighted(top_level)]
        while self.peek() == ",":
            self.take(",")
            found.append(self.weighted(top_level))
        return found

    def weighted(self, top_level: bool) -> tuple[np.ndarray, Optional[int]]:
        members = self.chain()
        if self.peek() != "@":
            return members, None
        if not top_level:
            raise RangeSyntaxError("a weight @ inside parentheses")
        self.take("@")
        weight = self.take()
        if not weight.isdigit() or not 1 <= int(weight) <= MAX_WEIGHT:
            raise RangeSyntaxError(f"weight must be an integer 1..{MAX_WEIGHT}: {weight!r}")
        return members, int(weight)

    def chain(self) -> np.ndarray:
        """``:`` and ``!`` left to right (R24)."""
        members = self.operand()
        while self.peek() in (":", "!"):
            operator = self.take()
            other = self.operand()
            members = members & other if operator == ":" else members & ~other
        return members

    def operand(self) -> np.ndarray:
        if self.peek() == "!":  # prefix: the complement (R26)
            self.take("!")
            return ~self.operand()
        if self.peek() == "(":
            self.take("(")
            inner = self.union(top_level=False)
            self.take(")")
            return np.logical_or.reduce([members for members, _ in inner])
        token = self.take()
        if token in OPERATORS:
            raise RangeSyntaxError(f"unexpected {token!r}")
        return term_members(token, self.hands)


def members(text: str, hands: np.ndarray) -> np.ndarray:
    """Which of ``hands`` (uint8 rows of one size) the range text holds, as a bool array."""
    return np.logical_or.reduce([found for found, _ in RangeReader(text, hands).sub_ranges()])


def weights(text: str, hands: np.ndarray) -> np.ndarray:
    """Each hand's weight (R32): the largest weight of the sub-ranges holding it, 0 when none
    does; every hand of an unweighted range in it weighs 1."""
    found = np.zeros(len(hands), np.int64)
    for held, weight in RangeReader(text, hands).sub_ranges():
        np.maximum(found, np.where(held, 1 if weight is None else weight, 0), out=found)
    return found


def count(text: str, size: int = 4) -> int:
    """How many hands of ``size`` cards of the 52-card deck the range holds."""
    return int(members(text, all_hands(size)).sum())
