"""The calculator's loops of their own, each against a reference and against the general path on
the same deals: the El Dorado exchange (``equity._kernels.exchange.sample_exchange``: ``greedy``
and ``never`` exchanges, against the reference exchange and evaluator and the deal engine's
exchange kernel row by row), and two fixed hands through their seat tables
(``equity._kernels.calc._fixed_tables_loop``: Omaha and Tahoe, high and hi-lo)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
import reference as R

import equity.calculator.sampling as sampling
from equity import calc
from equity.calculator.question import Question, read_question


@pytest.fixture
def fused_calls(monkeypatch):
    """Counts the calls of the fused exchange kernel (so a test knows which path played)."""
    calls = []
    kernel = sampling.sample_exchange

    def counting(*args):
        calls.append(1)
        return kernel(*args)

    monkeypatch.setattr(sampling, "sample_exchange", counting)
    return calls


def _exact_after_flop(hands: list[list[int]], flop: list[int], keeps: list[bool]) -> np.ndarray:
    """Each seat's share of the pot over every last card, the exchange played by the reference
    (``greedy`` does not read the last card) and the hands valued by the reference evaluator."""
    seats, final_flop, wild = R.greedy_exchange(hands, flop, keeps=keeps)
    seen = {c for h in hands for c in h} | set(flop)
    shares = np.zeros(len(hands))
    lasts = [c for c in range(52) if c not in seen]
    for last in lasts:
        keys = [R.best_high("eldorado", hole, [*final_flop, last], wild) for hole in seats]
        best = max(keys)
        winners = [p for p, key in enumerate(keys) if key == best]
        for p in winners:
            shares[p] += 1 / len(winners)
    return shares / len(lasts)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_known_flop_matches_the_reference_exchange_and_evaluator(seed: int, fused_calls) -> None:
    rng = np.random.default_rng(seed)
    players = 3
    cards = rng.permutation(52)[: 2 * players + 3].tolist()
    hands = [cards[2 * p : 2 * p + 2] for p in range(players)]
    flop = cards[2 * players :]
    keeps = [False, seed % 2 == 1, False]  # a seat that never swaps, in half the spots
    policies = ["never" if k else "greedy" for k in keeps]
    expected = _exact_after_flop(hands, flop, keeps)
    table = calc("eldorado", [R.show(h) for h in hands], board=R.show(flop), policies=policies,
                 trials=30_000, seed=seed)
    assert fused_calls, "the fused exchange kernel did not play this spot"
    for p in range(players):
        assert abs(table.equity[p] - expected[p]) < 4 * table.stderr[p] + 1e-12, (p, expected)


def test_preflop_heads_up_matches_the_reference_on_sampled_flops(fused_calls) -> None:
    # the reference's equity of AhKh v QsQd, greedy both, estimated over random flops (each valued
    # exactly over its last cards): the fused kernel within 4 standard errors of the difference
    hands = [R.parse("AhKh"), R.parse("QsQd")]
    rest = [c for c in range(52) if c not in hands[0] + hands[1]]
    rng = np.random.default_rng(11)
    values = []
    for _ in range(150):
        flop = rng.choice(rest, 3, replace=False).tolist()
        values.append(_exact_after_flop(hands, flop, [False, False])[0])
    expected = float(np.mean(values))
    expected_se = float(np.std(values, ddof=1) / math.sqrt(len(values)))
    table = calc("eldorado", ["AhKh", "QsQd"], policies="greedy", trials=100_000, seed=3)
    assert fused_calls
    assert abs(table.equity[0] - expected) < 4 * math.hypot(table.stderr[0], expected_se)


SPOTS = [
    (["AhKh", "QsQd"], "", "greedy"),
    (["AhKh", "random"], "", "greedy"),
    (["7c2d", "random", "JhTh"], "Jc7h2s", ["greedy", "never", "greedy"]),
    (["AhKh", "QsQd", "9c9d", "random", "random", "JhTh"], "", "greedy"),
    (["random", "random", "random", "random"], "", ["never", "greedy", "greedy", "never"]),
]


@pytest.mark.parametrize("hands, board, policies", SPOTS)
def test_the_fused_kernel_plays_the_deals_of_the_general_path(monkeypatch, fused_calls, hands, board,
                                                               policies) -> None:
    # both deal the same cards from the same chunk streams, so they must give the same sums (up to
    # the order of floating-point additions of shares such as 1/3)
    fused = calc("eldorado", hands, board=board, policies=policies, trials=70_000, seed=4)
    assert fused_calls
    monkeypatch.setattr(Question, "exchange_fused", lambda self: False)
    general = calc("eldorado", hands, board=board, policies=policies, trials=70_000, seed=4)
    assert len(fused_calls) == 1
    for column in ("equity", "stderr", "win", "tie"):
        np.testing.assert_allclose(fused[column], general[column], rtol=1e-12, atol=1e-15)


def test_the_fixed_seats_decisions_are_remembered_across_chunks_and_calls(fused_calls) -> None:
    # the same spot twice in one calculation's chunks, and in a second calculation: the memo of
    # one fixed seat's decisions must not leak into another seat's or another calculation's
    first = calc("eldorado", ["AhKh", "QsQd", "2c2d"], policies="greedy", trials=140_000, seed=8)
    other = calc("eldorado", ["2c2d", "QsQd", "AhKh"], policies="greedy", trials=140_000, seed=8)
    again = calc("eldorado", ["AhKh", "QsQd", "2c2d"], policies="greedy", trials=140_000, seed=8)
    assert len(fused_calls) >= 3
    np.testing.assert_array_equal(first.equity, again.equity)
    # the seats' order matters to the exchange, so the two spots differ by more than noise
    assert abs(first.equity[0] - other.equity[2]) > 4 * math.hypot(first.stderr[0], other.stderr[2])


def _question(hands: list[str], board: str = "", policies=None, **rules) -> Question:
    return read_question("eldorado", hands, board, "", False, policies, rules)


@pytest.mark.parametrize("options, fused", [
    ({"policies": "greedy"}, True),
    ({"policies": ["greedy", "never"]}, True),
    ({"policies": "never"}, True),
    ({"policies": "lookahead", "lookahead_samples": 10}, False),
    ({"policies": "greedy", "pot": "low"}, False),
    ({"policies": "greedy", "fold_policy": 0.3}, False),
    ({"wild": "K", "board": "Kc7c2d"}, False),  # the exchange is over
])
def test_the_fused_exchange_applies_to_greedy_and_never_in_a_high_pot(options, fused) -> None:
    assert _question(["AhKh", "QsQd"], **options).exchange_fused() is fused


def test_range_seats_and_hands_in_part_take_the_general_path() -> None:
    assert not _question(["AhKh", "QQ,JJ"]).exchange_fused()
    assert not _question(["AhKh", "Qs?"]).exchange_fused()
    assert _question(["AhKh", "random"]).exchange_fused()


@pytest.fixture
def seat_table_switch(monkeypatch):
    """Records ``sample_plain``'s ``fixed_tables`` switch on each call (True: the loop of two fixed
    hands through their seat tables; None: another loop)."""
    seen = []
    kernel = sampling.sample_plain

    def spying(*args):
        seen.append(sampling.LoopFlags(*args[10:18]).fixed_tables)
        return kernel(*args)

    monkeypatch.setattr(sampling, "sample_plain", spying)
    return seen


@pytest.mark.parametrize("game, hands, hi_lo", [
    ("omaha", ["Ah2hKsKd", "As3dQcJc"], True),
    ("omaha", ["AhAsKhKs", "QdJdTc9c"], False),
    ("tahoe", ["Ah2hKh", "3c4cQd"], True),
    ("tahoe", ["AhKhQh", "2c3c4c"], False),
])
def test_two_fixed_hands_through_seat_tables_play_the_general_loops_deals(monkeypatch, seat_table_switch,
                                                                           game, hands, hi_lo) -> None:
    # the loop of two fixed hands through their seat tables (_fixed_tables_loop, a whole board to
    # deal) deals the same boards from the same streams as the general trial loop: the same sums,
    # the high half's too
    seen = seat_table_switch
    fused = calc(game, hands, hi_lo=hi_lo, trials=70_000, seed=6)
    assert seen == [True]
    monkeypatch.setattr(sampling, "plays_seat_tables", lambda *args: False)
    general = calc(game, hands, hi_lo=hi_lo, trials=70_000, seed=6)
    assert seen == [True, None]
    numeric = [c for c in fused.columns if pd.api.types.is_numeric_dtype(fused[c])]
    assert {"equity", "stderr", "win", "tie"} <= set(numeric)
    for column in numeric:
        np.testing.assert_allclose(fused[column], general[column], rtol=1e-12, atol=1e-15, err_msg=column)


def test_a_board_given_keeps_the_general_loop(seat_table_switch) -> None:
    # the seat-table loop deals a whole board of five as a constant; with a flop given, the general
    # trial loop plays, and it agrees with the exact answer
    seen = seat_table_switch
    sampled = calc("omaha", ["Ah2hKsKd", "As3dQcJc"], board="3c5d9h", hi_lo=True, trials=40_000, seed=2)
    assert seen == [None]
    exact = calc("omaha", ["Ah2hKsKd", "As3dQcJc"], board="3c5d9h", hi_lo=True, exact=True)
    assert abs(sampled.equity[0] - exact.equity[0]) < 4 * sampled.stderr[0]
