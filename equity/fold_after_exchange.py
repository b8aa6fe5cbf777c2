"""Folding after the El Dorado exchange: who gives up in the betting round that follows it.

Rule document 000, article 3.5: when every player has had the opportunity to exchange, there is
a betting round.  A seat may swap and then fold there: its swap still sets the wild rank (the
card it gave stays on the board), and it can no longer win the pot.  :func:`equity.simulate`,
:func:`equity.deal.play_deals` and :func:`equity.calc` take a ``fold_policy`` for that point:

* a number ``t`` from 0 to 1, or one per seat: the seat gives up when its *estimated equity* is
  below ``t``.  Read ``t`` as the price of staying in, the share of the final pot a call would
  be: a seat facing a bet of half the pot calls half a pot to win two pots, a price of 1/4;
* ``"never"``: nobody gives up (the same as no fold policy);
* a function of what the seat sees, called once per seat and chunk of deals with arrays,
  ``fold(hole, flop, wild, seat, players) -> bool[n]``: ``hole`` ``uint8[n, 2]``, ``flop``
  ``uint8[n, 3]`` (the flop as the exchange left it), ``wild`` ``int64[n]`` (the wild rank, -1
  for none), ``seat`` and ``players`` integers.  It may be compiled with Numba (its own
  loops) or written with numpy.

The estimated equity is what the seat can work out at that point: its share of the pot against
the other seats still in, their unseen cards and the last board card drawn at random
(``fold_samples`` draws) from the cards it cannot see.  It sees its hole cards, the flop as the
exchange left it and the cards the other seats took from the flop (each seat that swapped holds
the card it took, and one unseen card), and the wild rank is the exchange's.  As the
``lookahead`` exchange policy does, it does not read the other seats' choices as evidence about
their unseen cards.

The draws come from one random order of the deck per draw and block of deals, so within a block
the estimates of different deals share their random orders (each estimate alone is exact in
distribution; rates over many deals carry a little more spread than independent draws would).

A seat gives up only facing a bet: when every seat still in would give up, nobody bets and they
all show down.  The decisions are made at once, each on the seat's own estimate; the order of
the betting round and what each seat would infer from the others' actions are not modelled.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from equity.errors import OptionError
from equity.evaluator import evaluate_low_many, evaluate_many
from equity.games import Exchange, Game
from equity.options import has_phase
from equity.pots import pot_shares_many

__all__ = ["FOLD_SAMPLES", "FoldPolicy", "read_fold_policy", "exchange_board_cards", "estimated_equity",
           "gave_up", "fold_rng"]

#: Draws of the unseen cards behind each seat's estimated equity (a standard error of about 0.05).
FOLD_SAMPLES = 100
#: Deals estimated at a time (their rows times the draws stay a few megabytes).
_BLOCK_DEALS = 512


@dataclass(frozen=True)
class FoldPolicy:
    """A checked fold policy: per seat thresholds on the estimated equity (``-inf``: never
    gives up), or a function of what the seat sees; ``samples`` draws per estimate."""

    thresholds: np.ndarray | None
    function: Callable | None
    samples: int

    def describe(self) -> str:
        """The policy in words, for tables and charts."""
        if self.function is not None:
            return f"fold function {getattr(self.function, '__name__', 'user')}"
        shown = sorted(set(self.thresholds.tolist()))
        if shown == [-math.inf]:
            return "never folds"
        if len(shown) == 1:
            return f"folds below an estimated equity of {shown[0]:g} ({self.samples} draws)"
        parts = ", ".join("never" if t == -math.inf else f"{t:g}" for t in self.thresholds.tolist())
        return f"folds below an estimated equity of {parts} by seat ({self.samples} draws)"


def exchange_board_cards(g: Game) -> int:
    """How many board cards are out when the exchange is made (El Dorado: the flop, 3)."""
    after = next(p.after_street for p in g.phases if isinstance(p, Exchange))
    cards = 0
    for street in g.streets:
        cards += street.cards
        if street.name == after:
            return cards
    raise AssertionError(f"{g.name}: the exchange follows no street")  # check_game refuses this


def read_fold_policy(g: Game, players: int, fold_policy, fold_samples=None) -> FoldPolicy | None:
    """Check a ``fold_policy`` (see the module docstring) for ``players`` seats of ``g``.

    Raises
    ------
    OptionError
        For a game without an exchange, a threshold outside 0..1, a wrong number of thresholds,
        anything else that is not a policy, or ``fold_samples`` without a threshold policy or
        below 2.
    """
    if fold_policy is None:
        if fold_samples is not None:
            raise OptionError("fold_samples applies to a fold_policy of equity thresholds")
        return None
    if not has_phase(g, Exchange):
        raise OptionError(f"{g.name} has no exchange: fold_policy decides who gives up after the El Dorado "
                          "exchange")
    if fold_samples is None:
        samples = FOLD_SAMPLES
    elif isinstance(fold_samples, bool) or not isinstance(fold_samples, int | np.integer) \
            or fold_samples < 2:
        raise OptionError(f"fold_samples must be a whole number of at least 2, got {fold_samples!r}")
    else:
        samples = int(fold_samples)
    if isinstance(fold_policy, str):
        if fold_policy != "never":
            raise OptionError(f"fold_policy {fold_policy!r}: give 'never', an equity threshold from 0 to 1 "
                              "(or one per seat), or a function fold(hole, flop, wild, seat, players)")
        return FoldPolicy(np.full(players, -math.inf), None, samples)
    if callable(fold_policy):
        if fold_samples is not None:
            raise OptionError("fold_samples applies to a fold_policy of equity thresholds, not to a function")
        return FoldPolicy(None, fold_policy, samples)
    values = [fold_policy] * players if _is_number(fold_policy) else fold_policy
    if not isinstance(values, Sequence | np.ndarray) or isinstance(values, str) or len(values) != players:
        raise OptionError(f"fold_policy must be one equity threshold from 0 to 1 or {players} of them "
                          f"(one per seat, None for a seat that never gives up); got {fold_policy!r}")
    thresholds = []
    for seat, value in enumerate(values):
        if value is None:
            thresholds.append(-math.inf)
        elif _is_number(value) and 0.0 <= float(value) <= 1.0:
            thresholds.append(float(value))
        else:
            raise OptionError(f"fold_policy of seat {seat}: an equity threshold must be a number from 0 to 1 "
                              f"(or None), got {value!r}")
    return FoldPolicy(np.array(thresholds), None, samples)


def _is_number(value) -> bool:
    if isinstance(value, bool | np.bool_):
        return False
    return isinstance(value, int | float | np.integer | np.floating) and math.isfinite(float(value))


def fold_rng(seed: int, chunk: int) -> np.random.Generator:
    """The random stream of a chunk's fold estimates, from the run's seed and the chunk (not the
    threads), so the same seed folds the same seats."""
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(chunk, 7))))


def estimated_equity(g: Game, hole: np.ndarray, board: np.ndarray, wild: np.ndarray, active: np.ndarray,
                     took: np.ndarray, samples: int, rng: np.random.Generator, mode: str = "high",
                     wild_can_be_ace: bool = True) -> np.ndarray:
    """Each seat's estimated share of the pot after the exchange (see the module docstring).

    Parameters
    ----------
    g
        The game (El Dorado or a custom game with an exchange).
    hole
        ``uint8[n, players * hole_cards]``: every seat's hole cards after the exchange.
    board
        ``uint8[n, board_cards]``: the board; the cards out at the exchange are seen, the rest not.
    wild
        ``int64[n]``: the wild rank the exchange left (-1 for none).
    active
        ``bool[n, players]``: the seats still in.
    took
        ``int64[n, players]``: the card each seat took from the flop (-1 for a seat that kept).
    samples, rng
        Draws per estimate and their random stream.
    mode, wild_can_be_ace
        The pot played (``"high"``, ``"low"``, ``"hi_lo"``) and the low's wild-ace rule.

    Returns
    -------
    numpy.ndarray
        ``float64[n, players]``: the estimates, NaN for seats not in.
    """
    n, players = active.shape
    h = g.hole_cards
    seen_board = exchange_board_cards(g)
    to_come = g.board_cards - seen_board
    deck = np.array(g.deck, dtype=np.int64)
    out = np.full((n, players), np.nan)
    for start in range(0, n, _BLOCK_DEALS):
        stop = min(n, start + _BLOCK_DEALS)
        part = slice(start, stop)
        out[part] = _estimate_block(g, hole[part].reshape(stop - start, players, h), board[part, :seen_board],
                                    wild[part], active[part], took[part], samples, rng, mode, wild_can_be_ace,
                                    deck, to_come)
    return out


def _estimate_block(g, hole, flop, wild, active, took, samples, rng, mode, wild_can_be_ace, deck, to_come):
    n, players, h = hole.shape
    seats = np.argwhere(active)  # (deal, seat) pairs estimated
    m = len(seats)
    if m == 0:
        return np.full((n, players), np.nan)
    deal, seat = seats[:, 0], seats[:, 1]
    opponents = players - 1
    # the other seats in the seat's order, and what it knows of each
    others = (seat[:, None] + 1 + np.arange(opponents)[None, :]) % players
    other_in = active[deal[:, None], others]
    other_took = np.where(other_in, took[deal[:, None], others], -1)
    # the cards the seat sees: its hole, the flop, the cards the others took
    position = np.full(64, -1, dtype=np.int64)
    position[deck] = np.arange(len(deck))
    seen = np.zeros((m, len(deck)), dtype=bool)
    rows = np.arange(m)[:, None]
    seen[rows, position[hole[deal, seat].astype(np.int64)]] = True
    seen[rows, position[flop[deal].astype(np.int64)]] = True
    known = other_took >= 0
    seen[np.nonzero(known)[0], position[other_took[known]]] = True
    # where the drawn cards go: the cards to come, then each other seat's hole cards but the one it
    # took (the seat saw it take it); the real deal held all of them, so the unseen cards suffice
    need = np.ones((m, to_come + opponents * h), dtype=bool)
    need[:, to_come::h] = ~known
    slot = np.cumsum(need, axis=1) - 1  # each needed slot's draw
    draws = int(need.sum(axis=1).max())
    # the first unseen cards of a random order of the deck, one order per sample: among its first
    # ``draws`` plus the most cards a seat sees, the unseen ones in order (a stable sort)
    length = min(len(deck), draws + int(seen.sum(axis=1).max()))
    prefix = np.argsort(rng.random((samples, len(deck))), axis=1)[:, :length]
    unseen_last = seen[:, prefix].view(np.int8)  # (m, samples, prefix): 0 unseen, 1 seen
    first = np.argsort(unseen_last, axis=2, kind="stable")[:, :, :draws]
    drawn = deck[np.take_along_axis(np.broadcast_to(prefix, (m, *prefix.shape)), first, axis=2)]
    filled = np.take_along_axis(drawn, np.broadcast_to(slot[:, None, :], (m, samples, slot.shape[1])), axis=2)
    to_board = filled[:, :, :to_come]
    hands = filled[:, :, to_come:].reshape(m, samples, opponents, h)
    hands[:, :, :, 0] = np.where(known[:, None, :], other_took[:, None, :], hands[:, :, :, 0])
    own = np.broadcast_to(hole[deal, seat][:, None, None, :], (m, samples, 1, h))
    every = np.concatenate([own, hands.astype(np.uint8)], axis=2).reshape(-1, h)
    board = np.concatenate([np.broadcast_to(flop[deal][:, None, :], (m, samples, flop.shape[1])),
                            to_board.astype(np.uint8)], axis=2)
    board_rows = np.repeat(board.reshape(m * samples, -1), players, axis=0)
    wild_rows = np.repeat(wild[deal], samples * players).astype(np.int8)
    high = low = None
    if mode != "low":
        high = evaluate_many(g, every, board_rows, wild=wild_rows, check=False).reshape(-1, players)
    if mode != "high":
        low = evaluate_low_many(g, every, board_rows, wild=wild_rows, wild_can_be_ace=wild_can_be_ace,
                                check=False).reshape(-1, players)
    out_of_it = np.concatenate([np.zeros((m, 1), dtype=bool), ~other_in], axis=1)
    folded = np.repeat(out_of_it, samples, axis=0)
    shares = pot_shares_many(high, low=low, mode=mode, folded=folded)[:, 0].reshape(m, samples)
    out = np.full((n, players), np.nan)
    out[deal, seat] = shares.mean(axis=1)
    return out


def gave_up(g: Game, policy: FoldPolicy, hole: np.ndarray, board: np.ndarray, wild: np.ndarray,
            active: np.ndarray, took: np.ndarray, rng: np.random.Generator, mode: str = "high",
            wild_can_be_ace: bool = True) -> np.ndarray:
    """Who gives up after the exchange, ``bool[n, players]`` (see the module docstring): the seats
    still in whose policy folds, except where that is every seat still in."""
    n, players = active.shape
    if policy.function is not None:
        h = g.hole_cards
        seats = hole.reshape(n, players, h)
        flop = np.ascontiguousarray(board[:, :exchange_board_cards(g)])
        wants = np.zeros((n, players), dtype=bool)
        for seat in range(players):
            own = np.ascontiguousarray(seats[:, seat])
            answer = np.asarray(policy.function(own, flop, wild, seat, players))
            if answer.shape != (n,):
                raise OptionError(f"the fold function returned shape {answer.shape} for {n} deals of seat "
                                  f"{seat}: it must return one bool per deal")
            wants[:, seat] = answer.astype(bool)
    else:
        if np.isneginf(policy.thresholds).all():
            return np.zeros((n, players), dtype=bool)
        equity = estimated_equity(g, hole, board, wild, active, took, policy.samples, rng, mode,
                                  wild_can_be_ace)
        wants = np.nan_to_num(equity, nan=1.0) < policy.thresholds[None, :]
    wants &= active
    everyone = wants.sum(axis=1) == active.sum(axis=1)
    wants[everyone] = False
    return wants
