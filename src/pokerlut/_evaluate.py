"""The public wrappers of hands and batches of hands: `evaluate`, `evaluate_batch`, `category`,
`describe`, `compare`, `compare_batch` and `winners`. They validate at the boundary, then hand
the work to the kernels (Omaha's wrappers are in `_omaha`, `best_five` and `stand_ins` in
`_anatomy`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numba
import numpy as np

from . import _tables as tables
from ._anatomy import stand_ins
from ._cards import CardsLike, format_card
from ._docs import shared_parameters
from ._hand import STRENGTH_FUNCTIONS, check_hand, one_argument, strength_function
from ._kernels import badugi as kernels_badugi
from ._kernels.batch import evaluate_rows, order_rows, strength_order
from . import lang as _lang
from ._names import Category
from ._parallel import CHUNK_ROWS, parallel_section
from .italian import NO_CYCLE, straight_flush_kind
from ._kernels.italian import italian_rows
from ._kernels.table_types import Wild
from ._game import Game, resolve
from ._gpu._device import wants_gpu
from ._rows import as_batch, explain_row, first_bad_row
from ._warmup import Job, checked, sample_hands

_CARD_OF = {format_card(c): c for c in range(52)}  # "As" -> 51, for the fast text path


@shared_parameters
def evaluate(
    cards: CardsLike,
    *more: Any,
    game: str | Game = "high",
    wild: str | None = None,
    flush_by_suit: bool | None = None,
) -> int:
    """Strength of the best five of 5, 6 or 7 cards in a game, higher wins.

    In the high game the strength is 1 (7-5-4-3-2) .. 7462 (royal flush); 0 means no
    qualifying hand (eight-or-better). With wild cards five of a kind continues the high scale
    (7463 .. 7475).

    Badugi (`game="badugi"`, `"badugi-deuce-to-seven"`): a hand of 4 cards, or 5 (the best four
    of them plays), strength 1 (a one-card king, or ace with the ace high) .. 1092 (4-3-2-A, or
    5-4-3-2).

    Italian poker (`game="italian-2"` .. `"italian-9"`, five cards): the strength counts the suit
    that breaks ties, and orders every two hands except a minimum straight flush, which beats
    a royal flush though its strength is lower (`compare` and `winners` know it; see
    `pokerlut.italian`).

    Parameters
    ----------
    cards : str, sequence of str or int, or 1-D integer array
        The hand, in one argument: text ("As Ks Qs Js Ts"), card texts or card ints
        (``4 * rank + suit``, 0 = 2c .. 51 = As; jokers 52, 53).
    {game}
    {wild}
    {flush_by_suit}

    Returns
    -------
    int
        The strength of the best five cards in the game.

    Raises
    ------
    TypeError
        More than one positional argument: a hand's cards are one argument and the options are
        keyword-only (the message names the call shapes of treys' ``evaluate(board, hand)`` and
        phevaluator's ``evaluate_cards(c1, c2, ...)``, with the fix); `cards` that are not
        cards (a float, a bool, texts mixed with ints); a `game` that is not a str or `Game`.
    ValueError
        An unknown game or wild mode, `wild` or `flush_by_suit` with a `Game` or where the game
        does not take it; an unknown, repeated or out-of-range card, a card outside the game's
        deck, or a hand that is not 5, 6 or 7 cards (5 in Italian poker, 4 or 5 in Badugi).

    Examples
    --------
    >>> evaluate("As Ks Qs Js Ts")
    7462
    >>> evaluate([0, 5, 9, 13, 20])  # 2c 3d 4d 5d 7c
    1
    >>> evaluate("5h 4d 3c 2s Ah", game="ace-to-five"), evaluate("Kh Kd 3c 2s Ah", game="eight-or-better")
    (6175, 0)
    >>> evaluate("Ah Ad Ac As Jk", wild="jokers"), evaluate("Kh Qh Jh Th joker", wild="bug")
    (7475, 7462)
    >>> evaluate("Th Jh Qh Kh Ah", game="italian-4"), evaluate("Ts Js Qs Ks As", game="italian-4")
    (2520, 2517)
    >>> evaluate("4c 3d 2h As", game="badugi"), evaluate("Kc Kd Kh Ks", game="badugi")
    (1092, 1)
    """
    if more:
        raise one_argument("evaluate", cards, more)
    strength_of = None
    if wild is None and flush_by_suit is None:
        try:  # game= alone, a name or a `Game` seen before: a list of ints goes straight in
            strength_of = STRENGTH_FUNCTIONS[game]
        except (KeyError, TypeError):  # its first use, or not a game
            pass
        else:
            strength = strength_of(cards)
            if strength >= 0:
                return strength
    if strength_of is None:
        strength_of = strength_function(resolve(game, wild, flush_by_suit))
        if isinstance(game, str) and wild is None and flush_by_suit is None:
            STRENGTH_FUNCTIONS[game] = strength_of
    hand: Any = cards
    if type(hand) is str:  # fast path for canonical text: "As Ks Qs Js Ts"
        try:
            hand = [_CARD_OF[text] for text in hand.split()]
        except KeyError:
            hand = None
    elif type(hand) is np.ndarray and hand.ndim == 1 and hand.dtype.kind in "iu":
        hand = hand.tolist()  # plain ints, checked by the strength function
    strength = strength_of(hand)
    if strength >= 0:
        return strength
    checked = check_hand(cards, resolve(game, wild, flush_by_suit).rules)  # raises on bad input
    return strength_of(checked.tolist())


@shared_parameters
def evaluate_batch(
    hands: Any,
    *,
    game: str | Game = "high",
    wild: str | None = None,
    flush_by_suit: bool | None = None,
    validate: bool = True,
    threads: int | None = None,
    device: str = "cpu",
) -> np.ndarray:
    """Strengths of every row of an (n, 5|6|7) array of card ints in a game.

    The rows are evaluated on the caller's numba threads, or on a GPU (`device`). Italian poker
    (`game="italian-2"` .. `"italian-9"`): rows of five cards, strengths as `evaluate` gives
    them. Badugi (`game="badugi"`, `"badugi-deuce-to-seven"`): rows of 4 or 5 cards, on the CPU. Input that is not C-contiguous uint8 is converted once. The deck and duplicate checks
    run in the same pass as the evaluation.

    Parameters
    ----------
    hands : array_like of int, shape (n, 5|6|7), or a column of hand texts
        Card ints (0..51; 52, 53 the jokers with `wild`), a row per hand; a column of texts
        is read by `parse_batch`. A masked array (`parse_batch(errors="mask")`) gives a masked
        array: its masked rows are not evaluated and stay masked (holding 0).
    {game}
    {wild}
    {flush_by_suit}
    validate : bool, default True
        False skips the deck and duplicate checks, for input known to be valid: a bad row then
        gets a meaningless strength (never a read outside the tables).
    {threads}
        A CPU option, so not with ``device="cuda"``.
    device : {"cpu", "cuda"}, default "cpu"
        "cuda": on the GPU, through numba-cuda (``pip install 'pokerlut[gpu]'``), with the
        same strengths, checks and errors, for every game. Host input is streamed to the
        GPU in chunks and the result is a numpy array; input already on the GPU (a numba
        device array, or any array with ``__cuda_array_interface__`` or a DLPack export on
        a CUDA device: CuPy, PyTorch, ...) must be uint8, is read there without a copy (after
        its producer's stream), and the result is a numba device array (which exposes
        ``__cuda_array_interface__``; ``.copy_to_host()`` gives numpy). The first call in a
        process compiles the GPU kernels (`pokerlut warm --device cuda` does it ahead).

    Returns
    -------
    numpy.ndarray or numba device array
        uint16, one strength per row (a ``numpy.ma.MaskedArray`` for a masked input; on the
        GPU, a numba device array for input on the GPU).

    Raises
    ------
    TypeError
        `hands` that are not integers (a float array) or a text column holding a value that
        is not text; hands on the GPU that are not uint8; a `game` that is not a str or
        `Game`; a `device` that is not a str.
    ValueError
        A shape other than (n, 5|6|7) (five cards in Italian poker, (n, 4|5) in Badugi), a card
        out of range, an unknown game or option; with `validate`, the first row holding a card
        outside the game's deck or a card twice (the message names the row and the card); a
        `device` other than "cpu" or "cuda", `threads` with ``device="cuda"``;
        ``device="cuda"`` in Badugi.
    ImportError
        ``device="cuda"`` without numba-cuda installed (the message names the pip line).
    RuntimeError
        ``device="cuda"`` where numba-cuda finds no GPU (and its simulator is off).

    Examples
    --------
    >>> evaluate_batch(np.array([[51, 47, 43, 39, 35], [0, 5, 9, 13, 20]], dtype=np.uint8))
    array([7462,    1], dtype=uint16)
    >>> from pokerlut import parse_batch
    >>> evaluate_batch(parse_batch(["As Ks Qs Js Ts", "As As Qs Js Ts"], errors="mask")).tolist()
    [7462, None]
    >>> evaluate_batch(np.array([[51, 47, 43, 39, 35]], dtype=np.uint8), device="cuda")  # doctest: +SKIP
    array([7462], dtype=uint16)
    """
    g = resolve(game, wild, flush_by_suit)
    gpu = wants_gpu(device)
    if gpu and threads is not None:
        raise ValueError(f"threads={threads!r} is a CPU option: leave it out with device='cuda'")
    if isinstance(hands, np.ma.MaskedArray):  # masked rows hold a hand of the deck's first cards
        masked = np.ma.getmaskarray(hands).reshape(len(hands), -1).any(axis=1)
        filled = np.array(hands.data, copy=True)
        if filled.ndim == 2 and filled.shape[1] <= len(g.rules.deck):
            filled[masked] = g.rules.deck[: filled.shape[1]]
        out = evaluate_batch(filled, game=g, validate=validate, threads=threads, device=device)
        out[masked] = 0
        return np.ma.MaskedArray(out, mask=masked)
    if gpu and g.rules.badugi:
        raise ValueError(f"device='cuda' is not offered in {g.name}: Badugi hands are evaluated on the CPU")
    if gpu:
        from ._gpu import batch

        # numpy for input on the host; a numba device array (typed as ndarray here: duck
        # typed, and `Any` would spread to every caller) for input on the GPU
        strengths: np.ndarray = batch.evaluate_batch(hands, g, validate)
        return strengths
    rules, it = g.rules, g.italian
    hands = as_batch(hands, rules.hand_sizes, top=53 if rules.wild else 51)
    if rules.badugi:
        bt = tables.badugi_tables(rules)

        def launch(part: slice, out: np.ndarray, bad: np.ndarray) -> None:
            kernels_badugi.evaluate_rows(bt, hands[part], out, bad, validate)

        return in_chunks(len(hands), threads, launch, lambda row: explain_row(hands, row, rules))
    t = tables.kernel_tables(rules)
    if it is not None:

        def launch(part: slice, out: np.ndarray, bad: np.ndarray) -> None:
            italian_rows(t, it.tie_rank, it.value, hands[part], out, validate, bad)
    else:

        def launch(part: slice, out: np.ndarray, bad: np.ndarray) -> None:
            evaluate_rows(t, hands[part], out, bad, validate)
            if bad[0] < 0:  # a bad row in a block of rows
                bad[0] = first_bad_row(hands[part], rules)

    return in_chunks(len(hands), threads, launch, lambda row: explain_row(hands, row, rules))


def in_chunks(
    n: int,
    threads: int | None,
    launch: Callable[[slice, np.ndarray, np.ndarray], None],
    explain: Callable[[int], str],
) -> np.ndarray:
    """uint16[n] filled by `launch(rows, out, first_bad)` over chunks of rows, on `threads`;
    Ctrl-C is seen between chunks. A bad row (first_bad) raises ValueError(explain(row))."""
    out = np.empty(n, dtype=np.uint16)
    first_bad = np.full(
        numba.config.NUMBA_NUM_THREADS,  # type: ignore[attr-defined]
        CHUNK_ROWS,
        dtype=np.int64,
    )
    with parallel_section(threads):
        for start in range(0, n, CHUNK_ROWS):
            part = slice(start, start + CHUNK_ROWS)
            launch(part, out[part], first_bad)
            if first_bad.min() < CHUNK_ROWS:
                raise ValueError(explain(start + int(first_bad.min())))
    return out


@shared_parameters
def category(
    strength: int, *, game: str | Game = "high", wild: str | None = None, flush_by_suit: bool | None = None
) -> Category:
    """The category of a strength in a game.

    Parameters
    ----------
    strength : int
        A strength of the game, as `evaluate` gives it.
    {game}
    {wild}
    {flush_by_suit}

    Returns
    -------
    Category
        The hand category of the strength.

    Raises
    ------
    TypeError
        A `strength` that is not an int (a bool or a float included); a `game` that is not a
        str or `Game`.
    ValueError
        A strength outside the game's range, or 0 (no qualifying hand: it has no category);
        an unknown game or option.

    Examples
    --------
    >>> category(7462)
    <Category.STRAIGHT_FLUSH: 8>
    >>> category(evaluate("7h 6h 5h 4h 2h", game="deuce-to-seven"), game="deuce-to-seven")
    <Category.FLUSH: 5>
    >>> category(7475, wild="deuces")
    <Category.FIVE_OF_A_KIND: 9>
    """
    g = resolve(game, wild, flush_by_suit)
    if g.strength(strength) == 0:
        raise ValueError(f"strength 0 is no qualifying hand in {g.name}: it has no category")
    return g.category(strength)


@shared_parameters
def describe(
    hand_or_strength: CardsLike | int,
    *,
    game: str | Game = "high",
    wild: str | None = None,
    flush_by_suit: bool | None = None,
    lang: str = "en",
) -> str:
    """Words for a hand or a strength, in the game's terms.

    For a hand with wild cards, the words say what each wild card of the best five stands for;
    in Italian poker, the suit that breaks ties and a straight flush's kind.

    Parameters
    ----------
    hand_or_strength : cards or int
        A hand of 5, 6 or 7 cards (4 or 5 in Badugi), as `evaluate` takes it, or a strength
        of the game.
    {game}
    {wild}
    {flush_by_suit}
    lang : str, default "en"
        One of `pokerlut.lang.LANGUAGES` (en, it, es, ca, ru).

    Returns
    -------
    str
        The description; 'No qualifying low' for strength 0 (eight-or-better).

    Raises
    ------
    TypeError
        A hand that is not cards (a bool, a float); a `game` that is not a str or `Game`.
    ValueError
        An unknown language, game or option; a bad hand (as `evaluate` raises); a strength
        outside the game's range.

    Examples
    --------
    >>> describe("Kh Kd 6s 6c Kc")
    'Full house, kings over sixes'
    >>> describe(7462)
    'Royal flush'
    >>> describe("7c 5d 4h 3s 2c", game="deuce-to-seven")
    'Number one (7-5-4-3-2 offsuit)'
    >>> describe("9s 8d 7s 6s Kh", game="eight-or-better")
    'No qualifying low'
    >>> describe("Ah Ad Ac As Jk", wild="jokers")
    'Five of a kind, aces (Jk as A♠)'
    >>> describe("Ac 7c 8c 9c Tc", game="italian-4")
    'Straight flush, ten-high (minimum; clubs)'
    >>> describe("8c 5d 3h 2s", game="badugi"), describe("7c 4d 2h 2s", game="badugi")
    ('Badugi, 8-5-3-2', 'Three-card hand, 7-4-2')

    In another language (a word a language lacks is the English one):

    >>> describe("Kh Kd 6s 6c Kc", lang="en")
    'Full house, kings over sixes'
    >>> describe("Kh Kd 6s 6c Kc", lang="it")
    'Full di re e sei'
    >>> describe("Kh Kd 7c 4s 2h", lang="es")
    'Par de reyes'
    >>> describe("5h 4d 3c 2s Ah", game="ace-to-five", lang="ca")
    'Roda (5-4-3-2-A)'
    >>> describe("Ah Ad Ac As Jk", wild="jokers", lang="ru")
    'Пять карт одного ранга: тузы (Jk вместо A♠)'
    """
    lang = _lang.check_lang(lang)
    g = resolve(game, wild, flush_by_suit)
    if isinstance(hand_or_strength, (int, np.integer)) and not isinstance(hand_or_strength, bool):
        return g.words(g.strength(hand_or_strength), lang)
    strength = evaluate(hand_or_strength, game=g)
    words = g.words(strength, lang)
    stands = stand_ins(hand_or_strength, game=g) if g.rules.wild and strength else {}
    if stands:
        words += (
            " ("
            + ", ".join(
                _lang.stand_in(format_card(w), format_card(c, pretty=True), lang) for w, c in stands.items()
            )
            + ")"
        )
    return words


def _cycle(game: Game) -> tuple[int, int, int]:
    """The strengths of the straight-flush cycle (royal, minimum low, minimum high), or none."""
    return NO_CYCLE if game.italian is None else game.italian.cycle


@shared_parameters
def compare(
    a: CardsLike,
    b: CardsLike,
    *,
    game: str | Game = "high",
    wild: str | None = None,
    flush_by_suit: bool | None = None,
) -> int:
    """Whether hand a beats hand b in a game: 1 if it wins, -1 if it loses, 0 for a split pot.

    In Italian poker a minimum straight flush beats a royal flush, and suits break ties
    (`pokerlut.italian`).

    Parameters
    ----------
    a, b : cards
        Two hands of 5, 6 or 7 cards (4 or 5 in Badugi), as `evaluate` takes them.
    {game}
    {wild}
    {flush_by_suit}

    Returns
    -------
    int
        1, -1 or 0.

    Raises
    ------
    TypeError
        A hand that is not cards; a `game` that is not a str or `Game`.
    ValueError
        A bad hand (as `evaluate` raises); an unknown game or option.

    Examples
    --------
    >>> compare("6h 5d 4c 3s 2h", "5h 4d 3c 2s Ah")  # six-high straight beats the wheel
    1
    >>> compare("6h 5d 4c 3s 2h", "5h 4d 3c 2s Ah", game="ace-to-five")  # the wheel is best
    -1
    >>> compare("Kh Kd 9h 8s 7c", "Ks Kc 9d 8c 7d", game="italian-4")  # 9h beats 9d
    1
    >>> compare("Kc Qd Jh Ts", "2c 3c 4c 5d", game="badugi")  # a badugi beats two cards
    1
    """
    g = resolve(game, wild, flush_by_suit)
    return int(strength_order(evaluate(a, game=g), evaluate(b, game=g), *_cycle(g)))


@shared_parameters
def compare_batch(
    a: Any,
    b: Any,
    *,
    game: str | Game = "high",
    wild: str | None = None,
    flush_by_suit: bool | None = None,
    validate: bool = True,
    threads: int | None = None,
    device: str = "cpu",
) -> np.ndarray:
    """`compare` of every row of hands `a` with the same row of hands `b`.

    Parameters
    ----------
    a, b : array_like of int, shape (n, 5|6|7), or columns of hand texts
        Hands as `evaluate_batch` takes them, the same number of rows in each.
    {game}
    {wild}
    {flush_by_suit}
    validate : bool, default True
        As in `evaluate_batch`: False skips the deck and duplicate checks.
    {threads}
        Not with ``device="cuda"``.
    device : {"cpu", "cuda"}, default "cpu"
        Where the hands are evaluated, as in `evaluate_batch`; the result is a numpy array
        either way (strengths left on the GPU by input there are copied back).

    Returns
    -------
    numpy.ndarray
        int8, per row 1 if the hand of `a` wins, -1 if it loses, 0 for a split pot.

    Raises
    ------
    TypeError
        As `evaluate_batch` raises, the message starting "hands a:" or "hands b:".
    ValueError
        As `evaluate_batch` raises, the message starting "hands a:" or "hands b:"; `a` and `b`
        with different numbers of rows; a `device` other than "cpu" or "cuda", `threads` with
        ``device="cuda"``.

    Examples
    --------
    >>> a = np.array([[51, 47, 43, 39, 35], [0, 5, 9, 13, 20]], dtype=np.uint8)
    >>> compare_batch(a, a[::-1])
    array([ 1, -1], dtype=int8)
    """
    g = resolve(game, wild, flush_by_suit)
    if wants_gpu(device) and threads is not None:
        raise ValueError(f"threads={threads!r} is a CPU option: leave it out with device='cuda'")
    strengths = []
    for name, hands in (("a", a), ("b", b)):
        try:
            found = evaluate_batch(hands, game=g, validate=validate, threads=threads, device=device)
        except (ValueError, TypeError) as error:
            raise type(error)(f"hands {name}: {error}") from None
        strengths.append(found if isinstance(found, np.ndarray) else found.copy_to_host())
    if len(strengths[0]) != len(strengths[1]):
        raise ValueError(f"hands a has {len(strengths[0])} rows but hands b {len(strengths[1])}")
    out = np.empty(len(strengths[0]), dtype=np.int8)
    with parallel_section(threads):
        order_rows(strengths[0], strengths[1], *_cycle(g), out)
    return out


@shared_parameters
def winners(
    hands: Any, *, game: str | Game = "high", wild: str | None = None, flush_by_suit: bool | None = None
) -> list[int]:
    """The winning seats of a showdown: several when they split the pot.

    The hands are dealt from one deck, so no card may appear twice.

    In Italian poker suits break every tie, so one seat wins; except when straight flushes of
    all three kinds meet (royal, middle, minimum): each is beaten by another, the rules name
    no winner, and `winners` gives the seats of the best straight flush of each kind, who
    share the pot.

    Parameters
    ----------
    hands : sequence of cards
        The players' hands, one per seat, each of 5, 6 or 7 cards (4 or 5 in Badugi) as
        `evaluate` takes it.
    {game}
    {wild}
    {flush_by_suit}

    Returns
    -------
    list of int
        The winning seats (indices into `hands`), in increasing order.

    Raises
    ------
    TypeError
        `hands` that is not a sequence, a hand that is not cards; a `game` that is not a str
        or `Game`.
    ValueError
        `hands` that is a str or empty; a bad hand (as `evaluate` raises); a card in two seats;
        an unknown game or option.

    Examples
    --------
    >>> winners(["As Ad Kc Kd 2h", "Qs Qh Jc Jd 3s", "Ah Ac Kh Ks 2c"])
    [0, 2]
    >>> winners(["Th Jh Qh Kh Ah", "8d 9d Td Jd Qd", "Ac 7c 8c 9c Tc"], game="italian-4")
    [0, 1, 2]
    """
    g = resolve(game, wild, flush_by_suit)
    if isinstance(hands, (str, bytes)) or len(hands) == 0:
        raise ValueError("hands must be a non-empty list of hands, one per seat")
    parsed = [check_hand(hand, g.rules).tolist() for hand in hands]
    owner: dict[int, int] = {}
    for seat, hand in enumerate(parsed):
        for card in hand:
            if owner.setdefault(card, seat) != seat:
                raise ValueError(
                    f"card {format_card(card)} is in seat {owner[card]} and in "
                    f"seat {seat}: a showdown's hands come from one deck"
                )
    s = [evaluate(h, game=g) for h in parsed]
    cycle = _cycle(g)
    beaten = [any(strength_order(a, b, *cycle) < 0 for b in s) for a in s]
    if not all(beaten):
        return [seat for seat, lost in enumerate(beaten) if not lost]
    assert g.italian is not None  # only Italian poker has the cycle
    kinds = [straight_flush_kind(int(x), g.italian) for x in s]  # a cycle: straight flushes only
    return sorted(
        max((seat for seat in range(len(s)) if kinds[seat] == kind), key=s.__getitem__)
        for kind in ("royal", "middle", "minimum")
    )


# --- the warm-up calls (`pokerlut warm`) ------------------------------------------------------


def warm_jobs() -> list[Job]:
    """The warm-up calls of `evaluate_batch` and `compare_batch` (`pokerlut warm`), which
    together compile each of their kernels once: rows of 5, 6 or 7 cards, checks on or off,
    for one game of each kind of tables; Italian poker once (one deck's tables: the decks
    differ in size only; checks are a run-time argument of its kernel); `compare_batch`'s own
    kernel; Badugi's (one kind of tables for both aces) in rows of 4 or 5 cards, checks on or
    off. Costs: rough seconds with an empty cache (`Job`)."""
    out = [
        Job(
            f"evaluate_batch {game} {width} {checked(validate)}",
            _warm_evaluate_batch,
            (game, width, validate),
            6.0 if issubclass(kind, Wild) else 2.0,
        )
        for kind, game in tables.first_game_of_each_kind().items()
        for width in (5, 6, 7)
        for validate in (True, False)
    ]
    out.append(Job("compare_batch italian, evaluate_batch italian", _warm_compare_batch, ("italian-4",), 1.5))
    out.append(Job("compare_batch high", _warm_compare_batch, ("high",), 0.5))
    out += [
        Job(
            f"evaluate_batch badugi {width} {checked(validate)}",
            _warm_evaluate_batch,
            ("badugi", width, validate),
            1.0,
        )
        for width in (4, 5)
        for validate in (True, False)
    ]
    return out


def _warm_evaluate_batch(game: str, width: int, validate: bool) -> None:
    evaluate_batch(sample_hands(game, width), game=game, validate=validate)


def _warm_compare_batch(game: str) -> None:
    """`compare_batch` (its `evaluate_batch` too, of five cards, checked)."""
    hands = sample_hands(game, 5)
    compare_batch(hands, hands, game=game)
