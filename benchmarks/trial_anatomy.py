"""Where a Monte Carlo trial's time goes: the open-seat loop of ``equity.calc`` taken apart.

A trial of a spot whose seats are fixed or random hands (the open-seat loops
``_open_duel_loop`` and ``_open_many_loop`` in ``equity._kernels.calc``) does five things:
deal (shuffle the missing cards to the front of the stub), sum each seat's card words (its
rank key), look each seat's class up by its ranks, look at a flush where a suit is flagged,
and share the pot.  This script times the loop with the steps added one at a time, each stage
a loop of its own built from the toolkit's kernels (compiled here, not cached; the seats'
cards read back from the stub, and the pot shared as the multiway loop shares it), and prints
the nanoseconds a trial and what each step adds.

Then the deal alone, three ways, in nanoseconds a card: the toolkit's partial Fisher-Yates
shuffle (:func:`~equity._kernels.rng.shuffle_prefix_local`), the random numbers it draws without
moving any card (xoshiro256**, one 64-bit output for two cards, each bounded by Lemire's
method), and dealing by rejection against a mask of the cards used, six random bits a try, as
OMPEval's calculator deals (a different stream, so the toolkit's results would change).

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
from equity._kernels.rng import LOW32, _below_local, shuffle_prefix_local, xoshiro_next  # noqa: E402
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


@njit(cache=False)
def _fisher_yates(cards, take, deals, s0, s1, s2, s3):
    """``deals`` partial shuffles of ``take`` cards, as the calculator deals; a checksum."""
    check = 0
    for _ in range(deals):
        s0, s1, s2, s3 = shuffle_prefix_local(cards, cards.shape[0], take, s0, s1, s2, s3)
        check += cards[0]
    return check


@njit(cache=False)
def _numbers_only(cards, take, deals, s0, s1, s2, s3):
    """The random positions of :func:`_fisher_yates`, drawn and bounded, no card moved."""
    check = 0
    count = cards.shape[0]
    for _ in range(deals):
        k = 0
        while k < take:
            bits, s0, s1, s2, s3 = xoshiro_next(s0, s1, s2, s3)
            offset, s0, s1, s2, s3 = _below_local(bits >> np.uint64(32), np.uint64(count - k), s0, s1,
                                                  s2, s3)
            check += offset
            k += 1
            if k < take:
                offset, s0, s1, s2, s3 = _below_local(bits & LOW32, np.uint64(count - k), s0, s1, s2,
                                                      s3)
                check += offset
                k += 1
    return check


@njit(cache=False)
def _rejection(cards, take, deals, s0, s1, s2, s3):
    """``take`` cards a deal drawn by rejection: six random bits a try, a try kept when it names a
    card of the stub not yet used this deal."""
    check = 0
    count = cards.shape[0]
    for _ in range(deals):
        used = np.uint64(0)
        k = 0
        bits = np.uint64(0)
        left = 0
        while k < take:
            if left == 0:
                bits, s0, s1, s2, s3 = xoshiro_next(s0, s1, s2, s3)
                left = 10
            position = np.int64(bits & np.uint64(63))
            bits >>= np.uint64(6)
            left -= 1
            if position < count:
                bit = np.uint64(1) << np.uint64(position)
                if not (used & bit):
                    used |= bit
                    check += cards[position]
                    k += 1
    return check


DEALERS = (("partial Fisher-Yates (the toolkit's)", _fisher_yates),
           ("its random numbers alone", _numbers_only),
           ("rejection against a used-card mask", _rejection))


def dealer_rows(deals: int, repeats: int) -> list[str]:
    """Nanoseconds a card for each way of dealing 15 and 17 cards of a 50-card stub."""
    rows = []
    stub = np.arange(50, dtype=np.uint8)
    seed = (np.uint64(1), np.uint64(2), np.uint64(3), np.uint64(4))
    for label, dealer in DEALERS:
        dealer(stub.copy(), 15, 100, *seed)  # compile
        cells = []
        for take in (15, 17):
            best = float("inf")
            for _ in range(repeats):
                cards = stub.copy()
                t0 = time.perf_counter()
                dealer(cards, take, deals, *seed)
                best = min(best, time.perf_counter() - t0)
            cells.append(f"{take} cards {best / deals / take * 1e9:4.2f}")
        rows.append(f"  {label:<38} " + "  ".join(cells))
    return rows


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
    print("the deal alone, nanoseconds a card, one thread")
    for row in dealer_rows(max(args.trials // 2, 1000), args.repeats):
        print(row)


if __name__ == "__main__":
    main()
