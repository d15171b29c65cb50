"""Slow reference ICM (the Independent Chip Model, Malmuth-Harville): every finishing order
enumerated, its probability multiplied out, the prize money shared by place.

Written from the model's definition only, in plain Python with the standard library; it never
imports ``pokerlut`` (nor ``pokerkit``: tests/test_icm_reference.py compares the two). Tests
check pokerlut's fast ICM (issue 56) against it. It walks all ``n!`` finishing orders: meant
for ``n <= 8`` players.

The model
---------
Each player ``i`` holds ``s_i >= 0`` chips. The winner is player ``i`` with probability
``s_i / sum(s)`` (Harville); given the players already placed, the next place goes to a
remaining player with probability his stack over the remaining players' stacks. A finishing
order's probability is the product of its places' probabilities. A player's equity is the sum
over places ``k`` of ``P(i finishes k-th) * payouts[k]``, place 0 first.

Hand-worked, stacks 50, 30, 20 (A, B, C; 100 chips), payouts 70, 30 (third place gets 0):

* A wins with 50/100 = 1/2, B with 3/10, C with 1/5.
* Orders: ABC = 1/2 * 30/50 = 3/10, ACB = 1/2 * 20/50 = 1/5, BAC = 3/10 * 50/70 = 3/14,
  BCA = 3/10 * 20/70 = 3/35, CAB = 1/5 * 50/80 = 1/8, CBA = 1/5 * 30/80 = 3/40 (sum 1).
* A second: BAC + CAB = 3/14 + 1/8 = 19/56; B second: ABC + CBA = 3/10 + 3/40 = 3/8;
  C second: ACB + BCA = 1/5 + 3/35 = 2/7.
* A: 70 * 1/2 + 30 * 19/56 = 35 + 285/28 = 1265/28 (45.18); B: 70 * 3/10 + 30 * 3/8 = 21 +
  45/4 = 129/4 (32.25); C: 70 * 1/5 + 30 * 2/7 = 14 + 60/7 = 158/7 (22.57); they sum to 100.

>>> icm([50, 30, 20], [70, 30])
(Fraction(1265, 28), Fraction(129, 4), Fraction(158, 7))
>>> [float(equity) for equity in icm([50, 30, 20], [70, 30])]
[45.17857142857143, 32.25, 22.571428571428573]

Decisions where the definition is silent
----------------------------------------
* **Zero stacks.** A player with 0 chips has busted: he finishes after every player with chips
  (the Harville factor of placing him while chips remain is 0), and several busted players take
  the last places in every order equally likely (each order of them ``1 / z!`` for ``z``
  busted), so they share those places' payouts equally. pokerkit's ``calculate_icm`` documents
  nothing about zero stacks; its code gives a zero stack 0 as long as the players with chips
  fill the paid places (this reference agrees there); when a busted player must take a paid
  place it divides 0 by 0 (``ZeroDivisionError``) or, after float round-off leaves a remainder,
  returns wrong values (stacks 0.1, 0.2, 0 and payouts 3, 2, 1 give all zeros). Negative
  stacks, and no chips at all (every stack 0, or no players), are a ``ValueError``.
* **More payouts than players** is a ``ValueError``: it is a mistake or a payout structure
  whose lower places are already decided, and the reference cannot tell which (pokerkit
  returns all zeros for it). Pass the payouts of the places still to be decided (the first
  ``len(stacks)``). Fewer payouts than players: the other places pay 0. Payouts may be in any
  order, negative or zero; nothing assumes they decrease.
* **Exact or float.** Every computation is exact, in Fractions, from the exact value of each
  input (a float's binary value, a Decimal's decimal one). When every input is rational (ints,
  Fractions) the results are Fractions; when any is a float or a Decimal they are floats,
  each the correctly rounded value of the exact result. NaN and infinities are a
  ``ValueError``.
"""

from __future__ import annotations

import functools
import itertools
import math
import numbers
from decimal import Decimal
from fractions import Fraction
from typing import Sequence, Union

Number = Union[int, float, Fraction, Decimal]
Probability = Union[Fraction, float]
Order = tuple[int, ...]  # players' indices, the winner first


def _exact_values(values: Sequence[Number], what: str) -> tuple[list[Fraction], bool]:
    """Each value's exact Fraction, and whether all of them were rational (ints, Fractions)."""
    exact = []
    for value in values:
        if not isinstance(value, (numbers.Real, Decimal)) or not math.isfinite(value):
            raise ValueError(f"{what} must be finite numbers, not {value!r}")
        exact.append(Fraction(value))
    return exact, all(isinstance(value, numbers.Rational) for value in values)


def _checked_stacks(stacks: Sequence[Number]) -> tuple[tuple[Fraction, ...], bool]:
    """The stacks as exact Fractions (and whether they were all rational), once checked."""
    exact, rational = _exact_values(stacks, "stacks")
    if any(stack < 0 for stack in exact):
        raise ValueError(f"stacks must not be negative: {list(stacks)!r}")
    if sum(exact) == 0:
        raise ValueError(f"no chips in play: stacks {list(stacks)!r}")
    return tuple(exact), rational


@functools.lru_cache(maxsize=64)  # the tests ask for the orders, places and equities of one table
def _order_probabilities(stacks: tuple[Fraction, ...]) -> dict[Order, Fraction]:
    """Every finishing order's exact probability: Harville's product over the players placed
    while chips remain, then the busted players' ``z!`` orders equally likely. Read only: the
    dict is cached."""
    scale = math.lcm(*(stack.denominator for stack in stacks))
    chips = [int(stack * scale) for stack in stacks]  # the same ratios in whole numbers: int products
    busted_orders = math.factorial(chips.count(0))
    probabilities = {}
    for order in itertools.permutations(range(len(chips))):
        numerator, denominator, remaining = 1, busted_orders, sum(chips)
        for player in order:
            if remaining == 0:  # only busted players left: their orders share 1 (busted_orders)
                break
            numerator *= chips[player]  # 0 for a busted player placed ahead of chips
            denominator *= remaining
            remaining -= chips[player]
        probabilities[order] = Fraction(numerator, denominator)
    return probabilities


def _as_output(value: Fraction, rational: bool) -> Probability:
    """Exact for rational inputs, the correctly rounded float otherwise."""
    return value if rational else float(value)


def finishing_order_probabilities(stacks: Sequence[Number]) -> dict[Order, Probability]:
    """The probability of every finishing order, each of the ``n!`` permutations of the players.

    Parameters
    ----------
    stacks : sequence of numbers
        Each player's chips, ``>= 0``, at least one ``> 0``; a 0 has busted (module docstring).

    Returns
    -------
    dict
        Each order (a tuple of player indices, the winner first) to its probability: a Fraction
        when every stack is rational, else a float. The probabilities sum to 1.

    Raises
    ------
    ValueError
        A negative, NaN or infinite stack, or no chips at all.

    Examples
    --------
    >>> orders = finishing_order_probabilities([50, 30, 20])
    >>> orders[(0, 1, 2)], orders[(1, 2, 0)], orders[(2, 1, 0)]
    (Fraction(3, 10), Fraction(3, 35), Fraction(3, 40))
    >>> sum(orders.values())
    Fraction(1, 1)
    >>> finishing_order_probabilities([3, 1])
    {(0, 1): Fraction(3, 4), (1, 0): Fraction(1, 4)}
    >>> finishing_order_probabilities([0.75, 0.25])
    {(0, 1): 0.75, (1, 0): 0.25}

    Busted players come last, in either order equally likely:

    >>> finishing_order_probabilities([0, 5, 0])
    {(0, 1, 2): Fraction(0, 1), (0, 2, 1): Fraction(0, 1), (1, 0, 2): Fraction(1, 2), (1, 2, 0): Fraction(1, 2), (2, 0, 1): Fraction(0, 1), (2, 1, 0): Fraction(0, 1)}
    """
    exact, rational = _checked_stacks(stacks)
    return {
        order: _as_output(probability, rational) for order, probability in _order_probabilities(exact).items()
    }


@functools.lru_cache(maxsize=64)
def _place_matrix(stacks: tuple[Fraction, ...]) -> list[list[Fraction]]:
    """``P[i][k]``, exact: the orders' probabilities summed by where each player finishes.
    Read only: the lists are cached."""
    n = len(stacks)
    places = [[Fraction(0)] * n for _ in range(n)]
    for order, probability in _order_probabilities(stacks).items():
        for place, player in enumerate(order):
            places[player][place] += probability
    return places


def place_probabilities(stacks: Sequence[Number]) -> list[list[Probability]]:
    """``P[i][k]``: the probability that player ``i`` finishes in place ``k`` (0: first).

    Parameters
    ----------
    stacks : sequence of numbers
        As for `finishing_order_probabilities`.

    Returns
    -------
    list of lists
        An ``n x n`` matrix whose rows (players) and columns (places) each sum to 1; Fractions
        when every stack is rational, else floats.

    Raises
    ------
    ValueError
        As `finishing_order_probabilities`.

    Examples
    --------
    The module docstring's example (A second: BAC + CAB = 19/56):

    >>> for row in place_probabilities([50, 30, 20]):
    ...     print(*row)
    1/2 19/56 9/56
    3/10 3/8 13/40
    1/5 2/7 18/35
    >>> places = place_probabilities([50, 30, 20])
    >>> [sum(row) for row in places], [sum(column) for column in zip(*places)]
    ([Fraction(1, 1), Fraction(1, 1), Fraction(1, 1)], [Fraction(1, 1), Fraction(1, 1), Fraction(1, 1)])

    The first place goes by stack (Harville), and equal stacks finish anywhere alike:

    >>> [row[0] for row in place_probabilities([7, 2, 1, 0])]
    [Fraction(7, 10), Fraction(1, 5), Fraction(1, 10), Fraction(0, 1)]
    >>> place_probabilities([4, 4, 4])[1]
    [Fraction(1, 3), Fraction(1, 3), Fraction(1, 3)]
    >>> place_probabilities([5, 0, 0])
    [[Fraction(1, 1), Fraction(0, 1), Fraction(0, 1)], [Fraction(0, 1), Fraction(1, 2), Fraction(1, 2)], [Fraction(0, 1), Fraction(1, 2), Fraction(1, 2)]]
    """
    exact, rational = _checked_stacks(stacks)
    return [[_as_output(p, rational) for p in row] for row in _place_matrix(exact)]


def icm(stacks: Sequence[Number], payouts: Sequence[Number]) -> tuple[Probability, ...]:
    """Each player's ICM equity: the sum over places of ``P(place) * payouts[place]``, with
    ``P`` summed from every finishing order's probability (`place_probabilities`).

    Parameters
    ----------
    stacks : sequence of numbers
        As for `finishing_order_probabilities`.
    payouts : sequence of numbers
        The prize of each place, first place first; at most one per player (the places past
        the list pay 0). Any order, any sign.

    Returns
    -------
    tuple
        Each player's equity, in the stacks' order: Fractions when every stack and payout is
        rational, else floats. They sum to ``sum(payouts)``.

    Raises
    ------
    ValueError
        As `finishing_order_probabilities`; more payouts than players; a NaN or infinite payout.

    Examples
    --------
    The module docstring's worked example, and its sum:

    >>> equities = icm([50, 30, 20], [70, 30])
    >>> equities
    (Fraction(1265, 28), Fraction(129, 4), Fraction(158, 7))
    >>> sum(equities)
    Fraction(100, 1)

    Equal stacks: each player gets the average of the places' payouts (unpaid places count 0):

    >>> icm([10, 10, 10, 10], [50, 30, 20])
    (Fraction(25, 1), Fraction(25, 1), Fraction(25, 1), Fraction(25, 1))

    Heads-up, the bigger stack wins as often as his share of the chips; payouts need not
    decrease; a float anywhere makes floats:

    >>> icm([3, 1], [0, 100])
    (Fraction(25, 1), Fraction(75, 1))
    >>> icm([3, 1], [100.0, 0])
    (75.0, 25.0)

    Busted players share the last places (here 10 and 0) equally:

    >>> icm([6, 0, 4, 0], [50, 30, 10])
    (Fraction(42, 1), Fraction(5, 1), Fraction(38, 1), Fraction(5, 1))

    pokerkit's documented examples (`pokerkit_examples`), to the precision it prints:

    >>> for stacks, payouts, printed in pokerkit_examples():
    ...     equities = icm(stacks, payouts)
    ...     print(all(matches_printed(e, p) for e, p in zip(equities, printed)), printed)
    True ('45.17...', '32.25', '22.57...')
    True ('25.69...', '37.08...', '37.21...')
    True ('24.85...', '37.51...', '37.63...')
    True ('49.79...', '25.10...', '25.10...')
    """
    exact_stacks, stacks_rational = _checked_stacks(stacks)
    exact_payouts, payouts_rational = _exact_values(payouts, "payouts")
    if len(exact_payouts) > len(exact_stacks):
        raise ValueError(
            f"{len(exact_payouts)} payouts for {len(exact_stacks)} players: pass the payouts of the "
            "places still to be decided, at most one per player"
        )
    paid = exact_payouts + [Fraction(0)] * (len(exact_stacks) - len(exact_payouts))
    equities = [sum(p * pay for p, pay in zip(row, paid)) for row in _place_matrix(exact_stacks)]
    return tuple(_as_output(equity, stacks_rational and payouts_rational) for equity in equities)


def pokerkit_examples() -> list[tuple[list[int], list[int], tuple[str, ...]]]:
    """The examples of pokerkit's ``calculate_icm`` docstring (pokerkit 0.7.7,
    ``pokerkit/analysis.py``; its docs pages have none), as ``(stacks, payouts, printed)``.

    pokerkit's call is ``calculate_icm(payouts, chips)``, payouts first; here the stacks come
    first, as in `icm`. ``printed`` is each equity as pokerkit's doctest prints it, under
    ``ELLIPSIS``: ``"45.17..."`` is any float whose repr starts ``45.17``, ``"32.25"`` exactly
    32.25 (`matches_printed`).

    Examples
    --------
    >>> pokerkit_examples()[0]
    ([50, 30, 20], [70, 30], ('45.17...', '32.25', '22.57...'))
    """
    return [
        ([50, 30, 20], [70, 30], ("45.17...", "32.25", "22.57...")),
        ([25, 87, 88], [50, 30, 20], ("25.69...", "37.08...", "37.21...")),
        ([21, 89, 90], [50, 30, 20], ("24.85...", "37.51...", "37.63...")),
        ([198, 1, 1], [50, 30, 20], ("49.79...", "25.10...", "25.10...")),
    ]


def matches_printed(value: Probability, printed: str) -> bool:
    """Whether ``repr(float(value))`` matches ``printed`` as a doctest under ``ELLIPSIS`` would:
    a trailing ``"..."`` stands for any further digits.

    >>> matches_printed(Fraction(1265, 28), "45.17..."), matches_printed(Fraction(129, 4), "32.25")
    (True, True)
    >>> matches_printed(Fraction(1265, 28), "45.18..."), matches_printed(32.2501, "32.25")
    (False, False)
    """
    shown = repr(float(value))
    if printed.endswith("..."):
        return shown.startswith(printed[: -len("...")])
    return shown == printed
