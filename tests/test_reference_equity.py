"""Tests of the slow reference equity (tests/reference/equity.py) against the rules: spots small
enough to count by hand (outs, split and quartered pots, weighted ranges, all cards known),
symmetry, several boards against one board with the other's cards dead, the range classes,
and the premise of its memo (renaming suits changes no hand's value)."""

import itertools
import random
from fractions import Fraction

import pytest

from reference import badugi, games
from reference.equity import DEALS, _suits_renamed, cards, class_hands, equity, hands


@pytest.mark.parametrize(
    "token, count",
    [("QQ", 6), ("AKs", 4), ("AKo", 12), ("AK", 16), ("QQ+", 18), ("22+", 78), ("A2s+", 48)]
    + [("ATo+", 48), ("JJ-99", 18), ("99-JJ", 18), ("KJs-K9s", 12), ("KJ-K9", 48)],
)
def test_classes_hold_their_hands(token, count):
    found = class_hands(token)
    assert len(found) == len(set(found)) == count
    for a, b in found:
        assert a < b
        assert token[2:3] != "s" or a % 4 == b % 4
        assert token[2:3] != "o" or a % 4 != b % 4


def test_a_player_is_hands_with_weights():
    assert hands("AsKd") == hands("As Kd") == [((45, 51), 1)]
    assert hands("") == [((), 1)]  # a draw player who keeps nothing
    assert [w for _, w in hands("AKs:0.5, QQ")] == [Fraction(1, 2)] * 4 + [1] * 6
    assert hands("Ah Kh Qd Jd,8c 7c 6s 5s") == [
        (tuple(sorted(cards(h))), 1) for h in ("AhKhQdJd", "8c7c6s5s")
    ]
    with pytest.raises(ValueError, match="twice"):
        hands("AKs:0.5, AK")
    with pytest.raises(ValueError, match="not a hold'em class"):
        hands("random")


def test_outs_counted_by_hand():
    """AsKs has the flush; the set of queens fills up on each card that pairs the board (three
    sevens, three deuces, three nines) and on the last queen: 10 rivers of 44."""
    r = equity("holdem", ["AsKs", "QhQc"], "Qs 7s 2d 9s")
    assert r.deals == 44
    assert r.players[1].equity == r.players[1].win == Fraction(10, 44)
    assert r.players[0].equity == r.players[0].win == Fraction(34, 44)
    assert r.players[0].tie == r.players[1].tie == 0


def test_mirrored_hands_split_evenly():
    r = equity("holdem", ["AsKs", "AhKh"], "2c 3d 7c 8d")
    assert r.players[0].equity == r.players[1].equity == Fraction(1, 2)
    assert r.players[0].win == r.players[1].win and r.players[0].tie == r.players[1].tie > 0


def test_a_split_pot_is_quartered_and_a_missing_low_leaves_it_whole():
    lows_tie = equity("omaha-hi-lo", ["Ah 4h Qd Jc", "Ad 4c Qs Jh", "Kd Kh 9c 9d"], "2c 3d 8h Kc Ks")
    assert [p.equity for p in lows_tie.players] == [Fraction(1, 4), Fraction(1, 4), Fraction(1, 2)]
    assert [p.low for p in lows_tie.players] == [Fraction(1, 4), Fraction(1, 4), 0]
    assert [p.high for p in lows_tie.players] == [0, 0, Fraction(1, 2)]
    assert [(p.win, p.tie) for p in lows_tie.players] == [(0, 1), (0, 1), (0, 1)]
    no_low = equity("omaha-hi-lo", ["Ah 2h Qd Jc", "Kd Kh 9c 9d"], "Kc Qs Jh 9s Tc")
    assert [(p.equity, p.high, p.low, p.win) for p in no_low.players] == [(1, 1, 0, 1), (0, 0, 0, 0)]


def test_ranges_weigh_each_deal_sharing_no_card():
    """AA or KK against AA on a river where the aces win: 6 deals of aces against aces (a
    split) and 36 of kings against aces."""
    r = equity("holdem", ["AA,KK", "AA"], "2c 3d 7h 8s 9c")
    assert r.deals == 6 + 36
    assert r.players[0].equity == Fraction(6, 42) / 2
    weighted = equity("holdem", ["AA,KK:0.5", "AA"], "2c 3d 7h 8s 9c")
    assert weighted.players[0].equity == Fraction(6, 6 + 18) / 2


def test_hands_all_known_are_one_showdown():
    stud = equity("stud", ["As Ah 7c 2d 9s 4h Kc", "Ks Kh Kd 3c 5s 6h 8c"])
    assert stud.deals == 1 and [p.equity for p in stud.players] == [0, 1]
    draw = equity("2-7-single-draw", ["7s5d4c3h2c", "8s6d4h3s2d"])
    assert draw.deals == 1 and [p.equity for p in draw.players] == [1, 0]


def test_own_hands_are_completed_without_a_common_card():
    """Razz on sixth street: one card each from the 40 left, never the same one."""
    r = equity("razz", ["As 2h 3c 4d 9s 8h", "Ks 2s 3h 5c 6s 7h"])
    assert r.deals == 40 * 39
    assert sum(p.equity for p in r.players) == 1


def test_each_board_is_the_single_board_with_the_other_boards_cards_dead():
    players, boards = ["AsAh", "KsKh"], ["Kd 7c 2h 3s", "Qd 8c 5h 4s"]
    both = equity("holdem", players, boards=boards)
    for k, board in enumerate(both.per_board):
        alone = equity("holdem", players, boards[k], dead=boards[1 - k])
        assert board == alone
    for p, player in enumerate(both.players):
        assert player.equity == sum(b.players[p].equity for b in both.per_board) / 2
        assert player.win is None and player.tie is None
    assert both.deals == 2 * 40


def test_by_key_names_the_winning_hands():
    r = equity("holdem", ["AsAh", "KsKh"], "Kd 7c 2h 3s", by_key=True)
    kings = r.players[1].by_key
    assert sum(kings.values()) == r.players[1].equity
    assert kings[0, games.best_key(cards("Ks Kh Kd Kc 7c 2h 3s"), "high")] == Fraction(1, 44)
    assert {key[0] for _, key in kings} == {3, 6, 7}  # trips, a full house, quads


def test_renaming_suits_changes_no_value():
    rng = random.Random(54)
    for _ in range(200):
        hand = tuple(rng.sample(range(52), 5))
        renamed = _suits_renamed(hand)
        assert sorted(c // 4 for c in renamed) == sorted(c // 4 for c in hand)
        for game in ("high", "deuce-to-seven", "ace-to-five"):
            assert games.best_key(renamed, game) == games.best_key(hand, game)
        for game in badugi.GAMES:
            assert badugi.key(renamed, game) == badugi.key(hand, game)
        assert DEALS["badacey"].halves[0](hand, ()) == badugi.key(hand, "badugi")
        assert max(badugi.key(four, "badugi") for four in itertools.combinations(hand, 4)) == badugi.key(
            hand, "badugi"
        )
