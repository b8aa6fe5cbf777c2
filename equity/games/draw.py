"""Five-card draw and its seven-card form, and Switch played on each (rule document 002)."""

from dataclasses import replace

from equity.games.base import Draw, Game, HoleRule, Switch
from equity.games.holdem import ALL_RANKS
from equity.rankings import STANDARD_RANKING

DRAW = Game(
    name="draw",
    title="Five-card draw",
    source="002_8574c65d14bf9fa9.txt (base game)",
    deck_ranks=ALL_RANKS,
    hole_cards=5,
    streets=(),
    hand_size=5,
    hole_rule=HoleRule(0, 5),
    ranking=STANDARD_RANKING,
    max_players=7,
    phases=(Draw(),),
    description="five cards, one draw",
)

DRAW7 = Game(
    name="draw7",
    title="Seven-card hand, best five",
    source="002_8574c65d14bf9fa9.txt (seven-card base game)",
    deck_ranks=ALL_RANKS,
    hole_cards=7,
    streets=(),
    hand_size=5,
    hole_rule=HoleRule(0, 7),
    ranking=STANDARD_RANKING,
    max_players=7,
    phases=(),
    description="seven cards, best five, no draw",
)

SWITCH = replace(
    DRAW,
    name="switch",
    title="Switch (five-card draw)",
    source="002_8574c65d14bf9fa9.txt",
    phases=(Switch(), Draw(), Switch()),
    description="five-card draw with a blind card switch before and after the draw",
)

SWITCH7 = replace(
    DRAW7,
    name="switch7",
    title="Switch (seven cards, best five)",
    source="002_8574c65d14bf9fa9.txt",
    phases=(Switch(), Switch()),
    description="seven cards, best five, two blind card switches and no draw",
)
