"""What `equity()` returns: `EquityResult`, one `PlayerEquity` per player; with several boards,
the whole pot's (`whole_pot`) and each board's."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from .._deprecation import renamed_attribute, with_old_key


@dataclass(frozen=True)
class PlayerEquity:
    """A player's figures in an `EquityResult`; for the whole pot of several boards, `win` and
    `tie` are NaN (joint events over the boards, not computed): each board's are in
    `EquityResult.per_board`. `to_dict` gives plain data."""

    hand: str  # as the player was given
    win: float  # share of deals where the player takes the whole pot (a scoop)
    tie: float  # share of deals where the player takes part of the pot
    equity: float  # share of the pot: wins plus split pots counted fractionally
    stderr: float  # standard error of equity (0 when exact)
    high: float | None = None  # split games: the share of the pot won with the high hand
    low: float | None = None  # split games: the share of the pot won with the low hand
    # equity(by_category=True): the share of the pot won with a final hand of each category of
    # the game, best first, zeros included; they sum to `equity` (`odds.categories` names them)
    by_category: dict[str, float] | None = field(default=None, hash=False)

    def __repr__(self) -> str:
        """The dataclass's repr, by_category only when counted."""
        shown = [f for f in fields(self) if f.name != "by_category" or self.by_category is not None]
        return f"PlayerEquity({', '.join(f'{f.name}={getattr(self, f.name)!r}' for f in shown)})"

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: every field, "by_category" only when it was counted."""
        data = asdict(self)
        if self.by_category is None:
            del data["by_category"]
        return data


@dataclass(frozen=True)
class EquityResult:
    """What `pokerlut.equity` returns: each player's figures, and how they were found.

    Attributes
    ----------
    players : tuple of PlayerEquity
        One per player, in the order of the hands given.
    deal : str
        The deal (`pokerlut.deals()`).
    board, dead : str
        The board's cards (several boards: each board's, joined by " | ") and the dead cards.
    exact : bool
        True: every deal enumerated; False: Monte Carlo.
    dealt : int
        The deals counted: every deal and board when exact, else the trials simulated.
        (Until this release it was called `deals`: that name still reads it, with a
        `DeprecationWarning`; `to_dict` gives both keys.)
    elapsed : float
        Seconds.
    seed : int or None
        Monte Carlo: the seed that reproduces this result.
    partial : bool
        Interrupted (Ctrl-C): the figures cover only the work done.
    per_board : tuple of EquityResult
        Several boards: each board's own result (its figures are shares of that board's part).
    draw_rounds : int or None
        A draw deal: the draws played (`equity(draw_rounds=...)`); else None.
    policy : str or None
        A draw deal through several draws: the drawing policy's name; else None.

    ``repr`` is one line; ``str`` (and ``print``) adds a line per player. `to_dict` gives plain
    data for JSON, `to_frame` a DataFrame with a row per player.

    >>> import pokerlut
    >>> r = pokerlut.equity(["AsAh", "KsKh"], board="2c 7d 9h Tc")
    >>> r
    EquityResult(holdem, board 2c 7d 9h Tc, exact, 44 deals, equity 95.4545% | 4.5455%)
    >>> r.to_frame()[["equity", "win", "tie"]].round(4)
            equity     win  tie
    hand
    AsAh    0.9545  0.9545  0.0
    KsKh    0.0455  0.0455  0.0
    """

    players: tuple[PlayerEquity, ...]
    deal: str
    board: str
    dead: str
    exact: bool
    dealt: int
    elapsed: float
    seed: int | None = None
    partial: bool = False
    per_board: tuple[EquityResult, ...] = ()
    draw_rounds: int | None = None
    policy: str | None = None

    deals = renamed_attribute("EquityResult", "deals", "dealt")

    def __repr__(self) -> str:
        how = "exact" if self.exact else f"Monte Carlo, seed {self.seed}"
        where = f"board {self.board or '-'}"
        if self.draw_rounds is not None:
            where = f"{self.draw_rounds} draw{'s' if self.draw_rounds > 1 else ''}" + (
                f", policy {self.policy}" if self.policy else ""
            )
        done = (
            f"{len(self.per_board)} boards"
            if self.per_board
            else f"{where}, {how}, {self.dealt:,} {'deals' if self.exact else 'trials'}"
        )
        shares = " | ".join(f"{p.equity:.4%}" for p in self.players)
        return (
            f"EquityResult({self.deal}, {done}, equity {shares}" + (", PARTIAL" if self.partial else "") + ")"
        )

    def __str__(self) -> str:
        """The repr's line with the time, a line per player, by category a table, and with
        several boards each board's."""
        took = f"{self.elapsed * 1e3:.3g} ms" if self.elapsed < 1 else f"{self.elapsed:.3f} s"
        head = repr(self)[:-1] + f", {took})"
        return "\n".join(
            [
                head,
                *map(self._row, self.players),
                *self._categories(),
                *(f"board {k}: {r}" for k, r in enumerate(self.per_board, 1)),
            ]
        )

    def to_frame(self) -> Any:
        """A pandas DataFrame, a row per player indexed by hand: equity, win, tie, stderr, and
        high and low in split deals, then one column per category when counted."""
        import pandas as pd

        rows = []
        for p in self.players:
            row = {
                k: v
                for k, v in asdict(p).items()
                if k not in ("hand", "by_category") and not (k in ("high", "low") and v is None)
            }
            rows.append({**row, **(p.by_category or {})})
        return pd.DataFrame(rows, index=pd.Index([p.hand for p in self.players], name="hand"))

    def category_rows(self) -> list[list[str]]:
        """By category: a row per category (its name, then each player's share of the pot in
        per cent), best first; none when not counted."""
        first = self.players[0].by_category
        if first is None:
            return []
        return [[name, *(f"{(p.by_category or {})[name]:.4%}" for p in self.players)] for name in first]

    def _categories(self) -> list[str]:
        """The repr's by-category lines: a column per player, as the rows above it."""
        rows = self.category_rows()
        if not rows:
            return []
        width = max(9, *(len(p.hand) for p in self.players))
        lines = [[f"  {'by category':<20}", *(f"{p.hand:>{width}}" for p in self.players)]]
        lines += [[f"  {name:<20}", *(f"{cell:>{width}}" for cell in cells)] for name, *cells in rows]
        return ["  ".join(line) for line in lines]

    def _row(self, p: PlayerEquity) -> str:
        cells = [f"  {p.hand:<20} equity {p.equity:8.4%}"]
        if p.high is not None and p.low is not None:
            cells.append(f"high {p.high:8.4%}  low {p.low:8.4%}")
        if not self.per_board:
            cells.append(
                f"scoop {p.win:8.4%}" if p.high is not None else f"win {p.win:8.4%}  tie {p.tie:8.4%}"
            )
        if not self.exact:
            cells.append(f"± {p.stderr:.4%}")
        return "  ".join(cells)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON; with several boards, "per_board" holds each board's, and the
        whole pot's "win" and "tie" are None (not computed). A player's "by_category" is there
        when it was counted (`equity(by_category=True)`), "draw_rounds" and "policy" in draw
        deals. "deals", the old key of "dealt", is there too, for one release."""
        data = with_old_key(asdict(replace(self, per_board=())), "dealt", "deals")
        del data["per_board"]
        for key in ("draw_rounds", "policy"):
            if data[key] is None:
                del data[key]
        data["players"] = [p.to_dict() for p in self.players]
        if self.per_board:
            for player in data["players"]:
                player["win"] = player["tie"] = None
            data["per_board"] = [board.to_dict() for board in self.per_board]
        return data


def whole_pot(
    runs: Sequence[EquityResult], which: Sequence[int], dead: str, seed: int | None, elapsed: float
) -> EquityResult:
    """The result of several boards, each an equal part of the pot: board k's is runs[which[k]]
    (boards alike share a run). A player's equity, high and low shares are the means of the
    boards' (exact, by linearity); the standard error counts the runs as independent; win and
    tie, joint events over the boards, are NaN; by category, each category's share is the mean
    of the boards' too."""
    weights = [which.count(j) / len(which) for j in range(len(runs))]  # each run's part

    def mean(values: Sequence[float | None]) -> float:
        return sum(w * (v or 0.0) for w, v in zip(weights, values))

    players = []
    for i, first in enumerate(runs[0].players):
        mine = [run.players[i] for run in runs]
        high, low = (
            (None, None)
            if first.high is None
            else (mean([p.high for p in mine]), mean([p.low for p in mine]))
        )
        stderr = math.sqrt(sum((w * p.stderr) ** 2 for w, p in zip(weights, mine)))
        by_category = (
            None
            if first.by_category is None
            else {name: mean([(p.by_category or {})[name] for p in mine]) for name in first.by_category}
        )
        players.append(
            PlayerEquity(
                hand=first.hand,
                win=math.nan,
                tie=math.nan,
                equity=mean([p.equity for p in mine]),
                stderr=stderr,
                high=high,
                low=low,
                by_category=by_category,
            )
        )
    per_board = tuple(runs[j] for j in which)
    return EquityResult(
        players=tuple(players),
        deal=runs[0].deal,
        board=" | ".join(r.board for r in per_board),
        dead=dead,
        exact=runs[0].exact,
        dealt=sum(run.dealt for run in runs),
        elapsed=elapsed,
        seed=seed,
        partial=runs[-1].partial,
        per_board=per_board,
    )
