"""The El Dorado exchange strategy study (``eldorado-equilibrium``) at a tiny size: the profile's
shares and swap rates against simulate, the shapes adding up to the whole, the give-up rates
against give_up_rates, greedy's exploitability at the heads-up dealer, and bad parameters."""

from __future__ import annotations

import numpy as np
import pytest

import equity
from equity.errors import OptionError
from equity.strategy import give_up_rates
from simulations import harness

SEED = 20261205
DEALS = 100
PARAMS = {"samples": 150, "pots": "high,low", "profiles": "greedy", "fold_samples": 30, "prices": "0.25,0.5"}


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> harness.RunResult:
    return harness.run_study(
        "eldorado-equilibrium",
        deals=DEALS,
        players="2",
        params=PARAMS,
        seed=SEED,
        out=tmp_path_factory.mktemp("runs"),
        progress=False,
    )


def test_the_profiles_shares_and_swaps_are_simulates(run):
    # the study's deals are its own; simulate plays others of the same profile: they agree within noise
    result = run.tables["result"]
    for pot in ("high", "low"):
        table = equity.simulate(
            "eldorado", 2, 20_000, seed=SEED + 1, policies="greedy", pot=pot, aggregate=True
        )
        for row in result[result.pot == pot].itertuples():
            assert abs(row.share - table.equity[row.seat]) < 4 * np.hypot(
                row.share_se, table.stderr[row.seat]
            )
            # binomial errors from simulate's rate (the study's own is 0 where every deal swapped)
            swap = table.swap_rate[row.seat]
            spread = np.sqrt(swap * (1 - swap))
            assert abs(row.profile_swap_rate - swap) <= 4 * np.hypot(spread / np.sqrt(DEALS),
                                                                    spread / np.sqrt(20_000))


def test_greedy_is_exploitable_at_the_heads_up_dealer(run):
    dealer = run.tables["result"].query("pot == 'high' and position == 'dealer'").iloc[0]
    assert dealer.gain > 4 * dealer.gain_se
    assert dealer.gain_low95 > 0 and dealer.best_response_share > dealer.share
    assert abs(dealer.best_response_share - (dealer.share + dealer.gain)) < 1e-12


def test_the_shapes_add_up_to_every_deal(run):
    result, swaps = run.tables["result"], run.tables["swaps"]
    for (pot, seat), part in swaps.groupby(["pot", "seat"], observed=True):
        whole = result[(result.pot == pot) & (result.seat == seat)].iloc[0]
        assert part.hands.sum() == DEALS
        for column in ("profile_swap_rate", "best_response_swap_rate"):
            weighted = (part[column].fillna(0) * part.hands).sum() / DEALS
            assert weighted == pytest.approx(whole[column], abs=1e-12)
    # two cards of one rank are never suited: the shapes partition the hands
    assert list(swaps["shape"].cat.categories) == ["pair", "suited", "offsuit"]


def test_the_give_up_rates_are_give_up_rates(run):
    give = run.tables["give_up"]
    for pot in ("high", "low"):
        rates = give_up_rates(2, [0.25, 0.5], deals=DEALS, seed=SEED, pot=pot, fold_samples=30)
        mine = give[give.pot == pot].sort_values(["seat", "price"])
        assert np.allclose(mine.give_up.to_numpy(), rates.give_up.to_numpy())
        assert np.allclose(mine.estimated_equity.to_numpy(), rates.equity.to_numpy())
        for _, seat in mine.groupby("seat"):  # a dearer call, more folds
            assert (np.diff(seat.give_up.to_numpy()) >= 0).all()


def test_the_tables_say_what_made_them(run):
    for table in run.tables.values():
        assert table.attrs["samples_per_decision"] == 150 and table.attrs["fold_samples"] == 30


@pytest.mark.parametrize(
    "params, match",
    [
        ({"profiles": "never"}, "heuristics measured are greedy and lookahead"),
        ({"profiles": "bluff"}, "unknown profile 'bluff'"),
        ({"pots": "hi-lo"}, "pot='hi-lo'"),
        ({"prices": "0.25,1.5"}, "prices must lie between 0 and 1"),
    ],
)
def test_bad_parameters_are_one_clear_error(params, match, tmp_path):
    with pytest.raises(OptionError, match=match):
        harness.run_study(
            "eldorado-equilibrium", deals=4, players="2", params=params, out=tmp_path, progress=False
        )


def test_more_than_nine_players_is_refused(tmp_path):
    with pytest.raises(OptionError, match="players=10"):
        harness.run_study("eldorado-equilibrium", deals=4, players="10", out=tmp_path, progress=False)
