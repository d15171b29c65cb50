"""Every deal of a pay table played with its best hold (`video_poker`), and the result: how often
each line pays, the cards the best hold keeps, the exact return and variance (`VideoPoker`)."""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numba
import numpy as np

from .._deprecation import renamed_attribute
from .._docs import shared_parameters
from .._kernels import video_poker as kernel
from .._parallel import LANE_ROW, parallel_section
from .._warmup import Job
from . import built_in
from .counting import counted
from .pays import NOTHING, Paytable


_buffers = threading.local()  # per calling thread: concurrent games never share one


def _weights(lanes: int, entries: int) -> np.ndarray:
    """The lanes' weights of every subset (zeroed by each lane in `kernel.best_holds`), kept
    for this thread's next game: mapping 23 MB of fresh pages per lane costs more than it."""
    found = getattr(_buffers, "weights", None)
    if found is None or found.shape != (lanes, entries):
        found = _buffers.weights = np.empty((lanes, entries), np.int64)
    return found


@dataclass(frozen=True)
class VideoPoker:
    """A pay table played with the best hold on every deal: how often each line pays, how
    many cards the best hold keeps, and from those the exact return and variance per coin.
    A tie between holds goes to the one that keeps more cards (then the earlier cards).

    `to_dict` gives plain data for JSON (fractions as floats, with their exact text beside
    them); `to_frame` a DataFrame with a row per line of the pay table.

    >>> r = video_poker("jacks-or-better-9-6")
    >>> r
    VideoPoker(jacks-or-better-9-6, 2,598,960 deals, return 99.5439%, variance 19.5147)
    >>> r.to_frame().loc["royal flush", ["pays", "probability"]].round(8).tolist()
    [800.0, 2.476e-05]
    """

    paytable: Paytable
    dealt: int  # every five of the deck (until this release `deals`, still read with a warning)
    probabilities: dict[str, Fraction]  # final hand by line (and NOTHING), under best play
    kept: dict[int, int]  # cards kept -> the deals where that is the best hold
    exact_return: Fraction  # the mean over deals of the best hold's expected payout

    deals = renamed_attribute("VideoPoker", "deals", "dealt")

    @property
    def expected_return(self) -> float:
        """The return per coin bet (1.0: an even game)."""
        return float(self.exact_return)

    @property
    def exact_variance(self) -> Fraction:
        """The variance of the payout of one game, per coin."""
        pays = {line.name: Fraction(line.pays) for line in self.paytable.lines}
        mean_square = sum(p * pays[name] ** 2 for name, p in self.probabilities.items() if name != NOTHING)
        return mean_square - self.exact_return**2

    @property
    def variance(self) -> float:
        """`exact_variance` as a float."""
        return float(self.exact_variance)

    def __repr__(self) -> str:
        return (
            f"VideoPoker({self.paytable.name}, {self.dealt:,} deals, return "
            f"{self.expected_return:.4%}, variance {self.variance:.4f})"
        )

    def _pays(self) -> dict[str, Fraction]:
        return {line.name: Fraction(line.pays) for line in self.paytable.lines}

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: the pay table's name, deck size and wild cards, the deals
        dealt, the return and variance (floats, and the exact return as text), each line's
        payout and probability (float and exact text), and the deals by cards kept. "deck"
        and "deals", the old keys of "deck_size" and "dealt", are there too, for one release."""
        pays = self._pays()
        return {
            "paytable": self.paytable.name,
            "deck_size": self.paytable.deck_size,
            "deck": self.paytable.deck_size,
            "wild": self.paytable.wild,
            "dealt": self.dealt,
            "deals": self.dealt,
            "return": self.expected_return,
            "return_exact": str(self.exact_return),
            "variance": self.variance,
            "lines": [
                {"line": name, "pays": str(pays.get(name, 0)), "probability": float(p), "exact": str(p)}
                for name, p in self.probabilities.items()
            ],
            "kept": {str(k): n for k, n in self.kept.items()},
        }

    def to_frame(self) -> Any:
        """A pandas DataFrame, a row per final hand (the pay table's lines, then NOTHING):
        pays, probability and its share of the return (floats)."""
        import pandas as pd

        pays = self._pays()
        return pd.DataFrame(
            [
                {
                    "pays": float(pays.get(name, 0)),
                    "probability": float(p),
                    "return": float(p * pays.get(name, 0)),
                }
                for name, p in self.probabilities.items()
            ],
            index=pd.Index(list(self.probabilities), name="line"),
        )


@shared_parameters
def video_poker(paytable: str | Paytable, *, threads: int | None = None) -> VideoPoker:
    """Every deal of a pay table played with the hold of the highest expected payout.

    Everything is counted exactly, in integers: see `VideoPoker`.

    Parameters
    ----------
    paytable : str or Paytable
        A name of `paytables()`, or a `Paytable`.
    {threads}

    Returns
    -------
    VideoPoker
        How often each line pays, how many cards the best hold keeps, the exact return and
        variance per coin.

    Raises
    ------
    TypeError
        `paytable` that is neither a str nor a `Paytable`.
    ValueError
        An unknown pay table's name; payouts too large (or too finely divided) to count
        exactly in 64-bit integers.

    Examples
    --------
    >>> r = video_poker("deuces-wild")
    >>> f"{r.expected_return:.4%} return, variance {r.variance:.2f}"
    '100.7620% return, variance 25.83'
    >>> f"one game in {float(1 / r.probabilities['natural royal flush']):,.0f} ends in a natural royal"
    'one game in 45,282 ends in a natural royal'
    """
    table = built_in.paytable(paytable)
    c = counted(table, threads)
    with parallel_section(threads):
        lanes = numba.get_num_threads()
        n, entries = c.n, len(c.sums)
        deals = math.comb(n, 5)
        kept = np.zeros((lanes, LANE_ROW), np.int64)
        weights = _weights(lanes, entries)
        payout = np.zeros(-(-deals // kernel.RUN), np.int64)
        cards, index = np.zeros((lanes, LANE_ROW), np.int64), np.zeros((lanes, LANE_ROW), np.int64)
        kernel.best_holds(
            c.sums,
            n,
            c.binom,
            c.offsets,
            np.array(c.scale),
            lanes,
            kept,
            weights,
            payout,
            cards,
            index,
            np.zeros((lanes, LANE_ROW), np.int64),
        )
        counts = np.zeros((lanes, len(c.pays) + LANE_ROW), np.int64)
        kernel.line_counts(weights, c.line, n, c.binom, c.offsets, lanes, counts, cards, index)
    total = deals * c.draws[0] * c.scale[0]  # every deal's draws, in units of 1 / L
    names = [line.name for line in table.lines] + [NOTHING]
    probabilities = {name: Fraction(int(x), total) for name, x in zip(names, counts.sum(axis=0))}
    return VideoPoker(
        table,
        deals,
        probabilities,
        dict(enumerate(kept.sum(axis=0)[:6].tolist())),
        Fraction(sum(payout.tolist()), total * c.unit),
    )


def warm_jobs() -> list[Job]:
    """The warm-up call of video poker (`pokerlut warm`): one set of kernels for every pay
    table."""
    return [Job("video_poker", _warm_up, (), 4.0)]


def _warm_up() -> None:
    video_poker("jacks-or-better-9-6")
