"""Whole deals of the seven-card-table games (Hold'em, Tahoe) and of the games whose hands are
all their cards through the perfect hash (Egyptian Hold'em), valued sixteen at a time in
AVX-512 registers; and of the exact-rule games (Spanish poker, Omaha) by the evaluator's
whole-hand blocks (:func:`whole_hand_deals`, AVX-512 or AVX2).

:func:`~equity._kernels.deal.fold_free_deals` deals, values and counts one deal at a time: on
the AMD EPYC guest of ``benchmarks/README.md`` (one thread) six-player Hold'em took 68 ns a
deal, about 30 of them the partial Fisher-Yates shuffle of 17 cards and the rest the six seats'
table loads and the pot's count.  Here each deal is shuffled exactly as there (the same
generator, the same numbers, the same deck array carried from deal to deal), its cards are
written to one lane of a scratch of sixteen deals, and the block values the sixteen together:

- each card's rank word (one AVX-512 permute of the plan's sixteen) and suit count summed into
  the board's and then each choice of hole cards' keys, the flush suit from the counts, and the
  ranks of that suit as masks;
- each choice's class read lane by lane from the seven-card tables
  (:func:`equity._kernels.open_blocks._seat_classes`), a seat's class the best of its choices
  (Tahoe: each pair of its three hole cards with the board); or, for the perfect hash, the
  39-bit rank key summed in two 32-bit halves (split at ``KEY_SPLIT``, where no sum carries),
  hashed on 64-bit lanes, and the displacement, class and flush tables read lane by lane;
- the pots counted on the vectors (:func:`equity._kernels.open_blocks._count_pots`): each seat's
  pots won alone, and shared among ``k`` seats, added to counters as the scalar loop's
  :func:`~equity._kernels.pots.count_high_pot` counts them.

So a chunk's sums are those of :func:`~equity._kernels.deal.fold_free_deals`, deal for deal, and
those of the rows (:func:`~equity._kernels.deal.deal_chunk` and the evaluator); the tests hold
them equal.  AMD EPYC, one thread, six seats, ns a deal against the scalar kernel: Hold'em 46
against 65, Tahoe 81-91 against 156-160; both threads, M deals a second, Egyptian 32 against
21.6; Spanish poker 45 against 62 ns a deal and Omaha 84 against 160 (:func:`whole_hand_deals`).
"""

import numpy as np
from llvmlite import ir
from numba import prange, types
from numba.core import cgutils
from numba.extending import intrinsic

from equity._kernels import inline_kernel, parallel_kernel, simplified_kernel
from equity._kernels.deal import deal_positions
from equity._kernels.evaluate import KEY_MASK, WHOLE_BLOCK
from equity._kernels.open_blocks import OPEN_MAX_PLAYERS, _count_pots, _seat_classes
from equity._kernels.pots import count_high_pot, split_sums, unpack_wins, win_width
from equity._kernels.rng import shuffle_prefix_local
from equity._kernels.scratch import apart, apart_2d, apart_copy
from equity._kernels.simd import (
    _I16,
    _I32,
    _I64,
    BLOCK,
    _flush_suit,
    _rank_keys_and_suits,
    _splat,
    _splat_of,
    _suited_rank_bit,
    _vec,
    best_exact_whole_blocks,
    rank_words,
)

U64 = np.uint64

#: The most seats the blocks value (their pot counters' size).
DEAL_MAX_PLAYERS = OPEN_MAX_PLAYERS
#: The most choices of hole cards a seat's hand is the best of, and the most cards in one.
DEAL_MAX_SETS = 6
DEAL_MAX_SET_CARDS = 4
#: Where a deal plan (``uint32[DEAL_PLAN_SIZE]``, made by :func:`deal_plan`) keeps each part:
#: each rank's word (the seven-card tables' word, or the low 30 bits of the perfect hash's rank
#: key), the board's cards, the seats, each seat's hole cards, the choices of hole cards, the
#: flush bias, each choice's length and each choice's hole cards; for the perfect hash, each
#: rank's key bits from bit 30 and the hash's multiplier (low and high halves), shift and slots.
(PLAN_RANK_WORDS, PLAN_BOARD, PLAN_PLAYERS, PLAN_HOLE, PLAN_SETS, PLAN_FLUSH_BIAS, PLAN_SET_LEN,
 PLAN_SET_CARDS, PLAN_HIGH_WORDS, PLAN_HASH) = (0, 16, 17, 18, 19, 20, 24, 32, 64, 80)
DEAL_PLAN_SIZE = PLAN_HASH + 4
#: The bit where a perfect-hash rank key is split between two 32-bit words (a rank's count
#: takes three bits, so neither half's sum carries into the other).
KEY_SPLIT = 30
#: Slots of sixteen codes a chunk's scratch holds: the board, the hole cards and the seats'
#: classes (:func:`deal_plan` refuses a deal that needs more).
SCRATCH_SLOTS = 64


def fits_deal_blocks(n_players: int, n_hole: int, n_board: int, hole_set_len: np.ndarray,
                     flush_bias: int) -> bool:
    """Whether :func:`deal_plan` can plan a deal of this shape: 2 to ``DEAL_MAX_PLAYERS`` seats,
    the choices of hole cards and the scratch within their bounds, and a hand of too few cards
    for flushes in two suits (the blocks read one flush suit)."""
    flush_need = 8 - (int(flush_bias) & 15)  # a suit's count plus its bias reaches 8
    return (2 <= n_players <= DEAL_MAX_PLAYERS and 1 <= len(hole_set_len) <= DEAL_MAX_SETS
            and int(max(hole_set_len)) <= DEAL_MAX_SET_CARDS
            and n_board + int(max(hole_set_len)) < 2 * flush_need
            and n_board + n_players * (n_hole + 1) <= SCRATCH_SLOTS)


def deal_plan(n_players: int, n_hole: int, n_board: int, hole_sets: np.ndarray,
              hole_set_len: np.ndarray, seven_words: np.ndarray, flush_bias: int,
              card_bits: np.ndarray | None = None, hash_params: np.ndarray | None = None) -> np.ndarray:
    """The plan of :func:`fold_free_blocks` for a game valued through its seven-card tables
    (``seven_words``), or through the perfect hash of its rank keys (``card_bits`` and
    ``hash_params``, the game's hand tables' ``card_bits`` and ``params``): ``hole_sets`` and
    ``hole_set_len`` the choices of hole cards (rows of seat positions), as the game's hand
    tables list them."""
    if not fits_deal_blocks(n_players, n_hole, n_board, hole_set_len, flush_bias):
        raise ValueError(f"the deal blocks value 2 to {DEAL_MAX_PLAYERS} seats, up to "
                         f"{DEAL_MAX_SETS} choices of up to {DEAL_MAX_SET_CARDS} hole cards, "
                         f"at most {SCRATCH_SLOTS} slots of cards and classes, and hands too "
                         "small for flushes in two suits")
    plan = np.zeros(DEAL_PLAN_SIZE, dtype=np.uint32)
    if card_bits is None:
        plan[PLAN_RANK_WORDS:PLAN_RANK_WORDS + 16] = rank_words(seven_words)
    else:
        keys = card_bits[0:52:4].astype(np.uint64) & np.uint64(KEY_MASK)  # each rank's key
        plan[PLAN_RANK_WORDS:PLAN_RANK_WORDS + len(keys)] = keys & np.uint64((1 << KEY_SPLIT) - 1)
        plan[PLAN_HIGH_WORDS:PLAN_HIGH_WORDS + len(keys)] = keys >> np.uint64(KEY_SPLIT)
        multiplier, shift, slots = (int(v) for v in hash_params)
        plan[PLAN_HASH:PLAN_HASH + 4] = (multiplier & 0xFFFFFFFF, multiplier >> 32, shift, slots)
    plan[PLAN_BOARD], plan[PLAN_PLAYERS], plan[PLAN_HOLE] = n_board, n_players, n_hole
    plan[PLAN_SETS], plan[PLAN_FLUSH_BIAS] = len(hole_set_len), flush_bias
    for k, length in enumerate(hole_set_len):
        plan[PLAN_SET_LEN + k] = length
        plan[PLAN_SET_CARDS + DEAL_MAX_SET_CARDS * k:PLAN_SET_CARDS + DEAL_MAX_SET_CARDS * k + length] = \
            hole_sets[k, :length]
    return plan


def _valued_codegen(hashed):
    """LLVM code of one block: the classes of sixteen deals' seats (written after their cards in
    the scratch) and their pots counted (see the module).  Slot ``t < n_board`` of the scratch
    holds the board's card ``t`` in each lane, slot ``n_board + n_hole * p + h`` seat ``p``'s hole
    card ``h``; each seat's class goes to slot ``classes_slot + p``.  The classes come from the
    seven-card tables, or with ``hashed`` from the perfect hash of the rank keys."""
    def codegen(context, builder, signature, args):
        return _valued_block_code(builder, args, hashed)

    return codegen


def _valued_block_code(builder, args, hashed):
    codes_at, lookup_at, classes_at, flush_at, counts_at, count, plan_at = args
    plan = builder.inttoptr(plan_at, _I32.as_pointer())
    scratch = builder.inttoptr(codes_at, _I32.as_pointer())

    def vector_at(base, offset):
        return builder.bitcast(builder.gep(base, [offset]), _vec(_I32).as_pointer())

    def plan_value(offset):
        return builder.load(builder.gep(plan, [offset]))

    def slot_codes(slot):
        return builder.load(vector_at(scratch, builder.mul(slot, _I32(BLOCK))), align=4)

    words = builder.load(vector_at(plan, _I32(PLAN_RANK_WORDS)), align=4)
    high_words = builder.load(vector_at(plan, _I32(PLAN_HIGH_WORDS)), align=4) if hashed else None
    n_board, players, n_hole, n_sets = (plan_value(_I32(at)) for at in
                                        (PLAN_BOARD, PLAN_PLAYERS, PLAN_HOLE, PLAN_SETS))
    bias = _splat_of(builder, plan_value(_I32(PLAN_FLUSH_BIAS)))
    classes_slot = builder.add(n_board, builder.mul(players, n_hole))

    def add_card(code, key_at, suits_at):  # a card's rank word(s) and suit count added
        for at, table in zip(key_at, (words, high_words) if hashed else (words,), strict=True):
            word, suit = _rank_keys_and_suits(builder, [code], table)
            builder.store(builder.add(builder.load(at), word), at)
        builder.store(builder.add(builder.load(suits_at), suit), suits_at)

    def add_rank(code, flush_suit, ranks_at):  # a card's rank bit added where of the flush suit
        bit = _suited_rank_bit(builder, code, flush_suit)
        builder.store(builder.or_(builder.load(ranks_at), bit), ranks_at)

    # each hand's key in one vector (seven-card words), or its low and high bits in two (the hash)
    board_key_at = [cgutils.alloca_once_value(builder, _splat(0)) for _ in range(2 if hashed else 1)]
    board_suits_at = cgutils.alloca_once_value(builder, _splat(0))
    with cgutils.for_range(builder, builder.zext(n_board, _I64)) as t:
        add_card(slot_codes(builder.trunc(t.index, _I32)), board_key_at, board_suits_at)
    board_key = [builder.load(at) for at in board_key_at]
    board_suits = builder.load(board_suits_at)
    key_at = [cgutils.alloca_once(builder, _vec(_I32)) for _ in range(2 if hashed else 1)]
    suits_at, ranks_at, seat_at, best_at = (cgutils.alloca_once(builder, _vec(_I32)) for _ in range(4))
    builder.store(_splat(0), best_at)
    tables = tuple(builder.inttoptr(at, element.as_pointer())
                   for at, element in zip((lookup_at, classes_at, flush_at),
                                          (_I16 if hashed else _I32, _I16, _I16), strict=True))
    if hashed:
        hash_params = [builder.zext(plan_value(_I32(PLAN_HASH + k)), _I64) for k in range(4)]
        multiplier = builder.or_(hash_params[0], builder.shl(hash_params[1], _I64(32)))
    with cgutils.for_range(builder, builder.zext(players, _I64)) as seat:
        p = builder.trunc(seat.index, _I32)
        hole_slot = builder.add(n_board, builder.mul(p, n_hole))
        builder.store(_splat(0), seat_at)
        with cgutils.for_range(builder, builder.zext(n_sets, _I64)) as choice:
            k = builder.trunc(choice.index, _I32)
            length = builder.zext(plan_value(builder.add(_I32(PLAN_SET_LEN), k)), _I64)
            set_at = builder.add(_I32(PLAN_SET_CARDS), builder.mul(k, _I32(DEAL_MAX_SET_CARDS)))

            def hole_codes(t, set_at=set_at, hole_slot=hole_slot):
                position = plan_value(builder.add(set_at, builder.trunc(t, _I32)))
                return slot_codes(builder.add(hole_slot, position))

            for at, part in zip(key_at, board_key, strict=True):
                builder.store(part, at)
            builder.store(board_suits, suits_at)
            with cgutils.for_range(builder, length) as t:
                add_card(hole_codes(t.index), key_at, suits_at)
            flush = builder.and_(builder.add(builder.load(suits_at), bias), _splat(0x8888))
            flush_suit = _flush_suit(builder, flush)
            builder.store(_splat(0), ranks_at)
            with cgutils.for_range(builder, builder.zext(n_board, _I64)) as t:
                add_rank(slot_codes(builder.trunc(t.index, _I32)), flush_suit, ranks_at)
            with cgutils.for_range(builder, length) as t:
                add_rank(hole_codes(t.index), flush_suit, ranks_at)
            ranks = builder.load(ranks_at)
            if hashed:
                value = _hashed_classes(builder, [builder.load(at) for at in key_at], ranks, tables,
                                        multiplier, hash_params[2], hash_params[3])
            else:
                value = _seat_classes(builder, builder.load(key_at[0]), ranks, tables)
            best = builder.load(seat_at)
            builder.store(builder.select(builder.icmp_unsigned(">", value, best), value, best), seat_at)
        value = builder.load(seat_at)
        builder.store(value, vector_at(scratch, builder.mul(builder.add(classes_slot, p), _I32(BLOCK))),
                      align=4)
        best = builder.load(best_at)
        builder.store(builder.select(builder.icmp_unsigned(">", value, best), value, best), best_at)

    def class_vector_at(seat_index):
        slot = builder.add(classes_slot, builder.trunc(seat_index, _I32))
        return vector_at(scratch, builder.mul(slot, _I32(BLOCK)))

    _count_pots(builder, class_vector_at, builder.load(best_at), builder.zext(players, _I64),
                builder.trunc(count, _I32), builder.inttoptr(counts_at, _I64.as_pointer()))
    return ir.Constant(_I32, 1)


def _hashed_classes(builder, key, flush_ranks, tables, multiplier, shift, n_slots):
    """A hand's class in each lane through the perfect hash of its rank key
    (:func:`equity._kernels.perfect_hash.slot_of`), or its flush's when that is better; ``key``
    is the key's bits below and from ``KEY_SPLIT``, ``tables`` the hash's displacements, the
    rank classes and the flush classes.  The hash's arithmetic is on sixteen 64-bit lanes, the
    three table loads lane by lane."""
    displacements, classes, flush_classes = tables
    wide = _vec(_I64)
    low, high = (builder.zext(part, wide) for part in key)
    hashed = builder.mul(builder.or_(low, builder.shl(high, _splat(KEY_SPLIT, _I64))),
                         _splat_of(builder, multiplier, _I64))
    slots = _splat_of(builder, n_slots, _I64)
    spread = builder.lshr(builder.mul(builder.and_(hashed, _splat(0xFFFFFFFF, _I64)), slots),
                          _splat(32, _I64))
    row = builder.trunc(builder.lshr(hashed, _splat_of(builder, shift, _I64)), _vec(_I32))
    moved = ir.Constant(_vec(_I32), None)
    for k in range(BLOCK):
        at = builder.zext(builder.extract_element(row, _I32(k)), _I64)
        shift_k = builder.zext(builder.load(builder.gep(displacements, [at])), _I32)
        moved = builder.insert_element(moved, shift_k, _I32(k))
    slot = builder.add(builder.trunc(spread, _vec(_I32)), moved)
    n_slots32 = _splat_of(builder, builder.trunc(n_slots, _I32))
    slot = builder.select(builder.icmp_unsigned(">=", slot, n_slots32), builder.sub(slot, n_slots32), slot)
    value = ir.Constant(_vec(_I32), None)
    for k in range(BLOCK):
        at = builder.zext(builder.extract_element(slot, _I32(k)), _I64)
        rank_class = builder.zext(builder.load(builder.gep(classes, [at])), _I32)
        ranks = builder.zext(builder.extract_element(flush_ranks, _I32(k)), _I64)
        flush = builder.zext(builder.load(builder.gep(flush_classes, [ranks])), _I32)
        lane = builder.select(builder.icmp_unsigned(">", flush, rank_class), flush, rank_class)
        value = builder.insert_element(value, lane, _I32(k))
    return value


@intrinsic
def _valued_block(typingctx, codes_at, offsets_at, classes_at, flush_at, counts_at, count, plan_at):
    return types.int32(*[types.uint64] * 5, types.int64, types.uint64), _valued_codegen(False)


@intrinsic
def _hashed_block(typingctx, codes_at, displacements_at, classes_at, flush_at, counts_at, count, plan_at):
    return types.int32(*[types.uint64] * 5, types.int64, types.uint64), _valued_codegen(True)


@parallel_kernel
def fold_free_blocks(states, chunk_deals, deck, n_players, n_hole, streets, plan, lookup, classes,
                     flush_classes, share_sum, share_sq, wins, ties):
    """:func:`~equity._kernels.deal.play_plain_chunks` with nobody folded, for a game whose hands
    are the best of the board and a choice of hole cards through the seven-card tables
    (``lookup``, ``classes``: ``seven_offsets`` and ``seven_classes``), or all of a seat's cards
    and the board through the perfect hash (``disp`` and ``rank_classes``; the plan holds the
    hash's parameters); ``lookup`` as raw bytes (``uint8``, so one compiled kernel takes either),
    ``flush_classes`` the zero-wild row, all C-contiguous.  The same deals from ``states[c]``,
    valued sixteen at a time (see the module), the same sums.  ``plan``: :func:`deal_plan`'s."""
    hashed = plan[PLAN_HASH + 3] != 0  # the perfect hash's slots
    for c in prange(states.shape[0]):
        if hashed:
            _hashed_chunk(states[c], chunk_deals[c], deck, n_players, n_hole, streets, plan, lookup,
                          classes, flush_classes, share_sum[c], share_sq[c], wins[c], ties[c])
        else:
            _seven_chunk(states[c], chunk_deals[c], deck, n_players, n_hole, streets, plan, lookup,
                         classes, flush_classes, share_sum[c], share_sq[c], wins[c], ties[c])


@inline_kernel
def _shuffle_lanes(state, count, cards, needed, dealt_at, scratch):
    """``count`` deals shuffled one by one into the scratch's first lanes (card ``t`` of a deal,
    at ``dealt_at[t]`` in the shuffled deck, in slot ``t``); returns the advanced state."""
    s0, s1, s2, s3 = state
    n = cards.shape[0]
    for lane in range(count):
        s0, s1, s2, s3 = shuffle_prefix_local(cards, n, needed, s0, s1, s2, s3)
        for t in range(dealt_at.shape[0]):
            scratch[BLOCK * t + lane] = cards[dealt_at[t]]
    return s0, s1, s2, s3


@inline_kernel
def _play_blocks(state, n_deals, cards, needed, dealt_at, scratch, at):
    """The chunk's deals, each sixteen valued by one block of the seven-card tables."""
    played = 0
    while played < n_deals:
        count = min(BLOCK, n_deals - played)
        state = _shuffle_lanes(state, count, cards, needed, dealt_at, scratch)
        _valued_block(at[0], at[1], at[2], at[3], at[4], count, at[5])
        played += count
    return state


@inline_kernel
def _play_hashed_blocks(state, n_deals, cards, needed, dealt_at, scratch, at):
    """:func:`_play_blocks` with blocks of the perfect hash (a loop of its own: the two
    blocks in one loop, chosen by a flag, measured 2-5% slower for both)."""
    played = 0
    while played < n_deals:
        count = min(BLOCK, n_deals - played)
        state = _shuffle_lanes(state, count, cards, needed, dealt_at, scratch)
        _hashed_block(at[0], at[1], at[2], at[3], at[4], count, at[5])
        played += count
    return state


@inline_kernel
def _chunk_start(deck, n_players, n_hole, streets, lookup, classes, flush_classes, plan):
    """A chunk's work arrays: (cards to deal, the deal's length, each dealt card's position in the
    shuffled deck in the scratch's slot order, the scratch, the pot counters, the blocks'
    addresses).  Every lane of the scratch starts with distinct cards (a lane left over in the
    last block is valued, not counted)."""
    needed, hole_at, board_at = deal_positions(n_players, n_hole, streets)
    n_board = board_at.shape[0]
    cards = apart_copy(deck)
    scratch = apart(SCRATCH_SLOTS * BLOCK, np.uint32)
    counts = apart_2d(DEAL_MAX_PLAYERS, DEAL_MAX_PLAYERS + 1, np.int64)
    dealt_at = apart(n_board + n_players * n_hole, np.int64)
    dealt_at[:n_board] = board_at
    dealt_at[n_board:] = hole_at
    for lane in range(BLOCK):
        for t in range(dealt_at.shape[0]):
            scratch[BLOCK * t + lane] = cards[dealt_at[t]]
    at = (scratch.ctypes.data, lookup.ctypes.data, classes.ctypes.data, flush_classes.ctypes.data,
          counts.ctypes.data, plan.ctypes.data)
    return cards, needed, dealt_at, scratch, counts, at


@inline_kernel
def _chunk_sums(counts, n_players, share_sum, share_sq, wins, ties):
    """The blocks' pot counters added to the chunk's per-seat sums."""
    won = apart(n_players, np.int64)
    for p in range(n_players):
        won[p] = counts[p, 1]
    split_sums(won, counts, n_players, share_sum, share_sq, wins, ties)


@simplified_kernel
def _seven_chunk(state, n_deals, deck, n_players, n_hole, streets, plan, lookup, classes,
                 flush_classes, share_sum, share_sq, wins, ties):
    """One chunk of :func:`fold_free_blocks` through the seven-card tables (a kernel of its own,
    as :func:`~equity._kernels.deal.fold_free_deals` is, so the parallel pipeline leaves its
    loops alone; and apart from the perfect hash's, which made Hold'em's loop 5% slower when
    they shared one)."""
    cards, needed, dealt_at, scratch, counts, at = _chunk_start(deck, n_players, n_hole, streets, lookup,
                                                                classes, flush_classes, plan)
    state = (state[0], state[1], state[2], state[3])
    # a shuffle of a length known when compiling is unrolled: Hold'em's heads-up and six-handed
    # deals (two cards a seat, five board cards and three burns) have one each (six seats, one
    # thread, AMD EPYC: 47 ns a deal against 56 with the length read at run time; each length
    # adds about 4 s to the compilation, so the other table sizes read it at run time)
    if needed == 12:
        state = _play_blocks(state, n_deals, cards, 12, dealt_at, scratch, at)
    elif needed == 20:
        state = _play_blocks(state, n_deals, cards, 20, dealt_at, scratch, at)
    else:
        state = _play_blocks(state, n_deals, cards, needed, dealt_at, scratch, at)
    _chunk_sums(counts, n_players, share_sum, share_sq, wins, ties)


@simplified_kernel
def _hashed_chunk(state, n_deals, deck, n_players, n_hole, streets, plan, lookup, classes,
                  flush_classes, share_sum, share_sq, wins, ties):
    """One chunk of :func:`fold_free_blocks` through the perfect hash."""
    cards, needed, dealt_at, scratch, counts, at = _chunk_start(deck, n_players, n_hole, streets, lookup,
                                                                classes, flush_classes, plan)
    state = (state[0], state[1], state[2], state[3])
    # as in _seven_chunk, the heads-up and six-handed deals of the shipped game the hash values
    # (Egyptian Hold'em: two hole cards a seat, six board cards, three burns) have their shuffle
    # lengths compiled in
    if needed == 13:
        _play_hashed_blocks(state, n_deals, cards, 13, dealt_at, scratch, at)
    elif needed == 21:
        _play_hashed_blocks(state, n_deals, cards, 21, dealt_at, scratch, at)
    else:
        _play_hashed_blocks(state, n_deals, cards, needed, dealt_at, scratch, at)
    _chunk_sums(counts, n_players, share_sum, share_sq, wins, ties)


# ---------------------------------------------------------------------------------------------
# The exact-rule games (Spanish poker, Omaha): the whole-hand blocks of the evaluator
# ---------------------------------------------------------------------------------------------
@parallel_kernel
def whole_hand_deals(states, chunk_deals, deck, n_players, n_hole, streets, whole, share_sum, share_sq,
                     wins, ties):
    """:func:`~equity._kernels.deal.play_plain_chunks` with nobody folded, for a game of the
    exact rule whose hands the whole-hand table values
    (:func:`~equity._kernels.simd.best_exact_whole_blocks`, Spanish poker and Omaha): the same
    deals from ``states[c]``, :data:`~equity._kernels.evaluate.WHOLE_BLOCK` shuffled into rows a
    seat at a time, each seat's rows valued by the blocks, then each deal's pot counted as the
    scalar kernel counts it: the same sums.  ``whole`` is ``(rank_words, suit_bits,
    whole_offsets, whole_positions, whole_classes, flush_classes, class_strength, j, board_need,
    deck_mask, lanes_of)``, the arguments of the blocks."""
    for c in prange(states.shape[0]):
        _whole_chunk(states[c], chunk_deals[c], deck, n_players, n_hole, streets, whole, share_sum[c],
                     share_sq[c], wins[c], ties[c])


@simplified_kernel
def _whole_chunk(state, n_deals, deck, n_players, n_hole, streets, whole, share_sum, share_sq, wins,
                 ties):
    """One chunk of :func:`whole_hand_deals`."""
    (words, suit_bits, whole_offsets, whole_positions, whole_classes, flush_classes,
     class_strength, j, board_need, deck_mask, lanes_of) = whole
    needed, hole_at, board_at = deal_positions(n_players, n_hole, streets)
    n_board = board_at.shape[0]
    cards = apart_copy(deck)
    n = cards.shape[0]
    holes = apart_2d(n_players, WHOLE_BLOCK * n_hole, np.uint8)  # each seat's rows of hole cards
    board = apart(WHOLE_BLOCK * n_board, np.uint8)
    strengths = apart_2d(n_players, WHOLE_BLOCK, np.uint32)
    seat_strengths = apart(n_players, np.int64)
    won = apart(n_players, np.int64)
    split = apart_2d(n_players, n_players + 1, np.int64)
    width = win_width(n_players)
    packed = U64(0)
    filled = 0
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    done = 0
    while done < n_deals:
        count = min(WHOLE_BLOCK, n_deals - done)
        for d in range(count):
            s0, s1, s2, s3 = shuffle_prefix_local(cards, n, needed, s0, s1, s2, s3)
            for t in range(n_board):
                board[d * n_board + t] = cards[board_at[t]]
            for p in range(n_players):
                for h in range(n_hole):
                    holes[p, d * n_hole + h] = cards[hole_at[p * n_hole + h]]
        for p in range(n_players):
            best_exact_whole_blocks(holes[p, :count * n_hole], n_hole, board[:count * n_board], words,
                                    suit_bits, whole_offsets, whole_positions, whole_classes, flush_classes,
                                    class_strength, j, board_need, deck_mask, False, strengths[p, :count],
                                    lanes_of)
        for d in range(count):
            best = np.int64(-1)
            for p in range(n_players):
                seat_strengths[p] = np.int64(strengths[p, d])
                best = max(best, seat_strengths[p])
            packed, filled = count_high_pot(seat_strengths, best, n_players, width, packed, filled, won,
                                            split)
        done += count
    unpack_wins(packed, width, n_players, won)
    split_sums(won, split, n_players, share_sum, share_sq, wins, ties)
