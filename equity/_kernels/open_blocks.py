"""Monte Carlo of fixed, random and range two-card hands, sixteen trials at a time in AVX-512
registers.

The scalar open-seat loops (:func:`equity._kernels.calc._open_many_loop`) deal each trial by a
partial Fisher-Yates shuffle: about 1.8 ns a card on the AMD EPYC guest of
``benchmarks/README.md``, half of a trial of AhKh against five random hands, bound by the
random numbers' own instructions.  Here sixteen trials are dealt side by side, one in each
lane of a register:

- each lane runs its own xoshiro128** generator (seeded from the chunk's xoshiro256** stream,
  as the heads-up blocks of :mod:`equity._kernels.simd` are);
- a card is an index into the stub drawn by Lemire's rule; a lane whose draw falls below
  Lemire's threshold, or on a card it has already dealt (a bit of its 64-bit mask of used stub
  positions), draws again, and the step repeats until no lane must.  Each lane's card is then
  the first of its draws that is neither, so it is uniform over the cards that lane has not
  dealt: every lane deals a uniformly random sequence of distinct cards, and no lane is
  dropped;
- the board's and each seat's rank keys and suit counts are sums of in-register rank words
  (the permute of the evaluator's blocks), and the ranks of a flush suit are masks on the same
  vectors;
- each seat's class is read lane by lane from the two tables (the seven-card row-displacement
  hash, and the flush table, whose entry 0 is no flush) into a vector, and the pots are counted
  on the vectors: the best class of each lane, each seat's lanes at it, how many seats share
  each lane's pot, and a bit count of each seat's lanes won alone (and, in a block where some
  pot is shared, of those shared among two, three, ... seats) added to the block's counters.
  Reading the tables and counting the pots lane by lane in compiled scalar code after the
  block took most of a trial (AMD EPYC, one core): about 27 of 33 ns for six known hands and 28
  of 44 ns for AhKh against five random hands, against 14 and 24 ns a whole trial here.

A fixed card (a known hand, or a board card already dealt) is a vector holding its code in
every lane, written once per chunk; so a seat's or the board's cards are five or two *slots*
of the plan, dealt or fixed, and one compiled block plays any mix of fixed, random and range
seats.

Range seats are drawn first, together: in each lane every range seat's hand is a row of the
combo table drawn by Lemire's rule (read by a vector gather), kept with chance its weight over
the range's largest (a second draw of 32 bits, for a range whose weights differ), and a lane
draws all its range hands again while any was refused or two share a card.  So a lane's range
hands come in proportion to the product of their weights among the hands that fit together,
as the scalar loops draw them and the exact enumeration weights them; a block that finds no
fit in ``MAX_RANGE_ROUNDS`` rounds stops the calculation, which the calculator reports.  The
random seats and the board are then dealt around them.

This draws other random numbers than the scalar loops, so where these blocks run a spot's
Monte Carlo figures differ from the scalar path's (each an unbiased estimate; the tests compare
both with exact equities), as the heads-up blocks' already do.
"""

import numpy as np
from llvmlite import ir
from numba import prange, types
from numba.core import cgutils
from numba.extending import intrinsic

from equity._kernels import kernel, parallel_kernel
from equity._kernels.calc import FIXED, RANDOM, RANGE, _add_duels
from equity._kernels.pots import split_sums
from equity._kernels.row_hash import SEVEN_ROW_SHIFT
from equity._kernels.simd import (
    _I1,
    _I8,
    _I16,
    _I32,
    _I64,
    BLOCK,
    _declare,
    _flush_ranks,
    _rank_keys_and_suits,
    _shift,
    _splat,
    _splat_of,
    _vec,
    _xoshiro128,
    lane_states,
    rank_words,
)

#: The most seats a plan holds.
OPEN_MAX_PLAYERS = 10
#: Board cards (dealt or fixed) a trial has.
OPEN_BOARD = 5
#: The most card slots (dealt and fixed) a plan holds: the board and two cards a seat.
OPEN_MAX_SLOTS = 32
#: The most stub cards (stub positions are bits of a 64-bit mask).
OPEN_MAX_STUB = 64

#: Where an open plan (``uint32[OPEN_PLAN_SIZE]``, made by :func:`open_plan`) keeps each part:
#: the stub's codes (padded to 64), each rank's seven-card word, the stub's size, Lemire's
#: threshold ``2**16 % size``, the cards dealt a trial (slots ``0 .. take - 1``), the seats, the
#: slots in all, the flush bias, the range seats, the board's five slots, each seat's two slots,
#: each fixed slot's card code, each dealt card's pairs of draws, and the range seats' entries.
(PLAN_STUB, PLAN_RANK_WORDS, PLAN_N_STUB, PLAN_THRESHOLD, PLAN_TAKE, PLAN_PLAYERS, PLAN_SLOTS,
 PLAN_FLUSH_BIAS, PLAN_RANGES, PLAN_BOARD, PLAN_SEATS, PLAN_CODES, PLAN_PAIRS, PLAN_RANGE_AT) = (
    0, 64, 80, 81, 82, 83, 84, 85, 86, 88, 96, 128, 160, 192)
#: Each range seat's four entries from ``PLAN_RANGE_AT``: its first row in the combo table, its
#: combos, Lemire's threshold ``2**16 % combos``, and whether its weights differ.
RANGE_ENTRIES = 4
OPEN_PLAN_SIZE = PLAN_RANGE_AT + RANGE_ENTRIES * OPEN_MAX_PLAYERS
#: Rounds of drawing the range seats' hands together before a block gives up (the ranges then
#: hardly fit together, or not at all: the calculator says so, as its scalar loops do).
MAX_RANGE_ROUNDS = 100_000
#: A card's pairs of draws are enough when this share of blocks or fewer has a lane left to
#: draw again (a branch taken that rarely is seldom mispredicted).
REDRAW_SHARE = 0.1
#: Where the scratch (``uint32[SCRATCH_SIZE]``) keeps each slot's sixteen codes and each seat's
#: sixteen classes.
SCRATCH_CODES = 0
SCRATCH_CLASSES = SCRATCH_CODES + BLOCK * OPEN_MAX_SLOTS
SCRATCH_SIZE = SCRATCH_CLASSES + BLOCK * OPEN_MAX_PLAYERS


def open_plan(stub: np.ndarray, fixed_hole: np.ndarray, kinds: np.ndarray, known_board: np.ndarray,
              seven_words: np.ndarray, flush_bias: int,
              ranges: tuple = ()) -> tuple[np.ndarray, np.ndarray]:
    """The plan of :func:`open_blocks` for seats of two hole cards, each fixed, random or a range,
    and its combo table.

    Parameters
    ----------
    stub : uint8 array
        The cards the random and range seats and the rest of the board come from (5 to 64).
    fixed_hole : uint8 array, shape (players * 2,)
        The seats' hole cards, seat-major; only a fixed seat's are read.
    kinds : int array, shape (players,)
        Each seat's kind: ``FIXED``, ``RANDOM`` or ``RANGE`` (:mod:`equity._kernels.calc`).
    known_board : uint8 array
        The board cards already known (0 to 5).
    seven_words : uint64 array
        The game's seven-card words (:func:`rank_words` takes their rank parts).
    flush_bias : int
        The game's flush bias: a suit count plus it sets bit 3 of the suit's nibble at five.
    ranges : tuple of (combos, weights)
        Each range seat's hands (uint8[m, 2], every card in ``stub``) and positive weights, in
        seat order.

    Returns
    -------
    (plan, combos) : uint32 arrays
        The plan, and the combo table: per hand, its two stub positions (the second shifted by
        8) and the bound of its weight's test (a draw of 32 bits at most it keeps the hand).
    """
    players = len(kinds)
    n_ranges = int(np.count_nonzero(kinds == RANGE))
    n_random = int(np.count_nonzero(kinds == RANDOM))
    take = 2 * (n_ranges + n_random) + OPEN_BOARD - len(known_board)
    if not 2 <= players <= OPEN_MAX_PLAYERS or len(fixed_hole) != 2 * players or len(ranges) != n_ranges:
        raise ValueError(f"an open plan takes 2 to {OPEN_MAX_PLAYERS} seats of two cards and each range "
                         f"seat's hands, not {players} seats, {len(fixed_hole)} hole codes and "
                         f"{len(ranges)} ranges for {n_ranges} range seats")
    if not len(known_board) <= OPEN_BOARD or not take <= len(stub) <= OPEN_MAX_STUB:
        raise ValueError(f"an open plan deals {take} cards from a stub of {len(stub)} (at most "
                         f"{OPEN_MAX_STUB}) with {len(known_board)} board cards known")
    plan = np.zeros(OPEN_PLAN_SIZE, dtype=np.uint32)
    plan[PLAN_STUB:PLAN_STUB + len(stub)] = stub
    plan[PLAN_RANK_WORDS:PLAN_RANK_WORDS + BLOCK] = rank_words(seven_words)
    plan[PLAN_N_STUB] = len(stub)
    plan[PLAN_THRESHOLD] = (1 << 16) % len(stub)  # (draws of 16 bits)
    plan[PLAN_TAKE] = take
    plan[PLAN_PLAYERS] = players
    plan[PLAN_FLUSH_BIAS] = flush_bias
    plan[PLAN_RANGES] = n_ranges
    for card in range(2 * n_ranges, take):  # a lane draws again with chance card / len(stub) a draw
        used = card / len(stub)
        pairs = 1
        while 1 - (1 - used ** (2 * pairs)) ** BLOCK > REDRAW_SHARE:
            pairs += 1
        plan[PLAN_PAIRS + card] = pairs
    position = {int(code): at for at, code in enumerate(stub.tolist())}
    tables, first = [], 0
    for r, (combos, weights) in enumerate(ranges):
        weights = np.asarray(weights, dtype=np.float64)
        if not 0 < len(combos) < 1 << 16 or not (weights > 0).all():
            raise ValueError(f"range seat {r}: 1 to 65,535 hands of positive weight, not {len(combos)}")
        table = np.zeros((len(combos), 2), dtype=np.uint32)
        for row, (a, b) in enumerate(np.asarray(combos).tolist()):
            table[row, 0] = position[a] | position[b] << 8
        top = float(weights.max())
        table[:, 1] = np.floor(weights / top * 0xFFFFFFFF).astype(np.uint32)
        table[weights == top, 1] = 0xFFFFFFFF
        at = PLAN_RANGE_AT + RANGE_ENTRIES * r
        plan[at:at + RANGE_ENTRIES] = (first, len(combos), (1 << 16) % len(combos),
                                       int((weights != top).any()))
        tables.append(table)
        first += len(combos)
    dealt = 0
    fixed = take

    def slot_of(code: int | None) -> int:
        nonlocal dealt, fixed
        if code is None:
            dealt += 1
            return dealt - 1
        plan[PLAN_CODES + fixed] = code
        fixed += 1
        return fixed - 1

    # the range seats' cards first, then the random seats', each in seat order, then the board's
    for kind in (RANGE, RANDOM, FIXED):
        for seat in np.flatnonzero(kinds == kind).tolist():
            for t in range(2):
                code = int(fixed_hole[2 * seat + t]) if kind == FIXED else None
                plan[PLAN_SEATS + 2 * seat + t] = slot_of(code)
    for t in range(OPEN_BOARD):
        code = int(known_board[t]) if t < len(known_board) else None
        plan[PLAN_BOARD + t] = slot_of(code)
    plan[PLAN_SLOTS] = fixed
    combo_table = np.concatenate(tables).ravel() if tables else np.zeros(2, dtype=np.uint32)
    return plan, combo_table


def _draw_pair(builder, state, n_stub, threshold, used, pick, again):
    """Two draws in every lane from one 32-bit output, its high and low halves each a stub
    position by Lemire's rule on 16 bits; a lane still ``again`` takes the first of them that is
    neither below Lemire's threshold nor a position it has used.  Returns (the picks, which
    lanes must draw again, the advanced state)."""
    bits, state = _xoshiro128(builder, state)
    low_used, high_used = used
    shift = _shift(builder)
    for half in (builder.lshr(bits, _splat(16)), builder.and_(bits, _splat(0xFFFF))):
        product = builder.mul(half, n_stub)
        drawn = builder.lshr(product, _splat(16))
        taken = builder.or_(
            builder.and_(low_used, builder.call(shift, [_splat(1), drawn])),
            builder.and_(high_used, builder.call(shift, [_splat(1), builder.sub(drawn, _splat(32))])))
        bad = builder.or_(
            builder.icmp_unsigned("<", builder.and_(product, _splat(0xFFFF)), threshold),
            builder.icmp_unsigned("!=", taken, _splat(0)))
        pick = drawn if pick is None else builder.select(again, drawn, pick)
        again = bad if again is None else builder.and_(again, bad)
    return pick, again, state


def _open_codegen(context, builder, signature, args):
    """LLVM code of one block of sixteen trials: deals ``take`` distinct stub cards in every
    lane into slots ``0 .. take - 1`` of the scratch, then writes each seat's seven-card keys and
    flush ranks (see the module)."""
    lanes_at, plan_at, scratch_at, combos_at, offsets_at, classes_at, flush_at, counts_at, count = args
    module = builder.module
    plan = builder.inttoptr(plan_at, _I32.as_pointer())
    lanes = builder.inttoptr(lanes_at, _I32.as_pointer())
    scratch = builder.inttoptr(scratch_at, _I32.as_pointer())

    def vector_at(base, offset):
        return builder.bitcast(builder.gep(base, [offset]), _vec(_I32).as_pointer())

    def plan_value(offset):
        return builder.load(builder.gep(plan, [offset]))

    two_table = _declare(module, "llvm.x86.avx512.vpermi2var.d.512", _vec(_I32),
                         [_vec(_I32), _vec(_I32), _vec(_I32)])
    stub = [builder.load(vector_at(plan, _I32(PLAN_STUB + BLOCK * w)), align=4) for w in range(4)]
    n_stub = _splat_of(builder, plan_value(_I32(PLAN_N_STUB)))
    threshold = _splat_of(builder, plan_value(_I32(PLAN_THRESHOLD)))
    state_at = [cgutils.alloca_once(builder, _vec(_I32)) for _ in range(4)]
    for w in range(4):
        builder.store(builder.load(vector_at(lanes, _I32(BLOCK * w)), align=4), state_at[w])
    used_at = [cgutils.alloca_once_value(builder, _splat(0)) for _ in range(2)]
    pick_at = cgutils.alloca_once(builder, _vec(_I32))
    again_at = cgutils.alloca_once(builder, _vec(_I1))
    take = builder.zext(plan_value(_I32(PLAN_TAKE)), _I64)

    def draw(first):
        used = tuple(builder.load(u) for u in used_at)
        state = tuple(builder.load(s) for s in state_at)
        pick = None if first else builder.load(pick_at)
        again = None if first else builder.load(again_at)
        pick, again, state = _draw_pair(builder, state, n_stub, threshold, used, pick, again)
        for w in range(4):
            builder.store(state[w], state_at[w])
        builder.store(pick, pick_at)
        builder.store(again, again_at)

    def stub_code(position):  # the code of the stub card at each lane's position
        low = builder.call(two_table, [stub[0], position, stub[1]])
        high = builder.call(two_table, [stub[2], position, stub[3]])
        upper = builder.icmp_unsigned("!=", builder.and_(position, _splat(32)), _splat(0))
        return builder.select(upper, high, low)

    n_ranges = plan_value(_I32(PLAN_RANGES))
    fits = _draw_ranges(builder, plan_value, vector_at, stub_code, scratch, combos_at, state_at,
                        used_at, n_ranges)
    with cgutils.for_range(builder, take, start=builder.zext(builder.mul(n_ranges, _I32(2)), _I64)) as card:
        # the plan's pairs of draws for this card (few lanes left to draw again), then more
        # pairs while any lane must
        draw(True)
        pairs = plan_value(builder.add(_I32(PLAN_PAIRS), builder.trunc(card.index, _I32)))
        with cgutils.for_range(builder, builder.zext(builder.sub(pairs, _I32(1)), _I64)):
            draw(False)
        check = builder.append_basic_block("again")
        redraw = builder.append_basic_block("redraw")
        drawn = builder.append_basic_block("drawn")
        builder.branch(check)
        builder.position_at_end(check)
        pending = builder.icmp_unsigned("!=", builder.bitcast(builder.load(again_at), _I16), _I16(0))
        builder.cbranch(pending, redraw, drawn)
        builder.position_at_end(redraw)
        draw(False)
        builder.branch(check)
        builder.position_at_end(drawn)
        pick = builder.load(pick_at)
        shift = _shift(builder)
        for half, base in enumerate((pick, builder.sub(pick, _splat(32)))):
            bit = builder.call(shift, [_splat(1), base])
            builder.store(builder.or_(builder.load(used_at[half]), bit), used_at[half])
        at = builder.mul(builder.trunc(card.index, _I32), _I32(BLOCK))
        builder.store(stub_code(pick), vector_at(scratch, at), align=4)
    for w in range(4):
        builder.store(builder.load(state_at[w]), vector_at(lanes, _I32(BLOCK * w)), align=4)

    def slot_codes(offset):
        slot = plan_value(offset)
        return builder.load(vector_at(scratch, builder.mul(slot, _I32(BLOCK))), align=4)

    rank_words = builder.load(vector_at(plan, _I32(PLAN_RANK_WORDS)), align=4)
    board = [slot_codes(_I32(PLAN_BOARD + t)) for t in range(OPEN_BOARD)]
    board_key, board_suits = _rank_keys_and_suits(builder, board, rank_words)
    bias = _splat_of(builder, plan_value(_I32(PLAN_FLUSH_BIAS)))
    players = builder.zext(plan_value(_I32(PLAN_PLAYERS)), _I64)
    tables = tuple(builder.inttoptr(at, element.as_pointer())
                   for at, element in zip((offsets_at, classes_at, flush_at), (_I32, _I16, _I16),
                                          strict=True))
    best_at = cgutils.alloca_once_value(builder, _splat(0))
    with cgutils.for_range(builder, players) as seat:  # (a block that did not fit: any classes)
        p = builder.trunc(seat.index, _I32)
        first = builder.add(_I32(PLAN_SEATS), builder.mul(p, _I32(2)))
        hole = [slot_codes(first), slot_codes(builder.add(first, _I32(1)))]
        hole_key, hole_suits = _rank_keys_and_suits(builder, hole, rank_words)
        suits = builder.add(board_suits, hole_suits)
        flush = builder.and_(builder.add(suits, bias), _splat(0x8888))
        ranks, _ = _flush_ranks(builder, board + hole, flush)  # 0 without a flush
        value = _seat_classes(builder, builder.add(board_key, hole_key), ranks, tables)
        builder.store(value, vector_at(scratch, builder.add(_I32(SCRATCH_CLASSES),
                                                            builder.mul(p, _I32(BLOCK)))), align=4)
        best = builder.load(best_at)
        builder.store(builder.select(builder.icmp_unsigned(">", value, best), value, best), best_at)
    played = builder.select(builder.icmp_unsigned("!=", fits, _I32(0)), builder.trunc(count, _I32),
                            _I32(0))
    def class_vector_at(seat_index):
        at = builder.add(_I32(SCRATCH_CLASSES), builder.mul(builder.trunc(seat_index, _I32), _I32(BLOCK)))
        return vector_at(scratch, at)

    _count_pots(builder, class_vector_at, builder.load(best_at), players, played,
                builder.inttoptr(counts_at, _I64.as_pointer()))
    return fits


def _seat_classes(builder, key, flush_ranks, tables):
    """A seat's class in each lane: its seven-card class (the row-displacement hash of its key,
    :func:`equity._kernels.row_hash.row_slot`), or its flush's when that is better (the flush
    table's entry 0, no flush, is below every class).  The loads are lane by lane: the
    evaluator's blocks measured vector gathers slower for them (:mod:`equity._kernels.simd`)."""
    offsets, classes, flush_classes = tables
    value = ir.Constant(_vec(_I32), None)
    for k in range(BLOCK):
        lane_key = builder.extract_element(key, _I32(k))
        row = builder.zext(builder.lshr(lane_key, _I32(SEVEN_ROW_SHIFT)), _I64)
        slot = builder.add(lane_key, builder.load(builder.gep(offsets, [row])))  # mod 2**32
        seven = builder.zext(builder.load(builder.gep(classes, [builder.zext(slot, _I64)])), _I32)
        ranks = builder.zext(builder.extract_element(flush_ranks, _I32(k)), _I64)
        flush = builder.zext(builder.load(builder.gep(flush_classes, [ranks])), _I32)
        lane = builder.select(builder.icmp_unsigned(">", flush, seven), flush, seven)
        value = builder.insert_element(value, lane, _I32(k))
    return value


def _count_pots(builder, class_vector_at, best, players, played, counts):
    """Each seat's pots in the block's first ``played`` lanes added to ``counts`` (``int64``,
    ``OPEN_MAX_PLAYERS + 1`` a seat): at ``[seat, 1]`` the pots it won alone, at ``[seat, k]``
    those it shared among ``k`` seats; ``best`` is each lane's best class, ``class_vector_at(seat)``
    the address of a seat's sixteen classes (an ``i64`` seat)."""
    bits = _declare(builder.module, "llvm.ctpop.i16", _I16, [_I16])
    valid = builder.icmp_unsigned("<", ir.Constant(_vec(_I32), list(range(BLOCK))),
                                  _splat_of(builder, played))

    def on_top(seat):  # the lanes where this seat holds the best class
        return builder.icmp_unsigned("==", builder.load(class_vector_at(seat), align=4), best)

    def add(seat, k, lanes):
        counted = builder.zext(builder.call(bits, [builder.bitcast(lanes, _I16)]), _I64)
        cell = builder.gep(counts, [builder.add(builder.mul(seat, _I64(OPEN_MAX_PLAYERS + 1)), k)])
        builder.store(builder.add(builder.load(cell), counted), cell)

    ties_at = cgutils.alloca_once_value(builder, _splat(0))
    with cgutils.for_range(builder, players) as seat:
        builder.store(builder.add(builder.load(ties_at), builder.zext(on_top(seat.index), _vec(_I32))),
                      ties_at)
    ties = builder.load(ties_at)
    alone = builder.and_(valid, builder.icmp_unsigned("==", ties, _splat(1)))
    with cgutils.for_range(builder, players) as seat:
        add(seat.index, _I64(1), builder.and_(alone, on_top(seat.index)))
    shared = builder.and_(valid, builder.icmp_unsigned(">", ties, _splat(1)))
    with builder.if_then(builder.icmp_unsigned("!=", builder.bitcast(shared, _I16), _I16(0))):
        with cgutils.for_range(builder, players) as seat:
            top = builder.and_(shared, on_top(seat.index))
            with cgutils.for_range(builder, builder.add(players, _I64(1)), start=_I64(2)) as k:
                among = builder.icmp_unsigned("==", ties, _splat_of(builder, builder.trunc(k.index, _I32)))
                add(seat.index, k.index, builder.and_(top, among))


def _draw_ranges(builder, plan_value, vector_at, stub_code, scratch, combos_at, state_at, used_at,
                 n_ranges):
    """Each range seat's hand in every lane, as stub positions and then codes in slots ``0 .. 2 *
    n_ranges - 1``, their positions set in the used masks: every seat's hand drawn (uniformly by
    Lemire's rule, then kept with chance its weight over the range's largest), and a lane drawing
    all of them again while any draw was refused or two hands share a card, so that a lane's
    hands are drawn together in proportion to the product of their weights among the hands that
    fit together.  Returns an ``i32``: 1 when every lane fits within ``MAX_RANGE_ROUNDS`` rounds,
    else 0."""
    module = builder.module
    gather = _declare(module, "llvm.x86.avx512.gather.dpi.512", _vec(_I32),
                      [_vec(_I32), _I8.as_pointer(), _vec(_I32), _I16, _I32])
    shift = _shift(builder)
    combos = builder.inttoptr(combos_at, _I8.as_pointer())
    again_at = cgutils.alloca_once_value(builder, ir.Constant(_vec(_I1), [1] * BLOCK))
    round_at = cgutils.alloca_once_value(builder, _I32(0))
    tuple_at = [cgutils.alloca_once(builder, _vec(_I32)) for _ in range(2)]
    bad_at = cgutils.alloca_once(builder, _vec(_I1))
    has_ranges = builder.icmp_unsigned("!=", n_ranges, _I32(0))
    count = builder.zext(n_ranges, _I64)

    def state_bits():
        bits, state = _xoshiro128(builder, tuple(builder.load(s) for s in state_at))
        for w in range(4):
            builder.store(state[w], state_at[w])
        return bits

    def bits_of(position):
        return (builder.call(shift, [_splat(1), position]),
                builder.call(shift, [_splat(1), builder.sub(position, _splat(32))]))

    with builder.if_then(has_ranges):
        play = builder.append_basic_block("range_round")
        done = builder.append_basic_block("ranges_drawn")
        builder.branch(play)
        builder.position_at_end(play)
        for half in range(2):
            builder.store(_splat(0), tuple_at[half])
        builder.store(ir.Constant(_vec(_I1), [0] * BLOCK), bad_at)
        again = builder.load(again_at)
        with cgutils.for_range(builder, count) as seat:
            r = builder.trunc(seat.index, _I32)
            at = builder.add(_I32(PLAN_RANGE_AT), builder.mul(r, _I32(RANGE_ENTRIES)))
            first, n_combos, threshold, weighted = (plan_value(builder.add(at, _I32(k)))
                                                    for k in range(RANGE_ENTRIES))
            product = builder.mul(builder.lshr(state_bits(), _splat(16)), _splat_of(builder, n_combos))
            row = builder.add(builder.lshr(product, _splat(16)), _splat_of(builder, first))
            refused = builder.icmp_unsigned("<", builder.and_(product, _splat(0xFFFF)),
                                            _splat_of(builder, threshold))
            entry = builder.call(gather, [_splat(0), combos, builder.mul(row, _splat(2)), _I16(-1),
                                          _I32(4)])
            with builder.if_then(builder.icmp_unsigned("!=", weighted, _I32(0))):
                bound = builder.call(gather, [_splat(0), combos,
                                              builder.add(builder.mul(row, _splat(2)), _splat(1)),
                                              _I16(-1), _I32(4)])
                kept = builder.icmp_unsigned("<=", state_bits(), bound)
                builder.store(builder.or_(builder.load(bad_at), builder.not_(kept)), bad_at)
            shares = None
            hand = (builder.and_(entry, _splat(0xFF)), builder.lshr(entry, _splat(8)))
            for position in hand:
                for half, bit in enumerate(bits_of(position)):
                    held = builder.load(tuple_at[half])
                    clash = builder.icmp_unsigned("!=", builder.and_(held, bit), _splat(0))
                    shares = clash if shares is None else builder.or_(shares, clash)
                    builder.store(builder.or_(held, bit), tuple_at[half])
            builder.store(builder.or_(builder.load(bad_at), builder.or_(refused, shares)), bad_at)
            for t, position in enumerate(hand):
                slot = vector_at(scratch, builder.mul(builder.add(builder.mul(r, _I32(2)), _I32(t)),
                                                      _I32(BLOCK)))
                builder.store(builder.select(again, position, builder.load(slot, align=4)), slot,
                              align=4)
        again = builder.and_(again, builder.load(bad_at))
        builder.store(again, again_at)
        rounds = builder.add(builder.load(round_at), _I32(1))
        builder.store(rounds, round_at)
        pending = builder.icmp_unsigned("!=", builder.bitcast(again, _I16), _I16(0))
        more = builder.and_(pending, builder.icmp_unsigned("<", rounds, _I32(MAX_RANGE_ROUNDS)))
        builder.cbranch(more, play, done)
        builder.position_at_end(done)
        # the hands' positions into the used masks, and their codes into their slots
        with cgutils.for_range(builder, builder.mul(count, _I64(2))) as card:
            slot = vector_at(scratch, builder.mul(builder.trunc(card.index, _I32), _I32(BLOCK)))
            position = builder.load(slot, align=4)
            for half, bit in enumerate(bits_of(position)):
                builder.store(builder.or_(builder.load(used_at[half]), bit), used_at[half])
            builder.store(stub_code(position), slot, align=4)
    pending = builder.icmp_unsigned("!=", builder.bitcast(builder.load(again_at), _I16), _I16(0))
    return builder.select(builder.and_(has_ranges, pending), _I32(0), _I32(1))


@intrinsic
def _open_block(typingctx, lanes_at, plan_at, scratch_at, combos_at, offsets_at, classes_at, flush_at,
                counts_at, count):
    return (types.int32(*[types.uint64] * 8, types.int64), _open_codegen)


@kernel
def _open_trials(trials, lanes, plan, combos, scratch, offsets, classes, flush_classes, acc):
    """``trials`` trials of :func:`_open_block`'s blocks, their sums added to ``acc`` as the
    scalar open-seat loops add them: heads-up, each seat's wins and the ties; for more seats,
    each seat's pots won alone and shared, as :func:`equity._kernels.pots.split_sums` adds
    them.  Returns the trials played: fewer than ``trials`` when a block's range hands did not
    fit together."""
    counts = np.zeros((OPEN_MAX_PLAYERS, OPEN_MAX_PLAYERS + 1), dtype=np.int64)
    at = (lanes.ctypes.data, plan.ctypes.data, scratch.ctypes.data, combos.ctypes.data,
          offsets.ctypes.data, classes.ctypes.data, flush_classes.ctypes.data, counts.ctypes.data)
    played = 0
    while played < trials:
        count = min(BLOCK, trials - played)
        if not _open_block(at[0], at[1], at[2], at[3], at[4], at[5], at[6], at[7], count):
            break
        played += count
    n_players = np.int64(plan[PLAN_PLAYERS])
    if n_players == 2:
        _add_duels(counts[0, 1], counts[1, 1], played - counts[0, 1] - counts[1, 1], acc)
    else:
        split_sums(counts[:n_players, 1].copy(), counts, n_players, acc[0], acc[1], acc[2], acc[3])
    return played


def _open_blocks(states, chunk_trials, plan, combos, offsets, classes, flush_classes, sums, dealt):
    """Monte Carlo of fixed, random and range two-card hands and the board still to come (see
    the module), chunk ``c`` from ``states[c]`` (xoshiro256** states), ``chunk_trials[c]``
    trials; ``sums[c]`` as :func:`equity._kernels.calc.sample_plain` fills it, ``dealt[c]`` the
    trials played (fewer where the ranges did not fit together).  ``plan`` and ``combos``:
    :func:`open_plan`'s; ``offsets``, ``classes`` and ``flush_classes``: the game's seven-card
    tables of class ids."""
    slots = np.int64(plan[PLAN_SLOTS])
    for c in prange(states.shape[0]):
        lanes = lane_states(states[c])
        scratch = np.zeros(SCRATCH_SIZE, dtype=np.uint32)
        for slot in range(np.int64(plan[PLAN_TAKE]), slots):  # the fixed cards, in every lane
            for k in range(BLOCK):
                scratch[SCRATCH_CODES + BLOCK * slot + k] = plan[PLAN_CODES + slot]
        acc = np.zeros((5, sums.shape[2]))
        dealt[c] = _open_trials(chunk_trials[c], lanes, plan, combos, scratch, offsets, classes,
                                flush_classes, acc)
        for k in range(5):
            for p in range(sums.shape[2]):
                sums[c, k, p] = acc[k, p]


open_blocks = parallel_kernel(_open_blocks)
