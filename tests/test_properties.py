"""Hypothesis properties of hand strengths (derandomized: the same examples every run).

- the order of the cards within the hole and the board does not change a strength;
- relabelling the suits does not change a strength (highs and lows, every game);
- adding a card never lowers a Hold'em hand; draw7 and Hold'em order seven cards alike;
- hands compare (<, ==, >) exactly as the reference keys do, and equal hands are ==.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
import reference as R
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

equity = pytest.importorskip("equity")

SETTINGS = settings(derandomize=True, max_examples=300, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])

HOLE = {"holdem": 2, "omaha": 4, "tahoe": 3, "spanish": 2, "egyptian": 2, "eldorado": 2,
        "draw": 5, "draw7": 7}
BOARD_SIZES = {"holdem": (3, 4, 5), "omaha": (3, 4, 5), "tahoe": (3, 4, 5),
               "spanish": (3, 4, 5), "egyptian": (5, 6), "eldorado": (3, 4), "draw": (0,),
               "draw7": (0,)}
LOW_GAMES = ("omaha", "tahoe", "eldorado")


@st.composite
def deals(draw: st.DrawFn, games: tuple[str, ...] = tuple(HOLE)) -> tuple:
    """(game, hole, board, wild) with wild a rank index or -1 (El Dorado only)."""
    game = draw(st.sampled_from(games))
    deck = R.SPANISH_DECK if game == "spanish" else R.DECK52
    n_board = draw(st.sampled_from(BOARD_SIZES[game]))
    cards = draw(st.permutations(deck))[: HOLE[game] + n_board]
    wild = draw(st.integers(-1, 12)) if game == "eldorado" else -1
    return game, list(cards[: HOLE[game]]), list(cards[HOLE[game]:]), wild


def high(game: str, hole: list[int], board: list[int], wild: int = -1) -> int:
    h = np.array([hole], np.uint8)
    b = np.array([board], np.uint8).reshape(1, len(board))
    if game == "eldorado":
        return int(equity.evaluate_many(game, h, b, wild=np.array([wild]))[0])
    return int(equity.evaluate_many(game, h, b)[0])


def low(game: str, hole: list[int], board: list[int], wild: int = -1,
        wild_can_be_ace: bool = True) -> int:
    h = np.array([hole], np.uint8)
    b = np.array([board], np.uint8).reshape(1, len(board))
    if game == "eldorado":
        return int(equity.evaluate_low_many(game, h, b, wild=np.array([wild]),
                                            wild_can_be_ace=wild_can_be_ace)[0])
    return int(equity.evaluate_low_many(game, h, b)[0])


def relabel(cards: list[int], suits: list[int]) -> list[int]:
    return [4 * (c >> 2) + suits[c & 3] for c in cards]


@SETTINGS
@given(deals(), st.randoms(use_true_random=False))
def test_card_order_does_not_change_strength(deal: tuple, rnd: random.Random) -> None:
    game, hole, board, wild = deal
    hole2, board2 = hole[:], board[:]
    rnd.shuffle(hole2)
    rnd.shuffle(board2)
    assert high(game, hole, board, wild) == high(game, hole2, board2, wild)
    if game in LOW_GAMES:
        assert low(game, hole, board, wild) == low(game, hole2, board2, wild)


@SETTINGS
@given(deals(), st.permutations(range(4)))
def test_suit_relabelling_does_not_change_strength(deal: tuple, suits: list[int]) -> None:
    game, hole, board, wild = deal
    h2, b2 = relabel(hole, suits), relabel(board, suits)
    assert high(game, hole, board, wild) == high(game, h2, b2, wild)
    if game in LOW_GAMES:
        assert low(game, hole, board, wild) == low(game, h2, b2, wild)
        if game == "eldorado":
            assert low(game, hole, board, wild, False) == low(game, h2, b2, wild, False)


@SETTINGS
@given(st.permutations(R.DECK52))
def test_holdem_adding_a_card_never_lowers_the_hand(deck: list[int]) -> None:
    hole, board = list(deck[:2]), list(deck[2:7])
    flop, turn, river = (high("holdem", hole, board[:n]) for n in (3, 4, 5))
    assert flop <= turn <= river


@SETTINGS
@given(st.lists(st.permutations(R.DECK52), min_size=2, max_size=2))
def test_draw7_orders_seven_cards_like_holdem(decks: list[list[int]]) -> None:
    a, b = (list(d[:7]) for d in decks)
    ha, hb = high("holdem", a[:2], a[2:]), high("holdem", b[:2], b[2:])
    da, db = high("draw7", a, []), high("draw7", b, [])
    assert np.sign(ha - hb) == np.sign(da - db)
    # A six-card Hold'em hand (two hole and four board) never beats the seven.
    assert high("holdem", a[:2], a[2:6]) <= ha


@SETTINGS
@given(deals(), st.integers(0, 10**9))
def test_hands_compare_like_the_reference(deal: tuple, seed: int) -> None:
    """A second hand on the same board: evaluator and reference order the two alike."""
    game, hole, board, wild = deal
    rng = np.random.default_rng(seed)
    deck = R.SPANISH_DECK if game == "spanish" else R.DECK52
    rest = [c for c in deck if c not in hole and c not in board]
    other = [int(c) for c in rng.permutation(rest)[: len(hole)]]
    w = None if wild < 0 else wild
    ra, rb = R.best_high(game, hole, board, w), R.best_high(game, other, board, w)
    options = {"wild": R.RANK_CHARS[wild]} if wild >= 0 else {}
    a = equity.evaluate(game, hole, board, **options)
    b = equity.evaluate(game, other, board, **options)
    assert (a == b) == (ra == rb)
    assert (a > b) == (ra > rb) and (a < b) == (ra < rb)
    assert a.strength == high(game, hole, board, wild)


@SETTINGS
@given(deals(), st.permutations(range(4)))
def test_equal_hands_compare_equal(deal: tuple, suits: list[int]) -> None:
    """A suit-relabelled copy is an equal hand: ==, not <, not >, and the same hash."""
    game, hole, board, wild = deal
    options = {"wild": R.RANK_CHARS[wild]} if wild >= 0 else {}
    a = equity.evaluate(game, hole, board, **options)
    b = equity.evaluate(game, relabel(hole, suits), relabel(board, suits), **options)
    assert a == b and not a < b and not a > b and hash(a) == hash(b)
    assert a.category == b.category and str(a) == str(b)


@SETTINGS
@given(deals(LOW_GAMES), st.integers(0, 10**9))
def test_lows_compare_like_the_reference(deal: tuple, seed: int) -> None:
    game, hole, board, wild = deal
    rng = np.random.default_rng(seed)
    rest = [c for c in R.DECK52 if c not in hole and c not in board]
    other = [int(c) for c in rng.permutation(rest)[: len(hole)]]
    w = None if wild < 0 else wild
    for ace in (True, False) if game == "eldorado" else (True,):
        ra = R.best_low(game, hole, board, w, ace)
        rb = R.best_low(game, other, board, w, ace)
        fa, fb = low(game, hole, board, wild, ace), low(game, other, board, wild, ace)
        assert (fa == 0) == (ra is None) and (fb == 0) == (rb is None)
        if ra is not None and rb is not None:
            assert np.sign(fa - fb) == (ra > rb) - (ra < rb)
