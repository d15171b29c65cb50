"""pokerlut: poker hand evaluation by table lookup in numba.

>>> import pokerlut
>>> pokerlut.evaluate("As Ks Qs Js Ts")
7462
>>> pokerlut.describe("Kh Kd 6s 6c Kc")
'Full house, kings over sixes'
"""

from typing import Any as _Any

from . import _accessor
from ._analysis import (
    Breakdown,
    EquityByCard,
    EquityDistribution,
    HandOnBoard,
    Outs,
    breakdown,
    equity_by_card,
    equity_distribution,
    hand_on_board,
    outs,
)
from . import _jit  # noqa: F401  (registers pokerlut.evaluate for numba code)
from .convert import from_cactus_kev, from_treys, to_cactus_kev, to_treys
from ._cards import deck, format_card, format_cards, italian_deck, parse_card, parse_cards
from ._anatomy import best_five, stand_ins
from ._evaluate import category, compare, compare_batch, describe, evaluate, evaluate_batch, winners
from ._omaha import evaluate_omaha, evaluate_omaha_batch
from ._game import Game
from . import kernels
from ._deprecation import warn_once as _warn_once
from .lang import category_name
from ._names import Category
from ._equity.deal import deals
from ._equity.front import equity
from ._equity.ranges import Range, parse_range
from ._equity.omaha_ranges import OmahaRange, parse_omaha_range
from ._equity.result import EquityResult, PlayerEquity
from ._equity.draw.chance import DrawChance, draw_chance
from ._equity.draw.policy import draw_keep, draw_policies
from ._icm import IcmResult, icm
from ._history.corpus import Histories, read_histories
from .rules import Rules, games
from .stats import count_hands, strengths_in_order
from ._kernels.table_types import Tables
from ._tables import TablesError
from ._tables import load as load_tables
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

# The numba kernels' names at the root until this release (now `pokerlut.kernels`'s): kept
# one more release, each warning once (docs/migrating.md, "Deprecated in this release").
_MOVED_TO_KERNELS = frozenset(kernels.__all__)


def __getattr__(name: str) -> _Any:
    if name in _MOVED_TO_KERNELS:
        _warn_once(f"pokerlut.{name}", f"pokerlut.kernels.{name}")
        return getattr(kernels, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_accessor.register_when_pandas_is_imported()  # Series.poker, whenever pandas comes
