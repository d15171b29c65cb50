"""Card abstraction: canonical indices of 10,000,000 random river hands (hole cards, then the
board), perfect and imperfect recall, on 1 and 2 threads; and back from the indices."""

import pytest
from conftest import N_HANDS, THREADS, hands_per_second

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
