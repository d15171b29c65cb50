"""MkDocs hook (mkdocs.yml `hooks:`): show the docstrings' doctest examples as Python sessions.

The docstrings are plain text with unfenced doctests (`>>> evaluate(...)` then the result).
Markdown would read each `>>>` as three nested block quotes and run the lines together (and a
line such as `[51, 0, 33]` after `[...]` as a link). This adds a block processor, ahead of
the block quote one, that turns every block starting with `>>>` into a highlighted `pycon`
code block, doctest flags removed. Fenced blocks (the tours, the rule book) never reach it.
"""

from __future__ import annotations

import re
from xml.etree.ElementTree import Element

from markdown.blockprocessors import BlockProcessor
from markdown.extensions import Extension
from mkdocs.plugins import event_priority
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonConsoleLexer

DOCTEST_FLAGS = re.compile(r"\s*#\s*doctest:.*$", re.MULTILINE)
BLANKLINE = re.compile(r"^<BLANKLINE>$", re.MULTILINE)


class _Pycon(BlockProcessor):
    def test(self, parent: Element, block: str) -> bool:
        return block.startswith(">>>")

    def run(self, parent: Element, blocks: list[str]) -> None:
        text = BLANKLINE.sub("", DOCTEST_FLAGS.sub("", blocks.pop(0)))
        html = highlight(text, PythonConsoleLexer(), HtmlFormatter(cssclass="highlight"))
        paragraph = Element("p")
        paragraph.text = self.parser.md.htmlStash.store(html)
        parent.append(paragraph)


class PyconExtension(Extension):
    def extendMarkdown(self, md) -> None:  # noqa: N802 (Markdown's name)
        md.parser.blockprocessors.register(_Pycon(md.parser), "pycon", 25)  # quote: 20


@event_priority(100)  # before mkdocstrings reads the Markdown extensions
def on_config(config):
    config.markdown_extensions.append(PyconExtension())
    return config
