"""pokerlut: poker hand evaluation by table lookup in numba.

>>> import pokerlut
>>> pokerlut.evaluate("As Ks Qs Js Ts")
7462
>>> pokerlut.describe("Kh Kd 6s 6c Kc")
'Full house, kings over sixes'
"""

import importlib as _importlib
import typing as _typing

# Imported with the package: one hand's evaluation, the cards, the games and what numba code
# calls (`_jit` registers pokerlut.evaluate for it). The rest loads on first use (PEP 562,
# `__getattr__` below): a process pays only for the subsystems it touches.
from . import _accessor
from . import _jit  # noqa: F401  (registers pokerlut.evaluate for numba code)
from ._cards import deck, format_card, format_cards, italian_deck, parse_card, parse_cards
from ._evaluate import category, compare, compare_batch, describe, evaluate, evaluate_batch, winners
from ._game import Game
from . import kernels
from ._deprecation import warn_once as _warn_once
from .lang import category_name
from ._names import Category
from .rules import Rules, games
from ._kernels.table_types import Tables
from ._tables import TablesError
from ._tables import load as load_tables

#: The public names that load on first use, by the module that holds them.
_LAZY = {
    "._analysis": (
        "Breakdown",
        "EquityByCard",
        "EquityDistribution",
        "HandOnBoard",
        "Outs",
        "breakdown",
        "equity_by_card",
        "equity_distribution",
        "hand_on_board",
        "outs",
    ),
    ".convert": ("from_cactus_kev", "from_treys", "to_cactus_kev", "to_treys"),
    "._anatomy": ("best_five", "stand_ins"),
    "._omaha": ("evaluate_omaha", "evaluate_omaha_batch"),
    "._equity.deal": ("deals",),
    "._equity.front": ("equity",),
    "._equity.ranges": ("Range", "parse_range"),
    "._equity.omaha_ranges": ("OmahaRange", "parse_omaha_range"),
    "._equity.result": ("EquityResult", "PlayerEquity"),
    "._equity.draw.chance": ("DrawChance", "draw_chance"),
    "._equity.draw.policy": ("draw_keep", "draw_policies"),
    "._icm": ("IcmResult", "icm"),
    "._history.corpus": ("Histories", "read_histories"),
    ".stats": ("count_hands", "strengths_in_order"),
    "._text": ("category_batch", "describe_batch", "parse_batch"),
    "._video_poker": (
        "Hold",
        "PayLine",
        "Paytable",
        "VideoPoker",
        "holds",
        "paytable",
        "paytables",
        "video_poker",
    ),
}
_LAZY_MODULE = {name: module for module, names in _LAZY.items() for name in names}

if _typing.TYPE_CHECKING:  # the same names, for type checkers
    from ._analysis import EquityByCard, EquityDistribution, HandOnBoard, equity_by_card
    from ._analysis import equity_distribution, hand_on_board
    from ._analysis.breakdown import Breakdown, breakdown  # (the function, not its module)
    from ._analysis.outs import Outs, outs
    from .convert import from_cactus_kev, from_treys, to_cactus_kev, to_treys
    from ._anatomy import best_five, stand_ins
    from ._omaha import evaluate_omaha, evaluate_omaha_batch
    from ._equity.deal import deals
    from ._equity.front import equity
    from ._equity.ranges import Range, parse_range
    from ._equity.omaha_ranges import OmahaRange, parse_omaha_range
    from ._equity.result import EquityResult, PlayerEquity
    from ._equity.draw.chance import DrawChance, draw_chance
    from ._equity.draw.policy import draw_keep, draw_policies
    from ._icm import IcmResult, icm
    from ._history.corpus import Histories, read_histories
    from .stats import count_hands, strengths_in_order
    from ._text import category_batch, describe_batch, parse_batch
    from ._video_poker import Hold, PayLine, Paytable, VideoPoker, holds, paytable, paytables, video_poker

__version__ = "0.1.0"

__all__ = [
    "Breakdown",
    "Category",
    "DrawChance",
    "EquityByCard",
    "EquityDistribution",
    "EquityResult",
    "Game",
    "HandOnBoard",
    "Histories",
    "Hold",
    "IcmResult",
    "OmahaRange",
    "Outs",
    "PayLine",
    "Paytable",
    "PlayerEquity",
    "Range",
    "Rules",
    "Tables",
    "TablesError",
    "VideoPoker",
    "__version__",
    "best_five",
    "breakdown",
    "category",
    "category_batch",
    "category_name",
    "compare",
    "compare_batch",
    "count_hands",
    "deals",
    "deck",
    "describe",
    "describe_batch",
    "draw_chance",
    "draw_keep",
    "draw_policies",
    "equity",
    "equity_by_card",
    "equity_distribution",
    "evaluate",
    "evaluate_batch",
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "format_card",
    "format_cards",
    "from_cactus_kev",
    "from_treys",
    "games",
    "hand_on_board",
    "holds",
    "icm",
    "italian_deck",
    "load_tables",
    "outs",
    "parse_batch",
    "parse_card",
    "parse_cards",
    "parse_omaha_range",
    "parse_range",
    "read_histories",
    "paytable",
    "paytables",
    "stand_ins",
    "strengths_in_order",
    "to_cactus_kev",
    "to_treys",
    "video_poker",
    "winners",
]


def __getattr__(name: str) -> _typing.Any:
    """A public name loaded on first use (`_LAZY`), kept in the package's namespace after;
    the numba kernels' names at the root until this release (now `pokerlut.kernels`'s), kept
    one more release, each warning once (docs/migrating.md, "Deprecated in this release")."""
    if name in _LAZY_MODULE:
        value = getattr(_importlib.import_module(_LAZY_MODULE[name], __name__), name)
        globals()[name] = value
        return value
    if name in kernels.__all__:
        _warn_once(f"pokerlut.{name}", f"pokerlut.kernels.{name}")
        return getattr(kernels, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


_accessor.register_when_pandas_is_imported()  # Series.poker, whenever pandas comes
