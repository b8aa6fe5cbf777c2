"""The calculator's showdown: strengths of dealt rows, the pot shares they win, and the tables the
fused kernels take.
"""

from __future__ import annotations

import numpy as np

from equity._kernels.bundles import HandTables
from equity.calculator.question import Question
from equity.evaluator import (
    evaluate_low_many,
    evaluate_many,
    flush_bias,
    hand_is_all_cards,
    hand_tables,
    high_floor,
    kernel_hand_rule,
)
from equity.pots import board_pot_shares, pot_share_parts
from equity.stud import follower_ranks, hands_for_evaluation
from equity.tables import tables_for

__all__ = ["pot_shares", "seat_holes", "seat_strengths", "fixed_wild_rows", "table_args"]


def pot_shares(q: Question, high: np.ndarray | None, low: np.ndarray | None, folded=None):
    """Pot shares of rows of strengths (and the high half's part, for a hi-lo pot); ``folded``
    seats (who gave up after the exchange) win nothing."""
    return pot_share_parts(high, low=low, mode=q.mode, folded=folded)


def deal_shares(q: Question, hole: np.ndarray, board: np.ndarray, wild_rows, folded=None):
    """Pot shares of dealt rows (and the high half's part, for a hi-lo pot): the seats'
    strengths with each board, each board its part of the pot, kill cards played
    (:func:`equity.pots.board_pot_shares`)."""
    g = q.game
    if g.boards == 1 and not g.kill_cards and not g.high_qualifier:
        return pot_shares(q, *seat_strengths(q, hole, board, wild_rows), folded)
    boards = q.boards(board)
    strengths = [seat_strengths(q, hole, one, wild_rows, need_low=bool(g.kill_cards)) for one in boards]
    return board_pot_shares([s[0] for s in strengths], [s[1] for s in strengths], boards, mode=q.mode,
                            kill_cards=g.kill_cards, high_floor=high_floor(g), folded=folded)


def seat_holes(hole: np.ndarray, players: int, n_hole: int) -> list[np.ndarray]:
    """Each seat's hole cards as a contiguous ``(rows, n_hole)`` array, from rows of every seat's.

    numpy copies a column block of a few bytes a row at a few tens of nanoseconds a row; read as
    one wider integer per seat (two cards as a uint16), the block is one strided column, copied
    many times faster (1.7 ms less per seat for 65,536 rows here)."""
    rows = hole.shape[0]
    if n_hole in (1, 2, 4, 8) and hole.flags.c_contiguous:
        seats = hole.view(np.dtype(f"u{n_hole}"))
        return [np.ascontiguousarray(seats[:, p]).view(np.uint8).reshape(rows, n_hole)
                for p in range(players)]
    return [np.ascontiguousarray(hole[:, p * n_hole:(p + 1) * n_hole]) for p in range(players)]


def seat_strengths(q: Question, hole: np.ndarray, board: np.ndarray, wild_rows,
                   need_low: bool = False) -> tuple:
    """High and low strengths, shape (rows, players), of dealt rows (the low also in a high pot
    with ``need_low``)."""
    g = q.game
    seats = seat_holes(hole, q.players, g.hole_cards)  # (a hand's cards, after any discard)
    if g.wild_follows is not None:  # Follow the Queen: each row's second wild rank, valued as queens
        follower = follower_ranks(g, hole, q.players)
        seats = [hands_for_evaluation(g, seat, follower) for seat in seats]
    high = low = None
    if q.mode != "low":
        high = np.stack([evaluate_many(g, seat, board, wild=wild_rows, check=False) for seat in seats],
                        axis=1)
    if q.mode != "high" or need_low:
        low = np.stack([evaluate_low_many(g, seat, board, wild=wild_rows, check=False,
                                          wild_can_be_ace=q.wild_can_be_ace)
                        for seat in seats], axis=1)
    return high, low


def fixed_wild_rows(q: Question, n: int):
    """The stated final wild rank for ``n`` rows, or None when none is stated."""
    if q.wild is None or q.game.wild is None:
        return None
    return np.full(n, q.wild, dtype=np.int8)


def table_args(q: Question) -> tuple[HandTables, tuple | None, bool | None, bool | None]:
    """What the fused kernels value hands with: the game's :class:`HandTables` (with the low of a
    hi-lo pot: 1 with the exact-rule low tables, Omaha; 2 over the hole choices, Tahoe), the
    tables of a fixed wild rank or None, and the kernels' ``duel`` and ``showdown``, one True and
    the other None: ``duel`` for a heads-up duel (two seats, each hand all of its hole cards and
    the board, a high pot, no wild card), ``showdown`` for every other spot (a call compiles
    only the scoring it uses: ``equity._kernels.calc.sample_plain``)."""
    low_rule = 0 if q.mode != "hi_lo" else 1 if kernel_hand_rule(q.game)[2] > 0 else 2
    wild_tables = _wild_tables(q, tables_for(q.game))
    all_cards = hand_is_all_cards(q.game)
    duel = all_cards and q.players == 2 and low_rule == 0 and wild_tables is None
    return hand_tables(q.game, low_rule), wild_tables, (True if duel else None), (None if duel else True)


def _wild_tables(q: Question, t) -> tuple | None:
    """A fixed wild rank for the fused kernels with the tables of every number of wild cards
    (see ``equity._kernels.evaluate.wild_cards_class``), or None for no wild card."""
    wild = q.fixed_wild
    if wild is None or wild < 0 or q.game.wild is None:
        return None
    return (np.int64(wild), t.rank_classes, t.flush_classes,
            flush_bias(q.game.hand_size, t.rank_classes.shape[0] - 1))
