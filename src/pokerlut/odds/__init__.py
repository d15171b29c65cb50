"""Equity: exact enumeration and Monte Carlo over hands and ranges, hold'em and Omaha."""

from .engine import EquityResult, PlayerEquity, equity
from .ranges import Range, parse_range

__all__ = ["EquityResult", "PlayerEquity", "Range", "equity", "parse_range"]
