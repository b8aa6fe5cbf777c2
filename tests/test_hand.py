"""One hand from text (equity.hand): where no wild card plays, the clear evaluator the tables come
from values it without any kernel; it must agree with the kernels on every game, and a fresh
``equity eval`` must not load Numba at all."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import equity
from equity import hand as hand_module
from equity.evaluator import evaluate_many

#: Every built-in game, valued with no wild card (El Dorado with the rank stated as none).
GAMES = ["holdem", "omaha", "tahoe", "spanish", "egyptian", "eldorado", "draw", "draw7", "switch", "switch7"]
#: A custom game of six-card hands, exactly one hole card, from a short deck, ranked as Egyptian
#: Hold'em with the flush above the full house.
_ORDER = [str(c) for c in equity.get_game("egyptian").ranking]
_FLUSH, _FULL = _ORDER.index("flush"), _ORDER.index("full_house")
_ORDER[_FLUSH], _ORDER[_FULL] = _ORDER[_FULL], _ORDER[_FLUSH]
SHORT_SIX = equity.define_game("short_six_hand", hole_cards=2, deck="6-A", streets=[("flop", 3), ("turn", 2)],
                               hand_size=6, hole_cards_used="exactly 1", ranking=_ORDER, max_players=4)


def _deals(g, n: int, board_cards: int, seed: int):
    rng = np.random.default_rng(seed)
    deck = np.array(g.deck, dtype=np.uint8)
    for _ in range(n):
        cards = rng.permutation(deck)[: g.hole_cards + board_cards]
        yield cards[: g.hole_cards], cards[g.hole_cards:]


@pytest.mark.parametrize("name", [*GAMES, "short_six"])
def test_the_clear_path_agrees_with_the_kernels(name):
    g = SHORT_SIX if name == "short_six" else equity.get_game(name)
    wild = "none" if g.wild is not None else None
    boards = [b for b in range(g.board_cards + 1) if g.can_form_hand(g.hole_cards, b, g.hand_size)]
    for board_cards in boards[-2:]:  # the whole board and the street before it
        for hole, board in _deals(g, 60, board_cards, seed=len(name) * 100 + board_cards):
            found = hand_module.evaluate(g, hole, board, wild=wild)
            strength, played, used = hand_module._kernel_best(g, hole, board, wild)
            assert found.strength == strength == int(evaluate_many(g, hole[None], board[None], wild=wild)[0])
            assert found.hole_cards_used == used
            shown = hand_module.display_order(played, -1 if wild else None,
                                              hand_module.ace_plays_low(found.category, strength))
            assert found.cards == shown, (name, equity.format_cards(hole), equity.format_cards(board))


def test_a_wild_rank_is_valued_by_the_kernels():
    found = equity.evaluate("eldorado", "7d4h", "9dKh4c4s", wild="K")
    assert (found.category, found.cards) == ("four_of_a_kind", "4s4h4c9dKh")  # the king wild
    plain = equity.evaluate("eldorado", "7d4h", "9dKh4c4s", wild="none")
    assert plain.category == "three_of_a_kind" and plain.strength < found.strength


def test_a_fresh_eval_loads_no_numba():
    code = ("import sys\nfrom equity.cli import main\n"
            "sys.argv = ['equity', 'eval', 'holdem', 'AhKh', '--board', 'QhJhTh2c3d']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('numba' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["royal flush: AhKhQhJhTh", "False"]


def test_a_wild_option_where_it_does_not_apply_is_refused_on_either_path():
    from equity.errors import OptionError

    deuces = equity.define_game("deuces_wild_hand", hole_cards=5, wild="2", phases=["draw"])
    with pytest.raises(OptionError, match="holdem has no wild cards"):
        equity.evaluate("holdem", "AhKh", "QhJhTh2c3d", wild="none")  # the clear path's question
    with pytest.raises(OptionError, match="has a fixed wild rank"):
        equity.evaluate(deuces, "2c2dAhKsQd", wild="none")
    with pytest.raises(OptionError, match="not in the spanish deck|spanish has no wild"):
        equity.evaluate("spanish", "AhKh", "QhJhTh9c8d", wild="2")
    # the fixed deuces play (the kernel path): A, K, Q and two wild cards make the ace-high straight
    found = equity.evaluate(deuces, "2c2dAhKsQd")
    assert found.category == "straight" and str(found) == "ace-high straight"
