"""Study 5, starting-hand charts: the classes partition the hands; a tiny run agrees with known figures."""

from __future__ import annotations

import itertools

import pytest
import reference as ref

from simulations import starting_hands as sh
from simulations.harness import run_study

RANK_CHARS = ref.RANK_CHARS


def two_card_label(cards: tuple[int, int]) -> str:
    high, low = sorted(cards, key=ref.rank_of, reverse=True)
    a, b = RANK_CHARS[ref.rank_of(high)], RANK_CHARS[ref.rank_of(low)]
    if a == b:
        return a + b
    return a + b + ("s" if ref.suit_of(high) == ref.suit_of(low) else "o")


def three_card_label(cards: tuple[int, int, int]) -> str:
    """Ranks high to low; suits named x, y, z in order of first appearance -- the canonical
    pattern up to relabelling suits, with cards of equal rank ordered to give the first pattern
    in alphabetical order (equal ranks can swap their suits)."""
    ordered = sorted(cards, key=ref.rank_of, reverse=True)
    ranks = "".join(RANK_CHARS[ref.rank_of(c)] for c in ordered)
    best = None
    for perm in itertools.permutations(ordered):
        if [ref.rank_of(c) for c in perm] != [ref.rank_of(c) for c in ordered]:
            continue
        names: dict[int, str] = {}
        pattern = "".join(names.setdefault(ref.suit_of(c), "xyz"[len(names)]) for c in perm)
        best = pattern if best is None or pattern < best else best
    return f"{ranks}-{best}"


@pytest.mark.parametrize("game, deck, label, size, expected_classes", [
    ("holdem", ref.DECK52, two_card_label, 2, 169),
    ("spanish", ref.SPANISH_DECK, two_card_label, 2, 49),
    ("tahoe", ref.DECK52, three_card_label, 3, 1755),
])
def test_classes_are_exactly_the_suit_isomorphic_classes(game, deck, label, size, expected_classes):
    table = sh.classes(game)
    found = {label(hand) for hand in itertools.combinations(deck, size)}
    assert len(found) == expected_classes
    assert set(table.hand_class) == found
    # each representative hand belongs to its own class
    for row in table.itertuples():
        assert label(tuple(ref.parse(row.hand))) == row.hand_class


def test_tiny_run_ranks_aces_first_at_the_published_equity(tmp_path):
    run = run_study("starting-hands", deals=2048, players=[2], params={"games": ["holdem"]}, seed=5,
                    out=tmp_path, progress=False)
    table = run.table
    assert len(table) == 169 and (table.trials == 2048).all()
    aces = table[table.hand_class == "AA"].iloc[0]
    # AA against one random hand: 85.20% (e.g. PokerStove's preflop tables)
    assert abs(aces.equity - 0.8520) < 4 * aces.stderr + 0.00005  # + the figure's rounding
    assert aces["rank"] <= 2
    # 32o against one random hand: 32.3% (the same published tables)
    deuce_trey = table[table.hand_class == "32o"].iloc[0]
    assert abs(deuce_trey.equity - 0.323) < 4 * deuce_trey.stderr + 0.0005  # + the figure's rounding
    assert deuce_trey["rank"] >= 160
    extremes = run.tables["extremes"]
    assert set(extremes.end) == {"top", "bottom"} and (extremes.groupby("end").size() == sh.EXTREMES).all()


def test_streams_differ_between_classes_chunks_and_cells():
    cell = {"game": "holdem", "players": 2}
    seeds = {sh._stream_seed(1, cell, chunk, index) for chunk in range(3) for index in range(169)}
    seeds.add(sh._stream_seed(1, {"game": "holdem", "players": 3}, 0, 0))
    assert len(seeds) == 3 * 169 + 1
