"""equity.calc for Switch and the draw games against enumeration and the rules, played by hand.

The switches and the draw are random, so these are Monte Carlo results compared
with an exact enumeration of every equally likely outcome (small stubs, or the
25 outcomes of each heads-up switch) or with an oracle that plays the rules
trial by trial, within 4 standard errors; and the fused kernel against the
general path on the same seed.  (A file of its own: pytest runs each file on
one worker, and these tests compile the Switch kernels while the other worker
compiles the rest of the calculator's; see tests/conftest.py.)
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
import reference as ref
import reference_custom as RC

import equity
from equity import calc
from equity.calculator.question import Question


def _two_switch_share(mine: str, other: str, base_game: str) -> float:
    """Seat 0's exact share after two heads-up switches and no draw: each switch trades one
    card each way, every pair of positions equally likely (n * n outcomes a switch for hands
    of n cards), then the best five of each hand (``base_game``) shows down."""
    a, b = ref.parse(mine), ref.parse(other)
    n = len(a)
    total = Fraction(0)
    for i, j in itertools.product(range(n), repeat=2):
        a1 = a[:i] + [b[j]] + a[i + 1:]
        b1 = b[:j] + [a[i]] + b[j + 1:]
        for k, m in itertools.product(range(n), repeat=2):
            a2 = a1[:k] + [b1[m]] + a1[k + 1:]
            b2 = b1[:m] + [a1[k]] + b1[m + 1:]
            ka, kb = ref.best_high(base_game, a2), ref.best_high(base_game, b2)
            total += 1 if ka > kb else Fraction(1, 2) if ka == kb else 0
    return float(total / n ** 4)


@pytest.mark.parametrize(("game", "base_game", "hands", "seed", "rules"), [
    # five-card Switch with the draw skipped (stand pat): 625 equally likely showdowns
    ("switch", "draw", ["AhAdKsKd7c", "QcQdJhTh2s"], 3, {"draw_policy": "stand"}),
    # seven-card Switch has no draw: 7 ** 4 equally likely showdowns of the best five of seven
    ("switch7", "draw7", ["AhAdKsKd7c2c3c", "QcQdJhTh9s8s4d"], 13, {}),
])
def test_switch_only_equity_equals_enumerated_switches(game, base_game, hands, seed, rules):
    expected = _two_switch_share(*hands, base_game)
    sampled = calc(game, hands, trials=40_000, seed=seed, **rules)
    assert abs(sampled.equity[0] - expected) < 4 * sampled.stderr[0]


def test_draw_standing_pat_against_enumerated_random_hands():
    # five-card draw with no draw (stand): the random hand is any five of a small stub
    mine = "AhAdKsKd7c"
    stub = ref.parse("QsQhJhTh9h8h4d")
    dead = "".join(ref.show([c]) for c in range(52) if c not in ref.parse(mine) + stub)
    values = []
    for other in itertools.combinations(stub, 5):
        x, y = ref.best_high("draw", ref.parse(mine)), ref.best_high("draw", list(other))
        values.append(1.0 if x > y else 0.5 if x == y else 0.0)
    expected = sum(values) / len(values)
    sampled = calc("draw", [mine, "random"], dead=dead, trials=20_000, seed=17, draw_policy="stand")
    assert sampled.stderr[0] > 0
    assert abs(sampled.equity[0] - expected) < 4 * sampled.stderr[0]


def test_standard_draw_against_enumerated_draws():
    # five-card draw, standard policy, a seven-card stub: seat 0 (two pair) draws one card and
    # seat 1 (a pair) three of the six left, so 7 * 20 equally likely showdowns
    mine, other = "AhAdKsKd7c", "QcQdJh9h2s"
    stub = ref.parse("AsKhQh8c5d4d3c")
    dead = "".join(ref.show([c]) for c in range(52) if c not in ref.parse(mine + other) + stub)
    a, b = ref.parse(mine), ref.parse(other)
    kept_a = [c for c in a if c not in ref.standard_discards(a)]
    kept_b = [c for c in b if c not in ref.standard_discards(b)]
    assert (len(kept_a), len(kept_b)) == (4, 2)
    values = []
    for drawn_a in stub:
        rest = [c for c in stub if c != drawn_a]
        for drawn_b in itertools.combinations(rest, 3):
            x = ref.best_high("draw", kept_a + [drawn_a])
            y = ref.best_high("draw", kept_b + list(drawn_b))
            values.append(1.0 if x > y else 0.5 if x == y else 0.0)
    expected = sum(values) / len(values)
    sampled = calc("draw", [mine, other], dead=dead, trials=40_000, seed=19)
    assert sampled.stderr[0] > 0
    assert abs(sampled.equity[0] - expected) < 4 * sampled.stderr[0]


def _oracle_switch_draw_trial(rng, a: list[int], b: list[int], stub: list[int]) -> float:
    """Seat 0's share of one heads-up Switch deal played from the rule text: switch, standard
    draw (seat 0 first), switch."""
    def switch(a, b):
        i, j = rng.integers(5), rng.integers(5)  # seat 0 takes b[i], seat 1 takes a[j]
        return a[:j] + [b[i]] + a[j + 1:], b[:i] + [a[j]] + b[i + 1:]

    a, b = switch(a, b)
    order = list(rng.permutation(stub))
    hands = []
    for hand in (a, b):
        thrown = ref.standard_discards(hand)
        hands.append([c for c in hand if c not in thrown] + [order.pop() for _ in thrown])
    a, b = switch(*hands)
    x, y = ref.best_high("draw", a), ref.best_high("draw", b)
    return 1.0 if x > y else 0.5 if x == y else 0.0


def test_switch_with_standard_draw_against_the_oracle_played_from_the_rules():
    mine, other = "AhAdKsKd7c", "QcQdJhTh2s"
    a, b = ref.parse(mine), ref.parse(other)
    stub = [c for c in range(52) if c not in a + b]
    rng = np.random.default_rng(23)
    shares = np.array([_oracle_switch_draw_trial(rng, a, b, stub) for _ in range(4000)])
    sampled = calc("switch", [mine, other], trials=100_000, seed=29)
    se = np.hypot(shares.std(ddof=1) / np.sqrt(len(shares)), sampled.stderr[0])
    assert abs(sampled.equity[0] - shares.mean()) < 4 * se


@pytest.mark.parametrize("game,hands,rules", [
    ("switch", ["AhAdKsKd7c", "random"], {}),
    ("switch", ["AhAdKsKd7c", "QcQdJhTh2s", "random"], {"reverse": True}),
    ("switch7", ["AhAdKsKd7c2c3c", "random"], {}),
    ("draw", ["AhAdKsKd7c", "random", "random"], {"draw_policy": "max"}),
    ("switch", ["random"] * 7, {"draw_limit": 5, "draw_limit_with_ace": 5}),  # the stub runs out
    # heads-up: the duel kernel (sample_switch_duel) against the general path
    ("switch", ["random", "random"], {}),
    ("switch", ["AhAdKsKd7c", "QcQdJhTh2s"], {}),
    ("switch", ["random", "AhAdKsKd7c"], {"draw_policy": "stand", "reverse": True}),
    ("switch", ["random", "random"], {"draw_limit": 5, "draw_limit_with_ace": 5}),
    ("switch", ["AhAdKsKd7c", "random"], {"draw_limit": 2, "draw_limit_with_ace": 2}),
    ("draw", ["random", "AhAdKsKd7c"], {"draw_policy": ["max", "standard"]}),
    ("draw", ["AhAdKsKd7c", "random"], {"dead": "2c3c4c5c6c8c9cTc"}),
])
def test_switch_kernel_equals_the_general_path(game, hands, rules, monkeypatch):
    # the fused kernel scores each trial as it is played; the general path keeps the final hands
    # and scores them with evaluate_many and pot_shares_many: on one seed both play the same hands
    fused = calc(game, hands, trials=30_000, seed=31, **rules)
    monkeypatch.setattr(Question, "switch_fused", lambda self: False)
    general = calc(game, hands, trials=30_000, seed=31, **rules)
    for column in ("equity", "win", "tie", "stderr"):
        np.testing.assert_allclose(fused[column], general[column], rtol=0, atol=1e-12)


def test_switch_trials_keep_every_card_once_when_the_stub_runs_out():
    # seven random seats drawing five each empty the stub every deal: the discards become the
    # stub, and the next trial must start again from the whole stub (no card twice, none lost)
    from equity._kernels.bundles import SwitchRules
    from equity._kernels.calc import RANDOM, switch_rows

    players, trials = 7, 2000
    dead = ref.parse("2c3c")
    stub = np.array([c for c in range(52) if c not in dead], dtype=np.uint8)
    kinds = np.full(players, RANDOM, dtype=np.int8)
    fixed = np.zeros(players * 5, dtype=np.uint8)
    hands = np.empty((trials, players * 5), dtype=np.uint8)
    state = np.array([7, 11, 13, 17], dtype=np.uint64)
    policies = np.full(players, 2, dtype=np.int8)  # draw the most the limit allows: five
    from equity.strategy.showdown import no_values

    rules = SwitchRules(1, True, 1, policies, 5, 5, False, no_values())
    switch_rows(state, stub, players, kinds, fixed, rules, hands)
    ordered = np.sort(hands, axis=1)
    assert (np.diff(ordered.astype(int), axis=1) > 0).all()  # 35 different cards in every trial
    assert not np.isin(hands, dead).any()
    # every card of the stub ends in some hand about equally often (35 of 50 per trial)
    seen = np.bincount(hands.ravel(), minlength=52)[stub]
    assert abs(seen / trials - 35 / 50).max() < 5 * np.sqrt(0.7 * 0.3 / trials)


def test_deuces_wild_draw_keeps_the_deuces_against_the_oracle_played_from_the_rules():
    # the worked custom game: five-card draw, deuces wild.  Seat 0's deuce would go under the
    # standard rule read without wild cards (no pair: keep the king and the jack); with the
    # game's wild rank it stays, and each seat draws from the stub in turn (seat 0 first)
    game = equity.load_game(Path(__file__).parents[1] / "examples" / "games" / "deuces_wild_draw.toml")
    rules = RC.Rules(wild=0, ranking=("five_of_a_kind", *RC.STANDARD))
    mine, other = "2c7d9hJsKd", "QcQd8h5s3c"
    a, b = ref.parse(mine), ref.parse(other)
    stub = [c for c in range(52) if c not in a + b]
    rng = np.random.default_rng(31)

    def trial() -> float:
        order = rng.permutation(stub).tolist()  # Python ints: the oracle caches keys by card
        hands = []
        for hand in (a, b):
            thrown = ref.standard_discards(hand, wild=0)
            hands.append([c for c in hand if c not in thrown] + [order.pop() for _ in thrown])
        x, y = RC.best_high(rules, hands[0]), RC.best_high(rules, hands[1])
        return 1.0 if x > y else 0.5 if x == y else 0.0

    shares = np.array([trial() for _ in range(3000)])
    sampled = calc(game, [mine, other], trials=60_000, seed=37)
    se = np.hypot(shares.std(ddof=1) / np.sqrt(len(shares)), sampled.stderr[0])
    # the deuce matters: seat 0's share is about 0.71 keeping it and about 0.28 throwing it
    # away (the same oracle with ``wild=None``), dozens of standard errors apart
    assert abs(sampled.equity[0] - shares.mean()) < 4 * se


def test_lists_of_hands_are_the_average_of_their_fitting_combinations():
    # a seat given as a list of hands stands for each hand with equal weight; two lists that
    # share a card leave out the combination holding it twice.  Switch with no draw: each
    # combination's share is enumerated exactly (625 switch outcomes)
    a1, a2 = "AhAdKsKd7c", "9c9d5h4s3s"
    b1, b2 = "QcQdJhTh2s", "8s8d6c5h2d"  # b2 shares the 5h with a2
    fitting = [(a1, b1), (a1, b2), (a2, b1)]
    expected = sum(_two_switch_share(a, b, "draw") for a, b in fitting) / len(fitting)
    sampled = calc("switch", [f"{a1}, {a2}", f"{b1}, {b2}"], trials=60_000, seed=29,
                   draw_policy="stand")
    assert sampled.stderr[0] > 0
    assert abs(sampled.equity[0] - expected) < 4 * sampled.stderr[0]
    assert abs(sampled.equity[0] + sampled.equity[1] - 1) < 1e-9


def test_a_list_of_hands_standing_pat_against_a_random_hand():
    # five-card draw, no draw: the random hand is any five of what the chosen listed hand leaves
    # of a small live deck, so each listed hand is enumerated against its own random hands
    listed = ["AhAdKsKd7c", "QcQdJh9h2s"]
    live = ref.parse("AsKhQh8c5d" + "".join(listed))
    dead = "".join(ref.show([c]) for c in range(52) if c not in live)
    expected = 0.0
    for hand in listed:
        mine = ref.parse(hand)
        x = ref.best_high("draw", mine)
        shares = []
        for other in itertools.combinations([c for c in live if c not in mine], 5):
            y = ref.best_high("draw", list(other))
            shares.append(1.0 if x > y else 0.5 if x == y else 0.0)
        expected += sum(shares) / len(shares) / len(listed)
    sampled = calc("draw", [", ".join(listed), "random"], dead=dead, trials=40_000, seed=31,
                   draw_policy="stand")
    assert sampled.stderr[0] > 0
    assert abs(sampled.equity[0] - expected) < 4 * sampled.stderr[0]


def test_a_list_of_hands_drawing_against_a_fixed_hand():
    # five-card draw, standard policy: each listed hand draws from what is left beside it (the
    # other listed hand's cards are live), seat 0 first, every draw equally likely
    listed = ["AhAdKsKd7c", "JcJd8h5h2s"]
    other = "QcQdJh9h2d"
    live = ref.parse("AsKhQh8c5d4d3c" + "".join(listed))
    dead = "".join(ref.show([c]) for c in range(52) if c not in live + ref.parse(other))
    b = ref.parse(other)
    kept_b = [c for c in b if c not in ref.standard_discards(b)]
    expected = 0.0
    for hand in listed:
        a = ref.parse(hand)
        kept_a = [c for c in a if c not in ref.standard_discards(a)]
        left = [c for c in live if c not in a]
        values = []
        for drawn_a in itertools.combinations(left, 5 - len(kept_a)):
            rest = [c for c in left if c not in drawn_a]
            x = ref.best_high("draw", kept_a + list(drawn_a))
            for drawn_b in itertools.combinations(rest, 5 - len(kept_b)):
                y = ref.best_high("draw", kept_b + list(drawn_b))
                values.append(1.0 if x > y else 0.5 if x == y else 0.0)
        expected += sum(values) / len(values) / len(listed)
    sampled = calc("draw", [", ".join(listed), other], dead=dead, trials=40_000, seed=37)
    assert abs(sampled.equity[0] - expected) < 4 * sampled.stderr[0]


_MANY_DEAD = "2c3c4c5c6c7c8c9cTcJcQcKcAc2d3d4d5d6d7d8d9dTdJdQd2h3h4h5h6h7h8h9hThJh"


@pytest.mark.parametrize("game,hands,rules,duel", [
    ("switch", ["AhAdKsKd7c", "random"], {}, True),
    ("switch", ["random", "random"], {"draw_policy": "max"}, True),
    ("draw", ["AhAdKsKd7c", "QcQdJhTh2s"], {}, True),
    ("switch", ["AhAdKsKd7c", "random", "random"], {}, False),  # three seats
    ("switch", ["AhAdKsKd7c", "random"], {"draw_policy": "switch_aware"}, False),
    ("switch7", ["AhAdKsKd7c2c3c", "random"], {}, False),  # seven cards, no draw
    # 52 - 5 - 30 dead leave 17 cards, 12 after the deal: the stub cannot run out
    ("switch", ["AsAhKsKd7s", "random"], {"dead": _MANY_DEAD[:60]}, True),
    # 33 dead leave 9 after the deal, fewer than two draws of five may take: the general kernel
    ("switch", ["AsAhKsKd7s", "random"], {"dead": _MANY_DEAD[:66]}, False),
])
def test_which_switch_kernel_plays_the_trials(game, hands, rules, duel, monkeypatch):
    import equity.calculator.sampling as sampling

    played = []
    for name in ("sample_switch", "sample_switch_duel"):
        kernel = getattr(sampling, name)
        monkeypatch.setattr(sampling, name, lambda *a, _k=kernel, _n=name: (played.append(_n), _k(*a))[1])
    result = calc(game, hands, trials=2_000, seed=3, **rules)
    assert set(played) == {"sample_switch_duel" if duel else "sample_switch"}
    assert abs(result["equity"].sum() - 1) < 1e-9
