"""Parse rows of hand text into card ints, parallel over rows.

The text of row i is `data[start:end]`, code units of one of two kinds: UTF-8 bytes (`utf8`,
decoded here) or UCS-4 code points (numpy `<U` arrays). Rows sit either at a fixed `width`
(numpy arrays: row i at i * width, padded with NULs) or between `offsets[i]` and
`offsets[i + 1]` (Arrow buffers, joined Python strings) when `width` is 0.

Characters are classified by table lookup (`CharTables`, built by `pokerlut._text` from the
spellings `pokerlut._cards` accepts). The grammar is that of `pokerlut._cards._split`: separators
between cards are optional; a card is a joker (`joker`, `jk`, `jkr`, `x` in any case, or 🃏) or
a rank (`2`-`9`, `10`, `t j q k a` in any case) then a suit, then optionally U+FE0F.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numba import prange

from .core import njit

NO_CHAR = 0x110000  # beyond Unicode: bad UTF-8, never a card's character
NONE = 255  # in the rank and suit tables: not a rank, not a suit


class CharTables(NamedTuple):
    """Character classes: `rank`, `suit` (NONE if not) and `sep` (1 if a separator) of the
    ASCII characters; the other separators and suit symbols as sorted code points."""

    rank: np.ndarray  # uint8[128]
    suit: np.ndarray  # uint8[128]
    sep: np.ndarray  # uint8[128]
    wide_sep: np.ndarray  # int64[], sorted
    wide_suit: np.ndarray  # int64[], sorted
    wide_suit_of: np.ndarray  # uint8[], the suit of each wide_suit
    joker: int  # the code point of the joker symbol


@njit(inline="always")
def _char(data: np.ndarray, pos: int, end: int, utf8: bool) -> tuple[int, int]:
    """(code point at pos, position after it); NO_CHAR for bytes that are not UTF-8."""
    c = np.int64(data[pos])
    if not utf8 or c < 0x80:
        return c, pos + 1
    if c >= 0xF8 or c < 0xC0:
        return np.int64(NO_CHAR), pos + 1
    more = 3 if c >= 0xF0 else 2 if c >= 0xE0 else 1
    c &= 0x3F >> more
    if pos + more >= end:
        return np.int64(NO_CHAR), end
    for j in range(1, more + 1):
        b = np.int64(data[pos + j])
        if b & 0xC0 != 0x80:
            return np.int64(NO_CHAR), pos + j
        c = (c << 6) | (b & 0x3F)
    if c < (0x80, 0x800, 0x10000)[more - 1] or c > 0x10FFFF:  # overlong, or too big
        c = NO_CHAR
    return c, pos + more + 1


@njit(inline="always")
def _find(sorted_values: np.ndarray, c: int) -> int:
    """Index of c in a short sorted array, or -1."""
    for j in range(len(sorted_values)):
        if sorted_values[j] == c:
            return j
    return -1


@njit(inline="always")
def _is_sep(ct: CharTables, c: int) -> bool:
    return ct.sep[c] != 0 if c < 128 else _find(ct.wide_sep, c) >= 0


@njit(inline="always")
def _suit(ct: CharTables, c: int) -> Any:
    if c < 128:
        return np.int64(ct.suit[c])
    j = _find(ct.wide_suit, c)
    return np.int64(ct.wide_suit_of[j]) if j >= 0 else np.int64(NONE)


@njit(inline="always")
def _lower(c: int) -> int:
    return c | 0x20 if 65 <= c <= 90 else c


@njit(inline="always")
def _fast_row(ct: CharTables, data: np.ndarray, s: int, e: int, out: np.ndarray, i: int, k: int) -> bool:
    """The common spellings: k two-character ASCII cards ("As"), all separated by one ASCII
    separator or none. True if row i was parsed (then it is k distinct cards)."""
    if e - s == 3 * k - 1:
        step = 3
    elif e - s == 2 * k:
        step = 2
    else:
        return False
    seen = np.uint64(0)
    for j in range(k):
        p = s + step * j
        c0, c1 = np.int64(data[p]), np.int64(data[p + 1])
        if c0 >= 128 or c1 >= 128:
            return False
        r, u = np.int64(ct.rank[c0]), np.int64(ct.suit[c1])
        if r == NONE or u == NONE:
            return False
        if step == 3 and j < k - 1:
            c2 = np.int64(data[p + 2])
            if c2 >= 128 or ct.sep[c2] == 0:
                return False
        card = 4 * r + u
        bit = np.uint64(1) << np.uint64(card)
        if seen & bit:
            return False
        seen |= bit
        out[i, j] = card
    return True


@njit(_nrt=False)
def parse_row(
    ct: CharTables,
    data: np.ndarray,
    s: int,
    e: int,
    utf8: bool,
    jokers: bool,
    out: np.ndarray,
    i: int,
    k: int,
) -> int:
    """Cards of the text data[s:e] into out[i, :k] (those after the k-th are counted, not
    written); returns the number of cards, or -1 if the text is not distinct cards (an unknown
    card, a joker where `jokers` is False, a third joker, a card twice)."""
    count = 0
    seen = np.uint64(0)
    n_jokers = 0
    pos = s
    while pos < e:
        c, pos = _char(data, pos, e, utf8)
        if _is_sep(ct, c):
            continue
        card = -1
        rank = np.int64(NONE)
        if c == ct.joker:
            card = 52
        elif c < 128:
            lower = _lower(c)
            rank = np.int64(ct.rank[c])
            if lower == 120:  # x
                card = 52
            elif lower == 106 and pos < e:  # j: a joker ("joker", "jk", "jkr") or a jack
                c2, p2 = _char(data, pos, e, utf8)
                if _lower(c2) == 111:  # "jo" must be "joker"
                    for letter in (107, 101, 114):  # k e r
                        if p2 >= e:
                            return -1
                        c3, p2 = _char(data, p2, e, utf8)
                        if _lower(c3) != letter:
                            return -1
                    card, pos = 52, p2
                elif _lower(c2) == 107:  # "jk", or "jkr"
                    card, pos = 52, p2
                    if pos < e:
                        c3, p3 = _char(data, pos, e, utf8)
                        if _lower(c3) == 114:
                            pos = p3
            elif c == 49:  # "1" starts "10" only
                if pos >= e:
                    return -1
                c2, pos = _char(data, pos, e, utf8)
                if c2 != 48:
                    return -1
                rank = np.int64(8)
        if card < 0:  # a rank, then a suit
            if rank == NONE or pos >= e:
                return -1
            c2, pos = _char(data, pos, e, utf8)
            suit = _suit(ct, c2)
            if suit == NONE:
                return -1
            card = 4 * rank + suit
            if pos < e:
                c3, p3 = _char(data, pos, e, utf8)
                if c3 == 0xFE0F:  # emoji presentation selector: "♥️"
                    pos = p3
        else:  # jokers are numbered 52, 53 in order
            if not jokers or n_jokers == 2:
                return -1
            card += n_jokers
            n_jokers += 1
        bit = np.uint64(1) << np.uint64(card)
        if seen & bit:
            return -1
        seen |= bit
        if count < k:
            out[i, count] = card
        count += 1
    return count


@njit(inline="always")
def _bounds(data: np.ndarray, offsets: np.ndarray, width: int, row: int) -> tuple[int, int]:
    if width > 0:
        s = row * width
        e = s + width
        while e > s and data[e - 1] == 0:  # numpy pads short strings with NULs
            e -= 1
        return s, e
    return np.int64(offsets[row]), np.int64(offsets[row + 1])


@njit(cache=True, _nrt=False)
def first_count(
    ct: CharTables,
    data: np.ndarray,
    offsets: np.ndarray,
    width: int,
    utf8: bool,
    jokers: bool,
    n: int,
    scratch: np.ndarray,
) -> tuple[int, int]:
    """(row, number of cards) of the first row of 1 or more distinct cards; (-1, 0) if none."""
    for row in range(n):
        s, e = _bounds(data, offsets, width, row)
        count = parse_row(ct, data, s, e, utf8, jokers, scratch, np.int64(0), scratch.shape[1])
        if count > 0:
            return row, count
    return -1, 0


@njit(parallel=True, cache=True, _nrt=False)
def parse_rows(
    ct: CharTables,
    data: np.ndarray,
    offsets: np.ndarray,
    width: int,
    utf8: bool,
    jokers: bool,
    first: int,
    out: np.ndarray,
    ok: np.ndarray,
) -> None:
    """out[i] = the k cards of row first + i (k = out.shape[1]); ok[i] = 1 if that row is k
    distinct cards, else 0 (out[i] then holds whatever was read)."""
    n, k = out.shape
    for i in prange(n):
        s, e = _bounds(data, offsets, width, first + i)
        if _fast_row(ct, data, s, e, out, i, k):
            ok[i] = 1
        else:
            # a call, not inlined (numba's parallel lowering of it took 70 % of the compile time);
            # np.int64: the loop index is unsigned there, which would compile a second version
            ok[i] = parse_row(ct, data, s, e, utf8, jokers, out, np.int64(i), k) == k
