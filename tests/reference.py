"""Slow, obvious reference evaluators written from the rule documents and RULINGS.md.

Nothing here imports the toolkit: this file is the oracle the fast evaluator in
``equity/`` is compared against.  Everything is brute force over card subsets
(``itertools.combinations``) and rank counts (``collections.Counter``).

A card is an ``int`` code ``4 * rank + suit`` (rank 0..12 = 2..A, suit 0..3 = c d h s).
A hand *key* is a tuple ``(position, tiebreak)``: ``position`` is the category's
place in the game's ranking counted from the bottom (high card = 0) and
``tiebreak`` a tuple of ranks compared left to right.  Larger keys win.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations, combinations_with_replacement

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
ACE = 12
DECK52 = tuple(range(52))
SPANISH_DECK = tuple(range(4 * 6, 52))  # eights (rank 6) to aces

Key = tuple[int, tuple[int, ...]]

# ---------------------------------------------------------------------------------------
# Cards


_SYMBOLS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
_CARD_RE = re.compile(r"(10|[2-9TJQKA])([CDHS])")


def parse(text: str | Iterable[int]) -> list[int]:
    """Parse ``"AhKd"``, ``"J♥10♣5♥"``, ``"Ah, Kd"`` (or pass codes through)."""
    if not isinstance(text, str):
        return [int(c) for c in text]
    clean = "".join(_SYMBOLS.get(ch, ch) for ch in text)
    clean = re.sub(r"[\s,\ufe0f\ufe0e]", "", clean).upper()
    cards = []
    pos = 0
    while pos < len(clean):
        m = _CARD_RE.match(clean, pos)
        if m is None:
            raise ValueError(f"cannot parse {text!r} at {clean[pos:]!r}")
        r = "T" if m.group(1) == "10" else m.group(1)
        cards.append(4 * RANK_CHARS.index(r) + SUIT_CHARS.index(m.group(2).lower()))
        pos = m.end()
    return cards


def rank_of(card: int) -> int:
    return card >> 2


def suit_of(card: int) -> int:
    return card & 3


def show(cards: Iterable[int]) -> str:
    """Cards as text, e.g. ``"AhKd"``."""
    return "".join(RANK_CHARS[c >> 2] + SUIT_CHARS[c & 3] for c in cards)


# ---------------------------------------------------------------------------------------
# Rankings, lowest category first (so a category's index is its position from the bottom)

STANDARD = (
    "high_card", "one_pair", "two_pair", "three_of_a_kind", "straight", "flush",
    "full_house", "four_of_a_kind", "straight_flush",
)
ELDORADO = (*STANDARD, "five_of_a_kind")
# Spanish: flush beats full house; otherwise standard.
SPANISH = (
    "high_card", "one_pair", "two_pair", "three_of_a_kind", "straight", "full_house",
    "flush", "four_of_a_kind", "straight_flush",
)
# Egyptian six-card hands, from the table in document 003 plus high card at the bottom.
EGYPTIAN = (
    "high_card", "one_pair", "two_pair", "three_pair", "three_of_a_kind", "straight",
    "flush", "full_house", "double_happy", "four_of_a_kind", "house_party", "straight_flush",
)

# Group patterns (counts, largest first) of hands that are neither straights nor flushes.
_PATTERN5 = {
    (5,): "five_of_a_kind",
    (4, 1): "four_of_a_kind",
    (3, 2): "full_house",
    (3, 1, 1): "three_of_a_kind",
    (2, 2, 1): "two_pair",
    (2, 1, 1, 1): "one_pair",
    (1, 1, 1, 1, 1): "high_card",
}
_PATTERN6 = {
    (4, 2): "house_party",
    (4, 1, 1): "four_of_a_kind",
    (3, 3): "double_happy",
    (3, 2, 1): "full_house",
    (3, 1, 1, 1): "three_of_a_kind",
    (2, 2, 2): "three_pair",
    (2, 2, 1, 1): "two_pair",
    (2, 1, 1, 1, 1): "one_pair",
    (1, 1, 1, 1, 1, 1): "high_card",
}


def _groups(ranks: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(pattern, tiebreak): group sizes largest first, and the group ranks in that order.

    Larger groups come first and higher ranks first within a size, which is the
    usual "most significant group first, then the rest from highest down".
    """
    ordered = sorted(Counter(ranks).items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    return tuple(n for _, n in ordered), tuple(r for r, _ in ordered)


def _straight_top(ranks: Sequence[int], low_ace_below: int) -> int | None:
    """Top rank of a straight made by ``ranks`` (all different, consecutive), else None.

    The ace also plays low, just below rank ``low_ace_below`` (0 = deuce for the
    standard wheel A-2-3-4-5, 6 = eight for the Spanish A-8-9-T-J).
    """
    distinct = set(ranks)
    if len(distinct) != len(ranks):
        return None
    if max(distinct) - min(distinct) == len(ranks) - 1:
        return max(distinct)
    low = set(range(low_ace_below, low_ace_below + len(ranks) - 1)) | {ACE}
    if distinct == low:
        return low_ace_below + len(ranks) - 2
    return None


def classify(cards: Sequence[int], ranking: str = "standard") -> tuple[str, tuple[int, ...]]:
    """Category name and tiebreak of one exact hand (5 cards, or 6 for ``"egyptian"``)."""
    return classify_ranks([rank_of(c) for c in cards], len({suit_of(c) for c in cards}) == 1,
                          ranking)


def classify_ranks(ranks: Sequence[int], flush: bool,
                   ranking: str = "standard") -> tuple[str, tuple[int, ...]]:
    """Category and tiebreak from the ranks and whether all cards share one suit."""
    if ranking == "egyptian":
        assert len(ranks) == 6, ranks
        patterns = _PATTERN6
        low_ace_below = 0
    else:
        assert len(ranks) == 5, ranks
        patterns = _PATTERN5
        low_ace_below = 6 if ranking == "spanish" else 0
    top = _straight_top(ranks, low_ace_below)
    if top is not None and flush:
        return "straight_flush", (top,)
    if flush:
        return "flush", tuple(sorted(ranks, reverse=True))
    if top is not None:
        return "straight", (top,)
    pattern, tiebreak = _groups(ranks)
    return patterns[pattern], tiebreak


RANKINGS = {
    "standard": STANDARD,
    "eldorado": ELDORADO,
    "spanish": SPANISH,
    "egyptian": EGYPTIAN,
}


def key_of(cards: Sequence[int], ranking: str = "standard") -> Key:
    """Comparable key of one exact hand under a ranking."""
    name, tiebreak = classify(cards, ranking)
    return RANKINGS[ranking].index(name), tiebreak


def key_of_ranks(ranks: Sequence[int], flush: bool, ranking: str = "standard") -> Key:
    """Comparable key from the ranks and whether all cards share one suit."""
    name, tiebreak = classify_ranks(ranks, flush, ranking)
    return RANKINGS[ranking].index(name), tiebreak


# ---------------------------------------------------------------------------------------
# Games: which cards a hand may use

# game: (ranking, hand size, fewest hole cards used, most hole cards used or None = all)
GAMES: dict[str, tuple[str, int, int, int | None]] = {
    "holdem": ("standard", 5, 0, None),
    "omaha": ("standard", 5, 2, 2),
    "tahoe": ("standard", 5, 0, 2),
    "spanish": ("spanish", 5, 2, 2),
    "egyptian": ("egyptian", 6, 0, None),
    "eldorado": ("eldorado", 5, 0, None),
    "draw": ("standard", 5, 0, None),
    "draw7": ("standard", 5, 0, None),
}


def category_name(game: str, key: Key) -> str:
    return RANKINGS[GAMES[game][0]][key[0]]


def candidate_hands(game: str, hole: Sequence[int],
                    board: Sequence[int]) -> Iterator[tuple[int, tuple[int, ...]]]:
    """Every allowed hand as ``(hole cards used, cards)`` under the game's hole-card rule."""
    _, size, lo, hi = GAMES[game]
    hi = len(hole) if hi is None else hi
    for j in range(lo, hi + 1):
        if j > len(hole) or size - j > len(board) or size - j < 0:
            continue
        for h in combinations(hole, j):
            for b in combinations(board, size - j):
                yield j, h + b


def best_high(game: str, hole: Sequence[int], board: Sequence[int] = (),
              wild: int | None = None) -> Key:
    """Key of the best high hand."""
    return best_high_and_usage(game, hole, board, wild)[0]


def best_high_and_usage(game: str, hole: Sequence[int], board: Sequence[int] = (),
                        wild: int | None = None) -> tuple[Key, int]:
    """(best key, smallest number of hole cards with which that key can be made)."""
    ranking = GAMES[game][0]
    if wild is not None and game != "eldorado":
        raise ValueError("only eldorado has wild cards")
    best: Key | None = None
    used = 99
    for j, cards in candidate_hands(game, tuple(hole), tuple(board)):
        if wild is None:
            k = key_of(cards, ranking)
        else:
            k = eldorado_best5(cards, wild)
        if best is None or k > best or (k == best and j < used):
            best, used = k, j
    if best is None:
        raise ValueError(f"{game}: no hand from {len(hole)} hole and {len(board)} board cards")
    return best, used


def hole_cards_used(game: str, hole: Sequence[int], board: Sequence[int]) -> int:
    return best_high_and_usage(game, hole, board)[1]


# ---------------------------------------------------------------------------------------
# El Dorado wild cards (RULINGS.md): every card of the wild rank stands for any card that
# makes the best hand; never for a card already in the same five-card hand except to make
# five of a kind; two wilds never stand for the same card; a wild may stand for itself.

_FIVE_KIND = ELDORADO.index("five_of_a_kind")


def eldorado_best5(cards: Sequence[int], wild: int) -> Key:
    """Best key of one five-card El Dorado hand with rank ``wild`` wild (fast form).

    Instead of trying every set of distinct substitute *cards* (see
    :func:`eldorado_best5_literal`, which does exactly that and is checked against
    this in the self-tests), try every multiset of substitute *ranks*:

    - a rank multiset can be made of distinct cards not already among the naturals
      iff no rank then has more than four cards (the naturals of one rank already
      have distinct suits; the free suits of each rank are enough for the rest);
    - given the ranks, suits matter only through "is it a flush", and a flush is
      possible iff the naturals share one suit and all five ranks differ (then the
      substitutes take that suit: those cards are free because their ranks are not
      among the naturals); a flush of five different ranks always beats the same
      ranks unsuited (flush > straight > high card, straight flush > straight);
    - five of a kind (a substitute duplicating a card in the hand) is allowed only
      for that, when the naturals are all of one rank.

    So the value depends only on the naturals' ranks, whether they share a suit,
    and the number of wilds, which is what :func:`_wild_value` is cached on.
    """
    naturals = [c for c in cards if rank_of(c) != wild]
    if len(naturals) == 5:
        return key_of(cards, "eldorado")
    suited = len({suit_of(c) for c in naturals}) == 1
    return _wild_value(tuple(sorted(rank_of(c) for c in naturals)), suited, 5 - len(naturals))


@functools.cache
def _wild_value(nat_ranks: tuple[int, ...], suited: bool, n_wild: int) -> Key:
    best: Key | None = None
    if len(set(nat_ranks)) == 1:  # naturals all one rank: the wilds make five of a kind
        best = (_FIVE_KIND, (nat_ranks[0],))
    for subs in combinations_with_replacement(range(13), n_wild):
        ranks = [*nat_ranks, *subs]
        if max(Counter(ranks).values()) > 4:
            continue
        flush = suited and len(set(ranks)) == 5
        k = key_of_ranks(ranks, flush, "eldorado")
        if best is None or k > best:
            best = k
    assert best is not None
    return best


def eldorado_best5_literal(cards: Sequence[int], wild: int) -> Key:
    """The same value by the literal method: substitute the wilds by every set of
    distinct cards of the deck that are not natural cards of this hand (slow: for
    three wilds about 20,000 hands).  Used to check :func:`eldorado_best5`."""
    naturals = [c for c in cards if rank_of(c) != wild]
    n_wild = 5 - len(naturals)
    if n_wild == 0:
        return key_of(cards, "eldorado")
    best: Key | None = None
    if len({rank_of(c) for c in naturals}) == 1:
        best = (_FIVE_KIND, (rank_of(naturals[0]),))
    pool = [c for c in DECK52 if c not in naturals]
    for subs in combinations(pool, n_wild):
        k = key_of([*naturals, *subs], "eldorado")
        if best is None or k > best:
            best = k
    assert best is not None
    return best


# ---------------------------------------------------------------------------------------
# Lows (ace-to-five): ace low, straights and flushes ignored, pairs count against.
# A low key is larger for a better low; None means no (qualifying) low.

LowKey = tuple[int, tuple[int, ...]]
_LOW_PATTERNS = ("high_card", "one_pair", "two_pair", "three_of_a_kind", "full_house",
                 "four_of_a_kind", "five_of_a_kind")


def _low_rank(r: int) -> int:
    """Ace-to-five value: ace 1, deuce 2 .. king 13."""
    return 1 if r == ACE else r + 2


def low_badness(ranks: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """How bad a low is (smaller is better): the high-hand order with the ace low and
    no straights or flushes, so pairs count against."""
    pattern, tiebreak = _groups([_low_rank(r) for r in ranks])
    names = {(1,) * 5: "high_card", (2, 1, 1, 1): "one_pair", (2, 2, 1): "two_pair",
             (3, 1, 1): "three_of_a_kind", (3, 2): "full_house", (4, 1): "four_of_a_kind",
             (5,): "five_of_a_kind"}
    return _LOW_PATTERNS.index(names[pattern]), tiebreak


def low_key(ranks: Sequence[int]) -> LowKey:
    """Low key (larger = better) of five ranks."""
    cat, tiebreak = low_badness(ranks)
    return -cat, tuple(-x for x in tiebreak)


def low_category(key: LowKey) -> str:
    return _LOW_PATTERNS[-key[0]]


def eight_or_better(ranks: Sequence[int]) -> LowKey | None:
    """Low key of five ranks if they qualify (five different ranks, all 8 or lower)."""
    lows = [_low_rank(r) for r in ranks]
    if len(set(lows)) != 5 or max(lows) > 8:
        return None
    return low_key(ranks)


def best_low(game: str, hole: Sequence[int], board: Sequence[int] = (), wild: int | None = None,
             wild_can_be_ace: bool = True) -> LowKey | None:
    """Best low: omaha and tahoe eight-or-better (None if none), eldorado no qualifier."""
    best: LowKey | None = None
    if game in ("omaha", "tahoe"):
        if wild is not None:
            raise ValueError("no wild cards in " + game)
        for _, cards in candidate_hands(game, tuple(hole), tuple(board)):
            k = eight_or_better([rank_of(c) for c in cards])
            if k is not None and (best is None or k > best):
                best = k
        return best
    if game != "eldorado":
        raise ValueError(f"{game} has no low")
    for _, cards in candidate_hands(game, tuple(hole), tuple(board)):
        k = eldorado_low5(cards, wild, wild_can_be_ace)
        if best is None or k > best:
            best = k
    return best


def eldorado_low5(cards: Sequence[int], wild: int | None, wild_can_be_ace: bool = True) -> LowKey:
    """Best ace-to-five low of five El Dorado cards: every wild takes whichever rank
    makes the best low (an ace only if ``wild_can_be_ace``; when aces are wild and the
    option is off, those aces are not aces either), at most four cards a rank."""
    naturals = [rank_of(c) for c in cards if wild is None or rank_of(c) != wild]
    if len(naturals) == 5:
        return low_key(naturals)
    return _wild_low(tuple(sorted(naturals)), 5 - len(naturals), wild_can_be_ace)


@functools.cache
def _wild_low(naturals: tuple[int, ...], n_wild: int, wild_can_be_ace: bool) -> LowKey:
    allowed = range(13) if wild_can_be_ace else range(12)  # rank 12 is the ace
    best: LowKey | None = None
    for subs in combinations_with_replacement(allowed, n_wild):
        hand = [*naturals, *subs]
        if max(Counter(hand).values()) > 4:
            continue
        k = low_key(hand)
        if best is None or k > best:
            best = k
    assert best is not None
    return best


# ---------------------------------------------------------------------------------------------
# The standard draw policy of Switch and five-card draw, from its rule text
# ---------------------------------------------------------------------------------------------
def standard_discards(cards: list[int], limit: int = 3, limit_with_ace: int = 4,
                      wild: int | None = None) -> list[int]:
    """The cards the standard policy throws away (rules 1-7 and the limit of equity.switch);
    with a fixed ``wild`` rank, the same choice made on the cards as they are, less the wild
    cards, which are always kept."""
    ranks = [c // 4 for c in cards]
    suits = [c % 4 for c in cards]
    count = Counter(ranks)
    shape = sorted(count.values())
    distinct = set(ranks)
    straight = len(distinct) == 5 and (max(distinct) - min(distinct) == 4 or distinct == {12, 0, 1, 2, 3})
    flush = len(set(suits)) == 1
    suit_count = Counter(suits)
    if straight or flush or shape in ([1, 4], [2, 3]):
        keep = list(cards)
    elif 3 in shape or 2 in shape:
        keep = [c for c in cards if count[c // 4] >= 2]
    elif max(suit_count.values()) == 4:
        suit = suit_count.most_common(1)[0][0]
        keep = [c for c in cards if c % 4 == suit]
    else:
        runs = [r for r in range(0, 9) if all(r + i in distinct for i in range(4))]
        if runs:
            keep = [c for c in cards if runs[0] <= c // 4 <= runs[0] + 3]
        else:
            keep = [max(cards)]

    def allowed() -> int:
        return max(limit, limit_with_ace) if any(c // 4 == 12 for c in keep) else limit

    while 5 - len(keep) > allowed():
        keep.append(max(c for c in cards if c not in keep))
    return [c for c in cards if c not in keep and c // 4 != wild]


def greedy_exchange(seats: list[list[int]], flop: list[int], pot: str = "high", wild_can_be_ace: bool = True,
                    keeps: Sequence[bool] = ()) -> tuple[list[list[int]], list[int], int | None]:
    """The El Dorado ``greedy`` exchange as docs/rules.md words it, on one deal (``seats``: each
    seat's two hole cards in seat order; a seat marked in ``keeps`` never swaps): the hands, flop
    and wild rank it leaves."""
    def value(cards: list[int], wild: int | None):
        if pot == "low":
            return best_low("eldorado", cards[:2], cards[2:], wild, wild_can_be_ace)
        return best_high("eldorado", cards[:2], cards[2:], wild)

    def order(rank: int) -> int:  # higher is the card greedy prefers to take
        return -((rank + 1) % 13) if pot == "low" else rank

    wild: int | None = None
    seats = [list(h) for h in seats]
    flop = list(flop)
    for seat, hole in enumerate(seats):
        if seat < len(keeps) and keeps[seat]:
            continue
        keep = value(hole + flop, wild)
        gives = [value(hole + flop, rank_of(c)) for c in hole]
        if max(gives) <= keep:
            continue
        give = 0 if gives[0] > gives[1] or (gives[0] == gives[1] and hole[0] > hole[1]) else 1
        new_wild = rank_of(hole[give])
        take = 0
        for f in (1, 2):
            f_wild, take_wild = rank_of(flop[f]) == new_wild, rank_of(flop[take]) == new_wild
            if (take_wild and not f_wild) or (take_wild == f_wild
                                              and order(rank_of(flop[f])) > order(rank_of(flop[take]))):
                take = f
        hole[give], flop[take] = flop[take], hole[give]
        wild = new_wild
    return seats, flop, wild
