"""Charts of study 5, starting hands (a ``starting-hands`` run, or the table notebook 05 makes)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from equity import plotting as P
from equity.errors import OptionError
from simulations import harness
from simulations.plots.common import game_name, run_note

if TYPE_CHECKING:  # pragma: no cover - typing only
    from matplotlib.figure import Figure

__all__ = ["starting_hands", "starting_hand_chart", "starting_hand_ranking"]


def _class_column(table: pd.DataFrame) -> str:
    """The column naming the starting-hand class: ``hand_class`` in the study's tables, else ``hand``."""
    return "hand_class" if "hand_class" in table else "hand"


def _against(players: int | None) -> str:
    return "a random hand" if not players or players == 2 else f"{players - 1} random hands"


def starting_hand_chart(table: pd.DataFrame, game: str, *, players: int | None = None,
                        title: str | None = None, ranks: str | None = None,
                        note: str | None = None) -> Figure:
    """A 13 by 13 starting-hand chart (7 by 7 for Spanish poker) of equity against random hands.

    Parameters
    ----------
    table
        One row per class: the class (``hand_class``, or ``hand``: ``"AA"``, ``"AKs"``,
        ``"AKo"``), ``equity`` and ``stderr``; with ``game`` and ``players`` columns,
        only the rows of ``game`` and ``players`` are used.
    game
        The game (gives the ranks of its deck and the chart's name).
    players
        Players at the table, the charted hand against ``players - 1`` random hands.
    title
        The finding (default: the best and the worst class).
    ranks
        Ranks highest first (default: the game's deck).
    note
        The foot note (sizes, seed).

    Returns
    -------
    Figure
    """
    import equity

    rows = table[table.game == game] if "game" in table else table
    if players is not None and "players" in rows:
        rows = rows[rows.players == players]
    name = _class_column(rows)
    if ranks is None:
        deck = sorted(equity.get_game(game).deck_ranks, reverse=True)
        ranks = "".join(equity.cards.RANKS[r] for r in deck)
    fig, ax = P.figure(width=7.6 if len(ranks) > 9 else 5.6, height=6.6 if len(ranks) > 9 else 4.8)
    values = dict(zip(rows[name], rows.equity, strict=True))
    errors = dict(zip(rows[name], rows.stderr, strict=True)) if "stderr" in rows else None
    against = _against(players)
    P.hand_grid(ax, values, ranks=ranks, stderr=errors, colorbar_label=f"equity against {against}")
    if title is None:
        best = rows.loc[rows.equity.idxmax()]
        worst = rows.loc[rows.equity.idxmin()]
        title = (f"{game_name(game)}: {best[name]} takes {best.equity:.0%} of the pot against {against}"
                 f"{_ties_within_noise(rows, best)}, {worst[name]} {worst.equity:.0%}"
                 f"{_ties_within_noise(rows, worst)}")
    P.finding(fig, title, note=note)
    return fig


def _ties_within_noise(rows: pd.DataFrame, extreme: pd.Series) -> str:
    """`` (N others within noise)`` when other classes' equities do not differ from the
    ``extreme`` class's by 1.96 standard errors of the difference: then which class is best (or
    worst) is not settled by the run, and the extreme itself is biased away from the middle."""
    if "stderr" not in rows:
        return ""
    spread = 1.96 * np.sqrt(rows.stderr ** 2 + extreme.stderr ** 2)
    close = int((np.abs(rows.equity - extreme.equity) < spread).sum()) - 1  # less itself
    return f" ({close} other{'s' if close > 1 else ''} within noise)" if close > 0 else ""


def starting_hand_ranking(table: pd.DataFrame, game: str, *, players: int | None = None, top: int = 25,
                          note: str | None = None) -> Figure:
    """The ``top`` starting-hand classes of ``game`` by equity, as points with their 95% intervals.

    ``table`` is as for :func:`starting_hand_chart` (with a ``kind`` column, the title
    counts the kinds among the top classes).
    """
    rows = table[table.game == game] if "game" in table else table
    if players is not None and "players" in rows:
        rows = rows[rows.players == players]
    name = _class_column(rows)
    best = rows.sort_values("equity", ascending=False).head(top)
    fig, ax = P.figure(width=7.5, height=0.26 * len(best) + 1.8)
    y = np.arange(len(best), dtype=np.float64)
    # points, not bars: the values sit far from zero and a bar's length would exaggerate their gaps
    P.errorbar(ax, best.equity, y, best.stderr if "stderr" in best else None, horizontal=True,
               linestyle="none", label="equity")
    ax.set_yticks(y, [f"{k}. {h}" for k, h in enumerate(best[name], start=1)])
    ax.invert_yaxis()
    P.label(ax, xlabel=f"equity against {_against(players)} (share of the pot)")
    leader = best.iloc[0]
    title = (f"{game_name(game)}: {leader[name]} leads with {leader.equity:.1%} against {_against(players)}"
             f"{_ties_within_noise(rows, leader)}")
    if "kind" in best:
        counts = best.kind.value_counts()
        title += f"; the top {len(best)} are " + ", ".join(f"{n} {k}" for k, n in counts.items()) + " classes"
    P.finding(fig, title, note=note or "Bars: 95% intervals (1.96 standard errors).")
    return fig


def starting_hands(run: harness.RunResult) -> dict[str, Figure]:
    """Figures of a stored starting-hand run: a chart per two-card game and table size, a ranking otherwise.

    The result table needs ``game``, the class (``hand_class`` or ``hand``), ``equity``
    and ``stderr``, and may have ``players`` and ``kind``.  Names: ``<game>_<players>p``
    (the 13 by 13 chart) and ``<game>_<players>p_top`` (games of three hole cards).
    """
    table = run.table
    missing = {"game", "equity", "stderr"} - set(table.columns)
    if missing or not {"hand", "hand_class"} & set(table.columns):
        raise OptionError(f"{run.record.get('study')}: the result table lacks "
                          f"{', '.join(sorted(missing)) or 'a hand class column'}, so it cannot be drawn "
                          "as starting-hand charts")
    import equity

    figs = {}
    note = run_note(run)
    chart_note = run_note(run, "The colour bar states the widest 95% interval of a class.", bars=False)
    sizes = table.players if "players" in table else pd.Series([None] * len(table), index=table.index)
    for (game, players), _ in table.groupby([table.game, sizes], sort=False, dropna=False):
        players = None if pd.isna(players) else int(players)
        key = f"{game}_{players}p" if players else str(game)
        if equity.get_game(game).hole_cards == 2:
            figs[key] = starting_hand_chart(table, game, players=players, note=chart_note)
        else:
            figs[f"{key}_top"] = starting_hand_ranking(table, game, players=players, note=note)
    return figs


