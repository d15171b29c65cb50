"""Hand histories in a site's text format (`pokerlut._history.sites`), read through pokerkit's
parsers: PokerStars hands written here from the format (a three-way all-in on the flop with a
side pot, a
hand won without a showdown, a hand that does not parse among them), scored as the independent
reference scores them (tests/reference/allin_ev.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("pokerkit")

import pokerlut  # noqa: E402
from pokerlut._history import sites  # noqa: E402
from reference import allin_ev as reference  # noqa: E402

SIDE_POT = """PokerStars Hand #1001: Hold'em No Limit ($0.50/$1.00 USD) - 2024/01/05 20:00:00 ET
Table 'Alpha' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($100 in chips)
Seat 3: Cy ($40 in chips)
Bob: posts small blind $0.50
Cy: posts big blind $1
*** HOLE CARDS ***
Dealt to Ann [As Ah]
Ann: raises $3 to $4
Bob: calls $3.50
Cy: calls $3
*** FLOP *** [2c 7d 9h]
Bob: bets $10
Cy: raises $26 to $36 and is all-in
Ann: raises $60 to $96 and is all-in
Bob: calls $86 and is all-in
*** TURN *** [2c 7d 9h] [Tc]
*** RIVER *** [2c 7d 9h Tc] [Kd]
*** SHOW DOWN ***
Bob: shows [Ks Kh] (three of a kind, Kings)
Ann: shows [As Ah] (a pair of Aces)
Cy: shows [Qs Qh] (a pair of Queens)
Bob collected $120 from side pot
Bob collected $120 from main pot
*** SUMMARY ***
Total pot $240 Main pot $120. Side pot $120. | Rake $0
Board [2c 7d 9h Tc Kd]
Seat 1: Ann (button) showed [As Ah] and lost with a pair of Aces
Seat 2: Bob (small blind) showed [Ks Kh] and won ($240) with three of a kind, Kings
Seat 3: Cy (big blind) showed [Qs Qh] and lost with a pair of Queens
"""

NO_SHOWDOWN = """PokerStars Hand #1002: Hold'em No Limit ($0.50/$1.00 USD) - 2024/01/05 20:01:00 ET
Table 'Alpha' 6-max Seat #2 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($240 in chips)
Seat 3: Cy ($80 in chips)
Cy: posts small blind $0.50
Ann: posts big blind $1
*** HOLE CARDS ***
Dealt to Ann [7c 2d]
Bob: raises $2 to $3
Cy: folds
Ann: folds
Uncalled bet ($2) returned to Bob
Bob collected $2.50 from pot
*** SUMMARY ***
Total pot $2.50 | Rake $0
"""

BAD = NO_SHOWDOWN.replace("Hand #1002", "Hand #1003").replace("Seat #2 is the button", "no button")


def test_a_site_file_is_read_hand_by_hand_and_scored_as_the_reference_scores_it(tmp_path):
    path = tmp_path / "stars.txt"
    path.write_text("\n\n\n".join([SIDE_POT, BAD, NO_SHOWDOWN]) + "\n\n\n")
    side_pot, bad, no_showdown = sites.read(path)
    # pokerkit orders the players from the small blind: Bob, Cy, Ann
    assert side_pot.players == ("Bob", "Cy", "Ann") and side_pot.reason == ""
    assert side_pot.net == (140.0, -40.0, -100.0)  # Bob's kings take both pots
    want = reference.allin_ev(
        "holdem",
        {"Bob": 100, "Cy": 40, "Ann": 100},
        {"Bob": "Ks Kh", "Cy": "Qs Qh", "Ann": "As Ah"},
        board="2c 7d 9h",
    )
    assert side_pot.allin_ev == pytest.approx([float(want.net[p]) for p in side_pot.players], abs=1e-9)
    assert side_pot.showdown == (True, True, True) and side_pot.big_blind == 1.0
    assert bad.number == 2 and bad.net == () and bad.reason.startswith("does not read as PokerStars")
    assert no_showdown.number == 3 and no_showdown.allin_ev is None and not any(no_showdown.showdown)
    assert no_showdown.net == (-0.5, -1.0, 1.5)  # Cy, Ann, Bob


def test_read_histories_takes_site_files_beside_phh_files(tmp_path):
    pytest.importorskip("pandas")
    (tmp_path / "stars.txt").write_text(SIDE_POT + "\n\n\n" + NO_SHOWDOWN)
    (tmp_path / "readme.txt").write_text("my hands from January")
    h = pokerlut.read_histories(tmp_path, threads=1)
    assert h.files == 2 and h.skipped["reason"].tolist() == [
        "no hand of a site pokerkit reads: " + ", ".join(sites.SITES)
    ]
    assert h.summary().loc["Bob", "net"] == pytest.approx(141.5)
    assert h.summary().loc["Ann", "luck"] == pytest.approx(
        -100 - h.hands.query("player == 'Ann'")["allin_ev"].iloc[0]
    )
