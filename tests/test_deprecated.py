"""The names renamed or moved in this release (docs/migrating.md, "Deprecated in this release")
still work for one more: the numba kernels at the package root (now `pokerlut.kernels`), the
old keywords (`deck=`, `players=`), the old result attributes (`deals`, `deck`, `decks`) and
the old command-line options (`--deck`, `--players`). Each gives the same object or value as
its new name and warns once per process, naming the new one; `to_dict()` keeps the old keys
beside the new."""

from __future__ import annotations

import dataclasses
import json
import warnings
from fractions import Fraction
from pathlib import Path

import numba
import numpy as np
import pytest

import pokerlut
from pokerlut import _deprecation, kernels
from pokerlut.cli import main

KERNELS = ["eval5", "hand_add", "hand_empty", "hand_merge", "hand_strength", "omaha_strength"]


@pytest.fixture(autouse=True)
def fresh_process(monkeypatch):
    """Every old name warns again, as in a new process."""
    monkeypatch.setattr(_deprecation, "warned", set())


def warnings_of(use):
    """The DeprecationWarnings of calling `use` twice, and its first result."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        first = use()
        use()
    assert all(w.category is DeprecationWarning for w in caught)
    return [str(w.message) for w in caught], first


# --- the numba kernels, at the root until this release ------------------------------------------


def test_the_kernels_are_a_public_module_and_left_the_root():
    assert kernels.__all__ == KERNELS
    assert not set(KERNELS) & set(pokerlut.__all__)
    assert not set(KERNELS) & set(vars(pokerlut))  # only __getattr__ knows the old names


@pytest.mark.parametrize("name", KERNELS)
def test_each_old_root_name_is_the_kernel_and_warns_once(name):
    messages, old = warnings_of(lambda: getattr(pokerlut, name))
    assert old is getattr(kernels, name)
    assert messages == [
        f"pokerlut.{name} is deprecated: use pokerlut.kernels.{name} (the old name goes in the next release)"
    ]


def test_the_old_root_names_work_in_numba_code():
    t = pokerlut.load_tables()

    @numba.njit(_nrt=False)
    def old_names(t, cards):
        hand = pokerlut.hand_empty()
        for j in range(5):
            hand = pokerlut.hand_add(t, hand, cards[j])
        merged = pokerlut.hand_merge(hand, pokerlut.hand_empty())
        five = pokerlut.eval5(t, cards[0], cards[1], cards[2], cards[3], cards[4])
        return pokerlut.hand_strength(t, merged), five, pokerlut.omaha_strength(t, cards[:2], cards[2:5])

    cards = pokerlut.parse_cards("Kh Kd 6s 6c Kc")
    with pytest.warns(DeprecationWarning, match=r"use pokerlut\.kernels\.") as caught:
        got = old_names(t, cards)
    assert got == (7277, 7277, 7277)
    assert {str(w.message).split()[0] for w in caught} == {f"pokerlut.{name}" for name in KERNELS}


def test_a_use_from_pokerluts_own_code_does_not_warn():
    """A module of the package not yet moved to a new name must not make users' code warn."""
    inside = str(Path(pokerlut.__file__).parent / "_some_module.py")  # compiled as if it were there
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert eval(compile("pokerlut.hand_strength", inside, "eval")) is kernels.hand_strength
        assert eval(compile("pokerlut.italian_deck(players=9)", inside, "eval")).size == 52
    assert _deprecation.warned == set()  # and the user's first use still warns
    messages, _ = warnings_of(lambda: pokerlut.hand_strength)
    assert len(messages) == 1


def test_an_unknown_root_name_is_still_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'hand_strenght'"):
        pokerlut.hand_strenght  # noqa: B018


# --- keywords -----------------------------------------------------------------------------------


def test_equity_deck_is_deck_size():
    spot = dict(hands=["AsAh", "KsJk"], board="Kd 7c 2h 3s", wild="jokers")
    new = pokerlut.equity(**spot, deck_size=54)
    messages, old = warnings_of(lambda: pokerlut.equity(**spot, deck=54))
    assert (old.players, old.dealt) == (new.players, new.dealt) == (new.players, 46)
    assert messages == [
        "equity(deck=) is deprecated: use equity(deck_size=) (the old name goes in the next release)"
    ]
    with pytest.raises(TypeError, match=r"equity\(\) got deck= and deck_size="):
        pokerlut.equity(**spot, deck=54, deck_size=54)


@pytest.mark.parametrize("function", [pokerlut.count_hands, pokerlut.strengths_in_order])
def test_stats_deck_is_deck_size(function):
    new = function(5, game="high", wild="jokers", deck_size=53)
    messages, old = warnings_of(lambda: function(5, game="high", wild="jokers", deck=53))
    assert np.array_equal(old, new)
    assert messages == [
        f"{function.__name__}(deck=) is deprecated: use {function.__name__}(deck_size=) "
        + "(the old name goes in the next release)"
    ]


def test_italian_deck_players_is_n_players():
    messages, old = warnings_of(lambda: pokerlut.italian_deck(players=4))
    assert np.array_equal(old, pokerlut.italian_deck(n_players=4)) and len(old) == 32
    assert messages == [
        "italian_deck(players=) is deprecated: use italian_deck(n_players=) "
        "(the old name goes in the next release)"
    ]


def test_compute_matrix_players_is_n_players(tmp_path):
    from pokerlut.matrix import compute_matrix

    with pytest.warns(DeprecationWarning, match=r"compute_matrix\(players=\) is deprecated"):
        with pytest.raises(ValueError, match="n_players is 2 or 3, not 4"):
            compute_matrix(tmp_path / "m.parquet", "AA,KK", players=4, progress=False)


def test_the_new_names_are_the_signatures():
    import inspect

    from pokerlut.matrix import compute_matrix

    assert "deck_size" in inspect.signature(pokerlut.equity).parameters
    assert "deck" not in inspect.signature(pokerlut.count_hands).parameters
    assert list(inspect.signature(pokerlut.italian_deck).parameters) == ["n_players"]
    assert "n_players" in inspect.signature(compute_matrix).parameters


# --- result attributes and their plain data ------------------------------------------------------


def test_equity_result_deals_is_dealt():
    r = pokerlut.equity(["AsAh", "KsKh"], board="2c 7d 9h Tc")
    messages, old = warnings_of(lambda: r.deals)
    assert old == r.dealt == 44
    assert messages == [
        "EquityResult.deals is deprecated: use EquityResult.dealt (the old name goes in the next release)"
    ]
    assert "deals" not in {f.name for f in dataclasses.fields(r)}
    data = r.to_dict()
    assert data["dealt"] == data["deals"] == 44
    assert list(data)[list(data).index("dealt") + 1] == "deals"


def test_equity_distribution_deals_is_dealt():
    r = pokerlut.equity_distribution(["QQ+", "AKs"], "Kh 7d 2c")
    messages, old = warnings_of(lambda: r.deals)
    assert old is r.dealt and messages == [
        "EquityDistribution.deals is deprecated: use EquityDistribution.dealt "
        "(the old name goes in the next release)"
    ]
    assert all(c["dealt"] == c["deals"] for c in r.to_dict()["combos"])


def test_video_poker_deals_and_paytable_deck():
    table = pokerlut.paytable("deuces-wild")
    messages, old = warnings_of(lambda: table.deck)
    assert old == table.deck_size == 52
    assert messages == [
        "Paytable.deck is deprecated: use Paytable.deck_size (the old name goes in the next release)"
    ]
    game = pokerlut.VideoPoker(table, 2_598_960, {"nothing": Fraction(1)}, {5: 2_598_960}, Fraction(0))
    messages, old = warnings_of(lambda: game.deals)
    assert old == game.dealt == 2_598_960 and len(messages) == 1
    data = game.to_dict()
    assert (data["dealt"], data["deals"], data["deck_size"], data["deck"]) == (2_598_960, 2_598_960, 52, 52)


def test_wild_cards_decks_is_deck_sizes():
    from pokerlut.rules import WILD

    messages, old = warnings_of(lambda: WILD["deuces"].decks)
    assert old == WILD["deuces"].deck_sizes == (52, 53, 54)
    assert messages == [
        "WildCards.decks is deprecated: use WildCards.deck_sizes (the old name goes in the next release)"
    ]


def test_matrix_results_deals_is_dealt():
    from pokerlut.matrix import Matrix3Run, TripleResult

    triple = TripleResult(("AA", "KK", "QQ"), 216, (0,) * 8, (0.0,) * 3, (0.0,) * 3, (0.0,) * 3)
    messages, old = warnings_of(lambda: triple.deals)
    assert old == triple.dealt == 216 and len(messages) == 1
    run = Matrix3Run("t.parquet", 3, 10, 8, 1234, chunks=1, chunks_computed=1, chunks_skipped=0, workers=0)
    messages, old = warnings_of(lambda: run.deals)
    assert old == run.dealt == 1234 and len(messages) == 1
    data = run.to_dict()
    assert data["dealt"] == data["deals"] == 1234 and json.loads(json.dumps(data)) == data


# --- command-line options -----------------------------------------------------------------------


def test_old_options_are_hidden_from_help(capsys):
    for command, old, new in (("stats", "--deck ", "--deck-size"), ("matrix", "--players", "--n-players")):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = capsys.readouterr().out
        assert new in text and old not in text.replace(new, ""), text


def test_stats_deck_is_deck_size_on_the_command_line(capsys):
    assert main(["stats", "--wild", "jokers", "--deck", "52", "--cards", "5", "--quiet"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "pokerlut: --deck is deprecated: use --deck-size (the old name goes in the next release)"
    assert "deck_size must be 53 or 54 cards" in err[1]


def test_matrix_players_is_n_players_on_the_command_line(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["matrix", "--players", "3", "--out", "x.parquet", "--png", "x.png"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == (
        "pokerlut: --players is deprecated: use --n-players (the old name goes in the next release)"
    )
    assert "--png draws the heads-up matrix: not with --n-players 3" in err[1]
    assert not list(tmp_path.iterdir())
