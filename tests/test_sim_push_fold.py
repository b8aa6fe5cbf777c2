"""Study 7, push/fold charts, at a tiny size: its tables, the Hold'em anchors against the figures
published in issue 28, the thresholds' monotonicity, Monte Carlo bands, and charts that say
which model produced them.

The Hold'em run reads the exact class matrix from the disk cache (tests/test_strategy_push_fold.py
builds it once, about 3.5 minutes cold); the Monte Carlo run uses Spanish poker with 200 trials
per pair of classes (about a second).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import equity
from simulations import harness, plots

SEED = 31
#: Hold'em: stacks 1.1 to 12 bb (the anchors lie within); Spanish Monte Carlo: 1.1 to 6 bb.
HOLDEM = {"games": "holdem", "stack_max": "12.0"}
SPANISH_MC = {"games": "spanish", "method": "monte carlo", "trials": "200", "stack_max": "6.0"}
#: Tahoe: a matrix of a million random deals, stacks 1.1 to 2.6 bb every 0.5.
TAHOE = {"games": "tahoe", "matrix_deals": "1000000", "stack_max": "2.6", "stack_step": "0.5"}

#: Issue 28's anchors (no ante, SB 0.5, BB 1), as the issue states them, with its tolerances.
ISSUE_PUSHED_AT_10, ISSUE_CALLED_AT_10 = 58.4, (37.3, 37.6)  # % of 1,326 combos, within 1 point
ISSUE_THRESHOLDS = {("K2o", "push"): 11.6, ("Q7o", "push"): 10.3, ("T3s", "push"): 7.7,
                    ("Q2o", "call"): 5.6}  # within 0.2 bb
ISSUE_FORMULA = {"72o": 1.622, "32o": 1.413}  # push thresholds, within 0.01 bb


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return tmp_path_factory.mktemp("runs")


@pytest.fixture(scope="module")
def holdem(out) -> harness.RunResult:
    return harness.run_study("push-fold", params=HOLDEM, seed=SEED, out=out, progress=False)


@pytest.fixture(scope="module")
def spanish_mc(out) -> harness.RunResult:
    return harness.run_study("push-fold", params=SPANISH_MC, seed=SEED, out=out, progress=False)


def test_tables_have_the_expected_shape(holdem) -> None:
    tables = holdem.tables
    assert list(tables) == ["result", "thresholds", "ranges", "matrices", "anchors"]
    result = tables["result"]
    stacks = result["stack"].to_numpy()
    assert len(stacks) == 110 and stacks[0] == 1.1 and stacks[-1] == 12.0
    assert np.allclose(np.diff(stacks), 0.1)
    thresholds = tables["thresholds"]
    assert len(thresholds) == 169 and thresholds.combos.sum() == 1326
    assert thresholds.kind.value_counts().to_dict() == {"suited": 78, "offsuit": 78, "pair": 13}
    assert len(tables["ranges"]) == 169 * 110
    matrices = tables["matrices"]
    assert matrices.method.tolist() == ["exact"] and matrices.classes.tolist() == [169]
    assert len(tables["anchors"]) == 8
    assert holdem.record["chunks"] == 1  # one game, one chunk: the whole solve


def test_range_sizes_agree_with_the_class_frequencies(holdem) -> None:
    ranges, result = holdem.tables["ranges"], holdem.table.set_index("stack")
    for stack, rows in ranges.groupby("stack"):
        assert (rows.combos * rows.push).sum() / 13.26 == pytest.approx(result.loc[stack, "push_percent"])
        assert (rows.combos * rows.call).sum() / 13.26 == pytest.approx(result.loc[stack, "call_percent"])


def test_holdem_anchors_hold_against_the_issue(holdem) -> None:
    result = holdem.table.set_index("stack")
    at_10 = result.loc[10.0]
    assert abs(at_10.push_percent - ISSUE_PUSHED_AT_10) <= 1.0
    assert ISSUE_CALLED_AT_10[0] - 1.0 <= at_10.call_percent <= ISSUE_CALLED_AT_10[1] + 1.0
    chart = holdem.tables["thresholds"].set_index("hand")
    for (hand, player), published in ISSUE_THRESHOLDS.items():
        assert abs(chart.loc[hand, player] - published) <= 0.2, (hand, player)
    for hand, published in ISSUE_FORMULA.items():
        assert abs(chart.loc[hand, "push"] - published) <= 0.01, hand
    anchors = holdem.tables["anchors"]
    assert anchors.within.all()
    assert anchors.set_index("anchor").loc["K2o push threshold", "computed"] == chart.loc["K2o", "push"]


def test_where_the_big_blind_calls_everything_push_thresholds_follow_the_formula(holdem) -> None:
    """Below the largest stack at which the big blind calls every hand, a push gains
    S (2e - 1) + 1/2 over a fold: the threshold is 0.5 / (1 - 2e), so the thresholds there are
    ordered as the hands' equities against a random hand."""
    ranges = holdem.tables["ranges"]
    calls_all = ranges.groupby("stack").call.min()
    last = calls_all[calls_all > 0.999].index.max()
    assert 2.5 <= last < 2.7  # 72o's calling threshold is 2.67 bb
    chart = holdem.tables["thresholds"]
    early = chart[chart.push < last]
    assert len(early) >= 20
    formula = 0.5 / (1.0 - 2.0 * early.equity_vs_random)
    assert np.allclose(early.push, formula, rtol=0, atol=1e-9)
    ordered = early.sort_values("equity_vs_random")
    assert (np.diff(ordered.push.to_numpy()) > 0).all()


def _deep(value: float) -> float:
    """A threshold as a number to compare: played at every stack is the deepest, never the shallowest."""
    return math.inf if math.isinf(value) else -math.inf if math.isnan(value) else value


def test_dominant_hands_are_played_at_least_as_deep(holdem) -> None:
    """A suited hand is pushed and called to at least the stack of its offsuit twin, and a higher
    pair to at least the stack of a lower one."""
    chart = holdem.tables["thresholds"].set_index("hand")
    for player in ("push", "call"):
        for hand in chart.index[chart.kind == "suited"]:
            assert _deep(chart.loc[hand, player]) >= _deep(chart.loc[hand[:2] + "o", player]), (hand, player)
        pairs = [_deep(chart.loc[r + r, player]) for r in "AKQJT98765432"]
        assert pairs == sorted(pairs, reverse=True), player


def test_ranges_shrink_and_every_hand_is_played_at_the_smallest_stack(holdem) -> None:
    result = holdem.table.set_index("stack")
    assert result.loc[1.1, "push_percent"] == pytest.approx(100.0)
    assert result.loc[1.1, "call_percent"] == pytest.approx(100.0)
    for column in ("push_percent", "call_percent"):
        sizes = result.loc[[2.0, 4.0, 7.0, 10.0, 12.0], column].to_numpy()
        assert (np.diff(sizes) < 0).all(), column
    assert (result.exploitability <= 1.01e-6).all()  # the solver's tolerance, far below the issue's 0.001


def test_exact_cells_have_no_bands_and_monte_carlo_ones_do(holdem, spanish_mc) -> None:
    exact = holdem.table
    assert (exact.push_percent_low == exact.push_percent).all() and (exact.value_se == 0).all()
    mc = spanish_mc.table
    assert (mc.push_percent_low <= mc.push_percent + 1e-9).all()
    assert (mc.push_percent <= mc.push_percent_high + 1e-9).all()
    assert (mc.call_percent_low <= mc.call_percent + 1e-9).all()
    assert (mc.call_percent <= mc.call_percent_high + 1e-9).all()
    assert (mc.push_percent_high - mc.push_percent_low).max() > 1.0  # 200 trials leave classes unsettled
    assert (mc.value_se[mc["stack"] > 1.5] > 0).all()
    chart = spanish_mc.tables["thresholds"]
    finite = chart[np.isfinite(chart.push)]
    assert (finite.push_low <= finite.push).all() and (finite.push <= finite.push_high).all()
    matrices = spanish_mc.tables["matrices"].iloc[0]
    assert (matrices.method, matrices.trials, matrices.seed) == ("monte carlo", 200, SEED)
    assert 0.01 < matrices.stderr_mean < 0.05  # about 0.5 / sqrt(200)
    assert len(spanish_mc.tables["anchors"]) == 0  # no Hold'em cell: no anchors


def test_a_second_run_reuses_its_chunk(holdem, out) -> None:
    again = harness.run_study("push-fold", params=HOLDEM, seed=SEED, out=out, progress=False)
    assert again.record["chunks_reused"] == again.record["chunks"] == 1
    assert again.table.equals(holdem.table)


def test_charts_say_which_model_produced_them(holdem, spanish_mc) -> None:
    figs = plots.figures(holdem)
    assert list(figs) == ["holdem_push", "holdem_call", "ranges", "anchors"]
    for name, fig in figs.items():
        note = fig._supxlabel.get_text().replace("\n", " ")
        assert "heads-up push/fold" in note and "SB 0.5 / BB 1" in note and "no ante" in note, name
        assert "Hold'em exact" in note, name
        assert "width zero" in note, name  # exact panels say they have no sampling error
    title = figs["anchors"]._suptitle.get_text().replace("\n", " ")
    assert title.startswith("Hold'em: all 8 anchors of issue 28 hold: 58.28% pushed")
    push_title = figs["holdem_push"]._suptitle.get_text().replace("\n", " ")
    assert "at 10 bb it pushes 58.3% of hands" in push_title and "32o only below 1.41 bb" in push_title
    mc_figs = plots.figures(spanish_mc)
    assert list(mc_figs) == ["spanish_push", "spanish_call", "ranges"]
    for name, fig in mc_figs.items():
        note = fig._supxlabel.get_text().replace("\n", " ")
        assert "Spanish Monte Carlo, 200 trials per pair of classes, seed 31" in note, name
        assert "95% interval" in note or "95% intervals" in note, name
    bar = [ax for ax in mc_figs["spanish_push"].axes if hasattr(ax, "_colorbar")][0]
    assert "95% interval" in bar.get_ylabel() and "width zero" not in bar.get_ylabel()


@pytest.fixture(scope="module")
def tahoe(out) -> harness.RunResult:
    return harness.run_study("push-fold", params=TAHOE, seed=SEED, out=out, progress=False)


def test_tahoe_is_charted_from_random_deals(tahoe) -> None:
    tables = tahoe.tables
    chart = tables["thresholds"]
    assert len(chart) == 1755 and chart.combos.sum() == 22_100 and (chart.row == -1).all()
    # the shapes of three cards, counted from the rule: 13 trips; a pair of 13 ranks with one of 12
    # kickers, suited with a pair card or not; three ranks of C(13, 3) = 286 with one, two or three suits
    assert chart.kind.value_counts().to_dict() == {
        "two suited": 858, "suited": 286, "rainbow": 286, "pair, suited kicker": 156,
        "pair, offsuit kicker": 156, "trips": 13}
    matrices = tables["matrices"].iloc[0]
    assert (matrices.method, matrices.trials, matrices.seed) == ("deals", 1_000_000, SEED)
    assert 0 < matrices.unreached < 0.5
    result = tahoe.table
    assert result["stack"].tolist() == [1.1, 1.6, 2.1, 2.6]
    assert (result.exploitability <= 1.01e-6).all() and (result.value_se[result["stack"] > 1.5] > 0).all()
    assert (result.push_percent_low <= result.push_percent + 1e-9).all()
    assert (result.push_percent <= result.push_percent_high + 1e-9).all()
    # the strongest hands by equity against a random hand are played at every stack solved
    best = chart.sort_values("equity_vs_random").tail(50)
    assert np.isinf(best.push).all() and np.isinf(best.call).all()
    assert len(tables["anchors"]) == 0


def test_tahoe_charts_fit_its_classes_and_say_what_made_them(tahoe) -> None:
    figs = plots.figures(tahoe)
    assert list(figs) == ["tahoe_push", "tahoe_call", "tahoe_pairs_push", "tahoe_pairs_call", "ranges"]
    for name, fig in figs.items():
        note = fig._supxlabel.get_text().replace("\n", " ")
        assert "Tahoe Monte Carlo, 1,000,000 random deals binned by the pair of classes" in note, name
        assert "seed 31" in note, name
        assert "heads-up push/fold" in note, name
    title = figs["tahoe_push"]._suptitle.get_text().replace("\n", " ")
    assert title.startswith("Tahoe, small blind: ") and "of 1,755 classes" in title and "95% band" in title
    pairs = figs["tahoe_pairs_push"]._suptitle.get_text().replace("\n", " ")
    assert pairs.startswith("Tahoe, paired hands (325 of 1,755 classes)")


@pytest.mark.parametrize(("options", "error", "match"), [
    ({"players": "3"}, equity.OptionError, "heads-up"),
    ({"params": {"games": "omaha"}}, equity.GameError, "two or three hole cards"),
    ({"params": {"games": "tahoe", "matrix_deals": "5000"}}, equity.OptionError, "matrix_deals must be"),
    ({"params": {"games": "draw"}}, equity.GameError, "draw"),
    ({"deals": 5}, equity.OptionError, "does not apply"),
    ({"params": {"stack_min": "1.0"}}, equity.OptionError, "exceed the big blind"),
    ({"params": {"method": "exact", "games": "eldorado"}}, equity.OptionError, "monte carlo"),
])
def test_bad_input_is_refused_with_one_clear_error(options, error, match, tmp_path) -> None:
    with pytest.raises(error, match=match):
        harness.run_study("push-fold", out=tmp_path, progress=False, **options)
