"""Heads-up push/fold (:mod:`equity.strategy.push_fold_solver`): the hand classes and their equity matrix
against brute force, the solver on games solved by hand and by grid search, the Hold'em anchors
of the published Nash push/fold charts, the cache, bad input and the command line.

The Hold'em tests read the exact 169 x 169 class matrix shipped with the package (building it
takes about 3.5 minutes on two cores); the shipped file is checked against the calculator on
sampled pairs of classes.
"""

from __future__ import annotations

import itertools
import json
import math
from collections import Counter

import numpy as np
import pytest

import equity
import equity.strategy.push_fold_solver as push_fold_module
from equity.errors import GameError, InvalidInputError, OptionError
from equity.strategy.push_fold_solver import (
    SolverWarning,
    class_matrix,
    hand_classes,
    push_fold,
    push_fold_thresholds,
    solve_push_fold,
)

#: Queens, kings and aces only, two hole cards and a three-card board: every hand is all five
#: cards, and with three cards to a suit and three ranks there is no flush and no straight.
TINY = equity.define_game("tiny_push_fold", hole_cards=2, deck="Q-A", streets=[("flop", 3)], max_players=2)
#: El Dorado on tens to aces: an exchange played in seat order.
MINI_DORADO = equity.define_game(
    "mini_dorado", hole_cards=2, deck="T-A", streets=[("flop", 3), ("last", 1)],
    phases=["flop", "exchange", "last"], wild="exchange", max_players=2)


# ---------------------------------------------------------------------------------------------
# Independent references
# ---------------------------------------------------------------------------------------------
def tiny_strength(cards) -> tuple:
    """A TINY hand (all five cards): the rank counts, largest first, then the ranks by count and
    rank.  With three ranks the count patterns order the categories as the ranking does (four of
    a kind, full house, three of a kind, two pair, one pair)."""
    counts = Counter(c // 4 for c in cards)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    return tuple(sorted(counts.values(), reverse=True)), tuple(order)


def tiny_combo_matrix():
    """Every TINY combo, and the first player's share of the pot combo against combo over every
    board (0.5 where the combos share a card; ``apart`` says which pairs fit)."""
    deck = list(TINY.deck)
    combos = list(itertools.combinations(deck, 2))
    strength = {five: tiny_strength(five) for five in itertools.combinations(deck, 5)}
    n = len(combos)
    share = np.full((n, n), 0.5)
    apart = np.zeros((n, n))
    for i, a in enumerate(combos):
        for j, b in enumerate(combos):
            if set(a) & set(b):
                continue
            apart[i, j] = 1
            rest = [c for c in deck if c not in a and c not in b]
            won = 0.0
            boards = list(itertools.combinations(rest, 3))
            for board in boards:
                sa = strength[tuple(sorted((*a, *board)))]
                sb = strength[tuple(sorted((*b, *board)))]
                won += 1.0 if sa > sb else 0.5 if sa == sb else 0.0
            share[i, j] = won / len(boards)
    return combos, share, apart


def class_of(combo) -> str:
    """The class name of a two-card combo, from the card text alone."""
    a, b = sorted(combo, reverse=True)
    ra, rb = "23456789TJQKA"[a // 4], "23456789TJQKA"[b // 4]
    return ra + rb if ra == rb else ra + rb + ("s" if a % 4 == b % 4 else "o")


def value_of(equity_, pairs, stack, push, call, ante=0.0):
    """The small blind's expected result, written out outcome by outcome."""
    w = pairs / pairs.sum()
    total = 0.0
    for a in range(len(push)):
        for b in range(len(call)):
            if not w[a, b]:
                continue
            called = 2 * (stack + ante) * equity_[a, b] - (stack + ante)
            total += w[a, b] * ((1 - push[a]) * -(0.5 + ante)
                                + push[a] * ((1 - call[b]) * (1 + ante) + call[b] * called))
    return total


# ---------------------------------------------------------------------------------------------
# Classes and their matrix
# ---------------------------------------------------------------------------------------------
def test_holdem_has_169_classes_and_1326_combos():
    classes = hand_classes("holdem")
    assert len(classes) == 169 and classes.counts.sum() == 1326
    kinds = Counter("pair" if len(n) == 2 else n[2] for n in classes.names)
    assert kinds == {"pair": 13, "s": 78, "o": 78}
    assert {n: int(c) for n, c in zip(classes.names, classes.counts, strict=True)
            if n in ("AA", "AKs", "AKo")} == {"AA": 6, "AKs": 4, "AKo": 12}
    for name, combos in zip(classes.names, classes.combos, strict=True):
        assert {class_of(c) for c in combos.tolist()} == {name}
    assert classes.names[:3] == ("AA", "AKs", "AQs") and classes.cells[13] == (1, 0)  # AKo under AA


def test_spanish_classes_come_from_its_28_card_deck():
    classes = hand_classes("spanish")
    assert len(classes) == 49 and classes.counts.sum() == math.comb(28, 2)
    assert classes.names[0] == "AA" and classes.names[-1] == "88"


@pytest.mark.parametrize("pair", [("AA", "AA"), ("AA", "KK"), ("AKs", "AKo"), ("AKo", "AQo"), ("T9s", "72o"),
                                  ("QQ", "AQs")])
def test_pair_counts_are_the_disjoint_combo_pairs(pair):
    classes = hand_classes("holdem")
    a, b = pair
    mine = equity.parse_range(a).combos.tolist()
    theirs = equity.parse_range(b).combos.tolist()
    expected = sum(1 for x in mine for y in theirs if not set(x) & set(y))
    assert classes.pair_counts()[classes.index(a), classes.index(b)] == expected
    assert classes.pair_counts().sum() == 1326 * 1225


def test_tiny_game_matrix_is_the_brute_force_average_over_combo_pairs():
    combos, share, apart = tiny_combo_matrix()
    m = class_matrix(TINY)
    assert m.method == "exact"
    names = [class_of(c) for c in combos]
    for a, name_a in enumerate(m.classes.names):
        for b, name_b in enumerate(m.classes.names):
            rows = [i for i, n in enumerate(names) if n == name_a]
            cols = [j for j, n in enumerate(names) if n == name_b]
            block = apart[np.ix_(rows, cols)]
            assert m.pairs[a, b] == block.sum()
            if block.sum():
                expected = (share[np.ix_(rows, cols)] * block).sum() / block.sum()
                assert m.equity[a, b] == pytest.approx(expected, abs=1e-12)


def test_class_level_and_combo_level_games_have_the_same_value():
    # the classes are exact symmetries of the deal: solving on the 66 combos gives the same value
    _, share, apart = tiny_combo_matrix()
    for stack in (1.5, 3.0, 8.0):
        by_combo = solve_push_fold(share, apart, stack, tolerance=1e-7)
        by_class = push_fold(TINY, stack, tolerance=1e-7)
        assert by_class.value == pytest.approx(by_combo.value, abs=1e-5)


@pytest.mark.parametrize("pair", [("AA", "KK"), ("AKs", "QQ"), ("T9s", "72o")])
def test_holdem_matrix_against_calc_on_each_combo_pair(pair):
    m = class_matrix("holdem")
    a, b = pair
    shares = []
    for x in equity.parse_range(a).combos:
        for y in equity.parse_range(b).combos:
            if set(x.tolist()) & set(y.tolist()):
                continue
            table = equity.calc("holdem", [equity.format_cards(y), equity.format_cards(x)], exact=True)
            shares.append(table.equity.iloc[1])  # the small blind (a) in seat 1
    i, j = m.classes.index(a), m.classes.index(b)
    assert m.pairs[i, j] == len(shares)
    assert m.equity[i, j] == pytest.approx(np.mean(shares), abs=1e-12)
    assert m.equity[j, i] == pytest.approx(1 - np.mean(shares), abs=1e-12)


@pytest.mark.parametrize("hand", ["72o", "AA", "T9s"])
def test_holdem_class_against_a_random_hand_is_calc_against_random(hand):
    m = class_matrix("holdem")
    exact = equity.calc("holdem", [hand, "random"], exact=True).equity.iloc[0]
    assert m.random_hand_equity()[m.classes.index(hand)] == pytest.approx(exact, abs=1e-12)


def test_monte_carlo_matrix_lies_within_its_standard_errors_of_the_exact_one():
    exact = class_matrix("spanish", method="exact")
    sampled = class_matrix("spanish", method="monte carlo", trials=2000, seed=5)
    assert sampled.method == "monte carlo" and sampled.seed == 5
    upper = np.triu_indices(len(exact.classes), 1)
    z = (sampled.equity - exact.equity)[upper] / sampled.stderr[upper]
    assert (sampled.stderr[upper] > 0).all()
    assert np.abs(z).max() < 5
    assert np.allclose(sampled.equity + sampled.equity.T, 1)
    # the same seed, the same matrix
    again = push_fold_module._build_matrix(sampled.classes, "monte carlo", 2000, 5, "high", None, False)
    assert np.array_equal(again.equity, sampled.equity)


def test_monte_carlo_push_fold_carries_standard_errors():
    exact = push_fold("spanish", 6)
    sampled = push_fold("spanish", 6, method="monte carlo", trials=2000, seed=5)
    assert exact.value_stderr == 0 and not exact.push_gain_stderr.any()
    assert 0 < sampled.value_stderr < 0.01 and (sampled.push_gain_stderr > 0).any()
    assert abs(sampled.value - exact.value) < 5 * sampled.value_stderr
    assert "push_gain_stderr" in sampled.table() and "push_gain_stderr" not in exact.table()
    assert abs(sampled.push_percent - exact.push_percent) < 3


def test_exchange_game_plays_both_orders_with_the_big_blind_first():
    m = class_matrix(MINI_DORADO, trials=500, seed=2, policies=("never", "greedy"))
    assert m.ordered and m.policies == ("never", "greedy") and m.method == "monte carlo"
    assert not np.allclose(m.equity + m.equity.T, 1)
    a, b = m.classes.index("AKs"), m.classes.index("QQ")
    cards = [push_fold_module._combo_text(m.classes.combos[i]) for i in (b, a)]
    direct = equity.calc(MINI_DORADO, cards, trials=500, seed=push_fold_module._pair_seed(2, a, b),
                         policies=["greedy", "never"])
    assert m.equity[a, b] == direct.equity.iloc[1]
    assert push_fold(MINI_DORADO, 4, trials=500, seed=2, policies=("never", "greedy")).exploitability < 1e-3


# ---------------------------------------------------------------------------------------------
# Three hole cards (Tahoe): classes by suit relabelling, the matrix from whole random deals
# ---------------------------------------------------------------------------------------------
#: Queens to aces, three hole cards of which at most two play, a three-card board: every hand is
#: two hole cards and the board (no flush, no straight: TINY's strength applies).
TINY3 = equity.define_game("tiny3_push_fold", hole_cards=3, deck="Q-A", streets=[("flop", 3)],
                           hole_cards_used="at most 2", max_players=2)


def orbit_key(hand, suits="cdhs") -> tuple:
    """A hand's class, written from the rule alone: the smallest sorted card tuple over every
    relabelling of the suits."""
    best = None
    for perm in itertools.permutations(range(4)):
        key = tuple(sorted(4 * (c // 4) + perm[c % 4] for c in hand))
        best = key if best is None or key < best else best
    return best


def tiny3_combo_matrix():
    """Every TINY3 combo and the first player's share of the pot against every other combo over
    every board, with ``apart`` marking the pairs that share no card."""
    deck = list(TINY3.deck)
    combos = list(itertools.combinations(deck, 3))
    strength = {five: tiny_strength(five) for five in itertools.combinations(deck, 5)}

    def best(hole, board):
        return max(strength[tuple(sorted((*two, *board)))] for two in itertools.combinations(hole, 2))

    n = len(combos)
    share, apart = np.full((n, n), 0.5), np.zeros((n, n))
    for i, a in enumerate(combos):
        for j, b in enumerate(combos):
            if j < i or set(a) & set(b):
                continue
            rest = [c for c in deck if c not in a and c not in b]
            boards = list(itertools.combinations(rest, 3))
            won = 0.0
            for board in boards:
                sa, sb = best(a, board), best(b, board)
                won += 1.0 if sa > sb else 0.5 if sa == sb else 0.0
            share[i, j], share[j, i] = won / len(boards), 1 - won / len(boards)
            apart[i, j] = apart[j, i] = 1
    return combos, share, apart


@pytest.fixture(scope="module")
def tiny3_reference():
    return tiny3_combo_matrix()


def test_tahoe_classes_are_the_suit_relabelling_orbits_of_its_hands():
    classes = hand_classes("tahoe")
    assert len(classes) == 1755 and int(classes.counts.sum()) == math.comb(52, 3) and not classes.grid
    orbits = Counter(orbit_key(h) for h in itertools.combinations(range(52), 3))
    assert len(orbits) == 1755
    assert sorted(orbits.values()) == sorted(classes.counts.tolist())
    rng = np.random.default_rng(7)
    for k in rng.choice(len(classes), size=40, replace=False):
        keys = {orbit_key(tuple(c)) for c in classes.combos[k].tolist()}
        assert len(keys) == 1 and orbits[keys.pop()] == classes.counts[k]
        # a class is found by any of its hands, and its name is one of them
        hand = equity.format_cards(classes.combos[k][rng.integers(classes.counts[k])])
        assert classes.index(hand) == k and classes.index(classes.names[k]) == k


def test_tahoe_pair_counts_are_the_disjoint_combo_pairs():
    classes = hand_classes("tahoe")
    counts = classes.pair_counts()
    assert counts.sum() == math.comb(52, 3) * math.comb(49, 3) and (counts == counts.T).all()
    rng = np.random.default_rng(11)
    for a, b in [*rng.choice(len(classes), size=(10, 2)), (0, 0), (0, 1)]:
        expected = sum(1 for x in classes.combos[a].tolist() for y in classes.combos[b].tolist()
                       if not set(x) & set(y))
        assert counts[a, b] == expected
    aces, kings = classes.index("AsAhAd"), classes.index("KsKhKd")
    assert counts[aces, aces] == 0 and counts[aces, kings] == 16


def test_three_card_deals_matrix_lies_within_its_errors_of_brute_force(tiny3_reference):
    combos, share, apart = tiny3_reference
    m = class_matrix(TINY3, trials=400_000, seed=3)
    assert m.method == "deals" and m.trials == 400_000 and len(m.classes) == 20
    owner = np.array([orbit_key(c) for c in combos], dtype=object)
    z = []
    keys = [orbit_key(tuple(c[0])) for c in m.classes.combos]
    for a in range(len(m.classes)):
        for b in range(a + 1, len(m.classes)):
            rows = [i for i, c in enumerate(combos) if orbit_key(c) == keys[a]]
            cols = [j for j, c in enumerate(combos) if orbit_key(c) == keys[b]]
            block = apart[np.ix_(rows, cols)]
            assert m.pairs[a, b] == block.sum()
            if block.sum():
                expected = (share[np.ix_(rows, cols)] * block).sum() / block.sum()
                z.append((m.equity[a, b] - expected) / m.stderr[a, b])
    z = np.array(z)
    assert len(owner) == 220 and len(z) > 150
    assert np.abs(z).max() < 5 and 0.5 < np.mean(z ** 2) < 1.6  # the errors are the spread's
    assert np.allclose(m.equity + m.equity.T, 1) and (np.diag(m.equity) == 0.5).all()
    # the same seed, the same matrix; another seed, another
    again = push_fold_module._build_from_deals(m.classes, 400_000, 3, "high", None, False)
    assert np.array_equal(again.equity, m.equity)
    other = push_fold_module._build_from_deals(m.classes, 400_000, 4, "high", None, False)
    assert not np.array_equal(other.equity, m.equity)


def test_three_card_value_is_the_combo_level_games_within_its_error(tiny3_reference):
    _, share, apart = tiny3_reference
    for stack in (2.0, 6.0):
        by_combo = solve_push_fold(share, apart, stack, tolerance=1e-7)
        by_class = push_fold(TINY3, stack, trials=400_000, seed=3)
        assert by_class.value_stderr > 0 and by_class.exploitability < 1e-3
        assert abs(by_class.value - by_combo.value) < 4 * by_class.value_stderr + 1e-6


def test_deals_matrix_of_holdem_lies_within_its_errors_of_the_exact_one():
    exact = class_matrix("holdem")
    sampled = class_matrix("holdem", method="deals", trials=3_000_000, seed=9)
    upper = np.triu_indices(len(exact.classes), 1)
    reached = exact.pairs[upper] > 0
    z = ((sampled.equity - exact.equity)[upper] / sampled.stderr[upper])[reached]
    assert np.abs(z).max() < 5.5 and 0.7 < np.mean(z ** 2) < 1.3
    found = push_fold("holdem", 10, method="deals", trials=3_000_000, seed=9)
    assert abs(found.value - push_fold("holdem", 10).value) < 4 * found.value_stderr


def test_tahoe_rows_match_the_shipped_hand_order_against_a_random_hand():
    """Each class's equity against a random hand, read from a small deals matrix, against the
    shipped Tahoe hand order (one Monte Carlo calculation per class against "random")."""
    m = class_matrix("tahoe", trials=4_000_000, seed=5)
    order = equity.hand_order("tahoe").set_index("hand")
    weights = m.pairs / m.pairs.sum(axis=1, keepdims=True)
    row_se = np.sqrt(((weights * m.stderr) ** 2).sum(axis=1))
    theirs = order.loc[list(m.classes.names)]
    z = (m.random_hand_equity() - theirs.equity.to_numpy()) / np.hypot(row_se, theirs.stderr.to_numpy())
    assert np.abs(z).max() < 5 and 0.6 < np.mean(z ** 2) < 1.6


def test_tahoe_push_fold_is_solved_with_errors_and_a_class_list():
    found = push_fold("tahoe", 10, trials=4_000_000, seed=5)
    assert found.n_combos == 22_100 and len(found.classes) == 1755
    assert found.exploitability < 1e-3 and 0 < found.value_stderr < 0.01
    assert 40 < found.push_percent < 90 and found.call_percent < found.push_percent
    top = found.classes.index("AsAhAd")
    assert found.push[top] == 1 and found.call[top] == 1
    chart = found.chart("push")
    assert chart.startswith("AsAhAd, AsAhKs") and chart.endswith(" of 1,755 classes)")
    table = found.table()
    assert len(table) == 1755 and "push_gain_stderr" in table


def test_matrix_is_cached_on_disk_by_fingerprint_and_method(tmp_path, monkeypatch):
    monkeypatch.setenv("EQUITY_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(push_fold_module, "_LOADED", {})
    built = class_matrix(TINY)
    assert built.path.parent == tmp_path and TINY.fingerprint() in built.path.name
    assert built.path.name.endswith("-exact.npz") and not list(tmp_path.glob("*.tmp"))

    def no_build(*args):
        raise AssertionError("built again instead of read from the cache")

    monkeypatch.setattr(push_fold_module, "_LOADED", {})
    monkeypatch.setattr(push_fold_module, "_build_matrix", no_build)
    read = class_matrix(TINY)
    assert np.array_equal(read.equity, built.equity) and read.seconds == built.seconds
    with pytest.raises(AssertionError, match="built again"):  # another method is another file
        class_matrix(TINY, method="monte carlo", trials=500)
    with pytest.raises(AssertionError, match="built again"):
        class_matrix(TINY, rebuild=True)


def test_holdem_matrix_is_shipped_and_read_from_an_empty_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("EQUITY_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(push_fold_module, "_LOADED", {})

    def no_build(*args):
        raise AssertionError("built instead of read from the shipped file")

    monkeypatch.setattr(push_fold_module, "_build_matrix", no_build)
    m = class_matrix("holdem")
    assert m.path.parent == push_fold_module.SHIPPED_MATRICES and m.method == "exact"
    assert not list(tmp_path.iterdir())  # read in place, not copied into the cache
    with pytest.raises(AssertionError, match="built instead"):  # a Monte Carlo matrix is not shipped
        class_matrix("holdem", method="monte carlo", trials=100, seed=1)


def test_shipped_holdem_matrix_is_what_the_calculator_gives_today():
    """Random pairs of classes of the shipped file against exact calculations of today's code
    (a change to the calculator or to Hold'em that moved an equity would fail here)."""
    m = class_matrix("holdem")
    texts = [",".join(equity.format_cards(c) for c in combos) for combos in m.classes.combos]
    rng = np.random.default_rng(20261205)
    for a, b in rng.choice(len(texts), size=(6, 2), replace=False):
        table = equity.calc("holdem", [texts[b], texts[a]], exact=True)  # the small blind in seat 1
        assert m.equity[a, b] == pytest.approx(table.equity.iloc[1], abs=1e-12), (m.classes.names[a],
                                                                                 m.classes.names[b])


# ---------------------------------------------------------------------------------------------
# The solver
# ---------------------------------------------------------------------------------------------
#: One card each from J, Q, K; the high card wins.
HIGH_CARD = np.array([[0.5, 0, 0], [1, 0.5, 0], [1, 1, 0.5]])
HIGH_CARD_PAIRS = 1 - np.eye(3)


@pytest.mark.parametrize("stack", [1.2, 1.5, 1.9])
def test_three_card_game_solved_by_hand(stack):
    # The king pushes and calls, the jack never calls.  The queen pushes below 2 bb (a push wins
    # 1 from the jack, loses the stack to the king: (1 - S) / 2 > -1/2).  The jack pushes so often
    # that the queen is indifferent to calling: p (S + 1) = S - 1; the queen calls so often that
    # the jack is indifferent to pushing: q = (2 - S) / (1 + S).  The small blind's value:
    # (1 + q (S - 1) / 2 + (1 - S) / 2 - 1/2) / 3.
    found = solve_push_fold(HIGH_CARD, HIGH_CARD_PAIRS, stack, tolerance=1e-7)
    jack_pushes = (stack - 1) / (stack + 1)
    queen_calls = (2 - stack) / (1 + stack)
    value = (1 + queen_calls * (stack - 1) / 2 + (1 - stack) / 2 - 0.5) / 3
    assert found.push == pytest.approx([jack_pushes, 1, 1], abs=2e-3)
    assert found.call == pytest.approx([0, queen_calls, 1], abs=2e-3)
    assert found.value == pytest.approx(value, abs=1e-7)
    assert found.exploitability <= 1e-7


def test_three_card_game_deep_pushes_the_king_alone_for_nothing():
    found = solve_push_fold(HIGH_CARD, HIGH_CARD_PAIRS, 3.0, tolerance=1e-7)
    assert found.push == pytest.approx([0, 0, 1], abs=1e-3)
    assert found.call[2] == pytest.approx(1, abs=1e-3) and found.call[0] == pytest.approx(0, abs=1e-3)
    assert found.value == pytest.approx(0, abs=1e-7)  # the king wins the blinds, the others lose theirs


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_value_lies_between_grid_search_bounds(seed):
    # three classes with random equities: the best grid strategy of each player bounds the value
    rng = np.random.default_rng(seed)
    e = rng.uniform(0.2, 0.8, (3, 3))
    e = np.triu(e, 1) + np.tril(1 - e.T, -1) + 0.5 * np.eye(3)
    pairs = rng.integers(1, 30, (3, 3)).astype(float)
    pairs = pairs + pairs.T
    stack = 2.5
    w = pairs / pairs.sum()
    grid = np.linspace(0, 1, 101)
    profiles = np.array(list(itertools.product(grid, repeat=3)))
    called = 2 * stack * e - stack
    # payoff of each (small blind class a, big blind class b) with q_b = 0 and with q_b = 1
    fold_b = ((1 - profiles) * -0.5 + profiles * 1.0) @ w
    call_b = (1 - profiles) @ (w * -0.5) + profiles @ (w * called)
    lower = np.minimum(fold_b, call_b).sum(axis=1).max()  # the small blind picks p, then the big blind
    push_a = (w * (1.0 * (1 - profiles[:, None, :]) + called[None] * profiles[:, None, :])).sum(axis=2)
    fold_a = w.sum(axis=1) * -0.5
    upper = np.maximum(push_a, fold_a[None]).sum(axis=1).min()  # the big blind picks q first
    found = solve_push_fold(e, pairs, stack, tolerance=1e-7)
    assert lower - 1e-6 <= found.value <= upper + 1e-6
    assert upper - lower < 0.01
    assert value_of(e, pairs, stack, found.push, found.call) == pytest.approx(found.value, abs=1e-12)


def test_exploitability_is_what_best_responses_gain():
    found = push_fold("holdem", 10)
    m = found.matrix
    assert found.exploitability < 1e-3  # the default settings
    n = len(found.push)
    best_push = np.array([1.0 if value_of(m.equity[[a]], m.pairs[[a]], 10, [1.0], found.call)
                          > value_of(m.equity[[a]], m.pairs[[a]], 10, [0.0], found.call) else 0.0
                          for a in range(n)])
    best_call = np.array([1.0 if value_of(m.equity[:, [b]], m.pairs[:, [b]], 10, found.push, [1.0])
                          < value_of(m.equity[:, [b]], m.pairs[:, [b]], 10, found.push, [0.0]) else 0.0
                          for b in range(n)])
    gains = (value_of(m.equity, m.pairs, 10, best_push, found.call)
             - value_of(m.equity, m.pairs, 10, found.push, best_call))
    assert gains == pytest.approx(found.exploitability, abs=1e-9)
    assert value_of(m.equity, m.pairs, 10, found.push, found.call) == pytest.approx(found.value, abs=1e-9)


def test_ante_is_dead_money_on_top_of_the_stacks():
    plain, anted = push_fold("spanish", 6), push_fold("spanish", 6, ante=0.25)
    m = plain.matrix
    assert anted.value == pytest.approx(value_of(m.equity, m.pairs, 6, anted.push, anted.call, ante=0.25),
                                        abs=1e-9)
    assert anted.push_combos > plain.push_combos  # a bigger pot to steal


def test_solver_warns_when_it_stops_early():
    with pytest.warns(SolverWarning, match="above the tolerance"):
        found = solve_push_fold(HIGH_CARD, HIGH_CARD_PAIRS, 1.5, tolerance=1e-12, max_iterations=10)
    assert found.iterations == 10


# ---------------------------------------------------------------------------------------------
# Hold'em: the published Nash push/fold charts (HoldemResources)
# ---------------------------------------------------------------------------------------------
def test_holdem_at_10_big_blinds_pushes_58_4_and_calls_37_4_percent():
    found = push_fold("holdem", 10)
    assert found.n_combos == 1326
    assert abs(found.push_percent - 58.4) <= 1
    assert 37.3 - 1 <= found.call_percent <= 37.6 + 1
    assert found.exploitability < 1e-3 and found.matrix.method == "exact"
    assert found.push[found.classes.index("72o")] == 0 and found.push[found.classes.index("K2o")] == 1


@pytest.fixture(scope="module")
def holdem_chart():
    return push_fold_thresholds("holdem").set_index("hand")


@pytest.mark.parametrize(("hand", "column", "published"), [
    ("K2o", "push", 11.6), ("Q7o", "push", 10.3), ("T3s", "push", 7.7), ("Q2o", "call", 5.6)])
def test_holdem_thresholds_match_the_published_chart(holdem_chart, hand, column, published):
    assert abs(holdem_chart.loc[hand, column] - published) <= 0.2


@pytest.mark.parametrize(("hand", "published"), [("72o", 1.622), ("32o", 1.413)])
def test_push_threshold_where_the_big_blind_calls_everything(holdem_chart, hand, published):
    # a push called by every hand gains S (2e - 1) + 1/2 over a fold: zero at S = 0.5 / (1 - 2e)
    e = equity.calc("holdem", [hand, "random"], exact=True).equity.iloc[0]
    assert 0.5 / (1 - 2 * e) == pytest.approx(published, abs=0.001)
    assert holdem_chart.loc[hand, "push"] == pytest.approx(0.5 / (1 - 2 * e), abs=0.01)
    assert holdem_chart.loc[hand, "push"] == pytest.approx(published, abs=0.01)


def test_holdem_chart_edges(holdem_chart):
    assert holdem_chart.loc["AA", "push"] == math.inf and holdem_chart.loc["AA", "call"] == math.inf
    assert holdem_chart.attrs["exploitability"] < 1e-3


def test_push_fold_method_thresholds_is_the_function():
    spanish = push_fold("spanish", 3)
    stacks = [1.5, 2.0, 3.0, 4.0]
    assert spanish.thresholds(stacks).equals(push_fold_thresholds("spanish", stacks=stacks))


# ---------------------------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------------------------
def test_unknown_game():
    with pytest.raises(GameError, match="unknown game 'bingo'"):
        push_fold("bingo", 10)


@pytest.mark.parametrize("stack", [1, 1.0, 0.5, -3])
def test_stack_must_exceed_the_big_blind(stack):
    with pytest.raises(OptionError, match="must exceed the big blind"):
        push_fold("holdem", stack)


@pytest.mark.parametrize("stack", [math.nan, math.inf, "10", True, None])
def test_stack_must_be_a_number(stack):
    with pytest.raises(OptionError, match="finite number of big blinds"):
        push_fold("holdem", stack)


@pytest.mark.parametrize(("game", "phase"), [("draw", "a draw"), ("switch", "a switch and a draw"),
                                              ("switch7", "a switch")])
def test_games_whose_hands_change_after_the_deal_are_refused(game, phase):
    with pytest.raises(GameError, match=f"{game} has {phase}, where hands change"):
        push_fold(game, 10)


def test_games_of_four_hole_cards_are_refused_for_their_size():
    with pytest.raises(GameError, match="omaha deals 4 hole cards: Omaha's four make 16,432 hand classes"):
        push_fold("omaha", 10)
    with pytest.raises(GameError, match="two or three hole cards"):
        hand_classes("omaha")


@pytest.mark.parametrize(("options", "message"), [
    ({"method": "exact"}, "method 'deals' only"),
    ({"method": "monte carlo"}, "method 'deals' only"),
    ({"method": "deals", "trials": 99}, r"trials \(deals in all\) must be"),
])
def test_three_card_games_take_deals_only(options, message):
    with pytest.raises(OptionError, match=message):
        class_matrix("tahoe", **options)


@pytest.mark.parametrize(("options", "message"), [
    ({"ante": -1}, "an ante cannot be negative"),
    ({"policies": "greedy"}, "holdem has no exchange"),
    ({"method": "fast"}, "method must be"),
    ({"method": "exact", "trials": 1000}, "apply to a 'monte carlo'"),
    ({"method": "monte carlo", "trials": 10}, r"trials \(trials per pair of classes\) must be"),
    ({"pot": "low"}, "holdem is played for"),
    ({"tolerance": 0}, "tolerance must be"),
    ({"max_iterations": 0}, "max_iterations must be"),
])
def test_bad_options(options, message):
    with pytest.raises(OptionError, match=message):
        push_fold("holdem", 10, **options)


def test_exchange_policies_must_be_names():
    with pytest.raises(OptionError, match="policies must be an exchange policy name"):
        class_matrix("eldorado", policies=("greedy", "clever"))
    with pytest.raises(OptionError, match="'monte carlo' or 'deals' only"):
        class_matrix("eldorado", method="exact")


def test_bad_class_name_and_stack_grid():
    with pytest.raises(OptionError, match="no hand class 'AKx'"):
        hand_classes("holdem").index("AKx")
    with pytest.raises(OptionError, match="increasing order"):
        push_fold_thresholds("spanish", stacks=[3, 2])
    with pytest.raises(OptionError, match="must exceed the big blind"):
        push_fold_thresholds("spanish", stacks=[1, 2])
    assert issubclass(OptionError, InvalidInputError)


# ---------------------------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------------------------
def test_cli_prints_the_ranges_as_rank_grids(run_cli):
    code, out, err = run_cli("strategy", "push-fold", "holdem", "--stack", "10")
    assert code == 0 and err == ""
    assert "small blind pushes" in out and "of 1,326 combos (58." in out
    assert "exploitability: 0.0000" in out and "value for the small blind" in out
    lines = out.splitlines()
    grid = lines[lines.index("Small blind pushes:") + 1:][:14]
    assert grid[0].split() == list("AKQJT98765432")
    assert grid[1].split()[:3] == ["A", "AA", "AKs"] and grid[13].split()[-1] == "22"


def test_cli_csv_and_json(run_cli):
    code, out, _ = run_cli("strategy", "push-fold", "spanish", "--stack", "3", "--format", "csv")
    lines = out.splitlines()
    attrs = [line for line in lines if line.startswith("# ")]
    assert code == 0
    assert attrs[:4] == ['# game: "spanish"', '# method: "exact"', "# seed: null", "# trials: null"]
    table = lines[len(attrs):]
    assert table[0] == "hand,combos,push,call,push_gain,call_gain" and len(table) == 50
    code, out, _ = run_cli("strategy", "push-fold", "spanish", "--stack", "3", "--format", "json")
    data = json.loads(out)
    found = push_fold("spanish", 3)
    assert code == 0 and data["attrs"]["game"] == "spanish" and data["attrs"]["combos"] == 378
    assert data["attrs"]["push_percent"] == pytest.approx(found.push_percent)
    assert len(data["rows"]) == 49 and data["attrs"]["exploitability"] < 1e-3
    # the rows are rounded as printed: six decimals
    assert data["rows"][-1]["push_gain"] == round(float(found.push_gain[-1]), 6)


def test_cli_thresholds(run_cli):
    code, out, _ = run_cli("strategy", "push-fold", "spanish", "--thresholds")
    assert code == 0 and "Small blind pushes up to:" in out and "20+" in out
    code, out, _ = run_cli("strategy", "push-fold", "spanish", "--thresholds", "--format", "json")
    data = json.loads(out)
    assert data["attrs"]["stacks"] == {"first": 1.1, "last": 20.0, "count": 190}
    assert {c["hand"]: c["push"] for c in data["rows"]}["AA"] == "inf"


@pytest.mark.parametrize(("args", "message"), [
    (["bingo"], "unknown game 'bingo'"),
    (["holdem", "--stack", "1"], "must exceed the big blind"),
    (["switch"], "switch has a switch and a draw"),
    (["omaha"], "two or three hole cards"),
    ([], "give a game name"),
])
def test_cli_bad_input_is_one_line_and_status_2(run_cli, args, message):
    code, out, err = run_cli("strategy", "push-fold", *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err
