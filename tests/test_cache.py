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
    digest = kernel_cache_dir().name.removeprefix("numba-")
    (tmp_path / f"showdown-values-cccc-dddd-{digest}.npy").write_bytes(b"x" * 11)
    (tmp_path / "showdown-values-cccc-dddd-000000000000.npy").write_bytes(b"x" * 13)
    (tmp_path / "push-fold-eeee-ffff-169-exact.npz").write_bytes(b"x" * 17)
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
        f"showdown-values-cccc-dddd-{kernel_cache_dir().name.removeprefix('numba-')}.npy": (11, True),
        "showdown-values-cccc-dddd-000000000000.npy": (13, False),
        "push-fold-eeee-ffff-169-exact.npz": (17, True),
    }


def test_prune_removes_only_stale_entries(cache_folder: Path) -> None:
    removed = prune_cache()
    assert sorted(e.size for e in removed) == [5, 13, 70, 300]
    left = sorted(p.name for p in cache_folder.iterdir())
    digest = kernel_cache_dir().name.removeprefix("numba-")
    assert left == sorted([f"tables-aaaa-{generator_digest()}.npz", kernel_cache_dir().name,
                           "notes.txt", f"showdown-values-cccc-dddd-{digest}.npy",
                           "push-fold-eeee-ffff-169-exact.npz"])
    assert prune_cache() == []


def test_missing_folder_has_no_entries(tmp_path: Path) -> None:
    assert cache_entries(tmp_path / "absent") == []


def test_cache_command_reports_and_prunes(cache_folder: Path, run_cli) -> None:
    status, out, _ = run_cli("cache")
    assert status == 0
    assert "4 entries in use" in out and "4 stale" in out and "--prune" in out
    assert (cache_folder / "numba-000000000000").exists()
    status, out, _ = run_cli("cache", "--prune")
    assert status == 0 and "removed 4 stale entries" in out
    assert not (cache_folder / "numba-000000000000").exists()
    assert (cache_folder / "notes.txt").exists()


def test_cache_command_lists_each_entry_and_clears_them_all(cache_folder: Path, run_cli) -> None:
    status, out, _ = run_cli("cache")
    assert status == 0
    listed = [line.split() for line in out.splitlines()[1:] if line.startswith("  ")]
    assert len(listed) == 8
    by_name = {words[-1]: words[0] for words in listed}
    assert by_name["numba-000000000000"] == "stale" and by_name[kernel_cache_dir().name] == "in"
    assert "notes.txt" not in by_name  # not the toolkit's
    status, out, err = run_cli("cache", "--prune", "--clear")
    assert status == 2 and "give --prune or --clear, not both" in err
    status, out, _ = run_cli("cache", "--clear")
    assert status == 0 and "removed 8 entries" in out
    assert sorted(p.name for p in cache_folder.iterdir()) == ["notes.txt"]


def _run_user_function(tmp_path: Path, env_extra: dict[str, str]) -> dict:
    """In a fresh interpreter: import the toolkit, call one of its kernels (a small one, quick to
    compile), then a user's own ``@njit(cache=True)`` function from a module in ``tmp_path``;
    report where each was cached."""
    import json
    import os
    import subprocess
    import sys
    import textwrap

    user = tmp_path / "user_code"
    user.mkdir()
    (user / "mine.py").write_text(textwrap.dedent("""
        from numba import njit

        @njit(cache=True)
        def twice(x):
            return 2 * x
    """))
    script = textwrap.dedent("""
        import json
        import numba
        import numpy as np
        import equity
        from equity._kernels import kernel_cache_dir
        from equity._kernels.calc import board_completions
        import mine
        assert mine.twice(21) == 42
        out = np.empty((3, 2), dtype=np.uint8)
        assert board_completions(np.arange(3, dtype=np.uint8), 2, out) == 3
        print(json.dumps({"numba_cache_dir": numba.config.CACHE_DIR,
                          "kernels": str(kernel_cache_dir())}))
    """)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(user), str(Path(__file__).parent.parent)]),
           "EQUITY_CACHE_DIR": str(tmp_path / "toolkit"), **env_extra}
    env.pop("NUMBA_CACHE_DIR", None)
    env.update(env_extra)
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    return {**json.loads(done.stdout.strip().splitlines()[-1]), "user": user}


def test_user_functions_cache_where_numba_puts_them(tmp_path: Path) -> None:
    # importing the toolkit changes no Numba setting: a user's cached function lands beside its
    # module (__pycache__), the toolkit's kernels in the toolkit's own folder
    found = _run_user_function(tmp_path, {})
    assert found["numba_cache_dir"] == ""
    user_index = list((found["user"] / "__pycache__").glob("mine.twice-*.nbi"))
    assert user_index, "the user's function was not cached beside its module"
    kernels = Path(found["kernels"])
    assert kernels.parent == tmp_path / "toolkit"
    assert list(kernels.rglob("calc.board_completions-*.nbi")), "the kernel was not cached in its folder"
    assert not list(kernels.rglob("mine.*")), "the user's function was cached in the toolkit's folder"


def test_numba_cache_dir_set_by_the_user_holds_everything(tmp_path: Path) -> None:
    chosen = tmp_path / "numba_chosen"
    _run_user_function(tmp_path, {"NUMBA_CACHE_DIR": str(chosen)})
    assert list(chosen.rglob("mine.twice-*.nbi"))
    assert list(chosen.rglob("calc.board_completions-*.nbi"))
    assert not (tmp_path / "toolkit").exists() or not list((tmp_path / "toolkit").rglob("*.nbi"))


def test_importing_the_kernels_or_listing_the_cache_never_creates_the_folder(tmp_path: Path) -> None:
    # The folder is made by the first compilation (or table) written to it, not by an import:
    # Numba's own locator makes its folder as soon as a cached function is defined.
    import os
    import subprocess
    import sys

    folder = tmp_path / "absent" / "cache"
    env = {**os.environ, "EQUITY_CACHE_DIR": str(folder)}
    env.pop("NUMBA_CACHE_DIR", None)
    script = ("import equity, equity._kernels.calc, equity._kernels.deal, equity._kernels.switch\n"
              "print(equity.card_codes('AhKd').tolist(), equity.get_game('holdem').name)")
    shown = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                           timeout=300)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.split() == ["[50,", "45]", "holdem"]
    listed = subprocess.run([sys.executable, "-m", "equity", "cache"], capture_output=True, text=True,
                            env=env, timeout=300)
    assert listed.returncode == 0 and listed.stdout.startswith(f"{folder}: 0 entries in use")
    assert not folder.exists() and not folder.parent.exists()


def test_the_default_folder_is_the_platforms_user_cache_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    from equity.paths import cache_dir
    from equity.tables import cache_dir as tables_cache_dir

    monkeypatch.delenv("EQUITY_CACHE_DIR", raising=False)
    assert cache_dir() == platformdirs.user_cache_path("equity", appauthor=False)
    assert kernel_cache_dir().parent == cache_dir() and tables_cache_dir() == cache_dir()
    monkeypatch.setenv("EQUITY_CACHE_DIR", "/some/where")
    assert cache_dir() == Path("/some/where") and kernel_cache_dir().parent == Path("/some/where")
