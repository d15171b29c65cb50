"""What the range analyses share: their input read and checked as `equity` reads it (a
`BoardSetup`), the deals of hole cards with each player's hand in them, and the pictures'
matplotlib."""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from typing import Any

import numpy as np

from .._cards import CardsLike, format_cards
from .._game import Game
from .._equity.board import MAX_DEALS, MAX_OUTCOME_CELLS, BoardSetup
from .._equity.counters import bins
from .._equity.deal import board_deal
from .._equity.front import cards_text
from .._equity.ranges import HandOrRange

__all__ = [
    "Deals",
    "check_player",
    "combo_text",
    "deal_limit",
    "hand_texts",
    "new_axes",
    "no_deals",
    "read_setup",
    "too_many",
    "work_per_deal",
]


def hand_texts(hands: Sequence[HandOrRange]) -> list[str]:
    """The players' hands or ranges as text, one per player (TypeError for one str)."""
    if isinstance(hands, (str, bytes)) or not isinstance(hands, (Sequence, np.ndarray)):
        raise TypeError(
            f"hands must be a list of hands or ranges, one per player, not {type(hands).__name__}: {hands!r}"
        )
    return [cards_text(hand, f"player {i + 1}", jokers=False) for i, hand in enumerate(hands)]


def check_player(player: int, n: int) -> int:
    """The index of the player analysed among n."""
    if type(player) is not int:
        raise TypeError(f"player is the index of a player among hands (an int), not {player!r}")
    if not 0 <= player < n:
        raise ValueError(f"player must be 0 .. {n - 1} (an index into hands), not {player}")
    return player


def read_setup(
    hands: Sequence[HandOrRange],
    board: CardsLike,
    dead: CardsLike,
    deal: str,
    game: str | Game | None,
    what: str,
    streets: tuple[int, ...] = (0, 3, 4, 5),
) -> tuple[list[str], str, str, BoardSetup]:
    """The players as text, the board and dead cards as text, and their `BoardSetup`: checked
    as `equity` checks them, for the board games only (not stud), with a board of one of the
    sizes `streets`."""
    players = hand_texts(hands)
    board_text, dead_text = cards_text(board, "board", jokers=False), cards_text(dead, "dead", jokers=False)
    setup = BoardSetup(players, board_text, dead_text, board_deal(deal, what, game))
    if len(setup.board) not in streets:
        sizes = " or ".join(map(str, streets))
        raise ValueError(f"{what}: the board has {sizes} cards, not {len(setup.board)}")
    return players, board_text, dead_text, setup


def combo_text(cards: np.ndarray) -> str:
    """A hand's cards as players write a combo, the highest first: "AsKs"."""
    return format_cards(sorted(cards.tolist(), reverse=True), sep="")


def too_many(limit: int) -> ValueError:
    """The error of more deals of hole cards than an analysis lists at once."""
    return ValueError(f"too many deals of hole cards to enumerate (more than {limit:,}): narrow the ranges")


class Deals:
    """Every collision-free deal of the players' hands (`BoardSetup.ranges`), in `BoardSetup.deals`'
    order and with its weights, multiplied in the same order, and with each player's hand in it
    (`hands`, (deals, players): indices into the player's range). `fixed`: a player whose
    weight is taken as 1 in `weights_without` (the weights of `equity` called with one of that
    player's hands in place of the range), and `subset`: that player's hands dealt (indices)."""

    def __init__(
        self, setup: BoardSetup, limit: int, fixed: int = 0, subset: np.ndarray | None = None
    ) -> None:
        hands = np.zeros((1, 0), np.int64)
        masks = np.zeros(1, np.uint64)
        weights, without = np.ones(1), np.ones(1)
        for i, r in enumerate(setup.ranges):
            rows = np.arange(len(r)) if i != fixed or subset is None else subset
            bits, weight = r.masks[rows], r.weights[rows]
            if len(masks) * len(bits) > 64 * limit:
                raise too_many(limit)
            a, b = np.nonzero((masks[:, None] & bits[None, :]) == 0)
            if len(a) > limit:
                raise too_many(limit)
            hands = np.concatenate([hands[a], rows[b, None]], axis=1)
            masks = masks[a] | bits[b]
            weights = weights[a] * weight[b]
            without = without[a] * (np.ones(len(b)) if i == fixed else weight[b])
        self.setup, self.hands, self.masks = setup, hands, masks
        self.weights, self.weights_without = weights, without

    def __len__(self) -> int:
        return len(self.masks)

    def cards(self) -> np.ndarray:
        """(deals, players, width) hole cards, as `BoardSetup.deals` gives them to the kernels."""
        setup = self.setup
        width = int(setup.hole_sizes.max())
        cards = np.zeros((len(self), len(setup.ranges), width), np.uint8)
        for i, r in enumerate(setup.ranges):
            cards[:, i, : r.combos.shape[1]] = r.combos[self.hands[:, i]]
        return cards


def no_deals() -> ValueError:
    """The error of hands that cannot all be dealt at once."""
    return ValueError("the players' ranges cannot be dealt without sharing a card")


def deal_limit(setup: BoardSetup) -> int:
    """The most deals one kernel call's outcome counters hold (`BoardSetup.deal_chunks`')."""
    return min(MAX_DEALS, MAX_OUTCOME_CELLS // bins(len(setup.ranges), setup.split, setup.categories))


def work_per_deal(setup: BoardSetup, missing: int | None = None) -> int:
    """Player-hand evaluations (or their equal in time) of one deal's boards, as
    `BoardSetup.work` counts them; `missing`: with that many board cards to come instead."""
    missing = 5 - len(setup.board) if missing is None else missing
    if setup.boards_in_classes:
        return 10 * math.comb(13 + missing - 1, missing) * len(setup.ranges)
    boards = math.comb(len(setup.live) - int(setup.hole_sizes.sum()), missing)
    return boards * setup.evaluations_per_board()


def new_axes(path_or_ax: Any, size: tuple[float, float]) -> tuple[Any, Any]:
    """(figure to save or None, axes): a new figure for a path, or the matplotlib Axes given."""
    if hasattr(path_or_ax, "figure") and hasattr(path_or_ax, "imshow"):
        return None, path_or_ax
    if not isinstance(path_or_ax, (str, os.PathLike)):
        raise TypeError(f"plot takes a file path or a matplotlib Axes, not {type(path_or_ax).__name__}")
    from ..distributed import need

    need("matplotlib", "plot")
    from matplotlib.figure import Figure

    figure = Figure(figsize=size, dpi=100)
    return figure, figure.add_subplot()
