"""Hand-strength features (pokerlut.abstraction: river HS, flop and turn EHS, EHS2 and the
HS histogram) against reference/abstraction.py, written from the definitions with the slow
evaluator of reference/high.py (it tries every opponent hand and every runout):

- one river state's HS exactly, for sampled states, and unchanged when the suits are
  permuted or the board reordered;
- slow: the whole river table at sampled indices (and every index written); the turn and
  flop tables' sums, squares and histograms at sampled indices; a turn state's EHS is
  `pokerlut.equity([hole, "random"], board=...)` for it; percentile and k-means buckets of
  the real flop's features (each feature table is made once, for the module);
- bad input.
"""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction

import numpy as np
import pytest
import reference.high as reference
import reference.abstraction as ref

from pokerlut import equity, format_cards, parse_cards
from pokerlut.abstraction import (
    HandIndexer,
    StreetFeatures,
    buckets,
    canonical_boards,
    hand_potential,
    hand_strength_of,
    river_hand_strengths,
    street_features,
)
from pokerlut.cli import main


def random_states(n: int, board: int, seed: int) -> list[tuple[list[int], list[int]]]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        cards = rng.permutation(52)[: 2 + board].tolist()
        out.append((cards[:2], cards[2:]))
    return out


def reference_hs(hole: list[int], board: list[int]) -> Fraction:
    return ref.river_hs(hole, board)


@pytest.mark.parametrize("i, state", list(enumerate(random_states(12, 5, seed=1))))
def test_one_river_state_as_the_reference_has_it(i: int, state: tuple[list[int], list[int]]) -> None:
    hole, board = state
    hs = hand_strength_of(hole, board)
    assert hs == reference_hs(hole, board)
    perm = np.random.default_rng(i).permutation(4)
    renamed = [[4 * (c // 4) + int(perm[c % 4]) for c in cards] for cards in (hole, board)]
    assert hand_strength_of(renamed[0], renamed[1][::-1]) == hs


@pytest.mark.slow
def test_canonical_boards_are_one_per_class() -> None:
    """Every board's class (the least image under the 24 permutations of suits) is the class
    of exactly one of `canonical_boards()`."""

    def classes(boards: np.ndarray) -> np.ndarray:
        best = None
        for perm in itertools.permutations(range(4)):
            image = np.sort((boards & 0xFC) | np.array(perm, np.uint8)[boards & 3], axis=1)
            key = sum(image[:, i].astype(np.int64) << (6 * i) for i in range(5))
            best = key if best is None else np.minimum(best, key)
        return best

    every = np.array(list(itertools.combinations(range(52), 5)), np.uint8)
    ours = classes(canonical_boards())
    assert len(np.unique(ours)) == len(ours) and set(ours.tolist()) == set(classes(every).tolist())


@pytest.fixture(scope="module")
def river() -> np.ndarray:
    return river_hand_strengths()


@pytest.fixture(scope="module")
def turn(river: np.ndarray) -> StreetFeatures:
    return street_features("turn", bins=50, river=river)


@pytest.fixture(scope="module")
def flop(river: np.ndarray) -> StreetFeatures:
    return street_features("flop", bins=50, river=river)


@pytest.mark.slow
def test_the_river_table(river: np.ndarray) -> None:
    indexer = HandIndexer("river", "imperfect")
    assert river.shape == (indexer.size,) and river.max() <= 1980
    assert (river != np.iinfo(np.uint16).max).all()  # every state written
    for hole, board in random_states(40, 5, seed=2):
        value = int(river[indexer.index(hole + board)])
        assert Fraction(value, 1980) == reference_hs(hole, board), format_cards(hole + board)
    rng = np.random.default_rng(3)
    for i in rng.integers(0, indexer.size, 20).tolist():  # states by index, canonical ones
        cards = indexer.unindex(i).tolist()
        assert Fraction(int(river[i]), 1980) == hand_strength_of(cards[:2], cards[2:])


@pytest.mark.slow
@pytest.mark.parametrize("street, board, states", [("turn", 4, 6), ("flop", 3, 1)])
def test_flop_and_turn_features(request, street: str, board: int, states: int) -> None:
    features = request.getfixturevalue(street)
    indexer = HandIndexer(street, "imperfect")
    runouts = 46 if street == "turn" else 1081
    assert (features.histogram.sum(axis=1) == runouts).all()
    for hole, cards in random_states(states, board, seed=4):
        i = indexer.index(hole + cards)
        ehs, ehs2 = (ref.turn_ehs if street == "turn" else ref.flop_ehs)(hole, cards)
        assert Fraction(int(features.sums[i]), 1980 * runouts) == ehs
        assert Fraction(int(features.squares[i]), 1980**2 * runouts) == ehs2
        assert features.histogram[i].tolist() == ref.histogram(hole, cards, bins=50)
        assert abs(features.ehs[i] - float(ehs)) < 1e-6
        if street == "turn":
            got = equity([format_cards(hole), "random"], board=format_cards(cards), exact=True)
            assert abs(got.players[0].equity - float(ehs)) < 1e-12


def test_bad_input_is_named(tmp_path, capsys) -> None:
    with pytest.raises(ValueError, match="2 hole cards and 5 board cards, not 2 and 4"):
        hand_strength_of("Ah Kh", "2c 3d 4h 5s")
    with pytest.raises(ValueError, match="card Ah is both a hole card and on the board"):
        hand_strength_of("Ah Kh", "Ah 3d 4h 5s 9c")
    with pytest.raises(ValueError, match="'flop' or 'turn', not 'river'"):
        street_features("river")
    with pytest.raises(ValueError, match="bins is an int 1..1980, not 0"):
        street_features("turn", bins=0)
    with pytest.raises(ValueError, match="uint16 table of river_hand_strengths"):
        street_features("turn", river=np.zeros(3, np.uint16))
    with pytest.raises(SystemExit) as exit_info:
        main(["abstraction", "features", "--street", "preflop", "--out", str(tmp_path)])
    assert exit_info.value.code == 2
    assert "invalid choice: 'preflop'" in capsys.readouterr().err


@pytest.mark.slow
def test_the_command_line_writes_every_street(
    tmp_path, capsys, monkeypatch, river: np.ndarray, turn: StreetFeatures
) -> None:
    """The river's files are what the command line's call of `river_hand_strengths` returns:
    that call is answered with this module's table, made by the same call (which
    test_the_river_table checks, and test_abstraction_dask's river on Dask), not made again.
    The turn's features at 10 bins are made here, by the command line."""
    import json

    import pokerlut.abstraction

    calls = []

    def made_by_the_same_call(*args: object, **kwargs: object) -> np.ndarray:
        calls.append((args, kwargs))
        return river

    monkeypatch.setattr(pokerlut.abstraction, "river_hand_strengths", made_by_the_same_call)
    assert main(["abstraction", "features", "--street", "river", "--out", str(tmp_path), "--quiet"]) == 0
    assert calls == [((None, None, None), {})]  # threads, progress (--quiet), dask: as the fixture's
    monkeypatch.undo()
    assert (np.load(tmp_path / "river-counts.npy") == river).all()
    assert np.allclose(np.load(tmp_path / "river-hs.npy"), river / 1980)
    assert (
        main(
            [
                "abstraction",
                "features",
                "--street",
                "turn",
                "--out",
                str(tmp_path),
                "--bins",
                "10",
                "--quiet",
                "--json",
            ]
        )
        == 0
    )
    about = json.loads(capsys.readouterr().out.split("\n", 1)[1])  # after the river's line
    assert about["states"] == HandIndexer("turn", "imperfect").size and about["bins"] == 10
    histogram = np.load(tmp_path / "turn-histogram.npy")
    assert histogram.shape == (about["states"], 10) and (histogram.sum(axis=1) == 46).all()
    assert (np.load(tmp_path / "turn-sums.npy") == turn.sums).all()
    # HS bin v * bins // 1980: a bin of 10 is five of 50
    assert (histogram == turn.histogram.reshape(-1, 10, 5).sum(axis=2)).all()


def reference_potential(hole: list[int], board: list[int]) -> tuple[Fraction, Fraction]:
    """PPot and NPot from their definition (Billings et al.), by reference/high.py's evaluator:
    every opponent hand, every runout, ahead / tied / behind now and at the river. A best
    key depends only on the set of cards, so each set's is computed once (the opponent's seven
    on the river are the board and three of the 46 cards left: 15,180 sets on a turn)."""

    @functools.cache
    def key_of_set(cards: tuple[int, ...]) -> tuple:
        return reference.best_key(cards)

    def key(cards: list[int]) -> tuple:
        return key_of_set(tuple(sorted(cards)))

    def order(a: tuple, b: tuple) -> int:
        return 0 if a > b else 1 if a == b else 2

    left = [c for c in range(52) if c not in hole + board]
    hp = [[0] * 3 for _ in range(3)]
    for opp in itertools.combinations(left, 2):
        now = order(key(hole + board), key(list(opp) + board))
        rest = [c for c in left if c not in opp]
        for runout in itertools.combinations(rest, 5 - len(board)):
            final = board + list(runout)
            hp[now][order(key(hole + final), key(list(opp) + final))] += 1
    (aa, at, ab), (ta, tt, tb), (ba, bt, bb) = hp
    behind, tied, ahead = ba + bt + bb, ta + tt + tb, aa + at + ab
    return (Fraction(2 * ba + bt + ta, 2 * behind + tied), Fraction(2 * ab + tb + at, 2 * ahead + tied))


@pytest.mark.slow
@pytest.mark.parametrize("hole, board", [("Ah Kh", "Qh 7h 2c 3d"), ("9c 9d", "Ks 8s 3h 2d")])
def test_hand_potential_of_a_turn_state(hole: str, board: str) -> None:
    want = reference_potential(parse_cards(hole).tolist(), parse_cards(board).tolist())
    assert hand_potential(hole, board) == want


def test_hand_potential_bad_input() -> None:
    with pytest.raises(ValueError, match="2 hole cards and 3 or 4 board cards, not 2 and 5"):
        hand_potential("Ah Kh", "2c 3d 4h 5s 9c")
    with pytest.raises(ValueError, match="card Ah is both"):
        hand_potential("Ah Kh", "Ah 3d 4h")


@pytest.mark.slow
def test_buckets_of_the_real_flop(flop: StreetFeatures) -> None:
    """Percentile buckets hold 1/k of the 25,989,600 flop hands each, to within one group of
    ties; k-means buckets are numbered by EHS (here, by the features this module checks)."""
    w = HandIndexer("flop", "imperfect").orbit_sizes()
    got = buckets(flop, 50)
    heaviest_tie = np.bincount(np.unique(flop.squares, return_inverse=True)[1], weights=w).max()
    assert len(got.states) == 50
    assert np.abs(got.hands - 25_989_600 / 50).max() <= heaviest_tie
    emd = buckets(flop, 20, "kmeans-emd")
    assert (np.diff(emd.ehs) >= 0).all() and emd.hands.sum() == 25_989_600
    indexer = HandIndexer("flop", "imperfect")
    nuts, air = indexer.index("Ah Ad As Ac 2d"), indexer.index("7c 2d Ks Qh 9h")  # quads, nothing
    assert emd.labels[nuts] == 19 and emd.labels[air] < 5 and got.labels[nuts] == 49
