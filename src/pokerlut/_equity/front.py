"""`equity()`: who wins how often, exactly or by Monte Carlo, in hold'em, short deck, Omaha,
stud and the draw games, high, low or hi-lo (split pots)."""

from __future__ import annotations

import dataclasses
import itertools
import os
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .._cards import CardsLike, format_cards, parse_cards
from .._docs import shared_parameters
from .draw.showdowns import DrawShowdowns
from .._game import Game
from .._gpu._device import wants_gpu
from .._parallel import parallel_section
from .._deprecation import renamed_keywords
from .counters import per_player
from .deal import Deal, card_text, find_deal, read_cards, resolve_deal
from .showdowns import BoardShowdowns, Showdowns
from .ranges import HandOrRange, Range
from .result import EquityResult, PlayerEquity, whole_pot
from .stud import StudShowdowns

__all__ = [
    "DEFAULT_TRIALS",
    "EXACT_BUDGET",
    "EXACT_LIMIT",
    "MAX_BOARDS",
    "MAX_TRIALS",
    "BoardShowdowns",
    "EquityResult",
    "PlayerEquity",
    "Showdowns",
    "equity",
]

EXACT_BUDGET = 300_000_000  # player-hand evaluations that exact=None may enumerate (~1 s)
EXACT_LIMIT = 10 * EXACT_BUDGET  # the most that exact=True enumerates (~10 s)
DEFAULT_TRIALS = 1_000_000
MAX_TRIALS = 10**13
MAX_BOARDS = 10  # boards dealt from one deck (`equity(boards=...)`), as far as the deck allows


@renamed_keywords(deck="deck_size")
@shared_parameters
def equity(
    hands: Sequence[HandOrRange],
    board: CardsLike = "",
    dead: CardsLike = "",
    *,
    boards: int | Sequence[CardsLike] | None = None,
    deal: str = "holdem",
    game: str | Game | None = None,
    wild: str | None = None,
    deck_size: int | None = None,
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    by_category: bool = False,
    progress: Callable[[float], None] | None = None,
    device: str = "cpu",
    draw_rounds: int | None = None,
    policy: str | Callable[..., int] | None = None,
    syntax: str | None = None,
) -> EquityResult:
    """Each player's chance to win, tie, and share of the pot, exact or by Monte Carlo.

    Parameters
    ----------
    hands : sequence of hands or ranges, one per player (2 to 10; stud 2 to 8)
        Hold'em: a hand ("AsAh", ["As", "Ah"], [51, 50]) or a range ("QQ+,AKs", "random",
        "15%", "AKs:0.5", "0.5(AKs)", "80%(A8s+)"), or a `Range`. Omaha: a hand of 4 to 6 cards
        or a range in ProPokerTools' generic syntax ("AA:$ds, JJ!JJJ", "RRON", "AA***" of five
        cards, "random5": docs/omaha-ranges.md). Stud: each player's 2 to 7
        known cards. With `wild`, a hold'em hand may hold a joker ("AsJk"). The draw deals
        (2 to 8 players): the cards each player keeps for the next draw ("7s6d3c2h" draws
        one, five cards stand pat, "" or 5 draws five; Badugi: four cards).
    board, dead : cards, optional
        The board (0 to 5 cards; none in stud and the draw games) and cards out of play (the
        discards seen, in the draw games), as text, card ints or an array.
    boards : int or sequence of boards, optional
        Several boards dealt from one deck, each an equal part of the pot: an int runs `board`
        that many times (run it twice: 2), a list gives each board's cards (`board` stays
        empty). Boards share only the cards they start with. Not in stud.
    deal : str, default "holdem"
        How the cards are dealt and the pot split: one of `pokerlut.deals()`.
    {game_in_place_of_deal}
    wild : str, optional
        Hold'em with wild cards, "jokers", "bug" or "deuces", in a deck of `deck_size` cards
        (53 or 54; 52 too for deuces).
    deck_size : int, optional
        With `wild`, the deck's size: the 52 cards and the jokers (default 53, or 52 for
        deuces wild); without, the deal's own deck size (or None). (Until this release the
        keyword was ``deck=``: it still works, with a `DeprecationWarning`.)
    exact : bool, optional
        True: enumerate every deal and board; False: simulate; None (default): enumerate when
        that is at most `EXACT_BUDGET` player-hand evaluations and `trials` is not given.
    trials : int, optional
        Deals to simulate per board (default 1,000,000).
    seed : int, optional
        The Monte Carlo seed (default: random, reported in the result). The same seed gives
        the same result whatever the thread count.
    {threads}
    by_category : bool, default False
        Also count each player's share of the pot by the category of the hand it is won with
        (`PlayerEquity.by_category`; in hi-lo deals the low half by the low: "wheel",
        "6-low", ...).
    progress : callable, optional
        Called with the fraction done after each slice of work.
    device : str, default "cpu"
        "cuda": run on an NVIDIA GPU (``pip install 'pokerlut[gpu]'``), the same results:
        exact enumeration equal to the CPU's, Monte Carlo the same for the same seed on every
        run (another stream of random numbers than the CPU's, so not the CPU's figures). Not
        offered there (ValueError naming it): the stud deals, and `by_category` with more
        outcome counters than a GPU thread keeps (seven or more players). `threads` is not
        used.
    draw_rounds : int, optional
        The draw deals: the draws to come, 1 up to the deal's (the default). The first is
        played with the cards kept as given, the others by `policy`. Exact after one draw
        (as `exact` says); through several draws, Monte Carlo.
    policy : str or numba function, optional
        The draw deals: who keeps what before each draw after the first; a name of
        `pokerlut.draw_policies()` (default: the deal's game's) or a numba-jitted function
        ``(cards, draw_rounds, t, t_low) -> keep bitmask`` (docs/tour-equity.md, "Draw
        games").
    syntax : {None, "pokerstove", "generic"}, optional
        How the board deals read a range: "pokerstove" (hold'em's "QQ+, AKs"; not Omaha's)
        or "generic", ProPokerTools' generic syntax ("AA:xxyy, JJ!JJJ", "RR@50"; see
        docs/omaha-ranges.md). Default: PokerStove's for hold'em and short deck, the generic
        syntax for Omaha.

    Returns
    -------
    EquityResult
        One `PlayerEquity` per player; with several boards, the whole pot's means and each
        board's own result (`per_board`). Ctrl-C returns the work done so far, marked partial.

    Raises
    ------
    TypeError
        An option of the wrong type, a hand that is not cards or text.
    ValueError
        An unknown deal or game, a bad card or range, a card dealt twice, too much work for
        ``exact=True``, an unknown device or an option that it does not offer.
    ImportError
        ``device="cuda"`` without numba-cuda installed.
    RuntimeError
        ``device="cuda"`` without a CUDA GPU (and without numba-cuda's simulator).

    Examples
    --------
    >>> r = equity(["AsAh", "KsKh"], board="2c 7d 9h Tc")
    >>> r.exact, r.dealt, round(r.players[0].equity, 4)
    (True, 44, 0.9545)
    >>> r = equity(["Ah 4h Qd Jc", "Ad 4c Qs Jh", "Kd Kh 9c 9d"], "2c 3d 8h Kc Ks", deal="omaha-hi-lo")
    >>> [(p.equity, p.high, p.low) for p in r.players]  # two lows share half the pot: quartered
    [(0.25, 0.0, 0.25), (0.25, 0.0, 0.25), (0.5, 0.5, 0.0)]
    >>> r = equity([[51, 50], [47, 46]], [0, 21, 30, 34])  # card ints: AsAh KsKh on 2c 7d 9h Tc
    >>> r.players[1].hand, round(r.players[1].equity, 4)
    ('Ks Kh', 0.0455)
    >>> r = equity(["AsAh", "KsJk"], board="Kd 7c 2h 3s", wild="jokers", deck_size=54)
    >>> r.dealt, round(r.players[1].equity, 4)   # the joker makes three kings; AsAh needs an ace
    (46, 0.9565)
    >>> r = equity(["AsAh", "KsKh"], boards=["Kd 7c 2h 3s", "Qd 8c 5h 4s"])  # a double board
    >>> [b.players[0].equity for b in r.per_board], r.players[0].equity    # each half, the pot
    ([0.05, 0.975], 0.5125)
    >>> r = equity(["AsAh", "KsKh"], board="Kd 7c 2h 3s", by_category=True)
    >>> {k: round(v, 4) for k, v in r.players[1].by_category.items() if v}  # KK: a set or better
    {'four of a kind': 0.0227, 'full house': 0.2045, 'three of a kind': 0.7273}
    >>> r = equity(["7s6d3c2h", "8c5h4d3s2d"], "", "Kd", deal="2-7-single-draw")  # a 4 or a 5
    >>> r.dealt, round(r.players[0].equity, 4)  # of 42 cards beats the pat 8-low: 6 are left
    (42, 0.1429)
    >>> r = equity(["AsAh", "KsKh"], trials=10**9, seed=1, device="cuda")  # doctest: +SKIP
    >>> round(r.players[0].equity, 3)  # doctest: +SKIP
    0.826
    """
    on_gpu = wants_gpu(device)
    if isinstance(hands, (str, bytes)) or not isinstance(hands, (Sequence, np.ndarray)):
        raise TypeError(
            f"hands must be a list of hands or ranges, one per player, not {type(hands).__name__}: {hands!r}"
        )
    found = find_deal(deal)  # None: an unknown deal, named by resolve_deal below
    drawing = found is not None and found.draws > 0
    players: list[Any] = [
        hand if drawing and isinstance(hand, (int, np.integer)) else cards_text(hand, f"player {i + 1}")
        for i, hand in enumerate(hands)
    ]
    if not drawing and (draw_rounds is not None or policy is not None):
        raise ValueError(f"draw_rounds and policy go with the draw deals, not {deal!r}")
    board_text, dead_text = cards_text(board, "board"), cards_text(dead, "dead")
    board_list: Any = boards
    if isinstance(boards, (list, tuple, np.ndarray)):  # each board as text (else refused below)
        board_list = [
            cards_text(b, f"board {k + 1}") if isinstance(b, (Sequence, np.ndarray)) else b
            for k, b in enumerate(boards)
        ]
    texts = _board_texts(board_text, board_list)
    if type(by_category) is not bool:
        raise TypeError(f"by_category must be True or False, not {by_category!r}")
    if on_gpu:
        from .._gpu import equity as gpu

        gpu.prepare(found)
    if syntax is not None and (drawing or (found is not None and found.stud)):
        raise ValueError(f"syntax= goes with the board deals (hold'em, short deck, Omaha), not {deal!r}")
    if drawing:
        if wild is not None or deck_size is not None or game is not None:
            raise ValueError(
                f"wild cards, other decks and game= are not offered in {deal}: it plays its own game"
            )
        if len(texts) > 1 or texts[0].strip():
            raise ValueError(
                f"{deal} has no board: give each player's kept cards, and the discards seen as dead"
            )
        draw_game = DrawShowdowns(players, dead_text, resolve_deal(deal), draw_rounds, policy, by_category)
        setups: Sequence[Showdowns] = [draw_game]
        which = [0]
    elif found is not None and found.stud:
        if wild is not None or deck_size is not None:
            raise ValueError(f"wild cards and other decks are offered in hold'em, not in {deal}")
        if len(texts) > 1:
            raise ValueError(f"boards: {deal} has no board")
        setups = [StudShowdowns(players, texts[0], dead_text, resolve_deal(deal, game), by_category)]
        which = [0]
    else:
        board_deal = _with_syntax(resolve_deal(deal, game, wild, deck_size), syntax)
        setups, which = _board_games(players, texts, dead_text, board_deal, by_category, device)
    if trials is not None and (type(trials) is not int or not 1 <= trials <= MAX_TRIALS):
        raise ValueError(f"trials must be an int 1 .. {MAX_TRIALS:.0e}, not {trials!r}")
    if exact is not None and type(exact) is not bool:
        raise TypeError(f"exact must be True, False or None, not {exact!r}")
    if seed is not None and (type(seed) is not int or not 0 <= seed < 2**63):
        raise ValueError(f"seed must be an int 0 .. 2**63-1, not {seed!r}")
    start = time.perf_counter()
    enumerate_all = False
    if exact is not False and (exact or trials is None):
        work = sum(setup.work() for setup in setups)
        if exact and work > EXACT_LIMIT:
            raise ValueError(setups[0].too_much(work, EXACT_LIMIT))
        enumerate_all = bool(exact) or work <= EXACT_BUDGET
    used_seed = None
    if not enumerate_all:
        used_seed = seed if seed is not None else int.from_bytes(os.urandom(8), "little") >> 1
    runs: list[EquityResult] = []
    with parallel_section(threads):
        for j, setup in enumerate(setups):
            since = start + sum(run.elapsed for run in runs)
            runs.append(
                _run(
                    setup,
                    deal,
                    trials or DEFAULT_TRIALS,
                    _run_seed(used_seed, j),
                    _part(progress, j, len(setups)),
                    since,
                )
            )
            if runs[-1].partial and j < len(setups) - 1:
                raise KeyboardInterrupt  # the whole pot needs every board
    if drawing:
        rounds = draw_game.rounds
        return dataclasses.replace(
            runs[0], draw_rounds=rounds, policy=draw_game.policy.name if rounds > 1 else None
        )
    if len(which) == 1:
        return runs[0]
    return whole_pot(
        runs, which, card_text(read_cards(dead_text, jokers=True)), used_seed, time.perf_counter() - start
    )


def exact_showdowns(
    hands: Sequence[str], board: str, dead: str, deal: Deal, nested: Sequence[int] = ()
) -> np.ndarray:
    """The mean outcome counters (`counters.per_player` reads them) of every completion of
    one known hand per player, as ``equity(hands, board, dead, deal=deal.name, exact=True)``
    counts them (a draw deal's one draw), with the `nested` pots of a split pot counted too
    (`counters.nested_pots`): what all-in EV needs beyond each player's equity."""
    setup: Showdowns
    if deal.draws:
        setup = DrawShowdowns(hands, dead, deal, 1, nested=nested)
    elif deal.stud:
        setup = StudShowdowns(hands, board, dead, deal, nested=nested)
    else:
        setup = BoardShowdowns(hands, board, dead, deal, nested=nested)
    work = setup.work()
    if work > EXACT_LIMIT:
        raise ValueError(setup.too_much(work, EXACT_LIMIT))
    with parallel_section(None):
        outcomes, _, partial = setup.exact(None)
    if partial:
        raise KeyboardInterrupt  # all-in EV needs every completion
    return outcomes


def cards_text(cards: HandOrRange, what: str, jokers: bool = True) -> str:
    """Cards given as text stay text (a hand, range, or cards); a `Range` becomes its text;
    card ints or an array become their text, checked (TypeError or ValueError naming `what`);
    `jokers`: cards 52 and 53 allowed (the equity deals with wild cards)."""
    if isinstance(cards, str):
        return cards
    if isinstance(cards, Range):
        return cards.text
    if isinstance(cards, (bytes, bytearray)) or not isinstance(cards, (Sequence, np.ndarray)):
        raise TypeError(
            f"{what}: cards are text or a sequence of card ints or texts, not "
            f"{type(cards).__name__}: {cards!r}"
        )
    try:
        return format_cards(parse_cards(cards, jokers=jokers))
    except (TypeError, ValueError) as error:
        raise type(error)(f"{what}: {error}") from None


def _board_texts(board: str, boards: int | Sequence[str] | None) -> list[str]:
    """Each board's cards as given: `board` once, `boards` times (an int), or the list `boards`."""
    if boards is None:
        return [board]
    if type(boards) is int:
        if not 1 <= boards <= MAX_BOARDS:
            raise ValueError(f"boards must be 1 .. {MAX_BOARDS} or a list of boards, not {boards}")
        return [board] * boards
    if (
        isinstance(boards, str)
        or not isinstance(boards, Sequence)
        or not all(isinstance(b, str) for b in boards)
    ):
        raise TypeError(f"boards is a number of boards or a list of boards (str), not {boards!r}")
    if not 1 <= len(boards) <= MAX_BOARDS:
        raise ValueError(f"boards: give 1 to {MAX_BOARDS} boards, not {len(boards)}")
    if not isinstance(board, str) or board.strip():
        raise ValueError(
            "boards given both ways: with a list of boards, board= stays empty "
            "(put each board's cards in the list)"
        )
    return list(boards)


def _with_syntax(deal: Deal, syntax: str | None) -> Deal:
    """The board deal reading ranges in ``syntax`` (`equity`'s argument)."""
    if syntax not in (None, "pokerstove", "generic"):
        raise ValueError(f"syntax is 'pokerstove' or 'generic', not {syntax!r}")
    if syntax == "pokerstove" and deal.omaha:
        raise ValueError(
            "Omaha ranges are read in ProPokerTools' generic syntax: syntax='pokerstove' is hold'em's"
        )
    if syntax == "generic" and not deal.omaha:
        return dataclasses.replace(deal, generic_ranges=True)
    return deal


def _board_games(
    hands: Sequence[str],
    texts: list[str],
    dead: str,
    deal: Deal,
    by_category: bool = False,
    device: str = "cpu",
) -> tuple[list[BoardShowdowns], list[int]]:
    """A `BoardShowdowns` for each board, the other boards' cards out of its deal (boards alike
    share one), and which of them each board is. Boards share only the cards they start with
    (dealt before running it again); together they need no more cards than the deck has."""
    if len(texts) == 1:
        return [BoardShowdowns(hands, texts[0], dead, deal, by_category=by_category, device=device)], [0]
    cards = []
    for k, text in enumerate(texts):
        try:
            cards.append(read_cards(text, jokers=True).tolist())
        except ValueError as error:
            raise ValueError(f"board {k + 1}: {error}") from None
    for (i, a), (j, b) in itertools.combinations(enumerate(cards), 2):
        shared = set(a) & set(b)
        astray = shared - set(a[: len(shared)]) or shared - set(b[: len(shared)])
        if astray:
            raise ValueError(
                f"card {card_text(np.array(sorted(astray)[:1]))} is on boards "
                f"{i + 1} and {j + 1}: boards share only the cards they start with "
                "(those dealt before running it twice)"
            )
    known = list(dict.fromkeys(c for board in cards for c in board))
    alike: dict[frozenset[int], int] = {}  # a board's cards: its setup
    setups: list[BoardShowdowns] = []
    which = []
    for k, (text, board) in enumerate(zip(texts, cards)):
        if frozenset(board) not in alike:
            alike[frozenset(board)] = len(setups)
            others = np.array([c for c in known if c not in board], np.uint8)
            try:
                setups.append(BoardShowdowns(hands, text, dead, deal, others, by_category, device))
            except ValueError as error:
                raise ValueError(f"board {k + 1}: {error}") from None
        which.append(alike[frozenset(board)])
    setup = setups[0].setup
    needed = int(setup.hole_sizes.sum()) + sum(5 - len(board) for board in cards)
    if needed > len(setup.live):
        raise ValueError(
            f"boards: {len(hands)} players and {len(texts)} boards need {needed} "
            f"more cards; only {len(setup.live)} are left in the deck"
        )
    return setups, which


def _run(
    setup: Showdowns,
    deal: str,
    trials: int,
    seed: int | None,
    progress: Callable[[float], None] | None,
    since: float,
) -> EquityResult:
    """One board's (or stud's) result: every deal enumerated, or `trials` simulated from
    `seed`; its time counted from `since`."""
    if seed is None:
        outcomes, n, partial = setup.exact(progress)
    else:
        outcomes, n, partial = setup.simulate(trials, seed, progress)
    names = setup.category_names
    win, tie, eq, eq_squared, high, low, by_category = per_player(
        outcomes, len(setup.labels), setup.split, len(names)
    )
    stderr = np.zeros_like(eq) if seed is None else np.sqrt(np.maximum(eq_squared - eq**2, 0) / max(n - 1, 1))
    result = [
        PlayerEquity(
            hand=label,
            win=float(win[p]),
            tie=float(tie[p]),
            equity=float(eq[p]),
            stderr=float(stderr[p]),
            high=float(high[p]) if setup.split else None,
            low=float(low[p]) if setup.split else None,
            by_category=None if by_category is None else dict(zip(names, by_category[:, p].tolist())),
        )
        for p, label in enumerate(setup.labels)
    ]
    return EquityResult(
        players=tuple(result),
        deal=deal,
        board=card_text(setup.board),
        dead=card_text(setup.dead),
        exact=seed is None,
        dealt=int(n),
        elapsed=time.perf_counter() - since,
        seed=seed,
        partial=partial,
    )


def _run_seed(seed: int | None, j: int) -> int | None:
    """The seed of the j-th board's simulation: the call's for the first, a hash of both for the
    others (independent runs); None when enumerating."""
    if seed is None or j == 0:
        return seed
    return int(np.random.SeedSequence([seed, j]).generate_state(1, np.uint64)[0] >> 1)


def _part(progress: Callable[[float], None] | None, j: int, n: int) -> Callable[[float], None] | None:
    """`progress` for the j-th of n equal parts of the work."""
    if progress is None:
        return None
    return lambda done: progress((j + done) / n)
