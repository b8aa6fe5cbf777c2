"""The ``equity`` command: equities, hand evaluation and the list of games from a terminal.

``equity calc GAME HAND HAND ...``, ``equity eval GAME HOLE``, ``equity games``, ``equity range RANGE``,
``equity cache [--prune | --clear]``, ``equity warmup [GAMES...] [--all]`` (compile ahead), and
``equity sim ...`` for the studies.  Wrong input prints one line saying
what is wrong and exits with status 2.
"""

from __future__ import annotations

import json
import sys
import warnings
from typing import Annotated

import click
import typer

from equity.board_hits_cli import hits_command
from equity.errors import InvalidInputError
from equity.formats import OutputFormat, csv_text, json_text, output_attrs, plain, records
from equity.range_cli import range_command

#: Command-line usage errors: click's, and those of the click that newer Typer releases carry.
_USAGE_ERRORS: tuple[type[Exception], ...] = tuple(
    {click.exceptions.ClickException, getattr(getattr(typer, "exceptions", None), "TyperException",
                                              click.exceptions.ClickException)})

app = typer.Typer(
    help="Exact and Monte Carlo equity for Texas Hold'em and unusual home poker variants.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _game(name: str | None, game_file: str | None):
    from equity.games import get_game

    if game_file is not None:
        from equity.games.custom import load_game

        return load_game(game_file)
    if name is None:
        raise InvalidInputError("give a game name (see 'equity games') or --game-file")
    return get_game(name)


#: Decimals of ``equity calc``'s numbers, in the table and in the JSON alike.
CALC_DECIMALS = 6


@app.command("calc")
def calc_command(
    args: Annotated[list[str], typer.Argument(
        help="The game, then one hand per player: cards (AhKh), a range (QQ+,AKs), or 'random'. "
             "With --game-file, only the hands.", show_default=False)],
    board: Annotated[str, typer.Option(help="Known board cards, e.g. Qh7c2d.")] = "",
    dead: Annotated[str, typer.Option(help="Cards known to be out of play.")] = "",
    trials: Annotated[int | None, typer.Option(help="Monte Carlo trials.")] = None,
    exact: Annotated[bool, typer.Option("--exact", help="Enumerate every outcome.")] = False,
    precision: Annotated[float | None, typer.Option(
        help="Sample until every standard error is below this, e.g. 0.001.")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the random streams.")] = None,
    hi_lo: Annotated[bool, typer.Option(
        "--hi-lo", help="Split the pot high and low (omaha, tahoe).")] = False,
    wild: Annotated[str | None, typer.Option(
        help="El Dorado after the exchange: the final wild rank (K), or 'none'.")] = None,
    policy: Annotated[list[str] | None, typer.Option(
        help="El Dorado exchange policy (greedy, never, lookahead): once for all seats or once per seat.")
    ] = None,
    draw_policy: Annotated[list[str] | None, typer.Option(
        help="Switch and draw games: standard, stand (switches only) or max; once or once per seat.")
    ] = None,
    fold_policy: Annotated[list[float] | None, typer.Option(
        help="El Dorado: a seat gives up after the exchange when its estimated equity is below this "
             "(0 to 1); once for all seats or once per seat.")] = None,
    fold_samples: Annotated[int | None, typer.Option(
        help="Draws behind each estimated equity of --fold-policy (default 100).")] = None,
    game_file: Annotated[str | None, typer.Option(help="A custom game described in a TOML file.")] = None,
    output: Annotated[OutputFormat, typer.Option("--format", help="Output format.")] = OutputFormat.table,
) -> None:
    """Equity of each hand: exact when it is quick, else Monte Carlo with a standard error."""
    from equity.calculator import PrecisionNotReachedWarning, calc

    name, hands = (None, args) if game_file else (args[0], args[1:])
    for k, hand in enumerate(hands[:-1], start=1):
        if hand.rstrip().endswith(","):  # 'QQ+, AKs' unquoted reaches us as 'QQ+,' and 'AKs'
            raise InvalidInputError(f"hand {k} {hand!r} ends with a comma: the shell split a range into "
                                    f"words; quote each range, e.g. '{hand} {hands[k]}'")
    g = _game(name, game_file)
    rules: dict = {}
    if wild is not None:
        rules["wild"] = wild
    if draw_policy:
        rules["draw_policy"] = draw_policy[0] if len(draw_policy) == 1 else draw_policy
    if fold_policy:
        rules["fold_policy"] = fold_policy[0] if len(fold_policy) == 1 else fold_policy
    if fold_samples is not None:
        rules["fold_samples"] = fold_samples
    policies = None if not policy else policy[0] if len(policy) == 1 else policy
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", PrecisionNotReachedWarning)
        table = calc(g, hands, board=board, dead=dead, trials=trials, exact=True if exact else None,
                     precision=precision, seed=seed, hi_lo=hi_lo, policies=policies, **rules)
    for warning in caught:
        typer.echo(f"equity: warning: {warning.message}", err=True)
    attrs = dict(table.attrs)
    table["hand"] = [_canonical(hand) for hand in table.hand]
    if output is OutputFormat.csv:
        typer.echo(csv_text(table, output_attrs(attrs)), nl=False)
    elif output is OutputFormat.json:
        typer.echo(json_text(output_attrs(attrs), records(table, decimals=CALC_DECIMALS)))
    else:
        size = (f"{attrs['outcomes']:,} outcomes" if attrs["method"] == "exact"
                else f"{attrs['trials']:,} trials, seed {attrs['seed']}")
        where = f", board {attrs['board']}" if attrs["board"] else ""
        setup = attrs.get("setup_seconds", 0.0)
        setup = f"; first-use set-up {setup:.1f} s" if setup >= 0.05 else ""
        typer.echo(f"{attrs['game']}{where}: {attrs['method']} ({size}, {attrs['seconds']:.2f} s{setup})")
        typer.echo(table.to_string(index=False, float_format=lambda x: f"{x:.{CALC_DECIMALS}f}"))


def _canonical(hand: str) -> str:
    """A hand of exact cards in the canonical notation (``"ah kh"`` -> ``"AhKh"``); a range, a
    list of hands or ``random`` as given."""
    from equity.cards import card_codes, format_cards

    if "," in hand:
        return hand
    try:
        return format_cards(card_codes(hand))
    except InvalidInputError:
        return hand


@app.command("eval")
def eval_command(
    args: Annotated[list[str], typer.Argument(
        help="The game and the hole cards (with --game-file, only the hole cards).", show_default=False)],
    board: Annotated[str, typer.Option(help="Board cards.")] = "",
    wild: Annotated[str | None, typer.Option(help="Wild rank (El Dorado), e.g. K.")] = None,
    game_file: Annotated[str | None, typer.Option(help="A custom game described in a TOML file.")] = None,
    output: Annotated[OutputFormat, typer.Option("--format", help="Output format.")] = OutputFormat.table,
) -> None:
    """Describe the best hand and the cards that play."""
    from equity.cards import format_cards
    from equity.hand import evaluate  # no kernel where no wild card plays: a fast first answer

    name, rest = (None, args) if game_file else (args[0], args[1:])
    if len(rest) != 1:
        raise InvalidInputError(f"give the hole cards as one word, e.g. AhKd (got {len(rest)} words)")
    g = _game(name, game_file)
    hand = evaluate(g, rest[0], board, wild=wild)
    attrs = {"game": hand.game, "board": format_cards(board) if board else "", "wild": wild}
    record = {"hole": format_cards(rest[0]), "category": hand.category, "description": hand.description,
              "cards": hand.cards, "strength": int(hand.strength),
              "hole_cards_used": int(hand.hole_cards_used)}
    _echo_records([record], output, table=lambda: f"{hand}: {hand.cards}", attrs=attrs)


@app.command("games")
def games_command(
    output: Annotated[OutputFormat, typer.Option("--format", help="Output format.")] = OutputFormat.table,
) -> None:
    """List the games, one line each."""
    from equity.games import GAMES

    records = [{"name": name, "title": game.title, "description": game.description,
                "hole_cards": game.hole_cards, "board_cards": game.board_cards}
               for name, game in GAMES.items()]
    width = max(len(name) for name in GAMES)
    _echo_records(records, output, table=lambda: "\n".join(
        f"{r['name']:<{width}}  {r['title']}: {r['description']}" for r in records))


def _echo_records(rows: list[dict], output: OutputFormat, *, table, attrs: dict | None = None) -> None:
    """Print ``rows`` with ``attrs`` as CSV or JSON (:mod:`equity.formats`), or the text ``table()``."""
    if output is OutputFormat.json:
        typer.echo(json_text(attrs or {}, [plain(row) for row in rows]))
    elif output is OutputFormat.csv:
        import csv
        import io

        buffer = io.StringIO()
        for key, value in (attrs or {}).items():
            buffer.write(f"# {key}: {json.dumps(plain(value))}\n")
        writer = csv.DictWriter(buffer, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        typer.echo(buffer.getvalue(), nl=False)
    else:
        typer.echo(table())


@app.command("cache")
def cache_command(
    prune: Annotated[bool, typer.Option(
        "--prune", help="Remove the entries this version no longer uses.")] = False,
    clear: Annotated[bool, typer.Option(
        "--clear", help="Remove every entry (built again on next use).")] = False,
) -> None:
    """Show the cache of generated tables and compiled kernels, entry by entry; --prune removes
    the stale entries, --clear all."""
    from equity.cache import cache_entries, clear_cache, prune_cache
    from equity.tables import cache_dir

    if prune and clear:
        raise InvalidInputError("give --prune or --clear, not both")
    entries = cache_entries()
    stale = [e for e in entries if not e.current]
    in_use = sum(e.size for e in entries if e.current)
    def entries_text(count: int, kind: str = "") -> str:
        return f"{count} {kind}{'entry' if count == 1 else 'entries'}"

    typer.echo(f"{cache_dir()}: {entries_text(len(entries) - len(stale))} in use ({in_use / 2**20:.1f} MB), "
               f"{len(stale)} stale ({sum(e.size for e in stale) / 2**20:.1f} MB)")
    for entry in entries:
        state = "in use" if entry.current else "stale"
        typer.echo(f"  {state:<6}  {entry.size / 2**20:8.1f} MB  {entry.path.name}")
    if clear:
        removed = clear_cache()
        typer.echo(f"removed {entries_text(len(removed))} ({sum(e.size for e in removed) / 2**20:.1f} MB)")
    elif prune:
        removed = prune_cache()
        typer.echo(f"removed {entries_text(len(removed), 'stale ')} "
                   f"({sum(e.size for e in removed) / 2**20:.1f} MB)")
    elif stale:
        typer.echo("equity cache --prune removes the stale entries")


@app.command("warmup")
def warmup_command(
    games: Annotated[list[str] | None, typer.Argument(
        help="Games to compile for (default: every built-in game).", show_default=False)] = None,
    all_: Annotated[bool, typer.Option(
        "--all", help="Every built-in game, and every study at a tiny size.")] = False,
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", help="Processes to compile in (default: the CPUs available, at most 4).")] = None,
) -> None:
    """Compile and cache the kernels the games need (evaluate, calc, simulate; --all: studies too)."""
    from equity.warmup import warmup

    if all_ and games:
        raise InvalidInputError("give game names or --all, not both")
    table = warmup(games or None, studies=all_, jobs=jobs, progress=None)
    from equity._kernels import kernel_cache_dir

    slowest = table.sort_values("seconds", ascending=False).head(3)
    typer.echo(f"compiled and cached {len(table)} steps in {table.attrs['seconds']:.0f} s "
               f"({kernel_cache_dir()}); slowest: "
               + ", ".join(f"{r.game} {r.step} {r.seconds:.0f} s" for r in slowest.itertuples()))


app.command("range")(range_command)
app.command("hits")(hits_command)

_MOUNTED: set[str] = set()


def _mount_studies() -> None:
    if "sim" in _MOUNTED:
        return
    _MOUNTED.add("sim")
    try:
        from simulations.cli import app as sim_app
    except ImportError:  # the studies package is not installed beside the library
        return
    app.add_typer(sim_app, name="sim", help="Run, list and show the studies (batch jobs).")


def _mount_strategy() -> None:
    """``equity draw`` (:mod:`equity.strategy.draw_cli`) and ``equity strategy ...``
    (:mod:`equity.strategy.cli`), where those modules exist."""
    if "strategy" in _MOUNTED:
        return
    _MOUNTED.add("strategy")
    from importlib import import_module
    from importlib.util import find_spec

    if find_spec("equity.strategy.draw_cli") is not None:
        app.command("draw")(import_module("equity.strategy.draw_cli").draw_command)
    if find_spec("equity.strategy.cli") is not None:
        app.add_typer(import_module("equity.strategy.cli").app, name="strategy",
                      help="Equilibrium strategies: push/fold charts, the El Dorado exchange.")


def mount_commands(argv: list[str]) -> None:
    """Mount the command groups the arguments need: ``sim`` (the studies, which import pandas and
    the study modules) and ``draw`` / ``strategy`` only when named, or for the list of commands;
    ``equity eval`` starts without them."""
    words = [word for word in argv if not word.startswith("-")]
    first = words[0] if words else None
    if first is None or first == "sim":
        _mount_studies()
    if first is None or first in {"draw", "strategy"}:
        _mount_strategy()


def main(argv: list[str] | None = None) -> None:
    """Run the command line; errors in the input end it with one line and status 2."""
    mount_commands(sys.argv[1:] if argv is None else list(argv))
    try:
        code = app(args=argv, standalone_mode=False, prog_name="equity")
        if isinstance(code, int) and code != 0:  # a command's typer.Exit(code), returned in this mode
            sys.exit(code)
    except (InvalidInputError, FileNotFoundError) as error:
        typer.echo(f"equity: {error}", err=True)
        sys.exit(2)
    except (click.exceptions.Abort, typer.Abort, KeyboardInterrupt):
        typer.echo("equity: interrupted", err=True)
        sys.exit(130)
    except _USAGE_ERRORS as error:
        message = error.format_message() if hasattr(error, "format_message") else str(error)
        if message.strip():  # empty after a command called with nothing printed its help
            typer.echo(f"equity: {' '.join(message.split())}", err=True)
        sys.exit(2)


if __name__ == "__main__":
    main()
