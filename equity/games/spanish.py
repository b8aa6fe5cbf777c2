"""Spanish poker, rule document 001: 28-card deck, flush beats full house, two hole + three board."""

from equity.games.base import Game, HoleRule
from equity.games.holdem import HOLDEM_STREETS
from equity.rankings import Category as C

SPANISH = Game(
    name="spanish",
    title="Spanish poker",
    source="001_174f8a5bb210e223.txt",
    deck_ranks=tuple(range(6, 13)),  # 8 9 T J Q K A
    hole_cards=2,
    streets=HOLDEM_STREETS,
    hand_size=5,
    hole_rule=HoleRule(2, 2),
    ranking=(
        C.STRAIGHT_FLUSH, C.FOUR_OF_A_KIND, C.FLUSH, C.FULL_HOUSE, C.STRAIGHT,
        C.THREE_OF_A_KIND, C.TWO_PAIR, C.ONE_PAIR, C.HIGH_CARD,
    ),
    ace_low_as=5,  # the ace plays low as a seven: A-8-9-T-J is the lowest straight
    max_players=10,
    phases=HOLDEM_STREETS,
    description="28 cards (8 to A), exactly two hole and three board cards, flush beats full house",
)
