"""The equity calculator: each hand's share of the pot, exact or by Monte Carlo with a standard error.

:func:`calc` answers "what share of the pot does each hand win?" for the cards
known so far (hole cards, ranges or random hands, a partial board, dead cards).
It enumerates every outcome when that finishes in about a second and samples
otherwise; the phases of a game (the El Dorado exchange, the Switch switches and
draw) are played by the deal engine's policies.

The modules: :mod:`~equity.calculator.question` (the call's arguments, checked
once), :mod:`~equity.calculator.exact` (enumeration planned with the suit
symmetry), :mod:`~equity.calculator.sampling` (the Monte Carlo engines),
:mod:`~equity.calculator.showdown` (strengths and pot shares of dealt rows) and
:mod:`~equity.calculator.execution` (threads and progress bars).
"""

from __future__ import annotations

import math
import time
import warnings
from collections.abc import Sequence

import numpy as np
import pandas as pd

from equity.calculator.exact import (
    EXACT_BUDGET,
    GENERAL_EXACT_BUDGET,
    MAX_TUPLES,
    enumerate_outcomes,
    exact_cost,
)
from equity.calculator.question import Question, read_question
from equity.calculator.sampling import CHUNK_TRIALS, DEFAULT_TRIALS, MAX_PRECISION_TRIALS, sample
from equity.cards import format_cards
from equity.errors import OptionError, check_flag
from equity.games import Game, Switch
from equity.options import exchange_policy_names, has_phase
from equity.results import SeatSums
from equity.rng import resolve_seed
from equity.setup_notices import setting_up

__all__ = ["calc", "PrecisionNotReachedWarning", "EXACT_BUDGET", "DEFAULT_TRIALS", "CHUNK_TRIALS"]


class PrecisionNotReachedWarning(UserWarning):
    """``calc(precision=...)`` stopped at its trial cap before every standard error got below it."""


def _checked_count(value, name: str, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
        raise OptionError(f"{name} must be a whole number of at least {minimum}, got {value!r}")
    return int(value)


def _equity_frame(sums: SeatSums, q: Question, exact: bool) -> pd.DataFrame:
    """The result table: one row per hand."""
    n = sums.n
    frame = pd.DataFrame({
        "hand": [s.text for s in q.seats],
        "equity": sums.mean(),
        "win": sums.wins / n,
        "tie": sums.ties / n,
        "stderr": np.zeros(q.players) if exact else sums.stderr(),
    })
    if sums.hi_lo:
        frame["high"] = sums.high / n
        frame["low"] = sums.low / n
        frame["scoop"] = frame["win"]
    if q.fold_policy is not None:
        frame["gave_up"] = sums.counts.get("gave_up", np.zeros(q.players)) / n
    return frame


def calc(game: str | Game, hands: Sequence[str], board: str = "", dead: str = "", *,
         trials: int | None = None, exact: bool | None = None, precision: float | None = None,
         seed: int | None = None, hi_lo: bool = False, policies=None, progress: bool | None = None,
         by: str | None = None, seat: int | None = None, **rules) -> pd.DataFrame:
    """Each hand's share of the pot, by exact enumeration or by Monte Carlo with a standard error.

    Parameters
    ----------
    game
        A game name (``"holdem"``, ``"omaha"``, ``"tahoe"``, ``"spanish"``,
        ``"egyptian"``, ``"eldorado"``, ``"switch"``, ``"switch7"``, ``"draw"``,
        ``"draw7"``) or a :class:`~equity.games.Game`.
    hands
        One entry per player, seat 0 first (the first to the dealer's left):
        exact cards (``"AhKh"``); ``"random"`` (a hand dealt from the unknown
        cards); in two-card games range notation (``"QQ+, AKs"``, ``"AKo:0.5"``,
        see :func:`equity.parse_range`); in other games a list of explicit hands
        (``"AhKhQh, 2c3c4c"``).  Range combos holding a known card are left out,
        and range against range is weighted by the combos that fit together.
    board
        Known board cards, a whole number of streets (Egyptian Hold'em: 0, 3, 5 or 6).
    dead
        Cards known to be out of play.
    trials
        Monte Carlo trials (with ``precision``: the most it may play).
    exact
        True: enumerate every outcome; False: sample; None (default): enumerate
        when it takes about a second or less, else sample.
    precision
        Sample until every hand's standard error is below this (e.g. 0.001).  When
        ``trials`` stops it first, a :class:`PrecisionNotReachedWarning` says so.
    seed
        Seed of the random streams: the same seed gives the same numbers on any
        number of threads.  None draws one (reported in ``attrs["seed"]``).
    hi_lo
        Split the pot between the best high and the best qualifying low (Omaha,
        Tahoe): adds the ``high``, ``low`` and ``scoop`` columns.  False (the default)
        plays the game's default pot, which for a game listing ``hi_lo`` first is hi-lo;
        ``pot="high"`` asks for the high hand alone.
    policies
        El Dorado before the exchange: the exchange policy of every seat, or one
        per seat (``"greedy"`` by default, ``"never"``, ``"lookahead"``, a Numba
        function, or :func:`equity.strategy.best_response`; see :func:`equity.simulate`);
        ``attrs["policies"]`` names them.
    progress
        True shows a progress bar, False never; None (default) shows one for
        long runs when the output is a terminal.
    by, seat
        ``"combo"`` or ``"class"``: instead of one row per seat, one row per combination (or hand
        class) of the range in ``seat`` (default: the first range), each with its own equity,
        standard error and probability, card removal included: see
        :func:`equity.calculator.breakdown.breakdown` (``trials`` then counts per combination).
    **rules
        ``wild``: El Dorado after the exchange, the final wild rank (``"K"``, or
        ``"none"``), with the final flop as the board and the hands as they are
        after the exchange.  ``pot``: ``"high"``, ``"low"`` or ``"hi_lo"``.
        ``wild_can_be_ace`` (El Dorado low), ``lookahead_samples`` (the
        ``lookahead`` policy), ``fold_policy`` and ``fold_samples`` (El Dorado before the
        exchange: who gives up in the betting round after it, as :func:`equity.simulate` takes
        them; adds ``gave_up``, how often each seat did), and for games with a draw (draw,
        switch) ``draw_policy``
        (``"standard"``, ``"stand"`` for the switches only, ``"max"``, ``"switch_aware"``,
        ``"switch_aware_no_info"``; one or one per seat), ``draw_limit`` and
        ``draw_limit_with_ace``, and for games with a
        switch (switch, switch7) ``reverse``.  The seven-card forms have no draw.

    Returns
    -------
    pandas.DataFrame
        One row per player: ``hand`` (as given), ``equity`` (expected share of the
        pot; the column sums to 1), ``win`` (the whole pot alone), ``tie`` (a part
        of it but not all; in a hi-lo pot that includes taking one half while another
        player takes the other), ``stderr`` (standard error of ``equity``, 0 when exact); with a
        hi-lo pot also ``high`` and ``low`` (the parts of ``equity`` won from each
        half) and ``scoop`` (the whole pot alone, as ``win``).  ``attrs`` holds
        ``method`` (``"exact"`` or ``"monte carlo"``), ``outcomes`` (boards
        enumerated, weighted tuples of hands counted once each) or ``trials`` (None when
        exact), ``seed`` (None when exact), ``game``, ``board``, ``dead``, ``pot``,
        ``seconds`` (the calculation) and
        ``setup_seconds`` (compiling kernels and building tables on a first use, announced on
        standard error as they start: :mod:`equity.setup_notices`).

    Examples
    --------
    >>> table = calc("holdem", ["AhKh", "QsQd"])
    >>> table.attrs["method"], round(float(table.equity[0]), 6)
    ('exact', 0.462145)
    >>> mc = calc("holdem", ["AA", "random"], trials=200_000, seed=1)
    >>> bool(abs(mc.equity[0] - 0.8520) < 4 * mc.stderr[0])
    True
    """
    if by is not None or seat is not None:
        from equity.calculator.breakdown import breakdown

        return breakdown(game, hands, board, dead, by="combo" if by is None else by, seat=seat, trials=trials,
                         exact=exact, seed=seed, hi_lo=hi_lo, policies=policies, progress=progress, **rules)
    with setting_up("the calculator") as clock:
        before = clock.seconds  # (an outer public call's clock may hold set-up from before this call)
        frame = _calc(game, hands, board, dead, trials, precision, exact, seed, hi_lo, policies, progress,
                      rules, clock)
        setup = clock.seconds - before
    frame.attrs["seconds"] = max(frame.attrs["seconds"] - setup, 0.0)
    frame.attrs["setup_seconds"] = setup
    return frame


def _calc(game, hands, board, dead, trials, precision, exact, seed, hi_lo, policies, progress, rules,
          clock):
    started = time.perf_counter()
    check_flag(hi_lo, "hi_lo")
    if exact is not None and not isinstance(exact, (bool, np.bool_)):
        raise OptionError(f"exact must be True, False or None, got {exact!r}")
    q = read_question(game, hands, board, dead, hi_lo, policies, rules)
    if trials is not None:  # two at least: one trial has no standard error
        trials = _checked_count(trials, "trials", minimum=2)
        if trials > MAX_PRECISION_TRIALS:
            raise OptionError(f"trials={trials:,} is more than {MAX_PRECISION_TRIALS:,}, the most one "
                              "call plays (days of work here); use precision= or fewer trials")
    if precision is not None and (isinstance(precision, (bool, np.bool_))
                                  or not isinstance(precision, (int, float, np.integer, np.floating))
                                  or not 0 < precision < 1):
        raise OptionError(
            f"precision must be a standard error between 0 and 1, e.g. 0.001; got {precision!r}")
    if exact and (trials is not None or precision is not None):
        raise OptionError("exact=True enumerates every outcome: leave out trials and precision")
    budget = EXACT_BUDGET if q.fused() else GENERAL_EXACT_BUDGET
    choosing = exact is None and trials is None and precision is None
    cost, plan = exact_cost(q, math.inf if exact else budget if choosing else None)
    if exact:
        if cost is None:
            why = ("a hand is given in part" if q.partial else
                   "the second wild rank follows the face-up queens" if q.game.wild_follows is not None else
                   "the exchange is played by policies" if q.exchange else
                   "the discards are played by policies" if q.discard is not None else
                   "the enumeration counts one board with no kill card and no high qualifier"
                   if q.game.boards > 1 or q.game.kill_cards or q.game.high_qualifier else
                   ("the switches are random" if has_phase(q.game, Switch)
                    else "the draw is random") if q.switch else
                   f"more than {MAX_TUPLES:,} combinations of hands")
            raise OptionError(
                f"{q.game.name}: cannot enumerate here ({why}); sample with trials= or precision=")
        if cost > 100 * budget:
            raise OptionError(
                f"{q.game.name}: enumerating {cost:.3g} hand values would take hours here; sample with "
                "trials= or precision=, or fix more cards")
        use_exact = True
    elif exact is None and trials is None and precision is None:
        use_exact = cost is not None and cost <= budget
    else:
        use_exact = False
    sums = SeatSums(q.players, q.mode == "hi_lo")
    if clock.what == "the calculator":  # this call's own clock, not an outer call's
        clock.what = f"{q.game.name} {'exact' if use_exact else 'Monte Carlo'} calculation"
    if use_exact:
        show = progress if progress is not None else (None if cost > budget else False)
        outcomes = enumerate_outcomes(q, sums, show, plan)
        frame = _equity_frame(sums, q, exact=True)
        frame.attrs.update(method="exact", outcomes=outcomes, trials=None)
        seed_used = None
    else:
        seed_used = resolve_seed(seed)
        n = trials if trials is not None or precision is not None else DEFAULT_TRIALS
        long_run = (n or 0) >= 50 * CHUNK_TRIALS or precision is not None
        show = progress if progress is not None else (None if long_run else False)
        played = sample(q, sums, n, precision, seed_used, show)
        frame = _equity_frame(sums, q, exact=False)
        frame.attrs.update(method="monte carlo", trials=played)
        if precision is not None and float(frame.stderr.max()) >= precision:
            warnings.warn(f"stopped at the cap of {played:,} trials with a standard error of "
                          f"{float(frame.stderr.max()):.2g}, above the precision {precision} asked "
                          "for: raise trials or drop it", PrecisionNotReachedWarning, stacklevel=2)
    frame.attrs.update(seed=seed_used, game=q.game.name, board=format_cards(q.board),
                       dead=format_cards(q.dead), pot=q.mode,
                       seconds=time.perf_counter() - started)
    if q.exchange:
        frame.attrs["policies"] = exchange_policy_names(q.players, policies)
    if q.fold_policy is not None:
        frame.attrs["fold_policy"] = q.fold_policy.describe()
    return frame
