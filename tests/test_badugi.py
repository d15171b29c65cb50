"""Badugi (`game="badugi"`, and the ace-high `"badugi-deuce-to-seven"`): every four-card hand
against the independent slow reference (tests/reference/badugi.py, brute force over subsets,
written from docs/rules.md), five-card hands on a seeded sample, the rule book's figures
reproduced by counting, every public function that ranks a hand, the kernels from numba code,
the tables, and bad input."""

from __future__ import annotations

import hashlib
import itertools
import json
import math
from pathlib import Path

import numba
import numpy as np
import pytest

import pokerlut
import reference.badugi as ref
from pokerlut import Category
from pokerlut import _one_hand as one_hand
from pokerlut import _tables as tables
from pokerlut._kernels import badugi as kernels
from pokerlut._kernels.core import KERNEL
from pokerlut.build import build_tables
from pokerlut.build.five import all_hands
from pokerlut.cli import main
from pokerlut.lang import LANGUAGES
from pokerlut.rules import BADUGI_GAMES, rules
from pokerlut.stats import by_category, count_hands, strengths_in_order

GAMES = list(ref.GAMES)
TABLES = Path(__file__).resolve().parents[1] / "tables"
FOUR = all_hands(4)  # the 270,725 four-card hands, lexicographic


def canonical(hand: tuple[int, ...]) -> tuple[int, ...]:
    """The hand with its suits renamed in order of first appearance among its sorted cards: the
    rules never rank a suit, so the reference's key is the same (a fact of the rules)."""
    names: dict[int, int] = {}
    return tuple(sorted(4 * (c >> 2) + names.setdefault(c & 3, len(names)) for c in sorted(hand)))


def reference_strengths(game: str, hands: np.ndarray, shortcut: bool = True) -> np.ndarray:
    """The reference's strength of every row; with `shortcut`, asked once per suit renaming."""
    if not shortcut:
        return np.array([ref.strength(h, game) for h in hands.tolist()])
    seen: dict[tuple[int, ...], int] = {}
    out = np.empty(len(hands), dtype=np.int64)
    for i, hand in enumerate(map(tuple, hands.tolist())):
        key = canonical(hand)
        if key not in seen:
            seen[key] = ref.strength(key, game)
        out[i] = seen[key]
    return out


def random_hands(n: int, size: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :size].astype(np.uint8)


# --- the games -----------------------------------------------------------------------------------


def test_the_games_are_listed_and_resolved():
    assert [g for g in pokerlut.games() if rules(g).badugi] == GAMES == list(BADUGI_GAMES)
    assert all(pokerlut.games()[g] for g in GAMES)
    for game in GAMES:
        r = rules(game)
        assert r.hand_sizes == (4, 5) and r.deck_text == "52 cards" and pokerlut.Game.of(game).top == 1092
        assert r.ace == ("low" if game == "badugi" else "high")
    with pytest.raises(ValueError, match="wild='jokers' is not offered in badugi"):
        rules("badugi", "jokers")
    with pytest.raises(ValueError, match="form must be"):
        pokerlut.Rules("x", "x", form="omaha")
    with pytest.raises(ValueError, match="a Badugi ranking has"):
        pokerlut.Rules("x", "x", form="badugi")  # the ace both ways, straights, flushes, high


# --- against the reference -----------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_four_card_hand_matches_the_reference(game):
    """All 270,725 hands; the reference is asked once per renaming of the suits."""
    fast = pokerlut.evaluate_batch(FOUR, game=game)
    assert (fast == reference_strengths(game, FOUR)).all()
    assert (strengths_in_order(4, game=game) == fast).all()  # combinations order


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_four_card_hand_matches_the_reference_hand_by_hand(game):
    """The same, the reference asked for every hand (no shortcut)."""
    fast = pokerlut.evaluate_batch(FOUR, game=game)
    assert (fast == reference_strengths(game, FOUR, shortcut=False)).all()


@pytest.mark.parametrize("game", GAMES)
def test_a_four_card_sample_hand_by_hand(game):
    hands = random_hands(3_000, 4, seed=4)
    assert (
        pokerlut.evaluate_batch(hands, game=game) == reference_strengths(game, hands, shortcut=False)
    ).all()


@pytest.mark.parametrize("game", GAMES)
def test_five_card_hands_match_the_reference(game):
    """A seeded sample of five-card hands (Badacey, Badeucy: the best four of five)."""
    hands = random_hands(4_000, 5, seed=5)
    fast = pokerlut.evaluate_batch(hands, game=game)
    assert (fast == reference_strengths(game, hands, shortcut=False)).all()
    fours = np.stack([pokerlut.evaluate_batch(np.delete(hands, k, axis=1), game=game) for k in range(5)])
    assert (fast == fours.max(axis=0)).all()  # the best of its five fours
    first = list(itertools.islice(itertools.combinations(range(52), 5), 20_000))
    assert (strengths_in_order(5, game=game)[:20_000] == pokerlut.evaluate_batch(first, game=game)).all()


@pytest.mark.parametrize("game", GAMES)
def test_every_entry_path_gives_the_same_strength(game):
    """evaluate (lists, text, arrays), evaluate_batch on 1 and 2 threads, unchecked, and
    pokerlut.evaluate inside numba code."""
    for size in (4, 5):
        hands = random_hands(500, size, seed=size)
        batch = pokerlut.evaluate_batch(hands, game=game)
        assert [pokerlut.evaluate(h, game=game) for h in hands.tolist()] == batch.tolist()
        assert [pokerlut.evaluate(pokerlut.format_cards(h), game=game) for h in hands[:50]] == batch[
            :50
        ].tolist()
        assert pokerlut.evaluate(hands[0], game=game) == batch[0]
        for threads in (1, 2):
            assert (pokerlut.evaluate_batch(hands, game=game, threads=threads) == batch).all()
        assert (pokerlut.evaluate_batch(hands, game=game, validate=False) == batch).all()
        assert (JIT_EVALUATE[game](hands) == batch).all()


def _jit_evaluate(game):
    @numba.njit
    def evaluate_rows(hands):
        out = np.empty(hands.shape[0], np.int64)
        for i in range(hands.shape[0]):
            out[i] = pokerlut.evaluate(hands[i], game=game)  # a literal in the compiled code
        return out

    return evaluate_rows


JIT_EVALUATE = {game: _jit_evaluate(game) for game in GAMES}


@numba.njit(**{**KERNEL, "parallel": False})
def _kernel_calls(t, hands, out4, out5, out_any):
    for i in range(hands.shape[0]):
        h = hands[i]
        out4[i] = kernels.badugi4(t, h[0], h[1], h[2], h[3])
        out5[i] = kernels.badugi5(t, h[0], h[1], h[2], h[3], h[4])
        out_any[i] = kernels.badugi_strength(t, h[:4]) + kernels.badugi_strength(t, h)


@pytest.mark.parametrize("game", GAMES)
def test_the_kernel_functions_from_numba_code(game):
    """badugi4, badugi5 and badugi_strength, as the draw games call them (tables first)."""
    hands = random_hands(2_000, 5, seed=7)
    out4, out5, both = (np.empty(len(hands), np.int64) for _ in range(3))
    _kernel_calls(tables.load_badugi(game), hands, out4, out5, both)
    assert (out4 == pokerlut.evaluate_batch(hands[:, :4], game=game)).all()
    assert (out5 == pokerlut.evaluate_batch(hands, game=game)).all()
    assert (both == out4 + out5).all()


def test_suits_never_matter():
    """Renaming the suits leaves every strength as it was."""
    hands = random_hands(2_000, 5, seed=9)
    for perm in itertools.permutations(range(4)):
        renamed = (hands & ~np.uint8(3)) | np.array(perm, np.uint8)[hands & 3]
        for game in GAMES:
            assert (
                pokerlut.evaluate_batch(renamed, game=game) == pokerlut.evaluate_batch(hands, game=game)
            ).all()


# --- the rule book's figures, by counting -------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_figures_of_the_issue(game):
    """270,725 four-card hands, 17,160 badugis, badugis by their highest card: counted."""
    counts = count_hands(4, game=game)
    classes = tables.classes(game)
    assert len(counts) == 1093 and counts[0] == 0 and int(counts.sum()) == math.comb(52, 4) == 270_725
    assert (counts[1:] > 0).all()  # every value is some hand's: dense 1..1,092
    category = classes[:, 0]
    per_category = {Category(c).name: int(counts[category == c].sum()) for c in (10, 11, 12, 13)}
    assert per_category == {"BADUGI": 17_160, "THREE_CARD": 154_440, "TWO_CARD": 96_252, "ONE_CARD": 2_873}
    assert [int((category[1:] == c).sum()) for c in (13, 12, 11, 10)] == [715, 286, 78, 13]
    badugi = category == Category.BADUGI
    top = {r: int(counts[badugi & (classes[:, 1] == r)].sum()) for r in range(13)}
    named = {pokerlut.format_card(4 * r)[0]: n for r, n in top.items() if n}
    if game == "badugi":
        assert named == {
            "K": 5_280, "Q": 3_960, "J": 2_880, "T": 2_016, "9": 1_344, "8": 840, "7": 480, "6": 240, "5": 96, "4": 24
        }  # fmt: skip
    else:  # every rank one place up: the ace on top, the five the lowest top card
        assert named == {
            "A": 5_280, "K": 3_960, "Q": 2_880, "J": 2_016, "T": 1_344, "9": 840, "8": 480, "7": 240, "6": 96, "5": 24
        }  # fmt: skip
    rows = {row.label: row.hands for row in by_category(counts, game)}
    assert (
        rows["badugi"] == 17_160 and sum(v for k, v in rows.items() if k.endswith("-high badugi")) == 17_160
    )


@pytest.mark.parametrize("game", GAMES)
def test_five_card_figures(game):
    """docs/rules.md's five-card figures, counted; the same on one and two threads."""
    counts = count_hands(5, game=game, threads=1)
    assert (count_hands(5, game=game, threads=2) == counts).all()
    assert int(counts.sum()) == 2_598_960
    rows = {row.key: row.hands for row in by_category(counts, game)}
    assert {k: rows[k] for k in ("BADUGI", "THREE_CARD", "TWO_CARD", "ONE_CARD")} == {
        "BADUGI": 514_800,
        "THREE_CARD": 1_647_360,
        "TWO_CARD": 431_652,
        "ONE_CARD": 5_148,
    }
    by_top = [rows[k] for k in rows if k.startswith("BADUGI_")]  # from the best top card up
    assert by_top == [1_152, 4_368, 10_320, 19_440, 31_920, 47_712, 66_528, 87_840, 110_880, 134_640]
    seen = []
    count_hands(5, game=game, progress=seen.append)
    assert seen and seen[-1] == 2_598_960


# --- the public functions -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "game", "words", "category"),
    [
        ("4c 3d 2h As", "badugi", "Badugi, 4-3-2-A", Category.BADUGI),
        ("Kc Kd Kh Ks", "badugi", "One-card hand, K", Category.ONE_CARD),
        ("8c 5d 3h 2s", "badugi", "Badugi, 8-5-3-2", Category.BADUGI),
        ("7c 4d 2h 2s", "badugi", "Three-card hand, 7-4-2", Category.THREE_CARD),
        ("Ac 2c 3d 4h", "badugi", "Three-card hand, 4-3-A", Category.THREE_CARD),  # the best three
        ("Kh Kd 2h 3d", "badugi", "Two-card hand, 3-2", Category.TWO_CARD),
        ("2c 3c 4c 5c", "badugi", "One-card hand, 2", Category.ONE_CARD),
        ("8c 5d 3h 2s Ks", "badugi", "Badugi, 8-5-3-2", Category.BADUGI),  # the best four of five
        ("5c 4d 3h 2s", "badugi-deuce-to-seven", "Badugi, 5-4-3-2", Category.BADUGI),
        ("4c 3d 2h As", "badugi-deuce-to-seven", "Badugi, A-4-3-2", Category.BADUGI),
        ("Ac Ad Ah As", "badugi-deuce-to-seven", "One-card hand, A", Category.ONE_CARD),
        ("Ac 2c 3d 4h", "badugi-deuce-to-seven", "Three-card hand, 4-3-2", Category.THREE_CARD),
    ],
)
def test_describe_and_category(hand, game, words, category):
    strength = pokerlut.evaluate(hand, game=game)
    assert pokerlut.describe(hand, game=game) == pokerlut.describe(strength, game=game) == words
    assert pokerlut.category(strength, game=game) == category
    assert pokerlut.category_batch([strength], game=game).tolist() == [category]
    assert pokerlut.describe_batch([strength], game=game).tolist() == [words]


def test_the_best_and_the_worst():
    assert pokerlut.evaluate("4c 3d 2h As", game="badugi") == 1092
    assert pokerlut.evaluate("Kc Kd Kh Ks", game="badugi") == 1
    assert pokerlut.evaluate("5c 4d 3h 2s", game="badugi-deuce-to-seven") == 1092
    assert pokerlut.evaluate("Ac Ad Ah As", game="badugi-deuce-to-seven") == 1


@pytest.mark.parametrize(
    ("a", "b", "game", "result"),
    [
        ("Kc Qd Jh Ts", "2c 3c 4c 5d", "badugi", 1),  # four cards beat fewer, whatever the ranks
        ("8c 5d 3h 2s", "8d 6c 2h As", "badugi", 1),  # 8 = 8, then 5 < 6
        ("4c 3d 2h As", "4d 3c 2s Ah", "badugi", 0),  # suits never break a tie
        ("7c 4d 2h 2s", "7d 4c 2s 2h", "badugi", 0),
        ("Ac 2d 3h 4s", "2c 3d 4h 5s", "badugi", 1),
        ("Ac 2d 3h 4s", "2c 3d 4h 5s", "badugi-deuce-to-seven", -1),  # the ace is high there
        ("Kc Kd 3h 2s Ks", "Kc Kd 3h 2s", "badugi", 0),  # the fifth card adds nothing here: K-3-2
        ("Kc Kd 3h 2s Qc", "Kc Kd 3h 2s", "badugi", 1),  # here it makes K-Q-3-2 of Kd 3h 2s Qc
    ],
)
def test_compare(a, b, game, result):
    assert pokerlut.compare(a, b, game=game) == result
    ab = pokerlut.parse_batch([a, b]) if len(a.split()) == len(b.split()) else None
    if ab is not None:
        assert pokerlut.compare_batch(ab[:1], ab[1:], game=game).tolist() == [result]


def test_winners_and_compare_batch():
    assert pokerlut.winners(["As Ks Qs Js", "2c 3d 4h 5s", "6c 7d 8h 9s"], game="badugi") == [1]
    assert pokerlut.winners(["4c 3d 2h As", "4d 3c 2s Ah"], game="badugi") == [0, 1]
    a, b = random_hands(1_000, 5, seed=1), random_hands(1_000, 5, seed=2)
    sa, sb = (pokerlut.evaluate_batch(h, game="badugi") for h in (a, b))
    assert (pokerlut.compare_batch(a, b, game="badugi") == np.sign(sa.astype(int) - sb)).all()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_words_in_every_language(lang):
    for hand in ("4c 3d 2h As", "7c 4d 2h 2s", "Kh Kd 2h 3d", "Kc Kd Kh Ks"):
        words = pokerlut.describe(hand, game="badugi", lang=lang)
        assert words and "{" not in words
    for c in (Category.BADUGI, Category.THREE_CARD, Category.TWO_CARD, Category.ONE_CARD):
        assert pokerlut.category_name(c, lang=lang)
    labels = [row.label for row in by_category(count_hands(4, game="badugi"), "badugi", lang=lang)]
    assert len(labels) == 14 and len(set(labels)) == 14
    assert pokerlut.describe("7c 4d 2h 2s", game="badugi", lang="it") == "Mano di tre carte, 7-4-2"


def test_stats_rows_in_english():
    rows = by_category(count_hands(4, game="badugi-deuce-to-seven"), "badugi-deuce-to-seven")
    assert [(r.label, r.hands, r.classes) for r in rows[:5]] == [
        ("badugi", 17_160, 715),
        ("three-card hand", 154_440, 286),
        ("two-card hand", 96_252, 78),
        ("one-card hand", 2_873, 13),
        ("5-high badugi", 24, 1),
    ]
    assert rows[-1].key == "BADUGI_A" and rows[-1].hands == 5_280


def test_pandas_accessor():
    pd = pytest.importorskip("pandas")
    hands = pd.Series(["4c 3d 2h As", "7c 4d 2h 2s"])
    assert hands.poker.strength(game="badugi").tolist() == [
        1092,
        pokerlut.evaluate("7c 4d 2h 2s", game="badugi"),
    ]
    assert hands.poker.describe(game="badugi").tolist() == ["Badugi, 4-3-2-A", "Three-card hand, 7-4-2"]


def test_dask_arrays():
    da = pytest.importorskip("dask.array")
    from pokerlut import bulk

    hands = random_hands(1_000, 4, seed=8)
    lazy = bulk.evaluate(da.from_array(hands, chunks=(300, 4)), game="badugi")
    assert (lazy.compute(scheduler="sync") == pokerlut.evaluate_batch(hands, game="badugi")).all()


# --- the command line ----------------------------------------------------------------------------


def test_cli_eval_compare_and_stats(capsys):
    assert main(["eval", "8c 5d 3h 2s", "--game", "badugi"]) == 0
    assert capsys.readouterr().out == "8c 5d 3h 2s: strength 1051, BADUGI, Badugi, 8-5-3-2\n"
    assert main(["eval", "8c", "5d", "3h", "2s", "Kd", "--game", "badugi", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["strength"], data["category"], data["description"]) == (1051, "BADUGI", "Badugi, 8-5-3-2")
    assert main(["compare", "8c 5d 3h 2s", "7c 4d 2h 2s", "--game", "badugi"]) == 0
    assert capsys.readouterr().out.endswith("first hand wins\n")
    assert main(["stats", "--game", "badugi", "--quiet", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["cards"] == 4 and stats["hands"] == 270_725
    assert stats["categories"][0] == {
        "category": "badugi",
        "hands": 17_160,
        "probability": 17_160 / 270_725,
        "classes": 715,
    }
    assert main(["eval", "8c 5d 3h", "--game", "badugi"]) == 2
    assert capsys.readouterr().err == "pokerlut eval: a hand has 4 or 5 cards in badugi, not 3\n"


# --- bad input, and what is not offered -----------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: pokerlut.evaluate("As Ks Qs", game="badugi"), "4 or 5 cards in badugi, not 3"),
        (lambda: pokerlut.evaluate("As Ks Qs Js Ts 9s", game="badugi"), "4 or 5 cards in badugi, not 6"),
        (lambda: pokerlut.evaluate("As As Qs Js", game="badugi"), "duplicate"),
        (lambda: pokerlut.evaluate("As Jk Qs Js", game="badugi"), "joker"),
        (lambda: pokerlut.evaluate([0, 5, 10, 52], game="badugi"), "joker"),
        (lambda: pokerlut.evaluate([0, 5, 10, 60], game="badugi"), "60"),
        (lambda: pokerlut.evaluate("As Ks Qs Js", game="badugi", wild="bug"), "not offered in badugi"),
        (lambda: pokerlut.evaluate_batch(np.zeros((2, 6), np.uint8), game="badugi"), r"shape \(n, 4\|5\)"),
        (lambda: pokerlut.evaluate_batch([[0, 5, 10, 51], [0, 5, 0, 51]], game="badugi"), "row 1: duplicate"),
        (lambda: pokerlut.evaluate_batch([[0, 5, 10, 51], [0, 5, 99, 51]], game="badugi"), "row 1: card 99"),
        (lambda: pokerlut.evaluate_batch([[0, 5, 10, 51]], game="badugi", device="cuda"), "on the CPU"),
        (lambda: pokerlut.describe(1093, game="badugi"), "out of range 1..1092"),
        (lambda: pokerlut.category(0, game="badugi"), "out of range 1..1092"),
        (lambda: pokerlut.count_hands(6, game="badugi"), "n_cards must be 4 or 5"),
        (lambda: pokerlut.count_hands(5, game="badugi", deck_size=53), "52 cards"),
        (lambda: pokerlut.best_five("As Ks Qs Js Ts", game="badugi"), "best_five: five-card poker only"),
        (lambda: pokerlut.stand_ins("As Ks Qs Js", game="badugi"), "stand_ins: five-card poker only"),
        (lambda: pokerlut.evaluate_omaha("As Ks Qs Js", "2c 3c 4c", game="badugi"), "Omaha: five-card"),
        (lambda: pokerlut.evaluate_omaha_batch([[0, 5, 10, 51]], [1, 2, 3], game="badugi"), "Omaha: five"),
        (lambda: pokerlut.equity(["AsAh", "KsKh"], "", game="badugi"), "deal 'holdem': five-card poker only"),
        (
            lambda: pokerlut.equity(["As Ah Kd", "Ks Kh 2c"], deal="razz", game="badugi"),
            "five-card poker only",
        ),
        (lambda: pokerlut.load_tables("badugi"), "five-card poker only"),
        (lambda: tables.load_badugi("high"), "not a Badugi game"),
    ],
)
def test_bad_input_and_what_is_not_offered(call, message):
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize(
    "hand",
    [
        [51, 51, 43, 39],
        [51, 47, 43, 52],
        [51, 47, 43, -1],
        [51, 47, 43, True],
        [51, 47, 43, 39.0],
        [51, 47, 43, np.int64(39)],
        [51, 47, 43],
        [51, 47, 43, 39, 35, 31],
        "As Ks Qs Js",
        np.array([51, 47, 43, 39]),
        None,
    ],
)
def test_one_hand_declines_what_is_not_four_or_five_distinct_card_ints(hand):
    """-1 (the caller then explains or converts); no wrong strength, no exception."""
    assert one_hand.badugi_strength(tables.load_badugi("badugi"))(hand) == -1


def test_numba_code_gives_0_for_bad_cards():
    assert numba.njit(lambda: pokerlut.evaluate((51, 51, 5, 0), game="badugi"))() == 0
    assert numba.njit(lambda: pokerlut.evaluate((51, 5, 0), game="badugi"))() == 0
    assert numba.njit(lambda: pokerlut.evaluate((51, 5, 0, 60), game="badugi"))() == 0
    assert numba.njit(lambda: pokerlut.evaluate((51, 5, 0, 1, 2), game="badugi-deuce-to-seven"))() > 0


# --- the tables ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_tables_are_small_and_described(game):
    manifest = json.loads((TABLES / game / "manifest.json").read_text())
    assert (manifest["kernel"], manifest["omaha"], manifest["classes"]) == ("badugi", False, 1092)
    assert {p.name for p in (TABLES / game).iterdir()} == {
        "badugi_values.npy",
        "classes.npy",
        "manifest.json",
    }
    assert set(manifest["files"]) == {"badugi_values.npy", "classes.npy"}
    for name, meta in manifest["files"].items():
        assert hashlib.sha256((TABLES / game / name).read_bytes()).hexdigest() == meta["sha256"]
    t = tables.load_badugi(game)
    assert t.values.nbytes + t.rank_place.nbytes + t.suit_pattern.nbytes < 64 * 1024  # L1/L2 sized
    assert pokerlut.Rules.from_dict(manifest["rules"]) == rules(game)
    assert manifest["hands"]["4"]["BADUGI"] == 17_160


def test_the_build_is_byte_identical(tmp_path):
    build_tables(tmp_path, GAMES, log=lambda *_: None)
    for game in GAMES:
        for path in (TABLES / game).iterdir():
            assert (tmp_path / game / path.name).read_bytes() == path.read_bytes(), (game, path.name)


def test_every_card_value_reads_inside_the_tables():
    """Unchecked rows of any uint8 cards: no read outside the tables (a value of the table)."""
    hands = np.random.default_rng(3).integers(0, 256, (5_000, 5)).astype(np.uint8)
    t = tables.load_badugi("badugi")
    for width in (4, 5):
        out = pokerlut.evaluate_batch(hands[:, :width], game="badugi", validate=False)
        assert np.isin(out, t.values).all()
