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
# # Ranking versus rarity: where is a higher-ranked hand more common than one below it?
#
# **The rule.** Every game declares its order of hands, best first. Standard
# poker orders the five-card hands by how rare they are in a five-card deal.
# The variants reorder: Spanish poker puts the **flush above the full house**;
# Egyptian Hold'em ranks **three of a kind above three pair** and adds House Party
# and Double Happy; El Dorado puts **five of a kind above the straight flush**.
# Seven-card games keep the five-card order although one pair is then more
# common than high card.
#
# **The question.** For each game as it is really dealt (hole cards, board, the
# exchange, the switches and draw), which categories are more common than one
# ranked below them, for one player's hand and for the winning hand? The study
# `rarity` (`simulations/rarity.py`) measures every category's frequency in ten
# games and tests each inversion by the z-score of its paired difference, with Holm's
# correction over every pair of categories compared in the run.
#
# The parameter cell sets the size. The tests run it with
# `EQUITY_NOTEBOOK_SIZE=small`; the committed copy is the published size.

# %% tags=["parameters"]
import os

SIZE = os.environ.get("EQUITY_NOTEBOOK_SIZE", "published")  # "small" (tests) or "published"
RESULTS = os.environ.get("EQUITY_RESULTS_DIR", "../results")  # stored study runs (equity sim run ...)
DEALS = {"small": 4_096, "published": 524_288}[SIZE]  # deals per cell (game x players)
PLAYERS = {"small": [2, 6], "published": [2, 6, 9]}[SIZE]  # each game keeps the counts its deck allows
GAMES = ["holdem", "omaha", "tahoe", "spanish", "egyptian", "eldorado", "draw", "draw7", "switch", "switch7"]
WORKERS = {"small": 1, "published": 2}[SIZE]  # more than 1: a Dask LocalCluster on this machine
SEED = 20240501

# %%
# %matplotlib inline
import itertools
import warnings
from math import comb

import numpy as np
import pandas as pd

import equity
from simulations import plots

warnings.filterwarnings("ignore", message="IProgress not found")
pd.set_option("display.precision", 5)
print(f"size {SIZE}: {DEALS:,} deals per cell, players {PLAYERS}")

# %% [markdown]
# ## 1. Exact figures first: five-card censuses
#
# In a five-card deal from the full deck the standard order follows rarity
# exactly (the published census of the 2,598,960 hands). In Spanish poker's
# 28-card deck (eight to ace) the counts change: with seven ranks, a flush
# (five different ranks of one suit) is rarer than a full house, which is why the
# Spanish rules rank it higher. The counts below are worked out by combinatorics
# and checked against the evaluator on every hand.

# %%
def census(game: str, deck: list[int], hole_cards: int) -> pd.Series:
    """Category counts of every five-card hand of ``deck`` (``hole_cards`` of them as hole cards)."""
    hands = np.fromiter(itertools.combinations(deck, 5), dtype=np.dtype((np.uint8, 5)))
    if hole_cards == 5:
        strengths = equity.evaluate_many(game, hands)
    else:
        strengths = equity.evaluate_many(game, hands[:, :hole_cards], hands[:, hole_cards:])
    return pd.Series(equity.categories_of(game, strengths)).value_counts()


ranks, suits, straights = 7, 4, 4  # Spanish: 8 to A; straights A(as seven)-J, 8-Q, 9-K, T-A
spanish_by_hand = {
    "straight_flush": straights * suits,
    "four_of_a_kind": ranks * (4 * ranks - 4),
    "flush": comb(ranks, 5) * suits - straights * suits,
    "full_house": ranks * comb(4, 3) * (ranks - 1) * comb(4, 2),
    "straight": straights * (suits**5 - suits),
    "three_of_a_kind": ranks * comb(4, 3) * comb(ranks - 1, 2) * 4**2,
    "two_pair": comb(ranks, 2) * comb(4, 2) ** 2 * (ranks - 2) * 4,
    "one_pair": ranks * comb(4, 2) * comb(ranks - 1, 3) * 4**3,
    "high_card": (comb(ranks, 5) - straights) * (suits**5 - suits),
}
spanish = census("spanish", list(equity.get_game("spanish").deck), 2)
standard = census("draw", list(range(52)), 5)
assert spanish.to_dict() == spanish_by_hand
order = [str(c) for c in equity.get_game("spanish").ranking]
exact = pd.DataFrame({
    "Spanish rank": range(1, len(order) + 1),
    "Spanish count (28 cards)": [spanish[c] for c in order],
    "Spanish frequency": [spanish[c] / spanish.sum() for c in order],
    "standard count (52 cards)": [standard[c] for c in order],
    "standard frequency": [standard[c] / standard.sum() for c in order],
}, index=order)
exact

# %% [markdown]
# In the 28-card deck the flush (68 hands) is far rarer than the full house
# (1,008): the Spanish order follows rarity there, while in the full deck the
# flush (5,108) is the more common of the two. Yet even this exact count keeps
# two inversions: four of a kind (168) is more common than the flush ranked
# below it, and one pair (53,760) more common than high card (17,340). Hole
# cards and board (exactly two plus three in Spanish poker), seven-card hands,
# the exchange and the draws change all of this; the simulation deals them.
#
# ## 2. The simulation
#
# Loaded from `results/` when a run at least this large with these players and
# games is stored (`equity sim run rarity ...`); otherwise run now.

# %%
run = plots.load_or_run("rarity", deals=DEALS, players=PLAYERS, params={"games": GAMES}, out=RESULTS,
                        seed=SEED, workers=WORKERS)
print(plots.describe_run(run))
result, inversions = run.tables["result"], run.tables["inversions"]
figures = plots.rarity(run)

# %% [markdown]
# ### One player's best hand, each game, in declared order
#
# Categories from the best (left) to the worst (right). If a game's order followed
# rarity, each line would only rise. The vermillion points are categories that
# are significantly more common than some category ranked below them: the
# one-sided p-value of the paired difference is below 5% after Holm's step-down
# correction over every pair compared in the run (the chart's note gives their
# number). The bars are 95% Wilson intervals; a category never seen is marked at
# its 95% upper bound.

# %%
figures["player"]

# %% [markdown]
# ### The winning hand
#
# The same for the hand that wins the deal, at the largest table size each game
# was dealt: the winners' order is what the showdown actually sees.

# %%
figures["winner"]

# %% [markdown]
# ### Every significant inversion between neighbours

# %%
figures["inversions"]

# %%
neighbours = inversions[inversions.significant & (inversions.lower_rank == inversions.higher_rank + 1)
                        & (inversions.hand == "player")]
neighbours[["game", "players", "hand", "higher", "lower", "frequency_higher", "frequency_lower",
            "difference", "stderr", "z"]]

# %% [markdown]
# ### The orders to watch

# %%
watched = {"spanish": ("flush", "full_house"), "egyptian": ("three_of_a_kind", "three_pair"),
           "eldorado": ("five_of_a_kind", "straight_flush")}
rows = []
for game, (higher, lower) in watched.items():
    for (players, hand), cell in result[result.game == game].groupby(["players", "hand"]):
        cell = cell.set_index("category")
        a, b = cell.loc[higher], cell.loc[lower]
        rows.append({"game": game, "players": players, "hand": hand, "higher": higher,
                     "frequency": a.frequency, "stderr": a.stderr, "lower": lower,
                     "frequency lower": b.frequency, "stderr lower": b.stderr,
                     "order holds": a.frequency < b.frequency})
pd.DataFrame(rows)

# %% [markdown]
# ## What it means for play
#
# - **Rank is not rarity once a hand has more than five cards to choose from.**
#   One pair and two pair are more common than high card for one player's hand in
#   Hold'em (0.438 and 0.235 against 0.174), in seven-card draw and seven-card
#   Switch alike; in Omaha two pair (0.369) is even more common than one pair, and
#   in Tahoe nearly so.
# - **Spanish poker's flush is rightly on top of the full house**: 0.006 against
#   0.079 for one player's hand. But four of a kind (0.010) is more common than
#   that flush, and a straight (0.218) is more common than three of a kind (0.153)
#   and even than one pair (0.141). In the short deck with exactly two hole cards,
#   a straight is an ordinary hand.
# - **Egyptian Hold'em's three of a kind is rarer than three pair for one hand**
#   (0.056 against 0.061), as its higher rank says, **but far more common among
#   the winning hands** at six and nine players (0.196 against 0.073 at nine). The
#   full house (0.059) is more common than the flush (0.007), the straight and
#   three of a kind ranked below it, and four of a kind (0.0022) more common than
#   Double Happy (0.0015).
# - **El Dorado's wild card reshapes everything.** Five of a kind (0.013) is rarer
#   than a straight flush (0.037), so that order holds, but with every seat
#   exchanging greedily four of a kind (0.163) is ten times as common as the full
#   house below it: value hands by how often they win, not by their name.
# - **In draw and Switch the full house is more common than the flush** at the
#   showdown (0.0117 against 0.0085 in plain five-card draw): drawing to trips
#   fills more often than drawing to a flush.
#
# Sizes: the published render uses 524,288 deals per cell (twice the study's
# default; under half a minute on two cores). `docs/studies.md` gives the
# size for tighter figures (`equity sim run rarity --deals 1048576`), which this
# notebook loads when stored.
