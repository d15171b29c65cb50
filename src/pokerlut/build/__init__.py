"""Table generation, per game: rank every five-card hand, derive the 6- and 7-card tables (a
Badugi game's tables: `build.badugi`).

`build_tables(out_dir)` writes every game's tables into `out_dir/<game>/` as `.npy` plus
`manifest.json`, asserting the game's figures from the rule book on the way; it is what
`pokerlut build-tables` and `scripts/build_tables.py` run. Rebuilding gives byte-identical files.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import math
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import numpy as np

from .._kernels.encoding import PRIMES
from .._kernels.hashing import MIXED_HASH, OMAHA_HASH, PAIR_HASH, RANK5_HASH, RANK_HASH, WILD_HASH
from .._tables import BADUGI_KIND, files_of
from .._names import Category
from ..rules import BADUGI_GAMES, GAMES, ITALIAN_GAMES, WILD_GAMES, Rules, rules as rules_of
from . import expected
from .badugi import badugi_tables
from .five import FiveCardRanking, Shape, all_hands, rank_five_card_hands, rank_key, rank_shapes
from .perfect_hash import build_perfect_hash
from .wild import five_card_strengths, wild_tables

RankValues = dict[tuple[int, ...], int]  # sorted ranks of five cards -> strength


class BuildError(AssertionError):
    """A count or invariant of the rule book did not come out of the enumeration."""


def check(condition: bool, what: str) -> None:
    if not condition:
        raise BuildError(f"table build: {what}")


def _multisets(ranks: tuple[int, ...], n: int, most: int) -> Iterable[tuple[int, ...]]:
    """Sorted n-rank multisets of `ranks` with at most `most` of a rank."""
    for m in itertools.combinations_with_replacement(ranks, n):
        if n == 0 or max(m.count(r) for r in set(m)) <= most:
            yield m


def _mask(ranks: Iterable[int]) -> int:
    return sum(1 << r for r in set(ranks))


def _check_five_card_figures(rules: Rules, five: FiveCardRanking) -> dict[str, Any]:
    """Assert the game's five-card counts (hands and classes per category, classes in all)."""
    qualifying = five.strength > 0
    counts = {
        Category(c).name: int(n)
        for c, n in enumerate(np.bincount(five.category[qualifying], minlength=10))
        if n
    }
    classes = {
        Category(c).name: len(np.unique(five.strength[qualifying & (five.category == c)]))
        for c in range(10)
        if counts.get(Category(c).name)
    }
    want = expected.FIVE_CARDS.get(rules.name)
    if want is not None:
        check(
            counts == {c.name: n for c, (_, n) in want.items()},
            f"{rules.name}: hands per category {counts}, the rule book says otherwise",
        )
        check(
            classes == {c.name: k for c, (k, _) in want.items()},
            f"{rules.name}: classes per category {classes}, the rule book says otherwise",
        )
        check(int(five.strength.max()) == expected.CLASSES[rules.name], f"{rules.name}: classes")
    check(len(five.hands) == math.comb(len(rules.deck), 5), f"{rules.name}: hand count")
    if rules.name == "italian-4":
        check(
            all(counts[c.name] == n for c, n in expected.ITALIAN_32.items()),
            f"italian-4: {counts}, the rule book says {expected.ITALIAN_32}",
        )
    if rules.name == "high":
        royal = (five.category == Category.STRAIGHT_FLUSH) & (five.strength == five.strength.max())
        check(int(royal.sum()) == expected.ROYAL_FLUSHES[5], "royal flush count")
    if rules.name == "eight-or-better":
        ranks = (five.hands >> 2).astype(np.int64)
        top = np.where(ranks == 12, -1, ranks).max(axis=1)[qualifying]
        seen = {str(t + 2): int((top == t).sum()) for t in range(3, 7)}
        check(seen == expected.EIGHT_OR_BETTER_BY_TOP, f"eight-or-better lows by top card {seen}")
    return {"hands": counts, "classes": classes, "no_qualifying_hand": int((~qualifying).sum())}


def _five_card_tables(rules: Rules, shapes: list[Shape]) -> tuple[dict[str, np.ndarray], RankValues]:
    """Cactus Kev's three tables (flush5, unique5, paired prime products) and `classes`, from
    the shapes; and the non-flush value of every sorted five-rank tuple."""
    n_classes = max(s.strength for s in shapes)
    flush5 = np.zeros(8192, dtype=np.uint16)
    unique5 = np.zeros(8192, dtype=np.uint16)
    products, paired_values = [], []
    classes = np.zeros((n_classes + 1, 6), dtype=np.uint8)
    for s in shapes:
        if s.strength:
            row = [s.category, *s.significance]
            check(
                not classes[s.strength].any() or classes[s.strength].tolist() == row,
                f"{rules.name}: strength {s.strength} has two rank patterns",
            )
            classes[s.strength] = row
        if s.flush:
            flush5[_mask(s.ranks)] = s.strength
        elif len(set(s.ranks)) == 5:
            unique5[_mask(s.ranks)] = s.strength
        elif s.category != Category.FIVE_OF_A_KIND:  # five natural cards never are
            products.append(math.prod(PRIMES[r] for r in s.ranks))
            paired_values.append(s.strength)
    if len(rules.ranks) == 13:
        check(len(products) == expected.PAIRED_PRIME_PRODUCTS, f"{len(products)} paired products")
    pair_offsets, pair_values = build_perfect_hash(
        np.array(products, dtype=np.uint64), np.array(paired_values, dtype=np.uint16), PAIR_HASH
    )
    non_flush = {s.ranks: s.strength for s in shapes if not s.flush}
    tables: dict[str, np.ndarray] = {
        "classes": classes,
        "flush5": flush5,
        "unique5": unique5,
        "pair_offsets": pair_offsets,
        "pair_values": pair_values,
    }
    return tables, non_flush


def _best(multiset: tuple[int, ...], value: RankValues) -> int:
    """The best non-flush five of a sorted rank multiset."""
    return max(value[five] for five in itertools.combinations(multiset, 5))


def _rank_table(rules: Rules, non_flush: RankValues) -> tuple[dict[str, np.ndarray], dict[int, int]]:
    """The best non-flush five for every rank multiset of 5, 6 and 7 cards, hashed by
    sum(5**rank); and for those of five cards alone, in a table of their own."""
    keys, values = [], []
    for n in (5, 6, 7):
        multisets = list(_multisets(rules.ranks, n, 4))
        if len(rules.ranks) == 13:
            check(len(multisets) == expected.RANK_MULTISETS[n], f"{n}-card rank multisets")
        for m in multisets:
            keys.append(rank_key(m))
            values.append(_best(m, non_flush))
        if n == 5:
            five = len(keys)  # the five-card multisets come first
    check(len(set(keys)) == len(keys), "two rank multisets share a key")
    keys_array, values_array = np.array(keys, dtype=np.uint64), np.array(values, dtype=np.uint16)
    offsets, table = build_perfect_hash(keys_array, values_array, RANK_HASH)
    offsets5, table5 = build_perfect_hash(keys_array[:five], values_array[:five], RANK5_HASH)
    return (
        {"rank_offsets": offsets, "rank_values": table, "rank5_offsets": offsets5, "rank5_values": table5},
        dict(zip(keys, values)),
    )


def _flush_tables(
    rules: Rules, flush5: np.ndarray, non_flush: RankValues, rank_value: dict[int, int]
) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """What a hand of 5..7 cards is worth when five or more share a suit.

    The suited cards' rank mask F and the other cards' ranks O decide it: the best of the
    fives inside F (flushes) and of the fives holding an O card (not flushes). Where, for a
    mask, every O gives the best flush of F (high games: the flush dominates), `flush[F]`
    holds it. Otherwise `flush[F]` is 0 and the kernel reads `mixed`, keyed by F and the whole
    hand's rank key, or (when the game has no `mixed` table) the rank table, which is right for
    games where flushes do not count.
    """
    flush = np.zeros(8192, dtype=np.uint16)
    mixed_keys: list[int] = []
    mixed_values: list[int] = []
    seen = {"dominant_masks": 0, "mixed_masks": 0}
    for n_suited in (5, 6, 7):
        for suited in itertools.combinations(rules.ranks, n_suited):
            mask = _mask(suited)
            best_flush = max(int(flush5[_mask(f)]) for f in itertools.combinations(suited, 5))
            if not rules.flushes:
                continue  # suits never matter: the rank table answers
            entries = []
            for n_other in range(8 - n_suited):
                for other in _multisets(rules.ranks, n_other, 3):
                    whole = tuple(sorted(suited + other))
                    if best_flush >= rank_value[rank_key(whole)]:
                        value = best_flush  # no non-flush five of these ranks does better
                    else:
                        cards = [(r, True) for r in suited] + [(r, False) for r in other]
                        value = max(
                            best_flush
                            if all(s for _, s in five)
                            else non_flush[tuple(sorted(r for r, _ in five))]
                            for five in itertools.combinations(cards, 5)
                        )
                    entries.append((mask << 32 | rank_key(whole), value))
            if all(value == best_flush for _, value in entries):
                flush[mask] = best_flush
                seen["dominant_masks"] += 1
            else:
                mixed_keys += [k for k, _ in entries]
                mixed_values += [v for _, v in entries]
                seen["mixed_masks"] += 1
    check(not rules.flushes or (flush > 0).sum() == seen["dominant_masks"], "a zero flush entry")
    seen["mixed_keys"] = len(mixed_keys)
    if not mixed_keys:  # suited cards settle every hand: the game has no `mixed` table
        return {"flush": flush}, seen
    offsets, values = build_perfect_hash(
        np.array(mixed_keys, dtype=np.uint64), np.array(mixed_values, dtype=np.uint16), MIXED_HASH
    )
    return {"flush": flush, "mixed_offsets": offsets, "mixed_values": values}, seen


def _kernel_kind(rules: Rules, tables: dict[str, np.ndarray]) -> str:
    """How the kernels read five suited cards in this game (a key of `tables.KINDS`), from what
    the build found: suits ignored (flushes are no hand), a `mixed` table (a flush can hurt),
    wild cards, or suited cards that settle the hand."""
    if rules.wild:
        return "wild" if rules.flushes else "wild-suits-ignored"
    if "mixed_values" in tables:
        return "suits-mixed"
    return "suits-settle" if rules.flushes else "suits-ignored"


def _omaha_tables(rules: Rules, non_flush: RankValues) -> dict[str, np.ndarray]:
    """Omaha's non-flush part: for every board rank multiset of 3, 4 or 5 cards and every two
    hole ranks, the best non-flush five of the two plus three of the board's.

    `omaha_pair[64 * r1 + r2]` numbers the 91 hole-rank pairs (any uint8 card's rank reads
    inside it); boards are numbered through a perfect hash of sum(5**rank) (`omaha_offsets`,
    `omaha_ids`), and `omaha_values[91 * board + pair]` holds the value. Flushes are added at
    run time from `flush5`. Games without Omaha (wild cards, a flush that can hurt, Italian
    poker) have no Omaha tables.
    """
    pairs = list(itertools.combinations_with_replacement(range(13), 2))
    omaha_pair = np.zeros(64 * 64, dtype=np.uint8)
    for i, (a, b) in enumerate(pairs):
        omaha_pair[64 * a + b] = omaha_pair[64 * b + a] = i
    boards = [m for n in (3, 4, 5) for m in _multisets(rules.ranks, n, 4)]
    five_keys = np.array(sorted(rank_key(m) for m in non_flush), dtype=np.int64)
    five_values = np.array([non_flush[m] for m in sorted(non_flush, key=rank_key)], np.uint16)
    triples = np.full((len(boards), 10), -1, dtype=np.int64)  # rank keys of the 3-card subsets
    for i, board in enumerate(boards):
        keys = {rank_key(t) for t in itertools.combinations(board, 3)}
        triples[i, : len(keys)] = sorted(keys)
    pair_keys = np.array([rank_key(p) for p in pairs], dtype=np.int64)
    fives = triples[:, :, None] + pair_keys[None, None, :]  # (boards, 10, 91)
    slot = np.minimum(np.searchsorted(five_keys, fives), len(five_keys) - 1)
    found = (five_keys[slot] == fives) & (triples[:, :, None] >= 0)  # 5 of a rank: never dealt
    values = np.where(found, five_values[slot], 0).max(axis=1).astype(np.uint16)
    offsets, ids = build_perfect_hash(
        np.array([rank_key(b) for b in boards], dtype=np.uint64),
        np.arange(len(boards), dtype=np.uint16),
        OMAHA_HASH,
    )
    return {
        "omaha_pair": omaha_pair,
        "omaha_offsets": offsets,
        "omaha_ids": ids,
        "omaha_values": values.reshape(-1),
    }


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _check_wild_figures(
    rules: Rules, rank_value: dict[int, int], flush: np.ndarray, classes: np.ndarray
) -> dict[str, Any]:
    """Every five-card hand of the 52-, 53- and 54-card decks (the deuces are wild in all
    three) through the wild tables, counted by category; asserts the rule book's figures."""
    counts = {}
    for deck_size in rules.wild.deck_sizes if rules.wild else ():
        hands = all_hands(5, np.arange(deck_size, dtype=np.uint8))
        strength = five_card_strengths(rules, rank_value, flush, hands)
        check(strength.min() >= 1, f"{rules.name}: a hand without a value")
        category = classes[strength, 0]
        counts[str(deck_size)] = {
            Category(c).name: int(n) for c, n in enumerate(np.bincount(category, minlength=10)) if n
        }
    figures = expected.WILD_FIVE_OF_A_KIND.get(rules.name)
    if figures is not None:
        seen = counts["53"]
        check(
            sum(seen.values()) == expected.HANDS_53 and seen.get("FIVE_OF_A_KIND", 0) == figures,
            f"{rules.name}: 53 cards give {seen}, the rule book says {figures} five of a kind",
        )
    return {"hands": counts}


def build_game(
    game: str | Rules, out_dir: str | Path, *, log: Callable[[str], object] = print
) -> dict[str, Any]:
    """Build one game's tables into `out_dir`; return its manifest (also manifest.json)."""
    rules = rules_of(game)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    if rules.badugi:
        tables, figures = badugi_tables(rules, check)
        return _write(rules, out, tables, BADUGI_KIND, False, figures, start, log)
    shapes = rank_shapes(rules)
    tables, non_flush = _five_card_tables(rules, shapes)
    rank_tables, rank_value = _rank_table(rules, non_flush)  # natural cards
    tables.update(rank_tables)
    if rules.wild:
        wild, wild_value = wild_tables(rules, shapes)
        tables.update(wild)
        counts = _check_wild_figures(rules, wild_value, tables["flush"], tables["classes"])
        flush_counts: dict[str, Any] = {}
    else:
        counts = _check_five_card_figures(rules, rank_five_card_hands(rules))
        flush_tables, flush_counts = _flush_tables(rules, tables["flush5"], non_flush, rank_value)
        tables.update(flush_tables)
    kind = _kernel_kind(rules, tables)
    omaha = kind in ("suits-settle", "suits-ignored") and not rules.suit_ties
    if omaha:
        tables.update(_omaha_tables(rules, non_flush))
    figures = {
        "hash_specs": {
            "rank": RANK_HASH._asdict(),
            "rank5": RANK5_HASH._asdict(),
            "pair": PAIR_HASH._asdict(),
            "mixed": MIXED_HASH._asdict(),
            "omaha": OMAHA_HASH._asdict(),
            "wild": WILD_HASH._asdict(),
        },
        "five_card_counts": counts,
        "flush_masks": flush_counts,
    }
    return _write(rules, out, tables, kind, omaha, figures, start, log)


def _write(
    rules: Rules,
    out: Path,
    tables: dict[str, np.ndarray],
    kind: str,
    omaha: bool,
    figures: dict[str, Any],
    start: float,
    log: Callable[[str], object],
) -> dict[str, Any]:
    """Write a game's tables and its manifest.json (with `figures`: what the build saw) into
    `out`; return the manifest."""
    check(sorted(tables) == sorted(files_of(kind, omaha)), f"the {kind} tables are those it reads")
    for stale in out.glob("*.npy"):  # a folder built before holds files this kind no longer has
        stale.unlink()
    files: dict[str, dict[str, Any]] = {}
    for name, array in sorted(tables.items()):
        path = out / f"{name}.npy"
        np.save(path, array, allow_pickle=False)
        files[path.name] = {
            "dtype": str(array.dtype),
            "shape": list(array.shape),
            "bytes": int(array.nbytes),
            "sha256": _sha256(path),
        }
    manifest = {
        "format": 3,
        "game": rules.name,
        "kernel": kind,  # tables.KINDS: how the kernels read five suited cards
        "omaha": omaha,
        "rules": {
            k: ([getattr(x, "name", x) for x in v] if isinstance(v, tuple) else v)
            for k, v in dataclasses.asdict(rules).items()
        },
        "classes": int(tables["classes"].shape[0] - 1),
        "files": files,
        "total_bytes": sum(f["bytes"] for f in files.values()),
        **figures,
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    log(
        f"{rules.name}: {manifest['classes']:,} classes, {len(files)} tables of "
        f"{manifest['total_bytes']:,} bytes in {time.perf_counter() - start:.1f} s"
    )
    return manifest


def build_tables(
    out_dir: str | Path, games: Iterable[str] | None = None, *, log: Callable[[str], object] = print
) -> dict[str, dict[str, Any]]:
    """Build the tables of every game, wild variant, Italian deck and Badugi game (or of
    `games`) into `out_dir/<game>/`."""
    names = (
        [*GAMES, *WILD_GAMES, *ITALIAN_GAMES, *BADUGI_GAMES]
        if games is None
        else [rules_of(g).name for g in games]
    )
    for folder in (Path(out_dir), *(Path(out_dir) / name for name in names)):
        if folder.exists() and not folder.is_dir():
            raise ValueError(f"{folder} is a file: the tables go to a folder")
    return {name: build_game(name, Path(out_dir) / name, log=log) for name in names}
