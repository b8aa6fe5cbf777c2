"""Study 6, draw strategy: what should a player keep, and what is knowing the Switch worth?

Five-card draw asks one question at the draw: which cards to keep.  Under a video-poker pay
table the answer is exact (the return of perfect play and the best hold of every starting
hand); against opponents at a showdown it depends on what they hold, and in Switch on the
blind switch after the draw, which takes a random card of the final hand and gives one of the
previous seat's.  For five-card Switch and plain five-card draw, 2 to 7 players, the study
measures what one seat (the last, who draws last) gains by drawing ``switch_aware`` (the hold
of highest estimated showdown share, given its five cards and the card it lost in the switch
before the draw) instead of ``standard`` when the others draw ``standard``; what the card lost
is worth (``switch_aware`` against ``switch_aware_no_info``, which ignores it); and whether
the gain survives when every other seat draws ``switch_aware`` too.  It also lists the optimal
holds of 9/6 Jacks or Better, the two published video-poker returns beside the computed ones,
and the starting hands whose best hold differs between Switch and plain draw.

Method.  Monte Carlo cells (``game``, ``comparison``, ``players``): each chunk plays the same
deals twice with :func:`equity.strategy.showdown.policy_shares` (the seed and chunk of the run,
so both profiles meet the same deals, the same switches and the same draws of every seat
before the last) and sums the per-deal difference of the last seat's pot share (the gain,
with its paired standard error) and each profile's share (with their own standard errors;
the unpaired error of the gain, ``sqrt(se_a^2 + se_b^2)``, is given for comparison).

The exact and model tables are computed when the run is finished (a few seconds each, no
random numbers but the checks): :func:`equity.strategy.draw.optimal_return` for the two pay
tables; :func:`equity.strategy.showdown.model_best_holds` for ``draw`` and ``switch`` against
``model_opponents`` opponents (the showdown model of the ``switch_aware_no_info`` policy:
opponents drawing ``standard``, within the draw limits of three cards, four with an ace), the
classes whose best hold differs, and for the largest kinds of change a Monte Carlo check of the
exact rules (:func:`equity.strategy.showdown.showdown_hold_values`, the plain hold as reference,
``check_samples`` deals, seeds from ``check_seed``): the Switch hold's gain over the plain hold
with its paired standard error.

Tables: ``result`` (the policy comparisons), ``returns``, ``hold_kinds`` and ``hold_chart``
(Jacks or Better), ``differences``, ``difference_kinds``, ``difference_summary`` and ``checks``.
Their ``attrs["method"]`` says how each was computed: ``"monte carlo"`` (``result``, ``checks``),
``"exact"`` (the returns and holds) or ``"model"`` (exact under the showdown model).
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

import equity
from equity.errors import OptionError
from equity.strategy.draw import optimal_return
from equity.strategy.showdown import model_best_holds, model_hold_values, policy_shares, showdown_hold_values
from simulations.study import DEFAULT_SEED, Study, add_up, estimates, sum_row, z_score

__all__ = ["STUDY", "COMPARISONS", "PUBLISHED", "ALL_HANDS", "hold_kind", "check_seed"]

#: The policy comparisons: ``(policy of the last seat, its baseline, the other seats' policy)``.
COMPARISONS = {
    "aware_vs_standard": ("switch_aware", "standard", "standard"),
    "information": ("switch_aware", "switch_aware_no_info", "standard"),
    "adapted": ("switch_aware", "standard", "switch_aware"),
}
#: Games of the Monte Carlo cells, and the comparisons each plays (in plain draw no card is
#: lost before the draw, so the information comparison would be zero by construction).
GAME_COMPARISONS = {"switch": tuple(COMPARISONS), "draw": ("aware_vs_standard",)}
#: The game file of full-pay Deuces Wild (the repository's example).
DEUCES_WILD_GAME = str(Path(__file__).resolve().parents[1] / "examples" / "games" / "deuces_wild_draw.toml")
#: The published returns of perfect play: ``(pay table, game, published return, name)``.
PUBLISHED = (
    ("jacks_or_better", "draw", 0.995439, "9/6 Jacks or Better"),
    ("deuces_wild", DEUCES_WILD_GAME, 1.007620, "full-pay Deuces Wild"),
)
#: Five-card starting hands of a 52-card deck.
ALL_HANDS = math.comb(52, 5)
_RANKS = "23456789TJQKA"
_JACK, _TEN, _ACE = _RANKS.index("J"), _RANKS.index("T"), _RANKS.index("A")


# ---------------------------------------------------------------------------------------------
# Kinds of holds
# ---------------------------------------------------------------------------------------------
def _straight_span(ranks: list[int]) -> int | None:
    """The smallest span (highest minus lowest rank) of distinct ``ranks``, the ace high or low."""
    if not ranks or len(set(ranks)) != len(ranks):
        return None
    spans = [max(ranks) - min(ranks)]
    if _ACE in ranks:
        low = [-1 if r == _ACE else r for r in ranks]
        spans.append(max(low) - min(low))
    return min(spans)


@functools.cache
def hold_kind(hold: str, pair_floor: int | None = None) -> str:
    """The kind of a hold, as strategy charts name them, from its cards' ranks and suits.

    ``pair_floor`` (a rank index, 9 for jacks) splits pairs into high and low ones, as a pay
    table that pays jacks or better does; without it a pair is a pair.

    Examples
    --------
    >>> hold_kind("AhKhQhJh"), hold_kind("JcJd", pair_floor=9), hold_kind("7c7d", pair_floor=9)
    ('4 to a royal flush', 'high pair', 'low pair')
    >>> hold_kind(""), hold_kind("Ac"), hold_kind("9c8d7h6s"), hold_kind("Ac5d4h3d2d")
    ('draw five', 'an ace', '4 to an open straight', 'pat straight')
    """
    codes = [int(c) for c in equity.card_codes(hold)] if hold else []
    n = len(codes)
    ranks = [c >> 2 for c in codes]
    suited = n >= 2 and len({c & 3 for c in codes}) == 1
    counts = sorted(Counter(ranks).values(), reverse=True)
    span = _straight_span(ranks)
    if n == 0:
        return "draw five"
    if n == 5:
        straight = span == 4
        made = {(4, 1): "four of a kind", (3, 2): "full house", (3, 1, 1): "three of a kind",
                (2, 2, 1): "two pair"}.get(tuple(counts))
        if made is None and counts[0] == 2:
            pair = max(r for r, k in Counter(ranks).items() if k == 2)
            made = "one pair" if pair_floor is None else ("high pair" if pair >= pair_floor else "low pair")
        if made is None:
            made = ("straight flush" if straight and suited else "flush" if suited
                    else "straight" if straight else "no pair")
        return f"pat {made}"
    if counts[0] >= 2:
        paired = {r for r, k in Counter(ranks).items() if k >= 2}
        if counts[0] == 4:
            made = "four of a kind"
        elif counts[0] == 3:
            made = "three of a kind" if len(paired) == 1 else "full house"
        elif len(paired) == 2:
            made = "two pair"
        elif pair_floor is None:
            made = "a pair"
        else:
            made = "high pair" if max(paired) >= pair_floor else "low pair"
        kickers = sum(1 for r in ranks if r not in paired)
        return made if not kickers else f"{made} + {kickers} kicker{'s' if kickers > 1 else ''}"
    if n >= 3 and suited and min(ranks) >= _TEN:
        return f"{n} to a royal flush"
    if n >= 3 and suited and span is not None and span <= 4:
        return f"{n} to a straight flush"
    if n >= 3 and suited:
        return f"{n} to a flush"
    if n == 4 and span is not None and span <= 4:
        open_ended = span == 3 and _ACE not in ranks
        return f"4 to {'an open' if open_ended else 'an inside'} straight"
    high = sum(1 for r in ranks if r >= _JACK)
    if n == 1:
        return "an ace" if ranks[0] == _ACE else ("a high card" if high else "a low card")
    if high == n:
        return f"{n} high cards{' suited' if suited else ''}"
    if n == 2 and suited and min(ranks) >= _TEN:
        return "2 to a royal flush"
    low = n - high
    cards = f"{n} low cards" if not high else f"{high} high + {low} low card{'s' if low > 1 else ''}"
    return f"{cards}{' suited' if suited else ''}"


# ---------------------------------------------------------------------------------------------
# Monte Carlo cells
# ---------------------------------------------------------------------------------------------
def _cells(params: Mapping[str, Any]) -> list[dict[str, Any]]:
    for comparison in params["comparisons"]:
        if comparison not in COMPARISONS:
            raise OptionError(f"unknown comparison {comparison!r}: this study plays {', '.join(COMPARISONS)}")
    cells = []
    for game in params["games"]:
        if game not in GAME_COMPARISONS:
            raise OptionError(f"unknown game {game!r}: this study plays {', '.join(GAME_COMPARISONS)}")
        g = equity.get_game(game)
        for comparison in params["comparisons"]:
            if comparison not in GAME_COMPARISONS[game]:
                continue
            for players in params["players"]:
                if not 2 <= players <= g.max_players:
                    raise OptionError(f"players={players}: {game} allows 2 to {g.max_players} players")
                cells.append({"game": game, "comparison": comparison, "players": players})
    for name in ("model_opponents",):
        for k in params[name]:
            if not 1 <= int(k) <= 6:
                raise OptionError(f"{name}: {k} opponents; the showdown model takes 1 to 6")
    for name in ("examples", "check_samples", "chart_examples"):
        if int(params[name]) < (2 if name == "check_samples" else 0):
            raise OptionError(f"{name} must be a whole number of at least "
                              f"{2 if name == 'check_samples' else 0}, got {params[name]!r}")
    return cells


def _chunk(params: Mapping[str, Any], cell: Mapping[str, Any], seed: int, chunk: int,
           deals: int) -> pd.DataFrame:
    game, players = cell["game"], cell["players"]
    policy, baseline, others = COMPARISONS[cell["comparison"]]
    seat = players - 1  # the last seat draws last: every draw before it is common to both profiles
    shares = {}
    for name in (policy, baseline):
        profile = [others] * players
        profile[seat] = name
        shares[name] = policy_shares(game, profile, deals, seed=seed, first_chunk=chunk)[:, seat]
    mine, theirs = shares[policy], shares[baseline]
    return pd.DataFrame([sum_row(1, mine - theirs, measure="gain"), sum_row(1, mine, measure="policy"),
                         sum_row(1, theirs, measure="baseline")])


CELL = ["game", "comparison", "players"]


def _comparisons(sums: pd.DataFrame) -> pd.DataFrame:
    summed = add_up(sums, [*CELL, "measure"])
    summed["estimate"], summed["stderr"] = estimates(summed)
    wide = summed.pivot(index=CELL, columns="measure", values=["estimate", "stderr"])
    order = pd.MultiIndex.from_frame(summed[CELL].drop_duplicates())
    wide = wide.loc[order]
    deals = summed[summed.measure == "gain"].set_index(CELL)["deals"].loc[order]
    rows = []
    for (game, comparison, players), row in wide.iterrows():
        policy, baseline, others = COMPARISONS[comparison]
        unpaired = float(np.hypot(row["stderr", "policy"], row["stderr", "baseline"]))
        gain, gain_se = float(row["estimate", "gain"]), float(row["stderr", "gain"])
        rows.append({"game": game, "comparison": comparison, "players": int(players),
                     "seat": int(players) - 1,
                     "policy": policy, "baseline": baseline, "others": others,
                     "deals": int(round(deals.loc[(game, comparison, players)])),
                     "equity": float(row["estimate", "policy"]), "equity_se": float(row["stderr", "policy"]),
                     "baseline_equity": float(row["estimate", "baseline"]),
                     "baseline_se": float(row["stderr", "baseline"]),
                     "gain": gain, "gain_se": gain_se, "gain_se_unpaired": unpaired,
                     "z": z_score(gain, gain_se), "fair_share": 1 / int(players)})
    return pd.DataFrame(rows)


# ---------------------------------------------------------------------------------------------
# Exact and model tables
# ---------------------------------------------------------------------------------------------
def _returns() -> tuple[pd.DataFrame, pd.DataFrame]:
    rows, jacks = [], None
    for paytable, game, published, name in PUBLISHED:
        result = optimal_return(game, paytable)
        rows.append({"paytable": paytable, "name": name, "game": result.game, "published": published,
                     "computed": result.expected_return, "difference": result.expected_return - published,
                     "classes": result.n_classes, "hands": result.n_hands})
        if paytable == "jacks_or_better":
            jacks = result.holds
    return pd.DataFrame(rows), jacks


def _hold_chart(holds: pd.DataFrame, examples: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Jacks or Better's best holds by kind (share of starting hands) and example classes."""
    table = holds.assign(kind=[hold_kind(h, _JACK) for h in holds.hold])
    total = float(table.hands.sum())
    weighted = table.assign(weighted_value=table.hands * table["value"],
                            weighted_margin=table.hands * table.margin)
    kinds = weighted.groupby("kind", sort=False).agg(
        classes=("hand", "size"), hands=("hands", "sum"), weighted_value=("weighted_value", "sum"),
        weighted_margin=("weighted_margin", "sum"), margin_min=("margin", "min")).reset_index()
    kinds["share"] = kinds.hands / total
    kinds["value"] = kinds.weighted_value / kinds.hands
    kinds["margin"] = kinds.weighted_margin / kinds.hands
    kinds = kinds.drop(columns=["weighted_value", "weighted_margin"])
    kinds = kinds.sort_values(["value", "hands"], ascending=False, kind="stable").reset_index(drop=True)
    chart = []
    for kind in kinds.kind:
        part = table[table.kind == kind].sort_values(["margin", "hand"], kind="stable")
        picks = {"closest": part.iloc[0], "typical": part.iloc[len(part) // 2]}
        for example, row in list(picks.items())[:max(examples, 0)]:
            chart.append({"kind": kind, "example": example, "hand": row.hand, "hands": int(row.hands),
                          "hold": row.hold, "discard": row.discard, "drawn": int(row.drawn),
                          "value": float(row["value"]), "second_hold": row.second_hold,
                          "margin": float(row.margin)})
    return kinds, pd.DataFrame(chart)


def check_seed(seed: int, opponents: int, example: int) -> int:
    """The seed of the Monte Carlo check of one example: a 63-bit word of
    ``SeedSequence(seed, spawn_key=(opponents, example))``.

    Examples
    --------
    >>> check_seed(1, 1, 0) != check_seed(1, 1, 1) and 0 <= check_seed(1, 3, 0) < 2**63
    True
    """
    word = np.random.SeedSequence(seed, spawn_key=(opponents, example)).generate_state(1, dtype=np.uint64)[0]
    return int(word) >> 1


def _differences(opponents: int, examples: int, samples: int, seed: int):
    """The classes whose best hold differs between plain draw and Switch (the showdown model against
    ``opponents``), their kinds of change, and Monte Carlo checks of the largest kinds."""
    plain = model_best_holds("draw", opponents)
    switch = model_best_holds("switch", opponents)
    both = plain.merge(switch, on=["hand", "hands"], suffixes=("_plain", "_switch"), validate="one_to_one")
    changed = both[both.best_mask_plain != both.best_mask_switch]
    diff = pd.DataFrame({
        "opponents": opponents, "hand": changed.hand, "hands": changed.hands,
        "plain_hold": changed.hold_plain, "switch_hold": changed.hold_switch,
        "plain_kind": [hold_kind(h) for h in changed.hold_plain],
        "switch_kind": [hold_kind(h) for h in changed.hold_switch],
        "switch_value": changed.value_switch, "switch_margin": changed.margin_switch,
        "switch_second": changed.second_hold_switch,
        "plain_value": changed.value_plain, "plain_margin": changed.margin_plain,
    })
    diff["weight"] = diff.hands * diff.switch_margin
    diff = diff.sort_values(["weight", "hand"], ascending=[False, True], kind="stable").reset_index(drop=True)
    kinds = diff.groupby(["plain_kind", "switch_kind"], sort=False).agg(
        classes=("hand", "size"), hands=("hands", "sum"), weight=("weight", "sum"),
        example=("hand", "first"), example_plain=("plain_hold", "first"),
        example_switch=("switch_hold", "first"), example_margin=("switch_margin", "first")).reset_index()
    kinds["share"] = kinds.hands / ALL_HANDS
    kinds["margin"] = kinds.weight / kinds.hands
    kinds = kinds.drop(columns="weight").sort_values(["hands", "margin"], ascending=False, kind="stable")
    kinds.insert(0, "opponents", opponents)
    kinds = kinds.reset_index(drop=True)
    summary = {"opponents": opponents, "classes": len(both), "classes_changed": len(diff),
               "hands_changed": int(diff.hands.sum()), "share": float(diff.hands.sum()) / ALL_HANDS,
               "margin": float((diff.hands * diff.switch_margin).sum() / max(diff.hands.sum(), 1)),
               "kinds": len(kinds)}
    checks = []
    for k, row in enumerate(kinds.head(examples).itertuples()):
        model = model_hold_values("switch", row.example, opponents).set_index("hold")["value"]
        check_seed_k = check_seed(seed, opponents, k)
        mc = showdown_hold_values("switch", row.example, opponents=opponents, samples=samples,
                                  seed=check_seed_k, reference=row.example_plain, progress=False)
        at = mc.set_index("hold")
        mine, ref = at.loc[row.example_switch], at.loc[row.example_plain]
        gain, gain_se = -float(mine.gap), float(mine.gap_se)
        checks.append({"opponents": opponents, "kind": f"{row.plain_kind} -> {row.switch_kind}",
                       "hand": row.example, "plain_hold": row.example_plain,
                       "switch_hold": row.example_switch,
                       "model_gain": float(model.loc[row.example_switch] - model.loc[row.example_plain]),
                       "mc_plain": float(ref["value"]), "mc_switch": float(mine["value"]),
                       "mc_gain": gain, "mc_gain_se": gain_se,
                       "mc_gain_se_unpaired": float(mine.gap_se_unpaired),
                       "z": z_score(gain, gain_se), "samples": samples, "seed": check_seed_k})
    return diff.drop(columns="weight"), kinds, summary, checks


def _finish(sums: pd.DataFrame, params: Mapping[str, Any]) -> dict[str, pd.DataFrame]:
    result = _comparisons(sums)
    returns, jacks = _returns()
    hold_kinds, hold_chart = _hold_chart(jacks, int(params["chart_examples"]))
    differences, kinds, summaries, checks = [], [], [], []
    for opponents in params["model_opponents"]:
        diff, kind, summary, check = _differences(int(opponents), int(params["examples"]),
                                                  int(params["check_samples"]), int(params["check_seed"]))
        differences.append(diff)
        kinds.append(kind)
        summaries.append(summary)
        checks += check
    check_columns = ["opponents", "kind", "hand", "plain_hold", "switch_hold", "model_gain", "mc_plain",
                     "mc_switch", "mc_gain", "mc_gain_se", "mc_gain_se_unpaired", "z", "samples", "seed"]
    tables = {"result": result, "returns": returns, "hold_kinds": hold_kinds, "hold_chart": hold_chart,
              "differences": pd.concat(differences, ignore_index=True),
              "difference_kinds": pd.concat(kinds, ignore_index=True),
              "difference_summary": pd.DataFrame(summaries),
              "checks": pd.DataFrame(checks, columns=check_columns)}
    # how each table was computed (the harness gives the Monte Carlo ``result`` the run's seed and deals)
    exact = {"method": "exact", "seed": None, "trials": None}
    for name in ("returns", "hold_kinds", "hold_chart"):
        tables[name].attrs.update(exact)
    for name in ("hold_kinds", "hold_chart"):
        tables[name].attrs["game"] = "draw"  # Jacks or Better
    for name in ("differences", "difference_kinds", "difference_summary"):
        tables[name].attrs.update(exact, method="model", game=["draw", "switch"])
    tables["checks"].attrs.update(method="monte carlo", seed=int(params["check_seed"]),
                                  trials=int(params["check_samples"]), game="switch")
    return tables


def _headline(tables: Mapping[str, pd.DataFrame]) -> list[str]:
    lines = []
    for row in tables["returns"].itertuples():
        lines.append(f"{row.name}: perfect play returns {row.computed:.6f} (published {row.published:.6f}, "
                     f"difference {row.difference:+.1e})")
    for row in tables["result"].itertuples():
        lines.append(f"{row.game:<6} {row.comparison:<17} {row.players} players, last seat {row.policy} vs "
                     f"{row.baseline} (others {row.others}): gain {row.gain:+.4f} ± {row.gain_se:.4f} "
                     f"(unpaired ± {row.gain_se_unpaired:.4f})")
    for row in tables["difference_summary"].itertuples():
        lines.append(f"switch vs draw, model vs {row.opponents} opponent(s): best hold differs in "
                     f"{row.classes_changed:,} of {row.classes:,} classes, {row.hands_changed:,} hands "
                     f"({row.share:.2%})")
    for row in tables["checks"].itertuples():
        lines.append(f"check vs {row.opponents}: {row.hand} keep {row.switch_hold or '(none)'} not "
                     f"{row.plain_hold}: model {row.model_gain:+.4f}, Monte Carlo {row.mc_gain:+.4f} ± "
                     f"{row.mc_gain_se:.4f}")
    return lines


STUDY = Study(
    name="draw-strategy",
    title="Draw strategy: switch-aware draws against standard ones, the value of the lost card, "
          "Switch versus plain draw holds, video-poker returns",
    question=__doc__.split("\n\n")[1].replace("\n", " "),
    defaults={"players": [2, 3, 4, 5, 6, 7], "games": ["switch", "draw"], "comparisons": list(COMPARISONS),
              "model_opponents": [1, 3], "examples": 5, "check_samples": 200_000, "check_seed": DEFAULT_SEED,
              "chart_examples": 2},
    deals=262_144,
    published_deals=1_048_576,
    precision="gains and information values to about ±0.0003 of the pot (one standard error, paired) "
              "with --deals 1048576",
    cells=_cells,
    chunk=_chunk,
    finish=_finish,
    headline=_headline,
)
