"""The handlers of the `pokerlut` subcommands (`cmd_*`, each given the parsed arguments): each
calls the library and prints what it returns through `_render`."""

from __future__ import annotations

import argparse
import time
from fractions import Fraction
from typing import Any

import numpy as np

from .._cards import RANKS, format_cards, parse_cards
from ..lang import category_name, check_lang, deck_words, word
from ..rules import ITALIAN_GAMES, rules
from ._render import print_equity, print_json, progress_bar, progress_rows, stats_table, table_out


def _lang(args: argparse.Namespace) -> str | None:
    """The --lang of a command (None: the classic English output), checked: an unknown
    language is a ValueError, so one line on stderr and status 2."""
    lang = getattr(args, "lang", None)
    return None if lang is None else check_lang(lang)


def cmd_eval(args: argparse.Namespace) -> None:
    from .._anatomy import best_five
    from .._evaluate import category, describe, evaluate

    lang = _lang(args)
    args.hand = " ".join(args.hand)  # quoted as one argument, or one card per argument
    game = rules(args.game, args.wild).name
    italian: dict[str, Any] = dict(flush_by_suit=False) if args.flush_by_ranks else {}
    strength = evaluate(args.hand, game=game, **italian)
    five = best_five(args.hand, game=game) if len(parse_cards(args.hand, jokers=True)) > 5 else None
    if args.json:
        print_json(
            {
                "hand": format_cards(args.hand),
                "game": game,
                "strength": strength,
                "category": category(strength, game=game).name if strength else None,
                "description": describe(args.hand, game=game, lang=lang or "en", **italian),
                "best_five": format_cards(five) if five is not None else None,
            }
        )
        return
    if lang is not None:
        name = f"{category_name(category(strength, game=game), lang=lang)}, " if strength else ""
        print(
            f"{format_cards(args.hand, pretty=args.pretty)}: {word('strength', lang)} "
            f"{strength}, {name}{describe(args.hand, game=game, lang=lang, **italian)}"
            + (
                f" ({word('best_five', lang)}: {format_cards(five)})"
                if five is not None and len(five)
                else ""
            )
        )
        return
    name = category(strength, game=game).name if strength else "NO_QUALIFYING_HAND"
    print(
        f"{format_cards(args.hand, pretty=args.pretty)}: strength {strength}, "
        f"{name}, {describe(args.hand, game=game, **italian)}"
        + (f" (best five: {format_cards(five)})" if five is not None and len(five) else "")
    )


def cmd_compare(args: argparse.Namespace) -> None:
    from .._evaluate import compare, describe, evaluate

    lang = _lang(args)
    game = rules(args.game, args.wild).name
    italian: dict[str, Any] = dict(flush_by_suit=False) if args.flush_by_ranks else {}
    result = compare(args.a, args.b, game=game, **italian)
    if args.json:
        print_json(
            {
                "game": game,
                "result": result,
                "hands": [
                    {
                        "hand": format_cards(h),
                        "strength": evaluate(h, game=game, **italian),
                        "description": describe(h, game=game, lang=lang or "en", **italian),
                    }
                    for h in (args.a, args.b)
                ],
            }
        )
        return
    verdict = {1: "first hand wins", -1: "second hand wins", 0: "split pot"}[result]
    if lang is not None:
        verdict = word({1: "first_wins", -1: "second_wins", 0: "split"}[result], lang)
    cells = [
        [
            format_cards(hand),
            str(evaluate(hand, game=game, **italian)),
            describe(hand, game=game, lang=lang or "en", **italian),
        ]
        for hand in (args.a, args.b)
    ]
    headers = (
        ("hand", "strength", "description")
        if lang is None
        else (word("columns", lang)[1], word("strength", lang), word("columns", lang)[-2])
    )
    table_out(headers, cells, "lrl", plain="\n".join(f"{h}: {s} ({d})" for h, s, d in cells))
    print(verdict)


def _count(args: argparse.Namespace) -> tuple[Any, int, int, int, float, np.ndarray]:
    """Every hand of `stats`' game counted by strength, warm (compiled first): the rules, deck
    size, cards per hand, number of hands, seconds and counts."""
    from math import comb

    from ..stats import count_hands

    game = rules(args.game, args.wild)
    deck = len(game.deck_of(args.deck_size))
    cards = args.cards or (game.hand_sizes[0] if game.badugi else game.hand_sizes[-1])
    total = comb(deck, cards)
    count_hands(5, game=game.name, deck_size=deck, threads=args.threads)  # compile: time warm
    start = time.perf_counter()
    counts = count_hands(
        cards, game=game.name, deck_size=deck, threads=args.threads, progress=progress_bar(total, args.quiet)
    )
    return game, deck, cards, total, time.perf_counter() - start, counts


def _stats_data(
    game: Any, deck: int, cards: int, total: int, elapsed: float, counts: np.ndarray, lang: str | None
) -> dict[str, Any]:
    """The figures of `stats --json` ("deck", the old key of "deck_size", too, for one release)."""
    from ..stats import by_category

    return {
        "game": game.name,
        "cards": cards,
        "deck_size": deck,
        "deck": deck,
        "hands": total,
        "seconds_warm": elapsed,
        "categories": [
            {
                "category": row.label,
                "hands": row.hands,
                "probability": row.probability,
                "classes": row.classes,
            }
            for row in by_category(counts, game.name, lang=lang)
        ],
    }


def cmd_stats(args: argparse.Namespace) -> None:
    from ..stats import by_category

    lang = _lang(args)
    game, deck, cards, total, elapsed, counts = _count(args)
    if args.json:
        print_json(_stats_data(game, deck, cards, total, elapsed, counts, lang))
        return
    if lang is not None:
        low = "2" if game.wild else RANKS[game.ranks[0]]
        print(
            word("stats_header", lang).format(
                total=f"{total:,}",
                cards=cards,
                game=game.name,
                deck=deck_words(deck, low, lang),
                elapsed=f"{elapsed:.3f}",
                rate=f"{total / elapsed / 1e6:,.0f}",
            )
        )
        headers, cells = stats_table(by_category(counts, game.name, lang=lang), int(counts.sum()), lang)
        table_out(headers, cells, "l" * (len(headers) - 1) + "r", total=True)
        return
    deck_text = f"{deck} cards" if game.wild else game.deck_text
    print(
        f"All {total:,} hands of {cards} cards ({game.name}, {deck_text}), in "
        f"{elapsed:.3f} s ({total / elapsed / 1e6:,.0f} M hands counted/s)"
    )
    cells = [
        [row.label, f"{row.hands:,}", f"{row.probability:.6%}", f"{row.classes:,}"]
        for row in by_category(counts, game.name)
    ]
    cells.append(["total", f"{int(counts.sum()):,}", f"{1:.6%}", f"{int((counts[1:] > 0).sum()):,}"])
    plain = [f"{'category':<18}{'hands':>14}{'probability':>14}{'classes':>9}"]
    plain += [f"{a:<18}{b:>14}{c:>13}{d:>9}" for a, b, c, d in cells]  # the classic layout
    table_out(
        ("category", "hands", "probability", "classes"), cells, "lrrr", plain="\n".join(plain), total=True
    )


def cmd_equity(args: argparse.Namespace) -> None:
    import json

    from .._equity.front import equity

    given = args.board or [""]  # --board once, or once for each board
    if len(given) > 1 and args.boards is not None:
        raise ValueError("--boards with several --board: give the boards one way")
    board, boards = (given[0], args.boards) if len(given) == 1 else ("", given)
    bar = progress_bar(100, args.quiet)
    result = equity(
        args.hands,
        board=board,
        dead=args.dead,
        boards=boards,
        deal=args.deal,
        game=args.game,
        exact=args.exact,
        trials=args.trials,
        seed=args.seed,
        threads=args.threads,
        device=args.device,
        by_category=args.by_category,
        progress=(lambda done: bar(round(100 * done))) if bar else None,
        draw_rounds=args.draw_rounds,
        policy=args.policy,
        syntax=args.syntax,
    )
    if bar:
        bar(100)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
        return
    print_equity(result)


def cmd_build_tables(args: argparse.Namespace) -> None:
    from ..build import build_tables
    from .._tables import default_dir

    games = {"all": None, "italian": list(ITALIAN_GAMES)}.get(args.game, [args.game])
    out = args.out or default_dir()
    start = time.perf_counter()
    built = build_tables(out, games, log=(lambda line: None) if args.json else print)
    if args.json:
        print_json(
            {
                "dir": str(out),
                "games": list(built),
                "files": [
                    f"{game}/{name}"
                    for game, manifest in built.items()
                    for name in [*manifest["files"], "manifest.json"]
                ],
                "bytes": sum(manifest["total_bytes"] for manifest in built.values()),
                "seconds": time.perf_counter() - start,
            }
        )


def cmd_demo(args: argparse.Namespace) -> None:
    from .._evaluate import describe, evaluate
    from .._equity.front import equity

    data: dict[str, Any] = {
        "hands": [
            {"hand": hand, "strength": evaluate(hand), "description": describe(hand)}
            for hand in (
                "As Ks Qs Js Ts",
                "Kh Kd 6s 6c Kc",
                "5h 4d 3c 2s Ah",
                "7h 5d 4c 3s 2h",
                "Ah Kh 4h 3h 2h 9c 9d",
            )
        ],
        "stats": [],
        "equity": [],
    }
    if not args.json:
        print("A few hands:")
        cells = [
            [format_cards(h["hand"], pretty=True), str(h["strength"]), h["description"]]
            for h in data["hands"]
        ]
        table_out(
            ("hand", "strength", "description"),
            cells,
            "lrl",
            plain="\n".join(f"  {hand:<22} {strength:>5}  {words}" for hand, strength, words in cells),
        )
    for n_cards in (5, 7):
        stats = argparse.Namespace(
            cards=n_cards,
            game="high",
            wild=None,
            deck_size=None,
            threads=None,
            quiet=args.quiet,
            json=False,
        )
        if args.json:
            data["stats"].append(_stats_data(*_count(stats), lang=None))
        else:
            print()
            cmd_stats(stats)
    if not args.json:
        print()
        print("Speed: `make bench` measures it (pytest-benchmark); the figures are in docs/performance.md.")
    for players, kwargs in (
        (["AsAh", "KsKh"], {}),
        (["QQ+,AK", "22+,A2s+"], dict(board="Kh7d2c")),
        (["AsAh", "KsKh", "QcQd", "JcTc", "9h8h", "7d7s"], dict(exact=False, trials=2_000_000, seed=1)),
    ):
        equity(players, **kwargs)  # compile first
        result = equity(players, **kwargs)
        data["equity"].append(result.to_dict())
        if not args.json:
            print()
            print_equity(result)
    if args.json:
        print_json(data)


def cmd_bulk(args: argparse.Namespace) -> None:
    """Evaluate a file of hands on Dask (`pokerlut.bulk.evaluate_file`)."""
    from ..bulk import evaluate_file  # numpy only: the extra is imported when used

    game = rules(args.game, args.wild).name
    bar = progress_rows(args)
    summary = evaluate_file(
        args.input,
        args.out,
        game=game,
        wild=args.wild,
        column=args.column,
        chunk_rows=args.chunk_rows,
        scheduler=args.scheduler,
        workers=args.workers,
        progress=bar,
    )
    if args.json:
        print_json(summary.to_dict())
        return
    print(
        f"{summary.rows:,} hands ({game}) -> {', '.join(summary.outputs)} in "
        f"{summary.seconds:.2f} s on {summary.workers} workers"
    )


def cmd_matrix(args: argparse.Namespace) -> None:
    """The exact preflop matrix on Dask (`pokerlut.matrix.compute_matrix`; with --n-players 3
    the three-way table)."""
    from ..matrix import compute_matrix

    if args.n_players == 3:
        _matrix3(args)
        return
    if args.chunk_triples is not None:
        raise ValueError("--chunk-triples goes with --n-players 3")
    run = compute_matrix(
        args.out,
        args.classes,
        png=args.png,
        scheduler=args.scheduler,
        workers=args.workers,
        device=args.device,
        chunk_pairs=args.chunk_pairs,
        progress=not (args.quiet or args.json),
    )
    if args.json:
        print_json(run.to_dict())
        return
    print(
        f"{run.classes} classes, {run.class_pairs:,} pairs of classes, "
        f"{run.canonical_pairs:,} suit-distinct pairs of hands for {run.combo_pairs:,}: "
        f"{run.chunks_computed} chunks computed, {run.chunks_skipped} found done"
    )
    print(
        f"-> {run.out}"
        + (f", {run.png}" if run.png else "")
        + f" in {run.wall_seconds:.1f} s"
        + (f" on {run.workers} workers" if run.workers else "")
    )


def _matrix3(args: argparse.Namespace) -> None:
    """`pokerlut matrix --n-players 3`: the exact three-way table of class triples."""
    from ..matrix import CHUNK_TRIPLES, compute_matrix

    if args.png is not None:
        raise ValueError("--png draws the heads-up matrix: not with --n-players 3")
    run = compute_matrix(
        args.out,
        args.classes,
        n_players=3,
        scheduler=args.scheduler,
        workers=args.workers,
        device=args.device,
        chunk_triples=CHUNK_TRIPLES if args.chunk_triples is None else args.chunk_triples,
        progress=not (args.quiet or args.json),
    )
    if args.json:
        print_json(run.to_dict())
        return
    print(
        f"{run.classes} classes, {run.class_triples:,} triples of classes, "
        f"{run.dealable_triples:,} dealable ({run.dealt:,} deals of hands): "
        f"{run.chunks_computed} chunks computed, {run.chunks_skipped} found done"
    )
    print(f"-> {run.out} in {run.wall_seconds:.1f} s" + (f" on {run.workers} workers" if run.workers else ""))


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


def cmd_video_poker(args: argparse.Namespace) -> None:
    from .._video_poker import NOTHING, holds, paytable, paytables, video_poker

    if args.paytable is None:
        table_out(
            ("pay table", "deck size", "wild", "pays"),
            [
                [p.name, str(p.deck_size), p.wild or "", ", ".join(f"{line.pays}" for line in p.lines)]
                for p in paytables().values()
            ],
        )
        return
    table = paytable(args.paytable)
    if args.pays:
        table = table.with_pays(_pays(args.pays), name=f"{table.name} ({args.pays})")
    if args.hand is not None:
        found = holds(args.hand, table)
        if args.json:
            print_json(
                {
                    "paytable": table.name,
                    "hand": format_cards(args.hand),
                    "holds": [h.to_dict() for h in found],
                }
            )
            return
        table_out(
            ("rank", "keep", "expected payout", "exact"),
            [
                [str(h.rank), format_cards(h.keep) or "(draw five)", f"{float(h.value):.6f}", str(h.value)]
                for h in found
            ],
            "rlrr",
        )
        return
    start = time.perf_counter()
    game = video_poker(table, threads=args.threads)
    seconds = time.perf_counter() - start
    pays = {line.name: line.pays for line in table.lines}
    if args.json:
        print_json({**game.to_dict(), "seconds": seconds})
        return
    rows = [
        [
            name,
            str(pays.get(name, 0)) if name != NOTHING else "0",
            f"{float(p):.8f}",
            f"{float(p * pays.get(name, 0)):.6f}",
        ]
        for name, p in game.probabilities.items()
    ]
    rows.append(["return", "", "1", f"{game.expected_return:.6f}"])
    table_out(("final hand", "pays", "probability", "return"), rows, "lrrr", total=True)
    kept = ", ".join(f"{k}: {n:,}" for k, n in game.kept.items())
    print(
        f"{table.name}: return {game.expected_return:.6%}, variance {game.variance:.4f} "
        f"({game.dealt:,} deals in {seconds:.2f} s); cards kept by the best hold: {kept}"
    )


def cmd_warm(args: argparse.Namespace) -> None:
    """Compile every kernel into numba's cache (`pokerlut._warm.warm`)."""
    from .._warm import gpu_jobs, select, warm, warm_gpu

    if args.device == "cuda":
        if args.workers is not None:
            raise ValueError("--workers is for the CPU's kernels: --device cuda compiles in this process")
        chosen = select(args.only, gpu_jobs())
    else:
        chosen = select(args.only)
    if args.list:
        print("\n".join(job.name for job in chosen))
        return
    bar = progress_bar(len(chosen), args.quiet, " jobs")
    if args.device == "cuda":
        report = warm_gpu(args.only, bar)
    else:
        report = warm(args.workers, args.only, bar)
    if args.json:
        print_json(report.to_dict())
        return
    print(
        f"{_plural(len(report.jobs), 'job')} on {_plural(report.workers, 'worker')} in "
        f"{report.seconds:.1f} s: {_plural(report.kernels, 'kernel')} compiled"
        + ("" if report.kernels else " (the cache was warm)")
    )
    print("slowest: " + ", ".join(f"{job.name} {job.seconds:.1f} s" for job in report.jobs[:3]))
    if report.dropped:
        print(
            f"dropped {_plural(len(report.dropped), 'index file')} of an older pokerlut that numba "
            "could no longer read"
        )
    print(
        "numba's cache: "
        + (
            ", ".join(f"{folder} ({_plural(n, 'index file')})" for folder, n in report.cache.items())
            or "no index files found"
        )
    )


def _plural(n: int, word: str) -> str:
    """'1 job', '2 jobs'."""
    return f"{n} {word}{'s' * (n != 1)}"
