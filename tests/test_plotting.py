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


def test_palette_is_the_fixed_okabe_ito_list() -> None:
    assert [c.upper() for c in P.PALETTE] == ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7",
                                              "#56B4E9", "#F0E442", "#000000"]
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
    assert any("95% interval ±0.004" in text for text in labels)


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
}
EXPECTED = {
    "eldorado-swap": ["swap_value", "equity", "wild_setter", "dealer"],
    "switch-pairs": ["pair_lost", "pair_survival", "showdown", "pat_equity"],
    "tahoe-usage": ["by_players", "by_category", "all_three", "hi_lo"],
    "rarity": ["player", "winner", "inversions"],
    "starting-hands": ["spanish_2p", "tahoe_2p_top"],
    "draw-strategy": ["returns", "optimal_holds", "switch_vs_draw", "checks", "gain", "information"],
    "push-fold": ["spanish_push", "spanish_call", "ranges"],
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
    assert "AA takes 85% of the pot against a random hand (1 other within noise), AKo 65%" in " ".join(
        title.split())


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
