"""Charts of study 3, Tahoe hole-card usage (the ``tahoe-usage`` study)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pandas as pd

from equity import plotting as P
from simulations import harness
from simulations.plots.common import (
    NOISE,
    category_name,
    game_name,
    name_list,
    pick_players,
    run_note,
    tied_extremes,
)

if TYPE_CHECKING:  # pragma: no cover - typing only
    from matplotlib.figure import Figure

__all__ = ["tahoe_usage"]

_USES = {"uses_0": "no hole card", "uses_1": "one hole card", "uses_2": "two hole cards"}


def _usage_parts(rows: pd.DataFrame) -> dict[str, tuple[Any, Any]]:
    return {name: (rows[column].to_numpy(), rows[f"{column}_se"].to_numpy())
            for column, name in _USES.items()}


def tahoe_usage(run: harness.RunResult, *, players: int | None = None) -> dict[str, Figure]:
    """Figures of a ``tahoe-usage`` run.

    Parameters
    ----------
    run
        A run of the ``tahoe-usage`` study.
    players
        Table size of the by-category chart (default 6 if run, else the largest).

    Returns
    -------
    dict of Figure
        ``by_players`` (stacked shares of hands using 0, 1, 2 hole cards, each game,
        all and winning hands), ``by_category`` (the same by hand category, Tahoe
        against Hold'em), ``all_three`` (what "never all three" changes) and, when
        hi-lo was dealt, ``hi_lo`` (scoops, splits and quarters, Tahoe against Omaha).
    """
    result = run.tables["result"]
    games = list(dict.fromkeys(result.game))
    chosen = players or pick_players(result.players.unique(), (6, 9, 4))
    figs: dict[str, Figure] = {}

    overall = result[result.category == "all"]
    fig, axes = P.figure(2, len(games), squeeze=False, sharey=True, height=6.6)
    for c, game in enumerate(games):
        for r, hands in enumerate(("all", "winners")):
            rows = overall[(overall.game == game) & (overall.hands == hands)].sort_values("players")
            ax = axes[r][c]
            P.stacked(ax, [str(p) for p in rows.players], _usage_parts(rows))
            P.percent_axis(ax)
            P.label(ax, title=f"{game_name(game)}: {'every hand' if hands == 'all' else 'winning hands'}",
                    xlabel="players")
    for r in range(2):
        P.label(axes[r][0], ylabel="share of best hands")
    P.legend(fig)
    def pooled_two(game: str, hands: str) -> float:
        rows = overall[(overall.game == game) & (overall.hands == hands)]
        return float((rows.uses_2 * rows.n).sum() / rows.n.sum()) if len(rows) else float("nan")

    first = games[0]
    every, winners = pooled_two(first, "all"), pooled_two(first, "winners")
    title = (f"{game_name(first)} hands use two hole cards {every:.0%} of the time, winning hands "
             f"{winners:.0%}")
    if "omaha" in games and first != "omaha":
        title += "; Omaha hands always two"
    P.finding(fig, title, note=run_note(run))
    figs["by_players"] = fig

    by_category = result[(result.category != "all") & (result.hands == "all") & (result.players == chosen)
                         & (result.n > 0)]
    shown = [g for g in games if g != "omaha"] or games
    fig, axes = P.figure(1, len(shown), squeeze=False, height=4.2)
    for ax, game in zip(axes[0], shown, strict=True):
        rows = by_category[by_category.game == game]
        P.stacked(ax, [f"{category_name(c)} ({n:,})" for c, n in zip(rows.category, rows.n, strict=True)],
                  _usage_parts(rows), horizontal=True)
        P.percent_axis(ax, axis="x")
        P.label(ax, title=f"{game_name(game)}, {chosen} players (hands counted)",
                xlabel="share of best hands")
    P.legend(fig)
    rows = by_category[by_category.game == shown[0]]
    common = rows[rows.n >= 0.01 * rows.n.sum()]
    if len(common):
        def extreme(highest: bool) -> str:
            """The category using two hole cards most (least) often, or those tied within noise."""
            tied = common.iloc[tied_extremes(common.uses_2, common.get("uses_2_se"), highest=highest)]
            names = name_list([category_name(c) for c in tied.category])
            if len(tied) == 1:
                return f"{names} ({tied.uses_2.iloc[0]:.0%})"
            return f"{names}, tied within noise ({tied.uses_2.min():.0%} to {tied.uses_2.max():.0%})"

        title = (f"{game_name(shown[0])}: {extreme(True)} hands use two hole cards most often, "
                 f"{extreme(False)} least; {chosen} players")
    else:
        title = "Hole cards used by the category of the best hand"
    P.finding(fig, title, note=run_note(run, f"Categories under 1% of hands are left out of the title. "
                                          f"{NOISE}"))
    figs["by_category"] = fig

    three = run.tables.get("all_three")
    if three is not None and len(three):
        fig, ax = P.figure(width=6.5)
        kinds = {"all": "hands that all three hole cards would improve",
                 "winners": "winning hands they would improve",
                 "deals": "deals whose winner would change"}
        for k, (hands, name) in enumerate(kinds.items()):
            rows = three[(three.hands == hands) & (three.category == "all")].sort_values("players")
            if len(rows):
                P.errorbar(ax, rows.players, rows.estimate, rows.stderr, label=name, color=P.PALETTE[k])
        P.percent_axis(ax)
        P.label(ax, xlabel="players", ylabel="share")
        ax.set_ylim(bottom=0)
        P.legend(ax)
        rows = three[(three.hands == "all") & (three.category == "all")]
        deals = three[(three.hands == "deals")].sort_values("players")
        if len(rows) and len(deals):
            d0, d1 = deals.iloc[0], deals.iloc[-1]
            title = (f"'Never all three' changes {rows.estimate.mean():.0%} of Tahoe hands, and the "
                     f"winner in {d0.estimate:.0%} of {d0.players}-player deals and {d1.estimate:.0%} "
                     f"at {d1.players}")
        else:
            title = "What 'never all three' changes"
        P.finding(fig, title, note=run_note(run))
        figs["all_three"] = fig

    hi_lo = run.tables.get("hi_lo")
    if hi_lo is not None and len(hi_lo) and "scoop" in hi_lo:
        fig, ax = P.figure(width=6.5)
        styles = {"tahoe": "-", "omaha": "--"}
        for k, name in enumerate(("low_qualifies", "scoop", "quarter")):
            for game, rows in hi_lo.groupby("game", sort=False):
                rows = rows.sort_values("players")
                P.errorbar(ax, rows.players, rows[name], rows[f"{name}_se"], color=P.PALETTE[k],
                           linestyle=styles.get(game, "-"), marker="o" if game == "tahoe" else "s",
                           label=f"{game_name(game)}: {name.replace('_', ' ')}")
        P.percent_axis(ax)
        P.label(ax, xlabel="players", ylabel="share of deals")
        P.legend(fig)
        rows = hi_lo[hi_lo.game == ("tahoe" if "tahoe" in set(hi_lo.game) else hi_lo.game.iloc[0])]
        rows = rows.sort_values("players")
        first, last = rows.iloc[0], rows.iloc[-1]
        title = (f"{game_name(first.game)} hi-lo: the pot is scooped in {first.scoop:.0%} of "
                 f"{first.players}-player deals and {last.scoop:.0%} at {last.players}; someone is "
                 f"quartered in {first.quarter:.0%} and {last.quarter:.0%}")
        P.finding(fig, title, note=run_note(run))
        figs["hi_lo"] = fig
    return figs

