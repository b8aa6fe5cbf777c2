"""Two-card ranges written back: the rank grid, the shortest text, round trips, and bad ranges."""

import doctest
import itertools
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from equity import InvalidInputError
from equity.ranges import Range, parse_range

RANKS = "AKQJT98765432"  # highest first, as the grid is laid out


def _as_set(r: Range) -> set[tuple[tuple[int, ...], float]]:
    return {(tuple(c), w) for c, w in zip(r.combos.tolist(), r.weights.tolist(), strict=True)}


def _class_of(a: int, b: int) -> str:
    """'AKs', 'AKo' or 'AA' of a combo, written here from the card codes."""
    ra, rb = "23456789TJQKA"[a >> 2], "23456789TJQKA"[b >> 2]
    high, low = (ra, rb) if RANKS.index(ra) < RANKS.index(rb) else (rb, ra)
    if ra == rb:
        return ra + rb
    return high + low + ("s" if a % 4 == b % 4 else "o")


@pytest.mark.parametrize("text", ["QQ+, AKs, A5s-A2s", "AK", "22+", "A2s+, KTo+:0.5", "76s-54s",
                                  "AK-QJ", "TT-77, J9s, KQo:0.25", "QQ, KK:0.75, AA:0.5"])
def test_conventional_text_comes_back_as_written(text):
    # the tokens of weight 1 come first, then the other weights from the highest
    assert str(parse_range(text)) == text


@pytest.mark.parametrize(("text", "shortest"), [
    ("AKs, AKo", "AK"),
    ("AA, KK, QQ, JJ", "JJ+"),
    ("A5s, A4s, A3s, A2s", "A5s-A2s"),
    ("98s, 87s, 76s", "98s-76s"),
    ("AsKs, AhKh, AdKd, AcKc", "AKs"),
    ("A*", "AA, A2+"),  # a pattern in a two-card game: any ace
    ("AxKx", "AKs"),
])
def test_text_is_compressed_to_conventional_tokens(text, shortest):
    assert str(parse_range(text)) == shortest


def test_known_cards_keep_class_tokens():
    # AK beside a dead ace of hearts is still the whole live class: 12 combos, written AK
    r = parse_range("AK", dead="Ah")
    assert str(r) == "AK" and len(parse_range(str(r), dead="Ah")) == 12


def test_part_of_a_class_is_written_combo_by_combo():
    r = parse_range("AsKs, AhKh:0.5")
    assert str(r) == "AsKs, AhKh:0.5"


def test_grid_layout():
    grid = parse_range("AKs:0.5, 72o, 99").to_grid()
    assert grid.shape == (13, 13) and list(grid.index) == list(RANKS) == list(grid.columns)
    assert grid.loc["A", "K"] == 0.5  # suited above the diagonal: row is the higher rank
    assert grid.loc["K", "A"] == 0.0
    assert grid.loc["2", "7"] == 1.0  # offsuit below it: the column is the higher rank
    assert grid.loc["9", "9"] == 1.0
    assert grid.to_numpy().sum() == 2.5


def test_spanish_grid_has_the_seven_ranks_of_its_28_card_deck():
    grid = parse_range("88+", game="spanish").to_grid()
    assert list(grid.index) == list("AKQJT98")
    assert np.diag(grid.to_numpy()).tolist() == [1.0] * 7
    back = Range.from_grid(grid, game="spanish")
    assert len(back) == 7 * 6 and str(back) == "88+"


def test_a_part_class_shows_its_mean_weight_on_the_grid():
    assert parse_range("AsKs, AhKh").to_grid().loc["A", "K"] == 0.5


def test_from_grid_reads_a_plain_array_and_any_label_order():
    values = np.zeros((13, 13))
    values[0, 0] = 1.0  # AA
    values[0, 1] = 0.5  # AKs
    r = Range.from_grid(values)
    assert str(r) == "AA, AKs:0.5" and len(r) == 10
    frame = pd.DataFrame(values, index=list(RANKS), columns=list(RANKS)).iloc[::-1, ::-1]
    assert str(Range.from_grid(frame)) == "AA, AKs:0.5"


@pytest.mark.parametrize(("grid", "needle"), [
    (np.zeros((12, 12)), "13 x 13"),
    (np.full((13, 13), 1.5), "between 0 and 1"),
    (np.zeros((13, 13)), "no live combo"),
])
def test_bad_grids_are_named(grid, needle):
    with pytest.raises(InvalidInputError, match=needle):
        Range.from_grid(grid)


def test_grids_are_for_two_card_games():
    with pytest.raises(InvalidInputError, match="two-card games; omaha deals 4"):
        parse_range("AA**", game="omaha").to_grid()


# every class of the grid, as text, and weights
CLASSES = [RANKS[i] * 2 if i == j else (RANKS[min(i, j)] + RANKS[max(i, j)] + ("s" if i < j else "o"))
           for i in range(13) for j in range(13)]
WEIGHTS = st.sampled_from([1.0, 0.5, 0.25, 0.75, 0.1, 0.3333])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(CLASSES), WEIGHTS, min_size=1, max_size=40))
def test_text_grid_text_round_trip(classes):
    text = ", ".join(f"{name}:{w}" for name, w in classes.items())
    r = parse_range(text)
    # the range holds each class's combos at its weight (worked out here from the codes)
    expected = {}
    for a, b in itertools.combinations(range(51, -1, -1), 2):
        name = _class_of(a, b)
        if name in classes:
            expected[(a, b)] = classes[name]
    assert {(tuple(c), w) for c, w in _as_set(r)} == set(expected.items())
    written = str(r)
    assert _as_set(parse_range(written)) == _as_set(r)
    from_grid = Range.from_grid(r.to_grid())
    assert _as_set(from_grid) == _as_set(r)
    assert str(from_grid) == written
    assert len(written.split(",")) <= len(classes)  # never longer than one token per class


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(range(52)), st.sampled_from(range(52)), WEIGHTS), min_size=1,
                max_size=12))
def test_explicit_combos_round_trip_through_text(rows):
    tokens = [f"{'23456789TJQKA'[a >> 2]}{'cdhs'[a & 3]}{'23456789TJQKA'[b >> 2]}{'cdhs'[b & 3]}:{w}"
              for a, b, w in rows if a != b]
    if not tokens:
        return
    r = parse_range(", ".join(tokens))
    assert _as_set(parse_range(str(r))) == _as_set(r)


@pytest.mark.parametrize(("text", "game", "needle"), [
    ("AZs", "holdem", "'AZs'"),  # unknown rank
    ("AA**", "holdem", "range token 'AA\\*\\*' names 4 cards; holdem hands have 2"),
    ("110%", "holdem", "range token '110%': 110% is not between 0% and 100%"),
    ("QQ+, AKs,", "holdem", "empty token after 'AKs' \\(a trailing comma\\?\\)"),
    ("QQ+,, AKs", "holdem", "empty token after 'QQ\\+'"),
    ("AA** ds", "tahoe", "range token 'AA\\*\\* ds' names 4 cards; tahoe hands have 3"),
    ("AA* ds", "tahoe", "hands of 3 cards cannot be double-suited"),
    ("15%-5%", "holdem", "from a lower to a higher"),
    ("AxAx", "holdem", "'AxAx' matches no holdem hand"),
    ("[A-Z]*", "omaha", "'\\[A-Z\\]\\*'"),
    ("22", "spanish", "rank 2 is not in the spanish deck"),
    ("10%", "draw", "draw has a draw"),
])
def test_bad_ranges_are_one_error_naming_the_token(text, game, needle):
    with pytest.raises(InvalidInputError, match=needle):
        parse_range(text, game=game)


def test_a_range_emptied_by_dead_cards_is_one_error():
    with pytest.raises(InvalidInputError, match="range 'AhAd\\*\\*' has no live combo left"):
        parse_range("AhAd**", game="omaha", dead="Ah")
    with pytest.raises(InvalidInputError, match="range 'AA' has no live combo left"):
        parse_range("AA", dead="AhAdAc")


def test_min_weight_leaves_out_light_combos():
    r = parse_range("AA, KK:0.2, QQ:0.5", min_weight=0.5)
    assert str(r) == "AA, QQ:0.5" and len(r) == 12


def test_the_examples_of_docs_ranges_run_as_written():
    # every section but the board analysis, whose examples tests/test_board_hits.py runs
    text = (Path(__file__).resolve().parents[1] / "docs" / "ranges.md").read_text()
    start = text.index("## Board analysis")
    end = text.find("\n## ", start + 1)
    mine = text[:start] + ("" if end < 0 else text[end:])
    test = doctest.DocTestParser().get_doctest(mine, {}, "docs/ranges.md", "docs/ranges.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert len(test.examples) >= 10 and runner.failures == 0
