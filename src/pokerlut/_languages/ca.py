"""Catalan (ca) as data, in the sections that `pokerlut._languages` describes.

The words come from seed 004's table ("Escala reial", "Escala de color", "Pòquer", "Full",
"Color", "Escala", "Trio", "Doble parella", "Parella", "Carta més alta") and its "repòquer".
"""

from __future__ import annotations

from typing import Any

LANGUAGE: dict[str, Any] = {
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
