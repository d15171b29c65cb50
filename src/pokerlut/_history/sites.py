"""Hand histories in the text formats of the poker sites that pokerkit parses (PokerStars, Full
Tilt, PartyPoker, Ongame, Absolute, iPoker: no-limit hold'em), each hand scored as a PHH hand
is (`phh`).

pokerkit's parsers find a file's hands with a pattern of their site and parse them one by one,
warning (and printing a traceback) for a hand they cannot read. Here each hand is cut out with
the same pattern and parsed alone, quietly: one that does not parse is kept with its number and
reason, and the rest of the file is read.
"""

from __future__ import annotations

import contextlib
import io
import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .phh import Scored, score_history

__all__ = ["SITES", "read"]

#: pokerkit's parsers of the sites' text formats, by the site's name
SITES = {
    "PokerStars": "PokerStarsParser",
    "Full Tilt Poker": "FullTiltPokerParser",
    "PartyPoker": "PartyPokerParser",
    "Ongame": "OngameNetworkParser",
    "Absolute Poker": "AbsolutePokerParser",
    "iPoker": "IPokerNetworkParser",
}


def read(path: str | Path) -> Iterator[Scored]:
    """Every hand of a site's hand-history file, scored, in the file's order; a file in no
    format pokerkit parses is one entry whose reason says so."""
    import pokerkit

    text = Path(path).read_text(encoding="utf-8-sig", errors="replace")
    for site, name in SITES.items():
        parser = getattr(pokerkit, name)()
        hands = re.findall(parser.HAND, text)
        if hands:
            for number, hand in enumerate(hands, 1):
                yield _parsed(parser, site, hand, str(path), number)
            return
    yield Scored(str(path), 0, (), (), None, "no hand of a site pokerkit reads: " + ", ".join(SITES))


def _parsed(parser: Any, site: str, text: str, file: str, number: int) -> Scored:
    """One hand of a site's text, parsed by pokerkit and scored."""
    try:
        with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
            warnings.simplefilter("ignore", UserWarning)  # pokerkit's advice on the fields
            history = next(iter(parser(text, error_status=True)))
            return score_history(history, file, number)
    except Exception as error:  # pokerkit's errors are of many kinds: each names the hand
        cause = error.__context__ or error  # the parser's own error quotes the whole hand
        text = f"{type(cause).__name__}: {cause}"
        return Scored(file, number, (), (), None, f"does not read as {site}: {text[:200]}")
