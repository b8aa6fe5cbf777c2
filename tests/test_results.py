"""Per-seat sums of pot shares (equity/results.py): hand-worked rows and the estimates made from them.

Every expected number is worked out by hand in the comment beside it, or computed another
way (rows repeated instead of weighted, numpy's sample standard deviation instead of the
running sums).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from equity.results import SeatSums, row_sums

# Three deals, three seats: seat 0 scoops, then seats 0 and 1 split, then a three-way split
# of a side pot (0.25, 0.25) and a main pot (0.5 to seat 2).
ROWS = np.array([[1.0, 0.0, 0.0],
                 [0.5, 0.5, 0.0],
                 [0.25, 0.25, 0.5]])


def test_row_sums_hand_worked() -> None:
    n, share, share_sq, wins, ties, high = row_sums(ROWS)
    assert n == 3.0
    # seat 0: 1 + 0.5 + 0.25; seat 1: 0.5 + 0.25; seat 2: 0.5
    assert share.tolist() == [1.75, 0.75, 0.5]
    # seat 0: 1 + 0.25 + 0.0625; seat 1: 0.25 + 0.0625; seat 2: 0.25
    assert share_sq.tolist() == [1.3125, 0.3125, 0.25]
    # whole pots: seat 0 once; parts of pots: seat 0 twice, seat 1 twice, seat 2 once
    assert wins.tolist() == [1.0, 0.0, 0.0]
    assert ties.tolist() == [2.0, 2.0, 1.0]
    assert high is None


def test_row_sums_high_part() -> None:
    # hi-lo: deal 0 seat 0 takes the high half and seat 1 the low; deal 1 seat 0 scoops
    shares = np.array([[0.5, 0.5], [1.0, 0.0]])
    high_part = np.array([[0.5, 0.0], [0.5, 0.0]])
    n, share, _, wins, ties, high = row_sums(shares, high_part)
    assert n == 2.0
    assert share.tolist() == [1.5, 0.5]
    assert high.tolist() == [1.0, 0.0]
    assert wins.tolist() == [1.0, 0.0] and ties.tolist() == [1.0, 1.0]


def test_row_sums_no_rows() -> None:
    n, share, share_sq, wins, ties, _ = row_sums(np.zeros((0, 4)))
    assert n == 0.0
    for values in (share, share_sq, wins, ties):
        assert values.tolist() == [0.0] * 4


def test_row_sums_accepts_other_layouts() -> None:
    # a Fortran-ordered float32 copy sums the same (the kernel takes contiguous float64)
    n, share, *_ = row_sums(np.asfortranarray(ROWS.astype(np.float32)))
    assert n == 3.0 and share.tolist() == [1.75, 0.75, 0.5]


# ---------------------------------------------------------------------------------------------
# SeatSums
# ---------------------------------------------------------------------------------------------
def _state(sums: SeatSums) -> dict:
    return {"n": sums.n, "share": sums.share, "share_sq": sums.share_sq, "wins": sums.wins,
            "ties": sums.ties, "high": sums.high, "low": sums.low}


def _assert_same(a: SeatSums, b: SeatSums) -> None:
    for name, value in _state(a).items():
        np.testing.assert_allclose(value, _state(b)[name], rtol=1e-12, atol=0, err_msg=name)


def test_add_rows_with_weight_equals_rows_repeated() -> None:
    rng = np.random.default_rng(7)
    raw = rng.random((20, 3))
    shares = raw / raw.sum(axis=1, keepdims=True)
    shares[::4] = [1.0, 0.0, 0.0]  # some whole pots
    weighted, repeated = SeatSums(3), SeatSums(3)
    weighted.add_rows(shares, weight=3.0)
    repeated.add_rows(np.repeat(shares, 3, axis=0))
    assert weighted.n == repeated.n == 60.0
    _assert_same(weighted, repeated)
    np.testing.assert_allclose(weighted.mean(), repeated.mean(), rtol=1e-12)
    np.testing.assert_allclose(weighted.stderr(), repeated.stderr(), rtol=1e-12)


def test_add_rows_weights_mix_like_repeats() -> None:
    # weight 2 for the first rows and 1 for the last, against the first rows written twice
    first, last = ROWS[:2], ROWS[2:]
    weighted, repeated = SeatSums(3), SeatSums(3)
    weighted.add_rows(first, weight=2)
    weighted.add_rows(last)
    repeated.add_rows(np.concatenate([first, first, last]))
    _assert_same(weighted, repeated)


def test_add_sums_hi_lo_halves_make_the_share() -> None:
    shares = np.array([[0.5, 0.5], [1.0, 0.0], [0.25, 0.75]])
    high_part = np.array([[0.5, 0.0], [0.5, 0.0], [0.0, 0.5]])
    sums = SeatSums(2, hi_lo=True)
    sums.add_rows(shares, high_part)
    # seat 0 high 0.5 + 0.5 + 0 = 1.0, share 1.75, so low 0.75; seat 1 high 0.5, share 1.25, low 0.75
    assert sums.high.tolist() == [1.0, 0.5]
    assert sums.low.tolist() == [0.75, 0.75]
    np.testing.assert_array_equal(sums.high + sums.low, sums.share)


def test_add_sums_hi_lo_weighted() -> None:
    sums = SeatSums(2, hi_lo=True)
    # sums over 4 rows given directly: share (3, 1), high (2, 0.5), counted twice
    sums.add_sums(4.0, np.array([3.0, 1.0]), np.array([2.5, 0.5]), np.array([2.0, 0.0]),
                  np.array([1.0, 1.0]), high=np.array([2.0, 0.5]), weight=2.0)
    assert sums.n == 8.0
    assert sums.share.tolist() == [6.0, 2.0]
    assert sums.high.tolist() == [4.0, 1.0]
    assert sums.low.tolist() == [2.0, 1.0]


def test_add_sums_without_hi_lo_keeps_no_halves() -> None:
    sums = SeatSums(2)
    sums.add_rows(np.array([[0.5, 0.5]]), np.array([[0.5, 0.0]]))
    assert sums.high.tolist() == [0.0, 0.0] and sums.low.tolist() == [0.0, 0.0]
    assert sums.share.tolist() == [0.5, 0.5]


def test_add_chunk_sums_equals_rows_added() -> None:
    rng = np.random.default_rng(11)
    raw = rng.random((25, 4))
    shares = raw / raw.sum(axis=1, keepdims=True)
    shares[3] = [0.0, 1.0, 0.0, 0.0]
    chunks = [shares[:10], shares[10:17], shares[17:]]
    per_chunk = [row_sums(c) for c in chunks]
    sizes = np.array([len(c) for c in chunks])
    stacked = [np.stack([s[k] for s in per_chunk]) for k in range(1, 5)]
    # wins and ties as the fused kernels give them: integer counts per chunk
    stacked[2] = stacked[2].astype(np.int64)
    stacked[3] = stacked[3].astype(np.int64)
    by_chunk, by_rows = SeatSums(4), SeatSums(4)
    by_chunk.add_chunk_sums(sizes, *stacked)
    by_rows.add_rows(shares)
    assert by_chunk.n == 25.0
    _assert_same(by_chunk, by_rows)
    assert by_chunk.wins[1] >= 1  # the whole pot of row 3 is counted


def test_add_counts_by_name() -> None:
    sums = SeatSums(3)
    sums.add_counts(swaps=np.array([1, 0, 2]))
    sums.add_counts(swaps=np.array([0, 4, 1]), chips=np.array([-5, 10, -5]))
    assert set(sums.counts) == {"swaps", "chips"}
    assert sums.counts["swaps"].tolist() == [1, 4, 3]
    assert sums.counts["chips"].tolist() == [-5, 10, -5]
    assert sums.counts["swaps"].dtype == np.int64 and sums.counts["chips"].dtype == np.int64


def test_add_counts_keep_large_integers_exact() -> None:
    sums = SeatSums(2)
    big = 2**53 + 1  # not a float64
    sums.add_counts(chips=np.array([big, 0]))
    sums.add_counts(chips=np.array([1, 0]))
    assert int(sums.counts["chips"][0]) == 2**53 + 2


def test_mean_hand_worked() -> None:
    sums = SeatSums(3)
    sums.add_rows(ROWS)
    np.testing.assert_allclose(sums.mean(), [1.75 / 3, 0.75 / 3, 0.5 / 3], rtol=1e-15)


def test_stderr_hand_computed() -> None:
    # seat 0 shares 1, 0, 0.5, 0.5: mean 0.5, squared deviations 0.25 + 0.25 + 0 + 0 = 0.5,
    # sample variance 0.5 / 3 = 1/6, standard error sqrt(1/6 / 4) = sqrt(1/24).
    # seat 1 shares 0, 1, 0.5, 0.5: the same.
    shares = np.array([[1.0, 0.0], [0.0, 1.0], [0.5, 0.5], [0.5, 0.5]])
    sums = SeatSums(2)
    sums.add_rows(shares)
    np.testing.assert_allclose(sums.stderr(), [math.sqrt(1 / 24)] * 2, rtol=1e-12)


def test_stderr_against_numpy_sample_std() -> None:
    rng = np.random.default_rng(3)
    raw = rng.random((500, 3))
    shares = raw / raw.sum(axis=1, keepdims=True)
    sums = SeatSums(3)
    for start in range(0, 500, 128):  # added in pieces, as chunks are
        sums.add_rows(shares[start:start + 128])
    expected = shares.std(axis=0, ddof=1) / math.sqrt(500)
    np.testing.assert_allclose(sums.stderr(), expected, rtol=1e-9)
    np.testing.assert_allclose(sums.mean(), shares.mean(axis=0), rtol=1e-12)


def test_stderr_zero_when_every_row_is_the_same() -> None:
    sums = SeatSums(2)
    sums.add_rows(np.array([[0.5, 0.5]] * 5))
    np.testing.assert_allclose(sums.stderr(), [0.0, 0.0], atol=1e-12)


def test_stderr_nan_from_one_row() -> None:
    sums = SeatSums(3)
    sums.add_rows(ROWS[:1])
    assert np.isnan(sums.stderr()).all() and sums.stderr().shape == (3,)
    assert sums.mean().tolist() == [1.0, 0.0, 0.0]


def test_stderr_nan_from_zero_rows() -> None:
    sums = SeatSums(2)
    assert np.isnan(sums.stderr()).all() and sums.stderr().shape == (2,)
    sums.add_rows(np.zeros((0, 2)))
    assert sums.n == 0.0
    assert np.isnan(sums.stderr()).all()


@pytest.mark.parametrize("rows", [2, 3])
def test_stderr_defined_from_two_rows(rows: int) -> None:
    sums = SeatSums(2)
    sums.add_rows(np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 0.0]])[:rows])
    assert np.isfinite(sums.stderr()).all()
