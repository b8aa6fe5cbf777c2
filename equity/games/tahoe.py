"""Tahoe (Wichita Hold'em), rule document 004: three hole cards, at most two used; hi-lo option."""

from equity.games.base import Game, HoleRule, LowRule
from equity.games.holdem import ALL_RANKS, HOLDEM_STREETS
from equity.rankings import STANDARD_RANKING

TAHOE = Game(
    name="tahoe",
    title="Tahoe",
    source="004_035fedcc31d1ce94.txt",
    deck_ranks=ALL_RANKS,
    hole_cards=3,
    streets=HOLDEM_STREETS,
    hand_size=5,
    hole_rule=HoleRule(0, 2),
    ranking=STANDARD_RANKING,
    low=LowRule(qualifier=6),
    pot_modes=("high", "hi_lo"),
    max_players=14,
    phases=HOLDEM_STREETS,
    description="three hole cards, five board cards; none, one or two hole cards used, never three",
)
