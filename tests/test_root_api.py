"""The public API is at the package root: `pokerlut.equity(...)` is the function."""

import pokerlut


def test_equity_is_callable_from_the_root_and_its_result_type_importable():
    result = pokerlut.equity(["AsAh", "KsKh"], board="2c 7d 9h Tc")
    assert isinstance(result, pokerlut.EquityResult)
    assert isinstance(result.players[0], pokerlut.PlayerEquity)
    assert result.dealt == 44
    assert len(pokerlut.parse_range("AKs")) == 4


def test_everything_in_all_is_at_the_root():
    assert all(hasattr(pokerlut, name) for name in pokerlut.__all__)
