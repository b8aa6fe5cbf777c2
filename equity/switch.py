"""Switch (rule document 002): play many deals of the card switch and the draw, seeded, as arrays.

The rules come from :data:`equity.games.draw.SWITCH` and :data:`~equity.games.draw.SWITCH7`;
the arithmetic is in :mod:`equity._kernels.switch` (whose docstring describes the deck state).
Showdown is not played here: evaluate the returned hands with :func:`equity.evaluate_many`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from equity._kernels.bundles import SwitchRecords, SwitchRules, SwitchTrace
from equity._kernels.switch import play_switch_chunk, policy_keep, switch_hole_rows
from equity.cards import CardsLike, card_codes, parse_rank
from equity.errors import InvalidInputError, OptionError, check_flag
from equity.games import Game, get_game
from equity.games.base import Draw, Switch
from equity.games.draw import SWITCH, SWITCH7
from equity.options import (
    DRAW_POLICIES,
    check_draw_limits,
    check_players,
    draw_phase,
    draw_policy_codes,
    fold_mask,
    is_whole_number,
)
from equity.rng import CHUNK_DEALS, chunk_states, resolve_seed

__all__ = ["POLICIES", "play_switch", "draw_discards", "switch_plan", "switch_rules", "draw_phase",
           "board_switches", "switch_hole_cards"]

#: Built-in draw policies, by name, as the kernels' integer codes (:data:`equity.options.DRAW_POLICIES`).
POLICIES = DRAW_POLICIES
#: The default draw limits.
_DRAW = Draw()

def switch_plan(game: Game) -> tuple[int, bool, int]:
    """``(switches before the draw, whether there is a draw, switches after it)`` of a Switch or
    draw game (``(0, True, 0)`` for plain five-card draw).

    Raises
    ------
    OptionError
        For a game with neither a switch nor a draw, with streets, or with more than one draw.
    """
    phases = [p for p in game.phases if isinstance(p, (Switch, Draw))]
    if phases and game.streets:
        raise OptionError(f"{game.name} has a board: its switches are played on the dealt hole cards by "
                          "equity.simulate, equity.play_deals and equity.calc (switch_hole_cards), not here")
    if not phases:
        raise OptionError(f"{game.name} is not a Switch or draw game (its phases have neither)")
    draws = [k for k, p in enumerate(phases) if isinstance(p, Draw)]
    if len(draws) > 1:
        raise OptionError(f"{game.name}: at most one draw is supported")
    draw = bool(draws)
    before = draws[0] if draw else len(phases)
    return before, draw, len(phases) - before - int(draw)


def board_switches(game: Game) -> int:
    """The switches of a game with a board, played on the hole cards (0 for a game with no
    board, whose switches :func:`switch_plan` counts, or with no switch).

    In a game with community cards only hole cards move (``RULINGS.md``), each card taken at
    random, and the board comes from the stub whatever moves: so wherever the switches stand
    among the streets, the deal is the hole cards switched and the board dealt.

    Examples
    --------
    >>> board_switches(get_game("switch_holdem")), board_switches(get_game("switch"))
    (2, 0)
    """
    if not game.streets:
        return 0
    return sum(isinstance(p, Switch) for p in game.phases)


def switch_hole_cards(game: Game, hole: np.ndarray, state: np.ndarray, *, folded: np.ndarray | None = None,
                      reverse: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Play a board game's switches (:func:`board_switches`) on dealt hole cards, in place.

    Parameters
    ----------
    game
        A game with streets and switch phases.
    hole : uint8[deals, players * hole_cards]
        Seat-major hole cards, C-contiguous; changed in place.
    state : uint64[4]
        The generator state the deal came from (advanced in place).
    folded : bool[deals, players], optional
        Seats out of each deal: they give and take nothing.
    reverse
        Each seat takes from the next active seat instead of the previous one.

    Returns
    -------
    gave, received : int16[deals, switches, players]
        The card each seat gave and took at each switch, -1 for none.
    """
    n = hole.shape[0]
    players = hole.shape[1] // game.hole_cards
    switches = board_switches(game)
    gave = np.full((n, switches * players), -1, dtype=np.int16)
    received = np.full((n, switches * players), -1, dtype=np.int16)
    folds = np.zeros((0, players), dtype=np.bool_)
    if folded is not None:
        folds = np.ascontiguousarray(folded, dtype=np.bool_)
    switch_hole_rows(hole, players, game.hole_cards, folds, bool(reverse), switches, state, gave, received)
    return gave.reshape(n, switches, players), received.reshape(n, switches, players)


def switch_rules(game: Game, players: int, policy, limit: int, limit_with_ace: int, reverse: bool, *,
                 opponents: Iterable[int] | None = None) -> SwitchRules:
    """The kernels' :class:`~equity._kernels.bundles.SwitchRules` of a Switch or draw game: its
    phases (:func:`switch_plan`), the draw policy code of each seat, the limits, the direction,
    and, when a seat plays a ``switch_aware`` policy, its showdown model
    (:func:`equity.strategy.showdown.showdown_values`) for each number of active opponents a
    seat may face at the draw (``opponents``; default ``players - 1``: no one folded).

    The options are checked by the caller (:func:`equity.options.switch_options`,
    :func:`equity.options.check_draw_limits`), but for the policy names.
    """
    from equity.strategy.showdown import showdown_values

    codes = draw_policy_codes(policy, players, game.fixed_wild_rank)
    counts = [players - 1] if opponents is None else list(opponents)
    values = showdown_values(game, codes, counts, limit, limit_with_ace)
    return SwitchRules(*switch_plan(game), codes, limit, limit_with_ace, reverse, values)


def active_opponents(folded: np.ndarray) -> list[int]:
    """The numbers of active opponents each active seat faces in deals with ``folded``
    (``bool[deals, players]``)."""
    return sorted({int(k) - 1 for k in np.unique((~np.asarray(folded, dtype=bool)).sum(axis=1))})


def play_switch(
    players: int,
    deals: int,
    *,
    seed: int | None = None,
    seven_card: bool = False,
    policy: str | Sequence[str] = "standard",
    limit: int = _DRAW.limit,
    limit_with_ace: int = _DRAW.limit_with_ace,
    reverse: bool = False,
    folded=None,
    chunk_size: int = CHUNK_DEALS,
    threads: int = 1,
    trace: bool = False,
    game: str | Game | None = None,
    first_chunk: int = 0,
) -> dict[str, np.ndarray]:
    """Deal and play the switches (and the draw) of many Switch deals; no showdown.

    Five-card game (default): deal five each, first switch, draw, second switch.  Seven-card
    game: deal seven each, two switches one after the other, no draw.  Each deal uses a fresh
    52-card deck, dealt one card at a time in seat order from seat 0; seat 0 also draws first.

    Parameters
    ----------
    players
        Players dealt in, 2 to 7 (both games: 7 five-card hands leave a 17-card stub for the draw).
    deals
        Number of deals.
    seed
        Run seed (a non-negative integer); None draws a fresh one, returned as ``result["seed"]``.
    seven_card
        Play the seven-card game (best five of seven at showdown) instead of five-card draw.
    policy
        Draw policy, one name for every seat or a list with one per seat: ``"standard"``
        (see :func:`equity._kernels.switch.standard_keep`), ``"stand"`` (never draw), ``"max"``
        (draw the most the limit allows, keeping the highest cards), ``"switch_aware"`` (the
        hold of highest estimated showdown share, knowing the card lost in the switch before
        the draw; :mod:`equity.strategy.showdown`) or ``"switch_aware_no_info"`` (the same
        ignoring that card).  Unused in the seven-card game.
    limit, limit_with_ace
        Most cards a player may draw (default 3), and the most when the kept cards include an ace
        (default 4), each from 0 to 5: a hand keeping an ace may draw
        ``max(limit, limit_with_ace)``.
    reverse
        Each player takes from the next active player instead of the previous one.
    folded
        Booleans, shape ``(players,)`` for every deal or ``(deals, players)``: players who folded
        in the first betting round and take no part in the switches or the draw.  Their cards
        stay out of play.
    chunk_size
        Deals per chunk (:data:`equity.rng.CHUNK_DEALS` by default, as in :func:`equity.simulate`,
        so one seed deals the same cards in both).  Chunk ``k`` holds deals ``k * chunk_size ..``
        and has its own random stream from ``(seed, k)``; the same seed and chunk size give the
        same deals whatever the number of threads (another chunk size gives other, equally valid,
        deals).
    threads
        Chunks played at once (the kernels release the GIL).
    trace
        Also return the deck state after the deal and after every phase (memory heavy; for tests).
    game
        The Switch or draw game to play (its phases give the switches and the draw, e.g.
        ``draw`` for five-card draw with no switch); by default ``switch``, or ``switch7``
        with ``seven_card``.
    first_chunk
        Index of the first chunk's random stream (to extend a run, or to play it in pieces).

    Returns
    -------
    dict
        ``hands`` (``uint8[deals, players, hand_size]``): the final hands.
        ``gave``, ``received`` (``int16[deals, 2, players]``): per switch, the card each player
        gave and took, -1 for a player taking no part (or everyone, with fewer than two active).
        ``folded`` (``bool[deals, players]``).  ``seed`` (int).
        Five-card game only: ``drawn`` (``int8[deals, players]``, -1 for folded players),
        ``discarded`` (``uint64[deals, players]``, bit ``c`` set when card ``c`` was discarded)
        and ``reshuffles`` (``uint8[deals]``, times the stub ran out and the discards became the
        new stub).  With ``trace``: ``trace_hands`` (``uint8[deals, phases, players, hand_size]``),
        ``trace_stub`` and ``trace_discards`` (``uint8[deals, phases, 52]``, padded with 255),
        phases being the deal, then each switch and the draw in order.

    Raises
    ------
    OptionError
        For a bad player count, deal count, policy, limit, chunk size or thread count.
    InvalidInputError
        For a ``folded`` array of the wrong shape or type.

    Examples
    --------
    >>> r = play_switch(4, 1000, seed=1)
    >>> r["hands"].shape, r["gave"].shape
    ((1000, 4, 5), (1000, 2, 4))
    >>> bool((r["received"][:, 0, 1] == r["gave"][:, 0, 0]).all())  # seat 1 takes from seat 0
    True
    """
    if game is None:
        game = SWITCH7 if seven_card else SWITCH
    game = get_game(game)
    if seven_card and game.hole_cards != 7:
        raise OptionError(f"seven_card=True asks for the seven-card game, but game={game.name!r} deals "
                          f"{game.hole_cards} cards: give one or the other")
    before, draw, after = switch_plan(game)
    check_players(game, players)
    if not is_whole_number(deals) or deals < 0:
        raise OptionError(f"deals must be a non-negative integer, got {deals!r}")
    if not is_whole_number(chunk_size) or chunk_size < 1:
        raise OptionError(f"chunk_size must be a positive integer, got {chunk_size!r}")
    if not is_whole_number(threads) or threads < 1:
        raise OptionError(f"threads must be a positive integer, got {threads!r}")
    check_draw_limits(limit, limit_with_ace)
    reverse = check_flag(reverse, "reverse")
    seed = resolve_seed(seed)
    folded_rows = fold_mask(folded, deals, players)
    rules = switch_rules(game, players, policy, limit, limit_with_ace, reverse,
                         opponents=active_opponents(folded_rows) if folded is not None else None)

    hand_size = game.hole_cards
    n_switches = before + after
    n_phases = 1 + n_switches + int(draw)
    deck = np.array(game.deck, dtype=np.uint8)
    hands = np.empty((deals, players, hand_size), dtype=np.uint8)
    gave = np.empty((deals, n_switches, players), dtype=np.int16)
    received = np.empty_like(gave)
    draw_rows = deals if draw else 0
    drawn = np.empty((draw_rows, players), dtype=np.int8)
    discarded = np.empty((draw_rows, players), dtype=np.uint64)
    reshuffles = np.zeros(deals, dtype=np.uint8)
    trace_rows = deals if trace else 0
    t_hands = np.empty((trace_rows, n_phases, players, hand_size), dtype=np.uint8)
    t_stub = np.empty((trace_rows, n_phases, deck.size), dtype=np.uint8)
    t_pile = np.empty_like(t_stub)

    n_chunks = -(-deals // chunk_size)
    states = chunk_states(seed, first_chunk, n_chunks)

    def run(k: int) -> None:
        a, b = k * chunk_size, min((k + 1) * chunk_size, deals)
        tr = slice(a, b) if trace else slice(0, 0)
        dr = slice(a, b) if draw else slice(0, 0)
        out = SwitchRecords(hands[a:b].reshape(-1), gave[a:b].reshape(-1), received[a:b].reshape(-1),
                            drawn[dr].reshape(-1), discarded[dr].reshape(-1), reshuffles[a:b])
        phases = SwitchTrace(trace, t_hands[tr].reshape(-1), t_stub[tr].reshape(-1), t_pile[tr].reshape(-1))
        play_switch_chunk(states[k], deck, b - a, players, hand_size, rules, folded_rows[a:b].reshape(-1),
                          out, phases)

    if threads == 1 or n_chunks <= 1:
        for k in range(n_chunks):
            run(k)
    else:
        with ThreadPoolExecutor(max_workers=threads) as pool:
            list(pool.map(run, range(n_chunks)))

    out: dict = {
        "hands": hands,
        "gave": gave,
        "received": received,
        "folded": folded_rows,
        "seed": seed,
    }
    if draw:
        out.update(drawn=drawn, discarded=discarded, reshuffles=reshuffles)
    if trace:
        out.update(trace_hands=t_hands, trace_stub=t_stub, trace_discards=t_pile)
    return out


def draw_discards(hand: CardsLike, *, policy: str = "standard", limit: int = _DRAW.limit,
                  limit_with_ace: int = _DRAW.limit_with_ace,
                  wild: str | int | None = None) -> np.ndarray:
    """The cards a draw policy throws away from one five-card hand, in hand order.

    Parameters
    ----------
    hand
        Five cards, as text (``"KhKd7c4s2h"``) or codes.
    policy
        ``"standard"``, ``"stand"`` or ``"max"`` (see :func:`play_switch`).
    limit, limit_with_ace
        The draw limits, as in :func:`play_switch`.
    wild
        A fixed wild rank (``"2"`` for deuces wild), or None.  The policy decides on the
        cards as they are, then keeps every wild card too (a game with a fixed wild rank
        plays its draw this way).

    Returns
    -------
    numpy.ndarray
        ``uint8`` codes of the discarded cards.

    Examples
    --------
    >>> from equity.cards import format_cards
    >>> format_cards(draw_discards("KhKd7c4s2h"))
    '7c4s2h'
    >>> format_cards(draw_discards("AhQd7c4s2h"))
    'Qd7c4s2h'
    >>> format_cards(draw_discards("KhQd7c4s2h"))
    '7c4s2h'
    >>> format_cards(draw_discards("KhQd7c4s2h", wild="2"))
    '7c4s'
    """
    codes = card_codes(hand)
    if codes.size != 5:
        raise InvalidInputError(f"a draw hand has 5 cards, got {codes.size}")
    check_draw_limits(limit, limit_with_ace)
    if isinstance(policy, str) and policy.strip().lower().startswith("switch_aware"):
        raise OptionError(f"draw_discards plays the fixed policies (stand, standard, max): {policy!r} "
                          "decides from a showdown model, see equity.strategy.showdown_hold_values")
    wild_rank = None if wild is None else parse_rank(wild)
    keep = policy_keep(codes, 0, draw_policy_codes(policy, 1, wild_rank)[0], limit, limit_with_ace)
    return codes[[k for k in range(5) if not (keep >> k) & 1]]
