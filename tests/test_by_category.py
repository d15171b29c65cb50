"""`equity(by_category=True)`: each player's share of the pot by the category of the final hand
it is won with, against brute force through the independent slow reference
(tests/reference/equity.py over tests/reference/games.py): every board (stud: every deal) of
small spots, each showdown's winners and the key they win with found by the reference, named
here by its category, the pot shares kept as exact fractions. Exact mode must match every category share to float rounding, and the shares must
sum to the player's equity; Monte Carlo within 4 standard errors of exact, reproducible by
seed; double boards; the CLI table and JSON; bad input."""

from __future__ import annotations

import json
import math

import pytest

import pokerlut
import reference.equity as reference
import reference.games as ref
from pokerlut._equity.categories import category_table
from pokerlut.rules import rules

LOW_GAMES = {"ace-to-five", "deuce-to-seven", "ace-to-six", "eight-or-better"}
ACE_LOW = {"ace-to-five", "ace-to-six", "eight-or-better"}
WHEEL_NAMED = {"ace-to-five", "eight-or-better"}  # games whose best hand is called the wheel
HIGH_NAMES = [
    "straight flush",
    "four of a kind",
    "full house",
    "flush",
    "straight",
    "three of a kind",
    "two pair",
    "one pair",
    "high card",
]
TOL = 1e-12


def category_of(key: tuple, game: str) -> str:
    """The name of the hand with the reference key `key` in `game`, from the rules: a high
    game's category; in a low game a no-pair hand by its highest card ("wheel" for 5-4-3-2-A
    where the game calls it so, else "8-low", "K-low", ...), other hands by category."""
    order = ref.CATEGORY_ORDERS[game]
    if game not in LOW_GAMES:
        return order[key[0]].lower().replace("_", " ")
    category = order[-key[0]]
    if category != ref.HIGH_CARD:
        return category.lower().replace("_", " ")
    top = -key[1]  # the highest card's value (ace-low games: 0 the ace, 1 the deuce, ...)
    if game in ACE_LOW:
        if top == 4 and game in WHEEL_NAMED:
            return "wheel"
        return f"{'A23456789TJQK'[top]}-low"
    return f"{ref.RANK_CHARS[top]}-low"


def by_category(game: str, players: list[str], board: str = "", dead: str = "") -> tuple[list[dict], int]:
    """Per player {name: share of the pot} as exact fractions, from the reference's equity:
    each share won with a key, named by that key in its half's game; and the showdowns."""
    want = reference.equity(game, players, board, dead, by_key=True)
    games = reference.DEALS[game].games
    shares = []
    for player in want.players:
        named: dict = {}
        for (half, key), share in player.by_key.items():
            name = category_of(key, games[half])
            named[name] = named.get(name, 0) + share
        shares.append(named)
    return shares, want.deals


def assert_matches(result, want: list[dict]) -> None:
    """Every category share of every player equals the brute force's (0 where it has none),
    and the shares sum to the player's equity."""
    for p, shares in zip(result.players, want):
        assert set(shares) <= set(p.by_category), (set(shares), p.by_category)
        for name, got in p.by_category.items():
            assert got == pytest.approx(float(shares.get(name, 0)), rel=TOL, abs=TOL), (p.hand, name)
        assert sum(p.by_category.values()) == pytest.approx(p.equity, rel=TOL, abs=TOL)


SPOTS = [  # (game, players, board, dead): exact, checked against the reference
    ("holdem", ["AsAh", "KsKh"], "Kd 7c 2h", ""),
    ("holdem", ["AhKh", "QsQd", "9c8c"], "Th 7h 2c", ""),  # flushes, straights, sets
    ("holdem", ["AsKd", "AcKh"], "Qs Js 2c", ""),  # split pots: each half by its category
    ("holdem", ["7h6h", "AdKs"], "5h 4h Ac 2d", "3h"),  # straight flush on the river
    ("short-deck", ["AsKs", "9h9d"], "Ts 7s 6h", ""),
    ("short-deck-trips", ["AsKs", "9h9d", "8c7c"], "Ts 9c 6h", ""),
    ("omaha", ["Ah Kh Qd Jd", "8c 7c 6s 5s"], "Th 9c 2h 3s", ""),
    ("omaha", ["Ah Kh Qd Jd Tc", "8c 7c 6s 5s 5d"], "Th 9c 2h 3s", ""),
    ("omaha", ["Ah Kh Qd Jd Tc 2s", "8c 7c 6s 5s 5d 4d"], "Th 9c 2h 3s", ""),
    ("omaha-hi-lo", ["Ah 4h Qd Jc", "Ad 4c Qs Jh", "Kd Kh 9c 9d"], "2c 3d 8h Kc", ""),
    ("omaha-hi-lo", ["As 2d 3c 4h", "Ah 2c 5s Kd"], "6h 7d Qc Js", ""),  # quartered lows
    ("omaha-hi-lo", ["As 2d 3c 4h Th", "Kh Kd Qs Qc 9d"], "Ks 8d 7c 2h", ""),
    ("stud", ["As Ah 7c 2d 9s 4h", "Ks Kh Kd 3c 5s 6h"], "", ""),  # 6th street
    ("razz", ["As 2h 3c 4d 9s 8h", "Ks 2s 3h 5c 6s 7h"], "", "Ac 4s"),
    ("stud-hi-lo", ["As 2h 3c 4d 9s 8h", "Ks Kh Kc 5c 6s 7h"], "", "2c"),
]
SLOW_SPOTS = [  # whole flops of Omaha: a few seconds of the reference each
    ("omaha", ["Ah Kh Qd Jd", "8c 7c 6s 5s"], "Th 9c 2h", ""),
    ("omaha-hi-lo", ["Ah 4h Qd Jc", "Ad 4c Qs Jh", "Kd Kh 9c 9d"], "2c 3d 8h", ""),
    ("stud-hi-lo", ["As 2h 3c 4d 9s", "Ks Kh Kc 5c 6s"], "", "2c"),  # 5th street
]


@pytest.mark.parametrize(
    "game, players, board, dead", SPOTS + [pytest.param(*spot, marks=pytest.mark.slow) for spot in SLOW_SPOTS]
)
def test_exact_by_category_equals_brute_force_through_the_reference(game, players, board, dead):
    want, n = by_category(game, players, board, dead)
    got = pokerlut.equity(players, board=board, dead=dead, deal=game, exact=True, by_category=True)
    assert got.exact and got.dealt == n
    assert_matches(got, want)
    plain = pokerlut.equity(players, board=board, dead=dead, deal=game, exact=True)
    for p, q in zip(got.players, plain.players):  # the other figures as without categories
        assert (p.equity, p.win, p.tie) == pytest.approx((q.equity, q.win, q.tie), abs=TOL)
        assert q.by_category is None
        if p.high is not None:  # hi-lo: the high categories sum to high, the low ones to low
            lows = sum(v for k, v in p.by_category.items() if k == "wheel" or k.endswith("-low"))
            assert lows == pytest.approx(p.low, abs=TOL)
            assert p.equity - lows == pytest.approx(p.high, abs=TOL)


def test_the_names_of_each_game_best_first_zeros_included():
    r = pokerlut.equity(["AsAh", "KsKh"], board="Kd 7c 2h 3s", by_category=True)
    assert list(r.players[0].by_category) == HIGH_NAMES
    assert r.players[0].by_category["two pair"] == 0.0
    short = pokerlut.equity(["AsAh", "KsKh"], board="Kd 7c 6h 8s", deal="short-deck", by_category=True)
    assert list(short.players[0].by_category)[2:4] == ["flush", "full house"]
    hilo = pokerlut.equity(
        ["As 2d 3c 4h", "Ah 2c 5s Kd"], board="6h 7d Qc Js", deal="omaha-hi-lo", by_category=True
    )
    assert list(hilo.players[0].by_category) == HIGH_NAMES + ["wheel", "6-low", "7-low", "8-low"]
    razz = category_table(rules("ace-to-five"))[0]
    assert razz == (
        "wheel",
        "6-low",
        "7-low",
        "8-low",
        "9-low",
        "T-low",
        "J-low",
        "Q-low",
        "K-low",
        "one pair",
        "two pair",
        "three of a kind",
        "full house",
        "four of a kind",
    )
    wild = pokerlut.equity(
        ["AsJk", "KsKh"], board="Kd 7c 2h 3s", wild="jokers", deck_size=54, by_category=True
    )
    assert list(wild.players[0].by_category)[0] == "five of a kind"
    assert sum(wild.players[0].by_category.values()) == pytest.approx(wild.players[0].equity, abs=TOL)


def test_double_boards_each_board_its_own_the_pot_their_mean():
    players, boards = ["AsAh", "KsKh"], ["Kd 7c 2h 3s", "Qd 8c 5h 4s"]
    r = pokerlut.equity(players, boards=boards, by_category=True)
    for k, board in enumerate(r.per_board):
        other = boards[1 - k]
        want, n = by_category("holdem", players, boards[k], dead=other)
        assert board.dealt == n
        assert_matches(board, want)
    for i, p in enumerate(r.players):
        for name, share in p.by_category.items():
            mean = sum(b.players[i].by_category[name] for b in r.per_board) / 2
            assert share == pytest.approx(mean, abs=TOL)
        assert sum(p.by_category.values()) == pytest.approx(p.equity, abs=TOL)
    again = pokerlut.equity(players, board="Kd 7c 2h", boards=2, by_category=True)  # run it twice
    assert again.players[1].by_category == pytest.approx(again.per_board[0].players[1].by_category)


def test_ranges_weight_each_deal_as_the_rules_say():
    board, ranges = "Kh 7d 2c 3s", ["KK,AKs:0.5", "JJ,AQs"]
    r = pokerlut.equity(ranges, board=board, by_category=True)
    assert r.exact
    want, _ = by_category("holdem", ranges, board)  # each deal of hands by its weight
    assert_matches(r, want)
    assert r.players[0].by_category["one pair"] > 0  # AK: a pair of kings


MONTE_CARLO = [
    ("holdem", ["AhKh", "QsQd", "9c8c"], "Th 7h 2c", ""),
    ("omaha-hi-lo", ["Ah 4h Qd Jc", "Ad 4c Qs Jh", "Kd Kh 9c 9d"], "2c 3d 8h Kc", ""),
    ("razz", ["As 2h 3c 4d 9s 8h", "Ks 2s 3h 5c 6s 7h"], "", "Ac 4s"),
    ("holdem", ["AsAh", "KsKh", "QcQd"], "", ""),  # preflop: against exact, not brute force
]


@pytest.mark.parametrize("game, players, board, dead", MONTE_CARLO)
def test_monte_carlo_is_within_4_standard_errors_of_exact(game, players, board, dead):
    exact = pokerlut.equity(players, board=board, dead=dead, deal=game, exact=True, by_category=True)
    trials = 200_000
    sim = pokerlut.equity(
        players, board=board, dead=dead, deal=game, trials=trials, seed=11, by_category=True
    )
    assert not sim.exact and sim.dealt == trials
    for p, q in zip(sim.players, exact.players):
        assert list(p.by_category) == list(q.by_category)
        for name, mean in q.by_category.items():
            # a showdown's share in [0, 1] with mean m has a variance of at most m (1 - m)
            stderr = math.sqrt(mean * (1 - mean) / trials)
            assert abs(p.by_category[name] - mean) <= 4 * stderr + 1e-12, (p.hand, name)
        assert sum(p.by_category.values()) == pytest.approx(p.equity, rel=TOL, abs=TOL)
    plain = pokerlut.equity(players, board=board, dead=dead, deal=game, trials=trials, seed=11)
    assert [p.equity for p in plain.players] == pytest.approx(
        [p.equity for p in sim.players], abs=TOL
    )  # the same deals


def test_monte_carlo_is_reproducible_by_seed_whatever_the_threads():
    kwargs = dict(board="Th 7h 2c", trials=50_000, seed=5, by_category=True)
    one = pokerlut.equity(["AhKh", "QsQd", "9c8c"], threads=1, **kwargs)
    two = pokerlut.equity(["AhKh", "QsQd", "9c8c"], threads=2, **kwargs)
    assert one.players == two.players
    other = pokerlut.equity(["AhKh", "QsQd", "9c8c"], **{**kwargs, "seed": 6})
    assert other.players != one.players


def test_result_repr_and_dict():
    r = pokerlut.equity(["AsAh", "KsKh"], board="Kd 7c 2h 3s", by_category=True)
    text = str(r)
    assert "by category" in text and "four of a kind" in text and "2.2727%" in text
    assert "by_category={'straight flush': 0.0" in repr(r.players[1])
    plain = pokerlut.equity(["AsAh", "KsKh"], board="Kd 7c 2h 3s")
    assert "by category" not in str(plain) and "by_category" not in repr(plain.players[0])
    assert "by_category" not in plain.to_dict()["players"][0]  # not counted: not in the data
    data = json.loads(json.dumps(r.to_dict()))
    assert data["players"][1]["by_category"]["four of a kind"] == pytest.approx(1 / 44)
    double = pokerlut.equity(["AsAh", "KsKh"], board="Kd 7c 2h", boards=2, by_category=True)
    data = double.to_dict()
    assert set(data["players"][0]["by_category"]) == set(HIGH_NAMES)
    assert set(data["per_board"][1]["players"][0]["by_category"]) == set(HIGH_NAMES)


def test_the_cli_prints_the_table_and_json(capsys):
    from pokerlut.cli import main

    assert main(["equity", "AsAh", "KsKh", "--board", "Kd 7c 2h 3s", "--by-category", "--quiet"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("by category"))
    assert lines[head].split() == ["by", "category", "AsAh", "KsKh"]
    rows = {line[:16].strip(): line[16:].split() for line in lines[head + 1 : head + 10]}
    assert list(rows) == HIGH_NAMES
    assert rows["four of a kind"] == ["0.0000%", "2.2727%"]
    assert rows["three of a kind"] == ["4.5455%", "72.7273%"]
    assert (
        main(
            [
                "equity",
                "As 2d 3c 4h",
                "Ah 2c 5s Kd",
                "--board",
                "6h 7d Qc Js",
                "--deal",
                "omaha-hi-lo",
                "--by-category",
                "--json",
                "--quiet",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    for player in data["players"]:
        assert sum(player["by_category"].values()) == pytest.approx(player["equity"], abs=TOL)
        assert list(player["by_category"])[-4:] == ["wheel", "6-low", "7-low", "8-low"]
    assert (
        main(["equity", "AsAh", "KsKh", "--board", "Kd 7c 2h", "--boards", "2", "--by-category", "--quiet"])
        == 0
    )
    assert capsys.readouterr().out.count("by category") == 3  # the pot, then each board
    assert main(["equity", "AsAh", "KsKh", "--board", "Kd 7c 2h 3s", "--quiet"]) == 0
    assert "by category" not in capsys.readouterr().out


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_bad_by_category(value):
    with pytest.raises(TypeError, match="by_category must be True or False"):
        pokerlut.equity(["AsAh", "KsKh"], board="Kd 7c 2h 3s", by_category=value)
