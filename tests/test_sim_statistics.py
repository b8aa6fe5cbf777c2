"""Statistics a referee accepts (issue 30, item 6): Wilson intervals for rare and unseen categories,
Holm's correction for the many inversion tests of the rarity study, stated in its table and charts.

Expected values come from the literature (Newcombe 1998, Table I, method 3: the Wilson score
interval without continuity correction) or are worked out by hand, never from the code under test.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import equity
from simulations import harness, rarity
from simulations.study import holm, upper_tail, wilson_interval

#: Newcombe (1998), Statistics in Medicine 17:857-872, Table I, method 3 (Wilson score interval).
NEWCOMBE = [((81, 263), (0.2553, 0.3662)), ((15, 148), (0.0624, 0.1605)), ((0, 20), (0.0, 0.1611)),
            ((1, 29), (0.0061, 0.1718))]


@pytest.mark.parametrize(("counts", "expected"), [
    ((0, 10), (0.0, 0.2775)),  # nothing seen: the upper bound stays, z^2 / (n + z^2)
    ((5, 10), (0.2366, 0.7634)),
    *NEWCOMBE,
])
def test_wilson_interval_matches_published_values(counts, expected) -> None:
    lower, upper = wilson_interval(*counts)
    assert float(lower) == pytest.approx(expected[0], abs=6e-5)
    assert float(upper) == pytest.approx(expected[1], abs=6e-5)


def test_wilson_interval_of_nothing_seen_keeps_its_upper_bound_and_of_everything_reaches_one() -> None:
    z = 1.959963984540054
    n = np.array([10, 1000, 262_144])
    lower, upper = wilson_interval(np.zeros(3), n)
    assert (lower == 0).all() and (upper > 0).all()
    np.testing.assert_allclose(upper, z * z / (n + z * z), rtol=1e-12)  # about 3.84 / n
    lower, upper = wilson_interval(n, n)
    assert (upper == 1).all()
    np.testing.assert_allclose(lower, n / (n + z * z), rtol=1e-12)
    assert wilson_interval(0, 0) == (0.0, 1.0)  # no trials: nothing is known


def test_holm_on_a_hand_made_list() -> None:
    # sorted: 0.005 x 4 = 0.02, 0.01 x 3 = 0.03, 0.03 x 2 = 0.06, 0.04 x 1 = 0.04 -> kept at 0.06
    np.testing.assert_allclose(holm([0.01, 0.04, 0.03, 0.005]), [0.03, 0.06, 0.06, 0.02])
    # the step-down rejects all three where Bonferroni (x 3) keeps only 0.012
    p = [0.02, 0.024, 0.012]
    np.testing.assert_allclose(holm(p), [0.04, 0.04, 0.036])
    assert (holm(p) < 0.05).all() and (np.array(p) * 3 < 0.05).sum() == 1
    # capped at 1, NaN never rejected, one test unchanged
    np.testing.assert_allclose(holm([0.6, 0.3, float("nan")]), [1.0, 0.9, 1.0])
    assert holm([0.01]).tolist() == [0.01]


def test_upper_tail_is_the_normal_upper_tail() -> None:
    np.testing.assert_allclose(upper_tail([1.6448536269514722, 1.959963984540054, 3.0]),
                               [0.05, 0.025, 0.0013498980316301], rtol=1e-9)
    assert upper_tail([math.inf, -math.inf, math.nan]).tolist() == [0.0, 1.0, 1.0]


def test_frequency_intervals_count_a_deal_as_one_hand_at_least_and_all_its_seats_at_most() -> None:
    z2 = 1.959963984540054 ** 2
    # never seen in 1,000 deals of 6 seats: the first seat's 1,000 hands, not the 6,000
    lower, upper = rarity.frequency_intervals([0], [0.0], deals=1000, per_deal=6)
    assert lower[0] == 0 and upper[0] == pytest.approx(z2 / (1000 + z2))
    # 30 of 6,000 hands with independent seats' standard error: Wilson on 30 of 6,000
    p = 30 / 6000
    independent = math.sqrt(p * (1 - p) / 6000)
    got = rarity.frequency_intervals([30], [independent], deals=1000, per_deal=6)
    want = wilson_interval(30, 6000)
    np.testing.assert_allclose([got[0][0], got[1][0]], [want[0], want[1]], rtol=1e-9)
    # seats that always agree (an error six times the variance's): the 1,000 deals are the sample
    got = rarity.frequency_intervals([30], [math.sqrt(p * (1 - p) / 1000)], deals=1000, per_deal=6)
    want = wilson_interval(5, 1000)
    np.testing.assert_allclose([got[0][0], got[1][0]], [want[0], want[1]], rtol=1e-9)


@pytest.fixture(scope="module")
def small_run(tmp_path_factory) -> harness.RunResult:
    # El Dorado (greedy) all but never shows two pair or high card: categories never seen
    return harness.run_study("rarity", deals=3000, players="2,6", params={"games": "holdem,eldorado,spanish"},
                             seed=99, out=tmp_path_factory.mktemp("stats"))


def test_rarity_intervals_are_wilson_and_unseen_categories_keep_their_upper_bound(small_run) -> None:
    result = small_run.table
    assert ((result.lower_95 <= result.frequency) & (result.frequency <= result.upper_95)).all()
    assert ((result.lower_95 >= 0) & (result.upper_95 <= 1)).all()
    unseen = result[result["count"] == 0]
    assert len(unseen) >= 2 and set(unseen.game) >= {"eldorado"}
    z2 = 1.959963984540054 ** 2
    assert (unseen.lower_95 == 0).all()
    np.testing.assert_allclose(unseen.upper_95, z2 / (3000 + z2), rtol=1e-12)  # the deals' bound
    # a rare category seen a few times: the interval is not the normal one, and stays above zero
    rare = result[(result["count"] > 0) & (result["count"] <= 5)]
    assert len(rare) > 0
    assert (rare.lower_95 > 0).all() and (rare.frequency - 1.96 * rare.stderr < rare.lower_95).all()


def test_rarity_significance_is_holm_over_every_pair_of_the_run(small_run) -> None:
    inversions = small_run.tables["inversions"]
    cells = small_run.table.groupby(["game", "players", "hand"]).size()
    pairs = sum(k * (k - 1) // 2 for k in cells)
    assert (inversions.comparisons == pairs).all() and pairs > 200
    z = inversions.z.to_numpy()
    np.testing.assert_allclose(inversions.p_value, [0.5 * math.erfc(v / math.sqrt(2)) for v in z],
                               rtol=1e-12, atol=1e-300)
    # Holm by hand on the inverted pairs: every other pair has p >= 0.5 and ranks after them
    order = np.argsort(inversions.p_value.to_numpy(), kind="stable")
    adjusted, running = np.empty(len(order)), 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (pairs - rank) * inversions.p_value.iloc[i]))
        adjusted[i] = running
    np.testing.assert_allclose(inversions.p_holm, adjusted, rtol=1e-12)
    assert (inversions.significant == (inversions.p_holm < 0.05)).all()
    assert inversions.significant.any() and not inversions.significant.all()
    # the classic inversion is flagged; a single test's 1.64 would not be enough here
    holdem = inversions[(inversions.game == "holdem") & (inversions.hand == "player")
                        & (inversions.higher == "one_pair") & (inversions.lower == "high_card")]
    assert len(holdem) == 2 and holdem.significant.all()
    assert not inversions[(inversions.z > 1.7) & (inversions.z < 3.4)].significant.any()


def test_the_rarity_charts_state_the_correction_and_the_intervals(small_run) -> None:
    from simulations import plots

    figs = plots.rarity(small_run)
    pairs = int(small_run.tables["inversions"].comparisons.iloc[0])
    for name in ("player", "inversions"):
        note = " ".join(figs[name]._supxlabel.get_text().split())
        assert "Holm's correction" in note and f"over all {pairs:,} pairs" in note, note
        assert "Wilson intervals" in note and "1.96 standard errors" not in note, note
    legend = [t.get_text() for found in figs["player"].legends for t in found.get_texts()]
    assert any("Holm-adjusted p < 0.05" in text for text in legend), legend
    # the bars of an unseen-free category are the table's Wilson ends, not 1.96 standard errors
    result = small_run.table
    holdem = result[(result.game == "holdem") & (result.players == 2) & (result.hand == "player")]
    panel = next(ax for ax in figs["player"].axes
                 if any(ax.get_title(loc).startswith("Hold'em") for loc in ("left", "center")))
    segments = panel.containers[0][2][0].get_segments()
    seen = holdem[holdem["count"] > 0]
    np.testing.assert_allclose([s[0][1] for s in segments], seen.lower_95, rtol=1e-12)
    np.testing.assert_allclose([s[1][1] for s in segments], seen.upper_95, rtol=1e-12)


def test_docs_state_the_correction_and_the_intervals() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "studies.md").read_text()
    section = text[text.index("### Rare categories and many comparisons"):]
    section = " ".join(section[: section.index("\n## ")].split())
    for claim in ("Wilson score interval", "Holm's step-down method", "`p_holm", "`comparisons`",
                  "[0, 0.2775] for 0 of 10", "5 of 10 gives [0.2366, 0.7634]"):
        assert claim in section, claim
    # "a default run compares 2,106 pairs": counted here from the games' rankings
    pairs = sum(2 * len(equity.get_game(g).ranking) * (len(equity.get_game(g).ranking) - 1) // 2
                for g in rarity.GAMES for p in (2, 6, 9) if rarity.allowed_players(g, p))
    assert f"compares {pairs:,} pairs" in section
    needed = next(z / 100 for z in range(300, 500) if 0.5 * math.erfc(z / 100 / math.sqrt(2)) < 0.05 / pairs)
    assert f"z > {needed:.2f}" in section
