"""Card notation: every way the rule documents and analysts write cards, and its errors."""

import numpy as np
import pytest

from equity import CardError, card_codes, format_cards
from equity.cards import card_code, card_text, parse_rank, parse_wild_rank


def test_code_is_four_times_rank_plus_suit() -> None:
    # 2c is the lowest code, As the highest; suits in the order c d h s
    assert card_code("2c") == 0
    assert card_code("2s") == 3
    assert card_code("3c") == 4
    assert card_code("As") == 51
    assert card_code("Ah") == 4 * 12 + 2


@pytest.mark.parametrize(
    "text",
    ["AhKd", "Ah Kd", "Ah,Kd", "ah kD", "A♥K♦", "A♥️ K♦️", "  Ah ,  Kd ", "AH;KD"],
)
def test_spellings_of_the_same_two_cards(text: str) -> None:
    assert card_codes(text).tolist() == [50, 45]


def test_ten_written_as_10_or_t() -> None:
    assert card_codes("10c Td").tolist() == [32, 33]
    assert parse_rank("10") == parse_rank("T") == parse_rank("t") == 8


@pytest.mark.parametrize("text", ["none", "None", " NONE ", "-", ""])
def test_no_wild_rank_spellings(text: str) -> None:
    assert parse_wild_rank(text) == -1


def test_wild_rank_as_rank_and_bad_wild_rank() -> None:
    assert parse_wild_rank("k") == parse_wild_rank(11) == 11
    with pytest.raises(CardError, match="unknown rank 'nothing'"):
        parse_wild_rank("nothing")


def test_all_52_cards_round_trip() -> None:
    text = "".join(r + s for r in "23456789TJQKA" for s in "cdhs")
    codes = card_codes(text)
    assert codes.dtype == np.uint8
    assert codes.tolist() == list(range(52))
    assert format_cards(codes) == text
    assert format_cards(codes[:3], sep=" ") == "2c 2d 2h"


def test_lists_of_strings_and_codes_are_accepted() -> None:
    assert card_codes(["Ah", "Kd"]).tolist() == [50, 45]
    assert card_codes([50, 45]).tolist() == [50, 45]
    assert card_codes(np.array([50, 45])).tolist() == [50, 45]


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("Ax", "'Ax'"),  # unknown suit
        ("1h", "'1h'"),  # unknown rank
        ("AhK", "'K'"),  # a rank without its suit
        ("Ah Ah", "'Ah'"),  # duplicate
    ],
)
def test_bad_cards_name_the_input(text: str, needle: str) -> None:
    with pytest.raises(CardError, match=needle):
        card_codes(text)


def test_codes_out_of_range_are_rejected() -> None:
    with pytest.raises(CardError, match="54 is out of range: .* 52 and 53 are the jokers X1 and X2"):
        card_codes([54])
    assert card_codes([52, "X2"]).tolist() == [52, 53]  # the jokers' codes
    assert card_text(53) == "X2"
    with pytest.raises(CardError, match="306"):  # not wrapped round to 50 (Ah)
        card_codes(np.array([306, 45]))
    for wrong in (0, None, 3.5, True, [True, 3]):
        with pytest.raises(CardError, match="cannot read"):
            card_codes(wrong)
    with pytest.raises(CardError, match="-1"):
        card_text(-1)


def test_card_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        card_codes("Zz")


@pytest.mark.parametrize("text", ["A\u017f", "\u212ah", "Ah\u212a\u017f", "A\u017f2c", "\uff21h"])
def test_non_ascii_letters_that_fold_to_ascii_are_not_cards(text: str) -> None:
    # the long s (ſ) folds to 's' and the Kelvin sign (K) to 'k': neither is a suit or a rank
    with pytest.raises(CardError, match="cannot read a card"):
        card_codes(text)
    with pytest.raises(CardError):
        card_codes([text])


def test_format_cards_reads_card_text_and_refuses_numbers_that_are_not_codes() -> None:
    assert format_cards(["Ah"]) == "Ah"
    assert format_cards(["Ah", "Kd 10c"], sep=" ") == "Ah Kd Tc"
    assert format_cards("J♥10♣") == "JhTc"
    assert format_cards(np.array([[50, 45], [50, 0]], dtype=np.uint8)) == "AhKdAh2c"  # rows of deals
    assert format_cards(50) == "Ah" and format_cards([]) == ""
    for wrong in ([50.7], np.array([50.0]), [True], ["Zz"]):
        with pytest.raises(CardError, match=r"50\.7|50\.0|True|'Zz'"):
            format_cards(wrong)
