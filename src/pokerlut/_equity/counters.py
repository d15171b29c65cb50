"""What the equity kernels fill: rows of outcome counters (`bins`), per-thread working rows
(`working_rows`), and each player's figures from the counters (`per_player`)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import numba
import numpy as np

from .._kernels.showdown import NO_NESTED, POT, SPLIT_FIELDS, Scratch

CALL_WORK = 10_000_000  # evaluations per kernel call (~0.1 s): progress and Ctrl-C between calls


def counters(n_players: int, split: bool, categories: int = 0, nested: int = 0) -> int:
    """Outcome counters per showdown: one per winner bitmask, or for a split pot the
    showdowns and SPLIT_FIELDS per player (`kernels.showdown.add_split`). By category (the
    number of `categories` counted, 0: not): a block of winner bitmasks per category
    (`kernels.showdown.outcome_bin`), or a split pot's units per category and player; with
    `nested` pots in a split pot (`nested_pots`), its products of units per nested pot and
    player (`kernels.showdown.add_nested`)."""
    if split:
        return 1 + (SPLIT_FIELDS + categories + nested) * n_players
    return max(categories, 1) << n_players


def bins(n_players: int, split: bool, categories: int = 0, nested: int = 0) -> int:
    """A row of outcome counters: `counters`, at least 16 (128 bytes) so that two threads
    never write into one cache line."""
    return max(counters(n_players, split, categories, nested), 16)


def nested_pots(nested: Sequence[int], n_players: int, split: bool, categories: int) -> np.ndarray:
    """The pots nested in a split pot, checked, for the kernels (`kernels.showdown.Spot`):
    each a number of players, the first of the pot's, fewer than the pot's and more than
    the next one's, two at least; not counted with categories (their counters share the
    fields). A game that is not split counts none: its histogram over winner bitmasks holds
    every nested pot's winners already (`kernels.showdown`)."""
    sizes = np.asarray(nested, dtype=np.int64).reshape(-1)
    if not len(sizes):
        return NO_NESTED
    if not split or categories:
        raise ValueError("nested pots are counted in a split pot, not by category")
    if (sizes >= n_players).any() or (sizes < 2).any() or (np.diff(sizes) >= 0).any():
        raise ValueError(
            f"nested pots: each the first of the {n_players} players, fewer than the pot before "
            f"and two at least, not {sizes.tolist()}"
        )
    return sizes


def working_rows(n_players: int) -> list[Scratch]:
    """The board games' working rows, thread k's at [k] (`kernels.showdown.Scratch`: board
    cards, hole hand states, hole cards), each at least 128 bytes so that two threads never
    write into one cache line."""
    n_threads: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
    cards = np.zeros((n_threads, 128), np.uint8)
    hole_hands = np.zeros((n_threads, max(n_players, 8), 2), np.uint64)
    holes = np.zeros((n_threads, n_players, 64), np.uint8)
    return [Scratch(cards[k], hole_hands[k], holes[k]) for k in range(n_threads)]


def per_player(outcomes: np.ndarray, n_players: int, split: bool, categories: int = 0) -> tuple[Any, ...]:
    """From the mean outcome counters per showdown: per player, the win share, tie share,
    mean equity, mean squared equity, in a split game the high and the low shares (else
    None), and by category the (categories, players) shares of the pot won with a hand of
    each (else None). Without a split the counters are a histogram over winner bitmasks
    (summing to 1), by category one per category."""
    by_category = None
    if split:
        fields = outcomes[1 : 1 + SPLIT_FIELDS * n_players].reshape(SPLIT_FIELDS, n_players)
        units, squares, high, low, scoops, shares = fields
        if categories:
            start = 1 + SPLIT_FIELDS * n_players
            by_category = (
                outcomes[start : start + categories * n_players].reshape(categories, n_players) / POT
            )
        return (scoops, shares - scoops, units / POT, squares / POT**2, high / POT, low / POT, by_category)
    n_bins = 2**n_players
    if categories:
        blocks = outcomes[: categories * n_bins].reshape(categories, n_bins)
        by_category = blocks @ _shares(n_bins, n_players)[:, 2 * n_players : 3 * n_players]
        outcomes = blocks.sum(axis=0)
    win, tie, eq, eq_squared = (outcomes @ _shares(len(outcomes), n_players)).reshape(4, -1)
    return win, tie, eq, eq_squared, None, None, by_category


@functools.lru_cache
def _shares(n_bins: int, n_players: int) -> np.ndarray:
    """(bins, 4 x players): what a showdown won by the winners' bitmask (bin) gives each
    player, as a win (alone), a tie (shared), an equity share and its square."""
    members = (np.arange(n_bins)[:, None] >> np.arange(n_players)) & 1
    n_winners = np.maximum(members.sum(axis=1), 1)[:, None]
    shares = np.stack(
        [members * (n_winners == 1), members * (n_winners > 1), members / n_winners, members / n_winners**2],
        axis=1,
    ).astype(np.float64)
    shares = shares.reshape(n_bins, 4 * n_players)
    shares.setflags(write=False)
    return shares
