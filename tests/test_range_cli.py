"""``equity range``: a range expanded, laid on the grid and read back, in each output format."""

import io
import json

from equity.formats import read_csv
from equity.ranges import parse_range


def test_expands_a_range_to_its_combos(run_cli):
    code, out, err = run_cli("range", "QQ+, AKs")
    assert code == 0 and not err
    lines = out.splitlines()
    assert lines[0] == "holdem: 'QQ+, AKs' (22 combos)"
    assert lines[1].split() == ["hand", "weight"] and len(lines) == 2 + 22
    assert {line.split()[0] for line in lines[2:]} == set(parse_range("QQ+, AKs").combo_texts())


def test_csv_and_json_in_any_game(run_cli):
    code, out, _ = run_cli("range", "AA** ds", "--game", "omaha", "--dead", "AsKd", "--format", "csv")
    rows = [line for line in out.splitlines() if not line.startswith("# ")]
    assert code == 0 and rows[0] == "hand,weight"
    attrs = read_csv(io.StringIO(out)).attrs
    assert attrs["game"] == "omaha" and attrs["dead"] == "AsKd" and attrs["range"] == "AA** ds"
    assert attrs["combos"] == len(rows) - 1 and attrs["seed"] is None and attrs["method"] is None
    # two live aces of the three left make the double-suited pairs: worked out in test_range_patterns
    assert len(rows) - 1 == len(parse_range("AA** ds", game="omaha", dead="AsKd"))
    assert not any("As" in r or "Kd" in r for r in rows[1:])
    code, out, _ = run_cli("range", "AK:0.5, 22", "--format", "json")
    record = json.loads(out)
    attrs = record["attrs"]
    assert attrs["game"] == "holdem" and attrs["combos"] == 22 and attrs["text"] == "22, AK:0.5"
    assert sorted({h["weight"] for h in record["rows"]}) == [0.5, 1.0]


def test_json_weights_are_rounded_as_the_table_prints_them(run_cli):
    code, table, _ = run_cli("range", "AKs:0.123456789")
    assert "0.123457" in table
    code, out, _ = run_cli("range", "AKs:0.123456789", "--format", "json")
    assert {h["weight"] for h in json.loads(out)["rows"]} == {0.123457}
    code, grid, _ = run_cli("range", "AKs:0.123456789", "--grid")
    assert grid.splitlines()[2].split()[:3] == ["A", ".", "0.123"]
    code, out, _ = run_cli("range", "AKs:0.123456789", "--grid", "--format", "json")
    first = json.loads(out)["rows"][0]
    assert first["row"] == "A" and first["K"] == 0.123 and first["A"] == 0.0


def test_grid_out_and_back(run_cli, tmp_path):
    code, out, _ = run_cli("range", "QQ+, AKs, A5s-A2s:0.5", "--grid", "--format", "csv")
    header = [line for line in out.splitlines() if not line.startswith("# ")][0]
    assert code == 0 and header == "row,A,K,Q,J,T,9,8,7,6,5,4,3,2" and out.startswith('# game: "holdem"\n')
    path = tmp_path / "grid.csv"
    path.write_text(out)
    code, out, _ = run_cli("range", "--from-grid", str(path))
    assert code == 0 and out.splitlines()[0] == "holdem: 'QQ+, AKs, A5s-A2s:0.5' (38 combos)"
    code, out, _ = run_cli("range", "QQ+, AKs", "--grid")
    assert out.splitlines()[0] == "holdem: QQ+, AKs (22 combos)"
    assert out.splitlines()[1].split() == list("AKQJT98765432")
    assert out.splitlines()[2].split() == ["A", "1", "1"] + ["."] * 11


def test_a_range_split_by_the_shell_or_ending_in_a_comma_is_refused(run_cli):
    code, _, err = run_cli("range", "QQ+,", "AKs")
    assert code == 2 and "quote it, e.g. equity range 'QQ+, AKs'" in err
    code, _, err = run_cli("range", "QQ+, AKs,")
    assert code == 2 and "empty token after 'AKs' (a trailing comma?)" in err
    code, _, err = run_cli("range", "AA**")
    assert code == 2 and "range token 'AA**' names 4 cards; holdem hands have 2" in err
