"""English (en) as data, in the sections that `pokerlut._languages` describes: the default
language, complete, and the words every other one falls back to. This is the one place the
English words are written: `pokerlut._names` reads its labels from here (a category's name in
lower case, "6-low", "wheel"), and `pokerlut.lang` describes hands in English from these
templates as in any other language.
"""

from __future__ import annotations

from typing import Any

LANGUAGE: dict[str, Any] = {
    # In lower case, these are the labels that results and the classic stats table key
    # (`pokerlut._names.category_label`): "high card", "three-card hand".
    "categories": {
        "HIGH_CARD": "High card",
        "ONE_PAIR": "One pair",
        "TWO_PAIR": "Two pair",
        "THREE_OF_A_KIND": "Three of a kind",
        "STRAIGHT": "Straight",
        "FLUSH": "Flush",
        "FULL_HOUSE": "Full house",
        "FOUR_OF_A_KIND": "Four of a kind",
        "STRAIGHT_FLUSH": "Straight flush",
        "FIVE_OF_A_KIND": "Five of a kind",
        "ONE_CARD": "One-card hand",
        "TWO_CARD": "Two-card hand",
        "THREE_CARD": "Three-card hand",
        "BADUGI": "Badugi",
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
    "ranks": {
        "name": (
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "jack",
            "queen",
            "king",
            "ace",
        ),
        "plural": (
            "twos",
            "threes",
            "fours",
            "fives",
            "sixes",
            "sevens",
            "eights",
            "nines",
            "tens",
            "jacks",
            "queens",
            "kings",
            "aces",
        ),
    },
    "hands": {
        "HIGH_CARD": "High card, {r0[name]}",
        "ONE_PAIR": "Pair of {r0[plural]}",
        "TWO_PAIR": "Two pair, {r0[plural]} and {r2[plural]}",
        "THREE_OF_A_KIND": "Three of a kind, {r0[plural]}",
        "STRAIGHT": "Straight, {r0[name]}-high",
        "FLUSH": "Flush, {r0[name]}-high",
        "FULL_HOUSE": "Full house, {r0[plural]} over {r3[plural]}",
        "FOUR_OF_A_KIND": "Four of a kind, {r0[plural]}, {r4[name]} kicker",
        "STRAIGHT_FLUSH": "Straight flush, {r0[name]}-high",
        "ROYAL_FLUSH": "Royal flush",
        "FIVE_OF_A_KIND": "Five of a kind, {r0[plural]}",
        "ONE_CARD": "One-card hand, {cards}",
        "TWO_CARD": "Two-card hand, {cards}",
        "THREE_CARD": "Three-card hand, {cards}",
        "BADUGI": "Badugi, {cards}",
        "LOW": "{r0[name]}-{r1[name]} low ({cards})",  # "Seven-five low (7-5-4-3-2)"
        "BEST": "{best} ({cards})",
    },
    # The names of `Rules.best_name` ("Wheel": 5-4-3-2-A where the ace plays low; "Number one":
    # 7-5-4-3-2 offsuit in deuce-to-seven); "wheel" in lower case is the label of its stats row.
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
        "low_row": "{n}-low",  # a no-pair low by its top card, "6-low" (`_names.low_label`)
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
