"""Tournament equity: `icm(stacks, payouts)`, each player's expected prize under the
Malmuth-Harville model (ICM), exact or by sampling finishing orders (docs/icm.md).

>>> import pokerlut
>>> pokerlut.icm([5000, 3000, 2000], [50, 30, 20]).equity.round(2)
array([38.39, 32.75, 28.86])
"""

from __future__ import annotations

import decimal
import numbers
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Union

import numba
import numpy as np

from ._docs import shared_parameters
from ._kernels.draws import alias_table
from ._kernels.icm import exact_dense, exact_ranked, sample_equities
from ._parallel import on_shares, parallel_section
from ._warmup import Job

__all__ = ["EXACT_BUDGET", "EXACT_LIMIT", "IcmResult", "icm"]

# Steps of the dynamic programme (sum over the sets of fewer players than places paid of the
# players: `exact_work`) that exact=None takes, and the most that exact=True takes
EXACT_BUDGET = 100_000_000
EXACT_LIMIT = 5 * EXACT_BUDGET
# The default trials: SAMPLE_BUDGET // players with chips, between MIN_TRIALS and DEFAULT_TRIALS
# (equity's default): 100,000 for 1,000 players (0.4 s on one core, 2026-12), a million up to 100
SAMPLE_BUDGET = 100_000_000
MIN_TRIALS = 10_000
DEFAULT_TRIALS = 1_000_000
MAX_TRIALS = 10**13
# The dense programme's bitmask array holds 2**n floats: up to 128 MiB, and is taken when the
# sets wanted are at least 1 / DENSE_SHARE of them (it walks every bitmask)
DENSE_PLAYERS = 24
DENSE_SHARE = 8
BLOCK_TRIALS = 1024  # finishing orders per random stream
CALL_CELLS = 1 << 20  # per kernel call, blocks times players (two float64 sums each: 16 MiB)

Amounts = Union[Sequence[Any], np.ndarray]  # numbers, one each


@dataclass(frozen=True, eq=False)
class IcmResult:
    """What `pokerlut.icm` returns: each player's expected prize, and how it was found.

    Attributes
    ----------
    stacks : numpy.ndarray
        The stacks given (float64), one per player.
    payouts : numpy.ndarray
        The payouts given (float64), first place first.
    equity : numpy.ndarray
        Each player's expected prize (float64), in the payouts' unit; they sum to the
        payouts' sum.
    stderr : numpy.ndarray
        The standard error of each player's equity: zeros when exact (and for a player with
        no chips, whose equity is known).
    exact : bool
        True: the dynamic programme; False: sampled finishing orders.
    trials : int
        The finishing orders sampled (0 when exact).
    seed : int or None
        Sampled: the seed that reproduces this result.
    elapsed : float
        Seconds.

    ``repr`` is one line; `to_dict` gives plain data for JSON, `to_frame` a DataFrame with
    a row per player.

    >>> import pokerlut
    >>> r = pokerlut.icm([5000, 3000, 2000], [50, 30, 20])
    >>> r
    IcmResult(3 players, 3 paid, exact, equity 38.3929 | 32.75 | 28.8571)
    >>> r.to_frame().round(2)
             stack  equity  stderr
    player
    0       5000.0   38.39     0.0
    1       3000.0   32.75     0.0
    2       2000.0   28.86     0.0
    """

    stacks: np.ndarray
    payouts: np.ndarray
    equity: np.ndarray
    stderr: np.ndarray
    exact: bool
    trials: int
    elapsed: float
    seed: int | None = None

    def __repr__(self) -> str:
        how = "exact" if self.exact else f"sampled, seed {self.seed}, {self.trials:,} trials"
        shown = " | ".join(f"{e:.6g}" for e in self.equity[:6])
        more = f" | ... ({len(self.equity) - 6} more)" if len(self.equity) > 6 else ""
        return f"IcmResult({len(self.stacks)} players, {len(self.payouts)} paid, {how}, equity {shown}{more})"

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: the arrays as lists, and the other fields."""
        return {
            "stacks": self.stacks.tolist(),
            "payouts": self.payouts.tolist(),
            "equity": self.equity.tolist(),
            "stderr": self.stderr.tolist(),
            "exact": self.exact,
            "trials": self.trials,
            "elapsed": self.elapsed,
            "seed": self.seed,
        }

    def to_frame(self) -> Any:
        """A pandas DataFrame, a row per player indexed by his place in `stacks` (0, 1, ...):
        stack, equity, stderr."""
        import pandas as pd

        return pd.DataFrame(
            {"stack": self.stacks, "equity": self.equity, "stderr": self.stderr},
            index=pd.RangeIndex(len(self.stacks), name="player"),
        )


@shared_parameters
def icm(
    stacks: Amounts,
    payouts: Amounts,
    *,
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
) -> IcmResult:
    """Each player's expected prize in a tournament, under the Malmuth-Harville model (ICM).

    The first place goes to a player with probability his share of the chips; each next
    place to a player still in with probability his share of the chips still in. A player's
    equity is the sum over the places of his chance to finish there times its payout.
    Players with no chips finish after every player with chips, sharing the last places
    equally (each gets their payouts' mean). See docs/icm.md.

    Parameters
    ----------
    stacks : sequence of numbers, one per player
        Each player's chips (ints, floats, Decimals or a 1-D array; 0 for a player who is out).
    payouts : sequence of numbers
        The prize of each place, first place first, at most one per player; the places not
        given pay nothing.
    exact : bool, optional
        True: the dynamic programme over sets of players; False: sample finishing orders;
        None (default): the dynamic programme when `trials` is not given and it takes at most
        10**8 steps (the sets of fewer players with chips than places paid, times the
        players): up to 22 players with every place paid, 580 with three. ``exact=True``
        takes up to 5 * 10**8 steps (24 players, every place paid) and refuses more.
    trials : int, optional
        Finishing orders to sample (default: 10**8 // players with chips, between 10,000 and
        1,000,000).
    seed : int, optional
        The sampling seed (default: random, reported in the result). The same seed gives the
        same result whatever the thread count.
    {threads}
        The exact dynamic programme runs on one thread.

    Returns
    -------
    IcmResult
        Each player's equity in the payouts' unit, and its standard error when sampled.

    Raises
    ------
    TypeError
        Stacks or payouts that are not a sequence of numbers; an option of the wrong type.
    ValueError
        A stack or payout that is negative, NaN or infinite; no player with chips; more
        payouts than players; an array that is not 1-D; too much work for ``exact=True``.

    Examples
    --------
    >>> r = icm([5000, 3000, 2000], [50, 30, 20])
    >>> r.equity.round(4), r.exact
    (array([38.3929, 32.75  , 28.8571]), True)
    >>> icm([7000, 2000, 1000, 0], [65, 35]).equity.round(2)  # two places paid; one player out
    array([54.35, 30.11, 15.54,  0.  ])
    >>> icm([7000, 2000, 0, 0], [50, 30, 20]).equity.round(2)  # the two out share 3rd and 4th
    array([45.56, 34.44, 10.  , 10.  ])
    >>> r = icm([5000, 3000, 2000], [50, 30, 20], exact=False, seed=7)  # 1,000,000 orders
    >>> r.equity.round(2), r.stderr.round(3)
    (array([38.39, 32.76, 28.85]), array([0.012, 0.012, 0.011]))
    """
    stack_values, prizes = _amounts(stacks, "stacks"), _amounts(payouts, "payouts")
    if not len(stack_values) or not stack_values.any():
        raise ValueError(f"stacks: no player has chips: {stacks!r}")
    if not 1 <= len(prizes) <= len(stack_values):
        raise ValueError(
            f"payouts: {len(prizes)} places paid for {len(stack_values)} players: give 1 to "
            f"{len(stack_values)} (at most one place per player)"
        )
    if trials is not None and (type(trials) is not int or not 1 <= trials <= MAX_TRIALS):
        raise ValueError(f"trials must be an int 1 .. {MAX_TRIALS:.0e}, not {trials!r}")
    if exact is not None and type(exact) is not bool:
        raise TypeError(f"exact must be True, False or None, not {exact!r}")
    if seed is not None and (type(seed) is not int or not 0 <= seed < 2**63):
        raise ValueError(f"seed must be an int 0 .. 2**63-1, not {seed!r}")
    section = parallel_section(threads)
    start = time.perf_counter()
    in_play = np.flatnonzero(stack_values)
    live = stack_values[in_play] / stack_values.max()  # at most 1 each: no sum overflows
    # the places that the players with chips take, down to the last one paid (one at least, so
    # that the kernels have a place to fill)
    paid = np.flatnonzero(prizes)
    places = prizes[: min(len(live), paid[-1] + 1 if len(paid) else 1)]
    work = exact_work(len(live), len(places), EXACT_LIMIT)
    if exact and work > EXACT_LIMIT:
        raise ValueError(
            f"exact=True: {len(live)} players with chips and {len(places)} places paid take more "
            f"than {EXACT_LIMIT:,} steps of the dynamic programme (EXACT_LIMIT): sample them "
            "(exact=False)"
        )
    enumerate_all = bool(exact) or (exact is None and trials is None and work <= EXACT_BUDGET)
    equity, stderr = np.zeros(len(stack_values)), np.zeros(len(stack_values))
    used_seed, done = None, 0
    if enumerate_all:
        equity[in_play] = _exact(live, places)
    else:
        used_seed = seed if seed is not None else int.from_bytes(os.urandom(8), "little") >> 1
        done = trials or min(DEFAULT_TRIALS, max(MIN_TRIALS, SAMPLE_BUDGET // len(live)))
        with section:
            equity[in_play], stderr[in_play] = _sampled(live, places, done, used_seed)
    if len(live) < len(stack_values):  # those with no chips take the last places, as likely each
        last = np.zeros(len(stack_values))
        last[: len(prizes)] = prizes
        equity[stack_values == 0] = last[len(live) :].mean()
    for array in (stack_values, prizes, equity, stderr):
        array.flags.writeable = False
    return IcmResult(
        stacks=stack_values,
        payouts=prizes,
        equity=equity,
        stderr=stderr,
        exact=enumerate_all,
        trials=done,
        elapsed=time.perf_counter() - start,
        seed=used_seed,
    )


def exact_work(players: int, places: int, limit: int) -> int:
    """The steps of the dynamic programme (`_kernels.icm`) for `players` with
    chips and `places` paid: the sets of fewer players than places, times the players; counted
    up to just past `limit` (then limit + 1).

    >>> exact_work(20, 20, 10**9), exact_work(3, 2, 10**9)   # 2**20 - 1 sets; 1 + 3 sets
    (20971500, 12)
    """
    sets, work = 1, 0
    for m in range(places):
        work += sets * players
        if work > limit:
            return limit + 1
        sets = sets * (players - m) // (m + 1)
    return work


def _exact(stacks: np.ndarray, payouts: np.ndarray) -> np.ndarray:
    """The players' equities by the dynamic programme (stacks all positive, len(payouts) <=
    len(stacks)): over bitmasks of the players (`exact_dense`) when they fit in DENSE_PLAYERS
    bits and most of the 2**n sets are wanted, else over the sets of each size by rank
    (`exact_ranked`)."""
    n, k = len(stacks), len(payouts)
    equity = np.zeros(n)
    if n <= DENSE_PLAYERS and exact_work(n, k, EXACT_LIMIT) * DENSE_SHARE >= n << n:
        exact_dense(stacks, payouts, equity, np.zeros(1 << n))
        return equity
    binomial = np.zeros((n + 1, k + 1), dtype=np.int64)  # C(a, b) for b <= k, by Pascal's rule
    binomial[:, 0] = 1
    for a in range(1, n + 1):
        binomial[a, 1:] = binomial[a - 1, 1:] + binomial[a - 1, :-1]
    widest = int(binomial[n, :k].max())  # the most sets of one size kept
    scratch = [np.zeros(n + 1, dtype=np.int64) for _ in range(3)]
    exact_ranked(stacks, payouts, binomial, equity, np.zeros(widest), np.zeros(widest), *scratch)
    return equity


def _sampled(
    stacks: np.ndarray, payouts: np.ndarray, trials: int, seed: int
) -> tuple[np.ndarray, np.ndarray]:
    """The players' equities and their standard errors from `trials` finishing orders, in
    blocks of BLOCK_TRIALS (the last one shorter), on the section's threads. The blocks' sums
    are added in block order, in calls of a number of blocks set by the players alone, so
    that the result does not depend on the thread count."""
    n, k = len(stacks), len(payouts)
    keep, other = alias_table(stacks)
    n_blocks = -(-trials // BLOCK_TRIALS)
    per_call = max(1, min(n_blocks, CALL_CELLS // n))
    sums, squares = np.zeros((per_call, n)), np.zeros((per_call, n))
    threads = numba.get_num_threads()
    who, keys = np.zeros((threads, k), dtype=np.int64), np.zeros((threads, k))
    taken = np.zeros((threads, n), dtype=np.int64)
    total, total_sq = np.zeros(n), np.zeros(n)
    for first in range(0, n_blocks, per_call):
        blocks = min(per_call, n_blocks - first)
        block_trials = np.minimum(BLOCK_TRIALS, trials - BLOCK_TRIALS * np.arange(first, first + blocks))

        def share(items: slice, thread: int) -> None:
            sample_equities(
                stacks,
                payouts,
                keep,
                other,
                np.uint64(seed),
                first + items.start,
                block_trials[items],
                sums[items],
                squares[items],
                who[thread],
                keys[thread],
                taken[thread],
            )

        on_shares(blocks, share)
        total += sums[:blocks].sum(axis=0)
        total_sq += squares[:blocks].sum(axis=0)
    mean = total / trials
    variance = np.maximum(total_sq / trials - mean**2, 0.0) * trials / max(trials - 1, 1)
    return mean, np.sqrt(variance / trials)


def _amounts(values: Amounts, name: str) -> np.ndarray:
    """`values` (stacks or payouts) as a new 1-D float64 array, each finite and not negative."""
    if isinstance(values, (str, bytes)) or not (
        isinstance(values, (Sequence, np.ndarray)) or hasattr(values, "__array__")  # a Series
    ):
        raise TypeError(f"{name} must be a sequence of numbers, not {type(values).__name__}: {values!r}")
    try:
        array = np.asarray(values)
    except ValueError:  # numpy refuses rows of different lengths
        raise ValueError(f"{name} must be one number each, not {values!r}") from None
    if array.dtype == object:  # Decimals (pokerkit's amounts), Fractions, or what is not a number
        bad = [v for v in array.reshape(-1) if not _is_number(v)]
        if bad:
            raise TypeError(f"{name} must be numbers, not {bad[0]!r}")
        array = array.astype(np.float64)
    if array.dtype.kind not in "iuf":
        raise TypeError(f"{name} must be numbers, not {array.dtype} values: {values!r}")
    if array.ndim != 1:
        raise ValueError(f"{name} must be one number each (1-D), not an array of shape {array.shape}")
    array = array.astype(np.float64)
    bad_at = np.flatnonzero(~np.isfinite(array) | (array < 0))
    if len(bad_at):
        i = int(bad_at[0])
        raise ValueError(f"{name}[{i}] is {float(array[i])}: each must be a finite number, 0 or more")
    return array


def _is_number(value: object) -> bool:
    """A real number that is not a bool (an int, a float, a Fraction, a Decimal, a numpy
    scalar)."""
    return isinstance(value, (numbers.Real, decimal.Decimal)) and not isinstance(value, (bool, np.bool_))


def warm_jobs() -> list[Job]:
    """The warm-up calls of `icm` (`pokerlut warm`): its three kernels."""
    return [Job("icm", _warm_up, (), 3.0)]


def _warm_up() -> None:
    icm([3, 2, 1], [5, 3], exact=True)  # over bitmasks
    icm(np.ones(30), [5, 3], exact=True)  # by rank: 31 sets of 2**30
    icm([3, 2, 1], [5, 3], exact=False, trials=1000, seed=0)
