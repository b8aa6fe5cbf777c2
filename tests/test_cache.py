"""The cache listing and pruning: which entries this version reads, and that pruning removes
only the others."""

from __future__ import annotations

from pathlib import Path

import pytest

from equity._kernels import kernel_cache_dir
from equity.cache import cache_entries, prune_cache
from equity.tables import generator_digest


def _stale_digest() -> str:
    """A generator digest that is not this code's."""
    return "1" * 12 if generator_digest() == "0" * 12 else "0" * 12


@pytest.fixture
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder with current and stale tables, Numba folders, a temporary file and a
    file the toolkit did not write."""
    monkeypatch.setenv("EQUITY_CACHE_DIR", str(tmp_path))
    (tmp_path / f"tables-aaaa-{generator_digest()}.npz").write_bytes(b"x" * 100)
    (tmp_path / f"tables-bbbb-{_stale_digest()}.npz").write_bytes(b"x" * 300)
    current_numba = tmp_path / kernel_cache_dir().name
    (current_numba / "sub").mkdir(parents=True)
    (current_numba / "sub" / "k.nbc").write_bytes(b"x" * 50)
    stale_numba = tmp_path / "numba-000000000000"
    stale_numba.mkdir()
    (stale_numba / "k.nbc").write_bytes(b"x" * 70)
    (tmp_path / "tmpabc.tmp").write_bytes(b"x" * 5)
    (tmp_path / "notes.txt").write_text("mine")
    return tmp_path


def test_entries_say_which_are_current(cache_folder: Path) -> None:
    entries = {e.path.name: (e.size, e.current) for e in cache_entries()}
    assert entries == {
        f"tables-aaaa-{generator_digest()}.npz": (100, True),
        f"tables-bbbb-{_stale_digest()}.npz": (300, False),
        kernel_cache_dir().name: (50, True),
        "numba-000000000000": (70, False),
        "tmpabc.tmp": (5, False),
    }


def test_prune_removes_only_stale_entries(cache_folder: Path) -> None:
    removed = prune_cache()
    assert sorted(e.size for e in removed) == [5, 70, 300]
    left = sorted(p.name for p in cache_folder.iterdir())
    assert left == sorted([f"tables-aaaa-{generator_digest()}.npz", kernel_cache_dir().name,
                           "notes.txt"])
    assert prune_cache() == []


def test_missing_folder_has_no_entries(tmp_path: Path) -> None:
    assert cache_entries(tmp_path / "absent") == []


def test_cache_command_reports_and_prunes(cache_folder: Path, run_cli) -> None:
    status, out, _ = run_cli("cache")
    assert status == 0
    assert "2 entries in use" in out and "3 stale" in out and "--prune" in out
    assert (cache_folder / "numba-000000000000").exists()
    status, out, _ = run_cli("cache", "--prune")
    assert status == 0 and "removed 3 stale entries" in out
    assert not (cache_folder / "numba-000000000000").exists()
    assert (cache_folder / "notes.txt").exists()
