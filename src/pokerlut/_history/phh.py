"""Hand histories in the PHH standard (`.phh`, and `.phhs` files of many hands), read hand by
hand through pokerkit (the optional ``history`` extra), each hand scored: every player's net
won, as pokerkit's replay has it, and, for a hand that went all-in, the all-in EV (`allin`).

A hand *qualifies* when, before its last card is dealt (a board of 0, 3 or 4 cards; in stud
before seventh street), betting is closed for the rest of the hand: two players or more in, at
most one of them not all-in, nothing left to call; and the cards of every player still in are
known (the record shows them). Its pots are then those chips; each player's all-in EV is his
exact expected share of each pot, less what he put in (`allin.allin_ev`). A hand that went
all-in but does not qualify says why (``reason``); the others keep their net won.

pokerkit's ``.phhs`` loader reads a whole file at once, so one bad hand would lose the file:
the tables ``[1]``, ``[2]``, ... are cut apart first and read one by one; a hand that does not
read or replay is kept with its reason, and the rest of the file is still read.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from .allin import allin_ev

__all__ = ["DEALS", "Scored", "read", "score"]

#: PHH's variant codes -> pokerlut's deals (the variants whose all-in EV is scored so far).
DEALS = {
    "FT": "holdem",
    "NT": "holdem",
    "PO": "omaha",
    "FO/8": "omaha-hi-lo",
    "F7S": "stud",
    "F7S/8": "stud-hi-lo",
    "FR": "razz",
}
_STUD = ("F7S", "F7S/8", "FR")
_TABLE = re.compile(r"^\[(\d+)\][ \t]*$", re.M)


@dataclass(frozen=True)
class Scored:
    """One hand, scored.

    ``net``: each player's chips won (negative: lost), as pokerkit's replay of the record has
    it (before rake); ``allin_ev``: each player's all-in EV (net) when the hand qualifies, else
    None; ``allin_variance``: the variance of each player's result over the completions the
    EV averages (None with it); ``reason``: why a hand that went all-in does not qualify, or
    why the hand could not be read ("" otherwise). ``variant``: PHH's code; ``big_blind``: the
    larger of the first two blinds (games without blinds: the small bet); ``showdown``: whether
    each player was still in at a showdown (two players or more never folded); ``rake``: the
    chips that left the table (the stacks' total fell by them), where the record gives its
    finishing stacks, shared by the players who won in proportion to their net (0 otherwise;
    a record whose finishing stacks share a pot otherwise than the replay still sums right).
    """

    file: str
    number: int
    players: tuple[str, ...]
    net: tuple[float, ...]
    allin_ev: tuple[float, ...] | None
    reason: str = ""
    variant: str = ""
    big_blind: float = 0.0
    showdown: tuple[bool, ...] = ()
    rake: tuple[float, ...] = ()
    allin_variance: tuple[float, ...] | None = None

    @property
    def adjusted(self) -> tuple[float, ...]:
        """The all-in adjusted result: the all-in EV when the hand qualifies, else net won."""
        return self.net if self.allin_ev is None else self.allin_ev


def read(path: str | Path) -> Iterator[Scored]:
    """Every hand of a ``.phh`` or ``.phhs`` file, scored (`score`), in the file's order."""
    text = Path(path).read_text(encoding="utf-8")
    cuts = list(_TABLE.finditer(text))
    if not cuts:  # a .phh: one hand
        yield score(text, str(path), 1)
        return
    for k, cut in enumerate(cuts):
        end = cuts[k + 1].start() if k + 1 < len(cuts) else len(text)
        yield score(text[cut.end() : end], str(path), int(cut[1]))


def score(text: str, file: str = "", number: int = 1) -> Scored:
    """One hand's record (PHH text), scored: net won and, when it qualifies, the all-in EV."""
    from pokerkit import HandHistory

    try:
        with warnings.catch_warnings():
            # pokerkit's advice on real records (the dataset's own fields such as
            # time_zone_abbreviation, "no reason for this player to fold"): not errors
            warnings.simplefilter("ignore", UserWarning)
            return _score(HandHistory.loads(text), file, number)
    except Exception as error:  # pokerkit's errors are of many kinds: each names the hand
        return Scored(file, number, (), (), None, f"does not read: {type(error).__name__}: {error}")


def _score(history: Any, file: str, number: int) -> Scored:
    """`score` of a record pokerkit has read (its replay may still raise)."""
    players = tuple(history.players or [f"p{i + 1}" for i in range(len(history.starting_stacks))])
    blinds = [float(b) for b in (history.blinds_or_straddles or ())[:2]]
    about = Scored(
        file,
        number,
        players,
        (),
        None,
        variant=history.variant,
        big_blind=max(blinds, default=0.0) or float(history.small_bet or 0),
    )
    if any(not np.isfinite(float(s)) for s in history.starting_stacks):
        return replace(about, reason="a stack that is not a number of chips")
    moment = None
    shown: dict[int, list[Any]] = {}  # each player's cards the last time all were known
    for state in history:  # pokerkit hands back one state, changed at every step
        if moment is None:
            moment = _closed(state, history.variant)
        for i, cards in enumerate(state.hole_cards):  # a loser's are mucked after showing
            if cards and not any(c.unknown_status for c in cards):
                shown[i] = list(cards)
    net = tuple(float(p) for p in state.payoffs)
    folded = {int(a.split()[0][1:]) - 1 for a in history.actions if a.split()[1:2] == ["f"]}
    showdown = tuple(len(players) - len(folded) > 1 and i not in folded for i in range(len(players)))
    rake = (0.0,) * len(players)
    if history.finishing_stacks:  # the chips that left the table, shared by the winners
        taken = -float(sum(b - a for a, b in zip(history.starting_stacks, history.finishing_stacks)))
        won = sum(n for n in net if n > 0)
        rake = tuple(taken * max(n, 0.0) / won if won else 0.0 for n in net)
    about = replace(about, net=net, showdown=showdown, rake=rake)
    if moment is None:
        return about
    live, put_in, board, dealt = moment
    if history.variant not in DEALS:
        return replace(about, reason=f"all-in EV not scored yet in {history.variant}")
    hands: list[str | None] = [None] * len(put_in)
    for i in live:
        if i not in shown or (history.variant in _STUD and len(shown[i]) < dealt):
            return replace(about, reason="the cards of a player all-in are not shown")
        hands[i] = "".join(repr(c) for c in shown[i][: dealt or None])
    ev = allin_ev(hands, put_in, board, deal=DEALS[history.variant])
    return replace(about, allin_ev=tuple(ev.net.tolist()), allin_variance=tuple(ev.variance.tolist()))


def _closed(state: Any, variant: str) -> tuple[list[int], list[float], str, int] | None:
    """At the moment betting closed for the rest of the hand with cards still to come: the
    players still in, each player's chips put in, the board so far and (stud) the cards each
    had; else None."""
    if state.actor_index is not None or any(state.bets) or not state.status:
        return None
    live = [i for i in range(state.player_count) if state.statuses[i]]
    if len(live) < 2 or sum(state.stacks[i] > 0 for i in live) > 1:
        return None
    board = [c for cards in state.board_cards for c in cards]
    if variant in _STUD:
        dealt = len(state.hole_cards[live[0]])
        if dealt >= 7:
            return None
    elif len(board) >= 5:
        return None
    else:
        dealt = 0
    put_in = [float(a - b) for a, b in zip(state.starting_stacks, state.stacks)]
    return live, put_in, "".join(repr(c) for c in board), dealt
