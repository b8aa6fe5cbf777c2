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
# # Push/fold: with a short stack heads-up, which hands go all in, and which call?
#
# **The model.** Two players; the small blind posts 0.5 big blinds and the big blind 1; both
# have the same stack (in big blinds, the blinds included). The small blind either pushes all
# in or folds; facing a push the big blind calls or folds, and a called push goes to the
# showdown with no more decisions. In every game where the hands are dealt before the board
# and compared at the showdown this game has an equilibrium: a pushing range and a
# calling range that neither player can exploit.
#
# **The questions.** At each stack, which hands should the small blind push and the big blind
# call, in Texas Hold'em, Spanish poker (28 cards, 8 to ace), Egyptian Hold'em (a six-card
# board) and Tahoe (three hole cards, at most two of them used)? Up to which stack is each hand played (the push/fold chart)? And do the Hold'em
# figures match the published Nash charts? The study `push-fold` (`simulations/push_fold.py`)
# solves every stack of a grid with `equity.strategy.push_fold`; `docs/strategy.md` explains
# the class matrix and the solver.
#
# The parameter cell sets the size. The tests run it with `EQUITY_NOTEBOOK_SIZE=small`; the
# committed copy is the published size.

# %% tags=["parameters"]
import os

SIZE = os.environ.get("EQUITY_NOTEBOOK_SIZE", "published")  # "small" (tests) or "published"
RESULTS = os.environ.get("EQUITY_RESULTS_DIR", "../results")  # stored study runs (equity sim run ...)
GAMES = {"small": ["holdem", "spanish", "egyptian", "tahoe"],
         "published": ["holdem", "spanish", "egyptian", "tahoe"]}[SIZE]
TRIALS = {"small": 100, "published": 50_000}[SIZE]  # Monte Carlo trials per pair of classes (Egyptian)
MATRIX_DEALS = {"small": 1_000_000, "published": 200_000_000}[SIZE]  # random deals behind Tahoe's matrix
STACK_MAX = {"small": 12.0, "published": 20.0}[SIZE]  # stacks 1.1 to STACK_MAX bb, every STACK_STEP bb
STACK_STEP = {"small": 0.5, "published": 0.1}[SIZE]  # (a Tahoe solve takes 0.7 s: 22 of them at the small size)
SEED = 20240501  # the run's seed, and the seed of its Monte Carlo class matrices

# %%
# %matplotlib inline
import warnings

import pandas as pd

import equity
from equity.strategy import push_fold
from equity.strategy.push_fold_solver import class_matrix
from simulations import plots

warnings.filterwarnings("ignore", message="IProgress not found")
pd.set_option("display.precision", 4)
pd.set_option("display.width", 160)
print(f"size {SIZE}: games {GAMES}, {TRIALS:,} trials per pair of classes where the matrix is Monte Carlo, "
      f"{MATRIX_DEALS:,} random deals for Tahoe's, stacks 1.1-{STACK_MAX:g} bb every {STACK_STEP:g}")

# %% [markdown]
# ## 1. Exact figures first
#
# **Where the big blind calls everything.** With a very short stack the big blind is getting
# such a price that it calls with every hand. A push then gains `S (2e - 1) + 1/2` big blinds
# over a fold, `e` the hand's share of the pot against a random hand: the small blind pushes
# while `S < 0.5 / (1 - 2e)`. Hold'em's exact class matrix gives `e` (every board of every pair
# of combinations, card removal included), so the thresholds of the weakest hands follow
# without any solver.

# %%
holdem = class_matrix("holdem")
e = pd.Series(holdem.random_hand_equity(), index=holdem.classes.names)
weakest = e.sort_values().head(6)
pd.DataFrame({"equity vs a random hand": weakest,
              "push threshold 0.5 / (1 - 2e), bb": 0.5 / (1 - 2 * weakest)})

# %% [markdown]
# **One stack.** At 10 big blinds the solver (predictive CFR+, to an exploitability below
# 1e-6 big blinds per hand) gives the ranges below: a class's name where it is pushed, `.`
# where it is folded, a percentage where it is mixed.

# %%
ten = push_fold("holdem", 10)
print(f"pushes {ten.push_percent:.2f}% of the 1,326 combinations, calls {ten.call_percent:.2f}%; "
      f"small blind's value {ten.value:+.4f} bb a hand; exploitability {ten.exploitability:.1e} bb a hand")
print(ten.chart("push"))

# %% [markdown]
# ## 2. The study
#
# One cell per game: the class matrix (cached on disk, so only its first use costs minutes)
# and the equilibrium at every stack from 1.1 big blinds in steps of 0.1. Loaded from
# `results/` when a run with these games and trials is stored (`equity sim run push-fold`);
# otherwise run now.

# %%
run = plots.load_or_run("push-fold", deals=1, players=[2], out=RESULTS, seed=SEED,
                        params={"games": GAMES, "trials": TRIALS, "matrix_deals": MATRIX_DEALS,
                                "stack_max": STACK_MAX, "stack_step": STACK_STEP})
record = run.record
print(f"{'loaded the stored run' if record.get('loaded') else 'ran'} {record['run_id']}: games "
      f"{', '.join(record['parameters']['games'])}, {record['parameters']['trials']:,} trials per pair of "
      f"classes in Monte Carlo matrices, seed {record['seed']}; {record['elapsed_seconds']:.0f} s, "
      f"code {record.get('git_commit') or '?'!s:.10} (the harness's deals per cell: {record['deals']}, one "
      "chunk per game)")
tables = run.tables
figures = plots.push_fold(run)
tables["matrices"][["game", "method", "trials", "classes", "combos", "seconds", "stderr_mean", "unreached",
                    "max_exploitability"]]

# %% [markdown]
# ## 3. The push/fold charts
#
# Each cell is the largest stack at which the class is played: pushed by the small blind, or
# called by the big blind facing a push. `20+` means at every stack of the grid, `-` at none.
# Hold'em first: the published Nash charts print the same numbers to one decimal.

# %%
figures["holdem_push"]

# %%
figures["holdem_call"]

# %% [markdown]
# Spanish poker's 28-card deck (8 to ace) has 49 classes; a flush beats a full house, and
# the small straights count. Egyptian Hold'em deals six board cards; its matrix is Monte
# Carlo, so each threshold carries an interval (the colour bar states the widest).

# %%
figures["spanish_push"]

# %%
figures["spanish_call"]

# %%
figures["egyptian_push"]

# %%
figures["egyptian_call"]

# %% [markdown]
# ## 4. Range sizes against the stack
#
# The share of the combinations each player plays, and what the small blind wins, at every
# stack solved.

# %%
figures["ranges"]

# %%
result = tables["result"]
shown = result[result["stack"].isin([1.5, 2.0, 3.0, 5.0, 7.5, 10.0, 15.0, 20.0])]
shown[["game", "stack", "push_percent", "push_percent_low", "push_percent_high", "call_percent",
       "value", "value_se", "exploitability"]]

# %% [markdown]
# ## 5. The Hold'em anchors against the published charts
#
# Issue 28 quotes the published Nash push/fold charts (no ante): 58.4% pushed and 37.3-37.6%
# called at 10 big blinds (within 1 percentage point), the push thresholds of K2o 11.6, Q7o
# 10.3 and T3s 7.7 and the call threshold of Q2o 5.6 big blinds (within 0.2), and 72o 1.622
# and 32o 1.413 from the formula above (within 0.01).

# %%
figures["anchors"]

# %%
tables["anchors"][["anchor", "published", "low", "high", "computed", "formula", "within"]]

# %% [markdown]
# ## 6. The same hand in another game
#
# The classes whose push threshold differs most between Egyptian Hold'em and Hold'em (`20+`
# counted as 20), with Spanish poker's beside them where the class exists (in its 8-to-ace
# deck an 8 or a 9 is the lowest card, so 88 and 98o are weak hands there).

# %%
chart = tables["thresholds"].pivot(index="hand", columns="game", values="push")
chart = chart.replace(float("inf"), STACK_MAX)  # played at every stack: the grid's top
gap = (chart["egyptian"] - chart["holdem"]).dropna()
chart.loc[gap.abs().sort_values(ascending=False).index[:10]].assign(egyptian_less_holdem=gap)

# %% [markdown]
# ## 7. Tahoe: three hole cards, 1,755 classes
#
# Three hole cards make 1,755 classes under suit relabelling, 1.5 million pairs of them: too
# many for one calculation per pair. Tahoe's matrix comes from whole random deals instead, each
# counted in the cell of the two classes it dealt (`method="deals"`); a cell's standard error
# is its deals' spread, and the solver carries them into every gain, range size and threshold.
# No rank grid holds 1,755 classes: the first chart sets each class's threshold against its
# equity against a random hand, coloured by its shape; the second lays the 325 paired classes
# on two rank grids (the pair down the side, the kicker along the top).

# %%
figures["tahoe_push"]

# %%
figures["tahoe_call"]

# %%
figures["tahoe_pairs_push"]

# %%
tahoe = tables["thresholds"][tables["thresholds"].game == "tahoe"]
print("the pushed classes with the lowest equity against a random hand, and the folded ones with the highest:")
pushed_always = tahoe[tahoe.push == float("inf")]
folded_somewhere = tahoe[tahoe.push != float("inf")]
pd.concat([pushed_always.nsmallest(5, "equity_vs_random"), folded_somewhere.nlargest(5, "equity_vs_random")])[
    ["hand", "kind", "combos", "equity_vs_random", "push", "push_low", "push_high", "call"]]

# %% [markdown]
# **Omaha.** Four hole cards make 16,432 classes: a matrix of 270 million cells, each pair of
# classes dealt together a few times in a billion random deals. The solver refuses it:

# %%
try:
    push_fold("omaha", 10)
except equity.GameError as error:
    print(f"omaha: {error}")

# %% [markdown]
# ## What it means for play
#
# - **The Hold'em chart is the published one.** At 10 big blinds the small blind pushes
#   58.3% of its hands and the big blind calls 37.4%; K2o is pushed up to 11.7 big blinds,
#   Q7o to 10.3, T3s to 7.7, and Q2o called to 5.6. Every anchor of issue 28 holds, and the
#   solution is within 1e-6 big blinds per hand of an equilibrium at every stack.
# - **Below about 2.7 big blinds the big blind calls with everything**, so the small blind
#   pushes exactly the hands whose equity against a random hand beats `(S - 0.5) / 2S`: 72o
#   until 1.62 big blinds, 32o, the worst hand, until 1.41.
# - **Ranges shrink as stacks grow, but not smoothly.** Some weak suited hands (63s, T3s) are
#   pushed, folded at larger stacks and pushed again: the chart gives the largest stack, and
#   the gaps sit below it.
# - **The game changes the chart.** In Spanish poker the short deck bunches the equities: the
#   small blind pushes 46% of its hands at 20 big blinds (Hold'em 40%) and its push/fold game
#   stays worth playing to about 11 big blinds (Hold'em: below 7.8). Egyptian Hold'em's
#   ranges are Hold'em's in size (57.6% pushed at 10 big blinds), but not in content: with a
#   sixth board card small suited connectors lose their edge (54s is pushed to 2.1 big blinds,
#   not 20+) and offsuit broadway hands gain (Q8o is pushed at every stack to 20, in Hold'em to 13).
# - **Tahoe's third hole card widens both ranges.** At 10 big blinds the small blind pushes
#   66.2% of its hands (95% band 64.4-68.4%) and the big blind calls 49.2%, against Hold'em's
#   58.3% and 37.4%; the small blind's value peaks at +0.067 big blinds near 6 big blinds and
#   stays positive up to 11.9 (Hold'em: 7.8). Half of the hands (928 of 1,755 classes) are
#   pushed at every stack to 20.
# - **In Tahoe trips are a pair with a dead card** (at most two hole cards play): 999 is pushed
#   only up to 15.9 big blinds and 222 to 1.1, while A22, a pair with an ace beside it, is
#   pushed at every stack. The equity against a random hand orders the thresholds closely (rank
#   correlation 0.97), but connected suited cards beat it: 7♠6♠5♥ (equity 0.450 against a random
#   hand) is pushed at every stack, 8♠8♥2♦ (0.534) only up to 19.6.
#
# Sizes: the published render uses the study's defaults (stacks 1.1-20 big blinds every
# 0.1; 50,000 trials per pair of classes for Egyptian Hold'em's matrix and 200 million random
# deals for Tahoe's, seed 20240501), the small one a grid to 12 big blinds every 0.5, 100
# trials per pair and a million deals. `docs/studies.md` (section 7)
# lists the run's figures.
