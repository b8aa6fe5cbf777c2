"""Monte Carlo of fixed, random and range two-card hands sixteen trials at a time
(``equity._kernels.open_blocks``).

The dealer is checked on its own: every lane deals distinct cards of the stub, each dealt slot
uniform over the stub (a chi-square test with a fixed seed), range hands drawn together in
proportion to the product of their weights among the hands that fit, and each seat's class in each lane
ordered as the brute-force oracle of ``tests/reference.py`` orders the same seven cards.  Then
``calc`` through the blocks: every seat's equity, wins and ties within 4 standard errors of the
exact enumeration (itself checked against the oracle in ``test_calc.py``), on spots that deal
the whole stub, that make flushes most of the time, or that leave a board card to come; the
same numbers on one and two threads; exactly the trials asked.
"""

from __future__ import annotations

from pathlib import Path

import numba
import numpy as np
import pytest
import reference
from numba import njit

import equity
from equity._kernels import open_blocks as ob
from equity._kernels import simd
from equity._kernels.calc import FIXED, RANDOM, RANGE
from equity.calculator.question import read_question
from equity.calculator.sampling import Sampler
from equity.cards import card_codes
from equity.evaluator import flush_bias
from equity.games import get_game
from equity.tables import tables_for

ROOT = Path(__file__).resolve().parents[1]
needs_blocks = pytest.mark.skipif(not simd.available(), reason="no AVX-512 on this host")
pytestmark = needs_blocks


@pytest.fixture(autouse=True)
def blocks_on(monkeypatch):
    """The AVX-512 blocks, whatever ``EQUITY_SIMD`` the run was started with."""
    monkeypatch.setenv("EQUITY_SIMD", "avx512")


def _dead_but(keep: str) -> str:
    """Every card of the deck not in ``keep`` (text)."""
    kept = {keep[i:i + 2] for i in range(0, len(keep), 2)}
    return "".join(r + s for r in "23456789TJQKA" for s in "cdhs" if r + s not in kept)


def _in_open_blocks(hands, board: str = "", dead: str = "", game="holdem") -> bool:
    q = read_question(game, hands, board, dead, False, None, {})
    return Sampler(q, 1)._open_in_blocks()


def test_which_spots_the_open_blocks_play() -> None:
    assert _in_open_blocks(["AhKh", "random"])
    assert _in_open_blocks(["AhKh"] + ["random"] * 5)
    assert _in_open_blocks(["AhKh", "QsQd", "JcTc", "9d9h", "7s6s", "5c5d"])
    assert _in_open_blocks(["AhKh", "random", "random"], board="Qh7c2d", dead="3s")
    assert _in_open_blocks(["AhKh", "QsQd"], board="Qh7c2d")  # two known hands and a board
    assert _in_open_blocks(["random"] * 10)
    assert not _in_open_blocks(["AhKh", "QsQd"])  # the heads-up blocks play it
    assert not _in_open_blocks(["random"] * 11)  # more seats than a plan holds
    assert _in_open_blocks(["AhKh", "QQ+"])  # a range
    assert _in_open_blocks(["QQ+, AKs", "JJ-99, AQs:0.5", "random"], board="2c7d8h")
    assert not _in_open_blocks(["Ah?", "random"])  # a hand given in part
    assert _in_open_blocks(["AhKh", "random"], board="Qh7c2dTs5s")  # the river out: two cards to deal
    assert not _in_open_blocks(["AhKhQsJs", "random"], game="omaha")  # exactly two hole cards
    assert not _in_open_blocks(["AhKh", "random"], game="spanish")
    assert not _in_open_blocks(["AhKh", "random"], game="egyptian")  # six-card hands
    assert not _in_open_blocks(["AhKh", "random"], game="eldorado")  # wild cards


def test_no_blocks_where_the_toolkit_is_told_not_to(monkeypatch) -> None:
    monkeypatch.setenv("EQUITY_SIMD", "0")
    assert not _in_open_blocks(["AhKh", "random"])


# ---------------------------------------------------------------------------------------------
# The dealer and the keys, block by block
# ---------------------------------------------------------------------------------------------
@njit(cache=False)
def _deal_blocks(blocks, lanes, plan, combos, scratch, offsets, seven_classes, flush_classes, dealt,
                 classes, counts):
    """Play ``blocks`` blocks; copy each block's dealt codes and seat classes out, and each
    block's pot counts (the kernel's ``[seat, k]`` cells) into ``counts[block]``.  False when a
    block's ranges did not fit together."""
    take = dealt.shape[2]
    players = classes.shape[2]
    for slot in range(take, np.int64(plan[ob.PLAN_SLOTS])):
        for k in range(ob.BLOCK):
            scratch[ob.SCRATCH_CODES + ob.BLOCK * slot + k] = plan[ob.PLAN_CODES + slot]
    for b in range(blocks):
        if not ob._open_block(lanes.ctypes.data, plan.ctypes.data, scratch.ctypes.data,
                              combos.ctypes.data, offsets.ctypes.data, seven_classes.ctypes.data,
                              flush_classes.ctypes.data, counts[b].ctypes.data,
                              ob.BLOCK - b % 3):  # some blocks count only their first lanes
            return False
        for k in range(ob.BLOCK):
            for t in range(take):
                dealt[b, k, t] = scratch[ob.SCRATCH_CODES + ob.BLOCK * t + k]
            for p in range(players):
                classes[b, k, p] = scratch[ob.SCRATCH_CLASSES + ob.BLOCK * p + k]
    return True


def _plan(hands: list[str], board: str = "", dead: str = "", ranges=()):
    """(plan, combo table, stub, the seats' hole codes with -1 for a dealt seat, the board's
    codes); ``ranges`` are the range seats' (combos, weights), for the seats named "range"."""
    g = get_game("holdem")
    t = tables_for(g)
    dealt = ("random", "range")
    known = card_codes("".join(h for h in hands if h not in dealt) + board + dead).tolist()
    stub = np.array([c for c in range(52) if c not in known], dtype=np.uint8)
    holes = [card_codes(h).tolist() if h not in dealt else [-1, -1] for h in hands]
    fixed = np.array([max(c, 0) for h in holes for c in h], dtype=np.uint8)
    kinds = np.array([RANDOM if h == "random" else RANGE if h == "range" else FIXED for h in hands],
                     dtype=np.int8)
    bias = int(flush_bias(g.hand_size, t.rank_classes.shape[0] - 1)[0])
    plan, combos = ob.open_plan(stub, fixed, kinds, card_codes(board).astype(np.uint8), t.seven_words,
                                bias, ranges)
    return plan, combos, stub, holes, card_codes(board).tolist()


def _play(plan, blocks: int, players: int, seed: int = 7, combos=None):
    """(each block's dealt codes, seat classes and pot counts) of ``blocks`` blocks; block ``b``
    counts its first ``16 - b % 3`` lanes."""
    t = tables_for(get_game("holdem"))
    take = int(plan[ob.PLAN_TAKE])
    lanes = np.random.default_rng(seed).integers(1, 2**32, 4 * ob.BLOCK, dtype=np.uint64).astype(np.uint32)
    scratch = np.zeros(ob.SCRATCH_SIZE, dtype=np.uint32)
    dealt = np.zeros((blocks, ob.BLOCK, take), dtype=np.int64)
    classes = np.zeros((blocks, ob.BLOCK, players), dtype=np.int64)
    counts = np.zeros((blocks, ob.OPEN_MAX_PLAYERS, ob.OPEN_MAX_PLAYERS + 1), dtype=np.int64)
    combos = np.zeros(2, dtype=np.uint32) if combos is None else combos
    assert _deal_blocks(blocks, lanes, plan, combos, scratch, t.seven_offsets, t.seven_classes,
                        t.flush_classes[0], dealt, classes, counts)
    return dealt, classes, counts


@pytest.mark.parametrize("hands, dead", [
    (["AhKh"] + ["random"] * 5, ""),  # fifteen cards from fifty
    (["random", "random"], _dead_but("2c3d4h5s6c7d8h9sTc")),  # every card of a nine-card stub
], ids=["fifteen of fifty", "nine of nine"])
def test_every_lane_deals_distinct_cards_of_the_stub_each_slot_uniform(hands, dead) -> None:
    plan, _, stub, _, _ = _plan(hands, dead=dead)
    blocks = 3000
    dealt, _, _ = _play(plan, blocks, len(hands))
    take = dealt.shape[2]
    rows = dealt.reshape(-1, take)
    assert np.isin(rows, stub).all()
    assert all(len(set(row)) == take for row in rows.tolist())
    # each slot's card uniform over the stub: chi-square with len(stub) - 1 degrees of freedom,
    # below its 0.9999 quantile (about 95 for 49, 32 for 8: Wilson and Hilferty's approximation)
    limit = {50: 95.0, 9: 32.0}[len(stub)]
    expected = rows.shape[0] / len(stub)
    for t in range(take):
        counts = np.array([(rows[:, t] == c).sum() for c in stub])
        assert ((counts - expected) ** 2 / expected).sum() < limit, t


@pytest.mark.parametrize("hands, board, dead", [
    (["AhKh", "random", "random", "QsQd", "random", "7c2d"], "", ""),
    # a stub rich in hearts: most seats hold a flush, many a straight flush
    (["AhKh", "random", "random"], "",
     _dead_but("AhKh" "2h3h4h5h6h7h8h9hThJhQh" "2s3s4s5s6s7s8s")),
    (["random", "random", "2c2d"], "Qh7hTh", ""),
])
def test_each_lanes_winners_are_the_oracles(hands, board, dead) -> None:
    """Each lane's seat classes ranked against the brute-force oracle's best five of the same
    seven cards, and each block's pot counts (its first lanes only, where it was told to count
    fewer) against the pots the oracle's hands make: who wins alone, who shares among how many."""
    plan, _, _, holes, board_codes = _plan(hands, board, dead)
    players = len(hands)
    blocks = 40
    dealt, classes, counts = _play(plan, blocks, players, seed=3)
    slots = [int(s) for s in plan[ob.PLAN_SEATS:ob.PLAN_SEATS + 2 * players]]
    board_slots = [int(s) for s in plan[ob.PLAN_BOARD:ob.PLAN_BOARD + 5]]
    fixed_slots = range(dealt.shape[2], int(plan[ob.PLAN_SLOTS]))
    codes_of_slot = {s: int(plan[ob.PLAN_CODES + s]) for s in fixed_slots}
    flushes = shared = 0
    for b in range(blocks):
        expected = np.zeros((ob.OPEN_MAX_PLAYERS, ob.OPEN_MAX_PLAYERS + 1), dtype=np.int64)
        for k in range(ob.BLOCK):
            def card(slot, row_dealt=dealt[b, k]):
                return int(row_dealt[slot]) if slot < len(row_dealt) else codes_of_slot[slot]

            lane_board = [card(s) for s in board_slots]
            assert lane_board[:len(board_codes)] == board_codes
            oracle = []
            for p in range(players):
                hole = [card(s) for s in slots[2 * p:2 * p + 2]]
                if holes[p][0] >= 0:
                    assert hole == holes[p]
                suits = [c & 3 for c in hole + lane_board]
                flushes += max(suits.count(s) for s in range(4)) >= 5
                oracle.append(reference.best_high("holdem", hole, lane_board))
            for p in range(players):
                for q in range(players):
                    assert (classes[b, k, p] > classes[b, k, q]) == (oracle[p] > oracle[q]), (p, q)
            if k < ob.BLOCK - b % 3:  # the lanes this block counted
                top = [p for p in range(players) if oracle[p] == max(oracle)]
                shared += len(top) > 1
                for p in top:
                    expected[p, len(top)] += 1
        np.testing.assert_array_equal(counts[b], expected, err_msg=f"block {b}")
    assert flushes > 0 and shared > 0


def test_range_hands_drawn_together_by_the_product_of_their_weights() -> None:
    """Two range seats, AA,KK and AA:0.5,KK: the pairs of hands that fit together, weighted by
    the product of their weights, are AA-AA 6 x 0.5, AA-KK 36, KK-AA 36 x 0.5 and KK-KK 6, so the
    four pairs of classes come 3/63, 36/63, 18/63 and 6/63 of the time (chi-square, 3 degrees of
    freedom, below its 0.9999 quantile of 21.1)."""
    def hands(ranks: str) -> np.ndarray:
        return np.array([card_codes(ranks[0] + a + ranks[1] + b).tolist()
                         for i, a in enumerate("cdhs") for b in "cdhs"[i + 1:]], dtype=np.uint8)

    aces, kings = hands("AA"), hands("KK")
    first = (np.concatenate([aces, kings]), np.ones(12))
    second = (np.concatenate([aces, kings]), np.r_[np.full(6, 0.5), np.ones(6)])
    plan, combos, _, _, _ = _plan(["range", "range"], ranges=(first, second))
    dealt, _, _ = _play(plan, 4000, 2, seed=5, combos=combos)
    rows = dealt.reshape(-1, dealt.shape[2])
    assert all(len(set(row)) == len(row) for row in rows.tolist())
    ace = (rows[:, :4] >> 2) == 12
    first_aces, second_aces = ace[:, 0] & ace[:, 1], ace[:, 2] & ace[:, 3]
    assert ((rows[:, :4] >> 2) >= 11).all()  # every hand AA or KK
    counts = np.array([(first_aces & second_aces).sum(), (first_aces & ~second_aces).sum(),
                       (~first_aces & second_aces).sum(), (~first_aces & ~second_aces).sum()])
    expected = len(rows) * np.array([3, 36, 18, 6]) / 63
    assert ((counts - expected) ** 2 / expected).sum() < 21.1


def test_ranges_that_cannot_fit_together_are_refused() -> None:
    with pytest.raises(equity.InvalidInputError, match="never fit together"):
        equity.calc("holdem", ["AA", "AA", "AA"], trials=10_000, seed=1)


# ---------------------------------------------------------------------------------------------
# calc through the blocks
# ---------------------------------------------------------------------------------------------
OPEN_SPOTS = [
    (["AhKh", "random"], "", ""),
    (["AhKh", "QsQd", "JcTc", "9d9h", "7s6s", "5c5d"], "", ""),
    (["AhKh", "random", "random"], "Qh7c2d", ""),
    (["2c2d", "random", "random"], "Ah9h5s4d", ""),
    (["AhKh", "QsQd"], "Qh7c2d", ""),  # two known hands, a flop dealt
    # eleven cards left: two random seats and the board take nine of them
    (["AhKh", "random", "random"], "", _dead_but("AhKh" "QhJhTh9h2s3s4s7d8d9cTc")),
    # every card of the stub dealt: the last draws of a lane are all repeats but one
    (["AhKh", "random", "random"], "", _dead_but("AhKh" "QhJhTh9h2s3s4s7d8d")),
    (["AhKh", "QQ+, AKs, AQs:0.25"], "2h7h9c", ""),  # a weighted range
    (["QQ+, AKs", "JJ+, AQs", "random"], "2h7h9c5d", ""),  # two ranges that share cards
    (["AA, KK", "AA:0.5, KK, QQ", "random"], "2h7h9c", ""),
]


@pytest.mark.parametrize("hands, board, dead", OPEN_SPOTS, ids=[
    "AhKh v random", "six known hands", "AhKh v two random on a flop", "22 v two random on a turn",
    "two known hands on a flop", "two random of eleven cards", "the whole stub dealt",
    "a weighted range", "two ranges sharing cards", "weighted ranges and a random hand"])
def test_open_blocks_within_four_standard_errors_of_exact(hands, board, dead) -> None:
    assert _in_open_blocks(hands, board, dead)
    exact = equity.calc("holdem", hands, board=board or None, dead=dead or None, exact=True)
    assert exact.attrs["method"] == "exact"
    trials = 200_000
    mc = equity.calc("holdem", hands, board=board or None, dead=dead or None, trials=trials, seed=11)
    assert mc.attrs["method"] == "monte carlo" and mc.attrs["trials"] == trials
    assert np.all(np.abs(mc.equity - exact.equity) <= 4 * mc.stderr)
    for column in ("win", "tie"):  # shares of trials: a binomial standard error each
        p = exact[column].to_numpy()
        se = np.sqrt(np.maximum(p * (1 - p), 1e-12) / trials)
        assert np.all(np.abs(mc[column].to_numpy() - p) <= 4 * se + 1e-9), column
    assert abs(mc.equity.sum() - 1) < 1e-9


def test_a_custom_game_of_the_same_shape_through_the_blocks() -> None:
    """Short-deck Hold'em (36 cards, a flush above a full house): its own seven-card tables and
    rank words, within 4 standard errors of its exact enumeration."""
    game = equity.load_game(ROOT / "examples" / "games" / "short_deck_holdem.toml")
    hands, board = ["Ah6h", "random", "random"], "7h8h9c"
    assert _in_open_blocks(hands, board, game=game)
    exact = equity.calc(game, hands, board=board, exact=True)
    mc = equity.calc(game, hands, board=board, trials=200_000, seed=4)
    assert np.all(np.abs(mc.equity - exact.equity) <= 4 * mc.stderr)


def test_ahkh_against_five_random_hands_against_the_scalar_loop(monkeypatch) -> None:
    """No exact figure in seconds: the blocks and the scalar loop (other streams) agree within
    four standard errors of their difference."""
    hands = ["AhKh"] + ["random"] * 5
    blocks = equity.calc("holdem", hands, trials=400_000, seed=5)
    monkeypatch.setenv("EQUITY_SIMD", "0")
    scalar = equity.calc("holdem", hands, trials=400_000, seed=5)
    assert not np.array_equal(blocks.equity.to_numpy(), scalar.equity.to_numpy())  # other streams
    gap = np.abs(blocks.equity - scalar.equity)
    assert np.all(gap <= 4 * np.sqrt(blocks.stderr ** 2 + scalar.stderr ** 2))


def test_open_blocks_same_numbers_on_one_and_two_threads() -> None:
    args = ("holdem", ["AhKh", "random", "random", "QsQd"])
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        two = equity.calc(*args, trials=300_000, seed=42)
        numba.set_num_threads(1)
        one = equity.calc(*args, trials=300_000, seed=42)
    finally:
        numba.set_num_threads(before)
    assert one.equals(two)
    assert not one.equals(equity.calc(*args, trials=300_000, seed=43))


def test_open_blocks_play_exactly_the_trials_asked() -> None:
    """An odd count ends inside a block, whose lanes past it must not be counted: on a stub where
    one hand always wins, one lane too many would make a win share above 1."""
    # a stub of hearts with no straight flush among them, and a random seat that takes two:
    # AhKh always makes the ace-high flush, which nothing else here can beat or tie
    dead = _dead_but("AhKh" "QhJh8h7h5h4h2h" "2c3d")
    hands = ["AhKh", "2c3d", "random"]
    assert _in_open_blocks(hands, dead=dead)
    table = equity.calc("holdem", hands, dead=dead, trials=12_345, seed=2)
    assert table.attrs["trials"] == 12_345
    assert list(table.win) == [1.0, 0.0, 0.0] and list(table.equity) == [1.0, 0.0, 0.0]


def test_a_plan_refuses_what_it_cannot_hold() -> None:
    t = tables_for(get_game("holdem"))
    stub = np.arange(8, dtype=np.uint8)
    random_seats = np.full(2, RANDOM, dtype=np.int8)
    with pytest.raises(ValueError, match="deals 9 cards from a stub of 8"):
        ob.open_plan(stub, np.zeros(4, np.uint8), random_seats, np.zeros(0, np.uint8), t.seven_words, 3)
    with pytest.raises(ValueError, match="2 to 10 seats"):
        ob.open_plan(np.arange(52, dtype=np.uint8), np.zeros(22, np.uint8), np.full(11, RANDOM, np.int8),
                     np.zeros(0, np.uint8), t.seven_words, 3)
    with pytest.raises(ValueError, match="1 ranges for 2 range seats"):
        ob.open_plan(np.arange(52, dtype=np.uint8), np.zeros(4, np.uint8), np.full(2, RANGE, np.int8),
                     np.zeros(0, np.uint8), t.seven_words, 3, ((np.zeros((1, 2), np.uint8), np.ones(1)),))
