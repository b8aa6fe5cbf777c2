"""Two boards and kill cards (issue 32 item 5): double-board games and a pot that plays for low
when a declared card comes.

Checked against the rules with the reference evaluator and a reference pot written here: the
dealing order by hand, the deal engine's boards against the same deal on one board of every
street, each deal's shares against the reference's per-board split (hi-lo on each board, a
killed board to the best qualifying low), the calculator against every river pair enumerated,
a hand-worked double-board Omaha hi-lo showdown, and bad descriptions and options.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
import reference as ref

import equity
from equity.errors import GameError, InvalidInputError, OptionError
from equity.games.custom import define_game, game_from_toml, game_to_toml, load_game

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "games"
STREETS = [("flop", 3), ("turn", 1), ("river", 1)]
EIGHT = {"kind": "ace_to_five", "qualifier": "8"}


def _split(keys) -> list[Fraction]:
    """Equal shares among the seats with the best key (None: no hand, never best)."""
    ranked = [k for k in keys if k is not None]
    best = max(ranked)
    winners = [p for p, k in enumerate(keys) if k == best]
    return [Fraction(1, len(winners)) if p in winners else Fraction(0) for p in range(len(keys))]


def _low_split(lows) -> list[Fraction]:
    """The best qualifying low takes it (the reference's low keys: larger is better)."""
    return _split(lows)


def _eight_or_better(rule: str, hole, board):
    """The best eight-or-better low of a hand under the game's hole rule, or None."""
    keys = [ref.eight_or_better([ref.rank_of(c) for c in cards])
            for _, cards in ref.candidate_hands(rule, tuple(hole), tuple(board))]
    keys = [k for k in keys if k is not None]
    return max(keys) if keys else None


def _reference_board_shares(highs, lows, mode, killed=False, floor=None):
    """One board's shares: the high; in hi-lo half to the best high and half to the best
    qualifying low, the high taking all when no low qualifies; a killed board to the best
    qualifying low alone (played as usual when none qualifies).  With a high qualifier
    (``floor``, the key of the weakest qualifying hand) a weaker high wins nothing: where no
    high qualifies, the low takes a hi-lo board and otherwise the players share it."""
    has_low = any(k is not None for k in lows)
    if floor is not None:
        if all(k < floor for k in highs):
            if mode == "hi_lo" and has_low:
                return _low_split(lows)
            return [Fraction(1, len(highs))] * len(highs)
        highs = [k if k >= floor else (-1,) for k in highs]
    if killed and has_low:
        return _low_split(lows)
    if mode == "high" or not has_low:
        return _split(highs)
    return [(h + x) / 2 for h, x in zip(_split(highs), _low_split(lows), strict=True)]


def test_hand_worked_dealing_order_of_two_boards():
    # cards 2c 2d 2h 2s 3c 3d ... in order: the hole cards one at a time round the table, then
    # each street to board 1 and then to board 2, each with its own burn
    game = define_game("two_board_holdem", hole_cards=2, streets=STREETS, boards=2)
    order = " ".join(equity.format_cards([c]) for c in range(52))
    d = equity.deal_from_order(game, 2, order)
    assert d["hole"] == ["2c2h", "2d2s"]
    # burn 3c, flop 1 3d3h3s, burn 4c, flop 2 4d4h4s, burn 5c, turn 1 5d, burn 5h, turn 2 5s,
    # burn 6c, river 1 6d, burn 6h, river 2 6s
    assert d["board"] == "3d3h3s5d6d / 4d4h4s5s6s"
    assert d["burns"] == "3c4c5c5h6c6h"


def test_the_deal_engine_deals_the_boards_street_by_street():
    two = define_game("two_board_holdem", hole_cards=2, streets=STREETS, boards=2)
    # the same cards dealt as one board of every street in dealing order (hand size 5, any cards)
    flat = define_game("flat", hole_cards=2,
                       streets=[("f1", 3), ("f2", 3), ("t1", 1), ("t2", 1), ("r1", 1), ("r2", 1)])
    a = equity.play_deals(two, 3, 500, seed=9, usage=False)
    b = equity.play_deals(flat, 3, 500, seed=9, usage=False)
    assert (a.hole == b.hole).all()
    f1, f2, t1, t2, r1, r2 = b.board[:, :3], b.board[:, 3:6], b.board[:, 6:7], b.board[:, 7:8], \
        b.board[:, 8:9], b.board[:, 9:10]
    assert (a.board == np.concatenate([f1, t1, r1, f2, t2, r2], axis=1)).all()
    table = equity.simulate(two, 3, 20, seed=9)
    assert {"board", "board_2", "category_2", "strength_2"} <= set(table.columns)


@pytest.mark.parametrize(("keywords", "mode"), [
    ({"hole_cards": 2, "high_qualifier": "JcJd4h3s2c"}, "high"),
    ({"hole_cards": 4, "hole_cards_used": "exactly 2", "low": EIGHT, "pot_modes": ["hi_lo"],
      "high_qualifier": "2c2d2h4s3c"}, "hi_lo"),
    ({"hole_cards": 4, "hole_cards_used": "exactly 2", "boards": 2, "low": EIGHT, "pot_modes": ["hi_lo"]},
     "hi_lo"),
    ({"hole_cards": 2, "boards": 2}, "high"),
    ({"hole_cards": 2, "low": EIGHT, "kill": "Q"}, "high"),
    ({"hole_cards": 4, "hole_cards_used": "exactly 2", "boards": 2, "low": EIGHT, "pot_modes": ["hi_lo"],
      "kill": ["Kd", "Ks"]}, "hi_lo"),
])
def test_each_deals_shares_are_the_reference_split_of_each_board(keywords, mode):
    game = define_game("boards", streets=STREETS, **keywords)
    rule = "omaha" if game.hole_cards == 4 else "holdem"
    players, deals = 3, 250
    played = equity.play_deals(game, players, deals, seed=17, usage=False)
    size = game.board_cards
    kill = set(game.kill_cards)
    floor = ref.key_of(list(game.high_qualifier)) if game.high_qualifier else None
    killed_seen = unqualified = 0
    for d in range(deals):
        total = [Fraction(0)] * players
        for b in range(game.boards):
            board = played.board[d, b * size:(b + 1) * size].tolist()
            hands = [played.hole[d, p].tolist() for p in range(players)]
            highs = [ref.best_high(rule, h, board) for h in hands]
            lows = [_eight_or_better(rule, h, board) for h in hands]
            killed = bool(kill & set(board))
            killed_seen += killed and any(k is not None for k in lows)
            unqualified += floor is not None and all(k < floor for k in highs)
            shares = _reference_board_shares(highs, lows, mode, killed, floor)
            total = [t + x / game.boards for t, x in zip(total, shares, strict=True)]
        assert np.allclose(played.share[d], [float(t) for t in total]), (d, played.share[d], total)
    if kill:
        assert killed_seen > 5
    if floor is not None:
        assert unqualified > 5


def _enumerated_share(rule, hands, boards_known, stub, boards, kill=(), mode="high", floor=None):
    """Seat 0's exact share with one card to come on each board: every ordered pair of rivers."""
    total, count = Fraction(0), 0
    seats = [ref.parse(h) for h in hands]
    for rivers in itertools.permutations(stub, boards):
        share = Fraction(0)
        for b in range(boards):
            board = boards_known[b] + [rivers[b]]
            highs = [ref.best_high(rule, h, board) for h in seats]
            lows = [_eight_or_better(rule, h, board) for h in seats]
            killed = bool(set(kill) & set(board))
            if mode == "high" and not killed:
                lows = [None] * len(seats)
            share += _reference_board_shares(highs, lows, mode, killed, floor)[0] / boards
        total += share
        count += 1
    return float(total / count)


def test_calc_on_two_boards_agrees_with_every_pair_of_rivers():
    game = define_game("two_board_holdem", hole_cards=2, streets=STREETS, boards=2)
    hands, board = ["AhAd", "KsKc"], "2c7d9hTs / Kd8s3c4h"
    known = [ref.parse("2c7d9hTs"), ref.parse("Kd8s3c4h")]
    used = set(ref.parse("AhAdKsKc")) | set(known[0]) | set(known[1])
    stub = [c for c in range(52) if c not in used]
    expected = _enumerated_share("holdem", hands, known, stub, 2)
    sampled = equity.calc(game, hands, board=board, trials=60_000, seed=5)
    assert abs(sampled.equity[0] - expected) < 4 * sampled.stderr[0]


def test_calc_with_a_kill_card_agrees_with_every_river():
    game = define_game("kill_queen", hole_cards=2, streets=STREETS, low=EIGHT, kill="Q")
    hands, board = ["Ah2h", "KsKc"], "3c7dQh9s"
    known = [ref.parse(board)]
    used = set(ref.parse("Ah2hKsKc")) | set(known[0])
    stub = [c for c in range(52) if c not in used]
    expected = _enumerated_share("holdem", hands, known, stub, 1, kill=game.kill_cards)
    sampled = equity.calc(game, hands, board=board, trials=40_000, seed=8)
    assert abs(sampled.equity[0] - expected) < 4 * sampled.stderr[0]
    # the queen on the board hands the pot to the eight-or-better low whenever one comes
    plain = equity.calc("holdem", hands, board=board, exact=True).equity[0]
    assert sampled.equity[0] > plain + 0.3


def test_calc_with_a_high_qualifier_agrees_with_every_river():
    # jacks or better at the showdown: 9h9d against 8c7c on Ts6h2d3c.  Neither hand qualifies
    # on most rivers (they share the pot); a river that makes one of them a straight or two
    # pair decides it
    game = define_game("jacks_to_win", hole_cards=2, streets=STREETS, high_qualifier="JcJd4h3s2c")
    hands, board = ["9h9d", "8c7c"], "Ts6h2d3c"
    known = [ref.parse(board)]
    used = set(ref.parse("9h9d8c7c")) | set(known[0])
    stub = [c for c in range(52) if c not in used]
    floor = ref.key_of(ref.parse("JcJd4h3s2c"))
    expected = _enumerated_share("holdem", hands, known, stub, 1, floor=floor)
    sampled = equity.calc(game, hands, board=board, trials=40_000, seed=8)
    assert abs(sampled.equity[0] - expected) < 4 * sampled.stderr[0]
    assert abs(sampled.equity[0] - equity.calc("holdem", hands, board=board, exact=True).equity[0]) > 0.1


def test_hand_worked_double_board_omaha_hi_lo():
    # seat 0 AhKh2c3c, seat 1 QsQdJsTs.  Board 1 Qc7h4d8s9c: the queens' set takes the high
    # half; A-2-4-7-8 (A-2 or 2-3 with 7-4-8) is seat 0's low, the low half.  Board 2
    # KsKd5h6h2d: AhKh with KsKd makes seat 0 three kings over queens and kings, and A-3 with
    # 2-5-6 the low: seat 0 scoops it.  So seat 0 wins 1/4 + 1/2 = 3/4, seat 1 1/4.
    game = load_game(EXAMPLES / "double_board_omaha.toml")
    r = equity.calc(game, ["AhKh2c3c", "QsQdJsTs"], board="Qc7h4d8s9c / KsKd5h6h2d", trials=200, seed=1)
    assert r.equity.tolist() == [0.75, 0.25] and r.stderr.tolist() == [0.0, 0.0]
    assert game_from_toml(game_to_toml(game)) == game and game.boards == 2
    assert game.max_players == 9  # two boards of 5 cards and 3 burns each: (52 - 16) // 4


@pytest.mark.parametrize(("keywords", "match"), [
    ({"hole_cards": 2, "boards": 3}, r"boards 3 \(allowed: 1, or 2 for a double-board game\)"),
    ({"hole_cards": 5, "streets": [], "phases": ["draw"], "boards": 2},
     "a game with no streets has no board"),
    ({"hole_cards": 2, "kill": "Q"}, "a kill card turns a board's pot to low: the game needs a low rule"),
    ({"hole_cards": 2, "kill": "2c", "deck": "6-A", "low": {"kind": "ace_to_five", "qualifier": "none"}},
     "kill: 2c is not in the deck"),
    ({"hole_cards": 2, "kill": ["Q", "Qs"], "low": EIGHT}, "names a card twice"),
    ({"hole_cards": 2, "kill": 12, "low": EIGHT}, "kill must be a rank"),
    ({"hole_cards": 19, "boards": 2}, r"deck too small: two players need 54 cards .* on each of 2 boards"),
    ({"hole_cards": 2, "high_qualifier": "JcJd4h3s"}, r"high_qualifier: the weakest qualifying hand, 5"),
    ({"hole_cards": 2, "high_qualifier": "JcJd4h3s2c", "deck": "6-A"}, "high_qualifier: .* of the deck"),
    ({"hole_cards": 2, "high_qualifier": "JxJd4h3s2c"}, "high_qualifier: "),
    ({"hole_cards": 2, "high_qualifier": 11}, "high_qualifier: write the weakest hand"),
    ({"hole_cards": 2, "streets": [("flop", 3), ("last", 1)], "phases": ["flop", "exchange", "last"],
      "wild": "exchange", "high_qualifier": "JcJd4h3s2c"}, "the exchange's wild rank moves"),
])
def test_bad_board_and_kill_descriptions_are_refused_with_the_key_at_fault(keywords, match):
    args = {"streets": STREETS, **keywords}
    with pytest.raises(GameError, match=match):
        define_game("bad", **args)


def test_board_and_kill_options_are_checked():
    game = load_game(EXAMPLES / "double_board_omaha.toml")
    hands = ["AhKh2c3c", "QsQdJsTs"]
    with pytest.raises(InvalidInputError, match="deals 2 boards: give them as 'AhKd2c / 7s8s9s'"):
        equity.calc(game, hands, board="Qc7h4d", trials=100)
    with pytest.raises(InvalidInputError, match="each board given reaches the same street; got 3, 4 cards"):
        equity.calc(game, hands, board="Qc7h4d / KsKd5h6h", trials=100)
    with pytest.raises(OptionError, match="the enumeration counts one board with no kill card"):
        equity.calc(game, hands, exact=True)
    with pytest.raises(InvalidInputError, match="deals one board: give it as one text"):
        equity.calc("holdem", ["AhAd", "KsKc"], board=["2c7d9h"], trials=100)


def test_settle_boards_splits_each_stake_between_the_boards_and_settles_each_part():
    from test_settle import oracle_settle

    rng = np.random.default_rng(12)
    for _ in range(300):
        players = int(rng.integers(2, 6))
        stakes = rng.integers(0, 60, players)
        stakes[rng.integers(players)] += 1  # somebody put chips in
        highs = [rng.integers(1, 5, players), rng.integers(1, 5, players)]
        lows = [rng.integers(0, 4, players), rng.integers(0, 4, players)]
        folded = rng.random(players) < 0.3
        folded[rng.integers(players)] = False
        for mode in ("high", "hi_lo"):
            got = equity.settle_boards([h[None] for h in highs], [lw[None] for lw in lows],
                                       [np.zeros((1, 1))] * 2, stakes, mode=mode, folded=folded[None])[0]
            # by hand: board 1 takes each stake's larger half (the odd chip), board 2 the rest
            first, second = (stakes + 1) // 2, stakes // 2
            out = folded.tolist()
            expected = [oracle_settle(highs[0].tolist(), first.tolist(), lows[0].tolist(), mode, out),
                        oracle_settle(highs[1].tolist(), second.tolist(), lows[1].tolist(), mode, out)]
            assert got.tolist() == [a + b for a, b in zip(*expected, strict=True)]
            assert got.sum() == stakes.sum()


def test_simulate_settles_stakes_on_two_boards():
    game = load_game(EXAMPLES / "double_board_omaha.toml")
    table = equity.simulate(game, 3, 400, seed=3, stakes=[10, 25, 25])
    assert (table.groupby("deal").chips.sum() == 0).all()
    # the chips follow the pot shares where nobody is all in for less (seats 1 and 2 here)
    assert (table.chips >= -25).all() and (table.chips[table.seat == 0] >= -10).all()
