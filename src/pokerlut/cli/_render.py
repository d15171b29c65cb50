"""The output of the `pokerlut` command: tables (rich on a terminal, plain text otherwise), JSON,
progress bars and the equity printout."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ..lang import row_about, row_label, word


def progress_bar(total: int, quiet: bool, unit: str = " hands") -> Callable[[int], None] | None:
    """A progress callback that shows a bar after a second (tqdm, if installed)."""
    if quiet or not sys.stderr.isatty():
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    bar = tqdm(total=total, unit=unit, unit_scale=True, delay=1.0, leave=False)

    def update(done: int) -> None:
        bar.update(done - bar.n)
        if done >= total:
            bar.close()

    return update


def print_json(data: dict[str, Any]) -> None:
    import json

    print(json.dumps(data, indent=2, ensure_ascii=False))


def _rich_console() -> Any:
    """A rich Console on stdout when stdout is a terminal and rich (the `cli` extra) is
    installed; None otherwise: pipes, files and tests get plain text."""
    isatty = getattr(sys.stdout, "isatty", None)
    if isatty is None or not isatty():
        return None
    try:
        from rich.console import Console
    except ImportError:
        return None
    return Console(file=sys.stdout, highlight=False)


def _aligned(headers: Sequence[str], rows: Sequence[Sequence[str]], align: str = "") -> str:
    """Plain columns two spaces apart, each as wide as its widest cell; column i is
    right-aligned if align[i] is "r", else left-aligned.

    >>> print(_aligned(["card", "n"], [["As", "1"], ["Kh", "10"]], "lr"))
    card   n
    As     1
    Kh    10
    """
    lines = [list(headers), *(list(row) for row in rows)]
    widths = [max(len(line[i]) for line in lines) for i in range(len(headers))]
    right = [align[i : i + 1] == "r" for i in range(len(headers))]
    return "\n".join(
        "  ".join(cell.rjust(w) if r else cell.ljust(w) for cell, w, r in zip(line, widths, right)).rstrip()
        for line in lines
    )


def table_out(
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    align: str = "",
    *,
    plain: str | None = None,
    total: bool = False,
) -> None:
    """Print a table: a rich Table when stdout is a terminal and rich is installed; otherwise
    plain text without colour or box lines: `plain` if given (a command's established layout),
    else `_aligned`. `align` as for `_aligned`; `total`: the last row is a total, set apart."""
    console = _rich_console()
    if console is None:
        print(plain if plain is not None else _aligned(headers, rows, align))
        return
    from rich.table import Table
    from rich.text import Text

    table = Table()
    for i, header in enumerate(headers):
        table.add_column(header, justify="right" if align[i : i + 1] == "r" else "left")
    for n, row in enumerate(rows):
        table.add_row(*(Text(cell) for cell in row), end_section=total and n == len(rows) - 2)
    console.print(table)


def _percent(fraction: float) -> str:
    """A probability in per cent to 3 significant digits, never in exponent form."""
    return np.format_float_positional(100 * fraction, precision=3, fractional=False, trim="-")


def stats_table(rows: list[Any], total: int, lang: str) -> tuple[list[str], list[list[str]]]:
    """The headers and rows of `stats --lang`, laid out as the Catalan seed's (004): #, the
    hand, the hand in English (not when the language is English), what it is with its
    probability, and the count; then the total."""
    columns = word("columns", lang)
    english = len(columns) == 5
    lines = []
    for number, row in enumerate(rows, 1):
        about = f"{row_about(row.key, lang)}. " + word("probability", lang).format(
            p=_percent(row.probability)
        )
        lines.append(
            [str(number), row.label, *([row_label(row.key, "en")] * english), about, f"{row.hands:,}"]
        )
    lines.append(["", word("total", lang), *([word("total", "en")] * english), "", f"{total:,}"])
    return list(columns), lines


def print_equity(result: Any, title: str = "") -> None:
    """An equity result: its first line, then its table, one row per player (plain: its repr),
    and by category a table of each category's share of the pot, a column per player; with
    several boards, the whole pot's (no win or tie), then each board's."""
    split = result.players[0].high is not None
    fields = {"high": "high", "low": "low"} if split else {}  # column: PlayerEquity field
    if not result.per_board:  # the whole pot of several boards has no win or tie
        fields |= {"scoop": "win"} if split else {"win": "win", "tie": "tie"}
    headers = ["player", "equity", *fields, *(() if result.exact else ("±",))]
    rows = [
        [
            p.hand,
            *(f"{getattr(p, f):.4%}" for f in ("equity", *fields.values())),
            *(() if result.exact else (f"{p.stderr:.4%}",)),
        ]
        for p in result.players
    ]
    head, *plain = str(result).splitlines()
    print(title + head)
    table_out(headers, rows, "l" + "r" * (len(headers) - 1), plain="\n".join(plain[: len(rows)]))
    categories = result.category_rows()
    if categories:
        table_out(
            ["by category", *(p.hand for p in result.players)], categories, "l" + "r" * len(result.players)
        )
    for k, board in enumerate(result.per_board, 1):
        print_equity(board, f"board {k}: ")


def progress_rows(args: argparse.Namespace) -> Callable[[int], None] | None:
    """The bar of `bulk`: rows of the input done (the input is checked by then)."""
    path = Path(args.input)
    if args.quiet or not path.is_file():
        return None
    if path.suffix == ".npy":
        try:
            rows = len(np.load(path, mmap_mode="r", allow_pickle=False))
        except (ValueError, OSError, TypeError):
            return None
    else:
        try:
            import pyarrow.parquet as pq

            rows = pq.ParquetFile(path).metadata.num_rows
        except Exception:  # not Parquet: evaluate_file says so
            return None
    return progress_bar(rows, args.quiet)
