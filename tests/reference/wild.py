"""Slow reference evaluator for WILD-CARD poker (RULES.md, "Wild cards" and "Wild cards in low games").

Written only from ``/work/shared/RULES.md`` and its source texts (seeds 000, Italian, and 004,
Catalan), in plain Python with the standard library. It never imports ``pokerlut`` and shares no
code or tables with it. Natural (wild-free) hands are valued by the independent reference
``reference.games`` (same package); this module only adds the wild cards on top of it.

Cards are ints ``4 * rank + suit`` (rank 0..12 = 2..A, suit 0..3 = c, d, h, s); the jokers are
52 and 53. Decks (``deck``): 52 cards, 53 (plus joker 52) or 54 (both jokers).

Games and wild modes (``MODES``)::

    high         "jokers"  each joker is fully wild: it stands for ANY of the 52 natural cards,
                           even one already in the hand (that is how five of a kind arises)
                 "bug"     a joker counts as an ace (any suit, may duplicate an ace in the hand),
                           or as any natural card with which the five cards make a straight, a
                           flush or a straight flush
                 "deuces"  every 2 (cards 0..3) is fully wild, and so are the jokers in the deck
    ace-to-five  "jokers"  California lowball: a joker is the lowest rank not already in the
                 "bug"     hand; with two jokers each takes the lowest ranks still missing. Both
                           names mean this same rule (the bug's "ace or straight/flush" reading
                           is meaningless in a game without straights and flushes).

How a hand is valued (``key5``)
-------------------------------
Brute force: every way of replacing the wild cards by natural cards is tried and the best
resulting key is kept. The replacement cards are a MULTISET drawn from all 52 natural cards
(``itertools.combinations_with_replacement``: the order in which the wild cards are replaced
does not matter, duplicates of each other and of the hand's own cards are allowed). The resulting
five cards are classified by ``_shape_key`` from their ranks and "is it a flush", where a flush
needs one suit AND five different ranks -- RULES.md: "in a flush a wild card takes a rank not
already in the flush", i.e. a duplicate card never makes a flush. Five equal ranks are five of a
kind: in high, category index 9, above the straight flush (index 8), tie-break its rank; in
ace-to-five it would be the worst pattern (never chosen: a wild card always does better by
taking a missing rank). Every other shape is valued by ``reference_games.key5`` on a
representative of distinct cards.

For ace-to-five the brute force over fully wild substitutions is the lowest-missing-rank rule
(the lowest missing rank avoids a pair and is the lowest card possible); ``lowball_rule_key5``
implements that rule literally and the tests check both agree.

Keys are tuples, BIGGER = BETTER in every game, exactly like ``reference_games.key5``: high
``(category index, tie-breaks...)`` with index 9 = five of a kind, e.g. five aces ``(9, 12)``;
ace-to-five the negated badness tuple.

Caching: a hand's best substitution is cached under its natural cards relabelled by the
lexicographically smallest suit permutation (``_canonical``), the number of wild cards, the game
and the rule -- suit permutations map substitutions to substitutions and keep every value, so
this cache is exact.

Exhaustive tables (``category_counts``, ``strengths``)
-----------------------------------------------------
Every hand of ``deck_size`` cards is (k wild cards) + (5 - k natural cards). All wild cards of a
mode behave identically (two jokers; or deuces and jokers in "deuces"), so there are C(W, k) ways
to pick the wild ones. The natural part is walked exhaustively and grouped by its signature
(ranks ascending, all one suit?): two natural parts with the same signature give the same best
key, because the substitutions may take any suit, so the suits of the naturals matter only
through "can they be part of a flush" (the tests check this on random hands). Each signature is
evaluated once by the brute force above.

>>> key5(parse_cards("Ah Ad Ac As Jk"), "high", "jokers")          # five aces
(9, 12)
>>> category5(parse_cards("Ah Ad Ac As Jk"), "high", "bug")
'FIVE_OF_A_KIND'
>>> key5(parse_cards("Kh Qh Jh Th Jk"), "high", "jokers")          # royal flush
(8, 12)
>>> key5(parse_cards("Kh Kd Jk 7c 4s"), "high", "bug")             # kings, ace kicker
(1, 11, 12, 5, 2)
>>> key5(parse_cards("Ac 2d 3h 4s Jk"), "ace-to-five", "jokers") == key5(parse_cards("Ac 2d 3h 4s 5s"), "ace-to-five")
True
>>> key5(parse_cards("2c 2d Ks Qs 9s"), "high", "deuces")          # wild deuces are J and T of spades
(8, 11)
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
import time
from collections import Counter
from typing import Iterable, Optional, Sequence

from . import games as reference_games
from .games import (
    ACE,
    ACE_TO_FIVE_ORDER,
    FLUSH,
    STANDARD_ORDER,
    STRAIGHT,
    STRAIGHT_FLUSH,
    card_text,
)

MODES = {"high": ("jokers", "bug", "deuces"), "ace-to-five": ("jokers", "bug")}

FIVE_OF_A_KIND = "FIVE_OF_A_KIND"
JOKERS = (52, 53)

# Category orders, worst first; the position is the category index used in the keys
# (ace-to-five keys negate it). Five of a kind: best in high, worst (never reached) in lowball.
HIGH_WILD_ORDER = STANDARD_ORDER + (FIVE_OF_A_KIND,)
ACE_TO_FIVE_WILD_ORDER = ACE_TO_FIVE_ORDER + (FIVE_OF_A_KIND,)
ORDERS = {"high": HIGH_WILD_ORDER, "ace-to-five": ACE_TO_FIVE_WILD_ORDER}

_PERMUTATIONS = tuple(itertools.permutations(range(4)))


# --------------------------------------------------------------------------------------------
# cards, decks, input checks


def parse_card(text: str) -> int:
    """Like ``reference_games.parse_card``, plus the joker: 'Jk', 'Jkr', 'X' (the first joker 52),
    'Jk2'/'X2' (the second joker 53).

    >>> parse_card("Jk"), parse_card("X2"), parse_card("As")
    (52, 53, 51)
    """
    word = text.strip()
    if word.lower() in ("jk", "jkr", "x", "joker"):
        return 52
    if word.lower() in ("jk2", "jkr2", "x2", "joker2"):
        return 53
    return reference_games.parse_card(word)


def parse_cards(text: str) -> list[int]:
    """Whitespace-separated cards; each further 'Jk' is the next joker.

    >>> parse_cards("Jk Jk 2c")
    [52, 53, 0]
    """
    result = []
    for word in text.split():
        card = parse_card(word)
        if card == 52 and 52 in result:
            card = 53
        result.append(card)
    return result


def cards_text(cards: Iterable[int]) -> str:
    return " ".join("Jk" if card >= 52 else card_text(card) for card in cards)


def deck(n_cards_in_deck: int) -> list[int]:
    """The cards of a 52-, 53- (joker 52) or 54-card deck (both jokers), ascending.

    >>> len(deck(52)), deck(53)[-1], deck(54)[-2:]
    (52, 52, [52, 53])
    """
    if n_cards_in_deck not in (52, 53, 54):
        raise ValueError(f"deck size must be 52, 53 or 54, got {n_cards_in_deck!r}")
    return list(range(n_cards_in_deck))


def _check_mode(game: str, wild: Optional[str]) -> None:
    if wild is None:
        if game not in reference_games.GAMES:
            raise ValueError(f"unknown game {game!r}")
        return
    if game not in MODES:
        raise ValueError(f"no wild cards in game {game!r}; wild games: {', '.join(MODES)}")
    if wild not in MODES[game]:
        raise ValueError(f"unknown wild mode {wild!r} for {game}; expected one of {MODES[game]}")


def _check_cards(
    cards: Iterable[int], game: str, wild: Optional[str], counts: Sequence[int], what: str
) -> list[int]:
    _check_mode(game, wild)
    if isinstance(cards, (str, bytes)):
        raise ValueError(f"{what}: expected card ints, got the string {cards!r}")
    top = 51 if wild is None else 53
    result = []
    for card in cards:
        if isinstance(card, bool):
            raise ValueError(f"{what}: {card!r} is not a card int")
        try:
            card = operator.index(card)
        except TypeError:
            raise ValueError(f"{what}: {card!r} is not a card int") from None
        if not 0 <= card <= top:
            raise ValueError(f"{what}: card {card} is out of range 0..{top}")
        result.append(card)
    if len(result) not in counts:
        raise ValueError(f"{what}: expected {' or '.join(map(str, counts))} cards, got {len(result)}")
    if len(set(result)) != len(result):
        raise ValueError(f"{what}: duplicate cards in {cards_text(result)}")
    return result


def is_wild(card: int, wild: Optional[str]) -> bool:
    """Is the card wild in the mode? Jokers in every mode; deuces (0..3) in "deuces"."""
    if wild is None:
        return False
    return card >= 52 or (wild == "deuces" and card < 4)


def _rule(game: str, wild: str) -> str:
    """How wild cards may be replaced: 'any' natural card, or the 'bug' restriction."""
    return "bug" if (game == "high" and wild == "bug") else "any"


def _canonical(naturals: Iterable[int]) -> tuple:
    """The natural cards relabelled by the suit permutation giving the smallest sorted tuple."""
    naturals = list(naturals)
    return min(tuple(sorted(4 * (card >> 2) + perm[card & 3] for card in naturals)) for perm in _PERMUTATIONS)


# --------------------------------------------------------------------------------------------
# valuing five cards that may repeat (the result of substituting the wild cards)


def _representative(ranks: Sequence[int], flush: bool) -> list[int]:
    """Distinct natural cards with these ranks: all clubs if ``flush`` (ranks then distinct), else
    suits by occurrence (1st card of a rank clubs, 2nd diamonds, ...), never all one suit unless
    only one card."""
    if flush:
        assert len(set(ranks)) == len(ranks)
        return [4 * rank for rank in ranks]
    seen: Counter = Counter()
    cards = []
    for rank in ranks:
        cards.append(4 * rank + seen[rank])
        seen[rank] += 1
    if len(cards) >= 2 and len({card & 3 for card in cards}) == 1:
        cards[-1] += 1  # all clubs with distinct ranks: make the last a diamond
    return cards


@functools.lru_cache(maxsize=None)
def _shape_key(ranks: tuple, flush: bool, game: str) -> tuple:
    """Key of five cards given by their sorted ranks and whether they form a flush (one suit,
    five different ranks)."""
    if len(set(ranks)) == 1:  # five of a kind
        if game == "high":
            return (HIGH_WILD_ORDER.index(FIVE_OF_A_KIND), ranks[0])
        value = (ranks[0] + 1) % 13  # ace low
        return (-ACE_TO_FIVE_WILD_ORDER.index(FIVE_OF_A_KIND), -value)
    return reference_games.key5(_representative(ranks, flush), game)


def category_of_key(key: tuple, game: str) -> str:
    """Category name of a key of ``game`` ("high" or "ace-to-five").

    >>> category_of_key((9, 3), "high"), category_of_key((0, -4, -3, -2, -1, 0), "ace-to-five")
    ('FIVE_OF_A_KIND', 'HIGH_CARD')
    """
    if game == "high":
        return HIGH_WILD_ORDER[key[0]]
    if game == "ace-to-five":
        return ACE_TO_FIVE_WILD_ORDER[-key[0]]
    raise ValueError(f"category_of_key: game {game!r}")


_BUG_MAKES = (STRAIGHT, FLUSH, STRAIGHT_FLUSH)


@functools.lru_cache(maxsize=None)
def _best_substitution(naturals: tuple, n_wild: int, game: str, rule: str) -> tuple:
    """Best key over every multiset of ``n_wild`` natural cards put in place of the wild cards.

    rule 'any': every card of the 52 is allowed. rule 'bug': each replacement card must be an ace,
    unless the five resulting cards make a straight, a flush or a straight flush.
    """
    assert len(naturals) + n_wild == 5
    best = None
    for substitute in itertools.combinations_with_replacement(range(52), n_wild):
        cards = naturals + substitute
        ranks = tuple(sorted(card >> 2 for card in cards))
        flush = len({card & 3 for card in cards}) == 1 and len(set(ranks)) == 5
        key = _shape_key(ranks, flush, game)
        if rule == "bug" and any(card >> 2 != ACE for card in substitute):
            if category_of_key(key, game) not in _BUG_MAKES:
                continue  # a bug that is not an ace must complete a straight/flush
        if best is None or key > best:
            best = key
    assert best is not None
    return best


# --------------------------------------------------------------------------------------------
# public API


def key5(cards: Iterable[int], game: str, wild: Optional[str] = None) -> Optional[tuple]:
    """Best key of exactly five distinct cards (bigger = better). ``wild=None``: the plain game
    (``reference_games.key5``, no jokers allowed).

    >>> key5(parse_cards("Qs Qh Qd Qc Jk"), "high", "jokers") > key5(parse_cards("6s 6h 6d 6c Jk"), "high", "jokers")
    True
    >>> key5(parse_cards("9s 8d 7c 6h Jk"), "high", "bug")     # ten-high straight
    (4, 8)
    >>> key5(parse_cards("As Ks 9s 5s Jk"), "high", "jokers")  # the joker is the flush's queen
    (5, 12, 11, 10, 7, 3)
    """
    cards = _check_cards(cards, game, wild, (5,), "key5")
    if wild is None:
        return reference_games.key5(cards, game)
    naturals = [card for card in cards if not is_wild(card, wild)]
    return _best_substitution(_canonical(naturals), 5 - len(naturals), game, _rule(game, wild))


def category5(cards: Iterable[int], game: str, wild: Optional[str] = None) -> Optional[str]:
    """Category name of five cards: reference_games' names plus "FIVE_OF_A_KIND".

    >>> category5(parse_cards("Ah Kd Jk Jk 4c"), "high", "bug")
    'THREE_OF_A_KIND'
    >>> category5(parse_cards("Ah Kd Jk Jk 4c"), "high", "jokers")
    'THREE_OF_A_KIND'
    >>> category5(parse_cards("Ah Kh Jk Jk 4h"), "high", "jokers")
    'FLUSH'
    """
    if wild is None:
        return reference_games.category5(cards, game)
    return category_of_key(key5(cards, game, wild), game)


def best_key(cards: Iterable[int], game: str, wild: Optional[str] = None) -> Optional[tuple]:
    """Best key over the five-card subsets of 5, 6 or 7 distinct cards (each subset valued by
    ``key5`` with the same wild rule; a subset without wild cards is natural).

    >>> best_key(parse_cards("Jk 9s 8s 7d 2c 3h Kd"), "high", "bug")      # K-9-8-7 + bug: ace high
    (0, 12, 11, 7, 6, 5)
    >>> best_key(parse_cards("Jk 9s 8s 7d 6c 3h Kd"), "high", "bug")      # 9-8-7-6 + bug: straight
    (4, 8)
    """
    cards = _check_cards(cards, game, wild, (5, 6, 7), "best_key")
    if wild is None:
        return reference_games.best_key(cards, game)
    return max(key5(five, game, wild) for five in itertools.combinations(cards, 5))


def lowball_rule_key5(cards: Iterable[int]) -> tuple:
    """Ace-to-five key by the literal California rule: each joker becomes the lowest rank (ace
    low) not already in the hand, in turn. Used to check the brute force.

    >>> lowball_rule_key5(parse_cards("Jk Jk Ac 3d 3h")) == key5(parse_cards("Ac 2d 3h 3s 4c"), "ace-to-five")
    True
    """
    cards = _check_cards(cards, "ace-to-five", "jokers", (5,), "lowball_rule_key5")
    values = [(card // 4 + 1) % 13 for card in cards if card < 52]  # ace 0 .. king 12
    for _ in range(5 - len(values)):
        values.append(min(value for value in range(13) if value not in values))
    ranks = sorted((value - 1) % 13 for value in values)
    return reference_games.key5(_representative(ranks, False), "ace-to-five")


# --------------------------------------------------------------------------------------------
# exhaustive tables


def _wild_cards(wild: str, deck_size: int) -> list[int]:
    return [card for card in deck(deck_size) if is_wild(card, wild)]


@functools.lru_cache(maxsize=None)
def _natural_signatures(natural_deck: tuple, size: int) -> dict:
    """Map (ranks ascending, all one suit?) -> number of ``size``-card subsets of the natural deck
    (ascending, so combinations come out with ascending ranks)."""
    counts: Counter = Counter()
    if size == 5:  # the big one: unrolled for speed
        for a, b, c, d, e in itertools.combinations(natural_deck, 5):
            suit = a & 3
            one = (b & 3) == suit and (c & 3) == suit and (d & 3) == suit and (e & 3) == suit
            counts[(a >> 2, b >> 2, c >> 2, d >> 2, e >> 2), one] += 1
    else:
        for combo in itertools.combinations(natural_deck, size):
            counts[tuple(card >> 2 for card in combo), len({card & 3 for card in combo}) <= 1] += 1
    return dict(counts)


@functools.lru_cache(maxsize=None)
def _table(game: str, wild: str, deck_size: int) -> dict:
    """Map (number of wild cards, key) -> number of five-card hands of the deck."""
    _check_mode(game, wild)
    if wild is None:
        raise ValueError("_table: a wild mode is needed")
    if deck_size == 52 and wild != "deuces":
        raise ValueError("a 52-card deck has wild cards only in the 'deuces' mode")
    wilds = _wild_cards(wild, deck_size)
    natural_deck = tuple(card for card in deck(deck_size) if not is_wild(card, wild))
    rule = _rule(game, wild)
    table: Counter = Counter()
    for k in range(0, min(5, len(wilds)) + 1):
        ways = math.comb(len(wilds), k)
        for (ranks, one_suit), count in _natural_signatures(natural_deck, 5 - k).items():
            naturals = _canonical(_representative(ranks, one_suit))
            table[k, _best_substitution(naturals, k, game, rule)] += ways * count
    assert sum(table.values()) == math.comb(deck_size, 5), (game, wild, deck_size)
    return dict(table)


def hand_counts(game: str, wild: str, deck_size: int) -> dict:
    """Map key -> number of five-card hands of the ``deck_size``-card deck with that best key."""
    result: Counter = Counter()
    for (_, key), count in _table(game, wild, deck_size).items():
        result[key] += count
    return dict(result)


def category_counts(game: str, wild: str, deck_size: int) -> dict:
    """Map category name -> (five-card hands, distinct classes) over all C(deck_size, 5) hands.
    deck_size: 53 or 54 (52 + jokers); for "deuces" also 52."""
    summary: dict = {}
    for key, count in hand_counts(game, wild, deck_size).items():
        category = category_of_key(key, game)
        hands, classes = summary.get(category, (0, 0))
        summary[category] = (hands + count, classes + 1)
    return summary


@functools.lru_cache(maxsize=None)
def strengths(game: str, wild: str) -> dict:
    """Map every key that some five-card hand of the 54-card deck gets in the game and mode to its
    dense rank 1..N (1 the worst). Shared dict, do not mutate."""
    keys = sorted(hand_counts(game, wild, 54))
    return {key: position for position, key in enumerate(keys, start=1)}


def format_table(game: str, wild: str, deck_size: int) -> str:
    """The category table as text, best category first."""
    counts = category_counts(game, wild, deck_size)
    lines = [f"{game} / {wild} / {deck_size} cards"]
    for category in reversed(ORDERS[game]):
        if category in counts:
            hands, classes = counts[category]
            lines.append(f"  {category:<16} {hands:>10,} hands {classes:>6,} classes")
    hands = sum(h for h, _ in counts.values())
    classes = sum(c for _, c in counts.values())
    lines.append(f"  {'total':<16} {hands:>10,} hands {classes:>6,} classes")
    return "\n".join(lines)


ALL_TABLES = (
    ("high", "jokers", 53),
    ("high", "jokers", 54),
    ("high", "bug", 53),
    ("high", "bug", 54),
    ("high", "deuces", 52),
    ("high", "deuces", 53),
    ("high", "deuces", 54),
    ("ace-to-five", "jokers", 53),
    ("ace-to-five", "jokers", 54),
)


def main() -> None:
    for game, wild, deck_size in ALL_TABLES:
        start = time.perf_counter()
        text = format_table(game, wild, deck_size)
        print(text)
        print(f"  ({time.perf_counter() - start:.1f} s)\n")
    for game, modes in MODES.items():
        for wild in modes:
            print(f"strengths({game!r}, {wild!r}): N = {len(strengths(game, wild)):,}")


if __name__ == "__main__":
    main()
