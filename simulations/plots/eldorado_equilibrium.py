"""Charts of the El Dorado exchange strategy study (``eldorado-equilibrium``): what a best response
gains against each heuristic, when it swaps, the dealer's share, and when to give up after the exchange."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from equity import plotting as P
from simulations import harness
from simulations.plots.common import pick_players, run_note

if TYPE_CHECKING:  # pragma: no cover - typing only
    from matplotlib.figure import Figure

__all__ = ["eldorado_equilibrium"]

#: How every chart says which profiles made it.
_PROFILES = (
    "Profiles: every other seat plays the named heuristic; the best response answers it "
    "(the argmax of the seven actions on {samples} rollouts of what the seat sees, unseen cards "
    "uniform). No equilibrium profile is shown: issue 28 item 3 b."
)


def _note(run: harness.RunResult, extra: str = "") -> str:
    params = run.record.get("parameters", {})
    profiles = _PROFILES.format(samples=f"{int(params.get('samples', 0)):,}")
    capped = params.get("lookahead_deals")
    look = (
        f" Lookahead cells: {min(int(capped), int(run.record.get('deals', capped))):,} deals, "
        f"{int(params.get('lookahead_rollouts', 0)):,} rollouts."
        if capped
        else ""
    )
    return run_note(run, f"{profiles}{look} {extra}".strip())


def _gain(run: harness.RunResult) -> Figure:
    result = run.tables["result"]
    pots = list(dict.fromkeys(result.pot))
    fig, axes = P.figure(1, len(pots), squeeze=False)
    for ax, pot in zip(axes[0], pots, strict=True):
        part = result[result.pot == pot]
        k = 0
        for (profile, players), cell in part.groupby(["profile", "players"], sort=False):
            cell = cell.sort_values("seat")
            P.errorbar(
                ax,
                cell.seat + 1,
                cell.gain,
                cell.gain_se,
                label=f"{profile}, {players} players",
                color=P.PALETTE[k % len(P.PALETTE)],
                marker="o" if profile == "greedy" else "s",
                linestyle="-" if profile == "greedy" else "--",
                offset=0.05 * k,
            )
            k += 1
        ax.set_xticks(range(1, int(part.players.max()) + 1) if len(part) else [])
        P.reference(ax, 0.0, "no gain")
        P.reference(ax, 0.002, "0.002 (the equilibrium bound)")
        P.label(ax, title=f"{pot} pot", xlabel="seat in exchange order (the last is the dealer)")
    P.label(axes[0][0], ylabel="best response's gain\n(share of the pot per deal)")
    P.share_y(axes)
    P.legend(fig)
    greedy = result[result.profile == "greedy"]
    if len(greedy):
        low = greedy.gain - P.Z95 * greedy.gain_se
        title = (
            f"Every seat's best response beats greedy: it gains {greedy.gain.min():.2f} to "
            f"{greedy.gain.max():.2f} of the pot per deal"
            if (low > 0).all()
            else f"A best response gains up to {greedy.gain.max():.2f} of the pot per deal against greedy"
        )
        look = result[result.profile == "lookahead"]
        if len(look):
            title += f"; against lookahead {look.gain.min():+.2f} to {look.gain.max():+.2f}"
    else:
        title = "What a best response gains against each heuristic, by seat"
    P.finding(
        fig,
        title,
        note=_note(
            run,
            "Gain: the seat's share when it best-responds less its share "
            "under the profile, on the same deals (every last card).",
        ),
    )
    return fig


def _swaps(run: harness.RunResult, players: int) -> Figure:
    swaps = run.tables["swaps"]
    part = swaps[(swaps.profile == "greedy") & (swaps.players == players)]
    pots = list(dict.fromkeys(part.pot))
    groups = 3 * players
    fig, axes = P.figure(
        len(pots), 1, squeeze=False, width=max(6.5, 0.75 * groups + 2), height=3.2 * max(len(pots), 1)
    )
    for ax, pot in zip(axes[:, 0], pots, strict=True):
        cell = part[part.pot == pot].sort_values(["seat", "shape"])
        names = [
            f"{shape}\n{'dealer' if s == players - 1 else f'seat {s + 1}'}"
            for s, shape in zip(cell.seat, cell["shape"], strict=True)
        ]
        P.bars(
            ax,
            names,
            {
                "greedy": (cell.profile_swap_rate.fillna(0), cell.profile_swap_rate_se.fillna(0)),
                "best response to greedy": (
                    cell.best_response_swap_rate.fillna(0),
                    cell.best_response_swap_rate_se.fillna(0),
                ),
            },
        )
        P.percent_axis(ax)
        P.label(ax, title=f"{pot} pot, {players} players", ylabel="swaps (share of deals)")
    P.legend(fig)
    result = run.tables["result"]
    seats = result[(result.profile == "greedy") & (result.players == players)]
    seats = seats[seats.pot == pots[0]].sort_values("seat") if pots else seats.iloc[:0]
    where = f"({pots[0]} pot, {players} players)" if pots else ""
    if len(seats) >= 2:
        first, later = seats.iloc[0], seats.iloc[1:]
        best, profile = later.best_response_swap_rate, later.profile_swap_rate
        if first.best_response_swap_rate < first.profile_swap_rate and (best > profile).all():
            title = (
                f"The first seat should swap less than greedy ({first.best_response_swap_rate:.0%} of deals "
                f"against {first.profile_swap_rate:.0%}), every later seat far more ({best.min():.0%}-"
                f"{best.max():.0%} against {profile.min():.0%}-{profile.max():.0%}) {where}"
            )
        else:
            title = (
                f"The best response swaps in {seats.best_response_swap_rate.min():.0%}-"
                f"{seats.best_response_swap_rate.max():.0%} of deals by seat, greedy in "
                f"{seats.profile_swap_rate.min():.0%}-{seats.profile_swap_rate.max():.0%} {where}"
            )
    else:
        title = "When to swap: the best response against greedy, by seat and hole-card shape"
    P.finding(fig, title, note=_note(run, "Shapes: a pocket pair, two suited cards, two offsuit cards."))
    return fig


def _dealer(run: harness.RunResult) -> Figure:
    result = run.tables["result"]
    dealer = result[result.seat == result.players - 1]
    pots = list(dict.fromkeys(dealer.pot))
    fig, axes = P.figure(1, len(pots), squeeze=False)
    for ax, pot in zip(axes[0], pots, strict=True):
        k = 0
        for profile, cell in dealer[dealer.pot == pot].groupby("profile", sort=False):
            cell = cell.sort_values("players")
            P.errorbar(
                ax,
                cell.players,
                cell.share,
                cell.share_se,
                label=f"dealer plays {profile}",
                color=P.PALETTE[k],
                offset=-0.06,
            )
            P.errorbar(
                ax,
                cell.players,
                cell.best_response_share,
                cell.best_response_share_se,
                label=f"dealer best-responds to {profile}",
                color=P.PALETTE[k],
                linestyle="--",
                marker="s",
                offset=0.06,
            )
            k += 1
        ax.set_xticks(sorted(int(p) for p in dealer.players.unique()))
        fair = np.sort(dealer.players.unique())
        ax.plot(fair, 1 / fair, color=P.REFERENCE, linestyle=":", label="a fair share")
        P.label(ax, title=f"{pot} pot", xlabel="players at the table")
    P.label(axes[0][0], ylabel="dealer's share of the pot")
    P.share_y(axes)
    P.legend(fig)
    greedy = dealer[(dealer.profile == "greedy") & (dealer.pot == pots[0])] if pots else dealer.iloc[:0]
    if len(greedy):
        row = greedy.sort_values("players").iloc[0]
        title = (
            f"Against greedy seats, a best-responding dealer takes {row.best_response_share:.2f} of a "
            f"{int(row.players)}-player pot ({pots[0]}), against {row.share:.2f} playing greedy itself"
        )
    else:
        title = "The dealer's share of the pot: playing the profile, or best-responding to it"
    P.finding(fig, title, note=_note(run))
    return fig


def _give_up(run: harness.RunResult, players: int) -> Figure:
    give = run.tables["give_up"]
    part = give[(give.profile == "greedy") & (give.players == players)]
    pots = list(dict.fromkeys(part.pot))
    fig, axes = P.figure(1, len(pots), squeeze=False)
    for ax, pot in zip(axes[0], pots, strict=True):
        cell = part[part.pot == pot]
        for k, (seat, rows) in enumerate(cell.groupby("seat")):
            rows = rows.sort_values("price")
            who = "dealer" if seat == players - 1 else f"seat {seat + 1}"
            P.errorbar(
                ax,
                rows.price,
                rows.give_up,
                rows.give_up_se,
                label=who,
                color=P.PALETTE[k % len(P.PALETTE)],
                offset=0.003 * (k - players / 2),
            )
        P.percent_axis(ax)
        P.label(
            ax,
            title=f"{pot} pot, {players} players, every seat greedy",
            xlabel="price of staying in (share of the final pot a call costs)",
        )
    P.label(axes[0][0], ylabel="should give up\n(share of deals)")
    P.share_y(axes)
    P.legend(fig)
    quarter = part[(part.pot == pots[0]) & np.isclose(part.price, 0.25)] if pots else part.iloc[:0]
    if len(quarter) >= 2:
        first, last = quarter.sort_values("seat").iloc[0], quarter.sort_values("seat").iloc[-1]
        title = (
            f"Facing a half-pot bet after the exchange, the first seat should give up {first.give_up:.0%} "
            f"of the time, the dealer {last.give_up:.0%} ({players} players, {pots[0]} pot)"
        )
    else:
        title = "How often each seat should give up after the exchange, by price"
    P.finding(
        fig,
        title,
        note=_note(
            run,
            "A seat gives up where its estimated equity (what it saw of the "
            "exchange, the rest drawn at random) is below the price.",
        ),
    )
    return fig


def eldorado_equilibrium(run: harness.RunResult, *, players: int | None = None) -> dict[str, Figure]:
    """Figures of an ``eldorado-equilibrium`` run.

    Parameters
    ----------
    run
        A run of the ``eldorado-equilibrium`` study.
    players
        The table size of the swap and give-up charts (default 4 if run, else the largest).

    Returns
    -------
    dict of Figure
        ``gain`` (the best response's gain against each profile by seat: the profile's
        exploitability), ``swaps`` (how often the best response and greedy swap, by seat and
        hole-card shape), ``dealer`` (the dealer's share playing the profile or best-responding)
        and ``give_up`` (how often each seat should give up after the exchange, by price).
    """
    result = run.tables["result"]
    quoted = players or pick_players(result.players.unique(), (4, 6, 2))
    return {
        "gain": _gain(run),
        "swaps": _swaps(run, quoted),
        "dealer": _dealer(run),
        "give_up": _give_up(run, quoted),
    }
