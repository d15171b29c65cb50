"""Fast from the first call: what a new process compiles, and the one-hand path that compiles
nothing. The times themselves are measured by scripts/bench_startup.py, not here."""

import itertools
import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import pokerlut
from pokerlut import _one_hand as one_hand, _tables as tables
from pokerlut.italian import italian_tables
from pokerlut.rules import ITALIAN_GAMES, WILD_MODES, rules

COMPILED = """
import json, sys
from numba.core import event
with event.install_recorder("numba:compile") as rec:
{code}
names = sorted({{e.data["dispatcher"].py_func.__qualname__ for _, e in rec.buffer if e.is_start}})
print(json.dumps(names))
"""


def compiled_by(code: str, tmp_path) -> list[str]:
    """The numba functions a new process compiles (empty cache in tmp_path) running `code`."""
    done = subprocess.run(
        [sys.executable, "-c", COMPILED.format(code=textwrap.indent(code, "    "))],
        env=dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path)),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_import_and_single_hands_compile_nothing(tmp_path):
    assert (
        compiled_by(
            """
import pokerlut
pokerlut.evaluate("As Ks Qs Js Ts"), pokerlut.evaluate([0, 5, 9, 13, 20, 24, 30])
pokerlut.describe("Kh Kd 6s 6c Kc 2d 9h"), pokerlut.compare("6h 5d 4c 3s 2h", "5h 4d 3c 2s Ah")
pokerlut.best_five("2c As Kd Ks 7h Ah Ac"), pokerlut.winners(["As Ad Kc Kd 2h", "Qs Qh Jc Jd 3s"])
pokerlut.evaluate("Ah Ad Ac As Jk", wild="jokers"), pokerlut.describe("Kh Qh Jh Th X", wild="bug")
pokerlut.compare("Ac 7c 8c 9c Tc", "Th Jh Qh Kh Ah", game="italian-4")
""",
            tmp_path,
        )
        == []
    )


LOADED = """
import json, sys
{code}
print(json.dumps(sorted(sys.modules)))
"""
# what a process that evaluates hands never needs: each loads when its names are first used
SUBSYSTEMS = (
    "pokerlut._analysis",
    "pokerlut._equity.front",
    "pokerlut._equity.draw.showdowns",
    "pokerlut._history.corpus",
    "pokerlut._icm",
    "pokerlut._video_poker",
    "pokerlut.stats",
    "pandas",
)


def loaded_by(code: str) -> set[str]:
    """The modules a new process has loaded once it has run `code`."""
    done = subprocess.run(
        [sys.executable, "-c", LOADED.format(code=code)], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.splitlines()[-1]))


@pytest.mark.parametrize(
    "code",
    [
        "import pokerlut",
        "import pokerlut; pokerlut.evaluate('As Ks Qs Js Ts'); pokerlut.describe('As Ks Qs Js Ts')",
        "from pokerlut.cli import main; main(['eval', 'As Ks Qs Js Ts'])",
    ],
)
def test_evaluating_hands_loads_no_other_subsystem(code):
    assert not loaded_by(code) & set(SUBSYSTEMS)


def test_a_subsystem_loads_on_first_use():
    """pokerlut.equity, first used, loads equity's engines (and only then)."""
    loaded = loaded_by("import pokerlut; pokerlut.equity(['AsAd', 'KcKd'], exact=False, trials=1000, seed=1)")
    assert "pokerlut._equity.front" in loaded
    assert "pokerlut._video_poker" not in loaded
    assert set(pokerlut.__all__) <= set(dir(pokerlut))
    for name in pokerlut.__all__:
        assert getattr(pokerlut, name) is not None, name


def test_a_first_batch_compiles_the_kernel_of_its_width_alone(tmp_path):
    names = compiled_by(
        """
import numpy as np, pokerlut
pokerlut.evaluate_batch(np.arange(7, dtype=np.uint8)[None].repeat(3, axis=0))
""",
        tmp_path,
    )
    kernels = [name for name in names if name.startswith("rows_kernel")]
    assert kernels == ["rows_kernel.<locals>.rows"], names
    assert "_wild_flush" not in names  # only wild games' tables compile it


def every_game():
    """(rules, Italian suit tables or None, evaluate_batch's options) of every game, with wild
    cards and every Italian deck, both ways of ranking flushes, too."""
    for name in pokerlut.games():
        if not name.startswith("italian-") and not rules(name).badugi:  # Badugi: test_badugi.py
            yield pytest.param(rules(name), None, dict(game=name), id=name)
    for game, modes in WILD_MODES.items():
        for mode in modes:
            yield pytest.param(rules(game, mode), None, dict(game=game, wild=mode), id=f"{game}+{mode}")
    for name, italian in ITALIAN_GAMES.items():
        for by_suit in (True, False):
            options = dict(game=name, flush_by_suit=by_suit)
            yield pytest.param(
                italian,
                italian_tables(italian, by_suit),
                options,
                id=f"{name}-{'suit' if by_suit else 'ranks'}-first",
            )


GAMES = list(every_game())


@pytest.mark.parametrize("game_rules, it, options", GAMES)
def test_one_hand_equals_the_batch_kernel_on_random_hands(game_rules, it, options):
    strength = one_hand.hand_strength(tables.load(game_rules.name), it)
    rng = np.random.default_rng(11)
    for size in game_rules.hand_sizes:
        hands = game_rules.deck[np.argsort(rng.random((20_000, len(game_rules.deck))), axis=1)[:, :size]]
        expected = pokerlut.evaluate_batch(hands, **options)
        assert [strength(hand) for hand in hands.tolist()] == expected.tolist()


def one_game_of_each_kind() -> list:
    """The first game of each kind of tables, and Italian poker's largest deck both ways: the
    one-hand code takes its branches by kind, and the games of a kind differ in their tables'
    data only (which the random hands above read in every game)."""
    kinds, chosen = set(), []
    for param in GAMES:
        game_rules, it, _ = param.values
        kind = type(tables.load(game_rules.name))
        if it is None and kind not in kinds:
            kinds.add(kind)
            chosen.append(param)
        elif it is not None and game_rules.name == "italian-9":
            chosen.append(param)
    return chosen


@pytest.mark.slow
@pytest.mark.parametrize("game_rules, it, options", one_game_of_each_kind())
def test_one_hand_equals_the_batch_kernel_on_every_five_card_hand(game_rules, it, options):
    strength = one_hand.hand_strength(tables.load(game_rules.name), it)
    hands = np.array(list(itertools.combinations(game_rules.deck.tolist(), 5)), dtype=np.uint8)
    expected = pokerlut.evaluate_batch(hands, **options)
    assert [strength(hand) for hand in hands.tolist()] == expected.tolist()


@pytest.mark.parametrize(
    "hand",
    [
        [51, 51, 43, 39, 35],  # a card twice
        [51, 47, 43, 39, 52],  # a joker in a game without wild cards
        [51, 47, 43, 39, 54],
        [51, 47, 43, 39, 300],
        [51, 47, 43, 39, -1],
        [51, 47, 43, 39, -60],
        [51, 47, 43, 39, True],
        [51, 47, 43, 39, 35.0],
        [51, 47, 43, 39, np.int64(35)],
        [51, 47, 43, 39],
        [51, 47, 43, 39, 35, 31, 27, 23],
        (),
        "As Ks Qs Js Ts",
        np.array([51, 47, 43, 39, 35]),
        {51, 47, 43, 39, 35},
        None,
    ],
)
def test_one_hand_declines_what_is_not_distinct_card_ints_of_the_deck(hand):
    """-1 (the caller then explains or converts); no wrong strength, no exception."""
    assert one_hand.hand_strength(tables.load("high"))(hand) == -1


def test_one_hand_declines_cards_outside_a_short_deck_and_six_or_seven_in_italian():
    assert one_hand.hand_strength(tables.load("short-deck"))([0, 47, 43, 39, 35]) == -1  # 2c
    italian = rules("italian-4")
    strength = one_hand.hand_strength(tables.load(italian.name), italian_tables(italian))
    assert strength([51, 47, 43, 39, 35]) > 0 and strength([51, 47, 43, 39, 35, 31]) == -1
