"""What `equity()` returns: `EquityResult`, one `PlayerEquity` per player."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class PlayerEquity:
    hand: str  # as the player was given
    win: float  # share of boards (or trials) where the player takes the whole pot (a scoop)
    tie: float  # share of boards where the player takes part of the pot
    equity: float  # share of the pot: wins plus split pots counted fractionally
    stderr: float  # standard error of equity (0 when exact)
    high: float | None = None  # split games: the share of the pot won with the high hand
    low: float | None = None  # split games: the share of the pot won with the low hand


@dataclass(frozen=True)
class EquityResult:
    players: tuple[PlayerEquity, ...]
    game: str
    board: str
    dead: str
    exact: bool
    boards: int  # boards enumerated (over every deal) or trials simulated
    elapsed: float  # seconds
    seed: int | None = None  # Monte Carlo: the seed that reproduces this run
    partial: bool = False  # interrupted: the figures cover only the work done

    def __repr__(self) -> str:
        how = "exact" if self.exact else f"Monte Carlo, seed {self.seed}"
        took = f"{self.elapsed * 1e3:.3g} ms" if self.elapsed < 1 else f"{self.elapsed:.3f} s"
        head = (f"EquityResult({self.game}, board {self.board or '-'}, {how}, "
                f"{self.boards:,} {'boards' if self.exact else 'trials'}, {took}"
                + (", PARTIAL" if self.partial else "") + ")")
        split = self.players[0].high is not None
        rows = [f"  {p.hand:<20} equity {p.equity:8.4%}  "
                + (f"high {p.high:8.4%}  low {p.low:8.4%}  scoop {p.win:8.4%}" if split
                   else f"win {p.win:8.4%}  tie {p.tie:8.4%}")
                + ("" if self.exact else f"  ± {p.stderr:.4%}") for p in self.players]
        return "\n".join([head, *rows])

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return asdict(self)
