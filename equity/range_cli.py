"""``equity range``: a range expanded to its combos, or converted between text and the rank grid.

Imported by :mod:`equity.cli` when the command line starts, so it imports nothing heavy at the
top (numpy and pandas are loaded when the command runs).
"""

from __future__ import annotations

import warnings
from typing import Annotated

import typer

from equity.errors import InvalidInputError
from equity.formats import OutputFormat, csv_text, json_text, output_attrs, read_csv, records

__all__ = ["range_command"]


def _range_text(words: list[str]) -> str | None:
    if not words:
        return None
    if len(words) > 1:
        joined = " ".join(words)
        raise InvalidInputError(f"the range came as {len(words)} words ({', '.join(map(repr, words))}): "
                                f"quote it, e.g. equity range '{joined}'")
    return words[0]


#: Significant digits of the printed weights: of each combo, and of a grid cell (the JSON rounds alike).
WEIGHT_DIGITS, GRID_DIGITS = 6, 3


def _read_grid(source: str):
    import pandas as pd

    try:
        return read_csv(source, index_col=0, dtype=str).apply(pd.to_numeric, errors="raise")
    except (ValueError, pd.errors.ParserError) as error:
        raise InvalidInputError(f"cannot read the grid {source!r}: {error}") from None


def _grid_text(grid) -> str:
    shown = grid.map(lambda w: "." if w == 0 else f"{w:.{GRID_DIGITS}g}")
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
    from equity.cards import format_cards
    from equity.ranges import RANGE_SEED

    sample_seed = (RANGE_SEED if seed is None else seed) if r.sampled else None
    attrs = output_attrs({"game": g.name, "seed": sample_seed,
                          "range": r.text, "text": str(r), "dead": format_cards(dead) if dead else "",
                          "combos": len(r), "sampled_from": r.total})
    if grid:
        table = r.to_grid()
        if output is OutputFormat.csv:
            typer.echo(csv_text(table, attrs, index=True), nl=False)
        elif output is OutputFormat.json:
            typer.echo(json_text(attrs, records(table.reset_index(), digits=GRID_DIGITS)))
        else:
            typer.echo(f"{g.name}: {r} ({len(r):,} combos)")
            typer.echo(_grid_text(table))
        return
    hands = pd.DataFrame({"hand": r.combo_texts(), "weight": r.weights})
    if output is OutputFormat.csv:
        typer.echo(csv_text(hands, attrs), nl=False)
    elif output is OutputFormat.json:
        typer.echo(json_text(attrs, records(hands, digits=WEIGHT_DIGITS)))
    else:
        held = f"{len(r):,} combos" + (f", a sample of {r.total:,}" if r.sampled else "")
        shown = f" = {r}" if str(r) != r.text else ""
        typer.echo(f"{g.name}: {r.text!r}{shown} ({held})")
        typer.echo(hands.to_string(index=False, float_format=lambda x: f"{x:.{WEIGHT_DIGITS}g}"))
