"""The ``equity`` command line: output of calc, eval and games, and one-line errors with status 2."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from equity.formats import read_csv


def rows(out: str) -> list[str]:
    """The CSV lines of a command's output after its ``# key: value`` attribute lines."""
    return [line for line in out.strip().splitlines() if not line.startswith("# ")]


def test_calc_table_reports_method_and_the_published_equity(run_cli):
    code, out, err = run_cli("calc", "holdem", "AhKh", "QsQd")
    assert code == 0, err
    assert "exact (1,712,304 outcomes" in out
    assert "AhKh 0.462145" in out


def test_calc_json_and_csv(run_cli):
    code, out, _ = run_cli("calc", "holdem", "AhKh", "QsQd", "--board", "Qh7c2d", "--format", "json")
    assert code == 0
    record = json.loads(out)
    assert list(record) == ["attrs", "rows"]
    attrs = record["attrs"]
    assert attrs["method"] == "exact" and attrs["outcomes"] == 990 and attrs["board"] == "Qh7c2d"
    assert attrs["game"] == "holdem" and attrs["seed"] is None and attrs["trials"] is None
    assert "seconds" not in attrs  # the same question prints the same text
    equities = [p["equity"] for p in record["rows"]]
    assert abs(sum(equities) - 1) < 2e-6 and equities[1] > 0.9
    # rounded as the table prints them: 43/990 = 0.04343434... -> 0.043434
    assert equities[0] == 0.043434 and record["rows"][0]["hand"] == "AhKh"
    code, out, _ = run_cli("calc", "holdem", "AA", "random", "--trials", "20000", "--seed", "3",
                       "--format", "csv")
    lines = rows(out)
    assert code == 0 and lines[0] == "hand,equity,win,tie,stderr" and lines[1].startswith("AA,0.8")
    assert out.startswith('# game: "holdem"\n# method: "monte carlo"\n# seed: 3\n# trials: 20000\n')


def test_calc_csv_and_json_carry_the_same_attributes(run_cli):
    args = ("calc", "omaha", "AhKhQsJs", "random", "--trials", "4000", "--seed", "9")
    code, out, _ = run_cli(*args, "--format", "csv")
    table = read_csv(io.StringIO(out))
    code, out, _ = run_cli(*args, "--format", "json")
    record = json.loads(out)
    assert table.attrs == record["attrs"]
    assert (table.attrs["method"], table.attrs["seed"], table.attrs["trials"]) == ("monte carlo", 9, 4000)
    assert table.attrs["game"] == "omaha" and list(table.hand) == [r["hand"] for r in record["rows"]]
    assert table.equity.round(6).tolist() == [r["equity"] for r in record["rows"]]


def test_calc_monte_carlo_is_reproducible_from_the_command_line(run_cli):
    args = ("calc", "tahoe", "AhKhQh", "random", "--trials", "30000", "--seed", "7", "--format", "csv")
    first = run_cli(*args)[1]
    assert first == run_cli(*args)[1]


def test_calc_hi_lo_columns(run_cli):
    code, out, _ = run_cli("calc", "omaha", "Ah2hKsKd", "As2dQcJc", "--board", "3c5d9h7sKh", "--hi-lo",
                       "--format", "csv")
    header, first, second = rows(out)
    assert header == "hand,equity,win,tie,stderr,high,low,scoop"
    assert first.startswith("Ah2hKsKd,0.75,") and second.startswith("As2dQcJc,0.25,")


def test_eval_prints_description_and_cards(run_cli):
    code, out, _ = run_cli("eval", "holdem", "AhKh", "--board", "QhJhTh2c3d")
    assert code == 0 and out.strip() == "royal flush: AhKhQhJhTh"
    code, out, _ = run_cli("eval", "spanish", "AhKh", "--board", "QhJh9h8c8d")
    assert code == 0 and out.startswith("ace-high flush")


def test_games_lists_one_line_per_game(run_cli):
    code, out, _ = run_cli("games")
    lines = out.strip().splitlines()
    assert code == 0
    names = [line.split()[0] for line in lines]
    for name in ("holdem", "omaha", "tahoe", "spanish", "egyptian", "eldorado", "switch"):
        assert name in names


@pytest.mark.parametrize("args, words", [
    (("calc", "holdem", "AhKh", "AhQd"), "duplicate card 'Ah'"),
    (("calc", "poker9", "AhKh", "QsQd"), "poker9"),
    (("calc", "holdem", "AhKh", "QsQd", "--trials", "lots"), "--trials"),
    (("calc", "holdem", "AhKh", "QsQd", "--format", "xml"), "--format"),
    (("calc",), "Missing argument"),
    (("calc", "spanish", "AhKh", "7s7d"), "not in the spanish deck"),
    (("eval", "holdem", "AhK"), "AhK"),
    (("frobnicate",), "frobnicate"),
])
def test_wrong_input_is_one_line_and_status_2(run_cli, args, words):
    code, out, err = run_cli(*args)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and words in err and "Traceback" not in err


@pytest.mark.parametrize("args", [(), ("sim",)])
def test_a_command_without_its_subcommand_prints_help_and_no_empty_error(run_cli, args):
    code, out, err = run_cli(*args)
    assert code == 2 and "Usage" in out and err == ""


def test_installed_command_exits_2_without_traceback():
    done = subprocess.run([sys.executable, "-m", "equity.cli", "calc", "holdem", "AhKh", "AhQd"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr.strip() == "equity: duplicate card 'Ah' in hand 1 and hand 2"


def test_game_file_for_calc_and_eval(run_cli):
    examples = Path(__file__).resolve().parents[1] / "examples" / "games"
    code, out, _ = run_cli("calc", "--game-file", str(examples / "short_deck_holdem.toml"), "AhKh",
                       "QsQd", "--board", "Qh7c9d", "--format", "csv")
    assert code == 0 and rows(out)[0].startswith("hand,equity")
    code, out, _ = run_cli("eval", "--game-file", str(examples / "deuces_wild_draw.toml"), "2c2dAhAsKd")
    assert code == 0 and out.startswith("four of a kind, aces")
    code, _, err = run_cli("calc", "--game-file", "no/such/game.toml", "AhKh", "QsQd")
    assert code == 2 and "no/such/game.toml" in err and len(err.strip().splitlines()) == 1


def test_no_progress_bar_when_output_is_redirected():
    # a run long enough for a bar on a terminal (over 50 chunks); redirected, stderr stays empty
    done = subprocess.run([sys.executable, "-m", "equity.cli", "calc", "holdem", "AhKh", "random",
                           "--trials", "3500000", "--seed", "1", "--format", "csv"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert rows(done.stdout)[0] == "hand,equity,win,tie,stderr"


def test_progress_bar_shows_when_asked(capsys):
    from equity import calc

    calc("holdem", ["AhKh", "random"], trials=200_000, seed=1, progress=True)
    assert "trial" in capsys.readouterr().err


def test_card_with_a_non_ascii_suit_letter_is_one_line_and_status_2(run_cli):
    code, out, err = run_cli("eval", "holdem", "A\u017f2c", "--board", "KdQd9h8h3c")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "cannot read a card" in err and "Traceback" not in err


def test_eval_and_games_print_csv_and_json(run_cli):
    code, out, _ = run_cli("eval", "holdem", "kh ah", "--board", "QhJhTh2c3d", "--format", "json")
    record = json.loads(out)
    (hand,) = record["rows"]
    assert code == 0 and hand["hole"] == "KhAh" and record["attrs"]["board"] == "QhJhTh2c3d"  # canonical
    assert record["attrs"]["game"] == "holdem"
    assert hand["category"] == "straight_flush" and hand["description"] == "royal flush"
    assert sorted(hand["cards"][i:i + 2] for i in range(0, 10, 2)) == sorted(["Ah", "Kh", "Qh", "Jh", "Th"])
    code, out, _ = run_cli("eval", "holdem", "7c2d", "--board", "QhJhTh2c3d", "--format", "csv")
    header, row = rows(out)
    assert header.split(",")[:2] == ["hole", "category"] and ",one_pair," in f",{row},"
    assert read_csv(io.StringIO(out)).attrs == {"game": "holdem", "board": "QhJhTh2c3d", "wild": None}
    code, out, _ = run_cli("games", "--format", "json")
    games = {g["name"]: g for g in json.loads(out)["rows"]}
    assert games["tahoe"]["hole_cards"] == 3 and games["spanish"]["board_cards"] == 5
    code, out, _ = run_cli("games", "--format", "csv")
    assert out.splitlines()[0] == "name,title,description,hole_cards,board_cards"
    assert len(out.strip().splitlines()) == len(games) + 1


def test_a_range_split_by_the_shell_is_refused_with_a_hint_to_quote_it(run_cli):
    code, out, err = run_cli("calc", "holdem", "QQ+,", "AKs", "random")
    assert code == 2 and out == "" and "quote each range" in err and "'QQ+, AKs'" in err
    code, out, _ = run_cli("calc", "holdem", "QQ+, AKs", "random", "--trials", "2000", "--seed", "1")
    assert code == 0 and "QQ+, AKs" in out  # quoted, the same range is played


def test_calc_echoes_exact_cards_in_the_canonical_notation(run_cli):
    code, out, _ = run_cli("calc", "holdem", "ah kh", "QQ+, AKs", "random", "--trials", "2000", "--seed", "1",
                           "--format", "csv")
    hands = [line.split(",")[0] for line in rows(out)[1:]]
    assert code == 0 and hands[0] == "AhKh" and hands[2] == "random"
    assert '"QQ+, AKs"' in out  # a range as given (quoted by the CSV writer)
