"""Hold'em ranges: text such as ``"QQ+, AKs, A5s-A2s:0.5, 15%"`` -> weighted two-card combos.

A range is written as tokens separated by commas; whitespace anywhere is ignored, ranks and
suits may be in either case. The tokens (``k`` = combos):

==================  ===========================================================  =====
``AsAh``, ``Td9d``  one specific hand: any two distinct cards, in either order     1
``QQ``              a pair                                                           6
``AKs`` ``AKo``     suited, offsuit; ``AK`` both (``KA`` is ``AK``)                 4, 12, 16
``QQ+``             the pair and every higher pair: QQ, KK, AA                      18
``AQo+``            the kicker rises up to one below the top card: AQo, AKo         24
``TT-77``           a span of pairs (either order)                                  24
``KJs-K9s``         a span with the same top card: KJs, KTs, K9s (either order)     12
``76s-54s``         a connected span, both ranks move together: 76s, 65s, 54s       12
``Ax`` ``A?``       the rank with any other rank: A2..AK (not AA), as ``AX``       192
``Axs`` ``Axo``     the same, suited or offsuit only (``A?s``, ``AXo``, ...)        48, 144
``random``, ``any`` all 1,326 hands                                               1326
``15%``             the best 15% of hands by :data:`PREFLOP_ORDER` (see below)
==================  ===========================================================  =====

The two ends of a span must both be pairs or both not, carry the same ``s``/``o`` suffix (or
none), and share either the top card or the gap between the ranks.

Any token may end in ``:w``, a weight with ``0 < w <= 1`` written as a decimal (``AKs:0.5``,
``.5``, ``5e-1``), as PioSolver writes it; the default is 1. Tokens in parentheses after a
weight share it, as eval7 and Equilab write it: ``0.4(AsKs)``, ``80%(A8s+, KQs)``. A combo named by several tokens with the same weight is
kept once; with different weights it is an error (``"QQ+, AA:0.5"``): a silent "last one wins"
would hide typos, and the intent is clearer written out (``"QQ-KK, AA:0.5"``).

Percentages take whole classes (AKs, AKo, QQ: 4, 12 or 6 hands) from the top of
:data:`PREFLOP_ORDER`: a class is included if the share of the 1,326 hands taken *before* it is
below the target. So ``p%`` holds at least ``p`` percent of the hands and less than ``p`` percent
plus one class: ``"15%"`` is 200 hands (15.1%), the 31 classes from AA to A6s.

Every malformed token raises a ``ValueError`` that names it.

>>> r = parse_range("QQ+, AKs")
>>> len(r), r.combos.dtype, r.combos.shape
(22, dtype('uint8'), (22, 2))
>>> len(r.remove("As"))
18
>>> len(parse_range("76s-54s")), len(parse_range("random")), len(parse_range("15%"))
(12, 1326, 200)
>>> parse_range("AhKh, AA:0.5").weights.tolist()
[1.0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]
>>> parse_range("QQs")
Traceback (most recent call last):
...
ValueError: a pair cannot be suited or offsuit: 'QQs' (write 'QQ')
"""

from __future__ import annotations

import re
from typing import Union
from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np
import numpy.typing as npt

from .._cards import RANKS, CardsLike, format_cards, parse_cards

__all__ = ["PREFLOP_ORDER", "HandOrRange", "Range", "parse_range"]

#: The 169 starting-hand classes, best first, by exact all-in equity against one random hand
#: (every board and every opponent hand enumerated; AA 0.852037 .. 32o 0.323032, no two equal).
#: Produced by ``python -m pokerlut.matrix._preflop_order``, which prints exactly this string;
#: ``tests/test_ranges.py`` reruns it. Used for percentage tokens such as ``"15%"``.
PREFLOP_ORDER = (
    "AA KK QQ JJ TT 99 88 AKs 77 AQs AJs AKo ATs "
    "AQo AJo KQs 66 A9s ATo KJs A8s KTs KQo A7s A9o KJo "
    "55 QJs K9s A5s A6s A8o KTo QTs A4s A7o K8s A3s QJo "
    "K9o A5o A6o Q9s K7s JTs A2s QTo 44 A4o K6s K8o Q8s "
    "A3o K5s J9s Q9o JTo K7o A2o K4s Q7s K6o K3s T9s J8s "
    "33 Q6s Q8o K5o J9o K2s Q5s T8s K4o J7s Q4s Q7o T9o "
    "J8o K3o Q6o Q3s 98s T7s J6s K2o 22 Q2s Q5o J5s T8o "
    "J7o Q4o 97s J4s T6s J3s Q3o 98o 87s T7o J6o 96s J2s "
    "Q2o T5s J5o T4s 97o 86s J4o T6o 95s T3s 76s J3o 87o "
    "T2s 85s 96o J2o T5o 94s 75s T4o 93s 86o 65s 84s 95o "
    "T3o 92s 76o 74s T2o 54s 85o 64s 83s 94o 75o 82s 73s "
    "93o 65o 53s 63s 84o 92o 43s 74o 72s 54o 64o 52s 62s "
    "83o 42s 82o 73o 53o 63o 32s 43o 72o 52o 62o 42o 32o"
)

ALL_COMBOS = 1326
_RANK_OF = {r: i for i, r in enumerate(RANKS)} | {r.lower(): i for i, r in enumerate(RANKS)}
_SUFFIXES = {"": "", "s": "s", "S": "s", "o": "o", "O": "o"}
_NUMBER = re.compile(r"(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?", re.ASCII)
_WHITESPACE = re.compile(r"\s+")
_ANY_KICKER = re.compile(r"([2-9TJQKAtjqka])[xX?]([sSoO]?)")
_EXPECTED = (
    "expected a hand like 'AsKh', a class like 'QQ', 'AKs', 'AKo', 'AK', 'QQ+', 'A2s+',"
    " 'TT-77', 'KJs-K9s', '76s-54s', 'Ax', 'Axs', 'Axo', 'random', or a percentage like '15%'; weighted as"
    " 'AKs:0.5', '0.5(AKs)' or '50%(AKs, QQ)'"
)
# a weighted group, eval7 / Equilab style: 0.4(AsKs) or 80%(A8s+, KQs)
_GROUP = re.compile(r"(" + _NUMBER.pattern + r")(%?)\(([^()]*)\)", re.ASCII)

Combo = tuple[int, int]
Class = tuple[int, int, str]  # (high rank, low rank, "" | "s" | "o"); a pair has suffix ""


@dataclass(frozen=True, eq=False)
class Range:
    """Weighted two-card hands, read-only.

    ``combos``: uint8 (k, 2), each row two card ints in increasing order, rows sorted and
    distinct. ``weights``: float64 (k,), each in (0, 1]. Built by :func:`parse_range`; the
    constructor checks both arrays and stores read-only copies.

    >>> r = Range(np.array([[0, 1], [0, 2]]), np.array([1.0, 0.25]))
    >>> len(r), r
    (2, Range('2d2c, 2h2c:0.25'))
    >>> Range(np.array([[1, 0]]), np.array([1.0]))
    Traceback (most recent call last):
    ...
    ValueError: combo row 0 is not two distinct cards 0..51 in increasing order: [1, 0]
    """

    combos: npt.NDArray[np.uint8]
    weights: npt.NDArray[np.float64]

    def __post_init__(self) -> None:
        combos, weights = np.asarray(self.combos), np.asarray(self.weights)
        if combos.dtype == np.bool_ or not np.issubdtype(combos.dtype, np.integer):
            raise TypeError(f"combos must be an integer array, not {combos.dtype}")
        if combos.ndim != 2 or combos.shape[1] != 2:
            raise ValueError(f"combos must have shape (k, 2), not {combos.shape}")
        if weights.dtype == np.bool_ or not np.issubdtype(weights.dtype, np.number):
            raise TypeError(f"weights must be a float array, not {weights.dtype}")
        if weights.shape != (len(combos),):
            raise ValueError(f"weights must have shape ({len(combos)},), not {weights.shape}")
        bad = np.flatnonzero((combos[:, 0] < 0) | (combos[:, 0] >= combos[:, 1])
                             | (combos[:, 1] > 51))  # fmt: skip
        if bad.size:
            row = int(bad[0])
            raise ValueError(
                f"combo row {row} is not two distinct cards 0..51 in increasing order: {combos[row].tolist()}"
            )
        codes = combos[:, 0].astype(np.int64) * 52 + combos[:, 1]
        out_of_order = np.flatnonzero(np.diff(codes) <= 0)
        if out_of_order.size:
            row = int(out_of_order[0]) + 1
            raise ValueError(
                f"combo rows must be sorted and distinct: row {row}"
                f" {combos[row].tolist()} follows {combos[row - 1].tolist()}"
            )
        weights = weights.astype(np.float64)
        bad = np.flatnonzero(~((weights > 0) & (weights <= 1)))
        if bad.size:
            raise ValueError(f"weight {weights[bad[0]]} at row {bad[0]} is outside (0, 1]")
        combos = combos.astype(np.uint8)  # a copy even when the dtype is already right
        combos.setflags(write=False)
        weights.setflags(write=False)
        object.__setattr__(self, "combos", combos)
        object.__setattr__(self, "weights", weights)

    def __len__(self) -> int:
        """The number of combos (whatever their weights)."""
        return len(self.combos)

    @cached_property
    def masks(self) -> npt.NDArray[np.uint64]:
        """Each combo's two cards as a bitmask (bit ``card`` set), read-only.

        >>> parse_range("2d2c").masks.tolist()
        [3]
        """
        masks = combo_masks(self.combos)
        masks.setflags(write=False)
        return masks

    def remove(self, dead: CardsLike) -> Range:
        """The range without the combos that hold any of the ``dead`` cards (text, ints or an
        array: anything :func:`~pokerlut._cards.parse_cards` accepts); the range itself when
        none does.

        >>> len(parse_range("AA").remove("As")), len(parse_range("AK").remove([51, 47]))
        (3, 9)
        """
        return self.without_mask(sum(1 << card for card in parse_cards(dead).tolist()))

    def without_mask(self, dead_mask: int) -> Range:
        """`remove` for dead cards already checked, as a bitmask (bit ``card`` set)."""
        keep = (self.masks & np.uint64(dead_mask)) == 0
        if keep.all():
            return self
        subset = object.__new__(Range)  # rows of a valid range are valid: not checked again
        for name, rows in (("combos", self.combos[keep]), ("weights", self.weights[keep])):
            rows.setflags(write=False)
            object.__setattr__(subset, name, rows)
        return subset

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        return bool(np.array_equal(self.combos, other.combos)
                    and np.array_equal(self.weights, other.weights))  # fmt: skip

    def __hash__(self) -> int:
        return hash((self.combos.tobytes(), self.weights.tobytes()))

    @cached_property
    def text(self) -> str:
        """The range as text that :func:`parse_range` reads back into exactly these combos and
        weights: each combo, the higher card first, ``:w`` after one of weight ``w`` below 1.
        `pokerlut.equity` and the range analyses take a `Range` for a player as this text.

        >>> parse_range("AKs:0.5, 22").remove("2c").text
        '2h2d, 2s2d, 2s2h, AcKc:0.5, AdKd:0.5, AhKh:0.5, AsKs:0.5'
        """
        return ", ".join(
            format_cards(c[::-1], sep="") + ("" if w == 1 else f":{w!r}")
            for c, w in zip(self.combos, self.weights.tolist())
        )

    def __repr__(self) -> str:
        if len(self) > 12:
            return f"Range({len(self)} combos, total weight {self.weights.sum():g})"
        return f"Range({self.text!r})"


#: A player's hand or range as `equity` and the range analyses take it: cards, text, or a `Range`.
HandOrRange = Union[CardsLike, Range]


def combo_masks(combos: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint64]:
    """Each row of cards (hands of any size) as a bitmask, bit ``card`` set."""
    masks: npt.NDArray[np.uint64] = np.bitwise_or.reduce(np.uint64(1) << combos.astype(np.uint64), axis=1)
    return masks


def parse_range(text: str) -> Range:
    """Parse a hold'em range into its weighted two-card hands.

    A range is read-only, so the same text gives the same object (the last 1,024 texts are
    cached).

    Parameters
    ----------
    text : str
        The range, in the notation of the module documentation (`pokerlut._equity.ranges`):
        tokens separated by commas ("QQ+, AKs, A5s-A2s:0.5, 15%").

    Returns
    -------
    Range
        The range's combos and their weights.

    Raises
    ------
    TypeError
        `text` that is not a str.
    ValueError
        An empty range or token, a malformed token (the message names it), a combo listed
        twice with different weights.

    Examples
    --------
    >>> parse_range("AKs")
    Range('AcKc, AdKd, AhKh, AsKs')
    >>> len(parse_range("22+")), len(parse_range("AQo+")), len(parse_range("A2s+"))
    (78, 24, 48)
    >>> parse_range("0.4(AsKs), 80%(AKo)") == parse_range("AsKs:0.4, AKo:0.8")
    True
    >>> parse_range("AA-KQ")
    Traceback (most recent call last):
    ...
    ValueError: mixed span 'AA-KQ': a span is of pairs only or of non-pairs only
    """
    if not isinstance(text, str):
        raise TypeError(f"a range must be a str, not {type(text).__name__}: {text!r}")
    return _parse(text)


@lru_cache(maxsize=1024)
def _parse(text: str) -> Range:
    tokens = _GROUP.sub(_ungroup, _WHITESPACE.sub("", text)).split(",")
    if tokens == [""]:
        raise ValueError(f"empty range {text!r}")
    chosen: dict[Combo, tuple[float, str]] = {}
    for position, token in enumerate(tokens):
        if not token:
            raise ValueError(f"empty token at position {position} in range {text!r}")
        body, weight = _split_weight(token)
        for combo in _combos(body, token):
            if combo in chosen and chosen[combo][0] != weight:
                earlier_weight, earlier = chosen[combo]
                raise ValueError(
                    f"combo {format_cards(combo[::-1], sep='')} is listed twice with different"
                    f" weights: {earlier_weight:g} in {earlier!r} and {weight:g} in {token!r}"
                )
            chosen.setdefault(combo, (weight, token))
    combos = sorted(chosen)
    return Range(
        np.array(combos, dtype=np.uint8).reshape(-1, 2),
        np.array([chosen[c][0] for c in combos], dtype=np.float64),
    )


def _ungroup(group: re.Match[str]) -> str:
    """'0.4(AsKs,QQ)' -> 'AsKs:0.4,QQ:0.4'; '80%(A8s+)' -> 'A8s+:0.8'."""
    number, percent, body = group.groups()
    weight = repr(float(number) / 100) if percent else number
    if any(":" in token for token in body.split(",")):
        raise ValueError(f"a token in {group.group(0)!r} has a weight of its own")
    return ",".join(f"{token}:{weight}" for token in body.split(","))


def _split_weight(token: str) -> tuple[str, float]:
    """('AKs', 0.5) from 'AKs:0.5'; weight 1 without a colon."""
    body, colon, weight_text = token.partition(":")
    if not colon:
        return body, 1.0
    if not _NUMBER.fullmatch(weight_text):
        raise ValueError(f"bad weight {weight_text!r} in {token!r}: expected a decimal in (0, 1]")
    weight = float(weight_text)
    if not 0 < weight <= 1:
        raise ValueError(f"weight {weight_text} in {token!r} is outside (0, 1]")
    return body, weight


def _combos(body: str, token: str) -> list[Combo]:
    """The combos one token (without its weight) names."""
    if body.lower() in ("random", "any"):
        return [(a, b) for a in range(52) for b in range(a + 1, 52)]
    if body.endswith("%"):
        return _top_percent(body, token)
    if "-" in body:
        low_text, _, high_text = body.partition("-")
        return [c for cls in _span(_class(low_text, token), _class(high_text, token), token)
                for c in _class_combos(cls)]  # fmt: skip
    if body.endswith("+"):
        return [c for cls in _plus(_class(body[:-1], token)) for c in _class_combos(cls)]
    any_kicker = _ANY_KICKER.fullmatch(body)
    if any_kicker:  # 'Ax': the rank with each other rank, the pair left out
        rank, suffix = _RANK_OF[any_kicker[1]], _SUFFIXES[any_kicker[2]]
        return [
            c
            for other in range(13)
            if other != rank
            for c in _class_combos((max(rank, other), min(rank, other), suffix))
        ]
    if len(body) <= 3:
        return _class_combos(_class(body, token))
    try:
        cards = parse_cards(body)
    except ValueError as error:
        raise ValueError(f"unknown token {token!r} ({error}): {_EXPECTED}") from None
    if len(cards) != 2:
        raise ValueError(f"unknown token {token!r}: a hand has 2 cards, not {len(cards)}")
    a, b = sorted(cards.tolist())
    return [(a, b)]


def _class(text: str, token: str) -> Class:
    """(high rank, low rank, suffix) of a class like 'AKs', 'ka', 'QQ'."""
    if not 2 <= len(text) <= 3:
        raise ValueError(f"unknown token {token!r}: {_EXPECTED}")
    for char in text[:2]:
        if char not in _RANK_OF:
            hint = " (any other rank is written 'Ax', 'Axs' or 'Axo')" if char in "xX?" else ""
            raise ValueError(f"bad rank {char!r} in {token!r}: ranks are {', '.join(RANKS)}{hint}")
    suffix = _SUFFIXES.get(text[2:])
    if suffix is None:
        raise ValueError(f"bad suffix {text[2:]!r} in {token!r}: expected 's', 'o' or none")
    a, b = _RANK_OF[text[0]], _RANK_OF[text[1]]
    if a == b and suffix:
        raise ValueError(f"a pair cannot be suited or offsuit: {token!r} (write {text[:2]!r})")
    return max(a, b), min(a, b), suffix


def _plus(cls: Class) -> list[Class]:
    """'QQ+': QQ up to AA; 'AQo+': the kicker rises up to one below the top card."""
    high, low, suffix = cls
    if high == low:
        return [(r, r, "") for r in range(high, 13)]
    return [(high, r, suffix) for r in range(low, high)]


def _span(a: Class, b: Class, token: str) -> list[Class]:
    """The classes from one end of a span to the other, both ends included."""
    if (a[0] == a[1]) != (b[0] == b[1]):
        raise ValueError(f"mixed span {token!r}: a span is of pairs only or of non-pairs only")
    if a[2] != b[2]:
        raise ValueError(f"mixed span {token!r}: both ends must be suited, offsuit, or neither")
    a, b = min(a, b), max(a, b)
    if a[0] == a[1]:
        return [(r, r, "") for r in range(a[0], b[0] + 1)]
    if a[0] == b[0]:
        return [(a[0], r, a[2]) for r in range(a[1], b[1] + 1)]
    if a[0] - a[1] == b[0] - b[1]:
        return [(a[0] + k, a[1] + k, a[2]) for k in range(b[0] - a[0] + 1)]
    raise ValueError(f"bad span {token!r}: the ends must share the top card (KJs-K9s)"
                     " or the gap between the ranks (76s-54s)")  # fmt: skip


def _class_combos(cls: Class) -> list[Combo]:
    """Every combo of a class: 6 for a pair, 4 suited, 12 offsuit, 16 for both."""
    high, low, suffix = cls
    combos = []
    for s in range(4):
        for t in range(4):
            if high == low and s >= t:
                continue
            if (suffix == "s" and s != t) or (suffix == "o" and s == t):
                continue
            a, b = 4 * low + s, 4 * high + t
            combos.append((min(a, b), max(a, b)))
    return combos


def _top_percent(body: str, token: str) -> list[Combo]:
    """The best classes by PREFLOP_ORDER: a class is taken while the share of the hands taken
    before it is below the target."""
    number = body[:-1]
    if not _NUMBER.fullmatch(number):
        raise ValueError(f"bad percentage {token!r}: expected a number like '15%'")
    percent = float(number)
    if not 0 < percent <= 100:
        raise ValueError(f"percentage {token!r} is outside (0, 100]")
    combos: list[Combo] = []
    for name in PREFLOP_ORDER.split():
        if len(combos) * 100 >= percent * ALL_COMBOS:
            break
        combos += _class_combos(_class(name, name))
    return combos
