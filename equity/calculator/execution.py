"""How the calculator runs its kernels: on one thread for small work, with a progress bar for long work."""

from __future__ import annotations

from contextlib import contextmanager

import numba

__all__ = ["SERIAL_WORK", "bar_off", "threads_for"]

#: Hand evaluations below which an enumeration runs on the calling thread alone.
SERIAL_WORK = 200_000


def bar_off(show: bool | None) -> bool | None:
    """tqdm's ``disable``: True hides the bar, False shows it, None shows it on a terminal only."""
    return None if show is None else not show


@contextmanager
def threads_for(work: int):
    """Run a parallel kernel on the calling thread alone when ``work`` (hand evaluations) is small:
    waking the thread pool costs milliseconds on a busy machine, more than such a call's work."""
    if work > SERIAL_WORK:
        yield
        return
    before = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        yield
    finally:
        numba.set_num_threads(before)
