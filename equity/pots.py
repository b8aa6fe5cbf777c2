"""Showdown pot settlement: who gets which chips back, with side pots, hi-lo halves and odd chips.

Strengths come from :func:`equity.evaluate_many` (high) and
:func:`equity.evaluate_low_many` (low, 0 = no qualifying low); stakes are the
integer chips each player put in over the whole hand.  Seats are numbered from
0, the first seat to the dealer's left.  The arithmetic is the kernel
:func:`equity._kernels.pots.settle_rows`; this module checks the input once.
"""

from __future__ import annotations

import numpy as np

from equity._kernels.pots import HI_LO, HIGH, LOW, pot_share_rows, settle_rows
from equity.errors import InvalidInputError, OptionError
from equity.options import as_fold_mask, chip_counts, fold_mask, same_shape, where
from equity.options import stakes as check_stakes

__all__ = ["MODES", "settle", "settle_many", "pot_shares_many", "pot_share_parts", "board_pot_shares",
           "settle_boards"]

#: The pot modes, in the order the docs list them.
MODES = ("high", "low", "hi_lo")
_MODE_CODES = {"high": HIGH, "low": LOW, "hi_lo": HI_LO}
_NOBODY_FOLDED = np.zeros(0, dtype=np.bool_)
_UNUSED = np.zeros(0, dtype=np.int64)
_NO_SHARES = np.zeros(0, dtype=np.float64)


# ---------------------------------------------------------------------------------------------
# Input checking
# ---------------------------------------------------------------------------------------------
def _mode_code(mode: str) -> int:
    if not isinstance(mode, str) or mode not in _MODE_CODES:
        raise OptionError(f"unknown pot mode {mode!r}: the modes are 'high', 'low' and 'hi_lo'")
    return _MODE_CODES[mode]


def _strengths(high, low, mode: str, ndims: tuple[int, ...], single: bool):
    """Checked high and low strengths, the reference shape and the name it came from."""
    code = _mode_code(mode)
    if code in (HIGH, HI_LO) and high is None:
        raise OptionError(f"pot mode {mode!r} needs the high strengths, got high=None")
    if code == LOW and high is not None:
        raise OptionError(
            "pot mode 'low' awards every pot to the best low and reads no high strengths: "
            "pass high=None, or mode='hi_lo' to split high and low"
        )
    if code in (LOW, HI_LO) and low is None:
        raise OptionError(f"pot mode {mode!r} needs the low strengths: pass low=...")
    if code == HIGH and low is not None:
        raise OptionError(
            "low strengths were given but the pot mode is 'high': pass mode='hi_lo' or "
            "mode='low' to use them"
        )
    high_arr = _UNUSED if high is None else chip_counts(high, "high", ndims)
    low_arr = _UNUSED if low is None else chip_counts(low, "low", ndims)
    name, shape = ("high", high_arr.shape) if high is not None else ("low", low_arr.shape)
    if high is not None and low is not None:
        same_shape(low_arr, "low", shape, "high", single)
    if low is not None and (low_arr < 0).any():
        at = tuple(int(k) for k in np.argwhere(low_arr < 0)[0])
        raise InvalidInputError(
            f"low strengths must be 0 (no qualifying low) or positive: {where(single, at)} has "
            f"{low_arr[at]}"
        )
    return code, high_arr, low_arr, shape, name


def _folded(folded, shape: tuple[int, ...], against: str, single: bool) -> np.ndarray:
    if folded is None:
        return _NOBODY_FOLDED
    arr = as_fold_mask(folded)
    same_shape(arr, "folded", shape, against, single)
    return fold_mask(arr.reshape(-1, shape[-1]), int(np.prod(shape[:-1])), shape[-1], single=single).ravel()


# ---------------------------------------------------------------------------------------------
# Settlement
# ---------------------------------------------------------------------------------------------
def _settle(high, stakes, low, mode, folded, single: bool) -> np.ndarray:
    ndims = (1,) if single else (2,)
    code, high_arr, low_arr, shape, name = _strengths(high, low, mode, ndims, single)
    folded_arr = _folded(folded, shape, name, single)
    stakes_arr, per_row = check_stakes(stakes, shape, name, single)
    n_players = shape[-1]
    out = np.empty(int(np.prod(shape)), dtype=np.int64)
    settle_rows(high_arr.ravel(), low_arr.ravel(), stakes_arr, folded_arr, n_players, code, per_row, out)
    return out.reshape(shape)


def settle(high, stakes, *, low=None, mode: str = "high", folded=None) -> np.ndarray:
    """Settle one showdown in integer chips: what each player gets back from the pots.

    Parameters
    ----------
    high
        Each player's high-hand strength in seat order (larger wins, equal
        splits), as from :func:`equity.evaluate_many`; None with ``mode="low"``.
    stakes
        The non-negative integer chips each player put in over the whole hand.
    low
        Each player's low strength (larger is better, 0 = no qualifying low), as
        from :func:`equity.evaluate_low_many`; needed by ``"hi_lo"`` and ``"low"``.
    mode
        ``"high"``: each pot to the best high.  ``"low"`` (El Dorado's low by
        agreement): each pot to the best low; 0 is the worst low, and when every
        contestant has 0 they all tie.  ``"hi_lo"`` (Tahoe and Omaha hi-lo): half
        of each pot to the best high, half to the best low above 0; with no low
        above 0 among the pot's contestants the best high takes all of it.
    folded
        Optional mask of players who folded: their chips stay in the pots but
        they win nothing.  At least one player must be left in.

    Returns
    -------
    numpy.ndarray
        ``int64`` chips returned to each player, their own share included; they
        sum to the sum of ``stakes`` exactly.  The net result is
        ``settle(...) - stakes``.

    Notes
    -----
    The rules, in order:

    1. **Uncalled chips.**  A stake above the second-largest stake was never
       called; the excess goes back to its owner, folded or not.
    2. **Pots** (as in Texas Hold'em).  The distinct stakes of the players left
       in the hand are the pot boundaries.  The main pot holds up to the smallest
       of them from every player; each side pot holds every player's chips
       between its boundaries.  A pot is contested by the players left in whose
       stake reaches its upper boundary.  Chips above the largest stake of a
       player left in (only possible when players who put in more all folded)
       join the top pot: they go to the players left in.
    3. **Winners.**  Each pot is settled on its own; ties split the pot (or the
       half pot in ``"hi_lo"``).
    4. **Odd chips.**  When a ``"hi_lo"`` pot is odd, the odd chip goes to the
       high half.  Within a pot or half pot, the chips left after an even split
       go one each to the tied winners in seat order, starting from seat 0 (the
       first seat to the dealer's left).

    Examples
    --------
    Three players all in for different amounts; the short stack has the best hand:

    >>> settle([3, 1, 2], [50, 100, 100]).tolist()
    [150, 0, 100]

    Hi-lo: player 0 wins the high, players 0 and 1 tie for the low (quartering):

    >>> settle([9, 5, 1], [40, 40, 40], low=[7, 7, 0], mode="hi_lo").tolist()
    [90, 30, 0]

    A three-way tie for a pot of 100 chips; the odd chip goes to seat 0:

    >>> settle([4, 4, 4, 9], [25, 25, 25, 25], folded=[False, False, False, True]).tolist()
    [34, 33, 33, 0]
    """
    return _settle(high, stakes, low, mode, folded, single=True)


def settle_many(high, stakes, *, low=None, mode: str = "high", folded=None) -> np.ndarray:
    """Settle many showdowns at once in integer chips, by the rules of :func:`settle`.

    Parameters
    ----------
    high
        High strengths, shape ``(n_deals, n_players)``; None with ``mode="low"``.
    stakes
        Integer chips put in, shape ``(n_deals, n_players)``, or ``(n_players,)``
        for the same stakes in every deal.
    low
        Low strengths (0 = no qualifying low), shape ``(n_deals, n_players)``;
        needed by ``"hi_lo"`` and ``"low"``.
    mode
        ``"high"``, ``"low"`` or ``"hi_lo"``, as in :func:`settle`.
    folded
        Optional boolean mask of shape ``(n_deals, n_players)``.

    Returns
    -------
    numpy.ndarray
        ``int64`` chips returned, shape ``(n_deals, n_players)``; each row sums to
        that deal's stakes.

    Examples
    --------
    >>> high = np.array([[5, 3], [2, 2], [1, 8]])
    >>> settle_many(high, [10, 10]).tolist()
    [[20, 0], [10, 10], [0, 20]]
    >>> settle_many(high, [[10, 10], [15, 6], [3, 30]]).tolist()
    [[20, 0], [15, 6], [0, 33]]
    """
    return _settle(high, stakes, low, mode, folded, single=False)


def pot_shares_many(high, *, low=None, mode: str = "high", folded=None) -> np.ndarray:
    """Each player's exact fraction of one pot to which every player put in the same stake.

    The equity accounting of a Monte Carlo engine: a win is 1, a three-way tie
    1/3 each, a hi-lo split 1/2 each, a quartered player 1/4; no chips, so no odd
    chip rounding.  The rules of :func:`settle` decide who wins which part.

    Parameters
    ----------
    high
        High strengths, shape ``(n_deals, n_players)``; None with ``mode="low"``.
    low
        Low strengths (0 = no qualifying low), shape ``(n_deals, n_players)``;
        needed by ``"hi_lo"`` and ``"low"``.
    mode
        ``"high"``, ``"low"`` or ``"hi_lo"``, as in :func:`settle`.
    folded
        Optional boolean mask: folded players' fraction is 0.

    Returns
    -------
    numpy.ndarray
        ``float64`` fractions, shape ``(n_deals, n_players)``; each row sums to 1.

    Examples
    --------
    >>> pot_shares_many([[7, 7, 7], [9, 1, 1]]).tolist()
    [[0.3333333333333333, 0.3333333333333333, 0.3333333333333333], [1.0, 0.0, 0.0]]
    >>> pot_shares_many([[9, 5, 1]], low=[[7, 7, 0]], mode="hi_lo").tolist()
    [[0.75, 0.25, 0.0]]
    """
    code, high_arr, low_arr, shape, name = _strengths(high, low, mode, (2,), False)
    folded_arr = _folded(folded, shape, name, False)
    out = np.empty(int(np.prod(shape)), dtype=np.float64)
    pot_share_rows(high_arr.ravel(), low_arr.ravel(), folded_arr, shape[1], code, out, _NO_SHARES)
    return out.reshape(shape)


def pot_share_parts(high, *, low=None, mode: str = "high",
                    folded=None) -> tuple[np.ndarray, np.ndarray | None]:
    """:func:`pot_shares_many`, and for a ``"hi_lo"`` pot the part of each share won with the high
    half (the whole share when no low qualifies); None for the other modes.

    Examples
    --------
    >>> shares, high = pot_share_parts([[9, 5, 1]], low=[[7, 7, 0]], mode="hi_lo")
    >>> shares.tolist(), high.tolist()
    ([[0.75, 0.25, 0.0]], [[0.5, 0.0, 0.0]])
    """
    code, high_arr, low_arr, shape, name = _strengths(high, low, mode, (2,), False)
    folded_arr = _folded(folded, shape, name, False)
    out = np.empty(int(np.prod(shape)), dtype=np.float64)
    high_part = np.empty_like(out) if code == HI_LO else _NO_SHARES
    pot_share_rows(high_arr.ravel(), low_arr.ravel(), folded_arr, shape[1], code, out, high_part)
    return out.reshape(shape), high_part.reshape(shape) if code == HI_LO else None


def _board_rule(high, low, board, mode: str, kill: np.ndarray, high_floor: int, folded):
    """One board's high strengths under a showdown qualifier (weaker hands: 0) and the rows
    whose part of the pot goes to the low alone: a kill card on the board, or (hi-lo) no high
    hand qualifying, where some low qualifies among the players still in."""
    out = None if folded is None else np.asarray(folded, dtype=bool)
    to_low = None
    if high_floor and mode != "low":
        high = np.asarray(high)
        qualifies = high >= high_floor
        high = np.where(qualifies, high, 0).astype(high.dtype)  # below the qualifier: no high hand
        if mode == "hi_lo":
            to_low = ~(qualifies if out is None else qualifies & ~out).any(axis=1)
    if kill.size:
        killed_by = np.isin(np.asarray(board), kill).any(axis=1)
        to_low = killed_by if to_low is None else to_low | killed_by
    if to_low is not None:
        # such a board goes to the best low; with no low that qualifies, it is played as usual
        live = np.asarray(low) > 0
        if out is not None:
            live &= ~out
        to_low = to_low & live.any(axis=1)
    return high, to_low


def board_pot_shares(highs, lows, boards, *, mode: str = "high", kill_cards=(), high_floor: int = 0,
                     folded=None) -> tuple[np.ndarray, np.ndarray | None]:
    """:func:`pot_share_parts` of a deal with one or more boards and perhaps kill cards.

    Each board plays for an equal part of the pot (half each on two boards), as ``mode`` says
    (hi-lo on each board in a hi-lo pot); a board holding a kill card plays its part for low
    only: the best qualifying low takes it all, and where no low qualifies it is played as it
    would have been.  A high hand weaker than ``high_floor`` (a showdown qualifier's strength)
    cannot win the high: where no hand still in qualifies, a hi-lo board goes to the best
    qualifying low and otherwise the players still in share it.  With one board, no kill card
    and no qualifier this is :func:`pot_share_parts`.

    Parameters
    ----------
    highs, lows
        Per board, the strengths ``(n_deals, n_players)`` of each seat's hand with that board
        (None where the mode needs none; the lows are needed wherever a board may be killed).
    boards
        Per board, its cards ``(n_deals, cards)`` (read only for kill cards).
    mode, folded
        As :func:`pot_share_parts`.
    kill_cards
        Card codes that kill a board's high hand.
    high_floor
        The weakest high strength that qualifies (0: every hand qualifies).

    Examples
    --------
    >>> shares, _ = board_pot_shares([[[9, 5]], [[1, 5]]], [None, None], [[[0]], [[1]]])
    >>> shares.tolist()  # seat 0 wins board 1, seat 1 board 2
    [[0.5, 0.5]]
    """
    kill = np.asarray(kill_cards, dtype=np.int64)
    total = high_total = None
    for high, low, board in zip(highs, lows, boards, strict=True):
        high, to_low = _board_rule(high, low, board, mode, kill, high_floor, folded)
        shares, high_part = pot_share_parts(high if mode != "low" else None,
                                            low=low if mode != "high" else None, mode=mode, folded=folded)
        if to_low is not None and to_low.any():
            low_only, _ = pot_share_parts(None, low=low, mode="low", folded=folded)
            shares = np.where(to_low[:, None], low_only, shares)
            if high_part is not None:
                high_part = np.where(to_low[:, None], 0.0, high_part)
        total = shares if total is None else total + shares
        if high_part is not None:
            high_total = high_part if high_total is None else high_total + high_part
    n = len(highs)
    return total / n, None if high_total is None else high_total / n


def settle_boards(highs, lows, boards, stakes, *, mode: str = "high", kill_cards=(), high_floor: int = 0,
                  folded=None) -> np.ndarray:
    """Settle many showdowns in integer chips, by the rules of :func:`settle`, on one or more
    boards with kill cards and a showdown qualifier (as :func:`board_pot_shares` reads them).

    Each player's stake is split between the boards, the odd chip to board 1 (with two boards,
    a stake of 25 puts 13 in board 1's pots and 12 in board 2's), and each board's part is
    settled on its own by :func:`settle_many`: for low alone where a kill card or the
    qualifier hands it to the low.

    Parameters
    ----------
    highs, lows, boards, mode, kill_cards, high_floor, folded
        As :func:`board_pot_shares`.
    stakes
        Integer chips put in, shape ``(n_deals, n_players)`` or ``(n_players,)``.

    Returns
    -------
    numpy.ndarray
        ``int64`` chips returned, shape ``(n_deals, n_players)``; each row sums to its stakes.

    Examples
    --------
    >>> settle_boards([[[9, 5]], [[1, 5]]], [None, None], [[[0]], [[1]]], [25, 25]).tolist()
    [[26, 24]]
    """
    kill = np.asarray(kill_cards, dtype=np.int64)
    n_boards = len(highs)
    first = np.asarray(highs[0] if highs[0] is not None else lows[0])
    stake_rows = np.broadcast_to(np.asarray(stakes, dtype=np.int64), first.shape)
    total = np.zeros(first.shape, dtype=np.int64)
    for b, (high, low, board) in enumerate(zip(highs, lows, boards, strict=True)):
        part = (stake_rows + (n_boards - 1 - b)) // n_boards  # the odd chips to the first boards
        high, to_low = _board_rule(high, low, board, mode, kill, high_floor, folded)
        chips = settle_many(high if mode != "low" else None, part, low=low if mode != "high" else None,
                            mode=mode, folded=folded)
        if to_low is not None and to_low.any():
            rows = np.flatnonzero(to_low)
            chips[rows] = settle_many(None, part[rows], low=np.asarray(low)[rows], mode="low",
                                      folded=None if folded is None else np.asarray(folded)[rows])
        total += chips
    return total
