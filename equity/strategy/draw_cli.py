"""``equity draw GAME HAND``: the holds of a five-card draw hand ranked by their exact value.

:mod:`equity.cli` mounts :func:`draw_command` as the ``draw`` command; wrong input prints one
line and exits with status 2, as every command does.
"""

from __future__ import annotations

import json
import time
from typing import Annotated

import typer

from equity.formats import OutputFormat

__all__ = ["draw_command"]


def draw_command(
    game: Annotated[str, typer.Argument(
        help="The draw game: a name (draw) or a game file (examples/games/deuces_wild_draw.toml).",
        show_default=False)],
    hand: Annotated[str, typer.Argument(help="The five cards dealt, e.g. AhKhQhJh2c.", show_default=False)],
    payoff: Annotated[str, typer.Option(
        help="The pay table: jacks_or_better (9/6) or deuces_wild (full pay).")] = "jacks_or_better",
    dead: Annotated[str, typer.Option(help="Cards known to be out of play, never drawn.")] = "",
    top: Annotated[int | None, typer.Option(help="Show only the best TOP holds.", min=1)] = None,
    output: Annotated[OutputFormat, typer.Option("--format", help="Output format.")] = "table",
) -> None:
    """Every hold of a five-card hand ranked by its exact expected payoff under a pay table."""
    from equity.strategy.draw import hold_values

    start = time.perf_counter()
    table = hold_values(game, hand, payoff, dead=dead)
    seconds = time.perf_counter() - start
    attrs = dict(table.attrs)
    if top is not None:
        table = table.head(top)
    if output == "csv":
        typer.echo(table.to_csv(index=False), nl=False)
    elif output == "json":
        typer.echo(json.dumps({"game": attrs["game"], "hand": attrs["hand"], "dead": attrs["dead"],
                               "payoff": attrs["payoff"], "unseen": attrs["unseen"],
                               "holds": table.to_dict(orient="records")}, indent=2))
    else:
        where = f", dead {attrs['dead']}" if attrs["dead"] else ""
        typer.echo(f"{attrs['game']}, hand {attrs['hand']}{where}: {attrs['payoff']}, exact over "
                   f"{attrs['unseen']} unseen cards ({seconds:.2f} s)")
        shown = table[["hold", "discard", "drawn", "value"]].replace({"hold": {"": "-"},
                                                                     "discard": {"": "-"}})
        typer.echo(shown.to_string(index=False, float_format=lambda x: f"{x:.6f}"))
