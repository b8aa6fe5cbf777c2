"""Switch played on games with a board (rule document 002, articles 1.1 and 5.1; ``RULINGS.md``).

The document's switch "may be added to most other poker games": here on Hold'em, Omaha and
Tahoe.  The first betting round is the pre-flop round; the first switch follows it and, with
no draw, the second switch follows the first at once; the flop comes after.  Only hole cards
move.  The pot is played for high, as the document's header says of Switch.
"""

from dataclasses import replace

from equity.games.base import Game, Switch
from equity.games.holdem import HOLDEM, OMAHA
from equity.games.tahoe import TAHOE


def switched(base: Game, switches: int = 2) -> Game:
    """``base`` with ``switches`` blind card switches after the pre-flop betting, played for high."""
    return replace(
        base,
        name=f"switch_{base.name}",
        title=f"Switch ({base.title})",
        source=f"002_8574c65d14bf9fa9.txt on {base.title}",
        phases=(*(Switch(),) * switches, *base.phases),
        pot_modes=("high",),
        description=(f"{base.title} with {switches} blind card switches after the pre-flop betting; only "
                     "hole cards move"),
    )


SWITCH_HOLDEM = switched(HOLDEM)
SWITCH_OMAHA = switched(OMAHA)
SWITCH_TAHOE = switched(TAHOE)
