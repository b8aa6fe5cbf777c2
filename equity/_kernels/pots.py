"""Pot settlement kernels: side pots, hi-lo halves and odd chips of many showdowns, in integer chips.

Row ``i`` of a batch is ``x[i * n_players : (i + 1) * n_players]`` of each flat
array, one entry per seat (seat 0 first to the dealer's left).  ``high`` and
``low`` hold strengths (larger wins, equal splits; a low of 0 is no qualifying
low) and may be empty when the mode does not read them; ``folded`` is empty when
nobody folded; ``stakes`` holds one row per deal, or one row shared by every
deal when ``stakes_per_row`` is false.

The rules (the public :func:`equity.settle.settle` states them for readers):

1. A stake above the second-largest stake is uncalled and goes back to its owner.
2. Pot boundaries are the distinct stakes of the players still in the hand; a
   pot holds every player's chips between its lower and upper boundary and is
   contested by the players still in whose stake reaches its upper boundary.
   Chips above the largest stake of a player still in join the top pot.
3. Each pot goes whole to the best strength of the mode among its contestants
   (``high`` or ``low``), or in ``hi_lo`` half to the best high and half to the
   best low above 0, the odd chip to the high half, the high taking all when no
   contestant has a low above 0.
4. Tied winners of a pot or half pot share it; the chips left over after an even
   split go one each to the tied winners in seat order from seat 0.
"""

import numpy as np

from equity._kernels import inline_kernel, kernel

#: Pot modes as the kernels read them.
HIGH = 0
LOW = 1
HI_LO = 2

U64 = np.uint64


@inline_kernel
def _split(values, o, live, eff, n_players, level, amount, out):
    """Share ``amount`` among the best ``values`` of the live players whose stake reaches ``level``."""
    best = values[o] & 0
    winners = 0
    for j in range(n_players):
        if live[j] and eff[j] >= level:
            v = values[o + j]
            if winners == 0 or v > best:
                best = v
                winners = 1
            elif v == best:
                winners += 1
    share = amount // winners
    odd = amount - share * winners
    for j in range(n_players):
        if live[j] and eff[j] >= level and values[o + j] == best:
            if odd > 0:
                out[o + j] += share + 1
                odd -= 1
            else:
                out[o + j] += share


@inline_kernel
def _best_low(low, o, live, eff, n_players, level):
    best = low[o] & 0
    for j in range(n_players):
        if live[j] and eff[j] >= level and low[o + j] > best:
            best = low[o + j]
    return best


# Compiled once rather than inlined: inlining it at both call sites of settle_rows tripled the
# cold compile time (7.5 s against 2.5 s) for about 15% more speed.
@kernel
def _award(high, low, o, live, eff, n_players, level, amount, mode, out):
    """Award one pot to its contestants under the pot mode."""
    if mode == HIGH:
        _split(high, o, live, eff, n_players, level, amount, out)
    elif mode == LOW:
        _split(low, o, live, eff, n_players, level, amount, out)
    elif _best_low(low, o, live, eff, n_players, level) > 0:
        half = amount // 2
        _split(high, o, live, eff, n_players, level, amount - half, out)
        _split(low, o, live, eff, n_players, level, half, out)
    else:
        _split(high, o, live, eff, n_players, level, amount, out)


@kernel
def settle_rows(high, low, stakes, folded, n_players, mode, stakes_per_row, out):
    """Chips each player gets back from each showdown, written to ``out`` (flat ``int64``).

    ``out`` must have one entry per seat and deal; it is overwritten.  Assumes at
    least one player still in per deal and non-negative stakes (the API checks).
    """
    p = n_players
    n = out.shape[0] // p if p > 0 else 0
    any_folds = folded.shape[0] > 0
    eff = np.empty(p, dtype=np.int64)
    live = np.ones(p, dtype=np.bool_)
    for i in range(n):
        o = i * p
        so = o if stakes_per_row else 0
        top = np.int64(0)
        second = np.int64(0)
        least = stakes[so]
        for j in range(p):
            s = stakes[so + j]
            if s > top:
                second = top
                top = s
            elif s > second:
                second = s
            if s < least:
                least = s
        folds = False
        if any_folds:
            for j in range(p):
                live[j] = not folded[o + j]
                folds = folds or folded[o + j]
        if not folds and least == top:
            # Fast path: one pot, every player in it for the same stake.
            for j in range(p):
                eff[j] = top
                out[o + j] = 0
            _award(high, low, o, live, eff, p, top, top * p, mode, out)
            continue
        # Uncalled chips go back; the largest live stake bounds the pots.
        most = np.int64(-1)
        for j in range(p):
            s = stakes[so + j]
            e = s if s < second else second
            eff[j] = e
            out[o + j] = s - e
            if live[j] and e > most:
                most = e
        if most < 0:
            continue
        below = np.int64(-1)
        while True:
            level = most
            for j in range(p):
                if live[j] and below < eff[j] < level:
                    level = eff[j]
            floor = below if below > 0 else np.int64(0)
            amount = np.int64(0)
            for j in range(p):
                e = eff[j]
                if e > floor:
                    amount += (e if e < level else level) - floor
            if level == most:
                for j in range(p):
                    if eff[j] > most:
                        amount += eff[j] - most
                if amount > 0:
                    _award(high, low, o, live, eff, p, level, amount, mode, out)
                break
            if amount > 0:
                _award(high, low, o, live, eff, p, level, amount, mode, out)
            below = level


@inline_kernel
def win_width(n_players):
    """Bits a seat's count of pots won alone takes in :func:`count_high_pot`'s register."""
    return min(16, 64 // n_players)


@inline_kernel
def unpack_wins(packed, width, n_players, won):
    """Add the counts of pots won alone, packed ``width`` bits a seat in ``packed``, to ``won``."""
    field = (U64(1) << U64(width)) - U64(1)
    for p in range(n_players):
        won[p] += np.int64((packed >> U64(width * p)) & field)


@inline_kernel
def count_high_pot(classes, best, n_players, width, packed, filled, won, split):
    """Count one high pot among every seat's ``classes`` (``best`` their largest): who wins it
    alone, in a register ``packed`` ``width`` bits a seat (emptied into ``won`` before a field
    can fill, ``filled`` the pots it holds), or, tied among ``k`` seats, ``split[seat, k]``.
    Returns ``(packed, filled)``.

    An increment of ``won[winner]`` per pot, an address known only once every hand is valued,
    held the showdown loops up; the winner is also found without branching on it."""
    ties = 0
    winner = 0
    for p in range(n_players):
        top = np.int64(classes[p] == best)
        ties += top
        winner = p if top else winner
    packed += U64(ties == 1) << U64(width * winner)
    filled += 1
    if filled == (1 << width) - 1:
        unpack_wins(packed, width, n_players, won)
        packed = U64(0)
        filled = 0
    if ties > 1:
        for p in range(n_players):
            if classes[p] == best:
                split[p, ties] += 1
    return packed, filled


@inline_kernel
def split_sums(won, split, n_players, share_sum, share_sq, wins, ties):
    """Add :func:`count_high_pot`'s counts to a run's per-seat sums: each pot won alone a share of
    one, each tied among ``k`` seats a share of ``1 / k`` (and its square), counted as a win or a tie."""
    for p in range(n_players):
        wins[p] += won[p]
        share_sum[p] += won[p]
        share_sq[p] += won[p]
        for k in range(2, n_players + 1):
            ties[p] += split[p, k]
            share_sum[p] += split[p, k] / k
            share_sq[p] += split[p, k] / (k * k)


@inline_kernel
def _add_shares(values, o, live, n_players, fraction, out):
    best = values[o] & 0
    winners = 0
    for j in range(n_players):
        if live[j]:
            v = values[o + j]
            if winners == 0 or v > best:
                best = v
                winners = 1
            elif v == best:
                winners += 1
    each = fraction / winners
    for j in range(n_players):
        if live[j] and values[o + j] == best:
            out[o + j] += each


@inline_kernel
def hi_lo_shares(high, low, o, live, n_players, out, high_out):
    """The hi-lo ruling, for the deal whose seats start at ``o``: half the pot to the best high,
    half to the best low above 0 among the live seats, or all of it to the best high when no live
    seat has a low; ties split their half.  Adds each seat's share to ``out[o + j]`` and, unless
    ``high_out`` is empty, the part of it won with the high half to ``high_out[o + j]``."""
    has_low = False
    for j in range(n_players):
        if live[j] and low[o + j] > 0:
            has_low = True
    _add_shares(high, o, live, n_players, 0.5 if has_low else 1.0, out)
    if high_out.shape[0] > 0:
        for j in range(n_players):
            high_out[o + j] += out[o + j]
    if has_low:
        _add_shares(low, o, live, n_players, 0.5, out)


@kernel
def pot_share_rows(high, low, folded, n_players, mode, out, high_out):
    """Each player's exact fraction of one pot in which every player has the same stake.

    ``out`` (flat ``float64``, one entry per seat and deal) is overwritten; the
    live players' fractions of a deal sum to one.  In a hi-lo pot ``high_out`` (the
    same shape, or empty) gets the part of each fraction won with the high half
    (:func:`hi_lo_shares`).
    """
    p = n_players
    n = out.shape[0] // p if p > 0 else 0
    any_folds = folded.shape[0] > 0
    live = np.ones(p, dtype=np.bool_)
    for i in range(n):
        o = i * p
        for j in range(p):
            out[o + j] = 0.0
            if high_out.shape[0] > 0:
                high_out[o + j] = 0.0
            if any_folds:
                live[j] = not folded[o + j]
        if mode == HIGH:
            _add_shares(high, o, live, p, 1.0, out)
        elif mode == LOW:
            _add_shares(low, o, live, p, 1.0, out)
        else:
            hi_lo_shares(high, low, o, live, p, out, high_out)
