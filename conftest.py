"""Doctests of the slow tier (`make check` leaves out what is marked slow; `make test` runs it):
the numba-code examples, which compile new functions on every run. And the GPU tests' device:
numba-cuda's simulator (no GPU needed) unless POKERLUT_GPU=device asks for the real GPU. It is
set here, before anything imports numba: numba reads NUMBA_ENABLE_CUDASIM once, when it is
first imported, so a test module that set it itself would find it ignored whenever another
module of the same pytest worker had imported numba first."""

import os

if os.environ.get("POKERLUT_GPU") != "device":
    os.environ["NUMBA_ENABLE_CUDASIM"] = "1"

import pytest  # noqa: E402

SLOW_DOCTESTS = {"pokerlut._jit"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if isinstance(item, pytest.DoctestItem) and item.name in SLOW_DOCTESTS:
            item.add_marker(pytest.mark.slow)
