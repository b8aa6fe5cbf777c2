"""Study 4, ranking versus rarity: in which games is a higher-ranked hand more common than one below it?

Poker ranks hands by rarity, but not every game's declared order follows the
frequencies of the hands its players actually hold.  For every game the study
measures the frequency of each hand category for one player's best hand and for
the winning hand, at 2, 6 and 9 players (only the counts the game allows), puts
the game's declared order beside it, and flags every inversion: a category
ranked higher yet more common than one ranked below it (Egyptian three of a kind
above three pair, Spanish flush above full house, El Dorado five of a kind above
straight flush are the orders to watch; high card below one pair in seven-card
games is the classic one).

Method: each game is dealt and played by the deal engine with its defaults:
:func:`equity.play_deals` for Hold'em, Omaha, Tahoe, Spanish, Egyptian, El Dorado
(every seat ``greedy`` in the exchange) and seven-card draw (the dealt seven, best
five); :func:`equity.switch.play_switch` with the standard draw policy for Switch
and seven-card Switch; and plain five-card draw with the standard policy by
:func:`equity.switch.play_switch` on the ``draw`` game
(:func:`simulations.switch_pairs.play_plain`, which deals from a seed of its
own, :func:`simulations.switch_pairs.plain_seed` of the run's).  "One player's
best hand" pools every seat of a deal (seats of one deal are not independent:
the standard errors treat deals as clusters); the winning hand is the best hand
of the deal.  The standard error of the difference between two frequencies uses
their covariance across deals, so each inversion has a z-score.

Statistics: an inversion is *significant* when its one-sided p-value, adjusted
by Holm's method over every pair of categories compared in the run (inverted or
not, every game, table size and hand), is below 5%: with thousands of pairs a
fixed z threshold would flag some by chance.  Each frequency has a 95% Wilson
score interval (``lower_95``, ``upper_95``) with the effective number of hands
(between the deals and the hands: the seats of a deal are not independent), so
that a category seen a few times gets an honest interval and one never seen
keeps the upper bound of the first seat's hands alone.

Tables: ``result`` (one row per game, players, hand and category, with the
declared rank, 1 being the best, and ``more_common_than``, the list of the
lower-ranked categories it is more common than) and ``inversions`` (one row per
inverted pair).  Category columns (``category``, ``higher``, ``lower``) are
Categoricals (:func:`equity.evaluator.categories_dtype`): in the game's ranking
when every game of the run ranks hands alike, unordered when the run mixes
rankings (Spanish poker's flush above the full house...), where ``rank`` gives
each row's place in its own game's ranking.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

import equity
from equity.errors import OptionError
from equity.evaluator import categories_dtype
from equity.switch import play_switch
from simulations.study import ALPHA, CHUNK_DEALS, Study, add_up, holm, sum_row, upper_tail, wilson_interval
from simulations.switch_pairs import play_plain

__all__ = ["STUDY", "GAMES", "showdown_strengths", "frequency_intervals"]

#: Every game, in the order of the tables.
GAMES = ("holdem", "omaha", "tahoe", "spanish", "egyptian", "eldorado", "draw", "draw7", "switch", "switch7")
#: The family-wise level of the ``significant`` flags: Holm-adjusted one-sided p-values below it.
SIGNIFICANCE = ALPHA


def allowed_players(game: str, players: int) -> bool:
    """Whether the game's deck (and the engine) deals ``players`` players."""
    g = equity.get_game(game)
    needed = players * g.dealt_hole_cards + sum(s.cards + s.burn for s in g.streets)
    return 2 <= players <= g.max_players and needed <= g.deck_size


def showdown_strengths(game: str, players: int, deals: int, *, seed: int, chunk: int = 0) -> np.ndarray:
    """High strengths ``[deals, players]`` at the showdown of one chunk of a game played by its defaults."""
    if game in ("switch", "switch7"):
        hands = play_switch(players, deals, seed=seed, game=game, chunk_size=CHUNK_DEALS,
                            first_chunk=chunk)["hands"]
    elif game == "draw":
        hands = play_plain(players, deals, seed=seed, chunk=chunk)["hands"]
    else:
        return equity.play_deals(game, players, deals, seed=seed, first_chunk=chunk, progress=False,
                                 usage=False).high
    size = hands.shape[2]
    return equity.evaluate_many(game, hands.reshape(deals * players, size), None,
                                check=False).reshape(deals, players)


def _cells(params: Mapping[str, Any]) -> list[dict[str, Any]]:
    for game in params["games"]:
        if game not in GAMES and not str(game).endswith(".toml"):
            raise OptionError(f"unknown game {game!r}: this study plays {', '.join(GAMES)}, or a custom "
                              "game file (--game-file)")
        equity.get_game(game)  # a game file is read and checked here, before any chunk runs
    return [{"game": game, "players": players} for game in params["games"] for players in params["players"]
            if allowed_players(game, players)]


def _chunk(params: Mapping[str, Any], cell: Mapping[str, Any], seed: int, chunk: int,
           deals: int) -> pd.DataFrame:
    game, players = cell["game"], cell["players"]
    k = len(equity.get_game(game).ranking)
    strengths = showdown_strengths(game, players, deals, seed=seed, chunk=chunk)
    positions = equity.category_positions(strengths).astype(np.int64)
    winner = positions[np.arange(deals), strengths.argmax(axis=1)]
    counts = {
        "player": np.stack([(positions == p).sum(axis=1) for p in range(k)], axis=1),
        "winner": np.stack([winner == p for p in range(k)], axis=1).astype(np.int64),
    }
    rows = []
    for hand, per_deal in counts.items():
        for i in range(k):
            for j in range(i, k):
                row = sum_row(per_deal[:, i], per_deal[:, j], hand=hand, i=i, j=j)
                rows.append(row)
    return pd.DataFrame(rows)


CELL = ["game", "players"]


def frequency_intervals(count, stderr, deals: float, per_deal: int) -> tuple[np.ndarray, np.ndarray]:
    """95% Wilson intervals of category frequencies over ``deals * per_deal`` hands in clusters.

    ``count`` hands of ``deals * per_deal`` (``per_deal`` seats a deal) had the category, and
    ``stderr`` is the frequency's standard error with deals as clusters.  The seats of a deal
    are not independent, so the interval uses the effective number of hands
    ``p (1 - p) / stderr²`` (the hands over the design effect), kept between ``deals`` and the
    hands.  A category never seen (no spread to measure) takes ``deals``: the first seat's
    hands alone are independent, and none of them had it.

    Examples
    --------
    >>> lower, upper = frequency_intervals([0, 5], [0.0, 0.07], deals=10, per_deal=1)
    >>> lower.round(4).tolist(), upper.round(4).tolist()
    ([0.0, 0.2366], [0.2775, 0.7634])
    """
    count = np.asarray(count, dtype=np.float64)
    stderr = np.asarray(stderr, dtype=np.float64)
    hands = deals * per_deal
    p = count / hands
    with np.errstate(invalid="ignore", divide="ignore"):
        effective = np.where(stderr > 0, p * (1 - p) / (stderr * stderr), deals)
    effective = np.clip(np.nan_to_num(effective, nan=deals), deals, hands)
    return wilson_interval(p * effective, effective)


def _finish(sums: pd.DataFrame, params: Mapping[str, Any]) -> dict[str, pd.DataFrame]:
    summed = add_up(sums, [*CELL, "hand", "i", "j"])
    result_rows, pair_rows = [], []
    for (game, players, hand), part in summed.groupby([*CELL, "hand"], sort=False):
        ranking = equity.get_game(game).ranking
        k = len(ranking)
        per_hand = players if hand == "player" else 1
        n = float(part.deals.iloc[0])
        cross = {(int(r.i), int(r.j)): r for r in part.itertuples()}
        total = np.array([cross[p, p].x for p in range(k)])
        square = np.array([cross[p, p].xx for p in range(k)])
        mean = total / n
        covariance = np.empty((k, k))
        for (i, j), r in cross.items():
            covariance[i, j] = covariance[j, i] = (r.xy - r.x * r.y / n) / (n - 1)
        variance = (square - total * total / n) / (n - 1)
        frequency = mean / per_hand
        stderr = np.sqrt(np.maximum(variance, 0) / n) / per_hand
        lower_95, upper_95 = frequency_intervals(np.round(total), stderr, n, per_hand)
        for rank, category in enumerate(ranking, start=1):
            p = k - rank  # position from the bottom
            rarer_below = [str(ranking[q]) for q in range(rank, k) if frequency[k - 1 - q] < frequency[p]]
            result_rows.append({
                "game": game, "players": players, "hand": hand, "rank": rank, "category": str(category),
                "count": int(round(total[p])), "frequency": frequency[p], "stderr": stderr[p],
                "lower_95": lower_95[p], "upper_95": upper_95[p],
                "inverted": bool(rarer_below), "more_common_than": rarer_below,
            })
        # every pair is a comparison of the family, inverted or not: Holm counts them all
        for high_rank in range(1, k + 1):
            hi = k - high_rank
            for low_rank in range(high_rank + 1, k + 1):
                lo = k - low_rank
                spread = variance[hi] + variance[lo] - 2 * covariance[hi, lo]
                se = np.sqrt(max(spread, 0.0) / n) / per_hand
                difference = frequency[hi] - frequency[lo]
                z = difference / se if se > 0 else (np.inf if difference > 0 else -np.inf)
                pair_rows.append({
                    "game": game, "players": players, "hand": hand,
                    "higher": str(ranking[high_rank - 1]), "higher_rank": high_rank,
                    "lower": str(ranking[low_rank - 1]), "lower_rank": low_rank,
                    "frequency_higher": frequency[hi], "frequency_lower": frequency[lo],
                    "difference": difference, "stderr": se, "z": z,
                })
    columns = ["game", "players", "hand", "higher", "higher_rank", "lower", "lower_rank", "frequency_higher",
               "frequency_lower", "difference", "stderr", "z", "p_value", "p_holm", "comparisons",
               "significant"]
    pairs = pd.DataFrame(pair_rows, columns=columns[:12])
    pairs["p_value"] = upper_tail(pairs.z.to_numpy()) if len(pairs) else np.empty(0)
    pairs["p_holm"] = holm(pairs.p_value.to_numpy())
    pairs["comparisons"] = len(pairs)
    pairs["significant"] = pairs.p_holm < SIGNIFICANCE
    inversions = pairs[pairs.difference > 0].reset_index(drop=True)[columns]
    result = pd.DataFrame(result_rows)
    categories = categories_dtype(summed.game.unique())
    result["category"] = result["category"].astype(categories)
    for column in ("higher", "lower"):
        inversions[column] = inversions[column].astype(categories)
    return {"result": result, "inversions": inversions}


def _headline(tables: Mapping[str, pd.DataFrame]) -> list[str]:
    result, inversions = tables["result"], tables["inversions"]
    lines = []
    for game in result.game.unique():
        players = int(result[result.game == game].players.min())
        part = inversions[(inversions.game == game) & (inversions.players == players)
                          & (inversions.hand == "player") & inversions.significant]
        neighbours = part[part.lower_rank == part.higher_rank + 1]
        described = ", ".join(f"{r.higher} > {r.lower} ({r.frequency_higher:.4f} vs {r.frequency_lower:.4f})"
                              for r in neighbours.itertuples()) or "none"
        lines.append(f"{game:<8} one player's hand ({players} players): {len(part)} significant "
                     f"inversions (Holm, 5%); between neighbours: {described}")
    watched = {"egyptian": ("three_of_a_kind", "three_pair"), "spanish": ("flush", "full_house"),
               "eldorado": ("five_of_a_kind", "straight_flush")}
    for game, (higher, lower) in watched.items():
        for hand in ("player", "winner"):
            part = result[(result.game == game) & (result.hand == hand)]
            if not len(part):
                continue
            players = part.players.min() if hand == "player" else part.players.max()
            cell = part[part.players == players].set_index("category")
            a, b = cell.loc[higher], cell.loc[lower]
            lines.append(f"{game:<8} {hand} ({players} players): {higher} (rank {a['rank']}) "
                         f"{a.frequency:.5f} ± {a.stderr:.5f} vs {lower} (rank {b['rank']}) "
                         f"{b.frequency:.5f} ± {b.stderr:.5f}: "
                         f"{'inverted' if a.frequency > b.frequency else 'in order'}")
    return lines


STUDY = Study(
    name="rarity",
    title="Ranking versus rarity: category frequencies of every game, every inversion of the declared order",
    question=__doc__.split("\n\n")[1].replace("\n", " "),
    defaults={"players": [2, 6, 9], "games": list(GAMES)},
    deals=262_144,
    published_deals=1_048_576,
    precision=("category frequencies to about ±0.0005 (the rarest to ±0.00002) per game and player count "
               "with --deals 1048576"),
    cells=_cells,
    chunk=_chunk,
    finish=_finish,
    headline=_headline,
)
