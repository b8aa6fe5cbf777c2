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
# # Starting-hand charts: which hands win most, game by game?
#
# **The rules.** In the two-card games a starting hand is one of 169 classes
# (13 pairs, 78 suited and 78 offsuit combinations; 49 in Spanish poker's
# eight-to-ace deck): by symmetry every combo of a class has the same value
# against random hands. How the class then plays depends on the game: Hold'em
# makes the best five of seven; Spanish poker uses **exactly** both hole cards
# with three of five board cards from 28 cards and ranks the flush above the
# full house; Egyptian Hold'em makes the best **six** of eight cards; El Dorado
# plays an exchange that makes a rank wild. Tahoe deals three hole cards and
# never lets a hand use all three.
#
# **The question.** What is each starting hand's equity against random hands,
# in each game, and how do the charts differ? Each class's equity comes from
# `equity.calc(game, [class, "random"], trials=..., seed=...)` (the class in
# range notation, `"AKs"`, `"T9o"`, `"QQ"`), and the Tahoe table from one
# representative hand per class of three cards. A stored study named
# `starting-hands`, if the study list has one and `results/` holds a run, is
# used instead of computing.
#
# The parameter cell sets the size. The tests run it with
# `EQUITY_NOTEBOOK_SIZE=small`; the committed copy is the published size.

# %% tags=["parameters"]
import os

SIZE = os.environ.get("EQUITY_NOTEBOOK_SIZE", "published")  # "small" (tests) or "published"
RESULTS = os.environ.get("EQUITY_RESULTS_DIR", "../results")  # stored study runs
TRIALS = {"small": 1_000, "published": 500_000}[SIZE]  # Monte Carlo trials per two-card class
TAHOE_TRIALS = {"small": 300, "published": 100_000}[SIZE]  # trials per Tahoe class (1,755 classes)
EXCHANGE_DEALS = {"small": 20_000, "published": 400_000}[SIZE]  # El Dorado deals to look at the exchange
PLAYERS = 2  # the hand against PLAYERS - 1 random hands
GAMES = ["holdem", "spanish", "egyptian", "eldorado"]  # two-card games charted
SEED = 20240501

# %%
# %matplotlib inline
import itertools
import time
import warnings

import numpy as np
import pandas as pd

import equity
from equity import plotting as P
from simulations import harness, plots

warnings.filterwarnings("ignore", message="IProgress not found")
pd.set_option("display.precision", 4)
OPPONENTS = ["random"] * (PLAYERS - 1)
print(f"size {SIZE}: {TRIALS:,} trials per two-card class, {TAHOE_TRIALS:,} per Tahoe class, "
      f"{PLAYERS} players")


def ranks_of(game: str) -> str:
    """The game's ranks, highest first (``"AKQJT98"`` for Spanish poker)."""
    return "".join(equity.cards.RANKS[r] for r in sorted(equity.get_game(game).deck_ranks, reverse=True))


# %% [markdown]
# ## 1. Exact figures first
#
# In Spanish poker a whole heads-up preflop can be listed (325 opposing hands
# times 42,504 boards): these equities are exact. In Hold'em the same listing is
# 1,225 times 1,712,304 outcomes; the exact equity of a pair of aces against a
# random hand, 0.8520, is the classic published figure. The Monte Carlo chart
# below must agree with them within its errors.

# %%
exact_rows = []
for game, hole, cls in [("spanish", "AhAd", "AA"), ("spanish", "AhKh", "AKs"), ("spanish", "9h8d", "98o")]:
    table = equity.calc(game, [hole, *OPPONENTS], exact=True) if PLAYERS == 2 else None
    if table is not None:
        exact_rows.append({"game": game, "hand": cls, "exact equity": float(table.equity[0]),
                           "outcomes": table.attrs["outcomes"]})
exact_rows.append({"game": "holdem", "hand": "AA", "exact equity": 0.8520, "outcomes": np.nan})
exact = pd.DataFrame(exact_rows)
exact

# %% [markdown]
# ## 2. The charts
#
# One `equity.calc` per class and game, seeded; every class uses the same seed,
# so the classes see common random boards (their differences are estimated more
# precisely than each value).

# %%
stored = None
if "starting-hands" in harness.studies():  # study 5 as a batch job, when the study list has it
    stored = plots.find_run("starting-hands", out=RESULTS, players=[PLAYERS])
if stored is not None and {"game", "hand_class", "equity", "stderr"} <= set(stored.table.columns):
    print(plots.describe_run(stored))
    table = stored.table[stored.table.players == PLAYERS]
    charts = table[table.game.isin(GAMES)].rename(columns={"hand": "example", "hand_class": "hand"})
    stored_tahoe = table[table.game == "tahoe"].rename(columns={"hand": "example", "hand_class": "class"})
else:
    stored_tahoe = None
    started = time.perf_counter()
    rows = []
    for game in GAMES:
        for cls in (c for row in P.hand_grid_classes(ranks_of(game)) for c in row):
            table = equity.calc(game, [cls, *OPPONENTS], trials=TRIALS, seed=SEED)
            rows.append({"game": game, "players": PLAYERS, "hand": cls,
                         "combos": len(equity.parse_range(cls, game=game)),
                         "equity": float(table.equity[0]), "stderr": float(table.stderr[0]),
                         "win": float(table.win[0]), "tie": float(table.tie[0])})
    charts = pd.DataFrame(rows)
    print(f"computed {len(charts)} classes in {len(GAMES)} games, {TRIALS:,} trials each, seed {SEED}, "
          f"in {time.perf_counter() - started:.0f} s")
charts["rank"] = charts.groupby("game").equity.rank(ascending=False, method="min").astype(int)

# %%
check = exact.merge(charts, on=["game", "hand"], how="left")
check["z"] = (check.equity - check["exact equity"]) / check.stderr
check[["game", "hand", "exact equity", "equity", "stderr", "z"]]

# %% [markdown]
# ### Texas Hold'em

# %%
plots.starting_hand_chart(charts, "holdem", players=PLAYERS)

# %% [markdown]
# ### Spanish poker

# %%
plots.starting_hand_chart(charts, "spanish", players=PLAYERS)

# %% [markdown]
# ### Egyptian Hold'em

# %%
plots.starting_hand_chart(charts, "egyptian", players=PLAYERS)

# %% [markdown]
# ### El Dorado (every seat exchanges greedily)
#
# The charted hand sits in the first seat, the first to exchange; its opponent is
# the dealer, who exchanges last.

# %%
plots.starting_hand_chart(charts, "eldorado", players=PLAYERS)

# %% [markdown]
# Why do the low pairs lead? A look at the exchange itself: heads-up deals with
# both seats greedy, the first seat's dealt pairs by rank. How often does the
# first seat's wild rank stand, and how often does the dealer take a card of that
# rank back out of the flop?

# %%
deals = equity.simulate("eldorado", 2, EXCHANGE_DEALS, seed=SEED, policies="greedy", progress=False)
first = deals[deals.seat == 0].reset_index(drop=True)
dealer = deals[deals.seat == 1].reset_index(drop=True)
dealt = pd.Series([hole.replace(took, gave) if took else hole
                   for hole, took, gave in zip(first.hole, first.took, first.gave, strict=True)])
paired = dealt.str[0] == dealt.str[2]
why = pd.DataFrame({"pair": dealt[paired].str[0] * 2, "first seat's wild rank stands": first.set_wild[paired],
                    "dealer takes a card of the pair": (dealer.took.str[0] == dealt.str[0])[paired],
                    "first seat's equity": first.share[paired]})
order = [r * 2 for r in equity.cards.RANKS]
why.groupby("pair").agg(["mean", "size"]).loc[order].iloc[:, [0, 2, 4, 5]].set_axis(
    ["first seat's wild rank stands", "dealer takes a card of the pair", "first seat's equity", "deals"],
    axis=1).round(3)

# %% [markdown]
# ### The best and worst classes, side by side

# %%
top = {game: charts[charts.game == game].nsmallest(10, "rank")[["hand", "equity"]].reset_index(drop=True)
       for game in GAMES}
bottom = {game: charts[charts.game == game].nlargest(5, "rank")[["hand", "equity"]]
          .iloc[::-1].reset_index(drop=True) for game in GAMES}
pd.concat({"best 10": pd.concat(top, axis=1), "worst 5": pd.concat(bottom, axis=1)})

# %% [markdown]
# How far a class moves between games: its rank in Hold'em against its rank in
# Egyptian Hold'em and El Dorado (the games with the full deck).

# %%
ranks = charts[charts.game.isin(["holdem", "egyptian", "eldorado"])].pivot(index="hand", columns="game",
                                                                           values="rank")
ranks["egyptian - holdem"] = ranks.egyptian - ranks.holdem
ranks["eldorado - holdem"] = ranks.eldorado - ranks.holdem
correlation = ranks[["holdem", "egyptian", "eldorado"]].corr(method="spearman")
print("rank correlation with Hold'em:", correlation.holdem.round(3).to_dict())
pd.concat({"rise most in El Dorado": ranks.nsmallest(6, "eldorado - holdem"),
           "fall most in El Dorado": ranks.nlargest(6, "eldorado - holdem")})

# %% [markdown]
# ## 3. Tahoe: a ranked table of the 1,755 three-card classes
#
# A class is the three ranks and which of them share a suit, written as the ranks
# and one letter per card for its suit: `AKQ-xxx` all suited, `AKQ-xxy` ace and
# king suited, `AKQ-xyz` three suits; `AAK-xyx` a pair with the king suited to
# one of the aces, `AAK-xyz` unsuited; `AAA-xyz` trips. One representative hand
# per class is valued against random hands; by symmetry its equity is the class's.

# %%
def tahoe_classes() -> list[tuple[str, str, str]]:
    """(class, kind, representative hand) for every three-card class, highest ranks first.

    The name is the ranks, highest first, then one letter per card for its suit:
    ``AKQ-xxy`` has the ace and king suited and the queen of another suit,
    ``AAK-xyx`` the king suited with one of the aces, ``AKQ-xyz`` three suits.
    """
    out = []
    top = sorted(range(13), reverse=True)
    for a, b, c in itertools.combinations_with_replacement(top, 3):
        ranks = "".join(equity.cards.RANKS[r] for r in (a, b, c))
        if a == b == c:
            kind, patterns = "trips", ["xyz"]
        elif a == b or b == c:
            kind, patterns = "pair", (["xyx", "xyz"] if a == b else ["xxy", "xyz"])
        else:
            kind, patterns = "three ranks", ["xxx", "xxy", "xyx", "xyy", "xyz"]
        for pattern in patterns:
            suits: dict[str, str] = {}
            hand = "".join(equity.cards.RANKS[r] + suits.setdefault(letter, "shdc"[len(suits)])
                           for r, letter in zip((a, b, c), pattern, strict=True))
            out.append((f"{ranks}-{pattern}", kind, hand))
    return out


classes = tahoe_classes()
assert len(classes) == 1755 and len({hand for *_, hand in classes}) == 1755
if stored_tahoe is not None and len(stored_tahoe):
    tahoe = stored_tahoe[["class", "kind", "example", "equity", "stderr"]]
    print(f"{len(tahoe)} Tahoe classes from the stored run")
else:
    started = time.perf_counter()
    rows = []
    for name, kind, hand in classes:
        table = equity.calc("tahoe", [hand, *OPPONENTS], trials=TAHOE_TRIALS, seed=SEED)
        rows.append({"class": name, "kind": kind, "example": hand, "equity": float(table.equity[0]),
                     "stderr": float(table.stderr[0])})
    tahoe = pd.DataFrame(rows)
    print(f"{len(tahoe)} Tahoe classes, {TAHOE_TRIALS:,} trials each, seed {SEED}, "
          f"in {time.perf_counter() - started:.0f} s")
tahoe = tahoe.sort_values("equity", ascending=False, ignore_index=True)
tahoe.insert(0, "rank", np.arange(1, len(tahoe) + 1))
pd.concat({"best": tahoe.head(20), "worst": tahoe.tail(8)})

# %%
plots.starting_hand_ranking(tahoe.rename(columns={"class": "hand"}), "tahoe", players=PLAYERS,
                            note=f"Bars: 95% intervals (1.96 standard errors); {TAHOE_TRIALS:,} trials per "
                                 f"class, seed {SEED}.")

# %%
tahoe.groupby("kind").equity.describe()[["count", "mean", "min", "max"]].sort_values("mean", ascending=False)

# %% [markdown]
# ## What it means for play
#
# - **Hold'em** heads-up follows the familiar chart: aces take 85% of the pot
#   against a random hand, then the big pairs; suitedness is worth about two
#   points (AKs 0.671, AKo 0.653), and 32o (0.322) is the worst hand.
# - **Spanish poker compresses the chart and lifts the connectors.** Every hand
#   must use both hole cards with exactly three board cards from 28 cards: aces
#   take only 63% of the pot heads-up, and suited broadway hands (AJs 0.622,
#   JTs 0.605) beat every pair but aces (KK 0.584, QQ 0.554); hands that make few
#   straights, like K8o (0.313), are the worst.
# - **Egyptian Hold'em** keeps the Hold'em order almost exactly (rank correlation
#   0.99): six-card hands from eight cards change the values a little, not the
#   order.
# - **El Dorado turns the pairs upside down when everyone exchanges greedily.**
#   The charted hand exchanges first: 22 takes 81% of the pot and each higher
#   pair less, down to AA at 52% (91% if nobody exchanges). A pair puts one of
#   its cards in the flop and makes its rank wild; the greedy dealer gains little
#   by taking a deuce out of the flop but much by taking an ace, and the table
#   above shows it doing so: with 22 the first seat's wild rank stands in three
#   deals of four, with AA in one of ten, the dealer taking an ace back out of
#   the flop in 90% of deals. Low pairs are the hands to swap with; a high pair
#   swapped first is a gift to the dealer.
# - **Tahoe ranks a pair of aces with a suited kicker first** (about 0.75), ahead
#   of trips (AAA 0.70): only two of the three trips can play, and the third is a
#   dead card that the hand's best draws need. Low trips are the worst hands of
#   all (222 0.27, below 732 rainbow at 0.33). Among the pair classes the kicker
#   matters little; a suited kicker adds about a point.
#
# Sizes: the published render uses 500,000 trials per two-card class (standard
# errors about 0.0007) and 100,000 per Tahoe class (about 0.0015), heads-up; it
# takes well under a minute on two cores.
