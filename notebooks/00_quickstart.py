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
# # Quickstart: hands, equities and how to read the results
#
# **The question.** Given some cards, who has the better hand, and what share of
# the pot does each hand win on average? This notebook answers both for every game
# of the toolkit, first one hand at a time, then as exact and Monte Carlo equities
# with `equity.calc`, and shows how to read the table it returns.
#
# **The rules it rests on.** Each game is read from its rule document
# (`docs/rules.md` says how, default by default): Texas Hold'em and Omaha, Tahoe
# (three hole cards, never all three used), Spanish poker (28 cards, flush above
# full house), Egyptian Hold'em (six-card hands, House Party and Double Happy), El
# Dorado (an exchange that makes a rank wild) and Switch (a blind card switch
# around a draw). The worked examples below are the documents' own.
#
# The one parameter cell below sets the Monte Carlo sample size. The test suite
# runs this notebook with `EQUITY_NOTEBOOK_SIZE=small`; the committed copy was
# rendered at the published size.

# %% tags=["parameters"]
import os

SIZE = os.environ.get("EQUITY_NOTEBOOK_SIZE", "published")  # "small" (tests) or "published"
TRIALS = {"small": 20_000, "published": 2_000_000}[SIZE]  # Monte Carlo trials per question
SEED = 20240501  # every Monte Carlo figure below is seeded: rerunning gives the same numbers

# %%
# %matplotlib inline
import warnings

import numpy as np
import pandas as pd

import equity
from equity import plotting as P

warnings.filterwarnings("ignore", message="IProgress not found")  # progress bars stay off here
pd.set_option("display.precision", 4)
print(f"equity {equity.__version__}; size {SIZE}: {TRIALS:,} trials per Monte Carlo question")

# %% [markdown]
# ## 1. Cards
#
# Cards are written as text in any of the usual ways (`"J♥10♣5♥"`, `"Jh Tc 5h"`,
# `"JhTc5h"` are the same three cards) and stored as `uint8` codes, `4 * rank + suit`
# with rank 0 the deuce and suits in the order c, d, h, s.

# %%
codes = equity.card_codes("J♥10♣5♥")
print(codes, equity.format_cards(codes))
assert codes.tolist() == equity.card_codes("Jh Tc 5h").tolist() == equity.card_codes("JhTc5h").tolist()

# %% [markdown]
# ## 2. One hand at a time: the rule documents' worked examples
#
# `equity.evaluate(game, hole, board)` returns a `Hand`: it prints as words, knows
# its category and the five (Egyptian: six) cards it is made of, how many hole
# cards it uses, and compares with `>` against another hand of the same game.

# %%
examples = [
    # (document, example, game, player, hole, board, wild)
    ("El Dorado", "the wild card moves: flop, before the exchange", "eldorado", "Player 1", "9♣9♦", "7♦Q♠4♣", None),
    ("El Dorado", "the wild card moves: flop, before the exchange", "eldorado", "Player 2", "K♥4♥", "7♦Q♠4♣", None),
    ("El Dorado", "the wild card moves: final board, kings wild", "eldorado", "Player 1", "9♣Q♠", "9♦K♥4♣4♠", "K"),
    ("El Dorado", "the wild card moves: final board, kings wild", "eldorado", "Player 2", "7♦4♥", "9♦K♥4♣4♠", "K"),
    ("El Dorado", "had nines stayed wild", "eldorado", "Player 1", "9♣Q♠", "9♦K♥4♣4♠", "9"),
    ("Egyptian", "House Party beats a full house", "egyptian", "Player A", "8♥8♣", "8♠8♦3♣K♥5♠K♦", None),
    ("Egyptian", "House Party beats a full house", "egyptian", "Player B", "K♠3♦", "8♠8♦3♣K♥5♠K♦", None),
    ("Tahoe", "three hole cards, but only two count", "tahoe", "Player", "A♥K♥Q♥", "J♥10♣5♥2♠9♦", None),
    ("Tahoe", "using one hole card", "tahoe", "Player A", "A♣2♦4♥", "A♠A♦8♣8♥3♠", None),
    ("Tahoe", "using one hole card", "tahoe", "Player B", "8♠K♦K♣", "A♠A♦8♣8♥3♠", None),
    ("Spanish", "flush beats full house", "spanish", "Player 1", "A♥J♥", "K♥K♦9♥8♥10♣", None),
    ("Spanish", "flush beats full house", "spanish", "Player 2", "K♠9♠", "K♥K♦9♥8♥10♣", None),
    ("Hold'em", "the same cards in Hold'em", "holdem", "Player 1", "A♥J♥", "K♥K♦9♥8♥10♣", None),
    ("Hold'em", "the same cards in Hold'em", "holdem", "Player 2", "K♠9♠", "K♥K♦9♥8♥10♣", None),
    ("Switch", "a switch spoils a draw: before", "switch", "Player A", "K♥K♦7♣4♠2♥", "", None),
    ("Switch", "a switch spoils a draw: after", "switch", "Player A", "K♥Q♠7♣4♠2♥", "", None),
]
hands = {}
rows = []
for document, example, game, player, hole, board, wild in examples:
    hand = equity.evaluate(game, hole, board, wild=wild)
    hands[example, player] = hand
    rows.append({"document": document, "example": example, "player": player, "hole": hole,
                 "board": board or "-", "wild": wild or "-", "hand": str(hand), "category": hand.category,
                 "cards": hand.cards, "hole cards used": hand.hole_cards_used})
pd.DataFrame(rows).set_index(["document", "example", "player"])

# %% [markdown]
# The documents' verdicts hold (each line is checked):
#
# - El Dorado: before the exchange 9♣9♦ beats K♥4♥ on 7♦Q♠4♣; after both swaps
#   (Player 1 gave 9♦ for Q♠, Player 2 gave K♥ for 7♦, so kings are wild) the
#   final board 9♦K♥4♣4♠ gives Player 1 nines full of fours and Player 2 four
#   fours, and Player 2 wins. Had the nines stayed wild, Player 1 would have four
#   fours.
# - Egyptian Hold'em: House Party (four eights and a pair of kings) beats the
#   full house.
# - Tahoe: A♥K♥Q♥ on J♥10♣5♥2♠9♦ is a king-high straight, not a heart flush and
#   not an ace-high straight (either would need all three hole cards); aces full
#   beats eights full, each with one hole card.
# - Spanish poker: the flush beats the full house; with the same cards in Hold'em
#   the full house wins.
# - Switch: losing K♦ for Q♠ at the switch turns a pair of kings into king high.

# %%
final = "the wild card moves: final board, kings wild"
assert hands["the wild card moves: flop, before the exchange", "Player 1"] > \
    hands["the wild card moves: flop, before the exchange", "Player 2"]
assert hands[final, "Player 1"].category == "full_house"
assert hands[final, "Player 2"].category == "four_of_a_kind"
assert hands[final, "Player 2"] > hands[final, "Player 1"]
assert hands["had nines stayed wild", "Player 1"].category == "four_of_a_kind"
assert hands["House Party beats a full house", "Player A"] > hands["House Party beats a full house", "Player B"]
assert str(hands["three hole cards, but only two count", "Player"]) == "king-high straight"
assert hands["using one hole card", "Player A"] > hands["using one hole card", "Player B"]
assert hands["flush beats full house", "Player 1"] > hands["flush beats full house", "Player 2"]
assert hands["the same cards in Hold'em", "Player 2"] > hands["the same cards in Hold'em", "Player 1"]
assert hands["a switch spoils a draw: before", "Player A"] > hands["a switch spoils a draw: after", "Player A"]
print("every verdict of the rule documents holds")

# %% [markdown]
# Omaha uses exactly two of its four hole cards, and lows (Omaha and Tahoe:
# ace-to-five, eight or better; El Dorado: no qualifier) have their own function.
# The El Dorado exchange can be replayed by hand: here are the swaps of the
# worked example, which leave kings wild, set by Player 2 (seat 1).

# %%
omaha = equity.evaluate("omaha", "A♥K♠Q♦J♣", "9♥8♥5♥2♥3♣")
holdem = equity.evaluate("holdem", "A♥K♠", "9♥8♥5♥2♥3♣")
print(f"Omaha: {omaha} (one heart in hand is no flush: a hand uses exactly two hole cards); "
      f"Hold'em with A♥K♠: {holdem}")
assert omaha.category == "high_card" and holdem.category == "flush"
print("Tahoe low:", equity.evaluate_low("tahoe", "A♣2♦4♥", "7h 8c 3d Kd Qs"))
print("Tahoe low with no qualifier:", equity.evaluate_low("tahoe", "KcQdJh", "9h 8c 3d Kd Qs"))
print("El Dorado low:", equity.evaluate_low("eldorado", "Ah9c", "2d3hKd4s", wild="K", wild_can_be_ace=False))
replay = equity.exchange(["9c9d", "Kh4h", "2c3d"], "7dQs4c", [("9d", "Qs"), ("Kh", "7d"), None])
replay

# %% [markdown]
# Millions of hands at once go through `evaluate_many` with arrays of card codes
# (one row per hand); a larger strength wins and `categories_of` names them.

# %%
rng = np.random.default_rng(SEED)
deals = np.array([rng.permutation(52)[:7] for _ in range(5)], dtype=np.uint8)
strengths = equity.evaluate_many("holdem", deals[:, :2], deals[:, 2:])
pd.DataFrame({"hole": [equity.format_cards(d[:2]) for d in deals],
              "board": [equity.format_cards(d[2:]) for d in deals],
              "category": equity.categories_of("holdem", strengths), "strength": strengths})

# %% [markdown]
# ## 3. Equity, exactly
#
# `equity.calc(game, hands, board)` gives each hand's expected share of the pot.
# When every outcome can be listed in about a second it enumerates them (the
# result is exact, `stderr` 0); otherwise it samples. The classic preflop race:

# %%
race = equity.calc("holdem", ["AhKh", "QsQd"])
print(race.attrs["method"], f"over {race.attrs['outcomes']:,} boards")
race

# %% [markdown]
# Flop spots, hi-lo pots and the games with their own deck or ranking work the
# same way: exactly, whenever the rest of the board can be listed.

# %%
spots = {
    "Hold'em flop, three hands": equity.calc("holdem", ["AhKh", "QsQd", "JcTc"], board="2h7hTs"),
    "Omaha hi-lo flop": equity.calc("omaha", ["AhAs2d3c", "KhKdQsJs"], board="4h5s9c", hi_lo=True),
    "Egyptian flop": equity.calc("egyptian", ["8h8c", "KsKd"], board="8s8d3c"),
    "El Dorado after the exchange, kings wild": equity.calc("eldorado", ["9cQs", "7d4h", "2c3d"],
                                                            board="9dKh4c", wild="K"),
}
pd.concat(spots, names=["spot", "seat"])

# %% [markdown]
# Even a whole Spanish heads-up preflop fits: aces against a random hand, every
# one of 325 opposing hands and 42,504 boards.

# %%
spanish_aces = equity.calc("spanish", ["AhAd", "random"], exact=True)
print(f"{spanish_aces.attrs['method']}: {spanish_aces.attrs['outcomes']:,} outcomes "
      f"in {spanish_aces.attrs['seconds']:.1f} s")
spanish_aces

# %% [markdown]
# ## 4. Equity by Monte Carlo, and a range against a range
#
# Give `trials=` (or `precision=`, a target standard error) to sample. Hands can
# be ranges in the analysts' notation for two-card games (`"QQ+, AKs"`,
# `"JJ-99"`, `"A2s+"`, `"AKo:0.5"`) or `"random"`; combos that clash with known
# cards are left out, and two ranges are weighted by the combos that fit together.

# %%
print("combos:", {text: len(equity.parse_range(text)) for text in ("QQ+, AKs", "JJ-99, AQs+", "A2s+")})
ranges = equity.calc("holdem", ["QQ+, AKs", "JJ-99, AQs+", "random"], trials=TRIALS, seed=SEED)
ranges

# %% [markdown]
# ### Reading the result table
#
# - One row per seat, in seat order (seat 0 is first to the dealer's left).
# - `equity`: the expected share of the pot (the column sums to 1); `win`: the
#   chance of the whole pot alone; `tie`: the chance of a part of it. With a hi-lo
#   pot also `high`, `low` (the parts of `equity` won from each half) and `scoop`.
# - `stderr`: the standard error of `equity`, 0 when exact. A 95% interval is
#   `equity ± 1.96 * stderr`.
# - `attrs`: `method` (`"exact"` or `"monte carlo"`), `outcomes` or `trials`,
#   `seed` (give it back to get the very same numbers; with no seed one is drawn
#   and reported here), `game`, `board`, `dead`, `pot` and `seconds`.

# %%
print(ranges.attrs)
assert abs(ranges.equity.sum() - 1) < 1e-9
again = equity.calc("holdem", ["QQ+, AKs", "JJ-99, AQs+", "random"], trials=TRIALS, seed=SEED)
assert again.equity.tolist() == ranges.equity.tolist()  # same seed, same bits
ranges.assign(low_95=ranges.equity - P.Z95 * ranges.stderr, high_95=ranges.equity + P.Z95 * ranges.stderr)

# %% [markdown]
# The games with phases between the streets are sampled, their phases played by
# the deal engine's policies: the El Dorado exchange (every seat `greedy` unless
# `policies=` says otherwise) and the Switch switches and draw (`draw_policy=`).

# %%
phases = {
    "El Dorado on the flop, before the exchange (greedy)": equity.calc(
        "eldorado", ["9c9d", "Kh4h", "2c3d"], board="7dQs4c", trials=TRIALS, seed=SEED),
    "El Dorado on the flop, nobody exchanges": equity.calc(
        "eldorado", ["9c9d", "Kh4h", "2c3d"], board="7dQs4c", trials=TRIALS, seed=SEED, policies="never"),
    "Switch, kings against a random hand (standard draw)": equity.calc(
        "switch", ["KhKd7c4s2h", "random"], trials=TRIALS, seed=SEED),
    "Tahoe hi-lo, three hands": equity.calc(
        "tahoe", ["Ah2h3d", "KsKdQd", "random"], hi_lo=True, trials=TRIALS, seed=SEED),
}
pd.concat(phases, names=["question", "seat"])

# %% [markdown]
# ## 5. Monte Carlo against the exact answer
#
# The race AhKh against QsQd has the exact answer above. Sampling it with more and
# more trials shows the estimate closing in on it, each within its 95% interval:
# this is what `stderr` promises.

# %%
exact = float(race.equity[0])
sizes = np.unique(np.geomspace(1_000, TRIALS, 8).astype(int))
estimates = pd.DataFrame([
    {"trials": n, **equity.calc("holdem", ["AhKh", "QsQd"], trials=n, seed=SEED).iloc[0][["equity", "stderr"]]}
    for n in sizes])
estimates["z"] = (estimates.equity - exact) / estimates.stderr
fig, ax = P.figure(width=7)
P.errorbar(ax, estimates.trials, estimates.equity, estimates.stderr, label="Monte Carlo estimate")
ax.fill_between(estimates.trials, estimates.equity - P.Z95 * estimates.stderr,
                estimates.equity + P.Z95 * estimates.stderr, alpha=0.15, color=P.PALETTE[0])
P.reference(ax, exact, f"exact {exact:.4f}")
ax.set_xscale("log")
P.label(ax, xlabel="trials (log scale)", ylabel="equity of AhKh against QsQd\n(share of the pot)")
P.legend(ax)
P.finding(fig, f"Monte Carlo closes in on the exact {exact:.4f}: every estimate within "
               f"{estimates.z.abs().max():.1f} standard errors of it",
          note=f"Bars and band: 95% intervals (1.96 standard errors). Seed {SEED}.")
fig

# %%
estimates

# %% [markdown]
# ## What it means for play
#
# The same hole cards are worth very different amounts from game to game: a
# Spanish pair of aces wins about 63% heads-up against a random hand, far less
# than the 85% of aces in Hold'em, because the short deck and "exactly two hole
# cards" give the random hand many straights and flushes; in El Dorado a pair can
# be turned into trips or stripped of its value by whoever sets the wild rank;
# in Switch a pat hand can be broken by the blind switch. The study notebooks
# (01 to 05) measure those effects at scale.
