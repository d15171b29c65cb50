"""What `equity()` returns: `EquityResult`, one `PlayerEquity` per player; with several boards,
the whole pot's (`whole_pot`) and each board's."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any


@dataclass(frozen=True)
class PlayerEquity:
    """A player's figures; for the whole pot of several boards, `win` and `tie` are NaN (joint
    events over the boards, not computed): each board's are in `EquityResult.per_board`."""

    hand: str  # as the player was given
    win: float  # share of boards (or trials) where the player takes the whole pot (a scoop)
    tie: float  # share of boards where the player takes part of the pot
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


@dataclass(frozen=True)
class EquityResult:
    players: tuple[PlayerEquity, ...]
    game: str
    board: str  # several boards: each board's cards, joined by " | "
    dead: str
    exact: bool
    boards: int  # boards enumerated (over every deal) or trials simulated
    elapsed: float  # seconds
    seed: int | None = None  # Monte Carlo: the seed that reproduces this run
    partial: bool = False  # interrupted: the figures cover only the work done
    per_board: tuple[EquityResult, ...] = ()  # several boards: each board's own result

    def __repr__(self) -> str:
        how = "exact" if self.exact else f"Monte Carlo, seed {self.seed}"
        took = f"{self.elapsed * 1e3:.3g} ms" if self.elapsed < 1 else f"{self.elapsed:.3f} s"
        done = (f"{len(self.per_board)} boards" if self.per_board else
                f"board {self.board or '-'}, {how}, "
                f"{self.boards:,} {'boards' if self.exact else 'trials'}")
        head = (f"EquityResult({self.game}, {done}, {took}" + (", PARTIAL" if self.partial else "")
                + ")")
        return "\n".join([head, *map(self._row, self.players), *self._categories(),
                          *(f"board {k}: {r!r}" for k, r in enumerate(self.per_board, 1))])

    def category_rows(self) -> list[list[str]]:
        """By category: a row per category (its name, then each player's share of the pot in
        per cent), best first; none when not counted."""
        first = self.players[0].by_category
        if first is None:
            return []
        return [[name, *(f"{(p.by_category or {})[name]:.4%}" for p in self.players)]
                for name in first]

    def _categories(self) -> list[str]:
        """The repr's by-category lines: a column per player, as the rows above it."""
        rows = self.category_rows()
        if not rows:
            return []
        width = max(9, *(len(p.hand) for p in self.players))
        lines = [[f"  {'by category':<20}", *(f"{p.hand:>{width}}" for p in self.players)]]
        lines += [[f"  {name:<20}", *(f"{cell:>{width}}" for cell in cells)]
                  for name, *cells in rows]
        return ["  ".join(line) for line in lines]

    def _row(self, p: PlayerEquity) -> str:
        cells = [f"  {p.hand:<20} equity {p.equity:8.4%}"]
        if p.high is not None and p.low is not None:
            cells.append(f"high {p.high:8.4%}  low {p.low:8.4%}")
        if not self.per_board:
            cells.append(f"scoop {p.win:8.4%}" if p.high is not None
                         else f"win {p.win:8.4%}  tie {p.tie:8.4%}")
        if not self.exact:
            cells.append(f"± {p.stderr:.4%}")
        return "  ".join(cells)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON; with several boards, "per_board" holds each board's, and the
        whole pot's "win" and "tie" are None (not computed). A player's "by_category" is there
        when it was counted (`equity(by_category=True)`)."""
        data = asdict(replace(self, per_board=()))
        del data["per_board"]
        for player in data["players"]:
            if player["by_category"] is None:  # not counted: not in the data
                del player["by_category"]
        if self.per_board:
            for player in data["players"]:
                player["win"] = player["tie"] = None
            data["per_board"] = [board.to_dict() for board in self.per_board]
        return data


def whole_pot(runs: Sequence[EquityResult], which: Sequence[int], dead: str, seed: int | None,
              elapsed: float) -> EquityResult:
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
        high, low = (None, None) if first.high is None else (mean([p.high for p in mine]),
                                                             mean([p.low for p in mine]))
        stderr = math.sqrt(sum((w * p.stderr) ** 2 for w, p in zip(weights, mine)))
        by_category = None if first.by_category is None else {
            name: mean([(p.by_category or {})[name] for p in mine]) for name in first.by_category}
        players.append(PlayerEquity(first.hand, math.nan, math.nan,
                                    mean([p.equity for p in mine]), stderr, high, low,
                                    by_category))
    per_board = tuple(runs[j] for j in which)
    return EquityResult(tuple(players), runs[0].game, " | ".join(r.board for r in per_board),
                        dead, runs[0].exact, sum(run.boards for run in runs), elapsed, seed,
                        runs[-1].partial, per_board)
