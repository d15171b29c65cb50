"""Concurrency, thread counts, huge batches, numba's cache, and the installed wheel."""

import os
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import numba
import numpy as np
import pytest

import pokerlut
from pokerlut import equity

ROOT = Path(__file__).resolve().parents[1]


def random_hands(n: int, width: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :width].astype(np.uint8)


def run_in_threads(calls):
    """Run every call in its own Python thread at once; return their results in order."""
    results, errors = [None] * len(calls), []
    barrier = threading.Barrier(len(calls))

    def work(i, call):
        try:
            barrier.wait()
            results[i] = call()
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=work, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    return results


def test_eight_threads_of_evaluate_batch_match_serial_calls():
    batches = [random_hands(200_000, 5 + i % 3, seed=i) for i in range(8)]
    serial = [pokerlut.evaluate_batch(b) for b in batches]
    concurrent = run_in_threads(
        [lambda b=b, i=i: pokerlut.evaluate_batch(b, threads=1 + i % 2) for i, b in enumerate(batches)]
    )
    for s, c in zip(serial, concurrent):
        assert (s == c).all()


def test_eight_threads_of_equity_match_serial_calls():
    spots = [
        (["AsAh", "KsKh"], ""),
        (["QQ+,AK", "22+,A2s+"], "Kh7d2c"),
        (["AhKh", "random"], "Qh Jh 2c"),
        (["AcAd", "7h6h", "random"], "8h 9c 2d Kd"),
    ] * 2
    simulated = [dict(exact=False, trials=50_000, seed=i) for i in range(4)] + [{}] * 4
    calls = [lambda s=s, k=k: equity(s[0], s[1], **k) for s, k in zip(spots, simulated)]
    serial = [c() for c in calls]
    concurrent = run_in_threads(calls)
    for s, c in zip(serial, concurrent):
        assert s.players == c.players


def test_changing_the_thread_count_between_calls():
    hands = random_hands(100_000, 7, seed=99)
    expected = pokerlut.evaluate_batch(hands)
    for threads in [1, numba.config.NUMBA_NUM_THREADS, 1, None]:
        assert (pokerlut.evaluate_batch(hands, threads=threads) == expected).all()
    assert numba.get_num_threads() == numba.config.NUMBA_NUM_THREADS


def test_the_callers_thread_count_is_honoured(monkeypatch):
    """threads=None runs on numba.get_num_threads() of the caller, never more (observed inside
    each entry point while its kernels run); threads= still overrides for one call."""
    seen = []
    from pokerlut._kernels import batch

    make_kernel = batch.rows_kernel

    def spying_kernel(*options):
        kernel = make_kernel(*options)

        def spy(*args):
            seen.append(numba.get_num_threads())
            return kernel(*args)

        return spy

    monkeypatch.setattr(batch, "rows_kernel", spying_kernel)
    record = lambda done: seen.append(numba.get_num_threads())  # noqa: E731
    from pokerlut.stats import count_hands
    from pokerlut import equity

    hands = random_hands(1000, 7, seed=5)
    numba.set_num_threads(1)
    try:
        pokerlut.evaluate_batch(hands)
        count_hands(5, progress=record)
        equity(["AsAh", "KsKh"], board="2c3d4h", progress=record)
        assert seen and set(seen) == {1}, seen
        seen.clear()
        pokerlut.evaluate_batch(hands, threads=2)
        assert seen == [2]
        assert numba.get_num_threads() == 1  # restored after the call
    finally:
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    seen.clear()
    pokerlut.evaluate_batch(hands)
    assert seen == [numba.config.NUMBA_NUM_THREADS]


def run_python(code: str, env: dict | None = None, cwd: Path | None = None) -> str:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, **(env or {})},
        cwd=cwd,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("cache_dir", ["/proc/no-such-dir", "/etc/hostname/inside-a-file"])
def test_an_unwritable_numba_cache_falls_back_cleanly(cache_dir):
    out = run_python(
        """
        import numpy as np, pokerlut
        print(pokerlut.evaluate("As Ks Qs Js Ts"), pokerlut.evaluate_batch(np.array([[0, 5, 9, 13, 20]], np.uint8))[0])
        """,
        env={"NUMBA_CACHE_DIR": cache_dir},
    )
    assert out.split() == ["7462", "1"]


@pytest.mark.slow
def test_two_hundred_million_hands_need_no_hidden_copy():
    """Peak memory while evaluating 200,000,000 seven-card hands (1.4 GB) stays within the
    input and the output (400 MB) plus 64 MB."""
    out = run_python("""
        import numpy as np, pokerlut
        def rss(field):
            for line in open("/proc/self/status"):
                if line.startswith(field):
                    return int(line.split()[1]) * 1024
        rng = np.random.default_rng(1)
        block = np.argsort(rng.random((1_000_000, 52)), axis=1)[:, :7].astype(np.uint8)
        hands = np.empty((200_000_000, 7), dtype=np.uint8)
        for start in range(0, len(hands), len(block)):
            hands[start:start + len(block)] = block
        del block
        pokerlut.evaluate_batch(hands[:10])
        before = rss("VmRSS")
        strengths = pokerlut.evaluate_batch(hands)
        peak = rss("VmHWM")
        print(peak - before, strengths.nbytes, int(strengths.min()))
        """)
    extra, output_bytes, lowest = map(int, out.split())
    assert lowest >= 1
    assert extra <= output_bytes + 64 * 2**20, f"{extra / 2**20:.0f} MB beyond the input"


@pytest.mark.slow
def test_the_wheel_installs_and_evaluates_in_a_fresh_venv(tmp_path):
    """Build the wheel, install it (not editable) into a new venv, evaluate from elsewhere."""
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp_path / "dist", ROOT],
        check=True,
        timeout=600,
    )
    wheel = next((tmp_path / "dist").glob("pokerlut-*.whl"))
    subprocess.run([sys.executable, "-m", "venv", tmp_path / "venv"], check=True)
    python = tmp_path / "venv" / "bin" / "python"
    subprocess.run([python, "-m", "pip", "install", "-q", wheel], check=True, timeout=900)
    done = subprocess.run(
        [
            python,
            "-c",
            "import pokerlut, pathlib; print(pokerlut.evaluate('As Ks Qs Js Ts'), "
            "pathlib.Path(pokerlut.__file__).with_name('tables').is_dir(), pokerlut.__file__)",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=True,
        timeout=600,
    )
    strength, tables_inside, location = done.stdout.split()
    assert (strength, tables_inside) == ("7462", "True")
    assert str(tmp_path / "venv") in location


@pytest.mark.skipif(os.environ.get("NUMBA_BOUNDSCHECK") != "1", reason="only under NUMBA_BOUNDSCHECK=1")
def test_bounds_checking_is_active():
    """The bounds-checked CI run really checks indices (a kernel reading past an array raises
    instead of returning garbage)."""

    @numba.njit
    def read(a, i):
        return a[i]

    with pytest.raises(IndexError):
        read(np.zeros(52, dtype=np.uint64), 200)


def test_unchecked_batches_never_read_outside_the_tables():
    """validate=False on every uint8 value: meaningless strengths for bad rows, no crash, and
    good rows still right (the per-card arrays cover all 256 values)."""
    rng = np.random.default_rng(5)
    bad = rng.integers(0, 256, size=(100_000, 7), dtype=np.uint8)
    good = random_hands(1000, 7, seed=6)
    out = pokerlut.evaluate_batch(np.concatenate([bad, good]), validate=False)
    assert (out[-1000:] == pokerlut.evaluate_batch(good)).all()
    assert out.max() <= 7462
    with pytest.raises(ValueError, match="row 0"):
        pokerlut.evaluate_batch(bad)


def interrupt_after_start(code: str) -> tuple[float, str, str, int]:
    """Run `code` (which prints 'started' when its long work begins), send Ctrl-C (SIGINT)
    a moment later; return the seconds from the signal to the exit, stdout, stderr, status."""
    import signal
    import time

    # Ctrl-C as at a terminal, however the suite was started: a shell's background job starts
    # with SIGINT ignored, the child would inherit that, and Python would never raise
    # KeyboardInterrupt in it
    process = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code)],
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert process.stdout.readline().strip() == "started"
        time.sleep(0.5)
        process.send_signal(signal.SIGINT)
        sent = time.perf_counter()
        out, err = process.communicate(timeout=120)
    finally:
        process.kill()  # never left running, whatever happened
        process.wait()
    return time.perf_counter() - sent, out, err, process.returncode


# Each run below would take at least ten minutes unless Ctrl-C ends it; a run that ends within a
# minute of the signal was interrupted (a chunk of work takes about 10 ms: the bound is loose,
# for a busy machine, and what is asserted is the interruption and its result).
STOPPED = 60.0


@pytest.mark.slow
def test_ctrl_c_stops_a_long_batch():
    waited, _, err, status = interrupt_after_start("""
        import numpy as np, pokerlut
        hands = np.tile(np.arange(7, dtype=np.uint8), (100_000_000, 1))
        pokerlut.evaluate_batch(hands[:10])
        print("started", flush=True)
        for _ in range(100_000):  # 10**13 hands: hours
            pokerlut.evaluate_batch(hands)
        """)
    assert status != 0 and "KeyboardInterrupt" in err
    assert waited < STOPPED


@pytest.mark.slow
def test_ctrl_c_ends_an_equity_run_with_partial_results():
    waited, out, _, status = interrupt_after_start("""
        import pokerlut as e
        e.equity(["AsAh", "KsKh"], exact=False, trials=20_000, seed=1)
        print("started", flush=True)
        r = e.equity(["AsAh", "KsKh", "random"], exact=False, trials=10**11, seed=1)
        print(r.partial, r.dealt, round(sum(p.equity for p in r.players), 9))
        """)
    assert status == 0 and waited < STOPPED
    partial, trials, total = out.split()
    assert partial == "True" and 0 < int(trials) < 10**11 and float(total) == 1.0


@pytest.mark.slow
def test_cli_ctrl_c_prints_partial_results():
    waited, out, err, status = interrupt_after_start("""
        import sys
        from pokerlut.cli import main
        from pokerlut import equity
        equity(["AsAh", "KsKh"], exact=False, trials=20_000, seed=1)  # compiled before the signal
        print("started", flush=True)
        sys.exit(main(["equity", "AsAh", "KsKh", "--simulate", "--trials", "100000000000", "--quiet"]))
        """)
    assert status == 0 and waited < STOPPED, err
    assert "PARTIAL" in out and "AsAh" in out
