"""All-in EV with side pots (`pokerlut._history.allin`) against the independent slow reference
(tests/reference/allin_ev.py, every completion through tests/reference/equity.py): the pots,
the uncalled bet, each player's EV, in every kind of deal, on written spots and random ones;
nothing lost. The variance of each player's result against every completion dealt here and
shared out by the reference alone; the engines' checks of nested pots."""

import itertools

import numpy as np
import pytest

from pokerlut import format_cards
from pokerlut._equity.board import BoardSetup
from pokerlut._equity.deal import resolve_deal
from pokerlut._equity.draw.showdowns import DrawShowdowns
from pokerlut._equity.front import exact_showdowns
from pokerlut._equity.showdowns import BoardShowdowns
from pokerlut._equity.stud import StudShowdowns
from pokerlut._history.allin import allin_ev, pots
from reference import allin_ev as reference
from reference import equity as equity_reference
from reference.games import cards_text

SPOTS = [  # (deal, chips put in, hands (None: folded), board)
    ("holdem", [100, 100], ["As Ad", "Kc Kd"], "Ah Kh 2c"),  # heads-up on the flop
    ("holdem", [300, 500], ["AsKs", "QhQc"], "Qs 7s 2d 9s"),  # an uncalled 200 goes back
    ("holdem", [140, 350, 600, 42], ["As Ad", "Kd Qd", "8h 7h", None], "Kh 8d 5c 2s"),  # dead money
    ("holdem", [50, 200, 200], ["Tc 9c", "2d 2h", "3s 3c"], "As Ks Qs Js"),  # a board that plays
    ("omaha-hi-lo", [60, 100, 100], ["Ah 4h Qd Jc", "Ad 4c Qs Jh", "Kd Kh 9c 9d"], "2c 3d 8h Kc"),
    ("omaha", [80, 80, 30], ["As Ks Qd Jd", "9h 9c 8h 7c", "Ac Ad 2s 3s"], "Ts 9s 2d 4h"),
    ("short-deck", [100, 100], ["As Ks", "Th Tc"], "Qs 9d 7c 6h"),
    ("stud", [100, 300, 300], ["7c 7d 7h 7s 5c 6c", "As Ad Ah Kc Kd 2s", "9h Th Jh Qh 3h 4c"], ""),
    ("razz", [250, 250], ["Ac 2d 3h 4s 5c Kd", "Ad 2c 3s 4h Qc Kc"], ""),
    ("stud-hi-lo", [100, 100], ["Ac 2d 3h 8s Kc Kd", "Ad 2c 4s 4h Qc Qd"], ""),
    ("2-7-single-draw", [40, 40, 10], ["2c 3d 4h 5s 7c", "2d 3h 4s 5c", None], ""),
]


def assert_same(deal, put_in, hands, board):
    got = allin_ev(hands, put_in, board, deal=resolve_deal(deal))
    want = reference.allin_ev(deal, list(put_in), {i: h for i, h in enumerate(hands) if h is not None}, board)
    assert [(float(p.amount), tuple(sorted(p.eligible))) for p in want.pots] == [tuple(p) for p in got.pots]
    assert got.returned.tolist() == [float(want.returned.get(i, 0)) for i in range(len(hands))]
    assert got.net.tolist() == pytest.approx([float(want.net[i]) for i in range(len(hands))], abs=1e-9)
    assert got.gross.sum() == pytest.approx(sum(p.amount for p in got.pots), abs=1e-9)  # nothing lost


@pytest.mark.parametrize(
    "deal, put_in, hands, board", SPOTS, ids=[f"{s[0]}-{i}" for i, s in enumerate(SPOTS)]
)
def test_written_spots_equal_the_reference(deal, put_in, hands, board):
    assert_same(deal, put_in, hands, board)


@pytest.mark.parametrize("seed", range(12))
def test_random_spots_equal_the_reference(seed):
    """Two to five players, some folded, chips in of every shape (short stacks, equal stacks,
    an uncalled bet), hold'em and Omaha on the turn."""
    rng = np.random.default_rng(seed)
    omaha = seed % 3 == 2
    n = int(rng.integers(2, 6))
    holes = 4 if omaha else 2
    cards = rng.permutation(52)[: n * holes + 4].astype(np.uint8)
    hands = [format_cards(cards[i * holes : (i + 1) * holes]) for i in range(n)]
    folded = rng.random(n) < 0.3
    folded[:2] = False  # two players at least still in
    put_in = rng.choice([10, 25, 25, 60, 100], n).astype(float)
    assert_same(
        "omaha" if omaha else "holdem",
        put_in.tolist(),
        [None if f else h for h, f in zip(hands, folded)],
        format_cards(cards[n * holes :]),
    )


def test_pots_by_hand():
    """A short stack's main pot, the side pot, a folded player's chips, the uncalled bet."""
    found, returned = pots([140, 350, 600, 42], [True, True, True, False])
    assert [tuple(p) for p in found] == [(140 * 3 + 42, (0, 1, 2)), (210 * 2, (1, 2))]
    assert returned.tolist() == [0, 0, 250, 0]
    with pytest.raises(ValueError, match="two players or more still in"):
        pots([10, 10], [True, False])
    with pytest.raises(ValueError, match="not negative"):
        pots([10, -1], [True, True])


# --------------------------------------------------------------------------------------------
# the variance of each player's result, against every completion dealt here and shared out by
# the reference alone (`reference.realized`)

# (deal, chips put in, hands (None: folded), board, dead): a short stack, a side pot, dead money
SIDE_POT = ("holdem", [140, 350, 600, 42], ["As Ad", "Kd Qd", "8h 7h", None], "Kh 8d 5c 2s", "")
HI_LO_SIDE_POT = (
    "omaha-hi-lo",
    [60, 100, 100],
    ["Ah 4h Qd Jc", "Ad 4c Qs Jh", "Kd Kh 9c 9d"],
    "2c 3d 8h Kc",
    "",
)
VARIANCE_SPOTS = [
    ("holdem", [100, 100], ["As Ad", "Kc Kd"], "Ah Kh 2c", ""),  # heads-up on the flop: 990
    ("holdem", [300, 500], ["AsKs", "QhQc"], "Qs 7s 2d 9s", ""),  # an uncalled 200 goes back
    SIDE_POT,
    ("holdem", [50, 200, 200], ["Tc 9c", "2d 2h", "3s 3c"], "As Ks Qs Js", ""),  # a board that plays
    ("holdem", [30, 80, 200, 200], ["Ac Kc", "Qh Qd", "Js Ts", "7h 7d"], "Kd Qs 6c 2h", "9s"),  # 3 pots
    ("holdem", [50, 300, 900], ["Ah Kh", None, "Qc Qd"], "Ks 7d 2c 9h", ""),  # a pot of one: certain
    ("holdem", [50, 200, 200], ["Ah Ad", "Kc Kd", "Qh Qd"], "As Ac 7d 2c", ""),  # quads: a certain main pot
    HI_LO_SIDE_POT,  # the two A4 share the low: quartered
    ("omaha-hi-lo", [60, 100, 100], ["As 2s Kd Jc", "Ad 3c Qs Jh", "Kh Ks 5c 4d"], "7c 8d 9h", ""),  # flop
    ("omaha", [80, 80, 30], ["As Ks Qd Jd", "9h 9c 8h 7c", "Ac Ad 2s 3s"], "Ts 9s 2d 4h", ""),
    ("short-deck", [100, 100], ["As Ks", "Th Tc"], "Qs 9d 7c 6h", ""),
    ("stud", [100, 100], ["7c 7d 7h Ks 5c 6c", "As Ad Ah Kc Kd 2s"], "", ""),  # sixth street: 40 x 39
    ("razz", [250, 250], ["Ac 2d 3h 4s 9c Kd", "Ad 2c 3s 4h Qc Kc"], "", ""),
    (
        "stud-hi-lo",
        [40, 100, 100],
        ["Ac 2d 3h 8s Kc Kd", "Ad 2c 4s 4h Qc Qd", "9h Th Jh Js 5h 6s"],
        "",
        "2h 3c 4c 5d 6d 7s 8h 9c Tc Jc Qh Ks Ah 3s 5s 7d 9s Td 6h 8c Jd",
    ),  # a side pot; 13 cards live
    ("2-7-single-draw", [40, 40, 10], ["2c 3d 4h 5s 7c", "2d 3h 4s 5c", None], "", ""),  # 47 cards
    (
        "badeucy",
        [30, 90, 90],
        ["2s 3d 4h 7c", "2c 4d 5h 6s", "3c 5d 7h 8s"],
        "",
        "9c 9d 9h 9s Tc Td Th Ts Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks Ac Ad Ah 8c 8d 6c",
    ),  # one card each
]


def every_completion(deal, hands, board, dead):
    """Every way to deal the cards to come, from the reference's deck: each (final hands,
    final board); a board deal completes the board, stud and the draw deals each live hand."""
    spec = equity_reference.DEALS[deal]
    known = [c for h in hands if h for c in equity_reference.cards(h)]
    out = set(known + equity_reference.cards(board) + equity_reference.cards(dead))
    live = [c for c in spec.deck if c not in out]
    if spec.shape == "board":
        for more in itertools.combinations(live, 5 - len(equity_reference.cards(board))):
            yield hands, f"{board} {cards_text(more)}"
        return

    def deal_from(i, left):
        if i == len(hands):
            yield []
            return
        if hands[i] is None:
            yield from ([None, *rest] for rest in deal_from(i + 1, left))
            return
        for more in itertools.combinations(left, spec.hand_size - len(equity_reference.cards(hands[i]))):
            rest_cards = [c for c in left if c not in more]
            yield from ([f"{hands[i]} {cards_text(more)}", *rest] for rest in deal_from(i + 1, rest_cards))

    for final in deal_from(0, live):
        yield final, ""


def every_end(deal, put_in, hands, board, dead):
    """The reference's result of the hand (`reference.realized`) on every completion."""
    return [
        reference.realized(deal, list(put_in), {i: h for i, h in enumerate(final) if h}, final_board, dead)
        for final, final_board in every_completion(deal, hands, board, dead)
    ]


def mean_and_variance(values):
    """The mean and the variance of equally likely values, exactly (fractions)."""
    mean = sum(values) / len(values)
    return mean, sum((v - mean) ** 2 for v in values) / len(values)


@pytest.mark.parametrize(
    "deal, put_in, hands, board, dead",
    VARIANCE_SPOTS,
    ids=[f"{s[0]}-{i}" for i, s in enumerate(VARIANCE_SPOTS)],
)
def test_variance_is_every_completions(deal, put_in, hands, board, dead):
    """Each player's net result on every completion: its mean is allin_ev's net, its variance
    allin_ev's variance; a certain result (a folded player's loss) has a variance of 0."""
    got = allin_ev(hands, put_in, board, dead, deal=resolve_deal(deal))
    ends = every_end(deal, put_in, hands, board, dead)
    for i in range(len(hands)):
        mean, variance = mean_and_variance([end.net[i] for end in ends])
        assert got.net[i] == pytest.approx(float(mean), abs=1e-9)
        assert got.variance[i] == pytest.approx(float(variance), rel=1e-9, abs=1e-9)
        assert (got.variance[i] == 0) == (variance == 0)  # certain: 0 exactly, not rounding


@pytest.mark.parametrize("spot", [SIDE_POT, HI_LO_SIDE_POT], ids=["holdem", "omaha-hi-lo"])
def test_the_pots_of_one_completion_are_shared_jointly(spot):
    """The main pot and a side pot fall together (a short stack who wins the main pot leaves
    the side pot to another): the variance of a player's result is not the sum of each pot's
    variance, each pot taken alone as its equity would give it. allin_ev has the first."""
    deal, put_in, hands, board, dead = spot
    ends = every_end(deal, put_in, hands, board, dead)
    jointly = [float(mean_and_variance([end.net[i] for end in ends])[1]) for i in range(len(hands))]
    apart = [
        float(
            sum(
                mean_and_variance([end.shares[k].get(i, 0) * pot.amount for end in ends])[1]
                for k, pot in enumerate(ends[0].pots)
            )
        )
        for i in range(len(hands))
    ]
    got = allin_ev(hands, put_in, board, dead, deal=resolve_deal(deal)).variance
    assert got.tolist() == pytest.approx(jointly, rel=1e-9)
    assert max(abs(g - a) for g, a in zip(got, apart)) > 0.3 * max(got)  # apart: another figure


def test_nested_pots_are_checked():
    """The engines count nested pots in a split pot, each the first players of the pot, fewer
    at each step, two at least; exactly (no Monte Carlo), not by category."""
    hands, deal = ["Ah 4h Qd Jc", "Ad 4c Qs Jh", "Kd Kh 9c 9d"], resolve_deal("omaha-hi-lo")
    for nested in ([3], [1], [2, 2]):
        with pytest.raises(ValueError, match="nested pots: each the first"):
            exact_showdowns(hands, "2c 3d 8h", "", deal, nested)
    with pytest.raises(ValueError, match="counted in a split pot"):
        exact_showdowns(hands, "2c 3d 8h", "", resolve_deal("omaha"), [2])
    with pytest.raises(ValueError, match="counted in a split pot"):
        BoardSetup(hands, "2c 3d 8h", "", deal, by_category=True, nested=[2])
    for showdowns in (
        BoardShowdowns(hands, "2c 3d 8h", "", deal, nested=[2]),
        StudShowdowns(["As 2d 3c", "Ks Kd 4h", "Qs Qd 5h"], "", "", resolve_deal("stud-hi-lo"), nested=[2]),
        DrawShowdowns(["2s 3d 4h 7c", "2c 4d 5h 6s", "3c 5d 7h"], "", resolve_deal("badeucy"), 1, nested=[2]),
    ):
        with pytest.raises(ValueError, match="counted exactly, not simulated"):
            showdowns.simulate(1000, 1, None)
    with pytest.raises(ValueError, match="after one draw"):
        DrawShowdowns(["2s 3d 4h 7c", "2c 4d 5h 6s", "3c 5d 7h"], "", resolve_deal("badeucy"), 2, nested=[2])
