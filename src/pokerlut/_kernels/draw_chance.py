"""One player's exact chance to make a hand by the last draw of a draw game (`chance_kernel`).

Every first replacement (the work items), then every draw the policy leads to, until the
hand reaches the target (it stands pat there) or the draws run out; each path weighted by its
probability, summed by the draw where the target is made. Unrolled for up to three draws.
Subsets of the live cards and hands as `draw_hands` says; the policies as in
`draw_simulate.simulate_kernel`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from .table_types import Tables
from .core import LLVM_INLINE, NOGIL_KERNEL, expand_bits, next_combo, njit
from .draw_hands import BAD_KEEP, BINOM, TOO_MUCH, draw_strength, row_hand, row_strength, state_add
from .draw_policies import builtin_keep, card_mask, mask_cards, positions

if TYPE_CHECKING:
    from numba.core.dispatcher import Dispatcher

MAX_ROUNDS = 3  # the most draws `chance_kernel` follows (triple draw)


@njit(**LLVM_INLINE)
def _meets(t: Tables, t_low: Tables, cards: np.ndarray, h: int, target: np.ndarray) -> Any:
    """Whether cards[:h] reach the target: strength in the high (target[0] = 0) or low game at
    least target[1]."""
    if target[0] == 0:
        return row_strength(t, cards, h) >= target[1]
    return row_strength(t_low, cards, h) >= target[1]


@njit(**LLVM_INLINE)
def _hits(
    t: Tables, cards: np.ndarray, k: int, h: int, pool: np.ndarray, m: int, idx: np.ndarray, goal: Any
) -> tuple[int, int]:
    """How many of the (h - k)-subsets of pool[:m] complete cards[:k] into a hand of strength
    at least `goal` (in the game of `t`), and how many there are; cards[k:h], idx: scratch."""
    d = h - k
    base = row_hand(t, cards, k)
    for j in range(d):
        idx[j] = j
    hits, seen = 0, 0
    more = True
    while more:
        hand = base
        for j in range(d):
            card = pool[idx[j]]
            cards[k + j] = card
            hand = state_add(t, hand, card)
        hits += draw_strength(t, cards, h, hand) >= goal
        seen += 1
        more = next_combo(idx, d, m)
    return hits, seen


@njit(inline="always")
def _compact(cards: np.ndarray, h: int, keep: int, out: np.ndarray) -> int:
    """out[:j] = the kept cards of cards[:h] (keep: a bitmask of positions); returns j."""
    j = 0
    for i in range(h):
        if (keep >> i) & 1:
            out[j] = cards[i]
            j += 1
    return j


@njit(**LLVM_INLINE)
def _keep_of(
    t: Tables,
    t_low: Tables,
    cards: np.ndarray,
    h: int,
    left: int,
    rule: np.ndarray,
    policy: Any,
    row: np.ndarray,
) -> Any:
    """The keep (over the positions of cards[:h]) of the user's `policy` (a numba function,
    shown the cards in increasing order, in row), or with None of the built-in `rule` (as in
    `simulate_kernel`), for the hand cards[:h] with `left` draws to come. A keep outside
    0 .. 2**h - 1 is returned as it is."""
    if policy is not None:
        m = card_mask(cards, h)
        mask_cards(m, row)
        keep = np.int64(policy(row[:h], left, t, t_low))
        if keep < 0 or keep >= 1 << h:
            return keep
        return np.int64(positions(expand_bits(keep, m), cards, h))
    s = row_strength(t, cards, h) if rule[1] == 0 else row_strength(t_low, cards, h)
    return np.int64(builtin_keep(rule[0], cards, h, s, rule[2], rule[3]))


@njit(**LLVM_INLINE)
def _last_draw(
    t: Tables,
    t_low: Tables,
    hand: np.ndarray,
    h: int,
    available: np.uint64,
    weight: float,
    rule: np.ndarray,
    target: np.ndarray,
    level: np.ndarray,
    pool: np.ndarray,
    idx: np.ndarray,
    errors: np.ndarray,
    policy: Any,
) -> tuple[float, int]:
    """The chance of reaching the target on the last draw from `hand` (not there yet),
    times weight; and the hands evaluated."""
    keep = _keep_of(t, t_low, hand, h, 1, rule, policy, level)
    if keep < 0 or keep >= 1 << h:
        errors[0], errors[1] = BAD_KEEP, keep
        for i in range(h):
            errors[2 + i] = hand[i]
        return 0.0, 0
    k = _compact(hand, h, keep, level)
    d = h - k
    if d == 0:
        return 0.0, 0
    m = mask_cards(available, pool)
    if target[0] == 0:
        hits, seen = _hits(t, level, k, h, pool, m, idx, target[1])
    else:
        hits, seen = _hits(t_low, level, k, h, pool, m, idx, target[1])
    return weight * hits / seen, seen


@functools.cache
def chance_kernel(policy: Any = None) -> Dispatcher[Callable[..., None]]:
    """One player's chance (see the module's docstring), with the user's `policy` compiled in
    (None: the built-in `rule`, as in `simulate_kernel`)."""
    user = policy is not None
    options = dict(NOGIL_KERNEL, cache=not user)

    @njit(**options)
    def chance(
        t: Tables,
        t_low: Tables,
        live: np.ndarray,
        kept: np.ndarray,
        h: int,
        rounds: int,
        rule: np.ndarray,
        target: np.ndarray,
        first: np.ndarray,
        budget: int,
        made: np.ndarray,
        work: np.ndarray,
        errors: np.ndarray,
        hands: np.ndarray,
        pools: np.ndarray,
        idx: np.ndarray,
    ) -> None:
        """made[j] += the chance (each item weighing 1) that the hand first reaches the target
        on draw j (0 .. rounds - 1), over the first replacements first[i] (indices into
        `live`) of the h - len(kept) cards not kept. work[0] counts the hands evaluated;
        past `budget` the work stops, errors[0] = TOO_MUCH; other errors as in
        `simulate_kernel`. hands, pools (3 rows of 64 cards) and idx (3 rows of 8) are
        scratch rows."""
        k0 = kept.shape[0]
        live_mask = np.uint64(0)
        for i in range(live.shape[0]):
            live_mask |= np.uint64(1) << np.uint64(live[i])
        h0, h1 = hands[0], hands[1]
        for i in range(k0):
            h0[i] = kept[i]
        for it in range(first.shape[0]):
            available = live_mask
            for j in range(h - k0):
                card = live[first[it, j]]
                h0[k0 + j] = card
                available &= ~(np.uint64(1) << np.uint64(card))
            work[0] += 1
            if _meets(t, t_low, h0, h, target):
                made[0] += 1.0
                continue
            if rounds == 2:
                got, seen = _last_draw(
                    t, t_low, h0, h, available, 1.0, rule, target, h1, pools[1], idx[1], errors, policy
                )
                made[1] += got
                work[0] += seen
            elif rounds == 3:
                keep = _keep_of(t, t_low, h0, h, 2, rule, policy, h1)
                if keep < 0 or keep >= 1 << h:
                    errors[0], errors[1] = BAD_KEEP, keep
                    for i in range(h):
                        errors[2 + i] = h0[i]
                    return
                k = _compact(h0, h, keep, h1)
                d = h - k
                if d == 0:  # pat below the target: the same hand on the last draw
                    got, seen = _last_draw(
                        t,
                        t_low,
                        h1,
                        h,
                        available,
                        1.0,
                        rule,
                        target,
                        hands[2],
                        pools[2],
                        idx[2],
                        errors,
                        policy,
                    )
                    made[2] += got
                    work[0] += seen
                    continue
                pool = pools[0]
                m = mask_cards(available, pool)
                weight = 1.0 / BINOM[m, d]  # each of the C(m, d) replacements
                for j in range(d):
                    idx[0, j] = j
                more = True
                while more:
                    after = available
                    for j in range(d):
                        card = pool[idx[0, j]]
                        h1[k + j] = card
                        after &= ~(np.uint64(1) << np.uint64(card))
                    work[0] += 1
                    if _meets(t, t_low, h1, h, target):
                        made[1] += weight
                    else:
                        got, seen = _last_draw(
                            t,
                            t_low,
                            h1,
                            h,
                            after,
                            weight,
                            rule,
                            target,
                            hands[2],
                            pools[2],
                            idx[2],
                            errors,
                            policy,
                        )
                        made[2] += got
                        work[0] += seen
                    more = next_combo(idx[0], d, m) and work[0] <= budget
            if work[0] > budget:
                errors[0] = TOO_MUCH
            if errors[0]:
                return

    return chance
