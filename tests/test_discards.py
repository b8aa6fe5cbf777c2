"""Pineapple-style discards (issue 32 item 3): Crazy Pineapple, Irish and custom discard phases.

Checked against the rules with the reference evaluator: the deal engine deals the cards the
same game without a discard deals from the same seed, each seat keeps exactly the choice the
reference finds best with the flop (the first of equal choices in position order) and throws
the rest away; the calculator agrees with every river enumerated by the reference, the
discards played by the reference; compiled policies and bad descriptions and options.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
import reference as ref
from numba import njit

import equity
from equity.errors import GameError, InvalidInputError, OptionError
from equity.games import Discard
from equity.games.custom import define_game, game_from_toml, game_to_toml, load_game

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "games"
STREETS = [("flop", 3), ("turn", 1), ("river", 1)]


def _reference_keep(dealt: list[int], flop: list[int], keep: int) -> tuple[int, ...]:
    """The kept positions the rules' 'best' policy chooses: the strongest five of the kept cards
    and the flop, the first such choice in position order."""
    best, chosen = None, None
    for kept in itertools.combinations(range(len(dealt)), keep):
        key = ref.best_high("holdem", [dealt[i] for i in kept], flop)
        if best is None or key > best:
            best, chosen = key, kept
    return chosen


@pytest.mark.parametrize("name", ["crazy_pineapple", "irish"])
def test_the_example_files_deal_the_cards_and_keep_the_best_hand_with_the_flop(name):
    game = load_game(EXAMPLES / f"{name}.toml")
    dealt_n = game.dealt_hole_cards
    assert (game.hole_cards, dealt_n) == {"crazy_pineapple": (2, 3), "irish": (2, 4)}[name]
    players, deals = 4, 600
    played = equity.play_deals(game, players, deals, seed=23, usage=False)
    no_discard = define_game("no_discard", hole_cards=dealt_n, streets=STREETS,
                             hole_cards_used="at most 2")
    dealt = equity.play_deals(no_discard, players, deals, seed=23, usage=False)
    assert (played.board == dealt.board).all()  # the same deal, cards for cards
    assert played.discarded.shape == (deals, players, dealt_n - 2)
    for d in range(deals):
        flop = played.board[d, :3].tolist()
        for p in range(players):
            hand = dealt.hole[d, p].tolist()
            kept = _reference_keep(hand, flop, 2)
            assert played.hole[d, p].tolist() == [hand[i] for i in kept]
            assert played.discarded[d, p].tolist() == [c for i, c in enumerate(hand) if i not in kept]
    # the showdown values the kept cards and the board as Hold'em does
    boards = np.repeat(played.board, players, axis=0)
    held = equity.evaluate_many("holdem", played.hole.reshape(-1, 2), boards)
    assert (held.reshape(deals, players) == played.high).all()
    table = equity.simulate(game, players, 50, seed=23)
    assert {"discarded", "hole", "board"} <= set(table.columns)
    assert (table.discarded.str.len() == 2 * (dealt_n - 2)).all()


def test_calc_agrees_with_every_river_and_the_reference_discards():
    game = load_game(EXAMPLES / "crazy_pineapple.toml")
    hands, board = ["AhAdKs", "7c8c9c", "QsJsTd"], "Kd7d2s5h"
    seats = [ref.parse(h) for h in hands]
    cards = ref.parse(board)
    kept = [[h[i] for i in _reference_keep(h, cards[:3], 2)] for h in seats]
    stub = [c for c in range(52) if c not in cards and all(c not in h for h in seats)]
    total = Fraction(0)
    for river in stub:
        keys = [ref.best_high("holdem", k, [*cards, river]) for k in kept]
        best = max(keys)
        winners = [p for p, k in enumerate(keys) if k == best]
        total += Fraction(1, len(winners)) if 0 in winners else 0
    expected = float(total / len(stub))
    sampled = equity.calc(game, hands, board=board, trials=30_000, seed=4)
    assert 0 < expected < 1 and sampled.stderr[0] > 0
    assert abs(sampled.equity[0] - expected) < 4 * sampled.stderr[0]


def test_calc_with_random_hands_deals_them_before_the_discard():
    # a random seat is dealt three cards and keeps its best two: against AhAdKs it wins more
    # often than a random two-card Hold'em hand does against AhAd
    game = load_game(EXAMPLES / "crazy_pineapple.toml")
    pineapple = equity.calc(game, ["AhAdKs", "random"], trials=40_000, seed=6)
    holdem = equity.calc("holdem", ["AhAd", "random"], exact=True)
    assert pineapple.equity[1] > holdem.equity[1] + 4 * pineapple.stderr[1]


@njit
def _throw_last(hole, board):
    return 1 << (hole.shape[0] - 1)


@njit
def _throw_two(hole, board):
    return 3


def test_a_compiled_policy_chooses_the_cards_thrown():
    game = load_game(EXAMPLES / "crazy_pineapple.toml")
    played = equity.play_deals(game, 3, 300, seed=2, discard_policy=_throw_last, usage=False)
    no_discard = define_game("no_discard", hole_cards=3, streets=STREETS, hole_cards_used="at most 2")
    dealt = equity.play_deals(no_discard, 3, 300, seed=2, usage=False)
    assert (played.hole == dealt.hole[:, :, :2]).all()
    assert (played.discarded[:, :, 0] == dealt.hole[:, :, 2]).all()
    mixed = equity.play_deals(game, 3, 300, seed=2, discard_policy=["best", _throw_last, "best"], usage=False)
    best = equity.play_deals(game, 3, 300, seed=2, usage=False)
    assert (mixed.hole[:, 1] == played.hole[:, 1]).all() and (mixed.hole[:, 0] == best.hole[:, 0]).all()
    with pytest.raises(OptionError, match="seat 0 returned 3 in row 0: a mask of exactly 1"):
        equity.play_deals(game, 3, 10, seed=2, discard_policy=_throw_two)


@pytest.mark.parametrize(("keywords", "match"), [
    ({"hole_cards": 2, "discard": {"after": "flop", "cards": 2}}, "leaves none to play"),
    ({"hole_cards": 3, "discard": {"after": "turnn", "cards": 1}},
     r"discard.after 'turnn' is not a street of this game \(streets: 'flop', 'turn', 'river'\)"),
    ({"hole_cards": 3, "discard": {"after": "flop"}}, r"discard must be \{after = 'flop', cards = 1\}"),
    ({"hole_cards": 3, "discard": {"after": "flop", "cards": 1, "when": "now"}}, "discard must be"),
    ({"hole_cards": 3, "discard": {"cards": 1}}, "discard: give after = the street it follows"),
    ({"hole_cards": 3, "discard": {"after": "flop", "cards": 1},
      "phases": ["flop", "turn", "discard", "river"]},
     "discard.after 'flop', but phases list 'discard' after 'turn'"),
    ({"hole_cards": 3, "discard": {"cards": 1}, "phases": ["flop", "discard", "turn", "discard", "river"]},
     "at most one discard"),
    ({"hole_cards": 3, "phases": ["flop", "discard", "turn", "river"]}, "'discard' needs the discard key"),
    ({"hole_cards": 3, "discard": {"cards": 1}, "phases": ["discard", "flop", "turn", "river"]},
     "the discard must come after a street"),
    ({"hole_cards": 3, "discard": {"after": "flop", "cards": 1},
      "phases": ["switch", "flop", "turn", "river"]},
     "a discard with 'switch' in one game is not supported"),
    ({"hole_cards": 3, "discard": {"after": "flop", "cards": 1}, "hole_cards_used": "exactly 3"},
     "hole_cards_used 'exactly 3'"),
])
def test_bad_discard_descriptions_are_refused_with_the_key_at_fault(keywords, match):
    with pytest.raises(GameError, match=match):
        define_game("bad", streets=STREETS, **keywords)


def test_a_discard_game_round_trips_through_toml_and_counts_dealt_cards_for_the_deck():
    game = load_game(EXAMPLES / "irish.toml")
    assert game_from_toml(game_to_toml(game)) == game
    text = game_to_toml(game)
    assert "hole_cards = 4" in text and 'discard = { after = "flop", cards = 2 }' in text
    assert game.phases[1] == Discard(cards=2, after_street="flop")
    # 52 cards: 8 burns and board, four dealt each: eleven players, not twenty-two
    assert game.max_players == 11
    with pytest.raises(OptionError, match="players"):
        equity.simulate(game, 12, 10, seed=1)


def test_discard_options_are_checked():
    game = load_game(EXAMPLES / "crazy_pineapple.toml")
    with pytest.raises(OptionError, match="holdem has no discard: discard_policy applies"):
        equity.simulate("holdem", 3, 10, seed=1, discard_policy="best")
    with pytest.raises(OptionError, match="discard_policy of seat 1: 'worst' is not a discard policy"):
        equity.simulate(game, 3, 10, seed=1, discard_policy=["best", "worst", "best"])
    with pytest.raises(OptionError, match="give one policy, or one for each of the 3 seats"):
        equity.simulate(game, 3, 10, seed=1, discard_policy=["best", "best"])
    with pytest.raises(OptionError, match="cannot enumerate here \\(the discards are played by policies"):
        equity.calc(game, ["AhAdKs", "random"], exact=True)
    with pytest.raises(InvalidInputError, match=r"hand 2 'QQ\+' is not read: crazy_pineapple deals 3 hole"):
        equity.calc(game, ["AhAdKs", "QQ+"], trials=100)
    with pytest.raises(InvalidInputError, match="hand 1 'AhAd' has 2 cards; crazy_pineapple deals 3"):
        equity.calc(game, ["AhAd", "random"], trials=100)
    # 'best' needs a hand at the discard: two kept cards and a one-card first street make none
    early = define_game("early_discard", hole_cards=3, streets=[("first", 1), ("rest", 4)],
                        discard={"after": "first", "cards": 1})
    with pytest.raises(OptionError, match="'best' values the kept cards with the board so far"):
        equity.simulate(early, 2, 10, seed=1)
    assert equity.simulate(early, 2, 10, seed=1, discard_policy=_throw_last).discarded.str.len().eq(2).all()


def test_the_studies_run_on_a_discard_game_file(tmp_path):
    from simulations import harness

    path = str(EXAMPLES / "crazy_pineapple.toml")
    rarity = harness.run_study("rarity", deals=2000, players="2", params={"games": path}, seed=3,
                               out=tmp_path / "rarity")
    assert len(rarity.table) > 0
    charts = harness.run_study("starting-hands", deals=200, players="2", params={"games": path}, seed=3,
                               out=tmp_path / "charts")
    classes = charts.table
    assert classes.hand_class.nunique() == 1755  # three-card classes, as dealt
    aces = classes[classes.hand_class == "AAA"]
    assert len(aces) == 0 or aces.equity.iloc[0] > 0.5


@pytest.mark.parametrize(("dealt", "flop", "thrown"), [
    # AhAd with the flop's king: aces and kings; AK of either ace makes only a pair of kings
    ("AhAdKs", "Kd7d2s", "Ks"),
    # make a pair of aces each: the three kicks higher (A-A-K-Q-3 over A-A-K-Q-2)
    ("2cAh3d", "AsKsQs", "2c"),
    # the two hearts make a flush; the nine would only pair the board
    ("9cTh2h", "9h5h4h", "9c"),
    # Irish: keep the set of nines, throw the ace and the deuce
    ("9cAh2d9s", "9d5s4c", "Ah2d"),
])
def test_hand_worked_discards(dealt, flop, thrown):
    from equity.discard import play_discards

    game = load_game(EXAMPLES / ("irish.toml" if len(dealt) == 8 else "crazy_pineapple.toml"))
    hole = np.array([equity.card_codes(dealt)], dtype=np.uint8)
    board = np.array([equity.card_codes(flop + "2s3s")], dtype=np.uint8) if "2s" not in flop + dealt \
        else np.array([equity.card_codes(flop + "8c7c")], dtype=np.uint8)
    kept, out = play_discards(game, hole, board, ("best",))
    assert equity.format_cards(out[0, 0]) == equity.format_cards(equity.card_codes(thrown))
    assert sorted(kept[0].tolist() + out[0, 0].tolist()) == sorted(equity.card_codes(dealt).tolist())
