"""The first run: each entry point in a fresh process, from an empty cache folder and warm.

Run with ``python benchmarks/cold_start.py`` (every figure, about 20 minutes on two cores) or
``--quick`` (without ``equity warmup --all``).  Each cold figure is one new Python process with
``EQUITY_CACHE_DIR`` set to a new empty folder, so it compiles every kernel it calls and builds
its game's tables; the process reports its wall time and, from the toolkit's compile listener
(:func:`equity.setup_notices.compile_log`), how many kernels it compiled, the seconds they
took and the slowest of them.  The warm figures use the repository's cache
(``.cache/equity``, filled first if needed) and time whole commands in new processes.

``--warmup-profile`` instead plays every step of ``equity warmup --all`` one after another in one
new process from an empty cache and prints, per step, its seconds and the kernels it compiled
(where the warm-up's time goes, kernel by kernel), then the totals per family and per kernel.

Targets (issue "The first run"): the first Hold'em exact ``calc`` and the first Hold'em Monte
Carlo ``calc`` under 30 s, the first ``evaluate`` of any game under 10 s, ``equity warmup
--all`` under 4 minutes; warm, ``import equity`` under 0.3 s and ``equity eval`` under 0.5 s.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
WARM_CACHE = REPO / ".cache" / "equity"

#: One hand of each game: hole cards and board (the evaluation the first call makes).
HANDS = {
    "holdem": ("AhKh", "QhJhTh2c3d"), "omaha": ("AhKhQdJd", "Th9h2c3d4s"),
    "tahoe": ("AhKhQd", "Th9h2c3d4s"), "spanish": ("AhKh", "QhJhTh9c8d"),
    "egyptian": ("AhKh", "QhJhTh9c8d7s"), "eldorado": ("AhKh", "QhJhTh9c"),
    "draw": ("AhKhQhJhTh", ""), "draw7": ("AhKhQhJhTh2c3d", ""),
    "switch": ("AhKhQhJhTh", ""), "switch7": ("AhKhQhJhTh2c3d", ""),
}

_CHILD = """
import json, sys, time
started = time.perf_counter()
import equity
from equity.setup_notices import compile_log
imported = time.perf_counter() - started
{call}
log = compile_log()
print(json.dumps({{"wall": time.perf_counter() - started, "import": imported, "kernels": len(log),
                   "compile": sum(s for _, s in log),
                   "slowest": sorted(log, key=lambda k: -k[1])[:4]}}))
"""


def cold(call: str) -> dict:
    """Run ``call`` (Python source, after ``import equity``) in a new process with an empty cache."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "EQUITY_CACHE_DIR": cache, "EQUITY_QUIET": "1"}
        env.pop("NUMBA_CACHE_DIR", None)
        done = subprocess.run([PYTHON, "-c", _CHILD.format(call=call)], capture_output=True, text=True,
                              env=env, cwd=REPO, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


_PROFILE = """
import json
from equity.setup_notices import compile_log
from equity.warmup import _family, _run_step, warmup_steps
for game, step in warmup_steps(studies=True):
    before = len(compile_log())
    _, _, seconds = _run_step(game, step)
    print(json.dumps({"game": game, "family": _family(game), "step": step, "seconds": seconds,
                      "kernels": compile_log()[before:]}), flush=True)
"""


def warmup_profile() -> None:
    """Every warm-up step in one process from an empty cache: seconds and kernels compiled."""
    families: dict[str, float] = {}
    kernels: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "EQUITY_CACHE_DIR": cache, "EQUITY_QUIET": "1"}
        env.pop("NUMBA_CACHE_DIR", None)
        with subprocess.Popen([PYTHON, "-c", _PROFILE], stdout=subprocess.PIPE, text=True, env=env,
                              cwd=REPO) as child:
            for line in child.stdout:
                row = json.loads(line)
                families[row["family"]] = families.get(row["family"], 0.0) + row["seconds"]
                for name, seconds in row["kernels"]:
                    kernels[name] = kernels.get(name, 0.0) + seconds
                slow = ", ".join(f"{k} {s:.1f} s" for k, s in row["kernels"] if s >= 1)
                print(f"{row['game']:<9} {row['step']:<18} {row['seconds']:7.1f} s  {slow}", flush=True)
    by_family = ", ".join(f"{f} {s:.0f} s" for f, s in families.items())
    print(f"total {sum(families.values()):.0f} s: {by_family}")
    for name, seconds in sorted(kernels.items(), key=lambda k: -k[1])[:8]:
        print(f"  {name:<28} {seconds:7.1f} s")


def wall(command: list[str], repeats: int = 5) -> float:
    """Best wall time of ``command`` in new processes with the warm cache."""
    env = {**os.environ, "EQUITY_CACHE_DIR": str(WARM_CACHE)}
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        subprocess.run(command, capture_output=True, env=env, cwd=REPO, check=True)
        best = min(best, time.perf_counter() - started)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="leave out `equity warmup --all`")
    parser.add_argument("--games", default=",".join(HANDS), help="games whose first evaluate is timed")
    parser.add_argument("--warmup-profile", action="store_true",
                        help="only: every warm-up step in one process, the kernels each compiles")
    args = parser.parse_args(argv)
    if args.warmup_profile:
        warmup_profile()
        return 0
    rows = []

    def report(name: str, result: dict, target: float | None) -> None:
        slowest = ", ".join(f"{k} {s:.1f} s" for k, s in result.get("slowest", []))
        met = "" if target is None else ("yes" if result["wall"] < target else "no")
        rows.append((name, result["wall"], target, met))
        print(f"{name:<44} {result['wall']:7.1f} s  target {target or '-':>5}  {met:<3}  "
              f"{result.get('kernels', 0)} kernels compiled in {result.get('compile', 0):.1f} s"
              + (f"; slowest: {slowest}" if slowest else ""), flush=True)

    print(f"cold: each entry point in a new process, empty cache folder ({os.cpu_count()} CPUs)")
    for game in args.games.split(","):
        hole, board = HANDS[game]
        report(f"first evaluate, {game}", cold(f"equity.evaluate({game!r}, {hole!r}, {board!r})"), 10)
    # one hand with no wild card needs no kernel (equity.hand); rows of hands and a wild rank do
    report("first evaluate_many, holdem (1,000 rows)",
           cold("import numpy as np; rows = np.random.default_rng(1).permuted(np.tile(np.arange(52, "
                "dtype=np.uint8), (1000, 1)), axis=1); "
                "equity.evaluate_many('holdem', rows[:, :2], rows[:, 2:7])"), None)
    report("first evaluate with a wild rank, eldorado",
           cold("equity.evaluate('eldorado', 'AhKh', 'QhJhTh9c', wild='9')"), 10)
    report("first Hold'em exact calc (AhKh v QsQd, flop Qh7c2d)",
           cold("equity.calc('holdem', ['AhKh', 'QsQd'], board='Qh7c2d')"), 30)
    report("first Hold'em Monte Carlo calc (AhKh v random)",
           cold("equity.calc('holdem', ['AhKh', 'random'], trials=100_000, seed=1)"), 30)
    if not args.quick:
        report("equity warmup --all",
               cold("from equity.warmup import warmup; warmup(studies=True, progress=False)"), 240)
    print("warm: the repository's cache, best of 5 new processes")
    subprocess.run([PYTHON, "-m", "equity", "eval", "holdem", "AhKh", "--board", "QhJhTh2c3d"], check=True,
                   env={**os.environ, "EQUITY_CACHE_DIR": str(WARM_CACHE)}, capture_output=True)
    report("import equity", {"wall": wall([PYTHON, "-c", "import equity"])}, 0.3)
    report("equity eval holdem AhKh --board QhJhTh2c3d",
           {"wall": wall([PYTHON, "-m", "equity", "eval", "holdem", "AhKh", "--board", "QhJhTh2c3d"])}, 0.5)
    return 0


if __name__ == "__main__":
    sys.exit(main())
