"""Hand categories, the strength encoding, and the clear (slow) value of one exact hand.

A strength is an unsigned integer where larger always wins within one game::

    strength = position << 24 | tiebreak ranks, four bits each, most significant first

``position`` is the category's place in the game's ranking counted from the
bottom (high card = 0), so ``strength >> 24`` gives it.  The tiebreak lists the
ranks of the hand's groups, larger groups first and higher ranks first within a
size (a full house: trips, then pair; Egyptian three pair: the pairs from the
highest down); a straight stores only its top card.

Low hands (ace-to-five) are stored inverted so that a better low is larger;
``0`` means "no qualifying low".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import StrEnum

from equity.cards import RANK_NAMES, RANK_PLURALS, RANKS

__all__ = [
    "Category",
    "CATEGORY_SHIFT",
    "STANDARD_RANKING",
    "pattern_category",
    "exact_hand_value",
    "exact_low_value",
    "strength_position",
    "LOW_PATTERNS",
    "NO_LOW",
]

CATEGORY_SHIFT = 24
NO_LOW = 0


class Category(StrEnum):
    """Every hand category the toolkit knows (a royal flush is a straight flush)."""

    FIVE_OF_A_KIND = "five_of_a_kind"
    STRAIGHT_FLUSH = "straight_flush"
    HOUSE_PARTY = "house_party"
    FOUR_OF_A_KIND = "four_of_a_kind"
    DOUBLE_HAPPY = "double_happy"
    FULL_HOUSE = "full_house"
    FLUSH = "flush"
    STRAIGHT = "straight"
    THREE_OF_A_KIND = "three_of_a_kind"
    THREE_PAIR = "three_pair"
    TWO_PAIR = "two_pair"
    ONE_PAIR = "one_pair"
    HIGH_CARD = "high_card"


C = Category
#: The standard five-card order, highest first.
STANDARD_RANKING: tuple[Category, ...] = (
    C.STRAIGHT_FLUSH, C.FOUR_OF_A_KIND, C.FULL_HOUSE, C.FLUSH, C.STRAIGHT,
    C.THREE_OF_A_KIND, C.TWO_PAIR, C.ONE_PAIR, C.HIGH_CARD,
)

#: Which category a group pattern (group sizes, largest first) makes, by hand size.
_PATTERNS: dict[int, dict[tuple[int, ...], Category]] = {
    5: {
        (5,): C.FIVE_OF_A_KIND,
        (4, 1): C.FOUR_OF_A_KIND,
        (3, 2): C.FULL_HOUSE,
        (3, 1, 1): C.THREE_OF_A_KIND,
        (2, 2, 1): C.TWO_PAIR,
        (2, 1, 1, 1): C.ONE_PAIR,
        (1, 1, 1, 1, 1): C.HIGH_CARD,
    },
    6: {
        (4, 2): C.HOUSE_PARTY,
        (4, 1, 1): C.FOUR_OF_A_KIND,
        (3, 3): C.DOUBLE_HAPPY,
        (3, 2, 1): C.FULL_HOUSE,
        (3, 1, 1, 1): C.THREE_OF_A_KIND,
        (2, 2, 2): C.THREE_PAIR,
        (2, 2, 1, 1): C.TWO_PAIR,
        (2, 1, 1, 1, 1): C.ONE_PAIR,
        (1, 1, 1, 1, 1, 1): C.HIGH_CARD,
    },
}

#: Categories that a hand of each size can be, whatever the ranking.
POSSIBLE_CATEGORIES: dict[int, frozenset[Category]] = {
    size: frozenset(patterns.values()) | {C.STRAIGHT, C.FLUSH, C.STRAIGHT_FLUSH}
    for size, patterns in _PATTERNS.items()
}

#: Ace-to-five low patterns, best first (a pair counts against a low).
LOW_PATTERNS: tuple[tuple[int, ...], ...] = (
    (1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1), (5,),
)


def pattern_category(group_sizes: Sequence[int], hand_size: int) -> Category:
    """Return the category of a hand whose rank groups have these sizes (no straight or flush)."""
    return _PATTERNS[hand_size][tuple(sorted(group_sizes, reverse=True))]


def _groups(ranks: Sequence[int]) -> list[tuple[int, int]]:
    """(count, rank) pairs, larger groups first, higher ranks first within a size."""
    return sorted(((n, r) for r, n in Counter(ranks).items()), reverse=True)


def _pack(position: int, ordered_ranks: Sequence[int]) -> int:
    value = position << CATEGORY_SHIFT
    shift = CATEGORY_SHIFT
    for rank in ordered_ranks:
        shift -= 4
        value |= rank << shift
    return value


def straight_top(ranks: Sequence[int], straights: Sequence[tuple[int, ...]]) -> int | None:
    """The top rank of the straight these ranks form, or None (``straights`` as in a game)."""
    rank_set = frozenset(ranks)
    if len(rank_set) != len(ranks):
        return None
    for window in straights:
        if rank_set == frozenset(window):
            return window[-1]
    return None


def exact_hand_value(
    ranks: Sequence[int],
    suited: bool,
    ranking: Sequence[Category],
    straights: Sequence[tuple[int, ...]],
) -> int:
    """Strength of exactly one hand of ``len(ranks)`` cards (5 or 6).

    ``suited`` says whether all the cards share a suit; ``ranking`` is the game's
    order, highest first; ``straights`` the rank windows that are straights, each
    listed from its bottom card to its top card.
    """
    size = len(ranks)
    top = straight_top(ranks, straights)
    groups = _groups(ranks)
    if top is not None and suited:
        category, tiebreak = C.STRAIGHT_FLUSH, [top]
    elif suited and len(groups) == size:
        category, tiebreak = C.FLUSH, sorted(ranks, reverse=True)
    elif top is not None:
        category, tiebreak = C.STRAIGHT, [top]
    else:
        category = pattern_category([n for n, _ in groups], size)
        tiebreak = [r for _, r in groups]
    position = len(ranking) - 1 - list(ranking).index(category)
    return _pack(position, tiebreak)


def _low_order(rank: int) -> int:
    """Ace-to-five order: ace 0, deuce 1, ... king 12."""
    return 0 if rank == 12 else rank + 1


def exact_low_value(ranks: Sequence[int], qualifier: int | None) -> int:
    """Ace-to-five low strength of exactly five cards (larger is better; 0: does not qualify).

    ``qualifier`` is the highest rank index allowed (6 for eight-or-better), or
    None for no qualifier.  Straights and flushes do not count; pairs do.
    """
    lows = [_low_order(r) for r in ranks]
    groups = sorted(((n, r) for r, n in Counter(lows).items()), reverse=True)
    pattern = tuple(n for n, _ in groups)
    if qualifier is not None:
        if pattern != (1, 1, 1, 1, 1) or max(lows) > _low_order(qualifier):
            return NO_LOW
    worse = _pack(LOW_PATTERNS.index(pattern), [r for _, r in groups])
    return (len(LOW_PATTERNS) << CATEGORY_SHIFT) - worse


def strength_position(strength: int) -> int:
    """The category position (0 = the game's lowest category) of a strength."""
    return int(strength) >> CATEGORY_SHIFT


def describe_high(category: Category, tiebreak: Sequence[int]) -> str:
    """Human description of a high hand, e.g. ``"four of a kind, fours"``."""
    p, n = RANK_PLURALS, RANK_NAMES
    r = list(tiebreak)
    match category:
        case C.FIVE_OF_A_KIND:
            return f"five of a kind, {p[r[0]]}"
        case C.STRAIGHT_FLUSH:
            if r[0] == 12:
                return "royal flush"
            return f"{n[r[0]]}-high straight flush"
        case C.HOUSE_PARTY:
            return f"House Party, {p[r[0]]} over {p[r[1]]}"
        case C.FOUR_OF_A_KIND:
            return f"four of a kind, {p[r[0]]}"
        case C.DOUBLE_HAPPY:
            return f"Double Happy, {p[r[0]]} and {p[r[1]]}"
        case C.FULL_HOUSE:
            return f"full house, {p[r[0]]} full of {p[r[1]]}"
        case C.FLUSH:
            return f"{n[r[0]]}-high flush"
        case C.STRAIGHT:
            return f"{n[r[0]]}-high straight"
        case C.THREE_OF_A_KIND:
            return f"three of a kind, {p[r[0]]}"
        case C.THREE_PAIR:
            return f"three pair, {p[r[0]]}, {p[r[1]]} and {p[r[2]]}"
        case C.TWO_PAIR:
            return f"two pair, {p[r[0]]} and {p[r[1]]}"
        case C.ONE_PAIR:
            return f"one pair, {p[r[0]]}"
        case _:
            return f"{n[r[0]]}-high"


def describe_low(ranks_high_first: Sequence[int]) -> str:
    """Human description of an ace-to-five low, e.g. ``"7-5-4-3-A low"``."""
    text = "-".join(RANKS[r] for r in ranks_high_first)
    return f"{text} low"
