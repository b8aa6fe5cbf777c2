"""Wild cards beyond one rank (issue 32, item 2): jokers, full wild or the bug; several wild
ranks; single wild cards (one-eyed jacks, the suicide king); natural beats wild.

The fast evaluator is compared with ``reference_custom.py``, which tries every card each wild
card could stand for (and, for the bug, an ace or a card that makes a straight or a flush), on
random deals where the wild cards are made common; the descriptions are checked key by key.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import reference_custom as RC
from test_custom_games import HOLDEM_STREETS, assert_same_order

import equity
from equity import GameError
from equity.cards import JOKERS, card_codes
from equity.games.custom import game_to_dict, save_game

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "games"

WILD_RANKING = ("five_of_a_kind", *RC.STANDARD)


def dealt_with_wilds(game, rows: int, n_board: int, seed: int, wild_share: float = 0.6):
    """``rows`` deals of the game's hole cards and ``n_board`` board cards, distinct within a row,
    where a ``wild_share`` of the rows are sure to hold one of the game's wild cards or more
    (so the substitutions are tested often, not one deal in ten)."""
    rng = np.random.default_rng(seed)
    deck = np.array(game.deck)
    wild = np.array(game.wild_cards or [c for c in game.deck if c >> 2 == game.fixed_wild_rank])
    n = game.hole_cards + n_board
    out = np.empty((rows, n), dtype=np.uint8)
    for i in range(rows):
        cards = rng.permutation(deck)[:n]
        if rng.random() < wild_share and not np.isin(cards, wild).any():
            cards[rng.integers(n)] = rng.choice(wild)
        out[i] = cards
    return np.ascontiguousarray(out[:, :game.hole_cards]), np.ascontiguousarray(out[:, game.hole_cards:])


def compare(game, rules: RC.Rules, rows: int, seed: int) -> None:
    hole, board = dealt_with_wilds(game, rows, game.board_cards, seed)
    fast = equity.evaluate_many(game, hole, board)
    ref = [RC.best_high(rules, h, b) for h, b in zip(hole.tolist(), board.tolist(), strict=True)]
    assert_same_order(fast, ref, (hole, board), game.name)
    assert list(equity.categories_of(game, fast)) == [RC.category(rules, k) for k in ref]


JOKER_DRAW = dict(hole_cards=5, jokers=1, joker="bug", phases=["draw"])


def test_one_bug_in_five_cards_matches_every_substitution() -> None:
    game = equity.define_game("bug_draw", **JOKER_DRAW)
    compare(game, RC.Rules(wild_cards=(52,), bug=True, ranking=WILD_RANKING), 2500, 1)


def test_two_bugs_among_seven_cards_match_the_reference() -> None:
    game = equity.define_game("two_bugs_seven", hole_cards=7, jokers=2, joker="bug")
    compare(game, RC.Rules(wild_cards=JOKERS, bug=True, ranking=WILD_RANKING), 150, 2)


def test_two_full_jokers_in_holdem_match_every_substitution() -> None:
    game = equity.define_game("joker_holdem", hole_cards=2, streets=HOLDEM_STREETS, jokers=2)
    rules = RC.Rules(wild_cards=JOKERS, ranking=WILD_RANKING)
    compare(game, rules, 200, 3)
    # the fewest hole cards that make the best hand, a joker among them or on the board
    hole, board = dealt_with_wilds(game, 120, 5, 9)
    used = equity.hole_cards_used_many(game, hole, board)
    assert used.tolist() == [RC.hole_cards_used(rules, h, b)
                             for h, b in zip(hole.tolist(), board.tolist(), strict=True)]
    # natural beats wild among seven cards: a natural five wins where it makes the same hand
    natural = equity.define_game("joker_holdem_natural", hole_cards=2, streets=HOLDEM_STREETS, jokers=2,
                                 natural_beats_wild=True)
    compare(natural, RC.Rules(wild_cards=JOKERS, natural_first=True, ranking=WILD_RANKING), 200, 8)


def test_two_wild_ranks_with_natural_first_match_the_reference() -> None:
    game = equity.define_game("deuces_jacks", hole_cards=5, wild=["2", "J"], natural_beats_wild=True)
    wild_cards = tuple(c for c in range(52) if c >> 2 in (0, 9))
    assert game.wild_cards == wild_cards
    compare(game, RC.Rules(wild_cards=wild_cards, natural_first=True, ranking=WILD_RANKING), 2000, 4)


def test_one_eyed_jacks_and_the_suicide_king_on_an_omaha_board() -> None:
    # exactly two hole cards and three of the board: each choice's wild cards count apart
    game = equity.define_game("one_eyed_omaha", hole_cards=4, streets=HOLDEM_STREETS,
                              hole_cards_used="exactly 2", wild=["Js", "Jh", "Kh"])
    assert game.wild_cards == tuple(sorted(card_codes("JsJhKh").tolist()))
    compare(game, RC.Rules(wild_cards=game.wild_cards, hole_min=2, hole_max=2, ranking=WILD_RANKING), 300, 5)


def test_a_joker_in_a_short_deck_keeps_its_own_ranking() -> None:
    # six to ace, a flush above a full house (the short-deck order), five of a kind on top
    ranking = ("five_of_a_kind", "straight_flush", "four_of_a_kind", "flush", "full_house", "straight",
               "three_of_a_kind", "two_pair", "one_pair", "high_card")
    game = equity.define_game("joker_short_deck", hole_cards=2, streets=HOLDEM_STREETS, deck="6-A", jokers=1,
                              ranking=ranking)
    compare(game, RC.Rules(ranks=tuple(range(4, 13)), wild_cards=(52,), ranking=ranking), 400, 7)


def test_natural_beats_wild_with_one_wild_rank() -> None:
    game = equity.define_game("deuces_natural", hole_cards=5, wild="2", natural_beats_wild=True)
    assert game.fixed_wild_rank == 0 and game.wild.natural_first
    compare(game, RC.Rules(wild=0, natural_first=True, ranking=WILD_RANKING), 2000, 6)
    # worked by hand: a natural nine-high straight beats the nine-high straight a deuce makes
    # of 8-7-6-5, and a natural pair of aces the same pair and kickers made with a deuce; without
    # the option they tie
    # two hands made with wild cards tie, one deuce or two: the option orders natural against wild
    assert equity.evaluate(game, "2c2d7h6s5c") == equity.evaluate(game, "9c2d7h6s5c")
    plain = equity.define_game("deuces_plain", hole_cards=5, wild="2")
    for natural, with_wild in (("9c8d7h6s5c", "2c8d7h6s5c"), ("AcAd9h6s5c", "Ac2d9h6s5c")):
        assert str(equity.evaluate(game, natural)) == str(equity.evaluate(game, with_wild))
        assert equity.evaluate(game, natural) > equity.evaluate(game, with_wild)
        assert equity.evaluate(plain, natural) == equity.evaluate(plain, with_wild)


def test_bug_hands_worked_by_hand() -> None:
    game = equity.define_game("bug_draw", **JOKER_DRAW)
    cases = {
        "AsAhAdAcX1": "five of a kind, aces",  # the bug is a fifth ace
        "KsKhKdKcX1": "four of a kind, kings",  # but never a fifth king
        "Ks Qs Js Ts X1": "royal flush",  # it completes a straight flush
        "Th 9d 8h 7h X1": "jack-high straight",  # or a straight
        "Ah Kh 7h 2h X1": "ace-high flush",  # or a flush
        "9c 9d 9h 2s X1": "three of a kind, nines",  # else it is an ace: a kicker
        "Jh Jd 7h 2s X1": "one pair, jacks",
        "Ah Kd 7h 2s X1": "one pair, aces",
    }
    for cards, shown in cases.items():
        assert str(equity.evaluate(game, cards)) == shown, cards
    full = equity.define_game("joker_draw_wild", hole_cards=5, jokers=1)
    assert str(equity.evaluate(full, "KsKhKdKcX1")) == "five of a kind, kings"
    assert str(equity.evaluate(full, "9c 9d 9h 2s X1")) == "four of a kind, nines"


@pytest.mark.parametrize(("keys", "message"), [
    ({"wild": ["X1", "X2"]}, r"X1 is a joker, and the deck holds 0 jokers \(give jokers = 1\)"),
    ({"jokers": 1, "wild": ["X2"]}, r"X2 is a joker, and the deck holds 1 joker \(give jokers = 2\)"),
    ({"jokers": 3}, r"jokers 3: a deck holds 0, 1 or 2 jokers"),
    ({"joker": "bug"}, r"joker 'bug': the deck has no jokers"),
    ({"jokers": 1, "joker": "ace"}, r"joker 'ace': 'wild' .* or 'bug'"),
    ({"jokers": 1, "joker": "bug", "wild": "2"},
     r"the bug .* cannot be played beside other wild cards \(2c\)"),
    ({"wild": ["2", "Zz"]}, r"wild: 'Zz' is neither a rank"),
    ({"wild": ["Js", "Js"]}, r"names a card twice"),
    ({"natural_beats_wild": True}, r"natural_beats_wild: the game has no wild cards"),
    ({"natural_beats_wild": "yes", "wild": "2"}, r"natural_beats_wild must be true or false"),
    ({"jokers": 1, "wild": "exchange", "phases": ["flop", "exchange", "turn", "river"]},
     r"jokers: a game with jokers has fixed wild cards"),
])
def test_bad_wild_descriptions_are_refused_naming_the_key(keys, message) -> None:
    streets = {"streets": HOLDEM_STREETS} if "phases" in keys else {}
    with pytest.raises(GameError, match=message):
        equity.define_game("bad_wild", hole_cards=2 if streets else 5, **streets, **keys)


def test_jokers_are_cards_of_the_deck_only_where_dealt() -> None:
    game = equity.define_game("joker_draw_two", hole_cards=5, jokers=2)
    assert game.deck[-2:] == JOKERS and game.deck_size == 54
    assert "two jokers" in game.describe_deck()
    with pytest.raises(equity.CardError, match=r"card 'X1' is not in the holdem deck"):
        equity.evaluate("holdem", "X1Ah", "KdQdJd")
    assert equity.format_cards(card_codes("AhX2x1")) == "AhX2X1"


def test_wild_card_games_round_trip_through_their_files(tmp_path) -> None:
    for keys in (JOKER_DRAW, {"hole_cards": 5, "wild": ["2", "Js", "Jh", "Kh"], "jokers": 2,
                              "natural_beats_wild": True}):
        game = equity.define_game("round_trip", **keys)
        written = game_to_dict(game)
        shown = {k: sorted(v) if isinstance(v, list) else v for k, v in written.items()}
        assert {k: shown.get(k) for k in keys if k != "phases"} == {
            k: sorted(v) if isinstance(v, list) else v for k, v in keys.items() if k != "phases"}
        path = save_game(game, tmp_path / "round_trip.toml")
        assert equity.load_game(path) == game
        # the rule itself is taken as it is, its cards and bug kept
        again = equity.define_game("round_trip", hole_cards=5, wild=game.wild, jokers=game.jokers,
                                   natural_beats_wild=game.wild.natural_first or None,
                                   phases=keys.get("phases"))
        assert again.wild == game.wild


def test_exact_calc_keeps_the_suits_that_single_wild_cards_tell_apart() -> None:
    # the one-eyed jacks and the suicide king break the symmetry of the suits: the exact
    # enumeration may merge only the deals a relabelling of the suits keeps them in; every river
    # valued by the reference
    game = equity.define_game("one_eyed_holdem", hole_cards=2, streets=HOLDEM_STREETS,
                              wild=["Js", "Jh", "Kh"])
    rules = RC.Rules(wild_cards=game.wild_cards, ranking=WILD_RANKING)
    hands, board = ["AsAd", "7c8c"], "2h5d9c3s"
    result = equity.calc(game, hands, board=board, exact=True)
    known = card_codes("".join(hands) + board).tolist()
    wins = ties = 0
    rivers = [c for c in game.deck if c not in known]
    for river in rivers:
        full = card_codes(board).tolist() + [river]
        a, b = (RC.best_high(rules, card_codes(h).tolist(), full) for h in hands)
        wins += a > b
        ties += a == b
    assert result["win"].iloc[0] == pytest.approx(wins / len(rivers), abs=1e-12)
    assert result["tie"].iloc[0] == pytest.approx(ties / len(rivers), abs=1e-12)
    assert 0 < wins < len(rivers)  # the jacks and the king of hearts decide some rivers


def test_the_wild_option_is_refused_where_the_wild_cards_are_fixed() -> None:
    game = equity.define_game("joker_wild_option", hole_cards=2, streets=HOLDEM_STREETS, jokers=1)
    for call in (lambda: equity.evaluate(game, "AhKd", "QcJs2d", wild="K"),
                 lambda: equity.calc(game, ["AhKd", "QcJs"], wild="K", trials=100, seed=1)):
        with pytest.raises(equity.OptionError, match=r"has fixed wild cards \(X1\): the wild option"):
            call()


def test_jokers_are_dealt_once_each_and_win_their_share() -> None:
    game = equity.define_game("joker_holdem_deals", hole_cards=2, streets=HOLDEM_STREETS, jokers=2)
    deals = equity.simulate(game, players=6, deals=3000, seed=5)
    cards = np.stack([card_codes(h + b) for h, b in zip(deals["hole"], deals["board"], strict=True)])
    per_deal = cards.reshape(3000, 6, -1)
    everything = np.concatenate([per_deal[:, :, :2].reshape(3000, 12), per_deal[:, 0, 2:]], axis=1)
    assert all(len(set(row)) == len(row) for row in everything.tolist())  # no card twice in a deal
    held = np.isin(per_deal[:, :, :2], JOKERS).any(axis=2)  # a joker among the seat's hole cards
    # 6 seats of 2 from 54 cards: a seat holds a joker with probability 1 - C(52,2)/C(54,2)
    p = 1 - (52 * 51) / (54 * 53)
    se = np.sqrt(p * (1 - p) / held.size)
    assert abs(held.mean() - p) < 4 * se
    # a seat holding a joker wins more of the pot than one without, beyond 4 standard errors of
    # the difference of the two means
    share = deals["share"].to_numpy().reshape(3000, 6)
    with_joker, without = share[held], share[~held]
    se = np.sqrt(with_joker.var(ddof=1) / with_joker.size + without.var(ddof=1) / without.size)
    assert with_joker.mean() - without.mean() > 4 * se


def test_the_draw_keeps_the_joker_and_conserves_the_deck() -> None:
    from equity.switch import draw_discards, play_switch

    assert equity.format_cards(draw_discards("7c7dX12s9h")) == "2s9h"  # the pair and the joker stay
    # the max policy keeps the highest card, the joker (read as a rank above the ace, so the
    # limit with an ace applies: four cards drawn)
    assert equity.format_cards(draw_discards("X1Ah9d7c3s", policy="max")) == "Ah9d7c3s"
    game = equity.load_game(EXAMPLES / "joker_draw.toml")
    played = play_switch(6, 2000, seed=9, game=game)
    hands = played["hands"].reshape(2000, 30)
    assert all(len(set(row)) == 30 for row in hands.tolist())  # no card twice, the joker at most once
    assert set(np.unique(hands).tolist()) == set(game.deck)  # and every card, the joker too, is dealt


def test_starting_hand_classes_add_the_jokers_and_refuse_single_wild_cards(tmp_path) -> None:
    from simulations import harness
    from simulations.starting_hands import classes

    path = save_game(equity.define_game("joker_holdem_chart", hole_cards=2, streets=HOLDEM_STREETS, jokers=2),
                     tmp_path / "joker_holdem_chart.toml")
    table = classes(str(path))
    assert len(table) == 169 + 13 + 1 and table.hand_class.iloc[-1] == "XX"
    chart = harness.run_study("starting-hands", deals=400, players="2", params={"games": str(path)}, seed=3,
                              out=tmp_path / "charts").table
    by_class = chart.set_index("hand_class")
    # two jokers (at least trips, often more) above aces above 72o, each gap beyond 4 standard
    # errors of the difference
    for better, worse in (("XX", "AA"), ("AA", "72o")):
        gap = by_class.equity[better] - by_class.equity[worse]
        assert gap > 4 * np.hypot(by_class.stderr[better], by_class.stderr[worse]), (better, worse)
    one_eyed = save_game(equity.define_game("one_eyed_chart", hole_cards=2, streets=HOLDEM_STREETS,
                                            wild=["Js", "Jh"]), tmp_path / "one_eyed_chart.toml")
    with pytest.raises(equity.OptionError, match=r"Jh Js are wild without the rest of their rank"):
        classes(str(one_eyed))


def test_a_hand_made_with_wild_cards_meets_a_natural_qualifier() -> None:
    # natural beats wild orders equal hands; it does not raise the qualifier: a pair of jacks
    # made with a joker qualifies for "jacks or better" as a natural pair does
    game = equity.define_game("jacks_joker", hole_cards=5, jokers=1, natural_beats_wild=True,
                              high_qualifier="JcJd4h3s2c")
    floor = equity.evaluator.high_floor(game)
    made = equity.evaluate(game, "JhX14s3d2h")
    assert str(made) == "one pair, jacks" and made.strength >= floor
    assert equity.evaluate(game, "ThX14s3d2h").strength < floor


def test_percent_ranges_are_refused_where_wild_cards_are_listed_by_card() -> None:
    game = equity.define_game("joker_percent", hole_cards=2, streets=HOLDEM_STREETS, jokers=1)
    with pytest.raises(GameError, match=r"wild cards listed by card .* give the hands \('X1As'\) or"):
        equity.calc(game, ["10%", "random"], trials=1000, seed=1)
    assert len(equity.parse_range("AA, KK", game=game)) == 12  # patterns still read
    # a pattern names ranks, so no pattern holds a joker: "**" is the 1,326 hands without one
    assert len(equity.parse_range("**", game=game)) == 1326
    assert len(equity.parse_range("A*", game=game)) == 198
    table = equity.calc(game, ["X1As", "AA"], trials=2000, seed=1)  # and hands
    assert abs(table.equity.sum() - 1) < 1e-9


def test_board_analysis_is_refused_where_wild_cards_are_listed_by_card() -> None:
    game = equity.define_game("joker_board_hits", hole_cards=2, streets=HOLDEM_STREETS, jokers=1)
    with pytest.raises(equity.OptionError, match=r"board analysis reads draws .* not built for them"):
        equity.board_hits(game, "AA, KK", "Ah7c2d")


def test_the_unknown_cards_of_a_stud_hand_given_in_part_can_be_the_joker():
    # the placeholder of the unknown positions must not hide the joker (card 52): it is drawn
    # for them as often as any other card the row has not dealt
    from equity.calculator.question import UNKNOWN, read_question

    game = equity.define_game("stud_joker", hole_cards=7, jokers=1, max_players=7,
                              stud=["down", "down", "up", "up", "up", "up", "down"])
    q = read_question(game, ["random", "??KdKc"], None, None, False, None, {})
    dealt = card_codes("AsAd3h4c5d6h7s").tolist()
    stub = np.array([c for c in q.stub.tolist() if c not in dealt])
    assert 52 in stub.tolist()
    seat_1 = [UNKNOWN, UNKNOWN, *card_codes("KdKc").tolist(), UNKNOWN, UNKNOWN, UNKNOWN]
    hole = np.tile(np.array(dealt + seat_1, dtype=np.uint8), (4000, 1))
    q.fill_partial(hole, np.zeros((4000, 0), dtype=np.uint8), np.random.default_rng(1))
    drawn = hole[:, [7, 8, 11, 12, 13]].ravel()
    counts = np.bincount(drawn, minlength=53)[stub]
    expected = drawn.size / len(stub)  # each stub card as likely, the joker too
    assert (np.abs(counts - expected) < 4 * np.sqrt(expected)).all()
