"""Canonical hand indices (pokerlut.abstraction.HandIndexer) against references written here
from the definition, not from the fast code:

- the number of indices is the number of classes of hands under the 24 permutations of
  suits, counted by Burnside's lemma (the hands each permutation leaves unchanged);
- two hands get one index exactly when a permutation of suits maps one onto the other: a
  hand and its image under a permutation share the index, and `unindex(index(h))` is an
  image of h under one of the 24 permutations (so hands of different classes never share
  an index), for sampled hands of every street and, slow, every flop hand;
- `index(unindex(i)) == i` for every index up to the turn (slow for the turn), sampled on
  the river; the batch and one-hand paths and a user's numba code agree;
- bad input is named.
"""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest
from numba import njit

from pokerlut import format_cards
from pokerlut.abstraction import RECALLS, STREETS, HandIndexer, rounds_of
from pokerlut._kernels.isomorphism import hand_index

PERMS = np.array(list(itertools.permutations(range(4))), np.uint8)
CASES = [
    (street, recall)
    for street in STREETS
    for recall in RECALLS
    if not (recall == "imperfect" and street in ("preflop", "flop"))
]  # those are the same


def fixed_hands(rounds: tuple[int, ...], perm: tuple[int, ...]) -> int:
    """Hands (a set of cards per round) that the suit permutation leaves unchanged: each
    round a union of the permutation's orbits of cards (a rank and a cycle of suits)."""
    cycles, seen = [], set()
    for s in range(4):
        if s not in seen:
            length, t = 0, s
            while t not in seen:
                seen.add(t)
                t, length = perm[t], length + 1
            cycles.append(length)
    ways = Counter({tuple(0 for _ in rounds): 1})  # cards taken in each round so far -> ways
    for length in cycles * 13:  # each orbit: in no round, or in one of them
        step: Counter = Counter()
        for taken, n in ways.items():
            step[taken] += n
            for r in range(len(rounds)):
                if taken[r] + length <= rounds[r]:
                    step[taken[:r] + (taken[r] + length,) + taken[r + 1 :]] += n
        ways = step
    return ways[tuple(rounds)]


@pytest.mark.parametrize("street, recall", CASES)
def test_the_indices_are_as_many_as_the_classes_of_hands(street: str, recall: str) -> None:
    rounds = rounds_of(street, recall)
    classes = sum(fixed_hands(rounds, p) for p in itertools.permutations(range(4)))
    assert classes % 24 == 0
    assert HandIndexer(street, recall).size == classes // 24


@njit(cache=True)
def _least_image(hands: np.ndarray, rounds: np.ndarray, perms: np.ndarray) -> np.ndarray:
    """Each hand's least image over `perms` of suits: its rounds as sets of cards (a bit
    mask each), compared round by round."""
    least = np.empty((hands.shape[0], rounds.shape[0]), np.int64)
    image = np.empty(rounds.shape[0], np.int64)
    for i in range(hands.shape[0]):
        for p in range(perms.shape[0]):
            start = 0
            for r in range(rounds.shape[0]):
                mask = 0
                for j in range(start, start + rounds[r]):
                    card = np.int64(hands[i, j])
                    mask |= np.int64(1) << (card - (card & 3) + perms[p, card & 3])
                image[r] = mask
                start += rounds[r]
            r = 0  # the first round where the image and the least so far differ
            while p > 0 and r < rounds.shape[0] - 1 and image[r] == least[i, r]:
                r += 1
            if p == 0 or image[r] < least[i, r]:
                least[i] = image
    return least


def canonical(hands: np.ndarray, rounds: tuple[int, ...]) -> np.ndarray:
    """The least, over the 24 permutations of suits, of each hand's rounds as sets of cards:
    equal rows exactly for hands of one class."""
    return _least_image(hands, np.array(rounds, np.int64), PERMS.astype(np.int64))


def random_hands(n: int, cards: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :cards].astype(np.uint8)


def check_classes(
    indexer: HandIndexer, hands: np.ndarray, seed: int = 0, classes: np.ndarray | None = None
) -> np.ndarray:
    """A hand's image under a permutation of suits has its index, and the hand of its index
    is in its class; the hands' indices. `classes`, when given: `canonical` of the hand of
    every index (`unindex_batch(np.arange(size))`), made once for many hands."""
    rng = np.random.default_rng(seed)
    index = indexer.index_batch(hands)
    assert ((0 <= index) & (index < indexer.size)).all()
    perm = PERMS[rng.integers(0, 24, len(hands))]
    images = (hands & 0xFC) | np.take_along_axis(perm, (hands & 3).astype(np.int64), axis=1)
    assert (indexer.index_batch(images) == index).all()
    back = canonical(indexer.unindex_batch(index), indexer.rounds) if classes is None else classes[index]
    assert (back == canonical(hands, indexer.rounds)).all()
    return index


@pytest.mark.parametrize("street, recall", CASES)
def test_same_index_exactly_for_hands_of_one_class(street: str, recall: str) -> None:
    indexer = HandIndexer(street, recall)
    check_classes(indexer, random_hands(20_000, indexer.cards, seed=len(street)))


def test_every_preflop_hand() -> None:
    indexer = HandIndexer("preflop")
    hands = np.array(list(itertools.combinations(range(52), 2)), np.uint8)
    check_classes(indexer, hands)
    assert sorted(set(indexer.index_batch(hands).tolist())) == list(range(169))


@pytest.mark.slow
def test_every_flop_hand() -> None:
    indexer = HandIndexer("flop")
    # the class of the hand of each index, once (25,989,600 hands share 1,286,792 indices)
    classes = canonical(indexer.unindex_batch(np.arange(indexer.size)), indexer.rounds)
    holes = list(itertools.combinations(range(52), 2))
    boards = np.array(list(itertools.combinations(range(52), 3)), np.uint8)
    seen = np.zeros(indexer.size, bool)
    for start in range(0, len(holes), 100):
        part = []
        for a, b in holes[start : start + 100]:
            ok = boards[~((boards == a) | (boards == b)).any(axis=1)]
            part.append(np.column_stack([np.full((len(ok), 2), (a, b), np.uint8), ok]))
        seen[check_classes(indexer, np.concatenate(part), seed=start, classes=classes)] = True
    assert seen.all()


def check_round_trip(indexer: HandIndexer, indices: np.ndarray) -> None:
    """index(unindex(i)) == i, each unindexed hand of distinct cards, its rounds ascending."""
    hands = indexer.unindex_batch(indices)
    assert (indexer.index_batch(hands) == indices).all()
    start = 0
    for n in indexer.rounds:
        assert (hands[:, start + 1 : start + n] > hands[:, start : start + n - 1]).all()
        start += n


@pytest.mark.parametrize(
    "street, recall",
    [
        ("preflop", "perfect"),
        ("flop", "perfect"),
        pytest.param("turn", "imperfect", marks=pytest.mark.slow),
        pytest.param("turn", "perfect", marks=pytest.mark.slow),
    ],
)
def test_every_index_round_trips(street: str, recall: str) -> None:
    indexer = HandIndexer(street, recall)
    for start in range(0, indexer.size, 1 << 22):
        check_round_trip(indexer, np.arange(start, min(indexer.size, start + (1 << 22))))


@pytest.mark.parametrize("recall", RECALLS)
def test_sampled_river_indices_round_trip(recall: str) -> None:
    indexer = HandIndexer("river", recall)
    rng = np.random.default_rng(7)
    check_round_trip(indexer, np.concatenate([rng.integers(0, indexer.size, 200_000), [0, indexer.size - 1]]))


def test_one_hand_and_numba_code_agree_with_the_batch() -> None:
    indexer = HandIndexer("river", "imperfect")
    hands = random_hands(50, 7, seed=3)
    batch = indexer.index_batch(hands)
    assert [indexer.index(h) for h in hands] == batch.tolist()
    assert indexer.index(format_cards(hands[0])) == batch[0]
    assert [indexer.index(indexer.unindex(int(i))) for i in batch] == batch.tolist()

    @njit
    def user_loop(t, hands):  # a user's own numba code calling the kernel
        out = np.zeros(len(hands), np.int64)
        keys = np.zeros(16, np.int64)
        for i in range(len(hands)):
            out[i] = hand_index(t, hands[i], keys)
        return out

    assert (user_loop(indexer.tables, hands) == batch).all()
    assert (indexer.index_batch(hands, threads=1) == batch).all()


def test_perfect_recall_keeps_the_rounds_apart() -> None:
    perfect, imperfect = HandIndexer("turn"), HandIndexer("turn", "imperfect")
    a, b = "Ah Kh 2c 7d 9h Ts", "Ah Kh 2c 7d Ts 9h"  # the same cards, 9h and Ts swapped
    assert perfect.index(a) != perfect.index(b) and imperfect.index(a) == imperfect.index(b)


def test_bad_input_is_named() -> None:
    river = HandIndexer("river")
    with pytest.raises(ValueError, match="unknown street 'fourth'"):
        HandIndexer("fourth")
    with pytest.raises(ValueError, match="unknown recall 'total'"):
        HandIndexer("flop", "total")
    with pytest.raises(ValueError, match="a river hand is 7 cards .* not 6"):
        river.index("Ah Kh 2c 7d 9h Ts")
    with pytest.raises(ValueError, match="duplicate card 'Ah'"):
        river.index("Ah Kh 2c 7d 9h Ts Ah")
    hands = random_hands(10, 7, seed=1)
    hands[4, 3] = hands[4, 5]
    with pytest.raises(ValueError, match=f"row 4: card {format_cards([hands[4, 3]])} is there twice"):
        river.index_batch(hands)
    hands[4, 3] = 60
    with pytest.raises(ValueError, match="row 4: 60 is not a card 0..51"):
        river.index_batch(hands)
    with pytest.raises(ValueError, match=r"\(n, 7\) array of card ints, not int64 of shape \(3, 6\)"):
        river.index_batch(np.zeros((3, 6), np.int64))
    with pytest.raises(ValueError, match="index 2428287420 is out of range 0..2428287419"):
        river.unindex(2428287420)
    with pytest.raises(TypeError, match="an index is an int, not bool"):
        river.unindex(True)
    with pytest.raises(ValueError, match="index -1 at row 1 is out of range"):
        river.unindex_batch(np.array([0, -1]))
    with pytest.raises(ValueError, match="joker"):
        river.index("Jk Kh 2c 7d 9h Ts Js")
