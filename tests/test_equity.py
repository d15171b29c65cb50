"""Tests for pokerlut._equity.front: `equity()` and `EquityResult`.

- published exact figures (AsAh vs KsKh, AA vs KK);
- exact enumeration against the slow pure-Python reference (tests/reference/equity.py, every
  board over reference.games' keys), hold'em and Omaha, hands, ranges, weights and dead cards;
- Monte Carlo against exact (within 3 standard errors), reproducibility by seed and thread count;
- overlapping and weighted ranges stay unbiased in simulation;
- the result API, input errors, and how `exact=` picks between enumeration and simulation.

The reference shares nothing with the engine: it parses cards, expands range classes and
scores hands itself.
"""

from __future__ import annotations

import itertools
import json
import math

import numba
import numpy as np
import pytest

import reference.equity as reference
from pokerlut import EquityResult, equity
from pokerlut._equity import front as engine
from pokerlut._equity import montecarlo
from pokerlut._equity.ranges import parse_range
from pokerlut._equity.board import MAX_DEALS, BoardSetup
from pokerlut._equity.deal import resolve_deal
from pokerlut._equity.exact import exact_chunk

TIGHT = 1e-12  # exact engine vs exact reference


# ---------------------------------------------------------------------------------------------
# the reference


def assert_matches_brute_force(players, board="", dead="", game="holdem", **kwargs):
    """`equity` exact and equal to the reference's enumeration, win, tie and equity."""
    result = equity(players, board, dead, deal=game, **kwargs)
    assert result.exact
    expected = reference.equity(game, players, board, dead)
    for got, want in zip(result.players, expected.players):
        assert got.win == pytest.approx(float(want.win), abs=TIGHT), (got, float(want.win))
        assert got.tie == pytest.approx(float(want.tie), abs=TIGHT), (got, float(want.tie))
        assert got.equity == pytest.approx(float(want.equity), abs=TIGHT), (got, float(want.equity))
        assert got.stderr == 0
    return result, expected


# ---------------------------------------------------------------------------------------------
# 1. published exact figures


def test_aces_vs_kings_suited_exact_counts():
    r = equity(["AsAh", "KsKh"])
    assert r.exact and r.dealt == 1_712_304 == math.comb(48, 5)
    aces, kings = r.players
    assert round(aces.win * r.dealt) == 1_410_336
    assert round(aces.tie * r.dealt) == 9_308
    assert round((1 - aces.win - aces.tie) * r.dealt) == 292_660
    assert round(kings.win * r.dealt) == 292_660
    assert round(kings.tie * r.dealt) == 9_308
    # the counts are exact: the shares are those integers over the boards to float precision
    assert aces.win == pytest.approx(1_410_336 / 1_712_304, abs=TIGHT)
    assert aces.equity == pytest.approx((1_410_336 + 9_308 / 2) / 1_712_304, abs=TIGHT)
    assert aces.equity + kings.equity == pytest.approx(1, abs=TIGHT)


def test_aa_vs_kk_ranges_exact_counts():
    r = equity(["AA", "KK"])
    assert r.exact and r.dealt == 61_642_944 == 36 * math.comb(48, 5)
    aces, kings = r.players
    assert round(aces.win * r.dealt) == 50_371_344
    assert round(aces.tie * r.dealt) == 285_228
    assert round((1 - aces.win - aces.tie) * r.dealt) == 10_986_372
    assert round(kings.win * r.dealt) == 10_986_372
    assert aces.equity == pytest.approx((50_371_344 + 285_228 / 2) / 61_642_944, abs=TIGHT)


# ---------------------------------------------------------------------------------------------
# 2. exact enumeration against the brute force

TURN_SPOTS = [
    # heads-up: made set against overcards with a flush draw
    (["AsKd", "QhQc"], "Qs 7s 2d 9s", ""),
    # 3-way with flush and straight draws
    (["AsKs", "QdQc", "JhTh"], "Qs Js 2d 9c", ""),
    # split-pot heavy: a four-card straight on board, chops on every 5 and T
    (["AcKd", "AhQh", "2c2d"], "6c 7d 8h 9s", ""),
    # every river splits: nobody can improve past the board straight... except on a ten
    (["AcKd", "AhKh"], "6c 7d 8h 9s", ""),
    # the wheel and ace-low draws
    (["4s5s", "AcKc", "QdJd"], "Ah 2c 3d Kd", ""),
    # 4-way
    (["AsKd", "QhQc", "7c7d", "JhTh"], "Qs 7s 2d 9s", ""),
]

RIVER_SPOTS = [
    (["AsKd", "QhQc"], "Qs 7s 2d 9s 3c", ""),
    # royal flush for one, a quad-less board with four to a royal
    (["Ts3c", "Th9h", "AhAd", "2c2h"], "As Ks Qs Js 2d", ""),
    # the board plays: broadway on board, everybody splits
    (["2c3d", "4h5s", "7c7d"], "Tc Jd Qh Ks Ac", ""),
    # kickers: same pair, the fifth card decides; leftover cards never do
    (["Ac9d", "Ad8c"], "Ah Kc Qd 4s 3h", ""),
    (["Ac2d", "Ad3c"], "Ah Kc Qd Js 9h", ""),
]


@pytest.mark.parametrize(("players", "board", "dead"), TURN_SPOTS + RIVER_SPOTS)
def test_holdem_hands_vs_brute_force(players, board, dead):
    result, expected = assert_matches_brute_force(players, board, dead)
    live = 52 - len(reference.cards(board)) - 2 * len(players)
    assert result.dealt == math.comb(live, 5 - len(reference.cards(board)))


def test_split_pot_spot_really_splits():
    result, _ = assert_matches_brute_force(["AcKd", "AhKh"], "6c 7d 8h 9s")
    for p in result.players:  # no flush possible: 8h is the only board heart
        assert p.win == 0 and p.tie == 1 and p.equity == 0.5
    result, _ = assert_matches_brute_force(["2c3d", "4h5s", "7c7d"], "Tc Jd Qh Ks Ac")
    assert [p.equity for p in result.players] == pytest.approx([1 / 3] * 3, abs=TIGHT)


def test_holdem_flop_vs_brute_force():
    # 990 boards per deal; the range leaves 3 combos of queens (Qs is on the board)
    result, _ = assert_matches_brute_force(["AsKd", "QQ"], "Qs 7s 2d")
    assert result.dealt == 3 * math.comb(45, 2)


def test_dead_cards_vs_brute_force():
    result, _ = assert_matches_brute_force(["AsKd", "QhQc"], "Qs 7s 2d 9s", dead="Ts 3s 8c")
    assert result.dealt == 52 - 4 - 4 - 3
    assert set(result.dead.split()) == {"Ts", "3s", "8c"}
    # 3-way on the river with dead cards too (dead cards never matter once the board is full,
    # but they do remove range combos)
    assert_matches_brute_force(["AA,KK", "QhQc", "JdTd"], "Qs 7s 2d 9s 3c", dead="As Kc")


def test_dead_cards_change_the_answer():
    live = equity(["AsKd", "QhQc"], "Qs 7s 2d 9s")
    dead = equity(["AsKd", "QhQc"], "Qs 7s 2d 9s", dead="Ts 3s 8c")
    assert dead.players[0].equity != live.players[0].equity


def test_range_vs_hand_on_the_river_vs_brute_force():
    # villain's range: AKs at half weight (two combos blocked by the hero's kings), QQ (Qs on
    # board), JTs (JsTs makes a flush)
    result, expected = assert_matches_brute_force(["AKs:0.5, QQ, JTs", "KhKd"], "Qs 7s 2d 9s 3c")
    assert result.dealt == 2 + 3 + 4  # collision-free deals, one board each
    assert 0 < expected.players[0].equity < 1


def test_range_vs_range_on_the_river_vs_brute_force():
    # overlapping ranges with weights: deals where both hold the same card are dropped
    assert_matches_brute_force(["QQ, KK, AKs:0.5", "KK, AA, AQs:0.25"], "Qs 7s 2d 9c 3c")


def test_ranges_3way_turn_vs_brute_force():
    assert_matches_brute_force(["TT, JJ, QQ, KK:0.5", "AsKd", "9c8c"], "Ts 7s 2d 6h")


OMAHA_TURN_SPOTS = [
    (["AsKsQdJd", "9h9c8h7c"], "Ts 8d 2h 3s"),
    # 5- and 6-card Omaha hands together
    (["AsKsQdJdTc", "9h9c8h7c6d5d", "2c2d4h4s"], "Ts 8d 2h 3s"),
]


@pytest.mark.parametrize(("players", "board"), OMAHA_TURN_SPOTS)
def test_omaha_turn_vs_brute_force(players, board):
    result, _ = assert_matches_brute_force(players, board, game="omaha")
    assert result.deal == "omaha"


def test_omaha_flop_vs_brute_force():
    result, _ = assert_matches_brute_force(["AsKsQdJd", "9h9c8h7c"], "Ts 8d 2h", game="omaha")
    assert result.dealt == math.comb(52 - 3 - 8, 2)


def test_omaha_uses_exactly_two_hole_cards():
    # a hold'em player would have the nut flush (As + four board spades) and a straight
    # (A K Q J T); in Omaha two hole cards plus three board cards make neither; the pair of
    # eights (88 in the hole + three board cards) wins every time
    board = "2s 5s 9s Ks 3d"
    players = ["AsQdJcTh", "7c7d8h8c"]
    result, _ = assert_matches_brute_force(players, board, game="omaha")
    assert result.players[1].equity == 1.0
    holdem_like = reference.equity("holdem", ["AsQd", "8h8c"], board)
    assert holdem_like.players[0].equity == 1  # ... while in hold'em the flush wins


def test_exact_range_on_the_flop_is_the_weighted_mean_of_its_deals():
    # >= 64 deals enumerate the flop one way, a single deal another: they must agree
    villain = ["QcQd", "QcQh", "QdQh", "AcKc", "AdKd", "AhKh", "AsKs", "JcJd"]
    text = "QQ, AKs:0.5, JcJd"  # Qs is on the board
    hero_range = "TT+, 99:0.25"  # 24 live combos x villain's, with collisions dropped
    board = "Qs 7s 2d"
    combined = equity([hero_range, text], board)
    assert combined.exact
    total, acc = 0.0, 0.0
    weights = {"QcQd": 1, "QcQh": 1, "QdQh": 1, "AcKc": 0.5, "AdKd": 0.5, "AhKh": 0.5, "AsKs": 0.5, "JcJd": 1}
    ranks = "9TJQKA"
    hero = []
    for r in ranks:
        for a, b in itertools.combinations("cdhs", 2):
            hand = f"{r}{a}{r}{b}"
            if "Qs" in (hand[:2], hand[2:]):
                continue
            hero.append((hand, 0.25 if r == "9" else 1.0))
    deals = 0
    for h, hw in hero:
        for v in villain:
            if {h[:2], h[2:]} & {v[:2], v[2:]}:
                continue
            deals += 1
            one = equity([h, v], board)
            w = hw * weights[v]
            total += w
            acc += w * one.players[0].equity
    assert deals >= 64
    assert combined.players[0].equity == pytest.approx(acc / total, abs=TIGHT)
    assert combined.dealt == deals * math.comb(45, 2)


def counting_spots(n: int, seed: int = 2026):
    """Random hold'em spots heavy in flushes: hole cards and board drawn mostly from two suits,
    0 to 5 board cards, 2 to 6 players, sometimes dead cards or a range, three decks."""
    rng = np.random.default_rng(seed)
    spots = []
    for i in range(n):
        game = ("holdem", "short-deck", "short-deck-trips")[i % 3]
        ranks = "23456789TJQKA" if game == "holdem" else "6789TJQKA"
        players = int(rng.integers(2, 5 if i % 4 else 7))
        n_board = int(rng.choice([0, 0, 1, 2, 3, 3, 4, 5]))
        n_dead = int(rng.choice([0, 0, 0, 1, 3]))
        suits = "sh" if rng.random() < 0.7 else "shdc"
        deck = [r + s for r in ranks for s in suits] + [r + s for r in ranks for s in "dc"]
        picked, seen = [], set()
        for card in rng.permutation(deck):
            if card not in seen:
                seen.add(card)
                picked.append(str(card))
        holes = ["".join(picked[2 * p : 2 * p + 2]) for p in range(players)]
        rest = picked[2 * players :]
        board, dead = " ".join(rest[:n_board]), " ".join(rest[n_board : n_board + n_dead])
        if i % 5 == 0 and n_board >= 3 and game == "holdem":
            holes[-1] = "random"  # many deals: one work item per deal
        spots.append((holes, board, dead, game))
    return spots


# Spots where suits mirror each other (the board, the live cards and every player hold the
# same ranks in them) or nearly do: a dead card, a board card or who holds what breaks it.
MIRROR_SPOTS = [
    (["AsKs", "QsJs"], "", "", "holdem"),  # hearts, diamonds, clubs: three mirrors
    (["AsKs", "QsJs"], "", "2h", "holdem"),  # a dead heart: diamonds and clubs only
    (["AsKs", "QsJs"], "2h", "2d", "holdem"),  # the same live cards, but a heart on the board
    (["AsKs", "QsJs"], "", "", "short-deck"),
    (["AsAh", "KsKh"], "2s 2h", "", "holdem"),  # spades and hearts, clubs and diamonds
    (["AsAh", "KsKh"], "2s", "", "holdem"),  # the board breaks spades from hearts
    (["AhKh", "AsKs"], "2c 3d", "", "holdem"),  # same ranks overall, but not per player
    (["AhKh", "AsKs", "QdQc"], "", "", "holdem"),
    (["7s6s", "7h6h", "AcAd"], "5s 5h", "", "holdem"),
    (["QQ, KK", "AA"], "", "", "holdem"),  # many deals, a few mirror
]


@pytest.mark.parametrize(("players", "board", "dead", "game"), counting_spots(60) + MIRROR_SPOTS)
def test_boards_counted_in_classes_equal_boards_dealt_one_by_one(players, board, dead, game):
    """Hold'em's exact enumeration counts boards in classes (`kernels.boards`; a suit that
    mirrors another is counted once, twice as heavy); dealing every board and evaluating every
    hand (the kernel the brute force checks above) must give the very same integer counts."""
    setup = BoardSetup(players, board, dead, resolve_deal(game))
    deals = setup.deals(MAX_DEALS)
    assert setup.boards_in_classes
    counted = exact_chunk(setup, deals, None)
    setup.boards_in_classes = False
    dealt = exact_chunk(setup, deals, None)
    assert (
        counted[2]
        == dealt[2]
        == len(deals[1]) * math.comb(len(setup.live) - 2 * len(players), 5 - len(setup.board))
    )
    assert (counted[0] == dealt[0]).all(), (counted[0][:8], dealt[0][:8])


@pytest.mark.parametrize(
    ("players", "board", "game"),
    [
        (["AsAh", "KsKh"], "", "holdem"),
        (["AsAh", "KsKh", "7c2d"], "2c 3c 4c", "holdem"),
        (["AsKs:0.5", "Qh Qd"], "", "holdem"),
        (["AsAhKdQd", "KsKh2c3c5d"], "", "omaha"),
    ],
)
def test_one_hand_each_is_the_one_deal_the_search_finds(players, board, game):
    """With one hand per player, `deals` builds the deal directly; the search for deals (asked
    for by the first player's hands, a slice) must find the very same arrays."""
    setup = BoardSetup(players, board, "", resolve_deal(game))
    direct, searched = setup.deals(10), setup.deals(10, slice(0, 1))
    for made, found in zip(direct, searched, strict=True):
        assert made.dtype == found.dtype and made.shape == found.shape
        assert (made == found).all(), (made, found)


@pytest.mark.skipif(numba.config.NUMBA_NUM_THREADS < 2, reason="needs 2 numba threads")
def test_exact_is_thread_independent():
    one = equity(["QQ, KK", "AKs, JJ"], "Qs 7s 2d", threads=1)
    two = equity(["QQ, KK", "AKs, JJ"], "Qs 7s 2d", threads=2)
    assert one.players == two.players and one.dealt == two.dealt


# ---------------------------------------------------------------------------------------------
# 3. Monte Carlo


def assert_within_3se(mc: EquityResult, exact: EquityResult):
    assert not mc.exact and exact.exact
    for m, e in zip(mc.players, exact.players):
        assert m.stderr > 0
        assert abs(m.equity - e.equity) <= 3 * m.stderr, (m, e)
        win_se = math.sqrt(max(e.win * (1 - e.win), 1e-12) / mc.dealt)
        assert abs(m.win - e.win) <= 3 * win_se + 1e-12, (m, e)
    assert sum(p.equity for p in mc.players) == pytest.approx(1, abs=1e-9)


MC_SPOTS = [
    # (players, board, game, trials, seed)
    (["AsKd", "QhJh"], "", "holdem", 200_000, 11),
    (["AsKd", "QhJh", "9c9d"], "Qs 7s 2d", "holdem", 200_000, 12),
    (["QQ+, AKs", "JJ-99, AQs"], "Qs 7s 2d", "holdem", 200_000, 13),
    (["QQ+, AKs", "random"], "Qs 7s 2d", "holdem", 200_000, 14),
    (["AsKsQdJd", "9h9c8h7c"], "", "omaha", 200_000, 15),
    (["AsKsQdJd", "9h9c8h7c", "2c2d4h4s"], "Ts 8d 2h", "omaha", 100_000, 16),
    # two deal groups (`montecarlo.deal_groups`): the two small ranges together, "random"
    # alone; deals of the two groups that collide are rejected
    (["QQ+, AKs", "random", "JJ-99, AQs"], "Qs 7s 2d 5c", "holdem", 200_000, 17),
]


@pytest.mark.parametrize(("players", "board", "game", "trials", "seed"), MC_SPOTS)
def test_monte_carlo_within_3_standard_errors(players, board, game, trials, seed):
    exact = equity(players, board, deal=game, exact=True)
    mc = equity(players, board, deal=game, exact=False, trials=trials, seed=seed)
    assert mc.dealt == trials and mc.seed == seed and not mc.partial
    assert_within_3se(mc, exact)


def test_monte_carlo_stderr_is_the_right_size():
    # heads-up a player's pot share is 0, 1/2 or 1: its variance follows from win and tie
    exact = equity(["AsKd", "QhJh"])
    n = 200_000
    mc = equity(["AsKd", "QhJh"], exact=False, trials=n, seed=5)
    for m, e in zip(mc.players, exact.players):
        expected = math.sqrt((e.win + e.tie / 4 - e.equity**2) / n)
        assert m.stderr == pytest.approx(expected, rel=0.05)


@pytest.mark.skipif(numba.config.NUMBA_NUM_THREADS < 2, reason="needs 2 numba threads")
@pytest.mark.parametrize(
    ("players", "board", "game"),
    [
        (["AsKd", "QhJh"], "", "holdem"),
        (["AA, KK", "AA, KK, AKs:0.5", "random"], "", "holdem"),  # rejection of colliding deals
        (["AsKsQdJd", "9h9c8h7c"], "Ts 8d 2h", "omaha"),
    ],
)
def test_same_seed_same_result_whatever_the_threads(players, board, game):
    kwargs = dict(deal=game, exact=False, trials=100_003, seed=2024)
    one = equity(players, board, threads=1, **kwargs)
    two = equity(players, board, threads=2, **kwargs)
    again = equity(players, board, threads=2, **kwargs)
    assert one.players == two.players == again.players
    assert one.dealt == two.dealt == 100_003
    # another seed gives other numbers (a single pair can collide by chance: wins are integers)
    others = [equity(players, board, threads=2, **{**kwargs, "seed": s}) for s in (2025, 2026, 2027)]
    assert any(o.players[0].equity != one.players[0].equity for o in others)


def test_nearby_seeds_give_independent_runs():
    # independent runs differ by about sqrt(2) standard errors; the RMS difference over five
    # pairs of consecutive seeds falls under 0.3 SE with probability ~1e-3 (chi-square, 5 dof)
    diffs = []
    for seed in (1, 11, 21, 31, 41):
        a = equity(["AsKd", "QhJh"], exact=False, trials=200_000, seed=seed).players[0]
        b = equity(["AsKd", "QhJh"], exact=False, trials=200_000, seed=seed + 1).players[0]
        diffs.append((a.equity - b.equity) / a.stderr)
    assert math.sqrt(sum(d * d for d in diffs) / len(diffs)) > 0.3, diffs


def test_seed_none_reports_a_seed_that_reproduces_the_run():
    first = equity(["AsKd", "QhJh"], exact=False, trials=20_000)
    second = equity(["AsKd", "QhJh"], exact=False, trials=20_000)
    assert isinstance(first.seed, int) and first.seed != second.seed  # a fresh seed each call
    assert first.players != second.players  # so other deals
    again = equity(["AsKd", "QhJh"], exact=False, trials=20_000, seed=first.seed)
    assert again.players == first.players and again.seed == first.seed
    exact = equity(["AsKd", "QhJh"])
    assert exact.seed is None
    for run in (first, second):  # a fresh seed, so checked loosely (reported: a rerun repeats it)
        for p, q in zip(run.players, exact.players):
            assert 0 < p.stderr < 0.01 and abs(p.equity - q.equity) < 5 * p.stderr, (run.seed, p, q)


@pytest.mark.parametrize("trials", [1, 2, 999, 16_383, 16_384, 16_385, 50_001])
def test_trials_are_honoured_exactly(trials):
    r = equity(["AsKd", "QhJh"], exact=False, trials=trials, seed=1)
    assert r.dealt == trials
    for p in r.players:  # shares of `trials` outcomes
        assert p.win * trials == pytest.approx(round(p.win * trials), abs=1e-6)
        assert p.tie * trials == pytest.approx(round(p.tie * trials), abs=1e-6)
    assert sum(p.equity for p in r.players) == pytest.approx(1, abs=1e-12)


# ---------------------------------------------------------------------------------------------
# 4. overlapping and weighted ranges stay unbiased


@pytest.mark.parametrize(
    ("players", "seed"),
    [
        (["AA, KK", "AA, KK"], 21),
        # asymmetric overlap: player 1 holds kings in 36 of the 42 collision-free deals (6/7), not
        # half the time as a draw-one-player-then-the-other sampler would make it
        (["AA, KK", "AA"], 22),
        (["AA, KK, AKs", "AA, AKo", "KK"], 23),
    ],
)
def test_overlapping_ranges_unbiased(players, seed):
    exact = equity(players, exact=True)
    mc = equity(players, exact=False, trials=200_000, seed=seed)
    assert_within_3se(mc, exact)


def test_a_group_deals_every_collision_free_deal_by_its_weight():
    # brute force over every hand of each range: the deals `joint_deals` lists, each once,
    # with the product of the hands' weights, none sharing a card with the fixed cards
    ranges = [parse_range(r) for r in ("AA, KK:0.5, AKs", "KK, AK:0.25", "AsKs, QQ")]
    fixed = np.uint64((1 << 51) | (1 << 46))  # As and Qh (card 4 * rank + suit)
    hands, masks, weights = montecarlo.joint_deals(ranges, fixed)
    got = {tuple(h): (int(m), w) for h, m, w in zip(hands.tolist(), masks, weights)}
    expected = {}
    for pick in itertools.product(*(range(len(r)) for r in ranges)):
        cards = [int(c) for r, k in zip(ranges, pick) for c in r.combos[k]]
        if len(set(cards)) == len(cards) and not any(fixed >> np.uint64(c) & 1 for c in cards):
            mask = sum(1 << c for c in cards)
            expected[pick] = (mask, math.prod(r.weights[k] for r, k in zip(ranges, pick)))
    assert len(got) == len(hands) and got == expected and len(expected) > 0


@pytest.mark.parametrize(
    "sizes", [[1, 1], [6, 6, 1, 34, 1326], [1326] * 4, [2] * 10, [200, 1, 81, 82, 3, 1326, 6]]
)
def test_groups_hold_every_player_with_a_choice_once_within_the_limit(sizes):
    groups = montecarlo.deal_groups(sizes)
    players = sorted(p for g in groups for p in g)
    assert players == [p for p, n in enumerate(sizes) if n > 1]
    for g in groups:
        assert len(g) == 1 or math.prod(sizes[p] for p in g) <= montecarlo.GROUP_DEALS
    for a, b in zip(groups, groups[1:]):  # a group ends only when the next player would not fit
        assert math.prod(sizes[p] for p in a) * sizes[b[0]] > montecarlo.GROUP_DEALS


def test_a_group_listed_with_every_players_hand_deals_as_the_copies_do(monkeypatch):
    # one group of few deals: the showdown reads each deal's row of hands; with GROUP_DEALS
    # lowered the same group is dealt by copying its members' hands. Same draws, same result.
    spot = dict(hands=["AsAh", "QQ+, AK:0.5", "9c9d"], board="Kh7d", exact=False, trials=50_001, seed=3)
    setup = BoardSetup(spot["hands"], spot["board"], "", resolve_deal("holdem"))
    assert montecarlo.make_draws(setup).deal_hands.shape[:2] == (1, 16)  # QQ 6, KK 3, AA 1, AK 6
    rows = equity(**spot)
    monkeypatch.setattr(montecarlo, "GROUP_DEALS", 8)
    assert montecarlo.make_draws(setup).deal_hands.shape[0] == 0
    copied = equity(**spot)
    assert copied.players == rows.players and rows.dealt == 50_001


def test_overlapping_ranges_exact_deal_weights():
    # AA,KK vs AA: 6/7 of the deals give player 1 kings (KK vs AA) and 1/7 aces (AA vs AA)
    r = equity(["AA, KK", "AA"])
    kk = equity(["KK", "AA"])
    aa = equity(["AA", "AA"])
    assert r.players[0].equity == pytest.approx(
        (6 * kk.players[0].equity + 1 * aa.players[0].equity) / 7, abs=TIGHT
    )
    assert aa.players[0].equity == pytest.approx(0.5, abs=TIGHT)
    assert r.dealt == 42 * math.comb(48, 5)


@pytest.mark.parametrize(
    ("players", "board", "seed"),
    [
        (["AKs:0.5, QQ", "KK"], "", 31),
        (["AKs:0.5, QQ", "JJ+"], "Qs 7s 2d", 32),
        (["AKs:0.5, QQ", "JJ+:0.25, AKo"], "", 33),
    ],
)
def test_weighted_ranges_monte_carlo_vs_exact(players, board, seed):
    exact = equity(players, board, exact=True)
    mc = equity(players, board, exact=False, trials=200_000, seed=seed)
    assert_within_3se(mc, exact)


def test_weights_matter():
    # halving AKs's weight moves the equity toward QQ's against kings
    full = equity(["AKs, QQ", "KK"])
    half = equity(["AKs:0.5, QQ", "KK"])
    qq = equity(["QQ", "KK"]).players[0].equity
    aks = equity(["AKs", "KK"]).players[0].equity
    # collision-free deals: AKs vs KK 4 x 3 = 12, QQ vs KK 6 x 6 = 36
    assert full.players[0].equity == pytest.approx((12 * aks + 36 * qq) / 48, abs=TIGHT)
    assert half.players[0].equity == pytest.approx((6 * aks + 36 * qq) / 42, abs=TIGHT)


# ---------------------------------------------------------------------------------------------
# 5. the result API


def test_repr_names_hands_and_method():
    exact = equity(["AsKd", "QQ+, AKs"], "Qs 7s 2d")
    assert "\n" not in repr(exact) and str(exact).startswith(repr(exact)[:-1] + ", ")
    text = str(exact)
    assert "AsKd" in text and "QQ+, AKs" in text and "exact" in text
    assert "Monte Carlo" not in text
    mc = equity(["AsKd", "QQ+, AKs"], "Qs 7s 2d", exact=False, trials=1_000, seed=9)
    text = str(mc)
    assert "AsKd" in text and "QQ+, AKs" in text and "Monte Carlo" in text and "9" in text
    omaha = equity(["AsKsQdJd", "9h9c8h7c"], "Ts 8d 2h", deal="omaha")
    assert "AsKsQdJd" in str(omaha) and "9h9c8h7c" in str(omaha) and "omaha" in repr(omaha)


@pytest.mark.parametrize("exact", [True, False])
def test_to_dict_is_json(exact):
    mc = {} if exact else {"trials": 5_000, "seed": 4}
    r = equity(["AsKd", "QhJh", "random"], "Qs 7s 2d", dead="3c", exact=exact, **mc)
    d = r.to_dict()
    back = json.loads(json.dumps(d))
    assert back["exact"] is exact and back["dealt"] == back["deals"] == r.dealt and back["deal"] == "holdem"
    assert back["seed"] == r.seed
    assert len(back["players"]) == 3
    for p, q in zip(back["players"], r.players):
        assert p["hand"] == q.hand
        for key in ("win", "tie", "equity", "stderr"):
            assert p[key] == getattr(q, key)
    assert "extra" not in back


@pytest.mark.parametrize(
    ("players", "board"),
    [
        (["AsKd", "QhJh"], ""),
        (["AsKd", "QhJh", "9c9d"], "Qs 7s 2d"),
        (["AsKd", "QhJh", "9c9d", "7h6h"], "Qs 7s 2d 5c"),
        (["QQ+", "AK", "JJ-99", "22"], "Qs 7s 2d 5c"),
    ],
)
def test_exact_equities_sum_to_one(players, board):
    r = equity(players, board)
    assert r.exact
    assert sum(p.equity for p in r.players) == pytest.approx(1, abs=TIGHT)
    for p in r.players:
        assert 0 <= p.win <= p.equity <= p.win + p.tie / 2 + TIGHT
        assert p.win + p.tie <= 1 + TIGHT
    assert [p.hand for p in r.players] == players


def test_progress_reaches_one():
    seen: list[float] = []
    equity(["AsKd", "QhJh"], progress=seen.append)
    assert seen and seen[-1] == 1.0 and seen == sorted(seen)
    seen.clear()
    equity(["AsKd", "QhJh"], exact=False, trials=50_000, seed=1, progress=seen.append)
    assert seen and seen[-1] == 1.0 and seen == sorted(seen)


# ---------------------------------------------------------------------------------------------
# 6. bad input


DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        (dict(hands=["AsAh", "AsKd"]), r"As .*player 1 and player 2"),
        (dict(hands=["AsAhKsKh", "AsKdQc2h"], deal="omaha"), r"As .*player 1 and player 2"),
        (dict(hands=["AsAh", "KsKd"], board="As 2c 3d"), r"As .*board and player 1"),
        (dict(hands=["AsAhKcKh", "KsKdQc2h"], board="As 2c 3d", deal="omaha"), r"As .*board and player 1"),
        (dict(hands=["AsAh", "KsKd"], dead="Kd"), r"Kd .*dead cards and player 2"),
        (dict(hands=["AsAh", "KK"], dead="Ks Kd Kh Kc"), r"player 2.*empty once the board and dead"),
        (dict(hands=["AsAh", "KsKd"], board="Qs 2c 3d", dead="2c"), r"2c .*board and dead"),
        (dict(hands=["AsAh", "KsKd"], board="Qs 2c 3d 2c"), r"2c"),
        (dict(hands=["AsAh", "KsKd"], board="Qs 2c 3c 4c 5c 6c"), r"board .*not 6"),
        (dict(hands=["AsAh", "KsKd"], board="Qs 2c 3d 4d 5d 6d"), r"board .*not 6"),
        (dict(hands=["AA", "KsKd"], dead="As Ah Ad"), r"player 1: range 'AA' is empty"),
        (dict(hands=["AA, hello", "KsKd"]), r"unknown token 'hello'"),
        (dict(hands=["AKx", "KsKd"]), r"AKx"),
        (dict(hands=["AsAh"]), r"2 to 10 players"),
        (dict(hands=["random"] * 11), r"2 to 10 players"),
        (dict(hands=[]), r"2 to 10 players"),
        (dict(hands=["AsAh", "KsKd"], deal="draw"), r"unknown deal 'draw': choose from holdem, short-deck"),
        (dict(hands=["AsAs", "KdKcQs2h"], deal="omaha"), r"player 1: range 'AsAs' holds no hand"),
        (
            dict(hands=["KdKcQs2h", "AsAhKsKh2c3c4c"], deal="omaha"),
            r"player 2: .* 7 card symbols, more than 6",
        ),
        (dict(hands=["AsAh", "KsKd"], trials=0), r"trials must be an int 1 \.\. "),
        (dict(hands=["AsAh", "KsKd"], trials=0, exact=False), r"trials"),
        (dict(hands=["AsAh", "KsKd"], trials=-5), r"trials"),
        (dict(hands=["AsAh", "KsKd"], trials=1.5), r"trials"),
        # more cards than the deck holds
        (
            dict(hands=["".join(DECK[5 * i : 5 * i + 5]) for i in range(10)], deal="omaha"),
            r"10 players need 55 more cards; only 52",
        ),
        (
            dict(hands=["".join(DECK[6 * i : 6 * i + 6]) for i in range(8)], deal="omaha"),
            r"8 players need 53 more cards",
        ),
        (dict(hands=["random"] * 10, dead=" ".join(DECK[:32])), r"10 players need 25 .*only 20"),
        # ranges that can never be dealt together
        (dict(hands=["AA"] * 4), r"cannot be dealt without sharing"),
        (dict(hands=["AA"] * 4, exact=False, trials=10), r"without sharing a card \(players 1, 2"),
        # groups that each have deals but never fit together (5 players, 8 cards): rejection fails
        (dict(hands=["AA, KK, AK"] * 5, exact=False, trials=10), r"could not be dealt .*10,000"),
        (dict(hands=["random"] * 6, exact=True), r"too much work to enumerate"),
    ],
)
def test_bad_input(kwargs, match):
    with pytest.raises(ValueError, match=match):
        equity(**kwargs)


@pytest.mark.parametrize("bad", [5, None, b"AsAh", 2.5])
def test_a_player_that_is_not_cards_is_a_type_error(bad):
    with pytest.raises(TypeError, match="player 2"):
        equity(["KsKd", bad])


def test_hands_and_board_as_card_ints_or_texts_are_the_hands_as_text():
    as_text = equity(["KsKd", "AsAh"], "2c 7d 9h")
    for hands, board in (
        (["KsKd", ("As", "Ah")], "2c 7d 9h"),
        ([[47, 45], np.array([51, 50])], [0, 21, 30]),
        (np.array([[47, 45], [51, 50]]), np.array([0, 21, 30])),
    ):
        got = equity(hands, board)
        assert got.players[0].equity == as_text.players[0].equity and got.board == "2c 7d 9h"
        assert got.dealt == as_text.dealt
    with pytest.raises(ValueError, match="board: "):
        equity(["KsKd", "AsAh"], [0, 21, 99])


# ---------------------------------------------------------------------------------------------
# 7. exact or simulation


def test_exact_none_enumerates_small_work():
    r = equity(["AsKd", "QhJh"])
    assert r.exact and r.dealt == math.comb(48, 5) and r.seed is None


def test_exact_none_simulates_large_work():
    r = equity(["random"] * 6, seed=6)  # a seed does not choose the method: the work does
    assert not r.exact and r.dealt == 1_000_000 and r.seed == 6
    assert all(abs(p.equity - 1 / 6) < 3 * p.stderr for p in r.players), r.players


def test_exact_none_with_trials_simulates():
    r = equity(["AsKd", "QhJh"], "Qs 7s 2d 9c", trials=1_000, seed=3)
    assert not r.exact and r.dealt == 1_000


def test_exact_true_forces_enumeration(monkeypatch):
    r = equity(["AsKd", "QhJh"], "Qs 7s 2d 9c", exact=True, trials=1_000)
    assert r.exact and r.dealt == 44
    # preflop range vs range: more work than exact=None enumerates, but exact=True does
    assert equity(["AKs:0.5, QQ", "JJ+"], seed=1).exact
    monkeypatch.setattr(engine, "EXACT_BUDGET", 10_000_000)
    assert not equity(["AKs:0.5, QQ", "JJ+"], seed=1).exact
    assert equity(["AKs:0.5, QQ", "JJ+"], exact=True).exact


def test_exact_false_forces_simulation():
    r = equity(["AsKd", "QhJh"], "Qs 7s 2d 9c", exact=False, trials=10_000, seed=8)
    assert not r.exact and r.dealt == 10_000 and r.seed == 8
    exact = equity(["AsKd", "QhJh"], "Qs 7s 2d 9c")
    assert_within_3se(r, exact)
    r = equity(["AsKd", "QhJh"], "Qs 7s 2d 9c 3h", exact=False, trials=1_000, seed=8)
    exact = equity(["AsKd", "QhJh"], "Qs 7s 2d 9c 3h")
    assert not r.exact and r.players[0].equity == exact.players[0].equity


def test_an_interrupt_before_any_showdown_goes_on(monkeypatch):
    """Ctrl-C before the first chunk is done leaves nothing to report: KeyboardInterrupt."""
    from pokerlut._equity import exact

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(exact, "exact_chunk", interrupted)
    with pytest.raises(KeyboardInterrupt):
        equity(["AsAh", "KsKh"], exact=True)
