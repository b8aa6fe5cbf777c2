"""The range explorer (``equity.explorer``): its tables are the toolkit's, its callbacks update them,
bad input is shown in the widget rather than raised, and the game switch changes the grid.

Every expected value comes from ``equity.calc`` / ``equity.board_hits`` / ``Range.to_grid`` called
directly on the same spot, with the same trials and seed (seeded Monte Carlo: the same numbers).
"""

from __future__ import annotations

import html
import importlib.util
import sys

import numpy as np
import pytest

import equity
from equity.errors import InvalidInputError, OptionError
from equity.explorer import EXAMPLES, EXCHANGE_TO_COME, MAX_HANDS, explore

TRIALS = 250  # the explorer's smallest precision: the checks are of identity, not of accuracy
SEED = 7


def _direct(game, hero, villain, board, wild=None):
    rules = {} if wild is None else {"wild": wild}
    return equity.calc(game, [hero, villain], board=board, by="class", trials=TRIALS, seed=SEED,
                       progress=False, **rules)


def _same_classes(x, direct) -> None:
    mine = x.classes.set_index("hand").loc[direct.hand]
    np.testing.assert_allclose(mine.equity, direct.equity)
    np.testing.assert_allclose(mine.stderr, direct.stderr)
    np.testing.assert_allclose(mine.probability, direct.probability)
    assert x.equity == pytest.approx(direct.attrs["equity"])
    assert x.stderr == pytest.approx(direct.attrs["stderr"])


def test_explore_gives_the_calculators_classes_and_the_board_hits():
    x = explore("holdem", "QQ+, AKs, 76s", "JJ-99, AQs+", "Qh7c2d", trials=TRIALS, seed=SEED)
    _same_classes(x, _direct("holdem", "QQ+, AKs, 76s", "JJ-99, AQs+", "Qh7c2d"))
    hits = equity.board_hits("holdem", "QQ+, AKs, 76s", "Qh7c2d")
    assert x.hits[["section", "hand"]].equals(hits[["section", "hand"]])
    np.testing.assert_allclose(x.hits.share, hits.share)
    # the combinations are the equity distribution, best first, and their mean is the range's equity
    assert x.combos.equity.is_monotonic_decreasing and x.combos.at_least.iloc[-1] == pytest.approx(1.0)
    assert float((x.combos.probability * x.combos.equity).sum()) == pytest.approx(x.equity)


def test_the_grid_colours_exactly_the_ranges_cells_with_their_class_equity():
    x = explore("holdem", "QQ+, AKs, A5s:0.5", "random", "Kh8d3c", trials=TRIALS, seed=SEED)
    in_range = equity.parse_range("QQ+, AKs, A5s:0.5", dead="Kh8d3c").to_grid() > 0
    assert x.grid.shape == (13, 13) and (x.grid.notna() == in_range).all().all()
    equities = dict(zip(x.classes.hand, x.classes.equity, strict=True))
    assert x.grid.loc["A", "K"] == equities["AKs"] and x.grid.loc["Q", "Q"] == equities["QQ"]
    assert np.isnan(x.grid.loc["K", "A"])  # AKo (offsuit, below the diagonal) is not in the range


def test_games_without_a_grid_and_before_the_flop():
    x = explore("omaha", "AAK* ds", "random", "", trials=TRIALS, seed=SEED)
    assert x.grid is None and x.hits is None and not x.two_card
    assert x.classes.hand.str.contains(":").all()  # Omaha classes: ranks and suit pattern
    _same_classes(x, _direct("omaha", "AAK* ds", "random", ""))


def test_el_dorado_takes_the_final_wild_rank_or_plays_the_exchange():
    after = explore("eldorado", "QQ+, AKs", "random", "Ks9h4c", wild="K", trials=TRIALS, seed=SEED)
    _same_classes(after, _direct("eldorado", "QQ+, AKs", "random", "Ks9h4c", wild="K"))
    wild = equity.board_hits("eldorado", "QQ+, AKs", "Ks9h4c", wild="K")
    np.testing.assert_allclose(after.hits.share, wild.share)
    before = explore("eldorado", "QQ+, AKs", "random", "Ks9h4c", trials=TRIALS, seed=SEED)
    _same_classes(before, _direct("eldorado", "QQ+, AKs", "random", "Ks9h4c"))


@pytest.mark.parametrize("hero, board, words", [
    ("QQ+, ZZ", "", "'ZZ'"),
    ("random", "", "give a range"),
    ("QQ+", "Ks9h4x", "board"),
    ("QQ+", "Ks9h", "does not end a street"),
])
def test_explore_refuses_bad_input_with_the_toolkits_error(hero, board, words):
    with pytest.raises(InvalidInputError, match=words):
        explore("holdem", hero, "random", board, trials=TRIALS)


def test_a_range_too_wide_to_play_hand_by_hand_is_refused():
    with pytest.raises(InvalidInputError, match=f"at most {MAX_HANDS:,}"):
        explore("omaha", "AA**", "random", trials=TRIALS)
    with pytest.raises(OptionError, match="the explorer plays"):
        explore("draw", "AA***", "random", trials=TRIALS)


# ---------------------------------------------------------------------------------------------
# The widget: callbacks invoked by setting the controls' values, as typing does
# ---------------------------------------------------------------------------------------------
needs_widgets = pytest.mark.skipif(importlib.util.find_spec("ipywidgets") is None,
                                   reason="no ipywidgets (the notebooks and test extras install it)")


@pytest.fixture
def explorer():
    from equity.explorer import RangeExplorer

    return RangeExplorer("holdem", "QQ+, AKs", "JJ-99", "Qh7c2d", trials=TRIALS, seed=SEED)


@needs_widgets
def test_the_explorer_starts_on_its_spot(explorer):
    assert explorer.error is None and explorer.image.value
    _same_classes(explorer.last, _direct("holdem", "QQ+, AKs", "JJ-99", "Qh7c2d"))
    assert f"{explorer.last.equity:.4f}" in explorer.status.value
    assert explorer.wild.layout.display == "none"  # Hold'em has no wild rank to choose
    assert [t["change"] for t in explorer.timings] == ["start"]


@needs_widgets
@pytest.mark.parametrize("control, value", [("hero", "AA, KK, AQs"), ("villain", "random"),
                                            ("board", "Qh7c2dJs")])
def test_changing_a_control_updates_the_equity_grid_and_hits(explorer, control, value):
    before, image, grid = explorer.last, explorer.image.value, explorer.last.grid
    getattr(explorer, control).value = value
    x = explorer.last
    assert x is not before and explorer.error is None
    spot = {"hero": "QQ+, AKs", "villain": "JJ-99", "board": "Qh7c2d", control: value}
    direct = _direct("holdem", spot["hero"], spot["villain"], spot["board"])
    _same_classes(x, direct)
    np.testing.assert_allclose(x.hits.share, equity.board_hits("holdem", spot["hero"], spot["board"]).share)
    assert x.equity != before.equity and f"{x.equity:.4f}" in explorer.status.value
    assert explorer.image.value != image and not x.grid.equals(grid), "the grid was recoloured"
    assert explorer.timings[-1]["change"] == {"hero": "range", "villain": "against"}.get(control, control)
    assert explorer.timings[-1]["total"] > 0 and explorer.timings[-1]["ok"]


@needs_widgets
@pytest.mark.parametrize("control, value, words", [
    ("hero", "QQ+, A1s", "'1s' is not a rank"),
    ("hero", "QQ+, AKs:2", "between 0 and 1"),
    ("hero", "AA**", "names 4 cards"),
    ("villain", "QQ+,, AK", "empty"),
    ("board", "Qh7c2", "cannot read a card"),
    ("board", "QhQh7c", "duplicate card 'Qh'"),
])
def test_bad_input_is_a_message_in_the_widget_not_an_exception(explorer, control, value, words):
    before, image = explorer.last, explorer.image.value
    getattr(explorer, control).value = value  # must not raise
    assert explorer.error is not None and words in explorer.error
    assert html.escape(explorer.error) in explorer.status.value and "Cannot read" in explorer.status.value
    assert explorer.last is before and explorer.image.value == image, "the chart stays the last good one"
    assert explorer.timings[-1]["ok"] is False
    getattr(explorer, control).value = {"hero": "QQ+, AKs", "villain": "JJ-99", "board": "Qh7c2d"}[control]
    assert explorer.error is None and "Cannot read" not in explorer.status.value


@needs_widgets
def test_the_game_switch_changes_the_grid_and_keeps_what_still_reads(explorer):
    assert explorer.last.grid.shape == (13, 13)
    explorer.game.value = "spanish"  # Qh7c2d is not in the 28-card deck: the example board comes in
    x = explorer.last
    assert x.grid.shape == (7, 7) and list(x.grid.index) == list("AKQJT98")
    assert (x.hero, x.villain, x.board) == ("QQ+, AKs", "JJ-99", EXAMPLES["spanish"].board)
    assert "board 'Qh7c2d'" in explorer.status.value.replace("&#x27;", "'")
    _same_classes(x, _direct("spanish", "QQ+, AKs", "JJ-99", EXAMPLES["spanish"].board))
    assert [t["change"] for t in explorer.timings] == ["start", "game"], "one refresh for the switch"
    explorer.game.value = "eldorado"
    assert explorer.last.grid.shape == (13, 13) and explorer.wild.layout.display is None
    explorer.wild.value = "K"
    assert explorer.last.wild == "K"
    explorer.game.value = "omaha"  # four hole cards: the two-card ranges give way to the example
    x = explorer.last
    assert x.grid is None and (x.hero, x.villain) == (EXAMPLES["omaha"].hero, EXAMPLES["omaha"].villain)
    assert explorer.wild.value == EXCHANGE_TO_COME and explorer.wild.layout.display == "none"


def test_without_ipywidgets_the_explorer_says_what_to_install(monkeypatch):
    from equity.explorer import RangeExplorer

    monkeypatch.setitem(sys.modules, "ipywidgets", None)  # import ipywidgets -> ImportError
    with pytest.raises(OptionError, match="pip install 'equity\\[notebooks\\]'"):
        RangeExplorer()
