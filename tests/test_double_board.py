"""Several boards from one deck (`equity(..., boards=...)`, run it twice and double-board games)
against the independent brute force of tests/reference/equity.py: every deal of the players'
hands and every ordered pair of disjoint runouts of the two boards, each hand scored by the slow
reference (tests/reference/games.py), each board half the pot (a hi-lo board's half split again into high
and low quarters), in exact fractions. Then: drawing dead on one board, Monte Carlo within 4
standard errors of exact, seeds, the result's data, the command line and bad input."""

import json
import math
import re
import time

import pytest

import pokerlut
import reference.equity as reference
from pokerlut.cli import main
from pokerlut._equity import front as engine
from pokerlut._equity.deal import resolve_deal

FIELDS = ("equity", "win", "tie", "high", "low")  # what a board gives a player, in its part


def assert_matches(game, players, boards, dead="", **kwargs):
    """`equity(..., boards=...)` against the reference; `boards` is the list of two boards,
    given as boards=2 when they are alike (run it twice), else as the list."""
    alike = boards[0] == boards[1]
    got = pokerlut.equity(
        players, boards[0] if alike else "", dead, boards=2 if alike else boards, deal=game, **kwargs
    )
    want = reference.equity(game, players, dead=dead, boards=boards)
    assert got.exact and len(got.per_board) == 2
    split = len(reference.DEALS[game].halves) > 1
    for k, board in enumerate(got.per_board):
        assert board.dealt == want.per_board[k].deals and board.exact and board.partial is False
        for p, player in enumerate(board.players):
            figures = [getattr(player, f) for f in FIELDS[: 5 if split else 3]]
            expected = [float(getattr(want.per_board[k].players[p], f)) for f in FIELDS[: len(figures)]]
            assert figures == pytest.approx(expected, abs=1e-12), (k, p)
            if not split:
                assert player.high is None and player.low is None
    for player, whole in zip(got.players, want.players):
        assert player.equity == pytest.approx(float(whole.equity), abs=1e-12)
        assert player.stderr == 0 and math.isnan(player.win) and math.isnan(player.tie)
        if split:
            assert player.high == pytest.approx(float(whole.high), abs=1e-12)
            assert player.low == pytest.approx(float(whole.low), abs=1e-12)
    assert sum(p.equity for p in got.players) == pytest.approx(1, abs=1e-12)
    return got, want


# spots: (game, players, the two boards); small enough for the brute force in about a second
TURN_SPOTS = [
    ("holdem", ["As Kd", "Qc Qh", "7s 6s"], ["9s 8s Tc Jd"] * 2),  # run it twice from the turn
    ("holdem", ["As Kd", "Qc Qh"], ["9s 8s Tc Jd", "2h 3h 4c Kc"]),  # two boards
    ("short-deck", ["As Kd", "Qc Qh", "7s 6s"], ["9s 8s Tc Jd"] * 2),
    ("short-deck", ["As Kd", "Qc Qh"], ["9s 8s Tc Jd", "Ah 6c 7d 8d"]),
    ("short-deck-trips", ["Ts Td", "9c 8c"], ["Tc 6d Jh 7h", "6h 7s Qd Kd"]),
    ("omaha", ["As 2d 3c 4h", "Ks Kh Qd Qc"], ["5h 6d 9c 2s"] * 2),
    ("omaha", ["As 2d 3c 4h", "Ks Kh Qd Qc"], ["5h 6d 9c 2s", "Th Jd 8c 7s"]),
    ("omaha-hi-lo", ["As 2d 3c 4h", "Ks Kh Qd Qc", "Ac 5d 6h 7s"], ["5h 6d 9c 2s"] * 2),
    ("omaha-hi-lo", ["As 2d 3c 4h", "Ah 2c 3d 5s"], ["7h 8d 9c Kd", "6c 8s Js 4d"]),
    ("omaha-hi-lo", ["As 2d 3c 4h 5s", "Ks Kh Qd Qc 7c"], ["5h 6d 9c 2s", "Th Jd 8c 7s"]),
    ("omaha-hi-lo", ["As 2d 3c 4h 5s 9d", "Ks Kh Qd Qc 7c 8c"], ["5h 6d 9c 2s"] * 2),
    ("omaha", ["As 2d 3c 4h 5s 9d", "Ks Kh Qd Qc 7c 8c"], ["5h 6d Tc 2s", "Th Jd 8d 7s"]),
    # ranges: each deal of hands weighs the same; AcKc and the Omaha hand with Kd cannot be
    # dealt (a card of the other board)
    ("holdem", ["QcQd,QhQs,AcKc", "Jh Th"], ["9s 8s 2c 3d", "4h 5h 6c Kc"]),
    ("omaha-hi-lo", ["As2d3c4h,Ah2h3d5s,Kd8d9d3h", "Ks Kh Qd Qc"], ["5h 6d 9c 2s", "7h 8d Td Kc"]),
]


@pytest.mark.parametrize("game, players, boards", TURN_SPOTS)
def test_turn_boards_equal_the_brute_force(game, players, boards):
    assert_matches(game, players, boards)


FLOP_SPOTS = [
    ("holdem", ["AsAh", "KsKh"], ["Kd 7c 2h"] * 2),  # run it twice from the flop
    ("holdem", ["As Kd", "Qc Qh", "7s 6s"], ["Kh 7c 2h", "Qd 8c 5h"]),  # double-board flops
    ("short-deck", ["As Kd", "Qc Qh"], ["9s 8s Tc", "Ah 6c 7d"]),
    ("holdem", ["AsAh", "KsKh"], ["Kd 7c 2h 3s", "Kd 7c 2h"]),  # one run has its turn already
]


@pytest.mark.parametrize("game, players, boards", FLOP_SPOTS)
def test_flop_boards_equal_the_brute_force(game, players, boards):
    assert_matches(game, players, boards)


@pytest.mark.slow
@pytest.mark.parametrize(
    "game, players, boards",
    [
        ("omaha-hi-lo", ["As 2d 3c 4h", "Ks Kh Qd Qc"], ["5h 6d 9c"] * 2),
        ("omaha-hi-lo", ["As 2d 3c 4h 5s", "Ks Kh Qd Qc 7c"], ["5h 6d 9c", "Th Jd 8c"]),
        ("omaha", ["As 2d 3c 4h 5s 9d", "Ks Kh Qd Qc 7c 8c"], ["5h 6d Tc", "Th Jd 8d"]),
    ],
)
def test_omaha_flops_equal_the_brute_force(game, players, boards):
    assert_matches(game, players, boards)


def test_run_it_twice_does_not_change_equity():
    """Boards alike are each the single board's deal: the same result, computed once."""
    players, board = ["As Kd", "Qc Qh", "7s 6s"], "9s 8s Tc"
    one = pokerlut.equity(players, board)
    twice = pokerlut.equity(players, board, boards=2)
    assert twice.per_board[0] is twice.per_board[1]
    assert twice.per_board[0].players == one.players
    assert [p.equity for p in twice.players] == [p.equity for p in one.players]
    assert twice.dealt == one.dealt


def test_each_board_is_the_single_board_deal_with_the_other_boards_cards_dead():
    players, boards = ["QQ+,AKs", "Jh Th"], ["9s 8s 2c", "4h 5h 6c"]
    got = pokerlut.equity(players, boards=boards, dead="Ac")
    for k, board in enumerate(got.per_board):
        alone = pokerlut.equity(players, boards[k], dead=f"Ac {boards[1 - k]}")
        assert board.players == alone.players and board.dead == alone.dead


def test_drawing_dead_on_one_board_gets_exactly_none_of_it():
    players, boards = ["Ts 2h", "Ad Kd"], ["As Ks Qs Js", "2c 7d 9h 3s"]  # a royal flush
    got, want = assert_matches("holdem", players, boards)
    for r in (got, pokerlut.equity(players, boards=boards, exact=False, trials=20_000, seed=3)):
        dead, live = r.per_board[0].players[1], r.per_board[1].players[1]
        assert (dead.equity, dead.win, dead.tie) == (0, 0, 0)
        assert r.per_board[0].players[0].equity == 1
        assert live.equity > 0 and r.players[1].equity == live.equity / 2
    # hi-lo: no low on the first board, and its high is made: the second player gets nothing
    got, want = assert_matches("omaha-hi-lo", ["As Ks Qs 2d", "3c 4c 5h 6h"], ["Js Ts Kd Kh", "2c 7d 8h 3s"])
    assert (got.per_board[0].players[1].equity, want.per_board[0].players[1].equity) == (0, 0)
    assert got.per_board[1].players[1].equity > 0


MC_SPOTS = [
    ("holdem", ["AsAh", "KsKh", "random"], ["Kd 7c 2h", "Qd 8c 5h"]),
    ("holdem", ["QQ+,AKs", "22+"], [""] * 2),  # run it twice preflop
    ("omaha-hi-lo", ["As 2d 3c 4h", "Ks Kh Qd Qc", "Ac 5d 6h 7s"], ["5h 6d 9c", "Th Jd 8c"]),
    ("short-deck", ["As Kd", "Qc Qh"], ["9s 8s", "Ah 6c"]),
]


@pytest.mark.parametrize("game, players, boards", MC_SPOTS)
def test_monte_carlo_within_4_standard_errors_of_exact(game, players, boards):
    exact = pokerlut.equity(players, boards=boards, deal=game, exact=True)
    mc = pokerlut.equity(players, boards=boards, deal=game, exact=False, trials=200_000, seed=11)
    assert exact.exact and not mc.exact and mc.seed == 11
    pairs = [(mc, exact), *zip(mc.per_board, exact.per_board)]
    for m, e in pairs:
        for p, q in zip(m.players, e.players):
            assert p.stderr > 0 and abs(p.equity - q.equity) < 4 * p.stderr
    if boards[0] != boards[1]:  # two runs: their own seeds, two sets of trials
        assert mc.per_board[0].seed == 11 and mc.per_board[1].seed != 11
        assert mc.dealt == 400_000
        for p, a, b in zip(mc.players, *(r.players for r in mc.per_board)):
            assert p.stderr == pytest.approx(math.hypot(a.stderr, b.stderr) / 2)


def test_same_seed_same_result():
    kwargs = dict(boards=["Kd 7c 2h", "Qd 8c 5h"], exact=False, trials=50_000, seed=5)
    players = ["AsAh", "KsKh", "QQ+,AKs"]
    one = pokerlut.equity(players, threads=1, **kwargs)
    two = pokerlut.equity(players, threads=2, **kwargs)
    assert one.players == two.players  # NaN win and tie included
    assert [b.players for b in one.per_board] == [b.players for b in two.per_board]
    assert [b.seed for b in one.per_board] == [b.seed for b in two.per_board]
    other = pokerlut.equity(players, **{**kwargs, "seed": 6})
    assert other.players[0].equity != one.players[0].equity
    # a board's seed reproduces its run alone, with the other board's cards dead
    second = one.per_board[1]
    alone = pokerlut.equity(players, "Qd 8c 5h", second.dead, exact=False, trials=50_000, seed=second.seed)
    assert alone.players == second.players


def untimed(text):
    """A result's repr without the time taken."""
    return re.sub(r", [0-9.]+ m?s\)", ")", text)


def timed(call):
    """(call(), the seconds it took by the wall clock)."""
    start = time.perf_counter()
    result = call()
    return result, time.perf_counter() - start


def test_one_board_is_the_plain_result():
    plain, wall = timed(lambda: pokerlut.equity(["AsAh", "KsKh"], "Kd 7c 2h"))
    assert 0 < plain.elapsed <= wall
    for r, wall in (
        timed(lambda: pokerlut.equity(["AsAh", "KsKh"], "Kd 7c 2h", boards=1)),
        timed(lambda: pokerlut.equity(["AsAh", "KsKh"], boards=["Kd 7c 2h"])),
    ):
        assert r.per_board == () and r.players == plain.players
        assert untimed(repr(r)) == untimed(repr(plain))
        d, p = r.to_dict(), plain.to_dict()
        assert 0 < d.pop("elapsed") <= wall and p.pop("elapsed") == plain.elapsed
        assert d == p
        assert "per_board" not in d


def test_repr_and_to_dict_of_several_boards():
    r = pokerlut.equity(["As2d3c4h", "KsKhQdQc"], boards=["5h 6d 9c 2s", "Th Jd 8c 7s"], deal="omaha-hi-lo")
    head, *rows = str(r).splitlines()
    assert head.startswith("EquityResult(omaha-hi-lo, 2 boards, ") and head.startswith(repr(r)[:-1])
    assert "high" in rows[0] and "scoop" not in rows[0] and "win" not in rows[0]
    assert rows[2].startswith("board 1: EquityResult(omaha-hi-lo, board 5h 6d 9c 2s, exact")
    assert rows[5].startswith("board 2: EquityResult(omaha-hi-lo, board Th Jd 8c 7s, exact")
    assert "scoop" in rows[3]
    d = json.loads(json.dumps(r.to_dict()))
    assert d["board"] == "5h 6d 9c 2s | Th Jd 8c 7s" and d["dealt"] == 36 + 36
    assert [(p["win"], p["tie"]) for p in d["players"]] == [(None, None)] * 2
    assert [b["board"] for b in d["per_board"]] == ["5h 6d 9c 2s", "Th Jd 8c 7s"]
    assert d["per_board"][0]["dead"] == "Th Jd 8c 7s"
    assert d["per_board"][1]["players"][0]["win"] == r.per_board[1].players[0].win
    assert "per_board" not in d["per_board"][0]


def test_an_interrupt_before_the_last_board_goes_on(monkeypatch):
    """Ctrl-C on the first of two boards: no whole pot to report (KeyboardInterrupt); on the
    last board: the result, marked partial."""
    real = engine.BoardShowdowns.exact
    calls = []

    def interrupted_at(n):
        def exact(self, progress):
            outcomes, seen, _ = real(self, progress)
            calls.append(1)
            return outcomes, seen, len(calls) == n

        return exact

    monkeypatch.setattr(engine.BoardShowdowns, "exact", interrupted_at(1))
    with pytest.raises(KeyboardInterrupt):
        pokerlut.equity(["AsAh", "KsKh"], boards=["Kd 7c 2h", "Qd 8c 5h"])
    calls.clear()
    monkeypatch.setattr(engine.BoardShowdowns, "exact", interrupted_at(2))
    r = pokerlut.equity(["AsAh", "KsKh"], boards=["Kd 7c 2h", "Qd 8c 5h"])
    assert r.partial and r.per_board[1].partial and not r.per_board[0].partial


def test_progress_runs_through_the_boards_to_one():
    seen: list[float] = []
    pokerlut.equity(["AsAh", "KsKh"], boards=["Kd 7c 2h", "Qd 8c 5h"], progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 1.0 and any(0 < f <= 0.5 for f in seen)


def test_exact_none_weighs_the_work_of_every_board(monkeypatch):
    players, boards = ["AsAh", "KsKh"], ["Kd 7c", "Qd 8c"]
    one = engine.BoardShowdowns(players, boards[0], "", resolve_deal("holdem")).work()
    monkeypatch.setattr(engine, "EXACT_BUDGET", int(1.5 * one))
    assert pokerlut.equity(players, boards[0]).exact
    assert not pokerlut.equity(players, boards=boards, trials=None, seed=1).exact
    assert pokerlut.equity(players, boards[0], boards=2).exact  # boards alike: one deal


def test_cli_boards(capsys):
    assert main(["equity", "AsAh", "KsKh", "--board", "Kd 7c 2h", "--boards", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("EquityResult(holdem, 2 boards, ")
    assert out[1].split() == ["AsAh", "equity", "8.5859%"]
    assert out[3].startswith("board 1: EquityResult(holdem, board Kd 7c 2h, exact, 990 deals")
    assert out[4].split()[:5] == ["AsAh", "equity", "8.5859%", "win", "8.5859%"]
    assert out[6].startswith("board 2: ")
    assert (
        main(
            [
                "equity",
                "As2d3c4h",
                "KsKhQdQc",
                "--deal",
                "omaha-hi-lo",
                "--json",
                "--board",
                "5h 6d 9c 2s",
                "--board",
                "Th Jd 8c 7s",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert [b["board"] for b in data["per_board"]] == ["5h 6d 9c 2s", "Th Jd 8c 7s"]
    assert data["players"][0]["win"] is None and data["players"][0]["high"] is not None


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--boards", "0"], "boards must be 1 .. 10"),
        (["--board", "Kd 7c 2h", "--board", "Qd 8c 5h", "--boards", "2"], "--boards with several"),
        (["--board", "Kd 7c 2h", "--board", "7c Qd 8c"], "card 7c is on boards 1 and 2"),
        (["--boards", "10"], "2 players and 10 boards need 54 more cards; only 52"),
        (["--deal", "stud", "--boards", "2"], "boards: stud has no board"),
    ],
)
def test_cli_bad_boards(capsys, argv, message):
    assert main(["equity", "AsAh", "KsKh", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        (dict(boards=0), ValueError, r"boards must be 1 \.\. 10 or a list of boards, not 0"),
        (dict(boards=11), ValueError, r"boards must be 1 \.\. 10"),
        (dict(boards=[]), ValueError, r"boards: give 1 to 10 boards, not 0"),
        (dict(boards=["Kd7c2h"] * 11), ValueError, r"boards: give 1 to 10 boards, not 11"),
        (dict(boards=True), TypeError, r"boards is a number of boards or a list"),
        (dict(boards="Kd 7c 2h"), TypeError, r"boards is a number of boards or a list"),
        (dict(boards=[1, 2]), TypeError, r"boards is a number of boards or a list"),
        (dict(board="Kd 7c 2h", boards=["Kd 7c 2h", "Qd 8c 5h"]), ValueError, r"boards given both ways"),
        (
            dict(boards=["Kd 7c 2h", "2h 9s 3c"]),
            ValueError,
            r"card 2h is on boards 1 and 2: boards share only the cards they start with",
        ),
        (dict(boards=["Kd 7c 2h 5s", "Kd 7c 2h"]), None, None),  # a shared flop, one turn known
        (
            dict(boards=["Kd 7c 2h", "Qd 8c As"]),
            ValueError,
            r"board 1: card As is in the other boards"
            r" and player 1",
        ),
        (
            dict(boards=["Kd 7c 2h", "Qd 8c 5h"], dead="5h"),
            ValueError,
            r"board 1: card 5h is in dead cards and the other boards",
        ),
        (dict(boards=["Kd 7c 2h", "Qd 8c 5h 4c 3c 2c"]), ValueError, r"board 2: .*not 6"),
        (
            dict(boards=["Kd 7c 2h", "Qd 8c 5h"], game="short-deck"),
            ValueError,
            r"board 1: card 2h in the board is not in the 36-card deck",
        ),
        (dict(boards=9), None, None),  # 4 + 9 x 5 cards of 52
        (dict(boards=10), ValueError, r"boards: 2 players and 10 boards need 54 more cards; only 52"),
        (dict(boards=7, deal="short-deck"), ValueError, r"boards: .* need 39 more cards; only 36"),
        (
            dict(hands=["".join(DECK[4 * i : 4 * i + 4]) for i in range(10)], deal="omaha", boards=3),
            ValueError,
            r"10 players and 3 boards need 55 more cards; only 52",
        ),
        (
            dict(hands=["As 2h 3c", "Ks Kh 9c"], deal="stud", boards=2),
            ValueError,
            r"boards: stud has no board",
        ),
        (
            dict(hands=["As 2h 3c", "Ks Kh 9c"], deal="razz", boards=["", ""]),
            ValueError,
            r"boards: razz has no board",
        ),
    ],
)
def test_bad_boards(kwargs, error, match):
    kwargs = {"hands": ["AsAh", "KsKh"], "exact": False, "trials": 1_000, "seed": 1, **kwargs}
    if error is None:
        assert pokerlut.equity(**kwargs).per_board
        return
    with pytest.raises(error, match=match):
        pokerlut.equity(**kwargs)
