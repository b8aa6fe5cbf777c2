"""Charts of study 1, El Dorado positional swap value (the ``eldorado-swap`` study)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from equity import plotting as P
from simulations import harness
from simulations.plots.common import NOISE, name_list, pick_players, run_note, tied_extremes

if TYPE_CHECKING:  # pragma: no cover - typing only
    from matplotlib.figure import Figure

__all__ = ["eldorado_swap"]


def _seat_panels(run: harness.RunResult, profiles: list[str], column: str, ylabel: str,
                 scale_by_players: bool = False) -> tuple[Figure, Any]:
    table = run.table
    # each panel its own y axis unless the profiles' ranges are comparable (P.share_y, once drawn)
    fig, axes = P.figure(1, len(profiles), squeeze=False)
    for ax, profile in zip(axes[0], profiles, strict=True):
        part = table[table.profile == profile]
        for k, (players, cell) in enumerate(part.groupby("players", sort=True)):
            cell = cell.sort_values("seat")
            scale = players if scale_by_players else 1.0
            color = P.PALETTE[k % len(P.PALETTE)]
            P.errorbar(ax, cell.seat + 1, cell[column] * scale, cell[f"{column}_se"] * scale,
                       label=f"{players} players", color=color)
            ax.plot([players], [float(cell[column].iloc[-1]) * scale], marker="D", markersize=6,
                    color=color, markeredgecolor="black", linestyle="none")
        P.label(ax, title=f"every seat {profile}",
                xlabel="seat in exchange order (\u25c6 = dealer, last)")
    P.label(axes[0][0], ylabel=ylabel)
    return fig, axes


def _every(profiles: list[str]) -> str:
    """Which exchange policy the seats play: ``"every seat greedy"``, or one per panel."""
    if len(profiles) == 1:
        return f"every seat {profiles[0]}"
    return "every seat " + ", or every seat ".join(profiles) + " (one panel each)"


def eldorado_swap(run: harness.RunResult, *, players: int | None = None) -> dict[str, Figure]:
    """Figures of an ``eldorado-swap`` run.

    Parameters
    ----------
    run
        A run of the ``eldorado-swap`` study.
    players
        The table size the titles quote (default 6 if run, else the largest).

    Returns
    -------
    dict of Figure
        ``swap_value`` (each seat's swap value by profile), ``equity`` (equity as a
        multiple of a fair share), ``wild_setter`` (how often each seat sets the wild
        rank that stands) and ``dealer`` (the dealer's swap value less the other
        seats' mean, by table size).
    """
    table, dealer = run.tables["result"], run.tables["dealer"]
    every = list(dict.fromkeys(table.profile))
    playing = [p for p in every if p != "never"] or every
    quoted = players or pick_players(table.players.unique(), (6, 4, 9))
    figs: dict[str, Figure] = {}
    capped = run.record.get("parameters", {}).get("lookahead_deals")
    if "lookahead" in every and capped:
        lookahead = f"Lookahead cells: {min(int(capped), int(run.record.get('deals', capped))):,} deals."
    else:
        lookahead = ""

    fig, axes = _seat_panels(run, playing, "swap_value", "swap value (share of the pot)")
    for ax in axes[0]:
        P.reference(ax, 0.0, "no exchange")
    P.share_y(axes)
    P.legend(fig)
    first = playing[0]
    cell = table[(table.profile == first) & (table.players == quoted)].sort_values("seat")
    if len(cell):
        d, f = cell.iloc[-1], cell.iloc[0]
        title = (f"Every seat {first}: the dealer's exchange is worth {d.swap_value:+.3f} of a pot at "
                 f"{quoted} players, the first seat's {f.swap_value:+.3f}")
    else:
        title = f"Swap value by seat, {_every(playing)}"
    P.finding(fig, title, note=run_note(run, f"{lookahead} Swap value: equity with the policy minus equity "
                                          "when that seat alone never exchanges, on the same deals."))
    figs["swap_value"] = fig

    fig, axes = _seat_panels(run, every, "equity", "equity / fair share (1 = fair)", scale_by_players=True)
    for ax in axes[0]:
        P.reference(ax, 1.0, "fair share")
    P.share_y(axes)
    P.legend(fig)
    cell = dealer[(dealer.profile == first) & (dealer.players == quoted)]
    if len(cell):
        row = cell.iloc[0]
        title = (f"Every seat {first}: the dealer's equity is {row.dealer_equity * quoted:.2f} fair shares "
                 f"at {quoted} players ({row.dealer_equity:.3f} of the pot against {1 / quoted:.3f})")
    else:
        title = f"Equity (share of the pot) by seat as a multiple of a fair share, {_every(every)}"
    P.finding(fig, title, note=run_note(run, lookahead))
    figs["equity"] = fig

    fig, axes = _seat_panels(run, playing, "set_wild_rate", "sets the final wild rank (share of deals)")
    for ax in axes[0]:
        P.percent_axis(ax)
    P.share_y(axes)
    P.legend(fig)
    cell = table[(table.profile == first) & (table.players == quoted)].sort_values("seat")
    if len(cell):
        tied = cell.iloc[tied_extremes(cell.set_wild_rate, cell.get("set_wild_rate_se"))]
        top = tied.iloc[0]
        who = ["the dealer" if t.position == "dealer" else f"seat {int(t.seat) + 1}"
               for t in tied.itertuples()]
        if len(tied) == 1:
            title = (f"Every seat {first}: {who[0]} sets the wild rank that stands in "
                     f"{top.set_wild_rate:.0%} of {quoted}-player deals")
        else:
            title = (f"Every seat {first}: no single seat sets the wild rank that stands most often at "
                     f"{quoted} players; {name_list(who)} tie within noise (up to {top.set_wild_rate:.0%})")
    else:
        title = f"Who sets the final wild rank, {_every(playing)}"
    P.finding(fig, title, note=run_note(run, f"{lookahead} {NOISE}"))
    figs["wild_setter"] = fig

    fig, ax = P.figure(width=6.5)
    for k, profile in enumerate(playing):
        part = dealer[dealer.profile == profile].sort_values("players")
        P.errorbar(ax, part.players, part.dealer_minus_others_swap_value,
                   part.dealer_minus_others_swap_value_se, label=f"every seat {profile}",
                   color=P.PALETTE[k], offset=0.08 * (k - (len(playing) - 1) / 2))
    P.reference(ax, 0.0, "no dealer edge")
    P.label(ax, xlabel="players at the table",
            ylabel="dealer's swap value minus\nthe other seats' mean (share of the pot)")
    P.legend(ax)
    part = dealer[dealer.profile.isin(playing)]
    low = part.dealer_minus_others_swap_value - P.Z95 * part.dealer_minus_others_swap_value_se
    if len(part) and (low > 0).all():
        title = "The dealer's exchange is worth more than the other seats' at every table size"
    elif len(part) and (part.dealer_minus_others_swap_value > 0).mean() > 0.5:
        title = "The dealer's exchange is worth more than the other seats' at most table sizes"
    else:
        title = "The dealer's exchange against the other seats' mean, by table size"
    title += f", {_every(playing).replace(' (one panel each)', ' (one line each)')}"
    P.finding(fig, title, note=run_note(run, lookahead))
    figs["dealer"] = fig
    return figs

