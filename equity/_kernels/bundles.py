"""The named bundles of arrays the kernels take: each says what its fields are, once.

A kernel takes a few of these instead of dozens of positional arrays whose order
only a comment explains.  They are plain ``NamedTuple`` types: Numba passes them
by value (a tuple of the arrays and numbers), compiles one specialisation per
combination of field types, and caches them on disk like any argument.  Kernels
unpack them into locals at the top, so the loops read the same arrays as before.
"""

from typing import NamedTuple

import numpy as np


class HandTables(NamedTuple):
    """How a seat's best hand is valued: the hand rule and the tables (``equity.tables``).

    A hand is the best of the whole board with any one choice of hole cards (``hole_sets``,
    padded rows of seat positions, ``hole_set_len`` long), or, when ``exact_need > 0``, exactly
    one such choice with ``exact_need`` board cards (the exact-rule tables ``hole_index`` and
    ``exact_classes``).  ``low_rule`` is the low of a hi-lo pot: 0 none, 1 through the
    exact-rule low tables (Omaha), 2 over the hole choices (Tahoe).
    """

    hole_sets: np.ndarray
    hole_set_len: np.ndarray
    exact_need: int
    hole_index: np.ndarray
    exact_classes: np.ndarray
    card_bits: np.ndarray
    suit_bits: np.ndarray
    disp: np.ndarray
    params: np.ndarray
    rank_classes: np.ndarray
    flush_classes: np.ndarray
    flush_bias: np.uint64
    low_rule: int
    low_classes: np.ndarray
    exact_low_classes: np.ndarray
    seven_words: np.ndarray
    seven_offsets: np.ndarray
    seven_classes: np.ndarray
    seven_low_classes: np.ndarray


class HandGroups(NamedTuple):
    """The hand rule as kernel input: subsets of hole cards (``hole_sets``, padded rows of
    positions, ``hole_set_len`` long) and of board cards, and the pairs of one of each that a
    hand may be drawn from (``pairs[j] = (hole subset, board subset)``, ``pair_holes[j]`` the
    hole cards of pair ``j``)."""

    hole_sets: np.ndarray
    hole_set_len: np.ndarray
    board_sets: np.ndarray
    board_set_len: np.ndarray
    pairs: np.ndarray
    pair_holes: np.ndarray


class ClassTables(NamedTuple):
    """The tables that value a multiset of cards (a hand of all its cards): card words and suit
    bits, the perfect hash (``disp``, ``params``), the rank and flush classes and the flush bias
    (one entry, or one per number of wild cards where the kernel takes wild cards)."""

    card_bits: np.ndarray
    suit_bits: np.ndarray
    disp: np.ndarray
    params: np.ndarray
    rank_classes: np.ndarray
    flush_classes: np.ndarray
    flush_bias: np.ndarray


class SevenTables(NamedTuple):
    """The seven-card tables: a hand of five or seven cards valued by its summed card words
    (``seven_words``), its row (``seven_offsets``) and class (``seven_classes``), its flush
    through ``suit_bits`` and ``flush_classes``."""

    seven_words: np.ndarray
    suit_bits: np.ndarray
    seven_offsets: np.ndarray
    seven_classes: np.ndarray
    flush_classes: np.ndarray
    flush_bias: np.uint64


class SeatCards(NamedTuple):
    """The seats of a calculation (:mod:`equity._kernels.calc`): each seat's kind (``FIXED``,
    ``RANGE``, ``RANDOM``), the fixed seats' hole cards (``fixed_hole``, every seat's slots),
    and the range seats' flat table (``range_start``, ``combos``, ``cumulative``,
    ``combo_masks``)."""

    kinds: np.ndarray
    fixed_hole: np.ndarray
    range_start: np.ndarray
    combos: np.ndarray
    cumulative: np.ndarray
    combo_masks: np.ndarray


class DrawValues(NamedTuple):
    """The showdown values the ``switch_aware`` draw policies read (``equity.strategy.showdown``).

    For a seat facing ``k`` active opponents, row ``row_of[k]`` of ``sums`` (-1: no row) holds,
    for every set of 0 to 5 cards, the sum over the final five-card hands that hold the set of
    each hand's estimated showdown share: the set of size ``j`` and colexicographic index ``i``
    (of its cards' deck positions, ``position[code]``) is at ``offsets[j] + i``.  ``binom`` is
    ``C(n, j)`` for ``n`` up to the deck size and ``j`` up to 5.  With no seat on such a policy
    the arrays are empty.
    """

    sums: np.ndarray
    row_of: np.ndarray
    position: np.ndarray
    binom: np.ndarray
    offsets: np.ndarray


class SwitchRules(NamedTuple):
    """A Switch or draw game's phases and options: switches before the draw, whether there is
    a draw, switches after it; the draw policy code per seat and the draw limits; the direction;
    the showdown values of the ``switch_aware`` policies (a :class:`DrawValues`)."""

    n_switches_before: int
    draw: bool
    n_switches_after: int
    policies: np.ndarray
    limit: int
    limit_with_ace: int
    reverse: bool
    values: DrawValues


class SwitchRecords(NamedTuple):
    """What :func:`equity._kernels.switch.play_switch_chunk` writes, flat and deal-major: the
    final hands, per switch the card each seat gave and received, the draw's cards drawn and
    discarded, and the reshuffles of the discards into the stub."""

    hands: np.ndarray
    gave: np.ndarray
    received: np.ndarray
    drawn: np.ndarray
    discarded: np.ndarray
    reshuffles: np.ndarray


class SwitchTrace(NamedTuple):
    """With ``on``, the hands, stub and discard pile after the deal and after every phase."""

    on: bool
    hands: np.ndarray
    stub: np.ndarray
    pile: np.ndarray


class ExchangeRecords(NamedTuple):
    """What the El Dorado exchange writes per deal: the wild rank, the cards each seat gave and
    took, and the seat whose swap made the wild rank."""

    wild: np.ndarray
    gave: np.ndarray
    took: np.ndarray
    setter: np.ndarray


class Streets(NamedTuple):
    """The streets of a game with a board: cards dealt face up and burnt before each."""

    cards: np.ndarray
    burns: np.ndarray
