"""A minimal perfect hash (hash-and-displace) from rank-multiset keys to table slots.

A key is the sum over cards of ``1 << (3 * rank)`` (three bits of count per rank).
With ``h = key * mul`` (64-bit wrap-around)::

    bucket = h >> shift                      # a small displacement table (fits in L1)
    slot = (h & 0xFFFFFFFF) * n_slots >> 32  # its place before displacement
    slot += disp[bucket]; if slot >= n_slots: slot -= n_slots

so a lookup costs one multiply and one small-table load before the value load.
"""

import numpy as np

from equity._kernels import inline_kernel, kernel

U64 = np.uint64
LOW32 = U64(0xFFFFFFFF)


@inline_kernel
def slot_of(key, disp, mul, shift, n_slots):
    h = key * mul
    slot = (((h & LOW32) * n_slots) >> U64(32)) + U64(disp[h >> shift])
    if slot >= n_slots:
        slot -= n_slots
    return slot


@kernel
def slots_of(keys, disp, params):
    """Slots of many keys (``params`` = mul, shift, n_slots)."""
    out = np.empty(keys.shape[0], dtype=np.int64)
    for i in range(keys.shape[0]):
        out[i] = slot_of(keys[i], disp, params[0], params[1], params[2])
    return out


@kernel
def build_displacements(keys, n_slots, log2_buckets, mul, max_disp):
    """Displacements placing every key in its own slot, or an empty array if none were found.

    Buckets are placed largest first; each takes the smallest displacement whose
    slots are all still free.
    """
    n_buckets = 1 << log2_buckets
    shift = U64(64 - log2_buckets)
    slots = U64(n_slots)
    bucket = np.empty(keys.shape[0], dtype=np.int64)
    base = np.empty(keys.shape[0], dtype=np.int64)
    for i in range(keys.shape[0]):
        h = keys[i] * mul
        bucket[i] = h >> shift
        base[i] = ((h & LOW32) * slots) >> U64(32)
    order = np.argsort(bucket, kind="mergesort")
    counts = np.bincount(bucket, minlength=n_buckets)
    starts = np.zeros(n_buckets + 1, dtype=np.int64)
    starts[1:] = np.cumsum(counts)
    bucket_order = np.argsort(-counts, kind="mergesort")
    taken = np.zeros(n_slots, dtype=np.bool_)
    disp = np.zeros(n_buckets, dtype=np.uint16)
    members = np.empty(256, dtype=np.int64)
    for b in bucket_order:
        size = counts[b]
        if size == 0:
            break
        if size > 256:
            return np.empty(0, dtype=np.uint16)
        for m in range(size):
            members[m] = base[order[starts[b] + m]]
            for q in range(m):
                if members[q] == members[m]:
                    return np.empty(0, dtype=np.uint16)
        placed = False
        for d in range(min(max_disp, n_slots)):
            free = True
            for m in range(size):
                s = members[m] + d
                if s >= n_slots:
                    s -= n_slots
                if taken[s]:
                    free = False
                    break
            if free:
                for m in range(size):
                    s = members[m] + d
                    if s >= n_slots:
                        s -= n_slots
                    taken[s] = True
                disp[b] = d
                placed = True
                break
        if not placed:
            return np.empty(0, dtype=np.uint16)
    return disp


def build_perfect_hash(keys: np.ndarray, load: float = 0.85,
                       keys_per_bucket: float = 8.0) -> tuple[np.ndarray, np.ndarray, int]:
    """Return ``(disp, params, n_slots)`` for a collision-free hash of the distinct ``keys``."""
    keys = np.asarray(keys, dtype=np.uint64)
    rng = np.random.default_rng(20261202)
    for attempt in range(48):
        # relax the load and the bucket size if a fast placement is not found
        this_load = load - 0.05 * (attempt // 8)
        n_slots = int(np.ceil(len(keys) / this_load))
        log2_buckets = max(int(np.round(np.log2(len(keys) / keys_per_bucket))) + attempt // 16, 1)
        mul = U64((2 * int(rng.integers(0, 2**62)) + 1) % 2**64)
        disp = build_displacements(keys, n_slots, log2_buckets, mul, 65536)
        if disp.shape[0]:
            params = np.array([mul, 64 - log2_buckets, n_slots], dtype=np.uint64)
            return disp, params, n_slots
    raise RuntimeError("could not build a perfect hash for the rank-multiset keys")
