"""``evaluate_many`` on each vector path this machine runs: AVX-512 blocks, AVX2 blocks, scalar.

Run with ``python benchmarks/vector_paths.py`` (``--help`` for options).  For each game whose
``evaluate_many`` has blocks (Hold'em, and whole Omaha and Spanish deals) it times the same
random rows on one thread under ``EQUITY_SIMD=avx512``, ``avx2`` and ``0`` (the paths the
machine cannot run are left out), checks that every path gives the scalar kernel's strengths,
and prints M evaluations/s and the ratio to the scalar kernel.

On a machine with AVX-512, ``avx2`` runs the eight-lane blocks, but Numba compiles every kernel
for the host, so LLVM may still use AVX-512 encodings around them.  What an AVX2-only processor
would run is measured by compiling for one, with the same script::

    NUMBA_CPU_NAME=haswell NUMBA_CPU_FEATURES=+avx,+avx2,+bmi,+bmi2,+fma,+f16c,+lzcnt,+movbe,\\
+popcnt,+sse4.2 python benchmarks/vector_paths.py

(then ``vector_path()`` is ``"avx2"`` by default, and ``avx512`` is refused).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import numba  # noqa: E402
import numpy as np  # noqa: E402

import equity  # noqa: E402
from benchmarks.evaluators import deal  # noqa: E402

MILLION = 1_000_000
#: The games with blocks, and their hole cards.
GAMES = (("holdem", 2), ("omaha", 4), ("spanish", 2))
PATHS = ("avx512", "avx2", "0")


def runnable_paths(settings=PATHS):
    """Each ``EQUITY_SIMD`` setting of ``settings`` this machine runs, set in turn, with the
    vector path it gives: ``(setting, path)`` pairs (the setting before is put back at the
    end)."""
    before = os.environ.get("EQUITY_SIMD")
    try:
        for setting in settings:
            os.environ["EQUITY_SIMD"] = setting
            try:
                path = equity.vector_path()
            except equity.OptionError:  # (no such blocks on this machine)
                continue
            yield setting, path
    finally:
        if before is None:
            os.environ.pop("EQUITY_SIMD", None)
        else:
            os.environ["EQUITY_SIMD"] = before


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=MILLION, help="rows a call (1,000,000)")
    parser.add_argument("--repeats", type=int, default=7, help="timed calls a path; the median is shown")
    args = parser.parse_args(argv)
    print(f"machine: {platform.processor() or platform.machine()}, numba {numba.__version__}, target "
          f"{numba.config.CPU_NAME or 'host'}; default vector path {equity.vector_path()}")
    print(f"command: python benchmarks/vector_paths.py --hands {args.hands} --repeats {args.repeats}")
    numba.set_num_threads(1)
    print(f"\n{'game':<10} {'path':<8} {'M evals/s':>10}  {'v scalar':>8}")
    for game, n_hole in GAMES:
        hole, board = deal(game, args.hands, n_hole, 5, 7)
        rates, strengths = {}, {}
        for _, path in runnable_paths():
            strengths[path] = equity.evaluate_many(game, hole, board)
            times = []
            for _ in range(args.repeats):
                start = time.perf_counter()
                equity.evaluate_many(game, hole, board)
                times.append(time.perf_counter() - start)
            rates[path] = args.hands / float(np.median(times))
        for path, rate in rates.items():
            same = "" if (strengths[path] == strengths["scalar"]).all() else "  DIFFERENT STRENGTHS"
            print(f"{game:<10} {path:<8} {rate / MILLION:>10.1f}  {rate / rates['scalar']:>7.2f}x{same}")


if __name__ == "__main__":
    main()
