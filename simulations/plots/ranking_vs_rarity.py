"""Charts of study 4, ranking versus rarity (the ``rarity`` study)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

from equity import plotting as P
from simulations import harness
from simulations.plots.common import category_name, game_name, run_note

if TYPE_CHECKING:  # pragma: no cover - typing only
    from matplotlib.figure import Figure

__all__ = ["rarity"]


def _rarity_players(cells: pd.DataFrame, hand: str, players: int | None) -> int:
    """The table size shown for a game: ``players`` if dealt, else the smallest (one player's
    hand) or the largest (the winning hand)."""
    sizes = set(int(p) for p in cells.players)
    if players in sizes:
        return int(players)
    return min(sizes) if hand == "player" else max(sizes)


def _significant_higher(run: harness.RunResult, game: str, players: int, hand: str) -> set[str]:
    """Categories ranked above some category they are significantly more common than."""
    inversions = run.tables.get("inversions")
    if inversions is None or not len(inversions):
        return set()
    part = inversions[(inversions.game == game) & (inversions.players == players) & (inversions.hand == hand)
                      & inversions.significant]
    return set(part.higher)


def _rarity_grid(run: harness.RunResult, hand: str, players: int | None) -> Figure | None:
    result = run.tables["result"]
    part = result[result.hand == hand]
    if not len(part):
        return None
    games = list(dict.fromkeys(part.game))
    ncols = min(5, len(games))
    nrows = -(-len(games) // ncols)
    # the legend stands to the right of the panels: about 2.4 inches beside them
    fig, axes = P.figure(nrows, ncols, squeeze=False, width=min(13.0, 2.7 * ncols + 3.0),
                         height=3.1 * nrows + 1.2)
    inverted_games = []
    for ax, game in zip(axes.ravel(), games, strict=False):
        cells = part[part.game == game]
        size = _rarity_players(cells, hand, players)
        rows = cells[cells.players == size].sort_values("rank")
        seen = rows["count"] > 0
        ax.set_yscale("log")
        P.errorbar(ax, rows["rank"][seen], rows.frequency[seen], bounds=_wilson(rows[seen]),
                   color=P.PALETTE[0], linestyle="-", label="frequency, categories\nin declared order")
        flagged = rows[seen & rows.category.isin(_significant_higher(run, game, size, hand))]
        if len(flagged):
            inverted_games.append(game)
            P.errorbar(ax, flagged["rank"], flagged.frequency, bounds=_wilson(flagged), color=P.HIGHLIGHT,
                       linestyle="none", marker="o", markersize=7, zorder=5,
                       label="more common than a\ncategory ranked below it\n(Holm-adjusted p < 0.05)")
        unseen = rows[~seen]
        if len(unseen):
            ax.plot(unseen["rank"], unseen.upper_95, marker="v", color="#777777", linestyle="none",
                    label="never seen:\n95% upper bound")
        ax.set_xticks(rows["rank"], [category_name(c) for c in rows.category], rotation=60, ha="right",
                      rotation_mode="anchor", fontsize=7)
        ax.grid(axis="x", visible=False)
        P.label(ax, title=f"{game_name(game)}, {size} players")
    for ax in axes.ravel()[len(games):]:
        ax.set_visible(False)
    for r in range(nrows):
        P.label(axes[r][0], ylabel="frequency (share of hands, log)")
    P.legend(fig)
    whose = "one player's best hand" if hand == "player" else "the winning hand"
    title = (f"Ranked higher yet more common ({whose}): {len(inverted_games)} of {len(games)} games break "
             "their declared order (best category on the left)")
    note = run_note(run, f"{_bars_note(run)} {_holm_note(run)} In a game whose order follows rarity the "
                         "line only rises.", bars=False)
    P.finding(fig, title, note=note)
    return fig


def _bars_note(run: harness.RunResult) -> str:
    """What the bars of the frequency charts are: the table's Wilson intervals when it has them."""
    if "lower_95" in run.tables["result"]:
        return "Bars: 95% Wilson intervals (a category never seen: its upper bound)."
    return "Bars: 95% intervals (1.96 standard errors: a run stored before the Wilson intervals)."


def _wilson(rows: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """The rows' 95% interval ends: the table's Wilson interval, or 1.96 standard errors in a run
    stored before the table had ``lower_95``."""
    if "lower_95" in rows:
        return rows.lower_95.to_numpy(), rows.upper_95.to_numpy()
    half = P.interval(rows.stderr)
    return rows.frequency.to_numpy() - half, rows.frequency.to_numpy() + half


def _holm_note(run: harness.RunResult, what: str = "Flagged") -> str:
    """How the run's inversions were called significant (the multiplicity correction, stated)."""
    inversions = run.tables.get("inversions")
    if inversions is not None and "comparisons" in inversions and len(inversions):
        return (f"{what}: one-sided p-value of the paired difference below 5% after Holm's correction "
                f"over all {int(inversions.comparisons.iloc[0]):,} pairs compared in the run.")
    return f"{what}: differences beyond 3 standard errors (a run stored before the Holm correction)."


def rarity(run: harness.RunResult, *, players: int | None = None) -> dict[str, Figure]:
    """Figures of a ``rarity`` run.

    Parameters
    ----------
    run
        A run of the ``rarity`` study.
    players
        Table size to show (default: the smallest each game was dealt for one
        player's hand, the largest for the winning hand).

    Returns
    -------
    dict of Figure
        ``player`` and ``winner``: one panel per game, the frequency of each
        category in declared order (best first), with the categories that are
        significantly more common than one ranked below them in vermillion; and
        ``inversions``: each significant inversion between neighbouring categories
        of one player's hand, both frequencies with their intervals.
    """
    figs: dict[str, Figure] = {}
    for hand in ("player", "winner"):
        fig = _rarity_grid(run, hand, players)
        if fig is not None:
            figs[hand] = fig
    inversions = run.tables.get("inversions")
    if inversions is None or not len(inversions):
        return figs
    result = run.tables["result"]
    chosen = []
    for game, cells in result[result.hand == "player"].groupby("game", sort=False):
        size = _rarity_players(cells, "player", players)
        part = inversions[(inversions.game == game) & (inversions.players == size)
                          & (inversions.hand == "player") & inversions.significant
                          & (inversions.lower_rank == inversions.higher_rank + 1)]
        chosen.append(part.sort_values("higher_rank"))
    part = pd.concat(chosen, ignore_index=True) if chosen else pd.DataFrame()
    if not len(part):
        return figs
    cells = result[result.hand == "player"].set_index(["game", "players", "category"])
    names = [f"{game_name(r.game)} ({r.players}): {category_name(r.higher)} above {category_name(r.lower)}"
             for r in part.itertuples()]
    y = np.arange(len(part), dtype=np.float64)
    fig, ax = P.figure(width=8.5, height=0.3 * len(names) + 1.9)
    positive = []
    unseen_any = False
    for offset, column, rank_column, name, color in (
            (-0.15, "higher", "frequency_higher", "the category ranked higher", P.HIGHLIGHT),
            (0.15, "lower", "frequency_lower", "the category just below it", P.PALETTE[0])):
        rows = cells.reindex([(r.game, r.players, getattr(r, column)) for r in part.itertuples()])
        values = part[rank_column].to_numpy(dtype=np.float64)
        lower, upper = _wilson(rows.assign(frequency=values))
        seen = values > 0
        P.errorbar(ax, values[seen], y[seen], horizontal=True, offset=offset,
                   bounds=(lower[seen], upper[seen]), linestyle="none", color=color, label=name)
        if (~seen).any():
            # a category never seen stays on the chart: at zero, its bar reaching its 95% upper bound
            unseen_any = True
            P.errorbar(ax, np.zeros(int((~seen).sum())), y[~seen], horizontal=True, offset=offset,
                       bounds=(np.zeros(int((~seen).sum())), upper[~seen]), linestyle="none", color=color,
                       markerfacecolor="white", label="never seen: at zero, bar to\nits 95% upper bound")
        ends = np.concatenate([values, lower, upper])
        positive.append(ends[ends > 0])
    ax.set_yticks(y, names)
    ax.invert_yaxis()
    smallest = float(np.concatenate(positive).min()) if positive and len(np.concatenate(positive)) else 1.0
    if unseen_any:
        # zero has no place on a log axis: a linear stretch from zero to the smallest decade shown
        threshold = 10 ** np.floor(np.log10(smallest))
        ax.set_xscale("symlog", linthresh=threshold, linscale=0.6)
        ax.set_xlim(left=-0.15 * threshold)
        ax.xaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:g}"))
        scale = f"log above {threshold:g}, linear from zero"
    else:
        ax.set_xscale("log")
        scale = "log"
        # over a decade or two matplotlib labels the minor ticks too and they overlap: label 1, 2
        # and 5 of each decade plainly instead (wider spans keep one label a decade)
        low, high = ax.get_xlim()
        if high / low < 10 ** 2.5:
            ax.xaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
            ax.xaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:g}"))
    ax.xaxis.set_minor_formatter(NullFormatter())
    P.label(ax, xlabel=f"frequency of one player's best hand (share of hands, {scale})")
    P.legend(fig)
    note = run_note(run, f"{_bars_note(run)} {_holm_note(run, 'Shown')}", bars=False)
    P.finding(fig, f"{len(part)} pairs of neighbouring categories are ranked the wrong way round by "
                   "frequency", note=note)
    figs["inversions"] = fig
    return figs

