"""Self-tests of the slow hand-strength reference (tests/reference/abstraction.py).

These check the reference against hand-counted spots, invariances and a naive re-computation;
they do not touch the fast library. Runtime is dominated by one flop (about 15 s).
"""

from __future__ import annotations

import doctest
import itertools
import math
import random
from fractions import Fraction

import pytest

import reference.abstraction as ra
from reference.high import best_key, parse_cards

P = parse_cards


def random_state(rng: random.Random, board_size: int) -> tuple[list[int], list[int]]:
    cards = rng.sample(range(52), 2 + board_size)
    return cards[:2], cards[2:]


def permute_suits(cards, perm):
    return [4 * (card // 4) + perm[card % 4] for card in cards]


def naive_river_counts(hole, board):
    """No caching at all: best_key of our 7 cards and of every opponent's 7 cards."""
    ours = best_key(list(hole) + list(board))
    unseen = [c for c in range(52) if c not in hole and c not in board]
    wins = ties = losses = 0
    for opp in itertools.combinations(unseen, 2):
        theirs = best_key(list(opp) + list(board))
        wins += ours > theirs
        ties += ours == theirs
        losses += ours < theirs
    return wins, ties, losses


def test_doctests():
    assert doctest.testmod(ra).failed == 0


# ------------------------------------------------------------------------------------ river


def test_royal_flush_on_board_every_hole_ties():
    board = P("As Ks Qs Js Ts")
    unseen = [c for c in range(52) if c not in board]
    for hole in itertools.combinations(unseen, 2):
        assert ra.river_hs_counts(hole, board) == (0, 990, 0)
        assert ra.river_hs(hole, board) == Fraction(1, 2)


def test_quad_aces_king_kicker_on_board_every_hole_ties():
    # Nothing can beat A-A-A-A-K: no ace is left and the king is the best possible kicker.
    assert ra.river_hs_counts(P("2c 3d"), P("Ac Ad Ah As Kc")) == (0, 990, 0)


def test_nut_hand_wins_everything():
    # We hold the royal flush; the best any opponent can do is a smaller straight flush (9s 8s).
    assert ra.river_hs_counts(P("As Ks"), P("Qs Js Ts 2c 3d")) == (990, 0, 0)
    assert ra.river_hs(P("As Ks"), P("Qs Js Ts 2c 3d")) == 1


def test_hand_that_plays_the_board_never_wins_hand_counted():
    # Board Ac Ad Ah Kc Kd (aces full), we hold 2h 3h and play the board. The 45 unseen cards
    # hold As and Kh, Ks. An opponent beats us with As (quad aces): 44 holes with As, or with
    # Kh Ks (quad kings): 1 hole. No straight flush is possible. Everything else ties.
    counts = ra.river_hs_counts(P("2h 3h"), P("Ac Ad Ah Kc Kd"))
    assert counts == (0, 945, 45)
    assert ra.river_hs(P("2h 3h"), P("Ac Ad Ah Kc Kd")) == Fraction(945, 1980) == Fraction(21, 44)


def test_quads_on_board_king_kicker_hand_counted():
    # Board Ac Ad Ah As 5c, we hold Kc Kd: everyone plays four aces + best kicker. Only Kh, Ks
    # can match our king kicker; nothing beats it. Ties = holes with Kh or Ks = 990 - C(43, 2).
    assert ra.river_hs_counts(P("Kc Kd"), P("Ac Ad Ah As 5c")) == (903, 87, 0)
    assert ra.river_hs(P("Kc Kd"), P("Ac Ad Ah As 5c")) == Fraction(2 * 903 + 87, 1980)


def test_nearly_worst_hand_hand_counted():
    # Board 2c 3d 4h 5s 7c (no flush possible), we hold 8d 9h: best five 9 8 7 5 4, no straight.
    # Every opponent card improves on that unless both are an 8 and a 9: any 2, 3, 4, 5, 7, 8+8 or
    # 9+9 pairs, a 6 makes 3-7, an ace makes the wheel, a T..K is a higher high card. So the only
    # non-losing holes are the 3 x 3 other 8-9 combinations, and they tie: never a win.
    # (HS = 0 exactly is not reachable this way: same-rank copies of our cards tie us.)
    assert ra.river_hs_counts(P("8d 9h"), P("2c 3d 4h 5s 7c")) == (0, 9, 981)
    assert ra.river_hs(P("8d 9h"), P("2c 3d 4h 5s 7c")) == Fraction(9, 1980) == Fraction(1, 220)


def test_matches_naive_recomputation():
    rng = random.Random(11)
    for _ in range(3):
        hole, board = random_state(rng, 5)
        ra.clear_caches()
        assert ra.river_hs_counts(hole, board) == naive_river_counts(hole, board)


def test_random_river_states_properties():
    rng = random.Random(2024)
    for _ in range(30):
        hole, board = random_state(rng, 5)
        w, t, lose = ra.river_hs_counts(hole, board)
        assert w + t + lose == 990  # C(45, 2) opponent hands, each counted once
        hs = ra.river_hs(hole, board)
        assert isinstance(hs, Fraction) and 0 <= hs <= 1
        assert hs == Fraction(2 * w + t, 1980)
        if best_key(hole + board) == best_key(board):  # we play the board: cannot win
            assert w == 0


def test_all_holes_on_a_board_are_balanced():
    # Over every ordered (our hole, opponent hole) pair on one board, wins and losses pair up,
    # so total wins == total losses and the mean HS over all 1081 holes is exactly 1/2.
    board = random_state(random.Random(5), 5)[1]
    unseen = [c for c in range(52) if c not in board]
    total_w = total_l = 0
    total_hs = Fraction(0)
    for hole in itertools.combinations(unseen, 2):
        w, t, lose = ra.river_hs_counts(hole, board)
        total_w += w
        total_l += lose
        total_hs += ra.river_hs(hole, board)
    assert total_w == total_l
    assert total_hs / 1081 == Fraction(1, 2)


def test_river_suit_permutation_and_reordering_invariance():
    rng = random.Random(77)
    perms = list(itertools.permutations(range(4)))
    for _ in range(6):
        hole, board = random_state(rng, 5)
        base = ra.river_hs_counts(hole, board)
        perm = rng.choice(perms[1:])
        assert ra.river_hs_counts(permute_suits(hole, perm), permute_suits(board, perm)) == base
        shuffled = board[:]
        while shuffled == board:
            rng.shuffle(shuffled)
        assert ra.river_hs_counts(hole[::-1], shuffled) == base
        assert ra.river_hs(tuple(hole), tuple(shuffled)) == ra.river_hs(hole, board)


# ------------------------------------------------------------------------------------- turn


def test_turn_nut_hand_made():
    # Royal flush made on the turn (As + Ks Qs Js Ts): HS = 1 on every one of the 46 rivers.
    hole, board = P("As 2c"), P("Ks Qs Js Ts")
    values = ra.runout_hs(hole, board)
    assert len(values) == 46 and all(hs == 1 for _, hs in values)
    assert ra.turn_ehs(hole, board) == (1, 1)
    assert ra.histogram(hole, board) == [0] * 49 + [46]
    assert ra.histogram(hole, board, bins=1) == [46]


def test_turn_quad_aces_hand_counted():
    # Board Ac Ad Ah As, hole Kc Kd. River Kh or Ks (2 of 46): the board plays, all tie, HS 1/2.
    # Any other river (44): as on the river spot above, (903, 87, 0), HS = 1893/1980.
    hole, board = P("Kc Kd"), P("Ac Ad Ah As")
    other = Fraction(1893, 1980)
    expected_ehs = (2 * Fraction(1, 2) + 44 * other) / 46
    expected_ehs2 = (2 * Fraction(1, 4) + 44 * other * other) / 46
    assert ra.turn_ehs(hole, board) == (expected_ehs, expected_ehs2)
    hist = ra.histogram(hole, board, bins=50)
    assert hist[25] == 2 and hist[math.floor(other * 50)] == 44 and sum(hist) == 46


@pytest.mark.slow
def test_turn_runouts_match_river_hs():
    # The memoised turn path must agree with river_hs (a separate code path) on every river.
    hole, board = random_state(random.Random(8), 4)
    values = ra.runout_hs(hole, board)
    rivers = [c for c in range(52) if c not in hole and c not in board]
    assert [runout for runout, _ in values] == [(r,) for r in rivers]
    for (river,), hs in values:
        assert hs == ra.river_hs(hole, board + [river])
    n = len(values)
    ehs, ehs2 = ra.turn_ehs(hole, board)
    assert ehs == sum(hs for _, hs in values) / n
    assert ehs2 == sum(hs * hs for _, hs in values) / n
    assert 0 <= ehs2 <= ehs <= 1 and ehs2 >= ehs * ehs  # E[X^2] >= E[X]^2, X in [0, 1]
    for bins in (1, 2, 7, 50):
        hist = ra.histogram(hole, board, bins=bins)
        assert len(hist) == bins and sum(hist) == 46
        expected = [0] * bins
        for _, hs in values:
            expected[min(math.floor(hs * bins), bins - 1)] += 1
        assert hist == expected


@pytest.mark.slow
def test_turn_suit_permutation_and_reordering_invariance():
    hole, board = random_state(random.Random(99), 4)
    base = ra.turn_ehs(hole, board)
    perm = (2, 0, 3, 1)
    assert ra.turn_ehs(permute_suits(hole, perm), permute_suits(board, perm)) == base
    assert ra.turn_ehs(hole[::-1], board[::-1]) == base
    assert ra.histogram(hole[::-1], board[::-1]) == ra.histogram(hole, board)


# ------------------------------------------------------------------------------------- flop


@pytest.mark.slow
def test_flop_nut_hand_made_and_runouts():
    # Royal flush flopped: HS = 1 on all 1081 turn+river runouts.
    hole, board = P("As Ks"), P("Qs Js Ts")
    values = ra.runout_hs(hole, board)
    assert len(values) == 1081 == math.comb(47, 2)
    assert len({runout for runout, _ in values}) == 1081
    assert all(hs == 1 for _, hs in values)
    assert ra.flop_ehs(hole, board) == (1, 1)
    hist = ra.histogram(hole, board)
    assert hist == [0] * 49 + [1081] and sum(hist) == 1081
    # Spot-check some runouts against river_hs directly.
    for runout, hs in values[::271]:
        assert hs == ra.river_hs(hole, board + list(runout))


# -------------------------------------------------------------------------------- histogram


def test_hs_bin_boundaries_exact():
    assert ra.hs_bin(Fraction(0), 50) == 0
    assert ra.hs_bin(Fraction(1), 50) == 49  # HS = 1 falls in the last bin
    assert ra.hs_bin(Fraction(1, 2), 2) == 1
    assert ra.hs_bin(Fraction(1, 50), 50) == 1  # exact boundary goes up
    assert ra.hs_bin(Fraction(1, 50) - Fraction(1, 10**9), 50) == 0
    assert ra.hs_bin(Fraction(49, 50), 50) == 49
    for k in range(50):
        assert ra.hs_bin(Fraction(k, 50), 50) == k


# ------------------------------------------------------------------------------- bad inputs


@pytest.mark.parametrize(
    "func, hole, board",
    [
        (ra.river_hs, [0], [4, 8, 12, 16, 20]),  # one hole card
        (ra.river_hs, [0, 1, 2], [4, 8, 12, 16, 20]),  # three hole cards
        (ra.river_hs, [0, 1], [4, 8, 12, 16]),  # turn board to river_hs
        (ra.river_hs_counts, [0, 1], [4, 8, 12, 16, 20, 24]),
        (ra.river_hs, [0, 0], [4, 8, 12, 16, 20]),  # duplicate in hole
        (ra.river_hs, [0, 4], [4, 8, 12, 16, 20]),  # hole card on board
        (ra.river_hs, [0, 1], [4, 8, 12, 16, 16]),  # duplicate on board
        (ra.river_hs, [0, 52], [4, 8, 12, 16, 20]),  # out of range
        (ra.river_hs, [-1, 1], [4, 8, 12, 16, 20]),
        (ra.river_hs, [True, 1], [4, 8, 12, 16, 20]),  # bool is not a card
        (ra.river_hs, [0.0, 1], [4, 8, 12, 16, 20]),  # float is not a card
        (ra.river_hs, ["As", 1], [4, 8, 12, 16, 20]),
        (ra.river_hs, "As Ks", [4, 8, 12, 16, 20]),
        (ra.river_hs, None, [4, 8, 12, 16, 20]),
        (ra.turn_ehs, [0, 1], [4, 8, 12]),  # flop board to turn_ehs
        (ra.turn_ehs, [0, 1], [4, 8, 12, 16, 20]),
        (ra.turn_ehs, [0, 1], [0, 8, 12, 16]),
        (ra.flop_ehs, [0, 1], [4, 8, 12, 16]),  # turn board to flop_ehs
        (ra.flop_ehs, [0, 1], [4, 8]),
        (ra.flop_ehs, [0, 1], [4, 8, 99]),
        (ra.histogram, [0, 1], [4, 8, 12, 16, 20]),  # river board: no runouts
        (ra.histogram, [0, 1], [4, 8]),
        (ra.histogram, [0, 1], [1, 8, 12, 16]),
        (ra.runout_hs, [0, 1], [4, 8, 12, 16, 20]),
    ],
)
def test_bad_input_raises_value_error(func, hole, board):
    with pytest.raises(ValueError):
        func(hole, board)


@pytest.mark.parametrize("bins", [0, -1, True, 2.5, "50", None])
def test_bad_bins_raise_value_error(bins):
    with pytest.raises(ValueError):
        ra.histogram(P("As 2c"), P("Ks Qs Js Ts"), bins=bins)
