"""The fast path of PHH records (`pokerlut._history.fast`) against pokerkit's replay
(`phh.score`), field for field: every hand of the real 2009 files of ../shared/data/phh
(skipped where absent); the random hands of test_history's `play` (all in on the turn, side
pots, folds); hands played to a showdown on the river in the three variants the path
replays, with side pots, ties, odd chips and cents, hole cards unknown and shown face down as
real records have them; and the records it declines, which `read` leaves to pokerkit."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from decimal import Decimal

import numpy as np
import pytest

pokerkit = pytest.importorskip("pokerkit")

from pokerlut import format_cards  # noqa: E402
from pokerlut._history import fast, phh  # noqa: E402
from test_history import AUTOMATIONS, PHH, play  # noqa: E402

SEEDS = range(120)
# pokerkit's automations for the hands played here, less showing or mucking (the hands choose)
PLAYED = tuple(a for a in AUTOMATIONS if a != pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING) + (
    pokerkit.Automation.RUNOUT_COUNT_SELECTION,
)
STRAIGHT_BOARD = "AsKdQh7c2s"  # no flush, no pair: a J and a T make the nuts, two of them tie
BOARD_PLAYS = "AsKdQhJcTs"  # the board is the nuts in hold'em: every hand ties, unknown ones too


def river_hand(variant: str, seed: int) -> str:
    """A random hand of `variant` (``NT``, ``PO``, ``FT``) played through pokerkit's state
    machine, most often to a showdown on the river: 2 to 6 players of uneven stacks (side
    pots), who raise, call or fold at random and show or muck; odd seeds in cents (Decimal
    amounts), the others in whole chips (odd chips); every fourth with antes; one seed in three
    with a board on which two players tie (and in hold'em one in three where the board plays).
    Written out as PHH, then, on even seeds, as the real records are: hole cards dealt unknown
    (``????``) and, at the river, some hands shown face down (``????``)."""
    rng = np.random.default_rng(seed)
    cents = seed % 2 == 1
    unit = Decimal("0.01") if cents else 1
    blinds = (Decimal("0.10"), Decimal("0.25")) if cents else (1, 2)
    ante = (Decimal("0.05") if cents else 1) if seed % 4 < 2 else 0
    n = int(rng.integers(2, 7))
    stacks = [
        int(rng.integers(8, 400)) * (unit * 10 if cents else 1) + int(rng.integers(0, 10)) * unit
        for _ in range(n)
    ]
    big = blinds[1]
    game = {
        "NT": pokerkit.NoLimitTexasHoldem(PLAYED, False, ante, blinds, big),
        "PO": pokerkit.PotLimitOmahaHoldem(PLAYED, False, ante, blinds, big),
        "FT": pokerkit.FixedLimitTexasHoldem(PLAYED, False, ante, blinds, big, 2 * big),
    }[variant]
    holes = 4 if variant == "PO" else 2
    deck = [format_cards(np.array([c], dtype=np.uint8)) for c in rng.permutation(52)]
    kit = seed % 3
    if kit == 1 or (kit == 2 and variant == "PO"):  # two players hold a J and a T: a tie
        fixed = {0: ["Jc", "Tc"], 1: ["Jd", "Th"]}
        board = [STRAIGHT_BOARD[k : k + 2] for k in range(0, 10, 2)]
    elif kit == 2:
        fixed, board = {}, [BOARD_PLAYS[k : k + 2] for k in range(0, 10, 2)]
    else:
        fixed, board = {}, []
    taken = set(board) | {c for cards in fixed.values() for c in cards}
    rest = iter(c for c in deck if c not in taken)
    state = game(stacks, n)
    for i in range(n):
        cards = fixed.get(i, [])
        state.deal_hole("".join(cards + [next(rest) for _ in range(holes - len(cards))]))
    board = board or [next(rest) for _ in range(5)]

    def bet() -> None:
        while state.actor_index is not None:
            r = rng.random()
            if r < 0.12 and state.checking_or_calling_amount and state.can_fold():
                state.fold()
            elif r < 0.45 and state.can_complete_bet_or_raise_to():
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(high if rng.random() < 0.4 else low)
            else:
                state.check_or_call()

    def show(river: bool) -> None:
        """Show; at the river some muck, where another player still in put in as much
        (pokerkit's own state fails a pot left to nobody, or a street left to one player)."""
        while state.can_show_or_muck_hole_cards():
            i = state.showdown_index
            put_in = [a - b for a, b in zip(state.starting_stacks, state.stacks)]
            covered = any(j != i and state.statuses[j] and put_in[j] >= put_in[i] for j in range(n))
            state.show_or_muck_hole_cards(not (river and covered) or bool(rng.random() < 0.8))

    bet()
    for cards in (board[:3], board[3:4], board[4:]):
        show(river=False)
        if not state.status:
            break
        state.burn_card("??")
        state.deal_board("".join(cards))
        bet()
    show(river=True)
    text = pokerkit.HandHistory.from_game_state(game, state).dumps()
    if seed % 2 == 0:  # as real records: unknown deals, and at the river some faces down
        text = re.sub(r"'d dh (p\d+) \S+'", lambda m: f"'d dh {m[1]} {'??' * holes}'", text)
        head, river, tail = text.rpartition("'d db ")
        if len(board) == 5 and head:
            tail = re.sub(
                r"'(p\d+) sm \S+'",
                lambda m: f"'{m[1]} sm {'??' * holes}'" if rng.random() < 0.3 else m[0],
                tail,
            )
            text = head + river + tail
    return text


def pushes(text: str) -> list:
    """The pots pokerkit's replay of `text` pushed (`ChipsPushing`: pot index, amounts)."""
    *_, state = pokerkit.HandHistory.loads(text)
    return [op for op in state.operations if isinstance(op, pokerkit.ChipsPushing)]


def same(text: str) -> bool:
    """The fast path scores `text` as pokerkit's path does; False where it declines."""
    scored = fast.score(text, "x", 7)
    if scored is None:
        return False
    assert scored == phh.score(text, "x", 7), text
    return True


@pytest.mark.skipif(not PHH.is_dir(), reason="../shared/data/phh is not here (a user's clone)")
@pytest.mark.parametrize("name", sorted(p.name for p in PHH.glob("*.phhs")) if PHH.is_dir() else [])
def test_real_files_fast_path_scores_every_hand_as_pokerkit(name):
    """Every hand: `read`'s score is pokerkit's, field for field, and the fast path takes
    nearly all of them (today all: dead blinds, folds, showdowns, all-ins with faces down)."""
    assert list(phh.read(PHH / name)) == list(phh.read(PHH / name, fast=False))
    records = re.split(r"^\[\d+\]$", (PHH / name).read_text(), flags=re.M)[1:]
    taken = [fast.score(record) is not None for record in records]
    assert sum(taken) >= 0.95 * len(records)


@pytest.mark.parametrize("deal", ["holdem", "omaha"])
def test_played_hands_fast_path_scores_as_pokerkit(deal):
    """test_history's hands: all taken, each equal to pokerkit's score; among them all-ins
    on the turn, multiway ones and side pots (so the test sees what it is for)."""
    spots = []
    for seed in SEEDS:
        text, _, spot = play(deal, seed)
        assert same(text)
        spots += [spot] if spot else []
    assert len(spots) >= 30
    assert sum(len(s["hands"]) > 2 for s in spots) >= 10
    assert sum(len({s["contributions"][i] for i in s["hands"]}) > 1 for s in spots) >= 10  # side pots


@pytest.mark.parametrize("variant", ["NT", "PO", "FT"])
def test_river_showdowns_fast_path_scores_as_pokerkit(variant):
    """Hands to a showdown on the river: equal to pokerkit's score wherever the fast path
    takes them (it declines a split it cannot be sure of: a Decimal pot of whole chips, a
    third of a cent), and the seeds do make what the test is for: showdowns with side pots,
    ties, ties in a side pot, odd chips, splits of cents, unknown hands that play the board."""
    seen: Counter[str] = Counter()
    for seed in SEEDS:
        text = river_hand(variant, seed)
        seen["taken"] += same(text)
        done = pushes(text)
        split = [op for op in done if sum(a > 0 for a in op.amounts) > 1]
        showdown = text.count("'d db ") == 3 and " sm " in text
        seen["side pot showdown"] += showdown and any(op.pot_index > 0 for op in done)
        seen["tie"] += bool(split)
        seen["tie in a side pot"] += any(op.pot_index > 0 for op in split)
        seen["odd chip"] += any(len({a for a in op.amounts if a > 0}) > 1 for op in split)
        seen["cents split"] += any(a % 1 for op in split for a in op.amounts)
        seen["board plays, face down"] += bool(split) and "??" in text.split("'d db ")[-1]
    assert seen["taken"] >= 0.9 * len(SEEDS), seen
    assert (
        min(seen[k] for k in ("side pot showdown", "tie", "tie in a side pot", "odd chip", "cents split"))
        >= 2
    ), seen
    if variant != "PO":  # an unknown Omaha hand has no hand: it never ties
        assert seen["board plays, face down"] >= 1, seen


def record(**changes: str) -> str:
    """A small NT record (all in on the flop, both hands shown), with fields changed."""
    fields = {
        "variant": "'NT'",
        "antes": "[0, 0, 0]",
        "blinds_or_straddles": "[1, 2, 0]",
        "min_bet": "2",
        "starting_stacks": "[100, 50, 80]",
        "actions": "['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 6', 'p1 f', 'p2 cc', "
        "'d db 7h8h9c', 'p2 cbr 44', 'p3 cc', 'p2 sm AhAd', 'p3 sm 9s9d', 'd db 2c', 'd db Ks']",
        "venue": "'Somewhere'",
    } | changes
    return "\n".join(f"{key} = {value}" for key, value in fields.items())


@pytest.mark.parametrize(
    ("changes", "declined"),
    [
        ({}, False),
        ({"blinds_or_straddles": "[1, 2, -2]"}, False),  # a dead blind: posted live, as pokerkit does
        ({"blinds_or_straddles": "[1, 2, 4]"}, True),  # a straddle
        ({"variant": "'NS'"}, True),  # a variant the fast path does not replay
        ({"variant": "'XX'"}, True),  # nor pokerkit
        ({"actions": "['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 raise 6']"}, True),  # malformed
        ({"actions": "['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p1 f']"}, True),  # out of turn
        ({"actions": "['d dh p1 ????', 'd dh p2 ????', 'p3 f', 'p1 f']"}, True),  # a deal missing
        ({"starting_stacks": "[100, inf, 80]"}, False),  # one site's stack: the reason, as pokerkit's
        ({"venue": "Somewhere"}, True),  # not TOML
        ({"min_bet": "2.0.0"}, True),
    ],
)
def test_declined_records_read_through_pokerkit(tmp_path, changes, declined):
    """A record the fast path declines gives None there, and `read` gives pokerkit's score
    of it (or its reason); the rest of the file is still read by the fast path. A stack
    written ``inf`` is no decline: the fast path gives pokerkit's reason itself."""
    text = record(**changes)
    path = tmp_path / "hands.phhs"
    path.write_text(f"[1]\n{record()}\n\n[2]\n{text}\n\n[3]\n{record()}\n")
    first, second, third = phh.read(path)
    assert (first, second, third) == tuple(phh.read(path, fast=False))
    assert first == replace(third, number=1) and first.reason == "" and first.allin_ev is not None
    assert (fast.score(text) is None) == declined
    if not declined:
        assert fast.score(text, str(path), 2) == second
    if "inf" in text:
        assert second.reason == "a stack that is not a number of chips"


KNOWN = "'d dh p1 AsKs', 'd dh p2 QdQc', 'd dh p3 7h2c', "
TO_RIVER = (  # everyone checks or calls to the river, then checks it
    "'p3 cc', 'p1 cc', 'p2 cc', 'd db 9c8d3s', 'p1 cc', 'p2 cc', 'p3 cc', 'd db Tc', "
    "'p1 cc', 'p2 cc', 'p3 cc', 'd db 4h', 'p1 cc', 'p2 cc', 'p3 cc'"
)
RAISED_TO_RIVER = TO_RIVER.replace(
    "'p1 cc', 'p2 cc', 'p3 cc', 'd db Tc'", "'p1 cbr 20', 'p2 cc', 'p3 cc', 'd db Tc'"
)


@pytest.mark.parametrize(
    "actions",
    [
        f"[{KNOWN}{TO_RIVER}, 'p1 sm -', 'p2 sm -', 'p3 sm']",  # every card shown, one muck
        f"[{KNOWN}{TO_RIVER}, 'p1 sm As??', 'p2 sm Qd??', 'p3 sm']",  # one card shown each
        f"[{KNOWN}{TO_RIVER}]",  # no shows: pokerkit shows them face down, unknown at the river
        f"[{KNOWN}{TO_RIVER}, 'p1 sm ????', 'p2 sm ????', 'p3 sm ????']",  # three hands play the board
        f"[{KNOWN}'p3 cc', 'p1 cc', 'p2 f', 'd db 9c8d3s', 'p1 f']",  # folds where a check was free
        f"[{KNOWN}{RAISED_TO_RIVER}, 'p1 sm', 'p2 sm', 'p3 sm 7h2c']",  # all but one muck
        "['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 30', 'p1 cc', 'p2 cc', 'd db AsKdQh', "
        "'p1 cbr 20', 'p3 cc', 'd db Jc', 'p1 cc', 'p3 cc', 'd db Ts', 'p1 cc', 'p3 cc', 'p1 sm ????', "
        "'p2 sm 2c3d', 'p3 sm ????']",  # the board plays: main pot three ways, the side pot two
    ],
)
def test_showdowns_as_pokerkit_has_them(actions):
    """Showdowns real records hold and pokerkit reads its own way: every card shown (``-``),
    one card of two, no shows (pokerkit's replay shows the hands face down itself), hands
    face down that play the board, a fold where a check was free, all but one mucking."""
    text = record(actions=actions, starting_stacks="[100, 30, 80]")
    assert same(text)


def test_omaha_shows_two_cards_of_four_and_everyone_mucks():
    """Omaha: two cards shown of four make a hand (two of them with three of the board); a
    showdown where everyone mucks burns the pot in pokerkit: declined."""
    holes = "'d dh p1 AsKsQh2d', 'd dh p2 QdQc9h8h', 'd dh p3 7h2c3c4c', "
    shown = f"[{holes}{TO_RIVER}, 'p1 sm AsKs????', 'p2 sm ????????', 'p3 sm 7h2c????']"
    assert same(record(variant="'PO'", actions=shown))
    assert fast.score(record(actions=f"[{KNOWN}{TO_RIVER}, 'p1 sm', 'p2 sm', 'p3 sm']")) is None


def test_a_winner_who_shows_after_the_hand_and_a_loser_killed_after_showing():
    """Two quirks of pokerkit's replay the fast path keeps: a winner may show his cards after
    everyone folded (the hand is over, pokerkit takes it), and a loser who shows last at the
    river is killed in the step that shows him: his cards are read from the record, and the
    all-in is scored."""
    shows = record(
        actions="['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 6', 'p1 f', 'p2 f', 'p3 sm AsAd']"
    )
    assert same(shows)
    assert fast.score(shows).net == (-1.0, -2.0, 3.0)
    shown_last = record(
        actions="['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 6', 'p1 f', 'p2 cc', "
        "'d db 7h8h9c', 'p2 cbr 44', 'p3 cc', 'p2 sm ????', 'p3 sm ????', 'd db 2c', 'p2 sm ????', "
        "'p3 sm ????', 'd db Ks', 'p3 sm 9s9d', 'p2 sm AhAd']"
    )
    assert same(shown_last)
    assert fast.score(shown_last).reason == "" and fast.score(shown_last).allin_ev is not None
