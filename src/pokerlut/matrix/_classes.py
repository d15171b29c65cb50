"""The 169 starting-hand classes of hold'em, the rows and columns of both tables: their order
(`CLASSES`, the matrix order), each one's index in it, and class names read from text."""

from __future__ import annotations

from collections.abc import Sequence

from .._cards import RANKS


def class_names() -> list[str]:
    """The 169 classes, aces first: AA, AKs, AKo, AQs, AQo, ..., A2o, KK, KQs, ..., 32o, 22: by
    the top card, then the pair before the others, each suited before offsuit (the order of
    `pokerlut.matrix.CLASSES`)."""
    names = []
    for hi in reversed(range(13)):
        names.append(RANKS[hi] * 2)
        for lo in reversed(range(hi)):
            names += [RANKS[hi] + RANKS[lo] + "s", RANKS[hi] + RANKS[lo] + "o"]
    return names


CLASSES = tuple(class_names())  # AA, AKs, AKo, ..., 32o, 22
CLASS_INDEX = {name: i for i, name in enumerate(CLASSES)}  # a class's place in CLASSES


def parse_classes(classes: str | Sequence[str] | None) -> list[str]:
    """The classes of a run, in matrix order: all 169 for None, else a comma-separated text or
    a list of names ("AA", "AKs", "72o"; case-insensitive suffix; "KA" is "AK").

    >>> parse_classes("72o, AA,akS")
    ['AA', 'AKs', '72o']
    >>> len(parse_classes(None))
    169
    >>> parse_classes("AA,AK")
    Traceback (most recent call last):
    ...
    ValueError: unknown hand class 'AK': write AA, AKs or AKo (a pair, suited or offsuit)
    """
    if classes is None:
        return list(CLASSES)
    names = [c.strip() for c in classes.split(",")] if isinstance(classes, str) else list(classes)
    chosen = set()
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"a hand class is a str, not {type(name).__name__}: {name!r}")
        key = _canonical_name(name)
        if key in chosen:
            raise ValueError(f"hand class {name!r} is given twice")
        chosen.add(key)
    if len(chosen) < 1:
        raise ValueError("give at least one hand class")
    return sorted(chosen, key=CLASS_INDEX.__getitem__)


def _canonical_name(name: str) -> str:
    text = name.strip()
    if len(text) in (2, 3):
        hi, lo, suffix = text[0].upper(), text[1].upper(), text[2:].lower()
        if hi in RANKS and lo in RANKS:
            if RANKS.index(lo) > RANKS.index(hi):
                hi, lo = lo, hi
            key = hi + lo + suffix
            if key in CLASS_INDEX:
                return key
    raise ValueError(f"unknown hand class {name!r}: write AA, AKs or AKo (a pair, suited or offsuit)")
