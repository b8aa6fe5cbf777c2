"""Every worked example of the rule documents, and one named test per ruling.

The expected values come from the documents (``/work/shared/seeds``) and from
``RULINGS.md``, worked out by hand; none is copied from the evaluator.
"""

from __future__ import annotations

import pytest
import reference as R

equity = pytest.importorskip("equity")


def ev(game: str, hole: str, board: str = "", **options: object) -> equity.Hand:
    return equity.evaluate(game, hole, board, **options)


def low(game: str, hole: str, board: str = "", **options: object) -> equity.Hand | None:
    return equity.evaluate_low(game, hole, board, **options)


def cards_of(hand: equity.Hand) -> set[int]:
    """The cards a hand is made of, read with the reference's own parser."""
    return set(R.parse(hand.cards))


# ---------------------------------------------------------------------------------------
# Worked examples in the documents

# El Dorado (000): "The wild card moves".
ELDORADO_FINAL_BOARD = "9♦K♥4♣4♠"


def test_eldorado_example_flop_before_the_exchange() -> None:
    """On the flop 7♦Q♠4♣ with no wild yet: Player 1's nines beat Player 2's fours."""
    p1 = ev("eldorado", "9♣9♦", "7♦Q♠4♣")
    p2 = ev("eldorado", "K♥4♥", "7♦Q♠4♣")
    assert p1.category == "one_pair" and p2.category == "one_pair"
    assert p1 > p2


def test_eldorado_example_player1_nines_full_of_fours() -> None:
    p1 = ev("eldorado", "9♣Q♠", ELDORADO_FINAL_BOARD, wild="K")
    assert p1.category == "full_house"
    text = str(p1).lower()
    assert "full" in text and "nines" in text and "fours" in text
    assert text.index("nines") < text.index("fours")
    # Two nines, two fours and the wild king; the queen does not play.
    assert cards_of(p1) == set(R.parse("9c9d4c4sKh"))


def test_eldorado_example_player2_four_fours() -> None:
    p2 = ev("eldorado", "7♦4♥", ELDORADO_FINAL_BOARD, wild="K")
    assert p2.category == "four_of_a_kind"
    text = str(p2).lower()
    assert "four" in text and "fours" in text
    # Three natural fours, the wild king, and the nine as the best odd card.
    assert cards_of(p2) == set(R.parse("4h4c4sKh9d"))


def test_eldorado_example_player2_wins() -> None:
    p1 = ev("eldorado", "9♣Q♠", ELDORADO_FINAL_BOARD, wild="K")
    p2 = ev("eldorado", "7♦4♥", ELDORADO_FINAL_BOARD, wild="K")
    assert p2 > p1 and not p1 > p2 and p1 != p2


def test_eldorado_example_had_nines_stayed_wild() -> None:
    """Had Player 2 not swapped, nines would be wild: Player 1's two wild nines and
    the two fours make four fours (the later swap is what took that away)."""
    p1 = ev("eldorado", "9♣Q♠", ELDORADO_FINAL_BOARD, wild="9")
    assert p1.category == "four_of_a_kind"
    assert "fours" in str(p1).lower()


# Egyptian (003): "House Party beats a full house".
EGYPTIAN_BOARD = "8♠8♦3♣ K♥5♠ K♦"


def test_egyptian_example_house_party() -> None:
    a = ev("egyptian", "8♥8♣", EGYPTIAN_BOARD)
    assert a.category == "house_party"
    assert str(a) == "House Party, eights over kings"  # the contract's own example
    assert cards_of(a) == set(R.parse("8s8d8h8cKhKd"))


def test_egyptian_example_full_house() -> None:
    b = ev("egyptian", "K♠3♦", EGYPTIAN_BOARD)
    assert b.category == "full_house"
    assert cards_of(b) == set(R.parse("KsKhKd8s8d5s"))


def test_egyptian_example_house_party_wins() -> None:
    assert ev("egyptian", "8♥8♣", EGYPTIAN_BOARD) > ev("egyptian", "K♠3♦", EGYPTIAN_BOARD)


# Tahoe (004): "Three hole cards, but only two count" and "Using one hole card".


def test_tahoe_example_king_high_straight_not_ace_high() -> None:
    hand = ev("tahoe", "A♥K♥Q♥", "J♥10♣5♥2♠9♦")
    assert hand.category == "straight"
    assert str(hand) == "king-high straight"  # the contract's own example
    assert cards_of(hand) == set(R.parse("KhQhJhTc9d"))
    assert hand.hole_cards_used == 2


def test_tahoe_example_no_heart_flush() -> None:
    hand = ev("tahoe", "A♥K♥Q♥", "J♥10♣5♥2♠9♦")
    assert hand.category != "flush"


def test_tahoe_example_aces_full_beats_eights_full() -> None:
    board = "A♠A♦8♣8♥3♠"
    a = ev("tahoe", "A♣2♦4♥", board)
    b = ev("tahoe", "8♠K♦K♣", board)
    assert a.category == b.category == "full_house"
    ta, tb = str(a).lower(), str(b).lower()
    assert ta.index("aces") < ta.index("eights")
    assert tb.index("eights") < tb.index("aces")
    assert a.hole_cards_used == 1 and b.hole_cards_used == 1
    assert cards_of(a) == set(R.parse("AcAsAd8c8h"))
    assert cards_of(b) == set(R.parse("8s8c8hAsAd"))
    assert a > b


# Spanish (001)


def test_spanish_flush_beats_full_house() -> None:
    board = "Kh Kd 9h 8h Tc"
    flush = ev("spanish", "Ah Jh", board)  # Ah Jh + Kh 9h 8h
    full = ev("spanish", "Ks 9s", board)  # Ks 9s + Kh Kd 9h
    assert flush.category == "flush" and full.category == "full_house"
    assert flush > full


def test_spanish_ace_jack_is_the_lowest_straight() -> None:
    lowest = ev("spanish", "Ac 8d", "9h Ts Jc")
    assert lowest.category == "straight"
    assert "jack" in str(lowest).lower()
    assert ev("spanish", "8c 9d", "Th Js Qc") > lowest
    assert lowest > ev("spanish", "Ac Ad", "Ah Ks Qc")  # any straight beats three aces


def test_spanish_ace_jack_straight_flush() -> None:
    sf = ev("spanish", "Ah 8h", "9h Th Jh")
    assert sf.category == "straight_flush"
    assert ev("spanish", "8s 9s", "Ts Js Qs") > sf
    assert sf > ev("spanish", "Ac Ad", "Ah As Kc")


def test_spanish_king_ace_eight_is_not_a_straight() -> None:
    hand = ev("spanish", "Kc Ad", "8h 9s Tc")
    assert hand.category == "high_card"


def test_spanish_seven_is_rejected_naming_the_card() -> None:
    with pytest.raises(ValueError, match="7h"):
        ev("spanish", "7h 8h", "9h Th Jh")


def test_spanish_exactly_two_hole_and_three_board() -> None:
    # The board is a straight flush, but the player may not play it, nor one hole card.
    hand = ev("spanish", "Ks Kd", "8h 9h Th Jh Qh")
    assert hand.category == "one_pair"
    assert cards_of(hand) & set(R.parse("KsKd")) == set(R.parse("KsKd"))
    one_heart = ev("spanish", "Kh 8s", "8h 9h Th Jh Qh")
    assert one_heart.category == "one_pair"  # Kh + 4 hearts would be a straight flush


# ---------------------------------------------------------------------------------------
# One test per ruling (RULINGS.md)


def test_ruling_card_notations_are_equivalent() -> None:
    expected = equity.card_codes("JhTc5h").tolist()
    for text in ("Jh 10c 5h", "J♥10♣5♥", "JhTc5h", "jH,tC,5H", "J♥️10♣️5♥️", "Jh, 10c, 5h"):
        assert equity.card_codes(text).tolist() == expected, text
    assert expected == [4 * 9 + 2, 4 * 8 + 0, 4 * 3 + 2]


def test_ruling_duplicate_card_is_an_error() -> None:
    with pytest.raises(ValueError, match="Ah"):
        ev("holdem", "Ah Kd", "Ah 2c 3d")


def test_ruling_standard_order() -> None:
    order = ["Ah Kd Qs 9c 7h", "Ah Ad Qs 9c 7h", "Ah Ad Qs Qc 7h", "Ah Ad As 9c 7h",
             "9h Td Js Qc Kh", "Ah 9h 7h 4h 2h", "Ah Ad As Qc Qh", "Ah Ad As Ac 7h",
             "9s Ts Js Qs Ks"]
    hands = [ev("draw", h) for h in order]
    assert [h.category for h in hands] == list(R.STANDARD)
    assert all(a < b for a, b in zip(hands, hands[1:], strict=False))


def test_ruling_wheel_is_the_lowest_straight() -> None:
    wheel = ev("draw", "Ah 2d 3s 4c 5h")
    assert wheel.category == "straight"
    assert "five" in str(wheel).lower()
    assert wheel < ev("draw", "2h 3d 4s 5c 6h")
    assert wheel > ev("draw", "Ah Ad As Kc Qh")


def test_ruling_suits_never_break_ties() -> None:
    assert ev("draw", "Ah Kh Qh Jh 9h") == ev("draw", "As Ks Qs Js 9s")
    assert ev("holdem", "Ah Kd", "Qs Jc 9h 3c 2d") == ev("holdem", "As Kc", "Qs Jc 9h 3c 2d")


def test_ruling_holdem_best_five_of_seven_any_combination() -> None:
    board_plays = ev("holdem", "2c 3d", "Ah Kh Qh Jh Th")
    assert board_plays.category == "straight_flush" and board_plays.hole_cards_used == 0
    one_card = ev("holdem", "9h 2c", "Kh Qh Jh Th 3d")
    assert one_card.category == "straight_flush" and one_card.hole_cards_used == 1


def test_ruling_omaha_exactly_two_hole_and_three_board() -> None:
    hand = ev("omaha", "Ah Kc Qd Js", "2h 5h 8h 9h Tc")  # one heart in hand: no flush
    assert hand.category != "flush"
    assert ev("omaha", "Ac Ad As 2c", "Ah 7d 8s 9c Jc").category == "three_of_a_kind"


def test_ruling_tahoe_none_one_or_two_never_three() -> None:
    assert ev("tahoe", "2c 3d 4h", "Ah Kh Qh Jh Th").hole_cards_used == 0
    # Three aces in hand and one on board: two hole aces only, so three aces, not four.
    assert ev("tahoe", "As Ad Ac", "Ah 2d 7s 9c Jc").category == "three_of_a_kind"
    # Three hole cards would make the straight; only two may be used.
    assert ev("tahoe", "5c 6d 7h", "8s 9c 2d 2h Kc").category == "one_pair"


def test_ruling_tahoe_low_eight_or_better_qualifier() -> None:
    assert low("tahoe", "Kc Qd Jh", "9s 9c Td 2h 3c") is None
    hand = low("tahoe", "Ac 2d Kh", "3s 4c 8d Jh Qc")
    assert hand is not None and "8-4-3-2-A" in str(hand)


def test_ruling_tahoe_low_may_use_no_hole_card() -> None:
    hand = low("tahoe", "Kc Kd Qh", "Ac 2d 3h 4s 5c")
    assert hand is not None and "5-4-3-2-A" in str(hand)


def test_ruling_tahoe_low_at_most_two_hole_cards() -> None:
    # A-2-3 in hand, 4-5 and junk on board: only two hole cards, so no 5-4-3-2-A.
    hand = low("tahoe", "Ac 2d 3h", "4s 5c 8d Kh Kc")
    assert hand is not None and "8-5-4-2-A" in str(hand)


def test_ruling_tahoe_high_and_low_may_use_different_hole_cards() -> None:
    hole, board = "Ac 2d 8c", "8h 8d 4c 4d 7s"
    high = ev("tahoe", hole, board)
    lo = low("tahoe", hole, board)
    assert high.category == "full_house" and high.hole_cards_used == 1  # uses 8c only
    assert lo is not None and "8-7-4-2-A" in str(lo)  # uses Ac 2d


def test_ruling_tahoe_hole_cards_used_is_the_smallest_number() -> None:
    # The board's flush is matched by swapping in a lower heart: still 0 hole cards.
    assert ev("tahoe", "2h Kc Kd", "Ah Qh 9h 7h 5h").hole_cards_used == 0
    # Ac is needed for aces full.
    assert ev("tahoe", "Ac 2d 4h", "As Ad 8c 8h 3s").hole_cards_used == 1


def test_ruling_spanish_deck_has_28_cards() -> None:
    for bad in ("2c", "6d", "7s"):
        with pytest.raises(ValueError, match=f"(?i){bad}"):
            ev("spanish", f"{bad} 8h", "9h Th Jh")



def test_ruling_spanish_ace_is_high_outside_straights() -> None:
    assert ev("spanish", "Ac Ad", "8h 9s Jc") > ev("spanish", "Kc Kd", "8h 9s Jc")
    assert ev("spanish", "Ac 8d", "9h Qs Kc") > ev("spanish", "Kh 8s", "9d Qh Jc")


def test_ruling_egyptian_best_six_of_eight() -> None:
    hand = ev("egyptian", "2c 3d", "Ah Kh Qh Jh Th 9h")
    assert hand.category == "straight_flush" and hand.hole_cards_used == 0
    assert len(cards_of(hand)) == 6


def test_ruling_egyptian_order() -> None:
    # Six-card hands, each with a seventh card that cannot improve it (the evaluator
    # needs a street boundary: two hole cards and five board cards).
    order = ["Ah Kd Qs 9c 7h 5d 2c", "Ah Ad Qs 9c 7h 5d 2c", "Ah Ad Qs Qc 7h 5d 2c",
             "Ah Ad Qs Qc 7h 7d 2c", "Ah Ad As 9c 7h 5d 2c", "4h 5d 6s 7c 8h 9d 2c",
             "Ah 9h 7h 5h 4h 2h 3c", "Ah Ad As Qc Qh 7d 2c", "Ah Ad As Qc Qh Qd 2c",
             "Ah Ad As Ac 7h 5d 2c", "Ah Ad As Ac 7h 7d 2c", "9s Ts Js Qs Ks As 2c"]
    hands = [ev("egyptian", h[:5], h[6:]) for h in order]
    assert [h.category for h in hands] == list(R.EGYPTIAN)
    assert all(a < b for a, b in zip(hands, hands[1:], strict=False))


def test_ruling_egyptian_ace_plays_high_or_low_in_straights() -> None:
    six_high = ev("egyptian", "Ac 2d", "3h 4s 5c 6d Kh Kd")
    assert six_high.category == "straight" and "six" in str(six_high).lower()
    assert six_high < ev("egyptian", "2c 3d", "4h 5s 6c 7d Kh Kd")
    assert ev("egyptian", "9c Td", "Jh Qs Kc Ad 2h 2d").category == "straight"


def test_ruling_egyptian_ties_group_then_kickers() -> None:
    e = "egyptian"
    # Double Happy: the higher set first, then the lower set.
    assert ev(e, "Ac Ad", "Ah 2c 2d 2h 3s 4s") > ev(e, "Kc Kd", "Kh Qc Qd Qh 3s 4s")
    # Three pair: pairs from the highest down.
    assert ev(e, "Ac Ad", "4c 4d 3c 3d 7s 8s") > ev(e, "Kc Kd", "Qc Qd Jc Jd 7s 8s")
    # House Party: the four, then the pair.
    assert ev(e, "3c 3d", "3h 3s 2c 2d 7s 8s") > ev(e, "2c 2d", "2h 2s Ac Ad 7s 8s")
    # Four of a kind: the four, then both odd cards.
    assert ev(e, "9c 9d", "9h 9s Ac 7d 2s 3s") > ev(e, "9c 9d", "9h 9s Ac 6d 2s 3s")
    # Full house: three, pair, then the odd card.
    assert ev(e, "9c 9d", "9h 7s 7c Kd 2s 3s") > ev(e, "9c 9d", "9h 7s 7c Qd 2s 3s")
    # Two pair: both pairs, then both odd cards.
    assert ev(e, "9c 9d", "7h 7s Ac 6d 2s 3s") > ev(e, "9c 9d", "7h 7s Ac 5d 2s 3s")


def test_ruling_egyptian_five_in_a_row_or_of_a_suit_count_for_nothing() -> None:
    hand = ev("egyptian", "2h 3h", "4h 5h 6h 9c Jd Kd")
    assert hand.category == "high_card"


def test_ruling_eldorado_best_five_of_six() -> None:
    hand = ev("eldorado", "2c 3d", "Ah Kh Qh Jh")
    assert hand.category == "high_card" and len(cards_of(hand)) == 5
    assert ev("eldorado", "Th 3d", "Ah Kh Qh Jh").category == "straight_flush"


def test_ruling_eldorado_no_swap_no_wild() -> None:
    assert ev("eldorado", "Kc 4h", "9d Kh 4c 4s").category == "full_house"


def test_ruling_eldorado_wild_stands_for_any_card() -> None:
    # K wild completes the straight flush.
    assert ev("eldorado", "Kc 9h", "Th Jh Qh 2d", wild="K").category == "straight_flush"


def test_ruling_eldorado_five_of_a_kind_beats_straight_flush() -> None:
    five = ev("eldorado", "Kc 4h", "4d 4c 4s 2d", wild="K")
    assert five.category == "five_of_a_kind"
    assert "fours" in str(five).lower()
    assert five > ev("eldorado", "Ah Kh", "Qh Jh Th 2d")


def test_ruling_eldorado_five_of_a_kind_ranked_by_rank() -> None:
    fives = ev("eldorado", "Kc Kd", "5d 5c 5s 2d", wild="K")
    sixes = ev("eldorado", "Kc Kd", "6d 6c 6s 2d", wild="K")
    assert fives.category == sixes.category == "five_of_a_kind"
    assert sixes > fives
    assert ev("eldorado", "Kh Kd", "6h 6s 6c 3d", wild="K") == sixes


def test_ruling_eldorado_two_wilds_never_the_same_card() -> None:
    hand = ev("eldorado", "Kc Kd", "Ah 9h 3h 2c", wild="K")
    assert hand.category == "flush"
    # A-K-Q-9-3, not A-K-K-9-3: compare with the natural A-K-Q-9-3 flush.
    assert hand == ev("eldorado", "Kh Qh", "Ah 9h 3h 2c")


def test_ruling_eldorado_wild_may_not_duplicate_a_card_in_the_hand() -> None:
    # A♥K♥Q♥9♥ and a wild deuce: the wild cannot be a second A♥ (an A-A-K-Q-9 "flush");
    # the best it can be is J♥: the A-K-Q-J-9 flush.
    hand = ev("eldorado", "2c 3d", "Ah Kh Qh 9h", wild="2")
    assert hand.category == "flush"
    assert hand == ev("eldorado", "Jh 3d", "Ah Kh Qh 9h")


def test_ruling_eldorado_wild_may_stand_for_itself() -> None:
    # Wild Th with Ah Kh Qh Jh: the wild stands for itself -- a royal flush.
    hand = ev("eldorado", "Th 2c", "Ah Kh Qh Jh", wild="T")
    assert hand == ev("eldorado", "Th 2c", "Ah Kh Qh Jh")
    assert hand.category == "straight_flush"


def test_ruling_eldorado_wild_may_stand_for_a_card_another_player_holds() -> None:
    # Another player may hold Th; this hand's wild still stands for it.
    hand = ev("eldorado", "2c 7d", "Ah Kh Qh Jh", wild="2")
    other = ev("eldorado", "Th 3c", "Ah Kh Qh Jh", wild="2")
    assert hand == other == ev("eldorado", "Th 3c", "Ah Kh Qh Jh")
    assert hand.category == "straight_flush"


def test_ruling_eldorado_natural_and_wild_hands_split() -> None:
    natural = ev("eldorado", "Ah Ad", "As 9c 9d 2h")
    wild = ev("eldorado", "Ah Kc", "As 9c 9d 2h", wild="K")
    assert natural.category == wild.category == "full_house"
    assert natural == wild


def test_ruling_eldorado_low_no_qualifier() -> None:
    hand = low("eldorado", "Kc Qd", "Kh Qs Jc Jd")
    assert hand is not None
    assert low("eldorado", "Ac 2d", "3h 4s 9c Jd") > hand


def test_ruling_eldorado_low_wild_fills_best_missing_rank() -> None:
    hand = low("eldorado", "2c 3d", "9d Kh 4c 7s", wild="K")
    assert hand is not None and "7-4-3-2-A" in str(hand)


def test_ruling_eldorado_low_wild_can_be_ace_option() -> None:
    hand = low("eldorado", "2c 3d", "9d Kh 4c 7s", wild="K", wild_can_be_ace=False)
    assert hand is not None and "7-5-4-3-2" in str(hand)
    assert hand < low("eldorado", "2c 3d", "9d Kh 4c 7s", wild="K")


def test_ruling_eldorado_low_wild_aces_are_not_aces_when_option_off() -> None:
    hand = low("eldorado", "Ac 2d", "3h 4s 9c Jd", wild="A", wild_can_be_ace=False)
    # The wild Ac may not be an ace: its best is the five, 9-5-4-3-2.
    assert hand is not None and "9-5-4-3-2" in str(hand)
    # With the option on it may count as an ace: 9-4-3-2-A.
    on = low("eldorado", "Ac 2d", "3h 4s 9c Jd", wild="A")
    assert on is not None and "9-4-3-2-A" in str(on)
    assert on > hand


def test_ruling_eldorado_low_pairs_count_against() -> None:
    paired = low("eldorado", "2c 2d", "3h 3s 4c 4d")
    unpaired = low("eldorado", "Kc Qd", "Jh 9s 8c 2d")
    assert paired is not None and unpaired is not None
    assert unpaired > paired


def test_ruling_switch_evaluates_as_its_base_game() -> None:
    for hand in ("Ah Kd Qs 9c 7h", "Ah 2d 3s 4c 5h", "9s Ts Js Qs Ks"):
        assert ev("switch", hand).strength == ev("draw", hand).strength
    seven = "Ah Kd Qs 9c 7h 7d 2c"
    assert ev("switch7", seven).strength == ev("draw7", seven).strength


def test_ruling_exactly_equal_hands_split() -> None:
    board = "As Kd 9c 7h 2s"
    a = ev("holdem", "3c 2d", board)
    b = ev("holdem", "3h 2c", board)  # both play A-K-9-7-3
    assert a == b and not a > b and not a < b


def test_ruling_hands_of_different_games_do_not_compare() -> None:
    with pytest.raises(ValueError):
        _ = ev("holdem", "Ah Kd", "Qs Jc 9h") > ev("draw", "Ah Kd Qs Jc 9h")
