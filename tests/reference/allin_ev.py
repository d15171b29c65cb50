"""Slow reference all-in EV: the pots of an all-in hand (the main pot and the side pots, once the
uncalled part of the largest bet is returned), each player's exact expected share of each pot
over every completion of the cards not known, and what each player actually won at the end.

Written from issue 56's definition of all-in EV and the usual rules of the pot, in plain Python
with the standard library and exact fractions. It never imports ``pokerlut``: every showdown is
shared by the slow reference ``reference.equity`` (every completion enumerated, ties split, hi-lo
pots halved and quartered, several boards for run it twice, stud and draw deals), which this
module only calls, once a pot. Tests compare pokerlut's all-in EV against it.

The pots
--------
A player can win from each opponent at most what he put in himself. So:

1. **The uncalled bet.** The chips of the largest contribution that no other player matched
   (its excess over the second largest, folded players' counted) are no bet: they go back to
   the player who put them in before anything is shared, and do not count as put in. Only one
   player can have such chips (two equal largest contributions match each other).
2. **Layers.** What is left is cut at each distinct contribution of the players still in (the
   *levels*), lowest first. The layer up to a level takes, from *every* contributor, folded
   players too, what he put in between the level below and this one (``min(c, level) -
   min(c, level below)``); the players still in who put in at least the level are eligible to
   win it. The first layer is the main pot, the others the side pots, in order.
3. **Dead money.** Folded players are never eligible, but their chips are in the layers their
   contribution reaches. Chips a folded player put in above the highest level (possible only in
   an odd record: a player folds facing a bigger bet, so some player still in has put in at
   least as much once the uncalled bet is back) go into the top pot.
4. **A pot of one player.** A layer below the top always has two or more eligible players: the
   player whose contribution is its level and the one whose contribution is the highest level.
   Only the top layer can have one eligible player, and once the uncalled bet is back it then
   holds a folded player's chips (the second largest contribution, matched by him): he wins that
   pot uncontested, with certainty, and it stays in the list. A layer of no chips (a player
   still in who put in nothing) is no pot.

Worked examples, amounts in chips (``Pot(amount, eligible)``):

>>> pots({"A": 100, "B": 100}, {"A", "B"})                      # heads-up: one pot
[Pot(200, {A, B})]
>>> pots({"A": 100, "B": 250}, {"A", "B"}), returned({"A": 100, "B": 250})
([Pot(200, {A, B})], {'A': Fraction(0, 1), 'B': Fraction(150, 1)})

B bet 250 into A's all-in of 100: his 150 that nobody matched go back to him.

>>> pots({"S": 50, "A": 200, "B": 200}, {"S", "A", "B"})        # a short stack all-in for 50
[Pot(150, {A, B, S}), Pot(300, {A, B})]

The main pot is 50 from each of three players; the side pot is 150 from each of the two who
covered S. A player F who called 30 and folded leaves his 30 in the main pot; had he called 120
and folded, his first 50 go into the main pot and the other 70 into the side pot:

>>> pots({"S": 50, "A": 200, "B": 200, "F": 30}, {"S", "A", "B"})
[Pot(180, {A, B, S}), Pot(300, {A, B})]
>>> pots({"S": 50, "A": 200, "B": 200, "F": 120}, {"S", "A", "B"})
[Pot(200, {A, B, S}), Pot(370, {A, B})]

C is all-in for 50, A raises to 300, B re-raises to 900 and A folds: B's 600 above A's 300 go
back to him; the main pot is 50 from each of the three; the rest, A's 250 and B's matching 250,
is B's alone:

>>> pots({"C": 50, "A": 300, "B": 900}, {"B", "C"}), returned({"C": 50, "A": 300, "B": 900})["B"]
([Pot(150, {B, C}), Pot(500, {B})], Fraction(600, 1))

The showdown
------------
Every player still in shows his cards (``hands``): hole cards in the board games, the cards so
far in stud, the cards kept at the last draw in the draw games, as ``reference.equity`` reads a
player's hand. Every completion of the cards not known (the board, or each stud and draw
player's own cards) is equally likely. In each pot only its eligible players compete, but every
player still in holds his cards, eligible or not; ``allin_ev`` passes the cards of the players
still in who are not eligible for a pot to ``reference.equity`` as dead cards. That gives the
true distribution of the eligible players' completions:

* on a board every card a player holds is known, and the board is dealt from the cards left, so
  his cards out of the deck *is* what happens;
* in stud and in the draw games the other player's own cards to come are dealt too. Over every
  joint completion, each completion of the eligible players leaves the same number of cards
  (the live cards less the ones they took), so the other player's completions number the same
  for each one of theirs: counted jointly or with him out of the deal, the eligible players'
  completions are equally likely. The tests check it by conditioning on his cards (every one
  of his completions, each with his final hand dead, averaged);
* cards nobody shows (a folded hand, a burn card, a draw player's discards) are unknown to us
  and every unknown card is alike: leaving them in the deck changes no probability. Cards
  shown are passed as ``dead``.

A player's share of a pot is his exact equity in it among its eligible players (ties split, a
hi-lo pot split in halves and quartered as ``reference.equity`` does); a pot of one eligible
player is his. With the board run several times (``boards``), each run shares an equal part of
each pot (``reference.equity``'s several boards, dealt from one deck, no card on two boards):
the EV is the same as one run's, the realized result the runs' average.

Chips are exact fractions: a pot split three ways gives each a third of it even when the chips
do not divide (real sites hand the odd chip to one player by their own rule; the reference does
not, so that shares add up exactly). The EV and the realized result of each player are

    gross = sum over pots of pot * share,   net = gross - what he put in

(folded players too: their gross is 0, their net minus what they put in; the uncalled bet
returned is not put in). Over all players the gross sums to the pots and the net to zero.

The reference takes the spot as given: it does not check that the hand qualifies for all-in EV
(betting closed before the last card, every hand still in known). An eight-player stud hand
whose deck runs out before seventh street (a shared last card) is not modelled.

>>> r = allin_ev("holdem", {"S": 140, "A": 350, "B": 600, "F": 42},
...              {"S": "As Ad", "A": "Kd Qd", "B": "8h 7h"}, board="Kh 8d 5c 2s")
>>> r.pots
(Pot(462, {A, B, S}), Pot(420, {A, B}))
>>> {p: str(v) for p, v in r.net.items()}                       # 32, 5, 5 rivers of 42; 37, 5
{'S': '212', 'A': '75', 'B': '-245', 'F': '-42'}
>>> r.balanced
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Hashable, Iterable, Mapping, NamedTuple, Sequence, Union

from .equity import DEALS, cards, equity

Player = Hashable  # a name, or an index when the contributions are a sequence
Amount = Union[int, Fraction, Decimal, str]  # exact amounts (a Decimal's text too)
Contributions = Union[Mapping[Player, Amount], Sequence[Amount]]


class Pot(NamedTuple):
    """A pot: its chips and the players eligible to win it."""

    amount: Fraction
    eligible: frozenset[Player]

    def __repr__(self) -> str:  # the players sorted: a frozenset's order changes run to run
        return f"Pot({self.amount}, {{{', '.join(sorted(map(str, self.eligible)))}}})"


def _chips(contributions: Contributions) -> dict[Player, Fraction]:
    """Each player's contribution as an exact fraction (a sequence: players 0, 1, ...)."""
    given = contributions if isinstance(contributions, Mapping) else dict(enumerate(contributions))
    chips = {p: Fraction(a) for p, a in given.items()}
    if any(a < 0 for a in chips.values()):
        raise ValueError(f"a contribution is negative: {contributions!r}")
    return chips


def returned(contributions: Contributions) -> dict[Player, Fraction]:
    """The uncalled bet each player takes back: the largest contribution's excess over the
    second largest (folded players' counted) for its player, nothing for the others.

    >>> returned([100, 250, 40])
    {0: Fraction(0, 1), 1: Fraction(150, 1), 2: Fraction(0, 1)}
    >>> returned([100, 100, 40])                                     # matched: nothing back
    {0: Fraction(0, 1), 1: Fraction(0, 1), 2: Fraction(0, 1)}
    """
    chips = _chips(contributions)
    back = {p: Fraction(0) for p in chips}
    if len(chips) >= 2:
        first, second = sorted(chips.values(), reverse=True)[:2]
        if first > second:
            top = next(p for p, a in chips.items() if a == first)
            back[top] = first - second
    return back


def put_in(contributions: Contributions) -> dict[Player, Fraction]:
    """What each player put in and can lose: his contribution less the uncalled bet returned.

    >>> put_in({"A": 100, "B": 250})
    {'A': Fraction(100, 1), 'B': Fraction(100, 1)}
    """
    back = returned(contributions)
    return {p: a - back[p] for p, a in _chips(contributions).items()}


def pots(contributions: Contributions, eligible: Iterable[Player]) -> list[Pot]:
    """The main pot and the side pots, in order, after the uncalled bet is returned (the rules
    and worked examples are the module's docstring).

    Parameters
    ----------
    contributions
        Each player's chips put into the hand, folded players included: a mapping, or a
        sequence (the players are then 0, 1, ...).
    eligible
        The players still in: the only ones who can win.

    Returns
    -------
    list of Pot
        Each pot's chips and its eligible players, the main pot first; together they hold every
        chip put in.

    >>> pots([50, 200, 200, 30], {0, 1, 2})
    [Pot(180, {0, 1, 2}), Pot(300, {1, 2})]
    """
    chips = put_in(contributions)
    live = frozenset(eligible)
    if not live or not live <= chips.keys():
        raise ValueError(f"the players still in {sorted(map(str, live))} must be some of the contributors")
    levels = sorted({chips[p] for p in live})
    found = []
    below = Fraction(0)
    for level in levels:
        if level == levels[-1]:  # the top pot takes folded players' chips above it too
            amount = sum((a - min(a, below) for a in chips.values()), Fraction(0))
        else:
            amount = sum((min(a, level) - min(a, below) for a in chips.values()), Fraction(0))
        if amount:
            found.append(Pot(amount, frozenset(p for p in live if chips[p] >= level)))
        below = level
    assert sum(p.amount for p in found) == sum(chips.values()), "chips lost between the pots"
    return found


@dataclass(frozen=True)
class Showdown:
    """What each player gets from the pots: expected (``allin_ev``) or actual (``realized``).

    pots: the main pot and the side pots; put_in: each player's chips in, less the uncalled bet;
    returned: the uncalled bet handed back; shares: for each pot, each eligible player's part of
    it (a fraction of the pot); gross: each player's chips from the pots (0 for a folded
    player); net: gross less put in (the EV, or the result).
    """

    pots: tuple[Pot, ...]
    put_in: dict[Player, Fraction]
    returned: dict[Player, Fraction]
    shares: tuple[dict[Player, Fraction], ...]
    gross: dict[Player, Fraction]
    net: dict[Player, Fraction]

    @property
    def balanced(self) -> bool:
        """Nothing lost or made: the gross sums to the pots exactly, the net to zero, and each
        pot is shared out whole."""
        return (
            sum(self.gross.values()) == sum(p.amount for p in self.pots)
            and sum(self.net.values()) == 0
            and all(sum(s.values()) == 1 for s in self.shares)
        )


_CARD_TEXT = re.compile(r"([2-9TJQKA][cdhs])*")


def _showdown(
    game: str,
    contributions: Contributions,
    hands: Mapping[Player, str],
    boards: list[str],
    dead: str,
    *,
    complete: bool,
) -> Showdown:
    """Each pot shared by ``reference.equity`` among its eligible players, the other hands still
    in dead; `complete`: every card is known, one completion per board (the realized result)."""
    if game not in DEALS:
        raise ValueError(f"unknown game {game!r}: one of {', '.join(DEALS)}")
    for player, text in hands.items():
        if not _CARD_TEXT.fullmatch(text.replace(" ", "")):
            raise ValueError(f"player {player!r}: known cards, not {text!r}")
    runs = [cards(b) for b in boards]
    start = 0  # the runs share the cards dealt before the board was run again, no other
    while all(len(r) > start for r in runs) and len({r[start] for r in runs}) == 1:
        start += 1
    board_cards = runs[0][:start] + [c for r in runs for c in r[start:]]
    known = [c for text in [*hands.values(), dead] for c in cards(text)] + board_cards
    if len(set(known)) != len(known):
        raise ValueError("a card is held twice (hands, boards and dead cards)")
    chips = put_in(contributions)
    found = tuple(pots(contributions, hands.keys()))
    shares = []
    for pot in found:
        players = [p for p in hands if p in pot.eligible]  # the order of hands
        if len(players) == 1:
            shares.append({players[0]: Fraction(1)})
            continue
        others = " ".join(hands[p] for p in hands if p not in pot.eligible)
        result = equity(
            game,
            [hands[p] for p in players],
            board=boards[0],
            dead=f"{dead} {others}",
            boards=boards if len(boards) > 1 else None,
        )
        if complete and result.deals != len(boards):
            raise ValueError(f"the final board or hands are not complete: {result.deals} completions")
        shares.append({p: result.players[i].equity for i, p in enumerate(players)})
    gross = {p: Fraction(0) for p in chips}
    for pot, share in zip(found, shares):
        for player, part in share.items():
            gross[player] += pot.amount * part
    net = {p: gross[p] - chips[p] for p in chips}
    showdown = Showdown(found, chips, returned(contributions), tuple(shares), gross, net)
    assert showdown.balanced, "chips lost in the shares"
    return showdown


def allin_ev(
    game: str,
    contributions: Contributions,
    hands: Mapping[Player, str],
    board: str = "",
    dead: str = "",
    boards: int = 1,
) -> Showdown:
    """Each player's exact all-in EV: the sum over pots of the pot times his expected share of
    it, less what he put in.

    Parameters
    ----------
    game
        A deal of ``reference.equity`` (``"holdem"``, ``"omaha-hi-lo"``, ``"stud"``, ...).
    contributions
        Each player's chips put into the hand, folded players included (``pots``).
    hands
        Each player still in and his known cards: hole cards, stud cards so far, or the cards a
        draw player kept.
    board
        The board so far ("" in stud and the draw games).
    dead
        Cards known out of the deck (a folded player's shown cards).
    boards
        How many times the board is run (2: run it twice).

    Returns
    -------
    Showdown
        The pots, each player's expected share of each, his expected chips (``gross``) and his
        EV (``net``).

    >>> r = allin_ev("holdem", {"A": 100, "B": 100}, {"A": "As Ad", "B": "Kc Kd"}, "Ah Kh 2c")
    >>> r.shares               # the kings need the last king without the last ace: 43 of 990
    ({'A': Fraction(947, 990), 'B': Fraction(43, 990)},)
    >>> r.net, r.balanced                                   # 200 * 947/990 - 100 = 9040/99
    ({'A': Fraction(9040, 99), 'B': Fraction(-9040, 99)}, True)
    """
    if boards < 1:
        raise ValueError(f"the board is run at least once, not {boards}")
    if boards > 1 and DEALS[game].shape != "board":
        raise ValueError(f"{game} has no board to run twice")
    return _showdown(game, contributions, hands, [board] * boards, dead, complete=False)


def realized(
    game: str,
    contributions: Contributions,
    hands: Mapping[Player, str],
    final_board: Union[str, Sequence[str]] = "",
    dead: str = "",
) -> Showdown:
    """What each player actually won from each pot at the showdown, and his net result.

    Parameters
    ----------
    game, contributions, dead
        As ``allin_ev``.
    hands
        Each player still in and his final cards (all seven in stud, the five after the draw).
    final_board
        The five-card board; run several times, the list of the final boards, each deciding an
        equal part of every pot ("" in stud and the draw games).

    Returns
    -------
    Showdown
        The pots, each player's part of each (ties split as exact fractions), his chips
        (``gross``) and his result (``net``).

    >>> r = realized("holdem", {"A": 100, "B": 100}, {"A": "As Ad", "B": "Kc Kd"},
    ...              ["Ah Kh 2c 7d 9s", "Ah Kh 2c Ks 3d"])          # one run each
    >>> r.shares, r.net
    (({'A': Fraction(1, 2), 'B': Fraction(1, 2)},), {'A': Fraction(0, 1), 'B': Fraction(0, 1)})
    """
    boards = [final_board] if isinstance(final_board, str) else list(final_board)
    if not boards:
        raise ValueError("no final board")
    return _showdown(game, contributions, hands, boards, dead, complete=True)
