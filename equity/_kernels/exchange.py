"""The El Dorado exchange: the ``greedy`` decision, and the calculator's fused loop of exchange trials.

:func:`greedy_choice` is the one home of the ``greedy`` policy's rule; the deal engine's
exchange loop (``equity._kernels.deal.exchange_deals``) and :func:`sample_exchange` both call it.
"""

import numpy as np
from numba import prange

from equity._kernels import inline_kernel, parallel_kernel
from equity._kernels.calc import (
    HEADS_UP_OUTCOMES,
    RANDOM,
    _add_tally,
    _count_outcome,
    _heads_up_code,
    _place_dealt,
    _random_take,
    _score,
    _scratch,
)
from equity._kernels.evaluate import _group_class, _remove_wild
from equity._kernels.rng import shuffle_prefix_local

U64 = np.uint64

# exchange policies (integer codes; see equity.deal.EXCHANGE_POLICIES): the fused loop plays the
# first two
NEVER = 0
GREEDY = 1
SCRIPTED = 2
LOOKAHEAD = 3
USER = 4


@inline_kernel
def class_with_wild(total, masks, wild, disp, params, rank_classes, flush_classes, flush_bias):
    """Class of the best five of a group of cards (summed card words, suit masks) under a wild
    rank, -1 for none: the wild cards come out of the sums first."""
    w = 0
    if wild >= 0:
        total, masks, w = _remove_wild(total, masks, wild)
    return _group_class(total, masks, w, disp, params, rank_classes, flush_classes, flush_bias)


@inline_kernel
def _take_index(f0, f1, f2, new_wild, for_low):
    """The flop card ``greedy`` takes: the highest-ranked one not of the new wild rank (the
    highest of all if every flop card is), or for a low pot the lowest (ace low); the first of
    equal ranks."""
    take = 0
    taken = f0
    for f in range(1, 3):
        card = f1 if f == 1 else f2
        if for_low:
            better_rank = ((card >> 2) + 1) % 13 < ((taken >> 2) + 1) % 13
        else:
            better_rank = (card >> 2) > (taken >> 2)
        take_is_wild = np.int64(taken >> 2) == new_wild
        card_is_wild = np.int64(card >> 2) == new_wild
        if (take_is_wild and not card_is_wild) or (take_is_wild == card_is_wild and better_rank):
            take = f
            taken = card
    return take


@inline_kernel
def greedy_choice(a, b, f0, f1, f2, wild, for_low, tables):
    """The ``greedy`` decision of a seat holding ``a``, ``b`` with the flop ``f0 f1 f2`` and the
    current wild rank ``wild`` (-1: none): ``(hole index given, flop index taken)``, or
    ``(-1, -1)`` to keep.

    It takes the wild rank (the current one, or the rank of either hole card) that makes the
    best five-card hand of its five visible cards, keeping on ties; between the hole cards, the
    one giving the better hand (the higher card code on a tie) goes to the flop, and the flop
    card taken is :func:`_take_index`'s.  The five visible cards are the same whichever card
    moves, so only the wild rank changes the seat's own hand: their sums are taken once.
    ``tables`` is a :class:`~equity._kernels.bundles.ClassTables` with every number of wild
    cards (for a low pot, the low classes and a zero flush bias)."""
    card_bits, suit_bits, disp, params, rank_classes, flush_classes, flush_bias = tables
    total = card_bits[a] + card_bits[b] + card_bits[f0] + card_bits[f1] + card_bits[f2]
    masks = suit_bits[a] | suit_bits[b] | suit_bits[f0] | suit_bits[f1] | suit_bits[f2]
    rank_a = np.int64(a >> 2)
    rank_b = np.int64(b >> 2)
    keep = class_with_wild(total, masks, wild, disp, params, rank_classes, flush_classes, flush_bias)
    give_a = class_with_wild(total, masks, rank_a, disp, params, rank_classes, flush_classes, flush_bias)
    # give_b even for a pair, where it equals give_a: behind a branch, the deal engine's six-player
    # exchange ran 1.5x slower (the three lookups no longer overlapped)
    give_b = class_with_wild(total, masks, rank_b, disp, params, rank_classes, flush_classes, flush_bias)
    if max(give_a, give_b) <= keep:
        return -1, -1
    give = 0 if give_a > give_b or (give_a == give_b and a > b) else 1
    return give, _take_index(f0, f1, f2, rank_a if give == 0 else rank_b, for_low)


#: Flops in the order dealt (card codes below 52): the key of a fixed seat's remembered decisions.
FLOP_KEYS = 52 * 52 * 52
#: Wild ranks a seat may face: none, or one of 13.
WILD_KEYS = 14
#: Trials dealt and exchanged before their showdowns are valued.
BLOCK = 256


@inline_kernel
def _remembered_choice(memo, seat, a, b, f0, f1, f2, wild, tables):
    """:func:`greedy_choice` of a fixed seat, remembered in ``memo[seat]`` (int8: zero where not yet
    decided, 1 to keep, else ``2 + 3 * give + take``) by the flop in order and the wild rank the
    seat faces: a fixed seat's hole cards are the same in every trial.  Threads write the same
    value for a key, so they may share the memo.  Returns (give, take, swap) with keep as
    (0, 0, False), for a swap without a branch (which way a decision goes is not predictable).
    (Keyed by the set of flop cards, a memo 6 times smaller, and decoded by rank, it ran 15%
    slower.)"""
    key = (wild + 1) * FLOP_KEYS + np.int64(f0) * 2704 + np.int64(f1) * 52 + np.int64(f2)
    code = memo[seat, key]
    if code == 0:
        give, take = greedy_choice(a, b, f0, f1, f2, wild, False, tables)
        code = 1 if give < 0 else 2 + 3 * give + take
        memo[seat, key] = code
    swap = code > 1
    return np.int64(swap) * ((code - 2) // 3), np.int64(swap) * ((code - 2) % 3), swap


def _sample_exchange(states, chunk_trials, stub0, n_players, kinds, fixed_hole, known_board, policies,
                     tables, memo, sums):
    """Monte Carlo trials of El Dorado before the exchange, a high pot, each seat a fixed hand or a
    random one and playing ``NEVER`` or ``GREEDY`` (``policies[seat]``): chunk ``c`` from
    ``states[c]``, its sums into ``sums[c]`` (float64[chunks, 5, players], as
    ``equity._kernels.calc.sample_plain`` writes them).

    A trial deals the random seats' hole cards and the missing board (the flop, if not known, and
    the last card) from the stub as ``deal_trial`` deals them (the last card dealt before the
    exchange: the unseen cards are exchangeable, and no policy here reads it), plays the exchange
    in seat order (:func:`greedy_choice`) on copies of the hole cards and the flop, and values
    each hand, the best five of its two hole cards and the four board cards, under the wild rank
    the exchange made (none if nobody swapped).  ``tables`` is the high
    :class:`~equity._kernels.bundles.ClassTables` with every number of wild cards.  The deal
    engine and the general path play the same exchange (``exchange_deals``) row by row.

    ``memo`` (int8[players, WILD_KEYS * FLOP_KEYS], zeros at first, kept between calls) remembers
    each fixed seat's decisions (:func:`_remembered_choice`); random seats decide afresh."""
    card_bits, suit_bits, disp, params, rank_classes, flush_classes, flush_bias = tables
    n_known = known_board.shape[0]
    n_hole = 2
    for c in prange(states.shape[0]):
        stub = stub0.copy()
        hole = fixed_hole.copy()
        board = np.empty(4, dtype=np.uint8)
        for b in range(n_known):
            board[b] = known_board[b]
        cards = np.empty(n_players * n_hole, dtype=np.uint8)  # the hole cards as the exchange leaves them
        flop = np.empty(3, dtype=np.uint8)
        classes, shares, live, lows, acc = _scratch(n_players)
        tally = np.zeros(HEADS_UP_OUTCOMES, dtype=np.int64)
        packed = U64(0)  # heads-up outcomes counted in a register (calc._count_outcome)
        filled = 0
        take = _random_take(kinds, n_players, n_hole) + 4 - n_known
        n_stub = stub.shape[0]
        s0, s1, s2, s3 = states[c, 0], states[c, 1], states[c, 2], states[c, 3]
        block_cards = np.empty((BLOCK, n_players * n_hole), dtype=np.uint8)
        block_board = np.empty((BLOCK, 4), dtype=np.uint8)
        block_wild = np.empty(BLOCK, dtype=np.int64)
        for first in range(0, chunk_trials[c], BLOCK):
            size = min(BLOCK, chunk_trials[c] - first)
            # the deals and their exchanges, then the showdowns: two short loops, each compiled
            # well (one loop doing both ran the showdown's wild-card lookups several times slower)
            for i in range(size):
                s0, s1, s2, s3 = shuffle_prefix_local(stub, n_stub, take, s0, s1, s2, s3)
                _place_dealt(stub, n_players, n_hole, kinds, n_known, hole, board)
                for t in range(n_players * n_hole):
                    cards[t] = hole[t]
                for f in range(3):
                    flop[f] = board[f]
                wild = np.int64(-1)
                for seat in range(n_players):
                    if policies[seat] != GREEDY:
                        continue
                    if kinds[seat] == RANDOM:
                        give, take_f = greedy_choice(cards[2 * seat], cards[2 * seat + 1], flop[0], flop[1],
                                                     flop[2], wild, False, tables)
                        swap = give >= 0
                        give = max(give, 0)
                        take_f = max(take_f, 0)
                    else:
                        give, take_f, swap = _remembered_choice(memo, seat, cards[2 * seat],
                                                                cards[2 * seat + 1], flop[0], flop[1],
                                                                flop[2], wild, tables)
                    # the swap (or, to keep, the same cards written back), without a branch
                    placed = cards[2 * seat + give]
                    taken = flop[take_f]
                    cards[2 * seat + give] = taken if swap else placed
                    flop[take_f] = placed if swap else taken
                    wild = np.int64(placed >> 2) if swap else wild
                for t in range(n_players * n_hole):
                    block_cards[i, t] = cards[t]
                for f in range(3):
                    block_board[i, f] = flop[f]
                block_board[i, 3] = board[3]
                block_wild[i] = wild
            for i in range(size):
                board_total = (card_bits[block_board[i, 0]] + card_bits[block_board[i, 1]]
                               + card_bits[block_board[i, 2]] + card_bits[block_board[i, 3]])
                board_masks = (suit_bits[block_board[i, 0]] | suit_bits[block_board[i, 1]]
                               | suit_bits[block_board[i, 2]] | suit_bits[block_board[i, 3]])
                for p in range(n_players):
                    a = block_cards[i, 2 * p]
                    b = block_cards[i, 2 * p + 1]
                    classes[p] = class_with_wild(board_total + card_bits[a] + card_bits[b],
                                                 board_masks | suit_bits[a] | suit_bits[b], block_wild[i],
                                                 disp, params, rank_classes, flush_classes, flush_bias)
                if n_players == 2:
                    packed, filled = _count_outcome(_heads_up_code(classes, lows, 0), packed, filled, tally)
                else:
                    _score(classes, live, n_players, shares, acc)
        if n_players == 2:
            _add_tally(tally, packed, 0, live, acc)
        for k in range(5):
            for p in range(n_players):
                sums[c, k, p] = acc[k, p]


sample_exchange = parallel_kernel(_sample_exchange)

__all__ = ["NEVER", "GREEDY", "SCRIPTED", "LOOKAHEAD", "USER", "class_with_wild", "greedy_choice",
           "sample_exchange", "FLOP_KEYS", "WILD_KEYS"]
