"""The fast evaluator against the slow reference (``tests/reference.py``).

Strengths are opaque integers, so what is compared is their *order*: over every
hand of a batch (several players sharing each board, many boards), two hands
must compare the same way (<, ==, >) under both, and the category names must
agree.  Seeds are fixed; every game gets at least 20,000 random hands, some on
partial boards, and the small decks are checked exhaustively.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np
import pytest
import reference as R
from conftest import (
    STANDARD_DISTINCT_VALUES,
    STANDARD_FIVE_CARD_CENSUS,
    spanish_census_by_combinatorics,
)

equity = pytest.importorskip("equity")

FULL_BOARD = {
    "holdem": 5, "omaha": 5, "tahoe": 5, "spanish": 5, "egyptian": 6, "eldorado": 4,
    "draw": 0, "draw7": 0,
}
HOLE = {
    "holdem": 2, "omaha": 4, "tahoe": 3, "spanish": 2, "egyptian": 2, "eldorado": 2,
    "draw": 5, "draw7": 7,
}
HANDS_PER_GAME = 20_000


@dataclass
class Deals:
    """Hands dealt on shared boards: rows ``i*players .. i*players+players-1`` share a board."""

    hole: np.ndarray
    board: np.ndarray
    wild: np.ndarray  # rank index per row, -1 = no wild


def deal(game: str, trials: int, players: int, n_board: int, seed: int,
         wild_mode: str = "none") -> Deals:
    """Deal ``trials`` boards with ``players`` hands each from the game's deck."""
    rng = np.random.default_rng(seed)
    deck = np.array(R.SPANISH_DECK if game == "spanish" else R.DECK52, dtype=np.uint8)
    n_hole = HOLE[game]
    need = n_board + players * n_hole
    order = rng.random((trials, len(deck))).argsort(axis=1)[:, :need]
    cards = deck[order]
    board = np.repeat(cards[:, :n_board], players, axis=0)
    hole = cards[:, n_board:].reshape(trials * players, n_hole)
    wild = np.full(trials, -1, dtype=np.int64)
    if wild_mode == "eldorado":
        # 10% no wild; 45% any rank; 45% the rank of a flop card (as after a real exchange,
        # which makes several wild cards in one hand common).
        u = rng.random(trials)
        any_rank = rng.integers(0, 13, trials)
        flop_rank = cards[np.arange(trials), rng.integers(0, 3, trials)] >> 2
        wild = np.where(u < 0.10, -1, np.where(u < 0.55, any_rank, flop_rank)).astype(np.int64)
    return Deals(hole, board, np.repeat(wild, players))


def ref_wild(w: int) -> int | None:
    return None if w < 0 else int(w)


def assert_same_order(fast: np.ndarray, ref: Sequence[Any], show: Callable[[int], str],
                      what: str) -> None:
    """Fast values and reference keys must order every pair of rows the same way.

    Sorting by the reference key, each adjacent pair must be equal under both or
    increasing under both; by transitivity that settles every pair.
    """
    fast = np.asarray(fast).astype(np.int64)
    idx = sorted(range(len(ref)), key=lambda i: ref[i])
    problems = []
    for a, b in zip(idx, idx[1:], strict=False):
        ref_cmp = (ref[a] > ref[b]) - (ref[a] < ref[b])
        fast_cmp = int(np.sign(fast[a] - fast[b]))
        if ref_cmp != fast_cmp:
            problems.append(
                f"{show(a)} vs {show(b)}: reference says {'<=>'[ref_cmp + 1]} "
                f"({ref[a]} vs {ref[b]}), evaluator {'<=>'[fast_cmp + 1]} ({fast[a]} vs {fast[b]})"
            )
    assert not problems, f"{what}: {len(problems)} order disagreements, e.g.\n" + "\n".join(
        problems[:8])


def assert_same_categories(game: str, fast: np.ndarray, expected: Sequence[str],
                           show: Callable[[int], str]) -> None:
    got = [str(c) for c in equity.categories_of(game, fast)]
    bad = [f"{show(i)}: expected {e}, got {g}"
           for i, (e, g) in enumerate(zip(expected, got, strict=True)) if e != g]
    assert not bad, f"{game}: {len(bad)} category disagreements, e.g.\n" + "\n".join(bad[:8])


def shower(d: Deals) -> Callable[[int], str]:
    def show(i: int) -> str:
        wild = f" wild={R.RANK_CHARS[d.wild[i]]}" if d.wild[i] >= 0 else ""
        return f"[{R.show(d.hole[i])} | {R.show(d.board[i])}{wild}]"
    return show


def high_case(game: str, n_board: int, trials: int, players: int,
              seed: int) -> tuple[Deals, list[R.Key], list[int]]:
    """Deals with the reference's best key and hole cards used for each row (cached)."""
    return _high_case(game, n_board, trials, players, seed)


@functools.cache
def _high_case(game: str, n_board: int, trials: int, players: int,
               seed: int) -> tuple[Deals, list[R.Key], list[int]]:
    wild_mode = "eldorado" if game == "eldorado" else "none"
    d = deal(game, trials, players, n_board, seed, wild_mode)
    keys, used = [], []
    for h, b, w in zip(d.hole.tolist(), d.board.tolist(), d.wild.tolist(), strict=True):
        k, u = R.best_high_and_usage(game, h, b, ref_wild(w))
        keys.append(k)
        used.append(u)
    return d, keys, used


def fast_high(game: str, d: Deals) -> np.ndarray:
    if game == "eldorado":
        return equity.evaluate_many(game, d.hole, d.board, wild=d.wild)
    return equity.evaluate_many(game, d.hole, d.board)


# (game, board cards, trials, players, seed) -- full boards give >= 20,000 hands a game.
HIGH_CASES = [
    ("holdem", 5, 5000, 4, 1),
    ("holdem", 3, 1500, 4, 2),
    ("holdem", 4, 1500, 4, 3),
    ("omaha", 5, 5000, 4, 4),
    ("omaha", 3, 1000, 4, 5),
    ("tahoe", 5, 5000, 4, 6),
    ("tahoe", 3, 1000, 4, 7),
    ("tahoe", 4, 1000, 4, 8),
    ("spanish", 5, 5000, 4, 9),
    ("spanish", 3, 1000, 4, 10),
    ("spanish", 4, 1000, 4, 11),
    ("egyptian", 6, 5000, 4, 12),
    ("egyptian", 5, 1000, 4, 13),
    ("draw", 0, 5000, 4, 14),
    ("draw7", 0, 5000, 4, 15),
]
ELDORADO_CASES = [("eldorado", 4, 5000, 5, 16), ("eldorado", 3, 1000, 4, 17)]


def _case_id(case: tuple) -> str:
    return f"{case[0]}-board{case[1]}"


@pytest.mark.parametrize("case", HIGH_CASES + ELDORADO_CASES, ids=_case_id)
def test_high_order_and_categories_match_reference(case: tuple) -> None:
    game = case[0]
    d, keys, _ = high_case(*case)
    fast = fast_high(game, d)
    assert fast.shape == (len(keys),)
    show = shower(d)
    assert_same_categories(game, fast, [R.category_name(game, k) for k in keys], show)
    assert_same_order(fast, keys, show, f"{game} with {case[1]} board cards")


def test_enough_random_hands_per_game() -> None:
    hands = Counter[str]()
    for game, _, trials, players, _ in HIGH_CASES + ELDORADO_CASES:
        hands[game] += trials * players
    assert all(hands[g] >= HANDS_PER_GAME for g in FULL_BOARD), hands


def test_eldorado_random_deals_include_many_wilds() -> None:
    """The El Dorado sample really exercises one, two and three wild cards."""
    d, _, _ = high_case(*ELDORADO_CASES[0])
    cards = np.concatenate([d.hole, d.board], axis=1)
    n_wild = ((cards >> 2) == d.wild[:, None]).sum(axis=1)
    counts = Counter(n_wild.tolist())
    assert counts[0] > 2000 and counts[1] > 5000 and counts[2] > 1000 and counts[3] > 30


def _many_wild_deals(n: int, seed: int) -> Deals:
    """El Dorado hands holding three or four cards of the wild rank."""
    rng = np.random.default_rng(seed)
    holes, boards, wilds = [], [], []
    for i in range(n):
        wild = int(rng.integers(13))
        n_wild = 3 + (i % 4 == 0)
        wild_cards = [4 * wild + int(s) for s in rng.permutation(4)[:n_wild]]
        others = [c for c in rng.permutation(52).tolist() if c >> 2 != wild][: 6 - n_wild]
        cards = [*wild_cards, *others]
        cards = [cards[j] for j in rng.permutation(6)]
        holes.append(cards[:2])
        boards.append(cards[2:])
        wilds.append(wild)
    return Deals(np.array(holes, np.uint8), np.array(boards, np.uint8), np.array(wilds))


def test_eldorado_three_and_four_wilds_match_reference() -> None:
    d = _many_wild_deals(400, seed=18)
    keys = [R.best_high("eldorado", h, b, w)
            for h, b, w in zip(d.hole.tolist(), d.board.tolist(), d.wild.tolist(), strict=True)]
    fast = equity.evaluate_many("eldorado", d.hole, d.board, wild=d.wild)
    show = shower(d)
    assert_same_categories("eldorado", fast, [R.category_name("eldorado", k) for k in keys], show)
    assert_same_order(fast, keys, show, "eldorado with 3-4 wilds")


def test_eldorado_wild_given_as_text_matches_array() -> None:
    d, _, _ = high_case(*ELDORADO_CASES[0])
    rows = d.wild == 11
    by_text = equity.evaluate_many("eldorado", d.hole[rows], d.board[rows], wild="K")
    by_array = equity.evaluate_many("eldorado", d.hole[rows], d.board[rows], wild=d.wild[rows])
    np.testing.assert_array_equal(by_text, by_array)


@pytest.mark.parametrize("case", HIGH_CASES + ELDORADO_CASES, ids=_case_id)
def test_hole_cards_used_match_reference(case: tuple) -> None:
    """The smallest number of hole cards that makes the best value (Tahoe's usage study)."""
    game = case[0]
    d, _, used = high_case(*case)
    options = {"wild": d.wild} if game == "eldorado" else {}
    fast = np.asarray(equity.hole_cards_used_many(game, d.hole, d.board, **options)).astype(int)
    show = shower(d)
    bad = [f"{show(i)}: expected {u}, got {f}"
           for i, (u, f) in enumerate(zip(used, fast.tolist(), strict=True)) if u != f]
    assert not bad, f"{game}: {len(bad)} disagreements, e.g.\n" + "\n".join(bad[:8])


def test_tahoe_usage_sample_covers_zero_one_and_two() -> None:
    _, _, used = high_case(*HIGH_CASES[5])
    counts = Counter(used)
    assert counts[0] > 100 and counts[1] > 1000 and counts[2] > 1000, counts


LOW_CASES = [("omaha", 5, 5000, 4, 4), ("omaha", 3, 1000, 4, 5),
             ("tahoe", 5, 5000, 4, 6), ("tahoe", 3, 1000, 4, 7), ("tahoe", 4, 1000, 4, 8)]


def _check_low(game: str, d: Deals, ref: list[R.LowKey | None], fast: np.ndarray,
               what: str) -> None:
    show = shower(d)
    fast = np.asarray(fast).astype(np.int64)
    none_bad = [f"{show(i)}: reference low {r}, evaluator {f}"
                for i, (r, f) in enumerate(zip(ref, fast.tolist(), strict=True))
                if (r is None) != (f == 0)]
    assert not none_bad, f"{what}: qualifying-low disagreements, e.g.\n" + "\n".join(none_bad[:8])
    rows = [i for i, r in enumerate(ref) if r is not None]
    assert_same_order(fast[rows], [ref[i] for i in rows], lambda j: show(rows[j]), what)


@pytest.mark.parametrize("case", LOW_CASES, ids=_case_id)
def test_eight_or_better_low_matches_reference(case: tuple) -> None:
    game = case[0]
    d, _, _ = high_case(*case)
    ref = [R.best_low(game, h, b) for h, b in zip(d.hole.tolist(), d.board.tolist(), strict=True)]
    qualifying = sum(r is not None for r in ref)
    assert 0.1 * len(ref) < qualifying < 0.9 * len(ref) or case[1] < 5
    fast = equity.evaluate_low_many(game, d.hole, d.board)
    _check_low(game, d, ref, fast, f"{game} low with {case[1]} board cards")


@pytest.mark.parametrize("wild_can_be_ace", [True, False])
@pytest.mark.parametrize("case", ELDORADO_CASES, ids=_case_id)
def test_eldorado_low_matches_reference(case: tuple, wild_can_be_ace: bool) -> None:
    d, _, _ = high_case(*case)
    ref = [R.best_low("eldorado", h, b, ref_wild(w), wild_can_be_ace)
           for h, b, w in zip(d.hole.tolist(), d.board.tolist(), d.wild.tolist(), strict=True)]
    fast = equity.evaluate_low_many("eldorado", d.hole, d.board, wild=d.wild,
                                    wild_can_be_ace=wild_can_be_ace)
    assert (np.asarray(fast) > 0).all()  # no qualifier: every hand has a low
    _check_low("eldorado", d, ref, fast, f"eldorado low (wild_can_be_ace={wild_can_be_ace})")


def test_eldorado_low_many_wilds_match_reference() -> None:
    d = _many_wild_deals(200, seed=19)
    for ace in (True, False):
        ref = [R.best_low("eldorado", h, b, w, ace)
               for h, b, w in zip(d.hole.tolist(), d.board.tolist(), d.wild.tolist(), strict=True)]
        fast = equity.evaluate_low_many("eldorado", d.hole, d.board, wild=d.wild,
                                        wild_can_be_ace=ace)
        _check_low("eldorado", d, ref, fast, f"eldorado low, 3-4 wilds, ace={ace}")


# ---------------------------------------------------------------------------------------
# Flushes of an exact hole rule

def _two_suit_deals(game: str, trials: int, seed: int) -> Deals:
    """One hand a board, dealt from the game's hearts and spades only, so that most hands
    hold a flush and many a straight flush."""
    rng = np.random.default_rng(seed)
    deck = np.array([c for c in (R.SPANISH_DECK if game == "spanish" else R.DECK52)
                     if c % 4 >= 2], dtype=np.uint8)
    need = 5 + HOLE[game]
    cards = deck[rng.random((trials, len(deck))).argsort(axis=1)[:, :need]]
    return Deals(np.ascontiguousarray(cards[:, 5:]), np.ascontiguousarray(cards[:, :5]),
                 np.full(trials, -1))


@pytest.mark.parametrize("game", ["omaha", "spanish"])
def test_exact_rule_flushes_match_reference(game: str) -> None:
    """Flushes of exactly two hole and three board cards on two-suit deals, against the
    reference (through the whole-hand kernel and its straight-window index)."""
    d = _two_suit_deals(game, 4000, 21)
    keys = [R.best_high(game, h, b) for h, b in zip(d.hole.tolist(), d.board.tolist(),
                                                       strict=True)]
    names = Counter(R.category_name(game, k) for k in keys)
    assert names["flush"] >= 300 and names["straight_flush"] >= 50, names
    fast = equity.evaluate_many(game, d.hole, d.board)
    assert_same_categories(game, fast, [R.category_name(game, k) for k in keys], shower(d))
    assert_same_order(fast, keys, shower(d), f"{game}, two-suit deals")


def _per_choice_strengths(g, t, d: Deals) -> np.ndarray:
    """``best_exact``: one exact-rule table entry per choice of hole cards."""
    from equity._kernels.evaluate import best_exact

    n_hole, j = d.hole.shape[1], g.hole_rule.min_used
    hole_sets = np.array(list(combinations(range(n_hole), j)), dtype=np.int64)
    hole_len = np.full(len(hole_sets), j, dtype=np.int64)
    out = np.empty(len(d.hole), dtype=np.uint32)
    best_exact(d.hole.ravel(), n_hole, d.board.ravel(), d.board.shape[1], hole_sets, hole_len,
               t.card_bits, t.suit_bits, t.disp, t.hash_params, t.hole_index, t.exact_classes,
               t.flush_classes[0], t.high_strength, g.hand_size - j, out)
    return out


@pytest.mark.parametrize(("game", "boards", "hands"), [
    ("omaha", 6175, 1820),  # 5-card rank multisets of 13 ranks; 4-card ones
    ("spanish", 455, 28),  # of 7 ranks, at most four of each: C(11, 5) - 7; C(8, 2)
])
def test_whole_hand_table_equals_the_per_choice_tables(game: str, boards: int,
                                                       hands: int) -> None:
    """Omaha and Spanish on the full board read one entry per hand (the whole-hand table) and
    find flushes through the straight-window index; on 100,000 random deals and the two-suit
    deals they give what the per-choice tables and the listing of flush choices give."""
    from equity._kernels.evaluate import FLUSH_MASKS
    from equity.games import get_game
    from equity.tables import tables_for

    g = get_game(game)
    t = tables_for(g)
    assert t.whole_classes.shape == (boards, hands)
    straights = 10 if game == "omaha" else 4  # Spanish: A-8-9-T-J up to T-J-Q-K-A
    assert t.flush_classes.shape == (1, 2 * FLUSH_MASKS + straights)  # the index, the straights
    for d in (deal(game, 25_000, 4, 5, 23), _two_suit_deals(game, 4000, 24)):
        fast = equity.evaluate_many(game, d.hole, d.board)
        assert np.array_equal(fast, _per_choice_strengths(g, t, d))


# ---------------------------------------------------------------------------------------
# Exhaustive checks


def test_spanish_all_five_card_hands_match_reference_and_census() -> None:
    """All 98,280 five-card hands of the 28-card deck, as two hole cards and a flop."""
    hands = np.array(list(combinations(R.SPANISH_DECK, 5)), dtype=np.uint8)
    assert len(hands) == 98280
    fast = equity.evaluate_many("spanish", hands[:, :2], hands[:, 2:])
    keys = [R.key_of(h, "spanish") for h in hands.tolist()]
    names = [R.category_name("spanish", k) for k in keys]
    d = Deals(hands[:, :2], hands[:, 2:], np.full(len(hands), -1))
    assert_same_categories("spanish", fast, names, shower(d))
    assert Counter(str(c) for c in equity.categories_of("spanish", fast)) == \
        spanish_census_by_combinatorics()
    assert_same_order(fast, keys, shower(d), "spanish, all five-card hands")


def test_draw_all_five_card_hands_census_and_order(all_five_card_hands: np.ndarray) -> None:
    """All 2,598,960 five-card hands: published census, 7,462 values, reference order."""
    hands = all_five_card_hands
    fast = np.asarray(equity.evaluate_many("draw", hands, np.zeros((len(hands), 0), np.uint8)))
    names, counts = np.unique(np.asarray(equity.categories_of("draw", fast)).astype(str),
                              return_counts=True)
    assert dict(zip(names.tolist(), counts.tolist(), strict=True)) == STANDARD_FIVE_CARD_CENSUS
    values, fast_rank = np.unique(fast, return_inverse=True)
    assert len(values) == STANDARD_DISTINCT_VALUES
    # The reference order: group hands by (sorted ranks, suited) -- all a value depends
    # on -- rank the groups with the reference, and compare with the fast ranks.
    ranks = np.sort(hands >> 2, axis=1).astype(np.int64)
    suited = (hands & 3).min(axis=1) == (hands & 3).max(axis=1)
    code = 2 * (ranks @ 13 ** np.arange(4, -1, -1)) + suited
    groups, group_of = np.unique(code, return_inverse=True)
    group_keys = [R.key_of_ranks([(c >> 1) // 13**i % 13 for i in range(5)], bool(c & 1))
                  for c in groups.tolist()]
    dense = {k: i for i, k in enumerate(sorted(set(group_keys)))}
    ref_rank_of_group = np.array([dense[k] for k in group_keys])
    ref_rank = ref_rank_of_group[group_of.ravel()]
    bad = np.nonzero(ref_rank != fast_rank.ravel())[0]
    assert bad.size == 0, [R.show(hands[i]) for i in bad[:8]]


def _dense(keys: Sequence[Any]) -> np.ndarray:
    order = {k: i for i, k in enumerate(sorted(set(keys)))}
    return np.array([order[k] for k in keys])


@pytest.mark.parametrize("wild", [5, 12], ids=["sevens-wild", "aces-wild"])
def test_eldorado_all_five_card_hands_with_a_wild(all_five_card_hands: np.ndarray,
                                                  wild: int) -> None:
    """All 2,598,960 five-card El Dorado hands (two hole cards and the flop) with a wild rank.

    The value of a five-card hand depends only on its sorted ranks (which give the
    naturals and the number of wilds) and on whether the naturals share a suit (see
    :func:`reference.eldorado_best5`), so each such group is valued once by the
    reference on its first hand; every hand's fast strength must order like its group.
    """
    hands = all_five_card_hands
    fast = np.asarray(equity.evaluate_many("eldorado", hands[:, :2], hands[:, 2:], wild=wild))
    ranks = (hands >> 2).astype(np.int64)
    suits = (hands & 3).astype(np.int64)
    is_wild = ranks == wild
    suited = np.where(is_wild, 4, suits).min(axis=1) == np.where(is_wild, -1, suits).max(axis=1)
    code = 2 * (np.sort(ranks, axis=1) @ 13 ** np.arange(4, -1, -1)) + suited
    _, first, group_of = np.unique(code, return_index=True, return_inverse=True)
    keys = [R.eldorado_best5(hands[i].tolist(), wild) for i in first.tolist()]
    ref_rank = _dense(keys)[group_of.ravel()]
    fast_rank = np.unique(fast, return_inverse=True)[1].ravel()
    bad = np.nonzero(ref_rank != fast_rank)[0]
    assert bad.size == 0, [R.show(hands[i]) for i in bad[:8]]
    names = np.array([R.category_name("eldorado", k) for k in keys])[group_of.ravel()]
    got = np.asarray(equity.categories_of("eldorado", fast)).astype(str)
    bad = np.nonzero(names != got)[0]
    assert bad.size == 0, [(R.show(hands[i]), names[i], got[i]) for i in bad[:8]]
    census = Counter(names.tolist())
    assert census["five_of_a_kind"] > 0 and census["straight_flush"] > 40


@pytest.mark.parametrize("wild_can_be_ace", [True, False])
@pytest.mark.parametrize("wild", [0, 12, -1], ids=["deuces-wild", "aces-wild", "no-wild"])
def test_eldorado_low_all_five_card_hands(all_five_card_hands: np.ndarray, wild: int,
                                          wild_can_be_ace: bool) -> None:
    """All five-card El Dorado lows: a low depends only on the sorted ranks."""
    hands = all_five_card_hands
    fast = np.asarray(equity.evaluate_low_many("eldorado", hands[:, :2], hands[:, 2:],
                                               wild=np.full(len(hands), wild),
                                               wild_can_be_ace=wild_can_be_ace))
    ranks = np.sort((hands >> 2).astype(np.int64), axis=1)
    _, first, group_of = np.unique(ranks @ 13 ** np.arange(4, -1, -1), return_index=True,
                                   return_inverse=True)
    keys = [R.eldorado_low5(hands[i].tolist(), ref_wild(wild), wild_can_be_ace)
            for i in first.tolist()]
    ref_rank = _dense(keys)[group_of.ravel()]
    fast_rank = np.unique(fast, return_inverse=True)[1].ravel()
    bad = np.nonzero(ref_rank != fast_rank)[0]
    assert bad.size == 0, [R.show(hands[i]) for i in bad[:8]]
    assert (fast > 0).all()
