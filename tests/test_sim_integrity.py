"""Stored runs tied to their code (issue 30, item 1): a run made by other code, a chunk copied over
another or from another run, a truncated chunk, left-over temporary files, the record in the tables.

Each test damages a real run the way a user (or a crash) would, with shell-level operations
(copy, truncate, edit a source file), and reads the files back with pyarrow directly.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest

import equity
from equity.deal import CHUNK_DEALS
from simulations import harness

ROOT = Path(__file__).resolve().parents[1]
SEED = 4243
#: Hold'em heads-up, three chunks (the last one short).
RUN = {"study": "rarity", "deals": 2 * CHUNK_DEALS + 700, "players": "2", "params": {"games": "holdem"},
       "seed": SEED}
CLI_ARGS = ["rarity", "--deals", str(2 * CHUNK_DEALS + 700), "--players", "2", "--param", "games=holdem",
            "--seed", str(SEED), "--no-progress"]


def chunk_files(run: harness.RunResult) -> list[Path]:
    return sorted((run.directory / "chunks").glob("*.parquet"))


def equity_cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """``python -m equity ARGS`` in a subprocess (``cwd`` first on the import path)."""
    return subprocess.run([sys.executable, "-m", "equity", *args], cwd=cwd, env=os.environ.copy(),
                          capture_output=True, text=True, timeout=600)


def one_line_error(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr + done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("equity: "), done.stderr
    return lines[0]


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> harness.RunResult:
    """The run played once, undamaged: what a repaired run must give bit for bit."""
    return harness.run_study(**RUN, out=tmp_path_factory.mktemp("reference"))


def copy_run(run: harness.RunResult, to: Path) -> harness.RunResult:
    shutil.copytree(run.directory, to / run.directory.name)
    return harness.RunResult(to / run.directory.name, run.tables, run.record)


# ---------------------------------------------------------------------------------------------
# Chunk files: what they state, and what resume accepts
# ---------------------------------------------------------------------------------------------
def test_each_chunk_file_states_its_cell_index_and_plan_fingerprint(reference) -> None:
    plan = json.loads((reference.directory / "plan.json").read_text())
    files = chunk_files(reference)
    assert len(files) == 3
    for k, path in enumerate(files):
        stated = json.loads(pq.read_schema(path).metadata[b"equity.chunk"])
        assert stated["cell"] == {"game": "holdem", "players": 2}
        assert stated["chunk"] == k and path.name.endswith(f".{k:05d}.parquet")
        assert stated["deals"] == (700 if k == 2 else CHUNK_DEALS)
        assert stated["fingerprint"] == plan["fingerprint"] == reference.record["fingerprint"]
        assert len(stated["fingerprint"]) == 16


def test_a_chunk_copied_over_another_is_refused_not_added_up(reference, tmp_path) -> None:
    run = copy_run(reference, tmp_path)
    first, second, _ = chunk_files(run)
    shutil.copyfile(first, second)  # cp chunks/...00000.parquet chunks/...00001.parquet
    record_before = (run.directory / "record.json").read_text()
    with pytest.raises(harness.StoredRunError, match="copied") as caught:
        harness.run_study(**RUN, out=tmp_path)
    message = str(caught.value)
    assert str(second) in message and "holds chunk 0" in message and "not chunk 1" in message
    assert isinstance(caught.value, equity.InvalidInputError)
    assert (run.directory / "record.json").read_text() == record_before  # nothing rewritten
    # from the command line: one line, status 2, naming the file
    line = one_line_error(equity_cli("sim", "run", *CLI_ARGS, "--out", str(tmp_path)))
    assert str(second) in line and "--rerun" in line
    # deleting the copy, as the message says, plays that chunk again: the reference's tables
    second.unlink()
    repaired = harness.run_study(**RUN, out=tmp_path)
    assert repaired.record["chunks_played"] == 1 and repaired.record["chunks_reused"] == 2
    for name in reference.tables:
        pd.testing.assert_frame_equal(repaired.tables[name], reference.tables[name], check_exact=True)


def test_a_chunk_of_another_run_is_refused(reference, tmp_path) -> None:
    other = harness.run_study(**{**RUN, "seed": SEED + 1}, out=tmp_path)
    run = copy_run(reference, tmp_path)
    # the same cell and chunk index, from a run with another seed: only the fingerprint differs
    shutil.copyfile(chunk_files(other)[0], chunk_files(run)[0])
    with pytest.raises(harness.StoredRunError, match="another plan") as caught:
        harness.run_study(**RUN, out=tmp_path)
    assert str(chunk_files(run)[0]) in str(caught.value)


def test_a_chunk_without_its_description_is_refused(reference, tmp_path) -> None:
    run = copy_run(reference, tmp_path)
    path = chunk_files(run)[1]
    pd.read_parquet(path).to_parquet(path, index=False)  # the same sums, written by plain pandas
    with pytest.raises(harness.StoredRunError, match="does not say which chunk"):
        harness.run_study(**RUN, out=tmp_path)


def test_a_truncated_chunk_is_a_one_line_error_with_status_2(reference, tmp_path) -> None:
    run = copy_run(reference, tmp_path)
    path = chunk_files(run)[1]
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    line = one_line_error(equity_cli("sim", "run", *CLI_ARGS, "--out", str(tmp_path)))
    assert str(path) in line and "cannot be read" in line
    assert f"delete {path}" in line and "--rerun" in line
    # the same through the studies' own entry point
    line = one_line_error(subprocess.run(
        [sys.executable, "-m", "simulations.cli", "run", *CLI_ARGS, "--out", str(tmp_path)], cwd=ROOT,
        env=os.environ.copy(), capture_output=True, text=True, timeout=600))
    assert str(path) in line
    # and from Python, the toolkit's own error type
    with pytest.raises(harness.StoredRunError, match="truncated or damaged"):
        harness.run_study(**RUN, out=tmp_path)
    # following the message: delete it, run again, and the tables are the reference's
    path.unlink()
    repaired = equity_cli("sim", "run", *CLI_ARGS, "--out", str(tmp_path))
    assert repaired.returncode == 0, repaired.stderr
    assert "3 chunks (2 reused)" in repaired.stdout
    tables = harness.load_run(run.directory).tables
    for name in reference.tables:
        pd.testing.assert_frame_equal(tables[name], reference.tables[name], check_exact=True)


# ---------------------------------------------------------------------------------------------
# Runs made by other code
# ---------------------------------------------------------------------------------------------
def test_edited_study_code_is_not_reused_silently(tmp_path) -> None:
    # A copy of the studies' package, run from its folder (first on the import path), then edited:
    # the winning hand becomes the lowest instead of the highest, which changes every chunk.
    code = tmp_path / "code"
    shutil.copytree(ROOT / "simulations", code / "simulations",
                    ignore=shutil.ignore_patterns("__pycache__"))
    out = tmp_path / "out"
    args = ["sim", "run", "rarity", "--deals", "3000", "--players", "2", "--param", "games=holdem",
            "--no-progress", "--out", str(out)]
    first = equity_cli(*args, cwd=code)
    assert first.returncode == 0, first.stderr
    (run_dir,) = out.iterdir()
    before = pd.read_parquet(run_dir / "result.parquet")

    study_file = code / "simulations" / "rarity.py"
    source = study_file.read_text()
    edited = source.replace("strengths.argmax(axis=1)", "strengths.argmin(axis=1)")
    assert edited != source
    study_file.write_text(edited)

    refused = one_line_error(equity_cli(*args, cwd=code))
    assert "made by other code" in refused and "the study's code" in refused
    assert "simulations/rarity.py" in refused and "--rerun" in refused and "--out" in refused
    assert "kernels" not in refused and "equity package" not in refused  # only what changed
    pd.testing.assert_frame_equal(pd.read_parquet(run_dir / "result.parquet"), before)  # untouched

    again = equity_cli(*args, "--rerun", cwd=code)
    assert again.returncode == 0, again.stderr
    assert "1 chunks (0 reused)" in again.stdout
    after = pd.read_parquet(run_dir / "result.parquet")
    players = (before.hand == "player").to_numpy()
    pd.testing.assert_series_equal(after.frequency[players], before.frequency[players])  # same deals
    assert not after.frequency[~players].equals(before.frequency[~players])  # played by the new code
    # the unedited code refuses the run the edited code made, in its turn
    study_file.write_text(source)
    assert "simulations/rarity.py" in one_line_error(equity_cli(*args, cwd=code))


def test_a_module_the_study_imports_is_part_of_its_code() -> None:
    # rarity plays plain draw with switch_pairs.play_plain: that module is rarity's code too
    names = {p.name for p in harness.study_sources(harness.get_study("rarity"))}
    assert names == {"rarity.py", "study.py", "switch_pairs.py"}
    names = {p.name for p in harness.study_sources(harness.get_study("tahoe-usage"))}
    assert names == {"tahoe_usage.py", "study.py"}


def test_edited_kernels_or_toolkit_sources_are_named(reference, tmp_path, monkeypatch) -> None:
    run = copy_run(reference, tmp_path)
    # the kernels' digest: the one that names the Numba cache folder
    assert run.record["code"]["kernels"] == equity.cache.kernel_digest()
    monkeypatch.setattr(harness, "kernel_digest", lambda: "0" * 12)
    with pytest.raises(harness.StoredRunError, match=r"Numba kernels \(equity/_kernels\)") as caught:
        harness.run_study(**RUN, out=tmp_path)
    assert "study's code" not in str(caught.value)
    monkeypatch.undo()
    # a copy of the equity package with one source edited, standing in for the real one
    copy = tmp_path / "equity"
    shutil.copytree(Path(equity.__file__).parent, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(equity, "__file__", str(copy / "__init__.py"))
    assert harness.code_changes(run.record) == []  # a faithful copy is the same code
    for presentation in ("plotting.py", "cli.py", "strategy/cli.py"):  # never play a deal
        assert presentation in harness.PRESENTATION_SOURCES
        (copy / presentation).write_text((copy / presentation).read_text() + "\n# a redrawn chart\n")
    assert harness.code_changes(run.record) == []
    deal = copy / "deal.py"
    deal.write_text(deal.read_text() + "\n# an edit\n")
    assert harness.code_changes(run.record) == ["the equity package's Python sources"]
    with pytest.raises(harness.StoredRunError, match="equity package's Python sources"):
        harness.run_study(**RUN, out=tmp_path)


def test_an_edited_game_file_is_named(tmp_path) -> None:
    game = tmp_path / "mine.toml"
    game.write_text(equity.game_to_toml(equity.get_game("holdem")).replace("holdem", "mine", 1))
    options = {"study": "rarity", "deals": 500, "players": "2", "params": {"games": str(game)},
               "out": tmp_path / "out"}
    run = harness.run_study(**options)
    assert list(run.record["input_files"]) == [str(game)]
    game.write_text(game.read_text() + "\n# edited\n")
    with pytest.raises(harness.StoredRunError, match=f"the content of {game}"):
        harness.run_study(**options)


def test_a_run_stored_before_fingerprints_is_refused(reference, tmp_path) -> None:
    run = copy_run(reference, tmp_path)
    plan_path = run.directory / "plan.json"
    plan = json.loads(plan_path.read_text())
    for key in ("code", "input_files", "fingerprint"):
        del plan[key]
    plan_path.write_text(json.dumps(plan))
    with pytest.raises(harness.StoredRunError, match="records no code fingerprint"):
        harness.run_study(**RUN, out=tmp_path)
    rerun = harness.run_study(**RUN, out=tmp_path, rerun=True)
    assert rerun.record["chunks_played"] == 3 and rerun.record["chunks_reused"] == 0


def test_show_says_whether_a_run_is_this_code(reference, tmp_path) -> None:
    run = copy_run(reference, tmp_path)
    shown = equity_cli("sim", "show", str(run.directory), "--table", "inversions")
    assert shown.returncode == 0, shown.stderr
    assert f"code: this code (fingerprint {reference.record['fingerprint']})" in shown.stdout
    record = json.loads((run.directory / "record.json").read_text())
    record["code"]["study"] = "0" * 16
    (run.directory / "record.json").write_text(json.dumps(record))
    shown = equity_cli("sim", "show", str(run.directory), "--table", "inversions")
    assert "code: made by other code: the study's code (" in shown.stdout


def test_notebooks_never_pick_a_run_made_by_other_code(reference, tmp_path) -> None:
    from simulations.plots import find_run

    run = copy_run(reference, tmp_path)
    assert find_run("rarity", out=tmp_path, players="2") is not None
    record = json.loads((run.directory / "record.json").read_text())
    record["code"]["toolkit"] = "0" * 16
    (run.directory / "record.json").write_text(json.dumps(record))
    assert find_run("rarity", out=tmp_path, players="2") is None


def test_notebooks_play_again_a_run_of_their_arguments_made_by_other_code(reference, tmp_path, monkeypatch,
                                                                          capsys) -> None:
    from simulations.plots import load_or_run

    copy_run(reference, tmp_path)
    monkeypatch.setattr(harness, "kernel_digest", lambda: "0" * 12)  # the code changed since
    options = {"deals": RUN["deals"], "players": "2", "params": {"games": "holdem"}, "seed": SEED,
               "out": tmp_path}
    with pytest.raises(harness.StoredRunError, match="made by other code") as caught:
        load_or_run("rarity", rerun_stale=False, **options)
    assert caught.value.stale
    run = load_or_run("rarity", **options)
    assert "made by other code" in capsys.readouterr().out
    assert run.record["chunks_played"] == 3 and not run.record["loaded"]
    assert run.record["code"]["kernels"] == "0" * 12
    pd.testing.assert_frame_equal(run.tables["result"], reference.tables["result"])  # same deals


# ---------------------------------------------------------------------------------------------
# Temporary files and the record in the tables
# ---------------------------------------------------------------------------------------------
def test_temporary_files_of_tables_and_chunks_are_cleaned_up(reference, tmp_path, monkeypatch) -> None:
    run = copy_run(reference, tmp_path)
    # as a run killed while writing leaves them (the names write_parquet gives its temporary files)
    left = [run.directory / ".result.parquet.99999.tmp", run.directory / ".inversions.parquet.99999.tmp",
            run.directory / ".record.json.99999.tmp", run.directory / "chunks" / ".x.00001.parquet.9.tmp"]
    for path in left:
        path.write_bytes(b"PAR1 half")
    harness.run_study(**RUN, out=tmp_path)
    assert [p for p in left if p.exists()] == []
    assert not list(run.directory.rglob("*.tmp"))

    # a write that fails half way leaves no temporary file behind
    def fail(table, where, **_):
        Path(where).write_bytes(b"PAR1 half")
        raise OSError("disk full")

    monkeypatch.setattr(harness.pq, "write_table", fail)
    target = tmp_path / "table.parquet"
    with pytest.raises(OSError, match="disk full"):
        harness.write_parquet(pd.DataFrame({"a": [1]}), target)
    assert list(tmp_path.glob("*.tmp")) == [] and not target.exists()


def test_the_record_is_stored_in_every_result_table(reference) -> None:
    record = json.loads((reference.directory / "record.json").read_text())
    for name in record["tables"]:
        path = reference.directory / f"{name}.parquet"
        stored = json.loads(pq.read_schema(path).metadata[b"equity.record"])
        assert stored == record
        assert harness.stored_record(path) == record
        # the harness reads the table back as it was written; pandas alone too, but for a list,
        # which it reads as a numpy array
        pd.testing.assert_frame_equal(harness.read_parquet(path), reference.tables[name], check_exact=True)
        read = pd.read_parquet(path)
        for column in read.columns:
            if read[column].dtype == object:
                read[column] = [list(v) if hasattr(v, "tolist") else v for v in read[column]]
        pd.testing.assert_frame_equal(read, reference.tables[name], check_exact=True)
    assert record["code"] == harness.code_fingerprint(harness.get_study("rarity"))
    assert record["fingerprint"] == harness.plan_fingerprint(json.loads(
        (reference.directory / "plan.json").read_text()))


def test_docs_describe_the_fingerprint_and_the_checks() -> None:
    text = (ROOT / "docs" / "studies.md").read_text()
    section = text[text.index("### Runs tied to their code"):]
    section = section[: section.index("\n### ", 5)]
    for claim in ("`equity.chunk`", "`equity.record`", "`--rerun`", "`plan.json`", "status 2",
                  "study_sources", "kernel_digest", "equity.__version__"):
        assert claim in section, claim
    assert harness.CHUNK_KEY == "equity.chunk" and harness.RECORD_KEY == "equity.record"
    for words in harness.CODE_PARTS.values():
        assert words.split(" (")[0].removeprefix("the ") in section, words


def test_make_run_plays_again_a_headline_run_made_by_other_code(reference, tmp_path, monkeypatch,
                                                                capsys) -> None:
    # the first README command after an upgrade: the headline's stored run is another code's
    from simulations import headline

    copy_run(reference, tmp_path)
    tiny = headline.Run("4. Ranking versus rarity", "rarity", RUN["deals"], "2", {"games": "holdem"})
    monkeypatch.setattr(headline, "RUNS", (tiny,))
    monkeypatch.setattr(harness, "kernel_digest", lambda: "0" * 12)  # the code changed since
    run_study = harness.run_study  # with the reference run's seed, so its stored run is found
    monkeypatch.setattr(headline, "run_study", lambda study, **k: run_study(study, seed=SEED, **k))
    headline.main(out=tmp_path)
    out = capsys.readouterr().out
    assert "stored run was made by other code; playing it again" in out and "(0 reused)" in out
