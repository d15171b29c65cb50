r"""The fast path of PHH records: a hand of no-limit or fixed-limit hold'em (``NT``, ``FT``) or
pot-limit Omaha (``PO``) read and replayed in plain Python, without pokerkit, into the same
`Scored` as pokerkit's replay of it (`phh.score`), field for field; or None, for pokerkit to
read the hand, where the record holds anything this path does not replay for sure.

Why it can be exact: pokerkit keeps amounts as the record writes them (an int, or a Decimal
where the number has a decimal point) and adds and subtracts them exactly; this path keeps the
same numbers and makes the same moves, so every stack ends on the same value, and ``float`` of
it is the same float. The one place pokerkit rounds is a split pot: an int pot gives its odd
chip to the first winner, a Decimal pot is divided to 28 digits. This path splits a pot where
the split is exact either way, or where every number of the record is an int (the odd chip
then goes where pokerkit puts it), and declines the rest.

What it replays: the record as pokerkit's ``HandHistory`` iterates it, with pokerkit's rules
of betting (who acts next, the smallest and largest raise, a short all-in that reopens nothing,
the uncalled bet returned), its showdown (a hand shown face down, ``????``, stays in; at the
river its cards are unknown and, in hold'em, it plays the board), its killing of the hands that
cannot win, its cut of the pots, and its quirks: a dead blind (a negative entry) is posted
live, a winner may show his cards after the hand, a loser who shows last is killed in the step
that shows him (the cards come from the record, `scored.shown_cards`, on both paths). A stack
written ``inf`` gets pokerkit's path's reason. What it declines: another variant, straddles (a third blind), antes
with ante trimming, an action out of turn or one pokerkit would have to repair (a deal or a
show missing, a raise out of bounds), a partial deal, a record that stops before the hand ends
or goes on after it, a split it is not sure of, a pot nobody can win, a card twice, and any line
that is not plain one-line TOML as pokerkit's ``dumps`` writes it.

Why it is fast: one pass over a record's lines instead of a TOML parser, the usual deals of
unknown cards compared in one go, each action's text parsed once (``p3 f`` is the same fold in
every hand), the antes and blinds of a table parsed once, no state object, and hands
evaluated by pokerlut's one-hand lookup (`pokerlut._one_hand`).

>>> actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 6', 'p1 f', 'p2 cc',
...     'd db 7h8h9c', 'p2 cbr 44', 'p3 cc', 'p2 sm AhAd', 'p3 sm 9s9d', 'd db 2c', 'd db Ks']
>>> record = "\n".join(["variant = 'NT'", "antes = [0, 0, 0]", "blinds_or_straddles = [1, 2, 0]",
...     "min_bet = 2", "starting_stacks = [100, 50, 80]", f"actions = {actions}"])
>>> hand = score(record)
>>> hand.net, hand.showdown   # p3's set of nines takes p2's aces, all in on the flop
((-1.0, -50.0, 51.0), (False, True, True))
>>> [round(x, 4) for x in hand.allin_ev]
[-1.0, -35.3601, 36.3601]
>>> score(record.replace("'NT'", "'NS'")) is None   # short-deck hold'em: pokerkit reads it
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from decimal import Context, Decimal, Inexact
from functools import cache
from itertools import combinations
from typing import Any, NamedTuple

from .._game import resolve
from .._hand import strength_function
from .record import (
    ACTIONS,
    CACHE_LIMIT,
    CARD_TEXT,
    Number,
    parse_action,
    read_fields,
    read_number,
    read_numbers,
    read_string,
    read_strings,
    unknown_deals,
)
from .scored import Scored, big_blind, rake, shown_cards, showdown, with_allin

__all__ = ["VARIANTS", "score"]


class Variant(NamedTuple):
    """A variant the fast path replays: hole cards each, the limit, the fields of its bet
    sizes, and whether a hand is two hole cards and three of the board (Omaha)."""

    holes: int
    limit: str  # "no", "pot" or "fixed"
    sizes: tuple[str, ...]  # min_bet; or small_bet (preflop, flop) and big_bet (turn, river)
    omaha: bool


#: PHH's variant codes that the fast path replays.
VARIANTS = {
    "NT": Variant(2, "no", ("min_bet",), False),
    "FT": Variant(2, "fixed", ("small_bet", "big_bet"), False),
    "PO": Variant(4, "pot", ("min_bet",), True),
}
_BOARD = (0, 3, 1, 1)  # board cards dealt at each street: preflop, flop, turn, river
_RIVER = 3
_OWN_STEPS = frozenset(("round", "close", "showdown", "shown"))  # the replay's steps pokerkit takes itself
_FIXED_RAISES = 4  # pokerkit's cap on bets and raises in a fixed-limit round

_EXACT = Context(traps=[Inexact])  # pokerkit's precision (28 digits), and a rounding raises

_Moment = tuple[list[int], list[float], str, int]  # `phh._closed`'s: players in, put in, board, 0
_Replayed = tuple[list[Number], set[int], _Moment | None, bool]


def score(text: str, file: str = "", number: int = 1) -> Scored | None:
    """One hand's record (PHH text), scored as `phh.score` scores it, or None where this path
    does not replay the record for sure (pokerkit then reads it). A stack written ``inf``:
    the hand with the reason pokerkit's path gives, and no replay."""
    fields = read_fields(text)
    if fields is None:
        return None
    table = _table(*(fields.get(name) for name in _TABLE_FIELDS))
    stacks_text = fields.get("starting_stacks", "")
    start = read_numbers(stacks_text)
    finishing = read_numbers(fields.get("finishing_stacks", "[]"))
    actions, players = read_strings(fields.get("actions", "")), read_strings(fields.get("players", "[]"))
    if table is None or finishing is None or actions is None or players is None:
        return None
    code, variant, sizes, antes, blinds, blind = table
    infinite = start is None and "inf" in stacks_text  # one site writes a stack so
    if infinite:  # the stacks with 1 for inf (no number holds "inf"), for the checks below
        start = read_numbers(stacks_text.replace("inf", "1"))
    if start is None:
        return None
    n = len(start)
    names = tuple(players) if players else tuple(f"p{i + 1}" for i in range(n))
    if (
        n < 2
        or len(antes) != n
        or len(blinds) != n
        or len(names) != n
        or len(finishing) not in (0, n)
        or min(start) <= 0
        or n * variant.holes + 8 > 52  # every hole card, the board and the burns from one deck
    ):
        return None
    if infinite:  # pokerkit's path keeps the hand, and says why it has no score
        return Scored(file, number, names, (), None, "a stack that is not a number of chips", code, blind)
    replayed = _replay(variant, sizes, antes, blinds, start, actions)
    if replayed is None:
        return None
    stacks, folded, moment, all_in = replayed
    net = tuple(0.0 if b is a else float(b - a) for a, b in zip(start, stacks))
    scored = Scored(
        file, number, names, net, None, "", code, blind, showdown(folded, n), rake(start, finishing, net, n)
    )
    try:
        return with_allin(scored, moment, shown_cards(actions), all_in)
    except Exception:  # cards allin_ev refuses (a card twice): pokerkit's path says why
        return None


class _Table(NamedTuple):
    """What a record says of its table, the same hand after hand: the variant (its code and
    rules), the bet sizes, the antes and blinds, and the big blind of its score."""

    code: str
    variant: Variant
    sizes: list[Number]
    antes: tuple[Number, ...]
    blinds: tuple[Number, ...]
    big_blind: float


_TABLE_FIELDS = (
    "variant",
    "antes",
    "blinds_or_straddles",
    "min_bet",
    "small_bet",
    "big_bet",
    "ante_trimming_status",
)
_TABLES: dict[tuple[str | None, ...], _Table | None] = {}


def _table(*texts: str | None) -> _Table | None:
    """The record's table from the texts of `_TABLE_FIELDS`, read once per texts; None for one
    this path does not replay: another variant, a bet size that is not positive, negative
    antes, straddles (a third blind), nothing posted, or antes trimmed."""
    try:
        return _TABLES[texts]
    except KeyError:
        pass
    code_text, antes_text, blinds_text, min_bet, small_bet_text, big_bet, trimming = texts
    code = read_string(code_text) or ""
    variant = VARIANTS.get(code)
    antes, blinds = read_numbers(antes_text or ""), read_numbers(blinds_text or "")
    given = {"min_bet": min_bet, "small_bet": small_bet_text, "big_bet": big_bet}
    sizes: list[Number] = [read_number(given[name] or "") for name in variant.sizes] if variant else [None]
    small_bet = read_number(small_bet_text or "0")
    table = None
    if (
        variant is not None
        and antes is not None
        and blinds is not None
        and small_bet is not None
        and None not in sizes
        and trimming in (None, "false")
        and min(sizes) > 0
        and min(antes, default=0) >= 0
        and sum(1 for b in blinds if b > 0) <= 2  # a third blind is a straddle
        and (any(antes) or any(blinds))
    ):
        table = _Table(code, variant, sizes, antes, blinds, big_blind(blinds, small_bet))
    if len(_TABLES) >= CACHE_LIMIT:
        _TABLES.clear()
    _TABLES[texts] = table
    return table


def _replay(
    variant: Variant,
    sizes: list[Number],
    antes: tuple[Number, ...],
    blinds: tuple[Number, ...],
    start: tuple[Number, ...],
    actions: list[str],
) -> _Replayed | None:
    """The record's actions replayed as pokerkit's state machine plays them: each player's
    final stack, the players who folded, the moment betting closed for the rest of the hand
    with cards to come (`phh._closed`'s players still in, chips put in, board and 0) or None,
    and each player's cards (texts) the last time all were known; None where the record
    leaves the replay (an action pokerkit would refuse or repair, or one it would not make).

    The steps pokerkit takes by itself (a betting round begins or closes, a showdown begins
    or ends, the pots are awarded) run between the record's actions, as ``step`` says; the
    other steps wait for the record ("deal" hole cards, "bet", "board" cards, "show" or muck,
    "over": a winner may still show)."""
    n, holes = len(start), variant.holes
    street_min = sizes * 4 if len(sizes) == 1 else [sizes[0], sizes[0], sizes[1], sizes[1]]
    if n == 2:  # heads-up, pokerkit has each player post the other's ante and blind
        antes, blinds = antes[::-1], blinds[::-1]
    # antes, then blinds (a dead blind, negative, posted live); a stack nothing came out of
    # stays the record's own number (its net is then 0 without arithmetic)
    ante = [min(a, s) for a, s in zip(antes, start)] if any(antes) else [0] * n
    stacks = [s - a if a else s for s, a in zip(start, ante)]
    bets = [min(abs(b), s) if b else 0 for b, s in zip(blinds, stacks)]
    stacks = [s - b if b else s for s, b in zip(stacks, bets)]
    live, n_live = [True] * n, n
    unknown, down = (None,) * holes, (False,) * holes
    hole: list[Sequence[int | None]] = [()] * n  # known cards, None for unknown
    up: list[Sequence[bool]] = [()] * n  # face up (shown) or down
    folded: set[int] = set()
    board: list[int] = []
    moment = None
    street = top = raised = raises = to_board = 0
    queue: deque[int] = deque()  # who acts next, in order (pokerkit's actor_indices)
    acted: set[int] = set()  # who acted since the last full raise
    shorts: list[Number] = []  # the raises of short all-ins since then
    pending: list[int] = []  # who has yet to show or muck at this showdown
    all_in = decimal_raise = False

    index = 0
    if actions[:n] == unknown_deals(n, holes):  # the usual record: hole cards unknown, in order
        hole, up = [unknown] * n, [down] * n
        index, step = n, "round"
    else:
        step = "deal"
    if not any(bets):  # no blinds: with all but one all-in on the antes, betting closed at once
        moment = _moment(start, stacks, live, board)
    while True:
        if step in _OWN_STEPS:  # pokerkit's own steps, until the record must say what happens next
            if step == "round":  # a betting round begins: who may act, from where
                if n_live < 2:  # all but one mucked before the river: pokerkit trips on it
                    return None
                if street:  # from the flop on, the first player (no bets out: pokerkit's keys
                    opener = 0  # tie, the last player's wins and the one after him opens)
                else:  # preflop, after the largest blind (a dead one counts below none: its sign)
                    keys = [
                        (bet if blind > 0 else -bet if blind < 0 else 0) for bet, blind in zip(bets, blinds)
                    ]
                    opener = (max(zip(keys, range(n)))[1] + 1) % n
                stake = sorted([bets[i] + stacks[i] for i in range(n) if live[i]])[-2]  # what anyone can lose
                queue = deque(
                    [
                        i
                        for i in [*range(opener, n), *range(opener)]
                        if live[i] and stacks[i] and stake > bets[i]
                    ]
                )
                top, raised, raises, acted, shorts = max(bets), 0, 0, set(), []
                # one player left to act who already matches the largest bet has nothing to do
                step = "bet" if queue and not (len(queue) == 1 and bets[queue[0]] >= top) else "close"
                continue
            if step == "close":  # the round closes: the uncalled bet goes back, the bets in the pot
                queue.clear()
                closed = n_live > 1 and sum(1 for i in range(n) if live[i] and stacks[i]) <= 1
                all_in = all_in or closed or (street == _RIVER and not all(stacks))
                if top:  # the largest bet, where no other matched it, back above the second
                    cutoff = sorted(bets)[-2]
                    i = bets.index(top)
                    if top > cutoff and not (n_live == 1 and live[i]):  # a lone winner's is his
                        stacks[i] += top - cutoff
                    bets = [0] * n
                if closed and moment is None:  # (an uncalled bet gives chips back, never takes)
                    moment = _moment(start, stacks, live, board)
                if n_live == 1:  # everyone else folded: the last player takes every chip put in
                    winner = live.index(True)
                    put_in = [a - b for a, b in zip(start, stacks)]
                    if put_in[winner] < max(put_in):  # pokerkit would find a pot nobody can win
                        return None
                    stacks[winner] += sum(put_in)
                    step = "over"
                elif street == _RIVER or all_in:
                    step = "showdown"
                else:
                    street, step = street + 1, "board"
                    to_board = _BOARD[street]
                continue
            if step == "showdown":  # those still in whose cards are not all face up show or muck
                pending = [i for i in range(n) if live[i] and not all(up[i])]
                step = "show" if pending else "shown"
                continue
            if step == "shown":  # all in before the river, the next card (another showdown); else
                # the hands that cannot win are killed and the pots awarded
                if all_in and street < _RIVER:
                    street, step = street + 1, "board"
                    to_board = _BOARD[street]
                else:
                    put_in = [a - b for a, b in zip(start, stacks)]
                    whole = not decimal_raise and all(type(x) is int for x in (*antes, *blinds, *start))
                    won = _award(variant.omaha, put_in, ante, live, hole, up, board, whole)
                    if won is None:
                        return None
                    stacks = [s + w for s, w in zip(stacks, won)]
                    hole = [cards if live[i] else () for i, cards in enumerate(hole)]  # killed: mucked
                    step = "over"
                continue
        if index == len(actions):
            if step == "show":  # at the record's end pokerkit shows the rest face down: ()
                for i in pending:
                    hole[i], up[i] = _show(hole[i], (), street)
                step = "shown"
                continue
            break

        # the record's next action
        text = actions[index]
        index += 1
        try:
            action = ACTIONS[text]
        except KeyError:
            action = parse_action(text)
        if action is None or action[1] >= n:  # p7 at a table of six
            return None
        kind, i, what = action
        if step == "bet":
            if not queue or queue[0] != i:  # out of turn: pokerkit would repair the record
                return None
            if kind == "f":
                queue.popleft()
                acted.add(i)
                live[i], hole[i], up[i] = False, (), ()
                n_live -= 1
                folded.add(i)
            elif kind == "cc":
                call = min(stacks[i], top - bets[i])
                queue.popleft()
                acted.add(i)
                bets[i] += call
                stacks[i] -= call
            elif kind == "cbr":  # pokerkit's checks of a completion, bet or raise, in its order
                if (
                    min(stacks[i], top - bets[i]) < raised  # facing a short all-in, already acted
                    or (variant.limit == "fixed" and raises == _FIXED_RAISES)
                    or (shorts and sum(shorts) < raised and i in acted)
                    or stacks[i] <= top - bets[i]  # covered: a call is all he can do
                    or not any(j != i and live[j] and stacks[j] + bets[j] > top for j in range(n))
                ):
                    return None
                most = stacks[i] + bets[i]
                least = min(most, max(raised, street_min[street]) + top)
                if variant.limit == "no":
                    upper = most
                elif variant.limit == "pot":  # the pot after calling, all chips put in counted
                    upper = min(most, max(least, 2 * top - bets[i] + sum(start) - sum(stacks)))
                else:
                    upper = least
                if not least <= what <= upper:
                    return None
                decimal_raise = decimal_raise or type(what) is not int
                size = what - top
                stacks[i] -= what - bets[i]
                bets[i] = top = what
                queue = deque([j for j in [*range(i + 1, n), *range(i)] if live[j] and stacks[j]])
                acted = {i} if size >= raised else acted | {i}
                raised, raises = max(raised, size), raises + 1
                shorts = [] if stacks[i] else [*shorts, size]
                if sum(shorts) >= raised:  # short all-ins that add up to a full raise reopen it
                    shorts = []
            else:
                return None
            if not queue or n_live <= 1:
                step = "close"
        elif step == "show" and kind == "sm" and i in pending:
            pending.remove(i)
            if what is None:  # mucked
                live[i], hole[i], up[i] = False, (), ()
                n_live -= 1
            elif what == "-":  # every card face up: pokerkit refuses it for an unknown card
                if None in hole[i]:
                    return None
                up[i] = (True,) * len(hole[i])
            elif len(what) > len(hole[i]):
                return None
            else:
                hole[i], up[i] = _show(hole[i], what, street)
            if not pending:
                step = "shown"
        elif step == "deal" and kind == "dh" and not hole[i] and len(what) == holes:
            hole[i], up[i] = what, down
            if all(hole):
                step = "round"
        elif (
            step == "over" and kind == "sm" and live[i] and what and what != "-" and len(what) == len(hole[i])
        ):
            if None in what:  # after the hand pokerkit takes a show of every card, or fails
                return None
            hole[i], up[i] = what, (True,) * len(what)
        elif step == "board" and kind == "db" and len(what) == to_board and None not in what:
            board += what
            step = "round"
        else:  # an action pokerkit would refuse, repair, or take at another moment
            return None
    if step != "over":  # the record stops before the hand ends
        return None
    return stacks, folded, moment, all_in


def _moment(
    start: Sequence[Number], stacks: list[Number], live: list[bool], board: list[int]
) -> _Moment | None:
    """`phh._closed` where nobody is to act and no bet is out: with two players or more in, at
    most one of them with chips, and cards to come, the players still in, each player's chips
    put in, the board so far and 0 (the cards dealt, a stud figure); else None."""
    players = [i for i in range(len(live)) if live[i]]
    if len(players) < 2 or sum(1 for i in players if stacks[i]) > 1 or len(board) >= 5:
        return None
    return players, [float(a - b) for a, b in zip(start, stacks)], "".join(CARD_TEXT[c] for c in board), 0


def _show(
    cards: Sequence[int | None], shown: Sequence[int | None], street: int
) -> tuple[tuple[int | None, ...], tuple[bool, ...]]:
    """A player's cards after he shows `shown` (None: a card kept face down), as pokerkit has
    them: the known cards shown face up, first; before the river his other known cards stay,
    face down; the rest unknown (at the river a card not shown is unknown)."""
    known = [c for c in shown if c is not None]
    after = known[:]
    if street != _RIVER:
        after += [c for c in cards if c is not None and c not in known][: len(cards) - len(known)]
    hidden = len(cards) - len(known)
    return (*after, *[None] * (len(cards) - len(after))), (True,) * len(known) + (False,) * hidden


def _award(
    omaha: bool,
    put_in: list[Number],
    ante: list[Number],
    live: list[bool],
    hole: list[Sequence[int | None]],
    up: list[Sequence[bool]],
    board: list[int],
    whole: bool,
) -> list[Number] | None:
    """What each player wins at the showdown, as pokerkit awards it: each player's hand is his
    face-up cards with the board (in hold'em a hand shown face down plays the board; in Omaha
    it has no hand); the hands that cannot win any pot are killed; each pot goes to the best
    hands among its players, split as pokerkit splits it. None where pokerkit would burn a
    pot, divide by nobody or round a split. `live` is changed: the killed hands are out."""
    n = len(live)
    value: list[int | None] = [None] * n
    for i in range(n):
        if live[i]:
            faces = [c for c, u in zip(hole[i], up[i]) if u and c is not None]
            value[i] = _strength(omaha, faces, board)
            if value[i] == -1:  # a card twice
                return None
    # pokerkit kills the hands that cannot win a pot, then cuts the pots again without them
    pots = _pots(put_in, ante, live)
    for i in [i for i in range(n) if live[i] and not _can_win(i, value, pots)]:
        live[i], value[i] = False, None
    n_live = sum(live)
    if n_live == 0 or (n_live > 1 and all(v is None for v in value)):
        return None
    won: list[Number] = [0] * n
    for amount, players in _pots(put_in, ante, live):
        if not players:  # chips nobody can win: pokerkit burns them, or fails
            return None
        best = max([v for i in players if (v := value[i]) is not None], default=None)
        winners = [i for i in players if value[i] == best]
        shares = _split(amount, len(winners), whole)
        if shares is None:
            return None
        first, each = shares
        for k, i in enumerate(winners):
            won[i] += first if k == 0 else each
    return won


def _can_win(i: int, value: list[int | None], pots: list[tuple[Number, tuple[int, ...]]]) -> bool:
    """pokerkit's ``can_win_now``: player `i` has a hand, and no hand shown in one of his pots
    beats it."""
    mine = value[i]
    if mine is None:
        return False
    for _, players in pots:
        if i in players:
            best = max([v for j in players if (v := value[j]) is not None], default=None)
            if best is None or best <= mine:
                return True
    return False


def _pots(put_in: list[Number], ante: list[Number], live: list[bool]) -> list[tuple[Number, tuple[int, ...]]]:
    """The pots as pokerkit cuts them (its ``State.pots``), not as `allin.pots` does: the
    antes in the first pot, a pot at each distinct amount anyone put in, those with the same
    players merged, a pot nobody still in can win kept (pokerkit's split of a pot among its
    winners, odd chips included, depends on this cut)."""
    contributions = [p - a for p, a in zip(put_in, ante)]
    amount: Number = sum(ante)
    previous: Number = 0
    pots: list[tuple[Number, tuple[int, ...]]] = []
    for level in sorted(set(contributions)):
        amount += sum(level - previous for c in contributions if c >= level)
        players = tuple(i for i, c in enumerate(contributions) if c >= level and live[i])
        while pots and pots[-1][1] == players:
            amount += pots.pop()[0]
        if amount:
            pots.append((amount, players))
        amount, previous = 0, level
    return pots


def _split(amount: Number, count: int, whole: bool) -> tuple[Number, Number] | None:
    """A pot's shares among `count` winners, the first's and each other's, as pokerkit's
    divmod gives them, or None where this path cannot be sure of them: an int pot gives the
    odd chip to the first winner, a Decimal pot is divided to 28 digits; a pot of a whole
    number of chips may be either (unless every number of the record is an int, `whole`)."""
    if count == 1:
        return amount, amount
    if amount == int(amount):
        if amount % count == 0:  # exact either way
            return amount // count, amount // count
        if not whole:
            return None
        quotient, remainder = divmod(amount, count)
        return quotient + remainder, quotient
    try:  # a pot with a fraction of a chip is a Decimal in pokerkit too: split if exact
        quotient = _EXACT.divide(Decimal(amount), count)
    except Inexact:
        return None
    return quotient, quotient


def _strength(omaha: bool, faces: list[int], board: list[int]) -> int | None:
    """The strength of the face-up cards with the board (pokerlut's evaluator, higher wins):
    hold'em, the best five of them all; Omaha, the best of two of them with three of the
    board (None with fewer than two); -1 for a card twice."""
    strength = _high()
    if not omaha:
        return strength(faces + board)
    if len(faces) < 2:
        return None
    best = -1
    for pair in combinations(faces, 2):
        for three in combinations(board, 3):
            value = strength([*pair, *three])
            if value < 0:
                return -1
            best = max(best, value)
    return best


@cache
def _high() -> Callable[[Any], int]:
    """pokerlut's one-hand strength of the high game (tables read on first use)."""
    return strength_function(resolve("high"))
