"""The parser of the `pokerlut` command: its subcommands, their options, help and examples.

Each subcommand's `run` is its handler in `_commands`; the range analyses and hand histories
add their own subcommands beside their handlers (`add_range`, `add_history`), with the parts
every parser shares (`_parsing`). A usage error is one line on stderr and status 2, whatever was
typed.
"""

from __future__ import annotations

import argparse

from ..lang import LANGUAGES
from .._gpu._device import DEVICES
from .._equity.deal import deal_names
from ..rules import WILD_MODES, games
from ._parsing import Parser, command, renamed_option
from ._analysis_commands import (
    add_range,
    cmd_abstraction_buckets,
    cmd_abstraction_features,
)
from ._history_commands import add_history
from ._commands import (
    cmd_build_tables,
    cmd_bulk,
    cmd_compare,
    cmd_demo,
    cmd_equity,
    cmd_eval,
    cmd_matrix,
    cmd_stats,
    cmd_video_poker,
    cmd_warm,
)


def build_parser(description: str) -> argparse.ArgumentParser:
    """The parser of the `pokerlut` command and its subcommands; `description` heads its --help."""
    parser: argparse.ArgumentParser = Parser(prog="pokerlut", description=description)
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument(
        "--verbose",
        action="store_true",
        help="with --version: numba, threading layer, threads, tables, cache",
    )
    sub = parser.add_subparsers(dest="command")

    game_help = "ranking rules: " + ", ".join(games()) + " (default high)"
    flush_help = "with --game italian-N: flushes of different suits compare by their cards first"
    wild_help = "wild cards: " + "; ".join(f"{g}: {', '.join(m)}" for g, m in WILD_MODES.items())
    lang_metavar = "{" + ",".join(LANGUAGES) + "}"
    lang_help = (
        "the language of the words: English, Italian, Spanish, Catalan, Russian "
        "(without it: the classic English output)"
    )
    json_help = "print the result as JSON"
    device_help = "cuda: on the GPU (the gpu extra: numba-cuda, an NVIDIA GPU); default cpu"

    def _hand_options(p: argparse.ArgumentParser) -> None:
        """The options of the commands that rank hands: eval and compare."""
        p.add_argument("--json", action="store_true", help=json_help)
        p.add_argument("--game", default="high", help=game_help)
        p.add_argument("--wild", default=None, help=wild_help)
        p.add_argument("--flush-by-ranks", action="store_true", help=flush_help)
        p.add_argument("--lang", default=None, metavar=lang_metavar, help=lang_help)

    p = command(
        sub,
        "eval",
        "strength, category and description of a hand",
        (
            "pokerlut eval As Ks Qs Js Ts",
            'pokerlut eval "7h 5d 4c 3s 2h" --game deuce-to-seven',
            'pokerlut eval "Kh Qh Jh Th joker" --wild bug --json',
            'pokerlut eval "Ac 7c 8c 9c Tc" --game italian-4 --lang it',
            'pokerlut eval "8c 5d 3h 2s" --game badugi',
        ),
    )
    p.add_argument(
        "hand", nargs="+", help='5, 6 or 7 cards (4 or 5 in Badugi): "As Ks Qs Js Ts" or As Ks Qs Js Ts'
    )
    _hand_options(p)
    p.add_argument("--pretty", action="store_true", help="print suits as symbols")
    p.set_defaults(run=cmd_eval)

    p = command(
        sub,
        "compare",
        "which of two hands wins",
        (
            'pokerlut compare "6h 5d 4c 3s 2h" "5h 4d 3c 2s Ah"',
            'pokerlut compare "6h 5d 4c 3s 2h" "5h 4d 3c 2s Ah" --game ace-to-five',
            'pokerlut compare "Ac 7c 8c 9c Tc" "Th Jh Qh Kh Ah" --game italian-4 --json',
        ),
    )
    p.add_argument("a", help="the first hand, quoted")
    p.add_argument("b", help="the second hand, quoted")
    _hand_options(p)
    p.set_defaults(run=cmd_compare)

    p = command(
        sub,
        "stats",
        "enumerate every hand of 5, 6 or 7 cards of a game",
        (
            "pokerlut stats --cards 7",
            "pokerlut stats --game eight-or-better --cards 5",
            "pokerlut stats --wild jokers --deck-size 54 --cards 5 --json",
            "pokerlut stats --game italian-4",
            "pokerlut stats --lang ca --cards 5",
            "pokerlut stats --game badugi --cards 4",
        ),
    )
    p.add_argument("--json", action="store_true", help=json_help)
    p.add_argument(
        "--cards",
        type=int,
        choices=(4, 5, 6, 7),
        default=None,
        help="cards per hand (default 7; 5 in Italian poker; 4 in Badugi, or 5)",
    )
    p.add_argument("--game", default="high", help=game_help)
    p.add_argument("--wild", default=None, help=wild_help)
    renamed_option(
        p,
        "--deck-size",
        "--deck",
        type=int,
        default=None,
        help="with --wild: 52, 53 or 54 cards (default 53; 52 for deuces)",
    )
    p.add_argument("--threads", type=int, default=None)
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument(
        "--lang",
        default=None,
        metavar=lang_metavar,
        help="the language of the table, laid out as the Catalan source's (#, hand, "
        "hand in English, description with probability, combinations); without it: "
        "the classic English table",
    )
    p.set_defaults(run=cmd_stats)

    p = command(
        sub,
        "equity",
        "each player's share of the pot, exact or simulated",
        (
            'pokerlut equity AsAh KsKh --board "Kd 7c 2h"',
            'pokerlut equity "QQ+,AKs" "0.5(22+)" 15% --trials 2000000 --seed 1',
            "pokerlut equity AsAh KsKh --trials 1000000000 --device cuda",
            'pokerlut equity "As 2d 3c 4h" "Ks Kh Qd Qc" --deal omaha-hi-lo --json',
            'pokerlut equity "AA:xxyy" "RRON!AA" --deal omaha --board "Kd 7c 2h"',
            'pokerlut equity "AxKx" "QQ" --syntax generic --board "Kd 7c 2h"',
            'pokerlut equity "As 2h 3c" "Ks Kh 9c" --deal razz --dead "7c"',
            'pokerlut equity AsAh KsKh --board "Kd 7c 2h" --boards 2',
            'pokerlut equity AsAh KsKh --board "Kd 7c 2h" --by-category',
            'pokerlut equity 7s6d3c2h 8c5h4d3s2d --deal 2-7-triple-draw --dead "Kd" --seed 1',
            'pokerlut equity 7s6d3c2h 8c5h4d3s "" --deal 2-7-single-draw',
        ),
    )
    p.add_argument(
        "hands",
        nargs="+",
        help='hands or ranges: AsAh KsKh, "QQ+,AKs", random, 15%%; draw deals: the cards each '
        'player keeps (7s6d3c2h draws one, five cards stand pat, "" draws five)',
    )
    p.add_argument(
        "--board",
        action="append",
        default=None,
        help="0 to 5 cards (none in stud games); again for each board of a double-board game",
    )
    p.add_argument(
        "--boards",
        type=int,
        default=None,
        help="boards dealt from --board, each an equal part of the pot (run it twice: 2)",
    )
    p.add_argument("--dead", default="", help="cards out of play")
    p.add_argument(
        "--deal",
        choices=deal_names(),
        default="holdem",
        help="how the cards are dealt and the pot split; hi-lo deals show high, low and scoop shares",
    )
    p.add_argument(
        "--game", default=None, help="the high hand's game in place of the deal's own, e.g. short-deck-trips"
    )
    how = p.add_mutually_exclusive_group()
    how.add_argument(
        "--exact",
        action="store_const",
        const=True,
        default=None,
        help="always enumerate every deal and board",
    )
    how.add_argument(
        "--simulate", action="store_const", const=False, dest="exact", help="always use Monte Carlo"
    )
    p.add_argument("--trials", type=int, default=None, help="Monte Carlo trials (default 1,000,000)")
    p.add_argument("--seed", type=int, default=None, help="Monte Carlo seed (default: random)")
    p.add_argument("--threads", type=int, default=None)
    p.add_argument("--device", choices=DEVICES, default="cpu", help=device_help)
    p.add_argument(
        "--by-category",
        action="store_true",
        help="also each player's share of the pot by the category of the hand it is "
        "won with (hi-lo: the low half by the low: wheel, 6-low, ...)",
    )
    p.add_argument(
        "--draw-rounds",
        type=int,
        default=None,
        help="draw deals: the draws to come, 1 up to the deal's (default); exact after one, "
        "simulated through several",
    )
    p.add_argument(
        "--policy",
        default=None,
        help="draw deals: the drawing policy of the draws after the first (default: the deal's "
        "game's; pokerlut.draw_policies() names them: high, deuce-to-seven, ace-to-five)",
    )
    p.add_argument(
        "--syntax",
        choices=("pokerstove", "generic"),
        default=None,
        help="how ranges read: pokerstove (hold'em's QQ+,AKs) or generic, ProPokerTools' generic "
        "syntax (AA:xxyy, JJ!JJJ); default: pokerstove for hold'em, generic for Omaha",
    )
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=cmd_equity)

    p = command(
        sub,
        "build-tables",
        "rebuild the lookup tables",
        (
            "pokerlut build-tables --out /tmp/tables",
            "pokerlut build-tables --game italian",
            "pokerlut build-tables --game short-deck --out /tmp/tables --json",
        ),
    )
    p.add_argument("--out", default=None, help="folder to write (default: the installed tables)")
    p.add_argument(
        "--game", default="all", help="one game's tables (italian: every deck size), or all (the default)"
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="print what was written as JSON: folder, games, files, bytes, seconds",
    )
    p.set_defaults(run=cmd_build_tables)

    p = command(
        sub,
        "demo",
        "a tour: hands, exhaustive counts, equity",
        (
            "pokerlut demo --quiet",
            "pokerlut demo --json",
        ),
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--json", action="store_true", help="print the tour's figures as JSON")
    p.set_defaults(run=cmd_demo)

    p = command(
        sub,
        "bulk",
        "evaluate a .npy or Parquet file of hands on Dask",
        (
            "pokerlut bulk hands.npy --out strengths.npy        # and strengths.category.npy",
            "pokerlut bulk hands.parquet --out ranked.parquet --column hand --game short-deck",
            "pokerlut bulk hands.npy --out s.npy --scheduler tcp://10.0.0.5:8786 --json",
        ),
    )
    p.add_argument("input", help=".npy of uint8 (n, 5|6|7), or Parquet with a column of card lists or text")
    p.add_argument(
        "--out",
        required=True,
        help="the output, in the input's format (.npy: "
        "strengths, categories in NAME.category.npy; Parquet: the input's columns, "
        "strength, category)",
    )
    p.add_argument("--game", default="high", help=game_help)
    p.add_argument("--wild", default=None, help=wild_help)
    p.add_argument(
        "--column", default=None, help="Parquet: the column of hands (needed when there are several)"
    )
    p.add_argument("--chunk-rows", type=int, default=1 << 20, help="hands per task (default 1,048,576)")
    _cluster_options(p)
    p.set_defaults(run=cmd_bulk)

    p = command(
        sub,
        "matrix",
        "exact heads-up (or three-way) preflop equity of the 169 hand classes, on Dask",
        (
            "pokerlut matrix --out preflop.parquet --png preflop.png",
            "pokerlut matrix --out small.parquet --classes AA,KK,AKs,72o,22 --workers 2 --json",
            "pokerlut matrix --out preflop.parquet --scheduler tcp://10.0.0.5:8786",
            "pokerlut matrix --n-players 3 --out preflop3.parquet",
            "pokerlut matrix --out preflop.parquet --device cuda",
        ),
    )
    p.add_argument(
        "--out",
        required=True,
        help="the Parquet file of every ordered pair of "
        "classes; finished chunks are kept in OUT.parts/ (a rerun resumes)",
    )
    p.add_argument("--png", default=None, help="also draw the matrix as a heatmap")
    p.add_argument(
        "--classes", default=None, help="a comma-separated subset, e.g. AA,AKs,72o (default: all 169)"
    )
    p.add_argument(
        "--chunk-pairs", type=int, default=300, help="exact evaluations per task, ~0.6 ms each (default 300)"
    )
    renamed_option(
        p,
        "--n-players",
        "--players",
        type=int,
        choices=(2, 3),
        default=2,
        help="2: the heads-up matrix (default); 3: every dealable triple of classes "
        "(about 13 minutes on two cores for all 169)",
    )
    p.add_argument(
        "--chunk-triples",
        type=int,
        default=None,
        help="with --n-players 3: class triples per task, ~2 ms each (default 2000)",
    )
    p.add_argument("--device", choices=DEVICES, default="cpu", help=device_help + " (no Dask)")
    _cluster_options(p)
    p.set_defaults(run=cmd_matrix)

    p = command(
        sub,
        "video-poker",
        "the exact return of a video poker pay table under best play, or the 32 holds of one hand",
        (
            "pokerlut video-poker",
            "pokerlut video-poker jacks-or-better-9-6",
            'pokerlut video-poker deuces-wild --hand "2h 2d 7s 8s 9c"',
            'pokerlut video-poker jacks-or-better-9-6 --pays "full house=8,flush=5" --json',
        ),
    )
    p.add_argument("paytable", nargs="?", default=None, help="a built-in pay table (none: list them)")
    p.add_argument("--hand", default=None, help="rank the 32 holds of this dealt hand")
    p.add_argument(
        "--pays",
        default=None,
        metavar="LINE=PAYOUT,...",
        help='change some lines\' payouts, e.g. "full house=8,flush=5"',
    )
    p.add_argument("--threads", type=int, default=None, help="numba threads (default: all)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(run=cmd_video_poker)

    p = command(
        sub,
        "abstraction",
        "card abstraction for poker AI: features and buckets of every canonical hold'em state",
        (
            "pokerlut abstraction features --street river --out features/",
            "pokerlut abstraction features --street turn --out features/ --bins 50",
            "pokerlut abstraction features --street flop --out features/ --scheduler local",
            "pokerlut abstraction buckets --street flop --out features/ --k 200 --method kmeans-emd",
        ),
    )
    action = p.add_subparsers(dest="action", required=True, parser_class=Parser)
    q = action.add_parser(
        "features",
        help="a street's features, one per canonical index of "
        "HandIndexer(street, 'imperfect'), as .npy files",
    )
    q.add_argument(
        "--street",
        required=True,
        choices=("river", "turn", "flop"),
        help="river: HS (2 wins + ties of 1980, and as float32); turn, flop: EHS, "
        "EHS2 and the HS histogram over every runout (reads OUT/river-counts.npy "
        "if there)",
    )
    q.add_argument("--out", required=True, help="the folder to write into")
    q.add_argument("--bins", type=int, default=50, help="histogram bins (default 50)")
    q.add_argument("--threads", type=int, default=None, help="numba threads (default: all)")
    q.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="run on Dask: 'local' (a new local cluster) or a running scheduler "
        "(tcp://host:8786); each part is kept in OUT/parts/ as it is done, and a "
        "rerun skips those",
    )
    q.add_argument(
        "--workers",
        type=int,
        default=None,
        help="with --scheduler local: worker processes (default: the cores)",
    )
    q.add_argument("--json", action="store_true", help="print a summary as JSON")
    q.add_argument("--quiet", action="store_true", help="no progress bar")
    q.set_defaults(run=cmd_abstraction_features)
    q = action.add_parser(
        "buckets",
        help="a bucket for every canonical state of a street, "
        "from the features in OUT: OUT/STREET-buckets-METHOD-K.npy and .json",
    )
    q.add_argument("--street", required=True, choices=("river", "turn", "flop"))
    q.add_argument("--out", required=True, help="the folder of the features, to write into")
    q.add_argument("--k", type=int, required=True, help="the number of buckets")
    q.add_argument(
        "--method",
        default="ehs2-percentile",
        help="ehs2-percentile (the default; HS on the river): buckets of equal "
        "weight; kmeans-histogram: k-means on the HS histograms; kmeans-emd: k-means "
        "on their cumulative form",
    )
    q.add_argument("--seed", type=int, default=0, help="k-means: the seed (default 0)")
    q.add_argument(
        "--sample",
        type=int,
        default=None,
        help="k-means: fit on this many states, then place them all (default 200,000; 0: fit on all)",
    )
    q.add_argument("--json", action="store_true", help="print a summary as JSON")
    q.set_defaults(run=cmd_abstraction_buckets)

    add_range(sub)
    add_history(sub)

    p = command(
        sub,
        "warm",
        "compile every kernel into numba's cache, on every core (Monte Carlo: for 2 to 6 players)",
        (
            "pokerlut warm",
            "pokerlut warm --workers 2 --json",
            'pokerlut warm --only "evaluate_batch high" --only "equity holdem"',
            "pokerlut warm --list",
            "pokerlut warm --device cuda",
        ),
    )
    p.add_argument(
        "--workers",
        type=int,
        default=None,
        help="worker processes, one numba thread each (default: the cores)",
    )
    p.add_argument(
        "--only",
        action="append",
        default=None,
        metavar="PATTERN",
        help="only the jobs whose name contains PATTERN (shell wildcards allowed); repeatable",
    )
    p.add_argument(
        "--list",
        action="store_true",
        help="list the jobs and exit: one per "
        "distinct kernel (Monte Carlo: one per number of players, 2 to 6)",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="print the run as JSON: seconds, each job's time and kernels, cache",
    )
    p.add_argument(
        "--device",
        choices=DEVICES,
        default="cpu",
        help="cuda: compile the GPU kernels for this GPU instead, in this process (default cpu)",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=cmd_warm)
    return parser


def _cluster_options(p: argparse.ArgumentParser) -> None:
    """The options of the commands that run on Dask."""
    p.add_argument(
        "--scheduler",
        default=None,
        metavar="tcp://HOST:8786",
        help="an existing Dask scheduler (default: start a local cluster)",
    )
    p.add_argument(
        "--workers", type=int, default=None, help="local cluster: worker processes (default: the cores)"
    )
    p.add_argument("--json", action="store_true", help="print a summary as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
