"""Seven-card lookups sixteen rows at a time, in AVX-512 registers (Hold'em's ``evaluate_many``).

The scalar seven-card kernel (:func:`equity._kernels.evaluate.best_high_seven`) spends most of
its time on fourteen loads a row: seven card codes and seven card words.  Here a block of
sixteen rows is read with two vector loads (32 hole bytes, 80 board bytes), the codes are split
into seven vectors by byte shuffles, and each card's rank word comes from a sixteen-entry table
held in one register (``vpermd``), so no card word is loaded at all.  The suit counts, the
ranks held in a flush suit and the input check (repeated cards, cards outside the deck) are
shifts, masks and additions on the same vectors.  Only the two table loads of the
row-displacement hash remain per row (``slot = key + offsets[key >> 11]``, then the strength),
one lane at a time, which lets them overlap.  Rows whose suit counts allow a flush (about 3% of
random hands) come back flagged, with their flush suit's ranks, and the caller takes the better
of the two strengths with one more load; the last ``n % 16`` rows go through the scalar kernel.

The permute is an AVX-512 instruction, so :func:`available` says whether this host (and
Numba's target) has it; elsewhere the scalar kernel runs.  ``EQUITY_SIMD=0`` turns this path
off.  Measured on the 2-core AMD EPYC (Zen 4) of ``benchmarks/README.md``, one core, 1 M random
Hold'em hands, input check included: about 2.4-2.6 ms against 4.2-4.4 ms for the scalar kernel
and its separate check.  Tried there and slower: LLVM's vector gathers (``vpgatherdd``) for the
card words (about 6 ms), for the row offsets, or for every lookup; the flush lanes finished
branch-free in every block.
"""

import functools
import os

import llvmlite.binding as llvm
import numba
import numpy as np
from llvmlite import ir
from numba import types
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic

from equity._kernels import kernel
from equity._kernels.evaluate import FLUSH_MASKS, _all_cards_rows, _all_valid
from equity._kernels.row_hash import SEVEN_ROW_SHIFT

#: Rows a block evaluates.
BLOCK = 16
#: Bit of a block's result set when one of its rows is not valid (the low 16 bits flag flushes).
INVALID_BLOCK = 1 << BLOCK

_I1, _I8, _I16, _I32, _I64 = (ir.IntType(b) for b in (1, 8, 16, 32, 64))


def available() -> bool:
    """Whether the block kernel can run here: AVX-512 on the host and in Numba's target, and
    not turned off with ``EQUITY_SIMD=0``."""
    if os.environ.get("EQUITY_SIMD", "1").strip().lower() in ("0", "false", "no", "off"):
        return False
    return _target_has_avx512(numba.config.CPU_NAME, numba.config.CPU_FEATURES)


@functools.lru_cache(maxsize=4)
def _target_has_avx512(cpu_name: str | None, cpu_features: str | None) -> bool:
    if cpu_name:  # a named target (say, generic for a cache shared between machines)
        features = cpu_features or ""
    else:
        features = llvm.get_host_cpu_features().flatten()
    return "+avx512f" in features.split(",")


def _vec(element, lanes=BLOCK):
    return ir.VectorType(element, lanes)


def _splat(value, element=_I32):
    return ir.Constant(_vec(element), [value] * BLOCK)


def _declare(module, name, return_type, arg_types):
    fn = module.globals.get(name)
    return fn if fn is not None else ir.Function(module, ir.FunctionType(return_type, arg_types), name)


def _block_codegen(n_hole, n_board, check):
    """LLVM code of one block of rows with ``n_hole`` hole and ``n_board`` board codes."""

    def codegen(context, builder, signature, args):
        (hole_at, board_at, rank_words_at, offsets_at, last_row, strengths_at, last_slot,
         out_at, row, deck_mask, flush_bias, flush_ranks_at) = args
        module = builder.module
        codes = []
        for at, n in ((hole_at, n_hole), (board_at, n_board)):
            if n == 0:
                continue
            where = builder.inttoptr(builder.add(at, builder.mul(row, _I64(n))),
                                     _vec(_I8, n * BLOCK).as_pointer())
            packed = builder.load(where, align=1)
            for t in range(n):
                lanes = ir.Constant(_vec(_I32), [n * k + t for k in range(BLOCK)])
                codes.append(builder.zext(builder.shuffle_vector(packed, packed, lanes),
                                          _vec(_I32)))
        permute = _declare(module, "llvm.x86.avx512.permvar.si.512", _vec(_I32),
                           [_vec(_I32), _vec(_I32)])
        # x86's variable shift gives 0 for a count past 31 (LLVM's shl would be poison)
        shift = _declare(module, "llvm.x86.avx512.psllv.d.512", _vec(_I32),
                         [_vec(_I32), _vec(_I32)])
        rank_words = builder.load(builder.inttoptr(rank_words_at, _vec(_I32).as_pointer()),
                                  align=4)
        key = suits = low_bits = high_bits = None

        def plus(total, value, op=builder.add):
            return value if total is None else op(total, value)

        for code in codes:
            key = plus(key, builder.call(permute, [rank_words, builder.lshr(code, _splat(2))]))
            suit_shift = builder.shl(builder.and_(code, _splat(3)), _splat(2))
            suits = plus(suits, builder.shl(_splat(1), suit_shift))
            if check:  # the card's bit among codes 0-31 or 32-63; none for a code past 63
                low_bits = plus(low_bits, builder.call(shift, [_splat(1), code]), builder.or_)
                high_bits = plus(high_bits, builder.call(
                    shift, [_splat(1), builder.sub(code, _splat(32))]), builder.or_)
        bias = _splat_of(builder, builder.trunc(flush_bias, _I32))
        flush = builder.and_(builder.add(suits, bias), _splat(0x8888))
        flagged = builder.zext(builder.bitcast(builder.icmp_unsigned("!=", flush, _splat(0)),
                                               _I16), _I32)
        with builder.if_then(builder.icmp_unsigned("!=", flagged, _I32(0))):
            # each flagged lane's flush suit (the suit's bit 3 is set in ``flush``; a lane
            # without one finds suit 8, which no card has) and the ranks held in it
            first_bit = _declare(module, "llvm.cttz.v16i32", _vec(_I32), [_vec(_I32), _I1])
            flush_suit = builder.lshr(builder.call(first_bit, [flush, _I1(0)]), _splat(2))
            ranks = None
            for code in codes:
                in_suit = builder.icmp_unsigned("==", builder.and_(code, _splat(3)), flush_suit)
                rank_bit = builder.call(shift, [_splat(1), builder.lshr(code, _splat(2))])
                ranks = plus(ranks, builder.select(in_suit, rank_bit, _splat(0)), builder.or_)
            ranks = builder.and_(ranks, _splat(FLUSH_MASKS - 1))  # bad codes stay in the table
            builder.store(ranks, builder.inttoptr(flush_ranks_at, _vec(_I32).as_pointer()),
                          align=4)
        rows = builder.lshr(key, _splat(SEVEN_ROW_SHIFT))
        if check:
            # a row is valid when its cards make as many distinct bits as it has cards, all in
            # the deck: a repeated card or a code past 63 leaves a bit out
            count = _declare(module, "llvm.ctpop.v16i32", _vec(_I32), [_vec(_I32)])
            n_bits = builder.add(builder.call(count, [low_bits]), builder.call(count, [high_bits]))
            deck_low = _splat_of(builder, builder.trunc(deck_mask, _I32))
            deck_high = _splat_of(builder, builder.trunc(builder.lshr(deck_mask, _I64(32)), _I32))
            outside = builder.or_(builder.and_(low_bits, builder.not_(deck_low)),
                                  builder.and_(high_bits, builder.not_(deck_high)))
            bad = builder.or_(builder.icmp_unsigned("!=", n_bits, _splat(len(codes))),
                              builder.icmp_unsigned("!=", outside, _splat(0)))
            any_bad = builder.icmp_unsigned("!=", builder.bitcast(bad, _I16), _I16(0))
            with builder.if_then(builder.not_(any_bad), likely=True):
                _lookups(builder, key, rows, offsets_at, strengths_at, out_at, row, None)
            return builder.select(any_bad, _I32(INVALID_BLOCK), flagged)
        # unchecked rows may hold anything: the hash is clamped to stay inside the tables
        last = _splat_of(builder, last_row)
        rows = builder.select(builder.icmp_unsigned(">", rows, last), last, rows)
        _lookups(builder, key, rows, offsets_at, strengths_at, out_at, row, last_slot)
        return flagged

    return codegen


def _lookups(builder, key, rows, offsets_at, strengths_at, out_at, row, last_slot):
    """The row-displacement hash lane by lane: ``out = strengths[key + offsets[rows]]`` (with
    ``last_slot``, the slot clamped to it)."""
    offsets = builder.inttoptr(offsets_at, _I32.as_pointer())
    strengths = builder.inttoptr(strengths_at, _I32.as_pointer())
    out = builder.inttoptr(builder.add(out_at, builder.mul(row, _I64(4))), _I32.as_pointer())
    for k in range(BLOCK):
        lane_row = builder.zext(builder.extract_element(rows, _I32(k)), _I64)
        slot = builder.add(builder.extract_element(key, _I32(k)),
                           builder.load(builder.gep(offsets, [lane_row])))
        if last_slot is not None:
            slot = builder.select(builder.icmp_unsigned(">", slot, last_slot), last_slot, slot)
        value = builder.load(builder.gep(strengths, [builder.zext(slot, _I64)]))
        builder.store(value, builder.gep(out, [_I64(k)]))


def _splat_of(builder, value, element=_I32):
    """A vector of ``value`` (an LLVM scalar) in every lane."""
    one = builder.insert_element(ir.Constant(_vec(element), None), value, _I32(0))
    return builder.shuffle_vector(one, one, ir.Constant(_vec(_I32), [0] * BLOCK))


def _block_intrinsic(n_hole, n_board, check):
    @intrinsic
    def block(typingctx, hole_at, board_at, rank_words_at, offsets_at, last_row, strengths_at,
              last_slot, out_at, row, deck_mask, flush_bias, flush_ranks_at):
        sig = types.uint32(types.uint64, types.uint64, types.uint64, types.uint64, types.uint32,
                           types.uint64, types.uint32, types.uint64, types.int64, types.uint64,
                           types.uint64, types.uint64)
        return sig, _block_codegen(n_hole, n_board, check)

    return block


_block_2_5_checked = _block_intrinsic(2, 5, True)
_block_2_5 = _block_intrinsic(2, 5, False)


@kernel
def best_high_seven_blocks(hole, board, rank_words, seven_words, suit_bits, offsets, strengths,
                           flush_strengths, flush_bias, deck_mask, check, out):
    """:func:`~equity._kernels.evaluate.best_high_seven` for rows of two hole and five board
    cards, sixteen rows at a time; with ``check``, False (and ``out`` unfinished) as soon as a
    row holds a repeated card or a card outside ``deck_mask``.

    ``hole`` and ``board`` are read as raw memory, so they must be C-contiguous ``uint8``
    (``2 * n`` and ``5 * n`` codes); ``rank_words``: ``uint32[16]``, each rank's seven-card word
    (weight and card count), zero past the thirteen ranks.  Without ``check`` every table read
    is clamped inside its table, so bad codes give wrong strengths but read no stray memory."""
    n = out.shape[0]
    last_row, last_slot = np.uint32(offsets.shape[0] - 1), np.uint32(strengths.shape[0] - 1)
    hole_at, board_at, out_at = hole.ctypes.data, board.ctypes.data, out.ctypes.data
    words_at, offsets_at, strengths_at = rank_words.ctypes.data, offsets.ctypes.data, \
        strengths.ctypes.data
    flush_ranks = np.zeros(BLOCK, dtype=np.uint32)
    ranks_at = flush_ranks.ctypes.data
    start = 0
    while start + BLOCK <= n:
        if check:
            flagged = _block_2_5_checked(hole_at, board_at, words_at, offsets_at, last_row,
                                         strengths_at, last_slot, out_at, start, deck_mask,
                                         flush_bias, ranks_at)
            if flagged & INVALID_BLOCK:
                return False
        else:
            flagged = _block_2_5(hole_at, board_at, words_at, offsets_at, last_row, strengths_at,
                                 last_slot, out_at, start, deck_mask, flush_bias, ranks_at)
        while flagged:  # a flush beats the ranks' own hand unless that is a full house or better
            k = trailing_zeros(flagged)
            flagged &= flagged - np.uint32(1)
            flush = flush_strengths[flush_ranks[k]]
            if flush > out[start + k]:
                out[start + k] = flush
        start += BLOCK
    if start < n:
        hole_tail, board_tail = hole[start * 2:], board[start * 5:]
        if check and not _all_valid(hole_tail, 2, board_tail, 5, n - start, deck_mask):
            return False
        _all_cards_rows(hole_tail, 2, board_tail, 5, seven_words, suit_bits, np.zeros(0, np.uint16),
                        np.zeros(3, np.uint64), strengths, flush_strengths,
                        np.zeros(0, np.uint32), flush_bias, out[start:], True, offsets)
    return True
