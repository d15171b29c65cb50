"""`Game`: game= and its options as one value, taken by every ranking entry point."""

import numpy as np
import pytest

import pokerlut
from pokerlut import Game

HANDS = {
    "high": "Kh Kd 6s 6c Kc 2d 9h",
    "ace-to-five": "5h 4d 3c 2s Ah",
    "eight-or-better": "Ks Kd 8s 7h 4c 3d 2h",
    "high+jokers": "Ah Ad Ac As Jk",
    "high+deuces": "2h Ad Ac As 7h",
    "short-deck": "Kh Jh 9h 7h 6h",
}
ITALIAN = {"game": "italian-4"}


def test_a_game_is_its_rules_and_options():
    assert (
        Game.of("high", wild="jokers")
        == Game.of("high+jokers")
        == Game.of(pokerlut.rules.rules("high+jokers"))
    )
    assert Game.of("italian-4") == Game.of("italian-4") == Game.of("italian-4", flush_by_suit=True)
    assert Game.of("italian-4", flush_by_suit=False) != Game.of("italian-4")
    assert len({Game.of("high"), Game.of("high"), Game.of("ace-to-five")}) == 2
    assert repr(Game.of("italian-5", flush_by_suit=False)) == "Game('italian-5', flush_by_suit=False)"
    g = Game.of("italian-4")
    assert Game.of(g) is g and g.italian is not None and Game.of("high").italian is None


@pytest.mark.parametrize("name", HANDS)
def test_every_entry_point_takes_a_game_as_it_takes_the_name(name):
    g, hand = Game.of(name), HANDS[name]
    assert pokerlut.evaluate(hand, game=g) == pokerlut.evaluate(hand, game=name)
    strength = pokerlut.evaluate(hand, game=name)
    assert pokerlut.describe(hand, game=g) == pokerlut.describe(hand, game=name)
    assert pokerlut.describe(strength, game=g) == pokerlut.describe(strength, game=name)
    batch = pokerlut.parse_cards(hand, jokers=True)[None]
    assert pokerlut.evaluate_batch(batch, game=g).tolist() == [strength]
    assert pokerlut.compare(hand, hand, game=g) == 0
    assert pokerlut.compare_batch(batch, batch, game=g).tolist() == [0]
    assert (
        pokerlut.describe_batch([strength], game=g).tolist()
        == pokerlut.describe_batch([strength], game=name).tolist()
    )
    assert (
        pokerlut.category_batch([strength], game=g).tolist()
        == pokerlut.category_batch([strength], game=name).tolist()
    )
    assert pokerlut.best_five(hand, game=g).tolist() == pokerlut.best_five(hand, game=name).tolist()
    if strength:
        assert pokerlut.category(strength, game=g) == pokerlut.category(strength, game=name)


def test_italian_options_travel_in_the_game():
    g = Game.of(**ITALIAN)
    by_rank = Game.of(**ITALIAN, flush_by_suit=False)
    hands = ["Ah Kd 9c 8s 7h", "As Kh 9d 8c 7d"]
    assert pokerlut.compare(*hands, game=g) == pokerlut.compare(*hands, **ITALIAN) == 1
    flushes = ["Ah Jh 9h 8h 7h", "Ad Kd 9d 8d 7d"]  # hearts beat diamonds; by rank, the king
    assert pokerlut.compare(*flushes, game=g) == 1 and pokerlut.compare(*flushes, game=by_rank) == -1
    assert pokerlut.evaluate(flushes[1], game=by_rank) == pokerlut.evaluate(
        flushes[1], **ITALIAN, flush_by_suit=False
    )
    seats = ["Th Jh Qh Kh Ah", "8d 9d Td Jd Qd", "Ac 7c 8c 9c Tc"]
    assert pokerlut.winners(seats, game=g) == pokerlut.winners(seats, **ITALIAN) == [0, 1, 2]
    assert pokerlut.describe("Ac 7c 8c 9c Tc", game=g) == "Straight flush, ten-high (minimum; clubs)"


def test_a_game_takes_no_options_beside_it():
    g = Game.of("high")
    for options in ({"wild": "jokers"}, {"flush_by_suit": True}):
        key = next(iter(options))
        with pytest.raises(ValueError, match=f"{key}=.*: a Game carries its options"):
            pokerlut.evaluate("As Ks Qs Js Ts", game=g, **options)
    with pytest.raises(ValueError, match="a Game carries its options"):
        pokerlut.evaluate_batch(np.arange(5, dtype=np.uint8)[None], game=g, wild="bug")


def test_a_games_strengths_are_checked():
    g = Game.of("eight-or-better")
    assert g.strength(0) == 0 and g.top == 56 and g.words(0) == "No qualifying low"
    with pytest.raises(ValueError, match="strength 57 is out of range 0..56 in eight-or-better"):
        g.strength(57)
    with pytest.raises(TypeError, match="a strength is an int, not bool"):
        Game.of("high").strength(True)


def test_the_pandas_accessor_takes_a_game():
    pd = pytest.importorskip("pandas")

    s = pd.Series(["Ah Ad Ac As Jk", "Kh Qh Jh Th 9h"])
    g = Game.of("high", wild="jokers")
    assert (
        s.poker.strength(game=g).tolist()
        == s.poker.strength(game="high", wild="jokers").tolist()
        == [7475, 7461]
    )
    assert s.poker.describe(game=g).tolist() == ["Five of a kind, aces", "Straight flush, king-high"]
    assert s.poker.category(game=g).tolist() == ["FIVE_OF_A_KIND", "STRAIGHT_FLUSH"]


def test_counting_every_hand_takes_a_game():
    g = Game.of("italian-4")
    assert pokerlut.stats.count_hands(5, game=g).tolist() == pokerlut.stats.count_hands(5, **ITALIAN).tolist()
    assert int(pokerlut.strengths_in_order(5, game=Game.of("short-deck")).size) == 376_992
    omaha = Game.of("eight-or-better")
    assert pokerlut.evaluate_omaha("As 2d 3c 4h", "5h 6d 9c", game=omaha) == pokerlut.evaluate_omaha(
        "As 2d 3c 4h", "5h 6d 9c", game="eight-or-better"
    )
