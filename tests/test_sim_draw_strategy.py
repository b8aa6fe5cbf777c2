"""Study 6, draw strategy, at a tiny size: its tables, the published returns, paired errors, and the
Switch-versus-draw differences checked with the showdown model's own hold values."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

import equity
from equity.strategy import hold_values
from equity.strategy.showdown import model_hold_values, policy_gain
from simulations import harness
from simulations.draw_strategy import hold_kind

SEED = 97
DEALS = 2000
#: Published returns of perfect play (Jacks or Better 9/6; full-pay Deuces Wild), from the issue.
JACKS_OR_BETTER, DEUCES_WILD = 0.995439, 1.007620


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> harness.RunResult:
    return harness.run_study("draw-strategy", deals=DEALS, players="2,3", seed=SEED,
                             params={"check_samples": "3000", "examples": "2", "model_opponents": "1"},
                             out=tmp_path_factory.mktemp("runs"), progress=False)


def _cards(hold: str) -> set[int]:
    return set(equity.card_codes(hold).tolist()) if hold else set()


def test_tables_have_the_expected_shape(tiny) -> None:
    tables = tiny.tables
    assert list(tables) == ["result", "returns", "hold_kinds", "hold_chart", "differences",
                            "difference_kinds", "difference_summary", "checks"]
    result = tables["result"]
    # Switch: 3 comparisons x 2 table sizes; plain draw: switch_aware against standard only
    assert len(result) == 3 * 2 + 2
    assert sorted(set(zip(result.game, result.comparison, strict=True))) == [
        ("draw", "aware_vs_standard"), ("switch", "adapted"), ("switch", "aware_vs_standard"),
        ("switch", "information")]
    assert (result.deals == DEALS).all() and (result.seat == result.players - 1).all()
    assert len(tables["returns"]) == 2
    kinds = tables["hold_kinds"]
    assert kinds.hands.sum() == comb(52, 5) and kinds.share.sum() == pytest.approx(1.0)
    summary = tables["difference_summary"]
    assert summary.opponents.tolist() == [1] and summary.classes.tolist() == [134_459]
    differences = tables["differences"]
    assert len(differences) == summary.classes_changed.iloc[0]
    assert differences.hands.sum() == summary.hands_changed.iloc[0]
    assert summary.share.iloc[0] == pytest.approx(differences.hands.sum() / comb(52, 5))
    assert len(tables["checks"]) == 2
    # each table says how it was computed
    methods = {name: table.attrs["method"] for name, table in tables.items()}
    assert methods == {"result": "monte carlo", "returns": "exact", "hold_kinds": "exact",
                       "hold_chart": "exact", "differences": "model", "difference_kinds": "model",
                       "difference_summary": "model", "checks": "monte carlo"}
    assert tables["result"].attrs["trials"] == DEALS and tables["result"].attrs["seed"] == SEED
    assert tables["returns"].attrs["seed"] is None and tables["checks"].attrs["trials"] == 3000


def test_published_returns_are_reproduced_to_1e6(tiny) -> None:
    returns = tiny.tables["returns"].set_index("paytable")
    assert abs(returns.loc["jacks_or_better", "computed"] - JACKS_OR_BETTER) < 1e-6
    assert abs(returns.loc["deuces_wild", "computed"] - DEUCES_WILD) < 1e-6
    assert returns.loc["jacks_or_better", "hands"] == comb(52, 5)


def test_gain_is_paired_and_its_error_below_the_unpaired_one(tiny) -> None:
    result = tiny.table
    np.testing.assert_allclose(result.gain, result.equity - result.baseline_equity, atol=1e-12)
    moved = result[result.gain_se > 0]
    assert len(moved) == len(result)  # every comparison changes some deal at this size
    assert (moved.gain_se < moved.gain_se_unpaired).all()
    np.testing.assert_allclose(result.gain_se_unpaired, np.hypot(result.equity_se, result.baseline_se))


def test_gain_agrees_with_policy_gain_on_the_same_deals(tiny) -> None:
    # one chunk: the study's deals are those of policy_gain with the run's seed
    row = tiny.table.query("game == 'switch' and comparison == 'aware_vs_standard' and players == 3").iloc[0]
    direct = policy_gain("switch", 3, DEALS, seed=SEED)
    assert row.gain == pytest.approx(direct["gain"], abs=1e-12)
    assert row.gain_se == pytest.approx(direct["paired_se"], rel=1e-9)
    assert row.equity == pytest.approx(direct["equity"], abs=1e-12)


def test_a_listed_difference_is_the_best_allowed_switch_hold_and_not_the_plain_one(tiny) -> None:
    differences = tiny.tables["differences"]
    for row in (differences.iloc[0], differences.iloc[len(differences) // 2]):
        switch = model_hold_values("switch", row.hand, 1)
        plain = model_hold_values("draw", row.hand, 1)
        value = {game: {frozenset(_cards(h)): v
                        for h, v, ok in zip(t.hold, t["value"], t.allowed, strict=True) if ok}
                 for game, t in (("switch", switch), ("draw", plain))}
        mine, theirs = frozenset(_cards(row.switch_hold)), frozenset(_cards(row.plain_hold))
        assert mine != theirs
        assert value["switch"][mine] == max(value["switch"].values())
        assert value["switch"][mine] > value["switch"][theirs]
        assert value["draw"][theirs] == max(value["draw"].values())
        assert value["draw"][mine] < value["draw"][theirs]


def test_checks_measure_the_model_gain_and_pair_their_errors(tiny) -> None:
    for row in tiny.tables["checks"].itertuples():
        model = {frozenset(_cards(h)): v for h, v in zip(*model_hold_values("switch", row.hand, row.opponents)
                                                          [["hold", "value"]].T.values, strict=True)}
        expected = model[frozenset(_cards(row.switch_hold))] - model[frozenset(_cards(row.plain_hold))]
        assert row.model_gain == pytest.approx(expected, abs=1e-12)
        assert 0 < row.mc_gain_se < row.mc_gain_se_unpaired
        assert row.samples == 3000
    assert tiny.tables["checks"].seed.nunique() == len(tiny.tables["checks"])


def test_hold_chart_examples_are_the_exact_best_holds(tiny) -> None:
    chart = tiny.tables["hold_chart"]
    for row in chart.iloc[[0, len(chart) // 2, len(chart) - 1]].itertuples():
        table = hold_values("draw", row.hand, "jacks_or_better")
        best = table["value"].max()
        assert row.value == pytest.approx(best, abs=1e-9)
        best_holds = {frozenset(_cards(h)) for h, v in zip(table.hold, table["value"], strict=True)
                      if abs(v - best) < 1e-9}
        assert frozenset(_cards(row.hold)) in best_holds


@pytest.mark.parametrize(("hold", "floor", "kind"), [
    ("AsKsQsJs", None, "4 to a royal flush"),
    ("9h8h7h6h", None, "4 to a straight flush"),
    ("Kd9d5d2d", None, "4 to a flush"),
    ("9c8d7h6s", None, "4 to an open straight"),
    ("5c4d3h2s", None, "4 to an open straight"),
    ("Ac4d3h2s", None, "4 to an inside straight"),
    ("QsQh", 9, "high pair"),
    ("TsTh", 9, "low pair"),
    ("TsTh", None, "a pair"),
    ("As5c5d", None, "a pair + 1 kicker"),
    ("5c5d5h", None, "three of a kind"),
    ("5c5d3h3s", None, "two pair"),
    ("AsKd", None, "2 high cards"),
    ("Js3s", None, "1 high + 1 low card suited"),
    ("Ts3s", None, "2 low cards suited"),
    ("Tc9d8h7s6c", None, "pat straight"),
    ("Ac5d4h3d2d", None, "pat straight"),
    ("KcQc4c3c2c", None, "pat flush"),
    ("", None, "draw five"),
])
def test_hold_kind_names_the_hold(hold: str, floor, kind: str) -> None:
    assert hold_kind(hold, floor) == kind
