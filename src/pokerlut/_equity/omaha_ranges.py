"""Omaha ranges: text such as ``"AAxx, KK**$ds, [A-T][A-T]$B$B!AAxx"`` -> four-, five- or
six-card hands, after ProPokerTools' generic syntax.

A range is tokens separated by commas, its hands equally likely (a hand named by several tokens
is one hand). Whitespace anywhere is ignored; ranks and suits may be in either case. A token is a
hand or a *pattern*: one symbol per card, so its length gives the hand size (4, 5 or 6; one size
in a range). A hand matches a pattern when its cards can be laid one on each symbol, each card
on a symbol that admits it: ``AAxx`` is every hand with at least two aces, AAAx and AAAA among
them, as ProPokerTools reads it. Counts (``k``) are of the 270,725 four-card hands of 52 cards:

=======================  ==========================================================  =======
``AhKhQdJd``             a hand (any card text `parse_cards` reads: ``Ah Kh 10d 9d``)       1
``A`` .. ``2``           a rank symbol: any card of the rank
``As``                   a card symbol: that card
``x`` ``X`` ``*``        any card
``[AKQ]`` ``[A-T]``      a rank set: a card of any of its ranks; a span goes either
                         way (``[9-6]``) and mixes with ranks (``[AK7-5]``)
``$B`` ``$W`` ``$L``     classes, as rank sets: broadway ``[AKQJT]``, wheel ``[A2345]``,
                         low ``[A2345678]`` (no others)
``AAxx``                 at least two aces: 6*C(48,2) + 4*48 + 1                       6,961
``AKQJ``                 an ace, a king, a queen and a jack: 4**4                        256
``AsKs**``               the ace and the king of spades and two more: C(50,2)          1,225
``AA$B$B``               two aces and two broadway cards; an ace is one too, so          785
                         AAAK and AAAA are in: four of the 20 broadway cards, 2+ aces
``...$ds``               double suited: two suits (or more) hold two cards (or more)
``...$ss``               single suited: exactly one suit holds two cards (or more)
``...$r``                rainbow: no suit holds two cards (no 5- or 6-card hand is)
``...$np``               no pair: no rank twice
``xxxx$ds``              double suited (2-2): 6 pairs of suits * C(13,2)**2           36,504
``xxxx$r``               rainbow: 13**4                                               28,561
``AAxx$ds$np``           constraints come after the symbols; all of them hold
``AAxx!AAAx``            ``!``: but not those (as many ``!`` as wanted, each a
                         pattern of the same size with constraints of its own)         6,768
``random`` ``random5``   every hand of 4 (``random``, ``random4``), 5 or 6 cards     270,725
``random6``
=======================  ==========================================================  =======

Every hand is exactly one of ``$r``, ``$ss`` and ``$ds``: four cards are rainbow (1-1-1-1),
single suited (2-1-1, 3-1, 4) or double suited (2-2); five and six cards are single suited
(2-1-1-1, 3-1-1, 4-1, ...) or double suited (2-2-1, 3-2, 2-2-1-1, 3-3, 4-2, ...).

``x`` is any card, as players write it, never a suit variable: ProPokerTools reads ``x`` (and
``w``, ``y``, ``z``) as a suit variable, ``AxKx`` as a suited ace and king; here ``AxKx`` is
``AKxx`` and ``y`` is an error. Not offered, each an error: suit variables, rank variables
(``RROO``), weights (``:0.5``; ProPokerTools' ``:`` is "and", here constraints are), other
classes (``$M``, ``$Z``, ...), partial patterns (``AA`` for ``AAxx``) and percentages.

Hands are found with numpy, over every hand of the deck, or over the sequences of one admitted
card per symbol when there are fewer of those (at most `MAX_SEQUENCES`); a pattern is tested
by Hall's condition (a hand matches when every group of symbols admits at least as many of its
cards as the group has symbols). Measured on two AMD EPYC cores: four-card ranges take a few
milliseconds (``AAxx`` 8 ms, ``xxxx$ds`` 1 ms), five-card 10 to 50 ms, six-card 0.1 to 0.5 s;
the first five- or six-card range of a deck builds its table of five-card hands (34 MB, kept;
25 ms, or 0.4 s when memory is slow to come). The largest range, ``random6`` (all 20,358,520
six-card hands), holds 272 MiB of cards and bitmasks and needs about 620 MB while it is built.

Every malformed token raises a ``ValueError`` that names it, and so does a token that matches
no hand.

>>> r = parse_omaha_range("AAxx, KKxx$ds")
>>> len(r), r.combos.dtype, r.combos.shape
(7819, dtype('uint8'), (7819, 4))
>>> len(parse_omaha_range("AAxx!AAAx")), len(parse_omaha_range("xxxxx$ds"))
(6768, 1216800)
>>> parse_omaha_range("AsKs**$r")
Traceback (most recent call last):
...
ValueError: 'AsKs**$r' matches no hand of the 52-card deck
>>> parse_omaha_range("AAxy")
Traceback (most recent call last):
...
ValueError: bad symbol 'y' in 'AAxy': expected a rank (A K Q J T 9 .. 2), a card ('As'), any card ('x', 'X' or '*'), a rank set ('[AKQ]', '[A-T]'), a class ('$B', '$W', '$L'), or after the cards a suit constraint ('$ds', '$ss', '$r', '$np')
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from .._cards import RANK_OF, RANKS, SUIT_OF, format_cards, parse_cards

__all__ = ["OmahaRange", "parse_omaha_range"]

SIZES = (4, 5, 6)
RANDOM = {"random": 4, "random4": 4, "random5": 5, "random6": 6}
CLASSES = {"B": "AKQJT", "W": "A2345", "L": "A2345678"}
CONSTRAINTS = ("ds", "ss", "r", "np")
#: Patterns whose symbols admit at most this many card sequences are matched from those
#: sequences; others by testing every hand of the deck.
MAX_SEQUENCES = 1 << 20

_RANK_CHARS = RANKS + RANKS.lower()
_SUIT_CHARS = "".join(s for s in SUIT_OF if len(s) == 1)
# Explicit character classes rather than re.IGNORECASE, as `_cards` does.
_SYMBOL = re.compile(
    rf"(?P<set>\[[^\]]*\])"
    rf"|\$(?P<dollar>[dD][sS]|[sS][sS]|[nN][pP]|[rR]|[bBwWlL])"
    rf"|(?P<card>(?:10|[{_RANK_CHARS}])[{_SUIT_CHARS}])\ufe0f?"
    rf"|(?P<rank>10|[{_RANK_CHARS}])"
    rf"|(?P<any>[xX*])"
)
_SPAN = re.compile(rf"([{_RANK_CHARS}])(?:-([{_RANK_CHARS}]))?")
_WHITESPACE = re.compile(r"\s+")
_EXPECTED = (
    "expected a rank (A K Q J T 9 .. 2), a card ('As'), any card ('x', 'X' or '*'), a rank set"
    " ('[AKQ]', '[A-T]'), a class ('$B', '$W', '$L'), or after the cards a suit constraint"
    " ('$ds', '$ss', '$r', '$np')"
)

_ALL_CARDS = (1 << 64) - 1
_SUIT_MASKS = [sum(1 << (4 * r + s) for r in range(13)) for s in range(4)]
_NIBBLES = {k: np.uint64(k * 0x1111_1111_1111_1111) for k in (3, 5, 6, 8)}  # k in every 4 bits


class Pattern(NamedTuple):
    """A pattern: the cards each symbol admits (bitmasks, bit ``card`` set) and the
    constraints (``"ds"``, ``"ss"``, ``"r"``, ``"np"``)."""

    symbols: tuple[int, ...]
    constraints: tuple[str, ...]


@dataclass(frozen=True, eq=False)
class OmahaRange:
    """Omaha hands of one size, equally likely, read-only; built by :func:`parse_omaha_range`.

    ``combos``: uint8 (k, size), each row card ints in increasing order, rows distinct and in
    increasing (lexicographic) order. ``masks``: uint64 (k,), each row's cards as a bitmask.

    >>> parse_omaha_range("AAAA, KKKK")
    OmahaRange('KsKhKdKc, AsAhAdAc')
    """

    combos: npt.NDArray[np.uint8]
    masks: npt.NDArray[np.uint64]

    def __len__(self) -> int:
        return len(self.combos)

    @property
    def size(self) -> int:
        """The number of cards in each hand: 4, 5 or 6."""
        return int(self.combos.shape[1])

    def without_mask(self, dead_mask: int) -> OmahaRange:
        """The range without the hands that hold a card of ``dead_mask`` (bit ``card`` set); the
        range itself when none does.

        >>> len(parse_omaha_range("AAxx").without_mask(1 << 51))  # As dead: 3 aces left
        3432
        """
        keep = (self.masks & np.uint64(dead_mask)) == 0
        if keep.all():
            return self
        return _frozen(self.combos[keep], self.masks[keep])

    def __repr__(self) -> str:
        if len(self) > 12:
            return f"OmahaRange({len(self)} hands of {self.size} cards)"
        return f"OmahaRange({', '.join(format_cards(c[::-1], sep='') for c in self.combos)!r})"


def parse_omaha_range(text: str, deck: npt.ArrayLike | None = None) -> OmahaRange:
    """Parse an Omaha range into its hands (the syntax is in the module documentation).

    Parameters
    ----------
    text : str
        The range: tokens separated by commas ("AAxx, KKxx$ds, AhKhQdJd").
    deck : array_like of int, optional
        The cards hands are made of (the 52 cards by default; a short deck's 36). A card symbol
        outside it is an error; a rank outside it matches nothing.

    Returns
    -------
    OmahaRange
        Every hand of the deck that the range names.

    Raises
    ------
    TypeError
        `text` that is not a str.
    ValueError
        An empty range or token, a malformed token (the message names it), tokens of different
        hand sizes, a token that matches no hand.

    Examples
    --------
    >>> len(parse_omaha_range("AAxx")), len(parse_omaha_range("AA$B$B")), len(parse_omaha_range("KK**$ds"))
    (6961, 785, 864)
    >>> len(parse_omaha_range("AAxx", deck=range(16, 52)))  # short deck: 6 to A
    3105
    >>> parse_omaha_range("AAxx:0.5")
    Traceback (most recent call last):
    ...
    ValueError: 'AAxx:0.5': Omaha ranges have no weights (their hands are equally likely)
    """
    if not isinstance(text, str):
        raise TypeError(f"a range must be a str, not {type(text).__name__}: {text!r}")
    cards = np.arange(52) if deck is None else np.unique(np.asarray(deck, dtype=np.int64))
    if len(cards) == 0 or cards[0] < 0 or cards[-1] > 63:
        raise ValueError("a deck is cards 0..63, at least one")
    return _parse(text, tuple(cards.tolist()))


def _parse(text: str, deck: tuple[int, ...]) -> OmahaRange:
    tokens = _WHITESPACE.sub("", text).split(",")
    if tokens == [""]:
        raise ValueError(f"empty range {text!r}")
    table = _deck(deck)
    found: list[tuple[int, npt.NDArray[np.int64]]] = []
    for position, token in enumerate(tokens):
        if not token:
            raise ValueError(f"empty token at position {position} in range {text!r}")
        size, index = _token(token, table)
        if found and size != found[0][0]:
            raise ValueError(
                f"Omaha hands have 4, 5 or 6 cards, all of one size in a range: {token!r} has"
                f" {size}, {tokens[0]!r} {found[0][0]}"
            )
        found.append((size, index))
    size = found[0][0]
    indices = np.concatenate([index for _, index in found])
    total = math.comb(table.n, size)
    if len(found) == 1:
        pass  # one token's hands are distinct and in order
    elif len(indices) * 32 < total:
        indices = np.unique(indices)
    else:
        chosen = np.zeros(total, dtype=np.bool_)
        chosen[indices] = True
        indices = np.flatnonzero(chosen)
    combos, masks = table.hands(size, indices)
    return _frozen(combos, masks)


def _frozen(combos: npt.NDArray[np.uint8], masks: npt.NDArray[np.uint64]) -> OmahaRange:
    combos.setflags(write=False)
    masks.setflags(write=False)
    return OmahaRange(combos, masks)


def _token(token: str, table: _Deck) -> tuple[int, npt.NDArray[np.int64]]:
    """(hand size, lexicographic indices of the hands) of one token."""
    if ":" in token:
        raise ValueError(f"{token!r}: Omaha ranges have no weights (their hands are equally likely)")
    included, *excluded = token.split("!")
    if not included or not all(excluded):
        raise ValueError(f"empty pattern in {token!r}: write 'AAxx!AAAx' (hands of AAxx but not of AAAx)")
    pattern = _pattern(included, token, table)
    size = len(pattern.symbols)
    index = table.matching(pattern)
    if len(index) == 0:
        where = f"{included!r} in {token!r}" if excluded else repr(token)
        raise ValueError(f"{where} matches no hand of the {table.n}-card deck")
    if excluded:
        masks = table.hands(size, index)[1]
        out = np.zeros(len(index), dtype=np.bool_)
        for part in excluded:
            other = _pattern(part, token, table)
            if len(other.symbols) != size:
                raise ValueError(
                    f"{part!r} in {token!r} has {len(other.symbols)} cards, not {size} as {included!r}"
                )
            out |= table.test(other, masks)
        index = index[~out]
        if len(index) == 0:
            raise ValueError(f"{token!r} matches no hand: what follows '!' takes every hand of {included!r}")
    return size, index


def _pattern(text: str, token: str, table: _Deck) -> Pattern:
    """The pattern of ``text`` (part of ``token``, named in errors): symbols, then constraints;
    or a hand in another card text that `parse_cards` reads (``Ah;Kh;Qd;Jd``)."""
    try:
        return _symbols(text, token, table)
    except ValueError:
        try:
            hand = parse_cards(text)
        except ValueError:
            hand = None
        if hand is None or len(hand) not in SIZES:
            raise
        return _symbols(format_cards(hand, sep=""), token, table)


def _symbols(text: str, token: str, table: _Deck) -> Pattern:
    """`_pattern` of a pattern."""
    if text.lower() in RANDOM:
        return Pattern((_ALL_CARDS,) * RANDOM[text.lower()], ())
    symbols: list[int] = []
    constraints: list[str] = []
    position = 0
    while position < len(text):
        m = _SYMBOL.match(text, position)
        if m is None:
            bad = text[position : position + 2] if text[position] == "$" else text[position]
            if text[position] == "$":
                raise ValueError(
                    f"unknown {bad!r} in {token!r}: classes are '$B', '$W', '$L'; suit"
                    " constraints '$ds', '$ss', '$r', '$np'"
                )
            raise ValueError(f"bad symbol {bad!r} in {token!r}: {_EXPECTED}")
        position = m.end()
        dollar = m["dollar"]
        if dollar is not None and dollar.lower() in CONSTRAINTS:
            constraints.append(dollar.lower())
            continue
        if constraints:
            raise ValueError(
                f"card symbol {m[0]!r} after a suit constraint in {token!r}: constraints come last"
            )
        if dollar is not None:
            symbols.append(_ranks(CLASSES[dollar.upper()]))
        elif m["set"] is not None:
            symbols.append(_rank_set(m["set"], token))
        elif m["card"] is not None:
            card = 1 << int(parse_cards(m["card"])[0])
            if card & ~table.mask:
                raise ValueError(f"card {m['card']} in {token!r} is not in the {table.n}-card deck")
            if card in symbols:
                raise ValueError(f"card {m['card']} twice in {token!r}")
            symbols.append(card)
        elif m["rank"] is not None:
            symbols.append(_ranks(m["rank"]))
        else:
            symbols.append(_ALL_CARDS)
    if len(symbols) not in SIZES:
        hint = " (a pattern has a symbol for every card: 'AAxx', not 'AA')" if len(symbols) < 4 else ""
        raise ValueError(f"Omaha hands have 4, 5 or 6 cards, not {len(symbols)}: {text!r}{hint}")
    return Pattern(tuple(symbols), tuple(constraints))


def _ranks(ranks: str) -> int:
    """The bitmask of every card of the ranks ('A', 'AKQJT', '10')."""
    values = {RANK_OF[ranks]} if ranks == "10" else {RANK_OF[r] for r in ranks}
    return sum(0xF << (4 * r) for r in values)


def _rank_set(text: str, token: str) -> int:
    """'[AKQ]', '[A-T]', '[9-6]', '[AK7-5]' -> the bitmask of their cards."""
    body, ranks, position = text[1:-1], "", 0
    while position < len(body):
        m = _SPAN.match(body, position)
        if m is None:
            break
        low, high = sorted(RANK_OF[r] for r in (m[1], m[2] or m[1]))
        ranks += RANKS[low : high + 1]
        position = m.end()
    if not body or position < len(body):
        raise ValueError(
            f"bad rank set {text!r} in {token!r}: expected ranks and spans in brackets, as '[AKQ]', '[A-T]', '[9-6]'"
        )
    return _ranks(ranks)


@lru_cache(maxsize=4)
def _deck(deck: tuple[int, ...]) -> _Deck:
    """The `_Deck` of these cards, kept for the next ranges."""
    return _Deck(deck)


class _Deck:
    """One deck's hands of each size in lexicographic order of their sorted cards, chunked by
    the first card: the hands whose first card is the deck's ``i``-th are that card with each
    (size - 1)-card hand of the cards after it, the last C(n - 1 - i, size - 1) of them."""

    def __init__(self, deck: tuple[int, ...]) -> None:
        self.cards = np.array(deck, dtype=np.uint8)
        self.n = len(deck)
        self.bits = np.uint64(1) << self.cards.astype(np.uint64)
        self.mask = sum(1 << c for c in deck)
        self.comb = np.array([[math.comb(a, b) for b in range(7)] for a in range(self.n + 1)], np.int64)
        self.subsets: dict[int, tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint8]]] = {}

    def first(self, size: int, i: int) -> int:
        """The index of the first hand whose first card is the ``i``-th."""
        return int(self.comb[self.n, size] - self.comb[self.n - i, size])

    def lex(self, size: int) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint8]]:
        """Every hand of ``size`` cards, in order: (masks, cards)."""
        if size not in self.subsets:
            if size == 1:
                self.subsets[1] = self.bits, self.cards[:, None]
            else:
                masks, cards = self.lex(size - 1)
                total = math.comb(self.n, size)
                out_masks = np.empty(total, np.uint64)
                out_cards = np.empty((total, size), np.uint8)
                for i in range(self.n - size + 1):
                    start, stop = self.first(size, i), self.first(size, i + 1)
                    rest = self.first(size - 1, i + 1)
                    out_masks[start:stop] = masks[rest:] | self.bits[i]
                    out_cards[start:stop, 0] = self.cards[i]
                    out_cards[start:stop, 1:] = cards[rest:]
                self.subsets[size] = out_masks, out_cards
        return self.subsets[size]

    def hands(
        self, size: int, index: npt.NDArray[np.int64]
    ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint64]]:
        """The hands of ``size`` cards at these increasing indices: (cards, masks)."""
        if size <= 5:
            masks, cards = self.lex(size)
            return np.take(cards, index, axis=0), np.take(masks, index)
        sub_masks, sub_cards = self.lex(size - 1)
        cards = np.empty((len(index), size), np.uint8)
        masks = np.empty(len(index), np.uint64)
        starts = [self.first(size, i) for i in range(self.n - size + 2)]
        bounds = np.searchsorted(index, starts).tolist()
        for i in range(self.n - size + 1):
            a, b = bounds[i], bounds[i + 1]
            rest = self.first(size - 1, i + 1)
            if b - a == starts[i + 1] - starts[i]:  # every hand of the chunk: a copy
                cards[a:b, 1:], part = sub_cards[rest:], sub_masks[rest:]
            elif a < b:
                at = index[a:b] - (starts[i] - rest)
                cards[a:b, 1:], part = np.take(sub_cards, at, axis=0), np.take(sub_masks, at)
            else:
                continue
            cards[a:b, 0] = self.cards[i]
            np.bitwise_or(part, self.bits[i], out=masks[a:b])
        return cards, masks

    def matching(self, pattern: Pattern) -> npt.NDArray[np.int64]:
        """The indices, in order, of the hands that match ``pattern``."""
        size = len(pattern.symbols)
        admitted = [s & self.mask for s in pattern.symbols]
        if not all(admitted):
            return np.zeros(0, np.int64)
        if math.prod(s.bit_count() for s in admitted) <= min(MAX_SEQUENCES, math.comb(self.n, size)):
            return self._from_sequences(pattern, admitted)
        conditions = self.conditions(admitted)
        if not conditions and not pattern.constraints:
            return np.arange(math.comb(self.n, size), dtype=np.int64)
        if size <= 5:
            return np.flatnonzero(self.test(pattern, self.lex(size)[0], conditions))
        sub_masks = self.lex(size - 1)[0]
        found = []
        for i in range(self.n - size + 1):
            masks = sub_masks[self.first(size - 1, i + 1) :] | self.bits[i]
            found.append(np.flatnonzero(self.test(pattern, masks, conditions)) + self.first(size, i))
        return np.concatenate(found)

    def _from_sequences(self, pattern: Pattern, admitted: list[int]) -> npt.NDArray[np.int64]:
        """`matching` by listing every sequence of one admitted card per symbol."""
        position = np.full(64, -1, np.int64)
        position[self.cards] = np.arange(self.n)
        choices = [position[[c for c in range(64) if s >> c & 1]] for s in admitted]
        rows = np.stack(np.meshgrid(*choices, indexing="ij"), axis=-1).reshape(-1, len(choices))
        rows.sort(axis=1)
        rows = rows[(np.diff(rows, axis=1) > 0).all(axis=1)]
        index = np.unique(self.index(rows))
        if pattern.constraints:
            index = index[self.test(pattern, self.hands(rows.shape[1], index)[1], [])]
        return index

    def index(self, rows: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """The lexicographic indices of hands given as increasing positions in the deck."""
        n, size = self.n, rows.shape[1]
        index = np.zeros(len(rows), np.int64)
        before = np.full(len(rows), -1, np.int64)
        for p in range(size):
            index += self.comb[n - 1 - before, size - p] - self.comb[n - rows[:, p], size - p]
            before = rows[:, p]
        return index

    def conditions(self, admitted: list[int]) -> list[tuple[np.uint64, int]]:
        """Hall's conditions for one card on each symbol: for each union ``U`` of admitted cards,
        a hand holds at least as many cards of ``U`` as there are symbols admitting only cards
        of ``U``. The conditions every hand meets, and those another implies, are left out."""
        size, narrow = len(admitted), [s for s in admitted if s != self.mask]
        need: dict[int, int] = {}
        for k in range(1, len(narrow) + 1):
            for group in combinations(narrow, k):
                union = 0
                for s in group:
                    union |= s
                outside = (self.mask & ~union).bit_count()
                t = sum(1 for s in admitted if s & ~union == 0)
                if t > size - outside:  # else every hand of the deck holds that many
                    need[union] = t
        kept = dict(need)
        for union, t in need.items():
            if any(u != union and v - (u & ~union).bit_count() >= t for u, v in kept.items()):
                del kept[union]
        return [(np.uint64(u), t) for u, t in kept.items()]

    def test(
        self,
        pattern: Pattern,
        masks: npt.NDArray[np.uint64],
        conditions: list[tuple[np.uint64, int]] | None = None,
    ) -> npt.NDArray[np.bool_]:
        """Whether each hand (a bitmask) matches ``pattern`` (``conditions``: its Hall
        conditions, computed when not given)."""
        if conditions is None:
            conditions = self.conditions([s & self.mask for s in pattern.symbols])
        ok = np.ones(len(masks), np.bool_)
        for union, t in conditions:
            ok &= np.bitwise_count(masks & union) >= t
        if {"ds", "ss", "r"} & set(pattern.constraints):
            pairs = sum((np.bitwise_count(masks & np.uint64(s)) >= 2).astype(np.uint8) for s in _SUIT_MASKS)
            for name, keep in (("ds", pairs >= 2), ("ss", pairs == 1), ("r", pairs == 0)):
                if name in pattern.constraints:
                    ok &= keep
        if "np" in pattern.constraints:
            ok &= _no_pair(masks)
        return ok


def _no_pair(masks: npt.NDArray[np.uint64]) -> npt.NDArray[np.bool_]:
    """Whether no rank has two cards. A rank's four cards are four bits (a nibble): they are
    summed in place, pairs of bits then nibbles, and a sum of 2 or more shows as bit 3 once 6 is
    added (4 + 6 < 16: no carry into the next rank)."""
    pairs = (masks & _NIBBLES[5]) + ((masks >> np.uint64(1)) & _NIBBLES[5])
    sums = (pairs & _NIBBLES[3]) + ((pairs >> np.uint64(2)) & _NIBBLES[3])
    result: npt.NDArray[np.bool_] = ((sums + _NIBBLES[6]) & _NIBBLES[8]) == 0
    return result
