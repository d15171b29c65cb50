"""The shipped tables: reproducible from scratch, verified on load, refused when tampered."""

import hashlib
import itertools
import json
import shutil
from pathlib import Path

import numba
import numpy as np
import pytest

import pokerlut
from pokerlut import _tables as tables
from pokerlut.rules import BADUGI_GAMES, GAMES, ITALIAN_GAMES, WILD_GAMES
from pokerlut.rules import rules as rules_of
from pokerlut.build import build_tables
from pokerlut.build.five import rank_five_card_hands
from pokerlut._kernels.core import rank_strength

TABLES = Path(__file__).resolve().parents[1] / "tables"
SHIPPED = TABLES / "high"


@pytest.fixture(scope="module")
def rebuilt(tmp_path_factory):
    out = tmp_path_factory.mktemp("tables")
    build_tables(out, log=lambda *_: None)
    return out


ALL_GAMES = sorted([*GAMES, *WILD_GAMES, *ITALIAN_GAMES, *BADUGI_GAMES])
FIVE_CARD_GAMES = [g for g in ALL_GAMES if not rules_of(g).badugi]


@pytest.mark.slow
def test_rebuild_is_byte_identical(rebuilt):
    """Every game's folder (wild variants too), file by file."""
    assert sorted(p.name for p in rebuilt.iterdir()) == ALL_GAMES
    assert sorted(p.name for p in TABLES.iterdir() if p.is_dir()) == ALL_GAMES
    for game in ALL_GAMES:
        shipped = sorted(p.name for p in (TABLES / game).iterdir())
        assert shipped == sorted(p.name for p in (rebuilt / game).iterdir())
        for name in shipped:
            assert (rebuilt / game / name).read_bytes() == (TABLES / game / name).read_bytes(), name


def test_high_tables_are_those_of_version_0_1():
    """The redesign into games left the high game's tables as they were (sha256 of 0.1.0)."""
    manifest = json.loads((SHIPPED / "manifest.json").read_text())["files"]
    assert {
        name: manifest[name]["sha256"][:16]
        for name in (
            "classes.npy",
            "flush.npy",
            "pair_offsets.npy",
            "pair_values.npy",
            "rank_offsets.npy",
            "rank_values.npy",
            "unique5.npy",
        )
    } == {
        "classes.npy": "0aafe604b6e7919d",
        "flush.npy": "37863aca7fa24c33",
        "pair_offsets.npy": "b5a90f5a780bc2af",
        "pair_values.npy": "fe0ad6e926a331f0",
        "rank_offsets.npy": "7a9034b6b357275d",
        "rank_values.npy": "6e4bf2985347c333",
        "unique5.npy": "63cb019aacf4ec4d",
    }


@pytest.mark.parametrize("game", ALL_GAMES)
def test_manifest_describes_every_file(game):
    manifest = json.loads((TABLES / game / "manifest.json").read_text())
    assert manifest["game"] == game
    assert manifest["classes"] == len(tables.classes(game)) - 1
    for name, meta in manifest["files"].items():
        data = (TABLES / game / name).read_bytes()
        assert hashlib.sha256(data).hexdigest() == meta["sha256"]
        array = np.load(TABLES / game / name, allow_pickle=False)
        assert [str(array.dtype), list(array.shape)] == [meta["dtype"], meta["shape"]]


def test_kernel_tables_fit_in_cache():
    """What `hand_strength` and `eval5` read in the high game (Omaha's board table aside)."""
    names = [n for n in tables.KERNEL_FILES if not n.startswith("omaha")]
    assert sum(getattr(tables.load(), name).nbytes for name in names) <= 512 * 1024


def test_five_card_rank_table_fits_in_l1_cache():
    t = tables.load()
    assert t.rank5_values.nbytes + t.rank5_offsets.nbytes <= 32 * 1024


@numba.njit
def _rank_lookups(t, keys, five):
    out = np.empty(len(keys), np.int64)
    for i in range(len(keys)):
        out[i] = rank_strength(t, keys[i], five)
    return out


@pytest.mark.parametrize("game", [g for g in FIVE_CARD_GAMES if not rules_of(g).wild])
def test_five_card_rank_table_agrees_with_the_rank_table(game):
    """Every five-card rank multiset of the deck reads the same value from both tables."""
    ranks = sorted({int(card) >> 2 for card in rules_of(game).deck})
    multisets = [
        m for m in itertools.combinations_with_replacement(ranks, 5) if max(m.count(r) for r in m) <= 4
    ]
    keys = np.array([sum(5**r for r in m) for m in multisets], dtype=np.uint64)
    t = tables.load(game)
    five = _rank_lookups(t, keys, True)
    assert (five == _rank_lookups(t, keys, False)).all()
    assert len(np.unique(five)) > 1


def test_golden_digest_of_all_five_card_hands():
    """sha256 of the strengths of all 2,598,960 hands in lexicographic order (cards 0..51)."""

    five = rank_five_card_hands()
    fast = pokerlut.evaluate_batch(five.hands)
    assert (fast == five.strength).all()
    digest = hashlib.sha256(fast.astype("<u2").tobytes()).hexdigest()
    assert digest == "f726a3c1a70fe2965ba5d4a1fd254dc0de9de79c9beea030ffc21e09972370c1"


def _copy(tmp_path) -> Path:
    target = tmp_path / "tables"
    shutil.copytree(SHIPPED, target)
    return target


def test_one_changed_value_is_refused(tmp_path):
    target = _copy(tmp_path)
    values = np.load(target / "rank_values.npy")
    values[1000] ^= 1
    np.save(target / "rank_values.npy", values)
    with pytest.raises(tables.TablesError, match="rank_values.npy.*checksum.*pokerlut build-tables"):
        tables.load_dir(target)


def test_missing_file_and_missing_folder_say_how_to_rebuild(tmp_path):
    target = _copy(tmp_path)
    (target / "flush.npy").unlink()
    with pytest.raises(tables.TablesError, match="flush.npy is missing.*pokerlut build-tables"):
        tables.load_dir(target)
    with pytest.raises(tables.TablesError, match="no lookup tables.*pokerlut build-tables"):
        tables.load_dir(tmp_path / "nowhere")


def test_wrong_shape_with_matching_manifest_is_refused(tmp_path):
    target = _copy(tmp_path)
    np.save(target / "flush.npy", np.zeros(100, dtype=np.uint16))
    manifest = json.loads((target / "manifest.json").read_text())
    manifest["files"]["flush.npy"]["sha256"] = hashlib.sha256((target / "flush.npy").read_bytes()).hexdigest()
    (target / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(tables.TablesError, match="wrong dtype or shape"):
        tables.load_dir(target)


# The kernel kind the build names for each game, from its rules: whether flushes are hands,
# whether a flush can hurt (the lowballs where it counts), wild cards; Omaha where suited
# cards settle a hand or never matter, without suit ties (docs/rules.md, Hold'em and Omaha).
KIND = {
    "high": "suits-settle",
    "ace-to-five": "suits-ignored",
    "deuce-to-seven": "suits-mixed",
    "ace-to-six": "suits-mixed",
    "eight-or-better": "suits-ignored",
    "short-deck": "suits-settle",
    "short-deck-trips": "suits-settle",
    **{g: "wild" for g in WILD_GAMES if g.startswith("high")},
    **{g: "wild-suits-ignored" for g in WILD_GAMES if g.startswith("ace-to-five")},
    **{g: "suits-settle" for g in ITALIAN_GAMES},
    **{g: "badugi" for g in BADUGI_GAMES},
}
OMAHA = {"high", "ace-to-five", "eight-or-better", "short-deck", "short-deck-trips"}


@pytest.mark.parametrize("game", ALL_GAMES)
def test_a_game_folder_holds_the_arrays_its_kernel_kind_reads(game):
    manifest = json.loads((TABLES / game / "manifest.json").read_text())
    assert (manifest["kernel"], manifest["omaha"]) == (KIND[game], game in OMAHA)
    expected = {f"{name}.npy" for name in tables.files_of(KIND[game], game in OMAHA)}
    assert {p.name for p in (TABLES / game).iterdir()} == expected | {"manifest.json"}
    assert set(manifest["files"]) == expected
    assert tables.omaha_offered(rules_of(game)) == (game in OMAHA)
    if game in BADUGI_GAMES:  # its own tables, which load() refuses: test_badugi.py
        assert type(tables.load_badugi(game)) is tables.BadugiTables
        return
    loaded = tables.load(game)
    assert type(loaded) is tables.KINDS[KIND[game]]
    for name in set(tables.KERNEL_FILES) - {n.removesuffix(".npy") for n in expected}:
        size, dtype = tables.ABSENT[name]  # made in memory, zeros: never read, or read inside
        absent = getattr(loaded, name)
        assert absent.dtype == dtype and absent.shape == (size,) and not absent.any()


@pytest.mark.parametrize("change", [{"kernel": "suits-sometimes"}, {"omaha": "yes"}, {"kernel": None}])
def test_a_manifest_must_name_its_kernel_kind(tmp_path, change):
    target = _copy(tmp_path)
    manifest = json.loads((target / "manifest.json").read_text())
    manifest.update(change)
    (target / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(tables.TablesError, match="not a valid manifest.*pokerlut build-tables"):
        tables.load_dir(target)
    del manifest["kernel"]
    (target / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(tables.TablesError, match="not a valid manifest"):
        tables.load_dir(target)
