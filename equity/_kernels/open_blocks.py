"""Monte Carlo of fixed and random two-card hands, sixteen trials at a time in AVX-512 registers.

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
  (the permute of the evaluator's blocks), the ranks of a flush suit are masks on the same
  vectors, and each seat's key and flush ranks are written to a scratch array;
- the two table loads of each seat's class (the seven-card row-displacement hash, and the
  flush table, whose entry 0 is no flush) and the pot's count are scalar, lane by lane.

A fixed card (a known hand, or a board card already dealt) is a vector holding its code in
every lane, written once per chunk; so a seat's or the board's cards are five or two *slots*
of the plan, dealt or fixed, and one compiled block plays any mix of fixed and random seats.

This draws other random numbers than the scalar loops, so where these blocks run a spot's
Monte Carlo figures differ from the scalar path's (each an unbiased estimate; the tests compare
both with exact equities), as the heads-up blocks' already do.
"""

import numpy as np
from numba import prange, types
from numba.core import cgutils
from numba.extending import intrinsic

from equity._kernels import inline_kernel, kernel, parallel_kernel
from equity._kernels.calc import _add_duels
from equity._kernels.pots import count_high_pot, split_sums, unpack_wins, win_width
from equity._kernels.rng import xoshiro_next
from equity._kernels.row_hash import SEVEN_ROW_SHIFT, row_slot
from equity._kernels.simd import (
    _I1,
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
    rank_words,
)

U64 = np.uint64
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
#: slots in all, the flush bias, the board's five slots, each seat's two slots, and each fixed
#: slot's card code.
(PLAN_STUB, PLAN_RANK_WORDS, PLAN_N_STUB, PLAN_THRESHOLD, PLAN_TAKE, PLAN_PLAYERS, PLAN_SLOTS,
 PLAN_FLUSH_BIAS, PLAN_BOARD, PLAN_SEATS, PLAN_CODES, PLAN_PAIRS) = (
    0, 64, 80, 81, 82, 83, 84, 85, 88, 96, 128, 160)
OPEN_PLAN_SIZE = PLAN_PAIRS + OPEN_MAX_SLOTS
#: A card's pairs of draws are enough when this share of blocks or fewer has a lane left to
#: draw again (a branch taken that rarely is seldom mispredicted).
REDRAW_SHARE = 0.1
#: Where the scratch (``uint32[SCRATCH_SIZE]``) keeps each slot's sixteen codes, each seat's
#: sixteen keys and each seat's sixteen flush ranks.
SCRATCH_CODES = 0
SCRATCH_KEYS = SCRATCH_CODES + BLOCK * OPEN_MAX_SLOTS
SCRATCH_FLUSH = SCRATCH_KEYS + BLOCK * OPEN_MAX_PLAYERS
SCRATCH_SIZE = SCRATCH_FLUSH + BLOCK * OPEN_MAX_PLAYERS


def open_plan(stub: np.ndarray, fixed_hole: np.ndarray, random_seats: np.ndarray,
              known_board: np.ndarray, seven_words: np.ndarray, flush_bias: int) -> np.ndarray:
    """The plan of :func:`open_blocks` for seats of two hole cards, each fixed or random.

    Parameters
    ----------
    stub : uint8 array
        The cards the random seats and the rest of the board are dealt from (5 to 64 codes).
    fixed_hole : uint8 array, shape (players * 2,)
        The seats' hole cards, seat-major; a random seat's entries are ignored.
    random_seats : bool array, shape (players,)
        Which seats are dealt their cards.
    known_board : uint8 array
        The board cards already known (0 to 5).
    seven_words : uint64 array
        The game's seven-card words (:func:`rank_words` takes their rank parts).
    flush_bias : int
        The game's flush bias: a suit count plus it sets bit 3 of the suit's nibble at five.
    """
    players = len(random_seats)
    take = 2 * int(np.count_nonzero(random_seats)) + OPEN_BOARD - len(known_board)
    if not 2 <= players <= OPEN_MAX_PLAYERS or len(fixed_hole) != 2 * players:
        raise ValueError(f"an open plan takes 2 to {OPEN_MAX_PLAYERS} seats of two cards, not "
                         f"{players} seats and {len(fixed_hole)} hole codes")
    if not len(known_board) <= OPEN_BOARD or not take <= len(stub) <= OPEN_MAX_STUB:
        raise ValueError(f"an open plan deals {take} cards from a stub of {len(stub)} (at most "
                         f"{OPEN_MAX_STUB}) with {len(known_board)} board cards known")
    plan = np.zeros(OPEN_PLAN_SIZE, dtype=np.uint32)
    plan[PLAN_STUB:PLAN_STUB + len(stub)] = stub
    plan[PLAN_RANK_WORDS:PLAN_RANK_WORDS + BLOCK] = rank_words(seven_words)
    plan[PLAN_N_STUB] = len(stub)
    plan[PLAN_THRESHOLD] = (1 << 16) % len(stub)  # (draws of 16 bits)
    for card in range(take):  # a lane draws again with chance card / len(stub) a draw
        used = card / len(stub)
        pairs = 1
        while 1 - (1 - used ** (2 * pairs)) ** BLOCK > REDRAW_SHARE:
            pairs += 1
        plan[PLAN_PAIRS + card] = pairs
    plan[PLAN_TAKE] = take
    plan[PLAN_PLAYERS] = players
    plan[PLAN_FLUSH_BIAS] = flush_bias
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

    for seat in range(players):  # the random seats' cards first, in seat order
        for t in range(2):
            code = None if random_seats[seat] else int(fixed_hole[2 * seat + t])
            plan[PLAN_SEATS + 2 * seat + t] = slot_of(code)
    for t in range(OPEN_BOARD):
        code = int(known_board[t]) if t < len(known_board) else None
        plan[PLAN_BOARD + t] = slot_of(code)
    plan[PLAN_SLOTS] = fixed
    return plan


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
    lanes_at, plan_at, scratch_at = args
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

    with cgutils.for_range(builder, take) as card:
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
        low = builder.call(two_table, [stub[0], pick, stub[1]])
        high = builder.call(two_table, [stub[2], pick, stub[3]])
        upper = builder.icmp_unsigned("!=", builder.and_(pick, _splat(32)), _splat(0))
        at = builder.mul(builder.trunc(card.index, _I32), _I32(BLOCK))
        builder.store(builder.select(upper, high, low), vector_at(scratch, at), align=4)
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
    with cgutils.for_range(builder, players) as seat:
        p = builder.trunc(seat.index, _I32)
        first = builder.add(_I32(PLAN_SEATS), builder.mul(p, _I32(2)))
        hole = [slot_codes(first), slot_codes(builder.add(first, _I32(1)))]
        hole_key, hole_suits = _rank_keys_and_suits(builder, hole, rank_words)
        suits = builder.add(board_suits, hole_suits)
        flush = builder.and_(builder.add(suits, bias), _splat(0x8888))
        ranks, _ = _flush_ranks(builder, board + hole, flush)  # 0 without a flush
        at = builder.mul(p, _I32(BLOCK))
        builder.store(builder.add(board_key, hole_key),
                      vector_at(scratch, builder.add(_I32(SCRATCH_KEYS), at)), align=4)
        builder.store(ranks, vector_at(scratch, builder.add(_I32(SCRATCH_FLUSH), at)), align=4)
    return context.get_dummy_value()


@intrinsic
def _open_block(typingctx, lanes_at, plan_at, scratch_at):
    return types.void(types.uint64, types.uint64, types.uint64), _open_codegen


@kernel
def _open_trials(trials, lanes, plan, scratch, offsets, classes, flush_classes, acc):
    """``trials`` trials of :func:`_open_block`'s blocks, their sums added to ``acc`` as the
    scalar open-seat loops add them: heads-up, each seat's wins counted; for more seats, each
    pot counted as :func:`equity._kernels.pots.count_high_pot` counts it."""
    lanes_at, plan_at, scratch_at = lanes.ctypes.data, plan.ctypes.data, scratch.ctypes.data
    n_players = np.int64(plan[PLAN_PLAYERS])
    if n_players == 2:
        first_wins = 0
        second_wins = 0
        remaining = trials
        while remaining > 0:
            _open_block(lanes_at, plan_at, scratch_at)
            count = min(BLOCK, remaining)
            for k in range(count):
                first = _seat_class(scratch, 0, k, offsets, classes, flush_classes)
                second = _seat_class(scratch, 1, k, offsets, classes, flush_classes)
                first_wins += np.int64(first > second)
                second_wins += np.int64(second > first)
            remaining -= count
        _add_duels(first_wins, second_wins, trials - first_wins - second_wins, acc)
        return
    seat_classes = np.empty(n_players, dtype=np.int64)
    won = np.zeros(n_players, dtype=np.int64)
    split = np.zeros((n_players, n_players + 1), dtype=np.int64)
    width = win_width(n_players)
    packed = U64(0)
    filled = 0
    remaining = trials
    while remaining > 0:
        _open_block(lanes_at, plan_at, scratch_at)
        count = min(BLOCK, remaining)
        for k in range(count):
            best = np.int64(-1)
            for p in range(n_players):
                value = _seat_class(scratch, p, k, offsets, classes, flush_classes)
                seat_classes[p] = value
                best = max(best, value)
            packed, filled = count_high_pot(seat_classes, best, n_players, width, packed, filled,
                                            won, split)
        remaining -= count
    unpack_wins(packed, width, n_players, won)
    split_sums(won, split, n_players, acc[0], acc[1], acc[2], acc[3])


@inline_kernel
def _seat_class(scratch, p, k, offsets, classes, flush_classes):
    """Seat ``p``'s class in lane ``k`` of the last block: its seven-card class, or its flush's
    when that is better (the flush table's entry 0, no flush, is below every class)."""
    key = U64(scratch[SCRATCH_KEYS + BLOCK * p + k])
    value = np.int64(classes[row_slot(key, offsets, SEVEN_ROW_SHIFT)])
    flush = np.int64(flush_classes[scratch[SCRATCH_FLUSH + BLOCK * p + k]])
    return flush if flush > value else value


def _open_blocks(states, chunk_trials, plan, offsets, classes, flush_classes, sums):
    """Monte Carlo of fixed and random two-card hands and the board still to come (see the
    module), chunk ``c`` from ``states[c]`` (xoshiro256** states), ``chunk_trials[c]`` trials;
    ``sums[c]`` as :func:`equity._kernels.calc.sample_plain` fills it.  ``offsets``, ``classes``
    and ``flush_classes``: the game's seven-card tables of class ids."""
    slots = np.int64(plan[PLAN_SLOTS])
    for c in prange(states.shape[0]):
        s0, s1, s2, s3 = states[c, 0], states[c, 1], states[c, 2], states[c, 3]
        lanes = np.empty(4 * BLOCK, dtype=np.uint32)
        for i in range(2 * BLOCK):
            bits, s0, s1, s2, s3 = xoshiro_next(s0, s1, s2, s3)
            lanes[2 * i] = np.uint32(bits & U64(0xFFFFFFFF))
            lanes[2 * i + 1] = np.uint32(bits >> U64(32))
        scratch = np.zeros(SCRATCH_SIZE, dtype=np.uint32)
        for slot in range(np.int64(plan[PLAN_TAKE]), slots):  # the fixed cards, in every lane
            for k in range(BLOCK):
                scratch[SCRATCH_CODES + BLOCK * slot + k] = plan[PLAN_CODES + slot]
        acc = np.zeros((5, sums.shape[2]))
        _open_trials(chunk_trials[c], lanes, plan, scratch, offsets, classes, flush_classes, acc)
        for k in range(5):
            for p in range(sums.shape[2]):
                sums[c, k, p] = acc[k, p]


open_blocks = parallel_kernel(_open_blocks)
