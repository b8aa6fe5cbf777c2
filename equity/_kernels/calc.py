"""Equity kernels: deal the unknown cards around the known ones, and count pot shares.

The players of a calculation are *seats* of three kinds (``kinds[p]``):

* ``FIXED``: the hole cards are known (``hole[p * n_hole : (p + 1) * n_hole]`` preset);
* ``RANGE``: one combo drawn per trial from the seat's weighted combos;
* ``RANDOM``: hole cards dealt from the stub.

Range seats share one flat table: seat ``p`` owns rows ``range_start[p] ..
range_start[p + 1] - 1`` of ``combos`` (``uint8[rows, n_hole]``), ``cumulative``
(the seat's weights summed and scaled so its last row is 1.0) and
``combo_masks`` (each combo as a 52-bit card mask).  The combos of all range
seats are drawn together and the draw is repeated whole while two combos share
a card, so a tuple of combos comes up with probability proportional to the
product of its weights among the tuples that fit together: range against range
is weighted by live combos.

The *stub* holds the cards of the deck that no fixed seat, known board card or
dead card holds; random seats' hole cards and the missing board cards come from
it by a partial Fisher-Yates shuffle that skips the cards of the drawn combos.
Since the cards a deal does not show are exchangeable, dealing the missing board
before or after anything else gives the same distribution.
"""

import numpy as np
from numba import prange
from numba.cpython.unsafe.numbers import trailing_zeros

from equity._kernels import inline_kernel, kernel, parallel_kernel, simplified_kernel
from equity._kernels.bundles import SwitchTrace
from equity._kernels.evaluate import (
    FLUSH_MASKS,
    _subset_sums,
    _with_flush,
    board_slot_of,
    card_sums,
    cards_class,
    choices_class,
    choices_low_class,
    exact_class,
    exact_low_class,
    flush_suits_of,
    hole_rows_of,
    rank_class,
    seat_board_classes,
    seat_flush_class,
    seat_flush_classes,
    seven_choices_low_class,
    seven_class,
    seven_seat_class,
    seven_seat_classes,
    wild_cards_class,
)
from equity._kernels.pots import _add_shares, count_high_pot, hi_lo_shares, unpack_wins, win_width
from equity._kernels.rng import (
    _below_local,
    below,
    next_u64,
    shuffle_prefix,
    shuffle_prefix_local,
    shuffle_prefix_sums,
    xoshiro_next,
)
from equity._kernels.row_hash import SEVEN_ROW_SHIFT, row_slot
from equity._kernels.switch import play_phases, policy_keep, rules_from, rules_parts, stub_card, table_keep

U64 = np.uint64
FIXED = 0
RANGE = 1
RANDOM = 2
#: Whole draws of the range seats' combos tried before a trial gives up.
MAX_ATTEMPTS = 100_000
_TO_UNIT = 1.0 / 9007199254740992.0  # 2 ** -53


@inline_kernel
def _draw_combos(state, n_players, n_hole, kinds, range_start, combos, cumulative, combo_masks,
                 hole):
    """Draw one combo per range seat into ``hole``; the drawn cards' mask, or all ones on failure."""
    for _ in range(MAX_ATTEMPTS):
        used = U64(0)
        fits = True
        for p in range(n_players):
            if kinds[p] != RANGE:
                continue
            u = np.float64(next_u64(state) >> U64(11)) * _TO_UNIT
            lo = range_start[p]
            hi = range_start[p + 1] - 1
            while lo < hi:  # the first row whose cumulative weight exceeds u
                mid = (lo + hi) >> 1
                if cumulative[mid] > u:
                    hi = mid
                else:
                    lo = mid + 1
            mask = combo_masks[lo]
            if used & mask:
                fits = False
                break
            used |= mask
            for t in range(n_hole):
                hole[p * n_hole + t] = combos[lo, t]
        if fits:
            return used
    return ~U64(0)


@inline_kernel
def _deal_skipping(stub, n_stub, take, used, state):
    """Move ``take`` uniformly chosen cards of ``stub[:n_stub]`` not in ``used`` to its front."""
    n = n_stub
    k = 0
    while k < take:
        j = k + below(state, n - k)
        card = stub[j]
        stub[j] = stub[k]
        stub[k] = card
        if (used >> U64(card)) & U64(1):
            n -= 1  # a drawn combo holds it: park it past the end for this trial
            stub[k] = stub[n]
            stub[n] = card
        else:
            k += 1


@inline_kernel
def deal_trial(state, stub, n_stub, n_players, n_hole, kinds, has_ranges, range_start, combos,
               cumulative, combo_masks, n_known, hole, board):
    """Complete one trial: range combos, random seats' hole cards, then the missing board.

    ``board[:n_known]`` holds the known board and is left alone.  Returns False
    when the range seats' combos never fit together (see :data:`MAX_ATTEMPTS`).
    """
    take = _random_take(kinds, n_players, n_hole) + board.shape[0] - n_known
    if has_ranges:
        used = _draw_combos(state, n_players, n_hole, kinds, range_start, combos, cumulative,
                            combo_masks, hole)
        if used == ~U64(0):
            return False
        _deal_skipping(stub, n_stub, take, used, state)
    else:
        shuffle_prefix(stub, n_stub, take, state)
    _place_dealt(stub, n_players, n_hole, kinds, n_known, hole, board)
    return True


@inline_kernel
def _place_dealt(stub, n_players, n_hole, kinds, n_known, hole, board):
    """Random seats' hole cards, then the missing board, from the front of the shuffled stub."""
    k = 0
    for p in range(n_players):
        if kinds[p] == RANDOM:
            for t in range(n_hole):
                hole[p * n_hole + t] = stub[k]
                k += 1
    for b in range(n_known, board.shape[0]):
        board[b] = stub[k]
        k += 1


@kernel
def deal_rows(state, stub0, n_players, n_hole, seats, known_board, hole_out, board_out):
    """Deal ``hole_out.shape[0]`` trials into rows (``hole_out`` uint8[n, players * n_hole],
    ``board_out`` uint8[n, board]) for the seats (a :class:`~equity._kernels.bundles.SeatCards`);
    returns the number of rows dealt (fewer on failure)."""
    kinds, fixed_hole, range_start, combos, cumulative, combo_masks = seats
    stub = stub0.copy()
    n_known = known_board.shape[0]
    has_ranges = combos.shape[0] > 0
    hole = fixed_hole.copy()
    board = np.empty(board_out.shape[1], dtype=np.uint8)
    for b in range(n_known):
        board[b] = known_board[b]
    take = _random_take(kinds, n_players, n_hole) + board.shape[0] - n_known
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]  # in registers when no ranges
    dealt = hole_out.shape[0]
    for d in range(hole_out.shape[0]):
        if has_ranges:
            if not deal_trial(state, stub, stub.shape[0], n_players, n_hole, kinds, has_ranges,
                              range_start, combos, cumulative, combo_masks, n_known, hole, board):
                dealt = d
                break
        else:  # the same cards as deal_trial
            s0, s1, s2, s3 = shuffle_prefix_local(stub, stub.shape[0], take, s0, s1, s2, s3)
            _place_dealt(stub, n_players, n_hole, kinds, n_known, hole, board)
        for t in range(hole.shape[0]):
            hole_out[d, t] = hole[t]
        for b in range(board.shape[0]):
            board_out[d, b] = board[b]
    if not has_ranges:  # hand the advanced state back: the exchange draws from it next
        state[0] = s0
        state[1] = s1
        state[2] = s2
        state[3] = s3
    return dealt


@inline_kernel
def _switch_trial(deck, stub0, take, n_players, hand_size, kinds, fixed_hole, hands, active, rules,
                  scratch, gave, received, drawn, discarded, ds, memo, no_trace, s0, s1, s2, s3):
    """Deal one Switch (or draw) trial's random seats and play its switches and draw; returns the
    generator's advanced state.

    ``deck`` is ``uint8[2 * n]`` for the ``n`` cards of ``stub0`` (the deck without the fixed
    hands and dead cards), laid out as in :mod:`equity._kernels.switch`: the random seats'
    hands are the first ``take`` cards of a partial shuffle of ``deck[:n]``, the draw takes from
    the rest and the discard pile lies in ``deck[n:]``.  Dealing and drawing only swap cards
    within ``deck[:n]``, so it stays a permutation of the stub from one trial to the next (its
    order is free: every draw from it is uniform) and needs no copy; only when the discards had
    to be drawn from is it restored from ``stub0``.  ``hands`` holds the fixed hands
    (``fixed_hole``) on entry and the final hands on return.  ``memo`` remembers the draw
    decisions of the fixed seats (:func:`equity._kernels.switch.memo_keep`).
    """
    n_stub = stub0.shape[0]
    s0, s1, s2, s3 = shuffle_prefix_local(deck, n_stub, take, s0, s1, s2, s3)
    _place_dealt(deck, n_players, hand_size, kinds, 0, hands, deck[:0])  # no board
    ds[0] = take
    ds[1] = 0
    ds[2] = 0
    ds[3] = 0
    s0, s1, s2, s3 = play_phases(hands, n_players, hand_size, active, rules, scratch, gave, received, 0,
                                 deck, ds, drawn, discarded, 0, fixed_hole, memo, no_trace, 0, False, s0,
                                 s1, s2, s3)
    if ds[3] > 0:
        for t in range(n_stub):
            deck[t] = stub0[t]
    return s0, s1, s2, s3


@inline_kernel
def _switch_work(stub0, n_players, n_switches):
    """One task's work arrays for :func:`_switch_trial`: the deck, its state ``ds``, every seat
    active, and the switch and draw records (kept, unread)."""
    deck = np.empty(2 * stub0.shape[0], dtype=np.uint8)
    deck[: stub0.shape[0]] = stub0
    gave = np.empty(max(n_switches, 1) * n_players, dtype=np.int16)
    return (deck, np.zeros(4, dtype=np.int64), np.ones(n_players, dtype=np.bool_),
            np.zeros(2 * n_players, dtype=np.int64), gave, np.empty_like(gave),
            np.empty(n_players, dtype=np.int8), np.empty(n_players, dtype=np.uint64))


@inline_kernel
def _no_trace():
    """No trace of the phases (the calculator keeps none; nothing is written to it)."""
    no_cards = np.empty(0, dtype=np.uint8)
    return SwitchTrace(False, no_cards, no_cards, no_cards)


@inline_kernel
def _draw_memo(kinds, n_players, remember):
    """A task's memo of the fixed seats' draw decisions (see ``memo_keep``), or one with no rows
    (``remember`` false: every hand decided afresh)."""
    memo = np.full((n_players if remember else 0, 6, 54), -1, dtype=np.int8)
    if remember:
        for p in range(n_players):
            if kinds[p] != FIXED:
                memo[p, 5, 1] = -2
    return memo


@inline_kernel
def _random_take(kinds, n_players, hand_size):
    """Cards the random seats take from the stub (``hand_size`` hole cards each)."""
    n_random = 0
    for p in range(n_players):
        if kinds[p] == RANDOM:
            n_random += 1
    return n_random * hand_size


@kernel
def switch_rows(state, stub0, n_players, kinds, fixed_hole, rules, hands_out):
    """Deal the unknown hands of ``hands_out.shape[0]`` Switch (or draw) trials and play the
    switches and the draw (:func:`_switch_trial`); the final hands go to ``hands_out``
    (uint8[n, players * hand_size]).  ``rules`` is the game's
    :class:`~equity._kernels.bundles.SwitchRules`.  Every seat takes part."""
    hand_size = fixed_hole.shape[0] // n_players
    take = _random_take(kinds, n_players, hand_size)
    deck, ds, active, scratch, gave, received, drawn, discarded = _switch_work(
        stub0, n_players, rules.n_switches_before + rules.n_switches_after)
    no_trace = _no_trace()
    hands = fixed_hole.copy()
    memo = _draw_memo(kinds, n_players, False)  # every hand decided afresh
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    for d in range(hands_out.shape[0]):
        s0, s1, s2, s3 = _switch_trial(deck, stub0, take, n_players, hand_size, kinds, fixed_hole,
                                       hands, active, rules, scratch, gave, received, drawn,
                                       discarded, ds, memo, no_trace, s0, s1, s2, s3)
        for k in range(hands.shape[0]):
            hands_out[d, k] = hands[k]
            hands[k] = fixed_hole[k]
    state[0] = s0
    state[1] = s1
    state[2] = s2
    state[3] = s3


def _sample_switch(states, chunk_trials, stub0, n_players, kinds, fixed_hole, rules, seven, sums):
    """Monte Carlo trials of a Switch (or draw) game in a high pot, chunk ``c`` from ``states[c]``.

    Each trial is played as :func:`switch_rows` plays it (:func:`_switch_trial`: the same random
    numbers, so the same hands; only here the fixed seats' draw decisions are remembered, which
    decides them once each instead of once per trial) and scored at once: each final hand is
    valued through the seven-card tables (hands of five or seven cards, no wild card) and
    ``sums[c]`` gets the pot shares as in :func:`_sample_plain`.  Every seat takes part.
    ``rules`` is a :class:`~equity._kernels.bundles.SwitchRules`, ``seven`` the
    :class:`~equity._kernels.bundles.SevenTables`.
    """
    seven_words, suit_bits, seven_offsets, seven_classes, flush_classes, flush_bias = seven
    hand_size = fixed_hole.shape[0] // n_players
    take = _random_take(kinds, n_players, hand_size)
    heads_up = n_players == 2
    no_disp = np.zeros(0, dtype=np.uint16)
    no_params = np.zeros(3, dtype=np.uint64)
    no_trace = _no_trace()
    parts = rules_parts(rules)
    for c in prange(states.shape[0]):
        chunk_rules = rules_from(parts)
        deck, ds, active, scratch, gave, received, drawn, discarded = _switch_work(
            stub0, n_players, chunk_rules.n_switches_before + chunk_rules.n_switches_after)
        hands = fixed_hole.copy()
        memo = _draw_memo(kinds, n_players, True)
        classes, shares, live, lows, acc = _scratch(n_players)
        first_wins = 0
        second_wins = 0
        splits = 0
        s0, s1, s2, s3 = states[c, 0], states[c, 1], states[c, 2], states[c, 3]  # in registers
        for _ in range(chunk_trials[c]):
            s0, s1, s2, s3 = _switch_trial(deck, stub0, take, n_players, hand_size, kinds,
                                           fixed_hole, hands, active, chunk_rules, scratch, gave,
                                           received, drawn, discarded, ds, memo, no_trace, s0, s1, s2,
                                           s3)
            for p in range(n_players):
                total = U64(0)
                for t in range(hand_size):
                    total += seven_words[hands[p * hand_size + t]]
                value, flags = rank_class(total, no_disp, no_params, seven_classes, flush_bias, True,
                                          seven_offsets)
                if flags:  # the suit masks only for a hand that may hold a flush
                    masks = U64(0)
                    for t in range(hand_size):
                        masks |= suit_bits[hands[p * hand_size + t]]
                    value = _with_flush(value, flags, masks, flush_classes)
                classes[p] = value
                for t in range(hand_size):
                    hands[p * hand_size + t] = fixed_hole[p * hand_size + t]
            if heads_up:
                first = np.int64(classes[0] > classes[1])
                second = np.int64(classes[1] > classes[0])
                first_wins += first
                second_wins += second
                splits += 1 - first - second
            else:
                _score(classes, live, n_players, shares, acc)
        _add_duels(first_wins, second_wins, splits, acc)
        for k in range(5):
            for p in range(n_players):
                sums[c, k, p] = acc[k, p]


sample_switch = parallel_kernel(_sample_switch)


def _sample_switch_duel(states, chunk_trials, stub0, kinds, fixed_hole, rules, seven, keep_ranks, fixed_keeps,
                        sums):
    """:func:`_sample_switch` heads-up, for five-card hands with a draw, at most one switch
    before it, policies ``stand``, ``standard`` or ``max`` and a stub that cannot run out (at
    least ten cards after the deal): the same trials, drawn from the same random numbers, so
    the same sums.

    What it saves: the phases written out for two seats (no records of the switches and the
    draw, no deck state in memory); a fixed seat's draw decided by one load (``fixed_keeps``,
    from :func:`equity._kernels.switch.fixed_keeps`, keyed by the position and card the switch
    before the draw brought it); a random seat's standard draw through
    :func:`equity._kernels.switch.table_keep` (``keep_ranks``, from
    :func:`equity._kernels.switch.standard_keep_ranks`), the rules
    (:func:`equity._kernels.switch.policy_keep`, inlined once) where it cannot decide.  ``sums``
    as :func:`_sample_switch`'s.
    """
    seven_words, suit_bits, seven_offsets, seven_classes, flush_classes, flush_bias = seven
    n_stub = stub0.shape[0]
    take = _random_take(kinds, 2, 5)
    no_disp = np.zeros(0, dtype=np.uint16)
    no_params = np.zeros(3, dtype=np.uint64)
    n_before = rules.n_switches_before
    n_steps = n_before + 1 + rules.n_switches_after
    policies = rules.policies
    limit = rules.limit
    limit_with_ace = rules.limit_with_ace
    for c in prange(states.shape[0]):
        deck = stub0.copy()
        hands = fixed_hole.copy()
        classes, shares, live, lows, acc = _scratch(2)
        first_wins = 0
        second_wins = 0
        splits = 0
        s0, s1, s2, s3 = states[c, 0], states[c, 1], states[c, 2], states[c, 3]  # in registers
        for _ in range(chunk_trials[c]):
            s0, s1, s2, s3 = shuffle_prefix_local(deck, n_stub, take, s0, s1, s2, s3)
            _place_dealt(deck, 2, 5, kinds, 0, hands, deck[:0])
            # where the switch before the draw put a card into each hand, and which (5: none)
            at0 = 5
            got0 = 0
            at1 = 5
            got1 = 0
            for step in range(n_steps):
                if step == n_before:  # the draw: seat 0, then seat 1, from the stub in turn
                    pos = take
                    for p in range(2):
                        base = p * 5
                        keep = np.int64(-1)
                        if kinds[p] == FIXED:
                            keep = np.int64(fixed_keeps[p, at0 if p == 0 else at1, got0 if p == 0 else got1])
                        elif policies[p] == 1:
                            keep = table_keep(hands, base, seven_words, seven_offsets, keep_ranks)
                        if keep < 0:  # the rules decide (one call site: policy_keep inlined once)
                            keep = policy_keep(hands, base, policies[p], limit, limit_with_ace)
                        unkept = ~keep & 31
                        while unkept:  # as switch.draw_step_local draws (the stub cannot run out)
                            k = trailing_zeros(unkept)
                            unkept &= unkept - 1
                            hands[base + k], s0, s1, s2, s3 = stub_card(deck, pos, n_stub, s0, s1, s2, s3)
                            pos += 1
                    continue
                # a switch, as switch.switch_step_local plays it heads-up
                bits, s0, s1, s2, s3 = xoshiro_next(s0, s1, s2, s3)
                first, s0, s1, s2, s3 = _below_local(bits >> U64(32), U64(5), s0, s1, s2, s3)
                bits, s0, s1, s2, s3 = xoshiro_next(s0, s1, s2, s3)
                second, s0, s1, s2, s3 = _below_local(bits >> U64(32), U64(5), s0, s1, s2, s3)
                to_first = hands[5 + first]
                to_second = hands[second]
                hands[5 + first] = to_second
                hands[second] = to_first
                if step < n_before:
                    at0 = second
                    got0 = np.int64(to_first)
                    at1 = first
                    got1 = np.int64(to_second)
            for p in range(2):
                total = U64(0)
                for t in range(5):
                    total += seven_words[hands[p * 5 + t]]
                value, flags = rank_class(total, no_disp, no_params, seven_classes, flush_bias, True,
                                          seven_offsets)
                if flags:
                    masks = U64(0)
                    for t in range(5):
                        masks |= suit_bits[hands[p * 5 + t]]
                    value = _with_flush(value, flags, masks, flush_classes)
                classes[p] = value
                if kinds[p] == FIXED:  # (a random seat's cards are dealt afresh)
                    for t in range(5):
                        hands[p * 5 + t] = fixed_hole[p * 5 + t]
            first = np.int64(classes[0] > classes[1])
            second = np.int64(classes[1] > classes[0])
            first_wins += first
            second_wins += second
            splits += 1 - first - second
        _add_duels(first_wins, second_wins, splits, acc)
        for k in range(5):
            for p in range(2):
                sums[c, k, p] = acc[k, p]


sample_switch_duel = parallel_kernel(_sample_switch_duel)


@inline_kernel
def _accumulate(shares, n_players, acc, weight=1.0):
    """Add each seat's share of one pot, its square, a win (the whole pot) or a tie (a part) to
    rows 0-3 of ``acc`` (float64[5, players]; row 4 holds the high half's part of a hi-lo pot),
    each ``weight`` times (a count of alike boards, or -1 to take one away)."""
    for p in range(n_players):
        share = shares[p]
        if share > 0:
            acc[0, p] += weight * share
            acc[1, p] += weight * (share * share)
            if share == 1.0:
                acc[2, p] += weight
            else:
                acc[3, p] += weight


@inline_kernel
def _score(classes, live, n_players, shares, acc, weight=1.0):
    """Share one pot among the best ``classes`` and add it to ``acc``, ``weight`` times."""
    for p in range(n_players):
        shares[p] = 0.0
    _add_shares(classes, 0, live, n_players, 1.0, shares)  # the pot rule's one home
    _accumulate(shares, n_players, acc, weight)


@inline_kernel
def _score_hi_lo(classes, lows, live, n_players, shares, acc):
    """Half the pot to the best high and half to the best low above 0, or all to the high when no
    low qualifies (``equity._kernels.pots.hi_lo_shares``, the one home of the ruling); row 4 of
    ``acc`` gets the high half's part."""
    for p in range(n_players):
        shares[p] = 0.0
    hi_lo_shares(classes, lows, 0, live, n_players, shares, acc[4])
    _accumulate(shares, n_players, acc)


@inline_kernel
def _hand_class(board_total, board_masks, totals, masks, p, n_sets, set_len, exact_need, disp, params,
                hole_rows, exact_classes, rank_classes, flush_classes, flush_bias, seven=False,
                offsets=None, board_slot=0):
    """Class of seat ``p``, whose hole choices are ``totals[p * n_sets : (p + 1) * n_sets]``
    (their exact-rule columns in ``hole_rows``, the same positions; with ``seven``, a choice
    rule through the seven-card tables: see :func:`choices_class`; with an exact rule,
    ``board_slot`` is the board's row, :func:`board_slot_of`)."""
    if exact_need > 0:
        return exact_class(board_slot, board_total, board_masks, totals, masks, hole_rows,
                           p * n_sets, n_sets, set_len, exact_need, exact_classes, flush_classes)
    return choices_class(board_total, board_masks, totals, masks, p * n_sets, n_sets, disp, params,
                         rank_classes, flush_classes, flush_bias, seven, offsets)


@inline_kernel
def _duel_seven(board_total, board_masks, totals, masks, offsets, seven_classes, flush_classes, flush_bias):
    """Heads-up, each hand all of its seat's cards and the board, valued through the seven-card
    tables: (1, 0) when the first seat wins, (0, 1) when the second does, (0, 0) for a split --
    the pot rule of ``_add_shares`` for two players, as numbers the caller adds up without a
    branch (measured 1.5x faster than branching on an unpredictable winner).  No branch on the
    kind of table: a kernel that takes this path compiles this lookup alone."""
    first = seven_class(board_total + totals[0], board_masks | masks[0], offsets, seven_classes,
                        flush_classes, flush_bias)
    second = seven_class(board_total + totals[1], board_masks | masks[1], offsets, seven_classes,
                         flush_classes, flush_bias)
    return np.int64(first > second), np.int64(second > first)


@inline_kernel
def _duel_cards(board_total, board_masks, totals, masks, disp, params, rank_classes, flush_classes,
                flush_bias):
    """:func:`_duel_seven` through the card-sum tables (``disp``, ``params``)."""
    first = cards_class(board_total + totals[0], board_masks | masks[0], disp, params, rank_classes,
                        flush_classes, flush_bias)
    second = cards_class(board_total + totals[1], board_masks | masks[1], disp, params, rank_classes,
                         flush_classes, flush_bias)
    return np.int64(first > second), np.int64(second > first)


@inline_kernel
def _add_duels(first_wins, second_wins, splits, acc):
    """Heads-up outcome counts into ``acc`` (a split is half the pot to each)."""
    acc[0, 0] += first_wins + 0.5 * splits
    acc[1, 0] += first_wins + 0.25 * splits
    acc[2, 0] += first_wins
    acc[3, 0] += splits
    acc[0, 1] += second_wins + 0.5 * splits
    acc[1, 1] += second_wins + 0.25 * splits
    acc[2, 1] += second_wins
    acc[3, 1] += splits


@inline_kernel
def _score_board(board_total, board_masks, totals, masks, n_players, n_sets, set_len, exact_need,
                 all_cards, low_rule, disp, params, hole_rows, exact_classes, rank_classes,
                 flush_classes, flush_bias, low_classes, exact_low_classes, classes, lows, shares, live,
                 acc, wild_tables, seat_tables, seven=False, offsets=None, seven_lows=None):
    """Value every seat's hand on one complete board and add the pot's shares to ``acc`` (or,
    heads-up, return the outcome for the caller to count: :func:`_count_outcome`); returns -1
    when the shares went to ``acc``.

    ``all_cards``: a hand is the best of all the seat's hole cards and the board
    (one hole choice per seat, with a shorter path).  ``low_rule``: 0 for a high
    pot; for a hi-lo pot 1 when the low takes exactly ``set_len`` hole cards (the
    exact-rule low tables), 2 when it takes any one hole choice.  With ``seven``
    (no exact rule), the sums, ``offsets`` and ``rank_classes`` are the seven-card
    tables', and so is ``seven_lows`` for a low over the hole choices.  ``wild_tables``:
    ``(wild rank, ...)`` as :func:`wild_cards_class` takes it, or None for no wild card (a
    separate compilation, so the games without one do not carry the wild-card code); a fixed
    wild rank is taken with ``all_cards`` hands only.  ``seat_high``/``seat_low``: each seat's
    class on every board row of the exact-rule tables, or with ``seven`` on every board slot of
    the seven-card tables (:func:`_seat_tables`), or empty to look the choices up, and
    ``seat_flush`` each seat's exact-rule flushes by board suit pattern, as one triple
    ``seat_tables``.  (A call of more than 30 arguments compiles to a call with
    ``*args``, which Numba cannot inline.)
    """
    seat_high, seat_low, seat_flush = seat_tables
    # the board's row of the exact-rule tables, once for every seat's high and low (through the
    # seven-card tables, the board's own slot there, when the seats' tables are made)
    board_slot = board_slot_of(board_total, disp, params) if exact_need > 0 or low_rule == 1 else 0
    if seven and seat_high.shape[0] > 0:
        board_slot = np.int64(row_slot(board_total, offsets, SEVEN_ROW_SHIFT))
    flush_suits = flush_suits_of(board_total, exact_need)
    for p in range(n_players):
        if seven and seat_high.shape[0] > 0:
            classes[p] = seven_seat_class(seat_high[p, board_slot], board_total, board_masks,
                                          totals, masks, p * n_sets, n_sets, flush_classes,
                                          flush_bias)
        elif seven:
            classes[p] = choices_class(board_total, board_masks, totals, masks, p * n_sets, n_sets,
                                       disp, params, rank_classes, flush_classes, flush_bias, True,
                                       offsets)
        elif all_cards and wild_tables is not None:
            classes[p] = wild_cards_class(board_total + totals[p], board_masks | masks[p],
                                          wild_tables, disp, params)
        elif all_cards:
            classes[p] = cards_class(board_total + totals[p], board_masks | masks[p], disp, params,
                                     rank_classes, flush_classes, flush_bias)
        elif seat_high.shape[0] > 0:  # a fixed hand's exact-rule class, and its flushes
            value = seat_high[p, board_slot]
            flush = seat_flush_class(seat_flush, p, flush_suits, board_masks)
            classes[p] = flush if flush > value else value
        else:
            classes[p] = _hand_class(board_total, board_masks, totals, masks, p, n_sets, set_len,
                                     exact_need, disp, params, hole_rows, exact_classes,
                                     rank_classes, flush_classes, flush_bias, False, None,
                                     board_slot)
    if low_rule == 0:
        if n_players == 2:
            return _heads_up_code(classes, lows, 0)
        _score(classes, live, n_players, shares, acc)
        return np.int64(-1)
    for p in range(n_players):
        if low_rule == 1 and seat_low.shape[0] > 0:
            lows[p] = seat_low[p, board_slot]
        elif low_rule == 1:
            lows[p] = exact_low_class(board_slot, hole_rows, p * n_sets, n_sets, exact_low_classes)
        elif seven and seat_low.shape[0] > 0:
            lows[p] = seat_low[p, board_slot]
        elif seven:
            lows[p] = seven_choices_low_class(board_total, totals, p * n_sets, n_sets, offsets,
                                              seven_lows)
        else:
            lows[p] = choices_low_class(board_total, totals, p * n_sets, n_sets, disp, params,
                                        low_classes)
    if n_players == 2:
        return _heads_up_code(classes, lows, low_rule)
    _score_hi_lo(classes, lows, live, n_players, shares, acc)
    return np.int64(-1)


@inline_kernel
def _seat_sums(hole, p, n_hole, n_sets, hole_sets, hole_set_len, card_bits, suit_bits, totals, masks):
    _subset_sums(hole, p * n_hole, hole_sets, hole_set_len, card_bits, suit_bits,
                 totals[p * n_sets:(p + 1) * n_sets], masks[p * n_sets:(p + 1) * n_sets])


@inline_kernel
def _all_seat_sums(hole, n_players, n_hole, hole_sets, hole_set_len, card_bits, suit_bits):
    """Every seat's hole-choice sums, seat ``p`` at ``[p * n_sets : (p + 1) * n_sets]``."""
    n_sets = hole_sets.shape[0]
    totals = np.empty(n_players * n_sets, dtype=np.uint64)
    masks = np.empty(n_players * n_sets, dtype=np.uint64)
    for p in range(n_players):
        _seat_sums(hole, p, n_hole, n_sets, hole_sets, hole_set_len, card_bits, suit_bits, totals, masks)
    return totals, masks


@inline_kernel
def _seat_rows(totals, p, n_sets, disp, params, hole_index, rows):
    """Seat ``p``'s exact-rule columns into ``rows`` (nothing for a game without those tables)."""
    if hole_index.shape[0] > 0:
        hole_rows_of(totals, p * n_sets, n_sets, disp, params, hole_index, rows)


@inline_kernel
def _all_seat_rows(totals, n_players, n_sets, disp, params, hole_index):
    """Every seat's exact-rule columns (:func:`equity._kernels.evaluate.hole_rows_of`), laid out
    like the sums of :func:`_all_seat_sums`; zeros for a game without those tables."""
    rows = np.zeros(n_players * n_sets, dtype=np.int64)
    for p in range(n_players):
        _seat_rows(totals, p, n_sets, disp, params, hole_index, rows)
    return rows


@inline_kernel
def _seat_tables(rows, totals, masks, hole, n_players, n_hole, n_sets, n_board, exact_need,
                 set_len, low_rule, exact_classes, exact_low_classes, flush_classes, seven,
                 seven_words, seven_offsets, seven_classes, seven_low_classes, fixed, boards):
    """With ``fixed`` hands, each seat's class (and low, in a hi-lo pot) on every board, made
    once: one load a seat and board, where looking up the hole choices takes one per choice;
    in an exact-rule game also each seat's flushes by the board's suit pattern
    (:func:`seat_flush_classes`, from the choices' sums and suit masks ``totals``/``masks``),
    one load a seat and board where listing them took a loop over suits and choices.

    In an exact-rule game, by board row of the exact-rule tables (:func:`seat_board_classes`,
    from the seats' exact-rule columns ``rows``); through the seven-card tables, with more
    than one hole choice (Tahoe), by the board's slot there (:func:`seven_seat_classes`, from
    the choices' sums ``totals`` and the ``hole`` cards).  Made only when the task values at
    least twice as many ``boards`` as the table holds boards (exact-rule rows, or board rank
    multisets: a few hundred microseconds of work); empty arrays otherwise."""
    no_flush = np.zeros((0, 4 * FLUSH_MASKS), dtype=flush_classes.dtype)
    if seven and fixed and n_sets > 1:
        high, low = seven_seat_classes(totals, hole, n_players, n_hole, n_sets, n_board,
                                       low_rule == 2, seven_words, seven_offsets, seven_classes,
                                       seven_low_classes, boards)
        return high, low, no_flush
    worth = fixed and exact_need > 0 and boards >= 2 * exact_classes.shape[0]
    n_rows = exact_classes.shape[0] if worth else 0
    high = np.zeros((n_players if n_rows else 0, n_rows), dtype=np.uint16)
    if n_rows:
        seat_board_classes(rows, n_players, n_sets, exact_classes, exact_low_classes, False, high)
    n_low = n_rows if low_rule == 1 else 0
    low = np.zeros((n_players if n_low else 0, n_low), dtype=np.uint16)
    if n_low:
        seat_board_classes(rows, n_players, n_sets, exact_classes, exact_low_classes, True, low)
    if not n_rows:
        return high, low, no_flush
    flush = np.zeros((n_players, 4 * FLUSH_MASKS), dtype=flush_classes.dtype)
    seat_flush_classes(totals, masks, n_players, n_sets, set_len, exact_need, n_board,
                       flush_classes, flush)
    return high, low, flush


@inline_kernel
def _no_seat_tables(flush_classes):
    """The empty seat tables of :func:`_seat_tables`, for a duel (which looks every hand up)."""
    return (np.zeros((0, 0), dtype=np.uint16), np.zeros((0, 0), dtype=np.uint16),
            np.zeros((0, 4 * FLUSH_MASKS), dtype=flush_classes.dtype))


@inline_kernel
def _scratch(n_players):
    """A task's per-seat work arrays: classes, shares, the live mask, lows, and the sums ``acc``."""
    return (np.empty(n_players, dtype=np.int64), np.empty(n_players, dtype=np.float64),
            np.ones(n_players, dtype=np.bool_), np.empty(n_players, dtype=np.int64),
            np.zeros((5, n_players), dtype=np.float64))


#: Heads-up showdowns counted by outcome (:func:`_heads_up_code`): the high's (first seat
#: wins, second wins, split) by the low's (the same, or no low).
HEADS_UP_OUTCOMES = 12


@kernel
def share_sums(shares, high_part, out):
    """Per seat, over rows of pot shares (``float64[rows, players]``): the summed share, summed
    squared share, whole pots and parts of pots, and the summed ``high_part`` (the same shape,
    or no rows), into ``out`` (``float64[5, players]``, overwritten).  One pass: numpy's
    reductions down the columns of a two-seat array take several times as long."""
    out[:] = 0.0
    for i in range(shares.shape[0]):
        for p in range(shares.shape[1]):
            share = shares[i, p]
            out[0, p] += share
            out[1, p] += share * share
            out[2, p] += np.float64(share == 1.0)
            out[3, p] += np.float64(share > 0.0 and share < 1.0)
    for i in range(high_part.shape[0]):
        for p in range(high_part.shape[1]):
            out[4, p] += high_part[i, p]


@inline_kernel
def _outcome(first, second):
    """0 when ``first`` is the better value, 1 when ``second`` is, 2 when they are equal."""
    return 2 - 2 * np.int64(first > second) - np.int64(second > first)


@inline_kernel
def _heads_up_code(classes, lows, low_rule):
    """A heads-up showdown's outcome, ``4 * high + low`` (0-11): the high's (first seat wins,
    second wins, split) by the low's (the same, or 3 for no low).  Counted by outcome
    (:func:`_count_outcome`) instead of sharing the pot at once, the shares of every outcome
    are added once a task (:func:`_add_tally`).  Without a branch on the low, which goes
    either way."""
    low = 3
    if low_rule != 0:
        seen = np.int64(lows[0] > 0) | np.int64(lows[1] > 0)
        low = 3 - seen * (3 - _outcome(lows[0], lows[1]))
    return 4 * _outcome(classes[0], classes[1]) + low


#: Showdowns counted in one packed register (:func:`_count_outcome`) before it is emptied into
#: the tally: 5 bits an outcome, 12 outcomes in 60 bits.
PACKED_COUNTS = 31


@inline_kernel
def _unpack_counts(packed, tally):
    """Add the counts packed in ``packed`` (5 bits an outcome) to ``tally``."""
    for k in range(HEADS_UP_OUTCOMES):
        tally[k] += np.int64((packed >> U64(5 * k)) & U64(31))


@inline_kernel
def _count_outcome(code, packed, filled, tally):
    """Count heads-up outcome ``code`` (:func:`_heads_up_code`) in the register ``packed``
    (``filled`` counts so far), emptied into ``tally`` every :data:`PACKED_COUNTS`; returns
    (packed, filled).  An increment of ``tally[code]`` per showdown, whose address is known only
    once the hands are valued, held every calculator loop up: the same Omaha hi-lo loop ran
    36 ns a trial with it and 14 ns with the counts in a register (one core, 2026-12-05)."""
    packed += U64(1) << U64(5 * code)
    filled += 1
    if filled == PACKED_COUNTS:
        _unpack_counts(packed, tally)
        packed = U64(0)
        filled = 0
    return packed, filled


@kernel
def _add_tally(tally, packed, low_rule, live, acc):
    """Add the heads-up showdowns counted in ``tally`` and in the register ``packed``
    (:func:`_count_outcome`) to ``acc``: each outcome's pot shares
    from :func:`_score` or :func:`_score_hi_lo` (the pot rule's one home), times its count.
    Called once a task, so compiled on its own rather than inlined into every calculator loop
    (inlined, it added a third to their compile time)."""
    classes = np.empty(2, dtype=np.int64)
    lows = np.empty(2, dtype=np.int64)
    shares = np.empty(2, dtype=np.float64)
    one = np.zeros((5, 2), dtype=np.float64)
    _unpack_counts(packed, tally)
    for k in range(HEADS_UP_OUTCOMES):
        count = tally[k]
        if count == 0:
            continue
        high, low = k // 4, k % 4
        classes[0] = np.int64(high != 1)  # 1, 0 / 0, 1 / 1, 1
        classes[1] = np.int64(high != 0)
        lows[0] = 0 if low == 3 else np.int64(low != 1) + 1
        lows[1] = 0 if low == 3 else np.int64(low != 0) + 1
        one[:] = 0.0
        if low_rule == 0:
            _score(classes, live, 2, shares, one)
        else:
            _score_hi_lo(classes, lows, live, 2, shares, one)
        for r in range(5):
            for p in range(2):
                acc[r, p] += count * one[r, p]
        tally[k] = 0


@inline_kernel
def _fixed_duel_loop(stub, take, trials, s0, s1, s2, s3, hole, known_board, words, suit_bits, disp,
                     params, offsets, rank_classes, flush_classes, flush_bias, seven):
    """Heads-up trials of two fixed hands (``hole``: both seats' cards, seat-major), each the best of
    its cards and the board: the board's missing ``take`` cards dealt as :func:`deal_trial`
    deals them (the same numbers from the same state).  Returns (first seat's wins, second's,
    splits, advanced state).  With ``seven``, ``words``, ``offsets`` and ``rank_classes`` are
    the seven-card tables'; otherwise ``words`` are the card words of ``disp``/``params``.

    The common case of :func:`sample_plain` in a loop of its own, which keeps every value it
    needs in registers: measured twice as fast as inside the general trial loop.
    """
    first_wins = 0
    second_wins = 0
    n = stub.shape[0]
    known_total, known_masks = card_sums(known_board, 0, known_board.shape[0], words, suit_bits)
    n_hole = hole.shape[0] // 2
    first_total, first_masks = card_sums(hole, 0, n_hole, words, suit_bits)
    second_total, second_masks = card_sums(hole, n_hole, n_hole, words, suit_bits)
    first_total, first_masks = first_total + known_total, first_masks | known_masks
    second_total, second_masks = second_total + known_total, second_masks | known_masks
    for _ in range(trials):
        s0, s1, s2, s3 = shuffle_prefix_local(stub, n, take, s0, s1, s2, s3)
        board_total = U64(0)
        for t in range(take):
            board_total += words[stub[t]]
        first, first_flags = rank_class(board_total + first_total, disp, params, rank_classes,
                                        flush_bias, seven, offsets)
        second, second_flags = rank_class(board_total + second_total, disp, params, rank_classes,
                                          flush_bias, seven, offsets)
        if first_flags | second_flags:  # a flush is possible: only now collect the suit masks
            board_masks = U64(0)
            for t in range(take):
                board_masks |= suit_bits[stub[t]]
            first = _with_flush(first, first_flags, board_masks | first_masks, flush_classes)
            second = _with_flush(second, second_flags, board_masks | second_masks, flush_classes)
        first_wins += np.int64(first > second)
        second_wins += np.int64(second > first)
    return first_wins, second_wins, trials - first_wins - second_wins, s0, s1, s2, s3


@simplified_kernel
def _fixed_duel_trials(stub, take, trials, s0, s1, s2, s3, hole, known_board, card_bits, suit_bits,
                       disp, params, rank_classes, flush_classes, flush_bias, seven_words,
                       seven_offsets, seven_classes):
    """:func:`_fixed_duel_loop` through the seven-card tables where the game has them (empty
    ``seven_offsets`` otherwise), with the number of missing board cards a constant where it
    is five (preflop Hold'em), so the compiler unrolls the deal."""
    if seven_offsets.shape[0] > 0 and take == 5:
        return _fixed_duel_loop(stub, 5, trials, s0, s1, s2, s3, hole, known_board, seven_words,
                                suit_bits, disp, params, seven_offsets, seven_classes,
                                flush_classes, flush_bias, True)
    if seven_offsets.shape[0] > 0:
        return _fixed_duel_loop(stub, take, trials, s0, s1, s2, s3, hole, known_board, seven_words,
                                suit_bits, disp, params, seven_offsets, seven_classes,
                                flush_classes, flush_bias, True)
    return _fixed_duel_loop(stub, take, trials, s0, s1, s2, s3, hole, known_board, card_bits,
                            suit_bits, disp, params, seven_offsets, rank_classes, flush_classes,
                            flush_bias, False)


@inline_kernel
def _fixed_tables_loop(stub, take, trials, s0, s1, s2, s3, known_board, words, suit_bits, disp, params,
                       seat_tables, totals, masks, n_sets, exact_need, low_rule, seven, offsets,
                       flush_classes, flush_bias, tally):
    """Heads-up trials of two fixed hands valued through their seat tables (:func:`_seat_tables`:
    exact-rule rows, Omaha; or seven-card slots with several hole choices, Tahoe), with the low of
    a hi-lo pot: the board's missing ``take`` cards dealt as :func:`deal_trial` deals them, each
    outcome counted in a register.  What :func:`_score_board` does for such seats, in a loop of
    its own, inlined into ``sample_plain`` with ``take`` the constant 5 (a whole board: the deal
    unrolled), 2-3x faster than the general trial loop; compiled on its own, or with ``take``
    a variable, it ran at half that speed.  Returns the advanced state; the outcomes are added
    to ``tally``."""
    seat_high, seat_low, seat_flush = seat_tables
    n = stub.shape[0]
    known_total, known_masks = card_sums(known_board, 0, known_board.shape[0], words, suit_bits)
    classes = np.empty(2, dtype=np.int64)
    lows = np.zeros(2, dtype=np.int64)
    packed = U64(0)
    filled = 0
    for _ in range(trials):
        s0, s1, s2, s3 = shuffle_prefix_local(stub, n, take, s0, s1, s2, s3)
        board_total = known_total
        board_masks = known_masks
        for t in range(take):
            board_total += words[stub[t]]
            board_masks |= suit_bits[stub[t]]
        if seven:
            slot = np.int64(row_slot(board_total, offsets, SEVEN_ROW_SHIFT))
            for p in range(2):
                classes[p] = seven_seat_class(seat_high[p, slot], board_total, board_masks, totals, masks,
                                              p * n_sets, n_sets, flush_classes, flush_bias)
        else:
            slot = board_slot_of(board_total, disp, params)
            flush_suits = flush_suits_of(board_total, exact_need)
            for p in range(2):
                value = seat_high[p, slot]
                flush = seat_flush_class(seat_flush, p, flush_suits, board_masks)
                classes[p] = flush if flush > value else value
        if low_rule != 0:
            for p in range(2):
                lows[p] = seat_low[p, slot]
        packed, filled = _count_outcome(_heads_up_code(classes, lows, low_rule), packed, filled, tally)
    _unpack_counts(packed, tally)
    return s0, s1, s2, s3


@inline_kernel
def _open_seats(kinds, fixed_hole, n_players, n_hole, known_board, words, suit_bits):
    """The seats of :func:`_open_duel_loop` and :func:`_open_many_loop`: the known board's sums;
    each seat's sums of its hole cards and the known board (a fixed seat's, used as they are);
    each random seat's first card among those dealt (-1 for a fixed seat); the cards the random
    seats take (dealt first, in seat order, as :func:`deal_trial` deals them)."""
    known_total, known_masks = card_sums(known_board, 0, known_board.shape[0], words, suit_bits)
    seat_total = np.empty(n_players, dtype=np.uint64)
    seat_masks = np.empty(n_players, dtype=np.uint64)
    start = np.empty(n_players, dtype=np.int64)
    dealt = 0
    for p in range(n_players):
        start[p] = -1
        seat_total[p], seat_masks[p] = card_sums(fixed_hole, p * n_hole, n_hole, words, suit_bits)
        seat_total[p] += known_total
        seat_masks[p] |= known_masks
        if kinds[p] == RANDOM:
            start[p] = dealt
            dealt += n_hole
    return known_total, known_masks, seat_total, seat_masks, start, dealt


@inline_kernel
def _open_duel_loop(stub, take, trials, s0, s1, s2, s3, seats, n_hole, words, suit_bits, disp,
                    params, offsets, rank_classes, flush_classes, flush_bias, seven):
    """Heads-up trials of :func:`_open_trials_seven` (one seat random at least), every value in
    locals: (the first seat's wins, the second's, the advanced state).  With ``seven``,
    ``words``, ``offsets`` and ``rank_classes`` are the seven-card tables'."""
    known_total, known_masks, seat_total, seat_masks, start, dealt = seats
    n = stub.shape[0]
    first_wins = 0
    second_wins = 0
    for _ in range(trials):
        # the random seats' cards summed apart from the board's as they are dealt
        holes_total, board_total, s0, s1, s2, s3 = shuffle_prefix_sums(stub, n, take, dealt, words,
                                                                      s0, s1, s2, s3)
        first_total = seat_total[0]
        second_total = seat_total[1]
        if start[0] >= 0 and start[1] < 0:
            first_total = known_total + holes_total
        elif start[1] >= 0 and start[0] < 0:
            second_total = known_total + holes_total
        else:  # both random: the holes' total is theirs together
            first_total = known_total
            for t in range(start[0], start[0] + n_hole):
                first_total += words[stub[t]]
            second_total = known_total + holes_total - (first_total - known_total)
        first, first_flags = rank_class(board_total + first_total, disp, params, rank_classes,
                                        flush_bias, seven, offsets)
        second, second_flags = rank_class(board_total + second_total, disp, params, rank_classes,
                                          flush_bias, seven, offsets)
        if first_flags | second_flags:  # a flush is possible: only now collect the suit masks
            board_masks = U64(0)
            for t in range(dealt, take):
                board_masks |= suit_bits[stub[t]]
            first_masks = seat_masks[0]
            if start[0] >= 0:
                first_masks = known_masks
                for t in range(start[0], start[0] + n_hole):
                    first_masks |= suit_bits[stub[t]]
            second_masks = seat_masks[1]
            if start[1] >= 0:
                second_masks = known_masks
                for t in range(start[1], start[1] + n_hole):
                    second_masks |= suit_bits[stub[t]]
            first = _with_flush(first, first_flags, board_masks | first_masks, flush_classes)
            second = _with_flush(second, second_flags, board_masks | second_masks, flush_classes)
        first_wins += np.int64(first > second)
        second_wins += np.int64(second > first)
    return first_wins, second_wins, s0, s1, s2, s3


@inline_kernel
def _open_many_loop(stub, take, trials, s0, s1, s2, s3, seats, n_players, n_hole, words,
                    suit_bits, disp, params, offsets, rank_classes, flush_classes, flush_bias,
                    seven, acc):
    """Trials of three seats or more for :func:`_open_trials_seven`: the pot shared by counting
    who wins alone and who ties with how many, added to ``acc`` at the end as
    :func:`_accumulate` would add each trial.  Returns the advanced state."""
    known_total, known_masks, seat_total, seat_masks, start, dealt = seats
    n = stub.shape[0]
    classes = np.empty(n_players, dtype=np.int64)
    flagged = np.empty(n_players, dtype=np.uint64)
    won = np.zeros(n_players, dtype=np.int64)  # trials won alone
    split = np.zeros((n_players, n_players + 1), dtype=np.int64)  # trials tied among k seats
    width = win_width(n_players)  # the wins counted in a register (count_high_pot)
    packed = U64(0)
    filled = 0
    for _ in range(trials):
        _, board_total, s0, s1, s2, s3 = shuffle_prefix_sums(stub, n, take, dealt, words, s0, s1,
                                                             s2, s3)
        any_flag = U64(0)
        best = np.int64(-1)
        for p in range(n_players):
            if start[p] >= 0:
                total = known_total
                for t in range(start[p], start[p] + n_hole):
                    total += words[stub[t]]
                seat_total[p] = total
            value, flags = rank_class(board_total + seat_total[p], disp, params, rank_classes,
                                      flush_bias, seven, offsets)
            classes[p] = value
            flagged[p] = flags
            any_flag |= flags
            best = max(best, np.int64(value))
        if any_flag:  # a flush is possible: only now collect the suit masks
            board_masks = U64(0)
            for t in range(dealt, take):
                board_masks |= suit_bits[stub[t]]
            for p in range(n_players):
                if flagged[p]:
                    masks = seat_masks[p]
                    if start[p] >= 0:
                        masks = known_masks
                        for t in range(start[p], start[p] + n_hole):
                            masks |= suit_bits[stub[t]]
                    classes[p] = _with_flush(classes[p], flagged[p], board_masks | masks,
                                             flush_classes)
                    best = max(best, np.int64(classes[p]))
        packed, filled = count_high_pot(classes, best, n_players, width, packed, filled, won, split)
    unpack_wins(packed, width, n_players, won)
    for p in range(n_players):
        acc[0, p] += won[p]
        acc[1, p] += won[p]
        acc[2, p] += won[p]
        for k in range(2, n_players + 1):
            acc[0, p] += split[p, k] / k
            acc[1, p] += split[p, k] / (k * k)
            acc[3, p] += split[p, k]
    return s0, s1, s2, s3


@simplified_kernel
def _open_duel_seven(stub, take, trials, s0, s1, s2, s3, kinds, fixed_hole, n_hole, known_board,
                     suit_bits, disp, params, flush_classes, flush_bias, seven_words, seven_offsets,
                     seven_classes, acc):
    """Heads-up trials of a spot whose seats are a fixed hand and a random one, or two random
    ones, each hand all of its seat's cards and the board, in a high pot with no wild card,
    through the seven-card tables: the cards dealt as :func:`deal_trial` deals them (the same
    numbers from the same state), each seat valued by its ranks and its flush looked at only
    when a suit is flagged.  Adds the trials' sums to ``acc`` and returns the advanced state.
    With seven cards dealt (a hand against one random hand, preflop) the count is a constant,
    so the compiler unrolls the deal: measured 1.3x faster.

    This kernel, :func:`_open_many_seven` and their card-sum twins are the general trial loop of
    :func:`sample_plain` for the spots analysts ask most (a hand against random hands, several
    known hands), in loops of their own as :func:`_fixed_duel_loop` is for two fixed hands."""
    seats = _open_seats(kinds, fixed_hole, 2, n_hole, known_board, seven_words, suit_bits)
    if take == 7:
        first_wins, second_wins, s0, s1, s2, s3 = _open_duel_loop(
            stub, 7, trials, s0, s1, s2, s3, seats, n_hole, seven_words, suit_bits, disp, params,
            seven_offsets, seven_classes, flush_classes, flush_bias, True)
    else:
        first_wins, second_wins, s0, s1, s2, s3 = _open_duel_loop(
            stub, take, trials, s0, s1, s2, s3, seats, n_hole, seven_words, suit_bits, disp,
            params, seven_offsets, seven_classes, flush_classes, flush_bias, True)
    _add_duels(first_wins, second_wins, trials - first_wins - second_wins, acc)
    return s0, s1, s2, s3


@simplified_kernel
def _open_duel_cards(stub, take, trials, s0, s1, s2, s3, kinds, fixed_hole, n_hole, known_board,
                     card_bits, suit_bits, disp, params, rank_classes, flush_classes, flush_bias,
                     acc):
    """:func:`_open_duel_seven` through the card-sum tables (games without seven-card tables)."""
    seats = _open_seats(kinds, fixed_hole, 2, n_hole, known_board, card_bits, suit_bits)
    first_wins, second_wins, s0, s1, s2, s3 = _open_duel_loop(
        stub, take, trials, s0, s1, s2, s3, seats, n_hole, card_bits, suit_bits, disp, params,
        disp, rank_classes, flush_classes, flush_bias, False)
    _add_duels(first_wins, second_wins, trials - first_wins - second_wins, acc)
    return s0, s1, s2, s3


@simplified_kernel
def _open_many_seven(stub, take, trials, s0, s1, s2, s3, kinds, fixed_hole, n_players, n_hole,
                     known_board, suit_bits, disp, params, flush_classes, flush_bias, seven_words,
                     seven_offsets, seven_classes, acc):
    """:func:`_open_duel_seven` for three seats or more, fixed or random."""
    seats = _open_seats(kinds, fixed_hole, n_players, n_hole, known_board, seven_words, suit_bits)
    return _open_many_loop(stub, take, trials, s0, s1, s2, s3, seats, n_players, n_hole,
                           seven_words, suit_bits, disp, params, seven_offsets, seven_classes,
                           flush_classes, flush_bias, True, acc)


@simplified_kernel
def _open_many_cards(stub, take, trials, s0, s1, s2, s3, kinds, fixed_hole, n_players, n_hole,
                     known_board, card_bits, suit_bits, disp, params, rank_classes, flush_classes,
                     flush_bias, acc):
    """:func:`_open_many_seven` through the card-sum tables."""
    seats = _open_seats(kinds, fixed_hole, n_players, n_hole, known_board, card_bits, suit_bits)
    return _open_many_loop(stub, take, trials, s0, s1, s2, s3, seats, n_players, n_hole, card_bits,
                           suit_bits, disp, params, disp, rank_classes, flush_classes, flush_bias,
                           False, acc)


@inline_kernel
def _through_seven(exact_need, low_rule, seven_offsets, seven_low_classes):
    """Whether hands are valued through the seven-card tables: the game has them, a hand is
    any choice of hole cards with the board, and a low (if any) is over those choices too."""
    return (exact_need == 0 and seven_offsets.shape[0] > 0
            and (low_rule == 0 or (low_rule == 2 and seven_low_classes.shape[0] > 0)))


def _sample_plain(states, chunk_trials, stub0, n_players, n_hole, seats, known_board, n_board, tables,
                 wild_tables, showdown, fixed_duel, seven_duel, card_duel, open_duel, open_many,
                 fixed_tables, trial_loop, sums, dealt):
    """Monte Carlo trials of a game with no phase and a high pot, chunk ``c`` from ``states[c]``.

    A hand is the best of the whole board with any one choice of hole cards
    (``hole_sets``), or, when ``exact_need > 0``, exactly one such choice with
    ``exact_need`` board cards (the exact-rule tables).  Chunks run in parallel
    and write only their own rows: ``sums[c]`` (float64[chunks, 4, players]: each
    seat's summed share, summed squared share, wins and ties; for a hi-lo pot,
    ``low_rule > 0`` (see :func:`_score_board`), row 4 sums the part of the share
    won with the high hand) and ``dealt[c]`` (trials played; fewer than asked when
    the range seats' combos never fit).

    The flags that follow (each True or None) choose what a call compiles and plays; each block
    is under the test of its own flag, ``is not None``: Numba removes a branch on an argument
    that is None before compiling, so a call compiles only the loop and the scoring it uses (a
    duel without the general showdown and the seats' tables: the first Monte Carlo calculation
    compiled 2.4 times faster).  It removes nothing on any other value: a branch under
    ``flag is None`` (or an ``else``) is compiled even where ``flag`` is True, so every block
    that some call leaves out has a flag of its own that is None there.

    ``showdown`` is True for every spot but a heads-up duel (two seats, each hand all of its
    hole cards and the board, a high pot, no wild card), which is scored in registers (twice as
    fast) and needs no seat rows nor tally.  In a duel, ``seven_duel`` is True when hands are
    valued through the seven-card tables and ``card_duel`` when through the card-sum tables (one
    lookup compiled, not both), and ``fixed_duel`` True when both hands are fixed (the loop of
    :func:`_fixed_duel_trials`).  ``trial_loop`` is True where the general trial loop plays (no
    fixed duel, open-seat loop nor seat-table loop), None elsewhere.  The flags must say what the
    tables and seats say (:func:`equity.calculator.sampling.loop_flags` sets them).

    ``open_duel`` and ``open_many`` (each True or None, at most one True) are two more loops of
    the same kind, for seats that are fixed hands or random ones (no range), each hand all of its
    cards and the board, a high pot and no wild card: ``open_duel`` heads-up but for two fixed
    hands (:func:`_open_duel_seven`), ``open_many`` three seats or more
    (:func:`_open_many_seven`); with ``showdown`` None (no trial loop, rows nor seat tables are
    compiled or made) and ``seven_duel`` or ``card_duel`` saying which lookup, as in a duel.

    ``fixed_tables`` (True or None) is one more: two fixed hands that are not all of their cards
    with the board (Omaha's exact rule, Tahoe's hole choices), no wild card, a high or hi-lo pot,
    a whole board of five cards to deal, with ``showdown`` True: the seats' tables are made
    whatever the trial count and :func:`_fixed_tables_loop` plays every trial (the general trial
    loop is not compiled).
    """
    kinds, fixed_hole, range_start, combos, cumulative, combo_masks = seats
    (hole_sets, hole_set_len, exact_need, hole_index, exact_classes, card_bits, suit_bits, disp, params,
     rank_classes, flush_classes, flush_bias, low_rule, low_classes, exact_low_classes, seven_words,
     seven_offsets, seven_classes, seven_low_classes) = tables
    n_known = known_board.shape[0]
    n_sets = hole_sets.shape[0]
    set_len = hole_set_len[0]
    all_cards = n_sets == 1 and exact_need == 0 and set_len == n_hole
    has_ranges = combos.shape[0] > 0
    seven = _through_seven(exact_need, low_rule, seven_offsets, seven_low_classes)
    words = seven_words if seven else card_bits
    lookup_classes = seven_classes if seven else rank_classes
    # fixed hands: their tables by board (exact-rule row or seven-card slot), once for every chunk
    every_seat_fixed = True
    for p in range(n_players):
        if kinds[p] != FIXED:
            every_seat_fixed = False
    fixed_totals, fixed_masks = _all_seat_sums(fixed_hole, n_players, n_hole, hole_sets,
                                               hole_set_len, words, suit_bits)
    seat_high, seat_low, seat_flush = _no_seat_tables(flush_classes)
    if showdown is not None:
        seat_high, seat_low, seat_flush = _seat_tables(
            _all_seat_rows(fixed_totals, n_players, n_sets, disp, params, hole_index),
            fixed_totals, fixed_masks, fixed_hole, n_players, n_hole, n_sets, n_board, exact_need,
            set_len, low_rule, exact_classes, exact_low_classes, flush_classes, seven,
            seven_words, seven_offsets, seven_classes, seven_low_classes,
            every_seat_fixed and not has_ranges, chunk_trials.sum() if fixed_tables is None else 1 << 40)
    for c in prange(states.shape[0]):
        state = states[c].copy()
        stub = stub0.copy()
        hole = fixed_hole.copy()
        board = np.empty(n_board, dtype=np.uint8)
        for b in range(n_known):
            board[b] = known_board[b]
        known_total, known_masks = card_sums(known_board, 0, n_known, words, suit_bits)
        totals, masks = _all_seat_sums(hole, n_players, n_hole, hole_sets, hole_set_len, words,
                                       suit_bits)
        if showdown is not None:  # (a duel needs no rows nor tally)
            rows = _all_seat_rows(totals, n_players, n_sets, disp, params, hole_index)
        classes, shares, live, lows, acc = _scratch(n_players)
        tally = np.zeros(HEADS_UP_OUTCOMES, dtype=np.int64)
        packed = U64(0)  # heads-up outcomes counted in a register (_count_outcome)
        filled = 0
        done = 0
        first_wins = 0  # heads-up outcomes, counted in registers (a duel)
        second_wins = 0
        splits = 0
        take = _random_take(kinds, n_players, n_hole) + n_board - n_known
        s0, s1, s2, s3 = state[0], state[1], state[2], state[3]  # in registers when no ranges
        if fixed_duel is not None:
            first_wins, second_wins, splits, s0, s1, s2, s3 = _fixed_duel_trials(
                stub, take, chunk_trials[c], s0, s1, s2, s3, hole, known_board, card_bits,
                suit_bits, disp, params, rank_classes, flush_classes, flush_bias,
                seven_words, seven_offsets, seven_classes)
            done = chunk_trials[c]
        # the open-seat loops (see ``open_duel``): each compiled only where it is taken
        if open_duel is not None:
            if seven_duel is not None:
                s0, s1, s2, s3 = _open_duel_seven(
                    stub, take, chunk_trials[c], s0, s1, s2, s3, kinds, hole, n_hole, known_board,
                    suit_bits, disp, params, flush_classes, flush_bias, seven_words, seven_offsets,
                    seven_classes, acc)
            if card_duel is not None:
                s0, s1, s2, s3 = _open_duel_cards(
                    stub, take, chunk_trials[c], s0, s1, s2, s3, kinds, hole, n_hole, known_board,
                    card_bits, suit_bits, disp, params, rank_classes, flush_classes, flush_bias, acc)
            done = chunk_trials[c]
        if open_many is not None:
            if seven_duel is not None:
                s0, s1, s2, s3 = _open_many_seven(
                    stub, take, chunk_trials[c], s0, s1, s2, s3, kinds, hole, n_players, n_hole,
                    known_board, suit_bits, disp, params, flush_classes, flush_bias, seven_words,
                    seven_offsets, seven_classes, acc)
            if card_duel is not None:
                s0, s1, s2, s3 = _open_many_cards(
                    stub, take, chunk_trials[c], s0, s1, s2, s3, kinds, hole, n_players, n_hole,
                    known_board, card_bits, suit_bits, disp, params, rank_classes, flush_classes,
                    flush_bias, acc)
            done = chunk_trials[c]
        if fixed_tables is not None:  # (a whole board of five to deal, a constant: the deal unrolled)
            s0, s1, s2, s3 = _fixed_tables_loop(
                stub, 5, chunk_trials[c], s0, s1, s2, s3, known_board, words, suit_bits, disp, params,
                (seat_high, seat_low, seat_flush), totals, masks, n_sets, exact_need, low_rule, seven,
                seven_offsets, flush_classes, flush_bias, tally)
            done = chunk_trials[c]
        # (each loop compiles alone: a test of one argument each)
        if trial_loop is not None:
            for _ in range(chunk_trials[c]):
                if has_ranges:
                    if not deal_trial(state, stub, stub.shape[0], n_players, n_hole, kinds,
                                      has_ranges, range_start, combos, cumulative,
                                      combo_masks, n_known, hole, board):
                        break
                else:  # the same cards as deal_trial, the generator's state kept in locals
                    s0, s1, s2, s3 = shuffle_prefix_local(stub, stub.shape[0], take, s0, s1, s2, s3)
                    _place_dealt(stub, n_players, n_hole, kinds, n_known, hole, board)
                board_total = known_total
                board_masks = known_masks
                for b in range(n_known, n_board):
                    board_total += words[board[b]]
                    board_masks |= suit_bits[board[b]]
                if not every_seat_fixed:
                    for p in range(n_players):
                        if kinds[p] != FIXED:
                            _seat_sums(hole, p, n_hole, n_sets, hole_sets, hole_set_len, words,
                                       suit_bits, totals, masks)
                            if showdown is not None:  # (a duel needs no rows nor tally)
                                _seat_rows(totals, p, n_sets, disp, params, hole_index, rows)
                if seven_duel is not None:  # (a duel, through the seven-card tables)
                    first, second = _duel_seven(board_total, board_masks, totals, masks,
                                                seven_offsets, lookup_classes, flush_classes,
                                                flush_bias)
                    first_wins += first
                    second_wins += second
                    splits += 1 - first - second
                if card_duel is not None:  # (a duel, through the card-sum tables)
                    first, second = _duel_cards(board_total, board_masks, totals, masks, disp,
                                                params, lookup_classes, flush_classes, flush_bias)
                    first_wins += first
                    second_wins += second
                    splits += 1 - first - second
                if showdown is not None:
                    code = _score_board(board_total, board_masks, totals, masks, n_players, n_sets,
                                        set_len, exact_need, all_cards, low_rule, disp, params, rows,
                                        exact_classes, lookup_classes, flush_classes, flush_bias,
                                        low_classes, exact_low_classes, classes, lows, shares, live,
                                        acc, wild_tables, (seat_high, seat_low, seat_flush), seven,
                                        seven_offsets, seven_low_classes)
                    if code >= 0:
                        packed, filled = _count_outcome(code, packed, filled, tally)
                done += 1
        _add_duels(first_wins, second_wins, splits, acc)
        if showdown is not None:  # (a duel needs no rows nor tally)
            _add_tally(tally, packed, low_rule, live, acc)
        for k in range(5):
            for p in range(n_players):
                sums[c, k, p] = acc[k, p]
        dealt[c] = done


sample_plain = parallel_kernel(_sample_plain)


@inline_kernel
def _with_card(used, stub, i, total, masks, card_bits, suit_bits):
    """``total``/``masks`` with the card at ``stub[i]`` added when this loop level is ``used``."""
    if used:
        card = stub[i]
        return total + card_bits[card], masks | suit_bits[card]
    return total, masks


@inline_kernel
def tuple_stub(hole, stub_all):
    """The stub of one tuple of hole cards: ``stub_all`` without the tuple's cards, as (cards,
    how many: the first ``n`` entries)."""
    held = U64(0)
    for t in range(hole.shape[0]):
        held |= U64(1) << U64(hole[t])
    stub = np.empty(stub_all.shape[0], dtype=np.uint8)
    n = 0
    for k in range(stub_all.shape[0]):
        if not (held >> U64(stub_all[k])) & U64(1):
            stub[n] = stub_all[k]
            n += 1
    return stub, n


#: Most missing board cards :func:`enumerate_plain` completes (its loop nest is this deep).
MAX_MISSING = 6


@inline_kernel
def _level(k, first_real, part, n_parts, previous, n, r):
    """(start, stop, step) of loop level ``k`` of the board nest: once without a card before the
    first real level, the parts' stride at it, then each card after the one before."""
    if k < first_real:
        return 0, 1, 1
    if k == first_real:
        return part, n - r + 1, n_parts
    return previous + 1, n - r + (k - first_real) + 1, 1


def _enumerate_plain(tuple_holes, n_parts, stub_all, n_players, n_hole, known_board, n_missing, tables,
                     wild_tables, sums):
    """Every completion of the board for every tuple of hole cards, in a game with no phase and
    a high or hi-lo pot (hand rule as in :func:`sample_plain`, scored by its general showdown:
    the deals of a hand of all its cards in a high pot with no wild card are counted by ranks,
    :mod:`equity._kernels.exact`); from 1 to :data:`MAX_MISSING` missing cards (a complete
    board is one missing card: its last card as the whole stub).

    Task ``k`` (in parallel) takes tuple ``k // n_parts`` (``tuple_holes[t]``: every
    seat's hole cards) and the boards whose first missing card is the ``i``-th
    card of the tuple's stub for ``i = k % n_parts, k % n_parts + n_parts, ...``
    (striding keeps the parts' work even); it writes ``sums[k]`` (float64[tasks,
    4, players], as in :func:`sample_plain`).  The stub of a tuple is
    ``stub_all`` without the tuple's cards.  The boards are a fixed nest of
    loops, one per missing card, the levels past ``n_missing`` running once
    without a card: measured twice as fast as a general combination walker.
    """
    (hole_sets, hole_set_len, exact_need, hole_index, exact_classes, card_bits, suit_bits, disp, params,
     rank_classes, flush_classes, flush_bias, low_rule, low_classes, exact_low_classes, seven_words,
     seven_offsets, seven_classes, seven_low_classes) = tables
    n_known = known_board.shape[0]
    n_sets = hole_sets.shape[0]
    set_len = hole_set_len[0]
    all_cards = n_sets == 1 and exact_need == 0 and set_len == n_hole
    seven = _through_seven(exact_need, low_rule, seven_offsets, seven_low_classes)
    words = seven_words if seven else card_bits
    lookup_classes = seven_classes if seven else rank_classes
    r = n_missing
    for task in prange(tuple_holes.shape[0] * n_parts):
        tup = task // n_parts
        part = task % n_parts
        hole = tuple_holes[tup]
        stub, n = tuple_stub(hole, stub_all)
        totals, masks = _all_seat_sums(hole, n_players, n_hole, hole_sets, hole_set_len, words,
                                       suit_bits)
        rows = _all_seat_rows(totals, n_players, n_sets, disp, params, hole_index)
        boards = 1  # about this many boards a task: C(n, r) / n_parts
        for k in range(r):
            boards = boards * (n - k) // (k + 1)
        seat_high, seat_low, seat_flush = _seat_tables(
            rows, totals, masks, hole, n_players, n_hole, n_sets, known_board.shape[0] + r,
            exact_need, set_len, low_rule, exact_classes, exact_low_classes, flush_classes,
            seven, seven_words, seven_offsets, seven_classes, seven_low_classes, True,
            boards // n_parts)
        classes, shares, live, lows, acc = _scratch(n_players)
        tally = np.zeros(HEADS_UP_OUTCOMES, dtype=np.int64)
        packed = U64(0)  # heads-up outcomes counted in a register (_count_outcome)
        filled = 0
        base_total, base_masks = card_sums(known_board, 0, n_known, words, suit_bits)
        # levels 0 .. f - 1 run once without a card; level f strides over the parts; the
        # innermost level is always a real one (a dummy innermost loop cost 10%)
        f = MAX_MISSING - r
        for i0 in range(*_level(0, f, part, n_parts, 0, n, r)):
            t0, m0 = _with_card(f <= 0, stub, i0, base_total, base_masks, words, suit_bits)
            for i1 in range(*_level(1, f, part, n_parts, i0, n, r)):
                t1, m1 = _with_card(f <= 1, stub, i1, t0, m0, words, suit_bits)
                for i2 in range(*_level(2, f, part, n_parts, i1, n, r)):
                    t2, m2 = _with_card(f <= 2, stub, i2, t1, m1, words, suit_bits)
                    for i3 in range(*_level(3, f, part, n_parts, i2, n, r)):
                        t3, m3 = _with_card(f <= 3, stub, i3, t2, m2, words, suit_bits)
                        for i4 in range(*_level(4, f, part, n_parts, i3, n, r)):
                            t4, m4 = _with_card(f <= 4, stub, i4, t3, m3, words, suit_bits)
                            for i5 in range(*_level(5, f, part, n_parts, i4, n, r)):
                                t5, m5 = _with_card(True, stub, i5, t4, m4, words, suit_bits)
                                code = _score_board(t5, m5, totals, masks, n_players, n_sets, set_len,
                                                    exact_need, all_cards, low_rule, disp, params, rows,
                                                    exact_classes, lookup_classes, flush_classes,
                                                    flush_bias, low_classes, exact_low_classes, classes,
                                                    lows, shares, live, acc, wild_tables,
                                                    (seat_high, seat_low, seat_flush), seven,
                                                    seven_offsets, seven_low_classes)
                                if code >= 0:
                                    packed, filled = _count_outcome(code, packed, filled, tally)
        _add_tally(tally, packed, low_rule, live, acc)
        for k in range(5):
            for p in range(n_players):
                sums[task, k, p] = acc[k, p]


enumerate_plain = parallel_kernel(_enumerate_plain)


@inline_kernel
def next_combination(index, r, n):
    """Step ``index[:r]`` to the next ``r``-combination of ``range(n)`` in lexicographic order;
    False after the last (at once for ``r == 0``: the empty combination is the only one)."""
    k = r - 1
    while k >= 0 and index[k] == n - r + k:
        k -= 1
    if k < 0:
        return False
    index[k] += 1
    for t in range(k + 1, r):
        index[t] = index[t - 1] + 1
    return True


@kernel
def board_completions(stub, r, out):
    """Every ``r``-card combination of ``stub`` (in lexicographic order of positions) into ``out``."""
    index = np.arange(r)
    row = 0
    more = True
    while more:
        for t in range(r):
            out[row, t] = stub[index[t]]
        row += 1
        more = next_combination(index, r, stub.shape[0])
    return row
