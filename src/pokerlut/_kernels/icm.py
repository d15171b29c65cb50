"""ICM (the Malmuth-Harville model of a tournament's finish): each player's expected prize,
exactly by a dynamic programme over sets of players (`exact_dense`, `exact_ranked`), or by
sampling finishing orders (`sample_equities`). `pokerlut.icm` checks the input and calls them
with the players who hold chips: stacks are positive floats, payouts the k <= n paid places,
first first.

In the model the first place goes to a player with probability his share of the chips, and
each next place to a player still in with probability his share of the chips still in.

The dynamic programme: f(S), the chance that the players of a set S take the first |S|
places in some order, sums the chances of the orders of S, and who takes the next place
depends on S alone (who is still in), so

    f(S + j) += f(S) * s_j / rest(S),   P(j in place |S| + 1) += f(S) * s_j / rest(S)

for every j not in S, rest(S) being the chips of the players not in S: summed, not taken as
T - sum(S), which would lose the digits of a few small stacks left beside large ones. Only the
sets of fewer than k players are made: sum over m < k of C(n, m) sets, n steps each.
"""

from __future__ import annotations

import numpy as np

from .core import NOGIL_KERNEL, bit_count, next_combo, njit
from .draws import block_stream, next_random

UNIT = 2.0**-53  # a uniform double in [0, 1) is the top 53 bits of a random uint64 times UNIT


@njit(**NOGIL_KERNEL)
def exact_dense(stacks: np.ndarray, payouts: np.ndarray, equities: np.ndarray, chance: np.ndarray) -> None:
    """equities[j] += player j's expected prize, sum over the places m of P(j in place m + 1)
    times payouts[m], by the dynamic programme (above) with f(S) stored at chance[S], S a
    bitmask of the players (chance: 2**n zeros). The sets run in increasing order, each after
    its subsets; a set's players are walked by their bits (no branch on each player's bit:
    that branch, taken at random, made the programme twice as slow)."""
    n, k = stacks.shape[0], payouts.shape[0]
    everyone = (1 << n) - 1
    chance[0] = 1.0  # the empty set: nobody has finished yet
    for s in range(everyone + 1):
        m = bit_count(s)  # place m + 1 is next
        if m >= k:
            continue
        rest = 0.0
        free = everyone ^ s
        while free:
            low = free & -free
            rest += stacks[bit_count(low - 1)]
            free ^= low
        share = chance[s] / rest
        pay = payouts[m]
        last = m + 1 == k
        free = everyone ^ s
        while free:
            low = free & -free
            free ^= low
            j = bit_count(low - 1)
            step = share * stacks[j]
            equities[j] += step * pay
            if not last:
                chance[s | low] += step


@njit(**NOGIL_KERNEL)
def exact_ranked(
    stacks: np.ndarray,
    payouts: np.ndarray,
    binomial: np.ndarray,
    equities: np.ndarray,
    current: np.ndarray,
    following: np.ndarray,
    chosen: np.ndarray,
    below: np.ndarray,
    above: np.ndarray,
) -> None:
    """`exact_dense` for more players than a bitmask array holds, when few places are paid:
    the sets of m players run in lexicographic order (`next_combo`), f(S) stored at S's colex
    rank, sum over i of C(c_i, i + 1) for its players c_0 < c_1 < ..., so that only the sets
    of one size (current) and of the next (following) are kept.

    binomial[a, b] = C(a, b) for a <= n, b <= k (int64); current and following: room for
    C(n, m) sets for every m < k; chosen, below, above: n + 1 int64 each (scratch).
    """
    n, k = stacks.shape[0], payouts.shape[0]
    current[0] = 1.0
    for m in range(k):  # the sets of m players, who took places 1 .. m; now place m + 1
        last = m + 1 == k
        if not last:
            following[: binomial[n, m + 1]] = 0.0
        pay = payouts[m]
        for i in range(m):
            chosen[i] = i
        chosen[m] = n  # a stop past the last player
        more = True
        while more:
            # the rank of the set plus a player j that has t of the set's players below him:
            # below[t] from those (their place in the set unchanged), C(j, t + 1) from j, and
            # above[t] from the others (each moved one place up)
            below[0] = 0
            for i in range(m):
                below[i + 1] = below[i] + binomial[chosen[i], i + 1]
            above[m] = 0
            for i in range(m - 1, -1, -1):
                above[i] = above[i + 1] + binomial[chosen[i], i + 2]
            rest = 0.0
            first = 0
            for t in range(m + 1):  # the players between the set's t-th and (t+1)-th
                for j in range(first, chosen[t]):
                    rest += stacks[j]
                first = chosen[t] + 1
            share = current[below[m]] / rest
            first = 0
            for t in range(m + 1):
                for j in range(first, chosen[t]):
                    step = share * stacks[j]
                    equities[j] += step * pay
                    if not last:
                        following[below[t] + binomial[j, t + 1] + above[t]] += step
                first = chosen[t] + 1
            more = m > 0 and next_combo(chosen, m, n)  # it leaves the stop chosen[m] alone
        current, following = following, current


@njit(**NOGIL_KERNEL)
def sample_equities(
    stacks: np.ndarray,
    payouts: np.ndarray,
    keep: np.ndarray,
    other: np.ndarray,
    seed: np.uint64,
    first_block: int,
    block_trials: np.ndarray,
    sums: np.ndarray,
    squares: np.ndarray,
    who: np.ndarray,
    keys: np.ndarray,
    taken: np.ndarray,
) -> None:
    """Finishing orders of the n = len(stacks) players sampled under the model: sums[b, j]
    and squares[b, j] get the sum of player j's prize and of its square over the
    block_trials[b] orders of block first_block + b, each block with its own random stream
    from (seed, block number) alone, so that the result does not depend on the thread count.
    keep, other: Walker's alias table of the stacks (`draws.alias_table`). Scratch of the
    thread: who, keys (k each), taken (n).

    Each order's paid places are drawn one after another while that is cheap: a player drawn
    in proportion to his stack among all, drawn again if he has finished (which draws exactly
    in proportion to the stacks of those still in, in total / rest tries on average). When
    the places left would take more tries than there are players, the rest of the order is
    drawn at once (`_order_by_keys`).
    """
    n, k = stacks.shape[0], payouts.shape[0]
    total = 0.0
    for j in range(n):
        total += stacks[j]
        taken[j] = -1
    stamp = 0  # taken[j] == stamp: player j has a place in this order
    for b in range(block_trials.shape[0]):
        state = block_stream(seed, first_block + b)
        prizes, squared = sums[b], squares[b]
        prizes[:] = 0.0
        squared[:] = 0.0
        for _ in range(block_trials[b]):
            stamp += 1
            placed, rest = 0, total
            # each way draws the next places exactly as the model does, so switching between
            # them on what has been drawn so far leaves the order the model's
            while placed < k and (k - placed) * total <= n * rest:
                # a column of the alias table: u * n, at most n - 1 (u just below 1 may round
                # it up to n), then the column's player or its alias
                state, r = next_random(state)
                column = min(np.int64(((r >> np.uint64(11)) * UNIT) * n), n - 1)
                state, r = next_random(state)
                j = column if ((r >> np.uint64(11)) * UNIT) < keep[column] else other[column]
                if taken[j] != stamp:
                    taken[j] = stamp
                    who[placed] = j
                    placed += 1
                    rest -= stacks[j]  # only to choose the method: rounding does not matter
            if placed < k:
                state = _order_by_keys(stacks, state, stamp, taken, placed, who, keys)
            for place in range(k):
                prize = payouts[place]
                prizes[who[place]] += prize
                squared[who[place]] += prize * prize


@njit(inline="always")
def _order_by_keys(
    stacks: np.ndarray,
    state: np.uint64,
    stamp: int,
    taken: np.ndarray,
    placed: int,
    who: np.ndarray,
    keys: np.ndarray,
) -> np.uint64:
    """who[placed:] = the next finishers among the players not taken, in order; returns the
    random state after.

    The players sorted by E_j / s_j, E_j independent Exp(1) draws, smallest first, is an
    order of the model exactly (the Plackett-Luce model is Harville's): E_j / s_j is
    exponential of rate s_j; the least of independent exponentials is player j's with
    probability s_j / sum(s); and by their lack of memory, given who is least and when, the
    others' remainders past it are again independent exponentials of the same rates, so the
    next place goes in proportion to the stacks of those left, and so on. Only the places
    wanted are sorted: a max-heap in keys[placed:] keeps the least keys, then is sorted.
    """
    need = who.shape[0] - placed
    heap, ids = keys[placed:], who[placed:]
    size = 0
    for j in range(stacks.shape[0]):
        if taken[j] == stamp:
            continue
        state, r = next_random(state)
        key = -np.log(((r >> np.uint64(11)) + np.uint64(1)) * UNIT) / stacks[j]  # (0, 1]
        if size < need:  # fill the heap: sift the new key up
            at = size
            size += 1
            while at > 0:
                parent = (at - 1) >> 1
                if heap[parent] >= key:
                    break
                heap[at], ids[at] = heap[parent], ids[parent]
                at = parent
            heap[at], ids[at] = key, j
        elif key < heap[0]:  # replaces the largest key kept
            _sift_down(heap, ids, need, key, j)
    for end in range(need - 1, 0, -1):  # heapsort: the largest to the end, each in turn
        key, j = heap[end], ids[end]
        heap[end], ids[end] = heap[0], ids[0]
        _sift_down(heap, ids, end, key, j)
    return state


@njit(inline="always")
def _sift_down(heap: np.ndarray, ids: np.ndarray, size: int, key: float, player: int) -> None:
    """Put (key, player) at the top of the max-heap heap[:size] (replacing the top), moving
    larger children up."""
    at = 0
    while True:
        child = 2 * at + 1
        if child >= size:
            break
        if child + 1 < size and heap[child + 1] > heap[child]:
            child += 1
        if heap[child] <= key:
            break
        heap[at], ids[at] = heap[child], ids[child]
        at = child
    heap[at], ids[at] = key, player
