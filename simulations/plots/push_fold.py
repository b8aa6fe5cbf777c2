"""Charts of study 7, push/fold (the ``push-fold`` study): threshold grids, range sizes, Hold'em anchors."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from equity import plotting as P
from simulations import harness
from simulations.plots.common import game_name, name_list

if TYPE_CHECKING:  # pragma: no cover - typing only
    from matplotlib.figure import Figure

__all__ = ["push_fold", "threshold_grid", "threshold_scatter", "paired_grid", "model_note"]

#: The stack the titles quote range sizes at, when the run solved it.
QUOTED_STACK = 10.0
_PLAYERS = {"push": ("small blind", "pushed", "pushes"), "call": ("big blind", "called", "calls")}


def _matrix_text(m: pd.Series) -> str:
    if m.method == "exact":
        return f"{game_name(m.game)} exact (every board of every pair of combos)"
    if m.method == "deals":
        missed = f"; {m.unreached:.2%} of the pairs of combos in cells no deal reached, modelled" \
            if m.unreached > 0 else ""
        return (f"{game_name(m.game)} Monte Carlo, {int(m.trials):,} random deals binned by the pair of "
                f"classes dealt, seed {int(m.seed)} (cell standard errors about {m.stderr_mean:.3f}{missed})")
    exchange = f", exchanges {_policy(m.policies)}" if _policy(m.policies) else ""
    return (f"{game_name(m.game)} Monte Carlo, {int(m.trials):,} trials per pair of classes, "
            f"seed {int(m.seed)} (cell standard errors about {m.stderr_mean:.4f}{exchange})")


def _policy(policies) -> str:
    """The small blind's exchange policy of a matrix's ``policies`` (a list: the small blind's,
    the big blind's; empty without an exchange), or ``""``."""
    listed = list(policies) if policies is not None and not isinstance(policies, str) else []
    return str(listed[0]) if listed else ""


def model_note(run: harness.RunResult, games=None) -> str:
    """What produced a run's charts: the model, the stacks, the solver and each game's equity matrix."""
    matrices = run.tables["matrices"]
    if games is not None:
        matrices = matrices[matrices.game.isin(list(games))]
    first = matrices.iloc[0]
    ante = "no ante" if float(first.ante) == 0 else f"antes of {float(first.ante):g} bb each"
    params = run.record.get("parameters", {})
    step = params.get("stack_step")
    grid = f"{first.stack_min:g}-{first.stack_max:g} bb" + (f" every {float(step):g} bb" if step else "")
    worst = float(matrices.max_exploitability.max())
    return (f"Model: heads-up push/fold equilibrium, SB 0.5 / BB 1, {ante}, effective stacks {grid} "
            f"(blinds included), predictive CFR+ to an exploitability of at most {worst:.1e} bb per hand. "
            f"Equity matrix: {'; '.join(_matrix_text(m) for _, m in matrices.iterrows())}. "
            f"Run {run.record.get('run_id', '?')}, seed {run.record.get('seed', '?')}.")


def _ranks(run: harness.RunResult, game: str) -> str:
    return str(run.tables["matrices"].set_index("game").loc[game, "ranks"])


def _at_stack(result: pd.DataFrame, game: str) -> pd.Series:
    """The row of ``game`` at :data:`QUOTED_STACK`, else at the grid's middle stack."""
    rows = result[result.game == game].reset_index(drop=True)
    at = rows[np.isclose(rows["stack"], QUOTED_STACK)]
    return at.iloc[0] if len(at) else rows.iloc[len(rows) // 2]


def _cell_text(value: float, top: float) -> str:
    if math.isnan(value):
        return "-"
    if math.isinf(value):
        return f"{top:g}+"
    return f"{value:.1f}"


def threshold_grid(run: harness.RunResult, game: str, player: str = "push", *, vmin: float | None = None,
                   vmax: float | None = None) -> Figure:
    """The rank grid (13 by 13, 7 by 7 in Spanish poker) of each class's push or call threshold.

    Each cell is the largest stack, big blinds, at which the small blind pushes (``player="push"``)
    or the big blind calls (``"call"``) the class; ``20+`` (the grid's largest stack) where it is
    played at every stack solved, ``-`` where at none.  ``vmin`` and ``vmax`` set the colour
    scale, big blinds (default: the game's smallest and largest stack solved), so that several
    games' grids can share one scale.
    """
    thresholds = run.tables["thresholds"]
    rows = thresholds[thresholds.game == game]
    matrix = run.tables["matrices"].set_index("game").loc[game]
    exact = matrix.method == "exact"
    top, bottom = float(matrix.stack_max), float(matrix.stack_min)
    ranks = _ranks(run, game)
    big = len(ranks) > 9
    fig, ax = P.figure(width=8.4 if big else 6.2, height=7.6 if big else 5.4)
    shown = rows[player].to_numpy(dtype=float)
    colour = np.where(np.isinf(shown), top, np.where(np.isnan(shown), bottom, shown))
    low = bottom if vmin is None else float(vmin)
    high = top if vmax is None else float(vmax)
    image = P.hand_grid(ax, dict(zip(rows.hand, colour, strict=True)), ranks=ranks, fmt="", vmin=low,
                        vmax=high)
    middle = (low + high) / 2
    for hand, value, c in zip(rows.hand, shown, colour, strict=True):
        i, j = _position(hand, ranks)
        ax.text(j, i, _cell_text(value, top), ha="center", va="center", fontsize=6.5 if big else 8,
                color="black" if c > middle else "white")
    who, done, does = _PLAYERS[player]
    if exact:
        interval = "exact matrix: 95% intervals of width zero"
    else:
        widest = _widest_reach(rows, player)
        # how the intervals are found is in the note: gain ±1.96 standard errors crossing zero
        interval = (f"95% interval up to ±{P.rounded_up(widest)} bb" if widest > 0
                    else "95% interval of width zero")
    image.colorbar.set_label(f"largest stack {done}, big blinds ({interval})")
    combos = rows.combos.to_numpy()
    always = np.isinf(shown)
    never = np.isnan(shown)
    at = _at_stack(run.table, game)
    percent = float(at[f"{player}_percent"])
    band = "" if exact else (f" (95% band {float(at[f'{player}_percent_low']):.1f}-"
                             f"{float(at[f'{player}_percent_high']):.1f}%)")
    finite = rows[np.isfinite(shown)]
    policy = _policy(matrix.policies)
    exchange = f" (exchange policy {policy} at every seat)" if policy else ""
    title = (f"{game_name(game)}{exchange}, {who}: {int(always.sum())} of {len(rows)} classes "
             f"({combos[always].sum() / combos.sum():.0%} of hands) {done} at every stack up to {top:g} bb; "
             f"at {float(at['stack']):g} bb it {does} {percent:.1f}% of hands{band}")
    if player == "push" and len(finite):
        weakest = finite.loc[finite[player].idxmin()]
        # classes whose 95% interval reaches below the weakest's upper end are not told apart from it
        tied = finite[finite[f"{player}_low"] <= weakest[f"{player}_high"]].sort_values(player)
        if len(tied) <= 1 or exact:
            title += f"; {weakest.hand} only below {weakest[player]:.2f} bb"
        else:
            title += (f"; the weakest pushed, tied within their 95% intervals: {name_list(tied.hand)} "
                      f"(below {weakest[player]:.2f} to {tied[player].max():.2f} bb)")
    elif player == "call" and len(finite) and not never.any():
        title += f"; below {finite[player].min():.2f} bb it calls with every hand"
    if never.any():
        title += f"; {int(never.sum())} classes never"
    note = (f"Threshold: the largest stack at which more than half of the class is {done} (where its gain "
            "over folding crosses zero, linearly between the grid's stacks); a class may also be folded "
            f"at some smaller stacks. {model_note(run, [game])}")
    if exact:
        note += " Exact matrix: no sampling error, 95% intervals of width zero."
    else:
        note += (" 95% interval of a threshold: where the gain less and plus 1.96 standard errors crosses "
                 "zero, the other player's strategy held at the equilibrium.")
    P.finding(fig, title, note=note)
    return fig


def _range_title(run: harness.RunResult, game: str, player: str, rows: pd.DataFrame, top: float) -> str:
    """The first clause of a chart's title: how many classes are played at every stack, and the
    range's size at the quoted stack with its 95% band."""
    who, done, does = _PLAYERS[player]
    shown = rows[player].to_numpy(dtype=float)
    combos = rows.combos.to_numpy()
    always = np.isinf(shown)
    at = _at_stack(run.table, game)
    exact = run.tables["matrices"].set_index("game").loc[game, "method"] == "exact"
    band = "" if exact else (f" (95% band {float(at[f'{player}_percent_low']):.1f}-"
                             f"{float(at[f'{player}_percent_high']):.1f}%)")
    return (f"{game_name(game)}, {who}: {int(always.sum()):,} of {len(rows):,} classes "
            f"({combos[always].sum() / combos.sum():.0%} of hands) {done} at every stack up to {top:g} bb; "
            f"at {float(at['stack']):g} bb it {does} {float(at[f'{player}_percent']):.1f}% of hands{band}")


def threshold_scatter(run: harness.RunResult, game: str, player: str = "push") -> Figure:
    """Each class's push or call threshold against its equity against a random hand, for games
    whose classes do not fit a rank grid (Tahoe's 1,755), coloured by the class's shape
    (:func:`simulations.push_fold.class_kind`), with each threshold's 95% interval."""
    rows = run.tables["thresholds"]
    rows = rows[rows.game == game]
    matrix = run.tables["matrices"].set_index("game").loc[game]
    top, bottom = float(matrix.stack_max), float(matrix.stack_min)
    fig, ax = P.figure(width=9.0, height=5.2)
    shown = rows[player].to_numpy(dtype=float)
    never_at, always_at = bottom - 0.6, top + 0.6
    y = np.where(np.isinf(shown), always_at, np.where(np.isnan(shown), never_at, shown))
    low = np.where(np.isfinite(shown), rows[f"{player}_low"].to_numpy(dtype=float), y)
    high = np.where(np.isfinite(shown), rows[f"{player}_high"].to_numpy(dtype=float), y)
    low, high = np.where(np.isfinite(low), low, never_at), np.where(np.isfinite(high), high, always_at)
    equity_vs_random = rows.equity_vs_random.to_numpy()
    kinds = rows.kind.to_numpy()
    for k, kind in enumerate(dict.fromkeys(kinds)):
        at = np.flatnonzero(kinds == kind)
        P.errorbar(ax, equity_vs_random[at], y[at], bounds=(low[at], high[at]), linestyle="none", marker=".",
                   markersize=3, elinewidth=0.4, color=P.PALETTE[k % len(P.PALETTE)],
                   label=f"{kind} ({len(at)})")
    ax.axhline(top + 0.3, color=P.REFERENCE, linewidth=0.6, linestyle=":")
    ax.axhline(bottom - 0.3, color=P.REFERENCE, linewidth=0.6, linestyle=":")
    ax.set_yticks([never_at, *range(int(math.ceil(bottom)), int(top) + 1, 2), always_at],
                  ["never", *(str(v) for v in range(int(math.ceil(bottom)), int(top) + 1, 2)), f"{top:g}+"])
    who, done, _ = _PLAYERS[player]
    P.label(ax, xlabel="equity against a random hand", ylabel=f"largest stack {done} (big blinds)")
    P.legend(ax, loc="upper left", fontsize=7)
    title = _range_title(run, game, player, rows, top)
    finite = rows[np.isfinite(shown)]
    if len(finite) > 2:
        # how far the equity against a random hand orders the thresholds: Spearman's rank correlation
        rho = finite.equity_vs_random.rank().corr(finite[player].rank())
        title += (f"; the equity against a random hand orders the {len(finite):,} finite thresholds with "
                  f"a rank correlation of {rho:.2f}")
    note = (f"Threshold: the largest stack at which more than half of the class is {done}; bars: 95% "
            "intervals (where the gain over folding less and plus 1.96 standard errors crosses zero, the "
            f"other player's strategy held at the equilibrium). {model_note(run, [game])}")
    P.finding(fig, title, note=note)
    return fig


def _pair_cell(hand: str, ranks: str) -> tuple[int, int, bool] | None:
    """A three-card class with a pair: (pair rank's row, kicker's column, kicker suited with a
    card of the pair); trips on the diagonal; None without a pair."""
    hand_ranks, suits = hand[0::2], hand[1::2]
    counted = {r: hand_ranks.count(r) for r in hand_ranks}
    paired = [r for r, c in counted.items() if c >= 2]
    if not paired:
        return None
    pair = paired[0]
    if counted[pair] == 3:
        return ranks.index(pair), ranks.index(pair), True
    kicker = next(i for i, r in enumerate(hand_ranks) if r != pair)
    pair_suits = {s for r, s in zip(hand_ranks, suits, strict=True) if r == pair}
    return ranks.index(pair), ranks.index(hand_ranks[kicker]), suits[kicker] in pair_suits


def paired_grid(run: harness.RunResult, game: str, player: str = "push") -> Figure:
    """The paired classes of a three-card game on two rank grids (the pair's rank down the side,
    the kicker's along the top, trips on the diagonal): the kicker suited with a card of the pair,
    and not.  Each cell is the class's push or call threshold."""
    rows = run.tables["thresholds"]
    rows = rows[rows.game == game]
    matrix = run.tables["matrices"].set_index("game").loc[game]
    top, bottom = float(matrix.stack_max), float(matrix.stack_min)
    ranks = _ranks(run, game)
    n = len(ranks)
    fig, axes = P.figure(1, 2, width=13.0, height=6.6)
    grids = {True: np.full((n, n), np.nan), False: np.full((n, n), np.nan)}
    texts: dict[bool, dict[tuple[int, int], str]] = {True: {}, False: {}}
    for hand, value in zip(rows.hand, rows[player].to_numpy(dtype=float), strict=True):
        cell = _pair_cell(hand, ranks)
        if cell is None:
            continue
        i, j, suited = cell
        for side in ((True, False) if i == j else (suited,)):
            grids[side][i, j] = top if np.isinf(value) else bottom if np.isnan(value) else value
            texts[side][(i, j)] = _cell_text(value, top)
    middle = (top + bottom) / 2
    for ax, suited in zip(axes, (True, False), strict=True):
        image = ax.imshow(grids[suited], cmap=P.SEQUENTIAL, vmin=bottom, vmax=top)
        for (i, j), text in texts[suited].items():
            ax.text(j, i, text, ha="center", va="center", fontsize=6.5,
                    color="black" if grids[suited][i, j] > middle else "white")
        ax.set_xticks(range(n), list(ranks))
        ax.set_yticks(range(n), list(ranks))
        ax.tick_params(length=0)
        ax.grid(False)
        P.label(ax, xlabel="kicker", ylabel="pair (trips on the diagonal)")
        ax.set_title("kicker suited with a card of the pair" if suited else "kicker of a third suit",
                     fontsize=9)
    _, done, _ = _PLAYERS[player]
    colorbar = fig.colorbar(image, ax=list(axes), shrink=0.8)
    colorbar.set_label(f"largest stack {done}, big blinds")
    paired = rows[[_pair_cell(h, ranks) is not None for h in rows.hand]]
    shown = paired[player].to_numpy(dtype=float)
    always = int(np.isinf(shown).sum())
    title = (f"{game_name(game)}, paired hands ({len(paired)} of {len(rows):,} classes): {always} "
             f"{done} at every stack up to {top:g} bb")
    finite = paired[np.isfinite(shown)]
    if len(finite):
        weakest = finite.loc[finite[player].idxmin()]
        title += f"; the first to go is {weakest.hand}, {done} only up to {weakest[player]:.1f} bb"
    note = (f"Threshold: the largest stack at which more than half of the class is {done}; cells print it "
            f"to 0.1 bb ({top:g}+: at every stack solved, -: at none). {model_note(run, [game])}")
    P.finding(fig, title, note=note)
    return fig


def _widest_reach(rows: pd.DataFrame, player: str) -> float:
    """The farthest a class's 95% interval reaches from its threshold, either side, big blinds (over
    the classes whose threshold and interval ends are finite stacks)."""
    point = rows[player].to_numpy(dtype=float)
    low = rows[f"{player}_low"].to_numpy(dtype=float)
    high = rows[f"{player}_high"].to_numpy(dtype=float)
    with np.errstate(invalid="ignore"):  # a class played at every stack: inf less inf
        reach = np.fmax(point - low, high - point)
    finite = reach[np.isfinite(point) & np.isfinite(reach)]
    return float(finite.max()) if len(finite) else 0.0


def _position(hand: str, ranks: str) -> tuple[int, int]:
    """The (row, column) of a class on the rank grid of ``ranks`` (highest first)."""
    a, b = ranks.index(hand[0]), ranks.index(hand[1])
    if len(hand) == 2 or hand.endswith("s"):
        return a, b
    return b, a


def _ranges(run: harness.RunResult) -> Figure:
    result = run.table
    games = list(dict.fromkeys(result.game))
    fig, axes = P.figure(1, 3, width=13.0, height=4.2)
    panels = (("push_percent", "small blind: pushed (% of hands)"),
              ("call_percent", "big blind: called (% of hands)"))
    for k, game in enumerate(games):
        rows = result[result.game == game]
        stacks = rows["stack"].to_numpy()
        colour = P.PALETTE[k % len(P.PALETTE)]
        mc = rows.method.iloc[0] != "exact"
        label = f"{game_name(game)} ({'Monte Carlo' if mc else 'exact'})"
        for ax, (column, _) in zip(axes[:2], panels, strict=True):
            low, high = rows[f"{column}_low"].to_numpy(), rows[f"{column}_high"].to_numpy()
            P.errorbar(ax, stacks, rows[column], bounds=(low, high), marker="", label=label, color=colour,
                       errorevery=max(len(stacks) // 20, 1), elinewidth=0.8, capsize=2.5 if mc else 0)
            if mc:
                ax.fill_between(stacks, low, high, color=colour, alpha=0.2, linewidth=0)
        P.errorbar(axes[2], stacks, rows.value, rows.value_se, marker="", label=label, color=colour,
                   errorevery=max(len(stacks) // 20, 1), elinewidth=0.8, capsize=2.5 if mc else 0)
    for ax, (_, text) in zip(axes[:2], panels, strict=True):
        P.label(ax, xlabel="effective stack (big blinds)", ylabel=text)
        ax.set_ylim(0, 101)
    axes[2].axhline(0.0, color=P.REFERENCE, linewidth=0.8, linestyle="--")
    P.label(axes[2], xlabel="effective stack (big blinds)", ylabel="small blind's value (bb per hand)")
    P.legend(axes[0], loc="upper right")
    quoted = [_at_stack(result, g) for g in games]
    stack = float(quoted[0]["stack"])
    pairs = list(zip(games, quoted, strict=True))
    pushes = ", ".join(f"{float(q.push_percent):.0f}% in {game_name(g)}" for g, q in pairs)
    calls = ", ".join(f"{float(q.call_percent):.0f}%" for q in quoted)
    title = (f"Ranges shrink as stacks grow: at {stack:g} bb the small blind pushes {pushes}, and the big "
             f"blind calls {calls}; the small blind's value there is "
             + ", ".join(f"{float(q.value):+.3f} bb a hand in {game_name(g)}" for g, q in pairs))
    mc = (result.method != "exact").any()
    note = ("Lines: the equilibrium at each stack; bars and bands: 95% intervals (range sizes: the classes "
            "whose gain over folding is within 1.96 standard errors of zero counted out and in; value: 1.96 "
            "standard errors). " if mc else "Exact matrices: intervals of width zero. ")
    P.finding(fig, title, note=note + model_note(run))
    return fig


def _anchors(run: harness.RunResult) -> Figure:
    anchors = run.tables["anchors"]
    fig, axes = P.figure(1, 2, width=12.5, height=4.0)
    exact = run.tables["matrices"].set_index("game").loc["holdem", "method"] == "exact"
    for ax, part, unit in ((axes[0], anchors[anchors.hand == ""], "percentage points"),
                           (axes[1], anchors[anchors.hand != ""], "big blinds")):
        y = np.arange(len(part), dtype=float)
        middle = (part.low.to_numpy() + part.high.to_numpy()) / 2
        P.errorbar(ax, np.zeros(len(part)), y, horizontal=True, linestyle="none", marker="|",
                   bounds=(part.low - middle, part.high - middle), color=P.REFERENCE, markersize=10,
                   label="published, with the issue's tolerance")
        P.errorbar(ax, part.computed - middle, y, np.zeros(len(part)), horizontal=True, linestyle="none",
                   color=P.HIGHLIGHT, markersize=6, label="computed here")
        labels = []
        for row in part.itertuples():
            unit_text = "%" if row.hand == "" else " bb"
            labels.append(f"{row.anchor}\n{row.computed:.4g}{unit_text} (published {row.published}"
                          f"{'' if row.hand == '' else ' bb'})")
        ax.set_yticks(y, labels)
        ax.set_ylim(len(part) - 0.5, -0.5)  # the first anchor on top
        P.label(ax, xlabel=f"computed less published ({unit})")
    P.legend(fig, outside="right center")
    held = int(anchors.within.sum())
    pushed = anchors[anchors.anchor == "pushed at 10 bb"].computed.iloc[0]
    called = anchors[anchors.anchor == "called at 10 bb"].computed.iloc[0]
    verdict = (f"Hold'em: all {len(anchors)} anchors of issue 28 hold" if held == len(anchors)
               else f"Hold'em: only {held} of {len(anchors)} anchors of issue 28 hold")
    worst = anchors.loc[(anchors.difference.abs() / (anchors.high - anchors.low)).idxmax()]
    title = (f"{verdict}: {pushed:.2f}% pushed and {called:.2f}% called at 10 bb; the closest to its "
             f"tolerance is {worst.anchor} ({worst.computed:.4g} against {worst.published})")
    note = ("Published: the Nash push/fold charts quoted in issue 28 (HoldemResources.net; thresholds print "
            "to 0.1 bb); bars: the issue's tolerances (±1 percentage point, ±0.2 bb, ±0.01 bb for 72o and "
            "32o, whose threshold is 0.5 / (1 - 2e) with e the exact equity against a random hand). ")
    note += ("Exact Hold'em matrix: the computed points have no sampling error (95% intervals of width "
             "zero). " if exact else "Computed points from a Monte Carlo matrix, without their intervals. ")
    P.finding(fig, title, note=note + model_note(run, ["holdem"]))
    return fig


def push_fold(run: harness.RunResult, *, shared_scale: bool = False) -> dict[str, Figure]:
    """Figures of a push-fold run: ``<game>_push`` and ``<game>_call`` (threshold grids per game;
    for games of three hole cards, which have no rank grid, :func:`threshold_scatter`, and
    ``<game>_pairs_push`` and ``<game>_pairs_call``, :func:`paired_grid`),
    ``ranges`` (range sizes and the small blind's value against the stack) and, with Hold'em and no
    ante, ``anchors`` (the issue's anchors beside the published figures).

    ``shared_scale=True`` colours every game's threshold grids on one scale, from the smallest
    stack solved in any game to the largest, so the games compare cell by cell; by default each
    game's grids span that game's own stacks."""
    figs = {}
    matrices = run.tables["matrices"]
    scale = ({"vmin": float(matrices.stack_min.min()), "vmax": float(matrices.stack_max.max())}
             if shared_scale else {})
    thresholds = run.tables["thresholds"]
    for game in dict.fromkeys(thresholds.game):
        grid = all(len(hand) <= 3 for hand in thresholds[thresholds.game == game].hand)  # "AKs": a grid
        for player in ("push", "call"):
            figs[f"{game}_{player}"] = (threshold_grid(run, game, player, **scale) if grid
                                        else threshold_scatter(run, game, player))
        if not grid:
            for player in ("push", "call"):
                figs[f"{game}_pairs_{player}"] = paired_grid(run, game, player)
    figs["ranges"] = _ranges(run)
    if len(run.tables["anchors"]):
        figs["anchors"] = _anchors(run)
    return figs
