"""Video poker: the exact return of a pay table under optimal play, and the value of every hold.

Five cards are dealt; the player keeps any of them (32 holds) and draws the rest from the
cards left. A `Paytable` says what each final hand pays per coin: its lines are read top
down, and a hand is paid by the first line its class (by the game's ranking, wild cards
included) matches. Everything is counted exactly in integers (`pokerlut._kernels.video_poker`).

The package's modules, each importing only those before it:

- `pays`: what a pay table is (`PayLine`, `Paytable`);
- `built_in`: the built-in pay tables, found by name (`paytables`, `paytable`);
- `counting`: a pay table made ready to count (every final hand's line, the subset sums);
- `best_play`: every deal played with its best hold (`video_poker`, `VideoPoker`);
- `hold_values`: the 32 holds of one hand, valued exactly (`holds`, `Hold`).

>>> from pokerlut import format_cards
>>> best = holds("Ah Kh Qh Jh 2s", "jacks-or-better-9-6")[0]
>>> format_cards(best.keep), best.value
('Ah Kh Qh Jh', Fraction(872, 47))
>>> game = video_poker("jacks-or-better-9-6")
>>> f"{game.expected_return:.4%}", game.kept[5]  # 19,488 deals are kept whole
('99.5439%', 19488)
"""

from .best_play import VideoPoker, video_poker
from .built_in import paytable, paytables
from .hold_values import Hold, holds
from .pays import NOTHING, PayLine, Paytable

__all__ = [
    "NOTHING",
    "Hold",
    "PayLine",
    "Paytable",
    "VideoPoker",
    "holds",
    "paytable",
    "paytables",
    "video_poker",
]
