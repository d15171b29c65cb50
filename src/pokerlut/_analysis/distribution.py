"""`equity_distribution`: the exact equity of each hand of a range against the other players'
hands or ranges, card removal counted, and the range's curve and buckets of it."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._cards import CardsLike
from .._docs import shared_parameters
from .._game import Game
from .._equity.counters import per_player
from .._equity.ranges import HandOrRange
from .._equity.deal import card_text
from .._equity.front import EXACT_LIMIT
from .._equity.exact import deal_counts, weigh
from .._parallel import parallel_section
from .._deprecation import renamed_attribute
from .common import Deals, no_deals, check_player, combo_text, deal_limit, read_setup, work_per_deal

__all__ = ["EquityDistribution", "equity_distribution"]


@dataclass(frozen=True, eq=False)  # arrays: compared by identity
class EquityDistribution:
    """What `pokerlut.equity_distribution` returns: each hand of a player's range with its
    exact equity against the other players' hands or ranges.

    Attributes
    ----------
    player : int
        The player whose range it is: an index into the hands given.
    hand : str
        That player's range as given.
    against : tuple of str
        The other players' hands or ranges, in order.
    combos : tuple of str
        The range's hands that can be dealt ("AsKs": the highest card first), in the range's
        order: those holding a board or dead card, or colliding with every holding of the
        others, are left out.
    weights : numpy.ndarray
        Each hand's weight in the range ("AKs:0.5": 0.5).
    frequencies : numpy.ndarray
        Each hand's chance to be the one held, given the board, the dead cards and the others'
        ranges (card removal): its weight times the weight of the others' holdings it can meet,
        as a share of all; they sum to 1.
    equities, wins, ties : numpy.ndarray
        Each hand's equity, win and tie: exactly ``equity(hands with the hand in place of the
        range, board, dead).players[player]``'s.
    dealt : numpy.ndarray
        The showdowns counted for each hand (deals of the others' hands times boards).
        (Until this release it was called `deals`: that name still reads it, with a
        `DeprecationWarning`; `to_frame` and `to_dict` give both.)
    equity, win, tie : float
        The range's: the hands' figures weighted by their frequencies, the same as `equity`'s
        for the range (to float rounding).
    deal, board, dead : str
        The deal, the board and the dead cards.
    elapsed : float
        Seconds.

    ``repr`` is one line. `curve` gives the sorted curve, `buckets` the hands by equity,
    `to_dict` plain data, `to_frame` a DataFrame with a row per hand, and `plot` draws the
    curve.

    >>> import pokerlut
    >>> r = pokerlut.equity_distribution(["QQ+,AKs", "JJ,AQs"], "Kh 7d 2c")
    >>> r
    EquityDistribution(holdem, board Kh 7d 2c, QQ+,AKs: 18 hands, equity 92.6454% against JJ,AQs)
    >>> r.to_frame().round(4).head(3)
           weight  frequency  equity     win  tie  dealt  deals
    combo
    KdKc      1.0     0.0654  0.9847  0.9847  0.0   9900   9900
    KsKc      1.0     0.0654  0.9847  0.9847  0.0   9900   9900
    KsKd      1.0     0.0654  0.9847  0.9847  0.0   9900   9900
    """

    player: int
    hand: str
    against: tuple[str, ...]
    combos: tuple[str, ...]
    weights: np.ndarray
    frequencies: np.ndarray
    equities: np.ndarray
    wins: np.ndarray
    ties: np.ndarray
    dealt: np.ndarray
    equity: float
    win: float
    tie: float
    deal: str
    board: str
    dead: str
    elapsed: float

    deals = renamed_attribute("EquityDistribution", "deals", "dealt")

    def __repr__(self) -> str:
        return (
            f"EquityDistribution({self.deal}, board {self.board or '-'}, {self.hand}: "
            f"{len(self.combos)} hands, equity {self.equity:.4%} against {' | '.join(self.against)})"
        )

    def curve(self) -> tuple[np.ndarray, np.ndarray]:
        """The sorted curve, as Equilab and GTO Wizard draw it: the hands from the best
        equity to the worst, x the share of the range (by frequency) up to and including each
        hand, y its equity.

        Returns
        -------
        tuple of numpy.ndarray
            (x, y), each a value per hand; x rises to 1, y falls.
        """
        order = np.argsort(-self.equities, kind="stable")
        return np.cumsum(self.frequencies[order]), self.equities[order]

    def buckets(self, width: float = 0.1) -> list[dict[str, float]]:
        """The hands by equity in buckets `width` wide: [0, 0.1), [0.1, 0.2), ... [0.9, 1]
        by default (equity 1 falls in the last).

        Parameters
        ----------
        width : float, default 0.1
            Each bucket's width, dividing 1 evenly (0.1, 0.05, 0.2, 0.25, ...).

        Returns
        -------
        list of dict
            One per bucket, lowest first: "low", "high", "combos" (hands in it) and
            "frequency" (their share of the range).
        """
        if isinstance(width, bool) or not isinstance(width, (int, float)):
            raise TypeError(f"width must be a number, not {width!r}")
        n = round(1 / width) if 0 < width <= 1 else 0
        if n < 1 or abs(n * width - 1) > 1e-9:
            raise ValueError(f"width must divide 1 evenly (0.1, 0.05, 0.25, ...), not {width!r}")
        which = np.minimum((self.equities * n).astype(np.int64), n - 1)
        counts = np.bincount(which, minlength=n)
        shares = np.bincount(which, weights=self.frequencies, minlength=n)
        return [
            {"low": k / n, "high": (k + 1) / n, "combos": int(counts[k]), "frequency": float(shares[k])}
            for k in range(n)
        ]

    def to_frame(self) -> Any:
        """A pandas DataFrame, a row per hand indexed by it ("combo"), the best equity first:
        weight, frequency, equity, win, tie and dealt (and "deals", its old name, for one
        release)."""
        import pandas as pd

        order = np.argsort(-self.equities, kind="stable")
        return pd.DataFrame(
            {
                "weight": self.weights[order],
                "frequency": self.frequencies[order],
                "equity": self.equities[order],
                "win": self.wins[order],
                "tie": self.ties[order],
                "dealt": self.dealt[order],
                "deals": self.dealt[order],
            },
            index=pd.Index([self.combos[k] for k in order], name="combo"),
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: the range's figures, the 10 % buckets, and each hand's
        (in the range's order); a hand's "deals" is the old key of its "dealt", for one
        release."""
        return {
            "deal": self.deal,
            "board": self.board,
            "dead": self.dead,
            "player": self.player,
            "hand": self.hand,
            "against": list(self.against),
            "equity": self.equity,
            "win": self.win,
            "tie": self.tie,
            "buckets": self.buckets(),
            "combos": [
                {
                    "combo": combo,
                    "weight": float(self.weights[k]),
                    "frequency": float(self.frequencies[k]),
                    "equity": float(self.equities[k]),
                    "win": float(self.wins[k]),
                    "tie": float(self.ties[k]),
                    "dealt": int(self.dealt[k]),
                    "deals": int(self.dealt[k]),
                }
                for k, combo in enumerate(self.combos)
            ],
            "elapsed": self.elapsed,
        }

    def plot(self, path_or_ax: Any) -> Any:
        """Draw the sorted curve (`curve`): the range's hands from the best equity to the
        worst, and its equity as a line. Needs matplotlib (the `plot` extra).

        Parameters
        ----------
        path_or_ax : str, path or matplotlib Axes
            A file to write (PNG, SVG, PDF: by its suffix), or the Axes to draw into.

        Returns
        -------
        matplotlib Axes or None
            The Axes given; None when the picture was written to a file.
        """
        from .common import new_axes

        figure, ax = new_axes(path_or_ax, (7.0, 4.5))
        x, y = self.curve()
        ax.step(np.concatenate([[0.0], x]), np.concatenate([y[:1], y]), where="pre", color="tab:blue")
        ax.fill_between(np.concatenate([[0.0], x]), np.concatenate([y[:1], y]), step="pre", alpha=0.2)
        ax.axhline(self.equity, color="0.3", linestyle="--", linewidth=1)
        ax.text(1.0, self.equity, f" {self.equity:.1%}", va="center", ha="left", fontsize=9)
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.set_xlabel("share of the range (hands by frequency, best first)")
        ax.set_ylabel("equity")
        ax.set_title(
            f"{self.hand} against {' | '.join(self.against)}\non {self.board or 'no board (preflop)'}",
            fontsize=10,
        )
        ax.grid(alpha=0.3)
        if figure is None:
            return ax
        figure.savefig(path_or_ax, bbox_inches="tight")
        return None


@shared_parameters
def equity_distribution(
    hands: Sequence[HandOrRange],
    board: CardsLike = "",
    dead: CardsLike = "",
    *,
    player: int = 0,
    deal: str = "holdem",
    game: str | Game | None = None,
    threads: int | None = None,
) -> EquityDistribution:
    """Each hand of a player's range with its exact equity against the others' hands or ranges.

    One exact enumeration of every deal of the hands and every board, kept deal by deal: a
    hand's figures are exactly those of `equity` with that hand in place of the range (the
    others' holdings that share a card with it are not dealt), and the range's, its hands'
    weighted by their frequencies, are `equity`'s for the range (to float rounding).

    Parameters
    ----------
    hands : sequence of hands or ranges, one per player (2 to 10)
        As `equity` takes them; `hands[player]` is the range whose hands are taken one by one.
    board : cards, optional
        0 to 5 board cards. Before the flop, enumerating every board of every deal is much
        work: narrow ranges only (see Raises).
    {dead}
    player : int, default 0
        Whose range: an index into `hands`.
    deal : str, default "holdem"
        A board deal of `pokerlut.deals()` (not stud).
    {game_in_place_of_deal}
    {threads}

    Returns
    -------
    EquityDistribution
        Each hand's equity, win, tie, weight and frequency; the range's figures, `curve()`,
        `buckets()`, `to_frame()` and `plot()`.

    Raises
    ------
    TypeError
        Hands given as one str, cards or options of the wrong type.
    ValueError
        A stud deal, a bad card or range, a card dealt twice, an unknown deal or game, a
        `player` out of range, more work than exact enumeration allows (about ten seconds:
        preflop, some ten thousand deals of hands), ranges that cannot be dealt.

    Examples
    --------
    >>> r = equity_distribution(["TT+,AK", "22+"], "Kh 7d 2c")
    >>> round(r.equity, 6), len(r.combos)
    (0.729961, 39)
    >>> [(b["low"], b["combos"]) for b in r.buckets(0.25)]          # hands by equity
    [(0.0, 0), (0.25, 0), (0.5, 18), (0.75, 21)]
    >>> import pokerlut                                        # a hand: equity's figure, exactly
    >>> aces = pokerlut.equity(["AsAh", "22+"], "Kh 7d 2c").players[0].equity
    >>> float(r.equities[r.combos.index("AsAh")]) == aces
    True
    """
    start = time.perf_counter()
    players, board_text, dead_text, setup = read_setup(hands, board, dead, deal, game, "equity distribution")
    k = check_player(player, len(players))
    limit = deal_limit(setup)
    hero = setup.ranges[k]
    rest = 1
    for i, r in enumerate(setup.ranges):
        rest *= len(r) if i != k else 1
    step = max(1, limit // rest)
    parts = [
        Deals(setup, limit, k, np.arange(a, min(a + step, len(hero)))) for a in range(0, len(hero), step)
    ]
    work = sum(len(part) for part in parts) * work_per_deal(setup)
    if work > EXACT_LIMIT:
        raise ValueError(
            f"too much work to enumerate: {work:,} player-hand evaluations (the limit is "
            f"{EXACT_LIMIT:,}); narrow the ranges" + ("" if len(setup.board) else ", or give a flop")
        )
    n = len(hero)
    figures = np.zeros((4, n))  # equity, win, tie, weight of the deals
    showdowns = np.zeros(n, np.int64)
    with parallel_section(threads):
        for part in parts:
            if not len(part):
                continue
            per_deal, interrupted = deal_counts(setup, (part.cards(), part.masks, part.weights), None)
            if interrupted:
                raise KeyboardInterrupt
            order = np.argsort(part.hands[:, k], kind="stable")
            held = part.hands[order, k]
            bounds = np.flatnonzero(np.diff(held)) + 1
            per_deal, without, weights = per_deal[order], part.weights_without[order], part.weights[order]
            for lo, hi in zip(np.concatenate([[0], bounds]), np.concatenate([bounds, [len(held)]])):
                h = held[lo]
                # fresh arrays, as `equity` with the hand in place of the range has them
                counts, dealt_weights = per_deal[lo:hi].copy(), without[lo:hi].copy()
                weighted, weight_seen, seen, _ = weigh(setup, counts, dealt_weights, False)
                outcomes = weighted / (weight_seen if weight_seen > 0 else 1.0)
                win, tie, eq, *_ = per_player(outcomes, len(players), setup.split, setup.categories)
                figures[:, h] = eq[k], win[k], tie[k], weights[lo:hi].sum()
                showdowns[h] = seen
    shown = np.flatnonzero(showdowns > 0)
    if not len(shown):
        raise no_deals()
    frequencies = figures[3, shown] / figures[3, shown].sum()
    equities, wins, ties = figures[0, shown], figures[1, shown], figures[2, shown]
    return EquityDistribution(
        player=k,
        hand=players[k],
        against=tuple(p for i, p in enumerate(players) if i != k),
        combos=tuple(combo_text(hero.combos[h]) for h in shown),
        weights=np.asarray(hero.weights)[shown],
        frequencies=frequencies,
        equities=equities,
        wins=wins,
        ties=ties,
        dealt=showdowns[shown],
        equity=float(frequencies @ equities),
        win=float(frequencies @ wins),
        tie=float(frequencies @ ties),
        deal=deal,
        board=card_text(setup.board),
        dead=card_text(setup.dead),
        elapsed=time.perf_counter() - start,
    )
