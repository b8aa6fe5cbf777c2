"""Where a Monte Carlo trial's time goes: the open-seat loop of ``equity.calc`` taken apart.

A trial of a spot whose seats are fixed or random hands (the open-seat loops
``_open_duel_loop`` and ``_open_many_loop`` in ``equity._kernels.calc``) does five things:
deal (shuffle the missing cards to the front of the stub), sum each seat's card words (its
rank key), look each seat's class up by its ranks, look at a flush where a suit is flagged,
and share the pot.  This script times the loop with the steps added one at a time, each stage
a loop of its own built from the toolkit's kernels (compiled here, not cached; the seats'
cards read back from the stub, and the pot shared as the multiway loop shares it), and prints
the nanoseconds a trial and what each step adds.

Run with ``python benchmarks/trial_anatomy.py`` (one thread; ``--trials``, ``--repeats``).
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
from numba import njit  # noqa: E402

from benchmarks.evaluators import machine_line  # noqa: E402
from equity._kernels.evaluate import _with_flush, card_sums, rank_class  # noqa: E402
from equity._kernels.rng import shuffle_prefix_local  # noqa: E402
from equity.cards import card_codes  # noqa: E402
from equity.evaluator import flush_bias  # noqa: E402
from equity.games import get_game  # noqa: E402
from equity.tables import tables_for  # noqa: E402

#: The spots timed: a label, the fixed hands (None for a random one).
SPOTS = (
    ("AhKh v one random hand", ["AhKh", None]),
    ("six known hands", ["AhKh", "QsQd", "JcTc", "9d9h", "7s6s", "5c5d"]),
    ("AhKh v five random hands", ["AhKh"] + [None] * 5),
)
STAGES = ("deal", "+ rank keys", "+ class lookups", "+ flushes", "+ sharing the pot")


@njit(cache=False)
def _stage_loop(stage, stub, take, trials, s0, s1, s2, s3, start, fixed_total, fixed_masks,
                words, suit_bits, disp, params, offsets, classes_table, flush_classes, bias):
    """The open-seat loop up to ``stage`` (0 deal .. 4 the pot); returns a checksum."""
    n = stub.shape[0]
    n_players = start.shape[0]
    seat_total = fixed_total.copy()
    classes = np.empty(n_players, dtype=np.int64)
    flagged = np.empty(n_players, dtype=np.uint64)
    won = np.zeros(n_players, dtype=np.int64)
    dealt = 0
    for p in range(n_players):
        if start[p] >= 0:
            dealt += 2
    check = np.uint64(0)
    for _ in range(trials):
        s0, s1, s2, s3 = shuffle_prefix_local(stub, n, take, s0, s1, s2, s3)
        if stage == 0:
            check += np.uint64(stub[0])
            continue
        board_total = np.uint64(0)
        for t in range(dealt, take):
            board_total += words[stub[t]]
        for p in range(n_players):
            if start[p] >= 0:
                total = np.uint64(0)
                for t in range(start[p], start[p] + 2):
                    total += words[stub[t]]
                seat_total[p] = total
        if stage == 1:
            check += board_total + seat_total[n_players - 1]
            continue
        any_flag = np.uint64(0)
        for p in range(n_players):
            classes[p], flagged[p] = rank_class(board_total + seat_total[p], disp, params,
                                                classes_table, bias, True, offsets)
            any_flag |= flagged[p]
        if stage == 2:
            check += np.uint64(classes[0]) + any_flag
            continue
        if any_flag:
            board_masks = np.uint64(0)
            for t in range(dealt, take):
                board_masks |= suit_bits[stub[t]]
            for p in range(n_players):
                if flagged[p]:
                    masks = fixed_masks[p]
                    if start[p] >= 0:
                        masks = np.uint64(0)
                        for t in range(start[p], start[p] + 2):
                            masks |= suit_bits[stub[t]]
                    classes[p] = _with_flush(classes[p], flagged[p], board_masks | masks, flush_classes)
        if stage == 3:
            check += np.uint64(classes[0])
            continue
        best = classes[0]  # as the multiway loop shares it: no branch on who wins
        for p in range(1, n_players):
            best = max(best, classes[p])
        ties = 0
        winner = 0
        for p in range(n_players):
            top = np.int64(classes[p] == best)
            ties += top
            winner = p if top else winner
        if ties == 1:
            won[winner] += 1
    return check + np.uint64(won[0])


def spot_arrays(hands):
    t = tables_for(get_game("holdem"))
    known = [c for h in hands if h for c in card_codes(h).tolist()]
    stub = np.array([c for c in range(52) if c not in known], dtype=np.uint8)
    start = np.full(len(hands), -1, dtype=np.int64)
    fixed_total = np.zeros(len(hands), dtype=np.uint64)
    fixed_masks = np.zeros(len(hands), dtype=np.uint64)
    dealt = 0
    for p, h in enumerate(hands):
        if h is None:
            start[p] = dealt
            dealt += 2
        else:
            fixed_total[p], fixed_masks[p] = card_sums(card_codes(h), 0, 2, t.seven_words, t.suit_bits)
    bias = np.uint64(flush_bias(5, t.rank_classes.shape[0] - 1)[0])
    return (stub, dealt + 5, start, fixed_total, fixed_masks, t.seven_words, t.suit_bits, t.disp,
            t.hash_params, t.seven_offsets, t.seven_classes, t.flush_classes[0], bias)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=5_000_000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    print(machine_line())
    print("nanoseconds a trial, one thread (what each step adds in brackets)")
    for label, hands in SPOTS:
        arrays = spot_arrays(hands)
        stub, take, rest = arrays[0], arrays[1], arrays[2:]
        times = []
        for stage in range(len(STAGES)):
            seed = (np.uint64(1), np.uint64(2), np.uint64(3), np.uint64(4))
            _stage_loop(stage, stub.copy(), take, 1000, *seed, *rest)  # compile
            best = float("inf")
            for _ in range(args.repeats):
                cards = stub.copy()
                t0 = time.perf_counter()
                _stage_loop(stage, cards, take, args.trials, *seed, *rest)
                best = min(best, time.perf_counter() - t0)
            times.append(best / args.trials * 1e9)
        steps = "  ".join(f"{name} {ns:5.1f} (+{ns - (times[k - 1] if k else 0):4.1f})"
                          for k, (name, ns) in enumerate(zip(STAGES, times, strict=True)))
        print(f"  {label:<26} {steps}")


if __name__ == "__main__":
    main()
