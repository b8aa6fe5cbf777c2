"""Charts of the studies: one function per study turns a stored run's tables into house-style figures.

Each function takes a :class:`~simulations.harness.RunResult` and returns
``{name: Figure}``; :func:`plot_run` writes them all as PNG or SVG files (the
``equity sim plot RUN`` command).  Titles state what the run's own numbers show,
so they stay true for any size of run; every estimate carries its 95% interval
(1.96 standard errors from the tables' ``*_se`` / ``stderr`` columns).

:func:`load_or_run` is how the notebooks get their data: a stored run of the
study that is at least as large as asked for and covers the asked parameters,
or else a new run at that size.

Matplotlib is imported by :mod:`equity.plotting` only when a figure is made.
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

from equity import plotting as P
from equity.errors import OptionError
from simulations import harness

if TYPE_CHECKING:  # pragma: no cover - typing only
    from matplotlib.figure import Figure

__all__ = [
    "PLOTTERS",
    "eldorado_swap",
    "switch_pairs",
    "tahoe_usage",
    "rarity",
    "starting_hands",
    "starting_hand_chart",
    "starting_hand_ranking",
    "figures",
    "plot_run",
    "find_run",
    "load_or_run",
    "describe_run",
]

_PRETTY_GAMES = {"holdem": "Hold'em", "omaha": "Omaha", "tahoe": "Tahoe", "spanish": "Spanish",
                 "egyptian": "Egyptian", "eldorado": "El Dorado", "draw": "five-card draw",
                 "draw7": "seven-card draw", "switch": "Switch", "switch7": "seven-card Switch"}


@functools.lru_cache(maxsize=64)
def _game(name: str) -> str:
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


def _category(name: str) -> str:
    return str(name).replace("_", " ")


def _size_unit(record: dict) -> str:
    """What a run's ``deals`` counts: deals per cell, or for the starting-hand charts the trials
    of each class in each cell."""
    return "trials per class" if record.get("study") == "starting-hands" else "deals per cell"


def _note(run: harness.RunResult, extra: str = "", *, bars: bool = True) -> str:
    """The foot note of a figure: what the bars are (when it has bars), the run's size and seed."""
    record = run.record
    text = (f"Run {record.get('run_id', '?')}: {int(record.get('deals', 0)):,} {_size_unit(record)}, "
            f"seed {record.get('seed', '?')}.")
    if bars:
        text = f"Bars and bands: 95% intervals (1.96 standard errors). {text}"
    return f"{text} {extra}".strip()


def _pick(values: Sequence[int], preferred: Sequence[int]) -> int:
    """The first of ``preferred`` among ``values``, else the largest value."""
    present = [int(v) for v in values]
    for p in preferred:
        if p in present:
            return p
    return max(present)


# ---------------------------------------------------------------------------------------------
# Study 1: El Dorado positional swap value
# ---------------------------------------------------------------------------------------------
def _seat_panels(run: harness.RunResult, profiles: list[str], column: str, ylabel: str,
                 scale_by_players: bool = False) -> tuple[Figure, Any]:
    table = run.table
    fig, axes = P.figure(1, len(profiles), squeeze=False, sharey=True)
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
    quoted = players or _pick(table.players.unique(), (6, 4, 9))
    figs: dict[str, Figure] = {}
    capped = run.record.get("parameters", {}).get("lookahead_deals")
    if "lookahead" in every and capped:
        lookahead = f"Lookahead cells: {min(int(capped), int(run.record.get('deals', capped))):,} deals."
    else:
        lookahead = ""

    fig, axes = _seat_panels(run, playing, "swap_value", "swap value (share of the pot)")
    for ax in axes[0]:
        P.reference(ax, 0.0, "no exchange")
    P.legend(fig)
    first = playing[0]
    cell = table[(table.profile == first) & (table.players == quoted)].sort_values("seat")
    if len(cell):
        d, f = cell.iloc[-1], cell.iloc[0]
        title = (f"Every seat {first}: the dealer's exchange is worth {d.swap_value:+.3f} of a pot at "
                 f"{quoted} players, the first seat's {f.swap_value:+.3f}")
    else:
        title = "Swap value by seat: the later a seat exchanges, the more its exchange is worth"
    P.finding(fig, title, note=_note(run, f"{lookahead} Swap value: equity with the policy minus equity "
                                          "when that seat alone never exchanges, on the same deals."))
    figs["swap_value"] = fig

    fig, axes = _seat_panels(run, every, "equity", "equity / fair share (1 = fair)", scale_by_players=True)
    for ax in axes[0]:
        P.reference(ax, 1.0, "fair share")
    P.legend(fig)
    cell = dealer[(dealer.profile == first) & (dealer.players == quoted)]
    if len(cell):
        row = cell.iloc[0]
        title = (f"Every seat {first}: the dealer wins {row.dealer_equity * quoted:.2f} fair shares at "
                 f"{quoted} players ({row.dealer_equity:.3f} against {1 / quoted:.3f})")
    else:
        title = "Equity by seat as a multiple of a fair share"
    P.finding(fig, title, note=_note(run, lookahead))
    figs["equity"] = fig

    fig, axes = _seat_panels(run, playing, "set_wild_rate", "sets the final wild rank (share of deals)")
    for ax in axes[0]:
        P.percent_axis(ax)
    P.legend(fig)
    cell = table[(table.profile == first) & (table.players == quoted)].sort_values("seat")
    if len(cell):
        top = cell.loc[cell.set_wild_rate.idxmax()]
        who = "the dealer" if top.position == "dealer" else f"seat {int(top.seat) + 1}"
        title = (f"Every seat {first}: {who} sets the wild rank that stands in {top.set_wild_rate:.0%} of "
                 f"{quoted}-player deals")
    else:
        title = "Who sets the final wild rank"
    P.finding(fig, title, note=_note(run, lookahead))
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
    P.finding(fig, title, note=_note(run, lookahead))
    figs["dealer"] = fig
    return figs


# ---------------------------------------------------------------------------------------------
# Study 2: Switch pair-break odds
# ---------------------------------------------------------------------------------------------
_PHASE_LABELS = {"dealt": "dealt", "after_switch_1": "after\nswitch 1", "after_draw": "after\nthe draw",
                 "after_switch_2": "after\nswitch 2"}


def _draw_policy(policies: Sequence[str]) -> str:
    present = list(dict.fromkeys(policies))
    return "standard" if "standard" in present else present[0]


def switch_pairs(run: harness.RunResult, *, players: int | None = None) -> dict[str, Figure]:
    """Figures of a ``switch-pairs`` run.

    Parameters
    ----------
    run
        A run of the ``switch-pairs`` study.
    players
        Table size of the survival and showdown charts (default 2 if run, else the smallest).

    Returns
    -------
    dict of Figure
        ``pair_lost`` (chance a pair loses a card at each switch, with 2/5 and 2/7),
        ``pair_survival`` (a dealt pair through switch, draw, switch, each draw
        policy), ``showdown`` (showdown categories with and without the switch) and
        ``pat_equity`` (equity of a pat hand with and without the switch).
    """
    result, categories, pat = run.tables["result"], run.tables["categories"], run.tables["pat_equity"]
    games = list(dict.fromkeys(result.game))
    chosen = players or (2 if 2 in set(result.players) else int(result.players.min()))
    figs: dict[str, Figure] = {}

    fig, axes = P.figure(1, len(games), squeeze=False, sharey=True)
    lost = result[result.measure == "pair_lost"]
    for ax, game in zip(axes[0], games, strict=True):
        part = lost[lost.game == game]
        policy = _draw_policy(part.policy)
        part = part[part.policy == policy]
        for k, (when, rows) in enumerate(part.groupby("when", sort=True)):
            rows = rows.sort_values("players")
            P.errorbar(ax, rows.players, rows.estimate, rows.stderr, color=P.PALETTE[k],
                       label=when.replace("_", " "), offset=0.08 * (k - 0.5))
        exact = float(part.exact.iloc[0])
        P.reference(ax, exact, f"exact {'2/5' if np.isclose(exact, 0.4) else '2/7'}")
        draw = "" if policy == "none" else f", {policy} draw"
        P.label(ax, title=f"{_game(game)}{draw}", xlabel="players")
        P.legend(ax)
    P.label(axes[0][0], ylabel="pair loses a card at the switch\n(share of pairs held)")
    pooled = lost[lost.game == games[0]]
    weight = pooled.pairs.to_numpy(dtype=float)
    share = float((pooled.estimate * weight).sum() / weight.sum())
    # the pooled cells share deals, so this standard error is a lower bound: hence 4 of them
    spread = float(np.sqrt(share * (1 - share) / weight.sum()))
    exact = float(pooled.exact.iloc[0])
    verdict = "as the rule's" if abs(share - exact) < 4 * spread else "against the rule's"
    fraction = "2 in 5" if np.isclose(exact, 0.4) else f"{exact:.4f}"
    P.finding(fig, f"A switch takes a card of a held pair {share:.1%} of the time in {_game(games[0])}, "
                   f"{verdict} {fraction}", note=_note(run))
    figs["pair_lost"] = fig

    held = result[result.measure == "pair_held"]
    fig, axes = P.figure(1, len(games), squeeze=False, sharey=True)
    for ax, game in zip(axes[0], games, strict=True):
        part = held[(held.game == game) & (held.players == chosen)]
        phases = ["dealt", *[w for w in _PHASE_LABELS if w in set(part.when) and w != "dealt"]]
        for k, (policy, rows) in enumerate(part[part.game_form == "switch"].groupby("policy", sort=False)):
            rows = rows.set_index("when").reindex(phases[1:])
            x = np.arange(len(phases))
            y = np.concatenate([[1.0], rows.estimate.to_numpy()])
            se = np.concatenate([[0.0], rows.stderr.to_numpy()])
            name = "no draw" if policy == "none" else f"{policy} draw"
            P.errorbar(ax, x, y, se, label=f"Switch, {name}", color=P.PALETTE[k])
            plain = part[(part.game_form == "plain draw") & (part.policy == policy)]
            if len(plain):
                P.errorbar(ax, [phases.index("after_draw")], plain.estimate, plain.stderr, marker="s",
                           linestyle="none", color=P.PALETTE[k], markerfacecolor="white",
                           label=f"plain draw (no switch), {name}", offset=0.06 * (k - 1))
        hand = 7 if game == "switch7" else 5
        P.reference(ax, 1 - 2 / hand, f"1 - 2/{hand}: kept through one switch")
        P.reference(ax, (1 - 2 / hand) ** 2, f"(1 - 2/{hand})²: through two, no help", linestyle=":")
        ax.set_xticks(range(len(phases)), [_PHASE_LABELS[p] for p in phases])
        ax.set_ylim(0, 1.05)
        P.percent_axis(ax)
        P.label(ax, title=f"{_game(game)}, {chosen} players")
    P.label(axes[0][0], ylabel="dealt pairs still held (at least two cards)")
    P.legend(fig)
    part = held[(held.game == games[0]) & (held.players == chosen) & (held.when == "after_switch_2")
                & (held.game_form == "switch")]
    policy = _draw_policy(part.policy) if len(part) else None
    if policy is not None:
        row = part[part.policy == policy].iloc[0]
        title = (f"Only {row.estimate:.0%} of pairs dealt in {_game(games[0])} are still held at the "
                 f"showdown ({chosen} players, {policy} draw)")
    else:
        title = "A dealt pair through switch, draw and switch"
    P.finding(fig, title, note=_note(run))
    figs["pair_survival"] = fig

    fig, axes = P.figure(len(games), 2, squeeze=False, height=3.6 * len(games) + 0.8)
    for r, game in enumerate(games):
        part = categories[(categories.game == game) & (categories.players == chosen)]
        policy = _draw_policy(part.policy)
        part = part[part.policy == policy]
        for c, hand in enumerate(("player", "winner")):
            rows = part[part.hand == hand].sort_values("rank")
            ax = axes[r][c]
            P.bars(ax, [_category(x) for x in rows.category],
                   {"with the switch": (rows.switch, rows.switch_se),
                    "without (plain game)": (rows.plain, rows.plain_se)}, horizontal=True)
            P.percent_axis(ax, axis="x")
            draw = "" if policy == "none" else f", {policy} draw"
            whose = "each player's hand" if hand == "player" else "the winning hand"
            P.label(ax, title=f"{_game(game)}{draw}: {whose}", xlabel=f"share of {whose.split(' ', 1)[1]}s"
                    if hand == "winner" else "share of hands")
    P.legend(fig)
    rows = categories[(categories.game == games[0]) & (categories.players == chosen)
                      & (categories.hand == "player")]
    rows = rows[rows.policy == _draw_policy(rows.policy)]
    pair_up = rows[rows.category.isin(["two_pair", "three_of_a_kind", "straight", "flush", "full_house",
                                       "four_of_a_kind", "straight_flush"])]
    with_switch, without = float(pair_up.switch.sum()), float(pair_up.plain.sum())
    P.finding(fig, f"With the switch, {with_switch:.1%} of {_game(games[0])} hands reach two pair or better "
                   f"at the showdown, against {without:.1%} without ({chosen} players)", note=_note(run))
    figs["showdown"] = fig

    fig, axes = P.figure(1, len(games), squeeze=False, sharey=True)
    pats = pat[pat.dealt == "two_pair_or_better"]
    for ax, game in zip(axes[0], games, strict=True):
        part = pats[pats.game == game]
        policy = _draw_policy(part.policy)
        part = part[part.policy == policy].sort_values("players")
        P.errorbar(ax, part.players, part.switch, part.switch_se, label="with the switch",
                   color=P.PALETTE[0], offset=-0.05)
        P.errorbar(ax, part.players, part.plain, part.plain_se, label="without (plain game)",
                   color=P.PALETTE[1], offset=0.05)
        ax.plot(part.players, part.fair_share, color=P.REFERENCE, linestyle="--", linewidth=1.0,
                label="fair share")
        draw = "" if policy == "none" else f", {policy} draw"
        P.label(ax, title=f"{_game(game)}{draw}", xlabel="players")
    P.legend(fig)
    P.label(axes[0][0], ylabel="equity of a dealt two pair or better\n(share of the pot)")
    part = pats[(pats.game == games[0]) & (pats.players == chosen)]
    part = part[part.policy == _draw_policy(part.policy)]
    if len(part):
        row = part.iloc[0]
        verb = "cuts" if row.switch < row.plain else "raises"
        title = (f"The switch {verb} a pat hand's equity from {row.plain:.2f} to {row.switch:.2f} "
                 f"({_game(games[0])}, {chosen} players)")
    else:
        title = "Equity of a pat hand with and without the switch"
    P.finding(fig, title, note=_note(run))
    figs["pat_equity"] = fig
    return figs


# ---------------------------------------------------------------------------------------------
# Study 3: Tahoe hole-card usage
# ---------------------------------------------------------------------------------------------
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
    chosen = players or _pick(result.players.unique(), (6, 9, 4))
    figs: dict[str, Figure] = {}

    overall = result[result.category == "all"]
    fig, axes = P.figure(2, len(games), squeeze=False, sharey=True, height=6.6)
    for c, game in enumerate(games):
        for r, hands in enumerate(("all", "winners")):
            rows = overall[(overall.game == game) & (overall.hands == hands)].sort_values("players")
            ax = axes[r][c]
            P.stacked(ax, [str(p) for p in rows.players], _usage_parts(rows))
            P.percent_axis(ax)
            P.label(ax, title=f"{_game(game)}: {'every hand' if hands == 'all' else 'winning hands'}",
                    xlabel="players")
    for r in range(2):
        P.label(axes[r][0], ylabel="share of best hands")
    P.legend(fig)
    def pooled_two(game: str, hands: str) -> float:
        rows = overall[(overall.game == game) & (overall.hands == hands)]
        return float((rows.uses_2 * rows.n).sum() / rows.n.sum()) if len(rows) else float("nan")

    first = games[0]
    every, winners = pooled_two(first, "all"), pooled_two(first, "winners")
    title = (f"{_game(first)} hands use two hole cards {every:.0%} of the time, winning hands "
             f"{winners:.0%}")
    if "omaha" in games and first != "omaha":
        title += "; Omaha hands always two"
    P.finding(fig, title, note=_note(run))
    figs["by_players"] = fig

    by_category = result[(result.category != "all") & (result.hands == "all") & (result.players == chosen)
                         & (result.n > 0)]
    shown = [g for g in games if g != "omaha"] or games
    fig, axes = P.figure(1, len(shown), squeeze=False, height=4.2)
    for ax, game in zip(axes[0], shown, strict=True):
        rows = by_category[by_category.game == game]
        P.stacked(ax, [f"{_category(c)} ({n:,})" for c, n in zip(rows.category, rows.n, strict=True)],
                  _usage_parts(rows), horizontal=True)
        P.percent_axis(ax, axis="x")
        P.label(ax, title=f"{_game(game)}, {chosen} players (hands counted)", xlabel="share of best hands")
    P.legend(fig)
    rows = by_category[by_category.game == shown[0]]
    common = rows[rows.n >= 0.01 * rows.n.sum()]
    if len(common):
        most, least = common.loc[common.uses_2.idxmax()], common.loc[common.uses_2.idxmin()]
        title = (f"{_game(shown[0])}: {_category(most.category)} hands use two hole cards most often "
                 f"({most.uses_2:.0%}), {_category(least.category)} least ({least.uses_2:.0%}); "
                 f"{chosen} players")
    else:
        title = "Hole cards used by the category of the best hand"
    P.finding(fig, title, note=_note(run, "Categories under 1% of hands are left out of the title."))
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
        P.finding(fig, title, note=_note(run))
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
                           label=f"{_game(game)}: {name.replace('_', ' ')}")
        P.percent_axis(ax)
        P.label(ax, xlabel="players", ylabel="share of deals")
        P.legend(fig)
        rows = hi_lo[hi_lo.game == ("tahoe" if "tahoe" in set(hi_lo.game) else hi_lo.game.iloc[0])]
        rows = rows.sort_values("players")
        first, last = rows.iloc[0], rows.iloc[-1]
        title = (f"{_game(first.game)} hi-lo: the pot is scooped in {first.scoop:.0%} of "
                 f"{first.players}-player deals and {last.scoop:.0%} at {last.players}; someone is "
                 f"quartered in {first.quarter:.0%} and {last.quarter:.0%}")
        P.finding(fig, title, note=_note(run))
        figs["hi_lo"] = fig
    return figs


# ---------------------------------------------------------------------------------------------
# Study 4: ranking versus rarity
# ---------------------------------------------------------------------------------------------
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
        P.errorbar(ax, rows["rank"][seen], rows.frequency[seen], rows.stderr[seen], color=P.PALETTE[0],
                   linestyle="-", label="frequency, categories\nin declared order")
        flagged = rows[seen & rows.category.isin(_significant_higher(run, game, size, hand))]
        if len(flagged):
            inverted_games.append(game)
            P.errorbar(ax, flagged["rank"], flagged.frequency, flagged.stderr, color=P.HIGHLIGHT,
                       linestyle="none", marker="o", markersize=7, zorder=5,
                       label="more common than a\ncategory ranked below it\n(beyond 3 SE)")
        unseen = rows[~seen]
        if len(unseen):
            ax.plot(unseen["rank"], unseen.upper_95, marker="v", color="#777777", linestyle="none",
                    label="never seen:\n95% upper bound")
        ax.set_xticks(rows["rank"], [_category(c) for c in rows.category], rotation=60, ha="right",
                      rotation_mode="anchor", fontsize=7)
        ax.grid(axis="x", visible=False)
        P.label(ax, title=f"{_game(game)}, {size} players")
    for ax in axes.ravel()[len(games):]:
        ax.set_visible(False)
    for r in range(nrows):
        P.label(axes[r][0], ylabel="frequency (share of hands, log)")
    P.legend(fig)
    whose = "one player's best hand" if hand == "player" else "the winning hand"
    title = (f"Ranked higher yet more common ({whose}): {len(inverted_games)} of {len(games)} games break "
             "their declared order (best category on the left)")
    P.finding(fig, title, note=_note(run, "In a game whose order follows rarity the line only rises."))
    return fig


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
    errors = result[result.hand == "player"].set_index(["game", "players", "category"]).stderr
    names = [f"{_game(r.game)} ({r.players}): {_category(r.higher)} above {_category(r.lower)}"
             for r in part.itertuples()]
    y = np.arange(len(part), dtype=np.float64)
    fig, ax = P.figure(width=8.5, height=0.3 * len(names) + 1.9)
    for offset, column, rank_column, name, color in (
            (-0.15, "higher", "frequency_higher", "the category ranked higher", P.HIGHLIGHT),
            (0.15, "lower", "frequency_lower", "the category just below it", P.PALETTE[0])):
        se = [errors.get((r.game, r.players, getattr(r, column)), np.nan) for r in part.itertuples()]
        values = part[rank_column].to_numpy(dtype=np.float64)
        seen = values > 0
        P.errorbar(ax, values[seen], y[seen], np.asarray(se)[seen], horizontal=True, offset=offset,
                   linestyle="none", color=color, label=name)
    ax.set_yticks(y, names)
    ax.invert_yaxis()
    ax.set_xscale("log")
    # over a decade or two matplotlib labels the minor ticks too and they overlap: label 1, 2
    # and 5 of each decade plainly instead (wider spans keep one label a decade)
    low, high = ax.get_xlim()
    if high / low < 10 ** 2.5:
        ax.xaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
        ax.xaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:g}"))
    ax.xaxis.set_minor_formatter(NullFormatter())
    P.label(ax, xlabel="frequency of one player's best hand (share of hands, log)")
    P.legend(fig)
    P.finding(fig, f"{len(part)} pairs of neighbouring categories are ranked the wrong way round by "
                   "frequency", note=_note(run, "Shown: differences beyond 3 standard errors of the "
                                                "paired difference."))
    figs["inversions"] = fig
    return figs


# ---------------------------------------------------------------------------------------------
# Study 5: starting hands (the table is made by notebook 05, or by a study of that name)
# ---------------------------------------------------------------------------------------------
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
        title = (f"{_game(game)}: {best[name]} takes {best.equity:.0%} of the pot against {against}"
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
    title = (f"{_game(game)}: {leader[name]} leads with {leader.equity:.1%} against {_against(players)}"
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
    note = _note(run)
    chart_note = _note(run, "The colour bar states the widest 95% interval of a class.", bars=False)
    sizes = table.players if "players" in table else pd.Series([None] * len(table), index=table.index)
    for (game, players), _ in table.groupby([table.game, sizes], sort=False, dropna=False):
        players = None if pd.isna(players) else int(players)
        key = f"{game}_{players}p" if players else str(game)
        if equity.get_game(game).hole_cards == 2:
            figs[key] = starting_hand_chart(table, game, players=players, note=chart_note)
        else:
            figs[f"{key}_top"] = starting_hand_ranking(table, game, players=players, note=note)
    return figs


#: The plotting function of each study, by study name.
PLOTTERS: dict[str, Callable[..., dict[str, Figure]]] = {
    "eldorado-swap": eldorado_swap,
    "switch-pairs": switch_pairs,
    "tahoe-usage": tahoe_usage,
    "rarity": rarity,
    "starting-hands": starting_hands,
}


# ---------------------------------------------------------------------------------------------
# Runs: figures, files, and finding a stored run
# ---------------------------------------------------------------------------------------------
def _as_run(run: harness.RunResult | str | os.PathLike,
            out: str | os.PathLike = "results") -> harness.RunResult:
    return run if isinstance(run, harness.RunResult) else harness.load_run(run, out)


def figures(run: harness.RunResult | str | os.PathLike, **options: Any) -> dict[str, Figure]:
    """Every figure of a run, by name (``run`` as a :class:`RunResult`, a run folder or a run id)."""
    result = _as_run(run)
    study = result.record.get("study")
    if study not in PLOTTERS:
        raise OptionError(f"no charts for study {study!r}: charts exist for {', '.join(PLOTTERS)}")
    return PLOTTERS[study](result, **options)


def plot_run(run: harness.RunResult | str | os.PathLike, out_dir: str | os.PathLike | None = None,
             formats: Sequence[str] = ("png",)) -> list[Path]:
    """Write every figure of a stored run as PNG and/or SVG files (``equity sim plot RUN``).

    Parameters
    ----------
    run
        A :class:`~simulations.harness.RunResult`, a run folder, or a run id under ``results/``.
    out_dir
        Folder for the files (default: the run's folder's ``figures`` subfolder).
    formats
        File formats: ``"png"`` (at :data:`equity.plotting.DPI`) and/or ``"svg"``.

    Returns
    -------
    list of pathlib.Path
        The files written, ``<study>_<figure>.<format>``, in figure order.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as out:
    ...     run = harness.run_study("rarity", deals=500, players="2", params={"games": "holdem,spanish"},
    ...                             out=out)
    ...     files = plot_run(run, Path(out) / "figures", formats=("png", "svg"))
    ...     [p.name for p in files[:2]], len(files), all(p.stat().st_size > 0 for p in files)
    (['rarity_player.png', 'rarity_player.svg'], 6, True)
    """
    result = _as_run(run)
    folder = Path(out_dir) if out_dir is not None else result.directory / "figures"
    study = result.record.get("study")
    written = []
    for name, fig in figures(result).items():
        written += P.save(fig, folder / f"{study}_{name}", formats=formats)
    return written


def _covers(asked: Any, stored: Any) -> bool:
    """Whether a stored parameter value covers the asked one (every asked list item is in the stored list)."""
    if isinstance(asked, (list, tuple)):
        stored_items = stored if isinstance(stored, (list, tuple)) else [stored]
        return set(map(str, asked)) <= set(map(str, stored_items))
    return str(asked) == str(stored)


def find_run(study: str, *, out: str | os.PathLike = "results", deals: int = 1, players=None,
             params: Mapping[str, Any] | None = None) -> harness.RunResult | None:
    """The largest finished run of ``study`` under ``out`` that has at least ``deals`` deals per cell
    and covers the asked players and parameters; None when there is none.

    A run covers them when each asked player count and list item was run and each other
    parameter has the asked value; parameters not asked may have any value.
    """
    spec = harness.get_study(study)
    asked = harness.resolve_parameters(spec, players, params)
    named = {"players"} if players is not None else set()
    named |= set(params or {})
    best: tuple[tuple[int, str], harness.RunResult] | None = None
    folder = Path(out)
    if not folder.is_dir():
        return None
    for record_path in folder.glob(f"{study}-*/{harness.RECORD_FILE}"):
        try:
            record = json.loads(record_path.read_text())
        except (OSError, ValueError):
            continue
        if record.get("study") != study or int(record.get("deals", 0)) < deals:
            continue
        stored = record.get("parameters", {})
        if not all(_covers(asked[name], stored.get(name)) for name in named):
            continue
        key = (int(record["deals"]), str(record.get("finished", "")))
        if best is None or key > best[0]:
            try:
                best = (key, harness.load_run(record_path.parent))
            except (OSError, ValueError):
                continue
    return None if best is None else best[1]


def load_or_run(study: str, *, deals: int, players=None, params: Mapping[str, Any] | None = None,
                out: str | os.PathLike = "results", seed: int | None = None,
                workers: int = 1) -> harness.RunResult:
    """A stored run of ``study`` (see :func:`find_run`), or a new one at ``deals`` deals per cell.

    Parameters
    ----------
    study
        The study's name.
    deals
        Deals per cell: the least a stored run may have, and the size of a new run.
    players, params
        As in :func:`simulations.harness.run_study`.
    out
        Where runs are stored (and a new one is written).
    seed
        The new run's seed (the harness's default when None).
    workers
        Processes for a new run (more than one starts a Dask ``LocalCluster`` on loopback, whose
        workers' log lines are silenced).

    Returns
    -------
    RunResult
        Its ``record["loaded"]`` says whether it was found (True) or played now (False).
    """
    stored = find_run(study, out=out, deals=deals, players=players, params=params)
    if stored is not None:
        stored.record["loaded"] = True
        return stored
    options = {"deals": deals, "players": players, "params": params, "seed": seed, "out": out,
               "progress": False}
    if workers > 1:
        # A cluster of our own whose workers keep quiet: the notebook shows results, not the
        # workers' log lines (e.g. a heartbeat that races the shutdown); failures still raise.
        # Its scheduler's web server listens on loopback, on a free port.
        import logging

        from dask.distributed import LocalCluster

        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                          dashboard_address="127.0.0.1:0", silence_logs=logging.CRITICAL) as cluster:
            run = harness.run_study(study, workers=workers, scheduler=cluster.scheduler_address, **options)
        run.record["scheduler"] = "a local cluster"
    else:
        run = harness.run_study(study, **options)
    run.record["loaded"] = run.record.get("chunks_reused", 0) == run.record.get("chunks")
    return run


def describe_run(run: harness.RunResult) -> str:
    """One line on where a run's numbers come from: loaded or played, its size, seed and time."""
    record = run.record
    how = "loaded the stored run" if record.get("loaded") else "ran"
    return (f"{how} {record['run_id']}: {int(record['deals']):,} {_size_unit(record)}, "
            f"{record['cells']} cells, "
            f"{int(record['deals_total']):,} deals in all, seed {record['seed']}; played in "
            f"{record['elapsed_seconds']:.0f} s on {record.get('workers', 1)} worker(s), "
            f"code {record.get('git_commit') or '?'!s:.10}")
