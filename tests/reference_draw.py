"""Slow, obvious references for the draw decisions: the video poker pay tables read from the cards,
and the value of a hold found by enumerating every replacement.

Nothing here imports the toolkit.  The pay tables are written from the published tables (Wizard of
Odds, 9/6 Jacks or Better and full-pay Deuces Wild); a wild deuce is tried as every rank it could
stand for (``itertools.combinations_with_replacement``) and the best result kept, as the rule "a
wild card stands for any card the holder chooses" says.  The value of a hold is the mean payoff
over ``itertools.combinations`` of the unseen cards; :func:`hold_outcomes_numpy` makes the same
enumeration with numpy for draws of four and five cards (1.5 million replacements), paying each
distinct (ranks, suitedness) pattern once with the same slow functions.

A card is an ``int`` code ``4 * rank + suit`` (rank 0..12 = 2..A, suit 0..3 = c d h s).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations, combinations_with_replacement

import numpy as np

ACE, KING, QUEEN, JACK, TEN = 12, 11, 10, 9, 8
DEUCE = 0
ROYAL = frozenset({TEN, JACK, QUEEN, KING, ACE})

#: The standard order, highest first (Jacks or Better's categories).
STANDARD = ("straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
            "three_of_a_kind", "two_pair", "one_pair", "high_card")
#: Deuces wild (pagat.com): five of a kind above the straight flush.
DEUCES = ("five_of_a_kind", *STANDARD)

#: 9/6 Jacks or Better, per coin (the royal's 4000 for five coins).
JOB_PAYS = {"royal_flush": 800, "straight_flush": 50, "four_of_a_kind": 25, "full_house": 9,
            "flush": 6, "straight": 4, "three_of_a_kind": 3, "two_pair": 2, "jacks_or_better": 1}
#: Full-pay Deuces Wild, per coin.
DEUCES_PAYS = {"natural_royal_flush": 800, "four_deuces": 200, "wild_royal_flush": 25,
               "five_of_a_kind": 15, "straight_flush": 9, "four_of_a_kind": 5, "full_house": 3,
               "flush": 2, "straight": 2, "three_of_a_kind": 1}


def _straight(ranks: Sequence[int]) -> bool:
    """Five different ranks in a row, the ace high (T-J-Q-K-A) or low (A-2-3-4-5)."""
    s = sorted(set(ranks))
    return len(s) == 5 and (s[4] - s[0] == 4 or s == [0, 1, 2, 3, ACE])


def classify(ranks: Sequence[int], suited: bool) -> str:
    """The category of five cards with these ranks, all of one suit or not (five of a kind when
    five share a rank, which only wild cards make)."""
    counts = sorted(Counter(ranks).values(), reverse=True)
    if counts[0] == 5:
        return "five_of_a_kind"
    if suited and _straight(ranks):
        return "straight_flush"
    if counts[0] == 4:
        return "four_of_a_kind"
    if counts[:2] == [3, 2]:
        return "full_house"
    if suited:
        return "flush"
    if _straight(ranks):
        return "straight"
    if counts[0] == 3:
        return "three_of_a_kind"
    if counts[:2] == [2, 2]:
        return "two_pair"
    if counts[0] == 2:
        return "one_pair"
    return "high_card"


# ---------------------------------------------------------------------------------------------
# Jacks or Better
@functools.cache
def job_outcome(ranks: tuple[int, ...], suited: bool) -> tuple[str, int]:
    """(category, pay) of a Jacks or Better hand with these ranks (sorted) and suitedness."""
    category = classify(ranks, suited)
    if category == "straight_flush" and set(ranks) == ROYAL:
        return category, JOB_PAYS["royal_flush"]
    if category == "one_pair":
        pair = next(r for r, n in Counter(ranks).items() if n == 2)
        return category, JOB_PAYS["jacks_or_better"] if pair >= JACK else 0
    return category, JOB_PAYS.get(category, 0)


def job(cards: Sequence[int]) -> tuple[str, int]:
    """(category, pay) of five cards under 9/6 Jacks or Better."""
    return job_outcome(tuple(sorted(c >> 2 for c in cards)), len({c & 3 for c in cards}) == 1)


# ---------------------------------------------------------------------------------------------
# Deuces Wild
@functools.cache
def deuces_outcome(naturals: tuple[int, ...], suited: bool) -> tuple[str, int]:
    """(category, pay) of a deuces-wild hand: the ranks of its natural cards (sorted), the rest
    deuces, and whether the natural cards share one suit.

    Each deuce is tried as every rank, the deuce's own included.  Without a flush the stand-ins
    take suits that make them different cards (there are four of each rank); a flush needs the
    naturals of one suit and five different ranks, so that all five are different cards.
    """
    n_wild = 5 - len(naturals)
    best = len(DEUCES)
    for stand_ins in combinations_with_replacement(range(13), n_wild):
        ranks = naturals + stand_ins  # a rank of five (five of a kind) is the one repeat allowed
        options = [False]
        if suited and len(set(ranks)) == 5:  # a flush needs five different cards of one suit
            options.append(True)
        for flush in options:
            best = min(best, DEUCES.index(classify(ranks, flush)))
    category = DEUCES[best]
    pays = [DEUCES_PAYS.get(category, 0)]
    if n_wild == 4:
        pays.append(DEUCES_PAYS["four_deuces"])
    if suited and len(set(naturals)) == len(naturals) and set(naturals) <= ROYAL:
        pays.append(DEUCES_PAYS["natural_royal_flush" if n_wild == 0 else "wild_royal_flush"])
    return category, max(pays)


def deuces(cards: Sequence[int]) -> tuple[str, int]:
    """(category, pay) of five cards under full-pay Deuces Wild."""
    naturals = [c for c in cards if c >> 2 != DEUCE]
    return deuces_outcome(tuple(sorted(c >> 2 for c in naturals)), len({c & 3 for c in naturals}) <= 1)


# ---------------------------------------------------------------------------------------------
# Hold values
def hold_outcomes(hand: Sequence[int], held: Sequence[int], unseen: Sequence[int],
                  outcome: Callable[[Sequence[int]], tuple[str, float]]) -> tuple[float, Counter, int]:
    """(mean pay, Counter of final categories, number of replacements) of keeping ``held`` from
    ``hand``, every replacement from ``unseen`` enumerated with itertools."""
    drawn = 5 - len(held)
    total = 0.0
    categories: Counter = Counter()
    n = 0
    for extra in combinations(unseen, drawn):
        category, pay = outcome(list(held) + list(extra))
        total += pay
        categories[category] += 1
        n += 1
    return total / n, categories, n


@functools.lru_cache(maxsize=16)
def _combination_rows(m: int, k: int) -> np.ndarray:
    return np.fromiter(combinations(range(m), k), dtype=np.dtype((np.int16, k)), count=-1) \
        if k else np.zeros((1, 0), dtype=np.int16)


def final_hands(held: Sequence[int], unseen: Sequence[int]) -> np.ndarray:
    """Every final hand of keeping ``held``: rows of five card codes (numpy, ``int64``)."""
    unseen = np.asarray(unseen, dtype=np.int64)
    extra = unseen[_combination_rows(len(unseen), 5 - len(held))]
    return np.concatenate([np.broadcast_to(np.asarray(held, dtype=np.int64), (len(extra), len(held))),
                           extra], axis=1)


def outcomes_numpy(rows: np.ndarray, game: str) -> tuple[np.ndarray, np.ndarray]:
    """(pays, categories) of rows of five card codes, ``game`` ``"job"`` or ``"deuces"``: each
    distinct pattern of ranks and suitedness is paid once by :func:`job_outcome` or
    :func:`deuces_outcome`."""
    ranks, suits = rows >> 2, rows & 3
    if game == "job":
        key_ranks = np.sort(ranks, axis=1)
        suited = (suits == suits[:, :1]).all(axis=1)
    else:
        natural = ranks != DEUCE
        key_ranks = np.sort(np.where(natural, ranks, 13), axis=1)  # deuces sort last as 13
        first = np.where(natural, suits, 9).min(axis=1)
        suited = (np.where(natural, suits, first[:, None]) == first[:, None]).all(axis=1)
    key = (key_ranks * 14 ** np.arange(5)).sum(axis=1) * 2 + suited
    unique, inverse = np.unique(key, return_inverse=True)
    pays = np.empty(len(unique))
    names = np.empty(len(unique), dtype=object)
    for i, k in enumerate(unique.tolist()):
        flag, code = k & 1, k >> 1
        digits = tuple((code // 14 ** j) % 14 for j in range(5))
        if game == "job":
            names[i], pays[i] = job_outcome(digits, bool(flag))
        else:
            names[i], pays[i] = deuces_outcome(tuple(d for d in digits if d != 13), bool(flag))
    return pays[inverse.ravel()], names[inverse.ravel()]


def hold_outcomes_numpy(held: Sequence[int], unseen: Sequence[int], game: str
                        ) -> tuple[float, Counter, int]:
    """As :func:`hold_outcomes`, enumerated with numpy (``game``: ``"job"`` or ``"deuces"``)."""
    pays, names = outcomes_numpy(final_hands(held, unseen), game)
    return float(pays.mean()), Counter(names.tolist()), len(pays)
