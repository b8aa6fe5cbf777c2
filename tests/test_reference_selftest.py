"""Self-tests of the slow reference evaluators in ``tests/reference.py``.

The reference is checked against published figures, combinatorial counts worked
out here, hand-made orderings from the rule documents, its own literal
(card-by-card) wild-card method, and pokerkit for Hold'em and Omaha.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from math import comb

import numpy as np
import pytest
import reference as R
from conftest import (
    STANDARD_DISTINCT_VALUES,
    STANDARD_FIVE_CARD_CENSUS,
    spanish_census_by_combinatorics,
)
from reference import parse as P


def test_reference_census_52_card_five_card_hands(all_five_card_hands: np.ndarray) -> None:
    """All 2,598,960 five-card hands: the published category counts and 7,462 values.

    A hand's value depends only on its sorted ranks and whether it is suited (that is
    how :func:`reference.classify` reads it), so the hands are grouped by those with
    numpy first and each group is classified once by the reference.
    """
    hands = all_five_card_hands
    ranks = np.sort(hands >> 2, axis=1).astype(np.int64)
    suited = (hands & 3).min(axis=1) == (hands & 3).max(axis=1)
    code = 2 * (ranks @ 13 ** np.arange(4, -1, -1)) + suited
    groups, counts = np.unique(code, return_counts=True)
    assert counts.sum() == 2598960
    census: Counter[str] = Counter()
    keys: set[tuple[str, tuple[int, ...]]] = set()
    for c, n in zip(groups.tolist(), counts.tolist(), strict=True):
        group_ranks = [(c >> 1) // 13**i % 13 for i in range(5)]
        name, tiebreak = R.classify_ranks(group_ranks, bool(c & 1))
        census[name] += n
        keys.add((name, tiebreak))
    assert census == STANDARD_FIVE_CARD_CENSUS
    assert len(keys) == STANDARD_DISTINCT_VALUES


def test_spanish_census_formula_adds_up() -> None:
    assert sum(spanish_census_by_combinatorics().values()) == comb(28, 5) == 98280


def test_reference_spanish_census() -> None:
    census = Counter(R.classify(h, "spanish")[0] for h in combinations(R.SPANISH_DECK, 5))
    assert census == spanish_census_by_combinatorics()


def egyptian_small_deck_census() -> dict[str, int]:
    """Six-card hands from A,2,3,4,5,6,7 of four suits (28 cards), by combinatorics.

    Straights there are A-2-3-4-5-6 and 2-3-4-5-6-7 only.
    """
    n, straights = 7, 2
    return {
        "straight_flush": straights * 4,
        "house_party": n * (n - 1) * comb(4, 2),
        "four_of_a_kind": n * comb(n - 1, 2) * 4 * 4,
        "double_happy": comb(n, 2) * 4 * 4,
        "full_house": n * 4 * (n - 1) * 6 * (n - 2) * 4,
        "flush": comb(n, 6) * 4 - straights * 4,
        "straight": straights * (4**6 - 4),
        "three_of_a_kind": n * 4 * comb(n - 1, 3) * 4**3,
        "three_pair": comb(n, 3) * 6**3,
        "two_pair": comb(n, 2) * 36 * comb(n - 2, 2) * 16,
        "one_pair": n * 6 * comb(n - 1, 4) * 4**4,
        "high_card": (comb(n, 6) - straights) * (4**6 - 4),
    }


def test_reference_egyptian_small_deck_census() -> None:
    deck = [4 * r + s for r in (12, 0, 1, 2, 3, 4, 5) for s in range(4)]
    expected = egyptian_small_deck_census()
    assert sum(expected.values()) == comb(28, 6)
    census = Counter(R.classify(h, "egyptian")[0] for h in combinations(deck, 6))
    assert census == expected


@pytest.mark.parametrize(
    ("lower", "higher"),
    [
        ("Ac8d9hTsJc", "8c9dThJsQc"),  # A-8-9-T-J is the lowest straight
        ("KcAd8h9sTc", "Ac8d9hTsJc"),  # K-A-8-9-T is not a straight: ace-high only
        ("Qs Qh Qd 9c 9d", "8h 9h Jh Qh Kh"),  # flush beats full house
        ("Ah 8h 9h Th Jh", "8s 9s Ts Js Qs"),  # the lowest straight flush
        ("As Ah Ad Ac 8c", "Ah 8h 9h Th Jh"),
        ("Th Jh Qh Kh Ad", "Ah 8h 9h Th Jh"),
    ],
)
def test_reference_spanish_order(lower: str, higher: str) -> None:
    assert R.key_of(P(lower), "spanish") < R.key_of(P(higher), "spanish")


def test_reference_spanish_categories() -> None:
    assert R.classify(P("Ac8d9hTsJc"), "spanish") == ("straight", (9,))
    assert R.classify(P("Ah8h9hThJh"), "spanish") == ("straight_flush", (9,))
    assert R.classify(P("KcAd8h9sTc"), "spanish")[0] == "high_card"


@pytest.mark.parametrize(
    ("lower", "higher"),
    [
        ("Ac2d3h4s5c6d", "2c3d4h5s6c7d"),  # six-high straight is the lowest
        ("9cTdJhQsKcAd", "2h3h4h5h6h7h"),
        ("2h3h4h5h6h7h", "9sTsJsQsKsAs"),  # royal flush on top
        ("KcKdQcQd2c2d", "3c3d3h4c5d7h"),  # three of a kind beats three pair
        ("AcAdAhKcKdQc", "2c2d2h3c3d3h"),  # Double Happy beats full house
        ("2c2d2h3c3d3h", "2c2d2h2s3c4d"),  # four of a kind beats Double Happy
        ("2c2d2h2s3c4d", "2c2d2h2s3c3d"),  # House Party beats four of a kind
        ("AcAdAhAsKcKd", "2h3h4h5h6hAh"),  # straight flush beats House Party
        ("KcKdKhQcQdJh", "KcKdKhQcQdAh"),  # full house: the odd card counts
        ("2d3d4d5d6d8h", "2c3c5c7c9cJd"),  # five of a suit / in a row count for nothing
        ("Ac2c3c4c5c7d", "8c9cTcJcQc2c"),
        ("9cTdJhQsKcAd", "2s3s4s6s7s9s"),  # any straight loses to any flush
    ],
)
def test_reference_egyptian_order(lower: str, higher: str) -> None:
    assert R.key_of(P(lower), "egyptian") < R.key_of(P(higher), "egyptian")


def test_reference_egyptian_worked_example() -> None:
    board = P("8s8d3c Kh5s Kd")
    a = R.best_high("egyptian", P("8h8c"), board)
    b = R.best_high("egyptian", P("Ks3d"), board)
    assert R.category_name("egyptian", a) == "house_party" and a[1] == (6, 11)
    assert R.category_name("egyptian", b) == "full_house" and a > b


@pytest.mark.parametrize(
    ("lower", "higher"),
    [
        ("Ac2d3h4s5c", "2c3d4h5s6c"),  # the wheel is five-high, the lowest straight
        ("2c2d2h2s3c", "AhKhQhJhTh"),
        ("KsKdKcKh2c", "Ac2c3c4c5c"),  # the steel wheel is a straight flush
        ("Ac2c3c4c5c", "AhKhQhJhTh"),
        ("AcAd2c2d3c", "AcAd2c2d4c"),
        ("2c3d4h5s7c", "2c3d4h6s7c"),
    ],
)
def test_reference_standard_order(lower: str, higher: str) -> None:
    assert R.key_of(P(lower)) < R.key_of(P(higher))


def test_reference_tahoe_worked_examples() -> None:
    key, used = R.best_high_and_usage("tahoe", P("AhKhQh"), P("Jh10c5h2s9d"))
    assert (R.category_name("tahoe", key), key[1], used) == ("straight", (11,), 2)
    board = P("AsAd8c8h3s")
    a, used_a = R.best_high_and_usage("tahoe", P("Ac2d4h"), board)
    b, used_b = R.best_high_and_usage("tahoe", P("8sKdKc"), board)
    assert a == (R.STANDARD.index("full_house"), (12, 6)) and used_a == 1
    assert b == (R.STANDARD.index("full_house"), (6, 12)) and used_b == 1
    assert a > b


def test_reference_eldorado_worked_example() -> None:
    board = P("9dKh4c4s")
    p1 = R.best_high("eldorado", P("9cQs"), board, wild=11)
    p2 = R.best_high("eldorado", P("7d4h"), board, wild=11)
    assert p1 == (R.ELDORADO.index("full_house"), (7, 2))
    assert p2 == (R.ELDORADO.index("four_of_a_kind"), (2, 7))
    assert p2 > p1


def test_reference_eldorado_two_wilds_never_the_same_card() -> None:
    # A♥9♥3♥ and two wild kings: the A-K-Q-9-3 flush, not A-K-K-9-3.
    key = R.eldorado_best5(P("Ah9h3hKcKd"), wild=11)
    assert key == (R.ELDORADO.index("flush"), (12, 11, 10, 7, 1))
    assert R.eldorado_best5_literal(P("Ah9h3hKcKd"), wild=11) == key


def test_reference_eldorado_five_of_a_kind() -> None:
    assert R.eldorado_best5(P("4c4d4hKcKd"), wild=11) == (R.ELDORADO.index("five_of_a_kind"), (2,))
    # Four wilds with any natural: five of a kind of that natural's rank.
    assert R.eldorado_best5(P("KcKdKhKs2c"), wild=11) == (R.ELDORADO.index("five_of_a_kind"), (0,))
    assert R.eldorado_best5(P("4c4d4h4sKd"), wild=11) > R.key_of(P("AsKsQsJsTs"), "eldorado")


def _random_wild_hands(n_wild: int, count: int, seed: int) -> list[tuple[list[int], int]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        wild = rng.randrange(13)
        wild_cards = rng.sample([4 * wild + s for s in range(4)], n_wild)
        others = [c for c in R.DECK52 if R.rank_of(c) != wild]
        if rng.random() < 0.3:  # favour flushes and straights: one suit or a narrow window
            suit = rng.randrange(4)
            others = [c for c in others if R.suit_of(c) == suit]
        elif rng.random() < 0.4:
            lo = rng.randrange(10)
            others = [c for c in others if lo <= R.rank_of(c) <= lo + 4 or R.rank_of(c) == 12]
        out.append((wild_cards + rng.sample(others, 5 - n_wild), wild))
    return out


@pytest.mark.parametrize(("n_wild", "count"), [(1, 300), (2, 60), (3, 4)])
def test_reference_eldorado_fast_matches_literal(n_wild: int, count: int) -> None:
    for cards, wild in _random_wild_hands(n_wild, count, seed=100 + n_wild):
        assert R.eldorado_best5(cards, wild) == R.eldorado_best5_literal(cards, wild), (
            R.show(cards), wild)


@pytest.mark.parametrize(
    ("worse", "better"),
    [
        ("6c4d3h2sAc", "5c4d3h2sAc"),  # 5-4-3-2-A is the best low (straight ignored)
        ("6c5d3h2sAc", "6c4d3h2sAc"),
        ("8c7d6h5s4c", "8c7d6h5sAc"),
        ("AcAd2h3s4c", "KcQdJh9s8c"),  # pairs count against
        ("5c5d5h2s3c", "5c5d4h4s3c"),
        ("6h4h3h2hAh", "5c4d3h2sAc"),
    ],
)
def test_reference_low_order(worse: str, better: str) -> None:
    w = R.low_key([R.rank_of(c) for c in P(worse)])
    b = R.low_key([R.rank_of(c) for c in P(better)])
    assert w < b


def test_reference_low_flush_and_straight_do_not_count() -> None:
    assert R.low_key([R.rank_of(c) for c in P("5h4h3h2hAh")]) == R.low_key(
        [R.rank_of(c) for c in P("5c4d3h2sAc")])


def test_reference_eight_or_better() -> None:
    assert R.eight_or_better([R.rank_of(c) for c in P("8c7d6h5s4c")]) is not None
    assert R.eight_or_better([R.rank_of(c) for c in P("9c7d6h5s4c")]) is None
    assert R.eight_or_better([R.rank_of(c) for c in P("Ac2d3h4s4c")]) is None


def test_reference_omaha_must_use_two() -> None:
    # Four hearts on board, one in hand: no flush in Omaha, a flush in Hold'em.
    hole, board = P("Ah Kc Qd Js"), P("2h 5h 8h 9h Tc")
    assert R.category_name("omaha", R.best_high("omaha", hole, board)) != "flush"
    assert R.category_name("holdem", R.best_high("holdem", hole[:2], board)) == "flush"


def test_reference_eldorado_low_wilds() -> None:
    board = P("9d Kh 4c 7s")
    # Wild king fills the best missing rank: the ace, or the deuce without aces.
    with_ace = R.best_low("eldorado", P("2c 3d"), board, wild=11)
    no_ace = R.best_low("eldorado", P("2c 3d"), board, wild=11, wild_can_be_ace=False)
    assert with_ace == R.low_key([5, 2, 1, 0, 12])  # 7-4-3-2-A
    assert no_ace == R.low_key([0, 1, 2, 3, 5])  # 7-5-4-3-2
    assert with_ace > no_ace


def test_reference_matches_pokerkit_holdem_and_omaha() -> None:
    pk = pytest.importorskip("pokerkit")
    rng = random.Random(7)
    rows = []
    for _ in range(250):
        deck = rng.sample(R.DECK52, 9)
        hole, board = deck[:4], deck[4:]
        ours_h = R.best_high("holdem", hole[:2], board)
        ours_o = R.best_high("omaha", hole, board)
        ours_l = R.best_low("omaha", hole, board)
        theirs_h = pk.StandardHighHand.from_game(R.show(hole[:2]), R.show(board))
        theirs_o = pk.OmahaHoldemHand.from_game(R.show(hole), R.show(board))
        try:
            theirs_l = pk.OmahaEightOrBetterLowHand.from_game(R.show(hole), R.show(board))
        except ValueError:
            theirs_l = None
        assert (ours_l is None) == (theirs_l is None), (R.show(hole), R.show(board))
        rows.append((ours_h, theirs_h, ours_o, theirs_o, ours_l, theirs_l))
    for a, b in combinations(rows, 2):
        for i in (0, 2, 4):
            if a[i] is None or b[i] is None:
                continue
            assert (a[i] < b[i]) == (a[i + 1] < b[i + 1])
            assert (a[i] == b[i]) == (a[i + 1] == b[i + 1])
