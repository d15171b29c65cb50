"""Columns of hand texts: parse_batch, evaluate_batch of text and the pandas accessor, against
the one-hand-at-a-time `Series.map(pokerlut.evaluate)` a data frame user would write.

Run with `make bench`. 2,000,000 canonical 7-card rows ("As Kd 7h 7c 2s 9d Tc") made from the
session's random hands (fixed seed); every kernel is compiled before timing, and every result
is checked against the cards it must give or its checksum (`digest`), computed once, for the
timed size and the smoke run's (`make test`: SMOKE_ROWS rows, SMOKE_MAP mapped).
"""

import hashlib

import numpy as np
import pandas as pd
import pytest
from conftest import THREADS, digest, hands_per_second, sized

import pokerlut
import pokerlut.frame  # noqa: F401  (registers Series.poker)

N_ROWS, SMOKE_ROWS = 2_000_000, 20_000
N_MAP, SMOKE_MAP = 100_000, 2_000  # the map() baseline is slow: fewer rows
# digest(evaluate_batch(cards[:rows])) for rows
STRENGTHS = {
    N_ROWS: "69a8a97e87b3ac72",
    SMOKE_ROWS: "d36f101dc0ffa704",
    N_MAP: "52a1f601db9c9e89",
    SMOKE_MAP: "5aa728f197bd0dc9",
}
# blake2b (8 bytes) of the describe_batch words of the rows, one a line
WORDS = {N_ROWS: "844850c5f424699b", SMOKE_ROWS: "56d77f85cb33e989"}
NAMES = np.array([pokerlut.format_card(c) for c in range(52)], dtype="S2")


@pytest.fixture(scope="module")
def canonical(random_hands, smoke):
    """(cards, texts as S20) of N_ROWS 7-card hands written "As Kd 7h 7c 2s 9d Tc"."""
    rows = sized(smoke, N_ROWS, SMOKE_ROWS)
    cards = random_hands[7][:rows]
    text = np.full((rows, 20), ord(" "), dtype=np.uint8)
    for j in range(7):
        text[:, 3 * j : 3 * j + 2] = NAMES[cards[:, j]].view(np.uint8).reshape(-1, 2)
    return cards, text.view("S20").reshape(rows)


@pytest.mark.parametrize("threads", THREADS)
@pytest.mark.parametrize("kind", ["bytes-S20", "str-U20", "list-of-str", "arrow"])
def test_parse_batch(benchmark, canonical, kind, threads):
    cards, texts = canonical
    column = {
        "bytes-S20": lambda: texts,
        "str-U20": lambda: texts.astype("U20"),
        "list-of-str": lambda: texts.astype("U20").tolist(),
        "arrow": lambda: __import__("pyarrow").array(texts.astype("U20")),
    }[kind]()
    pokerlut.parse_batch(column[:100] if kind != "arrow" else column.slice(0, 100))
    out = benchmark.pedantic(pokerlut.parse_batch, args=(column,), kwargs=dict(threads=threads), rounds=5)
    assert (out == cards).all()
    hands_per_second(benchmark, len(cards), threads)


@pytest.mark.parametrize("dtype", [object, "string[pyarrow]"])
def test_accessor_strength(benchmark, canonical, dtype):
    cards, texts = canonical
    series = pd.Series(texts.astype("U20"), dtype=dtype)
    series[:100].poker.strength()
    out = benchmark.pedantic(lambda: series.poker.strength(threads=1), rounds=3)
    assert digest(out.to_numpy()) == STRENGTHS[len(cards)]
    hands_per_second(benchmark, len(cards), 1)


def test_series_map_evaluate_baseline(benchmark, canonical, smoke):
    cards, texts = canonical
    rows = sized(smoke, N_MAP, SMOKE_MAP)
    series = pd.Series(texts[:rows].astype("U20"), dtype=object)
    out = benchmark.pedantic(series.map, args=(pokerlut.evaluate,), rounds=3)
    assert digest(out.to_numpy().astype(np.int64)) == STRENGTHS[rows]
    hands_per_second(benchmark, rows, 1)


def test_describe_batch(benchmark, canonical):
    strengths = pokerlut.evaluate_batch(canonical[0])
    pokerlut.describe_batch(strengths[:10])
    words = benchmark.pedantic(pokerlut.describe_batch, args=(strengths,), rounds=5)
    assert words[0] == pokerlut.describe(int(strengths[0]))
    text = "\n".join(words).encode()
    assert hashlib.blake2b(text, digest_size=8).hexdigest() == WORDS[len(strengths)]
    hands_per_second(benchmark, len(strengths), 1)
