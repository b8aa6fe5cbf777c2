"""``equity draw GAME HAND``: the holds of a five-card draw hand ranked by their exact value.

:mod:`equity.cli` mounts :func:`draw_command` as the ``draw`` command; wrong input prints one
line and exits with status 2, as every command does.
"""

from __future__ import annotations

import time
from typing import Annotated

import typer

from equity.formats import OutputFormat, csv_text, json_text, output_attrs, records

__all__ = ["draw_command"]


def draw_command(
    game: Annotated[str, typer.Argument(
        help="The draw game: a name (draw) or a game file (examples/games/deuces_wild_draw.toml).",
        show_default=False)],
    hand: Annotated[str, typer.Argument(help="The five cards dealt, e.g. AhKhQhJh2c.", show_default=False)],
    payoff: Annotated[str, typer.Option(
        help="The pay table: jacks_or_better (9/6) or deuces_wild (full pay); or showdown: the "
             "share of the pot against --opponents who draw by --policy (Monte Carlo).")] = "jacks_or_better",
    dead: Annotated[str, typer.Option(help="Cards known to be out of play, never drawn.")] = "",
    opponents: Annotated[int | None, typer.Option(
        help="Opponents, for --payoff showdown (default 1).", show_default=False)] = None,
    policy: Annotated[str, typer.Option(
        help="The opponents' draw policy, for --payoff showdown: standard, stand, max, switch_aware.")]
        = "standard",
    lost: Annotated[str | None, typer.Option(
        help="The card lost in the switch before the draw (Switch games), for --payoff showdown.",
        show_default=False)] = None,
    samples: Annotated[int, typer.Option(
        help="Deals played per hold, for --payoff showdown.", min=2)] = 20_000,
    seed: Annotated[int | None, typer.Option(help="Seed, for --payoff showdown.", show_default=False)] = None,
    top: Annotated[int | None, typer.Option(help="Show only the best TOP holds.", min=1)] = None,
    output: Annotated[OutputFormat, typer.Option("--format", help="Output format.")] = "table",
) -> None:
    """Every hold of a five-card hand ranked by its exact expected payoff under a pay table, or
    by its share of the pot against opponents (--payoff showdown)."""
    from equity.strategy.draw import hold_values

    start = time.perf_counter()
    showdown = payoff.strip().lower() == "showdown"
    if showdown:
        table = hold_values(game, hand, "showdown", dead=dead, opponents=opponents, policy=policy,
                            lost=lost, samples=samples, seed=seed)
    else:
        if opponents is not None or lost is not None or seed is not None or policy != "standard" \
                or samples != 20_000:
            from equity.errors import OptionError

            raise OptionError("--opponents, --policy, --lost, --samples and --seed go with "
                              "--payoff showdown")
        table = hold_values(game, hand, payoff, dead=dead)
    seconds = time.perf_counter() - start
    attrs = dict(table.attrs)
    if top is not None:
        table = table.head(top)
    if showdown:
        _show_showdown(table, attrs, seconds, output)
        return
    if output != "table":
        shown = output_attrs({**{k: attrs[k] for k in ("game", "hand", "dead", "payoff", "unseen")},
                              "method": "exact"})
        if output == "csv":
            typer.echo(csv_text(table, shown), nl=False)
        else:
            typer.echo(json_text(shown, records(table, decimals={"value": 6})))
    else:
        where = f", dead {attrs['dead']}" if attrs["dead"] else ""
        typer.echo(f"{attrs['game']}, hand {attrs['hand']}{where}: {attrs['payoff']}, exact over "
                   f"{attrs['unseen']} unseen cards ({seconds:.2f} s)")
        shown = table[["hold", "discard", "drawn", "value"]].replace({"hold": {"": "-"},
                                                                     "discard": {"": "-"}})
        typer.echo(shown.to_string(index=False, float_format=lambda x: f"{x:.6f}"))


def _show_showdown(table, attrs: dict, seconds: float, output: str) -> None:
    if output != "table":
        shown = output_attrs({**{k: attrs[k] for k in ("game", "hand", "lost", "dead", "opponents", "policy",
                                                      "samples", "seed", "payoff")},
                              "method": "monte carlo", "trials": attrs["samples"]})
        if output == "csv":
            typer.echo(csv_text(table, shown), nl=False)
        else:
            places = {c: 4 for c in ("value", "se", "gap", "gap_se")}  # as the table prints them
            typer.echo(json_text(shown, records(table, decimals=places)))
        return
    where = "".join(f", {name} {attrs[name]}" for name in ("lost", "dead") if attrs[name])
    typer.echo(f"{attrs['game']}, hand {attrs['hand']}{where}: share of the pot against "
               f"{attrs['opponents']} opponent{'s' if attrs['opponents'] != 1 else ''} drawing "
               f"{attrs['policy']}, {attrs['samples']:,} deals per hold, seed {attrs['seed']} "
               f"({seconds:.2f} s); +- one standard error, the gap's paired")
    shown = table.assign(
        hold=table["hold"].replace("", "-"), discard=table["discard"].replace("", "-"),
        value=[f"{v:.4f} +- {e:.4f}" for v, e in zip(table["value"], table["se"], strict=True)],
        gap=[f"{v:.4f} +- {e:.4f}" for v, e in zip(table["gap"], table["gap_se"], strict=True)],
        allowed=table["allowed"].map({True: "yes", False: "no (limit)"}))
    typer.echo(shown[["hold", "discard", "drawn", "allowed", "value", "gap"]].to_string(index=False))
