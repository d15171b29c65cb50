"""The draw games (issue 48): five-card draw, deuce-to-seven single and triple draw, ace-to-five
triple draw, Badugi, Badeucy and Badacey.

- the issue's figures, counted here from the rules: jack-low or better dealt in deuce-to-seven,
  a pair drawing three in five-card draw, 2-3-6-7 drawing one to a seven-low;
- exact equity after one draw against the slow reference (tests/reference/equity.py: every
  replacement of every player, each final hand valued by tests/reference/games.py or
  badugi.py), on a sample of spots in every deal;
- Monte Carlo through several draws within 4 standard errors of an exact recursion written
  here over small spots (a stub of a few cards: the rest dead), built-in and user policies,
  the discards reshuffled when the stub runs out;
- `draw_chance` against the same recursion; the built-in policies against rules written here;
- seeds, threads, the command line, and bad input.
"""

from __future__ import annotations

import itertools
import json
import math
import subprocess
import sys

import numba
import numpy as np
import pytest

import pokerlut
import reference.equity as reference
from pokerlut import Game, draw_chance, draw_keep, equity, evaluate, evaluate_batch, parse_cards

# deal: (the high or only game, the low half's game, cards in a hand)
DEALS = {
    "five-card-draw": ("high", None, 5),
    "2-7-single-draw": ("deuce-to-seven", None, 5),
    "2-7-triple-draw": ("deuce-to-seven", None, 5),
    "a-5-triple-draw": ("ace-to-five", None, 5),
    "badugi": ("badugi", None, 4),
    "badeucy": ("badugi-deuce-to-seven", "deuce-to-seven", 5),
    "badacey": ("badugi", "ace-to-five", 5),
}
RANKS = "23456789TJQKA"


def cards_of(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)] if text.strip() else []


def showdown(finals: list[list[int]], deal: str) -> np.ndarray:
    """Each player's share of the pot: the best high hand takes it (split among ties), or half
    of it in a split pot, the best low the other half."""
    high, low, _ = DEALS[deal]
    n = len(finals)
    shares = np.zeros(n)
    halves = [(high, 1.0)] if low is None else [(high, 0.5), (low, 0.5)]
    for game, part in halves:
        values = [evaluate(hand, game=game) for hand in finals]
        best = max(values)
        winners = [p for p in range(n) if values[p] == best]
        for p in winners:
            shares[p] += part / len(winners)
    return shares


# --- the figures ---------------------------------------------------------------------


def every_hand() -> np.ndarray:
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), 5)), np.uint8)
    return flat.reshape(-1, 5)


def test_dealt_jack_low_or_better_in_deuce_to_seven():
    """A jack-low or better: no pair, no straight, no flush (they count against you in
    deuce-to-seven) and no card above a jack; at least as good as the worst of them, J-T-9-8-6
    (J-T-9-8-7 is a straight)."""
    hands = every_hand()
    assert len(hands) == 2_598_960
    ranks, suits = hands >> 2, hands & 3
    distinct = np.array([len(set(r)) == 5 for r in ranks.tolist()])
    top = ranks.max(axis=1)
    straight = distinct & (top - ranks.min(axis=1) == 4)
    flush = (suits == suits[:, :1]).all(axis=1)
    by_rule = distinct & ~straight & ~flush & (top <= RANKS.index("J"))
    assert by_rule.sum() == 250_920
    worst_jack_low = evaluate("Jd Tc 9h 8s 6c", game="deuce-to-seven")
    strengths = evaluate_batch(hands, game="deuce-to-seven")
    assert ((strengths >= worst_jack_low) == by_rule).all()
    chance = draw_chance("", "J-low", deal="2-7-single-draw")  # five new cards: a dealt hand
    assert chance.probability == pytest.approx(250_920 / 2_598_960, abs=1e-12)
    assert f"{chance.probability:.4%}" == "9.6546%"


def test_a_pair_drawing_three_in_five_card_draw():
    """AsAh kept, three cards thrown (dead): 16,215 draws; categories counted by the rules."""
    pair, thrown = cards_of("As Ah"), cards_of("Kd 7c 2s")
    stub = [c for c in range(52) if c not in pair + thrown]
    counts: dict[str, int] = {}
    for drawn in itertools.combinations(stub, 3):
        ranks = sorted([12, 12] + [c >> 2 for c in drawn])
        shape = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
        name = {(2, 2, 1): "two pair", (3, 1, 1): "trips", (3, 2): "full house", (4, 1): "quads"}
        key = name.get(tuple(shape), "one pair")
        counts[key] = counts.get(key, 0) + 1
    assert sum(counts.values()) == math.comb(47, 3) == 16_215
    assert (counts["two pair"], counts["trips"], counts["full house"]) == (2_592, 1_854, 165)
    for target, made in (
        ("two pair", 2_592 + 1_854 + 165 + 45),
        ("three of a kind", 1_854 + 165 + 45),
        ("full house", 165 + 45),
        ("four of a kind", 45),
    ):
        r = draw_chance("As Ah", target, "Kd 7c 2s", deal="five-card-draw")
        assert r.probability == pytest.approx(made / 16_215, abs=1e-12), target


def test_two_three_six_seven_drawing_one():
    """7-6-3-2 and a king thrown: 47 unseen, a 4 or a 5 makes a seven-low."""
    kept, thrown = cards_of("7s 6d 3c 2h"), cards_of("Kd")
    stub = [c for c in range(52) if c not in kept + thrown]
    worst_seven_low = evaluate("7d 6c 5h 4s 2d", game="deuce-to-seven")
    makes = [c for c in stub if evaluate(kept + [c], game="deuce-to-seven") >= worst_seven_low]
    assert len(stub) == 47 and sorted({RANKS[c >> 2] for c in makes}) == ["4", "5"] and len(makes) == 8
    once = draw_chance("7s6d3c2h", "7-low", "Kd", deal="2-7-single-draw")
    assert once.probability == pytest.approx(8 / 47, abs=1e-12) and f"{once.probability:.1%}" == "17.0%"
    thrice = draw_chance("7s6d3c2h", "7-low", "Kd", deal="2-7-triple-draw")
    missed = (39 / 47) * (38 / 46) * (37 / 45)  # each miss thrown away: out of the later draws
    assert (
        thrice.probability == pytest.approx(1 - missed, abs=1e-12) and f"{thrice.probability:.1%}" == "43.6%"
    )
    assert thrice.by_draw[0] == pytest.approx(8 / 47) and len(thrice.by_draw) == 3


# --- exact equity after one draw ---------------------------------------------------------------


def sample_spots(deal: str, count: int, seed: int) -> list[tuple[list[str], str]]:
    """Random spots of the deal: 2 or 3 players drawing few cards (the reference, in Python,
    can walk them), some cards dead."""
    rng = np.random.default_rng(seed)
    h = DEALS[deal][2]
    shapes = [(1, 1), (0, 1), (1, 2), (2, 1), (0, 3), (1, 1, 1), (0, 1, 2)]
    spots = []
    for _ in range(count):
        draws = shapes[rng.integers(len(shapes))]
        deck = rng.permutation(52).tolist()
        hands = []
        for d in draws:
            hands.append(pokerlut.format_cards(deck[: h - d], sep=""))
            deck = deck[h - d :]
        dead = pokerlut.format_cards(deck[: rng.integers(3)])
        spots.append((hands, dead))
    return spots


SPOTS = [
    (deal, hands, dead)
    for k, deal in enumerate(DEALS)
    for hands, dead in [
        *sample_spots(deal, 4, 48 + k),
        ((["7s6d3c2h", "8c5h4d3s2d"], "Kd") if DEALS[deal][2] == 5 else (["As2d3h", "Kc2h3s4d"], "")),
    ]
]


@pytest.mark.parametrize("deal, hands, dead", SPOTS)
def test_exact_after_one_draw_is_the_brute_force(deal, hands, dead):
    want = reference.equity(deal, hands, dead=dead)  # every replacement of every player
    expected = [float(p.equity) for p in want.players]
    r = equity(hands, dead=dead, deal=deal, draw_rounds=1, exact=True)
    assert r.exact and r.dealt == want.deals and r.draw_rounds == 1 and r.policy is None
    assert [p.equity for p in r.players] == pytest.approx(expected, abs=1e-12)
    dealt = equity(hands, dead=dead, deal=deal, draw_rounds=1, exact=True, by_category=True)
    assert [p.equity for p in dealt.players] == pytest.approx(expected, abs=1e-12)
    for p in dealt.players:  # each hand dealt one by one: the shares by category add up
        assert sum((p.by_category or {}).values()) == pytest.approx(p.equity, abs=1e-12)


def test_heads_up_wins_and_ties_count_every_deal():
    r = equity(["7s6d", "8c5h"], deal="2-7-single-draw", exact=True)  # three cards each
    assert r.dealt == math.comb(48, 3) * math.comb(45, 3)
    p, q = r.players
    assert p.win + q.win + p.tie == pytest.approx(1.0) and p.tie == q.tie > 0
    assert p.equity + q.equity == pytest.approx(1.0)


# --- Monte Carlo through several draws against an exact recursion -----------------------------


@numba.njit
def keep_four(cards, draw_rounds, t, t_low):
    """A user's policy: keep the four lowest cards (cards come in increasing order), draw the fifth."""
    return 15


def exact_recursion(hands: list[str], dead: str, deal: str, rounds: int, policy) -> np.ndarray:
    """Each player's equity through `rounds` draws, exactly: the first draw replaces what the
    players did not keep, then before each later draw `draw_keep` says what each keeps, in
    turn; the thrown cards go on a pile, shuffled into the stub when a player needs more cards
    than the stub holds (the others' thrown cards only). Every draw equally likely."""
    h = DEALS[deal][2]
    kept = [cards_of(x) for x in hands]
    known = {c for k in kept for c in k} | set(cards_of(dead))
    stub = tuple(c for c in range(52) if c not in known)
    n = len(hands)

    def walk(
        holds: list[list[int]], stub: tuple[int, ...], pile: tuple[int, ...], left: int, p: int, before
    ) -> np.ndarray:
        if p == n:
            if left == 1:
                return showdown(holds, deal)
            keeps = [
                cards_of(
                    draw_keep(pokerlut.format_cards(hand), deal=deal, policy=policy, draw_rounds=left - 1)
                )
                for hand in holds
            ]
            return walk(keeps, stub, pile, left - 1, 0, holds)
        hand = holds[p]
        thrown = tuple(c for c in before[p] if c not in hand) if before else ()
        need = h - len(hand)
        if need > len(stub):
            stub, pile = stub + pile, ()
        options = list(itertools.combinations(stub, need))
        total = np.zeros(n)
        for drawn in options:
            rest = tuple(c for c in stub if c not in drawn)
            now = holds[:p] + [hand + list(drawn)] + holds[p + 1 :]
            total += walk(now, rest, pile + thrown, left, p + 1, before)
        return total / len(options)

    return walk(kept, stub, (), rounds, 0, None)


SMALL = [  # deal, hands, the cards left in the stub, draws, policy
    ("2-7-triple-draw", ["7s6d3c2h", "8c5h4d3s"], "2d 4c 5s 9h Td Kc 7h 8d", 2, None),
    ("2-7-triple-draw", ["7s6d3c2h", "8c5h4d3s"], "2d 4c 5s 9h Td Kc 7h 8d", 3, keep_four),
    ("a-5-triple-draw", ["As2d3c", "4h5h6h7h"], "Ad 2c 3s 8h 9d Kc Qh Jd", 2, None),
    ("five-card-draw", ["AsAh", "KsKhQd"], "Ad Kc 2s 3h 7d 9c Jh 4s", 1, None),
    ("badugi", ["As2d3h", "Kc2h3s"], "4c 5d 6h 7s Ac Kd Qh", 2, None),
    ("badeucy", ["2s3d4h5c", "7c6h4d3s"], "2c 8d 9h Ks Qc Td 5h", 2, None),
]


@pytest.mark.parametrize("deal, hands, stub, rounds, policy", SMALL)
def test_monte_carlo_through_the_draws_is_within_four_standard_errors(deal, hands, stub, rounds, policy):
    left = set(cards_of(stub))
    known = {c for x in hands for c in cards_of(x)}
    dead = pokerlut.format_cards([c for c in range(52) if c not in left | known])
    expected = exact_recursion(hands, dead, deal, rounds, policy)
    r = equity(hands, dead=dead, deal=deal, draw_rounds=rounds, policy=policy, trials=400_000, seed=11)
    assert not r.exact and r.draw_rounds == rounds and r.dealt == 400_000
    for p, e in zip(r.players, expected):
        assert abs(p.equity - e) < 4 * p.stderr + 1e-12, (p.hand, p.equity, e, p.stderr)


def test_the_stub_runs_out_and_the_discards_are_reshuffled():
    """Two players keep nothing and draw five three times from a stub of seven cards: the
    stub runs out, the other's discards come back; every deal still holds distinct cards
    (the result is a true equity: shares add up to one)."""
    dead = pokerlut.format_cards(list(range(52 - 17)))  # 17 live cards: 2 x 5 dealt, 7 left
    r = equity(["", ""], dead=dead, deal="2-7-triple-draw", trials=50_000, seed=3)
    assert sum(p.equity for p in r.players) == pytest.approx(1.0)


def test_draw_chance_is_the_recursion_with_the_target_as_a_stop():
    """A badugi by the last of two draws from a stub of eight: the recursion here stands pat
    on a badugi and otherwise keeps what the built-in policy keeps when drawing to it."""
    hand, stub = "As2d3h", "4c 5d 6h 7s Ac Kd Qh 9c"
    left = set(cards_of(stub))
    dead = pokerlut.format_cards([c for c in range(52) if c not in left | set(cards_of(hand))])
    target = evaluate("Ks Qh Jd Tc", game="badugi")  # the worst badugi

    def chance(held: list[int], stub: tuple[int, ...], rounds: int) -> float:
        options = list(itertools.combinations(stub, 4 - len(held)))
        total = 0.0
        for drawn in options:
            now = held + list(drawn)
            if evaluate(now, game="badugi") >= target:
                total += 1
            elif rounds > 1:
                keep = cards_of(draw_keep(pokerlut.format_cards(now), deal="badugi", policy=best_badugi_keep))
                total += chance(keep, tuple(c for c in stub if c not in drawn), rounds - 1)
        return total / len(options)

    expected = chance(cards_of(hand), tuple(sorted(left)), 2)
    r = draw_chance(hand, "badugi", dead, deal="badugi", draw_rounds=2)
    assert r.probability == pytest.approx(expected, abs=1e-12)
    assert r.policy == "badugi" and len(r.by_draw) == 2


@numba.njit
def best_badugi_keep(cards, draw_rounds, t, t_low):
    """The built-in Badugi policy drawing to any badugi, written again: the largest set of
    cards of different ranks and suits (any rank), the lowest such set (ace low), at most
    three cards."""
    best, best_size, best_ranks = 0, 0, 0
    for subset in range(1, 16):
        size, ranks, suits, ok = 0, 0, 0, True
        for i in range(4):
            if (subset >> i) & 1:
                rank = ((cards[i] >> 2) + 1) % 13
                if (ranks >> rank) & 1 or (suits >> (cards[i] & 3)) & 1:
                    ok = False
                ranks |= 1 << rank
                suits |= 1 << (cards[i] & 3)
                size += 1
        if ok and size < 4 and (size > best_size or (size == best_size and ranks < best_ranks)):
            best, best_size, best_ranks = subset, size, ranks
    return best


# --- the built-in policies -------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, deal, kept",
    [
        ("Kd 7s 6d 3c 2h", "2-7-triple-draw", "7s 6d 3c 2h"),
        ("9s 7h 5d 3c 2h", "2-7-triple-draw", "9s 7h 5d 3c 2h"),  # a nine-low: pat
        ("Ts 7h 5d 3c 2h", "2-7-triple-draw", "7h 5d 3c 2h"),  # a ten-low: draw one
        ("8s 7h 6d 5c 4h", "2-7-triple-draw", "7h 6d 5c 4h"),  # a straight: break it
        ("Ks Qh Jd Tc 9h", "2-7-triple-draw", ""),
        ("As 2d 3c 4h 4s", "a-5-triple-draw", "As 2d 3c 4h"),
        ("As 2d 3c 4h 9s", "a-5-triple-draw", "As 2d 3c 4h 9s"),  # a nine-low: pat
        ("Qs Qh 8d 7c 2h", "five-card-draw", "Qs Qh"),
        ("Qs Qh 8d 8c 2h", "five-card-draw", "Qs Qh 8d 8c"),
        ("Ks Qs 8s 7s 2h", "five-card-draw", "Ks Qs 8s 7s"),  # four to a flush
        ("9s 8h 7d 6c 2h", "five-card-draw", "9s 8h 7d 6c"),  # open-ended
        ("As Kh Qd Jc 2h", "five-card-draw", "As"),  # one end only: the highest card
        ("9s 8h 7d 6c 5h", "five-card-draw", "9s 8h 7d 6c 5h"),  # a straight: pat
        ("Kc Qh 3s 4d", "badugi", "Kc Qh 3s 4d"),  # a badugi: pat
        ("Kc 2h 3s 4s", "badugi", "2h 3s"),  # the best of cards up to 8
        ("Kc 2h 3s 4s 5d", "badeucy", "2h 3s 4s 5d"),  # its low half's policy
    ],
)
def test_the_built_in_policies(hand, deal, kept):
    assert draw_keep(hand, deal=deal) == kept


def lowball_rule(cards: list[int], ace_low: bool) -> int:
    """The lowball policy from its words: stand pat on a nine-low or better (no pair, no card
    above 9, and in deuce-to-seven no straight or flush); else keep the lowest distinct cards
    ranked 8 or lower, at most four (of each rank the card of the lowest suit)."""
    order = [((c >> 2) + 1) % 13 if ace_low else c >> 2 for c in cards]
    nine, eight = (8, 7) if ace_low else (7, 6)
    distinct = len(set(order)) == 5
    straight = distinct and max(order) - min(order) == 4
    flush = len({c & 3 for c in cards}) == 1
    if distinct and max(order) <= nine and (ace_low or not (straight or flush)):
        return 31
    lowest = {}  # low order: the position of its card of the lowest suit
    for i, lo in enumerate(order):
        if lo <= eight and (lo not in lowest or cards[i] < cards[lowest[lo]]):
            lowest[lo] = i
    return sum(1 << lowest[lo] for lo in sorted(lowest)[:4])


@pytest.mark.parametrize("deal, ace_low", [("2-7-triple-draw", False), ("a-5-triple-draw", True)])
def test_the_lowball_policies_are_their_words(deal, ace_low):
    rng = np.random.default_rng(7)
    for _ in range(1500):
        cards = rng.choice(52, 5, replace=False).tolist()
        if rng.random() < 0.5:  # low cards more often: more pat hands and made lows
            cards = rng.choice(np.r_[0:32, 48:52], 5, replace=False).tolist()
        text = pokerlut.format_cards(cards)
        mask = lowball_rule(cards, ace_low)
        assert draw_keep(text, deal=deal) == pokerlut.format_cards(
            [c for i, c in enumerate(cards) if mask >> i & 1]
        ), text


@pytest.mark.parametrize("deal", ["2-7-triple-draw", "a-5-triple-draw", "five-card-draw", "badugi"])
def test_the_built_in_policies_do_not_depend_on_the_order_of_the_cards(deal):
    rng = np.random.default_rng(3)
    h = DEALS[deal][2]
    for _ in range(300):
        cards = rng.choice(np.r_[0:28, 48:52], h, replace=False).tolist()  # low cards: pairs too
        kept = set(cards_of(draw_keep(pokerlut.format_cards(cards), deal=deal)))
        shuffled = rng.permutation(cards).tolist()
        assert set(cards_of(draw_keep(pokerlut.format_cards(shuffled), deal=deal))) == kept, cards


@numba.njit
def keeps_when_sorted(cards, draw_rounds, t, t_low):
    """Keep the two lowest cards when the cards come in increasing order; else a bad keep."""
    for i in range(len(cards) - 1):
        if cards[i] >= cards[i + 1]:
            return -1
    return 3


def test_a_users_policy_sees_the_cards_in_increasing_order():
    assert draw_keep("Kd 7s 6d 3c 2h", deal="2-7-triple-draw", policy=keeps_when_sorted) == "3c 2h"
    r = equity(["7s6d3c", "8c5h4d"], deal="2-7-triple-draw", policy=keeps_when_sorted, trials=20_000, seed=1)
    assert r.dealt == 20_000  # a hand out of order would have raised ValueError


def test_the_monte_carlo_values_every_five_card_hand_as_evaluate_does():
    """The kernel values a hand held as a mask of cards by its rank mask and rank key alone
    (`draw_simulate.mask_strength`): equal to `evaluate_batch` on all 2,598,960 hands."""
    from pokerlut._kernels.draw_simulate import mask_strength

    @numba.njit
    def strengths(t, masks, row, out):
        for i in range(masks.shape[0]):
            out[i] = mask_strength(t, masks[i], 5, row)

    hands = every_hand()
    masks = np.bitwise_or.reduce(np.uint64(1) << hands.astype(np.uint64), axis=1)
    out = np.zeros(len(hands), np.int64)
    for game in ("high", "deuce-to-seven", "ace-to-five"):
        strengths(Game.of(game).any_tables, masks, np.zeros(8, np.uint8), out)
        assert np.array_equal(out, evaluate_batch(hands, game=game)), game


# --- seeds, threads, results ---------------------------------------------------------------------


def test_a_seed_gives_the_same_result_whatever_the_threads():
    spot = dict(hands=["7s6d3c", "8c5h4d", ""], deal="2-7-triple-draw", trials=100_000, seed=5)
    one, two = equity(**spot, threads=1), equity(**spot, threads=2)
    assert one.players == two.players and one.seed == 5
    assert equity(**{**spot, "seed": 6}).players != one.players


def test_by_category_in_monte_carlo_adds_up_to_the_equity():
    kwargs = dict(deal="badacey", trials=50_000, seed=2)
    plain = equity(["As2d3h", "8s7h6d5c"], **kwargs)
    r = equity(["As2d3h", "8s7h6d5c"], by_category=True, **kwargs)
    assert r.players == tuple(
        type(p)(**{**p.to_dict(), "by_category": q.by_category}) for p, q in zip(plain.players, r.players)
    )
    for p in r.players:
        assert sum((p.by_category or {}).values()) == pytest.approx(p.equity, abs=1e-12)
        assert set(p.by_category or {}) >= {"badugi", "three-card hand", "wheel", "one pair"}


def test_players_as_card_ints_arrays_and_counts():
    a = equity([[23, 17, 4, 2], np.array([24, 14, 9, 7, 1])], dead=[45], deal="2-7-single-draw")
    b = equity(["7s6d3c2h", "8c5h4d3s2d"], dead="Kd", deal="2-7-single-draw")
    assert [p.equity for p in a.players] == [p.equity for p in b.players]
    c = equity(["7s6d3c2h", 5], dead="Kd", deal="2-7-single-draw", trials=1000, seed=1)
    d = equity(["7s6d3c2h", ""], dead="Kd", deal="2-7-single-draw", trials=1000, seed=1)
    assert c.players == d.players and c.players[1].hand == "draws 5"


def test_the_result_names_the_draws_and_the_policy():
    r = equity(["7s6d3c2h", "8c5h4d3s2d"], dead="Kd", deal="2-7-triple-draw", trials=20_000, seed=1)
    assert repr(r).startswith("EquityResult(2-7-triple-draw, 3 draws, policy deuce-to-seven, Monte Carlo")
    data = r.to_dict()
    assert data["draw_rounds"] == 3 and data["policy"] == "deuce-to-seven"
    assert "draw_rounds" not in equity(["AsAh", "KsKh"], "2c 7d 9h Tc").to_dict()
    assert [
        p.hand for p in equity(["7s6d3c2h", ""], deal="2-7-single-draw", trials=1000, seed=1).players
    ] == [
        "7s6d3c2h",
        "draws 5",
    ]


def test_the_draw_deals_are_listed():
    assert pokerlut.deals()["2-7-triple-draw"] == "5 cards each, three draws, no board; deuce-to-seven"
    assert (
        pokerlut.deals()["badacey"] == "5 cards each, three draws, no board; badugi, split with ace-to-five"
    )
    assert set(pokerlut.draw_policies()) == {
        "high",
        "deuce-to-seven",
        "ace-to-five",
        "badugi",
        "badugi-deuce-to-seven",
    }


def test_the_command_line():
    done = subprocess.run(
        [sys.executable, "-m", "pokerlut", "equity", "7s6d3c2h", "8c5h4d3s2d", "--deal", "2-7-single-draw"]
        + ["--dead", "Kd", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["exact"] and data["dealt"] == 42 and data["players"][0]["equity"] == pytest.approx(6 / 42)
    done = subprocess.run(
        [sys.executable, "-m", "pokerlut", "equity", "7s6d3c2h", "", "--deal", "2-7-triple-draw"]
        + ["--draw-rounds", "2", "--policy", "deuce-to-seven", "--trials", "20000", "--seed", "1", "--quiet"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "2 draws, policy deuce-to-seven, Monte Carlo, seed 1" in done.stdout and "draws 5" in done.stdout
    done = subprocess.run(
        [sys.executable, "-m", "pokerlut", "equity", "7s6d3c2h", "8c", "--deal", "2-7-single-draw"]
        + ["--draw-rounds", "2"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 2 and "draw_rounds" in done.stderr and done.stderr.count("\n") == 1


# --- bad input -------------------------------------------------------------------------------------


@numba.njit
def keeps_a_sixth_card(cards, draw_rounds, t, t_low):
    return 1 << 5


@numba.njit
def keeps_minus_one(cards, draw_rounds, t, t_low):
    return -1


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: equity(["7s6d3c2h9h8h", "8c"], deal="2-7-single-draw"), ValueError, "player 1: 6 cards"),
        (
            lambda: equity(["As2d3h4c5s", "Kc"], deal="badugi"),
            ValueError,
            "player 1: 5 cards; a hand here has 4",
        ),
        (
            lambda: equity(["7s6d3c2h", "4"], deal="2-7-single-draw"),
            ValueError,
            "4 cards drawn to no known card",
        ),
        (
            lambda: equity([""] * 8, dead=pokerlut.format_cards(list(range(13))), deal="2-7-single-draw"),
            ValueError,
            "more cards drawn than the stub holds: the players draw 40 cards, the stub has 39",
        ),
        (
            lambda: equity([""] * 8, dead="2c 3c 4c 5c 6c 7c 8c 9c", deal="2-7-triple-draw"),
            ValueError,
            "leave too few cards for 3 draws",
        ),
        (
            lambda: equity(["7s6d3c2h", "8c5h4d"], deal="2-7-triple-draw", policy=keeps_a_sixth_card, seed=1),
            ValueError,
            r"policy 'keeps_a_sixth_card' returned 32 for the hand .*: a keep is a bitmask 0 \.\. 31",
        ),
        (
            lambda: equity(["7s6d3c2h", "8c5h4d"], deal="2-7-triple-draw", policy=keeps_minus_one, seed=1),
            ValueError,
            "returned -1",
        ),
        (
            lambda: draw_chance("7s6d3c", "8-low", deal="2-7-triple-draw", policy=keeps_a_sixth_card),
            ValueError,
            "returned 32",
        ),
        (
            lambda: equity(["7s6d3c2h", "8c5h4d"], deal="2-7-triple-draw", policy=lambda *a: 31),
            TypeError,
            "numba-jitted function",
        ),
        (
            lambda: equity(["7s6d3c2h", "8c"], deal="2-7-triple-draw", policy="high"),
            ValueError,
            "plays high hands",
        ),
        (
            lambda: equity(["7s6d3c2h", "8c"], deal="2-7-triple-draw", policy="nope"),
            ValueError,
            "unknown policy",
        ),
        (
            lambda: equity(["7s6d3c2h", "8c"], deal="2-7-triple-draw", draw_rounds=4),
            ValueError,
            "1 .. 3, not 4",
        ),
        (
            lambda: equity(["7s6d3c2h", "8c"], deal="2-7-single-draw", draw_rounds=2),
            ValueError,
            "1 .. 1, not 2",
        ),
        (lambda: equity(["AsAh", "KsKh"], draw_rounds=1), ValueError, "go with the draw deals"),
        (lambda: equity(["7s6d3c2h", "8c"], "Kd", deal="2-7-single-draw"), ValueError, "has no board"),
        (lambda: equity(["7s6d3c2h", "8c"], deal="2-7-single-draw", boards=2), ValueError, "has no board"),
        (lambda: equity(["7s6d3c2h", "8c"], deal="2-7-single-draw", game="high"), ValueError, "its own game"),
        (
            lambda: equity(["7s6d3c2h", "8c"], deal="2-7-single-draw", device="cuda"),
            ValueError,
            "board deals",
        ),
        (
            lambda: equity(["7s6d3c2h", "8c"], deal="2-7-triple-draw", exact=True),
            ValueError,
            "exact equity through 3 draws is not offered",
        ),
        (
            lambda: equity(["7s6d3c2h", "7s"], deal="2-7-single-draw"),
            ValueError,
            "card 7s is in player 1 and player 2",
        ),
        (lambda: draw_chance("7s6d3c2h", "9.5-low", deal="2-7-single-draw"), ValueError, "unknown target"),
        (lambda: draw_chance("7s6d3c2h", True, deal="2-7-single-draw"), TypeError, "target"),
        (lambda: draw_chance("7s6d3c2h", "7-low", deal="holdem"), ValueError, "unknown draw deal"),
        (lambda: draw_keep("As Ks", deal="five-card-draw"), ValueError, "has 5 cards, not 2"),
    ],
)
def test_bad_input_is_a_clear_error(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_too_much_work_for_an_exact_chance_is_an_error(monkeypatch):
    from pokerlut._equity.draw import chance

    monkeypatch.setattr(chance, "CHANCE_LIMIT", 1_000_000)  # As2d drawing three, three times
    with pytest.raises(ValueError, match="too much work for an exact chance: more than 1,000,000 hands"):
        draw_chance("As2d", "8-low", deal="a-5-triple-draw")
