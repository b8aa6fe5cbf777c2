"""Study: the El Dorado exchange against a best response (issue 28, items 3 a and c, 4 and 5).

How much does a seat gain by best-responding to each exchange heuristic, at
each seat, number of players and pot; when does the best response swap; and how
often should each seat give up after the exchange at a given price?

Every strategy-dependent number of the El Dorado studies rests on an exchange
profile (every seat ``greedy``, or ``lookahead``).  For each profile, number of
players and pot (high, or low by agreement) the study deals seeded deals and, at
every seat in turn, plays the deal twice from the seat's spot: once by the
profile and once by the best response to it (the argmax of the seven actions'
values on rollouts of what the seat sees, the later seats playing the profile:
:func:`equity.strategy.exploitability_by_deal`).  The per-deal difference of the
seat's share of the pot, every last card counted, is what the seat gains by
deviating: the profile's exploitability at that seat.  Beside it: how often the
best response and the profile swap, by the shape of the seat's hole cards (pair,
suited, offsuit), the seat's share under each, and how often each seat should
give up in the betting round after the exchange at a price of ``p`` of the final
pot (its estimated equity below ``p``: :mod:`equity.fold_after_exchange`).

Method: common random numbers.  The profile's action and the best response are
played on the same deal (the same unseen cards, the same last cards, the later
seats' ``lookahead`` draws from the same streams), so the gain is a paired
difference with the standard error of the spread between deals.  The best
response is chosen on one set of rollouts and valued on the deal as dealt, so
its noise makes the gain an underestimate, never an overestimate; ``model_gain``
values the two actions again on fresh rollouts of the seat's model.

What this study does not do: an equilibrium profile (issue 28, item 3 b).  Its
seats best-respond once, to a fixed heuristic; a profile in which no seat gains
by deviating needs a best response inside every rollout of the others'
(``docs/strategy.md``, "The equilibrium profile (item 3 b)").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

import equity
from equity.deal import EXCHANGE_POLICIES
from equity.errors import OptionError
from equity.fold_after_exchange import FOLD_SAMPLES, estimated_equity, fold_rng
from equity.strategy import exploitability_by_deal
from simulations.eldorado_swap import position_name
from simulations.study import Study, add_up, estimates, sum_row

__all__ = ["STUDY", "SHAPES", "hole_shape"]

#: The shapes of two hole cards, as the swap tables name them.
SHAPES = ("pair", "suited", "offsuit")
#: Per-seat measures of the exploitability table.
SEAT_MEASURES = {
    "gain": "gain",
    "model_gain": "model_gain",
    "changed": "changed",
    "share": "share",
    "best_share": "best_response_share",
    "profile_swap": "profile_swap_rate",
    "best_swap": "best_response_swap_rate",
}


def hole_shape(hole: np.ndarray) -> np.ndarray:
    """Each row's shape (an index of :data:`SHAPES`) from ``uint8[n, 2]`` card codes."""
    pair = (hole[:, 0] >> 2) == (hole[:, 1] >> 2)
    suited = (hole[:, 0] & 3) == (hole[:, 1] & 3)
    return np.where(pair, 0, np.where(suited, 1, 2))


def _cells(params: Mapping[str, Any]) -> list[dict[str, Any]]:
    for profile in params["profiles"]:
        if profile not in EXCHANGE_POLICIES or profile == "never":
            raise OptionError(
                f"unknown profile {profile!r}: the heuristics measured are greedy and lookahead"
            )
    for players in params["players"]:
        if not 2 <= players <= 9:
            raise OptionError(f"players={players}: the study plays 2 to 9 players")
    for pot in params["pots"]:
        if pot not in ("high", "low"):
            raise OptionError(f"pot={pot!r}: El Dorado is played for high, or low by agreement")
    if any(not 0 < p < 1 for p in params["prices"]):
        raise OptionError(f"prices must lie between 0 and 1, got {params['prices']!r}")
    cells = []
    for profile in params["profiles"]:
        players_list = (
            params["players"]
            if profile != "lookahead"
            else [p for p in params["players"] if p in params["lookahead_players"]]
        )
        cells += [
            {"profile": profile, "players": players, "pot": pot}
            for players in players_list
            for pot in params["pots"]
        ]
    return cells


def _cell_deals(params: Mapping[str, Any], cell: Mapping[str, Any], deals: int) -> int:
    return min(deals, params["lookahead_deals"]) if cell["profile"] == "lookahead" else deals


def _chunk(
    params: Mapping[str, Any], cell: Mapping[str, Any], seed: int, chunk: int, deals: int
) -> pd.DataFrame:
    profile, players, pot = cell["profile"], cell["players"], cell["pot"]
    lookahead = params["lookahead_samples"]
    samples = params["samples"] if profile != "lookahead" else params["lookahead_rollouts"]
    rows = []
    for seat in range(players):
        found = exploitability_by_deal(
            profile,
            players,
            seat,
            deals,
            samples,
            seed,
            key=(chunk, seat),
            pot=pot,
            lookahead_samples=lookahead,
        )
        best_swap, profile_swap = found["best"] > 0, found["profile_action"] > 0
        rows += [
            sum_row(1, found["gain"], measure="gain", seat=seat),
            sum_row(1, found["model_gain"], measure="model_gain", seat=seat),
            sum_row(1, found["best"] != found["profile_action"], measure="changed", seat=seat),
            sum_row(1, found["share"], measure="share", seat=seat),
            sum_row(1, found["share"] + found["gain"], measure="best_share", seat=seat),
            sum_row(1, profile_swap, measure="profile_swap", seat=seat),
            sum_row(1, best_swap, measure="best_swap", seat=seat),
        ]
        shape = hole_shape(found["hole"])
        for s, name in enumerate(SHAPES):
            mine = shape == s
            rows += [
                sum_row(mine, mine & profile_swap, measure="profile_swap", seat=seat, shape=name),
                sum_row(mine, mine & best_swap, measure="best_swap", seat=seat, shape=name),
            ]
    # giving up after the exchange: every seat playing the profile, its estimate against the prices
    played = equity.play_deals(
        "eldorado",
        players,
        deals,
        seed=seed,
        first_chunk=chunk,
        policies=profile,
        pot=pot,
        lookahead_samples=lookahead,
        progress=False,
        usage=False,
    )
    g = equity.get_game("eldorado")
    estimate = estimated_equity(
        g,
        played.hole.reshape(deals, -1),
        played.board,
        played.wild,
        ~played.folded,
        played.took,
        params["fold_samples"],
        fold_rng(seed, chunk),
        pot,
    )
    for seat in range(players):
        rows.append(sum_row(1, estimate[:, seat], measure="estimated_equity", seat=seat))
        for price in params["prices"]:
            rows.append(
                sum_row(1, estimate[:, seat] < price, measure="give_up", seat=seat, price=float(price))
            )
    frame = pd.DataFrame(rows)
    for column in ("shape", "price"):
        if column not in frame:
            frame[column] = None
    frame["shape"] = frame["shape"].fillna("all")
    frame["price"] = frame["price"].astype(float).fillna(-1.0)
    return frame


def _finish(sums: pd.DataFrame, params: Mapping[str, Any]) -> dict[str, pd.DataFrame]:
    keys = ["profile", "players", "pot", "seat"]
    summed = add_up(sums, [*keys, "measure", "shape", "price"])
    summed["estimate"], summed["stderr"] = estimates(summed)

    whole = summed[(summed["shape"] == "all") & (summed.price < 0)]
    seats = whole[whole.measure.isin(list(SEAT_MEASURES))]
    value = seats.pivot(index=keys, columns="measure", values="estimate")
    error = seats.pivot(index=keys, columns="measure", values="stderr")
    result = pd.DataFrame(index=value.index)
    result["deals"] = seats.groupby(keys).deals.first().astype(np.int64)
    for measure, name in SEAT_MEASURES.items():
        result[name] = value[measure]
        result[f"{name}_se"] = error[measure]
    order = seats[keys].drop_duplicates()
    result = result.loc[pd.MultiIndex.from_frame(order)].reset_index()
    result.insert(
        4, "position", [position_name(s, p) for s, p in zip(result.seat, result.players, strict=True)]
    )
    result["gain_z"] = result.gain / result.gain_se.where(result.gain_se > 0)
    result["gain_low95"] = result.gain - 1.959963984540054 * result.gain_se
    result["gain_high95"] = result.gain + 1.959963984540054 * result.gain_se

    by_shape = summed[(summed["shape"] != "all") & summed.measure.isin(["profile_swap", "best_swap"])]
    shapes = by_shape.pivot_table(
        index=[*keys, "shape"], columns="measure", values=["estimate", "stderr", "x"], sort=False
    )
    swaps = pd.DataFrame(
        {
            "hands": shapes[("x", "best_swap")].astype(np.int64),
            "profile_swap_rate": shapes[("estimate", "profile_swap")],
            "profile_swap_rate_se": shapes[("stderr", "profile_swap")],
            "best_response_swap_rate": shapes[("estimate", "best_swap")],
            "best_response_swap_rate_se": shapes[("stderr", "best_swap")],
        }
    ).reset_index()
    swaps["shape"] = pd.Categorical(swaps["shape"], categories=list(SHAPES), ordered=True)

    give = summed[summed.measure == "give_up"]
    give_up = (
        give[[*keys, "price", "deals", "estimate", "stderr"]]
        .rename(columns={"estimate": "give_up", "stderr": "give_up_se"})
        .reset_index(drop=True)
    )
    mean = whole[whole.measure == "estimated_equity"].set_index(keys)
    give_up["estimated_equity"] = mean.loc[pd.MultiIndex.from_frame(give_up[keys]), "estimate"].to_numpy()
    give_up["estimated_equity_se"] = mean.loc[pd.MultiIndex.from_frame(give_up[keys]), "stderr"].to_numpy()
    give_up["deals"] = give_up["deals"].astype(np.int64)

    for table in (result, swaps, give_up):
        table.attrs.update(
            game="eldorado",
            samples_per_decision=int(params["samples"]),
            lookahead_samples=int(params["lookahead_samples"]),
            fold_samples=int(params["fold_samples"]),
        )
    return {"result": result, "swaps": swaps, "give_up": give_up}


def _headline(tables: Mapping[str, pd.DataFrame]) -> list[str]:
    lines = []
    for row in tables["result"].itertuples():
        lines.append(
            f"all {row.profile:<9} {row.players} players, {row.pot:<4} pot, {row.position:<7}: a best "
            f"response gains {row.gain:+.4f} ± {row.gain_se:.4f} of the pot (acts otherwise in "
            f"{row.changed:.0%}; swaps "
            f"{row.best_response_swap_rate:.0%} against the profile's {row.profile_swap_rate:.0%})"
        )
    return lines


STUDY = Study(
    name="eldorado-equilibrium",
    title="El Dorado exchange: the best response's gain against greedy and lookahead, its swaps, giving up",
    question=__doc__.split("\n\n")[1].replace("\n", " "),
    defaults={
        "players": [2, 4, 6],
        "profiles": ["greedy", "lookahead"],
        "pots": ["high", "low"],
        "samples": 500,
        "lookahead_players": [2],
        "lookahead_deals": 150,
        "lookahead_rollouts": 300,
        "lookahead_samples": 200,
        "fold_samples": FOLD_SAMPLES,
        "prices": [0.1, 0.2, 0.25, 1 / 3, 0.5],
    },
    deals=200,
    published_deals=2000,
    precision=(
        "gains to about ±0.005-0.008 of the pot (one standard error) per greedy seat with --deals 2000 "
        "(--param samples=1000); lookahead cells are capped by --param lookahead_deals=N (300 gives "
        "about ±0.015)"
    ),
    cells=_cells,
    chunk=_chunk,
    finish=_finish,
    headline=_headline,
    cell_deals=_cell_deals,
)
