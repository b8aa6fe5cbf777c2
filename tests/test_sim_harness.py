"""The batch harness: chunks aligned with the deal engine's streams, resume after SIGKILL, Dask, the CLI."""

from __future__ import annotations

import doctest
import importlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

import equity
from equity.deal import CHUNK_DEALS
from equity.errors import OptionError
from simulations import cli, harness

ROOT = Path(__file__).resolve().parents[1]
SEED = 4242
#: A small rarity run: Hold'em and Spanish poker, 2 and 6 players, three chunks per cell.
SMALL = {"study": "rarity", "deals": 2 * CHUNK_DEALS + 1000, "players": "2,6",
         "params": {"games": "holdem,spanish"}, "seed": SEED}


def tables_equal(a: dict[str, pd.DataFrame], b: dict[str, pd.DataFrame]) -> None:
    assert list(a) == list(b)
    for name in a:
        pd.testing.assert_frame_equal(a[name], b[name], check_exact=True)


DOCTESTED = ["simulations.harness", "simulations.study", "simulations.switch_pairs",
             "simulations.tahoe_usage"]


@pytest.mark.parametrize("name", DOCTESTED)
def test_docstring_examples(name: str, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


def test_parse_players_reads_lists_and_ranges() -> None:
    assert harness.parse_players("2-4, 9") == [2, 3, 4, 9]
    assert harness.parse_players(["9", "2,2"]) == [2, 9]
    with pytest.raises(equity.InvalidInputError, match="players"):
        harness.parse_players("two")


def test_unknown_study_and_parameter_are_named() -> None:
    with pytest.raises(equity.InvalidInputError, match="unknown study 'nope'.*rarity"):
        harness.run_study("nope")
    with pytest.raises(equity.InvalidInputError, match="no parameter 'colour'"):
        harness.run_study("rarity", params={"colour": "red"})


def test_plan_chunks_follow_the_engine_chunks() -> None:
    study = harness.get_study("rarity")
    params = harness.resolve_parameters(study, "6", {"games": "holdem"})
    tasks = harness.plan(study, params, 2 * CHUNK_DEALS + 5)
    assert [(t.chunk, t.deals) for t in tasks] == [(0, CHUNK_DEALS), (1, CHUNK_DEALS), (2, 5)]


def test_chunked_run_equals_one_simulate_call(tmp_path) -> None:
    # Chunk k of a cell is stream k of the run's seed, so the harness's equities are those of
    # one simulate() call over all the deals, whatever the chunking.
    deals = CHUNK_DEALS + 3000
    run = harness.run_study("eldorado-swap", deals=deals, players="3", params={"profiles": "greedy"},
                            seed=SEED, out=tmp_path)
    direct = equity.simulate("eldorado", 3, deals, seed=SEED, policies="greedy", aggregate=True)
    np.testing.assert_allclose(run.table.equity, direct.equity, rtol=0, atol=1e-12)
    np.testing.assert_allclose(run.table.equity_se, direct.stderr, rtol=1e-9)
    np.testing.assert_array_equal(run.table.swap_rate, direct.swap_rate)
    np.testing.assert_array_equal(run.table.set_wild_rate, direct.set_wild_rate)
    assert (run.table.deals == deals).all()


def test_record_and_files(tmp_path) -> None:
    run = harness.run_study(**SMALL, out=tmp_path)
    record = json.loads((run.directory / "record.json").read_text())
    for key in ("study", "parameters", "seed", "deals", "version", "git_commit", "started", "finished",
                "elapsed_seconds", "deals_per_second"):
        assert key in record
    assert record["study"] == "rarity" and record["seed"] == SEED and record["deals"] == SMALL["deals"]
    assert record["parameters"]["games"] == ["holdem", "spanish"]
    assert record["version"] == equity.__version__
    assert record["deals_total"] == 4 * SMALL["deals"] and record["chunks"] == 12
    assert (run.directory / "result.parquet").exists() and (run.directory / "inversions.parquet").exists()
    assert len(list((run.directory / "chunks").glob("*.parquet"))) == 12
    assert not list(run.directory.rglob("*.tmp"))
    again = harness.run_study(**SMALL, out=tmp_path)
    assert again.record["chunks_reused"] == 12 and again.record["chunks_played"] == 0
    assert record["deals_per_second"] > 0 and again.record["deals_per_second"] is None  # nothing timed
    tables_equal(run.tables, again.tables)
    tables_equal(run.tables, harness.load_run(run.directory.name, out=tmp_path).tables)


def test_other_seed_is_another_run(tmp_path) -> None:
    one = harness.run_study(**{**SMALL, "deals": 3000}, out=tmp_path)
    other = harness.run_study(**{**SMALL, "deals": 3000, "seed": SEED + 1}, out=tmp_path)
    assert one.directory != other.directory
    assert not one.table.frequency.equals(other.table.frequency)


def test_resume_after_sigkill_matches_uninterrupted_run(tmp_path) -> None:
    # A real run in a subprocess, killed with SIGKILL once a chunk is saved, then restarted.
    args = ["--deals", str(8 * CHUNK_DEALS), "--players", "9", "--param", "games=holdem,spanish,egyptian",
            "--seed", str(SEED), "--no-progress"]
    killed_dir = tmp_path / "killed"
    process = subprocess.Popen([sys.executable, "-m", "simulations.cli", "run", "rarity", *args,
                                "--out", str(killed_dir)], cwd=ROOT, env=os.environ.copy(),
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while not list(killed_dir.glob("*/chunks/*.parquet")):
        assert process.poll() is None, process.stderr.read().decode()
        assert time.monotonic() < deadline, "no chunk saved in two minutes"
        time.sleep(0.01)
    process.send_signal(signal.SIGKILL)
    process.wait()
    (run_dir,) = killed_dir.iterdir()
    saved = len(list((run_dir / "chunks").glob("*.parquet")))
    assert not (run_dir / "record.json").exists(), "the run finished before it was killed"
    assert 1 <= saved < 24

    runner = CliRunner()
    resumed = runner.invoke(cli.app, ["run", "rarity", *args, "--out", str(killed_dir)])
    assert resumed.exit_code == 0, resumed.output
    record = json.loads((run_dir / "record.json").read_text())
    assert record["chunks_reused"] >= saved and record["chunks"] == 24

    whole = harness.run_study("rarity", deals=8 * CHUNK_DEALS, players="9",
                              params={"games": "holdem,spanish,egyptian"}, seed=SEED, out=tmp_path / "whole")
    assert whole.record["chunks_reused"] == 0
    tables_equal(harness.load_run(run_dir).tables, whole.tables)


def test_dask_local_cluster_gives_the_same_tables(tmp_path) -> None:
    pytest.importorskip("dask.distributed")
    local = harness.run_study(**SMALL, out=tmp_path / "local")
    dask_run = harness.run_study(**SMALL, out=tmp_path / "dask", workers=2)
    assert dask_run.record["workers"] == 2 and dask_run.record["chunks_played"] == 12
    tables_equal(local.tables, dask_run.tables)


def test_cli_list_run_show(tmp_path) -> None:
    runner = CliRunner()
    listed = runner.invoke(cli.app, ["list"])
    assert listed.exit_code == 0, listed.output
    for name in ("eldorado-swap", "switch-pairs", "tahoe-usage", "rarity"):
        assert name in listed.output
    assert "--deals 1048576 for the published precision" in listed.output

    ran = runner.invoke(cli.app, ["run", "rarity", "--deals", "2000", "--players", "2",
                                  "--param", "games=spanish", "--seed", "7", "--out", str(tmp_path)])
    assert ran.exit_code == 0, ran.output
    (run_dir,) = tmp_path.iterdir()
    assert run_dir.name in ran.output and "spanish" in ran.output
    shown = runner.invoke(cli.app, ["show", run_dir.name, "--out", str(tmp_path), "--table", "result"])
    assert shown.exit_code == 0, shown.output
    assert "seed: 7" in shown.output and "full_house" in shown.output

    bad = runner.invoke(cli.app, ["run", "rarity", "--param", "games"])
    assert bad.exit_code == 2 and "NAME=VALUE" in bad.output
    missing = runner.invoke(cli.app, ["show", "no-such-run", "--out", str(tmp_path)])
    assert missing.exit_code == 2 and "no finished run" in missing.output


def test_python_m_simulations_cli_runs() -> None:
    done = subprocess.run([sys.executable, "-m", "simulations.cli", "list"], cwd=ROOT, env=os.environ.copy(),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "tahoe-usage" in done.stdout


def test_single_process_run_never_imports_dask(tmp_path) -> None:
    code = ("import sys; from simulations import cli, harness; "
            "harness.run_study('rarity', deals=500, players='2', params={'games': 'holdem'}, "
            f"out={str(tmp_path)!r}); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=os.environ.copy(), capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_unreadable_runs_and_outputs_are_named(tmp_path) -> None:
    # a file where the output folder should be, and a run whose record was damaged: one line each
    runner = CliRunner()
    blocker = tmp_path / "results.txt"
    blocker.write_text("not a folder")
    ran = runner.invoke(cli.app, ["run", "rarity", "--deals", "500", "--players", "2",
                                  "--param", "games=holdem", "--out", str(blocker)])
    assert ran.exit_code == 2 and "is a file, not a folder" in ran.output
    run = harness.run_study(**{**SMALL, "deals": 500}, out=tmp_path)
    (run.directory / "record.json").write_text("{ truncated")
    for command in ("show", "plot"):
        shown = runner.invoke(cli.app, [command, str(run.directory)])
        assert shown.exit_code == 2 and "cannot be read" in shown.output
        assert "Traceback" not in shown.output


def test_unreachable_scheduler_is_named(tmp_path, monkeypatch) -> None:
    pytest.importorskip("dask.distributed")
    monkeypatch.setattr(harness, "SCHEDULER_TIMEOUT", "2s")
    with pytest.raises(OptionError, match="--scheduler 'tcp://127.0.0.1:9'"):
        harness.run_study(**{**SMALL, "deals": 500}, out=tmp_path, scheduler="tcp://127.0.0.1:9")
