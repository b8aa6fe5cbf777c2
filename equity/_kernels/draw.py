"""Draw-decision kernels: the final hands of a deck, the sums of payoffs over the hands that hold
each set of cards, and the value of every hold of a hand (for :mod:`equity.strategy.draw`).

Cards here are *positions* in the game's deck (0 .. n_cards - 1, in the order of the card codes),
so a short deck is indexed as densely as the full one.  A set of k positions
``p_0 < p_1 < ... < p_{k-1}`` has the colexicographic index ``sum_i C(p_i, i + 1)``, a perfect
index of the k-subsets: ``binom`` is the table ``C(n, k)`` for n up to the deck size and k up to 5.
"""

import numpy as np

from equity._kernels import inline_kernel, kernel
from equity._kernels.rng import shuffle_prefix_local
from equity._kernels.switch import draw_step_local, switch_step_local


@kernel
def five_card_hands(n_cards, n_hands):
    """Every five-card hand of a deck of ``n_cards`` positions, ascending within each row and the
    rows in colexicographic order (row i is the hand of index i)."""
    out = np.empty((n_hands, 5), dtype=np.uint8)
    i = 0
    for e in range(4, n_cards):
        for d in range(3, e):
            for c in range(2, d):
                for b in range(1, c):
                    for a in range(b):
                        out[i, 0] = a
                        out[i, 1] = b
                        out[i, 2] = c
                        out[i, 3] = d
                        out[i, 4] = e
                        i += 1
    return out


@inline_kernel
def subset_index(cards, mask, binom):
    """(size, colexicographic index) of the cards of ascending ``cards`` picked by ``mask``."""
    index = 0
    k = 0
    for j in range(cards.shape[0]):
        if (mask >> j) & 1:
            k += 1
            index += binom[cards[j], k]
    return k, index


@kernel
def subset_sums(hands, pay, binom, offsets, n_sums):
    """For every set of 0 to 5 cards, the sum of ``pay`` over the five-card hands that hold it.

    ``hands`` are every hand in index order (:func:`five_card_hands`); the sum of the k-card set
    of index i is at ``offsets[k] + i`` of the result (so the 5-card sums are ``pay`` itself).
    """
    sums = np.zeros(n_sums, dtype=np.float64)
    for i in range(hands.shape[0]):
        value = pay[i]
        cards = hands[i]
        for mask in range(32):
            k, index = subset_index(cards, mask, binom)
            sums[offsets[k] + index] += value
    return sums


@kernel
def hold_values_of(hands, sums, binom, offsets, n_unseen):
    """The expected payoff of each of the 32 holds of each hand, by inclusion-exclusion.

    ``hands`` are ascending rows of five positions; bit j of a hold keeps card j.  The completions
    of hold H are the hands that hold H and none of the discards D, whose payoffs add up to
    ``sum over S in D of (-1)^|S| T(H + S)`` (``T`` the subset sums); each is divided by the
    number of completions, ``C(n_unseen, 5 - |H|)``.
    """
    n = hands.shape[0]
    values = np.empty((n, 32), dtype=np.float64)
    f = np.empty(32, dtype=np.float64)
    for i in range(n):
        cards = hands[i]
        for mask in range(32):
            k, index = subset_index(cards, mask, binom)
            f[mask] = sums[offsets[k] + index]
        for bit in range(5):  # the superset Moebius transform, one card at a time
            b = 1 << bit
            for mask in range(32):
                if not mask & b:
                    f[mask] -= f[mask | b]
        for mask in range(32):
            kept = 0
            for j in range(5):
                kept += (mask >> j) & 1
            values[i, mask] = f[mask] / binom[n_unseen, 5 - kept]
    return values


@kernel
def suit_canonical(hands, card_rank, card_suit, position_of, binom, n_suits):
    """The index of each hand's representative under the relabellings of suits.

    The representative relabels the suits in the order of their rank masks (the bit set of the
    ranks the hand holds in that suit), largest first: two hands are alike under some relabelling
    exactly when their sorted masks agree, so they share a representative.  ``card_rank`` and
    ``card_suit`` (0 .. n_suits - 1) describe each position, ``position_of[rank, suit]`` goes back.
    """
    n = hands.shape[0]
    out = np.empty(n, dtype=np.int64)
    masks = np.zeros(4, dtype=np.int64)
    order = np.empty(4, dtype=np.int64)
    relabel = np.empty(4, dtype=np.int64)
    cards = np.empty(5, dtype=np.int64)
    for i in range(n):
        for s in range(n_suits):
            masks[s] = 0
            order[s] = s
        for j in range(5):
            p = hands[i, j]
            masks[card_suit[p]] |= 1 << card_rank[p]
        for s in range(1, n_suits):  # insertion sort of the suits, largest mask first, stable
            t = order[s]
            u = s
            while u > 0 and masks[order[u - 1]] < masks[t]:
                order[u] = order[u - 1]
                u -= 1
            order[u] = t
        for s in range(n_suits):
            relabel[order[s]] = s
        for j in range(5):
            p = hands[i, j]
            q = position_of[card_rank[p], relabel[card_suit[p]]]
            u = j
            while u > 0 and cards[u - 1] > q:
                cards[u] = cards[u - 1]
                u -= 1
            cards[u] = q
        index = 0
        for j in range(5):
            index += binom[cards[j], j + 1]
        out[i] = index
    return out


@kernel
def hold_outcomes(hand, unseen, pay, category, n_categories, binom):
    """Every completion of every hold of one hand, enumerated: the sum of the payoffs and the
    count of each final category, per hold (bit j of a hold keeps ``hand[j]``).

    ``hand`` holds five positions in any order, ``unseen`` the positions that can be drawn;
    ``pay`` and ``category`` are indexed by hand index.
    """
    sums = np.zeros(32, dtype=np.float64)
    counts = np.zeros((32, n_categories), dtype=np.int64)
    held = np.empty(5, dtype=np.int64)
    chosen = np.empty(5, dtype=np.int64)
    cards = np.empty(5, dtype=np.int64)
    m = unseen.shape[0]
    for mask in range(32):
        kept = 0
        for j in range(5):
            if (mask >> j) & 1:
                held[kept] = hand[j]
                kept += 1
        drawn = 5 - kept
        if drawn > m:
            continue
        for j in range(drawn):
            chosen[j] = j
        while True:
            for j in range(kept):
                cards[j] = held[j]
            for j in range(drawn):
                cards[kept + j] = unseen[chosen[j]]
            for j in range(1, 5):  # insertion sort of five
                t = cards[j]
                u = j
                while u > 0 and cards[u - 1] > t:
                    cards[u] = cards[u - 1]
                    u -= 1
                cards[u] = t
            index = 0
            for j in range(5):
                index += binom[cards[j], j + 1]
            sums[mask] += pay[index]
            counts[mask, category[index]] += 1
            # the next combination of ``drawn`` of the ``m`` unseen cards
            j = drawn - 1
            while j >= 0 and chosen[j] == m - drawn + j:
                j -= 1
            if j < 0:
                break
            chosen[j] += 1
            for u in range(j + 1, drawn):
                chosen[u] = chosen[u - 1] + 1
    return sums, counts


@kernel
def showdown_trials(hero, lost, stub0, rules, states, hands_out):
    """Play every hold of one hand against random opponents, with common random numbers.

    The hero sits last in seat order (seat ``K`` of ``K + 1``, the last to draw) and holds
    ``hero`` (five card codes) at the draw; seat 0, the next seat, holds ``lost`` (the card the
    hero lost in the switch before the draw, -1 for none) and four random cards, every other
    opponent five random cards from ``stub0`` (the unseen cards).  For each of the 32 holds
    (bit j keeps ``hero[j]``), from the same deal and the same random numbers, the opponents
    draw by their codes in ``rules.policies`` (a :class:`~equity._kernels.bundles.SwitchRules`;
    the hero's code is not read), the hero draws the discards of the hold, and the switches
    after the draw are played (``rules.n_switches_after``, each seat taking from the previous
    active seat); the final hands go to ``hands_out[t, hold]`` (``uint8[trials, 32, K + 1, 5]``).

    ``states`` is ``uint64[2, 4]``: the stream of the deal and the draw, and the stream of the
    switches after the draw (its own, so that holds drawing different numbers of cards still
    meet the same switch); both are advanced.
    """
    n_trials = hands_out.shape[0]
    n_players = hands_out.shape[2]
    hero_seat = n_players - 1
    n = stub0.shape[0]
    deck = np.empty(2 * n, dtype=np.uint8)
    for k in range(n):
        deck[k] = stub0[k]
    dealt = np.empty(n, dtype=np.uint8)
    ds = np.zeros(4, dtype=np.int64)
    start = np.empty(n_players * 5, dtype=np.uint8)
    hands = np.empty(n_players * 5, dtype=np.uint8)
    active = np.ones(n_players, dtype=np.bool_)
    scratch = np.zeros(2 * n_players, dtype=np.int64)
    gave = np.full(n_players, -1, dtype=np.int16)
    received = np.full(n_players, -1, dtype=np.int16)
    drawn = np.empty(n_players, dtype=np.int8)
    discarded = np.empty(n_players, dtype=np.uint64)
    memo = np.full((n_players, 6, 54), -1, dtype=np.int8)
    for p in range(hero_seat):
        memo[p, 5, 1] = -2  # the opponents decide afresh
    for j in range(5):
        start[hero_seat * 5 + j] = hero[j]
    take = 5 * hero_seat - np.int64(lost >= 0)
    a0, a1, a2, a3 = states[0, 0], states[0, 1], states[0, 2], states[0, 3]
    b0, b1, b2, b3 = states[1, 0], states[1, 1], states[1, 2], states[1, 3]
    for t in range(n_trials):
        a0, a1, a2, a3 = shuffle_prefix_local(deck, n, take, a0, a1, a2, a3)
        k = 0
        for p in range(hero_seat):
            for slot in range(5):
                if p == 0 and slot == 0 and lost >= 0:
                    start[0] = lost
                else:
                    start[p * 5 + slot] = deck[k]
                    k += 1
        for j in range(n):
            dealt[j] = deck[j]
        c0, c1, c2, c3 = a0, a1, a2, a3
        d0, d1, d2, d3 = b0, b1, b2, b3
        for hold in range(32):
            for j in range(n):
                deck[j] = dealt[j]
            for j in range(n_players * 5):
                hands[j] = start[j]
            ds[0] = take
            ds[1] = 0
            ds[2] = 0
            ds[3] = 0
            memo[hero_seat, 5, 0] = hold  # the hero's hand is as dealt: memo_keep plays the hold
            c0, c1, c2, c3 = draw_step_local(hands, n_players, active, rules, gave, -1, deck, ds,
                                             drawn, discarded, 0, start, memo, a0, a1, a2, a3)
            d0, d1, d2, d3 = b0, b1, b2, b3
            for _ in range(rules.n_switches_after):
                d0, d1, d2, d3 = switch_step_local(hands, n_players, 5, active, rules.reverse,
                                                   scratch, gave, received, 0, d0, d1, d2, d3)
            for p in range(n_players):
                for j in range(5):
                    hands_out[t, hold, p, j] = hands[p * 5 + j]
        for j in range(n):  # (a reshuffle of the discards wrote over the stub)
            deck[j] = dealt[j]
        a0, a1, a2, a3 = c0, c1, c2, c3
        b0, b1, b2, b3 = d0, d1, d2, d3
    states[0, 0], states[0, 1], states[0, 2], states[0, 3] = a0, a1, a2, a3
    states[1, 0], states[1, 1], states[1, 2], states[1, 3] = b0, b1, b2, b3
