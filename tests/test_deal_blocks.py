"""Whole deals valued sixteen at a time (``equity._kernels.deal_blocks``): the seven-card-table
games and the perfect-hash games (Egyptian) in blocks of their own, the exact-rule games
through the evaluator's whole-hand blocks.

Both deal exactly as :func:`equity._kernels.deal.deal_chunk` deals (the same generator and
numbers), so their sums are checked twice: against pots counted by the brute-force oracle of
``tests/reference.py`` on the rows ``deal_chunk`` deals from the same state (independent of
every kernel that values hands), and bit for bit against the scalar fold-free kernel on many
deals, table sizes (those whose shuffle length is compiled in, and others) and chunk sizes that
leave a block part full.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import reference

import equity
from equity._kernels import deal_blocks as db
from equity._kernels import simd
from equity._kernels.bundles import Streets
from equity._kernels.deal import deal_chunk, play_plain_chunks
from equity.deal import _plain_in_blocks, _streets, _whole_in_blocks, hand_tables
from equity.evaluator import whole_block_tables
from equity.games import get_game
from equity.rng import chunk_states

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(not simd.available(), reason="no AVX-512 on this host")


@pytest.fixture(autouse=True)
def blocks_on(monkeypatch):
    """The AVX-512 blocks, whatever ``EQUITY_SIMD`` the run was started with."""
    monkeypatch.setenv("EQUITY_SIMD", "avx512")


def _game(name: str):
    if name == "short deck":
        return equity.load_game(ROOT / "examples" / "games" / "short_deck_holdem.toml")
    return get_game(name)


def _sums(chunks: int, players: int):
    return ([np.zeros((chunks, players)) for _ in range(2)]
            + [np.zeros((chunks, players), dtype=np.int64) for _ in range(2)])


def _blocks(game, players, states, sizes, path="avx512"):
    """The sums of the deal blocks that play ``game``: the seven-card-table blocks, or for the
    exact rule the whole-hand blocks on vector path ``path``."""
    tables = hand_tables(game)
    streets = Streets(*_streets(game))
    deck = np.array(game.deck, dtype=np.uint8)
    sums = _sums(len(sizes), players)
    if tables.exact_need:
        whole = (*whole_block_tables(game), simd.lanes_tag(path))
        db.whole_hand_deals(states, sizes, deck, players, game.hole_cards, streets, whole, *sums)
        return sums
    seven = tables.seven_offsets.size > 0
    plan = db.deal_plan(players, game.hole_cards, int(streets.cards.sum()), tables.hole_sets,
                        tables.hole_set_len, tables.seven_words, int(tables.flush_bias),
                        None if seven else tables.card_bits, None if seven else tables.params)
    lookup, classes = ((tables.seven_offsets, tables.seven_classes) if seven
                       else (tables.disp, tables.rank_classes))
    db.fold_free_blocks(states, sizes, deck, players, game.hole_cards, streets, plan, lookup.view(np.uint8),
                        classes, tables.flush_classes, *sums)
    return sums


@pytest.mark.parametrize("name, players, deals", [
    ("holdem", 6, 1500), ("holdem", 3, 700), ("tahoe", 4, 500), ("egyptian", 5, 600),
    ("spanish", 6, 800), ("omaha", 4, 150),
])
def test_the_blocks_count_the_pots_the_oracles_hands_make(name, players, deals) -> None:
    """Each seat's pots won alone and shared, and its summed shares, against the oracle's best
    hands of the same deals (the rows of ``deal_chunk`` from the same generator state)."""
    game = get_game(name)
    streets = Streets(*_streets(game))
    deck = np.array(game.deck, dtype=np.uint8)
    state = chunk_states(9, 0, 1)
    n_board = int(streets.cards.sum())
    hole = np.zeros((deals, players * game.hole_cards), dtype=np.uint8)
    board = np.zeros((deals, n_board), dtype=np.uint8)
    burns = np.zeros((deals, int(streets.burns.sum())), dtype=np.uint8)
    deal_chunk(state[0].copy(), deck, deals, players, game.hole_cards, streets.cards, streets.burns, hole,
               board, burns)
    won = np.zeros(players, dtype=np.int64)
    shared = np.zeros(players, dtype=np.int64)
    share = np.zeros(players)
    for d in range(deals):
        keys = [reference.best_high(name, hole[d, p * game.hole_cards:(p + 1) * game.hole_cards].tolist(),
                                    board[d].tolist()) for p in range(players)]
        top = [p for p in range(players) if keys[p] == max(keys)]
        for p in top:
            won[p] += len(top) == 1
            shared[p] += len(top) > 1
            share[p] += 1 / len(top)
    share_sum, _, wins, ties = _blocks(game, players, state, np.array([deals]))
    np.testing.assert_array_equal(wins[0], won)
    np.testing.assert_array_equal(ties[0], shared)
    np.testing.assert_allclose(share_sum[0], share, rtol=0, atol=1e-9)
    assert shared.sum() > 0


@pytest.mark.parametrize("name, players, path", [
    ("holdem", 2, "avx512"), ("holdem", 6, "avx512"),  # shuffle lengths compiled in
    ("holdem", 7, "avx512"), ("holdem", 10, "avx512"), ("tahoe", 3, "avx512"), ("tahoe", 6, "avx512"),
    ("short deck", 5, "avx512"), ("egyptian", 2, "avx512"), ("egyptian", 6, "avx512"),
    ("egyptian", 9, "avx512"),
    ("spanish", 6, "avx512"), ("spanish", 2, "avx2"), ("omaha", 3, "avx512"), ("omaha", 5, "avx2"),
])
def test_the_blocks_sums_are_the_scalar_kernels_bit_for_bit(name, players, path) -> None:
    game = _game(name)
    tables = hand_tables(game)
    streets = Streets(*_streets(game))
    sizes = np.array([1, 15, 16, 17, 4001])  # blocks part full; 4,001 deals: two batches of rows
    states = chunk_states(4, 0, len(sizes))
    ours = _blocks(game, players, states, sizes, path)
    theirs = _sums(len(sizes), players)
    nobody_folded = np.zeros((0, players), dtype=bool)
    play_plain_chunks(states, sizes, np.array(game.deck, dtype=np.uint8), players, game.hole_cards, streets,
                      nobody_folded, np.zeros(len(sizes), dtype=np.int64), tables, *theirs)
    for a, b in zip(ours, theirs, strict=True):
        np.testing.assert_array_equal(a, b)
    assert ours[2].sum() + ours[3].sum() > 0


def test_which_deals_the_blocks_play(monkeypatch) -> None:
    nobody = np.zeros((0, 6), dtype=bool)

    def plays(name: str, players: int = 6, folded=nobody) -> bool:
        game = _game(name)
        return _plain_in_blocks(game, players, hand_tables(game), folded)

    assert plays("holdem") and plays("tahoe") and plays("short deck") and plays("holdem", 10)
    assert plays("egyptian")  # all its cards through the perfect hash
    assert not plays("holdem", 11)  # more seats than the blocks' counters hold
    assert not plays("holdem", folded=np.zeros((5, 6), dtype=bool))  # a fold row: the general loop
    assert not plays("spanish") and not plays("omaha")  # exact rule: the whole-hand blocks

    def whole(name: str, folded=nobody) -> bool:
        game = _game(name)
        return _whole_in_blocks(game, hand_tables(game), folded)

    assert whole("spanish") and whole("omaha")
    assert not whole("spanish", folded=np.zeros((5, 6), dtype=bool))
    assert not whole("holdem") and not whole("tahoe") and not whole("egyptian")
    monkeypatch.setenv("EQUITY_SIMD", "avx2")
    assert whole("spanish") and not plays("holdem")  # the whole-hand blocks run eight lanes wide too
    monkeypatch.setenv("EQUITY_SIMD", "0")
    assert not plays("holdem") and not whole("spanish")


def test_a_plan_refuses_a_shape_the_blocks_cannot_hold() -> None:
    tables = hand_tables(get_game("holdem"))
    with pytest.raises(ValueError, match="2 to 10 seats"):
        db.deal_plan(11, 2, 5, tables.hole_sets, tables.hole_set_len, tables.seven_words,
                     int(tables.flush_bias))
    # ten cards a hand could hold five-card flushes in two suits: the blocks read one
    assert db.fits_deal_blocks(6, 2, 5, np.array([2]), 0x3333)
    assert not db.fits_deal_blocks(3, 4, 6, np.array([4]), 0x3333)
