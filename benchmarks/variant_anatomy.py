"""Where the variant engines' Monte Carlo time goes (issue 33 item 4), measured before anything
is changed: each engine beside the same spot with one of its steps taken away, in one run.

Run with ``python benchmarks/variant_anatomy.py`` (``--trials``, ``--repeats``).

Each line is a heads-up ``equity.calc`` on both cores, best of ``--repeats``, and the time of a
trial in nanoseconds; the difference between two lines of a block is what the step costs:

- Omaha and Tahoe hi-lo: the same hands for high only, then hi-lo (the low's valuation and
  the split pot);
- El Dorado: every seat ``never`` exchanging (the deal, a wild-free showdown of five of six
  cards), the final wild rank given (the wild valuation, no exchange), ``greedy`` (the
  exchange: each seat values its seven actions);
- Switch: the seven-card form with no switch (``draw7``), with its two switches (``switch7``),
  five-card Switch with the draw skipped (``stand``: two switches of five cards) and with the
  standard draw.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import equity  # noqa: E402
from benchmarks.evaluators import machine_line  # noqa: E402

MILLION = 1_000_000

BLOCKS = (
    ("Omaha hi-lo", [
        ("high only", "omaha", ["Ah2hKsKd", "As3dQcJc"], {}),
        ("hi-lo", "omaha", ["Ah2hKsKd", "As3dQcJc"], {"hi_lo": True}),
    ]),
    ("Tahoe hi-lo", [
        ("high only", "tahoe", ["Ah2hKh", "3c4cQd"], {}),
        ("hi-lo", "tahoe", ["Ah2hKh", "3c4cQd"], {"hi_lo": True}),
    ]),
    ("El Dorado", [
        ("no exchange (never)", "eldorado", ["AhKh", "QsQd"], {"policies": "never"}),
        ("wild rank given (no exchange)", "eldorado", ["AhKh", "QsQd"], {"board": "Kc7c2d", "wild": "K"}),
        ("greedy exchange", "eldorado", ["AhKh", "QsQd"], {"policies": "greedy"}),
    ]),
    ("Switch", [
        ("draw7: seven cards, no switch", "draw7", ["AhAdKsKd7c2c3c", "random"], {}),
        ("switch7: two switches", "switch7", ["AhAdKsKd7c2c3c", "random"], {}),
        ("switch, draw skipped (stand)", "switch", ["AhAdKsKd7c", "random"], {"draw_policy": "stand"}),
        ("switch, standard draw", "switch", ["AhAdKsKd7c", "random"], {}),
    ]),
)


def rate(game: str, hands: list[str], options: dict, trials: int, repeats: int) -> float:
    equity.calc(game, hands, trials=trials // 10, seed=1, progress=False, **options)
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        equity.calc(game, hands, trials=trials, seed=1, progress=False, **options)
        best = min(best, time.perf_counter() - start)
    return trials / best


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=4 * MILLION)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"machine: {machine_line()}")
    print(f"command: python benchmarks/variant_anatomy.py --trials {args.trials} --repeats {args.repeats}")
    for title, lines in BLOCKS:
        print(f"\n{title}")
        before = None
        for label, game, hands, options in lines:
            r = rate(game, hands, options, args.trials, args.repeats)
            ns = 1e9 / r
            step = "" if before is None else f"  (+{ns - before:6.1f} ns a trial)"
            print(f"  {label:<36} {r / MILLION:7.1f} M trials/s  {ns:7.1f} ns a trial{step}")
            before = ns


if __name__ == "__main__":
    main()
