"""What every study's charts share: the names of games and categories as charts show them, the foot
note of a run's figures, and the choice of the table size a title quotes."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path

from simulations import harness

__all__ = ["game_name", "category_name", "size_unit", "run_note", "pick_players"]

_PRETTY_GAMES = {"holdem": "Hold'em", "omaha": "Omaha", "tahoe": "Tahoe", "spanish": "Spanish",
                 "egyptian": "Egyptian", "eldorado": "El Dorado", "draw": "five-card draw",
                 "draw7": "seven-card draw", "switch": "Switch", "switch7": "seven-card Switch"}


@functools.lru_cache(maxsize=64)
def game_name(name: str) -> str:
    """A game's name as charts show it: the built-in games' usual names, a custom game's title
    (a study run on a TOML file records the file's path), else the name as given."""
    if name in _PRETTY_GAMES:
        return _PRETTY_GAMES[name]
    if str(name).endswith(".toml"):
        from equity.errors import InvalidInputError
        from equity.games.custom import load_game

        try:
            return load_game(name).title or Path(name).stem
        except (InvalidInputError, OSError):  # the file has moved since the run
            return Path(name).stem
    return name


def category_name(name: str) -> str:
    return str(name).replace("_", " ")


def size_unit(record: dict) -> str:
    """What a run's ``deals`` counts: deals per cell, or for the starting-hand charts the trials
    of each class in each cell."""
    return "trials per class" if record.get("study") == "starting-hands" else "deals per cell"


def run_note(run: harness.RunResult, extra: str = "", *, bars: bool = True) -> str:
    """The foot note of a figure: what the bars are (when it has bars), the run's size and seed."""
    record = run.record
    text = (f"Run {record.get('run_id', '?')}: {int(record.get('deals', 0)):,} {size_unit(record)}, "
            f"seed {record.get('seed', '?')}.")
    if bars:
        text = f"Bars and bands: 95% intervals (1.96 standard errors). {text}"
    return f"{text} {extra}".strip()


def pick_players(values: Sequence[int], preferred: Sequence[int]) -> int:
    """The first of ``preferred`` among ``values``, else the largest value."""
    present = [int(v) for v in values]
    for p in preferred:
        if p in present:
            return p
    return max(present)

