"""The `pokerlut` command: eval, compare, stats, equity, build-tables, demo.

Bad input exits with status 2 and one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence

import numpy as np

from . import __version__
from .cards import format_cards, parse_cards
from .lang import LANGUAGES, category_name, check_lang, deck_words, row_about, row_label, word
from .odds.engine import GAMES as EQUITY_GAMES
from .rules import ITALIAN_GAMES, RANK_CHARS, WILD_MODES, games, rules
from .tables import TablesError


def _lang(args: argparse.Namespace) -> str | None:
    """The --lang of a command (None: the classic English output), checked: an unknown
    language is a ValueError, so one line on stderr and status 2."""
    lang = getattr(args, "lang", None)
    return None if lang is None else check_lang(lang)


def _cmd_eval(args: argparse.Namespace) -> None:
    from .evaluate import best_five, category, describe, evaluate

    lang = _lang(args)
    args.hand = " ".join(args.hand)  # quoted as one argument, or one card per argument
    game = rules(args.game, args.wild, args.players).name
    italian = dict(flush_by_suit=False) if args.flush_by_ranks else {}
    strength = evaluate(args.hand, game, **italian)
    five = best_five(args.hand, game) if len(parse_cards(args.hand, jokers=True)) > 5 else None
    if args.json:
        _print_json({"hand": format_cards(args.hand), "game": game, "strength": strength,
                     "category": category(strength, game).name if strength else None,
                     "description": describe(args.hand, game, lang=lang or "en", **italian),
                     "best_five": format_cards(five) if five is not None else None})
        return
    if lang is not None:
        name = f"{category_name(category(strength, game), lang)}, " if strength else ""
        print(f"{format_cards(args.hand, pretty=args.pretty)}: {word('strength', lang)} "
              f"{strength}, {name}{describe(args.hand, game, lang=lang, **italian)}"
              + (f" ({word('best_five', lang)}: {format_cards(five)})"
                 if five is not None and len(five) else ""))
        return
    name = category(strength, game).name if strength else "NO_QUALIFYING_HAND"
    print(f"{format_cards(args.hand, pretty=args.pretty)}: strength {strength}, "
          f"{name}, {describe(args.hand, game, **italian)}"
          + (f" (best five: {format_cards(five)})" if five is not None and len(five) else ""))


def _cmd_compare(args: argparse.Namespace) -> None:
    from .evaluate import compare, describe, evaluate

    lang = _lang(args)
    game = rules(args.game, args.wild, args.players).name
    italian = dict(flush_by_suit=False) if args.flush_by_ranks else {}
    result = compare(args.a, args.b, game, **italian)
    if args.json:
        _print_json({"game": game, "result": result, "hands": [
            {"hand": format_cards(h), "strength": evaluate(h, game, **italian),
             "description": describe(h, game, lang=lang or "en", **italian)}
            for h in (args.a, args.b)]})
        return
    verdict = {1: "first hand wins", -1: "second hand wins", 0: "split pot"}[result]
    if lang is not None:
        verdict = word({1: "first_wins", -1: "second_wins", 0: "split"}[result], lang)
    for hand in (args.a, args.b):
        print(f"{format_cards(hand)}: {evaluate(hand, game, **italian)} "
              f"({describe(hand, game, lang=lang or 'en', **italian)})")
    print(verdict)


def _progress(total: int, quiet: bool):
    """A progress callback that shows a bar after a second (tqdm, if installed)."""
    if quiet or not sys.stderr.isatty():
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    bar = tqdm(total=total, unit=" hands", unit_scale=True, delay=1.0, leave=False)

    def update(done: int) -> None:
        bar.update(done - bar.n)
        if done >= total:
            bar.close()

    return update


def _cmd_stats(args: argparse.Namespace) -> None:
    from math import comb

    from .stats import by_category, count_hands, deck_of

    lang = _lang(args)
    game = rules(args.game, args.wild, args.players)
    deck = deck_of(game, args.deck)
    cards = args.cards or game.hand_sizes[-1]
    total = comb(len(deck), cards)
    count_hands(5, game=game.name, deck=len(deck), threads=args.threads)  # compile: time warm
    start = time.perf_counter()
    counts = count_hands(cards, game=game.name, deck=len(deck), threads=args.threads,
                         progress=_progress(total, args.quiet))
    elapsed = time.perf_counter() - start
    if args.json:
        _print_json({"game": game.name, "cards": cards, "deck": len(deck), "hands": total,
                     "seconds_warm": elapsed, "categories": [
                         {"category": row.label, "hands": row.hands,
                          "probability": row.probability, "classes": row.classes}
                         for row in by_category(counts, game.name, lang=lang)]})
        return
    if lang is not None:
        low = "2" if game.wild else RANK_CHARS[game.ranks[0]]
        print(word("stats_header", lang).format(
            total=f"{total:,}", cards=cards, game=game.name, deck=deck_words(len(deck), low, lang),
            elapsed=f"{elapsed:.3f}", rate=f"{total / elapsed / 1e6:,.0f}"))
        print(_stats_table(by_category(counts, game.name, lang=lang), int(counts.sum()), lang))
        return
    deck_text = f"{len(deck)} cards" if game.wild else game.deck_text
    print(f"All {total:,} hands of {cards} cards ({game.name}, {deck_text}), in "
          f"{elapsed:.3f} s ({total / elapsed / 1e6:,.0f} M hands/s)")
    print(f"{'category':<18}{'hands':>14}{'probability':>14}{'classes':>9}")
    for row in by_category(counts, game.name):
        print(f"{row.label:<18}{row.hands:>14,}{row.probability:>13.6%}{row.classes:>9,}")
    print(f"{'total':<18}{int(counts.sum()):>14,}{1:>13.6%}{int((counts[1:] > 0).sum()):>9,}")


def _print_json(data: dict) -> None:
    import json

    print(json.dumps(data, indent=2, ensure_ascii=False))


def _percent(fraction: float) -> str:
    """A probability in per cent to 3 significant digits, never in exponent form."""
    return np.format_float_positional(100 * fraction, precision=3, fractional=False, trim="-")


def _stats_table(rows: list, total: int, lang: str) -> str:
    """The table of `stats --lang`, laid out as the Catalan seed's (004): #, the hand, the hand
    in English (not when the language is English), what it is with its probability, and the
    count; then the total."""
    columns = word("columns", lang)
    english = len(columns) == 5
    lines = [list(columns)]
    for number, row in enumerate(rows, 1):
        about = (f"{row_about(row.key, lang)}. "
                 + word("probability", lang).format(p=_percent(row.probability)))
        lines.append([str(number), row.label, *([row_label(row.key, "en")] * english), about,
                      f"{row.hands:,}"])
    lines.append(["", word("total", lang), *([word("total", "en")] * english), "", f"{total:,}"])
    widths = [max(len(line[i]) for line in lines) for i in range(len(columns))]
    return "\n".join("  ".join([*(cell.ljust(w) for cell, w in zip(line[:-1], widths)),
                                 line[-1].rjust(widths[-1])]) for line in lines)


def _cmd_equity(args: argparse.Namespace) -> None:
    import json

    from .odds import equity

    bar = _progress(100, args.quiet)
    result = equity(args.players, board=args.board, dead=args.dead, game=args.game,
                    exact=args.exact, trials=args.trials, seed=args.seed, threads=args.threads,
                    progress=(lambda done: bar(round(100 * done))) if bar else None)
    if bar:
        bar(100)
    print(json.dumps(result.to_dict(), indent=2) if args.json else repr(result))


def _cmd_build_tables(args: argparse.Namespace) -> None:
    from .build import build_tables
    from .tables import default_dir

    games = {"all": None, "italian": list(ITALIAN_GAMES)}.get(args.game, [args.game])
    build_tables(args.out or default_dir(), games)


def _cmd_demo(args: argparse.Namespace) -> None:
    from .evaluate import describe, evaluate, evaluate_batch

    print("A few hands:")
    for hand in ("As Ks Qs Js Ts", "Kh Kd 6s 6c Kc", "5h 4d 3c 2s Ah", "7h 5d 4c 3s 2h",
                 "Ah Kh 4h 3h 2h 9c 9d"):
        print(f"  {format_cards(hand, pretty=True):<22} {evaluate(hand):>5}  {describe(hand)}")
    for n_cards in (5, 7):
        print()
        _cmd_stats(argparse.Namespace(cards=n_cards, game="high", wild=None, players=None,
                                      deck=None, threads=None, quiet=args.quiet, json=False))
    print()
    rng = np.random.default_rng(2026)
    for width in (5, 7):
        hands = np.argsort(rng.random((2_000_000, 52), dtype=np.float32), axis=1)[:, :width]
        hands = hands.astype(np.uint8)
        evaluate_batch(hands[:10], validate=False)  # compile first: the figure is warm
        start = time.perf_counter()
        evaluate_batch(hands, validate=False)
        elapsed = time.perf_counter() - start
        print(f"Batch of {len(hands):,} random {width}-card hands: "
              f"{len(hands) / elapsed / 1e6:,.0f} M hands/s on all threads")
    from .odds import equity

    for players, kwargs in ((["AsAh", "KsKh"], {}), (["QQ+,AK", "22+,A2s+"], dict(board="Kh7d2c")),
                            (["AsAh", "KsKh", "QcQd", "JcTc", "9h8h", "7d7s"],
                             dict(exact=False, trials=2_000_000, seed=1))):
        equity(players, **kwargs)  # compile first
        print()
        print(repr(equity(players, **kwargs)))


def _command(sub, name: str, help: str, examples: tuple[str, ...]) -> argparse.ArgumentParser:
    """A subcommand whose --help ends with examples."""
    return sub.add_parser(name, help=help, formatter_class=argparse.RawDescriptionHelpFormatter,
                          epilog="examples:\n" + "\n".join(f"  {line}" for line in examples))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pokerlut", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument("--verbose", action="store_true",
                        help="with --version: numba, threading layer, threads, tables, cache")
    sub = parser.add_subparsers(dest="command")

    game_help = "ranking rules: " + ", ".join(games()) + " (default high)"
    players_help = "with --game italian: the number of players, 2..9 (it sets the deck)"
    flush_help = "with --game italian: flushes of different suits compare by their cards first"
    wild_help = "wild cards: " + "; ".join(f"{g}: {', '.join(m)}" for g, m in WILD_MODES.items())
    lang_metavar = "{" + ",".join(LANGUAGES) + "}"
    lang_help = ("the language of the words: English, Italian, Spanish, Catalan, Russian "
                 "(without it: the classic English output)")
    json_help = "print the result as JSON"

    def _hand_options(p: argparse.ArgumentParser) -> None:
        """The options of the commands that rank hands: eval and compare."""
        p.add_argument("--json", action="store_true", help=json_help)
        p.add_argument("--game", default="high", help=game_help)
        p.add_argument("--wild", default=None, help=wild_help)
        p.add_argument("--players", type=int, default=None, help=players_help)
        p.add_argument("--flush-by-ranks", action="store_true", help=flush_help)
        p.add_argument("--lang", default=None, metavar=lang_metavar, help=lang_help)

    p = _command(sub, "eval", "strength, category and description of a hand", (
        "pokerlut eval As Ks Qs Js Ts",
        'pokerlut eval "7h 5d 4c 3s 2h" --game deuce-to-seven',
        'pokerlut eval "Kh Qh Jh Th joker" --wild bug --json',
        'pokerlut eval "Ac 7c 8c 9c Tc" --game italian --players 4 --lang it',))
    p.add_argument("hand", nargs="+", help='5, 6 or 7 cards: "As Ks Qs Js Ts" or As Ks Qs Js Ts')
    _hand_options(p)
    p.add_argument("--pretty", action="store_true", help="print suits as symbols")
    p.set_defaults(run=_cmd_eval)

    p = _command(sub, "compare", "which of two hands wins", (
        'pokerlut compare "6h 5d 4c 3s 2h" "5h 4d 3c 2s Ah"',
        'pokerlut compare "6h 5d 4c 3s 2h" "5h 4d 3c 2s Ah" --game ace-to-five',
        'pokerlut compare "Ac 7c 8c 9c Tc" "Th Jh Qh Kh Ah" --game italian '
        '--players 4 --json',))
    p.add_argument("a", help="the first hand, quoted")
    p.add_argument("b", help="the second hand, quoted")
    _hand_options(p)
    p.set_defaults(run=_cmd_compare)

    p = _command(sub, "stats", "enumerate every hand of 5, 6 or 7 cards of a game", (
        "pokerlut stats --cards 7",
        "pokerlut stats --game eight-or-better --cards 5",
        "pokerlut stats --wild jokers --deck 54 --cards 5 --json",
        "pokerlut stats --game italian --players 4",
        "pokerlut stats --lang ca --cards 5",))
    p.add_argument("--json", action="store_true", help=json_help)
    p.add_argument("--cards", type=int, choices=(5, 6, 7), default=None,
                   help="cards per hand (default 7; 5 in Italian poker)")
    p.add_argument("--game", default="high", help=game_help)
    p.add_argument("--wild", default=None, help=wild_help)
    p.add_argument("--deck", type=int, default=None,
                   help="with --wild: 52, 53 or 54 cards (default 53; 52 for deuces)")
    p.add_argument("--players", type=int, default=None, help=players_help)
    p.add_argument("--threads", type=int, default=None)
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--lang", default=None, metavar=lang_metavar,
                   help="the language of the table, laid out as the Catalan source's (#, hand, "
                   "hand in English, description with probability, combinations); without it: "
                   "the classic English table")
    p.set_defaults(run=_cmd_stats)

    p = _command(sub, "equity", "each player's share of the pot, exact or simulated", (
        'pokerlut equity AsAh KsKh --board "Kd 7c 2h"',
        'pokerlut equity "QQ+,AKs" "0.5(22+)" 15% --trials 2000000 --seed 1',
        'pokerlut equity "As 2d 3c 4h" "Ks Kh Qd Qc" --game omaha-hi-lo --json',
        'pokerlut equity "As 2h 3c" "Ks Kh 9c" --game razz --dead "7c"',))
    p.add_argument("players", nargs="+", help='hands or ranges: AsAh KsKh, "QQ+,AKs", random, 15%%')
    p.add_argument("--board", default="", help="0 to 5 cards (none in stud games)")
    p.add_argument("--dead", default="", help="cards out of play")
    p.add_argument("--game", choices=EQUITY_GAMES, default="holdem",
                   help="the deal and its rules; hi-lo games show high, low and scoop shares")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_const", const=True, default=None,
                     help="always enumerate every deal and board")
    how.add_argument("--simulate", action="store_const", const=False, dest="exact",
                     help="always use Monte Carlo")
    p.add_argument("--trials", type=int, default=None, help="Monte Carlo trials (default 1,000,000)")
    p.add_argument("--seed", type=int, default=None, help="Monte Carlo seed (default: random)")
    p.add_argument("--threads", type=int, default=None)
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=_cmd_equity)

    p = _command(sub, "build-tables", "rebuild the lookup tables", (
        "pokerlut build-tables --out /tmp/tables",
        "pokerlut build-tables --game italian",))
    p.add_argument("--out", default=None, help="folder to write (default: the installed tables)")
    p.add_argument("--game", default="all",
                   help="one game's tables (italian: every deck size), or all (the default)")
    p.set_defaults(run=_cmd_build_tables)

    p = _command(sub, "demo", "a tour: hands, exhaustive counts, batch speed (warm)", (
        "pokerlut demo --quiet",))
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=_cmd_demo)
    return parser


def _version(verbose: bool) -> None:
    print(f"pokerlut {__version__}")
    if verbose:
        import numba

        from .parallel import threading_layer
        from .tables import default_dir

        print(f"numba {numba.__version__}, numpy {np.__version__}, Python {sys.version.split()[0]}")
        print(f"threading layer: {threading_layer()}, threads: {numba.config.NUMBA_NUM_THREADS}")
        print(f"tables: {default_dir()}")
        print(f"numba cache: {numba.config.CACHE_DIR or 'beside the package (or the user cache)'}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.version:
        _version(args.verbose)
        return 0
    if args.command is None:
        parser.error("a command is required (or --version)")
    try:
        args.run(args)
    except (ValueError, TypeError) as error:
        print(f"pokerlut {args.command}: {error}", file=sys.stderr)
        return 2
    except TablesError as error:
        print(f"pokerlut {args.command}: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"pokerlut {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (`pokerlut stats | head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
