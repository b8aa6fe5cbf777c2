"""One table of today's figures: each figure, its peer measured in the same run, the ratio, the
target and whether it is met (``make bench`` prints it first; ``benchmarks/README.md`` opens
with it).

Run with ``python benchmarks/summary.py`` (``--quick`` for fewer trials).  The detailed
scripts (``evaluators.py``, ``calc.py``, ``deals.py``, ...) print the same figures with more
context; this one collects the headline ones:

- Hold'em ``evaluate_many`` on one thread against OMPEval's evaluator through pokerfast's wheel
  (``pf_evaluate``, batch) on the same 1,000,000 hands, on each vector path the machine runs
  (the default, ``EQUITY_SIMD=avx2`` and the scalar kernel);
- exact enumerations (two threads) against OMPEval's exact mode through pokerfast;
- Monte Carlo spots (one and two threads) against OMPEval's ``EquityCalculator`` through
  pokerfast's ``pf_equity``, AhKh v QsQd first;
- the variant engines' heads-up Monte Carlo and six-player whole deals against their targets
  (no peer plays these games).

A peer not installed shows as "-".  Ratios are ours over the peer's rate (or the peer's time
over ours).  The table is Markdown, to paste as it is.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import numba  # noqa: E402
import numpy as np  # noqa: E402

import equity  # noqa: E402
from benchmarks import calc, deals  # noqa: E402
from benchmarks.evaluators import best_time, deal, machine_line, ompeval_peer  # noqa: E402
from benchmarks.vector_paths import runnable_paths  # noqa: E402

MILLION = 1_000_000


def _row(figure: str, ours: str, peer: str = "-", ratio: str = "-", target: str = "-", met: str = "-") -> str:
    return f"| {figure} | {ours} | {peer} | {ratio} | {target} | {met} |"


#: The vector paths timed for Hold'em ``evaluate_many`` (``EQUITY_SIMD``), each with its target:
#: the default's, and with AVX-512 set aside 1.1x OMPEval built natively (268 M/s, issue 33).
EVALUATION_PATHS = (("1", 350), ("avx2", 300), ("0", None))


def evaluation_rows(hands: int, repeats: int) -> list[str]:
    numba.set_num_threads(1)
    rows = []
    try:
        hole, board = deal("holdem", hands, 2, 5, 20240501)
        peer = ompeval_peer(np.hstack([hole, board]))
        peer_rate = None
        repeats = max(repeats, 5)  # (a few milliseconds each: the first runs are slower)
        if peer is not None:
            peer.run()
            peer_rate = (peer.hands or hands) / best_time(peer.run, repeats)
        targets = dict(EVALUATION_PATHS)
        for setting, path in runnable_paths(targets):
            target = targets[setting]
            equity.evaluate_many("holdem", hole[:16], board[:16])
            rate = hands / best_time(lambda: equity.evaluate_many("holdem", hole, board), repeats)
            rows.append(_row(f"Hold'em `evaluate_many`, 1 thread, checks on, vector path {path}",
                             f"{rate / MILLION:.0f} M evals/s",
                             "-" if peer_rate is None else f"OMPEval via pokerfast {peer_rate / MILLION:.0f}",
                             "-" if peer_rate is None else f"{rate / peer_rate:.2f}x",
                             "-" if target is None else f">= {target} M/s",
                             "-" if target is None else "yes" if rate >= target * MILLION else "no"))
    finally:
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    return rows


def exact_rows() -> list[str]:
    rows = []
    for label, threads, ours, peer in calc.exact_lines():
        if threads != 2:
            continue
        target, met = ("< 2 ms", "yes" if ours < 0.002 else "no") if label == "AhKh v QsQd" else ("-", "-")
        rows.append(_row(f"exact {label}, 2 threads", f"{ours * 1e3:.2f} ms",
                         "-" if peer is None else f"OMPEval via pokerfast {peer * 1e3:.2f} ms",
                         "-" if peer is None else f"{peer / ours:.2f}x", target, met))
    return rows


def spot_rows(trials: int, repeats: int) -> list[str]:
    spots = (("AhKh v QsQd", ("AhKh", "QsQd")), *calc.OPEN_SPOTS)
    rows = []
    for label, threads, rate, peer in calc.open_spot_lines(trials, repeats, spots):
        ratio = None if peer is None else rate / peer
        target, met = "-", "-"
        if label != "AhKh v QsQd" and ratio is not None:
            target, met = ">= 1.5x", "yes" if ratio >= 1.5 else "no"
        plural = "s" if threads > 1 else ""
        rows.append(_row(f"Monte Carlo {label}, {threads} thread{plural}", f"{rate / MILLION:.1f} M trials/s",
                         "-" if peer is None else f"OMPEval via pokerfast {peer / MILLION:.1f}",
                         "-" if ratio is None else f"{ratio:.2f}x", target, met))
    return rows


def variant_rows(trials: int, repeats: int) -> list[str]:
    rows = []
    for case, rate, _ in calc.game_lines(trials, repeats):
        target = "-" if case.target is None else f">= {case.target / MILLION:.0f} M/s"
        met = "-" if case.target is None else "yes" if rate >= case.target else "no"
        rows.append(_row(f"heads-up Monte Carlo, {case.label}", f"{rate / MILLION:.1f} M trials/s",
                         target=target, met=met))
    return rows


def deal_rows(n: int, repeats: int) -> list[str]:
    rows = []
    for label, game, options, target in deals.CASES:
        # the games with a filed figure are fast: four times the deals, for a steadier figure
        count = 4 * n if label in deals.FILED else n
        equity.simulate(game, 6, 2000, seed=1, aggregate=True, progress=False, **options)
        def play(g=game, o=options, k=count):
            return equity.simulate(g, 6, k, seed=1, aggregate=True, progress=False, **o)

        seconds = best_time(play, repeats)
        rate = count / seconds
        if label in deals.FILED:  # issue 33's target: a factor over the figure when it was filed
            filed = deals.FILED[label]
            rows.append(_row(f"six-player deals, {label}", f"{rate / MILLION:.2f} M deals/s",
                             ratio=f"{rate / MILLION / filed:.2f}x filed {filed:.1f}",
                             target=f">= {deals.FILED_FACTOR}x filed",
                             met="yes" if rate / MILLION >= deals.FILED_FACTOR * filed else "no"))
            continue
        rows.append(_row(f"six-player deals, {label}", f"{rate / MILLION:.2f} M deals/s",
                         target="-" if target is None else f">= {target / MILLION:.0f} M/s",
                         met="-" if target is None else "yes" if rate >= target else "no"))
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="fewer hands, trials and deals (a check, not a figure)")
    parser.add_argument("--repeats", type=int, default=2)
    args = parser.parse_args(argv)
    scale = 10 if args.quick else 1
    start = time.perf_counter()
    print(f"machine: {machine_line()}")
    print(f"command: python benchmarks/summary.py{' --quick' if args.quick else ''} --repeats {args.repeats}")
    print()
    print("| figure | ours | peer in the same run | ratio | target | met |")
    print("| --- | --- | --- | --- | --- | --- |")
    for rows in (evaluation_rows(MILLION // scale, args.repeats), exact_rows(),
                 spot_rows(5 * MILLION // scale, args.repeats),
                 variant_rows(4 * MILLION // scale, args.repeats),
                 deal_rows(MILLION // scale, args.repeats)):
        for row in rows:
            print(row, flush=True)
    print(f"\n({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
