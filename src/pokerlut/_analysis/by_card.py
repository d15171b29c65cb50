"""`equity_by_card`: every player's exact equity after each possible next card (the turn on a
flop, the river on a turn), and how likely each card is."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._cards import RANKS, CardsLike, format_card
from .._docs import shared_parameters
from .._game import Game
from .._equity.ranges import HandOrRange
from .._equity.deal import card_text
from .._equity.front import EXACT_LIMIT, equity
from .._equity.result import EquityResult, PlayerEquity
from .common import Deals, no_deals, read_setup, work_per_deal

__all__ = ["EquityByCard", "equity_by_card"]

SUITS_SHOWN = "shdc"  # the picture's columns


@dataclass(frozen=True)
class EquityByCard:
    """What `pokerlut.equity_by_card` returns: each player's exact equity after each possible
    next card, and the equity of the street it was asked on, the mean over those cards.

    Attributes
    ----------
    players : tuple of PlayerEquity
        The street's figures per player (equity, win, tie; high and low in hi-lo deals): each
        card's, weighted by its `probabilities` (the same as `equity` on the street, to float
        rounding).
    cards : tuple of str
        The possible next cards, the highest first (As, Ah, Ad, Ac, Ks, ...): the live cards
        that some deal of the players' hands leaves in the deck.
    probabilities : tuple of float
        Each card's chance to come next, given the hands or ranges (card removal and range
        weights counted); they sum to 1.
    per_card : tuple of EquityResult
        Each card's result: exactly `pokerlut.equity(hands, board + card, dead, deal=...)`.
    deal, board, dead : str
        The deal (`pokerlut.deals()`), the board before the card and the dead cards.
    street : str
        The street the card deals: "turn" or "river".
    elapsed : float
        Seconds.

    ``repr`` is one line; ``str`` adds a line per card. `to_dict` gives plain data, `to_frame`
    a DataFrame with a row per card, and `plot` draws the cards coloured by a player's equity.

    >>> import pokerlut
    >>> r = pokerlut.equity_by_card(["AsAh", "KsKh"], "Kd 7c 2h")
    >>> r
    EquityByCard(holdem, board Kd 7c 2h, 45 turn cards, equity 8.5859% | 91.4141%)
    >>> r.to_frame().loc[["Ad", "Kc", "7d"], ["probability", "equity_0", "equity_1"]].round(4)
          probability  equity_0  equity_1
    card
    Ad         0.0222    0.9773    0.0227
    Kc         0.0222    0.0000    1.0000
    7d         0.0222    0.0455    0.9545
    """

    players: tuple[PlayerEquity, ...]
    cards: tuple[str, ...]
    probabilities: tuple[float, ...]
    per_card: tuple[EquityResult, ...]
    deal: str
    board: str
    dead: str
    street: str
    elapsed: float

    def __repr__(self) -> str:
        shares = " | ".join(f"{p.equity:.4%}" for p in self.players)
        return (
            f"EquityByCard({self.deal}, board {self.board}, {len(self.cards)} {self.street} cards, "
            f"equity {shares})"
        )

    def __str__(self) -> str:
        """The repr's line, then a line per card: its probability and each player's equity."""
        lines = [repr(self)]
        for card, p, r in zip(self.cards, self.probabilities, self.per_card):
            shares = "  ".join(f"{q.equity:8.4%}" for q in r.players)
            lines.append(f"  {card:<3} {p:7.4%}  {shares}")
        return "\n".join(lines)

    def _columns(self, result: EquityResult) -> dict[str, float]:
        """A card's (or the street's) figures per player: equity_0, win_0, tie_0, ..."""
        row: dict[str, float] = {}
        for i, p in enumerate(result.players):
            row |= {f"equity_{i}": p.equity, f"win_{i}": p.win, f"tie_{i}": p.tie}
            if p.high is not None and p.low is not None:
                row |= {f"high_{i}": p.high, f"low_{i}": p.low}
        return row

    def to_frame(self) -> Any:
        """A pandas DataFrame, a row per card indexed by it: its probability, the deals
        counted on that board (`dealt`, as `EquityResult.dealt`; and "deals", its old name,
        for one release), and each player's equity, win and tie as `equity_0`, `win_0`,
        `tie_0`, `equity_1`, ... (player i of the hands given; in hi-lo deals `high_i` and
        `low_i` too)."""
        import pandas as pd

        rows = [
            {"probability": p, "dealt": r.dealt, "deals": r.dealt, **self._columns(r)}
            for p, r in zip(self.probabilities, self.per_card)
        ]
        return pd.DataFrame(rows, index=pd.Index(list(self.cards), name="card"))

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: the street's players, then each card's probability, deals
        counted ("dealt"; "deals", its old key, for one release) and players (hand, equity,
        win, tie; high and low in hi-lo deals)."""

        def player(p: PlayerEquity) -> dict[str, Any]:
            data = {"hand": p.hand, "equity": p.equity, "win": p.win, "tie": p.tie}
            return data | ({"high": p.high, "low": p.low} if p.high is not None else {})

        return {
            "deal": self.deal,
            "board": self.board,
            "dead": self.dead,
            "street": self.street,
            "players": [player(p) for p in self.players],
            "cards": [
                {
                    "card": card,
                    "probability": prob,
                    "dealt": r.dealt,
                    "deals": r.dealt,
                    "players": [player(p) for p in r.players],
                }
                for card, prob, r in zip(self.cards, self.probabilities, self.per_card)
            ],
            "elapsed": self.elapsed,
        }

    def plot(self, path_or_ax: Any, player: int = 0) -> Any:
        """Draw the deck as a grid, a row per rank (ace first) and a column per suit, each
        possible card coloured by `player`'s equity after it (red below the street's equity,
        blue above; cards that cannot come are grey). Needs matplotlib (the `plot` extra).

        Parameters
        ----------
        path_or_ax : str, path or matplotlib Axes
            A file to write (PNG, SVG, PDF: by its suffix), or the Axes to draw into.
        player : int, default 0
            The player whose equity colours the cards: an index into the hands given.

        Returns
        -------
        matplotlib Axes or None
            The Axes given; None when the picture was written to a file.
        """
        from .common import check_player, new_axes

        check_player(player, len(self.players))
        figure, ax = new_axes(path_or_ax, (4.2, 8.5))
        from matplotlib.colors import TwoSlopeNorm

        ranks = [r for r in range(12, -1, -1) if any(c[0] == RANKS[r] for c in self.cards)]
        street = self.players[player].equity
        shown = {card: r.players[player].equity for card, r in zip(self.cards, self.per_card)}
        grid = np.full((len(ranks), 4), np.nan)
        for row, rank in enumerate(ranks):
            for column, suit in enumerate(SUITS_SHOWN):
                grid[row, column] = shown.get(RANKS[rank] + suit, np.nan)
        norm = TwoSlopeNorm(vcenter=min(max(street, 1e-3), 1 - 1e-3), vmin=0.0, vmax=1.0)
        ax.set_facecolor("0.85")
        image = ax.imshow(grid, cmap="RdBu", norm=norm, aspect="auto")
        for (row, column), value in np.ndenumerate(grid):
            card = RANKS[ranks[row]] + SUITS_SHOWN[column]
            text = card if np.isnan(value) else f"{card}\n{value:.1%}"
            dark = not np.isnan(value) and abs(value - street) > 0.35
            ax.text(
                column, row, text, ha="center", va="center", fontsize=8, color="white" if dark else "black"
            )
        ax.set_xticks(range(4), ["♠", "♥", "♦", "♣"])
        ax.set_yticks(range(len(ranks)), [RANKS[r] for r in ranks])
        ax.set_title(
            f"{self.players[player].hand}: equity after each {self.street} card\n"
            f"board {self.board}, {street:.1%} on the {'flop' if self.street == 'turn' else 'turn'}",
            fontsize=10,
        )
        ax.figure.colorbar(image, ax=ax, fraction=0.08, pad=0.04).set_label("equity")
        if figure is None:
            return ax
        figure.savefig(path_or_ax, bbox_inches="tight")
        return None


@shared_parameters
def equity_by_card(
    hands: Sequence[HandOrRange],
    board: CardsLike,
    dead: CardsLike = "",
    *,
    deal: str = "holdem",
    game: str | Game | None = None,
    threads: int | None = None,
) -> EquityByCard:
    """Every player's exact equity after each possible next card.

    The next card is the turn on a flop, the river on a turn. Each card's figures are exactly those of ``equity(hands, board + card, dead, deal=...)``
    (it is called for each card); the street's equity is their mean, each card weighted by
    its chance to come next given the hands or ranges (card removal and range weights
    counted). A card that no deal of the players' hands leaves in the deck is not listed.

    Parameters
    ----------
    hands : sequence of hands or ranges, one per player (2 to 10)
        As `equity` takes them: hold'em hands or ranges ("AsAh", "QQ+,AKs", "random",
        "AKs:0.5"), Omaha hands (several separated by commas, or "random").
    {board_flop_or_turn}
    {dead}
    deal : str, default "holdem"
        A board deal of `pokerlut.deals()`: "holdem", "short-deck", "short-deck-trips",
        "omaha" or "omaha-hi-lo" (not stud).
    {game_in_place_of_deal}
    {threads}

    Returns
    -------
    EquityByCard
        Each card's `EquityResult` and probability, the street's figures per player; a row
        per card in `to_frame()`, and `plot()` for a picture of the deck.

    Raises
    ------
    TypeError
        Hands given as one str (a list is needed), cards or options of the wrong type.
    ValueError
        A board of other than 3 or 4 cards, a stud deal, a bad card or range, a card dealt
        twice, an unknown deal or game, more work than exact enumeration allows.

    Examples
    --------
    >>> r = equity_by_card(["AsAh", "KsKh"], "Kd 7c 2h 3s")        # the river after a turn
    >>> r.cards[:4], [round(p.equity, 4) for p in r.players]
    (('Ad', 'Ac', 'Kc', 'Qs'), [0.0455, 0.9545])
    >>> r.per_card[0].players[0].equity, r.probabilities[0]          # the case ace: AsAh wins
    (1.0, 0.022727272727272728)
    >>> r = equity_by_card(["AhKh", "QQ+"], "Qh 7h 2c")             # a draw against a range
    >>> best = max(zip(r.cards, r.per_card), key=lambda c: c[1].players[0].equity)
    >>> best[0], round(best[1].players[0].equity, 4)   # the nut flush; a set can fill up
    ('Jh', 0.9242)
    """
    start = time.perf_counter()
    players, board_text, dead_text, setup = read_setup(
        hands, board, dead, deal, game, "equity by card", streets=(3, 4)
    )
    deals = Deals(setup, 2_000_000)
    if not len(deals):
        raise no_deals()
    n_cards = len(setup.live) - int(setup.hole_sizes.sum())
    work = len(deals) * n_cards * work_per_deal(setup, 4 - len(setup.board))
    if work > EXACT_LIMIT:
        raise ValueError(
            f"too much work to enumerate by card: {work:,} player-hand evaluations (the limit "
            f"is {EXACT_LIMIT:,}); narrow the ranges"
        )
    weight_of: dict[int, float] = {}
    for card in sorted(setup.live.tolist(), reverse=True):
        left = (deals.masks >> np.uint64(card)) & np.uint64(1) == 0
        if left.any():
            weight_of[card] = float(deals.weights[left].sum())
    total = sum(weight_of.values())
    cards: list[str] = []
    probabilities: list[float] = []
    results: list[EquityResult] = []
    for card, weight in weight_of.items():
        text = format_card(card)
        results.append(
            equity(
                players,
                f"{card_text(setup.board)} {text}",
                dead_text,
                deal=deal,
                game=game,
                exact=True,
                threads=threads,
            )
        )
        cards.append(text)
        probabilities.append(weight / total)
    return EquityByCard(
        players=_street(results, probabilities),
        cards=tuple(cards),
        probabilities=tuple(probabilities),
        per_card=tuple(results),
        deal=deal,
        board=card_text(setup.board),
        dead=card_text(setup.dead),
        street="turn" if len(setup.board) == 3 else "river",
        elapsed=time.perf_counter() - start,
    )


def _street(results: list[EquityResult], probabilities: list[float]) -> tuple[PlayerEquity, ...]:
    """The street's figures per player: each card's, weighted by its probability."""

    def mean(values: list[float | None]) -> float:
        return float(sum(p * (v or 0.0) for p, v in zip(probabilities, values)))

    players = []
    for i, first in enumerate(results[0].players):
        mine = [r.players[i] for r in results]
        split = first.high is not None
        players.append(
            PlayerEquity(
                hand=first.hand,
                win=mean([p.win for p in mine]),
                tie=mean([p.tie for p in mine]),
                equity=mean([p.equity for p in mine]),
                stderr=0.0,
                high=mean([p.high for p in mine]) if split else None,
                low=mean([p.low for p in mine]) if split else None,
            )
        )
    return tuple(players)
