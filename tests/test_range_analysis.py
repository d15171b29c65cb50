"""Range analysis (issue 47): equity after each next card, the equity distribution of a range,
outs and nut outs. Each against the slow reference (tests/reference/equity.py: every deal and
board enumerated, hands valued by tests/reference/games.py), against `equity` itself (exactly:
the same figures, bit for bit, where the analysis takes a range apart) or against a brute force
written here from the rules with `evaluate`, never from the fast code."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

import numpy as np
import pytest

import pokerlut
import reference.equity as reference
from pokerlut import equity, equity_by_card, equity_distribution, evaluate, outs, parse_cards, parse_range


def figures(result, player=None):
    """(equity, win, tie) of every player of an EquityResult, or of one."""
    players = result.players if player is None else [result.players[player]]
    return [(p.equity, p.win, p.tie) for p in players]


# --- equity by card ----------------------------------------------------------------------------

BY_CARD = [
    (["AsAh", "KsKh"], "Kd 7c 2h", "", "holdem"),
    (["AhKh", "QQ+,AQs"], "Qh 7h 2c", "", "holdem"),  # a hand against a range, on the flop
    (["QQ+,AK", "22+,A2s+"], "Kh 7d 2c 3s", "", "holdem"),  # range against range, on the turn
    (["AKs:0.5,QQ", "JJ", "T9s"], "Jd 8s 2h", "Ah", "holdem"),  # weights, dead, three players
    (["AsKs", "QQ+"], "Js Ts 6h", "", "short-deck"),
    (["AhKhQdJd", "8c7c6s5s"], "Th 9c 2h", "", "omaha"),
    (["As 2d 3c 4h", "Ks Kh Qd Qc"], "5h 6d 9c Tc", "", "omaha-hi-lo"),
]


@pytest.mark.parametrize("hands, board, dead, deal", BY_CARD)
def test_each_card_is_equity_with_that_card_on_the_board(hands, board, dead, deal):
    r = equity_by_card(hands, board, dead, deal=deal)
    deck = pokerlut.deck("short" if deal == "short-deck" else "standard")
    assert len(r.cards) == len(r.per_card) == len(r.probabilities) > 0
    assert set(r.cards) <= {pokerlut.format_card(c) for c in deck.tolist()} - set(board.split()) - {dead}
    for k in np.random.default_rng(47).choice(len(r.cards), 3, replace=False):
        card, result = r.cards[k], r.per_card[k]  # against every deal and board with the card
        want = reference.equity(deal, hands, f"{board} {card}", dead)
        assert result.dealt == want.deals and result.board == f"{board} {card}", card
        for got, player in zip(result.players, want.players):
            expected = (float(player.equity), float(player.win), float(player.tie))
            assert (got.equity, got.win, got.tie) == pytest.approx(expected, abs=1e-12), card
    assert sum(r.probabilities) == pytest.approx(1, abs=1e-12)
    street = equity(hands, board, dead, deal=deal, exact=True)
    for mine, theirs in zip(r.players, street.players):
        assert mine.equity == pytest.approx(theirs.equity, abs=1e-12)
        assert mine.win == pytest.approx(theirs.win, abs=1e-12)
        assert mine.tie == pytest.approx(theirs.tie, abs=1e-12)


def test_each_card_of_hand_against_hand_is_equally_likely_and_in_deck_order():
    r = equity_by_card(["AsAh", "KsKh"], "Kd 7c 2h")
    assert len(r.cards) == 45 and set(r.probabilities) == {1 / 45}
    assert r.cards[:3] == ("Ad", "Ac", "Kc") and r.cards[-1] == "2c" and r.street == "turn"
    river = equity_by_card(["AsAh", "KsKh"], "Kd 7c 2h 3s")
    assert len(river.cards) == 44 and river.street == "river"


def test_a_card_that_the_range_always_holds_is_not_listed():
    r = equity_by_card(["AsAh", "KcKd"], "2c 7d 9h")  # a specific hand's cards cannot come
    assert not {"As", "Ah", "Kc", "Kd"} & set(r.cards)
    r = equity_by_card(["AsAh", "KK"], "2c 7d 9h")  # the range: KK holds each king sometimes
    assert {"Ks", "Kh", "Kd", "Kc"} <= set(r.cards)
    brute = {}  # the chance of each card: the deals of KK that leave it, as a share
    for combo in itertools.combinations(parse_cards("Ks Kh Kd Kc").tolist(), 2):
        for card in set(range(52)) - set(parse_cards("As Ah 2c 7d 9h").tolist()) - set(combo):
            brute[card] = brute.get(card, 0) + 1
    total = sum(brute.values())
    for card, p in zip(r.cards, r.probabilities):
        assert p == pytest.approx(brute[int(parse_cards(card)[0])] / total, abs=1e-15)


def test_by_card_frame_dict_and_repr():
    r = equity_by_card(["AsAh", "KsKh"], "Kd 7c 2h")
    frame = r.to_frame()
    assert list(frame.columns) == [
        "probability",
        "dealt",
        "deals",  # the old name of dealt, for one release
        "equity_0",
        "win_0",
        "tie_0",
        "equity_1",
        "win_1",
        "tie_1",
    ]
    assert list(frame.index) == list(r.cards) and frame.loc["Kc", "equity_1"] == 1.0
    data = r.to_dict()
    assert json.loads(json.dumps(data)) == data and len(data["cards"]) == 45
    assert "\n" not in repr(r) and len(str(r).splitlines()) == 46


# --- the equity distribution -------------------------------------------------------------------

DISTRIBUTIONS = [
    (["TT+,AK", "22+"], "Kh 7d 2c", "", 0, "holdem"),
    (["AKs:0.5,QQ,JTs", "KK,AA:0.25,T9s"], "Jd 8s 2h", "Ah", 0, "holdem"),  # weights and dead
    (["JJ", "AK,QQ+", "random"], "Kh 7d 2c 3s", "", 1, "holdem"),  # the middle player, 3-way
    (["AA,KK", "QQ,JJ"], "", "", 0, "holdem"),  # preflop, narrow ranges
    (["AsKs,AhKh,AsQs", "TT+"], "Js Ts 6h", "", 0, "short-deck"),
    (["AhKhQdJd,8c7c6s5s,AsAdKcQc", "9d9h8s8d"], "Th 9c 2h", "", 0, "omaha"),
]


@pytest.mark.parametrize("hands, board, dead, player, deal", DISTRIBUTIONS)
def test_each_hand_is_equity_with_that_hand_in_place_of_the_range(hands, board, dead, player, deal):
    r = equity_distribution(hands, board, dead, player=player, deal=deal)
    whole = equity(hands, board, dead, deal=deal, exact=True).players[player]
    assert r.equity == pytest.approx(whole.equity, abs=1e-12)
    assert r.win == pytest.approx(whole.win, abs=1e-12) and r.tie == pytest.approx(whole.tie, abs=1e-12)
    assert r.frequencies.sum() == pytest.approx(1, abs=1e-12)
    sample = (
        range(len(r.combos))
        if len(r.combos) <= 12
        else np.random.default_rng(47).choice(len(r.combos), 12, replace=False)
    )
    for k in sample:
        combo = r.combos[k]
        if deal == "omaha":
            combo = " ".join(combo[i : i + 2] for i in range(0, len(combo), 2))
        alone = [combo if i == player else h for i, h in enumerate(hands)]
        expected = equity(alone, board, dead, deal=deal, exact=True)
        assert (r.equities[k], r.wins[k], r.ties[k]) == figures(expected, player)[0], r.combos[k]
        assert r.dealt[k] == expected.dealt


def test_the_frequencies_count_card_removal_and_weights():
    r = equity_distribution(["AKs:0.5,QQ", "KK"], "Kh 7d 2c")
    kings = list(itertools.combinations(parse_cards("Ks Kd Kc").tolist(), 2))  # Kh is on the board
    weight = {}  # each combo's weight times the holdings of KK it can meet
    mine = parse_range("AKs:0.5,QQ").remove("Kh 7d 2c")
    for combo, w in zip(mine.combos.tolist(), mine.weights.tolist()):
        weight[pokerlut.format_cards(combo[::-1], sep="")] = w * sum(not set(combo) & set(k) for k in kings)
    total = sum(weight.values())
    assert set(r.combos) == set(weight) and weight["AsKs"] == 0.5 and weight["QsQh"] == 3
    for combo, f in zip(r.combos, r.frequencies):
        assert f == pytest.approx(weight[combo] / total, abs=1e-15)


def test_curve_buckets_frame_and_dict():
    r = equity_distribution(["TT+,AK", "22+"], "Kh 7d 2c")
    x, y = r.curve()
    assert x[-1] == pytest.approx(1) and np.all(np.diff(x) > 0) and np.all(np.diff(y) <= 0)
    buckets = r.buckets()
    assert len(buckets) == 10 and sum(b["combos"] for b in buckets) == len(r.combos)
    assert sum(b["frequency"] for b in buckets) == pytest.approx(1)
    for b in buckets:
        inside = (r.equities >= b["low"]) & ((r.equities < b["high"]) | (b["high"] == 1))
        assert b["combos"] == inside.sum()
    frame = r.to_frame()
    assert list(frame.columns) == ["weight", "frequency", "equity", "win", "tie", "dealt", "deals"]
    assert (frame.deals == frame.dealt).all()  # the old name, for one release
    assert frame.index.name == "combo" and frame.equity.is_monotonic_decreasing
    data = r.to_dict()
    assert json.loads(json.dumps(data)) == data and len(data["combos"]) == len(r.combos)
    assert "\n" not in repr(r) and len(repr(r)) < 200


def test_preflop_with_wide_ranges_is_too_much_work():
    with pytest.raises(ValueError, match="give a flop"):
        equity_distribution(["random", "random"])


# --- outs --------------------------------------------------------------------------------------


def brute_outs(hand, against, board, dead="", deck=52, game="high", omaha=False):
    """Each possible next card: (share of the opponents' holdings beaten, tied, nuts), from
    the rules: every holding of the opponents (ranges: weighted combos) and, for the nuts,
    every two unseen cards, each evaluated with `evaluate` on the board with the card."""
    hero = parse_cards(hand).tolist()
    board_cards, dead_cards = parse_cards(board).tolist(), parse_cards(dead).tolist() if dead else []
    cards = pokerlut.deck("short" if deck == 36 else "standard").tolist()
    seen = set(hero) | set(board_cards) | set(dead_cards)

    def strength(hole, cards_on_board):
        if not omaha:
            return evaluate([*hole, *cards_on_board], game=game)
        return max(
            evaluate([*two, *three], game=game)
            for two in itertools.combinations(hole, 2)
            for three in itertools.combinations(cards_on_board, 3)
        )

    holdings = []  # each opponent's (cards, weight) options
    for text in against:
        try:
            r = parse_range(text)
            holdings.append([(c, w) for c, w in zip(r.combos.tolist(), r.weights.tolist())])
        except ValueError:
            holdings.append([(parse_cards(h).tolist(), 1.0) for h in text.split(",")])
    result = {}
    for card in sorted(set(cards) - seen, reverse=True):
        on_board = [*board_cards, card]
        mine = strength(hero, on_board)
        won = tied = total = 0.0
        for deal in itertools.product(*holdings):
            used = [c for hole, _ in deal for c in hole]
            if len(set(used)) < len(used) or set(used) & (seen | {card}):
                continue
            weight = float(np.prod([w for _, w in deal]))
            best = max(strength(hole, on_board) for hole, _ in deal)
            total += weight
            won += weight * (mine > best)
            tied += weight * (mine == best)
        if total == 0:
            continue
        unseen = sorted(set(cards) - seen - {card})
        nuts = (
            all(strength(list(two), on_board) <= mine for two in itertools.combinations(unseen, 2))
            if not omaha
            else all(
                evaluate([*two, *three], game=game) <= mine
                for two in itertools.combinations(unseen, 2)
                for three in itertools.combinations(on_board, 3)
            )
        )
        result[pokerlut.format_card(card)] = (won / total, tied / total, nuts)
    return result


OUTS = [
    (["AhKh", "QsQd"], "Qh 7h 2c", "", "holdem"),
    (["8h 7h", "As Ac"], "Ah 6h 2c Kd", "", "holdem"),
    (["Ks Qs", "QQ+,AK"], "Js Ts 2d", "", "holdem"),
    (["9c 8c", "AA", "Kd Qd"], "Tc 7d 2c", "3h", "holdem"),
    (["Ah Kd", "QQ,JTs:0.5"], "Qh Jh 6c 7s", "", "holdem"),
    (["As Ks", "Qd Qc"], "Js Ts 6h", "", "short-deck"),
    (["Ah Kh Qd Jd", "8c 7c 6s 5s"], "Th 9c 2h", "", "omaha"),
]


@pytest.mark.parametrize("hands, board, dead, deal", OUTS)
def test_outs_and_nut_outs_are_the_brute_force(hands, board, dead, deal):
    r = outs(hands, board, dead, deal=deal)
    game = "short-deck" if deal == "short-deck" else "high"
    brute = brute_outs(
        hands[0], hands[1:], board, dead, 36 if deal == "short-deck" else 52, game, deal == "omaha"
    )
    assert list(r.cards) == list(brute)
    for card, beats, ties, nut in zip(r.cards, r.beats, r.ties, r.nuts):
        won, tied, nuts = brute[card]
        assert beats == pytest.approx(won, abs=1e-12) and ties == pytest.approx(tied, abs=1e-12), card
        assert nut == nuts, card
    assert r.outs == tuple(c for c, (won, _, _) in brute.items() if won == 1)
    assert r.nut_outs == tuple(c for c, (_, _, nuts) in brute.items() if nuts)


def test_outs_of_another_player_frame_and_dict():
    r = outs(["QsQd", "AhKh"], "Qh 7h 2c", player=1)
    assert r.hand == "AhKh" and r.against == ("QsQd",) and len(r.outs) == 8
    assert r.beats_now == 0.0
    frame = r.to_frame()
    assert list(frame.columns) == ["beats", "ties", "out", "nuts", "makes"]
    assert frame.loc["Jh", "out"] and frame.loc["Jh", "makes"] == "Flush, ace-high"
    data = r.to_dict()
    assert json.loads(json.dumps(data)) == data and data["outs"] == list(r.outs)


# --- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: equity_by_card("AsAh KsKh", "Kd 7c 2h"), TypeError, "list of hands"),
        (lambda: equity_by_card(["AsAh", "KsKh"], "Kd 7c"), ValueError, "3 or 4 cards, not 2"),
        (lambda: equity_by_card(["AsAh", "KsKh"], "Kd 7c 2h 3s 4s"), ValueError, "not 5"),
        (lambda: equity_by_card(["AsAh", "KsKh"], 5.5), TypeError, "board"),
        (
            lambda: equity_by_card(["As 2h 3c", "Ks Kh 9c"], "Kd 7c 2d", deal="razz"),
            ValueError,
            "board games",
        ),
        (lambda: equity_by_card(["AsAh", "KsKh"], "Kd 7c 2h", deal=3), TypeError, "deal"),
        (lambda: equity_by_card(["AsAh", "AsKh"], "Kd 7c 2h"), ValueError, "card As"),
        (lambda: equity_by_card(["AsAh", "KsKh"], "Kd 7c 2h", threads=0), ValueError, "threads"),
        (lambda: equity_by_card(["random", "random", "random"], "Kd 7c 2h"), ValueError, "too many"),
        (
            lambda: equity_distribution(["AA", "KK"], "Kd 7c 2h", player=2),
            ValueError,
            "player must be 0 .. 1",
        ),
        (lambda: equity_distribution(["AA", "KK"], "Kd 7c 2h", player="0"), TypeError, "player"),
        (lambda: equity_distribution(["AA", "QQx"], "Kd 7c 2h"), ValueError, "QQx"),
        (lambda: outs(["AA", "KK"], "Kd 7c 2h"), ValueError, "one hand, not a range"),
        (lambda: outs(["AsAh", "KK"], "Kd 7c 2h 3s 4s"), ValueError, "3 or 4 cards"),
        (lambda: outs(["As 2d 3c 4h", "Ks Kh Qd Qc"], "5h 6d 9c", deal="omaha-hi-lo"), ValueError, "hi-lo"),
        (lambda: equity_distribution(["TT+", "22+"], "Kh 7d 2c").buckets(0.3), ValueError, "divide 1"),
        (
            lambda: equity_by_card(["AsAh", "KsKh"], "Kd 7c 2h").plot(5),
            TypeError,
            "file path or a matplotlib Axes",
        ),
        (lambda: equity_by_card(["AsAh", "KsKh"], "Kd 7c 2h").plot("x.png", player=2), ValueError, "player"),
    ],
)
def test_bad_input_is_named(call, error, words):
    with pytest.raises(error, match=words):
        call()


# --- pictures ----------------------------------------------------------------------------------


def test_pictures(tmp_path):
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    by_card = equity_by_card(["AhKh", "QQ+"], "Qh 7h 2c")
    assert by_card.plot(tmp_path / "turn.png", player=1) is None
    assert (tmp_path / "turn.png").stat().st_size > 10_000
    ax = Figure().add_subplot()
    assert by_card.plot(ax) is ax and len(ax.texts) == 52
    curve = equity_distribution(["TT+,AK", "22+"], "Kh 7d 2c")
    curve.plot(str(tmp_path / "curve.svg"))
    assert (tmp_path / "curve.svg").read_text().startswith("<?xml")


def test_pictures_without_matplotlib_name_the_extra(monkeypatch):
    r = equity_by_card(["AsAh", "KsKh"], "Kd 7c 2h 3s")
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    with pytest.raises(ImportError, match=r"pokerlut\[plot\]"):
        r.plot("x.png")


# --- the command line --------------------------------------------------------------------------


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pokerlut", "range", *args], capture_output=True, text=True, timeout=300
    )


def test_cli_by_card(tmp_path):
    done = run("by-card", "AsAh", "KsKh", "--board", "Kd 7c 2h", "--png", str(tmp_path / "t.png"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("EquityByCard(holdem, board Kd 7c 2h, 45 turn cards")
    assert "Kc" in done.stdout and (tmp_path / "t.png").is_file()
    data = json.loads(run("by-card", "AsAh", "KsKh", "--board", "Kd 7c 2h 3s", "--json").stdout)
    assert data["street"] == "river" and len(data["cards"]) == 44


def test_cli_distribution(tmp_path):
    done = run("distribution", "TT+,AK", "22+", "--board", "Kh 7d 2c", "--png", str(tmp_path / "c.png"))
    assert done.returncode == 0, done.stderr
    assert "AsAh" in done.stdout and "90% - 100%" in done.stdout and (tmp_path / "c.png").is_file()
    data = json.loads(
        run("distribution", "TT+,AK", "22+", "--board", "Kh 7d 2c", "--width", "0.25", "--json").stdout
    )
    assert len(data["buckets"]) == 4 and len(data["combos"]) == 39


def test_cli_outs():
    done = run("outs", "AhKh", "QsQd", "--board", "Qh 7h 2c")
    assert done.returncode == 0, done.stderr
    assert "outs (8): Jh Th 9h 8h 6h 5h 4h 3h" in done.stdout
    data = json.loads(run("outs", "QsQd", "AhKh", "--board", "Qh 7h 2c", "--player", "1", "--json").stdout)
    assert data["hand"] == "AhKh" and len(data["outs"]) == 8


@pytest.mark.parametrize(
    "args, words",
    [
        (("by-card", "AsAh", "KsKh", "--board", "Kd 7c"), "not 2"),
        (("outs", "AA", "KK", "--board", "Kd 7c 2h"), "one hand"),
        (("distribution", "AA", "KK", "--player", "3"), "player"),
    ],
)
def test_cli_bad_input_is_one_line(args, words):
    done = run(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and words in done.stderr
