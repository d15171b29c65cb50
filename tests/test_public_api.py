"""The public API walked both ways: `__all__` is exactly what the root exports; every function
takes its cards by position and its options by keyword only; a wrong type is a TypeError and a
wrong value a ValueError in every entry point; every result has a docstring, a one-line repr
and `to_dict()` (and `to_frame()` where it is a table)."""

import inspect
import json
import types

import numpy as np
import pytest

import pokerlut

# How many leading arguments are data (cards, strengths, names) for each public function; every
# parameter after them must be keyword-only. A new public function must be added here.
DATA_ARGS = {
    "best_five": 1,
    "breakdown": 3,
    "category": 1,
    "category_batch": 1,
    "category_name": 1,
    "compare": 2,
    "compare_batch": 2,
    "count_hands": 1,
    "deals": 0,
    "deck": 1,
    "describe": 1,
    "describe_batch": 1,
    "draw_chance": 3,
    "draw_keep": 1,
    "draw_policies": 0,
    "equity": 3,
    "equity_by_card": 3,
    "equity_distribution": 3,
    "evaluate": 1,
    "evaluate_batch": 1,
    "evaluate_omaha": 2,
    "evaluate_omaha_batch": 2,
    "format_card": 1,
    "format_cards": 1,
    "from_cactus_kev": 1,
    "from_treys": 1,
    "games": 0,
    "hand_on_board": 2,
    "holds": 2,
    "icm": 2,
    "italian_deck": 1,
    "load_tables": 1,
    "outs": 3,
    "parse_batch": 1,
    "parse_card": 1,
    "parse_cards": 1,
    "parse_omaha_range": 1,
    "parse_range": 1,
    "read_histories": 1,
    "paytable": 1,
    "paytables": 0,
    "stand_ins": 1,
    "strengths_in_order": 1,
    "to_cactus_kev": 1,
    "to_treys": 1,
    "video_poker": 1,
    "winners": 1,
}
CLASSES = {
    "Breakdown",
    "Category",
    "DrawChance",
    "EquityByCard",
    "EquityDistribution",
    "EquityResult",
    "Game",
    "HandOnBoard",
    "Histories",
    "Hold",
    "IcmResult",
    "Outs",
    "PayLine",
    "Paytable",
    "OmahaRange",
    "PlayerEquity",
    "Range",
    "Rules",
    "Tables",
    "TablesError",
    "VideoPoker",
}

HAND = "As Ks Qs Js Ts"
HANDS = np.array([[51, 47, 43, 39, 35]], np.uint8)
# (a call with a wrong type, a call with a wrong value) for every public function that takes input
WRONG = {
    "best_five": (lambda: pokerlut.best_five(3.5), lambda: pokerlut.best_five("As Ks")),
    "breakdown": (
        lambda: pokerlut.breakdown("QQ+", {"Kd"}),
        lambda: pokerlut.breakdown("QQ+", "Kd 7c"),
    ),
    "category": (lambda: pokerlut.category("7462"), lambda: pokerlut.category(9999)),
    "category_batch": (lambda: pokerlut.category_batch([1.5]), lambda: pokerlut.category_batch([9999])),
    "category_name": (lambda: pokerlut.category_name(2.5), lambda: pokerlut.category_name("no such")),
    "compare": (lambda: pokerlut.compare(HAND, 3.5), lambda: pokerlut.compare(HAND, "As Ks")),
    "compare_batch": (
        lambda: pokerlut.compare_batch(HANDS, HANDS.astype(float)),
        lambda: pokerlut.compare_batch(HANDS, HANDS[:, :4]),
    ),
    "count_hands": (lambda: pokerlut.count_hands("5"), lambda: pokerlut.count_hands(8)),
    "deck": (lambda: pokerlut.deck(5), lambda: pokerlut.deck("huge")),
    "describe": (lambda: pokerlut.describe(2.5), lambda: pokerlut.describe(HAND, lang="xx")),
    "describe_batch": (lambda: pokerlut.describe_batch(["x"]), lambda: pokerlut.describe_batch([0])),
    "draw_chance": (
        lambda: pokerlut.draw_chance("7s6d3c2h", 2.5, deal="2-7-single-draw"),
        lambda: pokerlut.draw_chance("7s6d3c2h", "no such hand", deal="2-7-single-draw"),
    ),
    "draw_keep": (
        lambda: pokerlut.draw_keep(2.5, deal="five-card-draw"),
        lambda: pokerlut.draw_keep("As Ks", deal="five-card-draw"),
    ),
    "equity": (lambda: pokerlut.equity("AsAh KsKh"), lambda: pokerlut.equity(["AsAh", "AsKd"])),
    "equity_by_card": (
        lambda: pokerlut.equity_by_card("AsAh KsKh", "Kd 7c 2h"),
        lambda: pokerlut.equity_by_card(["AsAh", "KsKh"], "Kd 7c"),
    ),
    "equity_distribution": (
        lambda: pokerlut.equity_distribution(["QQ+", "22+"], "Kd 7c 2h", player=1.0),
        lambda: pokerlut.equity_distribution(["QQ+", "22+"], "Kd 7c 2h", player=2),
    ),
    "evaluate": (lambda: pokerlut.evaluate(2.5), lambda: pokerlut.evaluate("As Ks")),
    "evaluate_batch": (
        lambda: pokerlut.evaluate_batch(HANDS.astype(float)),
        lambda: pokerlut.evaluate_batch(HANDS[:, :4]),
    ),
    "evaluate_omaha": (
        lambda: pokerlut.evaluate_omaha(2.5, "2c 3d 4h"),
        lambda: pokerlut.evaluate_omaha("As Ks", "2c 3d 4h"),
    ),
    "evaluate_omaha_batch": (
        lambda: pokerlut.evaluate_omaha_batch(HANDS[:, :4].astype(float), HANDS[:, :3]),
        lambda: pokerlut.evaluate_omaha_batch(HANDS[:, :3], HANDS[:, :3]),
    ),
    "format_card": (lambda: pokerlut.format_card("As"), lambda: pokerlut.format_card(60)),
    "format_cards": (lambda: pokerlut.format_cards(2.5), lambda: pokerlut.format_cards([60])),
    "from_cactus_kev": (lambda: pokerlut.from_cactus_kev("1"), lambda: pokerlut.from_cactus_kev(0)),
    "from_treys": (lambda: pokerlut.from_treys("As"), lambda: pokerlut.from_treys(3)),
    "hand_on_board": (
        lambda: pokerlut.hand_on_board(2.5, "Kd 7c 2h"),
        lambda: pokerlut.hand_on_board("AsAh", "Kd 7c"),
    ),
    "holds": (lambda: pokerlut.holds(HAND, 5), lambda: pokerlut.holds(HAND, "no-such-table")),
    "icm": (lambda: pokerlut.icm("5000 3000", [50]), lambda: pokerlut.icm([5000, -1], [50])),
    "italian_deck": (lambda: pokerlut.italian_deck("4"), lambda: pokerlut.italian_deck(12)),
    "load_tables": (lambda: pokerlut.load_tables(5), lambda: pokerlut.load_tables("no-such-game")),
    "outs": (
        lambda: pokerlut.outs(["AsAh", "KsKh"], {"Kd"}),
        lambda: pokerlut.outs(["AA", "KsKh"], "Kd 7c 2h"),
    ),
    "parse_batch": (lambda: pokerlut.parse_batch([HAND, 5]), lambda: pokerlut.parse_batch(["As Zz"])),
    "parse_card": (lambda: pokerlut.parse_card(51), lambda: pokerlut.parse_card("Zz")),
    "parse_cards": (lambda: pokerlut.parse_cards(2.5), lambda: pokerlut.parse_cards("As Zz")),
    "parse_omaha_range": (
        lambda: pokerlut.parse_omaha_range(5),
        lambda: pokerlut.parse_omaha_range("AA$q"),
    ),
    "parse_range": (lambda: pokerlut.parse_range(5), lambda: pokerlut.parse_range("AKx")),
    "read_histories": (lambda: pokerlut.read_histories(5), lambda: pokerlut.read_histories([])),
    "paytable": (lambda: pokerlut.paytable(5), lambda: pokerlut.paytable("no-such-table")),
    "stand_ins": (
        lambda: pokerlut.stand_ins(2.5, wild="jokers"),
        lambda: pokerlut.stand_ins("As Ks", wild="jokers"),
    ),
    "strengths_in_order": (lambda: pokerlut.strengths_in_order("5"), lambda: pokerlut.strengths_in_order(9)),
    "to_cactus_kev": (lambda: pokerlut.to_cactus_kev("1"), lambda: pokerlut.to_cactus_kev(0)),
    "to_treys": (lambda: pokerlut.to_treys("As"), lambda: pokerlut.to_treys(52)),
    "video_poker": (lambda: pokerlut.video_poker(5), lambda: pokerlut.video_poker("no-such-table")),
    "winners": (lambda: pokerlut.winners(5), lambda: pokerlut.winners([HAND, HAND])),
}
NO_INPUT = {"deals", "draw_policies", "games", "paytables"}


def test_all_is_exactly_what_the_root_exports():
    for name in pokerlut.__all__:  # the names that load on first use, loaded
        getattr(pokerlut, name)
    exported = {
        name
        for name, value in vars(pokerlut).items()
        if not name.startswith("_") and not isinstance(value, types.ModuleType)
    }
    assert exported | {"__version__"} == set(pokerlut.__all__)
    assert len(pokerlut.__all__) == len(set(pokerlut.__all__))


def test_every_public_name_is_classified_here():
    assert set(pokerlut.__all__) - {"__version__"} == set(DATA_ARGS) | CLASSES
    assert set(WRONG) | NO_INPUT == set(DATA_ARGS)


@pytest.mark.parametrize("name", sorted(DATA_ARGS))
def test_options_are_keyword_only(name):
    params = list(inspect.signature(getattr(pokerlut, name)).parameters.values())
    leading = [p for p in params if p.kind == p.POSITIONAL_OR_KEYWORD]
    assert len(leading) == DATA_ARGS[name], (name, leading)
    assert params[: len(leading)] == leading
    rest = params[len(leading) :]
    assert all(p.kind in (p.KEYWORD_ONLY, p.VAR_POSITIONAL) for p in rest), (name, rest)


@pytest.mark.parametrize("name", sorted(WRONG))
def test_a_wrong_type_is_a_type_error_and_a_wrong_value_a_value_error(name):
    wrong_type, wrong_value = WRONG[name]
    with pytest.raises(TypeError) as raised:
        wrong_type()
    assert type(raised.value) is TypeError and str(raised.value)
    with pytest.raises(ValueError) as raised:
        wrong_value()
    assert type(raised.value) is ValueError and str(raised.value)


@pytest.mark.parametrize(
    "call, message",
    [
        (
            lambda: pokerlut.evaluate(["Qs", "Js", "Ts"], ["As", "Ks"]),  # treys: evaluate(board, hand)
            r"treys' evaluate\(board, hand\) is evaluate\(\[\*board, \*hand\]\)",
        ),
        (
            lambda: pokerlut.evaluate("As", "Ks", "Qs", "Js", "Ts"),  # phevaluator: evaluate_cards(...)
            r"evaluate\(\) takes the cards of a hand in one argument, not in 5: evaluate\(\['As', 'Ks'",
        ),
        (lambda: pokerlut.evaluate(51, 47, 43, 39, 35), r"evaluate\(\[51, 47, 43, 39, 35\]\)"),
        (
            lambda: pokerlut.evaluate(HAND, "ace-to-five"),
            r"evaluate\(\)'s options are keyword-only: evaluate\(cards, game='ace-to-five'\)",
        ),
        (lambda: pokerlut.evaluate(HAND, "high", "jokers"), r"keyword-only options \(game=, wild="),
        (lambda: pokerlut.describe(HAND, "ace-to-five"), r"positional argument"),
    ],
)
def test_other_libraries_call_shapes_are_named(call, message):
    with pytest.raises(TypeError, match=message):
        call()


def _results():
    r = pokerlut.equity(["AsAh", "KsKh"], "2c 7d 9h Tc")
    return {
        "EquityResult": r,
        "PlayerEquity": r.players[0],
        "VideoPoker": pokerlut.video_poker("jacks-or-better-9-6"),
        "Hold": pokerlut.holds("2h 2d 7s 8s 9c", "deuces-wild")[0],
        "EquityByCard": pokerlut.equity_by_card(["AsAh", "KsKh"], "2c 7d 9h Tc"),
        "EquityDistribution": pokerlut.equity_distribution(["QQ+,AKs", "22+"], "2c 7d 9h"),
        "Outs": pokerlut.outs(["AsAh", "KsKh"], "2c 7d 9h Tc"),
        "HandOnBoard": pokerlut.hand_on_board("AsAh", "2c 7d 9h Tc"),
        "Breakdown": pokerlut.breakdown("QQ+,AKs", "2c 7d 9h"),
        "DrawChance": pokerlut.draw_chance("7s6d3c2h", "7-low", "Kd", deal="2-7-triple-draw"),
        "IcmResult": pokerlut.icm([5000, 3000, 2000], [50, 30, 20]),
    }


# the rows of each result's to_frame()
FRAME_ROWS = {
    "EquityResult": 2,
    "EquityByCard": 44,
    "EquityDistribution": 22,
    "Outs": 44,
    "Breakdown": 40,
    "IcmResult": 3,
}


@pytest.mark.parametrize(
    "name",
    [
        "EquityResult",
        "PlayerEquity",
        "VideoPoker",
        "Hold",
        "EquityByCard",
        "EquityDistribution",
        "Outs",
        "HandOnBoard",
        "Breakdown",
        "DrawChance",
        "IcmResult",
    ],
)
def test_every_result_has_a_docstring_a_short_repr_and_plain_data(name):
    result = _results()[name]
    assert type(result) is getattr(pokerlut, name)
    assert len(inspect.getdoc(type(result)) or "") > 80
    assert "\n" not in repr(result) and len(repr(result)) < 200
    data = result.to_dict()
    assert json.loads(json.dumps(data)) == data  # plain data
    if name == "VideoPoker":
        assert len(result.to_frame()) == len(result.probabilities)
    if name in FRAME_ROWS:
        assert len(result.to_frame()) == FRAME_ROWS[name]


@pytest.mark.parametrize(
    "imports",
    [
        "import pokerlut, pandas as pd",  # pandas after pokerlut: registered when pandas is imported
        "import pandas as pd, pokerlut",  # before
        # pandas imported lazily in another thread (as pyarrow does) must not deadlock
        "import pyarrow as pa, pokerlut, threading\n"
        "t = threading.Thread(target=lambda: pa.array([1]).to_pandas()); t.start(); t.join(60)\n"
        "import pandas as pd",
    ],
)
def test_series_poker_whatever_the_import_order(imports):
    import subprocess
    import sys

    code = (
        f"{imports}\nimport sys\nassert 'pokerlut.frame' not in sys.modules\n"
        "print(pd.Series(['As Ks Qs Js Ts', 'Kh Kd 6s 6c Kc']).poker.strength().tolist())"
    )
    done = subprocess.run(
        [sys.executable, "-W", "error", "-c", code], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["[7462,", "7277]"]
