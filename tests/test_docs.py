"""The documentation site (mkdocs.yml, docs/) builds with `mkdocs build --strict`, and its API
page is made from the docstrings: every name of `pokerlut.__all__` has an entry, and the
docstrings' doctests are shown as Python sessions. (The tours' examples are doctests of their
own: pytest collects docs/*.md.)"""

import importlib.util
import inspect
import os
import re
import subprocess
import sys
from html import unescape
from pathlib import Path

import pytest

import pokerlut

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("mkdocs") is None,
    reason="mkdocs is not installed: the docs extra is needed (pip install -e '.[docs]')",
)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("docs") / "site"
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")  # mkdocs-material's banner about MkDocs 2
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "--config-file",
            str(ROOT / "mkdocs.yml"),
            "--site-dir",
            str(out),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, f"mkdocs build --strict failed:\n{run.stdout}\n{run.stderr}"
    return out


def test_every_page_is_built(site):
    for page in (
        "index",
        "tour-bulk",
        "tour-equity",
        "omaha-ranges",
        "tour-games",
        "tour-numba",
        "tour-cli",
        "rules",
        "languages",
        "api",
    ):
        path = site / ("index.html" if page == "index" else f"{page}/index.html")
        assert path.is_file(), f"{page} is not in the built site"


def test_api_page_has_the_docstrings(site):
    html = (site / "api" / "index.html").read_text(encoding="utf-8")
    # the opening words of evaluate's docstring, up to the first markup
    words = re.match(r"[\w ,.-]+", inspect.getdoc(pokerlut.evaluate)).group().strip()
    assert len(words.split()) >= 4, words
    assert words in html
    # doctests render as highlighted sessions (scripts/mkdocs_hooks.py), not as block quotes
    assert '<span class="gp">&gt;&gt;&gt; </span>' in html
    assert "<blockquote>" not in html


@pytest.mark.parametrize("name", pokerlut.__all__)
def test_api_page_lists_every_public_name(site, name):
    html = (site / "api" / "index.html").read_text(encoding="utf-8")
    assert re.search(rf'id="pokerlut\.(?:\w+\.)*{re.escape(name)}"', html), (
        f"pokerlut.{name} is in __all__ but not in docs/api.md"
    )


def test_statistics_are_documented(site):
    html = (site / "api" / "index.html").read_text(encoding="utf-8")
    for name in ("count_hands", "by_category"):
        assert f'id="pokerlut.stats.{name}"' in html


def shown_text(html: str) -> str:
    """The words of a piece of the page as a reader sees them: no markup, one space between."""
    return " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())


def test_api_page_shows_the_shared_parameter_texts(site):
    """The texts that `pokerlut._docs.shared_parameters` fills in at run time are on the page too
    (scripts/griffe_shared_parameters.py), and no ``{game}`` placeholder is left."""
    from pokerlut._docs import PARAMETERS

    html = (site / "api" / "index.html").read_text(encoding="utf-8")
    text = shown_text(html)
    for name, entry in PARAMETERS.items():
        assert "{" + name + "}" not in text, f"the placeholder {{{name}}} is on the API page"
        description = " ".join(" ".join(entry.splitlines()[1:]).replace("`", "").split())
        assert description in text, f"{name}: {description!r} is not on the API page"
    equity = shown_text(html[html.index('id="pokerlut.equity"') : html.index('id="pokerlut.deals"')])
    assert PARAMETERS["game_in_place_of_deal"].splitlines()[1].strip() in equity
