"""Custom games against the built-in games: ``equity.evaluate_many`` throughput in one run.

Run with ``python benchmarks/custom_games.py`` (``--help`` for options).

Each worked custom game of ``docs/custom_games.md`` (read from its file in
``examples/games``) is timed beside the built-in game of the same hand shape, on
the same number of random hands dealt once with a fixed seed outside the timed
part: short-deck Hold'em beside Hold'em (2+5), Pineapple with at most one hole
card beside Tahoe (3+5), deuces-wild draw beside draw (5 cards, no wild) and
beside El Dorado with a random wild rank per hand (the built-in wild-card path).
The JIT is warmed first and each figure is the best of ``--repeats`` runs on one
Numba thread, a custom game and its built-in games taking turns.  Before timing,
the first ``--check-hands`` hands of each custom game are checked to order
exactly as the brute-force oracle (``tests/reference_custom.py``) orders them.  Last, a fresh process is timed
from start to its first hand of a custom game read from its file, with the
tables and the Numba cache already on disk.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
for _path in (REPO, REPO / "tests"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

import numba  # noqa: E402
import reference_custom as RC  # noqa: E402

import equity  # noqa: E402

MILLION = 1_000_000
EXAMPLES = REPO / "examples" / "games"


@dataclass(frozen=True)
class Pair:
    """One custom game, its oracle rules, and the built-in games it is timed beside."""

    label: str
    file: str
    rules: RC.Rules
    builtins: tuple[str, ...]


PAIRS = (
    Pair("short-deck Hold'em", "short_deck_holdem.toml",
         RC.Rules(ranks=tuple(range(4, 13)), ranking=(
             "straight_flush", "four_of_a_kind", "flush", "full_house", "straight",
             "three_of_a_kind", "two_pair", "one_pair", "high_card")), ("holdem",)),
    Pair("Pineapple, at most one", "pineapple_one.toml", RC.Rules(hole_max=1), ("tahoe",)),
    Pair("deuces-wild draw", "deuces_wild_draw.toml",
         RC.Rules(wild=0, ranking=("five_of_a_kind", *RC.STANDARD)), ("draw", "eldorado wild")),
)

FIRST_HAND_CODE = (
    "import time; start = time.perf_counter(); import equity; "
    "equity.evaluate({path!r}, 'AhKhQhJh2s'); print(time.perf_counter() - start)"
)


def deal(game: equity.Game, n: int, n_board: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` random deals of the game's hole cards and ``n_board`` board cards."""
    rng = np.random.default_rng(seed)
    deck = np.array(game.deck, dtype=np.uint8)
    cards = rng.permuted(np.tile(deck, (n, 1)), axis=1)[:, : game.hole_cards + n_board]
    return np.ascontiguousarray(cards[:, : game.hole_cards]), np.ascontiguousarray(cards[:, game.hole_cards:])


def best_times(fns: list[Callable[[], object]], repeats: int) -> list[float]:
    """The shortest of ``repeats`` timings of each function, the functions taking turns
    (so that a busy spell of the machine slows all of them alike)."""
    best = [float("inf")] * len(fns)
    for _ in range(repeats):
        for k, fn in enumerate(fns):
            start = time.perf_counter()
            fn()
            best[k] = min(best[k], time.perf_counter() - start)
    return best


def timed(game, hole: np.ndarray, board: np.ndarray, options: dict, wild=None) -> Callable[[], object]:
    """``evaluate_many`` on these hands, as a function to time, after a warm-up call."""
    equity.evaluate_many(game, hole[:16], board[:16], wild=None if wild is None else wild[:16], **options)
    return lambda: equity.evaluate_many(game, hole, board, wild=wild, **options)


def agrees_with_oracle(game: equity.Game, rules: RC.Rules, hole: np.ndarray, board: np.ndarray) -> bool:
    """Whether the evaluator orders (and ties) these hands exactly as the oracle does."""
    fast = equity.evaluate_many(game, hole, board)
    keys = [RC.best_high(rules, h, b) for h, b in zip(hole.tolist(), board.tolist(), strict=True)]
    distinct = sorted(set(keys))
    oracle = np.array([distinct.index(k) for k in keys])
    return bool(np.array_equal(np.unique(fast, return_inverse=True)[1].ravel(), oracle))


def first_hand_seconds(path: Path) -> float:
    """Wall time of a fresh process to its first hand of the game in ``path`` (warm caches)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    command = [sys.executable, "-c", FIRST_HAND_CODE.format(path=str(path))]
    subprocess.run(command, check=True, cwd=REPO, env=env, capture_output=True)  # warm the caches
    start = time.perf_counter()
    subprocess.run(command, check=True, cwd=REPO, env=env, capture_output=True)
    return time.perf_counter() - start


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=MILLION, help="hands per game (1,000,000)")
    parser.add_argument("--repeats", type=int, default=3, help="timings per line; the best counts")
    parser.add_argument("--check-hands", type=int, default=1000,
                        help="hands of each custom game checked against the oracle (1,000)")
    parser.add_argument("--seed", type=int, default=20240607)
    parser.add_argument("--unchecked", action="store_true",
                        help="pass check=False to evaluate_many (skip input validation)")
    parser.add_argument("--no-first-hand", action="store_true",
                        help="skip the fresh-process first-hand timing")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    numba.set_num_threads(1)
    options = {"check": False} if args.unchecked else {}
    failures = 0
    print(f"command: {' '.join([Path(sys.executable).name, *sys.argv])}")
    print(f"{args.hands:,} random hands per game, seed {args.seed}, one Numba thread, best of "
          f"{args.repeats}{', input checks off' if args.unchecked else ''}")
    print()
    print(f"{'custom game':<24} {'cards':>5} {'M evals/s':>10}   {'built-in':<18} {'M evals/s':>10} "
          f"{'custom / built-in':>14}")
    for pair in PAIRS:
        game = equity.load_game(EXAMPLES / pair.file)
        hole, board = deal(game, args.hands, game.board_cards, args.seed)
        n_check = min(args.check_hands, args.hands)
        if not agrees_with_oracle(game, pair.rules, hole[:n_check], board[:n_check]):
            print(f"{pair.label}: DISAGREES with the oracle on the first {n_check:,} hands")
            failures += 1
            continue
        runs = [timed(game, hole, board, options)]
        for name in pair.builtins:
            builtin = equity.get_game(name.split()[0])
            b_hole, b_board = deal(builtin, args.hands, builtin.board_cards, args.seed)
            wild = np.random.default_rng(args.seed + 1).integers(0, 13, args.hands) \
                if name.endswith("wild") else None
            runs.append(timed(builtin, b_hole, b_board, options, wild))
        rates = [args.hands / t for t in best_times(runs, args.repeats)]
        cards = f"{game.hole_cards}+{game.board_cards}" if game.board_cards else f"{game.hole_cards}"
        for k, name in enumerate(pair.builtins):
            builtin = equity.get_game(name.split()[0])
            left = f"{pair.label:<24} {cards:>5} {rates[0] / MILLION:>10.1f}" if k == 0 else " " * 41
            b_cards = f"{builtin.hole_cards}+{builtin.board_cards}" if builtin.board_cards else \
                f"{builtin.hole_cards}"
            print(f"{left}   {name + ' ' + b_cards:<18} {rates[k + 1] / MILLION:>10.1f} "
                  f"{rates[0] / rates[k + 1]:>13.2f}x")
    print(f"\nevery custom game ordered its first {args.check_hands:,} hands as the oracle does"
          if not failures else "")
    if not args.no_first_hand:
        path = EXAMPLES / "deuces_wild_draw.toml"
        print(f"fresh process to its first hand of {path.name} (tables and Numba cache on disk): "
              f"{first_hand_seconds(path):.2f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
