"""Monte Carlo: a board game's hands drawn by groups of players (`make_draws`) and simulated
(`simulated_outcomes`), in blocks of trials with their own random streams (`in_blocks`, which
stud simulates in too)."""

from __future__ import annotations

from collections.abc import Callable

import numba
import numpy as np

from .._kernels.draws import Draws, alias_table, combo_hands, simulate_kernel
from .._kernels.showdown import Spot
from .board import BoardSetup, Hand
from .counters import CALL_WORK, bins, working_rows
from .ranges import Range
from .._parallel import in_calls, on_shares

BLOCK_TRIALS = 16_384  # Monte Carlo trials per random stream
GROUP_DEALS = 1 << 14  # the most deals a group of players (`deal_groups`) may have before filtering


def make_draws(setup: BoardSetup) -> Draws:
    """The players' hands for Monte Carlo (`kernels.draws.Draws`): the players with more than
    one hand in groups (`deal_groups`), each group's deals that share no card with each other
    or with a player's only hand, and their alias tables by the product of the hands' weights."""
    ranges = setup.ranges
    width = int(setup.hole_sizes.max())
    combos = np.zeros((len(ranges), max(map(len, ranges)), width), dtype=np.uint8)
    for p, r in enumerate(ranges):
        combos[p, : len(r), : r.combos.shape[1]] = r.combos
    fixed = int(setup.known_mask)
    for r in ranges:
        fixed |= int(r.masks[0]) if len(r) == 1 else 0
    groups = deal_groups([len(r) for r in ranges])
    joint = [joint_deals([ranges[p] for p in members], np.uint64(fixed)) for members in groups]
    n_deals = max([len(masks) for _, masks, _ in joint], default=1)
    hands = combo_hands(setup.tables()[0], combos, setup.hole_sizes)
    members = np.zeros((len(groups), max(map(len, groups), default=1)), dtype=np.int64)
    deals = np.zeros((len(groups), n_deals, members.shape[1]), dtype=np.int32)
    deal_masks = np.zeros((len(groups), n_deals), dtype=np.uint64)
    group_hands = np.zeros((len(groups), n_deals, members.shape[1], 2), dtype=np.uint64)
    keep, other = np.ones((len(groups), n_deals)), np.zeros((len(groups), n_deals), np.int64)
    # one group of a few deals (at most GROUP_DEALS): each deal's row of every player's hand
    rows = len(groups) == 1 and n_deals <= GROUP_DEALS
    deal_hands = np.zeros((int(rows), n_deals if rows else 0, len(ranges), 2), dtype=np.uint64)
    deal_hands[:] = hands[:, 0]  # the players with one hand (the members' are set below)
    for g, (players, (picks, masks, weights)) in enumerate(zip(groups, joint)):
        if len(masks) == 0:
            raise ValueError(
                "the players' ranges cannot be dealt without sharing a card "
                f"(players {', '.join(str(p + 1) for p in players)})"
            )
        members[g, : len(players)] = players
        deals[g, : len(masks), : len(players)] = picks
        deal_masks[g, : len(masks)] = masks
        keep[g, : len(masks)], other[g, : len(masks)] = alias_table(weights)
        for j, p in enumerate(players):
            group_hands[g, : len(masks), j] = hands[p, picks[:, j]]
            if rows:  # the same hand states, in player p's column
                deal_hands[g, : len(masks), p] = group_hands[g, : len(masks), j]
    # alias thresholds on a 32-bit uniform: u32 < ceil(p * 2**32) iff u32 / 2**32 < p
    thresholds = np.ceil(keep * 2.0**32).astype(np.uint64)
    return Draws(
        np.uint64(fixed),
        combos,
        hands,
        members,
        np.array(list(map(len, groups)), dtype=np.int64),
        deals,
        deal_masks,
        group_hands,
        deal_hands,
        np.array([len(masks) for _, masks, _ in joint], dtype=np.int64),
        thresholds,
        other,
    )


def deal_groups(sizes: list[int]) -> list[list[int]]:
    """The players with more than one hand (sizes[p] hands), smallest ranges first, in groups
    of as many as keep the product of their sizes within GROUP_DEALS: a group is dealt by one
    draw from its collision-free deals (no retries, one random number), groups by rejection.

    >>> deal_groups([6, 6, 1, 34, 1326])
    [[0, 1, 3], [4]]
    """
    groups: list[list[int]] = []
    product = GROUP_DEALS + 1
    for p in sorted((p for p, n in enumerate(sizes) if n > 1), key=lambda p: sizes[p]):
        if product * sizes[p] > GROUP_DEALS:
            groups.append([])
            product = 1
        groups[-1].append(p)
        product *= sizes[p]
    return groups


def joint_deals(ranges: list[Range | Hand], fixed: np.uint64) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every deal of one hand to each of `ranges` in which no two hands, and no hand and the
    cards `fixed`, share a card: (hand index per range (deals, players), card masks, weights:
    the product of the hands' weights)."""
    hands = np.zeros((1, 0), dtype=np.int64)
    masks, weights = np.zeros(1, dtype=np.uint64), np.ones(1)
    for r in ranges:
        free = (r.masks & fixed) == 0
        old, new = np.nonzero(((masks[:, None] & r.masks[None, :]) == 0) & free[None, :])
        hands = np.column_stack([hands[old], new])
        masks, weights = masks[old] | r.masks[new], weights[old] * r.weights[new]
    return hands, masks, weights


def simulated_outcomes(
    setup: BoardSetup, trials: int, seed: int, progress: Callable[[float], None] | None
) -> tuple[np.ndarray, int, bool]:
    """Outcome shares (a histogram over winner bitmasks), trials run, and whether partial."""
    board = np.zeros(5, dtype=np.uint8)
    board[: len(setup.board)] = setup.board
    scratch = working_rows(len(setup.ranges))
    spot = Spot(setup.live, board, len(setup.board), setup.hole_sizes, setup.buckets, setup.low_buckets)
    draws = make_draws(setup)
    kernel = simulate_kernel(setup.split, setup.omaha, len(setup.ranges))

    def run(start: int, block_trials: np.ndarray, counts: np.ndarray) -> None:
        failed = np.zeros(len(counts), dtype=np.bool_)

        def share(blocks: slice, thread: int) -> None:
            kernel(
                *setup.tables(),
                spot,
                draws,
                np.uint64(seed),
                start + blocks.start,
                block_trials[blocks],
                counts[blocks],
                failed[blocks],
                scratch[thread],
            )

        on_shares(len(counts), share)
        if failed.any():
            raise ValueError(
                "the players' ranges could not be dealt without sharing a card (10,000 tries in a row failed)"
            )

    return in_blocks(
        trials,
        bins(len(setup.ranges), setup.split, setup.categories),
        setup.evaluations_per_board(),
        run,
        progress,
    )


def in_blocks(
    trials: int,
    n_bins: int,
    evaluations: int,
    run: Callable[[int, np.ndarray, np.ndarray], None],
    progress: Callable[[float], None] | None,
) -> tuple[np.ndarray, int, bool]:
    """Monte Carlo in blocks of BLOCK_TRIALS trials (the last one shorter), each with its own
    random stream: `run(first_block, block_trials, counts)` fills counts[block] for a slice of
    blocks of about CALL_WORK evaluations. Ctrl-C and progress are seen between slices.
    Returns the outcome counters per trial, the trials run, and whether partial."""
    n_blocks = -(-trials // BLOCK_TRIALS)
    per_call = max(numba.get_num_threads(), CALL_WORK // (BLOCK_TRIALS * evaluations))
    outcomes = np.zeros(n_bins, dtype=np.int64)

    def call(blocks: slice) -> None:
        counts = np.zeros((blocks.stop - blocks.start, n_bins), dtype=np.int64)
        first = BLOCK_TRIALS * np.arange(blocks.start, blocks.stop)
        run(blocks.start, np.minimum(BLOCK_TRIALS, trials - first), counts)
        outcomes[:] += counts.sum(axis=0)

    told = (
        None
        if progress is None
        else lambda f: progress(min(trials, round(f * n_blocks) * BLOCK_TRIALS) / trials)
    )
    done = min(trials, in_calls(n_blocks, per_call, call, told) * BLOCK_TRIALS)
    return outcomes / max(done, 1), done, done < trials
