"""El Dorado Hold'em, rule document 000: four board cards and an exchange that makes a wild rank."""

from equity.games.base import Exchange, Game, HoleRule, LowRule, Street, WildRule
from equity.games.holdem import ALL_RANKS
from equity.rankings import STANDARD_RANKING
from equity.rankings import Category as C

ELDORADO_STREETS = (Street("flop", 3), Street("last", 1))

ELDORADO = Game(
    name="eldorado",
    title="El Dorado Hold'em",
    source="000_26e8c3cca166280a.txt",
    deck_ranks=ALL_RANKS,
    hole_cards=2,
    streets=ELDORADO_STREETS,
    hand_size=5,
    hole_rule=HoleRule(0, 2),
    ranking=(C.FIVE_OF_A_KIND, *STANDARD_RANKING),
    wild=WildRule(source="exchange"),
    low=LowRule(qualifier=None),
    pot_modes=("high", "low"),
    max_players=23,
    phases=(ELDORADO_STREETS[0], Exchange(after_street="flop"), ELDORADO_STREETS[1]),
    description="two hole cards, four board cards; the card swapped into the flop is wild with its rank",
)
