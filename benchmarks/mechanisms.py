"""The home-game mechanisms of the game descriptions beside the built-in games they extend, in one run.

Run with ``python benchmarks/mechanisms.py`` (``--help`` for options).

Each line times a game with one mechanism and, in the same run, the game without it, and
prints the ratio: the switches of ``switch_holdem`` beside ``holdem``; Crazy Pineapple's
discard (the ``best`` policy) beside Hold'em dealt three cards and keeping them all;
double-board Omaha hi-lo beside Omaha hi-lo; seven-card stud beside ``draw7`` (the same seven
cards, no up-cards); Follow the Queen beside seven-card stud; low evaluation of seven-card
hands for ace-to-six and deuce-to-seven beside ace-to-five (razz).  Whole deals are
``equity.simulate(game, 6, deals, aggregate=True)``; each figure is the best of ``--repeats``
runs after a warm-up call, the pair taking turns.
"""

from __future__ import annotations

import argparse
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

MILLION = 1_000_000
EXAMPLES = REPO / "examples" / "games"
STREETS = [("flop", 3), ("turn", 1), ("river", 1)]


def _file(name: str) -> equity.Game:
    return equity.load_game(EXAMPLES / f"{name}.toml")


def _low_game(name: str, kind: str) -> equity.Game:
    return equity.define_game(name, hole_cards=7, phases=[], low={"kind": kind, "qualifier": "none"},
                              pot_modes=["low"])


def best_pair(first, second, repeats: int) -> tuple[float, float]:
    """Best times of two calls, taking turns."""
    first(), second()
    times = [float("inf"), float("inf")]
    for _ in range(repeats):
        for k, call in enumerate((first, second)):
            start = time.perf_counter()
            call()
            times[k] = min(times[k], time.perf_counter() - start)
    return times[0], times[1]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=MILLION, help="whole deals a run (1,000,000)")
    parser.add_argument("--hands", type=int, default=MILLION, help="hands a low evaluation (1,000,000)")
    parser.add_argument("--repeats", type=int, default=2)
    args = parser.parse_args(argv)
    print(f"machine: {platform.processor() or platform.machine()}, numpy {np.__version__}, "
          f"numba {numba.__version__}, {numba.config.NUMBA_NUM_THREADS} threads; vector path "
          f"{equity.vector_path()}")
    print(f"command: python benchmarks/mechanisms.py --deals {args.deals} --hands {args.hands}")
    three_kept = equity.define_game("holdem_three_kept", hole_cards=3, streets=STREETS,
                                    hole_cards_used="at most 2")

    def deals(game, **options):
        return lambda: equity.simulate(game, 6, args.deals, seed=7, aggregate=True, progress=False, **options)

    pairs = [
        ("switch_holdem (2 switches)", deals("switch_holdem"), "holdem", deals("holdem")),
        ("crazy pineapple (discard)", deals(_file("crazy_pineapple")), "three kept", deals(three_kept)),
        ("double-board omaha hi-lo", deals(_file("double_board_omaha")), "omaha hi-lo",
         deals("omaha", pot="hi_lo")),
        ("seven-card stud", deals(_file("seven_card_stud")), "draw7", deals("draw7")),
        ("follow the queen", deals(_file("follow_the_queen")), "seven-card stud",
         deals(_file("seven_card_stud"))),
    ]
    print(f"\n{'six-player whole deals':<30} {'M deals/s':>10}   {'beside':<14} {'M deals/s':>10}  ratio")
    for label, run, base_label, base in pairs:
        ours, theirs = best_pair(run, base, args.repeats)
        print(f"{label:<30} {args.deals / ours / MILLION:>10.2f}   {base_label:<14} "
              f"{args.deals / theirs / MILLION:>10.2f}  {theirs / ours:5.2f}x")

    rng = np.random.default_rng(3)
    hands = np.ascontiguousarray(rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (args.hands, 1)),
                                              axis=1)[:, :7])
    razz = _low_game("razz_lows", "ace_to_five")
    print(f"\n{'low of seven cards':<30} {'M hands/s':>10}   {'beside':<14} {'M hands/s':>10}  ratio")
    for kind in ("ace_to_six", "deuce_to_seven"):
        game = _low_game(f"{kind}_lows", kind)
        ours, theirs = best_pair(lambda game=game: equity.evaluate_low_many(game, hands, None),
                                 lambda: equity.evaluate_low_many(razz, hands, None), args.repeats)
        print(f"{kind:<30} {args.hands / ours / MILLION:>10.2f}   {'ace_to_five':<14} "
              f"{args.hands / theirs / MILLION:>10.2f}  {theirs / ours:5.2f}x")


if __name__ == "__main__":
    main()
