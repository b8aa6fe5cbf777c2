"""Numba kernels: plain functions over integer arrays, with the Numba options set in one place.

Kernels validate nothing and read no globals; tables arrive as arguments.

Numba's on-disk cache does not notice edits to a function a cached kernel calls
in another file, so the toolkit's kernels are cached in a folder named after a
hash of all the kernel sources (``numba-<digest>`` under the toolkit's cache folder,
:func:`equity.paths.cache_dir`): any edit to a kernel starts a fresh cache.  The
folder is made when the first kernel is compiled, not when the kernels are
imported, so importing the toolkit or listing its cache never creates it.  That folder is
the toolkit's own: a cache locator placed ahead of Numba's own answers for the
files of this package only, so Numba's cache folder (``numba.config.CACHE_DIR``)
and the cache of every other function in the process stay as Numba would have
them.  With ``NUMBA_CACHE_DIR`` set, the kernels are cached there, as Numba
caches everything else.
"""

import hashlib
import os
import warnings
from functools import lru_cache
from pathlib import Path

from numba import njit
from numba.core import caching, event
from numba.core.cpu import ParallelOptions
from numba.core.errors import NumbaPerformanceWarning

from equity import setup_notices  # noqa: F401  (announces and times the kernels' compilations)
from equity.paths import cache_dir

_KERNELS = Path(__file__).resolve().parent


@lru_cache(maxsize=1)
def _kernel_digest() -> str:
    digest = hashlib.sha256()
    for source in sorted(_KERNELS.glob("*.py")):
        digest.update(source.read_bytes())
    return digest.hexdigest()[:12]


def kernel_cache_dir() -> Path:
    """The Numba cache folder for the current kernel sources."""
    return cache_dir() / f"numba-{_kernel_digest()}"


class KernelCacheLocator(caching._SourceFileBackedLocatorMixin, caching._CacheLocator):
    """Numba's cache locator for the toolkit's kernels: :func:`kernel_cache_dir`, for functions
    defined in this package's files and nothing else (others fall through to Numba's locators)."""

    def __init__(self, py_func, py_file):
        self._py_file = py_file
        self._lineno = py_func.__code__.co_firstlineno
        self._cache_path = str(kernel_cache_dir() / self.get_suitable_cache_subpath(py_file))

    def get_cache_path(self):
        return self._cache_path

    def ensure_cache_path(self):
        """Check that the folder could be made and written, without making it (Numba calls this
        when a kernel is defined; the folder is made on the kernel's first compilation)."""
        probe = Path(self._cache_path)
        while not probe.exists() and probe != probe.parent:
            probe = probe.parent
        if not os.access(probe, os.W_OK | os.X_OK):
            raise OSError(f"cannot write the kernel cache under {probe}")  # Numba tries its next locator

    @classmethod
    def from_function(cls, py_func, py_file):
        if os.environ.get("NUMBA_CACHE_DIR"):  # the user's choice applies to every function
            return None
        try:
            inside = Path(py_file).resolve().parent == _KERNELS
        except OSError:
            return None
        if not inside:
            return None
        return super().from_function(py_func, py_file)


def _install_locator() -> None:
    impl = getattr(caching, "CacheImpl", None) or caching._CacheImpl  # numba < 0.61: _CacheImpl
    if KernelCacheLocator not in impl._locator_classes:
        impl._locator_classes = [KernelCacheLocator, *impl._locator_classes]


_install_locator()


class _CacheFolderMaker(event.Listener):
    """Makes a kernel's cache folder as its first compilation starts (Numba's ``numba:compile``
    event, sent on cache misses only), so that the compiled kernel can be saved there."""

    def on_start(self, ev) -> None:
        dispatcher = ev.data.get("dispatcher")
        func = getattr(dispatcher, "py_func", None)
        if not getattr(func, "__module__", "").startswith(__name__):
            return
        path = getattr(getattr(dispatcher, "_cache", None), "_cache_path", None)
        if path:
            os.makedirs(path, exist_ok=True)

    def on_end(self, ev) -> None:
        pass


event.register("numba:compile", _CacheFolderMaker())

#: The one place the Numba options of the toolkit's kernels are written.
JIT = {"cache": True, "nogil": True, "fastmath": False, "boundscheck": False}

kernel = njit(**JIT)
inline_kernel = njit(inline="always", **JIT)
#: For kernels that spread independent chunks of work over threads with ``prange``.  Their loop
#: bodies stay inside the loop: Numba compiles a parallel loop body with its array arguments
#: marked ``noalias``, which an ordinary kernel cannot ask for, and the calculator's bodies moved
#: into kernels of their own compiled in half the time but ran up to twice as slow (2026-12-03).
parallel_kernel = njit(parallel=True, **JIT)

#: Numba's parallel pipeline with every parallel transformation off: a serial kernel, but simplified
#: as a parallel one is (copies of variables propagated).  An inlined helper's arguments are copies
#: of the caller's variables, and each array among them is counted in and out on every call; in a
#: deal loop calling ``switch.play_phases`` (some twenty arrays) that cost 190 ns a deal, which the
#: parallel pipeline's copy propagation removes (``switch.play_switch_chunk``: 264 to 82 ns a deal
#: with nothing to play, 2026-12-05).
#:
#: The options are a ``ParallelOptions``, not a dict: Numba reads a dict by popping its keys
#: (``numba.core.cpu.ParallelOptions``), so one dict configured only the first compilation in a
#: process, and every later one (another kernel, or another specialization of the same one) ran
#: the whole parallel pipeline: its allocations became parallel loops, launched from inside the
#: callers' ``prange`` bodies, and six-player Hold'em deals compiled after the Switch chunk ran
#: 4.9 M deals/s on two threads against 15 on one (29 compiled first; 2026-12-06).
SERIAL_IN_PARALLEL_PIPELINE = ParallelOptions({"comprehension": False, "reduction": False,
                                               "inplace_binop": False, "setitem": False,
                                               "numpy": False, "stencil": False, "fusion": False,
                                               "prange": False})
simplified_kernel = njit(parallel=SERIAL_IN_PARALLEL_PIPELINE, **JIT)
# (Numba warns that such a kernel made nothing parallel, which is the point)
warnings.filterwarnings("ignore", category=NumbaPerformanceWarning,
                        message=r"\s*The keyword argument 'parallel=True' was specified but no "
                                r"transformation for parallel execution was possible")

__all__ = ["JIT", "kernel", "inline_kernel", "parallel_kernel", "simplified_kernel", "kernel_cache_dir",
           "KernelCacheLocator"]
