"""scripts/bench_peers.py: every installed peer evaluator orders hands exactly as pokerlut does.

The peers come with the `compare` extra (`make test` installs whichever install here); with
none installed the comparison is skipped, the order check itself is tested anyway.
"""

import json
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
import bench_peers  # noqa: E402

import pokerlut  # noqa: E402

PEERS, MISSING = bench_peers.load_peers()


def test_the_order_check_finds_swaps_and_ties_that_differ():
    ours = np.array([3, 1, 2, 2, 5])
    assert bench_peers.disagreements(ours, ours * 10 - 7) == []  # any increasing map agrees
    swapped = bench_peers.disagreements(ours, np.array([30, 20, 10, 10, 50]))
    assert swapped and all({i, j} & {1, 2, 3} for i, j in swapped)
    assert bench_peers.disagreements(ours, np.array([30, 10, 20, 21, 50])) == [(2, 3)]  # tie split
    assert bench_peers.disagreements(ours, np.array([30, 10, 20, 20, 30])) == [(0, 4)]  # tie made


def test_cards_are_named_as_pokerlut_names_them():
    assert " ".join(bench_peers.TEXT) == pokerlut.format_cards(np.arange(52, dtype=np.uint8))


def fake(name, strength, higher_wins=True):
    """A peer that answers `strength(hands)` for the hands it is given."""
    return bench_peers.Peer(
        name, 1_000, lambda hands: hands, lambda hands: list(strength(hands)), higher_wins
    )


def test_a_peer_that_orders_hands_otherwise_is_caught(capsys):
    rows, problems = bench_peers.compare([fake("pokerlut", pokerlut.evaluate_batch)], 300, 5, 1)
    assert problems == [] and [r["same_order"] for r in rows] == [True, True]
    coarse = fake("pokerlut", lambda hands: pokerlut.evaluate_batch(hands) // 50)  # ties made
    upside_down = fake("pokerlut", pokerlut.evaluate_batch, higher_wins=False)
    rows, problems = bench_peers.compare([coarse, upside_down], 300, 5, 1)
    assert [r["same_order"] for r in rows] == [False, False, False, False]
    assert len(problems) == 4 * 5 and problems[0].startswith("pokerlut, 5 cards: ")


@pytest.mark.skipif(not PEERS, reason="no peer installed (the compare extra)")
def test_every_installed_peer_orders_hands_as_pokerlut(tmp_path):
    out = tmp_path / "peers.json"
    assert bench_peers.main(["--hands", "400", "--repeat", "1", "--json", str(out)]) == 0
    rows = json.loads(out.read_text())["rows"]
    assert sorted({r["peer"] for r in rows}) == sorted(p.name for p in PEERS)
    assert all(r["same_order"] and r["hands"] == 400 for r in rows)
    assert sorted(r["cards"] for r in rows) == [5] * len(PEERS) + [7] * len(PEERS)
