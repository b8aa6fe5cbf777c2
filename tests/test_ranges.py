"""Range notation: combo counts worked out by combinatorics, weights, known cards and errors."""

import itertools

import numpy as np
import pytest

from equity import InvalidInputError, card_codes
from equity.ranges import parse_range


@pytest.mark.parametrize(
    ("text", "combos"),
    [
        ("AA", 6),  # C(4, 2)
        ("AKs", 4),  # one per suit
        ("AKo", 12),  # 4 * 3
        ("AK", 16),  # 4 * 4
        ("TT+", 30),  # five pairs, TT JJ QQ KK AA
        ("TT-77", 24),  # four pairs
        ("A2s+", 48),  # twelve kickers 2..K, suited
        ("KTo+", 36),  # KTo KJo KQo
        ("KQo-K9o", 48),  # KQo KJo KTo K9o
        ("76s-54s", 12),  # 76s 65s 54s
        ("QQ+, AKs", 22),  # 18 + 4
        ("AhKh", 1),
        ("22+", 78),  # every pair: 13 * 6
        ("AKs, AKo", 16),
        ("AK-QJ", 48),  # AK, KQ, QJ: 3 * 16
    ],
)
def test_combo_counts(text: str, combos: int) -> None:
    assert len(parse_range(text)) == combos


def test_every_combo_is_two_distinct_cards_higher_first_and_unique() -> None:
    r = parse_range("22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32")
    assert len(r) == 1326  # every two-card combo of the 52-card deck: C(52, 2)
    pairs = {tuple(c) for c in r.combos.tolist()}
    assert len(pairs) == 1326
    assert all(a > b for a, b in pairs)


def test_suited_and_offsuit_mean_what_they_say() -> None:
    suited = parse_range("JTs").combos
    offsuit = parse_range("JTo").combos
    assert ((suited[:, 0] & 3) == (suited[:, 1] & 3)).all()
    assert ((offsuit[:, 0] & 3) != (offsuit[:, 1] & 3)).all()
    assert set((suited >> 2).ravel().tolist()) == {8, 9}


def test_connector_span_keeps_the_gap() -> None:
    ranks = sorted({tuple(c) for c in (parse_range("97s-75s").combos >> 2).tolist()})
    # 97s, 86s, 75s as rank indexes (deuce = 0, so a nine is 7)
    assert ranks == [(5, 3), (6, 4), (7, 5)]


def test_weights_and_the_last_mention_wins() -> None:
    r = parse_range("AA:0.5, AsAh")
    weights = dict(zip(r.combo_texts(), r.weights.tolist(), strict=True))
    assert weights["AsAh"] == 1.0
    assert sum(1 for w in weights.values() if w == 0.5) == 5


def test_known_cards_remove_combos() -> None:
    # with the ace of hearts dead, AK keeps 3 * 4 = 12 of 16 combos
    r = parse_range("AK", dead="Ah")
    assert len(r) == 12
    assert not np.isin(r.combos, card_codes("Ah")).any()
    # two dead aces leave one AA combo
    assert len(parse_range("AA", dead="AhAd")) == 1


def test_a_range_emptied_by_known_cards_is_an_error() -> None:
    with pytest.raises(InvalidInputError, match="no live combo"):
        parse_range("AhKh", dead="Kh")


def test_spanish_deck_limits_the_ranks() -> None:
    assert len(parse_range("88+", game="spanish")) == 42  # seven pairs 88..AA
    assert len(parse_range("A8s+", game="spanish")) == 24  # six kickers 8..K, four suits
    with pytest.raises(InvalidInputError, match="not in the spanish deck"):
        parse_range("22", game="spanish")


@pytest.mark.parametrize(("text", "rank"), [
    ("22+", "2"), ("A2s+", "2"), ("77+", "7"), ("T7s+", "7"), ("K7o+", "7"), ("98s-76s", "7"),
    ("A8s-A2s", "2"), ("A5s-A2s", "5"),
])
def test_spanish_ranges_naming_a_missing_rank_are_errors(text: str, rank: str) -> None:
    # a "+" or a span that starts or ends outside the 8-to-ace deck is not quietly cut short
    with pytest.raises(InvalidInputError, match=f"rank {rank} is not in the spanish deck"):
        parse_range(text, game="spanish")


def test_zero_weights_only_is_named() -> None:
    with pytest.raises(InvalidInputError, match="every hand weight 0"):
        parse_range("AA:0, KK:0")
    assert len(parse_range("AA:0, KK")) == 12  # a zero weight beside others is allowed


def test_ten_written_as_10_in_a_combo() -> None:
    assert parse_range("10h9h").combo_texts() == parse_range("Th9h").combo_texts() == ["Th9h"]


def test_ranges_are_text_and_may_use_emoji_suits() -> None:
    for wrong in (None, 1, ["AA"], b"AA"):
        with pytest.raises(InvalidInputError, match="a range is text"):
            parse_range(wrong)
    # the heart emoji carries a variation selector (U+FE0F) after the suit
    assert parse_range("A\u2665\ufe0fK\u2665\ufe0f").combos.tolist() == parse_range("AhKh").combos.tolist()


def test_three_card_games_reject_two_card_notation() -> None:
    # a pattern names one card per hole card: AA* is aces and any card in Tahoe, AA is an error
    with pytest.raises(InvalidInputError, match="range token 'AA' names 2 cards; tahoe hands have 3"):
        parse_range("AA", game="tahoe")
    with pytest.raises(InvalidInputError, match="'AKs' is two-card notation, and tahoe hands have 3"):
        parse_range("AKs", game="tahoe")


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("AAs", "neither suited nor offsuit"),
        ("AKs-76o", "both ends"),
        ("AK-T8", "span"),
        ("ZZ", "cannot read"),
        ("AA:2", "between 0 and 1"),
        ("AA:x", "not a number"),
        ("", "empty range"),
        ("AA:", "weight '' is not a number"),
    ],
)
def test_bad_tokens_are_named(text: str, needle: str) -> None:
    with pytest.raises(InvalidInputError, match=needle):
        parse_range(text)


def test_combos_match_a_brute_force_listing() -> None:
    # QJs+ style: every suited combo with a queen and a lower-or-equal... listed by brute force
    deck = range(52)
    expected = {
        (max(a, b), min(a, b))
        for a, b in itertools.combinations(deck, 2)
        if {a >> 2, b >> 2} == {10, 9} and (a & 3) == (b & 3)
    }
    assert {tuple(c) for c in parse_range("QJs").combos.tolist()} == expected


@pytest.mark.parametrize("token", ["QQs-JJs", "QQo-JJo", "JJs-QQs", "qqs-jjs"])
def test_a_span_of_pairs_is_neither_suited_nor_offsuit(token):
    message = rf"range token {token!r}: a pair is neither suited nor offsuit"
    with pytest.raises(InvalidInputError, match=message):
        parse_range(token)
