"""The El Dorado exchange decision: the value of each of the seven actions of a seat, by rollouts
with common random numbers, the best response to a profile of the later seats, and how much a
best-responding seat gains over the built-in heuristics (issue "El Dorado exchange: best
response", item 3 a and c).

The model (docs/strategy.md, "El Dorado exchange: action values and best response").  A seat
deciding its exchange (rule document 000, article 3) sees its two hole cards, the flop as the
earlier seats' swaps left it, the wild rank, and those swaps (each earlier seat's card given
into the flop and card taken out of it).  Everything else is unseen: each earlier seat that
swapped holds the card it took and one unseen card, an earlier seat that kept two unseen cards,
every later seat two, and the last board card is one more.  The unseen cards are drawn uniformly
from the cards the seat cannot see (the earlier seats' choices are not read as evidence about
their hands: the same simplification as the ``lookahead`` policy's).  The earlier seats' swaps
are replayed as recorded, the seat plays each of its seven actions (keep, or give hole card
``h`` for flop card ``f``), the later seats play the ``profile`` by the deal engine's kernels
(:func:`equity.eldorado_exchange.run_exchange`), and the pot is shared at the showdown.  The
value of an action is the seat's expected share of the pot.

Every action is scored on the same draws of the unseen cards and, for ``lookahead`` seats, the
same random stream (the kernel forks one per deal and seat), so the later seats decide alike
wherever their spot is the same: the gaps between actions carry paired standard errors.

The best response is :func:`best_response_action`, the argmax of :func:`exchange_values`;
:func:`best_response` makes it a policy of ``simulate``, ``play_deals`` and ``calc`` (a staged
policy: decided in Python between passes of the exchange kernel, milliseconds a decision), and
:func:`exploitability` (deal by deal: :func:`exploitability_by_deal`) measures what it gains
over a profile at one seat on seeded deals.  A table-driven equilibrium profile at kernel
speed (item 3 b) is not built: docs/strategy.md says what it would take.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from equity._kernels.deal import NEVER, SCRIPTED
from equity.cards import RANKS, card_text, parse_wild_rank
from equity.eldorado_exchange import run_exchange
from equity.errors import CardError, GameError, OptionError
from equity.evaluator import evaluate_low_many, evaluate_many
from equity.games import Exchange, Game, get_game
from equity.options import (
    EXCHANGE_POLICIES,
    StagedExchangePolicy,
    StagedPolicies,
    check_players,
    exchange_policy_codes,
    has_phase,
    is_numba_function,
    is_whole_number,
    pot_mode,
    user_exchange_policy,
)
from equity.options import lookahead_samples as check_lookahead_samples
from equity.options import wild_can_be_ace as check_wild_can_be_ace
from equity.pots import pot_shares_many
from equity.rng import resolve_seed, stream_state
from equity.strategy.draw import game_cards

__all__ = ["ACTIONS", "BEST_RESPONSE_SAMPLES", "BestResponse", "best_response", "exchange_values",
           "exploitability_by_deal", "best_response_action", "exploitability", "ExchangeGain",
           "give_up_rates"]

#: The seven actions by code: 0 keeps, ``1 + 3 h + f`` gives hole card ``h`` for flop card ``f``
#: (the exchange kernel's user policy code ``3 h + f``, plus one).
ACTIONS = ("keep",) + tuple(f"give hole {h} take flop {f}" for h in range(2) for f in range(3))

#: Rows (sampled deals times actions' columns) handed to the kernels at once.
_BLOCK_ROWS = 1 << 15


# ---------------------------------------------------------------------------------------------
# The spot
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Rules:
    """A call's checked game options."""

    game: Game
    players: int
    seat: int
    codes: np.ndarray  # int8[players]: SCRIPTED up to the seat, the profile after it
    user: object
    lookahead_samples: int
    mode: str
    wild_can_be_ace: bool


@dataclass(frozen=True)
class _Spot:
    """What the deciding seat sees."""

    hole: np.ndarray  # uint8[2]
    flop: np.ndarray  # uint8[3]: the flop at the seat's turn
    start_flop: np.ndarray  # uint8[3]: the flop as dealt
    script: np.ndarray  # int64[seat, 2]: each earlier seat's (card given, card taken), -1 kept
    wild: int  # the wild rank at the seat's turn, -1 for none
    unseen: np.ndarray  # uint8[u]: the cards the seat cannot see


def _rules(game, players, seat, profile, pot, wild_can_be_ace, lookahead_samples) -> _Rules:
    g = get_game(game)
    if not has_phase(g, Exchange):
        raise GameError(f"{g.name} has no exchange: the exchange values apply to eldorado")
    if g.hole_cards != 2 or g.board_cards != 4:
        raise GameError(f"{g.name}: the exchange values need two hole cards and a flop of three "
                        "then one more board card, as in eldorado")
    check_players(g, players)
    players = int(players)
    if not is_whole_number(seat) or not 0 <= seat < players:
        raise OptionError(f"seat={seat!r}: with {players} players the seats are 0 (the dealer's left) "
                          f"to {players - 1} (the dealer)")
    seat = int(seat)
    codes = exchange_policy_codes(g, players, profile).copy()
    codes[: seat + 1] = SCRIPTED
    mode = pot_mode(g, pot)
    if mode not in ("high", "low"):
        raise OptionError(f"pot={mode!r}: the exchange values are for a high or a low pot")
    ace = check_wild_can_be_ace(g, mode, wild_can_be_ace)
    samples = check_lookahead_samples(True, lookahead_samples)
    user = user_exchange_policy(profile, players)
    if isinstance(user, StagedPolicies):  # the seats up to the deciding one are scripted
        later = tuple(None if i <= seat else p for i, p in enumerate(user.seats))
        user = StagedPolicies(later, user.user) if any(p is not None for p in later) else user.user
    return _Rules(g, players, seat, codes, user, samples, mode, ace)


def _one_card(g: Game, card, what: str) -> int:
    codes = game_cards(g, card, what)
    if len(codes) != 1:
        raise CardError(f"the {what} must be one card, got {card!r}")
    return int(codes[0])


def _read_spot(r: _Rules, hole, flop, wild, earlier_swaps) -> _Spot:
    """Check what the seat sees and reconstruct the flop as dealt."""
    g, seat = r.game, r.seat
    hole_codes = game_cards(g, hole, "hole cards")
    if len(hole_codes) != 2:
        raise CardError(f"{len(hole_codes)} hole cards: the seat holds two")
    flop_codes = game_cards(g, flop, "flop")
    if len(flop_codes) != 3:
        raise CardError(f"{len(flop_codes)} flop cards: the flop is three cards")
    for code in flop_codes.tolist():
        if code in hole_codes:
            raise CardError(f"duplicate card '{card_text(code)}' in the hole cards and the flop")
    swaps = list(earlier_swaps) if earlier_swaps is not None else []
    if isinstance(earlier_swaps, str):
        raise OptionError("earlier_swaps must be one entry per earlier seat: None (kept) or "
                          "(card given, card taken)")
    if swaps and len(swaps) != seat:
        raise OptionError(f"{len(swaps)} earlier swaps for seat {seat}: give one entry per earlier seat "
                          f"(seats 0 to {seat - 1}), None for a seat that kept, or none at all")
    script = np.full((seat, 2), -1, dtype=np.int64)
    for i, swap in enumerate(swaps):
        if swap is None:
            continue
        if isinstance(swap, str) or not isinstance(swap, Sequence) or len(swap) != 2:
            raise OptionError(f"earlier swap of seat {i}: give None or (card given, card taken), "
                              f"got {swap!r}")
        script[i] = (_one_card(g, swap[0], f"card given by seat {i}"),
                     _one_card(g, swap[1], f"card taken by seat {i}"))
    # undo the swaps from the last earlier seat back: the card given must be in the flop after it
    start = flop_codes.astype(np.int64).tolist()
    for i in range(seat - 1, -1, -1):
        gave, took = (int(c) for c in script[i])
        if gave < 0:
            continue
        if gave not in start:
            raise CardError(f"seat {i} cannot have given {card_text(gave)} for {card_text(took)}: "
                            f"{card_text(gave)} is not in the flop after its turn")
        if took in start or took in hole_codes:
            where = "the flop after its turn" if took in start else "the deciding seat's hole cards"
            raise CardError(f"seat {i} cannot have taken {card_text(took)}: it is in {where}")
        start[start.index(gave)] = took
    # then play them forward from the flop as dealt: each card given is a card of the seat's own
    flop_now = list(start)
    placed = set(start) | set(hole_codes.tolist())
    for i in range(seat):
        gave, took = (int(c) for c in script[i])
        if gave < 0:
            continue
        if took not in flop_now or gave in placed:
            raise CardError(f"seat {i} cannot give {card_text(gave)} for {card_text(took)}: the card given "
                            "must be a card of its own (in no other place) and the card taken in the flop "
                            "at its turn")
        flop_now[flop_now.index(took)] = gave
        placed.add(gave)
    last = next((int(script[i, 0]) for i in range(seat - 1, -1, -1) if script[i, 0] >= 0), -1)
    implied = last >> 2 if last >= 0 else -1
    if wild is not None:
        stated = parse_wild_rank(wild)
        if stated != implied:
            said = f"{RANKS[implied]} (the rank of {card_text(last)}, the last card given)" if implied >= 0 \
                else "none (no earlier seat swapped)"
            raise OptionError(f"wild={wild!r} disagrees with the earlier swaps: the wild rank is {said}")
    return _spot_of(g, hole_codes, flop_codes, np.array(start, dtype=np.uint8), script, implied)


def _spot_of(g: Game, hole, flop, start_flop, script, wild) -> _Spot:
    seen = set(hole.tolist()) | set(flop.tolist()) | {int(c) for c in script[:, 1] if c >= 0}
    unseen = np.array([c for c in g.deck if c not in seen], dtype=np.uint8)
    return _Spot(np.asarray(hole, dtype=np.uint8), np.asarray(flop, dtype=np.uint8),
                 np.asarray(start_flop, dtype=np.uint8), np.asarray(script, dtype=np.int64), int(wild),
                 unseen)


def _check_samples(samples, name: str = "samples", minimum: int = 2) -> int:
    if not is_whole_number(samples) or samples < minimum:
        raise OptionError(f"{name} must be a whole number of at least {minimum}, got {samples!r}")
    return int(samples)


# ---------------------------------------------------------------------------------------------
# Rollouts
# ---------------------------------------------------------------------------------------------
def _sample_rows(r: _Rules, spot: _Spot, n: int, rng: np.random.Generator):
    """``n`` deals as they stood before the exchange, consistent with what the seat sees: hole
    rows ``uint8[n, 2 players]``, board rows ``uint8[n, 4]``, the earlier seats' script."""
    players, seat = r.players, r.seat
    swapped = int((spot.script[:, 0] >= 0).sum())
    unknown = 2 * (players - 1) - swapped + 1
    if unknown > len(spot.unseen):
        raise CardError(f"{len(spot.unseen)} unseen cards cannot deal the other hands and the last card")
    order = np.argsort(rng.random((n, len(spot.unseen))), axis=1)[:, :unknown]
    draws = spot.unseen[order]
    hole = np.empty((n, 2 * players), dtype=np.uint8)
    j = 0
    for i in range(players):
        if i == seat:
            hole[:, 2 * i: 2 * i + 2] = spot.hole
        elif i < seat and spot.script[i, 0] >= 0:
            hole[:, 2 * i] = spot.script[i, 0]
            hole[:, 2 * i + 1] = draws[:, j]
            j += 1
        else:
            hole[:, 2 * i: 2 * i + 2] = draws[:, j: j + 2]
            j += 2
    board = np.empty((n, 4), dtype=np.uint8)
    board[:, :3] = spot.start_flop
    board[:, 3] = draws[:, j]
    script = np.full((n, players, 2), -1, dtype=np.int64)
    script[:, :seat] = spot.script
    return hole, board, script


def _action_cards(hole: np.ndarray, flop: np.ndarray, seat: int, action: np.ndarray) -> np.ndarray:
    """The script entry (card given, card taken; -1 to keep) of each row's action code."""
    h = np.maximum(action - 1, 0) // 3
    f = np.maximum(action - 1, 0) % 3
    rows = np.arange(len(action))
    cards = np.stack([hole[rows, 2 * seat + h], flop[rows, f]], axis=1).astype(np.int64)
    cards[action == 0] = -1
    return cards


def _play(r: _Rules, hole, board, script, flop, actions, state) -> np.ndarray:
    """The seat's share of the pot, ``float64[rows, columns]``, for each column of ``actions``
    (``int[rows, columns]`` action codes) on every row's deal; ``flop`` holds each row's flop at
    the seat's turn.  Every column replays the same deal with a copy of the same stream."""
    g, players, seat = r.game, r.players, r.seat
    n = hole.shape[0]
    shares = np.empty(actions.shape, dtype=np.float64)
    active = np.ones((n, players), dtype=bool)
    for c in range(actions.shape[1]):
        h, b, s = hole.copy(), board.copy(), script.copy()
        s[:, seat] = _action_cards(hole, flop, seat, actions[:, c])
        wild, gave, _, _ = run_exchange(g, h, b, active, r.codes, s, state.copy(), r.lookahead_samples,
                                        r.user, r.mode, r.wild_can_be_ace)
        if (gave == -2).any():  # the spots are checked: a scripted swap always fits
            raise RuntimeError("a scripted swap did not fit its deal")
        wild_rows = np.repeat(wild, players).astype(np.int8)
        seat_hole = h.reshape(n * players, 2)
        seat_board = np.repeat(b, players, axis=0)
        if r.mode == "low":
            low = evaluate_low_many(g, seat_hole, seat_board, wild=wild_rows,
                                    wild_can_be_ace=r.wild_can_be_ace, check=False).reshape(n, players)
            share = pot_shares_many(None, low=low, mode="low")
        else:
            high = evaluate_many(g, seat_hole, seat_board, wild=wild_rows, check=False).reshape(n, players)
            share = pot_shares_many(high, mode="high")
        shares[:, c] = share[:, seat]
    return shares


def _spot_shares(r: _Rules, spot: _Spot, samples: int, seed: int, key: tuple[int, ...],
                 actions: np.ndarray) -> np.ndarray:
    """``float64[samples, len(actions)]``: the seat's share under each action on ``samples``
    rollouts of one spot, in blocks with streams ``key + (block, 0)`` (the draws) and
    ``key + (block, 1)`` (the ``lookahead`` seats')."""
    per_block = max(1, _BLOCK_ROWS // len(actions))
    out = np.empty((samples, len(actions)), dtype=np.float64)
    for b, start in enumerate(range(0, samples, per_block)):
        n = min(per_block, samples - start)
        rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(*key, b, 0))))
        hole, board, script = _sample_rows(r, spot, n, rng)
        flop = np.broadcast_to(spot.flop, (n, 3))
        columns = np.broadcast_to(actions, (n, len(actions)))
        out[start: start + n] = _play(r, hole, board, script, flop, columns, stream_state(seed, (*key, b, 1)))
    return out


def _action_names(spot: _Spot) -> list[tuple[str, str, str]]:
    names = [("keep", "", "")]
    for h in range(2):
        for f in range(3):
            give, take = card_text(int(spot.hole[h])), card_text(int(spot.flop[f]))
            names.append((f"give {give} take {take}", give, take))
    return names


# ---------------------------------------------------------------------------------------------
# The public functions
# ---------------------------------------------------------------------------------------------
def exchange_values(hole, flop, *, players: int, seat: int, wild=None, earlier_swaps=(),
                    profile="greedy", pot: str = "high", wild_can_be_ace: bool | None = None,
                    lookahead_samples: int | None = None, samples: int = 20_000,
                    seed: int | None = None, game: str | Game = "eldorado") -> pd.DataFrame:
    """The value of each of the seven exchange actions of a seat, by rollouts with common random
    numbers, when the later seats play ``profile``.

    Parameters
    ----------
    hole
        The seat's two hole cards (``"9c9d"``).
    flop
        The flop at the seat's turn, as the earlier seats' swaps left it.
    players, seat
        Players in the deal (all take part in the exchange) and the deciding seat: 0 is the
        dealer's left and exchanges first, ``players - 1`` the dealer and exchanges last.
    wild
        The wild rank at the seat's turn (``"K"``, ``"none"``); None takes it from
        ``earlier_swaps`` (the rank of the last card given), and a rank that disagrees with
        them is refused.
    earlier_swaps
        One entry per earlier seat, seat 0 first: None for a seat that kept, or ``(card given,
        card taken)`` as ``exchange`` takes them; empty when every earlier seat kept.
    profile
        The later seats' exchange policy: a name (``"greedy"``, ``"never"``, ``"lookahead"``)
        or a Numba policy for all, or a list of one per seat (entries up to ``seat`` are not
        read).
    pot, wild_can_be_ace
        ``"high"`` or ``"low"`` (El Dorado's low by agreement: the showdown and the later
        seats' ``greedy`` and ``lookahead`` play for it), and whether a wild card may count as
        an ace in the low.
    lookahead_samples
        Draws per decision of a ``lookahead`` seat (default 200, as in ``simulate``).
    samples
        Rollouts; every action is played on each.
    seed
        Seed (None draws one, kept in ``attrs["seed"]``); the same seed gives the same table on
        any number of threads.
    game
        ``"eldorado"`` or a custom game with its exchange.

    Returns
    -------
    pandas.DataFrame
        One row per action, keep first then ``give X take Y`` for each hole card and each flop
        card: ``action``, ``give``, ``take`` (card text, empty for keep), ``value`` (the seat's
        expected share of the pot), ``se`` (its standard error), ``gap`` (the best action's
        value less this one's) and ``gap_se`` (the paired standard error of the gap), and
        ``allowed`` (every action is allowed by the rules, article 3; the column is there so
        that tables of restricted action sets look alike).  ``attrs``: ``best`` (the best
        action's name), the spot, ``profile``, ``samples`` and ``seed``.

    Raises
    ------
    CardError
        Hole cards that are not two cards, a flop that is not three, a duplicate card, a card
        outside the deck, or an earlier swap that cannot have been made.
    OptionError
        A bad seat, number of players, profile, wild rank, pot, sample count or seed.
    GameError
        A game without an exchange.

    Examples
    --------
    The dealer of a heads-up game, after seat 0 gave the 9d for the Qs (nines are wild):

    >>> table = exchange_values("Kh4h", "7d9d4c", players=2, seat=1, earlier_swaps=[("9d", "Qs")],
    ...                         samples=4000, seed=1)
    >>> table.attrs["wild"], table.loc[0, "action"], len(table)
    ('9', 'keep', 7)
    >>> table.attrs["best"]  # fours wild: the 4c kept and the 4h given to the flop
    'give 4h take 4c'
    """
    r = _rules(game, players, seat, profile, pot, wild_can_be_ace, lookahead_samples)
    spot = _read_spot(r, hole, flop, wild, earlier_swaps)
    samples = _check_samples(samples)
    seed = resolve_seed(seed)
    shares = _spot_shares(r, spot, samples, seed, (0,), np.arange(7))
    table = _value_table(spot, shares)
    table.attrs.update(game=r.game.name, hole=_text(spot.hole), flop=_text(spot.flop), players=r.players,
                       seat=r.seat, wild=RANKS[spot.wild] if spot.wild >= 0 else "none",
                       earlier_swaps=[None if g < 0 else (card_text(g), card_text(t))
                                      for g, t in spot.script],
                       profile=_profile_name(profile), pot=r.mode,
                       samples=samples, seed=seed, method="monte carlo", trials=samples)
    return table


def _profile_name(profile):
    """A profile as text: its name, a Numba policy's function name, a best response's name, or a
    list of them."""
    if isinstance(profile, str):
        return profile
    if is_numba_function(profile):
        return profile.__name__
    if isinstance(profile, StagedExchangePolicy):
        return profile.name
    return [_profile_name(p) for p in profile]


def _profile_text(profile) -> str:
    name = _profile_name(profile)
    return name if isinstance(name, str) else ",".join(name)


# ---------------------------------------------------------------------------------------------
# The best response as a policy
# ---------------------------------------------------------------------------------------------
#: Rollouts per decision of a :func:`best_response` policy (each action's value to about 0.015).
BEST_RESPONSE_SAMPLES = 1000


class BestResponse(StagedExchangePolicy):
    """The best response to a profile, as an exchange policy for :func:`equity.simulate`,
    :func:`equity.play_deals` and :func:`equity.calc` (made by :func:`best_response`).

    At each deal the seat's spot is what it sees (its hole cards, the flop at its turn, the
    earlier swaps); its seven actions are valued on ``samples`` rollouts as
    :func:`exchange_values` values them, the later seats playing ``profile``, and it plays the
    best.  The rollouts' seed is the policy's and their stream is keyed by the spot, so a spot
    met twice (in any run, on any number of threads) is decided alike; decisions are kept for
    the life of the policy object.
    """

    def __init__(self, profile="greedy", samples: int = BEST_RESPONSE_SAMPLES, seed: int | None = None,
                 lookahead_samples: int | None = None):
        _check_profile(profile)
        self.profile = profile
        self.samples = _check_samples(samples)
        self.seed = resolve_seed(seed)
        self.lookahead_samples = None if lookahead_samples is None else check_lookahead_samples(
            True, lookahead_samples)
        self.name = f"best_response({_profile_text(profile)})"
        self._decided: dict[tuple, tuple[int, int]] = {}

    def __repr__(self) -> str:
        return f"BestResponse({_profile_text(self.profile)!r}, samples={self.samples}, seed={self.seed})"

    def decide(self, game, seat, players, hole, start_flop, flop, gave, took, mode, wild_can_be_ace,
               lookahead_samples):
        if mode not in ("high", "low"):
            raise OptionError(f"a best response plays for a high or a low pot, not {mode!r}")
        samples = self.lookahead_samples or lookahead_samples
        ace = wild_can_be_ace if mode == "low" else None
        r = _rules(game, players, seat, self.profile, mode, ace, samples)
        out = np.full((len(hole), 2), -1, dtype=np.int64)
        for d in range(len(hole)):
            mine = hole[d, 2 * seat: 2 * seat + 2]
            script = np.stack([gave[d], took[d]], axis=1).astype(np.int64)
            key = (game.name, mode, bool(wild_can_be_ace), samples, players, seat, *mine.tolist(),
                   *flop[d].tolist(), *start_flop[d].tolist(), *script.ravel().tolist())
            found = self._decided.get(key)
            if found is None:
                given = [int(c) for c in gave[d] if c >= 0]
                spot = _spot_of(game, mine, flop[d], start_flop[d], script, given[-1] >> 2 if given else -1)
                stream = (9, players, seat, *(int(c) + 2 for c in key[6:]))
                values = _spot_shares(r, spot, self.samples, self.seed, stream, np.arange(7)).mean(axis=0)
                action = np.array([int(np.argmax(values))])
                found = tuple(int(c) for c in _action_cards(hole[d: d + 1], flop[d: d + 1], seat, action)[0])
                self._decided[key] = found
            out[d] = found
        return out


def _check_profile(profile) -> None:
    def ok(p):
        return (isinstance(p, str) and p in EXCHANGE_POLICIES) or is_numba_function(p) \
            or isinstance(p, StagedExchangePolicy)

    if ok(profile):
        return
    if isinstance(profile, Sequence) and not isinstance(profile, (str, bytes)) and len(profile) \
            and all(ok(p) for p in profile):
        return
    raise OptionError(f"unknown profile {profile!r}: give an exchange policy name "
                      f"({', '.join(EXCHANGE_POLICIES)}), a Numba policy, a best response, or a list of "
                      "them, one per seat")


def best_response(profile="greedy", *, samples: int = BEST_RESPONSE_SAMPLES, seed: int | None = None,
                  lookahead_samples: int | None = None) -> BestResponse:
    """An exchange policy that best-responds to ``profile`` (issue 28, item 3 a).

    Give it to :func:`equity.simulate`, :func:`equity.play_deals` or :func:`equity.calc` as
    a seat's policy (or every seat's).  At each decision it values the seven actions on
    ``samples`` rollouts of what the seat sees, the later seats playing ``profile``
    (:func:`exchange_values`' model: the unseen cards drawn uniformly), and plays the best.

    Parameters
    ----------
    profile
        The profile it answers: a policy name, a Numba policy, another best response, or one
        per seat (the entries up to the deciding seat are not read).  A best response inside
        the profile is played inside every rollout: the cost multiplies.
    samples
        Rollouts per decision (each action's value to about ``0.5 / sqrt(samples)``).
    seed
        The rollouts' seed (None draws one, kept as ``.seed``).
    lookahead_samples
        Draws per decision of the profile's ``lookahead`` seats (default: the run's).

    Returns
    -------
    BestResponse
        The policy; ``.name`` (``"best_response(greedy)"``) is how tables name it.

    Notes
    -----
    A decision is made in Python between passes of the exchange kernel: about 3 ms at 1,000
    samples, so thousands of deals, not millions (the table-driven policy at kernel speed is
    what issue 28 item 3 b still asks).  Every seat must take part in the exchange (no folds
    before it), and the pot must be high or low.

    Examples
    --------
    >>> from equity import simulate
    >>> policy = best_response("greedy", samples=200, seed=7)
    >>> seats = simulate("eldorado", 2, 50, seed=1, policies=[policy, "greedy"], aggregate=True)
    >>> seats.attrs["policies"]
    ['best_response(greedy)', 'greedy']
    """
    return BestResponse(profile, samples, seed, lookahead_samples)


def _text(codes) -> str:
    return "".join(card_text(int(c)) for c in codes)


def _value_table(spot: _Spot, shares: np.ndarray) -> pd.DataFrame:
    n = shares.shape[0]
    value = shares.mean(axis=0)
    best = int(np.argmax(value))
    gaps = shares[:, [best]] - shares
    names = _action_names(spot)
    table = pd.DataFrame({
        "action": [a for a, _, _ in names], "give": [g for _, g, _ in names],
        "take": [t for _, _, t in names],
        "value": value, "se": shares.std(axis=0, ddof=1) / np.sqrt(n),
        "gap": value[best] - value, "gap_se": gaps.std(axis=0, ddof=1) / np.sqrt(n),
        "allowed": np.ones(7, dtype=bool),
    })
    table.attrs["best"] = names[best][0]
    return table


def best_response_action(hole, flop, *, players: int, seat: int, wild=None, earlier_swaps=(),
                         profile="greedy", pot: str = "high", wild_can_be_ace: bool | None = None,
                         lookahead_samples: int | None = None, samples: int = 20_000,
                         seed: int | None = None, game: str | Game = "eldorado"):
    """The best response's exchange at a spot: the action of highest value in
    :func:`exchange_values` (same arguments), as :func:`equity.exchange` takes swaps.

    Returns
    -------
    None or tuple of str
        None to keep, or ``(card given, card taken)``.

    Examples
    --------
    >>> best_response_action("Kh4h", "7d9d4c", players=2, seat=1, earlier_swaps=[("9d", "Qs")],
    ...                      samples=4000, seed=1)
    ('4h', '4c')
    """
    table = exchange_values(hole, flop, players=players, seat=seat, wild=wild, earlier_swaps=earlier_swaps,
                            profile=profile, pot=pot, wild_can_be_ace=wild_can_be_ace,
                            lookahead_samples=lookahead_samples, samples=samples, seed=seed, game=game)
    best = table.loc[table.action == table.attrs["best"]].iloc[0]
    return None if best["action"] == "keep" else (best["give"], best["take"])


@dataclass(frozen=True)
class ExchangeGain:
    """What a best-responding seat gains over playing the profile (:func:`exploitability`).

    ``gain`` (with ``gain_se``): the mean, over the deals, of the seat's share of the pot when it
    plays the best response less when it plays the profile, both played on the deal as dealt
    (the other seats' hands are the deal's, every possible last card counted alike, the later
    seats playing the profile).  ``model_gain`` (with ``model_gain_se``): the same difference
    valued by the model of :func:`exchange_values` (the unseen cards drawn again) on fresh
    rollouts.  ``changed``: the fraction of deals where the best response's action differs
    from the profile's.  ``share`` (with ``share_se``): the seat's mean share of the pot when it
    plays the profile, on the same deals (the profile's own equity at that seat).  Shares are
    fractions of the pot.
    """

    profile: str
    players: int
    seat: int
    deals: int
    samples: int
    seed: int
    gain: float
    gain_se: float
    model_gain: float
    model_gain_se: float
    changed: float
    share: float
    share_se: float


def exploitability(profile, players: int, seat: int, deals: int, samples_per_decision: int,
                   seed: int | None = None, *, pot: str = "high", wild_can_be_ace: bool | None = None,
                   lookahead_samples: int | None = None, game: str | Game = "eldorado") -> ExchangeGain:
    """How much a seat gains by best-responding to ``profile`` in the exchange, every other seat
    playing the profile.

    ``deals`` deals are dealt (seeded).  On each the earlier seats exchange by the profile, which
    forms the seat's spot; the profile's own action there is recorded; the best response is the
    argmax of the seven actions valued on ``samples_per_decision`` rollouts of the spot (as
    :func:`exchange_values`).  Both actions are then played on the deal as dealt, with every
    possible last card, the later seats playing the profile (the same ``lookahead`` streams for
    both), and valued again by the model on fresh rollouts (common random numbers).

    Parameters
    ----------
    profile
        The exchange policy every other seat plays, and the one the seat is compared with
        (a name, or one per seat).
    players, seat
        Players dealt in, and the seat that best-responds.
    deals
        Deals played.
    samples_per_decision
        Rollouts to choose the best response on each deal, and again to value it by the model.
    seed
        Seed (None draws one, kept in the result); the same seed gives the same result on any
        number of threads.
    pot, wild_can_be_ace, lookahead_samples, game
        As in :func:`exchange_values`.

    Returns
    -------
    ExchangeGain
        The gain per deal in fractions of the pot, with its standard error from the spread
        between deals.

    Examples
    --------
    >>> found = exploitability("greedy", 2, 1, deals=20, samples_per_decision=200, seed=3)
    >>> found.deals, bool(found.gain_se >= 0)
    (20, True)
    """
    r = _rules(game, players, seat, profile, pot, wild_can_be_ace, lookahead_samples)
    deals = _check_samples(deals, "deals")
    samples = _check_samples(samples_per_decision, "samples_per_decision")
    seed = resolve_seed(seed)
    found = _deal_gains(r, profile, deals, samples, seed)
    gain, share, model_gain = found["gain"], found["share"], found["model_gain"]
    return ExchangeGain(
        profile=_profile_text(profile), players=r.players, seat=r.seat, deals=deals, samples=samples,
        seed=seed,
        gain=float(gain.mean()), gain_se=float(gain.std(ddof=1) / np.sqrt(deals)),
        model_gain=float(model_gain.mean()), model_gain_se=float(model_gain.std(ddof=1) / np.sqrt(deals)),
        changed=float((found["best"] != found["profile_action"]).mean()), share=float(share.mean()),
        share_se=float(share.std(ddof=1) / np.sqrt(deals)),
    )


def exploitability_by_deal(profile, players: int, seat: int, deals: int, samples_per_decision: int,
                           seed: int, *, key: Sequence[int] = (), pot: str = "high",
                           wild_can_be_ace: bool | None = None, lookahead_samples: int | None = None,
                           game: str | Game = "eldorado") -> dict[str, np.ndarray]:
    """:func:`exploitability` deal by deal, for studies that add deals up in chunks.

    The arguments are :func:`exploitability`'s; ``key`` (whole numbers of at least 0) picks
    the deals' random streams (a study's chunk): ``()`` plays :func:`exploitability`'s deals.

    Returns
    -------
    dict
        ``gain``, ``model_gain`` and ``share`` (``float64[deals]``), ``best`` and
        ``profile_action`` (:data:`ACTIONS` codes), ``hole`` (``uint8[deals, 2]``: the seat's
        hole cards) and ``flop`` (``uint8[deals, 3]``: the flop at its turn).
    """
    r = _rules(game, players, seat, profile, pot, wild_can_be_ace, lookahead_samples)
    key = tuple(key)
    if not all(is_whole_number(k) and k >= 0 for k in key):
        raise OptionError(f"key must be whole numbers of at least 0, got {key!r}")
    return _deal_gains(r, profile, _check_samples(deals, "deals"),
                       _check_samples(samples_per_decision, "samples_per_decision"), resolve_seed(seed),
                       tuple(int(k) for k in key))


def _deal_gains(r: _Rules, profile, deals: int, samples: int, seed: int, key: tuple[int, ...] = ()) -> dict:
    g, seat = r.game, r.seat
    players = r.players
    profile_codes = exchange_policy_codes(g, players, profile)
    deck = np.array(g.deck, dtype=np.uint8)
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(*key, 0))))
    order = deck[np.argsort(rng.random((deals, len(deck))), axis=1)[:, : 2 * players + 3]]
    hole0 = np.ascontiguousarray(order[:, : 2 * players])
    board0 = np.zeros((deals, 4), dtype=np.uint8)
    board0[:, :3] = order[:, 2 * players:]
    active = np.ones((deals, players), dtype=bool)
    no_script = np.full((deals, players, 2), -1, dtype=np.int64)
    state = stream_state(seed, (*key, 1))
    profile_user = user_exchange_policy(profile, players)

    def exchange_up_to(last_seat):
        codes = profile_codes.copy()
        codes[last_seat + 1:] = NEVER
        h, b = hole0.copy(), board0.copy()
        _, gave, took, _ = run_exchange(g, h, b, active, codes, no_script, state.copy(), r.lookahead_samples,
                                        profile_user, r.mode, r.wild_can_be_ace)
        return h, b, gave, took

    hole_a, board_a, gave_a, took_a = exchange_up_to(seat - 1)  # the spot at the seat's turn
    _, _, gave_b, took_b = exchange_up_to(seat)  # the profile's own action there
    if not (gave_a[:, :seat] == gave_b[:, :seat]).all():  # the same streams replay the same swaps
        raise RuntimeError("the earlier seats' exchange did not replay alike")
    mine = hole_a[:, 2 * seat: 2 * seat + 2]
    flop = board_a[:, :3]
    profile_action = np.zeros(deals, dtype=np.int64)
    swapped = gave_b[:, seat] >= 0
    h = (mine == gave_b[:, [seat]]).argmax(axis=1)
    f = (flop == took_b[:, [seat]]).argmax(axis=1)
    profile_action[swapped] = 1 + 3 * h[swapped] + f[swapped]

    best = np.empty(deals, dtype=np.int64)
    model_gain = np.empty(deals, dtype=np.float64)
    for d in range(deals):
        script = np.stack([gave_a[d, :seat], took_a[d, :seat]], axis=1)
        last = [int(c) for c in gave_a[d, :seat] if c >= 0]
        spot = _spot_of(g, mine[d], flop[d], board0[d, :3], script, last[-1] >> 2 if last else -1)
        values = _spot_shares(r, spot, samples, seed, (*key, 2, d), np.arange(7)).mean(axis=0)
        best[d] = int(np.argmax(values))
        if best[d] == profile_action[d]:
            model_gain[d] = 0.0
        else:
            pair = np.array([best[d], profile_action[d]])
            again = _spot_shares(r, spot, samples, seed, (*key, 3, d), pair)
            model_gain[d] = float((again[:, 0] - again[:, 1]).mean())

    # the deals as dealt, every possible last card: rows = deal x last card
    used = np.zeros((deals, 52), dtype=bool)
    np.put_along_axis(used, order.astype(np.int64), True, axis=1)
    in_deck = np.zeros(52, dtype=bool)
    in_deck[deck] = True
    free = ~used & in_deck
    lasts = free.sum(axis=1)
    rows = np.repeat(np.arange(deals), lasts)
    hole = hole0[rows]
    board = board0[rows]
    board[:, 3] = np.nonzero(free)[1]
    script = np.full((len(rows), players, 2), -1, dtype=np.int64)
    script[:, :seat, 0] = gave_a[rows, :seat]
    script[:, :seat, 1] = took_a[rows, :seat]
    pair = np.stack([best[rows], profile_action[rows]], axis=1)
    played = np.empty(len(rows), dtype=np.float64)
    as_profile = np.empty(len(rows), dtype=np.float64)
    per_block = _BLOCK_ROWS // 2
    for b, start in enumerate(range(0, len(rows), per_block)):
        part = slice(start, start + per_block)
        shares = _play(r, hole[part], board[part], script[part], flop[rows[part]], pair[part],
                       stream_state(seed, (*key, 4, b)))
        played[part] = shares[:, 0] - shares[:, 1]
        as_profile[part] = shares[:, 1]
    return {
        "gain": np.bincount(rows, weights=played, minlength=deals) / lasts,
        "share": np.bincount(rows, weights=as_profile, minlength=deals) / lasts,
        "model_gain": model_gain, "best": best, "profile_action": profile_action,
        "hole": np.ascontiguousarray(mine), "flop": np.ascontiguousarray(flop),
    }


# ---------------------------------------------------------------------------------------------
# Giving up after the exchange
# ---------------------------------------------------------------------------------------------
def give_up_rates(players: int, prices: Sequence[float], *, profile="greedy", deals: int = 20_000,
                  seed: int | None = None, pot: str | None = None, fold_samples: int | None = None,
                  progress: bool | None = None) -> pd.DataFrame:
    """How often each seat should give up in the betting round after the exchange, at each price.

    A seat facing a bet after the exchange pays ``price`` of the final pot to stay in (a bet of
    half the pot: a call of half a pot for two pots, a price of 1/4), so staying pays when its
    share of the pot is above the price.  On ``deals`` seeded deals where every seat exchanges by
    ``profile``, each seat's share is the estimated equity of :mod:`equity.fold_after_exchange`
    (what it can see after the exchange: ``fold_samples`` draws of the rest, against every other
    seat), and it should give up where that is below the price.

    Parameters
    ----------
    players
        Players in the deal (2 to 9 here).
    prices
        The prices, each from 0 to 1.
    profile
        The exchange policy of every seat, or one per seat (as :func:`equity.simulate` takes it).
    deals, seed, pot, fold_samples, progress
        The deals played, their seed (None draws one), the pot (``"high"`` or ``"low"``), draws per
        estimate and the progress bar.

    Returns
    -------
    pandas.DataFrame
        One row per seat and price: ``give_up`` (the share of deals), ``stderr`` (binomial), and
        per seat ``equity`` and ``equity_se``, the mean estimated equity.  ``attrs``: ``game``,
        ``profile``, ``players``, ``deals``, ``seed``, ``pot``, ``fold_samples``, ``method``.

    Examples
    --------
    >>> rates = give_up_rates(2, [0.25, 0.5], deals=2000, seed=1, fold_samples=40)
    >>> rates.columns.tolist()
    ['seat', 'price', 'give_up', 'stderr', 'equity', 'equity_se']
    >>> bool((rates.groupby("seat").give_up.diff().dropna() >= 0).all())  # a dearer call, more folds
    True
    """
    from equity.deal import play_deals
    from equity.fold_after_exchange import FOLD_SAMPLES, estimated_equity, fold_rng
    from equity.rng import CHUNK_DEALS

    g = get_game("eldorado")
    check_players(g, players)
    if players > 9:
        raise OptionError(f"players={players}: give_up_rates plays 2 to 9 players")
    price_list = [float(p) for p in prices] if isinstance(prices, Sequence | np.ndarray) else None
    if not price_list or any(not 0.0 <= p <= 1.0 for p in price_list):
        raise OptionError(f"prices must be one or more numbers from 0 to 1, got {prices!r}")
    if not is_whole_number(deals) or deals < 2:
        raise OptionError(f"deals must be a whole number of at least 2, got {deals!r}")
    samples = FOLD_SAMPLES if fold_samples is None else fold_samples
    if not is_whole_number(samples) or samples < 2:
        raise OptionError(f"fold_samples must be a whole number of at least 2, got {fold_samples!r}")
    seed = resolve_seed(seed)
    mode = pot_mode(g, pot)
    played = play_deals(g, players, deals, seed=seed, policies=profile, pot=mode, progress=progress,
                        usage=False)
    n = played.deals
    hole = played.hole.reshape(n, -1)
    estimate = np.empty((n, players))
    for chunk, start in enumerate(range(0, n, CHUNK_DEALS)):
        part = slice(start, start + CHUNK_DEALS)
        estimate[part] = estimated_equity(g, hole[part], played.board[part], played.wild[part],
                                          ~played.folded[part], played.took[part], samples,
                                          fold_rng(seed, chunk), mode)
    rows = []
    for seat in range(players):
        mean, se = float(estimate[:, seat].mean()), float(estimate[:, seat].std(ddof=1) / np.sqrt(n))
        for price in price_list:
            rate = float((estimate[:, seat] < price).mean())
            rows.append({"seat": seat, "price": price, "give_up": rate,
                         "stderr": float(np.sqrt(rate * (1 - rate) / n)), "equity": mean, "equity_se": se})
    frame = pd.DataFrame(rows)
    name = _profile_name(profile)
    frame.attrs.update(game=g.name, method="monte carlo", seed=seed, trials=n, profile=name, players=players,
                       deals=n, pot=mode, fold_samples=int(samples))
    return frame
