"""Hand categories, descriptions and game names in the languages of the project's source texts:
English (en), Italian (it), Spanish (es), Catalan (ca) and Russian (ru).

The words come from the seed texts behind docs/rules.md (Italian: seeds 000 and 002, Spanish:
001, Russian: 003, Catalan: 004); where a seed has no word for something, the standard term of
the language is used and a comment says so. The words are data, one module per language in
`pokerlut._languages` (whose docstring says what each section holds), and this module reads
them; a word a language lacks falls back to the English one, never to a key. English is data
like the others and is written once: `pokerlut._names` reads its labels from the same module.

A description is built from a hand's category and ranks, with a template per category and the
rank words in the forms the template needs (plural, "of the kings", "to the king", Russian
cases).

To add a language: write its module in `pokerlut._languages` (a copy of one that is there, with
its words) and register it in `TRANSLATIONS` below; no other code changes (the command line's
`--lang` takes `LANGUAGES`). Words it lacks are English; tests/test_lang.py checks that it has
every word English has, and names the languages, as docs/languages.md does.

>>> category_name(Category.FULL_HOUSE, lang="ru"), category_name("royal flush", lang="es")
('Фулл-хаус', 'Escalera real')
>>> describe_class(Category.FULL_HOUSE, [11, 11, 11, 4, 4], "it")
'Full di re e sei'
>>> describe_class(Category.ONE_PAIR, [12, 12, 9, 5, 1], "ca")
"Parella d'asos"
>>> game_name("deuce-to-seven", "ru"), game_summary("short-deck", "es")[:21]
('Двойка-семёрка', "hold'em six-plus: 36 ")
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ._cards import RANKS
from ._languages import ca, en, es, it, ru
from ._names import Category
from .rules import games

# Every language, English (the default, and what the others fall back to) first: its code and
# its words. This is where a new language is registered.
TRANSLATIONS: dict[str, dict[str, Any]] = {
    "en": en.LANGUAGE,
    "it": it.LANGUAGE,
    "es": es.LANGUAGE,
    "ca": ca.LANGUAGE,
    "ru": ru.LANGUAGE,
}
LANGUAGES = tuple(TRANSLATIONS)
EN = TRANSLATIONS["en"]
# The first languages' words by the names they have always had here (a new one needs none)
IT, ES, CA, RU = TRANSLATIONS["it"], TRANSLATIONS["es"], TRANSLATIONS["ca"], TRANSLATIONS["ru"]

# Keys of the category names: the `Category` members, and the royal flush (the ace-high
# straight flush, which every seed names on its own).
CATEGORY_KEYS = (*(c.name for c in Category), "ROYAL_FLUSH")


def check_lang(lang: Any) -> str:
    """`lang` if it is one of `LANGUAGES`, else ValueError naming them.

    >>> check_lang("xx")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'xx'; the languages are: en, it, es, ca, ru
    """
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; the languages are: {', '.join(LANGUAGES)}")
    return lang


def _lookup(lang: str, section: str, key: str) -> Any:
    """A language's word, or the English one where the language has none (or an empty one)."""
    value = TRANSLATIONS[check_lang(lang)].get(section, {}).get(key)
    return value if value else EN[section][key]


def _text(lang: str, section: str, key: str) -> str:
    """`_lookup` of an entry that is a string (a name or a template)."""
    text: str = _lookup(lang, section, key)
    return text


def word(key: str, lang: str = "en") -> Any:
    """One of the fixed words (the "words" section), in a language.

    >>> word("split", "ca")
    'empat, es parteix el pot'
    """
    return _lookup(lang, "words", key)


def _category_key(category: Any) -> str:
    if isinstance(category, str):
        key = category.strip().upper().replace(" ", "_").replace("-", "_")
        key = key.removesuffix("_HAND") if key.endswith("CARD_HAND") else key  # "three-card hand"
        if key in CATEGORY_KEYS:
            return key
    elif isinstance(category, (int, Category)) and not isinstance(category, bool):
        if int(category) in set(Category):
            return Category(int(category)).name
    if not isinstance(category, (str, int, np.integer)) or isinstance(category, bool):
        raise TypeError(
            f"a category is a Category, its int or its name, not {type(category).__name__}: {category!r}"
        )
    raise ValueError(f"unknown category {category!r}; the categories are: {', '.join(CATEGORY_KEYS)}")


def category_name(category: Category | int | str, *, lang: str = "en") -> str:
    """The name of a hand category in a language.

    Parameters
    ----------
    category : Category, int or str
        A `Category` (or its int), or a key such as "ROYAL_FLUSH" / "royal flush" (the
        ace-high straight flush, named on its own).
    lang : str, default "en"
        One of `LANGUAGES` (en, it, es, ca, ru); a word a language lacks is the English one.

    Returns
    -------
    str
        The category's name.

    Raises
    ------
    TypeError
        `category` that is not a `Category`, an int or a str (a bool included).
    ValueError
        An unknown category or language.

    Examples
    --------
    >>> category_name(Category.TWO_PAIR, lang="it"), category_name(Category.TWO_PAIR, lang="ca")
    ('Doppia coppia', 'Doble parella')
    >>> category_name(Category.ONE_PAIR), category_name("three-card hand", lang="es")
    ('One pair', 'Mano de tres cartas')
    """
    return _text(lang, "categories", _category_key(category))


def _game_key(game: str) -> str:
    """The key of a game's words: its name; "italian" for every "italian-N"."""
    if not isinstance(game, str) or game not in games():
        raise ValueError(f"unknown game {game!r}; the games are: {', '.join(games())}")
    return "italian" if game.startswith("italian-") else game


def game_name(game: str, lang: str = "en") -> str:
    """The name of a game (a key of `pokerlut.games()`) in a language; a game no language
    names is called by its key, so a new ranking needs no words here.

    >>> game_name("ace-to-five", "it"), game_name("italian-4")
    ('Asso a cinque basso', 'Italian closed poker (4)')
    """
    key = _game_key(game)
    named: str = TRANSLATIONS[check_lang(lang)]["games"].get(key) or EN["games"].get(key) or game
    return named + (f" ({game.split('-')[1]})" if key != game else "")


def game_summary(game: str, lang: str = "en") -> str:
    """The one-line summary of a game in a language, or its own (`pokerlut.games()[game]`, from
    its `Rules`) where the language has none, as in English.

    >>> game_summary("high", "ca")
    "pòquer clàssic de mà alta: hold'em, stud, draw"
    """
    key = _game_key(game)
    summary: str = TRANSLATIONS[check_lang(lang)].get("summaries", {}).get(key) or games()[game]
    return summary


def _fill(lang: str, section: str, key: str, ranks: list[int], **fields: str) -> str:
    """A language's template (`key` of `section`) filled with the rank words of `ranks` (r0, r1,
    ... by significance, each in every form the language has) and `fields`, its first letter a
    capital. KeyError or IndexError where the language lacks the template or a word it needs."""
    data = TRANSLATIONS[lang]
    template: str | None = data.get(section, {}).get(key)
    if not template:
        raise KeyError(key)
    forms = data.get("ranks", {})
    words = {f"r{i}": {form: values[r] for form, values in forms.items()} for i, r in enumerate(ranks)}
    text = template.format(**words, **fields)
    return text[:1].upper() + text[1:]


def _in_language(lang: str, words_in: Callable[[str], str]) -> str:
    """`words_in(lang)`, or `words_in("en")` where the language lacks a template or a word that
    `words_in` needs (a KeyError or IndexError): the words are all of one language."""
    try:
        return words_in(check_lang(lang))
    except (KeyError, IndexError):
        return words_in("en")


def _ranks_text(ranks: list[int]) -> str:
    """The ranks of a hand as characters, highest first: '7-5-4-3-2', '4-3-2-A'."""
    return "-".join(RANKS[r] for r in ranks)


def _best_name(lang: str, best_name: str) -> str:
    """A language's name for a low game's best hand (`Rules.best_name`), the English one where it
    has none, and the game's own where English has none either."""
    key = best_name.upper().replace(" ", "_")
    named: str | None = TRANSLATIONS[lang].get("best_names", {}).get(key) or EN["best_names"].get(key)
    return named or best_name


def describe_class(category: Category, ranks: Any, lang: str = "en") -> str:
    """Words for a hand of `category` whose ranks (0..12), by significance, are `ranks`, in a
    language (English where a language lacks words); a Badugi category as `describe_badugi`.

    >>> describe_class(Category.FULL_HOUSE, [1, 1, 1, 4, 4]), describe_class(Category.STRAIGHT, [3, 2, 1, 0, 12])
    ('Full house, threes over sixes', 'Straight, five-high')
    >>> describe_class(Category.TWO_PAIR, [11, 11, 4, 4, 0], "es")
    'Doble par, reyes y seises'
    >>> describe_class(Category.FULL_HOUSE, [1, 1, 1, 4, 4], "ru")
    'Фулл-хаус: три тройки и две шестёрки'
    >>> describe_class(Category.STRAIGHT_FLUSH, [12, 11, 10, 9, 8], "it")
    'Scala reale'
    """
    check_lang(lang)
    ranks = [int(r) for r in ranks]
    key = Category(category).name
    if key == "STRAIGHT_FLUSH" and ranks[0] == 12:
        key = "ROYAL_FLUSH"
    cards = _ranks_text(ranks)  # what a Badugi hand's template names
    return _in_language(lang, lambda language: _fill(language, "hands", key, ranks, cards=cards))


def describe_low(ranks: Any, best_name: str | None = None, offsuit: bool = False, lang: str = "en") -> str:
    """Words for a no-pair low hand whose ranks, highest first, are `ranks`; `best_name` is the
    game's English name of its best hand (`Rules.best_name`: "Wheel", "Number one").

    >>> describe_low([5, 3, 2, 1, 0]), describe_low([5, 3, 2, 1, 0], "Number one", offsuit=True)
    ('Seven-five low (7-5-4-3-2)', 'Number one (7-5-4-3-2 offsuit)')
    >>> describe_low([5, 3, 2, 1, 0], lang="it")
    'Mano alta sette-cinque (7-5-4-3-2)'
    >>> describe_low([3, 2, 1, 0, 12], "Wheel", lang="ru")
    'Колесо (5-4-3-2-A)'
    >>> describe_low([5, 3, 2, 1, 0], "Number one", offsuit=True, lang="es")
    'La mejor mano (7-5-4-3-2 en dos o más palos)'
    """
    check_lang(lang)
    ranks = [int(r) for r in ranks]

    def words_in(language: str) -> str:
        cards = _ranks_text(ranks) + (word("offsuit", language) if offsuit else "")
        if best_name:
            return _fill(language, "hands", "BEST", ranks, best=_best_name(language, best_name), cards=cards)
        return _fill(language, "hands", "LOW", ranks, cards=cards)

    return _in_language(lang, words_in)


def describe_badugi(category: Category, ranks: Any, lang: str = "en") -> str:
    """Words for a Badugi hand of `category` whose ranks (0..12), highest first in the game's
    order, are `ranks`, in a language.

    >>> describe_badugi(Category.BADUGI, [6, 3, 1, 0]), describe_badugi(Category.ONE_CARD, [11])
    ('Badugi, 8-5-3-2', 'One-card hand, K')
    >>> describe_badugi(Category.THREE_CARD, [5, 2, 0], "it")
    'Mano di tre carte, 7-4-2'
    >>> describe_badugi(Category.BADUGI, [2, 1, 0, 12], "ru")
    'Бадуги: 4-3-2-A'
    """
    return describe_class(category, ranks, lang)


def no_low(lang: str = "en") -> str:
    """What a hand with no qualifying low is called (eight-or-better, strength 0).

    >>> no_low("ca")
    'Cap mà baixa vàlida'
    """
    return _text(lang, "words", "no_low")


def stand_in(wild: str, card: str, lang: str = "en") -> str:
    """'Jk as A♠': what a wild card stands for, in a language.

    >>> stand_in("Jk", "A♠", "es")
    'Jk como A♠'
    """
    return _text(lang, "words", "stand_in").format(wild=wild, card=card)


def italian_tie(kind: str | None, suit: int, lang: str = "en") -> str:
    """The Italian-poker suffix of a description: ' (clubs)', or a straight flush's kind too,
    ' (minimum; clubs)' (`kind`: 'royal', 'middle', 'minimum' or None; `suit` 0..3 = c..s).

    >>> italian_tie("minimum", 0, "it"), italian_tie(None, 2, "ru")
    (' (minima; fiori)', ' (червы)')
    """
    name = word("suits", lang)[suit]
    if kind and kind != "royal":
        return f" ({word(kind, lang)}; {name})"
    return f" ({name})"


def row_label(key: str, lang: str = "en") -> str:
    """The label of a stats row (`pokerlut.stats.CategoryRow.key`): a category key, 'WHEEL',
    'LOW_6' (no pair, 6 the highest card), 'NO_LOW' or 'BADUGI_K' (a badugi whose highest card
    is the king).

    >>> row_label("ROYAL_FLUSH", "ca"), row_label("LOW_8", "it"), row_label("WHEEL", "es")
    ('Escala reial', 'Mano alta otto', 'Rueda')
    >>> row_label("BADUGI_K", "en"), row_label("BADUGI_K", "ru")
    ('K-high badugi', 'Бадуги до короля')
    """
    if key.startswith("BADUGI_"):
        top = RANKS.index(key.removeprefix("BADUGI_"))
        return _in_language(
            lang, lambda language: _fill(language, "words", "badugi_row", [top], top=RANKS[top])
        )
    if key == "WHEEL":
        return _text(lang, "best_names", "WHEEL")
    if key == "NO_LOW":
        return no_low(lang)
    if key.startswith("LOW_"):
        n = int(key[4:])
        return _in_language(lang, lambda language: _fill(language, "words", "low_row", [n - 2], n=str(n)))
    return category_name(key, lang=lang)


def row_about(key: str, lang: str = "en") -> str:
    """What a stats row holds, in a language (the description column of `pokerlut stats
    --lang`).

    >>> row_about("LOW_7", "ca"), row_about("BADUGI_T", "es")
    ('Sense parella, carta més alta 7', 'Badugi con carta más alta T')
    """
    if key.startswith("BADUGI_"):
        return _text(lang, "about", "BADUGI_TOP").format(n=key.removeprefix("BADUGI_"))
    if key.startswith("LOW_"):
        return _text(lang, "about", "LOW").format(n=int(key[4:]))
    return _text(lang, "about", key)


def deck_words(n: int, low: str, lang: str = "en") -> str:
    """'52 cards' or '36 cards, 6 to A' (`low`: the lowest rank's character), in a language.

    >>> deck_words(36, "6", "ca"), deck_words(52, "2", "ru")
    ("36 cartes, del 6 a l'as", 'колода из 52 карт')
    """
    return _text(lang, "words", "deck" if low == "2" else "deck_from").format(n=n, low=low)
