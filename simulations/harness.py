"""The batch-job harness: a study's work as seeded chunks, saved as they finish, resumed after a kill.

A :class:`Study` describes its parameter cells (one combination of game,
players, policy...), how to play one chunk of deals of a cell (returning sums,
never per-deal rows) and how to turn the summed chunks into result tables.
:func:`run_study` plans the chunks, skips those already saved, plays the rest
(in this process, or as Dask tasks with ``workers > 1`` or a scheduler
address), and writes the tables and a JSON record.

Chunks and random streams
-------------------------
Chunk ``k`` of a cell holds deals ``k * CHUNK_DEALS ..`` of that cell and uses
the deal engine's random stream ``k`` of the run's seed (``first_chunk=k`` in
:func:`equity.simulate`, with :data:`equity.deal.CHUNK_DEALS` deals per chunk),
so the cell's deals are exactly those of one ``simulate(..., deals, seed=seed)``
call, whatever the number of workers, and whichever chunks were saved by an
earlier, interrupted run.  Every cell uses the run's seed itself: cells that
deal the same game to the same number of players see the same deals (common
random numbers between, for example, two policy profiles).

Sums
----
A chunk returns per-deal sums, one row per estimate, and the estimates are
ratios with deals as independent clusters: see :mod:`simulations.study`, which
holds :class:`Study` and the sums' helpers (the study modules import only that
module; :mod:`simulations.registry` lists the studies).  Chunks are added up in
the order of the plan.

Files of a run (``<out>/<run id>/``)
------------------------------------
``plan.json`` (the arguments, written first), ``chunks/*.parquet`` (one per
finished chunk, written to a temporary file and renamed), ``result.parquet``
and the study's other tables, and ``record.json``.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

import equity
from equity.errors import OptionError
from equity.rng import resolve_seed
from simulations.registry import get_study, studies
from simulations.study import (
    CHUNK_DEALS,
    DEFAULT_SEED,
    SUM_COLUMNS,
    Study,
    add_up,
    estimates,
    sum_row,
    z_score,
)

# the study layer's and the registry's names are re-exported: harness.Study, harness.sum_row,
# harness.get_study ... keep working
__all__ = [
    "CHUNK_DEALS",
    "SUM_COLUMNS",
    "DEFAULT_SEED",
    "Study",
    "Task",
    "RunResult",
    "studies",
    "get_study",
    "resolve_parameters",
    "parse_players",
    "parse_parameter",
    "plan",
    "run_id",
    "run_study",
    "load_run",
    "sum_row",
    "add_up",
    "estimates",
    "write_parquet",
    "z_score",
]

#: Files of a run directory.
PLAN_FILE, RECORD_FILE, RESULT_TABLE = "plan.json", "record.json", "result"


@dataclass(frozen=True)
class Task:
    """One chunk of one cell: what a worker plays and the file it ends up in."""

    cell: dict[str, Any]
    chunk: int
    deals: int

    @property
    def filename(self) -> str:
        """The chunk's file name inside the run's ``chunks`` folder."""
        # a value such as a game file's path keeps only characters safe in a file name
        key = "_".join(f"{k}-{re.sub(r'[^A-Za-z0-9.+=-]', '_', str(v))}" for k, v in self.cell.items())
        return f"{key}.{self.chunk:05d}.parquet"


@dataclass(frozen=True)
class RunResult:
    """A finished run: its folder, tables and record."""

    directory: Path
    tables: dict[str, pd.DataFrame]
    record: dict[str, Any]

    @property
    def table(self) -> pd.DataFrame:
        """The main result table."""
        return self.tables[RESULT_TABLE]


# ---------------------------------------------------------------------------------------------
# Parameters
# ---------------------------------------------------------------------------------------------
def parse_players(values: str | int | Iterable[str | int]) -> list[int]:
    """Player counts from ``"2,6,9"``, ``"2-9"``, ``6`` or a list of those, sorted and unique.

    Examples
    --------
    >>> parse_players("2-4,9")
    [2, 3, 4, 9]
    >>> parse_players(["6", "2"])
    [2, 6]
    """
    items = [values] if isinstance(values, (str, int)) else list(values)
    found: set[int] = set()
    for item in items:
        for part in str(item).replace(" ", "").split(","):
            if not part:
                continue
            try:
                if "-" in part:
                    low, high = (int(p) for p in part.split("-", 1))
                    found.update(range(low, high + 1))
                else:
                    found.add(int(part))
            except ValueError:
                raise OptionError(f"players: cannot read {part!r} (write e.g. 6, 2,6,9 or 2-9)") from None
    if not found:
        raise OptionError("players: give at least one player count")
    return sorted(found)


def parse_parameter(default: Any, text: str, name: str) -> Any:
    """Read ``text`` as a value of the same kind as ``default`` (lists from commas)."""
    try:
        if isinstance(default, bool):
            if text.lower() not in ("true", "false", "1", "0", "yes", "no"):
                raise ValueError(text)
            return text.lower() in ("true", "1", "yes")
        if isinstance(default, int):
            return int(text)
        if isinstance(default, float):
            return float(text)
        if isinstance(default, (list, tuple)):
            kind = type(default[0]) if default else str
            return [kind(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise OptionError(f"parameter {name}: cannot read {text!r} as {type(default).__name__}") from None
    return text


def resolve_parameters(study: Study, players=None, params: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The study's defaults with the given ``players`` and parameters put in (text is parsed)."""
    resolved = {k: (list(v) if isinstance(v, tuple) else v) for k, v in study.defaults.items()}
    for name, value in (params or {}).items():
        if name not in resolved:
            raise OptionError(f"{study.name} has no parameter {name!r}: it has {', '.join(resolved)}")
        resolved[name] = parse_parameter(resolved[name], value, name) if isinstance(value, str) else value
    if players is not None:
        resolved["players"] = parse_players(players)
    return resolved


# ---------------------------------------------------------------------------------------------
# Planning
# ---------------------------------------------------------------------------------------------
def plan(study: Study, params: Mapping[str, Any], deals: int) -> list[Task]:
    """Every chunk of the run, cell by cell: the order in which chunks are added up."""
    tasks = []
    for cell in study.cells(params):
        cell_deals = study.deals_for(params, cell, deals)
        for k in range(-(-cell_deals // CHUNK_DEALS)):
            tasks.append(Task(dict(cell), k, min(CHUNK_DEALS, cell_deals - k * CHUNK_DEALS)))
    return tasks


def run_id(study: Study, params: Mapping[str, Any], deals: int, seed: int) -> str:
    """The run's folder name: study, size, seed and a digest of every argument and the code version."""
    described = json.dumps({"study": study.name, "params": params, "deals": deals, "seed": seed,
                            "version": equity.__version__}, sort_keys=True, default=str)
    digest = hashlib.sha256(described.encode()).hexdigest()[:8]
    return f"{study.name}-{deals}-s{seed}-{digest}"


# ---------------------------------------------------------------------------------------------
# Files
# ---------------------------------------------------------------------------------------------
def write_parquet(frame: pd.DataFrame, path: Path) -> None:
    """Write ``frame`` to ``path`` atomically: a temporary file in the same folder, then a rename."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    frame.to_parquet(tmp, index=False)
    os.replace(tmp, path)


def _write_json(data: Mapping[str, Any], path: Path) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data, indent=2, default=str) + "\n")
    os.replace(tmp, path)


def _git_commit() -> dict[str, Any]:
    """The git commit of the source tree (and whether it has uncommitted changes), if any."""
    root = Path(__file__).resolve().parent.parent
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True,
                                timeout=10, check=True).stdout.strip()
        status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=root,
                                capture_output=True, text=True, timeout=10, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return {"git_commit": None, "git_dirty": None}
    return {"git_commit": commit or None, "git_dirty": bool(status.strip())}


# ---------------------------------------------------------------------------------------------
# Playing chunks
# ---------------------------------------------------------------------------------------------
def play_chunk(study_name: str, params: Mapping[str, Any], task: Task, seed: int) -> pd.DataFrame:
    """Play one chunk and return its sums, cell columns first (a Dask task runs exactly this)."""
    study = get_study(study_name)
    sums = study.chunk(params, task.cell, seed, task.chunk, task.deals)
    sums = sums.copy()
    for position, (key, value) in enumerate(task.cell.items()):
        sums.insert(position, key, value)
    sums.insert(len(task.cell), "chunk", task.chunk)
    return sums


#: How long to wait for a Dask scheduler named by --scheduler before giving up.
SCHEDULER_TIMEOUT = "20s"


def _dask_client(workers: int, scheduler: str | None):
    """A Dask client: on ``scheduler``, or on a new local cluster of ``workers`` processes (loopback)."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:  # pragma: no cover - depends on the environment
        raise OptionError(
            "--workers > 1 and --scheduler need dask.distributed: pip install 'equity[dask]'"
        ) from None
    if scheduler:
        try:
            return Client(scheduler, timeout=SCHEDULER_TIMEOUT), None
        except (OSError, TimeoutError, ValueError, TypeError) as error:
            reason = " ".join(str(error).split()) or type(error).__name__
            raise OptionError(f"--scheduler {scheduler!r}: no Dask scheduler answered there ({reason}); "
                              "give its address as tcp://HOST:PORT") from None
    cluster = LocalCluster(n_workers=max(workers, 1), threads_per_worker=1, processes=True,
                           host="127.0.0.1", dashboard_address=None)
    return Client(cluster), cluster


def run_study(study: str | Study, *, deals: int | None = None, players=None,
              params: Mapping[str, Any] | None = None, seed: int | None = None,
              out: str | os.PathLike = "results", workers: int = 1, scheduler: str | None = None,
              progress: bool | None = None) -> RunResult:
    """Run a study, or finish an interrupted run of it, and write its tables and record.

    Parameters
    ----------
    study
        A study name (see ``equity sim list``) or :class:`Study`.
    deals
        Deals per parameter cell (the study's default when None).
    players
        Player counts (``"2-9"``, ``"2,6,9"``, a list); the study's default when None.
    params
        Other study parameters by name, as values or as command-line text.
    seed
        The run's seed (:data:`DEFAULT_SEED` when None, so the same arguments name the same run).
    out
        Folder under which the run's folder (named by :func:`run_id`) is made.
    workers
        Processes to play chunks in; more than one starts a Dask ``LocalCluster`` on loopback.
    scheduler
        Address of an existing Dask scheduler to send the chunks to instead.
    progress
        Show a progress bar with the time left (default: when standard error is a terminal).

    Returns
    -------
    RunResult
        The run's folder, tables (``result`` first) and record.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as out:
    ...     run = run_study("rarity", deals=2000, players="2", params={"games": "holdem"}, out=out)
    >>> run.record["study"], run.record["chunks"], list(run.tables)
    ('rarity', 1, ['result', 'inversions'])
    >>> round(float(run.table.query("hand == 'player'").frequency.sum()), 9)
    1.0
    """
    from tqdm.auto import tqdm

    study = get_study(study)
    resolved = resolve_parameters(study, players, params)
    deals = study.deals if deals is None else deals
    if isinstance(deals, bool) or not isinstance(deals, (int, np.integer)) or deals < 1:
        raise OptionError(f"deals must be a positive whole number, got {deals!r}")
    deals = int(deals)
    seed = DEFAULT_SEED if seed is None else resolve_seed(seed)
    if isinstance(workers, bool) or not isinstance(workers, (int, np.integer)) or workers < 1:
        raise OptionError(f"workers must be a positive whole number, got {workers!r}")
    tasks = plan(study, resolved, deals)
    if not tasks:
        raise OptionError(f"{study.name}: these parameters leave nothing to play")

    name = run_id(study, resolved, deals, seed)
    directory = Path(out) / name
    for folder in (Path(out), directory, directory / "chunks"):
        if folder.exists() and not folder.is_dir():
            raise OptionError(f"--out {str(out)!r}: {folder} is a file, not a folder")
    chunks_dir = directory / "chunks"
    chunks_dir.mkdir(parents=True, exist_ok=True)
    for stale in chunks_dir.glob(".*.tmp"):
        stale.unlink(missing_ok=True)
    described = {"study": study.name, "run_id": name, "parameters": resolved, "deals": deals,
                 "seed": seed, "version": equity.__version__, "chunk_deals": CHUNK_DEALS}
    plan_path = directory / PLAN_FILE
    if plan_path.exists():
        earlier = json.loads(plan_path.read_text())
        if {k: earlier.get(k) for k in described} != json.loads(json.dumps(described, default=str)):
            raise OptionError(f"{directory} holds a run with other arguments; choose another --out")
    else:
        _write_json(described, plan_path)

    started, clock = datetime.now(UTC), time.perf_counter()
    pending = [t for t in tasks if not (chunks_dir / t.filename).exists()]
    reused = len(tasks) - len(pending)
    total = sum(t.deals for t in tasks)
    show = sys.stderr.isatty() if progress is None else progress
    with tqdm(total=total, initial=total - sum(t.deals for t in pending), unit="deal", unit_scale=True,
              desc=study.name, disable=not show, dynamic_ncols=True) as bar:
        if workers == 1 and not scheduler:
            for task in pending:
                write_parquet(play_chunk(study.name, resolved, task, seed), chunks_dir / task.filename)
                bar.update(task.deals)
        elif pending:
            client, cluster = _dask_client(workers, scheduler)
            try:
                from dask.distributed import as_completed

                futures = {client.submit(play_chunk, study.name, resolved, task, seed, pure=False): task
                           for task in pending}
                for future in as_completed(futures):
                    task = futures[future]
                    write_parquet(future.result(), chunks_dir / task.filename)
                    bar.update(task.deals)
            finally:
                client.close()
                if cluster is not None:
                    cluster.close()
    played_deals = sum(t.deals for t in pending)

    sums = pd.concat([pd.read_parquet(chunks_dir / t.filename) for t in tasks], ignore_index=True)
    tables = study.finish(sums, resolved)
    for table_name, table in tables.items():
        write_parquet(table, directory / f"{table_name}.parquet")
    elapsed = time.perf_counter() - clock
    record = {
        **described,
        "title": study.title,
        "question": study.question,
        "published_deals": study.published_deals,
        "cells": len({json.dumps(t.cell, sort_keys=True) for t in tasks}),
        "chunks": len(tasks),
        "chunks_played": len(pending),
        "chunks_reused": reused,
        "deals_total": total,
        "deals_played": played_deals,
        "tables": list(tables),
        "workers": workers,
        "scheduler": scheduler,
        **_git_commit(),
        "started": started.isoformat(timespec="seconds"),
        "finished": datetime.now(UTC).isoformat(timespec="seconds"),
        "elapsed_seconds": round(elapsed, 3),
        # None when every chunk was reused: this invocation played nothing to time
        "deals_per_second": round(played_deals / elapsed, 1) if played_deals and elapsed > 0 else None,
    }
    _write_json(record, directory / RECORD_FILE)
    return RunResult(directory, tables, record)


def load_run(run: str | os.PathLike, out: str | os.PathLike = "results") -> RunResult:
    """A finished run, from its folder or its id under ``out``."""
    directory = Path(run)
    if not (directory / RECORD_FILE).exists():
        directory = Path(out) / str(run)
    if not (directory / RECORD_FILE).exists():
        raise OptionError(f"no finished run {str(run)!r} (looked for {RECORD_FILE} in {run} and {directory})")
    try:
        record = json.loads((directory / RECORD_FILE).read_text())
        tables = {name: pd.read_parquet(directory / f"{name}.parquet") for name in record["tables"]}
    except (ValueError, KeyError, TypeError, OSError) as error:  # JSON, Parquet and file errors
        reason = " ".join(str(error).split()) or type(error).__name__
        raise OptionError(f"the run in {directory} cannot be read ({type(error).__name__}: {reason}); "
                          "run the study again to rebuild it from its chunks") from None
    return RunResult(directory, tables, record)
