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
# # El Dorado: what is the exchange worth to each seat, and is the dealer's worth more?
#
# **The rule.** In El Dorado Hold'em each player, from the dealer's left round to
# the dealer, may once swap one hole card for one flop card. The card put in the
# flop becomes wild with every card of its rank; a later swap replaces the wild
# rank, and with no swap there is no wild card. Then one more board card comes
# (four in all) and each player plays the best five of six cards. The dealer
# exchanges last, knowing every earlier swap, and sets the wild rank that stands.
#
# **The question.** What is a seat's exchange worth, in shares of the pot, and how
# does that depend on where the seat sits? The study `eldorado-swap`
# (`simulations/eldorado_swap.py`) measures each seat's **swap value**: its equity
# when it plays the table's exchange policy minus its equity when it alone never
# exchanges, on the very same deals. Policies: `never`, `greedy` (swap whenever
# the exchange makes the seat's hand better right now) and `lookahead` (swap when
# sampling the rest of the deal says the swap raises the seat's equity).
#
# The parameter cell sets the size. The tests run it with
# `EQUITY_NOTEBOOK_SIZE=small`; the committed copy is the published size.

# %% tags=["parameters"]
import os

SIZE = os.environ.get("EQUITY_NOTEBOOK_SIZE", "published")  # "small" (tests) or "published"
RESULTS = os.environ.get("EQUITY_RESULTS_DIR", "../results")  # stored study runs (equity sim run ...)
DEALS = {"small": 2_048, "published": 65_536}[SIZE]  # deals per cell (profile x players)
LOOKAHEAD_DEALS = {"small": 256, "published": 2_048}[SIZE]  # cap for the ~100x slower lookahead cells
PLAYERS = {"small": [2, 4, 6], "published": list(range(2, 10))}[SIZE]
PROFILES = ["never", "greedy", "lookahead"]
WORKERS = {"small": 1, "published": 2}[SIZE]  # more than 1: a Dask LocalCluster on this machine
SEED = 20240501

# %%
# %matplotlib inline
import warnings

import pandas as pd

import equity
from equity import plotting as P
from simulations import plots

warnings.filterwarnings("ignore", message="IProgress not found")
pd.set_option("display.precision", 4)
print(f"size {SIZE}: {DEALS:,} deals per cell ({LOOKAHEAD_DEALS:,} for lookahead), players {PLAYERS}")

# %% [markdown]
# ## 1. Exact figures first: one deal, swap by swap
#
# The rule document's worked example: three players hold 9♣9♦, K♥4♥ and 2♣3♦ on
# the flop 7♦Q♠4♣. Player 1 (first to act) gives 9♦ for Q♠, making nines wild;
# Player 2 gives K♥ for 7♦, making kings wild instead; the dealer keeps. Every
# last board card can be listed, so each step's equities are exact.

# %%
replay = equity.exchange(["9c9d", "Kh4h", "2c3d"], "7dQs4c", [("9d", "Qs"), ("Kh", "7d"), None])
print(replay)
steps = {
    "nobody swaps (no wild card)": equity.calc("eldorado", ["9c9d", "Kh4h", "2c3d"], board="7dQs4c",
                                               wild="none"),
    "after Player 1's swap (nines wild)": equity.calc("eldorado", ["9cQs", "Kh4h", "2c3d"], board="9d7d4c",
                                                      wild="9"),
    "after Player 2's swap (kings wild)": equity.calc("eldorado", ["9cQs", "7d4h", "2c3d"], board="9dKh4c",
                                                      wild="K"),
}
assert all(t.attrs["method"] == "exact" for t in steps.values())
exact = pd.DataFrame({step: t.equity.to_numpy() for step, t in steps.items()},
                     index=["Player 1", "Player 2", "dealer"]).T
exact

# %% [markdown]
# A swap can hurt the swapper: Player 1's own swap lowered his equity from
# 0.884 to 0.791, because the nines he made wild help the others too, and Player
# 2's later swap moved the wild rank to kings and took him down to 0.605; the
# dealer, who only watched, went from 0 to 0.279. The dealer's position is the
# point of the study.
#
# **Theory.** When nobody may exchange, the seats are exchangeable: every seat's
# equity is exactly a fair share, `1 / players`, and every swap value is 0. The
# `never` profile of the study checks this.

# %% [markdown]
# ## 2. The simulation
#
# The study is loaded from `results/` when a run at least this large with these
# players and profiles is stored there (`equity sim run eldorado-swap ...`);
# otherwise it runs now, at the size of the parameter cell.

# %%
run = plots.load_or_run("eldorado-swap", deals=DEALS, players=PLAYERS,
                        params={"profiles": PROFILES, "lookahead_deals": LOOKAHEAD_DEALS},
                        out=RESULTS, seed=SEED, workers=WORKERS)
print(plots.describe_run(run))
table, dealer = run.tables["result"], run.tables["dealer"]
figures = plots.eldorado_swap(run)

# %%
never = table[table.profile == "never"]
z = ((never.equity - 1 / never.players) / never.equity_se).abs()
print(f"never: largest swap value {never.swap_value.abs().max():.1f}; equity against a fair share: "
      f"largest |z| {z.max():.2f} over {len(never)} seats")

# %% [markdown]
# ### Swap value by seat
#
# Each line is one table size; the diamond is the dealer, who exchanges last.

# %%
figures["swap_value"]

# %% [markdown]
# ### Equity by seat, as a multiple of a fair share

# %%
figures["equity"]

# %% [markdown]
# ### Who sets the final wild rank
#
# The share of deals in which each seat makes the swap that stands (the rest of
# the deals have no wild card: nobody swapped).

# %%
figures["wild_setter"]

# %%
setters = table[table.profile != "never"].pivot_table(index=["profile", "players"], columns="position",
                                                      values="set_wild_rate")
setters["no wild card"] = 1 - setters.sum(axis=1)
setters[["first", "dealer", "no wild card"]].round(4)

# %% [markdown]
# ### The dealer against the other seats

# %%
figures["dealer"]

# %%
dealer[dealer.profile != "never"][[
    "profile", "players", "fair_share", "dealer_equity", "dealer_equity_se", "dealer_swap_value",
    "dealer_swap_value_se", "dealer_minus_others_swap_value", "dealer_minus_others_swap_value_se",
    "dealer_minus_others_z"]]

# %% [markdown]
# ## What it means for play
#
# - **Sit on the button.** The dealer's exchange is the only one nobody can undo:
#   the dealer sees every earlier swap and picks the wild rank that stands. In the
#   published run, with every seat greedy, the dealer's swap value is +0.034 of a
#   pot heads-up, +0.019 at six players and +0.011 at nine, 0.03 to 0.05 above the
#   other seats' mean at every table size, and the dealer's equity (its share of
#   the pot) is 1.19 fair shares at six players.
# - **Early swaps feed the later seats.** Greedy first seats swap almost every
#   time, yet their swap values are below zero at every table size of three or
#   more (the first seat's is about -0.03 at six players): a wild rank set early is
#   usually replaced, or helps the players behind as much as the swapper. An early
#   seat should swap only for a hand that stands up without the wild card; the
#   later the seat, the more freely it can swap.
# - **Looking ahead pays, most of all for the dealer.** With every seat looking
#   ahead (sampling the rest of the deal before swapping), the first seat still
#   swaps in 83% to 86% of deals, but beyond three players its wild rank almost
#   never stands: the dealer sets the final wild rank in 70% to 76% of deals, and
#   its swap value is +0.21 heads-up and +0.13 at six players (these cells have
#   2,048 deals, hence the wider intervals).
#
# Sizes: the published render uses 65,536 deals per `never` and `greedy` cell
# and 2,048 per `lookahead` cell (the study's default sizes; about three minutes
# on two cores). `docs/studies.md` gives the sizes for tighter figures
# (`equity sim run eldorado-swap --deals 1048576`), which this notebook loads
# when stored.
