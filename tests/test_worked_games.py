"""The worked game files of issue 32 item 7, each from its TOML file: it evaluates, deals,
calculates and runs the rarity study (and the starting-hand study where its hands are two or
three cards), and its numbers hold together (shares sum to one, equities to one, a hand's
strength is the same through evaluate and the deal).  The rules themselves are checked
against the references in test_switch_boards, test_discards, test_boards_and_kills and
test_stud; here, that every file runs through every entry point."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import equity
from simulations import harness

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "games"
WORKED = ["switch_holdem", "crazy_pineapple", "irish", "double_board_omaha", "seven_card_stud", "razz",
          "follow_the_queen", "joker_draw"]


@pytest.mark.parametrize("name", WORKED)
def test_a_worked_game_runs_from_its_file_through_every_entry_point(name, tmp_path):
    path = EXAMPLES / f"{name}.toml"
    game = equity.load_game(path)
    played = equity.play_deals(path, 3, 300, seed=1, usage=False)
    assert np.allclose(played.share.sum(axis=1), 1)
    # the deal's strengths are the evaluator's on the hands held at the showdown
    board = played.board[:, :game.board_cards] if game.streets else None
    seat_board = None if board is None else np.repeat(board, 3, axis=0)
    hands = played.hole.reshape(-1, game.hole_cards)
    if game.wild_follows is not None:  # each deal's second wild rank, valued as queens
        from equity.stud import hands_for_evaluation

        hands = hands_for_evaluation(game, hands, np.repeat(played.second_wild, 3))
    again = equity.evaluate_many(path, hands, seat_board)
    assert (again.reshape(300, 3) == played.high).all()
    table = equity.calc(path, ["random", "random"], trials=4_000, seed=2)
    assert abs(table.equity.sum() - 1) < 1e-9 and (table.stderr > 0).all()
    rarity = harness.run_study("rarity", deals=600, players="2", params={"games": str(path)}, seed=3,
                               out=tmp_path / "rarity")
    assert len(rarity.table) > 0
    if game.dealt_hole_cards in (2, 3):
        charts = harness.run_study("starting-hands", deals=60, players="2", params={"games": str(path)},
                                   seed=3, out=tmp_path / "charts")
        classes = charts.table
        assert classes.hand_class.nunique() == (169 if game.dealt_hole_cards == 2 else 1755)
        assert classes.equity.between(0, 1).all()
