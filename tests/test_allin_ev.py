"""All-in EV with side pots (`pokerlut._history.allin`) against the independent slow reference
(tests/reference/allin_ev.py, every completion through tests/reference/equity.py): the pots,
the uncalled bet, each player's EV, in every kind of deal, on written spots and random ones;
nothing lost."""

import numpy as np
import pytest

from pokerlut import format_cards
from pokerlut._history.allin import allin_ev, pots
from reference import allin_ev as reference

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
    got = allin_ev(hands, put_in, board, deal=deal)
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
