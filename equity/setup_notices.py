"""Saying so when a call sets up: compiling kernels and building tables, timed apart from the work.

The first use of a kernel compiles it (a minute or more on two cores for the calculator) and
the first use of a game builds its tables; both are cached on disk, so later processes start at
once.  Nothing of this may be silent: as soon as the first kernel of a call starts compiling,
one line on standard error says what is being compiled and that it happens once, and when the
call ends another says how long it took.  A call that finds everything cached prints nothing.

The notices are silenced with ``EQUITY_QUIET=1`` in the environment or :func:`set_quiet`.

Set-up time is measured apart from the work: :func:`setting_up` opens a clock for one public
call, to which every kernel compiled (Numba's ``numba:compile`` event, which fires only on a
cache miss) and every table built during the call adds its seconds; the calculator reports
``attrs["seconds"]`` without them and ``attrs["setup_seconds"]`` beside it.
"""

from __future__ import annotations

import functools
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from numba.core import event

__all__ = ["SetupClock", "setting_up", "sets_up", "notice", "set_quiet", "quiet", "compile_seconds",
           "compile_log", "add_setup"]

_KERNEL_MODULES = "equity._kernels"
_state = threading.local()
_lock = threading.Lock()
_quiet_override: bool | None = None
#: Kernels compiled in this process and the seconds they took (top-level compilations only).
_compiled = {"kernels": 0, "seconds": 0.0}
#: Each top-level compilation of this process: (kernel name, seconds), in order.
_log: list[tuple[str, float]] = []


def quiet() -> bool:
    """Whether set-up notices are silenced (:func:`set_quiet`, else ``EQUITY_QUIET`` set to 1)."""
    if _quiet_override is not None:
        return _quiet_override
    return os.environ.get("EQUITY_QUIET", "").strip().lower() in {"1", "true", "yes"}


def set_quiet(value: bool | None = True) -> None:
    """Silence (``True``) or allow (``False``) the set-up notices; ``None`` follows ``EQUITY_QUIET``."""
    global _quiet_override
    if value is not None and not isinstance(value, bool):
        from equity.errors import OptionError

        raise OptionError(f"set_quiet takes True, False or None, got {value!r}")
    _quiet_override = value


def notice(text: str) -> None:
    """Print one set-up notice (``equity: ...``) on standard error, unless silenced."""
    if not quiet():
        print(f"equity: {text}", file=sys.stderr, flush=True)


@dataclass
class SetupClock:
    """The set-up of one call: what is being set up, and the seconds spent compiling and building."""

    what: str
    compile_seconds: float = 0.0
    kernels: int = 0
    build_seconds: float = 0.0
    announced: bool = False
    started: float = field(default_factory=time.perf_counter)

    @property
    def seconds(self) -> float:
        """Set-up seconds: kernels compiled and tables built during the call."""
        return self.compile_seconds + self.build_seconds


def _clocks() -> list[SetupClock]:
    clocks = getattr(_state, "clocks", None)
    if clocks is None:
        clocks = _state.clocks = []
    return clocks


@contextmanager
def setting_up(what: str) -> Iterator[SetupClock]:
    """A clock for one public call (``what``, e.g. ``"the Hold'em exact calculator"``), which
    the compilations and table builds of the call add to; nested calls share the outer clock.
    On leaving, says how long compiling took if anything was compiled."""
    clocks = _clocks()
    if clocks:  # an inner public call: its set-up belongs to the outer one
        yield clocks[0]
        return
    clock = SetupClock(what)
    clocks.append(clock)
    try:
        yield clock
    finally:
        clocks.pop()
        if clock.kernels:
            notice(f"compiled {clock.kernels} kernel{'s' if clock.kernels > 1 else ''} for {clock.what} "
                   f"in {clock.compile_seconds:.1f} s (cached on disk: later runs start at once)")


def sets_up(what: str):
    """Decorate a public function whose first argument is a game: its calls run in
    :func:`setting_up` (``"<game> <what>"``, e.g. ``"holdem evaluation"``)."""
    def decorate(func: Callable) -> Callable:
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            game = args[0] if args else kwargs.get("game", "")
            name = getattr(game, "name", game)  # a Game or a game name (bad input is refused later)
            with setting_up(f"{name if isinstance(name, str) else ''} {what}".strip()):
                return func(*args, **kwargs)
        return wrapper
    return decorate


def add_setup(seconds: float) -> None:
    """Add ``seconds`` of table building to the open clock, if any."""
    clocks = _clocks()
    if clocks:
        clocks[0].build_seconds += seconds


def compile_seconds() -> tuple[int, float]:
    """Kernels compiled in this process (top-level compilations) and the seconds they took."""
    with _lock:
        return _compiled["kernels"], _compiled["seconds"]


def compile_log() -> list[tuple[str, float]]:
    """Every top-level kernel compilation of this process, as (kernel name, seconds), in order
    (a kernel's inner kernels are compiled inside it and counted in its seconds)."""
    with _lock:
        return list(_log)


class _CompileListener(event.Listener):
    """Numba's ``numba:compile`` events (cache misses only) of the toolkit's kernels."""

    def on_start(self, ev) -> None:
        depth = getattr(_state, "depth", 0)
        _state.depth = depth + 1
        if depth or not _is_kernel(ev):
            return
        _state.started = time.perf_counter()
        _state.kernel = getattr(getattr(ev.data["dispatcher"], "py_func", None), "__name__", "?")
        clocks = _clocks()
        if clocks and not clocks[0].announced:
            clocks[0].announced = True
            from equity._kernels import kernel_cache_dir

            notice(f"compiling the kernels for {clocks[0].what}, once (a few seconds to a few minutes "
                   f"on a first run; cached in {kernel_cache_dir()}; `equity warmup` compiles ahead)")
        elif not clocks:
            name = getattr(getattr(ev.data["dispatcher"], "py_func", None), "__name__", "a kernel")
            notice(f"compiling kernel {name}, once (cached for later runs)")

    def on_end(self, ev) -> None:
        depth = getattr(_state, "depth", 1) - 1
        _state.depth = depth
        started = getattr(_state, "started", None)
        if depth or started is None:
            return
        _state.started = None
        seconds = time.perf_counter() - started
        with _lock:
            _compiled["kernels"] += 1
            _compiled["seconds"] += seconds
            _log.append((getattr(_state, "kernel", "?"), seconds))
        clocks = _clocks()
        if clocks:
            clocks[0].kernels += 1
            clocks[0].compile_seconds += seconds


def _is_kernel(ev) -> bool:
    func = getattr(ev.data.get("dispatcher"), "py_func", None)
    return getattr(func, "__module__", "").startswith(_KERNEL_MODULES)


_LISTENER = _CompileListener()
event.register("numba:compile", _LISTENER)
