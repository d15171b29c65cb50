"""The `pokerlut` command: eval, compare, stats, equity, build-tables, demo, bulk, matrix,
video-poker, abstraction, warm.

Bad input exits with status 2 and one line on stderr, never a traceback; a missing table or
optional dependency exits with 1, also with one line.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, NoReturn

import numpy as np

from . import __version__
from .cards import RANKS, format_cards, parse_cards
from .lang import LANGUAGES, category_name, check_lang, deck_words, row_about, row_label, word
from .odds.deal import DEALS
from .rules import ITALIAN_GAMES, WILD_MODES, games, rules
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
    game = rules(args.game, args.wild).name
    italian: dict[str, Any] = dict(flush_by_suit=False) if args.flush_by_ranks else {}
    strength = evaluate(args.hand, game=game, **italian)
    five = best_five(args.hand, game=game) if len(parse_cards(args.hand, jokers=True)) > 5 else None
    if args.json:
        _print_json({"hand": format_cards(args.hand), "game": game, "strength": strength,
                     "category": category(strength, game=game).name if strength else None,
                     "description": describe(args.hand, game=game, lang=lang or "en", **italian),
                     "best_five": format_cards(five) if five is not None else None})
        return
    if lang is not None:
        name = f"{category_name(category(strength, game=game), lang=lang)}, " if strength else ""
        print(f"{format_cards(args.hand, pretty=args.pretty)}: {word('strength', lang)} "
              f"{strength}, {name}{describe(args.hand, game=game, lang=lang, **italian)}"
              + (f" ({word('best_five', lang)}: {format_cards(five)})"
                 if five is not None and len(five) else ""))
        return
    name = category(strength, game=game).name if strength else "NO_QUALIFYING_HAND"
    print(f"{format_cards(args.hand, pretty=args.pretty)}: strength {strength}, "
          f"{name}, {describe(args.hand, game=game, **italian)}"
          + (f" (best five: {format_cards(five)})" if five is not None and len(five) else ""))


def _cmd_compare(args: argparse.Namespace) -> None:
    from .evaluate import compare, describe, evaluate

    lang = _lang(args)
    game = rules(args.game, args.wild).name
    italian: dict[str, Any] = dict(flush_by_suit=False) if args.flush_by_ranks else {}
    result = compare(args.a, args.b, game=game, **italian)
    if args.json:
        _print_json({"game": game, "result": result, "hands": [
            {"hand": format_cards(h), "strength": evaluate(h, game=game, **italian),
             "description": describe(h, game=game, lang=lang or "en", **italian)}
            for h in (args.a, args.b)]})
        return
    verdict = {1: "first hand wins", -1: "second hand wins", 0: "split pot"}[result]
    if lang is not None:
        verdict = word({1: "first_wins", -1: "second_wins", 0: "split"}[result], lang)
    cells = [[format_cards(hand), str(evaluate(hand, game=game, **italian)),
              describe(hand, game=game, lang=lang or "en", **italian)] for hand in (args.a, args.b)]
    headers = (("hand", "strength", "description") if lang is None else
               (word("columns", lang)[1], word("strength", lang), word("columns", lang)[-2]))
    _table_out(headers, cells, "lrl", plain="\n".join(f"{h}: {s} ({d})" for h, s, d in cells))
    print(verdict)


def _progress(total: int, quiet: bool, unit: str = " hands") -> Callable[[int], None] | None:
    """A progress callback that shows a bar after a second (tqdm, if installed)."""
    if quiet or not sys.stderr.isatty():
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    bar = tqdm(total=total, unit=unit, unit_scale=True, delay=1.0, leave=False)

    def update(done: int) -> None:
        bar.update(done - bar.n)
        if done >= total:
            bar.close()

    return update


def _count(args: argparse.Namespace) -> tuple[Any, int, int, int, float, np.ndarray]:
    """Every hand of `stats`' game counted by strength, warm (compiled first): the rules, deck
    size, cards per hand, number of hands, seconds and counts."""
    from math import comb

    from .stats import count_hands, deck_of

    game = rules(args.game, args.wild)
    deck = len(deck_of(game, args.deck))
    cards = args.cards or game.hand_sizes[-1]
    total = comb(deck, cards)
    count_hands(5, game=game.name, deck=deck, threads=args.threads)  # compile: time warm
    start = time.perf_counter()
    counts = count_hands(cards, game=game.name, deck=deck, threads=args.threads,
                         progress=_progress(total, args.quiet))
    return game, deck, cards, total, time.perf_counter() - start, counts


def _stats_data(game: Any, deck: int, cards: int, total: int, elapsed: float,
                counts: np.ndarray, lang: str | None) -> dict[str, Any]:
    """The figures of `stats --json`."""
    from .stats import by_category

    return {"game": game.name, "cards": cards, "deck": deck, "hands": total,
            "seconds_warm": elapsed, "categories": [
                {"category": row.label, "hands": row.hands, "probability": row.probability,
                 "classes": row.classes} for row in by_category(counts, game.name, lang=lang)]}


def _cmd_stats(args: argparse.Namespace) -> None:
    from .stats import by_category

    lang = _lang(args)
    game, deck, cards, total, elapsed, counts = _count(args)
    if args.json:
        _print_json(_stats_data(game, deck, cards, total, elapsed, counts, lang))
        return
    if lang is not None:
        low = "2" if game.wild else RANKS[game.ranks[0]]
        print(word("stats_header", lang).format(
            total=f"{total:,}", cards=cards, game=game.name, deck=deck_words(deck, low, lang),
            elapsed=f"{elapsed:.3f}", rate=f"{total / elapsed / 1e6:,.0f}"))
        headers, cells = _stats_table(by_category(counts, game.name, lang=lang),
                                      int(counts.sum()), lang)
        _table_out(headers, cells, "l" * (len(headers) - 1) + "r", total=True)
        return
    deck_text = f"{deck} cards" if game.wild else game.deck_text
    print(f"All {total:,} hands of {cards} cards ({game.name}, {deck_text}), in "
          f"{elapsed:.3f} s ({total / elapsed / 1e6:,.0f} M hands counted/s)")
    cells = [[row.label, f"{row.hands:,}", f"{row.probability:.6%}", f"{row.classes:,}"]
             for row in by_category(counts, game.name)]
    cells.append(["total", f"{int(counts.sum()):,}", f"{1:.6%}",
                  f"{int((counts[1:] > 0).sum()):,}"])
    plain = [f"{'category':<18}{'hands':>14}{'probability':>14}{'classes':>9}"]
    plain += [f"{a:<18}{b:>14}{c:>13}{d:>9}" for a, b, c, d in cells]  # the classic layout
    _table_out(("category", "hands", "probability", "classes"), cells, "lrrr",
               plain="\n".join(plain), total=True)


def _print_json(data: dict[str, Any]) -> None:
    import json

    print(json.dumps(data, indent=2, ensure_ascii=False))


def _rich_console() -> Any:
    """A rich Console on stdout when stdout is a terminal and rich (the `cli` extra) is
    installed; None otherwise: pipes, files and tests get plain text."""
    isatty = getattr(sys.stdout, "isatty", None)
    if isatty is None or not isatty():
        return None
    try:
        from rich.console import Console
    except ImportError:
        return None
    return Console(file=sys.stdout, highlight=False)


def _aligned(headers: Sequence[str], rows: Sequence[Sequence[str]], align: str = "") -> str:
    """Plain columns two spaces apart, each as wide as its widest cell; column i is
    right-aligned if align[i] is "r", else left-aligned.

    >>> print(_aligned(["card", "n"], [["As", "1"], ["Kh", "10"]], "lr"))
    card   n
    As     1
    Kh    10
    """
    lines = [list(headers), *(list(row) for row in rows)]
    widths = [max(len(line[i]) for line in lines) for i in range(len(headers))]
    right = [align[i:i + 1] == "r" for i in range(len(headers))]
    return "\n".join("  ".join(cell.rjust(w) if r else cell.ljust(w)
                               for cell, w, r in zip(line, widths, right)).rstrip()
                     for line in lines)


def _table_out(headers: Sequence[str], rows: Sequence[Sequence[str]], align: str = "", *,
               plain: str | None = None, total: bool = False) -> None:
    """Print a table: a rich Table when stdout is a terminal and rich is installed; otherwise
    plain text without colour or box lines: `plain` if given (a command's established layout),
    else `_aligned`. `align` as for `_aligned`; `total`: the last row is a total, set apart."""
    console = _rich_console()
    if console is None:
        print(plain if plain is not None else _aligned(headers, rows, align))
        return
    from rich.table import Table
    from rich.text import Text

    table = Table()
    for i, header in enumerate(headers):
        table.add_column(header, justify="right" if align[i:i + 1] == "r" else "left")
    for n, row in enumerate(rows):
        table.add_row(*(Text(cell) for cell in row), end_section=total and n == len(rows) - 2)
    console.print(table)


def _percent(fraction: float) -> str:
    """A probability in per cent to 3 significant digits, never in exponent form."""
    return np.format_float_positional(100 * fraction, precision=3, fractional=False, trim="-")


def _stats_table(rows: list[Any], total: int, lang: str) -> tuple[list[str], list[list[str]]]:
    """The headers and rows of `stats --lang`, laid out as the Catalan seed's (004): #, the
    hand, the hand in English (not when the language is English), what it is with its
    probability, and the count; then the total."""
    columns = word("columns", lang)
    english = len(columns) == 5
    lines = []
    for number, row in enumerate(rows, 1):
        about = (f"{row_about(row.key, lang)}. "
                 + word("probability", lang).format(p=_percent(row.probability)))
        lines.append([str(number), row.label, *([row_label(row.key, "en")] * english), about,
                      f"{row.hands:,}"])
    lines.append(["", word("total", lang), *([word("total", "en")] * english), "", f"{total:,}"])
    return list(columns), lines


def _cmd_equity(args: argparse.Namespace) -> None:
    import json

    from .odds import equity

    given = args.board or [""]  # --board once, or once for each board
    if len(given) > 1 and args.boards is not None:
        raise ValueError("--boards with several --board: give the boards one way")
    board, boards = (given[0], args.boards) if len(given) == 1 else ("", given)
    bar = _progress(100, args.quiet)
    result = equity(args.hands, board=board, dead=args.dead, boards=boards, deal=args.deal,
                    game=args.game,
                    exact=args.exact, trials=args.trials, seed=args.seed, threads=args.threads,
                    by_category=args.by_category,
                    progress=(lambda done: bar(round(100 * done))) if bar else None)
    if bar:
        bar(100)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
        return
    _print_equity(result)


def _print_equity(result: Any, title: str = "") -> None:
    """An equity result: its first line, then its table, one row per player (plain: its repr),
    and by category a table of each category's share of the pot, a column per player; with
    several boards, the whole pot's (no win or tie), then each board's."""
    split = result.players[0].high is not None
    fields = {"high": "high", "low": "low"} if split else {}  # column: PlayerEquity field
    if not result.per_board:  # the whole pot of several boards has no win or tie
        fields |= {"scoop": "win"} if split else {"win": "win", "tie": "tie"}
    headers = ["player", "equity", *fields, *(() if result.exact else ("±",))]
    rows = [[p.hand, *(f"{getattr(p, f):.4%}" for f in ("equity", *fields.values())),
             *(() if result.exact else (f"{p.stderr:.4%}",))] for p in result.players]
    head, *plain = str(result).splitlines()
    print(title + head)
    _table_out(headers, rows, "l" + "r" * (len(headers) - 1),
               plain="\n".join(plain[:len(rows)]))
    categories = result.category_rows()
    if categories:
        _table_out(["by category", *(p.hand for p in result.players)], categories,
                   "l" + "r" * len(result.players))
    for k, board in enumerate(result.per_board, 1):
        _print_equity(board, f"board {k}: ")


def _cmd_build_tables(args: argparse.Namespace) -> None:
    from .build import build_tables
    from .tables import default_dir

    games = {"all": None, "italian": list(ITALIAN_GAMES)}.get(args.game, [args.game])
    out = args.out or default_dir()
    start = time.perf_counter()
    built = build_tables(out, games, log=(lambda line: None) if args.json else print)
    if args.json:
        _print_json({"dir": str(out), "games": list(built), "files": [
            f"{game}/{name}" for game, manifest in built.items()
            for name in [*manifest["files"], "manifest.json"]],
            "bytes": sum(manifest["total_bytes"] for manifest in built.values()),
            "seconds": time.perf_counter() - start})


def _cmd_demo(args: argparse.Namespace) -> None:
    from .evaluate import describe, evaluate, evaluate_batch
    from .odds import equity

    data: dict[str, Any] = {"hands": [
        {"hand": hand, "strength": evaluate(hand), "description": describe(hand)}
        for hand in ("As Ks Qs Js Ts", "Kh Kd 6s 6c Kc", "5h 4d 3c 2s Ah", "7h 5d 4c 3s 2h",
                     "Ah Kh 4h 3h 2h 9c 9d")], "stats": [], "batch": [], "equity": []}
    if not args.json:
        print("A few hands:")
        cells = [[format_cards(h["hand"], pretty=True), str(h["strength"]), h["description"]]
                 for h in data["hands"]]
        _table_out(("hand", "strength", "description"), cells, "lrl", plain="\n".join(
            f"  {hand:<22} {strength:>5}  {words}" for hand, strength, words in cells))
    for n_cards in (5, 7):
        stats = argparse.Namespace(cards=n_cards, game="high", wild=None, players=None,
                                   deck=None, threads=None, quiet=args.quiet, json=False)
        if args.json:
            data["stats"].append(_stats_data(*_count(stats), lang=None))
        else:
            print()
            _cmd_stats(stats)
    if not args.json:
        print()
    rng = np.random.default_rng(2026)
    for width in (5, 7):
        hands = np.argsort(rng.random((2_000_000, 52), dtype=np.float32), axis=1)[:, :width]
        hands = hands.astype(np.uint8)
        evaluate_batch(hands[:10], validate=False)  # compile first: the figure is warm
        elapsed = math.inf
        for _ in range(3):  # the fastest of three calls, as the benchmarks take the fastest
            start = time.perf_counter()
            evaluate_batch(hands, validate=False)
            elapsed = min(elapsed, time.perf_counter() - start)
        data["batch"].append({"cards": width, "hands": len(hands), "seconds_warm": elapsed,
                              "m_hands_per_s_warm": len(hands) / elapsed / 1e6})
        if not args.json:
            print(f"Batch of {len(hands):,} random {width}-card hands: "
                  f"{len(hands) / elapsed / 1e6:,.0f} M hands/s on all threads")
    for players, kwargs in ((["AsAh", "KsKh"], {}), (["QQ+,AK", "22+,A2s+"], dict(board="Kh7d2c")),
                            (["AsAh", "KsKh", "QcQd", "JcTc", "9h8h", "7d7s"],
                             dict(exact=False, trials=2_000_000, seed=1))):
        equity(players, **kwargs)  # compile first
        result = equity(players, **kwargs)
        data["equity"].append(result.to_dict())
        if not args.json:
            print()
            _print_equity(result)
    if args.json:
        _print_json(data)


def _cmd_bulk(args: argparse.Namespace) -> None:
    """Evaluate a file of hands on Dask (`pokerlut.bulk.evaluate_file`)."""
    from .bulk import evaluate_file  # numpy only: the extra is imported when used

    game = rules(args.game, args.wild).name
    bar = _progress_rows(args)
    summary = evaluate_file(args.input, args.out, game=game, wild=args.wild,
                            column=args.column, chunk_rows=args.chunk_rows,
                            scheduler=args.scheduler, workers=args.workers, progress=bar)
    if args.json:
        _print_json(summary.to_dict())
        return
    print(f"{summary.rows:,} hands ({game}) -> {', '.join(summary.outputs)} in "
          f"{summary.seconds:.2f} s on {summary.workers} workers")


def _progress_rows(args: argparse.Namespace) -> Callable[[int], None] | None:
    """The bar of `bulk`: rows of the input done (the input is checked by then)."""
    path = Path(args.input)
    if args.quiet or not path.is_file():
        return None
    if path.suffix == ".npy":
        try:
            rows = len(np.load(path, mmap_mode="r", allow_pickle=False))
        except (ValueError, OSError, TypeError):
            return None
    else:
        try:
            import pyarrow.parquet as pq

            rows = pq.ParquetFile(path).metadata.num_rows
        except Exception:  # not Parquet: evaluate_file says so
            return None
    return _progress(rows, args.quiet)


def _cmd_matrix(args: argparse.Namespace) -> None:
    """The exact preflop matrix on Dask (`pokerlut.matrix.compute_matrix`; with --players 3
    the three-way table)."""
    from .matrix import compute_matrix

    if args.players == 3:
        _matrix3(args)
        return
    if args.chunk_triples is not None:
        raise ValueError("--chunk-triples goes with --players 3")
    run = compute_matrix(args.out, args.classes, png=args.png, scheduler=args.scheduler,
                         workers=args.workers, chunk_pairs=args.chunk_pairs,
                         progress=not (args.quiet or args.json))
    if args.json:
        _print_json(run.to_dict())
        return
    print(f"{run.classes} classes, {run.class_pairs:,} pairs of classes, "
          f"{run.canonical_pairs:,} suit-distinct pairs of hands for {run.combo_pairs:,}: "
          f"{run.chunks_computed} chunks computed, {run.chunks_skipped} found done")
    print(f"-> {run.out}" + (f", {run.png}" if run.png else "")
          + f" in {run.wall_seconds:.1f} s" + (f" on {run.workers} workers" if run.workers else ""))


def _matrix3(args: argparse.Namespace) -> None:
    """`pokerlut matrix --players 3`: the exact three-way table of class triples."""
    from .matrix import CHUNK_TRIPLES, compute_matrix

    if args.png is not None:
        raise ValueError("--png draws the heads-up matrix: not with --players 3")
    run = compute_matrix(args.out, args.classes, players=3, scheduler=args.scheduler,
                         workers=args.workers,
                         chunk_triples=CHUNK_TRIPLES if args.chunk_triples is None
                         else args.chunk_triples, progress=not (args.quiet or args.json))
    if args.json:
        _print_json(run.to_dict())
        return
    print(f"{run.classes} classes, {run.class_triples:,} triples of classes, "
          f"{run.dealable_triples:,} dealable ({run.deals:,} deals of hands): "
          f"{run.chunks_computed} chunks computed, {run.chunks_skipped} found done")
    print(f"-> {run.out} in {run.wall_seconds:.1f} s"
          + (f" on {run.workers} workers" if run.workers else ""))


def _pays(text: str) -> dict[str, Fraction]:
    """--pays "full house=8,flush=5" as {line: payout}."""
    pays = {}
    for item in text.split(","):
        line, sep, amount = item.partition("=")
        try:
            pays[line.strip()] = Fraction(amount.strip())
        except ValueError:
            raise ValueError(f"--pays takes LINE=PAYOUT,..., not {item.strip()!r}") from None
        if not sep:
            raise ValueError(f"--pays takes LINE=PAYOUT,..., not {item.strip()!r}")
    return pays


def _cmd_video_poker(args: argparse.Namespace) -> None:
    from .video_poker import NOTHING, holds, paytable, paytables, video_poker

    if args.paytable is None:
        _table_out(("pay table", "deck", "wild", "pays"), [
            [p.name, str(p.deck), p.wild or "", ", ".join(f"{line.pays}" for line in p.lines)]
            for p in paytables().values()])
        return
    table = paytable(args.paytable)
    if args.pays:
        table = table.with_pays(_pays(args.pays), name=f"{table.name} ({args.pays})")
    if args.hand is not None:
        found = holds(args.hand, table)
        if args.json:
            _print_json({"paytable": table.name, "hand": format_cards(args.hand),
                         "holds": [h.to_dict() for h in found]})
            return
        _table_out(("rank", "keep", "expected payout", "exact"), [
            [str(h.rank), format_cards(h.keep) or "(draw five)", f"{float(h.value):.6f}", str(h.value)]
            for h in found], "rlrr")
        return
    start = time.perf_counter()
    game = video_poker(table, threads=args.threads)
    seconds = time.perf_counter() - start
    pays = {line.name: line.pays for line in table.lines}
    if args.json:
        _print_json({**game.to_dict(), "seconds": seconds})
        return
    rows = [[name, str(pays.get(name, 0)) if name != NOTHING else "0", f"{float(p):.8f}",
             f"{float(p * pays.get(name, 0)):.6f}"] for name, p in game.probabilities.items()]
    rows.append(["return", "", "1", f"{game.expected_return:.6f}"])
    _table_out(("final hand", "pays", "probability", "return"), rows, "lrrr", total=True)
    kept = ", ".join(f"{k}: {n:,}" for k, n in game.kept.items())
    print(f"{table.name}: return {game.expected_return:.6%}, variance {game.variance:.4f} "
          f"({game.deals:,} deals in {seconds:.2f} s); cards kept by the best hold: {kept}")


def _cmd_abstraction_features(args: argparse.Namespace) -> None:
    """`pokerlut abstraction features`: a street's features of every canonical state, in this
    process or on Dask."""
    from .abstraction import DaskRun, HandIndexer, river_hand_strengths, street_features

    if args.workers is not None and args.scheduler != "local":
        raise ValueError("--workers is the size of a local cluster: it goes with --scheduler local")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    dask = None if args.scheduler is None else DaskRun(args.scheduler, out / "parts", args.workers)
    bar = _progress(1000, args.quiet, unit="")
    progress = (lambda f: bar(round(1000 * f))) if bar else None
    start = time.perf_counter()
    river_file = out / "river-counts.npy"
    if args.street == "river":
        river = river_hand_strengths(args.threads, progress, dask)
        np.save(river_file, river)
        np.save(out / "river-hs.npy", (river / 1980).astype(np.float32))
        written = ["river-counts.npy", "river-hs.npy"]
    else:
        river = (np.load(river_file) if river_file.exists()
                 else river_hand_strengths(args.threads, dask=dask))
        features = street_features(args.street, args.bins, river, args.threads, progress, dask)
        written = []
        for name in ("sums", "squares", "histogram", "ehs", "ehs2"):
            np.save(out / f"{args.street}-{name}.npy", getattr(features, name))
            written.append(f"{args.street}-{name}.npy")
    seconds = time.perf_counter() - start
    about = {"street": args.street, "index": f"HandIndexer({args.street!r}, 'imperfect')",
             "states": HandIndexer(args.street, "imperfect").size, "seconds": seconds,
             "files": written, **({"bins": args.bins} if args.street != "river" else {}),
             **({"scheduler": args.scheduler, "parts": str(out / "parts")} if dask else {})}
    _summary(out / f"{args.street}.json", about, args.json,
             f"{args.street}: {about['states']:,} states in {seconds:.1f} s -> "
             f"{', '.join(str(out / f) for f in written)}")


def _cmd_abstraction_buckets(args: argparse.Namespace) -> None:
    """`pokerlut abstraction buckets`: a bucket for every canonical state of a street, from
    the features `pokerlut abstraction features` wrote."""
    from .abstraction import RUNOUTS, SAMPLE, StreetFeatures, buckets

    out = Path(args.out)
    sample = SAMPLE if args.sample is None else args.sample or None
    arrays = []
    for name in ("counts",) if args.street == "river" else ("sums", "squares", "histogram"):
        path = out / f"{args.street}-{name}.npy"
        if not path.is_file():
            raise ValueError(f"no {path}: make the features first: pokerlut abstraction features "
                             f"--street {args.street} --out {out}")
        arrays.append(np.load(path, mmap_mode="r"))
    features = (arrays[0] if args.street == "river"
                else StreetFeatures(args.street, RUNOUTS[args.street], *arrays))
    kmeans = args.method.startswith("kmeans")
    start = time.perf_counter()
    result = buckets(features, args.k, args.method, seed=args.seed, sample=sample)
    seconds = time.perf_counter() - start
    stem = f"{args.street}-buckets-{args.method}-{args.k}"
    np.save(out / f"{stem}.npy", result.labels)
    about = {"street": args.street, "k": args.k, "file": f"{stem}.npy", "seconds": seconds,
             **({"seed": args.seed, "sample": sample} if kmeans else {}), **result.to_dict()}
    _summary(out / f"{stem}.json", about, args.json,
             f"{args.street}: {about['states']:,} states in {about['buckets']} buckets "
             f"({args.method}) in {seconds:.1f} s -> {out / about['file']}")


def _summary(path: Path, about: dict[str, Any], as_json: bool, line: str) -> None:
    """Write a command's summary to `path` as JSON, and print it (--json) or `line`."""
    import json

    path.write_text(json.dumps(about, indent=2) + "\n")
    if as_json:
        _print_json(about)
    else:
        print(line)


def _cmd_warm(args: argparse.Namespace) -> None:
    """Compile every kernel into numba's cache (`pokerlut.warm.warm`)."""
    from .warm import select, warm

    chosen = select(args.only)
    if args.list:
        print("\n".join(job.name for job in chosen))
        return
    report = warm(args.workers, args.only, _progress(len(chosen), args.quiet, " jobs"))
    if args.json:
        _print_json(report.to_dict())
        return
    print(f"{_plural(len(report.jobs), 'job')} on {_plural(report.workers, 'worker')} in "
          f"{report.seconds:.1f} s: {_plural(report.kernels, 'kernel')} compiled"
          + ("" if report.kernels else " (the cache was warm)"))
    print("slowest: " + ", ".join(f"{job.name} {job.seconds:.1f} s" for job in report.jobs[:3]))
    print("numba's cache: " + (", ".join(f"{folder} ({_plural(n, 'index file')})"
                                         for folder, n in report.cache.items())
                               or "no index files found"))


def _plural(n: int, word: str) -> str:
    """'1 job', '2 jobs'."""
    return f"{n} {word}{'s' * (n != 1)}"


def _command(sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str, help: str,
             examples: tuple[str, ...]) -> argparse.ArgumentParser:
    """A subcommand whose --help ends with examples."""
    return sub.add_parser(name, help=help, formatter_class=argparse.RawDescriptionHelpFormatter,
                          epilog="examples:\n" + "\n".join(f"  {line}" for line in examples))


def _one_line(text: str) -> str:
    r"""`text` with line breaks and other unprintable characters escaped, so that an error
    message quoting what was typed stays on one line.

    >>> _one_line("unrecognized arguments: --x\ny")
    'unrecognized arguments: --x\\ny'
    """
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose usage errors end in one line whatever was typed (argparse
    quotes unknown words as they are, line breaks included); its subcommands' too."""

    def error(self, message: str) -> NoReturn:
        super().error(_one_line(message))


def _parser() -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = _Parser(prog="pokerlut", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument("--verbose", action="store_true",
                        help="with --version: numba, threading layer, threads, tables, cache")
    sub = parser.add_subparsers(dest="command")

    game_help = "ranking rules: " + ", ".join(games()) + " (default high)"
    flush_help = "with --game italian-N: flushes of different suits compare by their cards first"
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
        p.add_argument("--flush-by-ranks", action="store_true", help=flush_help)
        p.add_argument("--lang", default=None, metavar=lang_metavar, help=lang_help)

    p = _command(sub, "eval", "strength, category and description of a hand", (
        "pokerlut eval As Ks Qs Js Ts",
        'pokerlut eval "7h 5d 4c 3s 2h" --game deuce-to-seven',
        'pokerlut eval "Kh Qh Jh Th joker" --wild bug --json',
        'pokerlut eval "Ac 7c 8c 9c Tc" --game italian-4 --lang it',))
    p.add_argument("hand", nargs="+", help='5, 6 or 7 cards: "As Ks Qs Js Ts" or As Ks Qs Js Ts')
    _hand_options(p)
    p.add_argument("--pretty", action="store_true", help="print suits as symbols")
    p.set_defaults(run=_cmd_eval)

    p = _command(sub, "compare", "which of two hands wins", (
        'pokerlut compare "6h 5d 4c 3s 2h" "5h 4d 3c 2s Ah"',
        'pokerlut compare "6h 5d 4c 3s 2h" "5h 4d 3c 2s Ah" --game ace-to-five',
        'pokerlut compare "Ac 7c 8c 9c Tc" "Th Jh Qh Kh Ah" --game italian-4 --json',))
    p.add_argument("a", help="the first hand, quoted")
    p.add_argument("b", help="the second hand, quoted")
    _hand_options(p)
    p.set_defaults(run=_cmd_compare)

    p = _command(sub, "stats", "enumerate every hand of 5, 6 or 7 cards of a game", (
        "pokerlut stats --cards 7",
        "pokerlut stats --game eight-or-better --cards 5",
        "pokerlut stats --wild jokers --deck 54 --cards 5 --json",
        "pokerlut stats --game italian-4",
        "pokerlut stats --lang ca --cards 5",))
    p.add_argument("--json", action="store_true", help=json_help)
    p.add_argument("--cards", type=int, choices=(5, 6, 7), default=None,
                   help="cards per hand (default 7; 5 in Italian poker)")
    p.add_argument("--game", default="high", help=game_help)
    p.add_argument("--wild", default=None, help=wild_help)
    p.add_argument("--deck", type=int, default=None,
                   help="with --wild: 52, 53 or 54 cards (default 53; 52 for deuces)")
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
        'pokerlut equity "As 2d 3c 4h" "Ks Kh Qd Qc" --deal omaha-hi-lo --json',
        'pokerlut equity "As 2h 3c" "Ks Kh 9c" --deal razz --dead "7c"',
        'pokerlut equity AsAh KsKh --board "Kd 7c 2h" --boards 2',
        'pokerlut equity AsAh KsKh --board "Kd 7c 2h" --by-category',))
    p.add_argument("hands", nargs="+", help='hands or ranges: AsAh KsKh, "QQ+,AKs", random, 15%%')
    p.add_argument("--board", action="append", default=None,
                   help="0 to 5 cards (none in stud games); again for each board of a "
                   "double-board game")
    p.add_argument("--boards", type=int, default=None,
                   help="boards dealt from --board, each an equal part of the pot (run it twice: 2)")
    p.add_argument("--dead", default="", help="cards out of play")
    p.add_argument("--deal", choices=tuple(DEALS), default="holdem",
                   help="how the cards are dealt and the pot split; hi-lo deals show high, low "
                   "and scoop shares")
    p.add_argument("--game", default=None,
                   help="the high hand's game in place of the deal's own, e.g. short-deck-trips")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_const", const=True, default=None,
                     help="always enumerate every deal and board")
    how.add_argument("--simulate", action="store_const", const=False, dest="exact",
                     help="always use Monte Carlo")
    p.add_argument("--trials", type=int, default=None, help="Monte Carlo trials (default 1,000,000)")
    p.add_argument("--seed", type=int, default=None, help="Monte Carlo seed (default: random)")
    p.add_argument("--threads", type=int, default=None)
    p.add_argument("--by-category", action="store_true",
                   help="also each player's share of the pot by the category of the hand it is "
                   "won with (hi-lo: the low half by the low: wheel, 6-low, ...)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=_cmd_equity)

    p = _command(sub, "build-tables", "rebuild the lookup tables", (
        "pokerlut build-tables --out /tmp/tables",
        "pokerlut build-tables --game italian",
        "pokerlut build-tables --game short-deck --out /tmp/tables --json",))
    p.add_argument("--out", default=None, help="folder to write (default: the installed tables)")
    p.add_argument("--game", default="all",
                   help="one game's tables (italian: every deck size), or all (the default)")
    p.add_argument("--json", action="store_true",
                   help="print what was written as JSON: folder, games, files, bytes, seconds")
    p.set_defaults(run=_cmd_build_tables)

    p = _command(sub, "demo", "a tour: hands, exhaustive counts, batch speed (warm)", (
        "pokerlut demo --quiet",
        "pokerlut demo --json",))
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--json", action="store_true", help="print the tour's figures as JSON")
    p.set_defaults(run=_cmd_demo)

    p = _command(sub, "bulk", "evaluate a .npy or Parquet file of hands on Dask", (
        "pokerlut bulk hands.npy --out strengths.npy        # and strengths.category.npy",
        "pokerlut bulk hands.parquet --out ranked.parquet --column hand --game short-deck",
        "pokerlut bulk hands.npy --out s.npy --scheduler tcp://10.0.0.5:8786 --json",))
    p.add_argument("input", help=".npy of uint8 (n, 5|6|7), or Parquet with a column of card "
                   "lists or text")
    p.add_argument("--out", required=True, help="the output, in the input's format (.npy: "
                   "strengths, categories in NAME.category.npy; Parquet: the input's columns, "
                   "strength, category)")
    p.add_argument("--game", default="high", help=game_help)
    p.add_argument("--wild", default=None, help=wild_help)
    p.add_argument("--column", default=None, help="Parquet: the column of hands (needed when "
                   "there are several)")
    p.add_argument("--chunk-rows", type=int, default=1 << 20,
                   help="hands per task (default 1,048,576)")
    _cluster_options(p)
    p.set_defaults(run=_cmd_bulk)

    p = _command(sub, "matrix", "exact heads-up (or three-way) preflop equity of the 169 hand "
                 "classes, on Dask", (
        "pokerlut matrix --out preflop.parquet --png preflop.png",
        "pokerlut matrix --out small.parquet --classes AA,KK,AKs,72o,22 --workers 2 --json",
        "pokerlut matrix --out preflop.parquet --scheduler tcp://10.0.0.5:8786",
        "pokerlut matrix --players 3 --out preflop3.parquet",))
    p.add_argument("--out", required=True, help="the Parquet file of every ordered pair of "
                   "classes; finished chunks are kept in OUT.parts/ (a rerun resumes)")
    p.add_argument("--png", default=None, help="also draw the matrix as a heatmap")
    p.add_argument("--classes", default=None, help="a comma-separated subset, e.g. AA,AKs,72o "
                   "(default: all 169)")
    p.add_argument("--chunk-pairs", type=int, default=300,
                   help="exact evaluations per task, ~0.6 ms each (default 300)")
    p.add_argument("--players", type=int, choices=(2, 3), default=2,
                   help="2: the heads-up matrix (default); 3: every dealable triple of classes "
                   "(about 13 minutes on two cores for all 169)")
    p.add_argument("--chunk-triples", type=int, default=None,
                   help="with --players 3: class triples per task, ~2 ms each (default 2000)")
    _cluster_options(p)
    p.set_defaults(run=_cmd_matrix)

    p = _command(sub, "video-poker", "the exact return of a video poker pay table under best "
                 "play, or the 32 holds of one hand", (
        "pokerlut video-poker",
        "pokerlut video-poker jacks-or-better-9-6",
        'pokerlut video-poker deuces-wild --hand "2h 2d 7s 8s 9c"',
        'pokerlut video-poker jacks-or-better-9-6 --pays "full house=8,flush=5" --json',))
    p.add_argument("paytable", nargs="?", default=None,
                   help="a built-in pay table (none: list them)")
    p.add_argument("--hand", default=None, help="rank the 32 holds of this dealt hand")
    p.add_argument("--pays", default=None, metavar="LINE=PAYOUT,...",
                   help="change some lines' payouts, e.g. \"full house=8,flush=5\"")
    p.add_argument("--threads", type=int, default=None, help="numba threads (default: all)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(run=_cmd_video_poker)

    p = _command(sub, "abstraction", "card abstraction for poker AI: features and buckets of "
                 "every canonical hold'em state", (
        "pokerlut abstraction features --street river --out features/",
        "pokerlut abstraction features --street turn --out features/ --bins 50",
        "pokerlut abstraction features --street flop --out features/ --scheduler local",
        "pokerlut abstraction buckets --street flop --out features/ --k 200 --method kmeans-emd",))
    action = p.add_subparsers(dest="action", required=True, parser_class=_Parser)
    q = action.add_parser("features", help="a street's features, one per canonical index of "
                          "HandIndexer(street, 'imperfect'), as .npy files")
    q.add_argument("--street", required=True, choices=("river", "turn", "flop"),
                   help="river: HS (2 wins + ties of 1980, and as float32); turn, flop: EHS, "
                   "EHS2 and the HS histogram over every runout (reads OUT/river-counts.npy "
                   "if there)")
    q.add_argument("--out", required=True, help="the folder to write into")
    q.add_argument("--bins", type=int, default=50, help="histogram bins (default 50)")
    q.add_argument("--threads", type=int, default=None, help="numba threads (default: all)")
    q.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="run on Dask: 'local' (a new local cluster) or a running scheduler "
                   "(tcp://host:8786); each part is kept in OUT/parts/ as it is done, and a "
                   "rerun skips those")
    q.add_argument("--workers", type=int, default=None,
                   help="with --scheduler local: worker processes (default: the cores)")
    q.add_argument("--json", action="store_true", help="print a summary as JSON")
    q.add_argument("--quiet", action="store_true", help="no progress bar")
    q.set_defaults(run=_cmd_abstraction_features)
    q = action.add_parser("buckets", help="a bucket for every canonical state of a street, "
                          "from the features in OUT: OUT/STREET-buckets-METHOD-K.npy and .json")
    q.add_argument("--street", required=True, choices=("river", "turn", "flop"))
    q.add_argument("--out", required=True, help="the folder of the features, to write into")
    q.add_argument("--k", type=int, required=True, help="the number of buckets")
    q.add_argument("--method", default="ehs2-percentile",
                   help="ehs2-percentile (the default; HS on the river): buckets of equal "
                   "weight; kmeans-histogram: k-means on the HS histograms; kmeans-emd: k-means "
                   "on their cumulative form")
    q.add_argument("--seed", type=int, default=0, help="k-means: the seed (default 0)")
    q.add_argument("--sample", type=int, default=None,
                   help="k-means: fit on this many states, then place them all (default "
                   "200,000; 0: fit on all)")
    q.add_argument("--json", action="store_true", help="print a summary as JSON")
    q.set_defaults(run=_cmd_abstraction_buckets)

    p = _command(sub, "warm", "compile every kernel into numba's cache, on every core "
                 "(Monte Carlo: for 2 to 6 players)", (
        "pokerlut warm",
        "pokerlut warm --workers 2 --json",
        'pokerlut warm --only "evaluate_batch high" --only "equity holdem"',
        "pokerlut warm --list",))
    p.add_argument("--workers", type=int, default=None,
                   help="worker processes, one numba thread each (default: the cores)")
    p.add_argument("--only", action="append", default=None, metavar="PATTERN",
                   help="only the jobs whose name contains PATTERN (shell wildcards allowed); "
                   "repeatable")
    p.add_argument("--list", action="store_true", help="list the jobs and exit: one per "
                   "distinct kernel (Monte Carlo: one per number of players, 2 to 6)")
    p.add_argument("--json", action="store_true",
                   help="print the run as JSON: seconds, each job's time and kernels, cache")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=_cmd_warm)
    return parser


def _cluster_options(p: argparse.ArgumentParser) -> None:
    """The options of the commands that run on Dask."""
    p.add_argument("--scheduler", default=None, metavar="tcp://HOST:8786",
                   help="an existing Dask scheduler (default: start a local cluster)")
    p.add_argument("--workers", type=int, default=None,
                   help="local cluster: worker processes (default: the cores)")
    p.add_argument("--json", action="store_true", help="print a summary as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def _version(verbose: bool) -> None:
    print(f"pokerlut {__version__}")
    if verbose:
        import numba

        from .evaluate import evaluate_batch
        from .tables import default_dir

        evaluate_batch(np.arange(5, dtype=np.uint8)[None])  # a parallel kernel picks the layer

        print(f"numba {numba.__version__}, numpy {np.__version__}, Python {sys.version.split()[0]}")
        threads = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
        print(f"threading layer: {numba.threading_layer()}, threads: {threads}")
        print(f"tables: {default_dir()}")
        cache = numba.config.CACHE_DIR  # type: ignore[attr-defined]  # numba sets it at run time
        print(f"numba cache: {cache or 'beside the package (or the user cache)'}")


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
        print(f"pokerlut {args.command}: {_one_line(str(error))}", file=sys.stderr)
        return 2
    except (TablesError, ImportError) as error:  # the installation, not the input
        print(f"pokerlut {args.command}: {_one_line(str(error))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"pokerlut {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (`pokerlut stats | head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as error:  # a file or folder it was given: unreadable, unwritable, not there
        print(f"pokerlut {args.command}: {_one_line(str(error))}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
