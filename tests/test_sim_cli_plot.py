"""``equity sim plot`` and ``equity sim run --game-file``, through the ``equity`` command."""

from __future__ import annotations

import io
import warnings
from pathlib import Path

import pandas as pd

from equity.formats import read_csv

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "games"



def test_rarity_of_a_custom_game_then_its_charts(run_cli, tmp_path):
    game = EXAMPLES / "short_deck_holdem.toml"
    code, out, err = run_cli("sim", "run", "rarity", "--game-file", str(game), "--deals", "4096",
                         "--players", "2", "--out", str(tmp_path), "--no-progress")
    assert code == 0, err
    folder = Path(out.strip().splitlines()[-1].split(" in ", 1)[1])
    table = pd.read_parquet(folder / "result.parquet")
    assert set(table.game) == {str(game)}
    # short deck ranks the flush above the full house: both appear in the declared order
    assert {"flush", "full_house"} <= set(table.category)
    with warnings.catch_warnings():  # e.g. a layout collapsed by a long label is an error here
        warnings.simplefilter("error", UserWarning)
        code, out, err = run_cli("sim", "plot", str(folder), "--to", str(tmp_path / "figs"),
                                 "--format", "png", "--format", "svg")
    assert code == 0, err
    written = [Path(line) for line in out.strip().splitlines()]
    assert written and all(p.exists() and p.stat().st_size > 1000 for p in written)
    assert {p.suffix for p in written} == {".png", ".svg"}


def test_game_file_on_a_study_without_games_is_refused(run_cli, tmp_path):
    code, out, err = run_cli("sim", "run", "eldorado-swap", "--game-file",
                         str(EXAMPLES / "short_deck_holdem.toml"), "--out", str(tmp_path))
    assert code == 2 and out == "" and "no 'games' parameter" in err


def test_plot_of_a_missing_run_is_one_line_and_status_2(run_cli, tmp_path):
    code, _, err = run_cli("sim", "plot", "no-such-run", "--out", str(tmp_path))
    assert code == 2 and len(err.strip().splitlines()) == 1 and "no-such-run" in err


def test_charts_name_a_custom_game_by_its_title_not_its_path(tmp_path):
    from simulations.plots.common import game_name

    assert game_name(str(EXAMPLES / "short_deck_holdem.toml")) == "Short-deck Hold'em"  # its title line
    assert game_name(str(tmp_path / "gone_since.toml")) == "gone_since"  # a file moved since the run
    assert game_name("eldorado") == "El Dorado"


def test_runs_are_listed_and_named_by_a_unique_prefix(run_cli, tmp_path):
    import json

    for seed in ("1", "2"):
        code, _, err = run_cli("sim", "run", "rarity", "--deals", "2048", "--players", "2", "--seed", seed,
                               "--param", "games=holdem", "--out", str(tmp_path), "--no-progress")
        assert code == 0, err
    code, out, _ = run_cli("sim", "runs", "--out", str(tmp_path), "--format", "json")
    listed = json.loads(out)["rows"]
    assert code == 0 and [r["study"] for r in listed] == ["rarity", "rarity"]
    assert all(r["this_code"] and r["deals"] > 0 for r in listed)
    ids = sorted(r["run_id"] for r in listed)
    assert all(Path(r["folder"]).name == r["run_id"] for r in listed)
    code, out, _ = run_cli("sim", "runs", "--out", str(tmp_path))
    assert code == 0 and all(i in out for i in ids) and out.count("yes") == 2
    # a prefix common to both runs is refused with both ids; a longer one names one run
    common = "rarity-"
    code, _, err = run_cli("sim", "show", common, "--out", str(tmp_path))
    assert code == 2 and all(i in err for i in ids) and "give more of the id" in err
    unique = ids[0][:-4]
    code, out, err = run_cli("sim", "show", unique, "--out", str(tmp_path), "--table", "result",
                             "--format", "csv")
    assert code == 0, err
    table = read_csv(io.StringIO(out))
    assert set(table.game) == {"holdem"} and table["count"].sum() > 0
    seed = int(ids[0].split("-s")[1].split("-")[0])
    assert table.attrs == {"game": "holdem", "method": "monte carlo", "seed": seed, "trials": 2048,
                           "study": "rarity", "table": "result", "run_id": ids[0]}
    lists = [json.loads(cell) for cell in table.more_common_than]  # a list as JSON text in its cell
    assert ["high_card"] in lists and all(isinstance(x, list) for x in lists)
    code, out, err = run_cli("sim", "show", unique, "--out", str(tmp_path), "--format", "json")
    shown = json.loads(out)
    assert shown["record"]["run_id"] == ids[0] and set(shown["tables"]) == {"result", "inversions"}
    result = shown["tables"]["result"]
    assert result["attrs"] == table.attrs
    assert ["high_card"] in [row["more_common_than"] for row in result["rows"]]  # a real array
    code, _, err = run_cli("sim", "show", unique, "--out", str(tmp_path), "--format", "csv")
    assert code == 2 and "--table" in err  # two tables: csv needs one named
    code, out, _ = run_cli("sim", "list", "--format", "csv")
    assert code == 0 and out.splitlines()[0].startswith("study,title,question,parameters,deals")
    listed = read_csv(io.StringIO(out))
    assert json.loads(listed.parameters[0])["players"] == list(range(2, 10))
    code, out, _ = run_cli("sim", "list", "--format", "json")
    assert json.loads(out)["rows"][0]["parameters"]["players"] == list(range(2, 10))


def test_show_json_numbers_are_rounded_as_the_table_prints_them(run_cli, tmp_path):
    import json

    from simulations.cli import SHOW_DIGITS

    code, _, err = run_cli("sim", "run", "rarity", "--deals", "2000", "--players", "2", "--param",
                           "games=spanish", "--out", str(tmp_path), "--no-progress")
    assert code == 0, err
    (run,) = [p.name for p in tmp_path.iterdir()]
    code, text, _ = run_cli("sim", "show", run, "--out", str(tmp_path), "--table", "inversions")
    code, out, _ = run_cli("sim", "show", run, "--out", str(tmp_path), "--table", "inversions",
                           "--format", "json")
    rows = json.loads(out)["tables"]["inversions"]["rows"]
    stderrs = [row["stderr"] for row in rows]
    assert stderrs and all(isinstance(x, float) for x in stderrs)
    for x in stderrs:
        assert x == float(f"{x:.{SHOW_DIGITS}g}")  # no more digits than the table shows
        assert f" {x:.{SHOW_DIGITS}g} " in text  # and the same digits as the table
