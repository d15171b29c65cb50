"""`outs`: the next cards after which a hand is the best hand against the other players'
holdings, and those after which it is the nuts."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._cards import CardsLike, format_card
from .._docs import shared_parameters
from .._evaluate import describe, evaluate_batch
from .._game import Game
from .._equity.ranges import HandOrRange
from .._equity.deal import card_text
from .._omaha import evaluate_omaha_batch
from .common import Deals, no_deals, check_player, read_setup

__all__ = ["Outs", "outs"]

MAX_HOLDINGS = 2_000_000  # deals of the other players' hands that `outs` lists


@dataclass(frozen=True)
class Outs:
    """What `pokerlut.outs` returns: for each possible next card, how much of the other
    players' holdings the hand beats after it, and whether it is then the nuts.

    Attributes
    ----------
    hand : str
        The hand (the player's, as given).
    against : tuple of str
        The other players' hands or ranges, in order.
    cards : tuple of str
        The possible next cards, the highest first: the cards not seen (not in the hand, on
        the board or dead) that some deal of the others' holdings leaves in the deck.
    beats : tuple of float
        For each card, the share of the others' holdings (deals of their hands, by weight)
        that the hand beats outright on the board with that card: better than every other
        hand.
    ties : tuple of float
        For each card, the share where it ties for the best hand (a split pot).
    nuts : tuple of bool
        For each card, whether the hand is then the nuts: no two cards that the player
        cannot see (not in the hand, on the board or dead) make a better hand with the board;
        a hand that others could tie is the nuts.
    makes : tuple of str
        For each card, the hand it makes (`describe`).
    outs : tuple of str
        The cards after which the hand beats every holding of the others (`beats` 1).
    nut_outs : tuple of str
        The cards after which the hand is the nuts.
    beats_now : float
        The share of the others' holdings the hand beats on the board as it is.
    deal, board, dead : str
        The deal, the board and the dead cards.

    ``repr`` is one line. `to_dict` gives plain data, `to_frame` a DataFrame with a row per
    card.

    >>> import pokerlut
    >>> r = pokerlut.outs(["AhKh", "QsQd"], "Qh 7h 2c")
    >>> r
    Outs(AhKh against QsQd on Qh 7h 2c: 8 outs, 8 nut outs)
    >>> r.outs                                # the hearts, but 2h: it fills the set up
    ('Jh', 'Th', '9h', '8h', '6h', '5h', '4h', '3h')
    """

    hand: str
    against: tuple[str, ...]
    cards: tuple[str, ...]
    beats: tuple[float, ...]
    ties: tuple[float, ...]
    nuts: tuple[bool, ...]
    makes: tuple[str, ...]
    outs: tuple[str, ...]
    nut_outs: tuple[str, ...]
    beats_now: float
    deal: str
    board: str
    dead: str

    def __repr__(self) -> str:
        return (
            f"Outs({self.hand} against {' | '.join(self.against)} on {self.board}: "
            f"{len(self.outs)} outs, {len(self.nut_outs)} nut outs)"
        )

    def to_frame(self) -> Any:
        """A pandas DataFrame, a row per card indexed by it: beats, ties, out (beats all),
        nuts, and the hand it makes."""
        import pandas as pd

        outs = set(self.outs)
        return pd.DataFrame(
            {
                "beats": self.beats,
                "ties": self.ties,
                "out": [card in outs for card in self.cards],
                "nuts": self.nuts,
                "makes": self.makes,
            },
            index=pd.Index(list(self.cards), name="card"),
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: the outs, the nut outs, and each card's figures."""
        outs = set(self.outs)
        return {
            "deal": self.deal,
            "board": self.board,
            "dead": self.dead,
            "hand": self.hand,
            "against": list(self.against),
            "beats_now": self.beats_now,
            "outs": list(self.outs),
            "nut_outs": list(self.nut_outs),
            "cards": [
                {"card": c, "beats": b, "ties": t, "out": c in outs, "nuts": n, "makes": m}
                for c, b, t, n, m in zip(self.cards, self.beats, self.ties, self.nuts, self.makes)
            ],
        }


@shared_parameters
def outs(
    hands: Sequence[HandOrRange],
    board: CardsLike,
    dead: CardsLike = "",
    *,
    player: int = 0,
    deal: str = "holdem",
    game: str | Game | None = None,
) -> Outs:
    """The next cards that make a hand the best hand, and those that make it the nuts.

    An out is a next card (the turn on a flop, the river on a turn) after which the hand beats
    every holding of the other players outright on that board (the hands as they stand with
    that card: on the turn, six cards each; on the river, the showdown). Against a range,
    `Outs.beats` gives each card's share of the range's holdings beaten (weighted, card
    removal counted), and the card is an out when that share is all of it. A nut out is a card
    after which no two cards the player cannot see (all but the hand, the board and the dead
    cards) make a better hand: the nuts, even if someone could tie it.

    Parameters
    ----------
    hands : sequence of hands or ranges, one per player (2 to 10)
        As `equity` takes them; `hands[player]` is one hand, the others hands or ranges.
    {board_flop_or_turn}
    {dead}
    player : int, default 0
        Whose outs: an index into `hands`.
    deal : str, default "holdem"
        "holdem", "short-deck", "short-deck-trips" or "omaha" (high only: not hi-lo, not stud).
    {game_in_place_of_deal}

    Returns
    -------
    Outs
        The outs, the nut outs, and each card's share beaten and tied; `to_frame()`.

    Raises
    ------
    TypeError
        Hands given as one str, cards or options of the wrong type.
    ValueError
        A board of other than 3 or 4 cards; a range for the player (one hand is needed); a
        hi-lo or stud deal, a bad card or range, a card dealt twice, an unknown deal or game,
        a `player` out of range; more than 2,000,000 deals of the others' hands.

    Examples
    --------
    >>> r = outs(["8h 7h", "As Ac"], "Ah 6h 2c Kd")   # the river: a flush that pairs nothing
    >>> len(r.outs), r.outs[:3], r.nut_outs           # not the nuts: Kh makes a better flush
    (7, ('Qh', 'Jh', 'Th'), ())
    >>> r = outs(["Ks Qs", "QQ+,AK"], "Js Ts 2d")     # against a range: the share beaten
    >>> len(r.outs), r.nut_outs
    (15, ('As', 'Ah', 'Ad', 'Ac', '9s', '9h', '9d', '9c'))
    >>> r.to_frame().loc[["Ac", "Kd", "8s"], ["beats", "out", "nuts", "makes"]].round(4)
           beats    out   nuts               makes
    card
    Ac    1.0000   True   True  Straight, ace-high
    Kd    0.1667  False  False       Pair of kings
    8s    1.0000   True  False    Flush, king-high
    """
    players, board_text, dead_text, setup = read_setup(hands, board, dead, deal, game, "outs", (3, 4))
    k = check_player(player, len(players))
    if setup.split:
        raise ValueError(f"outs: high games only, not the hi-lo {deal}")
    hero = setup.ranges[k]
    if len(hero) != 1:
        raise ValueError(f"outs: player {k + 1} holds one hand, not a range of {len(hero)}: {players[k]!r}")
    hole = hero.combos[0]
    hero_mask = int(hero.masks[0])
    rules = setup.rules
    others = [i for i in range(len(players)) if i != k]
    deals = Deals(setup, MAX_HOLDINGS, k)  # the player's one hand is in every deal
    if not len(deals):
        raise no_deals()
    unseen = [c for c in setup.deck.tolist() if not (int(setup.known_mask) | hero_mask) >> c & 1]

    def strengths(cards: np.ndarray, board_cards: np.ndarray) -> np.ndarray:
        if setup.omaha:
            return evaluate_omaha_batch(cards, board_cards, game=rules.name).astype(np.int64)
        rows = np.concatenate([cards, np.broadcast_to(board_cards, (len(cards), len(board_cards)))], axis=1)
        return evaluate_batch(np.ascontiguousarray(rows), game=rules.name).astype(np.int64)

    def shares(board_cards: np.ndarray, live: np.ndarray) -> tuple[float, float, bool, int]:
        """On this board, over the deals `live`: the share beaten, tied, whether every one is
        beaten, and the hand's strength."""
        mine = int(strengths(hole[None, :], board_cards)[0])
        best = np.zeros(int(live.sum()), np.int64)
        board_mask = np.uint64(sum(1 << c for c in board_cards.tolist()))
        for i in others:
            combos, masks = setup.ranges[i].combos, setup.ranges[i].masks
            apart = (masks & board_mask) == 0  # the others hold the new card: never dealt with it
            strength = np.zeros(len(combos), np.int64)
            strength[apart] = strengths(combos[apart], board_cards)
            best = np.maximum(best, strength[deals.hands[live, i]])
        weights = deals.weights[live]
        total = weights.sum()
        won, tied = mine > best, mine == best
        return float(weights[won].sum() / total), float(weights[tied].sum() / total), bool(won.all()), mine

    now = np.ones(len(deals), bool)
    beats_now = shares(setup.board, now)[0]
    cards: list[str] = []
    beats: list[float] = []
    ties: list[float] = []
    nuts: list[bool] = []
    makes: list[str] = []
    outs_found: list[str] = []
    nut_outs: list[str] = []
    for card in sorted(unseen, reverse=True):
        live = (deals.masks >> np.uint64(card)) & np.uint64(1) == 0
        if not live.any():
            continue
        board_cards = np.append(setup.board, np.uint8(card))
        beaten, tied, all_beaten, mine = shares(board_cards, live)
        text = format_card(card)
        cards.append(text)
        beats.append(beaten)
        ties.append(tied)
        makes.append(describe(mine, game=rules.name))
        nut = mine >= _nuts(board_cards, [c for c in unseen if c != card], setup.omaha, rules.name)
        nuts.append(nut)
        if all_beaten:
            outs_found.append(text)
        if nut:
            nut_outs.append(text)
    return Outs(
        hand=players[k],
        against=tuple(players[i] for i in others),
        cards=tuple(cards),
        beats=tuple(beats),
        ties=tuple(ties),
        nuts=tuple(nuts),
        makes=tuple(makes),
        outs=tuple(outs_found),
        nut_outs=tuple(nut_outs),
        beats_now=beats_now,
        deal=deal,
        board=card_text(setup.board),
        dead=card_text(setup.dead),
    )


def _nuts(board: np.ndarray, unseen: list[int], omaha: bool, game: str) -> int:
    """The best strength any two of the `unseen` cards make with `board`: in hold'em with
    any of its cards, in Omaha with exactly three of them."""
    pairs = np.array(list(itertools.combinations(unseen, 2)), np.uint8)
    if not omaha:
        rows = np.concatenate([pairs, np.broadcast_to(board, (len(pairs), len(board)))], axis=1)
        return int(evaluate_batch(np.ascontiguousarray(rows), game=game).max())
    best = 0
    for three in itertools.combinations(board.tolist(), 3):
        rows = np.concatenate([pairs, np.broadcast_to(np.array(three, np.uint8), (len(pairs), 3))], axis=1)
        best = max(best, int(evaluate_batch(np.ascontiguousarray(rows), game=game).max()))
    return best
