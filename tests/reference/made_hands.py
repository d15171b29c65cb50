"""Slow reference for made hands and draws on a flop or a turn (docs/made-hands.md).

Written only from ``docs/made-hands.md``, in plain Python with the standard library and the
slow showdown evaluator ``reference.games`` (for the categories). It never imports ``pokerlut``;
tests/test_made_hands_reference.py compares ``pokerlut.hand_on_board`` against it.

A card is the int ``4 * rank + suit``: rank 0..12 is 2, 3, ..., K, A and suit 0..3 is clubs,
diamonds, hearts, spades. The deals are::

    holdem      two cards, the 52-card deck, standard category order
    short-deck  two cards, the 36-card deck (6 to A), flush above full house, A-6-7-8-9 straight
    omaha       four, five or six cards, the 52-card deck; two from the hand, three from the board

Every definition is coded as the page states it, by brute force where that is the plainest:

- the category: ``reference.games`` (best five of hand and board; Omaha: two and three);
- made hand: each hold (hold'em: the hand; Omaha: every two of its cards) through steps 1-3 of
  the page, the hand's made hand the best in the page's order;
- straight outs: every unseen card added to the board, every window tried (Omaha: every hold,
  every two board cards);
- backdoor straight draw: every two unseen ranks (see `backdoor_straight_pairs`), every window
  (Omaha: every hold, every flop card).

Readings chosen where the page leaves room (each is reported with the tests):

- "A draw to a category is only counted if the hand's category is below it": applied to the
  flush draw (and with it the nut flush draw), the straight draw (and with it the number of
  straight outs, reported as 0 when not counted) and both backdoor draws; overcards are not a
  draw to a category and are not gated.
- Omaha's flush draw is reported as "two cards" (two of the four suited cards are the hand's).
- "hold four cards of that suit" (flush draw) and "hold three cards" (hold'em backdoor flush) are
  read as exactly four / exactly three; more would be a flush or a flush draw, which the category
  gate or the "No flush draw" clause excludes anyway.

>>> from reference.games import parse_cards
>>> r = hand_on_board(parse_cards("9c 8c"), parse_cards("7d 6s 2h"), "holdem")
>>> r["made"], r["straight_draw"], r["straight_outs"], r["overcards"]
('no made hand', 'open-ended', 8, True)
>>> hand_on_board(parse_cards("Qs Js Ts 9d"), parse_cards("8h 7c 2s"), "omaha")["straight_outs"]
13
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Iterable, Sequence

from reference.games import CATEGORY_ORDERS, best_key, deck, key5, omaha_best_key

DEALS = ("holdem", "short-deck", "omaha")
GAME = {"holdem": "high", "short-deck": "short-deck", "omaha": "high"}
HAND_SIZES = {"holdem": (2,), "short-deck": (2,), "omaha": (4, 5, 6)}

ACE = 12

FIELDS = (
    "category",
    "made",
    "board_made",
    "flush_draw",
    "nut_flush_draw",
    "straight_draw",
    "straight_outs",
    "backdoor_flush_draw",
    "backdoor_straight_draw",
    "overcards",
)

_STEP1_NAMES = {
    "STRAIGHT_FLUSH": "straight flush",
    "FOUR_OF_A_KIND": "four of a kind",
    "FULL_HOUSE": "full house",
    "FLUSH": "flush",
    "STRAIGHT": "straight",
}
_LATER_MADE = (
    "set",
    "trips",
    "two pair",
    "overpair",
    "top pair",
    "pocket pair below top pair",
    "middle pair",
    "weak pair",
    "ace high",
    "no made hand",
)


def made_order(deal: str) -> tuple:
    """The made hands from the best: step 1's five in the game's category order, then the rest."""
    order = CATEGORY_ORDERS[GAME[deal]]
    first = tuple(_STEP1_NAMES[c] for c in reversed(order) if c in _STEP1_NAMES)
    return first + _LATER_MADE


def windows(deal: str) -> list:
    """The rank sets of the game's straights: ten (A-2-3-4-5 .. T-J-Q-K-A), six in short deck
    (A-6-7-8-9, 6-7-8-9-T .. T-J-Q-K-A)."""
    if deal == "short-deck":
        lows = [frozenset({ACE, 4, 5, 6, 7})]
        return lows + [frozenset(range(low, low + 5)) for low in range(4, 9)]
    return [frozenset({ACE, 0, 1, 2, 3})] + [frozenset(range(low, low + 5)) for low in range(0, 9)]


def _check(hand: Sequence[int], board: Sequence[int], deal: str) -> tuple:
    if deal not in DEALS:
        raise ValueError(f"unknown deal {deal!r}")
    hand, board = [int(c) for c in hand], [int(c) for c in board]
    if len(hand) not in HAND_SIZES[deal]:
        raise ValueError(f"{deal}: a hand of {len(hand)} cards")
    if len(board) not in (3, 4):
        raise ValueError(f"a board of {len(board)} cards (a flop or a turn only)")
    cards = hand + board
    if len(set(cards)) != len(cards) or not set(cards) <= set(deck(GAME[deal])):
        raise ValueError("duplicate cards or cards outside the deck")
    return hand, board


def _category_of(key: tuple, deal: str) -> str:
    return CATEGORY_ORDERS[GAME[deal]][key[0]]


def _rank_of(category: str, deal: str) -> int:
    """Position in the game's order (bigger = better)."""
    return CATEGORY_ORDERS[GAME[deal]].index(category)


def category(hand: Sequence[int], board: Sequence[int], deal: str) -> str:
    """The hand's showdown category (a reference.games name such as 'ONE_PAIR')."""
    if deal == "omaha":
        return _category_of(omaha_best_key(hand, board, "high"), deal)
    return _category_of(best_key(list(hand) + list(board), GAME[deal]), deal)


def holds(hand: Sequence[int], deal: str) -> list:
    """Hold'em and short deck: the hand itself; Omaha: every two of its cards."""
    if deal == "omaha":
        return [list(two) for two in itertools.combinations(hand, 2)]
    return [list(hand)]


def hold_category(hold: Sequence[int], board: Sequence[int], deal: str) -> str:
    """`cat` of the page: hold'em the best five of hold and board; Omaha the best of the hold
    with three of the board."""
    if deal == "omaha":
        keys = [key5(list(hold) + list(three), "high") for three in itertools.combinations(board, 3)]
        return _category_of(max(keys), deal)
    return _category_of(best_key(list(hold) + list(board), GAME[deal]), deal)


def board_made(board: Sequence[int]) -> str:
    """The board's own hand, by its ranks alone."""
    counts = sorted(Counter(c // 4 for c in board).values(), reverse=True)
    if counts[0] == 4:
        return "four of a kind"
    if counts[0] == 3:
        return "three of a kind"
    if counts[:2] == [2, 2]:
        return "two pair"
    if counts[0] == 2:
        return "pair"
    return "nothing"


def top_and_second(board: Sequence[int]) -> tuple:
    """(top rank, second rank or None): the board's ranks counted once each."""
    ranks = sorted({c // 4 for c in board}, reverse=True)
    return ranks[0], (ranks[1] if len(ranks) > 1 else None)


def hold_made(hold: Sequence[int], board: Sequence[int], deal: str) -> str:
    """One hold's made hand: the first of the page's steps 1-3 that applies."""
    cat = hold_category(hold, board, deal)
    board_counts = Counter(c // 4 for c in board)
    # step 1
    board_quads = cat == "FOUR_OF_A_KIND" and 4 in board_counts.values()
    if cat in _STEP1_NAMES and not board_quads:
        return _STEP1_NAMES[cat]
    top, second = top_and_second(board)
    a, b = hold[0] // 4, hold[1] // 4
    # step 2: a pocket pair
    if a == b:
        r = a
        if board_counts[r] >= 1:
            return "set"
        if r > top:
            return "overpair"
        if r < top and (second is None or r > second):
            return "pocket pair below top pair"
        if second is not None and r < second:
            return "weak pair"
        raise AssertionError("unreachable: a pocket pair not on the board equals a board rank")
    # step 3: two different hole ranks
    if board_counts[a] and board_counts[b]:
        return "two pair"
    for x, y in ((a, b), (b, a)):
        if board_counts[x] == 2 and not board_counts[y]:
            return "trips"
    for x, y in ((a, b), (b, a)):
        if board_counts[x] == 1 and not board_counts[y]:
            if x == top:
                return "top pair"
            if x == second:
                return "middle pair"
            return "weak pair"
    if not board_counts[a] and not board_counts[b] and ACE in (a, b):
        return "ace high"
    # what is left: no hole rank on the board and no ace, or a hole rank on the board three
    # times (then `cat` is four of a kind, so step 1 took it: unreachable) -- "otherwise".
    return "no made hand"


def made_hand(hand: Sequence[int], board: Sequence[int], deal: str) -> str:
    """The hand's made hand: the best of its holds' made hands in the page's order."""
    order = made_order(deal)
    return min((hold_made(hold, board, deal) for hold in holds(hand, deal)), key=order.index)


def unseen(hand: Sequence[int], board: Sequence[int], deal: str) -> list:
    """The cards of the game's deck not in the hand and not on the board."""
    seen = set(hand) | set(board)
    return [c for c in deck(GAME[deal]) if c not in seen]


def flush_draw_suits(hand: Sequence[int], board: Sequence[int], deal: str) -> dict:
    """{suit: "one card"/"two cards"} for each suit giving the flush-draw condition (before the
    category gate)."""
    result = {}
    for suit in range(4):
        in_hand = sum(1 for c in hand if c % 4 == suit)
        on_board = sum(1 for c in board if c % 4 == suit)
        if deal == "omaha":
            if in_hand >= 2 and on_board == 2:
                result[suit] = "two cards"
        elif in_hand + on_board == 4 and in_hand >= 1:
            result[suit] = "two cards" if in_hand == 2 else "one card"
    return result


def is_nut_suit(hand: Sequence[int], board: Sequence[int], suit: int, deal: str) -> bool:
    """The hand holds the highest card of the suit that is not on the board."""
    off_board = [c for c in deck(GAME[deal]) if c % 4 == suit and c not in board]
    return max(off_board) in hand


def is_straight_out(hand: Sequence[int], board: Sequence[int], card: int, deal: str) -> bool:
    """The page's straight-out test for one unseen card."""
    wins = windows(deal)
    if deal == "omaha":
        for hold in holds(hand, deal):
            for two in itertools.combinations(board, 2):
                ranks = [c // 4 for c in (*hold, *two, card)]
                if len(set(ranks)) == 5 and frozenset(ranks) in wins:
                    return True
        return False
    with_hand = {c // 4 for c in (*hand, *board, card)}
    board_only = {c // 4 for c in (*board, card)}
    return any(w <= with_hand and not w <= board_only for w in wins)


def straight_out_cards(hand: Sequence[int], board: Sequence[int], deal: str) -> list:
    """Every unseen card that is a straight out (before the category gate)."""
    return [c for c in unseen(hand, board, deal) if is_straight_out(hand, board, c, deal)]


def _completed_windows(hand, board, rank, deal) -> set:
    """The windows an out of this rank completes (the window the straight-out test found),
    for telling open-ended from double gutter."""
    done = set()
    wins = windows(deal)
    for w in wins:
        if rank not in w:
            continue
        if deal == "omaha":
            for hold in holds(hand, deal):
                for two in itertools.combinations(board, 2):
                    ranks = [c // 4 for c in (*hold, *two)] + [rank]
                    if len(set(ranks)) == 5 and frozenset(ranks) == w:
                        done.add(w)
        else:
            with_hand = {c // 4 for c in (*hand, *board)} | {rank}
            board_only = {c // 4 for c in board} | {rank}
            if w <= with_hand and not w <= board_only:
                done.add(w)
    return done


def straight_draw_name(hand: Sequence[int], board: Sequence[int], out_ranks: Iterable[int], deal: str) -> str:
    """ "", gutshot, open-ended, double gutter or wrap, from the out ranks."""
    out_ranks = sorted(set(out_ranks))
    if not out_ranks:
        return ""
    if len(out_ranks) == 1:
        return "gutshot"
    if len(out_ranks) >= 3:
        return "wrap"
    x, y = out_ranks
    for wx in _completed_windows(hand, board, x, deal):
        for wy in _completed_windows(hand, board, y, deal):
            if wx != wy and len(wx & wy) == 4:
                return "open-ended"
    return "double gutter"


def backdoor_straight_pairs(hand: Sequence[int], board: Sequence[int], deal: str) -> set:
    """Every pair (low rank, high rank) of two unseen cards c1, c2 of different ranks that would
    make a straight with the hand by the page's backdoor test (before the "no out rank" clause
    and the gate). The test reads only the ranks of c1 and c2, so the pairs of unseen cards are
    walked as pairs of ranks that each have an unseen card (the same pairs, far fewer times)."""
    ranks = sorted({c // 4 for c in unseen(hand, board, deal)})
    wins = windows(deal)
    found = set()
    hand_ranks = {c // 4 for c in hand}
    board_ranks = {c // 4 for c in board}
    for r1, r2 in itertools.combinations(ranks, 2):
        if deal == "omaha":
            hit = False
            for hold in holds(hand, deal):
                for flop_card in board:
                    five = [hold[0] // 4, hold[1] // 4, flop_card // 4, r1, r2]
                    if len(set(five)) == 5 and frozenset(five) in wins:
                        hit = True
            if hit:
                found.add((r1, r2))
        else:
            with_hand = hand_ranks | board_ranks | {r1, r2}
            board_only = board_ranks | {r1, r2}
            if any(w <= with_hand and not w <= board_only for w in wins):
                found.add((r1, r2))
    return found


def backdoor_flush_suits(hand: Sequence[int], board: Sequence[int], deal: str) -> list:
    """Suits giving the backdoor flush condition on a flop (before "no flush draw" and the gate)."""
    suits = []
    for suit in range(4):
        in_hand = sum(1 for c in hand if c % 4 == suit)
        on_board = sum(1 for c in board if c % 4 == suit)
        if deal == "omaha":
            if in_hand >= 2 and on_board == 1:
                suits.append(suit)
        elif in_hand + on_board == 3 and in_hand >= 1:
            suits.append(suit)
    return suits


def hand_on_board(hand: Sequence[int], board: Sequence[int], deal: str = "holdem") -> dict:
    """Every field of the page for a hand on a flop or a turn, as a dict (keys: FIELDS, plus
    'out_ranks' and 'out_cards' for the tests)."""
    hand, board = _check(hand, board, deal)
    cat = category(hand, board, deal)
    cat_rank = _rank_of(cat, deal)
    below_flush = cat_rank < _rank_of("FLUSH", deal)
    below_straight = cat_rank < _rank_of("STRAIGHT", deal)
    flop = len(board) == 3

    made = made_hand(hand, board, deal)

    # flush draw
    suits = flush_draw_suits(hand, board, deal) if below_flush else {}
    flush_draw = ""
    if suits:
        # hold'em: one suit at most; Omaha: always "two cards"
        flush_draw = "two cards" if "two cards" in suits.values() else "one card"
    nut = any(is_nut_suit(hand, board, suit, deal) for suit in suits)

    # straight outs and straight draw
    out_cards = straight_out_cards(hand, board, deal) if below_straight else []
    out_ranks = sorted({c // 4 for c in out_cards})
    straight_draw = straight_draw_name(hand, board, out_ranks, deal)

    # backdoors (flop only)
    backdoor_flush = bool(flop and below_flush and not suits and backdoor_flush_suits(hand, board, deal))
    backdoor_straight = bool(
        flop and below_straight and not out_ranks and backdoor_straight_pairs(hand, board, deal)
    )

    # overcards
    top, _ = top_and_second(board)
    over_ranks = {c // 4 for c in hand if c // 4 > top}
    overcards = made in ("ace high", "no made hand") and len(over_ranks) >= 2

    return {
        "category": cat,
        "made": made,
        "board_made": board_made(board),
        "flush_draw": flush_draw,
        "nut_flush_draw": nut,
        "straight_draw": straight_draw,
        "straight_outs": len(out_cards),
        "backdoor_flush_draw": backdoor_flush,
        "backdoor_straight_draw": backdoor_straight,
        "overcards": overcards,
        "out_ranks": out_ranks,
        "out_cards": out_cards,
    }
