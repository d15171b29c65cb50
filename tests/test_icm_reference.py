"""Tests of the slow reference ICM (tests/reference/icm.py): against pokerkit's own
``calculate_icm`` on seeded random tournaments, its examples transcribed as pokerkit prints
them, and the model's identities (probabilities sum to 1, equities to the prize pool, equal
stacks share alike, heads-up in closed form, busted players last)."""

import itertools
import random
import re
from decimal import Decimal
from fractions import Fraction

import pytest

from reference.icm import (
    finishing_order_probabilities,
    icm,
    place_probabilities,
    pokerkit_examples,
)


def _random_tournaments(count, seed):
    """``count`` seeded (stacks, payouts): 2..7 players, 1..n payouts in no set order, some
    busted players (no more than the places the players with chips fill)."""
    rng = random.Random(seed)
    tournaments = []
    for _ in range(count):
        players = rng.randint(2, 7)
        stacks = [rng.randint(1, 10_000) for _ in range(players)]
        busted = rng.randint(0, players - 1) if rng.random() < 0.3 else 0
        for index in rng.sample(range(players), busted):
            stacks[index] = 0
        paid = rng.randint(1, players - busted)
        payouts = [rng.randint(0, 1_000) for _ in range(paid)]
        tournaments.append((stacks, payouts))
    return tournaments


TOURNAMENTS = _random_tournaments(20, seed=56)


@pytest.mark.parametrize("stacks, payouts", TOURNAMENTS)
def test_reference_equals_pokerkit(stacks, payouts):
    """pokerkit computes in floats, payouts first; a busted player gets 0 from it as long as
    the players with chips fill the paid places, as the tournaments here keep."""
    pokerkit = pytest.importorskip("pokerkit")
    expected = pokerkit.calculate_icm(payouts, stacks)
    assert [float(e) for e in icm(stacks, payouts)] == pytest.approx(expected, rel=1e-12, abs=1e-9)


@pytest.mark.parametrize("stacks, payouts", TOURNAMENTS[:5])
def test_float_inputs_give_floats_equal_to_pokerkit(stacks, payouts):
    pokerkit = pytest.importorskip("pokerkit")
    stacks = [stack / 7 for stack in stacks]  # floats that are not exact
    equities = icm(stacks, payouts)
    assert all(type(equity) is float for equity in equities)
    assert list(equities) == pytest.approx(pokerkit.calculate_icm(payouts, stacks), rel=1e-12, abs=1e-9)


def test_examples_are_pokerkits_own():
    """`pokerkit_examples` transcribes ``calculate_icm``'s docstring exactly."""
    pokerkit = pytest.importorskip("pokerkit")
    documented = re.findall(
        r">>> calculate_icm\((\[.*?\]), (\[.*?\])\).*\n\s*\((.*)\)", pokerkit.calculate_icm.__doc__
    )
    assert [
        (eval(chips), eval(payouts), tuple(printed.split(", "))) for payouts, chips, printed in documented
    ] == pokerkit_examples()


@pytest.mark.parametrize("stacks, payouts", TOURNAMENTS)
def test_probabilities_and_equities_add_up(stacks, payouts):
    orders = finishing_order_probabilities(stacks)
    assert sorted(orders) == list(itertools.permutations(range(len(stacks))))
    assert sum(orders.values()) == 1
    places = place_probabilities(stacks)
    assert all(sum(row) == 1 for row in places)
    assert all(sum(column) == 1 for column in zip(*places))
    total = sum(stacks)
    assert [row[0] for row in places] == [Fraction(stack, total) for stack in stacks]  # Harville
    equities = icm(stacks, payouts)
    assert all(type(equity) is Fraction for equity in equities)
    assert sum(equities) == sum(payouts)
    if len(stacks) <= 5:  # each order's payouts, straight from the orders (icm sums by place)
        paid = payouts + [0] * (len(stacks) - len(payouts))
        from_orders = [
            sum(p * paid[order.index(i)] for order, p in orders.items()) for i in range(len(stacks))
        ]
        assert list(equities) == from_orders


@pytest.mark.parametrize("players", range(1, 7))
def test_equal_stacks_share_alike(players):
    payouts = [100, 60, 40, 25, 10, 5][:players]
    average = Fraction(sum(payouts), players)
    assert icm([1_000] * players, payouts) == (average,) * players
    assert all(p == Fraction(1, players) for row in place_probabilities([3] * players) for p in row)


def test_heads_up_in_closed_form():
    for big, small in [(1, 1), (3, 1), (999, 1), (2, 7)]:
        share = Fraction(big, big + small)
        assert icm([big, small], [70, 30]) == (70 * share + 30 * (1 - share), 70 * (1 - share) + 30 * share)


def test_the_worked_example():
    assert icm([50, 30, 20], [70, 30]) == (Fraction(1265, 28), Fraction(129, 4), Fraction(158, 7))
    orders = finishing_order_probabilities([50, 30, 20])
    assert orders[(1, 0, 2)] == Fraction(3, 14) and orders[(2, 0, 1)] == Fraction(1, 8)


def test_busted_players_finish_last_and_share():
    # 3 with chips take places 0..2 as if alone; the 2 busted split places 3 and 4 (8 + 2).
    stacks, payouts = [5, 0, 3, 0, 2], [50, 25, 15, 8, 2]
    alone = icm([5, 3, 2], payouts[:3])
    assert icm(stacks, payouts) == (alone[0], 5, alone[1], 5, alone[2])
    assert icm([0, 9], [10, 4]) == (4, 10)


def test_exact_for_rationals_correctly_rounded_for_floats_and_decimals():
    assert icm([Fraction(1, 3), Fraction(2, 3)], [1]) == (Fraction(1, 3), Fraction(2, 3))
    assert icm([1, 2], [1.0]) == (1 / 3, 2 / 3)
    assert icm([Decimal("0.1"), Decimal("0.2")], [1]) == (1 / 3, 2 / 3)
    orders = finishing_order_probabilities([0.1, 0.2, 0.7])
    assert all(type(p) is float for p in orders.values())
    exact = finishing_order_probabilities([Fraction(0.1), Fraction(0.2), Fraction(0.7)])
    assert orders == {order: float(p) for order, p in exact.items()}


@pytest.mark.parametrize(
    "stacks, payouts, message",
    [
        ([10, -1], [1], "negative"),
        ([0, 0], [1], "no chips"),
        ([], [], "no chips"),
        ([10, float("nan")], [1], "finite"),
        ([10, 5], [float("inf")], "finite"),
        ([10, "5"], [1], "finite"),
        ([10, 5], [3, 2, 1], "3 payouts for 2 players"),
    ],
)
def test_bad_input_is_refused(stacks, payouts, message):
    with pytest.raises(ValueError, match=message):
        icm(stacks, payouts)
