"""A draw deal's input, parsed and checked (`DrawSetup`): each player's kept cards and how many
he draws, the dead cards, the stub and the draws to come.

A player is written as the cards he keeps for the next draw: in deuce-to-seven "7s6d3c2h"
keeps four and draws one, the whole hand stands pat, "" (or the hand's size as a number,
"5" or 5) draws a whole new hand. Cards thrown away and seen are dead cards (`dead=`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..._cards import format_cards
from ..categories import kernel_tables
from ..counters import nested_pots
from ..deal import Deal, no_repeats, read_cards

MAX_PLAYERS = 8


def deal_tables(deal: Deal) -> tuple[Any, Any]:
    """A draw deal's (high, low) tables for the draw kernels (`Tables`, or `BadugiTables` in
    Badugi); low = high when the pot is not split."""
    high = deal.high.any_tables
    return high, deal.low.any_tables if deal.low else high


def parse_player(player: Any, h: int, what: str) -> np.ndarray:
    """The cards a player keeps: cards (text, card ints), "" or the hand's size h (a number,
    or its text) for none."""
    if (
        isinstance(player, (int, np.integer))
        and not isinstance(player, bool)
        or (isinstance(player, str) and player.strip().isdigit())
    ):
        if int(player) != h:
            raise ValueError(
                f"{what}: {int(player)} cards drawn to no known card; a hand of {h} cards is "
                f'written as the cards kept ("7s6d3c2h" draws {h - 4}), or {h} (or "") for a new hand'
            )
        return np.zeros(0, np.uint8)
    if isinstance(player, str) and not player.strip():
        return np.zeros(0, np.uint8)
    try:
        kept = read_cards(player)
    except (TypeError, ValueError) as error:
        raise type(error)(f"{what}: {error}") from None
    if len(kept) > h:
        raise ValueError(f"{what}: {len(kept)} cards; a hand here has {h}, written as the cards kept")
    return kept


def label(player: Any, kept: np.ndarray, h: int) -> str:
    """A player's label in results: his text as given, or "draws N" for a new hand."""
    if len(kept) == 0:
        return f"draws {h}"
    return player if isinstance(player, str) else format_cards(kept)


class DrawSetup:
    """A draw deal's input: `kept` (players, h) and `n_kept`, the `dead` and `live` cards,
    the draws to come (`rounds`), the games' rules and tables, and by category the kernels'
    tables (`categories.kernel_tables`). `one_player`: `draw_chance`'s one hand. `nested`:
    the pots nested in a split pot (`counters.nested_pots`), counted after one draw, exactly."""

    def __init__(
        self,
        players: Sequence[Any],
        dead: Any,
        deal: Deal,
        draw_rounds: int | None = None,
        by_category: bool = False,
        one_player: bool = False,
        nested: Sequence[int] = (),
    ) -> None:
        self.deal = found = deal
        self.h = h = found.holes[0]
        if not one_player and (isinstance(players, str) or not 2 <= len(players) <= MAX_PLAYERS):
            raise ValueError(f"give 2 to {MAX_PLAYERS} players, each as the cards he keeps")
        if draw_rounds is None:
            draw_rounds = found.draws
        if type(draw_rounds) is not int or not 1 <= draw_rounds <= found.draws:
            raise ValueError(
                f"draw_rounds: {found.name} has {found.draws} draw{'s' if found.draws > 1 else ''}; "
                f"the draws to come are 1 .. {found.draws}, not {draw_rounds!r}"
            )
        self.rounds = draw_rounds
        self.rules = found.high.rules
        self.low_rules = found.low.rules if found.low else None
        self.split = self.low_rules is not None
        self.category_names, self.buckets, self.low_buckets = kernel_tables(
            self.rules, self.low_rules, by_category
        )
        self.categories = len(self.category_names)
        self.nested = nested_pots(nested, len(players), self.split, self.categories)
        if len(self.nested) and draw_rounds > 1:
            raise ValueError("nested pots are counted after one draw (draw_rounds=1), exactly")
        self.dead = read_cards(dead)
        held = [parse_player(p, h, f"player {i + 1}") for i, p in enumerate(players)]
        no_repeats([("dead cards", self.dead), *((f"player {i + 1}", k) for i, k in enumerate(held))])
        self.labels = [label(p, k, h) for p, k in zip(players, held)]
        self.kept = np.zeros((len(held), h), np.uint8)
        for i, k in enumerate(held):
            self.kept[i, : len(k)] = k
        self.n_kept = np.array([len(k) for k in held], np.int64)
        self.draws = h - self.n_kept  # cards each player draws on the first draw
        known = {int(c) for c in np.concatenate([self.dead, *held])}
        self.live = np.array([c for c in self.rules.deck.tolist() if c not in known], np.uint8)
        n = len(held)
        if self.draws.sum() > len(self.live):
            raise ValueError(
                f"more cards drawn than the stub holds: the players draw {int(self.draws.sum())} "
                f"cards, the stub has {len(self.live)} (52 less the cards kept and dead)"
            )
        if draw_rounds > 1 and (n + 1) * h + len(self.dead) > len(self.rules.deck):
            raise ValueError(
                f"{n} players and {len(self.dead)} dead cards leave too few cards for {draw_rounds} "
                f"draws: the stub and the discards must hold a hand beside the players' "
                f"({(n + 1) * h} cards and the dead ones at most {len(self.rules.deck)})"
            )
        self.board = np.zeros(0, np.uint8)

    def tables(self) -> tuple[Any, Any]:
        """(high, low) tables; low = high when the pot is not split."""
        return deal_tables(self.deal)

    def deals(self) -> int:
        """Distinct joint deals of the first draw's replacements."""
        left, total = len(self.live), 1
        for d in self.draws.tolist():
            total *= math.comb(left, d)
            left -= d
        return total
