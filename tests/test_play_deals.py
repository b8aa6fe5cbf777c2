"""equity.play_deals and equity.Deals: the deals of simulate, as arrays.

For every game the same arguments and seed give the same deals through both functions,
the arrays hold a legal deal (each card once, from the game's deck), the strengths are
the evaluator's, and the pot shares agree with the slow oracle of tests/reference.py on
the first deals.  Runs extend chunk by chunk: ``first_chunk=1`` plays the second chunk of
a longer run, and the halves put together are the whole.
"""

from __future__ import annotations

import functools
import tracemalloc
import zlib
from dataclasses import dataclass, field, fields

import numpy as np
import pandas as pd
import pytest
import reference as R

import equity
from equity.deal import CHUNK_DEALS, Deals
from equity.errors import InvalidInputError, OptionError

#: Deals of the comparisons with simulate (one chunk, not a full one).
N = 3000
#: Deals compared with the slow oracle.
ORACLE_DEALS = 40


@dataclass(frozen=True)
class Case:
    name: str
    game: str
    players: int
    options: dict = field(default_factory=dict)
    fold_rate: float = 0.0  # one row of folds per deal, drawn with this rate (0: no folds given)
    reference: str = ""  # the oracle's game name (tests/reference.py), if not the game's

    @property
    def oracle_game(self) -> str:
        return self.reference or self.game


CASES = [
    Case("holdem", "holdem", 4),
    Case("omaha_hi_lo_stakes", "omaha", 3, {"pot": "hi_lo", "stakes": [10, 25, 40]}),
    Case("tahoe", "tahoe", 3),
    Case("spanish", "spanish", 4),
    Case("egyptian", "egyptian", 3),
    Case("eldorado_policies_folds", "eldorado", 4,
         {"policies": ["greedy", "never", "lookahead", "greedy"], "lookahead_samples": 12}, fold_rate=0.3),
    Case("eldorado_low", "eldorado", 3,
         {"pot": "low", "wild_can_be_ace": False, "policies": "lookahead", "lookahead_samples": 8}),
    Case("switch_max_reverse", "switch", 4, {"draw_policy": "max", "reverse": True}, reference="draw"),
    Case("switch_folds", "switch", 5, {"draw_policy": ["stand", "standard", "max", "standard", "stand"]},
         fold_rate=0.25, reference="draw"),
    Case("draw", "draw", 3),
    Case("switch7", "switch7", 3, reference="draw7"),
]
IDS = [c.name for c in CASES]
BY_NAME = {c.name: c for c in CASES}
SEED = 20260412


@functools.cache
def _fold_rows(name: str) -> np.ndarray:
    """Who folds in each of 2 * CHUNK_DEALS deals (never everyone), from a fixed seed."""
    case = BY_NAME[name]
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    rows = rng.random((2 * CHUNK_DEALS, case.players)) < case.fold_rate
    rows[rows.all(axis=1), 0] = False
    return rows


def _options(case: Case, deals: int, start: int = 0) -> dict:
    """The case's options for ``deals`` deals starting at deal ``start`` of the long run."""
    options = dict(case.options)
    if case.fold_rate:
        options["folds"] = _fold_rows(case.name)[start:start + deals]
    return options


@functools.cache
def _played(name: str) -> Deals:
    case = BY_NAME[name]
    return equity.play_deals(case.game, case.players, N, seed=SEED, **_options(case, N))


@functools.cache
def _simulated(name: str) -> pd.DataFrame:
    case = BY_NAME[name]
    return equity.simulate(case.game, case.players, N, seed=SEED, **_options(case, N))


def _has_board(case: Case) -> bool:
    return bool(equity.get_game(case.game).streets)


def _seat_board(deals: Deals) -> np.ndarray | None:
    """Each seat's board row, or None for a game without a board."""
    if deals.board.shape[1] == 0:
        return None
    return np.repeat(deals.board, deals.players, axis=0)


def _assert_same_deals(got: Deals, expected: Deals) -> None:
    for f in fields(Deals):
        a, b = getattr(got, f.name), getattr(expected, f.name)
        if isinstance(b, np.ndarray):
            assert isinstance(a, np.ndarray), f.name
            assert a.dtype == b.dtype, f.name
            np.testing.assert_array_equal(a, b, err_msg=f.name)
        elif f.name != "first_deal":
            assert a == b, f.name


# ---------------------------------------------------------------------------------------------
# play_deals and simulate agree
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", IDS)
def test_table_equals_simulate(name: str) -> None:
    deals = _played(name)
    assert deals.deals == N and deals.players == BY_NAME[name].players and deals.first_deal == 0
    pd.testing.assert_frame_equal(deals.table(), _simulated(name))


@pytest.mark.parametrize("name", IDS)
def test_strengths_equal_simulate_strength(name: str) -> None:
    deals, table = _played(name), _simulated(name)
    assert deals.high.shape == (N, deals.players)
    np.testing.assert_array_equal(deals.high.ravel(), table.strength.to_numpy())
    np.testing.assert_array_equal(deals.share.ravel(), table.share.to_numpy())
    np.testing.assert_array_equal(deals.folded.ravel(), table.folded.to_numpy())


@pytest.mark.parametrize("name", IDS)
def test_shares_sum_to_one_and_folded_seats_win_nothing(name: str) -> None:
    deals = _played(name)
    np.testing.assert_allclose(deals.share.sum(axis=1), 1.0, rtol=0, atol=1e-12)
    assert (deals.share >= 0).all()
    assert (deals.share[deals.folded] == 0).all()
    case = BY_NAME[name]
    if case.fold_rate:
        np.testing.assert_array_equal(deals.folded, _fold_rows(name)[:N])
        assert deals.folded.any()
    else:
        assert not deals.folded.any()


@pytest.mark.parametrize("name", IDS)
def test_hole_cards_reevaluated_give_high(name: str) -> None:
    deals = _played(name)
    g = deals.game
    n, players = deals.deals, deals.players
    wild = None
    if g.wild is not None:  # El Dorado: each deal's wild rank, -1 for none
        wild = np.repeat(deals.wild, players).astype(np.int8)
    again = equity.evaluate_many(g, deals.hole.reshape(n * players, g.hole_cards), _seat_board(deals),
                                 wild=wild)
    np.testing.assert_array_equal(again.reshape(n, players), deals.high)


@pytest.mark.parametrize("name", IDS)
def test_no_card_twice_in_a_deal_and_every_card_from_the_deck(name: str) -> None:
    deals = _played(name)
    g = deals.game
    cards = np.concatenate([deals.hole.reshape(deals.deals, -1), deals.board], axis=1).astype(np.int64)
    expected_width = deals.players * g.hole_cards + sum(s.cards for s in g.streets)
    assert cards.shape == (N, expected_width)
    ordered = np.sort(cards, axis=1)
    assert (np.diff(ordered, axis=1) > 0).all()
    assert np.isin(cards, np.array(g.deck)).all()


def _winners_share(keys: list, active: list[bool], part: float, out: np.ndarray) -> None:
    """Share ``part`` of the pot among the active seats with the best key."""
    best = max(k for k, a in zip(keys, active, strict=True) if a)
    winners = [i for i, (k, a) in enumerate(zip(keys, active, strict=True)) if a and k == best]
    for i in winners:
        out[i] += part / len(winners)


def _oracle_shares(case: Case, deals: Deals, d: int) -> np.ndarray:
    """Deal ``d``'s pot shares from the reference evaluators and the rule text of the pot."""
    mode = case.options.get("pot", "high")
    board = tuple(int(c) for c in deals.board[d])
    holes = [tuple(int(c) for c in deals.hole[d, p]) for p in range(deals.players)]
    active = [not f for f in deals.folded[d]]
    wild = None
    if deals.wild is not None and deals.wild[d] >= 0:
        wild = int(deals.wild[d])
    out = np.zeros(deals.players)
    if mode == "low":  # El Dorado's low: the best low takes the pot, no qualifier
        ace = case.options.get("wild_can_be_ace", True)
        lows = [R.best_low(case.oracle_game, h, board, wild, ace) for h in holes]
        _winners_share(lows, active, 1.0, out)
        return out
    highs = [R.best_high(case.oracle_game, h, board, wild) for h in holes]
    if mode == "high":
        _winners_share(highs, active, 1.0, out)
        return out
    # hi-lo: half to the best high, half to the best qualifying low; no low, the high scoops
    lows = [R.best_low(case.oracle_game, h, board) for h in holes]
    qualified = [a and low is not None for a, low in zip(active, lows, strict=True)]
    if not any(qualified):
        _winners_share(highs, active, 1.0, out)
        return out
    _winners_share(highs, active, 0.5, out)
    _winners_share([low if q else None for low, q in zip(lows, qualified, strict=True)], qualified, 0.5, out)
    return out


@pytest.mark.parametrize("name", IDS)
def test_shares_agree_with_the_slow_oracle(name: str) -> None:
    case, deals = BY_NAME[name], _played(name)
    for d in range(ORACLE_DEALS):
        np.testing.assert_allclose(deals.share[d], _oracle_shares(case, deals, d), rtol=0, atol=1e-12,
                                   err_msg=f"deal {d}")


# ---------------------------------------------------------------------------------------------
# Chunks: first_chunk, and the halves of a run put together
# ---------------------------------------------------------------------------------------------
@functools.cache
def _long_run(name: str) -> Deals:
    case = BY_NAME[name]
    return equity.play_deals(case.game, case.players, 2 * CHUNK_DEALS, seed=SEED,
                             **_options(case, 2 * CHUNK_DEALS))


def _half(name: str, chunk: int) -> Deals:
    case = BY_NAME[name]
    return equity.play_deals(case.game, case.players, CHUNK_DEALS, seed=SEED, first_chunk=chunk,
                             **_options(case, CHUNK_DEALS, start=chunk * CHUNK_DEALS))


def _rows(deals: Deals, start: int) -> Deals:
    """The deals from row ``start`` on."""
    cut = {f.name: getattr(deals, f.name) for f in fields(Deals)}
    for key, value in cut.items():
        if isinstance(value, np.ndarray):
            cut[key] = value[start:]
    return Deals(**cut)


@pytest.mark.parametrize("name", IDS)
def test_first_chunk_gives_the_second_chunk_of_a_longer_run(name: str) -> None:
    whole = _long_run(name)
    assert whole.deals == 2 * CHUNK_DEALS
    second = _half(name, 1)
    assert second.deals == CHUNK_DEALS
    _assert_same_deals(second, _rows(whole, CHUNK_DEALS))
    # and it is not simply the first chunk again
    assert not np.array_equal(second.hole, whole.hole[:CHUNK_DEALS])


@pytest.mark.parametrize("name", IDS)
def test_concat_of_the_two_halves_equals_the_whole(name: str) -> None:
    whole = _long_run(name)
    joined = Deals.concat([_half(name, 0), _half(name, 1)])
    _assert_same_deals(joined, whole)
    assert joined.first_deal == whole.first_deal == 0
    pd.testing.assert_frame_equal(joined.table(), whole.table())


@pytest.mark.parametrize("name", ["holdem", "eldorado_policies_folds", "switch_max_reverse"])
def test_long_run_table_equals_simulate(name: str) -> None:
    # two chunks: the per-deal folds and the random streams are cut at the chunk boundary alike
    case = BY_NAME[name]
    table = equity.simulate(case.game, case.players, 2 * CHUNK_DEALS, seed=SEED,
                            **_options(case, 2 * CHUNK_DEALS))
    pd.testing.assert_frame_equal(_long_run(name).table(), table)


# ---------------------------------------------------------------------------------------------
# usage, and each game's records
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", IDS)
def test_usage_false_leaves_hole_cards_used_none(name: str) -> None:
    case = BY_NAME[name]
    without = equity.play_deals(case.game, case.players, 500, seed=SEED, usage=False,
                                **_options(case, 500))
    assert without.hole_cards_used is None
    assert "hole_cards_used" not in without.table().columns
    with_usage = equity.play_deals(case.game, case.players, 500, seed=SEED, **_options(case, 500))
    np.testing.assert_array_equal(without.hole, with_usage.hole)
    np.testing.assert_array_equal(without.share, with_usage.share)


# Games where a hand may use fewer hole cards than it holds, and a board to use instead.
USAGE_GAMES = ["holdem", "tahoe", "egyptian", "eldorado_policies_folds", "eldorado_low"]


@pytest.mark.parametrize("name", IDS)
def test_hole_cards_used_only_where_a_hand_may_use_fewer(name: str) -> None:
    assert (_played(name).hole_cards_used is not None) == (name in USAGE_GAMES)


@pytest.mark.parametrize("name", ["holdem", "tahoe", "egyptian"])
def test_hole_cards_used_agree_with_the_slow_oracle(name: str) -> None:
    case, deals = BY_NAME[name], _played(name)
    assert deals.hole_cards_used.shape == (N, deals.players)
    for d in range(ORACLE_DEALS):
        board = tuple(int(c) for c in deals.board[d])
        expected = [R.hole_cards_used(case.game, tuple(int(c) for c in deals.hole[d, p]), board)
                    for p in range(deals.players)]
        assert deals.hole_cards_used[d].tolist() == expected, f"deal {d}"


def test_omaha_stakes_chips_conserved_and_losses_bounded() -> None:
    deals = _played("omaha_hi_lo_stakes")  # stakes 10, 25, 40
    assert deals.chips.shape == (N, 3) and deals.chips.dtype == np.int64
    assert (deals.chips.sum(axis=1) == 0).all()
    # a seat loses at most what was called: 10, 25, and 25 for the third (its last 15 uncalled)
    assert (deals.chips >= -np.array([10, 25, 25])).all()
    # the short stack wins at most the main pot: 3 * 10 - 10 of others' chips
    assert (deals.chips[:, 0] <= 2 * 10).all()
    # a seat taking the whole pot alone nets every other seat's called chips
    scoop0 = deals.share[:, 0] == 1.0
    assert (deals.chips[scoop0, 0] == 20).all() and scoop0.any()
    assert deals.low is not None and deals.low.shape == (N, 3)


def test_eldorado_records_of_the_exchange() -> None:
    deals = _played("eldorado_policies_folds")
    n, players = deals.deals, deals.players
    assert deals.wild.shape == (n,) and deals.setter.shape == (n,)
    assert ((deals.wild >= -1) & (deals.wild <= 12)).all()
    assert ((deals.setter >= -1) & (deals.setter < players)).all()
    # folded seats take no part in the exchange; the "never" seat (1) never swaps
    assert (deals.gave[deals.folded] == -1).all() and (deals.took[deals.folded] == -1).all()
    assert (deals.gave[:, 1] == -1).all()
    assert ((deals.gave >= 0) == (deals.took >= 0)).all()
    swapped = np.argwhere(deals.gave >= 0)
    assert len(swapped) > 100
    for d, p in swapped[:200]:
        hand = deals.hole[d, p].tolist()
        assert deals.took[d, p] in hand and deals.gave[d, p] not in hand
    # a seat that set the wild rank swapped
    set_rows = np.flatnonzero(deals.setter >= 0)
    assert (deals.gave[set_rows, deals.setter[set_rows]] >= 0).all()


def test_switch_reverse_each_seat_takes_from_the_next() -> None:
    deals = _played("switch_max_reverse")
    n, players = deals.deals, deals.players
    assert deals.switch_gave.shape == (n, 2, players) and deals.switch_gave.dtype == np.int16
    # nobody folded: with reverse, seat p takes what seat p + 1 gave
    for k in range(2):
        np.testing.assert_array_equal(deals.switch_received[:, k],
                                      np.roll(deals.switch_gave[:, k], -1, axis=1))
    # the max policy draws the limit: 3, or 4 when keeping an ace
    assert set(np.unique(deals.drawn).tolist()) <= {3, 4}


def test_switch_folded_seats_take_no_part() -> None:
    deals = _played("switch_folds")
    folded = deals.folded
    for k in range(2):
        assert (deals.switch_gave[:, k][folded] == -1).all()
        assert (deals.switch_received[:, k][folded] == -1).all()
    assert (deals.drawn[folded] == -1).all()
    # the "stand" seats (0 and 4) never draw
    for seat in (0, 4):
        assert (deals.drawn[~folded[:, seat], seat] == 0).all()


def test_draw_and_switch7_records() -> None:
    draw, seven = _played("draw"), _played("switch7")
    assert draw.switch_gave.shape == (N, 0, 3) and draw.drawn.shape == (N, 3)
    # the standard policy never draws more than the limits allow (3, or 4 keeping an ace)
    assert ((draw.drawn >= 0) & (draw.drawn <= 4)).all()
    assert seven.drawn is None and seven.switch_gave.shape == (N, 2, 3)
    assert seven.hole.shape == (N, 3, 7) and seven.board.shape == (N, 0)


# ---------------------------------------------------------------------------------------------
# Refusals
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("bad", ["no", 1, None, "False"])
def test_simulate_aggregate_must_be_a_bool(bad) -> None:
    with pytest.raises(OptionError, match=rf"aggregate must be True or False, got {bad!r}"):
        equity.simulate("holdem", 2, 10, seed=1, aggregate=bad)


@pytest.mark.parametrize("aggregate", [False, True])
def test_simulate_refuses_more_than_two_to_the_forty_deals(aggregate: bool) -> None:
    # 2**41 = 2,199,023,255,552 deals; the most is 2**40 = 1,099,511,627,776
    with pytest.raises(InvalidInputError) as info:
        equity.simulate("holdem", 2, 2**41, seed=1, aggregate=aggregate)
    assert not isinstance(info.value, MemoryError)
    text = str(info.value)
    assert "deals=2,199,023,255,552" in text and "1,099,511,627,776" in text


def test_play_deals_refuses_more_than_two_to_the_forty_deals() -> None:
    with pytest.raises(InvalidInputError, match=r"deals=2,199,023,255,552 is more than 1,099,511,627,776"):
        equity.play_deals("holdem", 2, 2**41, seed=1)


@pytest.mark.parametrize("bad", [0, -5, 2.5, True])
def test_play_deals_refuses_a_deal_count_that_is_not_positive_whole(bad) -> None:
    with pytest.raises(InvalidInputError, match=r"deals must be a positive whole number"):
        equity.play_deals("holdem", 2, bad, seed=1)


def test_aggregate_run_within_the_cap_checks_its_options_without_a_mask_per_deal() -> None:
    # pot='hi_lo' is refused for Hold'em: the refusal must come first, in constant memory (no
    # bool[deals, players] fold mask is made when nobody folds)
    tracemalloc.start()
    try:
        with pytest.raises(OptionError, match=r"pot='hi_lo': holdem is played for 'high'"):
            equity.simulate("holdem", 2, 2**40, seed=1, aggregate=True, pot="hi_lo")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 2**26  # well under a byte per deal
