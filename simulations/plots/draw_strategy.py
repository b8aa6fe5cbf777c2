"""Charts of study 6, draw strategy (the ``draw-strategy`` study)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from equity import plotting as P
from equity.strategy.showdown import MODEL_DEALS
from simulations import harness
from simulations.plots.common import game_name, run_note

if TYPE_CHECKING:  # pragma: no cover - typing only
    from matplotlib.figure import Figure

__all__ = ["draw_strategy", "MODEL_NOTE"]

#: What the ``switch_aware`` policies and the model tables assume, for the charts' notes.
MODEL_NOTE = (f"switch_aware: the hold of highest estimated showdown share in a model of {MODEL_DEALS:,} "
              "simulated deals of opponents drawing standard, within the draw limits (3 cards, 4 with an "
              "ace)")
#: Change kinds and example classes shown in the Switch-versus-draw chart, per opponent count.
SHOWN_KINDS = 10


def _zeros(n: int) -> np.ndarray:
    """Standard errors of exact figures: intervals of width zero."""
    return np.zeros(n)


def _signed(value: float) -> str:
    return f"{value:+.2%}".replace("%", " pp") if abs(value) < 0.1 else f"{value:+.1%}"


def _returns(run: harness.RunResult) -> Figure:
    returns = run.tables["returns"]
    fig, ax = P.figure(1, 1, width=8.0, height=2.6)
    y = np.arange(len(returns))
    P.errorbar(ax, returns.computed, y, _zeros(len(returns)), horizontal=True, linestyle="none",
               label="computed: perfect play, every starting hand", color=P.PALETTE[0], markersize=7)
    P.errorbar(ax, returns.published, y, _zeros(len(returns)), horizontal=True, linestyle="none", marker="x",
               label="published", color=P.HIGHLIGHT, markersize=9)
    P.reference(ax, 1.0, "break-even (1 per coin bet)", axis="x")
    ax.set_yticks(y, [f"{row.name}\n{row.computed:.6f} (published {row.published:.6f})"
                      for row in returns.itertuples()])
    ax.set_ylim(-0.6, len(returns) - 0.4)
    P.label(ax, xlabel="expected return per coin bet")
    P.legend(ax, loc="lower right")
    worst = float(returns.difference.abs().max())
    verdict = ("both published returns are reproduced to six decimals" if worst < 5e-7
               else f"the computed returns differ from the published ones by up to {worst:.1e}")
    P.finding(fig, f"Video poker, perfect play: {verdict}: "
                   + ", ".join(f"{row.name} {row.computed:.6f}" for row in returns.itertuples()),
              note=("Exact: every starting hand and every hold, all replacements enumerated by "
                    "inclusion-exclusion (equity.strategy.draw.optimal_return); no sampling, so the "
                    "intervals have width zero. Any of the 32 holds allowed, as on a machine."))
    return fig


def _optimal_holds(run: harness.RunResult) -> Figure:
    kinds, chart = run.tables["hold_kinds"], run.tables["hold_chart"]
    returns = run.tables["returns"].set_index("paytable")
    typical = chart[chart.example == "typical"].set_index("kind") if len(chart) else pd.DataFrame()
    labels = []
    for row in kinds.itertuples():
        if row.kind in typical.index:
            ex = typical.loc[row.kind]
            labels.append(f"{row.kind}   e.g. {ex.hand}: keep {ex.hold or '(none)'}")
        else:
            labels.append(row.kind)
    fig, axes = P.figure(1, 2, width=12.5, height=0.32 * len(kinds) + 1.8, sharey=True)
    P.bars(axes[0], labels, {"share of starting hands": (kinds.share, _zeros(len(kinds)))}, horizontal=True)
    P.percent_axis(axes[0], axis="x", decimals=1)
    P.label(axes[0], xlabel="share of the 2,598,960 starting hands",
            title="how often each best hold is played")
    P.bars(axes[1], labels, {"margin": (kinds.margin, _zeros(len(kinds)))}, horizontal=True,
           colors=[P.PALETTE[2]])
    axes[1].set_xscale("log")
    P.label(axes[1], xlabel="best hold's value less the second best's (coins per coin bet, log scale)",
            title="how much the decision matters (mean over the hands)")
    top = kinds.sort_values("share", ascending=False).iloc[0]
    ret = float(returns.loc["jacks_or_better", "computed"])
    P.finding(fig, f"9/6 Jacks or Better, perfect play returns {ret:.4%}: the most common best hold is "
                   f"'{top.kind}', {top.share:.0%} of starting hands, worth {top.margin:.3f} a coin over "
                   "the next best hold on average",
              note=("Exact: best hold of each of the 134,459 classes of starting hands (equity.strategy.draw."
                    "optimal_return); kinds ordered by the mean value of their hands; intervals have width "
                    "zero. Examples: the class with the median margin of each kind."))
    return fig


def _switch_vs_draw(run: harness.RunResult) -> Figure:
    kinds, summary = run.tables["difference_kinds"], run.tables["difference_summary"]
    counts = list(summary.opponents)
    fig, axes = P.figure(len(counts), 1, width=11.0, height=(0.3 * SHOWN_KINDS + 1.0) * len(counts) + 1.2,
                         squeeze=False)
    for ax, k in zip(axes[:, 0], counts, strict=True):
        part = kinds[kinds.opponents == k].head(SHOWN_KINDS)
        labels = [f"{r.plain_kind} -> {r.switch_kind}   e.g. {r.example}: {r.example_plain or '(none)'} -> "
                  f"{r.example_switch or '(none)'}" for r in part.itertuples()]
        P.bars(ax, labels, {"share of starting hands": (part.share, _zeros(len(part)))}, horizontal=True)
        P.percent_axis(ax, axis="x", decimals=1)
        k = int(k)
        row = summary[summary.opponents == k].iloc[0]
        P.label(ax, xlabel="share of the 2,598,960 starting hands (plain draw's best hold -> Switch's)",
                title=f"against {k} opponent{'s' if k > 1 else ''}: the best hold differs for "
                      f"{row.share:.1%} of hands ({int(row.classes_changed):,} classes)")
    first = summary.iloc[0]
    n_first = int(first.opponents)
    top = kinds[kinds.opponents == n_first].iloc[0]
    P.finding(fig, f"The Switch changes the best hold of {first.share:.0%} of starting hands against "
                   f"{n_first} opponent{'s' if n_first > 1 else ''}; most often "
                   f"'{top.plain_kind}' becomes '{top.switch_kind}' ({top.share:.1%} of hands)",
              note=(f"Showdown model (no sampling error shown: the model is fixed; {MODEL_NOTE}). Best hold "
                    "without the card lost before the draw (switch_aware_no_info). Model estimates: see "
                    "the Monte Carlo checks. Intervals have width zero."))
    return fig


def _checks(run: harness.RunResult) -> Figure:
    checks = run.tables["checks"]
    fig, ax = P.figure(1, 1, width=11.0, height=0.45 * max(len(checks), 1) + 1.8)
    y = np.arange(len(checks))
    labels = [f"{r.hand} vs {r.opponents}: keep {r.switch_hold or '(none)'} not {r.plain_hold or '(none)'}"
              for r in checks.itertuples()]
    P.errorbar(ax, checks.mc_gain, y, checks.mc_gain_se, horizontal=True, linestyle="none",
               label="Monte Carlo, exact rules (95% interval, paired)", color=P.PALETTE[0])
    P.errorbar(ax, checks.model_gain, y, _zeros(len(checks)), horizontal=True, linestyle="none", marker="D",
               label="showdown model", color=P.PALETTE[1], offset=0.2)
    P.reference(ax, 0.0, "no difference", axis="x")
    ax.set_yticks(y, labels)
    ax.invert_yaxis()
    P.label(ax, xlabel="Switch hold's share of the pot less the plain-draw hold's")
    P.legend(fig, outside="lower center", ncols=3)
    low = checks.mc_gain - P.Z95 * checks.mc_gain_se
    high = checks.mc_gain + P.Z95 * checks.mc_gain_se
    confirmed, refuted = int((low > 0).sum()), int((high < 0).sum())
    samples = int(checks.samples.iloc[0]) if len(checks) else 0
    P.finding(fig, f"Under the exact Switch rules {confirmed} of {len(checks)} checked model holds beat the "
                   f"plain-draw hold; {refuted} are worse (95% intervals)",
              note=(f"Each row: the class with the largest hands x margin of one of the most common kinds "
                    "of change. Monte Carlo: equity.strategy.showdown.showdown_hold_values on "
                    f"{samples:,} deals per row, the seat last, opponents drawing standard, no card known "
                    "lost, every hold on the same deals (paired standard errors). The model ignores card "
                    f"removal between seats. {run_note(run, bars=False)}"))
    return fig


def _by_players(run: harness.RunResult, comparison_rows: dict[str, pd.DataFrame], ylabel: str) -> Figure:
    fig, ax = P.figure(1, 1, width=10.5, height=3.8)
    for k, (label, rows) in enumerate(comparison_rows.items()):
        rows = rows.sort_values("players")
        P.errorbar(ax, rows.players, rows.gain, rows.gain_se, label=label, color=P.PALETTE[k],
                   offset=0.06 * (k - (len(comparison_rows) - 1) / 2))
    P.reference(ax, 0.0, "no gain", linestyle=":")
    P.label(ax, xlabel="players (the measured seat draws last)", ylabel=ylabel)
    P.legend(fig)
    return fig


def _gain(run: harness.RunResult) -> Figure:
    result = run.table
    series = {}
    names = {("switch", "aware_vs_standard"): "Switch, others standard",
             ("switch", "adapted"): "Switch, others switch_aware",
             ("draw", "aware_vs_standard"): "plain draw, others standard"}
    for (game, comparison), label in names.items():
        rows = result[(result.game == game) & (result.comparison == comparison)]
        if len(rows):
            series[label] = rows
    fig = _by_players(run, series, "gain: switch_aware less standard\n(share of the pot)")
    main = result[(result.game == "switch") & (result.comparison == "aware_vs_standard")]
    main = main.sort_values("players")
    if len(main):
        first, last = main.iloc[0], main.iloc[-1]
        title = (f"In Switch a switch-aware draw gains the last seat {first.gain:+.4f} ± "
                 f"{P.Z95 * first.gain_se:.4f} of the pot at {first.players} players and {last.gain:+.4f} ± "
                 f"{P.Z95 * last.gain_se:.4f} at {last.players}")
        adapted = result[(result.game == "switch") & (result.comparison == "adapted")]
        if len(adapted):
            row = adapted.set_index("players").reindex([first.players]).iloc[0]
            if not np.isnan(row.gain):
                kept = "survives" if row.gain - P.Z95 * row.gain_se > 0 else "does not clearly survive"
                title += (f"; the gain {kept} when every seat draws switch-aware ({row.gain:+.4f} ± "
                          f"{P.Z95 * row.gain_se:.4f} at {first.players})")
        ratio = float((main.gain_se_unpaired / main.gain_se).median())
    else:
        title, ratio = "The gain of a switch-aware draw by table size", float("nan")
    P.finding(fig, title, note=(f"Last seat (draws last) switch_aware against standard on the same deals "
                                f"(common random numbers: the paired standard error is {ratio:.1f} times "
                                f"smaller than the unpaired one, median). {MODEL_NOTE}. {run_note(run)}"))
    return fig


def _information(run: harness.RunResult) -> Figure:
    result = run.table
    rows = result[(result.game == "switch") & (result.comparison == "information")]
    fig = _by_players(run, {"Switch, others standard": rows},
                      "value of the card lost\n(share of the pot)")
    if len(rows):
        best = rows.loc[rows.gain.idxmax()]
        significant = int(((rows.gain - P.Z95 * rows.gain_se) > 0).sum())
        title = (f"Knowing the card lost in the first switch is worth at most {best.gain:+.4f} ± "
                 f"{P.Z95 * best.gain_se:.4f} of the pot ({best.players} players); above zero at "
                 f"{significant} of {len(rows)} table sizes")
    else:
        title = "The value of knowing the card lost in the first switch"
    P.finding(fig, title, note=("Last seat switch_aware (the card lost before the draw is out of the stub) "
                                "against switch_aware_no_info (it ignores that card), others standard, same "
                                f"deals. {MODEL_NOTE}. {run_note(run)}"))
    return fig


def draw_strategy(run: harness.RunResult) -> dict[str, Figure]:
    """Figures of a ``draw-strategy`` run.

    Returns
    -------
    dict of Figure
        ``returns`` (Jacks or Better and Deuces Wild against their published returns),
        ``optimal_holds`` (Jacks or Better's best holds by kind), ``switch_vs_draw`` (the kinds
        of hold the Switch changes), ``checks`` (model against Monte Carlo for examples),
        ``gain`` (switch_aware against standard by table size, and when every seat adapts) and
        ``information`` (the value of the card lost in the first switch).
    """
    figs: dict[str, Figure] = {"returns": _returns(run), "optimal_holds": _optimal_holds(run),
                               "switch_vs_draw": _switch_vs_draw(run)}
    if len(run.tables["checks"]):
        figs["checks"] = _checks(run)
    if len(run.table):
        figs["gain"] = _gain(run)
        if (run.table.comparison == "information").any():
            figs["information"] = _information(run)
    for name, fig in figs.items():
        fig.set_label(f"draw-strategy {name} ({game_name('switch')})")
    return figs
