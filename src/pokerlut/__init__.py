"""pokerlut: poker hand evaluation by table lookup in numba.

>>> import pokerlut
>>> pokerlut.evaluate("As Ks Qs Js Ts")
7462
>>> pokerlut.describe("Kh Kd 6s 6c Kc")
'Full house, kings over sixes'
"""

from .cards import deck, format_card, format_cards, italian_deck, parse_card, parse_cards
from .game import Game
from .evaluate import (best_five, category, compare, compare_batch, describe, evaluate,
                       evaluate_batch, evaluate_omaha, evaluate_omaha_batch, stand_ins, winners)
from .kernels.core import eval5, hand_add, hand_empty, hand_merge, hand_strength
from .kernels.omaha import omaha_strength
from .lang import category_name
from .names import Category
from .odds import EquityResult, PlayerEquity, Range, equity, parse_range
from .rules import Rules, games
from . import jit as _jit  # noqa: F401  (registers pokerlut.evaluate for numba code)
from .stats import strengths_in_order
from .text import categories, describe_batch, parse_batch
if "pandas" in __import__("sys").modules:  # Series.poker now; else `import pokerlut.frame`
    from . import frame as _frame  # noqa: F401  (importing pandas here would double our time)
from .tables import Tables, TablesError
from .tables import load as load_tables
from .video_poker import Hold, PayLine, Paytable, VideoPoker, holds, paytables, video_poker

__version__ = "0.1.0"

__all__ = [
    "Category", "EquityResult", "PlayerEquity", "Range", "Rules", "Tables", "TablesError",
    "__version__", "best_five", "category", "category_name", "compare", "compare_batch", "deck",
    "describe", "equity", "eval5", "evaluate", "evaluate_batch", "evaluate_omaha",
    "evaluate_omaha_batch", "format_card", "format_cards", "games", "hand_add",
    "hand_empty", "hand_merge", "hand_strength", "italian_deck", "load_tables",
    "omaha_strength", "parse_card", "parse_cards", "parse_range", "stand_ins", "winners",
    "categories", "describe_batch", "parse_batch", "strengths_in_order",
    "Hold", "PayLine", "Paytable", "VideoPoker", "holds", "paytables", "video_poker",
]
