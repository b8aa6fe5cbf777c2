"""Hands sixteen at a time in AVX-512 registers (Hold'em's ``evaluate_many`` also eight at a time in
AVX2 registers, :data:`AVX2_BLOCK`): Hold'em's ``evaluate_many``; the keys of whole
Omaha and Spanish deals in their whole-hand table (``evaluate_many`` again, middle of the
module); and heads-up Monte Carlo of two fixed hands before the flop (last part).

The scalar seven-card kernel (:func:`equity._kernels.evaluate.best_high_seven`) spends most of
its time on fourteen loads a row: seven card codes and seven card words.  Here a block of
sixteen rows is read with two vector loads (32 hole bytes, 80 board bytes), the codes are split
into seven vectors by byte shuffles, and each card's rank word comes from a sixteen-entry table
held in one register (``vpermd``), so no card word is loaded at all.  The suit counts, the
ranks held in a flush suit and the input check (repeated cards, cards outside the deck) are
shifts, masks and additions on the same vectors.  Only the two table loads of the
row-displacement hash remain per row (``slot = key + offsets[key >> 11]``, then the strength),
one lane at a time, which lets them overlap.  Each lane also has its flush suit's ranks (none
for the about 97% of random hands without a flush), and the better of the two strengths is
kept.  The last ``n % 16`` rows make one more block, padded with copies of its last row.  Every
block is checked, also when the caller asks for no check: then a block with a bad row is not
refused but evaluated again with its table reads clamped, which costs nothing on good rows.

The permute is an AVX-512 instruction, so :func:`available` says whether this host (and
Numba's target) has it.  Where it has AVX2 only, the Hold'em block runs eight lanes wide
(:func:`lanes_tag`): AVX2's permute reads eight entries, so a rank word is one of two permutes
chosen by bit 3 of the rank; AVX2 has no vector bit count or trailing-zero count, so repeated
cards are found as bits already set and the flush suit is read off its flag bit by shifts.
Elsewhere the scalar kernel runs.  ``EQUITY_SIMD`` (read by :mod:`equity.vector`, which
callers ask) chooses the width or turns the blocks off.  The LLVM code is written here
with llvmlite, as Numba intrinsics: sixteen-lane vectors, byte shuffles, and two x86
intrinsics, the permute (which reads only an index's low bits) and the variable shift (0 for a
count past 31, where LLVM's own shift is undefined).

Measured on the 2-core AMD EPYC (Zen 4) of ``benchmarks/README.md``, one core, 1 M random
Hold'em hands, input check included: about 2.3-2.5 ms against 4.2-4.4 ms for the scalar kernel
and its separate check.  Tried there and slower: LLVM's vector gathers (``vpgatherdd``) for the
card words (about 6 ms), for the row offsets, or for every lookup; flush lanes flagged to the
caller and finished by a branch (5-10% slower than loading every lane's flush entry).
"""

import functools

import llvmlite.binding as llvm
import numba
import numpy as np
from llvmlite import ir
from numba import prange, types
from numba.cpython.unsafe.numbers import leading_zeros
from numba.extending import intrinsic

from equity._kernels import inline_kernel, kernel, parallel_kernel
from equity._kernels.calc import _add_duels
from equity._kernels.evaluate import FLUSH_MASKS, SEVEN_WEIGHTS, WHOLE_BLOCK, whole_strengths
from equity._kernels.rng import xoshiro_next
from equity._kernels.row_hash import SEVEN_ROW_SHIFT, row_slot

U64 = np.uint64
#: Rows a block evaluates.
BLOCK = 16
#: A checked block's result when one of its rows is not valid (0 when all are).
INVALID_BLOCK = 1

_I1, _I8, _I16, _I32, _I64 = (ir.IntType(b) for b in (1, 8, 16, 32, 64))


def available(extension: str = "avx512f") -> bool:
    """Whether the block kernels of an instruction-set extension (``"avx512f"``, or ``"avx2"``
    for the eight-lane blocks) can run here: on the host and in Numba's target (the machine
    alone: whether the user turned them off is :func:`equity.vector.vector_path`'s)."""
    return _target_has(extension, numba.config.CPU_NAME, numba.config.CPU_FEATURES)


@functools.lru_cache(maxsize=8)
def _target_has(extension: str, cpu_name: str | None, cpu_features: str | None) -> bool:
    if cpu_name:  # a named target (say, generic for a cache shared between machines)
        features = cpu_features or ""
    else:
        features = llvm.get_host_cpu_features().flatten()
    return f"+{extension}" in features.split(",")


def _vec(element, lanes=BLOCK):
    return ir.VectorType(element, lanes)


def _splat(value, element=_I32, lanes=BLOCK):
    return ir.Constant(_vec(element, lanes), [value] * lanes)


def _declare(module, name, return_type, arg_types):
    fn = module.globals.get(name)
    return fn if fn is not None else ir.Function(module, ir.FunctionType(return_type, arg_types), name)


def _rank_keys_and_suits(builder, codes, rank_words, lanes=BLOCK):
    """Each lane's summed rank words (its seven-card key) and its 4-bit suit counts.

    Sixteen lanes look the thirteen rank words up with one AVX-512 permute; eight lanes
    (AVX2, whose permute reads eight entries) take ``rank_words`` as its two halves and
    choose between two permutes by bit 3 of the rank."""
    key = suits = None
    for code in codes:
        rank = builder.lshr(code, _splat(2, lanes=lanes))
        if lanes == BLOCK:
            permute = _declare(builder.module, "llvm.x86.avx512.permvar.si.512", _vec(_I32),
                               [_vec(_I32), _vec(_I32)])
            word = builder.call(permute, [rank_words, rank])
        else:
            permute = _declare(builder.module, "llvm.x86.avx2.permd", _vec(_I32, lanes),
                               [_vec(_I32, lanes), _vec(_I32, lanes)])
            low, high = (builder.call(permute, [half, rank]) for half in rank_words)
            upper = builder.icmp_unsigned("!=", builder.and_(rank, _splat(8, lanes=lanes)),
                                          _splat(0, lanes=lanes))
            word = builder.select(upper, high, low)
        suit = builder.shl(_splat(1, lanes=lanes), builder.shl(builder.and_(code, _splat(3, lanes=lanes)),
                                                               _splat(2, lanes=lanes)))
        key = word if key is None else builder.add(key, word)
        suits = suit if suits is None else builder.add(suits, suit)
    return key, suits


def _flush_ranks(builder, codes, flush, lanes=BLOCK):
    """(ranks of ``codes`` in each lane's flush suit, the flush suit): the suit is the one
    whose bit 3 is set in ``flush``, or 8 for a lane without one, which no card has."""
    flush_suit = _flush_suit(builder, flush, lanes)
    ranks = None
    for code in codes:
        rank_bit = _suited_rank_bit(builder, code, flush_suit, lanes)
        ranks = rank_bit if ranks is None else builder.or_(ranks, rank_bit)
    return ranks, flush_suit


def _flush_suit(builder, flush, lanes=BLOCK):
    """Each lane's suit whose bit 3 is set in ``flush`` (its summed suit counts plus the flush
    bias), or 8 for a lane without one, which no card has."""
    if lanes == BLOCK:
        first_bit = _declare(builder.module, f"llvm.cttz.v{lanes}i32", _vec(_I32, lanes),
                             [_vec(_I32, lanes), _I1])
        flush_suit = builder.lshr(builder.call(first_bit, [flush, _I1(0)]), _splat(2, lanes=lanes))
    else:  # AVX2 has no vector count of trailing zeros: the one flag bit (of 3, 7, 11, 15) read
        # off by shifts, and 8 where none is set
        suit = None
        for k in (1, 2, 3):
            bit = builder.and_(builder.lshr(flush, _splat(4 * k + 3, lanes=lanes)), _splat(1, lanes=lanes))
            term = builder.mul(bit, _splat(k, lanes=lanes))
            suit = term if suit is None else builder.or_(suit, term)
        none = builder.icmp_unsigned("==", flush, _splat(0, lanes=lanes))
        flush_suit = builder.select(none, _splat(8, lanes=lanes), suit)
    return flush_suit


def _suited_rank_bit(builder, code, flush_suit, lanes=BLOCK):
    """Each lane's card ``code`` as a bit of its rank where it is of the lane's ``flush_suit``,
    else 0."""
    in_suit = builder.icmp_unsigned("==", builder.and_(code, _splat(3, lanes=lanes)), flush_suit)
    rank_bit = builder.call(_shift(builder, lanes), [_splat(1, lanes=lanes),
                                                     builder.lshr(code, _splat(2, lanes=lanes))])
    return builder.select(in_suit, rank_bit, _splat(0, lanes=lanes))


def _shift(builder, lanes=BLOCK):
    """x86's variable left shift, which gives 0 for a count past 31 (LLVM's shl is poison):
    AVX-512's on sixteen lanes, AVX2's on eight."""
    name = "llvm.x86.avx512.psllv.d.512" if lanes == BLOCK else "llvm.x86.avx2.psllv.d.256"
    return _declare(builder.module, name, _vec(_I32, lanes), [_vec(_I32, lanes), _vec(_I32, lanes)])


def _block_codegen(n_hole, n_board, clamped, lanes=BLOCK):
    """LLVM code of one block of rows with ``n_hole`` hole and ``n_board`` board codes.

    Unclamped, it checks the rows and, when every row is good, writes their strengths and
    returns 0; else it writes nothing and returns ``INVALID_BLOCK``.  Clamped, it writes the
    strengths of rows that may hold anything, every table read clamped inside its table, and
    returns 0 (for a bad block when the caller asked for no check).  ``lanes``: sixteen rows
    in AVX-512 registers, or eight in AVX2's."""

    def codegen(context, builder, signature, args):
        (hole_at, board_at, rank_words_at, offsets_at, last_row, strengths_at, last_slot,
         out_at, row, deck_mask, flush_bias, flush_strengths_at) = args[:12]  # (then the width's tag)
        codes = _load_codes(builder, hole_at, n_hole, board_at, n_board, row, lanes)
        rank_words = _load_rank_words(builder, rank_words_at, lanes)
        key, suits = _rank_keys_and_suits(builder, codes, rank_words, lanes)
        # the ranks of a lane's flush suit: 0 without a flush, whose table entry is 0
        bias = _splat_of(builder, builder.trunc(flush_bias, _I32), lanes=lanes)
        flush = builder.and_(builder.add(suits, bias), _splat(0x8888, lanes=lanes))
        flush_ranks, _ = _flush_ranks(builder, codes, flush, lanes)
        flush_ranks = builder.and_(flush_ranks, _splat(FLUSH_MASKS - 1, lanes=lanes))  # inside the table
        tables = (offsets_at, strengths_at, flush_strengths_at)
        rows = builder.lshr(key, _splat(SEVEN_ROW_SHIFT, lanes=lanes))
        if clamped:  # the keys of bad rows may lie past the tables: the hash is clamped
            last = _splat_of(builder, last_row, lanes=lanes)
            rows = builder.select(builder.icmp_unsigned(">", rows, last), last, rows)
            _lookups(builder, key, rows, flush_ranks, tables, out_at, row, last_slot, lanes)
            return _I32(0)
        any_bad = _any_bad_lane(builder, codes, deck_mask, lanes)
        with builder.if_then(builder.not_(any_bad), likely=True):
            _lookups(builder, key, rows, flush_ranks, tables, out_at, row, None, lanes)
        return builder.select(any_bad, _I32(INVALID_BLOCK), _I32(0))

    return codegen


def _load_rank_words(builder, rank_words_at, lanes=BLOCK):
    """The sixteen rank words (``uint32[16]`` at ``rank_words_at``) as :func:`_rank_keys_and_suits`
    takes them: one register of sixteen lanes, or its two halves of eight."""
    if lanes == BLOCK:
        return builder.load(builder.inttoptr(rank_words_at, _vec(_I32).as_pointer()), align=4)
    return tuple(builder.load(builder.inttoptr(builder.add(rank_words_at, _I64(4 * half)),
                                               _vec(_I32, lanes).as_pointer()), align=4)
                 for half in (0, lanes))


def _load_codes(builder, hole_at, n_hole, board_at, n_board, row, lanes=BLOCK):
    """The card codes of the ``lanes`` rows from ``row`` on, one ``<lanes x i32>`` a card: the
    ``n_hole`` hole cards, then the ``n_board`` board cards (one vector load of each part,
    split by byte shuffles)."""
    codes = []
    for at, n in ((hole_at, n_hole), (board_at, n_board)):
        if n == 0:
            continue
        where = builder.inttoptr(builder.add(at, builder.mul(row, _I64(n))),
                                 _vec(_I8, n * lanes).as_pointer())
        packed = builder.load(where, align=1)
        for t in range(n):
            picks = ir.Constant(_vec(_I32, lanes), [n * k + t for k in range(lanes)])
            codes.append(builder.zext(builder.shuffle_vector(packed, packed, picks), _vec(_I32, lanes)))
    return codes


def _any_bad_lane(builder, codes, deck_mask, lanes=BLOCK):
    """An ``i1``: whether some lane holds a repeated card or a card outside ``deck_mask``.

    Each card sets its bit among codes 0-31 or 32-63 (none for a code past 63); a row is
    valid when its cards make as many distinct bits as it has cards, all in the deck."""
    shift = _shift(builder, lanes)
    if lanes != BLOCK:  # AVX2 has no vector bit count: a card's bit already set is a repeat
        return _any_bad_lane_narrow(builder, codes, deck_mask, lanes, shift)
    low_bits = high_bits = None
    for code in codes:
        low, high = (builder.call(shift, [_splat(1, lanes=lanes), c])
                     for c in (code, builder.sub(code, _splat(32, lanes=lanes))))
        low_bits = low if low_bits is None else builder.or_(low_bits, low)
        high_bits = high if high_bits is None else builder.or_(high_bits, high)
    count = _declare(builder.module, f"llvm.ctpop.v{lanes}i32", _vec(_I32, lanes), [_vec(_I32, lanes)])
    n_bits = builder.add(builder.call(count, [low_bits]), builder.call(count, [high_bits]))
    deck_low = _splat_of(builder, builder.trunc(deck_mask, _I32), lanes=lanes)
    deck_high = _splat_of(builder, builder.trunc(builder.lshr(deck_mask, _I64(32)), _I32), lanes=lanes)
    outside = builder.or_(builder.and_(low_bits, builder.not_(deck_low)),
                          builder.and_(high_bits, builder.not_(deck_high)))
    bad = builder.or_(builder.icmp_unsigned("!=", n_bits, _splat(len(codes), lanes=lanes)),
                      builder.icmp_unsigned("!=", outside, _splat(0, lanes=lanes)))
    mask = ir.IntType(lanes)
    return builder.icmp_unsigned("!=", builder.bitcast(bad, mask), mask(0))


def _any_bad_lane_narrow(builder, codes, deck_mask, lanes, shift):
    """:func:`_any_bad_lane` without a vector bit count, which AVX2 lacks: each card sets its
    bit among codes 0-31 or 32-63; a repeat is a bit already set by an earlier card, a code
    past 63 (which sets no bit) is compared apart, and a bit outside ``deck_mask`` is a card
    outside the deck."""
    seen_low = seen_high = repeat = far = None
    for code in codes:
        low, high = (builder.call(shift, [_splat(1, lanes=lanes), c])
                     for c in (code, builder.sub(code, _splat(32, lanes=lanes))))
        again = builder.or_(builder.and_(low, seen_low), builder.and_(high, seen_high)) \
            if seen_low is not None else None
        repeat = again if repeat is None else builder.or_(repeat, again) if again is not None else repeat
        seen_low = low if seen_low is None else builder.or_(seen_low, low)
        seen_high = high if seen_high is None else builder.or_(seen_high, high)
        past = builder.icmp_unsigned(">", code, _splat(63, lanes=lanes))
        far = past if far is None else builder.or_(far, past)
    deck_low = _splat_of(builder, builder.trunc(deck_mask, _I32), lanes=lanes)
    deck_high = _splat_of(builder, builder.trunc(builder.lshr(deck_mask, _I64(32)), _I32), lanes=lanes)
    outside = builder.or_(builder.and_(seen_low, builder.not_(deck_low)),
                          builder.and_(seen_high, builder.not_(deck_high)))
    bad = builder.or_(builder.icmp_unsigned("!=", builder.or_(repeat, outside), _splat(0, lanes=lanes)),
                      far)
    mask = ir.IntType(lanes)
    return builder.icmp_unsigned("!=", builder.bitcast(bad, mask), mask(0))


def _lookups(builder, key, rows, flush_ranks, tables, out_at, row, last_slot, lanes=BLOCK):
    """The tables lane by lane: ``out = max(strengths[key + offsets[rows]], flush[flush_ranks])``
    (with ``last_slot``, the slot clamped to it).  The flush load is made in every lane, most
    of them reading entry 0: measured faster than branching on the few lanes with a flush."""
    offsets_at, strengths_at, flush_at = tables
    offsets = builder.inttoptr(offsets_at, _I32.as_pointer())
    strengths = builder.inttoptr(strengths_at, _I32.as_pointer())
    flush_strengths = builder.inttoptr(flush_at, _I32.as_pointer())
    out = builder.inttoptr(builder.add(out_at, builder.mul(row, _I64(4))), _I32.as_pointer())

    def lane_of(vector, k):
        return builder.zext(builder.extract_element(vector, _I32(k)), _I64)

    for k in range(lanes):
        slot = builder.add(builder.extract_element(key, _I32(k)),
                           builder.load(builder.gep(offsets, [lane_of(rows, k)])))
        if last_slot is not None:
            slot = builder.select(builder.icmp_unsigned(">", slot, last_slot), last_slot, slot)
        value = builder.load(builder.gep(strengths, [builder.zext(slot, _I64)]))
        flush = builder.load(builder.gep(flush_strengths, [lane_of(flush_ranks, k)]))
        value = builder.select(builder.icmp_unsigned(">", flush, value), flush, value)
        builder.store(value, builder.gep(out, [_I64(k)]))


def _splat_of(builder, value, element=_I32, lanes=BLOCK):
    """A vector of ``value`` (an LLVM scalar) in every lane."""
    one = builder.insert_element(ir.Constant(_vec(element, lanes), None), value, _I32(0))
    return builder.shuffle_vector(one, one, ir.Constant(_vec(_I32, lanes), [0] * lanes))


#: Rows an AVX2 block evaluates (eight 32-bit lanes of a 256-bit register).
AVX2_BLOCK = 8


def lanes_tag(path: str) -> np.ndarray:
    """The empty array that tells the block kernels their width by its dtype, for a vector path
    (:func:`equity.vector.vector_path`): ``uint16``, sixteen AVX-512 lanes; ``uint8`` for
    ``"avx2"``, eight lanes.  So one kernel source compiles to each width, and a machine
    without AVX-512 never compiles its blocks."""
    return np.zeros(0, dtype=np.uint8 if path == "avx2" else np.uint16)


def _block_intrinsic(n_hole, n_board, clamped):
    @intrinsic
    def block(typingctx, hole_at, board_at, rank_words_at, offsets_at, last_row, strengths_at,
              last_slot, out_at, row, deck_mask, flush_bias, flush_strengths_at, lanes_of):
        lanes = BLOCK if lanes_of.dtype == types.uint16 else AVX2_BLOCK
        sig = types.uint32(types.uint64, types.uint64, types.uint64, types.uint64, types.uint32,
                           types.uint64, types.uint32, types.uint64, types.int64, types.uint64,
                           types.uint64, types.uint64, lanes_of)
        return sig, _block_codegen(n_hole, n_board, clamped, lanes)

    return block


_block_2_5 = _block_intrinsic(2, 5, False)
_block_2_5_clamped = _block_intrinsic(2, 5, True)


@kernel
def best_high_seven_blocks(hole, board, rank_words, offsets, strengths, flush_strengths,
                           flush_bias, deck_mask, check, out, lanes_of):
    """:func:`~equity._kernels.evaluate.best_high_seven` for rows of two hole and five board
    cards, sixteen rows at a time in AVX-512 registers or eight in AVX2's (``lanes_of``:
    :func:`lanes_tag`); with ``check``, False (and ``out`` unfinished) as soon as a
    row holds a repeated card or a card outside ``deck_mask``.

    ``hole`` and ``board`` are read as raw memory, so they must be C-contiguous ``uint8``
    (``2 * n`` and ``5 * n`` codes); ``rank_words``: ``uint32[16]``, each rank's seven-card word
    (weight and card count), zero past the thirteen ranks.  Every block is checked; without
    ``check`` a block with a bad row is not refused but evaluated again with its table reads
    clamped inside the tables, so bad codes give wrong strengths but read no stray memory.
    The last ``n % 16`` rows make sixteen of their own (:func:`_padded_tail`)."""
    n = out.shape[0]
    end = n - n % BLOCK
    tables = (rank_words, offsets, strengths, flush_strengths)
    if not _seven_rows(hole, board, end, tables, flush_bias, deck_mask, check, out, lanes_of):
        return False
    if end == n:
        return True
    hole_tail, board_tail = _padded_tail(hole, 2, board, 5, end, n)
    out_tail = np.empty(BLOCK, dtype=out.dtype)
    if not _seven_rows(hole_tail, board_tail, BLOCK, tables, flush_bias, deck_mask, check,
                       out_tail, lanes_of):
        return False
    out[end:] = out_tail[:n - end]
    return True


@inline_kernel
def _seven_rows(hole, board, n, tables, flush_bias, deck_mask, check, out, lanes_of):
    """Rows ``0 .. n - 1`` (a multiple of sixteen) of :func:`best_high_seven_blocks`."""
    rank_words, offsets, strengths, flush_strengths = tables
    last_row, last_slot = np.uint32(offsets.shape[0] - 1), np.uint32(strengths.shape[0] - 1)
    hole_at, board_at, out_at = hole.ctypes.data, board.ctypes.data, out.ctypes.data
    words_at, offsets_at, strengths_at = rank_words.ctypes.data, offsets.ctypes.data, \
        strengths.ctypes.data
    flush_at = flush_strengths.ctypes.data
    step = BLOCK if lanes_of.itemsize == 2 else AVX2_BLOCK
    for start in range(0, n, step):
        if _block_2_5(hole_at, board_at, words_at, offsets_at, last_row, strengths_at, last_slot,
                      out_at, start, deck_mask, flush_bias, flush_at, lanes_of):
            if check:
                return False
            _clamped_seven_block(hole_at, board_at, words_at, offsets_at, last_row,
                                 strengths_at, last_slot, out_at, start, deck_mask, flush_bias,
                                 flush_at, lanes_of)
    return True


@kernel
def _clamped_seven_block(hole_at, board_at, words_at, offsets_at, last_row, strengths_at,
                         last_slot, out_at, start, deck_mask, flush_bias, flush_at, lanes_of):
    """A bad block of :func:`_seven_rows` again, clamped (a function of its own, out of the
    hot loop)."""
    _block_2_5_clamped(hole_at, board_at, words_at, offsets_at, last_row, strengths_at,
                       last_slot, out_at, start, deck_mask, flush_bias, flush_at, lanes_of)


@inline_kernel
def _padded_tail(hole, n_hole, board, n_board, end, n):
    """The rows ``end .. n - 1`` (fewer than sixteen) as a block of sixteen rows, padded with
    copies of the last row: ``(hole, board)``, flat ``uint8``."""
    hole_tail = np.empty(BLOCK * n_hole, dtype=np.uint8)
    board_tail = np.empty(BLOCK * n_board, dtype=np.uint8)
    for k in range(BLOCK):
        i = min(end + k, n - 1)
        for t in range(n_hole):
            hole_tail[k * n_hole + t] = hole[i * n_hole + t]
        for t in range(n_board):
            board_tail[k * n_board + t] = board[i * n_board + t]
    return hole_tail, board_tail


# ---------------------------------------------------------------------------------------------
# Hands of exactly j hole cards through the whole-hand table (Omaha, Spanish), sixteen rows at a
# time
# ---------------------------------------------------------------------------------------------
# The scalar kernel (:func:`equity._kernels.evaluate.best_exact_whole`) works in blocks of rows:
# first every row's position in the whole-hand table (the board's and the hole cards' rank keys
# through their row-displacement hash) and whether its suits allow a flush, then the table
# loads, then the flushes.  Here the first part's card words, keys and suit counts come sixteen
# rows at a time from vector arithmetic (and the input check with them); the hash lookups, the
# loads and the flushes stay as they are.

#: The board cards of the whole-hand blocks, and the (hole cards, board cards) built here:
#: Omaha's and Spanish's.
WHOLE_BOARD = 5
WHOLE_SHAPES = ((4, WHOLE_BOARD), (2, WHOLE_BOARD))


def _whole_codegen(n_hole, n_board, lanes=BLOCK):
    """LLVM code of one block of ``lanes`` rows (sixteen, or eight in AVX2 registers) for the
    whole-hand table: writes the board keys, the hole keys and the flush flags (``uint32[3 *
    lanes]``, ``lanes`` of each) and returns ``INVALID_BLOCK`` when a row holds a repeated card
    or a card outside the deck, else 0."""

    def codegen(context, builder, signature, args):
        hole_at, board_at, rank_words_at, row, deck_mask, board_bias, hole_bias, keys_at = args[:8]
        codes = _load_codes(builder, hole_at, n_hole, board_at, n_board, row, lanes)
        rank_words = _load_rank_words(builder, rank_words_at, lanes)
        hole_key, hole_suits = _rank_keys_and_suits(builder, codes[:n_hole], rank_words, lanes)
        board_key, board_suits = _rank_keys_and_suits(builder, codes[n_hole:], rank_words, lanes)
        # a suit allows a flush when it holds enough board cards and enough hole cards
        board_room = builder.add(board_suits, _splat_of(builder, builder.trunc(board_bias, _I32),
                                                        lanes=lanes))
        hole_room = builder.add(hole_suits, _splat_of(builder, builder.trunc(hole_bias, _I32),
                                                      lanes=lanes))
        flags = builder.and_(builder.and_(board_room, hole_room), _splat(0x8888, lanes=lanes))
        keys = builder.inttoptr(keys_at, _I32.as_pointer())
        weights = _splat(int(SEVEN_WEIGHTS), lanes=lanes)
        for k, vector in enumerate((builder.and_(board_key, weights), builder.and_(hole_key, weights),
                                    flags)):
            where = builder.bitcast(builder.gep(keys, [_I32(lanes * k)]), _vec(_I32, lanes).as_pointer())
            builder.store(vector, where, align=4)
        return builder.select(_any_bad_lane(builder, codes, deck_mask, lanes), _I32(INVALID_BLOCK),
                              _I32(0))

    return codegen


def _whole_intrinsic(n_hole, n_board):
    @intrinsic
    def block(typingctx, hole_at, board_at, rank_words_at, row, deck_mask, board_bias, hole_bias,
              keys_at, lanes_of):
        lanes = BLOCK if lanes_of.dtype == types.uint16 else AVX2_BLOCK
        sig = types.uint32(types.uint64, types.uint64, types.uint64, types.int64, types.uint64,
                           types.uint64, types.uint64, types.uint64, lanes_of)
        return sig, _whole_codegen(n_hole, n_board, lanes)

    return block


_whole_4_5 = _whole_intrinsic(4, 5)
_whole_2_5 = _whole_intrinsic(2, 5)


@kernel
def best_exact_whole_blocks(hole, n_hole, board, rank_words, suit_bits, whole_offsets,
                            whole_positions, whole_classes, flush_classes, class_strength, j,
                            board_need, deck_mask, check, out, lanes_of):
    """:func:`~equity._kernels.evaluate.best_exact_whole` for rows of ``n_hole`` hole cards (a
    shape of ``WHOLE_SHAPES``) and five board cards, their keys sixteen rows at a time in
    AVX-512 registers or eight in AVX2's (``lanes_of``: :func:`lanes_tag`); with
    ``check``, False (and ``out`` unfinished) as soon as a row holds a repeated card or a card
    outside ``deck_mask``.

    ``hole`` and ``board`` are read as raw memory, so they must be C-contiguous ``uint8``;
    ``rank_words`` as for :func:`best_high_seven_blocks`.  Every block is checked; without
    ``check`` a block with a bad row is not refused but has its table reads clamped inside the
    tables, so bad codes give wrong strengths but read no stray memory.  The last ``n % 16``
    rows make a block of their own (:func:`_padded_tail`)."""
    n = out.shape[0]
    end = n - n % BLOCK
    tables = (rank_words, suit_bits, whole_offsets, whole_positions, whole_classes.ravel(),
              flush_classes, class_strength)
    if not _whole_rows(hole, n_hole, board, end, tables, j, board_need, deck_mask, check, out,
                       lanes_of):
        return False
    if end == n:
        return True
    hole_tail, board_tail = _padded_tail(hole, n_hole, board, WHOLE_BOARD, end, n)
    out_tail = np.empty(BLOCK, dtype=out.dtype)
    if not _whole_rows(hole_tail, n_hole, board_tail, BLOCK, tables, j, board_need, deck_mask,
                       check, out_tail, lanes_of):
        return False
    out[end:] = out_tail[:n - end]
    return True


@inline_kernel
def _whole_rows(hole, n_hole, board, n, tables, j, board_need, deck_mask, check, out, lanes_of):
    """Rows ``0 .. n - 1`` (a multiple of sixteen) of :func:`best_exact_whole_blocks`."""
    rank_words, suit_bits, whole_offsets, whole_positions, flat, flush_classes, class_strength = \
        tables
    last_row, last_slot = U64(whole_offsets.shape[0] - 1), U64(whole_positions.shape[0] - 1)
    last_entry = np.uint32(flat.shape[0] - 1)
    step = BLOCK if lanes_of.itemsize == 2 else AVX2_BLOCK
    keys = np.empty(3 * BLOCK, dtype=np.uint32)
    position = np.empty(WHOLE_BLOCK, dtype=np.uint32)
    flagged = np.empty(WHOLE_BLOCK, dtype=np.int64)
    board_bias = U64(0x1111 * (8 - board_need))  # a suit's nibble reaches 8 at board_need cards
    hole_bias = U64(0x1111 * (8 - j))
    hole_at, board_at = hole.ctypes.data, board.ctypes.data
    words_at, keys_at = rank_words.ctypes.data, keys.ctypes.data
    for start in range(0, n, WHOLE_BLOCK):
        stop = min(start + WHOLE_BLOCK, n)
        n_flagged = 0
        for row in range(start, stop, step):
            if n_hole == 4:  # the counts as constants
                bad = _whole_4_5(hole_at, board_at, words_at, row, deck_mask, board_bias,
                                 hole_bias, keys_at, lanes_of)
            else:
                bad = _whole_2_5(hole_at, board_at, words_at, row, deck_mask, board_bias,
                                 hole_bias, keys_at, lanes_of)
            if bad and check:
                return False
            for k in range(step):
                board_key, hole_key = U64(keys[k]), U64(keys[step + k])
                if not bad:
                    at = (whole_positions[row_slot(board_key, whole_offsets, SEVEN_ROW_SHIFT)]
                          + whole_positions[row_slot(hole_key, whole_offsets, SEVEN_ROW_SHIFT)])
                else:  # unchecked bad rows: their keys may lie past the tables
                    at = (whole_positions[_clamped_slot(board_key, whole_offsets, last_row,
                                                        last_slot)]
                          + whole_positions[_clamped_slot(hole_key, whole_offsets, last_row,
                                                          last_slot)])
                    at = min(at, last_entry)
                position[row - start + k] = at
                flagged[n_flagged] = row + k
                n_flagged += keys[2 * step + k] != 0
        whole_strengths(hole, n_hole, board, WHOLE_BOARD, start, stop, position, flagged,
                        n_flagged, flat, suit_bits, flush_classes, class_strength, j, board_need,
                        out)
    return True


@inline_kernel
def _clamped_slot(key, offsets, last_row, last_slot):
    """``row_slot`` of a key that may lie past the table: its row and its slot clamped."""
    row = min(key >> U64(SEVEN_ROW_SHIFT), last_row)
    return min(U64(np.int64(key) + np.int64(offsets[row])), last_slot)


# ---------------------------------------------------------------------------------------------
# Heads-up Monte Carlo, sixteen boards at a time
# ---------------------------------------------------------------------------------------------
# A heads-up spot of two fixed hands before the flop (Hold'em's AhKh against QsQd) is dealt
# sixteen boards at a time, one a lane, each lane with its own xoshiro128** generator (seeded
# from the chunk's xoshiro256** state, so a seed gives the same numbers on any number of
# threads).  Each of the five board cards is a position in the stub drawn by Lemire's
# multiply-shift and looked up in the stub held in four registers (``vpermi2d``); a lane whose
# five positions are not all different, or whose draw fell in Lemire's biased zone, is dropped,
# which leaves the kept boards uniform over the ordered five-card deals (about 80% of lanes
# are kept with a 48-card stub).  The rank keys, suit counts and flush ranks are worked out as
# in the evaluator's blocks; the kernel then looks up both hands of each kept lane.

#: Where a duel plan (``uint32[PLAN_SIZE]``, made by :func:`duel_plan`) keeps each part: the
#: stub's card codes (padded to 64), each rank's seven-card word, each seat's hole ranks by
#: suit (16 entries a seat, 0 past suit 3), the stub's size, Lemire's threshold
#: ``2**32 % size``, each seat's summed hole words, each seat's suit counts, each seat's key
#: with the stub's first five cards (a real hand for dropped lanes) and the flush bias.
PLAN_STUB, PLAN_RANK_WORDS, PLAN_SUIT_RANKS = 0, 64, 80
PLAN_N_STUB, PLAN_THRESHOLD, PLAN_TOTALS, PLAN_SUITS, PLAN_SAFE_KEYS, PLAN_FLUSH_BIAS = (
    112, 113, 114, 116, 118, 120)
PLAN_SIZE = 128
#: Board cards a duel block deals.
DUEL_BOARD = 5
#: The most stub cards a duel plan holds.
DUEL_MAX_STUB = 64


def rank_words(seven_words: np.ndarray) -> np.ndarray:
    """Each rank's seven-card word without its suit bits (``uint32[16]``, zero past the
    thirteen ranks): the in-register table of both kinds of block, which count suits
    themselves."""
    words = np.zeros(BLOCK, dtype=np.uint32)
    words[:13] = seven_words[:52:4] & U64(0xFFFFFFFF)
    return words


def duel_plan(stub: np.ndarray, hole: np.ndarray, seven_words: np.ndarray,
              flush_bias: int) -> np.ndarray:
    """The plan of :func:`duel_blocks` for two seats' ``hole`` cards (four codes, seat-major)
    and the ``stub`` the board is dealt from (5 to 64 codes)."""
    if not DUEL_BOARD <= len(stub) <= DUEL_MAX_STUB or len(hole) != 4:
        raise ValueError(f"a duel plan takes 4 hole cards and 5 to 64 stub cards, not "
                         f"{len(hole)} and {len(stub)}")
    plan = np.zeros(PLAN_SIZE, dtype=np.uint32)
    plan[PLAN_STUB:PLAN_STUB + len(stub)] = stub
    words = rank_words(seven_words).astype(np.int64)
    plan[PLAN_RANK_WORDS:PLAN_RANK_WORDS + BLOCK] = words
    board_key = sum(int(words[int(c) >> 2]) for c in stub[:DUEL_BOARD])
    for seat in range(2):
        cards = [int(c) for c in hole[2 * seat:2 * seat + 2]]
        total = sum(int(words[c >> 2]) for c in cards)
        plan[PLAN_TOTALS + seat] = total
        plan[PLAN_SUITS + seat] = sum(1 << 4 * (c & 3) for c in cards)
        plan[PLAN_SAFE_KEYS + seat] = total + board_key
        for c in cards:
            plan[PLAN_SUIT_RANKS + BLOCK * seat + (c & 3)] |= 1 << (c >> 2)
    plan[PLAN_N_STUB] = len(stub)
    plan[PLAN_THRESHOLD] = (1 << 32) % len(stub)
    plan[PLAN_FLUSH_BIAS] = flush_bias
    return plan


def _xoshiro128(builder, state):
    """xoshiro128** in every lane: (32 random bits, the advanced state)."""
    s0, s1, s2, s3 = state
    rotate = _declare(builder.module, "llvm.fshl.v16i32", _vec(_I32),
                      [_vec(_I32), _vec(_I32), _vec(_I32)])

    def rotl(x, k):
        return builder.call(rotate, [x, x, _splat(k)])

    result = builder.mul(rotl(builder.mul(s1, _splat(5)), 7), _splat(9))
    t = builder.shl(s1, _splat(9))
    s2 = builder.xor(s2, s0)
    s3 = builder.xor(s3, s1)
    s1 = builder.xor(s1, s2)
    s0 = builder.xor(s0, s3)
    s2 = builder.xor(s2, t)
    s3 = rotl(s3, 11)
    return result, (s0, s1, s2, s3)


def _duel_codegen(context, builder, signature, args):
    """LLVM code of one block of sixteen heads-up boards: returns the kept lanes (bits 0-15)
    and the lanes where seat 0 (bits 16-31) and seat 1 (bits 32-47) may hold a flush, and
    writes the seats' rank keys and flush ranks to the scratch (``uint32[64]``)."""
    lanes_at, plan_at, scratch_at = args
    module = builder.module
    plan = builder.inttoptr(plan_at, _I32.as_pointer())
    lanes = builder.inttoptr(lanes_at, _I32.as_pointer())
    scratch = builder.inttoptr(scratch_at, _I32.as_pointer())

    def vector_at(base, offset):
        return builder.bitcast(builder.gep(base, [_I32(offset)]), _vec(_I32).as_pointer())

    def scalar(offset):
        return _splat_of(builder, builder.load(builder.gep(plan, [_I32(offset)])))

    permute = _declare(module, "llvm.x86.avx512.permvar.si.512", _vec(_I32),
                       [_vec(_I32), _vec(_I32)])
    two_table = _declare(module, "llvm.x86.avx512.vpermi2var.d.512", _vec(_I32),
                         [_vec(_I32), _vec(_I32), _vec(_I32)])
    state = tuple(builder.load(vector_at(lanes, BLOCK * w), align=4) for w in range(4))
    stub = [builder.load(vector_at(plan, PLAN_STUB + BLOCK * w), align=4) for w in range(4)]
    rank_words = builder.load(vector_at(plan, PLAN_RANK_WORDS), align=4)
    wide = _vec(_I64)
    n_stub = builder.zext(scalar(PLAN_N_STUB), wide)
    threshold = scalar(PLAN_THRESHOLD)
    ok = ir.Constant(_vec(_I1), [1] * BLOCK)
    picks, codes = [], []
    for _ in range(DUEL_BOARD):
        bits, state = _xoshiro128(builder, state)
        product = builder.mul(builder.zext(bits, wide), n_stub)
        pick = builder.trunc(builder.lshr(product, _splat(32, _I64)), _vec(_I32))
        # Lemire's rule: a low part below 2**32 % n would bias the pick; such a lane is dropped
        ok = builder.and_(ok, builder.icmp_unsigned(">=", builder.trunc(product, _vec(_I32)),
                                                    threshold))
        for earlier in picks:  # a card already on this lane's board: dropped too
            ok = builder.and_(ok, builder.icmp_unsigned("!=", pick, earlier))
        low = builder.call(two_table, [stub[0], pick, stub[1]])
        high = builder.call(two_table, [stub[2], pick, stub[3]])
        upper = builder.icmp_unsigned("!=", builder.and_(pick, _splat(32)), _splat(0))
        picks.append(pick)
        codes.append(builder.select(upper, high, low))
    for w in range(4):
        builder.store(state[w], vector_at(lanes, BLOCK * w), align=4)
    board_key, board_suits = _rank_keys_and_suits(builder, codes, rank_words)
    bias = scalar(PLAN_FLUSH_BIAS)
    flags, flagged = [], []
    for seat in range(2):
        key = builder.add(board_key, scalar(PLAN_TOTALS + seat))
        key = builder.select(ok, key, scalar(PLAN_SAFE_KEYS + seat))  # dropped lanes: a real hand
        builder.store(key, vector_at(scratch, BLOCK * seat), align=4)
        suits = builder.add(board_suits, scalar(PLAN_SUITS + seat))
        flag = builder.and_(builder.add(suits, bias), _splat(0x8888))
        flags.append(flag)
        has = builder.and_(builder.icmp_unsigned("!=", flag, _splat(0)), ok)
        flagged.append(builder.zext(builder.bitcast(has, _I16), _I64))
    any_flush = builder.icmp_unsigned("!=", builder.or_(flagged[0], flagged[1]), _I64(0))
    with builder.if_then(any_flush):
        for seat in range(2):
            # the board's ranks in the seat's flush suit, then the seat's own by that suit
            ranks, flush_suit = _flush_ranks(builder, codes, flags[seat])
            hole_ranks = builder.load(vector_at(plan, PLAN_SUIT_RANKS + BLOCK * seat), align=4)
            ranks = builder.or_(ranks, builder.call(permute, [hole_ranks, flush_suit]))
            builder.store(ranks, vector_at(scratch, BLOCK * (2 + seat)), align=4)
    accepted = builder.zext(builder.bitcast(ok, _I16), _I64)
    return builder.or_(accepted, builder.or_(builder.shl(flagged[0], _I64(16)),
                                             builder.shl(flagged[1], _I64(32))))


@intrinsic
def _duel_block(typingctx, lanes_at, plan_at, scratch_at):
    return types.uint64(types.uint64, types.uint64, types.uint64), _duel_codegen


@kernel
def _duel_trials(trials, lanes, plan, scratch, offsets, classes, flush_classes):
    """(first seat's wins, second's) over ``trials`` kept boards of :func:`_duel_block`."""
    lanes_at, plan_at, scratch_at = lanes.ctypes.data, plan.ctypes.data, scratch.ctypes.data
    first_wins = 0
    second_wins = 0
    remaining = trials
    while remaining > 0:
        bits = _duel_block(lanes_at, plan_at, scratch_at)
        accepted = bits & U64(0xFFFF)
        count = 0
        for k in range(BLOCK):
            count += np.int64((accepted >> U64(k)) & U64(1))
        while count > remaining:  # the last block: only the trials still owed
            accepted ^= U64(1) << U64(63 - leading_zeros(accepted))
            count -= 1
        remaining -= count
        for k in range(BLOCK):
            first = classes[row_slot(U64(scratch[k]), offsets, SEVEN_ROW_SHIFT)]
            second = classes[row_slot(U64(scratch[BLOCK + k]), offsets, SEVEN_ROW_SHIFT)]
            if (bits >> U64(16 + k)) & U64(1):
                flush = flush_classes[scratch[2 * BLOCK + k]]
                if flush > first:
                    first = flush
            if (bits >> U64(32 + k)) & U64(1):
                flush = flush_classes[scratch[3 * BLOCK + k]]
                if flush > second:
                    second = flush
            take = np.int64((accepted >> U64(k)) & U64(1))
            first_wins += take & np.int64(first > second)
            second_wins += take & np.int64(second > first)
    return first_wins, second_wins


@inline_kernel
def lane_states(state):
    """Sixteen lanes' xoshiro128** states (``uint32[64]``, word-major) from a chunk's
    xoshiro256** ``state`` (``uint64[4]``): its first 32 outputs, split in halves."""
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    lanes = np.empty(4 * BLOCK, dtype=np.uint32)
    for i in range(2 * BLOCK):
        bits, s0, s1, s2, s3 = xoshiro_next(s0, s1, s2, s3)
        lanes[2 * i] = np.uint32(bits & U64(0xFFFFFFFF))
        lanes[2 * i + 1] = np.uint32(bits >> U64(32))
    return lanes


def _duel_blocks(states, chunk_trials, plan, offsets, classes, flush_classes, sums):
    """Heads-up Monte Carlo of two fixed hands and a whole board to come (see above), chunk
    ``c`` from ``states[c]`` (xoshiro256** states), ``chunk_trials[c]`` boards; ``sums[c]``
    as :func:`equity._kernels.calc.sample_plain` fills it.  ``offsets``, ``classes`` and
    ``flush_classes``: the game's seven-card tables of class ids."""
    for c in prange(states.shape[0]):
        lanes = lane_states(states[c])
        scratch = np.zeros(4 * BLOCK, dtype=np.uint32)
        first_wins, second_wins = _duel_trials(chunk_trials[c], lanes, plan, scratch, offsets,
                                               classes, flush_classes)
        acc = np.zeros((5, 2))
        _add_duels(first_wins, second_wins, chunk_trials[c] - first_wins - second_wins, acc)
        for k in range(5):
            for p in range(2):
                sums[c, k, p] = acc[k, p]


duel_blocks = parallel_kernel(_duel_blocks)
