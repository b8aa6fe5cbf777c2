"""Pineapple-style discards: which hole cards each seat throws away, by its discard policy.

A game's :class:`~equity.games.Discard` phase has every player throw ``cards`` of its hole
cards away face down after a street (Crazy Pineapple: one of three after the flop; Irish: two
of four).  The discarded cards are out of play.  A seat's discard policy chooses them:

- ``"best"`` (the default): keep the cards whose high hand with the board so far is
  strongest, as the game values hands (:func:`equity.evaluate_many` on the kept cards and the
  board up to the discard; in a hi-lo or low pot too, the high hand decides); among equal
  hands, the first choice in card position order (the kept positions ``(0, 1)`` before
  ``(0, 2)``, ...).  It needs a hand to be made at that point (with a flop of three, two
  kept cards make five);
- a function compiled with ``numba.njit``, ``policy(hole, board) -> int``: ``hole`` the seat's
  dealt cards (``uint8``, in dealt order) and ``board`` the board so far (``uint8``); it
  returns the positions thrown away as a bit mask (bit ``i``: ``hole[i]``), exactly the
  phase's number of bits.  One such function per run; it is compiled into the loop on first
  use (not cached on disk, since it holds a function).

:func:`play_discards` plays the phase on dealt rows for the deal engine and the calculator.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache

import numpy as np
from numba import njit

from equity.errors import OptionError
from equity.games import Discard, Game, Street
from equity.options import is_numba_function

__all__ = ["DISCARD_POLICIES", "discard_phase", "discard_policies", "play_discards", "visible_board"]

#: The built-in discard policies.
DISCARD_POLICIES = ("best",)


def discard_phase(game: Game) -> Discard | None:
    """The game's discard phase, or None."""
    return next((p for p in game.phases if isinstance(p, Discard)), None)


def visible_board(game: Game) -> int:
    """Board cards out when the game's discard is played (the end of the street it follows)."""
    phase = discard_phase(game)
    seen = 0
    for p in game.phases:
        if isinstance(p, Street):
            seen += p.cards
            if p.name == phase.after_street:
                return seen
    raise OptionError(f"{game.name}: the discard follows no street")  # (check_game refuses it)


def discard_policies(game: Game, players: int, policy) -> tuple[object, ...] | None:
    """Each seat's discard policy, checked: None for a game with no discard (where giving one
    is an error); ``"best"`` by default; one policy for every seat or one per seat."""
    phase = discard_phase(game)
    if phase is None:
        if policy is not None:
            raise OptionError(f"{game.name} has no discard: discard_policy applies to games with a discard "
                              "phase (discard = {after = 'flop', cards = 1})")
        return None
    if policy is None:
        policy = "best"
    listed = list(policy) if isinstance(policy, (list, tuple)) else [policy] * players
    if len(listed) != players:
        raise OptionError(f"discard_policy: give one policy, or one for each of the {players} seats; "
                          f"got {len(listed)}")
    for seat, p in enumerate(listed):
        if not (p in DISCARD_POLICIES or is_numba_function(p)):
            raise OptionError(f"discard_policy of seat {seat}: {p!r} is not a discard policy (allowed: "
                              f"{', '.join(map(repr, DISCARD_POLICIES))} or a numba.njit function "
                              "policy(hole, board) -> mask of the cards thrown)")
    functions = {id(p): p for p in listed if is_numba_function(p)}
    if len(functions) > 1:
        raise OptionError("discard_policy: one compiled policy per run; give every such seat the same "
                          "function")
    if "best" in listed and not game.can_form_hand(game.hole_cards, visible_board(game)):
        raise OptionError(
            f"{game.name}: discard_policy 'best' values the kept cards with the board so far, and "
            f"{game.hole_cards} hole cards and {visible_board(game)} board cards make no "
            f"{game.hand_size}-card hand: give a compiled discard policy")
    return tuple(listed)


def _kept_choices(dealt: int, kept: int) -> np.ndarray:
    return np.array(list(itertools.combinations(range(dealt), kept)), dtype=np.int64)


def _best_choice(game: Game, hole: np.ndarray, board: np.ndarray, players: int) -> np.ndarray:
    """For each row and seat, the index of the best choice of kept positions (first of equals)."""
    from equity.evaluator import evaluate_many

    n = hole.shape[0]
    dealt = game.dealt_hole_cards
    seats = hole.reshape(n * players, dealt)
    seat_board = np.repeat(board, players, axis=0)
    choices = _kept_choices(dealt, game.hole_cards)
    strengths = np.stack([evaluate_many(game, np.ascontiguousarray(seats[:, kept]), seat_board, check=False)
                          for kept in choices], axis=1)
    return strengths.argmax(axis=1).reshape(n, players)  # argmax: the first of equal strengths


@lru_cache(maxsize=16)
def _user_discard_kernel(policy):
    """The loop calling one user policy on every seat of every row (not cached on disk)."""

    @njit(nogil=True)
    def run(hole, players, dealt, board, masks):
        for d in range(hole.shape[0]):
            for p in range(players):
                masks[d, p] = policy(hole[d, p * dealt:(p + 1) * dealt], board[d])

    return run


def play_discards(game: Game, hole: np.ndarray, board: np.ndarray, policies: Sequence[object]
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Play the game's discard on dealt rows.

    Parameters
    ----------
    game
        A game with a discard phase.
    hole : uint8[n, players * dealt_hole_cards]
        Seat-major hole cards as dealt.
    board : uint8[n, board_cards]
        Each row's board (the cards after the discard's street are not looked at).
    policies
        Each seat's policy (:func:`discard_policies`).

    Returns
    -------
    kept : uint8[n, players * hole_cards]
        Each seat's kept cards, in dealt order.
    thrown : uint8[n, players, cards]
        Each seat's discarded cards, in dealt order.
    """
    n = hole.shape[0]
    players = len(policies)
    dealt, kept_count = game.dealt_hole_cards, game.hole_cards
    seen = np.ascontiguousarray(board[:, :visible_board(game)])
    choices = _kept_choices(dealt, kept_count)
    choice = np.zeros((n, players), dtype=np.int64)
    if "best" in policies:
        best = _best_choice(game, hole, seen, players)
        for p, policy in enumerate(policies):
            if policy == "best":
                choice[:, p] = best[:, p]
    users = [p for p, policy in enumerate(policies) if policy != "best"]
    if users:
        masks = np.zeros((n, players), dtype=np.int64)
        _user_discard_kernel(policies[users[0]])(hole, players, dealt, seen, masks)
        # a mask is a choice of kept positions: every position not thrown
        by_mask = {sum(1 << i for i in range(dealt) if i not in kept): k for k, kept in enumerate(choices)}
        for p in users:
            found = np.array([by_mask.get(int(m), -1) for m in masks[:, p]], dtype=np.int64)
            bad = np.flatnonzero(found < 0)
            if len(bad):
                d = int(bad[0])
                raise OptionError(
                    f"discard_policy of seat {p} returned {int(masks[d, p])} in row {d}: a mask of exactly "
                    f"{dealt - kept_count} of the positions 0..{dealt - 1} (bit i throws hole card i)")
            choice[:, p] = found
    seats = hole.reshape(n, players, dealt)
    kept_at = choices[choice]  # [n, players, kept]
    thrown_at = np.array([[i for i in range(dealt) if i not in kept] for kept in choices.tolist()],
                         dtype=np.int64)[choice]
    kept = np.take_along_axis(seats, kept_at, axis=2)
    thrown = np.take_along_axis(seats, thrown_at, axis=2)
    return np.ascontiguousarray(kept.reshape(n, players * kept_count)), thrown
