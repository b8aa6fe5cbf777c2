"""Pot settlement: hand-worked showdowns, a slow oracle written from the rule text, and properties.

Every expected number below is worked out by hand in the comment beside it.
Seats are numbered from 0 (first to the dealer's left); players are called
A, B, C, D for seats 0, 1, 2, 3.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from equity.errors import InvalidInputError, OptionError
from equity.pots import MODES, pot_shares_many, settle, settle_many

PROPERTY_SETTINGS = settings(derandomize=True, max_examples=300, deadline=None)


# ---------------------------------------------------------------------------------------------
# The oracle: pots peeled off one all-in at a time, as a dealer does it
# ---------------------------------------------------------------------------------------------
def oracle_pots(stakes, folded):
    """Uncalled chips returned, and the pots as (amount, contestants), from the rule text."""
    n = len(stakes)
    live = [not f for f in folded]
    ordered = sorted(stakes, reverse=True)
    second = ordered[1] if n > 1 else 0
    returned = [max(s - second, 0) for s in stakes]
    left = [s - r for s, r in zip(stakes, returned, strict=True)]
    pots: list[tuple[int, list[int]]] = []
    while sum(left) > 0:
        contestants = [j for j in range(n) if live[j] and left[j] > 0]
        if not contestants:
            # Only chips of folded players remain: they go to the players left in.
            if pots:
                pots[-1] = (pots[-1][0] + sum(left), pots[-1][1])
            else:
                pots.append((sum(left), [j for j in range(n) if live[j]]))
            break
        cap = min(left[j] for j in contestants)
        pots.append((sum(min(x, cap) for x in left), contestants))
        left = [x - min(x, cap) for x in left]
    return returned, pots


def oracle_settle(high, stakes, low=None, mode="high", folded=None):
    n = len(stakes)
    folded = [False] * n if folded is None else list(folded)
    returned, pots = oracle_pots(list(stakes), folded)
    result = list(returned)

    def pay(amount, values, contestants):
        best = max(values[j] for j in contestants)
        winners = sorted(j for j in contestants if values[j] == best)
        each, odd = divmod(amount, len(winners))
        for k, j in enumerate(winners):
            result[j] += each + (1 if k < odd else 0)

    for amount, contestants in pots:
        if mode == "high":
            pay(amount, high, contestants)
        elif mode == "low":
            pay(amount, low, contestants)
        elif any(low[j] > 0 for j in contestants):
            pay(amount - amount // 2, high, contestants)
            pay(amount // 2, low, contestants)
        else:
            pay(amount, high, contestants)
    return result


def oracle_shares(high, low=None, mode="high", folded=None):
    n = len(high if high is not None else low)
    folded = [False] * n if folded is None else list(folded)
    live = [j for j in range(n) if not folded[j]]
    shares = [Fraction(0)] * n

    def pay(part, values):
        best = max(values[j] for j in live)
        winners = [j for j in live if values[j] == best]
        for j in winners:
            shares[j] += part / len(winners)

    if mode == "high":
        pay(Fraction(1), high)
    elif mode == "low":
        pay(Fraction(1), low)
    elif any(low[j] > 0 for j in live):
        pay(Fraction(1, 2), high)
        pay(Fraction(1, 2), low)
    else:
        pay(Fraction(1), high)
    return shares


def test_oracle_pots_worked_example() -> None:
    # Stakes 100/300/300/50: main pot 4 x 50 = 200 (all), side pot 3 x 50 = 150 (A, B, C),
    # side pot 2 x 200 = 400 (B, C).
    returned, pots = oracle_pots([100, 300, 300, 50], [False] * 4)
    assert returned == [0, 0, 0, 0]
    assert pots == [(200, [0, 1, 2, 3]), (150, [0, 1, 2]), (400, [1, 2])]


# ---------------------------------------------------------------------------------------------
# Hand-worked showdowns
# ---------------------------------------------------------------------------------------------
def test_heads_up_win() -> None:
    # Pot 50 + 50 = 100, A's high is better: A 100, B 0.
    assert settle([10, 5], [50, 50]).tolist() == [100, 0]


def test_heads_up_split() -> None:
    # Equal highs split the 100 chips: 50 each.
    assert settle([7, 7], [50, 50]).tolist() == [50, 50]


@pytest.mark.parametrize(
    ("high", "expected"),
    [
        # D best, then A, then B over C: D takes the main pot 200; A the 150 side pot;
        # B the 400 side pot.
        ([3, 2, 1, 4], [150, 400, 0, 200]),
        # C best: C takes 200 + 150 + 400 = 750.
        ([1, 1, 9, 0], [0, 0, 750, 0]),
        # A and D tie best, B over C: main 200 split 100/100; side 150 to A; side 400 to B.
        ([5, 3, 2, 5], [250, 400, 0, 100]),
        # B and C tie best: 200 -> 100/100, 150 -> 75/75, 400 -> 200/200.
        ([0, 8, 8, 0], [0, 375, 375, 0]),
        # A best, then C: main 200 and side 150 to A; side 400 to C.
        ([9, 1, 5, 0], [350, 0, 400, 0]),
    ],
)
def test_side_pots_100_300_300_50(high, expected) -> None:
    # Stakes A 100, B 300, C 300, D 50 (total 750): main pot 4 x 50 = 200 (everybody);
    # first side pot 3 x 50 = 150 (A, B, C); second side pot 2 x 200 = 400 (B, C).
    result = settle(high, [100, 300, 300, 50])
    assert result.tolist() == expected
    assert result.sum() == 750


def test_folded_player_chips_stay_in_the_pot() -> None:
    # A 40, B 40, C folded after 20: pot 100. C's 9 would win but C folded; B's 2 beats A's 1.
    assert settle([1, 2, 9], [40, 40, 20], folded=[False, False, True]).tolist() == [0, 100, 0]


def test_folded_player_with_the_largest_stake_feeds_a_side_pot() -> None:
    # A all in for 50, B put in 100 and folded, C put in 100. The top stake (100) is matched,
    # so nothing is uncalled. Main pot 3 x 50 = 150 (A, C); side pot 50 + 50 = 100 (C alone).
    # A has the best hand: A 150, C 100.
    assert settle([9, 5, 1], [50, 100, 100], folded=[False, True, False]).tolist() == [150, 0, 100]


def test_uncalled_excess_is_returned() -> None:
    # A bets 200, B calls all in for 50: 150 of A's chips are uncalled and go back. Pot 100.
    assert settle([1, 9], [200, 50]).tolist() == [150, 100]  # B wins the pot
    assert settle([9, 1], [200, 50]).tolist() == [250, 0]  # A wins it: 150 back + 100


def test_uncalled_excess_of_a_folded_player_is_returned() -> None:
    # A put in 100 and folded, B and C 30 each: A's 70 above the second stake (30) go back;
    # the pot of 3 x 30 = 90 goes to C (best high among B and C).
    assert settle([9, 1, 2], [100, 30, 30], folded=[True, False, False]).tolist() == [70, 0, 90]


def test_chips_no_player_left_in_contested_go_to_the_players_left_in() -> None:
    # A and C put in 100 each and folded; B is in for 50. Nothing is uncalled (two stakes of
    # 100). B's pot: 3 x 50 = 150; the other 2 x 50 = 100 have no contestant left in and join
    # B's pot: B gets all 250.
    assert settle([9, 1, 9], [100, 50, 100], folded=[True, False, True]).tolist() == [0, 250, 0]


def test_live_player_with_no_stake_wins_only_when_alone() -> None:
    # A put in nothing (a walk); B folded after 10, C folded after 10: no pot has a live
    # contestant with chips in, so the 20 chips go to A, the only player left in.
    assert settle([1, 5, 5], [0, 10, 10], folded=[False, True, True]).tolist() == [20, 0, 0]
    # With C left in as well, C contests the 20 and A has no chips in any pot.
    assert settle([9, 5, 1], [0, 10, 10], folded=[False, True, False]).tolist() == [0, 0, 20]


def test_single_player_gets_the_stake_back() -> None:
    # Nobody called: the whole stake is uncalled.
    assert settle([3], [40]).tolist() == [40]


def test_tahoe_hilo_no_qualifying_low_high_scoops() -> None:
    # Three players 40 each, pot 120; no low above 0, so B's best high takes all 120.
    result = settle([1, 9, 5], [40, 40, 40], low=[0, 0, 0], mode="hi_lo")
    assert result.tolist() == [0, 120, 0]


def test_hilo_split_high_and_low() -> None:
    # Pot 120: high half 60 to A, low half 60 to B.
    result = settle([9, 5, 1], [40, 40, 40], low=[0, 8, 3], mode="hi_lo")
    assert result.tolist() == [60, 60, 0]


def test_hilo_quartering() -> None:
    # Pot 120: high half 60 to A; A and B tie for the low, splitting 60 into 30/30.
    # A 60 + 30 = 90, B 30.
    result = settle([9, 5, 1], [40, 40, 40], low=[7, 7, 0], mode="hi_lo")
    assert result.tolist() == [90, 30, 0]


def test_hilo_side_pot_without_a_low_is_scooped() -> None:
    # A all in for 20 with the only low; B and C 50 each. Main pot 3 x 20 = 60: high 30 to C,
    # low 30 to A. Side pot 2 x 30 = 60 (B, C): no low among them, C's high scoops 60.
    result = settle([1, 2, 9], [20, 50, 50], low=[5, 0, 0], mode="hi_lo")
    assert result.tolist() == [30, 0, 90]


def test_odd_chip_of_a_two_way_split_goes_to_seat_0() -> None:
    # A 50, B 50, C folded after 1: pot 101; A and B tie: 50 each and the odd chip to A.
    assert settle([4, 4, 9], [50, 50, 1], folded=[False, False, True]).tolist() == [51, 50, 0]


def test_odd_chip_goes_to_the_first_tied_seat() -> None:
    # A folded after 1, B and C 50 each: pot 101; B (seat 1) is the first tied seat: B 51, C 50.
    assert settle([9, 4, 4], [1, 50, 50], folded=[True, False, False]).tolist() == [0, 51, 50]


def test_three_way_split_of_100() -> None:
    # 100 / 3 = 33 rest 1: the first tied seat gets 34.
    folded = [False, False, False, True]
    assert settle([4, 4, 4, 9], [25] * 4, folded=folded).tolist() == [34, 33, 33, 0]
    # Seat 0 folded, seats 1, 2, 3 tie: seat 1 gets the odd chip.
    folded = [True, False, False, False]
    assert settle([9, 4, 4, 4], [25] * 4, folded=folded).tolist() == [0, 34, 33, 33]


def test_hilo_odd_pot_odd_chip_to_the_high_half() -> None:
    # Pot 3 x 35 = 105: high half 53 (the odd chip) to A, low half 52 to B.
    result = settle([9, 5, 1], [35, 35, 35], low=[0, 8, 3], mode="hi_lo")
    assert result.tolist() == [53, 52, 0]


def test_hilo_odd_pot_with_quarters() -> None:
    # Pot 50 + 50 + 1 (C folded) = 101: high half 51, low half 50. A and B tie for high:
    # 51 -> 26 (A, seat order) and 25 (B). B alone has a low: 50. A 26, B 75.
    result = settle([6, 6, 9], [50, 50, 1], low=[0, 4, 8], mode="hi_lo",
                     folded=[False, False, True])
    assert result.tolist() == [26, 75, 0]


def test_hilo_odd_pot_quartered_three_ways() -> None:
    # Pot 105: high half 53 to A; A and B tie for low: 52 -> 26/26. A 79, B 26.
    result = settle([9, 5, 1], [35, 35, 35], low=[7, 7, 0], mode="hi_lo")
    assert result.tolist() == [79, 26, 0]


def test_eldorado_low_mode_best_low_takes_the_pot() -> None:
    # El Dorado low by agreement: pot 90 to the best low (C), no qualifier, no high half.
    assert settle(None, [30, 30, 30], low=[3, 5, 8], mode="low").tolist() == [0, 0, 90]
    # Tied lows split: 45/45.
    assert settle(None, [30, 30, 30], low=[8, 5, 8], mode="low").tolist() == [45, 0, 45]


def test_low_mode_zero_is_the_worst_low() -> None:
    # A 0 low loses to any low above 0, and when every contestant has 0 they all tie (30 each).
    assert settle(None, [30, 30, 30], low=[0, 1, 0], mode="low").tolist() == [0, 90, 0]
    assert settle(None, [30, 30, 30], low=[0, 0, 0], mode="low").tolist() == [30, 30, 30]


def test_low_mode_side_pots() -> None:
    # Stakes 100/300/300/50 with lows: D has the best low (main pot 200), A the next (side
    # pot 150), C beats B (side pot 400).
    result = settle(None, [100, 300, 300, 50], low=[7, 2, 3, 9], mode="low")
    assert result.tolist() == [150, 0, 400, 200]


def test_settle_many_broadcast_stakes_and_dtypes() -> None:
    high = np.array([[5, 3], [2, 2], [1, 8]], dtype=np.uint32)  # evaluate_many's dtype
    # Stakes 10/10 in each deal: pot 20 -> A; split 10/10; B.
    assert settle_many(high, [10, 10]).tolist() == [[20, 0], [10, 10], [0, 20]]
    # Per-deal stakes: 10/10 -> A 20; 15/6 split: 9 uncalled to A, 12 split 6/6 -> A 15, B 6;
    # 3/30: 27 uncalled to B, 6 to B -> B 33.
    result = settle_many(high, [[10, 10], [15, 6], [3, 30]])
    assert result.dtype == np.int64
    assert result.tolist() == [[20, 0], [15, 6], [0, 33]]


def test_pot_shares_worked_examples() -> None:
    high = [[7, 7, 7], [9, 1, 1], [3, 3, 1]]
    # Three-way tie 1/3 each; a win 1; a two-way tie 1/2 each.
    expected = [[1 / 3] * 3, [1, 0, 0], [0.5, 0.5, 0]]
    np.testing.assert_allclose(pot_shares_many(high), expected, rtol=0, atol=1e-15)
    # Hi-lo: quartering gives A 1/2 + 1/4, B 1/4; no low: the high scoops.
    shares = pot_shares_many([[9, 5, 1], [9, 5, 1]], low=[[7, 7, 0], [0, 0, 0]], mode="hi_lo")
    assert shares.tolist() == [[0.75, 0.25, 0.0], [1.0, 0.0, 0.0]]
    # A folded player gets nothing: B and C split.
    shares = pot_shares_many([[9, 5, 5]], folded=[[True, False, False]])
    assert shares.tolist() == [[0.0, 0.5, 0.5]]
    # Low mode.
    assert pot_shares_many(None, low=[[2, 6, 6, 0]], mode="low").tolist() == [[0, 0.5, 0.5, 0]]


# ---------------------------------------------------------------------------------------------
# Input checking
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: settle([1, 2], [10, 10, 10]), InvalidInputError,
         "stakes has 3 entries, one per player, but high has 2"),
        (lambda: settle([1, 2], [10, -5]), InvalidInputError, "player 1 has -5"),
        (lambda: settle([1, 2], [10, 10], mode="hilo"), OptionError, "'high', 'low' and 'hi_lo'"),
        (lambda: settle([1, 2], [10, 10], mode="hi_lo"), OptionError, "needs the low strengths"),
        (lambda: settle(None, [10, 10], mode="low"), OptionError, "needs the low strengths"),
        (lambda: settle(None, [10, 10]), OptionError, "needs the high strengths"),
        (lambda: settle([1, 2], [10, 10], low=[1, 0]), OptionError, "mode is 'high'"),
        (lambda: settle([1, 2], [10, 10], low=[1, 0], mode="low"), OptionError, "high=None"),
        (lambda: settle([1, 2], [10, 10], folded=[True, True]), InvalidInputError, "every player folded"),
        (lambda: settle([1, 2], [10, 10], folded=[True]), InvalidInputError,
         "folded has 1 entry, one per player, but"),
        (lambda: settle([1, 2], [10.0, 10.0]), InvalidInputError, "stakes must be integers"),
        (lambda: settle([], []), InvalidInputError, "at least one player"),
        (lambda: settle([1, 2], [10, 10], low=[1, -1], mode="hi_lo"), InvalidInputError,
         "player 1 has -1"),
        (lambda: settle([1, 2], [10, 10], low=[1, 0, 0], mode="hi_lo"), InvalidInputError,
         "low has 3 entries, one per player, but high has 2"),
        (lambda: settle_many([[1, 2]], [[10, 10], [5, 5]]), InvalidInputError, "stakes has shape (2, 2)"),
        (lambda: settle_many([[1, 2], [3, 4]], [[10, 10], [5, -5]]), InvalidInputError,
         "deal 1, player 1 has -5"),
        (lambda: settle_many([1, 2], [10, 10]), InvalidInputError, "high must have shape (deals, players)"),
        (lambda: settle_many([[1, 2], [3, 4]], [10, 10], folded=[[0, 0], [1, 1]]), InvalidInputError,
         "deal 1: every player folded"),
        (lambda: pot_shares_many([[1, 2]], mode="split"), OptionError, "unknown pot mode 'split'"),
    ],
)
def test_bad_input_is_named(call, error, message) -> None:
    with pytest.raises(error) as info:
        call()
    assert message in str(info.value)


def test_errors_are_value_errors() -> None:
    with pytest.raises(ValueError, match="non-negative"):
        settle([1, 2], [-1, 3])


# ---------------------------------------------------------------------------------------------
# Against the oracle, and properties
# ---------------------------------------------------------------------------------------------
def random_deals(rng, n, players, mode, stake_kind):
    high = rng.integers(0, 4, (n, players))
    low = rng.integers(0, 4, (n, players))
    if stake_kind == "equal":
        stakes = np.full((n, players), 7)
    else:
        stakes = rng.integers(0, 30, (n, players))
    folded = rng.random((n, players)) < 0.3
    folded[np.arange(n), rng.integers(0, players, n)] = False
    if stake_kind == "equal":
        folded[: n // 2] = False
    return (None if mode == "low" else high), stakes, (None if mode == "high" else low), folded


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("stake_kind", ["equal", "random"])
@pytest.mark.parametrize("players", [2, 3, 6, 9])
def test_settle_many_matches_the_oracle(mode, stake_kind, players) -> None:
    rng = np.random.default_rng([players, len(mode), len(stake_kind)])
    high, stakes, low, folded = random_deals(rng, 300, players, mode, stake_kind)
    result = settle_many(high, stakes, low=low, mode=mode, folded=folded)
    for i in range(result.shape[0]):
        expected = oracle_settle(None if high is None else high[i].tolist(), stakes[i].tolist(),
                                 None if low is None else low[i].tolist(), mode, folded[i].tolist())
        assert result[i].tolist() == expected, i


ANY_TABLE = st.integers(1, 9)


@st.composite
def showdowns(draw, players=ANY_TABLE):
    n = draw(players)
    mode = draw(st.sampled_from(MODES))
    strengths = st.lists(st.integers(0, 3), min_size=n, max_size=n)
    high = draw(strengths)
    low = draw(strengths)
    stakes = draw(st.lists(st.integers(0, 40), min_size=n, max_size=n))
    folded = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    folded[draw(st.integers(0, n - 1))] = False
    return (None if mode == "low" else high), stakes, (None if mode == "high" else low), mode, folded


@PROPERTY_SETTINGS
@given(showdowns())
def test_chips_are_conserved_and_match_the_oracle(deal) -> None:
    high, stakes, low, mode, folded = deal
    result = settle(high, stakes, low=low, mode=mode, folded=folded)
    assert result.dtype == np.int64
    assert int(result.sum()) == sum(stakes)
    assert (result >= 0).all()
    assert result.tolist() == oracle_settle(high, stakes, low, mode, folded)


@PROPERTY_SETTINGS
@given(showdowns())
def test_nobody_wins_more_than_the_pots_they_contest(deal) -> None:
    high, stakes, low, mode, folded = deal
    result = settle(high, stakes, low=low, mode=mode, folded=folded)
    returned, pots = oracle_pots(stakes, folded)
    for j in range(len(stakes)):
        contested = sum(amount for amount, contestants in pots if j in contestants)
        assert result[j] <= returned[j] + contested
        if folded[j]:
            assert result[j] == returned[j]


def permuted(values, order):
    return None if values is None else [values[k] for k in order]


@PROPERTY_SETTINGS
@given(showdowns(players=st.integers(2, 9)), st.randoms(use_true_random=False))
def test_permuting_seats_permutes_results(deal, random) -> None:
    high, stakes, low, mode, folded = deal
    order = list(range(len(stakes)))
    random.shuffle(order)
    # Stakes in multiples of 2 x lcm(1..9) = 5040: every pot and half pot divides evenly
    # among any number of winners, so no odd chip depends on seat order.
    even = [5040 * s for s in stakes]
    base = settle(high, even, low=low, mode=mode, folded=folded)
    moved = settle(permuted(high, order), permuted(even, order), low=permuted(low, order), mode=mode,
                   folded=permuted(folded, order))
    assert moved.tolist() == permuted(base.tolist(), order)
    # With any stakes, seats differ only by odd chips: at most one chip per pot or half pot.
    base = settle(high, stakes, low=low, mode=mode, folded=folded)
    moved = settle(permuted(high, order), permuted(stakes, order), low=permuted(low, order), mode=mode,
                   folded=permuted(folded, order))
    parts = 2 * len(stakes)
    assert np.abs(moved - np.array(permuted(base.tolist(), order))).max() <= parts


@PROPERTY_SETTINGS
@given(st.integers(1, 6).flatmap(lambda n: st.lists(showdowns(players=st.just(n)), min_size=1,
                                                    max_size=8)),
       st.sampled_from(MODES))
def test_settle_equals_settle_many_row_by_row(deals, mode) -> None:
    n = len(deals[0][1])
    # Each drawn deal has the strengths its own mode reads; take whichever list it has.
    rows = [[d[0] or d[2] for d in deals], [d[2] or d[0] for d in deals]]
    high = None if mode == "low" else np.array(rows[0])
    low = None if mode == "high" else np.array(rows[1])
    stakes = np.array([d[1] for d in deals])
    folded = np.array([d[4] for d in deals])
    many = settle_many(high, stakes, low=low, mode=mode, folded=folded)
    assert many.shape == (len(deals), n)
    for i in range(len(deals)):
        one = settle(None if high is None else high[i], stakes[i], low=None if low is None else low[i],
                     mode=mode, folded=folded[i])
        assert one.tolist() == many[i].tolist()
    # Shared stakes broadcast to every deal.
    shared = settle_many(high, stakes[0], low=low, mode=mode, folded=folded)
    assert shared.tolist() == settle_many(high, np.broadcast_to(stakes[0], stakes.shape), low=low,
                                          mode=mode, folded=folded).tolist()


@PROPERTY_SETTINGS
@given(showdowns())
def test_pot_shares_sum_to_one_and_match_settlement(deal) -> None:
    high, stakes, low, mode, folded = deal
    shares = pot_shares_many(None if high is None else [high], low=None if low is None else [low],
                             mode=mode, folded=[folded])[0]
    assert abs(shares.sum() - 1.0) < 1e-12
    expected = oracle_shares(high, low, mode, folded)
    np.testing.assert_allclose(shares, [float(x) for x in expected], rtol=0, atol=1e-15)
    # The shares are the chips won from an equal-stakes pot that divides evenly.
    n = len(stakes)
    chips = settle(high, [5040] * n, low=low, mode=mode, folded=folded)
    assert [Fraction(int(c), 5040 * n) for c in chips] == expected
