"""Tests of the slow reference all-in EV (tests/reference/allin_ev.py) against the rules: the pots
of every shape by hand, spots whose outs are counted by hand (heads-up, a short stack winning the
main pot and losing the side pot, ties, hi-lo quartering, stud and razz, a draw), run it twice,
the EV as the average of the realized result over every last card, and the short stack's cards
dead in a side pot against every one of his cards dealt. Every spot's shares add up to its pots.

Heads-up preflop is left out: the reference values each of its 1,712,304 boards in Python
(minutes); the flop and turn spots run the same code."""

import random
from decimal import Decimal
from fractions import Fraction

import pytest

from reference.allin_ev import Pot, allin_ev, pots, put_in, realized, returned
from reference.equity import cards, equity
from reference.games import cards_text

F = Fraction

# --------------------------------------------------------------------------------------------
# the pots


def test_pots_by_hand():
    assert pots({"A": 100, "B": 100}, {"A", "B"}) == [(200, {"A", "B"})]
    # a short stack: a main pot of three players, a side pot of two
    assert pots({"S": 50, "A": 200, "B": 200}, {"S", "A", "B"}) == [(150, {"S", "A", "B"}), (300, {"A", "B"})]
    # a folded player's dead money: in each pot his contribution reaches
    assert pots([50, 200, 200, 30], [0, 1, 2]) == [(180, {0, 1, 2}), (300, {1, 2})]
    assert pots([50, 200, 200, 120], [0, 1, 2]) == [(200, {0, 1, 2}), (370, {1, 2})]
    # the uncalled bet goes back: no pot
    assert pots({"A": 100, "B": 250}, "AB") == [(200, {"A", "B"})]
    assert returned({"A": 100, "B": 250}) == {"A": 0, "B": 150}
    assert put_in({"A": 100, "B": 250}) == {"A": 100, "B": 100}
    # two short stacks: two side pots; equal contributions make one level
    assert pots([30, 80, 200, 200], range(4)) == [(120, {0, 1, 2, 3}), (150, {1, 2, 3}), (240, {2, 3})]
    assert pots([80, 80, 200, 500], range(4)) == [(320, {0, 1, 2, 3}), (240, {2, 3})]
    # C all-in for 50, A raises to 300, B re-raises to 900, A folds: B gets 600 back and wins
    # the pot above C's level (A's dead 250 and his own 250) uncontested
    assert pots({"C": 50, "A": 300, "B": 900}, "BC") == [(150, {"B", "C"}), (500, {"B"})]
    # everyone else folded: the one player still in has a pot to himself
    assert pots([10, 20, 60], [2]) == [(50, {2})]
    # an odd record: folded players' chips above every player still in go into the top pot
    assert pots([50, 300, 300], [0]) == [(650, {0})]
    assert pots([50, 60, 300, 300], [0, 1]) == [(200, {0, 1}), (510, {1})]
    # and the uncalled part of the largest contribution goes back to its player, whoever he is
    assert pots([50, 60, 300], [0, 1]) == [(150, {0, 1}), (20, {1})]
    assert returned([50, 60, 300]) == {0: 0, 1: 0, 2: 240}
    # a player still in who put in nothing can win nothing: no empty pot for him
    assert pots([0, 40, 40], range(3)) == [(80, {1, 2})]
    # exact amounts of any kind
    assert pots([F(1, 2), "0.75", Decimal("1.25")], range(3)) == [(F(3, 2), {0, 1, 2}), (F(1, 2), {1, 2})]


def test_pots_refuse_bad_input():
    with pytest.raises(ValueError, match="contributors"):
        pots({"A": 10, "B": 10}, {"A", "C"})
    with pytest.raises(ValueError, match="contributors"):
        pots({"A": 10, "B": 10}, set())
    with pytest.raises(ValueError, match="negative"):
        pots([10, -5], [0, 1])


@pytest.mark.parametrize("seed", range(200))
def test_pots_keep_the_rules(seed):
    """Random hands (a folded player put in less than the most a player still in did, as he
    folded facing a bigger bet): every chip put in is in a pot; each player still in can win from each
    contributor at most what he put in himself, and exactly that; below the top every pot has
    two players or more; a top pot of one player holds a folded player's chips."""
    rng = random.Random(seed)
    n = rng.randint(2, 7)
    live = set(rng.sample(range(n), rng.randint(1, n)))
    contributions = [rng.choice([5, 10, 10, 25, 40, 40, 100, 250]) for _ in range(n)]
    most = max(contributions[p] for p in live)
    for p in set(range(n)) - live:  # a player folds facing a bigger bet
        contributions[p] = min(contributions[p], most - 1)
    found = pots(contributions, live)
    chips = put_in(contributions)
    assert sum(p.amount for p in found) == sum(chips.values())
    assert sum(chips.values()) + sum(returned(contributions).values()) == sum(contributions)
    for player in live:
        winnable = sum(p.amount for p in found if player in p.eligible)
        assert winnable == sum(min(a, chips[player]) for a in chips.values())
    assert all(len(p.eligible) >= 2 for p in found[:-1])
    if len(found[-1].eligible) == 1 and len(live) >= 2:
        (alone,) = found[-1].eligible
        assert any(chips[p] == chips[alone] for p in chips if p not in live)
    assert all(p.amount > 0 for p in found)


# --------------------------------------------------------------------------------------------
# heads-up hold'em


def test_heads_up_on_the_flop():
    """Aces (a set) against kings (a set) on Ah Kh 2c: the kings win only with the last king and
    not the last ace, 43 of the C(45, 2) = 990 runouts; no flush or straight can come."""
    r = allin_ev("holdem", {"A": 100, "B": 100}, {"A": "As Ad", "B": "Kc Kd"}, "Ah Kh 2c")
    assert r.pots == (Pot(200, frozenset("AB")),)
    assert r.shares == ({"A": F(947, 990), "B": F(43, 990)},)
    assert r.gross == {"A": 200 * F(947, 990), "B": 200 * F(43, 990)}
    assert r.net == {"A": 200 * F(947, 990) - 100, "B": 200 * F(43, 990) - 100}
    assert r.balanced


def test_heads_up_on_the_turn_with_the_uncalled_bet_back():
    """AsKs has the flush; the set of queens fills up on 10 rivers of 44 (three sevens, three
    deuces, three nines, the last queen). B bet 500 into A's 300 all-in: 200 go back to B."""
    r = allin_ev("holdem", {"A": 300, "B": 500}, {"A": "AsKs", "B": "QhQc"}, "Qs 7s 2d 9s")
    assert r.pots == (Pot(600, frozenset("AB")),)
    assert r.returned == {"A": 0, "B": 200} and r.put_in == {"A": 300, "B": 300}
    assert r.net == {"A": 600 * F(34, 44) - 300, "B": 600 * F(10, 44) - 300}
    assert r.balanced
    on_the_river = realized("holdem", {"A": 300, "B": 500}, {"A": "AsKs", "B": "QhQc"}, "Qs 7s 2d 9s 9c")
    assert on_the_river.net == {"A": -300, "B": 300}  # the board pairs: queens full


# --------------------------------------------------------------------------------------------
# three-way: a short stack, dead money, the uncalled bet

# Board Kh 8d 5c 2s (rainbow: no flush; no straight on one card), 42 rivers. S holds aces, A
# king-queen (top pair), B eight-seven (middle pair):
#   main pot (S, A, B): A wins on a king or a queen (2 + 3 = 5 rivers: trips, two pair), B on an
#     eight or a seven (2 + 3 = 5: trips, two pair), S on the other 32 (an ace, or a five or a
#     deuce pairing the board: aces up beat A's kings up and B's eights up);
#   side pot (A, B): B wins on his 5 rivers, A on the other 37.
# S is all-in for 140, A for 350, B bet 600 (250 come back), F called 42 and folded:
#   main pot 3 * 140 + 42 = 462 = 11 a river, side pot 2 * 210 = 420 = 10 a river;
#   S: 32 * 11 - 140 = 212;  A: 5 * 11 + 37 * 10 - 350 = 75;  B: 5 * 11 + 5 * 10 - 350 = -245;
#   F: -42; and 212 + 75 - 245 - 42 = 0.
THREE_WAY = dict(
    game="holdem",
    contributions={"S": 140, "A": 350, "B": 600, "F": 42},
    hands={"S": "As Ad", "A": "Kd Qd", "B": "8h 7h"},
)


def test_three_way_by_hand():
    r = allin_ev(**THREE_WAY, board="Kh 8d 5c 2s")
    assert r.pots == (Pot(462, frozenset("SAB")), Pot(420, frozenset("AB")))
    assert r.shares == ({"S": F(32, 42), "A": F(5, 42), "B": F(5, 42)}, {"A": F(37, 42), "B": F(5, 42)})
    assert r.returned == {"S": 0, "A": 0, "B": 250, "F": 0}
    assert r.net == {"S": 212, "A": 75, "B": -245, "F": -42}
    assert r.gross == {"S": 352, "A": 425, "B": 105, "F": 0}
    assert r.balanced


def test_the_short_stack_wins_the_main_pot_and_loses_the_side_pot():
    r = realized(**THREE_WAY, final_board="Kh 8d 5c 2s 9c")
    assert r.shares == ({"S": 1, "A": 0, "B": 0}, {"A": 1, "B": 0})
    assert r.net == {"S": 462 - 140, "A": 420 - 350, "B": -350, "F": -42}
    assert r.balanced


def spot_board_runouts(spot, board):
    """Every last card of a turn spot, each a final board."""
    known = set(cards(board)) | {c for h in spot["hands"].values() for c in cards(h)}
    return [f"{board} {cards_text([c])}" for c in range(52) if c not in known]


# Omaha hi-lo, board 2c 3d 8h Kc, 36 rivers. P1 and P2 both hold A-4 (the same low on every
# river: the low half of every pot they share is quartered); P3 holds KK99 (a set of kings):
#   high: P3 on 32 rivers; on a five (4 rivers) P1 and P2 both make the wheel (A-4 with 2, 3, 5),
#     which also beats P3 for the high (quads need the Ks, full houses a pair on the board);
#   main pot (P1 all-in for 60, P2 and P3 100 each: 180): P1 and P2 each take a quarter (half
#     the low) on 32 rivers and half the pot on the 4 fives: 32/36 * 1/4 + 4/36 * 1/2 = 5/18;
#     P3 half on 32 rivers, 32/36 * 1/2 = 4/9;
#   side pot (P2, P3: 80): P2 has the only low, half on 32 rivers and all on 4: 5/9; P3 4/9;
#   P1: 180 * 5/18 - 60 = -10;  P2: 50 + 80 * 5/9 - 100 = -50/9;  P3: 80 + 80 * 4/9 - 100 = 140/9.
HI_LO = dict(
    game="omaha-hi-lo",
    contributions={"P1": 60, "P2": 100, "P3": 100},
    hands={"P1": "Ah 4h Qd Jc", "P2": "Ad 4c Qs Jh", "P3": "Kd Kh 9c 9d"},
)


def test_hi_lo_quartering_by_hand():
    r = allin_ev(**HI_LO, board="2c 3d 8h Kc")
    assert r.pots == (Pot(180, frozenset({"P1", "P2", "P3"})), Pot(80, frozenset({"P2", "P3"})))
    assert r.shares == ({"P1": F(5, 18), "P2": F(5, 18), "P3": F(4, 9)}, {"P2": F(5, 9), "P3": F(4, 9)})
    assert r.net == {"P1": -10, "P2": F(-50, 9), "P3": F(140, 9)}
    assert r.balanced
    # on the Ks the lows tie (quartered), P3's quads take the high halves
    end = realized(**HI_LO, final_board="2c 3d 8h Kc Ks")
    assert end.shares == ({"P1": F(1, 4), "P2": F(1, 4), "P3": F(1, 2)}, {"P2": F(1, 2), "P3": F(1, 2)})
    assert end.net == {"P1": 45 - 60, "P2": 45 + 40 - 100, "P3": 90 + 40 - 100}
    # on a five the wheel scoops both halves: P1 and P2 split the main pot, P2 takes the side
    end = realized(**HI_LO, final_board="2c 3d 8h Kc 5s")
    assert end.shares == ({"P1": F(1, 2), "P2": F(1, 2), "P3": 0}, {"P2": 1, "P3": 0})


@pytest.mark.parametrize("spot, board", [(THREE_WAY, "Kh 8d 5c 2s"), (HI_LO, "2c 3d 8h Kc")])
def test_the_ev_is_the_average_realized_result(spot, board):
    """EV by its definition: the realized result averaged over every river, equally likely."""
    ev = allin_ev(**spot, board=board)
    ends = [realized(**spot, final_board=b) for b in spot_board_runouts(spot, board)]
    assert all(end.balanced for end in ends)
    for player in ev.net:
        assert ev.net[player] == sum(end.net[player] for end in ends) / len(ends)


# --------------------------------------------------------------------------------------------
# ties


def test_a_board_that_plays_splits_every_pot():
    """Everyone plays the board's royal flush (or, on the turn, the same two ranks with a
    board of spades nobody can use): the main pot in three, the side pot in two, and each
    player gets back what he put in plus a third of F's dead 42."""
    tied = dict(THREE_WAY, hands={"S": "2c 3d", "A": "2d 3c", "B": "2h 3h"})
    end = realized(**tied, final_board="As Ks Qs Js Ts")
    assert end.shares == ({"S": F(1, 3), "A": F(1, 3), "B": F(1, 3)}, {"A": F(1, 2), "B": F(1, 2)})
    assert end.net == {"S": 14, "A": 14, "B": 14, "F": -42}
    ev = allin_ev(**tied, board="As Ks Qs Js")
    assert ev.shares == end.shares and ev.net == end.net and ev.balanced


# --------------------------------------------------------------------------------------------
# run it twice


@pytest.mark.parametrize(
    "spot, board",
    [
        (THREE_WAY, "Kh 8d 5c 2s"),
        (dict(game="holdem", contributions=[100, 100], hands={0: "As Ad", 1: "Kc Kd"}), "Ah Kh 2c"),
    ],
)
def test_run_it_twice_keeps_the_ev(spot, board):
    once, twice = allin_ev(**spot, board=board), allin_ev(**spot, board=board, boards=2)
    assert twice.shares == once.shares and twice.net == once.net and twice.balanced


def test_run_it_twice_realizes_the_average_of_the_boards():
    first, second = "Kh 8d 5c 2s 9c", "Kh 8d 5c 2s 7c"  # S scoops the main pot / B wins both
    both = realized(**THREE_WAY, final_board=[first, second])
    one, other = realized(**THREE_WAY, final_board=first), realized(**THREE_WAY, final_board=second)
    assert other.shares == ({"S": 0, "A": 0, "B": 1}, {"A": 0, "B": 1})
    for player in both.net:
        assert both.net[player] == (one.net[player] + other.net[player]) / 2
    assert both.net == {"S": 231 - 140, "A": 210 - 350, "B": 231 + 210 - 350, "F": -42}
    assert both.balanced


def test_run_it_twice_from_the_flop_shares_the_flop_only():
    with pytest.raises(ValueError, match="twice"):
        realized(**THREE_WAY, final_board=["Kh 8d 5c 2s 9c", "Kh 8d 5c 9c 3d"])  # 9c on both
    with pytest.raises(ValueError, match="no board"):
        allin_ev("stud", [1, 1], {0: "As Ad Ah Kc Kd 2s", 1: "9h Th Jh Qh 3h 4c"}, boards=2)


# --------------------------------------------------------------------------------------------
# stud, razz, draw

# Sixth street, 18 cards known, 34 live. P0 (all-in for 100) has four sevens; P1 (300) aces full
# of kings, quads with the Ac; P2 (300) a heart flush, a straight flush with the Kh or the 8h.
#   main pot (300): P2 wins when his seventh card is one of 2 of 34 (1/17 = 66/1122); else P1
#     when his is the Ac: 1/34 * 31/33 = 31/1122; else P0: 1 - 97/1122 = 1025/1122;
#   side pot (P1, P2: 400): P2 with 2 of the 34 cards left once P0's six are out (1/17).
STUD = dict(
    game="stud",
    contributions=[100, 300, 300],
    hands={0: "7c 7d 7h 7s 5c 6c", 1: "As Ad Ah Kc Kd 2s", 2: "9h Th Jh Qh 3h 4c"},
)


def test_stud_on_sixth_street_by_hand():
    r = allin_ev(**STUD)
    main, side = F(300), F(400)
    assert r.shares == ({0: F(1025, 1122), 1: F(31, 1122), 2: F(66, 1122)}, {1: F(16, 17), 2: F(1, 17)})
    assert r.net == {
        0: main * F(1025, 1122) - 100,
        1: main * F(31, 1122) + side * F(16, 17) - 300,
        2: main * F(66, 1122) + side * F(1, 17) - 300,
    }
    assert r.balanced
    end = realized(
        **dict(STUD, hands={0: "7c 7d 7h 7s 5c 6c 2d", 1: "As Ad Ah Kc Kd 2s Ac", 2: "9h Th Jh Qh 3h 4c 9c"})
    )
    assert end.net == {0: -100, 1: 400, 2: -300}


def test_a_side_pot_with_the_other_hands_dead_is_every_card_dealt():
    """The side pot's shares, P0's six cards dead, against the truth: P0's seventh card dealt
    too, each of the 34 equally likely and the two others' then dealt from the 33 left, the
    shares averaged over it (the law of total probability). With P0's cards left in the deck
    the straight flush draw would have 2 outs of 40, not 34."""
    side = allin_ev(**STUD).shares[1]
    hands = STUD["hands"]
    known = {c for h in hands.values() for c in cards(h)}
    sevenths = [cards_text([c]) for c in range(52) if c not in known]
    given = [equity("stud", [hands[1], hands[2]], dead=f"{hands[0]} {x}").players for x in sevenths]
    assert side == {p: sum(g[i].equity for g in given) / len(given) for i, p in enumerate((1, 2))}
    assert equity("stud", [hands[1], hands[2]]).players[1].equity == F(2, 40) != side[2]


def test_razz_on_sixth_street():
    """P1 has the wheel; P2 ties it with a five (3 of 40 cards), else loses: 3/40 * 1/2."""
    r = allin_ev("razz", {"P1": 250, "P2": 250}, {"P1": "Ac 2d 3h 4s 5c Kd", "P2": "Ad 2c 3s 4h Qc Kc"})
    assert r.shares == ({"P1": F(77, 80), "P2": F(3, 80)},)
    assert r.net == {"P1": 500 * F(77, 80) - 250, "P2": 500 * F(3, 80) - 250}
    tie = realized(
        "razz", {"P1": 250, "P2": 250}, {"P1": "Ac 2d 3h 4s 5c Kd Ks", "P2": "Ad 2c 3s 4h Qc Kc 5d"}
    )
    assert tie.net == {"P1": 0, "P2": 0}


def test_a_draw_kept_cards():
    """2-7 single draw: P1 stands pat with 7-5-4-3-2, the best hand; P2 keeps 5-4-3-2 and ties
    with a seven, 3 of 43 cards: 3/43 * 1/2."""
    r = allin_ev("2-7-single-draw", [40, 40, 10], {0: "2c 3d 4h 5s 7c", 1: "2d 3h 4s 5c"})
    assert r.pots == (Pot(90, frozenset({0, 1})),)
    assert r.shares == ({0: F(83, 86), 1: F(3, 86)},)
    assert r.net == {0: 90 * F(83, 86) - 40, 1: 90 * F(3, 86) - 40, 2: -10}
    assert r.balanced


# --------------------------------------------------------------------------------------------
# bad input


def test_bad_spots_are_refused():
    hu = {"game": "holdem", "contributions": [100, 100]}
    with pytest.raises(ValueError, match="held twice"):
        allin_ev(**hu, hands={0: "As Ad", 1: "As Kd"})
    with pytest.raises(ValueError, match="held twice"):
        allin_ev(**hu, hands={0: "As Ad", 1: "Kc Kd"}, board="Ad 2c 3c")
    with pytest.raises(ValueError, match="not complete"):
        realized(**hu, hands={0: "As Ad", 1: "Kc Kd"}, final_board="Ah Kh 2c 3c")
    with pytest.raises(ValueError, match="known cards"):
        allin_ev(**hu, hands={0: "As Ad", 1: "QQ"}, board="Ah Kh 2c")
    with pytest.raises(ValueError, match="unknown game"):
        allin_ev("holdem-hi", [1, 1], {0: "As Ad", 1: "Kc Kd"})
    with pytest.raises(ValueError, match="at least once"):
        allin_ev(**hu, hands={0: "As Ad", 1: "Kc Kd"}, board="Ah Kh 2c", boards=0)


def test_random_spots_lose_nothing():
    """The players' EVs sum to zero and their expected chips to the pots, on random hold'em and
    Omaha hi-lo turn spots with random stacks and folded players."""
    rng = random.Random(56)
    for game, hole in [("holdem", 2), ("omaha-hi-lo", 4)] * 3:
        deck = rng.sample(range(52), 4 + 3 * hole)
        board, rest = deck[:4], deck[4:]
        n_live = rng.randint(2, 3)
        hands = {p: cards_text(rest[p * hole : (p + 1) * hole]) for p in range(n_live)}
        contributions = [rng.choice([30, 75, 200, 200, 500]) for _ in range(n_live + rng.randint(0, 2))]
        r = allin_ev(game, contributions, hands, board=cards_text(board))
        assert r.balanced and sum(r.net.values()) == 0
        assert sum(r.gross.values()) == sum(p.amount for p in r.pots) == sum(put_in(contributions).values())
