"""Ranges in games of any number of hole cards: patterns against brute-force filters of every
hand, sampling of very large ranges, and the calculator on them against brute force."""

import itertools
import warnings
from collections import Counter

import numpy as np
import pytest

import equity
from equity import InvalidInputError
from equity.ranges import MAX_COMBOS, RangeSampledWarning, parse_range

ACE, KING, QUEEN, JACK, TEN = 12, 11, 10, 9, 8


def rank(c):
    return c // 4


def suit(c):
    return c % 4


@pytest.fixture(scope="module")
def omaha_hands():
    hands = list(itertools.combinations(range(52), 4))
    assert len(hands) == 270_725
    return hands


def _suit_counts(hand):
    return sorted(Counter(suit(c) for c in hand).values())


# each pattern beside a filter written from the rule's words, card by card
OMAHA_FILTERS = {
    "AA**": lambda h: sum(rank(c) == ACE for c in h) >= 2,
    "AAxx": lambda h: sum(rank(c) == ACE for c in h) >= 2,
    "AxKx**": lambda h: any(rank(a) == ACE and rank(k) == KING and suit(a) == suit(k) for a in h for k in h),
    "AxKy**": lambda h: any(rank(a) == ACE and rank(k) == KING and suit(a) != suit(k) for a in h for k in h),
    "AA** ds": lambda h: sum(rank(c) == ACE for c in h) >= 2 and _suit_counts(h) == [2, 2],
    "double-suited": lambda h: _suit_counts(h) == [2, 2],
    "ss": lambda h: _suit_counts(h) == [1, 1, 2],
    "rainbow": lambda h: _suit_counts(h) == [1, 1, 1, 1],
    "[AK][QJ]**": lambda h: (any(rank(c) in (ACE, KING) for c in h)
                             and any(rank(c) in (QUEEN, JACK) for c in h)),
    "[A-T]xxx": lambda h: any(rank(c) >= TEN for c in h),
    "KhQh**": lambda h: 46 in h and 42 in h,
    "*x*x*x*x": lambda h: len({suit(c) for c in h}) == 1,
    # one jack, one ten, one nine, one eight (rank indexes 9, 8, 7, 6)
    "JT98": lambda h: sorted(rank(c) for c in h) == [6, 7, 8, 9],
}


@pytest.mark.parametrize("pattern", list(OMAHA_FILTERS))
def test_omaha_patterns_match_brute_force(pattern, omaha_hands):
    wanted = {tuple(sorted(h, reverse=True)) for h in omaha_hands if OMAHA_FILTERS[pattern](h)}
    r = parse_range(pattern, game="omaha")
    got = [tuple(row) for row in r.combos.tolist()]
    assert len(got) == len(set(got))
    assert set(got) == wanted
    assert r.combos.dtype == np.uint8 and r.combos.shape == (len(wanted), 4)


def test_omaha_counts_by_combinatorics():
    # AA**: C(4,2) C(48,2) + C(4,3) 48 + 1 hands hold two aces or more
    assert len(parse_range("AA**", game="omaha")) == 6 * 1128 + 4 * 48 + 1
    # double-suited: two suits of C(4,2) ways, C(13,2) cards in each
    assert len(parse_range("ds", game="omaha")) == 6 * 78 * 78


def test_tahoe_patterns_and_explicit_hands():
    hands = list(itertools.combinations(range(52), 3))
    wanted = {tuple(sorted(h, reverse=True)) for h in hands
              if any(rank(a) == ACE and rank(k) == KING and suit(a) == suit(k) for a in h for k in h)}
    assert {tuple(c) for c in parse_range("AxKx*", game="tahoe").combos.tolist()} == wanted
    r = parse_range("AhKhQh, 2c3c4c:0.5", game="tahoe")
    assert r.combo_texts() == ["AhKhQh", "4c3c2c"] and r.weights.tolist() == [1.0, 0.5]


def test_weights_and_last_mention_in_patterns():
    r = parse_range("AA**:0.5, AsAh**", game="omaha")
    weights = dict(zip(map(tuple, r.combos.tolist()), r.weights.tolist(), strict=True))
    with_both = [c for c in weights if 51 in c and 50 in c]
    assert with_both and all(weights[c] == 1.0 for c in with_both)
    assert sum(1 for w in weights.values() if w == 0.5) == len(weights) - len(with_both)


def test_dead_cards_leave_out_hands_in_patterns():
    r = parse_range("AA**", game="omaha", dead="AsAh2c")
    assert not np.isin(r.combos, equity.card_codes("AsAh2c")).any()
    # two live aces: AdAc and any two of the 46 cards left, or one of them with an ace... counted:
    # hands of the 49 live cards holding both AdAc: C(47, 2)
    assert len(r) == 1081


def test_two_card_patterns_in_holdem():
    assert {tuple(c) for c in parse_range("A*").combos.tolist()} == {
        (max(a, b), min(a, b)) for a, b in itertools.combinations(range(52), 2) if ACE in (rank(a), rank(b))}


def test_a_range_of_every_draw_hand_is_sampled_with_a_message():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        r = parse_range("*****", game="draw")
    assert len(r) == MAX_COMBOS and r.total == 2_598_960 and r.sampled
    assert any(isinstance(w.message, RangeSampledWarning) and "2,598,960" in str(w.message) for w in caught)
    again = parse_range("*****", game="draw")
    assert np.array_equal(again.combos, r.combos)  # seeded
    assert len({tuple(c) for c in r.combos.tolist()}) == MAX_COMBOS


def test_every_omaha_hand_is_listed_not_sampled():
    with warnings.catch_warnings():
        warnings.simplefilter("error", RangeSampledWarning)
        assert len(parse_range("****", game="omaha")) == 270_725


def _brute_force_equity(game, hero, villains, weights, board):
    """Hero's share of the pot against each villain hand (weighted) and each river card."""
    hero = equity.card_codes(hero)
    board = equity.card_codes(board)
    known = set(hero.tolist()) | set(board.tolist())
    total = share = 0.0
    for villain, weight in zip(villains, weights, strict=True):
        if known & set(villain):
            continue
        rivers = [c for c in range(52) if c not in known and c not in villain]
        boards = np.array([[*board.tolist(), c] for c in rivers], dtype=np.uint8)
        mine = equity.evaluate_many(game, np.repeat(hero[None], len(rivers), axis=0), boards)
        theirs = equity.evaluate_many(game, np.repeat(np.array([villain], dtype=np.uint8), len(rivers),
                                                      axis=0), boards)
        share += weight * ((mine > theirs).sum() + 0.5 * (mine == theirs).sum())
        total += weight * len(rivers)
    return share / total


def test_calc_takes_omaha_patterns_exact_and_monte_carlo():
    hero, board, villain = "AsAhJsTh", "2c7d9hTs", "KKQQ, JJ[98]*:0.5"
    expected_rows = [(h, 1.0) for h in itertools.combinations(range(51, -1, -1), 4)
                     if sorted(rank(c) for c in h) == [QUEEN, QUEEN, KING, KING]]
    expected_rows += [(h, 0.5) for h in itertools.combinations(range(51, -1, -1), 4)
                      if Counter(rank(c) for c in h)[JACK] >= 2 and any(rank(c) in (7, 6) for c in h)
                      and not sorted(rank(c) for c in h) == [QUEEN, QUEEN, KING, KING]]
    villains, weights = zip(*expected_rows, strict=True)
    expected = _brute_force_equity("omaha", hero, villains, weights, board)
    exact = equity.calc("omaha", [hero, villain], board=board, exact=True)
    assert exact.attrs["method"] == "exact"
    assert exact.equity.iloc[0] == pytest.approx(expected, abs=1e-12)
    sampled = equity.calc("omaha", [hero, villain], board=board, exact=False, trials=200_000, seed=3)
    assert abs(sampled.equity.iloc[0] - expected) < 4 * sampled.stderr.iloc[0]


def test_calc_names_the_hand_of_a_bad_pattern():
    with pytest.raises(InvalidInputError, match="hand 2: range token 'AA' names 2 cards; omaha hands have 4"):
        equity.calc("omaha", ["AsAhKsKh", "AA"])
