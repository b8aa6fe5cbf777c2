"""equity._kernels.scratch: a thread's work arrays kept off other threads' cache lines, and the
kernels' Numba settings."""

import subprocess
import sys

import numpy as np
import pytest
from numba import njit

from equity._kernels.scratch import APART, apart, apart_2d, apart_copy

LINE = 64  # bytes in a cache line


@njit
def _work_arrays(values):
    return (apart(5, np.bool_), apart(3, np.int64), apart_2d(2, 3, np.int64), apart_copy(values))


def _gaps(array: np.ndarray) -> tuple[int, int]:
    """Bytes free before and after ``array`` in the buffer it was cut from."""
    buffer = array.base
    while buffer.base is not None:
        buffer = buffer.base
    start = array.__array_interface__["data"][0] - buffer.__array_interface__["data"][0]
    return start, buffer.nbytes - start - array.nbytes


def test_work_arrays_are_zeroed_or_copied() -> None:
    values = np.array([7, 1, 9], dtype=np.uint64)
    flags, counts, table, copy = _work_arrays(values)
    assert flags.shape == (5,) and not flags.any()
    assert counts.shape == (3,) and counts.dtype == np.int64 and not counts.any()
    assert table.shape == (2, 3) and not table.any()
    np.testing.assert_array_equal(copy, values)
    copy[0] = 0
    assert values[0] == 7  # a copy, not a view of the values


@pytest.mark.parametrize("dtype", [np.bool_, np.uint8, np.int64, np.uint64, np.float64])
def test_a_work_array_has_a_free_cache_line_on_each_side(dtype) -> None:
    # the helpers' own code run in Python, where the buffer a work array is cut from can be read
    for n in (1, 7):  # (an empty array has no line to share)
        before, after = _gaps(apart.py_func(n, dtype))
        assert before >= LINE and after >= LINE, (dtype, n, before, after)
    assert APART >= LINE


_COMPILE = """
import warnings
import numpy as np
from numba import njit
from numba.core.errors import NumbaPerformanceWarning
import equity._kernels as kernels
if {reset}:
    warnings.resetwarnings()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always", DeprecationWarning)
    total = njit(parallel=kernels.SERIAL_IN_PARALLEL_PIPELINE)(lambda n: np.arange(n).sum())(4)
assert total == 6
print(sum(issubclass(w.category, NumbaPerformanceWarning) for w in caught))
"""


@pytest.mark.parametrize("reset, notices", [(False, 0), (True, 1)])
def test_a_simplified_kernel_compiles_without_numbas_notice(tmp_path, reset, notices) -> None:
    # serial by design, it makes nothing parallel: Numba's notice saying so is filtered when the
    # kernels are imported (a fresh process, outside pytest's filters; with the filters reset,
    # the notice comes, so the check can fail).  A file, not `-c`: Numba gives no notice for code
    # compiled from a string.
    script = tmp_path / "compile.py"
    script.write_text(_COMPILE.format(reset=reset))
    out = subprocess.run([sys.executable, str(script)], check=True, capture_output=True, text=True)
    assert out.stdout.strip().splitlines()[-1] == str(notices)


def _parallel_loops(dispatcher) -> list[bool]:
    """For each compiled specialization, whether its code launches parallel loops on Numba's
    thread pool (the scheduler a parallel loop calls)."""
    return ["do_scheduling" in dispatcher.inspect_llvm(sig) for sig in dispatcher.signatures]


def test_every_simplified_kernel_stays_serial_however_many_are_compiled() -> None:
    # Numba reads a dict of parallel options by popping its keys: with the options shared as a
    # dict, the first compilation in a process was serial and every later one (another kernel or
    # another specialization of the same kernel) ran the whole parallel pipeline, its array
    # allocations turned into parallel loops.  Fresh dispatchers (not cached), two kernels, two
    # specializations each, with an allocation Numba's parallel pipeline would parallelize.
    import equity._kernels as kernels

    def zeros_sum(n):
        return np.zeros(n).sum() + np.arange(n).sum()

    first = njit(parallel=kernels.SERIAL_IN_PARALLEL_PIPELINE)(zeros_sum)
    second = njit(parallel=kernels.SERIAL_IN_PARALLEL_PIPELINE)(zeros_sum)
    for dispatcher in (first, second):
        assert dispatcher(np.int64(4)) == 6.0 and dispatcher(np.int32(3)) == 3.0
    assert _parallel_loops(first) == [False, False]
    assert _parallel_loops(second) == [False, False]
    # the check can fail: the same function with parallel=True does launch parallel loops
    parallel = njit(parallel=True)(zeros_sum)
    assert parallel(np.int64(4)) == 6.0
    assert _parallel_loops(parallel) == [True]
