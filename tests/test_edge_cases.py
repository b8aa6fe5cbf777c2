"""Hand-picked edge cases per game, and the errors bad input must raise.

Each expected category and order is worked out by hand from the rules; where a
hand is given, the slow reference must agree too, so a slip in the expectation
shows up as a reference failure rather than passing silently.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
import reference as R

equity = pytest.importorskip("equity")


def ev(game: str, hole: str, board: str = "", wild: str | None = None) -> equity.Hand:
    return equity.evaluate(game, hole, board, wild=wild) if wild else equity.evaluate(
        game, hole, board)


def check(game: str, hole: str, board: str, category: str, wild: str | None = None) -> None:
    """The evaluator and the reference both give ``category``."""
    w = None if wild is None else R.RANK_CHARS.index(wild)
    ref = R.best_high(game, R.parse(hole), R.parse(board), w)
    assert R.category_name(game, ref) == category, "hand-worked expectation is wrong"
    assert ev(game, hole, board, wild).category == category


def beats(game: str, a: tuple[str, str], b: tuple[str, str], wild: str | None = None) -> None:
    """Hand ``a`` beats hand ``b`` under the evaluator and under the reference."""
    w = None if wild is None else R.RANK_CHARS.index(wild)
    ra = R.best_high(game, R.parse(a[0]), R.parse(a[1]), w)
    rb = R.best_high(game, R.parse(b[0]), R.parse(b[1]), w)
    assert ra > rb, "hand-worked expectation is wrong"
    ha, hb = ev(game, *a, wild=wild), ev(game, *b, wild=wild)
    assert ha > hb and hb < ha and ha != hb


def low_text(game: str, hole: str, board: str, **options: object) -> str | None:
    hand = equity.evaluate_low(game, hole, board, **options)
    return None if hand is None else str(hand)


# ---------------------------------------------------------------------------------------
# Wheels and ace-low straights


def test_wheel_is_five_high_in_holdem() -> None:
    check("holdem", "Ah 2d", "3c 4s 5h Kd Kc", "straight")
    beats("holdem", ("2h 6d", "3c 4s 5h Kd Qc"), ("Ah 2d", "3c 4s 5h Kd Qc"))


def test_six_high_straight_not_wheel_with_six_cards_in_a_row() -> None:
    hand = ev("holdem", "Ah 2d", "3c 4s 5h 6d Kc")
    assert hand.category == "straight" and "six" in str(hand).lower()
    assert R.parse("Ah")[0] not in R.parse(hand.cards)


def test_steel_wheel_is_the_lowest_straight_flush() -> None:
    check("holdem", "Ah 2h", "3h 4h 5h Kd Kc", "straight_flush")
    beats("holdem", ("2h 6h", "3h 4h 5h Kd Qc"), ("Ah 2h", "3h 4h 5h Kd Qc"))
    beats("holdem", ("Ah 2h", "3h 4h 5h Kd Qc"), ("Ac Ad", "As Ah 5c Kd Qc"))


def test_omaha_wheel_with_two_hole_cards() -> None:
    check("omaha", "Ah 2d Kc Kd", "3c 4s 5h Qd Jc", "straight")


def test_draw7_wheel_among_seven_cards() -> None:
    hand = ev("draw7", "Ah 2d 3c 4s 5h 9d Jc")
    assert hand.category == "straight" and "five" in str(hand).lower()


def test_spanish_ace_jack_straight_on_a_full_board_loses_to_a_higher_one() -> None:
    check("spanish", "Ah 8d", "9c Ts Jd Kd Kc", "straight")
    beats("spanish", ("Qh 8d", "9c Ts Jd Kd Kc"), ("Ah 8d", "9c Ts Jd Kd Kc"))


def test_spanish_ace_jack_straight_flush_beats_four_aces() -> None:
    check("spanish", "Ah 8h", "9h Th Jh Ac Ad", "straight_flush")
    beats("spanish", ("Ah 8h", "9h Th Jh Kc Kd"), ("As Ac", "Ah Ad 8c 9d Kd"))


def test_spanish_no_wraparound_straights() -> None:
    check("spanish", "Kc Ad", "8h 9s Tc", "high_card")
    check("spanish", "Qc Kd", "Ah 8s 9c", "high_card")


def test_egyptian_six_high_and_royal() -> None:
    check("egyptian", "Ac 2d", "3h 4s 5c 6d Kh Qd", "straight")
    check("egyptian", "9h Th", "Jh Qh Kh Ah 2c 2d", "straight_flush")
    beats("egyptian", ("Ac 7d", "2h 3s 4c 5d 6h Kd"), ("Ac 2d", "3h 4s 5c 6d Kh Qd"))
    beats("egyptian", ("9h Th", "Jh Qh Kh Ah 2c 2d"), ("8h 9h", "Th Jh Qh Kh 2c 2d"))


def test_egyptian_five_card_straight_is_nothing() -> None:
    check("egyptian", "Ac 2d", "3h 4s 5c 9d Jh Qd", "high_card")


# ---------------------------------------------------------------------------------------
# Egyptian groups


def test_egyptian_three_of_a_kind_beats_three_pair() -> None:
    check("egyptian", "Ac Ad", "Kc Kd Qc Qd 2s 7h", "three_pair")
    check("egyptian", "2c 2d", "2h 5c 7d 9s Jh Kd", "three_of_a_kind")
    beats("egyptian", ("2c 2d", "2h 5c 7d 9s Jh Kd"), ("Ac Ad", "Kc Kd Qc Qd 2s 7h"))


def test_egyptian_four_pairs_make_three_pair_of_the_top_three() -> None:
    check("egyptian", "Ac Ad", "Kc Kd Qc Qd Jc Jd", "three_pair")
    # The jacks do not play: equal to aces, kings and queens with no fourth pair.
    assert R.best_high("egyptian", R.parse("AcAd"), R.parse("KcKdQcQdJcJd")) == R.best_high(
        "egyptian", R.parse("AcAd"), R.parse("KcKdQcQd2c3d"))
    assert ev("egyptian", "Ac Ad", "Kc Kd Qc Qd Jc Jd") == ev(
        "egyptian", "Ac Ad", "Kc Kd Qc Qd 2c 3d")


def test_egyptian_double_happy_beats_full_house() -> None:
    check("egyptian", "2c 2d", "2h 3c 3d 3h 7s 9s", "double_happy")
    check("egyptian", "Ac Ad", "Ah Kc Kd 7h 5s 2s", "full_house")
    beats("egyptian", ("2c 2d", "2h 3c 3d 3h 7s 9s"), ("Ac Ad", "Ah Kc Kd 7h 5s 2s"))


def test_egyptian_two_sets_and_a_pair_is_double_happy() -> None:
    check("egyptian", "Ac Ad", "Ah Kc Kd Kh Qs Qc", "double_happy")


def test_egyptian_four_and_three_is_house_party() -> None:
    # Four aces and three kings: the best six is four aces and a pair of kings.
    check("egyptian", "Ac Ad", "Ah As Kc Kd Kh 2c", "house_party")


def test_egyptian_full_house_needs_an_odd_card_pattern() -> None:
    # 3 + 2 + 1: beaten by Double Happy, beats a flush.
    beats("egyptian", ("9c 9d", "9h 7s 7c Kd 2s 3s"), ("Ah 9h", "7h 5h 4h 2h Kc Qd"))


# ---------------------------------------------------------------------------------------
# El Dorado wild cards


def test_eldorado_five_of_a_kind_beats_royal_flush() -> None:
    check("eldorado", "Kc 4h", "4d 4c 4s 2d", "five_of_a_kind", wild="K")
    strengths = equity.evaluate_many(
        "eldorado", equity.card_codes("Kc4h Ah Kh").reshape(2, 2),
        np.stack([equity.card_codes("4d4c4s2d"), equity.card_codes("QhJhTh2d")]),
        wild=np.array([11, -1]))
    assert strengths[0] > strengths[1]
    assert list(equity.categories_of("eldorado", strengths)) == ["five_of_a_kind",
                                                                 "straight_flush"]


def test_eldorado_wild_none_means_no_wild_rank() -> None:
    # the rule document's hand: four fours with kings wild, three fours with no wild rank
    # (the natural Kh is a king again); "none" is written as calc and the CLI accept it
    assert equity.evaluate("eldorado", "7d4h", "9dKh4c4s", wild="K").category == "four_of_a_kind"
    hand = equity.evaluate("eldorado", "7d4h", "9dKh4c4s", wild="none")
    assert hand.category == "three_of_a_kind"
    assert hand == equity.evaluate("eldorado", "7d4h", "9dKh4c4s")
    strengths = equity.evaluate_many("eldorado", equity.card_codes("7d4h")[None, :],
                                     equity.card_codes("9dKh4c4s")[None, :], wild="none")
    assert strengths[0] == hand.strength
    low = equity.evaluate_low("eldorado", "2d3h", "4c5sAd9c", wild="none")
    assert low.cards == "5s4c3h2dAd"  # a natural wheel


def test_eldorado_wild_may_not_duplicate_inside_a_flush() -> None:
    # A♥9♥3♥ with wild K♣ K♦: A-K-Q-9-3 flush (the wilds are K♥ and Q♥, not K♥ twice).
    check("eldorado", "Kc Kd", "Ah 9h 3h 2c", "flush", wild="K")
    assert ev("eldorado", "Kc Kd", "Ah 9h 3h 2c", wild="K") == ev(
        "eldorado", "Kh Qh", "Ah 9h 3h 2c")
    assert ev("eldorado", "Kc Kd", "Ah 9h 3h 2c", wild="K") < ev(
        "eldorado", "Kh Qh", "Ah 9h 4h 2c")


def test_eldorado_one_wild_cannot_be_a_second_ace_of_hearts() -> None:
    check("eldorado", "2c 3d", "Ah Kh Qh 9h", "flush", wild="2")
    assert ev("eldorado", "2c 3d", "Ah Kh Qh 9h", wild="2") == ev(
        "eldorado", "Jh 3d", "Ah Kh Qh 9h")


def test_eldorado_wild_makes_straight_flush_when_possible() -> None:
    check("eldorado", "2c 3d", "Ah Kh Qh Th", "straight_flush", wild="2")


def test_eldorado_four_wilds() -> None:
    check("eldorado", "Kc Kd", "Kh Ks 7c 2d", "five_of_a_kind", wild="K")
    # Five sevens: the best natural card sets the rank.
    assert ev("eldorado", "Kc Kd", "Kh Ks 7c 2d", wild="K") == ev(
        "eldorado", "7h 7d", "7s 7c 8c 2d", wild="8")


def test_eldorado_wild_rank_as_ten_or_t() -> None:
    assert ev("eldorado", "Tc 4h", "4d 4c 9s 2d", wild="10") == ev(
        "eldorado", "Tc 4h", "4d 4c 9s 2d", wild="T")


def test_eldorado_wild_absent_from_hand_changes_nothing() -> None:
    assert ev("eldorado", "Ac 4h", "4d 4c 9s 2d", wild="K") == ev(
        "eldorado", "Ac 4h", "4d 4c 9s 2d")


# ---------------------------------------------------------------------------------------
# Hole-card rules


def test_tahoe_board_plays() -> None:
    hand = ev("tahoe", "2c 3d 4h", "Ah Kh Qh Jh Th")
    assert hand.category == "straight_flush" and hand.hole_cards_used == 0


def test_tahoe_never_three_hole_cards_flush() -> None:
    # Three hearts in hand and two on board: no flush.
    check("tahoe", "Ah Kh Qh", "2h 7h 9c Jd 3s", "high_card")


def test_tahoe_never_three_hole_cards_full_house() -> None:
    # 8-8-8 in hand and A-A on board would be a full house using three hole cards.
    check("tahoe", "8c 8d 8h", "Ac Ad 2s 5h Kd", "two_pair")


def test_omaha_must_use_two_not_the_board_quads() -> None:
    check("omaha", "Kd Qc Jc Tc", "Ah Ad As Ac Kh", "three_of_a_kind")
    check("holdem", "Kd Qc", "Ah Ad As Ac Kh", "four_of_a_kind")


def test_omaha_must_use_two_not_the_board_straight() -> None:
    check("omaha", "2c 2d Kh Kd", "5h 6d 7s 8c 9h", "one_pair")


def test_omaha_must_use_two_not_one_for_a_flush() -> None:
    check("omaha", "Ah Kc Qd Js", "2h 5h 8h 9h Tc", "straight")


# ---------------------------------------------------------------------------------------
# Lows


def test_omaha_low_two_hole_cards_and_qualifier() -> None:
    assert low_text("omaha", "Ac 2d Kh Kd", "3h 4s 8c Jd Qd").startswith("8-4-3-2-A")
    assert low_text("omaha", "Kc Kd Qc Qd", "As 2c 3d 4h 5s") is None  # board low unusable
    assert low_text("omaha", "Ac 2d Kh Kd", "3h 4s 9c Jd Qd") is None  # nine does not qualify


def test_omaha_low_counterfeited() -> None:
    # A-2 in hand, A and 2 on board: the low needs three other low board cards.
    assert low_text("omaha", "Ad 2d Kc Kh", "Ac 2h 5s 8d Qs") is None


def test_tahoe_low_counterfeited() -> None:
    assert low_text("tahoe", "Ad 2d Kc", "Ac 2h 5s 8d Qs") is None


def test_tahoe_low_board_alone() -> None:
    assert low_text("tahoe", "Kc Kd Qc", "As 2c 3d 4h 5s").startswith("5-4-3-2-A")


def test_low_ignores_straights_and_flushes() -> None:
    lo = equity.evaluate_low("omaha", "Ah 2h Kc Kd", "3h 4h 5h Jd Qd")
    assert lo is not None and str(lo).startswith("5-4-3-2-A")
    assert equity.evaluate("omaha", "Ah 2h Kc Kd", "3h 4h 5h Jd Qd").category == "straight_flush"


def test_low_better_compares_greater() -> None:
    a = equity.evaluate_low("tahoe", "Ac 2d Kh", "3s 4c 6d Jh Qc")  # 6-4-3-2-A
    b = equity.evaluate_low("tahoe", "Ac 2d Kh", "3s 5c 6d Jh Qc")  # 6-5-3-2-A
    assert a is not None and b is not None and a > b


def test_eldorado_low_wild_with_all_naturals_paired() -> None:
    # 3-3-4-4-9 and a wild K: any five of the six hold a pair; the best keeps the
    # threes: 9-4-3-3-A (one pair).
    text = low_text("eldorado", "3c 3d", "4h 4s Kc 9d", wild="K")
    ref = R.best_low("eldorado", R.parse("3c 3d"), R.parse("4h 4s Kc 9d"), 11)
    assert ref is not None and R.low_category(ref) == "one_pair"
    assert text is not None and text.startswith("9-4-3-3-A")
    assert equity.evaluate_low("eldorado", "3c 3d", "4h 4s Kc 9d", wild="K").category == "one_pair"


def test_eldorado_low_wild_can_be_ace_false_with_ace_wild() -> None:
    on = equity.evaluate_low("eldorado", "Ac Ad", "2h 3s 4c 9d", wild="A")
    off = equity.evaluate_low("eldorado", "Ac Ad", "2h 3s 4c 9d", wild="A", wild_can_be_ace=False)
    assert on is not None and off is not None
    assert str(on).startswith("5-4-3-2-A")  # one wild ace as the ace, the other as the five
    assert str(off).startswith("6-5-4-3-2")  # neither may be an ace
    assert on > off


# ---------------------------------------------------------------------------------------
# Errors: a ValueError subclass whose message names the offending input


@pytest.mark.parametrize(
    ("call", "needle"),
    [
        (lambda: equity.evaluate("holdem", "Ah Kd", "Ah 2c 3d"), "Ah"),
        (lambda: equity.evaluate("holdem", "Ah Ah", "Qh 2c 3d"), "Ah"),
        (lambda: equity.evaluate("holdem", "1h Kd", "Qh 2c 3d"), "1h"),
        (lambda: equity.evaluate("holdem", "Xh Kd", "Qh 2c 3d"), "Xh"),
        (lambda: equity.evaluate("holdem", "Ax Kd", "Qh 2c 3d"), "Ax"),
        (lambda: equity.evaluate("spanish", "7h Kd", "Qh Jc Td"), "7h"),
        (lambda: equity.evaluate("spanish", "8h Kd", "Qh Jc 2d"), "2d"),
        (lambda: equity.evaluate("stud", "Ah Kd", "Qh 2c 3d"), "stud"),
        (lambda: equity.evaluate_many("poker9", np.zeros((1, 2), np.uint8),
                                      np.zeros((1, 3), np.uint8)), "poker9"),
        (lambda: equity.evaluate("eldorado", "Ah Kd", "Qh 2c 3d", wild="Z"), "Z"),
    ],
    ids=["dup-board", "dup-hole", "rank-1", "rank-X", "suit-x", "spanish-7", "spanish-2",
         "game", "game-many", "wild-rank"],
)
def test_bad_input_is_named(call: Callable[[], object], needle: str) -> None:
    with pytest.raises(ValueError, match=needle):
        call()


def test_wrong_number_of_hole_cards() -> None:
    with pytest.raises(ValueError, match="3") as info:
        equity.evaluate("holdem", "Ah Kd Qd", "Qh 2c 3d")
    assert "hole" in str(info.value)
    with pytest.raises(ValueError, match="hole"):
        equity.evaluate("omaha", "Ah Kd Qd", "Qh 2c 3d")


def test_too_many_board_cards() -> None:
    with pytest.raises(ValueError, match="6") as info:
        equity.evaluate("holdem", "Ah Kd", "Qh 2c 3d 4d 5d 6d")
    assert "board" in str(info.value)
    with pytest.raises(ValueError, match="board"):
        equity.evaluate("eldorado", "Ah Kd", "Qh 2c 3d 4d 5d")


def test_wild_option_on_a_game_without_wilds() -> None:
    with pytest.raises(ValueError, match="wild") as info:
        equity.evaluate("holdem", "Ah Kd", "Qh 2c 3d", wild="K")
    assert "holdem" in str(info.value)
    with pytest.raises(ValueError, match="wild"):
        equity.evaluate_many("tahoe", np.array([[0, 1, 2]], np.uint8),
                             np.array([[4, 5, 6]], np.uint8), wild="K")


def test_errors_in_arrays_name_the_card() -> None:
    dup = np.array([[50, 49]], np.uint8), np.array([[50, 1, 2, 3, 4]], np.uint8)
    with pytest.raises(ValueError, match="Ah"):
        equity.evaluate_many("holdem", *dup)
    spanish = np.array([[0, 49]], np.uint8), np.array([[48, 44, 40, 36, 32]], np.uint8)
    with pytest.raises(ValueError, match="2c"):
        equity.evaluate_many("spanish", *spanish)
    with pytest.raises(ValueError, match="60"):
        equity.evaluate_many("holdem", np.array([[60, 49]], np.uint8),
                             np.array([[5, 1, 2, 3, 4]], np.uint8))


_SHAPES = [("holdem", 2, 5), ("holdem", 2, 3), ("tahoe", 3, 5), ("omaha", 4, 5),
           ("egyptian", 2, 6), ("draw", 5, 0), ("spanish", 2, 5)]


@pytest.mark.parametrize(("game", "n_hole", "n_board", "fault"),
                         [(*shape, fault) for shape in _SHAPES
                          for fault in ("duplicate", "past 51", "past 63")]
                         + [("spanish", 2, 5, "outside the deck")])
def test_one_bad_row_among_many_is_found_and_named(game: str, n_hole: int, n_board: int,
                                                    fault: str) -> None:
    g = equity.get_game(game)
    deck = np.array(sorted(g.deck), np.uint8)
    rng = np.random.default_rng(11)
    rows = np.array([rng.permutation(deck)[: n_hole + n_board] for _ in range(3000)], np.uint8)
    hole, board = rows[:, :n_hole].copy(), rows[:, n_hole:].copy()
    assert equity.evaluate_many(game, hole, board).shape == (3000,)  # every row is valid
    bad_row, bad_place = 2345, n_hole + n_board - 1
    if fault == "duplicate":
        code, message = rows[bad_row, 0], "duplicate card"
    elif fault == "past 51":
        code, message = 55, "55 is out of range"
    elif fault == "past 63":
        code, message = 200, "200 is out of range"
    else:
        code, message = min(set(range(52)) - set(g.deck)), "not in the"
    target = board if n_board else hole
    target[bad_row, (bad_place - n_hole) if n_board else bad_place] = code
    with pytest.raises(equity.CardError, match=f"row {bad_row}: .*{message}"):
        equity.evaluate_many(game, hole, board if n_board else None)


def test_errors_are_the_toolkit_classes() -> None:
    with pytest.raises(equity.CardError):
        equity.evaluate("holdem", "Ah Kd", "Ah 2c 3d")
    with pytest.raises(equity.GameError):
        equity.evaluate("stud", "Ah Kd", "Qh 2c 3d")
    with pytest.raises(equity.OptionError):
        equity.evaluate("holdem", "Ah Kd", "Qh 2c 3d", wild="K")
    for cls in (equity.CardError, equity.GameError, equity.OptionError):
        assert issubclass(cls, equity.InvalidInputError) and issubclass(cls, ValueError)


@pytest.mark.parametrize(("call", "cards"), [
    # an ace that plays low is written last; an ace that plays high first
    (lambda: equity.evaluate("holdem", "Ah2c", "3d4s5h9cTd"), "5h4s3d2cAh"),
    (lambda: equity.evaluate("holdem", "Ah2h", "3h4h5h9cTd"), "5h4h3h2hAh"),
    (lambda: equity.evaluate("holdem", "AhKc", "QdJsTh9c2d"), "AhKcQdJsTh"),
    (lambda: equity.evaluate("holdem", "AhAc", "3d4s5hAdTd"), "AhAdAcTd5h"),
    (lambda: equity.evaluate("spanish", "AhJh", "Ts9d8cKcKd"), "JhTs9d8cAh"),  # ace as a seven
    (lambda: equity.evaluate("egyptian", "Ah2c", "3d4s5h6cKdKs"), "6c5h4s3d2cAh"),
    (lambda: equity.evaluate_low("omaha", "Ah2dKsKc", "3c4d5hQsQd"), "5h4d3c2dAh"),
    (lambda: equity.evaluate_low("tahoe", "Ah2c3c", "4d5s8hTdJc"), "8h5s4d2cAh"),
])
def test_cards_are_written_in_playing_order(call: Callable, cards: str) -> None:
    assert call().cards == cards


# ---------------------------------------------------------------------------------------
# Empty batches: no rows is an empty answer, not an error


def _one_row(g) -> tuple[np.ndarray, np.ndarray]:
    """The first cards of the game's deck as one row of hole and board cards."""
    deck = [4 * r + s for r in g.deck_ranks for s in range(4)]
    hole = np.array([deck[: g.hole_cards]], np.uint8)
    board = np.array([deck[g.hole_cards: g.hole_cards + g.board_cards]], np.uint8)
    return hole, board


@pytest.mark.parametrize("game", ["holdem", "omaha", "tahoe", "spanish", "egyptian", "eldorado",
                                  "draw", "draw7"])
def test_empty_batch_gives_empty_strengths(game: str) -> None:
    g = equity.get_game(game)
    hole = np.zeros((0, g.hole_cards), np.uint8)
    board = np.zeros((0, g.board_cards), np.uint8)
    one = equity.evaluate_many(game, *_one_row(g))
    strengths = equity.evaluate_many(game, hole, board)
    assert strengths.shape == (0,) and strengths.dtype == one.dtype
    assert equity.categories_of(game, strengths).shape == (0,)
    if g.low is not None:
        assert equity.evaluate_low_many(game, hole, board).shape == (0,)
    if g.board_cards:
        assert equity.hole_cards_used_many(game, hole, board).shape == (0,)


def test_empty_batch_of_showdowns() -> None:
    none = np.zeros((0, 3), np.int64)
    assert equity.pot_shares_many(none).shape == (0, 3)
    assert equity.pot_shares_many(none, low=none, mode="hi_lo").shape == (0, 3)
    assert equity.settle_many(none, [5, 5, 5]).shape == (0, 3)
    assert equity.settle_many(none, none).shape == (0, 3)
    with pytest.raises(ValueError, match="at least one player"):
        equity.pot_shares_many(np.zeros((2, 0), np.int64))


@pytest.mark.parametrize("bad", [2**32 - 1, 0x0F000000, -1, 2**40, "x", 1.5, True])
def test_categories_of_refuses_strengths_the_game_never_gives(bad) -> None:
    top = (len(equity.get_game("holdem").ranking) << 24) - 1  # the highest category, any low bits
    assert list(equity.categories_of("holdem", [0, top])) == ["high_card", "straight_flush"]
    as_array = np.array([bad]) if isinstance(bad, int) and 0 <= bad < 2**63 else np.array([bad], dtype=object)
    for strengths in ([bad], [0, bad], bad, as_array):
        with pytest.raises(equity.InvalidInputError, match=rf"strength {bad!r}"):
            equity.categories_of("holdem", strengths)
