"""Italian closed poker against the independent slow reference (tests/reference/italian.py,
written from the seed without the fast code): every five-card hand of every deck size in
order, category counts, the seed's worked rules in both orders, the straight-flush cycle,
properties on random hands, `winners`, the batch paths and bad input."""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerlut
import reference.italian as ref
from pokerlut import compare, compare_batch, describe, evaluate, evaluate_batch, winners
from pokerlut.build.five import all_hands
from pokerlut.cli import main
from pokerlut.stats import by_category, count_hands

PLAYERS = range(2, 10)


def strengths(players: int, hands: np.ndarray, **options) -> np.ndarray:
    return evaluate_batch(hands, game=f"italian-{players}", **options).astype(np.int64)


def cards(text: str) -> list[int]:
    return pokerlut.parse_cards(text).tolist()


@pytest.mark.parametrize(
    "players, flush_by_suit",
    [*(pytest.param(p, True, marks=pytest.mark.slow) if p > 4 else (p, True) for p in PLAYERS), (4, False)],
)
def test_every_hand_in_order_of_strength_agrees_with_the_reference(players, flush_by_suit):
    """Sorted by the fast strength, each hand and the next compare as the reference says:
    equal strengths tie and a higher one wins. The reference's order being transitive away from
    straight flush against straight flush, this checks every pair of hands of the deck; the
    cycle is checked on every pair of straight flushes. Flushes by ranks first: 4 players (the
    flush band is built the same way for every deck)."""
    hands = all_hands(5, pokerlut.italian_deck(players))
    s = strengths(players, hands, flush_by_suit=flush_by_suit)
    order = np.argsort(s, kind="stable")
    rows, s = hands[order].tolist(), s[order]
    kind = ref.straight_flush_kind(rows[0], players)
    straight_flushes = [rows[0]] if kind else []
    for i in range(len(rows) - 1):  # (the reference keeps the category of a hand just seen)
        next_kind = ref.straight_flush_kind(rows[i + 1], players)
        if next_kind:
            straight_flushes.append(rows[i + 1])
        if not (kind and next_kind):  # two straight flushes: below, with the cycle
            want = ref.compare(rows[i + 1], rows[i], players, flush_by_suit)
            assert want == int(s[i + 1] > s[i]), (players, rows[i], rows[i + 1])
        kind = next_kind
    pairs = list(itertools.product(straight_flushes, repeat=2))
    fast = compare_batch(
        np.array([a for a, _ in pairs]),
        np.array([b for _, b in pairs]),
        game=f"italian-{players}",
        flush_by_suit=flush_by_suit,
    )
    assert fast.tolist() == [ref.compare(a, b, players, flush_by_suit) for a, b in pairs]


@pytest.mark.parametrize(
    "players", [pytest.param(p, marks=pytest.mark.slow) if p > 5 else p for p in PLAYERS]
)
def test_category_counts_per_deck_against_the_reference(players):
    counts = count_hands(5, game=f"italian-{players}")
    fast = {
        row.label.upper().replace(" ", "_"): row.hands
        for row in by_category(counts, f"italian-{players}")
        if row.hands
    }
    assert fast == {name: n for name, n in ref.category_counts(players).items() if n}
    assert list(fast).index("FLUSH") < list(fast).index("FULL_HOUSE")  # best first


def test_with_32_cards_a_flush_is_rarer_than_a_full_house_and_the_cli_shows_it(capsys):
    assert main(["stats", "--game", "italian-4", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "All 201,376 hands of 5 cards (italian-4, 32 cards, 7 to A)" in out
    flush, full = (
        next(line.split() for line in out.splitlines() if line.startswith(name))
        for name in ("flush", "full house")
    )
    assert flush[1] == "204" and full[2] == "1,344"
    assert out.index("\nflush") < out.index("\nfull house")


# The seed's sentences (seeds/002, "all'italiana"), each as a hand that wins, then one that loses.
SEED_EXAMPLES = [
    # "si guarda il seme della carta più alta" (high card: the highest card's suit)
    (4, "Ah Qd Tc 9s 8c", "As Qh Td 9c 8d"),
    # "il seme della più alta carta delle tre spaiate" (pair: the highest unpaired card)
    (4, "Kh Kc Qh 9s 8s", "Ks Kd Qd 9h 8h"),
    (4, "Ks Kd Qd 9h 8h", "Kh Kc Qc 9c 8c"),
    # "si considera il seme della quinta carta" (two pair: the fifth card)
    (4, "Ks Kd 9s 9d 8h", "Kh Kc 9h 9c 8d"),
    # "vince quella in cui la carta di valore più elevato appartiene al seme di rango migliore"
    (4, "Jh Td 9c 8s 7s", "Jd Th 9h 8h 7h"),
    (4, "Th 9s 8s 7s As", "Td 9h 8h 7h Ah"),  # A-7-8-9-T: its top card is the ten
    (9, "5h 4s 3s 2s As", "5c 4h 3h 2h Ah"),
    (4, "Jc Td 9d 8d 7d", "Th 9c 8c 7c As"),  # and it is the lowest straight
    # "il Colore vale più del Full"
    (4, "Kc Jc 9c 8c 7c", "Ah Ad Ac Ks Kd"),
    # flushes of different suits: "solitamente vince quello del seme più alto"
    (4, "Qh Jh 9h 8h 7h", "As Ks Qs Js 9s"),
    # tris, full, poker: the ranks (equal ones cannot be dealt together)
    (4, "Ts Tc Td 8d 7c", "9h 9d 9s Ac Kd"),
    (4, "Ts Tc Td 8d 8c", "9h 9d 9s Ac Ad"),
    # "scala reale > scala reale media > scala reale minima > scala reale"
    (4, "Th Jh Qh Kh Ah", "7d 8d 9d Td Jd"),
    (4, "7d 8d 9d Td Jd", "Ac 7c 8c 9c Tc"),
    (4, "As 7s 8s 9s Ts", "Td Jd Qd Kd Ad"),
    (9, "As 2s 3s 4s 5s", "Td Jd Qd Kd Ad"),
    (9, "6d 5d 4d 3d 2d", "Ah 2h 3h 4h 5h"),
    (4, "8d 9d Td Jd Qd", "7h 8h 9h Th Jh"),  # middles: the higher one
    # "se le scale colore sono uguali (ad es. tutte medie) si guarda il seme"
    (4, "7h 8h 9h Th Jh", "7d 8d 9d Td Jd"),
    (4, "Th Jh Qh Kh Ah", "Td Jd Qd Kd Ad"),
]


@pytest.mark.parametrize("players, winner, loser", SEED_EXAMPLES)
def test_the_seeds_rules_in_both_orders(players, winner, loser):
    assert ref.compare(cards(winner), cards(loser), players) == 1  # the example itself
    assert compare(winner, loser, game=f"italian-{players}") == 1
    assert compare(loser, winner, game=f"italian-{players}") == -1


def test_flushes_by_ranks_first_is_an_option():
    a, b = "Qh Jh 9h 8h 7h", "As Ks Qs Js 9s"
    assert compare(a, b, game="italian-4") == 1
    assert compare(a, b, game="italian-4", flush_by_suit=False) == -1
    assert ref.compare(cards(a), cards(b), 4, False) == -1
    equal = ("Ah Jh 9h 8h 7h", "As Js 9s 8s 7s")  # equal ranks: the suit still decides
    assert compare(*equal, game="italian-6", flush_by_suit=False) == 1


@pytest.mark.parametrize("players", [4, 9])
def test_the_straight_flush_cycle(players):
    low = pokerlut.italian_deck(players)[0] >> 2
    for sa, sb in itertools.permutations(range(4), 2):
        royal = [4 * r + sa for r in range(8, 13)]
        middle = [4 * r + sb for r in range(low + 1, low + 6)]
        minimum = [4 * r + sb for r in [12, *range(low, low + 4)]]
        for a, b in ((royal, middle), (middle, minimum), (minimum, royal)):
            assert compare(a, b, game=f"italian-{players}") == 1
            assert compare(b, a, game=f"italian-{players}") == -1
        assert evaluate(minimum, game=f"italian-{players}") < evaluate(royal, game=f"italian-{players}")


def deals(players: int, seats: int):
    """Hypothesis: `seats` disjoint five-card hands of the Italian deck."""
    deck = pokerlut.italian_deck(players).tolist()
    return st.permutations(deck).map(lambda d: [d[5 * i : 5 * i + 5] for i in range(seats)])


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(list(PLAYERS)).flatmap(lambda p: st.tuples(st.just(p), deals(p, 3))))
def test_compare_is_antisymmetric_never_ties_and_is_transitive_away_from_straight_flushes(dealt):
    players, hands = dealt
    for a, b in itertools.permutations(hands, 2):
        result = compare(a, b, game=f"italian-{players}")
        assert result == -compare(b, a, game=f"italian-{players}") != 0
        assert result == ref.compare(a, b, players)
    if sum(bool(ref.straight_flush_kind(h, players)) for h in hands) < 2:
        a, b, c = sorted(hands, key=lambda h: evaluate(h, game=f"italian-{players}"))
        assert compare(c, b, game=f"italian-{players}") == 1
        assert compare(b, a, game=f"italian-{players}") == 1
        assert compare(c, a, game=f"italian-{players}") == 1


def test_batch_paths_agree_with_the_single_hand_paths():
    rng = np.random.default_rng(14)
    for players in PLAYERS:
        deck = pokerlut.italian_deck(players)
        dealt = deck[np.argsort(rng.random((2_000, len(deck))), axis=1)[:, :10]]
        a, b = dealt[:, :5], dealt[:, 5:]
        sa = strengths(players, a)
        assert sa.tolist() == [evaluate(h, game=f"italian-{players}") for h in a.tolist()]
        fast = compare_batch(a, b, game=f"italian-{players}")
        assert fast.tolist() == [ref.compare(x, y, players) for x, y in zip(a.tolist(), b.tolist())]
        assert (compare_batch(a, b, game=f"italian-{players}", validate=False) == fast).all()


def test_winners():
    assert winners(["Ah Qd Tc 9s 8c", "As Qh Td 9c 8d"], game="italian-4") == [0]
    cycle = ["Th Jh Qh Kh Ah", "8d 9d Td Jd Qd", "Ac 7c 8c 9c Tc"]
    assert winners(cycle, game="italian-4") == [0, 1, 2]  # no winner: they share the pot
    lower_middle = "7s 8s 9s Ts Js"  # beaten by the diamonds' middle: not in the share
    assert winners([lower_middle, *cycle], game="italian-4") == [1, 2, 3]
    assert winners([cycle[0], cycle[1]], game="italian-4") == [0]
    assert winners(["As Ad Kc Kd 2h", "Qs Qh Jc Jd 3s", "Ah Ac Kh Ks 2c"]) == [0, 2]
    with pytest.raises(ValueError, match="card Ah is in seat 0 and in seat 1"):
        winners(["Ah Qd Tc 9s 8c", "Ah Qh Td 9c 8d"], game="italian-4")


def test_describe_names_the_suit_and_the_kind():
    assert describe("Ac 7c 8c 9c Tc", game="italian-4") == "Straight flush, ten-high (minimum; clubs)"
    assert describe("8d 9d Td Jd Qd", game="italian-4") == "Straight flush, queen-high (middle; diamonds)"
    assert describe("Th Jh Qh Kh Ah", game="italian-4") == "Royal flush (hearts)"
    assert describe("Kh Kc Qh 9s 8s", game="italian-4") == "Pair of kings (hearts)"
    assert describe("9h 9d 9s Ac Ad", game="italian-4") == "Full house, nines over aces"
    s = evaluate("Kh Kc Qh 9s 8s", game="italian-4")
    assert describe(s, game="italian-4") == "Pair of kings (hearts)"
    assert pokerlut.category(s, game="italian-4") == pokerlut.Category.ONE_PAIR


@pytest.mark.parametrize(
    "call, error, message",
    [
        (
            lambda: evaluate("6h 7h 8h 9h Th", game="italian-4"),
            ValueError,
            r"card 6h is not in the italian-4 deck \(32 cards, 7 to A\)",
        ),
        (
            lambda: evaluate_batch(np.array([[51, 47, 43, 39, 16]]), game="italian-4"),
            ValueError,
            "row 0: card 6c at position 4 is not in the italian-4 deck",
        ),
        (
            lambda: evaluate("Ah Kh Qh Jh Th 9h", game="italian-4"),
            ValueError,
            "a hand has 5 cards in Italian poker, not 6",
        ),
        (lambda: evaluate_batch(np.zeros((1, 7), np.uint8), game="italian-9"), ValueError, r"shape \(n, 5\)"),
        (
            lambda: evaluate("Ah Kh Qh Jh Th", game="italian"),
            ValueError,
            r"game 'italian' needs its number of players, 2..9 \(it sets the deck\): 'italian-2' .. 'italian-9'",
        ),
        (lambda: evaluate("Ah Kh Qh Jh Th", game="italian-10"), ValueError, "game 'italian-10' needs"),
        (
            lambda: evaluate("Ah Kh Qh Jh Th", game="italian-4", wild="jokers"),
            ValueError,
            "wild='jokers' is not offered in Italian poker",
        ),
        (lambda: evaluate("Ah Kh Qh Jh Th", players=4), TypeError, "players"),
        (lambda: evaluate("Ah Kh Qh Jh Th", flush_by_suit=False), ValueError, "flush_by_suit"),
        (
            lambda: compare_batch(
                np.zeros((2, 5), np.uint8) + np.arange(5, dtype=np.uint8),
                np.zeros((3, 5), np.uint8) + np.arange(5, dtype=np.uint8),
            ),
            ValueError,
            "hands a has 2 rows but hands b 3",
        ),
        (
            lambda: compare_batch(np.array([[0, 1, 2, 3, 4]]), np.array([[0, 1, 2, 3, 3]])),
            ValueError,
            "hands b: row 0: duplicate card",
        ),
    ],
)
def test_bad_input(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_the_cli_rejects_a_card_outside_the_reduced_deck(capsys):
    assert main(["eval", "6h 7h 8h 9h Th", "--game", "italian-4"]) == 2
    assert "card 6h is not in the italian-4 deck" in capsys.readouterr().err
