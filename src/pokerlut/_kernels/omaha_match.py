"""Which Omaha hands match a range term of ProPokerTools' generic syntax.

A pattern of k symbols other than a free ``*`` (k < hand size) is matched in two steps: its
*cores*, the k-card sets that can be laid one per symbol (`match_hands` over every k-card set:
a backtracking search that binds rank and suit variables as it goes), then every hand that
holds a core (`raise_sets`, one size up at a time: a set is marked when one of its subsets
one card smaller is). Sets are indexed in colexicographic order inside (a subset's index is a
sum of binomials, `COMB`), hands in the end lexicographically, as `omaha_ranges` lists them.
The parser is `pokerlut._equity.omaha_syntax`; it hands over the patterns as arrays.

A pattern (row ``t`` of the arrays, at most 6 symbols, ``*`` outside braces left out):

* ``admits[t, i]``: the cards symbol ``i`` admits (bit ``card``);
* ``rank_var[t, i]``, ``suit_var[t, i]``: the symbol's variable (an index), or -1;
* ``group[t, i]``: its brace group (cards of one group have different ranks), or -1;
* ``same[t, i]``: symbol ``i`` is symbol ``i - 1`` again (its card is taken later in the
  hand: the same layings are not tried twice);
* ``rank_allowed[t, v]``, ``suit_allowed[t, v]``: the values variable ``v`` may take
  (distinct variables take distinct values: checked as they bind);
* ``flags[t]``: whole-hand conditions, bits `DOUBLE_SUITED`, `SINGLE_SUITED`, `NO_PAIR`,
  `RAINBOW`.
"""

from __future__ import annotations

import math

import numpy as np

from .core import njit

DOUBLE_SUITED, SINGLE_SUITED, NO_PAIR, RAINBOW = 1, 2, 4, 8
MAX_SYMBOLS = 6
COMB = np.array([[math.comb(a, b) for b in range(8)] for a in range(65)], np.int64)


@njit(cache=True, inline="always")
def _colex(position: np.ndarray, size: int) -> int:
    """The colexicographic index of a set given by increasing positions."""
    index = 0
    for p in range(size):
        index += COMB[position[p], p + 1]
    return index


@njit(cache=True, inline="always")
def _next_set(position: np.ndarray, size: int, n_cards: int) -> None:
    """The next set of ``size`` increasing positions in lexicographic order."""
    i = size - 1
    while i > 0 and position[i] == n_cards - size + i:
        i -= 1
    position[i] += 1
    for j in range(i + 1, size):
        position[j] = position[j - 1] + 1


@njit(cache=True, inline="always")
def _holds(cards: np.ndarray, position: np.ndarray, size: int, flags: int) -> bool:
    """Whether the hand meets the whole-hand conditions ``flags``."""
    if flags == 0:
        return True
    suit_counts, seen_ranks, paired = 0, 0, False  # suit_counts: 4 bits a suit
    for p in range(size):
        c = np.int64(cards[position[p]])
        suit_counts += 1 << (4 * (c & 3))
        paired |= (seen_ranks >> (c >> 2)) & 1 == 1
        seen_ranks |= 1 << (c >> 2)
    suited = 0
    for s in range(4):
        suited += (suit_counts >> (4 * s)) & 15 >= 2
    if (flags & DOUBLE_SUITED and suited < 2) or (flags & SINGLE_SUITED and suited != 1):
        return False
    return not ((flags & NO_PAIR and paired) or (flags & RAINBOW and suited != 0))


@njit(cache=True)
def raise_sets(
    smaller: np.ndarray, cards: np.ndarray, size: int, flags: int, out: np.ndarray, colex: bool
) -> None:
    """Set ``out`` for each set of ``size`` of ``cards`` (its colexicographic index, or
    lexicographic when not ``colex``) one of whose subsets one card smaller is marked in
    ``smaller`` (colexicographic) and that meets ``flags`` (`_holds`)."""
    position = np.arange(size)
    for h in range(len(out)):
        after = 0  # the subset without card m: COMB[position, index] summed over the rest
        for p in range(1, size):
            after += COMB[position[p], p]
        before = 0
        for m in range(size):
            if smaller[before + after]:
                if _holds(cards, position, size, flags):
                    out[_colex(position, size) if colex else h] = True
                break
            if m + 1 < size:
                after -= COMB[position[m + 1], m + 1]
                before += COMB[position[m], m + 1]
        _next_set(position, size, len(cards))


@njit(cache=True)
def match_hands(
    cards: np.ndarray,
    size: int,
    counts: np.ndarray,
    admits: np.ndarray,
    rank_var: np.ndarray,
    suit_var: np.ndarray,
    group: np.ndarray,
    same: np.ndarray,
    rank_allowed: np.ndarray,
    suit_allowed: np.ndarray,
    flags: np.ndarray,
    out: np.ndarray,
    colex: bool,
) -> None:
    """Set ``out[h]`` for each set ``h`` of ``size`` of ``cards`` (its lexicographic index, or
    colexicographic when ``colex``) that matches one of the patterns: its cards can be laid
    one on each symbol (a depth-first search, a symbol at a time; ``choice[i]``: the card on
    symbol ``i``, -1 before the first)."""
    position = np.arange(size)
    card = np.zeros(MAX_SYMBOLS, np.int64)
    choice = np.zeros(MAX_SYMBOLS, np.int64)
    binds = np.zeros(MAX_SYMBOLS, np.int64)  # bit 0: symbol i bound its rank variable, 1: suit
    rank_value = np.full(13, -1, np.int64)
    suit_value = np.full(4, -1, np.int64)
    group_ranks = np.zeros(MAX_SYMBOLS, np.int64)
    for h in range(len(out)):
        for p in range(size):
            card[p] = cards[position[p]]
        for t in range(len(counts)):
            if not _holds(cards, position, size, flags[t]):
                continue
            k = counts[t]
            laid = k == 0
            if not laid:
                rank_value[:] = -1
                suit_value[:] = -1
                group_ranks[:] = 0
                used, bound_ranks, bound_suits, pos = 0, 0, 0, 0
                choice[0] = -1
            while not laid and pos >= 0:
                j = choice[pos]
                g, v, w = group[t, pos], rank_var[t, pos], suit_var[t, pos]
                if j >= 0:  # take back this symbol's card
                    used &= ~(1 << j)
                    if binds[pos] & 1:
                        bound_ranks &= ~(1 << rank_value[v])
                        rank_value[v] = -1
                    if binds[pos] & 2:
                        bound_suits &= ~(1 << suit_value[w])
                        suit_value[w] = -1
                    if g >= 0:
                        group_ranks[g] &= ~(1 << (card[j] >> 2))
                    j += 1
                elif pos > 0 and same[t, pos]:  # as the symbol before: a later card
                    j = choice[pos - 1] + 1
                else:
                    j = 0
                while j < size:
                    c = card[j]
                    r, s = c >> 2, c & 3
                    ok = (used >> j) & 1 == 0 and (admits[t, pos] >> c) & 1 == 1
                    if ok and g >= 0:
                        ok = (group_ranks[g] >> r) & 1 == 0
                    bind = 0
                    if ok and v >= 0:
                        if rank_value[v] >= 0:
                            ok = rank_value[v] == r
                        else:
                            ok = (rank_allowed[t, v] >> r) & 1 == 1 and (bound_ranks >> r) & 1 == 0
                            bind = 1
                    if ok and w >= 0:
                        if suit_value[w] >= 0:
                            ok = suit_value[w] == s
                        else:
                            ok = (suit_allowed[t, w] >> s) & 1 == 1 and (bound_suits >> s) & 1 == 0
                            bind |= 2
                    if ok:
                        break
                    j += 1
                if j < size:
                    used |= 1 << j
                    if bind & 1:
                        rank_value[v] = r
                        bound_ranks |= 1 << r
                    if bind & 2:
                        suit_value[w] = s
                        bound_suits |= 1 << s
                    if g >= 0:
                        group_ranks[g] |= 1 << r
                    binds[pos], choice[pos] = bind, j
                    if pos == k - 1:
                        laid = True
                    else:
                        pos += 1
                        choice[pos] = -1
                else:
                    pos -= 1
            if laid:
                out[_colex(position, size) if colex else h] = True
                break
        _next_set(position, size, len(cards))
