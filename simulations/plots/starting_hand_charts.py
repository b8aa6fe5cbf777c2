"""Charts of study 5, starting hands (a ``starting-hands`` run, or the table notebook 05 makes)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from equity import plotting as P
from equity.errors import OptionError
from simulations import harness
from simulations.plots.common import NOISE, game_name, name_list, run_note, tied_extremes

if TYPE_CHECKING:  # pragma: no cover - typing only
    from matplotlib.figure import Figure

__all__ = ["starting_hands", "starting_hand_chart", "starting_hand_ranking"]


def _class_column(table: pd.DataFrame) -> str:
    """The column naming the starting-hand class: ``hand_class`` in the study's tables, else ``hand``."""
    return "hand_class" if "hand_class" in table else "hand"


def _against(players: int | None) -> str:
    return "a random hand" if not players or players == 2 else f"{players - 1} random hands"


def _exchange_text(game: str, policy: str | None, seat: str) -> str:
    """``" (exchange policy greedy at every seat; the charted hand first to exchange)"`` for a game
    with an exchange (El Dorado), whose chart depends on the policy every seat plays; else ``""``."""
    import equity
    from equity.games import Exchange
    from equity.options import has_phase

    if not has_phase(equity.get_game(game), Exchange):
        return ""
    where = "first to exchange" if seat == "first" else "the dealer, last to exchange"
    return f" (exchange policy {policy or 'greedy'} at every seat; the charted hand {where})"


def _tied(rows: pd.DataFrame, name: str, *, highest: bool) -> pd.DataFrame:
    """The best (or worst) class and every class within noise of it (:func:`tied_extremes`)."""
    stderr = rows.stderr if "stderr" in rows else None
    return rows.iloc[tied_extremes(rows.equity, stderr, highest=highest)]


def starting_hand_chart(table: pd.DataFrame, game: str, *, players: int | None = None,
                        title: str | None = None, ranks: str | None = None,
                        note: str | None = None, vmin: float | None = None, vmax: float | None = None,
                        policy: str | None = None, seat: str = "first") -> Figure:
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
        The finding (default: the best and the worst class, or the classes tied within noise
        of them, :data:`~simulations.plots.common.NOISE`).
    ranks
        Ranks highest first (default: the game's deck).
    note
        The foot note (sizes, seed).
    vmin, vmax
        The colour scale's ends, equity (default: the range of this chart's values); give the
        same to several games' charts to compare their colours.
    policy, seat
        In a game with an exchange (El Dorado): the exchange policy every seat played
        (default ``"greedy"``, :func:`equity.calc`'s) and where the charted hand sat
        (``"first"`` to exchange, or ``"last"``, the dealer), stated in the title.

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
    P.hand_grid(ax, values, ranks=ranks, stderr=errors, vmin=vmin, vmax=vmax,
                colorbar_label=f"equity against {against}, share of the pot")
    if title is None:
        best, worst = _tied(rows, name, highest=True), _tied(rows, name, highest=False)
        top, bottom = best.iloc[0], worst.iloc[0]
        if len(best) == 1:
            most = f"{top[name]} takes {top.equity:.0%} of the pot against {against}"
        else:
            most = (f"{len(best)} classes tie within noise for the largest share of the pot against "
                    f"{against}, {name_list(best[name])} ({top.equity:.0%})")
        if len(worst) == 1:
            least = f"{bottom[name]} {bottom.equity:.0%}"
        else:
            least = f"{len(worst)} tie for the smallest, {name_list(worst[name])} ({bottom.equity:.0%})"
        title = f"{game_name(game)}{_exchange_text(game, policy, seat)}: {most}; {least}"
    if errors is not None:
        note = f"{note or ''} {NOISE}".strip()
    P.finding(fig, title, note=note)
    return fig


def starting_hand_ranking(table: pd.DataFrame, game: str, *, players: int | None = None, top: int = 25,
                          note: str | None = None) -> Figure:
    """The ``top`` starting-hand classes of ``game`` by equity, as points with their 95% intervals.

    ``table`` is as for :func:`starting_hand_chart` (with a ``kind`` column, the title
    counts the kinds among the top classes).  The title names a single leader only when the
    run separates it from every other class; otherwise it names the classes tied within noise
    of the best (:data:`~simulations.plots.common.NOISE`).
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
    tied = _tied(rows, name, highest=True)
    leader = tied.iloc[0]
    against = _against(players)
    if len(tied) == 1:
        title = f"{game_name(game)}: {leader[name]} leads with {leader.equity:.1%} against {against}"
        if len(rows) > 1:
            runner_up = rows.equity.nlargest(2).iloc[-1]
            title += (f", ahead of the next best ({runner_up:.1%}) by more than 1.96 standard errors of the "
                      "gap")
    else:
        title = (f"{game_name(game)}: no single best class against {against}: {len(tied)} classes tie "
                 f"within noise of the top, {name_list(tied[name])} ({tied.equity.min():.1%} to "
                 f"{leader.equity:.1%})")
    if "kind" in best:
        counts = best.kind.value_counts()
        title += f"; the top {len(best)} are " + ", ".join(f"{n} {k}" for k, n in counts.items()) + " classes"
    note = note or "Bars: 95% intervals (1.96 standard errors)."
    if "stderr" in rows:
        note += f" {NOISE}"
    P.finding(fig, title, note=note)
    return fig


def starting_hands(run: harness.RunResult, *, shared_scale: bool = False) -> dict[str, Figure]:
    """Figures of a stored starting-hand run: a chart per two-card game and table size, a ranking otherwise.

    The result table needs ``game``, the class (``hand_class`` or ``hand``), ``equity``
    and ``stderr``, and may have ``players`` and ``kind``.  Names: ``<game>_<players>p``
    (the 13 by 13 chart) and ``<game>_<players>p_top`` (games of three hole cards).
    ``shared_scale=True`` colours every chart on one scale, from the smallest equity of any
    charted class to the largest, so the games' charts compare colour by colour; by default each
    chart spans its own values.
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
    seat = str(run.record.get("parameters", {}).get("seat", "first"))
    sizes = table.players if "players" in table else pd.Series([None] * len(table), index=table.index)
    charted = table[[equity.get_game(g).hole_cards == 2 for g in table.game]]
    scale = ({"vmin": float(charted.equity.min()), "vmax": float(charted.equity.max())}
             if shared_scale and len(charted) else {})
    for (game, players), _ in table.groupby([table.game, sizes], sort=False, dropna=False):
        players = None if pd.isna(players) else int(players)
        key = f"{game}_{players}p" if players else str(game)
        if equity.get_game(game).hole_cards == 2:
            figs[key] = starting_hand_chart(table, game, players=players, note=chart_note, seat=seat, **scale)
        else:
            figs[f"{key}_top"] = starting_hand_ranking(table, game, players=players, note=note)
    return figs
