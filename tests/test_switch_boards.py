"""Switch on games with a board (issue 32 item 1): switch_holdem, switch_omaha, switch_tahoe and
custom games with ``switch`` phases among their streets.

Checked against the rules, not against the kernels: the deal engine's switches against the
base game dealt from the same seed (the same cards, then one card moved from each active seat
to the next active seat per switch, the board untouched); the document's 2/h pair-break odds;
the calculator against every equally likely switch outcome enumerated here, with each hand
valued by the reference evaluator (full boards) or the base game's exact enumeration (before
the flop); and bad descriptions refused with the key at fault.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
import reference as ref

import equity
from equity.errors import GameError, OptionError
from equity.games import Switch
from equity.games.custom import define_game, game_from_toml, load_game

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "games"
BOARD_SWITCH_GAMES = {"switch_holdem": "holdem", "switch_omaha": "omaha", "switch_tahoe": "tahoe"}


def _taken_from(active: np.ndarray, seat: int, reverse: bool) -> int:
    """The seat a seat takes its card from: the nearest active seat before it (after, reversed)."""
    step = 1 if reverse else -1
    q = (seat + step) % len(active)
    while not active[q]:
        q = (q + step) % len(active)
    return q


@pytest.mark.parametrize("name", sorted(BOARD_SWITCH_GAMES))
def test_each_switch_game_is_its_base_game_with_two_switches_before_the_flop(name):
    game, base = equity.get_game(name), equity.get_game(BOARD_SWITCH_GAMES[name])
    assert game.phases[:2] == (Switch(), Switch()) and game.phases[2:] == base.phases
    assert (game.hole_cards, game.streets, game.hole_rule, game.deck) == \
        (base.hole_cards, base.streets, base.hole_rule, base.deck)
    assert game.pot_modes == ("high",)  # the document's header: Switch is played for high


@pytest.mark.parametrize(("name", "players", "reverse"), [
    ("switch_holdem", 2, False), ("switch_holdem", 6, True), ("switch_omaha", 4, False),
    ("switch_tahoe", 5, False),
])
def test_the_switches_move_one_card_to_the_next_active_seat_and_leave_the_board(name, players, reverse):
    deals = 1500
    folds = np.random.default_rng(players).random((deals, players)) < 0.3
    folds[folds.all(axis=1), 0] = False  # somebody stays in every deal
    switched = equity.play_deals(name, players, deals, seed=31, folds=folds, reverse=reverse, usage=False)
    dealt = equity.play_deals(BOARD_SWITCH_GAMES[name], players, deals, seed=31, folds=folds, usage=False)
    assert (switched.board == dealt.board).all()  # the same deal; only hole cards move
    assert switched.switch_gave.shape == (deals, 2, players)
    h = equity.get_game(name).hole_cards
    for d in range(deals):
        active = ~folds[d]
        hands = [sorted(dealt.hole[d, p].tolist()) for p in range(players)]
        for s in range(2):
            gave, received = switched.switch_gave[d, s], switched.switch_received[d, s]
            if active.sum() < 2:
                assert (gave == -1).all() and (received == -1).all()
                continue
            for p in range(players):
                if not active[p]:
                    assert gave[p] == received[p] == -1
                    continue
                assert gave[p] in hands[p]  # a card of its own hand at that moment
                assert received[p] == gave[_taken_from(active, p, reverse)]
            hands = [sorted([c for c in hands[p] if c != gave[p]] + [received[p]]) if active[p] else hands[p]
                     for p in range(players)]
        assert [sorted(switched.hole[d, p].tolist()) for p in range(players)] == hands
        every = switched.hole[d].ravel().tolist() + switched.board[d].tolist()
        assert len(set(every)) == players * h + 5  # no card twice
    # the showdown is the base game's on the switched hands
    high = equity.evaluate_many(BOARD_SWITCH_GAMES[name], switched.hole.reshape(-1, h),
                                np.repeat(switched.board, players, axis=0)).reshape(deals, players)
    assert (high == switched.high).all()


@pytest.mark.parametrize("name", sorted(BOARD_SWITCH_GAMES))
def test_a_hole_pair_loses_a_card_with_probability_two_in_h_per_switch(name):
    played = equity.play_deals(name, 4, 20_000, seed=5, usage=False)
    h = equity.get_game(name).hole_cards
    hole = played.hole.astype(np.int64)
    ranks = np.arange(13)
    # the hands before each switch: the final hands with the later switches undone
    counts = [(hole[..., None] >> 2 == ranks).sum(axis=2)]
    for s in (1, 0):
        before = counts[0].copy()
        before += played.switch_gave[:, s, :, None] >> 2 == ranks
        before -= played.switch_received[:, s, :, None] >> 2 == ranks
        counts.insert(0, before)
    for s in range(2):
        pairs = counts[s] == 2
        lost = pairs & (played.switch_gave[:, s, :, None] >> 2 == ranks)
        n, k = int(pairs.sum()), int(lost.sum())
        p = 2 / h
        if p == 1:  # Hold'em: both hole cards are the pair
            assert n > 500 and k == n
        else:
            assert abs(k / n - p) < 4 * np.sqrt(p * (1 - p) / n)


def _switch_outcomes(hands: list[list[int]], reverse: bool = False):
    """Every equally likely result of two switches with every seat active: at each switch,
    each seat takes one position of the hand it takes from (``n ** players`` choices)."""
    players, n = len(hands), len(hands[0])
    sources = [_taken_from(np.ones(players, bool), p, reverse) for p in range(players)]

    def one(current):
        for picks in itertools.product(range(n), repeat=players):
            taken = [current[sources[p]][picks[p]] for p in range(players)]
            given = {sources[p]: picks[p] for p in range(players)}  # each seat gives once
            yield [current[p][:given[p]] + [taken[p]] + current[p][given[p] + 1:] for p in range(players)]

    for first in one(hands):
        yield from one(first)


@pytest.mark.parametrize(("name", "hands", "board", "reverse"), [
    ("switch_holdem", ["AhAd", "KsKc"], "2c7d9hTsJc", False),
    ("switch_holdem", ["AhAd", "KsKc", "8s9s"], "2s7d9hTsJc", True),
    ("switch_omaha", ["AhAdKsQs", "7c8c9dTd"], "2s7d9hJsJc", False),
    ("switch_tahoe", ["AhAdKs", "7c8c9d"], "2s7d9hJsQc", False),
])
def test_calc_on_a_full_board_equals_every_switch_enumerated(name, hands, board, reverse):
    base = BOARD_SWITCH_GAMES[name]
    seats, cards = [ref.parse(h) for h in hands], ref.parse(board)
    total = Fraction(0)
    count = 0
    for final in _switch_outcomes(seats, reverse):
        keys = [ref.best_high(base, hole, cards) for hole in final]
        best = max(keys)
        winners = [p for p, k in enumerate(keys) if k == best]
        total += Fraction(1, len(winners)) if 0 in winners else 0
        count += 1
    expected = float(total / count)
    sampled = equity.calc(name, hands, board=board, trials=60_000, seed=3, reverse=reverse)
    assert sampled.attrs["method"] == "monte carlo"
    assert abs(sampled.equity[0] - expected) < 4 * sampled.stderr[0]


def test_calc_before_the_flop_averages_the_base_games_exact_equity_over_the_switches():
    hands = ["AhAd", "KsKc"]
    outcomes = list(_switch_outcomes([ref.parse(h) for h in hands]))
    expected = np.mean([equity.calc("holdem", [ref.show(a), ref.show(b)], exact=True).equity[0]
                        for a, b in outcomes])
    sampled = equity.calc("switch_holdem", hands, trials=200_000, seed=9)
    assert abs(sampled.equity[0] - expected) < 4 * sampled.stderr[0]
    plain = equity.calc("holdem", hands, exact=True).equity[0]
    assert plain - sampled.equity[0] > 0.2  # the switches give the kings a real chance


def test_ranges_and_random_hands_take_part_in_the_switches():
    # a random hand against AA: after the switches AA is broken at once, so equity near 1/2
    r = equity.calc("switch_holdem", ["AhAd", "random"], trials=40_000, seed=2)
    plain = equity.calc("holdem", ["AhAd", "random"], trials=40_000, seed=2)
    assert r.equity[0] < plain.equity[0] - 0.1
    ranged = equity.calc("switch_holdem", ["AhAd", "KK,QQ"], trials=20_000, seed=2)
    assert abs(ranged.equity.sum() - 1) < 1e-9


def test_a_custom_game_places_its_switches_between_the_streets(tmp_path):
    game = define_game("flop_switch_holdem", hole_cards=2,
                       streets=[("flop", 3), ("turn", 1), ("river", 1)],
                       phases=["flop", "switch", "turn", "river", "showdown"])
    assert [type(p).__name__ for p in game.phases] == ["Street", "Switch", "Street", "Street"]
    assert game_from_toml(equity.games.custom.game_to_toml(game)) == game
    # a random switch moves the same cards wherever it stands: the deals of one switch
    one = equity.play_deals(game, 3, 400, seed=4, usage=False)
    assert one.switch_gave.shape == (400, 1, 3)
    assert (one.board == equity.play_deals("holdem", 3, 400, seed=4, usage=False).board).all()


def test_the_worked_example_file_is_the_built_in_game():
    game = load_game(EXAMPLES / "switch_holdem.toml")
    built_in = equity.get_game("switch_holdem")
    assert (game.phases, game.streets, game.hole_cards, game.pot_modes) == \
        (built_in.phases, built_in.streets, built_in.hole_cards, built_in.pot_modes)
    a = equity.simulate(game, 3, 2000, seed=8)
    b = equity.simulate("switch_holdem", 3, 2000, seed=8)
    assert (a.hole == b.hole).all() and (a.share == b.share).all()


def test_hand_worked_spot_of_the_example_file():
    # AhAd against KsKc on 2c7d9hTsJc, heads-up, which pairs neither hand.  Switch 1: seat 0
    # gives an ace and takes a king, seat 1 the reverse, whichever cards are drawn: A-K against
    # A-K.  Switch 2, four equally likely ways: seat 0 gives its ace and takes the king (K-K
    # against A-A: seat 1 wins), gives the ace and takes the ace or gives the king and takes the
    # king (A-K against A-K: split), or gives the king and takes the ace (A-A: seat 0 wins).
    # So seat 0 wins 1/4, ties 1/2, equity 1/2; with no switch its aces win every time.
    game = load_game(EXAMPLES / "switch_holdem.toml")
    r = equity.calc(game, ["AhAd", "KsKc"], board="2c7d9hTsJc", trials=40_000, seed=12)
    n = r.attrs["trials"]
    for value, exact in ((r.win[0], 0.25), (r.tie[0], 0.5), (r.equity[0], 0.5)):
        se = np.sqrt(exact * (1 - exact) / n)
        assert abs(value - exact) < 4 * se
    one_switch = define_game("one_switch_holdem", hole_cards=2,
                             streets=[("flop", 3), ("turn", 1), ("river", 1)],
                             phases=["switch", "flop", "turn", "river"])
    once = equity.calc(one_switch, ["AhAd", "KsKc"], board="2c7d9hTsJc", trials=2_000, seed=12)
    assert once.tie[0] == 1.0  # after one switch it is always A-K against A-K


@pytest.mark.parametrize(("keywords", "match"), [
    ({"phases": ["draw", "flop", "turn", "river"]}, "phases: a draw is played on hands without board"),
    ({"phases": ["flop", "turn", "river", "showdown", "switch"]}, "'switch' comes after 'showdown'"),
    ({"phases": ["switch", "flop", "turn", "river"], "pot_modes": ["high", "hi_lo"],
      "low": {"kind": "ace_to_five", "qualifier": "8"}, "hole_cards": 4, "hole_cards_used": "exactly 2"},
     "switch games are played for the high hand only"),
    ({"phases": ["switch", "flop", "exchange", "last"], "streets": [("flop", 3), ("last", 1)],
      "wild": "exchange"}, "a switch and an exchange in one game are not supported"),
    ({"phases": ["switch", "flop", "turn", "river", "switch!"]}, "unknown phase 'switch!'"),
])
def test_bad_switch_descriptions_are_refused_with_the_key_at_fault(keywords, match):
    args = {"hole_cards": 2, "streets": [("flop", 3), ("turn", 1), ("river", 1)], **keywords}
    with pytest.raises(GameError, match=match):
        define_game("bad", **args)


def test_options_a_board_switch_game_does_not_take_are_named():
    with pytest.raises(OptionError, match=r"switch_holdem: cannot enumerate here \(the switches are random"):
        equity.calc("switch_holdem", ["AhAd", "KsKc"], exact=True)
    with pytest.raises(OptionError, match="has no draw: draw_policy"):
        equity.simulate("switch_holdem", 3, 100, seed=1, draw_policy="max")
    from equity.switch import play_switch

    with pytest.raises(OptionError, match="switch_holdem has a board: its switches are played on the dealt"):
        play_switch(3, 10, seed=1, game="switch_holdem")
