"""Study 7, push/fold charts: with short stacks heads-up, which hands should go all in, and which call?

The small blind (0.5 big blinds) pushes all in or folds; facing a push, the big blind (1) calls
or folds; both have ``stack`` big blinds, the blinds included.  For each game (by default Texas
Hold'em, Spanish poker, Egyptian Hold'em and Tahoe; El Dorado and custom games of two or three
hole cards on request) the study solves the equilibrium at every stack of a grid (1.1 to 20 big blinds in
steps of 0.1 by default) and reports, per game and stack, the share of the combinations the
small blind pushes and the big blind calls, the small blind's value and the solution's
exploitability; per game and hand class, the push and call thresholds (the largest stack at
which the class is pushed or called); and for Hold'em the anchors of issue 28 beside the
published figures.

Method. :func:`equity.strategy.push_fold` on the class-against-class equity matrix of the game
(:func:`equity.strategy.push_fold_solver.class_matrix`: exact where each pair of hands has at
most 2,000,000 boards and no exchange, Hold'em and Spanish poker; otherwise Monte Carlo with
``trials`` deals per pair of classes, ``exchange_trials`` in El Dorado, seeded with the run's
seed; Tahoe's 1,755 classes from ``matrix_deals`` whole random deals, each counted in the cell
of the two classes it dealt), solved by predictive CFR+ to an exploitability of 1e-6 big blinds
per hand; the thresholds are :func:`equity.strategy.push_fold_thresholds` on the same matrix and
grid. Each game is one cell and one chunk: the work is the class matrix (cached on disk, so a
second run or a run with other stacks reads it) and a deterministic solve at every stack, not a
sum of deals, so it is not split. ``deals`` does not apply (it stays 1); the Monte Carlo size is
the ``trials`` parameter. A chunk stores the solution at every stack (frequencies and gains of
every class), the thresholds and the matrix's description; the tables are made from them when
the run is finished. Where the matrix is Monte Carlo, the gains carry standard errors: a range
size's 95% band counts the classes whose gain over folding is within 1.96 standard errors of
zero out (low end) and in (high end), and a threshold's band is where the gain less (more) 1.96
standard errors last crosses zero over the grid, the other player's strategy held at the
equilibrium.

Tables: ``result`` (per game and stack), ``thresholds`` (per game and class), ``ranges`` (per
game, stack and class), ``matrices`` (per game; ``policies``, the El Dorado exchange profile, a
list) and ``anchors`` (Hold'em, no ante).  Their ``attrs["method"]`` is the class matrices' (one
method, or ``"mixed"``), with their ``trials`` and ``seed`` where the sampled matrices share them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

import equity
from equity.errors import OptionError
from equity.games import Exchange
from equity.options import EXCHANGE_POLICIES, has_phase
from equity.strategy.push_fold_solver import (
    BIG_BLIND,
    DEALS,
    EXACT_BOARDS,
    EXCHANGE_TRIALS,
    SMALL_BLIND,
    TOLERANCE,
    TRIALS,
    class_matrix,
    hand_classes,
    push_fold,
    thresholds_of,
)
from simulations.study import Z95, Study

__all__ = ["STUDY", "GAMES", "PUBLISHED", "ANCHOR_STACK", "stack_grid", "matrix_options", "model_text",
           "class_kind"]

#: The games charted by default (El Dorado and custom games on request: ``--param games=...``).
GAMES = ("holdem", "spanish", "egyptian", "tahoe")
#: The stack of the range-size anchors, big blinds.
ANCHOR_STACK = 10.0
#: Issue 28's acceptance anchors for Hold'em (no ante, SB 0.5, BB 1), from the published Nash
#: push/fold charts: ``(anchor, hand, player, published, low, high, unit)``; ``low``-``high`` is
#: the tolerance the issue states around the published figure.
PUBLISHED = (
    ("pushed at 10 bb", "", "push", "58.4%", 57.4, 59.4, "% of 1,326 combos"),
    ("called at 10 bb", "", "call", "37.3-37.6%", 36.3, 38.6, "% of 1,326 combos"),
    ("K2o push threshold", "K2o", "push", "11.6", 11.4, 11.8, "bb"),
    ("Q7o push threshold", "Q7o", "push", "10.3", 10.1, 10.5, "bb"),
    ("T3s push threshold", "T3s", "push", "7.7", 7.5, 7.9, "bb"),
    ("Q2o call threshold", "Q2o", "call", "5.6", 5.4, 5.8, "bb"),
    ("72o push threshold", "72o", "push", "1.622", 1.612, 1.632, "bb"),
    ("32o push threshold", "32o", "push", "1.413", 1.403, 1.423, "bb"),
)


# ---------------------------------------------------------------------------------------------
# Parameters
# ---------------------------------------------------------------------------------------------
def stack_grid(params: Mapping[str, Any]) -> list[float]:
    """The stacks solved: ``stack_min`` to ``stack_max`` in steps of ``stack_step`` (big blinds).

    Examples
    --------
    >>> grid = stack_grid({"stack_min": 1.1, "stack_max": 20.0, "stack_step": 0.1})
    >>> len(grid), grid[:3], grid[-1], 10.0 in grid
    (190, [1.1, 1.2, 1.3], 20.0, True)
    """
    low, high, step = (float(params[k]) for k in ("stack_min", "stack_max", "stack_step"))
    if not all(math.isfinite(v) for v in (low, high, step)) or step <= 0:
        raise OptionError(f"stack_step must be a positive number of big blinds, got {params['stack_step']!r}")
    if not low > BIG_BLIND:
        raise OptionError(f"stack_min {low:g}: stacks must exceed the big blind (1 bb)")
    if not high > low:
        raise OptionError(f"stack_max {high:g} must exceed stack_min {low:g}")
    n = int(math.floor((high - low) / step + 1e-9))
    return [round(low + step * k, 6) for k in range(n + 1)]


def matrix_options(params: Mapping[str, Any], game: str, seed: int) -> dict[str, Any]:
    """The class matrix options of ``game`` in a run: ``method``, ``trials``, ``seed`` and
    ``policies`` as :func:`~equity.strategy.push_fold_solver.class_matrix` takes them.

    ``method="auto"`` chooses as the solver does: exact where a pair of hands has at most
    :data:`~equity.strategy.push_fold_solver.EXACT_BOARDS` boards and no exchange, otherwise
    Monte Carlo with ``trials`` (``exchange_trials`` with an exchange) and the run's ``seed``.
    Games of three hole cards (Tahoe) always take a ``"deals"`` matrix of ``matrix_deals``
    random deals.

    Examples
    --------
    >>> p = {"method": "auto", "trials": 500, "exchange_trials": 200, "policy": "greedy",
    ...      "matrix_deals": 10**6}
    >>> matrix_options(p, "holdem", 1), matrix_options(p, "egyptian", 1)["trials"]
    ({'method': 'exact', 'trials': None, 'seed': None, 'policies': None}, 500)
    >>> matrix_options(p, "tahoe", 1)["method"], matrix_options(p, "tahoe", 1)["trials"]
    ('deals', 1000000)
    """
    g = equity.get_game(game)
    exchange = has_phase(g, Exchange)
    method = params["method"]
    if g.hole_cards != 2:  # Tahoe: whole random deals, the only matrix of three-card hands
        return {"method": "deals", "trials": int(params["matrix_deals"]), "seed": int(seed), "policies": None}
    if method == "auto":
        boards = math.comb(g.deck_size - 4, g.board_cards)
        method = "exact" if not exchange and boards <= EXACT_BOARDS else "monte carlo"
    if method == "exact":
        return {"method": "exact", "trials": None, "seed": None, "policies": None}
    trials = int(params["exchange_trials"] if exchange else params["trials"])
    return {"method": "monte carlo", "trials": trials, "seed": int(seed),
            "policies": params["policy"] if exchange else None}


def class_kind(name: str) -> str:
    """A class's shape from its name: two cards (``"AA"``, ``"AKs"``, ``"AKo"``) ``"pair"``,
    ``"suited"`` or ``"offsuit"``; three (a hand such as ``"AsAhKs"``) ``"trips"``, ``"pair,
    suited kicker"`` (the kicker shares a suit with a card of the pair), ``"pair, offsuit
    kicker"``, ``"suited"`` (all three of one suit), ``"two suited"`` or ``"rainbow"``.

    Examples
    --------
    >>> [class_kind(n) for n in ("AA", "AKs", "AKo", "AsAhAd", "AsAhKs", "AsAhKd", "AsKsQs", "AsKsQh",
    ...                          "AsKhQd")]  # doctest: +NORMALIZE_WHITESPACE
    ['pair', 'suited', 'offsuit', 'trips', 'pair, suited kicker', 'pair, offsuit kicker', 'suited',
     'two suited', 'rainbow']
    """
    if len(name) <= 3:
        return "pair" if len(name) == 2 else "suited" if name.endswith("s") else "offsuit"
    ranks, suits = name[0::2], name[1::2]
    distinct_ranks, distinct_suits = len(set(ranks)), len(set(suits))
    if distinct_ranks == 1:
        return "trips"
    if distinct_ranks == 2:
        return "pair, suited kicker" if distinct_suits == 2 else "pair, offsuit kicker"
    return {1: "suited", 2: "two suited"}.get(distinct_suits, "rainbow")


def model_text(ante: float = 0.0) -> str:
    """The model in words, for tables' and charts' notes."""
    antes = "no ante" if ante == 0 else f"antes of {ante:g} bb each"
    return f"heads-up push/fold, SB {SMALL_BLIND:g} / BB {BIG_BLIND:g}, {antes}"


def _cells(params: Mapping[str, Any]) -> list[dict[str, Any]]:
    if list(params["players"]) != [2]:
        raise OptionError(f"players={params['players']}: push/fold is heads-up, 2 players only")
    if params["method"] not in ("auto", "exact", "monte carlo"):
        raise OptionError(f"method must be 'auto', 'exact' or 'monte carlo', got {params['method']!r} "
                          "(Tahoe's matrix is always made from random deals: --param matrix_deals=N)")
    if int(params["matrix_deals"]) < 100_000:
        raise OptionError(f"matrix_deals must be at least 100,000 random deals, got "
                          f"{params['matrix_deals']!r}")
    if params["policy"] not in EXCHANGE_POLICIES:
        raise OptionError(f"policy {params['policy']!r}: El Dorado's exchange policies are "
                          f"{', '.join(EXCHANGE_POLICIES)}")
    for name in ("trials", "exchange_trials"):
        if int(params[name]) < 100:
            raise OptionError(f"{name} must be at least 100 Monte Carlo trials per pair of classes, "
                              f"got {params[name]!r}")
    if not float(params["ante"]) >= 0:
        raise OptionError(f"ante {params['ante']!r}: an ante cannot be negative")
    stack_grid(params)
    cells = []
    for game in params["games"]:
        hand_classes(game)  # refuses unknown games and those push/fold does not apply to
        cells.append({"game": game})
    if not cells:
        raise OptionError("games: give at least one game")
    return cells


def _cell_deals(params: Mapping[str, Any], cell: Mapping[str, Any], deals: int) -> int:
    if deals != 1:
        raise OptionError(f"push-fold solves each game whole in one chunk: --deals {deals} does not apply "
                          "(leave it at 1); the Monte Carlo matrices' size is --param trials=N (trials per "
                          "pair of classes)")
    return 1


# ---------------------------------------------------------------------------------------------
# One game
# ---------------------------------------------------------------------------------------------
def _chunk(params: Mapping[str, Any], cell: Mapping[str, Any], seed: int, chunk: int,
           deals: int) -> pd.DataFrame:
    game = cell["game"]
    ante = float(params["ante"])
    options = matrix_options(params, game, seed)
    matrix = class_matrix(game, progress=False, **options)
    classes = matrix.classes
    stacks = stack_grid(params)
    solved, per_class, founds = [], [], []
    for stack in stacks:
        found = push_fold(game, stack, ante=ante, progress=False, **options)
        founds.append(found)
        solved.append({"part": "stack", "stack": stack, "push_percent": found.push_percent,
                       "call_percent": found.call_percent, "push_combos": found.push_combos,
                       "call_combos": found.call_combos, "value": found.value,
                       "value_se": found.value_stderr, "exploitability": found.exploitability,
                       "iterations": float(found.iterations)})
        per_class.append(pd.DataFrame({
            "part": "class", "stack": stack, "hand": list(found.classes),
            "combos": found.combos.astype(float),
            "push": found.push, "call": found.call, "push_gain": found.push_gain,
            "call_gain": found.call_gain, "push_gain_se": found.push_gain_stderr,
            "call_gain_se": found.call_gain_stderr}))
    chart = thresholds_of(matrix, stacks, founds, ante)  # push_fold_thresholds, from these solutions
    rows, cols = zip(*classes.cells, strict=True) if classes.grid else ([-1] * len(classes),) * 2
    thresholds = pd.DataFrame({
        "part": "threshold", "hand": chart.hand, "combos": chart.combos.astype(float),
        "push_threshold": chart.push, "call_threshold": chart.call,
        "equity_vs_random": matrix.random_hand_equity(), "row": np.array(rows, dtype=float),
        "col": np.array(cols, dtype=float)})
    described = pd.DataFrame([{
        "part": "matrix", "method": matrix.method, "trials": float(matrix.trials or 0),
        "matrix_seed": float(matrix.seed) if matrix.seed is not None else math.nan,
        "pot": matrix.pot, "policies": list(matrix.policies or ()),
        "classes": float(len(classes)), "n_combos": float(classes.counts.sum()),
        "matrix_seconds": float(matrix.seconds), "unreached": float(matrix.unreached),
        "stderr_mean": float(matrix.stderr[matrix.pairs > 0].mean()),
        "stderr_max": float(matrix.stderr.max()),
        "ranks": "".join(equity.cards.RANKS[r] for r in classes.ranks),
        "max_exploitability": float(chart.attrs["exploitability"])}])
    return pd.concat([pd.DataFrame(solved), *per_class, thresholds, described], ignore_index=True)


# ---------------------------------------------------------------------------------------------
# Tables
# ---------------------------------------------------------------------------------------------
def _last_stack(stacks: np.ndarray, gain: np.ndarray) -> float:
    """The largest stack at which ``gain`` is positive, placed where it crosses zero (linearly)
    before the next stack of the grid; inf when positive at the grid's largest stack, nan never."""
    where = np.flatnonzero(gain > 0)
    if len(where) == 0:
        return math.nan
    i = where[-1]
    if i == len(stacks) - 1:
        return math.inf
    above, below = gain[i], min(gain[i + 1], 0.0)
    return float(stacks[i] + (stacks[i + 1] - stacks[i]) * above / (above - below))


def _bands(part: pd.DataFrame, player: str) -> tuple[float, float]:
    """A range size's 95% band at one stack: the classes whose gain is within 1.96 standard errors
    of zero counted out, then in (percent of the combos)."""
    frequency, gain, se = (part[c].to_numpy() for c in (player, f"{player}_gain", f"{player}_gain_se"))
    combos = part.combos.to_numpy()
    unsettled = np.abs(gain) <= Z95 * se
    point = float(combos @ frequency)
    total = float(combos.sum())
    low = point - float(combos[unsettled] @ frequency[unsettled])
    high = point + float(combos[unsettled] @ (1.0 - frequency[unsettled]))
    return 100.0 * low / total, 100.0 * high / total


def _threshold_bands(classes: pd.DataFrame, stacks: np.ndarray, player: str) -> tuple[list, list]:
    """Each class's threshold band: where its gain less, and plus, 1.96 standard errors last
    crosses zero over the grid."""
    lows, highs = [], []
    for _, rows in classes.groupby("hand", sort=False):
        gain, se = rows[f"{player}_gain"].to_numpy(), rows[f"{player}_gain_se"].to_numpy()
        lows.append(_last_stack(stacks, gain - Z95 * se))
        highs.append(_last_stack(stacks, gain + Z95 * se))
    return lows, highs


def _finish(sums: pd.DataFrame, params: Mapping[str, Any]) -> dict[str, pd.DataFrame]:
    ante = float(params["ante"])
    results, thresholds, ranges, matrices = [], [], [], []
    for game, rows in sums.groupby("game", sort=False):
        described = rows[rows.part == "matrix"].iloc[0]
        exact = described.method == "exact"
        info = {"game": game, "method": described.method, "trials": int(described.trials)}
        stack_rows = rows[rows.part == "stack"]
        class_rows = rows[rows.part == "class"]
        stacks = stack_rows["stack"].to_numpy()
        table = pd.DataFrame({**info, "stack": stacks})
        for column in ("push_percent", "call_percent", "push_combos", "call_combos", "value", "value_se",
                       "exploitability"):
            table[column] = stack_rows[column].to_numpy()
        table["iterations"] = stack_rows.iterations.to_numpy().astype(np.int64)
        for player in ("push", "call"):
            if exact:
                low = high = table[f"{player}_percent"].to_numpy()
            else:
                by_stack = class_rows.groupby("stack", sort=False)
                low, high = zip(*(_bands(part, player) for _, part in by_stack), strict=True)
            table[f"{player}_percent_low"], table[f"{player}_percent_high"] = low, high
        table["ante"] = ante
        results.append(table)

        chart = rows[rows.part == "threshold"]
        frame = pd.DataFrame({"game": game, "hand": chart.hand.to_numpy(),
                              "kind": [class_kind(h) for h in chart.hand],
                              "combos": chart.combos.to_numpy().astype(np.int64),
                              "row": chart.row.to_numpy().astype(np.int64),
                              "col": chart.col.to_numpy().astype(np.int64),
                              "equity_vs_random": chart.equity_vs_random.to_numpy()})
        for player in ("push", "call"):
            point = chart[f"{player}_threshold"].to_numpy()
            frame[player] = point
            if exact:
                frame[f"{player}_low"], frame[f"{player}_high"] = point, point
            else:
                low, high = _threshold_bands(class_rows, stacks, player)
                # the band holds the point: a class mixed at a stack is played there when more
                # than half of it is, whatever the sign of its gain's noise
                frame[f"{player}_low"] = np.fmin(low, point)
                frame[f"{player}_high"] = np.fmax(high, point)
        frame.insert(2, "method", described.method)
        thresholds.append(frame)

        kept = ["stack", "hand", "combos", "push", "call", "push_gain", "call_gain", "push_gain_se",
                "call_gain_se"]
        ranges.append(class_rows[kept].assign(game=game)[["game", *kept]])

        matrices.append({**info, "seed": None if exact else int(described.matrix_seed), "pot": described.pot,
                         "policies": [str(p) for p in described.policies], "classes": int(described.classes),
                         "combos": int(described.n_combos), "ranks": described.ranks,
                         "seconds": float(described.matrix_seconds),
                         "stderr_mean": float(described.stderr_mean),
                         "stderr_max": float(described.stderr_max), "unreached": float(described.unreached),
                         "stacks": len(stacks),
                         "stack_min": float(stacks.min()), "stack_max": float(stacks.max()),
                         "max_exploitability": float(table.exploitability.max()),
                         "tolerance": TOLERANCE, "ante": ante})
    result = pd.concat(results, ignore_index=True)
    thresholds_table = pd.concat(thresholds, ignore_index=True)
    ranges_table = pd.concat(ranges, ignore_index=True)
    ranges_table["combos"] = ranges_table.combos.astype(np.int64)
    tables = {"result": result, "thresholds": thresholds_table, "ranges": ranges_table,
              "matrices": pd.DataFrame(matrices), "anchors": anchors(result, thresholds_table, ante)}
    # how the tables were computed: the games' class matrices (one method, or "mixed"; each game's
    # in the method column), with their trials and seed where every sampled matrix shares them
    methods = {m["method"] for m in matrices}
    sampled = [m for m in matrices if m["method"] != "exact"]
    described = {"method": methods.pop() if len(methods) == 1 else "mixed",
                 "trials": sampled[0]["trials"] if len({m["trials"] for m in sampled}) == 1 else None,
                 "seed": sampled[0]["seed"] if len({m["seed"] for m in sampled}) == 1 else None}
    for table in tables.values():
        table.attrs.update(described)
    return tables


def anchors(result: pd.DataFrame, thresholds: pd.DataFrame, ante: float = 0.0) -> pd.DataFrame:
    """Issue 28's Hold'em anchors (:data:`PUBLISHED`) beside the run's figures: empty without a
    Hold'em cell or with an ante (the anchors are for no ante).

    ``computed`` is NaN where the grid lacks the 10 bb stack; ``formula`` is ``0.5 / (1 - 2 e)``
    for the push thresholds of hands pushed only while the big blind calls every hand (72o, 32o),
    ``e`` the hand's exact equity against a random hand.
    """
    columns = ["anchor", "hand", "player", "unit", "published", "low", "high", "computed", "formula",
               "difference", "within"]
    if ante != 0 or "holdem" not in set(result.game):
        return pd.DataFrame(columns=columns)
    stacks = result[result.game == "holdem"].set_index("stack")
    chart = thresholds[thresholds.game == "holdem"].set_index("hand")
    rows = []
    for anchor, hand, player, published, low, high, unit in PUBLISHED:
        formula = math.nan
        if hand:
            computed = float(chart.loc[hand, player])
            if hand in ("72o", "32o"):
                formula = SMALL_BLIND / (1.0 - 2.0 * float(chart.loc[hand, "equity_vs_random"]))
        else:
            at = stacks.index[np.isclose(stacks.index, ANCHOR_STACK)]
            computed = float(stacks.loc[at[0], f"{player}_percent"]) if len(at) else math.nan
        middle = (low + high) / 2
        rows.append({"anchor": anchor, "hand": hand, "player": player, "unit": unit, "published": published,
                     "low": low, "high": high, "computed": computed, "formula": formula,
                     "difference": computed - middle, "within": bool(low <= computed <= high)})
    return pd.DataFrame(rows, columns=columns)


def _headline(tables: Mapping[str, pd.DataFrame]) -> list[str]:
    lines = []
    result, matrices = tables["result"], tables["matrices"].set_index("game")
    for game, rows in result.groupby("game", sort=False):
        m = matrices.loc[game]
        at = rows[np.isclose(rows["stack"], ANCHOR_STACK)]
        size = ("exact" if m.method == "exact" else f"Monte Carlo, {int(m.trials):,} random deals"
                if m.method == "deals" else f"Monte Carlo, {int(m.trials):,} trials a pair of classes")
        if len(at):
            row = at.iloc[0]
            band = "" if m.method == "exact" else (f" (95% bands {row.push_percent_low:.1f}-"
                                                   f"{row.push_percent_high:.1f}, {row.call_percent_low:.1f}-"
                                                   f"{row.call_percent_high:.1f})")
            lines.append(f"{game:<9} 10 bb: pushes {row.push_percent:.2f}%, calls {row.call_percent:.2f}%"
                         f"{band}, small blind's value {row.value:+.4f} bb ± {row.value_se:.4f} "
                         f"({size} matrix)")
        low, high = rows["stack"].min(), rows["stack"].max()
        lines.append(f"{game:<9} {len(rows)} stacks {low:g}-{high:g} bb: largest "
                     f"exploitability {rows.exploitability.max():.1e} bb per hand")
    for row in tables["anchors"].itertuples():
        lines.append(f"holdem anchor {row.anchor}: {row.computed:.4g} (published {row.published}, "
                     f"{'within' if row.within else 'OUTSIDE'} {row.low:g}-{row.high:g})")
    return lines


STUDY = Study(
    name="push-fold",
    title="Push/fold charts: heads-up push and call ranges and thresholds by stack, Hold'em anchors",
    question=__doc__.split("\n\n")[1].replace("\n", " "),
    defaults={"players": [2], "games": list(GAMES), "stack_min": 1.1, "stack_max": 20.0, "stack_step": 0.1,
              "ante": 0.0, "method": "auto", "trials": TRIALS, "exchange_trials": EXCHANGE_TRIALS,
              "matrix_deals": DEALS, "policy": "greedy"},
    deals=1,
    published_deals=1,
    precision="deals do not apply (one chunk per game); Monte Carlo matrices: --param trials=50000 gives "
              "class-matrix cells to about ±0.002 and the small blind's value to about ±0.0001 bb; Tahoe's "
              "--param matrix_deals=200000000 (the default) gives its value to about ±0.0001 bb",
    cells=_cells,
    chunk=_chunk,
    finish=_finish,
    headline=_headline,
    cell_deals=_cell_deals,
)
