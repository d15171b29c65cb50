"""Exhaustive statistics: every hand of 5, 6 or 7 cards of a game's deck, counted by strength
and category."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass

import numba
import numpy as np

from . import _tables as tables
from ._hand import sizes_text
from .lang import check_lang, no_low, row_label
from ._kernels import badugi as kernels_badugi
from ._kernels.enumerate import COUNT_STRENGTHS, STRENGTHS_IN_ORDER
from ._game import Game, resolve
from ._cards import RANKS
from ._docs import shared_parameters
from ._names import WHEEL, Category, category_label, low_label
from ._parallel import balanced_order, parallel_section
from ._deprecation import renamed_keywords
from ._warmup import Job


@renamed_keywords(deck="deck_size")
@shared_parameters
def count_hands(
    n_cards: int,
    *,
    game: str | Game = "high",
    wild: str | None = None,
    deck_size: int | None = None,
    threads: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> np.ndarray:
    """How many of the game's n_cards-card hands have each strength.

    Every hand of the game's deck is evaluated. Italian poker (`game="italian-2"` ..
    `"italian-9"`): the five-card hands of its deck, counted by rank class (suits only break
    ties). Badugi: hands of 4 or 5 cards (the best four of five).

    Parameters
    ----------
    n_cards : int
        Cards per hand: 5, 6 or 7 (5 in Italian poker, 4 or 5 in Badugi).
    {game}
    {wild}
    deck_size : int, optional
        With `wild`, 52, 53 or 54 cards (the 52 and the jokers; by default 53, or 52 for
        deuces wild); without, the game's deck size (or None). (Until this release the
        keyword was ``deck=``: it still works, with a `DeprecationWarning`.)
    {threads}
    progress : callable, optional
        Called with the number of hands done after each slice of work.

    Returns
    -------
    numpy.ndarray
        int64[classes + 1], index = strength (0: no qualifying hand).

    Raises
    ------
    TypeError
        `n_cards` that is not an int; a `game` that is not a str or `Game`.
    ValueError
        `n_cards` that is not a hand size of the game, a `deck_size` the game does not have;
        an unknown game or wild mode.

    Examples
    --------
    >>> counts = count_hands(5)
    >>> int(counts.sum()), int((counts > 0).sum())
    (2598960, 7462)
    >>> int(count_hands(5, game="short-deck").sum())
    376992
    >>> int(count_hands(5, wild="jokers")[7463:].sum())  # five of a kind, one joker
    13
    >>> int(count_hands(5, game="italian-4").sum())
    201376
    >>> int(count_hands(4, game="badugi")[-715:].sum())  # the 715 badugi values: badugis
    17160
    """
    rules = resolve(game, wild).rules
    if isinstance(n_cards, (bool, np.bool_)) or not isinstance(n_cards, (int, np.integer)):
        raise TypeError(f"n_cards is an int, not {type(n_cards).__name__}: {n_cards!r}")
    if n_cards not in rules.hand_sizes:
        raise ValueError(f"n_cards must be {sizes_text(rules.hand_sizes)} in {rules.name}, not {n_cards!r}")
    cards = rules.deck_of(deck_size)
    n_classes = len(tables.classes_of(rules))
    if rules.badugi:
        bt = tables.badugi_tables(rules)

        def count(part: np.ndarray, counts: np.ndarray) -> None:
            kernels_badugi.count_strengths(bt, n_cards, part, counts)
    else:
        t = tables.kernel_tables(rules)

        def count(part: np.ndarray, counts: np.ndarray) -> None:
            COUNT_STRENGTHS[int(cards[-1]) + 1](t, n_cards, part, counts)

    with parallel_section(threads):
        threads_max: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
        counts = np.zeros((threads_max, n_classes), dtype=np.int64)
        for part in lowest_pairs(cards, n_cards, numba.get_num_threads(), 16 if progress else 1):
            count(part, counts)
            if progress:
                progress(int(counts.sum()))
    total: np.ndarray = counts.sum(axis=0)
    return total


@renamed_keywords(deck="deck_size")
@shared_parameters
def strengths_in_order(
    n_cards: int,
    *,
    game: str | Game = "high",
    wild: str | None = None,
    deck_size: int | None = None,
    out: np.ndarray | None = None,
    threads: int | None = None,
) -> np.ndarray:
    """The strength of every n_cards-card hand of the game's deck, in combinations order.

    The order is that in which `itertools.combinations(deck, n_cards)` lists the hands.
    Seven-card hands of games without wild cards are read by the ranks of their last two cards
    where that settles them (1.6 G hands/s on one thread here), others one by one.

    Parameters
    ----------
    n_cards : int
        Cards per hand: 5, 6 or 7 (5 in Italian poker, 4 or 5 in Badugi).
    {game}
    {wild}
    deck_size : int, optional
        The deck's size, as in `count_hands` (``deck=`` until this release).
    out : numpy.ndarray, optional
        A writeable C-contiguous uint16 array of the result's shape to fill and return instead
        of a new one (no 268 MB allocation per call).
    {threads}

    Returns
    -------
    numpy.ndarray
        uint16, C(deck size, n_cards) strengths (268 MB for 7 cards of 52); `out` if given.

    Raises
    ------
    TypeError
        `n_cards` that is not an int; a `game` that is not a str or `Game`.
    ValueError
        `n_cards` that is not a hand size of the game, a `deck_size` the game does not have,
        an `out` of another dtype, shape or layout, or read-only; an unknown game or wild mode.

    Examples
    --------
    >>> import itertools, pokerlut
    >>> s = strengths_in_order(5)
    >>> len(s), int(s[0]), int(s[-1])  # 2c 2d 2h 2s 3c: four twos; Ks Ac Ad Ah As: four aces
    (2598960, 7297, 7452)
    >>> hands = list(itertools.islice(itertools.combinations(pokerlut.deck(), 5), 1000))
    >>> bool((pokerlut.evaluate_batch(hands) == s[:1000]).all())
    True
    """
    rules = resolve(game, wild).rules
    if isinstance(n_cards, (bool, np.bool_)) or not isinstance(n_cards, (int, np.integer)):
        raise TypeError(f"n_cards is an int, not {type(n_cards).__name__}: {n_cards!r}")
    if n_cards not in rules.hand_sizes:
        raise ValueError(f"n_cards must be {sizes_text(rules.hand_sizes)} in {rules.name}, not {n_cards!r}")
    cards = rules.deck_of(deck_size)
    end = int(cards[-1]) + 1
    # hands whose two lowest cards are (a, b), for the pairs in order: where each pair's starts
    above = end - 1 - cards
    ahead = np.array([math.comb(int(n), n_cards - 2) for n in above])
    per_pair = np.triu(np.broadcast_to(ahead, (len(cards), len(cards))), 1)
    starts = (np.cumsum(per_pair) - per_pair.reshape(-1)).reshape(per_pair.shape)
    size = math.comb(len(cards), n_cards)
    if out is None:
        out = np.empty(size, dtype=np.uint16)
    elif not (
        isinstance(out, np.ndarray)
        and out.dtype == np.uint16
        and out.shape == (size,)
        and out.flags.c_contiguous
        and out.flags.writeable
    ):
        raise ValueError(
            f"out must be a writeable contiguous uint16 array of shape ({size},), "
            f"not {getattr(out, 'dtype', type(out).__name__)} "
            f"{getattr(out, 'shape', '')}"
        )
    with parallel_section(threads):
        pairs = lowest_pairs(cards, n_cards, numba.get_num_threads())[0]
        first = cards[0]
        at = starts[pairs[:, 0] - first, pairs[:, 1] - first]
        if rules.badugi:
            kernels_badugi.strengths_in_order(tables.badugi_tables(rules), n_cards, pairs, at, out)
            return out
        scratch = np.zeros((numba.config.NUMBA_NUM_THREADS, 256), np.uint16)  # type: ignore[attr-defined]
        STRENGTHS_IN_ORDER[end](tables.kernel_tables(rules), n_cards, pairs, at, out, scratch)
    return out


def lowest_pairs(deck: np.ndarray, n_cards: int, threads: int, slices: int = 1) -> tuple[np.ndarray, ...]:
    """The pairs (c0 < c1) of the deck's cards that split the enumeration (as its two lowest
    cards), dealt into `slices` arrays of equal work, each in `balanced_order` (read-only,
    made once per deck and split: 1 ms of Python saved on every later call)."""
    return _lowest_pairs(int(deck[0]), int(deck[-1]), n_cards, threads, slices)


@functools.lru_cache(maxsize=64)
def _lowest_pairs(first: int, last: int, n_cards: int, threads: int, slices: int) -> tuple[np.ndarray, ...]:
    cards = list(range(first, last + 1))  # consecutive cards (see `Rules.ranks`)
    pairs = np.array([(a, b) for i, a in enumerate(cards) for b in cards[i + 1 :]], dtype=np.uint8)
    work = np.array([math.comb(last - int(b), n_cards - 2) for _, b in pairs])
    by_work = np.argsort(-work, kind="stable")
    parts = [by_work[k::slices] for k in range(slices)]
    out = tuple(np.ascontiguousarray(pairs[part[balanced_order(work[part], threads)]]) for part in parts)
    for part in out:
        part.flags.writeable = False
    return out


@dataclass(frozen=True)
class CategoryRow:
    label: str
    hands: int
    probability: float
    classes: int
    key: str = ""  # a Category name, "ROYAL_FLUSH", "WHEEL", "LOW_6" (.. "LOW_8"), "NO_LOW", "BADUGI_K"


def by_category(
    counts: np.ndarray, game: str | Game = "high", wild: str | None = None, lang: str | None = None
) -> list[CategoryRow]:
    """Per category, best first: hands, probability and distinct strengths seen. Low games add
    rows for the best no-pair hands by their top card (wheel, 6-low, 7-low, 8-low), and
    eight-or-better a row for hands with no qualifying low; Badugi games add rows for the
    badugis by their top card, best first (4-high .. K-high with the ace low).

    With `lang` (`pokerlut.lang.LANGUAGES`) the labels are that language's names, and the
    royal flush (ace-high straight flush) is a row of its own, as the seeds' tables have it.

    >>> counts = count_hands(5)
    >>> [(r.label, r.hands) for r in by_category(counts)[:2]]
    [('straight flush', 40), ('four of a kind', 624)]
    >>> [(r.label, r.hands) for r in by_category(counts, lang="ca")[:3]]
    [('Escala reial', 4), ('Escala de color', 36), ('Pòquer', 624)]
    >>> [(r.label, r.hands) for r in by_category(count_hands(4, game="badugi"), "badugi")][:5]
    [('badugi', 17160), ('three-card hand', 154440), ('two-card hand', 96252), ('one-card hand', 2873), ('4-high badugi', 24)]
    """
    if lang is not None:
        check_lang(lang)
    rules = resolve(game, wild).rules
    classes = tables.classes_of(rules)
    total = int(counts.sum())

    def row(key: str, label: str, selected: np.ndarray) -> CategoryRow:
        hands = int(counts[selected].sum())
        classes_seen = int((counts[selected & scored] > 0).sum())
        return CategoryRow(
            row_label(key, lang) if lang is not None else label, hands, hands / total, classes_seen, key
        )

    scored = np.arange(len(counts)) > 0
    royal = (classes[:, 0] == Category.STRAIGHT_FLUSH) & (classes[:, 1] == 12)
    order = rules.order[::-1] if not rules.low else rules.order
    rows = []
    for cat in order:
        if not (classes[1:, 0] == cat).any():
            continue
        selected = scored & (classes[:, 0] == cat)
        parts = [(cat.name, selected)]
        if lang is not None and cat == Category.STRAIGHT_FLUSH and royal[1:].any():
            parts = [("ROYAL_FLUSH", selected & royal), (cat.name, selected & ~royal)]
            parts = parts[::-1] if rules.low else parts  # in a low game the royal is worst
            parts = [(key, part) for key, part in parts if part[1:].any()]
        rows += [row(key, category_label(cat), part) for key, part in parts]
    if rules.badugi:
        top = classes[:, 1]
        badugi = scored & (classes[:, 0] == Category.BADUGI)
        for rank in sorted(range(13), key=rules.value):
            if (badugi & (top == rank)).any():
                key = f"BADUGI_{RANKS[rank]}"
                rows.append(row(key, row_label(key, "en"), badugi & (top == rank)))
        return rows
    if rules.low:
        top = np.array([rules.value(r) for r in classes[:, 1]])
        no_pair = scored & (classes[:, 0] == Category.HIGH_CARD)
        for rank in range(3, 7):  # 5 .. 8
            label = low_label(rank, ace_low=rules.ace == "low")
            if (no_pair & (top == rank)).any():
                rows.append(
                    row("WHEEL" if label == WHEEL else f"LOW_{rank + 2}", label, no_pair & (top == rank))
                )
    if rules.qualifier is not None:
        rows.append(row("NO_LOW", no_low("en").lower(), ~scored))  # lower case, as `category_label`
    return rows


def warm_jobs() -> list[Job]:
    """The warm-up calls of `count_hands` and `strengths_in_order` (`pokerlut warm`), of five
    cards: their enumerations are compiled per kind of tables and per end of the deck (52, 53
    or 54 cards: a wild game's decks), Badugi's once (4 or 5 cards, one kernel)."""
    from .rules import GAMES, WILD_GAMES, rules

    ends: dict[tuple[type, int], tuple[str, int | None]] = {}
    for game in [*GAMES, *WILD_GAMES]:
        wild_cards = rules(game).wild
        for deck in wild_cards.deck_sizes if wild_cards else (None,):
            end = deck or int(rules(game).deck[-1]) + 1
            ends.setdefault((type(tables.load(game)), end), (game, deck))
    return [
        Job(f"{what} {game}" + (f" deck {deck}" if deck else ""), _warm_up, (what, game, deck), cost)
        for what, cost in (("count_hands", 5.5), ("strengths_in_order", 3.0))
        for game, deck in [*ends.values(), ("badugi", None)]
    ]


def _warm_up(what: str, game: str, deck: int | None) -> None:
    """`count_hands` or `strengths_in_order` of five-card hands."""
    if what == "count_hands":
        count_hands(5, game=game, deck_size=deck)
    else:
        strengths_in_order(5, game=game, deck_size=deck)
