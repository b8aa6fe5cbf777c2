"""Numba kernels: plain functions over integer arrays, with the Numba options set in one place.

Kernels validate nothing and read no globals; tables arrive as arguments.

Numba's on-disk cache does not notice edits to a function a cached kernel calls
in another file, so unless ``NUMBA_CACHE_DIR`` is set the cache lives in a folder
named after a hash of all the kernel sources (under ``$EQUITY_CACHE_DIR`` or
``~/.cache/equity``): any edit to a kernel starts a fresh cache.
"""

import hashlib
import os
from pathlib import Path

import numba
from numba import njit


def kernel_cache_dir() -> Path:
    """The Numba cache folder for the current kernel sources."""
    digest = hashlib.sha256()
    for source in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(source.read_bytes())
    base = os.environ.get("EQUITY_CACHE_DIR") or Path.home() / ".cache" / "equity"
    return Path(base) / f"numba-{digest.hexdigest()[:12]}"


if not os.environ.get("NUMBA_CACHE_DIR"):
    numba.config.CACHE_DIR = str(kernel_cache_dir())

#: The one place the Numba options of the toolkit's kernels are written.
JIT = {"cache": True, "nogil": True, "fastmath": False, "boundscheck": False}

kernel = njit(**JIT)
inline_kernel = njit(inline="always", **JIT)
#: For kernels that spread independent chunks of work over threads with ``prange``.  Their loop
#: bodies stay inside the loop: Numba compiles a parallel loop body with its array arguments
#: marked ``noalias``, which an ordinary kernel cannot ask for, and the calculator's bodies moved
#: into kernels of their own compiled in half the time but ran up to twice as slow (2026-12-03).
parallel_kernel = njit(parallel=True, **JIT)

__all__ = ["JIT", "kernel", "inline_kernel", "parallel_kernel", "kernel_cache_dir"]
