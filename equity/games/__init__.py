"""The game registry: every built-in game, looked up by name."""

from __future__ import annotations

from equity.errors import GameError
from equity.games.base import Draw, Exchange, Game, HoleRule, LowRule, Street, Switch, WildRule
from equity.games.draw import DRAW, DRAW7, SWITCH, SWITCH7
from equity.games.egyptian import EGYPTIAN
from equity.games.eldorado import ELDORADO
from equity.games.holdem import HOLDEM, OMAHA
from equity.games.spanish import SPANISH
from equity.games.tahoe import TAHOE

__all__ = [
    "GAMES",
    "get_game",
    "Game",
    "Street",
    "HoleRule",
    "WildRule",
    "LowRule",
    "Exchange",
    "Switch",
    "Draw",
]

GAMES: dict[str, Game] = {
    g.name: g
    for g in (HOLDEM, OMAHA, TAHOE, SPANISH, EGYPTIAN, ELDORADO, DRAW, DRAW7, SWITCH, SWITCH7)
}


def get_game(game: str | Game) -> Game:
    """Return the :class:`Game` of that name (or the game itself).

    Raises
    ------
    GameError
        For a name that is not a known game; the message lists the known ones.
    """
    if isinstance(game, Game):
        return game
    key = str(game).strip().lower().replace("'", "").replace(" ", "").replace("-", "")
    aliases = {"texasholdem": "holdem", "wichita": "tahoe", "wichitaholdem": "tahoe",
               "tahoeholdem": "tahoe", "egyptianholdem": "egyptian", "eldoradoholdem": "eldorado",
               "fivecarddraw": "draw", "spanishpoker": "spanish"}
    key = aliases.get(key, key)
    if key not in GAMES:
        raise GameError(f"unknown game {game!r}: known games are {', '.join(GAMES)}")
    return GAMES[key]
