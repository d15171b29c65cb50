"""Category names, descriptions and game names in the languages of the seed texts (pokerlut.lang),
and `pokerlut eval|compare|stats --lang`."""

from __future__ import annotations

import re

import pytest

import pokerlut
from pokerlut import Category, describe
from pokerlut import lang as L
from pokerlut.cli import main
from pokerlut.stats import by_category, count_hands

LANGS = L.LANGUAGES


def test_languages():
    assert LANGS == ("en", "it", "es", "ca", "ru")
    assert set(L.TRANSLATIONS) == set(LANGS)


@pytest.mark.parametrize("lang", LANGS)
def test_every_category_and_game_is_named(lang):
    data = L.TRANSLATIONS[lang]
    assert set(data["categories"]) == set(L.CATEGORY_KEYS) == {c.name for c in Category} | {"ROYAL_FLUSH"}
    # names and summaries of games are optional (they fall back): none for a game that is not
    keys = {game: "italian" if game.startswith("italian-") else game for game in pokerlut.games()}
    assert set(data["games"]) <= set(keys.values())
    assert set(data.get("summaries", {})) <= set(keys.values())
    for section in ("categories", "games", "summaries", "best_names", "about"):
        for key, value in data.get(section, {}).items():
            assert isinstance(value, str) and value.strip(), (lang, section, key)
            assert value != key, (lang, section, key)
    for category in Category:
        assert L.category_name(category, lang=lang) == data["categories"][category.name]
    for game, key in keys.items():  # every Italian deck is named by its number of players
        if key in data["games"]:
            players = f" ({game.removeprefix('italian-')})" if key != game else ""
            assert L.game_name(game, lang) == data["games"][key] + players
        if key in data.get("summaries", {}):
            assert L.game_summary(game, lang) == data["summaries"][key]


def test_english_is_written_once():
    """The labels that results key (`_names`) are the English words in lower case, and the
    English descriptions come from the English templates, as every language's do."""
    from pokerlut import _names

    for category in Category:
        assert _names.category_label(category) == L.category_name(category).lower()
    assert _names.WHEEL == L.row_label("WHEEL").lower()
    assert _names.low_label(4, ace_low=False) == L.row_label("LOW_6") == "6-low"
    assert describe("Kh Kd 6s 6c Kc") == L.EN["hands"]["FULL_HOUSE"].format(
        r0={"plural": "kings"}, r3={"plural": "sixes"}
    )


def test_english_summaries_are_the_games_own():
    assert {g: L.game_summary(g) for g in pokerlut.games()} == pokerlut.games()


@pytest.mark.parametrize("lang", LANGS)
def test_translations_are_complete(lang):
    """Every language has every word English has, and its own rank words (13 of each form);
    English has a template for every description."""
    data = L.TRANSLATIONS[lang]
    for section in ("categories", "best_names", "words", "about"):
        assert set(data[section]) == set(L.EN[section]), (lang, section)
    assert set(data["hands"]) == set(L.CATEGORY_KEYS) | {"LOW", "BEST"}
    assert all(len(forms) == 13 for forms in data["ranks"].values())
    assert len(data["words"]["suits"]) == 4


@pytest.mark.parametrize(
    ("lang", "royal", "full", "two_pair"),
    [
        ("en", "Royal flush", "Full house", "Two pair"),
        ("it", "Scala reale", "Full", "Doppia coppia"),
        ("es", "Escalera real", "Full", "Doble par"),
        ("ca", "Escala reial", "Full", "Doble parella"),
        ("ru", "Королевский флеш", "Фулл-хаус", "Две пары"),
    ],
)
def test_required_words(lang, royal, full, two_pair):
    assert L.category_name("ROYAL_FLUSH", lang=lang) == royal
    assert L.category_name("royal flush", lang=lang) == royal
    assert L.category_name(Category.FULL_HOUSE, lang=lang) == full
    assert pokerlut.category_name(Category.TWO_PAIR, lang=lang) == two_pair
    assert pokerlut.category_name(int(Category.TWO_PAIR), lang=lang) == two_pair
    assert describe("As Ks Qs Js Ts", lang=lang) == royal


def test_seed_words():
    """The other category names, as the seeds write them."""
    names = {lang: [L.category_name(c, lang=lang) for c in Category] for lang in LANGS}
    assert names["it"] == [
        "Carta alta",
        "Coppia",
        "Doppia coppia",
        "Tris",
        "Scala",
        "Colore",
        "Full",
        "Poker",
        "Scala colore",
        "Cinque di un tipo",
        "Mano di una carta",
        "Mano di due carte",
        "Mano di tre carte",
        "Badugi",
    ]
    assert names["es"] == [
        "Sin par",
        "Par",
        "Doble par",
        "Trío",
        "Escalera",
        "Color",
        "Full",
        "Póquer",
        "Escalera de color",
        "Repóquer",
        "Mano de una carta",
        "Mano de dos cartas",
        "Mano de tres cartas",
        "Badugi",
    ]
    assert names["ca"] == [
        "Carta més alta",
        "Parella",
        "Doble parella",
        "Trio",
        "Escala",
        "Color",
        "Full",
        "Pòquer",
        "Escala de color",
        "Repòquer",
        "Mà d'una carta",
        "Mà de dues cartes",
        "Mà de tres cartes",
        "Badugi",
    ]
    assert names["ru"] == [
        "Старшая карта",
        "Одна пара",
        "Две пары",
        "Три карты одного ранга",
        "Стрит",
        "Флеш",
        "Фулл-хаус",
        "Четыре карты одного ранга",
        "Стрит-флеш",
        "Пять карт одного ранга",
        "Рука из одной карты",
        "Рука из двух карт",
        "Рука из трёх карт",
        "Бадуги",
    ]
    assert L.game_name("ace-to-five", "it") == "Asso a cinque basso"
    assert L.game_name("deuce-to-seven", "ru") == "Двойка-семёрка"


@pytest.mark.parametrize("lang", LANGS)
def test_a_game_no_language_names_is_called_by_its_key_and_its_rules_summary(monkeypatch, lang):
    """A new ranking is one `Rules` value: no language needs a word for it."""
    for data in L.TRANSLATIONS.values():
        monkeypatch.delitem(data["games"], "short-deck")
        if "summaries" in data:
            monkeypatch.delitem(data["summaries"], "short-deck")
    assert L.game_name("short-deck", lang) == "short-deck"
    assert L.game_summary("short-deck", lang) == pokerlut.games()["short-deck"]
    assert L.game_name("high", lang) == L.TRANSLATIONS[lang]["games"]["high"]


def test_missing_entries_fall_back_to_english(monkeypatch):
    monkeypatch.delitem(L.IT["categories"], "FLUSH")
    monkeypatch.setitem(L.ES["categories"], "STRAIGHT", "")
    monkeypatch.delitem(L.CA["games"], "short-deck")
    monkeypatch.delitem(L.RU["summaries"], "high")
    monkeypatch.delitem(L.IT["hands"], "FULL_HOUSE")
    monkeypatch.delitem(L.RU["ranks"], "genitive")  # the straight's template needs it
    monkeypatch.delitem(L.CA["best_names"], "WHEEL")
    monkeypatch.delitem(L.ES["words"], "no_low")
    assert L.category_name(Category.FLUSH, lang="it") == "Flush"
    assert L.category_name(Category.STRAIGHT, lang="es") == "Straight"
    assert L.game_name("short-deck", "ca") == "Short deck"
    assert L.game_summary("high", "ru") == pokerlut.games()["high"]
    assert describe("Kh Kd 6s 6c Kc", lang="it") == "Full house, kings over sixes"
    assert describe("Kh Qd Jc Ts 9h", lang="ru") == "Straight, king-high"
    assert describe("Kh Kd 7c 4s 2h", lang="ru") == "Пара королей"  # needs no genitive
    assert describe("5h 4d 3c 2s Ah", game="ace-to-five", lang="ca") == "Wheel (5-4-3-2-A)"
    assert describe("9s 8d 7s 6s Kh", game="eight-or-better", lang="es") == "No qualifying low"
    assert [r.label for r in by_category(count_hands(5), lang="it")][4] == "Flush"


def test_a_whole_language_missing_falls_back(monkeypatch):
    monkeypatch.setitem(L.TRANSLATIONS, "it", {})
    assert L.category_name(Category.FULL_HOUSE, lang="it") == "Full house"
    assert describe("Kh Kd 6s 6c Kc", lang="it") == "Full house, kings over sixes"
    assert L.word("split", "it") == "split pot"


@pytest.mark.parametrize(
    ("hand", "options", "words"),
    [
        (
            "Kh Kd 6s 6c Kc",
            {},
            {
                "en": "Full house, kings over sixes",
                "it": "Full di re e sei",
                "es": "Full de reyes y seises",
                "ca": "Full de reis i sisos",
                "ru": "Фулл-хаус: три короля и две шестёрки",
            },
        ),
        (
            "Ah Ad Kc 7s 2h",
            {},
            {
                "en": "Pair of aces",
                "it": "Coppia d'assi",
                "es": "Par de ases",
                "ca": "Parella d'asos",
                "ru": "Пара тузов",
            },
        ),
        (
            "Jh Jc 4c 4s 9h",
            {},
            {
                "en": "Two pair, jacks and fours",
                "it": "Doppia coppia, fanti e quattro",
                "es": "Doble par, jotas y cuatros",
                "ca": "Doble parella, jotes i quatres",
                "ru": "Две пары: валеты и четвёрки",
            },
        ),
        (
            "9c 9s 9d 9h Jh 2c",
            {},
            {
                "en": "Four of a kind, nines, jack kicker",
                "it": "Poker di nove, kicker fante",
                "es": "Póquer de nueves con jota",
                "ca": "Pòquer de nous, kicker jota",
                "ru": "Четыре карты одного ранга: девятки с валетом",
            },
        ),
        (
            "5c 4d 3h 2h As Kd Qc",
            {},
            {
                "en": "Straight, five-high",
                "it": "Scala al cinque",
                "es": "Escalera al cinco",
                "ca": "Escala al cinc",
                "ru": "Стрит до пятёрки",
            },
        ),
        (
            "Kc Tc 7c 6c 4c",
            {},
            {
                "en": "Flush, king-high",
                "it": "Colore al re",
                "es": "Color al rey",
                "ca": "Color al rei",
                "ru": "Флеш до короля",
            },
        ),
        (
            "Kh Jh 8c 7d 4s",
            {},
            {
                "en": "High card, king",
                "it": "Carta alta, re",
                "es": "Sin par, carta más alta: rey",
                "ca": "Carta més alta, rei",
                "ru": "Старшая карта: король",
            },
        ),
        (
            "7c 5d 4h 3s 2c",
            {"game": "deuce-to-seven"},
            {
                "en": "Number one (7-5-4-3-2 offsuit)",
                "it": "La migliore mano (7-5-4-3-2 non tutte dello stesso seme)",
                "es": "La mejor mano (7-5-4-3-2 en dos o más palos)",
                "ca": "La millor mà (7-5-4-3-2 de pals variats)",
                "ru": "Лучшая комбинация (7-5-4-3-2, не все одной масти)",
            },
        ),
        (
            "8h 6d 3c 2s Ah",
            {"game": "eight-or-better"},
            {
                "en": "Eight-six low (8-6-3-2-A)",
                "it": "Mano alta otto-sei (8-6-3-2-A)",
                "es": "Mano baja ocho-seis (8-6-3-2-A)",
                "ca": "Mà baixa vuit-sis (8-6-3-2-A)",
                "ru": "Младшая комбинация восьмёрка-шестёрка (8-6-3-2-A)",
            },
        ),
        (
            "5h 4d 3c 2s Ah",
            {"game": "ace-to-five"},
            {
                "en": "Wheel (5-4-3-2-A)",
                "it": "Ruota (5-4-3-2-A)",
                "es": "Rueda (5-4-3-2-A)",
                "ca": "Roda (5-4-3-2-A)",
                "ru": "Колесо (5-4-3-2-A)",
            },
        ),
        (
            "9s 8d 7s 6s Kh",
            {"game": "eight-or-better"},
            {
                "en": "No qualifying low",
                "it": "Nessuna mano bassa valida",
                "es": "Ninguna mano baja válida",
                "ca": "Cap mà baixa vàlida",
                "ru": "Нет подходящей младшей комбинации",
            },
        ),
        (
            "Ac 7c 8c 9c Tc",
            {"game": "italian-4"},
            {
                "en": "Straight flush, ten-high (minimum; clubs)",
                "it": "Scala colore al dieci (minima; fiori)",
                "es": "Escalera de color al diez (mínima; tréboles)",
                "ca": "Escala de color al deu (mínima; trèvols)",
                "ru": "Стрит-флеш до десятки (минимальный; трефы)",
            },
        ),
        (
            "Kh Kd 9h 8s 7c",
            {"game": "italian-4"},
            {
                "en": "Pair of kings (hearts)",
                "it": "Coppia di re (cuori)",
                "es": "Par de reyes (corazones)",
                "ca": "Parella de reis (cors)",
                "ru": "Пара королей (червы)",
            },
        ),
        (
            "Ah Ad Ac As Jk",
            {"wild": "jokers"},
            {
                "en": "Five of a kind, aces (Jk as A♠)",
                "it": "Cinque di un tipo, assi (Jk come A♠)",
                "es": "Repóquer de ases (Jk como A♠)",
                "ca": "Repòquer d'asos (Jk com a A♠)",
                "ru": "Пять карт одного ранга: тузы (Jk вместо A♠)",
            },
        ),
        (
            "Kh Qh Jh Th Jk",
            {"wild": "bug"},
            {
                "en": "Royal flush (Jk as A♥)",
                "it": "Scala reale (Jk come A♥)",
                "es": "Escalera real (Jk como A♥)",
                "ca": "Escala reial (Jk com a A♥)",
                "ru": "Королевский флеш (Jk вместо A♥)",
            },
        ),
    ],
)
def test_describe_in_each_language(hand, options, words):
    assert set(words) == set(LANGS)
    for lang in LANGS:
        assert describe(hand, lang=lang, **options) == words[lang], lang
    assert describe(hand, **options) == words["en"]  # English stays the default
    strength = pokerlut.evaluate(hand, **options)
    if "wild" not in options:  # a strength has no wild cards to tell of
        for lang in LANGS:
            assert describe(strength, lang=lang, **options) == words[lang]


def test_describe_every_class_in_every_language():
    """No template leaves a field, a key or the English fallback in any class of a game."""
    for game, wild, top in (
        ("high", None, 7462),
        ("deuce-to-seven", None, 7462),
        ("ace-to-five", None, 6175),
        ("high", "jokers", 7475),
    ):
        for strength in range(1, top + 1, 7):
            english = describe(strength, game=game, wild=wild)
            for lang in LANGS[1:]:
                words = describe(strength, game=game, wild=wild, lang=lang)
                assert words != english and "{" not in words and "_" not in words, (lang, words)
                assert words[0].isupper()


@pytest.mark.parametrize("bad", ["de", "EN", "", None, 1, "english"])
def test_unknown_language(bad):
    with pytest.raises(ValueError, match="unknown language .*; the languages are: en, it, es, ca, ru"):
        describe("As Ks Qs Js Ts", lang=bad)
    with pytest.raises(ValueError, match="the languages are"):
        pokerlut.category_name(Category.FLUSH, lang=bad)
    if bad is not None:  # by_category(lang=None): the classic English labels
        with pytest.raises(ValueError, match="the languages are"):
            by_category(count_hands(5), lang=bad)


def test_unknown_category_or_game():
    with pytest.raises(ValueError, match="unknown category"):
        pokerlut.category_name("seven of a kind", lang="it")
    with pytest.raises(ValueError, match="unknown category"):
        pokerlut.category_name(len(Category), lang="it")  # one past the last
    with pytest.raises(ValueError, match="unknown game 'razz'"):
        L.game_name("razz", "es")


@pytest.mark.slow
def test_by_category_splits_the_royal_flush():
    counts = count_hands(5)
    plain = by_category(counts)
    for lang in LANGS:
        rows = by_category(counts, lang=lang)
        assert [r.key for r in rows[:3]] == ["ROYAL_FLUSH", "STRAIGHT_FLUSH", "FOUR_OF_A_KIND"]
        assert [r.hands for r in rows[:2]] == [4, 36]
        assert [r.hands for r in rows[2:]] == [r.hands for r in plain[1:]]
        assert rows[0].label == L.category_name("ROYAL_FLUSH", lang=lang)
    # low games: the royal is the worst hand, so it comes after the straight flush
    rows = by_category(count_hands(5, game="deuce-to-seven"), "deuce-to-seven", lang="it")
    keys = [r.key for r in rows]
    assert keys.index("ROYAL_FLUSH") == keys.index("STRAIGHT_FLUSH") + 1
    assert [r.label for r in rows if r.key == "LOW_7"] == ["Mano alta sette"]


# --- the command line --------------------------------------------------------------------------


def test_stats_in_catalan_as_the_seed_table(capsys):
    assert main(["stats", "--lang", "ca", "--cards", "5", "--quiet"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    lines = out.splitlines()
    assert lines[0].startswith("Totes les 2,598,960 mans de 5 cartes (high, 52 cartes), en ")
    # seed 004: "#  Jugada  Jugada en anglès  Descripció  Combinacions Possibles"
    assert re.split(r"\s{2,}", lines[1]) == [
        "#",
        "Jugada",
        "Jugada en anglès",
        "Descripció",
        "Combinacions Possibles",
    ]
    rows = {}
    for line in lines[2:-1]:
        m = re.fullmatch(r"(\d+)\s+(\S.*?)\s{2,}(\S.*?)\s{2,}(.*?)\s+([\d,]+)", line)
        assert m, line
        rows[int(m[1])] = (m[2], m[3], int(m[5].replace(",", "")))
        assert "Probabilitat aprox. " in m[4]
    assert rows == {
        1: ("Escala reial", "Royal flush", 4),
        2: ("Escala de color", "Straight flush", 36),
        3: ("Pòquer", "Four of a kind", 624),
        4: ("Full", "Full house", 3_744),
        5: ("Color", "Flush", 5_108),
        6: ("Escala", "Straight", 10_200),
        7: ("Trio", "Three of a kind", 54_912),
        8: ("Doble parella", "Two pair", 123_552),
        9: ("Parella", "One pair", 1_098_240),  # the seed's 1,339,728 is wrong (RULES.md)
        10: ("Carta més alta", "High card", 1_302_540),
    }
    assert "1,098,240" in out and "1,339,728" not in out and "1.339.728" not in out
    assert lines[-1].split() == ["Total", "Total", "2,598,960"]
    assert "Probabilitat aprox. 42.3%" in lines[10]
    # the counts column is right-aligned under its heading
    assert len({len(line) for line in lines[1:]}) == 1


@pytest.mark.parametrize(
    ("lang", "heading", "royal"),
    [
        ("en", ["#", "Hand", "Description", "Combinations"], "Royal flush"),
        ("it", ["#", "Punto", "Punto in inglese", "Descrizione", "Combinazioni possibili"], "Scala reale"),
        ("es", ["#", "Mano", "Mano en inglés", "Descripción", "Combinaciones posibles"], "Escalera real"),
        ("ru", ["#", "Комбинация", "По-английски", "Описание", "Число комбинаций"], "Королевский флеш"),
    ],
)
def test_stats_in_other_languages(capsys, lang, heading, royal):
    assert main(["stats", "--lang", lang, "--cards", "5", "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert re.split(r"\s{2,}", lines[1]) == heading
    assert lines[2].startswith(f"1   {royal}  ") and lines[2].endswith(" 4")
    assert lines[-1].endswith(" 2,598,960")
    assert "1,098,240" in lines[10]


def test_stats_of_a_low_game_in_russian(capsys):
    assert main(["stats", "--lang", "ru", "--game", "eight-or-better", "--cards", "5", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Колесо" in out and "Младшая до восьмёрки" in out and "35,840" in out
    assert "Нет подходящей младшей комбинации" in out and "2,541,616" in out


def test_stats_without_lang_is_the_classic_table(capsys):
    assert main(["stats", "--cards", "5", "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("All 2,598,960 hands of 5 cards (high, 52 cards), in ")
    assert lines[1] == f"{'category':<18}{'hands':>14}{'probability':>14}{'classes':>9}"
    share = 1_302_540 / 2_598_960
    assert lines[10] == f"{'high card':<18}{1_302_540:>14,}{share:>13.6%}{1_277:>9,}"


def test_eval_and_compare_in_a_language(capsys):
    assert main(["eval", "Kh Kd 6s 6c Kc 2d 3c", "--lang", "it"]) == 0
    assert capsys.readouterr().out == (
        "Kh Kd 6s 6c Kc 2d 3c: forza 7277, Full, Full di re e sei (migliori cinque: Kh Kd 6s 6c Kc)\n"
    )
    assert main(["eval", "9s 8d 7s 6s Kh", "--game", "eight-or-better", "--lang", "ca"]) == 0
    assert capsys.readouterr().out == "9s 8d 7s 6s Kh: força 0, Cap mà baixa vàlida\n"
    assert main(["compare", "Kh Kd 9h 8s 7c", "Ks Kc 9d 8c 7d", "--game", "italian-4", "--lang", "es"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Kh Kd 9h 8s 7c: 1048 (Par de reyes (corazones))",
        "Ks Kc 9d 8c 7d: 1047 (Par de reyes (diamantes))",
        "gana la primera mano",
    ]
    assert main(["compare", "As Ks Qs Js Ts", "Ah Kh Qh Jh Th", "--lang", "ru"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "ничья, банк делится"
    assert main(["eval", "As Ks Qs Js Ts"]) == 0  # without --lang: as before
    assert capsys.readouterr().out == "As Ks Qs Js Ts: strength 7462, STRAIGHT_FLUSH, Royal flush\n"


@pytest.mark.parametrize(
    "args",
    [
        ["stats", "--lang", "de", "--cards", "5", "--quiet"],
        ["eval", "As Ks Qs Js Ts", "--lang", "xx"],
        ["compare", "As Ks Qs Js Ts", "Ah Kh Qh Jh Th", "--lang", "EN"],
    ],
)
def test_bad_lang_exits_2_with_one_line(capsys, args):
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith(f"pokerlut {args[0]}: unknown language ")
    assert "the languages are: en, it, es, ca, ru" in err
    assert "Traceback" not in err


def test_lang_only_on_eval_compare_stats():
    with pytest.raises(SystemExit) as exit_:
        main(["equity", "AsAh", "KsKh", "--lang", "it"])
    assert exit_.value.code == 2
