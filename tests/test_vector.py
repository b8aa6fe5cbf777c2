"""The vector path (equity.vector): EQUITY_SIMD read where a kernel is chosen, every value either
understood or refused, and the same strengths on both paths."""

from __future__ import annotations

import numpy as np
import pytest

import equity
from equity._kernels import simd
from equity.errors import OptionError
from equity.vector import SIMD_VALUES, vector_path


def _rows(n: int = 64, seed: int = 5):
    rows = np.random.default_rng(seed).permuted(np.tile(np.arange(52, dtype=np.uint8), (n, 1)), axis=1)
    return rows[:, :2], rows[:, 2:7]


@pytest.mark.parametrize("value", [None, "1", "auto", "ON", " yes "])
def test_the_default_and_its_spellings_use_the_blocks_where_the_machine_has_them(monkeypatch, value):
    if value is None:
        monkeypatch.delenv("EQUITY_SIMD", raising=False)
    else:
        monkeypatch.setenv("EQUITY_SIMD", value)
    widest = "avx512" if simd.available() else "avx2" if simd.available("avx2") else "scalar"
    assert vector_path() == widest


@pytest.mark.parametrize("value", ["0", "off", "False", "no", "scalar"])
def test_turned_off_is_scalar(monkeypatch, value):
    monkeypatch.setenv("EQUITY_SIMD", value)
    assert vector_path() == "scalar" and equity.vector_path() == "scalar"


@pytest.mark.parametrize("value, extension, missing", [("avx512", "avx512f", "no AVX-512"),
                                                       ("AVX2", "avx2", "no AVX2")])
def test_insisting_on_a_width_runs_it_or_says_why_not(monkeypatch, value, extension, missing):
    monkeypatch.setenv("EQUITY_SIMD", value)
    if simd.available(extension):
        assert vector_path() == value.lower()
    else:
        with pytest.raises(OptionError, match=missing):
            vector_path()


@pytest.mark.parametrize("value, match", [("2", "EQUITY_SIMD='2'"), ("avx", "use 1 or auto"),
                                          ("fast", "use 1 or auto")])
def test_an_unknown_setting_is_an_error_where_a_kernel_is_chosen(monkeypatch, value, match):
    monkeypatch.setenv("EQUITY_SIMD", value)
    with pytest.raises(OptionError, match=match):
        vector_path()
    hole, board = _rows()
    with pytest.raises(OptionError, match=match):  # Hold'em rows are the blocks' shape
        equity.evaluate_many("holdem", hole, board)


def test_every_path_the_machine_runs_gives_the_same_strengths(monkeypatch):
    hole, board = _rows(500)
    monkeypatch.setenv("EQUITY_SIMD", "0")
    scalar = equity.evaluate_many("holdem", hole, board)
    paths = ["1"] + [p for p, ext in (("avx512", "avx512f"), ("avx2", "avx2")) if simd.available(ext)]
    for path in paths:
        monkeypatch.setenv("EQUITY_SIMD", path)
        assert (equity.evaluate_many("holdem", hole, board) == scalar).all(), path


def test_every_listed_value_means_one_of_four_things():
    assert set(SIMD_VALUES.values()) == {"auto", "avx512", "avx2", "scalar"}
