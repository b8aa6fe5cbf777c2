"""A range seat hand by hand (``calc(..., by=...)``, :func:`equity.equity_distribution`): against
the whole calculation, against brute force with the reference evaluator, and bad input."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from reference import best_high, parse

import equity
from equity.calculator.breakdown import hand_class
from equity.errors import OptionError


def test_combos_average_to_the_range_equity_with_card_removal():
    """Exact: the probability-weighted mean of the combinations is the whole calculation's
    equity, range against range (card removal between them) and with a random third seat."""
    for hands, board in [(["QQ+, AKs, A5s:0.5", "JJ-99, AQs, KQo:0.25"], "Qh7c2d"),
                         (["AhKh, AsKs:0.5, 7c7d", "QQ, JJ:0.5", "random"], "Qd7h2s9c")]:
        whole = equity.calc("holdem", hands, board=board, exact=True)
        parts = equity.calc("holdem", hands, board=board, exact=True, by="combo")
        assert parts.attrs["method"] == "exact" and parts.probability.sum() == pytest.approx(1.0)
        assert parts.attrs["equity"] == pytest.approx(whole.equity[0], abs=1e-12)
        by_class = equity.calc("holdem", hands, board=board, exact=True, by="class")
        assert (by_class.probability * by_class.equity).sum() == pytest.approx(whole.equity[0], abs=1e-12)
        second = equity.calc("holdem", hands, board=board, exact=True, seat=1)  # the other range
        assert second.attrs["seat"] == 1
        assert second.attrs["equity"] == pytest.approx(whole.equity[1], abs=1e-12)


def test_card_removal_moves_probability_between_combos():
    """Against 'AA' (six combos, three of them holding the ace of hearts) AhKh fits three and
    7c7d all six, so 7c7d is twice as likely: probabilities 1/3 and 2/3."""
    parts = equity.calc("holdem", ["AhKh, 7c7d", "AA"], board="2c8d9h", exact=True, by="combo")
    p = dict(zip(parts.hand, parts.probability, strict=True))
    assert p["AhKh"] == pytest.approx(1 / 3) and p["7d7c"] == pytest.approx(2 / 3)


def _brute_equity(hole, against, board, dead=()):
    """Share of the pot of ``hole`` against fixed ``against`` over every river (reference evaluator)."""
    known = set(hole) | set(against) | set(board) | set(dead)
    stub = [c for c in range(52) if c not in known]
    total, count = 0.0, 0
    for extra in combinations(stub, 5 - len(board)):
        cards = list(board) + list(extra)
        a, b = best_high("holdem", hole, cards), best_high("holdem", against, cards)
        total += 1.0 if a > b else 0.5 if a == b else 0.0
        count += 1
    return total / count


def test_equity_distribution_against_brute_force_on_the_turn():
    board = parse("Qh7c2d5s")
    against = parse("JsTs")
    spread = equity.equity_distribution("holdem", "QQ, AKs, 76s", "JsTs", board="Qh7c2d5s")
    assert list(spread.equity) == sorted(spread.equity, reverse=True)
    assert spread.at_least.iloc[-1] == pytest.approx(1.0)
    for hand, value in zip(spread.hand, spread.equity, strict=True):
        assert value == pytest.approx(_brute_equity(parse(hand), against, board), abs=1e-12), hand
    live = len(spread)  # QQ: 3 live (Qh on the board), AKs: 4, 76s: 3 (7c on the board)
    assert live == 10 and spread.probability.tolist() == pytest.approx([0.1] * 10)
    mean = float(np.mean([_brute_equity(parse(h), against, board) for h in spread.hand]))
    assert spread.attrs["equity"] == pytest.approx(mean, abs=1e-12)


def test_monte_carlo_breakdown_is_seeded_and_within_its_errors_of_exact():
    hands = ["QQ+, AKs", "JJ-99"]
    exact = equity.calc("holdem", hands, board="Qh7c2d", exact=True, by="class")
    sampled = equity.calc("holdem", hands, board="Qh7c2d", by="class", trials=5_000, seed=11)
    again = equity.calc("holdem", hands, board="Qh7c2d", by="class", trials=5_000, seed=11)
    assert sampled.equals(again) and sampled.attrs["seed"] == 11 and sampled.attrs["method"] == "monte carlo"
    assert (sampled.stderr > 0).all()
    merged = exact.merge(sampled, on="hand", suffixes=("", "_mc"))
    assert len(merged) == len(exact) == 4
    assert (abs(merged.equity - merged.equity_mc) < 4 * merged.stderr_mc).all()
    assert abs(sampled.attrs["equity"] - exact.attrs["equity"]) < 4 * sampled.attrs["stderr"]


@pytest.mark.parametrize("cards, expected", [
    ("AhKh", "AKs"), ("KdAh", "AKo"), ("QsQd", "QQ"), ("2c7d", "72o"),
    ("AhKhQdJd", "AKQJ:aabb"), ("KsAh2s", "AK2:abb"),
])
def test_hand_class_names(cards, expected):
    assert hand_class(np.array(parse(cards))) == expected


@pytest.mark.parametrize("call, words", [
    (lambda: equity.calc("holdem", ["QQ+", "JJ"], board="Qh7c2d", by="hands"), "by must be one of"),
    (lambda: equity.calc("holdem", ["AhKh", "random"], by="combo"), "no seat is a range"),
    (lambda: equity.calc("holdem", ["QQ+", "AhKh"], seat=1), "is not a range"),
    (lambda: equity.calc("holdem", ["QQ+", "AhKh"], seat=5), "seat must be a seat number"),
])
def test_bad_breakdowns_are_one_clear_error(call, words):
    with pytest.raises(OptionError, match=words):
        call()


def test_progress_false_shows_no_bar_and_true_shows_one(capsys):
    equity.calc("holdem", ["QQ, AKs", "JJ"], board="Qh7c2d", by="combo", progress=False)
    assert "hands of the range" not in capsys.readouterr().err
    equity.calc("holdem", ["QQ, AKs", "JJ"], board="Qh7c2d", by="combo", progress=True)
    assert "hands of the range" in capsys.readouterr().err
