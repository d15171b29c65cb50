"""The exact figures of RULES.md that every build must reproduce (enumeration over 52 cards)."""

from ..names import Category

# category: (distinct classes, 5-card hands, 6-card hands, 7-card hands)
HIGH_COUNTS = {
    Category.STRAIGHT_FLUSH: (10, 40, 1_844, 41_584),
    Category.FOUR_OF_A_KIND: (156, 624, 14_664, 224_848),
    Category.FULL_HOUSE: (156, 3_744, 165_984, 3_473_184),
    Category.FLUSH: (1_277, 5_108, 205_792, 4_047_644),
    Category.STRAIGHT: (10, 10_200, 361_620, 6_180_020),
    Category.THREE_OF_A_KIND: (858, 54_912, 732_160, 6_461_620),
    Category.TWO_PAIR: (858, 123_552, 2_532_816, 31_433_400),
    Category.ONE_PAIR: (2_860, 1_098_240, 9_730_740, 58_627_800),
    Category.HIGH_CARD: (1_277, 1_302_540, 6_612_900, 23_294_460),
}
ROYAL_FLUSHES = {5: 4, 6: 188, 7: 4_324}
N_CLASSES = 7_462
HANDS = {5: 2_598_960, 6: 20_358_520, 7: 133_784_560}
CLASSES_SEEN = {5: 7_462, 6: 6_075, 7: 4_824}
RANK_MULTISETS = {5: 6_175, 6: 18_395, 7: 49_205}
PAIRED_PRIME_PRODUCTS = 4_888


def hand_counts(n_cards: int) -> dict[Category, int]:
    """Expected number of `n_cards`-card hands whose best five fall in each category."""
    column = {5: 1, 6: 2, 7: 3}[n_cards]
    return {cat: row[column] for cat, row in HIGH_COUNTS.items()}
