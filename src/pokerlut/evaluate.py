"""Public wrappers: validate at the boundary, then hand the work to the kernels."""

from __future__ import annotations

import itertools
from typing import Any

import numba
import numpy as np
import numpy.typing as npt
from numba import njit

from . import tables
from .cards import CardsLike, format_card, parse_cards
from .kernels.batch import evaluate_rows, evaluate_rows_checked
from .kernels.core import hand_add, hand_empty, hand_strength
from .kernels.batch import INVALID_BITS
from .kernels.omaha import omaha_rows, omaha_strength
from .names import Category, describe_class, describe_low
from .parallel import parallel_section
from .rules import GAMES, Rules, rules as rules_of

HAND_SIZES = (5, 6, 7)
CHUNK_ROWS = 1 << 23  # rows per kernel call: about 10 ms of work
_CARD_OF = {format_card(c): c for c in range(52)}  # "As" -> 51, for the fast text path


@njit(inline="always")
def _checked_strength(t, cards):
    """Strength of a tuple of 5..7 card ints, or -1 if one is not in the game's deck or
    repeats."""
    seen = np.uint64(0)
    hand = hand_empty()
    for card in cards:
        if card < 0 or card > 53 or seen >> np.uint64(card) & np.uint64(1):
            return -1
        seen |= np.uint64(1) << np.uint64(card)
        hand = hand_add(t, hand, card)
    if hand[0] & INVALID_BITS:
        return -1
    return np.int64(hand_strength(t, hand))


_by_game: dict[str, dict] = {}  # game -> hand size -> single-hand kernel, made on first use


def _single_hand(game: str) -> dict:
    """Kernels for one hand of 5, 6 or 7 int arguments (a fixed count dispatches faster than
    *args), with the game's tables frozen in: numba caches them keyed on the tables' contents."""
    if game not in _by_game:
        t = tables.load(rules_of(game).name)

        @njit(cache=True, _nrt=False)
        def five(a, b, c, d, e):
            return _checked_strength(t, (a, b, c, d, e))

        @njit(cache=True, _nrt=False)
        def six(a, b, c, d, e, f):
            return _checked_strength(t, (a, b, c, d, e, f))

        @njit(cache=True, _nrt=False)
        def seven(a, b, c, d, e, f, g):
            return _checked_strength(t, (a, b, c, d, e, f, g))

        _by_game[game] = {5: five, 6: six, 7: seven}
    return _by_game[game]


def check_deck(cards: npt.NDArray[np.uint8], rules: Rules) -> None:
    """Raise ValueError naming the first card that is not in the game's deck."""
    outside = ~np.isin(cards, rules.deck)
    if outside.any():
        card = int(cards[np.argmax(outside)])
        raise ValueError(f"card {format_card(card)} is not in the {rules.name} deck "
                         f"({rules.deck_text})")


def _hand(cards: CardsLike, rules: Rules) -> npt.NDArray[np.uint8]:
    """Parse one hand and check it has 5, 6 or 7 cards of the game's deck."""
    hand = parse_cards(cards, jokers=rules.wild is not None)
    if len(hand) not in HAND_SIZES:
        raise ValueError(f"a hand has 5, 6 or 7 cards, not {len(hand)}")
    check_deck(hand, rules)
    return hand


def evaluate(cards: CardsLike, game: str = "high", wild: str | None = None) -> int:
    """Strength of the best five of 5, 6 or 7 cards in a game (`pokerlut.games()`): higher
    wins; in the high game 1 (7-5-4-3-2) .. 7462 (royal flush); 0 means no qualifying hand
    (eight-or-better). `wild`: "jokers", "bug" or "deuces" (see `pokerlut.rules.WILD_MODES`);
    five of a kind then continues the high scale (7463 .. 7475).

    >>> evaluate("As Ks Qs Js Ts")
    7462
    >>> evaluate([0, 5, 9, 13, 20])  # 2c 3d 4d 5d 7c
    1
    >>> evaluate("5h 4d 3c 2s Ah", game="ace-to-five"), evaluate("Kh Kd 3c 2s Ah", "eight-or-better")
    (6175, 0)
    >>> evaluate("Ah Ad Ac As Jk", wild="jokers"), evaluate("Kh Qh Jh Th joker", wild="bug")
    (7475, 7462)
    """
    hand = cards
    if type(hand) is str:  # fast path for canonical text: "As Ks Qs Js Ts"
        try:
            hand = [_CARD_OF[text] for text in hand.split()]
        except KeyError:
            hand = None
    elif type(hand) is np.ndarray and hand.ndim == 1 and hand.dtype.kind in "iu":
        hand = hand.tolist()  # plain ints, checked below
    try:
        kernels = _by_game[game if wild is None else f"{game}+{wild}"]
    except (KeyError, TypeError):  # first use of the game, or not a game name
        kernels = _single_hand(rules_of(game, wild).name)
    if (type(hand) is list or type(hand) is tuple) and 4 < len(hand) < 8:
        for card in hand:
            if type(card) is not int or not 0 <= card <= 53:  # no bools, floats or overflow
                break
        else:
            strength = kernels[len(hand)](*hand)
            if strength >= 0:
                return strength
    checked = _hand(cards, rules_of(game, wild))  # raises on bad input
    return int(kernels[len(checked)](*checked.tolist()))


def _as_batch(hands: Any, sizes: tuple[int, ...] = HAND_SIZES, what: str = "hands",
              top: int = 51) -> np.ndarray:
    """Check a batch's type, shape and values; return it as C-contiguous uint8 (one copy at
    most, only when the input is not already that)."""
    if isinstance(hands, np.ma.MaskedArray):
        raise TypeError(f"{what} must be a plain array, not a masked array")
    hands = np.asarray(hands)
    if hands.dtype.kind not in "iu":
        raise TypeError(f"{what} must be an integer array of card ints, not {hands.dtype}")
    if hands.ndim != 2 or hands.shape[1] not in sizes:
        raise ValueError(f"{what} must have shape (n, {'|'.join(map(str, sizes))}), "
                         f"not {hands.shape}")
    if hands.dtype != np.uint8:
        bad = (hands < 0) | (hands > top)
        if bad.any():
            row, col = np.argwhere(bad)[0]
            raise ValueError(f"row {row}: card {hands[row, col]} at position {col} "
                             f"is out of range 0..{top}")
        hands = hands.astype(np.uint8)
    return np.ascontiguousarray(hands)


def _explain_row(hands: np.ndarray, row: int, rules: Rules) -> str:
    cards = hands[row].tolist()
    for col, card in enumerate(cards):
        top = 53 if rules.wild else 51
        if card > top:
            return f"row {row}: card {card} at position {col} is out of range 0..{top}"
        if card not in rules.deck:
            return (f"row {row}: card {format_card(card)} at position {col} is not in the "
                    f"{rules.name} deck ({rules.deck_text})")
        if card in cards[:col]:
            return f"row {row}: duplicate card {format_card(card)!r} at position {col}"
    raise AssertionError(f"row {row} was flagged but is valid")  # pragma: no cover


def evaluate_batch(hands: Any, *, game: str = "high", wild: str | None = None,
                   validate: bool = True, threads: int | None = None) -> np.ndarray:
    """Strengths (uint16) of every row of an (n, 5|6|7) array of card ints in a game, on the
    caller's numba threads (`threads` overrides that for this call).

    Input that is not C-contiguous uint8 is converted once. The deck and duplicate checks
    run in the same pass as the evaluation; `validate=False` skips them, for input known to be
    valid: a bad row then gets a meaningless strength (never a read outside the tables).

    >>> evaluate_batch(np.array([[51, 47, 43, 39, 35], [0, 5, 9, 13, 20]], dtype=np.uint8))
    array([7462,    1], dtype=uint16)
    """
    rules = rules_of(game, wild)
    hands = _as_batch(hands, top=53 if rules.wild else 51)
    t = tables.load(rules.name)
    kernel = evaluate_rows_checked if validate else evaluate_rows
    return _in_chunks(len(hands), threads,
                      lambda part, out, bad: kernel(t, hands[part], out, bad),
                      lambda row: _explain_row(hands, row, rules))


def _in_chunks(n: int, threads: int | None, launch, explain) -> np.ndarray:
    """uint16[n] filled by `launch(rows, out, first_bad)` over chunks of rows, on `threads`;
    Ctrl-C is seen between chunks. A bad row (first_bad) raises ValueError(explain(row))."""
    out = np.empty(n, dtype=np.uint16)
    first_bad = np.full(numba.config.NUMBA_NUM_THREADS, CHUNK_ROWS, dtype=np.int64)
    with parallel_section(threads):
        for start in range(0, n, CHUNK_ROWS):
            part = slice(start, start + CHUNK_ROWS)
            launch(part, out[part], first_bad)
            if first_bad.min() < CHUNK_ROWS:
                raise ValueError(explain(start + int(first_bad.min())))
    return out


def _strength(strength: Any, rules: Rules) -> int:
    if isinstance(strength, (bool, np.bool_)) or not isinstance(strength, (int, np.integer)):
        raise TypeError(f"a strength is an int, not {type(strength).__name__}")
    n_classes = len(tables.classes(rules.name)) - 1
    lowest = 0 if rules.qualifier is not None else 1
    if not lowest <= strength <= n_classes:
        raise ValueError(f"strength {strength} is out of range {lowest}..{n_classes} "
                         f"in {rules.name}")
    return int(strength)


def category(strength: int, game: str = "high", wild: str | None = None) -> Category:
    """The category of a strength in a game.

    >>> category(7462)
    <Category.STRAIGHT_FLUSH: 8>
    >>> category(evaluate("7h 6h 5h 4h 2h", "deuce-to-seven"), "deuce-to-seven")
    <Category.FLUSH: 5>
    >>> category(7475, wild="deuces")
    <Category.FIVE_OF_A_KIND: 9>
    """
    rules = rules_of(game, wild)
    strength = _strength(strength, rules)
    if strength == 0:
        raise ValueError(f"strength 0 is no qualifying hand in {rules.name}: it has no category")
    return Category(int(tables.classes(rules.name)[strength, 0]))


def describe(hand_or_strength: CardsLike | int, game: str = "high",
             wild: str | None = None) -> str:
    """Words for a hand or a strength, in the game's terms; for a hand with wild cards, what
    each wild card of the best five stands for.

    >>> describe("Kh Kd 6s 6c Kc")
    'Full house, kings over sixes'
    >>> describe(7462)
    'Royal flush'
    >>> describe("7c 5d 4h 3s 2c", "deuce-to-seven")
    'Number one (7-5-4-3-2 offsuit)'
    >>> describe("9s 8d 7s 6s Kh", "eight-or-better")
    'No qualifying low'
    >>> describe("Ah Ad Ac As Jk", wild="jokers")
    'Five of a kind, aces (Jk as A♠)'
    """
    rules = rules_of(game, wild)
    if isinstance(hand_or_strength, (int, np.integer)) and not isinstance(hand_or_strength, bool):
        return _describe_strength(_strength(hand_or_strength, rules), rules)
    strength = evaluate(hand_or_strength, rules.name)
    words = _describe_strength(strength, rules)
    stands = stand_ins(hand_or_strength, rules.name) if rules.wild and strength else {}
    if stands:
        words += " (" + ", ".join(f"{format_card(w)} as {format_card(c, pretty=True)}"
                                  for w, c in stands.items()) + ")"
    return words


def _describe_strength(strength: int, rules: Rules) -> str:
    if strength == 0:
        return "No qualifying low"
    classes = tables.classes(rules.name)
    cat, ranks = Category(int(classes[strength, 0])), classes[strength, 1:].tolist()
    if rules.low and cat == Category.HIGH_CARD:
        best = strength == len(classes) - 1
        return describe_low(ranks, rules.best_name if best else None,
                            offsuit=best and rules.flushes)
    return describe_class(cat, ranks)


def compare(a: CardsLike, b: CardsLike, game: str = "high", wild: str | None = None) -> int:
    """1 if hand a beats hand b in the game, -1 if it loses, 0 for a split pot.

    >>> compare("6h 5d 4c 3s 2h", "5h 4d 3c 2s Ah")  # six-high straight beats the wheel
    1
    >>> compare("6h 5d 4c 3s 2h", "5h 4d 3c 2s Ah", game="ace-to-five")  # the wheel is best
    -1
    """
    sa, sb = evaluate(a, game, wild), evaluate(b, game, wild)
    return (sa > sb) - (sa < sb)


def best_five(cards: CardsLike, game: str = "high", wild: str | None = None) -> np.ndarray:
    """The five of 5..7 cards that make the hand in the game (uint8, in the order of the
    input, wild cards as they are: `stand_ins` says what they stand for); empty when no five
    qualify (eight-or-better).

    Where several fives tie, the one of the earliest cards in the input is taken.

    >>> from pokerlut import format_cards
    >>> format_cards(best_five("2c As Kd Ks 7h Ah Ac"))
    'As Kd Ks Ah Ac'
    >>> format_cards(best_five("7h 5h 4h 3h 2h 7c Kd", "deuce-to-seven"))  # not the flush
    '5h 4h 3h 2h 7c'
    """
    rules = rules_of(game, wild)
    hand = _hand(cards, rules)
    five = _single_hand(rules.name)[5]
    best, chosen = 0, ()
    for combo in itertools.combinations(hand.tolist(), 5):  # at most 21
        strength = five(*combo)
        if strength > best:
            best, chosen = strength, combo
    return hand[np.isin(hand, chosen)]


def stand_ins(cards: CardsLike, game: str = "high", wild: str | None = None) -> dict[int, int]:
    """What each wild card of the best five stands for: {wild card: natural card}, found from
    the hand's class (its ranks), not by trying cards. A wild card takes a card not in the
    hand where one is left (five of a kind may need a second ace of spades).

    >>> {format_card(w): format_card(c) for w, c in stand_ins("Kh Qh Jh Th Jk", wild="jokers").items()}
    {'Jk': 'Ah'}
    >>> {format_card(w): format_card(c) for w, c in stand_ins("Kc Kd 7h 4s X", wild="bug").items()}
    {'Jk': 'As'}
    """
    rules = rules_of(game, wild)
    hand = _hand(cards, rules).tolist()
    five = best_five(hand, rules.name).tolist()
    wilds = [c for c in five if c in rules.wild_cards]
    if not wilds:
        return {}
    row = tables.classes(rules.name)[evaluate(five, rules.name)]
    needed = row[1:].tolist()
    naturals = [c for c in five if c not in rules.wild_cards]
    for card in naturals:
        needed.remove(card >> 2)
    flush = Category(int(row[0])) in (Category.FLUSH, Category.STRAIGHT_FLUSH)
    taken = set(hand)
    chosen: dict[int, int] = {}
    for w, rank in zip(wilds, needed):
        cards_of_rank = [4 * rank + suit for suit in (3, 2, 1, 0)]  # spades first
        if flush:
            cards_of_rank = [4 * rank + (naturals[0] & 3 if naturals else 3)]
        free = [c for c in cards_of_rank if c not in taken]
        if not flush and naturals and len({c & 3 for c in naturals + list(chosen.values())}) == 1:
            free = [c for c in free if c & 3 != naturals[0] & 3] or free  # no accidental flush
        chosen[w] = (free or cards_of_rank)[0]
        taken.add(chosen[w])
    return chosen


HOLE_SIZES, BOARD_SIZES = (4, 5, 6), (3, 4, 5)


def _omaha_rules(game: str) -> Rules:
    rules = rules_of(game)
    if rules.wild or len(tables.load(rules.name).mixed_values) > 1:
        omaha_games = [g for g in GAMES if len(tables.load(g).mixed_values) == 1]
        why = "wild cards" if rules.wild else "a flush counts against you there"
        raise ValueError(f"Omaha is not offered in {rules.name} ({why}); the games for Omaha "
                         f"are: {', '.join(omaha_games)}")
    return rules


@njit(cache=True, _nrt=False)
def _omaha_one(t, hole, board):
    return omaha_strength(t, hole, board)


def evaluate_omaha(hole: CardsLike, board: CardsLike, game: str = "high") -> int:
    """Strength of the best Omaha hand: exactly two of 4, 5 or 6 hole cards and exactly three
    of 3, 4 or 5 board cards. Strengths are the game's (`evaluate`'s) scale.

    >>> evaluate_omaha("Ks 8c Js 5c", "3s 5h Qs Qd 9h")  # two pair, queens and fives, K kicker
    4675
    >>> describe(evaluate_omaha("As 2c 3d 4h", "Ks Qs Js 5s 9h"))  # one hole spade: no flush
    'High card, ace'
    >>> describe(evaluate_omaha("As 2d 7c 8h", "3s 4d 5h Kc Kd", "eight-or-better"), "eight-or-better")
    'Wheel (5-4-3-2-A)'

    """
    rules = _omaha_rules(game)
    hole, board = parse_cards(hole), parse_cards(board)
    if len(hole) not in HOLE_SIZES:
        raise ValueError(f"Omaha hole cards are 4, 5 or 6, not {len(hole)}")
    if len(board) not in BOARD_SIZES:
        raise ValueError(f"an Omaha board has 3, 4 or 5 cards, not {len(board)}")
    check_deck(np.concatenate([hole, board]), rules)
    both = set(hole.tolist()) & set(board.tolist())
    if both:
        raise ValueError(f"card {format_card(min(both))} is both a hole card and on the board")
    return int(_omaha_one(tables.load(rules.name), hole, board))


def _omaha_array(cards: Any, sizes: tuple[int, ...], n: int | None, what: str) -> np.ndarray:
    """An (n, k) uint8 array of holes or boards; a 1-D board is used for every row."""
    array = np.asarray(cards)
    if array.ndim == 1 and what == "boards" and n is not None:
        array = np.broadcast_to(array, (n, len(array)))
    if array.ndim != 2 or array.shape[1] not in sizes:
        raise ValueError(f"{what} must have shape (n, {'|'.join(map(str, sizes))}), "
                         f"not {array.shape}")
    return _as_batch(array, sizes, what)


def evaluate_omaha_batch(holes: Any, boards: Any, *, game: str = "high", validate: bool = True,
                         threads: int | None = None) -> np.ndarray:
    """Omaha strengths (uint16) of every row of `holes` (n, 4|5|6) with the same row of
    `boards` (n, 3|4|5), or with one board (a 1-D array) for every row. Checked as
    `evaluate_batch` checks (a card outside the deck, a card in both hole and board).

    >>> holes = np.array([[47, 24, 39, 15], [51, 3, 4, 9]], dtype=np.uint8)  # Ks 8c Js 5c / ...
    >>> evaluate_omaha_batch(holes, np.array([7, 14, 43, 41, 30], dtype=np.uint8))  # one board
    array([4675, 4654], dtype=uint16)
    """
    rules = _omaha_rules(game)
    holes = _omaha_array(holes, HOLE_SIZES, None, "holes")
    boards = _omaha_array(boards, BOARD_SIZES, len(holes), "boards")
    if len(boards) != len(holes):
        raise ValueError(f"{len(holes)} holes but {len(boards)} boards")
    t = tables.load(rules.name)

    def explain(row: int) -> str:
        both = np.concatenate([holes[row], boards[row]])[None, :]
        return (_explain_row(both, 0, rules).replace("row 0", f"row {row}", 1)
                + " (hole cards, then board)")

    return _in_chunks(len(holes), threads,
                      lambda part, out, bad: omaha_rows(t, holes[part], boards[part], out,
                                                        validate, bad), explain)
