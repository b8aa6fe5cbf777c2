"""Additive rank keys and a row-displacement hash: the seven-card fast path's lookup.

Each rank has a weight such that every multiset of at most ``max_cards`` ranks
(at most four of a rank) has its own sum of weights, so a hand's key is the sum
of its cards' words, one addition per card.  The keys are sparse (the largest,
for seven cards, is about 18 million), so they are split into rows of
``1 << shift`` and the rows are overlaid in one short table::

    slot = key + row_offsets[key >> shift]

which costs one shift, one small-table load and one addition before the value load.

Each card's word also adds ``1 << SEVEN_COUNT_SHIFT``, so a key carries its number
of cards above the weights and the rows of each card count are apart: each count
is packed on its own (``equity.tables``), so a seven-card hand's lookups
stay within the seven-card multisets' 87,038 slots instead of being spread over
the slots of every count.
"""

import numpy as np

from equity._kernels import inline_kernel, kernel

U64 = np.uint64
LOW32 = U64(0xFFFFFFFF)
#: Key bits below the row index in the seven-card tables (rows of 2,048 keys).
SEVEN_ROW_SHIFT = 11
#: Where a seven-card word's card count starts (above every sum of weights, which is below 2**25).
SEVEN_COUNT_SHIFT = 25
#: Where the four 4-bit suit counts start in a seven-card word (the key takes the low 32 bits).
SEVEN_SUIT_SHIFT = 32


@inline_kernel
def row_slot(total, row_offsets, shift):
    """Slot of the key held in the low 32 bits of ``total``, as an unsigned index.

    Unsigned, because Numba wraps a negative signed index round the array's end, which
    costs a shift, a mask and a spilled length in every lookup: the slot as uint64 made
    ``evaluate_many`` about 8% faster for Hold'em (paired runs, one core).
    """
    key = np.int64(total & LOW32)
    return U64(key + np.int64(row_offsets[key >> shift]))


@kernel
def greedy_rank_weights(max_cards, n_ranks, limit):
    """The smallest weights, rank by rank, that keep the sums of all rank multisets distinct.

    Multisets hold at most four of a rank and at most ``max_cards`` cards.  Rank
    ``r`` takes the smallest weight above rank ``r - 1``'s with which no two
    multisets of ranks ``0..r`` share a sum; candidate weights are tried in turn
    and a candidate stops at its first clash.  ``limit`` bounds the sums (an
    empty array is returned if it is exceeded).  Seven cards and 13 ranks take a
    few minutes.
    """
    sums = np.zeros(1, np.int64)
    sizes = np.zeros(1, np.int64)
    weights = np.zeros(n_ranks, np.int64)
    stamp = np.zeros(limit, np.int32)
    trial = 0
    for r in range(n_ranks):
        weight = 1 if r == 0 else weights[r - 1] + 1
        while True:
            if sums.max() + 4 * weight >= limit:
                return np.empty(0, np.int64)
            trial += 1
            clash = False
            for i in range(sums.shape[0]):
                for count in range(min(4, max_cards - sizes[i]) + 1):
                    value = sums[i] + count * weight
                    if stamp[value] == trial:
                        clash = True
                        break
                    stamp[value] = trial
                if clash:
                    break
            if not clash:
                break
            weight += 1
        weights[r] = weight
        n = 0
        for i in range(sums.shape[0]):
            n += min(4, max_cards - sizes[i]) + 1
        grown_sums = np.empty(n, np.int64)
        grown_sizes = np.empty(n, np.int64)
        k = 0
        for i in range(sums.shape[0]):
            for count in range(min(4, max_cards - sizes[i]) + 1):
                grown_sums[k] = sums[i] + count * weight
                grown_sizes[k] = sizes[i] + count
                k += 1
        sums, sizes = grown_sums, grown_sizes
    return weights


@kernel
def pack_rows(keys, shift):
    """Row offsets overlaying the rows of the distinct ``keys``; returns ``(offsets, n_slots)``.

    Rows are placed fullest first, each at the lowest start whose slots are all
    still free; ``offsets[row]`` is that start less the row's own first key.
    """
    width = 1 << shift
    n_rows = (keys.max() >> shift) + 1
    counts = np.zeros(n_rows, np.int64)
    for key in keys:
        counts[key >> shift] += 1
    order = np.argsort(keys >> shift, kind="mergesort")
    starts = np.zeros(n_rows + 1, np.int64)
    starts[1:] = np.cumsum(counts)
    taken = np.zeros(keys.shape[0] + width * 2, np.bool_)
    offsets = np.zeros(n_rows, np.int64)
    n_slots = 0
    for row in np.argsort(-counts, kind="mergesort"):
        if counts[row] == 0:
            break
        start = 0
        while True:
            if start + width > taken.shape[0]:
                grown = np.zeros(taken.shape[0] * 2, np.bool_)
                grown[: taken.shape[0]] = taken
                taken = grown
            free = True
            for m in range(starts[row], starts[row + 1]):
                if taken[start + (keys[order[m]] & (width - 1))]:
                    free = False
                    break
            if free:
                break
            start += 1
        for m in range(starts[row], starts[row + 1]):
            slot = start + (keys[order[m]] & (width - 1))
            taken[slot] = True
            n_slots = max(n_slots, slot + 1)
        offsets[row] = start - (row << shift)
    return offsets, n_slots
