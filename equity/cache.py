"""What the on-disk cache holds, and pruning what no longer serves this version of the code.

Generated tables are named ``tables-<game fingerprint>-<generator digest>.npz``
(:func:`equity.tables.tables_for`) and the Numba cache lives in ``numba-<kernel
digest>`` (:func:`equity._kernels.kernel_cache_dir`), both under
:func:`equity.tables.cache_dir`.  An edit to the table generator or to a kernel
changes a digest, so the old files are never read again but stay on disk; each
set of tables is up to 26 MB.  The showdown models of the ``switch_aware`` draw policies
(``showdown-values-<game fingerprint>-<key>-<kernel digest>.npy``, about 23 MB each,
:mod:`equity.strategy.showdown`) are stale with their kernels; the push/fold class matrices
(``push-fold-*.npz``) are listed as in use.  :func:`cache_entries` sorts them and
:func:`prune_cache` removes the stale ones (another installed version of the
toolkit sharing the folder rebuilds its own on next use), :func:`clear_cache` all of them.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from equity._kernels import kernel_cache_dir
from equity.tables import cache_dir, generator_digest


def kernel_digest() -> str:
    """The digest of the kernel sources that names the Numba cache folder (``numba-<digest>``).

    Stored runs record it (:mod:`simulations.harness`): a kernel edited since a run's
    chunks were played makes them another code's.
    """
    return kernel_cache_dir().name.removeprefix("numba-")


@dataclass(frozen=True)
class CacheEntry:
    """One file or folder of the cache: its path, size in bytes, and whether this code uses it."""

    path: Path
    size: int
    current: bool


def _size(path: Path) -> int:
    if path.is_dir():
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())
    return path.stat().st_size


def cache_entries(folder: Path | None = None) -> list[CacheEntry]:
    """The toolkit's entries in the cache folder (default :func:`equity.tables.cache_dir`).

    Returns
    -------
    list of CacheEntry
        Tables files, left-over temporary files of an interrupted write, and Numba
        cache folders, sorted by name; ``current`` is False for those no code of this
        version reads (tables of another generator digest, another kernel digest's Numba
        folder, temporary files).  Files the toolkit did not write are not listed.
    """
    folder = cache_dir() if folder is None else Path(folder)
    if not folder.is_dir():
        return []
    digest = generator_digest()
    numba_name = kernel_cache_dir().name
    entries = []
    for path in sorted(folder.iterdir()):
        name = path.name
        if name.startswith("tables-") and name.endswith(".npz"):
            current = name.removesuffix(".npz").rsplit("-", 1)[-1] == digest
        elif name.startswith("showdown-values-") and name.endswith(".npy"):
            # the switch_aware policies' models are simulated by the kernels: named by their digest
            current = name.removesuffix(".npy").rsplit("-", 1)[-1] == numba_name.removeprefix("numba-")
        elif name.startswith("push-fold-") and name.endswith(".npz"):
            current = True  # push/fold class matrices: read while the game and its rules match
        elif name.startswith("numba-") and path.is_dir():
            current = name == numba_name
        elif name.endswith(".tmp") and path.is_file():
            current = False
        else:
            continue
        try:
            entries.append(CacheEntry(path, _size(path), current))
        except OSError:  # removed meanwhile by another process
            continue
    return entries


def prune_cache(folder: Path | None = None) -> list[CacheEntry]:
    """Remove the entries of :func:`cache_entries` that this version does not use.

    Returns
    -------
    list of CacheEntry
        The entries removed.
    """
    return _remove([entry for entry in cache_entries(folder) if not entry.current])


def clear_cache(folder: Path | None = None) -> list[CacheEntry]:
    """Remove every entry of :func:`cache_entries`, in use or not (they are built again on next
    use: the tables in seconds, the kernels in minutes); files the toolkit did not write stay.

    Returns
    -------
    list of CacheEntry
        The entries removed.
    """
    return _remove(cache_entries(folder))


def _remove(entries: list[CacheEntry]) -> list[CacheEntry]:
    removed = []
    for entry in entries:
        if entry.path.is_dir():
            shutil.rmtree(entry.path, ignore_errors=True)
        else:
            entry.path.unlink(missing_ok=True)
        removed.append(entry)
    return removed
