"""The commands of card abstraction (`pokerlut abstraction features|buckets`) and of range
analysis (`pokerlut range by-card|distribution|outs|breakdown`): their arguments read, the
work run, the results written or printed; and the range subcommand's parser."""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import numpy as np

from .._equity.deal import deal_names
from ._parsing import Parser, command
from ._render import print_json, progress_bar, table_out


def cmd_abstraction_features(args: argparse.Namespace) -> None:
    """`pokerlut abstraction features`: a street's features of every canonical state, in this
    process or on Dask."""
    from ..abstraction import DaskRun, HandIndexer, river_hand_strengths, street_features

    if args.workers is not None and args.scheduler != "local":
        raise ValueError("--workers is the size of a local cluster: it goes with --scheduler local")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    dask = None if args.scheduler is None else DaskRun(args.scheduler, out / "parts", args.workers)
    bar = progress_bar(1000, args.quiet, unit="")
    progress = (lambda f: bar(round(1000 * f))) if bar else None
    start = time.perf_counter()
    river_file = out / "river-counts.npy"
    if args.street == "river":
        river = river_hand_strengths(args.threads, progress, dask)
        np.save(river_file, river)
        np.save(out / "river-hs.npy", (river / 1980).astype(np.float32))
        written = ["river-counts.npy", "river-hs.npy"]
    else:
        river = np.load(river_file) if river_file.exists() else river_hand_strengths(args.threads, dask=dask)
        features = street_features(args.street, args.bins, river, args.threads, progress, dask)
        written = []
        for name in ("sums", "squares", "histogram", "ehs", "ehs2"):
            np.save(out / f"{args.street}-{name}.npy", getattr(features, name))
            written.append(f"{args.street}-{name}.npy")
    seconds = time.perf_counter() - start
    about = {
        "street": args.street,
        "index": f"HandIndexer({args.street!r}, 'imperfect')",
        "states": HandIndexer(args.street, "imperfect").size,
        "seconds": seconds,
        "files": written,
        **({"bins": args.bins} if args.street != "river" else {}),
        **({"scheduler": args.scheduler, "parts": str(out / "parts")} if dask else {}),
    }
    _summary(
        out / f"{args.street}.json",
        about,
        args.json,
        f"{args.street}: {about['states']:,} states in {seconds:.1f} s -> "
        f"{', '.join(str(out / f) for f in written)}",
    )


def cmd_abstraction_buckets(args: argparse.Namespace) -> None:
    """`pokerlut abstraction buckets`: a bucket for every canonical state of a street, from
    the features `pokerlut abstraction features` wrote."""
    from ..abstraction import RUNOUTS, SAMPLE, StreetFeatures, buckets

    out = Path(args.out)
    sample = SAMPLE if args.sample is None else args.sample or None
    arrays = []
    for name in ("counts",) if args.street == "river" else ("sums", "squares", "histogram"):
        path = out / f"{args.street}-{name}.npy"
        if not path.is_file():
            raise ValueError(
                f"no {path}: make the features first: pokerlut abstraction features "
                f"--street {args.street} --out {out}"
            )
        arrays.append(np.load(path, mmap_mode="r"))
    features = (
        arrays[0] if args.street == "river" else StreetFeatures(args.street, RUNOUTS[args.street], *arrays)
    )
    kmeans = args.method.startswith("kmeans")
    start = time.perf_counter()
    result = buckets(features, args.k, args.method, seed=args.seed, sample=sample)
    seconds = time.perf_counter() - start
    stem = f"{args.street}-buckets-{args.method}-{args.k}"
    np.save(out / f"{stem}.npy", result.labels)
    about = {
        "street": args.street,
        "k": args.k,
        "file": f"{stem}.npy",
        "seconds": seconds,
        **({"seed": args.seed, "sample": sample} if kmeans else {}),
        **result.to_dict(),
    }
    _summary(
        out / f"{stem}.json",
        about,
        args.json,
        f"{args.street}: {about['states']:,} states in {about['buckets']} buckets "
        f"({args.method}) in {seconds:.1f} s -> {out / about['file']}",
    )


def _summary(path: Path, about: dict[str, Any], as_json: bool, line: str) -> None:
    """Write a command's summary to `path` as JSON, and print it (--json) or `line`."""
    import json

    path.write_text(json.dumps(about, indent=2) + "\n")
    if as_json:
        print_json(about)
    else:
        print(line)


def cmd_range_by_card(args: argparse.Namespace) -> None:
    """`pokerlut range by-card`: each player's equity after each possible next card."""
    from .._analysis import equity_by_card

    result = equity_by_card(
        args.hands, args.board, args.dead, deal=args.deal, game=args.game, threads=args.threads
    )
    if args.png:
        result.plot(args.png, player=args.player)
    if args.json:
        print_json(result.to_dict())
        return
    print(repr(result))
    headers = ["card", "probability", *(f"{i}: {p.hand}" for i, p in enumerate(result.players))]
    rows = [
        [card, f"{prob:.4%}", *(f"{p.equity:.4%}" for p in r.players)]
        for card, prob, r in zip(result.cards, result.probabilities, result.per_card)
    ]
    rows.append([result.street, "", *(f"{p.equity:.4%}" for p in result.players)])
    table_out(headers, rows, "l" + "r" * (len(headers) - 1), total=True)
    if args.png:
        print(f"-> {args.png}")


def cmd_range_distribution(args: argparse.Namespace) -> None:
    """`pokerlut range distribution`: each hand of a range's equity, and the buckets."""
    from .._analysis import equity_distribution

    result = equity_distribution(
        args.hands,
        args.board,
        args.dead,
        player=args.player,
        deal=args.deal,
        game=args.game,
        threads=args.threads,
    )
    buckets = result.buckets(args.width)
    if args.png:
        result.plot(args.png)
    if args.json:
        print_json({**result.to_dict(), "buckets": buckets})
        return
    print(repr(result))
    order = np.argsort(-result.equities, kind="stable")  # the best first, as to_frame
    figures = (result.weights, result.frequencies, result.equities, result.wins, result.ties)
    table_out(
        ("hand", "weight", "frequency", "equity", "win", "tie"),
        [
            [result.combos[k], f"{figures[0][k]:g}", *(f"{column[k]:.4%}" for column in figures[1:])]
            for k in order
        ],
        "lrrrrr",
    )
    table_out(
        ("equity", "hands", "frequency"),
        [[f"{b['low']:.0%} - {b['high']:.0%}", str(b["combos"]), f"{b['frequency']:.4%}"] for b in buckets],
        "lrr",
    )
    if args.png:
        print(f"-> {args.png}")


def cmd_range_outs(args: argparse.Namespace) -> None:
    """`pokerlut range outs`: the cards that make a hand the best hand, and the nuts."""
    from .._analysis import outs

    result = outs(args.hands, args.board, args.dead, player=args.player, deal=args.deal, game=args.game)
    if args.json:
        print_json(result.to_dict())
        return
    print(repr(result))
    outs_found = set(result.outs)
    table_out(
        ("card", "beats", "ties", "out", "nuts", "makes"),
        [
            [c, f"{b:.2%}", f"{t:.2%}", "out" if c in outs_found else "", "nuts" if n else "", m]
            for c, b, t, n, m in zip(result.cards, result.beats, result.ties, result.nuts, result.makes)
        ],
        "lrrlll",
    )
    print(f"outs ({len(result.outs)}): {' '.join(result.outs) or '-'}")
    print(f"nut outs ({len(result.nut_outs)}): {' '.join(result.nut_outs) or '-'}")


def cmd_range_breakdown(args: argparse.Namespace) -> None:
    """`pokerlut range breakdown`: a range's made hands and draws on the board."""
    from .._analysis import breakdown

    result = breakdown(" ".join(args.hands), args.board, args.dead, deal=args.deal)
    if args.json:
        print_json(result.to_dict())
        return
    print(repr(result))
    print(f"the board's own hand: {result.board_made}")
    rows = result.table_rows()
    made = [row for row in rows if row[0] in result.made_hands]
    table_out(("made hand", "combos", "share", "or better"), made, "lrrr")
    table_out(("draw", "combos", "share"), [row[:3] for row in rows if row not in made], "lrr")


def add_range(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`pokerlut range by-card | distribution | outs`: range analysis as players do it."""
    p = command(
        sub,
        "range",
        "range analysis: equity after each next card, each hand's equity in a range, outs, "
        "made hands and draws",
        (
            'pokerlut range by-card AsAh "QQ+,AK" --board "Kd 7c 2h" --png turn.png',
            'pokerlut range distribution "TT+,AK" "22+" --board "Kh 7d 2c" --png curve.png',
            'pokerlut range outs AhKh QsQd --board "Qh 7h 2c" --json',
            'pokerlut range breakdown "22+,A2s+,KTo+" --board "Kh 7h 2c" --json',
        ),
    )
    action = p.add_subparsers(dest="action", required=True, parser_class=Parser)

    def common(
        q: argparse.ArgumentParser,
        board_help: str,
        board_required: bool,
        hands_help: str = 'hands or ranges, one per player: AsAh "QQ+,AKs" random 15%%',
        game: bool = True,
    ) -> None:
        q.add_argument("hands", nargs="+", help=hands_help)
        q.add_argument("--board", required=board_required, default="", help=board_help)
        q.add_argument("--dead", default="", help="cards out of play")
        q.add_argument(
            "--deal",
            choices=deal_names(lambda d: d.board),
            default="holdem",
            help="how the cards are dealt (default holdem)",
        )
        if game:
            q.add_argument("--game", default=None, help="the high hand's game in place of the deal's own")
        q.add_argument("--json", action="store_true", help="print the result as JSON")

    player_help = "whose {}: an index into HANDS (0, the first, by default)"
    q = action.add_parser("by-card", help="every player's exact equity after each possible next card")
    common(q, "the flop (3 cards) or the turn (4)", True)
    q.add_argument("--player", type=int, default=0, help=player_help.format("equity colours the picture"))
    q.add_argument("--threads", type=int, default=None)
    q.add_argument("--png", default=None, help="also draw the deck coloured by the player's equity")
    q.set_defaults(run=cmd_range_by_card)

    q = action.add_parser("distribution", help="each hand of a range's exact equity against the others")
    common(q, "0 to 5 cards (preflop: narrow ranges only)", False)
    q.add_argument("--player", type=int, default=0, help=player_help.format("range"))
    q.add_argument("--threads", type=int, default=None)
    q.add_argument("--width", type=float, default=0.1, help="the buckets' width (default 0.1: ten buckets)")
    q.add_argument("--png", default=None, help="also draw the sorted curve")
    q.set_defaults(run=cmd_range_distribution)

    q = action.add_parser("outs", help="the next cards that make a hand the best hand, and the nuts")
    common(q, "the flop (3 cards) or the turn (4)", True)
    q.add_argument("--player", type=int, default=0, help=player_help.format("outs"))
    q.set_defaults(run=cmd_range_outs)

    q = action.add_parser("breakdown", help="a range's made hands and draws on a flop or a turn")
    hands_help = 'one range or hand: "QQ+,AKs", random, 15%%, AsKs; Omaha: hands'
    common(q, "the flop (3 cards) or the turn (4)", True, hands_help, game=False)
    q.set_defaults(run=cmd_range_breakdown)
