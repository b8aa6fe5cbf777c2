"""The El Dorado exchange decision (equity.strategy.eldorado): the seven actions' values against
an exact enumeration and a plain-Python rollout of the rule text, against the calculator, the
best response against the profile it answers, determinism, and bad input."""

from __future__ import annotations

import functools
import json
import random
from itertools import permutations

import numba
import numpy as np
import pytest
import reference as ref

from equity import calc, exchange, play_deals, simulate
from equity.errors import CardError, GameError, InvalidInputError, OptionError
from equity.strategy import best_response, best_response_action, exchange_values, exploitability

SEED = 20261205


def _card(text: str) -> int:
    return ref.parse(text)[0]


def _apply(hole: list[int], flop: list[int], give: int | None, take: int | None):
    """The hand and flop after giving ``give`` for ``take`` (None keeps)."""
    if give is None:
        return list(hole), list(flop)
    return [take if c == give else c for c in hole], [give if c == take else c for c in flop]


def _share(hands: list[list[int]], board: list[int], wild: int | None, seat: int) -> float:
    """The seat's share of the pot: the best hands (best five of six, RULINGS.md) split it."""
    keys = [ref.best_high("eldorado", h, board, wild) for h in hands]
    best = max(keys)
    return (keys[seat] == best) / sum(k == best for k in keys)


def _actions(hole: list[int], flop: list[int]):
    """The seven actions as (give, take): keep first, then each hole card for each flop card."""
    return [(None, None)] + [(h, f) for h in hole for f in flop]


def _five(cards: list[int], wild: int | None):
    return ref.key_of(cards, "eldorado") if wild is None else ref.eldorado_best5(cards, wild)


def _greedy(hole: list[int], flop: list[int], wild: int | None):
    """The ``greedy`` policy as documented (equity._kernels.deal.exchange_chunk), in plain Python:
    the wild rank (current, or either hole card's) making the best five of hand and flop, keeping
    on ties; the hole card giving the better hand goes (the higher card on a tie); it takes the
    highest flop card not of the new wild rank (the first such on ties)."""
    visible = hole + flop
    keep = _five(visible, wild)
    gives = [_five(visible, ref.rank_of(c)) for c in hole]
    if max(gives) <= keep:
        return None, None
    give = hole[0] if gives[0] > gives[1] or (gives[0] == gives[1] and hole[0] > hole[1]) else hole[1]
    new = ref.rank_of(give)
    take = max(flop, key=lambda c: (ref.rank_of(c) != new, ref.rank_of(c), -flop.index(c)))
    return give, take


def _by_action(table) -> dict[tuple, tuple[float, float]]:
    """(give, take) codes, or (None, None) -> (value, se)."""
    out = {}
    for row in table.itertuples():
        key = (None, None) if row.action == "keep" else (_card(row.give), _card(row.take))
        out[key] = (row.value, row.se)
    return out


# ---------------------------------------------------------------------------------------------
# Values against independent references
# ---------------------------------------------------------------------------------------------
DEALER_SPOT = ("Kh4h", "7d9d4c", "9d", "Qs")  # heads-up: seat 0 gave the 9d for the Qs


@functools.cache
def _dealer_exact() -> dict[tuple, float]:
    """Each action's exact value at :data:`DEALER_SPOT`: the mean over every unseen card of seat 0
    (which holds the Qs and one more) and every last card, with the reference evaluator."""
    hole, flop = ref.parse(DEALER_SPOT[0]), ref.parse(DEALER_SPOT[1])
    gave, took = _card(DEALER_SPOT[2]), _card(DEALER_SPOT[3])
    unseen = [c for c in range(52) if c not in hole + flop + [took]]
    exact = {}
    for give, take in _actions(hole, flop):
        mine, board = _apply(hole, flop, give, take)
        wild = ref.rank_of(give) if give is not None else ref.rank_of(gave)
        exact[(give, take)] = float(np.mean([_share([[took, x], mine], board + [last], wild, 1)
                                             for x, last in permutations(unseen, 2)]))
    return exact


def test_dealer_heads_up_values_equal_an_exact_enumeration():
    # the dealer decides last, so each action's value is a mean over the unseen cards alone
    hole, flop, gave, took = DEALER_SPOT
    table = exchange_values(hole, flop, players=2, seat=1, earlier_swaps=[(gave, took)],
                            samples=20_000, seed=SEED)
    assert table.attrs["wild"] == "9"
    values = _by_action(table)
    for action, exact in _dealer_exact().items():
        value, se = values[action]
        assert abs(value - exact) < 4 * se, (action, value, exact, se)


def test_values_agree_with_a_plain_python_rollout_of_the_rules():
    # three players: seat 0 gave the As for the Qd (aces wild), the seat decides, seat 2 plays
    # greedy after it; the rule text played in plain Python, 500 rollouts per action
    hole, flop = ref.parse("Jc8c"), ref.parse("Td8hAs")
    gave, took = _card("As"), _card("Qd")
    rng = random.Random(SEED)
    unseen = [c for c in range(52) if c not in hole + flop + [took]]
    n = 500
    shares = np.empty((n, 7))
    for i in range(n):
        x, a, b, last = rng.sample(unseen, 4)
        for j, (give, take) in enumerate(_actions(hole, flop)):
            mine, board = _apply(hole, flop, give, take)
            wild = ref.rank_of(give) if give is not None else ref.rank_of(gave)
            g2, t2 = _greedy([a, b], board, wild)
            third, board = _apply([a, b], board, g2, t2)
            if g2 is not None:
                wild = ref.rank_of(g2)
            shares[i, j] = _share([[took, x], mine, third], board + [last], wild, 1)
    table = exchange_values("Jc8c", "Td8hAs", players=3, seat=1, earlier_swaps=[("As", "Qd")],
                            profile="greedy", samples=20_000, seed=SEED)
    values = _by_action(table)
    ref_value = shares.mean(axis=0)
    ref_se = shares.std(axis=0, ddof=1) / np.sqrt(n)
    for j, action in enumerate(_actions(hole, flop)):
        value, se = values[action]
        assert abs(value - ref_value[j]) < 4 * np.hypot(se, ref_se[j]), (action, value, ref_value[j])


@pytest.mark.parametrize("pot", ["high", "low"])
def test_dealer_values_equal_the_calculator_after_the_exchange(pot):
    # the dealer of a heads-up game after seat 0 kept: each action leaves a known hand, flop and
    # wild rank against one random hand, which the calculator values exactly
    hole, flop = "Ah5d", "2c5s9h"
    table = exchange_values(hole, flop, players=2, seat=1, earlier_swaps=[None], pot=pot,
                            samples=20_000, seed=SEED)
    for row in table.itertuples():
        give, take = (None, None) if row.action == "keep" else (_card(row.give), _card(row.take))
        mine, board = _apply(ref.parse(hole), ref.parse(flop), give, take)
        wild = "none" if give is None else ref.RANK_CHARS[ref.rank_of(give)]
        expected = calc("eldorado", ["random", ref.show(mine)], board=ref.show(board), wild=wild, pot=pot,
                        exact=True)
        assert abs(row.value - expected.equity[1]) < 4 * row.se, (row.action, row.value, expected.equity[1])


def test_keep_equals_the_calculators_equity_of_the_same_spot():
    # seat 0 keeps and seat 1 exchanges greedily: calc plays that spot with policies never, greedy
    table = exchange_values("QsJs", "Ts4h2c", players=2, seat=0, profile="greedy", samples=20_000, seed=SEED)
    keep = table.set_index("action").loc["keep"]
    expected = calc("eldorado", ["QsJs", "random"], board="Ts4h2c", policies=["never", "greedy"],
                    trials=100_000, seed=SEED)
    assert abs(keep.value - expected.equity[0]) < 4 * np.hypot(keep.se, expected.stderr[0])


def test_common_random_numbers_make_the_gaps_sharper():
    table = exchange_values("9c9d", "7dQs4c", players=3, seat=0, samples=20_000, seed=SEED)
    top = table.loc[table.gap == 0].iloc[0]
    others = table.loc[table.gap > 0]
    unpaired = np.hypot(top.se, others.se)
    assert (others.gap_se < unpaired).all()


# ---------------------------------------------------------------------------------------------
# The best response
# ---------------------------------------------------------------------------------------------
SPOTS = [  # hole, flop, players, seat, earlier swaps
    ("9c9d", "7dQs4c", 3, 0, ()),
    ("Kh4h", "7d9d4c", 3, 1, [("9d", "Qs")]),
    ("Ah5d", "2c5s9h", 2, 0, ()),
    ("QsJs", "Ts4h2c", 4, 3, [None, ("4h", "Kd"), None]),
]


def _profile_action(hole, flop, players, seat, swaps, profile, seed):
    """The profile's own action at a seat-0 spot (exchange plays the policy on a deal whose other
    hands do not matter to it: the later seats keep), or at a later spot by the reference greedy."""
    if seat == 0:
        free = [c for c in range(52) if c not in ref.parse(hole + flop)]
        others = [ref.show(free[2 * i: 2 * i + 2]) for i in range(players - 1)]
        done = exchange([hole, *others], flop, policies=[profile] + ["never"] * (players - 1), seed=seed)
        if done["flop"] == flop and done["hole"][0] == hole:
            return None
        given = next(c for c in ref.parse(done["flop"]) if c not in ref.parse(flop))
        taken = next(c for c in ref.parse(done["hole"][0]) if c not in ref.parse(hole))
        return ref.show([given]), ref.show([taken])
    assert profile == "greedy"
    wild = next((ref.rank_of(_card(s[0])) for s in reversed(swaps) if s is not None), None)
    give, take = _greedy(ref.parse(hole), ref.parse(flop), wild)
    return None if give is None else (ref.show([give]), ref.show([take]))


@pytest.mark.parametrize("profile", ["greedy", "lookahead"])
@pytest.mark.parametrize("spot", SPOTS, ids=[s[0] + s[1] for s in SPOTS])
def test_the_best_response_never_scores_below_the_profile(spot, profile):
    hole, flop, players, seat, swaps = spot
    if profile == "lookahead" and seat > 0:
        pytest.skip("the lookahead action of a later seat is the kernel's own draw")
    mine = _profile_action(hole, flop, players, seat, swaps, profile, SEED)
    options = {"players": players, "seat": seat, "earlier_swaps": swaps, "profile": profile,
               "lookahead_samples": 50}
    best = best_response_action(hole, flop, samples=3000, seed=SEED, **options)
    # valued again on independent rollouts, against the profile's own action
    table = exchange_values(hole, flop, samples=3000, seed=SEED + 1, **options)
    names = {None: "keep"} | {(r.give, r.take): r.action for r in table.itertuples() if r.give}
    values = table.set_index("action")
    gap = values.loc[names[best], "value"] - values.loc[names[mine], "value"]
    # the paired standard error of that difference: both gaps are measured from the same best row
    bound = 4 * np.hypot(values.loc[names[best], "gap_se"], values.loc[names[mine], "gap_se"])
    assert gap >= -bound, (best, mine, gap, bound)


@pytest.mark.parametrize("profile", ["greedy", "lookahead"])
def test_a_best_responding_seat_never_loses_to_the_profile(profile):
    found = exploitability(profile, 2, 1, deals=60, samples_per_decision=400, seed=SEED,
                           lookahead_samples=50)
    assert found.gain > -4 * found.gain_se
    assert found.model_gain > -4 * found.model_gain_se
    assert 0 <= found.changed <= 1


def test_the_greedy_exchange_is_exploitable_at_the_first_seat():
    # greedy always swaps at seat 0, handing its best card to the next seats; keeping gains
    found = exploitability("greedy", 3, 0, deals=200, samples_per_decision=300, seed=SEED)
    assert found.gain > 4 * found.gain_se and found.changed > 0.5


def test_the_best_response_is_the_exact_best_action_and_a_swap_exchange_can_play():
    hole, flop, gave, took = DEALER_SPOT
    exact = _dealer_exact()
    ranked = sorted(exact, key=exact.get, reverse=True)
    assert exact[ranked[0]] - exact[ranked[1]] > 0.05  # a clear best action, found at 2,000 rollouts
    best = best_response_action(hole, flop, players=2, seat=1, earlier_swaps=[(gave, took)], samples=2000,
                                seed=SEED)
    assert best == tuple(ref.show([c]) for c in ranked[0])
    done = exchange(["9c" + gave, hole], "7dQs4c", [(gave, took), best])
    assert done["wild"] == best[0][0] and done["set_by"] == 1


def test_the_profile_share_in_exploitability_is_the_profiles_equity():
    # the deals, the earlier seats' exchange and the showdown of exploitability, against simulate
    found = exploitability("greedy", 3, 1, deals=600, samples_per_decision=50, seed=SEED)
    table = simulate("eldorado", 3, 40_000, seed=SEED, policies="greedy", aggregate=True)
    assert abs(found.share - table.equity[1]) < 4 * np.hypot(found.share_se, table.stderr[1])


# ---------------------------------------------------------------------------------------------
# Determinism
# ---------------------------------------------------------------------------------------------
def test_the_same_seed_gives_the_same_values_on_one_and_two_threads():
    before = numba.get_num_threads()
    try:
        results = []
        for threads in (1, 2):
            numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))
            table = exchange_values("Kh4h", "7d9d4c", players=3, seat=1, earlier_swaps=[("9d", "Qs")],
                                    profile="lookahead", lookahead_samples=20, samples=500, seed=SEED)
            found = exploitability("lookahead", 3, 1, deals=5, samples_per_decision=50, seed=SEED,
                                   lookahead_samples=20)
            results.append((table, found))
    finally:
        numba.set_num_threads(before)
    (t1, f1), (t2, f2) = results
    assert t1.equals(t2) and f1 == f2
    again = exchange_values("Kh4h", "7d9d4c", players=3, seat=1, earlier_swaps=[("9d", "Qs")],
                            profile="lookahead", lookahead_samples=20, samples=500, seed=SEED + 1)
    assert not again.equals(t1)


# ---------------------------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs, error, match", [
    ({"profile": "bluff"}, OptionError, "unknown exchange policy 'bluff'"),
    ({"hole": "Kh4h2s"}, CardError, "3 hole cards"),
    ({"flop": "7d9d"}, CardError, "2 flop cards"),
    ({"hole": "Kh7d"}, CardError, "duplicate card '7d' in the hole cards and the flop"),
    ({"hole": "KhKh"}, CardError, "duplicate card 'Kh'"),
    ({"hole": "Kh1x"}, CardError, "cannot read a card at .1x."),
    ({"seat": 3}, OptionError, "seat=3"),
    ({"seat": -1}, OptionError, "seat=-1"),
    ({"players": 1}, OptionError, "players=1"),
    ({"earlier_swaps": [("8d", "Qs")]}, CardError, "seat 0 cannot have given 8d for Qs"),
    ({"earlier_swaps": [("9d", "7d")]}, CardError, "seat 0 cannot have taken 7d: it is in the flop"),
    ({"earlier_swaps": [("9d", "Kh")]}, CardError, "seat 0 cannot have taken Kh: it is in the deciding"),
    ({"earlier_swaps": [None, None]}, OptionError, "2 earlier swaps for seat 1"),
    ({"earlier_swaps": ["9dQs"]}, OptionError, "earlier swap of seat 0"),
    ({"wild": "K"}, OptionError, "disagrees with the earlier swaps"),
    ({"pot": "hi_lo"}, OptionError, "hi_lo"),
    ({"samples": 1}, OptionError, "samples"),
    ({"seed": -1}, OptionError, "seed"),
    ({"game": "holdem"}, GameError, "no exchange"),
])
def test_bad_input_is_one_clear_error(kwargs, error, match):
    args = {"hole": "Kh4h", "flop": "7d9d4c", "players": 2, "seat": 1, "earlier_swaps": [("9d", "Qs")],
            "samples": 100, "seed": 1} | kwargs
    hole, flop = args.pop("hole"), args.pop("flop")
    with pytest.raises(error, match=match) as caught:
        exchange_values(hole, flop, **args)
    assert isinstance(caught.value, InvalidInputError)


def test_bad_exploitability_input_is_one_clear_error():
    with pytest.raises(OptionError, match="deals"):
        exploitability("greedy", 2, 0, deals=0, samples_per_decision=10)
    with pytest.raises(OptionError, match="samples_per_decision"):
        exploitability("greedy", 2, 0, deals=10, samples_per_decision=1)
    with pytest.raises(OptionError, match="unknown exchange policy"):
        exploitability("random", 2, 0, deals=10, samples_per_decision=10)
    with pytest.raises(OptionError, match="seat=2"):
        exploitability("greedy", 2, 2, deals=10, samples_per_decision=10)


def test_every_action_meets_the_same_lookahead_draws():
    # common random numbers reach the later seats' lookahead draws: the same action played in two
    # columns of one rollout gives the same share on every deal (the kernel forks a stream per deal
    # and seat from the same state for every column)
    from equity.strategy import eldorado

    r = eldorado._rules("eldorado", 3, 0, "lookahead", "high", None, 30)
    spot = eldorado._read_spot(r, "9c9d", "7dQs4c", None, ())
    hole, board, script = eldorado._sample_rows(r, spot, 400, np.random.default_rng(SEED))
    actions = np.tile([0, 4, 4, 0], (400, 1))
    shares = eldorado._play(r, hole, board, script, np.broadcast_to(spot.flop, (400, 3)), actions,
                            np.array([1, 2, 3, 4], dtype=np.uint64))
    assert (shares[:, 0] == shares[:, 3]).all() and (shares[:, 1] == shares[:, 2]).all()
    assert not (shares[:, 0] == shares[:, 1]).all()


def test_a_numba_profile_plays_as_the_policy_it_implements():
    @numba.njit
    def keeps(hole, flop, wild, seat, players):
        return -1

    mine = exchange_values("9c9d", "7dQs4c", players=3, seat=0, profile=keeps, samples=2000, seed=SEED)
    never = exchange_values("9c9d", "7dQs4c", players=3, seat=0, profile="never", samples=2000, seed=SEED)
    assert mine.equals(never) and mine.attrs["profile"] == "keeps"


def test_command_line_prints_the_seven_actions_and_the_best_response(run_cli) -> None:
    status, out, _ = run_cli("strategy", "eldorado", "Kh4h", "7d9d4c", "--players", "2", "--seat", "1",
                             "--swap", "9d:Qs", "--samples", "3000", "--seed", "4")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("El Dorado exchange, seat 1 of 2 (the dealer)")
    actions = [line.split()[:-4] for line in lines[2:9]]
    assert [" ".join(a) for a in actions] == ["keep", "give Kh take 7d", "give Kh take 9d", "give Kh take 4c",
                                             "give 4h take 7d", "give 4h take 9d", "give 4h take 4c"]
    # the dealer, nines wild: giving the 4h for the 4c makes fours wild, and the dealer holds one
    # of them with another in the flop; the enumeration-checked values put it far above the rest
    assert lines[-1].startswith("best: give 4h take 4c")
    given = best_response_action("Kh4h", "7d9d4c", players=2, seat=1, earlier_swaps=[("9d", "Qs")],
                                 samples=3000, seed=4)
    assert given == ("4h", "4c")
    status, out, _ = run_cli("strategy", "eldorado", "Kh4h", "7d9d4c", "--players", "2", "--seat", "1",
                             "--swap", "9d:Qs", "--samples", "3000", "--seed", "4", "--format", "json")
    record = json.loads(out)
    attrs = record["attrs"]
    assert status == 0 and (attrs["game"], attrs["method"], attrs["seed"], attrs["trials"]) == \
        ("eldorado", "monte carlo", 4, 3000)
    assert attrs["best"] == "give 4h take 4c" and attrs["earlier_swaps"] == [["9d", "Qs"]]
    assert attrs["wild"] == "9"
    table = exchange_values("Kh4h", "7d9d4c", players=2, seat=1, earlier_swaps=[("9d", "Qs")], samples=3000,
                            seed=4)
    assert [row["value"] for row in record["rows"]] == [round(float(v), 4) for v in table.value]
    status, _, err = run_cli("strategy", "eldorado", "Kh4h", "7d9d4c", "--swap", "9dQs")
    assert status == 2 and "--swap takes 'GIVEN:TAKEN'" in err


# ---------------------------------------------------------------------------------------------
# The best response as a policy of simulate and calc (item 3 a)
# ---------------------------------------------------------------------------------------------
def _greedy_swap(hole_text: str, flop_text: str) -> tuple[int, int]:
    give, take = _greedy(ref.parse(hole_text), ref.parse(flop_text), None)
    assert give is not None
    return give, take


def test_the_best_response_policy_plays_the_exact_best_action_in_calc():
    # heads-up, seat 0 greedy with 9c9d on 7dQs4c (the plain-Python greedy above says which nine it
    # gives for the Qs), the dealer best-responding: calc must play the enumeration's best action
    gave, took = _greedy_swap("9c9d", "7dQs4c")
    kept = [c for c in ref.parse("9c9d") if c != gave][0]
    flop = [gave if c == took else c for c in ref.parse("7dQs4c")]
    hole = ref.parse("Kh4h")
    unseen = [c for c in range(52) if c not in hole + flop + [took]]
    exact = {}
    for give, take in _actions(hole, flop):  # the dealer's model: seat 0's unseen card uniform
        mine, board = _apply(hole, flop, give, take)
        wild = ref.rank_of(give) if give is not None else ref.rank_of(gave)
        exact[(give, take)] = float(np.mean([_share([[took, x], mine], board + [last], wild, 1)
                                             for x, last in permutations(unseen, 2)]))
    ranked = sorted(exact, key=exact.get, reverse=True)
    assert exact[ranked[0]] - exact[ranked[1]] > 0.05  # a clear best action
    policy = best_response("greedy", samples=2000, seed=SEED)
    played = calc("eldorado", ["9c9d", "Kh4h"], board="7dQs4c", policies=["greedy", policy], trials=20_000,
                  seed=SEED)
    assert played.attrs["policies"] == ["greedy", "best_response(greedy)"]
    give, take = ranked[0]
    mine, board = _apply(hole, flop, give, take)
    after = calc("eldorado", [ref.show([kept, took]), ref.show(mine)], board=ref.show(board),
                 wild=ref.show([give])[0] if give is not None else ref.show([gave])[0])
    assert after.attrs["method"] == "exact"
    assert abs(played.equity[1] - after.equity[1]) < 4 * played.stderr[1] + 1e-12
    assert len(policy._decided) == 1  # one spot, decided once for every trial
    done = exchange(["9c9d", "Kh4h"], "7dQs4c", policies=["greedy", policy])  # one deal, the same spot
    assert done["hole"][1] == ref.show(mine) and done["set_by"] == (1 if give is not None else 0)


def test_a_best_responding_seat_beats_the_profile_in_simulate():
    # the same deals with seat 1 best-responding to greedy and with seat 1 greedy: the seat's share
    # never falls by more than 4 standard errors, and here (greedy is exploitable) it rises
    policy = best_response("greedy", samples=300, seed=SEED)
    mixed = play_deals("eldorado", 3, 150, seed=SEED, policies=["greedy", policy, "greedy"], usage=False)
    plain = play_deals("eldorado", 3, 150, seed=SEED, policies="greedy", usage=False)
    assert (mixed.gave[:, 0] == plain.gave[:, 0]).all()  # the seat before it plays alike
    gain = mixed.share[:, 1] - plain.share[:, 1]
    se = gain.std(ddof=1) / np.sqrt(len(gain))
    assert gain.mean() > -4 * se
    assert gain.mean() > 3 * se
    table = simulate("eldorado", 3, 150, seed=SEED, policies=["greedy", policy, "greedy"], aggregate=True)
    assert table.attrs["policies"] == ["greedy", "best_response(greedy)", "greedy"]
    assert abs(table.equity[1] - mixed.share[:, 1].mean()) < 1e-12


def test_a_best_response_decides_alike_on_one_and_two_threads():
    before = numba.get_num_threads()
    try:
        tables = []
        for threads in (1, 2):
            numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))
            policy = best_response("lookahead", samples=100, seed=SEED, lookahead_samples=20)
            tables.append(simulate("eldorado", 2, 40, seed=SEED, policies=[policy, "lookahead"],
                                   lookahead_samples=20))
    finally:
        numba.set_num_threads(before)
    assert tables[0].equals(tables[1])


@pytest.mark.parametrize("make, match", [
    (lambda: best_response("bluff"), "unknown profile 'bluff'"),
    (lambda: best_response(["greedy", 3]), "unknown profile"),
    (lambda: best_response("greedy", samples=1), "samples"),
    (lambda: best_response("greedy", seed=-2), "seed"),
    (lambda: simulate("eldorado", 2, 10, policies=[best_response("greedy", samples=20), "greedy"],
                      folds=[False, True]), "every seat takes part"),
    (lambda: simulate("holdem", 2, 10, policies=best_response("greedy")), "no exchange"),
])
def test_bad_best_response_input_is_one_clear_error(make, match):
    with pytest.raises(InvalidInputError, match=match):
        make()
