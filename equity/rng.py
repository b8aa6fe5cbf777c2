"""Seeds: one run seed becomes an independent random stream for every chunk of work.

A chunk's stream depends only on the run seed and the chunk's index, never on how
many chunks or threads there are, so results are reproducible bit for bit.
"""

from __future__ import annotations

import numpy as np

__all__ = ["CHUNK_DEALS", "chunk_states", "resolve_seed"]

#: Deals per chunk of the deal engine (``simulate``, ``play_deals``, ``play_switch``, the studies):
#: chunk ``k`` holds deals ``k * CHUNK_DEALS ..`` and has random stream ``k`` of the run's seed.
CHUNK_DEALS = 16_384


def resolve_seed(seed: int | None) -> int:
    """The seed to use: the one given, or a fresh one drawn from the operating system."""
    if seed is None:
        return int(np.random.SeedSequence().entropy % 2**63)
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        from equity.errors import OptionError

        raise OptionError(f"seed must be a non-negative integer, got {seed!r}")
    return int(seed)


def stream_state(seed: int, key: tuple[int, ...]) -> np.ndarray:
    """The generator state (uint64[4]) of the stream ``key`` of the run ``seed``."""
    state = np.random.SeedSequence(seed, spawn_key=key).generate_state(4, dtype=np.uint64)
    if not state.any():  # xoshiro's one forbidden state
        state[0] = 1
    return state


def chunk_states(seed: int, first_chunk: int, n_chunks: int) -> np.ndarray:
    """Generator states (uint64[n_chunks, 4]) of chunks ``first_chunk ..`` of the run ``seed``."""
    return np.stack([stream_state(seed, (first_chunk + k,)) for k in range(n_chunks)]) if n_chunks \
        else np.empty((0, 4), dtype=np.uint64)
