"""Omaha's evaluation: exactly two hole cards with exactly three board cards, one hand
(`evaluate_omaha`) or a batch (`evaluate_omaha_batch`), on `evaluate`'s scale."""

from __future__ import annotations

from typing import Any

import numpy as np

from . import _tables as tables
from ._kernels.table_types import SuitsMixed, Tables, Wild
from ._cards import CardsLike, format_card, parse_cards
from ._docs import shared_parameters
from ._evaluate import in_chunks
from ._game import Game, resolve
from ._hand import check_deck
from ._kernels.core import njit
from ._kernels.omaha import omaha_rows, omaha_strength
from ._rows import as_batch, explain_row
from .rules import GAMES, Rules
from ._warmup import Job, sample_hands

HOLE_SIZES, BOARD_SIZES = (4, 5, 6), (3, 4, 5)


def _omaha_rules(game: str | Game) -> Rules:
    rules = resolve(game).rules
    rules.five_card_only("Omaha")
    if not tables.omaha_offered(rules):
        omaha_games = [name for name, g in GAMES.items() if tables.omaha_offered(g)]
        why = (
            "wild cards"
            if rules.wild
            else "suits break ties"
            if rules.suit_ties
            else "a flush counts against you there"
        )
        raise ValueError(
            f"Omaha is not offered in {rules.name} ({why}); the games for Omaha are: {', '.join(omaha_games)}"
        )
    return rules


@njit(cache=True, _nrt=False)
def _omaha_one(t: Tables, hole: np.ndarray, board: np.ndarray) -> Any:
    return omaha_strength(t, hole, board)


@shared_parameters
def evaluate_omaha(hole: CardsLike, board: CardsLike, *, game: str | Game = "high") -> int:
    """Strength of the best Omaha hand: exactly two hole cards and exactly three board cards.

    Strengths are the game's (`evaluate`'s) scale.

    Parameters
    ----------
    hole : cards
        4, 5 or 6 hole cards, as `evaluate` takes a hand.
    board : cards
        3, 4 or 5 board cards.
    {game}
        A game that offers Omaha: not with wild cards, suits that break ties, or flushes
        that count against you.

    Returns
    -------
    int
        The strength of the best two hole cards with the best three board cards.

    Raises
    ------
    TypeError
        Cards that are not cards; a `game` that is not a str or `Game`.
    ValueError
        A game without Omaha (the message names those with it) or an unknown game; a hole of
        other than 4, 5 or 6 cards, a board of other than 3, 4 or 5; an unknown, repeated or
        out-of-range card, a card outside the game's deck, a card both in the hole and on the
        board.

    Examples
    --------
    >>> evaluate_omaha("Ks 8c Js 5c", "3s 5h Qs Qd 9h")  # two pair, queens and fives, K kicker
    4675
    >>> from pokerlut import describe
    >>> describe(evaluate_omaha("As 2c 3d 4h", "Ks Qs Js 5s 9h"))  # one hole spade: no flush
    'High card, ace'
    >>> describe(evaluate_omaha("As 2d 7c 8h", "3s 4d 5h Kc Kd", game="eight-or-better"), game="eight-or-better")
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
    return int(_omaha_one(tables.kernel_tables(rules), hole, board))


def _omaha_array(cards: Any, sizes: tuple[int, ...], n: int | None, what: str) -> np.ndarray:
    """An (n, k) uint8 array of holes or boards; a 1-D board is used for every row."""
    array = np.asarray(cards)
    if array.ndim == 1 and what == "boards" and n is not None:
        array = np.broadcast_to(array, (n, len(array)))
    if array.ndim != 2 or array.shape[1] not in sizes:
        raise ValueError(f"{what} must have shape (n, {'|'.join(map(str, sizes))}), not {array.shape}")
    return as_batch(array, sizes, what)


@shared_parameters
def evaluate_omaha_batch(
    holes: Any, boards: Any, *, game: str | Game = "high", validate: bool = True, threads: int | None = None
) -> np.ndarray:
    """Omaha strengths of every row of `holes` with the same row of `boards`, or one board.

    Checked as `evaluate_batch` checks (a card outside the deck, a card in both hole and
    board).

    Parameters
    ----------
    holes : array_like of int, shape (n, 4|5|6)
        Hole cards, a row per hand, card ints.
    boards : array_like of int, shape (n, 3|4|5) or (3|4|5,)
        Each row's board, or one board (a 1-D array) for every row.
    game : str or Game, default "high"
        How hands rank, as in `evaluate_omaha`.
    validate : bool, default True
        As in `evaluate_batch`: False skips the deck and duplicate checks.
    {threads}

    Returns
    -------
    numpy.ndarray
        uint16, one strength per row, on `evaluate`'s scale.

    Raises
    ------
    TypeError
        `holes` or `boards` that are not integers; a `game` that is not a str or `Game`.
    ValueError
        A game without Omaha or an unknown game; a shape other than those above, a card out of
        range, different numbers of holes and boards; with `validate`, the first row holding
        a card outside the game's deck or a card twice (hole cards, then board).

    Examples
    --------
    >>> holes = np.array([[47, 24, 39, 15], [51, 3, 4, 9]], dtype=np.uint8)  # Ks 8c Js 5c / ...
    >>> evaluate_omaha_batch(holes, np.array([7, 14, 43, 41, 30], dtype=np.uint8))  # one board
    array([4675, 4654], dtype=uint16)
    """
    rules = _omaha_rules(game)
    holes = _omaha_array(holes, HOLE_SIZES, None, "holes")
    boards = _omaha_array(boards, BOARD_SIZES, len(holes), "boards")
    if len(boards) != len(holes):
        raise ValueError(f"{len(holes)} holes but {len(boards)} boards")
    t = tables.kernel_tables(rules)

    def explain(row: int) -> str:
        both = np.concatenate([holes[row], boards[row]])[None, :]
        return explain_row(both, 0, rules).replace("row 0", f"row {row}", 1) + " (hole cards, then board)"

    return in_chunks(
        len(holes),
        threads,
        lambda part, out, bad: omaha_rows(t, holes[part], boards[part], out, validate, bad),
        explain,
    )


def warm_jobs() -> list[Job]:
    """The warm-up calls of Omaha's wrappers (`pokerlut warm`): one per kind of tables that
    has Omaha (checks on or off are a run-time argument of its kernel)."""
    return [
        Job(f"evaluate_omaha {game}", _warm_up, (game,), 3.0)
        for kind, game in tables.first_game_of_each_kind().items()
        if not issubclass(kind, (SuitsMixed, Wild))
    ]


def _warm_up(game: str) -> None:
    """The Omaha batch kernel, checks on and off, and the one-hand `evaluate_omaha`."""
    cards = sample_hands(game, 9)
    for validate in (True, False):
        evaluate_omaha_batch(cards[:, :4], cards[:, 4:], game=game, validate=validate)
    evaluate_omaha(cards[0, :4], cards[0, 4:], game=game)
