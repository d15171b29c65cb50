"""Equity: hold'em ranges, exact enumeration and Monte Carlo."""
