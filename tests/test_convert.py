"""pokerlut.convert and the mappings of docs/migrating.md, against the peers themselves.

Cards: every card both ways against treys, phevaluator, eval7 and pokerkit. Strengths: every
five-card hand (2,598,960, by numpy) through `to_cactus_kev`, against phevaluator and treys on
random samples (they evaluate one hand per Python call), and against eval7's order on all of
them. The peers come with the `compare` extra; `pytest.importorskip` only guards a machine
without one.
"""

import itertools

import numpy as np
import pytest

import pokerlut
from pokerlut import Category, format_card, format_cards, parse_cards
from pokerlut.convert import from_cactus_kev, from_treys, to_cactus_kev, to_treys

CARDS = np.arange(52)
TEXT = [format_card(c) for c in range(52)]


@pytest.fixture(scope="module")
def five():
    """Every five-card hand, and its strength."""
    hands = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
        dtype=np.uint8,
        count=5 * 2_598_960,
    ).reshape(-1, 5)
    return hands, pokerlut.evaluate_batch(hands)


def sample(hands, n, seed):
    return hands[np.random.default_rng(seed).choice(len(hands), n, replace=False)]


def random_hands(n, size, seed, lowest=0):
    """n random hands of `size` cards from the cards `lowest` .. 51."""
    rng = np.random.default_rng(seed)
    return (lowest + np.argsort(rng.random((n, 52 - lowest)), axis=1)[:, :size]).astype(np.uint8)


# --- cards ----------------------------------------------------------------------------------


def test_every_card_to_and_from_treys():
    treys = pytest.importorskip("treys")
    theirs = [treys.Card.new(text) for text in TEXT]
    assert [to_treys(c) for c in range(52)] == theirs
    assert to_treys(CARDS).tolist() == theirs
    assert [from_treys(t) for t in theirs] == list(range(52))
    assert from_treys(theirs).tolist() == list(range(52))
    assert [treys.Card.int_to_str(to_treys(c)) for c in range(52)] == TEXT


def test_phevaluator_card_ids_are_pokerluts():
    phevaluator = pytest.importorskip("phevaluator")
    assert [phevaluator.Card(text).id_ for text in TEXT] == list(range(52))
    assert [phevaluator.Card(c).describe_card() for c in range(52)] == TEXT
    assert parse_cards(TEXT).tolist() == list(range(52))


def test_eval7_cards_are_pokerluts_by_text_and_by_rank_and_suit():
    eval7 = pytest.importorskip("eval7")
    cards = [eval7.Card(text) for text in TEXT]
    assert [4 * card.rank + card.suit for card in cards] == list(range(52))
    assert [str(card) for card in cards] == TEXT
    assert [4 * card.rank + card.suit for card in eval7.Deck().cards] == list(range(52))
    assert "".join(eval7.ranks) == "23456789TJQKA" and "".join(eval7.suits) == "cdhs"


def test_pokerkit_cards_read_both_ways():
    pokerkit = pytest.importorskip("pokerkit")
    cards = list(pokerkit.Card.parse(format_cards(CARDS)))
    assert [f"{card.rank}{card.suit}" for card in cards] == TEXT
    assert parse_cards("".join(map(repr, cards))).tolist() == list(range(52))


def test_from_treys_takes_nothing_but_the_52_card_ints():
    valid = to_treys(CARDS)
    flips = (valid[:, None] ^ (1 << np.arange(32))).ravel()  # each valid int with one bit flipped
    assert not np.isin(flips, valid).any()
    noise = np.random.default_rng(3).integers(0, 2**32, 20_000)
    for value in np.concatenate([flips, noise[~np.isin(noise, valid)], [0, -1, 2**40]]):
        with pytest.raises(ValueError):
            from_treys(int(value))
    with pytest.raises(ValueError, match=f"treys card int {flips[5]} at index 1 "):
        from_treys(np.array([valid[0], flips[5]]))


def test_round_trips_keep_values_shapes_and_scalars():
    hands = random_hands(1000, 7, seed=1).reshape(10, 100, 7)
    back = from_treys(to_treys(hands))
    assert back.dtype == np.uint8 and back.shape == hands.shape and (back == hands).all()
    assert to_treys(hands).dtype == np.int64
    strengths = np.arange(1, 7463, dtype=np.uint16)
    assert (from_cactus_kev(to_cactus_kev(strengths)) == strengths).all()
    assert (to_cactus_kev(strengths) == 7463 - strengths.astype(int)).all()
    assert to_cactus_kev(strengths).dtype == np.uint16
    assert to_cactus_kev(strengths.reshape(2, -1)).shape == (2, 3731)
    for one in (
        to_treys(np.uint8(51)),
        from_treys(to_treys(51)),
        to_cactus_kev(np.uint16(7462)),
        from_cactus_kev(1),
    ):
        assert type(one) is int
    assert to_cactus_kev([7462, 1]).tolist() == [1, 7462]
    assert to_treys([]).shape == (0,) and from_cactus_kev(np.zeros((0, 5), np.int16)).shape == (0, 5)


@pytest.mark.parametrize(
    "bad", ["As", b"As", 1.0, None, True, np.bool_(True), {1, 2}, np.array([1.5]), np.array([True]), ["As"]]
)
@pytest.mark.parametrize("convert", [to_treys, from_treys, to_cactus_kev, from_cactus_kev])
def test_a_wrong_type_is_a_type_error(convert, bad):
    with pytest.raises(TypeError, match="must be"):
        convert(bad)


@pytest.mark.parametrize(
    "convert, bad, message",
    [
        (to_treys, 52, "card 52 is not a card of 0..51"),
        (to_treys, -1, "card -1 is not"),
        (to_treys, [0, 1, 60], "card 60 at index 2 is not"),
        (to_treys, np.array([0, 2**64 - 1], dtype=np.uint64), "card 18446744073709551615 at index 1"),
        (from_treys, 12345, "treys card int 12345 is not one of treys' 52 card ints"),
        (from_treys, [[268442665], [7]], r"treys card int 7 at index \(1, 0\) is not"),
        (to_cactus_kev, 0, r"strength 0 is not in 1\.\.7462"),
        (to_cactus_kev, 7463, "strength 7463 is not"),
        (to_cactus_kev, np.array([5, 7475], dtype=np.uint16), "strength 7475 at index 1 is not"),
        (from_cactus_kev, 0, r"rank 0 is not in 1\.\.7462 \(Cactus Kev's ranks\)"),
        (from_cactus_kev, 2**70, f"rank {2**70} is not"),
    ],
)
def test_a_wrong_value_is_a_value_error_naming_it(convert, bad, message):
    with pytest.raises(ValueError, match=message):
        convert(bad)


# --- strengths ------------------------------------------------------------------------------


def test_cactus_kev_ranks_cover_the_five_card_hands(five):
    _, strengths = five
    ranks = to_cactus_kev(strengths)
    assert np.bincount(ranks, minlength=7463)[1:].all()  # every rank 1..7462 is some hand's
    assert int(ranks.min()) == 1 and int(ranks.max()) == 7462


def test_phevaluator_ranks_are_to_cactus_kev(five):
    phevaluator = pytest.importorskip("phevaluator")
    hands, strengths = five
    rows = np.random.default_rng(5).choice(len(hands), 400_000, replace=False)
    theirs = [phevaluator.evaluate_5cards(*row) for row in hands[rows].tolist()]
    assert (to_cactus_kev(strengths[rows]) == theirs).all()
    for size in (6, 7):
        more = random_hands(50_000, size, seed=size)
        theirs = [phevaluator.evaluate_cards(*row) for row in more.tolist()]
        assert (to_cactus_kev(pokerlut.evaluate_batch(more)) == theirs).all()
        assert (from_cactus_kev(theirs) == pokerlut.evaluate_batch(more)).all()


def test_phevaluator_omaha_is_evaluate_omaha_board_first():
    phevaluator = pytest.importorskip("phevaluator")
    deals = random_hands(3000, 9, seed=9)
    for deal in deals.tolist():
        board, hole = deal[:5], deal[5:]
        assert phevaluator.evaluate_omaha_cards(*board, *hole) == to_cactus_kev(
            pokerlut.evaluate_omaha(hole, board)
        )


def test_treys_ranks_are_to_cactus_kev_of_its_cards(five):
    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()
    hands, strengths = five
    rows = np.random.default_rng(6).choice(len(hands), 300_000, replace=False)
    theirs = [evaluator.evaluate(row[:2], row[2:]) for row in to_treys(hands[rows]).tolist()]
    assert (to_cactus_kev(strengths[rows]) == theirs).all()
    seven = random_hands(5000, 7, seed=7)
    theirs = [evaluator.evaluate(row[5:], row[:5]) for row in to_treys(seven).tolist()]
    assert (to_cactus_kev(pokerlut.evaluate_batch(seven)) == theirs).all()
    assert (pokerlut.evaluate_batch(from_treys(to_treys(seven))) == from_cactus_kev(theirs)).all()


def test_treys_classes_and_their_names():
    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()
    for strength in range(1, 7463):
        category = pokerlut.category(strength)
        theirs = evaluator.get_rank_class(to_cactus_kev(strength))
        if category == Category.STRAIGHT_FLUSH:
            assert theirs == (0 if strength == 7462 else 1)
        else:
            assert theirs == 9 - category
    assert [evaluator.class_to_string(c) for c in range(10)] == [
        "Royal Flush",
        "Straight Flush",
        "Four of a Kind",
        "Full House",
        "Flush",
        "Straight",
        "Three of a Kind",
        "Two Pair",
        "Pair",
        "High Card",
    ]


def test_treys_plo_is_evaluate_omaha():
    treys = pytest.importorskip("treys")
    plo = treys.PLOEvaluator()
    for deal in to_treys(random_hands(300, 9, seed=10)).tolist():
        hole, board = deal[:4], deal[4:]
        assert plo.evaluate(hole, board) == to_cactus_kev(
            pokerlut.evaluate_omaha(from_treys(hole), from_treys(board))
        )


@pytest.mark.slow
def test_eval7_orders_every_five_card_hand_as_pokerlut(five):
    eval7 = pytest.importorskip("eval7")
    hands, strengths = five
    cards = [eval7.Card(text) for text in TEXT]
    values = np.array([eval7.evaluate([cards[c] for c in row]) for row in hands.tolist()], dtype=np.int64)
    order = np.argsort(strengths, kind="stable")
    steps, ours = np.diff(values[order]), np.diff(strengths[order].astype(np.int64))
    assert (steps >= 0).all() and ((steps == 0) == (ours == 0)).all()  # same order, same ties
    by_strength = np.array([int(pokerlut.category(s)) for s in range(1, 7463)])
    assert ((values >> 24) == by_strength[strengths - 1]).all()
    assert len(np.unique(values)) == 7462
    assert (int(values.min()), int(values.max())) == (340496, 135004160)


def test_eval7_values_and_handtypes_on_seven_cards():
    eval7 = pytest.importorskip("eval7")
    cards = [eval7.Card(text) for text in TEXT]
    seven = random_hands(20_000, 7, seed=11)
    values = np.array([eval7.evaluate([cards[c] for c in row]) for row in seven.tolist()])
    strengths = pokerlut.evaluate_batch(seven)
    order = np.argsort(strengths, kind="stable")
    steps, ours = np.diff(values[order]), np.diff(strengths[order].astype(np.int64))
    assert (steps >= 0).all() and ((steps == 0) == (ours == 0)).all()
    assert [eval7.handtype(c << 24) for c in range(9)] == [
        "High Card",
        "Pair",
        "Two Pair",
        "Trips",
        "Straight",
        "Flush",
        "Full House",
        "Quads",
        "Straight Flush",
    ]


def test_pokerkit_hands_and_labels(five):
    pokerkit = pytest.importorskip("pokerkit")
    hands, strengths = five
    rows = np.random.default_rng(12).choice(len(hands), 20_000, replace=False)
    for row in rows.tolist():
        entry = pokerkit.StandardHighHand(format_cards(hands[row]).replace(" ", "")).entry
        assert entry.index + 1 == strengths[row]
        assert Category[entry.label.name] == pokerlut.category(int(strengths[row]))
    assert [label.name for label in pokerkit.Label] == [c.name for c in Category][:9]


LOWS = [
    ("StandardLowHand", "deuce-to-seven", lambda i: 7462 - i),
    ("RegularLowHand", "ace-to-five", lambda i: 6175 - i),
    ("EightOrBetterLowHand", "eight-or-better", lambda i: 56 - i),
    ("ShortDeckHoldemHand", "short-deck", lambda i: i + 1),
]


@pytest.mark.parametrize("name, game, strength", LOWS, ids=[game for _, game, _ in LOWS])
def test_pokerkit_other_hands_map_to_games(name, game, strength):
    pokerkit = pytest.importorskip("pokerkit")
    hand_type = getattr(pokerkit, name)
    hands = random_hands(2000, 7, seed=13, lowest=16 if game == "short-deck" else 0)  # 6c up
    ours = pokerlut.evaluate_batch(hands, game=game)
    for row, s in zip(hands, ours.tolist()):
        text = format_cards(row).replace(" ", "")
        theirs = hand_type.from_game_or_none(text)
        assert (0 if theirs is None else strength(theirs.entry.index)) == s, (text, game)


def test_pokerkit_omaha_is_evaluate_omaha():
    pokerkit = pytest.importorskip("pokerkit")
    for deal in random_hands(1000, 9, seed=15):
        hole, board = format_cards(deal[:4]), format_cards(deal[4:])
        hand = pokerkit.OmahaHoldemHand.from_game(hole.replace(" ", ""), board.replace(" ", ""))
        assert hand.entry.index + 1 == pokerlut.evaluate_omaha(hole, board)
