"""Push/fold solve times: Hold'em at 10 big blinds from a cold class matrix and warm.

Run with ``python benchmarks/push_fold.py`` (warm only: the matrix from the disk cache, built
there first if it is missing) or ``python benchmarks/push_fold.py --cold`` (the 169 x 169
exact matrix computed again: 14,196 ``equity.calc`` calls, a few minutes on two cores, and the
cache file replaced).

* cold: ``class_matrix("holdem", rebuild=True)``, checked equal to the cached matrix it replaces;
* the first ``push_fold("holdem", 10)`` of the process (the matrix read from disk, then solved);
* warm: ``push_fold("holdem", 10)`` with the matrix in memory, best of ``--repeats``;
* the Nash chart: ``push_fold_thresholds("holdem")``, 190 stacks from 1.1 to 20 big blinds;
* ``--games spanish,egyptian,eldorado,tahoe``: each game's matrix (built if missing, else read),
  its warm solve at 10 big blinds and its chart (the thresholds over the 190 stacks).

Before timing, the 10 big blind solution is checked against the published figures (58.4% of
the combos pushed, 37.3-37.6% called, within a percentage point) and the exploitability
against its bound (0.001 big blinds per hand).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import numpy as np  # noqa: E402

from benchmarks.calc import best_time  # noqa: E402
from benchmarks.evaluators import machine_line  # noqa: E402
from equity.strategy.push_fold_solver import class_matrix, push_fold, push_fold_thresholds  # noqa: E402

STACK = 10.0


def check_holdem(found) -> None:
    if abs(found.push_percent - 58.4) > 1 or not 36.3 <= found.call_percent <= 38.6:
        raise SystemExit(f"Hold'em at 10 bb: push {found.push_percent:.2f}%, call {found.call_percent:.2f}%: "
                         "not the published 58.4% and 37.3-37.6%")
    if not found.exploitability < 1e-3:
        raise SystemExit(f"Hold'em at 10 bb: exploitability {found.exploitability:.2g} above 0.001")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cold", action="store_true", help="compute Hold'em's class matrix again")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--games", default="", help="other games, e.g. spanish,egyptian,eldorado")
    args = parser.parse_args()
    print(f"push/fold benchmark: {machine_line()}")
    print(f"command: {' '.join([Path(sys.argv[0]).name, *sys.argv[1:]])}")

    start = time.perf_counter()
    found = push_fold("holdem", STACK)
    first = time.perf_counter() - start
    check_holdem(found)
    built = found.matrix.seconds
    if args.cold:
        cached = found.matrix.equity.copy()
        start = time.perf_counter()
        matrix = class_matrix("holdem", rebuild=True, progress=False)
        cold = time.perf_counter() - start
        if not np.allclose(matrix.equity, cached, atol=1e-12, rtol=0):
            raise SystemExit("the rebuilt Hold'em matrix differs from the cached one")
        start = time.perf_counter()
        check_holdem(push_fold("holdem", STACK))
        solve = time.perf_counter() - start
        calls = int(np.triu(matrix.pairs > 0, 1).sum())
        print(f"holdem cold: exact class matrix {cold:.1f} s ({len(matrix.classes)} classes, {calls:,} calc "
              f"calls, equal to the cached matrix) + solve {solve * 1000:.0f} ms")
    else:
        print(f"holdem cold: not run (--cold); the cached matrix took {built:.1f} s to build")
    print(f"holdem first solve in this process (matrix read from disk): {first * 1000:.0f} ms")
    warm = best_time(lambda: push_fold("holdem", STACK), args.repeats)
    print(f"holdem warm solve at {STACK:g} bb: {warm * 1000:.1f} ms, {found.iterations} iterations, "
          f"exploitability {found.exploitability:.1e} bb per hand; push {found.push_percent:.2f}%, "
          f"call {found.call_percent:.2f}%")
    start = time.perf_counter()
    chart = push_fold_thresholds("holdem", progress=False)
    seconds = time.perf_counter() - start
    print(f"holdem thresholds, {len(chart.attrs['stacks'])} stacks 1.1-20 bb: {seconds:.2f} s "
          f"(largest exploitability {chart.attrs['exploitability']:.1e})")

    for game in [g.strip() for g in args.games.split(",") if g.strip()]:
        start = time.perf_counter()
        matrix = class_matrix(game, progress=False)
        ready = time.perf_counter() - start
        solved = push_fold(game, STACK)
        warm = best_time(lambda game=game: push_fold(game, STACK), args.repeats)
        size = ("exact" if matrix.method == "exact" else f"{matrix.trials:,} random deals"
                if matrix.method == "deals" else f"monte carlo, {matrix.trials:,} trials a pair")
        start = time.perf_counter()
        chart = push_fold_thresholds(game, progress=False)
        seconds = time.perf_counter() - start
        print(f"{game}: class matrix {matrix.seconds:.1f} s to build ({len(matrix.classes):,} classes, "
              f"{size}; {ready:.2f} s now), warm solve at {STACK:g} bb {warm * 1000:.1f} ms, push "
              f"{solved.push_percent:.1f}%, call {solved.call_percent:.1f}%, exploitability "
              f"{solved.exploitability:.1e}; chart of {len(chart.attrs['stacks'])} stacks {seconds:.1f} s")


if __name__ == "__main__":
    main()
