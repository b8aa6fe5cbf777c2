"""Exact enumeration counted by multisets of ranks (``equity._kernels.exact``).

Where each hand is all of its seat's cards and the board, in a high pot with no wild card, the
calculator counts the boards that give no seat a flush by their ranks alone (each multiset
weighted by its boards) and walks the boards that do.  That is a different count of the same
boards as walking them all, so it is checked

- against the brute-force oracles (``reference.py``, ``reference_custom.py``) enumerating every
  board, where one or two cards are to come;
- against the walk of every board (the general path of the fused kernels, itself checked
  against the oracle in ``test_calc.py``) on random preflop and flop deals of two to six seats,
  with ranges, random hands and dead cards;
- in a game whose boards can give two seats flushes in two suits (four hole cards, any used),
  where the boards are walked card by card and each counted under its first suit.

The published preflop figures (AhKh against QsQd, AA against KK) are in ``test_calc.py``.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from pathlib import Path

import numba
import numpy as np
import pytest
import reference as ref
import reference_custom as RC

from equity import calc, define_game, load_game
from equity.calculator import exact as module
from equity.calculator.question import read_question

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]

#: Four hole cards, any of them used, five board cards: one board can hold flushes in two suits
#: for two seats (each needs a single card of its suit when it holds four).
FOUR_ANY = define_game("four_any", hole_cards=4, hole_cards_used="any",
                       streets=[("flop", 3), ("turn", 1), ("river", 1)])
FOUR_ANY_RULES = RC.Rules()
SHORT_DECK = load_game(Path(__file__).resolve().parents[1] / "examples" / "games" / "short_deck_holdem.toml")


def _oracle(best, hands: list[str], board: str, dead: str, board_size: int) -> list[Fraction]:
    """Each seat's exact share of the pot over every completion of the board, from ``best`` (the
    oracle's best high hand of hole and board cards)."""
    holes = [ref.parse(h) for h in hands]
    known = ref.parse(board)
    used = set(known) | set(ref.parse(dead)) | {c for h in holes for c in h}
    stub = [c for c in ref.DECK52 if c not in used]
    shares = [Fraction(0)] * len(holes)
    count = 0
    for extra in itertools.combinations(stub, board_size - len(known)):
        full = known + list(extra)
        keys = [best(h, full) for h in holes]
        top = max(keys)
        winners = [p for p, k in enumerate(keys) if k == top]
        for p in winners:
            shares[p] += Fraction(1, len(winners))
        count += 1
    return [s / count for s in shares]


def _deal(rng: random.Random, players: int, n_hole: int, n_board: int, dead: bool):
    cards = rng.sample(DECK, players * n_hole + n_board + 1)
    hands = ["".join(cards[p * n_hole:(p + 1) * n_hole]) for p in range(players)]
    board = "".join(cards[players * n_hole:players * n_hole + n_board])
    return hands, board, cards[-1] if dead else ""


def _walk_every_board(monkeypatch) -> None:
    monkeypatch.setattr(module, "by_ranks", lambda q: False)


def test_counting_by_ranks_is_taken_where_hands_are_all_the_cards_in_a_high_pot():
    def taken(game, hands, board="", **rules):
        return module.by_ranks(read_question(game, hands, board, "", False, None, rules))

    assert taken("holdem", ["AhKh", "QsQd"])
    assert taken("egyptian", ["AhKh", "QsQd"], "2c3c4c")
    assert taken(FOUR_ANY, ["AhKh2h3h", "AsKs4s5s"])
    assert not taken("omaha", ["AhKhQhJh", "2c3c4c5c"])  # exactly two hole cards
    assert not taken("tahoe", ["AhKhQh", "2c3c4c"])  # at most two of three
    assert not taken("spanish", ["AhKh", "QsQd"])  # exactly two hole cards
    assert not taken("eldorado", ["AhKh", "QsQd"], "2c3cKd", wild="K")  # a wild rank


@pytest.mark.parametrize("seed", range(6))
def test_holdem_with_one_or_two_cards_to_come_equals_the_oracle(seed):
    rng = random.Random(seed)
    players = rng.choice([2, 3, 4])
    hands, board, dead = _deal(rng, players, 2, rng.choice([3, 4]), dead=seed % 2 == 0)
    table = calc("holdem", hands, board=board, dead=dead or None, exact=True)
    expected = _oracle(lambda h, b: ref.best_high("holdem", h, b), hands, board, dead, 5)
    np.testing.assert_allclose(table.equity, [float(e) for e in expected], rtol=0, atol=1e-12)


@pytest.mark.parametrize("seed", range(3))
def test_egyptian_six_card_hands_with_one_card_to_come_equal_the_oracle(seed):
    rng = random.Random(100 + seed)
    hands, board, dead = _deal(rng, 3, 2, 5, dead=False)
    table = calc("egyptian", hands, board=board, exact=True)
    expected = _oracle(lambda h, b: ref.best_high("egyptian", h, b), hands, board, dead, 6)
    np.testing.assert_allclose(table.equity, [float(e) for e in expected], rtol=0, atol=1e-12)


@pytest.mark.parametrize("hands, board", [
    # both seats hold four of a suit: a flush in each suit on the same board
    (["AhKh2h3h", "AsKs4s5s", "7c8d9cTd"], "6h6s9h"),
    (["QhJh2h3h", "QsJs4s5s"], "Th9s2c8d"),
    (["AhKh2h3h", "AsKs4s5s"], "6h6sTc"),
])
def test_two_suits_flushing_on_one_board_equal_the_oracle(hands, board):
    table = calc(FOUR_ANY, hands, board=board, exact=True)
    expected = _oracle(lambda h, b: RC.best_high(FOUR_ANY_RULES, h, b), hands, board, "", 5)
    np.testing.assert_allclose(table.equity, [float(e) for e in expected], rtol=0, atol=1e-12)


@pytest.mark.parametrize("game, hands, board, dead", [
    ("holdem", ["AhKh", "QsQd"], "", ""),
    ("holdem", ["AhKh", "QsQd", "JcTc"], "", "2h"),
    ("holdem", ["AhKh", "QsQd", "JcTc", "9d9h", "7s6s", "5c5d"], "", ""),
    ("holdem", ["7h2c", "random"], "Kh9h3d", "Kd"),
    ("holdem", ["QQ+,AKs", "JJ-99,AQs"], "", ""),
    ("holdem", ["AhAd", "KK", "QsJs"], "Kh9h2c", ""),
    ("holdem", ["Ah5h", "KsQs", "random"], "9h8h3s", ""),
    ("egyptian", ["AhKh", "QsQd", "9c9d"], "2h7h5c", ""),
    (FOUR_ANY, ["AhKh2h3h", "AsKs4s5s", "7c8d9cTd"], "", ""),
    (FOUR_ANY, ["AhKhQh3c", "AsKsQs5d"], "", "Jh"),
    # a 36-card deck where a flush beats a full house and A-6-7-8-9 is a straight
    (SHORT_DECK, ["AhKh", "QsQd", "9c8c"], "", ""),
    (SHORT_DECK, ["Ah6h", "random"], "7h8h9c", ""),
])
def test_counting_by_ranks_equals_walking_every_board(monkeypatch, game, hands, board, dead):
    by_ranks = calc(game, hands, board=board or None, dead=dead or None, exact=True)
    _walk_every_board(monkeypatch)
    every = calc(game, hands, board=board or None, dead=dead or None, exact=True)
    assert by_ranks.attrs["outcomes"] == every.attrs["outcomes"]
    for column in ("equity", "win", "tie"):
        np.testing.assert_allclose(by_ranks[column], every[column], rtol=0, atol=1e-12,
                                   err_msg=column)


@pytest.mark.parametrize("seed", range(4))
def test_random_preflop_and_flop_deals_equal_walking_every_board(monkeypatch, seed):
    rng = random.Random(200 + seed)
    deals = []
    for _ in range(3):
        players = rng.choice([2, 3, 5])
        hands, board, dead = _deal(rng, players, 2, rng.choice([0, 3]), dead=rng.random() < 0.5)
        deals.append((hands, board or None, dead or None))
    counted = [calc("holdem", h, board=b, dead=d, exact=True) for h, b, d in deals]
    _walk_every_board(monkeypatch)
    for (hands, board, dead), by_ranks in zip(deals, counted, strict=True):
        every = calc("holdem", hands, board=board, dead=dead, exact=True)
        np.testing.assert_allclose(by_ranks.equity, every.equity, rtol=0, atol=1e-12,
                                   err_msg=f"{hands} {board} {dead}")


def test_the_same_sums_on_one_and_two_threads():
    hands = ["AhKh", "QsQd", "JcTc"]
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = calc("holdem", hands, exact=True)
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        two = calc("holdem", hands, exact=True)
    finally:
        numba.set_num_threads(before)
    assert one.equity.tolist() == two.equity.tolist()


def test_a_hand_against_a_random_hand_is_enumerated_by_default():
    # Counted by ranks, AhKh against any two cards (1,225 hands, 204 once merged by suit) takes
    # about 0.1 s, so the calculator enumerates it: AKs wins 67.04% against a random hand
    # (PokerStove's preflop table); Monte Carlo was the default before.
    table = calc("holdem", ["AhKh", "random"])
    assert table.attrs["method"] == "exact"
    assert abs(float(table.equity[0]) - 0.6704) < 0.00005
    # with two random hands the tuples are too many: still sampled
    assert calc("holdem", ["AhKh", "random", "random"], seed=1).attrs["method"] == "monte carlo"

