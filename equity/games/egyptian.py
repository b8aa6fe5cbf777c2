"""Egyptian Hold'em, rule document 003: a six-card pyramid board and best six-card hands."""

from equity.games.base import Game, HoleRule, Street
from equity.games.holdem import ALL_RANKS
from equity.rankings import Category as C

EGYPTIAN_STREETS = (Street("flop", 3), Street("turn", 2), Street("river", 1))

EGYPTIAN = Game(
    name="egyptian",
    title="Egyptian Hold'em",
    source="003_bdf23768595d562f.txt",
    deck_ranks=ALL_RANKS,
    hole_cards=2,
    streets=EGYPTIAN_STREETS,
    hand_size=6,
    hole_rule=HoleRule(0, 2),
    ranking=(
        C.STRAIGHT_FLUSH, C.HOUSE_PARTY, C.FOUR_OF_A_KIND, C.DOUBLE_HAPPY, C.FULL_HOUSE,
        C.FLUSH, C.STRAIGHT, C.THREE_OF_A_KIND, C.THREE_PAIR, C.TWO_PAIR, C.ONE_PAIR,
        C.HIGH_CARD,
    ),
    max_players=21,
    phases=EGYPTIAN_STREETS,
    description="two hole cards, six board cards (3-2-1), best six of eight, three new hand types",
)
