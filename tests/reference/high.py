"""Slow reference evaluator for standard high poker hands.

Written only from ``/work/shared/RULES.md`` (section "High hands (standard)"), in plain Python with
the standard library. It shares no code, tables or conventions-in-code with the fast path under
``src/pokerlut``: it never imports ``pokerlut``. Tests compare the fast library against it.

A card is the int ``4 * rank + suit``: rank 0..12 is 2, 3, ..., K, A and suit 0..3 is clubs,
diamonds, hearts, spades. ``hand_key`` maps five cards to a tuple that compares like the hands do
(bigger tuple, better hand): the category number first, then the tie-break ranks.

>>> hand_key(parse_cards("As Ks Qs Js Ts"))
(8, 12)
>>> hand_key(parse_cards("5d 4c 3h 2s Ad"))    # the wheel: a five-high straight
(4, 3)
>>> hand_key(parse_cards("Qs Ks Ac 2h 3d"))    # Q-K-A-2-3 is no straight: ace-high
(0, 12, 11, 10, 1, 0)
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections import Counter
from typing import Iterable, Sequence

HIGH_CARD = 0
ONE_PAIR = 1
TWO_PAIR = 2
THREE_OF_A_KIND = 3
STRAIGHT = 4
FLUSH = 5
FULL_HOUSE = 6
FOUR_OF_A_KIND = 7
STRAIGHT_FLUSH = 8

CATEGORY_NAMES = (
    "HIGH_CARD",
    "ONE_PAIR",
    "TWO_PAIR",
    "THREE_OF_A_KIND",
    "STRAIGHT",
    "FLUSH",
    "FULL_HOUSE",
    "FOUR_OF_A_KIND",
    "STRAIGHT_FLUSH",
)

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"

ACE = 12
FIVE = 3


def card_int(card: object, what: str) -> int:
    """`card` as an int 0..51, or ValueError naming `what`."""
    if isinstance(card, bool):
        raise ValueError(f"{what}: {card!r} is not a card int")
    try:
        value = operator.index(card)
    except TypeError:
        raise ValueError(f"{what}: {card!r} is not a card int") from None
    if value < 0 or value > 51:
        raise ValueError(f"{what}: card {value} is out of range 0..51")
    return value


def _check_cards(cards: Iterable[int], allowed_counts: Sequence[int], what: str) -> list[int]:
    """Return the cards as a list of ints, or raise ValueError if they do not form a legal set."""
    result = [card_int(card, what) for card in cards]
    if len(result) not in allowed_counts:
        raise ValueError(f"{what}: expected {' or '.join(map(str, allowed_counts))} cards, got {len(result)}")
    if len(set(result)) != len(result):
        raise ValueError(f"{what}: duplicate cards in {result}")
    return result


def rank_of(card: int) -> int:
    return card // 4


def suit_of(card: int) -> int:
    return card % 4


def _key_of_five(cards: list[int]) -> tuple:
    """hand_key without the input checks; cards are five distinct ints 0..51."""
    ranks = sorted((card // 4 for card in cards), reverse=True)
    suits = {card % 4 for card in cards}
    is_flush = len(suits) == 1

    # Straight: five different ranks in sequence. The ace plays high (A-K-Q-J-T) or low
    # (5-4-3-2-A, which is five-high), never both, so Q-K-A-2-3 is not a straight.
    straight_top = None
    if len(set(ranks)) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [ACE, FIVE, 2, 1, 0]:
            straight_top = FIVE

    if straight_top is not None and is_flush:
        return (STRAIGHT_FLUSH, straight_top)

    # Group equal ranks: biggest group first, higher rank first among groups of the same size.
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    sizes = [size for rank, size in groups]
    group_ranks = [rank for rank, size in groups]

    if sizes == [4, 1]:
        return (FOUR_OF_A_KIND, group_ranks[0], group_ranks[1])
    if sizes == [3, 2]:
        return (FULL_HOUSE, group_ranks[0], group_ranks[1])
    if is_flush:
        return (FLUSH, *ranks)
    if straight_top is not None:
        return (STRAIGHT, straight_top)
    if sizes == [3, 1, 1]:
        return (THREE_OF_A_KIND, group_ranks[0], group_ranks[1], group_ranks[2])
    if sizes == [2, 2, 1]:
        return (TWO_PAIR, group_ranks[0], group_ranks[1], group_ranks[2])
    if sizes == [2, 1, 1, 1]:
        return (ONE_PAIR, group_ranks[0], group_ranks[1], group_ranks[2], group_ranks[3])
    return (HIGH_CARD, *ranks)


def hand_key(cards: Iterable[int]) -> tuple:
    """Key of exactly five distinct cards: (category, tie-break ranks...); bigger is better.

    Tie-breaks, per RULES.md: straight and straight flush by the top card (the wheel counts as
    five-high, rank 3); four of a kind by quad rank then kicker; full house by trips then pair;
    flush and high card by all five ranks, highest first; three of a kind by trips then kickers
    high to low; two pair by high pair, low pair, kicker; one pair by pair then three kickers.
    """
    return _key_of_five(_check_cards(cards, (5,), "hand_key"))


def best_key(cards: Iterable[int]) -> tuple:
    """Key of the best five of 5, 6 or 7 distinct cards (leftover cards never break ties)."""
    checked = _check_cards(cards, (5, 6, 7), "best_key")
    return max(_key_of_five(list(five)) for five in itertools.combinations(checked, 5))


def omaha_key(hole: Iterable[int], board: Iterable[int]) -> tuple:
    """Omaha: best hand from exactly two of the 4..6 hole cards and exactly three of the 3..5
    board cards."""
    hole = _check_cards(hole, (4, 5, 6), "omaha_key hole")
    board = _check_cards(board, (3, 4, 5), "omaha_key board")
    if set(hole) & set(board):
        raise ValueError(f"omaha_key: cards {sorted(set(hole) & set(board))} are both in hole and board")
    best = None
    for two in itertools.combinations(hole, 2):
        for three in itertools.combinations(board, 3):
            key = _key_of_five(list(two) + list(three))
            if best is None or key > best:
                best = key
    return best


def category_of(key: tuple) -> int:
    return key[0]


def parse_card(text: str) -> int:
    """'As', 'td', '10d', 'A♠', '10♥' -> card int. Independent of the library's parser."""
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
    """'Ks Kh Kc Kd 3h' -> list of card ints (whitespace separated)."""
    return [parse_card(word) for word in text.split()]


def card_text(card: int) -> str:
    return RANK_CHARS[card // 4] + SUIT_CHARS[card % 4]


def cards_text(cards: Iterable[int]) -> str:
    return " ".join(card_text(card) for card in cards)


@functools.lru_cache(maxsize=None)
def all_five_card_classes() -> tuple[dict[tuple, tuple[int, ...]], dict[int, int]]:
    """Enumerate all 2,598,960 five-card hands once (cached; about half a minute).

    Returns ``(examples, category_counts)``: ``examples`` maps every distinct key (hand class) to
    the first hand of that class met in lexicographic order, as a tuple of five ints;
    ``category_counts`` maps category number -> number of hands in it.
    """
    examples: dict[tuple, tuple[int, ...]] = {}
    category_counts = dict.fromkeys(range(9), 0)
    for hand in itertools.combinations(range(52), 5):
        key = _key_of_five(list(hand))
        category_counts[key[0]] += 1
        if key not in examples:
            examples[key] = hand
    return examples, category_counts


@functools.lru_cache(maxsize=None)
def class_ranks() -> dict[tuple, int]:
    """Map each of the distinct hand keys to its position 1..7462, worst to best."""
    examples, _ = all_five_card_classes()
    return {key: position for position, key in enumerate(sorted(examples), start=1)}
