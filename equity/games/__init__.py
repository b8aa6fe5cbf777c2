"""The game registry: every built-in game, looked up by name (custom games: :mod:`equity.games.custom`)."""

from __future__ import annotations

import os

from equity.errors import GameError
from equity.games.base import Discard, Draw, Exchange, Game, HoleRule, LowRule, Street, Switch, WildRule
from equity.games.draw import DRAW, DRAW7, SWITCH, SWITCH7
from equity.games.egyptian import EGYPTIAN
from equity.games.eldorado import ELDORADO
from equity.games.holdem import HOLDEM, OMAHA
from equity.games.spanish import SPANISH
from equity.games.switch_boards import SWITCH_HOLDEM, SWITCH_OMAHA, SWITCH_TAHOE
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
    "Discard",
]

GAMES: dict[str, Game] = {
    g.name: g
    for g in (HOLDEM, OMAHA, TAHOE, SPANISH, EGYPTIAN, ELDORADO, DRAW, DRAW7, SWITCH, SWITCH7, SWITCH_HOLDEM,
              SWITCH_OMAHA, SWITCH_TAHOE)
}


def get_game(game: str | Game | os.PathLike) -> Game:
    """Return the :class:`Game` of that name (or the game itself, or the game of a ``.toml`` file).

    A path (a :class:`pathlib.Path`, or text ending in ``.toml``) is read with
    :func:`equity.games.custom.load_game`.

    Raises
    ------
    GameError
        For a name that is not a known game (the message lists the known ones),
        or a game file that cannot be read or played.
    """
    if isinstance(game, Game):
        return game
    if isinstance(game, os.PathLike) or (isinstance(game, str) and game.strip().lower().endswith(".toml")):
        from equity.games.custom import load_game

        return load_game(game)
    key = str(game).strip().lower().replace("'", "").replace(" ", "").replace("-", "")
    aliases = {"texasholdem": "holdem", "wichita": "tahoe", "wichitaholdem": "tahoe",
               "tahoeholdem": "tahoe", "egyptianholdem": "egyptian", "eldoradoholdem": "eldorado",
               "fivecarddraw": "draw", "spanishpoker": "spanish"}
    key = aliases.get(key, key)
    if key not in GAMES:
        raise GameError(f"unknown game {game!r}: known games are {', '.join(GAMES)}")
    return GAMES[key]
