"""Charts of the studies: one module per study turns a stored run's tables into house-style figures.

Each study's function takes a :class:`~simulations.harness.RunResult` and
returns ``{name: Figure}``: :func:`eldorado_swap`, :func:`switch_pairs`,
:func:`tahoe_usage`, :func:`rarity`, :func:`starting_hands` (with the
starting-hand charts of any table, :func:`starting_hand_chart` and
:func:`starting_hand_ranking`), :func:`draw_strategy`, :func:`push_fold` and
:func:`eldorado_equilibrium`.
:func:`plot_run` writes a run's figures as PNG or SVG files (the ``equity sim plot RUN``
command).  Titles state what the run's own numbers show, so they stay true for any size
of run; every estimate carries its 95% interval (1.96 standard errors from the tables' ``*_se`` / ``stderr``
columns), and a title names a single best (or worst) only when the run separates it from every other,
else the ones tied within noise (:data:`~simulations.plots.common.NOISE`).  The multi-game grid charts
(:func:`starting_hands`, :func:`push_fold`) take ``shared_scale=True`` to colour every game on one scale.

:func:`load_or_run` is how the notebooks get their data: a stored run of the
study that is at least as large as asked for and covers the asked parameters,
or else a new run at that size.

Modules: ``common`` (what every study's charts share: game and category names,
the foot note), one per study, each named as its notebook (``eldorado_swap_value``,
``switch_pair_break``, ``tahoe_hole_card_usage``, ``ranking_vs_rarity``,
``starting_hand_charts``, ``draw_strategy``, ``push_fold``, ``eldorado_equilibrium``), and
``runs`` (:data:`PLOTTERS`, figures and files of a run, finding a stored run).  Matplotlib draws
only when a figure is made (:mod:`equity.plotting`).
"""

from __future__ import annotations

from simulations.plots.draw_strategy import draw_strategy
from simulations.plots.eldorado_equilibrium import eldorado_equilibrium
from simulations.plots.eldorado_swap_value import eldorado_swap
from simulations.plots.push_fold import push_fold
from simulations.plots.ranking_vs_rarity import rarity
from simulations.plots.runs import PLOTTERS, describe_run, figures, find_run, load_or_run, plot_run
from simulations.plots.starting_hand_charts import starting_hand_chart, starting_hand_ranking, starting_hands
from simulations.plots.switch_pair_break import switch_pairs
from simulations.plots.tahoe_hole_card_usage import tahoe_usage

__all__ = [
    "PLOTTERS",
    "eldorado_swap",
    "switch_pairs",
    "tahoe_usage",
    "rarity",
    "starting_hands",
    "starting_hand_chart",
    "starting_hand_ranking",
    "draw_strategy",
    "push_fold",
    "eldorado_equilibrium",
    "figures",
    "plot_run",
    "find_run",
    "load_or_run",
    "describe_run",
]
