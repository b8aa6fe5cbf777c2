"""Whole deals of every game, played out by the game's phases, with the pot settled.

:func:`simulate` deals from fresh shuffles (streets and burns as the game's
description lists them), runs the phases between the streets (the El Dorado
exchange with the seats' policies; Switch's switches and draw), evaluates the
showdown and shares the pot.  Deals are made in fixed-size chunks, each with its
own random stream derived from the run's seed, so a seed gives the same table
whatever the number of chunks processed at once.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache

import numpy as np
import pandas as pd
from numba import njit

from equity._kernels.deal import (
    GREEDY,
    LOOKAHEAD,
    NEVER,
    SCRIPTED,
    USER,
    deal_chunk,
    deal_from_top,
    exchange_chunk,
    exchange_deals,
    play_plain_chunks,
    play_switch_chunks,
)
from equity.cards import RANKS, card_codes, card_text
from equity.errors import InvalidInputError, OptionError, check_flag
from equity.evaluate import (
    _flush_bias,
    _groups,
    _low_variant,
    _padded,
    categories_of,
    evaluate_low_many,
    evaluate_many,
    hole_cards_used_many,
)
from equity.games import Draw, Exchange, Game, Switch, get_game
from equity.pots import _stakes, as_fold_mask, pot_shares_many, settle_many
from equity.rng import chunk_states, resolve_seed
from equity.tables import tables_for

__all__ = ["simulate", "deal_from_order", "exchange", "EXCHANGE_POLICIES", "CHUNK_DEALS"]

#: Built-in El Dorado exchange policies and their kernel codes.
EXCHANGE_POLICIES = {"never": NEVER, "greedy": GREEDY, "lookahead": LOOKAHEAD}
#: Draws of the unseen cards per decision of the ``lookahead`` policy, unless set.
LOOKAHEAD_SAMPLES = 200
#: Deals per chunk: each chunk has its own random stream.
CHUNK_DEALS = 16_384
CARD_TEXT = np.array([card_text(c) for c in range(52)], dtype=object)


def _streets(game: Game) -> tuple[np.ndarray, np.ndarray]:
    cards = np.array([s.cards for s in game.streets], dtype=np.int64)
    burns = np.array([s.burn for s in game.streets], dtype=np.int64)
    return cards, burns


def _check_players(game: Game, players: int) -> None:
    if isinstance(players, bool) or not isinstance(players, (int, np.integer)):
        raise InvalidInputError(f"players must be a whole number, got {players!r}")
    needed = players * game.hole_cards + sum(s.cards + s.burn for s in game.streets)
    if players < 2 or players > game.max_players or needed > game.deck_size:
        raise InvalidInputError(
            f"players={players}: {game.name} allows 2 to {game.max_players} players "
            f"(its {game.deck_size}-card deck deals {game.hole_cards} hole cards each"
            f"{' plus the board and burns' if game.streets else ''})"
        )


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
    _check_players(g, players)
    cards = card_codes(order)
    for code in cards.tolist():
        if code not in g.deck:
            raise InvalidInputError(f"card '{card_text(code)}' is not in the {g.name} deck")
    street_cards, street_burns = _streets(g)
    needed = players * g.hole_cards + int(street_cards.sum() + street_burns.sum())
    if len(cards) < needed:
        raise InvalidInputError(f"{g.name} with {players} players needs {needed} cards, got {len(cards)}")
    hole = np.zeros(players * g.hole_cards, dtype=np.uint8)
    board = np.zeros(int(street_cards.sum()), dtype=np.uint8)
    burns = np.zeros(int(street_burns.sum()), dtype=np.uint8)
    deal_from_top(cards, players, g.hole_cards, street_cards, street_burns, hole, board, burns)
    seats = hole.reshape(players, g.hole_cards)
    return {
        "hole": ["".join(CARD_TEXT[c] for c in seat) for seat in seats],
        "board": "".join(CARD_TEXT[c] for c in board),
        "burns": "".join(CARD_TEXT[c] for c in burns),
    }


@lru_cache(maxsize=16)
def _user_exchange_kernel(user_policy):
    """The exchange loop compiled around one user policy (not cached on disk: it holds a function)."""

    @njit(nogil=True)
    def run(hole, board, n_players, active, policies, script, samples, state, card_bits, suit_bits,
            disp, params, rank_classes, flush_classes, flush_bias, for_low, wild_out, gave_out,
            took_out, setter_out):
        exchange_deals(hole, board, n_players, active, policies, script, samples, state, card_bits,
                       suit_bits, disp, params, rank_classes, flush_classes, flush_bias, for_low,
                       wild_out, gave_out, took_out, setter_out, user_policy)

    return run


def _run_exchange(g: Game, hole: np.ndarray, board: np.ndarray, active: np.ndarray, codes: np.ndarray,
                  script: np.ndarray, state: np.ndarray, samples: int = LOOKAHEAD_SAMPLES,
                  user_policy=None, mode: str = "high", wild_can_be_ace: bool = True):
    """The exchange on dealt deals, in place; returns wild rank, cards given and taken, setter.

    The ``greedy`` and ``lookahead`` policies play for the pot ``mode``: in a low pot they
    compare ace-to-five lows (``wild_can_be_ace`` as in :func:`evaluate_low_many`), in a high
    or hi-lo pot high hands.
    """
    t = tables_for(g)
    n, players = active.shape
    wild = np.empty(n, dtype=np.int64)
    gave = np.empty((n, players), dtype=np.int64)
    took = np.empty((n, players), dtype=np.int64)
    setter = np.empty(n, dtype=np.int64)
    max_wilds = t.rank_classes.shape[0] - 1
    for_low = mode == "low"
    if for_low:  # the low classes, and a bias that never flags a flush
        classes = t.low_classes[_low_variant(g, wild_can_be_ace)]
        bias = np.zeros(max_wilds + 1, dtype=np.uint64)
    else:
        classes = t.rank_classes
        bias = _flush_bias(g.hand_size, max_wilds)
    kernel = exchange_chunk if user_policy is None else _user_exchange_kernel(user_policy)
    kernel(hole, board, players, active, codes, script, samples, state, t.card_bits, t.suit_bits,
           t.disp, t.hash_params, classes, t.flush_classes, bias, for_low, wild, gave, took, setter)
    bad = np.argwhere(gave == -3)
    if len(bad):
        raise InvalidInputError(
            f"the user exchange policy of seat {int(bad[0, 1])} returned a code outside -1..5 "
            "(-1 keeps; 3 * hole_index + flop_index swaps)"
        )
    return wild, gave, took, setter


def exchange(hole: Sequence[str], flop: str, swaps=None, *, policies=None,
             lookahead_samples: int = LOOKAHEAD_SAMPLES, seed: int | None = None,
             game: str | Game = "eldorado", pot: str | None = None,
             wild_can_be_ace: bool = True) -> dict:
    """Play the El Dorado exchange on one deal, from explicit swaps or by policy.

    Parameters
    ----------
    hole
        Each seat's two hole cards, seat 0 (the dealer's left) first, the dealer last.
    flop
        The three flop cards.
    swaps
        Per seat, ``None`` to keep or ``(card given, card taken)``, e.g. ``("9d", "Qs")``;
        seats act in order, each seeing the flop as earlier swaps left it.
    policies
        Instead of ``swaps``: a policy name for every seat, or one per seat.  With neither
        ``swaps`` nor ``policies`` every seat plays ``"greedy"``.
    lookahead_samples, seed
        Draws per decision of the ``lookahead`` policy, and their seed.
    pot, wild_can_be_ace
        The pot the ``greedy`` and ``lookahead`` policies play for: ``"high"`` (the
        game's default) or ``"low"``, where they compare ace-to-five lows (a wild card
        may count as an ace unless ``wild_can_be_ace`` is False), as in :func:`simulate`.

    Returns
    -------
    dict
        ``hole`` (per seat), ``flop``, ``wild`` (the wild rank, or None) and
        ``set_by`` (the seat whose swap made it, or None).

    Examples
    --------
    The rule document's example (the dealer, seat 2, declines):

    >>> r = exchange(["9c9d", "Kh4h", "2c3d"], "7dQs4c", [("9d", "Qs"), ("Kh", "7d"), None])
    >>> r["hole"], r["flop"], r["wild"], r["set_by"]
    (['9cQs', '7d4h', '2c3d'], 'Kh9d4c', 'K', 1)
    """
    g = get_game(game)
    if not any(isinstance(p, Exchange) for p in g.phases):
        raise OptionError(f"{g.name} has no exchange")
    players = len(hole)
    _check_players(g, players)
    hole_codes = np.stack([card_codes(h) for h in hole])
    flop_codes = card_codes(flop)
    if hole_codes.shape[1] != g.hole_cards or len(flop_codes) != 3:
        raise InvalidInputError("give two hole cards per seat and three flop cards")
    everything = np.concatenate([hole_codes.ravel(), flop_codes])
    if len(np.unique(everything)) != len(everything):
        raise InvalidInputError("a card appears twice among the hole cards and the flop")
    script = np.full((1, players, 2), -1, dtype=np.int64)
    if swaps is not None:
        if policies is not None:
            raise OptionError("give either swaps or policies, not both")
        if len(swaps) != players:
            raise OptionError(f"{len(swaps)} swaps for {players} seats: give one entry per seat")
        codes = np.full(players, SCRIPTED, dtype=np.int8)
        for seat, swap in enumerate(swaps):
            if swap is not None:
                script[0, seat] = [int(card_codes(swap[0])[0]), int(card_codes(swap[1])[0])]
    else:
        codes = _policy_codes(g, players, policies)
    hole_rows = hole_codes.reshape(1, -1).astype(np.uint8)
    board = np.zeros((1, g.board_cards), dtype=np.uint8)
    board[0, :3] = flop_codes
    mode = _pot_mode(g, pot)
    state = chunk_states(resolve_seed(seed), 0, 1)[0]
    wild, gave, took, setter = _run_exchange(g, hole_rows, board, np.ones((1, players), dtype=bool),
                                             codes, script, state, _samples(lookahead_samples),
                                             _user_policy(policies), mode, wild_can_be_ace)
    bad = np.flatnonzero(gave[0] == -2)
    if len(bad):
        seat = int(bad[0])
        raise InvalidInputError(
            f"seat {seat} cannot give {swaps[seat][0]} for {swaps[seat][1]}: the card given must "
            "be in its hole cards and the card taken in the flop at its turn"
        )
    seats = hole_rows.reshape(players, 2)
    return {
        "hole": ["".join(CARD_TEXT[c] for c in seat) for seat in seats],
        "flop": "".join(CARD_TEXT[c] for c in board[0, :3]),
        "wild": RANKS[wild[0]] if wild[0] >= 0 else None,
        "set_by": int(setter[0]) if setter[0] >= 0 else None,
    }


def wild_can_be_ace_option(game: Game, mode: str, wild_can_be_ace: bool | None) -> bool:
    """The ``wild_can_be_ace`` option (None: not given, which means True), refused where it
    changes nothing: outside the low of a game with wild cards."""
    if wild_can_be_ace is None:
        return True
    if game.wild is None or mode == "high":
        raise OptionError("wild_can_be_ace applies to the low of a game with wild cards (eldorado)")
    return check_flag(wild_can_be_ace, "wild_can_be_ace")


def lookahead_option(has_exchange: bool, lookahead_samples: int | None) -> int:
    """The ``lookahead_samples`` option (None: not given, :data:`LOOKAHEAD_SAMPLES`), refused
    where no exchange is played."""
    if lookahead_samples is None:
        return LOOKAHEAD_SAMPLES
    if not has_exchange:
        raise OptionError("lookahead_samples applies to the exchange (eldorado before the exchange)")
    return _samples(lookahead_samples)


def _samples(lookahead_samples: int) -> int:
    if isinstance(lookahead_samples, bool) or not isinstance(lookahead_samples, (int, np.integer)) \
            or lookahead_samples < 1:
        raise OptionError(f"lookahead_samples must be a positive whole number, got {lookahead_samples!r}")
    return int(lookahead_samples)


def _policy_codes(game: Game, players: int, policies) -> np.ndarray:
    if not any(isinstance(p, Exchange) for p in game.phases):
        if policies is not None:
            raise OptionError(f"{game.name} has no exchange: policies apply to eldorado")
        return np.zeros(players, dtype=np.int8)
    if policies is None:
        policies = "greedy"
    single = isinstance(policies, str) or _is_numba_function(policies)
    if not single and (not isinstance(policies, Sequence) or isinstance(policies, bytes)):
        raise OptionError(f"policies must be a policy name ({', '.join(EXCHANGE_POLICIES)}), a Numba "
                          f"function, or a list of them, one per seat; got {policies!r}")
    names = [policies] * players if single else list(policies)
    if len(names) != players:
        raise OptionError(f"{len(names)} policies for {players} players: give one per seat or one for all")
    codes = []
    for name in names:
        if _is_numba_function(name):
            codes.append(USER)
            continue
        if not isinstance(name, str) or name not in EXCHANGE_POLICIES:
            raise OptionError(
                f"unknown exchange policy {name!r}: allowed are {', '.join(EXCHANGE_POLICIES)}, "
                "or a Numba-compiled function (see equity.deal.simulate)"
            )
        codes.append(EXCHANGE_POLICIES[name])
    return np.array(codes, dtype=np.int8)


def _is_numba_function(policy) -> bool:
    return hasattr(policy, "py_func") and hasattr(policy, "signatures")


def _user_policy(policies):
    """The one user policy function among the seats' policies, or None."""
    names = [policies] if isinstance(policies, str) or _is_numba_function(policies) else list(policies or [])
    users = {id(p): p for p in names if _is_numba_function(p)}
    if len(users) > 1:
        raise OptionError("one user exchange policy per run: give every user seat the same function")
    return next(iter(users.values()), None)


def _fold_mask(folds, deals: int, players: int) -> np.ndarray:
    if folds is None:
        return np.zeros((deals, players), dtype=bool)
    mask = as_fold_mask(folds, "folds")
    if mask.shape == (players,):
        mask = np.broadcast_to(mask, (deals, players))
    if mask.shape != (deals, players):
        raise OptionError(f"folds must have shape ({players},) or ({deals}, {players}), got {mask.shape}")
    if (mask.sum(axis=1) >= players).any():
        raise OptionError("folds leave no player in a deal: at least one player must stay in")
    return mask


def _pot_mode(game: Game, pot: str | None) -> str:
    mode = game.pot_modes[0] if pot is None else pot
    if mode not in game.pot_modes:
        raise OptionError(f"{game.name} is played for {', '.join(game.pot_modes)}; got pot={pot!r}")
    return mode


def _texts(codes: np.ndarray) -> np.ndarray:
    """Card text of each row of codes, e.g. ``'AhKd'`` (empty text for no cards)."""
    if codes.shape[1] == 0:
        return np.full(codes.shape[0], "", dtype=object)
    text = CARD_TEXT[codes[:, 0]]
    for k in range(1, codes.shape[1]):
        text = text + CARD_TEXT[codes[:, k]]
    return text


def _play_chunk(g: Game, players: int, n: int, state: np.ndarray, codes: np.ndarray,
                folded: np.ndarray, mode: str, wild_can_be_ace: bool, no_script: np.ndarray,
                usage: bool = True, samples: int = LOOKAHEAD_SAMPLES, stakes=None,
                user_policy=None) -> dict:
    """Deal and play out one chunk; every result as an array with one row per deal."""
    street_cards, street_burns = _streets(g)
    deck = np.array(g.deck, dtype=np.uint8)
    hole = np.empty((n, players * g.hole_cards), dtype=np.uint8)
    board = np.empty((n, int(street_cards.sum())), dtype=np.uint8)
    burns = np.empty((n, int(street_burns.sum())), dtype=np.uint8)
    deal_chunk(state, deck, n, players, g.hole_cards, street_cards, street_burns, hole, board, burns)
    out: dict[str, np.ndarray] = {"hole": hole, "board": board}
    wild_rows = None
    if any(isinstance(p, Exchange) for p in g.phases):
        wild, gave, took, setter = _run_exchange(g, hole, board, ~folded, codes, no_script[:n], state,
                                                 samples, user_policy, mode, wild_can_be_ace)
        out.update(wild=wild, gave=gave, took=took, setter=setter)
        wild_rows = np.repeat(wild, players).astype(np.int8)
    seat_hole = hole.reshape(n * players, g.hole_cards)
    seat_board = np.repeat(board, players, axis=0)
    high = evaluate_many(g, seat_hole, seat_board, wild=wild_rows, check=False).reshape(n, players)
    out["high"] = high
    low = None
    if mode != "high":
        low = evaluate_low_many(g, seat_hole, seat_board, wild=wild_rows, wild_can_be_ace=wild_can_be_ace,
                                check=False).reshape(n, players)
        out["low"] = low
    out["share"] = pot_shares_many(None if mode == "low" else high, low=low, mode=mode, folded=folded)
    if stakes is not None:
        out["chips"] = settle_many(None if mode == "low" else high, stakes, low=low, mode=mode,
                                   folded=folded) - stakes
    if usage and g.hole_rule.min_used == 0 and g.hole_cards > 1:
        out["hole_cards_used"] = hole_cards_used_many(g, seat_hole, seat_board, wild=wild_rows,
                                                      check=False).reshape(n, players)
    return out


def _rows(g: Game, players: int, start: int, played: dict, folded: np.ndarray) -> pd.DataFrame:
    n = played["high"].shape[0]
    seat_hole = played["hole"].reshape(n * players, g.hole_cards)
    columns = {
        "deal": np.repeat(np.arange(start, start + n), players),
        "seat": np.tile(np.arange(players), n),
        "hole": _texts(seat_hole),
        "board": np.repeat(_texts(played["board"]), players),
        "folded": folded.ravel(),
        "category": categories_of(g, played["high"].ravel()),
        "strength": played["high"].ravel(),
        "share": played["share"].ravel(),
    }
    if "chips" in played:
        columns["chips"] = played["chips"].ravel()
    if "low" in played:
        columns["low"] = played["low"].ravel()
    if "hole_cards_used" in played:
        columns["hole_cards_used"] = played["hole_cards_used"].ravel()
    if "wild" in played:
        gave, took = played["gave"].ravel(), played["took"].ravel()
        columns["gave"] = np.where(gave >= 0, CARD_TEXT[np.clip(gave, 0, 51)], "")
        columns["took"] = np.where(took >= 0, CARD_TEXT[np.clip(took, 0, 51)], "")
        wild_text = np.array([RANKS[w] if w >= 0 else "" for w in played["wild"]], dtype=object)
        columns["wild"] = np.repeat(wild_text, players)
        columns["set_wild"] = np.repeat(played["setter"], players) == np.tile(np.arange(players), n)
    return pd.DataFrame(columns)


def _switch_options(g: Game, draw_policy, draw_limit, draw_limit_with_ace, reverse) -> dict:
    from equity.switch import draw_phase

    given = {"draw_policy": draw_policy, "draw_limit": draw_limit,
             "draw_limit_with_ace": draw_limit_with_ace, "reverse": reverse}
    if not any(isinstance(p, (Switch, Draw)) for p in g.phases):
        named = [k for k, v in given.items() if v is not None]
        if named:
            from equity.games import GAMES

            phase = Switch if named == ["reverse"] else Draw
            having = [n for n, x in GAMES.items() if any(isinstance(p, phase) for p in x.phases)]
            raise OptionError(f"{g.name} has no switch or draw: {', '.join(named)} applies to games "
                              f"with a {phase.__name__.lower()} ({', '.join(having)})")
        return {}
    if reverse is not None and not any(isinstance(p, Switch) for p in g.phases):
        raise OptionError(f"reverse sets the direction of the switch; {g.name} has no switch")
    if not any(isinstance(p, Draw) for p in g.phases):
        named = [k for k, v in given.items() if k != "reverse" and v is not None]
        if named:
            raise OptionError(f"{g.name} has no draw: {', '.join(named)} applies to games with one")
    draw = draw_phase(g)
    return {
        "policy": "standard" if draw_policy is None else draw_policy,
        "limit": draw.limit if draw_limit is None else draw_limit,
        "limit_with_ace": draw.limit_with_ace if draw_limit_with_ace is None else draw_limit_with_ace,
        "reverse": False if reverse is None else check_flag(reverse, "reverse"),
    }


def _play_switch_chunk(g: Game, players: int, n: int, seed: int, chunk: int, folded: np.ndarray,
                       options: dict, mode: str, wild_can_be_ace: bool, stakes=None) -> dict:
    """One chunk of a Switch or draw game: the switches and draw, then the showdown for the pot
    ``mode`` (and with ``stakes``, each seat's net chips)."""
    from equity.switch import play_switch

    played = play_switch(players, n, seed=seed, game=g, folded=folded, chunk_size=CHUNK_DEALS,
                         first_chunk=chunk, **options)
    hands = played["hands"]
    seat_hands = hands.reshape(n * players, g.hole_cards)
    high = evaluate_many(g, seat_hands, None, check=False).reshape(n, players)
    out = {"hands": hands, "high": high, "gave": played["gave"], "received": played["received"]}
    low = None
    if mode != "high":
        low = evaluate_low_many(g, seat_hands, None, wild_can_be_ace=wild_can_be_ace,
                                check=False).reshape(n, players)
        out["low"] = low
    out["share"] = pot_shares_many(None if mode == "low" else high, low=low, mode=mode, folded=folded)
    if "drawn" in played:
        out["drawn"] = played["drawn"]
    if stakes is not None:
        out["chips"] = settle_many(None if mode == "low" else high, stakes, low=low, mode=mode,
                                   folded=folded) - stakes
    return out


def _switch_rows(g: Game, players: int, start: int, played: dict, folded: np.ndarray) -> pd.DataFrame:
    n = played["high"].shape[0]
    columns = {
        "deal": np.repeat(np.arange(start, start + n), players),
        "seat": np.tile(np.arange(players), n),
        "hole": _texts(played["hands"].reshape(n * players, g.hole_cards)),
        "folded": folded.ravel(),
        "category": categories_of(g, played["high"].ravel()),
        "strength": played["high"].ravel(),
        "share": played["share"].ravel(),
    }
    gave, received = played["gave"], played["received"]
    for k in range(gave.shape[1]):
        for name, cards in ((f"gave_{k + 1}", gave[:, k]), (f"received_{k + 1}", received[:, k])):
            cards = cards.ravel()
            columns[name] = np.where(cards >= 0, CARD_TEXT[np.clip(cards, 0, 51)], "")
        if k == 0 and "drawn" in played:  # the draw comes after the first switch
            columns["drawn"] = played["drawn"].ravel()
    if "drawn" in played and "drawn" not in columns:  # a draw with no switch
        columns["drawn"] = played["drawn"].ravel()
    if "chips" in played:
        columns["chips"] = played["chips"].ravel()
    if "low" in played:
        columns["low"] = played["low"].ravel()
    return pd.DataFrame(columns)


class _SeatTotals:
    """Running per-seat sums for the aggregated form (integer counts where possible)."""

    def __init__(self, players: int):
        self.deals = 0
        self.share = np.zeros(players)
        self.share_sq = np.zeros(players)
        self.wins = np.zeros(players, dtype=np.int64)
        self.ties = np.zeros(players, dtype=np.int64)
        self.swaps = np.zeros(players, dtype=np.int64)
        self.chips = np.zeros(players, dtype=np.int64)
        self.set_wild = np.zeros(players, dtype=np.int64)

    def add(self, played: dict) -> None:
        share = played["share"]
        self.deals += share.shape[0]
        self.share += share.sum(axis=0)
        self.share_sq += (share * share).sum(axis=0)
        self.wins += (share == 1).sum(axis=0)
        self.ties += ((share > 0) & (share < 1)).sum(axis=0)
        if "chips" in played:
            self.chips += played["chips"].sum(axis=0)
        if "wild" in played:
            self.swaps += (played["gave"] >= 0).sum(axis=0)
            seats = np.arange(share.shape[1])
            self.set_wild += (played["setter"][:, None] == seats[None, :]).sum(axis=0)

    def add_sums(self, deals: int, share_sum: np.ndarray, share_sq: np.ndarray, wins: np.ndarray,
                 ties: np.ndarray) -> None:
        """Add per-chunk sums (rows in chunk order) from a fused kernel."""
        self.deals += deals
        for row in range(share_sum.shape[0]):
            self.share += share_sum[row]
            self.share_sq += share_sq[row]
        self.wins += wins.sum(axis=0)
        self.ties += ties.sum(axis=0)

    def table(self, exchange: bool, chips: bool) -> pd.DataFrame:
        n = self.deals
        mean = self.share / n
        # one deal has no standard error: NaN rather than a zero that reads as certainty
        variance = (np.maximum(self.share_sq / n - mean * mean, 0.0) * n / (n - 1) if n > 1
                    else np.full_like(mean, np.nan))
        frame = pd.DataFrame({
            "seat": np.arange(len(mean)),
            "deals": n,
            "equity": mean,
            "stderr": np.sqrt(variance / n),
            "win": self.wins / n,
            "tie": self.ties / n,
        })
        if chips:
            frame["chips_per_deal"] = self.chips / n
        if exchange:
            frame["swap_rate"] = self.swaps / n
            frame["set_wild_rate"] = self.set_wild / n
        return frame


#: Chunks handed to the fused kernel at once (spread over the threads).
CHUNKS_PER_CALL = 16


def _fused_plain(g: Game, mode: str, stakes) -> bool:
    """Whether the per-seat sums can come from the fused kernel (:func:`play_plain_chunks`)."""
    plain = not any(isinstance(p, (Exchange, Switch, Draw)) for p in g.phases)
    rule = g.hole_rule
    ruled = rule.min_used == 0 or rule.min_used == rule.max_used  # choices, or exactly j hole cards
    return plain and ruled and g.wild is None and mode == "high" and stakes is None


def _fused_blocks(g: Game, players: int, deals: int, seed: int, first_chunk: int,
                  totals: _SeatTotals, show: bool, play) -> None:
    """Run a fused kernel over the deals, :data:`CHUNKS_PER_CALL` chunks a call, into ``totals``.

    ``play(states, sizes, starts, sums)`` plays the chunks of one call (their generator
    states, deal counts and first deals) and adds each chunk's per-seat sums to
    ``sums`` (share, share squared: float64[chunks, players]; wins, ties: int64).
    """
    from tqdm.auto import tqdm

    n_chunks = -(-deals // CHUNK_DEALS)
    with tqdm(total=deals, disable=not show or None, unit="deal", desc=f"{g.name} deals") as bar:
        for first in range(0, n_chunks, CHUNKS_PER_CALL):
            count = min(CHUNKS_PER_CALL, n_chunks - first)
            starts = (first + np.arange(count)) * CHUNK_DEALS
            sizes = np.minimum(CHUNK_DEALS, deals - starts)
            sums = [np.zeros((count, players)) for _ in range(2)]
            sums += [np.zeros((count, players), dtype=np.int64) for _ in range(2)]
            play(chunk_states(seed, first_chunk + first, count), sizes, starts, sums)
            totals.add_sums(int(sizes.sum()), *sums)
            bar.update(int(sizes.sum()))


def _aggregate_plain(g: Game, players: int, deals: int, seed: int, first_chunk: int,
                     folded_all: np.ndarray, totals: _SeatTotals, show: bool) -> None:
    """The aggregated form of a game with no phase from the fused kernel (:func:`play_plain_chunks`)."""
    t = tables_for(g)
    street_cards, street_burns = _streets(g)
    deck = np.array(g.deck, dtype=np.uint8)
    folded = np.ascontiguousarray(folded_all) if folded_all.any() else np.zeros((0, players), dtype=bool)
    bias = _flush_bias(g.hand_size, t.rank_classes.shape[0] - 1)[0]
    rule = g.hole_rule
    if rule.min_used > 0:  # exactly j hole cards: every j-card choice, with the exact-rule tables
        hole_sets, hole_len = _padded(list(itertools.combinations(range(g.hole_cards), rule.min_used)))
        exact_need = g.hand_size - rule.min_used
    else:
        choices = _groups(g, g.hole_cards, g.board_cards, g.hand_size, False)
        hole_sets, hole_len, exact_need = choices.hole_sets, choices.hole_set_len, 0

    def play(states, sizes, starts, sums):
        play_plain_chunks(states, sizes, deck, players, g.hole_cards, street_cards, street_burns,
                          folded, starts, hole_sets, hole_len, exact_need, t.hole_index,
                          t.exact_classes, t.card_bits, t.suit_bits, t.disp, t.hash_params,
                          t.rank_classes[0], t.flush_classes[0], bias, t.seven_words,
                          t.seven_offsets, t.seven_classes, *sums)

    _fused_blocks(g, players, deals, seed, first_chunk, totals, show, play)


def _aggregate_switch(g: Game, players: int, deals: int, seed: int, first_chunk: int,
                      folded_all: np.ndarray, options: dict, totals: _SeatTotals, show: bool) -> None:
    """The aggregated form of a Switch game from the fused kernel (:func:`play_switch_chunks`):
    the deals of :func:`equity.switch.play_switch`, chunk by chunk, on every thread."""
    from equity.switch import _check_limits, _policy_codes, switch_plan

    before, draw, after = switch_plan(g)
    _check_limits(options["limit"], options["limit_with_ace"])
    codes = _policy_codes(options["policy"], players, g.fixed_wild_rank)
    t = tables_for(g)
    deck = np.array(g.deck, dtype=np.uint8)
    folded = np.ascontiguousarray(folded_all, dtype=np.bool_).ravel()
    bias = _flush_bias(g.hand_size, t.rank_classes.shape[0] - 1)[0]

    def play(states, sizes, starts, sums):
        play_switch_chunks(states, sizes, deck, players, g.hole_cards, before, draw, after, codes,
                           options["limit"], options["limit_with_ace"], options["reverse"],
                           folded, starts, t.card_bits, t.suit_bits, t.disp, t.hash_params,
                           t.rank_classes[0], t.flush_classes[0], bias, *sums)

    _fused_blocks(g, players, deals, seed, first_chunk, totals, show, play)


def simulate(game: str | Game, players: int, deals: int, *, seed: int | None = None,
             policies: str | Sequence[str] | None = None, folds=None, pot: str | None = None,
             wild_can_be_ace: bool | None = None, aggregate: bool = False,
             progress: bool | None = None, lookahead_samples: int | None = None, stakes=None,
             draw_policy: str | Sequence[str] | None = None, draw_limit: int | None = None,
             draw_limit_with_ace: int | None = None, reverse: bool | None = None,
             first_chunk: int = 0) -> pd.DataFrame:
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
    folds
        Bool mask of players who fold after the first betting round, shape
        ``(players,)`` or ``(deals, players)``: they take no part in the exchange
        and cannot win.
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
        ``"max"``; one for every seat or one per seat), the draw limits (3, or 4
        when keeping an ace), and the direction of the switch (games with a switch).
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
        and ``drawn`` (cards drawn), ``hole`` being the hand at the showdown.

    Examples
    --------
    >>> table = simulate("holdem", 3, 1000, seed=1)
    >>> round(float(table.groupby("deal").share.sum().mean()), 9)
    1.0
    >>> summary = simulate("holdem", 2, 20000, seed=1, aggregate=True)
    >>> bool(abs(summary.equity.sum() - 1) < 1e-9)
    True
    """
    from tqdm.auto import tqdm

    g = get_game(game)
    switch_options = _switch_options(g, draw_policy, draw_limit, draw_limit_with_ace, reverse)
    _check_players(g, players)
    if isinstance(deals, bool) or not isinstance(deals, (int, np.integer)) or deals < 1:
        raise InvalidInputError(f"deals must be a positive whole number, got {deals!r}")
    if isinstance(first_chunk, (bool, np.bool_)) or not isinstance(first_chunk, (int, np.integer)) \
            or first_chunk < 0:
        raise OptionError(f"first_chunk must be a whole number of at least 0, got {first_chunk!r}")
    seed = resolve_seed(seed)
    codes = _policy_codes(g, players, policies)
    samples = lookahead_option(any(isinstance(p, Exchange) for p in g.phases), lookahead_samples)
    folded_all = _fold_mask(folds, deals, players)
    chip_stakes = None
    if stakes is not None:
        if np.ndim(stakes) != 1 or np.shape(stakes)[0] != players:
            raise OptionError(f"stakes must be {players} non-negative whole chip counts, one per seat; "
                              f"got {stakes!r}")
        chip_stakes, _ = _stakes(stakes, (players,), "the players", True)  # settle's checks
    mode = _pot_mode(g, pot)
    wild_can_be_ace = wild_can_be_ace_option(g, mode, wild_can_be_ace)
    no_script = np.full((min(CHUNK_DEALS, deals), players, 2), -1, dtype=np.int64)
    starts = range(0, deals, CHUNK_DEALS)
    show = progress if progress is not None else len(starts) > 8
    totals = _SeatTotals(players)
    if aggregate and switch_options and chip_stakes is None and mode == "high":
        _aggregate_switch(g, players, deals, seed, first_chunk, folded_all, switch_options, totals, show)
        table = totals.table(exchange=False, chips=False)
        table.attrs.update(game=g.name, players=players, deals=deals, seed=seed, pot=mode)
        return table
    if aggregate and _fused_plain(g, mode, chip_stakes):
        _aggregate_plain(g, players, deals, seed, first_chunk, folded_all, totals, show)
        table = totals.table(exchange=False, chips=False)
        table.attrs.update(game=g.name, players=players, deals=deals, seed=seed, pot=mode)
        return table
    parts = []
    for chunk, start in enumerate(tqdm(starts, disable=not show or None, unit="chunk",
                                       desc=f"{g.name} deals")):
        n = min(CHUNK_DEALS, deals - start)
        state = chunk_states(seed, first_chunk + chunk, 1)[0]
        folded = np.ascontiguousarray(folded_all[start:start + n])
        if switch_options:
            played = _play_switch_chunk(g, players, n, seed, first_chunk + chunk, folded, switch_options,
                                        mode, wild_can_be_ace, chip_stakes)
            if aggregate:
                totals.add(played)
            else:
                parts.append(_switch_rows(g, players, start, played, folded))
            continue
        played = _play_chunk(g, players, n, state, codes, folded, mode, wild_can_be_ace, no_script,
                             usage=not aggregate, samples=samples, stakes=chip_stakes,
                             user_policy=_user_policy(policies))
        if aggregate:
            totals.add(played)
        else:
            parts.append(_rows(g, players, start, played, folded))
    if aggregate:
        table = totals.table(exchange="wild" in played, chips=chip_stakes is not None)
    else:
        table = pd.concat(parts, ignore_index=True)
    table.attrs.update(game=g.name, players=players, deals=deals, seed=seed, pot=mode)
    return table
