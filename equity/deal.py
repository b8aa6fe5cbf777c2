"""Whole deals of every game, played out by the game's phases, with the pot settled.

:func:`simulate` deals from fresh shuffles (streets and burns as the game's
description lists them), runs the phases between the streets (the El Dorado
exchange with the seats' policies; Switch's switches and draw), evaluates the
showdown and shares the pot.  Deals are made in fixed-size chunks, each with its
own random stream derived from the run's seed, so a seed gives the same table
whatever the number of chunks processed at once.  :func:`play_deals` returns the
same deals as arrays (:class:`Deals`), for studies that compute on them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, fields

import numpy as np
import pandas as pd

from equity._kernels import simd
from equity._kernels.bundles import Streets
from equity._kernels.deal import (
    deal_chunk,
    deal_from_top,
    play_exchange_chunks,
    play_plain_chunks,
    play_switch_chunks,
)
from equity._kernels.deal_blocks import deal_plan, fits_deal_blocks, fold_free_blocks, whole_hand_deals
from equity._kernels.exchange import GREEDY, NEVER
from equity.cards import CARD_TEXT, RANKS, card_codes, card_text, row_texts
from equity.discard import discard_policies, play_discards
from equity.eldorado_exchange import exchange, exchange_tables, fused_exchange_shape, run_exchange
from equity.errors import InvalidInputError, OptionError, check_flag
from equity.evaluator import (
    categories_of,
    category_dtype,
    class_tables,
    evaluate_low_many,
    evaluate_many,
    hand_tables,
    high_floor,
    hole_cards_used_many,
    kernel_takes_rule,
    whole_block_tables,
    whole_blocks_value,
)
from equity.fold_after_exchange import FoldPolicy, fold_rng, gave_up, read_fold_policy
from equity.games import Discard, Draw, Exchange, Game, Switch, get_game
from equity.options import (
    EXCHANGE_POLICIES,
    LOOKAHEAD_SAMPLES,
    check_players,
    exchange_policy_codes,
    exchange_policy_names,
    fold_mask,
    has_phase,
    lookahead_samples,
    pot_mode,
    switch_options,
    user_exchange_policy,
    wild_can_be_ace,
)
from equity.options import stakes as check_stakes
from equity.pots import board_pot_shares, pot_shares_many, settle_boards, settle_many
from equity.results import SeatSums
from equity.rng import CHUNK_DEALS, chunk_states, resolve_seed
from equity.setup_notices import sets_up
from equity.stud import follower_ranks, hands_for_evaluation
from equity.switch import board_switches, switch_hole_cards
from equity.vector import blocks_enabled, vector_path

__all__ = ["simulate", "play_deals", "Deals", "deal_from_order", "exchange", "EXCHANGE_POLICIES",
           "LOOKAHEAD_SAMPLES", "CHUNK_DEALS"]

#: Chunks handed to the fused kernel at once (spread over the threads).
CHUNKS_PER_CALL = 16
#: Most deals one call plays: 2**40 deals of even two players would take years here.
MAX_DEALS = 2**40


def _streets(game: Game) -> tuple[np.ndarray, np.ndarray]:
    """Each street's cards and burns in dealing order (each street once per board)."""
    cards = np.array([s.cards for s in game.streets for _ in range(game.boards)], dtype=np.int64)
    burns = np.array([s.burn for s in game.streets for _ in range(game.boards)], dtype=np.int64)
    return cards, burns


def split_boards(game: Game, board: np.ndarray) -> list[np.ndarray]:
    """Each board's cards ``(n, board_cards)`` from rows of every board's, board 1 first (the
    layout of :attr:`Deals.board`); one board: the rows themselves."""
    if game.boards == 1:
        return [board]
    size = game.board_cards
    return [np.ascontiguousarray(board[:, b * size:(b + 1) * size]) for b in range(game.boards)]


def deal_from_order(game: str | Game, players: int, order) -> dict[str, str | list[str]]:
    """Deal a deck whose order is known (top card first), as the dealer would.

    Hole cards go one at a time round the table from seat 0 (the first seat to
    the dealer's left); then each street burns its cards and deals its own.

    Examples
    --------
    >>> d = deal_from_order("holdem", 2, "AhKd 2c3c 9s 7h7d7c 8s Ts 4s Js")
    >>> d["hole"], d["board"], d["burns"]
    (['Ah2c', 'Kd3c'], '7h7d7cTsJs', '9s8s4s')
    """
    g = get_game(game)
    check_players(g, players)
    cards = card_codes(order)
    for code in cards.tolist():
        if code not in g.deck:
            raise InvalidInputError(f"card '{card_text(code)}' is not in the {g.name} deck")
    street_cards, street_burns = _streets(g)
    h = g.dealt_hole_cards
    needed = players * h + int(street_cards.sum() + street_burns.sum())
    if len(cards) < needed:
        raise InvalidInputError(f"{g.name} with {players} players needs {needed} cards, got {len(cards)}")
    hole = np.zeros(players * h, dtype=np.uint8)
    board = np.zeros(int(street_cards.sum()), dtype=np.uint8)
    burns = np.zeros(int(street_burns.sum()), dtype=np.uint8)
    deal_from_top(cards, players, h, street_cards, street_burns, hole, board, burns)
    seats = hole.reshape(players, h)
    dealt = {
        "hole": ["".join(CARD_TEXT[c] for c in seat) for seat in seats],
        "board": "".join(CARD_TEXT[c] for c in board),
        "burns": "".join(CARD_TEXT[c] for c in burns),
    }
    if g.boards > 1:  # each board's cards, board 1 first
        boards = split_boards(g, board[list(g.board_order())][None, :])
        dealt["board"] = " / ".join("".join(CARD_TEXT[c] for c in b[0]) for b in boards)
    return dealt


# ---------------------------------------------------------------------------------------------
# Deals as arrays
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Deals:
    """Whole deals as arrays, one row per deal, seats in order (seat 0 left of the dealer).

    Attributes
    ----------
    game
        The game played.
    first_deal
        The index of the first row's deal in the run (``chunk * CHUNK_DEALS`` for a chunk).
    hole
        ``uint8[deals, players, hole_cards]``: each seat's hand at the showdown (after the
        exchange, the switches and the draw).
    board
        ``uint8[deals, board_cards]``: the board at the showdown (no columns in a game without one).
    folded
        ``bool[deals, players]``: who folded (took no part and cannot win).
    high
        ``uint32[deals, players]``: each seat's high strength (valued with the deal's wild rank).
    share
        ``float64[deals, players]``: each seat's share of the pot.
    low
        ``uint32[deals, players]`` low strengths (0: no qualifying low), for low and hi-lo pots.
    chips
        ``int64[deals, players]``: each seat's net chips, when stakes were given.
    hole_cards_used
        ``int8[deals, players]``: the fewest hole cards that make the seat's best hand, where a
        hand may use fewer hole cards than it holds.
    wild, gave, took, setter
        The El Dorado exchange: the wild rank (``int64[deals]``, -1 for none), the card each seat
        gave and took (``int64[deals, players]``, -1 for none) and the seat whose swap made the
        wild rank (``int64[deals]``, -1 for none).
    switch_gave, switch_received
        Switch: per switch, the card each seat gave and took (``int16[deals, switches, players]``,
        -1 for a seat taking no part).
    drawn
        The draw: cards each seat drew (``int8[deals, players]``, -1 for folded seats).
    gave_up
        With a fold policy after the El Dorado exchange (``fold_policy``): who gave up there
        (``bool[deals, players]``; they are ``folded`` too, and their swaps stand).
    discarded
        A game with a discard: the cards each seat threw away (``uint8[deals, players, cards]``,
        in dealt order); ``hole`` holds the cards kept.
    high_2, low_2
        A double-board game: the strengths with board 2 (``board`` holds board 1's cards, then
        board 2's; ``high`` and ``low`` are board 1's).
    killed
        A game with kill cards: whether each board holds one (``bool[deals, boards]``); such a
        board's part of the pot goes to the best qualifying low (to the high when none qualifies).
    second_wild
        Follow the Queen: the rank each deal's last face-up queen made wild with the queens
        (``int64[deals]``, -1 for queens alone).
    """

    game: Game
    first_deal: int
    hole: np.ndarray
    board: np.ndarray
    folded: np.ndarray
    high: np.ndarray
    share: np.ndarray
    low: np.ndarray | None = None
    chips: np.ndarray | None = None
    hole_cards_used: np.ndarray | None = None
    wild: np.ndarray | None = None
    gave: np.ndarray | None = None
    took: np.ndarray | None = None
    setter: np.ndarray | None = None
    switch_gave: np.ndarray | None = None
    switch_received: np.ndarray | None = None
    drawn: np.ndarray | None = None
    gave_up: np.ndarray | None = None
    discarded: np.ndarray | None = None
    high_2: np.ndarray | None = None
    low_2: np.ndarray | None = None
    killed: np.ndarray | None = None
    second_wild: np.ndarray | None = None

    @property
    def deals(self) -> int:
        """The number of deals (rows)."""
        return self.share.shape[0]

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.share.shape[1]

    @staticmethod
    def concat(parts: Sequence[Deals]) -> Deals:
        """The deals of consecutive parts (chunks of one run, in order) as one."""
        first = parts[0]
        joined = {}
        for f in fields(Deals):
            value = getattr(first, f.name)
            if isinstance(value, np.ndarray):
                joined[f.name] = np.concatenate([getattr(p, f.name) for p in parts])
            else:
                joined[f.name] = value
        return Deals(**joined)

    def table(self) -> pd.DataFrame:
        """The deals as :func:`simulate`'s per-deal table, one row per deal and seat."""
        g, n, players = self.game, self.deals, self.players
        columns = {
            "deal": np.repeat(np.arange(self.first_deal, self.first_deal + n), players),
            "seat": np.tile(np.arange(players), n),
            "hole": row_texts(self.hole.reshape(n * players, -1)),
        }
        boards = split_boards(g, self.board)
        if g.streets or self.switch_gave is None:  # (a Switch game's table has no board column)
            columns["board"] = np.repeat(row_texts(boards[0]), players)
        if g.boards > 1:
            columns["board_2"] = np.repeat(row_texts(boards[1]), players)
        columns.update({
            "folded": self.folded.ravel(),
            "category": pd.Categorical(categories_of(g, self.high.ravel()), dtype=category_dtype(g)),
            "strength": self.high.ravel(),
            "share": self.share.ravel(),
        })
        if self.switch_gave is not None:
            for k in range(self.switch_gave.shape[1]):
                for name, cards in ((f"gave_{k + 1}", self.switch_gave[:, k]),
                                    (f"received_{k + 1}", self.switch_received[:, k])):
                    columns[name] = _card_or_blank(cards.ravel())
                if k == 0 and self.drawn is not None:  # the draw comes after the first switch
                    columns["drawn"] = self.drawn.ravel()
        if self.drawn is not None and "drawn" not in columns:  # a draw with no switch
            columns["drawn"] = self.drawn.ravel()
        if self.discarded is not None:
            columns["discarded"] = row_texts(self.discarded.reshape(n * players, -1))
        if g.stud:  # the cards every player sees
            up = [i for i, face in enumerate(g.stud) if face == "up"]
            columns["up"] = row_texts(self.hole.reshape(n * players, -1)[:, up])
        if self.second_wild is not None:
            ranks = np.array(["", *RANKS], dtype=object)[self.second_wild + 1]
            columns["second_wild"] = np.repeat(ranks, players)
        if self.high_2 is not None:
            columns["category_2"] = pd.Categorical(categories_of(g, self.high_2.ravel()),
                                                   dtype=category_dtype(g))
            columns["strength_2"] = self.high_2.ravel()
        if self.low_2 is not None:
            columns["low_2"] = self.low_2.ravel()
        if self.killed is not None:
            for b in range(self.killed.shape[1]):
                columns["killed" if b == 0 else f"killed_{b + 1}"] = np.repeat(self.killed[:, b], players)
        if self.chips is not None:
            columns["chips"] = self.chips.ravel()
        if self.low is not None:
            columns["low"] = self.low.ravel()
        if self.hole_cards_used is not None:
            columns["hole_cards_used"] = self.hole_cards_used.ravel()
        if self.wild is not None:
            columns["gave"] = _card_or_blank(self.gave.ravel())
            columns["took"] = _card_or_blank(self.took.ravel())
            wild_text = np.array([RANKS[w] if w >= 0 else "" for w in self.wild], dtype=object)
            columns["wild"] = np.repeat(wild_text, players)
            columns["set_wild"] = np.repeat(self.setter, players) == np.tile(np.arange(players), n)
        if self.gave_up is not None:
            columns["gave_up"] = self.gave_up.ravel()
        return pd.DataFrame(columns)


def _card_or_blank(cards: np.ndarray) -> np.ndarray:
    return np.where(cards >= 0, CARD_TEXT[np.clip(cards, 0, len(CARD_TEXT) - 1)], "")


# ---------------------------------------------------------------------------------------------
# Playing chunks
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Setup:
    """A run's checked options, as the chunk players take them."""

    game: Game
    players: int
    seed: int
    mode: str
    wild_can_be_ace: bool
    exchange_codes: np.ndarray
    user_policy: object
    lookahead_samples: int
    draw: dict
    stakes: np.ndarray | None
    folded: np.ndarray | None  # bool[deals, players]; None: nobody folds (no mask the size of the run)
    fold_policy: FoldPolicy | None = None  # who gives up after the exchange
    discard: tuple | None = None  # each seat's discard policy (equity.discard), in a game with a discard

    def folds(self, first_deal: int, n: int) -> np.ndarray:
        """Who folded in deals ``first_deal .. first_deal + n``, ``bool[n, players]``."""
        if self.folded is None:
            return np.zeros((n, self.players), dtype=np.bool_)
        return np.ascontiguousarray(self.folded[first_deal:first_deal + n])


def _showdown(s: _Setup, first_deal: int, hole: np.ndarray, board: np.ndarray, folded: np.ndarray,
              wild_rows, usage: bool, **records) -> Deals:
    """Value the hands at the showdown and settle the pot."""
    g, players = s.game, s.players
    n = hole.shape[0]
    seat_hole = hole.reshape(n * players, g.hole_cards)
    if g.wild_follows is not None:  # Follow the Queen: each deal's second wild rank, valued as queens
        follower = follower_ranks(g, hole.reshape(n, players * g.hole_cards), players)
        seat_hole = hands_for_evaluation(g, seat_hole, np.repeat(follower, players))
        records["second_wild"] = follower
    boards = split_boards(g, board)
    need_low = s.mode != "high" or bool(g.kill_cards)  # (a killed board plays for low)
    highs, lows = [], []
    for one in boards:
        # a game with no streets (Switch, draw) has no board (None); a game with streets passes its rows
        seat_board = np.repeat(one, players, axis=0) if g.streets else None
        highs.append(evaluate_many(g, seat_hole, seat_board, wild=wild_rows, check=False).reshape(n, players))
        lows.append(evaluate_low_many(g, seat_hole, seat_board, wild=wild_rows,
                                      wild_can_be_ace=s.wild_can_be_ace, check=False).reshape(n, players)
                    if need_low else None)
    high, low = highs[0], lows[0]
    several = g.boards > 1 or bool(g.kill_cards) or bool(g.high_qualifier)  # (equity.pots.board_pot_shares)
    if several:
        share, _ = board_pot_shares(highs, lows, boards, mode=s.mode, kill_cards=g.kill_cards,
                                    high_floor=high_floor(g), folded=folded)
        if g.boards > 1:
            records.update(high_2=highs[1], low_2=lows[1])
        if g.kill_cards:
            records["killed"] = np.stack([np.isin(b, g.kill_cards).any(axis=1) for b in boards], axis=1)
    else:
        share = pot_shares_many(None if s.mode == "low" else high, low=low, mode=s.mode, folded=folded)
    chips = None
    if s.stakes is not None and several:
        chips = settle_boards(highs, lows, boards, s.stakes, mode=s.mode, kill_cards=g.kill_cards,
                              high_floor=high_floor(g), folded=folded) - s.stakes
    elif s.stakes is not None:
        chips = settle_many(None if s.mode == "low" else high, s.stakes, low=low, mode=s.mode,
                            folded=folded) - s.stakes
    used = None
    if usage and g.hole_rule.min_used == 0 and g.hole_cards > 1 and g.boards == 1:
        used = hole_cards_used_many(g, seat_hole, seat_board, wild=wild_rows,
                                    check=False).reshape(n, players)
    return Deals(g, first_deal, hole.reshape(n, players, g.hole_cards), board, folded, high, share, low,
                 chips, used, **records)


def _play_chunk(s: _Setup, chunk: int, first_deal: int, n: int, usage: bool) -> Deals:
    """Deal and play out one chunk of a game with a board (and its exchange or switches, if it has them)."""
    g, players = s.game, s.players
    state = chunk_states(s.seed, chunk, 1)[0]
    folded = s.folds(first_deal, n)
    street_cards, street_burns = _streets(g)
    deck = np.array(g.deck, dtype=np.uint8)
    hole = np.empty((n, players * g.dealt_hole_cards), dtype=np.uint8)
    board = np.empty((n, int(street_cards.sum())), dtype=np.uint8)
    burns = np.empty((n, int(street_burns.sum())), dtype=np.uint8)
    deal_chunk(state, deck, n, players, g.dealt_hole_cards, street_cards, street_burns, hole, board, burns)
    if g.boards > 1:  # dealt street by street, board by board: each board's cards together
        board = np.ascontiguousarray(board[:, list(g.board_order())])
    records = {}
    if s.discard is not None:  # each seat keeps its hand's cards; the rest are out of play
        hole, thrown = play_discards(g, hole, board, s.discard)
        records = {"discarded": thrown}
    if board_switches(g):  # only the hole cards move, and the board is the same whatever moves
        gave, received = switch_hole_cards(g, hole, state, folded=folded, reverse=s.draw["reverse"])
        records = {"switch_gave": gave, "switch_received": received}
    wild_rows = None
    if has_phase(g, Exchange):
        no_script = np.full((n, players, 2), -1, dtype=np.int64)
        wild, gave, took, setter = run_exchange(g, hole, board, ~folded, s.exchange_codes, no_script, state,
                                                s.lookahead_samples, s.user_policy, s.mode, s.wild_can_be_ace)
        records = {"wild": wild, "gave": gave, "took": took, "setter": setter}
        wild_rows = np.repeat(wild, players).astype(np.int8)
        if s.fold_policy is not None:
            out = gave_up(g, s.fold_policy, hole, board, wild, ~folded, took, fold_rng(s.seed, chunk), s.mode,
                          s.wild_can_be_ace)
            folded = folded | out
            records["gave_up"] = out
    return _showdown(s, first_deal, hole, board, folded, wild_rows, usage, **records)


def _play_switch_chunk(s: _Setup, chunk: int, first_deal: int, n: int) -> Deals:
    """One chunk of a Switch or draw game: the switches and draw, then the showdown."""
    from equity.switch import play_switch

    g = s.game
    folded = s.folds(first_deal, n)
    played = play_switch(s.players, n, seed=s.seed, game=g, folded=folded, chunk_size=CHUNK_DEALS,
                         first_chunk=chunk, **s.draw)
    hole = played["hands"].reshape(n, s.players * g.hole_cards)
    board = np.zeros((n, 0), dtype=np.uint8)
    return _showdown(s, first_deal, hole, board, folded, None, False, switch_gave=played["gave"],
                     switch_received=played["received"], drawn=played.get("drawn"))


def _chunks(s: _Setup, deals: int, first_chunk: int, usage: bool, show: bool) -> Iterator[Deals]:
    """Every chunk of the run, in order."""
    from tqdm.auto import tqdm

    starts = range(0, deals, CHUNK_DEALS)
    for chunk, start in enumerate(tqdm(starts, disable=not show or None, unit="chunk",
                                       desc=f"{s.game.name} deals")):
        n = min(CHUNK_DEALS, deals - start)
        if s.draw and not s.game.streets:
            yield _play_switch_chunk(s, first_chunk + chunk, start, n)
        else:
            yield _play_chunk(s, first_chunk + chunk, start, n, usage)


# ---------------------------------------------------------------------------------------------
# Aggregated runs on the fused kernels
# ---------------------------------------------------------------------------------------------
def _fused_plain(g: Game, mode: str, stakes) -> bool:
    """Whether the per-seat sums can come from the fused kernel (:func:`play_plain_chunks`)."""
    plain = (not has_phase(g, Exchange, Switch, Draw, Discard) and g.boards == 1 and not g.kill_cards
             and not g.high_qualifier)
    return plain and kernel_takes_rule(g) and g.wild is None and mode == "high" and stakes is None


def _fused_blocks(s: _Setup, deals: int, first_chunk: int, totals: SeatSums, show: bool, play) -> None:
    """Run a fused kernel over the deals, :data:`CHUNKS_PER_CALL` chunks a call, into ``totals``.

    ``play(states, sizes, starts, sums)`` plays the chunks of one call (their generator
    states, deal counts and first deals) and adds each chunk's per-seat sums to
    ``sums`` (share, share squared: float64[chunks, players]; wins, ties: int64).
    """
    from tqdm.auto import tqdm

    players = s.players
    n_chunks = -(-deals // CHUNK_DEALS)
    with tqdm(total=deals, disable=not show or None, unit="deal", desc=f"{s.game.name} deals") as bar:
        for first in range(0, n_chunks, CHUNKS_PER_CALL):
            count = min(CHUNKS_PER_CALL, n_chunks - first)
            starts = (first + np.arange(count)) * CHUNK_DEALS
            sizes = np.minimum(CHUNK_DEALS, deals - starts)
            sums = [np.zeros((count, players)) for _ in range(2)]
            sums += [np.zeros((count, players), dtype=np.int64) for _ in range(2)]
            play(chunk_states(s.seed, first_chunk + first, count), sizes, starts, sums)
            totals.add_chunk_sums(sizes, *sums)
            bar.update(int(sizes.sum()))


def _board_deal_inputs(s: _Setup) -> tuple[Streets, np.ndarray, np.ndarray]:
    """What the fused kernels of a board game deal from: the game's streets, its deck, and who
    folded (bool[deals, players], or no rows for nobody)."""
    folded = s.folded if s.folded is not None and s.folded.any() else np.zeros((0, s.players), dtype=bool)
    return Streets(*_streets(s.game)), np.array(s.game.deck, dtype=np.uint8), folded


def _aggregate_plain(s: _Setup, deals: int, first_chunk: int, totals: SeatSums, show: bool) -> None:
    """The aggregated form of a game with no phase from the fused kernel (:func:`play_plain_chunks`)."""
    g, players = s.game, s.players
    streets, deck, folded = _board_deal_inputs(s)
    tables = hand_tables(g)
    if _whole_in_blocks(g, tables, folded):
        whole = (*whole_block_tables(g), simd.lanes_tag(vector_path()))

        def play(states, sizes, starts, sums):
            whole_hand_deals(states, sizes, deck, players, g.hole_cards, streets, whole, *sums)
    elif _plain_in_blocks(g, players, tables, folded):
        seven = tables.seven_offsets.size > 0
        plan = deal_plan(players, g.hole_cards, int(streets[0].sum()), tables.hole_sets,
                         tables.hole_set_len, tables.seven_words, int(tables.flush_bias),
                         None if seven else tables.card_bits, None if seven else tables.params)
        lookup, classes = ((tables.seven_offsets, tables.seven_classes) if seven
                           else (tables.disp, tables.rank_classes))

        def play(states, sizes, starts, sums):
            fold_free_blocks(states, sizes, deck, players, g.hole_cards, streets, plan, lookup.view(np.uint8),
                             classes, tables.flush_classes, *sums)
    else:
        def play(states, sizes, starts, sums):
            play_plain_chunks(states, sizes, deck, players, g.hole_cards, streets, folded, starts, tables,
                              *sums)

    _fused_blocks(s, deals, first_chunk, totals, show, play)


def _whole_in_blocks(g: Game, tables, folded: np.ndarray) -> bool:
    """Whether the whole-hand blocks of the evaluator value a fused plain game's deals
    (:func:`equity._kernels.deal_blocks.whole_hand_deals`): nobody folded, the exact rule, and
    deals the evaluator values in those blocks (:func:`equity.evaluator.whole_blocks_value`:
    Spanish poker, Omaha, on AVX-512 or AVX2)."""
    return not folded.shape[0] and tables.exact_need > 0 and whole_blocks_value(g)


def _plain_in_blocks(g: Game, players: int, tables, folded: np.ndarray) -> bool:
    """Whether the AVX-512 deal blocks (:mod:`equity._kernels.deal_blocks`) play a fused plain
    game's deals: nobody folded, hands of the board and a choice of hole cards through the
    seven-card tables (Hold'em, Tahoe) or of all a seat's cards and the board through the
    perfect hash (Egyptian), a shape the blocks hold, and a host that runs them."""
    seven = tables.seven_offsets.size > 0
    hashed = (not seven and len(tables.hole_set_len) == 1 and tables.hole_set_len[0] == g.hole_cards
              and tables.disp.size > 0)
    return (not folded.shape[0] and tables.exact_need == 0 and (seven or hashed)
            and fits_deal_blocks(players, g.hole_cards, int(_streets(g)[0].sum()), tables.hole_set_len,
                                 int(tables.flush_bias))
            and blocks_enabled())


def _fused_exchange(s: _Setup) -> bool:
    """Whether the per-seat sums can come from the fused exchange kernel
    (:func:`play_exchange_chunks`): every seat ``never`` or ``greedy``, a high pot, no stakes and no
    fold policy, on a game of the shape it assumes."""
    return (fused_exchange_shape(s.game) and set(s.exchange_codes.tolist()) <= {NEVER, GREEDY}
            and s.user_policy is None and s.mode == "high" and s.stakes is None and s.fold_policy is None
            and not s.draw and s.discard is None)


def _aggregate_exchange(s: _Setup, deals: int, first_chunk: int, totals: SeatSums, show: bool) -> None:
    """The aggregated form of El Dorado from the fused exchange kernel (:func:`play_exchange_chunks`):
    the deals and exchanges of :func:`_play_chunk`, on every thread."""
    g, players = s.game, s.players
    streets, deck, folded = _board_deal_inputs(s)
    tables = exchange_tables(g)

    def play(states, sizes, starts, sums):
        swaps = np.zeros((len(sizes), players), dtype=np.int64)
        set_wild = np.zeros((len(sizes), players), dtype=np.int64)
        play_exchange_chunks(states, sizes, deck, players, streets, folded, starts, s.exchange_codes, tables,
                             *sums, swaps, set_wild)
        totals.add_counts(swaps=swaps.sum(axis=0), set_wild=set_wild.sum(axis=0))

    _fused_blocks(s, deals, first_chunk, totals, show, play)


def _aggregate_switch(s: _Setup, deals: int, first_chunk: int, totals: SeatSums, show: bool) -> None:
    """The aggregated form of a Switch game from the fused kernel (:func:`play_switch_chunks`):
    the deals of :func:`equity.switch.play_switch`, chunk by chunk, on every thread."""
    from equity.switch import active_opponents, switch_rules

    g, players, options = s.game, s.players, s.draw
    rules = switch_rules(g, players, options["policy"], options["limit"], options["limit_with_ace"],
                         options["reverse"],
                         opponents=None if s.folded is None else active_opponents(s.folded))
    deck = np.array(g.deck, dtype=np.uint8)
    tables = class_tables(g)

    def play(states, sizes, starts, sums):
        # the folds of this call's deals only, the chunks' first deals counted from its first
        first = int(starts[0])
        folded = s.folds(first, int(starts[-1] + sizes[-1]) - first).ravel()
        play_switch_chunks(states, sizes, deck, players, g.hole_cards, rules, folded, starts - first, tables,
                           *sums)

    _fused_blocks(s, deals, first_chunk, totals, show, play)


def _seat_table(totals: SeatSums, exchange: bool, chips: bool) -> pd.DataFrame:
    """The aggregated table: one row per seat."""
    n = totals.n
    frame = pd.DataFrame({
        "seat": np.arange(totals.players),
        "deals": int(n),
        "equity": totals.mean(),
        "stderr": totals.stderr(),
        "win": totals.wins / n,
        "tie": totals.ties / n,
    })
    if chips:
        frame["chips_per_deal"] = totals.counts["chips"] / n
    if exchange:
        frame["swap_rate"] = totals.counts["swaps"] / n
        frame["set_wild_rate"] = totals.counts["set_wild"] / n
        if "gave_up" in totals.counts:
            frame["gave_up_rate"] = totals.counts["gave_up"] / n
    return frame


def _add_deals(totals: SeatSums, played: Deals) -> None:
    totals.add_rows(played.share)
    if played.chips is not None:
        totals.add_counts(chips=played.chips.sum(axis=0))
    if played.wild is not None:
        seats = np.arange(played.players)
        totals.add_counts(swaps=(played.gave >= 0).sum(axis=0),
                          set_wild=(played.setter[:, None] == seats[None, :]).sum(axis=0))
    if played.gave_up is not None:
        totals.add_counts(gave_up=played.gave_up.sum(axis=0))


# ---------------------------------------------------------------------------------------------
# The public functions
# ---------------------------------------------------------------------------------------------
def _setup(game, players, deals, seed, policies, folds, pot, wild_can_be_ace_, lookahead_samples_, stakes,
           draw_policy, draw_limit, draw_limit_with_ace, reverse, first_chunk, fold_policy=None,
           fold_samples=None, discard_policy=None) -> _Setup:
    """Check a run's arguments once (see :func:`simulate`)."""
    g = get_game(game)
    draw = switch_options(g, draw_policy, draw_limit, draw_limit_with_ace, reverse)
    check_players(g, players)
    if isinstance(deals, (bool, np.bool_)) or not isinstance(deals, (int, np.integer)) or deals < 1:
        raise InvalidInputError(f"deals must be a positive whole number, got {deals!r}")
    if deals > MAX_DEALS:
        raise InvalidInputError(f"deals={deals:,} is more than {MAX_DEALS:,}, the most one call plays "
                                "(years of work here): play fewer deals, or extend a run with first_chunk=")
    if isinstance(first_chunk, (bool, np.bool_)) or not isinstance(first_chunk, (int, np.integer)) \
            or first_chunk < 0:
        raise OptionError(f"first_chunk must be a whole number of at least 0, got {first_chunk!r}")
    seed = resolve_seed(seed)
    codes = exchange_policy_codes(g, players, policies)
    samples = lookahead_samples(has_phase(g, Exchange), lookahead_samples_)
    folded = None if folds is None else fold_mask(folds, int(deals), players, "folds")
    chip_stakes = None
    if stakes is not None:
        if np.ndim(stakes) != 1 or np.shape(stakes)[0] != players:
            raise OptionError(f"stakes must be {players} non-negative whole chip counts, one per seat; "
                              f"got {stakes!r}")
        chip_stakes, _ = check_stakes(stakes, (players,), "the players", True)  # settle's checks
    mode = pot_mode(g, pot)
    ace = wild_can_be_ace(g, mode, wild_can_be_ace_)
    folding = read_fold_policy(g, players, fold_policy, fold_samples)
    discard = discard_policies(g, players, discard_policy)
    return _Setup(g, players, seed, mode, ace, codes, user_exchange_policy(policies, players), samples, draw,
                  chip_stakes, folded, folding, discard)


@sets_up("deals")
def play_deals(game: str | Game, players: int, deals: int, *, seed: int | None = None,
               policies: str | Sequence[str] | None = None, folds=None, pot: str | None = None,
               wild_can_be_ace: bool | None = None, progress: bool | None = None,
               lookahead_samples: int | None = None, stakes=None,
               draw_policy: str | Sequence[str] | None = None, draw_limit: int | None = None,
               draw_limit_with_ace: int | None = None, reverse: bool | None = None,
               first_chunk: int = 0, usage: bool = True, fold_policy=None,
               fold_samples: int | None = None, discard_policy=None) -> Deals:
    """Deal and play out ``deals`` whole deals, as arrays: the deals of :func:`simulate`.

    The arguments are :func:`simulate`'s (the same seed deals the same cards); ``usage=False``
    leaves out ``hole_cards_used``.  Studies compute on these arrays instead of reading the
    per-deal table's card text.

    Returns
    -------
    Deals
        One row per deal: the hands, board, folds, strengths, shares and each phase's records.

    Examples
    --------
    >>> played = play_deals("holdem", 3, 1000, seed=1)
    >>> played.hole.shape, played.board.shape, bool(np.allclose(played.share.sum(axis=1), 1))
    ((1000, 3, 2), (1000, 5), True)
    >>> table = simulate("holdem", 3, 1000, seed=1)
    >>> bool((table.strength.to_numpy() == played.high.ravel()).all())
    True
    """
    s = _setup(game, players, deals, seed, policies, folds, pot, wild_can_be_ace, lookahead_samples, stakes,
               draw_policy, draw_limit, draw_limit_with_ace, reverse, first_chunk, fold_policy, fold_samples,
               discard_policy)
    show = progress if progress is not None else deals > 8 * CHUNK_DEALS
    return Deals.concat(list(_chunks(s, deals, first_chunk, usage, show)))


@sets_up("deals")
def simulate(game: str | Game, players: int, deals: int, *, seed: int | None = None,
             policies: str | Sequence[str] | None = None, folds=None, pot: str | None = None,
             wild_can_be_ace: bool | None = None, aggregate: bool = False,
             progress: bool | None = None, lookahead_samples: int | None = None, stakes=None,
             draw_policy: str | Sequence[str] | None = None, draw_limit: int | None = None,
             draw_limit_with_ace: int | None = None, reverse: bool | None = None,
             first_chunk: int = 0, fold_policy=None, fold_samples: int | None = None,
             discard_policy=None) -> pd.DataFrame:
    """Deal and play out ``deals`` whole deals; one row per deal and seat, or one per seat.

    Parameters
    ----------
    game
        A game name or :class:`~equity.games.Game`: ``holdem``, ``omaha``, ``tahoe``,
        ``spanish``, ``egyptian``, ``eldorado``, ``switch`` or ``switch7``.
    players
        Players dealt in; seat 0 is the first to the dealer's left, the last seat
        is the dealer.
    deals
        How many deals; made in chunks of :data:`CHUNK_DEALS` with independent
        random streams.
    seed
        The run's seed (the same seed gives the same table); None draws one.
    policies
        El Dorado exchange policy for every seat, or one per seat:
        ``"greedy"`` (default), ``"never"``, ``"lookahead"`` (both play for the
        ``pot``: in a low pot they compare lows), or a function compiled
        with ``numba.njit``, ``policy(hole, flop, wild, seat, players) -> int``:
        ``hole`` and ``flop`` are the seat's two hole cards and the current flop
        (uint8 card codes, 4 * rank + suit), ``wild`` the current wild rank (-1 for
        none); it returns -1 to keep, or ``3 * hole_index + flop_index`` to give
        that hole card for that flop card.  One such function per run (it may
        serve several seats); it is compiled into the exchange at the first call.
        Or ``equity.strategy.best_response(profile)``: the best response to a
        profile, decided by rollouts at each deal (milliseconds a decision; every
        seat must take part in the exchange).
    folds
        Bool mask of players who fold after the first betting round, shape
        ``(players,)`` or ``(deals, players)``: they take no part in the exchange
        and cannot win.
    fold_policy, fold_samples
        El Dorado: who gives up in the betting round after the exchange (rule document 000,
        article 3.5): an equity threshold from 0 to 1 (or one per seat, None for a seat that
        never gives up), a seat folding when its estimated equity, from ``fold_samples`` draws
        of what it cannot see (default :data:`equity.fold_after_exchange.FOLD_SAMPLES`), is
        below it; ``"never"``; or a function ``fold(hole, flop, wild, seat, players) -> bool[n]``
        over arrays.  Its swap stands and it cannot win; when every seat still in would give
        up, nobody does.  See :mod:`equity.fold_after_exchange`.  Adds ``gave_up`` to the table
        (``gave_up_rate`` when aggregated).
    pot
        ``"high"``, ``"hi_lo"`` (Tahoe, Omaha) or ``"low"`` (El Dorado); the game's
        first pot mode by default.
    wild_can_be_ace
        El Dorado low: whether a wild card may count as an ace (default True); refused in a
        high pot or a game without wild cards.
    lookahead_samples
        Draws of the unseen cards per decision of the ``lookahead`` policy (default
        :data:`LOOKAHEAD_SAMPLES`); refused in a game without an exchange.
    stakes
        Chips each seat puts in, shape ``(players,)``: different all-in amounts
        make side pots (:func:`equity.settle`).  Adds ``chips``, each seat's net
        result in chips, to the table (``chips_per_deal`` when aggregated).
    draw_policy, draw_limit, draw_limit_with_ace, reverse
        Switch and draw games: the draw policy (``"standard"`` by default, ``"stand"``,
        ``"max"``, ``"switch_aware"`` or ``"switch_aware_no_info"``, see
        :mod:`equity.strategy.showdown`; one for every seat or one per seat), the draw limits (3, or 4
        when keeping an ace), and the direction of the switch (games with a switch).
    discard_policy
        A game with a discard phase (Pineapple-style): which hole cards each seat throws away,
        ``"best"`` (default: keep the strongest hand with the board so far) or a compiled
        function; one for every seat or one per seat (see :mod:`equity.discard`).
    aggregate
        Return one row per seat (deals, equity with its standard error, win and
        tie rates; for El Dorado the swap and wild-setting rates) instead of one
        row per deal and seat: for runs of millions of deals.
    progress
        Show a progress bar (default: on a terminal, for runs of several chunks).
    first_chunk
        Index of the first chunk's random stream (to extend an earlier run).

    Returns
    -------
    pandas.DataFrame
        Per deal and seat: ``deal, seat, hole, board, folded, category, strength,
        share`` (``share``: the fraction of the pot won), with ``low`` for hi-lo
        and low pots, ``hole_cards_used`` where a hand may use fewer hole cards
        than it holds, for El Dorado ``gave, took, wild, set_wild``, and for Switch
        ``gave_k, received_k`` (the cards that left and arrived at switch ``k``)
        and ``drawn`` (cards drawn), for a game with a discard ``discarded`` (the cards thrown
        away), ``hole`` being the hand at the showdown; ``category`` is
        an ordered Categorical in the game's ranking (:func:`equity.evaluator.category_dtype`).
        ``attrs``: ``game``, ``method`` (``"monte carlo"``), ``seed``, ``trials`` (the deals),
        ``players``, ``deals`` and ``pot``; with an exchange, ``policies`` (each seat's policy by
        name).

    Examples
    --------
    >>> table = simulate("holdem", 3, 1000, seed=1)
    >>> round(float(table.groupby("deal").share.sum().mean()), 9)
    1.0
    >>> summary = simulate("holdem", 2, 20000, seed=1, aggregate=True)
    >>> bool(abs(summary.equity.sum() - 1) < 1e-9)
    True
    """
    aggregate = check_flag(aggregate, "aggregate")
    s = _setup(game, players, deals, seed, policies, folds, pot, wild_can_be_ace, lookahead_samples, stakes,
               draw_policy, draw_limit, draw_limit_with_ace, reverse, first_chunk, fold_policy, fold_samples,
               discard_policy)
    g = s.game
    show = progress if progress is not None else deals > 8 * CHUNK_DEALS
    totals = SeatSums(players)
    fused = None
    if aggregate and s.draw and not g.streets and s.stakes is None and s.mode == "high":
        fused = _aggregate_switch
    elif aggregate and _fused_plain(g, s.mode, s.stakes):
        fused = _aggregate_plain
    elif aggregate and _fused_exchange(s):
        fused = _aggregate_exchange
    if fused is not None:
        fused(s, deals, first_chunk, totals, show)
        table = _seat_table(totals, exchange=fused is _aggregate_exchange, chips=False)
    elif aggregate:
        for played in _chunks(s, deals, first_chunk, False, show):
            _add_deals(totals, played)
        table = _seat_table(totals, exchange=has_phase(g, Exchange), chips=s.stakes is not None)
    else:
        table = pd.concat([played.table() for played in _chunks(s, deals, first_chunk, True, show)],
                          ignore_index=True)
    table.attrs.update(game=g.name, method="monte carlo", seed=s.seed, trials=deals, players=players,
                       deals=deals, pot=s.mode)
    if has_phase(g, Exchange):
        table.attrs["policies"] = exchange_policy_names(players, policies)
    if s.fold_policy is not None:
        table.attrs["fold_policy"] = s.fold_policy.describe()
    return table
