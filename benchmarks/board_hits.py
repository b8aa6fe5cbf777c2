"""Time ``equity.board_hits`` warm: a full Hold'em range on a flop (target: under 50 ms), and
Omaha, Tahoe, Spanish, Egyptian and El Dorado ranges.

Run: ``EQUITY_CACHE_DIR=.cache/equity python benchmarks/board_hits.py``.  Each spot is called once
to compile and warm (not timed), checked against counts worked out by hand, then timed as the
best of a few calls; the ranges are built before the clock starts.
"""

from __future__ import annotations

import itertools
import time

import numpy as np

import equity

FLOP = "Qh7h2c"
EVERY_TWO_CARDS = "22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32"
SPANISH_EVERY = "88+, A8+, K8+, Q8+, J8+, T8+, 98"


def every_hand(game: str, board: str) -> np.ndarray:
    """Every hand of the game's hole cards from the cards off the board (``uint8[n, hole]``)."""
    g = equity.get_game(game)
    off = sorted(set(g.deck) - set(equity.card_codes(board).tolist()))
    return np.array(list(itertools.combinations(off, g.hole_cards)), dtype=np.uint8)


def best_of(repeats: int, call) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        call()
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    rng = np.random.default_rng(29)
    omaha_all = every_hand("omaha", FLOP)
    spots = [
        ("holdem, every hand (1,326), flop", "holdem", equity.parse_range(EVERY_TWO_CARDS), FLOP, {}),
        ("holdem, every hand, as text, flop", "holdem", EVERY_TWO_CARDS, FLOP, {}),
        ("holdem, every hand, turn", "holdem", equity.parse_range(EVERY_TWO_CARDS), FLOP + "5d", {}),
        ("tahoe, every hand, flop", "tahoe", every_hand("tahoe", FLOP), FLOP, {}),
        ("omaha, 10,000 random hands, flop", "omaha",
         omaha_all[rng.choice(len(omaha_all), 10_000, replace=False)], FLOP, {}),
        ("omaha, every hand, flop", "omaha", omaha_all, FLOP, {}),
        ("spanish, every hand, flop", "spanish", SPANISH_EVERY, "QhTh8c", {}),
        ("egyptian, every hand, flop (two-card turn)", "egyptian", equity.parse_range(EVERY_TWO_CARDS),
         FLOP, {}),
        ("eldorado, every hand, flop, sevens wild", "eldorado", equity.parse_range(EVERY_TWO_CARDS),
         FLOP, {"wild": "7"}),
    ]
    # checks worked out by hand: sets on Qh7h2c are QQ, 77 and 22, three combinations each
    first = equity.board_hits("holdem", equity.parse_range(EVERY_TWO_CARDS), FLOP).set_index("hand")
    assert first.loc["set", "n_combos"] == 9 and first.attrs["n_combos"] == 1176  # C(49, 2) live
    assert abs(first.loc[first.section == "made hand", "share"].sum() - 1) < 1e-12
    # Tahoe: a pair of a board rank in the hole is a set whatever the third card: 3 ranks *
    # C(3, 2) pairs * 46 third cards, less the 3 hands per rank holding all three: 3 * (3 * 46 - 2)
    tahoe = equity.board_hits("tahoe", every_hand("tahoe", FLOP), FLOP).set_index("hand")
    assert tahoe.attrs["n_combos"] == 18_424  # C(49, 3)
    assert tahoe.loc["set", "n_combos"] == 417
    print(f"{'spot':<46} {'combos':>8} {'ms':>9}")
    for name, game, hands, board, options in spots:
        table = equity.board_hits(game, hands, board, **options)  # compile and warm
        seconds = best_of(1 if len(table) and table.attrs["n_combos"] > 100_000 else 5,
                          lambda: equity.board_hits(game, hands, board, **options))  # noqa: B023
        print(f"{name:<46} {table.attrs['n_combos']:>8,} {1000 * seconds:>9.1f}")


if __name__ == "__main__":
    main()
