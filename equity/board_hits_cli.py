"""``equity hits GAME RANGE --board ...``: how a range hits a board (:func:`equity.board_hits`).

``equity.cli`` mounts :func:`hits_command` as ``equity hits``.  Wrong input raises the
toolkit's errors, which the ``equity`` command prints in one line.
"""

from __future__ import annotations

from typing import Annotated

import typer

from equity.errors import InvalidInputError
from equity.formats import OutputFormat, csv_text, json_text, output_attrs, records

__all__ = ["hits_command"]

#: Decimals of the printed numbers: weighted combinations and shares (the JSON rounds alike).
COMBO_DECIMALS, SHARE_DECIMALS = 2, 4


def hits_command(
    args: Annotated[list[str], typer.Argument(
        help="The game and the range, quoted as one word ('QQ+, AKs'); with --game-file, the range only.",
        show_default=False)],
    board: Annotated[str, typer.Option(help="The board after a street, e.g. Qh7h2c.")],
    dead: Annotated[str, typer.Option(help="Cards known to be out of play.")] = "",
    wild: Annotated[str | None, typer.Option(
        help="El Dorado: the current wild rank (K), or 'none'.")] = None,
    game_file: Annotated[str | None, typer.Option(help="A custom game described in a TOML file.")] = None,
    output: Annotated[OutputFormat, typer.Option("--format", help="Output format.")] = OutputFormat.table,
) -> None:
    """Board analysis: the range's share in each made hand and draw, and the next street's hands."""
    from equity.board_analysis import board_hits
    from equity.games import get_game

    words = 1 if game_file else 2
    if len(args) != words or args[-1].strip().endswith(","):
        example = "equity hits holdem 'QQ+, AKs' --board Qh7h2c"
        got = " ".join(args)
        if len(args) > words or args[-1].strip().endswith(","):
            raise InvalidInputError(f"the range {' '.join(args[words - 1:])!r} was split by the shell: "
                                    f"quote it as one word, e.g. {example}")
        raise InvalidInputError(f"give the game and the range (got {got!r}), e.g. {example}")
    if game_file:
        from equity.games.custom import load_game

        game = load_game(game_file)
    else:
        game = get_game(args[0])
    table = board_hits(game, args[-1], board, dead=dead or None, wild=wild)
    attrs = table.attrs
    rounded = table.assign(combos=table["combos"].round(COMBO_DECIMALS),
                           share=table["share"].round(SHARE_DECIMALS))
    if output is OutputFormat.csv:
        typer.echo(csv_text(rounded, output_attrs(attrs)), nl=False)
        return
    if output is OutputFormat.json:
        typer.echo(json_text(output_attrs(attrs), records(rounded)))
        return
    where = f", dead {attrs['dead']}" if attrs["dead"] else ""
    wild_text = f", {attrs['wild']} wild" if attrs["wild"] else ""
    typer.echo(f"{game.title}, board {attrs['board']} ({attrs['street']}){where}{wild_text}: "
               f"{attrs['n_combos']:,} combinations, weight {attrs['weight']:,.{COMBO_DECIMALS}f}, "
               f"{attrs['method']} ({attrs['seconds']:.2f} s)")
    shown = rounded.drop(columns="category").assign(
        n_combos=rounded["n_combos"].astype(object).where(rounded["n_combos"].notna(), "-"),
        share=[f"{100 * s:.{SHARE_DECIMALS - 2}f}%" for s in rounded["share"]])
    typer.echo(shown.to_string(index=False, float_format=lambda x: f"{x:.{COMBO_DECIMALS}f}"))

