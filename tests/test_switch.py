"""Switch (rule document 002): the deal, the switches and the draw, checked deal by deal.

Monte Carlo checks are seeded and use a tolerance of four binomial standard errors.
"""

from __future__ import annotations

import functools
import math

import numpy as np
import pytest
from reference import standard_discards as oracle_standard_discards

import equity
from equity._kernels.switch import switch_step
from equity.cards import card_codes, format_cards
from equity.errors import InvalidInputError, OptionError
from equity.games import GAMES, WildRule
from equity.games.custom import variant
from equity.rng import chunk_states
from equity.switch import draw_discards, play_switch

DECK = np.arange(52)


def within_4_se(hits: int, n: int, p: float) -> None:
    se = math.sqrt(p * (1 - p) / n)
    rate = hits / n
    assert abs(rate - p) < 4 * se, f"rate {rate:.5f} vs {p:.5f} (n={n}, se={se:.5f})"


def random_folds(deals: int, players: int, seed: int) -> np.ndarray:
    """About one player in five folded, independently; some deals end with one player active (a
    deal where every player folded has no hand to play and is refused)."""
    folded = np.random.default_rng(seed).random((deals, players)) < 0.2
    folded[folded.all(axis=1), 0] = False
    return folded


def test_a_deal_where_every_player_folded_is_refused():
    # the same ruling as simulate's and settle's: at least one player must be left in the hand
    folded = np.zeros((10, 3), dtype=bool)
    folded[4] = True
    with pytest.raises(InvalidInputError, match="deal 4: every player folded"):
        play_switch(3, 10, seed=1, folded=folded)
    with pytest.raises(InvalidInputError, match="deal 0: every player folded"):
        equity.simulate("switch", 3, 10, seed=1, folds=[True, True, True])


def previous_active(active: np.ndarray, seat: int, reverse: bool) -> int:
    n = len(active)
    step = 1 if reverse else -1
    q = (seat + step) % n
    while not active[q]:
        q = (q + step) % n
    return q


# ---------------------------------------------------------------------------------------------
# Conservation, hand sizes, folded players, records
# ---------------------------------------------------------------------------------------------
CONFIGS = [  # (seven_card, players, deals): 20,000 deals in all
    (False, 2, 3000), (False, 4, 4000), (False, 6, 3000), (False, 7, 4000),
    (True, 2, 2000), (True, 5, 2000), (True, 7, 2000),
]


def check_conservation(r: dict) -> None:
    """Every card of the deck in exactly one place (a hand, the stub, the discard pile), every phase."""
    deals, phases, players, size = r["trace_hands"].shape
    places = np.concatenate(
        [r["trace_hands"].reshape(deals, phases, players * size), r["trace_stub"], r["trace_discards"]],
        axis=2,
    )
    ordered = np.sort(places, axis=2)
    assert (ordered[:, :, :52] == DECK).all()
    assert (ordered[:, :, 52:] == 255).all()


def check_switch_records(before, after, gave, received, active, reverse) -> None:
    """Each active hand lost what it gave and gained what it received; others unchanged."""
    deals, players, _ = before.shape
    n_active = active.sum(axis=1)
    for d in range(deals):
        for p in range(players):
            if n_active[d] < 2 or not active[d, p]:
                assert gave[d, p] == -1 and received[d, p] == -1
                assert (before[d, p] == after[d, p]).all()
                continue
            q = previous_active(active[d], p, reverse)
            assert received[d, p] == gave[d, q]
            assert gave[d, p] in before[d, p]
            expect = sorted([c for c in before[d, p].tolist() if c != gave[d, p]] + [received[d, p]])
            assert sorted(after[d, p].tolist()) == expect


@pytest.mark.parametrize("seven_card,players,deals", CONFIGS)
def test_conservation_and_records_every_phase(seven_card, players, deals):
    folded = random_folds(deals, players, seed=players)
    r = play_switch(players, deals, seed=100 + players, seven_card=seven_card, folded=folded, trace=True,
                    chunk_size=1000)
    check_conservation(r)
    th = r["trace_hands"]
    active = ~folded
    # hand sizes never change (the shapes), and folded hands never change
    assert th.shape == (deals, 4 if not seven_card else 3, players, 7 if seven_card else 5)
    assert ((th == th[:, :1]) | active[:, None, :, None]).all()
    assert (r["hands"] == th[:, -1]).all()
    switch_phases = [(0, 1), (2, 3)] if not seven_card else [(0, 1), (1, 2)]
    for sw, (a, b) in enumerate(switch_phases):
        check_switch_records(th[:, a], th[:, b], r["gave"][:, sw], r["received"][:, sw], active, False)
    if not seven_card:
        before, after = th[:, 1], th[:, 2]
        drawn, discarded = r["drawn"], r["discarded"]
        assert (drawn[folded] == -1).all() and (discarded[folded] == 0).all()
        for d in range(deals):
            for p in np.flatnonzero(active[d]):
                lost = sorted(set(before[d, p].tolist()) - set(after[d, p].tolist()))
                mask = sum(1 << c for c in lost)
                assert int(discarded[d, p]) == mask and drawn[d, p] == len(lost)
                assert lost == sorted(oracle_standard_discards(before[d, p].tolist()))
    else:
        assert "drawn" not in r


def test_stub_runs_out_and_discards_become_the_stub():
    deals, players = 3000, 7
    folded = random_folds(deals, players, seed=9)
    r = play_switch(players, deals, seed=5, policy="max", limit=5, limit_with_ace=5, folded=folded,
                    trace=True)
    assert (r["reshuffles"] >= 1).mean() > 0.9
    assert r["reshuffles"].max() >= 2
    check_conservation(r)
    active = ~folded
    assert (r["drawn"][active] == 5).all()
    # a player never draws back a card just thrown away
    after_draw = r["trace_hands"][:, 2]
    for d in range(200):
        for p in np.flatnonzero(active[d]):
            assert not any((int(r["discarded"][d, p]) >> int(c)) & 1 for c in after_draw[d, p])


def test_standard_policy_with_seven_players_sometimes_reshuffles():
    r = play_switch(7, 4000, seed=11, trace=True)
    assert 0 < r["reshuffles"].sum() < 4000
    check_conservation(r)


def test_with_fewer_than_two_active_players_nothing_moves():
    folded = np.array([True, False, True, True])
    r = play_switch(4, 50, seed=3, folded=folded, trace=True)
    assert (r["gave"] == -1).all() and (r["received"] == -1).all()
    assert (r["trace_hands"][:, 1] == r["trace_hands"][:, 0]).all()
    assert (r["drawn"][:, 1] >= 0).all()  # the lone player still draws


# ---------------------------------------------------------------------------------------------
# Probabilities
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seven_card,size", [(False, 5), (True, 7)])
def test_a_given_card_is_lost_with_probability_one_in_hand_size(seven_card, size):
    deals, players = 20000, 6
    r = play_switch(players, deals, seed=21, seven_card=seven_card, trace=True)
    th = r["trace_hands"]
    befores = [0, 2] if not seven_card else [0, 1]
    for sw, a in enumerate(befores):
        given = th[:, a, :, 0].astype(np.int16)  # the card in the first position of each hand
        lost = r["gave"][:, sw] == given
        within_4_se(int(lost.sum()), lost.size, 1 / size)


def test_document_figure_a_pair_loses_a_card_with_probability_two_in_five():
    deals, players = 20000, 6
    r = play_switch(players, deals, seed=22, trace=True)
    th = r["trace_hands"]
    for sw, a in enumerate([0, 2]):
        ranks = th[:, a].astype(np.int64) // 4
        counts = (ranks[..., None] == ranks[..., None, :]).sum(axis=-1)
        one_pair = (np.sort(counts, axis=-1) == [1, 1, 1, 2, 2]).all(axis=-1)
        pair_rank = np.where(counts == 2, ranks, -1).max(axis=-1)
        lost = (r["gave"][:, sw] // 4) == pair_rank
        within_4_se(int(lost[one_pair].sum()), int(one_pair.sum()), 2 / 5)


# ---------------------------------------------------------------------------------------------
# The standard draw policy and the limit
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("hand,discards", [
    ("9h8h7c6d5s", ""),            # straight: stand pat
    ("Ah5h9hJh2h", ""),            # flush
    ("KhKdKc4s4h", ""),            # full house
    ("7h7d7c7s2h", ""),            # four of a kind
    ("5c4c3c2cAc", ""),            # straight flush (the wheel)
    ("Ah2d3c4s5h", ""),            # a wheel is a straight
    ("QhQdQc9s2h", "9s2h"),        # trips: keep three, draw two
    ("KhKd7c7s2h", "2h"),          # two pair: keep both, draw one
    ("KhKd7c4s2h", "7c4s2h"),      # the document's hand: keep the pair, draw three
    ("2h2dAcKsQh", "AcKsQh"),      # a pair beats an ace kicker: draw three
    ("Ah9h5h2hKc", "Kc"),          # four-flush: keep four, draw one
    ("9h8d7c6sKh", "Kh"),          # open-ended straight draw
    ("5h4d3c2sKh", "Kh"),          # 2-3-4-5 is open-ended (A or 6)
    ("AhKdQcJs3h", "KdQcJs3h"),    # J-Q-K-A is not: keep the ace, draw four
    ("Ah2d3c4s9h", "2d3c4s9h"),    # A-2-3-4 is not: keep the ace, draw four
    ("9h8d7c5sKh", "8d7c5s"),      # gutshot: nothing; keep the two highest, draw three
    ("Ah5h9hJh2c", "2c"),          # four hearts with an ace: still keep the four, draw one
    ("9h9c5h2hKh", "5h2hKh"),      # a pair beats a four-flush
    ("9h8d7c6s6h", "9h8d7c"),      # a pair beats an open-ended straight draw
    ("AhAdAc5s5h", ""),            # aces full
    ("3h3d3c3sKh", ""),            # four threes with a king kicker
])
def test_standard_policy_cases(hand, discards):
    expect = oracle_standard_discards(card_codes(hand).tolist())
    assert format_cards(draw_discards(hand)) == format_cards(card_codes(discards))
    assert format_cards(draw_discards(hand)) == format_cards(expect)


def test_standard_policy_four_flush_before_open_straight():
    assert format_cards(draw_discards("9h8h7h6c2h")) == "6c"


def test_limit_rule_ace_allows_four():
    # no ace: at most three, keep the two highest
    assert format_cards(draw_discards("KhJd8c5s3h")) == "8c5s3h"
    # an ace kept: four
    assert format_cards(draw_discards("Ah9d7c5s3h")) == "9d7c5s3h"
    # a pair with an ace kicker keeps only the pair: three
    assert format_cards(draw_discards("7h7dAc5s3h")) == "Ac5s3h"
    # the ace rule off (limit_with_ace = limit): keep the ace and the next highest
    assert format_cards(draw_discards("Ah9d7c5s3h", limit_with_ace=3)) == "7c5s3h"
    # lower limits keep the highest kickers
    assert format_cards(draw_discards("KhKd7c4s2h", limit=1, limit_with_ace=1)) == "2h"
    assert format_cards(draw_discards("KhKd7c4s2h", limit=0, limit_with_ace=0)) == ""
    # with limit two, a pair and an ace kicker: the ace is kept, so four are allowed
    assert format_cards(draw_discards("KhKdAc4s2h", limit=2, limit_with_ace=4)) == "4s2h"
    assert format_cards(draw_discards("KhKd9c4s2h", limit=2, limit_with_ace=4)) == "4s2h"
    # other policies
    assert format_cards(draw_discards("9h8h7c6d5s", policy="stand")) == ""
    assert format_cards(draw_discards("9h8h7c6d5s", policy="max")) == "7c6d5s"
    assert format_cards(draw_discards("9h8h7cAd5s", policy="max")) == "9h8h7c5s"
    assert format_cards(draw_discards("9h8h7cAd5s", policy="max", limit=5, limit_with_ace=5)) == "9h8h7cAd5s"


def test_policies_keep_the_wild_cards_of_a_game_with_a_fixed_wild_rank():
    # deuces wild: no pair, four-flush or run among the cards as they are, so the standard
    # rule keeps the king and (limit three) the jack, and then the wild deuce as well
    assert format_cards(draw_discards("2c7d9hJsKd")) == "2c7d9h"
    assert format_cards(draw_discards("2c7d9hJsKd", wild="2")) == "7d9h"
    # the deuce of hearts counts as a heart: four hearts are kept, the four of spades goes
    assert format_cards(draw_discards("2hKhQh9h4s", wild="2")) == "4s"
    # a pair of deuces (two wild cards) and a pair of kings: both kept, the seven goes
    assert format_cards(draw_discards("2c2dKhKs7c", wild="2")) == "7c"
    # the max policy keeps the ace (so four may go) and the wild deuce
    assert format_cards(draw_discards("9h8h7cAd2s", policy="max")) == "9h8h7c2s"
    assert format_cards(draw_discards("9h8h7cAd2s", policy="max", wild="2")) == "9h8h7c"
    assert format_cards(draw_discards("9h8h7cAd2s", policy="stand", wild="2")) == ""
    # aces wild: the rule keeps the ace alone (four may go when an ace is kept) and the ace,
    # wild, stays; sevens wild: the seven is kept beside the ace
    assert format_cards(draw_discards("AhQd7c4s3h", wild="A")) == "Qd7c4s3h"
    assert format_cards(draw_discards("AhQd7c4s3h", wild="7")) == "Qd4s3h"


@pytest.mark.parametrize("wild", [0, 5, 12], ids=["deuces", "sevens", "aces"])
def test_wild_standard_policy_matches_the_oracle_on_random_hands(wild):
    rng = np.random.default_rng(40 + wild)
    kept_wild = 0
    for _ in range(3000):
        hand = rng.choice(52, 5, replace=False)
        got = draw_discards(hand, wild=wild).tolist()
        assert got == oracle_standard_discards(hand.tolist(), wild=wild), format_cards(hand)
        kept_wild += any(c // 4 == wild for c in hand) and got != oracle_standard_discards(hand.tolist())
    assert kept_wild > 100  # the wild rule changed the draw of many hands


def test_a_switch_game_with_deuces_wild_never_throws_a_deuce_away():
    base = GAMES["switch"]
    game = variant(base, "deuces_wild_switch", wild=WildRule("fixed", 4, 0),
                   ranking=("five_of_a_kind", *base.ranking))
    deals, players = 400, 4
    r = play_switch(players, deals, seed=8, game=game, trace=True)
    before, after = r["trace_hands"][:, 1], r["trace_hands"][:, 2]
    for d in range(deals):
        for p in range(players):
            lost = sorted(set(before[d, p].tolist()) - set(after[d, p].tolist()))
            assert lost == sorted(oracle_standard_discards(before[d, p].tolist(), wild=0))
    assert not (r["discarded"] & np.uint64(0b1111)).any()  # the deuces are codes 0-3


@pytest.mark.parametrize("limit,limit_with_ace", [
    (3, 4), (3, 3), (2, 4), (1, 2), (0, 0), (5, 5),
    (4, 3), (5, 2),  # an ace limit below the plain one: max(limit, limit_with_ace)
])
def test_standard_policy_matches_the_oracle_on_random_hands(limit, limit_with_ace):
    rng = np.random.default_rng(limit * 10 + limit_with_ace)
    for _ in range(3000):
        hand = rng.choice(52, 5, replace=False)
        got = draw_discards(hand, limit=limit, limit_with_ace=limit_with_ace).tolist()
        assert got == oracle_standard_discards(hand.tolist(), limit, limit_with_ace), format_cards(hand)


# ---------------------------------------------------------------------------------------------
# Direction, seeds, threads
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("reverse", [False, True])
def test_each_player_takes_from_the_previous_active_player(reverse):
    n, size = 5, 5
    state = chunk_states(7, 0, 1)[0]
    for active in ([True] * 5, [True, False, True, True, False], [False, True, False, False, True]):
        active = np.array(active)
        hands = np.arange(n * size, dtype=np.uint8)  # seat p holds 5p .. 5p+4
        gave = np.empty(n, dtype=np.int16)
        received = np.empty(n, dtype=np.int16)
        scratch = np.zeros(2 * n, dtype=np.int64)
        switch_step(hands, n, size, active, reverse, state, scratch, gave, received, 0)
        for p in range(n):
            if not active[p]:
                assert gave[p] == received[p] == -1
                assert (hands[p * size:(p + 1) * size] == np.arange(p * size, (p + 1) * size)).all()
                continue
            source = previous_active(active, p, reverse)
            assert received[p] // size == source  # the card came from the neighbour
            assert gave[p] // size == p
        assert sorted(hands.tolist()) == list(range(n * size))


def test_reverse_takes_from_the_other_neighbour():
    forward = play_switch(4, 200, seed=8)
    backward = play_switch(4, 200, seed=8, reverse=True)
    for sw in range(2):
        assert (forward["received"][:, sw] == np.roll(forward["gave"][:, sw], 1, axis=1)).all()
        assert (backward["received"][:, sw] == np.roll(backward["gave"][:, sw], -1, axis=1)).all()


def test_same_seed_same_deals_different_seed_different_deals():
    a = play_switch(6, 3000, seed=42, chunk_size=500)
    b = play_switch(6, 3000, seed=42, chunk_size=500, threads=2)
    c = play_switch(6, 3000, seed=43, chunk_size=500)
    for key in ("hands", "gave", "received", "drawn", "discarded", "reshuffles"):
        assert np.array_equal(a[key], b[key]), key
    assert not np.array_equal(a["hands"], c["hands"])
    assert (a["hands"] != c["hands"]).any(axis=(1, 2)).mean() > 0.99
    # a chunk's deals do not depend on how many deals follow it
    d = play_switch(6, 700, seed=42, chunk_size=500)
    assert np.array_equal(d["hands"], a["hands"][:700])


def test_policy_per_seat():
    r = play_switch(3, 500, seed=4, policy=["stand", "standard", "max"])
    assert (r["drawn"][:, 0] == 0).all()
    assert (r["drawn"][:, 2] >= 3).all()
    assert 0 < r["drawn"][:, 1].mean() < 3


# ---------------------------------------------------------------------------------------------
# Errors name the bad input
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs,match", [
    ({"players": 8}, "players=8: switch allows 2 to 7 players"),
    ({"players": 1}, "players=1: switch allows 2 to 7 players"),
    ({"players": 8, "seven_card": True}, "switch7 allows 2 to 7"),
    ({"policy": "bluff"}, "unknown draw policy 'bluff'.*'standard'"),
    ({"policy": ["stand", "bluff", "max"]}, "'bluff' for seat 1"),
    ({"policy": ["stand"]}, "policy lists 1 seats but there are 3"),
    ({"limit": 6}, "limit must be an integer from 0 to 5"),
    ({"limit": 3, "limit_with_ace": 6}, "limit_with_ace must be an integer from 0 to 5"),
    ({"deals": -1}, "deals must be"),
    ({"chunk_size": 0}, "chunk_size"),
    ({"seed": -3}, "seed"),
    ({"reverse": "no"}, "reverse must be True or False, got 'no'"),
    ({"reverse": 1}, "reverse must be True or False"),
    ({"seven_card": True, "game": "switch"}, "game='switch' deals 5 cards"),
    ({"game": "holdem"}, "holdem is not a Switch or draw game"),
])
def test_bad_options_are_named(kwargs, match):
    args = {"players": 3, "deals": 10, "seed": 1} | kwargs
    with pytest.raises(OptionError, match=match):
        play_switch(args.pop("players"), args.pop("deals"), **args)


def test_a_lower_ace_limit_means_the_plain_limit() -> None:
    """A hand keeping an ace may draw max(limit, limit_with_ace) (docs/rules.md), so an ace
    limit below the plain limit changes nothing."""
    # Rule 7 keeps the ace; with an ace limit of 3 the king is kept too.
    assert format_cards(draw_discards("AhKd7c4s2h", limit=3, limit_with_ace=3)) == "7c4s2h"
    assert format_cards(draw_discards("AhKd7c4s2h", limit=4, limit_with_ace=3)) == "Kd7c4s2h"
    assert format_cards(draw_discards("AhKd7c4s2h", limit=4, limit_with_ace=0)) == "Kd7c4s2h"
    # draw_limit=5 alone (the ace limit left at its default 4): the max policy draws five
    table = equity.simulate("switch", 3, 300, seed=5, draw_limit=5, draw_policy="max")
    assert table.drawn.max() == 5


def test_bad_folded_shape_is_named():
    with pytest.raises(InvalidInputError, match=r"folded has shape \(2,\)"):
        play_switch(3, 10, seed=1, folded=[True, False])
    with pytest.raises(InvalidInputError, match="booleans"):
        play_switch(3, 10, seed=1, folded=np.full(3, 0.5))
    with pytest.raises(InvalidInputError, match=r"booleans \(or 0 and 1\), got 2"):
        play_switch(3, 10, seed=1, folded=[0, 2, 0])
    with pytest.raises(InvalidInputError, match="5 cards"):
        draw_discards("AhKh")


def test_play_switch_and_simulate_deal_the_same_cards_from_one_seed():
    # one chunk size for both (equity.rng.CHUNK_DEALS): past the first chunk too, the hands at
    # the showdown are the same (play_switch once used chunks four times as long)
    from equity.rng import CHUNK_DEALS

    deals = CHUNK_DEALS + 500
    played = play_switch(3, deals, seed=12)
    simulated = equity.play_deals("switch", 3, deals, seed=12)
    np.testing.assert_array_equal(played["hands"], simulated.hole)
    np.testing.assert_array_equal(played["gave"], simulated.switch_gave)


def test_policies_played_with_one_seed_share_deals_switches_and_earlier_draws():
    # the draw and the switches after it have random streams of their own: runs differing only in
    # the last seat's draw policy deal the same hands in every deal of a chunk (not only the
    # first), make the same first switch, the same draws for the seats before the last, and take
    # from the same positions in the second switch
    deals, players = 3000, 4
    runs = {policy: play_switch(players, deals, seed=11, policy=["standard"] * (players - 1) + [policy],
                                trace=True)
            for policy in ("standard", "max")}
    a, b = runs["standard"], runs["max"]
    assert np.array_equal(a["trace_hands"][:, :2], b["trace_hands"][:, :2])  # dealt, first switch
    assert np.array_equal(a["gave"][:, 0], b["gave"][:, 0])
    assert np.array_equal(a["trace_hands"][:, 2, :-1], b["trace_hands"][:, 2, :-1])  # earlier draws
    last_differs = (a["drawn"][:, -1] != b["drawn"][:, -1])
    assert 0.2 < last_differs.mean() < 1.0
    # the second switch: the position each seat takes from is the same in both runs, so where
    # the previous seat's hand is the same after the draw, the card taken is the same
    same_before = (a["trace_hands"][:, 2] == b["trace_hands"][:, 2]).all(axis=2)  # [deal, seat]
    for seat in range(1, players - 1):  # seats taking from a seat drawn alike in both runs
        taken_alike = a["received"][:, 1, seat] == b["received"][:, 1, seat]
        assert taken_alike[same_before[:, seat - 1]].all()


@functools.cache
def _keeps_kernel():
    """A compiled loop over hands calling both holds (compiled once per session)."""
    import numba

    from equity._kernels.switch import standard_keep, table_keep

    @numba.njit
    def keeps(hands, words, offsets, table, limit, limit_with_ace):
        by_table = np.empty(hands.shape[0], np.int64)
        by_rules = np.empty(hands.shape[0], np.int64)
        for i in range(hands.shape[0]):
            by_table[i] = table_keep(hands[i], 0, words, offsets, table)
            by_rules[i] = standard_keep(hands[i], 0, limit, limit_with_ace)
        return by_table, by_rules

    return keeps


def _keeps_of(hands: np.ndarray, limit: int, limit_with_ace: int) -> tuple[np.ndarray, np.ndarray]:
    """The standard hold of each row of ``hands`` (uint8[n, 5]) both ways: through the ranks'
    table (the heads-up Switch kernel's; -1 where it leaves the hand to the rules) and by
    :func:`standard_keep`'s rules."""
    from equity._kernels.switch import standard_keep_ranks
    from equity.tables import tables_for

    t = tables_for(equity.get_game("switch"))
    table = standard_keep_ranks(t.seven_words, t.seven_offsets, t.seven_classes.shape[0], limit,
                                limit_with_ace)
    return _keeps_kernel()(hands, t.seven_words, t.seven_offsets, table, limit, limit_with_ace)


def test_the_standard_holds_by_ranks_equal_the_rules_on_every_five_card_hand():
    # the heads-up Switch kernel decides a random seat's standard draw through a table of the
    # ranks' holds (four cards of a suit left to the rules): all 2,598,960 hands, the default
    # limits
    import itertools

    hands = np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)
    by_table, by_rules = _keeps_of(hands, 3, 4)
    left = by_table < 0
    wrong = np.flatnonzero(~left & (by_table != by_rules))
    assert wrong.size == 0, [format_cards(hands[i]) for i in wrong[:5]]
    # the table leaves to the rules only hands with four or five cards of a suit and five
    # ranks: of the 4 x C(13, 4) x 39 hands with exactly four of a suit (4.3%), the unpaired
    # ones that are no straight, and the flushes (about 3% in all)
    suits = np.stack([(hands % 4 == s).sum(axis=1) for s in range(4)], axis=1).max(axis=1)
    assert (suits[left] >= 4).all()
    distinct = np.array([len(set((row // 4).tolist())) for row in hands[left]])
    assert (distinct == 5).all()
    assert 0.02 < left.mean() < 0.05


@pytest.mark.parametrize("limit,limit_with_ace", [(3, 4), (5, 5), (2, 4), (1, 3)])
def test_the_standard_holds_by_ranks_throw_what_the_oracle_throws(limit, limit_with_ace):
    rng = np.random.default_rng(limit * 10 + limit_with_ace)
    hands = np.array([rng.choice(52, 5, replace=False) for _ in range(3000)], dtype=np.uint8)
    # hands rich in four-flushes and pairs, where the rules' order matters most
    suited = np.array([rng.choice(13, 5, replace=False) * 4 + np.array([0, 0, 0, 0, rng.integers(1, 4)])
                       for _ in range(500)], dtype=np.uint8)
    hands = np.concatenate([hands, suited])
    by_table, by_rules = _keeps_of(hands, limit, limit_with_ace)
    assert ((by_table == by_rules) | (by_table < 0)).all()
    for hand, keep in zip(hands.tolist(), np.where(by_table < 0, by_rules, by_table).tolist(), strict=True):
        thrown = [c for k, c in enumerate(hand) if not (keep >> k) & 1]
        assert thrown == oracle_standard_discards(hand, limit, limit_with_ace), format_cards(hand)
