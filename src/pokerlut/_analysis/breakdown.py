"""`breakdown`: a range on a flop or a turn taken apart into made hands and draws, as Flopzilla
does: how much of it holds a set, top pair, a flush draw, a gutshot (docs/made-hands.md), and
the range narrowed to any of those lines."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._cards import CardsLike, format_card
from .._docs import shared_parameters
from .._names import Category
from .._equity.deal import card_text, find_deal, read_cards
from .._equity.front import cards_text
from .._equity.ranges import Range
from .common import read_setup
from .made import FLUSH_DRAWS, STRAIGHT_DRAWS, board_made, classify_hands, game_view
from .._warmup import Job

__all__ = ["Breakdown", "breakdown"]

MAX_HANDS = 2_000_000  # Omaha hands ("random5" on a flop: 1,906,884) that a breakdown lists
_CARD_TEXT = [format_card(c) for c in range(52)]


def draw_lines(omaha: bool) -> tuple[str, ...]:
    """The draw lines of a breakdown, in order ("wrap": Omaha only; hold'em has at most two
    out ranks)."""
    straights = ("open-ended", "double gutter", "gutshot", *(("wrap",) if omaha else ()))
    return (
        "flush draw",
        "nut flush draw",
        *straights,
        "flush draw + straight draw",
        "backdoor flush draw",
        "backdoor straight draw",
        "overcards",
        "no draw",
    )


@dataclass(frozen=True, eq=False)  # arrays: compared by identity
class Breakdown:
    """What `pokerlut.breakdown` returns: each combo of a range with its made hand and draws
    on the board (docs/made-hands.md), and the range's weight in each line.

    Attributes
    ----------
    hand : str
        The range (or hand) as given.
    deal, board, dead : str
        The deal, the board (the flop or the turn) and the dead cards.
    board_made : str
        The board's own hand: "four of a kind", "three of a kind", "two pair", "pair" or
        "nothing".
    cards : numpy.ndarray
        uint8 (combos, hole cards): each combo of the range that can be dealt (none holds a
        board or dead card), in the range's order.
    weights : numpy.ndarray
        Each combo's weight ("AKs:0.5": 0.5; Omaha: 1).
    categories : numpy.ndarray
        int8: each combo's showdown `Category`.
    made : numpy.ndarray
        int8: each combo's made hand, an index into `made_hands`.
    made_hands : tuple of str
        The made hands, the best first, in the game's order ("straight flush" ... "no made
        hand"; in short deck "flush" before "full house").
    flush_draws : numpy.ndarray
        int8: 0 no flush draw, 1 "one card", 2 "two cards".
    nut_flush_draws, backdoor_flush_draws, backdoor_straight_draws, overcards : numpy.ndarray
        bool, a value per combo.
    straight_draws : numpy.ndarray
        int8: 0 none, 1 "gutshot", 2 "open-ended", 3 "double gutter", 4 "wrap".
    straight_outs : numpy.ndarray
        int16: each combo's straight outs (0 when it holds a straight or better).
    lines : tuple of str
        The lines counted: every made hand, "X or better" for each, then the draws
        ("flush draw", "nut flush draw", "open-ended", "double gutter", "gutshot", "wrap" in
        Omaha, "flush draw + straight draw", "backdoor flush draw", "backdoor straight draw",
        "overcards", "no draw").
    counts : numpy.ndarray
        Each line's combos, weighted (the sum of their weights).
    weight : float
        The range's weight: the sum of its combos' weights.

    Each combo has exactly one made hand, so the made hands' counts sum to `weight`; a combo
    may be in several draw lines, or in "no draw". ``repr`` is one line; `shares` gives each
    line's share of the range, `combos` the combos' text, `to_frame` a DataFrame with a row
    per line, `combos_frame` one with a row per combo, `to_dict` plain data, `narrow` the
    range of some lines.

    >>> import pokerlut
    >>> r = pokerlut.breakdown("QQ+,AK", "Kh 7d 2c")
    >>> r                                       # QQ, AA: 6 each, KK: 3, AK: 12
    Breakdown(holdem, board Kh 7d 2c, QQ+,AK: 27 combos, weight 27)
    >>> r.to_frame().loc[["set", "overpair", "top pair", "top pair or better"]].round(4)
                        combos   share
    line
    set                    3.0  0.1111
    overpair               6.0  0.2222
    top pair              12.0  0.4444
    top pair or better    21.0  0.7778
    >>> r.narrow("set")
    Range('KdKc, KsKc, KsKd')
    """

    hand: str
    deal: str
    board: str
    dead: str
    board_made: str
    cards: np.ndarray
    weights: np.ndarray
    categories: np.ndarray
    made: np.ndarray
    made_hands: tuple[str, ...]
    flush_draws: np.ndarray
    nut_flush_draws: np.ndarray
    straight_draws: np.ndarray
    straight_outs: np.ndarray
    backdoor_flush_draws: np.ndarray
    backdoor_straight_draws: np.ndarray
    overcards: np.ndarray
    lines: tuple[str, ...]
    counts: np.ndarray
    weight: float

    def __repr__(self) -> str:
        hand = self.hand if len(self.hand) <= 60 else self.hand[:57] + "..."
        weight = f"{int(self.weight):,}" if self.weight.is_integer() else f"{self.weight:,.6g}"
        return (
            f"Breakdown({self.deal}, board {self.board}, {hand}: {len(self.cards):,} combos, weight {weight})"
        )

    @functools.cached_property
    def combos(self) -> tuple[str, ...]:
        """Each combo as text, the highest card first ("AsKs")."""
        order = np.argsort(-self.cards.astype(np.int64), axis=1, kind="stable")
        ranked = np.take_along_axis(self.cards, order, axis=1)
        return tuple("".join(_CARD_TEXT[c] for c in row) for row in ranked.tolist())

    @property
    def shares(self) -> np.ndarray:
        """Each line's share of the range's weight (`counts` / `weight`)."""
        return self.counts / self.weight

    def in_lines(self, *lines: str) -> np.ndarray:
        """Which combos are in any of `lines` (names of `lines`): a bool array, a value per
        combo.

        Raises
        ------
        ValueError
            No line, or a name that is not one of `lines` (the message lists them).
        """
        if not lines:
            raise ValueError("name a line at least: " + ", ".join(self.lines))
        chosen = np.zeros(len(self.cards), bool)
        for line in lines:
            chosen |= self._line(line)
        return chosen

    def _line(self, line: str) -> np.ndarray:
        if not isinstance(line, str):
            raise TypeError(f"a line is a str, one of the breakdown's lines, not {line!r}")
        if line in self.made_hands:
            return np.asarray(self.made == self.made_hands.index(line))
        if line.endswith(" or better") and line[: -len(" or better")] in self.made_hands:
            return np.asarray(self.made <= self.made_hands.index(line[: -len(" or better")]))
        straight = STRAIGHT_DRAWS.index(line) if line in STRAIGHT_DRAWS[1:] else 0
        draws = {
            "flush draw": self.flush_draws > 0,
            "nut flush draw": self.nut_flush_draws,
            "flush draw + straight draw": (self.flush_draws > 0) & (self.straight_draws > 0),
            "backdoor flush draw": self.backdoor_flush_draws,
            "backdoor straight draw": self.backdoor_straight_draws,
            "overcards": self.overcards,
        }
        if line in self.lines and straight:
            return np.asarray(self.straight_draws == straight)
        if line in draws:
            return np.asarray(draws[line])
        if line == "no draw":
            return np.asarray(
                ~(
                    (self.flush_draws > 0)
                    | (self.straight_draws > 0)
                    | self.backdoor_flush_draws
                    | self.backdoor_straight_draws
                    | self.overcards
                )
            )
        raise ValueError(f"unknown line {line!r}: choose from " + ", ".join(repr(x) for x in self.lines))

    def narrow(self, *lines: str) -> Range | str:
        """The range narrowed to the combos in any of `lines` (made hands, "X or better" or
        draws), their weights kept, for `equity` and `breakdown` to take for a player.

        Parameters
        ----------
        *lines : str
            Names of `lines`: "top pair", "overpair or better", "flush draw", ...

        Returns
        -------
        Range or str
            Hold'em and short deck: a `Range`. Omaha: the hands as text, separated by commas
            (each with its ``@`` weight when the range has weights).

        Raises
        ------
        ValueError
            No line, an unknown line (the message lists them), or no combo of the range in
            any of them.

        Examples
        --------
        >>> import pokerlut
        >>> r = pokerlut.breakdown("AKs, QJs:0.5", "Kh 7h 2c")
        >>> r.narrow("top pair", "flush draw")
        Range('QhJh:0.5, AcKc, AdKd, AsKs')
        >>> r.narrow("trips")
        Traceback (most recent call last):
        ...
        ValueError: no combo of 'AKs, QJs:0.5' is in trips on Kh 7h 2c
        """
        chosen = np.flatnonzero(self.in_lines(*lines))
        if not len(chosen):
            raise ValueError(f"no combo of {self.hand!r} is in {' or '.join(lines)} on {self.board}")
        if self.cards.shape[1] > 2:  # Omaha's hands: text in the generic syntax, weights @N
            if (self.weights[chosen] == 1).all():
                return ", ".join(self.combos[i] for i in chosen)
            return ", ".join(f"{self.combos[i]}@{int(self.weights[i])}" for i in chosen)
        cards = np.sort(self.cards[chosen], axis=1)
        order = np.lexsort((cards[:, 1], cards[:, 0]))
        return Range(cards[order], self.weights[chosen][order])

    def to_frame(self) -> Any:
        """A pandas DataFrame, a row per line (`lines`, indexed by "line"): combos (weighted)
        and share (of the range's weight)."""
        import pandas as pd

        return pd.DataFrame(
            {"combos": self.counts, "share": self.shares}, index=pd.Index(list(self.lines), name="line")
        )

    def combos_frame(self) -> Any:
        """A pandas DataFrame, a row per combo (indexed by "combo"): weight, category, made,
        board_made and each draw (flush_draw "" / "one card" / "two cards", nut_flush_draw,
        straight_draw "" / "gutshot" / ..., straight_outs, backdoor_flush_draw,
        backdoor_straight_draw, overcards)."""
        import pandas as pd

        return pd.DataFrame(self._columns(), index=pd.Index(list(self.combos), name="combo"))

    def _columns(self) -> dict[str, list[Any]]:
        return {
            "weight": self.weights.tolist(),
            "category": [Category(c).name for c in self.categories.tolist()],
            "made": [self.made_hands[m] for m in self.made.tolist()],
            "board_made": [self.board_made] * len(self.cards),
            "flush_draw": [FLUSH_DRAWS[f] for f in self.flush_draws.tolist()],
            "nut_flush_draw": self.nut_flush_draws.tolist(),
            "straight_draw": [STRAIGHT_DRAWS[s] for s in self.straight_draws.tolist()],
            "straight_outs": self.straight_outs.tolist(),
            "backdoor_flush_draw": self.backdoor_flush_draws.tolist(),
            "backdoor_straight_draw": self.backdoor_straight_draws.tolist(),
            "overcards": self.overcards.tolist(),
        }

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: the lines' combos and shares, and each combo's made hand and
        draws (in the range's order)."""
        columns = self._columns()
        del columns["board_made"]
        names = list(columns)
        return {
            "deal": self.deal,
            "board": self.board,
            "dead": self.dead,
            "hand": self.hand,
            "board_made": self.board_made,
            "weight": self.weight,
            "lines": [
                {"line": line, "combos": float(c), "share": float(s)}
                for line, c, s in zip(self.lines, self.counts.tolist(), self.shares.tolist())
            ],
            "combos": [
                {"combo": combo, **dict(zip(names, values))}
                for combo, values in zip(self.combos, zip(*columns.values()))
            ],
        }

    def __rich__(self) -> Any:
        """A rich Table of the lines (for `rich.print` and consoles): combos, share and, for
        the made hands, the share of that hand or better."""
        from rich.table import Table

        table = Table(title=repr(self))
        for name in ("line", "combos", "share", "or better"):
            table.add_column(name, justify="left" if name == "line" else "right")
        for row in self.table_rows():
            table.add_row(*row)
        return table

    def table_rows(self) -> list[list[str]]:
        """The lines as a table's rows: [line, combos, share, share of it or better] for the
        made hands, [line, combos, share, ""] for the draws."""
        counts, shares = (
            dict(zip(self.lines, self.counts.tolist())),
            dict(zip(self.lines, self.shares.tolist())),
        )
        rows = []
        for line in self.lines:
            if line.endswith(" or better"):
                continue
            better = f"{shares[line + ' or better']:.2%}" if line in self.made_hands else ""
            rows.append([line, f"{counts[line]:g}", f"{shares[line]:.2%}", better])
        return rows


def _omaha_size(text: str, deck: np.ndarray, known: int) -> None:
    """Refuse an Omaha "random5" or "random6" of more than MAX_HANDS hands (the deck less
    `known` cards) before they are listed."""
    token = text.strip().lower()
    if token in ("random5", "random6"):
        hands = math.comb(len(deck) - known, int(token[6]))
        if hands > MAX_HANDS:
            raise ValueError(
                f"breakdown: {token} is {hands:,} hands on this board; at most {MAX_HANDS:,} "
                "are listed: narrow the range"
            )


def _other_player(hands: Any, board: Any, dead: Any, deal: Any) -> str:
    """A second player for `read_setup` (which reads two players or more, as `equity`): two
    hands of cards neither on the board nor dead, so that the range itself is read and its
    card removal is equity's exactly."""
    found = find_deal(deal)
    if found is None or not found.board:
        return "random"  # read_setup names the bad deal first
    view = game_view(found)
    try:
        known = set(read_cards(cards_text(board, "board", jokers=False)).tolist())
        known |= set(read_cards(cards_text(dead, "dead", jokers=False)).tolist())
    except (TypeError, ValueError):
        return "random"  # read_setup names the bad board or dead card first
    if view.omaha and isinstance(hands, str):
        _omaha_size(hands, view.rules.deck, len(known & set(view.rules.deck.tolist())))
    live = [c for c in view.rules.deck.tolist()[::-1] if c not in known]
    size = view.hole_sizes[0]
    if len(live) < 2 * size:
        return "random"
    return ", ".join(card_text(np.array(live[k * size : (k + 1) * size])) for k in range(2))


@shared_parameters
def breakdown(hands: CardsLike, board: CardsLike, dead: CardsLike = "", *, deal: str = "holdem") -> Breakdown:
    """A range's made hands and draws on a flop or a turn, as Flopzilla shows them.

    Each combo of the range gets its made hand, exactly one ("set", "top pair", "ace high",
    ...), and its draws ("flush draw", "open-ended", "backdoor flush draw", "overcards", ...),
    as docs/made-hands.md defines them; the breakdown counts the range's weight in each, and
    in "X or better" for each made hand. The range is read as `equity` reads a player's: the
    combos holding a board or dead card are not dealt; dead cards change no combo's made hand
    or draws.

    Parameters
    ----------
    hands : str or cards
        One range or hand, as `equity` takes a player's: in hold'em and short deck a range
        ("QQ+, AKs, A5s-A2s:0.5, 15%, random", weights kept) or a hand; in Omaha a hand, or
        a range as `equity` reads an Omaha player's (hands separated by commas, "random":
        every four-card hand, "random5" every five-card hand).
    {board_flop_or_turn}
    {dead}
        The combos holding one are not counted.
    deal : str, default "holdem"
        "holdem", "short-deck", "short-deck-trips", "omaha" or "omaha-hi-lo" (its high hand:
        the same as "omaha").

    Returns
    -------
    Breakdown
        Each combo's made hand and draws and each line's weight; `to_frame()`,
        `combos_frame()`, `narrow(*lines)`.

    Raises
    ------
    TypeError
        Cards, a range or a deal of the wrong type.
    ValueError
        A board of other than 3 or 4 cards; a bad card or range, a card dealt twice, a range
        left empty by the board and dead cards, an unknown or stud deal; an Omaha range of
        more than 2,000,000 hands.

    Examples
    --------
    >>> r = breakdown("random", "Kh 7d 2c")              # every two cards the flop leaves
    >>> len(r.cards), r.weight
    (1176, 1176.0)
    >>> frame = r.to_frame()
    >>> frame.loc[["set", "top pair", "weak pair", "backdoor flush draw"], "combos"].tolist()
    [9.0, 120.0, 144.0, 198.0]
    >>> r = breakdown("AhKh, QsQd, Qc9c, 8d7d", "Jh Ts 2h 3c")  # a turn
    >>> r.combos_frame()[["made", "flush_draw", "straight_draw", "straight_outs"]]
                   made flush_draw straight_draw  straight_outs
    combo
    8d7d   no made hand                  gutshot              4
    Qc9c   no made hand               open-ended              8
    QsQd       overpair                                       0
    AhKh       ace high  two cards       gutshot              4
    >>> r.narrow("gutshot")
    Range('8d7d, AhKh')
    """
    players, board_text, dead_text, setup = read_setup(
        [hands, _other_player(hands, board, dead, deal)], board, dead, deal, None, "breakdown", (3, 4)
    )
    view = game_view(setup.deal)
    player = setup.ranges[0]
    holes = np.ascontiguousarray(player.combos, dtype=np.uint8)
    weights = np.asarray(player.weights, dtype=np.float64)
    codes = classify_hands(view, holes, setup.board)
    made = codes[:, 1].astype(np.int8)
    flush, straight = codes[:, 2].astype(np.int8), codes[:, 4].astype(np.int8)
    lines = (*view.made, *(f"{m} or better" for m in view.made), *draw_lines(view.omaha))
    per_made = np.bincount(made, weights=weights, minlength=len(view.made))
    flags = codes[:, [3, 6, 7, 8]].astype(bool)
    any_draw = (flush > 0) | (straight > 0) | flags[:, 1] | flags[:, 2] | flags[:, 3]
    per_straight = np.bincount(straight, weights=weights, minlength=5)
    draws = {
        "flush draw": weights[flush > 0].sum(),
        "nut flush draw": weights[flags[:, 0]].sum(),
        "open-ended": per_straight[2],
        "double gutter": per_straight[3],
        "gutshot": per_straight[1],
        "wrap": per_straight[4],
        "flush draw + straight draw": weights[(flush > 0) & (straight > 0)].sum(),
        "backdoor flush draw": weights[flags[:, 1]].sum(),
        "backdoor straight draw": weights[flags[:, 2]].sum(),
        "overcards": weights[flags[:, 3]].sum(),
        "no draw": weights[~any_draw].sum(),
    }
    counts = np.concatenate(
        [per_made, np.cumsum(per_made), [draws[line] for line in draw_lines(view.omaha)]]
    ).astype(np.float64)
    return Breakdown(
        hand=players[0],
        deal=deal,
        board=card_text(setup.board),
        dead=card_text(setup.dead),
        board_made=board_made(setup.board),
        cards=holes,
        weights=weights,
        categories=codes[:, 0].astype(np.int8),
        made=made,
        made_hands=view.made,
        flush_draws=flush,
        nut_flush_draws=flags[:, 0].copy(),
        straight_draws=straight,
        straight_outs=codes[:, 5].copy(),
        backdoor_flush_draws=flags[:, 1].copy(),
        backdoor_straight_draws=flags[:, 2].copy(),
        overcards=flags[:, 3].copy(),
        lines=lines,
        counts=counts,
        weight=float(weights.sum()),
    )


def warm_jobs() -> list[Job]:
    """The warm-up call of `breakdown` (`pokerlut warm`): its made hands and draws kernel is one
    for every deal and board size."""
    return [Job("breakdown", _warm_up, (), 4.0)]


def _warm_up() -> None:
    breakdown("random", "Kh 7d 2c")
