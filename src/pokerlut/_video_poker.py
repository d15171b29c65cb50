"""Video poker: the exact return of a pay table under optimal play, and the value of every hold.

Five cards are dealt; the player keeps any of them (32 holds) and draws the rest from the
cards left. A `Paytable` says what each final hand pays per coin: its lines are read top
down, and a hand is paid by the first line its class (by the game's ranking, wild cards
included) matches. Everything is counted exactly in integers (`kernels.video_poker`).

>>> best = holds("Ah Kh Qh Jh 2s", "jacks-or-better-9-6")[0]
>>> format_cards(best.keep), best.value
('Ah Kh Qh Jh', Fraction(872, 47))
>>> game = video_poker("jacks-or-better-9-6")
>>> f"{game.expected_return:.4%}", game.kept[5]  # 19,488 deals are kept whole
('99.5439%', 19488)
"""

from __future__ import annotations

import math
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from numbers import Rational
from typing import Any, NamedTuple

import numba
import numpy as np

from ._cards import RANKS, CardsLike, format_card, format_cards, parse_cards
from ._evaluate import evaluate_batch
from ._game import Game
from ._kernels import video_poker as kernel
from ._names import Category, category_label
from ._parallel import LANE_ROW, parallel_section
from .rules import WILD
from ._warmup import Job

Pay = int | Fraction
NOTHING = "nothing"  # the key of the hands that pay nothing, in `VideoPoker.probabilities`


@dataclass(frozen=True)
class PayLine:
    """One line of a pay table: what a final hand must be, and what it pays per coin.

    `category` None matches any; `ranks` (rank characters, e.g. "JQKA") the first rank of the
    hand's class: the rank of a four, three or pair, the higher pair, the top card of a
    straight; `kickers` the first rank after those (four of a kind: the fifth card); `wilds`
    the wild cards in the hand: "natural" (none), "wild" (one or more) or a number.

    >>> PayLine("four aces with a 2-4", 400, "four of a kind", ranks="A", kickers="234").category
    <Category.FOUR_OF_A_KIND: 7>
    """

    name: str
    pays: Pay
    category: Category | None = None
    ranks: str | None = None
    kickers: str | None = None
    wilds: str | int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name or self.name == NOTHING:
            raise ValueError(f"a pay line's name is a string other than {NOTHING!r}, not {self.name!r}")
        object.__setattr__(self, "pays", _payout(self.pays, self.name))
        if isinstance(self.category, str):
            words = {category_label(c): c for c in Category}
            if self.category.lower().replace("_", " ") not in words:
                raise ValueError(
                    f"pay line {self.name!r}: unknown category {self.category!r} (one of: {', '.join(words)})"
                )
            object.__setattr__(self, "category", words[self.category.lower().replace("_", " ")])
        elif self.category is not None and not isinstance(self.category, Category):
            raise TypeError(
                f"pay line {self.name!r}: category is a Category or its name, not {self.category!r}"
            )
        for what in ("ranks", "kickers"):
            chars = getattr(self, what)
            if chars is not None and (not isinstance(chars, str) or not chars or set(chars) - set(RANKS)):
                raise ValueError(
                    f"pay line {self.name!r}: {what} are rank characters of {RANKS!r}, not {chars!r}"
                )
        w = self.wilds
        if w is not None and w not in ("natural", "wild") and (type(w) is not int or not 0 <= w <= 5):
            raise ValueError(f"pay line {self.name!r}: wilds is 'natural', 'wild' or 0..5, not {w!r}")

    def matches(self, classes: np.ndarray, wilds: int) -> np.ndarray:
        """Which rows of a game's classes table (strength: category, ranks) this line pays
        when the hand holds `wilds` wild cards."""
        w = self.wilds
        if (w == "natural" and wilds) or (w == "wild" and not wilds) or (type(w) is int and w != wilds):
            return np.zeros(len(classes), bool)
        ok: np.ndarray = classes[:, 0] != 0 if self.category is None else classes[:, 0] == self.category
        ok[0] = False  # strength 0: no hand
        if self.ranks is not None:
            ok &= np.isin(classes[:, 1], [RANKS.index(r) for r in self.ranks])
        if self.kickers is not None:
            rest = classes[:, 2:]
            after = rest != classes[:, 1:2]
            kicker = np.where(after.any(1), rest[np.arange(len(rest)), after.argmax(1)], 255)
            ok &= np.isin(kicker, [RANKS.index(r) for r in self.kickers])
        return ok


def _payout(pays: Any, name: str) -> Pay:
    """A payout, checked: a non-negative int or fraction (a float is taken exactly)."""
    numbers = (int, float, Rational, np.integer, np.floating)
    if isinstance(pays, (bool, np.bool_)) or not isinstance(pays, numbers):
        raise TypeError(f"pay line {name!r}: a payout is a number, not {pays!r}")
    if isinstance(pays, (float, np.floating)) and not math.isfinite(pays):
        raise ValueError(f"pay line {name!r}: a payout is a finite number, not {pays!r}")
    value = Fraction(pays.item() if isinstance(pays, np.generic) else pays)
    if value < 0:
        raise ValueError(f"pay line {name!r}: a payout must not be negative, not {value}")
    return int(value) if value.denominator == 1 else value


@dataclass(frozen=True)
class Paytable:
    """A video poker game: its pay lines (top down: the first that matches pays), its wild
    cards (a `pokerlut.rules.WILD` name, or None) and the jokers in its deck (52 + jokers
    cards; jokers are cards 52, 53). `paytables()` holds the built-in ones.

    >>> job = paytables()["jacks-or-better-9-6"]
    >>> [line.pays for line in job.with_pays({"full house": 8, "flush": 5}).lines][3:5]
    [8, 5]
    """

    name: str
    lines: tuple[PayLine, ...]
    wild: str | None = None
    jokers: int = 0
    game: Game = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "lines", tuple(self.lines))
        if not self.lines or not all(isinstance(line, PayLine) for line in self.lines):
            raise TypeError(f"pay table {self.name!r}: lines is a non-empty sequence of PayLine")
        names = [line.name for line in self.lines]
        if len(set(names)) != len(names):
            raise ValueError(
                f"pay table {self.name!r}: two lines are called "
                f"{next(n for n in names if names.count(n) > 1)!r}"
            )
        if self.wild is not None and self.wild not in WILD:
            raise ValueError(
                f"pay table {self.name!r}: wild is one of {', '.join(WILD)} or None, not {self.wild!r}"
            )
        if type(self.jokers) is not int or not 0 <= self.jokers <= (2 if self.wild else 0):
            raise ValueError(
                f"pay table {self.name!r}: jokers is 0"
                + (", 1 or 2" if self.wild else " (jokers play in games with wild cards)")
                + f", not {self.jokers!r}"
            )
        object.__setattr__(self, "game", Game.of("high", wild=self.wild))

    @property
    def deck(self) -> int:
        """The number of cards in the deck."""
        return 52 + self.jokers

    def with_pays(self, pays: Mapping[str, Any], name: str | None = None) -> Paytable:
        """This table with the payouts of some lines changed, by line name."""
        unknown = set(pays) - {line.name for line in self.lines}
        if unknown:
            raise ValueError(
                f"pay table {self.name!r} has no line {sorted(unknown)[0]!r} "
                f"(its lines: {', '.join(line.name for line in self.lines)})"
            )
        lines = tuple(
            replace(line, pays=pays[line.name]) if line.name in pays else line for line in self.lines
        )
        return replace(self, name=name or self.name, lines=lines)


def _lines(*rows: tuple[Any, ...]) -> tuple[PayLine, ...]:
    return tuple(PayLine(*row) for row in rows)


_SF, _4K = Category.STRAIGHT_FLUSH, Category.FOUR_OF_A_KIND


def _jacks(
    full_house: int,
    flush: int,
    quads: tuple[tuple[Any, ...], ...],
    two_pair: int = 2,
) -> tuple[PayLine, ...]:
    """Jacks or better and its bonus games: royal, straight flush, the fours, the rest."""
    return _lines(
        ("royal flush", 800, _SF, "A"),
        ("straight flush", 50, _SF),
        *quads,
        ("full house", full_house, Category.FULL_HOUSE),
        ("flush", flush, Category.FLUSH),
        ("straight", 4, Category.STRAIGHT),
        ("three of a kind", 3, Category.THREE_OF_A_KIND),
        ("two pair", two_pair, Category.TWO_PAIR),
        ("jacks or better", 1, Category.ONE_PAIR, "JQKA"),
    )


_DEUCES = (
    PayLine("natural royal flush", 0, _SF, "A", wilds="natural"),
    PayLine("four deuces", 0, wilds=4),
    PayLine("wild royal flush", 0, _SF, "A", wilds="wild"),
    PayLine("five of a kind", 0, Category.FIVE_OF_A_KIND),
    PayLine("straight flush", 0, _SF),
    PayLine("four of a kind", 0, _4K),
    PayLine("full house", 0, Category.FULL_HOUSE),
    PayLine("flush", 0, Category.FLUSH),
    PayLine("straight", 0, Category.STRAIGHT),
    PayLine("three of a kind", 0, Category.THREE_OF_A_KIND),
)


def _deuces(pays: tuple[int, ...]) -> tuple[PayLine, ...]:
    """Deuces wild's ten lines, with these payouts."""
    return tuple(replace(line, pays=pay) for line, pay in zip(_DEUCES, pays))


_BONUS_QUADS = (("four aces", 80, _4K, "A"), ("four 2s-4s", 40, _4K, "234"), ("four 5s-Ks", 25, _4K))
_DDB_QUADS = (
    ("four aces with a 2-4", 400, _4K, "A", "234"),
    ("four aces", 160, _4K, "A"),
    ("four 2s-4s with an A-4", 160, _4K, "234", "A234"),
    ("four 2s-4s", 80, _4K, "234"),
    ("four 5s-Ks", 50, _4K),
)
_JOKER = _lines(
    ("natural royal flush", 800, _SF, "A", None, "natural"),
    ("five of a kind", 200, Category.FIVE_OF_A_KIND),
    ("wild royal flush", 100, _SF, "A", None, "wild"),
    ("straight flush", 50, _SF),
    ("four of a kind", 20, _4K),
    ("full house", 7, Category.FULL_HOUSE),
    ("flush", 5, Category.FLUSH),
    ("straight", 3, Category.STRAIGHT),
    ("three of a kind", 2, Category.THREE_OF_A_KIND),
    ("two pair", 1, Category.TWO_PAIR),
    ("kings or better", 1, Category.ONE_PAIR, "KA"),
)

_BUILT_IN = (
    Paytable("jacks-or-better-9-6", _jacks(9, 6, (("four of a kind", 25, _4K),))),
    Paytable("jacks-or-better-8-5", _jacks(8, 5, (("four of a kind", 25, _4K),))),
    Paytable("bonus-poker-8-5", _jacks(8, 5, _BONUS_QUADS)),
    Paytable("double-double-bonus-9-6", _jacks(9, 6, _DDB_QUADS, two_pair=1)),
    Paytable("deuces-wild", _deuces((800, 200, 25, 15, 9, 5, 3, 2, 2, 1)), wild="deuces"),
    Paytable("not-so-ugly-deuces", _deuces((800, 200, 25, 16, 10, 4, 4, 3, 2, 1)), wild="deuces"),
    Paytable("joker-poker", _JOKER, wild="jokers", jokers=1),
)


def paytables() -> dict[str, Paytable]:
    """The built-in pay tables by name.

    Returns
    -------
    dict of str to Paytable
        Each built-in pay table, by its name (a new dict on each call).

    Examples
    --------
    >>> list(paytables())[:3]
    ['jacks-or-better-9-6', 'jacks-or-better-8-5', 'bonus-poker-8-5']
    """
    return {p.name: p for p in _BUILT_IN}


def paytable(paytable: str | Paytable) -> Paytable:
    """A pay table, or the built-in one of that name.

    Parameters
    ----------
    paytable : str or Paytable
        A name of `paytables()`, or a `Paytable` (returned as it is).

    Returns
    -------
    Paytable
        The pay table.

    Raises
    ------
    TypeError
        `paytable` that is neither a str nor a `Paytable`.
    ValueError
        A name that is not a built-in pay table's (the message lists them).

    Examples
    --------
    >>> paytable("deuces-wild").deck
    52
    """
    if isinstance(paytable, Paytable):
        return paytable
    if not isinstance(paytable, str):
        raise TypeError(
            f"a pay table is a Paytable or the name of a built-in one, not "
            f"{type(paytable).__name__}: {paytable!r}"
        )
    found = paytables().get(paytable)
    if found is None:
        raise ValueError(f"unknown pay table {paytable!r}; the built-in ones: {', '.join(paytables())}")
    return found


_paytable = paytable  # for the functions whose argument is named paytable


class _Counted(NamedTuple):
    """A pay table made ready to count: payouts in integer units of 1 / unit, the line of
    every final hand (by colex rank; len(lines) pays nothing) and the pay sums of every subset."""

    n: int
    unit: int
    pays: tuple[int, ...]
    draws: tuple[int, ...]  # the draws of a hold of k cards, C(n - 5, 5 - k)
    scale: tuple[int, ...]  # L / draws[k], L their least common multiple
    binom: np.ndarray
    offsets: np.ndarray
    line: np.ndarray
    sums: np.ndarray


def _final_hands(n: int, game: Game, threads: int | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The binomials, and every five of the first n cards in colex order: strength by the
    game's tables and the number of wild cards."""
    binom = np.array([[math.comb(m, k) for k in range(6)] for m in range(n + 1)], np.int64)
    fives = np.empty((math.comb(n, 5), 5), np.uint8)
    kernel.all_fives(n, binom, fives)
    strength = evaluate_batch(fives, game=game, validate=False, threads=threads)
    is_wild = np.zeros(256, np.uint8)
    is_wild[list(game.rules.wild_cards)] = 1
    return binom, strength, is_wild[fives].sum(axis=1, dtype=np.uint8)


_COUNTED: dict[Paytable, _Counted] = {}  # the last few tables counted (25 MB each)
_COUNTED_LOCK = threading.Lock()


def _counted(table: Paytable, threads: int | None) -> _Counted:
    """`table` ready to count, on `threads` (see `parallel_section`) the first time."""
    with _COUNTED_LOCK:
        if table in _COUNTED:
            return _COUNTED[table]
    n = table.deck
    binom, strength, wilds = _final_hands(n, table.game, threads)
    classes = table.game.classes
    grid = np.full((len(classes), 6), len(table.lines), np.uint8)  # (strength, wilds) -> line
    for j in range(len(table.lines) - 1, -1, -1):
        for w in range(6):
            grid[table.lines[j].matches(classes, w), w] = j
    unit = math.lcm(*(Fraction(line.pays).denominator for line in table.lines))
    pays = tuple(int(line.pays * unit) for line in table.lines) + (0,)
    draws = tuple(math.comb(n - 5, 5 - k) for k in range(6))
    lcm = math.lcm(*draws)
    if max(pays) * max(kernel.RUN * lcm, 32 * math.comb(n, 5)) >= 2**63:
        raise ValueError(
            f"pay table {table.name!r}: its payouts are too large (or too finely "
            f"divided) to count exactly in 64-bit integers"
        )
    line = grid[strength, wilds]
    offsets = np.array([sum(math.comb(n, j) for j in range(k)) for k in range(7)], np.int64)
    sums = np.zeros(offsets[6], np.int64)
    sums[offsets[5] :] = np.array(pays, np.int64)[line]
    with parallel_section(threads):
        lanes = numba.get_num_threads()
        kernel.subset_sums(sums, n, binom, offsets, lanes, np.zeros((lanes, LANE_ROW), np.int64))
    counted = _Counted(n, unit, pays, draws, tuple(lcm // d for d in draws), binom, offsets, line, sums)
    with _COUNTED_LOCK:
        while len(_COUNTED) >= 4:
            del _COUNTED[next(iter(_COUNTED))]
        _COUNTED[table] = counted
    return counted


_buffers = threading.local()  # per calling thread: concurrent games never share one


def _weights(lanes: int, entries: int) -> np.ndarray:
    """The lanes' weights of every subset (zeroed by each lane in `kernel.best_holds`), kept
    for this thread's next game: mapping 23 MB of fresh pages per lane costs more than it."""
    found = getattr(_buffers, "weights", None)
    if found is None or found.shape != (lanes, entries):
        found = _buffers.weights = np.empty((lanes, entries), np.int64)
    return found


@dataclass(frozen=True)
class VideoPoker:
    """A pay table played with the best hold on every deal: how often each line pays, how
    many cards the best hold keeps, and from those the exact return and variance per coin.
    A tie between holds goes to the one that keeps more cards (then the earlier cards).

    `to_dict` gives plain data for JSON (fractions as floats, with their exact text beside
    them); `to_frame` a DataFrame with a row per line of the pay table.

    >>> r = video_poker("jacks-or-better-9-6")
    >>> r
    VideoPoker(jacks-or-better-9-6, 2,598,960 deals, return 99.5439%, variance 19.5147)
    >>> r.to_frame().loc["royal flush", ["pays", "probability"]].round(8).tolist()
    [800.0, 2.476e-05]
    """

    paytable: Paytable
    deals: int  # every five of the deck
    probabilities: dict[str, Fraction]  # final hand by line (and NOTHING), under best play
    kept: dict[int, int]  # cards kept -> the deals where that is the best hold
    exact_return: Fraction  # the mean over deals of the best hold's expected payout

    @property
    def expected_return(self) -> float:
        """The return per coin bet (1.0: an even game)."""
        return float(self.exact_return)

    @property
    def exact_variance(self) -> Fraction:
        """The variance of the payout of one game, per coin."""
        pays = {line.name: Fraction(line.pays) for line in self.paytable.lines}
        mean_square = sum(p * pays[name] ** 2 for name, p in self.probabilities.items() if name != NOTHING)
        return mean_square - self.exact_return**2

    @property
    def variance(self) -> float:
        """`exact_variance` as a float."""
        return float(self.exact_variance)

    def __repr__(self) -> str:
        return (
            f"VideoPoker({self.paytable.name}, {self.deals:,} deals, return "
            f"{self.expected_return:.4%}, variance {self.variance:.4f})"
        )

    def _pays(self) -> dict[str, Fraction]:
        return {line.name: Fraction(line.pays) for line in self.paytable.lines}

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: the pay table's name, deck and wild cards, the deals, the
        return and variance (floats, and the exact return as text), each line's payout and
        probability (float and exact text), and the deals by cards kept."""
        pays = self._pays()
        return {
            "paytable": self.paytable.name,
            "deck": self.paytable.deck,
            "wild": self.paytable.wild,
            "deals": self.deals,
            "return": self.expected_return,
            "return_exact": str(self.exact_return),
            "variance": self.variance,
            "lines": [
                {"line": name, "pays": str(pays.get(name, 0)), "probability": float(p), "exact": str(p)}
                for name, p in self.probabilities.items()
            ],
            "kept": {str(k): n for k, n in self.kept.items()},
        }

    def to_frame(self) -> Any:
        """A pandas DataFrame, a row per final hand (the pay table's lines, then NOTHING):
        pays, probability and its share of the return (floats)."""
        import pandas as pd

        pays = self._pays()
        return pd.DataFrame(
            [
                {
                    "pays": float(pays.get(name, 0)),
                    "probability": float(p),
                    "return": float(p * pays.get(name, 0)),
                }
                for name, p in self.probabilities.items()
            ],
            index=pd.Index(list(self.probabilities), name="line"),
        )


def video_poker(paytable: str | Paytable, *, threads: int | None = None) -> VideoPoker:
    """Every deal of a pay table played with the hold of the highest expected payout.

    Everything is counted exactly, in integers: see `VideoPoker`.

    Parameters
    ----------
    paytable : str or Paytable
        A name of `paytables()`, or a `Paytable`.
    threads : int, optional
        numba threads for this call (default: the caller's `numba.get_num_threads()`).

    Returns
    -------
    VideoPoker
        How often each line pays, how many cards the best hold keeps, the exact return and
        variance per coin.

    Raises
    ------
    TypeError
        `paytable` that is neither a str nor a `Paytable`.
    ValueError
        An unknown pay table's name; payouts too large (or too finely divided) to count
        exactly in 64-bit integers.

    Examples
    --------
    >>> r = video_poker("deuces-wild")
    >>> f"{r.expected_return:.4%} return, variance {r.variance:.2f}"
    '100.7620% return, variance 25.83'
    >>> f"one game in {float(1 / r.probabilities['natural royal flush']):,.0f} ends in a natural royal"
    'one game in 45,282 ends in a natural royal'
    """
    table = _paytable(paytable)
    c = _counted(table, threads)
    with parallel_section(threads):
        lanes = numba.get_num_threads()
        n, entries = c.n, len(c.sums)
        deals = math.comb(n, 5)
        kept = np.zeros((lanes, LANE_ROW), np.int64)
        weights = _weights(lanes, entries)
        payout = np.zeros(-(-deals // kernel.RUN), np.int64)
        cards, index = np.zeros((lanes, LANE_ROW), np.int64), np.zeros((lanes, LANE_ROW), np.int64)
        kernel.best_holds(
            c.sums,
            n,
            c.binom,
            c.offsets,
            np.array(c.scale),
            lanes,
            kept,
            weights,
            payout,
            cards,
            index,
            np.zeros((lanes, LANE_ROW), np.int64),
        )
        counts = np.zeros((lanes, len(c.pays) + LANE_ROW), np.int64)
        kernel.line_counts(weights, c.line, n, c.binom, c.offsets, lanes, counts, cards, index)
    total = deals * c.draws[0] * c.scale[0]  # every deal's draws, in units of 1 / L
    names = [line.name for line in table.lines] + [NOTHING]
    probabilities = {name: Fraction(int(x), total) for name, x in zip(names, counts.sum(axis=0))}
    return VideoPoker(
        table,
        deals,
        probabilities,
        dict(enumerate(kept.sum(axis=0)[:6].tolist())),
        Fraction(sum(payout.tolist()), total * c.unit),
    )


class Hold(NamedTuple):
    """One hold of a dealt hand: the cards kept (in the order dealt) and its exact expected
    payout per coin; `rank` 1 is the best, and tied holds share a rank."""

    keep: tuple[int, ...]
    value: Fraction
    rank: int

    def __str__(self) -> str:
        return f"{self.rank:>2}. {format_cards(self.keep) or 'draw five'}: {float(self.value):.6f}"

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: rank, the cards kept as text, the value as a float and exactly."""
        return {
            "rank": self.rank,
            "keep": format_cards(self.keep),
            "value": float(self.value),
            "exact": str(self.value),
        }


def holds(hand: CardsLike, paytable: str | Paytable) -> list[Hold]:
    """All 32 holds of a dealt hand, best first, each with its exact expected payout.

    Among equal payouts, more cards kept first, then the earlier cards.

    Parameters
    ----------
    hand : cards
        The five cards dealt, as `evaluate` takes a hand (a joker where the pay table's deck
        has one).
    paytable : str or Paytable
        A name of `paytables()`, or a `Paytable`.

    Returns
    -------
    list of Hold
        The 32 holds: the cards kept, the exact expected payout per coin and the rank (tied
        holds share one).

    Raises
    ------
    TypeError
        `hand` that is not cards; `paytable` that is neither a str nor a `Paytable`.
    ValueError
        A hand that is not 5 cards, an unknown or repeated card, a card not in the pay table's
        deck; an unknown pay table's name, or payouts too large to count exactly.

    Examples
    --------
    >>> for h in holds("2h 2d 7s 8s 9c", "deuces-wild")[:3]:
    ...     print(h)
     1. 2h 2d 7s 8s: 3.319149
     2. 2h 2d: 3.255751
     3. 2h 2d 9c: 2.736355
    """
    table = _paytable(paytable)
    cards = parse_cards(hand, jokers=True).tolist()
    if len(cards) != 5:
        raise ValueError(f"a video poker hand is 5 cards, not {len(cards)}: {format_cards(cards)!r}")
    for card in cards:
        if card >= table.deck:
            raise ValueError(f"{format_card(card)} is not in the {table.deck}-card deck of {table.name}")
    c = _counted(table, None)
    order = sorted(range(5), key=cards.__getitem__)
    ranked = [cards[i] for i in order]
    index = [0] * 32
    for m in range(1, 32):
        high, size = m.bit_length() - 1, m.bit_count()
        index[m] = (
            index[m ^ (1 << high)]
            + int(c.offsets[size] - c.offsets[size - 1])
            + math.comb(ranked[high], size)
        )
    value = c.sums[index].tolist()
    for bit in range(5):
        for m in range(32):
            if not m & (1 << bit):
                value[m] -= value[m | (1 << bit)]
    found = sorted(
        (
            -value[m] * c.scale[m.bit_count()],
            -m.bit_count(),
            sorted(order[i] for i in range(5) if m >> i & 1),
            m,
        )
        for m in range(32)
    )
    result, rank = [], 0
    for i, (key, _, kept, m) in enumerate(found):  # kept: positions in the hand dealt
        if i == 0 or key != found[i - 1][0]:
            rank = i + 1
        result.append(
            Hold(tuple(cards[j] for j in kept), Fraction(value[m], c.draws[len(kept)] * c.unit), rank)
        )
    return result


def warm_jobs() -> list[Job]:
    """The warm-up call of video poker (`pokerlut warm`): one set of kernels for every pay
    table."""
    return [Job("video_poker", _warm_up, (), 4.0)]


def _warm_up() -> None:
    video_poker("jacks-or-better-9-6")
