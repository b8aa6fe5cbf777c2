"""The ``make run`` job prints the rule documents' worked examples and correct exact equities."""

from __future__ import annotations

import contextlib
import io
import itertools
from math import comb

import pytest

from simulations import demo


@pytest.fixture(scope="module")
def output() -> str:
    """Everything ``demo.main()`` prints (run once for the module)."""
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        demo.main()
    return buffer.getvalue()


def block(output: str, title: str) -> str:
    """The printed block (up to the next blank line) whose first line starts with ``title``."""
    for chunk in output.split("\n\n"):
        if chunk.startswith(title):
            return chunk
    raise AssertionError(f"no block titled {title!r} in:\n{output}")


def row(chunk: str, player: str) -> str:
    lines = [line for line in chunk.splitlines() if f" {player} " in line]
    assert len(lines) == 1, chunk
    return lines[0]


def test_el_dorado_four_fours_beat_nines_full(output):
    # Board 9dKh4c4s with kings wild: 9cQs has two nines, two fours and a wild king
    # (nines full); 7d4h has three natural fours and the wild king (four fours).
    chunk = block(output, "El Dorado Hold'em Rules")
    assert "full house, nines full of fours" in row(chunk, "Player 1")
    assert "four of a kind, fours" in row(chunk, "Player 2")
    assert "winner: Player 2" in chunk


def test_spanish_flush_beats_the_full_house_that_wins_in_holdem(output):
    spanish = block(output, "Spanish Poker Rules")
    assert "flush" in row(spanish, "Player 1") and "full house" in row(spanish, "Player 2")
    assert "winner: Player 1" in spanish
    holdem = block(output, "The same cards in Texas Hold'em")
    assert "winner: Player 2" in holdem


def test_egyptian_house_party_beats_full_house(output):
    chunk = block(output, "Egyptian Hold'em Rules")
    assert "House Party, eights over kings" in row(chunk, "Player A")
    assert "full house, kings full of eights" in row(chunk, "Player B")
    assert "winner: Player A" in chunk


def test_tahoe_examples(output):
    chunk = block(output, "Tahoe Rules, 'Three hole cards")
    assert "king-high straight" in row(chunk, "Player")
    chunk = block(output, "Tahoe Rules, 'Using one hole card'")
    assert "aces full of eights" in row(chunk, "Player A")
    assert "eights full of aces" in row(chunk, "Player B")
    assert "winner: Player A" in chunk


def test_switch_example_loses_the_pair(output):
    chunk = block(output, "Switch Poker Rules")
    assert "one pair, kings" in row(chunk, "before the switch")
    assert "king-high" in row(chunk, "after the switch")


def equity_rows(output: str) -> dict[tuple[str, str], list[str]]:
    """(game, hole) -> the printed row of the equity table, split into fields."""
    chunk = output.split("equity.evaluate_many")[1]
    rows = {}
    for line in chunk.splitlines():
        fields = line.split()
        if len(fields) == 7 and fields[0] in {s.game for s in demo.SPOTS}:
            rows[fields[0], fields[2]] = fields
    return rows


def test_equity_table_enumerates_every_board(output):
    rows = equity_rows(output)
    # Cards left after two hands and the flop: 52 - 7 (Hold'em, Egyptian), 52 - 9 (Tahoe),
    # 28 - 7 (Spanish); two board cards to come, three in Egyptian Hold'em.
    expected = {"holdem": comb(45, 2), "tahoe": comb(43, 2), "spanish": comb(21, 2),
                "egyptian": comb(45, 3)}
    for spot in demo.SPOTS:
        shares = []
        for hole in spot.holes:
            fields = rows[spot.game, hole]
            assert int(fields[3].replace(",", "")) == expected[spot.game]
            shares.append(float(fields[6].rstrip("%")))
        assert sum(shares) == pytest.approx(100.0, abs=0.02)


def test_holdem_equity_matches_pokerkit(output):
    pokerkit = pytest.importorskip("pokerkit")
    spot = next(s for s in demo.SPOTS if s.game == "holdem")
    cards = {r + s for r in "23456789TJQKA" for s in "cdhs"}
    used = {spot.flop[i : i + 2] for i in range(0, len(spot.flop), 2)}
    holes = spot.holes
    for hole in holes:
        used |= {hole[i : i + 2] for i in range(0, len(hole), 2)}
    shares = [0.0] * len(holes)
    boards = list(itertools.combinations(sorted(cards - used), 2))
    for turn, river in boards:
        board = spot.flop + turn + river
        hands = [pokerkit.StandardHighHand.from_game(hole, board) for hole in holes]
        best = max(hands)
        winners = [i for i, hand in enumerate(hands) if hand == best]
        for i in winners:
            shares[i] += 1 / len(winners)
    rows = equity_rows(output)
    for hole, share in zip(holes, shares, strict=True):
        printed = float(rows["holdem", hole][6].rstrip("%"))
        assert printed == pytest.approx(100 * share / len(boards), abs=0.006)
