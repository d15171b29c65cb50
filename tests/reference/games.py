"""Slow reference evaluator for the high, low and short-deck games of RULES.md.

Written only from ``/work/shared/RULES.md`` (and its source texts in ``/work/shared/seeds``), in
plain Python with the standard library. It never imports ``pokerlut`` and shares no code or
tables with it; tests compare the fast library against it.

A card is the int ``4 * rank + suit``: rank 0..12 is 2, 3, ..., K, A and suit 0..3 is clubs,
diamonds, hearts, spades. The games are::

    high              standard poker
    ace-to-five       lowball: ace low, straights and flushes ignored (best 5-4-3-2-A)
    deuce-to-seven    lowball: ace high, straights and flushes count (best 7-5-4-3-2 offsuit)
    ace-to-six        lowball: ace low, straights and flushes count (best 6-4-3-2-A offsuit)
    eight-or-better   the low half of hi-lo games: five different ranks 8 or lower, ace low,
                      then ace-to-five order; other hands have no low (key None)
    short-deck        36 cards 6..A, A-6-7-8-9 the lowest straight, flush above full house
    short-deck-trips  short-deck where three of a kind also beats a straight

``key5`` maps five cards to a tuple that compares like the hands do in the game: a BIGGER tuple is
a BETTER hand in every game, lows included.

How the keys are built
----------------------
Every game first gives each card a *value*: the rank itself where the ace is high (0 = deuce ..
12 = ace), or ``(rank + 1) % 13`` where the ace is low (0 = ace, 1 = deuce .. 12 = king). The
five values are then classified with the ordinary rules (``_pattern``): a category name and the
tie-break values, i.e. the values of the groups of equal cards, biggest group first and higher
value first among groups of the same size (for a straight: its top card only). This "badness"
tuple ``(category index, tie-break values...)`` is what high poker compares, bigger = stronger.

* high-type games (high, short-deck, short-deck-trips): key = ``(index, *tie_breaks)`` where the
  index is the category's position in that game's order (short deck swaps flush and full house;
  short-deck-trips also swaps straight and three of a kind).
* low games (ace-to-five, deuce-to-seven, ace-to-six, eight-or-better): key = the same tuple with
  every element negated, ``(-index, -tb1, -tb2, ...)``, so the hand that is worst as a "high" hand
  in the low game's own rules gets the biggest key. Inside one category all tuples have the same
  length and different categories differ in the first element, so negating each element exactly
  reverses the order. For ace-to-five the category is only the pairing pattern (no pair, pair,
  two pair, trips, full house, quads; straights and flushes are not seen), and eight-or-better is
  ace-to-five restricted to no-pair hands whose highest value is at most 7 (the eight).

>>> key5(parse_cards("As Ks Qs Js Ts"), "high")
(8, 12)
>>> key5(parse_cards("5d 4c 3h 2s Ad"), "ace-to-five")     # the wheel: best low
(0, -4, -3, -2, -1, 0)
>>> key5(parse_cards("7s 5c 4d 3d 2c"), "deuce-to-seven")  # best deuce-to-seven hand
(0, -5, -3, -2, -1, 0)
>>> key5(parse_cards("9c 8d 7h 6s Tc"), "eight-or-better") is None
True
>>> category5(parse_cards("Ah 6c 7d 8s 9s"), "short-deck")
'STRAIGHT'
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections import Counter
from typing import Iterable, Optional, Sequence

GAMES = (
    "high",
    "ace-to-five",
    "deuce-to-seven",
    "ace-to-six",
    "eight-or-better",
    "short-deck",
    "short-deck-trips",
)

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"

ACE = 12  # rank index of the ace
SHORT_LOWEST = 4  # rank index of the six, the lowest rank of the short deck

HIGH_CARD = "HIGH_CARD"
ONE_PAIR = "ONE_PAIR"
TWO_PAIR = "TWO_PAIR"
THREE_OF_A_KIND = "THREE_OF_A_KIND"
STRAIGHT = "STRAIGHT"
FLUSH = "FLUSH"
FULL_HOUSE = "FULL_HOUSE"
FOUR_OF_A_KIND = "FOUR_OF_A_KIND"
STRAIGHT_FLUSH = "STRAIGHT_FLUSH"

# Category orders, worst first. Position in the tuple = category index used in the keys.
STANDARD_ORDER = (
    HIGH_CARD,
    ONE_PAIR,
    TWO_PAIR,
    THREE_OF_A_KIND,
    STRAIGHT,
    FLUSH,
    FULL_HOUSE,
    FOUR_OF_A_KIND,
    STRAIGHT_FLUSH,
)
SHORT_DECK_ORDER = (
    HIGH_CARD,
    ONE_PAIR,
    TWO_PAIR,
    THREE_OF_A_KIND,
    STRAIGHT,
    FULL_HOUSE,
    FLUSH,
    FOUR_OF_A_KIND,
    STRAIGHT_FLUSH,
)
SHORT_DECK_TRIPS_ORDER = (
    HIGH_CARD,
    ONE_PAIR,
    TWO_PAIR,
    STRAIGHT,
    THREE_OF_A_KIND,
    FULL_HOUSE,
    FLUSH,
    FOUR_OF_A_KIND,
    STRAIGHT_FLUSH,
)
# Ace-to-five: "fewer pairs first"; these are the badness order of the pairing patterns.
ACE_TO_FIVE_ORDER = (HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, FULL_HOUSE, FOUR_OF_A_KIND)

CATEGORY_ORDERS = {
    "high": STANDARD_ORDER,
    "ace-to-five": ACE_TO_FIVE_ORDER,
    "deuce-to-seven": STANDARD_ORDER,
    "ace-to-six": STANDARD_ORDER,
    "eight-or-better": (HIGH_CARD,),
    "short-deck": SHORT_DECK_ORDER,
    "short-deck-trips": SHORT_DECK_TRIPS_ORDER,
}

_ACE_LOW_GAMES = ("ace-to-five", "ace-to-six", "eight-or-better")
_LOW_GAMES = ("ace-to-five", "deuce-to-seven", "ace-to-six", "eight-or-better")
_SHORT_GAMES = ("short-deck", "short-deck-trips")


# --------------------------------------------------------------------------------------------
# cards and input checks


def parse_card(text: str) -> int:
    """'As', 'td', '10d', 'A♠' -> card int.

    >>> parse_card("As"), parse_card("2c"), parse_card("10h")
    (51, 0, 34)
    """
    text = text.strip()
    if len(text) < 2:
        raise ValueError(f"not a card: {text!r}")
    rank_text, suit_text = text[:-1].upper(), text[-1]
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANK_CHARS:
        raise ValueError(f"not a card rank: {text!r}")
    if suit_text.lower() in SUIT_CHARS:
        suit = SUIT_CHARS.index(suit_text.lower())
    elif suit_text in SUIT_SYMBOLS:
        suit = SUIT_SYMBOLS.index(suit_text)
    else:
        raise ValueError(f"not a card suit: {text!r}")
    return 4 * RANK_CHARS.index(rank_text) + suit


def parse_cards(text: str) -> list[int]:
    """Whitespace-separated cards -> list of ints.

    >>> parse_cards("Ks 2c")
    [47, 0]
    """
    return [parse_card(word) for word in text.split()]


def card_text(card: int) -> str:
    """Card int -> text.

    >>> card_text(51)
    'As'
    """
    return RANK_CHARS[card // 4] + SUIT_CHARS[card % 4]


def cards_text(cards: Iterable[int]) -> str:
    return " ".join(card_text(card) for card in cards)


def _check_game(game: str) -> str:
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; expected one of {', '.join(GAMES)}")
    return game


def deck(game: str) -> list[int]:
    """The cards of the game's deck, ascending: 36 cards (6 to ace) for the short-deck games,
    else all 52.

    >>> len(deck("high")), len(deck("short-deck")), deck("short-deck")[0] == parse_card("6c")
    (52, 36, True)
    """
    _check_game(game)
    lowest = SHORT_LOWEST if game in _SHORT_GAMES else 0
    return [card for card in range(52) if card // 4 >= lowest]


def _check_cards(cards: Iterable[int], game: str, allowed_counts: Sequence[int], what: str) -> list[int]:
    """The cards as a list of ints, or ValueError if they are not a legal set for the game."""
    _check_game(game)
    lowest = SHORT_LOWEST if game in _SHORT_GAMES else 0
    if isinstance(cards, (str, bytes)):
        raise ValueError(f"{what}: expected card ints, got the string {cards!r}")
    try:
        cards = list(cards)
    except TypeError:
        raise ValueError(f"{what}: {cards!r} is not a collection of cards") from None
    result = []
    for card in cards:
        if isinstance(card, bool):
            raise ValueError(f"{what}: {card!r} is not a card int")
        try:
            card = operator.index(card)
        except TypeError:
            raise ValueError(f"{what}: {card!r} is not a card int") from None
        if card < 0 or card > 51:
            raise ValueError(f"{what}: card {card} is out of range 0..51")
        if card // 4 < lowest:
            raise ValueError(f"{what}: card {card_text(card)} is not in the {game} deck")
        result.append(card)
    if len(result) not in allowed_counts:
        counts = " or ".join(map(str, allowed_counts))
        raise ValueError(f"{what}: expected {counts} cards, got {len(result)}")
    if len(set(result)) != len(result):
        raise ValueError(f"{what}: duplicate cards in {cards_text(result)}")
    return result


# --------------------------------------------------------------------------------------------
# classification


def _value(rank: int, game: str) -> int:
    """Card value in the game: the rank where the ace is high, else ace 0, deuce 1 .. king 12."""
    if game in _ACE_LOW_GAMES:
        return (rank + 1) % 13
    return rank


def _straight_top(values: list[int], game: str) -> Optional[int]:
    """Top value of the straight made by five values (sorted high to low), or None.

    - ace-to-five and eight-or-better: straights do not exist.
    - deuce-to-seven: the ace is only high (values = ranks, no wheel).
    - ace-to-six: the ace is only low (value 0), so A-2-3-4-5 is values 0..4 and A-K-Q-J-T is
      not a sequence.
    - high: the ace plays high, or low in 5-4-3-2-A (a five-high straight), never both.
    - short deck: as high, but the ace's low straight is A-6-7-8-9 (nine-high).
    """
    if game in ("ace-to-five", "eight-or-better"):
        return None
    if len(set(values)) != 5:
        return None
    if values[0] - values[4] == 4:
        return values[0]
    if game == "high" and values == [ACE, 3, 2, 1, 0]:  # 5-4-3-2-A
        return 3
    if game in _SHORT_GAMES and values == [ACE, 7, 6, 5, 4]:  # 9-8-7-6-A
        return 7
    return None


def _pattern(values: list[int], is_flush: bool, straight_top: Optional[int]) -> tuple[str, tuple]:
    """(standard category name, tie-break values) of five values sorted high to low.

    Tie-breaks: the straight (flush)'s top card; otherwise the values of the groups of equal
    cards, biggest group first, higher value first among groups of equal size -- i.e. quads then
    kicker, trips then pair, trips then kickers high to low, high pair / low pair / kicker, pair
    then kickers high to low, or all five values high to low.
    """
    if straight_top is not None:
        return (STRAIGHT_FLUSH if is_flush else STRAIGHT), (straight_top,)
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    sizes = [size for value, size in groups]
    tie_breaks = tuple(value for value, size in groups)
    if sizes == [4, 1]:
        return FOUR_OF_A_KIND, tie_breaks
    if sizes == [3, 2]:
        return FULL_HOUSE, tie_breaks
    if is_flush:
        return FLUSH, tie_breaks
    if sizes == [3, 1, 1]:
        return THREE_OF_A_KIND, tie_breaks
    if sizes == [2, 2, 1]:
        return TWO_PAIR, tie_breaks
    if sizes == [2, 1, 1, 1]:
        return ONE_PAIR, tie_breaks
    assert sizes == [1, 1, 1, 1, 1], sizes
    return HIGH_CARD, tie_breaks


@functools.lru_cache(maxsize=None)
def _classify(ranks: tuple, is_flush: bool, game: str) -> tuple:
    """(category name or None, key or None) of five cards given by their ranks and whether they
    are all one suit. Suits matter for nothing else, so this is all a key depends on."""
    values = sorted((_value(rank, game) for rank in ranks), reverse=True)
    if game in ("ace-to-five", "eight-or-better"):
        is_flush = False  # flushes do not count
    category, tie_breaks = _pattern(values, is_flush, _straight_top(values, game))
    if game == "eight-or-better" and (category != HIGH_CARD or values[0] > 7):
        return None, None  # no qualifying low: a pair, or a card above the eight
    index = CATEGORY_ORDERS[game].index(category)
    badness_or_strength = (index, *tie_breaks)
    if game in _LOW_GAMES:
        return category, tuple(-x for x in badness_or_strength)
    return category, badness_or_strength


def _classify_cards(cards: list[int], game: str) -> tuple:
    ranks = tuple(sorted(card // 4 for card in cards))
    is_flush = len({card % 4 for card in cards}) == 1
    return _classify(ranks, is_flush, game)


def key5(cards: Iterable[int], game: str) -> Optional[tuple]:
    """Key of exactly five distinct cards of the game's deck (bigger = better), or None when the
    hand has no qualifying low (eight-or-better only).

    >>> key5(parse_cards("9c 8c 7c 6c 5c"), "ace-to-five") > key5(parse_cards("Tc 8d 7h 6s 5c"), "ace-to-five")
    True
    >>> key5(parse_cards("5s 4s 3s 2s As"), "deuce-to-seven") < key5(parse_cards("Kh Qs Jh 9c 8d"), "deuce-to-seven")
    True
    >>> key5(parse_cards("8h 4s 3d 2c Ad"), "eight-or-better")
    (0, -7, -3, -2, -1, 0)
    >>> key5(parse_cards("2c 3c 4c 5c 7c"), "short-deck")
    Traceback (most recent call last):
    ...
    ValueError: key5: card 2c is not in the short-deck deck
    """
    return _classify_cards(_check_cards(cards, game, (5,), "key5"), game)[1]


def category5(cards: Iterable[int], game: str) -> Optional[str]:
    """Category name of five cards in the game (None: no qualifying eight-or-better low).

    >>> category5(parse_cards("5s 4s 3s 2s As"), "deuce-to-seven")
    'FLUSH'
    >>> category5(parse_cards("5h 4s 3h 2c Ad"), "deuce-to-seven")
    'HIGH_CARD'
    >>> category5(parse_cards("5h 4s 3h 2c Ad"), "ace-to-six")
    'STRAIGHT'
    >>> category5(parse_cards("Ac Ks Qs Jd Ts"), "ace-to-six")
    'HIGH_CARD'
    >>> category5(parse_cards("9c 8c 7c 6c 5c"), "ace-to-five")
    'HIGH_CARD'
    >>> print(category5(parse_cards("Ac Ad 2c 3c 4c"), "eight-or-better"))
    None
    """
    return _classify_cards(_check_cards(cards, game, (5,), "category5"), game)[0]


def _better(a: Optional[tuple], b: Optional[tuple]) -> Optional[tuple]:
    """The better of two keys; None (no qualifying hand) is worse than any key."""
    if a is None:
        return b
    if b is None:
        return a
    return a if a >= b else b


def best_key(cards: Iterable[int], game: str) -> Optional[tuple]:
    """Best key over all five-card subsets of 5, 6 or 7 distinct cards (None only if no subset
    qualifies). Leftover cards never break ties.

    >>> best_key(parse_cards("Kc Kd 5h 4s 3c 2d Ah"), "ace-to-five") == key5(parse_cards("5h 4s 3c 2d Ah"), "ace-to-five")
    True
    >>> print(best_key(parse_cards("Ac 2d 9h Ts Jc Qd Kh"), "eight-or-better"))
    None
    """
    checked = _check_cards(cards, game, (5, 6, 7), "best_key")
    return _best_key(tuple(sorted(checked)), game)


@functools.lru_cache(maxsize=1 << 18)
def _best_key(cards: tuple, game: str) -> Optional[tuple]:
    """`best_key` of checked cards in order, kept: brute forces meet the same hand again and
    again (a stud player's seven cards in every deal of the others)."""
    best = None
    for five in itertools.combinations(cards, 5):
        best = _better(best, _classify_cards(list(five), game)[1])
    return best


def omaha_best_key(hole: Iterable[int], board: Iterable[int], game: str) -> Optional[tuple]:
    """Omaha: best key using exactly two of the 4, 5 or 6 hole cards and exactly three of the
    3, 4 or 5 board cards (None if no such hand qualifies, eight-or-better only).

    >>> omaha_best_key(parse_cards("Ks 8c Js 5c"), parse_cards("3s 5h Qs Qd 9h"), "high")   # QQ55K
    (2, 10, 3, 11)
    >>> print(omaha_best_key(parse_cards("Ac 2c 3c 4c"), parse_cards("5d Kd Qd"), "eight-or-better"))
    None
    """
    hole = _check_cards(hole, game, (4, 5, 6), "omaha_best_key hole")
    board = _check_cards(board, game, (3, 4, 5), "omaha_best_key board")
    common = set(hole) & set(board)
    if common:
        raise ValueError(f"omaha_best_key: {cards_text(sorted(common))} both in hole and board")
    best = None
    for two in itertools.combinations(hole, 2):
        for three in itertools.combinations(board, 3):
            best = _better(best, _classify_cards(list(two) + list(three), game)[1])
    return best


# --------------------------------------------------------------------------------------------
# exhaustive enumeration


@functools.lru_cache(maxsize=None)
def _signature_counts(short: bool) -> dict:
    """Walk every five-card hand of the 52-card (or 36-card) deck once and count hands per
    signature (ranks ascending, all-one-suit?). A key depends only on the signature.

    ``itertools.combinations`` of the ascending deck yields ascending cards, and rank = card // 4
    is monotone in the card, so the ranks come out already sorted.
    """
    cards = deck("short-deck" if short else "high")
    counts: Counter = Counter()
    for a, b, c, d, e in itertools.combinations(cards, 5):
        suit = a & 3
        flush = (b & 3) == suit and (c & 3) == suit and (d & 3) == suit and (e & 3) == suit
        counts[(a >> 2, b >> 2, c >> 2, d >> 2, e >> 2, flush)] += 1
    return dict(counts)


@functools.lru_cache(maxsize=None)
def _tables(game: str) -> tuple:
    """(hands per key, category per key, dense strengths) for all five-card hands of the game."""
    _check_game(game)
    hands: Counter = Counter()
    categories: dict = {}
    for signature, count in _signature_counts(game in _SHORT_GAMES).items():
        ranks, flush = signature[:5], signature[5]
        assert list(ranks) == sorted(ranks)
        category, key = _classify(ranks, flush, game)
        hands[key] += count
        if categories.setdefault(key, category) != category:
            raise AssertionError(f"{game}: key {key} in two categories")
    qualifying = sorted(key for key in hands if key is not None)
    strengths = {key: position for position, key in enumerate(qualifying, start=1)}
    return dict(hands), categories, strengths


def hand_counts(game: str) -> dict:
    """Map key -> number of five-card hands of the game's deck with that key (key None collects
    the hands without a qualifying low, eight-or-better only). Cached; do not mutate.

    >>> sum(hand_counts("short-deck").values())
    376992
    """
    return _tables(game)[0]


def category_counts(game: str) -> dict:
    """Map category name (None: no qualifying low) -> (five-card hands, distinct classes).

    >>> category_counts("eight-or-better")[None]
    (2541616, 1)
    """
    hands, categories, _ = _tables(game)
    summary: dict = {}
    for key, count in hands.items():
        category = categories[key]
        old_hands, old_classes = summary.get(category, (0, 0))
        summary[category] = (old_hands + count, old_classes + 1)
    return summary


def strengths(game: str) -> dict:
    """Map every distinct key of the game (qualifying ones for eight-or-better) to its dense rank
    1..N, 1 the worst class and N the best. Computed once per game (all five-card hands are
    walked once per deck size); the dict is shared, do not mutate it.

    >>> table = strengths("ace-to-five")
    >>> len(table), table[key5(parse_cards("5d 4c 3h 2s Ad"), "ace-to-five")]
    (6175, 6175)
    """
    return _tables(game)[2]
