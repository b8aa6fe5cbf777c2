"""The options of a deal, checked once for every entry point: pots, exchange and draw policies, folds, stakes.

:func:`equity.calc`, :func:`equity.simulate`, :func:`equity.switch.play_switch`,
:func:`equity.exchange` and :func:`equity.settle` all read their options through
these functions, so an option means the same and is refused in the same words
wherever it is given.  Each function returns the option as the kernels take it
(integer codes, boolean masks, ``int64`` chips) or raises an
:class:`~equity.errors.OptionError` / :class:`~equity.errors.InvalidInputError`
naming the option, the value and what is allowed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from equity._kernels.exchange import GREEDY, LOOKAHEAD, NEVER, SCRIPTED, USER
from equity._kernels.switch import MAX, STAND, STANDARD, SWITCH_AWARE, SWITCH_AWARE_NO_INFO, WILD_SHIFT
from equity.errors import InvalidInputError, OptionError, check_flag
from equity.games import Draw, Exchange, Game, Switch

__all__ = [
    "EXCHANGE_POLICIES",
    "DRAW_POLICIES",
    "LOOKAHEAD_SAMPLES",
    "has_phase",
    "is_whole_number",
    "check_players",
    "pot_mode",
    "is_numba_function",
    "StagedExchangePolicy",
    "StagedPolicies",
    "exchange_policy_codes",
    "exchange_policy_names",
    "user_exchange_policy",
    "lookahead_samples",
    "wild_can_be_ace",
    "draw_phase",
    "draw_policy_codes",
    "check_draw_limits",
    "switch_options",
    "as_fold_mask",
    "fold_mask",
    "chip_counts",
    "same_shape",
    "stakes",
    "where",
]

#: Built-in El Dorado exchange policies and their kernel codes.
EXCHANGE_POLICIES = {"never": NEVER, "greedy": GREEDY, "lookahead": LOOKAHEAD}
#: Built-in draw policies (Switch and the draw games) and their kernel codes.
DRAW_POLICIES = {"stand": STAND, "standard": STANDARD, "max": MAX, "switch_aware": SWITCH_AWARE,
                 "switch_aware_no_info": SWITCH_AWARE_NO_INFO}
#: Draws of the unseen cards per decision of the ``lookahead`` policy, unless set.
LOOKAHEAD_SAMPLES = 200
_INT64_MAX = np.iinfo(np.int64).max
_DEFAULT_DRAW = Draw()


def is_whole_number(value) -> bool:
    """Whether ``value`` is an integer (numpy's too), and not a bool."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def has_phase(game: Game, *kinds: type) -> bool:
    """Whether ``game`` has a phase of one of these kinds (:class:`~equity.games.Exchange`, ...)."""
    return any(isinstance(phase, kinds) for phase in game.phases)


def check_players(game: Game, players: int) -> None:
    """Refuse a player count the game or its deck cannot deal (hole cards, board and burns)."""
    if not is_whole_number(players):
        raise OptionError(f"players must be a whole number, got {players!r}")
    board = sum(s.cards + s.burn for s in game.streets) * game.boards
    most = min(game.max_players, (game.deck_size - board) // game.dealt_hole_cards)
    if not 2 <= players <= most:
        raise OptionError(
            f"players={players}: {game.name} allows 2 to {most} players "
            f"(its {game.deck_size}-card deck deals {game.dealt_hole_cards} hole cards each"
            f"{' plus the board and burns' if game.streets else ''})"
        )


# ---------------------------------------------------------------------------------------------
# The pot
# ---------------------------------------------------------------------------------------------
def pot_mode(game: Game, pot: str | None, hi_lo: bool = False) -> str:
    """The pot played: ``pot`` (``"high"``, ``"low"``, ``"hi_lo"``), or ``"hi_lo"`` when
    ``hi_lo`` is True, or the game's first pot mode; one the game is not played for is refused."""
    if pot is not None and pot not in game.pot_modes:
        raise OptionError(f"pot={pot!r}: {game.name} is played for {', '.join(map(repr, game.pot_modes))}")
    mode = pot or ("hi_lo" if hi_lo else game.pot_modes[0])
    if hi_lo and mode != "hi_lo":
        raise OptionError(f"hi_lo=True and pot={mode!r} disagree")
    if mode not in game.pot_modes:
        raise OptionError(f"{game.name} is played for {', '.join(game.pot_modes)}; got "
                          f"{'hi_lo=True' if hi_lo else f'pot={mode!r}'}")
    return mode


# ---------------------------------------------------------------------------------------------
# The El Dorado exchange
# ---------------------------------------------------------------------------------------------
def is_numba_function(policy) -> bool:
    """Whether ``policy`` is a function compiled with ``numba.njit`` (a user exchange policy)."""
    return hasattr(policy, "py_func") and hasattr(policy, "signatures")


class StagedExchangePolicy:
    """An exchange policy decided between passes of the exchange kernel, not inside it.

    The exchange is played up to the seat (the kernels, every earlier seat by its own policy),
    the policy decides on what each deal's seat sees, and its decisions are played as scripted
    swaps (:func:`equity.eldorado_exchange.run_exchange`).  The best response of
    :func:`equity.strategy.best_response` is one.  A subclass defines :attr:`name` and
    :meth:`decide`.
    """

    #: How the policy is named in tables and attrs.
    name: str = "staged"

    def decide(self, game: Game, seat: int, players: int, hole: np.ndarray, start_flop: np.ndarray,
               flop: np.ndarray, gave: np.ndarray, took: np.ndarray, mode: str, wild_can_be_ace: bool,
               lookahead_samples: int) -> np.ndarray:
        """The seat's swap on every deal, ``int64[deals, 2]`` (card given, card taken; -1 keeps).

        ``hole`` holds every seat's hole cards as dealt (``uint8[deals, 2 players]``),
        ``start_flop`` the flop as dealt and ``flop`` the flop at the seat's turn
        (``uint8[deals, 3]``), ``gave`` and ``took`` the earlier seats' swaps (``int64[deals,
        seat]``, -1 for a seat that kept); the rest are the run's options.
        """
        raise NotImplementedError

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class StagedPolicies:
    """A run's exchange policies when a seat plays a :class:`StagedExchangePolicy`: the staged
    policy of each seat (None for a seat the kernels play) and the one user Numba policy, if any."""

    seats: tuple
    user: object = None


def _policy_list(policies, players: int) -> list:
    single = isinstance(policies, str | StagedExchangePolicy) or is_numba_function(policies)
    return [policies] * players if single else list(policies)


def exchange_policy_codes(game: Game, players: int, policies) -> np.ndarray:
    """The kernels' exchange policy code per seat (``int8[players]``; zeros for a game without
    an exchange, where ``policies`` must be None): one name or Numba function for every seat, or
    one per seat; ``"greedy"`` by default."""
    if not has_phase(game, Exchange):
        if policies is not None:
            raise OptionError(f"{game.name} has no exchange: policies apply to eldorado")
        return np.zeros(players, dtype=np.int8)
    if policies is None:
        policies = "greedy"
    single = isinstance(policies, str | StagedExchangePolicy) or is_numba_function(policies)
    if not single and (not isinstance(policies, Sequence) or isinstance(policies, bytes)):
        raise OptionError(f"policies must be a policy name ({', '.join(EXCHANGE_POLICIES)}), a Numba "
                          f"function, a best response, or a list of them, one per seat; got {policies!r}")
    names = _policy_list(policies, players)
    if len(names) != players:
        raise OptionError(f"{len(names)} policies for {players} players: give one per seat or one for all")
    codes = []
    for name in names:
        if is_numba_function(name):
            codes.append(USER)
            continue
        if isinstance(name, StagedExchangePolicy):  # decided between kernel passes, played as scripted
            codes.append(SCRIPTED)
            continue
        if not isinstance(name, str) or name not in EXCHANGE_POLICIES:
            raise OptionError(
                f"unknown exchange policy {name!r}: allowed are {', '.join(EXCHANGE_POLICIES)}, "
                "a Numba-compiled function (see equity.simulate) or equity.strategy.best_response(...)"
            )
        codes.append(EXCHANGE_POLICIES[name])
    return np.array(codes, dtype=np.int8)


def exchange_policy_names(players: int, policies) -> list[str]:
    """Each seat's exchange policy by name (``greedy`` by default; a Numba policy by its
    function's name, a staged policy by its ``name``), for tables' ``attrs``."""
    def name(p):
        if is_numba_function(p):
            return p.__name__
        return p.name if isinstance(p, StagedExchangePolicy) else str(p)

    return [name(p) for p in _policy_list("greedy" if policies is None else policies, players)]


def user_exchange_policy(policies, players: int):
    """The one user policy function among the seats' policies (one for each of ``players``
    seats, or one for all), or None; with a staged policy (:class:`StagedExchangePolicy`) at any
    seat, a :class:`StagedPolicies` holding both."""
    if policies is None:
        return None
    names = _policy_list(policies, players)
    users = {id(p): p for p in names if is_numba_function(p)}
    if len(users) > 1:
        raise OptionError("one user exchange policy per run: give every user seat the same function")
    user = next(iter(users.values()), None)
    if any(isinstance(p, StagedExchangePolicy) for p in names):
        return StagedPolicies(tuple(p if isinstance(p, StagedExchangePolicy) else None for p in names), user)
    return user


def lookahead_samples(has_exchange: bool, samples: int | None) -> int:
    """The ``lookahead_samples`` option (None: not given, :data:`LOOKAHEAD_SAMPLES`), refused
    where no exchange is played."""
    if samples is None:
        return LOOKAHEAD_SAMPLES
    if not has_exchange:
        raise OptionError("lookahead_samples applies to the exchange (eldorado before the exchange)")
    if not is_whole_number(samples) or samples < 1:
        raise OptionError(f"lookahead_samples must be a positive whole number, got {samples!r}")
    return int(samples)


def wild_can_be_ace(game: Game, mode: str, value: bool | None) -> bool:
    """The ``wild_can_be_ace`` option (None: not given, which means True), refused where it
    changes nothing: outside the low of a game with wild cards."""
    if value is None:
        return True
    if game.wild is None or mode == "high":
        raise OptionError("wild_can_be_ace applies to the low of a game with wild cards (eldorado)")
    return check_flag(value, "wild_can_be_ace")


# ---------------------------------------------------------------------------------------------
# The draw and the switch
# ---------------------------------------------------------------------------------------------
def draw_phase(game: Game) -> Draw:
    """The game's draw phase (its draw limits), or the default draw for a game without one."""
    return next((p for p in game.phases if isinstance(p, Draw)), _DEFAULT_DRAW)


def _draw_policy_code(name, where: str) -> int:
    if isinstance(name, str) and name.strip().lower() in DRAW_POLICIES:
        return DRAW_POLICIES[name.strip().lower()]
    allowed = ", ".join(map(repr, DRAW_POLICIES))
    raise OptionError(f"unknown draw policy {name!r}{where}: allowed are {allowed}")


def draw_policy_codes(policy, players: int, wild_rank: int | None = None) -> np.ndarray:
    """The kernels' draw policy code per seat (``int8[players]``); a game's fixed ``wild_rank``
    is packed above the policy (``(wild_rank + 1) << WILD_SHIFT``), so the policies keep wild
    cards."""
    wild_bits = 0 if wild_rank is None else (wild_rank + 1) << WILD_SHIFT
    if isinstance(policy, str):
        return np.full(players, _draw_policy_code(policy, "") | wild_bits, dtype=np.int8)
    if not isinstance(policy, Sequence) or isinstance(policy, bytes):
        raise OptionError(
            f"policy must be a name ({', '.join(map(repr, DRAW_POLICIES))}) or a list of names, one per "
            f"seat; got {policy!r}"
        )
    if len(policy) != players:
        raise OptionError(f"policy lists {len(policy)} seats but there are {players} players")
    return np.array([_draw_policy_code(p, f" for seat {i}") | wild_bits for i, p in enumerate(policy)],
                    dtype=np.int8)


def check_draw_limits(limit, limit_with_ace) -> None:
    """The draw limits: whole numbers of cards from 0 to 5."""
    if not is_whole_number(limit) or not 0 <= limit <= 5:
        raise OptionError(f"limit must be an integer from 0 to 5 cards, got {limit!r}")
    if not is_whole_number(limit_with_ace) or not 0 <= limit_with_ace <= 5:
        raise OptionError(
            f"limit_with_ace must be an integer from 0 to 5 cards, got {limit_with_ace!r} (a hand "
            f"keeping an ace may draw max(limit, limit_with_ace))"
        )


def switch_options(game: Game, draw_policy=None, draw_limit=None, draw_limit_with_ace=None,
                   reverse=None) -> dict:
    """The draw and switch options of a game with a switch or a draw, defaults filled in
    (``policy``, ``limit``, ``limit_with_ace``, ``reverse``); ``{}`` for a game with neither,
    where giving any of them is an error naming the games that have one."""
    from equity.games import GAMES

    given = {"draw_policy": draw_policy, "draw_limit": draw_limit,
             "draw_limit_with_ace": draw_limit_with_ace, "reverse": reverse}
    if not has_phase(game, Switch, Draw):
        named = [k for k, v in given.items() if v is not None]
        if named:
            phase = Switch if named == ["reverse"] else Draw
            having = [n for n, x in GAMES.items() if has_phase(x, phase)]
            raise OptionError(f"{game.name} has no switch or draw: {', '.join(named)} applies to games "
                              f"with a {phase.__name__.lower()} ({', '.join(having)})")
        return {}
    if reverse is not None and not has_phase(game, Switch):
        raise OptionError(f"reverse sets the direction of the switch; {game.name} has no switch")
    if not has_phase(game, Draw):
        named = [k for k, v in given.items() if k != "reverse" and v is not None]
        if named:
            raise OptionError(f"{game.name} has no draw: {', '.join(named)} applies to games with one")
    draw = draw_phase(game)
    options = {
        "policy": "standard" if draw_policy is None else draw_policy,
        "limit": draw.limit if draw_limit is None else draw_limit,
        "limit_with_ace": draw.limit_with_ace if draw_limit_with_ace is None else draw_limit_with_ace,
        "reverse": False if reverse is None else check_flag(reverse, "reverse"),
    }
    check_draw_limits(options["limit"], options["limit_with_ace"])
    return options


# ---------------------------------------------------------------------------------------------
# Folds and stakes
# ---------------------------------------------------------------------------------------------
def where(single: bool, index: tuple[int, ...]) -> str:
    """Name one entry: ``player 2`` for one showdown, ``deal 4, player 2`` for many."""
    if single:
        return f"player {index[-1]}"
    return f"deal {index[0]}, player {index[1]}"


def as_fold_mask(folded, name: str = "folded") -> np.ndarray:
    """``folded`` (True = folded) as a boolean array of its own shape: booleans, or integers that
    are all 0 or 1; anything else (2, 0.5, text) is an error rather than read as True."""
    arr = np.asarray(folded)
    if arr.dtype.kind in "iu" and arr.size and not np.isin(arr, (0, 1)).all():
        bad = arr.ravel()[~np.isin(arr.ravel(), (0, 1))][0]
        raise InvalidInputError(f"{name} must be a mask of booleans (or 0 and 1), got {bad}")
    if arr.dtype.kind not in "biu":
        raise InvalidInputError(f"{name} must be a mask of booleans (True = folded), got {arr.dtype}")
    return arr.astype(np.bool_)


def fold_mask(folded, deals: int, players: int, name: str = "folded", *, single: bool = False) -> np.ndarray:
    """Who folded in each deal, ``bool[deals, players]`` (C-contiguous): None for nobody, one row
    ``(players,)`` for every deal, or one row per deal.  A deal where every player folded has no
    showdown and is refused, naming the deal (unless ``single``: one showdown)."""
    if folded is None:
        return np.zeros((deals, players), dtype=np.bool_)
    mask = as_fold_mask(folded, name)
    if mask.shape == (players,):
        mask = np.broadcast_to(mask, (deals, players))
    if mask.shape != (deals, players):
        raise InvalidInputError(
            f"{name} has shape {mask.shape}: expected ({players},) or ({deals}, {players}) "
            f"(one row per deal, one column per seat)"
        )
    gone = np.flatnonzero(mask.all(axis=1)) if players else np.zeros(0, dtype=np.int64)
    if gone.size:
        raise InvalidInputError(f"{'' if single else f'deal {gone[0]}: '}every player folded: at least one "
                                "player must be left in the hand")
    return np.ascontiguousarray(mask)


def chip_counts(values, what: str, ndims: tuple[int, ...]) -> np.ndarray:
    """``values`` as an ``int64`` array with one of the allowed numbers of dimensions (strengths
    or chips)."""
    arr = np.asarray(values)
    if arr.ndim not in ndims:
        shape = " or ".join({1: "(players,)", 2: "(deals, players)"}[d] for d in ndims)
        raise InvalidInputError(f"{what} must have shape {shape}, got shape {arr.shape}")
    if arr.shape[-1] == 0:  # no deals is an empty batch; no players is no showdown
        raise InvalidInputError(f"{what} is empty: a showdown needs at least one player")
    if arr.dtype.kind not in "iu":
        raise InvalidInputError(f"{what} must be integers, got {arr.dtype}")
    if arr.dtype == np.uint64 and arr.size and int(arr.max()) > _INT64_MAX:
        raise InvalidInputError(f"{what} hold a value above {_INT64_MAX}")
    return np.ascontiguousarray(arr, dtype=np.int64)


def same_shape(arr: np.ndarray, what: str, shape: tuple[int, ...], against: str, single: bool) -> None:
    """Refuse ``arr`` unless it has ``shape``, the shape of ``against``."""
    if arr.shape == shape:
        return
    if single:
        raise InvalidInputError(
            f"{what} has {arr.shape[-1]} {'entry' if arr.shape[-1] == 1 else 'entries'}, one per "
            f"player, but {against} has {shape[-1]}"
        )
    raise InvalidInputError(f"{what} has shape {arr.shape} but {against} has shape {shape}")


def stakes(values, shape: tuple[int, ...], against: str, single: bool) -> tuple[np.ndarray, bool]:
    """The chips each player put in, checked against the showdown's ``shape``: flat ``int64``
    chips, and whether they differ by deal (one row per deal) rather than apply to every deal."""
    arr = chip_counts(values, "stakes", (1,) if single else (1, 2))
    if single:
        same_shape(arr, "stakes", shape, against, single)
    elif arr.ndim == 1 or arr.shape[0] == 1:
        same_shape(arr.reshape(-1), "stakes", shape[1:], f"each deal of {against}", True)
    else:
        same_shape(arr, "stakes", shape, against, single)
    if (arr < 0).any():
        at = tuple(int(k) for k in np.argwhere(arr < 0)[0])
        raise InvalidInputError(f"stakes must be non-negative chips: {where(single or arr.ndim == 1, at)} "
                                f"has {arr[at]}")
    if arr.size and int(arr.max()) > _INT64_MAX // shape[-1]:
        raise InvalidInputError(f"stakes are too large: a pot must stay below {_INT64_MAX} chips")
    per_row = arr.ndim == 2 and arr.shape[0] > 1
    return arr.ravel(), per_row
