"""What a study is made of: the :class:`Study` description and the per-deal sums its chunks report.

The bottom layer of ``simulations``: every study module imports from here and
from :mod:`equity` only; :mod:`simulations.registry` lists the studies and
:mod:`simulations.harness` plans, plays and stores their runs.

Sums
----
A chunk returns one row per estimate with the per-deal sums ``deals, x, y, xx,
yy, xy`` of a pair of per-deal quantities ``(x, y)`` (:func:`sum_row`): the
estimate is the ratio ``sum(y) / sum(x)`` (a mean when ``x`` is 1 for every
deal, a proportion of hands or pairs otherwise) and its standard error the usual
ratio-estimator one with deals as independent clusters (:func:`estimates`).
Chunks are added up in the order of the plan (:func:`add_up`), so floating-point
sums never depend on the order in which chunks finished.

Intervals and many comparisons
------------------------------
A normal interval around a frequency seen a handful of times (or never) is
wrong: :func:`wilson_interval` gives the Wilson score interval instead, which
keeps an upper bound above zero when nothing was seen.  A study that tests many
differences at once adjusts their p-values with Holm's step-down method
(:func:`holm`), so that the chance of any false flag in the whole family stays
below the level (:data:`ALPHA`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from equity.deal import CHUNK_DEALS

__all__ = [
    "CHUNK_DEALS",
    "SUM_COLUMNS",
    "DEFAULT_SEED",
    "Study",
    "sum_row",
    "add_up",
    "estimates",
    "z_score",
    "Z95",
    "ALPHA",
    "wilson_interval",
    "upper_tail",
    "holm",
]

#: The per-deal sums every chunk reports for each estimate.
SUM_COLUMNS = ["deals", "x", "y", "xx", "yy", "xy"]
#: The seed used when none is given: a run started twice with the same arguments is the same run.
DEFAULT_SEED = 20240501
#: The two-sided 95% quantile of the standard normal distribution.
Z95 = 1.959963984540054
#: The family-wise error rate of the studies' significance flags (after :func:`holm`).
ALPHA = 0.05


@dataclass(frozen=True)
class Study:
    """One study: its question, parameters, and how to play and summarise it.

    Attributes
    ----------
    name
        The name used on the command line (``equity sim run NAME``).
    title
        One line for ``equity sim list``.
    question
        The question the study answers (the module docstring's first paragraph).
    defaults
        Parameters and their defaults; ``players`` is always one of them.  A
        list-valued default takes a comma-separated list on the command line.
    deals
        Default deals per cell: the whole study finishes in a few minutes on two cores.
    published_deals
        Deals per cell that give the precision quoted in ``docs/studies.md``.
    precision
        What ``published_deals`` buys, in words (standard errors of the key figures).
    cells
        ``cells(params) -> list of dict``: the parameter cells, in the order of the tables.
    chunk
        ``chunk(params, cell, seed, chunk, deals) -> DataFrame`` of sums (:func:`sum_row`)
        for deals ``chunk * CHUNK_DEALS ..`` of the cell, ``deals <= CHUNK_DEALS`` of them.
    finish
        ``finish(sums, params) -> dict of DataFrame``: the result tables from the sums of
        every chunk (cell columns included), the main one under ``"result"``.
    headline
        ``headline(tables) -> list of str``: the key figures, for ``make run``.
    cell_deals
        ``cell_deals(params, cell, deals) -> int``: deals for one cell (by default ``deals``).
    """

    name: str
    title: str
    question: str
    defaults: Mapping[str, Any]
    deals: int
    published_deals: int
    precision: str
    cells: Callable[[Mapping[str, Any]], list[dict[str, Any]]]
    chunk: Callable[..., pd.DataFrame]
    finish: Callable[[pd.DataFrame, Mapping[str, Any]], dict[str, pd.DataFrame]]
    headline: Callable[[Mapping[str, pd.DataFrame]], list[str]]
    cell_deals: Callable[[Mapping[str, Any], Mapping[str, Any], int], int] | None = field(default=None)

    def deals_for(self, params: Mapping[str, Any], cell: Mapping[str, Any], deals: int) -> int:
        """Deals to play in ``cell`` when the run asks for ``deals`` per cell."""
        return deals if self.cell_deals is None else self.cell_deals(params, cell, deals)


# ---------------------------------------------------------------------------------------------
# Sums and estimates
# ---------------------------------------------------------------------------------------------
def sum_row(x, y, **dims: Any) -> dict[str, Any]:
    """One estimate's per-deal sums: ``x`` and ``y`` have one value per deal (``x`` may be a scalar)."""
    y = np.asarray(y, dtype=np.float64)
    x = np.broadcast_to(np.asarray(x, dtype=np.float64), y.shape)
    return {**dims, "deals": float(y.shape[0]), "x": float(x.sum()), "y": float(y.sum()),
            "xx": float((x * x).sum()), "yy": float((y * y).sum()), "xy": float((x * y).sum())}


def add_up(sums: pd.DataFrame, by: Sequence[str]) -> pd.DataFrame:
    """Sum the chunks' rows of each estimate, in row order (chunks are in plan order)."""
    return sums.groupby(list(by), sort=False, dropna=False)[SUM_COLUMNS].sum().reset_index()


def estimates(sums: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """Estimates ``sum(y) / sum(x)`` and their standard errors, deals being independent clusters.

    The variance is the ratio estimator's, ``n / (n - 1) * sum((y - r x)^2) / sum(x)^2``
    over deals; with ``x = 1`` it is the sample variance of ``y`` over ``n``.
    """
    n, x, y = (sums[c].to_numpy(dtype=np.float64) for c in ("deals", "x", "y"))
    xx, yy, xy = (sums[c].to_numpy(dtype=np.float64) for c in ("xx", "yy", "xy"))
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio = y / x
        spread = np.maximum(yy - 2 * ratio * xy + ratio * ratio * xx, 0.0)
        stderr = np.sqrt(spread * n / np.maximum(n - 1, 1)) / x
    return ratio, stderr


def z_score(difference: float, stderr: float) -> float:
    """``difference / stderr``, or NaN when the error is zero."""
    return difference / stderr if stderr > 0 else math.nan



def wilson_interval(successes, trials, *, z: float = Z95) -> tuple[np.ndarray, np.ndarray]:
    """The Wilson score interval of a proportion: ``successes`` of ``trials`` (arrays or numbers).

    Unlike the normal interval ``p ± z se``, it stays inside [0, 1], is not centred on the
    estimate, and when nothing was seen it is ``[0, z² / (n + z²)]`` (about ``3.84 / n`` at 95%),
    not ``[0, 0]``.  ``successes`` need not be whole (an effective count).  ``trials`` of 0
    gives ``[0, 1]``.

    Examples
    --------
    >>> lower, upper = wilson_interval([0, 5], [10, 10])
    >>> lower.round(4).tolist(), upper.round(4).tolist()
    ([0.0, 0.2366], [0.2775, 0.7634])
    """
    x = np.asarray(successes, dtype=np.float64)
    n = np.asarray(trials, dtype=np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = np.where(n > 0, x / n, 0.0)
        z2 = z * z
        denominator = 1 + z2 / n
        centre = (p + z2 / (2 * n)) / denominator
        half = z * np.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
        lower = np.where(x <= 0, 0.0, np.clip(centre - half, 0.0, 1.0))
        upper = np.where(x >= n, 1.0, np.clip(centre + half, 0.0, 1.0))
    empty = n <= 0
    return np.where(empty, 0.0, lower), np.where(empty, 1.0, upper)


def upper_tail(z) -> np.ndarray:
    """One-sided p-values ``P(Z >= z)`` of standard normal scores (``inf`` gives 0, NaN gives 1).

    Examples
    --------
    >>> upper_tail([0.0, 1.6448536269514722, 3.0]).round(5).tolist()
    [0.5, 0.05, 0.00135]
    """
    scores = np.atleast_1d(np.asarray(z, dtype=np.float64))
    tail = np.array([0.5 * math.erfc(v / math.sqrt(2)) for v in scores.ravel()]).reshape(scores.shape)
    return np.where(np.isnan(scores), 1.0, tail)


def holm(p_values) -> np.ndarray:
    """Holm's step-down adjusted p-values: reject a hypothesis when its adjusted p-value is at most
    the level, and the chance of any false rejection in the family stays at most that level.

    The ``k``-th smallest of ``m`` p-values is multiplied by ``m - k + 1``; the adjusted values are
    then made non-decreasing in that order and capped at 1 (Holm 1979).  NaN counts as 1.

    Examples
    --------
    >>> holm([0.01, 0.04, 0.03, 0.005]).round(3).tolist()
    [0.03, 0.06, 0.06, 0.02]
    """
    p = np.nan_to_num(np.asarray(p_values, dtype=np.float64).ravel(), nan=1.0)
    m = p.size
    order = np.argsort(p, kind="stable")
    scaled = (m - np.arange(m)) * p[order]
    adjusted = np.empty(m)
    adjusted[order] = np.minimum(np.maximum.accumulate(scaled), 1.0)
    return adjusted
