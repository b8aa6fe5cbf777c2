"""Slow, obvious reference evaluator for custom games, written from the rules as stated.

Like ``reference.py`` this imports nothing from the toolkit.  A game's rules are
a plain :class:`Rules` value; every hand is found by brute force over the card
subsets the hole-card rule allows (``itertools.combinations``), every category
by counting ranks (``collections.Counter``), and every wild card by trying each
card of the deck it could stand for.

Cards are ``int`` codes ``4 * rank + suit`` (rank 0..12 = 2..A, suit 0..3 = c d h s).
A high *key* is ``(position, tiebreak)`` with ``position`` the category's place in
the game's ranking counted from the bottom; larger keys win.  A low key is larger
for a better low; ``None`` means no qualifying low.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

ACE = 12
#: The standard order, highest first.
STANDARD = (
    "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
    "three_of_a_kind", "two_pair", "one_pair", "high_card",
)

_FIVE = {
    (5,): "five_of_a_kind", (4, 1): "four_of_a_kind", (3, 2): "full_house",
    (3, 1, 1): "three_of_a_kind", (2, 2, 1): "two_pair", (2, 1, 1, 1): "one_pair",
    (1, 1, 1, 1, 1): "high_card",
}
_SIX = {
    (4, 2): "house_party", (4, 1, 1): "four_of_a_kind", (3, 3): "double_happy",
    (3, 2, 1): "full_house", (3, 1, 1, 1): "three_of_a_kind", (2, 2, 2): "three_pair",
    (2, 2, 1, 1): "two_pair", (2, 1, 1, 1, 1): "one_pair", (1, 1, 1, 1, 1, 1): "high_card",
}


@dataclass(frozen=True)
class Rules:
    """One game's rules, as the reference reads them."""

    ranks: tuple[int, ...] = tuple(range(13))  # rank indexes in the deck
    suits: tuple[int, ...] = (0, 1, 2, 3)
    hand_size: int = 5
    hole_min: int = 0
    hole_max: int = 99  # more than any hand holds: "any number"
    ranking: tuple[str, ...] = STANDARD  # highest first
    ace_low: bool = True  # the ace also plays just below the deck's lowest rank
    wild: int | None = None  # a rank every card of which is wild
    wild_cards: tuple[int, ...] = ()  # single wild cards: jokers (52, 53), one-eyed jacks, ...
    bug: bool = False  # the wild cards are the bug: an ace, or a card completing a straight or flush
    natural_first: bool = False  # of equal hands, one with no wild card beats one with wild cards
    low: str | None = None  # "ace_to_five", "deuce_to_seven" or "ace_to_six"
    low_qualifier: int | None = None  # highest rank a qualifying low may hold

    @property
    def deck(self) -> tuple[int, ...]:
        return tuple(4 * r + s for r in self.ranks for s in self.suits)


def hands(rules: Rules, hole: Sequence[int], board: Sequence[int],
          size: int | None = None) -> Iterator[tuple[int, tuple[int, ...]]]:
    """Every ``(hole cards used, cards)`` hand of ``size`` cards the hole-card rule allows."""
    size = rules.hand_size if size is None else size
    for j in range(rules.hole_min, min(rules.hole_max, len(hole), size) + 1):
        if size - j > len(board):
            continue
        for h in combinations(hole, j):
            for b in combinations(board, size - j):
                yield j, h + b


def straight_top(ranks: Sequence[int], rules: Rules, ace_low: bool | None = None) -> int | None:
    """Top rank of the straight these ranks make in this deck, else None.

    A straight is as many cards as the hand holds, on consecutive ranks of the
    deck (ranks left out of the deck are skipped); the ace may also sit just
    below the deck's lowest rank.  Nothing wraps round the ace.
    """
    ace_low = rules.ace_low if ace_low is None else ace_low
    if len(set(ranks)) != len(ranks):
        return None
    order = sorted(rules.ranks)
    place = {r: i for i, r in enumerate(order)}
    spots = sorted(place[r] for r in ranks)
    if spots[-1] - spots[0] == len(ranks) - 1:
        return order[spots[-1]]
    if ace_low and ACE in ranks:
        low_spots = sorted(-1 if r == ACE else place[r] for r in ranks)
        if low_spots[-1] - low_spots[0] == len(ranks) - 1:
            return order[low_spots[-1]]
    return None


def classify(cards: Sequence[int], rules: Rules, ace_low: bool | None = None
             ) -> tuple[str, tuple[int, ...]]:
    """Category and tiebreak of one exact hand with no wild card."""
    return classify_ranks([c >> 2 for c in cards], [c & 3 for c in cards], rules, ace_low)


def classify_ranks(ranks: Sequence[int], suits: Sequence[int], rules: Rules, ace_low: bool | None = None
                   ) -> tuple[str, tuple[int, ...]]:
    """:func:`classify` of a hand given as ranks and suits (a suit past 3 matches no other)."""
    suited = len(set(suits)) == 1
    top = straight_top(ranks, rules, ace_low)
    if top is not None and suited:
        return "straight_flush", (top,)
    if suited:
        return "flush", tuple(sorted(ranks, reverse=True))
    if top is not None:
        return "straight", (top,)
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    pattern = tuple(n for _, n in groups)
    names = _FIVE if len(ranks) == 5 else _SIX
    return names[pattern], tuple(r for r, _ in groups)


def is_wild(card: int, rules: Rules) -> bool:
    return card >> 2 == rules.wild or card in rules.wild_cards


def key_of(cards: Sequence[int], rules: Rules) -> tuple:
    """Key of one exact hand, wild cards included (with ``natural_first``, whether it holds no
    wild card last)."""
    naturals = tuple(sorted(int(c) for c in cards if not is_wild(c, rules)))
    n_wild = len(cards) - len(naturals)
    if not n_wild:
        name, tiebreak = classify(cards, rules)
        key = (len(rules.ranking) - 1 - rules.ranking.index(name), tiebreak)
    elif rules.bug:
        key = _bug_key(naturals, n_wild, rules)
    else:  # Python ints in the cached call: numpy ints would come back in the keys of later calls
        key = _wild_key(naturals, n_wild, rules)
    return (*key, n_wild == 0) if rules.natural_first else key


@functools.cache
def _bug_key(naturals: tuple[int, ...], n_bug: int, rules: Rules) -> tuple[int, tuple[int, ...]]:
    """The bug: each stands for an ace (any ace, a fifth one too, with no suit of its own) or
    for a card of the deck not in the hand, the latter only where the hand is then a straight,
    a flush or a straight flush."""
    best = None
    pool = [c for c in rules.deck if c not in naturals]
    for as_aces in range(n_bug + 1):
        for stand_ins in combinations(pool, n_bug - as_aces):
            ranks = [c >> 2 for c in naturals + stand_ins] + [ACE] * as_aces
            suits = [c & 3 for c in naturals + stand_ins] + [4 + k for k in range(as_aces)]
            name, tiebreak = classify_ranks(ranks, suits, rules)
            if stand_ins and name not in ("straight", "flush", "straight_flush"):
                continue
            key = (len(rules.ranking) - 1 - rules.ranking.index(name), tiebreak)
            if best is None or key > best:
                best = key
    assert best is not None
    return best


@functools.cache
def _wild_key(naturals: tuple[int, ...], n_wild: int, rules: Rules) -> tuple[int, tuple[int, ...]]:
    """Each wild card stands for any card of the deck not already in the hand (it may stand
    for itself); two wild cards stand for different cards; five of a kind is the one
    hand a wild card may make by repeating a card's rank beyond the deck."""
    best = None
    if len({c >> 2 for c in naturals}) <= 1 and "five_of_a_kind" in rules.ranking:
        rank = naturals[0] >> 2 if naturals else max(rules.ranks)
        best = (len(rules.ranking) - 1 - rules.ranking.index("five_of_a_kind"), (rank,))
    pool = [c for c in rules.deck if c not in naturals]
    for stand_ins in combinations(pool, n_wild):
        name, tiebreak = classify(naturals + stand_ins, rules)
        key = (len(rules.ranking) - 1 - rules.ranking.index(name), tiebreak)
        if best is None or key > best:
            best = key
    assert best is not None
    return best


def best_high(rules: Rules, hole: Sequence[int], board: Sequence[int] = ()) -> tuple:
    """Key of the best high hand."""
    return max(key_of(cards, rules) for _, cards in hands(rules, tuple(hole), tuple(board)))


def hole_cards_used(rules: Rules, hole: Sequence[int], board: Sequence[int] = ()) -> int:
    """The fewest hole cards with which the best high hand's key is reached."""
    best = best_high(rules, hole, board)
    return min(j for j, cards in hands(rules, tuple(hole), tuple(board)) if key_of(cards, rules) == best)


def category(rules: Rules, key: tuple) -> str:
    return rules.ranking[len(rules.ranking) - 1 - key[0]]


# ---------------------------------------------------------------------------------------
# Lows


def ace_to_five(cards: Sequence[int], qualifier: int | None) -> tuple | None:
    """Ace-to-five low key of five cards (no wild): the ace is low, straights and flushes
    do not count, pairs do.  With a qualifier: five different ranks, none above it."""
    values = [1 if c >> 2 == ACE else (c >> 2) + 2 for c in cards]
    if qualifier is not None:
        limit = 1 if qualifier == ACE else qualifier + 2
        if len(set(values)) != 5 or max(values) > limit:
            return None
    groups = sorted(Counter(values).items(), key=lambda vc: (vc[1], vc[0]), reverse=True)
    badness = (tuple(n for _, n in groups), tuple(v for v, _ in groups))
    return tuple(-n for n in badness[0]), tuple(-v for v in badness[1])


def deuce_to_seven(cards: Sequence[int], rules: Rules) -> tuple | None:
    """Deuce-to-seven low key of five cards: the worst standard high hand, the ace high
    only, straights and flushes counting against.  With a qualifier: no pair, straight
    or flush, and no card above it."""
    name, tiebreak = classify(cards, rules, ace_low=False)
    if rules.low_qualifier is not None and (name != "high_card" or tiebreak[0] > rules.low_qualifier):
        return None
    position = len(STANDARD) - 1 - STANDARD.index(name)
    return -position, tuple(-r for r in tiebreak)


def ace_to_six(cards: Sequence[int], qualifier: int | None) -> tuple | None:
    """Ace-to-six low key of five cards: the worst high hand with the ace counted as a one
    (A-2-3-4-5 is a straight, K-A is not), straights and flushes counting against.  With a
    qualifier: no pair, straight or flush, and no card above it."""
    values = [1 if c >> 2 == ACE else (c >> 2) + 2 for c in cards]
    counts = Counter(values)
    flush = len({c & 3 for c in cards}) == 1
    distinct = sorted(counts)
    straight = len(distinct) == 5 and distinct[-1] - distinct[0] == 4
    shape = tuple(sorted(counts.values(), reverse=True))
    if shape == (1, 1, 1, 1, 1):
        name = ("straight_flush" if straight and flush else "flush" if flush
                else "straight" if straight else "high_card")
    else:
        name = _FIVE[shape]
    if qualifier is not None:
        limit = 1 if qualifier == ACE else qualifier + 2
        if name != "high_card" or max(values) > limit:
            return None
    order = sorted(values, key=lambda v: (counts[v], v), reverse=True)
    position = len(STANDARD) - 1 - STANDARD.index(name)
    return -position, tuple(-v for v in order)


def best_low(rules: Rules, hole: Sequence[int], board: Sequence[int] = ()) -> tuple | None:
    """Best low key of the game's kind over the five-card hands the rule allows, or None."""
    best = None
    for _, cards in hands(rules, tuple(hole), tuple(board), 5):
        if rules.low == "ace_to_five":
            key = ace_to_five(cards, rules.low_qualifier)
        elif rules.low == "ace_to_six":
            key = ace_to_six(cards, rules.low_qualifier)
        else:
            key = deuce_to_seven(cards, rules)
        if key is not None and (best is None or key > best):
            best = key
    return best
