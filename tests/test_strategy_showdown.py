"""Draw decisions against opponents (equity.strategy.showdown): the Monte Carlo hold values
against a plain-Python simulation of the rules, the showdown model against enumeration, the
switch_aware policies against the model, and the policies' gain with common random numbers."""

from __future__ import annotations

import json
import random
from itertools import combinations
from math import comb

import numpy as np
import pytest
import reference as ref

import equity
from equity.errors import CardError, OptionError
from equity.strategy import showdown
from equity.strategy.draw import hold_values

SEED = 20261204


def _colex(positions) -> int:
    return sum(comb(p, j + 1) for j, p in enumerate(sorted(positions)))


def _five_value(sums: np.ndarray, cards) -> float:
    """The model's value of a final hand of the 52-card deck (codes are positions)."""
    offset = sum(comb(52, k) for k in range(5))
    return float(sums[offset + _colex(cards)])


# ---------------------------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["draw", "switch"])
def test_model_hold_values_are_the_mean_over_every_replacement(game):
    # for holds drawing up to two cards, the value is the plain mean of the model's final-hand
    # values over every replacement from the unseen cards (the deck less the hand, and less the
    # lost card when the seat knows it), enumerated here
    sums = showdown.model_values(game, 2)
    rng = random.Random(SEED)
    for _ in range(4):
        cards = rng.sample(range(52), 6)
        hand, lost = cards[:5], (cards[5] if game == "switch" else None)
        table = showdown.model_hold_values(game, ref.show(hand), 2,
                                           lost=None if lost is None else ref.show([lost]))
        by_hold = dict(zip(table["hold"], table["value"], strict=True))
        unseen = [c for c in range(52) if c not in hand and c != lost]
        for kept in (5, 4, 3):
            for held in combinations(hand, kept):
                finals = [list(held) + list(extra) for extra in combinations(unseen, 5 - kept)]
                expected = np.mean([_five_value(sums, f) for f in finals])
                text = ref.show([c for c in hand if c in held])
                assert by_hold[text] == pytest.approx(expected, rel=1e-9, abs=1e-12)


def test_model_final_values_are_shares_against_standard_opponents():
    # a final hand's value is its pot share against one opponent who drew by the standard policy;
    # checked against opponents simulated here from the rule text (random five, the reference
    # standard discards, replacements from the rest), within four standard errors of both
    sums = showdown.model_values("draw", 1)
    assert _five_value(sums, ref.parse("AsKsQsJsTs")) > 0.999
    assert _five_value(sums, ref.parse("7c5d4h3s2c")) < 0.01
    rng = random.Random(SEED + 1)
    for text in ("QhQd9c5s3h", "AhAd8c8s2h", "KsJd9c6h4d"):
        mine = ref.key_of(ref.parse(text))
        shares = []
        for _ in range(3000):
            rest = [c for c in range(52) if c not in ref.parse(text)]
            rng.shuffle(rest)
            theirs, stub = rest[:5], rest[5:]
            thrown = ref.standard_discards(theirs)
            final = [c for c in theirs if c not in thrown] + stub[:len(thrown)]
            other = ref.key_of(final)
            shares.append(1.0 if mine > other else 0.5 if mine == other else 0.0)
        se = np.std(shares) / np.sqrt(len(shares))
        model_se = 0.5 / np.sqrt(showdown.MODEL_DEALS)  # the model's own share, at most sqrt(1/4 / deals)
        assert abs(np.mean(shares) - _five_value(sums, ref.parse(text))) < 4 * np.hypot(se, model_se)


def test_switch_after_the_draw_averages_the_card_lost_and_the_card_received():
    # the model of one switch: the mean over the five cards lost and the 47 cards received
    from equity.games import get_game
    from equity.strategy.draw import binomials, final_hands

    final = final_hands(get_game("draw"), lambda g, hands, strengths: np.zeros(len(hands)))
    rng = np.random.default_rng(SEED)
    pays = rng.random(final.positions.shape[0])
    offsets = np.concatenate([[0], np.cumsum([comb(52, k) for k in range(6)])]).astype(np.int64)
    after = showdown._after_switch(pays, final.positions, binomials(52), offsets)
    for i in rng.integers(0, len(pays), 5).tolist():
        hand = final.positions[i].tolist()
        total = [pays[_colex([c for c in hand if c != out] + [new])]
                 for out in hand for new in range(52) if new not in hand]
        assert after[i] == pytest.approx(np.mean(total), rel=1e-12)


@pytest.mark.parametrize("informed", [True, False])
def test_aware_policy_plays_the_best_allowed_hold_of_the_model(informed):
    from equity._kernels.switch import aware_keep
    from equity.options import draw_policy_codes

    codes = draw_policy_codes("switch_aware", 4)
    values = showdown.showdown_values("switch", codes, [3], 3, 4)
    rng = random.Random(SEED + 2 + informed)
    for _ in range(25):
        cards = rng.sample(range(52), 6)
        hand, lost = cards[:5], cards[5]
        table = showdown.model_hold_values("switch", ref.show(hand), 3,
                                           lost=ref.show([lost]) if informed else None)
        best = table[table["allowed"]].iloc[0]["hold"]
        keep = aware_keep(np.array(hand, dtype=np.uint8), 0, lost if informed else -1, values, 3, 3, 4)
        assert ref.show([c for j, c in enumerate(hand) if (keep >> j) & 1]) == best


# ---------------------------------------------------------------------------------------------
# Monte Carlo hold values
# ---------------------------------------------------------------------------------------------
def _simulated_share(hand, held, lost, opponents, samples, seed):
    """One hold's pot share played from the rule text: the opponents' hands random but for the
    lost card (the next seat's), standard draws in seat order, the seat's draw, then one switch
    in which every seat takes a random card of the previous seat's hand (seat 0 the seat's)."""
    rng = random.Random(seed)
    shares = []
    for _ in range(samples):
        unseen = [c for c in range(52) if c not in hand and c != lost]
        rng.shuffle(unseen)
        seats = [unseen[5 * p: 5 * p + 5] for p in range(opponents)]
        stub = unseen[5 * opponents:]
        if lost is not None:
            stub.append(seats[0][0])
            seats[0][0] = lost
        for p in range(opponents):
            thrown = ref.standard_discards(seats[p])
            seats[p] = [c for c in seats[p] if c not in thrown] + [stub.pop() for _ in thrown]
        mine = list(held) + [stub.pop() for _ in range(5 - len(held))]
        hands = seats + [mine]
        taken = [rng.randrange(5) for _ in hands]
        moved = [hands[p - 1][taken[p]] for p in range(len(hands))]  # seat p takes from p - 1
        after = []
        for p, h in enumerate(hands):
            gone = h[taken[(p + 1) % len(hands)]]
            after.append([c for c in h if c != gone] + [moved[p]])
        keys = [ref.key_of(h) for h in after]
        top = max(keys[:-1])
        tied = 1.0 / (1 + keys[:-1].count(top))
        shares.append(1.0 if keys[-1] > top else tied if keys[-1] == top else 0.0)
    return float(np.mean(shares)), float(np.std(shares) / np.sqrt(samples))


def test_showdown_values_agree_with_the_rules_played_in_python():
    hand = ref.parse("KhKd7c4s2h")
    table = showdown.showdown_hold_values("switch", "KhKd7c4s2h", opponents=2, lost="Ks",
                                          samples=8000, seed=SEED)
    by_hold = table.set_index("hold")
    for held in ("KhKd", "KhKd7c", "Kh7c4s"):
        kept = ref.parse(held)
        expected, se = _simulated_share(hand, kept, ref.parse("Ks")[0], 2, 2500, SEED + len(held))
        row = by_hold.loc[held]
        assert abs(row["value"] - expected) < 4 * np.hypot(se, row["se"]), held


def test_common_random_numbers_shrink_the_standard_error_of_the_gaps():
    table = showdown.showdown_hold_values("switch", "9h9cKh5h2h", opponents=3, samples=4000, seed=SEED)
    others = table.iloc[1:]
    assert (others["gap_se"] < others["gap_se_unpaired"]).all()
    assert (others["gap_se"] / others["gap_se_unpaired"]).mean() < 0.85
    assert table.attrs["seed"] == SEED and table.attrs["opponents"] == 3
    again = showdown.showdown_hold_values("switch", "9h9cKh5h2h", opponents=3, samples=4000, seed=SEED)
    assert np.array_equal(table["value"], again["value"])  # the seed fixes every deal


def test_draw_game_has_no_switch_after_the_draw():
    # in plain draw a pat straight flush cannot lose a card: it wins every showdown it keeps
    table = showdown.showdown_hold_values("draw", "9h8h7h6h5h", opponents=2, samples=500, seed=1)
    assert table.iloc[0]["hold"] == "9h8h7h6h5h" and table.iloc[0]["value"] == 1.0
    switched = showdown.showdown_hold_values("switch", "9h8h7h6h5h", opponents=2, samples=2000, seed=1)
    assert switched.iloc[0]["value"] < 0.95  # the switch after the draw breaks it often


def test_switch_aware_never_falls_behind_standard_on_fixed_spots():
    # the model's hold measured by Monte Carlo: never worse than the standard hold by more than
    # four standard errors (the SE of a difference of two holds is at most the sum of their
    # paired SEs against the best)
    from equity._kernels.switch import aware_keep
    from equity.options import draw_policy_codes
    from equity.switch import draw_discards

    values = showdown.showdown_values("switch", draw_policy_codes("switch_aware", 3), [2], 3, 4)
    spots = ["KhKd7c4s2h", "9h9cKh5h2h", "AhQd7c4s2h", "QhJhTh9c2d", "JhJd5h4h3h", "8s8d8c4h2d",
             "AsKd9h9c3s", "6h5h4s3d9c"]
    for spot in spots:
        table = showdown.showdown_hold_values("switch", spot, opponents=2, samples=3000, seed=SEED)
        by_hold = table.set_index("hold")
        hand = ref.parse(spot)
        keep = aware_keep(np.array(hand, dtype=np.uint8), 0, -1, values, 2, 3, 4)
        aware = ref.show([c for j, c in enumerate(hand) if (keep >> j) & 1])
        thrown = set(draw_discards(spot).tolist())
        standard = ref.show([c for c in hand if c not in thrown])
        a, s = by_hold.loc[aware], by_hold.loc[standard]
        assert a["value"] - s["value"] >= -4 * (a["gap_se"] + s["gap_se"]), spot


# ---------------------------------------------------------------------------------------------
# The policies in whole deals
# ---------------------------------------------------------------------------------------------
def test_switch_aware_is_a_draw_policy_of_simulate_and_calc():
    # the seat measured draws last: the deals, the switches and the other seats' draws are the
    # same for both of its policies (common random numbers)
    deals = 40_000
    per_deal = {}
    for name in ("switch_aware", "standard"):
        table = equity.simulate("switch", 3, deals, seed=SEED, draw_policy=["standard", "standard", name])
        per_deal[name] = table[table["seat"] == 2]["share"].to_numpy()
    gain = per_deal["switch_aware"] - per_deal["standard"]
    paired = gain.std(ddof=1) / np.sqrt(deals)
    spreads = [per_deal[name].std(ddof=1) for name in ("switch_aware", "standard")]
    unpaired = np.hypot(*spreads) / np.sqrt(deals)
    assert paired < 0.8 * unpaired  # the same deals, switches and other draws for both
    assert gain.mean() > 3 * paired  # the best response gains against standard opponents
    aware = equity.calc("switch", ["KhKd7c4s2h", "random", "random"], trials=20_000, seed=SEED,
                        draw_policy=["switch_aware", "standard", "standard"])
    plain = equity.calc("switch", ["KhKd7c4s2h", "random", "random"], trials=20_000, seed=SEED)
    assert 0.0 < aware["equity"].iloc[0] < 1.0
    assert aware["equity"].iloc[0] != plain["equity"].iloc[0]  # the policy is played
    with pytest.raises(OptionError, match="switch_aware"):
        equity.simulate("switch", 3, 10, draw_policy="switch_awar")


def test_policy_gain_reports_paired_and_unpaired_errors():
    gain = showdown.policy_gain("switch", 2, 30_000, seed=SEED)
    assert gain["paired_se"] < gain["unpaired_se"]
    assert gain["gain"] == pytest.approx(gain["equity"] - gain["baseline_equity"])
    assert gain["gain"] > 2 * gain["paired_se"]


# ---------------------------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda: hold_values("switch", "KhKd7c4s", "showdown"), CardError, "has 4 cards"),
    (lambda: hold_values("switch", "KhKd7c4sKh", "showdown"), CardError, "duplicate card 'Kh'"),
    (lambda: hold_values("draw", "KhKd7c4s2h", "jacks_or_worse"), OptionError, "unknown pay table"),
    (lambda: hold_values("holdem", "KhKd7c4s2h", "showdown"), OptionError, "no five-card draw"),
    (lambda: hold_values("draw", "KhKd7c4s2h", "showdown", lost="Ks"), OptionError, "no switch before"),
    (lambda: hold_values("switch", "KhKd7c4s2h", "showdown", lost="Kh"), CardError, "is in the hand"),
    (lambda: hold_values("switch", "KhKd7c4s2h", "showdown", opponents=9), OptionError, "opponents=9"),
    (lambda: hold_values("switch", "KhKd7c4s2h", "showdown", policy="best"), OptionError, "draw policy"),
    (lambda: hold_values("draw", "KhKd7c4s2h", "jacks_or_better", opponents=2), OptionError, "showdown"),
])
def test_bad_input_is_refused_with_one_clear_error(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_cli_ranks_holds_by_showdown_share_and_refuses_bad_input(run_cli):
    code, out, err = run_cli("draw", "switch", "KhKd7c4s2h", "--payoff", "showdown", "--opponents", "2",
                             "--lost", "Ks", "--samples", "2000", "--seed", "5", "--format", "json")
    assert code == 0, err
    record = json.loads(out)
    attrs = record["attrs"]
    assert attrs["opponents"] == 2 and attrs["lost"] == "Ks" and len(record["rows"]) == 32
    assert (attrs["method"], attrs["seed"], attrs["trials"]) == ("monte carlo", 5, 2000)
    assert record["rows"][0]["hold"].startswith("KhKd")
    code, out, err = run_cli("draw", "switch", "KhKd7c4s2h", "--payoff", "showdown", "--opponents", "2",
                             "--samples", "500", "--seed", "5")
    assert code == 0 and "+-" in out and "2 opponents drawing standard" in out
    for args, words in [(("--payoff", "showdown", "--lost", "Kh"), "is in the hand"),
                        (("--opponents", "2"), "--payoff showdown")]:
        code, out, err = run_cli("draw", "switch" if "showdown" in args else "draw", "KhKd7c4s2h", *args)
        assert code == 2 and out == "" and err.count("\n") == 1 and words in err, err
