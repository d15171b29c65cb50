"""Equity in every board game (short deck, Omaha hi-lo with split pots) and in stud against
brute force through the independent slow reference (tests/reference/equity.py, hands valued
by tests/reference/games.py): every board (stud: every deal) of small spots scored exactly, as
fractions of the pot; Monte Carlo within 3 standard errors of exact; boards of 1 and 2 cards;
bad input."""

import re

import pytest

import pokerlut
import reference.equity as reference


def split(game: str) -> bool:
    """A hi-lo game: the pot split between the high and the low."""
    return len(reference.DEALS[game].halves) > 1


def assert_matches(got, want, game: str) -> None:
    """`equity`'s exact figures equal the reference's: the equity, the whole pot (a scoop in a
    split game) and, split, the high and the low halves."""
    assert got.exact and got.dealt == want.deals
    for p, w in zip(got.players, want.players):
        assert p.equity == pytest.approx(float(w.equity), abs=1e-12)
        assert p.win == pytest.approx(float(w.win), abs=1e-12)
        if split(game):
            assert (p.high, p.low) == (
                pytest.approx(float(w.high), abs=1e-12),
                pytest.approx(float(w.low), abs=1e-12),
            )


SPOTS = [
    # two lows tie, one high: the low half is quartered
    ("omaha-hi-lo", ["Ah 4h Qd Jc", "Ad 4c Qs Jh", "Kd Kh 9c 9d"], "2c 3d 8h Kc Ks", ""),
    # no qualifying low: the high takes the whole pot
    ("omaha-hi-lo", ["Ah 2h Qd Jc", "Kd Kh 9c 9d"], "Kc Qs Jh 9s Tc", ""),
    ("omaha-hi-lo", ["As 2d 3c 4h", "Ks Kh Qd Qc", "Ac 5d 6h 7s"], "5h 6d 9c 2s", "Th"),
    ("omaha-hi-lo", ["As 2d 3c 4h 5s 9d", "Ks Kh Qd Qc 7c 8c"], "5h 6d 9c 2s", ""),  # 6 cards
    ("omaha", ["As 2d 3c 4h", "Ks Kh Qd Qc"], "5h 6d 9c 2s", "Jd"),
    ("short-deck", ["As Kd", "Qc Qh", "7s 6s"], "9s 8s Tc Jd", "Ah"),
    ("short-deck-trips", ["Ts Td", "9c 8c"], "Tc 6d Jh 7h", ""),
    ("holdem", ["As Kd", "Qc Qh", "7s 6s"], "9s 8s Tc Jd", "2h"),
]


@pytest.mark.slow
@pytest.mark.parametrize("game, players, board, dead", SPOTS)
def test_exact_equity_equals_brute_force_through_the_reference(game, players, board, dead):
    want = reference.equity(game, players, board, dead)
    got = pokerlut.equity(players, board=board, dead=dead, deal=game)
    assert_matches(got, want, game)
    for p in got.players:
        if not split(game):
            assert p.high is None and p.low is None


def test_quartering_and_no_low_as_the_rules_say():
    game, players, board, _ = SPOTS[0]
    quartered = pokerlut.equity(players, board=board, deal=game).players
    assert [p.equity for p in quartered] == [0.25, 0.25, 0.5]
    assert [p.low for p in quartered] == [0.25, 0.25, 0.0] and quartered[2].high == 0.5
    no_low = pokerlut.equity(SPOTS[1][1], board=SPOTS[1][2], deal=game).players
    assert [p.low for p in no_low] == [0, 0] and [p.equity for p in no_low] == [1, 0]
    assert no_low[0].high == no_low[0].win == 1  # the straight takes the whole pot


@pytest.mark.parametrize(
    "game, players, board",
    [
        ("short-deck", ["As Kd", "Qc Qh"], "9s"),  # a one-card board
        ("holdem", ["As Kd", "Qc Qh"], "9s 8s"),  # a two-card board
    ],
)
def test_short_boards_for_what_if_analysis(game, players, board):
    want = reference.equity(game, players, board)
    got = pokerlut.equity(players, board=board, deal=game)
    assert got.dealt == want.deals
    assert [p.equity for p in got.players] == pytest.approx(
        [float(w.equity) for w in want.players], abs=1e-12
    )


@pytest.mark.parametrize(
    "game, players, board",
    [
        ("short-deck", ["AsAh", "KsKh"], ""),
        ("short-deck", ["AsKd", "random", "QcQh"], "9s 8s Tc"),
        ("short-deck", ["AKs, QQ", "JTs"], "9s 8d"),
        ("omaha", ["random", "8c7c6s5s"], "Ts 9s 4c 2d 3h"),
        ("omaha", ["AhKhQdJd, AsKsQcJc", "8c7c6s5s"], "Ts 9s 4c"),
        ("omaha", ["AhKhQdJd", "8c7c6s5s", "Ac2c3d4d"], "Ts 9s 4c 2h"),
        ("short-deck-trips", ["TsTd", "9c8c"], "6d"),
        ("omaha-hi-lo", ["As 2d 3c 4h", "Ks Kh Qd Qc"], "5h 6d 9c"),
        ("omaha-hi-lo", ["As 2d 3c 4h", "Ah 2c 3d 5s", "Ks Kh Qd Qc"], "7h 8d 9c"),
        ("omaha-hi-lo", ["As 2d 3c 4h 5s 9d", "Ks Kh Qd Qc 7c 8c"], "Th 6d 2c"),
    ],
)
def test_monte_carlo_is_within_3_standard_errors_of_exact(game, players, board):
    exact = pokerlut.equity(players, board=board, deal=game, exact=True)
    mc = pokerlut.equity(players, board=board, deal=game, exact=False, trials=300_000, seed=9)
    for e, m in zip(exact.players, mc.players):
        assert m.stderr > 0
        assert abs(m.equity - e.equity) < 3 * m.stderr


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(hands=["AsAh", "55"], deal="short-deck"), "range '55' holds 5c, not in the short-deck deck"),
        (dict(hands=["AsAh", "5s5h"], deal="short-deck"), "holds 5h, not in the short-deck deck"),
        (dict(hands=["As2d3c4h", "KsKhQdQc"], deal="omaha-hi-lo", board="5h 6d 9c As"), "card As is"),
        (dict(hands=["As2d3c$q", "KsKhQdQc"], deal="omaha-hi-lo"), re.escape("unknown macro at '$q'")),
        (dict(hands=["AsAh", "KsKh"], deal="razz-hi"), "unknown deal 'razz-hi'"),
        (dict(hands=["AsAh", "KsKh"], deal="omaha", wild="jokers"), "wild cards are offered in hold'em"),
        (dict(hands=["AsAh", "KsKh"], board="2c 3c 4c 5c 6c 7c"), "0 to 5 cards, not 6"),
    ],
)
def test_bad_input(kwargs, message):
    with pytest.raises(ValueError, match=message):
        pokerlut.equity(**kwargs)


def test_the_cli_shows_high_low_and_scoop_for_split_games(capsys):
    from pokerlut.cli import main

    assert (
        main(
            [
                "equity",
                "As 2d 3c 4h",
                "Ks Kh Qd Qc",
                "--board",
                "5h 6d 9c",
                "--deal",
                "omaha-hi-lo",
                "--quiet",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "high" in out and "low" in out and "scoop" in out and "820 deals" in out
    assert main(["equity", "AsAh", "KsKh", "--deal", "short-deck", "--quiet"]) == 0
    assert "201,376 deals" in capsys.readouterr().out


STUD_SPOTS = [
    ("stud", ["As Ah 7c 2d 9s 4h", "Ks Kh Kd 3c 5s 6h", "Qd Jd Td 9d 2c 2s"], "8d"),  # to 7th
    ("stud", ["As Ah 7c 2d 9s 4h Kc", "Ks Kh Kd 3c 5s 6h 8c"], ""),  # all seven known
    ("razz", ["As 2h 3c 4d 9s 8h", "Ks 2s 3h 5c 6s 7h"], "Ac 4s"),  # 6th street
    ("razz", ["As 2h 3c 4d 9s", "Ks 2s 3h 5c 6s"], "7c 7d 8c"),  # 5th street: two cards each
    ("stud-hi-lo", ["As 2h 3c 4d 9s 8h", "Ks Kh Kc 5c 6s 7h"], "2c"),
    ("stud-hi-lo", ["As 2h 3c 4d 9s 8h", "Ad 2d 3h 4c Ts Jh", "Qs Qh Qc 9c 9d 7d"], ""),
]


@pytest.mark.slow
@pytest.mark.parametrize("game, players, dead", STUD_SPOTS)
def test_stud_exact_equity_equals_brute_force_through_the_reference(game, players, dead):
    want = reference.equity(game, players, dead=dead)
    got = pokerlut.equity(players, dead=dead, deal=game)
    assert_matches(got, want, game)


@pytest.mark.parametrize(
    "game, players, dead",
    [
        ("stud", ["As Ad 3c 9c 8c 7s", "Ks Kh Kc 4h 5h 6h", "Qd Jd Td 3d 2d 4d"], ""),
        ("stud", ["As Ad 3c 9c 8c", "Ks Kh 4h 5h 6h"], "Kc 2h"),
        ("stud", ["Qd Jd Td 3d 2c 4s", "9h 9s 7c 7d 5s 5c"], ""),
        ("razz", ["As 2h 3c 4d", "Ks 2s 3h 5c"], "7c"),
        ("razz", ["As 2h 3c 4d 9s", "Ks 2s 3h 5c 6s"], "7c 8d"),
        ("razz", ["As 2h 3c 4d 9s 8h", "Ks 2s 3h 5c 6s 7h", "Ad 2d 6c 7s Tc Jc"], ""),
        ("stud-hi-lo", ["As 2h 3c 4d 9s", "Ks Kh Kc 5c 6s"], "2c"),
        ("stud-hi-lo", ["As 2h 3c 4d", "Ks Kh Kc 5c"], "8h"),
        ("stud-hi-lo", ["As 2h 3c 4d 9s 8h", "Ad 2d 3h 4c Ts Jh", "Qs Qh Qc 9c 9d 7d"], ""),
    ],
)
def test_stud_monte_carlo_is_within_3_standard_errors_of_exact(game, players, dead):
    exact = pokerlut.equity(players, dead=dead, deal=game, exact=True)
    mc = pokerlut.equity(players, dead=dead, deal=game, exact=False, trials=300_000, seed=5)
    assert max(m.stderr for m in mc.players) > 0
    for e, m in zip(exact.players, mc.players):
        assert abs(m.equity - e.equity) <= 3 * m.stderr  # 0 <= 0 for a hand drawing dead


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (
            dict(hands=[f"{r}c {r}d {r}h" for r in "23456789"], deal="stud"),
            "8 stud players need 32 more cards; only 28 are left in the deck",
        ),
        (dict(hands=["As 2h 3c 4d", "Ks 2s 3h As"], deal="razz"), "card As is in player 1 and player 2"),
        (dict(hands=["As As 3c 4d", "Ks 2s 3h 5c"], deal="razz"), "As"),
        (dict(hands=["As 2h 3c 4d", "Ks 2s 3h 5c"], deal="razz", board="7c"), "razz has no board"),
        (dict(hands=["As", "Ks 2s 3h 5c"], deal="stud"), "2 to 7 known cards, not 1"),
    ],
)
def test_stud_bad_input(kwargs, message):
    with pytest.raises(ValueError, match=message):
        pokerlut.equity(**kwargs)


def test_exact_enumeration_is_bounded_by_work_not_by_a_list_of_deals():
    """random vs random vs AK on a river board: 9,774,072 showdowns, enumerated in chunks of
    deals (too many to list at once), agreeing with Monte Carlo."""
    spot = dict(hands=["random", "random", "AK"], board="4h Ad 3c 4c 7c", dead="6h")
    exact = pokerlut.equity(**spot, exact=True)
    assert exact.exact and exact.dealt == 9_774_072
    assert sum(p.equity for p in exact.players) == pytest.approx(1, abs=1e-12)
    mc = pokerlut.equity(**spot, exact=False, trials=1_000_000, seed=2)
    for e, m in zip(exact.players, mc.players):
        assert abs(m.equity - e.equity) < 3 * m.stderr


def test_omaha_players_as_ranges_of_hands_or_random():
    board, other = "Ts 9s 4c", "8c7c6s5s"
    one, two = (
        pokerlut.equity([h, other], board=board, deal="omaha").players[0].equity
        for h in ("AhKhQdJd", "AsKsQcJc")
    )
    both = pokerlut.equity(["AhKhQdJd, AsKsQcJc", other], board=board, deal="omaha")
    assert both.players[0].equity == pytest.approx((one + two) / 2, abs=1e-12)  # same boards each
    river = pokerlut.equity(["random", other], board=board + " 2d 3h", deal="omaha")
    assert river.exact and river.dealt == 123_410  # every four cards of the 43 live ones
    # a term shorter than the range's hands leaves the rest free: a five-card range holding
    # AhKhQdJd with each of the 48 other cards, and AsKsQcJc9c
    assert len(pokerlut.parse_omaha_range("AhKhQdJd, AsKsQcJc9c")) == 48 + 1
    with pytest.raises(ValueError, match="every hand of .* holds a board or dead card"):
        pokerlut.equity(["AhKhQdTs, AsKsQcTs", other], board=board, deal="omaha")


def test_chunked_enumeration_equals_one_chunk(monkeypatch):
    from pokerlut._equity import board
    from pokerlut._equity.deal import resolve_deal

    spot = dict(hands=["QQ+, AKs:0.5", "0.25(JJ-99), AQo", "KQs"], board="2c 7d 9h Tc")
    whole = pokerlut.equity(**spot)
    monkeypatch.setattr(board, "MAX_DEALS", 200)  # every chunk: one or two of player 1's hands
    chunked = pokerlut.equity(**spot)
    assert len(board.BoardSetup(spot["hands"], spot["board"], "", resolve_deal("holdem")).deal_chunks()) > 3
    assert chunked.dealt == whole.dealt
    assert [p.equity for p in chunked.players] == pytest.approx([p.equity for p in whole.players], abs=1e-12)
