"""`pokerlut.evaluate` inside users' own @numba.njit code: the same strengths as in Python, in
every natural game, with and without numba's reference counting; 0 for a bad hand."""

import numba
import numpy as np
import pytest
from numba.core.errors import TypingError

import pokerlut


@numba.njit
def rows_with_nrt(hands):
    out = np.empty(hands.shape[0], dtype=np.int64)
    for i in range(hands.shape[0]):
        out[i] = pokerlut.evaluate(hands[i])
    return out


@numba.njit(_nrt=False)
def rows_without_nrt(hands, out):
    for i in range(hands.shape[0]):
        out[i] = pokerlut.evaluate(hands[i], game="deuce-to-seven")


@numba.njit
def five_as_a_tuple(a, b, c, d, e):
    return pokerlut.evaluate((a, b, c, d, e), game="short-deck")


def random_hands(n, width, deck=52, seed=3):
    rng = np.random.default_rng(seed)
    return (52 - deck + np.argsort(rng.random((n, deck)), axis=1)[:, :width]).astype(np.uint8)


@pytest.mark.slow
@pytest.mark.parametrize("width", [5, 6, 7])
def test_the_same_strengths_as_in_python(width):
    hands = random_hands(20_000, width)
    assert (rows_with_nrt(hands) == pokerlut.evaluate_batch(hands)).all()
    out = np.empty(len(hands), dtype=np.int64)
    rows_without_nrt(hands, out)
    assert (out == pokerlut.evaluate_batch(hands, game="deuce-to-seven")).all()
    short = random_hands(2_000, 5, deck=36)
    assert [five_as_a_tuple(*h) for h in short.tolist()] == pokerlut.evaluate_batch(
        short, game="short-deck"
    ).tolist()


@pytest.mark.parametrize(
    "hand",
    [
        [51, 51, 43, 39, 35],  # a repeated card
        [51, 60, 43, 39, 35],  # not a card
        [51, 47, 43, 39],  # four cards
        [51, 47, 43, 39, 35, 0, 1, 2],  # eight
    ],
)
def test_a_bad_hand_gives_0(hand):
    assert rows_with_nrt(np.array([hand], dtype=np.uint8))[0] == 0


def test_a_card_outside_the_games_deck_gives_0():
    assert five_as_a_tuple(51, 47, 43, 39, 12) == 0  # 5c: not in the short deck


@pytest.mark.parametrize("card", [-1, -256, 256 + 35, 2**40 + 35])
def test_an_int_outside_uint8_gives_0_not_an_alias(card):
    """A wide int whose low byte is a good card (35 = Ts) is still not a card."""
    assert five_as_a_tuple(51, 47, 43, 39, 35) > 0
    assert five_as_a_tuple(51, 47, 43, 39, card) == 0


def test_cards_must_be_ints():
    with pytest.raises(TypingError, match="card ints"):
        numba.njit(lambda h: pokerlut.evaluate(h))(np.arange(5, dtype=np.float64))


def test_games_numba_code_does_not_take_are_refused_at_compile_time():
    with pytest.raises(TypingError, match="high\\+jokers is evaluated from Python"):
        numba.njit(lambda: pokerlut.evaluate((51, 47, 43, 39, 52), game="high", wild="jokers"))()
    with pytest.raises(TypingError, match="literal"):
        numba.njit(lambda g: pokerlut.evaluate((51, 47, 43, 39, 35), game=g))("high")
