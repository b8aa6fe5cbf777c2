"""The home-game mechanisms of the game descriptions beside the built-in games they extend, in one run.

Run with ``python benchmarks/mechanisms.py`` (``--help`` for options).

Each line times a game with one mechanism and, in the same run, the game without it, and
prints the ratio: the switches of ``switch_holdem`` beside ``holdem``; Crazy Pineapple's
discard (the ``best`` policy) beside Hold'em dealt three cards and keeping them all;
double-board Omaha hi-lo beside Omaha hi-lo; seven-card stud beside ``draw7`` (the same seven
cards, no up-cards); Follow the Queen beside seven-card stud; low evaluation of seven-card
hands for ace-to-six and deuce-to-seven beside ace-to-five (razz); the wild cards listed by
card (a joker as the bug, two full jokers, deuces and jacks, the one-eyed jacks and the
suicide king, natural beats wild) beside one wild rank and beside no wild card, in
evaluation and in whole deals.  Whole deals are
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
from benchmarks.evaluators import deal  # noqa: E402

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

    wild_cards(args, deals)
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


def _wild_games() -> tuple[dict, dict]:
    """The wild-card kinds by shape (five-card draw, Hold'em), and each shape's game with one
    wild rank and with none."""
    draw = dict(hole_cards=5, phases=["draw"])
    holdem = dict(hole_cards=2, streets=STREETS)
    define = equity.define_game
    kinds = {
        "draw": [("joker draw (the bug)", _file("joker_draw")),
                 ("two full jokers", define("two_jokers_draw", jokers=2, **draw)),
                 ("deuces and jacks wild", define("deuces_jacks_draw", wild=["2", "J"], **draw)),
                 ("natural beats wild", define("natural_draw", wild="2", natural_beats_wild=True, **draw))],
        "holdem": [("two full jokers", define("two_jokers_holdem", jokers=2, **holdem)),
                   ("one-eyed jacks, suicide king", define("one_eyed_holdem", wild=["Js", "Jh", "Kh"],
                                                           **holdem))],
    }
    bases = {"draw": (_file("deuces_wild_draw"), equity.get_game("draw")),
             "holdem": (define("deuces_wild_holdem", wild="2", **holdem), equity.get_game("holdem"))}
    return kinds, bases


def _rates(count: int, *seconds: float) -> str:
    ours = seconds[0]
    return (f"{count / ours / MILLION:>10.1f}   "
            + " ".join(f"{count / t / MILLION:>11.1f}" for t in seconds[1:]) + "  "
            + " ".join(f"{t / ours:4.2f}x" for t in seconds[1:]))


def wild_cards(args, deals) -> None:
    """Each kind of wild card listed by card beside one wild rank and beside none."""
    kinds, bases = _wild_games()
    head = f"{'M/s':>10}   {'deuces wild':>11} {'no wild':>11}  ratios"
    print(f"\n{'wild cards: evaluation':<30} {head}")
    for shape, games in kinds.items():
        one_rank, plain = bases[shape]
        n_hole = 5 if shape == "draw" else 2

        n_board = 0 if shape == "draw" else 5

        def run(g, n_hole=n_hole, n_board=n_board):
            hole, board = deal(g, args.hands, n_hole, n_board, 5)
            return lambda: equity.evaluate_many(g, hole, board if n_board else None)

        for label, game in games:
            ours, rank_time = best_pair(run(game), run(one_rank), args.repeats)
            _, plain_time = best_pair(run(game), run(plain), 1)
            print(f"{label + ' (' + shape + ')':<30} {_rates(args.hands, ours, rank_time, plain_time)}")
    print(f"\n{'wild cards: six-player deals':<30} {head}")
    runs = (("joker draw (the bug)", _file("joker_draw"), bases["draw"]),
            ("two full jokers (holdem)", kinds["holdem"][0][1], bases["holdem"]))
    for label, game, (one_rank, plain) in runs:
        ours, rank_time = best_pair(deals(game), deals(one_rank), args.repeats)
        _, plain_time = best_pair(deals(game), deals(plain), 1)
        print(f"{label:<30} {_rates(args.deals, ours, rank_time, plain_time)}")


if __name__ == "__main__":
    main()
