"""A range seat hand by hand: each combination's own equity (``calc(..., by="combo")``), the same
grouped by hand class (``by="class"``), and the distribution of equities over the range
(:func:`equity_distribution`, what Equilab draws as an equity graph).

Each combination of the seat is played as a fixed hand against the other seats as given, by
:func:`equity.calc` (exact where it is quick, else Monte Carlo with its standard error).  Its
probability is its weight times the weight of the other range seats' combinations that fit
with it (card removal: the calculator deals range against range weighted by the combinations
that fit together), so the probability-weighted mean of the combinations' equities is the
seat's equity in the whole calculation: exactly, when every part is exact.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd

from equity.calculator.question import RANGE, read_question
from equity.cards import RANKS, format_cards
from equity.errors import OptionError
from equity.games import Game
from equity.rng import resolve_seed

__all__ = ["BREAKDOWNS", "COMBO_TRIALS", "breakdown", "equity_distribution", "group_by_class", "hand_class"]

#: The ``by=`` values of :func:`equity.calc`.
BREAKDOWNS = ("combo", "class")
#: Monte Carlo trials per combination when a combination's spot is not enumerated and ``trials``
#: is not given (a standard error of about 0.0035 each).
COMBO_TRIALS = 20_000
#: Most joint combinations of the other range seats counted for card removal.
MAX_JOINT = 4_000_000


def hand_class(cards: np.ndarray) -> str:
    """A hand's class: two cards as ``"AKs"``, ``"AKo"`` or ``"QQ"``; more cards as their ranks,
    high to low, then their suit pattern (``"AKQJ:aabb"``: cards of one letter share a suit,
    letters in the order the suits first appear)."""
    ordered = sorted((int(c) for c in cards), key=lambda c: (-(c >> 2), -(c & 3)))
    ranks = "".join(RANKS[c >> 2] for c in ordered)
    if len(ordered) == 2:
        if ordered[0] >> 2 == ordered[1] >> 2:
            return ranks
        return ranks + ("s" if ordered[0] & 3 == ordered[1] & 3 else "o")
    letters: dict[int, str] = {}
    pattern = "".join(letters.setdefault(c & 3, "abcd"[len(letters)]) for c in ordered)
    return f"{ranks}:{pattern}"


def _joint_weights(seat_combos: np.ndarray, others: list[tuple[np.ndarray, np.ndarray]]) -> np.ndarray:
    """For each combination of the broken-down seat, the summed weight of the other range seats'
    joint combinations that share no card with it nor with each other."""
    def masks(combos: np.ndarray) -> np.ndarray:
        one = np.uint64(1)
        out = np.zeros(len(combos), dtype=np.uint64)
        for column in combos.T:
            out |= one << column.astype(np.uint64)
        return out

    mine = masks(seat_combos)
    if not others:
        return np.ones(len(seat_combos))
    size = math.prod(len(c) for c, _ in others)
    if size > MAX_JOINT:
        raise OptionError(f"the other range seats have {size:,} joint combinations (at most {MAX_JOINT:,} "
                          "are counted for card removal): narrow them, or give them as random hands")
    joint_masks = np.zeros(1, dtype=np.uint64)
    joint_weights = np.ones(1)
    for combos, weights in others:  # build the joint combinations seat by seat, dropping overlaps
        m = masks(combos)
        overlap = (joint_masks[:, None] & m[None, :]) != 0
        keep = ~overlap
        rows, cols = np.nonzero(keep)
        joint_masks = joint_masks[rows] | m[cols]
        joint_weights = joint_weights[rows] * weights[cols]
    fits = (mine[:, None] & joint_masks[None, :]) == 0
    return fits.astype(float) @ joint_weights


def breakdown(game: str | Game, hands: Sequence[str], board: str = "", dead: str = "", *,
              by: str = "combo", seat: int | None = None, trials: int | None = None,
              exact: bool | None = None, seed: int | None = None, hi_lo: bool = False, policies=None,
              progress: bool | None = None, **rules) -> pd.DataFrame:
    """The hands of one range seat, each with its own equity: what ``calc(..., by=...)`` returns.

    Parameters are those of :func:`equity.calc`, and:

    by
        ``"combo"``: one row per combination; ``"class"``: one row per hand class
        (:func:`hand_class`), its combinations' probabilities summed and equities averaged.
    seat
        The seat broken down (0 first); None: the first seat given as a range.
    exact, trials
        ``exact=None`` and no ``trials`` (default): every combination enumerated when one
        combination's spot is enumerated in about a second (as ``calc`` decides), else each
        sampled with :data:`COMBO_TRIALS` trials; ``trials``: each combination sampled with that
        many; ``exact=True``: each enumerated.
    seed
        The seed of the whole breakdown: combination ``i`` plays the ``i``-th stream of it.

    Returns
    -------
    pandas.DataFrame
        Columns ``hand`` (the combination, or the class), ``class``, ``combos``, ``weight`` (as
        the range gives it), ``probability`` (its share of the seat's deals, card removal
        included), ``equity``, ``win``, ``tie``, ``stderr`` (0 when exact).  ``attrs``: ``game``,
        ``board``, ``dead``, ``seat``, ``by``, ``method`` (``"exact"``, ``"monte carlo"`` or
        ``"mixed"``), ``seed``, ``trials`` (per sampled combination), ``equity`` (the seat's
        equity: the probability-weighted mean) and ``stderr`` (its standard error).
    """
    if by not in BREAKDOWNS:
        raise OptionError(f"by must be one of {', '.join(map(repr, BREAKDOWNS))}, got {by!r}")
    q = read_question(game, hands, board, dead, hi_lo, policies, rules)
    ranged = [k for k, s in enumerate(q.seats) if s.kind == RANGE]
    if seat is None:
        if not ranged:
            raise OptionError("no seat is a range: give one hand as a range (e.g. 'QQ+, AKs') to break down")
        seat = ranged[0]
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < q.players:
        raise OptionError(f"seat must be a seat number from 0 to {q.players - 1}, got {seat!r}")
    if q.seats[seat].kind != RANGE:
        raise OptionError(f"seat {seat} ({q.seats[seat].text!r}) is not a range: only a range has hands to "
                          "break down")
    target = q.seats[seat]
    others = [(s.combos, s.weights) for k, s in enumerate(q.seats) if s.kind == RANGE and k != seat]
    probability = target.weights * _joint_weights(target.combos, others)
    if probability.sum() <= 0:
        raise OptionError("no combination of the seat fits with the other ranges")
    probability = probability / probability.sum()
    seed_used = resolve_seed(seed)
    streams = np.random.SeedSequence(seed_used).generate_state(len(target.combos), np.uint64)
    from tqdm.auto import tqdm

    from equity.calculator import calc

    texts = list(hands) if not isinstance(hands, str) else [hands]
    sample_all = exact is False or trials is not None or (exact is None and not _enumerable(
        q.game, texts, seat, format_cards(target.combos[0]), board, dead, hi_lo, policies, rules))
    rows, methods = [], set()
    for i in tqdm(range(len(target.combos)), disable=None if progress is None else not progress,
                  unit="hand", desc="hands of the range"):
        if probability[i] == 0:
            continue
        given = list(texts)
        given[seat] = format_cards(target.combos[i])
        if sample_all:
            table = calc(q.game, given, board, dead, trials=trials or COMBO_TRIALS,
                         seed=int(streams[i] >> np.uint64(1)), hi_lo=hi_lo, policies=policies,
                         progress=False, **rules)
        else:
            table = calc(q.game, given, board, dead, exact=True, hi_lo=hi_lo, policies=policies,
                         progress=False, **rules)
        methods.add(table.attrs["method"])
        row = table.iloc[seat]
        rows.append({"hand": given[seat], "class": hand_class(target.combos[i]), "combos": 1,
                     "weight": float(target.weights[i]), "probability": float(probability[i]),
                     "equity": float(row.equity), "win": float(row.win), "tie": float(row.tie),
                     "stderr": float(row.stderr)})
    frame = pd.DataFrame(rows)
    if by == "class":
        frame = group_by_class(frame)
    method = methods.pop() if len(methods) == 1 else "mixed"
    frame.attrs.update(
        game=q.game.name, board=format_cards(q.board), dead=format_cards(q.dead), seat=int(seat), by=by,
        method=method, seed=None if method == "exact" else seed_used,
        trials=None if method == "exact" else (trials or COMBO_TRIALS),
        equity=float((frame.probability * frame.equity).sum()),
        stderr=_mean_stderr(frame))
    return frame


def _enumerable(game, texts, seat, first, board, dead, hi_lo, policies, rules) -> bool:
    """Whether the spot of one combination is enumerated in about a second (as ``calc`` decides):
    then every combination's is, the spots differing only by that seat's cards."""
    from equity.calculator.exact import EXACT_BUDGET, GENERAL_EXACT_BUDGET, exact_cost

    given = list(texts)
    given[seat] = first
    q = read_question(game, given, board, dead, hi_lo, policies, rules)
    budget = EXACT_BUDGET if q.fused() else GENERAL_EXACT_BUDGET
    cost, _ = exact_cost(q, budget)
    return cost is not None and cost <= budget


def _mean_stderr(frame: pd.DataFrame) -> float:
    return float(np.sqrt(((frame.probability * frame.stderr) ** 2).sum()))


def group_by_class(frame: pd.DataFrame) -> pd.DataFrame:
    """Combination rows (``by="combo"``) grouped by class, in the order the classes first appear:
    the ``by="class"`` rows (probabilities summed; equities, wins, ties averaged by probability)."""
    rows = []
    for name, group in frame.groupby("class", sort=False):
        p = group.probability.sum()
        share = group.probability / p if p > 0 else group.probability * 0
        rows.append({"hand": name, "class": name, "combos": len(group), "weight": group.weight.sum(),
                     "probability": p, "equity": float((share * group.equity).sum()),
                     "win": float((share * group.win).sum()), "tie": float((share * group.tie).sum()),
                     "stderr": float(np.sqrt(((share * group.stderr) ** 2).sum()))})
    return pd.DataFrame(rows)


def equity_distribution(game: str | Game, range_text: str, against: str | Sequence[str], board: str = "",
                        dead: str = "", *, trials: int | None = None, exact: bool | None = None,
                        seed: int | None = None, progress: bool | None = None, **rules) -> pd.DataFrame:
    """The distribution of equities over a range: each of its combinations' equity against the
    other hands, best first, with the share of the range at or above it.

    Parameters
    ----------
    game, board, dead, trials, exact, seed, progress, **rules
        As :func:`breakdown` takes them.
    range_text
        The range (seat 0).
    against
        The other hands, as :func:`equity.calc` takes them (one text, or a list).

    Returns
    -------
    pandas.DataFrame
        The ``by="combo"`` rows sorted by equity, best first, with ``at_least`` (the share of the
        range, by probability, whose equity is at least this row's).  ``attrs["equity"]`` is the
        range's equity (the probability-weighted mean); the rest as :func:`breakdown`.

    Examples
    --------
    >>> spread = equity_distribution("holdem", "QQ+, AKs", "JJ-99", board="Qh7c2d")
    >>> round(spread.attrs["equity"], 4), round(float(spread.equity.iloc[0]), 4), spread["class"].iloc[0]
    (0.7952, 0.999, 'QQ')
    """
    others = [against] if isinstance(against, str) else list(against)
    frame = breakdown(game, [range_text, *others], board, dead, by="combo", seat=0, trials=trials,
                      exact=exact, seed=seed, progress=progress, **rules)
    attrs = dict(frame.attrs)
    frame = frame.sort_values(["equity", "hand"], ascending=[False, True], kind="stable")
    frame = frame.reset_index(drop=True)
    frame["at_least"] = frame.probability.cumsum()
    frame.attrs.update(attrs)
    return frame
