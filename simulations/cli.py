"""The studies on the command line: ``equity sim list``, ``run STUDY``, ``runs``, ``show RUN`` and
``plot RUN`` (a run named by its id, a unique prefix of it, or its folder).

``app`` is a Typer application; ``equity.cli`` mounts it as ``equity sim``, and
``python -m simulations.cli`` runs it on its own.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Annotated

import pandas as pd
import typer

from equity.errors import InvalidInputError
from equity.formats import OutputFormat, csv_text, json_text, output_attrs, plain, records
from simulations import harness

__all__ = ["app", "main"]

#: Significant digits of the numbers ``sim show`` prints, in its table and in its JSON alike.
SHOW_DIGITS = 6

app = typer.Typer(help="Batch studies: list them, run one (resumable, optionally on Dask), show a run.",
                  no_args_is_help=True, add_completion=False)


def _fail(error: Exception) -> typer.Exit:
    typer.echo(f"equity: {error}", err=True)
    return typer.Exit(code=2)


def _run_folder(run_name: str, out: Path) -> str:
    """A run's folder or id as given, or the one run under ``out`` whose id starts with it."""
    if (Path(run_name) / harness.RECORD_FILE).exists() or (out / run_name / harness.RECORD_FILE).exists():
        return run_name
    matches = sorted(p.name for p in out.glob(f"{_glob_escape(run_name)}*")
                     if (p / harness.RECORD_FILE).exists())
    if len(matches) > 1:
        raise _fail(InvalidInputError(f"run {run_name!r} names {len(matches)} runs under {out}: "
                                      f"{', '.join(matches)}; give more of the id"))
    return matches[0] if matches else run_name


def _glob_escape(text: str) -> str:
    """``text`` with the characters glob reads as patterns taken literally."""
    return "".join(f"[{c}]" if c in "*?[" else c for c in text)


@app.command("list")
def list_studies(
    output: Annotated[OutputFormat, typer.Option("--format", help="Output format.")] = OutputFormat.table,
) -> None:
    """List the studies with their parameters, default size and the size for the published precision."""
    if output is not OutputFormat.table:
        rows = [plain({"study": s.name, "title": s.title, "question": s.question,
                       "parameters": dict(s.defaults), "deals": s.deals, "published_deals": s.published_deals,
                       "precision": s.precision})
                for s in harness.studies().values()]
        if output is OutputFormat.json:
            typer.echo(json_text({}, rows))
        else:
            typer.echo(csv_text(pd.DataFrame(rows)), nl=False)
        return
    for study in harness.studies().values():
        typer.echo(f"{study.name}: {study.title}")
        typer.echo(textwrap.fill(study.question, width=100, initial_indent="    ", subsequent_indent="    "))
        for name, default in study.defaults.items():
            shown = ",".join(map(str, default)) if isinstance(default, (list, tuple)) else default
            option = "--players" if name == "players" else f"--param {name}=..."
            typer.echo(f"    {name} = {shown}    ({option})")
        typer.echo(f"    deals per cell: {study.deals:,} by default; --deals {study.published_deals} for the "
                   f"published precision ({study.precision})")
        typer.echo("")


@app.command("run")
def run(
    study: Annotated[str, typer.Argument(help="Study name (see 'list').")],
    deals: Annotated[int | None, typer.Option(help="Deals per parameter cell (default: the study's).")
                     ] = None,
    players: Annotated[list[str] | None, typer.Option(
        help="Player counts: 6, 2,6,9 or 2-9 (repeatable).")] = None,
    seed: Annotated[int | None, typer.Option(
        help=f"The run's seed (default {harness.DEFAULT_SEED}: same arguments, same run).")] = None,
    out: Annotated[Path, typer.Option(help="Folder for the run's folder.")] = Path("results"),
    workers: Annotated[int, typer.Option(help="Processes; more than 1 uses a Dask LocalCluster.")] = 1,
    scheduler: Annotated[str | None, typer.Option(help="Address of a Dask scheduler to use.")] = None,
    param: Annotated[list[str] | None, typer.Option(
        "--param", help="A study parameter, NAME=VALUE (lists comma-separated; repeatable).")] = None,
    progress: Annotated[bool | None, typer.Option(
        "--progress/--no-progress", help="Progress bar (default: on a terminal).")] = None,
    game_file: Annotated[Path | None, typer.Option(
        help="Run the study on a custom game described in a TOML file (studies with a 'games' "
             "parameter: rarity, starting-hands).")] = None,
    rerun: Annotated[bool, typer.Option(
        "--rerun", help="Discard the run's saved chunks and tables and play it again (needed when the "
                        "run was made by other code).")] = False,
) -> None:
    """Run a study (or finish an interrupted run of it) and print where its tables are."""
    params = {}
    for item in param or []:
        name, sep, value = item.partition("=")
        if not sep:
            raise _fail(InvalidInputError(f"--param {item!r}: write NAME=VALUE"))
        params[name.strip()] = value.strip()
    if game_file is not None:
        try:
            chosen = harness.get_study(study)
        except InvalidInputError as error:
            raise _fail(error) from None
        if "games" not in chosen.defaults:
            raise _fail(InvalidInputError(f"{study} has no 'games' parameter: --game-file applies to "
                                          "rarity and starting-hands"))
        params["games"] = [str(game_file.resolve())]
    try:
        result = harness.run_study(study, deals=deals, players=players, params=params, seed=seed, out=out,
                                   workers=workers, scheduler=scheduler, progress=progress, rerun=rerun)
    except InvalidInputError as error:
        raise _fail(error) from None
    record = result.record
    speed = (f"{record['deals_per_second']:,.0f} deals/s" if record["deals_per_second"]
             else "nothing left to play")
    typer.echo(f"run {record['run_id']}: {record['chunks']} chunks ({record['chunks_reused']} reused), "
               f"{record['deals_total']:,} deals, {record['elapsed_seconds']:.1f} s, {speed}")
    for line in harness.get_study(study).headline(result.tables):
        typer.echo(f"  {line}")
    typer.echo(f"tables and record in {result.directory}")


@app.command("runs")
def runs(
    out: Annotated[Path, typer.Option(help="Folder holding the runs.")] = Path("results"),
    output: Annotated[OutputFormat, typer.Option("--format", help="Output format.")] = OutputFormat.table,
) -> None:
    """List the finished runs under --out: id, study, deals, when, and whether this code made them."""
    rows = []
    for folder in sorted(out.glob("*")) if out.is_dir() else []:
        try:
            record = json.loads((folder / harness.RECORD_FILE).read_text())
        except (OSError, ValueError):
            continue  # not a finished run (or an unreadable one: 'show' says why)
        try:
            current = not harness.code_changes(record)
        except InvalidInputError:
            current = False
        rows.append({"run_id": record.get("run_id", folder.name), "study": record.get("study"),
                     "deals": record.get("deals_total"), "finished": record.get("finished"),
                     "this_code": current, "folder": str(folder)})
    if output is OutputFormat.json:
        typer.echo(json_text({"out": str(out)}, [plain(row) for row in rows]))
    elif output is OutputFormat.csv:
        columns = ["run_id", "study", "deals", "finished", "this_code", "folder"]
        typer.echo(csv_text(pd.DataFrame(rows, columns=columns), {"out": str(out)}), nl=False)
    elif not rows:
        typer.echo(f"no finished runs under {out}")
    else:
        frame = pd.DataFrame(rows).drop(columns="folder")
        frame["this_code"] = frame["this_code"].map({True: "yes", False: "no (made by other code)"})
        typer.echo(frame.to_string(index=False))


@app.command("show")
def show(
    run_name: Annotated[str, typer.Argument(
        metavar="RUN", help="A run's id or a unique prefix of it (under --out), or its folder.")],
    out: Annotated[Path, typer.Option(help="Folder holding the runs.")] = Path("results"),
    table: Annotated[str | None, typer.Option(help="Print only this table.")] = None,
    output: Annotated[OutputFormat, typer.Option(
        "--format", help="Output format (csv prints one table: --table names it if the run has several).")
    ] = OutputFormat.table,
) -> None:
    """Print a finished run's record and tables."""
    try:
        result = harness.load_run(_run_folder(run_name, out), out=out)
    except InvalidInputError as error:
        raise _fail(error) from None
    record = result.record
    if table is not None and table not in result.tables:
        raise _fail(InvalidInputError(f"no table {table!r}: the run has {', '.join(result.tables)}"))
    names = [table] if table else list(result.tables)
    if output is OutputFormat.json:
        typer.echo(json.dumps({"record": plain(record), "tables": {
            name: {"attrs": output_attrs(result.tables[name].attrs),
                   "rows": records(result.tables[name], digits=SHOW_DIGITS)}
            for name in names}}, indent=2))
        return
    if output is OutputFormat.csv:
        if len(names) != 1:
            raise _fail(InvalidInputError(f"--format csv prints one table: choose it with --table "
                                          f"({', '.join(names)})"))
        shown = result.tables[names[0]]
        typer.echo(csv_text(shown, output_attrs(shown.attrs)), nl=False)
        return
    typer.echo(f"{record['study']}: {record['title']}")
    for key in ("run_id", "seed", "deals", "parameters", "version", "git_commit", "started", "finished",
                "elapsed_seconds", "deals_per_second"):
        typer.echo(f"  {key}: {record.get(key)}")
    try:
        changes = harness.code_changes(record)
    except InvalidInputError:  # a record of an unknown study
        changes = ["the study is not known to this code"]
    typer.echo(f"  code: {'made by other code: ' + '; '.join(changes) if changes else 'this code'}"
               f" (fingerprint {record.get('fingerprint')})")
    with pd.option_context("display.max_rows", None, "display.max_columns", None, "display.width", 200,
                           "display.float_format", f"{{:.{SHOW_DIGITS}g}}".format):
        for name in names:
            typer.echo(f"\n{name}:")
            typer.echo(result.tables[name].to_string(index=False))


@app.command("plot")
def plot(
    run_name: Annotated[str, typer.Argument(
        metavar="RUN", help="A run's id or a unique prefix of it (under --out), or its folder.")],
    out: Annotated[Path, typer.Option(help="Folder holding the runs.")] = Path("results"),
    to: Annotated[Path | None, typer.Option(help="Folder for the figures (default: the run's figures/).")
                  ] = None,
    format: Annotated[list[str] | None, typer.Option(
        "--format", help="png or svg (repeatable; default png).")] = None,
) -> None:
    """Draw a finished run's charts in the house style and write them as PNG or SVG files."""
    from simulations.plots import plot_run

    try:
        written = plot_run(harness.load_run(_run_folder(run_name, out), out=out), to,
                           formats=tuple(format or ("png",)))
    except InvalidInputError as error:
        raise _fail(error) from None
    for path in written:
        typer.echo(str(path))


def main() -> None:
    """Run the application (``python -m simulations.cli``)."""
    app()


if __name__ == "__main__":
    main()
