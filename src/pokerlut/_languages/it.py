"""Italian (it) as data, in the sections that `pokerlut._languages` describes.

The categories come from seed 002 ("Scala Reale – Scala Colore – Poker – Full – Colore – Scala –
Tris – Doppia Coppia – Coppia – Carta Alta"); seed 000 is a word-for-word rendering of the
English ("Quattro di fiori", "Full casa", "Dritto") and gives only what 002 lacks.
"""

from __future__ import annotations

from typing import Any

LANGUAGE: dict[str, Any] = {
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
