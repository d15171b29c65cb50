"""Drawing a card from a bitmask of cards (Monte Carlo's board deal, _kernels/core.py).

- both ways of finding the k-th set bit (pdep, and the popcount search for CPUs without a fast
  pdep) against a loop written here, for random masks and every k;
- `draw_card` splits the 2**32 random numbers into n runs of equal length (to within one),
  the k-th run giving the k-th card;
- `expand_bits` and `compress_bits` (pdep, pext) and their loops for CPUs without them,
  against Python;
- a process whose numba target has no BMI2 uses the search and the loops and simulates the
  same deals: hold'em boards, and the draw games' Monte Carlo (its hands are masks of cards).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest
from numba import njit

from pokerlut import equity
from pokerlut._kernels import core

NO_BMI2 = dict(NUMBA_CPU_NAME="x86-64", NUMBA_CPU_FEATURES="+sse2,+sse4.2,+popcnt")
SPOT = dict(hands=["QQ+,AK", "22+,A2s+", "random"], board="Kh7d", exact=False, trials=50_001, seed=11)


def set_bits(mask: int) -> list[int]:
    return [i for i in range(64) if mask >> i & 1]


def nth_bits(nth_bit):
    """Every k-th set bit of each mask by the kernel nth_bit (compiled alone: a CPU without
    BMI2 cannot compile the pdep one)."""

    @njit
    def run(masks):
        out = np.full((len(masks), 64), -1, np.int64)
        for i in range(len(masks)):
            for k in range(core.bit_count(masks[i])):
                out[i, k] = nth_bit(masks[i], k)
        return out

    return run


def random_masks() -> np.ndarray:
    rng = np.random.default_rng(5)
    dense = rng.integers(0, 2**63, 300, dtype=np.uint64) | (
        rng.integers(0, 2, 300, dtype=np.uint64) << np.uint64(63)
    )
    sparse = np.array(
        [sum(1 << int(c) for c in rng.choice(64, k, replace=False)) for k in range(1, 65)], dtype=np.uint64
    )
    edges = np.array([1, 2**63, 2**64 - 1, 2**52 - 1, 0x5555_5555_5555_5555], dtype=np.uint64)
    return np.concatenate([dense, sparse, edges])


@pytest.mark.parametrize(
    "kernel_pdep",
    [pytest.param(True, marks=pytest.mark.skipif(not core.FAST_PDEP, reason="no fast pdep here")), False],
)
def test_the_kth_set_bit(kernel_pdep):
    masks = random_masks()
    got = nth_bits(core.nth_bit_pdep if kernel_pdep else core.nth_bit_search)(masks)
    for mask, row in zip(masks, got):
        bits = set_bits(int(mask))
        assert row[: len(bits)].tolist() == bits and (row[len(bits) :] == -1).all()


@njit
def draw(available, n, r32):
    return core.draw_card(available, n, r32)


@pytest.mark.parametrize("n", [1, 2, 3, 7, 36, 45, 52, 54])
def test_draw_card_gives_each_card_an_equal_run_of_random_numbers(n):
    rng = np.random.default_rng(n)
    cards = sorted(rng.choice(54, n, replace=False).tolist())
    available = np.uint64(sum(1 << c for c in cards))
    starts = [-(-k * 2**32 // n) for k in range(n)] + [2**32]  # first r32 of each card's run
    for k, card in enumerate(cards):
        first, last = starts[k], starts[k + 1] - 1
        assert draw(available, n, np.uint64(first)) == card
        assert draw(available, n, np.uint64(last)) == card
        if k:
            assert draw(available, n, np.uint64(first - 1)) == cards[k - 1]


def equities_without_bmi2(spots: list[dict]) -> tuple[bool, list[list[float]]]:
    """`core.FAST_PDEP` and each spot's equities in a process whose numba target has no BMI2."""
    code = (
        "import json, pokerlut\n"
        "from pokerlut._kernels import core\n"
        f"rs = [pokerlut.equity(**spot) for spot in {spots!r}]\n"
        "print(json.dumps([core.FAST_PDEP, [[p.equity for p in r.players] for r in rs]]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=dict(os.environ, **NO_BMI2),
        capture_output=True,
        text=True,
        check=True,
    )
    fast, equities = json.loads(done.stdout.split("\n")[0])
    return fast, equities


def test_without_bmi2_the_search_deals_the_same_boards():
    fast, equities = equities_without_bmi2([SPOT])
    assert fast is False
    assert equities == [[p.equity for p in equity(**SPOT).players]]


def expand(bits: int, mask: int) -> int:
    """pdep in Python: the low bits of `bits` at mask's set positions, lowest first."""
    return sum(1 << p for i, p in enumerate(set_bits(mask)) if bits >> i & 1)


@pytest.mark.parametrize("with_instruction", [True, False])
def test_expand_and_compress_bits_with_and_without_the_instructions(with_instruction):
    if with_instruction and not core.FAST_PDEP:
        pytest.skip("no fast pdep here")
    expand_bits = core.expand_bits if with_instruction else core._expand_loop
    compress_bits = core.compress_bits if with_instruction else core._compress_loop

    @njit
    def both(bits, masks):
        out = np.zeros((len(masks), 2), np.uint64)
        for i in range(len(masks)):
            out[i, 0] = expand_bits(bits[i], masks[i])
            out[i, 1] = compress_bits(bits[i], masks[i])
        return out

    masks = random_masks()
    bits = np.random.default_rng(6).integers(0, 2**64 - 1, len(masks), dtype=np.uint64, endpoint=True)
    got = both(bits, masks)
    for b, mask, (expanded, compressed) in zip(bits.tolist(), masks.tolist(), got.tolist()):
        assert expanded == expand(b, mask)
        assert compressed == sum(1 << i for i, p in enumerate(set_bits(mask)) if b >> p & 1)


DRAW_SPOTS = [  # the lowball keeps (word operations), five-card draw's and Badugi's (pdep)
    dict(hands=["7s6d3c", "8c5h4d", ""], dead="Kd", deal="2-7-triple-draw", trials=20_001, seed=3),
    dict(hands=["AsAh", "KsKhQd"], deal="five-card-draw", draw_rounds=1, exact=False, trials=20_001, seed=3),
    dict(hands=["As2d3h", "Kc2h3s"], deal="badugi", trials=20_001, seed=3),
]


@pytest.mark.slow
def test_without_bmi2_the_draw_games_deal_the_same_hands():
    fast, equities = equities_without_bmi2(DRAW_SPOTS)
    assert fast is False
    assert equities == [[p.equity for p in equity(**spot).players] for spot in DRAW_SPOTS]
