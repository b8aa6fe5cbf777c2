"""Folding after the El Dorado exchange (equity.fold_after_exchange): the estimated equity against
an exact enumeration with the reference evaluator, the fold rules in ``simulate``,
``play_deals`` and ``calc``, and bad input."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
import reference as ref

import equity
from equity.deal import play_deals, simulate
from equity.errors import OptionError
from equity.fold_after_exchange import estimated_equity, fold_rng, gave_up, read_fold_policy

SEED = 20261205
ELDORADO = equity.get_game("eldorado")


def _share(hands: list[list[int]], board: list[int], wild: int | None, seat: int) -> float:
    keys = [ref.best_high("eldorado", h, board, wild) for h in hands]
    best = max(keys)
    return (keys[seat] == best) / sum(k == best for k in keys)


def _spot():
    """Heads-up after the rule document's first swap: seat 0 gave the 9d for the Qs (nines wild)
    and holds 9c Qs; the dealer kept Kh 4h; the last card will be the 2s."""
    seat0, seat1 = ref.parse("9cQs"), ref.parse("Kh4h")
    flop = ref.parse("7d9d4c")
    hole = np.array([seat0 + seat1], dtype=np.uint8)
    board = np.array([flop + ref.parse("2s")], dtype=np.uint8)
    wild = np.array([ref.rank_of(ref.parse("9d")[0])], dtype=np.int64)
    took = np.array([[ref.parse("Qs")[0], -1]], dtype=np.int64)
    return seat0, seat1, flop, hole, board, wild, took


def test_estimate_is_the_exact_share_over_what_the_seat_cannot_see():
    seat0, seat1, flop, hole, board, wild, took = _spot()
    samples = 20_000
    estimate = estimated_equity(ELDORADO, hole, board, wild, np.ones((1, 2), dtype=bool), took, samples,
                                fold_rng(SEED, 0))
    w = int(wild[0])
    # the dealer sees its hand, the flop and the queen seat 0 took; seat 0's other card and the
    # last card are any two of the 46 others
    pool = [c for c in range(52) if c not in seat1 + flop + ref.parse("Qs")]
    dealer = [_share([[ref.parse("Qs")[0], x], seat1], flop + [y], w, 1)
              for x, y in itertools.permutations(pool, 2)]
    # seat 0 saw the dealer keep: both its cards and the last card are unseen (47 cards)
    pool0 = [c for c in range(52) if c not in seat0 + flop]
    first = [_share([seat0, [x, y]], flop + [z], w, 0)
             for x, y in itertools.combinations(pool0, 2) for z in pool0 if z not in (x, y)]
    bound = 4 * 0.5 / math.sqrt(samples)
    assert estimate[0, 1] == pytest.approx(np.mean(dealer), abs=bound)
    assert estimate[0, 0] == pytest.approx(np.mean(first), abs=bound)


def test_estimates_are_nan_for_seats_out_and_count_only_the_seats_in():
    seat0, seat1, flop, hole, board, wild, _ = _spot()
    three = np.concatenate([hole, np.array([ref.parse("2c2d")], dtype=np.uint8)], axis=1)
    took = np.array([[ref.parse("Qs")[0], -1, -1]])
    active = np.array([[True, True, False]])
    estimate = estimated_equity(ELDORADO, three, board, wild, active, took, 4000, fold_rng(SEED, 1))
    heads_up = estimated_equity(ELDORADO, hole, board, wild, active[:, :2], took[:, :2], 4000,
                                fold_rng(SEED, 1))
    assert np.isnan(estimate[0, 2])
    # the folded third seat's cards are unseen but play no hand: the same as heads-up within the noise
    assert estimate[0, 1] == pytest.approx(heads_up[0, 1], abs=4 * 0.5 / math.sqrt(4000))


def test_a_seat_that_gives_up_keeps_its_swap_and_wins_nothing():
    plain = play_deals("eldorado", 4, 3000, seed=SEED)
    folding = play_deals("eldorado", 4, 3000, seed=SEED, fold_policy=0.2, fold_samples=40)
    # the same deals and exchange: the wild rank, the swaps and who set it do not change
    for name in ("wild", "gave", "took", "setter", "hole", "board"):
        assert np.array_equal(getattr(plain, name), getattr(folding, name)), name
    out = folding.gave_up
    assert out.any() and (folding.folded == out).all()  # nobody folded before the exchange here
    assert (folding.share[out] == 0).all()
    assert np.allclose(folding.share.sum(axis=1), 1)
    assert (out.sum(axis=1) < 4).all()  # never every seat
    # a seat that stayed and beat the seats that stayed takes the pot
    stayed = ~out
    best = np.where(stayed, folding.high, 0).max(axis=1)
    winners = stayed & (folding.high == best[:, None])
    assert np.allclose(folding.share, winners / winners.sum(axis=1, keepdims=True))
    table = simulate("eldorado", 4, 3000, seed=SEED, fold_policy=0.2, fold_samples=40)
    assert table.gave_up.to_numpy().reshape(-1, 4).tolist() == out.tolist()


def test_thresholds_fold_the_seats_whose_estimate_is_below():
    d = play_deals("eldorado", 3, 600, seed=SEED)
    n = d.deals
    hole, active = d.hole.reshape(n, -1), ~d.folded
    policy = read_fold_policy(ELDORADO, 3, [0.3, None, 0.5], 50)
    out = gave_up(ELDORADO, policy, hole, d.board, d.wild, active, d.took, fold_rng(SEED, 0))
    estimate = estimated_equity(ELDORADO, hole, d.board, d.wild, active, d.took, 50, fold_rng(SEED, 0))
    wants = estimate < np.array([0.3, -np.inf, 0.5])
    everyone = wants.sum(axis=1) == 3
    assert not wants[:, 1].any() and not everyone.any()  # seat 1 never gives up
    assert (out == wants).all()


def test_when_every_seat_would_give_up_nobody_does():
    d = play_deals("eldorado", 2, 400, seed=SEED)
    n = d.deals
    policy = read_fold_policy(ELDORADO, 2, 1.0, 20)  # every seat short of a sure win wants out
    out = gave_up(ELDORADO, policy, d.hole.reshape(n, -1), d.board, d.wild, ~d.folded, d.took,
                  fold_rng(SEED, 0))
    estimate = estimated_equity(ELDORADO, d.hole.reshape(n, -1), d.board, d.wild, ~d.folded, d.took, 20,
                                fold_rng(SEED, 0))
    sure = estimate >= 1.0
    assert (out == (sure.any(axis=1)[:, None] & ~sure)).all()


def test_a_fold_function_sees_each_seat_in_turn():
    seen = []

    def fold(hole, flop, wild, seat, players):
        seen.append((seat, players, hole.shape, flop.shape, wild.shape))
        holds_wild = ((hole >> 2) == wild[:, None]).any(axis=1)
        return ~holds_wild if seat == 0 else np.zeros(len(hole), dtype=bool)

    d = play_deals("eldorado", 3, 500, seed=SEED, fold_policy=fold)
    assert [s[0] for s in seen] == [0, 1, 2] and {s[1] for s in seen} == {3}
    assert seen[0][2:] == ((500, 2), (500, 3), (500,))
    holds = ((d.hole[:, 0] >> 2) == d.wild[:, None]).any(axis=1)
    assert (d.gave_up[:, 0] == ~holds).all() and not d.gave_up[:, 1:].any()


def test_the_same_seed_gives_the_same_folds_and_never_is_no_policy():
    a = simulate("eldorado", 3, 2000, seed=SEED, fold_policy=0.3, fold_samples=30, aggregate=True)
    b = simulate("eldorado", 3, 2000, seed=SEED, fold_policy=0.3, fold_samples=30, aggregate=True)
    assert a.equals(b) and (a.gave_up_rate > 0).all()
    never = simulate("eldorado", 3, 2000, seed=SEED, fold_policy="never", aggregate=True)
    plain = simulate("eldorado", 3, 2000, seed=SEED, aggregate=True)
    # the same deals and exchanges: without a fold policy the aggregate comes from the fused
    # exchange kernel, which sums the shares in another order (equal to the last bits)
    np.testing.assert_allclose(never.equity, plain.equity, rtol=0, atol=1e-12)
    assert np.array_equal(never.swap_rate, plain.swap_rate) and (never.gave_up_rate == 0).all()


def test_calc_plays_the_fold_policy_after_the_exchange():
    hands = ["9c9d", "Kh4h", "random"]
    plain = equity.calc("eldorado", hands, board="7dQs4c", trials=20_000, seed=SEED)
    never = equity.calc("eldorado", hands, board="7dQs4c", trials=20_000, seed=SEED, fold_policy="never")
    assert np.array_equal(plain.equity, never.equity) and (never.gave_up == 0).all()
    folding = equity.calc("eldorado", hands, board="7dQs4c", trials=20_000, seed=SEED, fold_policy=0.3,
                          fold_samples=40)
    assert folding.equity.sum() == pytest.approx(1.0)
    assert ((folding.gave_up > 0) & (folding.gave_up < 1)).all()
    # giving up is never worth more than nothing, and the seats that give up most lose most
    worst = folding.gave_up.idxmax()
    assert folding.equity[worst] < plain.equity[worst]
    again = equity.calc("eldorado", hands, board="7dQs4c", trials=20_000, seed=SEED, fold_policy=0.3,
                        fold_samples=40)
    assert again.equity.equals(folding.equity)


@pytest.mark.parametrize(("game", "options", "message"), [
    ("holdem", {"fold_policy": 0.3}, "holdem has no exchange"),
    ("eldorado", {"fold_policy": 1.5}, "from 0 to 1"),
    ("eldorado", {"fold_policy": [0.2, 0.3]}, "3 of them"),
    ("eldorado", {"fold_policy": "sometimes"}, "'never', an equity threshold"),
    ("eldorado", {"fold_policy": True}, "3 of them"),
    ("eldorado", {"fold_policy": 0.3, "fold_samples": 1}, "at least 2"),
    ("eldorado", {"fold_samples": 30}, "applies to a fold_policy"),
    ("eldorado", {"fold_policy": lambda *a: None, "fold_samples": 30}, "not to a function"),
])
def test_bad_fold_policies_are_refused(game, options, message):
    with pytest.raises(OptionError, match=message):
        simulate(game, 3, 100, seed=1, **options)


def test_calc_refuses_a_fold_policy_after_the_exchange_and_a_bad_function():
    with pytest.raises(OptionError, match="the exchange is over"):
        equity.calc("eldorado", ["9cQs", "Kh4h"], board="7d9d4c", wild="9", fold_policy=0.3, trials=100)
    with pytest.raises(OptionError, match="one bool per deal"):
        play_deals("eldorado", 2, 100, seed=1, fold_policy=lambda hole, *rest: np.zeros(3, dtype=bool))


def test_give_up_rates_count_the_estimates_below_each_price():
    from equity.strategy import give_up_rates

    rates = give_up_rates(3, [0.2, 0.5], deals=1500, seed=SEED, fold_samples=30)
    d = play_deals("eldorado", 3, 1500, seed=SEED)
    estimate = estimated_equity(ELDORADO, d.hole.reshape(1500, -1), d.board, d.wild, ~d.folded, d.took, 30,
                                fold_rng(SEED, 0))
    for row in rates.itertuples():
        assert row.give_up == pytest.approx((estimate[:, row.seat] < row.price).mean())
        assert row.equity == pytest.approx(estimate[:, row.seat].mean())
    assert (rates.groupby("seat").give_up.diff().dropna() >= 0).all()
    assert rates.attrs["profile"] == "greedy" and rates.attrs["deals"] == 1500
    with pytest.raises(OptionError, match="prices must be"):
        give_up_rates(3, [1.5])
    with pytest.raises(OptionError, match="2 to 9 players"):
        give_up_rates(12, [0.5])


def test_cli_calc_takes_a_fold_policy(run_cli):
    code, out, err = run_cli("calc", "eldorado", "9c9d", "Kh4h", "random", "--board", "7dQs4c", "--trials",
                             "4000", "--seed", "3", "--fold-policy", "0.3", "--fold-samples", "30")
    assert code == 0, err
    assert out.splitlines()[1].split() == ["hand", "equity", "win", "tie", "stderr", "gave_up"]
    expected = equity.calc("eldorado", ["9c9d", "Kh4h", "random"], board="7dQs4c", trials=4000, seed=3,
                           fold_policy=0.3, fold_samples=30)
    assert float(out.splitlines()[2].split()[-1]) == pytest.approx(expected.gave_up[0], abs=1e-6)
    code, out, err = run_cli("calc", "holdem", "AhKh", "QsQd", "--fold-policy", "0.3")
    assert code == 2 and "holdem has no exchange" in err
