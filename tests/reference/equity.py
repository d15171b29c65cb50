"""Slow reference equity: every completion of a deal enumerated, every showdown judged by the
other references' keys, the pot shared as the rules say.

Written from ``/work/shared/RULES.md`` ("Hold'em and Omaha", "Split pots", "Stud games") and,
for the draw games, docs/rules.md ("Draw games", "Badugi"), in plain Python with the standard
library. It never imports ``pokerlut``; hands are valued by ``reference.games`` (high, low and
short-deck games), ``reference.badugi`` or ``reference.wild`` (wild cards). Tests compare
``pokerlut.equity`` and its neighbours against it.

A card is the int ``4 * rank + suit`` (rank 0..12 = 2..A, suit 0..3 = c, d, h, s).

The deal
--------
A ``Deal`` says what is dealt and how the hands are valued:

* ``"board"``: each player holds his hole cards; a board shared by all is completed to five
  cards from the cards nobody holds (hold'em, short deck, Omaha). With several boards (run it
  twice, double-board games) each board is completed from the same deck, no card on two of
  them, and each board's showdown is worth an equal part of the pot.
* ``"own"``: each player's own hand is completed from the cards nobody holds, no board: seven
  cards in stud, and in the draw games the cards a player keeps plus one draw (five cards, four
  in Badugi). Every joint completion is equally likely.

A deal's ``halves`` are its rankings, one per half of a split pot (one: no split): each maps a
player's cards ``(hole, board)`` to a key, bigger is better, or None when the hand does not
qualify (an eight-or-better low). The best key takes its half; players tied on it share that
half equally (so a pot can be quartered); when no hand qualifies for the low half, the high
takes the whole pot.

Players
-------
Each player is a list of possible hands with their weights: one hand (``"AsKd"``, ``"As Kd"``,
an Omaha or stud hand, the cards a draw player keeps, ``""`` for none), several hands separated
by commas (equally likely unless weighted), or hold'em classes: ``"QQ"``, ``"AKs"``, ``"AKo"``,
``"AK"``, ``"QQ+"``, ``"A2s+"``, ``"JJ-99"``, ``"KJs-K9s"``, each with an optional weight
``":0.5"``. The deals are every choice of one hand per player sharing no card with another, with
the board or with the dead cards, each weighted by the product of its hands' weights.

>>> r = equity("holdem", ["AsKs", "QhQc"], "Qs 7s 2d 9s")   # the set fills up on 10 rivers of 44
>>> r.players[1].equity, r.players[1].win, r.deals
(Fraction(5, 22), Fraction(5, 22), 44)
>>> r = equity("omaha-hi-lo", ["Ah 4h Qd Jc", "Ad 4c Qs Jh", "Kd Kh 9c 9d"], "2c 3d 8h Kc Ks")
>>> [p.equity for p in r.players]                     # two lows tie: the low half is quartered
[Fraction(1, 4), Fraction(1, 4), Fraction(1, 2)]
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterable, Iterator, Optional, Sequence, Union

from . import badugi, games, wild

Cards = tuple[int, ...]
Key = Optional[tuple]
Ranking = Callable[[Cards, Cards], Key]  # (hole, board) -> key, None: no qualifying hand
Options = list[tuple[Cards, Fraction]]  # a player's possible hands and their weights

RANKS = games.RANK_CHARS
BOARD_CARDS = 5


# --------------------------------------------------------------------------------------------
# rankings and deals


def best_of(game: str) -> Ranking:
    """The best five of the hole and board cards together, in a game of ``reference.games``."""

    def ranking(hole: Cards, board: Cards) -> Key:
        return games.best_key(hole + board, game)

    return ranking


def omaha_of(game: str) -> Ranking:
    """Omaha: exactly two hole cards with exactly three board cards, in a game of
    ``reference.games``."""

    def ranking(hole: Cards, board: Cards) -> Key:
        return games.omaha_best_key(hole, board, game)

    return ranking


def wild_of(game: str, wild_cards: str) -> Ranking:
    """The best five of the hole and board cards together, wild cards as ``reference.wild``
    plays them (``"jokers"``, ``"bug"``, ``"deuces"``)."""

    def ranking(hole: Cards, board: Cards) -> Key:
        return wild.best_key(hole + board, game, wild_cards)

    return ranking


def badugi_of(game: str) -> Ranking:
    """A Badugi hand (``reference.badugi``): four cards, or of five "the best four-card Badugi
    of them plays" (docs/rules.md); no board. Each four cards are valued once per class of
    hands alike but for the names of their suits (``_suits_renamed``)."""
    valued: dict[Cards, Key] = {}

    def four(four_cards: Cards) -> Key:
        renamed = _suits_renamed(four_cards)
        if renamed not in valued:
            valued[renamed] = badugi.key(renamed, game)
        return valued[renamed]

    def ranking(hole: Cards, board: Cards) -> Key:
        return max(four(four_cards) for four_cards in itertools.combinations(hole, 4))

    return ranking


@dataclass(frozen=True)
class Deal:
    """What is dealt and how the hands are valued.

    shape: ``"board"`` (hole cards and shared boards of five) or ``"own"`` (each hand completed
    to ``hand_size`` cards of its own); halves: one ranking per half of the pot, the high (or
    only) one first; games: their names in ``reference.games`` / ``reference.badugi``, to name
    the keys; deck: the cards in play.
    """

    shape: str
    halves: tuple[Ranking, ...]
    games: tuple[str, ...] = ()
    deck: tuple[int, ...] = tuple(range(52))
    hand_size: int = 0


def _board(game: str, low: Optional[str] = None, omaha: bool = False) -> Deal:
    """A board deal of the game's deck: hold'em's ranking or Omaha's, split with `low`."""
    rank = omaha_of if omaha else best_of
    names = (game,) if low is None else (game, low)
    return Deal("board", tuple(rank(g) for g in names), names, tuple(games.deck(game)))


def _own(hand_size: int, *halves: tuple[Callable[[str], Ranking], str]) -> Deal:
    """A deal of own hands of `hand_size` cards, a ranking (made of a game) per half."""
    return Deal("own", tuple(of(g) for of, g in halves), tuple(g for _, g in halves), hand_size=hand_size)


DEALS = {  # pokerlut's deal names, each written from the rules
    "holdem": _board("high"),
    "short-deck": _board("short-deck"),
    "short-deck-trips": _board("short-deck-trips"),
    "omaha": _board("high", omaha=True),
    "omaha-hi-lo": _board("high", "eight-or-better", omaha=True),
    "stud": _own(7, (best_of, "high")),
    "razz": _own(7, (best_of, "ace-to-five")),
    "stud-hi-lo": _own(7, (best_of, "high"), (best_of, "eight-or-better")),
    "five-card-draw": _own(5, (best_of, "high")),
    "2-7-single-draw": _own(5, (best_of, "deuce-to-seven")),
    "2-7-triple-draw": _own(5, (best_of, "deuce-to-seven")),  # one draw of the three
    "a-5-triple-draw": _own(5, (best_of, "ace-to-five")),
    "badugi": _own(4, (badugi_of, "badugi")),
    "badeucy": _own(5, (badugi_of, "badugi-deuce-to-seven"), (best_of, "deuce-to-seven")),
    "badacey": _own(5, (badugi_of, "badugi"), (best_of, "ace-to-five")),
}


# --------------------------------------------------------------------------------------------
# cards and hands as text


def cards(text: str) -> list[int]:
    """ "AsKd" or "As Kd" -> card ints (two characters a card, spaces ignored).

    >>> cards("AsKd"), cards("2c 3c")
    ([51, 45], [0, 4])
    """
    compact = re.sub(r"\s+", "", text)
    return games.parse_cards(" ".join(compact[i : i + 2] for i in range(0, len(compact), 2)))


def _two_cards(high: int, low: int, suited: Optional[bool]) -> list[Cards]:
    """The hands of two ranks: a pair in every two suits; else suited (one suit), offsuit (two
    suits) or both (``suited`` None)."""
    if high == low:
        return [(4 * high + s, 4 * high + t) for s, t in itertools.combinations(range(4), 2)]
    return [
        (4 * low + t, 4 * high + s)
        for s in range(4)
        for t in range(4)
        if suited is None or suited == (s == t)
    ]


_CLASS = r"([2-9TJQKA])([2-9TJQKA])([so]?)"  # two ranks, suited, offsuit or either
_SUITED = {"s": True, "o": False, "": None}


def class_hands(token: str) -> list[Cards]:
    """The two-card hands of a hold'em class: ``QQ`` (6), ``AKs`` (4), ``AKo`` (12), ``AK``
    (16); ``QQ+`` (queens or better), ``A2s+`` (the kicker rising to one below the ace);
    ``JJ-99`` and ``KJs-K9s`` (every class between the two, the top card fixed).

    >>> len(class_hands("QQ+")), len(class_hands("A2s+")), len(class_hands("JJ-99")), len(class_hands("KJs-K9s"))
    (18, 48, 18, 12)
    """
    plus = re.fullmatch(_CLASS + r"(\+?)", token)
    dash = re.fullmatch(_CLASS + "-" + _CLASS, token)
    if plus:
        high, low, suffix, up = RANKS.index(plus[1]), RANKS.index(plus[2]), plus[3], plus[4]
        if high < low:
            high, low = low, high
        pair = high == low
        if pair and suffix:
            raise ValueError(f"a pair is neither suited nor offsuit: {token!r}")
        tops = range(low, 13) if up and pair else [high]
        kickers = range(low, high) if up and not pair else [low]
        suited = _SUITED[suffix]
        return [h for top in tops for kick in kickers for h in _two_cards(top, top if pair else kick, suited)]
    if dash and dash[1] == dash[2] and dash[4] == dash[5]:  # pairs, JJ-99
        ends = sorted((RANKS.index(dash[1]), RANKS.index(dash[4])))
        return [h for rank in range(ends[0], ends[1] + 1) for h in _two_cards(rank, rank, None)]
    if dash and dash[1] == dash[4] and dash[3] == dash[6]:  # the top card fixed, KJs-K9s
        high = RANKS.index(dash[1])
        ends = sorted((RANKS.index(dash[2]), RANKS.index(dash[5])))
        suited = _SUITED[dash[3]]
        return [h for kick in range(ends[0], ends[1] + 1) for h in _two_cards(high, kick, suited)]
    raise ValueError(f"not a hold'em class: {token!r}")


def hands(text: str) -> Options:
    """A player's possible hands with their weights, as exact fractions.

    >>> hands("AsKd")
    [((45, 51), Fraction(1, 1))]
    >>> [(len(h), w) for h, w in hands("AKs:0.5, QQ")[::4]]
    [(2, Fraction(1, 2)), (2, Fraction(1, 1)), (2, Fraction(1, 1))]
    """
    options: dict[Cards, Fraction] = {}
    for item in text.split(","):
        body, _, weight = item.replace(" ", "").partition(":")
        w = Fraction(weight) if weight else Fraction(1)
        if re.fullmatch(r"([2-9TJQKA][cdhs])*", body):
            found = [tuple(sorted(cards(body)))]
        else:
            found = [tuple(sorted(h)) for h in class_hands(body)]
        for hand in found:
            if options.setdefault(hand, w) != w:
                raise ValueError(f"hand {games.cards_text(hand)} twice with other weights in {text!r}")
    return list(options.items())


# --------------------------------------------------------------------------------------------
# the result


@dataclass(frozen=True)
class Figures:
    """One player's exact share of the pot, each a fraction of the pot over the deals.

    equity: what he takes; win: the whole pot, alone (a scoop in a split game); tie: a part of
    it, not all; high, low: what he takes with each half (low 0 in a game without a split);
    by_key: ``{(half, winning key): what he takes with it}`` (half 0 the high, 1 the low) when
    asked for. With several boards, the whole pot's: win and tie None, by_key per board only.
    """

    equity: Fraction
    win: Optional[Fraction]
    tie: Optional[Fraction]
    high: Fraction
    low: Fraction
    by_key: Optional[dict[tuple[int, tuple], Fraction]] = None


@dataclass(frozen=True)
class Result:
    """Every player's ``Figures``, the showdowns enumerated (every deal of hands times every
    completion; with several boards, each board's own), and each board's result."""

    players: tuple[Figures, ...]
    deals: int
    per_board: tuple[Result, ...] = ()


def _winners(keys: Sequence[Key]) -> tuple[tuple[int, ...], Key]:
    """The players with the best key, and that key; none when no hand qualifies."""
    top = max((k for k in keys if k is not None), default=None)
    if top is None:
        return (), None
    return tuple(p for p, k in enumerate(keys) if k == top), top


class _Tally:
    """Showdowns counted by what they give: who takes each half (and with which key), with
    the weight of the deal; the shares are worked out once per kind of showdown at the end."""

    def __init__(self, n_players: int, by_key: bool) -> None:
        self.n_players, self.by_key = n_players, by_key
        self.outcomes: Counter = Counter()
        self.weight = Fraction(0)
        self.deals = 0

    def add(self, showdowns: Counter, weight: Fraction, deals: int) -> None:
        """`showdowns`, each player's keys (one a half) -> how many showdowns had them, `deals`
        in all, each weighing `weight`."""
        for keys, n in showdowns.items():
            halves = zip(*keys)
            kind = tuple(_winners(half) if self.by_key else _winners(half)[0] for half in halves)
            self.outcomes[kind] += weight * n
        self.weight += weight * deals
        self.deals += deals

    def result(self) -> Result:
        assert self.weight > 0, "no deal: every hand shares a card with another or with the board"
        n = self.n_players
        equity, win, tie = [Fraction(0)] * n, [Fraction(0)] * n, [Fraction(0)] * n
        parts = [[Fraction(0)] * n for _ in range(2)]
        by_key: list[dict] = [{} for _ in range(n)]
        for kind, weight in self.outcomes.items():
            halves = [(h if self.by_key else (h, None)) for h in kind]
            split = len(halves) > 1 and bool(halves[1][0])  # a qualifying low: half the pot each
            pots = (Fraction(1, 2), Fraction(1, 2)) if split else (Fraction(1), Fraction(0))
            share = [Fraction(0)] * n
            for half, (winners, top) in enumerate(halves):
                for p in winners:
                    part = weight * pots[half] / len(winners)
                    share[p] += part
                    parts[half][p] += part
                    if self.by_key and part:
                        by_key[p][half, top] = by_key[p].get((half, top), 0) + part
            for p in range(n):
                equity[p] += share[p]
                win[p] += weight if share[p] == weight else 0
                tie[p] += weight if 0 < share[p] < weight else 0
        total = self.weight
        return Result(
            tuple(
                Figures(
                    equity[p] / total,
                    win[p] / total,
                    tie[p] / total,
                    parts[0][p] / total,
                    parts[1][p] / total,
                    {k: v / total for k, v in by_key[p].items()} if self.by_key else None,
                )
                for p in range(n)
            ),
            self.deals,
        )


# --------------------------------------------------------------------------------------------
# enumeration


def _deals(players: Sequence[Options], out: set[int]) -> Iterator[tuple[tuple[Cards, ...], Fraction]]:
    """Every choice of one hand per player sharing no card with another or with `out`, and
    its weight: the product of the hands' weights."""
    for choice in itertools.product(*players):
        held = [c for hand, _ in choice for c in hand]
        if len(set(held)) == len(held) and not out.intersection(held):
            yield tuple(hand for hand, _ in choice), math.prod((w for _, w in choice), start=Fraction(1))


def _board_deal(
    deal: Deal,
    hands: tuple[Cards, ...],
    known: list[Cards],
    live: list[int],
    tallies: list[_Tally],
    weight: Fraction,
) -> None:
    """Every runout of each board; a runout of one board stands for every way of completing the
    other boards from the cards it leaves (no card on two boards): that many joint runouts."""
    missing = [BOARD_CARDS - len(k) for k in known]
    alike: dict[Cards, tuple[Counter, int]] = {}  # boards that start alike run out alike
    for b, board in enumerate(known):
        others, left = 1, len(live) - missing[b]
        for m in missing[:b] + missing[b + 1 :]:
            others *= math.comb(left, m)
            left -= m
        tally = tallies[b]
        if board not in alike:
            counted: Counter = Counter()
            for extra in itertools.combinations(live, missing[b]):
                full = board + extra
                counted[tuple(tuple(rank(hole, full) for rank in deal.halves) for hole in hands)] += 1
            alike[board] = counted, math.comb(len(live), missing[b])
        showdowns, runouts = alike[board]
        tally.add(showdowns, weight * others, runouts)


def _suits_renamed(hand: Cards) -> Cards:
    """The hand with its suits renamed in the order they first come, lowest card first. Its
    value is the hand's ("suits carry no value": renaming them changes no hand's value), and
    hands that differ by the names of their suits mostly come out the same: each is valued once."""
    names: dict[int, int] = {}
    renamed = []
    for card in sorted(hand):
        suit = names.setdefault(card % 4, len(names))
        renamed.append(4 * (card // 4) + suit)
    return tuple(sorted(renamed))


@functools.lru_cache(maxsize=1 << 18)
def _own_keys(halves: tuple[Ranking, ...], hand: Cards) -> tuple[Key, ...]:
    """A hand's key in each half, kept: the same hands come back in deal after deal."""
    return tuple(rank(hand, ()) for rank in halves)


def _own_deal(deal: Deal, hands: tuple[Cards, ...], live: list[int], tally: _Tally, weight: Fraction) -> None:
    """Every joint completion of the players' own hands: each player's completions valued once,
    then every choice of one per player sharing no card."""
    options = []
    for hand in hands:
        completions = []
        for extra in itertools.combinations(live, deal.hand_size - len(hand)):
            keys = _own_keys(deal.halves, _suits_renamed(hand + extra))
            completions.append((sum(1 << c for c in extra), keys))
        options.append(completions)
    showdowns: Counter = Counter()
    count = 0
    for choice in itertools.product(*options):
        used = 0
        for mask, _ in choice:
            if used & mask:
                break
            used |= mask
        else:
            count += 1
            showdowns[tuple(keys for _, keys in choice)] += 1
    tally.add(showdowns, weight, count)


def exact(
    deal: Deal,
    players: Sequence[Options],
    boards: Sequence[Iterable[int]] = ((),),
    dead: Iterable[int] = (),
    *,
    by_key: bool = False,
) -> Result:
    """Every player's exact share of the pot over every deal of the players' hands and every
    completion of the boards (``"board"``) or of the players' own hands (``"own"``; ``boards``
    then ``[()]``). With several boards each board's showdown is an equal part of the pot: the
    players' figures are the whole pot's, each board's own result in ``per_board``."""
    known = [tuple(b) for b in boards]
    if deal.shape == "own" and known != [()]:
        raise ValueError("a deal of own hands has no board")
    out = {c for b in known for c in b} | set(dead)
    tallies = [_Tally(len(players), by_key) for _ in known]
    for hands, weight in _deals(players, out):
        live = [c for c in deal.deck if c not in out and not any(c in h for h in hands)]
        if deal.shape == "board":
            _board_deal(deal, hands, known, live, tallies, weight)
        else:
            _own_deal(deal, hands, live, tallies[0], weight)
    results = [t.result() for t in tallies]
    if len(results) == 1:
        return results[0]
    n = len(results)
    whole = tuple(
        Figures(
            sum((r.players[p].equity for r in results), Fraction(0)) / n,
            None,
            None,
            sum((r.players[p].high for r in results), Fraction(0)) / n,
            sum((r.players[p].low for r in results), Fraction(0)) / n,
        )
        for p in range(len(players))
    )
    return Result(whole, sum(r.deals for r in results), tuple(results))


def _cards_of(value: Union[str, Iterable[int]]) -> tuple[int, ...]:
    return tuple(cards(value)) if isinstance(value, str) else tuple(value)


def equity(
    deal: Union[str, Deal],
    players: Sequence[Union[str, Options]],
    board: Union[str, Iterable[int]] = "",
    dead: Union[str, Iterable[int]] = "",
    *,
    boards: Optional[Sequence[Union[str, Iterable[int]]]] = None,
    by_key: bool = False,
) -> Result:
    """``exact`` of a deal by name (``DEALS``) or value, the players, board(s) and dead cards
    as text (or card ints, or a player's ``Options``).

    >>> r = equity("holdem", ["AsKd", "AcKh"], boards=["Qs Js 2c 3d", "Qd Jd 2h 3h"])
    >>> [b.players[0].equity for b in r.per_board], r.players[0].equity, r.per_board[0].deals
    ([Fraction(1, 2), Fraction(1, 2)], Fraction(1, 2), 40)
    """
    spec = DEALS[deal] if isinstance(deal, str) else deal
    options = [hands(p) if isinstance(p, str) else list(p) for p in players]
    chosen = [board] if boards is None else list(boards)
    return exact(spec, options, [_cards_of(b) for b in chosen], _cards_of(dead), by_key=by_key)
