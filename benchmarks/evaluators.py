"""Evaluator throughput: ``equity.evaluate_many`` for every game, and Hold'em peers.

Run with ``make bench`` (or ``python benchmarks/evaluators.py --hands 1000000``).

For every game the same random hands are dealt once, with a fixed seed,
outside the timed part; the JIT is warmed with a small call first and each
figure is the best of ``--repeats`` runs on one thread.  On the Hold'em hands
the Python-callable peers (eval7, phevaluator, xiapl, and OMPEval's C++ evaluator
through pokerfast's batch C entry point) are timed too, after a check that their
ranking of the first hands agrees in order with ours.  Last,
a fresh process is timed from start to its first evaluated Hold'em hand, with
the Numba cache already warm.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import numba  # noqa: E402

import equity  # noqa: E402

MILLION = 1_000_000


@dataclass(frozen=True)
class Case:
    """One timed line: a game, its hand shape, the wild option and the target rate."""

    label: str
    game: str
    hole: int
    board: int
    target: float
    random_wild: bool = False


CASES: tuple[Case, ...] = (
    Case("holdem", "holdem", 2, 5, 350 * MILLION),
    Case("omaha", "omaha", 4, 5, 50 * MILLION),
    Case("tahoe", "tahoe", 3, 5, 50 * MILLION),
    Case("spanish", "spanish", 2, 5, 50 * MILLION),
    Case("egyptian", "egyptian", 2, 6, 50 * MILLION),
    Case("eldorado", "eldorado", 2, 4, 50 * MILLION),
    Case("eldorado wild", "eldorado", 2, 4, 30 * MILLION, random_wild=True),
    Case("draw", "draw", 5, 0, 50 * MILLION),
    Case("draw7", "draw7", 7, 0, 50 * MILLION),
)

FIRST_HAND_TARGET = 2.0  # seconds
FIRST_HAND_CODE = (
    "import time; start = time.perf_counter(); import equity; "
    "equity.evaluate('holdem', 'AhKh', '2c3d4h5s9c'); print(time.perf_counter() - start)"
)


# ---- dealing and timing ---------------------------------------------------------------------


def deal(game: str, n: int, hole: int, board: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` random deals of ``hole`` + ``board`` distinct cards from the game's deck."""
    rng = np.random.default_rng(seed)
    deck = np.array(equity.get_game(game).deck, dtype=np.uint8)
    cards = rng.permuted(np.tile(deck, (n, 1)), axis=1)[:, : hole + board]
    return np.ascontiguousarray(cards[:, :hole]), np.ascontiguousarray(cards[:, hole:])


def best_time(fn: Callable[[], object], repeats: int) -> float:
    """The shortest of ``repeats`` wall-clock timings of ``fn()``."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def dense_ranks(values: np.ndarray) -> np.ndarray:
    """Rank of each value among the distinct values (0 = smallest)."""
    return np.unique(values, return_inverse=True)[1].ravel()


def same_order(ours: np.ndarray, theirs_higher_wins: np.ndarray) -> bool:
    """Whether two strength arrays order (and tie) the hands identically."""
    return bool(np.array_equal(dense_ranks(ours), dense_ranks(theirs_higher_wins)))


# ---- peers ---------------------------------------------------------------------------------


@dataclass
class Peer:
    """A Hold'em evaluator callable from Python, prepared on a list of hands."""

    name: str
    api: str
    run: Callable[[], object]
    strengths: Callable[[int], np.ndarray]  # first k hands, higher wins
    hands: int | None = None  # hands one run evaluates (None: the per-hand peers' count)


def ompeval_library() -> ctypes.CDLL | None:
    """OMPEval (C++) as pokerfast ships it, loaded with ctypes (as pokerfast itself loads it),
    its entry points ``pf_evaluate`` and ``pf_equity`` typed and its tables made; None, with a
    line saying why, when pokerfast or its library is not installed."""
    try:
        from pokerfast.equity import find_library
    except ImportError:
        print("pokerfast is not installed: OMPEval skipped")
        return None
    path = find_library()
    if path is None:
        print("pokerfast has no OMPEval library on this platform: skipped")
        return None
    library = ctypes.CDLL(path)
    library.pf_init.restype = ctypes.c_int
    library.pf_evaluate.restype = ctypes.c_int
    library.pf_evaluate.argtypes = [ctypes.c_char_p, ctypes.c_uint, ctypes.c_uint,
                                    ctypes.POINTER(ctypes.c_uint16)]
    library.pf_equity.restype = ctypes.c_int
    library.pf_equity.argtypes = [
        ctypes.POINTER(ctypes.c_char_p), ctypes.c_uint, ctypes.c_char_p, ctypes.c_char_p,
        ctypes.c_int, ctypes.c_double, ctypes.c_uint, ctypes.c_double,
        ctypes.POINTER(ctypes.c_double), ctypes.POINTER(ctypes.c_uint64)]
    if library.pf_init() != 0:
        print("OMPEval failed to set up its tables: skipped")
        return None
    return library


def ompeval_peer(cards: np.ndarray) -> Peer | None:
    """OMPEval on all the Hold'em hands ``cards`` at once, through the batch entry point
    ``pf_evaluate``: an array of card codes in, one 16-bit strength a hand out, the same kind of
    call as ``evaluate_many``.  None when OMPEval is not installed."""
    library = ompeval_library()
    if library is None:
        return None
    # OMPEval's card index is 4 * rank + suit with the suits in the order s, h, c, d
    to_ompeval = np.array([2, 3, 1, 0], dtype=np.uint8)  # ours: c, d, h, s
    codes = np.ascontiguousarray((cards & np.uint8(0xFC)) | to_ompeval[cards & 3])
    n_hands, n_cards = codes.shape
    out = np.empty(n_hands, dtype=np.uint16)

    def run(k: int = n_hands) -> np.ndarray:
        status = library.pf_evaluate(codes.ctypes.data_as(ctypes.c_char_p), k, n_cards,
                                     out.ctypes.data_as(ctypes.POINTER(ctypes.c_uint16)))
        if status != 0:
            raise RuntimeError(f"pf_evaluate returned {status}")
        return out[:k].astype(np.int64)

    return Peer("OMPEval", "pf_evaluate(card array), pokerfast", run, run, hands=n_hands)


def make_peers(cards: np.ndarray) -> list[Peer]:
    """Prepare each installed per-hand peer on the Hold'em hands ``cards`` (rows of 7 codes)."""
    rows = [tuple(int(c) for c in row) for row in cards]
    texts = [equity.format_cards([c]) for c in range(52)]
    peers: list[Peer] = []

    try:
        import eval7
    except ImportError:
        print("eval7 is not installed: skipped")
    else:
        deck7 = [eval7.Card(t) for t in texts]
        hands7 = [[deck7[c] for c in row] for row in rows]
        evaluate7 = eval7.evaluate

        def run_eval7() -> None:
            for hand in hands7:
                evaluate7(hand)

        peers.append(Peer(
            "eval7", "eval7.evaluate(list of Card)", run_eval7,
            lambda k: np.array([evaluate7(h) for h in hands7[:k]], dtype=np.int64),
        ))

    try:
        import phevaluator
    except ImportError:
        print("phevaluator is not installed: skipped")
    else:
        evaluate_ph = phevaluator.evaluate_cards  # same card ids as ours; smaller is stronger

        def run_ph() -> None:
            for row in rows:
                evaluate_ph(*row)

        peers.append(Peer(
            "phevaluator", "evaluate_cards(*card ids)", run_ph,
            lambda k: -np.array([evaluate_ph(*r) for r in rows[:k]], dtype=np.int64),
        ))

    try:
        import xiapl.eval
    except ImportError:
        print("xiapl is not installed: skipped")
    else:
        # xiapl has no array API; its fastest Python entry point is evaluate_mask on a
        # precomputed 52-bit mask (bit 13 * suit + rank, suits c d h s).
        bit = [1 << (13 * (c & 3) + (c >> 2)) for c in range(52)]
        masks = [sum(bit[c] for c in row) for row in rows]
        evaluate_mask = xiapl.eval.evaluate_mask

        def run_xiapl() -> None:
            for mask in masks:
                evaluate_mask(mask)

        def xiapl_key(mask: int) -> int:
            value = evaluate_mask(mask)
            key = int(value.category.value)
            kickers = list(value.kickers)
            for r in kickers + [0] * (5 - len(kickers)):
                key = key << 4 | r
            return key

        peers.append(Peer(
            "xiapl", "xiapl.eval.evaluate_mask(mask)", run_xiapl,
            lambda k: np.array([xiapl_key(m) for m in masks[:k]], dtype=np.int64),
        ))
    return peers


# ---- the report ----------------------------------------------------------------------------


def machine_line() -> str:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    from equity import vector_path

    return (
        f"{model}, {os.cpu_count()} logical CPUs; Python {platform.python_version()}, "
        f"numpy {np.__version__}, numba {numba.__version__}; vector path {vector_path()}"
    )


def status(rate: float, target: float) -> str:
    return "ok" if rate >= target else "BELOW TARGET"


def first_hand_seconds() -> tuple[float, float]:
    """Wall time of a fresh process up to its first Hold'em hand, and the in-process part."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    command = [sys.executable, "-c", FIRST_HAND_CODE]
    subprocess.run(command, check=True, cwd=REPO, env=env, capture_output=True)  # warm the cache
    start = time.perf_counter()
    done = subprocess.run(command, check=True, cwd=REPO, env=env, capture_output=True, text=True)
    return time.perf_counter() - start, float(done.stdout.split()[-1])


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    names = sorted({c.game for c in CASES})
    parser.add_argument("--hands", type=int, default=MILLION, help="hands per game (1,000,000)")
    parser.add_argument("--games", default=",".join(names),
                        help=f"comma-separated games (default: all of {', '.join(names)})")
    parser.add_argument("--peer-hands", type=int, default=100_000,
                        help="Hold'em hands timed for each per-hand peer (100,000)")
    parser.add_argument("--check-hands", type=int, default=10_000,
                        help="Hold'em hands whose order is checked against the peers (10,000)")
    parser.add_argument("--repeats", type=int, default=3, help="timings per line; the best counts")
    parser.add_argument("--threads", type=int, default=1, help="Numba threads (1)")
    parser.add_argument("--seed", type=int, default=20240607)
    parser.add_argument("--unchecked", action="store_true",
                        help="pass check=False to evaluate_many (skip input validation)")
    parser.add_argument("--no-first-hand", action="store_true",
                        help="skip the fresh-process first-hand timing")
    args = parser.parse_args(argv)
    args.games = [g.strip().lower() for g in args.games.split(",") if g.strip()]
    unknown = sorted(set(args.games) - set(names))
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}: choose from {', '.join(names)}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    numba.set_num_threads(args.threads)
    options = {"check": False} if args.unchecked else {}
    failures = 0

    print(f"machine: {machine_line()}")
    print(f"command: {' '.join([Path(sys.executable).name, *sys.argv])}")
    print(f"{args.hands:,} random hands per game, seed {args.seed}, "
          f"{args.threads} Numba thread(s), best of {args.repeats}"
          f"{', input checks off' if args.unchecked else ''}")
    print()
    print(f"{'game':<14} {'cards':>5} {'hands':>11} {'M evals/s':>10}  {'target':>9}  status")

    holdem_cards = None
    holdem_ours = None
    for case in CASES:
        if case.game not in args.games:
            continue
        hole, board = deal(case.game, args.hands, case.hole, case.board, args.seed)
        wild = None
        if case.random_wild:
            wild = np.random.default_rng(args.seed + 1).integers(0, 13, args.hands).astype(np.int64)
        warm_wild = None if wild is None else wild[:16]
        try:
            equity.evaluate_many(case.game, hole[:16], board[:16], wild=warm_wild, **options)
            ours = equity.evaluate_many(case.game, hole, board, wild=wild, **options)
            seconds = best_time(
                lambda: equity.evaluate_many(case.game, hole, board, wild=wild, **options),  # noqa: B023
                args.repeats,
            )
        except Exception as error:  # report and go on with the other games
            print(f"{case.label:<14} error: {type(error).__name__}: {error}")
            failures += 1
            continue
        rate = args.hands / seconds
        cards = f"{case.hole}+{case.board}" if case.board else f"{case.hole}"
        print(f"{case.label:<14} {cards:>5} {args.hands:>11,} {rate / MILLION:>10.1f}  "
              f">= {case.target / MILLION:>6.0f}  {status(rate, case.target)}")
        if case.game == "holdem":
            holdem_cards = np.hstack([hole, board])
            holdem_ours = ours
            holdem_rate = rate

    if holdem_cards is not None:
        print()
        n_peer = min(args.peer_hands, args.hands)
        n_check = min(args.check_hands, args.hands)
        peers = make_peers(holdem_cards[:n_peer])
        batch_peer = ompeval_peer(holdem_cards)
        if batch_peer is not None:
            peers.append(batch_peer)
        for peer in peers:
            agree = same_order(holdem_ours[:n_check], peer.strengths(n_check))
            print(f"order check against {peer.name} on {n_check:,} Hold'em hands: "
                  f"{'agrees' if agree else 'DISAGREES'}")
            if not agree:
                failures += 1
        print()
        header = "Hold'em peer"
        print(f"{header:<12} {'API':<36} {'hands':>9} {'M evals/s':>10} {'ours / peer':>12}")
        for peer in peers:
            peer.run()  # warm-up
            n_run = peer.hands or n_peer
            rate = n_run / best_time(peer.run, args.repeats)
            print(f"{peer.name:<12} {peer.api:<36} {n_run:>9,} {rate / MILLION:>10.2f} "
                  f"{holdem_rate / rate:>11.1f}x")

    if not args.no_first_hand:
        print()
        total, inside = first_hand_seconds()
        print(f"fresh process to its first Hold'em hand (warm Numba cache): {total:.2f} s "
              f"({inside:.2f} s import + evaluate)  target < {FIRST_HAND_TARGET:.0f} s  "
              f"{'ok' if total < FIRST_HAND_TARGET else 'ABOVE TARGET'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
