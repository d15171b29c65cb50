"""`Series.poker` registered whenever pandas is imported, before or after pokerlut, without
importing pandas here (it would double `import pokerlut`'s time).

When pandas is already imported, the accessor is registered now; else a finder on
`sys.meta_path` waits for pandas' import, registers it the moment pandas has run, and leaves.
The registration only touches pandas' own attributes and imports nothing (an import there, while
pandas' import is still under way, could deadlock a thread that imports pandas lazily, as pyarrow
does): what is registered is `_Poker`, which imports `pokerlut.frame` on first use.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types
from collections.abc import Sequence
from typing import Any


class _Poker:
    """`Series.poker`: `pokerlut.frame.PokerAccessor`, imported on first use."""

    def __new__(cls, series: Any) -> Any:
        from .frame import PokerAccessor

        return PokerAccessor(series)


def _register(pandas: types.ModuleType) -> None:
    pandas.api.extensions.register_series_accessor("poker")(_Poker)


class _AfterPandas(importlib.abc.MetaPathFinder):
    """Finds nothing itself: on the first import of pandas it steps aside, finds pandas' spec
    as Python would, and has its loader register the accessor after executing pandas."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != "pandas":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec("pandas")
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        loader = spec.loader
        run = loader.exec_module

        def exec_module(module: types.ModuleType) -> None:
            run(module)
            _register(module)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def register_when_pandas_is_imported() -> None:
    """Register `Series.poker` now if pandas is imported, else when it is."""
    if "pandas" in sys.modules:
        _register(sys.modules["pandas"])
    elif not any(isinstance(f, _AfterPandas) for f in sys.meta_path):
        sys.meta_path.insert(0, _AfterPandas())
