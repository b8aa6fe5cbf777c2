"""How fast the Hold'em lookup design can run on this machine: the same tables in C.

Run with ``python benchmarks/native_ceiling.py`` (needs a C compiler, ``cc``).

``equity.evaluate_many("holdem", ...)`` values a row of seven card codes by summing
seven card words, two table loads and a flush check (``best_high_seven``).  This
script writes the Hold'em seven-card tables and the benchmark's random hands to a
temporary folder, compiles ``benchmarks/native_ceiling.c`` (the same loop, written in
C) with ``cc -O3 -march=native``, and times, on the same hands and the same core:

- the C loop reading the codes one byte at a time (as the Numba kernel does), and with
  one 8-byte load of the five board codes;
- the Numba kernel alone (output array reused, no input check);
- ``evaluate_many`` with ``check=False`` and as users call it (input check on).

The C loops must give exactly ``evaluate_many``'s strengths (the script stops if not).
The ratios say how far the Numba path is from native code of the same design, and so
whether a speed target is within the design's reach on this machine.
"""

from __future__ import annotations

import argparse
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE.parent) not in sys.path:
    sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import numba  # noqa: E402
import numpy as np  # noqa: E402
from evaluators import best_time, deal  # noqa: E402

import equity  # noqa: E402
from equity._kernels.evaluate import best_high_seven  # noqa: E402
from equity.evaluator import flush_bias  # noqa: E402
from equity.tables import tables_for  # noqa: E402

TARGET = 350e6  # Hold'em evaluations/s on one thread (the foundation issue)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--repeats", type=int, default=5, help="timings per line and round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds taking turns; the best counts")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--cc", default="cc", help="C compiler (cc)")
    args = parser.parse_args(argv)
    compiler = shutil.which(args.cc)
    if compiler is None:  # not an error: make bench runs on machines without one too
        print(f"no C compiler {args.cc!r} on PATH: the native ceiling is not measured", file=sys.stderr)
        return
    numba.set_num_threads(1)
    hole, board = deal("holdem", args.hands, 2, 5, args.seed)
    t = tables_for(equity.get_game("holdem"))
    bias = flush_bias(5, 0)  # the five-card hand's flush bias, as evaluate_many passes it
    expected = equity.evaluate_many("holdem", hole, board)
    out = np.empty(args.hands, dtype=np.uint32)

    def kernel() -> None:
        best_high_seven(hole.ravel(), 2, board.ravel(), 5, t.seven_words, t.suit_bits,
                        t.seven_offsets, t.seven_strengths, t.seven_flush_strengths, bias[0], out)

    kernel()
    if not np.array_equal(out, expected):
        sys.exit("the kernel disagrees with evaluate_many")
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        arrays = {"seven_words": t.seven_words, "suit_bits": t.suit_bits,
                  "seven_offsets": t.seven_offsets, "seven_strengths": t.seven_strengths,
                  "seven_flush_strengths": t.seven_flush_strengths, "flush_bias": bias,
                  "hole": hole, "board": board, "expected": expected.astype(np.uint32)}
        for name, array in arrays.items():
            np.ascontiguousarray(array).tofile(work / f"{name}.bin")
        binary = work / "native_ceiling"
        command = [compiler, "-O3", "-march=native", "-o", str(binary), str(HERE / "native_ceiling.c")]
        subprocess.run(command, check=True)
        version = subprocess.run([compiler, "--version"], capture_output=True, text=True).stdout
        ours = {
            "Numba kernel alone": kernel,
            "evaluate_many, check=False": lambda: equity.evaluate_many("holdem", hole, board,
                                                                       check=False),
            "evaluate_many (checks on)": lambda: equity.evaluate_many("holdem", hole, board),
        }
        # rounds take turns between the C loops and ours, so a slow phase of a shared
        # machine weighs on both; each line keeps its best time over all rounds
        best: dict[str, float] = {}
        for _ in range(args.rounds):
            lines = subprocess.run([str(binary), str(work), str(args.repeats)], check=True,
                                   capture_output=True, text=True).stdout.split()
            for name, elapsed, differ in zip(lines[::3], lines[1::3], lines[2::3], strict=True):
                if int(differ):
                    sys.exit(f"the C loop {name} gives {differ} strengths that differ from "
                             "evaluate_many")
                label = f"C, {name} loads"
                best[label] = min(best.get(label, float("inf")), float(elapsed))
            for label, fn in ours.items():
                best[label] = min(best.get(label, float("inf")), best_time(fn, args.repeats))
    print(f"machine: {platform.processor() or platform.machine()}, numba {numba.__version__}, "
          f"{version.splitlines()[0]}")
    print(f"command: python benchmarks/native_ceiling.py --hands {args.hands} "
          f"--repeats {args.repeats} --rounds {args.rounds}")
    reference = args.hands / best["C, bytewise loads"]
    title = "Hold'em, random hands, one thread"
    print(f"{title:36s} {'M evals/s':>10s} {'/ C bytewise':>13s}")
    for name, elapsed in best.items():
        rate = args.hands / elapsed
        print(f"{name:36s} {rate / 1e6:10.1f} {rate / reference:13.2f}")
    fastest_c = max(args.hands / elapsed for name, elapsed in best.items() if name.startswith("C"))
    print(f"target for evaluate_many: {TARGET / 1e6:.0f} M/s "
          f"({TARGET / fastest_c:.2f}x the faster C loop of the same design)")


if __name__ == "__main__":
    main()
