"""Buckets of card abstraction (pokerlut.abstraction.buckets) and the weights they use:

- orbit sizes: every flop hand indexed and counted (np.bincount) is `orbit_sizes("flop")`;
  the preflop's are 6, 4 and 12; slow: the turn's and river's add up to every hand, and
  sampled ones are the number of distinct images of the index's hand under the 24
  permutations of suits;
- EHS2 percentiles against a reference written here (a loop over the distinct values):
  ties never split, buckets of equal weight, empty buckets dropped; on the river by HS;
- k-means: clear clusters found and numbered by mean EHS; the weights change the clusters
  (the cost of merging two groups is their weights' harmonic mean); the same seed gives the
  same buckets; the inertia is the weighted sum of squared distances to the centres;
- the command line writes a bucket per canonical index and a summary, or says which
  command makes the missing features; bad input is named; scikit-learn missing is named;
- (the buckets of the real flop's features are in test_features.py, which makes them.)
"""

from __future__ import annotations

import itertools
import json
import sys
from math import comb

import numpy as np
import pytest

from pokerlut.abstraction import HandIndexer, StreetFeatures, buckets
from pokerlut.cli import main

SUIT_PERMS = np.array(list(itertools.permutations(range(4))), np.uint8)


def every_flop_hand() -> np.ndarray:
    """Every (hole, flop) of 52 cards: 25,989,600 rows of 5 cards."""
    fives = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), 5)), np.uint8
    ).reshape(-1, 5)
    holes = list(itertools.combinations(range(5), 2))
    return np.concatenate([fives[:, list(h) + [c for c in range(5) if c not in h]] for h in holes])


def test_orbit_sizes_count_the_flop_hands_of_each_index() -> None:
    flop = HandIndexer("flop", "imperfect")
    counted = np.bincount(flop.index_batch(every_flop_hand()), minlength=flop.size)
    assert (flop.orbit_sizes() == counted).all()
    preflop = HandIndexer("preflop").orbit_sizes()
    assert np.flatnonzero(np.bincount(preflop)).tolist() == [4, 6, 12]
    assert np.bincount(preflop)[[4, 6, 12]].tolist() == [78, 13, 78]  # suited, pairs, offsuit


def images(hand: np.ndarray, rounds: tuple[int, ...]) -> int:
    """The distinct hands a hand is under the 24 permutations of suits (rounds as sets)."""
    found = set()
    for perm in SUIT_PERMS:
        moved = (hand & 0xFC) | perm[hand & 3]
        cuts = np.cumsum((0,) + rounds)
        found.add(tuple(frozenset(moved[a:b].tolist()) for a, b in zip(cuts[:-1], cuts[1:])))
    return len(found)


@pytest.mark.slow
@pytest.mark.parametrize(
    "street, recall, board", [("turn", "imperfect", 4), ("river", "imperfect", 5), ("turn", "perfect", 4)]
)
def test_orbit_sizes_are_the_hands_of_each_class(street: str, recall: str, board: int) -> None:
    indexer = HandIndexer(street, recall)
    sizes = indexer.orbit_sizes()
    orders = 1 if recall == "imperfect" else comb(board, 3)  # which of the board came on the flop
    assert int(sizes.sum(dtype=np.int64)) == comb(52, 2) * comb(50, board) * orders
    rng = np.random.default_rng(5)
    for i in [*rng.integers(0, indexer.size, 300).tolist(), *np.flatnonzero(sizes < 12)[:50].tolist()]:
        assert sizes[i] == images(indexer.unindex(i), indexer.rounds), i


def percentiles(key: np.ndarray, w: np.ndarray, k: int) -> list[int]:
    """The reference: distinct values ascending; each goes to floor(k * middle / total), the
    middle being the weight below it plus half its own; then numbered without gaps."""
    total, below, bucket_of = int(w.sum()), 0, {}
    for value in sorted(set(key.tolist())):
        weight = int(w[key == value].sum())
        bucket_of[value] = k * (2 * below + weight) // (2 * total)
        below += weight
    used = sorted(set(bucket_of.values()))
    return [used.index(bucket_of[v]) for v in key.tolist()]


def same_order(key: np.ndarray, bins: int = 50) -> StreetFeatures:
    """Turn features whose EHS and EHS2 numerators are both `key` (one order)."""
    return StreetFeatures(
        "turn", 46, key.astype(np.uint32), key.astype(np.uint64), np.zeros((len(key), bins), np.uint8)
    )


@pytest.mark.parametrize("seed", range(6))
def test_percentile_buckets_as_the_reference_has_them(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(1, 400)), int(rng.integers(1, 30))
    key = rng.integers(0, int(rng.integers(1, 60)), n)  # many ties
    w = rng.integers(1, 25, n)
    got = buckets(same_order(key), k, weights=w)
    assert got.labels.tolist() == percentiles(key, w, k)
    assert got.labels.dtype == np.uint8 and got.inertia is None
    assert got.states.tolist() == np.bincount(got.labels).tolist()
    assert got.hands.tolist() == np.bincount(got.labels, weights=w).astype(int).tolist()
    for value in set(key.tolist()):  # a tie is one bucket
        assert len(set(got.labels[key == value].tolist())) == 1


def test_percentile_buckets_hold_equal_weight_and_drop_empty_ones() -> None:
    key = np.arange(1000)
    got = buckets(same_order(key), 8, weights=np.full(1000, 3))
    assert got.hands.tolist() == [375] * 8 and got.labels.tolist() == (key // 125).tolist()
    heavy = np.array([0, 1, 2, 2, 2, 2, 2, 2, 2, 2])  # the 2s are 80 % of the weight
    got = buckets(same_order(heavy), 5, weights=np.ones(10, int))
    assert got.labels.tolist() == [0, 0, 1, 1, 1, 1, 1, 1, 1, 1] and len(got.states) == 2


def test_river_buckets_by_hs() -> None:
    counts = np.array([1980, 0, 990, 990, 1500, 10], np.uint16)
    got = buckets(counts, 3, weights=np.ones(6, int))
    assert got.labels.tolist() == [2, 0, 1, 1, 2, 0]
    assert np.allclose(got.ehs, [5 / 1980, 990 / 1980, (1980 + 1500) / 2 / 1980])


def three_groups(weights: tuple[int, int, int], method: str) -> np.ndarray:
    """k = 2 buckets of three tight groups of turn states at 0, 1 and 3 on a line (2 bins of
    46 runouts: 0, 10 and 30 runouts in the upper bin), each group weighted as given."""
    upper = np.repeat([0, 10, 30], 20)
    histogram = np.stack([46 - upper, upper], axis=1).astype(np.uint8)
    features = StreetFeatures(
        "turn", 46, upper.astype(np.uint32) * 1980, upper.astype(np.uint64) * 1980**2, histogram
    )
    w = np.repeat(weights, 20)
    return buckets(features, 2, method, weights=w, seed=1).labels.reshape(3, 20)


@pytest.mark.parametrize("method", ["kmeans-histogram", "kmeans-emd"])
def test_kmeans_weights_decide_which_groups_merge(method: str) -> None:
    # merging two groups costs w1 w2 / (w1 + w2) times their squared distance
    assert three_groups((1, 1, 1000), method).tolist() == [[0] * 20, [0] * 20, [1] * 20]
    assert three_groups((1000, 1000, 1), method).tolist() == [[0] * 20, [1] * 20, [1] * 20]


def clusters(n: int = 3000, seed: int = 0) -> tuple[StreetFeatures, np.ndarray]:
    """Flop states of three kinds of histograms (10 bins of 1081 runouts), noise added."""
    rng = np.random.default_rng(seed)
    kind = rng.integers(0, 3, n)
    shapes = np.array(
        [[6, 2, 1, 1, 0, 0, 0, 0, 0, 0], [0, 0, 1, 2, 4, 2, 1, 0, 0, 0], [0, 0, 0, 0, 0, 0, 1, 1, 3, 5]],
        float,
    )
    p = shapes[kind] / shapes.sum(axis=1)[kind, None] + rng.uniform(0, 0.02, (n, 10))
    histogram = np.array([rng.multinomial(1081, row / row.sum()) for row in p], np.uint16)
    middle = (np.arange(10) + 0.5) * 198  # each bin's middle, in 2 wins + ties
    sums = (histogram * middle).sum(axis=1).astype(np.uint32)
    return StreetFeatures(
        "flop", 1081, sums, (histogram * middle**2).sum(axis=1).astype(np.uint64), histogram
    ), kind


@pytest.mark.parametrize("method", ["kmeans-histogram", "kmeans-emd"])
def test_kmeans_finds_clear_clusters_numbered_by_ehs(method: str) -> None:
    features, kind = clusters()
    w = np.random.default_rng(1).integers(1, 25, len(kind))
    got = buckets(features, 3, method, weights=w, sample=1000)
    assert got.labels.tolist() == kind.tolist()  # the kinds are in order of EHS
    assert (np.diff(got.ehs) > 0).all()
    ehs = features.sums / (1980 * 1081)
    assert np.allclose(got.ehs, [np.average(ehs[kind == b], weights=w[kind == b]) for b in range(3)])
    assert got.hands.tolist() == [int(w[kind == b].sum()) for b in range(3)]


def test_kmeans_is_reproducible_and_its_inertia_is_weighted() -> None:
    features, _ = clusters(2000, seed=2)
    w = np.random.default_rng(3).integers(1, 25, 2000)
    runs = [buckets(features, 7, "kmeans-emd", weights=w, seed=5, sample=500) for _ in range(2)]
    assert np.array_equal(runs[0].labels, runs[1].labels) and runs[0].inertia == runs[1].inertia
    got = runs[0]
    cdf = np.cumsum(features.histogram, axis=1) / 1081
    centres = np.array(
        [np.average(cdf[got.labels == b], axis=0, weights=w[got.labels == b]) for b in range(len(got.states))]
    )  # each bucket's weighted mean
    distances = ((cdf[:, None, :] - centres[None]) ** 2).sum(axis=2)
    inertia = float((w * distances[np.arange(2000), got.labels]).sum())
    # the fitted centres are means of the sample only: the whole's are as good or better
    assert inertia <= got.inertia * (1 + 1e-6) and got.inertia < 1.1 * inertia
    other = buckets(features, 7, "kmeans-emd", weights=w, seed=6, sample=500)
    assert other.labels.tolist() != got.labels.tolist() or other.inertia != got.inertia


def test_bad_input_is_named() -> None:
    features, _ = clusters(50)
    w = np.ones(50, int)
    for call, message in [
        (lambda: buckets(features, 3, "kmeans", weights=w), "unknown method 'kmeans'"),
        (lambda: buckets(features, 0, weights=w), "k .* is a positive int, not 0"),
        (lambda: buckets(features, 3, weights=w[:4]), "weights are 50 positive ints"),
        (lambda: buckets(features, 3, weights=w - 1), "weights are 50 positive ints"),
        (lambda: buckets(features, 3), "features of 50 states .* need their weights"),
        (lambda: buckets(features, 60, "kmeans-emd", weights=w), "more than the 50 states"),
        (lambda: buckets(features, 3, "kmeans-emd", weights=w, sample=0), "sample is a positive int"),
        (
            lambda: buckets(np.zeros(5, np.uint16), 2, "kmeans-emd", weights=w[:5]),
            "a river state has one value",
        ),
        (lambda: buckets(np.zeros(0, np.uint16), 2, weights=w[:0]), "features of no state"),
    ]:
        with pytest.raises(ValueError, match=message):
            call()
    with pytest.raises(TypeError, match="StreetFeatures or the river's uint16 counts"):
        buckets(np.zeros(5, np.float32), 2)


def test_without_scikit_learn_the_extra_is_named(monkeypatch) -> None:
    features, _ = clusters(50)
    monkeypatch.setitem(sys.modules, "sklearn", None)
    monkeypatch.setitem(sys.modules, "sklearn.cluster", None)
    with pytest.raises(ImportError, match=r"pokerlut\[abstraction\]"):
        buckets(features, 3, "kmeans-emd", weights=np.ones(50, int))
    assert buckets(features, 3, weights=np.ones(50, int)).labels.max() == 2  # percentiles need none


def fake_flop(folder, seed: int = 0) -> StreetFeatures:
    """Flop features of the right size (made up, not computed), written as `features` would."""
    size = HandIndexer("flop", "imperfect").size
    rng = np.random.default_rng(seed)
    histogram = rng.multinomial(1081, np.full(5, 0.2), size).astype(np.uint16)
    sums = (histogram * np.arange(5) * 396).sum(axis=1).astype(np.uint32)
    squares = (histogram * (np.arange(5) * 396) ** 2).sum(axis=1).astype(np.uint64)
    for name, array in (("sums", sums), ("squares", squares), ("histogram", histogram)):
        np.save(folder / f"flop-{name}.npy", array)
    return StreetFeatures("flop", 1081, sums, squares, histogram)


def test_the_command_line_writes_buckets_and_a_summary(tmp_path, capsys) -> None:
    features = fake_flop(tmp_path)
    for method, k in (("ehs2-percentile", 300), ("kmeans-emd", 4)):
        assert (
            main(
                [
                    "abstraction",
                    "buckets",
                    "--street",
                    "flop",
                    "--out",
                    str(tmp_path),
                    "--k",
                    str(k),
                    "--method",
                    method,
                    "--sample",
                    "3000",
                    "--json",
                ]
            )
            == 0
        )
        about = json.loads(capsys.readouterr().out)
        labels = np.load(tmp_path / f"flop-buckets-{method}-{k}.npy")
        assert json.loads((tmp_path / f"flop-buckets-{method}-{k}.json").read_text()) == about
        want = buckets(features, k, method, sample=3000)
        assert np.array_equal(labels, want.labels)
        assert labels.dtype == (np.uint16 if len(want.states) > 256 else np.uint8)
        assert about["sizes"]["states"] == want.states.tolist() and about["states"] == len(labels)
        assert about["hands"] == comb(52, 2) * comb(50, 3) == sum(about["sizes"]["hands"])
        assert (about["inertia"] == want.inertia) if method == "kmeans-emd" else "inertia" not in about


def test_the_command_line_names_what_is_missing(tmp_path, capsys) -> None:
    assert main(["abstraction", "buckets", "--street", "turn", "--out", str(tmp_path), "--k", "5"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"pokerlut abstraction features --street turn --out {tmp_path}" in err
    fake_flop(tmp_path)
    assert (
        main(
            [
                "abstraction",
                "buckets",
                "--street",
                "flop",
                "--out",
                str(tmp_path),
                "--k",
                "5",
                "--method",
                "emd",
            ]
        )
        == 2
    )
    assert "unknown method 'emd' (one of: ehs2-percentile" in capsys.readouterr().err
