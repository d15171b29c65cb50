"""Slow, independent reference for Italian closed poker ("poker all'italiana") hand comparison.

Written from the rule text only (RULES.md, section "Italian closed poker", and the Italian source
text seeds/002_41dbcd5abaab750a.txt), plus the project decisions listed in each function. It
imports nothing from pokerlut: it is meant to check the fast code, not to mirror it.

Cards are ints ``4 * rank + suit``: rank 0..12 = 2, 3, ..., K, A; suit 0..3 = clubs, diamonds,
hearts, spades.

With N players (2..9) the deck keeps the ranks from 11 - N up to the ace (4 players: 7..A, 32
cards; 9 players: the full 52). The ace plays high (T-J-Q-K-A) and low just below the lowest kept
rank (32 cards: A-7-8-9-T; 52 cards: A-2-3-4-5). Categories, best first::

    STRAIGHT_FLUSH > FOUR_OF_A_KIND > FLUSH > FULL_HOUSE > STRAIGHT > THREE_OF_A_KIND
    > TWO_PAIR > ONE_PAIR > HIGH_CARD

(the flush beats the full house). Ties inside a category are broken by suit, hearts > diamonds >
clubs > spades, and straight flushes follow the cycle royal > middle > minimum > royal, so
``compare`` is not a total order and there is deliberately no score function here.
"""

import functools
import itertools
from collections import Counter

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
ACE = 12
TEN = 8

# Categories, best first (index 0 is the best).
CATEGORIES = (
    "STRAIGHT_FLUSH",
    "FOUR_OF_A_KIND",
    "FLUSH",
    "FULL_HOUSE",
    "STRAIGHT",
    "THREE_OF_A_KIND",
    "TWO_PAIR",
    "ONE_PAIR",
    "HIGH_CARD",
)

# Italian suit order: hearts > diamonds > clubs > spades.  Bigger number = better suit.
SUIT_STRENGTH = {HEARTS: 3, DIAMONDS: 2, CLUBS: 1, SPADES: 0}

# Straight-flush kinds and the cycle between them: WINS_OVER[x] is the kind that x beats.
WINS_OVER = {"royal": "middle", "middle": "minimum", "minimum": "royal"}


def _rank(card):
    return card // 4


def _suit(card):
    return card % 4


def _lowest_rank(players):
    """Rank index (0 = deuce) of the lowest kept rank: the rank value 11 - N is index 9 - N."""
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 9:
        raise ValueError(f"players must be an int in 2..9, got {players!r}")
    return (11 - players) - 2


def deck(players):
    """The reduced deck for ``players`` players (2..9), as a sorted list of card ints."""
    low = _lowest_rank(players)
    return [4 * rank + suit for rank in range(low, ACE + 1) for suit in range(4)]


@functools.lru_cache(maxsize=None)
def _deck_set(players):
    """The cards of ``deck(players)`` as a set (made once per deck: the checks read it often)."""
    return frozenset(deck(players))


def _check_hand(hand, players):
    cards = list(hand)
    if len(cards) != 5:
        raise ValueError(f"a hand has exactly five cards, got {len(cards)}")
    if len(set(cards)) != 5:
        raise ValueError(f"a hand has five different cards, got {cards}")
    kept = _deck_set(players)
    for card in cards:
        if not isinstance(card, int) or card not in kept:
            raise ValueError(f"card {card!r} is not in the {len(kept)}-card deck")
    return cards


@functools.lru_cache(maxsize=None)
def _straights(players):
    """Every straight of the deck as (set of ranks, top rank), lowest first (made once per deck).

    Ace-low straight: the ace plus the four lowest kept ranks; its top card is the highest of those
    four. Then every run of five consecutive kept ranks, up to T-J-Q-K-A. No wrap-around.
    """
    low = _lowest_rank(players)
    result = [(frozenset({ACE, low, low + 1, low + 2, low + 3}), low + 3)]
    for top in range(low + 4, ACE + 1):
        result.append((frozenset(range(top - 4, top + 1)), top))
    return tuple(result)


def _straight_top(ranks, players):
    """Top rank of the straight formed by ``ranks`` (a list of five ranks), or None."""
    rank_set = frozenset(ranks)
    for straight, top in _straights(players):
        if rank_set == straight:
            return top
    return None


def _is_flush(cards):
    return len({_suit(c) for c in cards}) == 1


def _category(cards, players):
    """Category of five already-validated cards."""
    return _category_of(tuple(cards), players)


@functools.lru_cache(maxsize=1 << 12)  # a hand met again soon is not worked out again
def _category_of(cards, players):
    ranks = [_rank(c) for c in cards]
    flush = _is_flush(cards)
    straight = _straight_top(ranks, players) is not None
    if flush and straight:
        return "STRAIGHT_FLUSH"
    shape = sorted(Counter(ranks).values(), reverse=True)
    if shape == [4, 1]:
        return "FOUR_OF_A_KIND"
    if flush:
        return "FLUSH"
    if shape == [3, 2]:
        return "FULL_HOUSE"
    if straight:
        return "STRAIGHT"
    if shape == [3, 1, 1]:
        return "THREE_OF_A_KIND"
    if shape == [2, 2, 1]:
        return "TWO_PAIR"
    if shape == [2, 1, 1, 1]:
        return "ONE_PAIR"
    assert shape == [1, 1, 1, 1, 1]
    return "HIGH_CARD"


def category(hand, players):
    """Category name of a five-card hand of ``deck(players)``."""
    return _category(_check_hand(hand, players), players)


def straight_flush_kind(hand, players):
    """'royal', 'minimum' (ace-low), 'middle' (any other) or None if not a straight flush."""
    cards = _check_hand(hand, players)
    if _category(cards, players) != "STRAIGHT_FLUSH":
        return None
    ranks = {_rank(c) for c in cards}
    if ranks == {TEN, TEN + 1, TEN + 2, TEN + 3, ACE}:
        return "royal"
    ace_low, _ = _straights(players)[0]
    if ranks == ace_low:
        return "minimum"
    return "middle"


def _sign(x, y):
    """1 if x > y, -1 if x < y, 0 if equal (works on ints and on lists compared in order)."""
    if x > y:
        return 1
    if x < y:
        return -1
    return 0


def _groups(cards):
    """Ranks grouped by multiplicity: {count: [ranks with that count, highest first]}."""
    counts = Counter(_rank(c) for c in cards)
    groups = {}
    for rank, count in counts.items():
        groups.setdefault(count, []).append(rank)
    for ranks in groups.values():
        ranks.sort(reverse=True)
    return groups


def _card_of_rank(cards, rank):
    """The only card of the given rank in ``cards`` (used for unpaired ranks)."""
    matches = [c for c in cards if _rank(c) == rank]
    assert len(matches) == 1, (cards, rank)
    return matches[0]


def _suit_sign(card_a, card_b):
    return _sign(SUIT_STRENGTH[_suit(card_a)], SUIT_STRENGTH[_suit(card_b)])


def _compare_high_card(a, b):
    # Rule 3: the five ranks highest first; then the suit of the highest card.
    ranks_a = sorted((_rank(c) for c in a), reverse=True)
    ranks_b = sorted((_rank(c) for c in b), reverse=True)
    result = _sign(ranks_a, ranks_b)
    if result:
        return result
    return _suit_sign(_card_of_rank(a, ranks_a[0]), _card_of_rank(b, ranks_b[0]))


def _compare_one_pair(a, b):
    # Rule 4: pair rank, the three unpaired ranks highest first; then the suit of the highest
    # unpaired card.
    ga, gb = _groups(a), _groups(b)
    result = _sign([ga[2][0]] + ga[1], [gb[2][0]] + gb[1])
    if result:
        return result
    return _suit_sign(_card_of_rank(a, ga[1][0]), _card_of_rank(b, gb[1][0]))


def _compare_two_pair(a, b):
    # Rule 5: high pair, low pair, fifth card rank; then the suit of the fifth card.
    ga, gb = _groups(a), _groups(b)
    result = _sign(ga[2] + ga[1], gb[2] + gb[1])
    if result:
        return result
    return _suit_sign(_card_of_rank(a, ga[1][0]), _card_of_rank(b, gb[1][0]))


def _compare_by_groups(a, b, big):
    # Rule 6 (trips, full house, quads): the rank of the group of size ``big`` first, then the
    # remaining ranks (the pair, or the kickers high to low). Equal ranks: no winner (0).
    ga, gb = _groups(a), _groups(b)

    def key(groups):
        rest = sorted(
            (r for count, ranks in groups.items() if count != big for r in ranks for _ in range(count)),
            reverse=True,
        )
        return groups[big] + rest

    return _sign(key(ga), key(gb))


def _top_card(cards, players):
    """The card carrying the top rank of a straight (for ace-low: the highest non-ace card)."""
    top = _straight_top([_rank(c) for c in cards], players)
    assert top is not None
    return _card_of_rank(cards, top)


def _compare_straight(a, b, players):
    # Rule 7: top card rank (ace-low straight is the lowest); equal: suit of the top card.
    top_a, top_b = _top_card(a, players), _top_card(b, players)
    result = _sign(_rank(top_a), _rank(top_b))
    if result:
        return result
    return _suit_sign(top_a, top_b)


def _compare_straight_flush(a, b, players):
    # Rule 8: royal > middle > minimum > royal; two middles by top card; equal kind and equal top:
    # the suit decides.
    kind_a, kind_b = straight_flush_kind(a, players), straight_flush_kind(b, players)
    if kind_a != kind_b:
        return 1 if WINS_OVER[kind_a] == kind_b else -1
    return _compare_straight(a, b, players)


def _compare_flush(a, b, flush_by_suit):
    # Rule 9.
    ranks_a = sorted((_rank(c) for c in a), reverse=True)
    ranks_b = sorted((_rank(c) for c in b), reverse=True)
    suit_result = _suit_sign(a[0], b[0])  # all five cards of a flush share one suit
    if flush_by_suit:
        if suit_result:
            return suit_result
        return _sign(ranks_a, ranks_b)
    result = _sign(ranks_a, ranks_b)
    if result:
        return result
    return suit_result


def compare(a, b, players, flush_by_suit=True):
    """1 if hand ``a`` beats hand ``b``, -1 if ``b`` beats ``a``, 0 if the rules name no winner."""
    a = _check_hand(a, players)
    b = _check_hand(b, players)
    cat_a, cat_b = _category(a, players), _category(b, players)
    if cat_a != cat_b:
        # Rule 1: lower index in CATEGORIES is the better category.
        return 1 if CATEGORIES.index(cat_a) < CATEGORIES.index(cat_b) else -1
    if cat_a == "STRAIGHT_FLUSH":
        return _compare_straight_flush(a, b, players)
    if cat_a == "FOUR_OF_A_KIND":
        return _compare_by_groups(a, b, 4)
    if cat_a == "FLUSH":
        return _compare_flush(a, b, flush_by_suit)
    if cat_a == "FULL_HOUSE":
        return _compare_by_groups(a, b, 3)
    if cat_a == "STRAIGHT":
        return _compare_straight(a, b, players)
    if cat_a == "THREE_OF_A_KIND":
        return _compare_by_groups(a, b, 3)
    if cat_a == "TWO_PAIR":
        return _compare_two_pair(a, b)
    if cat_a == "ONE_PAIR":
        return _compare_one_pair(a, b)
    return _compare_high_card(a, b)


def category_counts(players):
    """Number of five-card hands of ``deck(players)`` in each category, by full enumeration."""
    counts = dict.fromkeys(CATEGORIES, 0)
    for hand in itertools.combinations(deck(players), 5):
        counts[_category(hand, players)] += 1
    return counts
