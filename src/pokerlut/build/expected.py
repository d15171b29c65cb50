"""The exact figures of the rule book that every build must reproduce, per game.

FIVE_CARDS[game][category] = (distinct classes, five-card hands), from enumeration over the
game's deck. The build asserts each game's row; `stats` tests use the 6- and 7-card columns of
the high game.
"""

from .._names import Category as C

# High game: category: (distinct classes, 5-card hands, 6-card hands, 7-card hands)
HIGH_COUNTS = {
    C.STRAIGHT_FLUSH: (10, 40, 1_844, 41_584),
    C.FOUR_OF_A_KIND: (156, 624, 14_664, 224_848),
    C.FULL_HOUSE: (156, 3_744, 165_984, 3_473_184),
    C.FLUSH: (1_277, 5_108, 205_792, 4_047_644),
    C.STRAIGHT: (10, 10_200, 361_620, 6_180_020),
    C.THREE_OF_A_KIND: (858, 54_912, 732_160, 6_461_620),
    C.TWO_PAIR: (858, 123_552, 2_532_816, 31_433_400),
    C.ONE_PAIR: (2_860, 1_098_240, 9_730_740, 58_627_800),
    C.HIGH_CARD: (1_277, 1_302_540, 6_612_900, 23_294_460),
}
ROYAL_FLUSHES = {5: 4, 6: 188, 7: 4_324}
HANDS = {5: 2_598_960, 6: 20_358_520, 7: 133_784_560}
RANK_MULTISETS = {5: 6_175, 6: 18_395, 7: 49_205}  # of 52 cards (4 of each rank at most)
PAIRED_PRIME_PRODUCTS = 4_888

_DEUCE_TO_SEVEN = {
    C.HIGH_CARD: (1_278, 1_303_560),
    C.ONE_PAIR: (2_860, 1_098_240),
    C.TWO_PAIR: (858, 123_552),
    C.THREE_OF_A_KIND: (858, 54_912),
    C.STRAIGHT: (9, 9_180),
    C.FLUSH: (1_278, 5_112),
    C.FULL_HOUSE: (156, 3_744),
    C.FOUR_OF_A_KIND: (156, 624),
    C.STRAIGHT_FLUSH: (9, 36),
}
_SHORT_DECK = {
    C.STRAIGHT_FLUSH: (6, 24),
    C.FOUR_OF_A_KIND: (72, 288),
    C.FLUSH: (120, 480),
    C.FULL_HOUSE: (72, 1_728),
    C.STRAIGHT: (6, 6_120),
    C.THREE_OF_A_KIND: (252, 16_128),
    C.TWO_PAIR: (252, 36_288),
    C.ONE_PAIR: (504, 193_536),
    C.HIGH_CARD: (120, 122_400),
}
FIVE_CARDS = {
    "high": {c: (row[0], row[1]) for c, row in HIGH_COUNTS.items()},
    "ace-to-five": {
        C.HIGH_CARD: (1_287, 1_317_888),
        C.ONE_PAIR: (2_860, 1_098_240),
        C.TWO_PAIR: (858, 123_552),
        C.THREE_OF_A_KIND: (858, 54_912),
        C.FULL_HOUSE: (156, 3_744),
        C.FOUR_OF_A_KIND: (156, 624),
    },
    "deuce-to-seven": _DEUCE_TO_SEVEN,
    "ace-to-six": _DEUCE_TO_SEVEN,  # every rank shifted down by one
    "eight-or-better": {C.HIGH_CARD: (56, 57_344)},  # the rest: no qualifying low
    "short-deck": _SHORT_DECK,
    "short-deck-trips": _SHORT_DECK,
    "italian-5": _SHORT_DECK,  # the same 36 cards and order; suits only break ties
    "italian-9": {c: (row[0], row[1]) for c, row in HIGH_COUNTS.items()},
}
# Italian poker with 4 players (32 cards, 201,376 hands): why the flush beats the full house
ITALIAN_32 = {C.FLUSH: 204, C.FULL_HOUSE: 1_344}
CLASSES = {
    "high": 7_462,
    "ace-to-five": 6_175,
    "deuce-to-seven": 7_462,
    "ace-to-six": 7_462,
    "eight-or-better": 56,
    "short-deck": 1_404,
    "short-deck-trips": 1_404,
    "italian-5": 1_404,
    "italian-9": 7_462,
}
# eight-or-better: qualifying lows by their highest card (5: the wheel)
EIGHT_OR_BETTER_BY_TOP = {"5": 1_024, "6": 5_120, "7": 15_360, "8": 35_840}
# Wild cards, five cards of the 53-card deck (one joker): 2,869,685 hands, and five of a kind
HANDS_53 = 2_869_685
WILD_FIVE_OF_A_KIND = {"high+jokers": 13, "high+bug": 1}
# Badugi (both aces): 1,092 values (715 four-card, 286 three-card, 78 two-card, 13 one-card); of
# the 270,725 four-card hands, 17,160 badugis (715 rank sets x 24 ways to give them four suits),
# by their highest card's place in the game's order (13: the king with the ace low, the ace
# with the ace high; 4: the 4-3-2-A or 5-4-3-2); five-card hands by the best four of them
BADUGI_CLASSES = 1_092
BADUGI_HANDS = {4: 270_725, 5: 2_598_960}
BADUGI_FOUR_CARD_BADUGIS = 17_160
BADUGI_BY_TOP = {13: 5_280, 12: 3_960, 11: 2_880, 10: 2_016, 9: 1_344, 8: 840, 7: 480, 6: 240, 5: 96, 4: 24}
BADUGI_FIVE_CARDS = {"ONE_CARD": 5_148, "TWO_CARD": 431_652, "THREE_CARD": 1_647_360, "BADUGI": 514_800}
