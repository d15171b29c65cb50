"""Video poker (pokerlut.video_poker) against the independent brute force of
reference/video_poker.py, which tries every draw of every hold with its own evaluator:

- `holds` of hands of every kind, in every built-in pay table and in tables of our own (every
  payout 0, tens or better, fractional payouts), exactly, with the ranking of the holds;
- the whole game: probabilities and kept counts add up, the return from the best holds'
  payouts equals the return from the final hands' probabilities, scaling every payout scales
  the return, raising one moves it by between its probability before and after times the
  change; slow: the whole-game return and kept counts against `holds` over every deal, by suit
  class (134,459 of them);
- bad input, in Python and on the command line.
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import numpy as np
import pytest
import reference.video_poker as ref

from pokerlut import format_cards, parse_cards
from pokerlut.cli import main
from pokerlut._names import Category
from pokerlut._video_poker import NOTHING, PayLine, Paytable, holds, paytable, paytables, video_poker

FAMILY = {name: family for name, (family, _) in ref.PAYTABLES.items()}
HANDS = {  # hands of every kind, per family: made hands, draws, wild cards 0..4, nothing
    "jacks-or-better": [
        "Ah Kh Qh Jh Th",
        "Ah Kh Qh Jh 2s",
        "Jc Jd 5h 7s 9c",
        "2c 7d 9h Js 4c",
        "As Ad Ac Ah 3c",
        "3c 3d 3h 3s Ac",
        "5d 6d 7d 8c Kd",
        "Tc Jd Qh Ks 2d",
    ],
    "deuces-wild": [
        "2c 2d 2h 2s 9c",
        "2h 2d 7s 8s 9c",
        "2c 5h 6h 7h Kd",
        "3c 7d 9h Js Kc",
        "Ts Js Qs Ks As",
        "2s Js Qs Ks As",
        "9c 9d 9h 4s 4d",
        "2d 3c 3h 8s Jd",
    ],
    "joker-poker": [
        "Jk Ah Kh Qh 3c",
        "Jk 5c 5d 9h 9s",
        "3c 7d 9h Js Kc",
        "Kc Kd 4h 7s 9c",
        "Jk As Ad Ac Ah",
        "Jk 2c 3c 4c 8d",
        "Ts Js Qs Ks As",
        "6c 6d 6h Jd Jc",
    ],
}
for family in ("bonus-poker", "double-double-bonus"):
    HANDS[family] = HANDS["jacks-or-better"]
FEW = 3  # hands per table in the fast tier; the slow tier takes them all


def reference_values(
    hand: list[int], table: Paytable, family: str, min_pair: int | None = None
) -> dict[int, Fraction]:
    return ref.hold_values(hand, family, {line.name: line.pays for line in table.lines}, min_pair)


def check_holds(text: str, table: Paytable, family: str, min_pair: int | None = None) -> None:
    """`holds` of a hand: every hold's value as the brute force has it, best first, ties ranked
    alike, and among equal values more cards kept first."""
    hand = parse_cards(text, jokers=True).tolist()
    want = reference_values(hand, table, family, min_pair)
    got = holds(text, table)
    masks = [sum(1 << hand.index(card) for card in h.keep) for h in got]
    assert sorted(masks) == list(range(32))
    assert {m: h.value for m, h in zip(masks, got)} == want, text
    assert [h.value for h in got] == sorted(want.values(), reverse=True)
    for before, after in zip(got, got[1:]):
        assert (after.rank == before.rank) == (after.value == before.value)
        if after.value == before.value:
            assert len(after.keep) <= len(before.keep)
    assert got[0].rank == 1 and got[-1].rank <= 32


CASES = [
    pytest.param(name, hand, marks=[pytest.mark.slow] * (i >= FEW), id=f"{name}-{hand}")
    for name in paytables()
    for i, hand in enumerate(HANDS[FAMILY[name]])
]


@pytest.mark.parametrize("name, hand", CASES)
def test_holds_agree_with_brute_force(name: str, hand: str) -> None:
    check_holds(hand, paytable(name), FAMILY[name])


@pytest.mark.slow
@pytest.mark.parametrize("name", list(paytables()))
def test_holds_of_random_deals_agree_with_brute_force(name: str) -> None:
    table, family = paytable(name), FAMILY[name]
    rng = random.Random(name)
    for _ in range(4):
        check_holds(format_cards(rng.sample(range(table.deck_size), 5)), table, family)


def test_tables_of_our_own_agree_with_brute_force() -> None:
    job = paytable("jacks-or-better-9-6")
    tens = Paytable(
        "tens-or-better", job.lines[:-1] + (PayLine("jacks or better", 1, Category.ONE_PAIR, ranks="TJQKA"),)
    )  # the reference's name
    check_holds("Tc Td 5h 7s 9c", tens, "jacks-or-better", min_pair=8)
    check_holds("Ts Js Qd 4h 4c", tens, "jacks-or-better", min_pair=8)
    halves = job.with_pays({"two pair": Fraction(5, 2), "jacks or better": 0.5}, name="halves")
    assert halves.lines[-1].pays == Fraction(1, 2)
    check_holds("Jc Jd 5h 5s 9c", halves, "jacks-or-better")
    deuces = paytable("deuces-wild").with_pays({"four deuces": 1000, "three of a kind": 0})
    check_holds("2c 2d 2h 7s 9c", deuces, "deuces-wild")


@pytest.mark.parametrize("name", ["jacks-or-better-9-6", "deuces-wild", "joker-poker"])
def test_a_table_that_pays_nothing_returns_nothing(name: str) -> None:
    table = paytable(name)
    zero = table.with_pays({line.name: 0 for line in table.lines}, name="zero")
    game = video_poker(zero)
    assert game.exact_return == 0 and game.exact_variance == 0
    assert game.kept == {k: game.dealt if k == 5 else 0 for k in range(6)}  # ties: keep all
    assert all(h.value == 0 for h in holds("Ah Kh Qh Jh Th", zero))


@pytest.mark.parametrize("name", list(paytables()))
def test_the_whole_game_adds_up(name: str) -> None:
    table = paytable(name)
    game = video_poker(table)
    assert game.dealt == math.comb(table.deck_size, 5) == sum(game.kept.values())
    assert sum(game.probabilities.values()) == 1
    assert list(game.probabilities) == [line.name for line in table.lines] + [NOTHING]
    pays = {line.name: Fraction(line.pays) for line in table.lines}
    # two counts: the best holds' payouts, and how often best play ends in each final hand
    assert sum(p * pays.get(n, 0) for n, p in game.probabilities.items()) == game.exact_return
    assert game.exact_variance > 0 and game.expected_return == float(game.exact_return)
    assert video_poker(table, threads=1) == game


def test_scaling_every_payout_scales_the_return() -> None:
    table = paytable("double-double-bonus-9-6")
    tripled = table.with_pays({line.name: 3 * line.pays for line in table.lines})
    game, game3 = video_poker(table), video_poker(tripled)
    assert game3.exact_return == 3 * game.exact_return
    assert game3.exact_variance == 9 * game.exact_variance
    assert (game3.probabilities, game3.kept) == (game.probabilities, game.kept)


@pytest.mark.parametrize(
    "name, line, change",
    [
        ("jacks-or-better-9-6", "royal flush", 200),
        ("deuces-wild", "four of a kind", 1),
        ("joker-poker", "two pair", Fraction(1, 4)),
    ],
)
def test_one_payout_moves_the_return_by_its_probability(name: str, line: str, change: Fraction) -> None:
    """Raising one payout by d moves the best return by p d, p the line's probability, with
    p between its value before and after (best play may change: it can only gain)."""
    table = paytable(name)
    before = video_poker(table)
    pays = {x.name: x.pays for x in table.lines}
    after = video_poker(table.with_pays({line: pays[line] + change}))
    moved = after.exact_return - before.exact_return
    assert before.probabilities[line] * change <= moved <= after.probabilities[line] * change
    if after.kept == before.kept and after.probabilities == before.probabilities:
        assert moved == before.probabilities[line] * change


def suit_classes(deck: int) -> tuple[np.ndarray, np.ndarray]:
    """One deal of each class of deals equal up to a permutation of suits, and the number of
    deals in each class."""
    deals = np.array(list(itertools.combinations(range(deck), 5)), np.uint8)
    best = None
    for perm in itertools.permutations(range(4)):
        suit = np.array(perm, np.uint8)[deals & 3]
        mapped = np.where(deals < 52, (deals & 0xFC) | suit, deals)
        mapped.sort(axis=1)
        code = sum(mapped[:, i].astype(np.int64) << (6 * i) for i in range(5))
        best = code if best is None else np.minimum(best, code)
    _, first, count = np.unique(best, return_index=True, return_counts=True)
    return deals[first], count


@pytest.mark.slow
@pytest.mark.parametrize("name", ["jacks-or-better-9-6", "deuces-wild", "joker-poker"])
def test_the_whole_game_is_the_best_hold_of_every_deal(name: str) -> None:
    table = paytable(name)
    classes, count = suit_classes(table.deck_size)
    if table.deck_size == 52:
        assert len(classes) == 134_459  # the known number of deals distinct up to suits
    total, kept = Fraction(0), dict.fromkeys(range(6), 0)
    for deal, n in zip(classes.tolist(), count.tolist()):
        best = holds(deal, table)[0]
        total += n * best.value
        kept[len(best.keep)] += n
    game = video_poker(table)
    assert total / count.sum() == game.exact_return
    assert kept == game.kept


def test_bad_input_is_named() -> None:
    with pytest.raises(ValueError, match="unknown pay table 'nope'; the built-in ones: jacks-or-better-9-6"):
        video_poker("nope")
    job = paytable("jacks-or-better-9-6")
    with pytest.raises(ValueError, match="'flush': a payout must not be negative, not -1"):
        job.with_pays({"flush": -1})
    for bad in ("6", None, True):
        with pytest.raises(TypeError, match="'flush': a payout is a number"):
            job.with_pays({"flush": bad})
    with pytest.raises(ValueError, match="'flush': a payout is a finite number, not nan"):
        job.with_pays({"flush": float("nan")})
    with pytest.raises(ValueError, match="has no line 'flsh' \\(its lines: royal flush, "):
        job.with_pays({"flsh": 5})
    with pytest.raises(ValueError, match="a video poker hand is 5 cards, not 4"):
        holds("Ah Kh Qh Jh", job)
    with pytest.raises(ValueError, match="a video poker hand is 5 cards, not 6"):
        holds("Ah Kh Qh Jh Th 9h", job)
    with pytest.raises(ValueError, match="duplicate card 'Ah'"):
        holds("Ah Kh Qh Jh Ah", job)
    with pytest.raises(ValueError, match="Jk is not in the 52-card deck of jacks-or-better-9-6"):
        holds("Jk Kh Qh Jh Th", job)
    with pytest.raises(ValueError, match="not in the 53-card deck of joker-poker"):
        holds([53, 1, 2, 3, 4], "joker-poker")
    with pytest.raises(ValueError, match="jokers play in games with wild cards"):
        Paytable("j", job.lines, jokers=1)
    with pytest.raises(ValueError, match="unknown category 'fours'"):
        PayLine("x", 1, "fours")
    with pytest.raises(ValueError, match="ranks are rank characters"):
        PayLine("x", 1, "one pair", ranks="1")
    with pytest.raises(ValueError, match="two lines are called 'flush'"):
        Paytable("t", job.lines + job.lines[4:5])
    with pytest.raises(ValueError, match="other than 'nothing'"):
        PayLine(NOTHING, 1)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["video-poker", "nope"], "unknown pay table 'nope'"),
        (["video-poker", "deuces-wild", "--hand", "2h 2h 7s 8s 9c"], "duplicate card '2h'"),
        (["video-poker", "deuces-wild", "--pays", "flush=-1"], "must not be negative"),
        (["video-poker", "deuces-wild", "--pays", "flush"], "--pays takes LINE=PAYOUT"),
        (["video-poker", "deuces-wild", "--hand", "Jk 2d 7s 8s 9c"], "Jk is not in the 52-card deck"),
    ],
)
def test_the_command_line_refuses_bad_input_in_one_line(capsys, argv, message) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_the_command_line(capsys) -> None:
    import json

    assert main(["video-poker", "deuces-wild", "--hand", "2h 2d 7s 8s 9c", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["holds"][0] == {"rank": 1, "keep": "2h 2d 7s 8s", "value": 156 / 47, "exact": "156/47"}
    assert main(["video-poker", "jacks-or-better-9-6", "--pays", "full house=8,flush=5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert Fraction(out["return_exact"]) == video_poker(paytable("jacks-or-better-8-5")).exact_return
    assert main(["video-poker"]) == 0
    assert "joker-poker" in capsys.readouterr().out
