"""ProPokerTools' generic range syntax, read into set expressions over Omaha hands: the parser
of `omaha_ranges` (its module documentation, and docs/omaha-ranges.md, give the rules).

Text -> whitespace deleted -> operators and terms (`_Tokens`) -> a tree of `Union`,
`Chain` (``:`` and ``!`` left to right), `Complement` and `Term`; a term is its plain
patterns (spans expanded) and whole-hand conditions, each pattern a tuple of `Symbol`.
Nothing here looks at hands: `omaha_ranges` evaluates the tree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from itertools import product

from .._cards import RANK_OF, RANKS, parse_cards

__all__ = ["Chain", "Complement", "Symbol", "Term", "Union", "parse_expression"]

RANK_LETTERS = "akqjt98765432"
SUIT_LETTERS = "cdhs"  # suit index order of `_cards`
SUIT_VARIABLES = "wxyz"
RANK_VARIABLES = "befgilmnopruv"
RANK_MACROS = {
    "B": "AKQJ",
    "R": "AKQJT",
    "F": "KQJ",
    "M": "T987",
    "Z": "65432",
    "L": "A8765432",
    "N": "KQJT9",
    "W": "A5432",
}
HAND_MACROS = ("ds", "ss", "np")
OLD_MACROS = ("r",)  # pokerlut's rainbow: read one more release, with a warning
ALL_CARDS = (1 << 52) - 1
SUIT_CARDS = [sum(1 << (4 * r + s) for r in range(13)) for s in range(4)]
_OPERATORS = ",:!@()"
#: pokerlut's own words for every hand (of the range's size, or of 4, 5 or 6 cards)
RANDOM = {"random": 0, "random4": 4, "random5": 5, "random6": 6}
_CARD = re.compile(r"([2-9akqjt])([cdhs])", re.IGNORECASE)
_CARDS = re.compile(r"(?:[2-9akqjt][cdhs])+", re.IGNORECASE)
_PERCENT = re.compile(r"\d+(?:\.\d+)?%(?:-\d+(?:\.\d+)?%)?(?:6h)?", re.IGNORECASE)


@dataclass(frozen=True)
class Symbol:
    """One card position: the cards it admits (bit ``card``), its variables (letters, '':
    none) and brace group (-1: none); `explicit_rank`/`explicit_suit`: a rank or suit written
    as such (the term's variables never take it)."""

    cards: int = ALL_CARDS
    rank_var: str = ""
    suit_var: str = ""
    group: int = -1
    explicit_rank: int = -1
    explicit_suit: int = -1

    @property
    def free(self) -> bool:
        """A ``*`` outside braces: admits any card, relates to nothing."""
        return self == Symbol()


@dataclass(frozen=True)
class Term:
    """A term: its plain patterns (a hand matches the term when it matches one of them) and
    its whole-hand conditions (``"ds"``, ``"ss"``, ``"np"``, old ``"r"``); `text` as written."""

    text: str
    patterns: tuple[tuple[Symbol, ...], ...]
    conditions: tuple[str, ...]


@dataclass(frozen=True)
class Union:
    """``a,b``: `parts`, each with its weight (None: unweighted)."""

    parts: tuple[tuple[Node, int | None], ...]


@dataclass(frozen=True)
class Chain:
    """``a:b!c``: the first operand, then (operator, operand) pairs, left to right."""

    first: Node
    rest: tuple[tuple[str, Node], ...]


@dataclass(frozen=True)
class Complement:
    """Prefix ``!a``: every hand not in ``a``."""

    operand: Node


Node = Union | Chain | Complement | Term


def parse_expression(text: str) -> Union:
    """The expression tree of a range (whitespace deleted first).

    >>> tree = parse_expression("AA:xxyy, KK")
    >>> [type(part).__name__ for part, _ in tree.parts]
    ['Chain', 'Term']
    >>> parse_expression("AA@50,KK")
    Traceback (most recent call last):
    ...
    ValueError: 'AA@50,KK': weights are on every comma-separated sub-range or on none
    """
    compact = re.sub(r"\s+", "", text)
    if not compact:
        raise ValueError(f"empty range {text!r}")
    return _Parser(compact).parse()


class _Parser:
    """Recursive descent over the operator tokens (brackets and braces protect their
    contents)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokens(text)
        self.at = 0

    def peek(self) -> str | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self) -> str:
        token = self.peek()
        if token is None:
            raise ValueError(f"{self.text!r}: expected more at the end")
        self.at += 1
        return token

    def parse(self) -> Union:
        parts = [self.weighted()]
        while self.peek() == ",":
            self.take()
            parts.append(self.weighted())
        if self.peek() is not None:
            raise ValueError(f"{self.text!r}: unexpected {self.peek()!r}")
        if len({weight is None for _, weight in parts}) > 1:
            raise ValueError(f"{self.text!r}: weights are on every comma-separated sub-range or on none")
        return Union(tuple(parts))

    def weighted(self) -> tuple[Node, int | None]:
        node = self.chain()
        if self.peek() != "@":
            return node, None
        self.take()
        number = self.peek()
        if number is None or not re.fullmatch(r"\d+", number) or not 1 <= int(number) <= 100:
            raise ValueError(f"{self.text!r}: a weight is an integer 1..100, not {number!r}")
        self.take()
        return node, int(number)

    def chain(self) -> Node:
        first = self.operand()
        rest: list[tuple[str, Node]] = []
        while self.peek() in (":", "!"):
            rest.append((self.take(), self.operand()))
        return Chain(first, tuple(rest)) if rest else first

    def operand(self) -> Node:
        token = self.peek()
        if token is None:
            raise ValueError(f"{self.text!r}: expected more at the end")
        if token == "!":
            self.take()
            return Complement(self.operand())
        if token == "(":
            self.take()
            parts: list[tuple[Node, int | None]] = [(self.chain(), None)]
            while self.peek() == ",":
                self.take()
                parts.append((self.chain(), None))
            if self.peek() == "@":
                raise ValueError(f"{self.text!r}: a weight inside parentheses")
            if self.peek() != ")":
                raise ValueError(f"{self.text!r}: expected ')' at {self.peek()!r}")
            self.take()
            return parts[0][0] if len(parts) == 1 else Union(tuple(parts))
        if token in _OPERATORS:
            raise ValueError(f"{self.text!r}: unexpected {token!r}")
        self.take()
        return parse_term(token)


def _tokens(text: str) -> list[str]:
    """Operators and terms; a weight's number follows its ``@`` as a token."""
    out: list[str] = []
    depth, start, closer = 0, 0, ""
    i = 0
    while i < len(text):
        c = text[i]
        if depth:
            if c in "[{" and (c == "{") == (closer == "}"):
                raise ValueError(f"nested {c} in {text!r}")
            if c == closer:
                depth = 0
        elif c in "[{":
            depth, closer = 1, "]" if c == "[" else "}"
        elif c in "]}":
            raise ValueError(f"unmatched {c!r} in {text!r}")
        elif c in _OPERATORS:
            if start < i:
                out.append(text[start:i])
            out.append(c)
            if c == "@":
                m = re.match(r"[0-9.]*", text[i + 1 :])
                assert m is not None
                out.append(m[0])
                i += m.end()
            start = i + 1
        i += 1
    if depth:
        raise ValueError(f"unclosed {'[' if closer == ']' else '{'} in {text!r}")
    if start < len(text):
        out.append(text[start:])
    return out


def parse_term(text: str) -> Term:
    """A term (no operators): its plain patterns and whole-hand conditions; or, when it is
    none, a hand in another card text `parse_cards` reads (``A♠K♥Q♦J♣``, ``AhKh10d9d``).

    >>> [len(p) for p in parse_term("KK-TT$ds").patterns], parse_term("KK-TT$ds").conditions
    ([2, 2, 2, 2], ('ds',))
    >>> parse_term("AAxx").patterns[0][1]
    Symbol(cards=4222124650659840, rank_var='', suit_var='x', group=-1, explicit_rank=12, explicit_suit=-1)
    """
    try:
        return _term(text)
    except ValueError:
        try:
            hand = parse_cards(text).tolist()
        except ValueError:
            hand = []
        if not 2 <= len(hand) <= 6:
            raise
        return _cards_term(text, hand)


def _cards_term(text: str, cards: list[int]) -> Term:
    """The term of these cards (``AsKh``: the ace of spades and the king of hearts)."""
    return Term(text, (tuple(Symbol(1 << c, explicit_rank=c >> 2, explicit_suit=c & 3) for c in cards),), ())


def _term(text: str) -> Term:
    """`parse_term` of the generic syntax."""
    if text.lower() in RANDOM:
        return Term(text, ((Symbol(),) * RANDOM[text.lower()],), ())
    if _CARDS.fullmatch(text):  # cards only (a hand written out): read at once
        return _cards_term(
            text, [RANK_OF[r.lower()] * 4 + SUIT_LETTERS.index(s.lower()) for r, s in _CARD.findall(text)]
        )
    if _PERCENT.fullmatch(text):
        raise ValueError(f"percent ranges ({text}) need ProPokerTools' hand orderings: not supported")
    conditions: list[str] = []

    def condition(m: re.Match[str]) -> str:
        conditions.append(m[1])
        return ""

    body = re.sub(r"\$(ds|ss|np|r(?![a-zA-Z]))", condition, text)
    m = re.search(r"\$[^BRFMZLNW]?[a-zA-Z]*", body)
    if m and (len(m[0]) == 1 or m[0][1] not in RANK_MACROS):
        raise ValueError(f"unknown macro at {m[0][:3]!r} in {text!r}")
    if not body:
        return Term(text, ((),), tuple(conditions))
    if "-" in _outside_brackets(body) or body.endswith("+"):
        elements = [_span(body, text)]
    else:
        elements = _elements(body, text)
    if not any(s.rank_var for element in elements for alternative in element for s in alternative):
        elements = [_merged(element) for element in elements]
    patterns = tuple(tuple(s for part in choice for s in part) for choice in product(*elements))
    return Term(text, patterns, tuple(conditions))


def _outside_brackets(text: str) -> str:
    return re.sub(r"\[[^\]]*\]|\{[^}]*\}", "", text)


def _merged(element: list[list[Symbol]]) -> list[list[Symbol]]:
    """A span of one card (``[A-T]``, ``Ax-Tx``) as one symbol admitting every instance's
    card: the same hands when no rank variable could see its ranks, and one pattern instead
    of one per instance."""
    if len(element) == 1 or any(len(alternative) != 1 for alternative in element):
        return element
    first = element[0][0]
    if any(
        (s.suit_var, s.explicit_suit, s.group) != (first.suit_var, first.explicit_suit, first.group)
        for (s,) in element
    ):
        return element
    cards = 0
    for (s,) in element:
        cards |= s.cards
    return [[replace(first, cards=cards, explicit_rank=-1)]]


# -- elements -------------------------------------------------------------------------------


def _elements(body: str, term: str) -> list[list[list[Symbol]]]:
    """Each element of a term as its alternatives (a span: one per instance; else one), each
    alternative a list of symbols."""
    out: list[list[list[Symbol]]] = []
    i, groups = 0, 0
    while i < len(body):
        c = body[i]
        if c == "{":
            end = body.index("}", i)
            inner = _elements(body[i + 1 : end], term) if end > i + 1 else []
            if not inner:
                raise ValueError(f"empty {{}} in {term!r}")
            group = groups
            groups += 1
            out += [[[_in_group(s, group) for s in alt] for alt in element] for element in inner]
            i = end + 1
            continue
        if c == "[":
            end = body.index("]", i)
            content = body[i + 1 : end]
            i = end + 1
            if _is_span(content):
                if i < len(body) and body[i].lower() in SUIT_LETTERS + SUIT_VARIABLES:
                    raise ValueError(f"a suit cannot follow a bracketed span in {term!r}")
                out.append(_span(content, term))
                continue
            cards, has_suits = _list(content, term)
            symbol, i = _suit_part(Symbol(cards=cards), body, i, term, has_suits)
            out.append([[symbol]])
            continue
        if c == "$":
            name = body[i + 1 : i + 2]
            symbol, i = _suit_part(Symbol(cards=_rank_cards(RANK_MACROS[name])), body, i + 2, term)
            out.append([[symbol]])
            continue
        if c == "*":
            symbol, i = _suit_part(Symbol(), body, i + 1, term)
            out.append([[symbol]])
            continue
        low = c.lower()
        if low in RANK_LETTERS:
            rank = RANK_OF[low]
            symbol = Symbol(cards=0xF << (4 * rank), explicit_rank=rank)
            symbol, i = _suit_part(symbol, body, i + 1, term)
        elif low in RANK_VARIABLES:
            symbol, i = _suit_part(Symbol(rank_var=low), body, i + 1, term)
        elif low in SUIT_LETTERS or low in SUIT_VARIABLES:
            symbol, i = _suit_part(Symbol(), body, i, term)
        else:
            raise ValueError(f"bad character {c!r} in {term!r}")
        out.append([[symbol]])
    return out


def _in_group(symbol: Symbol, group: int) -> Symbol:
    if symbol.group >= 0:
        raise ValueError("nested braces")
    return replace(symbol, group=group)


def _suit_part(symbol: Symbol, body: str, i: int, term: str, has_suits: bool = False) -> tuple[Symbol, int]:
    """The symbol with the suit letter or suit variable at ``body[i]``, if any."""
    if i >= len(body):
        return symbol, i
    low = body[i].lower()
    if low not in SUIT_LETTERS and low not in SUIT_VARIABLES:
        return symbol, i
    if has_suits:
        raise ValueError(f"a suit cannot follow a list that has suits in {term!r}")
    if low in SUIT_LETTERS:
        suit = SUIT_LETTERS.index(low)
        return replace(symbol, cards=symbol.cards & SUIT_CARDS[suit], explicit_suit=suit), i + 1
    return replace(symbol, suit_var=low), i + 1


def _rank_cards(ranks: str) -> int:
    """Every card of these ranks."""
    return sum(0xF << (4 * RANK_OF[r]) for r in set(ranks))


def _list(content: str, term: str) -> tuple[int, bool]:
    """A list ``[AK7-5]``, ``[A,s]``, ``[AsKh]``: (the cards it admits, whether it names a
    suit or a card)."""
    if not content:
        raise ValueError(f"empty [] in {term!r}")
    if ",," in content or content.startswith(",") or content.endswith(","):
        raise ValueError(f"empty list item in [{content}] in {term!r}")
    items = re.findall(
        r"([2-9akqjt])-([2-9akqjt])|([2-9akqjt])([cdhs])|([2-9akqjt])|([cdhs])|(,)|(.)",
        content,
        re.IGNORECASE,
    )
    cards, has_suits = 0, False
    for span_a, span_b, card_rank, card_suit, rank, suit, _, bad in items:
        if bad:
            raise ValueError(f"bad list item {bad!r} in [{content}] in {term!r}")
        if span_a:
            a, b = sorted((RANK_OF[span_a.lower()], RANK_OF[span_b.lower()]))
            cards |= _rank_cards(RANKS[a : b + 1])
        elif card_rank:
            cards |= 1 << (4 * RANK_OF[card_rank.lower()] + SUIT_LETTERS.index(card_suit.lower()))
            has_suits = True
        elif rank:
            cards |= _rank_cards(rank.upper())
        elif suit:
            cards |= SUIT_CARDS[SUIT_LETTERS.index(suit.lower())]
            has_suits = True
    return cards, has_suits


# -- spans ----------------------------------------------------------------------------------


def _endpoint(text: str, term: str) -> list[tuple[int, str]]:
    """A span endpoint: (rank, suit part: '' or a suit or a suit-variable letter) per card."""
    out = []
    for m in re.finditer(r"(.)([cdhswxyz]?)", text, re.IGNORECASE):
        if m[1].lower() not in RANK_LETTERS:
            raise ValueError(f"span endpoint {text!r} in {term!r}: only explicit ranks (with suits) allowed")
        out.append((RANK_OF[m[1].lower()], m[2].lower()))
    if not out:
        raise ValueError(f"empty span endpoint in {term!r}")
    return out


def _is_span(content: str) -> bool:
    """Bracket content read as a span (R19): no comma; ``E+``, ``E-`` or ``E1-E2`` of equal
    lengths."""
    if "," in content:
        return False
    if content.endswith(("+", "-")):
        return True
    if content.count("-") != 1:
        return False
    a, b = content.split("-")
    pattern = r"(?:[2-9akqjt][cdhswxyz]?)+"
    if not (re.fullmatch(pattern, a, re.IGNORECASE) and re.fullmatch(pattern, b, re.IGNORECASE)):
        return False
    return len(_endpoint(a, content)) == len(_endpoint(b, content))


def _span(text: str, term: str) -> list[list[Symbol]]:
    """The instances of a span (``KK-TT``, ``JT98+``, ``7654-``), each a list of symbols."""
    if text.endswith(("+", "-")):
        cards = _endpoint(text[:-1], term)
        ranks = [r for r, _ in cards]
        steps = range(0, 13 - max(ranks)) if text.endswith("+") else range(0, -min(ranks) - 1, -1)
        return [_instance(cards, step) for step in steps]
    if text.count("-") != 1:
        raise ValueError(f"bad character '-' in {term!r}")
    left, right = (_endpoint(part, term) for part in text.split("-"))
    if len(left) != len(right):
        raise ValueError(f"span endpoints of different lengths in {term!r}")
    if any(a[1] != b[1] for a, b in zip(left, right)):
        raise ValueError(f"span endpoints with different suits in {term!r}")
    moves = {b[0] - a[0] for a, b in zip(left, right)} - {0}
    if len(moves) > 1:
        raise ValueError(f"span positions that vary must vary by the same amount in {term!r}")
    move = moves.pop() if moves else 0
    high, low = (left, right) if move <= 0 else (right, left)
    moving = [a[0] != b[0] for a, b in zip(high, low)]
    return [
        [_card(r - step if m else r, suit) for (r, suit), m in zip(high, moving)]
        for step in range(abs(move) + 1)
    ]


def _instance(cards: list[tuple[int, str]], step: int) -> list[Symbol]:
    return [_card(r + step, suit) for r, suit in cards]


def _card(rank: int, suit: str) -> Symbol:
    """A span card: a rank with a suit, a suit variable or nothing ('')."""
    if suit and suit in SUIT_LETTERS:
        index = SUIT_LETTERS.index(suit)
        return Symbol(cards=1 << (4 * rank + index), explicit_rank=rank, explicit_suit=index)
    return Symbol(cards=0xF << (4 * rank), suit_var=suit, explicit_rank=rank)
