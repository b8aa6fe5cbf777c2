"""The El Dorado exchange (rule document 000): seats swap a hole card for a flop card in turn, and the
last card swapped into the flop makes its rank wild.

:func:`run_exchange` plays it on rows of dealt deals for the deal engine and the
calculator, by the seats' policies (built-in codes, or one user function compiled
into the loop); :func:`exchange` plays one deal from explicit swaps or policies.
The arithmetic is :mod:`equity._kernels.deal`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np
from numba import njit

from equity._kernels.bundles import ClassTables, ExchangeRecords
from equity._kernels.deal import exchange_chunk, exchange_deals
from equity._kernels.exchange import NEVER, SCRIPTED
from equity.cards import CARD_TEXT, RANKS, card_codes
from equity.errors import InvalidInputError, OptionError
from equity.evaluator import class_tables, hand_is_all_cards, kernel_takes_rule, low_variant
from equity.games import Exchange, Game, get_game
from equity.options import (
    LOOKAHEAD_SAMPLES,
    StagedPolicies,
    check_players,
    exchange_policy_codes,
    has_phase,
    pot_mode,
    user_exchange_policy,
)
from equity.options import lookahead_samples as lookahead_option
from equity.rng import chunk_states, resolve_seed
from equity.tables import tables_for

__all__ = ["run_exchange", "exchange", "exchange_tables", "fused_exchange_shape"]


@lru_cache(maxsize=16)
def _user_exchange_kernel(user_policy):
    """The exchange loop compiled around one user policy (not cached on disk: it holds a function)."""

    @njit(nogil=True)
    def run(hole, board, n_players, active, policies, script, samples, state, tables, for_low, out):
        exchange_deals(hole, board, n_players, active, policies, script, samples, state, tables, for_low, out,
                       user_policy)

    return run


def fused_exchange_shape(g: Game) -> bool:
    """Whether ``g`` has the shape the fused exchange kernels assume (the calculator's
    ``equity._kernels.exchange.sample_exchange`` and the deal engine's
    ``equity._kernels.deal.play_exchange_chunks``): an exchange, one board of a three-card flop
    and one last card, two hole cards dealt and kept, each hand the best five of all its cards
    and the board, no wild card but the exchange's, no kill card or qualifier."""
    return (has_phase(g, Exchange) and g.board_cards == 4 and g.boards == 1 and g.hole_cards == 2
            and g.dealt_hole_cards == 2 and [s.cards for s in g.streets] == [3, 1] and not g.kill_cards
            and not g.high_qualifier and g.wild_follows is None and not g.jokers and not g.wild.natural_first
            and hand_is_all_cards(g) and kernel_takes_rule(g))


def exchange_tables(g: Game, mode: str = "high", wild_can_be_ace: bool = True) -> ClassTables:
    """The tables the exchange policies value hands with: the high classes and flush bias of every
    number of wild cards, or for a low pot the low classes and a bias that never flags a flush."""
    if mode != "low":
        return class_tables(g, every_wild=True)
    t = tables_for(g)
    lows = t.low_classes[low_variant(g, wild_can_be_ace)]
    bias = np.zeros(t.rank_classes.shape[0], dtype=np.uint64)  # never flags a flush
    return ClassTables(t.card_bits, t.suit_bits, t.disp, t.hash_params, lows, t.flush_classes, bias)


def run_exchange(g: Game, hole: np.ndarray, board: np.ndarray, active: np.ndarray, codes: np.ndarray,
                 script: np.ndarray, state: np.ndarray, samples: int = LOOKAHEAD_SAMPLES,
                 user_policy=None, mode: str = "high", wild_can_be_ace: bool = True):
    """The exchange on dealt deals, in place; returns wild rank, cards given and taken, setter.

    Parameters
    ----------
    g
        The game (its tables value the hands the policies compare).
    hole, board
        Rows of every seat's hole cards and of the board (``uint8``), changed in place.
    active
        ``bool[deals, players]``: the seats taking part (not folded).
    codes
        The policy code of each seat (:func:`equity.options.exchange_policy_codes`).
    script
        ``int64[deals, players, 2]``: the card given and taken by a ``SCRIPTED`` seat, -1 to keep.
    state
        The random stream's state (the ``lookahead`` policy's draws).
    samples, user_policy
        Draws per ``lookahead`` decision; the user policy function, if a seat plays one, or a
        :class:`~equity.options.StagedPolicies` when a seat plays a staged policy (a best
        response): the exchange is then played up to each such seat, which decides on what it
        sees, and its decision is played as a scripted swap.
    mode, wild_can_be_ace
        The pot the ``greedy`` and ``lookahead`` policies play for: in a low pot they compare
        ace-to-five lows (``wild_can_be_ace`` as in :func:`equity.evaluate_low_many`), in a high
        or hi-lo pot high hands.

    Returns
    -------
    tuple of numpy.ndarray
        ``wild`` (``int64[deals]``, -1 for none), ``gave`` and ``took`` (``int64[deals,
        players]``, card codes, -1 for a seat that kept, -2 for an impossible scripted swap) and
        ``setter`` (``int64[deals]``: the seat whose swap made the wild rank, -1 for none).
    """
    if isinstance(user_policy, StagedPolicies):
        return _run_staged(g, hole, board, active, codes, script, state, samples, user_policy, mode,
                           wild_can_be_ace)
    n, players = active.shape
    wild = np.empty(n, dtype=np.int64)
    gave = np.empty((n, players), dtype=np.int64)
    took = np.empty((n, players), dtype=np.int64)
    setter = np.empty(n, dtype=np.int64)
    kernel = exchange_chunk if user_policy is None else _user_exchange_kernel(user_policy)
    tables = exchange_tables(g, mode, wild_can_be_ace)
    kernel(hole, board, players, active, codes, script, samples, state, tables, mode == "low",
           ExchangeRecords(wild, gave, took, setter))
    bad = np.argwhere(gave == -3)
    if len(bad):
        raise InvalidInputError(
            f"the user exchange policy of seat {int(bad[0, 1])} returned a code outside -1..5 "
            "(-1 keeps; 3 * hole_index + flop_index swaps)"
        )
    return wild, gave, took, setter


def _run_staged(g: Game, hole, board, active, codes, script, state, samples, staged: StagedPolicies, mode,
                wild_can_be_ace):
    """:func:`run_exchange` with staged seats: for each, in seat order, the exchange is replayed up
    to the seat (the same stream, so the earlier seats decide alike), the seat decides, and its
    swap joins the script; then the whole exchange is played."""
    if not active.all():
        raise OptionError("a best-response exchange policy plays deals where every seat takes part in "
                          "the exchange: leave out folds before it")
    script = script.copy()
    for seat, policy in enumerate(staged.seats):
        if policy is None or codes[seat] != SCRIPTED:  # a caller may have set the seat to keep
            continue
        upto = codes.copy()
        upto[seat:] = NEVER
        h, b = hole.copy(), board.copy()
        _, gave, took, _ = run_exchange(g, h, b, active, upto, script, state.copy(), samples, staged.user,
                                        mode, wild_can_be_ace)
        decided = policy.decide(g, seat, active.shape[1], hole, board[:, :3].copy(), b[:, :3].copy(),
                                gave[:, :seat].copy(), took[:, :seat].copy(), mode, wild_can_be_ace, samples)
        decided = np.asarray(decided, dtype=np.int64)
        if decided.shape != (len(hole), 2):
            raise InvalidInputError(f"the staged exchange policy {policy} of seat {seat} returned shape "
                                    f"{decided.shape}, not ({len(hole)}, 2)")
        script[:, seat] = decided
    return run_exchange(g, hole, board, active, codes, script, state, samples, staged.user, mode,
                        wild_can_be_ace)


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
        may count as an ace unless ``wild_can_be_ace`` is False), as in :func:`equity.simulate`.

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
    if not has_phase(g, Exchange):
        raise OptionError(f"{g.name} has no exchange")
    players = len(hole)
    check_players(g, players)
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
        codes = exchange_policy_codes(g, players, policies)
    hole_rows = hole_codes.reshape(1, -1).astype(np.uint8)
    board = np.zeros((1, g.board_cards), dtype=np.uint8)
    board[0, :3] = flop_codes
    mode = pot_mode(g, pot)
    state = chunk_states(resolve_seed(seed), 0, 1)[0]
    samples = lookahead_option(True, lookahead_samples)
    wild, gave, took, setter = run_exchange(g, hole_rows, board, np.ones((1, players), dtype=bool),
                                            codes, script, state, samples,
                                            user_exchange_policy(policies, players), mode, wild_can_be_ace)
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

