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
# # Tahoe: how many hole cards does a hand use, and what does "never all three" cost?
#
# **The rule.** A Tahoe player holds three hole cards and shares a five-card
# board; a hand is made from none, one or two of the hole cards with the board,
# **never all three** (the best of the three seven-card hands of the board with
# each pair of hole cards). The rule document's example: A♥K♥Q♥ on J♥10♣5♥2♠9♦
# is a king-high straight, not an ace-high flush or straight, each of which would
# need all three hole cards.
#
# **The question.** How often does the best hand use 0, 1 and 2 hole cards, for
# every hand and for the winners, against Hold'em (0, 1 or 2 of two) and Omaha
# (exactly two of four, by rule)? How often does "never all three" change a hand,
# and who wins? And in hi-lo, how often is the pot scooped, split, quartered? The
# study `tahoe-usage` (`simulations/tahoe_usage.py`) deals all three games on the
# same deal engine.
#
# The parameter cell sets the size. The tests run it with
# `EQUITY_NOTEBOOK_SIZE=small`; the committed copy is the published size.

# %% tags=["parameters"]
import os

SIZE = os.environ.get("EQUITY_NOTEBOOK_SIZE", "published")  # "small" (tests) or "published"
RESULTS = os.environ.get("EQUITY_RESULTS_DIR", "../results")  # stored study runs (equity sim run ...)
DEALS = {"small": 4_096, "published": 1_048_576}[SIZE]  # deals per cell (game x players)
PLAYERS = {"small": [2, 6], "published": [2, 4, 6, 9]}[SIZE]
SHOWN_PLAYERS = 6  # table size of the by-category chart
WORKERS = {"small": 1, "published": 2}[SIZE]  # more than 1: a Dask LocalCluster on this machine
SEED = 20240501

# %%
# %matplotlib inline
import itertools
import warnings

import numpy as np
import pandas as pd

import equity
from simulations import plots
from simulations.tahoe_usage import best_with_all_three

warnings.filterwarnings("ignore", message="IProgress not found")
pd.set_option("display.precision", 4)
print(f"size {SIZE}: {DEALS:,} deals per cell, players {PLAYERS}")

# %% [markdown]
# ## 1. Exact figures first: every board for a few hands
#
# The rule document's example, then, for a few starting hands, every possible
# board (1,906,884 for three hole cards, 2,118,760 for two): the exact share of
# boards on which the best hand uses 0, 1 or 2 hole cards, and on which the best
# five of all eight cards (all three hole cards allowed) would have been better.

# %%
example = equity.evaluate("tahoe", "A♥K♥Q♥", "J♥10♣5♥2♠9♦")
print(f"A♥K♥Q♥ on J♥10♣5♥2♠9♦: {example} from {example.cards}, {example.hole_cards_used} hole cards")
assert str(example) == "king-high straight"


def every_board(game: str, hole_text: str) -> dict:
    """Exact usage shares (and, for three hole cards, the all-three share) over every board."""
    hole = equity.card_codes(hole_text)
    rest = np.array([c for c in range(52) if c not in set(hole.tolist())], dtype=np.uint8)
    boards = np.fromiter(itertools.combinations(rest, 5), dtype=np.dtype((np.uint8, 5)))
    holes = np.broadcast_to(hole, (len(boards), len(hole)))
    used = equity.hole_cards_used_many(game, holes, boards)
    row = {"game": game, "hole": equity.format_cards(hole), "boards": len(boards)}
    row.update({f"uses_{k}": float((used == k).mean()) for k in range(3)})
    if len(hole) == 3:
        strength = equity.evaluate_many(game, holes, boards)
        row["all_three_better"] = float((best_with_all_three(np.ascontiguousarray(holes), boards)
                                         > strength).mean())
    return row


exact = pd.DataFrame([every_board("tahoe", h) for h in ("AhKhQh", "AhAdKs", "7c4d2s")]
                     + [every_board("holdem", h) for h in ("AhKh", "7c2d")])
exact

# %% [markdown]
# Even with three suited broadway cards, the best Tahoe hand uses two hole cards
# on most boards; a hand of three low rainbow cards leans on the board far more.
# Those are single hands on every board; the simulation deals every hand.
#
# ## 2. The simulation
#
# Loaded from `results/` when a run at least this large with these players is
# stored (`equity sim run tahoe-usage ...`); otherwise run now.

# %%
run = plots.load_or_run("tahoe-usage", deals=DEALS, players=PLAYERS, out=RESULTS, seed=SEED,
                        workers=WORKERS)
print(plots.describe_run(run))
result, all_three, hi_lo = run.tables["result"], run.tables["all_three"], run.tables["hi_lo"]
figures = plots.tahoe_usage(run, players=SHOWN_PLAYERS)

# %% [markdown]
# ### Hole cards used, by table size: Tahoe against Hold'em and Omaha

# %%
figures["by_players"]

# %%
result[result.category == "all"].drop(columns="category")

# %% [markdown]
# ### By the category of the best hand

# %%
figures["by_category"]

# %% [markdown]
# ### What "never all three" changes
#
# The share of hands whose best five of all eight cards (all three hole cards
# allowed) would beat the Tahoe hand, of winning hands, and of deals whose
# winners would change.

# %%
figures["all_three"]

# %%
all_three[all_three.category == "all"]

# %% [markdown]
# ### Hi-lo: scoops, splits and quarters

# %%
figures["hi_lo"]

# %%
hi_lo

# %% [markdown]
# ## What it means for play
#
# - **Play Tahoe like Hold'em with a spare card, not like Omaha.** Tahoe hands
#   use two hole cards 69% of the time, one 29% and none 2%, at every table size
#   (Hold'em: 47%, 48%, 5%); winning hands lean on the hole cards more, 78% two at
#   nine players. The third card's job is to give a choice of two-card holdings.
# - **Three suited cards are not a three-card flush draw.** "Never all three"
#   changes 17% of Tahoe hands (the best five of all eight cards would be better,
#   mostly a pair or two pair made with the third hole card) and changes who wins
#   in 4% of heads-up deals and 15.5% at nine players. Count only the two-card
#   holdings when reading a hand's strength: A♥K♥Q♥ on the rule document's board
#   is a king-high straight, not a flush.
# - **Hi-lo tables quarter more as they fill.** In Tahoe the pot is scooped in 72%
#   of heads-up deals and 41% at nine players, and someone is quartered in 2.6%
#   and 11% (Omaha hi-lo: 71% and 42% scooped, 2.0% and 16% quartered); a low
#   qualifies less often in Tahoe than in Omaha at small tables.
#
# Sizes: the published render uses 1,048,576 deals per cell (twice the study's
# default; about half a minute on two cores). `docs/studies.md` gives the
# size for tighter figures (`equity sim run tahoe-usage --deals 4194304`), which
# this notebook loads when stored.
