"""Range analysis as players do it: equity after each next card (`equity_by_card`), each hand
of a range's equity (`equity_distribution`), outs (`outs`), a hand's made hand and draws
(`hand_on_board`) and a range's (`breakdown`)."""

from .breakdown import Breakdown, breakdown
from .by_card import EquityByCard, equity_by_card
from .distribution import EquityDistribution, equity_distribution
from .made import HandOnBoard, hand_on_board
from .outs import Outs, outs

__all__ = [
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
]
