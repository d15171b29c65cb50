"""Card abstraction: canonical indices of 10,000,000 random river hands (hole cards, then the
board), perfect and imperfect recall, on 1 and 2 threads, and back from the indices; the HS
of all 123,156,254 river states; EHS, EHS2 and the 50-bin histogram of every turn and flop
state (from the river table, made before timing); the orbit sizes (the weights of the
states) of every turn state; buckets of every flop state by each method; the river's HS on a
LocalCluster of 2 workers. Each result is checked against its checksum (`digest`), computed
once, for the timed size and the smoke run's (`make test`). The smoke run leaves out the whole
turn and flop (each a minute or more: the slow tests of tests/test_features.py and
tests/test_abstraction_dask.py check the same features, buckets and cluster run)."""

import pytest
from conftest import N_HANDS, SMOKE_HANDS, THREADS, digest, hands_per_second, record, sized, warm

from pokerlut.abstraction import HandIndexer

N_UNINDEX, SMOKE_UNINDEX = 1_000_000, 10_000
# digest(index_batch(random_hands[7])) for (recall, hands); of the first 1,000,000 (or
# SMOKE_UNINDEX) hands' indices for unindex
INDEX = {
    ("perfect", N_HANDS): "f71565b0203965cf",
    ("perfect", SMOKE_HANDS): "0fa69ea62dac03d8",
    ("imperfect", N_HANDS): "8092af0ee2532214",
    ("imperfect", SMOKE_HANDS): "9f2efe4e737dcb5a",
    ("perfect", N_UNINDEX): "b1519e33a245449e",
    ("perfect", SMOKE_UNINDEX): "fcff56f843972f83",
    ("imperfect", N_UNINDEX): "033dd620dba954ba",
    ("imperfect", SMOKE_UNINDEX): "d943534595f577ba",
}
RIVER = "58d838d66c39bb68"  # digest(river_hand_strengths())
FEATURES = {  # digest of (sums, squares, histogram) of street_features(street)
    "turn": ("c04e1ea71648f337", "510761027935d813", "4abdca6fb49e5e0f"),
    "flop": ("3f9bfdcb8519bc76", "0f5bfe0eb38e97e4", "7cf3d2c357151c3e"),
}
ORBITS_TURN = "efea289b95ca40fb"  # digest(HandIndexer("turn", "imperfect").orbit_sizes())
PERCENTILE = "5caa005d02a02338"  # digest(buckets(flop, 200).labels)
FLOP_HANDS = 25_989_600  # C(52, 2) C(50, 3)


def whole_street(smoke: bool) -> None:
    if smoke:
        pytest.skip("a whole turn or flop: not in the smoke run (tests/test_features.py)")


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("recall", ["perfect", "imperfect"])
def test_index_river_hands(benchmark, random_hands, recall, threads):
    indexer = HandIndexer("river", recall)
    hands = random_hands[7]
    indexer.index_batch(hands[:100])
    out = benchmark.pedantic(indexer.index_batch, args=(hands,), kwargs=dict(threads=threads), rounds=5)
    assert digest(out) == INDEX[recall, len(hands)]
    hands_per_second(benchmark, len(hands), threads)


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("recall", ["perfect", "imperfect"])
def test_unindex_river_hands(benchmark, random_hands, recall, threads, smoke):
    indexer = HandIndexer("river", recall)
    indices = indexer.index_batch(random_hands[7][: sized(smoke, N_UNINDEX, SMOKE_UNINDEX)])
    assert digest(indices) == INDEX[recall, len(indices)]
    indexer.unindex_batch(indices[:100])
    out = benchmark.pedantic(indexer.unindex_batch, args=(indices,), kwargs=dict(threads=threads), rounds=3)
    assert (indexer.index_batch(out) == indices).all()
    hands_per_second(benchmark, len(indices), threads)


@pytest.mark.parametrize("threads", THREADS)
def test_river_hand_strength_of_every_state(benchmark, threads):
    from pokerlut.abstraction import river_hand_strengths

    warm(benchmark, river_hand_strengths, threads=threads)  # compile
    out = benchmark.pedantic(river_hand_strengths, kwargs=dict(threads=threads), rounds=2)
    assert out.max() == 1980 and digest(out) == RIVER
    record(benchmark, len(out), "states", threads)


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("street", ["turn", "flop"])
def test_ehs_and_histogram_of_every_state(benchmark, street, threads, smoke):
    whole_street(smoke)
    from pokerlut.abstraction import river_hand_strengths, street_features

    river = river_hand_strengths(threads=threads)
    street_features(street, river=river, threads=threads)  # compile
    out = benchmark.pedantic(
        street_features, args=(street,), kwargs=dict(river=river, threads=threads), rounds=1
    )
    assert (digest(out.sums), digest(out.squares), digest(out.histogram)) == FEATURES[street]
    record(benchmark, len(out.sums), "states", threads)


@pytest.mark.parametrize("threads", THREADS)
def test_orbit_sizes_of_every_turn_state(benchmark, threads):
    indexer = HandIndexer("turn", "imperfect")
    HandIndexer("preflop").orbit_sizes(threads=threads)  # compile
    out = benchmark.pedantic(indexer.orbit_sizes, kwargs=dict(threads=threads), rounds=2)
    assert digest(out) == ORBITS_TURN
    record(benchmark, len(out), "states", threads)


@pytest.fixture(scope="module")
def flop_features():
    from pokerlut.abstraction import river_hand_strengths, street_features

    return street_features("flop", river=river_hand_strengths())


@pytest.mark.parametrize("method", ["ehs2-percentile", "kmeans-histogram", "kmeans-emd"])
def test_200_buckets_of_every_flop_state(benchmark, smoke, method, request):
    whole_street(smoke)
    pytest.importorskip("sklearn")
    from pokerlut.abstraction import buckets

    flop_features = request.getfixturevalue("flop_features")
    out = benchmark.pedantic(buckets, args=(flop_features, 200, method), rounds=1)
    assert len(out.labels) == len(flop_features.sums) and len(out.states) == 200
    assert out.hands.sum() == FLOP_HANDS and (out.ehs[1:] >= out.ehs[:-1]).all()
    if method == "ehs2-percentile":  # (k-means' floating point may differ on another machine)
        assert digest(out.labels) == PERCENTILE
    record(benchmark, len(out.labels), "states")


def test_river_on_a_local_cluster_of_2_workers(benchmark, tmp_path, smoke):
    if smoke:
        pytest.skip("two workers' whole river: not in the smoke run (tests/test_abstraction_dask.py)")
    pytest.importorskip("distributed")
    import shutil

    from pokerlut.abstraction import DaskRun, river_hand_strengths

    def run():
        shutil.rmtree(tmp_path / "parts", ignore_errors=True)
        return river_hand_strengths(dask=DaskRun("local", tmp_path / "parts", workers=2))

    out = benchmark.pedantic(run, rounds=1)
    assert digest(out) == RIVER
    record(benchmark, len(out), "states", 2)
