"""Slow reference evaluator for Badugi, written from the rules in docs/rules.md (Badugi), in plain
Python with the standard library: it never imports ``pokerlut`` and shares no code or tables
with it. Brute force over the subsets of a hand.

A card is the int ``4 * rank + suit`` (rank 0..12 = 2..A, suit 0..3 = c, d, h, s). The rules:

* A hand is four cards (or five: the best four-card Badugi of them plays).
* Its value is its largest set of cards with all ranks different and all suits different: four
  cards (a badugi), else three, two or one. More cards beat fewer.
* Among sets of equal size, the highest card is compared first, then the next, and so on; the
  lower wins. Suits never break a tie.
* When several sets of the largest size exist, the best (lowest) of them is the hand's value.
* The ace is the lowest rank in "badugi" and the highest in "badugi-deuce-to-seven" (the deuce
  is then the lowest).

``key`` maps a hand to a tuple that compares like the hands do: a BIGGER tuple is a BETTER hand.

>>> key(parse("4c 3d 2h As"), "badugi")  # the best hand: four cards, 4-3-2-A
(4, -3, -2, -1, 0)
>>> key(parse("Kc Kd Kh Ks"), "badugi")  # the worst: one card, a king
(1, -12)
>>> key(parse("5c 4d 3h 2s"), "badugi-deuce-to-seven")  # the best with the ace high
(4, -3, -2, -1, 0)
>>> key(parse("Ac Ad Ah As"), "badugi-deuce-to-seven")
(1, -12)
>>> key(parse("Kc Kd 2c 3d"), "badugi") == key(parse("Kh Kd 2h 3d"), "badugi")  # 3-2 each: a tie
True
>>> names(key(parse("8c 5d 3h 2s Ks"), "badugi"))  # five cards: the best four (8-5-3-2)
'8-5-3-2'
"""

from __future__ import annotations

import functools
import itertools
from typing import Iterable, Sequence

GAMES = ("badugi", "badugi-deuce-to-seven")
RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"


def parse(text: str) -> list[int]:
    """'As Kd' -> [51, 45] (two-character cards only)."""
    return [4 * RANK_CHARS.index(w[0].upper()) + SUIT_CHARS.index(w[1].lower()) for w in text.split()]


def value(rank: int, game: str) -> int:
    """A rank's place in the game, 0 the lowest: the ace is 0 in badugi (the deuce 1 .. the king
    12), 12 with the ace high (the deuce 0)."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}")
    return (rank + 1) % 13 if game == "badugi" else rank


def is_badugi_set(cards: Sequence[int]) -> bool:
    """All ranks different and all suits different."""
    ranks = [c // 4 for c in cards]
    suits = [c % 4 for c in cards]
    return len(set(ranks)) == len(ranks) and len(set(suits)) == len(suits)


def key(cards: Sequence[int], game: str) -> tuple[int, ...]:
    """The hand's value as a tuple: (number of cards, then minus each card's value, highest card
    first); the best of every set of different ranks and suits, of one to four of its cards."""
    cards = list(cards)
    if len(cards) not in (4, 5) or len(set(cards)) != len(cards) or not all(0 <= c < 52 for c in cards):
        raise ValueError(f"a Badugi hand is 4 or 5 different cards, not {cards}")
    best: tuple[int, ...] = ()
    for size in range(1, 5):
        for subset in itertools.combinations(cards, size):
            if is_badugi_set(subset):
                values = sorted((value(c // 4, game) for c in subset), reverse=True)
                best = max(best, (size, *(-v for v in values)))
    return best


def all_keys(game: str) -> list[tuple[int, ...]]:
    """Every possible value, worst first: the sets of 1..4 different ranks."""
    keys = [
        (size, *(-v for v in sorted(values, reverse=True)))
        for size in range(1, 5)
        for values in itertools.combinations(range(13), size)
    ]
    value(0, game)  # checks the game
    return sorted(keys)


@functools.lru_cache(maxsize=None)
def strengths(game: str) -> dict[tuple[int, ...], int]:
    """Dense strengths of the keys: 1 = the worst value, len(keys) the best."""
    return {k: i + 1 for i, k in enumerate(all_keys(game))}


def strength(cards: Sequence[int], game: str) -> int:
    return strengths(game)[key(cards, game)]


def names(k: tuple[int, ...], game: str = "badugi") -> str:
    """The ranks of a key, highest first: '8-5-3-2'."""
    order = "A23456789TJQK" if game == "badugi" else "23456789TJQKA"
    return "-".join(order[-v] for v in k[1:])


def every_hand(n: int) -> Iterable[tuple[int, ...]]:
    return itertools.combinations(range(52), n)
