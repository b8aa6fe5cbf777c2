"""Texas Hold'em and the Omaha baselines (Omaha's two-plus-three rule; Tahoe's low follows it)."""

from equity.games.base import Game, HoleRule, LowRule, Street
from equity.rankings import STANDARD_RANKING

ALL_RANKS = tuple(range(13))
HOLDEM_STREETS = (Street("flop", 3), Street("turn", 1), Street("river", 1))

HOLDEM = Game(
    name="holdem",
    title="Texas Hold'em",
    source="standard rules (RULINGS.md)",
    deck_ranks=ALL_RANKS,
    hole_cards=2,
    streets=HOLDEM_STREETS,
    hand_size=5,
    hole_rule=HoleRule(0, 2),
    ranking=STANDARD_RANKING,
    max_players=22,
    phases=HOLDEM_STREETS,
    description="two hole cards, five board cards, best five of seven",
)

OMAHA = Game(
    name="omaha",
    title="Omaha",
    source="standard rules (RULINGS.md)",
    deck_ranks=ALL_RANKS,
    hole_cards=4,
    streets=HOLDEM_STREETS,
    hand_size=5,
    hole_rule=HoleRule(2, 2),
    ranking=STANDARD_RANKING,
    low=LowRule(qualifier=6),
    pot_modes=("high", "hi_lo"),
    max_players=11,
    phases=HOLDEM_STREETS,
    description="four hole cards, exactly two used with exactly three board cards; hi-lo option",
)
