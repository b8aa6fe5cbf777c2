"""Studies 1-4 at tiny sizes with fixed seeds, checked against exact figures and independent oracles."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
import reference
from conftest import STANDARD_FIVE_CARD_CENSUS

import equity
from simulations import harness
from simulations.switch_pairs import PAT, play_plain

SEED = 97
#: Category counts of the 133,784,560 seven-card hands (best five of seven), the published census.
SEVEN_CARD_CENSUS = {
    "straight_flush": 41_584, "four_of_a_kind": 224_848, "full_house": 3_473_184, "flush": 4_047_644,
    "straight": 6_180_020, "three_of_a_kind": 6_461_620, "two_pair": 31_433_400, "one_pair": 58_627_800,
    "high_card": 23_294_460,
}


def run(study: str, tmp_path, **kwargs) -> harness.RunResult:
    return harness.run_study(study, seed=SEED, out=tmp_path, **kwargs)


# ---------------------------------------------------------------------------------------------
# Study 1: El Dorado swap value
# ---------------------------------------------------------------------------------------------
def test_never_profile_swap_values_are_exactly_zero(tmp_path) -> None:
    result = run("eldorado-swap", tmp_path, deals=3000, players="2,5", params={"profiles": "never"})
    seats = result.tables["result"]
    assert len(seats) == 7
    assert (seats.swap_value == 0).all() and (seats.swap_value_se == 0).all()
    assert (seats.swap_rate == 0).all() and (seats.set_wild_rate == 0).all()
    dealer = result.tables["dealer"]
    assert (dealer.dealer_swap_value == 0).all() and (dealer.dealer_minus_others_swap_value == 0).all()


@pytest.mark.parametrize("policy", ["greedy", "lookahead"])
def test_exchange_policies_play_the_same_deals(policy: str) -> None:
    # Common random numbers: whatever the policies, each deal holds the same cards (the exchange
    # only moves cards between hands and the flop), the last board card is the same, and a seat
    # that does not swap keeps the hole cards it was dealt.
    players, deals = 4, 400
    never = equity.play_deals("eldorado", players, deals, seed=SEED, policies="never")
    mixed = equity.play_deals("eldorado", players, deals, seed=SEED,
                              policies=[policy, "never", policy, policy], lookahead_samples=20)

    def cards_per_deal(played: equity.Deals) -> list[frozenset[int]]:
        hole, board = played.hole.reshape(deals, -1).tolist(), played.board.tolist()
        return [frozenset(h) | frozenset(b) for h, b in zip(hole, board, strict=True)]

    assert cards_per_deal(never) == cards_per_deal(mixed)
    assert (never.board[:, 3] == mixed.board[:, 3]).all()
    kept = mixed.gave < 0
    assert kept.sum() > deals  # seat 1 never swaps, and others sometimes keep
    assert (never.hole[kept] == mixed.hole[kept]).all()


def test_a_lookahead_seat_draws_the_same_samples_whatever_the_other_seats_play() -> None:
    # Each seat's lookahead samples come from a stream of its own (the deal and the seat), so a
    # lookahead seat facing the same spot decides the same way whether an earlier seat played
    # lookahead (drawing samples of its own) or never.  With one shared stream, the earlier
    # seat's draws shifted the later seat's samples and, at 10 samples, its decisions.
    players, deals = 3, 1500
    both = equity.play_deals("eldorado", players, deals, seed=SEED, lookahead_samples=10,
                             policies=["lookahead", "never", "lookahead"])
    last_only = equity.play_deals("eldorado", players, deals, seed=SEED, lookahead_samples=10,
                                  policies=["never", "never", "lookahead"])
    same_spot = both.gave[:, 0] < 0  # the first seat kept: the last seat sees what it sees alone
    assert same_spot.sum() > 100
    assert (both.gave[same_spot, 2] == last_only.gave[same_spot, 2]).all()
    assert (both.took[same_spot, 2] == last_only.took[same_spot, 2]).all()
    assert (last_only.gave[:, 2] >= 0).mean() > 0.3  # the last seat does decide


def test_swap_value_is_the_equity_difference_on_common_deals(tmp_path) -> None:
    players, deals = 3, 5000
    seats = run("eldorado-swap", tmp_path, deals=deals, players=str(players),
                params={"profiles": "greedy"}).tables["result"]
    base = equity.simulate("eldorado", players, deals, seed=SEED, policies="greedy", aggregate=True)
    for seat in range(players):
        alone = ["greedy"] * players
        alone[seat] = "never"
        without = equity.simulate("eldorado", players, deals, seed=SEED, policies=alone, aggregate=True)
        expected = base.equity[seat] - without.equity[seat]
        assert seats.swap_value[seat] == pytest.approx(expected, abs=1e-12)
        # pairing on common deals beats comparing two independent runs of the same size,
        # most for the dealer, whose swap changes the fewest outcomes
        unpaired = np.hypot(base.stderr[seat], without.stderr[seat])
        assert 0 < seats.swap_value_se[seat] < (0.6 if seat == players - 1 else 1.0) * unpaired


def test_dealer_sets_the_wild_rank_exactly_when_it_swaps(tmp_path) -> None:
    # Nobody exchanges after the dealer, so the dealer's swap always makes the final wild rank.
    seats = run("eldorado-swap", tmp_path, deals=4000, players="2,6",
                params={"profiles": "greedy"}).tables["result"]
    dealer = seats[seats.position == "dealer"]
    assert (dealer.swap_rate > 0.1).all()
    np.testing.assert_array_equal(dealer.swap_rate, dealer.set_wild_rate)
    # at most one seat sets the final wild rank in a deal
    assert (seats.groupby("players").set_wild_rate.sum() <= 1).all()
    assert (seats.groupby("players").equity.sum() - 1).abs().max() < 1e-12


# ---------------------------------------------------------------------------------------------
# Study 2: Switch pair-break odds
# ---------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def switch_run(tmp_path_factory) -> harness.RunResult:
    return harness.run_study("switch-pairs", deals=8000, players="2,6", params={"policies": "stand,standard"},
                             seed=SEED, out=tmp_path_factory.mktemp("switch"))


@pytest.mark.parametrize(("game", "exact"), [("switch", 2 / 5), ("switch7", 2 / 7)])
def test_one_switch_breaks_a_pair_with_the_documents_odds(switch_run, game: str, exact: float) -> None:
    # A card is taken uniformly from the hand: two of the five (seven) belong to the pair.
    result = switch_run.table
    losses = result[(result.game == game) & (result.measure == "pair_lost")]
    assert len(losses) == (8 if game == "switch" else 4)  # 2 switches x players (x policies)
    for row in losses.itertuples():
        assert row.pairs > 5000
        assert abs(row.estimate - exact) < 4 * row.stderr, row


def test_standing_pat_without_a_switch_keeps_the_dealt_five_card_census(switch_run) -> None:
    # Plain draw with the "stand" policy shows down the dealt hands: the five-card census.
    categories = switch_run.tables["categories"]
    plain = categories[(categories.game == "switch") & (categories.policy == "stand")
                       & (categories.hand == "player")]
    total = sum(STANDARD_FIVE_CARD_CENSUS.values())
    for row in plain.itertuples():
        expected = STANDARD_FIVE_CARD_CENSUS[row.category] / total
        if row.plain_se > 0:
            assert abs(row.plain - expected) < 4 * row.plain_se, row
        else:
            assert expected * row.n_plain < 3, row  # a category too rare to be seen


def test_pair_odds_and_pat_hands_are_consistent(switch_run) -> None:
    result = switch_run.table
    held = result[result.measure == "pair_held"]
    standing = held[(held.policy == "stand") & (held.game_form == "switch")].set_index(["players", "when"])
    for players in (2, 6):  # standing pat, nothing changes at the draw
        assert standing.estimate[players, "after_switch_1"] == standing.estimate[players, "after_draw"]
    plain_stand = held[(held.policy == "stand") & (held.game_form == "plain draw")]
    assert (plain_stand.estimate == 1).all()
    pat = switch_run.tables["pat_equity"]
    pooled = pat[pat.dealt == PAT]
    assert ((pooled.plain > pooled.fair_share) & (pooled.switch < pooled.plain)).all()


def test_plain_draw_helper_draws_within_the_limits() -> None:
    played = play_plain(5, 3000, seed=SEED, policy="standard")
    drawn = played["drawn"]
    assert drawn.min() >= 0 and drawn.max() <= 4
    changed = (played["dealt"] != played["hands"]).sum(axis=2)
    assert (changed <= drawn).all()
    flat = played["hands"].reshape(3000, -1)
    assert (np.sort(flat, axis=1)[:, 1:] != np.sort(flat, axis=1)[:, :-1]).all()  # no card twice


# ---------------------------------------------------------------------------------------------
# Study 3: Tahoe hole-card usage
# ---------------------------------------------------------------------------------------------
def test_usage_shares_sum_to_one(tmp_path) -> None:
    result = run("tahoe-usage", tmp_path, deals=3000, players="2,6").table
    seen = result[result.n > 0]
    total = seen.uses_0 + seen.uses_1 + seen.uses_2
    assert np.abs(total - 1).max() < 1e-12
    omaha = seen[seen.game == "omaha"]
    assert (omaha.uses_2 == 1).all()


def test_holdem_baseline_matches_the_reference_evaluator(tmp_path) -> None:
    # The slow reference evaluator (tests/reference.py) on the very same deals.
    players, deals = 3, 600
    result = run("tahoe-usage", tmp_path, deals=deals, players=str(players), params={"games": "holdem"}).table
    played = equity.play_deals("holdem", players, deals, seed=SEED)
    hole = played.hole.reshape(deals * players, 2).tolist()
    board = np.repeat(played.board, players, axis=0).tolist()
    keyed = [reference.best_high_and_usage("holdem", h, b) for h, b in zip(hole, board, strict=True)]
    keys = [k for k, _ in keyed]
    used = np.array([u for _, u in keyed]).reshape(deals, players)
    best = [max(keys[d * players:(d + 1) * players]) for d in range(deals)]
    winner = np.array([keys[i] == best[i // players] for i in range(len(keys))]).reshape(deals, players)
    rows = result.set_index(["hands", "category"])
    for hands, chosen in (("all", np.ones_like(winner)), ("winners", winner)):
        row = rows.loc[(hands, "all")]
        assert row.n == chosen.sum()
        for k in range(3):
            assert round(row[f"uses_{k}"] * row.n) == (chosen & (used == k)).sum()


def test_never_all_three_count_matches_the_reference_evaluator(tmp_path) -> None:
    # "Better with all three": the best five of all eight cards beats the best Tahoe hand.
    players, deals = 3, 250
    three = run("tahoe-usage", tmp_path, deals=deals, players=str(players),
                params={"games": "tahoe"}).tables["all_three"]
    played = equity.play_deals("tahoe", players, deals, seed=SEED)
    hole = played.hole.reshape(deals * players, 3).tolist()
    board = np.repeat(played.board, players, axis=0).tolist()
    better = 0
    for h, b in zip(hole, board, strict=True):
        any_five = max(reference.key_of(c) for c in itertools.combinations(h + b, 5))
        better += any_five > reference.best_high("tahoe", h, b)
    row = three[(three.hands == "all") & (three.category == "all")].iloc[0]
    assert row.n == players * deals
    assert round(row.estimate * row.n) == better


def test_hi_lo_rates_are_proportions(tmp_path) -> None:
    hi_lo = run("tahoe-usage", tmp_path, deals=3000, players="2,9").tables["hi_lo"]
    assert set(hi_lo.game) == {"tahoe", "omaha"}
    assert np.allclose(hi_lo.scoop + hi_lo.split, 1)
    assert (hi_lo.quarter <= hi_lo.split).all() and (hi_lo.split <= hi_lo.low_qualifies + 0.05).all()
    assert (hi_lo[[c for c in hi_lo.columns if c.endswith("_se")]] > 0).all().all()


# ---------------------------------------------------------------------------------------------
# Study 4: ranking versus rarity
# ---------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def rarity_run(tmp_path_factory) -> harness.RunResult:
    return harness.run_study("rarity", deals=16_384, players="2,9",
                             params={"games": "holdem,spanish,egyptian"}, seed=SEED,
                             out=tmp_path_factory.mktemp("rarity"))


def test_holdem_single_hand_frequencies_match_the_seven_card_census(rarity_run) -> None:
    result = rarity_run.table
    hands = result[(result.game == "holdem") & (result.players == 9) & (result.hand == "player")]
    total = sum(SEVEN_CARD_CENSUS.values())
    assert total == 133_784_560
    assert len(hands) == 9
    for row in hands.itertuples():
        expected = SEVEN_CARD_CENSUS[row.category] / total
        assert abs(row.frequency - expected) < 4 * row.stderr, row


def test_frequencies_sum_to_one_and_ranks_follow_the_declared_order(rarity_run) -> None:
    result = rarity_run.table
    sums = result.groupby(["game", "players", "hand"]).frequency.sum()
    assert np.abs(sums - 1).max() < 1e-12
    spanish = result[(result.game == "spanish") & (result.players == 2) & (result.hand == "player")]
    assert spanish.set_index("category")["rank"][["flush", "full_house"]].tolist() == [3, 4]


def test_one_pair_above_high_card_is_a_flagged_inversion(rarity_run) -> None:
    # In seven-card Hold'em one pair (58.6M of 133.8M hands) is more common than high card (23.3M).
    inversions = rarity_run.tables["inversions"]
    holdem = inversions[(inversions.game == "holdem") & (inversions.hand == "player")]
    found = holdem[(holdem.higher == "one_pair") & (holdem.lower == "high_card")]
    assert len(found) == 2 and found.significant.all()
    # flush (4.0M) is rarer than straight (6.2M): ranked in order, never flagged
    assert not ((holdem.higher == "flush") & (holdem.lower == "straight")).any()
    result = rarity_run.table
    flagged = result[(result.game == "holdem") & (result.hand == "player") & (result.category == "one_pair")]
    assert flagged.inverted.all() and all("high_card" in rarer for rarer in flagged.more_common_than)
    assert all(isinstance(rarer, list) for rarer in result.more_common_than)  # a list, not joined text


def test_winner_inversion_errors_are_multinomial(rarity_run) -> None:
    # One winning hand per deal: the difference of two category frequencies has the multinomial
    # variance (p_i + p_j - (p_i - p_j)^2) / n.
    inversions = rarity_run.tables["inversions"]
    winners = inversions[inversions.hand == "winner"]
    assert len(winners) > 5
    n = 16_384
    p, q = winners.frequency_higher, winners.frequency_lower
    expected = np.sqrt((p + q - (p - q) ** 2) / (n - 1))
    np.testing.assert_allclose(winners.stderr, expected, rtol=1e-6)
