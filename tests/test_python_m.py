"""``python -m equity`` is the command line, as the ``equity`` script runs it (issue 30)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = Path(sys.executable).with_name("equity")


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(list(args), cwd=ROOT, env=os.environ.copy(), capture_output=True, text=True,
                          timeout=300)


def test_python_m_equity_lists_the_games() -> None:
    done = run(sys.executable, "-m", "equity", "games")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split()[0] == "holdem" and any(line.startswith("tahoe ") for line in lines)


def test_python_m_equity_names_itself_equity_in_its_usage() -> None:
    done = run(sys.executable, "-m", "equity", "--help")
    assert done.returncode == 0, done.stderr
    assert "Usage: equity " in done.stdout and "__main__" not in done.stdout


def test_python_m_equity_refuses_bad_input_in_one_line_with_status_2() -> None:
    done = run(sys.executable, "-m", "equity", "eval", "holdem", "Zz2c")
    assert done.returncode == 2
    assert done.stderr.startswith("equity: ") and len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr + done.stdout


@pytest.mark.skipif(not SCRIPT.exists(), reason="the equity script is not installed beside this Python")
@pytest.mark.parametrize("args", [["games"], ["eval", "holdem", "AhKh", "--board", "QhJhTh"],
                                  ["eval", "holdem", "Zz2c"], ["sim", "list"]])
def test_python_m_equity_answers_as_the_equity_script(args: list[str]) -> None:
    module = run(sys.executable, "-m", "equity", *args)
    script = run(str(SCRIPT), *args)
    assert (module.returncode, module.stdout, module.stderr) == (script.returncode, script.stdout,
                                                                  script.stderr)
