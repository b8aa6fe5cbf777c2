"""``equity range``: a range expanded to its combos, or converted between text and the rank grid.

Imported by :mod:`equity.cli` when the command line starts, so it imports nothing heavy at the
top (numpy and pandas are loaded when the command runs).
"""

from __future__ import annotations

import json
import sys
import warnings
from typing import Annotated

import typer

from equity.errors import InvalidInputError
from equity.formats import OutputFormat

__all__ = ["range_command"]


def _range_text(words: list[str]) -> str | None:
    if not words:
        return None
    if len(words) > 1:
        joined = " ".join(words)
        raise InvalidInputError(f"the range came as {len(words)} words ({', '.join(map(repr, words))}): "
                                f"quote it, e.g. equity range '{joined}'")
    return words[0]


def _read_grid(source: str):
    import pandas as pd

    try:
        return pd.read_csv(sys.stdin if source == "-" else source, index_col=0, dtype=str).apply(
            pd.to_numeric, errors="raise")
    except (ValueError, pd.errors.ParserError) as error:
        raise InvalidInputError(f"cannot read the grid {source!r}: {error}") from None


def _grid_text(grid) -> str:
    shown = grid.map(lambda w: "." if w == 0 else f"{w:.3g}")
    shown.index.name = None
    shown.columns.name = None
    return shown.to_string()


def range_command(
    words: Annotated[list[str] | None, typer.Argument(
        metavar="RANGE", help="The range, quoted: 'QQ+, AKs', 'AA** ds', '15%'.", show_default=False)] = None,
    game: Annotated[str, typer.Option(help="The game (see 'equity games').")] = "holdem",
    dead: Annotated[str, typer.Option(help="Known cards: combos holding one are left out.")] = "",
    grid: Annotated[bool, typer.Option(
        "--grid", help="Show the range on the rank grid (two-card games) instead of its combos.")] = False,
    from_grid: Annotated[str | None, typer.Option(
        help="Read the range from a grid CSV file ('-': standard input), as --grid --format csv "
             "writes it, and show its text.")] = None,
    min_weight: Annotated[float | None, typer.Option(
        help="Leave out combos weighted below this.")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the sample of a very large range.")] = None,
    game_file: Annotated[str | None, typer.Option(help="A custom game described in a TOML file.")] = None,
    output: Annotated[OutputFormat, typer.Option("--format", help="Output format.")] = OutputFormat.table,
) -> None:
    """Expand a range to its combos and weights, or convert it between text and the rank grid."""
    import pandas as pd

    from equity.games import get_game
    from equity.ranges import Range, RangeSampledWarning, parse_range

    g = get_game(game_file if game_file is not None else game)
    text = _range_text(words or [])
    if from_grid is not None:
        if text is not None:
            raise InvalidInputError("give a range or --from-grid, not both")
        r = Range.from_grid(_read_grid(from_grid), game=g, dead=dead or None)
    elif text is None:
        raise InvalidInputError("give a range, e.g. equity range 'QQ+, AKs' (quoted), or --from-grid FILE")
    else:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", RangeSampledWarning)
            r = parse_range(text, game=g, dead=dead or None, min_weight=min_weight, seed=seed)
        for warning in caught:
            typer.echo(f"equity: note: {warning.message}", err=True)
    if grid:
        table = r.to_grid()
        if output is OutputFormat.csv:
            typer.echo(table.to_csv(), nl=False)
        elif output is OutputFormat.json:
            typer.echo(json.dumps({"game": g.name, "range": str(r), "ranks": list(table.columns),
                                   "grid": table.to_numpy().round(6).tolist()}, indent=2))
        else:
            typer.echo(f"{g.name}: {r} ({len(r):,} combos)")
            typer.echo(_grid_text(table))
        return
    hands = pd.DataFrame({"hand": r.combo_texts(), "weight": r.weights})
    if output is OutputFormat.csv:
        typer.echo(hands.to_csv(index=False), nl=False)
    elif output is OutputFormat.json:
        typer.echo(json.dumps({"game": g.name, "range": r.text, "text": str(r), "dead": dead,
                               "combos": len(r), "sampled_from": r.total,
                               "hands": hands.round(6).to_dict(orient="records")}, indent=2))
    else:
        held = f"{len(r):,} combos" + (f", a sample of {r.total:,}" if r.sampled else "")
        shown = f" = {r}" if str(r) != r.text else ""
        typer.echo(f"{g.name}: {r.text!r}{shown} ({held})")
        typer.echo(hands.to_string(index=False, float_format=lambda x: f"{x:g}"))
