"""Numba kernels: plain functions over integer arrays, with the Numba options set in one place.

Kernels validate nothing and read no globals; tables arrive as arguments.
"""

from numba import njit

#: The one place the Numba options of the toolkit's kernels are written.
JIT = {"cache": True, "nogil": True, "fastmath": False, "boundscheck": False}

kernel = njit(**JIT)
inline_kernel = njit(inline="always", **JIT)
#: For kernels that spread independent chunks of work over threads with ``prange``.
parallel_kernel = njit(parallel=True, **JIT)

__all__ = ["JIT", "kernel", "inline_kernel", "parallel_kernel"]
