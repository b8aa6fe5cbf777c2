"""The sixteen-row AVX-512 blocks of Hold'em's ``evaluate_many`` (``equity._kernels.simd``).

On a host with AVX-512 every Hold'em call of ``evaluate_many`` goes through the blocks, so the
reference comparisons of ``test_evaluator_vs_reference.py`` check them there; these tests add
the blocks' own edges: flush-heavy rows against the reference, rows that fill no whole block or
leave a tail, the scalar kernel (``EQUITY_SIMD=0``) giving the same strengths, and bad rows in
a block or in the tail raising the same errors as the scalar check.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numba
import numpy as np
import pytest
import reference as R

import equity
from equity import CardError
from equity._kernels import simd
from equity.evaluate import _in_blocks

ROOT = Path(__file__).resolve().parents[1]
needs_blocks = pytest.mark.skipif(not simd.available(), reason="no AVX-512 on this host")


def random_rows(n: int, seed: int, suits: tuple[int, ...] = (0, 1, 2, 3)) -> np.ndarray:
    """``n`` rows of seven distinct cards from the 52-card deck's ``suits``."""
    rng = np.random.default_rng(seed)
    deck = np.array([c for c in range(52) if c % 4 in suits], dtype=np.uint8)
    return deck[rng.random((n, len(deck))).argsort(axis=1)[:, :7]]


def strengths(rows: np.ndarray, game: str | equity.Game = "holdem", **options) -> np.ndarray:
    return equity.evaluate_many(game, rows[:, :2], rows[:, 2:], **options)


def scalar_strengths(rows: np.ndarray, monkeypatch, game: str | equity.Game = "holdem",
                     **options) -> np.ndarray:
    with monkeypatch.context() as m:
        m.setenv("EQUITY_SIMD", "0")
        assert not simd.available()
        return strengths(rows, game, **options)


@needs_blocks
def test_holdem_rows_go_through_the_blocks() -> None:
    rows = random_rows(20, 1)
    g = equity.get_game("holdem")
    assert _in_blocks(g, rows[:, :2], rows[:, 2:], np.zeros(0, np.int8))
    # not a 2 + 5 row, or a game with wild cards: the scalar kernels
    assert not _in_blocks(g, rows[:, :2], rows[:, 2:6], np.zeros(0, np.int8))
    assert not _in_blocks(equity.get_game("eldorado"), rows[:, :2], rows[:, 2:6],
                          np.zeros(20, np.int8))


@needs_blocks
def test_flush_heavy_rows_match_the_reference() -> None:
    """Rows of hearts and spades only: most hold a flush, many a straight flush, so the flush
    lanes of the blocks are exercised; strengths must order the rows as the reference does."""
    rows = random_rows(3000, 2, suits=(2, 3))
    keys = [R.best_high("holdem", r[:2], r[2:]) for r in rows.tolist()]
    names = Counter(R.category_name("holdem", k) for k in keys)
    assert names["flush"] >= 1000 and names["straight_flush"] >= 15, names
    fast = strengths(rows)
    got = [str(c) for c in equity.categories_of("holdem", fast)]
    assert got == [R.category_name("holdem", k) for k in keys]
    order = sorted(range(len(rows)), key=lambda i: keys[i])
    for a, b in zip(order, order[1:], strict=False):
        assert (keys[a] < keys[b]) == (fast[a] < fast[b]), (rows[a], rows[b])
        assert (keys[a] == keys[b]) == (fast[a] == fast[b]), (rows[a], rows[b])


@needs_blocks
@pytest.mark.parametrize("n", [0, 1, 15, 16, 17, 47, 1000])
def test_blocks_and_tail_equal_the_scalar_kernel(n: int, monkeypatch) -> None:
    rows = np.concatenate([random_rows(n - n // 2, 3), random_rows(n // 2, 4, suits=(0, 1))])
    expected = scalar_strengths(rows, monkeypatch)
    assert len(expected) == n
    np.testing.assert_array_equal(strengths(rows), expected)
    np.testing.assert_array_equal(strengths(rows, check=False), expected)


@needs_blocks
def test_short_deck_custom_game_through_the_blocks(monkeypatch) -> None:
    """A custom 2 + 5 game with its own ranking (a flush beats a full house) and a 36-card
    deck: same strengths as the scalar kernel, and a deuce is refused by the block check."""
    short = equity.load_game(ROOT / "examples" / "games" / "short_deck_holdem.toml")
    rng = np.random.default_rng(5)
    deck = np.array(short.deck, dtype=np.uint8)
    rows = deck[rng.random((500, len(deck))).argsort(axis=1)[:, :7]]
    assert _in_blocks(short, rows[:, :2], rows[:, 2:], np.zeros(0, np.int8))
    np.testing.assert_array_equal(strengths(rows, short), scalar_strengths(rows, monkeypatch, short))
    rows[37, 4] = 0  # 2c
    with pytest.raises(CardError, match=r"row 37: card '2c' is not in the short_deck deck"):
        strengths(rows, short)


def _bad(rows: np.ndarray, row: int, kind: str) -> str:
    """Spoil ``row`` of ``rows`` and return the error expected for it."""
    if kind == "repeat_in_hole":
        rows[row, 1] = rows[row, 0]
        return rf"row {row}: duplicate card '{R.show([rows[row, 0]])}' in the hole cards$"
    if kind == "repeat_across":
        rows[row, 6] = rows[row, 1]
        return (rf"row {row}: duplicate card '{R.show([rows[row, 1]])}' in the hole cards and "
                "the board$")
    code = {"code_52": 52, "code_64": 64, "code_255": 255}[kind]
    rows[row, 3] = code
    return rf"row {row}: card code {code} is out of range \(codes run from 0 to 51\)"


@needs_blocks
@pytest.mark.parametrize("row", [0, 31, 40, 99])  # first block, last lane, a later block, tail
@pytest.mark.parametrize("kind", ["repeat_in_hole", "repeat_across", "code_52", "code_64",
                                  "code_255"])
def test_bad_rows_in_a_block_or_the_tail_are_named(row: int, kind: str) -> None:
    rows = random_rows(100, 6)
    expected = _bad(rows, row, kind)
    with pytest.raises(CardError, match=expected):
        strengths(rows)


@needs_blocks
def test_unchecked_bad_rows_leave_the_other_rows_right() -> None:
    """Without the check, bad codes read inside the tables (clamped) and spoil only their own
    rows."""
    rows = random_rows(200, 7)
    expected = strengths(rows)
    bad = [3, 50, 130, 199]
    for i, code in zip(bad, [52, 255, 64, 200], strict=True):
        rows[i, 2:] = code
    got = strengths(rows, check=False)
    keep = np.setdiff1d(np.arange(200), bad)
    np.testing.assert_array_equal(got[keep], expected[keep])


def test_simd_switch_and_named_targets(monkeypatch) -> None:
    monkeypatch.setenv("EQUITY_SIMD", "off")
    assert not simd.available()
    monkeypatch.setenv("EQUITY_SIMD", "1")
    monkeypatch.setattr(numba.config, "CPU_NAME", "generic")
    monkeypatch.setattr(numba.config, "CPU_FEATURES", "")
    assert not simd.available()
    monkeypatch.setattr(numba.config, "CPU_FEATURES", "+avx2,+avx512f,+avx512bw")
    assert simd.available()
