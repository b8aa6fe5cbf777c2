"""Study 1, El Dorado positional swap value: what is the exchange worth to each seat, the dealer most?

In El Dorado Hold'em each player, from the dealer's left round to the dealer,
may swap one hole card for a flop card, and the card put in the flop makes its
rank wild; a later swap replaces the wild rank.  The dealer exchanges last,
knowing every earlier swap, and sets the wild rank that stands.  For 2 to 9
players and each built-in policy profile (every seat ``never``, ``greedy`` or
``lookahead``) the study measures each seat's equity, how often it swaps, how
often it sets the final wild rank, and its **swap value**: its equity when it
plays the profile's policy minus its equity when it alone may not exchange
(``never``), the other seats unchanged.

Method: common random numbers.  Both runs use the same seed, and the deal engine
deals every deal of a chunk before it plays any exchange (the exchange only moves
cards between hands and the flop; the last board card is already dealt), so the
two runs play the very same cards.  The swap value is then the mean of the
per-deal differences of the seat's pot share, with the standard error of that
paired difference.  The ``lookahead`` policy samples unseen cards from a stream
of each seat's own (forked for every seat's turn in every deal, whatever its
policy), so when one seat is switched to ``never`` a later lookahead seat facing
the same flop draws the same samples and decides the same way
(``tests/test_sim_studies.py`` checks the cards and the decisions).

Tables: ``result`` (one row per profile, players and seat) and ``dealer`` (the
dealer against a fair share, against the first seat and against the other
seats' mean swap value, each with its standard error).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

import equity
from equity.deal import EXCHANGE_POLICIES
from equity.errors import OptionError
from simulations.study import Study, add_up, estimates, sum_row

__all__ = ["STUDY", "play_cell", "position_name"]

#: Seat measures, as named in the result table.
SEAT_MEASURES = {"equity": "equity", "win": "win", "tie": "tie", "swap": "swap_rate",
                 "set_wild": "set_wild_rate", "swap_value": "swap_value"}
#: Dealer measures, as named in the dealer table.
DEALER_MEASURES = {
    "dealer_equity": "dealer_equity",
    "dealer_equity_edge": "dealer_equity_minus_fair",
    "dealer_minus_first_equity": "dealer_minus_first_equity",
    "dealer_swap_value": "dealer_swap_value",
    "dealer_swap_value_edge": "dealer_minus_others_swap_value",
    "dealer_minus_first_swap_value": "dealer_minus_first_swap_value",
}


def position_name(seat: int, players: int) -> str:
    """``first`` (the dealer's left, exchanges first), ``dealer`` (exchanges last) or ``seat k``."""
    if seat == players - 1:
        return "dealer"
    return "first" if seat == 0 else f"seat {seat}"


def _cells(params: Mapping[str, Any]) -> list[dict[str, Any]]:
    for profile in params["profiles"]:
        if profile not in EXCHANGE_POLICIES:
            raise OptionError(f"unknown profile {profile!r}: the built-in policies are "
                              f"{', '.join(EXCHANGE_POLICIES)}")
    for players in params["players"]:
        if not 2 <= players <= equity.get_game("eldorado").max_players:
            raise OptionError(f"players={players}: El Dorado allows 2 to 23 players")
    return [{"profile": profile, "players": players} for profile in params["profiles"]
            for players in params["players"]]


def _cell_deals(params: Mapping[str, Any], cell: Mapping[str, Any], deals: int) -> int:
    return min(deals, params["lookahead_deals"]) if cell["profile"] == "lookahead" else deals


def play_cell(profile: str, players: int, deals: int, *, seed: int, chunk: int = 0,
              lookahead_samples: int = 200) -> dict[str, np.ndarray]:
    """Play one chunk of a profile, then once more per seat with that seat alone set to ``never``.

    Returns
    -------
    dict
        ``share``, ``swapped``, ``set_wild`` (``[deals, players]``, with the profile) and
        ``swap_value`` (``[deals, players]``: the seat's share with the profile minus its
        share when it alone declines every exchange, same deals).
    """
    def play(policies):
        return equity.play_deals("eldorado", players, deals, seed=seed, first_chunk=chunk, policies=policies,
                                 lookahead_samples=lookahead_samples, progress=False, usage=False)

    base = play(profile)
    share = base.share
    value = np.empty_like(share)
    for seat in range(players):
        alone = [profile] * players
        alone[seat] = "never"
        value[:, seat] = share[:, seat] - play(alone).share[:, seat]
    return {
        "share": share,
        "swapped": base.gave >= 0,
        "set_wild": base.setter[:, None] == np.arange(players),
        "swap_value": value,
    }


def _chunk(params: Mapping[str, Any], cell: Mapping[str, Any], seed: int, chunk: int,
           deals: int) -> pd.DataFrame:
    players = cell["players"]
    played = play_cell(cell["profile"], players, deals, seed=seed, chunk=chunk,
                       lookahead_samples=params["lookahead_samples"])
    share, value = played["share"], played["swap_value"]
    rows = []
    for seat in range(players):
        s = share[:, seat]
        rows += [
            sum_row(1, s, measure="equity", seat=seat),
            sum_row(1, s == 1, measure="win", seat=seat),
            sum_row(1, (s > 0) & (s < 1), measure="tie", seat=seat),
            sum_row(1, played["swapped"][:, seat], measure="swap", seat=seat),
            sum_row(1, played["set_wild"][:, seat], measure="set_wild", seat=seat),
            sum_row(1, value[:, seat], measure="swap_value", seat=seat),
        ]
    dealer = players - 1
    others = value[:, :dealer].mean(axis=1)
    rows += [
        sum_row(1, share[:, dealer], measure="dealer_equity", seat=dealer),
        sum_row(1, share[:, dealer] - 1 / players, measure="dealer_equity_edge", seat=dealer),
        sum_row(1, share[:, dealer] - share[:, 0], measure="dealer_minus_first_equity", seat=dealer),
        sum_row(1, value[:, dealer], measure="dealer_swap_value", seat=dealer),
        sum_row(1, value[:, dealer] - others, measure="dealer_swap_value_edge", seat=dealer),
        sum_row(1, value[:, dealer] - value[:, 0], measure="dealer_minus_first_swap_value", seat=dealer),
    ]
    return pd.DataFrame(rows)


def _wide(summed: pd.DataFrame, index: list[str], names: Mapping[str, str]) -> pd.DataFrame:
    """One column per measure (and ``<name>_se`` beside it) from long sums."""
    part = summed[summed.measure.isin(list(names))]
    value = part.pivot(index=index, columns="measure", values="estimate")
    error = part.pivot(index=index, columns="measure", values="stderr")
    deals = part.groupby(index, sort=False).deals.first()
    frame = pd.DataFrame(index=value.index)
    frame["deals"] = deals.astype(np.int64)
    for measure, name in names.items():
        frame[name] = value[measure]
        frame[f"{name}_se"] = error[measure]
    order = part[index].drop_duplicates()
    return frame.loc[pd.MultiIndex.from_frame(order)].reset_index()


def _finish(sums: pd.DataFrame, params: Mapping[str, Any]) -> dict[str, pd.DataFrame]:
    summed = add_up(sums, ["profile", "players", "measure", "seat"])
    summed["estimate"], summed["stderr"] = estimates(summed)
    seats = _wide(summed, ["profile", "players", "seat"], SEAT_MEASURES)
    seats.insert(3, "position", [position_name(s, p) for s, p in zip(seats.seat, seats.players, strict=True)])
    dealer = _wide(summed, ["profile", "players"], DEALER_MEASURES)
    dealer.insert(2, "fair_share", 1 / dealer.players)
    dealer["dealer_minus_others_z"] = (dealer.dealer_minus_others_swap_value
                                       / dealer.dealer_minus_others_swap_value_se)
    for table in (seats, dealer):
        table.attrs["game"] = "eldorado"
    return {"result": seats, "dealer": dealer}


def _headline(tables: Mapping[str, pd.DataFrame]) -> list[str]:
    dealer = tables["dealer"]
    lines = []
    for row in dealer.itertuples():
        if row.profile == "never":
            continue
        lines.append(
            f"all {row.profile:<9} {row.players} players: dealer swap value "
            f"{row.dealer_swap_value:+.4f} ± {row.dealer_swap_value_se:.4f}, "
            f"minus the other seats' {row.dealer_minus_others_swap_value:+.4f} ± "
            f"{row.dealer_minus_others_swap_value_se:.4f}; dealer equity {row.dealer_equity:.4f} ± "
            f"{row.dealer_equity_se:.4f} (fair {row.fair_share:.4f})"
        )
    never = tables["result"].query("profile == 'never'")
    if len(never):
        lines.append(f"all never: every swap value is exactly {never.swap_value.abs().max():.1f} "
                     f"({len(never)} seats)")
    return lines


STUDY = Study(
    name="eldorado-swap",
    title="El Dorado positional swap value (equity, swap and wild-setting rates, dealer edge)",
    question=__doc__.split("\n\n")[1].replace("\n", " "),
    defaults={"players": list(range(2, 10)), "profiles": ["never", "greedy", "lookahead"],
              "lookahead_deals": 2048, "lookahead_samples": 200},
    deals=65_536,
    published_deals=1_048_576,
    precision=("greedy swap values to ±0.0002-0.0007 (one standard error) with --deals 1048576; lookahead "
               "cells are capped by --param lookahead_deals=N (65536 gives about ±0.002)"),
    cells=_cells,
    chunk=_chunk,
    finish=_finish,
    headline=_headline,
    cell_deals=_cell_deals,
)
