"""Hand histories (`pokerlut._history.phh`): hands played at random through pokerkit's state
machine (multiway all-ins on the turn, short stacks, folds, uncalled bets) and written out as
PHH, read back and scored: net won equal to pokerkit's own payoffs, the all-in EV equal to the
independent reference (tests/reference/allin_ev.py) at the moment betting closed, the folded
players' cards (known: the record deals them face up) out of the deck; the real
2009 files of ../shared/data/phh (skipped where absent); bad records."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pokerkit = pytest.importorskip("pokerkit")

from pokerlut import format_cards  # noqa: E402
from pokerlut._history.phh import read, score  # noqa: E402
from reference import allin_ev as reference  # noqa: E402

PHH = Path(__file__).resolve().parents[2] / "shared" / "data" / "phh"
AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)
GAMES = {  # PHH's deal -> (pokerkit's game, hole cards, pokerlut's deal)
    "holdem": (pokerkit.NoLimitTexasHoldem(AUTOMATIONS, False, 0, (1, 2), 2), 2),
    "omaha": (pokerkit.PotLimitOmahaHoldem(AUTOMATIONS, False, 0, (1, 2), 2), 4),
    "short-deck": (pokerkit.NoLimitShortDeckHoldem(AUTOMATIONS, False, 0, (1, 2), 2), 2),
}


def play(deal: str, seed: int) -> tuple[str, object, dict | None]:
    """A random hand: everyone in calls to the turn, then shoves, calls or folds at random.
    Returns its PHH text, pokerkit's final state and the spot when betting closed on the turn
    with one player or none not all-in (chips put in, the live players' cards, the board)."""
    game, holes = GAMES[deal]
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 6))
    stacks = rng.choice([30, 80, 150, 400], n).tolist()
    state = game(stacks, n)
    deck = rng.permutation(np.arange(16 if deal == "short-deck" else 0, 52))  # short deck: 6 and up
    cards = [format_cards(c) for c in deck[: n * holes + 5].astype(np.uint8).reshape(-1, 1)]
    for i in range(n):
        state.deal_hole("".join(cards[i * holes : (i + 1) * holes]))
    board = cards[n * holes :]

    def check_or_call_around() -> None:
        while state.actor_index is not None:
            state.check_or_call()

    def deal_board(cards: str) -> None:  # the burn card unknown: it may be any of the deck
        state.burn_card("??")
        state.deal_board(cards)

    check_or_call_around()  # preflop
    deal_board("".join(board[:3]))
    check_or_call_around()
    deal_board(board[3])
    spot = None
    while state.actor_index is not None:  # the turn: shove, call or fold
        r = rng.random()
        if r < 0.2 and state.can_fold():
            state.fold()
        elif r < 0.7 and state.can_complete_bet_or_raise_to():
            state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
        else:
            state.check_or_call()
    live = [i for i in range(n) if state.statuses[i]]
    if state.status and len(live) > 1 and sum(state.stacks[i] > 0 for i in live) <= 1:
        put_in = [int(a - b) for a, b in zip(state.starting_stacks, state.stacks)]
        hands = {i: "".join(cards[i * holes : (i + 1) * holes]) for i in live}
        folded = " ".join("".join(cards[i * holes : (i + 1) * holes]) for i in range(n) if i not in live)
        spot = dict(contributions=put_in, hands=hands, board=" ".join(board[:4]), dead=folded)
    if state.status and state.can_burn_card():
        deal_board(board[4])
        check_or_call_around()  # the river, when two players or more have chips
    history = pokerkit.HandHistory.from_game_state(game, state)
    return history.dumps(), state, spot


@pytest.mark.parametrize("deal", GAMES)
@pytest.mark.parametrize("seed", range(10))
def test_played_hands_read_back_as_pokerkit_and_the_reference_score_them(deal, seed):
    assert_scored_as_played(deal, *play(deal, seed))


def assert_scored_as_played(deal, text, state, spot):
    """The record of a hand pokerkit played: its net as pokerkit paid it; where betting closed
    with cards to come (`spot`), its all-in EV as the reference has it, else none."""
    scored = score(text)
    assert scored.net == tuple(float(p) for p in state.payoffs)
    if spot is None:  # no all-in, or one with two players or more left to bet the last card
        assert scored.allin_ev is None
        assert scored.reason in ("", "all-in, but betting went on to the last card")
        return
    assert scored.reason == ""
    want = reference.allin_ev(deal, **spot)
    assert scored.allin_ev == pytest.approx([float(want.net[i]) for i in range(len(scored.net))], abs=1e-9)
    assert sum(scored.allin_ev) == pytest.approx(sum(scored.net), abs=1e-9)  # nothing lost


def test_enough_played_hands_go_all_in():
    """The test above sees qualifying hands, multiway ones and side pots among them."""
    spots = [spot for deal in GAMES for seed in range(10) if (spot := play(deal, seed)[2])]
    assert len(spots) >= 6
    assert any(len(s["hands"]) > 2 for s in spots)
    assert any(len(set(s["contributions"][i] for i in s["hands"])) > 1 for s in spots)  # a side pot
    assert any(s["dead"] for s in spots)  # folded hands out of the deck


@pytest.mark.skipif(not PHH.is_dir(), reason="../shared/data/phh is not here (a user's clone)")
@pytest.mark.parametrize("name", sorted(p.name for p in PHH.glob("*.phhs")) if PHH.is_dir() else [])
def test_real_files_read_hand_by_hand_as_pokerkit_replays_them(name):
    """Every hand of the 2009 files: net won as pokerkit's replay of the hand alone; on the
    hands that qualify, the all-in EV adds up to the same total (nothing lost)."""
    scored = list(read(PHH / name))
    text = (PHH / name).read_text()
    assert len(scored) == text.count("\n[") + text.startswith("[")
    for hand in scored:
        assert hand.reason in (
            "",
            "the cards of a player all-in are not shown",
            "all-in, but betting went on to the last card",
        ), hand
        assert sum(hand.net) == pytest.approx(0, abs=1e-9)
        if hand.allin_ev is not None:
            assert sum(hand.allin_ev) == pytest.approx(0, abs=1e-9)
    assert any(hand.allin_ev is not None for hand in scored)


def test_a_bad_hand_is_kept_with_its_reason_and_the_rest_of_the_file_read(tmp_path):
    good, _, _ = play("holdem", 1)
    path = tmp_path / "three.phhs"
    path.write_text(f"[1]\n{good}\n[2]\nvariant = 'NT'\nactions = ['oops']\n[3]\n{good}\n")
    first, bad, third = read(path)
    assert first.reason == third.reason == "" and first.net == third.net
    assert bad.number == 2 and bad.reason.startswith("does not read") and bad.allin_ev is None
    infinite = good.replace("starting_stacks = [", "starting_stacks = [inf, ", 1)
    assert "not a number of chips" in score(infinite).reason or score(infinite).reason.startswith(
        "does not read"
    )


@pytest.mark.skipif(not PHH.is_dir(), reason="../shared/data/phh is not here (a user's clone)")
def test_real_files_showdowns_rake_and_big_blind():
    """The showdown hands the provenance counts (two players or more never folded), the
    blinds of each site, and the rake: what left the table, taken by the winners."""
    ong = list(read(PHH / "ong_400NLH_handhq_986.phhs"))
    pty = list(read(PHH / "pty_25NLH_handhq_1610.phhs"))
    assert [sum(any(h.showdown) for h in hands) for hands in (ong, pty)] == [72, 40]
    assert {h.big_blind for h in ong} == {4.0} and {h.big_blind for h in pty} == {0.25}
    assert all(sum(h.showdown) != 1 for h in ong + pty)
    first = ong[0]  # p9 raised to 16, p6 called, p6 folded to the flop bet: pot 38, winnings 36.10
    assert first.net[8] == pytest.approx(22) and first.rake[8] == pytest.approx(1.9)
    assert all(r == 0 for h in pty for r in h.rake)  # PartyPoker's records give no finishing stacks
    assert all(r >= 0 and (r == 0 or n > 0) for h in ong for n, r in zip(h.net, h.rake))


DRAWS = {  # PHH's variant -> pokerkit's game, the stacks to shove with, pokerlut's deal
    "2-7-single-draw": (
        pokerkit.NoLimitDeuceToSevenLowballSingleDraw(AUTOMATIONS, False, 0, (1, 2), 2),
        (20, 60, 150),
    ),
    "2-7-triple-draw": (
        pokerkit.FixedLimitDeuceToSevenLowballTripleDraw(AUTOMATIONS, False, 0, (1, 2), 2, 4),
        (4, 8, 14),
    ),
    "badugi": (pokerkit.FixedLimitBadugi(AUTOMATIONS, False, 0, (1, 2), 2, 4), (4, 8, 14)),
}


def play_draw(deal: str, seed: int) -> tuple[str, object, dict | None]:
    """A random draw hand of 2 or 3 players: everyone bets all in, calls or folds at random,
    discards 0 or 1 card at random at each draw. Returns its PHH text, pokerkit's final state and the spot
    at the last draw when betting had closed before it (chips put in, the cards each player
    still in kept, the discards and folded hands out)."""
    game, sizes = DRAWS[deal]
    holes = 4 if deal == "badugi" else 5
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 4))
    deck = [format_cards(c) for c in rng.permutation(52).astype(np.uint8).reshape(-1, 1)]
    state = game(rng.choice(sizes, n).tolist(), n)
    for i in range(n):
        state.deal_hole("".join(deck[i * holes : (i + 1) * holes]))
    deck = deck[n * holes :]
    last = max(k for k, street in enumerate(state.streets) if street.draw_status)
    out: list[str] = []  # discards, folded hands
    spot = None
    while state.status:
        if state.actor_index is not None:
            r = rng.random()
            if r < 0.15 and state.can_fold():
                out.append("".join(repr(c) for c in state.hole_cards[state.actor_index]))
                state.fold()
            elif r < 0.6 and state.can_complete_bet_or_raise_to():
                state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
            else:
                state.check_or_call()
        elif state.can_stand_pat_or_discard():
            hand = state.hole_cards[state.stand_patter_or_discarder_index]
            # at most one card, so that the reference's enumeration of every draw stays small
            thrown = [hand[k] for k in sorted(rng.choice(holes, int(rng.integers(0, 2)), replace=False))]
            out.append("".join(repr(c) for c in thrown))
            state.stand_pat_or_discard(thrown)
            live = [i for i in range(n) if state.statuses[i]]
            closed = sum(state.stacks[i] > 0 for i in live) <= 1
            if state.street_index == last and not state.can_stand_pat_or_discard() and closed:
                spot = dict(  # the last discard of the last draw, betting closed before it
                    contributions=[int(a - b) for a, b in zip(state.starting_stacks, state.stacks)],
                    hands={i: "".join(repr(c) for c in state.hole_cards[i]) for i in live},
                    dead=" ".join(out),
                )
        elif state.can_burn_card():
            state.burn_card("??")
        elif state.can_deal_hole():
            state.deal_hole(deck.pop())
        else:  # pokerkit's own steps are automated: nothing else waits
            raise AssertionError(f"a state nobody can move: {state}")
    history = pokerkit.HandHistory.from_game_state(game, state)
    return history.dumps(), state, spot


@pytest.mark.parametrize("deal", DRAWS)
@pytest.mark.parametrize("seed", range(12))
def test_draw_hands_all_in_before_the_last_draw_score_the_cards_kept(deal, seed):
    assert_scored_as_played(deal, *play_draw(deal, seed))


def test_enough_draw_hands_go_all_in_before_the_last_draw():
    spots = [(deal, spot) for deal in DRAWS for seed in range(12) if (spot := play_draw(deal, seed)[2])]
    assert len(spots) >= 4 and any(len(s["hands"]) > 2 for _, s in spots)
    dealt = {"badugi": 8}  # characters of a whole hand
    assert any(len(h) < dealt.get(d, 10) for d, s in spots for h in s["hands"].values())  # drew
    assert any(s["dead"] for _, s in spots)
