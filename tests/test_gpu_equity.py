"""`equity(device="cuda")` against the CPU path: exact enumeration equal to the CPU's exactly
(hold'em heads-up and 3-way, short deck, Omaha hi and hi-lo, ranges, weights, dead cards, wild
cards, by category, several boards); Monte Carlo within 4 standard errors of the CPU's exact
figures, equal integer for integer to the CPU's own kernel run on the same random streams, the
same for the same seed and not for another; progress, Ctrl-C, and the options the GPU refuses.

Under numba-cuda's simulator (the default here: no GPU) at tiny sizes: there the kernels run as
Python calling the CPU's compiled kernels, so these tests check the GPU path's work split,
counting and results, not the compilation: tests/test_gpu_ptx.py compiles every kernel for a
real GPU (`pokerlut._gpu.equity.ptx_kernels`). With POKERLUT_GPU=device, on a real GPU, at
larger sizes.
"""

import math

import pytest

pytest.importorskip("numba_cuda", reason="numba-cuda is not installed (pip install 'pokerlut[gpu]')")

from pokerlut import equity  # noqa: E402
from pokerlut._gpu import _device  # noqa: E402
from pokerlut._gpu import equity as gpu  # noqa: E402
from pokerlut._equity.board import BoardSetup  # noqa: E402
from pokerlut._equity.deal import resolve_deal

if not _device.simulator() and not _device.cuda(require=False).is_available():
    pytest.skip(
        "no CUDA GPU and the simulator is off (POKERLUT_GPU=device without a GPU)", allow_module_level=True
    )

ON_DEVICE = not _device.simulator()
TRIALS = 1_000_000 if ON_DEVICE else 3_000  # Monte Carlo trials (the simulator runs Python)


def same(a, b):
    """Two results with the very same figures (exact: to the last bit)."""
    assert a.exact == b.exact and a.dealt == b.dealt and a.board == b.board and a.dead == b.dead
    for p, q in zip(a.players, b.players, strict=True):
        assert (p.hand, p.win, p.tie, p.equity, p.stderr, p.high, p.low, p.by_category) == (
            q.hand,
            q.win,
            q.tie,
            q.equity,
            q.stderr,
            q.high,
            q.low,
            q.by_category,
        )
    assert len(a.per_board) == len(b.per_board)
    for x, y in zip(a.per_board, b.per_board):
        same(x, y)


# (hands, board, dead, options): small enumerations (the simulator runs each thread in Python)
EXACT_SPOTS = [
    (["AsAh", "KsKh"], "Kd 7c 2h", "", {}),  # flop: two cards to come (work items of two)
    (["AsAh", "KsKh", "QcJc"], "Kd 7c 2h 3s", "", {}),  # 3-way, turn
    (["AsAh", "KsKh", "QcJc"], "Kd 7c 2h", "", {}),  # 3-way, flop
    (["AsAh", "KsKh"], "Kd 7c 2h 3s 9d", "", {}),  # river: nothing to deal
    (["AsAh", "KsKh"], "Kd 7c 2h 3s", "Kc Ac", {}),  # dead cards: no outs left but one
    (["QQ+,AKs", "JTs", "22"], "9c 8d 2h 3s", "", {}),  # ranges, many deals
    (["AKs:0.5,QQ:0.25,JJ", "T9s"], "Kd 7c 2h 3s", "", {}),  # weighted range
    (["AsAh", "KsKh"], "Kd 7c 8h 9s", "", {"deal": "short-deck"}),
    (["AsKs", "QhQd"], "Kd Qs 6d", "", {"deal": "short-deck-trips"}),
    (["AsAhKsKh", "QcQdJcJd"], "2c 7d 9h Tc", "", {"deal": "omaha"}),
    (["Ah4hQdJc", "Ad2hQsJh", "KdKh9c9d"], "2c 3d 8h Kc", "", {"deal": "omaha-hi-lo"}),
    (["Ah4hQdJc", "Ad4cQsJh", "KdKh9c9d"], "2c 3d 8h Kc Ks", "", {"deal": "omaha-hi-lo"}),  # quartered
    (["AsAh2c3d5h", "KsKh4c5d6h"], "7c 8d 9s Tc", "", {"deal": "omaha-hi-lo"}),  # five-card Omaha
    (["AsAh", "KsJk"], "Kd 7c 2h 3s", "", {"wild": "jokers", "deck_size": 54}),
    (["7c5d", "AsKs", "8h6h"], "2h 3d 4c", "", {"game": "deuce-to-seven"}),  # suits mixed
    (["AsAh", "KsKh", "7c7d"], "Kd 7h 2h 3s", "", {"by_category": True}),
    (["AsAh", "KsKh", "7c7d"], "Kd 7h 8h 9s", "", {"by_category": True, "deal": "short-deck"}),
    (["Ah4hQdJc", "Ad2hQsJh"], "2c 3d 8h Kc", "", {"by_category": True, "deal": "omaha-hi-lo"}),
    (["AsAh", "KsKh"], "", "", {"boards": ["Kd 7c 2h 3s", "Qd 8c 5h 4s"]}),
]


@pytest.mark.parametrize(("hands", "board", "dead", "options"), EXACT_SPOTS)
def test_exact_equals_the_cpu_exactly(hands, board, dead, options):
    cpu = equity(hands, board, dead, exact=True, **options)
    on_gpu = equity(hands, board, dead, exact=True, device="cuda", **options)
    assert on_gpu.exact
    same(on_gpu, cpu)


def test_exact_preflop_equals_the_cpu_exactly():
    """Five board cards to come (work items of two, the kernel deals three): the CPU counts the
    boards in classes, the GPU deals every one; the integer counts are the same."""
    cpu = equity(["AsAh", "KsKh"])
    on_gpu = equity(["AsAh", "KsKh"], device="cuda")
    assert on_gpu.exact and on_gpu.dealt == 1_712_304
    same(on_gpu, cpu)


def test_exact_chunks_equal_the_cpu_counts():
    """A chunk's counts per deal, before weighing: the GPU's equal the CPU's (which deals
    every board or counts them in classes), for a range against a range on the turn."""
    from pokerlut._equity.exact import exact_chunk

    setup = BoardSetup(["QQ+,AK", "JJ-99,AQs"], "Kd 7c 2h 3s", "", resolve_deal("holdem"))
    deals = setup.deals(10**6)
    cpu, on_gpu = exact_chunk(setup, deals, None), gpu.exact_chunk(setup, deals, None)
    assert (cpu[0] == on_gpu[0]).all() and cpu[1:] == on_gpu[1:]


def test_exact_in_many_launches_with_progress(monkeypatch):
    """Work split into many launches, a thread's run of items crossing from deal to deal,
    counts the same, and progress rises to 1."""
    monkeypatch.setattr(gpu, "LAUNCH_WORK", 400)  # 200 items of 2 evaluations a launch
    seen = []
    cpu = equity(["QQ+,AKs", "JTs"], "9c 8d 2h 3s")
    on_gpu = equity(["QQ+,AKs", "JTs"], "9c 8d 2h 3s", device="cuda", progress=seen.append)
    same(on_gpu, cpu)
    assert len(seen) > 3 and seen == sorted(seen) and seen[-1] == 1.0


def test_exact_interrupted_reports_the_work_done(monkeypatch):
    monkeypatch.setattr(gpu, "LAUNCH_WORK", 100)

    def stop(done):
        if done > 0.3:
            raise KeyboardInterrupt

    r = equity(["AsAh", "KsKh"], "Kd 7c 2h", device="cuda", progress=stop)
    assert r.exact and r.partial and 0 < r.dealt < math.comb(45, 2)


# (hands, board, dead, options): Monte Carlo against the CPU's exact figures
MONTE_CARLO_SPOTS = [
    (["AsAh", "KsKh"], "Kd 7c 2h", "", {}),
    (["AsAh", "KsKh", "QcJc"], "Kd 7c 2h", "", {}),
    (["AsAh", "KsKh"], "", "", {}),  # preflop: five cards dealt
    (["QQ+,AK", "KK+,AKs"], "Kd 7c 2h", "", {}),  # overlapping ranges: draws rejected, unbiased
    (["QQ+,AKs", "random"], "9c 8d 2h", "", {}),  # one player's range in rows per deal
    (["AsAh", "KsKh"], "Kd 7c 2h", "Kc 2c", {}),  # dead cards
    (["AsAh", "KsKh"], "Kd 7c 8h", "", {"deal": "short-deck"}),
    (["AsAhKsKh", "QcQdJcJd"], "2c 7d 9h", "", {"deal": "omaha"}),
    (["Ah4hQdJc", "Ad2hQsJh", "KdKh9c9d"], "2c 3d 8h", "", {"deal": "omaha-hi-lo"}),
    (["AsAh", "KsJk"], "Kd 7c 2h", "", {"wild": "jokers", "deck_size": 54}),
]


@pytest.mark.parametrize(("hands", "board", "dead", "options"), MONTE_CARLO_SPOTS)
def test_monte_carlo_within_4_standard_errors_of_exact(hands, board, dead, options):
    exact = equity(hands, board, dead, **options)
    r = equity(hands, board, dead, trials=TRIALS, seed=11, device="cuda", **options)
    assert exact.exact and not r.exact and r.dealt == TRIALS and r.seed == 11 and not r.partial
    for p, q in zip(r.players, exact.players, strict=True):
        assert p.stderr > 0
        assert abs(p.equity - q.equity) <= 4 * p.stderr, (p, q)
        if q.high is not None:  # hi-lo: the halves add up to the equity
            assert p.high + p.low == pytest.approx(p.equity)


@pytest.mark.parametrize(
    ("hands", "board", "deal"),
    [
        (["AsAh", "KsKh"], "Kd 7c 2h", "holdem"),
        (["QQ+,AK", "KK+,AKs", "22"], "", "holdem"),  # groups of ranges, rejections
        (["Ah4hQdJc", "Ad2hQsJh", "KdKh9c9d"], "2c 3d 8h", "omaha-hi-lo"),
    ],
)
def test_monte_carlo_equals_the_cpu_kernel_on_the_same_streams(hands, board, deal):
    """The GPU's random streams (`stream_trials` trials each, from (seed, stream)) run by the
    CPU's own Monte Carlo kernel give the very same counts."""
    setup = BoardSetup(hands, board, "", resolve_deal(deal))
    outcomes, done, partial = gpu.simulated_outcomes(setup, TRIALS, 5, None)
    assert done == TRIALS and not partial
    assert (outcomes == gpu.cpu_reference(setup, TRIALS, 5) / TRIALS).all()


def test_the_same_seed_gives_the_same_result_another_seed_another():
    def run(seed):
        return equity(["AsAh", "KsKh"], "Kd 7c 2h", trials=TRIALS, seed=seed, device="cuda")

    first, again, other = run(3), run(3), run(4)
    same(first, again)
    assert first.players[0].equity != other.players[0].equity


def test_monte_carlo_independent_of_the_launch_size(monkeypatch):
    """Streams are fixed by the seed and the trials: many small launches, the same counts."""
    whole = equity(["AsAh", "KsKh"], "Kd 7c 2h", trials=TRIALS, seed=9, device="cuda")
    monkeypatch.setattr(gpu, "LAUNCH_WORK", 200)
    seen = []
    sliced = equity(["AsAh", "KsKh"], "Kd 7c 2h", trials=TRIALS, seed=9, device="cuda", progress=seen.append)
    same(whole, sliced)
    assert len(seen) > 3 and seen == sorted(seen) and seen[-1] == 1.0


def test_monte_carlo_interrupted_reports_the_trials_done(monkeypatch):
    monkeypatch.setattr(gpu, "LAUNCH_WORK", 200)

    def stop(done):
        if done > 0.3:
            raise KeyboardInterrupt

    r = equity(["AsAh", "KsKh"], "Kd 7c 2h", trials=TRIALS, seed=1, device="cuda", progress=stop)
    assert r.partial and 0 < r.dealt < TRIALS and r.dealt % gpu.stream_trials(TRIALS) == 0


def test_dead_cards_are_honoured():
    """Dead kings: KK's only outs gone (exact), and never dealt in Monte Carlo."""
    r = equity(["AsAh", "KsKh"], "Qd 7c 2h 3s", "Kd Kc", device="cuda")
    assert r.exact and r.players[1].equity == 0.0 and r.dead == "Kd Kc"
    r = equity(["AsAh", "KsKh"], "Qd 7c 2h", "Kd Kc", trials=TRIALS, seed=2, device="cuda")
    assert r.players[1].equity == 0.0


def test_stream_trials():
    assert [gpu.stream_trials(n) for n in (1, 16, 17, 10**6, 10**8, 10**13)] == [16, 16, 16, 16, 512, 4096]


def test_unoffered_options_raise_naming_them():
    with pytest.raises(ValueError, match="device must be 'cpu' or 'cuda', not 'gpu'"):
        equity(["AsAh", "KsKh"], device="gpu")
    with pytest.raises(TypeError, match="device"):
        equity(["AsAh", "KsKh"], device=None)
    with pytest.raises(ValueError, match="device='cuda'.*'stud'"):
        equity(["AsKsQs", "2c3c4c"], deal="stud", device="cuda")
    with pytest.raises(ValueError, match="by_category with 7 players"):
        equity(["random"] * 7, trials=10, by_category=True, device="cuda")
    for trials in (None, 100):
        with pytest.raises(ValueError, match="without sharing a card"):
            equity(["AsAh", "AsAh,AhAd"], "Kd 7c 2h", trials=trials, device="cuda")
