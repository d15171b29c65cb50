"""The batch kernel a block of rows at a time (_kernels/simd.py: 16 with AVX-512, 8 with AVX2)
against the strengths of every hand in order (themselves checked hand by hand in
test_exhaustive.py), bad rows in every lane, and the tables' sizes that keep its reads inside
them. On a CPU with AVX-512, the whole file runs again with numba's target cut to AVX2."""

import itertools
import math
import os
import re
import subprocess
import sys

import numpy as np
import pytest
from llvmlite import binding
from numba import njit

import pokerlut
from pokerlut import _tables as tables
from pokerlut._kernels import batch, simd
from pokerlut._kernels.hashing import MIXED_HASH, RANK5_HASH, RANK_HASH
from pokerlut.rules import rules

needs_simd = pytest.mark.skipif(
    not simd.AVAILABLE, reason="the CPU lacks AVX2 and AVX-512: the batch kernel runs one row at a time"
)
# numba's target cut to x86-64 with AVX2 (and without AVX2: no block kernel)
AVX2_ONLY = dict(NUMBA_CPU_NAME="x86-64", NUMBA_CPU_FEATURES="+sse2,+sse4.2,+avx,+avx2,+popcnt")
NO_AVX2 = dict(NUMBA_CPU_NAME="x86-64", NUMBA_CPU_FEATURES="+sse2,+sse4.2,+popcnt")
NO_WILD = [
    game
    for game in pokerlut.games()  # every five-card game without wild cards
    if not game.startswith(("italian-", "badugi")) and not isinstance(tables.load(game), tables.Wild)
]


def test_every_kind_of_tables_without_wild_cards_is_covered():
    kinds = {type(tables.load(game)) for game in NO_WILD}
    assert kinds == {tables.SuitsSettle, tables.SuitsIgnored, tables.SuitsMixed}


@needs_simd
def test_the_batch_kernel_runs_a_block_at_a_time_on_this_cpu():
    hands = (np.arange(7, dtype=np.uint8)[None].repeat(40, axis=0) * 3) % 52
    out, first_bad = np.empty(40, np.uint16), np.full(64, 40, np.int64)
    uncached = [
        njit(parallel=True, _nrt=False)(kernel.py_func)  # cached code hides its asm
        for kernel in (batch.rows_kernel(7, check=True), batch.rows_kernel(7, check=True, simd=False))
    ]
    for kernel in uncached:
        kernel(tables.load(), hands, out, first_bad)
    # the byte permute reading 16 rows, or the byte shuffle of ymm registers reading 8
    mark = r"vperm[ti]2b" if simd.LANES == 16 else r"vpshufb\s[^\n]*%ymm"
    shuffles = [
        re.search(mark, code) is not None
        for kernel in uncached
        for code in ["".join(kernel.inspect_asm().values())]
    ]
    assert shuffles == [True, False]


@njit(_nrt=False)
def next_hands(deck, idx, rows):
    """Fill `rows` with the next hands of `deck` in itertools.combinations order, from the
    indices in `idx` (updated; idx[0] = -1 once every hand is listed); returns how many."""
    n, width = deck.shape[0], rows.shape[1]
    count = 0
    while count < rows.shape[0] and idx[0] >= 0:
        for j in range(width):
            rows[count, j] = deck[idx[j]]
        count += 1
        i = width - 1
        while i >= 0 and idx[i] == n - width + i:
            i -= 1
        if i < 0:
            idx[0] = -1
        else:
            idx[i] += 1
            for j in range(i + 1, width):
                idx[j] = idx[j - 1] + 1
    return count


def every_hand_in_batches(game, n_cards):
    """Every hand of the game's deck through `evaluate_batch`, checked and unchecked; returns
    (checked, unchecked) strengths in itertools.combinations order."""
    deck = rules(game).deck_of().astype(np.uint8)
    total = math.comb(len(deck), n_cards)
    checked = np.empty(total, np.uint16)
    unchecked = np.empty(total, np.uint16)
    idx = np.arange(n_cards, dtype=np.int64)
    rows = np.empty((4_000_003, n_cards), np.uint8)  # not a multiple of 16: a tail every batch
    done = 0
    while count := next_hands(deck, idx, rows):
        part = slice(done, done + count)
        checked[part] = pokerlut.evaluate_batch(rows[:count], game=game)
        unchecked[part] = pokerlut.evaluate_batch(rows[:count], game=game, validate=False)
        done += count
    assert done == total
    return checked, unchecked


SLOW = {("high", 7), ("ace-to-five", 7), ("deuce-to-seven", 7)}


@pytest.mark.parametrize(
    ("game", "n_cards"),
    [
        pytest.param(game, n, marks=[pytest.mark.slow] if (game, n) in SLOW else [])
        for game in NO_WILD
        for n in (5, 6, 7)
        if (game, n) in SLOW or n < 7 or "short" in game
    ],
)
def test_every_hand_in_batches_gets_its_strength_in_order(game, n_cards):
    checked, unchecked = every_hand_in_batches(game, n_cards)
    expected = pokerlut.strengths_in_order(n_cards, game=game)
    assert (checked == expected).all() and (unchecked == expected).all()


ONE_OF_EACH_KIND = {type(tables.load(game)): game for game in reversed(NO_WILD)}.values()


@pytest.mark.parametrize("check", [True, False])
@pytest.mark.parametrize("game", ONE_OF_EACH_KIND)
def test_the_one_row_kernel_gets_every_five_card_hand_and_random_sevens_right(game, check):
    """The kernel a CPU without AVX2 runs (and wild games, and strided arrays), checked and
    not, compiled once per kind of tables: every five-card hand in order, and 7-card hands
    against the block kernel, in one game of each kind."""
    deck = rules(game).deck_of().astype(np.uint8)
    t = tables.load(game)
    fives = np.empty((math.comb(len(deck), 5), 5), np.uint8)
    assert next_hands(deck, np.arange(5, dtype=np.int64), fives) == len(fives)
    rng = np.random.default_rng(len(game))
    sevens = deck[np.argsort(rng.random((100_000, len(deck))), axis=1)[:, :7]]
    for hands, expected in (
        (fives, pokerlut.strengths_in_order(5, game=game)),
        (sevens, pokerlut.evaluate_batch(sevens, game=game)),
    ):
        out, first_bad = np.empty(len(hands), np.uint16), np.full(64, len(hands), np.int64)
        batch.rows_kernel(hands.shape[1], check, simd=False)(t, hands, out, first_bad)
        assert (out == expected).all() and (first_bad == len(hands)).all()


def plant(hands, row, defect, deck):
    """Make `row` of `hands` bad: a repeated card ("repeat": the first at the end, or
    ("repeat", j, k): card j at position k), or a card outside the deck at position 1 (or at
    `position` for a defect (card, position)): "outside" is the lowest of the 52 cards the
    deck lacks, or 52."""
    if defect == "repeat":
        defect = ("repeat", 0, hands.shape[1] - 1)
    if isinstance(defect, tuple) and defect[0] == "repeat":
        hands[row, defect[2]] = hands[row, defect[1]]
        return
    card, position = defect if isinstance(defect, tuple) else (defect, 1)
    if card == "outside":
        missing = sorted(set(range(52)) - set(deck))
        card = missing[0] if missing else 52
    hands[row, position] = card


@pytest.mark.parametrize("game", ["high", "short-deck", "ace-to-five", "deuce-to-seven"])
@pytest.mark.parametrize("n_cards", [5, 6, 7])
@pytest.mark.parametrize("defect", ["repeat", "outside", 52, 64, 255])
def test_the_first_bad_row_is_named_in_any_lane_and_in_the_tail(game, n_cards, defect):
    deck = sorted(rules(game).deck)
    rng = np.random.default_rng(n_cards)
    good = np.array([rng.choice(deck, n_cards, replace=False) for _ in range(16 * 6 + 9)], dtype=np.uint8)
    expected = pokerlut.evaluate_batch(good, game=game)
    for first in (0, 1, 5, 7, 8, 15, 16, 17, 40, 63, 64, 95, 96, 100, 104):
        hands = good.copy()
        plant(hands, first, defect, deck)
        if first + 9 < len(hands):
            plant(hands, first + 9, "repeat", deck)  # a later bad row in the same call
        for threads in (1, 2):
            with pytest.raises(ValueError, match=rf"^row {first}: "):
                pokerlut.evaluate_batch(hands, game=game, threads=threads)
        unchecked = pokerlut.evaluate_batch(hands, game=game, validate=False)
        rows_ok = np.ones(len(hands), bool)
        rows_ok[[first, min(first + 9, len(hands) - 1)]] = False
        assert (unchecked[rows_ok] == expected[rows_ok]).all()


@pytest.mark.parametrize("game", NO_WILD)
def test_the_rank_and_suit_keys_built_into_the_kernel_are_the_tables(game):
    """block_strengths sums 5**rank and a 4-bit counter per suit from constants: they must be
    what the game's `card_key` holds for each card of its deck."""
    t = tables.load(game)
    for card in rules(game).deck:
        rank, suit = divmod(int(card), 4)
        assert int(t.card_key[card]) == 5**rank + (1 << (32 + 4 * suit))


@pytest.mark.parametrize("game", NO_WILD)
def test_any_byte_reads_inside_the_tables(game):
    """The block kernel's reads cannot be bounds-checked by numba: each is a bucket of
    `bucket_bits` bits, a slot below the largest offset plus 2**pos_bits, or a 13-bit suited
    mask. The tables must hold every one of those; then any row, valid or not, reads inside."""
    t = tables.load(game)
    for offsets, values, spec in (
        (t.rank_offsets, t.rank_values, RANK_HASH),
        (t.rank5_offsets, t.rank5_values, RANK5_HASH),
    ):
        assert len(offsets) == 1 << spec.bucket_bits
        assert int(offsets.max()) + (1 << spec.pos_bits) <= len(values)
    assert len(t.flush) == 1 << 13
    if isinstance(t, tables.SuitsMixed):  # (suited mask, rank key) when the flush table has 0
        assert len(t.mixed_offsets) == 1 << MIXED_HASH.bucket_bits
        assert int(t.mixed_offsets.max()) + (1 << MIXED_HASH.pos_bits) <= len(t.mixed_values)
    rng = np.random.default_rng(5)
    top = len(tables.classes(game)) - 1
    for n_cards in (5, 6, 7):
        junk = rng.integers(0, 256, (1_000, n_cards), dtype=np.uint8)
        assert pokerlut.evaluate_batch(junk, game=game, validate=False).max() <= top


def test_a_cpu_without_avx2_evaluates_one_row_at_a_time():
    code = (
        "import numpy as np, pokerlut\n"
        "from pokerlut._kernels import simd\n"
        "hands = np.array([[51, 47, 43, 39, 35, 3, 7]] * 40, np.uint8)\n"
        "print(simd.AVAILABLE, set(pokerlut.evaluate_batch(hands).tolist()))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=dict(os.environ, **NO_AVX2),
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.split("\n")[0] == "False {7462}"


@pytest.mark.slow
@pytest.mark.skipif(simd.LANES != 16, reason="this process runs the AVX2 kernel already")
@pytest.mark.skipif(not binding.get_host_cpu_features().get("avx2"), reason="no AVX2 here")
def test_this_file_passes_with_the_avx2_kernel():
    """The tests above (but the slow ones) in a process whose numba target is AVX2 alone, so
    that a machine with AVX-512 checks the eight-row kernel too."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not slow", __file__],
        env=dict(os.environ, **AVX2_ONLY),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout[-3000:]
    assert " passed" in done.stdout and " failed" not in done.stdout


@njit(_nrt=False)
def block_flags(t, hands, deck, out, flagged):
    """flagged[b] = what the checked block kernel says of block b (bad row or not)."""
    width = hands.shape[1]
    for b in range(flagged.shape[0]):
        start = b * simd.LANES
        if width == 7:
            flagged[b] = simd.block_strengths(t, hands, start, 7, out, True, deck)
        elif width == 6:
            flagged[b] = simd.block_strengths(t, hands, start, 6, out, True, deck)
        else:
            flagged[b] = simd.block_strengths(t, hands, start, 5, out, True, deck)


@needs_simd
@pytest.mark.parametrize("game", ["high", "short-deck", "ace-to-five"])
@pytest.mark.parametrize("n_cards", [5, 6, 7])
def test_the_block_check_flags_exactly_the_blocks_with_a_bad_row(game, n_cards):
    """No false alarm on good rows (each would cost a rescan), and every kind of bad row in
    every lane is seen: any two positions repeating a card, and cards outside the deck."""
    deck = sorted(rules(game).deck)
    t = tables.load(game)
    rng = np.random.default_rng(n_cards)
    blocks = 4_000
    hands = np.array(
        [rng.choice(deck, n_cards, replace=False) for _ in range(blocks * simd.LANES)], dtype=np.uint8
    )
    out = np.empty(len(hands), np.uint16)
    flagged = np.ones(blocks, bool)
    block_flags(t, hands, batch.deck_mask(t), out, flagged)
    assert not flagged.any()
    defects = [(card, position) for card in ("outside", 52, 63, 64, 255) for position in range(n_cards)] + [
        ("repeat", j, k) for j, k in itertools.combinations(range(n_cards), 2)
    ]
    for b in range(blocks):
        plant(hands, b * simd.LANES + b % simd.LANES, defects[b % len(defects)], deck)
    block_flags(t, hands, batch.deck_mask(t), out, flagged)
    assert flagged.all()
