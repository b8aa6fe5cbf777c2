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
``plan.json`` (the arguments and the code fingerprint, written first),
``chunks/*.parquet`` (one per finished chunk), ``result.parquet`` and the
study's other tables, and ``record.json``.  Every Parquet file is written to a
temporary file and renamed; temporary files left by a killed run are removed
when the run starts again.

Runs tied to their code
-----------------------
The run id names the arguments; the *plan fingerprint* (:func:`plan_fingerprint`)
covers them, the code that determines a chunk's content (:func:`code_fingerprint`:
the study module and the ``simulations`` modules it imports, the ``equity``
package's Python sources, the kernel sources, the package version) and the
content of any file named by a parameter (a custom game).  A run folder whose
plan was made by other code is refused, naming what changed (:class:`StoredRunError`):
``rerun=True`` (``--rerun``) plays it again, or another ``out`` keeps both.
Each chunk file states its cell, chunk index and the plan fingerprint in its
Parquet metadata (``equity.chunk``), and every saved chunk is checked before it
is reused: a chunk copied over another, or one of another plan, is refused, as is
an unreadable (truncated) one, with the file named and how to play it again.
The result tables carry the run record in their metadata (``equity.record``,
:func:`stored_record`).

Typed tables
------------
A result table keeps its types through Parquet (:func:`write_parquet`, :func:`read_parquet`):
a Categorical column (a hand category, ordered in the game's ranking) comes back with the same
categories and order, a list column as Python lists, and ``attrs`` as they were: the game, the
method, the seed and the trials (deals per cell) of every table, with the study, the table's
name and the run id (:func:`table_attrs`).  A run stored before tables were typed
(:data:`TABLE_FORMAT`) is refused by :func:`load_run` (:class:`StoredRunError`), never read as
text where a category or a list is expected.
"""

from __future__ import annotations

import ast
import hashlib
import inspect
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
import pyarrow as pa
import pyarrow.parquet as pq

import equity
from equity.cache import kernel_digest
from equity.errors import InvalidInputError, OptionError, check_flag
from equity.formats import plain
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
    "StoredRunError",
    "studies",
    "get_study",
    "resolve_parameters",
    "parse_players",
    "parse_parameter",
    "plan",
    "run_id",
    "code_fingerprint",
    "code_changes",
    "plan_fingerprint",
    "run_study",
    "load_run",
    "stored_record",
    "sum_row",
    "add_up",
    "estimates",
    "write_parquet",
    "read_parquet",
    "table_attrs",
    "TABLE_FORMAT",
    "z_score",
]

#: Files of a run directory.
PLAN_FILE, RECORD_FILE, RESULT_TABLE = "plan.json", "record.json", "result"
#: Parquet key-value metadata: a chunk's description, the run record in the result tables, and the
#: categories of each Categorical column (kept even when a table has no rows).
CHUNK_KEY, RECORD_KEY, DTYPES_KEY = "equity.chunk", "equity.record", "equity.dtypes"
#: The form of the result tables, in the record (``table_format``): 2 since categories are
#: Categoricals, lists are lists and every table's ``attrs`` name its game, method, seed and trials.
#: A run of another form is refused by :func:`load_run`.
TABLE_FORMAT = 2
#: The parts of :func:`code_fingerprint`, in words (for the messages).
CODE_PARTS = {
    "study": "the study's code",
    "toolkit": "the equity package's Python sources",
    "kernels": "the Numba kernels (equity/_kernels)",
    "version": "the package version",
}


class StoredRunError(InvalidInputError):
    """A stored run that cannot be reused as it is: made by other code or arguments, or a chunk
    file that is unreadable, copied from another chunk or written for another plan.  ``stale``
    is True when the only fault is that other code made it (``--rerun`` plays it again)."""

    stale: bool = False


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
# Code fingerprints
# ---------------------------------------------------------------------------------------------
def _digest_files(paths: Iterable[Path], root: Path) -> str:
    """A digest of the files' paths (relative to ``root``) and contents."""
    digest = hashlib.sha256()
    for path in sorted(set(paths)):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _package_module_file(package_dir: Path, name: str) -> Path | None:
    """The file of module ``name`` (dotted, inside the package at ``package_dir``), if there is one."""
    parts = name.split(".")[1:]
    base = package_dir.joinpath(*parts)
    for candidate in (base.with_suffix(".py") if parts else None, base / "__init__.py"):
        if candidate is not None and candidate.is_file():
            return candidate
    return None


def study_sources(study: Study) -> list[Path]:
    """The files of the study's code: its module and every module of the ``simulations`` package
    it imports, directly or through another (read from the import statements of the source).

    Examples
    --------
    >>> sorted(p.name for p in study_sources(get_study("rarity")))
    ['rarity.py', 'study.py', 'switch_pairs.py']
    """
    module = inspect.getmodule(study.chunk)
    start = Path(inspect.getsourcefile(study.chunk) or module.__file__).resolve()
    import simulations

    package_dir = Path(simulations.__file__).resolve().parent
    package = simulations.__name__
    found, waiting = set(), [start]
    while waiting:
        path = waiting.pop()
        if path in found:
            continue
        found.add(path)
        if package_dir not in path.parents:
            continue  # a study defined outside the package: its own file only
        here = ".".join([package, *path.relative_to(package_dir).with_suffix("").parts])
        here_package = here if path.name == "__init__.py" else here.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    kept = here_package.split(".")[: len(here_package.split(".")) - node.level + 1]
                    base = ".".join([*kept, base] if base else kept)
                names = [base] + [f"{base}.{alias.name}" for alias in node.names]
            for name in names:
                if name.split(".")[0] != package or name == package:
                    continue
                target = _package_module_file(package_dir, name)
                if target is not None and target.name != "__init__.py":
                    waiting.append(target.resolve())
    return sorted(found)


#: Sources of the equity package that present results or set up the machine and never play a
#: deal: the charts, the command line and its output formats, the cache listing, the warm-up
#: and the set-up notices.  They are left out of the code fingerprint, so redrawing a chart or
#: rewording a message does not make hours of stored runs stale.
PRESENTATION_SOURCES = frozenset({
    "plotting.py", "cli.py", "__main__.py", "formats.py", "cache.py", "warmup.py", "setup_notices.py",
    "strategy/cli.py", "strategy/draw_cli.py",
})


def code_fingerprint(study: Study) -> dict[str, str]:
    """Digests of the code that determines the content of a study's chunks.

    Returns
    -------
    dict
        ``study``: the study's code (:func:`study_sources`); ``toolkit``: every Python
        source of the ``equity`` package outside its kernels (the deal engine, the evaluator,
        the games, the policies...); ``kernels``: the kernel sources' digest that names the
        Numba cache folder (:func:`equity.cache.kernel_digest`); ``version``:
        ``equity.__version__``.  An edit to any of these files changes the fingerprint,
        whether or not it changes a figure; the package's presentation sources
        (:data:`PRESENTATION_SOURCES`: charts, command line, cache listing, notices) are not
        among them.
    """
    study_files = study_sources(study)
    package_dir = Path(equity.__file__).resolve().parent
    toolkit = [p for p in package_dir.rglob("*.py") if "_kernels" not in p.relative_to(package_dir).parts
               and p.relative_to(package_dir).as_posix() not in PRESENTATION_SOURCES]
    return {
        "study": _digest_files(study_files, Path(os.path.commonpath([p.parent for p in study_files]))),
        "toolkit": _digest_files(toolkit, package_dir),
        "kernels": kernel_digest(),
        "version": equity.__version__,
    }


def _input_files(params: Mapping[str, Any]) -> dict[str, str]:
    """Digests of the files named by parameter values (a custom game's TOML file), by path."""
    found = {}
    for value in params.values():
        for item in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(item, str) and Path(item).suffix and Path(item).is_file():
                found[item] = hashlib.sha256(Path(item).read_bytes()).hexdigest()[:16]
    return found


def plan_fingerprint(described: Mapping[str, Any]) -> str:
    """The digest of a run's plan: its arguments, code fingerprint and input files (``plan.json``
    without this digest), written into every chunk file of the run."""
    kept = {k: v for k, v in described.items() if k != "fingerprint"}
    return hashlib.sha256(json.dumps(kept, sort_keys=True, default=str).encode()).hexdigest()[:16]


def code_changes(stored: Mapping[str, Any], study: Study | None = None) -> list[str]:
    """What differs between the code (and input files) a run's plan or record names and this code.

    Parameters
    ----------
    stored
        A run's ``plan.json`` or ``record.json`` content.
    study
        The study (by default the one ``stored`` names).

    Returns
    -------
    list of str
        One phrase per changed part (``"the study's code (simulations/rarity.py, ...)"``), empty
        when the run was made by this code; runs made before fingerprints were recorded give
        one phrase saying so.
    """
    study = get_study(study if study is not None else stored.get("study"))
    code = stored.get("code")
    if not isinstance(code, Mapping):
        return ["the run records no code fingerprint (made before runs were tied to their code)"]
    now = code_fingerprint(study)
    changes = []
    for part, words in CODE_PARTS.items():
        if code.get(part) != now[part]:
            if part == "study":
                root = Path(__file__).resolve().parent.parent
                names = [p.relative_to(root).as_posix() if root in p.parents else str(p)
                         for p in study_sources(study)]
                words = f"{words} ({', '.join(names)})"
            elif part == "version":
                words = f"{words} ({code.get(part)} then, {now[part]} now)"
            changes.append(words)
    params = stored.get("parameters") or {}
    earlier_inputs = stored.get("input_files") or {}
    now_inputs = _input_files(params)
    for path in sorted(set(earlier_inputs) | set(now_inputs)):
        if earlier_inputs.get(path) != now_inputs.get(path):
            changes.append(f"the content of {path}" if path in now_inputs else f"{path} (missing now)")
    return changes


# ---------------------------------------------------------------------------------------------
# Files
# ---------------------------------------------------------------------------------------------
def write_parquet(frame: pd.DataFrame, path: Path, metadata: Mapping[str, Any] | None = None) -> None:
    """Write ``frame`` to ``path`` atomically: a temporary file in the same folder, then a rename.

    ``metadata`` is stored as JSON under its keys in the file's key-value metadata (beside
    pandas' own).  The temporary file is removed if the write fails.
    """
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        table = pa.Table.from_pandas(frame, preserve_index=False)
        dtypes = {str(name): {"categories": [str(c) for c in column.cat.categories],
                              "ordered": bool(column.cat.ordered)}
                  for name, column in frame.items() if isinstance(column.dtype, pd.CategoricalDtype)}
        metadata = {**(metadata or {}), **({DTYPES_KEY: dtypes} if dtypes else {})}
        if metadata:
            extra = {key.encode(): json.dumps(value, sort_keys=True, default=str).encode()
                     for key, value in metadata.items()}
            table = table.replace_schema_metadata({**(table.schema.metadata or {}), **extra})
        pq.write_table(table, tmp)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def read_parquet(path: str | os.PathLike) -> pd.DataFrame:
    """A table written by :func:`write_parquet`, with its types: Categorical columns with their
    categories and order (even with no rows), list columns as Python lists (not numpy arrays), and
    its ``attrs``."""
    table = pq.read_table(path)
    frame = table.to_pandas()
    raw = (table.schema.metadata or {}).get(DTYPES_KEY.encode())
    for name, dtype in (json.loads(raw) if raw else {}).items():
        if name in frame:
            categories = pd.CategoricalDtype(dtype["categories"], ordered=dtype["ordered"])
            frame[name] = pd.Series(pd.Categorical(frame[name].astype(object), dtype=categories),
                                    index=frame.index)
    for field in table.schema:
        if pa.types.is_list(field.type) or pa.types.is_large_list(field.type):
            frame[field.name] = pd.Series(table.column(field.name).to_pylist(), index=frame.index,
                                          dtype=object)
    return frame


def _parquet_metadata(path: Path, key: str) -> Any:
    """The JSON value stored under ``key`` in a Parquet file's metadata (None when absent)."""
    raw = (pq.read_schema(path).metadata or {}).get(key.encode())
    return None if raw is None else json.loads(raw)


def stored_record(path: str | os.PathLike) -> dict[str, Any] | None:
    """The run record stored in a result table's Parquet metadata (None when it holds none)."""
    return _parquet_metadata(Path(path), RECORD_KEY)


def _write_json(data: Mapping[str, Any], path: Path) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(json.dumps(data, indent=2, default=str) + "\n")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def _plain(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples as lists, numpy numbers as numbers)."""
    return json.loads(json.dumps(value, sort_keys=True, default=str))


def _describe_cell(cell: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in cell.items())


def _chunk_description(task: Task, fingerprint: str) -> dict[str, Any]:
    """What a chunk file states about itself (its ``equity.chunk`` metadata)."""
    return {"cell": _plain(task.cell), "chunk": task.chunk, "deals": task.deals, "fingerprint": fingerprint}


def _how_to_replay(path: Path) -> str:
    return (f"delete {path} and run the same command again to play that chunk again, "
            "or run with --rerun to play the whole run again")


def _unreadable(path: Path, error: Exception) -> StoredRunError:
    reason = " ".join(str(error).split()) or type(error).__name__
    return StoredRunError(f"chunk file {path} cannot be read ({type(error).__name__}: {reason}): it is "
                          f"truncated or damaged; {_how_to_replay(path)}")


def check_chunk(path: Path, task: Task, fingerprint: str) -> None:
    """Refuse a saved chunk file that is unreadable, carries no description, or describes another
    chunk, cell or plan than ``task`` of the run with ``fingerprint`` (:class:`StoredRunError`)."""
    try:
        stated = _parquet_metadata(path, CHUNK_KEY)
    except (OSError, ValueError, pa.ArrowException) as error:  # a truncated file has no footer
        raise _unreadable(path, error) from None
    expected = _chunk_description(task, fingerprint)
    if not isinstance(stated, dict):
        raise StoredRunError(f"chunk file {path} does not say which chunk it holds (no {CHUNK_KEY} "
                             f"metadata: written by other code); {_how_to_replay(path)}")
    if stated.get("cell") != expected["cell"] or stated.get("chunk") != expected["chunk"]:
        raise StoredRunError(
            f"chunk file {path} holds chunk {stated.get('chunk')} of "
            f"{_describe_cell(stated.get('cell') or {})}, not chunk {task.chunk} of "
            f"{_describe_cell(task.cell)}: it was copied or renamed, and is not added up; "
            f"{_how_to_replay(path)}")
    if stated.get("fingerprint") != fingerprint or stated.get("deals") != task.deals:
        raise StoredRunError(
            f"chunk file {path} was written for another plan (fingerprint {stated.get('fingerprint')}, "
            f"this run's {fingerprint}): copied from another run or made by other code, and is not "
            f"added up; {_how_to_replay(path)}")


def read_chunk(path: Path, task: Task, fingerprint: str) -> pd.DataFrame:
    """A saved chunk's sums, after :func:`check_chunk`; an unreadable file is a :class:`StoredRunError`."""
    check_chunk(path, task, fingerprint)
    try:
        frame = read_parquet(path)
    except (OSError, ValueError, pa.ArrowException) as error:
        raise _unreadable(path, error) from None
    if "chunk" in frame and not (frame["chunk"] == task.chunk).all():
        raise StoredRunError(f"chunk file {path} holds rows of another chunk than {task.chunk}; "
                             f"{_how_to_replay(path)}")
    return frame


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


def table_attrs(name: str, table: pd.DataFrame, record: Mapping[str, Any]) -> dict[str, Any]:
    """A result table's ``attrs``: ``game``, ``method``, ``seed``, ``trials``, ``study``, ``table``
    and ``run_id``, then what the study's ``finish`` put in ``table.attrs`` beside them.

    The study's own ``game``, ``method``, ``seed`` and ``trials`` win; by default ``method`` is
    ``"monte carlo"``, ``seed`` the run's seed, ``trials`` the deals per cell and ``game`` the
    games of the table's ``game`` column (a name when there is one, else a list), or of the
    ``games`` parameter, or None.
    """
    own = dict(table.attrs)
    if "game" in table.columns and len(table):
        games = [str(g) for g in pd.unique(table["game"].astype(object))]
    else:
        games = [str(g) for g in record.get("parameters", {}).get("games", [])]
    default_game = None if not games else games[0] if len(games) == 1 else games
    attrs = {"game": own.pop("game", default_game), "method": own.pop("method", "monte carlo"),
             "seed": own.pop("seed", record.get("seed")), "trials": own.pop("trials", record.get("deals")),
             "study": record.get("study"), "table": name, "run_id": record.get("run_id")}
    return plain({**attrs, **own})


def run_study(study: str | Study, *, deals: int | None = None, players=None,
              params: Mapping[str, Any] | None = None, seed: int | None = None,
              out: str | os.PathLike = "results", workers: int = 1, scheduler: str | None = None,
              progress: bool | None = None, rerun: bool = False) -> RunResult:
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
    rerun
        Discard what the run's folder holds (chunks, tables, record) and play the run again:
        the way on when the folder's run was made by other code.

    Returns
    -------
    RunResult
        The run's folder, tables (``result`` first) and record.

    Raises
    ------
    StoredRunError
        The folder holds a run made by other code (the message names the part that changed), or
        a saved chunk is unreadable, copied from another chunk or written for another plan (the
        message names the file and how to play it again).

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
    rerun = check_flag(rerun, "rerun")
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
    if rerun:
        _discard_run(directory)
    chunks_dir.mkdir(parents=True, exist_ok=True)
    for folder in (directory, chunks_dir):  # left by a run killed while writing
        for stale in folder.glob(".*.tmp"):
            stale.unlink(missing_ok=True)
    described: dict[str, Any] = {
        "study": study.name, "run_id": name, "parameters": resolved, "deals": deals, "seed": seed,
        "version": equity.__version__, "chunk_deals": CHUNK_DEALS, "code": code_fingerprint(study),
        "input_files": _input_files(resolved)}
    described["fingerprint"] = fingerprint = plan_fingerprint(described)
    plan_path = directory / PLAN_FILE
    if plan_path.exists():
        _check_plan(plan_path, described, study)
    else:
        _write_json(described, plan_path)

    started, clock = datetime.now(UTC), time.perf_counter()
    saved = [t for t in tasks if (chunks_dir / t.filename).exists()]
    for task in saved:  # before anything is played: a copied or damaged chunk stops the run at once
        check_chunk(chunks_dir / task.filename, task, fingerprint)
    pending = [t for t in tasks if not (chunks_dir / t.filename).exists()]
    reused = len(tasks) - len(pending)
    total = sum(t.deals for t in tasks)
    show = sys.stderr.isatty() if progress is None else progress

    def save(frame: pd.DataFrame, task: Task) -> None:
        write_parquet(frame, chunks_dir / task.filename, {CHUNK_KEY: _chunk_description(task, fingerprint)})
        bar.update(task.deals)

    with tqdm(total=total, initial=total - sum(t.deals for t in pending), unit="deal", unit_scale=True,
              desc=study.name, disable=not show, dynamic_ncols=True) as bar:
        if workers == 1 and not scheduler:
            for task in pending:
                save(play_chunk(study.name, resolved, task, seed), task)
        elif pending:
            client, cluster = _dask_client(workers, scheduler)
            try:
                from dask.distributed import as_completed

                futures = {client.submit(play_chunk, study.name, resolved, task, seed, pure=False): task
                           for task in pending}
                for future in as_completed(futures):
                    save(future.result(), futures[future])
            finally:
                client.close()
                if cluster is not None:
                    cluster.close()
    played_deals = sum(t.deals for t in pending)

    sums = pd.concat([read_chunk(chunks_dir / t.filename, t, fingerprint) for t in tasks], ignore_index=True)
    tables = study.finish(sums, resolved)
    for table_name, table in tables.items():
        table.attrs = table_attrs(table_name, table, described)
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
        "table_format": TABLE_FORMAT,
        "workers": workers,
        "scheduler": scheduler,
        **_git_commit(),
        "started": started.isoformat(timespec="seconds"),
        "finished": datetime.now(UTC).isoformat(timespec="seconds"),
        "elapsed_seconds": round(elapsed, 3),
        # None when every chunk was reused: this invocation played nothing to time
        "deals_per_second": round(played_deals / elapsed, 1) if played_deals and elapsed > 0 else None,
    }
    for table_name, table in tables.items():
        write_parquet(table, directory / f"{table_name}.parquet", {RECORD_KEY: record})
    _write_json(record, directory / RECORD_FILE)
    return RunResult(directory, tables, record)


def _check_plan(plan_path: Path, described: Mapping[str, Any], study: Study) -> None:
    """Refuse a run folder whose plan has other arguments or was made by other code."""
    directory = plan_path.parent
    try:
        earlier = json.loads(plan_path.read_text())
        if not isinstance(earlier, dict):
            raise ValueError("not a JSON object")
    except (OSError, ValueError) as error:
        raise StoredRunError(f"{plan_path} cannot be read ({type(error).__name__}); run the same "
                             "command with --rerun to play the run again") from None
    arguments = ("study", "run_id", "parameters", "deals", "seed", "version", "chunk_deals")
    if {k: earlier.get(k) for k in arguments} != _plain({k: described[k] for k in arguments}):
        raise StoredRunError(f"{directory} holds a run with other arguments; choose another --out")
    if earlier.get("fingerprint") == described["fingerprint"]:
        return
    changes = code_changes(earlier, study) or [
        f"its plan (fingerprint {earlier.get('fingerprint')}, now {described['fingerprint']})"]
    error = StoredRunError(
        f"{directory} holds a run made by other code, not reused: changed since its chunks were played: "
        f"{'; '.join(changes)}. Run the same command with --rerun to discard its chunks and play it "
        "again, or give another --out to keep it")
    error.stale = True
    raise error


def _discard_run(directory: Path) -> None:
    """Remove what the harness wrote in a run folder (plan, chunks, tables, record), for ``rerun``."""
    if not directory.is_dir():
        return
    chunks_dir = directory / "chunks"
    for path in [*chunks_dir.glob("*.parquet"), *chunks_dir.glob(".*.tmp"), *directory.glob("*.parquet"),
                 *directory.glob(".*.tmp"), directory / PLAN_FILE, directory / RECORD_FILE]:
        path.unlink(missing_ok=True)


def load_run(run: str | os.PathLike, out: str | os.PathLike = "results") -> RunResult:
    """A finished run, from its folder or its id under ``out``."""
    directory = Path(run)
    if not (directory / RECORD_FILE).exists():
        directory = Path(out) / str(run)
    if not (directory / RECORD_FILE).exists():
        raise OptionError(f"no finished run {str(run)!r} (looked for {RECORD_FILE} in {run} and {directory})")
    try:
        record = json.loads((directory / RECORD_FILE).read_text())
        if record.get("table_format") != TABLE_FORMAT:
            error = StoredRunError(
                f"the run in {directory} was stored by an earlier version of the toolkit, before its "
                f"tables were typed (table format {record.get('table_format', 1)}, now {TABLE_FORMAT}: "
                "categories as text, lists as joined text), and is not read; run the study again with "
                "--rerun (equity sim run ... --rerun) to play it with this code")
            error.stale = True
            raise error
        tables = {}
        for name in record["tables"]:
            table = read_parquet(directory / f"{name}.parquet")
            table.attrs = table_attrs(name, table, record)
            tables[name] = table
    except StoredRunError:
        raise
    except (ValueError, KeyError, TypeError, OSError, pa.ArrowException) as error:  # JSON, Parquet, files
        reason = " ".join(str(error).split()) or type(error).__name__
        raise OptionError(f"the run in {directory} cannot be read ({type(error).__name__}: {reason}); "
                          "run the study again to rebuild it from its chunks") from None
    return RunResult(directory, tables, record)
