"""Stud (issue 32 item 4): cards dealt up and down round by round, hands given in part to the
calculator (``"As2d3h"`` so far, ``"??Kd7c"`` an opponent's up-cards), razz and stud hi-lo.

Checked against the rules: the dealing order by hand; the calculator against every way the
unknown cards can fall, valued by the reference evaluator (a small stub, the rest dead);
razz's pots against the reference low; bad descriptions and hands.
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
from equity.errors import GameError, InvalidInputError, OptionError
from equity.games.custom import define_game, game_from_toml, game_to_toml, load_game

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "games"
STUD = ["down", "down", "up", "up", "up", "up", "down"]


def test_hand_worked_stud_deal_order_and_up_cards():
    game = load_game(EXAMPLES / "seven_card_stud.toml")
    assert game_from_toml(game_to_toml(game)) == game and game.max_players == 7
    order = " ".join(equity.format_cards([c]) for c in range(52))  # 2c 2d 2h 2s 3c ...
    d = equity.deal_from_order(game, 3, order)
    # one card a round to each seat in turn: seat 0 takes cards 0, 3, 6, ..., 18
    assert d["hole"] == ["2c2s3h4d5c5s6h", "2d3c3s4h5d6c6s", "2h3d4c4s5h6d7c"]
    assert d["board"] == ""
    table = equity.simulate(game, 3, 50, seed=2)
    cards = table.hole.str
    assert (table.up == cards[4:12]).all()  # the third to sixth cards are dealt face up


def _every_fill(known, stub):
    """Every way the unknown cards (-1) of the hands can fall from the stub, each as likely."""
    slots = [(p, i) for p, hand in enumerate(known) for i, c in enumerate(hand) if c < 0]
    for cards in itertools.permutations(stub, len(slots)):
        hands = [list(h) for h in known]
        for (p, i), c in zip(slots, cards, strict=True):
            hands[p][i] = c
        yield hands


def _seat_zero_share(fills, keys_of) -> float:
    """Seat 0's exact share over equally likely deals, each valued by ``keys_of(hands)``."""
    total, count = Fraction(0), 0
    for hands in fills:
        keys = keys_of(hands)
        best = max(keys)
        winners = [p for p, k in enumerate(keys) if k == best]
        total += Fraction(1, len(winners)) if 0 in winners else 0
        count += 1
    return float(total / count)


def _stud_share(known, dead, rule="draw7", low=False):
    """Seat 0's exact share, every way the unknown cards can fall from the stub."""
    used = {c for hand in known for c in hand if c >= 0} | set(dead)
    stub = [c for c in range(52) if c not in used]
    if low:
        return _seat_zero_share(_every_fill(known, stub),
                                lambda hands: [RC.best_low(RC.Rules(low="ace_to_five"), h) for h in hands])
    return _seat_zero_share(_every_fill(known, stub), lambda hands: [ref.best_high(rule, h) for h in hands])


@pytest.mark.parametrize(("name", "hands", "stub", "low"), [
    ("seven_card_stud.toml", ["AsAd3hKs7c8d", "??KdKc9h2s"], "QhJhTh9d6s4c", False),
    ("razz.toml", ["Ac2d3hKsQcJd", "??KdQs8s7c"], "5c5d4c6sKhQh", True),
])
def test_calc_with_hands_given_in_part_agrees_with_every_way_the_cards_fall(name, hands, stub, low):
    game = load_game(EXAMPLES / name)
    stub = ref.parse(stub)
    seats = []
    for text in hands:
        cards, at = [], 0
        while at < len(text):
            if text[at] == "?":
                cards.append(-1)
                at += 1
            else:
                cards.append(ref.parse(text[at:at + 2])[0])
                at += 2
        seats.append(cards + [-1] * (7 - len(cards)))
    known = {c for s in seats for c in s if c >= 0}
    dead = [c for c in range(52) if c not in known and c not in stub]
    expected = _stud_share(seats, dead, low=low)
    sampled = equity.calc(game, hands, dead=ref.show(dead), trials=40_000, seed=3)
    assert sampled.attrs["method"] == "monte carlo" and 0 < expected < 1
    assert abs(sampled.equity[0] - expected) < 4 * sampled.stderr[0]


def test_a_hand_given_in_part_in_a_board_game():
    # Omaha: two cards of each hand known, the flop known, and a seven-card stub (the rest dead):
    # every two cards to each hand and two to the board, each way as likely
    hands, board = ["AsAd??", "KhKc??"], "QsJs9h"
    stub = ref.parse("8d7c2h6d5s4c3d")
    used = set(ref.parse("AsAdKhKcQsJs9h")) | set(stub)
    dead = [c for c in range(52) if c not in used]
    flop = ref.parse(board)
    total, count = Fraction(0), 0
    for mine in itertools.combinations(stub, 2):
        rest = [c for c in stub if c not in mine]
        for theirs in itertools.combinations(rest, 2):
            left = [c for c in rest if c not in theirs]
            for last in itertools.combinations(left, 2):
                full = flop + list(last)
                keys = [ref.best_high("omaha", ref.parse("AsAd") + list(mine), full),
                        ref.best_high("omaha", ref.parse("KhKc") + list(theirs), full)]
                total += 1 if keys[0] > keys[1] else Fraction(1, 2) if keys[0] == keys[1] else 0
                count += 1
    expected = float(total / count)
    sampled = equity.calc("omaha", hands, board=board, dead=ref.show(dead), trials=40_000, seed=4)
    assert abs(sampled.equity[0] - expected) < 4 * sampled.stderr[0]


def test_razz_pots_go_to_the_reference_low():
    game = load_game(EXAMPLES / "razz.toml")
    played = equity.play_deals(game, 4, 400, seed=6, usage=False)
    rules = RC.Rules(low="ace_to_five")
    for d in range(400):
        keys = [RC.best_low(rules, played.hole[d, p].tolist()) for p in range(4)]
        best = max(keys)
        winners = [p for p, k in enumerate(keys) if k == best]
        expected = [1 / len(winners) if p in winners else 0.0 for p in range(4)]
        assert np.allclose(played.share[d], expected)


@pytest.mark.parametrize(("keywords", "match"), [
    ({"hole_cards": 7, "stud": ["down"] * 6}, "stud lists 6 cards, and the game deals 7"),
    ({"hole_cards": 7, "stud": ["down", "sideways", "up", "up", "up", "up", "down"]},
     "each card 'up' or 'down'"),
    ({"hole_cards": 2, "stud": ["down", "up"], "streets": [("flop", 3)]}, "stud deals no board"),
    ({"hole_cards": 5, "stud": ["down", "up", "up", "up", "up"], "phases": ["draw"]},
     "a stud game deals its cards round by round and has no other phase"),
    ({"hole_cards": 7, "stud": "ddudddu"}, "stud: a list of 'up' and 'down'"),
])
def test_bad_stud_descriptions_are_refused_with_the_key_at_fault(keywords, match):
    with pytest.raises(GameError, match=match):
        define_game("bad", **keywords)


def test_bad_hands_given_in_part_are_named():
    game = load_game(EXAMPLES / "seven_card_stud.toml")
    for hand, match in (("??", "knows no card: give 'random'"),
                        ("As?Zz", "write each card as rank and suit"),
                        ("AsKd??????2c", "gives 9 positions; seven_card_stud deals 7")):
        with pytest.raises(InvalidInputError, match=match):
            equity.calc(game, ["AsAd3h", hand], trials=100)
    with pytest.raises(OptionError, match="cannot enumerate here \\(a hand is given in part\\)"):
        equity.calc(game, ["AsAd3h", "random"], exact=True)
    with pytest.raises(InvalidInputError, match="is not read in a Switch or draw game"):
        equity.calc("switch7", ["AsAd3h????", "random"], trials=100)
    with pytest.raises(Exception, match="duplicate card 'As'"):
        equity.calc(game, ["AsAd3h", "??As"], trials=100)
    with pytest.raises(Exception, match="hand 2 'AsAs4h': duplicate card 'As'"):
        equity.calc(game, ["KdKc3h", "AsAs4h"], trials=100)


# ---------------------------------------------------------------------------------------------
# Follow the Queen
# ---------------------------------------------------------------------------------------------
FIVE_KIND = RC.Rules(wild=10, ranking=("five_of_a_kind", *RC.STANDARD))


def _reference_follower(hands: list[list[int]]) -> int:
    """The second wild rank by the rules: the face-up cards (the third to sixth) in the order
    dealt, round by round and seat by seat; the card after each face-up queen; -1 if a queen
    comes last (or no queen at all)."""
    up = [hands[p][r] for r in range(2, 6) for p in range(len(hands))]
    follower = -1
    for j, card in enumerate(up):
        if card >> 2 == 10:
            follower = up[j + 1] >> 2 if j + 1 < len(up) else -1
    return -1 if follower == 10 else follower


def _ftq_key(cards: list[int], follower: int):
    """The best five of seven with queens and the follower's rank wild (the reference's wild
    key: each wild card any card not in the hand, five of a kind above a straight flush)."""
    wild = {10, follower}
    best = None
    for five in itertools.combinations(cards, 5):
        naturals = tuple(sorted(int(c) for c in five if c >> 2 not in wild))
        key = RC._wild_key(naturals, 5 - len(naturals), FIVE_KIND)
        best = key if best is None or key > best else best
    return best


def _wild_count(cards, follower) -> int:
    return sum(c >> 2 in (10, follower) for c in cards)


def test_follow_the_queen_deals_against_the_rules():
    game = load_game(EXAMPLES / "follow_the_queen.toml")
    assert game_from_toml(game_to_toml(game)) == game
    played = equity.play_deals(game, 4, 300, seed=9, usage=False)
    checked = 0
    for d in range(300):
        hands = [played.hole[d, p].tolist() for p in range(4)]
        follower = _reference_follower(hands)
        assert played.second_wild[d] == follower
        if any(_wild_count(h, follower) > 2 for h in hands):
            continue  # (the brute-force reference is slow beyond two wild cards; see below)
        keys = [_ftq_key(h, follower) for h in hands]
        best = max(keys)
        winners = [p for p, k in enumerate(keys) if k == best]
        assert np.allclose(played.share[d], [1 / len(winners) if p in winners else 0 for p in range(4)]), d
        checked += 1
    assert checked > 100


@pytest.mark.parametrize(("hand", "follower", "expected"), [
    ("QcQdQh7c7d2s3h", 5, "five of a kind, aces"),    # five wild cards stand for five aces
    ("QcQd7c7dKs2s3h", 5, "five of a kind, kings"),   # four wild cards and the king
    ("Qc7c7dKsKh2s3h", 5, "five of a kind, kings"),   # three wild cards and two kings
    ("Qc7cAsKsJs2d3h", 5, "royal flush"),             # two wild cards fill the royal flush
    ("Qc7cAsKsJs2d3h", -1, "one pair, aces"),  # sevens not wild: the queen alone pairs the ace
])
def test_hand_worked_follow_the_queen_hands(hand, follower, expected):
    from equity.stud import hands_for_evaluation

    game = load_game(EXAMPLES / "follow_the_queen.toml")
    cards = np.array([equity.card_codes(hand)], dtype=np.uint8)
    valued = hands_for_evaluation(game, cards, np.array([follower]))
    strength = equity.evaluate_many(game, valued, None)
    from equity.hand import exact_game

    best = max(equity.evaluate_many(exact_game(game), valued[:, list(five)], None)[0]
               for five in itertools.combinations(range(7), 5))
    assert strength[0] == best  # the seven-card valuation is the best five of them
    assert expected == str(equity.evaluate(game, equity.format_cards(valued[0])))


def test_follow_the_queen_calc_agrees_with_every_way_the_cards_fall():
    # up-cards in the order dealt: Qh (seat 0), 7c (seat 1), 8d, 2h, 9s, 3d, Tc, and seat 1's
    # last up-card unknown: sevens are wild unless that card is a queen (then queens alone)
    game = load_game(EXAMPLES / "follow_the_queen.toml")
    hands = ["AsAdQh8d9sTc", "??7c2h3d"]
    stub = ref.parse("Qd4s5cJdKh2c")
    seats = [ref.parse("AsAdQh8d9sTc") + [-1], [-1, -1] + ref.parse("7c2h3d") + [-1, -1]]
    used = {c for s in seats for c in s if c >= 0}
    dead = [c for c in range(52) if c not in used and c not in stub]
    expected = _seat_zero_share(_every_fill(seats, stub), lambda hands: [
        _ftq_key(h, _reference_follower(hands)) for h in hands])
    sampled = equity.calc(game, hands, dead=ref.show(dead), trials=30_000, seed=5)
    assert 0 < expected < 1
    assert abs(sampled.equity[0] - expected) < 4 * sampled.stderr[0]
    with pytest.raises(OptionError, match="the second wild rank follows the face-up queens"):
        equity.calc(game, ["AsAdQh8d9sTc2c", "Kd7c2h3d4s5cJd"], exact=True)


@pytest.mark.parametrize(("keywords", "match"), [
    ({"hole_cards": 7, "stud": STUD, "wild": "Q", "wild_follows": "K"},
     "wild_follows 'K': that rank is wild"),
    ({"hole_cards": 7, "wild": "Q", "wild_follows": "Q"}, "wild_follows needs a stud game with up-cards"),
    ({"hole_cards": 7, "stud": STUD, "wild": "Q", "wild_follows": "Q", "low": {"kind": "ace_to_five",
      "qualifier": "8"}, "pot_modes": ["hi_lo"]}, "wild_follows is played for the high hand"),
])
def test_bad_follow_the_queen_descriptions(keywords, match):
    with pytest.raises(GameError, match=match):
        define_game("bad", **keywords)


def test_the_cards_drawn_for_a_hand_given_in_part_are_never_cards_a_row_holds():
    # seat 0 is random and was dealt the ace of spades (card 51) in this row; the unknown
    # positions of seat 1 hold the placeholder, which must not hide that card: seat 1's cards
    # are drawn uniformly from the stub cards the row has not dealt
    from equity.calculator.question import UNKNOWN, read_question

    q = read_question(load_game(EXAMPLES / "seven_card_stud.toml"), ["random", "??KdKc"], None, None,
                      False, None, {})
    dealt = equity.card_codes("AsAd3h4c5d6h7s").tolist()
    stub = np.array([c for c in q.stub.tolist() if c not in dealt])
    assert 51 in q.stub.tolist() and 51 not in stub.tolist()
    seat_1 = [UNKNOWN, UNKNOWN, *equity.card_codes("KdKc").tolist(), UNKNOWN, UNKNOWN, UNKNOWN]
    row = equity.card_codes("AsAd3h4c5d6h7s").tolist() + seat_1
    hole = np.tile(np.array(row, dtype=np.uint8), (4000, 1))
    board = np.zeros((4000, 0), dtype=np.uint8)
    q.fill_partial(hole, board, np.random.default_rng(1))
    for row in hole[:500]:
        assert len(set(row.tolist())) == 14 and UNKNOWN not in row.tolist()
    drawn = hole[:, [7, 8, 11, 12, 13]].ravel()
    counts = np.bincount(drawn, minlength=52)[stub]
    expected = drawn.size / len(stub)  # each stub card as likely
    assert (np.abs(counts - expected) < 4 * np.sqrt(expected)).all()


def test_a_followed_rank_other_than_the_queen():
    # "follow the king": kings wild, and the rank dealt face up after the last face-up king
    game = define_game("follow_the_king", hole_cards=7, stud=STUD, wild="K", wild_follows="K")
    from equity.stud import hands_for_evaluation

    # five wild cards (three kings, two sevens) with the sevens followed: five aces
    cards = np.array([equity.card_codes("KcKdKh7c7d2s3h")], dtype=np.uint8)
    valued = hands_for_evaluation(game, cards, np.array([5]))
    assert len(set(valued[0].tolist())) == 7
    assert str(equity.evaluate(game, equity.format_cards(valued[0]))) == "five of a kind, aces"
    # two sevens written as kings of the suits the hand lacks: four wild cards and the deuce
    cards = np.array([equity.card_codes("KcKd7c7d2s3h9h")], dtype=np.uint8)
    valued = hands_for_evaluation(game, cards, np.array([5]))
    assert sorted(equity.format_cards([c]) for c in valued[0][:4]) == ["Kc", "Kd", "Kh", "Ks"]
    assert str(equity.evaluate(game, equity.format_cards(valued[0]))) == "five of a kind, nines"
    with pytest.raises(GameError, match="the rank that is followed cannot be the ace"):
        define_game("follow_the_ace", hole_cards=7, stud=STUD, wild="A", wild_follows="A")
