"""Exact enumeration by multisets of ranks: every board of a deal whose hands are each all of a
seat's hole cards and the board, in a high pot with no wild card (Hold'em, and the custom games
whose hands are drawn alike).

Without a flush, a hand's class depends on its ranks alone.  So the boards are counted in two
parts:

- every multiset of ranks the missing cards can have, valued on its ranks alone and weighted by
  the number of boards with those ranks (the product over its ranks of C(cards of the rank left,
  times the rank is taken)): 6,175 multisets stand for the 1,712,304 boards of a preflop
  Hold'em duel;
- the boards on which some seat makes a flush, walked card by card, each adding its true
  showdown and taking away the showdown of its ranks alone (which the multisets counted).

A seat can make a flush in suit ``s`` only when the board holds at least ``flush_size -
known_s - most_s`` missing cards of that suit (``known_s`` on the known board, ``most_s`` the
most a seat holds in its hole cards): the boards of each suit are its cards chosen that many or
more times with the other cards of the stub, and a board that qualifies for an earlier suit is
left to that suit.  A preflop duel of AhKh against QsQd walks about 160,000 boards that way.

Kernels validate nothing; :func:`equity.calculator.exact.enumerate_outcomes` chooses this path
where it applies and gives each tuple of hole cards to ``n_parts`` tasks.
"""

import numpy as np
from numba import prange

from equity._kernels import inline_kernel, kernel, parallel_kernel
from equity._kernels.calc import _add_duels, _score, _scratch, next_combination, tuple_stub
from equity._kernels.evaluate import SUIT_MASK, U64, _with_flush, card_sums, rank_class

#: The suits of a card code (``code & 3``).
SUITS = 4


@inline_kernel
def _choose(n, k):
    """C(n, k) for the small numbers of a rank's cards (0 when ``k > n``)."""
    if k > n:
        return 0
    result = 1
    for t in range(k):
        result = result * (n - t) // (t + 1)
    return result


@kernel
def _score_many(classes, n_players, weight, shares, live, acc):
    """:func:`equity._kernels.calc._score` ``weight`` times (a negative weight takes showdowns
    away): three or more seats, called rather than inlined (inlined at each of its three
    places, it added half to the kernel's compile time)."""
    _score(classes, live, n_players, shares, acc, np.float64(weight))


@inline_kernel
def _add_outcome(classes, n_players, weight, wins, shares, live, acc):
    """Add ``weight`` showdowns of ``classes``: heads-up to the counts ``wins`` (the first seat's
    wins, the second's, splits), else to ``acc``."""
    if n_players == 2:
        wins[0] += weight * np.int64(classes[0] > classes[1])
        wins[1] += weight * np.int64(classes[1] > classes[0])
        wins[2] += weight * np.int64(classes[0] == classes[1])
    else:
        _score_many(classes, n_players, weight, shares, live, acc)


@inline_kernel
def _add_change(classes, flat, n_players, weight, wins, shares, live, acc):
    """Add ``weight`` showdowns of ``classes`` and take away as many of ``flat`` (see
    :func:`_add_outcome`)."""
    if n_players == 2:
        wins[0] += weight * (np.int64(classes[0] > classes[1]) - np.int64(flat[0] > flat[1]))
        wins[1] += weight * (np.int64(classes[1] > classes[0]) - np.int64(flat[1] > flat[0]))
        wins[2] += weight * (np.int64(classes[0] == classes[1]) - np.int64(flat[0] == flat[1]))
    else:
        _score_many(classes, n_players, weight, shares, live, acc)
        _score_many(flat, n_players, -weight, shares, live, acc)


@inline_kernel
def _ranks_present(cards, n, words, left, word, ranks):
    """Fill ``left`` (cards of each rank among ``cards[:n]``), ``word`` (one card word of each
    rank: a rank's words differ only in their suit counts, which a class of ranks ignores) and
    ``ranks`` (the ranks present, in order); returns how many ranks are present."""
    left[:] = 0
    for i in range(n):
        rank = np.int64(cards[i]) >> 2
        left[rank] += 1
        word[rank] = words[cards[i]]
    n_ranks = 0
    for rank in range(left.shape[0]):
        if left[rank] > 0:
            ranks[n_ranks] = rank
            n_ranks += 1
    return n_ranks


@inline_kernel
def _multiset_sum(pick, r, ranks, left, word, base_total):
    """The boards of the multiset ``pick`` (positions in ``ranks``, never decreasing): how many
    (the product of C(cards of the rank left, times taken)), and its summed words on top of
    ``base_total``."""
    weight = 1
    total = base_total
    t = 0
    while t < r:
        rank = ranks[pick[t]]
        m = 1
        while t + m < r and pick[t + m] == pick[t]:
            m += 1
        weight *= _choose(left[rank], m)
        total += U64(m) * word[rank]
        t += m
    return weight, total


@inline_kernel
def _next_multiset(pick, r, n_ranks):
    """Step ``pick[:r]`` to the next multiset of ``range(n_ranks)``; False after the last."""
    t = r - 1
    while t >= 0 and pick[t] == n_ranks - 1:
        t -= 1
    if t < 0:
        return False
    pick[t] += 1
    for u in range(t + 1, r):
        pick[u] = pick[t]
    return True


@inline_kernel
def _multisets(stub, n, r, base_total, totals, n_players, words, disp, params, lookup, flush_bias,
               seven, offsets, classes, shares, live, acc, wins):
    """Add every multiset of ``r`` ranks drawn from ``stub[:n]``, valued on its ranks alone and
    weighted by its boards (see :func:`_add_outcome`)."""
    left = np.zeros(16, dtype=np.int64)
    word = np.zeros(16, dtype=np.uint64)
    ranks = np.empty(16, dtype=np.int64)
    n_ranks = _ranks_present(stub, n, words, left, word, ranks)
    pick = np.zeros(r, dtype=np.int64)
    more = n_ranks > 0 or r == 0
    while more:
        weight, total = _multiset_sum(pick, r, ranks, left, word, base_total)
        if weight > 0:
            for p in range(n_players):
                classes[p], _ = rank_class(total + totals[p], disp, params, lookup, flush_bias, seven,
                                           offsets)
            _add_outcome(classes, n_players, weight, wins, shares, live, acc)
        more = _next_multiset(pick, r, n_ranks)


@inline_kernel
def _flush_needs(stub, n, r, known_board, hole, n_players, n_hole, flush_size, known):
    """For each suit, the fewest missing cards of it on a board that gives some seat a flush in
    it (0: every board may), or ``r + 1`` when no board can; ``known`` gets each suit's cards on
    the known board."""
    need = np.empty(SUITS, dtype=np.int64)
    for s in range(SUITS):
        known[s] = 0
        for b in range(known_board.shape[0]):
            known[s] += np.int64((known_board[b] & 3) == s)
        most = 0  # the most of the suit a seat holds
        for p in range(n_players):
            held = 0
            for t in range(n_hole):
                held += np.int64((hole[p * n_hole + t] & 3) == s)
            most = max(most, held)
        left = 0
        for i in range(n):
            left += np.int64((stub[i] & 3) == s)
        need[s] = max(flush_size - known[s] - most, 0)
        if need[s] > min(r, left):
            need[s] = r + 1
    return need


@inline_kernel
def _flush_boards(stub, n, r, part, n_parts, need, known, hole, n_hole, flush_size, base_total,
                  base_masks, totals, masks, n_players, words, suit_bits, disp, params, lookup,
                  flush_classes, flush_bias, seven, offsets, classes, flat, shares, live, acc, wins):
    """Walk the boards on which some seat makes a flush (suit by suit, see the module), the
    ``part``-th of every ``n_parts`` choices of the suited cards, and add each board's true
    showdown less the showdown of its ranks alone (see :func:`_add_outcome`).

    When no board can hold enough cards of this suit and of another for a flush in each, the
    other cards change a showdown by their ranks alone: they are walked as multisets of ranks,
    weighted like the boards of :func:`_multisets` (the suit's flushes come from its own cards).
    Otherwise every board is walked, and one that qualifies for an earlier suit is left to it."""
    suited = np.empty(n, dtype=np.uint8)
    others = np.empty(n, dtype=np.uint8)
    a = np.empty(r + 1, dtype=np.int64)
    b = np.empty(r + 1, dtype=np.int64)
    left = np.zeros(16, dtype=np.int64)
    word = np.zeros(16, dtype=np.uint64)
    ranks = np.empty(16, dtype=np.int64)
    flush_class = np.empty(n_players, dtype=np.int64)
    counter = 0
    for s in range(SUITS):
        if need[s] > r:
            continue
        alone = True  # no board gives a flush in this suit and in another
        for s2 in range(SUITS):
            if s2 != s and need[s] + need[s2] <= r:
                alone = False
        n_s = 0
        n_o = 0
        for i in range(n):
            if (stub[i] & 3) == s:
                suited[n_s] = stub[i]
                n_s += 1
            else:
                others[n_o] = stub[i]
                n_o += 1
        n_ranks = _ranks_present(others, n_o, words, left, word, ranks)
        for j in range(need[s], min(r, n_s) + 1):
            rest = r - j
            if rest > n_o:
                continue
            for t in range(j):
                a[t] = t
            more_a = True
            while more_a:
                counter += 1
                if counter % n_parts == part:
                    suited_total = base_total
                    suited_masks = base_masks
                    for t in range(j):
                        suited_total += words[suited[a[t]]]
                        suited_masks |= suit_bits[suited[a[t]]]
                    if alone:
                        for p in range(n_players):  # the seat's flush in this suit, or -1
                            held = 0
                            for t in range(n_hole):
                                held += np.int64((hole[p * n_hole + t] & 3) == s)
                            flush_class[p] = -1
                            if known[s] + j + held >= flush_size:
                                flush_class[p] = flush_classes[((suited_masks | masks[p]) >> U64(16 * s))
                                                               & SUIT_MASK]
                        for t in range(rest):
                            b[t] = 0
                        more_b = n_ranks > 0 or rest == 0
                        while more_b:
                            weight, total = _multiset_sum(b, rest, ranks, left, word, suited_total)
                            if weight > 0:
                                changed = False
                                for p in range(n_players):
                                    value, _ = rank_class(total + totals[p], disp, params, lookup,
                                                          flush_bias, seven, offsets)
                                    flat[p] = value
                                    classes[p] = value
                                    if flush_class[p] > value:
                                        classes[p] = flush_class[p]
                                        changed = True
                                if changed:
                                    _add_change(classes, flat, n_players, weight, wins, shares, live,
                                                acc)
                            more_b = _next_multiset(b, rest, n_ranks)
                    else:
                        for t in range(rest):
                            b[t] = t
                        more_b = True
                        while more_b:
                            earlier = False  # counted under an earlier suit
                            for s2 in range(s):
                                if need[s2] <= r:
                                    held = 0
                                    for t in range(rest):
                                        held += np.int64((others[b[t]] & 3) == s2)
                                    if held >= need[s2]:
                                        earlier = True
                            if not earlier:
                                total = suited_total
                                board_masks = suited_masks
                                for t in range(rest):
                                    total += words[others[b[t]]]
                                    board_masks |= suit_bits[others[b[t]]]
                                changed = False
                                for p in range(n_players):
                                    value, flags = rank_class(total + totals[p], disp, params,
                                                              lookup, flush_bias, seven, offsets)
                                    flat[p] = value
                                    classes[p] = value
                                    if flags:
                                        best = _with_flush(value, flags, board_masks | masks[p],
                                                           flush_classes)
                                        if best != value:
                                            classes[p] = best
                                            changed = True
                                if changed:
                                    _add_change(classes, flat, n_players, 1, wins, shares, live, acc)
                            more_b = next_combination(b, rest, n_o)
                more_a = next_combination(a, j, n_s)


def _enumerate_ranks(tuple_holes, n_parts, stub_all, n_players, n_hole, known_board, n_missing,
                     flush_size, tables, sums):
    """Every completion of the board for every tuple of hole cards, counted by multisets of
    ranks and flush boards (see the module): hands of all of a seat's hole cards and the board,
    a high pot, no wild card, from 1 to 7 missing cards.

    Task ``k`` (in parallel) takes tuple ``k // n_parts`` (``tuple_holes[t]``: every seat's hole
    cards, seat-major) and the ``k % n_parts``-th share of its flush boards; the first part
    also counts the multisets.  It writes ``sums[k]`` (float64[tasks, 5, players], as in
    :func:`equity._kernels.calc.sample_plain`).  The stub of a tuple is ``stub_all`` without
    the tuple's cards; ``flush_size`` is the number of suited cards that make a flush.
    """
    (hole_sets, hole_set_len, exact_need, hole_index, exact_classes, card_bits, suit_bits, disp, params,
     rank_classes, flush_classes, flush_bias, low_rule, low_classes, exact_low_classes, seven_words,
     seven_offsets, seven_classes, seven_low_classes) = tables
    seven = seven_offsets.shape[0] > 0
    words = seven_words if seven else card_bits
    lookup = seven_classes if seven else rank_classes
    r = n_missing
    for task in prange(tuple_holes.shape[0] * n_parts):
        tup = task // n_parts
        part = task % n_parts
        hole = tuple_holes[tup]
        stub, n = tuple_stub(hole, stub_all)
        totals = np.empty(n_players, dtype=np.uint64)
        masks = np.empty(n_players, dtype=np.uint64)
        for p in range(n_players):
            totals[p], masks[p] = card_sums(hole, p * n_hole, n_hole, words, suit_bits)
        base_total, base_masks = card_sums(known_board, 0, known_board.shape[0], words, suit_bits)
        classes, shares, live, flat, acc = _scratch(n_players)
        wins = np.zeros(3, dtype=np.int64)  # heads-up: the first seat's wins, the second's, splits
        if part == 0:
            _multisets(stub, n, r, base_total, totals, n_players, words, disp, params, lookup,
                       flush_bias, seven, seven_offsets, classes, shares, live, acc, wins)
        known = np.empty(SUITS, dtype=np.int64)
        need = _flush_needs(stub, n, r, known_board, hole, n_players, n_hole, flush_size, known)
        _flush_boards(stub, n, r, part, n_parts, need, known, hole, n_hole, flush_size, base_total,
                      base_masks, totals, masks, n_players, words, suit_bits, disp, params, lookup,
                      flush_classes, flush_bias, seven, seven_offsets, classes, flat, shares, live,
                      acc, wins)
        if n_players == 2:
            _add_duels(wins[0], wins[1], wins[2], acc)
        for k in range(5):
            for p in range(n_players):
                sums[task, k, p] = acc[k, p]


enumerate_ranks = parallel_kernel(_enumerate_ranks)
