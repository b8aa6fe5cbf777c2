"""The ``equity strategy`` commands: ``push-fold`` prints a game's heads-up push/fold equilibrium;
``eldorado`` prints the value of each El Dorado exchange action of a seat against a profile.

``equity strategy push-fold GAME --stack 10`` prints the small blind's pushing range and the big
blind's calling range (as a rank grid), their sizes, the game value and the exploitability;
``--thresholds`` prints instead the largest stack at which each hand is pushed and called.
Wrong input raises the toolkit's errors, which the ``equity`` command prints in one line.
"""

from __future__ import annotations

import math
from typing import Annotated

import typer

from equity.errors import InvalidInputError
from equity.formats import OutputFormat, csv_text, json_text, output_attrs, records

__all__ = ["app", "push_fold_command", "eldorado_command"]

app = typer.Typer(
    help="Equilibrium strategies: push/fold charts, the El Dorado exchange.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _threshold_text(stack: float, largest: float) -> str:
    """A threshold as the charts print it: rounded down to a tenth (11.69 is played at 11.6 and
    not at 11.7), ``20+`` beyond the largest stack solved, ``-`` when never played."""
    if math.isnan(stack):
        return "-"
    if math.isinf(stack):
        return f"{largest:g}+"
    return f"{math.floor(stack * 10 + 1e-9) / 10:.1f}"


@app.command("push-fold")
def push_fold_command(
    game: Annotated[str | None, typer.Argument(
        help="The game: holdem, spanish, egyptian, eldorado, tahoe (or give --game-file).",
        show_default=False)] = None,
    stack: Annotated[float, typer.Option(
        help="Effective stack in big blinds, blinds included (above 1).")] = 10.0,
    ante: Annotated[float, typer.Option(help="Each player's ante in big blinds, on top of the stack.")] = 0.0,
    thresholds: Annotated[bool, typer.Option(
        "--thresholds", help="Print the largest stack at which each hand is pushed and called "
                             "(solved from 1.1 to 20 bb in steps of 0.1) instead of one stack's ranges.")
    ] = False,
    method: Annotated[str | None, typer.Option(
        help="The class matrix: 'exact', 'monte carlo' (per pair of classes) or 'deals' (whole random "
             "deals; Tahoe's only). Default: exact where it is quick.")] = None,
    trials: Annotated[int | None, typer.Option(
        help="Monte Carlo trials per pair of hand classes, or random deals in all with 'deals'.")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of a Monte Carlo class matrix.")] = None,
    policy: Annotated[list[str] | None, typer.Option(
        help="El Dorado exchange policy (greedy, never, lookahead): once for both players, or the "
             "small blind's then the big blind's.")] = None,
    tolerance: Annotated[float | None, typer.Option(
        help="Solve until the exploitability is below this, big blinds per hand.")] = None,
    game_file: Annotated[str | None, typer.Option(help="A custom game described in a TOML file.")] = None,
    output: Annotated[OutputFormat, typer.Option("--format", help="Output format.")] = OutputFormat.table,
) -> None:
    """Heads-up push/fold equilibrium: the small blind pushes or folds, the big blind calls or folds."""
    from equity.games import get_game
    from equity.strategy.push_fold_solver import TOLERANCE, push_fold, push_fold_thresholds

    if game_file is not None:
        if game is not None:
            raise InvalidInputError(f"give a game name or --game-file, not both (got {game!r} and a file)")
        from equity.games.custom import load_game

        g = load_game(game_file)
    elif game is None:
        raise InvalidInputError("give a game name (see 'equity games') or --game-file")
    else:
        g = get_game(game)
    policies = None if not policy else policy[0] if len(policy) == 1 else policy
    options = {"ante": ante, "method": method, "trials": trials, "seed": seed, "policies": policies,
               "tolerance": TOLERANCE if tolerance is None else tolerance}
    if thresholds:
        _print_thresholds(push_fold_thresholds(g, **options), output, g)
    else:
        _print_ranges(push_fold(g, stack, **options), output)


def _matrix_text(matrix) -> str:
    size = (f"{len(matrix.classes):,} hand classes" if matrix.method == "exact"
            else f"{len(matrix.classes):,} hand classes, {matrix.trials:,} random deals, seed {matrix.seed}"
            if matrix.method == "deals"
            else f"{len(matrix.classes):,} hand classes, {matrix.trials:,} trials a pair, seed {matrix.seed}")
    played = f", pot {matrix.pot}" if matrix.pot != "high" else ""
    if matrix.policies is not None:
        sb, bb = matrix.policies
        played += f", exchange policies {sb} (small blind) and {bb} (big blind)"
    return f"{matrix.method} class matrix ({size}{played})"


#: Decimals of the push/fold figures as the outputs print them (frequencies, gains, values).
PUSH_FOLD_DECIMALS = 6


def _print_ranges(result, output: OutputFormat) -> None:
    m = result.matrix
    if output is not OutputFormat.table:
        attrs = output_attrs({
            "game": result.game, "method": m.method, "seed": m.seed, "trials": m.trials,
            "stack": result.stack, "ante": result.ante, "pot": m.pot,
            "policies": None if m.policies is None else list(m.policies),
            "combos": result.n_combos, "push_combos": result.push_combos, "push_percent": result.push_percent,
            "call_combos": result.call_combos, "call_percent": result.call_percent, "value": result.value,
            "value_stderr": result.value_stderr, "exploitability": result.exploitability,
            "iterations": result.iterations})
        if output is OutputFormat.csv:
            typer.echo(csv_text(result.table(), attrs), nl=False)
        else:
            typer.echo(json_text(attrs, records(result.table(), decimals=PUSH_FOLD_DECIMALS)))
        return
    title = m.classes.game.title
    typer.echo(f"{title} push/fold at {result.stack:g} bb, ante {result.ante:g}: {_matrix_text(m)}")
    n = result.n_combos
    typer.echo(f"small blind pushes {result.push_combos:,.1f} of {n:,} combos ({result.push_percent:.2f}%)")
    typer.echo(f"big blind calls    {result.call_combos:,.1f} of {n:,} combos ({result.call_percent:.2f}%)")
    error = f" (standard error {result.value_stderr:.4f})" if m.method != "exact" else ""
    typer.echo(f"value for the small blind: {result.value:+.4f} bb per hand{error}")
    typer.echo(f"exploitability: {result.exploitability:.6f} bb per hand "
               f"({result.iterations:,} predictive CFR+ iterations)")
    for player, heading in (("push", "Small blind pushes"), ("call", "Big blind calls")):
        typer.echo(f"\n{heading}:")
        typer.echo(result.chart(player))
    mixed = [f"{name} {who} {100 * f:.0f}%"
             for who, frequency in (("push", result.push), ("call", result.call))
             for name, f in zip(result.classes, frequency, strict=True) if 0.005 < f < 0.995]
    if mixed:
        typer.echo("\nmixed: " + ", ".join(mixed))


def _print_thresholds(frame, output: OutputFormat, game) -> None:
    from equity.strategy.push_fold_solver import hand_classes, rank_grid

    attrs = frame.attrs
    largest = attrs["stacks"][-1]
    if output is not OutputFormat.table:
        shown = output_attrs({
            "game": attrs["game"], "method": attrs["method"], "seed": attrs.get("seed"),
            "trials": attrs.get("trials"), "ante": attrs["ante"],
            "stacks": {"first": attrs["stacks"][0], "last": largest, "count": len(attrs["stacks"])},
            "exploitability": attrs["exploitability"]})
        if output is OutputFormat.csv:
            typer.echo(csv_text(frame, shown), nl=False)
        else:
            typer.echo(json_text(shown, records(frame, decimals=3)))  # a threshold prints to 0.001 bb
        return
    classes = hand_classes(game)
    if not classes.grid:  # no rank grid: one line per class
        frame = frame.assign(push=[_threshold_text(s, largest) for s in frame.push],
                             call=[_threshold_text(s, largest) for s in frame.call])
    typer.echo(f"{game.title} push/fold thresholds, ante {attrs['ante']:g}: the largest stack (bb, down to "
               f"a tenth) at which a hand is played, solved at {len(attrs['stacks'])} stacks from "
               f"{attrs['stacks'][0]:g} to {largest:g} ({attrs['method']} class matrix, exploitability "
               f"at most {attrs['exploitability']:.6f} bb per hand)")
    if not classes.grid:
        typer.echo("\n" + frame.to_string(index=False))
        return
    for column, heading in (("push", "Small blind pushes up to"), ("call", "Big blind calls up to")):
        typer.echo(f"\n{heading}:")
        cells = [_threshold_text(s, largest) for s in frame[column]]
        typer.echo(rank_grid(classes, cells))


def _swap(text: str):
    """``"9d:Qs"`` (card given, card taken) or ``"keep"``, for ``--swap``."""
    if text.strip().lower() in {"keep", "none", "-"}:
        return None
    given, sep, taken = text.partition(":")
    if not sep or not given.strip() or not taken.strip():
        raise InvalidInputError(f"--swap takes 'GIVEN:TAKEN' (e.g. 9d:Qs) or 'keep', got {text!r}")
    return given.strip(), taken.strip()


@app.command("eldorado")
def eldorado_command(
    hole: Annotated[str, typer.Argument(help="The seat's two hole cards, e.g. Kh4h.", show_default=False)],
    flop: Annotated[str, typer.Argument(
        help="The flop at the seat's turn, as the earlier swaps left it.", show_default=False)],
    players: Annotated[int, typer.Option(help="Players in the deal (2 to 9).")] = 2,
    seat: Annotated[int | None, typer.Option(
        help="The deciding seat: 0 exchanges first, players - 1 is the dealer (default: the dealer).")
    ] = None,
    swap: Annotated[list[str] | None, typer.Option(
        help="Each earlier seat's swap in order, 'GIVEN:TAKEN' (e.g. 9d:Qs) or 'keep'.")] = None,
    profile: Annotated[list[str] | None, typer.Option(
        help="The later seats' exchange policy (greedy, never, lookahead): once for all, or per seat.")
    ] = None,
    pot: Annotated[str, typer.Option(help="The pot played for: high or low.")] = "high",
    samples: Annotated[int, typer.Option(help="Rollouts, shared by the seven actions.")] = 20_000,
    seed: Annotated[int | None, typer.Option(help="Seed of the rollouts.")] = None,
    output: Annotated[OutputFormat, typer.Option("--format", help="Output format.")] = OutputFormat.table,
) -> None:
    """Value of each El Dorado exchange action (keep, or one of six swaps) against the later seats'
    profile, by rollouts with common random numbers: the best response and its margin."""
    from equity.strategy.eldorado import exchange_values

    seat = players - 1 if seat is None else seat
    policies = "greedy" if not profile else profile[0] if len(profile) == 1 else profile
    earlier = [_swap(text) for text in swap or []]
    table = exchange_values(hole, flop, players=players, seat=seat, earlier_swaps=earlier,
                            profile=policies, pot=pot, samples=samples, seed=seed)
    if output is not OutputFormat.table:
        attrs = output_attrs({
            "game": "eldorado", "method": "monte carlo", "seed": table.attrs.get("seed", seed),
            "trials": samples, "hole": hole, "flop": flop, "players": players, "seat": seat,
            "earlier_swaps": [None if e is None else list(e) for e in earlier], "profile": policies,
            "pot": pot,
            "wild": table.attrs.get("wild"), "best": table.attrs.get("best")})
        if output is OutputFormat.csv:
            typer.echo(csv_text(table, attrs), nl=False)
        else:
            typer.echo(json_text(attrs, records(table, decimals=4)))  # as the table prints them
        return
    later = "no later seat" if seat == players - 1 else f"later seats play {policies}"
    who = "the dealer" if seat == players - 1 else "seat 0 exchanges first"
    typer.echo(f"El Dorado exchange, seat {seat} of {players} ({who}), hole {hole}, flop {flop}; {later}; "
               f"{samples:,} rollouts, {pot} pot")
    shown = table[["action", "value", "se", "gap", "gap_se"]]
    typer.echo(shown.to_string(index=False, float_format=lambda x: f"{x:.4f}"))
    typer.echo(f"best: {table.attrs['best']} (value ± standard error; gap to the best with its paired error)")
