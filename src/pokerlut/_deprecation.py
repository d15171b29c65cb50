"""Names kept for one release after a rename (docs/migrating.md, "Deprecated in this release"):
an old keyword, an old attribute or an old root name still works, and its first use in a
process warns, with a `DeprecationWarning` naming the new one (`warn_once`). The warning is
for the user's code: a use from pokerlut's own modules does not warn (a module that has not
moved to the new name yet must not make the user's program warn, or fail under
``-W error``, for what it did not write).

>>> import warnings
>>> @renamed_keywords(size="deck_size")
... def shuffle(*, deck_size: int = 52) -> int:
...     return deck_size
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     shuffle(size=54), shuffle(size=36)
(54, 36)
>>> [str(w.message) for w in caught]  # once
['shuffle(size=) is deprecated: use shuffle(deck_size=) (the old name goes in the next release)']
"""

from __future__ import annotations

import functools
import sys
import threading
import warnings
from pathlib import Path
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

# The old names that warned in this process: each warns once (a test may empty it).
warned: set[str] = set()
_WARNED_LOCK = threading.Lock()
_PACKAGE = Path(__file__).resolve().parent  # pokerlut's own files: their uses do not warn


def warn_once(old: str, new: str, *, stacklevel: int = 2) -> None:
    """A `DeprecationWarning` that `old` is now `new`, the first time `old` is used in this
    process outside pokerlut; `stacklevel` as `warnings.warn` counts it from the caller of
    `warn_once`: the frame that used the old name."""
    if old in warned:
        return
    if Path(sys._getframe(stacklevel).f_code.co_filename).resolve().is_relative_to(_PACKAGE):
        return
    with _WARNED_LOCK:
        if old in warned:
            return
        warned.add(old)
    warnings.warn(
        f"{old} is deprecated: use {new} (the old name goes in the next release)",
        DeprecationWarning,
        stacklevel=stacklevel + 1,
    )


def renamed_keywords(**renames: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """A decorator: the function's keyword `new` (each ``old="new"``) is still taken as `old`,
    with a warning (`warn_once`); both at once is a TypeError. The signature shown
    (`inspect.signature`, the docs) is the function's own, with the new names only."""

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        name = function.__name__

        @functools.wraps(function)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            for old, new in renames.items():
                if old in kwargs:
                    if new in kwargs:
                        raise TypeError(f"{name}() got {old}= and {new}=: {old}= is the old name of {new}=")
                    warn_once(f"{name}({old}=)", f"{name}({new}=)", stacklevel=2)
                    kwargs[new] = kwargs.pop(old)
            return function(*args, **kwargs)

        return wrapper

    return decorate


def with_old_key(data: dict[str, Any], new: str, old: str) -> dict[str, Any]:
    """`data` (a `to_dict()` or JSON output) with key `old`, the old name of `new`, beside it
    and the same value, for readers of the old key, for one release (a key cannot warn).

    >>> with_old_key({"exact": True, "dealt": 44, "elapsed": 0.1}, "dealt", "deals")
    {'exact': True, 'dealt': 44, 'deals': 44, 'elapsed': 0.1}
    """
    out: dict[str, Any] = {}
    for key, value in data.items():
        out[key] = value
        if key == new:
            out[old] = value
    return out


def renamed_attribute(owner: str, old: str, new: str) -> Any:
    """A read-only property `old` of class `owner` that gives attribute `new`, with a warning
    (`warn_once`): ``deals = renamed_attribute("EquityResult", "deals", "dealt")`` in the
    class body."""

    def read(self: Any) -> Any:
        warn_once(f"{owner}.{old}", f"{owner}.{new}")
        return getattr(self, new)

    return property(read, doc=f"Deprecated: the old name of `{new}`, for one release.")
