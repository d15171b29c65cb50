"""The commands of hand histories (`pokerlut history summary|hands|graph`): the files read and
scored, the per-player summary or the rows printed, written as Parquet or JSON, or the graph
drawn; and the subcommand's parser."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ._parsing import Parser, command
from ._render import table_out

SUMMARY_HEADERS = {  # summary column -> the table's header
    "hands": "hands",
    "net": "net won",
    "adjusted": "all-in adj.",
    "luck": "luck",
    "luck_sd": "luck SD",
    "luck_z": "SDs",
    "bb_per_100": "bb/100",
    "adjusted_bb_per_100": "adj. bb/100",
    "allins": "all-ins",
    "allins_unscored": "unscored",
}


def _read(args: argparse.Namespace) -> Any:
    from .._history.corpus import read_histories

    return read_histories(args.paths, threads=args.threads)


def _frame_out(frame: Any, args: argparse.Namespace, about: dict[str, Any], index: bool) -> bool:
    """Write `frame` as Parquet (--parquet) or print it with `about` as JSON (--json); False
    when neither was asked for."""
    if args.parquet:
        frame.to_parquet(args.parquet, index=index)
    if args.json:
        rows = json.loads(
            frame.reset_index().to_json(orient="records") if index else frame.to_json(orient="records")
        )
        print(json.dumps({**about, "rows": rows}, indent=2))
    return bool(args.parquet or args.json)


def _about(histories: Any) -> dict[str, Any]:
    hands = histories.hands
    return {
        "files": histories.files,
        "hands": len(hands.drop_duplicates(["file", "hand"])),
        "skipped": histories.skipped.to_dict(orient="records"),
    }


def cmd_history_summary(args: argparse.Namespace) -> None:
    """`pokerlut history summary`: a row per player."""
    from .._history.corpus import counted

    histories = _read(args)
    summary = histories.summary(args.player)
    if _frame_out(summary, args, _about(histories), index=True):
        return
    rows = [
        [str(name), *(_number(column, row[column]) for column in SUMMARY_HEADERS)]
        for name, row in summary.head(args.top).iterrows()
    ]
    table_out(["player", *SUMMARY_HEADERS.values()], rows, "l" + "r" * len(SUMMARY_HEADERS))
    about = _about(histories)
    shown = "" if len(summary) <= args.top else f"; the {args.top} with most hands shown (--top)"
    print(counted(about["hands"], len(summary), about["files"], len(about["skipped"])) + shown)


def cmd_history_hands(args: argparse.Namespace) -> None:
    """`pokerlut history hands`: a row per hand and player."""
    histories = _read(args)
    hands = histories._of(args.player)
    if _frame_out(hands, args, _about(histories), index=False):
        return
    columns = ["hand", "player", "net", "allin_ev", "luck", "showdown", "reason"]
    rows = [[_number(c, getattr(r, c)) for c in columns] for r in hands.head(args.top).itertuples()]
    table_out(columns, rows, "rlrrrll")


def cmd_history_graph(args: argparse.Namespace) -> None:
    """`pokerlut history graph`: the tracker's graph of one player, as a PNG."""
    _read(args).graph(args.player, args.png)
    print(f"wrote {args.png}")


def _number(column: str, value: Any) -> str:
    """A cell: counts as integers, chips to two decimals, SDs to one, NaN as '-'."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or column in ("showdown",):
        return "yes" if value else ""
    if value != value:  # NaN: no all-in scored
        return "-"
    if column in ("hands", "hand", "allins", "allins_unscored"):
        return f"{int(value):,}"
    return f"{value:,.1f}" if column == "luck_z" else f"{value:,.2f}"


def add_history(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`pokerlut history summary | hands | graph`: players' hand histories, all-in EV and luck."""
    p = command(
        sub,
        "history",
        "hand histories (PHH): net won, all-in EV with side pots, luck, win rates; the graph",
        (
            "pokerlut history summary hands/",
            "pokerlut history summary hands/ --player Ann --json",
            "pokerlut history hands hands/2009.phhs --player Ann --parquet ann.parquet",
            "pokerlut history graph hands/ --player Ann --png ann.png",
        ),
    )
    action = p.add_subparsers(dest="action", required=True, parser_class=Parser)

    def common(q: argparse.ArgumentParser, player_required: bool = False) -> None:
        q.add_argument("paths", nargs="+", help=".phh and .phhs files, and folders of them")
        if player_required:
            q.add_argument("--player", required=True, help="the player's name as the files give it")
        else:
            q.add_argument(
                "--player", action="append", default=None, help="only this player (again for more)"
            )
        q.add_argument("--threads", type=int, default=None, help="processes reading files (default: all)")

    def outputs(q: argparse.ArgumentParser, what: str) -> None:
        q.add_argument("--top", type=int, default=50, help=f"the table shows this many {what} (default 50)")
        q.add_argument("--json", action="store_true", help="print every row as JSON")
        q.add_argument("--parquet", default=None, metavar="FILE", help="write every row to a Parquet file")

    q = action.add_parser("summary", help="a row per player: hands, net won, all-in adjusted, luck, bb/100")
    common(q)
    outputs(q, "players, most hands first")
    q.set_defaults(run=cmd_history_summary)

    q = action.add_parser("hands", help="a row per hand and player: net won, all-in EV, luck, why not scored")
    common(q)
    outputs(q, "rows")
    q.set_defaults(run=cmd_history_hands)

    q = action.add_parser(
        "graph", help="a player's net won, all-in adjusted, showdown and non-showdown lines"
    )
    common(q, player_required=True)
    q.add_argument("--png", required=True, metavar="FILE", help="the PNG to write")
    q.set_defaults(run=cmd_history_graph)
