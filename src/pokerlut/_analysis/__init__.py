"""Range analysis as players do it: equity after each next card (`equity_by_card`), each hand
of a range's equity (`equity_distribution`), and outs (`outs`)."""

from .by_card import EquityByCard, equity_by_card
from .distribution import EquityDistribution, equity_distribution
from .outs import Outs, outs

__all__ = ["EquityByCard", "EquityDistribution", "Outs", "equity_by_card", "equity_distribution", "outs"]
