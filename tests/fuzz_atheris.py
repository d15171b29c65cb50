"""Coverage-guided fuzzing of pokerlut's input boundary with atheris (optional, not a dependency).

    .venv/bin/pip install atheris
    .venv/bin/python tests/fuzz_atheris.py -max_total_time=60      # libFuzzer options

Every entry point that takes user data must return a plausible result or raise ValueError or
TypeError; anything else is reported by libFuzzer as a crash, with the input saved to a file
(replay: `python tests/fuzz_atheris.py crash-...`). Without atheris this script says so and
exits 0; importing it (pytest --doctest-modules does) has no side effects.
"""

from __future__ import annotations

import contextlib
import io
import sys

try:
    import atheris
except ImportError:  # optional
    atheris = None

ALLOWED = (ValueError, TypeError)


def _numba_modules() -> list[str]:
    """pokerlut's modules that hold @njit code, found without importing pokerlut: numba cannot
    compile bytecode that atheris has instrumented (_omaha.py holds an @njit function)."""
    import importlib.util
    from pathlib import Path

    root = Path(importlib.util.find_spec("pokerlut").origin).parent
    names = ["pokerlut._omaha", "pokerlut.stats"]
    for package in ("_kernels", "build"):
        names += [f"pokerlut.{package}"] + [
            f"pokerlut.{package}.{p.stem}" for p in (root / package).glob("*.py")
        ]
    return names


def _cards(fdp, kind: int):
    """Cards in one of the forms users pass: text, ints, a list of texts, an array."""
    import numpy as np

    n = fdp.ConsumeIntInRange(0, 9)
    if kind == 0:
        return fdp.ConsumeUnicodeNoSurrogates(40)
    if kind == 1:
        # ints, but only int64 ones: larger Python ints hit a known bug (evaluate's fast path
        # hands them to numba: TypingError), pinned in tests/test_fuzz.py
        return [fdp.ConsumeIntInRange(-(2**63), 2**63 - 1) if fdp.ConsumeBool()
                else fdp.ConsumeIntInRange(-2, 60) for _ in range(n)]  # fmt: skip
    if kind == 2:
        return [fdp.ConsumeUnicodeNoSurrogates(4) for _ in range(n)]
    dtype = fdp.PickValueInList(["int8", "uint8", "int64", "uint64", "float64", "U3", "O"])
    values = [fdp.ConsumeIntInRange(0, 60) for _ in range(n)]
    return np.array(values).astype(dtype)


def _quick_cli(argv: list[str]) -> bool:
    """Only command lines that finish at once: no demo, build-tables, exact or long equity."""
    from pokerlut.cli import make_parser

    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            args = make_parser().parse_args(argv)
    except SystemExit:
        return True
    if args.command in ("demo", "build-tables"):
        return False
    return args.command != "equity" or (args.exact is not True and args.trials is not None
                                        and args.trials <= 5000)  # fmt: skip


def fuzz_one_input(data: bytes) -> None:
    import numpy as np

    import pokerlut
    from pokerlut.cli import main
    from pokerlut import equity, parse_range

    fdp = atheris.FuzzedDataProvider(data)
    target = fdp.ConsumeIntInRange(0, 7)
    try:
        if target == 0:
            value = pokerlut.parse_card(fdp.ConsumeUnicodeNoSurrogates(8))
            assert 0 <= value <= 52
        elif target == 1:
            out = pokerlut.parse_cards(_cards(fdp, fdp.ConsumeIntInRange(0, 3)), jokers=fdp.ConsumeBool())
            assert out.dtype == np.uint8 and out.ndim == 1
        elif target == 2:
            cards = _cards(fdp, fdp.ConsumeIntInRange(0, 3))
            strength = pokerlut.evaluate(cards)
            assert 1 <= strength <= 7462
            assert pokerlut.describe(cards) and len(pokerlut.best_five(cards)) == 5
        elif target == 3:
            pokerlut.category(fdp.ConsumeIntInRange(-(2**70), 2**70))
        elif target == 4:
            shape = (fdp.ConsumeIntInRange(0, 5), fdp.ConsumeIntInRange(4, 8))
            dtype = fdp.PickValueInList(["int8", "uint8", "int32", "uint64", "float32", "bool"])
            hands = np.array([fdp.ConsumeIntInRange(0, 60) for _ in range(shape[0] * shape[1])])
            hands = hands.reshape(shape).astype(dtype)
            out = pokerlut.evaluate_batch(hands)
            assert out.tolist() == [pokerlut.evaluate(row.tolist()) for row in hands]
        elif target == 5:
            rng = parse_range(fdp.ConsumeUnicodeNoSurrogates(40))
            assert 1 <= len(rng) <= 1326
        elif target == 6:
            n_players = fdp.ConsumeIntInRange(0, 5)
            players = [fdp.ConsumeUnicodeNoSurrogates(12) for _ in range(n_players)]
            result = equity(
                players,
                board=fdp.ConsumeUnicodeNoSurrogates(16),
                dead=fdp.ConsumeUnicodeNoSurrogates(8),
                deal=fdp.PickValueInList(["holdem", "omaha"]),
                exact=False,
                trials=1000,
                seed=fdp.ConsumeIntInRange(0, 2**63 - 1),
            )
            assert abs(sum(p.equity for p in result.players) - 1) < 1e-9
        else:
            argv = [fdp.ConsumeUnicodeNoSurrogates(16) for _ in range(fdp.ConsumeIntInRange(0, 6))]
            if fdp.ConsumeBool():
                argv[:0] = [fdp.PickValueInList(["eval", "compare", "stats", "equity"])]
            if not _quick_cli(argv):
                return
            with contextlib.redirect_stdout(io.StringIO()), \
                    contextlib.redirect_stderr(io.StringIO()) as err:  # fmt: skip
                try:
                    code = main(argv)
                except SystemExit as stop:
                    assert stop.code in (0, 2)
                    return
            assert code in (0, 1, 2) and "Traceback" not in err.getvalue()
    except ALLOWED:
        pass


def run() -> None:
    if atheris is None:
        print("atheris is not installed: skipped (pip install atheris)")
        return
    with atheris.instrument_imports(include=["pokerlut"], exclude=_numba_modules()):
        import pokerlut
        import pokerlut.cli  # noqa: F401
        import pokerlut._equity.front  # noqa: F401
    pokerlut.evaluate("As Ks Qs Js Ts")  # load the tables and compile before fuzzing
    atheris.Setup(sys.argv, fuzz_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    run()
