"""The heads-up matrix drawn: the heatmap of every ordered pair of classes and, with all 169
classes, the 13 x 13 grid of each class's equity against a random hand (matplotlib, the `plot`
extra)."""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from .._cards import RANKS
from ..distributed import need
from ._classes import CLASSES
from ._heads_up import BOARDS, random_hand_equity


def plot_matrix(table: Any, png: str | os.PathLike[str]) -> None:
    """Draw the matrix of `table` (the Parquet `compute_matrix` writes) as a heatmap: row =
    the hand, column = the opponent, colour = the row's equity. With all 169 classes a second
    panel shows the usual 13 x 13 grid (pairs on the diagonal, suited above, offsuit below)
    of each class's equity against a random hand."""
    need("matplotlib", "plot")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [c for c in CLASSES if c in set(table.hero)]
    index = {c: k for k, c in enumerate(names)}
    grid = np.full((len(names), len(names)), np.nan)
    grid[[index[h] for h in table.hero], [index[v] for v in table.villain]] = table.equity
    full = len(names) == len(CLASSES)
    n = len(names)
    side = max(6.0, 0.13 * n + 2.5)
    fig = plt.figure(figsize=(side * (1.9 if full else 1.2), side), dpi=150 if full else 100)
    gs = fig.add_gridspec(1, 2 if full else 1, width_ratios=[1, 0.8] if full else [1])
    ax = fig.add_subplot(gs[0, 0])
    image = ax.imshow(grid, cmap="RdBu_r", vmin=0, vmax=1, interpolation="nearest")
    for k, name in enumerate(names):  # a thin line before each top card's block (AA.., KK..)
        if k and name[0] != names[k - 1][0]:
            ax.axhline(k - 0.5, color="0.3", linewidth=0.4)
            ax.axvline(k - 0.5, color="0.3", linewidth=0.4)
    size = 6.5 if n > 60 else 9
    ax.set_xticks(range(n), names, rotation=90, fontsize=size)
    ax.set_yticks(range(n), names, fontsize=size)
    ax.tick_params(
        top=True,
        labeltop=True,
        bottom=True,
        labelbottom=True,
        left=True,
        labelleft=True,
        right=True,
        labelright=True,
        length=2,
    )
    ax.set_xlabel("opponent's hand", fontsize=12)
    ax.set_ylabel("hand", fontsize=12)
    ax.set_title(
        "Heads-up preflop equity of the row hand against the column hand\n"
        f"exact over all {BOARDS:,} boards, ties split",
        fontsize=14,
        pad=32,
    )
    if n <= 20:
        for (r, c), v in np.ndenumerate(grid):
            ax.text(
                c,
                r,
                f"{v:.3f}",
                ha="center",
                va="center",
                fontsize=8,
                color="white" if abs(v - 0.5) > 0.3 else "black",
            )
    bar = fig.colorbar(image, ax=ax, fraction=0.04, pad=0.06)
    bar.set_label("equity of the row hand (share of the pot)", fontsize=12)
    if full:
        _plot_grid(fig.add_subplot(gs[0, 1]), random_hand_equity(table))
    fig.savefig(png, bbox_inches="tight")
    plt.close(fig)


def _plot_grid(ax: Any, against_random: dict[str, float]) -> None:
    """The 13 x 13 grid: row = first rank, column = second rank, ace first; suited above the
    diagonal, offsuit below; each cell's equity against a random hand written in it."""
    grid = np.zeros((13, 13))
    labels = [["" for _ in range(13)] for _ in range(13)]
    for r in range(13):
        for c in range(13):
            hi, lo = RANKS[12 - min(r, c)], RANKS[12 - max(r, c)]
            name = hi * 2 if r == c else hi + lo + ("s" if c > r else "o")
            grid[r, c], labels[r][c] = against_random[name], name
    image = ax.imshow(grid, cmap="RdBu_r", vmin=0.25, vmax=0.75)  # 32% .. 85%: a finer scale
    for r in range(13):
        for c in range(13):
            ax.text(
                c,
                r,
                f"{labels[r][c]}\n{grid[r, c]:.1%}",
                ha="center",
                va="center",
                fontsize=11,
                color="white" if abs(grid[r, c] - 0.5) > 0.17 else "black",
            )
    bar = ax.figure.colorbar(image, ax=ax, fraction=0.04, pad=0.02, orientation="horizontal")
    bar.set_label("equity against a random hand", fontsize=12)
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_title(
        "Equity against a random hand (exact, card removal included)\n"
        "suited above the diagonal, offsuit below",
        fontsize=14,
    )
