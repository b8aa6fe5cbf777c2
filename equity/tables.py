"""Evaluation tables of a game, generated from the clear hand values and cached on disk.

For every rank multiset a hand may hold (up to the most cards the game ever
evaluates together), and for every number of wild cards, ``rank_classes`` holds the
best hand those ranks make without a flush; ``flush_classes`` does the same for
the 13-bit rank mask of one suit.  The best hand of a set of cards is the larger
of the two lookups.  ``low_classes`` holds ace-to-five lows the same way.

The tables come from :func:`equity.rankings.exact_hand_value` by dynamic
programming: a multiset of exactly a hand's size is valued directly; a wild card
takes the best rank it may stand for; a larger multiset is worth the best of its
sub-multisets one card smaller.  They are written to ``$EQUITY_CACHE_DIR`` (by
default ``~/.cache/equity``) keyed by the game's fingerprint (every built-in
or custom game alike), so only the first process to use a game description
builds them; a build that takes more than a second says so on stderr.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import sys
import tempfile
import threading
import time
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import numpy as np

from equity._kernels.evaluate import FLUSH_MASKS, WILD_ONE
from equity._kernels.perfect_hash import build_perfect_hash, slots_of
from equity._kernels.row_hash import SEVEN_COUNT_SHIFT, SEVEN_ROW_SHIFT, SEVEN_SUIT_SHIFT, pack_rows
from equity.cards import ACE
from equity.games.base import Game
from equity.paths import cache_dir
from equity.rankings import exact_hand_value, exact_low_value
from equity.setup_notices import add_setup, compile_seconds, notice

__all__ = ["EvalTables", "tables_for", "build_tables", "card_bits", "cache_dir"]

#: Rank weights of the seven-card tables: every multiset of at most seven ranks, at most four of
#: a rank, has its own sum (the largest is 18,393,157).  Made by
#: ``equity._kernels.row_hash.greedy_rank_weights(7, 13, 1 << 25)`` (about three minutes);
#: ``tests/test_tables.py`` checks that the sums are distinct and the greedy's first weights.
SEVEN_CARD_WEIGHTS = (1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359,
                      3453520)
#: Bits of the per-card word: 3 bits of rank count per rank, then 4 bits of count per suit.
RANK_FIELD_BITS = 3
#: Natural beats wild: the bit of a five-card strength (below its five tiebreak ranks) set when
#: no wild card plays.
NATURAL_BIT = 1
SUIT_FIELD_SHIFT = 40


class EvalTables(NamedTuple):
    """Everything the kernels read to evaluate one game (arrays only, so Numba caches it).

    Table entries are dense class ids (``uint16``, 0 = no hand) ordered like the
    strengths they stand for, which keeps the hot tables small; ``high_strength``
    and ``low_strength`` turn a class id back into its strength.
    """

    card_bits: np.ndarray  # uint64[256]: 1 << 3*rank | 1 << (40 + 4*suit), 0 past code 51
    suit_bits: np.ndarray  # uint64[256]: 1 << (16*suit + rank), 0 past code 51
    disp: np.ndarray  # uint16[buckets]: perfect-hash displacements
    hash_params: np.ndarray  # uint64[3]: mul, shift, n_slots
    rank_classes: np.ndarray  # uint16[wilds + 1, slots]
    flush_classes: np.ndarray  # uint16[wilds + 1, 8192]: by suited rank mask; with a whole-hand
    #   table (below; no wilds) followed by the straight-window index (_straight_window_index)
    high_strength: np.ndarray  # uint32[classes]
    low_classes: np.ndarray  # uint16[2, wilds + 1, slots]: wild may / may not be an ace
    low_strength: np.ndarray  # uint32[low classes]
    # games whose hands use exactly j hole cards (Omaha, Spanish), else empty:
    hole_index: np.ndarray  # uint16[slots]: slot of a j-card hole multiset -> its row below
    exact_classes: np.ndarray  # uint16[slots, hole multisets]: best class with all j hole ranks
    exact_low_classes: np.ndarray  # uint16[slots, hole multisets + 1]: the same for the low, and
    #   in the last column 1 where the board allows a low with some hole cards, else 0
    # games whose hand is the best five of at most seven cards with any choice of hole cards, no
    # wilds (Hold'em, Tahoe, draw, draw7), else empty: the seven-card tables (additive rank
    # keys, row-displacement hash); the card words are given for every game, as the whole-hand
    # table below sums them too
    seven_words: np.ndarray  # uint64[256]: SEVEN_CARD_WEIGHTS[rank] | 1 << 25 | 1 << (32 + 4*suit)
    seven_offsets: np.ndarray  # int32[rows]: see equity._kernels.row_hash
    seven_classes: np.ndarray  # uint16[slots]: the class ids of rank_classes[0]
    seven_low_classes: np.ndarray  # uint16[slots]: those of low_classes[0, 0] (empty: no low)
    # the same two lookups holding strengths instead of class ids, for evaluate_many, which
    # returns strengths (one load a hand fewer than decoding a class id):
    seven_strengths: np.ndarray  # uint32[slots]: high_strength[seven_classes]
    seven_flush_strengths: np.ndarray  # uint32[8192]: high_strength[flush_classes[0]]
    # games of an exact hole rule with more hole cards than the rule uses (Omaha), when the table
    # stays within WHOLE_TABLE_MAX_BYTES, else empty: one lookup a hand on the full board
    # the full board's ranks and the hand's hole ranks are looked up by their seven-card weights
    # (the count field masked off) through a row-displacement hash of their own:
    whole_offsets: np.ndarray  # int32[rows]: see equity._kernels.row_hash
    whole_positions: np.ndarray  # uint32[slots]: a board's slot -> where its row starts in
    #   whole_classes (flattened); a hand's slot -> its column; the sum is the hand's entry
    whole_classes: np.ndarray  # uint16[boards, hole hands]: best non-flush class of the hand


def card_bits(wild_cards: tuple[int, ...] = ()) -> np.ndarray:
    """The per-card word: its rank's count field plus its suit's count field; a card of
    ``wild_cards`` (a game's fixed wild cards listed by card, jokers included) counts one in the
    wild-card field instead (``WILD_ONE``: no rank, no suit).

    256 entries, zero past code 51 (and the jokers' 52 and 53 unless they are wild), so that any
    ``uint8`` indexes it safely.
    """
    codes = np.arange(52, dtype=np.uint64)
    words = np.zeros(256, dtype=np.uint64)
    words[:52] = (np.uint64(1) << (np.uint64(RANK_FIELD_BITS) * (codes >> np.uint64(2)))) | (
        np.uint64(1) << (np.uint64(SUIT_FIELD_SHIFT) + np.uint64(4) * (codes & np.uint64(3)))
    )
    words[list(wild_cards)] = WILD_ONE
    return words


def suit_bits(wild_cards: tuple[int, ...] = ()) -> np.ndarray:
    """The per-card bit in a word of four 16-bit suit masks (256 entries, zero past 51 and for
    ``wild_cards``)."""
    codes = np.arange(52, dtype=np.uint64)
    words = np.zeros(256, dtype=np.uint64)
    words[:52] = np.uint64(1) << (np.uint64(16) * (codes & np.uint64(3)) + (codes >> np.uint64(2)))
    words[list(wild_cards)] = 0
    return words


def _dense(*value_tables: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
    """Replace strengths by dense class ids (same order); return the ids and the id -> strength map."""
    strengths = np.unique(np.concatenate([np.ravel(t) for t in value_tables] + [np.zeros(1, np.uint32)]))
    if len(strengths) > 65535:
        raise RuntimeError(f"{len(strengths)} hand classes do not fit 16-bit class ids")
    ids = [np.searchsorted(strengths, t).astype(np.uint16) for t in value_tables]
    return ids, strengths.astype(np.uint32)




def rank_multisets(max_cards: int, five_of_a_kind: bool) -> np.ndarray:
    """Count vectors (k, 13) of every multiset with at most four of a rank and ``max_cards`` cards."""
    counts = np.zeros((1, 13), dtype=np.int64)
    for rank in range(13):
        totals = counts.sum(axis=1)
        parts = []
        for c in range(5):
            grown = counts[totals + c <= max_cards].copy()
            grown[:, rank] = c
            parts.append(grown)
        counts = np.concatenate(parts)
    if five_of_a_kind:
        counts = np.concatenate([counts, 5 * np.eye(13, dtype=np.int64)])
    return counts


def multiset_keys(counts: np.ndarray) -> np.ndarray:
    shifts = (RANK_FIELD_BITS * np.arange(13)).astype(np.uint64)
    return (counts.astype(np.uint64) << shifts).sum(axis=1, dtype=np.uint64)


def _ranks_of(count_vector: np.ndarray) -> list[int]:
    return [r for r in range(13) for _ in range(int(count_vector[r]))]


class _MultisetDP:
    """Dynamic programming over rank multisets addressed through the perfect hash."""

    def __init__(self, counts: np.ndarray, disp: np.ndarray, params: np.ndarray, deck: np.ndarray):
        self.counts = counts
        self.disp, self.params = disp, params
        self.sizes = counts.sum(axis=1)
        keys = multiset_keys(counts)
        self.slots = slots_of(keys, disp, params)
        unit = np.uint64(1) << (np.uint64(RANK_FIELD_BITS) * np.arange(13, dtype=np.uint64))
        in_domain = set(keys.tolist())
        self.minus = np.full((13, len(keys)), -1, dtype=np.int64)
        self.plus = np.full((13, len(keys)), -1, dtype=np.int64)
        for r in range(13):
            has = counts[:, r] > 0
            self.minus[r, has] = slots_of(keys[has] - unit[r], disp, params)
            if deck[r]:
                grown = keys + unit[r]
                ok = np.fromiter((k in in_domain for k in grown.tolist()), bool, len(keys))
                self.plus[r, ok] = slots_of(grown[ok], disp, params)

    def run(self, exact, hand_size: int, max_cards: int, max_wilds: int, n_slots: int,
            wild_ranks: np.ndarray, natural_first: bool = False,
            bug_straights: tuple[tuple[int, int], ...] | None = None) -> np.ndarray:
        """Values per (wilds, slot); ``exact(i)`` values multiset ``i`` of exactly ``hand_size``.

        ``natural_first``: a value's lowest bit is set when no wild card is among the cards
        played (natural beats wild: of equal hands the natural one is higher; two hands with
        wild cards tie as before).
        ``bug_straights``: the wild cards are the bug, which plays as an ace or completes a
        straight (the flushes are :func:`_flush_values`'s): (rank mask, value) of each straight.
        """
        values = np.zeros((max_wilds + 1, n_slots), dtype=np.uint32)
        is_five = (self.counts == 5).any(axis=1)
        natural = np.uint32(NATURAL_BIT if natural_first else 0)
        for total in range(hand_size, max_cards + 1):
            for w in range(min(max_wilds, total) + 1):
                sel = np.flatnonzero((self.sizes == total - w) & (~is_five | (total == hand_size)))
                if total == hand_size and w == 0:
                    values[0, self.slots[sel]] = np.array([exact(i) for i in sel], dtype=np.uint32) | natural
                    continue
                best = np.zeros(len(sel), dtype=np.uint32)
                if total == hand_size and bug_straights is not None:
                    target = self.plus[ACE, sel]  # the bug as one more ace
                    ok = target >= 0
                    best[ok] = values[w - 1, target[ok]]
                    held = (self.counts[sel] > 0) @ (1 << np.arange(13))
                    single = self.counts[sel].max(axis=1, initial=0) <= 1
                    for mask, value in bug_straights:  # or completing a straight
                        inside = single & ((held & ~mask) == 0)
                        best[inside] = np.maximum(best[inside], value)
                elif total == hand_size:  # a wild card takes the best rank it may stand for
                    for r in np.flatnonzero(wild_ranks):
                        target = self.plus[r, sel]
                        ok = target >= 0
                        best[ok] = np.maximum(best[ok], values[w - 1, target[ok]])
                else:  # the best hand leaves out one natural card, or one wild card
                    for r in range(13):
                        target = self.minus[r, sel]
                        ok = target >= 0
                        best[ok] = np.maximum(best[ok], values[w, target[ok]])
                    if w:
                        best = np.maximum(best, values[w - 1, self.slots[sel]])
                if total == hand_size and natural_first:  # every card plays: w > 0 wild cards
                    best &= ~np.uint32(NATURAL_BIT)
                values[w, self.slots[sel]] = best
        return values


def _flush_values(game: Game, max_cards: int, max_wilds: int) -> np.ndarray:
    """Values per (wilds, 13-bit rank mask of one suit's natural cards): the best flush or
    straight flush (a wild card, the bug too, stands for a card of the suit not in the hand)."""
    masks = np.arange(8192)
    popcount = np.array([bin(m).count("1") for m in masks])
    deck_mask = sum(1 << r for r in game.deck_ranks)
    values = np.zeros((max_wilds + 1, 8192), dtype=np.uint32)
    hs = game.hand_size
    natural_first = game.wild is not None and game.wild.natural_first
    for total in range(hs, max_cards + 1):
        for w in range(min(max_wilds, total) + 1):
            sel = masks[(popcount == total - w) & ((masks & ~deck_mask) == 0)]
            if total == hs and w == 0:
                values[0, sel] = [
                    exact_hand_value([r for r in range(13) if m >> r & 1], True, game.ranking,
                                     game.straights) | (NATURAL_BIT if natural_first else 0)
                    for m in sel
                ]
                continue
            best = np.zeros(len(sel), dtype=np.uint32)
            for r in game.deck_ranks:
                bit = 1 << r
                if total == hs:  # a wild card stands for a card of the suit not yet in the hand
                    ok = (sel & bit) == 0
                    best[ok] = np.maximum(best[ok], values[w - 1, sel[ok] | bit])
                else:
                    ok = (sel & bit) != 0
                    best[ok] = np.maximum(best[ok], values[w, sel[ok] ^ bit])
            if total > hs and w:
                best = np.maximum(best, values[w - 1, sel])
            if total == hs and natural_first:  # w > 0 wild cards play
                best &= ~np.uint32(NATURAL_BIT)
            values[w, sel] = best
    return values


def _straight_window_index(game: Game, flush_row: np.ndarray) -> np.ndarray | None:
    """The straights inside each suit's ranks, for the flush search of an exact hole rule.

    ``uint16[8192 + straights]``, to be laid after ``flush_row`` (the flush classes): for each
    13-bit rank mask a bit per straight of ``game.straights`` that lies inside it, then the
    straights' masks.  With these :func:`equity._kernels.evaluate.best_exact_whole` finds a
    hand's best flush of exactly ``j`` hole and ``k`` board cards of a suit without listing the
    choices: the top ``j`` hole and top ``k`` board ranks, or a straight flush.  That holds
    when the flushes that are not straights are ordered by their ranks, highest first, and
    every straight flush beats them all, which is checked here; None when not (then no
    whole-hand table is built, and the per-choice search lists the choices).
    """
    straights = [sum(1 << r for r in s) for s in game.straights]
    if len(straights) > 16:
        return None
    deck_mask = sum(1 << r for r in game.deck_ranks)
    hands = [m for m in range(FLUSH_MASKS)
             if m.bit_count() == game.hand_size and m & ~deck_mask == 0]
    plain = sorted((m for m in hands if m not in straights),
                   key=lambda m: [r for r in range(12, -1, -1) if m >> r & 1])
    ordered = flush_row[plain].astype(np.int64)
    if np.any(np.diff(ordered) <= 0):
        return None
    if straights and plain and flush_row[straights].min() <= ordered.max():
        return None
    masks = np.arange(FLUSH_MASKS)
    index = np.zeros(FLUSH_MASKS, dtype=np.uint16)
    for k, straight in enumerate(straights):
        index[(masks & straight) == straight] |= np.uint16(1 << k)
    return np.concatenate([index, np.array(straights, dtype=np.uint16)])


def build_tables(game: Game) -> EvalTables:
    """Generate the evaluation tables of ``game`` (a few seconds; use :func:`tables_for`)."""
    max_cards = game.max_combo_cards
    max_wilds = min(game.wild.max_wild_cards, max_cards) if game.wild else 0
    counts = rank_multisets(max_cards, five_of_a_kind=max_wilds > 0)
    disp, params, n_slots = build_perfect_hash(multiset_keys(counts))
    deck = np.zeros(13, dtype=bool)
    deck[list(game.deck_ranks)] = True
    dp = _MultisetDP(counts, disp, params, deck)

    def high(i: int) -> int:
        return exact_hand_value(_ranks_of(counts[i]), False, game.ranking, game.straights)

    wild = game.wild
    bug_straights = None
    if wild is not None and wild.bug:
        bug_straights = tuple((sum(1 << r for r in s), exact_hand_value(list(s), False, game.ranking,
                                                                         game.straights))
                              for s in game.straights)
    rank_values = dp.run(high, game.hand_size, max_cards, max_wilds, n_slots, deck,
                         natural_first=wild is not None and wild.natural_first, bug_straights=bug_straights)
    flush_values = _flush_values(game, max_cards, max_wilds)
    ace_to_five = game.low is not None and game.low.kind == "ace_to_five"
    if ace_to_five:  # deuce-to-seven lows are valued from high hands (equity.evaluate)
        low = game.low

        def low_value(i: int) -> int:
            return exact_low_value(_ranks_of(counts[i]), low.qualifier)

        no_ace = deck.copy()
        no_ace[ACE] = False
        low_values = np.stack([
            dp.run(low_value, low.hand_size, max_cards, max_wilds, n_slots, deck),
            dp.run(low_value, low.hand_size, max_cards, max_wilds, n_slots, no_ace),
        ])
    else:
        low_values = np.zeros((2, max_wilds + 1, 1), dtype=np.uint32)
    (rank_classes, flush_classes), high_strength = _dense(rank_values, flush_values)
    (low_classes,), low_strength = _dense(low_values)
    hole_index, exact_classes, exact_low_classes = _exact_rule_tables(
        game, counts, dp, rank_classes[0], low_classes[0, 0] if ace_to_five else None)
    seven = _seven_card_tables(game, counts, dp, rank_classes[0],
                               low_classes[0, 0] if ace_to_five else None)
    seven_strengths = high_strength[seven[2]].astype(np.uint32)
    seven_flush_strengths = (high_strength[flush_classes[0, :FLUSH_MASKS]].astype(np.uint32)
                             if seven[2].size
                             else np.zeros(0, dtype=np.uint32))
    whole = _NO_WHOLE_TABLE
    if exact_classes.size:
        window_index = _straight_window_index(game, flush_classes[0])
        if window_index is not None:  # exact-rule games have no wild cards: one row
            whole = _whole_hand_table(game, counts, dp, hole_index, exact_classes)
        if whole[2].size:
            flush_classes = np.hstack([flush_classes, window_index[None, :]])
    return EvalTables(card_bits(game.wild_cards), suit_bits(game.wild_cards), disp, params, rank_classes,
                      flush_classes,
                      high_strength, low_classes, low_strength, hole_index, exact_classes,
                      exact_low_classes, *seven, seven_strengths, seven_flush_strengths, *whole)


#: The largest whole-hand table built (Omaha's is 22.5 MB; a five-card hand of exactly two would
#: take 76 MB and is left to the per-choice tables).
WHOLE_TABLE_MAX_BYTES = 32 << 20
_NO_WHOLE_TABLE = (np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.uint32),
                   np.zeros((0, 0), dtype=np.uint16))


def _whole_hand_table(game: Game, counts: np.ndarray, dp: _MultisetDP, hole_index: np.ndarray,
                      exact_classes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One entry per (full board, whole hand of hole cards) by rank multisets: the best
    non-flush class of exactly ``j`` of the hand's ranks with the board's, the largest
    of its choices' entries in ``exact_classes``.  Read from a table larger than the
    caches, so ``best_exact_whole`` computes a block of rows' positions before it loads
    any.  A hand of only ``j`` hole cards (Spanish) has one choice; its table is still worth
    building, as it keeps only the full boards (455 x 28 entries, 25 KB, where the per-choice
    table has a row for every slot of the hash, 600 KB).  Empty when the table would be too
    large.

    The board and the hand are found by the seven-card weights of their ranks (every multiset
    of up to seven ranks has its own sum, so a board's and a hand's differ when their numbers
    of cards do) through a row-displacement hash: two shifts, two small loads and two additions
    a hand, where the general perfect hash took four multiplications (Omaha ``evaluate_many``
    1.3-1.5x faster, paired runs).  So the table is built only for at most seven board and
    hole cards, and not when there are as many board cards as hole cards."""
    j, n_hole, n_board = game.hole_rule.min_used, game.hole_cards, game.board_cards
    if (n_hole < j or n_hole > game.max_combo_cards or n_board > game.max_combo_cards
            or max(n_hole, n_board) > 7 or n_hole == n_board):
        return _NO_WHOLE_TABLE
    in_deck = ~(counts[:, [r for r in range(13) if r not in game.deck_ranks]] > 0).any(axis=1)
    boards = np.flatnonzero((dp.sizes == n_board) & in_deck)
    hands = np.flatnonzero((dp.sizes == n_hole) & in_deck)
    if 2 * len(boards) * len(hands) > WHOLE_TABLE_MAX_BYTES or max(len(boards), len(hands)) > 65535:
        return _NO_WHOLE_TABLE
    weights = np.array(SEVEN_CARD_WEIGHTS, dtype=np.int64)
    keys = np.concatenate([counts[boards] @ weights, counts[hands] @ weights])
    offsets, n_slots = pack_rows(keys, SEVEN_ROW_SHIFT)
    slots = keys + offsets[keys >> SEVEN_ROW_SHIFT]
    positions = np.zeros(n_slots, dtype=np.uint32)
    positions[slots] = np.concatenate([np.arange(len(boards)) * len(hands), np.arange(len(hands))])
    # each hand's j-card choices (by position in its sorted ranks), as exact_classes columns
    choices = list(itertools.combinations(range(n_hole), j))
    shifts = (RANK_FIELD_BITS * np.arange(13)).astype(np.uint64)
    hand_ranks = np.array([_ranks_of(counts[h]) for h in hands], dtype=np.int64)
    by_board = exact_classes[dp.slots[boards]]
    classes = np.zeros((len(boards), len(hands)), dtype=np.uint16)
    for choice in choices:
        keys = (np.uint64(1) << shifts[hand_ranks[:, list(choice)]]).sum(axis=1, dtype=np.uint64)
        columns = hole_index[slots_of(keys, dp.disp, dp.params)]
        np.maximum(classes, by_board[:, columns], out=classes)
    return offsets.astype(np.int32), positions, classes


def seven_card_words() -> np.ndarray:
    """The per-card word of the seven-card tables: its rank's weight, a one in the card-count
    field and a one in its suit's count field (256 entries, zero past code 51)."""
    codes = np.arange(52, dtype=np.uint64)
    words = np.zeros(256, dtype=np.uint64)
    words[:52] = (np.array(SEVEN_CARD_WEIGHTS, dtype=np.uint64)[codes >> np.uint64(2)]
                  | np.uint64(1 << SEVEN_COUNT_SHIFT)
                  | np.uint64(1) << (np.uint64(SEVEN_SUIT_SHIFT) + np.uint64(4) * (codes & np.uint64(3))))
    return words


def _seven_card_tables(game: Game, counts: np.ndarray, dp: _MultisetDP, rank_classes: np.ndarray,
                       low_classes: np.ndarray | None):
    """``(words, offsets, classes, low_classes)`` of the seven-card tables, or empty arrays where
    they do not apply: the hand must be the best five of a group of at most seven cards (all of a
    player's cards and the board, or a choice of hole cards and the board), no wild cards.
    ``classes[key + offsets[key >> SEVEN_ROW_SHIFT]]`` is the class of the rank multiset whose
    weights sum to ``key``, and ``low_classes[...]`` at the same slot its ace-to-five low class
    (for a game with that low, else empty).  The words are given for every game: the whole-hand
    table's lookups (:func:`_whole_hand_table`) sum them too."""
    rule = game.hole_rule
    if game.wild is not None or game.hand_size != 5 or game.max_combo_cards > 7 or rule.min_used:
        return (seven_card_words(), np.zeros(0, dtype=np.int32),
                np.zeros(0, dtype=np.uint16), np.zeros(0, dtype=np.uint16))
    sizes = counts.sum(axis=1)
    keys = counts @ np.array(SEVEN_CARD_WEIGHTS, dtype=np.int64) + (sizes << SEVEN_COUNT_SHIFT)
    offsets, n_slots = _pack_rows_by_count(keys, sizes, SEVEN_ROW_SHIFT)
    slots = keys + offsets[keys >> SEVEN_ROW_SHIFT]
    classes = np.zeros(n_slots, dtype=np.uint16)
    classes[slots] = rank_classes[dp.slots]
    lows = np.zeros(n_slots if low_classes is not None else 0, dtype=np.uint16)
    if low_classes is not None:
        lows[slots] = low_classes[dp.slots]
    return seven_card_words(), offsets.astype(np.int32), classes, lows


def _pack_rows_by_count(keys: np.ndarray, sizes: np.ndarray, shift: int) -> tuple[np.ndarray, int]:
    """:func:`pack_rows` for keys that carry their card count ``sizes`` above ``SEVEN_COUNT_SHIFT``.

    Each count's rows are packed on their own and the packings laid one after the
    other, most cards first; returns ``(offsets, n_slots)`` as :func:`pack_rows` does.
    """
    offsets = np.zeros((int(keys.max()) >> shift) + 1, np.int64)
    base = 0
    for size in sorted(set(sizes.tolist()), reverse=True):
        these = keys[sizes == size]
        low = these - (size << SEVEN_COUNT_SHIFT)
        row_offsets, n_slots = pack_rows(low, shift)
        rows = np.arange(row_offsets.shape[0])
        # key = low + (size << SEVEN_COUNT_SHIFT); slot = base + low + row_offsets[low >> shift]
        offsets[rows + ((size << SEVEN_COUNT_SHIFT) >> shift)] = row_offsets + base - (
            size << SEVEN_COUNT_SHIFT)
        base += n_slots
    return offsets, base


def _exact_rule_tables(game: Game, counts: np.ndarray, dp: _MultisetDP, rank_classes: np.ndarray,
                       low_classes: np.ndarray | None):
    """Tables for a hand of exactly ``j`` hole cards and ``hand_size - j`` board cards.

    ``exact_classes[b, h]`` is the best class made by all the ranks of hole
    multiset ``h`` with ``hand_size - j`` ranks of board multiset ``b`` (by slot),
    so each choice of hole cards costs one lookup, all in one short row per board.
    Empty for other hole rules and for games with wild cards.
    """
    rule = game.hole_rule
    empty = np.zeros((0,), dtype=np.uint16), np.zeros((0, 0), dtype=np.uint16)
    if rule.min_used != rule.max_used or rule.min_used == 0 or game.wild is not None:
        return empty[0], empty[1], empty[1]
    j, need = rule.min_used, game.hand_size - rule.min_used
    in_deck = ~(counts[:, [r for r in range(13) if r not in game.deck_ranks]] > 0).any(axis=1)
    holes = np.flatnonzero((dp.sizes == j) & in_deck & (counts.max(axis=1) <= 4))
    n_slots = len(rank_classes)
    hole_index = np.zeros(n_slots, dtype=np.uint16)
    hole_index[dp.slots[holes]] = np.arange(len(holes))
    keys = multiset_keys(counts)

    def table(classes: np.ndarray) -> np.ndarray:
        out = np.zeros((len(holes), n_slots), dtype=np.uint16)
        base = np.flatnonzero((dp.sizes == need) & in_deck)
        together = counts[holes][:, None, :] + counts[base][None, :, :]
        valid = together.max(axis=2) <= 4
        joined = (keys[holes][:, None] + keys[base][None, :]).ravel()
        slots = slots_of(joined, dp.disp, dp.params).reshape(valid.shape)
        out[:, dp.slots[base]] = np.where(valid, classes[slots], 0)
        for size in range(need + 1, int(dp.sizes.max()) + 1):
            sel = np.flatnonzero((dp.sizes == size) & in_deck)
            best = np.zeros((len(holes), len(sel)), dtype=np.uint16)
            for r in range(13):
                target = dp.minus[r, sel]
                ok = target >= 0
                best[:, ok] = np.maximum(best[:, ok], out[:, target[ok]])
            out[:, dp.slots[sel]] = best
        return out

    exact_low = empty[1]
    if low_classes is not None:
        lows = table(low_classes).T
        # a last column that says whether the board allows a qualifying low with any hole cards,
        # so a board without one (about four in ten) is passed over after one load
        # C order, like exact_classes: a board's row lies together (``lows`` is a transpose, and
        # an F-ordered table also made the kernels compile a second time for its layout)
        exact_low = np.ascontiguousarray(
            np.hstack([lows, lows.any(axis=1, keepdims=True).astype(np.uint16)]))
    return hole_index, table(rank_classes).T.copy(), exact_low


_LOADED: dict[str, EvalTables] = {}

#: A table build that is still running after this many seconds says so on stderr.
REPORT_AFTER_SECONDS = 1.0


def _build_and_report(game: Game) -> EvalTables:
    """:func:`build_tables`, saying on stderr what is being built once it takes over a second."""
    lock = threading.Lock()
    state = {"done": False, "reported": False}

    def report() -> None:
        with lock:
            if not state["done"]:
                state["reported"] = True
                notice(f"building tables for {game.name}... (first use of this game description; "
                       f"cached in {cache_dir()})")

    timer = threading.Timer(REPORT_AFTER_SECONDS, report)
    timer.daemon = True
    start = time.perf_counter()
    _, compiling_before = compile_seconds()
    timer.start()
    try:
        tables = build_tables(game)
    finally:
        with lock:
            state["done"] = True
        timer.cancel()
    seconds = time.perf_counter() - start
    add_setup(seconds - (compile_seconds()[1] - compiling_before))  # (compiling is counted apart)
    if state["reported"]:
        notice(f"tables for {game.name} built in {seconds:.1f} s")
    return tables


@lru_cache(maxsize=1)
def generator_digest() -> str:
    """Hash of the code that generates tables, so an edit never serves stale cached tables."""
    import equity._kernels.perfect_hash
    import equity._kernels.row_hash
    import equity.games.base
    import equity.rankings

    digest = hashlib.sha256()
    for module in (equity.rankings, equity.games.base, equity._kernels.perfect_hash,
                   equity._kernels.row_hash, sys.modules[__name__]):
        digest.update(Path(module.__file__).read_bytes())
    return digest.hexdigest()[:12]


def tables_for(game: Game) -> EvalTables:
    """The tables of ``game``: from memory, from the disk cache, or generated and cached."""
    key = f"{game.fingerprint()}-{generator_digest()}"
    if key in _LOADED:
        return _LOADED[key]
    path = cache_dir() / f"tables-{key}.npz"
    tables = None
    if path.exists():
        try:
            with np.load(path) as stored:
                tables = EvalTables(*(stored[name] for name in EvalTables._fields))
        except (OSError, KeyError, ValueError):
            tables = None
    if tables is None:
        tables = _build_and_report(game)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".tmp", delete=False) as tmp:
                np.savez(tmp, **tables._asdict())
            os.replace(tmp.name, path)
        except OSError:
            pass  # a read-only cache only costs the rebuild next time
    _LOADED[key] = tables
    return tables
