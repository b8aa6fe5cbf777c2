"""Per-seat sums of pot shares, added up chunk by chunk, and the estimates made from them.

One type serves every engine that reports equities: :func:`equity.calc` (exact
enumeration, whose tuples of hands carry weights, and Monte Carlo) and
:func:`equity.simulate` (aggregated deals).  Sums are added in a fixed order (chunk
by chunk, in the order of the plan), so the same work gives the same bits on any
number of threads.
"""

from __future__ import annotations

import numpy as np

from equity._kernels.calc import share_sums

__all__ = ["SeatSums", "row_sums"]

#: ``high_part`` for :func:`share_sums` when there is none (no rows).
_NO_HIGH_PART = np.zeros((0, 1))


def row_sums(shares: np.ndarray, high_part: np.ndarray | None = None):
    """Rows of pot shares (``float64[rows, players]``) summed: the number of rows, then per seat
    the summed share, summed squared share, wins (the whole pot), ties (a part of it) and, for a
    hi-lo pot, the summed part won with the high half (None without ``high_part``)."""
    out = np.empty((5, shares.shape[1]))
    share_sums(np.ascontiguousarray(shares, dtype=np.float64),
               _NO_HIGH_PART if high_part is None
               else np.ascontiguousarray(high_part, dtype=np.float64), out)
    return (float(shares.shape[0]), out[0], out[1], out[2], out[3],
            None if high_part is None else out[4])


class SeatSums:
    """Running per-seat sums of pot shares: count, share, squared share, wins, ties, and for a
    hi-lo pot the part won with each half; plus integer counts of events by name (swaps, chips).

    Parameters
    ----------
    players
        Seats summed.
    hi_lo
        Keep the high and low halves' parts apart (a hi-lo pot).
    """

    def __init__(self, players: int, hi_lo: bool = False):
        self.players = players
        self.n = 0.0
        self.share = np.zeros(players)
        self.share_sq = np.zeros(players)
        self.wins = np.zeros(players)
        self.ties = np.zeros(players)
        self.hi_lo = hi_lo
        self.high = np.zeros(players)
        self.low = np.zeros(players)
        self.counts: dict[str, np.ndarray] = {}

    def add_rows(self, shares: np.ndarray, high_part: np.ndarray | None = None, weight: float = 1.0) -> None:
        """Add rows of pot shares (one row per deal), each counted ``weight`` times."""
        self.add_sums(*row_sums(shares, high_part), weight=weight)

    def add_sums(self, n: float, share, share_sq, wins, ties, high=None, weight: float = 1.0) -> None:
        """Add sums already made over ``n`` rows (a kernel's), each counted ``weight`` times."""
        self.n += weight * n
        self.share += weight * share
        self.share_sq += weight * share_sq
        self.wins += weight * wins
        self.ties += weight * ties
        if self.hi_lo and high is not None:
            self.high += weight * high
            self.low += weight * (share - high)

    def add_chunk_sums(self, sizes, share, share_sq, wins, ties) -> None:
        """Add per-chunk sums (``[chunks, players]`` arrays, chunks in plan order) of chunks of
        ``sizes`` deals."""
        for row in range(share.shape[0]):
            self.add_sums(float(sizes[row]), share[row], share_sq[row], wins[row], ties[row])

    def add_counts(self, **counts: np.ndarray) -> None:
        """Add per-seat integer counts by name (``swaps=``, ``chips=``, ...)."""
        for name, values in counts.items():
            if name not in self.counts:
                self.counts[name] = np.zeros(self.players, dtype=np.int64)
            self.counts[name] += values

    def mean(self) -> np.ndarray:
        """Each seat's mean share of the pot (its equity)."""
        return self.share / self.n

    def stderr(self) -> np.ndarray:
        """The standard error of each seat's mean share, NaN from fewer than two rows (one row has
        no spread to measure, and a zero would read as certainty)."""
        n = self.n
        if n <= 1:
            return np.full(self.players, np.nan)
        mean = self.share / n
        variance = np.maximum(self.share_sq / n - mean * mean, 0.0) * n / (n - 1)
        return np.sqrt(variance / n)
