"""Hand histories in the PHH standard (`.phh`, and `.phhs` files of many hands), read hand by
hand through pokerkit (the optional ``history`` extra), each hand scored: every player's net
won, as pokerkit's replay has it, and, for a hand that went all-in, the all-in EV (`allin`).
`read` takes each hand by the fast path (`fast`: hold'em and pot-limit Omaha replayed without
pokerkit, to the same scores) where it can, and through pokerkit (`score`) where it cannot.

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
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from . import fast as fast_path
from .scored import DRAW, STUD, Scored, big_blind, rake, shown_cards, showdown, with_allin

__all__ = ["Scored", "read", "score", "score_history"]

_TABLE = re.compile(r"^\[(\d+)\][ \t]*$", re.M)


def read(path: str | Path, *, fast: bool = True) -> Iterator[Scored]:
    """Every hand of a ``.phh`` or ``.phhs`` file, scored, in the file's order: by the fast
    path (`fast.score`) where it replays the record for sure, else by pokerkit (`score`), whose
    figures the fast path's equal. ``fast=False``: every hand through pokerkit."""
    text = Path(path).read_text(encoding="utf-8")
    cuts = list(_TABLE.finditer(text))
    if not cuts:  # a .phh: one hand
        records = [(text, 1)]
    else:
        ends = [cut.start() for cut in cuts[1:]] + [len(text)]
        records = [(text[cut.end() : end], int(cut[1])) for cut, end in zip(cuts, ends)]
    for record, number in records:
        scored = fast_path.score(record, str(path), number) if fast else None
        yield scored if scored is not None else score(record, str(path), number)


def score(text: str, file: str = "", number: int = 1) -> Scored:
    """One hand's record (PHH text), scored: net won and, when it qualifies, the all-in EV."""
    from pokerkit import HandHistory

    try:
        with warnings.catch_warnings():
            # pokerkit's advice on real records (the dataset's own fields such as
            # time_zone_abbreviation, "no reason for this player to fold"): not errors
            warnings.simplefilter("ignore", UserWarning)
            return score_history(HandHistory.loads(text), file, number)
    except Exception as error:  # pokerkit's errors are of many kinds: each names the hand
        return Scored(file, number, (), (), None, f"does not read: {type(error).__name__}: {error}")


def score_history(history: Any, file: str, number: int) -> Scored:
    """One hand pokerkit has read (a PHH record, or a site's parsed), scored; its replay may raise."""
    players = tuple(history.players or [f"p{i + 1}" for i in range(len(history.starting_stacks))])
    about = Scored(
        file,
        number,
        players,
        (),
        None,
        variant=history.variant,
        big_blind=big_blind(history.blinds_or_straddles, history.small_bet),
    )
    if any(not np.isfinite(float(s)) for s in history.starting_stacks):
        return replace(about, reason="a stack that is not a number of chips")
    moment = None
    all_in = False  # a player still in had no chips left, at some step
    kept = None  # a draw game's: the cards each player kept at the last draw
    closed_before = False  # and whether betting had closed by then
    draw = history.variant in DRAW
    for state in history:  # pokerkit hands back one state, changed at every step
        if moment is None:
            moment = _closed(state, history.variant)
        all_in = all_in or any(s and not c for s, c in zip(state.statuses, state.stacks))
        if draw and kept is None and _last_draw_dealt_next(state):  # once, when all have drawn
            kept = {i: [repr(c) for c in cards] for i, cards in enumerate(state.hole_cards)}
            kept = {i: cards for i, cards in kept.items() if cards and "??" not in cards}
            closed_before = moment is not None
    if state.status:
        return replace(about, reason="the record stops before the hand ends")
    net = tuple(float(p) for p in state.payoffs)
    folded = {int(a.split()[0][1:]) - 1 for a in history.actions if a.split()[1:2] == ["f"]}
    about = replace(
        about,
        net=net,
        showdown=showdown(folded, len(players)),
        rake=rake(history.starting_stacks, history.finishing_stacks, net, len(players)),
    )
    if not draw:
        return with_allin(about, moment, shown_cards(history.actions), all_in)
    # a draw game's all-in counts at the last draw, betting closed before it: the cards kept
    # then are in play, every discard the record shows is out
    discards = [a.split()[2] for a in history.actions if a.split()[1:2] == ["sd"] and len(a.split()) > 2]
    dead = "".join(d for d in discards if "?" not in d)
    shown = {**shown_cards(history.actions), **(kept or {})}  # the folded players' too
    return with_allin(about, moment if closed_before else None, shown, all_in, dead)


def _last_draw_dealt_next(state: Any) -> bool:
    """Whether every player has stood pat or discarded at the last draw (its cards are dealt
    next, or nobody drew)."""
    last = max(k for k, street in enumerate(state.streets) if street.draw_status)
    return bool(state.street_index == last and not any(state.standing_pat_or_discarding_statuses))


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
    if variant in STUD:
        dealt = len(state.hole_cards[live[0]])
        if dealt >= 7:
            return None
    elif len(board) >= 5:
        return None
    else:
        dealt = 0
    put_in = [float(a - b) for a, b in zip(state.starting_stacks, state.stacks)]
    return live, put_in, "".join(repr(c) for c in board), dealt
