"""Study 5: starting-hand charts -- the equity of every starting hand class against random hands.

What share of the pot does each starting hand win, before any card is seen,
against 1, 2 and 5 opponents holding random hands, in each two-card game
(Texas Hold'em, Egyptian Hold'em and El Dorado Hold'em: 169 classes; Spanish
poker: 49 classes, its deck running from eight to ace) and in Tahoe (three hole
cards: 1,755 suit-isomorphic classes)?

A class is a set of hands that are the same up to relabelling the suits (AKs is
AhKh, AsKs, ...); every hand of a class has the same equity, so each class is
played with one representative hand (:func:`classes`) through
:func:`equity.calc`, the showdown going to the end with no folding.  In El
Dorado every seat exchanges with the ``greedy`` policy (the deal engine's
default) and the charted hand sits in the first seat, the first to exchange
(``seat="last"`` charts the dealer's seat).  Each class gets ``deals`` trials
per cell; chunk ``k`` of a class plays its own random stream, derived from the
run's seed, the cell and the class.  Equities carry their standard errors, and
the ``extremes`` table lists the top and bottom classes of every cell.
"""

from __future__ import annotations

import itertools
import zlib
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

import equity
from equity.cards import RANKS
from equity.errors import OptionError
from simulations.study import Study, add_up, estimates

GAMES = ("holdem", "egyptian", "eldorado", "spanish", "tahoe")
SUITS = "shdc"
#: Classes listed at each end of a cell's ranking in the ``extremes`` table.
EXTREMES = 10


def _two_card_classes(ranks: list[int]) -> list[tuple[str, str, str]]:
    """(class, kind, representative) of two-card hands, highest ranks first: pairs, suited, offsuit."""
    rows = []
    for high in sorted(ranks, reverse=True):
        for low in sorted(ranks, reverse=True):
            a, b = RANKS[high], RANKS[low]
            if high == low:
                rows.append((a + b, "pair", f"{a}s{b}h"))
            elif high > low:
                rows.append((a + b + "s", "suited", f"{a}s{b}s"))
                rows.append((a + b + "o", "offsuit", f"{a}s{b}h"))
    return rows


def _tahoe_classes(ranks: list[int]) -> list[tuple[str, str, str]]:
    """(class, kind, representative) of three-card hands up to suits.

    The class name is the ranks, highest first, then one letter per card for its
    suit class: ``AKQ-xxy`` has the ace and king suited and the queen of another
    suit, ``AAK-xyx`` a king suited with one of the aces, ``AKQ-xyz`` three suits.
    """
    rows = []
    top = sorted(ranks, reverse=True)
    for a, b, c in itertools.combinations_with_replacement(top, 3):
        names = RANKS[a] + RANKS[b] + RANKS[c]
        if a == b == c:
            patterns = ["xyz"]
            kind = "trips"
        elif a == b or b == c:
            # the kicker suited with one card of the pair, or with neither
            patterns = ["xyx", "xyz"] if a == b else ["xxy", "xyz"]
            kind = "pair"
        else:
            patterns = ["xxx", "xxy", "xyx", "xyy", "xyz"]
            kind = "three ranks"
        for pattern in patterns:
            letters = {}
            cards = []
            for rank, letter in zip((a, b, c), pattern, strict=True):
                suit = letters.setdefault(letter, SUITS[len(letters)])
                cards.append(RANKS[rank] + suit)
            rows.append((f"{names}-{pattern}", kind, "".join(cards)))
    return rows


def classes(game: str) -> pd.DataFrame:
    """Every starting-hand class of ``game`` with a representative hand.

    Examples
    --------
    >>> [len(classes(g)) for g in ("holdem", "spanish", "tahoe")]
    [169, 49, 1755]
    >>> classes("holdem").head(3).values.tolist()
    [['AA', 'pair', 'AsAh'], ['AKs', 'suited', 'AsKs'], ['AKo', 'offsuit', 'AsKh']]

    A game with jokers adds a class for a joker beside each rank (``XA``: a joker and an ace,
    any suit) and, with two jokers, ``XX``; a game whose wild cards are single cards of a
    rank (the one-eyed jacks) has no classes up to suits, and is refused.
    """
    g = equity.get_game(game)
    ranks = list(g.deck_ranks)
    single = [c for c in g.wild_cards
              if c < 52 and not all(4 * (c >> 2) + s in g.wild_cards for s in g.deck_suits)]
    if single:
        raise OptionError(f"{g.name}: {equity.format_cards(single, sep=' ')} are wild without the rest of "
                          "their rank, so the suits are not alike and the classes up to suits do not apply")
    if g.jokers and g.dealt_hole_cards != 2:
        raise OptionError(f"{g.name}: the three-card classes have no jokers; the charts with jokers are for "
                          "two hole cards")
    # the hands as dealt (a game with a discard deals more than a hand keeps)
    rows = _two_card_classes(ranks) if g.dealt_hole_cards == 2 else _tahoe_classes(ranks)
    if g.jokers:  # a joker with each rank (its suit does not matter), and the two jokers together
        rows += [(f"X{RANKS[r]}", "joker", f"X1{RANKS[r]}s") for r in sorted(ranks, reverse=True)]
        rows += [("XX", "jokers", "X1X2")] if g.jokers == 2 else []
    return pd.DataFrame(rows, columns=["hand_class", "kind", "hand"])


def _cells(params: Mapping[str, Any]) -> list[dict[str, Any]]:
    cells = []
    for game in params["games"]:
        if game not in GAMES and not str(game).endswith(".toml"):
            raise OptionError(f"unknown game {game!r}: this study charts {', '.join(GAMES)}, or a custom "
                              "game file (--game-file)")
        g = equity.get_game(game)
        if g.dealt_hole_cards not in (2, 3):
            raise OptionError(f"{g.name} deals {g.dealt_hole_cards} hole cards: the charts have classes for "
                              "two and three")
        for players in params["players"]:
            if not 2 <= players <= g.max_players:
                raise OptionError(f"players={players}: {game} allows 2 to {g.max_players} players")
            cells.append({"game": game, "players": players})
    if params["seat"] not in ("first", "last"):
        raise OptionError(f"seat {params['seat']!r}: the charted hand sits 'first' or 'last'")
    return cells


def _stream_seed(seed: int, cell: Mapping[str, Any], chunk: int, index: int) -> int:
    """A seed for ``equity.calc`` of one class in one chunk: independent streams from the run's seed."""
    key = zlib.crc32(f"{cell['game']}/{cell['players']}".encode())
    state = np.random.SeedSequence(seed, spawn_key=(key, chunk, index)).generate_state(2, dtype=np.uint32)
    return int(state[0]) << 32 | int(state[1])


def _chunk(params: Mapping[str, Any], cell: Mapping[str, Any], seed: int, chunk: int,
           deals: int) -> pd.DataFrame:
    game, players = cell["game"], cell["players"]
    rows = []
    for index, row in enumerate(classes(game).itertuples()):
        opponents = ["random"] * (players - 1)
        hands = [row.hand, *opponents] if params["seat"] == "first" else [*opponents, row.hand]
        seat = 0 if params["seat"] == "first" else players - 1
        table = equity.calc(game, hands, trials=deals, seed=_stream_seed(seed, cell, chunk, index),
                            progress=False)
        n = int(table.attrs["trials"])
        mean = float(table.equity[seat])
        stderr = float(table.stderr[seat])
        # the per-trial sums behind the mean and its standard error (see equity.calc)
        squares = n * (stderr * stderr * (n - 1) + mean * mean)
        rows.append({"hand_class": row.hand_class, "kind": row.kind, "hand": row.hand, "deals": float(n),
                     "x": float(n), "y": mean * n, "xx": float(n), "yy": squares, "xy": mean * n,
                     "win": float(table.win[seat]) * n})
    return pd.DataFrame(rows)


CELL = ["game", "players"]


def _finish(sums: pd.DataFrame, params: Mapping[str, Any]) -> dict[str, pd.DataFrame]:
    by = [*CELL, "hand_class", "kind", "hand"]
    summed = add_up(sums, by)
    summed["win"] = sums.groupby(by, sort=False, dropna=False)["win"].sum().to_numpy() / summed["deals"]
    summed["equity"], summed["stderr"] = estimates(summed)
    summed["opponents"] = summed["players"] - 1
    summed["trials"] = summed["deals"].round().astype(np.int64)
    summed["rank"] = summed.groupby(CELL)["equity"].rank(ascending=False, method="min").astype(np.int64)
    result = summed[[*CELL, "opponents", "hand_class", "kind", "hand", "trials", "equity", "stderr", "win",
                     "rank"]].reset_index(drop=True)
    ordered = result.sort_values([*CELL, "rank"], kind="stable")
    top = ordered.groupby(CELL, sort=False).head(EXTREMES).assign(end="top")
    bottom = ordered.groupby(CELL, sort=False).tail(EXTREMES).assign(end="bottom")
    extremes = pd.concat([top, bottom]).sort_values(
        [*CELL, "end", "rank"], ascending=[True, True, False, True], kind="stable").reset_index(drop=True)
    return {"result": result, "extremes": extremes}


def _headline(tables: Mapping[str, pd.DataFrame]) -> list[str]:
    lines = []
    result = tables["result"]
    for (game, players), cell in result.groupby(CELL, sort=False):
        ordered = cell.sort_values("rank")
        best, worst = ordered.iloc[0], ordered.iloc[-1]
        lines.append(f"{game:<8} vs {players - 1} random: best {best.hand_class} {best.equity:.4f}"
                     f"±{best.stderr:.4f}, worst {worst.hand_class} {worst.equity:.4f}±{worst.stderr:.4f} "
                     f"({len(cell)} classes)")
    return lines


STUDY = Study(
    name="starting-hands",
    title="Starting-hand charts: every class's equity against 1, 2 and 5 random hands, five games",
    question=__doc__.split("\n\n")[1].replace("\n", " "),
    defaults={"players": [2, 3, 6], "games": list(GAMES), "seat": "first"},
    deals=4_096,
    published_deals=65_536,
    precision="each class's equity to about ±0.002 (one standard error) with --deals 65536",
    cells=_cells,
    chunk=_chunk,
    finish=_finish,
    headline=_headline,
)
