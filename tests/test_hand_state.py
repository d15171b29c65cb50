"""The incremental hand state, used from users' own @njit code.

`pokerlut.load_tables()` gives the `Tables` namedtuple; inside @njit code `hand_empty`,
`hand_add`, `hand_merge` and `hand_strength` build and score a hand card by card, and `eval5` is
the five-card kernel. Whatever order the cards are added in, and however the hand is split into
parts that are merged, the strength must equal `evaluate_batch`.
"""

import itertools

import numba
import numpy as np
import pytest

import pokerlut
from pokerlut import kernels

N_HANDS = 20_000
N_ORDERS = 8


@pytest.fixture(scope="module")
def t():
    return pokerlut.load_tables()


def random_hands(n, size, seed):
    rng = np.random.default_rng(seed)
    decks = np.tile(np.arange(52, dtype=np.uint8), (n, 1))
    return np.ascontiguousarray(rng.permuted(decks, axis=1)[:, :size])


# ---------------------------------------------------------------- user kernels


@numba.njit
def strengths_in_orders(t, hands, orders):
    """out[i, k] = strength of hand i with its cards added in the order orders[k]."""
    out = np.empty((hands.shape[0], orders.shape[0]), dtype=np.int64)
    for i in range(hands.shape[0]):
        for k in range(orders.shape[0]):
            hand = kernels.hand_empty()
            for j in range(orders.shape[1]):
                hand = kernels.hand_add(t, hand, hands[i, orders[k, j]])
            out[i, k] = kernels.hand_strength(t, hand)
    return out


@numba.njit
def strengths_split(t, hands, split):
    """Strength of each hand as state(cards[:split]) merged with state(cards[split:]), both ways."""
    out = np.empty((hands.shape[0], 2), dtype=np.int64)
    for i in range(hands.shape[0]):
        a = kernels.hand_empty()
        for j in range(split):
            a = kernels.hand_add(t, a, hands[i, j])
        b = kernels.hand_empty()
        for j in range(split, hands.shape[1]):
            b = kernels.hand_add(t, b, hands[i, j])
        out[i, 0] = kernels.hand_strength(t, kernels.hand_merge(a, b))
        out[i, 1] = kernels.hand_strength(t, kernels.hand_merge(b, a))
    return out


@numba.njit
def board_and_holes(t, board, holes):
    """A hold'em showdown: the board summed once, merged with each player's hole cards."""
    state = kernels.hand_empty()
    for j in range(board.shape[0]):
        state = kernels.hand_add(t, state, board[j])
    out = np.empty(holes.shape[0], dtype=np.int64)
    for p in range(holes.shape[0]):
        hole = kernels.hand_add(t, kernels.hand_add(t, kernels.hand_empty(), holes[p, 0]), holes[p, 1])
        out[p] = kernels.hand_strength(t, kernels.hand_merge(state, hole))
    return out


@numba.njit
def eval5_rows(t, hands):
    out = np.empty(hands.shape[0], dtype=np.int64)
    for i in range(hands.shape[0]):
        out[i] = kernels.eval5(t, hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4])
    return out


@numba.njit
def best_eval5_of_subsets(t, hands):
    """Max of eval5 over every five-card subset of each row (6 or 7 cards)."""
    n, w = hands.shape
    out = np.zeros(n, dtype=np.int64)
    for i in range(n):
        best = 0
        for a in range(w):
            for b in range(a + 1, w):
                for c in range(b + 1, w):
                    for d in range(c + 1, w):
                        for e in range(d + 1, w):
                            s = kernels.eval5(
                                t, hands[i, a], hands[i, b], hands[i, c], hands[i, d], hands[i, e]
                            )
                            best = max(best, s)
        out[i] = best
    return out


@numba.njit
def all_five_card_hands_disagreeing(t):
    """Over all 2,598,960 five-card hands: (count, number where hand_strength != eval5, histogram)."""
    count = 0
    bad = 0
    histogram = np.zeros(7463, dtype=np.int64)
    for a in range(52):
        ha = kernels.hand_add(t, kernels.hand_empty(), a)
        for b in range(a + 1, 52):
            hb = kernels.hand_add(t, ha, b)
            for c in range(b + 1, 52):
                hc = kernels.hand_add(t, hb, c)
                for d in range(c + 1, 52):
                    hd = kernels.hand_add(t, hc, d)
                    for e in range(d + 1, 52):
                        s = kernels.hand_strength(t, kernels.hand_add(t, hd, e))
                        count += 1
                        if s != kernels.eval5(t, a, b, c, d, e):
                            bad += 1
                        histogram[s] += 1
    return count, bad, histogram


# ---------------------------------------------------------------- tests


def test_load_tables_is_the_tables_namedtuple(t):
    assert isinstance(t, pokerlut.Tables)
    assert isinstance(t, tuple) and t._fields == pokerlut.Tables._fields
    assert pokerlut.load_tables() is t  # loaded once
    for name in t._fields:
        assert isinstance(getattr(t, name), np.ndarray), name
    for name in ("card_key", "card_bit", "rank_bit", "card_prime"):
        assert getattr(t, name).shape == (256,), name  # every uint8 card value


@pytest.mark.parametrize("size", [5, 6, 7])
def test_any_order_of_adding_gives_evaluate_batch(t, size):
    hands = random_hands(N_HANDS, size, seed=size)
    rng = np.random.default_rng(100 + size)
    orders = np.array([np.arange(size)] + [rng.permutation(size) for _ in range(N_ORDERS - 1)])
    got = strengths_in_orders(t, hands, orders)
    expected = pokerlut.evaluate_batch(hands).astype(np.int64)
    for k in range(N_ORDERS):
        np.testing.assert_array_equal(got[:, k], expected, err_msg=f"order {orders[k]}")


@pytest.mark.parametrize("size", [5, 6, 7])
def test_every_order_of_adding_for_a_few_hands(t, size):
    hands = random_hands(6, size, seed=200 + size)
    hands[0] = [51, 47, 43, 39, 35, 31, 27][:size]  # suited run: a straight flush
    orders = np.array(list(itertools.permutations(range(size))), dtype=np.int64)
    got = strengths_in_orders(t, hands, orders)
    expected = pokerlut.evaluate_batch(hands).astype(np.int64)
    assert got.shape == (6, len(orders))
    for i in range(len(hands)):
        assert (got[i] == expected[i]).all(), pokerlut.format_cards(hands[i])


@pytest.mark.parametrize(
    "size, split", [(7, 5), (7, 2), (7, 3), (7, 4), (7, 6), (7, 1), (6, 3), (6, 4), (6, 5), (5, 2), (5, 3)]
)
def test_merge_equals_adding_all(t, size, split):
    hands = random_hands(N_HANDS, size, seed=300 + 10 * size + split)
    expected = pokerlut.evaluate_batch(hands).astype(np.int64)
    merged = strengths_split(t, hands, split)
    np.testing.assert_array_equal(merged[:, 0], expected)
    np.testing.assert_array_equal(merged[:, 1], expected)


def test_merge_with_the_empty_hand(t):
    hands = random_hands(1000, 7, seed=400)
    expected = pokerlut.evaluate_batch(hands).astype(np.int64)
    np.testing.assert_array_equal(strengths_split(t, hands, 0), np.stack([expected, expected], 1))
    np.testing.assert_array_equal(strengths_split(t, hands, 7), np.stack([expected, expected], 1))


def test_board_merged_with_each_players_hole_cards(t):
    rng = np.random.default_rng(500)
    for _ in range(200):
        cards = rng.permutation(52).astype(np.uint8)
        board, holes = cards[:5], cards[5:23].reshape(9, 2)
        got = board_and_holes(t, board, holes)
        rows = np.concatenate([np.tile(board, (9, 1)), holes], axis=1)
        np.testing.assert_array_equal(got, pokerlut.evaluate_batch(rows))


def test_hand_strength_of_five_cards_equals_eval5(t):
    hands = random_hands(N_HANDS, 5, seed=600)
    state = strengths_in_orders(t, hands, np.arange(5)[None, :])[:, 0]
    kernel = eval5_rows(t, hands)
    np.testing.assert_array_equal(state, kernel)
    np.testing.assert_array_equal(kernel, pokerlut.evaluate_batch(hands))


def test_hand_strength_equals_eval5_on_every_five_card_hand(t):
    count, bad, histogram = all_five_card_hands_disagreeing(t)
    assert count == 2_598_960
    assert bad == 0
    assert histogram[0] == 0 and (histogram[1:] > 0).all()  # every one of the 7,462 classes occurs
    assert histogram.sum() == 2_598_960


@pytest.mark.parametrize("size", [6, 7])
def test_hand_strength_is_the_best_eval5_of_the_subsets(t, size):
    hands = random_hands(N_HANDS, size, seed=700 + size)
    state = strengths_in_orders(t, hands, np.arange(size)[None, :])[:, 0]
    np.testing.assert_array_equal(state, best_eval5_of_subsets(t, hands))
    np.testing.assert_array_equal(state, pokerlut.evaluate_batch(hands))


def test_eval5_argument_order_does_not_matter(t):
    hands = random_hands(2000, 5, seed=800)
    expected = eval5_rows(t, hands)
    for perm in itertools.permutations(range(5)):
        np.testing.assert_array_equal(eval5_rows(t, np.ascontiguousarray(hands[:, perm])), expected)


def test_kernels_accept_other_card_int_types(t):
    hands = random_hands(2000, 7, seed=900)
    expected = pokerlut.evaluate_batch(hands).astype(np.int64)
    orders = np.arange(7)[None, :]
    for dtype in (np.int64, np.int32, np.uint16, np.intp):
        got = strengths_in_orders(t, hands.astype(dtype), orders)[:, 0]
        np.testing.assert_array_equal(got, expected, err_msg=str(dtype))
