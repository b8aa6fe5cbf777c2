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
# # Draw strategy: what should I keep, and what is the Switch worth to a player who knows it?
#
# **The rules.** In five-card draw each player keeps some of the five cards dealt and draws
# the rest (at the table three at most, four with an ace). In Switch (rule document 002,
# article 5) every active player also takes one card, at random and unseen, from the
# previous player, once before the draw and once after it: the player sees the card taken
# and knows the card lost, and the hand that reaches the showdown has lost one more card at
# random.
#
# **The questions.** Under a video-poker pay table, what is the best hold of every hand and
# the return of perfect play? At a showdown, which holds does the Switch change? And how much
# does a seat gain by drawing for the Switch (`switch_aware`) instead of by the usual rules
# of thumb (`standard`), how much of it comes from knowing the card lost, and does the gain
# survive when every seat draws that way? The study `draw-strategy`
# (`simulations/draw_strategy.py`) answers all of them; `docs/strategy.md` explains the
# methods.
#
# The parameter cell sets the size. The tests run it with
# `EQUITY_NOTEBOOK_SIZE=small`; the committed copy is the published size.

# %% tags=["parameters"]
import os

SIZE = os.environ.get("EQUITY_NOTEBOOK_SIZE", "published")  # "small" (tests) or "published"
RESULTS = os.environ.get("EQUITY_RESULTS_DIR", "../results")  # stored study runs (equity sim run ...)
DEALS = {"small": 4_096, "published": 524_288}[SIZE]  # deals per cell (game x comparison x players)
PLAYERS = {"small": [2, 3], "published": [2, 3, 4, 5, 6, 7]}[SIZE]
CHECK_SAMPLES = {"small": 4_000, "published": 200_000}[SIZE]  # Monte Carlo deals per checked hold
EXAMPLES = {"small": 2, "published": 5}[SIZE]  # checked kinds of change per opponent count
WORKERS = {"small": 1, "published": 2}[SIZE]  # more than 1: a Dask LocalCluster on this machine
SEED = 20240501

# %%
# %matplotlib inline
import warnings

import pandas as pd

from equity.strategy import hold_values
from simulations import plots

warnings.filterwarnings("ignore", message="IProgress not found")
pd.set_option("display.precision", 4)
pd.set_option("display.width", 160)
print(f"size {SIZE}: {DEALS:,} deals per cell, players {PLAYERS}, {CHECK_SAMPLES:,} deals per checked hold")

# %% [markdown]
# ## 1. Exact figures first: one hand, every hold
#
# Under the 9/6 Jacks or Better pay table every hold of a hand has an exact value: the mean
# payoff over every replacement of the cards thrown. A classic decision: four to a flush
# against a low pair.

# %%
hold_values("draw", "7h7c4h9hKh", "jacks_or_better").head(6)[["hold", "discard", "drawn", "value"]]

# %% [markdown]
# ## 2. The study
#
# Loaded from `results/` when a run at least this large with these players is stored
# (`equity sim run draw-strategy ...`); otherwise run now. The exact tables (returns, best
# holds) and the model tables are computed when the run finishes, in seconds.

# %%
run = plots.load_or_run("draw-strategy", deals=DEALS, players=PLAYERS, out=RESULTS, seed=SEED,
                        workers=WORKERS, params={"check_samples": CHECK_SAMPLES, "examples": EXAMPLES})
print(plots.describe_run(run))
tables = run.tables
figures = plots.draw_strategy(run)

# %% [markdown]
# ### Video poker: the returns of perfect play
#
# Every starting hand, every hold, every replacement, by inclusion-exclusion over the
# discards. The published figures are 0.995439 (9/6 Jacks or Better) and 1.007620
# (full-pay Deuces Wild).

# %%
figures["returns"]

# %%
returns = tables["returns"]
shown = returns.assign(published=returns.published.map("{:.6f}".format),
                       computed=returns.computed.map("{:.7f}".format),
                       difference=returns.difference.map("{:+.1e}".format))
print(shown[["name", "published", "computed", "difference", "classes", "hands"]].to_string(index=False))

# %% [markdown]
# ### The optimal hold chart of Jacks or Better
#
# Each row is a kind of best hold (from the cards kept), how many of the 2,598,960 starting
# hands play it, and how much the best hold is worth over the next best, on average.

# %%
figures["optimal_holds"]

# %%
tables["hold_chart"].query("example == 'closest'")[["kind", "hand", "hold", "value", "second_hold", "margin"]]

# %% [markdown]
# ## 3. At the showdown: which holds does the Switch change?
#
# The showdown model values a final hand by its estimated share of the pot against
# opponents drawing `standard`, and in Switch by its mean over the card lost and the card
# received at the switch after the draw. Its best hold in plain draw and in Switch differ
# for these kinds of hands (the draw limits apply: three cards, four with an ace).

# %%
figures["switch_vs_draw"]

# %%
tables["difference_summary"]

# %%
tables["difference_kinds"].groupby("opponents").head(8)[
    ["opponents", "plain_kind", "switch_kind", "classes", "hands", "share", "margin", "example",
     "example_plain", "example_switch"]]

# %% [markdown]
# ### The model against the exact rules
#
# The model ignores card removal between the seats. For the largest kinds of change, the
# Switch hold and the plain hold are played on the same Monte Carlo deals under the exact
# rules (`showdown_hold_values`): the gain with its paired standard error.

# %%
figures["checks"]

# %%
tables["checks"][["opponents", "hand", "plain_hold", "switch_hold", "model_gain", "mc_gain", "mc_gain_se",
                  "mc_gain_se_unpaired", "z"]]

# %% [markdown]
# ## 4. Playing it: what a switch-aware draw gains
#
# The last seat (the dealer, who draws last) draws `switch_aware` or `standard` on the same
# deals, switches and earlier draws; the difference of its share of the pot is the gain. In
# the third series every other seat draws `switch_aware` too.

# %%
figures["gain"]

# %% [markdown]
# ### The value of knowing the card lost
#
# `switch_aware` treats the card taken from it before the draw as out of the stub;
# `switch_aware_no_info` ignores it.

# %%
figures["information"]

# %%
tables["result"][["game", "comparison", "players", "equity", "baseline_equity", "gain", "gain_se",
                  "gain_se_unpaired", "z"]]

# %% [markdown]
# ## What it means for play
#
# - **Video poker is reproduced exactly.** Perfect play returns 0.995439 in 9/6 Jacks or
#   Better and 1.007620 in full-pay Deuces Wild, the published figures to six decimals. In
#   Jacks or Better a low pair is the most common best hold (28% of starting hands), and high
#   cards alone are kept in about a third of hands.
# - **The Switch changes about a quarter of the holds** (25% of starting hands heads-up, 23%
#   against three opponents in the model). Most of the change is one card: keep an ace or
#   high kicker with a low pair, because the blind switch after the draw breaks the pair two
#   times in five and the kicker is what is left. Pat straights and flushes, which the
#   second switch almost always breaks, are broken up for high cards.
# - **The model is a guide, not the rules.** The Monte Carlo checks confirm the large
#   changes (an ace kept with a low pair, high cards kept instead of a four-flush, a low pair
#   or an open-ended straight draw), but some changes of one kicker go the wrong way under the exact rules: check a
#   close decision with `showdown_hold_values` before trusting it.
# - **Drawing for the Switch pays, most at a short table.** The switch-aware seat gains
#   about one percent of the pot heads-up, about half that at five players, and close to
#   nothing at seven; the gain survives when every seat draws switch-aware (a little larger
#   at two to six players, smaller at seven). Knowing the
#   card lost is worth little, under a tenth of a percent of the pot. In plain draw, where
#   the standard rules of thumb were made, the same policy gains less than half a percent.
#
# Sizes: the published render uses 524,288 deals per cell (twice the study's default) and
# 200,000 Monte Carlo deals per checked hold; `docs/studies.md` gives the size for tighter
# figures (`equity sim run draw-strategy --deals 1048576`), which this notebook loads when
# stored.
