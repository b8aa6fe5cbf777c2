"""The house plotting style: Okabe-Ito colours, findings as titles, 95% error bars, PNG and SVG files.

Every chart of the notebooks and of ``equity sim plot`` is drawn through this
module, so they look alike and follow the same rules:

- the figure's title states the finding (:func:`finding`), the axes say what is
  measured and in which unit (:func:`label`);
- every Monte Carlo estimate carries its 95% interval, ``1.96`` standard errors
  either side (:func:`errorbar`, :func:`bars`, :func:`stacked`); exact figures are
  drawn without one, and reference values as dashed lines (:func:`reference`);
- colours come from the Okabe-Ito palette, extended by two of Paul Tol's
  (:data:`PALETTE`, ten colours), which stays distinct under the common forms of
  colour blindness, and heat maps use ``cividis``, a sequential map made for the
  same readers;
- a legend lists each label once (:func:`legend`); panels share a y axis only
  where their ranges are comparable (:func:`share_y`);
- :func:`save` writes PNG (at :data:`DPI`) or SVG files.

Matplotlib is imported inside the functions, so ``import equity`` never loads it.
Figures are plain :class:`matplotlib.figure.Figure` objects, not pyplot figures:
they hold no global state, and a notebook shows one when it is a cell's value.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from equity.errors import OptionError

if TYPE_CHECKING:  # pragma: no cover - typing only
    from matplotlib.axes import Axes
    from matplotlib.container import BarContainer, ErrorbarContainer
    from matplotlib.figure import Figure
    from matplotlib.image import AxesImage

__all__ = [
    "OKABE_ITO",
    "PALETTE",
    "HIGHLIGHT",
    "REFERENCE",
    "SEQUENTIAL",
    "DPI",
    "Z95",
    "STYLE",
    "FORMATS",
    "TOL_EXTRA",
    "interval",
    "interval_text",
    "rounded_up",
    "figure",
    "finding",
    "label",
    "legend",
    "unique_entries",
    "share_y",
    "percent_axis",
    "errorbar",
    "bars",
    "stacked",
    "reference",
    "hand_grid_classes",
    "hand_grid",
    "save",
]

#: The Okabe-Ito colours (Okabe and Ito, "Color Universal Design", 2002), by name.
OKABE_ITO: dict[str, str] = {
    "blue": "#0072B2",
    "orange": "#E69F00",
    "bluish green": "#009E73",
    "vermillion": "#D55E00",
    "reddish purple": "#CC79A7",
    "sky blue": "#56B4E9",
    "yellow": "#F0E442",
    "black": "#000000",
}
#: Two colours of Paul Tol's muted scheme (https://personal.sron.nl/~pault/) that stay apart from
#: the Okabe-Ito eight and from each other under simulated colour blindness, so a ninth and a tenth
#: series do not repeat the first colours.
TOL_EXTRA: dict[str, str] = {
    "indigo": "#332288",
    "wine": "#882255",
}
#: Series colours, in the order they are used (yellow, faint on white, comes late): ten mutually
#: distinct colours, the Okabe-Ito eight then :data:`TOL_EXTRA`.
PALETTE: tuple[str, ...] = (*OKABE_ITO.values(), *TOL_EXTRA.values())
#: The colour that marks what the title points at (an inversion, the dealer...).
HIGHLIGHT = OKABE_ITO["vermillion"]
#: Colour of reference lines (exact values, fair shares).
REFERENCE = OKABE_ITO["black"]
#: Sequential colour map for heat maps, readable with colour blindness and in grey.
SEQUENTIAL = "cividis"
#: Resolution of PNG files and of figures shown in notebooks.
DPI = 100
#: Standard errors either side of an estimate for its 95% interval.
Z95 = 1.959963984540054
#: File formats :func:`save` writes.
FORMATS = ("png", "svg")
#: Matplotlib settings of the house style (applied while a figure is made and saved).
STYLE: dict[str, Any] = {
    "figure.dpi": DPI,
    "savefig.dpi": DPI,
    "figure.facecolor": "white",
    "savefig.facecolor": "white",
    "font.size": 9,
    "axes.titlesize": 9.5,
    "axes.labelsize": 9,
    "figure.titlesize": 11,
    "figure.titleweight": "bold",
    "legend.fontsize": 8,
    "legend.frameon": False,
    "xtick.labelsize": 8,
    "ytick.labelsize": 8,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.color": "#dddddd",
    "grid.linewidth": 0.6,
    "axes.axisbelow": True,
    "lines.linewidth": 1.4,
    "lines.markersize": 4.5,
    "errorbar.capsize": 2.5,
    "svg.hashsalt": "equity",
    "svg.fonttype": "path",
}


def _style():
    """A context in which matplotlib uses :data:`STYLE`."""
    import matplotlib

    return matplotlib.rc_context(STYLE)


def interval(stderr: Any) -> np.ndarray:
    """Half-widths of the 95% intervals of estimates with standard errors ``stderr`` (NaN counts as 0).

    Examples
    --------
    >>> interval([0.01, float("nan")]).round(4).tolist()
    [0.0196, 0.0]
    """
    return Z95 * np.nan_to_num(np.asarray(stderr, dtype=np.float64), nan=0.0)


def rounded_up(value: float, figures: int = 2) -> str:
    """``value`` rounded up to ``figures`` significant figures, as text: a bound that stays a bound.

    Examples
    --------
    >>> rounded_up(0.0044883), rounded_up(0.00392), rounded_up(1.23)
    ('0.0045', '0.0040', '1.3')
    """
    if not value > 0 or math.isinf(value):
        return f"{value:g}"
    digits = figures - 1 - math.floor(math.log10(value))  # decimals that keep the figures
    shown = math.ceil(value * 10 ** digits * (1 - 1e-12)) / 10 ** digits
    return f"{shown:.{max(digits, 0)}f}"


def interval_text(stderr: Any, *, unit: str = "") -> str:
    """The widest 95% half-width of estimates with standard errors ``stderr``, as a label says it.

    The half-width is :data:`Z95` times the largest standard error, rounded up
    (:func:`rounded_up`), so "up to" stays true of every estimate.

    Examples
    --------
    >>> interval_text([0.001, 0.00229])
    '95% interval ±1.96·se, up to ±0.0045'
    >>> interval_text([0.02], unit=" bb")
    '95% interval ±1.96·se, up to ±0.040 bb'
    """
    widest = float(np.max(interval(stderr), initial=0.0))
    if widest <= 0:
        return "95% interval ±1.96·se, of width zero (exact)"
    return f"95% interval ±1.96·se, up to ±{rounded_up(widest)}{unit}"


def figure(nrows: int = 1, ncols: int = 1, *, width: float | None = None, height: float | None = None,
           sharex: bool | str = False, sharey: bool | str = False, squeeze: bool = True,
           **subplot_kw: Any) -> tuple[Figure, Any]:
    """A new figure in the house style and its axes (as :func:`matplotlib.pyplot.subplots` returns them).

    Parameters
    ----------
    nrows, ncols
        The grid of axes.
    width, height
        Size in inches (by default 4.2 by 3.0 inches per panel, at most 13 wide).
    sharex, sharey, squeeze
        As in :meth:`matplotlib.figure.Figure.subplots`.
    **subplot_kw
        Passed to each axes (e.g. ``projection``).

    Returns
    -------
    tuple
        The :class:`~matplotlib.figure.Figure` and one axes or an array of them.

    Examples
    --------
    >>> fig, axes = figure(1, 2)
    >>> axes.shape, fig.get_size_inches().tolist()
    ((2,), [9.0, 3.8])
    """
    from cycler import cycler
    from matplotlib.figure import Figure

    width = width if width is not None else min(13.0, 4.2 * ncols + 0.6)
    height = height if height is not None else 3.0 * nrows + 0.8
    with _style():
        fig = Figure(figsize=(width, height), layout="constrained")
        axes = fig.subplots(nrows, ncols, sharex=sharex, sharey=sharey, squeeze=squeeze,
                            subplot_kw=subplot_kw or None)
    for ax in np.ravel(axes):
        ax.set_prop_cycle(cycler(color=PALETTE))
    return fig, axes


def finding(fig: Figure, title: str, *, note: str | None = None) -> None:
    """Title the figure with its finding; ``note`` (sizes, seed, what the bars are) goes at its foot.

    Parameters
    ----------
    fig
        The figure.
    title
        One sentence that states what the chart shows (not what it plots).
    note
        A small line at the foot of the figure, e.g. ``"bars: 95% intervals; 65,536 deals per cell"``,
        wrapped to the figure's width.
    """
    import textwrap

    width = fig.get_size_inches()[0]
    with _style():
        fig.suptitle("\n".join(textwrap.wrap(title, width=int(width * 10.5), break_on_hyphens=False)),
                     ha="left", x=0.01)
        if note:
            text = "\n".join(textwrap.wrap(note, width=int(width * 17), break_on_hyphens=False))
            fig.supxlabel(text, ha="left", x=0.01, fontsize=7.5, color="#444444")


def unique_entries(handles: Sequence[Any], labels: Sequence[str]) -> tuple[list[Any], list[str]]:
    """Legend entries with each label once: the first handle of each label, in order.

    Labels that differ only in spacing or line breaks count as the same label.

    Examples
    --------
    >>> unique_entries(["a", "b", "c"], ["exact 2/5", "3 players", "exact  2/5"])
    (['a', 'b'], ['exact 2/5', '3 players'])
    """
    kept_handles, kept_labels, seen = [], [], set()
    for handle, text in zip(handles, labels, strict=True):
        key = " ".join(str(text).split())
        if key in seen or not key or key.startswith("_"):
            continue
        seen.add(key)
        kept_handles.append(handle)
        kept_labels.append(text)
    return kept_handles, kept_labels


def legend(target: Axes | Figure, *, outside: str | None = None, **kwargs: Any) -> Any:
    """A legend in the house style, each label listed once (:func:`unique_entries`).

    On an axes it lists that axes' labelled artists; on a figure it gathers the
    labelled artists of every axes and goes outside the axes (``outside="right
    center"`` by default: the top of the figure holds its title and the foot its note).

    Examples
    --------
    >>> fig, ax = figure()
    >>> for k in range(2):
    ...     reference(ax, 0.5 * k, "fair share")
    >>> [t.get_text() for t in legend(ax).get_texts()]
    ['fair share']
    """
    from matplotlib.figure import Figure as _Figure

    with _style():
        if isinstance(target, _Figure):
            handles, labels = [], []
            for ax in target.axes:
                more_handles, more_labels = ax.get_legend_handles_labels()
                handles += more_handles
                labels += more_labels
        else:
            handles, labels = target.get_legend_handles_labels()
        handles, labels = unique_entries(kwargs.pop("handles", handles), kwargs.pop("labels", labels))
        if isinstance(target, _Figure):
            where = f"outside {outside}" if outside else "outside right center"
            return target.legend(handles, labels, loc=where, **kwargs)
        return target.legend(handles, labels, **kwargs)


def share_y(axes: Any, *, comparable: float = 0.5) -> bool:
    """One y range for panels whose own ranges are comparable; each its own range otherwise.

    Call it once every panel is drawn (on axes made with ``sharey=False``).  The panels
    share the union of their ranges when each one's own range is at least
    ``comparable`` of that union, so no panel's data is squeezed into a thin band of a
    range set by another panel; otherwise each keeps the range of its own data.

    Parameters
    ----------
    axes
        The panels (an array of axes; hidden or empty ones are skipped).
    comparable
        Smallest share of the union's range each panel's own range must span.

    Returns
    -------
    bool
        Whether the panels now share one y range.

    Examples
    --------
    >>> fig, axes = figure(1, 2)
    >>> _ = axes[0].plot([0, 1], [0.39, 0.41]), axes[1].plot([0, 1], [0.27, 0.29])
    >>> share_y(axes)
    False
    """
    shown = [ax for ax in np.ravel(axes) if ax.get_visible() and ax.has_data()]
    if len(shown) < 2:
        return False
    limits = []
    for ax in shown:
        ax.autoscale_view(scalex=False)
        limits.append(sorted(ax.get_ylim()))
    low, high = min(lim[0] for lim in limits), max(lim[1] for lim in limits)
    if high <= low or any(b - a < comparable * (high - low) for a, b in limits):
        return False
    for ax in shown:
        ax.set_ylim((high, low) if ax.yaxis_inverted() else (low, high))
    return True


def label(ax: Axes, *, xlabel: str | None = None, ylabel: str | None = None,
          title: str | None = None) -> None:
    """Label an axes: axis labels with their units (``"equity (share of the pot)"``) and a panel title."""
    with _style():
        if xlabel is not None:
            ax.set_xlabel(xlabel)
        if ylabel is not None:
            ax.set_ylabel(ylabel)
        if title is not None:
            ax.set_title(title, loc="left")


def percent_axis(ax: Axes, axis: str = "y", decimals: int | None = 0) -> None:
    """Show an axis of fractions (0 to 1) as percentages."""
    from matplotlib.ticker import PercentFormatter

    target = ax.yaxis if axis == "y" else ax.xaxis
    target.set_major_formatter(PercentFormatter(1.0, decimals=decimals))


def errorbar(ax: Axes, x: Any, y: Any, stderr: Any = None, *, label: str | None = None,
             color: str | None = None, marker: str = "o", linestyle: str = "-", offset: float = 0.0,
             horizontal: bool = False, bounds: tuple[Any, Any] | None = None,
             **kwargs: Any) -> ErrorbarContainer:
    """Estimates as points (joined by a line), each with its 95% interval when ``stderr`` is given.

    Parameters
    ----------
    ax
        Where to draw.
    x, y
        Positions and estimates (``horizontal=True``: ``y`` are positions, ``x`` estimates).
    stderr
        Standard errors of the estimates; None for exact figures (no bars).
    label, color, marker, linestyle
        As in :meth:`matplotlib.axes.Axes.errorbar` (``linestyle="none"`` for points only).
    offset
        Shift along the position axis, to set series side by side.
    horizontal
        Estimates along x (error bars horizontal).
    bounds
        ``(lower, upper)``: the ends of each estimate's interval, drawn instead of
        ``stderr``'s (an interval not centred on the estimate, such as a Wilson interval).

    Returns
    -------
    matplotlib.container.ErrorbarContainer
        In ``ax.containers``; ``has_yerr`` (``has_xerr``) tells whether bars were drawn.

    Examples
    --------
    >>> fig, ax = figure()
    >>> drawn = errorbar(ax, [1, 2], [0.40, 0.42], [0.01, 0.01])
    >>> drawn.has_yerr, len(ax.containers)
    (True, 1)
    """
    errors = None if stderr is None else interval(stderr)
    if bounds is not None:
        estimate = np.asarray(x if horizontal else y, dtype=np.float64)
        lower, upper = (np.asarray(b, dtype=np.float64) for b in bounds)
        errors = np.vstack([np.maximum(estimate - lower, 0.0), np.maximum(upper - estimate, 0.0)])
    with _style():
        if horizontal:
            position = np.asarray(y, dtype=np.float64) + offset
            return ax.errorbar(x, position, xerr=errors, label=label, color=color, marker=marker,
                               linestyle=linestyle, **kwargs)
        position = np.asarray(x, dtype=np.float64) + offset
        return ax.errorbar(position, y, yerr=errors, label=label, color=color, marker=marker,
                           linestyle=linestyle, **kwargs)


def bars(ax: Axes, categories: Sequence[str], series: Mapping[str, tuple[Any, Any]], *,
         horizontal: bool = False, colors: Sequence[str] | None = None,
         width: float = 0.8) -> list[BarContainer]:
    """Grouped bars: one group per category, one bar per series, each with its 95% interval.

    Parameters
    ----------
    ax
        Where to draw.
    categories
        Tick labels, one per group.
    series
        ``{name: (values, stderr)}`` in legend order; ``stderr`` None for exact values.
    horizontal
        Bars along x, groups down the y axis (the first category on top).
    colors
        One colour per series (default: :data:`PALETTE` in order).
    width
        Width of a whole group.

    Returns
    -------
    list of matplotlib.container.BarContainer
        One per series; each with ``errorbar`` set when its standard errors were given.
    """
    colors = list(colors or PALETTE)
    n = max(len(series), 1)
    bar = width / n
    positions = np.arange(len(categories), dtype=np.float64)
    drawn = []
    with _style():
        for k, (name, (values, stderr)) in enumerate(series.items()):
            where = positions + (k - (n - 1) / 2) * bar
            errors = None if stderr is None else interval(stderr)
            style = {"color": colors[k % len(colors)], "label": name,
                     "error_kw": {"ecolor": "#333333", "elinewidth": 0.9}}
            if horizontal:
                drawn.append(ax.barh(where, values, height=bar, xerr=errors, **style))
            else:
                drawn.append(ax.bar(where, values, width=bar, yerr=errors, **style))
        if horizontal:
            ax.set_yticks(positions, list(categories))
            ax.invert_yaxis()
            ax.grid(axis="y", visible=False)
        else:
            ax.set_xticks(positions, list(categories))
            ax.grid(axis="x", visible=False)
    return drawn


def stacked(ax: Axes, groups: Sequence[str], parts: Mapping[str, tuple[Any, Any]], *,
            horizontal: bool = False, colors: Sequence[str] | None = None,
            width: float = 0.75) -> list[BarContainer]:
    """Stacked shares: one bar per group, one segment per part, a 95% interval at each segment's end.

    Parameters
    ----------
    ax
        Where to draw.
    groups
        Tick labels, one per bar.
    parts
        ``{name: (shares, stderr)}`` from the bottom (or the left) up.  The error
        bar of a part sits at its upper edge and is that part's own interval.  When
        the shares add to one, the edge below the top part is one minus that part
        and carries its interval instead (exact for three parts: every edge then
        has its own interval).
    horizontal
        Bars along x (the first group on top).
    colors
        One colour per part (default: :data:`PALETTE` in order).
    width
        Bar width.

    Returns
    -------
    list of matplotlib.container.BarContainer
        One per part.
    """
    colors = list(colors or PALETTE)
    positions = np.arange(len(groups), dtype=np.float64)
    names = list(parts)
    shares = [np.nan_to_num(np.asarray(parts[k][0], dtype=np.float64)) for k in names]
    errors = [None if parts[k][1] is None else interval(parts[k][1]) for k in names]
    whole = len(names) > 1 and bool(np.allclose(np.sum(shares, axis=0), 1.0, atol=1e-6))
    drawn = []
    with _style():
        base = np.zeros(len(groups))
        edges = []
        for k, name in enumerate(names):
            style = {"color": colors[k % len(colors)], "label": name}
            if horizontal:
                drawn.append(ax.barh(positions, shares[k], left=base, height=width, **style))
            else:
                drawn.append(ax.bar(positions, shares[k], bottom=base, width=width, **style))
            base = base + shares[k]
            edges.append(base.copy())
        # Each part's interval at its upper edge.  When the parts make a whole, the edge below the
        # top part is 1 minus that part, so it carries the top part's interval (the whole's end is
        # fixed): with three parts every edge then carries its own exact interval.
        for k in range(len(names)):
            if whole and k == len(names) - 2:
                continue
            if errors[k] is None:
                continue
            edge = edges[k - 1] if whole and k == len(names) - 1 else edges[k]
            if horizontal:
                ax.errorbar(edge, positions, xerr=errors[k], fmt="none", ecolor="#222222", elinewidth=0.9,
                            capsize=2)
            else:
                ax.errorbar(positions, edge, yerr=errors[k], fmt="none", ecolor="#222222", elinewidth=0.9,
                            capsize=2)
        if horizontal:
            ax.set_yticks(positions, list(groups))
            ax.invert_yaxis()
            ax.grid(axis="y", visible=False)
        else:
            ax.set_xticks(positions, list(groups))
            ax.grid(axis="x", visible=False)
    return drawn


def reference(ax: Axes, value: float, text: str, *, axis: str = "y", color: str = REFERENCE,
              linestyle: str = "--") -> None:
    """A dashed reference line (an exact value, a fair share) labelled with ``text`` in the legend."""
    with _style():
        if axis == "y":
            ax.axhline(value, color=color, linestyle=linestyle, linewidth=1.0, label=text, zorder=1)
        else:
            ax.axvline(value, color=color, linestyle=linestyle, linewidth=1.0, label=text, zorder=1)


def hand_grid_classes(ranks: str = "AKQJT98765432") -> list[list[str]]:
    """The starting-hand classes of two-card games laid out as a chart, highest rank first.

    Pairs on the diagonal, suited hands above it (row: the higher rank), offsuit
    hands below it (column: the higher rank).

    Examples
    --------
    >>> hand_grid_classes("AKQ")
    [['AA', 'AKs', 'AQs'], ['AKo', 'KK', 'KQs'], ['AQo', 'KQo', 'QQ']]
    """
    grid = []
    for i, a in enumerate(ranks):
        row = []
        for j, b in enumerate(ranks):
            if i == j:
                row.append(a + b)
            elif i < j:
                row.append(f"{a}{b}s")
            else:
                row.append(f"{b}{a}o")
        grid.append(row)
    return grid


def hand_grid(ax: Axes, values: Mapping[str, float], *, ranks: str = "AKQJT98765432",
              stderr: Mapping[str, float] | None = None, colorbar_label: str = "equity",
              fmt: str = "{:.2f}", vmin: float | None = None, vmax: float | None = None,
              cmap: str = SEQUENTIAL) -> AxesImage:
    """A starting-hand chart (13 by 13 for a full deck): each class coloured and written by its value.

    Parameters
    ----------
    ax
        Where to draw.
    values
        Value of each class (``"AA"``, ``"AKs"``, ``"AKo"``...); missing classes stay blank.
    ranks
        The deck's ranks, highest first (``"AKQJT98"`` for Spanish poker).
    stderr
        Standard errors of the values: the colour bar states the widest 95% half-width,
        1.96 times the largest of them (:func:`interval_text`).
    colorbar_label
        What the colours measure, with its unit.
    fmt
        Format of the numbers written in the cells (``""`` for none).
    vmin, vmax, cmap
        Colour scale (default: the range of the values, :data:`SEQUENTIAL`); give ``vmin``
        and ``vmax`` to put several grids (games) on one scale.

    Returns
    -------
    matplotlib.image.AxesImage
        The image (its colour bar is attached to ``ax``'s figure).
    """
    grid = hand_grid_classes(ranks)
    n = len(ranks)
    matrix = np.full((n, n), np.nan)
    for i in range(n):
        for j in range(n):
            if grid[i][j] in values:
                matrix[i, j] = float(values[grid[i][j]])
    low = np.nanmin(matrix) if vmin is None else vmin
    high = np.nanmax(matrix) if vmax is None else vmax
    with _style():
        image = ax.imshow(matrix, cmap=cmap, vmin=low, vmax=high)
        ax.set_xticks(range(n), list(ranks))
        ax.set_yticks(range(n), list(ranks))
        ax.tick_params(length=0)
        ax.grid(False)
        for spine in ax.spines.values():
            spine.set_visible(False)
        ax.set_xlabel("second card (suited above the diagonal, offsuit below)")
        ax.set_ylabel("first card")
        if fmt:
            middle = (low + high) / 2
            size = 6.5 if n > 9 else 8
            for i in range(n):
                for j in range(n):
                    if not math.isnan(matrix[i, j]):
                        ax.text(j, i, fmt.format(matrix[i, j]), ha="center", va="center", fontsize=size,
                                color="black" if matrix[i, j] > middle else "white")
        text = colorbar_label
        if stderr:
            text += f" ({interval_text(list(stderr.values()))})"
        bar = ax.figure.colorbar(image, ax=ax, shrink=0.85)
        bar.set_label(text)
    return image


def save(fig: Figure, path: str | Path, *, formats: Sequence[str] | None = None,
         dpi: int = DPI) -> list[Path]:
    """Write a figure to PNG and/or SVG files.

    Parameters
    ----------
    fig
        The figure.
    path
        The file; its suffix (``.png``, ``.svg``) is the format unless ``formats`` is given,
        in which case one file per format is written with the suffix replaced.
    formats
        Formats to write (from :data:`FORMATS`).
    dpi
        Resolution of PNG files.

    Returns
    -------
    list of pathlib.Path
        The files written.

    Examples
    --------
    >>> import tempfile
    >>> fig, ax = figure()
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     [p.name for p in save(fig, Path(folder) / "chart", formats=("png", "svg"))]
    ['chart.png', 'chart.svg']
    """
    path = Path(path)
    if formats is None:
        suffix = path.suffix.lower().lstrip(".")
        if suffix not in FORMATS:
            raise OptionError(f"cannot tell the format of {str(path)!r}: name it .png or .svg, "
                              "or give formats=")
        wanted = [suffix]
    else:
        wanted = [f.lower().lstrip(".") for f in formats]
        unknown = [f for f in wanted if f not in FORMATS]
        if unknown or not wanted:
            raise OptionError(f"formats: {', '.join(unknown) or 'none given'}; choose from "
                              f"{', '.join(FORMATS)}")
    path.parent.mkdir(parents=True, exist_ok=True)
    written = []
    with _style():
        for fmt in wanted:
            target = path.with_suffix(f".{fmt}") if formats is not None else path
            metadata = {"Date": None} if fmt == "svg" else {"Software": None}
            fig.savefig(target, format=fmt, dpi=dpi, metadata=metadata)
            written.append(target)
    return written
