"""Omaha evaluation (two hole cards and three board cards exactly) against the slow reference."""

import numpy as np
import pytest
from numba import njit

import pokerlut
from pokerlut import kernels
import reference.games as ref

OMAHA_GAMES = ["high", "ace-to-five", "eight-or-better", "short-deck", "short-deck-trips"]


def deals(game: str, n: int, n_hole: int, n_board: int, seed: int, suited: bool = False):
    """n random (hole, board) rows of the game's deck; `suited`: three board cards and two hole
    cards share a suit, so flushes are common."""
    rng = np.random.default_rng(seed)
    deck = np.array(ref.deck(game), dtype=np.uint8)
    cards = deck[np.argsort(rng.random((n, len(deck))), axis=1)[:, : n_hole + n_board]]
    if suited:
        for row in cards:
            suit = int(rng.integers(4))
            same = [c for c in deck[rng.permutation(len(deck))] if c & 3 == suit][:5]
            rest = [c for c in row if c not in same]
            row[:] = [
                same[0],
                same[1],
                *rest[: n_hole - 2],
                same[2],
                same[3],
                same[4],
                *rest[n_hole - 2 : n_hole - 2 + n_board - 3],
            ]
    return np.ascontiguousarray(cards[:, :n_hole]), np.ascontiguousarray(cards[:, n_hole:])


def reference(game, holes, boards):
    table = ref.strengths(game)
    keys = [ref.omaha_best_key(h, b, game) for h, b in zip(holes.tolist(), boards.tolist())]
    return np.array([0 if k is None else table[k] for k in keys])


@pytest.mark.slow
@pytest.mark.parametrize("game", OMAHA_GAMES)
@pytest.mark.parametrize("n_hole,n_board", [(4, 5), (5, 5), (6, 5), (4, 3), (4, 4), (6, 3)])
def test_random_omaha_hands_match_the_reference(game, n_hole, n_board):
    for n, suited in ((6_000 if (n_hole, n_board) == (4, 5) else 1_500, False), (1_500, True)):
        holes, boards = deals(game, n, n_hole, n_board, seed=n_hole * 10 + n_board, suited=suited)
        fast = pokerlut.evaluate_omaha_batch(holes, boards, game=game)
        expected = reference(game, holes, boards)
        bad = np.flatnonzero(fast != expected)
        assert not len(bad), (
            pokerlut.format_cards(holes[bad[0]]),
            pokerlut.format_cards(boards[bad[0]]),
            fast[bad[0]],
            expected[bad[0]],
        )
        some = slice(0, 50)
        assert [pokerlut.evaluate_omaha(h, b, game=game) for h, b in zip(holes[some], boards[some])] == fast[
            some
        ].tolist()


def test_the_issue_example_and_the_one_card_flush():
    assert pokerlut.evaluate_omaha("Ks 8c Js 5c", "3s 5h Qs Qd 9h") == 4675
    assert (
        pokerlut.describe(4675) == "Two pair, queens and fives, king kicker"
        or pokerlut.category(4675) == pokerlut.Category.TWO_PAIR
    )
    # one hole spade and four board spades: a flush in hold'em, none in Omaha
    assert pokerlut.category(pokerlut.evaluate("As 2c Ks Qs Js 5s 9h")) == pokerlut.Category.FLUSH
    assert (
        pokerlut.category(pokerlut.evaluate_omaha("As 2c 3d 4h", "Ks Qs Js 5s 9h"))
        == pokerlut.Category.HIGH_CARD
    )
    # two hole spades: the flush
    assert (
        pokerlut.category(pokerlut.evaluate_omaha("As 2s 3d 4h", "Ks Qs Js 5d 9h")) == pokerlut.Category.FLUSH
    )
    # four aces in the hand play as a pair: only two hole cards count
    assert (
        pokerlut.category(pokerlut.evaluate_omaha("As Ad Ah Ac", "2c 7d 9h Js 4c"))
        == pokerlut.Category.ONE_PAIR
    )


def test_eight_or_better_needs_two_low_hole_cards():
    g = "eight-or-better"
    assert pokerlut.evaluate_omaha("As Kd Qc Jh", "2c 3d 4h 5s 8c", game=g) == 0  # one low hole card
    assert (
        pokerlut.describe(pokerlut.evaluate_omaha("As 2d Qc Jh", "3c 4d 5h Ks Kc", game=g), game=g)
        == "Wheel (5-4-3-2-A)"
    )


def test_one_board_for_every_row_and_threads():
    holes, boards = deals("high", 1000, 4, 5, seed=1)
    one = boards[0]
    keep = ~np.isin(holes, one).any(axis=1)
    fast = pokerlut.evaluate_omaha_batch(holes[keep], one, threads=1)
    assert fast.tolist() == [pokerlut.evaluate_omaha(h, one) for h in holes[keep]]


@njit(_nrt=False)
def _user_kernel(t, holes, boards, out):
    for i in range(holes.shape[0]):
        out[i] = kernels.omaha_strength(t, holes[i], boards[i])


def test_the_kernel_runs_in_user_numba_code():
    holes, boards = deals("eight-or-better", 500, 5, 4, seed=2)
    out = np.empty(500, dtype=np.uint16)
    _user_kernel(pokerlut.load_tables("eight-or-better"), holes, boards, out)
    assert (out == pokerlut.evaluate_omaha_batch(holes, boards, game="eight-or-better")).all()


@pytest.mark.parametrize(
    "hole,board,message",
    [
        ("As Ks Qs", "2c 3c 4c", "hole cards are 4, 5 or 6, not 3"),
        ("As Ks Qs Js Ts 9s 8s", "2c 3c 4c", "hole cards are 4, 5 or 6, not 7"),
        ("As Ks Qs Js", "2c 3c", "board has 3, 4 or 5 cards, not 2"),
        ("As Ks Qs Js", "2c 3c As", "card As is both a hole card and on the board"),
        ("As Ks Qs Js", "2c 3c Zz", "Zz"),
    ],
)
def test_bad_omaha_hands(hole, board, message):
    with pytest.raises(ValueError, match=message):
        pokerlut.evaluate_omaha(hole, board)


def test_bad_omaha_games_and_rows():
    with pytest.raises(ValueError, match="not in the short-deck deck"):
        pokerlut.evaluate_omaha("As Ks Qs 5s", "6c 7c 8c", game="short-deck")
    with pytest.raises(ValueError, match="Omaha is not offered in deuce-to-seven.*high"):
        pokerlut.evaluate_omaha("As Ks Qs Js", "2c 3c 4c", game="deuce-to-seven")
    with pytest.raises(ValueError, match="unknown game"):
        pokerlut.evaluate_omaha("As Ks Qs Js", "2c 3c 4c", game="omaha")
    holes, boards = deals("high", 10, 4, 5, seed=3)
    boards[7, 2] = holes[7, 1]
    with pytest.raises(ValueError, match=r"row 7: duplicate card .* \(hole cards, then board\)"):
        pokerlut.evaluate_omaha_batch(holes, boards)
    boards[7, 2] = 60
    with pytest.raises(ValueError, match=r"row 7: card 60 at position 6 is out of range"):
        pokerlut.evaluate_omaha_batch(holes, boards.astype(np.uint8))
    with pytest.raises(ValueError, match=r"holes must have shape \(n, 4\|5\|6\)"):
        pokerlut.evaluate_omaha_batch(holes[:, :3], boards)
    with pytest.raises(ValueError, match="10 holes but 9 boards"):
        pokerlut.evaluate_omaha_batch(holes, boards[:9])
