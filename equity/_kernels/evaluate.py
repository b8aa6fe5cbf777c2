"""Hand-evaluation kernels: best strength of each row of cards over the hand rule's card groups.

Row ``i`` of a deal is ``hole[i * n_hole : (i + 1) * n_hole]`` and
``board[i * n_board : (i + 1) * n_board]``.  The hand rule becomes groups of
cards a hand may be drawn from, each a subset of the hole cards joined with a
subset of the board (all cards for Hold'em; each pair of hole cards with the
whole board for Tahoe; each two-plus-three choice for Omaha); within a group the
best ``hand_size`` cards in any combination play.  Each subset's card words are
summed once per row, so a group costs one addition.  ``wild_ranks`` holds one
rank per row (-1 for none), or is empty for a game without wild cards.  A game whose wild
cards are fixed cards (jokers, several ranks, one-eyed jacks) gives each of them the word
``WILD_ONE`` (no rank, no suit), so a sum counts its wild cards in its top bits
(``total >> WILD_COUNT_SHIFT``); such a game passes ``wild_ranks`` of -1.

Tables hold dense class ids ordered like strengths; the best id of a row is
turned into its strength once, at the end.  The seven-card tables are passed to
these kernels as strengths (``seven_strengths``), which saves that last load.
"""

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic

from equity._kernels import inline_kernel, kernel
from equity._kernels.perfect_hash import slot_of
from equity._kernels.row_hash import SEVEN_COUNT_SHIFT, SEVEN_ROW_SHIFT, SEVEN_SUIT_SHIFT, row_slot

U64 = np.uint64
#: Rank masks of one suit (13 bits): the length of a row of flush classes.
FLUSH_MASKS = 1 << 13
KEY_MASK = U64((1 << 39) - 1)
SUIT_SHIFT = U64(40)
FLUSH_FLAGS = U64(0x8888)
SUIT_MASK = U64(0x1FFF)
#: Bit 0 of each suit's 16-bit mask.
SUIT_ONES = U64(0x0001000100010001)
SEVEN_SUIT = U64(SEVEN_SUIT_SHIFT)
#: A fixed wild card's word (a game's wild cards that are not one rank: jokers, several ranks,
#: one-eyed jacks): a count in the top byte, above the suit counts, and no rank or suit.
WILD_COUNT_SHIFT = U64(56)
WILD_ONE = U64(1) << WILD_COUNT_SHIFT
#: The rank weights of a sum of seven-card words, without its card count.
SEVEN_WEIGHTS = U64((1 << SEVEN_COUNT_SHIFT) - 1)


@inline_kernel
def _group_class(total, masks, w, disp, params, rank_classes, flush_classes, flush_bias):
    """Best class of one group of cards from its summed card words and suit masks."""
    value = rank_classes[w, slot_of(total & KEY_MASK, disp, params[0], params[1], params[2])]
    flags = ((total >> SUIT_SHIFT) + flush_bias[w]) & FLUSH_FLAGS
    if flags:
        for suit in range(4):
            if (flags >> U64(4 * suit + 3)) & U64(1):
                flush = flush_classes[w, (masks >> U64(16 * suit)) & SUIT_MASK]
                if flush > value:
                    value = flush
    return value


@inline_kernel
def card_sums(cards, offset, count, card_bits, suit_bits):
    """Summed card words and OR-ed suit masks of ``cards[offset : offset + count]``."""
    total = U64(0)
    masks = U64(0)
    for t in range(count):
        card = cards[offset + t]
        total += card_bits[card]
        masks |= suit_bits[card]
    return total, masks


@inline_kernel
def _subset_sums(cards, offset, sets, set_len, card_bits, suit_bits, totals, masks):
    """Summed card words and OR-ed suit masks of each subset of one row's hole or board cards."""
    for k in range(sets.shape[0]):
        total = U64(0)
        mask = U64(0)
        for t in range(set_len[k]):
            card = cards[offset + sets[k, t]]
            total += card_bits[card]
            mask |= suit_bits[card]
        totals[k] = total
        masks[k] = mask


@inline_kernel
def _remove_wild(total, masks, wild):
    """Take the wild rank's cards out of the rank count, suit counts and suit masks (``wild``
    a rank, 0-12: callers pass over rows without one).

    Without a branch: the wild cards' bits in the four suit masks (16 apart) are moved down
    to the suit count fields (4 apart) and subtracted, where a test per suit went either way
    on random hands.  With :func:`best_high_all_cards_wild` this took El Dorado's
    ``evaluate_many`` with a random wild rank from 25-41 to 77-96 M/s (paired runs, one
    core)."""
    rank = U64(wild)
    w = np.int64((total >> (U64(3) * rank)) & U64(7))
    total -= U64(w) << (U64(3) * rank)
    bits = (masks >> rank) & SUIT_ONES
    masks ^= bits << rank
    per_suit = ((bits & U64(1)) | ((bits >> U64(12)) & U64(0x10)) | ((bits >> U64(24)) & U64(0x100))
                | ((bits >> U64(36)) & U64(0x1000)))
    return total - (per_suit << SUIT_SHIFT), masks, w


@inline_kernel
def _best_rows(hole, n_hole, board, n_board, hole_sets, hole_set_len, board_sets,
               board_set_len, pairs, pair_holes, card_bits, suit_bits, disp, params,
               rank_classes, flush_classes, class_strength, flush_bias, wild_ranks, out,
               out_holes, has_wild):
    want_holes = out_holes.shape[0] > 0
    hole_totals = np.empty(hole_sets.shape[0], dtype=np.uint64)
    hole_masks = np.empty(hole_sets.shape[0], dtype=np.uint64)
    board_totals = np.empty(board_sets.shape[0], dtype=np.uint64)
    board_masks = np.empty(board_sets.shape[0], dtype=np.uint64)
    for i in range(out.shape[0]):
        _subset_sums(hole, i * n_hole, hole_sets, hole_set_len, card_bits, suit_bits,
                     hole_totals, hole_masks)
        _subset_sums(board, i * n_board, board_sets, board_set_len, card_bits, suit_bits,
                     board_totals, board_masks)
        wild = np.int64(wild_ranks[i]) if has_wild else np.int64(-1)
        best = rank_classes[0, 0] & 0
        fewest = 127
        for j in range(pairs.shape[0]):
            total = hole_totals[pairs[j, 0]] + board_totals[pairs[j, 1]]
            masks = hole_masks[pairs[j, 0]] | board_masks[pairs[j, 1]]
            if has_wild:
                w = np.int64(total >> WILD_COUNT_SHIFT)
                if wild >= 0:
                    total, masks, w_rank = _remove_wild(total, masks, wild)
                    w += w_rank
                value = _group_class(total, masks, w, disp, params, rank_classes,
                                     flush_classes, flush_bias)
            else:
                value = _group_class(total, masks, 0, disp, params, rank_classes,
                                     flush_classes, flush_bias)
            if value > best:
                best = value
                fewest = pair_holes[j]
            elif value == best and pair_holes[j] < fewest:
                fewest = pair_holes[j]
        out[i] = class_strength[best]
        if want_holes:
            out_holes[i] = fewest


@inline_kernel
def _all_cards_rows(hole, n_hole, board, n_board, card_bits, suit_bits, disp, params, rank_classes,
                    flush_classes, class_strength, flush_bias, out, seven, offsets):
    mul, shift, n_slots = params[0], params[1], params[2]
    for i in range(out.shape[0]):
        total = U64(0)
        for t in range(n_hole):
            total += card_bits[hole[i * n_hole + t]]
        for t in range(n_board):
            total += card_bits[board[i * n_board + t]]
        if seven:  # card_bits, rank_classes and flush_classes are the seven-card strengths
            best = rank_classes[row_slot(total, offsets, SEVEN_ROW_SHIFT)]
            flags = ((total >> SEVEN_SUIT) + flush_bias) & FLUSH_FLAGS
            out[i] = best
        else:
            best = rank_classes[slot_of(total & KEY_MASK, disp, mul, shift, n_slots)]
            flags = ((total >> SUIT_SHIFT) + flush_bias) & FLUSH_FLAGS
            out[i] = class_strength[best]
        if flags:
            # rare (about 3% of random seven-card hands): the cards are read again here rather
            # than kept from the sum above, which would hold seven registers across the loop
            masks = U64(0)
            for t in range(n_hole):
                masks |= suit_bits[hole[i * n_hole + t]]
            for t in range(n_board):
                masks |= suit_bits[board[i * n_board + t]]
            best = _with_flush(best, flags, masks, flush_classes)
            out[i] = best if seven else class_strength[best]


@kernel
def best_high_all_cards(hole, n_hole, board, n_board, card_bits, suit_bits, disp, params,
                        rank_classes, flush_classes, class_strength, flush_bias, out):
    """Best high strength per row when a hand is the best of all the row's cards, no wild cards.

    The fast path of Egyptian Hold'em and of custom games with a fixed wild rank:
    ``rank_classes`` and ``flush_classes`` are the zero-wild rows of the tables;
    the suit masks of a possible flush are collected only when the suit counts flag
    one.  The common shapes are spelled out with constant card counts so the
    compiler unrolls them.
    """
    c, u, d, p, r, f, s, b, o = (card_bits, suit_bits, disp, params, rank_classes, flush_classes,
                                 class_strength, flush_bias, out)
    no_rows = np.zeros(0, dtype=np.int32)
    if n_hole == 2 and n_board == 6:
        _all_cards_rows(hole, 2, board, 6, c, u, d, p, r, f, s, b, o, False, no_rows)
    elif n_hole == 5 and n_board == 0:
        _all_cards_rows(hole, 5, board, 0, c, u, d, p, r, f, s, b, o, False, no_rows)
    else:
        _all_cards_rows(hole, n_hole, board, n_board, c, u, d, p, r, f, s, b, o, False, no_rows)


@inline_kernel
def _all_cards_wild_rows(hole, n_hole, board, n_board, card_bits, suit_bits, disp, params,
                         rank_classes, flush_classes, class_strength, flush_bias, wild_ranks, out):
    for i in range(out.shape[0]):
        total, masks = card_sums(hole, i * n_hole, n_hole, card_bits, suit_bits)
        board_total, board_masks = card_sums(board, i * n_board, n_board, card_bits, suit_bits)
        total += board_total
        masks |= board_masks
        w = np.int64(total >> WILD_COUNT_SHIFT)
        if wild_ranks[i] >= 0:
            total, masks, w_rank = _remove_wild(total, masks, np.int64(wild_ranks[i]))
            w += w_rank
        out[i] = class_strength[_group_class(total, masks, w, disp, params, rank_classes,
                                             flush_classes, flush_bias)]


@kernel
def best_high_all_cards_wild(hole, n_hole, board, n_board, card_bits, suit_bits, disp, params,
                             rank_classes, flush_classes, class_strength, flush_bias, wild_ranks,
                             out):
    """Best high strength per row when a hand is the best of all the row's cards and the row
    has its own wild rank (``wild_ranks[i]``, -1 for none): El Dorado with its wild rank.

    One sum a row, where :func:`best_high` sums each group's subsets and loops over the
    groups (with the branch-free :func:`_remove_wild`, 2.2-3.1x faster for El Dorado)."""
    if n_hole == 2 and n_board == 4:  # El Dorado: the counts as constants unroll the sums
        _all_cards_wild_rows(hole, 2, board, 4, card_bits, suit_bits, disp, params, rank_classes,
                             flush_classes, class_strength, flush_bias, wild_ranks, out)
    elif n_hole == 5 and n_board == 0:  # five-card draw with wild cards listed by card (jokers)
        _all_cards_wild_rows(hole, 5, board, 0, card_bits, suit_bits, disp, params, rank_classes,
                             flush_classes, class_strength, flush_bias, wild_ranks, out)
    elif n_hole == 2 and n_board == 5:  # Hold'em with them
        _all_cards_wild_rows(hole, 2, board, 5, card_bits, suit_bits, disp, params, rank_classes,
                             flush_classes, class_strength, flush_bias, wild_ranks, out)
    else:
        _all_cards_wild_rows(hole, n_hole, board, n_board, card_bits, suit_bits, disp, params,
                             rank_classes, flush_classes, class_strength, flush_bias, wild_ranks,
                             out)


@kernel
def best_high_seven(hole, n_hole, board, n_board, seven_words, suit_bits, offsets, seven_strengths,
                    flush_strengths, flush_bias, out):
    """:func:`best_high_all_cards` through the seven-card tables of strengths (Hold'em, draw,
    draw7)."""
    c, u, r, f, b, o = seven_words, suit_bits, seven_strengths, flush_strengths, flush_bias, out
    s = np.zeros(0, dtype=np.uint32)
    params = np.zeros(3, dtype=np.uint64)
    disp = np.zeros(0, dtype=np.uint16)
    if n_hole == 2 and n_board == 5:
        _all_cards_rows(hole, 2, board, 5, c, u, disp, params, r, f, s, b, o, True, offsets)
    elif n_hole == 5 and n_board == 0:
        _all_cards_rows(hole, 5, board, 0, c, u, disp, params, r, f, s, b, o, True, offsets)
    elif n_hole == 7 and n_board == 0:
        _all_cards_rows(hole, 7, board, 0, c, u, disp, params, r, f, s, b, o, True, offsets)
    else:
        _all_cards_rows(hole, n_hole, board, n_board, c, u, disp, params, r, f, s, b, o, True,
                        offsets)


@kernel
def best_high(hole, n_hole, board, n_board, groups, tables, class_strength, wild_ranks, out, out_holes):
    """Best high strength per row into ``out``; the fewest hole cards reaching it into ``out_holes``.

    ``groups`` is the hand rule (:class:`~equity._kernels.bundles.HandGroups`), ``tables`` the
    :class:`~equity._kernels.bundles.ClassTables` of every number of wild cards.  A hand may be
    drawn from the cards of ``hole_sets[pairs[j, 0]]`` together with
    ``board_sets[pairs[j, 1]]`` for any ``j`` (positions within the row's hole and
    board cards), taking the best ``hand_size`` of them in any combination;
    ``pair_holes[j]`` counts the hole cards of group ``j``.  ``flush_bias[w]`` adds
    ``8 - needed`` to every suit count (``needed``: natural cards of one suit a
    flush needs beside ``w`` wilds), so bit 3 of a suit's field flags a possible
    flush.  ``out_holes`` may be empty, in which case it is not written.  Rows
    without wild cards take a path where the wild count is the constant 0, which
    compiles to a much faster loop than a run-time count.
    """
    hole_sets, hole_set_len, board_sets, board_set_len, pairs, pair_holes = groups
    card_bits, suit_bits, disp, params, rank_classes, flush_classes, flush_bias = tables
    if wild_ranks.shape[0] > 0:
        _best_rows(hole, n_hole, board, n_board, hole_sets, hole_set_len, board_sets,
                   board_set_len, pairs, pair_holes, card_bits, suit_bits, disp, params,
                   rank_classes, flush_classes, class_strength, flush_bias, wild_ranks, out,
                   out_holes, True)
    else:
        _best_rows(hole, n_hole, board, n_board, hole_sets, hole_set_len, board_sets,
                   board_set_len, pairs, pair_holes, card_bits, suit_bits, disp, params,
                   rank_classes, flush_classes, class_strength, flush_bias, wild_ranks, out,
                   out_holes, False)


@kernel
def best_low(hole, n_hole, board, n_board, groups, card_bits, suit_bits, disp, params, low_classes,
             class_strength, wild_ranks, out):
    """Best ace-to-five low strength per row (0 where no group makes a qualifying low); ``groups``
    is the hand rule (:class:`~equity._kernels.bundles.HandGroups`)."""
    hole_sets, hole_set_len, board_sets, board_set_len = (groups.hole_sets, groups.hole_set_len,
                                                          groups.board_sets, groups.board_set_len)
    pairs = groups.pairs
    has_wild = wild_ranks.shape[0] > 0
    hole_totals = np.empty(hole_sets.shape[0], dtype=np.uint64)
    hole_masks = np.empty(hole_sets.shape[0], dtype=np.uint64)
    board_totals = np.empty(board_sets.shape[0], dtype=np.uint64)
    board_masks = np.empty(board_sets.shape[0], dtype=np.uint64)
    for i in range(out.shape[0]):
        _subset_sums(hole, i * n_hole, hole_sets, hole_set_len, card_bits, suit_bits,
                     hole_totals, hole_masks)
        _subset_sums(board, i * n_board, board_sets, board_set_len, card_bits, suit_bits,
                     board_totals, board_masks)
        wild = np.int64(wild_ranks[i]) if has_wild else np.int64(-1)
        best = low_classes[0, 0] & 0
        for j in range(pairs.shape[0]):
            total = hole_totals[pairs[j, 0]] + board_totals[pairs[j, 1]]
            w = np.int64(total >> WILD_COUNT_SHIFT)
            if wild >= 0:
                w_rank = np.int64((total >> U64(3 * wild)) & U64(7))
                total -= U64(w_rank) << U64(3 * wild)
                w += w_rank
            value = low_classes[w, slot_of(total & KEY_MASK, disp, params[0], params[1], params[2])]
            if value > best:
                best = value
        out[i] = class_strength[best]


@inline_kernel
def _first_invalid(hole, n_hole, board, n_board, n_rows, deck_mask, code_bit):
    for i in range(n_rows):
        seen = U64(0)
        repeated = U64(0)
        for t in range(n_hole):
            bit = code_bit[hole[i * n_hole + t]]
            repeated |= seen & bit
            seen |= bit
        for t in range(n_board):
            bit = code_bit[board[i * n_board + t]]
            repeated |= seen & bit
            seen |= bit
        if repeated | (seen & ~deck_mask):
            return i
    return -1


@intrinsic
def _popcount(typingctx, x):
    """The number of set bits of an integer (LLVM's ``ctpop``: one instruction on x86-64)."""
    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])
    return x(x), codegen


@inline_kernel
def _set_bits(x):
    """Set bits of ``x`` (a uint64), as an int64, in one instruction."""
    return np.int64(_popcount(U64(x)))


@inline_kernel
def _with_flush(value, flags, masks, flush_classes):
    """``value`` or the class of a flush in a suit that ``flags`` marks, whichever is better."""
    if flags:
        for suit in range(4):
            if (flags >> U64(4 * suit + 3)) & U64(1):
                flush = flush_classes[(masks >> U64(16 * suit)) & SUIT_MASK]
                if flush > value:
                    value = flush
    return value


@inline_kernel
def rank_class(total, disp, params, rank_classes, flush_bias, seven=False, offsets=None):
    """``(class, flush flags)`` of summed card words: the class of the ranks alone, and the
    suits holding enough cards for a flush (zero for nearly every hand, so a caller can
    leave the suit masks uncollected until a flag is set and then use :func:`_with_flush`).
    With ``seven``, ``total``, ``offsets`` and ``rank_classes`` are the seven-card tables'."""
    if seven:
        value = rank_classes[row_slot(total, offsets, SEVEN_ROW_SHIFT)]
        return value, ((total >> SEVEN_SUIT) + flush_bias) & FLUSH_FLAGS
    value = rank_classes[slot_of(total & KEY_MASK, disp, params[0], params[1], params[2])]
    return value, ((total >> SUIT_SHIFT) + flush_bias) & FLUSH_FLAGS


@inline_kernel
def cards_class(total, masks, disp, params, rank_classes, flush_classes, flush_bias):
    """Class of the best five of a group of cards without wilds, from its summed card words and
    suit masks (``rank_classes``/``flush_classes``: the zero-wild rows of the tables)."""
    value, flags = rank_class(total, disp, params, rank_classes, flush_bias)
    return _with_flush(value, flags, masks, flush_classes)


@inline_kernel
def wild_cards_class(total, masks, wild_tables, disp, params):
    """Class of the best five of a group of cards with a fixed wild rank: ``wild_tables`` is
    ``(wild rank, rank_classes, flush_classes, flush_bias)`` with every number of wild cards
    (the tables' full arrays); the wild cards come out of the sums first."""
    wild, rank_classes, flush_classes, flush_bias = wild_tables
    total, masks, w = _remove_wild(total, masks, wild)
    return _group_class(total, masks, w, disp, params, rank_classes, flush_classes, flush_bias)


@inline_kernel
def seven_class(total, masks, offsets, seven_classes, flush_classes, flush_bias):
    """:func:`cards_class` through the seven-card tables (``total`` summed from their words)."""
    value = seven_classes[row_slot(total, offsets, SEVEN_ROW_SHIFT)]
    return _with_flush(value, ((total >> SEVEN_SUIT) + flush_bias) & FLUSH_FLAGS, masks,
                       flush_classes)


@inline_kernel
def choices_class(board_total, board_masks, hole_totals, hole_masks, first, count, disp, params,
                  rank_classes, flush_classes, flush_bias, seven=False, offsets=None):
    """Best class of one hand drawn from the whole board and any one choice of hole cards.

    ``hole_totals[first : first + count]``/``hole_masks[...]`` hold each choice's
    summed card words and suit masks (a flat array may hold several players');
    ``rank_classes``/``flush_classes`` are the zero-wild rows of the tables.  With
    ``seven``, the sums, ``offsets`` and ``rank_classes`` are the seven-card tables'.
    """
    best = rank_classes[0] & 0
    for k in range(first, first + count):
        if seven:
            value = seven_class(board_total + hole_totals[k], board_masks | hole_masks[k], offsets,
                                rank_classes, flush_classes, flush_bias)
        else:
            value = cards_class(board_total + hole_totals[k], board_masks | hole_masks[k], disp,
                                params, rank_classes, flush_classes, flush_bias)
        if value > best:
            best = value
    return best


@inline_kernel
def _hole_choice_rows(hole, n_hole, board, n_board, hole_sets, hole_set_len, card_bits, suit_bits,
                      disp, params, rank_classes, flush_classes, class_strength, flush_bias, out,
                      seven, offsets, three_pairs):
    n_sets = hole_sets.shape[0]
    hole_totals = np.empty(n_sets, dtype=np.uint64)
    hole_masks = np.empty(n_sets, dtype=np.uint64)
    for i in range(out.shape[0]):
        board_total, board_masks = card_sums(board, i * n_board, n_board, card_bits, suit_bits)
        if three_pairs:  # Tahoe: the three pairs of three hole cards, in the order of hole_sets
            a = hole[i * 3]
            b = hole[i * 3 + 1]
            c = hole[i * 3 + 2]
            hole_totals[0] = card_bits[a] + card_bits[b]
            hole_totals[1] = card_bits[a] + card_bits[c]
            hole_totals[2] = card_bits[b] + card_bits[c]
            hole_masks[0] = suit_bits[a] | suit_bits[b]
            hole_masks[1] = suit_bits[a] | suit_bits[c]
            hole_masks[2] = suit_bits[b] | suit_bits[c]
        else:
            _subset_sums(hole, i * n_hole, hole_sets, hole_set_len, card_bits, suit_bits,
                         hole_totals, hole_masks)
        best = choices_class(board_total, board_masks, hole_totals, hole_masks, 0, n_sets, disp,
                             params, rank_classes, flush_classes, flush_bias, seven, offsets)
        out[i] = best if seven else class_strength[best]


@kernel
def best_hole_choices(hole, n_hole, board, n_board, hole_sets, hole_set_len, tables, class_strength, out,
                      seven_words, seven_offsets, seven_strengths, seven_flush_strengths):
    """Best high strength per row when a hand is the best of one choice of hole cards plus the
    whole board, taken in any combination (Tahoe: each pair of its three hole cards), no wilds.

    The board's card words are summed once per row and each choice adds its own;
    through the seven-card tables of strengths when the game has them (``seven_offsets``
    not empty); ``tables`` is the zero-wild :class:`~equity._kernels.bundles.ClassTables`.
    """
    card_bits, suit_bits, disp, params, rank_classes, flush_classes, flush_bias = tables
    three_pairs = n_hole == 3 and hole_sets.shape[0] == 3 and hole_set_len.min() == hole_set_len.max() == 2
    if seven_offsets.shape[0] > 0 and three_pairs and n_board == 5:
        _hole_choice_rows(hole, 3, board, 5, hole_sets, hole_set_len, seven_words, suit_bits, disp,
                          params, seven_strengths, seven_flush_strengths, class_strength,
                          flush_bias, out, True, seven_offsets, True)
    elif seven_offsets.shape[0] > 0:
        _hole_choice_rows(hole, n_hole, board, n_board, hole_sets, hole_set_len, seven_words,
                          suit_bits, disp, params, seven_strengths, seven_flush_strengths,
                          class_strength, flush_bias, out, True, seven_offsets, False)
    else:
        _hole_choice_rows(hole, n_hole, board, n_board, hole_sets, hole_set_len, card_bits,
                          suit_bits, disp, params, rank_classes, flush_classes, class_strength,
                          flush_bias, out, False, seven_offsets, False)


@inline_kernel
def hole_rows_of(hole_totals, first, count, disp, params, hole_index, rows):
    """``rows[k]``: the exact-rule tables' column of hole choice ``k`` (its ranks' multiset), for
    ``k`` in ``first .. first + count - 1``.  Computed once per hand of hole cards, so a loop over
    boards does not hash the same hole ranks again."""
    for k in range(first, first + count):
        slot = slot_of(hole_totals[k] & KEY_MASK, disp, params[0], params[1], params[2])
        rows[k] = np.int64(hole_index[slot])


@inline_kernel
def board_slot_of(board_total, disp, params):
    """The exact-rule tables' row of a board (its ranks' multiset), from its summed card words."""
    return np.int64(slot_of(board_total & KEY_MASK, disp, params[0], params[1], params[2]))


@inline_kernel
def exact_class(board_slot, board_total, board_masks, hole_totals, hole_masks, hole_rows, first,
                n_sets, j, board_need, exact_classes, flush_classes):
    """Best class of one hand of exactly ``j`` hole and ``board_need`` board cards.

    ``board_slot`` is the board's row (:func:`board_slot_of`);
    ``hole_totals[first : first + n_sets]``/``hole_masks[...]`` hold each j-card
    choice of hole cards and ``hole_rows[...]`` its column (:func:`hole_rows_of`); the
    non-flush part is one table entry per choice, and flushes are listed only for
    a suit with at least ``board_need`` board cards and ``j`` hole cards
    (:func:`exact_flush_class`).
    """
    best = exact_classes[0, 0] & 0
    for k in range(first, first + n_sets):
        value = exact_classes[board_slot, hole_rows[k]]
        if value > best:
            best = value
    flush = exact_flush_class(board_total, board_masks, hole_totals, hole_masks, first, n_sets, j,
                              board_need, flush_classes)
    return flush if flush > best else best


@inline_kernel
def exact_flush_class(board_total, board_masks, hole_totals, hole_masks, first, n_sets, j,
                      board_need, flush_classes):
    """Best flush class (0: none) of exactly ``j`` hole and ``board_need`` board cards, by
    listing, for each hole choice with ``j`` cards of a suit that has at least
    ``board_need`` board cards, the choices of board cards of that suit."""
    best = flush_classes[0] & 0
    for suit in range(4):
        shift_suit = U64(4 * suit)
        if ((board_total >> SUIT_SHIFT) >> shift_suit) & U64(15) < board_need:
            continue
        board_suited = (board_masks >> U64(16 * suit)) & SUIT_MASK
        for k in range(first, first + n_sets):
            if ((hole_totals[k] >> SUIT_SHIFT) >> shift_suit) & U64(15) != j:
                continue
            hole_suited = (hole_masks[k] >> U64(16 * suit)) & SUIT_MASK
            best = _best_suited_flush(hole_suited, board_suited, board_need, flush_classes, best)
    return best


@inline_kernel
def _best_suited_flush(hole_suited, board_suited, board_need, flush_classes, best):
    """``best`` or the best flush of the hole cards ``hole_suited`` with any ``board_need`` of
    the board cards ``board_suited`` (rank masks of one suit), whichever is better."""
    chosen = board_suited
    while chosen:
        if _set_bits(chosen) == board_need:
            value = flush_classes[hole_suited | chosen]
            if value > best:
                best = value
        chosen = (chosen - U64(1)) & board_suited
    return best


@kernel
def seat_flush_classes(hole_totals, hole_masks, n_players, n_sets, j, board_need, n_board,
                       flush_classes, out):
    """Each seat's best flush class by the exact rule for every board suit pattern, for hands
    that stay the same over many boards: ``out[p, suit * FLUSH_MASKS + board_suited]`` is the
    best flush (0: none) of ``j`` of seat ``p``'s hole cards of ``suit`` and ``board_need`` of
    the board's cards of that suit, ``board_suited`` (a rank mask of ``board_need`` to
    ``n_board`` cards): what :func:`exact_flush_class` lists for the board, made once.
    ``hole_totals``/``hole_masks`` hold the seats' hole choices, ``n_sets`` a seat."""
    for p in range(n_players):
        for suit in range(4):
            shift_suit = U64(4 * suit)
            for k in range(p * n_sets, (p + 1) * n_sets):
                if ((hole_totals[k] >> SUIT_SHIFT) >> shift_suit) & U64(15) != j:
                    continue
                hole_suited = (hole_masks[k] >> U64(16 * suit)) & SUIT_MASK
                for board_suited in range(FLUSH_MASKS):
                    board_cards = _set_bits(board_suited)
                    if board_cards < board_need or board_cards > n_board:
                        continue
                    if U64(board_suited) & hole_suited:
                        continue  # the seat holds one of these cards: not a board of this seat
                    entry = suit * FLUSH_MASKS + board_suited
                    out[p, entry] = _best_suited_flush(hole_suited, U64(board_suited), board_need,
                                                       flush_classes, out[p, entry])


@inline_kernel
def flush_suits_of(board_total, board_need):
    """The suits holding at least ``board_need`` of a board's cards, from its summed card words:
    bit 3 of each suit's 4-bit field (the count, biased so that it carries there)."""
    return ((board_total >> SUIT_SHIFT) + U64(8 - board_need) * U64(0x1111)) & FLUSH_FLAGS


@inline_kernel
def seat_flush_class(seat_flush, p, flush_suits, board_masks):
    """Seat ``p``'s best flush (0: none) from its :func:`seat_flush_classes` row, on a board
    whose suits holding enough cards for a flush are flagged in ``flush_suits``
    (:func:`flush_suits_of`).  The first flagged suit is read without a branch: with none
    flagged the entry read is suit 3's, whose board cards are too few, so it holds 0."""
    suit = (trailing_zeros(flush_suits | (U64(1) << U64(60))) >> 2) & 3
    best = seat_flush[p, suit * FLUSH_MASKS + ((board_masks >> U64(16 * suit)) & SUIT_MASK)]
    rest = flush_suits & (flush_suits - U64(1))
    while rest:  # a second suit: only on boards of at least twice board_need cards
        suit = trailing_zeros(rest) >> 2
        rest &= rest - U64(1)
        value = seat_flush[p, suit * FLUSH_MASKS + ((board_masks >> U64(16 * suit)) & SUIT_MASK)]
        if value > best:
            best = value
    return best


@kernel
def seat_board_classes(hole_rows, n_players, n_sets, exact_classes, exact_low_classes, low,
                       out):
    """Each seat's best class on every board by the exact-rule tables, for hands that stay
    the same over many boards: ``out[p, b]`` is the best entry of board row ``b`` over seat
    ``p``'s hole choices (columns ``hole_rows[p * n_sets : (p + 1) * n_sets]``) of
    ``exact_classes``, or with ``low`` of ``exact_low_classes`` (0 where its last column says
    the board allows no low), the rule of :func:`exact_low_class`.  Flushes are not in it."""
    table = exact_low_classes if low else exact_classes
    for p in range(n_players):
        for b in range(out.shape[1]):
            best = table[0, 0] & 0
            if not low or table[b, table.shape[1] - 1] != 0:
                for k in range(p * n_sets, (p + 1) * n_sets):
                    value = table[b, hole_rows[k]]
                    if value > best:
                        best = value
            out[p, b] = best


@inline_kernel
def _next_rank_multiset(ranks, counts):
    """Step ``ranks`` (non-decreasing, 0..12, at most four of a rank; ``counts`` its rank counts)
    to the next such multiset of the same size; False after the last."""
    n = ranks.shape[0]
    while True:
        i = n - 1
        while i >= 0 and ranks[i] == 12:
            i -= 1
        if i < 0:
            return False
        top = ranks[i] + 1
        for t in range(i, n):
            counts[ranks[t]] -= 1
            ranks[t] = top
            counts[top] += 1
        if counts[top] <= 4:
            return True


@inline_kernel
def _first_rank_multiset(ranks, counts):
    """``ranks``/``counts`` set to the first multiset of :func:`_next_rank_multiset`'s order."""
    counts[:] = 0
    for t in range(ranks.shape[0]):
        ranks[t] = t // 4
        counts[t // 4] += 1


@kernel
def seven_seat_classes(totals, hole, n_players, n_hole, n_sets, n_board, low, seven_words,
                       offsets, seven_classes, seven_low_classes, boards):
    """Each seat's best class (and, with ``low``, best low) over its hole choices on every
    ``n_board``-card board of ranks, through the seven-card tables, for hands that stay the
    same over many boards: ``(high, low)``, ``uint16[n_players, slots]``, indexed by the
    board's own slot in the seven-card tables (``row_slot`` of its summed words), so a board
    costs one lookup for every seat instead of one a seat and hole choice.  ``totals`` holds
    the seats' hole-choice sums of seven-card words (seat ``p`` at ``[p * n_sets : (p + 1) *
    n_sets]``), ``hole`` their cards.  Flushes are not in it (the caller adds them, as
    :func:`choices_class` does).  A board that would give a rank five times with a seat's
    cards never comes, and its entry stays 0.  Empty arrays when ``boards`` (boards to value)
    is under twice the number of board multisets: then the table does not pay."""
    ranks = np.zeros(n_board, dtype=np.int64)
    counts = np.zeros(13, dtype=np.int64)
    _first_rank_multiset(ranks, counts)
    n_multisets = 0
    n_slots = 0
    more = True
    while more:
        board_total = U64(0)
        for t in range(n_board):
            board_total += seven_words[4 * ranks[t]]
        n_slots = max(n_slots, np.int64(row_slot(board_total, offsets, SEVEN_ROW_SHIFT)) + 1)
        n_multisets += 1
        more = _next_rank_multiset(ranks, counts)
    if boards < 2 * n_multisets:
        n_slots = 0
    high = np.zeros((n_players if n_slots else 0, n_slots), dtype=np.uint16)
    lows = np.zeros((n_players if n_slots and low else 0, n_slots if low else 0), dtype=np.uint16)
    if n_slots == 0:
        return high, lows
    held = np.zeros((n_players, 13), dtype=np.int64)
    for p in range(n_players):
        for t in range(n_hole):
            held[p, hole[p * n_hole + t] >> 2] += 1
    _first_rank_multiset(ranks, counts)
    more = True
    while more:
        board_total = U64(0)
        for t in range(n_board):
            board_total += seven_words[4 * ranks[t]]
        slot = row_slot(board_total, offsets, SEVEN_ROW_SHIFT)
        for p in range(n_players):
            possible = True
            for r in range(13):
                if counts[r] + held[p, r] > 4:
                    possible = False
            if not possible:
                continue
            best = seven_classes[0] & 0
            best_low = seven_classes[0] & 0
            for k in range(p * n_sets, (p + 1) * n_sets):
                at = row_slot(board_total + totals[k], offsets, SEVEN_ROW_SHIFT)
                best = max(best, seven_classes[at])
                if low:
                    best_low = max(best_low, seven_low_classes[at])
            high[p, slot] = best
            if low:
                lows[p, slot] = best_low
        more = _next_rank_multiset(ranks, counts)
    return high, lows


@inline_kernel
def seven_seat_class(value, board_total, board_masks, totals, masks, first, count, flush_classes,
                     flush_bias):
    """A seat's class from its :func:`seven_seat_classes` entry ``value`` and the flushes of its
    hole choices ``totals[first : first + count]`` (summed seven-card words) on this board."""
    for k in range(first, first + count):
        flags = (((board_total + totals[k]) >> SEVEN_SUIT) + flush_bias) & FLUSH_FLAGS
        value = _with_flush(value, flags, board_masks | masks[k], flush_classes)
    return value


@inline_kernel
def _top_ranks(suited, count):
    """The ``count`` highest ranks of a rank mask (all of them when it has fewer)."""
    for _ in range(_set_bits(suited) - count):
        suited &= suited - U64(1)
    return suited


@inline_kernel
def _exact_flush(board_suited, hole_suited, j, board_need, flush_classes):
    """Best flush class (0: none) of exactly ``j`` of the hole ranks ``hole_suited`` and
    ``board_need`` of the board ranks ``board_suited``, all of one suit, through the
    straight-window index after the flush classes (see
    ``equity.tables._straight_window_index``): the top ranks of each, unless a straight flush
    of ``j`` hole and ``board_need`` board ranks beats it."""
    if _set_bits(hole_suited) < j or _set_bits(board_suited) < board_need:
        return flush_classes[0] & 0
    best = flush_classes[_top_ranks(hole_suited, j) | _top_ranks(board_suited, board_need)]
    windows = U64(flush_classes[U64(FLUSH_MASKS) + (hole_suited | board_suited)])
    while windows:
        straight = U64(flush_classes[U64(2 * FLUSH_MASKS) + U64(trailing_zeros(windows))])
        windows &= windows - U64(1)
        if _set_bits(straight & hole_suited) == j:
            value = flush_classes[straight]
            if value > best:
                best = value
    return best


@inline_kernel
def _whole_positions(hole, n_hole, board, n_board, start, stop, words, offsets, positions,
                     board_bias, hole_bias, position, flagged):
    """Positions in the whole-hand table of rows ``start .. stop - 1`` (``position[i - start]``)
    and the rows whose suit counts allow a flush (``flagged``, their number returned)."""
    n_flagged = 0
    for i in range(start, stop):
        board_total = U64(0)
        for t in range(n_board):
            board_total += words[board[i * n_board + t]]
        hole_total = U64(0)
        for t in range(n_hole):
            hole_total += words[hole[i * n_hole + t]]
        position[i - start] = (
            positions[row_slot(board_total & SEVEN_WEIGHTS, offsets, SEVEN_ROW_SHIFT)]
            + positions[row_slot(hole_total & SEVEN_WEIGHTS, offsets, SEVEN_ROW_SHIFT)])
        flags = ((board_total >> SEVEN_SUIT) + board_bias) & ((hole_total >> SEVEN_SUIT)
                                                              + hole_bias) & FLUSH_FLAGS
        flagged[n_flagged] = i
        n_flagged += flags != 0
    return n_flagged


#: Rows of :func:`best_exact_whole` whose table positions are computed before any is loaded.
WHOLE_BLOCK = 2048


@kernel
def best_exact_whole(hole, n_hole, board, n_board, seven_words, suit_bits, whole_offsets,
                     whole_positions, whole_classes, flush_classes, class_strength, j, board_need,
                     out):
    """Best high strength per row for hands of exactly ``j`` of ``n_hole`` hole cards and
    ``board_need`` of the ``n_board`` board cards, through the whole-hand table.

    ``whole_classes`` (flattened) at ``whole_positions[b] + whole_positions[h]`` is the best
    non-flush class of the board whose ranks' seven-card weights hash to slot ``b`` and the
    hand whose hole ranks' hash to ``h`` (``equity.tables._whole_hand_table``).  The table
    is larger than the caches, so each block of rows first computes every row's position in
    it and then loads them, which lets the loads overlap; a last pass looks for flushes in
    the rows whose suit counts allow one (``flush_classes`` carries the straight-window index).
    """
    flat = whole_classes.ravel()
    position = np.empty(WHOLE_BLOCK, dtype=np.uint32)  # unsigned: no wraparound code
    flagged = np.empty(WHOLE_BLOCK, dtype=np.int64)
    board_bias = U64(0x1111 * (8 - board_need))  # a suit's nibble reaches 8 at board_need cards
    hole_bias = U64(0x1111 * (8 - j))
    for start in range(0, out.shape[0], WHOLE_BLOCK):
        stop = min(start + WHOLE_BLOCK, out.shape[0])
        if n_hole == 4 and n_board == 5:  # Omaha: the counts as constants unroll the sums
            n_flagged = _whole_positions(hole, 4, board, 5, start, stop, seven_words,
                                         whole_offsets, whole_positions, board_bias, hole_bias,
                                         position, flagged)
        else:
            n_flagged = _whole_positions(hole, n_hole, board, n_board, start, stop, seven_words,
                                         whole_offsets, whole_positions, board_bias, hole_bias,
                                         position, flagged)
        whole_strengths(hole, n_hole, board, n_board, start, stop, position, flagged, n_flagged,
                        flat, suit_bits, flush_classes, class_strength, j, board_need, out)


@inline_kernel
def whole_strengths(hole, n_hole, board, n_board, start, stop, position, flagged, n_flagged, flat,
                    suit_bits, flush_classes, class_strength, j, board_need, out):
    """The second half of :func:`best_exact_whole` for rows ``start .. stop - 1``: each row's
    whole-hand entry at ``flat[position[i - start]]``, loaded in one pass, then the flushes of
    the ``n_flagged`` rows listed in ``flagged``."""
    for i in range(start, stop):
        out[i] = class_strength[flat[position[i - start]]]
    for f in range(n_flagged):
        i = flagged[f]
        board_masks = U64(0)
        for t in range(n_board):
            board_masks |= suit_bits[board[i * n_board + t]]
        hole_masks = U64(0)
        for t in range(n_hole):
            hole_masks |= suit_bits[hole[i * n_hole + t]]
        best = flush_classes[0] & 0
        for suit in range(4):
            shift = U64(16 * suit)
            value = _exact_flush((board_masks >> shift) & SUIT_MASK,
                                 (hole_masks >> shift) & SUIT_MASK, j, board_need,
                                 flush_classes)
            if value > best:
                best = value
        if best and class_strength[best] > out[i]:
            out[i] = class_strength[best]


@kernel
def best_exact(hole, n_hole, board, n_board, hole_sets, hole_set_len, card_bits, suit_bits, disp,
               params, hole_index, exact_classes, flush_classes, class_strength, board_need, out):
    """Best high strength per row for hands of exactly ``j`` hole and ``board_need`` board cards.

    ``hole_sets`` lists the j-card choices of hole cards; ``exact_classes[b, hole_index[h]]``
    is the best non-flush class of hole multiset ``h`` with ``board_need`` cards of board
    multiset ``b``.  Flushes are found by listing the suited choices, only for a suit
    with at least ``board_need`` board cards and ``j`` hole cards.
    """
    n_sets = hole_sets.shape[0]
    j = hole_set_len[0]
    hole_totals = np.empty(n_sets, dtype=np.uint64)
    hole_masks = np.empty(n_sets, dtype=np.uint64)
    hole_rows = np.empty(n_sets, dtype=np.int64)
    for i in range(out.shape[0]):
        board_total, board_masks = card_sums(board, i * n_board, n_board, card_bits, suit_bits)
        _subset_sums(hole, i * n_hole, hole_sets, hole_set_len, card_bits, suit_bits,
                     hole_totals, hole_masks)
        hole_rows_of(hole_totals, 0, n_sets, disp, params, hole_index, hole_rows)
        best = exact_class(board_slot_of(board_total, disp, params), board_total, board_masks,
                           hole_totals, hole_masks, hole_rows, 0, n_sets, j, board_need,
                           exact_classes, flush_classes)
        out[i] = class_strength[best]


@inline_kernel
def exact_low_class(board_slot, hole_rows, first, n_sets, exact_low_classes):
    """Best low class (0: none qualifies) of exactly ``j`` hole and ``5 - j`` board cards, the
    board's row being ``board_slot`` (:func:`board_slot_of`) and the hole choices' columns
    ``hole_rows[first : first + n_sets]`` (:func:`hole_rows_of`).  The table's last column
    says whether the board allows a low at all."""
    best = exact_low_classes[0, 0] & 0
    if exact_low_classes[board_slot, exact_low_classes.shape[1] - 1] == 0:
        return best
    for k in range(first, first + n_sets):
        value = exact_low_classes[board_slot, hole_rows[k]]
        if value > best:
            best = value
    return best


@inline_kernel
def choices_low_class(board_total, hole_totals, first, count, disp, params, low_classes):
    """Best low class (0: none qualifies) of the whole board with any one choice of hole cards
    (``low_classes``: the zero-wild row of the low tables)."""
    best = low_classes[0] & 0
    for k in range(first, first + count):
        total = board_total + hole_totals[k]
        value = low_classes[slot_of(total & KEY_MASK, disp, params[0], params[1], params[2])]
        if value > best:
            best = value
    return best


@inline_kernel
def seven_choices_low_class(board_total, hole_totals, first, count, offsets, seven_low_classes):
    """:func:`choices_low_class` through the seven-card tables (the sums are their words)."""
    best = seven_low_classes[0] & 0
    for k in range(first, first + count):
        value = seven_low_classes[row_slot(board_total + hole_totals[k], offsets, SEVEN_ROW_SHIFT)]
        if value > best:
            best = value
    return best


@kernel
def best_exact_low(hole, n_hole, board, n_board, hole_sets, hole_set_len, card_bits, suit_bits,
                   disp, params, hole_index, exact_low_classes, class_strength, out):
    """Best low strength per row for hands of exactly ``j`` hole cards (see :func:`best_exact`)."""
    n_sets = hole_sets.shape[0]
    hole_totals = np.empty(n_sets, dtype=np.uint64)
    hole_masks = np.empty(n_sets, dtype=np.uint64)
    hole_rows = np.empty(n_sets, dtype=np.int64)
    for i in range(out.shape[0]):
        board_total = U64(0)
        for t in range(n_board):
            board_total += card_bits[board[i * n_board + t]]
        _subset_sums(hole, i * n_hole, hole_sets, hole_set_len, card_bits, suit_bits,
                     hole_totals, hole_masks)
        hole_rows_of(hole_totals, 0, n_sets, disp, params, hole_index, hole_rows)
        best = exact_low_class(board_slot_of(board_total, disp, params), hole_rows, 0, n_sets,
                               exact_low_classes)
        out[i] = class_strength[best]


@inline_kernel
def _all_valid(hole, n_hole, board, n_board, n_rows, deck_mask):
    # a row's cards are distinct exactly when the sum of their bits equals their OR; no branch
    # in the loop, so the compiler vectorizes it
    one = U64(1)
    flags = U64(0)
    codes = 0
    for i in range(n_rows):
        bit_sum = U64(0)
        bit_or = U64(0)
        for t in range(n_hole):
            code = hole[i * n_hole + t]
            codes |= code
            bit = one << U64(code & 63)
            bit_sum += bit
            bit_or |= bit
        for t in range(n_board):
            code = board[i * n_board + t]
            codes |= code
            bit = one << U64(code & 63)
            bit_sum += bit
            bit_or |= bit
        flags |= (bit_sum ^ bit_or) | (bit_or & ~deck_mask)
    return flags == 0 and codes < 64


@kernel
def all_rows_valid(hole, n_hole, board, n_board, n_rows, deck_mask):
    """Whether every row's cards are distinct codes of ``deck_mask`` (a fast pass; on False,
    :func:`first_invalid_row` finds the row)."""
    if n_hole == 2 and n_board == 5:
        return _all_valid(hole, 2, board, 5, n_rows, deck_mask)
    if n_hole == 2 and n_board == 6:
        return _all_valid(hole, 2, board, 6, n_rows, deck_mask)
    if n_hole == 3 and n_board == 5:
        return _all_valid(hole, 3, board, 5, n_rows, deck_mask)
    if n_hole == 4 and n_board == 5:
        return _all_valid(hole, 4, board, 5, n_rows, deck_mask)
    if n_hole == 2 and n_board == 4:
        return _all_valid(hole, 2, board, 4, n_rows, deck_mask)
    if n_hole == 5 and n_board == 0:
        return _all_valid(hole, 5, board, 0, n_rows, deck_mask)
    if n_hole == 7 and n_board == 0:
        return _all_valid(hole, 7, board, 0, n_rows, deck_mask)
    return _all_valid(hole, n_hole, board, n_board, n_rows, deck_mask)


@kernel
def first_invalid_row(hole, n_hole, board, n_board, n_rows, deck_mask):
    """Index of the first row with a repeated card or a card outside ``deck_mask``, or -1."""
    code_bit = np.zeros(256, dtype=np.uint64)
    for code in range(256):
        # codes past 53 (the jokers) get bit 63, which no deck holds
        code_bit[code] = U64(1) << U64(code if code < 54 else 63)
    if n_hole == 2 and n_board == 5:
        return _first_invalid(hole, 2, board, 5, n_rows, deck_mask, code_bit)
    if n_hole == 2 and n_board == 6:
        return _first_invalid(hole, 2, board, 6, n_rows, deck_mask, code_bit)
    return _first_invalid(hole, n_hole, board, n_board, n_rows, deck_mask, code_bit)
