"""The parameter texts shared through `pokerlut._docs`: each function whose docstring names one
(a ``{game}`` line) is decorated with `shared_parameters` and shows the whole text in its
`__doc__` (so `help()` too), the text fits the function (its parameter, its default), every
text is shared, and no public docstring is left with a placeholder (the public names are
`pokerlut.__all__` and those docs/api.md documents)."""

import ast
import importlib
import inspect
import pydoc
import re
import types
from pathlib import Path

import pytest

import pokerlut
from pokerlut._docs import PARAMETERS, PLACEHOLDER, fill, shared_parameters

SOURCE = Path(pokerlut.__file__).resolve().parent
API_PAGE = Path(__file__).resolve().parents[1] / "docs" / "api.md"


def decorator_names(node: ast.FunctionDef) -> set[str]:
    return {ast.unparse(d).rpartition(".")[2] for d in node.decorator_list}


def placeholder_functions() -> dict[str, tuple[list[str], bool]]:
    """Every module-level function of the source whose docstring holds placeholder lines, by
    dotted path: the names of its placeholders, and whether `shared_parameters` decorates it."""
    found = {}
    for path in sorted(SOURCE.rglob("*.py")):
        if path.name == "_docs.py":
            continue
        parts = path.relative_to(SOURCE.parent).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        for node in ast.parse(path.read_text()).body:
            doc = isinstance(node, ast.FunctionDef) and ast.get_docstring(node, clean=False)
            if doc and PLACEHOLDER.search(doc):
                names = [match.group(2) for match in PLACEHOLDER.finditer(doc)]
                found[f"{module}.{node.name}"] = (names, "shared_parameters" in decorator_names(node))
    return found


FUNCTIONS = placeholder_functions()
USES = {name: sorted(path for path, (names, _) in FUNCTIONS.items() if name in names) for name in PARAMETERS}


def function_at(path: str):
    module, _, name = path.rpartition(".")
    return getattr(importlib.import_module(module), name)


def test_the_functions_are_found():
    assert {
        "pokerlut._evaluate.evaluate",
        "pokerlut._equity.front.equity",
        "pokerlut.stats.count_hands",
    } <= set(FUNCTIONS)
    assert len(USES["game"]) >= 10 and len(USES["threads"]) >= 10


def test_fill_puts_the_text_at_the_placeholders_indent():
    doc = "Summary.\n\n    Parameters\n    ----------\n    {threads}\n        Not with a GPU.\n    "
    assert fill(doc) == (
        "Summary.\n\n    Parameters\n    ----------\n    threads : int, optional\n"
        "        numba threads for this call (default: the caller's `numba.get_num_threads()`).\n"
        "        Not with a GPU.\n    "
    )
    assert fill("Written {game} inline: not a placeholder.") == "Written {game} inline: not a placeholder."
    with pytest.raises(ValueError, match="'gmae'"):
        fill("    {gmae}")


def test_the_decorator_keeps_the_function():
    def f() -> None:
        """One line.

        Parameters
        ----------
        {dead}
        """

    assert shared_parameters(f) is f
    assert "dead : cards, optional\n    Cards out of play." in inspect.getdoc(f)


@pytest.mark.parametrize("path", sorted(FUNCTIONS))
def test_each_function_with_placeholders_is_decorated(path):
    assert FUNCTIONS[path][1], f"{path}: placeholders in its docstring, but not @shared_parameters"


@pytest.mark.parametrize("name", sorted(PARAMETERS))
def test_each_text_is_shared(name):
    assert len(USES[name]) >= 2, f"PARAMETERS[{name!r}] is used by {USES[name]}: share it or inline it"


@pytest.mark.parametrize(("name", "path"), [(name, path) for name in PARAMETERS for path in USES[name]])
def test_the_function_shows_the_text_and_it_fits(name, path):
    function = function_at(path)
    text = PARAMETERS[name]
    assert text in inspect.getdoc(function)
    assert text.splitlines()[1].strip() in pydoc.render_doc(function, renderer=pydoc.plaintext)
    parameter, _, kind = text.splitlines()[0].partition(" : ")
    signature = inspect.signature(function).parameters
    assert parameter in signature, f"{path} has no parameter {parameter!r} for {{{name}}}"
    default = signature[parameter].default
    if "default " in kind:
        assert default == ast.literal_eval(kind.partition("default ")[2]), (
            f"{path}: {parameter}'s default {default!r} is not the shared text's"
        )
    elif kind.endswith("optional"):
        assert default is not inspect.Parameter.empty, f"{path}: {parameter} is required, not optional"
    else:
        assert default is inspect.Parameter.empty, f"{path}: {parameter} is optional, not required"


def test_help_shows_the_texts():
    assert "How hands rank: a name of `pokerlut.games()` or a `Game`." in pokerlut.evaluate.__doc__
    shown = pydoc.render_doc(pokerlut.equity, renderer=pydoc.plaintext)
    assert "The high (or only) hand's game in place of the deal's own" in shown
    assert "numba threads for this call" in shown


def public_objects():
    """The objects of `pokerlut.__all__` and docs/api.md's ``::: name`` entries, with the
    members of each class and module among them."""
    paths = {f"pokerlut.{name}" for name in pokerlut.__all__}
    paths |= set(re.findall(r"^::: ([\w.]+)", API_PAGE.read_text(), re.MULTILINE))
    found = {}
    for path in sorted(paths):
        parts = path.split(".")
        obj = importlib.import_module(parts[0])
        for k in range(2, len(parts) + 1):
            try:  # a module, or a name in the one before
                obj = importlib.import_module(".".join(parts[:k]))
            except ModuleNotFoundError:
                obj = getattr(obj, parts[k - 1])
        found[path] = obj
        if isinstance(obj, (type, types.ModuleType)):
            for member, value in vars(obj).items():
                if not member.startswith("_"):
                    found[f"{path}.{member}"] = value
    return found


def test_no_public_docstring_keeps_a_placeholder():
    found = public_objects()
    assert {"pokerlut.equity", "pokerlut.stats.count_hands", "pokerlut.Game.of"} <= set(found)
    left = [path for path, obj in found.items() if PLACEHOLDER.search(getattr(obj, "__doc__", None) or "")]
    assert not left, f"placeholders left unfilled in {left}"
