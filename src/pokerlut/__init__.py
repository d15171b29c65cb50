"""pokerlut: poker hand evaluation by table lookup in numba.

>>> import pokerlut
>>> pokerlut.evaluate("As Ks Qs Js Ts")
7462
>>> pokerlut.describe("Kh Kd 6s 6c Kc")
'Full house, kings over sixes'
"""

from .cards import deck, format_card, format_cards, parse_card, parse_cards
from .evaluate import best_five, category, compare, describe, evaluate, evaluate_batch
from .kernels.core import eval5, hand_add, hand_empty, hand_merge, hand_strength
from .names import Category
from .tables import Tables, TablesError
from .tables import load as load_tables

__version__ = "0.1.0"

__all__ = [
    "Category", "Tables", "TablesError", "__version__", "best_five", "category", "compare",
    "deck", "describe", "eval5", "evaluate", "evaluate_batch", "format_card", "format_cards",
    "hand_add", "hand_empty", "hand_merge", "hand_strength", "load_tables", "parse_card",
    "parse_cards",
]
