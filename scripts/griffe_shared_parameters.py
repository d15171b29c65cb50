"""Griffe extension (mkdocs.yml, mkdocstrings' python handler `extensions:`): the documentation
site shows the shared parameter texts of `pokerlut._docs`.

mkdocstrings reads the docstrings from the source, where a function decorated with
`shared_parameters` holds placeholder lines (``{game}``) that the decorator fills only when
the module runs. This fills them the same way, with the same `fill`, in every such function's
docstring as griffe reads it. `_docs.py` is loaded from its file, so that the build neither
imports pokerlut nor needs it installed (the module imports nothing of pokerlut's).
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path
from typing import Any

from griffe import Extension, Function

_DOCS_PATH = Path(__file__).resolve().parents[1] / "src" / "pokerlut" / "_docs.py"


def _load_docs() -> Any:
    spec = importlib.util.spec_from_file_location("pokerlut_shared_parameter_texts", _DOCS_PATH)
    assert spec and spec.loader, _DOCS_PATH
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_docs = _load_docs()


class SharedParameters(Extension):
    """Fill the placeholders of each function decorated with `shared_parameters`."""

    def on_function_instance(self, *, node: ast.AST | Any, func: Function, **kwargs: Any) -> None:
        decorated = any(str(d.value).rpartition(".")[2] == "shared_parameters" for d in func.decorators)
        if decorated and func.docstring is not None:
            func.docstring.value = _docs.fill(func.docstring.value)
