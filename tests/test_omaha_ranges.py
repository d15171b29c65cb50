"""Tests for pokerlut._equity.omaha_ranges: Omaha range text ("AAxx, KK**$ds") -> hands, each
construct against a brute force written here from the rules (every hand of the deck listed with
itertools and kept by a plain-Python test), and the ranges in `equity`."""

from __future__ import annotations

import functools
import itertools
import math
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable

import numpy as np
import pytest

import pokerlut
import pokerlut._equity.omaha_ranges as omaha_ranges
from pokerlut._equity.board import BoardSetup
from pokerlut._equity.deal import resolve_deal
from pokerlut._equity.omaha_ranges import parse_omaha_range

# Independent of the module: card = 4 * rank + suit, rank 0..12 = 2..A, suit 0..3 = c d h s.
RANK = {r: i for i, r in enumerate("23456789TJQKA")}
A, K, Q, J, T = 12, 11, 10, 9, 8
BROADWAY, WHEEL, LOW = {8, 9, 10, 11, 12}, {12, 0, 1, 2, 3}, {12, 0, 1, 2, 3, 4, 5, 6}
Hand = tuple[int, ...]


def card(text: str) -> int:
    return 4 * RANK[text[0]] + "cdhs".index(text[1])


def ranks(hand: Hand) -> Counter[int]:
    return Counter(c // 4 for c in hand)


def count_of(hand: Hand, rank_set: Iterable[int]) -> int:
    rank_set = set(rank_set)
    return sum(1 for c in hand if c // 4 in rank_set)


def suited_groups(hand: Hand) -> int:
    """How many suits hold two cards or more."""
    return sum(1 for n in Counter(c % 4 for c in hand).values() if n >= 2)


def no_pair(hand: Hand) -> bool:
    return max(ranks(hand).values()) == 1


def arranged(hand: Hand, symbols: list[set[int]]) -> bool:
    """Whether the cards can be laid one on each symbol (a set of cards), each on one that
    admits it: every order of the cards tried (once per pattern of which symbols admit which
    card, for speed)."""
    admits = tuple(sorted(tuple(c in s for s in symbols) for c in hand))
    return _arranged(admits)


@functools.lru_cache(maxsize=None)
def _arranged(admits: tuple[tuple[bool, ...], ...]) -> bool:
    return any(all(row[i] for i, row in enumerate(order)) for order in itertools.permutations(admits))


def brute(size: int, keep: Callable[[Hand], bool], deck: Iterable[int] = range(52)) -> list[Hand]:
    """Every hand of `size` cards of the deck that `keep` keeps, in increasing order."""
    return [h for h in itertools.combinations(sorted(deck), size) if keep(h)]


def hands(text: str, deck: Iterable[int] | None = None) -> list[Hand]:
    r = parse_omaha_range(text, None if deck is None else list(deck))
    assert r.combos.dtype == np.uint8 and r.masks.dtype == np.uint64
    assert r.masks.tolist() == [sum(1 << int(c) for c in row) for row in r.combos.tolist()]
    return [tuple(row) for row in r.combos.tolist()]


def of_rank(*rank_list: int) -> set[int]:
    return {4 * r + s for r in rank_list for s in range(4)}


ANY = set(range(52))

# (text, the brute force's test, the count, by combinatorics where it is short)
FOUR_CARD = [
    # at least two aces: C(4,2)*C(48,2) + C(4,3)*48 + 1 = 6,768 + 192 + 1
    ("AAxx", lambda h: ranks(h)[A] >= 2, 6_961),
    ("KK**", lambda h: ranks(h)[K] >= 2, 6_961),
    ("kkXx", lambda h: ranks(h)[K] >= 2, 6_961),
    ("AKQJ", lambda h: all(ranks(h)[r] == 1 for r in (A, K, Q, J)), 4**4),
    ("AsKs**", lambda h: card("As") in h and card("Ks") in h, math.comb(50, 2)),
    # two aces and a king: (aces = 2) C(4,2)*(C(48,2) - C(44,2)) + (aces = 3) 4*4 = 1,092 + 16
    ("AAKx", lambda h: ranks(h)[A] >= 2 and ranks(h)[K] >= 1, 1_108),
    ("AhA9x", lambda h: card("Ah") in h and ranks(h)[A] >= 2 and ranks(h)[7] >= 1, None),
    # at least one of A K Q: all but the hands of the other 40 cards
    ("[AKQ]xxx", lambda h: count_of(h, (A, K, Q)) >= 1, 270_725 - math.comb(40, 4)),
    ("[A-T][A-T]xx", lambda h: count_of(h, BROADWAY) >= 2, None),
    ("[T-A][t-a]**", lambda h: count_of(h, BROADWAY) >= 2, None),
    ("[9-6][9-6][9-6]x", lambda h: count_of(h, (7, 6, 5, 4)) >= 3, None),
    ("[AK9-8]Axx", lambda h: arranged(h, [of_rank(A, K, 7, 6), of_rank(A), ANY, ANY]), None),
    ("[AK][AK]Kx", lambda h: arranged(h, [of_rank(A, K), of_rank(A, K), of_rank(K), ANY]), None),
    # four of the 20 broadway cards with at least two aces: 6*C(16,2) + 4*16 + 1
    ("AA$B$B", lambda h: ranks(h)[A] >= 2 and count_of(h, BROADWAY) == 4, 785),
    ("$W$W$Wx", lambda h: count_of(h, WHEEL) >= 3, None),
    ("$l$L$L$L", lambda h: count_of(h, LOW) == 4, math.comb(32, 4)),
    ("Q$Bx$W", lambda h: arranged(h, [of_rank(Q), of_rank(*BROADWAY), ANY, of_rank(*WHEEL)]), None),
    # suits: 2-2 is 6 pairs of suits * C(13,2)**2; rainbow 13**4; single suited the rest
    ("xxxx$ds", lambda h: suited_groups(h) == 2, 6 * 78**2),
    ("xxxx$r", lambda h: suited_groups(h) == 0, 13**4),
    ("xxxx$ss", lambda h: suited_groups(h) == 1, 270_725 - 6 * 78**2 - 13**4),
    ("xxxx$np", lambda h: no_pair(h), math.comb(13, 4) * 4**4),
    ("xxxx$DS$NP", lambda h: suited_groups(h) == 2 and no_pair(h), None),
    ("KKxx$ds", lambda h: ranks(h)[K] >= 2 and suited_groups(h) == 2, None),
    ("AKxx$ss$np", lambda h: ranks(h)[A] and ranks(h)[K] and suited_groups(h) == 1 and no_pair(h), None),
    # exactly two aces: 6 * C(48,2)
    ("AAxx!AAAx", lambda h: ranks(h)[A] == 2, 6 * math.comb(48, 2)),
    ("AAxx!AAAx!AAKK", lambda h: ranks(h)[A] == 2 and ranks(h)[K] < 2, None),
    ("AAxx!xxxx$ds", lambda h: ranks(h)[A] >= 2 and suited_groups(h) != 2, None),
    ("AAxx, KKxx$ds", lambda h: ranks(h)[A] >= 2 or (ranks(h)[K] >= 2 and suited_groups(h) == 2), None),
    ("AAxx, AAKx, AsAhxx", lambda h: ranks(h)[A] >= 2, 6_961),
    ("AxKx", lambda h: ranks(h)[A] >= 1 and ranks(h)[K] >= 1, None),  # x: any card, not a suit
    ("random", lambda h: True, math.comb(52, 4)),
    ("Random4", lambda h: True, math.comb(52, 4)),
    ("AhKhQdJd", lambda h: h == tuple(sorted(map(card, ["Ah", "Kh", "Qd", "Jd"]))), 1),
    ("Ah Kh 10d 9d, Ah Kh Td 9d", lambda h: h == tuple(sorted(map(card, ["Ah", "Kh", "Td", "9d"]))), 1),
    ("A♠ K♥ Q♦ J♣", lambda h: h == tuple(sorted(map(card, ["As", "Kh", "Qd", "Jc"]))), 1),
]


@pytest.fixture(params=["default", "every hand"])
def search(request, monkeypatch):
    """Both ways to find a pattern's hands: from the sequences of admitted cards where there are
    few, and by testing every hand of the deck (MAX_SEQUENCES = 0)."""
    if request.param == "every hand":
        monkeypatch.setattr(omaha_ranges, "MAX_SEQUENCES", 0)
    return request.param


@pytest.fixture(scope="module")
def every_four_card_hand() -> list[Hand]:
    return list(itertools.combinations(range(52), 4))


EXPECTED: dict[str, list[Hand]] = {}


@pytest.mark.parametrize("text, keep, count", FOUR_CARD, ids=[t for t, *_ in FOUR_CARD])
def test_four_card_patterns_against_the_brute_force(text, keep, count, search, every_four_card_hand):
    if text not in EXPECTED:  # the brute force once for both searches
        EXPECTED[text] = [h for h in every_four_card_hand if keep(h)]
    expected = EXPECTED[text]
    assert hands(text) == expected
    if count is not None:
        assert len(expected) == count


# Five and six cards, over a smaller deck (the cards 9 to A: 24 cards) for the brute force, and
# over 52 cards by combinatorics.
SMALL_DECK = range(28, 52)


@pytest.mark.parametrize(
    "text, keep",
    [
        ("AAxxx", lambda h: ranks(h)[A] >= 2),
        ("AKQ**$ds", lambda h: all(ranks(h)[r] for r in (A, K, Q)) and suited_groups(h) >= 2),
        (
            "[AK][AK]xxx$np!AKQJT",
            lambda h: count_of(h, (A, K)) == 2 and no_pair(h) and count_of(h, (Q, J, T)) < 3,
        ),
        ("xxxxx$ss", lambda h: suited_groups(h) == 1),
        ("AAxxxx", lambda h: ranks(h)[A] >= 2),
        ("KK$B$Bxx$ds", lambda h: ranks(h)[K] >= 2 and count_of(h, BROADWAY) >= 4 and suited_groups(h) >= 2),
        ("xxxxxx$np", lambda h: no_pair(h)),
        (
            "[A-T]xxxxx$ss, TTTJxx",
            lambda h: (
                (count_of(h, BROADWAY) >= 1 and suited_groups(h) == 1)
                or (ranks(h)[T] >= 3 and ranks(h)[J] >= 1)
            ),
        ),
        (
            "AsKs[QJ][QJ]T*$ds",
            lambda h: (
                {card("As"), card("Ks")} <= set(h)
                and count_of(h, (Q, J)) >= 2
                and ranks(h)[T] >= 1
                and suited_groups(h) >= 2
            ),
        ),
        ("random6", lambda h: True),
    ],
)
def test_five_and_six_card_patterns_against_the_brute_force(text, keep, search):
    size = len(hands(text, SMALL_DECK)[0])
    assert hands(text, SMALL_DECK) == brute(size, keep, SMALL_DECK)


def test_five_and_six_card_counts_by_combinatorics():
    # at least two aces: C(4,2)*C(48,3) + C(4,3)*C(48,2) + 48; C(4,2)*C(48,4) + C(4,3)*C(48,3) + C(48,2)
    assert len(parse_omaha_range("AAxxx")) == 6 * 17_296 + 4 * 1_128 + 48 == 108_336
    assert len(parse_omaha_range("AAxxxx")) == 6 * 194_580 + 4 * 17_296 + 1_128 == 1_237_792
    # five cards, single suited: 2-1-1-1 (4*78*13**3), 3-1-1 (4*3*286*13**2), 4-1 (4*3*715*13), 5 (4*1287)
    single = 4 * 78 * 13**3 + 12 * 286 * 13**2 + 12 * 715 * 13 + 4 * 1287
    assert len(parse_omaha_range("xxxxx$ss")) == single == 1_382_160
    assert len(parse_omaha_range("xxxxx$ds")) == math.comb(52, 5) - single
    assert len(parse_omaha_range("random5")) == math.comb(52, 5)
    with pytest.raises(ValueError, match=re.escape("'xxxxx$r' matches no hand of the 52-card deck")):
        parse_omaha_range("xxxxx$r")  # five cards of four suits are never rainbow


def test_a_short_deck_and_its_cards():
    short = range(16, 52)  # 6 to A
    # C(4,2)*C(32,2) + C(4,3)*32 + 1
    assert len(parse_omaha_range("AAxx", short)) == 6 * 496 + 4 * 32 + 1 == 3_105
    assert hands("random", short) == brute(4, lambda h: True, short)
    assert hands("[A-2]xxx", short) == hands("random", short)
    with pytest.raises(ValueError, match="'55xx' matches no hand of the 36-card deck"):
        parse_omaha_range("55xx", short)
    with pytest.raises(ValueError, match="card 5h in '5hAxx' is not in the 36-card deck"):
        parse_omaha_range("5hAxx", short)


def test_the_range_object():
    r = parse_omaha_range("AAAA, KKKK")
    assert repr(r) == "OmahaRange('KsKhKdKc, AsAhAdAc')" and r.size == 4 and len(r) == 2
    assert repr(parse_omaha_range("AAxx")) == "OmahaRange(6961 hands of 4 cards)"
    assert not r.combos.flags.writeable and not r.masks.flags.writeable
    assert r.without_mask(0) is r
    assert hands("KKKK") == [tuple(row) for row in r.without_mask(1 << card("Ac")).combos.tolist()]
    with pytest.raises(TypeError, match="a range must be a str"):
        parse_omaha_range(["AAxx"])  # type: ignore[arg-type]


def test_card_removal_in_a_deal():
    board, dead = ["Ah", "Kd", "2c"], ["As"]
    known = {card(c) for c in board + dead}
    keep = [
        lambda h: ranks(h)[A] >= 2 and suited_groups(h) == 2,
        lambda h: ranks(h)[K] >= 2,
        lambda h: card("As") in h and card("Ks") in h,
    ]
    # player 3's hands all hold As, a dead card: an error
    with pytest.raises(ValueError, match="player 3: every hand of 'AsKs\\*\\*' holds a board or dead card"):
        BoardSetup(["AAxx$ds", "KK**", "AsKs**"], " ".join(board), " ".join(dead), resolve_deal("omaha"))
    setup = BoardSetup(["AAxx$ds", "KK**"], " ".join(board), " ".join(dead), resolve_deal("omaha"))
    for r, test in zip(setup.ranges, keep):
        expected = brute(4, lambda h: test(h) and not known & set(h))
        assert [tuple(row) for row in r.combos.tolist()] == expected
    # one hand holding a board card is an error of the deal, as before
    with pytest.raises(ValueError, match="card Ah is"):
        pokerlut.equity(["AhKhQdJd", "8c7c6s5s"], board="Ah 9c 2h", deal="omaha")


def test_equity_of_patterns_is_equity_of_their_hands_written_out():
    board = "Ah Kh 2c 3d 4s"
    spelled = []
    for text in ("AAxx$ds", "KK**"):
        rows = parse_omaha_range(text).without_mask(sum(1 << card(c) for c in board.split())).combos
        spelled.append(", ".join(pokerlut.format_cards(row, sep="") for row in rows))
    patterns = pokerlut.equity(["AAxx$ds", "KK**"], board=board, deal="omaha", seed=1)
    written = pokerlut.equity(spelled, board=board, deal="omaha", seed=1)
    assert patterns.exact == written.exact and patterns.dealt == written.dealt > 0
    assert [p.equity for p in patterns.players] == [p.equity for p in written.players]
    assert [(p.win, p.tie) for p in patterns.players] == [(p.win, p.tie) for p in written.players]


def test_range_analyses_read_patterns():
    r = pokerlut.equity_distribution(["AAKK$ds", "QQJJ"], board="2c 3d 7h 8s 9c", deal="omaha")
    assert len(r.combos) == 6  # AAKK double suited: the aces' two suits, the kings' the same two


@pytest.mark.parametrize(
    "players, message",
    [
        (["AAxy"], "bad symbol 'y' in 'AAxy': expected a rank (A K Q J T 9 .. 2), a card ('As')"),
        (["AAx"], "Omaha hands have 4, 5 or 6 cards, not 3: 'AAx'"),
        (["AA"], "not 2: 'AA' (a pattern has a symbol for every card: 'AAxx', not 'AA')"),
        (["AAxxxxx"], "not 7: 'AAxxxxx'"),
        (["As2d3c"], "Omaha hands have 4, 5 or 6 cards, not 3: 'As2d3c'"),
        (["AAxx, KKxxx"], "all of one size in a range: 'KKxxx' has 5, 'AAxx' 4"),
        (["AAxx!AAAxx"], "'AAAxx' in 'AAxx!AAAxx' has 5 cards, not 4 as 'AAxx'"),
        (["AAxx!"], "empty pattern in 'AAxx!'"),
        (["!AAxx"], "empty pattern in '!AAxx'"),
        (["AAxx!AAxx"], "'AAxx!AAxx' matches no hand: what follows '!' takes every hand of 'AAxx'"),
        (["AAxx$ds$np"], "'AAxx$ds$np' matches no hand of the 52-card deck"),
        (["AAAAA"], "'AAAAA' matches no hand"),
        (["AAxx$dsA"], "card symbol 'A' after a suit constraint in 'AAxx$dsA': constraints come last"),
        (["AAxx$q"], "unknown '$q' in 'AAxx$q': classes are '$B', '$W', '$L'"),
        (["AA$Mx"], "unknown '$M' in 'AA$Mx'"),
        (["AA[AZ]x"], "bad rank set '[AZ]' in 'AA[AZ]x': expected ranks and spans in brackets"),
        (["AA[]xx"], "bad rank set '[]'"),
        (["AA[A-]xx"], "bad rank set '[A-]'"),
        (["AA[AKxx"], "bad symbol '['"),
        (["AAxx:0.5"], "'AAxx:0.5': Omaha ranges have no weights"),
        (["AhAhxx"], "card Ah twice in 'AhAhxx'"),
        (["AAxx,"], "empty token at position 1 in range 'AAxx,'"),
        ([""], "empty range ''"),
        (["random7"], "bad symbol 'r' in 'random7'"),
    ],
)
def test_bad_tokens(players, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_omaha_range(players[0])
    with pytest.raises(ValueError, match="^player 1: .*" + re.escape(message)):
        pokerlut.equity([players[0], "KsKhQdQc"], deal="omaha")


def test_four_card_patterns_are_fast():
    """`AAxx` and `$ds` patterns of four cards: well under 100 ms (a few ms measured)."""
    for text in ("AAxx", "xxxx$ds", "AAxx$ds", "KKxx$ds!KKKx, AAxx"):
        parse_omaha_range(text)
        start = time.perf_counter()
        parse_omaha_range(text)
        assert time.perf_counter() - start < 0.1, text
