"""Card abstraction: canonical indices of 10,000,000 random river hands (hole cards, then the
board), perfect and imperfect recall, on 1 and 2 threads, and back from the indices; the HS
of all 123,156,254 river states; EHS, EHS2 and the 50-bin histogram of every turn and flop
state (from the river table, made before timing); the orbit sizes (the weights of the
states) of every turn state; buckets of every flop state by each method; the river's HS on a
LocalCluster of 2 workers."""

import pytest
from conftest import N_HANDS, THREADS, hands_per_second, record

from pokerlut.abstraction import HandIndexer


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("recall", ["perfect", "imperfect"])
def test_index_river_hands(benchmark, random_hands, recall, threads):
    indexer = HandIndexer("river", recall)
    hands = random_hands[7]
    indexer.index_batch(hands[:100])
    out = benchmark.pedantic(indexer.index_batch, args=(hands,), kwargs=dict(threads=threads), rounds=5)
    assert 0 <= out.min() and out.max() < indexer.size
    hands_per_second(benchmark, N_HANDS, threads)


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("recall", ["perfect", "imperfect"])
def test_unindex_river_hands(benchmark, random_hands, recall, threads):
    indexer = HandIndexer("river", recall)
    indices = indexer.index_batch(random_hands[7][:1_000_000])
    indexer.unindex_batch(indices[:100])
    out = benchmark.pedantic(indexer.unindex_batch, args=(indices,), kwargs=dict(threads=threads),
                             rounds=3)
    assert (indexer.index_batch(out) == indices).all()
    hands_per_second(benchmark, 1_000_000, threads)


@pytest.mark.parametrize("threads", THREADS)
def test_river_hand_strength_of_every_state(benchmark, threads):
    from pokerlut.abstraction import river_hand_strengths

    river_hand_strengths(threads=threads)  # compile
    out = benchmark.pedantic(river_hand_strengths, kwargs=dict(threads=threads), rounds=2)
    assert out.max() == 1980
    record(benchmark, len(out), "states", threads)


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("street", ["turn", "flop"])
def test_ehs_and_histogram_of_every_state(benchmark, street, threads):
    from pokerlut.abstraction import river_hand_strengths, street_features

    river = river_hand_strengths(threads=threads)
    street_features(street, river=river, threads=threads)  # compile
    out = benchmark.pedantic(street_features, args=(street,), kwargs=dict(river=river, threads=threads),
                             rounds=1)
    record(benchmark, len(out.sums), "states", threads)


@pytest.mark.parametrize("threads", THREADS)
def test_orbit_sizes_of_every_turn_state(benchmark, threads):
    indexer = HandIndexer("turn", "imperfect")
    HandIndexer("preflop").orbit_sizes(threads=threads)  # compile
    out = benchmark.pedantic(indexer.orbit_sizes, kwargs=dict(threads=threads), rounds=2)
    record(benchmark, len(out), "states", threads)


@pytest.fixture(scope="module")
def flop_features():
    from pokerlut.abstraction import river_hand_strengths, street_features

    return street_features("flop", river=river_hand_strengths())


@pytest.mark.parametrize("method", ["ehs2-percentile", "kmeans-histogram", "kmeans-emd"])
def test_200_buckets_of_every_flop_state(benchmark, flop_features, method):
    pytest.importorskip("sklearn")
    from pokerlut.abstraction import buckets

    out = benchmark.pedantic(buckets, args=(flop_features, 200, method), rounds=1)
    assert len(out.labels) == len(flop_features.sums)
    record(benchmark, len(out.labels), "states")


def test_river_on_a_local_cluster_of_2_workers(benchmark, tmp_path):
    pytest.importorskip("distributed")
    import shutil

    from pokerlut.abstraction import DaskRun, river_hand_strengths

    def run():
        shutil.rmtree(tmp_path / "parts", ignore_errors=True)
        return river_hand_strengths(dask=DaskRun("local", tmp_path / "parts", workers=2))

    out = benchmark.pedantic(run, rounds=1)
    record(benchmark, len(out), "states", 2)
