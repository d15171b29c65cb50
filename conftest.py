"""Doctests of the slow tier (`make check` leaves out what is marked slow; `make test` runs it):
the numba-code examples, which compile new functions on every run."""

import pytest

SLOW_DOCTESTS = {"pokerlut._jit"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if isinstance(item, pytest.DoctestItem) and item.name in SLOW_DOCTESTS:
            item.add_marker(pytest.mark.slow)
