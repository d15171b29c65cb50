"""Tests of the slow wild-card reference (tests/reference/wild.py) against RULES.md and its seeds.

Only the two figures RULES.md states are hard-coded (53 cards with one fully wild joker: 2,869,685
hands, 13 five of a kind; with the bug: 1 five of a kind). The other category tables are computed,
printed (run pytest with -s to see them) and checked for invariants that follow from the rules:
totals, monotonicity in the deck size, the natural part equal to reference_games, class counts.
"""

import itertools
import math
import random
from collections import Counter

import pytest

import reference.games as reference_games
import reference.wild as rw
from reference.wild import (
    MODES,
    best_key,
    category5,
    category_counts,
    deck,
    key5,
    parse_cards,
    strengths,
)

HIGH_WILD_MODES = [("high", wild) for wild in MODES["high"]]
ALL_MODES = [(game, wild) for game, modes in MODES.items() for wild in modes]


def k(text, game="high", wild="jokers"):
    return key5(parse_cards(text), game, wild)


def cat(text, game="high", wild="jokers"):
    return category5(parse_cards(text), game, wild)


def nat(text, game="high"):
    return reference_games.key5(reference_games.parse_cards(text), game)


# --------------------------------------------------------------------------------------------
# the figures RULES.md states


RULES_JOKER_53 = {"total hands": 2_869_685, "FIVE_OF_A_KIND hands": 13}
RULES_BUG_53 = {"FIVE_OF_A_KIND hands": 1}


@pytest.mark.slow
def test_rules_check_figures_one_joker_53_cards():
    counts = category_counts("high", "jokers", 53)
    assert sum(hands for hands, _ in counts.values()) == RULES_JOKER_53["total hands"]
    assert counts["FIVE_OF_A_KIND"][0] == RULES_JOKER_53["FIVE_OF_A_KIND hands"]
    # "about 0.0005 %", as the Catalan table says
    assert f"{100 * 13 / 2_869_685:.4f}" == "0.0005"
    bug = category_counts("high", "bug", 53)
    assert sum(hands for hands, _ in bug.values()) == RULES_JOKER_53["total hands"]
    assert bug["FIVE_OF_A_KIND"][0] == RULES_BUG_53["FIVE_OF_A_KIND hands"]


# --------------------------------------------------------------------------------------------
# examples of the rule book and the seeds


def test_five_of_a_kind_examples():
    # seed 000: A♥ A♦ A♣ A♠ Jkr is five aces, with a bug as with a fully wild joker
    for wild in ("jokers", "bug"):
        assert k("Ah Ad Ac As Jk", wild=wild) == (9, 12)
        assert cat("Ah Ad Ac As Jk", wild=wild) == "FIVE_OF_A_KIND"
    assert k("Ah Ad Ac As 2c", wild="deuces") == (9, 12)
    # five queens beat five sixes (seed 000); any rank with fully wild jokers
    assert k("Qs Qh Qc Qd Jk") > k("6c 6s 6d 6h Jk")
    assert k("Qs Qh Qc Jk Jk") == k("Qs Qh Qc Qd Jk") == (9, 10)
    assert k("Qs Qh Qc 2d 2s", wild="deuces") == (9, 10)
    # five of a kind beats the best straight flush; with the bug only aces make it
    assert k("Jk 2c 2d 2h 2s") > k("As Ks Qs Js Ts", wild="jokers") == nat("As Ks Qs Js Ts")
    assert cat("Kh Kd Kc Ks Jk", wild="bug") == "FOUR_OF_A_KIND"
    assert k("Kh Kd Kc Ks Jk", wild="bug") == (7, 11, 12)  # four kings, ace kicker
    assert cat("Kh Kd Kc Jk Jk", wild="bug") == "FULL_HOUSE"  # two bugs = two aces: KKK AA
    assert k("Kh Kd Kc Jk Jk", wild="bug") == nat("Kh Kd Kc Ac Ad")
    assert k("Ah Ad Ac Jk Jk", wild="bug") == (9, 12)


def test_quads_and_trips_with_wild_cards_go_to_the_kickers():
    assert k("9s 9h 9d Jk Kc") > k("9s 9h 9d Jk Qc")
    assert k("9s 9h 9d Jk Kc") == nat("9s 9h 9d 9c Kc")  # equal quads split
    assert k("9s 9h Jk Jk Kc") == nat("9s 9h 9d 9c Kc")
    assert k("7c 7d Jk Ks 4h") > k("7h 7s Jk Qc 4d")  # trips 7 7 7, K vs Q
    assert k("7c 7d Jk Ks 4h") == nat("7c 7d 7h Ks 4h")
    assert k("7c 7d Jk Ks 5h") > k("7c 7d Jk Ks 4h")  # second kicker
    assert cat("7c 7d 2s Ks 4h", wild="deuces") == "THREE_OF_A_KIND"


def test_wild_card_completes_straights_and_flushes():
    assert k("Kh Qh Jh Th Jk") == nat("Ah Kh Qh Jh Th") == (8, 12)  # royal flush
    assert k("Kh Qh Jh Th Jk", wild="bug") == (8, 12)
    assert k("Kh Qh Jh Th 2c", wild="deuces") == (8, 12)
    # in a flush the wild card takes the highest rank the flush lacks
    assert k("As Ks 9s 5s Jk") == nat("As Ks Qs 9s 5s")
    assert k("Ks 9s 5s 3s Jk") == nat("As Ks 9s 5s 3s")
    assert k("Ks 9s 3s Jk Jk") == nat("As Ks Qs 9s 3s")
    assert k("Ks 9s 5s 3s Jk", wild="bug") == nat("As Ks 9s 5s 3s")
    assert k("Ks 9s 5s 3s 2s", wild="deuces") == nat("As Ks 9s 5s 3s")
    # straights: the wild card takes the top when it can
    assert k("9s 8d 7c 6h Jk") == (4, 8)
    assert k("9s 8d 7c 5h Jk") == (4, 7)  # fills the gap
    assert k("5s 4d 3c 2h Jk") == (4, 4)  # six-high, not the wheel
    assert k("As 3d 4c 5h 2c", wild="deuces") == (4, 3)  # the wild deuce is a 2: wheel
    assert k("As 3s 4s 5s 2c", wild="deuces") == (8, 3)  # steel wheel
    assert k("6s 3d 4c 5h 2c", wild="deuces") == (4, 5)  # 7-high, not 6-high


def test_the_bug():
    # K-K-bug-7-4: the bug is an ace, so a pair of kings with an ace kicker
    assert k("Kh Kd Jk 7c 4s", wild="bug") == nat("Kh Kd As 7c 4s") == (1, 11, 12, 5, 2)
    assert k("Kh Kd Jk 7c 4s", wild="jokers") == nat("Kh Kd Ks 7c 4s")  # fully wild: trips
    # 9-8-7-6-bug is a straight (the bug completes it)
    assert k("9s 8d 7c 6h Jk", wild="bug") == (4, 8)
    assert cat("9s 8d 7c 6h Jk", wild="bug") == "STRAIGHT"
    assert k("Ks Qd Jc Th Jk", wild="bug") == (4, 12)
    assert k("5s 4d 3c 2h Jk", wild="bug") == (4, 4)
    # a bug that completes nothing is an ace: ace high, or a pair of aces
    assert k("Qs Jd 9c 5h Jk", wild="bug") == nat("As Qs Jd 9c 5h")
    assert k("As Jd 9c 5h Jk", wild="bug") == nat("As Ac Jd 9c 5h")
    # two bugs: an ace each, or whatever makes a straight / flush
    assert k("Ks Qd Jc Jk Jk", wild="bug") == (4, 12)
    assert k("7s 4s 2s Jk Jk", wild="bug") == nat("As Ks 7s 4s 2s")
    assert k("7s 4d 2s Jk Jk", wild="bug") == nat("As Ac 7s 4d 2s")


def test_ace_to_five_with_jokers():
    wheel = nat("5d 4c 3h 2s Ad", "ace-to-five")
    for wild in MODES["ace-to-five"]:
        assert k("Ac 2d 3h 4s Jk", "ace-to-five", wild) == wheel
        assert k("Ac 2d 3h Jk Jk", "ace-to-five", wild) == wheel
        assert k("Kc Qd 3h 4s Jk", "ace-to-five", wild) == nat("Kc Qd 3h 4s Ad", "ace-to-five")
        assert k("Ac Ad 3h 4s Jk", "ace-to-five", wild) == nat("Ac Ad 3h 4s 2d", "ace-to-five")
        assert k("7c 7d 7h 7s Jk", "ace-to-five", wild) == nat("7c 7d 7h 7s Ad", "ace-to-five")
    assert strengths("ace-to-five", "jokers")[wheel] == len(strengths("ace-to-five", "jokers"))
    assert strengths("high", "jokers")[(9, 12)] == len(strengths("high", "jokers"))


def test_ace_to_five_brute_force_is_the_lowest_missing_rank_rule():
    """Every natural part of 3 or 4 cards (by signature) with 2 or 1 jokers."""
    for n_wild in (1, 2):
        for ranks, one_suit in rw._natural_signatures(tuple(range(52)), 5 - n_wild):
            cards = rw._representative(ranks, one_suit) + [52, 53][:n_wild]
            expected = rw.lowball_rule_key5(cards)
            assert key5(cards, "ace-to-five", "jokers") == expected, rw.cards_text(cards)
            assert key5(cards, "ace-to-five", "bug") == expected, rw.cards_text(cards)


def test_six_and_seven_cards():
    assert best_key(parse_cards("Jk 9s 8s 7d 2c 3h Kd"), "high", "bug") == nat("As Kd 9s 8s 7d")
    assert best_key(parse_cards("Jk 9s 8s 7d 6c 3h Kd"), "high", "bug") == (4, 8)
    # no natural pair: the two jokers make the wheel A-2-3-(4)-(5), which beats trip aces
    assert best_key(parse_cards("Jk Jk As Ks 2d 3c 7h"), "high", "jokers") == (4, 3)
    assert best_key(parse_cards("Jk Jk As Ks 2d 3c 7h"), "high", "bug") == (4, 3)
    assert best_key(parse_cards("Jk Jk As Ks 9d 3c 7h"), "high", "bug") == nat("As Ac Ad Ks 9d")
    assert best_key(parse_cards("Jk Jk As Ks 9d 3c 7h"), "high", "jokers") == nat("As Ac Ad Ks 9d")
    assert best_key(parse_cards("Jk 2c Ah Kh Qh Jh 9s"), "high", "deuces") == (8, 12)
    assert best_key(parse_cards("Jk Kc Kd Qh Qs 5c 5d"), "ace-to-five", "jokers") == nat(
        "Ac 5c 5d Kc Qh", "ace-to-five"
    )
    assert best_key(parse_cards("Jk Kc Kd Kh Ks Qh"), "high", "jokers") == (9, 11)


def test_input_checks():
    with pytest.raises(ValueError):
        key5([52, 0, 1, 2, 3], "high")  # no jokers without a wild mode
    with pytest.raises(ValueError):
        key5([52, 0, 1, 2, 3], "ace-to-five", "deuces")
    with pytest.raises(ValueError):
        key5([52, 0, 1, 2, 3], "deuce-to-seven", "jokers")
    with pytest.raises(ValueError):
        key5([52, 52, 1, 2, 3], "high", "jokers")
    with pytest.raises(ValueError):
        key5([54, 0, 1, 2, 3], "high", "jokers")
    with pytest.raises(ValueError):
        best_key([52, 53, 1, 2], "high", "jokers")
    with pytest.raises(ValueError):
        category_counts("high", "jokers", 52)
    with pytest.raises(ValueError):
        deck(55)


# --------------------------------------------------------------------------------------------
# properties on random hands


def _random_hands(rng, deck_size, n_hands, need_wild=None):
    cards = deck(deck_size)
    hands = []
    while len(hands) < n_hands:
        hand = rng.sample(cards, rng.choice((5, 6, 7)))
        if need_wild is None or any(rw.is_wild(card, need_wild) for card in hand):
            hands.append(hand)
    return hands


@pytest.mark.parametrize("game,wild", ALL_MODES)
def test_no_wild_card_is_the_plain_game(game, wild):
    rng = random.Random(f"plain {game} {wild}")
    naturals = [card for card in range(52) if not rw.is_wild(card, wild)]
    for _ in range(1500):
        hand = rng.sample(naturals, rng.choice((5, 6, 7)))
        assert best_key(hand, game, wild) == reference_games.best_key(hand, game)
        assert key5(hand[:5], game, wild) == reference_games.key5(hand[:5], game)
        assert category5(hand[:5], game, wild) == reference_games.category5(hand[:5], game)


@pytest.mark.parametrize(
    "game,wild",
    [pytest.param(*mode, marks=pytest.mark.slow) if mode[1] == "deuces" else mode for mode in ALL_MODES],
)
def test_replacing_a_wild_card_never_helps(game, wild):
    """Fully wild cards (and the lowball joker): a natural card in place of a wild card never
    makes the hand stronger. The bug only stands for aces (or straight / flush cards), so for the
    bug the replacement is an ace."""
    rng = random.Random(f"replace {game} {wild}")
    bug = rw._rule(game, wild) == "bug"
    for hand in _random_hands(rng, 54, 1500, need_wild=wild):
        before = best_key(hand, game, wild)
        position = rng.choice([i for i, card in enumerate(hand) if rw.is_wild(card, wild)])
        pool = [card for card in range(52) if card not in hand and (not bug or card // 4 == 12)]
        if not pool:
            continue
        replaced = list(hand)
        replaced[position] = rng.choice(pool)
        assert best_key(replaced, game, wild) <= before, (rw.cards_text(hand), rw.cards_text(replaced))


def test_the_bug_is_not_fully_wild():
    """Counter-example to the property above for a non-ace replacement: Q-J-9-5-bug is ace high,
    Q-J-9-5-Q is a pair of queens."""
    assert k("Qs Jd 9c 5h Jk", wild="bug") < nat("Qs Jd 9c 5h Qd")


@pytest.mark.parametrize("game,wild", ALL_MODES)
def test_the_value_depends_only_on_the_signature(game, wild):
    """What category_counts relies on: the best key of a hand depends only on its natural ranks,
    whether the naturals are one suit, and the number of wild cards."""
    rng = random.Random(f"signature {game} {wild}")
    rule = rw._rule(game, wild)
    for hand in _random_hands(rng, 54, 3000):
        hand = hand[:5]
        naturals = sorted(card for card in hand if not rw.is_wild(card, wild))
        ranks = tuple(card // 4 for card in naturals)
        one_suit = len({card % 4 for card in naturals}) <= 1
        representative = rw._canonical(rw._representative(ranks, one_suit))
        assert key5(hand, game, wild) == rw._best_substitution(representative, 5 - len(naturals), game, rule)


@pytest.mark.parametrize("game,wild", ALL_MODES)
def test_substitution_order_does_not_matter(game, wild):
    """combinations_with_replacement (what key5 uses) against the full ordered product 52 x 52."""
    rng = random.Random(f"order {game} {wild}")
    rule = rw._rule(game, wild)
    natural_cards = [card for card in range(52) if not rw.is_wild(card, wild)]
    for _ in range(40):
        naturals = tuple(rng.sample(natural_cards, 3))
        best = None
        for substitute in itertools.product(range(52), repeat=2):
            cards = naturals + substitute
            ranks = tuple(sorted(card // 4 for card in cards))
            flush = len({card % 4 for card in cards}) == 1 and len(set(ranks)) == 5
            key = rw._shape_key(ranks, flush, game)
            if (
                rule == "bug"
                and any(card // 4 != 12 for card in substitute)
                and rw.category_of_key(key, game) not in ("STRAIGHT", "FLUSH", "STRAIGHT_FLUSH")
            ):
                continue
            best = key if best is None or key > best else best
        assert key5(list(naturals) + [52, 53], game, wild) == best


# --------------------------------------------------------------------------------------------
# exhaustive tables


@pytest.mark.slow
@pytest.mark.parametrize("game,wild", [mode for mode in ALL_MODES if mode[1] != "deuces"])
def test_all_two_joker_hands_directly(game, wild):
    """Every hand of the 54-card deck holding both jokers, valued one by one by key5, against the
    two-joker part of the grouped table."""
    direct = Counter(
        key5(list(three) + [52, 53], game, wild) for three in itertools.combinations(range(52), 3)
    )
    table = {key: count for (n_wild, key), count in rw._table(game, wild, 54).items() if n_wild == 2}
    assert dict(direct) == table


@pytest.mark.slow
def test_all_three_and_four_deuce_hands_directly():
    """Every hand of the 52-card deck with at least three deuces (deuces wild), one by one."""
    direct = Counter()
    for n_wild in (3, 4):
        for deuces in itertools.combinations(range(4), n_wild):
            for others in itertools.combinations(range(4, 52), 5 - n_wild):
                direct[n_wild, key5(list(deuces) + list(others), "high", "deuces")] += 1
    table = {(n, key): count for (n, key), count in rw._table("high", "deuces", 52).items() if n >= 3}
    assert dict(direct) == table


def _natural_part(game, wild, deck_size):
    by_category = Counter()
    for (n_wild, key), count in rw._table(game, wild, deck_size).items():
        if n_wild == 0:
            by_category[rw.category_of_key(key, game)] += count
    return by_category


@pytest.mark.slow
def test_category_tables():
    tables = {}
    for game, wild, deck_size in rw.ALL_TABLES:
        counts = category_counts(game, wild, deck_size)
        tables[game, wild, deck_size] = counts
        print()
        print(rw.format_table(game, wild, deck_size))
        assert sum(h for h, _ in counts.values()) == math.comb(deck_size, 5)
        if wild != "deuces":
            # the hands without a joker are exactly the 52-card deck of reference_games
            plain = reference_games.category_counts(game)
            assert dict(_natural_part(game, wild, deck_size)) == {c: h for c, (h, _) in plain.items()}
    for game, modes in MODES.items():
        for wild in modes:
            print(f"strengths({game!r}, {wild!r}): N = {len(strengths(game, wild)):,}")

    # a bigger deck holds every hand of a smaller one, with the same value
    for game, wild, small, big in [
        ("high", "jokers", 53, 54),
        ("high", "bug", 53, 54),
        ("high", "deuces", 52, 53),
        ("high", "deuces", 53, 54),
        ("ace-to-five", "jokers", 53, 54),
    ]:
        for category, (hands, _) in tables[game, wild, small].items():
            assert tables[game, wild, big][category][0] >= hands

    plain_high = reference_games.category_counts("high")
    plain_low = reference_games.category_counts("ace-to-five")
    for deck_size in (53, 54):
        jokers = tables["high", "jokers", deck_size]
        # every natural class occurs (from the natural hands), plus the 13 five of a kind
        assert {c: n for c, (_, n) in jokers.items()} == {
            **{c: n for c, (_, n) in plain_high.items()},
            "FIVE_OF_A_KIND": 13,
        }
        # a fully wild joker always makes at least a pair, and never leaves two pair best
        assert jokers["HIGH_CARD"][0] == plain_high["HIGH_CARD"][0]
        assert jokers["TWO_PAIR"][0] == plain_high["TWO_PAIR"][0]
        bug = tables["high", "bug", deck_size]
        assert {c: n for c, (_, n) in bug.items()} == {
            **{c: n for c, (_, n) in plain_high.items()},
            "FIVE_OF_A_KIND": 1,
        }
        assert bug["FIVE_OF_A_KIND"][0] == {53: 1, 54: 2 + 4}[deck_size]  # AAAA+bug, AAA+2 bugs
        low = tables["ace-to-five", "jokers", deck_size]
        assert {c: n for c, (_, n) in low.items()} == {c: n for c, (_, n) in plain_low.items()}
        assert low["FULL_HOUSE"][0] == plain_low["FULL_HOUSE"][0]  # a joker never makes one
        # four of a kind with a joker: only four naturals of a rank + joker (the joker is the kicker)
        assert low["FOUR_OF_A_KIND"][0] == plain_low["FOUR_OF_A_KIND"][0] + 13 * (deck_size - 52)

    for deck_size in (52, 53, 54):
        deuces = tables["high", "deuces", deck_size]
        # a deuce is always wild, so no hand is five deuces and the 6-high straight (flush) never
        # happens (its 2 would rather be a 7); the wheel does (A-3-4-5 + wild)
        assert deuces["FIVE_OF_A_KIND"][1] == 12
        assert deuces["STRAIGHT"][1] == deuces["STRAIGHT_FLUSH"][1] == 9
        keys = rw.hand_counts("high", "deuces", deck_size)
        assert (4, 3) in keys and (8, 3) in keys and (4, 4) not in keys and (8, 4) not in keys
        assert (9, 0) not in keys
        # the hands without a wild card: natural high cards of the ranks 3..A
        no_deuce_high_card = (math.comb(12, 5) - 8) * (4**5 - 4)
        assert deuces["HIGH_CARD"] == (no_deuce_high_card, math.comb(12, 5) - 8)

    assert len(strengths("high", "jokers")) == 7462 + 13
    assert len(strengths("high", "bug")) == 7462 + 1
    assert len(strengths("ace-to-five", "jokers")) == len(strengths("ace-to-five", "bug")) == 6175
    assert strengths("ace-to-five", "jokers") == strengths("ace-to-five", "bug")
    assert list(strengths("high", "deuces").values()) == list(range(1, len(strengths("high", "deuces")) + 1))
