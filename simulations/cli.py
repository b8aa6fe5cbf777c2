"""The studies on the command line: ``equity sim list``, ``run STUDY``, ``show RUN`` and ``plot RUN``.

``app`` is a Typer application; ``equity.cli`` mounts it as ``equity sim``, and
``python -m simulations.cli`` runs it on its own.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Annotated

import pandas as pd
import typer

from equity.errors import InvalidInputError
from simulations import harness

__all__ = ["app", "main"]

app = typer.Typer(help="Batch studies: list them, run one (resumable, optionally on Dask), show a run.",
                  no_args_is_help=True, add_completion=False)


def _fail(error: Exception) -> typer.Exit:
    typer.echo(f"equity: {error}", err=True)
    return typer.Exit(code=2)


@app.command("list")
def list_studies() -> None:
    """List the studies with their parameters, default size and the size for the published precision."""
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


@app.command("show")
def show(
    run_name: Annotated[str, typer.Argument(metavar="RUN", help="A run's id (under --out) or its folder.")],
    out: Annotated[Path, typer.Option(help="Folder holding the runs.")] = Path("results"),
    table: Annotated[str | None, typer.Option(help="Print only this table.")] = None,
) -> None:
    """Print a finished run's record and tables."""
    try:
        result = harness.load_run(run_name, out=out)
    except InvalidInputError as error:
        raise _fail(error) from None
    record = result.record
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
    names = [table] if table else list(result.tables)
    with pd.option_context("display.max_rows", None, "display.max_columns", None, "display.width", 200,
                           "display.float_format", "{:.6g}".format):
        for name in names:
            if name not in result.tables:
                raise _fail(InvalidInputError(f"no table {name!r}: the run has {', '.join(result.tables)}"))
            typer.echo(f"\n{name}:")
            typer.echo(result.tables[name].to_string(index=False))


@app.command("plot")
def plot(
    run_name: Annotated[str, typer.Argument(metavar="RUN", help="A run's id (under --out) or its folder.")],
    out: Annotated[Path, typer.Option(help="Folder holding the runs.")] = Path("results"),
    to: Annotated[Path | None, typer.Option(help="Folder for the figures (default: the run's figures/).")
                  ] = None,
    format: Annotated[list[str] | None, typer.Option(
        "--format", help="png or svg (repeatable; default png).")] = None,
) -> None:
    """Draw a finished run's charts in the house style and write them as PNG or SVG files."""
    from simulations.plots import plot_run

    try:
        written = plot_run(harness.load_run(run_name, out=out), to, formats=tuple(format or ("png",)))
    except InvalidInputError as error:
        raise _fail(error) from None
    for path in written:
        typer.echo(str(path))


def main() -> None:
    """Run the application (``python -m simulations.cli``)."""
    app()


if __name__ == "__main__":
    main()
