"""Which Omaha hands match a range term of ProPokerTools' generic syntax.

A pattern of k symbols other than a free ``*`` (k < hand size) is matched in two steps: its
*cores*, the k-card sets that can be laid one per symbol (`lay_patterns`: a depth-first search
over the deck's cards that binds rank and suit variables as it goes), then every hand that
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


@njit(cache=True, inline="always")
def _lowest(bits: int) -> int:
    """The index of the lowest set bit (``bits`` > 0; exact in float for bits below 53)."""
    return int(math.log2(bits & -bits))


@njit(cache=True)
def lay_patterns(
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
    one on each symbol. Each pattern's symbols are laid on the deck's cards one at a time
    (depth first), each only on the cards it can take given those laid before: the sets
    found, not every set tried (``colex``: the cores of patterns of ``size``
    symbols, their ``flags`` left for `raise_sets`). Sets are bitmasks of deck positions
    (bit ``p``: ``cards[p]``)."""
    n = len(cards)
    rank_at = np.zeros(13, np.int64)  # the deck positions of each rank, each suit
    suit_at = np.zeros(4, np.int64)
    for p in range(n):
        rank_at[cards[p] >> 2] |= np.int64(1) << p
        suit_at[cards[p] & 3] |= np.int64(1) << p
    position = np.zeros(MAX_SYMBOLS, np.int64)
    choice = np.full(MAX_SYMBOLS, -1, np.int64)
    left = np.zeros(MAX_SYMBOLS, np.int64)  # the positions symbol i may still take
    binds = np.zeros(MAX_SYMBOLS, np.int64)
    rank_value = np.full(13, -1, np.int64)
    suit_value = np.full(4, -1, np.int64)
    group_ranks = np.zeros(MAX_SYMBOLS, np.int64)
    total = COMB[n, size]
    for t in range(len(counts)):
        k = counts[t]
        if k == 0:  # no symbols: every set, by the conditions alone
            position[:size] = np.arange(size)
            for h in range(total):
                if _holds(cards, position, size, flags[t]):
                    out[h] = True
                _next_set(position, size, n)
            continue
        admits_at = np.zeros(k, np.int64)
        for i in range(k):
            for p in range(n):
                if (admits[t, i] >> cards[p]) & 1:
                    admits_at[i] |= np.int64(1) << p
        ranks_free = np.int64(0)  # positions of the ranks and suits variables may take
        for r in range(13):
            if (rank_allowed[t, 0] >> r) & 1:
                ranks_free |= rank_at[r]
        suits_free = np.int64(0)
        for s in range(4):
            if (suit_allowed[t, 0] >> s) & 1:
                suits_free |= suit_at[s]
        rank_value[:] = -1
        suit_value[:] = -1
        group_ranks[:] = 0
        used = np.int64(0)
        pos = 0
        choice[0] = -1
        left[0] = admits_at[0] & ranks_free if rank_var[t, 0] >= 0 else admits_at[0]
        if suit_var[t, 0] >= 0:
            left[0] &= suits_free
        while pos >= 0:
            v, w, g = rank_var[t, pos], suit_var[t, pos], group[t, pos]
            j = choice[pos]
            if j >= 0:  # take back this symbol's card
                used &= ~(np.int64(1) << j)
                c = cards[j]
                if binds[pos] & 1:
                    ranks_free |= rank_at[c >> 2]
                    rank_value[v] = -1
                if binds[pos] & 2:
                    suits_free |= suit_at[c & 3]
                    suit_value[w] = -1
                if g >= 0:
                    group_ranks[g] &= ~(1 << (c >> 2))
                choice[pos] = -1
            if left[pos] == 0:
                pos -= 1
                continue
            j = _lowest(left[pos])
            left[pos] &= left[pos] - 1
            c = cards[j]
            bind = 0
            if v >= 0 and rank_value[v] < 0:
                rank_value[v] = c >> 2
                ranks_free &= ~rank_at[c >> 2]
                bind = 1
            if w >= 0 and suit_value[w] < 0:
                suit_value[w] = c & 3
                suits_free &= ~suit_at[c & 3]
                bind |= 2
            if g >= 0:
                group_ranks[g] |= 1 << (c >> 2)
            binds[pos], choice[pos] = bind, j
            used |= np.int64(1) << j
            if pos < k - 1:  # the next symbol's cards, given these
                pos += 1
                m = admits_at[pos] & ~used
                if same[t, pos]:
                    m &= ~((np.int64(2) << j) - 1)
                v, w, g = rank_var[t, pos], suit_var[t, pos], group[t, pos]
                if v >= 0:
                    m &= rank_at[rank_value[v]] if rank_value[v] >= 0 else ranks_free
                if w >= 0:
                    m &= suit_at[suit_value[w]] if suit_value[w] >= 0 else suits_free
                if g >= 0:
                    for r in range(13):
                        if (group_ranks[g] >> r) & 1:
                            m &= ~rank_at[r]
                left[pos] = m
                choice[pos] = -1
                continue
            bits = used  # laid: mark the set
            for i in range(k):
                position[i] = _lowest(bits)
                bits &= bits - 1
            if colex:
                out[_colex(position, k)] = True
            elif _holds(cards, position, size, flags[t]):
                index = 0  # lexicographic: from the colexicographic of the mirrored positions
                for i in range(size):
                    index += COMB[n - 1 - position[size - 1 - i], i + 1]
                out[total - 1 - index] = True


@njit(cache=True)
def extend_sets(
    smaller: np.ndarray, cards: np.ndarray, size: int, flags: int, out: np.ndarray, colex: bool
) -> None:
    """`raise_sets` from the other side, for when few sets are marked: each marked set of
    ``size - 1`` with each card it lacks. A set's index with card ``c`` added is its own
    binomials, those of the positions above ``c`` moved up one place, plus ``c``'s; the
    lexicographic index (not ``colex``) is that of the set mirrored (position ``p`` as
    ``n - 1 - p``) taken from the last."""
    n = len(cards)
    k = size - 1
    total = COMB[n, size]
    position = np.arange(k)
    mirrored = np.zeros(k, np.int64)
    whole = np.zeros(size, np.int64)
    for _ in range(len(smaller)):
        if smaller[_colex(position, k)]:
            for i in range(k):  # the set as `out` counts it, in increasing order
                mirrored[i] = position[i] if colex else n - 1 - position[k - 1 - i]
            above = 0  # the binomials of the positions above the new card, moved up one
            for i in range(k):
                above += COMB[mirrored[i], i + 2]
            below, m = 0, 0
            for c in range(n):
                if m < k and mirrored[m] == c:
                    above -= COMB[c, m + 2]
                    below += COMB[c, m + 1]
                    m += 1
                    continue
                index = below + COMB[c, m + 1] + above
                if flags:
                    for i in range(m):
                        whole[i] = mirrored[i]
                    whole[m] = c
                    for i in range(m, k):
                        whole[i + 1] = mirrored[i]
                    if not colex:  # back to the deck's positions, increasing
                        whole[:size] = n - 1 - whole[:size][::-1]
                    if not _holds(cards, whole, size, flags):
                        continue
                out[index if colex else total - 1 - index] = True
        _next_set(position, k, n)
