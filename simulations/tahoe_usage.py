"""Study 3, Tahoe hole-card usage: how many hole cards does a hand use, what does "never all three" cost?

A Tahoe hand is made from none, one or two of the three hole cards with the
board, never all three.  The study measures the share of best hands that use 0,
1 and 2 hole cards, for all hands and for the winning hands (every hand with a
share of the high pot), by number of players and by hand category; how often the
rule "never all three" changes a hand (the best five of all eight cards, which
may use all three hole cards, would have been better) and how often it changes
who wins; the same usage table for Hold'em (0, 1 or 2 of two) and Omaha (always
exactly two) as baselines; and in hi-lo, how often the pot is scooped (one
player takes all of it), split (no single player takes all of it) or a player is
quartered (wins exactly a quarter).

Method: :func:`equity.play_deals` deals and plays each game (Tahoe and Omaha for
``pot="hi_lo"``, whose deals also carry each seat's high strength; the high
winners are the seats with the deal's best high strength).  Hole cards used come
from the engine (:func:`equity.hole_cards_used_many`: the fewest hole cards that
make the best hand's value).  The all-eight-cards hand is the best of the Tahoe
hand and the ten five-card hands of the three hole cards with two board cards,
evaluated as five-card draw hands (the same standard ranking and strength
encoding).  Shares of hands are ratio estimates with deals as independent
clusters.

Tables: ``result`` (usage shares), ``all_three`` and ``hi_lo``.  Their ``category`` is an
ordered Categorical: :data:`ALL` (the rows of every category) first, then the games'
ranking, lowest first (Tahoe, Hold'em and Omaha rank hands alike).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

import equity
from equity.errors import OptionError
from equity.evaluator import categories_dtype
from simulations.study import Study, add_up, estimates, sum_row

__all__ = ["STUDY", "best_with_all_three", "ALL"]

GAMES = ("tahoe", "holdem", "omaha")
HI_LO = ("tahoe", "omaha")
#: The ``category`` of rows that cover every category.
ALL = "all"


def best_with_all_three(hole: np.ndarray, board: np.ndarray) -> np.ndarray:
    """Best five-card strength that uses all three hole cards: ``hole`` ``[n, 3]``, ``board`` ``[n, 5]``.

    Strengths are five-card draw strengths (standard ranking), comparable with Tahoe's.

    Examples
    --------
    >>> from equity import card_codes, categories_of
    >>> s = best_with_all_three(card_codes("AhKhQh")[None], card_codes("JhTh2c3d4s")[None])
    >>> categories_of("draw", s).tolist()
    ['straight_flush']
    """
    best = np.zeros(len(hole), dtype=np.uint32)
    for pair in itertools.combinations(range(board.shape[1]), 2):
        five = np.concatenate([hole, board[:, list(pair)]], axis=1)
        np.maximum(best, equity.evaluate_many("draw", five, None, check=False), out=best)
    return best


def _cells(params: Mapping[str, Any]) -> list[dict[str, Any]]:
    cells = []
    for game in params["games"]:
        if game not in GAMES:
            raise OptionError(f"unknown game {game!r}: this study plays {', '.join(GAMES)}")
        for players in params["players"]:
            g = equity.get_game(game)
            needed = players * g.hole_cards + 8
            if not 2 <= players <= g.max_players or needed > g.deck_size:
                raise OptionError(f"players={players}: {game} allows 2 to {g.max_players} players")
            cells.append({"game": game, "players": players})
    return cells


def _chunk(params: Mapping[str, Any], cell: Mapping[str, Any], seed: int, chunk: int,
           deals: int) -> pd.DataFrame:
    game, players = cell["game"], cell["players"]
    g = equity.get_game(game)
    played = equity.play_deals(game, players, deals, seed=seed, first_chunk=chunk, progress=False,
                               pot="hi_lo" if game in HI_LO else None)
    shape = (deals, players)
    strength = played.high
    positions = equity.category_positions(strength).astype(np.int64)
    if played.hole_cards_used is not None:
        used = played.hole_cards_used.astype(np.int64)
    else:  # Omaha: exactly two, by rule
        used = np.full(shape, g.hole_rule.min_used, dtype=np.int64)
    winners = strength == strength.max(axis=1, keepdims=True)
    k = len(g.ranking)
    rows = []
    for hands, chosen in (("all", np.ones(shape, dtype=bool)), ("winners", winners)):
        for position in [None, *range(k)]:
            name = ALL if position is None else str(g.ranking[k - 1 - position])
            group = chosen if position is None else chosen & (positions == position)
            x = group.sum(axis=1)
            for n_used in range(3):
                rows.append(sum_row(x, (group & (used == n_used)).sum(axis=1), measure="usage",
                                    hands=hands, category=name, key=str(n_used)))
    if game == "tahoe":
        hole = played.hole.reshape(deals * players, g.hole_cards)
        any_five = best_with_all_three(hole, np.repeat(played.board, players, axis=0)).reshape(shape)
        better = any_five > strength
        for hands, chosen in (("all", np.ones(shape, dtype=bool)), ("winners", winners)):
            rows.append(sum_row(chosen.sum(axis=1), (chosen & better).sum(axis=1), measure="all_three",
                                hands=hands, category=ALL, key="better"))
        any_positions = equity.category_positions(any_five).astype(np.int64)
        for position in range(k):
            rows.append(sum_row(players, (better & (any_positions == position)).sum(axis=1),
                                measure="all_three", hands="all", category=str(g.ranking[k - 1 - position]),
                                key="better"))
        high_shares = equity.pot_shares_many(strength)
        any_shares = equity.pot_shares_many(np.maximum(strength, any_five))
        rows.append(sum_row(1, (high_shares != any_shares).any(axis=1), measure="all_three", hands="deals",
                            category=ALL, key="pot_changes"))
    if game in HI_LO:
        share, low = played.share, played.low
        outcomes = {
            "low_qualifies": (low > 0).any(axis=1),
            "scoop": (share == 1).any(axis=1),
            "split": ~(share == 1).any(axis=1),
            "quarter": (share == 0.25).any(axis=1),
        }
        for name, happened in outcomes.items():
            rows.append(sum_row(1, happened, measure="hi_lo", hands="deals", category=ALL, key=name))
    return pd.DataFrame(rows)


CELL = ["game", "players"]


def _finish(sums: pd.DataFrame, params: Mapping[str, Any]) -> dict[str, pd.DataFrame]:
    summed = add_up(sums, [*CELL, "measure", "hands", "category", "key"])
    summed["estimate"], summed["stderr"] = estimates(summed)
    summed["n"] = summed["x"].round().astype(np.int64)

    usage = summed[summed.measure == "usage"]
    index = [*CELL, "hands", "category"]
    share = usage.pivot(index=index, columns="key", values="estimate")
    error = usage.pivot(index=index, columns="key", values="stderr")
    result = pd.DataFrame({"n": usage.groupby(index, sort=False).n.first()})
    for n_used in "012":
        result[f"uses_{n_used}"] = share[n_used]
        result[f"uses_{n_used}_se"] = error[n_used]
    order = usage[index].drop_duplicates()
    result = result.loc[pd.MultiIndex.from_frame(order)].reset_index()

    all_three = summed[summed.measure == "all_three"].rename(columns={"key": "what"})
    all_three = all_three[[*CELL, "hands", "category", "what", "n", "estimate", "stderr"]]
    hi_lo = summed[summed.measure == "hi_lo"].pivot(index=CELL, columns="key", values=["estimate", "stderr"])
    columns = {}
    for name in ("low_qualifies", "scoop", "split", "quarter"):
        if ("estimate", name) in hi_lo:
            columns[name] = hi_lo["estimate", name]
            columns[f"{name}_se"] = hi_lo["stderr", name]
    hi_lo_table = pd.DataFrame(columns).reset_index() if columns else pd.DataFrame(columns=CELL)
    categories = categories_dtype(summed.game.unique(), before=[ALL])
    result["category"] = result["category"].astype(categories)
    all_three = all_three.reset_index(drop=True)
    all_three["category"] = all_three["category"].astype(categories)
    return {"result": result, "all_three": all_three, "hi_lo": hi_lo_table}


def _headline(tables: Mapping[str, pd.DataFrame]) -> list[str]:
    lines = []
    result = tables["result"]
    for row in result[(result.category == ALL) & (result.game != "omaha")].itertuples():
        lines.append(f"{row.game:<6} {row.players} players, {row.hands:<7} hands using 0/1/2 hole cards: "
                     f"{row.uses_0:.4f}±{row.uses_0_se:.4f} / {row.uses_1:.4f}±{row.uses_1_se:.4f} / "
                     f"{row.uses_2:.4f}±{row.uses_2_se:.4f}")
    omaha = result[(result.game == "omaha") & (result.category == ALL)]
    if len(omaha):
        lines.append(f"omaha  every hand uses exactly 2 hole cards, by rule ({omaha.n.sum():,} hands "
                     "and winners counted)")
    three = tables["all_three"]
    for row in three[(three.category == ALL)].itertuples():
        what = {"all": "hands where all three hole cards would be better",
                "winners": "winning hands where all three would be better",
                "deals": "deals whose winners would change"}[row.hands]
        lines.append(f"tahoe  {row.players} players, {what}: {row.estimate:.4f} ± {row.stderr:.4f}")
    for row in tables["hi_lo"].itertuples():
        lines.append(f"{row.game:<6} {row.players} players hi-lo: low qualifies {row.low_qualifies:.4f}"
                     f"±{row.low_qualifies_se:.4f}, scoop {row.scoop:.4f}±{row.scoop_se:.4f}, split "
                     f"{row.split:.4f}±{row.split_se:.4f}, quarter {row.quarter:.4f}±{row.quarter_se:.4f}")
    return lines


STUDY = Study(
    name="tahoe-usage",
    title="Tahoe hole-card usage (0/1/2), what 'never all three' costs, Hold'em and Omaha baselines, hi-lo",
    question=__doc__.split("\n\n")[1].replace("\n", " "),
    defaults={"players": [2, 4, 6, 9], "games": list(GAMES)},
    deals=524_288,
    published_deals=4_194_304,
    precision="usage shares, all-three and hi-lo rates to about ±0.0003 with --deals 4194304",
    cells=_cells,
    chunk=_chunk,
    finish=_finish,
    headline=_headline,
)
