"""A stored run's figures and files, and finding or making a run for the notebooks."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from equity import plotting as P
from equity.errors import OptionError
from simulations import harness
from simulations.plots.common import size_unit
from simulations.plots.draw_strategy import draw_strategy
from simulations.plots.eldorado_equilibrium import eldorado_equilibrium
from simulations.plots.eldorado_swap_value import eldorado_swap
from simulations.plots.push_fold import push_fold
from simulations.plots.ranking_vs_rarity import rarity
from simulations.plots.starting_hand_charts import starting_hands
from simulations.plots.switch_pair_break import switch_pairs
from simulations.plots.tahoe_hole_card_usage import tahoe_usage

if TYPE_CHECKING:  # pragma: no cover - typing only
    from matplotlib.figure import Figure

__all__ = ["PLOTTERS", "figures", "plot_run", "find_run", "load_or_run", "describe_run"]

#: The plotting function of each study, by study name.
PLOTTERS: dict[str, Callable[..., dict[str, Figure]]] = {
    "eldorado-swap": eldorado_swap,
    "switch-pairs": switch_pairs,
    "tahoe-usage": tahoe_usage,
    "rarity": rarity,
    "starting-hands": starting_hands,
    "draw-strategy": draw_strategy,
    "push-fold": push_fold,
    "eldorado-equilibrium": eldorado_equilibrium,
}


def _as_run(run: harness.RunResult | str | os.PathLike,
            out: str | os.PathLike = "results") -> harness.RunResult:
    return run if isinstance(run, harness.RunResult) else harness.load_run(run, out)


def figures(run: harness.RunResult | str | os.PathLike, **options: Any) -> dict[str, Figure]:
    """Every figure of a run, by name (``run`` as a :class:`RunResult`, a run folder or a run id)."""
    result = _as_run(run)
    study = result.record.get("study")
    if study not in PLOTTERS:
        raise OptionError(f"no charts for study {study!r}: charts exist for {', '.join(PLOTTERS)}")
    return PLOTTERS[study](result, **options)


def plot_run(run: harness.RunResult | str | os.PathLike, out_dir: str | os.PathLike | None = None,
             formats: Sequence[str] = ("png",)) -> list[Path]:
    """Write every figure of a stored run as PNG and/or SVG files (``equity sim plot RUN``).

    Parameters
    ----------
    run
        A :class:`~simulations.harness.RunResult`, a run folder, or a run id under ``results/``.
    out_dir
        Folder for the files (default: the run's folder's ``figures`` subfolder).
    formats
        File formats: ``"png"`` (at :data:`equity.plotting.DPI`) and/or ``"svg"``.

    Returns
    -------
    list of pathlib.Path
        The files written, ``<study>_<figure>.<format>``, in figure order.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as out:
    ...     run = harness.run_study("rarity", deals=500, players="2", params={"games": "holdem,spanish"},
    ...                             out=out)
    ...     files = plot_run(run, Path(out) / "figures", formats=("png", "svg"))
    ...     [p.name for p in files[:2]], len(files), all(p.stat().st_size > 0 for p in files)
    (['rarity_player.png', 'rarity_player.svg'], 6, True)
    """
    result = _as_run(run)
    folder = Path(out_dir) if out_dir is not None else result.directory / "figures"
    study = result.record.get("study")
    written = []
    for name, fig in figures(result).items():
        written += P.save(fig, folder / f"{study}_{name}", formats=formats)
    return written


def _covers(asked: Any, stored: Any) -> bool:
    """Whether a stored parameter value covers the asked one (every asked list item is in the stored list)."""
    if isinstance(asked, (list, tuple)):
        stored_items = stored if isinstance(stored, (list, tuple)) else [stored]
        return set(map(str, asked)) <= set(map(str, stored_items))
    return str(asked) == str(stored)


def find_run(study: str, *, out: str | os.PathLike = "results", deals: int = 1, players=None,
             params: Mapping[str, Any] | None = None) -> harness.RunResult | None:
    """The largest finished run of ``study`` under ``out`` that has at least ``deals`` deals per cell
    and covers the asked players and parameters; None when there is none.

    A run covers them when each asked player count and list item was run and each other
    parameter has the asked value; parameters not asked may have any value.  A run made by
    other code than this (:func:`simulations.harness.code_changes`) is never chosen.
    """
    spec = harness.get_study(study)
    asked = harness.resolve_parameters(spec, players, params)
    named = {"players"} if players is not None else set()
    named |= set(params or {})
    best: tuple[tuple[int, str], harness.RunResult] | None = None
    folder = Path(out)
    if not folder.is_dir():
        return None
    for record_path in folder.glob(f"{study}-*/{harness.RECORD_FILE}"):
        try:
            record = json.loads(record_path.read_text())
        except (OSError, ValueError):
            continue
        if record.get("study") != study or int(record.get("deals", 0)) < deals:
            continue
        stored = record.get("parameters", {})
        if not all(_covers(asked[name], stored.get(name)) for name in named):
            continue
        if harness.code_changes(record, spec):
            continue
        key = (int(record["deals"]), str(record.get("finished", "")))
        if best is None or key > best[0]:
            try:
                best = (key, harness.load_run(record_path.parent))
            except (OSError, ValueError):
                continue
    return None if best is None else best[1]


def load_or_run(study: str, *, deals: int, players=None, params: Mapping[str, Any] | None = None,
                out: str | os.PathLike = "results", seed: int | None = None,
                workers: int = 1, rerun_stale: bool = True) -> harness.RunResult:
    """A stored run of ``study`` (see :func:`find_run`), or a new one at ``deals`` deals per cell.

    Parameters
    ----------
    study
        The study's name.
    deals
        Deals per cell: the least a stored run may have, and the size of a new run.
    players, params
        As in :func:`simulations.harness.run_study`.
    out
        Where runs are stored (and a new one is written).
    seed
        The new run's seed (the harness's default when None).
    workers
        Processes for a new run (more than one starts a Dask ``LocalCluster`` on loopback, whose
        workers' log lines are silenced).
    rerun_stale
        When the new run's folder holds a run of the same arguments made by other code (which
        :func:`find_run` passes over), play it again, saying so, instead of refusing it as
        ``equity sim run`` does without ``--rerun``.

    Returns
    -------
    RunResult
        Its ``record["loaded"]`` says whether it was found (True) or played now (False).
    """
    stored = find_run(study, out=out, deals=deals, players=players, params=params)
    if stored is not None:
        stored.record["loaded"] = True
        return stored
    options = {"deals": deals, "players": players, "params": params, "seed": seed, "out": out,
               "progress": False}
    try:
        run = _play(study, workers, options)
    except harness.StoredRunError as error:
        if not (rerun_stale and error.stale):
            raise
        print(f"{error}\n-> playing it again")
        run = _play(study, workers, {**options, "rerun": True})
    run.record["loaded"] = run.record.get("chunks_reused", 0) == run.record.get("chunks")
    return run


def _play(study: str, workers: int, options: dict) -> harness.RunResult:
    if workers > 1:
        # A cluster of our own whose workers keep quiet: the notebook shows results, not the
        # workers' log lines (e.g. a heartbeat that races the shutdown); failures still raise.
        # Its scheduler's web server listens on loopback, on a free port.
        import logging

        from dask.distributed import LocalCluster

        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                          dashboard_address="127.0.0.1:0", silence_logs=logging.CRITICAL) as cluster:
            run = harness.run_study(study, workers=workers, scheduler=cluster.scheduler_address, **options)
        run.record["scheduler"] = "a local cluster"
    else:
        run = harness.run_study(study, **options)
    return run


def describe_run(run: harness.RunResult) -> str:
    """One line on where a run's numbers come from: loaded or played, its size, seed and time."""
    record = run.record
    how = "loaded the stored run" if record.get("loaded") else "ran"
    return (f"{how} {record['run_id']}: {int(record['deals']):,} {size_unit(record)}, "
            f"{record['cells']} cells, "
            f"{int(record['deals_total']):,} deals in all, seed {record['seed']}; played in "
            f"{record['elapsed_seconds']:.0f} s on {record.get('workers', 1)} worker(s), "
            f"code {record.get('git_commit') or '?'!s:.10}")
