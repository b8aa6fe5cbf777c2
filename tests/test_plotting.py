"""The house plotting style (equity.plotting) and the study charts (simulations.plots).

Checks that the palette stays distinct under simulated colour blindness (and that
the check rejects matplotlib's default palette), that error bars are drawn exactly
where standard errors are given and are 1.96 standard errors long, that figures
save to PNG and SVG, that ``import equity`` does not load matplotlib, and that
``plot_run`` writes every figure of tiny real runs of each study.
"""

from __future__ import annotations

import doctest
import importlib
import itertools
import struct
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

matplotlib = pytest.importorskip("matplotlib")
from matplotlib.collections import LineCollection  # noqa: E402
from matplotlib.container import BarContainer, ErrorbarContainer  # noqa: E402

import equity  # noqa: E402
from equity import plotting as P  # noqa: E402
from simulations import harness, plots  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]

# ---------------------------------------------------------------------------------------------
# Colour-blind safety: simulated dichromat vision (Machado, Oliveira and Fernandes 2009,
# severity 1, applied to linear RGB) and CIE76 colour differences in CIELAB.
# ---------------------------------------------------------------------------------------------
MACHADO = {
    "protanopia": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                   [-0.003882, -0.048116, 1.051998]],
    "deuteranopia": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                     [-0.011820, 0.042940, 0.968881]],
    "tritanopia": [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                   [0.004733, 0.691367, 0.303900]],
}
#: Smallest CIE76 difference two series colours must keep under each simulated vision.
MIN_DELTA_E = 12.0


def _lab(colors: list[str], vision: str | None) -> np.ndarray:
    rgb = np.array([matplotlib.colors.to_rgb(c) for c in colors])
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    if vision is not None:
        linear = np.clip(linear @ np.array(MACHADO[vision]).T, 0, 1)
    xyz = linear @ np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722],
                             [0.0193, 0.1192, 0.9505]]).T
    t = xyz / np.array([0.95047, 1.0, 1.08883])
    f = np.where(t > (6 / 29) ** 3, np.cbrt(t), t / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[:, 1] - 16, 500 * (f[:, 0] - f[:, 1]), 200 * (f[:, 1] - f[:, 2])], axis=1)


def smallest_difference(colors: list[str], vision: str | None) -> float:
    lab = _lab(colors, vision)
    return min(float(np.linalg.norm(lab[i] - lab[j])) for i, j in itertools.combinations(range(len(lab)), 2))


def test_palette_is_the_fixed_okabe_ito_list_then_two_of_tol() -> None:
    assert [c.upper() for c in P.PALETTE] == ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7",
                                              "#56B4E9", "#F0E442", "#000000", "#332288", "#882255"]
    assert len({c.upper() for c in P.PALETTE}) == len(P.PALETTE)
    assert P.HIGHLIGHT in P.PALETTE and P.SEQUENTIAL == "cividis"


@pytest.mark.parametrize("vision", [None, *MACHADO])
def test_palette_stays_distinct_under_colour_blindness(vision: str | None) -> None:
    assert smallest_difference(list(P.PALETTE), vision) >= MIN_DELTA_E


def test_colour_blindness_check_rejects_a_red_green_palette() -> None:
    """Negative control: matplotlib's tab10 puts orange and green together, which protanopes confuse."""
    tab10 = [matplotlib.colors.to_hex(c) for c in matplotlib.colormaps["tab10"].colors]
    assert smallest_difference(tab10, None) >= MIN_DELTA_E  # fine with full colour vision
    assert smallest_difference(tab10, "protanopia") < MIN_DELTA_E


def test_new_axes_cycle_through_the_palette() -> None:
    fig, ax = P.figure()
    lines = [ax.plot([0, 1], [k, k])[0] for k in range(3)]
    assert [matplotlib.colors.to_hex(line.get_color()).upper() for line in lines] == \
        [c.upper() for c in P.PALETTE[:3]]


# ---------------------------------------------------------------------------------------------
# Error bars
# ---------------------------------------------------------------------------------------------
def _bar_lengths(container: ErrorbarContainer) -> np.ndarray:
    """Half-lengths of the error bars of an errorbar container (vertical or horizontal)."""
    collection = next(c for c in container.lines[2] if isinstance(c, LineCollection))
    segments = np.array(collection.get_segments())
    return np.abs(segments[:, 1] - segments[:, 0]).max(axis=1) / 2


def test_errorbar_draws_95_percent_intervals_where_stderr_is_given() -> None:
    fig, ax = P.figure()
    se = np.array([0.01, 0.02, 0.005])
    drawn = P.errorbar(ax, [1, 2, 3], [0.4, 0.5, 0.6], se, label="estimate")
    assert isinstance(drawn, ErrorbarContainer) and drawn.has_yerr and not drawn.has_xerr
    assert drawn in ax.containers
    np.testing.assert_allclose(_bar_lengths(drawn), 1.959963984540054 * se)


def test_errorbar_draws_no_bars_for_exact_figures() -> None:
    fig, ax = P.figure()
    drawn = P.errorbar(ax, [1, 2], [0.4, 0.5], None)
    assert not drawn.has_yerr and not drawn.has_xerr


def test_horizontal_errorbar_and_zero_for_missing_stderr() -> None:
    fig, ax = P.figure()
    drawn = P.errorbar(ax, [0.4, 0.5], [1, 2], [0.01, np.nan], horizontal=True)
    assert drawn.has_xerr and not drawn.has_yerr
    np.testing.assert_allclose(_bar_lengths(drawn), [P.Z95 * 0.01, 0.0])


def test_bars_carry_error_bars_only_for_series_with_stderr() -> None:
    fig, ax = P.figure()
    drawn = P.bars(ax, ["a", "b"], {"estimated": ([0.3, 0.4], [0.01, 0.02]), "exact": ([0.35, 0.45], None)})
    assert all(isinstance(c, BarContainer) for c in drawn)
    estimated, exact = drawn
    assert estimated.errorbar is not None and exact.errorbar is None
    np.testing.assert_allclose(_bar_lengths(estimated.errorbar), P.Z95 * np.array([0.01, 0.02]))


def test_stacked_shares_put_each_interval_on_an_edge() -> None:
    fig, ax = P.figure()
    parts = {"none": ([0.1, 0.2], [0.01, 0.01]), "one": ([0.3, 0.3], [0.02, 0.02]),
             "two": ([0.6, 0.5], [0.03, 0.04])}
    P.stacked(ax, ["x", "y"], parts)
    bars = [c for c in ax.containers if isinstance(c, ErrorbarContainer)]
    # three parts that make a whole: the bottom part's bar at its top, the top part's at its bottom
    assert len(bars) == 2
    lengths = np.concatenate([_bar_lengths(b) for b in bars])
    np.testing.assert_allclose(sorted(lengths), sorted(P.Z95 * np.array([0.01, 0.01, 0.03, 0.04])))
    centres = np.concatenate([[np.mean(s[:, 1]) for s in np.array(next(
        c for c in b.lines[2] if isinstance(c, LineCollection)).get_segments())] for b in bars])
    np.testing.assert_allclose(sorted(centres), sorted([0.1, 0.2, 0.4, 0.5]))


def test_interval_is_196_standard_errors() -> None:
    np.testing.assert_allclose(P.interval([0.01, 0.1]), [0.0195996, 0.195996], rtol=1e-5)


# ---------------------------------------------------------------------------------------------
# Starting-hand grid
# ---------------------------------------------------------------------------------------------
def test_hand_grid_classes_are_the_169_starting_hands() -> None:
    grid = P.hand_grid_classes()
    flat = [c for row in grid for c in row]
    assert len(flat) == len(set(flat)) == 169
    assert sum(c.endswith("s") for c in flat) == 78 and sum(c.endswith("o") for c in flat) == 78
    assert grid[0][1] == "AKs" and grid[1][0] == "AKo" and grid[12][12] == "22"
    assert sum(len(equity.parse_range(c)) for c in flat) == 1326


def test_hand_grid_puts_each_value_in_its_cell_and_states_the_interval() -> None:
    fig, ax = P.figure()
    image = P.hand_grid(ax, {"AA": 0.85, "AKs": 0.67, "AKo": 0.65}, ranks="AKQ",
                        stderr={"AA": 0.001, "AKs": 0.002, "AKo": 0.001})
    matrix = np.ma.filled(image.get_array(), np.nan)
    assert matrix[0, 0] == 0.85 and matrix[0, 1] == 0.67 and matrix[1, 0] == 0.65
    assert np.isnan(matrix[2, 2])
    labels = [a.get_ylabel() for a in fig.axes if a is not ax]
    assert any("95% interval ±1.96·se, up to ±0.0040" in text for text in labels)  # 1.96 * 0.002


# ---------------------------------------------------------------------------------------------
# Files
# ---------------------------------------------------------------------------------------------
def test_save_writes_png_and_svg(tmp_path: Path) -> None:
    fig, ax = P.figure(width=4, height=3)
    P.errorbar(ax, [1, 2], [1, 2], [0.1, 0.1])
    P.finding(fig, "A finding", note="a note")
    written = P.save(fig, tmp_path / "chart", formats=("png", "svg"))
    assert [p.name for p in written] == ["chart.png", "chart.svg"]
    png = written[0].read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (4 * P.DPI, 3 * P.DPI)
    assert "<svg" in written[1].read_text()
    assert P.save(fig, tmp_path / "one.svg") == [tmp_path / "one.svg"]


def test_save_refuses_unknown_formats(tmp_path: Path) -> None:
    fig, _ = P.figure()
    with pytest.raises(equity.OptionError, match="pdf"):
        P.save(fig, tmp_path / "chart", formats=("pdf",))
    with pytest.raises(equity.OptionError, match="format"):
        P.save(fig, tmp_path / "chart.jpeg")


def test_import_equity_does_not_import_matplotlib() -> None:
    code = "import sys, equity, simulations.harness; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "False"


def test_plotting_docstring_examples() -> None:
    for name in ("equity.plotting", "simulations.plots.runs"):
        result = doctest.testmod(importlib.import_module(name), optionflags=doctest.NORMALIZE_WHITESPACE)
        assert result.attempted > 0 and result.failed == 0, name


# ---------------------------------------------------------------------------------------------
# Study charts from tiny real runs
# ---------------------------------------------------------------------------------------------
TINY = {
    "eldorado-swap": {"deals": 300, "players": "2,3", "params": {"lookahead_deals": 40,
                                                                  "lookahead_samples": 20}},
    "switch-pairs": {"deals": 400, "players": "2,3", "params": {"policies": "stand,standard"}},
    "tahoe-usage": {"deals": 400, "players": "2,4", "params": {}},
    "rarity": {"deals": 400, "players": "2,6", "params": {"games": "holdem,spanish,egyptian,eldorado"}},
    "starting-hands": {"deals": 200, "players": "2", "params": {"games": "spanish,tahoe"}},
    "draw-strategy": {"deals": 300, "players": "2,3", "params": {"check_samples": 500, "examples": 1,
                                                                 "model_opponents": "1"}},
    "push-fold": {"deals": 1, "players": "2", "params": {"games": "spanish", "method": "monte carlo",
                                                         "trials": 200, "stack_max": 4.0}},
    "eldorado-equilibrium": {"deals": 12, "players": "2,3", "params": {
        "samples": 40, "pots": "high,low", "lookahead_deals": 4, "lookahead_rollouts": 20,
        "lookahead_samples": 10, "fold_samples": 10}},
}
EXPECTED = {
    "eldorado-swap": ["swap_value", "equity", "wild_setter", "dealer"],
    "switch-pairs": ["pair_lost", "pair_survival", "showdown", "pat_equity"],
    "tahoe-usage": ["by_players", "by_category", "all_three", "hi_lo"],
    "rarity": ["player", "winner", "inversions"],
    "starting-hands": ["spanish_2p", "tahoe_2p_top"],
    "draw-strategy": ["returns", "optimal_holds", "switch_vs_draw", "checks", "gain", "information"],
    "push-fold": ["spanish_push", "spanish_call", "ranges"],
    "eldorado-equilibrium": ["gain", "swaps", "dealer", "give_up"],
}


@pytest.fixture(scope="module")
def tiny_runs(tmp_path_factory) -> dict[str, harness.RunResult]:
    out = tmp_path_factory.mktemp("runs")
    return {name: harness.run_study(name, deals=spec["deals"], players=spec["players"], params=spec["params"],
                                    out=out, progress=False)
            for name, spec in TINY.items() if name in harness.studies()}


def _tiny(tiny_runs, study: str) -> harness.RunResult:
    if study not in tiny_runs:
        pytest.skip(f"no study {study!r} in this tree")
    return tiny_runs[study]


@pytest.mark.parametrize("study", list(TINY))
def test_plot_run_writes_every_figure_of_a_tiny_run(study: str, tiny_runs, tmp_path: Path) -> None:
    written = plots.plot_run(_tiny(tiny_runs, study), tmp_path / "figures", formats=("png", "svg"))
    expected = [f"{study}_{name}.{fmt}" for name in EXPECTED[study] for fmt in ("png", "svg")]
    assert [p.name for p in written] == expected
    assert all(p.is_file() and p.stat().st_size > 1000 for p in written)


def test_plot_run_takes_a_run_folder_and_defaults_to_its_figures_folder(tiny_runs) -> None:
    run = tiny_runs["tahoe-usage"]
    written = plots.plot_run(str(run.directory))
    assert written and all(p.parent == run.directory / "figures" and p.suffix == ".png" for p in written)


@pytest.mark.parametrize("study", list(TINY))
def test_study_figures_state_a_finding_label_axes_and_show_errors(study: str, tiny_runs) -> None:
    for name, fig in plots.figures(_tiny(tiny_runs, study)).items():
        assert fig._suptitle is not None and len(fig._suptitle.get_text()) > 20, name
        colour_bars = [ax for ax in fig.axes if hasattr(ax, "_colorbar")]
        shown = [ax for ax in fig.axes if ax.get_visible() and ax.has_data() and ax not in colour_bars]
        assert shown, name
        def says(ax, axis: str) -> bool:
            """Whether an axis says what it shows: a label, or category names as its ticks."""
            ticks = " ".join(t.get_text() for t in getattr(ax, f"get_{axis}ticklabels")())
            return bool(getattr(ax, f"get_{axis}label")()) or any(ch.isalpha() for ch in ticks)

        assert any(says(ax, "y") for ax in shown), f"{study} {name}: no y axis says what it shows"
        for ax in shown:
            assert says(ax, "x"), f"{study} {name}: unlabelled x axis"
            if ax.images:  # a heat map: its colour bar states the 95% interval
                assert any("95% interval" in bar.get_ylabel() for bar in colour_bars), f"{study} {name}"
                continue
            with_errors = [c for c in ax.containers
                           if (isinstance(c, ErrorbarContainer) and (c.has_yerr or c.has_xerr))
                           or (isinstance(c, BarContainer) and c.errorbar is not None)]
            assert with_errors, f"{study} {name}: an axes without error bars"


def test_eldorado_titles_quote_the_run(tiny_runs) -> None:
    run = tiny_runs["eldorado-swap"]
    figs = plots.eldorado_swap(run, players=3)
    dealer = run.table.query("profile == 'greedy' and players == 3 and position == 'dealer'").iloc[0]
    assert f"{dealer.swap_value:+.3f}" in figs["swap_value"]._suptitle.get_text()


def test_exchange_strategy_charts_quote_the_run_and_name_their_profiles(tiny_runs) -> None:
    run = _tiny(tiny_runs, "eldorado-equilibrium")
    figs = plots.eldorado_equilibrium(run, players=3)
    result = run.tables["result"]
    greedy = result[result.profile == "greedy"]
    gain = figs["gain"]._suptitle.get_text()
    assert f"{greedy.gain.max():.2f}" in gain
    dealers = greedy[(greedy.pot == "high") & (greedy.seat == greedy.players - 1)]
    dealer = dealers.sort_values("players").iloc[0]
    assert f"{dealer.best_response_share:.2f}" in figs["dealer"]._suptitle.get_text().replace("\n", " ")
    give = run.tables["give_up"].query("profile == 'greedy' and players == 3 and pot == 'high' and seat == 0")
    quarter = give[np.isclose(give.price, 0.25)].iloc[0]
    assert f"{quarter.give_up:.0%}" in figs["give_up"]._suptitle.get_text().replace("\n", " ")
    for name, fig in figs.items():  # every chart says which profiles made it
        notes = " ".join(t.get_text() for t in fig.texts).replace("\n", " ")
        assert "Profiles: every other seat plays the named heuristic" in notes, name
        assert "rollouts" in notes, name


def test_figures_refuse_a_study_without_charts(tiny_runs) -> None:
    run = tiny_runs["rarity"]
    unknown = harness.RunResult(run.directory, run.tables, {**run.record, "study": "no-such-study"})
    with pytest.raises(equity.OptionError, match="no charts"):
        plots.figures(unknown)


def test_starting_hand_chart_from_a_table() -> None:
    table = pd.DataFrame({"hand": ["AA", "AKs", "AKo"], "equity": [0.85, 0.67, 0.65],
                          "stderr": [0.001, 0.001, 0.001]})
    fig = plots.starting_hand_chart(table, "spanish")
    image = fig.axes[0].images[0]
    assert image.get_array().shape == (7, 7)
    assert "AA takes 85% of the pot" in fig._suptitle.get_text()
    assert "within noise" not in fig._suptitle.get_text()  # 0.18 apart at standard errors of 0.001
    # a best class the run does not separate from the next is said to be within noise of it
    close = table.assign(equity=[0.85, 0.848, 0.65])
    title = plots.starting_hand_chart(close, "spanish", players=2)._suptitle.get_text()
    assert ("2 classes tie within noise for the largest share of the pot against a random hand, AA and AKs "
            "(85%); AKo 65%") in " ".join(title.split())


def test_starting_hands_plotter_reads_the_study_table(tmp_path: Path) -> None:
    """A table shaped like the starting-hands study's: a chart per two-card game and size, a Tahoe ranking."""
    grid = [c for row in P.hand_grid_classes() for c in row]
    rng = np.random.default_rng(1)
    two = pd.DataFrame({"game": "holdem", "players": 2, "hand_class": grid, "kind": "x", "hand": "AsKs",
                        "equity": rng.uniform(0.3, 0.85, len(grid)), "stderr": 0.002})
    tahoe = pd.DataFrame({"game": "tahoe", "players": 2, "hand_class": ["AAK-xyx", "AAK-xyz", "KQJ-xxx"],
                          "kind": ["pair", "pair", "three ranks"], "hand": ["AsAhKs", "AsAhKd", "KsQsJs"],
                          "equity": [0.70, 0.69, 0.60], "stderr": 0.003})
    record = {"study": "starting-hands", "run_id": "starting-hands-test", "deals": 4096, "seed": 1}
    run = harness.RunResult(tmp_path, {"result": pd.concat([two, tahoe], ignore_index=True)}, record)
    figs = plots.starting_hands(run)
    assert list(figs) == ["holdem_2p", "tahoe_2p_top"]
    chart = figs["holdem_2p"].axes[0].images[0].get_array()
    best = two.loc[two.equity.idxmax()]
    row, col = next((i, j) for i, r in enumerate(P.hand_grid_classes()) for j, c in enumerate(r)
                    if c == best.hand_class)
    assert chart[row, col] == best.equity
    assert "AAK-xyx leads with 70.0%" in figs["tahoe_2p_top"]._suptitle.get_text()
    assert any("4,096 trials per class" in " ".join(t.get_text().split()) for t in figs["holdem_2p"].texts)
    with pytest.raises(equity.OptionError, match="hand class"):
        plots.starting_hands(harness.RunResult(tmp_path, {"result": two.drop(columns=["hand_class", "hand"])},
                                               run.record))


# ---------------------------------------------------------------------------------------------
# Finding a stored run
# ---------------------------------------------------------------------------------------------
def test_load_or_run_reuses_a_covering_run_and_runs_otherwise(tmp_path: Path) -> None:
    params = {"games": "holdem,spanish"}
    first = plots.load_or_run("rarity", deals=600, players="2,6", params=params, out=tmp_path)
    assert first.record["loaded"] is False
    # a smaller request with fewer players and games is covered by the stored run
    again = plots.load_or_run("rarity", deals=300, players="2", params={"games": "spanish"}, out=tmp_path)
    assert again.record["loaded"] is True and again.directory == first.directory
    assert "loaded the stored run" in plots.describe_run(again)
    # more deals, or a player count not run, is not covered
    assert plots.find_run("rarity", out=tmp_path, deals=601) is None
    assert plots.find_run("rarity", out=tmp_path, players="9") is None
    assert plots.find_run("rarity", out=tmp_path, params={"games": "omaha"}) is None
    assert plots.find_run("tahoe-usage", out=tmp_path) is None
    assert plots.find_run("rarity", out=tmp_path / "missing") is None


def test_load_or_run_on_a_local_cluster_gives_the_same_tables(tmp_path: Path) -> None:
    pytest.importorskip("dask.distributed")
    params = {"games": "holdem"}
    alone = harness.run_study("rarity", deals=500, players="2", params=params, out=tmp_path / "one",
                              progress=False)
    pooled = plots.load_or_run("rarity", deals=500, players="2", params=params, out=tmp_path / "two",
                               workers=2)
    assert pooled.record["loaded"] is False and pooled.record["workers"] == 2
    for name in alone.tables:
        pd.testing.assert_frame_equal(alone.tables[name], pooled.tables[name], check_exact=True)


# ---------------------------------------------------------------------------------------------
# The chart fixes of the issue "Notebooks and charts current", on small synthetic tables
# ---------------------------------------------------------------------------------------------
RECORD = {"run_id": "synthetic", "deals": 4096, "seed": 7, "parameters": {}}


def _run(tmp_path: Path, study: str, tables: dict[str, pd.DataFrame], **parameters) -> harness.RunResult:
    return harness.RunResult(tmp_path, tables, {**RECORD, "study": study, "parameters": parameters})


def _title(fig) -> str:
    return " ".join(fig._suptitle.get_text().split())


def _texts(fig) -> list[str]:
    """Every text a figure shows: titles, notes, axis and colour-bar labels, legends."""
    out = [t.get_text() for t in fig.texts]
    for ax in fig.axes:
        out += [ax.get_title(), ax.get_title("left"), ax.get_xlabel(), ax.get_ylabel()]
        if ax.get_legend() is not None:
            out += [t.get_text() for t in ax.get_legend().get_texts()]
    for leg in fig.legends:
        out += [t.get_text() for t in leg.get_texts()]
    return [" ".join(t.split()) for t in out if t]


def _legend_labels(fig) -> list[list[str]]:
    legends = [*fig.legends, *(ax.get_legend() for ax in fig.axes if ax.get_legend() is not None)]
    return [[" ".join(t.get_text().split()) for t in leg.get_texts()] for leg in legends]


def _eldorado_run(tmp_path: Path, sizes=(2, 3)) -> harness.RunResult:
    rows, dealers = [], []
    for profile in ("greedy", "never"):
        for players in sizes:
            for seat in range(players):
                dealer = seat == players - 1
                rows.append({"profile": profile, "players": players, "seat": seat,
                             "position": "dealer" if dealer else "first" if seat == 0 else f"seat {seat + 1}",
                             "equity": 1 / players + (0.03 if dealer and profile == "greedy" else -0.01),
                             "equity_se": 0.002, "swap_value": 0.02 * seat if profile == "greedy" else 0.0,
                             "swap_value_se": 0.003,
                             "set_wild_rate": 0.0 if profile == "never" else 0.30 + 0.001 * seat,
                             "set_wild_rate_se": 0.01})
            dealers.append({"profile": profile, "players": players, "dealer_equity": 1 / players + 0.03,
                            "dealer_minus_others_swap_value": 0.03,
                            "dealer_minus_others_swap_value_se": 0.004})
    return _run(tmp_path, "eldorado-swap", {"result": pd.DataFrame(rows), "dealer": pd.DataFrame(dealers)})


def _switch_run(tmp_path: Path) -> harness.RunResult:
    result, categories, pat = [], [], []
    for game, exact, phases in (("switch", 0.4, ("after_switch_1", "after_draw", "after_switch_2")),
                                ("switch7", 2 / 7, ("after_switch_1", "after_switch_2"))):
        for players in (2, 3):
            for k, when in enumerate(("switch_1", "switch_2")):
                result.append({"game": game, "players": players, "policy": "standard", "measure": "pair_lost",
                               "game_form": "switch", "when": when, "pairs": 50_000,
                               "estimate": exact + 0.002 * (players - 2) - 0.001 * k, "stderr": 0.002,
                               "exact": exact})
            for k, when in enumerate(phases):
                result.append({"game": game, "players": players, "policy": "standard", "measure": "pair_held",
                               "game_form": "switch", "when": when, "pairs": 50_000,
                               "estimate": 0.8 - 0.15 * k, "stderr": 0.002, "exact": np.nan})
            for rank, category in enumerate(("two_pair", "one_pair", "high_card"), start=1):
                for hand in ("player", "winner"):
                    categories.append({"game": game, "players": players, "policy": "standard", "hand": hand,
                                       "rank": rank, "category": category, "switch": 0.3, "switch_se": 0.01,
                                       "plain": 0.32, "plain_se": 0.01})
            pat.append({"game": game, "players": players, "policy": "standard", "dealt": "two_pair_or_better",
                        "switch": 0.6 / players * 2, "switch_se": 0.01, "plain": 0.65 / players * 2,
                        "plain_se": 0.01, "fair_share": 1 / players})
    return _run(tmp_path, "switch-pairs", {"result": pd.DataFrame(result),
                                           "categories": pd.DataFrame(categories),
                                           "pat_equity": pd.DataFrame(pat)})


def _rarity_run(tmp_path: Path) -> harness.RunResult:
    """Hold'em, 2 players, 10,000 hands: quads seen 30 times, the full house never (an inversion of
    neighbours), every other category in its declared order."""
    counts = {"straight_flush": 0, "four_of_a_kind": 30, "full_house": 0, "flush": 300, "straight": 500,
              "three_of_a_kind": 600, "two_pair": 2400, "one_pair": 4400, "high_card": 1770}
    hands = 10_000
    rows = []
    for rank, (category, count) in enumerate(counts.items(), start=1):
        p = count / hands
        upper = 3.69 / hands if count == 0 else p + 1.96 * np.sqrt(p * (1 - p) / hands)
        rows.append({"game": "holdem", "players": 2, "hand": "player", "rank": rank, "category": category,
                     "count": count, "frequency": p, "stderr": np.sqrt(p * (1 - p) / hands),
                     "lower_95": max(p - 1.96 * np.sqrt(p * (1 - p) / hands), 0.0), "upper_95": upper})
    inversions = pd.DataFrame([{"game": "holdem", "players": 2, "hand": "player", "higher": "four_of_a_kind",
                                "higher_rank": 2, "lower": "full_house", "lower_rank": 3,
                                "frequency_higher": 0.003, "frequency_lower": 0.0, "difference": 0.003,
                                "stderr": 0.0005, "z": 6.0, "p_value": 1e-9, "p_holm": 1e-8,
                                "comparisons": 36, "significant": True}])
    return _run(tmp_path, "rarity", {"result": pd.DataFrame(rows), "inversions": inversions})


def _push_fold_run(tmp_path: Path) -> harness.RunResult:
    """Spanish and Egyptian, Monte Carlo, stacks 1.5 to 6 (Spanish) and 2 to 10 (Egyptian)."""
    thresholds, result, matrices = [], [], []
    for game, ranks, low_stack, high_stack in (("spanish", "AKQJT98", 1.5, 6.0),
                                               ("egyptian", "AKQJT98765432", 2.0, 10.0)):
        # threshold, 95% interval ends: AKs's interval reaches 1.2 bb above its threshold
        for hand, point, low, high in (("AA", np.inf, np.inf, np.inf), ("AKs", 4.0, 3.5, 5.2),
                                       ("98o", 2.5, 2.2, 2.9), ("KQo", 2.6, 2.4, 2.8), ("T9s", np.nan, np.nan,
                                                                                         np.nan)):
            thresholds.append({"game": game, "hand": hand, "combos": 6 if len(hand) == 2 else 4,
                               "push": point, "push_low": low, "push_high": high, "call": point,
                               "call_low": low, "call_high": high})
        for stack in np.linspace(low_stack, high_stack, 4):
            result.append({"game": game, "method": "monte carlo", "stack": stack, "push_percent": 50.0,
                           "push_percent_low": 48.0, "push_percent_high": 52.0, "call_percent": 40.0,
                           "call_percent_low": 38.0, "call_percent_high": 42.0, "value": 0.1,
                           "value_se": 0.01})
        matrices.append({"game": game, "method": "monte carlo", "trials": 200, "seed": 1, "policies": "",
                         "ranks": ranks, "stderr_mean": 0.01, "stack_min": low_stack, "stack_max": high_stack,
                         "max_exploitability": 1e-4, "ante": 0.0})
    return _run(tmp_path, "push-fold", {"result": pd.DataFrame(result),
                                        "thresholds": pd.DataFrame(thresholds),
                                        "matrices": pd.DataFrame(matrices), "anchors": pd.DataFrame()})


def _tahoe_close_top() -> pd.DataFrame:
    """Tahoe classes: five within noise at the top (gaps of 0.001 at standard errors of 0.003)."""
    return pd.DataFrame({"hand": ["AAT-xyx", "AAK-xyx", "AAQ-xyx", "KKA-xyx", "AAJ-xyx", "AAA-xyz",
                                  "KQJ-xxx"],
                         "equity": [0.750, 0.749, 0.748, 0.747, 0.746, 0.700, 0.600], "stderr": 0.003})


# 1. a title names a single leader only when the run separates it from the runner-up
def test_ranking_title_names_no_leader_among_classes_within_noise() -> None:
    title = _title(plots.starting_hand_ranking(_tahoe_close_top(), "tahoe", players=2))
    assert "leads" not in title
    assert "5 classes tie within noise" in title
    assert all(h in title for h in ("AAT-xyx", "AAK-xyx", "AAQ-xyx")) and "AAA-xyz" not in title


def test_ranking_title_names_a_clear_leader_and_says_by_how_much() -> None:
    clear = _tahoe_close_top().assign(equity=[0.80, 0.749, 0.748, 0.747, 0.746, 0.70, 0.60])
    fig = plots.starting_hand_ranking(clear, "tahoe", players=2)
    assert "AAT-xyx leads with 80.0%" in _title(fig) and "1.96 standard errors" in _title(fig)
    assert any("1.96 standard errors of their difference" in t for t in _texts(fig))  # the rule, stated


def test_chart_title_names_the_classes_tied_for_best_and_worst() -> None:
    table = pd.DataFrame({"hand": ["AA", "AKs", "AKo", "KK"], "equity": [0.85, 0.849, 0.60, 0.601],
                          "stderr": 0.002})
    title = _title(plots.starting_hand_chart(table, "spanish", players=2))
    assert "AA takes" not in title
    assert "2 classes tie within noise for the largest share of the pot" in title and "AA and AKs" in title
    assert "2 tie for the smallest, AKo and KK (60%)" in title  # the worst first


def test_tahoe_by_category_title_ties_categories_within_noise(tmp_path: Path) -> None:
    rows = []
    for category, uses_2 in (("flush", 0.80), ("straight", 0.79), ("one_pair", 0.50), ("high_card", 0.30)):
        for hands in ("all",):
            rows.append({"game": "tahoe", "players": 6, "hands": hands, "category": category, "n": 10_000,
                         "uses_0": 0.1, "uses_0_se": 0.004, "uses_1": 0.9 - uses_2, "uses_1_se": 0.004,
                         "uses_2": uses_2, "uses_2_se": 0.005})
    for hands in ("all", "winners"):
        rows.append({"game": "tahoe", "players": 6, "hands": hands, "category": "all", "n": 40_000,
                     "uses_0": 0.1, "uses_0_se": 0.002, "uses_1": 0.3, "uses_1_se": 0.002, "uses_2": 0.6,
                     "uses_2_se": 0.002})
    figs = plots.tahoe_usage(_run(tmp_path, "tahoe-usage", {"result": pd.DataFrame(rows)}))
    title = _title(figs["by_category"])
    assert "flush and straight, tied within noise" in title and "high card (30%) least" in title


def test_push_fold_title_names_the_weakest_pushed_classes_tied_within_their_intervals(tmp_path: Path) -> None:
    # 98o (2.5 bb, interval 2.2-2.9) and KQo (2.6 bb, 2.4-2.8) are not told apart
    title = _title(plots.push_fold(_push_fold_run(tmp_path))["spanish_push"])
    assert "98o only below" not in title and "98o and KQo" in title


def test_push_fold_charts_name_the_exchange_policy_of_a_list(tmp_path: Path) -> None:
    run = _push_fold_run(tmp_path)
    matrices = run.tables["matrices"].copy()
    matrices["policies"] = [["lookahead", "greedy"], []]  # the small blind's, the big blind's
    run.tables["matrices"] = matrices
    figs = plots.push_fold(run)
    assert "(exchange policy lookahead at every seat)" in _title(figs["spanish_push"])
    assert "exchange policy" not in _title(figs["egyptian_push"])
    assert "exchanges lookahead" in figs["spanish_push"]._supxlabel.get_text().replace("\n", " ")


def test_eldorado_wild_setter_title_names_no_single_seat_within_noise(tmp_path: Path) -> None:
    title = _title(plots.eldorado_swap(_eldorado_run(tmp_path), players=3)["wild_setter"])
    assert "no single seat" in title and "tie within noise" in title


# 2. an equity is a pot share, not a win
def test_titles_and_labels_call_an_equity_a_pot_share_not_a_win(tmp_path: Path) -> None:
    import re

    figs = plots.eldorado_swap(_eldorado_run(tmp_path), players=3)
    assert "the dealer's equity is" in _title(figs["equity"])
    table = pd.DataFrame({"hand": ["AA", "AKs", "AKo"], "equity": [0.85, 0.67, 0.65], "stderr": 0.001})
    chart = plots.starting_hand_chart(table, "spanish", players=2)
    figs["chart"] = chart
    for name, fig in figs.items():
        for text in [_title(fig), *_texts(fig)]:
            assert not re.search(r"\bwins?\b", text), f"{name}: {text!r}"
    assert any("share of the pot" in t for t in _texts(chart))


# 3. every El Dorado chart says which exchange policy all seats play
def test_every_eldorado_chart_title_states_the_exchange_policy(tmp_path: Path) -> None:
    for name, fig in plots.eldorado_swap(_eldorado_run(tmp_path), players=3).items():
        assert "every seat greedy" in _title(fig).lower(), name
    # a table size the run lacks: the titles fall back to their general form, still naming it
    for name, fig in plots.eldorado_swap(_eldorado_run(tmp_path), players=9).items():
        assert "every seat greedy" in _title(fig).lower(), name
    table = pd.DataFrame({"hand": ["AA", "22", "AKo"], "equity": [0.52, 0.81, 0.5], "stderr": 0.002})
    title = _title(plots.starting_hand_chart(table, "eldorado", players=2))
    assert "exchange policy greedy at every seat" in title and "first to exchange" in title
    assert "exchange policy" not in _title(plots.starting_hand_chart(table, "holdem", players=2))


# 4. a colour bar states the true 95% half-width, from the standard errors shown
def _colour_bar_labels(fig) -> list[str]:
    return [" ".join(ax.get_ylabel().split()) for ax in fig.axes if hasattr(ax, "_colorbar")]


def test_hand_grid_colour_bar_states_196_standard_errors_rounded_up() -> None:
    import re

    se = {"AA": 0.001, "AKs": 0.00229, "AKo": 0.0015}
    fig, ax = P.figure()
    P.hand_grid(ax, {"AA": 0.85, "AKs": 0.67, "AKo": 0.65}, ranks="AKQ", stderr=se)
    (label,) = _colour_bar_labels(fig)
    assert "±1.96·se" in label and "95% interval" in label
    stated = float(re.search(r"up to ±([0-9.]+)", label).group(1))
    widest = 1.96 * max(se.values())  # 0.00449: a label of ±0.004 would claim less than the truth
    assert widest <= stated <= widest * 1.05


def test_threshold_grid_colour_bar_states_how_far_the_intervals_reach(tmp_path: Path) -> None:
    import re

    fig = plots.push_fold(_push_fold_run(tmp_path))["spanish_push"]
    (label,) = _colour_bar_labels(fig)
    stated = float(re.search(r"±([0-9.]+) bb", label).group(1))
    assert "95% interval" in label and stated == pytest.approx(1.2)  # AKs: 4.0 with an interval up to 5.2
    assert any("1.96 standard errors" in t for t in _texts(fig))  # how the intervals are found


# 5. the neighbour chart keeps a category never seen, at zero with its upper bound
def test_rarity_neighbour_chart_keeps_a_category_never_seen(tmp_path: Path) -> None:
    run = _rarity_run(tmp_path)
    fig = plots.rarity(run)["inversions"]
    (ax,) = [a for a in fig.axes if a.has_data()]
    upper = float(run.table.set_index("category").loc["full_house", "upper_95"])
    points = []
    for container in ax.containers:
        x, _ = container.lines[0].get_data()
        segments = next(c for c in container.lines[2] if isinstance(c, LineCollection)).get_segments()
        points += [(float(px), float(np.max(seg[:, 0]))) for px, seg in zip(x, segments, strict=True)]
    assert (0.0, pytest.approx(upper)) in points  # the full house: at zero, its bar up to its bound
    assert len(points) == 2  # both categories of the pair are drawn
    assert ax.get_xlim()[0] <= 0.0 < ax.get_xlim()[1]
    assert any("never seen" in t for t in _texts(fig))


# 6. panels of different ranges do not share a y axis that squeezes them flat
def _filled(ax) -> float:
    """Share of an axes' y range its data (points and bars) span."""
    low, high = ax.get_ylim()
    ys = []
    for container in ax.containers:
        if isinstance(container, ErrorbarContainer):
            ys += list(container.lines[0].get_ydata())
            for c in container.lines[2]:
                ys += [float(v) for seg in c.get_segments() for v in seg[:, 1]]
    return (max(ys) - min(ys)) / (high - low)


def test_pair_loss_panels_each_fill_their_own_y_axis(tmp_path: Path) -> None:
    fig = plots.switch_pairs(_switch_run(tmp_path), players=2)["pair_lost"]
    panels = [ax for ax in fig.axes if ax.has_data()]
    assert len(panels) == 2
    assert all(_filled(ax) > 0.3 for ax in panels), [_filled(ax) for ax in panels]
    assert not (panels[0].get_shared_y_axes().joined(panels[0], panels[1]))


def test_share_y_shares_only_comparable_ranges() -> None:
    fig, axes = P.figure(1, 2)
    axes[0].plot([0, 1], [0.39, 0.41])
    axes[1].plot([0, 1], [0.27, 0.29])
    assert P.share_y(axes) is False and axes[0].get_ylim() != axes[1].get_ylim()
    fig, axes = P.figure(1, 2)
    axes[0].plot([0, 1], [0.2, 0.8])
    axes[1].plot([0, 1], [0.25, 0.9])
    assert P.share_y(axes) is True and axes[0].get_ylim() == axes[1].get_ylim()


# 7. a legend lists each label once
def test_axes_legend_lists_each_label_once() -> None:
    fig, ax = P.figure()
    for k in range(3):
        P.errorbar(ax, [1, 2], [k, k], [0.1, 0.1], label="with the switch")
        P.reference(ax, 0.5, "fair share")
    assert sorted(t.get_text() for t in P.legend(ax).get_texts()) == ["fair share", "with the switch"]


def test_no_study_chart_legend_repeats_a_label(tmp_path: Path) -> None:
    figs = {**plots.eldorado_swap(_eldorado_run(tmp_path)), **plots.switch_pairs(_switch_run(tmp_path)),
            **plots.rarity(_rarity_run(tmp_path)), **plots.push_fold(_push_fold_run(tmp_path))}
    for name, fig in figs.items():
        for labels in _legend_labels(fig):
            assert len(labels) == len(set(labels)), f"{name}: {labels}"


# 8. ten series get ten distinct colours
def test_first_ten_palette_colours_are_pairwise_distinct() -> None:
    colours = [matplotlib.colors.to_hex(c).upper() for c in P.PALETTE[:10]]
    assert len(colours) == 10 and len(set(colours)) == 10
    assert smallest_difference(colours, None) >= MIN_DELTA_E
    fig, ax = P.figure()
    lines = [ax.plot([0, 1], [k, k])[0] for k in range(10)]
    assert len({matplotlib.colors.to_hex(line.get_color()) for line in lines}) == 10


def test_nine_table_sizes_get_nine_colours(tmp_path: Path) -> None:
    fig = plots.eldorado_swap(_eldorado_run(tmp_path, sizes=tuple(range(2, 11))))["swap_value"]
    ax = fig.axes[0]
    colours = [matplotlib.colors.to_hex(c.lines[0].get_color()) for c in ax.containers
               if isinstance(c, ErrorbarContainer)]
    assert len(colours) == 9 and len(set(colours)) == 9


# 9. grid colour scales can be shared across games
def test_starting_hand_charts_share_one_colour_scale_when_asked(tmp_path: Path) -> None:
    table = pd.DataFrame({"hand": ["AA", "AKs", "AKo"], "equity": [0.85, 0.67, 0.65], "stderr": 0.001})
    image = plots.starting_hand_chart(table, "spanish", vmin=0.3, vmax=0.9).axes[0].images[0]
    assert image.get_clim() == (0.3, 0.9)
    both = pd.concat([table.assign(game="spanish", equity=[0.60, 0.55, 0.50]),
                      table.assign(game="holdem", equity=[0.85, 0.67, 0.65])], ignore_index=True)
    run = _run(tmp_path, "starting-hands", {"result": both.assign(players=2)})
    own = {k: f.axes[0].images[0].get_clim() for k, f in plots.starting_hands(run).items()}
    assert own == {"spanish_2p": (0.50, 0.60), "holdem_2p": (0.65, 0.85)}  # default: unchanged
    shared = {k: f.axes[0].images[0].get_clim()
              for k, f in plots.starting_hands(run, shared_scale=True).items()}
    assert set(shared.values()) == {(0.50, 0.85)}


def test_threshold_grids_share_one_colour_scale_when_asked(tmp_path: Path) -> None:
    run = _push_fold_run(tmp_path)
    own = {k: f.axes[0].images[0].get_clim() for k, f in plots.push_fold(run).items() if f.axes[0].images}
    assert own["spanish_push"] == (1.5, 6.0) and own["egyptian_push"] == (2.0, 10.0)
    shared = {k: f.axes[0].images[0].get_clim() for k, f in plots.push_fold(run, shared_scale=True).items()
              if f.axes[0].images}
    assert set(shared.values()) == {(1.5, 10.0)}
