"""Omaha ranges: text in ProPokerTools' generic syntax (``"AA:xxyy, JJ!JJJ, KK"``) -> four-,
five- or six-card hands, with a weight each.

The rules, with worked examples and counts, are in docs/omaha-ranges.md; in short: terms joined
by ``,`` (or), ``:`` (and), ``!`` (but not; also prefix), parentheses; a term is card symbols
(``A`` ``As`` ``s`` ``*``, suit variables ``w x y z``, rank variables: every other letter,
lists ``[AK]`` ``[A-T]`` ``[sh]``, rank macros ``$B $R $F $M $Z $L $N $W``, no-pair braces
``{...}``), a span (``KK+``, ``KK-TT``, ``JT98+``, ``[KK-QQ][77-66]``) and whole-hand
conditions ``$ds $ss $np``; a term shorter than the hand leaves the other cards free (``AA``:
at least two aces); ``@N`` weights (1..100) on every top-level sub-range or none. pokerlut's own
words ``random``, ``random4``, ``random5``, ``random6`` are every hand, and a whole hand in any
card text `parse_cards` reads (``"Ah Kh Qd Jd"``) is that hand.

Hands are matched by one pass of a numba kernel over every hand of the deck
(`pokerlut._kernels.omaha_match`); the parser is `omaha_syntax`.

>>> r = parse_omaha_range("AA, KK:$ds")
>>> len(r), r.combos.dtype, r.combos.shape
(7819, dtype('uint8'), (7819, 4))
>>> len(parse_omaha_range("AA!AAA")), len(parse_omaha_range("xxyy*")), len(parse_omaha_range("xxyyz"))
(6768, 1216800, 949104)
>>> parse_omaha_range("AsAs")
Traceback (most recent call last):
...
ValueError: range 'AsAs' holds no hand of 4 cards of the 52-card deck
"""

from __future__ import annotations

import math
import re
import warnings
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from .._cards import format_cards
from .._warmup import Job
from .._kernels.omaha_match import (
    DOUBLE_SUITED,
    MAX_SYMBOLS,
    NO_PAIR,
    RAINBOW,
    SINGLE_SUITED,
    extend_sets,
    lay_patterns,
    raise_sets,
)
from .omaha_syntax import Chain, Complement, Node, Symbol, Term, Union, parse_expression

__all__ = ["OmahaRange", "parse_omaha_range"]

SIZES = (4, 5, 6)
FLAGS = {"ds": DOUBLE_SUITED, "ss": SINGLE_SUITED, "np": NO_PAIR, "r": RAINBOW}
_WARNED: set[str] = set()  # texts warned about once already (an old reading)
# the characters of pokerlut's old dialect: ranks, suits, x, *, rank sets, $ classes and
# constraints, "!" and ","; a text of others was an error before, so reads as nothing old
_OLD_DIALECT = re.compile(r"(?:[AKQJTakqjt2-9shdcSHDCxX*\[\]\-!,\s]|10|\$(?:[BWL]|ds|ss|np|r))*")


@dataclass(frozen=True, eq=False)
class OmahaRange:
    """Omaha hands of one size with a weight each, read-only; built by :func:`parse_omaha_range`.

    ``combos``: uint8 (k, size), each row card ints in increasing order, rows distinct and in
    increasing (lexicographic) order. ``masks``: uint64 (k,), each row's cards as a bitmask.
    ``weights``: float64 (k,), relative (1.0 each when the range has no ``@`` weights).

    >>> parse_omaha_range("AAAA, KKKK")
    OmahaRange('KsKhKdKc, AsAhAdAc')
    """

    combos: npt.NDArray[np.uint8]
    masks: npt.NDArray[np.uint64]
    weights: npt.NDArray[np.float64]

    def __len__(self) -> int:
        return len(self.combos)

    @property
    def weighted(self) -> bool:
        """Whether the range has ``@`` weights (else every hand weighs 1.0).

        >>> parse_omaha_range("AAAA@50, KKKK@25").weighted, parse_omaha_range("AAAA").weighted
        (True, False)
        """
        return bool(self.weights.strides[0])  # unweighted: one 1.0 seen len() times

    @property
    def size(self) -> int:
        """The number of cards in each hand: 4, 5 or 6."""
        return int(self.combos.shape[1])

    def without_mask(self, dead_mask: int) -> OmahaRange:
        """The range without the hands that hold a card of ``dead_mask`` (bit ``card`` set); the
        range itself when none does.

        >>> len(parse_omaha_range("AA").without_mask(1 << 51))  # As dead: 3 aces left
        3432
        """
        keep = (self.masks & np.uint64(dead_mask)) == 0
        if keep.all():
            return self
        return _frozen(self.combos[keep], self.masks[keep], self.weights[keep] if self.weighted else None)

    def __repr__(self) -> str:
        if len(self) > 12:
            return f"OmahaRange({len(self)} hands of {self.size} cards)"
        return f"OmahaRange({', '.join(format_cards(c[::-1], sep='') for c in self.combos)!r})"


def _frozen(
    combos: npt.NDArray[np.uint8],
    masks: npt.NDArray[np.uint64],
    weights: npt.NDArray[np.float64] | None = None,
) -> OmahaRange:
    if weights is None:  # a view of one 1.0: random6's 20 M hands need no 163 MB of ones
        weights = np.broadcast_to(np.float64(1.0), (len(combos),))
    for array in (combos, masks, weights):
        array.setflags(write=False)
    return OmahaRange(combos, masks, weights)


def parse_omaha_range(text: str, *, deck: npt.ArrayLike | None = None, size: int | None = None) -> OmahaRange:
    """Parse an Omaha range in ProPokerTools' generic syntax into its hands.

    Parameters
    ----------
    text : str
        The range ("AA:xxyy, JJ!JJJ, KK", "AA@50,KK@25"), or a hand in any card text.
    deck : array_like of int, optional
        The cards hands are made of (the 52 cards by default; a short deck's 36).
    size : int, optional
        Cards per hand: 4, 5 or 6 (or hold'em's 2, when hold'em ranges are read in this
        syntax). By default the most card symbols of a term, at least 4
        (``AA`` is a 4-card range, ``AA***`` a 5-card one).

    Returns
    -------
    OmahaRange
        Every hand of the deck that the range names, with its weight.

    Raises
    ------
    TypeError
        `text` that is not a str.
    ValueError
        A malformed range (the message names the part), a term with more card symbols than
        the hand has cards, a range that holds no hand.

    Warns
    -----
    FutureWarning
        Once per text, when it reads differently from pokerlut's old dialect (``x`` any card,
        ``$B`` broadway, ``$r`` rainbow).

    Examples
    --------
    >>> len(parse_omaha_range("AA")), len(parse_omaha_range("AA$R$R")), len(parse_omaha_range("KK$ds"))
    (6961, 785, 864)
    >>> len(parse_omaha_range("AA", deck=range(16, 52)))  # short deck: 6 to A
    3105
    >>> r = parse_omaha_range("AAAA@50, KKKK@25")
    >>> r.weights.tolist()
    [25.0, 50.0]
    """
    if not isinstance(text, str):
        raise TypeError(f"a range must be a str, not {type(text).__name__}: {text!r}")
    cards = np.arange(52) if deck is None else np.unique(np.asarray(deck, dtype=np.int64))
    if len(cards) == 0 or cards[0] < 0 or cards[-1] > 51:
        raise ValueError("a deck is cards 0..51, at least one")
    if size is not None and size not in (2, *SIZES):
        raise ValueError(f"Omaha hands have 4, 5 or 6 cards (hold'em's 2), not {size}")
    tree = parse_expression(text)
    table = _deck(tuple(cards.tolist()))
    n = size if size is not None else min(6, max(4, _most_symbols(tree)))
    chosen, weights = _weighted(tree, n, table)
    _warn_old_reading(text, int(np.count_nonzero(chosen)), n, table)
    index = np.arange(len(chosen)) if chosen.all() else np.flatnonzero(chosen)
    if len(index) == 0:
        raise ValueError(f"range {text!r} holds no hand of {n} cards of the {table.n}-card deck")
    combos, masks = table.hands(n, index)
    return _frozen(combos, masks, weights[index] if weights is not None else None)


def count_hands(text: str, size: int = 4) -> int:
    """How many ``size``-card hands of the 52-card deck the range holds (0 allowed).

    >>> count_hands("AAxx"), count_hands("RRON"), count_hands("AsAs"), count_hands("AA", 5)
    (5256, 82368, 0, 108336)
    """
    chosen, _ = _weighted(parse_expression(text), size, _deck(tuple(range(52))))
    return int(np.count_nonzero(chosen))


def _most_symbols(node: Node) -> int:
    if isinstance(node, Term):
        return max(len(p) for p in node.patterns)
    if isinstance(node, Union):
        return max(_most_symbols(part) for part, _ in node.parts)
    if isinstance(node, Chain):
        return max(_most_symbols(part) for part in (node.first, *(x for _, x in node.rest)))
    return _most_symbols(node.operand)


def _weighted(
    tree: Union, size: int, table: _Deck
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.float64] | None]:
    """The hands of the range (a mask over every hand) and, when weighted, each hand's
    weight: the largest of its sub-ranges'."""
    if tree.parts[0][1] is None:
        return _evaluate(tree, size, table), None
    chosen = np.zeros(math.comb(table.n, size), np.bool_)
    weights = np.zeros(len(chosen))
    for part, weight in tree.parts:
        hands = _evaluate(part, size, table)
        chosen |= hands
        np.maximum(weights, np.where(hands, float(weight or 0), 0.0), out=weights)
    return chosen, weights


def _evaluate(node: Node, size: int, table: _Deck) -> npt.NDArray[np.bool_]:
    """The hands of ``node``, as a mask over every hand in lexicographic order."""
    if isinstance(node, Term):
        return _term(node, size, table)
    if isinstance(node, Union):  # hands written out are set at once, the rest evaluated
        out = np.zeros(math.comb(table.n, size), np.bool_)
        written = []
        for part, _ in node.parts:
            if (hand := _written_hand(part, size)) is not None:
                written.append(hand)
            else:
                out |= _evaluate(part, size, table)
        if written:
            out[table.index(size, written)] = True
        return out
    if isinstance(node, Complement):
        return ~_evaluate(node.operand, size, table)
    out = _evaluate(node.first, size, table)
    for op, operand in node.rest:
        other = _evaluate(operand, size, table)
        if op == ":":
            out &= other
        else:
            out &= ~other
    return out


class _Patterns(NamedTuple):
    """A term's patterns as `lay_patterns` takes them (`pokerlut._kernels.omaha_match`), a
    row each."""

    counts: npt.NDArray[np.int64]
    admits: npt.NDArray[np.int64]
    rank_var: npt.NDArray[np.int64]
    suit_var: npt.NDArray[np.int64]
    group: npt.NDArray[np.int64]
    same: npt.NDArray[np.bool_]
    rank_allowed: npt.NDArray[np.int64]
    suit_allowed: npt.NDArray[np.int64]
    flags: npt.NDArray[np.int64]

    def rows(self, keep: npt.NDArray[np.bool_]) -> _Patterns:
        return _Patterns._make(array[keep] for array in self)


def _written_hand(node: Node, size: int) -> tuple[int, ...] | None:
    """The cards of a term that is one hand written out (``AhKhQdJd``), else None."""
    if not isinstance(node, Term) or node.conditions or len(node.patterns) != 1:
        return None
    (pattern,) = node.patterns
    if len(pattern) != size or any(s.cards.bit_count() != 1 or s.group >= 0 for s in pattern):
        return None
    cards = tuple(sorted(s.cards.bit_length() - 1 for s in pattern))
    return cards if len(set(cards)) == size else None


def _term(term: Term, size: int, table: _Deck) -> npt.NDArray[np.bool_]:
    """The hands matching one term: its patterns as the kernel's arrays, one pass."""
    if (hand := _written_hand(term, size)) is not None:
        out = np.zeros(math.comb(table.n, size), np.bool_)
        out[table.index(size, [hand])] = True
        return out
    count = len(term.patterns)
    counts = np.zeros(count, np.int64)
    admits = np.zeros((count, MAX_SYMBOLS), np.int64)
    rank_var, suit_var, group = (np.full((count, MAX_SYMBOLS), -1, np.int64) for _ in range(3))
    same = np.zeros((count, MAX_SYMBOLS), np.bool_)
    rank_allowed = np.zeros((count, 13), np.int64)
    suit_allowed = np.zeros((count, 4), np.int64)
    flags = np.full(count, sum(FLAGS[c] for c in set(term.conditions)), np.int64)
    for t, pattern in enumerate(term.patterns):
        if len(pattern) > size:
            raise ValueError(f"{term.text!r} has {len(pattern)} card symbols, more than {size}")
        # the narrowest symbols first, and the variables written most often: fewer tries
        uses = Counter(v for s in pattern for v in (s.rank_var, s.suit_var) if v)

        def shape(s: Symbol) -> tuple[int, int, int, str, str, int, int]:
            """A symbol's sort key: symbols of one shape differ at most in the names of
            variables written once (``w`` and ``x`` in ``wxyz``), so trading their cards
            lays the hand as well: the kernel lays them in the hand's order only."""
            rank_var, suit_var = ("~" if uses[v] == 1 else v for v in (s.rank_var, s.suit_var))
            return (
                s.cards.bit_count(),
                -uses[s.rank_var],
                -uses[s.suit_var],
                rank_var,
                suit_var,
                s.cards,
                s.group,
            )

        placed = sorted((s for s in pattern if not s.free), key=shape)
        ranks = {s.rank_var for s in placed if s.rank_var}
        suits = {s.suit_var for s in placed if s.suit_var}
        rank_index = {v: i for i, v in enumerate(sorted(ranks))}
        suit_index = {v: i for i, v in enumerate(sorted(suits))}
        rank_allowed[t] = ((1 << 13) - 1) & ~sum(
            {1 << s.explicit_rank for s in pattern if s.explicit_rank >= 0}
        )
        suit_allowed[t] = 15 & ~sum({1 << s.explicit_suit for s in pattern if s.explicit_suit >= 0})
        counts[t] = len(placed)
        for i, s in enumerate(placed):
            admits[t, i] = s.cards
            rank_var[t, i] = rank_index.get(s.rank_var, -1)
            suit_var[t, i] = suit_index.get(s.suit_var, -1)
            group[t, i] = s.group
            same[t, i] = i > 0 and shape(s) == shape(placed[i - 1])
    patterns = _Patterns(counts, admits, rank_var, suit_var, group, same, rank_allowed, suit_allowed, flags)
    result = np.zeros(math.comb(table.n, size), np.bool_)
    whole = (counts == 0) | (counts == size)
    if whole.any():  # patterns laid on the whole hand
        lay_patterns(table.cards, size, *patterns.rows(whole), result, False)
    if whole.all():
        return result
    level, cores = 0, np.zeros(0, np.bool_)
    for k in range(int(counts[~whole].min()), size + 1):
        if k > level and level:  # the sets holding a core, one card larger
            raised = np.zeros(math.comb(table.n, k), np.bool_)
            last = k == size
            # from the cores when they are few (each with each card), else from every set
            few = np.count_nonzero(cores) * (table.n - k + 1) < len(raised) * 2
            (extend_sets if few else raise_sets)(
                cores, table.cards, k, int(flags[0]) if last else 0, result if last else raised, not last
            )
            cores = raised
        level = k
        at = counts == k
        if k < size and at.any():
            if len(cores) == 0:
                cores = np.zeros(math.comb(table.n, k), np.bool_)
            no_flags = patterns.rows(at)._replace(flags=np.zeros(int(at.sum()), np.int64))  # raise's
            lay_patterns(table.cards, k, *no_flags, cores, True)
    return result


def _warn_old_reading(text: str, now: int, size: int, table: _Deck) -> None:
    """A `FutureWarning`, once per text, when pokerlut's old dialect read it differently:
    ``x`` any card (now a suit variable), ``$B`` broadway (now big cards AKQJ; broadway is
    ``$R``); and for ``$r`` (rainbow), not ProPokerTools' and read one more release. ``now``:
    the range's hands as read now."""
    if size == 2 or text in _WARNED or not _OLD_DIALECT.fullmatch(text):
        return  # (hold'em read in this syntax never had the old dialect)
    old = text.replace("x", "*").replace("X", "*").replace("$B", "$R")
    hints = []
    if old != text:
        try:
            before = int(np.count_nonzero(_weighted(parse_expression(old), size, table)[0]))
        except ValueError:  # the old dialect read it as nothing (a span, a 6-card pattern)
            before = now
        if now != before:
            if "x" in text.lower():
                hints.append("x is a suit variable (* is any card)")
            if "$B" in text:
                hints.append("$B is AKQJ (broadway is $R)")
            hints.append(f"{now:,} hands (before this release {before:,}); write {old!r} for that")
    if "$r" in text:
        hints.append("$r (rainbow) is not ProPokerTools' and goes in a later release: write wxyz")
    if hints:
        _WARNED.add(text)
        warnings.warn(
            f"{text!r} reads as ProPokerTools' generic syntax: {'; '.join(hints)}",
            FutureWarning,
            stacklevel=3,
        )


def warm_jobs() -> list[Job]:
    """The warm-up call of the range matcher's kernels (`pokerlut warm`): a pattern shorter
    than the hand (its cores, then the hands that hold one) and a whole one."""
    return [Job("omaha ranges", parse_omaha_range, ("AA, KKKK",), 4.0)]


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

    def index(self, size: int, hands: list[tuple[int, ...]]) -> npt.NDArray[np.int64]:
        """The lexicographic indices of these hands (sorted cards each) of ``size`` cards; a
        hand with a card outside the deck is left out. (Lexicographic index = C(n, k) - 1 -
        the colexicographic index of the positions counted from the deck's end.)"""
        at = np.full(64, -1, np.int64)
        at[self.cards] = self.n - 1 - np.arange(self.n)
        positions = at[np.array(hands, np.int64)]
        positions = positions[(positions >= 0).all(axis=1)]
        colex = self.comb[positions[:, ::-1], np.arange(1, size + 1)].sum(axis=1)
        index: npt.NDArray[np.int64] = math.comb(self.n, size) - 1 - colex
        return index

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
