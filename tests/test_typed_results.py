"""Tidy, typed results (issue 29, item 6): every result frame's ``attrs`` name the game, method,
seed and trials; category columns are Categoricals in the game's ranking."""

from __future__ import annotations

import pandas as pd
import pytest

import equity
from equity.evaluator import categories_dtype, category_dtype

RESULT_KEYS = ("game", "method", "seed", "trials")


FRAMES = {  # name -> (the result, its method, seed and trials)
    "calc exact": (lambda: equity.calc("holdem", ["AhKh", "QsQd"], board="Qh7c2d"), ("exact", None, None)),
    "calc monte carlo": (lambda: equity.calc("holdem", ["AhKh", "random"], trials=2000, seed=5),
                         ("monte carlo", 5, 2000)),
    "calc by combo": (lambda: equity.calc("holdem", ["QQ+", "JJ"], board="Qh7c2d", by="combo"),
                      ("exact", None, None)),
    "equity_distribution": (lambda: equity.equity_distribution("holdem", "AK", "QQ", board="Qh7c2d",
                                                               trials=500, seed=2), ("monte carlo", 2, 500)),
    "simulate": (lambda: equity.simulate("tahoe", 3, 50, seed=4), ("monte carlo", 4, 50)),
    "simulate aggregate": (lambda: equity.simulate("holdem", 2, 300, seed=6, aggregate=True),
                           ("monte carlo", 6, 300)),
    "board_hits": (lambda: equity.board_hits("holdem", "QQ+, AKs", "Qh7h2c"), ("exact", None, None)),
    "board_hits by combo": (lambda: equity.board_hits("omaha", "AA**", "Qh7h2c", by="combo"),
                            ("exact", None, None)),
}


@pytest.mark.parametrize("name", FRAMES)
def test_every_result_frame_names_game_method_seed_and_trials(name) -> None:
    make, expected = FRAMES[name]
    frame = make()
    missing = [key for key in RESULT_KEYS if key not in frame.attrs]
    assert not missing, f"{name}: attrs lack {missing}"
    assert (frame.attrs["method"], frame.attrs["seed"], frame.attrs["trials"]) == expected
    assert isinstance(frame.attrs["game"], str)


def test_hand_order_names_its_method_seed_and_trials() -> None:
    order = equity.hand_order("holdem")
    assert all(key in order.attrs for key in RESULT_KEYS) and order.attrs["game"] == "holdem"


def test_a_games_category_dtype_is_its_ranking_read_from_its_description() -> None:
    for name in ("holdem", "spanish", "egyptian", "eldorado"):
        dtype = category_dtype(name)
        assert dtype.ordered
        assert dtype.categories.tolist() == [str(c) for c in reversed(equity.get_game(name).ranking)]
    spanish = pd.Series(["full_house", "flush"], dtype=category_dtype("spanish"))
    assert spanish.max() == "flush" and (spanish > "full_house").tolist() == [False, True]  # flush above
    holdem = pd.Series(["full_house", "flush"], dtype=category_dtype("holdem"))
    assert holdem.max() == "full_house"


def test_games_of_one_ranking_share_an_ordered_dtype_and_of_several_an_unordered_one() -> None:
    alike = categories_dtype(["tahoe", "holdem", "omaha"], before=["all"])
    assert alike.ordered and alike.categories.tolist() == ["all", *category_dtype("holdem").categories]
    mixed = categories_dtype(["holdem", "spanish", "egyptian"])
    assert not mixed.ordered
    assert set(mixed.categories) == {str(c) for g in ("holdem", "spanish", "egyptian")
                                     for c in equity.get_game(g).ranking}
    column = pd.Series(["flush", "full_house"], dtype=mixed)
    with pytest.raises(TypeError):  # no order is right for every game: comparing is refused
        column.max()
    # one game's rows take its own order
    assert column.astype(category_dtype("spanish")).max() == "flush"
