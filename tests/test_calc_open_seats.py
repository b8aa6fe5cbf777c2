"""Monte Carlo of fixed and random seats in a loop of its own (``_open_trials`` in
``equity._kernels.calc``): a hand against random hands, several known hands.

These are the scalar loops, which run where the AVX-512 blocks do not (no AVX-512, or
``EQUITY_SIMD=0``); every test here turns the blocks off, so the loops are tested on any host.
The blocks that play the Hold'em spots where AVX-512 runs are ``tests/test_open_blocks.py``'s.

Each spot is compared with the exact enumeration of the same spot (itself checked against the
brute-force oracle in ``test_calc.py`` and ``test_calc_ranks.py``): every seat's equity, wins
and ties within 4 standard errors, with a fixed seed.  The standard error of a win or tie
frequency is the binomial one, sqrt(p (1 - p) / n).
"""

from __future__ import annotations

from pathlib import Path

import numba
import numpy as np
import pytest

from equity import calc, define_game, load_game
from equity.calculator import sampling

TRIALS = 200_000
FOUR_ANY = define_game("four_any", hole_cards=4, hole_cards_used="any",
                       streets=[("flop", 3), ("turn", 1), ("river", 1)])
SHORT_DECK = load_game(Path(__file__).resolve().parents[1] / "examples" / "games" / "short_deck_holdem.toml")


@pytest.fixture(autouse=True)
def scalar_path(monkeypatch):
    """The scalar loops, whatever this host's vector path."""
    monkeypatch.setenv("EQUITY_SIMD", "0")


def _loop_taken(monkeypatch) -> list:
    """Record whether each ``sample_plain`` call takes an open-seat loop (its ``open_duel`` or
    ``open_many`` argument is True)."""
    taken = []
    real = sampling.sample_plain

    def spy(*args):
        open_duel, open_many = args[14], args[15]
        taken.append(True if open_duel or open_many else None)
        return real(*args)

    monkeypatch.setattr(sampling, "sample_plain", spy)
    return taken


@pytest.mark.parametrize("game, hands, board", [
    ("holdem", ["AhKh", "random"], ""),  # one random opponent, preflop
    ("holdem", ["AhKh", "QsQd", "JcTc", "9d9h", "7s6s", "5c5d"], ""),  # six known hands
    ("holdem", ["AhKh", "QsQd", "random"], "Qh7c2d"),
    ("holdem", ["2c2d", "random", "random"], "Ah9h5s4d"),
    ("egyptian", ["AhKh", "random"], "Qh7c2d"),  # six-card hands: the card-sum tables
    (FOUR_ANY, ["AhKh2h3h", "random", "7c8d9cTd"], "6h6s9h"),
    (SHORT_DECK, ["Ah6h", "random", "random"], "7h8h9c"),  # 36 cards, flush over full house
])
def test_open_seats_within_four_standard_errors_of_exact(monkeypatch, game, hands, board):
    exact = calc(game, hands, board=board or None, exact=True)
    taken = _loop_taken(monkeypatch)
    mc = calc(game, hands, board=board or None, trials=TRIALS, seed=11)
    assert taken and all(t is True for t in taken)
    assert mc.attrs["method"] == "monte carlo" and mc.attrs["trials"] == TRIALS
    assert np.all(np.abs(mc.equity - exact.equity) <= 4 * mc.stderr)
    for column in ("win", "tie"):
        p = exact[column].to_numpy()
        se = np.sqrt(np.maximum(p * (1 - p), 1e-12) / TRIALS)
        assert np.all(np.abs(mc[column].to_numpy() - p) <= 4 * se + 1e-9), column
    assert abs(mc.equity.sum() - 1) < 1e-9


def test_ranges_and_hands_of_exactly_two_hole_cards_keep_the_general_loop(monkeypatch):
    taken = _loop_taken(monkeypatch)
    calc("holdem", ["AhKh", "QQ+"], trials=1000, seed=1)  # a range: the general trial loop
    calc("omaha", ["AhKhQhJh", "random"], trials=1000, seed=1)  # exactly two hole cards
    assert taken == [None, None]


def test_the_same_numbers_on_one_and_two_threads():
    hands = ["AhKh", "random", "random"]
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = calc("holdem", hands, trials=300_000, seed=5)
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        two = calc("holdem", hands, trials=300_000, seed=5)
    finally:
        numba.set_num_threads(before)
    assert one.equity.tolist() == two.equity.tolist()
    assert one.stderr.tolist() == two.stderr.tolist()


LOOPS = ("fixed_duel", "open_duel", "open_many", "fixed_tables", "trial_loop")


@pytest.mark.parametrize("game, hands, board, loop, lookup", [
    ("holdem", ["AhKh", "QsQd"], "Qh7c2d", "fixed_duel", "seven"),  # (no board: the SIMD blocks)
    ("egyptian", ["AhKh", "QsQd"], "Qh7c2d", "fixed_duel", "card"),  # six-card hands: card sums
    ("holdem", ["AhKh", "random"], "", "open_duel", "seven"),
    ("egyptian", ["AhKh", "random"], "Qh7c2d", "open_duel", "card"),
    ("holdem", ["AhKh", "random", "random"], "", "open_many", "seven"),
    ("holdem", ["AhKh", "QQ+"], "", "trial_loop", "seven"),  # a range heads-up: a duel's scoring
    ("holdem", ["AhKh", "QQ+", "random"], "", "trial_loop", None),  # the general showdown
    ("omaha", ["AhKhQhJh", "2c3c4d5d"], "", "fixed_tables", None),  # exact rule: the seat tables
    ("omaha", ["AhKhQhJh", "random"], "", "trial_loop", None),
])
def test_each_call_names_one_loop_and_at_most_one_lookup(monkeypatch, game, hands, board, loop, lookup):
    """Numba leaves out of a compile only the blocks whose flag is None (a flag that is True
    prunes nothing else), so each call must set exactly the loop it plays and the one lookup of
    a duel or open seats, every other flag None, and the general showdown only where neither
    scores in registers."""
    calls = []
    real = sampling.sample_plain

    def spy(*args):
        calls.append(sampling.LoopFlags(*args[10:18]))
        return real(*args)

    monkeypatch.setattr(sampling, "sample_plain", spy)
    calc(game, hands, board=board or None, trials=2_000, seed=3)
    assert calls
    for flags in calls:
        assert all(getattr(flags, name) in (True, None) for name in flags._fields)
        assert [name for name in LOOPS if getattr(flags, name)] == [loop]
        assert flags.seven_duel is (True if lookup == "seven" else None)
        assert flags.card_duel is (True if lookup == "card" else None)
        assert flags.showdown is (None if lookup else True)
