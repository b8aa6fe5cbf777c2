"""Charts of study 2, Switch pair-break odds (the ``switch-pairs`` study)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from equity import plotting as P
from simulations import harness
from simulations.plots.common import category_name, game_name, run_note

if TYPE_CHECKING:  # pragma: no cover - typing only
    from matplotlib.figure import Figure

__all__ = ["switch_pairs"]

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

    # each game its own y axis: 2/5 and 2/7 lie far apart against the few points of noise around each,
    # and a shared axis would squeeze both series flat (P.share_y shares it only when comparable)
    fig, axes = P.figure(1, len(games), squeeze=False)
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
        P.label(ax, title=f"{game_name(game)}{draw}", xlabel="players")
        P.legend(ax)
    P.share_y(axes)
    P.label(axes[0][0], ylabel="pair loses a card at the switch\n(share of pairs held)")
    pooled = lost[lost.game == games[0]]
    weight = pooled.pairs.to_numpy(dtype=float)
    share = float((pooled.estimate * weight).sum() / weight.sum())
    # the pooled cells share deals, so this standard error is a lower bound: hence 4 of them
    spread = float(np.sqrt(share * (1 - share) / weight.sum()))
    exact = float(pooled.exact.iloc[0])
    verdict = "as the rule's" if abs(share - exact) < 4 * spread else "against the rule's"
    fraction = "2 in 5" if np.isclose(exact, 0.4) else f"{exact:.4f}"
    P.finding(fig, f"A switch takes a card of a held pair {share:.1%} of the time in {game_name(games[0])}, "
                   f"{verdict} {fraction}", note=run_note(run))
    figs["pair_lost"] = fig

    held = result[result.measure == "pair_held"]
    fig, axes = P.figure(1, len(games), squeeze=False)
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
        P.label(ax, title=f"{game_name(game)}, {chosen} players")
    P.label(axes[0][0], ylabel="dealt pairs still held (at least two cards)")
    P.share_y(axes)  # every panel spans 0 to 105%: one comparable scale
    P.legend(fig)
    part = held[(held.game == games[0]) & (held.players == chosen) & (held.when == "after_switch_2")
                & (held.game_form == "switch")]
    policy = _draw_policy(part.policy) if len(part) else None
    if policy is not None:
        row = part[part.policy == policy].iloc[0]
        title = (f"Only {row.estimate:.0%} of pairs dealt in {game_name(games[0])} are still held at the "
                 f"showdown ({chosen} players, {policy} draw)")
    else:
        title = "A dealt pair through switch, draw and switch"
    P.finding(fig, title, note=run_note(run))
    figs["pair_survival"] = fig

    fig, axes = P.figure(len(games), 2, squeeze=False, height=3.6 * len(games) + 0.8)
    for r, game in enumerate(games):
        part = categories[(categories.game == game) & (categories.players == chosen)]
        policy = _draw_policy(part.policy)
        part = part[part.policy == policy]
        for c, hand in enumerate(("player", "winner")):
            rows = part[part.hand == hand].sort_values("rank")
            ax = axes[r][c]
            P.bars(ax, [category_name(x) for x in rows.category],
                   {"with the switch": (rows.switch, rows.switch_se),
                    "without (plain game)": (rows.plain, rows.plain_se)}, horizontal=True)
            P.percent_axis(ax, axis="x")
            draw = "" if policy == "none" else f", {policy} draw"
            whose = "each player's hand" if hand == "player" else "the winning hand"
            P.label(ax, title=f"{game_name(game)}{draw}: {whose}",
                    xlabel=f"share of {whose.split(' ', 1)[1]}s" if hand == "winner" else "share of hands")
    P.legend(fig)
    rows = categories[(categories.game == games[0]) & (categories.players == chosen)
                      & (categories.hand == "player")]
    rows = rows[rows.policy == _draw_policy(rows.policy)]
    pair_up = rows[rows.category.isin(["two_pair", "three_of_a_kind", "straight", "flush", "full_house",
                                       "four_of_a_kind", "straight_flush"])]
    with_switch, without = float(pair_up.switch.sum()), float(pair_up.plain.sum())
    P.finding(fig, f"With the switch, {with_switch:.1%} of {game_name(games[0])} hands reach two pair or "
                   f"better at the showdown, against {without:.1%} without ({chosen} players)",
              note=run_note(run))
    figs["showdown"] = fig

    fig, axes = P.figure(1, len(games), squeeze=False)
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
        P.label(ax, title=f"{game_name(game)}{draw}", xlabel="players")
    P.share_y(axes)
    P.legend(fig)
    P.label(axes[0][0], ylabel="equity of a dealt two pair or better\n(share of the pot)")
    part = pats[(pats.game == games[0]) & (pats.players == chosen)]
    part = part[part.policy == _draw_policy(part.policy)]
    if len(part):
        row = part.iloc[0]
        verb = "cuts" if row.switch < row.plain else "raises"
        title = (f"The switch {verb} a pat hand's equity from {row.plain:.2f} to {row.switch:.2f} "
                 f"({game_name(games[0])}, {chosen} players)")
    else:
        title = "Equity of a pat hand with and without the switch"
    P.finding(fig, title, note=run_note(run))
    figs["pat_equity"] = fig
    return figs

