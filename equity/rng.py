"""Seeds: one run seed becomes an independent random stream for every chunk of work.

A chunk's stream depends only on the run seed and the chunk's index, never on how
many chunks or threads there are, so results are reproducible bit for bit.
"""

from __future__ import annotations

import numpy as np

__all__ = ["chunk_states", "resolve_seed"]


def resolve_seed(seed: int | None) -> int:
    """The seed to use: the one given, or a fresh one drawn from the operating system."""
    if seed is None:
        return int(np.random.SeedSequence().entropy % 2**63)
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        from equity.errors import OptionError

        raise OptionError(f"seed must be a non-negative integer, got {seed!r}")
    return int(seed)


def chunk_states(seed: int, first_chunk: int, n_chunks: int) -> np.ndarray:
    """Generator states (uint64[n_chunks, 4]) of chunks ``first_chunk ..`` of the run ``seed``."""
    states = np.empty((n_chunks, 4), dtype=np.uint64)
    for k in range(n_chunks):
        sequence = np.random.SeedSequence(seed, spawn_key=(first_chunk + k,))
        states[k] = sequence.generate_state(4, dtype=np.uint64)
        if not states[k].any():  # xoshiro's one forbidden state
            states[k, 0] = 1
    return states
