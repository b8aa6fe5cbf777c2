"""What every study's charts share: the names of games and categories as charts show them, the foot
note of a run's figures, the choice of the table size a title quotes, and which rows a title may
name as the best (or worst): those the run separates from the rest, else all tied within noise."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from equity.plotting import Z95
from simulations import harness

__all__ = ["game_name", "category_name", "size_unit", "run_note", "pick_players", "NOISE", "tied_extremes",
           "name_list"]

#: How the titles decide that two estimates are within noise of each other (stated on the charts).
NOISE = ("Within noise: less than 1.96 standard errors of their difference apart (1.96 times the "
         "square root of the sum of the squared standard errors); a title names a single best or worst "
         "only when every other is farther than that from it.")

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



def tied_extremes(values: Any, stderr: Any = None, *, highest: bool = True) -> np.ndarray:
    """Positions of the extreme value and of every value within noise of it, best first.

    The extreme is the largest value (``highest=False``: the smallest); another value is within
    noise of it when their gap is at most :data:`~equity.plotting.Z95` standard errors of the
    difference, ``1.96 * sqrt(se_extreme² + se_other²)`` (:data:`NOISE`).  One position means the
    run separates the extreme from every other value; without standard errors (exact figures)
    only equal values tie.

    Examples
    --------
    >>> tied_extremes([0.75, 0.74, 0.70], [0.004, 0.004, 0.004]).tolist()
    [0, 1]
    >>> tied_extremes([0.75, 0.70, 0.74], [0.001, 0.001, 0.001]).tolist()
    [0]
    >>> tied_extremes([0.75, 0.70, 0.71], [0.004, 0.004, 0.004], highest=False).tolist()
    [1, 2]
    """
    values = np.asarray(values, dtype=np.float64)
    se = np.zeros_like(values) if stderr is None else np.nan_to_num(np.asarray(stderr, dtype=np.float64))
    sign = 1.0 if highest else -1.0
    extreme = int(np.nanargmax(sign * values))
    gap = sign * (values[extreme] - values)
    close = np.flatnonzero(gap <= Z95 * np.sqrt(se[extreme] ** 2 + se ** 2))
    return close[np.argsort(-sign * values[close], kind="stable")]


def name_list(names: Sequence[str], *, limit: int = 4) -> str:
    """``"A, B and C"``, or the first few and how many more when there are over ``limit``.

    Examples
    --------
    >>> name_list(["AA"]), name_list(["AA", "KK", "QQ"]), name_list(list("ABCDEFG"))
    ('AA', 'AA, KK and QQ', 'A, B, C and 4 more')
    """
    names = [str(n) for n in names]
    if len(names) > limit:
        return f"{', '.join(names[:limit - 1])} and {len(names) - limit + 1} more"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
