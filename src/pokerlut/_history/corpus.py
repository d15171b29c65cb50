"""A player's hand histories read whole: `read_histories(paths)` scores every hand of every
file (`phh`) and gives a row per hand and player (`Histories.hands`), the per-player summary a
tracker shows (net won, all-in adjusted, luck and how many standard deviations it is, win
rates in big blinds per 100 hands; `Histories.summary`) and its graph (`Histories.graph`).
docs/hand-histories.md defines every figure.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path
from typing import Any, Union

import numba
import numpy as np

from . import phh, sites

__all__ = ["HAND_COLUMNS", "SUMMARY_COLUMNS", "Histories", "counted", "history_files", "read_histories"]

Paths = Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]]
SUFFIXES = (".phh", ".phhs", ".txt", ".xml")  # PHH; the sites' text (iPoker's is XML)
# Files are read in processes when they hold at least this much (some 3,000 hands): each
# process starts in about a second (Python, pokerlut, pokerkit)
PARALLEL_BYTES = 2 << 20

#: `Histories.hands`' columns, in order
HAND_COLUMNS = (
    "file",
    "hand",
    "variant",
    "player",
    "seat",
    "big_blind",
    "net",
    "rake",
    "allin",
    "allin_ev",
    "adjusted",
    "luck",
    "luck_variance",
    "showdown",
    "reason",
)
#: `Histories.summary`'s columns, in order
SUMMARY_COLUMNS = (
    "hands",
    "net",
    "rake",
    "adjusted",
    "luck",
    "luck_sd",
    "luck_z",
    "bb_per_100",
    "adjusted_bb_per_100",
    "allins",
    "allins_unscored",
    "showdown_net",
    "non_showdown_net",
)


def counted(hands: int, players: int, files: int, skipped: int) -> str:
    """What was read, in words.

    >>> counted(1, 2, 1, 0), counted(1_200, 31, 2, 1)
    ('1 hand of 2 players in 1 file, 0 skipped', '1,200 hands of 31 players in 2 files, 1 skipped')
    """

    def many(n: int, word: str) -> str:
        return f"{n:,} {word}{'s' * (n != 1)}"

    return f"{many(hands, 'hand')} of {many(players, 'player')} in {many(files, 'file')}, {skipped:,} skipped"


def history_files(paths: Paths) -> list[Path]:
    """The hand-history files named: each file as given, each folder's ``.phh``, ``.phhs``,
    ``.txt`` and ``.xml`` files (its subfolders' too) in name order.

    >>> history_files([])
    Traceback (most recent call last):
    ...
    ValueError: no hand-history file: give .phh or .phhs files, or folders holding them
    """
    if isinstance(paths, (str, os.PathLike)):
        given = [paths]
    elif isinstance(paths, Iterable):
        given = list(paths)
    else:
        raise TypeError(f"paths: a file or folder, or a sequence of them, not {type(paths).__name__}")
    found: list[Path] = []
    for item in given:
        path = Path(item)
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.suffix in SUFFIXES and p.is_file())
        elif path.is_file():
            found.append(path)
        else:
            raise FileNotFoundError(f"no such file or folder: {str(path)!r}")
    if not found:
        raise ValueError("no hand-history file: give .phh or .phhs files, or folders holding them")
    return found


@dataclass(frozen=True, eq=False)
class Histories:
    """What `read_histories` returns: every hand scored, a row per hand and player.

    Attributes
    ----------
    hands : pandas.DataFrame
        A row per hand and player dealt in, in the files' order (columns `HAND_COLUMNS`):
        ``file``, ``hand`` (its number in the file), ``variant`` (PHH's code), ``player``,
        ``seat`` (his place in the record, 0 first), ``big_blind``; ``net`` (chips won, before
        rake: the replay's result), ``rake`` (his part of what left the table, where the
        record says); ``allin`` (the hand qualifies for all-in EV), ``allin_ev`` (NaN
        otherwise), ``adjusted`` (the all-in EV when it qualifies, else net), ``luck`` (net
        less all-in EV; 0 when it does not qualify), ``luck_variance`` (the variance of his
        result over the completions the EV averages); ``showdown`` (still in at a showdown);
        ``reason`` (why a hand that went all-in is not scored; "" otherwise).
    skipped : pandas.DataFrame
        The hands that could not be read or replayed: ``file``, ``hand``, ``reason``. The
        rest of each file is read.
    files : int
        The files read.
    """

    hands: Any
    skipped: Any
    files: int

    def __repr__(self) -> str:
        players = self.hands["player"].nunique()
        count = len(self.hands.drop_duplicates(["file", "hand"]))
        return f"Histories({counted(count, players, self.files, len(self.skipped))})"

    def summary(self, player: str | Sequence[str] | None = None) -> Any:
        """A row per player (columns `SUMMARY_COLUMNS`), most hands first.

        ``hands``; ``net``, ``rake``, ``adjusted`` (all-in adjusted net), ``luck`` (net less
        adjusted), ``luck_sd`` (its standard deviation: the square root of the summed
        variances of the all-ins scored), ``luck_z`` (luck in standard deviations: how far
        above or below expectation he ran; NaN without a scored all-in), ``bb_per_100`` and
        ``adjusted_bb_per_100`` (net and adjusted in big blinds per 100 hands), ``allins`` (the
        scored all-ins he was in to the end), ``allins_unscored`` (hands he was in to the end
        that went all-in but could not be scored: their reasons are in `hands`), ``showdown_net`` and ``non_showdown_net`` (net won in
        the hands he was at a showdown, and in the others).

        Parameters
        ----------
        player : str or sequence of str, optional
            Only these players (each must be in the hands); default every player.
        """
        hands = self._of(player)
        bb = hands["big_blind"].where(hands["big_blind"] > 0)
        frame = hands.assign(
            net_bb=hands["net"] / bb,
            adjusted_bb=hands["adjusted"] / bb,
            allins=hands["allin"] & hands["showdown"],
            allins_unscored=(hands["reason"] != "") & hands["showdown"],
            showdown_net=hands["net"].where(hands["showdown"], 0.0),
            non_showdown_net=hands["net"].where(~hands["showdown"], 0.0),
        )
        summed = ["net", "rake", "adjusted", "luck", "luck_variance", "net_bb", "adjusted_bb"]
        summed += ["allins", "allins_unscored", "showdown_net", "non_showdown_net"]
        by_player = frame.groupby("player", sort=False)
        out = by_player[summed].sum()
        out.insert(0, "hands", by_player.size())
        out["luck_sd"] = np.sqrt(out.pop("luck_variance"))
        out["luck_z"] = out["luck"] / out["luck_sd"].where(out["luck_sd"] > 0)
        out["bb_per_100"] = 100 * out.pop("net_bb") / out["hands"]
        out["adjusted_bb_per_100"] = 100 * out.pop("adjusted_bb") / out["hands"]
        return out[list(SUMMARY_COLUMNS)].sort_values("hands", ascending=False, kind="stable")

    def graph(self, player: str, png: str | os.PathLike[str] | None = None) -> Any:
        """The graph every tracker draws, for one player: his net won, all-in adjusted net,
        showdown and non-showdown winnings, summed over his hands in the files' order.

        Parameters
        ----------
        player : str
            The player.
        png : path, optional
            Also save the figure there as a PNG.

        Returns
        -------
        matplotlib.figure.Figure
        """
        from ..distributed import need

        need("matplotlib", "plot")
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        hands = self._of(player)
        x = np.arange(1, len(hands) + 1)
        fig, ax = plt.subplots(figsize=(9, 5), dpi=100)
        showdown = hands["showdown"].to_numpy()
        net = hands["net"].to_numpy()
        lines = {
            "net won": net,
            "all-in adjusted": hands["adjusted"].to_numpy(),
            "showdown": np.where(showdown, net, 0.0),
            "non-showdown": np.where(showdown, 0.0, net),
        }
        for (label, values), colour in zip(lines.items(), ("tab:green", "tab:orange", "tab:blue", "tab:red")):
            ax.plot(x, np.cumsum(values), label=label, color=colour, linewidth=1.2)
        ax.axhline(0, color="0.5", linewidth=0.6)
        ax.set_xlabel("hands")
        ax.set_ylabel("chips won")
        ax.set_title(f"{player}: {len(hands):,} hands")
        ax.legend(loc="upper left")
        fig.tight_layout()
        if png is not None:
            fig.savefig(png)
        return fig

    def to_parquet(self, path: str | os.PathLike[str]) -> None:
        """Write `hands` to a Parquet file (the ``pandas`` extra)."""
        self.hands.to_parquet(path, index=False)

    def _of(self, player: str | Sequence[str] | None) -> Any:
        """The rows of `hands` of these players (all: None); a name not there is an error."""
        if player is None:
            return self.hands
        wanted = [player] if isinstance(player, str) else list(player)
        missing = sorted(set(wanted) - set(self.hands["player"]))
        if missing:
            raise ValueError(f"no hand of player {missing[0]!r} in these histories")
        return self.hands[self.hands["player"].isin(wanted)]


def read_histories(
    paths: Paths,
    *,
    threads: int | None = None,
    scheduler: str | None = None,
    workers: int | None = None,
    client: Any = None,
    parts: str | os.PathLike[str] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Histories:
    """Read hand histories and score them: net won, all-in EV with side pots, and luck.

    Every hand's net won and, for the hands that went all-in before the last card, the all-in
    EV with side pots (docs/hand-histories.md). Needs pokerkit (the ``history`` extra) and
    pandas (``pandas``). A hand that cannot be read or replayed is skipped with its file,
    number and reason; the rest of the file is read.

    Parameters
    ----------
    paths : path or sequence of paths
        Hand-history files: PHH (``.phh``: a hand; ``.phhs``: many), or a site's text (``.txt``,
        ``.xml``: the formats pokerkit parses); and folders of them (read with their
        subfolders).
    threads : int, optional
        Processes reading files at once, without Dask (several files of 2 MiB or more in all);
        default the caller's ``numba.get_num_threads()``.
    scheduler : str, optional
        Read the files on Dask (the ``distributed`` extra), a task per file: ``"local"`` (a new
        local cluster of `workers` processes) or a running scheduler's address
        (``"tcp://host:8786"``).
    workers : int, optional
        With ``scheduler="local"``: the cluster's worker processes (default: the cores).
    client : distributed.Client, optional
        Read on this client's cluster (in place of `scheduler`).
    parts : path, optional
        A folder where each file's rows are kept as a Parquet part as soon as it is read; a
        rerun on the same files reads only the files whose part is not there (resume).
    progress : callable, optional
        Called with the number of files read so far, after each.

    Returns
    -------
    Histories
        A row per hand and player (`Histories.hands`), the hands skipped with their reasons,
        the per-player summary (`Histories.summary`) and graph (`Histories.graph`).

    Raises
    ------
    FileNotFoundError
        A path that is not there.
    TypeError
        Paths that are not paths.
    ValueError
        No hand-history file among the paths; `parts` holding another job's parts.

    Examples
    --------
    >>> import pokerlut
    >>> path = getfixture("tmp_path") / "hand.phh"
    >>> _ = path.write_text('''variant = "NT"
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... min_bet = 2
    ... starting_stacks = [100, 100]
    ... actions = ["d dh p1 AsAh", "d dh p2 KsKh", "p2 cbr 100", "p1 cc",
    ...            "d db 2c7d9h", "d db Tc", "d db Kd", "p1 sm AsAh", "p2 sm KsKh"]
    ... players = ["Ann", "Bob"]
    ... ''')
    >>> h = pokerlut.read_histories(path)
    >>> h.hands[["player", "net", "allin_ev", "luck"]].round(2)
      player    net  allin_ev    luck
    0    Ann -100.0     65.27 -165.27
    1    Bob  100.0    -65.27  165.27
    >>> h.summary()[["hands", "net", "adjusted", "bb_per_100", "adjusted_bb_per_100"]].round(1)
            hands    net  adjusted  bb_per_100  adjusted_bb_per_100
    player
    Ann         1 -100.0      65.3     -5000.0               3263.7
    Bob         1  100.0     -65.3      5000.0              -3263.7
    """
    from ..distributed import Parts, check_workers, connect, need, run_parts

    pd = need("pandas", "pandas")
    need("pokerkit", "history")
    files = history_files(paths)
    dask = scheduler is not None or client is not None
    if workers is not None and scheduler != "local":
        raise ValueError('workers= is the size of a local cluster: it goes with scheduler="local"')
    check_workers(workers)
    frames: dict[int, Any] = {}
    store = None
    if parts is not None:
        manifest = {"format": 1, "files": [str(f.resolve()) for f in files]}
        store = Parts(parts, manifest, len(files), "file-{:05d}.parquet")
        frames = {k: pd.read_parquet(store.path(k)) for k in range(len(files)) if k not in store.todo()}
    todo = [k for k in range(len(files)) if k not in frames]

    def keep(k: int, frame: Any) -> None:
        frames[k] = frame
        if store is not None:
            store.save(k, lambda path: frame.to_parquet(path, index=False))
        if progress is not None:
            progress(len(frames))

    if dask:
        with connect(None if scheduler == "local" else scheduler, workers, client) as connected:
            run_parts(connected, _file_frame, ((k, (files[k],)) for k in todo), keep, "history")
    else:
        processes = min(numba.get_num_threads() if threads is None else threads, len(todo))
        if processes > 1 and sum(files[k].stat().st_size for k in todo) >= PARALLEL_BYTES:
            with ProcessPoolExecutor(processes, mp_context=get_context("spawn")) as pool:
                for k, frame in zip(todo, pool.map(_file_frame, [files[k] for k in todo])):
                    keep(k, frame)
        else:
            for k in todo:
                keep(k, _file_frame(files[k]))
    every = pd.concat([frames[k] for k in range(len(files))], ignore_index=True)
    skipped = every["player"].isna()
    hands = every[~skipped].reset_index(drop=True)
    hands = hands.astype(
        {"file": "category", "variant": "category", "player": str, "seat": "int64", "reason": str}
    )
    gone = (
        every.loc[skipped, ["file", "hand", "reason"]]
        .reset_index(drop=True)
        .astype({"file": str, "reason": str})
    )
    return Histories(hands, gone, len(files))


def _file_frame(path: Path) -> Any:
    """Every hand of one file, scored (a task): a row per hand and player (`HAND_COLUMNS`),
    and a row per hand skipped (player None, its reason). PHH by the suffix, else a site's."""
    import pandas as pd

    scored = (phh.read if path.suffix in (".phh", ".phhs") else sites.read)(path)
    rows: dict[str, list[Any]] = {name: [] for name in HAND_COLUMNS}
    for hand in scored:
        n = len(hand.net)
        ev = hand.allin_ev
        variance = hand.allin_variance
        if not n:  # not read: a row of its own, player None
            for name, value in _SKIPPED.items():
                rows[name].append(value)
            rows["file"][-1], rows["hand"][-1], rows["reason"][-1] = hand.file, hand.number, hand.reason
            continue
        rows["file"] += [hand.file] * n
        rows["hand"] += [hand.number] * n
        rows["variant"] += [hand.variant] * n
        rows["player"] += hand.players
        rows["seat"] += range(n)
        rows["big_blind"] += [hand.big_blind] * n
        rows["net"] += hand.net
        rows["rake"] += hand.rake
        rows["allin"] += [ev is not None] * n
        rows["allin_ev"] += [np.nan] * n if ev is None else ev
        rows["adjusted"] += hand.net if ev is None else ev
        rows["luck"] += [0.0] * n if ev is None else [a - b for a, b in zip(hand.net, ev)]
        rows["luck_variance"] += [0.0] * n if variance is None else variance
        rows["showdown"] += hand.showdown
        rows["reason"] += [hand.reason] * n
    frame = pd.DataFrame(rows)
    return frame.astype(
        {"player": object, "variant": object, "reason": object, "allin": bool, "showdown": bool}
    )


# A skipped hand's row before its file, number and reason are set
_SKIPPED: dict[str, Any] = {
    **{name: np.nan for name in HAND_COLUMNS},
    "variant": "",
    "player": None,
    "seat": -1,
    "allin": False,
    "showdown": False,
}
