"""Wild cards (jokers, the bug, deuces) against the independent substitution reference
(tests/reference/wild.py, which tries every natural card for each wild card): every five-card
hand of the 52-, 53- and 54-card decks, random 7-card hands, the seeds' examples, bad input."""

import itertools
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit, prange

import pokerlut
from pokerlut import kernels
import reference.equity as reference
import reference.wild as ref
from pokerlut.stats import by_category, count_hands

MODES = [(game, wild) for game, modes in ref.MODES.items() for wild in modes]
DECKS = {"jokers": (53, 54), "bug": (53, 54), "deuces": (52, 53, 54)}


def same_order(fast: np.ndarray, keys: list) -> bool:
    """Whether the fast strengths order the hands exactly as the reference keys do (equal
    strength if and only if equal key, higher strength if and only if bigger key)."""
    by_strength: dict[int, object] = {}
    for s, k in zip(fast.tolist(), keys):
        if by_strength.setdefault(s, k) != k:
            return False
    ordered = [by_strength[s] for s in sorted(by_strength)]
    return all(a < b for a, b in zip(ordered, ordered[1:]))


@pytest.mark.slow
@pytest.mark.parametrize("game,wild", MODES)
def test_every_five_card_hand_by_category_and_order(game, wild):
    """All five-card hands of each deck: category counts and classes as the reference's, and
    the strengths sorted by value give the reference's keys in order with the same counts."""
    for size in DECKS[wild]:
        counts = count_hands(5, game=game, wild=wild, deck_size=size)
        rows = {r.label: (r.hands, r.classes) for r in by_category(counts, game, wild)}
        expected = {c.lower().replace("_", " "): v for c, v in ref.category_counts(game, wild, size).items()}
        categories = {c.name.lower().replace("_", " ") for c in pokerlut.Category}
        assert {k: v for k, v in rows.items() if v[0] and k in categories} == expected, size
        keys = ref.hand_counts(game, wild, size)  # key -> hands
        assert [int(n) for n in counts[counts > 0]] == [keys[k] for k in sorted(keys)], size


def random_hands(n: int, n_cards: int, deck_size: int, seed: int) -> np.ndarray:
    """n random hands of the deck, half of them holding at least one joker."""
    rng = np.random.default_rng(seed)
    hands = np.argsort(rng.random((n, deck_size)), axis=1)[:, :n_cards].astype(np.uint8)
    half = rng.random(n) < 0.5
    hands[half, 0] = 52  # a joker, unless the row already has it
    bad = half & (hands[:, 1:] == 52).any(axis=1)
    hands[bad, 0] = 53 if deck_size == 54 else 51
    keep = np.array([len(set(row)) == n_cards for row in hands.tolist()])
    return np.ascontiguousarray(hands[keep])


def _reference_keys(args):
    rows, game, wild = args
    return [ref.best_key(row, game, wild) for row in rows]


@pytest.mark.slow
@pytest.mark.parametrize("game,wild", MODES)
def test_random_seven_card_hands_match_the_reference(game, wild):
    """50,000 random 7-card hands against the reference's own best of seven: a check apart
    from the two that cover 7 cards more widely (every five-card hand against the reference,
    and 2 M seven-card hands as the best of their fives)."""
    hands = random_hands(50_000, 7, 54, seed=len(wild))
    fast = pokerlut.evaluate_batch(hands, game=game, wild=wild)
    rows = hands.tolist()
    chunks = [(rows[i : i + 5000], game, wild) for i in range(0, len(rows), 5000)]
    with ProcessPoolExecutor(2) as pool:
        keys = [k for part in pool.map(_reference_keys, chunks) for k in part]
    assert same_order(fast, keys)


SUBSETS = np.array(list(itertools.combinations(range(7), 5)), dtype=np.int64)


@njit(parallel=True)
def best_of_subsets(t, hands, out):
    """The best five-card hand-state strength over the 21 subsets of each 7-card row."""
    for i in prange(hands.shape[0]):
        best = 0
        for s in range(21):
            hand = kernels.hand_empty()
            for j in range(5):
                hand = kernels.hand_add(t, hand, hands[i, SUBSETS[s, j]])
            best = max(best, kernels.hand_strength(t, hand))
        out[i] = best


@pytest.mark.slow
@pytest.mark.parametrize("game,wild", MODES)
def test_seven_cards_are_the_best_of_their_fives(game, wild):
    """2,000,000 random 7-card hands (half with a joker, deuces as they come) equal the best of
    their 21 five-card subsets, the five-card evaluation being the one checked exhaustively."""
    hands = random_hands(2_000_000, 7, 54, seed=7)
    expected = np.empty(len(hands), dtype=np.uint16)
    best_of_subsets(pokerlut.load_tables(f"{game}+{wild}"), hands, expected)
    assert (pokerlut.evaluate_batch(hands, game=game, wild=wild) == expected).all()


@pytest.mark.parametrize("game,wild", MODES)
def test_without_wild_cards_every_mode_is_the_plain_game(game, wild):
    rng = np.random.default_rng(1)
    hands = np.argsort(rng.random((50_000, 52)), axis=1)[:, :7].astype(np.uint8)
    if wild == "deuces":
        hands = hands[~(hands < 4).any(axis=1)]
    assert (
        pokerlut.evaluate_batch(hands, game=game, wild=wild) == pokerlut.evaluate_batch(hands, game=game)
    ).all()


@settings(max_examples=400, deadline=None)
@given(wild=st.sampled_from(["jokers", "deuces"]), n_cards=st.integers(5, 7), data=st.data())
def test_a_natural_card_in_place_of_a_wild_card_is_never_stronger(wild, n_cards, data):
    """Hypothesis: replace one wild card of a hand by any natural card not in it."""
    wild_cards = set(pokerlut.rules.rules("high", wild).wild_cards)
    hand = data.draw(
        st.lists(st.integers(0, 53), min_size=n_cards, max_size=n_cards, unique=True).filter(
            lambda h: wild_cards & set(h)
        )
    )
    position = data.draw(st.sampled_from([i for i, c in enumerate(hand) if c in wild_cards]))
    natural = data.draw(st.sampled_from([c for c in range(52) if c not in hand]))
    replaced = hand[:position] + [natural] + hand[position + 1 :]
    assert pokerlut.evaluate(replaced, wild=wild) <= pokerlut.evaluate(hand, wild=wild)


@njit(_nrt=False)
def _user_loop(t, hands, out):
    for i in range(hands.shape[0]):
        hand = kernels.hand_empty()
        for j in range(hands.shape[1]):
            hand = kernels.hand_add(t, hand, hands[i, j])
        out[i] = kernels.hand_strength(t, hand)


def test_the_kernels_take_wild_tables_in_user_numba_code():
    hands = random_hands(20_000, 7, 54, seed=5)
    out = np.empty(len(hands), dtype=np.uint16)
    _user_loop(pokerlut.load_tables("high+deuces"), hands, out)
    assert (out == pokerlut.evaluate_batch(hands, wild="deuces")).all()


# --- the seeds' examples -------------------------------------------------------------------


def test_five_of_a_kind():
    assert pokerlut.describe("Ah Ad Ac As Jk", wild="jokers") == "Five of a kind, aces (Jk as A♠)"
    assert (
        pokerlut.category(pokerlut.evaluate("Ah Ad Ac As Jk", wild="bug"), wild="bug")
        == pokerlut.Category.FIVE_OF_A_KIND
    )
    assert pokerlut.compare("Qh Qd Qc Qs Jk", "6h 6d 6c 6s joker", wild="jokers") == 1
    assert pokerlut.evaluate("Qh Qd Qc Qs Jk", wild="jokers") > pokerlut.evaluate(
        "Ah Kh Qh Jh Th", wild="jokers"
    )  # above the royal flush
    assert pokerlut.evaluate("Qh Qd Qc Jk Jk", wild="jokers") == pokerlut.evaluate(
        "Qh Qd Qc Qs Jk", wild="jokers"
    )  # equal hands split


def test_equal_quads_with_a_joker_go_to_the_kicker():
    assert pokerlut.compare("9h 9d 9c Jk Kd", "9h 9d 9s Jk Qd", wild="jokers") == 1
    assert pokerlut.compare("9h 9d 9c Jk Kd", "9h 9d 9c 9s Kd", wild="jokers") == 0


def test_a_joker_completes_a_royal_flush_and_the_bug_is_an_ace():
    assert pokerlut.describe("Kh Qh Jh Th Jk", wild="jokers") == "Royal flush (Jk as A♥)"
    assert pokerlut.describe("Kh Qh Jh Th Jk", wild="bug") == "Royal flush (Jk as A♥)"
    assert pokerlut.describe("Kc Kd 7h 4s Jk", wild="bug") == "Pair of kings (Jk as A♠)"
    assert pokerlut.describe("Kc Kd 7h 4s Jk", wild="jokers") == "Three of a kind, kings (Jk as K♠)"
    assert (
        pokerlut.category(pokerlut.evaluate("9c 8d 7h 6s Jk", wild="bug"), wild="bug")
        == pokerlut.Category.STRAIGHT
    )
    # in a flush a wild card takes the highest rank the flush lacks
    assert pokerlut.describe("Ah 9h 7h 4h Jk", wild="jokers") == "Flush, ace-high (Jk as K♥)"


def test_deuces_wild():
    assert (
        pokerlut.describe("2c 2d 2h 2s 9c", wild="deuces")
        == "Five of a kind, nines (2c as 9♠, 2d as 9♥, 2h as 9♦, 2s as 9♠)"
    )  # a fifth nine repeats
    assert pokerlut.describe("2c 2d 2h 2s 9c Ah", wild="deuces").startswith("Five of a kind, aces")
    assert (
        pokerlut.category(pokerlut.evaluate("2c Kh Qh Jh Th", wild="deuces"), wild="deuces")
        == pokerlut.Category.STRAIGHT_FLUSH
    )


def test_california_lowball():
    g = "ace-to-five"
    assert pokerlut.evaluate("Ac 2d 3h 4s Jk", game=g, wild="jokers") == 6175  # the wheel
    assert pokerlut.describe("Ac 2d 3h 4s Jk", game=g, wild="bug") == "Wheel (5-4-3-2-A) (Jk as 5♠)"
    assert pokerlut.compare("Ac 2d 3h 4s Jk", "5c 2d 3h 4s Ah", game=g, wild="jokers") == 0


def test_best_five_and_stand_ins():
    five = pokerlut.best_five("Ah Ad 2c 7s Jk Kd Qh", wild="jokers")
    assert pokerlut.format_cards(five) == "Ah Ad Jk Kd Qh"
    assert pokerlut.stand_ins("Ah Ad 2c 7s Jk Kd Qh", wild="jokers") == {52: 51}  # the As
    assert pokerlut.stand_ins("Ah Ad 2c 7s Kd Qh 9c", wild="jokers") == {}


def test_two_jokers_in_one_hand():
    assert pokerlut.parse_cards("Jk As JOKER", jokers=True).tolist() == [52, 51, 53]
    assert pokerlut.evaluate("Jk Jk As Ks Qs", wild="jokers") == pokerlut.evaluate(
        "As Ks Qs Js Ts", wild="jokers"
    )
    assert pokerlut.describe("Jk Jk As Ks 7d", wild="jokers").startswith("Three of a kind, aces")
    assert pokerlut.evaluate("Jk Jk Ac Ad Ah", wild="jokers") == pokerlut.evaluate(
        "Ah As Ac Ad Jk", wild="jokers"
    )


# --- the command line and equity -------------------------------------------------------------


def test_stats_command_with_jokers():
    from test_cli import run

    result = run(
        "stats", "--game", "high", "--wild", "jokers", "--deck-size", "53", "--cards", "5", "--quiet"
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("All 2,869,685 hands of 5 cards (high+jokers, 53 cards)")
    assert lines[2].split()[:5] == ["five", "of", "a", "kind", "13"]


@pytest.mark.slow
def test_equity_with_jokers_against_brute_force():
    from pokerlut import equity

    players, board = ["AsAh", "KsJk"], "Kd 7c 2h"
    result = equity(players, board=board, wild="jokers", deck_size=54)
    holdem = reference.Deal("board", (reference.wild_of("high", "jokers"),), ("high",), tuple(ref.deck(54)))
    hands = [[(tuple(ref.parse_cards(" ".join([p[:2], p[2:]]))), 1)] for p in players]
    want = reference.equity(holdem, hands, ref.parse_cards(board))  # every turn and river
    assert result.dealt == want.deals
    assert result.players[0].win == pytest.approx(float(want.players[0].win), abs=1e-12)
    assert result.players[0].tie == pytest.approx(float(want.players[0].tie), abs=1e-12)


# --- bad input -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call,message",
    [
        (lambda: pokerlut.parse_cards("Jk X Jkr As", jokers=True), "too many jokers"),
        (lambda: pokerlut.evaluate("As Ks Qs Js Jk"), r"joker 'Jk' at position 4: .*wild='jokers'"),
        (lambda: pokerlut.evaluate("As Ks Qs Js Jk", wild="wild"), "wild='wild' is not offered in high"),
        (
            lambda: pokerlut.evaluate("As Ks Qs Js Jk", game="deuce-to-seven", wild="bug"),
            "not offered in deuce-to-seven; wild cards go with: high",
        ),
        (
            lambda: pokerlut.evaluate_batch(np.array([[52, 52, 1, 2, 3]], np.uint8), wild="jokers"),
            "row 0: duplicate card 'Jk'",
        ),
        (
            lambda: pokerlut.evaluate_batch(np.array([[52, 0, 1, 2, 3]], np.uint8)),
            "row 0: card 52 at position 0 is out of range 0..51",
        ),
        (
            lambda: pokerlut.evaluate_batch(np.array([[54, 0, 1, 2, 3]]), wild="bug"),
            "row 0: card 54 at position 0 is out of range 0..53",
        ),
        (lambda: count_hands(5, wild="jokers", deck_size=52), "deck_size must be 53 or 54 cards"),
        (lambda: pokerlut.evaluate_omaha("Jk As Ks Qs", "2c 3c 4c", game="high+jokers"), "not offered"),
    ],
)
def test_bad_wild_input(call, message):
    with pytest.raises(ValueError, match=message):
        call()
