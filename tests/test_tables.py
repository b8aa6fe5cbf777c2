"""The generated tables against the clear hand values they come from, and the perfect hash."""

import itertools
from collections import Counter

import numpy as np
import pytest

from equity._kernels.perfect_hash import build_perfect_hash, slots_of
from equity._kernels.row_hash import SEVEN_COUNT_SHIFT, greedy_rank_weights, pack_rows
from equity.cards import card_codes
from equity.games import GAMES
from equity.rankings import exact_hand_value, exact_low_value
from equity.tables import SEVEN_CARD_WEIGHTS, build_tables, multiset_keys, rank_multisets, tables_for


def _best_rank_value(ranks: list[int], game) -> int:
    """Best non-flush value of a multiset by brute force over every exact hand inside it."""
    return max(
        exact_hand_value(list(sub), False, game.ranking, game.straights)
        for sub in itertools.combinations(ranks, game.hand_size)
    )


@pytest.mark.parametrize("max_cards", [5, 7, 8])
def test_perfect_hash_gives_every_key_its_own_slot(max_cards: int) -> None:
    keys = multiset_keys(rank_multisets(max_cards, five_of_a_kind=True))
    disp, params, n_slots = build_perfect_hash(keys)
    slots = slots_of(keys, disp, params)
    assert len(np.unique(slots)) == len(keys)
    assert slots.min() >= 0 and slots.max() < n_slots


def test_multiset_count_matches_combinatorics() -> None:
    # multisets of 7 cards from 13 ranks with at most four of a rank: a known 49,205
    counts = rank_multisets(7, five_of_a_kind=False)
    assert int((counts.sum(axis=1) == 7).sum()) == 49_205


@pytest.mark.parametrize("name", ["holdem", "egyptian", "spanish", "tahoe"])
def test_rank_table_matches_brute_force_on_random_multisets(name: str) -> None:
    game = GAMES[name]
    tables = tables_for(game)
    rng = np.random.default_rng(7)
    deck = [r for r in game.deck_ranks for _ in range(4)]
    for _ in range(400):
        size = int(rng.integers(game.hand_size, game.max_combo_cards + 1))
        ranks = sorted(rng.choice(deck, size=size, replace=False).tolist())
        counts = np.zeros((1, 13), dtype=np.int64)
        for r, c in Counter(ranks).items():
            counts[0, r] = c
        slot = slots_of(multiset_keys(counts), tables.disp, tables.hash_params)[0]
        got = tables.high_strength[tables.rank_classes[0, slot]]
        assert got == _best_rank_value(ranks, game), (name, ranks)


def test_flush_table_matches_brute_force() -> None:
    game = GAMES["holdem"]
    tables = tables_for(game)
    rng = np.random.default_rng(8)
    for _ in range(300):
        ranks = sorted(rng.choice(13, size=int(rng.integers(5, 8)), replace=False).tolist())
        mask = sum(1 << r for r in ranks)
        want = max(exact_hand_value(list(s), True, game.ranking, game.straights)
                   for s in itertools.combinations(ranks, 5))
        assert tables.high_strength[tables.flush_classes[0, mask]] == want


def test_low_table_matches_brute_force() -> None:
    game = GAMES["tahoe"]
    tables = tables_for(game)
    rng = np.random.default_rng(9)
    for _ in range(300):
        ranks = sorted(rng.choice([r for r in range(13) for _ in range(4)], size=7,
                                  replace=False).tolist())
        counts = np.zeros((1, 13), dtype=np.int64)
        for r, c in Counter(ranks).items():
            counts[0, r] = c
        slot = slots_of(multiset_keys(counts), tables.disp, tables.hash_params)[0]
        got = tables.low_strength[tables.low_classes[0, 0, slot]]
        want = max(exact_low_value(list(s), 6) for s in itertools.combinations(ranks, 5))
        assert got == want, ranks


def test_cached_tables_equal_fresh_ones(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("EQUITY_CACHE_DIR", str(tmp_path))
    from equity import tables as tables_module

    monkeypatch.setattr(tables_module, "_LOADED", {})
    first = tables_module.tables_for(GAMES["spanish"])  # builds and writes the cache
    assert list(tmp_path.glob("tables-*.npz"))
    monkeypatch.setattr(tables_module, "_LOADED", {})
    second = tables_module.tables_for(GAMES["spanish"])  # reads it back
    fresh = build_tables(GAMES["spanish"])
    for a, b, c in zip(first, second, fresh, strict=True):
        assert np.array_equal(a, b) and np.array_equal(b, c)


def test_kernel_cache_folder_follows_the_kernel_sources(tmp_path, monkeypatch) -> None:
    import hashlib
    from pathlib import Path

    import equity._kernels as kernels

    monkeypatch.setenv("EQUITY_CACHE_DIR", str(tmp_path))
    folder = kernels.kernel_cache_dir()
    digest = hashlib.sha256()
    for source in sorted(Path(kernels.__file__).parent.glob("*.py")):
        digest.update(source.read_bytes())
    assert folder == tmp_path / f"numba-{digest.hexdigest()[:12]}"


# ---------------------------------------------------------------------------------------------
# The seven-card tables: additive rank weights and the row-displacement hash
# ---------------------------------------------------------------------------------------------
def test_seven_card_weights_give_every_multiset_its_own_sum() -> None:
    counts = rank_multisets(7, five_of_a_kind=False)
    sums = counts @ np.array(SEVEN_CARD_WEIGHTS, dtype=np.int64)
    assert len(np.unique(sums)) == len(counts) == 76_155
    # the card-count field starts above every sum of weights, and the key (sum and count) fits
    # the low 32 bits of a word, which is what the kernels read
    assert sums.max() < 2**SEVEN_COUNT_SHIFT
    assert sums.max() + (7 << SEVEN_COUNT_SHIFT) < 2**32


def test_greedy_weights_reproduce_the_stored_ones_for_the_low_ranks() -> None:
    # the greedy is deterministic and rank by rank, so its first ranks are those of the full run
    weights = greedy_rank_weights(7, 7, 1 << 20)
    assert tuple(weights) == SEVEN_CARD_WEIGHTS[:7]


def test_greedy_weights_against_a_brute_force_search_on_a_small_case() -> None:
    # three ranks, at most four cards: the smallest increasing weights with distinct sums
    def distinct(weights):
        sums = [sum(c * w for c, w in zip(counts, weights, strict=True))
                for counts in itertools.product(range(5), repeat=len(weights)) if sum(counts) <= 4]
        return len(set(sums)) == len(sums)

    expected = [1]
    for _ in range(2):
        w = expected[-1] + 1
        while not distinct(expected + [w]):
            w += 1
        expected.append(w)
    assert list(greedy_rank_weights(4, 3, 1 << 12)) == expected


def test_row_packing_gives_every_key_its_own_slot() -> None:
    keys = np.random.default_rng(3).choice(1 << 20, 5000, replace=False).astype(np.int64)
    offsets, n_slots = pack_rows(keys, 8)
    slots = keys + offsets[keys >> 8]
    assert len(np.unique(slots)) == len(keys)
    assert slots.min() >= 0 and slots.max() < n_slots


@pytest.mark.parametrize("name", ["holdem", "draw", "draw7", "tahoe"])
def test_seven_card_tables_agree_with_the_general_tables(name: str) -> None:
    t = tables_for(GAMES[name])
    counts = rank_multisets(GAMES[name].max_combo_cards, five_of_a_kind=False)
    # a key is the sum of the ranks' weights plus the number of cards times 2**25
    keys = counts @ np.array(SEVEN_CARD_WEIGHTS, dtype=np.int64) + (counts.sum(axis=1) << 25)
    slots = keys + t.seven_offsets[keys >> 11]
    assert len(np.unique(slots)) == len(keys) and slots.min() >= 0
    seven = t.seven_classes[slots]
    general = t.rank_classes[0][slots_of(multiset_keys(counts), t.disp, t.hash_params)]
    np.testing.assert_array_equal(seven, general)
    # the card words: a rank's weight, a one in the count field, a one in its suit's count field
    for code in (0, 7, 51):
        assert t.seven_words[code] == SEVEN_CARD_WEIGHTS[code >> 2] | 1 << 25 | 1 << (32 + 4 * (code & 3))
    # the seven-card multisets lie together at the start of the table, in under 90,000 slots
    if GAMES[name].max_combo_cards == 7:
        assert slots[counts.sum(axis=1) == 7].max() < 90_000


@pytest.mark.parametrize("name", ["omaha", "spanish", "egyptian", "eldorado"])
def test_seven_card_tables_only_where_a_hand_is_any_choice_of_at_most_seven_cards(name: str) -> None:
    assert tables_for(GAMES[name]).seven_offsets.size == 0


@pytest.mark.parametrize(("board", "allows_a_low"), [
    ("Ah 2d 3c Ks Qh", True),  # three low ranks: any two other low cards make a low
    ("8h 7d 6c Ks Qh", True),
    ("Ah 2d 9c 9s Qh", False),  # two low ranks only
    ("Ah Ad 2c 2s Qh", False),  # paired low cards count once
    ("Kh Qd Jc 9s 9h", False),
])
def test_omaha_low_table_says_which_boards_allow_a_low(board: str, allows_a_low: bool) -> None:
    t = tables_for(GAMES["omaha"])
    counts = np.zeros((1, 13), dtype=np.int64)
    for code in card_codes(board):
        counts[0, code >> 2] += 1
    slot = slots_of(multiset_keys(counts), t.disp, t.hash_params)[0]
    assert bool(t.exact_low_classes[slot, -1]) is allows_a_low
    # and the flag agrees with the row itself: some hole pair makes a low exactly when it is set
    assert bool(t.exact_low_classes[slot, :-1].any()) is allows_a_low


def test_straight_window_index_lists_the_straights_inside_each_rank_mask():
    """The index that lets an exact hole rule take its flush from the top ranks: for each rank
    mask, a bit per straight inside it; refused when flush values are not ordered by rank or a
    straight flush does not beat every other flush."""
    from equity._kernels.evaluate import FLUSH_MASKS
    from equity.tables import _straight_window_index

    game = GAMES["omaha"]
    row = tables_for(game).flush_classes[0, :FLUSH_MASKS].copy()
    index = _straight_window_index(game, row)
    assert index is not None and len(index) == FLUSH_MASKS + 10
    straights = [int(m) for m in index[FLUSH_MASKS:]]
    assert sorted(straights) == sorted(
        [0b1000000001111] + [0b11111 << low for low in range(9)])  # the wheel, 6-high .. ace-high
    for mask in (0b1000000001111 | 1 << 4 | 1 << 5, 0b1111111111111, 0b0101010101010):
        inside = {k for k in range(10) if index[mask] >> k & 1}
        assert inside == {k for k, s in enumerate(straights) if mask & s == s}
    # a flush ranked out of its order of ranks, or a straight flush below a flush: refused
    swapped = row.copy()
    ak_q_j_9, ak_q_j_8 = 0b1111010000000, 0b1111001000000
    swapped[[ak_q_j_9, ak_q_j_8]] = swapped[[ak_q_j_8, ak_q_j_9]]
    assert _straight_window_index(game, swapped) is None
    low_wheel = row.copy()
    low_wheel[0b1000000001111] = 1
    assert _straight_window_index(game, low_wheel) is None


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_table_is_in_c_order(name: str) -> None:
    # the kernels read a board's row of the exact-rule tables together, and a table of another
    # layout would make every kernel that reads it compile once more for that layout
    tables = tables_for(GAMES[name])
    for field, table in zip(tables._fields, tables, strict=True):
        assert table.flags.c_contiguous, f"{name}: {field} is not in C order"
