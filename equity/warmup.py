"""Compile ahead: every kernel a game's entry points need, cached on disk before first use.

The toolkit's kernels are compiled by Numba on their first call and cached on disk
(:func:`equity._kernels.kernel_cache_dir`); a game's tables are built on its first use and
cached beside them.  :func:`warmup` makes those first calls now, on small inputs, through the
public entry points themselves (evaluation, the exact and Monte Carlo calculator, whole deals,
and with ``studies`` each study at a tiny size), so that later calls and processes start at
once.  The steps are shared among ``jobs`` processes (Numba compiles one function at a time
in a process) by families of games that share kernels (board games, the exchange, the draw
and Switch games), one family to a worker, so that no two workers compile the same kernel at
once; the studies follow, each on its own.  (El Dorado's deal shares five kernels with
Hold'em's: with two workers the exchange family starts after the draw family, long after the
board family compiled them; with three or more, both may compile them at once, about ten
seconds.)

From the command line: ``equity warmup [GAMES...] [--all] [--jobs N]``.
"""

from __future__ import annotations

import functools
import os
import tempfile
import time
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

import pandas as pd

__all__ = ["warmup", "warmup_steps", "STUDY_STEPS"]

#: Deals of each study cell when ``studies`` is asked for (enough to run every code path).
STUDY_DEALS = 64
#: Studies warmed with ``studies=True``; ``push-fold`` is left out: its cost is its class
#: matrices (minutes of calculation, cached by the study itself), not compiling.  In the order the
#: workers take them once the families are compiled: the longest first (``draw-strategy``, about a
#: minute, on the draw family's kernels, the first family done), ``eldorado-swap`` last (on the
#: exchange family's, the last done), so that no study compiles what a family is still compiling.
STUDY_STEPS = ("draw-strategy", "switch-pairs", "tahoe-usage", "rarity", "starting-hands", "eldorado-swap")


class _Deal:
    """One seeded three-seat deal of a game, as card text, dealt when a step first reads it (so
    listing the steps compiles nothing)."""

    def __init__(self, game: str) -> None:
        self.game = game

    @functools.cached_property
    def _cards(self) -> tuple[list[str], str]:
        import equity
        from equity.cards import format_cards

        deals = equity.play_deals(self.game, 3, 1, seed=20240501, progress=False)
        # (the exchange may have moved cards: the dealt cards are still one valid deal)
        return [format_cards(h) for h in deals.hole[0]], format_cards(deals.board[0])

    @property
    def hole(self) -> list[str]:
        return self._cards[0]

    @property
    def board(self) -> str:
        return self._cards[1]


def _steps_of(game: str) -> list[tuple[str, Callable[[], object]]]:
    import equity
    from equity.games import Draw, Exchange, Switch
    from equity.options import has_phase

    g = equity.get_game(game)
    quiet = {"progress": False}
    hi_lo = "hi_lo" in g.pot_modes
    low = "low" in g.pot_modes

    def calls(*functions: Callable[[], object] | None) -> Callable[[], object]:
        """One step: the calls this game takes (None for one it does not); an error is raised,
        never passed over, so that a step cannot silently compile nothing."""
        def run() -> None:
            for function in functions:
                if function is not None:
                    function()
        return run

    d = _Deal(game)
    sample = dict(trials=4_000, seed=1, **quiet)
    steps: list[tuple[str, Callable[[], object]]] = []

    def exact_hands() -> None:  # one exact hand's kernels (what a wild rank or a low is valued by)
        from equity.cards import card_codes
        from equity.hand import exact_game

        cards = card_codes(d.hole[0] + d.board)[: g.hand_size]
        equity.evaluate_many(exact_game(g), cards[None, :], None)

    steps.append(("evaluate", calls(
        lambda: equity.evaluate(game, d.hole[0], d.board),  # one hand with no wild card: no kernel
        lambda: equity.evaluate_many(game, d.hole, [d.board] * len(d.hole) if d.board else None),
        exact_hands,
        (lambda: equity.evaluate(game, d.hole[0], d.board, wild=d.board[0])) if g.wild is not None
        and g.fixed_wild_rank is None and g.board_cards else None,
        lambda: equity.simulate(game, 2, 64, seed=1, progress=False, aggregate=False),
    )))
    if g.board_cards and not has_phase(g, Switch):  # (random switches cannot be enumerated)
        steps.append(("calc exact", calls(
            lambda: equity.calc(game, d.hole[:2], board=d.board[:-2], exact=True, **quiet),
            (lambda: equity.calc(game, d.hole[:2], board=d.board[:-2], exact=True, hi_lo=True, **quiet))
            if hi_lo else None,
        ) if not has_phase(g, Exchange) else calls(
            lambda: equity.calc(game, d.hole[:2], board=d.board[:6], wild=d.board[0], exact=True, **quiet),
            lambda: equity.calc(game, d.hole[:2], board=d.board[:6], wild=d.board[0], **sample),
        )))
        def listed() -> str:  # a range seat (the general trial loop), read when the step runs
            return f"{d.hole[1]},{d.hole[2]}"

        steps.append(("calc monte carlo", calls(
            lambda: equity.calc(game, d.hole[:2], **sample),
            lambda: equity.calc(game, [d.hole[0], "random"], **sample),
            lambda: equity.calc(game, [d.hole[0], "random", "random"], board=d.board[:6], **sample),
            lambda: equity.calc(game, [d.hole[0], listed()], **sample),
            lambda: equity.calc(game, [d.hole[0], listed(), "random"], board=d.board[:6], **sample),
            (lambda: equity.calc(game, d.hole, **sample, hi_lo=True)) if hi_lo else None,
            (lambda: equity.calc(game, d.hole[:2], **sample, pot="low")) if low else None,
        )))
    else:
        steps.append(("calc monte carlo", calls(
            lambda: equity.calc(game, d.hole[:2], **sample),
            lambda: equity.calc(game, [d.hole[0], "random", "random"], **sample),
        )))
    steps.append(("simulate", calls(
        lambda: equity.simulate(game, 3, 2_000, seed=1, progress=False),
        # the per-seat sums: the fused deal kernels (play_plain_chunks and its kin), where they apply
        lambda: equity.simulate(game, 3, 2_000, seed=1, progress=False, aggregate=True),
        (lambda: equity.simulate(game, 6, 500, seed=1, progress=False, pot="hi_lo")) if hi_lo else None,
        (lambda: equity.simulate(game, 6, 500, seed=1, progress=False, pot="low")) if low else None,
    )))
    if has_phase(g, Draw) and g.hole_cards == 5 and not g.board_cards:  # a five-card draw
        from equity.strategy import hold_values

        steps.append(("draw values", calls(
            None if has_phase(g, Switch) else lambda: hold_values(game, d.hole[0], "jacks_or_better"),
            lambda: hold_values(game, d.hole[0], "showdown", opponents=1, samples=256, seed=1),
        )))
    return steps


def warmup_steps(games: Sequence[str] | None = None, *, studies: bool = False) -> list[tuple[str, str]]:
    """The steps :func:`warmup` takes: ``(game or "study", step)`` pairs, in order."""
    import equity

    names = list(equity.GAMES) if not games else [equity.get_game(g).name for g in games]
    steps = [(game, step) for game in names for step, _ in _steps_of(game)]
    if studies:
        steps += [("study", name) for name in STUDY_STEPS]
    return steps


def _family(game: str) -> str:
    """Games whose entry points share kernels: played by one worker, so that no two workers
    compile the same kernel at once (a kernel compiled by one is read from the cache by the
    next game of the family)."""
    if game == "study":
        return "study"
    import equity
    from equity.games import Draw, Exchange, Switch
    from equity.options import has_phase

    g = equity.get_game(game)
    if has_phase(g, Draw) or has_phase(g, Switch):
        return "draw"
    return "exchange" if has_phase(g, Exchange) else "board"


def _tasks(steps: list[tuple[str, str]]) -> list[list[tuple[str, str]]]:
    """The steps grouped for the workers: one task per family of games, the largest first, then
    each study on its own (they run after the kernels they share are cached)."""
    families: dict[str, list[tuple[str, str]]] = {}
    for game, step in steps:
        families.setdefault(_family(game), []).append((game, step))
    tasks = sorted((family for name, family in families.items() if name != "study"), key=len, reverse=True)
    return tasks + [[step] for step in families.get("study", [])]


def _run_task(task: list[tuple[str, str]]) -> list[tuple[str, str, float]]:
    return [_run_step(game, step) for game, step in task]


def _run_step(game: str, step: str) -> tuple[str, str, float]:
    """Run one step and return it with its seconds."""
    started = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if game == "study":
            from simulations import harness

            with tempfile.TemporaryDirectory() as out:
                harness.run_study(step, deals=STUDY_DEALS, out=out, progress=False)
        else:
            dict(_steps_of(game))[step]()
    return game, step, time.perf_counter() - started


def _quiet_worker() -> None:
    os.environ["EQUITY_QUIET"] = "1"  # the parent reports; the workers keep quiet


def warmup(games: Sequence[str] | None = None, *, studies: bool = False, jobs: int | None = None,
           progress: bool | None = None) -> pd.DataFrame:
    """Compile and cache every kernel the given games' entry points use.

    Parameters
    ----------
    games
        Game names (all built-in games when None or empty).
    studies
        Also run every study (except ``push-fold``) at a tiny size, compiling what they add.
    jobs
        Processes to share the steps among (default: the CPUs available, at most 4).
    progress
        Show a progress bar (default: when standard error is a terminal; otherwise, as in a log,
        one ``equity: warmup: ...`` line per finished group of steps, unless notices are
        silenced, :mod:`equity.setup_notices`).

    Returns
    -------
    pandas.DataFrame
        One row per step: ``game`` (or ``"study"``), ``step`` and ``seconds``; ``attrs["seconds"]``
        is the wall time of the whole warm-up.

    Examples
    --------
    >>> table = warmup(["holdem"], jobs=1, progress=False)   # doctest: +SKIP
    >>> sorted(set(table.step))                              # doctest: +SKIP
    ['calc exact', 'calc monte carlo', 'evaluate', 'simulate']
    """
    from tqdm.auto import tqdm

    from equity.errors import OptionError
    from equity.setup_notices import notice

    steps = warmup_steps(games, studies=studies)
    if jobs is None:
        cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
        jobs = min(cpus, 4)
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise OptionError(f"jobs must be a positive whole number, got {jobs!r}")
    started = time.perf_counter()
    rows = []
    bar = tqdm(total=len(steps), disable=not progress if progress is not None else None, unit="step",
               desc="equity warmup")
    # without a bar (a log, not a terminal) each finished group of steps is one line, unless quiet
    lines = bar.disable and progress is None

    def say(done: list[tuple[str, str, float]]) -> None:
        if lines:
            games = sorted({game if game != "study" else f"study {step}" for game, step, _ in done})
            notice(f"warmup: {', '.join(games)} compiled ({len(done)} steps, "
                   f"{sum(s for _, _, s in done):.0f} s); {len(rows)} of {len(steps)} steps done")
    if jobs == 1:
        for step in steps:
            rows.append(_run_step(*step))
            bar.update()
            say(rows[-1:])
    else:
        import multiprocessing

        with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"),
                                 initializer=_quiet_worker) as pool:
            futures = [pool.submit(_run_task, task) for task in _tasks(steps)]
            for future in as_completed(futures):
                done = future.result()
                rows += done
                bar.update(len(done))
                bar.set_postfix_str(f"{done[-1][0]} {done[-1][1]}")
                say(done)
    bar.close()
    table = pd.DataFrame(rows, columns=["game", "step", "seconds"])
    table.attrs["seconds"] = time.perf_counter() - started
    return table
