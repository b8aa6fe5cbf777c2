"""A fuzz of the public API and the command line: malformed input of every family must be refused
with the toolkit's own error types (``equity.errors.InvalidInputError``, a ``ValueError``), and
the command line must answer with one ``equity:`` line and status 2, never a traceback.

The inputs are drawn by hypothesis from alphabets that mix card text, numbers, separators and
stray characters (100 to 500 cases per family, 3,000 in all, derandomized so a run is reproducible)."""

from __future__ import annotations

import numpy as np
import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import equity  # noqa: E402
import equity.strategy.push_fold_solver as push_fold_module  # noqa: E402
from equity.errors import InvalidInputError  # noqa: E402


def cases(n: int):
    """``n`` derandomized examples, no deadline (the first call of a game compiles its kernels)."""
    return settings(max_examples=n, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


#: Characters of card text and ranges, with separators and a few strangers.
ALPHABET = "23456789TJQKAtjqkacdhsxX+-,. 10♠♥♦♣ſ\u0130sO!:/*"
text = st.text(alphabet=ALPHABET, max_size=14)
GAMES = ["holdem", "omaha", "tahoe", "spanish", "egyptian", "eldorado", "draw", "switch", "nope", ""]


def refused_or_fine(call) -> None:
    """Run ``call``: any result is fine, any error must be one of the toolkit's own."""
    try:
        call()
    except InvalidInputError:
        pass


@cases(500)
@given(text)
def test_card_text(cards):
    refused_or_fine(lambda: equity.card_codes(cards))
    refused_or_fine(lambda: equity.format_cards(equity.card_codes(cards)))


@cases(500)
@given(st.lists(st.one_of(st.integers(-3, 60), st.floats(allow_nan=True), st.text(max_size=3)), max_size=6))
def test_card_lists(cards):
    refused_or_fine(lambda: equity.card_codes(cards))
    refused_or_fine(lambda: equity.format_cards(cards))


@cases(300)
@given(st.sampled_from(GAMES), text, text)
def test_evaluate(game, hole, board):
    refused_or_fine(lambda: equity.evaluate(game, hole, board))


@cases(500)
@given(text, st.sampled_from(GAMES))
def test_ranges(range_text, game):
    refused_or_fine(lambda: equity.parse_range(range_text, game=game))


@cases(100)
@given(st.sampled_from(GAMES), st.lists(text, min_size=0, max_size=3), text,
       st.one_of(st.none(), st.integers(-5, 3000)), st.one_of(st.none(), st.integers(-2, 2**64)))
def test_calc(game, hands, board, trials, seed):
    refused_or_fine(lambda: equity.calc(game, hands, board, trials=trials, seed=seed, progress=False))


@cases(100)
@given(st.sampled_from(GAMES), st.one_of(st.integers(-2, 12), st.floats(-1, 12), st.text(max_size=2)),
       st.one_of(st.integers(-5, 2000), st.just(2**63)), st.one_of(st.none(), st.integers(-1, 5)),
       st.one_of(st.none(), st.booleans(), st.text(max_size=3)))
def test_simulate(game, players, deals, seed, aggregate):
    refused_or_fine(lambda: equity.simulate(game, players, deals, seed=seed, aggregate=aggregate,
                                            progress=False))


@cases(300)
@given(st.sampled_from(GAMES), st.integers(-(2**33), 2**33))
def test_categories(game, strength):
    refused_or_fine(lambda: equity.categories_of(game, np.array([strength])))


@cases(300)
@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz_=[]{}\"'.,0123456789 \n#", max_size=80))
def test_game_files(tmp_path_factory, body):
    path = tmp_path_factory.mktemp("fuzz") / "game.toml"
    path.write_text(body)
    refused_or_fine(lambda: equity.load_game(path))


def _no_matrix(*args):
    raise InvalidInputError("no class matrix is built in the fuzz test")


COMMANDS = [["eval"], ["calc"], ["draw"], ["games"], ["range"], ["strategy", "push-fold"], ["cache"]]


@cases(100)
@given(st.sampled_from(COMMANDS), st.lists(st.one_of(text, st.sampled_from(GAMES + ["--board", "--trials",
                                                                                  "--format", "-1", "x"])),
                                           max_size=4))
def test_command_line(run_cli, command, args):
    # a well-formed `strategy push-fold GAME` would build the game's class matrix (minutes for
    # El Dorado): the fuzz is about the input, so building is refused here as a clear error
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(push_fold_module, "_build_matrix", _no_matrix)
        code, out, err = run_cli(*command, *args)
    assert "Traceback" not in out + err
    if code not in (0,):
        assert code == 2, (command, args, code, err)
        assert err.startswith("equity: ") or err.startswith("Usage:") or "Usage:" in err, err
