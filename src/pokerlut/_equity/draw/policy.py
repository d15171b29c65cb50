"""Drawing policies: which cards a player keeps before each draw after the first, in
`equity` through several draws and in `draw_chance`.

A policy is a built-in one, by name (`draw_policies()`), or the user's own numba function::

    @numba.njit
    def policy(cards, draw_rounds, t, t_low):
        return keep  # an int, bit i set: keep cards[i]

`cards` is the hand (a uint8 array of 5 cards, 4 in Badugi, in increasing order of their
card numbers `4 * rank + suit`; read it, do not write it),
`draw_rounds` the draws to come, this one included (1: the last), `t` the tables of the
deal's game (its high half in a split pot) and `t_low` those of the low half (`t` again
without one): `pokerlut.kernels.hand_strength(t, hand, True)` values a hand state there. A keep
outside 0 .. 2**len(cards) - 1 raises ValueError naming the hand.

The built-in policies stand pat on a hand at or above a threshold and otherwise keep what
their rule says (`pokerlut._kernels.draw_policies`):

- "high" (five-card draw): stand pat on a straight or better; else keep every card of a
  paired rank (pair, two pair, trips, quads), or with no pair four to a flush, four to an
  open-ended straight, or the highest card.
- "deuce-to-seven", "ace-to-five" (lowball): stand pat on a nine-low or better; else keep
  the lowest distinct cards ranked 8 or lower (in ace-to-five the ace is the lowest), at
  most four; of a pair, the card of the lowest suit (clubs, diamonds, hearts, spades).
- "badugi", "badugi-deuce-to-seven" (ace low, ace high): stand pat on a badugi; else keep the
  best badugi of the cards ranked 8 or lower, at most one card less than the hand (of two
  alike, the one of the lower cards).

What the built-ins keep does not depend on the order of the cards.

Each deal's default is its game's policy; Badeucy and Badacey play their low half's.
`draw_chance` gives a built-in policy its target instead: it stands pat on the target and
keeps the cards that can be part of it (`resolve`).
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..._cards import CardsLike, format_cards, parse_cards
from ..._evaluate import evaluate, evaluate_batch
from ..._names import Category
from ..._kernels.draw_policies import ACE_LOW, BADUGI, BADUGI_27, HIGH, LOWBALL_27, LOWBALL_A5, keep_of
from ..categories import category_table
from ..deal import Deal, resolve_deal
from ..._game import Game
from .setup import deal_tables


@dataclass(frozen=True)
class Builtin:
    """A built-in policy: its kind (`draw_policies`), the game whose hands it reads, the hand
    it stands pat on (and on any better), and the highest card it keeps when drawing."""

    name: str
    summary: str
    kind: int
    game: str
    pat: str  # the weakest hand it stands pat on
    top: str  # the highest rank kept (lowball, Badugi): "8"


BUILTINS = {
    b.name: b
    for b in (
        Builtin(
            "high",
            "five-card draw: stand pat on a straight or better; else keep pairs, two pair, trips "
            "or quads, else four to a flush, else four to an open-ended straight, else the "
            "highest card",
            HIGH,
            "high",
            "5s 4h 3d 2c As",
            "A",
        ),
        Builtin(
            "deuce-to-seven",
            "lowball: stand pat on a nine-low or better (9-8-7-6-4); else keep the lowest "
            "distinct cards from 2 to 8, at most four",
            LOWBALL_27,
            "deuce-to-seven",
            "9s 8h 7d 6c 4s",
            "8",
        ),
        Builtin(
            "ace-to-five",
            "lowball: stand pat on a nine-low or better (9-8-7-6-5); else keep the lowest "
            "distinct cards from the ace to 8, at most four",
            LOWBALL_A5,
            "ace-to-five",
            "9s 8h 7d 6c 5s",
            "8",
        ),
        Builtin(
            "badugi",
            "Badugi, ace low: stand pat on a badugi (any four cards of different ranks and "
            "suits); else keep the best badugi of the cards from the ace to 8, at most one "
            "card less than the hand",
            BADUGI,
            "badugi",
            "Ks Qh Jd Tc",
            "8",
        ),
        Builtin(
            "badugi-deuce-to-seven",
            "Badugi, ace high (Badeucy's): stand pat on a badugi; else keep the best badugi of "
            "the cards from 2 to 8, at most one card less than the hand",
            BADUGI_27,
            "badugi-deuce-to-seven",
            "As Kh Qd Jc",
            "8",
        ),
    )
}


@dataclass(frozen=True)
class Policy:
    """A policy as the kernels take it: a built-in's `rule` (kind, the game read: 0 the deal's
    high game, 1 its low half, the pat strength, the highest card kept as a low order, and
    1 when `pat_unpaired`), or the user's numba `function` (kind 0)."""

    name: str
    rule: np.ndarray  # int64[5]
    function: Any = None


def draw_policies() -> dict[str, str]:
    """The built-in drawing policies (`equity(policy=...)`, `draw_chance`) and what each does.

    Each draw deal's default is the policy of its game: "high" in five-card draw,
    "deuce-to-seven" and "ace-to-five" in lowball, "badugi" in Badugi; Badeucy and Badacey
    play their low half's ("deuce-to-seven", "ace-to-five").

    Returns
    -------
    dict of str to str
        The policies' names, each with the rule it plays.

    Examples
    --------
    >>> draw_policies()["deuce-to-seven"]
    'lowball: stand pat on a nine-low or better (9-8-7-6-4); else keep the lowest distinct cards from 2 to 8, at most four'
    """
    return {name: b.summary for name, b in BUILTINS.items()}


def draw_keep(hand: CardsLike, *, deal: str, policy: Any = None, draw_rounds: int = 1) -> str:
    """The cards a drawing policy keeps from a hand.

    Parameters
    ----------
    hand : cards
        The whole hand: 5 cards (4 in Badugi), as text or card ints.
    deal : str
        A draw deal of `pokerlut.deals()`.
    policy : str or numba function, optional
        A name of `draw_policies()` (default: the deal's) or a numba function, as
        `pokerlut.equity` takes them.
    draw_rounds : int, default 1
        The draws to come, this one included (the policy's second argument).

    Returns
    -------
    str
        The cards kept, in the hand's order ("" when it draws a whole new hand).

    Raises
    ------
    ValueError
        An unknown deal or policy, a hand of the wrong size, a keep the hand cannot make.

    Examples
    --------
    >>> draw_keep("Kd 7s 6d 3c 2h", deal="2-7-triple-draw")
    '7s 6d 3c 2h'
    >>> draw_keep("9s 7h 5d 3c 2h", deal="2-7-triple-draw")   # a nine-low: pat
    '9s 7h 5d 3c 2h'
    >>> draw_keep("Qs Qh 8d 7c 2h", deal="five-card-draw")
    'Qs Qh'
    """
    found = resolve_deal(deal, kind="draw")
    cards = parse_cards(hand)
    if len(cards) != found.holes[0]:
        raise ValueError(f"a {deal} hand has {found.holes[0]} cards, not {len(cards)}")
    if type(draw_rounds) is not int or not 1 <= draw_rounds <= found.draws:
        raise ValueError(f"draw_rounds: 1 .. {found.draws} draws to come in {deal}, not {draw_rounds!r}")
    kept = keep(resolve(policy, found), found, cards, draw_rounds)
    return format_cards([int(c) for i, c in enumerate(cards.tolist()) if kept >> i & 1])


def is_numba_function(policy: Any) -> bool:
    """Whether `policy` is a numba-jitted function (a CPU dispatcher)."""
    from numba.core.dispatcher import Dispatcher

    return isinstance(policy, Dispatcher)


def low_order(rank: int, ace_low: bool) -> int:
    """A rank (0..12 = 2..A) counted from the lowest card of a low game."""
    return (rank + 1) % 13 if ace_low else rank


def resolve(policy: Any, deal: Deal, target: tuple[int, int, int] | None = None) -> Policy:
    """The kernels' policy from `policy` (None: the deal's default, a built-in's name, or a
    numba function), checked against the deal. With a `target` (game part, strength, top:
    `draw_chance`), a built-in stands pat on the target and keeps the cards ranked up to its
    top card instead of its own threshold and top card."""
    if policy is None:
        policy = default_name(deal)
    if isinstance(policy, str):
        if policy not in BUILTINS:
            raise ValueError(
                f"unknown policy {policy!r}: choose from {', '.join(BUILTINS)}, or give a numba function"
            )
        b = BUILTINS[policy]
        games = [game.name for game in deal_games(deal)]
        if b.game not in games:
            raise ValueError(
                f"policy {policy!r} plays {b.game} hands; {deal.name} plays {' and '.join(games)}"
            )
        part = games.index(b.game)
        game = deal_games(deal)[part]
        if target is not None:
            if target[0] != part:
                raise ValueError(f"policy {policy!r} plays {b.game} hands, not those of the target")
            pat, top = target[1], target[2]
        else:
            pat = evaluate(b.pat, game=game)
            top = low_order("23456789TJQKA".index(b.top), b.kind in ACE_LOW)
        rule = [b.kind, part, pat, top, pat_unpaired(game, pat)]
        return Policy(policy, np.array(rule, np.int64))
    if is_numba_function(policy):
        return Policy(getattr(policy, "__name__", "policy"), np.zeros(5, np.int64), policy)
    raise TypeError(
        "policy must be a policy's name (pokerlut.draw_policies()) or a numba-jitted function "
        f"(cards, draw_rounds, t, t_low) -> keep bitmask, not {type(policy).__name__}: {policy!r}"
    )


def keep(policy: Policy, deal: Deal, cards: np.ndarray, draw_rounds: int) -> int:
    """The policy's keep (a bitmask over `cards`, checked) for a hand of the deal."""
    if policy.function is None:
        kind, part, pat, top, _ = policy.rule.tolist()
        game = deal.low if part and deal.low else deal.high
        return int(keep_of(kind, cards, evaluate(cards, game=game), pat, top))
    shown = np.sort(cards)  # a user's policy sees the cards in increasing order
    kept = policy.function(shown, draw_rounds, *deal_tables(deal))
    if not isinstance(kept, (int, np.integer)) or isinstance(kept, (bool, np.bool_)):
        raise TypeError(f"policy {policy.name!r} returned {kept!r}: a keep is an int bitmask")
    if not 0 <= kept < 1 << len(cards):
        raise bad_keep(policy, int(kept), shown)
    chosen = {int(c) for i, c in enumerate(shown.tolist()) if kept >> i & 1}
    return sum(1 << i for i, c in enumerate(cards.tolist()) if c in chosen)


def default_name(deal: Deal) -> str:
    """The deal's default policy: that of its game (a split pot's low half)."""
    return deal.low.name if deal.low and deal.low.name in BUILTINS else deal.high.name


def deal_games(deal: Deal) -> list[Game]:
    """The deal's games: its high hand's, then its low half's if the pot is split."""
    return [deal.high] + ([deal.low] if deal.low else [])


def bad_keep(policy: Policy, keep: int, cards: np.ndarray) -> ValueError:
    """The error of a policy that kept what the hand cannot keep."""
    h = len(cards)
    return ValueError(
        f"policy {policy.name!r} returned {keep} for the hand {format_cards(cards)}: a keep is a "
        f"bitmask 0 .. {2**h - 1} over the hand's {h} cards (bit i keeps cards[i])"
    )


def target_of(target: Any, deal: Deal) -> tuple[int, int, int, str]:
    """A target of `draw_chance` as (game part: 0 the deal's high game, 1 its low half, the
    strength to reach, the highest card such a hand holds as a low order, its name): a
    category of the deal's games ("two pair", "8-low", "badugi": that category or better), a
    strength of the high game (int), or a hand (that hand or better, in the high game)."""
    games = deal_games(deal)
    if isinstance(target, (bool, np.bool_)):
        raise TypeError(f"target must be a category, a strength or a hand, not {target!r}")
    if isinstance(target, (int, np.integer)):
        top = int(deal.high.classes.shape[0]) - 1
        if not 1 <= int(target) <= top:
            raise ValueError(f"target: a strength of {deal.high.name} is 1 .. {top}, not {target}")
        return 0, int(target), _top_card(deal.high, int(target), deal.holes[0]), f"strength {int(target)}"
    if not isinstance(target, str):
        raise TypeError(f"target must be a category, a strength or a hand, not {type(target).__name__}")
    name = target.strip().removesuffix(" or better").strip()
    for part, game in enumerate(games):
        names, table = category_table(game.rules)
        lowered = [n.lower() for n in names]
        if name.lower() in lowered:
            name = names[lowered.index(name.lower())]
            found = np.flatnonzero(table[1:] == names.index(name)) + 1
            strength = int(found.min())
            return part, strength, _top_card(game, strength, deal.holes[0]), f"{name} or better"
    try:
        strength = evaluate(target, game=deal.high)
    except (TypeError, ValueError):
        known = ", ".join(n for game in games for n in category_table(game.rules)[0])
        raise ValueError(f"unknown target {target!r}: a category ({known}), a strength or a hand") from None
    return 0, strength, _top_card(deal.high, strength, deal.holes[0]), f"{format_cards(target)} or better"


@functools.lru_cache(maxsize=256)
def pat_unpaired(game: Game, strength: int) -> bool:
    """Whether every hand of `game` at `strength` or better is one of different ranks (a
    lowball hand with no pair; a badugi): the Monte Carlo kernel then values a hand for the
    pat test by its rank mask alone (`draw_simulate.pat_strength`)."""
    categories = game.classes[strength:, 0]
    alike = Category.BADUGI if game.rules.badugi else Category.HIGH_CARD
    return bool(game.rules.low and (categories == alike).all())


@functools.lru_cache(maxsize=256)
def _top_card(game: Game, strength: int, h: int) -> int:
    """The highest card (a low order) of the hands of different ranks (and suits, unsuited in
    five-card games) that reach `strength`: what a built-in keeps when drawing to it (12: any)."""
    ace_low = game.rules.ace == "low"
    sets = np.array(list(itertools.combinations(range(13), h)), np.uint8)
    suits = np.arange(h, dtype=np.uint8) % 4 if h == 4 else np.array([0, 1, 2, 3, 0], np.uint8)[:h]
    values = evaluate_batch(4 * sets + suits, game=game)
    reached = sets[values >= strength]
    if not len(reached) or not game.rules.low:
        return 12
    return max(low_order(r, ace_low) for r in reached.ravel().tolist())
