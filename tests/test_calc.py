"""equity.calc against independent enumeration with the brute-force oracle in tests/reference.py.

Exact results are compared with published figures or with a slow enumeration
written here from the pot rule (best high wins, ties split; hi-lo: half to the
best high and half to the best eight-or-better low, the high scooping when no
low qualifies).  Monte Carlo results must fall within 4 standard errors of the
exact value, with fixed seeds.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import numba
import numpy as np
import pytest
import reference as ref

from equity import PrecisionNotReachedWarning, calc, exchange
from equity.cards import card_codes, format_cards
from equity.errors import CardError, InvalidInputError, OptionError

DECKS = {"spanish": ref.SPANISH_DECK}
EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "games"


def oracle_board_shares(game: str, hands: list[str], board: str = "", dead: str = "", *,
                        hi_lo: bool = False, wild: int | None = None,
                        board_size: int | None = None):
    """Each completion of the board: every seat's exact pot share and the part of it won with
    the high hand (Fractions)."""
    deck = DECKS.get(game, ref.DECK52)
    holes = [ref.parse(h) for h in hands]
    known = ref.parse(board)
    used = set(known) | set(ref.parse(dead)) | {c for h in holes for c in h}
    stub = [c for c in deck if c not in used]
    size = {"holdem": 5, "omaha": 5, "tahoe": 5, "spanish": 5, "egyptian": 6, "eldorado": 4}[game] \
        if board_size is None else board_size
    for extra in itertools.combinations(stub, size - len(known)):
        full = known + list(extra)
        shares = [Fraction(0)] * len(holes)
        high_part = [Fraction(0)] * len(holes)
        highs = [ref.best_high(game, h, full, wild) for h in holes]
        top = max(highs)
        winners = [p for p, k in enumerate(highs) if k == top]
        lows = [ref.best_low(game, h, full) for h in holes] if hi_lo else [None] * len(holes)
        qualified = [k for k in lows if k is not None]
        high_pot = Fraction(1, 2) if qualified else Fraction(1)
        for p in winners:
            shares[p] += high_pot / len(winners)
            high_part[p] += high_pot / len(winners)
        if qualified:
            best_low = max(qualified)
            low_winners = [p for p, k in enumerate(lows) if k == best_low]
            for p in low_winners:
                shares[p] += Fraction(1, 2) / len(low_winners)
        yield shares, high_part


def oracle_equity(game: str, hands: list[str], board: str = "", dead: str = "", *,
                  hi_lo: bool = False, wild: int | None = None, board_size: int | None = None):
    """Exact pot shares (Fractions) by enumerating every completion of the board."""
    boards = list(oracle_board_shares(game, hands, board, dead, hi_lo=hi_lo, wild=wild,
                                      board_size=board_size))
    return ([sum(b[0][p] for b in boards) / len(boards) for p in range(len(hands))],
            [sum(b[1][p] for b in boards) / len(boards) for p in range(len(hands))])


def close(a, b, tol=1e-12) -> bool:
    return abs(float(a) - float(b)) <= tol


# ---------------------------------------------------------------------------------------------
# Exact results
# ---------------------------------------------------------------------------------------------
def test_holdem_ahkh_vs_qsqd_preflop_is_the_published_figure():
    # 1,712,304 boards; AhKh wins 46.2145% of the pot (PokerStove / the figure)
    table = calc("holdem", ["AhKh", "QsQd"])
    assert table.attrs["method"] == "exact"
    assert table.attrs["outcomes"] == 1_712_304
    assert round(float(table.equity[0]), 6) == 0.462145
    assert (table.stderr == 0).all()
    assert close(table.equity.sum(), 1.0)


@pytest.mark.parametrize("game, hands, board", [
    ("holdem", ["AhKh", "QsQd"], "Qh7c2d"),  # a flop scenario
    ("holdem", ["AhKh", "QsQd", "Tc9c"], "Jh8c2d7s"),
    ("omaha", ["AhAsKhKs", "QdJdTc9c"], "2h7d8sTh"),
    ("tahoe", ["AhKhQh", "2c3c4c"], "Ad7c2d5s"),
    ("spanish", ["AhKh", "QsQd"], "Qh9c8d"),
    ("egyptian", ["AhKh", "QsQd"], "Qh7c2dTs9s"),
    # complete boards: the kernel completes the board's last card as a one-card stub
    ("holdem", ["AhKh", "QsQd"], "Qh7h2d5h9c"),
    ("holdem", ["AhKh", "QsQd", "Tc9c"], "Jh8c2d7s6s"),
    ("tahoe", ["AhKhQh", "2c3c4c", "JdJs9d"], "Ad7c2d5s9h"),
])
def test_exact_equals_oracle_enumeration(game, hands, board):
    expected, _ = oracle_equity(game, hands, board)
    table = calc(game, hands, board=board)
    assert table.attrs["method"] == "exact"
    for p in range(len(hands)):
        assert close(table.equity[p], expected[p])
    assert close(table.equity.sum(), 1.0)


def test_omaha_hi_lo_scoop_and_quarter_case_equals_oracle():
    # both players hold A-2 for the low: the low half is quartered whenever a low comes
    hands, board = ["Ah2hKsKd", "As2dQcJc"], "3c5d9h"
    expected, high = oracle_equity("omaha", hands, board, hi_lo=True)
    table = calc("omaha", hands, board=board, hi_lo=True)
    for p in range(2):
        assert close(table.equity[p], expected[p])
        assert close(table.high[p], high[p])
        assert close(table.low[p], expected[p] - high[p])
    assert close(table.equity.sum(), 1.0)
    # a river with a low for both (quartered) and the kings' high: 3/4 against 1/4
    river = calc("omaha", hands, board="3c5d9h7sKh", hi_lo=True)
    assert close(river.equity[0], 0.75) and close(river.equity[1], 0.25)
    assert close(river.scoop.sum(), 0.0)
    # no low possible: the high scoops the whole pot
    scoop = calc("omaha", hands, board="KcQdJh9s9c", hi_lo=True)
    assert close(scoop.equity[0], 1.0) and close(scoop.scoop[0], 1.0) and close(scoop.low.sum(), 0.0)


def test_fixed_hands_board_tables_equal_the_choice_lookups():
    """Fixed hands of an exact hole rule take their class (and low) on each board from a
    per-seat table made at the start of a long task (``seat_board_classes``), and their
    flushes from a per-seat table by the board's suit pattern (``seat_flush_classes``); on
    3,000 random Omaha deals of three seats the two entries together equal the lookup of
    every choice of two hole cards (``exact_class``, ``exact_low_class``), and the flush
    entry equals the best flush found by trying every two hole and three board cards."""
    from equity._kernels.evaluate import (
        FLUSH_MASKS,
        _subset_sums,
        board_slot_of,
        card_sums,
        exact_class,
        exact_low_class,
        flush_suits_of,
        hole_rows_of,
        seat_board_classes,
        seat_flush_class,
        seat_flush_classes,
    )
    from equity.games import get_game
    from equity.tables import tables_for

    t = tables_for(get_game("omaha"))
    players, sets = 3, np.array(list(itertools.combinations(range(4), 2)), dtype=np.int64)
    set_len = np.full(len(sets), 2, dtype=np.int64)
    rng = np.random.default_rng(31)
    checked_low = 0
    flushed = 0
    for _ in range(30):  # 30 sets of hands, 100 boards each
        cards = rng.permutation(52).astype(np.uint8)
        hole, stub = cards[: 4 * players], cards[4 * players:]
        totals = np.empty(players * len(sets), dtype=np.uint64)
        masks = np.empty_like(totals)
        rows = np.empty(players * len(sets), dtype=np.int64)
        for p in range(players):
            part = slice(p * len(sets), (p + 1) * len(sets))
            _subset_sums(hole, 4 * p, sets, set_len, t.card_bits, t.suit_bits, totals[part],
                         masks[part])
            hole_rows_of(totals, p * len(sets), len(sets), t.disp, t.hash_params, t.hole_index,
                         rows)
        high = np.zeros((players, t.exact_classes.shape[0]), dtype=np.uint16)
        low = np.zeros_like(high)
        seat_board_classes(rows, players, len(sets), t.exact_classes, t.exact_low_classes, False,
                           high)
        seat_board_classes(rows, players, len(sets), t.exact_classes, t.exact_low_classes, True,
                           low)
        flushes = np.zeros((players, 4 * FLUSH_MASKS), dtype=t.flush_classes.dtype)
        seat_flush_classes(totals, masks, players, len(sets), 2, 3, 5, t.flush_classes[0], flushes)
        for _ in range(100):
            board = rng.choice(stub, 5, replace=False).astype(np.uint8)
            total, board_masks = card_sums(board, 0, 5, t.card_bits, t.suit_bits)
            slot = board_slot_of(total, t.disp, t.hash_params)
            for p in range(players):
                first = p * len(sets)
                expected = exact_class(slot, total, board_masks, totals, masks, rows, first,
                                       len(sets), 2, 3, t.exact_classes, t.flush_classes[0])
                flush = seat_flush_class(flushes, p, flush_suits_of(total, 3), board_masks)
                assert max(int(high[p, slot]), int(flush)) == expected
                # every flush of two hole and three board cards, by the cards' suits (code & 3)
                tried = [0]
                for pair in itertools.combinations(hole[4 * p: 4 * p + 4], 2):
                    for three in itertools.combinations(board, 3):
                        five = [int(c) for c in (*pair, *three)]
                        if len({c & 3 for c in five}) == 1:
                            ranks = sum(1 << (c >> 2) for c in five)
                            tried.append(int(t.flush_classes[0][ranks]))
                assert flush == max(tried)
                flushed += max(tried) > 0
                expected_low = exact_low_class(slot, rows, first, len(sets), t.exact_low_classes)
                assert low[p, slot] == expected_low
                checked_low += expected_low > 0
    assert checked_low > 1000  # most deals with a qualifying low for some seat
    assert flushed > 100  # a flush for some seat on a few percent of the 9,000 hands


@pytest.mark.parametrize("game, hands, board", [
    ("tahoe", ["Ah2hKh", "3c4cQd"], "5d7c9sJh"),
    ("tahoe", ["Ah2hKh", "3c4cQd", "2s3s8d"], "5d7c9s"),
    ("omaha", ["Ah2hKsKd", "As3dQcJc", "4h5hTsTd"], "6c7d9h"),
])
def test_hi_lo_exact_equals_oracle(game, hands, board):
    expected, high = oracle_equity(game, hands, board, hi_lo=True)
    table = calc(game, hands, board=board, hi_lo=True)
    assert table.attrs["method"] == "exact"
    for p in range(len(hands)):
        assert close(table.equity[p], expected[p])
        assert close(table.high[p], high[p])


@pytest.mark.parametrize("game, hands, board, hi_lo", [
    ("omaha", ["Ah2hKsKd", "As3dQcJc"], "4c7d9h", True),  # lows, scoops, quarters, splits
    ("tahoe", ["Ah2hKh", "3c4cQd"], "5d7c9s", True),
    ("tahoe", ["AhKhQh", "AsKd7h"], "Ad7c2d", False),  # high pot: wins and split pots
    ("spanish", ["AhKh", "AdKd"], "Qd9h8c", False),  # split unless a flush
])
def test_heads_up_exact_outcomes_equal_oracle(game, hands, board, hi_lo):
    """Heads-up showdowns are counted by outcome and shared once a task: every column (equity,
    whole pots won, parts of pots, the high part) against the oracle, board by board."""
    boards = list(oracle_board_shares(game, hands, board, hi_lo=hi_lo))
    table = calc(game, hands, board=board, hi_lo=hi_lo)
    assert table.attrs["method"] == "exact"
    n = len(boards)
    for p in range(2):
        shares = [b[0][p] for b in boards]
        assert close(table.equity[p], sum(shares) / n)
        assert close(table.win[p], sum(s == 1 for s in shares) / n)
        assert close(table.tie[p], sum(0 < s < 1 for s in shares) / n)
        if hi_lo:
            assert close(table.high[p], sum(b[1][p] for b in boards) / n)
    kinds = {tuple(b[0]) for b in boards}
    assert len(kinds) >= 3, kinds  # more than win and lose: the outcomes' shares are exercised


def test_eldorado_after_the_exchange_equals_oracle_with_wild_rank():
    hands, board = ["AhKh", "QsQd"], "Kc7c2d"  # after the exchange, kings wild
    expected, _ = oracle_equity("eldorado", hands, board, wild=11)
    table = calc("eldorado", hands, board=board, wild="K")
    assert table.attrs["method"] == "exact"
    for p in range(2):
        assert close(table.equity[p], expected[p])


@pytest.mark.parametrize("hands, board, wild", [
    (["AhKh", "QsQd", "7c6c"], "Kc8c2d", "K"),  # a wild king may not fill a flush with a card held
    (["9sTd", "Th8h", "2c2s"], "9h5h4d", "9"),  # the wild rank on the board and in a hand
])
def test_eldorado_three_way_after_the_exchange_equals_oracle(hands, board, wild):
    # three seats take the general trial loop of the fused kernels (not the heads-up one)
    expected, _ = oracle_equity("eldorado", hands, board, wild=ref.RANK_CHARS.index(wild))
    table = calc("eldorado", hands, board=board, wild=wild)
    assert table.attrs["method"] == "exact"
    for p in range(3):
        assert close(table.equity[p], expected[p])
    sampled = calc("eldorado", hands, board=board, wild=wild, trials=40_000, seed=5)
    for p in range(3):
        assert abs(sampled.equity[p] - float(expected[p])) < 4 * sampled.stderr[p]


def test_eldorado_with_a_random_seat_after_the_exchange_against_the_oracle():
    # a random seat: the oracle enumerates its hands over a small stub (the rest dead)
    mine, board = "AhKh", "Kc8c2d"
    stub = ref.parse("QsQdJcTc9d8h")
    keep = ref.parse(mine + board) + stub
    dead = "".join(ref.show([c]) for c in range(52) if c not in keep)
    total = Fraction(0)
    count = 0
    for other in itertools.combinations(stub, 2):  # each pair leaves the same 4 last cards
        share, _ = oracle_equity("eldorado", [mine, ref.show(list(other))], board, dead, wild=11)
        total += share[0]
        count += 1
    expected = float(total / count)
    sampled = calc("eldorado", [mine, "random"], board=board, dead=dead, wild="K", trials=60_000,
                   seed=9)
    assert abs(sampled.equity[0] - expected) < 4 * sampled.stderr[0]


def test_symmetric_matchup_has_equal_equity():
    table = calc("holdem", ["AhKd", "AsKc"], board="2c7h9s")
    assert close(table.equity[0], table.equity[1])
    assert close(table.equity.sum(), 1.0)


def test_permuting_players_permutes_equities():
    hands = ["AhKh", "QsQd", "8c6c"]
    forward = calc("holdem", hands, board="Qh7c2d")
    backward = calc("holdem", hands[::-1], board="Qh7c2d")
    assert np.allclose(forward.equity.to_numpy(), backward.equity.to_numpy()[::-1], atol=1e-12)


def test_range_vs_range_is_weighted_by_live_combos():
    # the tuples that fit together count once each: the mean of the combo-against-combo equities
    left, right, board = "AA", "AhKh, KK", "2c7d9s5h"
    table = calc("holdem", [left, right], board=board)
    a_combos = ["AcAd", "AcAh", "AcAs", "AdAh", "AdAs", "AhAs"]
    b_combos = ["AhKh", "KcKd", "KcKh", "KcKs", "KdKh", "KdKs", "KhKs"]
    values = []
    for a in a_combos:
        for b in b_combos:
            if set(ref.parse(a)) & set(ref.parse(b)):
                continue
            values.append(oracle_equity("holdem", [a, b], board)[0][0])
    assert close(table.equity[0], sum(values) / len(values))


def test_range_weights_scale_combos():
    # KK at weight 0.5 against AA: each KK combo counts half as much as the AhKh combo
    table = calc("holdem", ["AsAd", "AhKh, KK:0.5"], board="2c7d9s")
    vs_ak = oracle_equity("holdem", ["AsAd", "AhKh"], "2c7d9s")[0][0]
    vs_kk = [oracle_equity("holdem", ["AsAd", k], "2c7d9s")[0][0]
             for k in ["KcKd", "KcKh", "KcKs", "KdKh", "KdKs", "KhKs"]]
    expected = (vs_ak + 0.5 * sum(vs_kk)) / (1 + 0.5 * 6)
    assert close(table.equity[0], expected)


def test_explicit_hand_lists_in_three_card_games():
    table = calc("tahoe", ["AhKhQh, AsKsQs", "2c3c4c"], board="Ad7c2d5s")
    one = oracle_equity("tahoe", ["AhKhQh", "2c3c4c"], "Ad7c2d5s")[0][0]
    two = oracle_equity("tahoe", ["AsKsQs", "2c3c4c"], "Ad7c2d5s")[0][0]
    assert close(table.equity[0], (one + two) / 2)


def test_random_hand_in_exact_enumeration_is_every_hand_of_the_stub():
    dead = "".join(ref.show([c]) for c in range(52) if c not in ref.parse("AhKhQsQdJc2c3c4c5c6c7c8c"))
    table = calc("holdem", ["AhKh", "random"], board="2c3c4c5c6c", dead=dead)
    # the stub is QsQdJc7c8c: the random hand is one of its 10 pairs, the board is complete
    values = [oracle_equity("holdem", ["AhKh", ref.show(pair)], "2c3c4c5c6c")[0][0]
              for pair in itertools.combinations(ref.parse("QsQdJc7c8c"), 2)]
    assert table.attrs["method"] == "exact"
    assert close(table.equity[0], sum(values) / len(values))


# ---------------------------------------------------------------------------------------------
# Monte Carlo against exact values
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game, hands, board, rules", [
    ("holdem", ["AhKh", "QsQd"], "", {}),
    ("holdem", ["QQ+, AKs", "random"], "Ah7c2d", {}),
    ("holdem", ["KhQh", "random", "JJ-88"], "Ah7c2dTs", {}),
    ("omaha", ["AhAsKhKs", "QdJdTc9c"], "2h7d8s", {}),
    ("tahoe", ["AhKhQh", "2c3c4c"], "Ad7c2d", {}),
    ("spanish", ["AhKh", "QsQd"], "", {}),
    ("egyptian", ["AhKh", "QsQd"], "Qh7c2d", {}),
    ("eldorado", ["AhKh", "QsQd"], "Kc7c2d", {"wild": "K"}),
    ("omaha", ["Ah2hKsKd", "As2dQcJc"], "3c5d9h", {"hi_lo": True}),
    ("tahoe", ["Ah2hKh", "3c4cQd", "random"], "5d7c9s", {"hi_lo": True}),
    # two known Tahoe hands over 60,000 boards: the seats' tables of every board (the exact
    # answer, on C(43, 2) = 903 boards, looks each hole choice up instead)
    ("tahoe", ["Ah2hKh", "3c4cQd"], "5d7c9s", {"hi_lo": True}),
])
def test_monte_carlo_within_four_standard_errors_of_exact(game, hands, board, rules):
    exact = calc(game, hands, board=board, exact=True, **rules)
    sampled = calc(game, hands, board=board, trials=60_000, seed=11, **rules)
    assert sampled.attrs["method"] == "monte carlo"
    assert sampled.attrs["trials"] == 60_000
    for p in range(len(hands)):
        assert sampled.stderr[p] > 0
        assert abs(sampled.equity[p] - exact.equity[p]) < 4 * sampled.stderr[p]
    assert close(sampled.equity.sum(), 1.0, 1e-9)


def test_draw7_monte_carlo_against_enumerated_random_hands():
    # a small stub makes the random hand enumerable by the oracle
    mine = "AhAdKsKd7c2c3c"
    stub = ref.parse("QsQhJcTd9h8s4d5c6h")  # 36 seven-card hands: straights, pairs, two pairs
    keep = ref.parse(mine) + stub
    dead = "".join(ref.show([c]) for c in range(52) if c not in keep)
    values = []
    for other in itertools.combinations(stub, 7):
        a = ref.best_high("draw7", ref.parse(mine))
        b = ref.best_high("draw7", list(other))
        values.append(1.0 if a > b else 0.5 if a == b else 0.0)
    expected = sum(values) / len(values)
    sampled = calc("draw7", [mine, "random"], dead=dead, trials=20_000, seed=5)
    assert sampled.stderr[0] > 0
    assert abs(sampled.equity[0] - expected) < 4 * sampled.stderr[0]


def test_eldorado_before_the_exchange_matches_the_exchange_then_exact():
    # with the flop known the greedy exchange does not depend on the last card, so sampling
    # before the exchange must agree with the exact value after it
    hands, flop = ["AhKh", "QsQd"], "Jc7c2d"
    done = exchange(hands, flop, policies="greedy")
    wild = "none" if done["wild"] is None else done["wild"]
    after = calc("eldorado", done["hole"], board=done["flop"], wild=wild)
    before = calc("eldorado", hands, board=flop, trials=40_000, seed=9, policies="greedy")
    assert before.attrs["method"] == "monte carlo"
    for p in range(2):
        assert abs(before.equity[p] - after.equity[p]) < 4 * before.stderr[p] + 1e-12


def test_eldorado_never_exchanging_is_holdem_without_wilds():
    exact = calc("eldorado", ["AhKh", "QsQd"], board="Jh7h2d", wild="none")
    expected, _ = oracle_equity("eldorado", ["AhKh", "QsQd"], "Jh7h2d")
    assert close(exact.equity[0], expected[0])
    sampled = calc("eldorado", ["AhKh", "QsQd"], board="Jh7h2d", policies="never", trials=30_000, seed=2)
    assert abs(sampled.equity[0] - expected[0]) < 4 * sampled.stderr[0]


def test_precision_samples_until_every_stderr_is_below_it():
    table = calc("holdem", ["AhKh", "random"], precision=0.004, seed=1)
    assert table.attrs["method"] == "monte carlo"
    assert (table.stderr < 0.004).all()


def _all_but(hand: str, live: int) -> str:
    """Every card dead but ``hand`` and the ``live`` highest others."""
    held = set(card_codes(hand).tolist())
    others = [c for c in range(52) if c not in held]
    return format_cards(np.array(others[: len(others) - live], dtype=np.uint8))


def test_a_draw_with_too_few_cards_is_refused_but_standing_pat_is_played():
    # one card beside the random hand's five: the draw is refused (above), standing pat is not;
    # the random hand is five of the six highest cards left, never better than four aces
    table = calc("draw", ["AsAcAdAh7c", "random"], dead=_all_but("AsAcAdAh7c", 6), trials=1000,
                 seed=3, draw_policy="stand")
    assert table.equity[0] == 1.0


def test_precision_may_be_any_numpy_float():
    table = calc("holdem", ["AhKh", "QsQd"], precision=np.float32(0.01), seed=2)
    assert (table.stderr < 0.01).all()


def test_precision_capped_by_trials_warns_with_the_standard_error_reached():
    # 70,000 trials of AhKh against a random hand give a standard error near 0.0016, above 0.001
    with pytest.warns(PrecisionNotReachedWarning, match="cap of 70,000 trials") as caught:
        table = calc("holdem", ["AhKh", "random"], precision=0.001, trials=70_000, seed=1)
    assert table.attrs["trials"] == 70_000 and (table.stderr > 0.001).all()
    assert f"{float(table.stderr.max()):.2g}" in str(caught[0].message)


# ---------------------------------------------------------------------------------------------
# Reproducibility
# ---------------------------------------------------------------------------------------------
def test_same_seed_same_numbers_on_one_and_two_threads():
    args = ("holdem", ["QQ+, AKs", "random", "AhKh"])
    numba.set_num_threads(2)
    two = calc(*args, trials=300_000, seed=42)
    numba.set_num_threads(1)
    try:
        one = calc(*args, trials=300_000, seed=42)
    finally:
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    again = calc(*args, trials=300_000, seed=42)
    assert one.equals(two) and one.equals(again)
    other = calc(*args, trials=300_000, seed=43)
    assert not one.equals(other)


def test_method_is_chosen_by_size():
    assert calc("holdem", ["AhKh", "QsQd"]).attrs["method"] == "exact"
    big = calc("holdem", ["AA", "random", "random"], trials=1000, seed=1)
    assert big.attrs["method"] == "monte carlo"
    assert calc("holdem", ["AhKh", "QsQd"], exact=False, seed=1, trials=1000).attrs["method"] == "monte carlo"


# ---------------------------------------------------------------------------------------------
# Errors that say what is wrong
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("call, error, words", [
    (lambda: calc("holdem", ["AhKh", "AhQd"]), CardError, "duplicate card 'Ah' in hand 1 and hand 2"),
    (lambda: calc("holdem", ["AhKh", "QsQd"], board="Ah2c3c"), CardError, "'Ah' in the board and hand 1"),
    (lambda: calc("spanish", ["AhKh", "7s7d"]), CardError, "not in the spanish deck"),
    (lambda: calc("holdem", ["AhKh", "ZZ"]), InvalidInputError, "hand 2"),
    (lambda: calc("holdem", ["AsAh", "AA"], board="Ad2c3c"), InvalidInputError, "no live combo"),
    (lambda: calc("egyptian", ["AhKh", "QsQd"], board="2c3c4c5c"), InvalidInputError, "0, 3, 5, 6"),
    (lambda: calc("holdem", ["AhKh"] + ["random"] * 23), OptionError, "24 hands given: holdem allows 2 to"),
    (lambda: calc("holdem", ["AhKh"]), OptionError, "1 hand given: holdem allows 2 to 22 players"),
    (lambda: calc("draw", ["AhKh7c"] + ["random"]), InvalidInputError, "has 3 cards; draw hands have 5"),
    (lambda: calc("holdem", "AhKh QsQd"), OptionError, "list of hands"),
    (lambda: calc("holdem", ["AhKh", "QsQd"], colour="red"), OptionError, "unknown rule 'colour'"),
    (lambda: calc("holdem", ["AhKh", "QsQd"], hi_lo=True), OptionError, "holdem is played for high"),
    (lambda: calc("switch", ["AhAdKsKd7c", "random"], exact=True), OptionError, "switches are random"),
    (lambda: calc("eldorado", ["AhKh", "QsQd"], board="2c3c4c5c"), InvalidInputError, "wild="),
    # the wild card is the last card swapped into the flop: a rank the flop lacks cannot be wild
    (lambda: calc("eldorado", ["AhKh", "QsQd"], board="2c3c4cKd", wild="K"), InvalidInputError,
     "the flop 2c3c4c holds no card of that rank"),
    (lambda: calc("holdem", ["AhKh", "QsQd"], trials=0), OptionError, "trials"),
    (lambda: calc("holdem", ["AhKh", "QsQd"], precision=2), OptionError, "precision"),
    # a string is not read as True
    (lambda: calc("switch", ["AhAdKsKd7c", "random"], reverse="no"), OptionError,
     "reverse must be True or False, got 'no'"),
    (lambda: calc("draw", ["AhAdKsKd7c", "random"], reverse=True), OptionError, "draw has no switch"),
    # 52 - 5 - 41 dead leaves the random hand and one card: a draw of up to 4 cannot be served
    (lambda: calc("draw", ["AhAdKsKd7c", "random"], dead=_all_but("AhAdKsKd7c", 6), trials=1000),
     InvalidInputError, "leave 1 card to draw from"),
    (lambda: calc("switch7", ["AhAdKsKd7c2c3c", "random"], draw_policy="max"), OptionError,
     "switch7 has no draw: draw_policy applies"),
    # cards of the wrong type or out of range are named, never wrapped or cast
    (lambda: calc("holdem", ["AhKh", "QsQd"], board=0), CardError, "board: cannot read 0 as cards"),
    (lambda: calc("holdem", ["AhKh", "QsQd"], board=np.array([274, 260, 273])), CardError,
     "board: card code 274 is out of range"),
    (lambda: calc("holdem", ["AhKh", "QsQd"], dead=np.array([-206])), CardError,
     "dead cards: card code -206 is out of range"),
    (lambda: calc("holdem", ["AhKh", "QsQd"], dead=np.array([50.9])), CardError,
     "dead cards: cannot read"),
    (lambda: calc("holdem", None), OptionError, "hands must be a list"),
    # flags and counts of the wrong type
    (lambda: calc("omaha", ["AhKhQhJh", "random"], hi_lo="False"), OptionError,
     "hi_lo must be True or False, got 'False'"),
    (lambda: calc("holdem", ["AhKh", "QsQd"], exact="False"), OptionError,
     "exact must be True, False or None"),
    (lambda: calc("omaha", ["AA", "random"]), InvalidInputError,
     "hand 1: range token 'AA' names 2 cards; omaha hands have 4 (write AA** for any other cards)"),
    (lambda: calc("eldorado", ["AhKh", "QsQd"], board="3c7d9h", wild=True), CardError, "rank True"),
    (lambda: calc("eldorado", ["AhKh", "QsQd"], board="3c7d9h", wild="3", pot="low",
                  wild_can_be_ace="no"), OptionError, "wild_can_be_ace must be True or False"),
    (lambda: calc("eldorado", ["AhKh", "QsQd"], policies=1, trials=2000), OptionError,
     "policies must be a policy name"),
    (lambda: calc("holdem", ["AhKh", "QsQd"], pot=""), OptionError, "pot='': holdem is played for 'high'"),
    (lambda: calc("holdem", ["AhKh", "QsQd"], trials=1), OptionError, "at least 2"),
    (lambda: calc("holdem", ["AhKh", "QsQd"], trials=10**30), OptionError, "the most one call plays"),
    # messages that say what was given
    (lambda: calc("holdem", ["AhKhQh", "QsQd"]), InvalidInputError,
     "'AhKhQh' has 3 cards; holdem hands have 2"),
    (lambda: calc("omaha", ["", "random"]), InvalidInputError, "hand 1 is empty"),
    (lambda: calc("eldorado", ["AhKh", "QsQd"], board="3c"), InvalidInputError,
     "boards of 0, 3 cards before the exchange"),
    (lambda: calc("eldorado", ["AhKh", "QsQd"], board="3c4c5c6c7c", wild="3"), InvalidInputError,
     "eldorado deals 4 cards to the board; the board given has 5"),
])
def test_errors_name_the_problem(call, error, words):
    with pytest.raises(error, match=None) as info:
        call()
    assert words in str(info.value)


# ---------------------------------------------------------------------------------------------
# Custom games (docs/custom_games.md) through the same calculator
# ---------------------------------------------------------------------------------------------
def test_custom_games_exact_equity_equals_the_custom_oracle():
    import reference_custom as rc

    short_deck = rc.Rules(ranks=tuple(range(4, 13)), ranking=(
        "straight_flush", "four_of_a_kind", "flush", "full_house", "straight", "three_of_a_kind",
        "two_pair", "one_pair", "high_card"))
    cases = [
        ("short_deck_holdem.toml", short_deck, ["AhKh", "QsQd"], "Qh7c9d6h"),
        ("pineapple_one.toml", rc.Rules(hole_max=1), ["AhKh2c", "QsQd3c"], "Qh7c9d6h"),
    ]
    for path, rules, hands, board in cases:
        expected, n_rivers = _custom_oracle_on_the_river(rules, hands, board)
        table = calc(EXAMPLES / path, hands, board=board)
        assert table.attrs["method"] == "exact" and table.attrs["outcomes"] == n_rivers
        assert close(table.equity[0], expected)


def _custom_oracle_on_the_river(rules, hands: list[str], board: str) -> tuple[float, int]:
    """The first of two hands' equity over every last board card, by the custom-game oracle,
    and the number of last cards."""
    import reference_custom as rc

    holes = [ref.parse(h) for h in hands]
    known = ref.parse(board)
    stub = [c for c in rules.deck if c not in known and all(c not in h for h in holes)]
    total = 0.0
    for river in stub:
        keys = [rc.best_high(rules, h, known + [river]) for h in holes]
        total += 1.0 if keys[0] > keys[1] else 0.5 if keys[0] == keys[1] else 0.0
    return total / len(stub), len(stub)


def test_fixed_wild_custom_game_equity_equals_the_custom_oracle() -> None:
    # deuces wild on a Hold'em board: the fused kernels take the game's own wild rank
    import reference_custom as rc

    from equity import define_game

    game = define_game("deuces_wild_holdem", hole_cards=2, wild="2",
                       streets=[("flop", 3), ("turn", 1), ("river", 1)])
    rules = rc.Rules(wild=0, ranking=("five_of_a_kind", *rc.STANDARD))
    assert [c.value for c in game.ranking] == list(rules.ranking)
    hands, board = ["AhKh", "2sQd"], "Qh7h2d3c"
    expected, n_rivers = _custom_oracle_on_the_river(rules, hands, board)
    table = calc(game, hands, board=board)
    assert table.attrs["method"] == "exact" and table.attrs["outcomes"] == n_rivers
    assert close(table.equity[0], expected)
    sampled = calc(game, hands, board=board, trials=40_000, seed=3)
    assert abs(sampled.equity[0] - expected) < 4 * sampled.stderr[0]


def test_monte_carlo_of_two_known_seven_card_hands_values_all_seven_cards() -> None:
    # draw7 has no board: every trial is the same showdown, so sampling must give the exact
    # result. Only the 2-3-4-5-6 straight of the second hand wins; its first two cards alone
    # (2h3h) would lose to the aces.
    hands = ["AhAdKsKd7c2c3c", "2h3h4h5h6h8d9d"]
    sampled = calc("draw7", hands, trials=2000, seed=4)
    assert sampled.attrs["method"] != "exact"
    assert sampled.equity.tolist() == [0.0, 1.0]
    # and Egyptian Hold'em, two hole cards, on a flop: sampling within 4 standard errors of exact
    exact = calc("egyptian", ["AhKh", "QsQd"], board="Qh7h2c", exact=True)
    mc = calc("egyptian", ["AhKh", "QsQd"], board="Qh7h2c", trials=40_000, seed=5)
    assert abs(mc.equity[0] - exact.equity[0]) < 4 * mc.stderr[0]


def test_row_sums_of_worked_shares() -> None:
    from equity.results import row_sums

    # a win, a split, a loss and a quartered pot for seat 0 (seat 1 the rest)
    shares = np.array([[1.0, 0.0], [0.5, 0.5], [0.0, 1.0], [0.25, 0.75]])
    high_part = np.array([[0.5, 0.0], [0.5, 0.5], [0.0, 0.5], [0.25, 0.25]])
    n, share, share_sq, wins, ties, high = row_sums(shares, high_part)
    assert n == 4.0
    np.testing.assert_array_equal(share, [1.75, 2.25])
    np.testing.assert_array_equal(share_sq, [1 + 0.25 + 0.0625, 0.25 + 1 + 0.5625])
    np.testing.assert_array_equal(wins, [1, 1])
    np.testing.assert_array_equal(ties, [2, 2])
    np.testing.assert_array_equal(high, [1.25, 1.25])
    assert row_sums(shares)[5] is None


@pytest.mark.parametrize("n_hole", [1, 2, 3, 4, 5])
def test_seat_holes_are_the_column_blocks(n_hole: int) -> None:
    from equity.calculator.showdown import seat_holes

    players = 3
    hole = np.random.default_rng(n_hole).integers(0, 52, (1000, players * n_hole), dtype=np.uint8)
    seats = seat_holes(hole, players, n_hole)
    assert len(seats) == players
    for p, seat in enumerate(seats):
        assert seat.flags.c_contiguous and seat.dtype == np.uint8
        np.testing.assert_array_equal(seat, hole[:, p * n_hole:(p + 1) * n_hole])


def test_tahoe_seat_tables_give_the_evaluators_strengths() -> None:
    """Known Tahoe hands read their best class (and low) on a board from one table entry a seat,
    made once (``seven_seat_classes``), with the flushes of their hole choices added
    (``seven_seat_class``): on random boards, the strengths ``evaluate_many`` and
    ``evaluate_low_many`` give each hand."""
    from equity._kernels.evaluate import seven_seat_class, seven_seat_classes
    from equity._kernels.row_hash import SEVEN_ROW_SHIFT, row_slot
    from equity.cards import card_codes
    from equity.evaluator import evaluate_low_many, evaluate_many, flush_bias
    from equity.games import get_game
    from equity.tables import tables_for

    g = get_game("tahoe")
    t = tables_for(g)
    hole = card_codes("Ah2hKh9h3c4cQd")[:6]  # seats: Ah2hKh (three hearts), 9h3c4c
    words = t.seven_words
    pairs = list(itertools.combinations(range(3), 2))  # at most two hole cards: the best pair
    totals = np.array([words[hole[3 * p + a]] + words[hole[3 * p + b]]
                       for p in range(2) for a, b in pairs], dtype=np.uint64)
    masks = np.array([t.suit_bits[hole[3 * p + a]] | t.suit_bits[hole[3 * p + b]]
                      for p in range(2) for a, b in pairs], dtype=np.uint64)
    args = (totals, hole, 2, 3, 3, 5, True, words, t.seven_offsets, t.seven_classes,
            t.seven_low_classes)
    empty_high, empty_low = seven_seat_classes(*args, 1_000)  # too few boards to pay
    assert empty_high.shape[0] == 0 and empty_low.shape[0] == 0
    high, low = seven_seat_classes(*args, 10**9)
    bias = flush_bias(g.hand_size, t.rank_classes.shape[0] - 1)[0]
    stub = np.array([c for c in range(52) if c not in set(hole.tolist())], dtype=np.uint8)
    rng = np.random.default_rng(5)
    boards = np.array([rng.choice(stub, 5, replace=False) for _ in range(3_000)], dtype=np.uint8)
    for p in range(2):
        seat = np.repeat(hole[None, 3 * p: 3 * p + 3], len(boards), axis=0)
        want_high = evaluate_many("tahoe", seat, boards)
        want_low = evaluate_low_many("tahoe", seat, boards)
        for i, board in enumerate(boards):
            board_total = np.uint64(sum(int(words[c]) for c in board) % 2**64)
            board_masks = np.uint64(np.bitwise_or.reduce(t.suit_bits[board]))
            slot = row_slot(board_total, t.seven_offsets, SEVEN_ROW_SHIFT)
            value = seven_seat_class(high[p, slot], board_total, board_masks, totals, masks,
                                     3 * p, 3, t.flush_classes[0], bias)
            assert t.high_strength[value] == want_high[i], (p, ref.show(board.tolist()))
            assert t.low_strength[low[p, slot]] == want_low[i], (p, ref.show(board.tolist()))


@pytest.mark.parametrize("dead", ["", "3d"])
def test_tuples_alike_under_a_suit_relabelling_are_merged_with_their_weights(dead):
    # Swapping diamonds and hearts leaves the board 7d7h2c and KhKd as they are, so AdJd and
    # AhJh have the same results: an enumeration may value one of them for both, with their
    # weights (unequal here) summed; AcJc and AsJs stay apart (the 2c). A dead 3d breaks the
    # symmetry, and there it matters: one diamond fewer for AdJd's flush.
    board = "7d7h2c"
    weights = {"AdJd": 0.4, "AhJh": 1.0, "AcJc": 1.0, "AsJs": 0.5}
    left = ", ".join(f"{combo}:{w}" for combo, w in weights.items())
    table = calc("holdem", [left, "KhKd"], board=board, dead=dead)
    assert table.attrs["method"] == "exact"
    assert table.attrs["outcomes"] == 4 * (990 if not dead else 946)  # C(45, 2), C(44, 2)
    expected = sum(w * oracle_equity("holdem", [combo, "KhKd"], board, dead)[0][0]
                   for combo, w in weights.items()) / sum(weights.values())
    assert close(table.equity[0], expected)
    assert close(table.equity.sum(), 1.0)


def test_suit_relabellings_merge_aa_against_kk_preflop_into_three_kinds():
    # Preflop every relabelling of the suits applies: an AA combo and a KK combo share no
    # suit, one suit or both, so the 36 tuples are three kinds of 6, 24 and 6.
    from equity.calculator.exact import _merge_suit_relabellings, _tuples
    from equity.calculator.question import read_question

    q = read_question("holdem", ["AA", "KK"], "", "", False, None, {})
    holes, weights = _tuples(q)
    assert len(holes) == 36
    merged, merged_weights = _merge_suit_relabellings(q, holes, weights)
    assert sorted(merged_weights.tolist()) == [6.0, 6.0, 24.0]
    shared = sorted(len({c & 3 for c in row[:2]} & {c & 3 for c in row[2:]}) for row in merged)
    assert shared == [0, 1, 2]


def test_range_against_range_preflop_is_exact_by_default_once_merged():
    # AA against KK: 36 tuples of C(48, 5) boards; 81.946% for AA, as PokerStove publishes it and
    # OMPEval's enumeration (through pokerfast) gives. QQ+ against AKs: 48 tuples fit (72 by
    # the bound), too many for the budget one by one, but 4 kinds under the suit relabellings
    # (QQ sharing AKs's suit or not; KK and AA never can), so the default method is exact:
    # 65.414% for QQ+ (OMPEval's enumeration).
    aa_kk = calc("holdem", ["AA", "KK"])
    assert aa_kk.attrs["method"] == "exact"
    assert aa_kk.attrs["outcomes"] == 36 * 1_712_304
    assert round(float(aa_kk.equity[0]), 5) == 0.81946
    pairs_suited = calc("holdem", ["QQ+", "AKs"])
    assert pairs_suited.attrs["method"] == "exact"
    assert round(float(pairs_suited.equity[0]), 5) == 0.65414


