"""Made hands and draws (docs/made-hands.md): `hand_on_board` on the page's worked examples (read
from the page itself, so the two cannot drift) and on cases worked out by hand from the page's
definitions; `breakdown`'s counts on a range worked out by counting, its invariants (the made
hands partition the range, "X or better" accumulates, weights and card removal as `equity`'s),
`narrow`, the Omaha and short-deck deals, bad input and the command line."""

import json
import re
from pathlib import Path

import numpy as np
import pytest

import pokerlut
from pokerlut import Category
from pokerlut.cli import main

DOC = Path(__file__).resolve().parents[1] / "docs" / "made-hands.md"
MADE_ORDER = (
    "straight flush",
    "four of a kind",
    "full house",
    "flush",
    "straight",
    "set",
    "trips",
    "two pair",
    "overpair",
    "top pair",
    "pocket pair below top pair",
    "middle pair",
    "weak pair",
    "ace high",
    "no made hand",
)
STRAIGHT_KINDS = ("gutshot", "open-ended", "double gutter", "wrap")


def _split_top_level(text: str) -> list[str]:
    """'a (b, c), d' -> ['a (b, c)', 'd']: commas outside parentheses."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return [p for p in parts if p]


def worked_examples() -> list[dict]:
    """The rows of the page's worked-examples table, as the page writes them."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Worked examples", 1)[1]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    header = [cell.strip() for cell in rows[0].strip("|").split("|")]
    assert header == ["hand", "board", "made hand", "board's own", "draws"], header
    examples = []
    for line in rows[2:]:
        hand, board, made, own, draws = (cell.strip() for cell in line.strip("|").split("|"))
        deal = "holdem"
        if hand.endswith("(Omaha)"):
            hand, deal = hand[: -len("(Omaha)")].strip(), "omaha"
        examples.append(dict(hand=hand, board=board, deal=deal, made=made, own=own, draws=draws))
    return examples


def expected_draws(text: str) -> dict:
    """The draws column read: the draw names (in any order), the flush draw's kind, the
    straight draw and its straight outs."""
    found = {"names": set(), "flush_draw": "", "straight_draw": "", "straight_outs": 0}
    if text == "none":
        return found
    for part in _split_top_level(text):
        if part.startswith("not "):  # a remark: "not overcards: Q is below K"
            continue
        name, _, detail = part.partition(" (")
        detail = detail.rstrip(")")
        found["names"].add(name)
        if name == "flush draw":
            found["flush_draw"] = detail
        if name in STRAIGHT_KINDS:
            found["straight_draw"] = name
            found["straight_outs"] = int(re.search(r"(\d+) straight outs", detail).group(1))
    return found


EXAMPLES = worked_examples()


def test_the_page_has_its_examples():
    assert len(EXAMPLES) >= 12
    assert {e["deal"] for e in EXAMPLES} == {"holdem", "omaha"}


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"{e['hand']}-{e['board']}" for e in EXAMPLES])
def test_worked_examples_of_the_page(example):
    h = pokerlut.hand_on_board(example["hand"], example["board"], deal=example["deal"])
    want = expected_draws(example["draws"])
    assert h.made == example["made"]
    assert h.board_made == example["own"]
    assert set(h.draws) == want["names"]
    assert h.flush_draw == want["flush_draw"]
    assert h.straight_draw == want["straight_draw"]
    assert h.straight_outs == want["straight_outs"]


# Worked out by hand from the page's definitions: (hand, board, deal) -> the attributes
# expected; those not named are "", 0 or False (category: always named).
CASES = [
    # board quads on the turn: step 1 does not take the board's four of a kind
    ("AhQd", "Kc Kd Kh Ks", "holdem", dict(category=Category.FOUR_OF_A_KIND, made="ace high")),
    (
        "8s8d",
        "Kc Kd Kh Ks",
        "holdem",
        dict(category=Category.FOUR_OF_A_KIND, made="pocket pair below top pair"),
    ),
    ("AsAd", "Kc Kd Kh Ks", "holdem", dict(category=Category.FOUR_OF_A_KIND, made="overpair")),
    ("KsQs", "Kd Qh 5c", "holdem", dict(category=Category.TWO_PAIR, made="two pair")),
    ("As5s", "Kd 5h 5c", "holdem", dict(category=Category.THREE_OF_A_KIND, made="trips")),
    ("Ah5d", "Kd Kh 5s", "holdem", dict(category=Category.TWO_PAIR, made="middle pair")),
    ("9h9d", "Kc 8c 8d", "holdem", dict(category=Category.TWO_PAIR, made="pocket pair below top pair")),
    ("7h7d", "Kc 8c 8d", "holdem", dict(category=Category.TWO_PAIR, made="weak pair")),
    ("Qc2d", "Kh Qs 5c 2s", "holdem", dict(category=Category.TWO_PAIR, made="two pair")),
    ("Js4d", "Kh Qs 5c 4s", "holdem", dict(category=Category.ONE_PAIR, made="weak pair")),
    ("KsKd", "Kh 7c 7d", "holdem", dict(category=Category.FULL_HOUSE, made="full house")),
    # a flush: no flush draw, and no backdoor straight (a draw to a lower category)
    ("AhTh", "Kh 7h 2h", "holdem", dict(category=Category.FLUSH, made="flush")),
    ("9c8d", "7h 6s 5c", "holdem", dict(category=Category.STRAIGHT, made="straight")),
    # one-card flush draws, the nut one with the ace, and the nut one when the ace is on board
    (
        "Ah3c",
        "Kh 8h 2h",
        "holdem",
        dict(
            category=Category.HIGH_CARD,
            made="ace high",
            flush_draw="one card",
            nut_flush_draw=True,
            backdoor_straight_draw=True,
        ),
    ),
    (
        "Qh3c",
        "Kh 8h 2h",
        "holdem",
        dict(category=Category.HIGH_CARD, made="no made hand", flush_draw="one card"),
    ),
    (
        "Kh4h",
        "Ah 8h 2c",
        "holdem",
        dict(
            category=Category.HIGH_CARD,
            made="no made hand",
            flush_draw="two cards",
            nut_flush_draw=True,
            backdoor_straight_draw=True,
        ),
    ),
    # straight draws: the wheel, and a straight that needs a hole card
    (
        "Ac4d",
        "5h 3s Kd 9c",
        "holdem",
        dict(category=Category.HIGH_CARD, made="ace high", straight_draw="gutshot", straight_outs=4),
    ),
    (
        "4c3d",
        "5h 6s Kd",
        "holdem",
        dict(category=Category.HIGH_CARD, made="no made hand", straight_draw="open-ended", straight_outs=8),
    ),
    ("Ac2d", "9h 8s 7d 6c", "holdem", dict(category=Category.HIGH_CARD, made="ace high")),
    (
        "Jc2d",
        "9h 8s 7d 6c",
        "holdem",
        dict(category=Category.HIGH_CARD, made="no made hand", straight_draw="gutshot", straight_outs=4),
    ),
    # short deck: A-6-7-8-9 is a straight, and adjacent to 6-T; trips below or above a straight
    (
        "7s6s",
        "9d 8c Kh",
        "short-deck",
        dict(category=Category.HIGH_CARD, made="no made hand", straight_draw="open-ended", straight_outs=8),
    ),
    (
        "AhKd",
        "9s 8c 7h",
        "short-deck",
        dict(
            category=Category.HIGH_CARD,
            made="ace high",
            straight_draw="gutshot",
            straight_outs=4,
            overcards=True,
        ),
    ),
    (
        "Ts9s",
        "9d 9c 8h 7s",
        "holdem",
        dict(category=Category.THREE_OF_A_KIND, made="trips", straight_draw="open-ended", straight_outs=8),
    ),
    (
        "Ts9s",
        "9d 9c 8h 7s",
        "short-deck",
        dict(category=Category.THREE_OF_A_KIND, made="trips", straight_draw="open-ended", straight_outs=8),
    ),
    ("Ts9s", "9d 9c 8h 7s", "short-deck-trips", dict(category=Category.THREE_OF_A_KIND, made="trips")),
    # Omaha: two cards from the hand, three from the board
    ("Ks2h9c4d", "Kh Kd 7s 7c", "omaha", dict(category=Category.THREE_OF_A_KIND, made="trips")),
    (
        "AhKh5c6d",
        "Qh 7h 2c",
        "omaha",
        dict(
            category=Category.HIGH_CARD,
            made="ace high",
            flush_draw="two cards",
            nut_flush_draw=True,
            backdoor_straight_draw=True,
            overcards=True,
        ),
    ),
    ("AhKh5c6d", "Qh 7h 2h", "omaha", dict(category=Category.FLUSH, made="flush")),
    (
        "Ah5c6d9s",
        "Qh 7h 2h",
        "omaha",
        dict(category=Category.HIGH_CARD, made="ace high", backdoor_straight_draw=True),
    ),
    (
        "9s8s3d2c",
        "7h 6d Kc",
        "omaha",
        dict(category=Category.HIGH_CARD, made="no made hand", straight_draw="open-ended", straight_outs=8),
    ),
    (
        "AsKsQdJd2c",
        "Ts 9h 3c",
        "omaha",
        dict(
            category=Category.HIGH_CARD,
            made="ace high",
            straight_draw="wrap",
            straight_outs=13,
            backdoor_flush_draw=True,
            overcards=True,
        ),
    ),
    (
        "AsKsQdJd2c2h",
        "Ts 9h 3c",
        "omaha",
        dict(
            category=Category.ONE_PAIR,
            made="weak pair",
            straight_draw="wrap",
            straight_outs=13,
            backdoor_flush_draw=True,
        ),
    ),
    (
        "AsKsQdJd2c2h",
        "Ts 9h 3c",
        "omaha-hi-lo",
        dict(
            category=Category.ONE_PAIR,
            made="weak pair",
            straight_draw="wrap",
            straight_outs=13,
            backdoor_flush_draw=True,
        ),
    ),
]
DEFAULTS = dict(
    flush_draw="",
    nut_flush_draw=False,
    straight_draw="",
    straight_outs=0,
    backdoor_flush_draw=False,
    backdoor_straight_draw=False,
    overcards=False,
)


@pytest.mark.parametrize("hand, board, deal, want", CASES, ids=[f"{c[2]}-{c[0]}-{c[1]}" for c in CASES])
def test_cases_worked_out_by_hand(hand, board, deal, want):
    h = pokerlut.hand_on_board(hand, board, deal=deal)
    got = {name: getattr(h, name) for name in (*DEFAULTS, "category", "made")}
    assert got == {**DEFAULTS, **want}


def test_the_result_types_and_words():
    h = pokerlut.hand_on_board("AhKh", "Qh 7h 2c")
    assert type(h.category) is Category
    for name in ("nut_flush_draw", "backdoor_flush_draw", "backdoor_straight_draw", "overcards"):
        assert type(getattr(h, name)) is bool
    assert type(h.straight_outs) is int
    assert h.draws == ("flush draw", "nut flush draw", "backdoor straight draw", "overcards")
    assert str(h) == (
        "AhKh on Qh 7h 2c: ace high (high card); flush draw (two cards), nut flush draw, "
        "backdoor straight draw, overcards"
    )
    assert "\n" not in repr(h) and repr(h).startswith("HandOnBoard(holdem, AhKh on Qh 7h 2c: ace high")
    assert json.loads(json.dumps(h.to_dict())) == h.to_dict()
    assert h.to_dict()["category"] == "HIGH_CARD"
    with pytest.raises(AttributeError):
        h.made = "set"  # frozen
    # cards as ints (Ah = 4 * 12 + 2, ...) or texts, in any order, are the same hand
    assert pokerlut.hand_on_board([50, 46], [42, 22, 0]) == h
    assert pokerlut.hand_on_board(["Kh", "Ah"], "Qh 7h 2c") == h


def test_the_board_own_hand():
    own = {
        "Kc Kd Kh Ks": "four of a kind",
        "Kc Kd Kh 5s": "three of a kind",
        "Kc Kd 5h 5s": "two pair",
        "Kc Kd 5h": "pair",
        "Kc Qd 5h 2s": "nothing",
    }
    for board, want in own.items():
        assert pokerlut.hand_on_board("3c4d", board).board_made == want


# ---- breakdown ------------------------------------------------------------------------------

# "random" on Kh 7d 2c, counted by hand: every two cards of the 49 the flop leaves (1,176).
# set: 3 each of KK, 77, 22; two pair: 3 x 3 each of K7, K2, 72; overpair: AA; top pair: one of
# 3 kings with one of the 40 cards of the ten ranks off the board; pocket pairs QQ-88 below
# top pair; middle pair: a seven likewise; weak pair: a deuce likewise, and 66-33; ace high:
# one of 4 aces with one of the 36 cards of the nine other ranks off the board; backdoor flush
# draw (a rainbow flop): two cards of the suit of one flop card, C(12, 2) x 3.
RANDOM_K72 = {
    "set": 9,
    "two pair": 27,
    "overpair": 6,
    "top pair": 3 * 40,
    "pocket pair below top pair": 5 * 6,
    "middle pair": 3 * 40,
    "weak pair": 3 * 40 + 4 * 6,
    "ace high": 4 * 36,
    "no made hand": 1176 - (9 + 27 + 6 + 120 + 30 + 120 + 144 + 144),
    "backdoor flush draw": 66 * 3,
    "flush draw": 0,
    "open-ended": 0,
    "gutshot": 0,
    "double gutter": 0,
    "overcards": 0,
}


def test_a_random_range_counted_by_hand():
    r = pokerlut.breakdown("random", "Kh 7d 2c")
    frame = r.to_frame()
    assert len(r.cards) == 1176 and r.weight == 1176
    for line, want in RANDOM_K72.items():
        assert frame.loc[line, "combos"] == want, line
    for line in MADE_ORDER[:5] + ("trips",):
        assert frame.loc[line, "combos"] == 0, line
    assert r.board_made == "nothing"


def check_invariants(r) -> None:
    frame = r.to_frame()
    made = frame.loc[list(r.made_hands), "combos"].to_numpy()
    assert made.sum() == pytest.approx(r.weight)
    better = frame.loc[[f"{m} or better" for m in r.made_hands], "combos"].to_numpy()
    assert better == pytest.approx(np.cumsum(made))
    assert better[-1] == pytest.approx(r.weight)
    assert frame["share"].to_numpy() == pytest.approx(frame["combos"].to_numpy() / r.weight)
    assert r.weight == pytest.approx(r.weights.sum())
    # each draw line is the weight of the combos the per-combo columns put in it
    combos = r.combos_frame()
    w = combos["weight"]
    fd, sd = combos["flush_draw"] != "", combos["straight_draw"] != ""
    others = combos[["backdoor_flush_draw", "backdoor_straight_draw", "overcards"]].any(axis=1)
    assert frame.loc["flush draw", "combos"] == pytest.approx(w[fd].sum())
    assert frame.loc["flush draw + straight draw", "combos"] == pytest.approx(w[fd & sd].sum())
    assert frame.loc["no draw", "combos"] == pytest.approx(w[~(fd | sd | others)].sum())
    for kind in STRAIGHT_KINDS:
        if kind in r.lines:
            assert frame.loc[kind, "combos"] == pytest.approx(w[combos["straight_draw"] == kind].sum())
    assert set(combos["made"]) <= set(r.made_hands)
    assert (combos["board_made"] == r.board_made).all()


@pytest.mark.parametrize(
    "hands, board, dead, deal",
    [
        ("random", "Kh 7d 2c", "", "holdem"),
        ("22+,A2s+,K9o+,QJs:0.5,T9s:0.25,65s-54s", "Qh Jh 4c 4d", "As", "holdem"),
        ("random", "9h 8h 7c", "", "short-deck"),
        ("random", "9h 8h 7c 6c", "Ah", "short-deck-trips"),
        ("AsKsQdJd, 9h8h7c6c, AcAdKhKd, 5s5h4c3d", "Ts 9s 2d", "", "omaha"),
        ("AsKsQdJd2c, 9h8h7c6c5d, AcAdKhKd3h", "Ts 9s 2d 2h", "", "omaha-hi-lo"),
    ],
)
def test_the_breakdown_invariants(hands, board, dead, deal):
    check_invariants(pokerlut.breakdown(hands, board, dead, deal=deal))


def test_each_combo_is_its_hand_on_board():
    r = pokerlut.breakdown("random", "Th 9h 4c 2d")
    combos = r.combos_frame()
    for i in range(0, len(r.cards), 37):
        h = pokerlut.hand_on_board(r.combos[i], r.board)
        row = combos.iloc[i]
        assert (row["category"], row["made"], row["flush_draw"], row["straight_draw"]) == (
            h.category.name,
            h.made,
            h.flush_draw,
            h.straight_draw,
        )
        assert int(row["straight_outs"]) == h.straight_outs
        assert bool(row["overcards"]) == h.overcards


def test_weights_are_honoured():
    r = pokerlut.breakdown("AKs:0.5, QQ", "Kh 7d 2c")  # AhKh holds the board's king
    frame = r.to_frame()
    assert r.weight == 0.5 * 3 + 6
    assert frame.loc["top pair", "combos"] == 1.5
    assert frame.loc["pocket pair below top pair", "combos"] == 6
    assert frame.loc["top pair", "share"] == pytest.approx(1.5 / 7.5)
    assert r.narrow("top pair") == pokerlut.parse_range("AcKc:0.5, AdKd:0.5, AsKs:0.5")


def test_the_board_and_dead_cards_remove_combos():
    assert len(pokerlut.breakdown("random", "Kh 7d 2c", "As").cards) == 1128  # C(48, 2)
    r = pokerlut.breakdown("random", "Kh 7d 2c", "As Ad")
    assert r.to_frame().loc["ace high", "combos"] == 2 * 36  # two aces left, as counted above
    assert not any("As" in c or "Ad" in c for c in r.combos)
    # dead cards change no combo's made hand or draws
    alone = pokerlut.breakdown("random", "Kh 7d 2c").combos_frame()
    live = r.combos_frame()
    assert live.equals(alone.loc[live.index])
    assert r.dead == "As Ad"


def test_narrow_then_breakdown_is_all_in_the_line_and_equity_takes_it():
    r = pokerlut.breakdown("22+,A2s+,KTo+,QJs,J9s:0.5", "Kh Th 4c")
    for line in r.lines:
        if r.to_frame().loc[line, "combos"] == 0:
            continue
        narrowed = r.narrow(line)
        again = pokerlut.breakdown(narrowed, r.board)
        assert again.to_frame().loc[line, "share"] == pytest.approx(1.0), line
        assert again.weight == pytest.approx(r.to_frame().loc[line, "combos"]), line
    read = r.narrow("flush draw", "open-ended", "gutshot")
    assert isinstance(read, pokerlut.Range)
    assert pokerlut.parse_range(read.text) == read
    chosen = r.in_lines("flush draw", "open-ended", "gutshot")
    assert {tuple(c) for c in read.combos.tolist()} == {
        tuple(c) for c in np.sort(r.cards[chosen], axis=1).tolist()
    }
    assert sorted(read.weights.tolist()) == sorted(r.weights[chosen].tolist())
    assert 0.5 in read.weights.tolist()  # J9s: a gutshot (a queen) on K-T-4, at its weight
    result = pokerlut.equity(["AsAd", read], r.board)
    assert 0 < result.players[0].equity < 1
    assert result.players[1].hand == read.text


def test_omaha_breakdown():
    r = pokerlut.breakdown("random", "Kh 7d 2c", deal="omaha")
    assert len(r.cards) == 211_876  # C(49, 4)
    assert "wrap" in r.lines
    check_invariants(r)
    hands = "AsKsQdJd, 9h8h7c6c, AcAdKhKd, 5s5h4c3d"
    r = pokerlut.breakdown(hands, "Ts 9s 2d", deal="omaha")
    assert dict(zip(r.combos, r.combos_frame()["made"])) == {
        "AsKsQdJd": "ace high",
        "9h8h7c6c": "middle pair",  # 9 is the second rank
        "AdAcKhKd": "overpair",
        "5s5h4c3d": "weak pair",
    }
    narrowed = r.narrow("overpair", "weak pair")
    assert narrowed == "5s5h4c3d, AdAcKhKd"
    assert (
        pokerlut.breakdown(narrowed, r.board, deal="omaha").to_frame().loc["weak pair or better", "share"]
        == 1
    )
    assert pokerlut.equity(["AhAs9c8d", narrowed], r.board, deal="omaha").players[0].equity > 0
    with pytest.raises(ValueError, match="unknown line 'wrap'"):
        pokerlut.breakdown("AKs", "Kh 7d 2c").narrow("wrap")  # no wrap in hold'em


def test_omaha_narrow_keeps_the_generic_syntax_weights():
    r = pokerlut.breakdown("AA@50, KK@25", "Kh 7h 2c", deal="omaha")
    narrowed = r.narrow("set")
    again = pokerlut.breakdown(narrowed, r.board, deal="omaha")
    chosen = r.in_lines("set")
    assert again.weight == pytest.approx(r.weights[chosen].sum()) and {25.0, 50.0} <= set(again.weights)
    assert "KdKc2h2d@25" in narrowed.split(", ")  # set of kings, its weight


def test_short_deck_breakdown():
    r = pokerlut.breakdown("random", "9h 8h 7c", deal="short-deck")
    assert len(r.cards) == 528  # C(33, 2)
    assert r.made_hands[:5] == ("straight flush", "four of a kind", "flush", "full house", "straight")
    assert not any(c[1] in "2345" or c[3] in "2345" for c in r.combos)
    # a straight needs all of 9-8-7 and two hole ranks: A-6 (A-6-7-8-9), 6-T or T-J, 16 each
    frame = r.combos_frame()
    straights = set(frame.index[frame["made"] == "straight"])
    assert len(straights) == 48
    assert {"Ad6c", "Tc6d", "JsTs"} <= straights
    assert not any("5" in c for c in straights)


def test_bad_input():
    with pytest.raises(ValueError, match=r"the board has 3 or 4 cards \(the flop or the turn\), not 2"):
        pokerlut.hand_on_board("AsKs", "Qd Jd")
    with pytest.raises(ValueError, match="not 5"):
        pokerlut.hand_on_board("AsKs", "Qd Jd 2c 3c 4c")
    with pytest.raises(ValueError, match="breakdown: the board has 3 or 4 cards, not 5"):
        pokerlut.breakdown("QQ+", "Qd Jd 2c 3c 4c")
    with pytest.raises(ValueError, match="breakdown: the board has 3 or 4 cards, not 2"):
        pokerlut.breakdown("QQ+", "Qd Jd")
    with pytest.raises(ValueError, match="card As is in the hand and the board"):
        pokerlut.hand_on_board("AsKs", "As 7d 2c")
    with pytest.raises(ValueError, match="As"):
        pokerlut.breakdown("AsKs", "As 7d 2c")
    with pytest.raises(ValueError, match="card Ks is in dead cards"):
        pokerlut.breakdown("AsKs", "Ah 7d 2c", "Kd Ks")
    with pytest.raises(ValueError, match="card 5c in the hand is not in the short-deck deck"):
        pokerlut.hand_on_board("5cAs", "Kd 7h 9s", deal="short-deck")
    with pytest.raises(ValueError, match="card 2c in the board"):
        pokerlut.hand_on_board("6cAs", "Kd 7h 2c", deal="short-deck")
    with pytest.raises(ValueError, match="a hand has 4, 5 or 6 cards in omaha, not 2"):
        pokerlut.hand_on_board("AsKs", "Kd 7h 2c", deal="omaha")
    with pytest.raises(ValueError, match="a hand has 2 cards in holdem, not 4"):
        pokerlut.hand_on_board("AsKsQsJs", "Kd 7h 2c")
    with pytest.raises(ValueError, match="the board games only"):
        pokerlut.hand_on_board("AsKs", "Kd 7h 2c", deal="stud")
    with pytest.raises(ValueError, match="unknown deal"):
        pokerlut.breakdown("AsKs", "Kd 7h 2c", deal="no-such")
    with pytest.raises(TypeError):
        pokerlut.hand_on_board(2.5, "Kd 7h 2c")
    with pytest.raises(TypeError):
        pokerlut.breakdown("AA", "Kd 7h 2c", deal=5)
    with pytest.raises(ValueError, match="random6 is 13,983,816 hands"):
        pokerlut.breakdown("random6", "Kd 7h 2c", deal="omaha")
    r = pokerlut.breakdown("QQ+,AKs", "Kh 7d 2c")
    with pytest.raises(
        ValueError, match=r"unknown line 'top pairs': choose from 'straight flush', .*'no draw'"
    ):
        r.narrow("top pairs")
    with pytest.raises(ValueError, match="name a line"):
        r.narrow()
    with pytest.raises(ValueError, match=r"no combo of 'QQ\+,AKs' is in flush draw on Kh 7d 2c"):
        r.narrow("flush draw")
    with pytest.raises(TypeError):
        r.narrow(3)


# ---- the command line -----------------------------------------------------------------------


def test_cli_table(capsys):
    assert main(["range", "breakdown", "QQ+,AK", "--board", "Kh 7d 2c"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "Breakdown(holdem, board Kh 7d 2c, QQ+,AK: 27 combos, weight 27)"
    assert lines[1] == "the board's own hand: nothing"
    rows = {line.split("  ")[0]: line.split() for line in lines[2:]}
    assert rows["top pair"][-3:] == ["12", "44.44%", "77.78%"]  # AK: 3 kings x 4 aces
    assert rows["set"][-3:] == ["3", "11.11%", "11.11%"]
    assert rows["backdoor flush draw"][-2:] == ["2", "7.41%"]  # AdKd, AcKc
    assert "draw" in rows and "made hand" in rows


def test_cli_json(capsys):
    assert (
        main(["range", "breakdown", "AhKh", "QsQd", "--board", "Qh 7h 2c", "--deal", "holdem", "--json"]) == 2
    )
    capsys.readouterr()
    assert main(["range", "breakdown", "AhKh", "--board", "Qh 7h 2c", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["weight"] == 1 and data["board_made"] == "nothing"
    (combo,) = data["combos"]
    assert combo["combo"] == "AhKh" and combo["made"] == "ace high" and combo["flush_draw"] == "two cards"
    lines = {row["line"]: row["share"] for row in data["lines"]}
    assert lines["ace high"] == 1 and lines["nut flush draw"] == 1 and lines["no draw"] == 0


def test_cli_bad_input_exits_2_with_one_line(capsys):
    assert main(["range", "breakdown", "QQ+", "--board", "Kh 7d"]) == 2
    err = capsys.readouterr().err
    assert err == "pokerlut range: breakdown: the board has 3 or 4 cards, not 2\n"
    assert main(["range", "breakdown", "AsKs", "--board", "As 7d 2c"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "As" in err
