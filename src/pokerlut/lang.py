"""Hand categories, descriptions and game names in the languages of the project's source texts:
English (en), Italian (it), Spanish (es), Catalan (ca) and Russian (ru).

The words come from the seed texts behind docs/rules.md (Italian: seeds 000 and 002, Spanish:
001, Russian: 003, Catalan: 004); where a seed has no word for something, the standard term of
the language is used and a comment says so. Everything here is plain data, one dict per
language; a word a language lacks falls back to the English one, never to a key.

A description is built from a hand's category and ranks (what `pokerlut._names` reads), with a
template per category and the rank words in the forms the template needs (plural, "of the
kings", "to the king", Russian cases).

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

from typing import Any

import numpy as np

from ._cards import RANKS
from ._names import Category, badugi_cards, category_label
from ._names import describe_badugi as _english_badugi
from ._names import describe_class as _english_class
from ._names import describe_low as _english_low
from .rules import games

LANGUAGES = ("en", "it", "es", "ca", "ru")

# Keys of the category names: the `Category` members, and the royal flush (the ace-high
# straight flush, which every seed names on its own).
CATEGORY_KEYS = (*(c.name for c in Category), "ROYAL_FLUSH")

EN: dict[str, Any] = {
    # "High card", ..., "Five of a kind": `names.category_label`, capitalised
    "categories": {
        **{c.name: category_label(c).capitalize() for c in Category},
        "ROYAL_FLUSH": "Royal flush",
    },
    "games": {
        "high": "High poker",
        "ace-to-five": "Ace-to-five lowball",
        "deuce-to-seven": "Deuce-to-seven lowball",
        "ace-to-six": "Ace-to-six lowball",
        "eight-or-better": "Eight-or-better low",
        "short-deck": "Short deck",
        "short-deck-trips": "Short deck, trips over straights",
        "italian": "Italian closed poker",
        "badugi": "Badugi",
        "badugi-deuce-to-seven": "Badugi, ace high (Badeucy)",
    },
    # no "summaries": in English a game's line is its own (`pokerlut.games()`, its `Rules`)
    # Hand descriptions in English are `pokerlut._names.describe_class` / `describe_low`.
    "best_names": {"WHEEL": "Wheel", "NUMBER_ONE": "Number one"},
    "words": {
        "no_low": "No qualifying low",
        "offsuit": " offsuit",
        "stand_in": "{wild} as {card}",
        "suits": ("clubs", "diamonds", "hearts", "spades"),
        "middle": "middle",
        "minimum": "minimum",
        "strength": "strength",
        "best_five": "best five",
        "first_wins": "first hand wins",
        "second_wins": "second hand wins",
        "split": "split pot",
        "low_row": "{n}-low",
        "badugi_row": "{top}-high badugi",  # a badugi by its highest card (`stats.by_category`)
        "total": "Total",
        "columns": ("#", "Hand", "Description", "Combinations"),
        "stats_header": "All {total} hands of {cards} cards ({game}, {deck}), in {elapsed} s "
        "({rate} M hands counted/s)",
        "deck": "{n} cards",
        "deck_from": "{n} cards, {low} to A",
        "probability": "Probability about {p}%",
    },
    "about": {  # what a stats row holds (the Descripció column of the Catalan seed's table)
        "FIVE_OF_A_KIND": "Five cards of one rank, with wild cards",
        "ROYAL_FLUSH": "A-K-Q-J-T of one suit",
        "STRAIGHT_FLUSH": "Five consecutive cards of one suit, not ace-high",
        "FOUR_OF_A_KIND": "Four cards of one rank",
        "FULL_HOUSE": "Three cards of one rank and two of another",
        "FLUSH": "Five cards of one suit, not consecutive",
        "STRAIGHT": "Five consecutive cards of mixed suits",
        "THREE_OF_A_KIND": "Three cards of one rank",
        "TWO_PAIR": "Two pairs of cards of equal rank",
        "ONE_PAIR": "Two cards of one rank",
        "HIGH_CARD": "The highest card, no pair or other combination",
        "WHEEL": "5-4-3-2-A, the best low",
        "LOW": "No pair, highest card {n}",
        "NO_LOW": "No five different ranks of 8 or lower",
        "BADUGI": "Four cards of different ranks and different suits",
        "THREE_CARD": "Three cards of different ranks and suits, no badugi",
        "TWO_CARD": "Two cards of different ranks and suits, no three",
        "ONE_CARD": "Every card of one rank or of one suit",
        "BADUGI_TOP": "A badugi whose highest card is {n}",
    },
}

# Italian: categories from seed 002 ("Scala Reale – Scala Colore – Poker – Full – Colore – Scala –
# Tris – Doppia Coppia – Coppia – Carta Alta"); seed 000 is a word-for-word rendering of the
# English ("Quattro di fiori", "Full casa", "Dritto") and gives only what 002 lacks.
IT: dict[str, Any] = {
    "categories": {
        "HIGH_CARD": "Carta alta",
        "ONE_PAIR": "Coppia",
        "TWO_PAIR": "Doppia coppia",
        "THREE_OF_A_KIND": "Tris",
        "STRAIGHT": "Scala",
        "FLUSH": "Colore",
        "FULL_HOUSE": "Full",
        "FOUR_OF_A_KIND": "Poker",
        "STRAIGHT_FLUSH": "Scala colore",
        # Seed 000 ("Cinque di un tipo"); players usually say "pokerissimo".
        "FIVE_OF_A_KIND": "Cinque di un tipo",
        "ROYAL_FLUSH": "Scala reale",
        # Badugi: not in the seeds; players keep the Korean name, the rest is the usual Italian
        "ONE_CARD": "Mano di una carta",
        "TWO_CARD": "Mano di due carte",
        "THREE_CARD": "Mano di tre carte",
        "BADUGI": "Badugi",
    },
    "games": {
        "high": "Poker alto",  # seed 000: "regole alte"; seed 002: giochi "high"
        "ace-to-five": "Asso a cinque basso",  # seed 000
        "deuce-to-seven": "Due-sette basso",  # seed 000
        "ace-to-six": "Asso a sei basso",  # seed 000
        "eight-or-better": "Otto o meglio",  # not in the seeds: the usual rendering
        "short-deck": "Mazzo corto",  # not in the seeds: the usual rendering
        "short-deck-trips": "Mazzo corto, tris sopra la scala",
        "italian": "Poker all'italiana (poker chiuso)",  # seed 002
        "badugi": "Badugi",
        "badugi-deuce-to-seven": "Badugi, asso alto (Badeucy)",
    },
    "summaries": {
        "high": "poker alto classico: hold'em, stud, draw",
        "ace-to-five": "lowball, razz: asso basso, scale e colori non contano, 5-4-3-2-A la migliore",
        "deuce-to-seven": "lowball Kansas City: asso alto, scale e colori contano, 7-5-4-3-2 non "
        "tutte dello stesso seme la migliore",
        "ace-to-six": "lowball londinese: asso basso, scale e colori contano, 6-4-3-2-A non tutte "
        "dello stesso seme la migliore",
        "eight-or-better": "la metà bassa dei giochi hi-lo: cinque valori da 8 in giù, asso "
        "basso, altrimenti nessuna mano bassa (0)",
        "short-deck": "hold'em six-plus: 36 carte, A-6-7-8-9 è scala, il colore batte il full",
        "short-deck-trips": "mazzo corto in cui anche il tris batte la scala",
        "italian": "poker chiuso all'italiana (italian-2 .. italian-9): un mazzo dai valori da 11 - "
        "giocatori in su, il colore batte il full, i semi spareggiano, scale colore "
        "in ciclo",
    },
    # Ranks 2..A. Seed 000: "fanti", "re", "asso"; the queen ("donna") is not named there.
    "ranks": {
        "name": (
            "due",
            "tre",
            "quattro",
            "cinque",
            "sei",
            "sette",
            "otto",
            "nove",
            "dieci",
            "fante",
            "donna",
            "re",
            "asso",
        ),
        "plural": (
            "due",
            "tre",
            "quattro",
            "cinque",
            "sei",
            "sette",
            "otto",
            "nove",
            "dieci",
            "fanti",
            "donne",
            "re",
            "assi",
        ),
        "of": (
            "di due",
            "di tre",
            "di quattro",
            "di cinque",
            "di sei",
            "di sette",
            "di otto",
            "di nove",
            "di dieci",
            "di fanti",
            "di donne",
            "di re",
            "d'assi",
        ),
        "to": (
            "al due",
            "al tre",
            "al quattro",
            "al cinque",
            "al sei",
            "al sette",
            "all'otto",
            "al nove",
            "al dieci",
            "al fante",
            "alla donna",
            "al re",
            "all'asso",
        ),
    },
    "hands": {  # seed 000: "carta alta, re", "coppia di quattro", "due coppie, fanti e quattro"
        "HIGH_CARD": "Carta alta, {r0[name]}",
        "ONE_PAIR": "Coppia {r0[of]}",
        "TWO_PAIR": "Doppia coppia, {r0[plural]} e {r2[plural]}",
        "THREE_OF_A_KIND": "Tris {r0[of]}",
        "STRAIGHT": "Scala {r0[to]}",  # seed 000: "scala all'asso"
        "FLUSH": "Colore {r0[to]}",
        "FULL_HOUSE": "Full {r0[of]} e {r3[plural]}",
        "FOUR_OF_A_KIND": "Poker {r0[of]}, kicker {r4[name]}",  # seed 002 says "kicker"
        "STRAIGHT_FLUSH": "Scala colore {r0[to]}",
        "ROYAL_FLUSH": "Scala reale",
        "FIVE_OF_A_KIND": "Cinque di un tipo, {r0[plural]}",
        "ONE_CARD": "Mano di una carta, {cards}",
        "TWO_CARD": "Mano di due carte, {cards}",
        "THREE_CARD": "Mano di tre carte, {cards}",
        "BADUGI": "Badugi, {cards}",
        "LOW": "Mano alta {r0[name]}-{r1[name]} ({cards})",  # seed 000: "mano alta sette-cinque"
        "BEST": "{best} ({cards})",
    },
    # Seed 000: the wheel is "bicicletta o ruota"; it names no "number one", only "la migliore
    # mano possibile".
    "best_names": {"WHEEL": "Ruota", "NUMBER_ONE": "La migliore mano"},
    "words": {
        "no_low": "Nessuna mano bassa valida",
        "offsuit": " non tutte dello stesso seme",  # seed 000
        "stand_in": "{wild} come {card}",
        "suits": ("fiori", "quadri", "cuori", "picche"),  # seed 002
        "middle": "media",  # seed 002: "scala colore media", "minima"
        "minimum": "minima",
        "strength": "forza",
        "best_five": "migliori cinque",
        "first_wins": "vince la prima mano",
        "second_wins": "vince la seconda mano",
        "split": "si divide il piatto",  # seed 002
        "low_row": "Mano alta {r0[name]}",
        "badugi_row": "Badugi {r0[to]}",
        "total": "Totale",
        "columns": ("#", "Punto", "Punto in inglese", "Descrizione", "Combinazioni possibili"),
        "stats_header": "Tutte le {total} mani di {cards} carte ({game}, {deck}), in {elapsed} s "
        "({rate} M mani contate/s)",
        "deck": "{n} carte",
        "deck_from": "{n} carte, dal {low} all'asso",
        "probability": "Probabilità circa {p}%",
    },
    "about": {
        "FIVE_OF_A_KIND": "Cinque carte dello stesso valore, con i jolly",
        "ROYAL_FLUSH": "Scala colore dal 10 all'asso",
        "STRAIGHT_FLUSH": "Cinque carte in sequenza dello stesso seme, non all'asso",
        "FOUR_OF_A_KIND": "Quattro carte dello stesso valore",
        "FULL_HOUSE": "Un tris e una coppia",
        "FLUSH": "Cinque carte dello stesso seme, non in sequenza",
        "STRAIGHT": "Cinque carte in sequenza, non tutte dello stesso seme",
        "THREE_OF_A_KIND": "Tre carte dello stesso valore",
        "TWO_PAIR": "Due coppie di carte dello stesso valore",
        "ONE_PAIR": "Due carte dello stesso valore",
        "HIGH_CARD": "Nessuna combinazione: conta la carta più alta",
        "WHEEL": "5-4-3-2-A, la migliore mano bassa",
        "LOW": "Nessuna coppia, carta più alta {n}",
        "NO_LOW": "Non ci sono cinque valori diversi da 8 in giù",
        "BADUGI": "Quattro carte di valori e semi tutti diversi",
        "THREE_CARD": "Tre carte di valori e semi diversi, nessun badugi",
        "TWO_CARD": "Due carte di valori e semi diversi, nessuna mano di tre",
        "ONE_CARD": "Tutte le carte dello stesso valore o dello stesso seme",
        "BADUGI_TOP": "Badugi con carta più alta {n}",
    },
}

# Spanish: seed 001 ("Escalera de color", "Póquer", "Full", "Color", "Escalera", "Trío",
# "Doble par", "Par", "Sin par"; the best straight flush is the "escalera real").
ES: dict[str, Any] = {
    "categories": {
        "HIGH_CARD": "Sin par",
        "ONE_PAIR": "Par",
        "TWO_PAIR": "Doble par",
        "THREE_OF_A_KIND": "Trío",
        "STRAIGHT": "Escalera",
        "FLUSH": "Color",
        "FULL_HOUSE": "Full",
        "FOUR_OF_A_KIND": "Póquer",
        "STRAIGHT_FLUSH": "Escalera de color",
        "FIVE_OF_A_KIND": "Repóquer",  # not in seed 001: the usual Spanish term
        "ROYAL_FLUSH": "Escalera real",
        # Badugi: not in seed 001; the Korean name is kept, the rest is the usual Spanish
        "ONE_CARD": "Mano de una carta",
        "TWO_CARD": "Mano de dos cartas",
        "THREE_CARD": "Mano de tres cartas",
        "BADUGI": "Badugi",
    },
    "games": {  # not in seed 001: the usual Spanish renderings
        "high": "Póquer de mano alta",
        "ace-to-five": "As a cinco",
        "deuce-to-seven": "Dos a siete",
        "ace-to-six": "As a seis",
        "eight-or-better": "Ocho o mejor",
        "short-deck": "Baraja corta",
        "short-deck-trips": "Baraja corta, trío sobre escalera",
        "italian": "Póquer cerrado a la italiana",
        "badugi": "Badugi",
        "badugi-deuce-to-seven": "Badugi, as alto (Badeucy)",
    },
    "summaries": {
        "high": "póquer clásico de mano alta: hold'em, stud, draw",
        "ace-to-five": "lowball, razz: el as es bajo, escaleras y colores no cuentan, 5-4-3-2-A es la mejor",
        "deuce-to-seven": "lowball de Kansas City: el as es alto, escaleras y colores cuentan, "
        "7-5-4-3-2 en dos o más palos es la mejor",
        "ace-to-six": "lowball de Londres: el as es bajo, escaleras y colores cuentan, 6-4-3-2-A "
        "en dos o más palos es la mejor",
        "eight-or-better": "la mitad baja de los juegos hi-lo: cinco rangos de 8 o menos, el as "
        "es bajo; si no, no hay mano baja (0)",
        "short-deck": "hold'em six-plus: 36 cartas, A-6-7-8-9 es escalera, el color gana al full",
        "short-deck-trips": "baraja corta en la que el trío también gana a la escalera",
        "italian": "póquer cerrado a la italiana (italian-2 .. italian-9): una baraja con los rangos desde "
        "11 - jugadores, el color gana al full, los palos deshacen los empates, "
        "escaleras de color en ciclo",
    },
    # Ranks 2..A: seed 001 writes only A, K, Q, J; these are the usual Spanish names.
    "ranks": {
        "name": (
            "dos",
            "tres",
            "cuatro",
            "cinco",
            "seis",
            "siete",
            "ocho",
            "nueve",
            "diez",
            "jota",
            "reina",
            "rey",
            "as",
        ),
        "plural": (
            "doses",
            "treses",
            "cuatros",
            "cincos",
            "seises",
            "sietes",
            "ochos",
            "nueves",
            "dieces",
            "jotas",
            "reinas",
            "reyes",
            "ases",
        ),
        "to": (
            "al dos",
            "al tres",
            "al cuatro",
            "al cinco",
            "al seis",
            "al siete",
            "al ocho",
            "al nueve",
            "al diez",
            "a la jota",
            "a la reina",
            "al rey",
            "al as",
        ),
    },
    "hands": {
        "HIGH_CARD": "Sin par, carta más alta: {r0[name]}",
        "ONE_PAIR": "Par de {r0[plural]}",
        "TWO_PAIR": "Doble par, {r0[plural]} y {r2[plural]}",
        "THREE_OF_A_KIND": "Trío de {r0[plural]}",
        "STRAIGHT": "Escalera {r0[to]}",
        "FLUSH": "Color {r0[to]}",
        "FULL_HOUSE": "Full de {r0[plural]} y {r3[plural]}",
        "FOUR_OF_A_KIND": "Póquer de {r0[plural]} con {r4[name]}",
        "STRAIGHT_FLUSH": "Escalera de color {r0[to]}",
        "ROYAL_FLUSH": "Escalera real",
        "FIVE_OF_A_KIND": "Repóquer de {r0[plural]}",
        "ONE_CARD": "Mano de una carta, {cards}",
        "TWO_CARD": "Mano de dos cartas, {cards}",
        "THREE_CARD": "Mano de tres cartas, {cards}",
        "BADUGI": "Badugi, {cards}",
        "LOW": "Mano baja {r0[name]}-{r1[name]} ({cards})",
        "BEST": "{best} ({cards})",
    },
    # Not in seed 001: "rueda" is the usual word; no nickname for 7-5-4-3-2: "the best hand".
    "best_names": {"WHEEL": "Rueda", "NUMBER_ONE": "La mejor mano"},
    "words": {
        "no_low": "Ninguna mano baja válida",
        "offsuit": " en dos o más palos",  # seed 001
        "stand_in": "{wild} como {card}",
        "suits": ("tréboles", "diamantes", "corazones", "picas"),
        "middle": "media",
        "minimum": "mínima",
        "strength": "fuerza",
        "best_five": "mejores cinco",
        "first_wins": "gana la primera mano",
        "second_wins": "gana la segunda mano",
        "split": "empate, se divide el bote",
        "low_row": "Mano baja {r0[to]}",
        "badugi_row": "Badugi {r0[to]}",
        "total": "Total",
        "columns": ("#", "Mano", "Mano en inglés", "Descripción", "Combinaciones posibles"),
        "stats_header": "Todas las {total} manos de {cards} cartas ({game}, {deck}), en "
        "{elapsed} s ({rate} M manos contadas/s)",
        "deck": "{n} cartas",
        "deck_from": "{n} cartas, del {low} al as",
        "probability": "Probabilidad aprox. {p}%",
    },
    "about": {  # seed 001
        "FIVE_OF_A_KIND": "Cinco cartas del mismo rango, con comodines",
        "ROYAL_FLUSH": "A, K, Q, J, 10 del mismo palo",
        "STRAIGHT_FLUSH": "Cinco cartas del mismo palo en secuencia, sin el as como carta más alta",
        "FOUR_OF_A_KIND": "Cuatro cartas del mismo rango",
        "FULL_HOUSE": "Tres cartas de un mismo rango y dos de otro mismo rango",
        "FLUSH": "Cinco cartas del mismo palo, no en secuencia",
        "STRAIGHT": "Cinco cartas, en dos o más palos, numeradas consecutivamente",
        "THREE_OF_A_KIND": "Tres cartas del mismo rango",
        "TWO_PAIR": "Dos cartas de un rango y otras dos de otro rango",
        "ONE_PAIR": "Dos cartas del mismo rango con tres cartas sin emparejar",
        "HIGH_CARD": "Ninguna combinación: cuenta la carta más alta",
        "WHEEL": "5-4-3-2-A, la mejor mano baja",
        "LOW": "Sin par, carta más alta {n}",
        "NO_LOW": "No hay cinco rangos distintos de 8 o menos",
        "BADUGI": "Cuatro cartas de rangos y palos distintos",
        "THREE_CARD": "Tres cartas de rangos y palos distintos, sin badugi",
        "TWO_CARD": "Dos cartas de rangos y palos distintos, sin mano de tres",
        "ONE_CARD": "Todas las cartas del mismo rango o del mismo palo",
        "BADUGI_TOP": "Badugi con carta más alta {n}",
    },
}

# Catalan: seed 004's table ("Escala reial", "Escala de color", "Pòquer", "Full", "Color",
# "Escala", "Trio", "Doble parella", "Parella", "Carta més alta") and its "repòquer".
CA: dict[str, Any] = {
    "categories": {
        "HIGH_CARD": "Carta més alta",
        "ONE_PAIR": "Parella",
        "TWO_PAIR": "Doble parella",
        "THREE_OF_A_KIND": "Trio",
        "STRAIGHT": "Escala",
        "FLUSH": "Color",
        "FULL_HOUSE": "Full",
        "FOUR_OF_A_KIND": "Pòquer",
        "STRAIGHT_FLUSH": "Escala de color",
        "FIVE_OF_A_KIND": "Repòquer",
        "ROYAL_FLUSH": "Escala reial",
        # Badugi: not in seed 004; the Korean name is kept, the rest is the usual Catalan
        "ONE_CARD": "Mà d'una carta",
        "TWO_CARD": "Mà de dues cartes",
        "THREE_CARD": "Mà de tres cartes",
        "BADUGI": "Badugi",
    },
    "games": {  # not in seed 004: the usual Catalan renderings
        "high": "Pòquer de mà alta",
        "ace-to-five": "As a cinc",
        "deuce-to-seven": "Dos a set",
        "ace-to-six": "As a sis",
        "eight-or-better": "Vuit o millor",
        "short-deck": "Baralla curta",
        "short-deck-trips": "Baralla curta, trio sobre escala",
        "italian": "Pòquer tancat a la italiana",
        "badugi": "Badugi",
        "badugi-deuce-to-seven": "Badugi, as alt (Badeucy)",
    },
    "summaries": {
        "high": "pòquer clàssic de mà alta: hold'em, stud, draw",
        "ace-to-five": "lowball, razz: l'as és baix, escales i colors no compten, 5-4-3-2-A és la millor",
        "deuce-to-seven": "lowball de Kansas City: l'as és alt, escales i colors compten, "
        "7-5-4-3-2 de pals variats és la millor",
        "ace-to-six": "lowball de Londres: l'as és baix, escales i colors compten, 6-4-3-2-A de "
        "pals variats és la millor",
        "eight-or-better": "la meitat baixa dels jocs hi-lo: cinc valors de 8 o menys, l'as és "
        "baix; si no, no hi ha mà baixa (0)",
        "short-deck": "hold'em six-plus: 36 cartes, A-6-7-8-9 és escala, el color guanya el full",
        "short-deck-trips": "baralla curta on el trio també guanya l'escala",
        "italian": "pòquer tancat a la italiana (italian-2 .. italian-9): una baralla amb els valors des "
        "d'11 - jugadors, el color guanya el full, els pals desempaten, escales de "
        "color en cicle",
    },
    # Ranks 2..A: seed 004 writes only A, K, Q, J; these are the usual Catalan names
    # (as, rei, reina, jota).
    "ranks": {
        "name": (
            "dos",
            "tres",
            "quatre",
            "cinc",
            "sis",
            "set",
            "vuit",
            "nou",
            "deu",
            "jota",
            "reina",
            "rei",
            "as",
        ),
        "plural": (
            "dosos",
            "tresos",
            "quatres",
            "cincs",
            "sisos",
            "sets",
            "vuits",
            "nous",
            "deus",
            "jotes",
            "reines",
            "reis",
            "asos",
        ),
        "of": (
            "de dosos",
            "de tresos",
            "de quatres",
            "de cincs",
            "de sisos",
            "de sets",
            "de vuits",
            "de nous",
            "de deus",
            "de jotes",
            "de reines",
            "de reis",
            "d'asos",
        ),
        "to": (
            "al dos",
            "al tres",
            "al quatre",
            "al cinc",
            "al sis",
            "al set",
            "al vuit",
            "al nou",
            "al deu",
            "a la jota",
            "a la reina",
            "al rei",
            "a l'as",
        ),
    },
    "hands": {
        "HIGH_CARD": "Carta més alta, {r0[name]}",
        "ONE_PAIR": "Parella {r0[of]}",
        "TWO_PAIR": "Doble parella, {r0[plural]} i {r2[plural]}",
        "THREE_OF_A_KIND": "Trio {r0[of]}",
        "STRAIGHT": "Escala {r0[to]}",
        "FLUSH": "Color {r0[to]}",
        "FULL_HOUSE": "Full {r0[of]} i {r3[plural]}",
        "FOUR_OF_A_KIND": "Pòquer {r0[of]}, kicker {r4[name]}",  # seed 004 says "kicker"
        "STRAIGHT_FLUSH": "Escala de color {r0[to]}",
        "ROYAL_FLUSH": "Escala reial",
        "FIVE_OF_A_KIND": "Repòquer {r0[of]}",
        "ONE_CARD": "Mà d'una carta, {cards}",
        "TWO_CARD": "Mà de dues cartes, {cards}",
        "THREE_CARD": "Mà de tres cartes, {cards}",
        "BADUGI": "Badugi, {cards}",
        "LOW": "Mà baixa {r0[name]}-{r1[name]} ({cards})",
        "BEST": "{best} ({cards})",
    },
    # Not in seed 004: "roda" is the usual word; no nickname for 7-5-4-3-2: "the best hand".
    "best_names": {"WHEEL": "Roda", "NUMBER_ONE": "La millor mà"},
    "words": {
        "no_low": "Cap mà baixa vàlida",
        "offsuit": " de pals variats",  # seed 004
        "stand_in": "{wild} com a {card}",
        "suits": ("trèvols", "diamants", "cors", "piques"),
        "middle": "mitjana",
        "minimum": "mínima",
        "strength": "força",
        "best_five": "millors cinc",
        "first_wins": "guanya la primera mà",
        "second_wins": "guanya la segona mà",
        "split": "empat, es parteix el pot",  # seed 004
        "low_row": "Mà baixa {r0[to]}",
        "badugi_row": "Badugi {r0[to]}",
        "total": "Total",
        # Seed 004's table: "#  Jugada  Jugada en anglès  Descripció  Combinacions Possibles"
        "columns": ("#", "Jugada", "Jugada en anglès", "Descripció", "Combinacions Possibles"),
        "stats_header": "Totes les {total} mans de {cards} cartes ({game}, {deck}), en "
        "{elapsed} s ({rate} M mans comptades/s)",
        "deck": "{n} cartes",
        "deck_from": "{n} cartes, del {low} a l'as",
        "probability": "Probabilitat aprox. {p}%",  # seed 004
    },
    "about": {  # seed 004's Descripció column
        "FIVE_OF_A_KIND": "5 cartes iguals en el seu valor, amb comodins",
        "ROYAL_FLUSH": "Les 5 cartes consecutives més altes del mateix pal, del 10 a l'As",
        "STRAIGHT_FLUSH": "5 cartes consecutives del mateix pal, sense l'As com a carta alta",
        "FOUR_OF_A_KIND": "4 cartes iguals en el seu valor",
        "FULL_HOUSE": "3 cartes iguals i altres 2 iguals, un trio i una parella",
        "FLUSH": "5 cartes del mateix pal sense ser consecutives",
        "STRAIGHT": "5 cartes consecutives de pals variats",
        "THREE_OF_A_KIND": "3 cartes iguals en el seu valor",
        "TWO_PAIR": "2 parells de cartes iguals en el seu valor",
        "ONE_PAIR": "2 cartes iguals",
        "HIGH_CARD": "La carta més alta entre les presents, sense cap parella",
        "WHEEL": "5-4-3-2-A, la millor mà baixa",
        "LOW": "Sense parella, carta més alta {n}",
        "NO_LOW": "No hi ha cinc valors diferents de 8 o menys",
        "BADUGI": "Quatre cartes de valors i pals diferents",
        "THREE_CARD": "Tres cartes de valors i pals diferents, sense badugi",
        "TWO_CARD": "Dues cartes de valors i pals diferents, sense mà de tres",
        "ONE_CARD": "Totes les cartes del mateix valor o del mateix pal",
        "BADUGI_TOP": "Badugi amb carta més alta {n}",
    },
}

# Russian: seed 003's category headings.
RU: dict[str, Any] = {
    "categories": {
        "HIGH_CARD": "Старшая карта",
        "ONE_PAIR": "Одна пара",
        "TWO_PAIR": "Две пары",
        "THREE_OF_A_KIND": "Три карты одного ранга",
        "STRAIGHT": "Стрит",
        "FLUSH": "Флеш",
        "FULL_HOUSE": "Фулл-хаус",
        "FOUR_OF_A_KIND": "Четыре карты одного ранга",
        "STRAIGHT_FLUSH": "Стрит-флеш",
        "FIVE_OF_A_KIND": "Пять карт одного ранга",
        "ROYAL_FLUSH": "Королевский флеш",
        # Badugi: not in seed 003; the usual transliteration of the Korean name
        "ONE_CARD": "Рука из одной карты",
        "TWO_CARD": "Рука из двух карт",
        "THREE_CARD": "Рука из трёх карт",
        "BADUGI": "Бадуги",
    },
    "games": {
        "high": "Покер на старшие комбинации",  # seed 003: "игры с высокими комбинациями"
        "ace-to-five": "Туз-пятёрка",  # seed 003
        "deuce-to-seven": "Двойка-семёрка",  # seed 003
        "ace-to-six": "Туз-шестёрка",  # seed 003
        "eight-or-better": "Восьмёрка или лучше",  # not in seed 003: the usual rendering
        "short-deck": "Короткая колода",  # not in seed 003: the usual rendering
        "short-deck-trips": "Короткая колода, сет старше стрита",
        "italian": "Итальянский закрытый покер",
        "badugi": "Бадуги",
        "badugi-deuce-to-seven": "Бадуги, туз старший (бадьюси)",
    },
    "summaries": {
        "high": "классический покер на старшие комбинации: холдем, стад, дро",
        "ace-to-five": "лоубол, разз: туз младший, стриты и флеши не учитываются, лучшая "
        "комбинация — 5-4-3-2-A",
        "deuce-to-seven": "лоубол Канзас-Сити: туз старший, стриты и флеши учитываются, лучшая "
        "комбинация — 7-5-4-3-2, не все одной масти",
        "ace-to-six": "лондонский лоубол: туз младший, стриты и флеши учитываются, лучшая "
        "комбинация — 6-4-3-2-A, не все одной масти",
        "eight-or-better": "младшая половина игр хай-лоу: пять разных рангов не выше 8, туз "
        "младший, иначе младшей комбинации нет (0)",
        "short-deck": "шорт-дек холдем: 36 карт, A-6-7-8-9 — стрит, флеш старше фулл-хауса",
        "short-deck-trips": "короткая колода, где три карты одного ранга старше и стрита",
        "italian": "итальянский закрытый покер (italian-2 .. italian-9): колода из рангов от 11 - игроки "
        "и выше, флеш старше фулл-хауса, масти решают ничьи, стрит-флеши по кругу",
    },
    # Ranks 2..A, seed 003: туз, король, дама, валет, десятка ... двойка. Cases as the seed uses
    # them: "пять троек" (genitive plural), "четыре девятки с валетом" (genitive, instrumental),
    # "три тройки и две шестёрки" (два/две by gender).
    "ranks": {
        "name": (
            "двойка",
            "тройка",
            "четвёрка",
            "пятёрка",
            "шестёрка",
            "семёрка",
            "восьмёрка",
            "девятка",
            "десятка",
            "валет",
            "дама",
            "король",
            "туз",
        ),
        "genitive": (
            "двойки",
            "тройки",
            "четвёрки",
            "пятёрки",
            "шестёрки",
            "семёрки",
            "восьмёрки",
            "девятки",
            "десятки",
            "валета",
            "дамы",
            "короля",
            "туза",
        ),
        "plural": (
            "двойки",
            "тройки",
            "четвёрки",
            "пятёрки",
            "шестёрки",
            "семёрки",
            "восьмёрки",
            "девятки",
            "десятки",
            "валеты",
            "дамы",
            "короли",
            "тузы",
        ),
        "genitive_plural": (
            "двоек",
            "троек",
            "четвёрок",
            "пятёрок",
            "шестёрок",
            "семёрок",
            "восьмёрок",
            "девяток",
            "десяток",
            "валетов",
            "дам",
            "королей",
            "тузов",
        ),
        "instrumental": (
            "двойкой",
            "тройкой",
            "четвёркой",
            "пятёркой",
            "шестёркой",
            "семёркой",
            "восьмёркой",
            "девяткой",
            "десяткой",
            "валетом",
            "дамой",
            "королём",
            "тузом",
        ),
        "two": ("две", "две", "две", "две", "две", "две", "две", "две", "две", "два", "две", "два", "два"),
    },
    "hands": {
        "HIGH_CARD": "Старшая карта: {r0[name]}",
        "ONE_PAIR": "Пара {r0[genitive_plural]}",
        "TWO_PAIR": "Две пары: {r0[plural]} и {r2[plural]}",
        "THREE_OF_A_KIND": "Три карты одного ранга: {r0[plural]}",
        "STRAIGHT": "Стрит до {r0[genitive]}",
        "FLUSH": "Флеш до {r0[genitive]}",
        "FULL_HOUSE": "Фулл-хаус: три {r0[genitive]} и {r3[two]} {r3[genitive]}",
        "FOUR_OF_A_KIND": "Четыре карты одного ранга: {r0[plural]} с {r4[instrumental]}",
        "STRAIGHT_FLUSH": "Стрит-флеш до {r0[genitive]}",
        "ROYAL_FLUSH": "Королевский флеш",
        "FIVE_OF_A_KIND": "Пять карт одного ранга: {r0[plural]}",
        "ONE_CARD": "Рука из одной карты: {cards}",
        "TWO_CARD": "Рука из двух карт: {cards}",
        "THREE_CARD": "Рука из трёх карт: {cards}",
        "BADUGI": "Бадуги: {cards}",
        "LOW": "Младшая комбинация {r0[name]}-{r1[name]} ({cards})",
        "BEST": "{best} ({cards})",
    },
    # Seed 003: the wheel is «велосипед» or «колесо»; no nickname for 7-5-4-3-2, only
    # "лучшей комбинацией является семёрка-пятёрка-четвёрка-тройка-двойка".
    "best_names": {"WHEEL": "Колесо", "NUMBER_ONE": "Лучшая комбинация"},
    "words": {
        "no_low": "Нет подходящей младшей комбинации",
        "offsuit": ", не все одной масти",  # seed 003
        "stand_in": "{wild} вместо {card}",
        "suits": ("трефы", "бубны", "червы", "пики"),
        "middle": "средний",
        "minimum": "минимальный",
        "strength": "сила",
        "best_five": "лучшие пять",
        "first_wins": "побеждает первая рука",
        "second_wins": "побеждает вторая рука",
        "split": "ничья, банк делится",
        "low_row": "Младшая до {r0[genitive]}",
        "badugi_row": "Бадуги до {r0[genitive]}",
        "total": "Всего",
        "columns": ("#", "Комбинация", "По-английски", "Описание", "Число комбинаций"),
        "stats_header": "Всего комбинаций из {cards} карт: {total} ({game}, {deck}), за "
        "{elapsed} с (подсчитано {rate} млн комбинаций/с)",
        "deck": "колода из {n} карт",
        "deck_from": "колода из {n} карт, от {low} до туза",
        "probability": "Вероятность около {p}%",
    },
    "about": {  # seed 003
        "FIVE_OF_A_KIND": "Пять карт одного ранга, с джокерами",
        "ROYAL_FLUSH": "Стрит-флеш от десятки до туза",
        "STRAIGHT_FLUSH": "Пять карт последовательного ранга одной масти, не до туза",
        "FOUR_OF_A_KIND": "Четыре карты одного ранга и кикер",
        "FULL_HOUSE": "Три карты одного ранга и две карты другого ранга",
        "FLUSH": "Пять карт одной масти, не образующих последовательность",
        "STRAIGHT": "Пять карт последовательного ранга, не все одной масти",
        "THREE_OF_A_KIND": "Три карты одного ранга и два кикера",
        "TWO_PAIR": "Две карты одного ранга, две карты другого ранга и кикер",
        "ONE_PAIR": "Две карты одного ранга и три кикера",
        "HIGH_CARD": "Ни одной другой категории: решает старшая карта",
        "WHEEL": "5-4-3-2-A, лучшая младшая комбинация",
        "LOW": "Без пары, старшая карта {n}",
        "NO_LOW": "Нет пяти разных рангов не выше 8",
        "BADUGI": "Четыре карты разных рангов и разных мастей",
        "THREE_CARD": "Три карты разных рангов и мастей, без бадуги",
        "TWO_CARD": "Две карты разных рангов и мастей, без руки из трёх",
        "ONE_CARD": "Все карты одного ранга или одной масти",
        "BADUGI_TOP": "Бадуги со старшей картой {n}",
    },
}

TRANSLATIONS: dict[str, dict[str, Any]] = {"en": EN, "it": IT, "es": ES, "ca": CA, "ru": RU}


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


def _render(lang: str, key: str, ranks: Any, **fields: str) -> str | None:
    """A language's template for `key` filled with the rank words of `ranks` (r0, r1, ... by
    significance), or None where the language lacks the template or a word it needs."""
    template: str | None = TRANSLATIONS[lang].get("hands", {}).get(key)
    forms = TRANSLATIONS[lang].get("ranks", {})
    if not template:
        return None
    words = {f"r{i}": {form: values[int(r)] for form, values in forms.items()} for i, r in enumerate(ranks)}
    try:
        text = template.format(**words, **fields)
    except (KeyError, IndexError):
        return None
    return text[:1].upper() + text[1:]


def describe_class(category: Category, ranks: Any, lang: str = "en") -> str:
    """Words for a hand of `category` whose ranks (0..12), by significance, are `ranks`, in a
    language (`pokerlut._names.describe_class` in English, and where a language lacks words).

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
    text = None if lang == "en" else _render(lang, key, ranks)
    return text if text is not None else _english_class(Category(category), ranks)


def describe_low(ranks: Any, best_name: str | None = None, offsuit: bool = False, lang: str = "en") -> str:
    """Words for a no-pair low hand whose ranks, highest first, are `ranks`; `best_name` is the
    game's English name of its best hand (`Rules.best_name`: "Wheel", "Number one").

    >>> describe_low([5, 3, 2, 1, 0], lang="it")
    'Mano alta sette-cinque (7-5-4-3-2)'
    >>> describe_low([3, 2, 1, 0, 12], "Wheel", lang="ru")
    'Колесо (5-4-3-2-A)'
    >>> describe_low([5, 3, 2, 1, 0], "Number one", offsuit=True, lang="es")
    'La mejor mano (7-5-4-3-2 en dos o más palos)'
    """
    check_lang(lang)
    ranks = [int(r) for r in ranks]
    if lang == "en":
        return _english_low(ranks, best_name, offsuit)
    cards = "-".join(RANKS[r] for r in ranks) + (word("offsuit", lang) if offsuit else "")
    if best_name:
        best = _lookup(lang, "best_names", best_name.upper().replace(" ", "_"))
        text = _render(lang, "BEST", ranks, best=best, cards=cards)
    else:
        text = _render(lang, "LOW", ranks, cards=cards)
    return text if text is not None else _english_low(ranks, best_name, offsuit)


def describe_badugi(category: Category, ranks: Any, lang: str = "en") -> str:
    """Words for a Badugi hand of `category` whose ranks (0..12), highest first in the game's
    order, are `ranks`, in a language.

    >>> describe_badugi(Category.THREE_CARD, [5, 2, 0], "it")
    'Mano di tre carte, 7-4-2'
    >>> describe_badugi(Category.BADUGI, [2, 1, 0, 12], "ru")
    'Бадуги: 4-3-2-A'
    """
    check_lang(lang)
    ranks = [int(r) for r in ranks]
    text = None if lang == "en" else _render(lang, Category(category).name, ranks, cards=badugi_cards(ranks))
    return text if text is not None else _english_badugi(Category(category), ranks)


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
        rank = RANKS.index(key.removeprefix("BADUGI_"))
        forms = TRANSLATIONS[check_lang(lang)].get("ranks", {})
        try:
            label: str = _text(lang, "words", "badugi_row").format(
                r0={form: values[rank] for form, values in forms.items()}, top=RANKS[rank]
            )
        except (KeyError, IndexError):
            label = EN["words"]["badugi_row"].format(top=RANKS[rank])
        return label[:1].upper() + label[1:] if lang != "en" else label
    if key == "WHEEL":
        return _text(lang, "best_names", "WHEEL")
    if key == "NO_LOW":
        return no_low(lang)
    if key.startswith("LOW_"):
        n = int(key[4:])
        text = None if lang == "en" else _render_word(lang, "low_row", n - 2)
        return text if text is not None else EN["words"]["low_row"].format(n=n)
    return category_name(key, lang=lang)


def _render_word(lang: str, key: str, rank: int) -> str | None:
    forms = TRANSLATIONS[lang].get("ranks", {})
    try:
        return _text(lang, "words", key).format(
            r0={form: values[rank] for form, values in forms.items()}, n=rank + 2
        )
    except (KeyError, IndexError):
        return None


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
