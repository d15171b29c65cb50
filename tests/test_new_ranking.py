"""A new ranking is data: a `Rules` value defined only here, built into a folder on the tables'
path, is a game through every entry point, checked against a brute force written here from the
rule (not from the library).

The ranking: deuce-to-seven lowball where the ace is also low in a straight, so A-2-3-4-5 is a
five-high straight (a bad hand) instead of an ace-high no-pair hand.
"""

import itertools
import json
import os
import subprocess
import sys
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

import pokerlut
from pokerlut import Game, Rules
from pokerlut.build import build_game
from pokerlut.folders import table_dirs
from pokerlut._names import Category

pytestmark = pytest.mark.slow  # a table build and 2,598,960 hands through the brute force

RULES = Rules("deuce-to-seven-wheel", "deuce-to-seven where A-2-3-4-5 is a straight", ace="both", low=True)


def high_key(five):
    """Standard high poker's key of five cards (bigger is a better high hand), with the ace
    high except in A-2-3-4-5, a five-high straight. In this lowball the smallest key wins."""
    ranks = sorted((c >> 2 for c in five), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    flush = len({c & 3 for c in five}) == 1
    top = None
    if len(counts) == 5 and ranks[0] - ranks[4] == 4:
        top = ranks[0]
    elif ranks == [12, 3, 2, 1, 0]:
        top = 3
    shape = [n for _, n in groups]
    if top is not None:
        category = Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT
        return (int(category), top)
    category = (
        Category.FOUR_OF_A_KIND
        if shape[0] == 4
        else Category.FULL_HOUSE
        if shape[:2] == [3, 2]
        else Category.FLUSH
        if flush
        else Category.THREE_OF_A_KIND
        if shape[0] == 3
        else Category.TWO_PAIR
        if shape[:2] == [2, 2]
        else Category.ONE_PAIR
        if shape[0] == 2
        else Category.HIGH_CARD
    )
    return (int(category), *(r for r, _ in groups))


def best_key(cards):
    """The best (smallest) key of any five of the cards."""
    return min(high_key(five) for five in itertools.combinations(cards, 5))


@pytest.fixture(scope="module")
def tables_path(tmp_path_factory):
    out = tmp_path_factory.mktemp("tables")
    build_game(RULES, out / RULES.name, log=lambda *_: None)
    path = os.pathsep.join(map(str, [out, *table_dirs()]))
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("POKERLUT_TABLES", path)
        yield path


@pytest.fixture(scope="module")
def every_five():
    """Every five-card hand, its brute-force key and its strength by the library."""
    hands = np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)
    return hands, [high_key(h) for h in hands.tolist()]


def test_every_five_card_hand_orders_and_counts_as_the_brute_force(tables_path, every_five):
    hands, keys = every_five
    strengths = pokerlut.evaluate_batch(hands, game=RULES.name)
    by_key: dict = {}
    for key, strength in zip(keys, strengths.tolist()):
        assert by_key.setdefault(key, strength) == strength, key  # one strength per class
    ordered = sorted(by_key)  # best (smallest key) first
    assert [by_key[k] for k in ordered] == list(range(len(ordered), 0, -1))  # 7462 .. 1
    counts = Counter(Category(k[0]).name for k in keys)
    assert counts["STRAIGHT"] == 10_200 and counts["STRAIGHT_FLUSH"] == 40  # the wheel counts
    assert counts["HIGH_CARD"] == 1_302_540
    result = subprocess.run(
        [sys.executable, "-m", "pokerlut", "stats", "--game", RULES.name, "--cards", "5", "--json"],
        capture_output=True,
        text=True,
        env={**os.environ, "POKERLUT_TABLES": tables_path},
    )
    assert result.returncode == 0, result.stderr
    stats = json.loads(result.stdout)
    assert stats["hands"] == 2_598_960
    rows = {row["category"].upper().replace(" ", "_"): row for row in stats["categories"]}
    rows = {name: row for name, row in rows.items() if name in Category.__members__}  # no "7-low" rows
    assert {name: row["hands"] for name, row in rows.items()} == counts
    assert {name: row["classes"] for name, row in rows.items()} == Counter(
        Category(k[0]).name for k in by_key
    )


def test_seven_card_hands_one_at_a_time_and_in_a_batch(tables_path):
    rng = np.random.default_rng(7)
    hands = np.argsort(rng.random((4000, 52)), axis=1)[:, :7].astype(np.uint8)
    game = Game.of(RULES.name)
    batch = pokerlut.evaluate_batch(hands, game=game)
    one = [pokerlut.evaluate(h, game=game) for h in hands.tolist()]
    assert batch.tolist() == one
    keys = [best_key(h) for h in hands.tolist()]
    for i in range(len(hands) - 1):
        expected = (keys[i] < keys[i + 1]) - (keys[i] > keys[i + 1])  # smaller key: better low
        assert np.sign(int(batch[i]) - int(batch[i + 1])) == expected, pokerlut.format_cards(hands[i])
        assert pokerlut.compare(hands[i].tolist(), hands[i + 1].tolist(), game=RULES.name) == expected


def test_describe_and_category_name_the_wheel_a_straight(tables_path):
    wheel = pokerlut.evaluate("Ah 5d 4c 3s 2h", game=RULES.name)
    assert pokerlut.category(wheel, game=RULES.name) == Category.STRAIGHT
    assert pokerlut.describe("Ah 5d 4c 3s 2h", game=RULES.name) == "Straight, five-high"
    assert pokerlut.describe("7h 5d 4c 3s 2h", game=RULES.name).endswith("(7-5-4-3-2 offsuit)")
    assert wheel < pokerlut.evaluate("Ah Kd 4c 3s 2h", game=RULES.name)  # ace-king high is better
    assert pokerlut.describe_batch([wheel], game=RULES.name).tolist() == ["Straight, five-high"]


@pytest.mark.parametrize("ranking", [RULES.name, "game"])
def test_exact_equity_against_every_board(tables_path, ranking):
    ranking = Game.of(RULES.name) if ranking == "game" else ranking
    players, board = ["Ah 2c", "7d 6d"], "3h 4s 5c"  # the wheel is made: a straight here
    result = pokerlut.equity(players, board, game=ranking)
    hole = [pokerlut.parse_cards(p).tolist() for p in players]
    known = set(sum(hole, [])) | set(pokerlut.parse_cards(board).tolist())
    live = [c for c in range(52) if c not in known]
    share = [Fraction(0)] * 2
    boards = 0
    for rest in itertools.combinations(live, 2):
        cards = pokerlut.parse_cards(board).tolist() + list(rest)
        keys = [best_key(h + cards) for h in hole]
        winners = [p for p in range(2) if keys[p] == min(keys)]
        for p in winners:
            share[p] += Fraction(1, len(winners))
        boards += 1
    assert result.exact and result.dealt == boards
    assert [p.equity for p in result.players] == pytest.approx([float(s / boards) for s in share], abs=1e-12)
