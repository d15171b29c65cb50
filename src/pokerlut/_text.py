"""Columns of hands written as text, and columns of strengths, at array speed.

:func:`parse_batch` turns a column of hand texts (a numpy string array, a list of str, a
pandas Series, an Arrow array) into one ``(n, k)`` uint8 array of card ints, parsing every row
in a numba kernel; :func:`category_batch` and :func:`describe_batch` turn a column of strengths into
categories and words by table lookup. The pandas accessor (``series.poker``) is in
`pokerlut.frame`.
"""

from __future__ import annotations

import functools
import importlib.util
import itertools
import math
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from . import _cards
from . import lang as _lang
from ._game import Game, resolve
from ._kernels.text import NONE, CharTables, first_count, parse_rows
from ._parallel import CHUNK_ROWS, parallel_section
from ._cards import MASKED_CARD
from ._docs import shared_parameters
from ._names import NO_CATEGORY
from ._warmup import Job

__all__ = ["category_batch", "describe_batch", "parse_batch"]

ERRORS = ("raise", "mask")


def _char_tables() -> CharTables:
    """The character classes of the card spellings `pokerlut._cards` accepts (its tables)."""
    rank = np.full(128, NONE, dtype=np.uint8)
    suit = np.full(128, NONE, dtype=np.uint8)
    sep = np.zeros(128, dtype=np.uint8)
    for text, value in _cards.RANK_OF.items():
        if len(text) == 1:
            rank[ord(text)] = value
    wide_suit = {}
    for text, value in _cards.SUIT_OF.items():
        if ord(text) < 128:
            suit[ord(text)] = value
        else:
            wide_suit[ord(text)] = value
    # Python's \s is Unicode whitespace, all of it below U+3001 (tests/test_text.py checks).
    wide_sep = []
    for c in range(0x3001):
        if _cards.SEPARATORS.fullmatch(chr(c)):
            if c < 128:
                sep[c] = 1
            else:
                wide_sep.append(c)
    order = sorted(wide_suit)
    return CharTables(
        rank,
        suit,
        sep,
        np.array(wide_sep, dtype=np.int64),
        np.array(order, dtype=np.int64),
        np.array([wide_suit[c] for c in order], dtype=np.uint8),
        ord(_cards.PRETTY_JOKER),
    )


_TABLES = _char_tables()
_NO_OFFSETS = np.zeros(1, dtype=np.int64)


class _Column(NamedTuple):
    """Rows of text as code units: see `pokerlut._kernels.text`."""

    n: int
    data: np.ndarray  # uint8 (UTF-8) or uint32 (code points)
    offsets: np.ndarray  # int32/int64[n + 1], or _NO_OFFSETS when width > 0
    width: int  # code units per row, or 0 (rows between offsets)
    missing: np.ndarray | None  # bool[n]: None, NaN, NA, null
    text_of: Callable[[int], Any]  # the row's original value, for error messages


def is_missing(value: Any) -> bool:
    if value is None or type(value).__name__ in ("NAType", "NaTType"):
        return True
    return isinstance(value, (float, np.floating)) and math.isnan(value)


def _from_objects(values: Any, text_of: Callable[[int], Any]) -> _Column:
    """A list or object array of str (missing values allowed): joined, then encoded once."""
    n = len(values)
    missing = None
    if not set(map(type, values)) <= {str}:
        is_str = np.fromiter(map(isinstance, values, itertools.repeat(str)), bool, n)
        missing = np.zeros(n, dtype=bool)
        values = list(values)
        for row in np.flatnonzero(~is_str).tolist():
            if not is_missing(values[row]):
                raise TypeError(
                    f"row {row}: {values[row]!r} is a {type(values[row]).__name__}, not the text of a hand"
                )
            missing[row], values[row] = True, ""
    joined = "".join(values)
    offsets = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.fromiter(map(len, values), np.int64, n), out=offsets[1:])
    if joined.isascii():
        data = np.frombuffer(joined.encode("ascii"), dtype=np.uint8)
    else:
        data = np.frombuffer(joined.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    return _Column(n, data, offsets, 0, missing, text_of)


def _from_numpy(texts: np.ndarray) -> _Column:
    if texts.ndim != 1:
        raise ValueError(f"texts must be 1-D (one hand per row), not {texts.ndim}-D (shape {texts.shape})")
    if texts.dtype.kind == "O":
        return _from_objects(texts, texts.__getitem__)
    if texts.dtype.kind not in "US":
        raise TypeError(f"texts must hold strings (a str or bytes dtype), not {texts.dtype}")
    if texts.dtype.itemsize == 0:  # "S0", "U0": every row is empty
        texts = texts.astype(texts.dtype.kind + "1")
    unit = np.dtype(np.uint32 if texts.dtype.kind == "U" else np.uint8)
    data = np.ascontiguousarray(texts, dtype=texts.dtype.newbyteorder("=")).view(unit)
    width = texts.dtype.itemsize // unit.itemsize
    return _Column(len(texts), data.reshape(-1), _NO_OFFSETS, width, None, texts.__getitem__)


def _from_arrow(texts: Any) -> _Column:
    import pyarrow as pa

    if isinstance(texts, pa.ChunkedArray):
        texts = (
            texts.chunk(0)
            if texts.num_chunks == 1
            else pa.concat_arrays([c.cast(pa.large_string()) for c in texts.chunks])
            if texts.num_chunks
            else pa.array([], pa.string())
        )
    if not isinstance(texts, pa.Array):
        raise TypeError(f"texts must be a pyarrow Array or ChunkedArray, not {type(texts).__name__}")
    if pa.types.is_dictionary(texts.type):
        texts = texts.dictionary_decode()
    if pa.types.is_string_view(texts.type) or pa.types.is_binary_view(texts.type):
        texts = texts.cast(pa.large_string())
    if not (
        pa.types.is_string(texts.type)
        or pa.types.is_large_string(texts.type)
        or pa.types.is_binary(texts.type)
        or pa.types.is_large_binary(texts.type)
    ):
        raise TypeError(f"texts must be an Arrow array of strings, not of {texts.type}")
    n = len(texts)
    large = pa.types.is_large_string(texts.type) or pa.types.is_large_binary(texts.type)
    _, offsets, data = texts.buffers()
    offsets = (
        np.frombuffer(offsets, dtype=np.int64 if large else np.int32)[texts.offset :][: n + 1]
        if offsets is not None
        else np.zeros(n + 1, dtype=np.int32)
    )
    data = np.frombuffer(data, dtype=np.uint8) if data is not None else np.zeros(1, np.uint8)
    missing = texts.is_null().to_numpy(zero_copy_only=False) if texts.null_count else None
    return _Column(n, data, offsets, 0, missing, lambda row: texts[row].as_py())


def _from_pandas(texts: Any) -> _Column:
    import pandas as pd

    if isinstance(texts, pd.DataFrame):
        raise TypeError("texts must be one column (a Series), not a DataFrame")
    dtype = texts.dtype
    storage = getattr(dtype, "storage", None)
    if (isinstance(dtype, pd.StringDtype) and storage == "pyarrow") or (isinstance(dtype, pd.ArrowDtype)):
        import pyarrow as pa

        arrow = pa.array(texts.array)
        column = _from_arrow(arrow)
    else:
        values = np.asarray(texts.to_numpy(dtype=object))
        column = _from_objects(values, values.__getitem__)
    return column


def _column(texts: Any) -> _Column:
    """Whatever holds the rows' texts, as code units for the kernel."""
    if isinstance(texts, (str, bytes)):
        raise TypeError(
            "texts must be a column of hands (an array, list or Series of str), "
            "not one str: for one hand use parse_cards"
        )
    module = type(texts).__module__.partition(".")[0]
    if module == "pandas":
        return _from_pandas(texts)
    if module == "pyarrow":
        return _from_arrow(texts)
    if isinstance(texts, np.ndarray):
        return _from_numpy(texts)
    if isinstance(texts, (list, tuple)):
        return _from_objects(texts, texts.__getitem__)
    raise TypeError(
        "texts must be a numpy array of str, a list of str, a pandas Series or a "
        f"pyarrow array, not {type(texts).__name__}"
    )


def is_text(texts: Any) -> bool:
    """Whether `texts` is a column of hand texts (else evaluate_batch takes it for card ints):
    a 1-D array of str/bytes (or objects starting with a str), a list or tuple starting with
    a str, a pandas Series that is not numeric, an Arrow array."""
    module = type(texts).__module__.partition(".")[0]
    if module == "pyarrow":
        return True
    if module == "pandas":
        return getattr(texts, "ndim", 0) == 1 and texts.dtype.kind not in "iufcbmM"
    if isinstance(texts, np.ndarray):
        return texts.ndim == 1 and (
            texts.dtype.kind in "US"
            or texts.dtype.kind == "O"
            and len(texts) > 0
            and isinstance(texts[0], str)
        )
    return isinstance(texts, (list, tuple)) and len(texts) > 0 and isinstance(texts[0], str)


def _explain(column: _Column, row: int, k: int | None, known: str, jokers: bool) -> str:
    """Why a row is not k distinct cards, in parse_cards' words."""
    text = column.text_of(row)
    if isinstance(text, (str, bytes)):  # not np.str_, whose repr is longer
        text = str(text) if isinstance(text, str) else bytes(text)
    if column.missing is not None and column.missing[row]:
        return f"row {row}: missing value ({text!r})"
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            return f"row {row}: {text!r} is not UTF-8 text"
    try:
        count = len(_cards.parse_cards(str(text), jokers=jokers))
    except ValueError as error:
        return f"row {row}: {text!r}: {error}"
    if k is None:
        return f"row {row}: {text!r} has no cards"
    return f"row {row}: {text!r} has {count} cards, but {known} {k}"


@shared_parameters
def parse_batch(
    texts: Any,
    *,
    errors: str = "raise",
    jokers: bool = False,
    cards: int | None = None,
    threads: int | None = None,
) -> np.ndarray:
    """Parse a column of hands written as text into an ``(n, k)`` uint8 array of card ints.

    Every row is read as `parse_cards` reads one string: cards with or without separators
    (whitespace, commas, semicolons), any case, ``10`` for ten, suit symbols, jokers (``Jk``,
    ``X``, ...; numbered 52 then 53 in a row) only with ``jokers=True``. The parsing is one
    numba kernel, parallel over rows. Every row must have the same number of cards.

    Parameters
    ----------
    texts : column of str
        A 1-D numpy array of str (``<U``) or bytes (``S``, UTF-8), a list of str, a pandas
        Series (object, ``string``/``str`` or ``string[pyarrow]``) or a pyarrow (Chunked)
        Array of strings; one hand per row.
    errors : {"raise", "mask"}, default "raise"
        What a bad row does (unknown card, card twice, another number of cards, a missing
        value: None, NaN, NA, null): "raise" raises ValueError naming the row and its text;
        "mask" masks the row in the result (it holds 255).
    jokers : bool, default False
        Whether jokers are cards.
    cards : int, optional
        The number of cards per row, 1..54; by default that of the first row that is one or
        more distinct cards.
    {threads}

    Returns
    -------
    numpy.ndarray
        uint8 card ints, shape ``(n, k)``; a ``numpy.ma.MaskedArray`` with ``errors="mask"``.
        Empty input gives shape ``(0, cards)``, or ``(0, 0)`` without `cards`; so do masked
        results where no row is good and `cards` is not given (``(n, 0)``).

    Raises
    ------
    TypeError
        `jokers` that is not a bool; `texts` that is one str or not a column of text (a
        numpy array of numbers, a DataFrame); a value that is not text (an int in an object
        column), whatever `errors` is.
    ValueError
        `errors` other than "raise" or "mask", `cards` that is not an int 1..54, a numpy
        array that is not 1-D; with ``errors="raise"``, the first bad row.

    Examples
    --------
    >>> import numpy as np
    >>> parse_batch(["As Kd 7h 7c 2s", "ahKD10c7C2S", "A♠,K♦,7♥,7♣,2♠"])
    array([[51, 45, 22, 20,  3],
           [50, 45, 32, 20,  3],
           [51, 45, 22, 20,  3]], dtype=uint8)
    >>> parse_batch(np.array(["As Kd 7h 7c 2s", "As Kd 7h Zz 2s"]))
    Traceback (most recent call last):
    ...
    ValueError: row 1: 'As Kd 7h Zz 2s': unknown card 'Zz' at position 3
    >>> parse_batch(["As Kd 7h 7c 2s", None, "As Kd"], errors="mask").mask[:, 0]
    array([False,  True,  True])
    """
    if errors not in ERRORS:
        raise ValueError(f"errors must be 'raise' or 'mask', not {errors!r}")
    if type(jokers) is not bool:
        raise TypeError(f"jokers must be True or False, not {jokers!r}")
    if cards is not None and (type(cards) is not int or not 1 <= cards <= 54):
        raise ValueError(f"cards must be an int 1..54 (cards per row), not {cards!r}")
    column = _column(texts)
    n, ct = column.n, _TABLES
    args = (ct, column.data, column.offsets, column.width, column.data.dtype == np.uint8, jokers)
    k, first = (cards, -1) if cards is not None else (0, -1)
    if cards is None and n:
        first, k = first_count(*args, n, np.empty((1, 54), dtype=np.uint8))
        first, k = int(first), int(k)
    known = f"cards={k} was asked" if cards is not None else f"row {first} has"
    if k == 0:  # no row is one or more distinct cards
        if errors == "raise":
            if n:
                raise ValueError(_explain(column, 0, None, "", jokers))
            return np.empty((0, 0), dtype=np.uint8)
        return np.ma.MaskedArray(np.empty((n, 0), dtype=np.uint8), mask=True)
    out = np.empty((n, k), dtype=np.uint8)
    ok = np.empty(n, dtype=np.uint8)
    with parallel_section(threads):
        for start in range(0, n, CHUNK_ROWS):
            part = slice(start, start + CHUNK_ROWS)
            parse_rows(*args, start, out[part], ok[part])
    good = ok.view(bool)
    if column.missing is not None:
        good &= ~column.missing
    if errors == "raise":
        if not good.all():
            raise ValueError(_explain(column, int(np.argmin(good)), k, known, jokers))
        return out
    out[~good] = MASKED_CARD
    return np.ma.MaskedArray(out, mask=np.repeat(~good, k).reshape(n, k))


def _strengths(strengths: Any) -> np.ndarray:
    values = np.asarray(strengths)
    if values.dtype.kind not in "iu":
        raise TypeError(f"strengths must be integers, not {values.dtype}")
    return values


def _check_range(values: np.ndarray, game: Game) -> None:
    bad = (values < game.lowest) | (values > game.top)
    if bad.any():
        where = np.unravel_index(int(np.argmax(bad)), values.shape)
        row = where[0] if len(where) == 1 else tuple(int(i) for i in where)
        raise ValueError(
            f"row {row}: strength {values[where]} is out of range {game.lowest}..{game.top} in {game.name}"
        )


@functools.lru_cache(maxsize=None)
def _category_table(game: Game) -> np.ndarray:
    """int8 per strength: its Category, NO_CATEGORY for 0 (no qualifying hand)."""
    classes = game.classes[:, 0].astype(np.int8)
    table: np.ndarray = (classes if game.italian is None else classes[game.italian.class_of]).copy()
    table[0] = NO_CATEGORY
    table.flags.writeable = False
    return table


@shared_parameters
def category_batch(
    strengths: Any, *, game: str | Game = "high", wild: str | None = None, flush_by_suit: bool | None = None
) -> np.ndarray:
    """The `Category` of every strength of an array, by table lookup.

    Parameters
    ----------
    strengths : array_like of int
        Strengths of the game, any shape (a list or Series too).
    {game}
    {wild}
    {flush_by_suit}

    Returns
    -------
    numpy.ndarray
        int8 values of `pokerlut.Category`, the shape of `strengths`, and -1 for strength 0
        (no qualifying hand, in eight-or-better).

    Raises
    ------
    TypeError
        `strengths` that are not integers; a `game` that is not a str or `Game`.
    ValueError
        A strength outside the game's range (the message names its row); an unknown game or
        option.

    Examples
    --------
    >>> category_batch([7462, 1, 5000])
    array([8, 0, 3], dtype=int8)
    >>> from pokerlut import Category
    >>> [Category(c).name for c in category_batch([7462, 1])]
    ['STRAIGHT_FLUSH', 'HIGH_CARD']
    >>> category_batch([0, 56], game="eight-or-better")
    array([-1,  0], dtype=int8)
    """
    g = resolve(game, wild, flush_by_suit)
    values = _strengths(strengths)
    table = _category_table(g)
    _check_range(values, g)
    found: np.ndarray = table[values]
    return found


@functools.lru_cache(maxsize=None)
def _words(game: Game, lang: str) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Per strength its description (object array), and the code of it among the distinct
    descriptions (weakest first)."""
    lowest = game.lowest  # strength 0: no qualifying hand
    words = [game.words(s, lang) for s in range(lowest, game.top + 1)]
    distinct = list(dict.fromkeys(words))
    code = {w: i for i, w in enumerate(distinct)}
    codes = np.array([-1] * lowest + [code[w] for w in words], dtype=np.int32)
    table = np.array([None] * lowest + words, dtype=object)
    return table, codes, distinct


@shared_parameters
def describe_batch(
    strengths: Any,
    *,
    game: str | Game = "high",
    wild: str | None = None,
    flush_by_suit: bool | None = None,
    lang: str = "en",
    categorical: bool = False,
) -> Any:
    """`describe` of every strength of an array, by table lookup.

    The table of the game's descriptions is made once per game and language. Strength 0 in
    eight-or-better is 'No qualifying low', as in `describe`.

    Parameters
    ----------
    strengths : array_like of int
        Strengths of the game, any shape (a list or Series too).
    {game}
    {wild}
    {flush_by_suit}
    lang : str, default "en"
        One of `pokerlut.lang.LANGUAGES`, as in `describe`.
    categorical : bool, default False
        Return a ``pandas.Categorical`` (1-D strengths only; needs pandas).

    Returns
    -------
    numpy.ndarray or pandas.Categorical
        An object array of str, the shape of `strengths`; with ``categorical=True`` a
        ``pandas.Categorical`` whose categories are the distinct descriptions, weakest first.

    Raises
    ------
    TypeError
        `strengths` that are not integers; a `game` that is not a str or `Game`.
    ValueError
        A strength outside the game's range (the message names its row); an unknown language,
        game or option; ``categorical=True`` with strengths that are not 1-D.

    Examples
    --------
    >>> describe_batch([7462, 49, 7462])
    array(['Royal flush', 'High card, nine', 'Royal flush'], dtype=object)
    >>> describe_batch([0, 56], game="eight-or-better").tolist()
    ['No qualifying low', 'Wheel (5-4-3-2-A)']
    """
    lang = _lang.check_lang(lang)
    g = resolve(game, wild, flush_by_suit)
    values = _strengths(strengths)
    table, codes, distinct = _words(g, lang)
    _check_range(values, g)
    if not categorical:
        return table[values]
    import pandas as pd

    if values.ndim != 1:
        raise ValueError(f"categorical=True needs 1-D strengths, not shape {values.shape}")
    return pd.Categorical.from_codes(codes[values], categories=distinct)


# --- the warm-up calls (`pokerlut warm`) ------------------------------------------------------

# Columns of text that compile text kernels of their own (code units of 1 or 4 bytes, read-only
# or not; offsets of 4 or 8 bytes); Arrow's large_string has the types of numpy bytes.
TEXTS = ("str", "str, not ASCII", "numpy str", "numpy bytes", "arrow string")


def warm_jobs() -> list[Job]:
    """The warm-up calls of `parse_batch` (`pokerlut warm`): one per layout of text (`TEXTS`;
    Arrow's where pyarrow is installed)."""
    return [
        Job(f"parse_batch {layout}", _warm_up, (layout,), 5.0)
        for layout in TEXTS
        if not layout.startswith("arrow") or importlib.util.find_spec("pyarrow") is not None
    ]


def _warm_up(layout: str) -> None:
    """The text kernels for one layout of text (`TEXTS`)."""
    texts: Any = ["A♠ K♦ 7♥ 7♣ 2♠" if layout == "str, not ASCII" else "As Kd 7h 7c 2s"] * 8
    if layout.startswith("numpy"):
        texts = np.array(texts, dtype="S" if layout == "numpy bytes" else "U")
    elif layout == "arrow string":
        import pyarrow as pa

        texts = pa.array(texts)
    parse_batch(texts)
