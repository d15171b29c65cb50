"""What the `pokerlut` command's parsers share: a subcommand whose help ends with examples,
usage errors on one line whatever was typed, an option's old name kept one release.

Each command module adds its own subcommand (`add_range`, `add_history`) with these; the
parser itself is `_parser.build_parser`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

__all__ = ["Parser", "command", "one_line", "renamed_option"]


def command(
    sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str, help: str, examples: tuple[str, ...]
) -> argparse.ArgumentParser:
    """A subcommand whose --help ends with examples."""
    return sub.add_parser(
        name,
        help=help,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n" + "\n".join(f"  {line}" for line in examples),
    )


def one_line(text: str) -> str:
    r"""`text` with line breaks and other unprintable characters escaped, so that an error
    message quoting what was typed stays on one line.

    >>> one_line("unrecognized arguments: --x\ny")
    'unrecognized arguments: --x\\ny'
    """
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class Parser(argparse.ArgumentParser):
    """argparse's parser, whose usage errors end in one line whatever was typed (argparse
    quotes unknown words as they are, line breaks included); its subcommands' too."""

    def error(self, message: str) -> NoReturn:
        super().error(one_line(message))


class _OldName(argparse.Action):
    """An option's name until this release, hidden from --help and kept one more: it sets the
    new option's value, and says on stderr that it is deprecated (a command line shows no
    DeprecationWarning)."""

    def __init__(self, option_strings: Sequence[str], dest: str, *, new: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, default=argparse.SUPPRESS, help=argparse.SUPPRESS, **kwargs)
        self.new = new

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        print(
            f"pokerlut: {option_string} is deprecated: use {self.new} (the old name goes in the next release)",
            file=sys.stderr,
        )
        setattr(namespace, self.dest, values)


def renamed_option(p: argparse.ArgumentParser, new: str, old: str, **kwargs: Any) -> None:
    """Option `new`, and `old`, its name until this release, as a hidden alias (`_OldName`)."""
    action = p.add_argument(new, **kwargs)
    alias = {k: v for k, v in kwargs.items() if k in ("type", "choices", "metavar")}
    p.add_argument(old, action=_OldName, dest=action.dest, new=new, **alias)
