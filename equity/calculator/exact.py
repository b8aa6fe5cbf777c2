"""Exact enumeration: every tuple of the seats' hands that fits together (tuples a relabelling of
the suits makes alike merged, with their weights added), each completed by every board.

:func:`exact_cost` prices an enumeration before the calculator chooses it, and
:func:`enumerate_outcomes` runs it: counted by multisets of ranks where each hand is all of its
seat's cards and the board in a high pot with no wild card (:mod:`equity._kernels.exact`), on
the fused kernels' walk of every board for the other hand rules and pots that they take, or
on the general path of the evaluator.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np

from equity._kernels.calc import FIXED, MAX_MISSING, RANDOM, board_completions, enumerate_plain
from equity._kernels.exact import enumerate_ranks
from equity.calculator.execution import bar_off, threads_for
from equity.calculator.question import Question, Seat
from equity.calculator.showdown import fixed_wild_rows, pot_shares, seat_strengths, table_args
from equity.cards import JOKERS, N_CODES
from equity.errors import InvalidInputError
from equity.evaluator import hand_is_all_cards
from equity.results import SeatSums

__all__ = ["EXACT_BUDGET", "GENERAL_EXACT_BUDGET", "MAX_TUPLES", "Plan", "make_plan", "exact_cost",
           "boards_per_tuple", "enumerate_outcomes"]

#: Hand evaluations an exact enumeration may take when ``exact=None``: about a second
#: on the fused kernels (2 cores), and a tenth of that on the general path.
EXACT_BUDGET = 150_000_000
GENERAL_EXACT_BUDGET = 15_000_000
#: Most tuples of hole cards an enumeration lists.
MAX_TUPLES = 2_000_000
#: By the number of missing board cards, how many times less work counting the boards by
#: ranks takes than walking them (:func:`by_ranks`), as measured on two cores (2026-12-05):
#: Hold'em preflop 9-10x on ranges and random hands, Egyptian Hold'em 97x preflop and 11x on
#: the flop, 2x with two cards to come, 1x with one.  An enumeration's cost in hand evaluations
#: is divided by it, so the calculator enumerates where that takes about a second.
RANK_SAVING = (1, 1, 2, 10, 10, 10, 50)
#: Boards a tuple of hole cards must complete before an enumeration merges the tuples that a
#: relabelling of the suits makes alike (see ``_merge_suit_relabellings``).
MERGE_BOARDS = 256
#: Most tuples of hole cards listed (and merged) to cost an enumeration before choosing it;
#: above this the cost is the unmerged bound.
PLAN_TUPLES = 20_000


def _seat_options(q: Question, seat: Seat, stub: np.ndarray):
    if seat.kind != RANDOM:
        return seat.combos, seat.weights
    combos = np.array(list(itertools.combinations(sorted(stub.tolist(), reverse=True), q.n_hole)),
                      dtype=np.uint8).reshape(-1, q.n_hole)
    return combos, np.ones(len(combos))


def _tuple_count_bound(q: Question) -> int:
    stub = len(q.stub)
    bound = 1
    for seat in q.seats:
        bound *= math.comb(stub, q.n_hole) if seat.kind == RANDOM else len(seat.combos)
    return bound


def _tuples(q: Question) -> tuple[np.ndarray, np.ndarray]:
    """Every tuple of the seats' hole cards that fits together, with its weight."""
    stub = q.stub
    holes = np.zeros((1, 0), dtype=np.uint8)
    weights = np.ones(1)
    masks = np.zeros(1, dtype=np.uint64)
    bit = np.left_shift(np.uint64(1), np.arange(N_CODES, dtype=np.uint64))
    for seat in q.seats:
        combos, combo_weights = _seat_options(q, seat, stub)
        combo_masks = np.bitwise_or.reduce(bit[combos], axis=1)
        fits = (masks[:, None] & combo_masks[None, :]) == 0
        i, j = np.nonzero(fits & (combo_weights[None, :] > 0))
        holes = np.concatenate([holes[i], combos[j]], axis=1)
        weights = weights[i] * combo_weights[j]
        masks = masks[i] | combo_masks[j]
    return np.ascontiguousarray(holes), weights


#: Every relabelling of the suits as a table from card code to card code (the jokers, 52 and
#: 53, stay themselves), the identity first.
_SUIT_RELABELLINGS = np.array(
    [np.concatenate([(np.arange(52) & ~3) | np.array(order)[np.arange(52) & 3], JOKERS])
     for order in itertools.permutations(range(4))], dtype=np.uint8)


def _suit_symmetries(q: Question) -> np.ndarray:
    """The relabellings of the suits that leave the deck, the known board, the dead cards and
    the cards the rules name one by one (wild cards such as the one-eyed jacks, kill cards) as
    they are (each as a set), as rows of tables from card code to card code; the identity
    first."""
    keeps = np.ones(len(_SUIT_RELABELLINGS), dtype=bool)
    named = np.array(q.game.wild_cards + q.game.kill_cards, dtype=np.uint8)
    for cards in (np.array(q.game.deck, dtype=np.uint8), q.board, q.dead, named):
        inside = np.zeros(N_CODES, dtype=bool)
        inside[cards] = True
        keeps &= inside[_SUIT_RELABELLINGS[:, cards]].all(axis=1)  # a set onto itself
    return _SUIT_RELABELLINGS[keeps]


def _merge_suit_relabellings(q: Question, holes: np.ndarray, weights: np.ndarray):
    """Merge the tuples of hole cards that a relabelling of the suits turns into one another.

    Every rule here treats the suits alike, so when a relabelling leaves the deck, the board and
    the dead cards as they are, it maps the boards that complete one tuple one to one onto the
    boards that complete the other, with the same hands winning: the two tuples have the same
    results, and one of them enumerated with the sum of their weights gives the same totals.
    Each tuple's canonical form is the least (seat by seat, each seat's cards in order) of its
    images; ``holes`` keeps the first tuple of each form.  AA against KK preflop: 36 tuples, 3
    forms.
    """
    if len(holes) < 2:
        return holes, weights
    tables = _suit_symmetries(q)
    if len(tables) == 1:
        return holes, weights
    n, width = holes.shape
    best = None
    for table in tables:
        image = np.sort(table[holes].reshape(n, q.players, q.n_hole), axis=2).reshape(n, width)
        if best is None:
            best = image
            continue
        differs = image != best
        first = differs.argmax(axis=1)
        rows = np.arange(n)
        smaller = differs.any(axis=1) & (image[rows, first] < best[rows, first])
        best[smaller] = image[smaller]
    _, first_of, form = np.unique(best, axis=0, return_index=True, return_inverse=True)
    return holes[first_of], np.bincount(form.ravel(), weights=weights)


def boards_per_tuple(q: Question) -> int:
    dealt = sum(q.n_hole for s in q.seats if s.kind != FIXED)
    return math.comb(len(q.stub) - dealt, q.missing)


@dataclass
class Plan:
    """An enumeration's tuples of hole cards (merged where a relabelling of the suits allows),
    their weights, and the outcomes they stand for."""

    holes: np.ndarray
    weights: np.ndarray
    outcomes: int


def make_plan(q: Question) -> Plan:
    """Every tuple of hands that fits together, merged where a relabelling of the suits allows."""
    holes, weights = _tuples(q)
    if not len(holes):
        raise InvalidInputError("the hands never fit together: every combination shares a card")
    return _merged_plan(q, holes, weights)


def _merged_plan(q: Question, holes: np.ndarray, weights: np.ndarray) -> Plan:
    boards = boards_per_tuple(q)
    outcomes = len(holes) * boards
    if boards >= MERGE_BOARDS:  # with fewer boards a tuple costs less than finding its form
        holes, weights = _merge_suit_relabellings(q, holes, weights)
    return Plan(holes, weights, outcomes)


def exact_cost(q: Question, useful: float | None) -> tuple[float | None, Plan | None]:
    """Hand evaluations of an enumeration (None when it cannot be enumerated here), and its plan
    when the tuples are few enough to list (``PLAN_TUPLES``) and merging them might bring the
    cost to ``useful`` or below (None: never list): then the cost counts the merged tuples."""
    g = q.game
    if (q.exchange or q.switch or q.discard is not None or g.boards > 1 or g.kill_cards or g.high_qualifier
            or q.partial or g.wild_follows is not None):
        return None, None
    bound = _tuple_count_bound(q)
    if bound > MAX_TUPLES:
        return None, None
    per_tuple = boards_per_tuple(q) * q.players / (RANK_SAVING[min(q.missing, 6)] if by_ranks(q) else 1)
    cost = float(bound) * per_tuple
    if useful is None or bound > PLAN_TUPLES or cost / len(_suit_symmetries(q)) > useful:
        return cost, None  # (merging divides the tuples at most by the relabellings' number)
    holes, weights = _tuples(q)
    if not len(holes):  # the enumeration says so
        return cost, None
    plan = _merged_plan(q, holes, weights)
    return float(len(plan.holes)) * per_tuple, plan


def enumerate_outcomes(q: Question, sums: SeatSums, show: bool | None, plan: Plan | None = None) -> int:
    """Enumerate every outcome of ``plan`` (made here when None) into ``sums``; returns the outcomes."""
    if plan is None:
        plan = make_plan(q)
    boards = boards_per_tuple(q)
    if by_ranks(q):
        _enumerate_ranks(q, plan.holes, plan.weights, boards, sums)
    elif q.fused() and q.missing <= MAX_MISSING:
        _enumerate_fused(q, plan.holes, plan.weights, boards, sums)
    else:
        _enumerate_general(q, plan.holes, plan.weights, boards, sums, show)
    return plan.outcomes


def by_ranks(q: Question) -> bool:
    """Whether the boards may be counted by multisets of ranks (:mod:`equity._kernels.exact`):
    a high pot, no wild card, no phase to play, and each hand all of its seat's hole cards and
    the board."""
    if q.mode != "high" or not q.fused() or table_args(q)[1] is not None:
        return False
    return hand_is_all_cards(q.game)


def _enumerate_ranks(q: Question, holes, weights, boards: int, sums: SeatSums) -> None:
    """Every outcome of ``holes`` through :func:`equity._kernels.exact.enumerate_ranks`: a few
    tuples each split in two tasks (a thread each), more tuples a task each."""
    n_parts = 1 if len(holes) >= 16 else 2
    tables, _, _, _ = table_args(q)
    per_call = 4096
    for start in range(0, len(holes), per_call):
        block = np.ascontiguousarray(holes[start:start + per_call])
        task_sums = np.zeros((len(block) * n_parts, 5, q.players))
        with threads_for(len(block) * boards * q.players):
            enumerate_ranks(block, n_parts, q.stub, q.players, q.n_hole, q.board, q.missing,
                            q.game.hand_size, tables, task_sums)
        for k in range(len(block)):  # tuple by tuple, parts in order: the same sums on any threads
            total = task_sums[k * n_parts:(k + 1) * n_parts].sum(axis=0)
            sums.add_sums(boards, *total, weight=weights[start + k])


def _enumerate_fused(q: Question, holes, weights, boards: int, sums: SeatSums) -> None:
    n_parts = 1 if len(holes) >= 16 or q.missing == 0 else 16
    stub, known, missing = q.stub, q.board, q.missing
    if missing == 0:  # the kernel completes at least one card: the board's last, as the stub
        known, stub, missing = q.board[:-1], q.board[-1:], 1
    per_call = max(1, 4096 // n_parts)
    tables, wild_tables, _, _ = table_args(q)
    for start in range(0, len(holes), per_call):
        block = holes[start:start + per_call]
        task_sums = np.zeros((len(block) * n_parts, 5, q.players))
        with threads_for(len(block) * boards * q.players):
            enumerate_plain(block, n_parts, stub, q.players, q.n_hole, known, missing, tables,
                            wild_tables, task_sums)
        for k in range(len(block)):  # tuple by tuple, parts in order: the same sums on any threads
            total = task_sums[k * n_parts:(k + 1) * n_parts].sum(axis=0)
            sums.add_sums(boards, *total, weight=weights[start + k])


def _enumerate_general(q: Question, holes, weights, boards: int, sums: SeatSums,
                       show: bool | None) -> None:
    from tqdm.auto import tqdm

    stub_all = q.stub
    rows_per_batch = max(1, 1 << 18)
    known = np.broadcast_to(q.board, (boards, len(q.board)))
    completions = np.empty((boards, q.missing), dtype=np.uint8)
    with tqdm(total=len(holes) * boards, disable=bar_off(show), unit="board", desc="enumerating") as bar:
        for k in range(len(holes)):
            held = set(holes[k].tolist())
            stub = np.array([c for c in stub_all.tolist() if c not in held], dtype=np.uint8)
            if q.missing:
                board_completions(stub, q.missing, completions)
            board = np.ascontiguousarray(np.concatenate([known, completions], axis=1))
            hole = np.ascontiguousarray(np.broadcast_to(holes[k], (boards, holes.shape[1])))
            for start in range(0, boards, rows_per_batch):
                part = slice(start, start + rows_per_batch)
                high, low = seat_strengths(q, hole[part], board[part], fixed_wild_rows(q, len(hole[part])))
                shares, high_part = pot_shares(q, high, low)
                sums.add_rows(shares, high_part, weight=weights[k])
            bar.update(boards)
