"""Equity: exact enumeration and Monte Carlo over hands and ranges, hold'em and Omaha."""

from .deal import deals
from .engine import equity
from .ranges import Range, parse_range
from .result import EquityResult, PlayerEquity

__all__ = ["EquityResult", "PlayerEquity", "Range", "deals", "equity", "parse_range"]
