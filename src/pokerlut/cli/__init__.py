"""The `pokerlut` command: eval, compare, stats, equity, build-tables, demo, bulk, matrix,
video-poker, abstraction, warm.

Bad input exits with status 2 and one line on stderr, never a traceback; a missing table or
optional dependency exits with 1, also with one line.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

import numpy as np

from .. import __version__
from .._gpu._device import NoGPUError
from .._tables import TablesError
from ._parser import build_parser
from ._parsing import one_line


def make_parser() -> argparse.ArgumentParser:
    """The parser of `main`, its description the first line of the package's docstring."""
    return build_parser(__doc__.splitlines()[0])


def _version(verbose: bool) -> None:
    print(f"pokerlut {__version__}")
    if verbose:
        import numba

        from .._evaluate import evaluate_batch
        from .._tables import default_dir

        evaluate_batch(np.arange(5, dtype=np.uint8)[None])  # a parallel kernel picks the layer

        print(f"numba {numba.__version__}, numpy {np.__version__}, Python {sys.version.split()[0]}")
        threads = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
        print(f"threading layer: {numba.threading_layer()}, threads: {threads}")
        print(f"tables: {default_dir()}")
        cache = numba.config.CACHE_DIR  # type: ignore[attr-defined]  # numba sets it at run time
        print(f"numba cache: {cache or 'beside the package (or the user cache)'}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = make_parser()
    args = parser.parse_args(argv)
    if args.version:
        _version(args.verbose)
        return 0
    if args.command is None:
        parser.error("a command is required (or --version)")
    try:
        args.run(args)
    except (ValueError, TypeError) as error:
        print(f"pokerlut {args.command}: {one_line(str(error))}", file=sys.stderr)
        return 2
    except (TablesError, ImportError, NoGPUError) as error:  # the installation, not the input
        print(f"pokerlut {args.command}: {one_line(str(error))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"pokerlut {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (`pokerlut stats | head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as error:  # a file or folder it was given: unreadable, unwritable, not there
        print(f"pokerlut {args.command}: {one_line(str(error))}", file=sys.stderr)
        return 2
    return 0
