"""All-in EV: the pots of a hand when its betting closed, and what each player could expect
of them.

At the moment a hand's betting closes for good (two or more players in, at most one of them
not all-in, nothing left to call) the chips put in make the *pots*: the largest bet's part
that nobody matched goes back to its player (the uncalled bet); then, at each distinct total
of the players still in, from the lowest, a pot takes from every player (those who folded
too) what he put in up to that total and above the one before, and the players still in with
at least that total may win it (the main pot, then the side pots). A folded player's chips
above every total of the players still in go to the last pot.

A player's expected share of a pot is his equity among the pot's players, exactly, over every
completion of the cards (the cards of the other players still in are out of the deck too);
his all-in EV is the sum over the pots of pot times share, less what he put in. Run it twice
changes no expectation. The independent reference is tests/reference/allin_ev.py.

How far luck took a player from his EV is measured against the variance of his result over
the same completions: his shares of the pots on one completion are not independent (a short
stack who wins the main pot leaves the side pot to another), so it is the variance of their
sum, from each pair of pots' joint outcome. The pots are nested (a side pot's players are
some of the pot's before it), and one exact count of a pot's showdowns holds that: its
players in order of chips, most first, each later pot's players are the first of them. In a
game that is not split, a player of a later pot who wins the pot, alone or tied, shares the
later pot with the pot's winners who are in it, so the histogram over winner bitmasks gives
his mean share of the pot times his share of each later pot; a split pot's counters count
those products on each completion (`kernels.showdown.add_nested`).

>>> from pokerlut._equity.deal import resolve_deal
>>> holdem = resolve_deal("holdem")
>>> r = allin_ev(["As Ad", "Kc Kd", None], [100, 100, 20], board="Ah Kh 2c", deal=holdem)
>>> r.pots
(Pot(amount=220.0, players=(0, 1)),)
>>> r.net.round(4).tolist()   # the kings need the last king, not with the last ace: 43 of 990
[110.4444, -90.4444, -20.0]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from .._cards import format_cards, parse_cards
from .._equity.counters import per_player
from .._equity.deal import Deal
from .._equity.front import exact_showdowns
from .._kernels.showdown import POT, SPLIT_FIELDS

__all__ = ["AllIn", "Pot", "allin_ev", "pots"]


class Pot(NamedTuple):
    """A pot: its chips and the players who may win it (indices, increasing)."""

    amount: float
    players: tuple[int, ...]


def pots(put_in: Sequence[float], live: Sequence[bool]) -> tuple[tuple[Pot, ...], npt.NDArray[np.float64]]:
    """The main pot and the side pots, in order, and what goes back to each player (the
    uncalled bet), from each player's chips put into the hand and whether he is still in.

    >>> pots([300, 500, 40], [True, True, False])   # the last 200 of the 500 nobody called
    ((Pot(amount=640.0, players=(0, 1)),), array([  0., 200.,   0.]))
    >>> pots([50, 200, 200], [True, True, True])[0]  # a short stack: main and side pot
    (Pot(amount=150.0, players=(0, 1, 2)), Pot(amount=300.0, players=(1, 2)))
    """
    chips = np.asarray(put_in, dtype=np.float64)
    alive = np.asarray(live, dtype=np.bool_)
    if chips.ndim != 1 or chips.shape != alive.shape or len(chips) < 2:
        raise ValueError("put_in and live: one entry per player, two players or more")
    if not np.isfinite(chips).all() or (chips < 0).any():
        raise ValueError(f"put_in: chips are finite and not negative, not {chips.tolist()}")
    if alive.sum() < 2:
        raise ValueError("two players or more still in make a showdown")
    returned = np.zeros_like(chips)
    order = np.argsort(chips)[::-1]
    top, second = order[0], order[1]
    returned[top] = chips[top] - chips[second]  # the part of the largest bet nobody matched
    chips = chips - returned
    levels = np.unique(chips[alive])
    out = []
    below = 0.0
    for i, level in enumerate(levels):
        reach = level if i < len(levels) - 1 else np.inf  # the last pot takes the folded's rest
        amount = float(np.minimum(chips, reach).sum() - np.minimum(chips, below).sum())
        if amount > 0:
            out.append(Pot(amount, tuple(np.flatnonzero(alive & (chips >= level)).tolist())))
        below = level
    return tuple(out), returned


@dataclass(frozen=True)
class AllIn:
    """What each player could expect of the pots of an all-in (`allin_ev`).

    ``pots``: the main pot and the side pots; ``returned``: the uncalled bet given back;
    ``shares``: each pot's expected share of each player (a row per pot, 0 for the players it
    is not theirs); ``gross``: each player's expected chips from the pots; ``net``: gross less
    what he put in (less the uncalled bet): the all-in EV; ``variance``: the variance of each
    player's net result (chips squared) over the completions whose mean is ``net``, every pot
    shared as it falls on each (0 for a folded player, and for a result that is certain).
    """

    pots: tuple[Pot, ...]
    returned: npt.NDArray[np.float64]
    shares: npt.NDArray[np.float64]
    gross: npt.NDArray[np.float64]
    net: npt.NDArray[np.float64]
    variance: npt.NDArray[np.float64]


def allin_ev(
    hands: Sequence[str | None],
    put_in: Sequence[float],
    board: str = "",
    dead: str = "",
    *,
    deal: Deal,
) -> AllIn:
    """The all-in EV of each player: his exact expected share of each pot, less his chips,
    and the variance of his result about it.

    Parameters
    ----------
    hands : sequence of str or None
        Each player's known cards (hold'em and Omaha: the hole cards; stud: the cards so far;
        draw games: the cards kept at the last draw), None for a player who folded.
    put_in : sequence of float
        Each player's chips put into the hand, the folded players' too.
    board : str
        The board so far (board games).
    dead : str
        Cards out of play.
    deal : Deal
        The deal, resolved once by the caller (`resolve_deal`); a draw deal's last draw.

    Returns
    -------
    AllIn
        The pots, the uncalled bet returned, the shares, gross and net (the all-in EV), and
        the variance of each player's result.

    Examples
    --------
    >>> from pokerlut._equity.deal import resolve_deal
    >>> r = allin_ev(["As Ad", "Kc Kd", "Qs Qh"], [50, 200, 200], board="Ah Kh 2c 7d", deal=resolve_deal("holdem"))
    >>> r.pots
    (Pot(amount=150.0, players=(0, 1, 2)), Pot(amount=300.0, players=(1, 2)))
    >>> r.net.round(4).tolist()   # aces the main pot but to the last king; kings the side pot
    [96.4286, 103.5714, -200.0]
    >>> r.variance.round(2).tolist()   # the main pot moves on 1 river of 42: 150**2 * 41 / 42**2
    [522.96, 522.96, 0.0]
    """
    live = [h is not None for h in hands]
    found, returned = pots(put_in, live)
    known = {i: format_cards(parse_cards(h)) for i, h in enumerate(hands) if h is not None}
    chips = np.asarray(put_in, dtype=np.float64) - returned
    shares = np.zeros((len(found), len(hands)))
    contested = [k for k, pot in enumerate(found) if len(pot.players) > 1]  # the others: certain
    # per player and contested pot a, in units (POT a whole pot): his mean share of a, and his
    # mean share of a times his share of each pot b from a on (products[:, b, a] the same)
    means = np.zeros((len(hands), len(contested)))
    products = np.zeros((len(hands), len(contested), len(contested)))
    for k, pot in enumerate(found):
        if len(pot.players) == 1:
            shares[k, pot.players[0]] = 1.0
            continue
        a = contested.index(k)
        by_chips = sorted(pot.players, key=lambda i: -chips[i])  # each later pot's first
        later = [len(found[b].players) for b in contested[a + 1 :]]
        others = " ".join(known[i] for i in known if i not in pot.players)
        outcomes = exact_showdowns(
            [known[i] for i in by_chips],
            board,
            f"{dead} {others}".strip(),
            deal,
            later if deal.split else (),
        )
        shares[k, by_chips] = per_player(outcomes, len(by_chips), deal.split)[2]
        means[by_chips, a], with_later = _moments(outcomes, len(by_chips), deal.split, later)
        products[by_chips, a, a:] = products[by_chips, a:, a] = with_later.T
    amounts = np.array([pot.amount for pot in found])
    gross = amounts @ shares
    net = gross - chips
    covariance = products - means[:, :, None] * means[:, None, :]
    stakes = amounts[contested] / POT
    variance = np.maximum(np.einsum("a,iab,b->i", stakes, covariance, stakes), 0.0)  # rounding
    return AllIn(found, returned, shares, gross, net, variance)


def _moments(outcomes: np.ndarray, n: int, split: bool, later: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """From one pot's exact outcome counters (its n players in order of chips, `allin_ev`):
    each player's mean share of the pot, and (1 + len(later), n) his mean share of it times
    his share of the pot itself and of each later pot (its first m players), in units (POT
    a whole pot: integers on each completion, so that a certain share's variance is 0)."""
    if split:  # the units and their squares, then the products with the later pots (`add_nested`)
        fields = outcomes[1 : 1 + (SPLIT_FIELDS + len(later)) * n].reshape(-1, n)
        return fields[0], np.vstack([fields[1], fields[SPLIT_FIELDS:]])
    # a histogram over winner bitmasks: where a player of a later pot wins (a part of) the
    # pot, the later pot's winners are the pot's who are in it
    members = (np.arange(2**n)[:, None] >> np.arange(n)) & 1
    units = [
        members * (np.arange(n) < m) * POT // np.maximum(members[:, :m].sum(axis=1), 1)[:, None]
        for m in (n, *later)
    ]
    histogram = outcomes[: 2**n]
    return histogram @ units[0], np.stack([histogram @ (units[0] * u) for u in units])
