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
# # Switch: how often does the blind switch break a pair, and what does it do to the hands?
#
# **The rule.** In Switch (five-card draw with two switches) every active player
# takes one card, at random and unseen, from the previous active player, once
# before the draw and once after it. In the seven-card form there is no draw: the
# two switches follow each other. The rule document states the figure to check:
# *in a five-card game a given pair loses one of its cards with probability 2/5
# on each switch.*
#
# **The question.** Is that right at the table, with real draws in between; how
# many dealt pairs survive to the showdown; and what does the switch do to the
# hands that reach the showdown and to the value of a pat hand? The study
# `switch-pairs` (`simulations/switch_pairs.py`) plays five- and seven-card
# Switch with each draw policy (`stand`, `standard`, `max`) and the same games
# without the switch.
#
# The parameter cell sets the size. The tests run it with
# `EQUITY_NOTEBOOK_SIZE=small`; the committed copy is the published size.

# %% tags=["parameters"]
import os

SIZE = os.environ.get("EQUITY_NOTEBOOK_SIZE", "published")  # "small" (tests) or "published"
RESULTS = os.environ.get("EQUITY_RESULTS_DIR", "../results")  # stored study runs (equity sim run ...)
DEALS = {"small": 4_096, "published": 262_144}[SIZE]  # deals per cell (game x policy x players)
PLAYERS = {"small": [2, 4], "published": [2, 3, 4, 5, 6, 7]}[SIZE]
SHOWN_PLAYERS = 2  # table size of the survival and showdown charts
WORKERS = {"small": 1, "published": 2}[SIZE]  # more than 1: a Dask LocalCluster on this machine
SEED = 20240501

# %%
# %matplotlib inline
import warnings
from fractions import Fraction

import pandas as pd

import equity
from simulations import plots

warnings.filterwarnings("ignore", message="IProgress not found")
pd.set_option("display.precision", 4)
print(f"size {SIZE}: {DEALS:,} deals per cell, players {PLAYERS}")

# %% [markdown]
# ## 1. The exact figure: 2 in 5
#
# The card taken at a switch is one of the five in the hand, each equally likely
# and unseen; a pair is broken when the taken card is one of its two. Listing the
# five positions gives the rule's figure, and the seven-card game's 2 in 7. A
# pair kept through one switch is kept with probability 3/5; with no draw and no
# help from the cards received, through two switches with (3/5)² = 9/25. Cards
# received can rebuild a pair, so the chance to still hold one is a little
# higher than that product.

# %%
def breaks(hand_size: int) -> Fraction:
    """Share of the positions the switch may take from that are one of the pair's two cards."""
    pair = {0, 1}
    taken = list(range(hand_size))
    return Fraction(sum(position in pair for position in taken), len(taken))


exact = {"five-card Switch": breaks(5), "seven-card Switch": breaks(7)}
for game, p in exact.items():
    print(f"{game}: a pair loses a card with probability {p} = {float(p):.4f}; "
          f"kept through one switch {1 - p}, through two with no help {(1 - p) ** 2} = {float((1 - p) ** 2):.4f}")
# The same on a real hand: of the five cards the switch may take from K♥K♦7♣4♠2♥, two are kings.
hand = equity.card_codes("KhKd7c4s2h")
kings = sum(equity.cards.RANKS[int(card) >> 2] == "K" for card in hand)
assert Fraction(kings, len(hand)) == exact["five-card Switch"]

# %% [markdown]
# The rule document's own example: A holds K♥K♦7♣4♠2♥ and loses K♦ for the
# Q♠ at the switch.

# %%
before = equity.evaluate("switch", "K♥K♦7♣4♠2♥")
after = equity.evaluate("switch", "K♥Q♠7♣4♠2♥")
print(f"before the switch: {before}; after it: {after}")

# %% [markdown]
# ## 2. The simulation
#
# Loaded from `results/` when a run at least this large with these players is
# stored (`equity sim run switch-pairs ...`); otherwise run now.

# %%
run = plots.load_or_run("switch-pairs", deals=DEALS, players=PLAYERS, out=RESULTS, seed=SEED,
                        workers=WORKERS)
print(plots.describe_run(run))
result, categories, pat = run.tables["result"], run.tables["categories"], run.tables["pat_equity"]
figures = plots.switch_pairs(run, players=SHOWN_PLAYERS)

# %% [markdown]
# ### A pair loses a card at each switch: 2 in 5
#
# Each point is the share of pairs held at that switch that lose a card, for one
# table size; the dashed line is the exact figure.

# %%
figures["pair_lost"]

# %%
lost = result[result.measure == "pair_lost"]
lost.assign(z=lost.z.round(2))[["game", "policy", "players", "when", "pairs", "estimate", "stderr", "exact",
                                 "z"]].query("policy in ['standard', 'none']")

# %% [markdown]
# ### A dealt pair through switch, draw and switch
#
# The share of pairs dealt that the player still holds (at least two cards of
# that rank) after each step; the hollow squares are the same games without the
# switch.

# %%
figures["pair_survival"]

# %% [markdown]
# ### The hands at the showdown, with and without the switch

# %%
figures["showdown"]

# %% [markdown]
# ### What a pat hand is worth
#
# Equity of a hand dealt two pair or better, with the switch and in the same
# game without it.

# %%
figures["pat_equity"]

# %%
pat[pat.dealt == "two_pair_or_better"][["game", "policy", "players", "n_switch", "switch", "switch_se",
                                        "plain", "plain_se", "difference", "difference_se", "fair_share"]]

# %% [markdown]
# ## What it means for play
#
# - **The 2 in 5 is right**, at every table size and with every draw policy, and
#   2 in 7 with seven cards: every estimate above is within a few standard errors
#   of it. The switch does not care what the hand is.
# - **A dealt pair is less than a coin flip to last.** Heads-up with the standard
#   draw, 44% of the pairs dealt in five-card Switch are still held at the
#   showdown (46% standing pat, 13% drawing the most cards); the draw rebuilds a
#   few, the second switch breaks them again. Seven-card Switch keeps 58%.
# - **Five-card Switch shrinks the showdown.** With the switch, 15% of hands reach
#   two pair or better at the showdown against 24% in plain draw (heads-up,
#   standard draw), and the winning hand is more often one pair or high card. In
#   seven-card Switch, with no draw, the showdown hands are distributed exactly
#   as without the switch: each hand is still seven random cards, only who holds
#   them changes.
# - **Pat hands lose most of their edge.** A dealt two pair or better wins 0.62
#   of the pot heads-up with the switch against 0.87 in plain draw (0.25 against
#   0.55 at six players), and 0.61 against 0.80 in seven-card Switch. Bet a made
#   hand before the first switch, and value the hand that can survive two blind
#   switches, not the one you were dealt.
#
# Sizes: the published render uses 262,144 deals per cell (twice the study's
# default; about four minutes on two cores). `docs/studies.md` gives the size for
# tighter figures (`equity sim run switch-pairs --deals 1048576`), which this
# notebook loads when stored.
