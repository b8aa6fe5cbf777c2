# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Range explorer: how does a range fare against another on a board, hand by hand?
#
# **The question.** A range's equity is one number, but a range plays hand by hand: which of its
# hands carry it on this board, which are drawing, which are already beaten? This notebook puts
# the toolkit's range tools behind controls (ipywidgets) for every board game with ranges
# (Hold'em, Spanish poker, Egyptian Hold'em, El Dorado, Omaha, Tahoe): choose a game, a range,
# the opponent's range and a board, and see the range's rank grid coloured by equity, the
# distribution of its hands' equities and how it hits the board, updated on every change.
#
# **The rules it rests on.** Each hand of the range is played on its own against the opponent
# (`equity.calc(..., by="combo")`, Monte Carlo with a standard error per hand) and dealt with the
# probability card removal gives it (a hand that blocks more of the opponent's range is dealt
# less often), so the probability-weighted mean of the hands' equities is the range's equity in
# the whole calculation (`docs/ranges.md`). The board hits (`equity.board_hits`) are exact: every
# combination, every next card. The two-card games have a rank grid (13 x 13; 7 x 7 for Spanish
# poker's 28 cards, eight to ace); Omaha and Tahoe do not, and show their best hand classes instead.
#
# The explorer's logic is `equity.explorer` (`explore`, `draw` and the widget `RangeExplorer`,
# whose callbacks are plain methods): the cells below drive its controls from code and check
# that what it shows is what `equity.calc` and `equity.board_hits` say. The parameter cell sets
# the precision; the tests run it with `EQUITY_NOTEBOOK_SIZE=small`, the committed copy is the
# published size (the explorer's default).

# %% tags=["parameters"]
import os

SIZE = os.environ.get("EQUITY_NOTEBOOK_SIZE", "published")  # "small" (tests) or "published"
TRIALS = {"small": 250, "published": 1_000}[SIZE]  # Monte Carlo trials per hand of the range
SEED = 20261205  # the explorer's seed: the same spot always shows the same numbers

# %%
# %matplotlib inline
import html
import warnings

import numpy as np
import pandas as pd

import equity
from equity import plotting as P
from equity.explorer import EXAMPLES, RangeExplorer, draw, explore

warnings.filterwarnings("ignore", message="IProgress not found")
pd.set_option("display.precision", 4)
print(f"size {SIZE}: {TRIALS:,} Monte Carlo trials per hand of the range, seed {SEED}")

# %% [markdown]
# ## 1. Exact figures first
#
# The explorer's first spot is the Hold'em example: the top 20% of hands (by equity against a
# random hand, `equity.hand_order`) against the top 10% on a flop of Ks9h4c. One exact
# `equity.calc` of the whole spot gives the range's equity; the explorer's Monte Carlo mean of its
# hands must agree within its standard error.

# %%
spot = EXAMPLES["holdem"]
exact = equity.calc("holdem", [spot.hero, spot.villain], board=spot.board)
print(f"{spot.hero} against {spot.villain} on {spot.board}: {exact.attrs['method']} equity "
      f"{exact.equity[0]:.4f} ({exact.attrs['outcomes']:,} outcomes)")

# %% [markdown]
# ## 2. The explorer
#
# Type a range in the usual notation (`QQ+, AKs`, `20%`, `AA** ds` in Omaha), the opponent's range
# (or `random`) and the board (empty before the flop), and press Enter. Switching between games
# with the same number of hole cards keeps what still reads in the new game; the rest is replaced
# by the game's example. El Dorado shows a wild-rank control: the exchange still to come (played
# by greedy seats), or the final wild rank after it. The precision control sets the trials per
# hand. Bad input is a message under the controls; the chart stays that of the last spot that
# read. (On a static page the widget below is a snapshot; the charts further down are its
# figures.)

# %%
explorer = RangeExplorer(trials=TRIALS, seed=SEED)
explorer.widget

# %%
first = explorer.last
z = (first.equity - exact.equity[0]) / first.stderr
print(first.summary())
print(f"exact {exact.equity[0]:.4f}: the explorer is {z:+.2f} standard errors from it")
assert abs(z) < 4, "the explorer's Monte Carlo equity agrees with the exact one"

# %% [markdown]
# ## 3. The callbacks, driven from code
#
# Setting a control's value runs the same callback as typing into it. Each change below is
# checked against the toolkit called directly: the classes' equities against
# `equity.calc(..., by="class")` with the same trials and seed (the same numbers, not merely close
# ones), the board hits against `equity.board_hits`.

# %%
def check(x) -> None:
    """The explorer's tables are the toolkit's, called directly with the same spot."""
    rules = {} if x.wild is None else {"wild": x.wild}
    direct = equity.calc(x.game, [x.hero, x.villain], board=x.board, by="class", trials=x.trials,
                         seed=x.seed, progress=False, **rules)
    mine = x.classes.set_index("hand").loc[direct.hand]
    assert np.allclose(mine.equity, direct.equity) and np.allclose(mine.stderr, direct.stderr)
    assert np.isclose(x.equity, direct.attrs["equity"])
    if x.board:
        hits = equity.board_hits(x.game, x.hero, x.board, wild=x.wild)
        assert np.allclose(x.hits.share, hits.share)
    if x.grid is not None:  # the grid's coloured cells are the range's cells
        in_range = equity.parse_range(x.hero, game=x.game, dead=x.board or None).to_grid() > 0
        assert (x.grid.notna() == in_range).all().all()


changes = [("hero", "QQ+, AKs, AQs"), ("villain", "JJ-99, AJs+, KQs"), ("board", "Qh7c2d"),
           ("board", "Qh7c2dJh"), ("game", "spanish"), ("hero", "AA, KK, AK"), ("board", ""),
           ("game", "egyptian"), ("board", "Ks9h4c"), ("game", "eldorado"), ("wild", "K"),
           ("game", "omaha"), ("hero", "AAK* ds"), ("game", "tahoe"), ("game", "holdem")]
log = []
for control, value in changes:
    before = explorer.last
    image = explorer.image.value
    getattr(explorer, control).value = value
    x = explorer.last
    assert explorer.error is None, explorer.error
    assert x is not before and explorer.image.value != image, "the chart was redrawn"
    check(x)
    shown = explorer.status.value
    assert f"{x.equity:.4f}" in shown, "the equity shown is the new one"
    log.append({"change": f"{control} = {value!r}", "game": x.game, "hands": len(x.combos),
                "grid": "x".join(map(str, x.grid.shape)) if x.grid is not None else "none",
                "equity": x.equity, "stderr": x.stderr, **{k: explorer.timings[-1][k]
                                                             for k in ("compute", "draw", "total")}})
log = pd.DataFrame(log)
assert log.set_index("game").loc["spanish", "grid"].tolist() == ["7x7"] * 3
assert set(log.set_index("game").loc[["holdem", "egyptian", "eldorado"], "grid"]) == {"13x13"}
log

# %% [markdown]
# Bad input is shown, not raised: an unknown rank in the range, a card not in the deck, a
# board that ends no street, a hand that is not the game's. The message names what is wrong, the
# chart stays that of the last spot that read, and the next good input clears the message.

# %%
errors = []
for control, value in [("hero", "QQ+, AKs, ZZ"), ("hero", "random"), ("villain", "AA**"),
                       ("board", "Ks9h4x"), ("board", "Ks9h")]:
    before, good = explorer.last, getattr(explorer, control).value
    getattr(explorer, control).value = value
    assert explorer.error is not None and explorer.last is before, "the message is shown, not raised"
    assert html.escape(explorer.error) in explorer.status.value, "and it is in the widget"
    errors.append({"input": f"{control} = {value!r}", "message": explorer.error})
    getattr(explorer, control).value = good
    assert explorer.error is None and explorer.last is not before, "good input clears it"
pd.set_option("display.max_colwidth", 200)
pd.DataFrame(errors)

# %% [markdown]
# ## 4. Time per change
#
# Every change above: the calculation (each hand of the range played with its trials), the chart
# (drawn and encoded as PNG) and the whole update. The first update of a session also pays for
# loading matplotlib and each game's tables; these are the updates after it.

# %%
per_change = log[["change", "game", "hands", "compute", "draw", "total"]]
print(f"{TRIALS:,} trials per hand: median {per_change.total.median():.2f} s per change "
      f"(calculation {per_change.compute.median():.2f} s, chart {per_change.draw.median():.2f} s), "
      f"slowest {per_change.total.max():.2f} s ({per_change.change[per_change.total.idxmax()]})")
per_change.round(3)

# %% [markdown]
# ## 5. What the explorer shows
#
# The Hold'em example, the top 20% against the top 10% on Ks9h4c: the grid coloured by each
# class's equity (blank: not in the range), the equities of the range's hands from best to worst
# with their 95% intervals, and how the range hits the flop.

# %%
holdem = explore("holdem", spot.hero, spot.villain, spot.board, trials=TRIALS, seed=SEED)
draw(holdem)

# %%
holdem.classes[["hand", "combos", "probability", "equity", "stderr"]].head(8)

# %%
hits = holdem.hits
hits[(hits.share > 0) | (hits.hand == "improves")][["section", "hand", "n_combos", "share"]]

# %% [markdown]
# The same ranges on QhJh9c, a board of connected broadway cards that both ranges hit:

# %%
wet = explore("holdem", spot.hero, spot.villain, "QhJh9c", trials=TRIALS, seed=SEED)
print(wet.summary())
draw(wet)

# %% [markdown]
# Spanish poker's 7 x 7 grid, the top 25% against a random hand on Ks9hJc, and an Omaha range with
# no grid: aces with a king or queen, double-suited, against a random hand.

# %%
example = EXAMPLES["spanish"]
spanish = explore("spanish", example.hero, example.villain, example.board, trials=TRIALS, seed=SEED)
draw(spanish)

# %%
example = EXAMPLES["omaha"]
omaha = explore("omaha", example.hero, example.villain, example.board, trials=TRIALS, seed=SEED)
draw(omaha)

# %%
pd.DataFrame([{"game": x.game, "range": x.hero, "against": x.villain, "board": x.board,
               "hands": len(x.combos), "equity": x.equity, "stderr": x.stderr,
               "best hand": f"{x.combos.hand[0]} {x.combos.equity[0]:.3f}",
               "worst hand": f"{x.combos.hand.iloc[-1]} {x.combos.equity.iloc[-1]:.3f}",
               "share at 0.5 or more": float(x.combos.probability[x.combos.equity >= 0.5].sum())}
              for x in (holdem, wet, spanish, omaha)])

# %% [markdown]
# ## What it means for play
#
# - **A range's equity hides how it is split.** On Ks9h4c the top 20% takes 0.454 of the pot
#   against the top 10%, yet few of its hands are near that figure: sets, top two pair and AK take
#   0.84-0.98, KQ about 0.74, and the unpaired aces that missed (high card is half the range, by the
#   board hits) 0.1-0.4. About 41% of the range is ahead of a fair share; the rest should not put
#   in more money without a draw. The distribution curve falls in steps, one per made hand, and
#   the grid shows which classes make each step.
# - **A connected board helps the wider range.** On QhJh9c the same ranges come closer (0.471): the
#   wider range makes more of the straights (KT, T8s), a third of it holds a gutshot, and more of it
#   is ahead of a fair share (47% against 41%); the board-hit bars count the hands that do it.
# - **Spanish poker keeps ranges close together.** Every hand must play both hole cards with three
#   of the five board cards from 28 cards, and most hands hold a straight draw on Ks9hJc: the top
#   25% against a random hand runs from 0.48 to 0.67, 96% of it ahead of a fair share, and two
#   hands in three improve on the turn. Folding a hand of the top quarter there is rarely right.
# - **Omaha's premium range is flat.** Aces with a king or queen, double-suited, take 0.59 to 0.91
#   against a random hand on Ks9h4c: an overpair and a backdoor flush draw in almost every hand;
#   only the hands that also pair the board (a set of kings, top two pair) stand clearly above the
#   rest, which sit within a few points of the range's 0.68.
# - **Precision.** At the default 1,000 trials per hand a hand's equity carries about ±0.03 (95%),
#   a class's up to ±0.02 and the range's about ±0.002: enough to tell the steps apart; choose more
#   trials per hand in the precision control to separate close classes. Each change takes about
#   half a second on two cores (section 4), most of it drawing the chart for a narrow range and
#   the calculation for a range of several hundred hands.
