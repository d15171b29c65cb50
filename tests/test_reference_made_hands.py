"""Self-tests of the slow made-hands reference (tests/reference/made_hands.py): hand-worked cases
from the definitions of docs/made-hands.md, each written out with the reasoning in a comment."""

from reference.games import parse_cards
from reference.made_hands import (
    FIELDS,
    backdoor_straight_pairs,
    hand_on_board,
    made_order,
    windows,
)

R = {ch: i for i, ch in enumerate("23456789TJQKA")}


def ref(hand, board, deal="holdem"):
    return hand_on_board(
        parse_cards(" ".join(hand[i : i + 2] for i in range(0, len(hand), 2))), parse_cards(board), deal
    )


def ranks(text):
    return [R[ch] for ch in text]


NO_DRAWS = {
    "flush_draw": "",
    "nut_flush_draw": False,
    "straight_draw": "",
    "straight_outs": 0,
    "backdoor_flush_draw": False,
    "backdoor_straight_draw": False,
    "overcards": False,
}


def check(result, **expected):
    for field, value in expected.items():
        assert result[field] == value, (field, result[field], value)


def test_windows_and_order():
    assert len(windows("holdem")) == 10 and len(windows("short-deck")) == 6
    assert frozenset(ranks("A6789")) in windows("short-deck")
    assert frozenset(ranks("A2345")) in windows("holdem")
    assert frozenset(ranks("A2345")) not in windows("short-deck")
    assert made_order("holdem")[:5] == ("straight flush", "four of a kind", "full house", "flush", "straight")
    assert made_order("short-deck")[:5] == (
        "straight flush",
        "four of a kind",
        "flush",
        "full house",
        "straight",
    )
    assert made_order("omaha")[-3:] == ("weak pair", "ace high", "no made hand")


def test_fields_present():
    assert set(FIELDS) <= set(ref("AhKh", "Qh 7h 2c"))


# --------------------------------------------------------------------------------------------
# straight draws, hold'em


def test_open_ended():
    # 9-8 + 7-6: a ten makes 6-T, a five 5-9 (adjacent windows); 4 + 4 unseen cards.
    r = ref("9c8c", "7d 6s 2h")
    check(r, made="no made hand", category="HIGH_CARD", straight_draw="open-ended", straight_outs=8)
    assert r["out_ranks"] == ranks("5T")
    # both hole cards above the top rank 7, no made hand: overcards
    assert r["overcards"] is True


def test_four_in_a_row_with_a_card_above_is_open_ended():
    # J-T + 9-8: a queen makes 8-Q (and 9-K with the king), a seven 7-J; 8-Q and 7-J share
    # 8-9-T-J, so open-ended -- the king on the board changes nothing.
    r = ref("JdTd", "Ks 9c 8h")
    check(r, straight_draw="open-ended", straight_outs=8, overcards=False)
    assert r["out_ranks"] == ranks("7Q")


def test_double_gutter():
    # 5-7-8-9-J: a six makes 5-9, a ten 7-J (not 6-T: no six); 5-9 and 7-J share 7-8-9 only.
    r = ref("5c7d", "Jh 9s 8d")
    check(r, straight_draw="double gutter", straight_outs=8)
    assert r["out_ranks"] == ranks("6T")


def test_gutshot_and_wheel():
    # 5-4 + A-3: a deuce makes A-2-3-4-5, and nothing else makes a straight.
    r = ref("5c4c", "Ah 3d Kc")
    check(r, made="no made hand", straight_draw="gutshot", straight_outs=4, backdoor_flush_draw=True)
    # 5-4 + 3-2: an ace makes A-5, a six 2-6 (adjacent): open-ended.
    r = ref("5c4d", "3h 2s Kc")
    check(r, straight_draw="open-ended", straight_outs=8)
    assert r["out_ranks"] == ranks("6A")


def test_one_ended_draw_is_a_gutshot():
    # J-T + A-K: only a queen (T-A). One out rank: gutshot, 4 outs.
    check(ref("JcTd", "Ah Kd 4s"), straight_draw="gutshot", straight_outs=4, made="no made hand")


def test_board_straight_cards_are_not_outs():
    # 9-8-7-6 on the board: a ten or a five makes a straight of the board and the card alone,
    # which the hand does not need; with a jack in the hand a ten also makes 7-J: the ten only.
    check(ref("2c2d", "9h 8d 7c 6s"), straight_draw="", straight_outs=0, made="weak pair")
    r = ref("Jc2d", "9h 8d 7c 6s")
    check(r, straight_draw="gutshot", straight_outs=4)
    assert r["out_ranks"] == ranks("T")


def test_made_straight_has_no_straight_draw():
    # T-9 on 8-7-6: a straight; a straight draw is only counted below a straight.
    r = ref("Th9h", "8h 7h 6c")
    check(r, made="straight", category="STRAIGHT", straight_draw="", straight_outs=0)
    # but the flush draw is counted (a straight is below a flush), two cards, and Ah is out
    check(r, flush_draw="two cards", nut_flush_draw=False, backdoor_flush_draw=False)


def test_made_flush_has_no_draws():
    # A-K of hearts on three hearts: a flush. No flush draw, and no backdoor straight (J-T would
    # make one, but a straight is below the flush).
    assert backdoor_straight_pairs(parse_cards("Ah Kh"), parse_cards("Qh 7h 2h"), "holdem")
    check(ref("AhKh", "Qh 7h 2h"), made="flush", category="FLUSH", **{**NO_DRAWS, "overcards": False})


# --------------------------------------------------------------------------------------------
# flush draws


def test_flush_draws():
    check(ref("AhKh", "Qh 7h 2c"), flush_draw="two cards", nut_flush_draw=True, overcards=True)
    # one card: Kh + three hearts on the board; the ace is not on the board and not held
    check(ref("Kh2c", "Qh 7h 3h"), flush_draw="one card", nut_flush_draw=False)
    # the ace on the board: the king is the highest heart not on the board
    check(ref("KhJh", "Ah 7h 2c"), flush_draw="two cards", nut_flush_draw=True)
    check(ref("QhJh", "Ah 7h 2c"), flush_draw="two cards", nut_flush_draw=False)
    # four of a suit on the board, none in the hand: no flush draw
    check(ref("Ac2d", "Qh 7h 3h 4h"), flush_draw="", nut_flush_draw=False)


def test_backdoor_flush():
    # one suited card with two on the flop: three hearts
    check(ref("Ah2c", "Kh 7h 3d"), backdoor_flush_draw=True)
    # three on the flop, none in the hand: nothing
    check(ref("2c3d", "Kh 7h 4h"), backdoor_flush_draw=False, flush_draw="")
    # turn: no backdoor draws
    check(ref("AhKh", "Qh 7c 2c 3d"), backdoor_flush_draw=False, backdoor_straight_draw=False)


def test_backdoor_straight():
    # A-Q on K-K-5: a jack and a ten make T-A. No overcards (the queen is below the king).
    r = ref("AhQd", "Kd Kh 5s")
    check(
        r,
        made="ace high",
        board_made="pair",
        category="ONE_PAIR",
        backdoor_straight_draw=True,
        overcards=False,
    )
    assert (R["T"], R["J"]) in backdoor_straight_pairs(
        parse_cards("Ah Qd"), parse_cards("Kd Kh 5s"), "holdem"
    )
    # A-9 on 8-7-2: T-J, 6-T or 5-6
    pairs = backdoor_straight_pairs(parse_cards("Ah 9h"), parse_cards("8c 7d 2s"), "holdem")
    assert {(R["T"], R["J"]), (R["6"], R["T"]), (R["5"], R["6"])} <= pairs
    check(ref("Ah9h", "8c 7d 2s"), backdoor_straight_draw=True, overcards=True, made="ace high")
    # no backdoor straight when there is a straight draw
    check(ref("9c8c", "7d 6s 2h"), backdoor_straight_draw=False)
    # 6-6 on K-8-3: every window misses three ranks
    check(ref("6s6d", "Kh 8c 3c"), made="weak pair", **NO_DRAWS)


# --------------------------------------------------------------------------------------------
# made hands


def test_made_hands_pairs():
    check(ref("9s9d", "9c 7h 2s"), made="set", category="THREE_OF_A_KIND", **NO_DRAWS)
    check(ref("Ks7c", "Kd Kh 5s"), made="trips", board_made="pair", **NO_DRAWS)
    check(ref("AcAd", "Kh 8c 3c"), made="overpair", backdoor_flush_draw=True)
    check(ref("JcJd", "Kh 8c 3c"), made="pocket pair below top pair", backdoor_flush_draw=True)
    # K-K-5: top K, second 5; 7-7 is between them, 3-3 below the second rank
    check(ref("7c7d", "Kd Kh 5s"), made="pocket pair below top pair", category="TWO_PAIR")
    check(ref("3c3d", "Kd Kh 5s"), made="weak pair")
    # a 5 pairs the second rank of K-K-5: middle pair
    check(ref("5c2d", "Kd Kh 5s"), made="middle pair", category="TWO_PAIR")
    check(ref("AcKd", "Kh 7h 2c"), made="top pair", overcards=False)
    check(ref("Ac7d", "Kh 7h 2c"), made="middle pair")
    check(ref("Ac2d", "Kh 7h 2c"), made="weak pair")
    # turn: the third and fourth ranks are weak pairs
    check(ref("4c2d", "Kh 9h 7c 4d"), made="weak pair")
    check(ref("Kc4s", "Kh 9h 7c 4d"), made="two pair")
    check(ref("AcKd", "Qh 7h 2c"), made="ace high", overcards=True)
    check(ref("QcJd", "Th 7h 2c"), made="no made hand", overcards=True)


def test_made_hands_full_house_and_board_quads():
    # K-7 on K-K-7-7: hold'em makes a full house
    check(ref("Kc2d", "Kd Kh 7c 7s"), made="full house", category="FULL_HOUSE", board_made="two pair")
    # board quads: four of a kind from the board is skipped in step 1
    check(
        ref("5c5d", "9c 9d 9h 9s"),
        made="pocket pair below top pair",
        category="FOUR_OF_A_KIND",
        board_made="four of a kind",
    )
    check(ref("AcAd", "9c 9d 9h 9s"), made="overpair")
    check(ref("AcQd", "9c 9d 9h 9s"), made="ace high", overcards=True)
    check(ref("8c2d", "9c 9d 9h 9s"), made="no made hand", overcards=False)
    # pocket pair on a trips board: a full house
    check(ref("5c5d", "7c 7d 7h"), made="full house", board_made="three of a kind")
    # a hole card making quads with board trips
    check(ref("7s2d", "7c 7d 7h"), made="four of a kind", category="FOUR_OF_A_KIND")


def test_short_deck():
    # A-6-7-8-9 is a straight in short deck
    check(ref("8c9d", "Ah 6c 7d", "short-deck"), made="straight", category="STRAIGHT", straight_outs=0)
    # 9-8 + 7-6: an ace makes A-6-7-8-9, a ten 6-T (adjacent): open-ended, 8 outs
    r = ref("9c8d", "Ks 7h 6d", "short-deck")
    check(r, straight_draw="open-ended", straight_outs=8)
    assert r["out_ranks"] == ranks("TA")
    # T-9 + A-6-7: only an eight (A-6-7-8-9 and 6-T): one out rank
    check(ref("Tc9d", "Ah 6c 7d", "short-deck"), straight_draw="gutshot", straight_outs=4)
    # a flush is a flush in short deck too; A-K on the king's flop with no other hearts
    check(ref("AhKh", "Qh 7h 6h", "short-deck"), made="flush", category="FLUSH")


# --------------------------------------------------------------------------------------------
# Omaha


def test_omaha_wraps():
    # Q-J-T-9 on 8-7-2: with the 8 and the 7 of the board, a six makes 6-T (hold T-9), a jack
    # 7-J (hold T-9), a ten 7-J (hold J-9), a nine 7-J (hold J-T); a queen needs 8-Q, which has
    # one board card only. Unseen: four sixes, and three each of J, T, 9 (one in the hand):
    # 4 + 3 + 3 + 3 = 13.
    r = ref("QsJsTs9d", "8h 7c 2s", "omaha")
    check(
        r,
        made="no made hand",
        straight_draw="wrap",
        straight_outs=13,
        backdoor_flush_draw=True,
        overcards=True,
    )
    assert r["out_ranks"] == ranks("69TJ")
    # J-T-7-6 on 9-8-2, the classic 20-out wrap: with the 9 and the 8, a five 5-9 (hold 7-6),
    # a six, seven or ten 6-T (holds 7-T, T-6, 7-6), a jack 7-J (hold T-7), a queen 8-Q (hold
    # J-T). 9-K would need two board cards in it. Out ranks 5, 6, 7, T, J, Q: 4 + 3 + 3 + 3 + 3
    # + 4 = 20.
    r = ref("JhTd7c6s", "9d 8s 2c", "omaha")
    check(r, straight_draw="wrap", straight_outs=20)
    assert r["out_ranks"] == ranks("567TJQ")
    # J-T-8-7 on 9-6-2: with 9 and 6, 5-9 (hold 8-7 + a five), 6-T (8-7 + ten, T-8 + seven,
    # T-7 + eight): 4 + 3 + 3 + 3 = 13.
    r = ref("JhTd8c7s", "9h 6c 2d", "omaha")
    check(r, straight_draw="wrap", straight_outs=13)
    assert r["out_ranks"] == ranks("578T")


def test_omaha_two_and_three():
    # K-2 on K-K-7-7: two from the hand and three from the board cannot make a full house with a
    # single king: trips (the page's example)
    check(
        ref("Kc2d3h4s", "Kd Kh 7c 7s", "omaha"),
        made="trips",
        category="THREE_OF_A_KIND",
        board_made="two pair",
    )
    # one heart in the hand on three hearts: no flush and no flush draw; no straight either
    # (A-2-3-4-5 would need three board cards in it, and the board holds only the five)
    check(ref("Ah2c3c4d", "Qh 7h 5h", "omaha"), flush_draw="", category="HIGH_CARD", made="ace high")


def test_omaha_flush_draws():
    # three hearts in the hand, two on the board: a flush draw (two cards), the ace held: nut
    check(ref("AhKh9h2c", "Qh 7h 3d", "omaha"), flush_draw="two cards", nut_flush_draw=True)
    # two of a suit on the board, one in the hand: nothing; backdoor needs exactly one on the flop
    check(ref("Ah2c3c4d", "Qh 7h 3d", "omaha"), flush_draw="", backdoor_flush_draw=False)
    check(ref("AhKh2c4d", "Qh 7s 3d", "omaha"), backdoor_flush_draw=True, flush_draw="")
    # a monotone flop gives an Omaha hand no flush draw
    check(ref("AhKh2c4d", "Qs 7s 3s", "omaha"), flush_draw="", backdoor_flush_draw=False)


def test_omaha_made_hand_is_the_best_hold():
    # holds A-A (overpair), A-K and K-2 (top pair), A-2 (ace high): the best is the overpair
    check(ref("AcAdKs2h", "Kh 8c 3d", "omaha"), made="overpair", category="ONE_PAIR")
    # with K-8 held: two pair comes before overpair
    check(ref("AcAdKs8h", "Kh 8c 3d", "omaha"), made="two pair", category="TWO_PAIR")
    # no hold with a board rank, an ace held: ace high, overcards (A and Q above J)
    check(ref("AcQd5s4h", "Jh 8c 3d", "omaha"), made="ace high", overcards=True)
