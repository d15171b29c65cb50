"""Every public function's docstring is in numpydoc form (what mkdocstrings renders with
`docstring_style: numpy`): a one-line summary, then `Parameters` naming exactly the signature's
parameters in order, `Returns`, `Raises` naming exceptions, and `Examples` holding doctests.

The sections are read by the few lines of `sections` below (numpydoc itself is not a
dependency). The numba kernels (eval5, hand_strength, ...) and the classes are left out."""

import ast
import builtins
import inspect
import re

import pytest

import pokerlut

ORDER = ("Parameters", "Returns", "Raises", "Warns", "Examples")  # numpydoc's order of these sections
UNDERLINE = re.compile(r"-{3,}")
FUNCTIONS = [name for name in pokerlut.__all__ if inspect.isfunction(getattr(pokerlut, name))]


def sections(doc: str) -> dict[str, list[str]]:
    """The lines of each numpydoc section (a title, then a line of dashes as long as it) by
    title, in order; the summary and paragraphs before the first section under ""."""
    lines = doc.splitlines()
    found: dict[str, list[str]] = {"": []}
    title = ""
    i = 0
    while i < len(lines):
        line = lines[i]
        if (
            i + 1 < len(lines)
            and line.strip()
            and not line.startswith(" ")
            and UNDERLINE.fullmatch(lines[i + 1])
        ):
            assert len(lines[i + 1]) == len(line), f"the underline of {line!r} is not as long as it"
            assert line not in found, f"two {line!r} sections"
            title = line
            found[title] = []
            i += 2
            continue
        found[title].append(line)
        i += 1
    return found


def entries(lines: list[str]) -> list[str]:
    """The unindented lines of a section: `name : type` (Parameters), a type or `name : type`
    (Returns), an exception (Raises); the indented lines under them describe them."""
    return [line for line in lines if line.strip() and not line[0].isspace()]


def documented_parameters(lines: list[str]) -> list[str]:
    """The names of a Parameters section: `a : type` names a, `a, b : type` names a and b."""
    names: list[str] = []
    for entry in entries(lines):
        names += [name.strip() for name in entry.partition(" : ")[0].split(",")]
    return names


def signature_parameters(function) -> list[str]:
    """The parameters a caller names: all but a `*more` catch-all (documented under Raises)."""
    return [
        p.name
        for p in inspect.signature(function).parameters.values()
        if p.kind is not inspect.Parameter.VAR_POSITIONAL
    ]


def docstring(name: str) -> str:
    doc = inspect.getdoc(getattr(pokerlut, name))
    assert doc, f"pokerlut.{name} has no docstring"
    return doc


def test_the_parser():
    doc = (
        "One line.\n\nMore.\n\nParameters\n----------\na, b : int\n    Two.\nc : str, optional\n"
        "    One.\n\nReturns\n-------\nint\n    A number.\n\nExamples\n--------\n>>> 1\n1"
    )
    found = sections(doc)
    assert list(found) == ["", "Parameters", "Returns", "Examples"]
    assert documented_parameters(found["Parameters"]) == ["a", "b", "c"]
    assert entries(found["Returns"]) == ["int"]
    with pytest.raises(AssertionError, match="underline"):
        sections("One line.\n\nReturns\n----\nint")


def test_the_functions_are_found():
    assert {"evaluate", "equity", "load_tables", "to_treys", "paytables"} <= set(FUNCTIONS)
    assert not {"eval5", "hand_strength", "omaha_strength", "Game", "Range"} & set(FUNCTIONS)


@pytest.mark.parametrize("name", FUNCTIONS)
def test_parameters_are_the_signatures(name):
    function = getattr(pokerlut, name)
    found = sections(docstring(name))
    expected = signature_parameters(function)
    if not expected:
        assert "Parameters" not in found, f"{name} takes no parameters but documents some"
        return
    assert "Parameters" in found, f"{name} has no Parameters section"
    assert documented_parameters(found["Parameters"]) == expected, (
        f"{name}: the Parameters section does not name the signature's parameters in order"
    )


@pytest.mark.parametrize("name", FUNCTIONS)
def test_choices_start_with_the_default(name):
    """numpydoc's `{"a", "b"}` lists the default first, and mkdocstrings shows it as the
    default: a parameter whose default is not one of the choices is typed otherwise."""
    defaults = {p.name: p.default for p in inspect.signature(getattr(pokerlut, name)).parameters.values()}
    for entry in entries(sections(docstring(name)).get("Parameters", [])):
        names, _, kind = entry.partition(" : ")
        if kind.startswith("{"):
            first = ast.literal_eval(kind[1 : kind.index("}")].split(",")[0].strip())
            for parameter in names.split(","):
                assert defaults[parameter.strip()] == first, (
                    f"{name}: {parameter.strip()}'s choices do not start with its default"
                )


@pytest.mark.parametrize("name", FUNCTIONS)
def test_sections(name):
    doc = docstring(name)
    found = sections(doc)
    assert set(found) <= {"", *ORDER}, f"{name}: unexpected sections {set(found) - {'', *ORDER}}"
    titles = [title for title in found if title]
    assert titles == sorted(titles, key=ORDER.index), f"{name}: sections out of order {titles}"
    summary = found[""]
    assert summary and summary[0].strip() and (len(summary) == 1 or not summary[1].strip()), (
        f"{name}: the summary is not one line followed by a blank line"
    )
    assert summary[0].rstrip().endswith("."), f"{name}: the summary is not a sentence"
    assert entries(found.get("Returns", [])), f"{name} has no Returns section"
    assert any(line.lstrip().startswith(">>>") for line in found.get("Examples", [])), (
        f"{name} has no Examples section with a doctest"
    )
    assert not any(line.lstrip().startswith(">>>") for line in summary), (
        f"{name}: a doctest before the sections: move it under Examples"
    )


@pytest.mark.parametrize("name", FUNCTIONS)
def test_raises_names_exceptions(name):
    raised = entries(sections(docstring(name)).get("Raises", []))
    for exception in raised:
        cls = getattr(builtins, exception, None) or getattr(pokerlut, exception, None)
        assert isinstance(cls, type) and issubclass(cls, BaseException), (
            f"{name}: Raises names {exception!r}, not an exception"
        )


@pytest.mark.parametrize("name", [n for n in FUNCTIONS if signature_parameters(getattr(pokerlut, n))])
def test_functions_that_check_their_arguments_say_what_they_raise(name):
    assert entries(sections(docstring(name)).get("Raises", [])), f"{name} has no Raises section"
