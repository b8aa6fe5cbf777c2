"""Set-up is never silent: compiling kernels and building tables are announced and timed apart."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numba
import pytest

import equity
from equity import setup_notices
from equity.errors import GameError, OptionError

ROOT = Path(__file__).resolve().parents[1]


def _fresh_kernel():
    """A new function that the listener takes for one of the toolkit's kernels (its module is
    under ``equity._kernels``), compiled on its first call; never cached."""
    def toy_kernel(x):
        total = 0
        for k in range(x):
            total += k * k
        return total

    toy_kernel.__module__ = "equity._kernels.toy"
    return numba.njit(cache=False)(toy_kernel)


def test_a_first_compilation_is_announced_before_the_result_and_timed_apart(capsys) -> None:
    kernel = _fresh_kernel()
    with setup_notices.setting_up("the toy calculation") as clock:
        assert kernel(10) == 285
        announced = capsys.readouterr().err
    assert announced.startswith("equity: compiling the kernels for the toy calculation, once")
    assert clock.kernels == 1 and clock.compile_seconds > 0
    assert clock.seconds == clock.compile_seconds  # no table was built
    said = capsys.readouterr().err
    assert said.startswith("equity: compiled 1 kernel for the toy calculation in ")
    # compiled now: a second call is silent and adds no set-up time
    with setup_notices.setting_up("the toy calculation") as again:
        assert kernel(4) == 14
    assert capsys.readouterr().err == "" and again.kernels == 0 and again.seconds == 0


def test_functions_outside_the_kernels_are_not_announced(capsys) -> None:
    @numba.njit(cache=False)
    def user_function(x):
        return x + 1

    with setup_notices.setting_up("a user's call") as clock:
        assert user_function(1) == 2
    assert capsys.readouterr().err == "" and clock.kernels == 0


def test_a_compilation_outside_any_call_names_its_kernel(capsys) -> None:
    kernel = _fresh_kernel()
    assert kernel(3) == 5
    assert capsys.readouterr().err.startswith("equity: compiling kernel toy_kernel, once")


def test_notices_can_be_silenced(capsys, monkeypatch) -> None:
    kernel = _fresh_kernel()
    setup_notices.set_quiet(True)
    try:
        with setup_notices.setting_up("the toy calculation") as clock:
            kernel(3)
    finally:
        setup_notices.set_quiet(None)
    assert capsys.readouterr().err == "" and clock.kernels == 1  # still timed
    monkeypatch.setenv("EQUITY_QUIET", "1")
    assert setup_notices.quiet()
    monkeypatch.setenv("EQUITY_QUIET", "0")
    assert not setup_notices.quiet()
    with pytest.raises(OptionError, match="set_quiet takes True, False or None"):
        setup_notices.set_quiet("yes")


def test_nested_public_calls_share_the_outer_clock() -> None:
    kernel = _fresh_kernel()
    with setup_notices.setting_up("outer") as outer:
        with setup_notices.setting_up("inner") as inner:
            kernel(2)
    assert inner is outer and outer.kernels == 1


def test_calc_reports_its_own_set_up_apart_from_the_calculation(capsys) -> None:
    import time

    equity.calc("holdem", ["AhKh", "QsQd"], board="Qh7c2d")  # its kernels and tables ready
    with setup_notices.setting_up("an outer call") as outer:
        _fresh_kernel()(3)  # set-up before the calc, on the clock the calc shares
        compiled = outer.seconds
        started = time.perf_counter()
        table = equity.calc("holdem", ["AhKh", "QsQd"], board="Qh7c2d")
        elapsed = time.perf_counter() - started
    assert compiled > 0 and outer.what == "an outer call"  # the calc did not rename it
    # nothing was compiled or built during the calc: its set-up is 0 and its time is all its own
    assert table.attrs["setup_seconds"] == 0
    assert 0 < table.attrs["seconds"] <= elapsed
    capsys.readouterr()


def _cli(*args: str, cache: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "EQUITY_CACHE_DIR": str(cache)}
    env.pop("EQUITY_QUIET", None)
    env.pop("NUMBA_CACHE_DIR", None)
    return subprocess.run([sys.executable, "-m", "equity", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=900)


def test_a_first_run_says_it_is_compiling_and_a_warm_one_says_nothing(tmp_path) -> None:
    # An empty cache folder: the first evaluation with a wild rank compiles the kernels and builds
    # El Dorado's tables, and says so on standard error; the second, in a new process with the
    # same folder, is silent.  One hand with no wild card compiles nothing (equity.hand): silent.
    cache = tmp_path / "cache"
    plain = _cli("eval", "holdem", "AhKh", "--board", "QhJhTh2c3d", cache=cache)
    assert plain.returncode == 0 and "royal flush" in plain.stdout.lower() and plain.stderr == ""
    first = _cli("eval", "eldorado", "7d4h", "--board", "9dKh4c4s", "--wild", "K", cache=cache)
    assert first.returncode == 0, first.stderr
    assert "four of a kind" in first.stdout.lower()
    notices = [line for line in first.stderr.splitlines() if line.startswith("equity: ")]
    assert notices and notices[0].startswith("equity: compiling the kernels for eldorado evaluation, once")
    assert any(line.startswith("equity: compiled ") for line in notices)
    second = _cli("eval", "eldorado", "7d4h", "--board", "9dKh4c4s", "--wild", "K", cache=cache)
    assert second.returncode == 0 and second.stdout == first.stdout
    assert second.stderr == ""


def test_warmup_refuses_bad_input() -> None:
    from equity.warmup import warmup, warmup_steps

    with pytest.raises(GameError, match="unknown game 'nosuch'"):
        warmup_steps(["nosuch"])
    with pytest.raises(OptionError, match="jobs must be a positive whole number"):
        warmup(["holdem"], jobs=0)


def test_warmup_steps_cover_every_entry_point_of_a_game() -> None:
    from equity.warmup import STUDY_STEPS, warmup_steps

    assert warmup_steps(["holdem"]) == [("holdem", step) for step in
                                        ("evaluate", "calc exact", "calc monte carlo", "simulate")]
    assert ("draw", "draw values") in warmup_steps(["draw"])
    assert ("eldorado", "calc exact") in warmup_steps(["eldorado"])
    every = warmup_steps(studies=True)
    assert {game for game, _ in every} == {*equity.GAMES, "study"}
    assert [step for game, step in every if game == "study"] == list(STUDY_STEPS)


def test_listing_the_warmup_steps_deals_nothing(monkeypatch) -> None:
    """The steps are listed in the parent process before the workers start: a deal there would
    compile every board game's deal kernels one after another, on one core (about 50 s on a
    fresh clone), before any worker begins."""
    from equity import warmup as module
    from equity.errors import InvalidInputError

    def refuse(*args, **options):
        raise InvalidInputError("a deal while the steps were listed")

    monkeypatch.setattr(equity, "play_deals", refuse)
    steps = module.warmup_steps(studies=True)
    assert ("omaha", "calc monte carlo") in steps
    with pytest.raises(InvalidInputError, match="while the steps were listed"):  # a step itself deals
        dict(module._steps_of("omaha"))["calc monte carlo"]()


def test_warmup_asks_each_game_only_what_it_takes_and_never_passes_over_an_error(monkeypatch) -> None:
    from equity import warmup as module
    from equity.errors import InvalidInputError

    asked = []

    def record(name):
        def call(*args, **options):
            asked.append((name, args[0], options.get("pot"), options.get("hi_lo", False)))
        return call

    monkeypatch.setattr(equity, "calc", record("calc"))
    monkeypatch.setattr(equity, "simulate", record("simulate"))
    monkeypatch.setattr(equity, "evaluate", record("evaluate"))
    for game in ("holdem", "omaha", "eldorado"):
        for _, run in module._steps_of(game):
            run()
    pots = {game: {(pot, hi_lo) for _, g, pot, hi_lo in asked if g == game} for game in ("holdem", "omaha",
                                                                                             "eldorado")}
    assert pots["holdem"] == {(None, False)}  # played for high only: no hi-lo or low question
    assert (None, True) in pots["omaha"] and ("hi_lo", False) in pots["omaha"]
    assert ("low", False) in pots["eldorado"] and not any(hi_lo for _, hi_lo in pots["eldorado"])

    def refuse(*args, **options):
        raise InvalidInputError("a question the warm-up should not have asked")

    monkeypatch.setattr(equity, "calc", refuse)
    step = dict(module._steps_of("holdem"))["calc monte carlo"]
    with pytest.raises(InvalidInputError, match="should not have asked"):
        step()


def test_warmup_compiles_the_aggregated_deals_too(monkeypatch) -> None:
    """``simulate(..., aggregate=True)`` runs on kernels of its own (the fused deal kernels), so
    the warm-up asks it as well as the per-deal rows, for every game."""
    from equity import warmup as module

    asked = []
    monkeypatch.setattr(equity, "simulate", lambda game, *args, **options: asked.append(
        (game, options.get("aggregate", False))))
    for game in ("holdem", "eldorado", "switch"):
        dict(module._steps_of(game))["simulate"]()
        assert {aggregate for g, aggregate in asked if g == game} == {False, True}, game


def test_warmup_runs_the_steps_it_lists() -> None:
    from equity.warmup import warmup

    table = warmup(["holdem"], jobs=1, progress=False)
    assert list(table.step) == ["evaluate", "calc exact", "calc monte carlo", "simulate"]
    assert (table.game == "holdem").all() and (table.seconds > 0).all()
    assert table.attrs["seconds"] >= table.seconds.sum() * 0.99


def test_warmup_in_a_log_says_each_step_done(capsys) -> None:
    # standard error is not a terminal here: no bar, one line per finished step (jobs=1)
    from equity.warmup import warmup

    warmup(["holdem"], jobs=1)
    said = [line for line in capsys.readouterr().err.splitlines() if line.startswith("equity: warmup: ")]
    assert len(said) == 4
    assert said[0].endswith("1 of 4 steps done") and said[-1].endswith("4 of 4 steps done")


def test_warmup_command_line_refuses_names_and_all_together() -> None:
    done = subprocess.run([sys.executable, "-m", "equity", "warmup", "holdem", "--all"], capture_output=True,
                          text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 2
    assert done.stderr.strip() == "equity: give game names or --all, not both"


def test_import_equity_and_equity_eval_load_only_what_they_use() -> None:
    # import equity loads no numpy, pandas or Numba; `equity eval` neither pandas nor the studies
    code = ("import sys\nimport equity\n"
            "heavy = {'numpy', 'pandas', 'numba', 'simulations'}\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & heavy))\n"
            "from equity.cli import main\n"
            "main(['eval', 'holdem', 'AhKh', '--board', 'QhJhTh2c3d'])\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'pandas', 'simulations', 'matplotlib'}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["[]", "royal flush: AhKhQhJhTh", "[]"]
