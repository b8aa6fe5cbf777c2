"""Study 2, Switch pair-break odds: how often does the blind switch break a pair, what does it do to hands?

In Switch every active player takes one card, at random and unseen, from the
previous player, once before and once after the draw (seven-card Switch: twice,
no draw).  The rule document says a given pair loses one of its cards with
probability two in five on each switch of the five-card game (a card is taken
uniformly from five, two of which belong to the pair; two in seven with seven
cards).  For five- and seven-card Switch, each draw policy and 2 to 7 players the
study measures: the chance that a pair loses a card at the first and at the
second switch; the chance that a player dealt a pair still holds a pair of that
rank after the first switch, after the draw and after the second switch; the
distribution of showdown hands (each player's and the winner's) against the same
game with no switch; and the equity of pat hands (two pair, trips, straights and
better, as dealt) with and without the switch.

Without the switch.  :func:`play_plain` plays plain five-card draw through the
public Switch entry point, :func:`equity.switch.play_switch` on the ``draw`` game
(a draw and no switch), whose trace gives each hand as dealt as well as at the
showdown: the same dealing, the same draw policies, the same stub handling as
the Switch game.  Seven-card "plain" is the dealt seven cards, read from the
trace of ``switch7`` before its first switch (``play_switch`` refuses ``draw7``,
a game with neither a switch nor a draw).  The plain game has a seed of its own,
:func:`plain_seed`: the first 64-bit word of ``SeedSequence(seed,
spawn_key=(1,))`` of the run's seed, shifted to 63 bits.  Chunk ``k`` of the plain
game is stream ``k`` of that seed, independent of the Switch game's deals of the
same chunk (stream ``k`` of the run's seed), so a difference between the two has
the standard error ``sqrt(se_switch^2 + se_plain^2)``.

A "pair" is a rank of which the player holds exactly two cards (every pair of a
two-pair hand or a full house counts, trips do not); "still holds a pair of that
rank" means at least two cards of it (a pair improved to trips counts).
Proportions of pairs and of hands are ratio estimates with deals as independent
clusters (the players of one deal are not independent).

Tables: ``result`` (pair odds, with the exact 2/5 and 2/7 beside the losses),
``categories`` (showdown categories, each player and winner, Switch against
plain) and ``pat_equity``.  ``categories.category`` and ``pat_equity.dealt`` are
ordered Categoricals: :data:`PAT` (two pair or better, a row of several
categories) first, then the ranking of five- and seven-card Switch, lowest first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

import equity
from equity.errors import OptionError
from equity.evaluator import categories_dtype
from equity.games import Draw
from equity.switch import POLICIES, play_switch
from simulations.study import CHUNK_DEALS, Study, add_up, estimates, sum_row

__all__ = ["STUDY", "play_plain", "plain_seed", "PAT_CATEGORIES"]

#: Dealt categories counted as pat hands (two pair and better), lowest first.
PAT_CATEGORIES = ("two_pair", "three_of_a_kind", "straight", "flush", "full_house", "four_of_a_kind",
                  "straight_flush")
PAT = "two_pair_or_better"
#: Games of the study and the phases recorded after the deal.
PHASES = {"switch": ("dealt", "after_switch_1", "after_draw", "after_switch_2"),
          "switch7": ("dealt", "after_switch_1", "after_switch_2"),
          "switch_holdem": ("dealt", "after_switch_1", "after_switch_2"),
          "switch_omaha": ("dealt", "after_switch_1", "after_switch_2"),
          "switch_tahoe": ("dealt", "after_switch_1", "after_switch_2")}
#: The games with a board, each with its base game (the plain form: the same game, no switch).
BASE_GAMES = {"switch_holdem": "holdem", "switch_omaha": "omaha", "switch_tahoe": "tahoe"}
NO_POLICY = "none"


def plain_seed(seed: int) -> int:
    """The seed of the plain game (no switch) of a run with ``seed``.

    The first 64-bit word of ``np.random.SeedSequence(seed, spawn_key=(1,))``, shifted
    right one bit (a 63-bit seed, as :mod:`equity.rng` draws them).  It seeds new random streams
    (chunk ``k`` of the plain game is stream ``k`` of this seed), so none of the plain
    game's deals is one of the Switch game's.

    Examples
    --------
    >>> plain_seed(1) != 1 and plain_seed(1) == plain_seed(1) and 0 <= plain_seed(1) < 2**63
    True
    """
    word = np.random.SeedSequence(seed, spawn_key=(1,)).generate_state(1, dtype=np.uint64)[0]
    return int(word) >> 1


def play_plain(players: int, deals: int, *, seed: int, chunk: int = 0, policy: str = "standard",
               seven_card: bool = False) -> dict[str, np.ndarray]:
    """Plain five-card draw (or seven dealt cards) with no switch, by :func:`equity.switch.play_switch`.

    Parameters
    ----------
    players, deals
        Players (2 to 7) and deals (beyond ``CHUNK_DEALS`` they run on into the next chunks).
    seed, chunk
        The run's seed and the chunk: the deals are those of chunk ``chunk`` of
        :func:`plain_seed` ``(seed)``, independent of the Switch game's chunk ``chunk``.
    policy
        Draw policy for every seat (``stand``, ``standard``, ``max``); unused with seven cards.
    seven_card
        Deal seven cards and stop (the seven-card game has no draw).

    Returns
    -------
    dict
        ``dealt`` and ``hands`` (``uint8[deals, players, hand_size]``): the hands as dealt
        and at the showdown; ``drawn`` (``int8[deals, players]``) for the five-card game.

    Examples
    --------
    >>> r = play_plain(3, 1000, seed=1, policy="stand")
    >>> bool((r["dealt"] == r["hands"]).all())  # standing pat keeps the dealt hand
    True
    """
    if seven_card:
        # the dealt seven of seven-card Switch, before its first switch
        played = play_switch(players, deals, game="switch7", seed=plain_seed(seed), first_chunk=chunk,
                             policy=policy, trace=True, chunk_size=CHUNK_DEALS)
        dealt = played["trace_hands"][:, 0]
        return {"dealt": dealt, "hands": dealt.copy()}
    draw = next(p for p in equity.get_game("draw").phases if isinstance(p, Draw))
    played = play_switch(players, deals, game="draw", seed=plain_seed(seed), first_chunk=chunk,
                         policy=policy, limit=draw.limit, limit_with_ace=draw.limit_with_ace, trace=True,
                         chunk_size=CHUNK_DEALS)
    return {"dealt": played["trace_hands"][:, 0], "hands": played["hands"], "drawn": played["drawn"]}


def _rank_counts(hands: np.ndarray) -> np.ndarray:
    """Cards of each rank, ``[..., 13]``, in hands ``[..., hand_size]``."""
    ranks = hands >> 2
    return np.stack([(ranks == r).sum(axis=-1) for r in range(13)], axis=-1)


def _positions(game: str, hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Strengths and category positions ``[deals, players]`` of hands ``[deals, players, size]``."""
    n, players, size = hands.shape
    strengths = equity.evaluate_many(game, hands.reshape(n * players, size), None, check=False)
    strengths = strengths.reshape(n, players)
    return strengths, equity.category_positions(strengths).astype(np.int64)


def _showdown_rows(game: str, variant: str, dealt: np.ndarray, final: np.ndarray) -> list[dict]:
    """Category, winner and pat-equity sums for one form of the game (``switch`` or ``plain``)."""
    g = equity.get_game(game)
    ranking = g.ranking
    k = len(ranking)
    strengths, _ = _positions(game, final)
    _, dealt_positions = _positions(game, dealt)
    shares = equity.pot_shares_many(strengths)
    rows = _showdown_rows_of(g, variant, strengths, shares)
    pat_positions = [k - 1 - ranking.index(c) for c in PAT_CATEGORIES]
    for name, chosen in [*((c, [p]) for c, p in zip(PAT_CATEGORIES, pat_positions, strict=True)),
                         (PAT, pat_positions)]:
        mask = np.isin(dealt_positions, chosen)
        rows.append(sum_row(mask.sum(axis=1), (shares * mask).sum(axis=1), measure="pat_equity",
                            variant=variant, key=name))
    return rows


def _cells(params: Mapping[str, Any]) -> list[dict[str, Any]]:
    cells = []
    for game in params["games"]:
        if game not in PHASES:
            raise OptionError(f"unknown game {game!r}: this study plays {', '.join(PHASES)}")
        for policy in (params["policies"] if game == "switch" else [NO_POLICY]):
            if game == "switch" and policy not in POLICIES:
                raise OptionError(f"unknown draw policy {policy!r}: allowed are {', '.join(POLICIES)}")
            most = min(7, equity.get_game(game).max_players)
            for players in params["players"]:
                if not 2 <= players <= most:
                    raise OptionError(f"players={players}: {game} allows 2 to {most} players here")
                cells.append({"game": game, "policy": policy, "players": players})
    return cells


def _board_chunk(game: str, players: int, seed: int, chunk: int, deals: int) -> pd.DataFrame:
    """A game with a board: the deal engine's switches (:func:`equity.play_deals`) and the
    base game with no switch on the plain seed; the hole cards before each switch are the
    final ones with each switch undone (each seat's card given back, its card taken returned)."""
    played = equity.play_deals(game, players, deals, seed=seed, first_chunk=chunk, usage=False)
    counts = [_rank_counts(played.hole)]  # from the showdown back to the deal
    for s in range(played.switch_gave.shape[1] - 1, -1, -1):
        before = counts[0].copy()
        for cards, sign in ((played.switch_gave[:, s], 1), (played.switch_received[:, s], -1)):
            rank = cards.astype(np.int64) >> 2
            before += sign * (rank[..., None] == np.arange(13))
        counts.insert(0, before)
    counts = np.stack(counts, axis=1)  # [deals, phases, players, 13]
    rows = _pair_rows(counts, played.switch_gave, [0, 1], PHASES[game])
    rows += _showdown_rows_of(equity.get_game(game), "switch", played.high, played.share)
    plain = equity.play_deals(BASE_GAMES[game], players, deals, seed=plain_seed(seed), first_chunk=chunk,
                              usage=False)
    rows += _showdown_rows_of(equity.get_game(game), "plain", plain.high, plain.share)
    return pd.DataFrame(rows)


def _pair_rows(counts: np.ndarray, gave: np.ndarray, befores: list[int], phases) -> list[dict]:
    """Pair-loss rows of each switch (``befores``: the phase each switch starts from) and
    pair-held rows of each phase after the deal, from rank counts ``[deals, phases, players, 13]``."""
    ranks = np.arange(13)
    pairs = counts[:, 0] == 2
    dealt_pairs = pairs.sum(axis=(1, 2))
    rows = []
    for s, before in enumerate(befores):
        given = gave[:, s].astype(np.int64)
        given_rank = np.where(given >= 0, given >> 2, -1)
        held_two = counts[:, before] == 2
        lost = held_two & (ranks == given_rank[..., None])
        rows.append(sum_row(held_two.sum(axis=(1, 2)), lost.sum(axis=(1, 2)), measure="pair_lost",
                            variant="switch", key=f"switch_{s + 1}"))
    for j, phase in enumerate(phases[1:], start=1):
        rows.append(sum_row(dealt_pairs, (pairs & (counts[:, j] >= 2)).sum(axis=(1, 2)),
                            measure="pair_held", variant="switch", key=phase))
    return rows


def _showdown_rows_of(g, variant: str, strengths: np.ndarray, shares: np.ndarray) -> list[dict]:
    """Showdown category rows (each player's hand and the winner's) of a game with a board."""
    k = len(g.ranking)
    positions = equity.category_positions(strengths).astype(np.int64)
    players = strengths.shape[1]
    winner = positions[np.arange(len(positions)), strengths.argmax(axis=1)]
    rows = []
    for position in range(k):
        name = str(g.ranking[k - 1 - position])
        rows.append(sum_row(players, (positions == position).sum(axis=1), measure="category",
                            variant=variant, key=name))
        rows.append(sum_row(1, winner == position, measure="winner", variant=variant, key=name))
    return rows


def _chunk(params: Mapping[str, Any], cell: Mapping[str, Any], seed: int, chunk: int,
           deals: int) -> pd.DataFrame:
    game, players = cell["game"], cell["players"]
    if game in BASE_GAMES:
        return _board_chunk(game, players, seed, chunk, deals)
    seven = game == "switch7"
    policy = "standard" if cell["policy"] == NO_POLICY else cell["policy"]
    played = play_switch(players, deals, seed=seed, game=game, policy=policy, chunk_size=CHUNK_DEALS,
                         first_chunk=chunk, trace=True)
    trace = played["trace_hands"]  # [deals, phases, players, size]
    phases = PHASES[game]
    counts = _rank_counts(trace)  # [deals, phases, players, 13]
    rows = _pair_rows(counts, played["gave"], [0, len(phases) - 2], phases)
    rows += _showdown_rows(game, "switch", trace[:, 0], played["hands"])

    plain = play_plain(players, deals, seed=seed, chunk=chunk, policy=policy, seven_card=seven)
    if not seven:
        plain_pairs = _rank_counts(plain["dealt"]) == 2
        held = plain_pairs & (_rank_counts(plain["hands"]) >= 2)
        rows.append(sum_row(plain_pairs.sum(axis=(1, 2)), held.sum(axis=(1, 2)), measure="pair_held",
                            variant="plain", key="after_draw"))
    rows += _showdown_rows(game, "plain", plain["dealt"], plain["hands"])
    return pd.DataFrame(rows)


CELL = ["game", "policy", "players"]


def _finish(sums: pd.DataFrame, params: Mapping[str, Any]) -> dict[str, pd.DataFrame]:
    summed = add_up(sums, [*CELL, "measure", "variant", "key"])
    summed["estimate"], summed["stderr"] = estimates(summed)
    summed["units"] = summed["x"].round().astype(np.int64)

    pairs = summed[summed.measure.isin(["pair_lost", "pair_held"])].copy()
    hand_size = pairs.game.map(lambda name: equity.get_game(name).hole_cards).to_numpy(dtype=float)
    pairs["exact"] = np.where(pairs.measure == "pair_lost", 2 / hand_size, np.nan)
    # Hold'em's pocket pair always loses a card (2/2): no spread, and z is 0 where they agree
    gap = pairs.estimate - pairs.exact
    pairs["z"] = np.where(gap == 0, 0.0, gap / pairs.stderr.where(pairs.stderr > 0))
    pairs["game_form"] = np.where(pairs.variant == "switch", "switch", "plain draw")
    pairs = pairs.rename(columns={"key": "when", "units": "pairs"})
    result = pairs[[*CELL, "measure", "game_form", "when", "pairs", "estimate", "stderr", "exact", "z"]]

    def side_by_side(measure: str, key_name: str) -> pd.DataFrame:
        """Switch and plain estimates side by side; ``n_*``: hands, deals or pat hands behind each."""
        part = summed[summed.measure == measure]
        index = [*CELL, "key"]
        switch = part[part.variant == "switch"].set_index(index)
        plain = part[part.variant == "plain"].set_index(index)
        frame = pd.DataFrame({"n_switch": switch.units, "switch": switch.estimate, "switch_se": switch.stderr,
                              "n_plain": plain.units, "plain": plain.estimate, "plain_se": plain.stderr})
        frame["difference"] = frame.switch - frame.plain
        frame["difference_se"] = np.hypot(frame.switch_se, frame.plain_se)
        return frame.reset_index().rename(columns={"key": key_name})

    categories = pd.concat([side_by_side("category", "category").assign(hand="player"),
                            side_by_side("winner", "category").assign(hand="winner")], ignore_index=True)
    order = {str(c): i + 1 for i, c in enumerate(equity.get_game("switch").ranking)}
    categories.insert(len(CELL), "hand", categories.pop("hand"))
    categories.insert(len(CELL) + 1, "rank", categories.category.map(order))
    dtype = categories_dtype(summed.game.unique(), before=[PAT])
    categories["category"] = categories["category"].astype(dtype)
    pat = side_by_side("pat_equity", "dealt")
    pat.insert(len(CELL) + 1, "fair_share", 1 / pat.players)
    pat["dealt"] = pat["dealt"].astype(dtype)
    return {"result": result.reset_index(drop=True), "categories": categories, "pat_equity": pat}


def _headline(tables: Mapping[str, pd.DataFrame]) -> list[str]:
    result = tables["result"]
    lines = []
    losses = result[result.measure == "pair_lost"]
    for (game, when), part in losses.groupby(["game", "when"], sort=False):
        # pooled over the cells (independent streams but for each chunk's first deal)
        weight = part.pairs.to_numpy(dtype=float)
        estimate = float((part.estimate * weight).sum() / weight.sum())
        stderr = float(np.sqrt(((part.stderr * weight) ** 2).sum()) / weight.sum())
        exact = float(part.exact.iloc[0])
        gap = "no spread" if stderr == 0 else f"{(estimate - exact) / stderr:+.1f} SE"
        lines.append(f"{game:<7} a pair loses a card at {when.replace('_', ' ')}: {estimate:.4f} ± "
                     f"{stderr:.4f} (exact {exact:.4f}, {gap}; {int(weight.sum()):,} pairs)")
    held = result[(result.measure == "pair_held") & (result.when == "after_switch_2")]
    for row in held.itertuples():
        if row.policy in ("standard", NO_POLICY) and row.players in (2, 4, 6):
            draw = "no draw" if row.policy == NO_POLICY else f"{row.policy} draw"
            lines.append(f"{row.game:<7} {row.players} players, {draw}: dealt pair still held at the "
                         f"showdown {row.estimate:.4f} ± {row.stderr:.4f}")
    pat = tables["pat_equity"]
    pat = pat[(pat.dealt == PAT) & pat.policy.isin(["standard", NO_POLICY]) & pat.players.isin([2, 4, 6])]
    for row in pat.itertuples():
        lines.append(f"{row.game:<7} {row.players} players: equity of a pat hand (two pair or better) "
                     f"{row.switch:.4f} ± {row.switch_se:.4f} with the switch, {row.plain:.4f} ± "
                     f"{row.plain_se:.4f} without ({row.difference:+.4f} ± {row.difference_se:.4f})")
    return lines


STUDY = Study(
    name="switch-pairs",
    title="Switch pair-break odds, showdown hands and pat-hand equity, with and without the switch",
    question=__doc__.split("\n\n")[1].replace("\n", " "),
    defaults={"players": list(range(2, 8)), "games": ["switch", "switch7"],
              "policies": ["stand", "standard", "max"]},
    deals=131_072,
    published_deals=1_048_576,
    precision=("pair-loss and pair-held odds to about ±0.0005 per cell (±0.0001 pooled over cells) and "
               "showdown frequencies to ±0.0005 with --deals 1048576"),
    cells=_cells,
    chunk=_chunk,
    finish=_finish,
    headline=_headline,
)
