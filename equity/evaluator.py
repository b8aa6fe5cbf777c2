"""Public hand evaluation: one hand from text, or many rows of card codes at once.

Everything here reads the game's description (:mod:`equity.games`); the kernels
in :mod:`equity._kernels.evaluate` do the arithmetic over the tables of
:mod:`equity.tables`.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np

from equity._kernels import simd
from equity._kernels.bundles import ClassTables, HandGroups, HandTables
from equity._kernels.evaluate import (
    all_rows_valid,
    best_exact,
    best_exact_low,
    best_exact_whole,
    best_high,
    best_high_all_cards,
    best_high_all_cards_wild,
    best_high_seven,
    best_hole_choices,
    best_low,
    first_invalid_row,
)
from equity._kernels.perfect_hash import slots_of
from equity.cards import N_CODES, CardsLike, card_codes, card_text, parse_wild_rank
from equity.errors import CardError, InvalidInputError, OptionError, check_flag
from equity.games import Game, get_game
from equity.games.base import HIGH_HAND_LOWS
from equity.hand import (
    Hand,
    check_card_counts,
    check_wild_option,
    display_order,
    evaluate,
    exact_game,
    exact_hands,
    has_cards,
    playing_cards,
    read_hand,
    tiebreak,
    wild_rank_of,
)
from equity.rankings import (
    CATEGORY_SHIFT,
    LOW_PATTERNS,
    STANDARD_RANKING,
    Category,
    describe_high,
    describe_low,
    pattern_category,
)
from equity.setup_notices import sets_up
from equity.tables import NATURAL_BIT, SUIT_FIELD_SHIFT, multiset_keys, rank_multisets, tables_for
from equity.vector import vector_path

__all__ = [
    "Hand",
    "evaluate",
    "evaluate_low",
    "evaluate_many",
    "evaluate_low_many",
    "hole_cards_used_many",
    "categories_of",
    "category_positions",
    "category_dtype",
    "categories_dtype",
]

NO_WILD = np.zeros(0, dtype=np.int8)
NO_HOLES = np.zeros(0, dtype=np.int8)


# ---------------------------------------------------------------------------------------------
# Which groups of cards a hand may be drawn from (read off the game's hole rule)
# ---------------------------------------------------------------------------------------------
def padded_subsets(subsets: list[tuple[int, ...]]) -> tuple[np.ndarray, np.ndarray]:
    """Subsets of card positions as rows padded with zeros, and each row's length."""
    width = max([1, *(len(x) for x in subsets)])
    table = np.zeros((len(subsets), width), dtype=np.int64)
    for k, subset in enumerate(subsets):
        table[k, : len(subset)] = subset
    return table, np.array([len(x) for x in subsets], dtype=np.int64)


@lru_cache(maxsize=256)
def hand_groups(game: Game, n_hole: int, n_board: int, hand_size: int, usage: bool) -> HandGroups:
    """Groups of cards a hand may be drawn from under the game's hole rule.

    With ``usage`` the groups are split by the number of hole cards they hold, so
    the kernel can report the fewest hole cards that reach the best hand.
    """
    rule = game.hole_rule
    whole_board = tuple(range(n_board))
    pairs: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    if rule.min_used == 0 and not usage:
        k = min(rule.max_used, n_hole)
        pairs = [(h, whole_board) for h in itertools.combinations(range(n_hole), k)]
    elif rule.min_used == 0:
        for j in range(min(rule.max_used, n_hole) + 1):
            if j + n_board >= hand_size:
                pairs += [(h, whole_board) for h in itertools.combinations(range(n_hole), j)]
    else:
        for j in range(rule.min_used, min(rule.max_used, n_hole) + 1):
            pairs += [(h, b) for h in itertools.combinations(range(n_hole), j)
                      for b in itertools.combinations(range(n_board), hand_size - j)]
    hole_subsets = list(dict.fromkeys(h for h, _ in pairs))
    board_subsets = list(dict.fromkeys(b for _, b in pairs))
    hole_sets, hole_len = padded_subsets(hole_subsets)
    board_sets, board_len = padded_subsets(board_subsets)
    index = np.array([(hole_subsets.index(h), board_subsets.index(b)) for h, b in pairs],
                     dtype=np.int64)
    holes = np.array([len(h) for h, _ in pairs], dtype=np.int64)
    return HandGroups(hole_sets, hole_len, board_sets, board_len, index, holes)


@lru_cache(maxsize=64)
def flush_bias(hand_size: int, max_wilds: int) -> np.ndarray:
    """Per number of wild cards, the bias the kernels add to a suit-count word so that a suit with
    enough cards for a flush of ``hand_size`` cards sets its flag bit."""
    return np.array([(8 - (hand_size - w)) * 0x1111 for w in range(max_wilds + 1)], dtype=np.uint64)


def hand_tables(game: Game, low_rule: int = 0) -> HandTables:
    """The hand rule and the zero-wild tables the fused kernels value the game's hands with
    (:class:`~equity._kernels.bundles.HandTables`); ``low_rule`` is the low of a hi-lo pot (0
    none, 1 through the exact-rule low tables, 2 over the hole choices)."""
    t = tables_for(game)
    hole_sets, hole_len, exact_need = kernel_hand_rule(game)
    bias = flush_bias(game.hand_size, t.rank_classes.shape[0] - 1)[0]
    return HandTables(hole_sets, hole_len, exact_need, t.hole_index, t.exact_classes, t.card_bits,
                      t.suit_bits, t.disp, t.hash_params, t.rank_classes[0], t.flush_classes[0], bias,
                      low_rule, t.low_classes[0, 0], t.exact_low_classes, t.seven_words, t.seven_offsets,
                      t.seven_classes, t.seven_low_classes)


def class_tables(game: Game, every_wild: bool = False) -> ClassTables:
    """The tables that value a hand of all its cards (:class:`~equity._kernels.bundles.ClassTables`):
    the zero-wild rows, or with ``every_wild`` the classes and flush bias of every number of wild
    cards."""
    t = tables_for(game)
    bias = flush_bias(game.hand_size, t.rank_classes.shape[0] - 1)
    if every_wild:
        return ClassTables(t.card_bits, t.suit_bits, t.disp, t.hash_params, t.rank_classes, t.flush_classes,
                           bias)
    return ClassTables(t.card_bits, t.suit_bits, t.disp, t.hash_params, t.rank_classes[0], t.flush_classes[0],
                       bias[0])


def kernel_takes_rule(game: Game) -> bool:
    """Whether the fused kernels play the game's hole rule: any of the cards (choices of hole cards
    with the whole board) or exactly j hole cards (with the exact-rule tables)."""
    rule = game.hole_rule
    return rule.min_used == 0 or rule.min_used == rule.max_used


def kernel_hand_rule(game: Game) -> tuple[np.ndarray, np.ndarray, int]:
    """The hand rule as the fused kernels take it: the hole-card choices (padded rows of seat
    positions and their lengths) and the board cards an exact rule needs (0 for a rule of
    choices, where each choice plays with the whole board)."""
    rule = game.hole_rule
    if rule.min_used > 0:  # exactly j hole cards: every j-card choice, with the exact-rule tables
        hole_sets, hole_len = padded_subsets(
            list(itertools.combinations(range(game.hole_cards), rule.min_used)))
        return hole_sets, hole_len, game.hand_size - rule.min_used
    choices = hand_groups(game, game.hole_cards, game.board_cards, game.hand_size, False)
    return choices.hole_sets, choices.hole_set_len, 0


def hand_is_all_cards(game: Game) -> bool:
    """Whether a hand is the best of all of a seat's hole cards and the board, one choice of
    hole cards (Hold'em, Egyptian; not Omaha's exactly two nor Tahoe's at most two): the rule the
    calculator's duel, open-seat loops and count by ranks take."""
    hole_sets, hole_len, exact_need = kernel_hand_rule(game)
    return exact_need == 0 and len(hole_sets) == 1 and int(hole_len[0]) == game.hole_cards


# ---------------------------------------------------------------------------------------------
# Input checking
# ---------------------------------------------------------------------------------------------
def _as_rows(cards, what: str, n_rows: int | None = None) -> np.ndarray:
    if isinstance(cards, str):
        rows = card_codes(cards)[None, :]
    else:
        rows = np.asarray(cards)
        if rows.dtype.kind in "US" or rows.dtype == object:
            rows = np.stack([card_codes(r, allow_duplicates=True) for r in np.atleast_1d(rows)])
        elif rows.dtype.kind not in "iu":
            raise CardError(f"{what} must be card codes (integers 0..53) or text, got {rows.dtype}")
    if rows.ndim == 1:
        rows = rows[None, :] if n_rows is None else np.broadcast_to(rows, (n_rows, rows.shape[0]))
    if rows.ndim != 2:
        raise InvalidInputError(f"{what} must be a 2-d array of card codes (rows, cards)")
    if rows.dtype != np.uint8:
        if rows.size and (rows.min() < 0 or rows.max() >= N_CODES):
            raise CardError(f"{what} hold a card code outside 0..{N_CODES - 1}")
        rows = rows.astype(np.uint8)
    return rows




def _check_rows(game: Game, hole: np.ndarray, board: np.ndarray) -> None:
    n_hole, n_board = hole.shape[1], board.shape[1]
    if all_rows_valid(hole.ravel(), n_hole, board.ravel(), n_board, hole.shape[0],
                      np.uint64(game.deck_mask)):
        return
    bad = first_invalid_row(hole.ravel(), n_hole, board.ravel(), n_board, hole.shape[0],
                            np.uint64(game.deck_mask))
    if bad < 0:
        return
    row = hole[bad].tolist() + board[bad].tolist()
    where = lambda t: "hole cards" if t < n_hole else "board"  # noqa: E731
    for t, code in enumerate(row):
        if code >= N_CODES:
            raise CardError(f"row {bad}: card code {code} is out of range (codes run from 0 to 51, and "
                            "52 and 53 are the jokers)")
        if code not in game.deck:
            raise CardError(
                f"row {bad}: card '{card_text(code)}' is not in the {game.name} deck "
                f"({game.describe_deck()})"
            )
        if code in row[:t]:
            first = row.index(code)
            places = where(t) if where(first) == where(t) else f"{where(first)} and the {where(t)}"
            raise CardError(f"row {bad}: duplicate card '{card_text(code)}' in the {places}")


def _wild_rows(game: Game, wild, n_rows: int) -> np.ndarray:
    fixed = game.fixed_wild_rank
    if wild is None and game.wild_cards:  # the wild cards count themselves (their card words)
        return np.full(n_rows, -1, dtype=np.int8)
    if wild is None:
        return NO_WILD if fixed is None else np.full(n_rows, fixed, dtype=np.int8)
    if isinstance(wild, (str, int, np.integer)) and not isinstance(wild, bool):
        return np.full(n_rows, wild_rank_of(game, wild), dtype=np.int8)
    check_wild_option(game)
    ranks = np.asarray(wild)
    if ranks.shape != (n_rows,) or ranks.dtype.kind not in "iu":
        raise OptionError(f"wild must be a rank, or an integer array of {n_rows} rank indexes (-1: none)")
    if ranks.size and (ranks.min() < -1 or ranks.max() > 12):
        raise OptionError("wild rank indexes run from 0 (deuce) to 12 (ace), or -1 for no wild")
    return ranks.astype(np.int8)


def _prepare(game, hole, board, wild, hand_size: int | None, check: bool):
    g = get_game(game)
    hole_rows = np.ascontiguousarray(_as_rows(hole, "hole cards"))
    n = hole_rows.shape[0]
    board_rows = _as_rows(board, "board", n_rows=n) if has_cards(board) else \
        np.zeros((n, 0), dtype=np.uint8)
    board_rows = np.ascontiguousarray(board_rows)
    if board_rows.shape[0] != n:
        raise InvalidInputError(f"{n} rows of hole cards but {board_rows.shape[0]} rows of board cards")
    check_card_counts(g, hole_rows.shape[1], board_rows.shape[1], hand_size)
    if check:
        _check_rows(g, hole_rows, board_rows)
    return g, hole_rows, board_rows, _wild_rows(g, wild, n)


# ---------------------------------------------------------------------------------------------
# Many hands at once
# ---------------------------------------------------------------------------------------------
def _run_high(g: Game, hole, board, wild_rows, usage: bool):
    t = tables_for(g)
    n_hole, n_board = hole.shape[1], board.shape[1]
    groups = hand_groups(g, n_hole, n_board, g.hand_size, usage)
    out = np.empty(hole.shape[0], dtype=np.uint32)
    max_wilds = t.rank_classes.shape[0] - 1
    bias = flush_bias(g.hand_size, max_wilds)
    if (not usage and t.whole_classes.size and n_hole == g.hole_cards
            and n_board == g.board_cards):
        j = g.hole_rule.min_used
        best_exact_whole(hole.ravel(), n_hole, board.ravel(), n_board, t.seven_words, t.suit_bits,
                         t.whole_offsets, t.whole_positions, t.whole_classes, t.flush_classes[0],
                         t.high_strength, j, g.hand_size - j, out)
        return out, NO_HOLES
    if not usage and t.exact_classes.size and len(groups.board_sets) > 1:
        rule = g.hole_rule
        hole_sets, hole_len = padded_subsets(list(itertools.combinations(range(n_hole), rule.min_used)))
        best_exact(hole.ravel(), n_hole, board.ravel(), n_board, hole_sets, hole_len, t.card_bits,
                   t.suit_bits, t.disp, t.hash_params, t.hole_index, t.exact_classes,
                   t.flush_classes[0], t.high_strength, g.hand_size - rule.min_used, out)
        return out, NO_HOLES
    if (not usage and not len(wild_rows) and len(groups.board_sets) == 1 and len(groups.pairs) > 1
            and groups.board_set_len[0] == n_board):
        best_hole_choices(hole.ravel(), n_hole, board.ravel(), n_board, groups.hole_sets,
                          groups.hole_set_len, class_tables(g), t.high_strength, out,
                          t.seven_words, t.seven_offsets, t.seven_strengths, t.seven_flush_strengths)
        return out, NO_HOLES
    if (not usage and len(wild_rows) and g.fixed_wild_rank is not None and n_hole + n_board == 5
            and len(groups.pairs) == 1 and groups.pair_holes[0] == n_hole):
        bits, ranks, flushes = _fixed_wild_five(g)  # deuces-wild draw: one exact hand a row
        best_high_all_cards(hole.ravel(), n_hole, board.ravel(), n_board, bits, t.suit_bits, t.disp,
                            t.hash_params, ranks, flushes, t.high_strength, bias[0], out)
        return out, NO_HOLES
    if (not usage and len(groups.pairs) == 1 and groups.pair_holes[0] == n_hole and not len(wild_rows)
            and t.seven_offsets.size):
        best_high_seven(hole.ravel(), n_hole, board.ravel(), n_board, t.seven_words, t.suit_bits,
                        t.seven_offsets, t.seven_strengths, t.seven_flush_strengths, bias[0], out)
        return out, NO_HOLES
    if (not usage and len(groups.pairs) == 1 and groups.pair_holes[0] == n_hole
            and groups.board_set_len[0] == n_board and len(wild_rows)):
        best_high_all_cards_wild(hole.ravel(), n_hole, board.ravel(), n_board, t.card_bits,
                                 t.suit_bits, t.disp, t.hash_params, t.rank_classes,
                                 t.flush_classes, t.high_strength, bias, wild_rows, out)
        return out, NO_HOLES
    if not usage and len(groups.pairs) == 1 and groups.pair_holes[0] == n_hole and not len(wild_rows):
        best_high_all_cards(hole.ravel(), n_hole, board.ravel(), n_board, t.card_bits, t.suit_bits,
                            t.disp, t.hash_params, t.rank_classes[0], t.flush_classes[0],
                            t.high_strength, bias[0], out)
        return out, NO_HOLES
    out_holes = np.empty(hole.shape[0], dtype=np.int8) if usage else NO_HOLES
    best_high(hole.ravel(), n_hole, board.ravel(), n_board, groups, class_tables(g, every_wild=True),
              t.high_strength, wild_rows, out, out_holes)
    return out, out_holes


@lru_cache(maxsize=16)
def _fixed_wild_five(g: Game) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Tables that let the no-wild kernel value exact five-card hands with a fixed wild rank.

    The wild rank never plays as itself, so its count in a hand's key can stand for
    the number of wild cards: ``ranks[slot]`` is the class of the natural ranks with
    that many wild cards.  A wild card's word adds one to every suit's count, so a
    suit is flagged exactly when the naturals all share it; the wild cards then number
    five less the naturals in the suit's mask, which ``flushes[mask]`` reads off.
    """
    t = tables_for(g)
    wild = g.fixed_wild_rank
    counts = rank_multisets(5, five_of_a_kind=True)
    counts = counts[(counts.sum(axis=1) == 5) & (counts[:, wild] < t.rank_classes.shape[0])]
    keys = multiset_keys(counts)
    naturals = keys - (counts[:, wild].astype(np.uint64) << np.uint64(3 * wild))
    ranks = np.zeros(t.rank_classes.shape[1], dtype=t.rank_classes.dtype)
    ranks[slots_of(keys, t.disp, t.hash_params)] = t.rank_classes[
        counts[:, wild], slots_of(naturals, t.disp, t.hash_params)]
    masks = np.arange(8192) & ~(1 << wild)
    n_wild = 5 - np.array([bin(m).count("1") for m in masks])
    ok = (n_wild >= 0) & (n_wild < t.flush_classes.shape[0])
    flushes = np.zeros(8192, dtype=t.flush_classes.dtype)
    flushes[ok] = t.flush_classes[n_wild[ok], masks[ok]]
    bits = t.card_bits.copy()
    every_suit = sum(np.uint64(1) << np.uint64(SUIT_FIELD_SHIFT + 4 * s) for s in range(4))
    for suit in range(4):
        bits[4 * wild + suit] = (np.uint64(1) << np.uint64(3 * wild)) | every_suit
    return bits, ranks, flushes


@sets_up("evaluation")
def evaluate_many(game: str | Game, hole, board=None, *, wild=None, check: bool = True) -> np.ndarray:
    """Strengths of many hands: larger wins, equal splits, in the order of :class:`Hand`.

    Parameters
    ----------
    game
        A game name (``"holdem"``, ``"eldorado"``, ...) or a :class:`~equity.games.Game`.
    hole
        Card codes, shape ``(n, hole_cards)``; text rows are accepted too.
    board
        Card codes, shape ``(n, b)``, or one board ``(b,)`` shared by every row; a
        partial board is fine where the cards already make a hand.
    wild
        For games with a wild rule: one rank (``"K"``, or ``"none"`` for no wild rank) for
        all rows, or an integer array of rank indexes per row with -1 for no wild rank.
    check
        Check every row for repeated cards and cards outside the game's deck.

    Returns
    -------
    numpy.ndarray
        ``uint32`` strengths; ``strength >> 24`` is the category's position in the
        game's ranking counted from the bottom (see :func:`categories_of`).

    Examples
    --------
    >>> from equity import card_codes
    >>> hole = np.stack([card_codes("AhKh"), card_codes("QsQd")])
    >>> s = evaluate_many("holdem", hole, card_codes("Qh Jh Th 2c 3d"))
    >>> categories_of("holdem", s).tolist()
    ['straight_flush', 'three_of_a_kind']
    """
    g, hole_rows, board_rows, wild_rows = _prepare(game, hole, board, wild, None, check=False)
    if _in_blocks(g, hole_rows, board_rows, wild_rows):
        return _seven_blocks(g, hole_rows, board_rows, check)
    if _whole_in_blocks(g, hole_rows, board_rows, wild_rows):
        return _whole_blocks(g, hole_rows, board_rows, check)
    if check:
        _check_rows(g, hole_rows, board_rows)
    return _run_high(g, hole_rows, board_rows, wild_rows, usage=False)[0]


def _in_blocks(g: Game, hole: np.ndarray, board: np.ndarray, wild_rows: np.ndarray) -> bool:
    """Whether rows of this shape go through the blocks of :mod:`equity._kernels.simd` (sixteen
    rows in AVX-512 registers, or eight in AVX2's): two hole and five board cards, the best five
    of all seven, no wild card, and a host that can run the blocks."""
    rule = g.hole_rule
    if (hole.shape[1], board.shape[1]) != (2, 5) or g.hand_size != 5 or len(wild_rows) \
            or rule.min_used != 0 or rule.max_used < 2 or vector_path() == "scalar":
        return False
    t = tables_for(g)
    # the blocks read every row's flush entry, entry 0 (no flush) for most: it must lose
    return bool(t.seven_offsets.size) and not t.whole_classes.size \
        and t.seven_flush_strengths[0] == 0


def _seven_blocks(g: Game, hole: np.ndarray, board: np.ndarray, check: bool) -> np.ndarray:
    t = tables_for(g)
    rank_words = simd.rank_words(t.seven_words)
    bias = flush_bias(g.hand_size, t.rank_classes.shape[0] - 1)[0]
    out = np.empty(hole.shape[0], dtype=np.uint32)
    if not simd.best_high_seven_blocks(hole.ravel(), board.ravel(), rank_words, t.seven_offsets,
                                       t.seven_strengths, t.seven_flush_strengths, bias,
                                       np.uint64(g.deck_mask), check, out, simd.lanes_tag(vector_path())):
        _refuse_rows(g, hole, board)
    return out


def _refuse_rows(g: Game, hole: np.ndarray, board: np.ndarray) -> None:
    """Raise the row check's error for rows a block kernel found bad (naming the first)."""
    _check_rows(g, hole, board)
    raise AssertionError("the block check and the row check disagree")


def _whole_in_blocks(g: Game, hole: np.ndarray, board: np.ndarray, wild_rows: np.ndarray) -> bool:
    """Whether rows of this shape go through the whole-hand table in blocks of rows: the game's
    whole deal (:func:`whole_blocks_value`) and no wild card."""
    return (hole.shape[1] == g.hole_cards and board.shape[1] == g.board_cards and not len(wild_rows)
            and whole_blocks_value(g))


def whole_blocks_value(g: Game) -> bool:
    """Whether the game's whole deals can be valued in blocks of rows
    (:func:`equity._kernels.simd.best_exact_whole_blocks`): a deal of a shape the blocks are
    built for, a whole-hand table, and a host that can run them (sixteen rows at a time in
    AVX-512 registers, or eight in AVX2's)."""
    if (g.hole_cards, g.board_cards) not in simd.WHOLE_SHAPES or vector_path() == "scalar":
        return False
    return bool(tables_for(g).whole_classes.size)


def whole_block_tables(g: Game) -> tuple:
    """The game's arguments of :func:`equity._kernels.simd.best_exact_whole_blocks` after the
    rows and before ``check``: the rank words, the whole-hand tables, the class strengths, the
    hole and board cards a hand uses, and the deck."""
    t = tables_for(g)
    j = g.hole_rule.min_used
    return (simd.rank_words(t.seven_words), t.suit_bits, t.whole_offsets, t.whole_positions,
            t.whole_classes, t.flush_classes[0], t.high_strength, j, g.hand_size - j,
            np.uint64(g.deck_mask))


def _whole_blocks(g: Game, hole: np.ndarray, board: np.ndarray, check: bool) -> np.ndarray:
    out = np.empty(hole.shape[0], dtype=np.uint32)
    if not simd.best_exact_whole_blocks(hole.ravel(), hole.shape[1], board.ravel(), *whole_block_tables(g),
                                        check, out, simd.lanes_tag(vector_path())):
        _refuse_rows(g, hole, board)
    return out


@sets_up("evaluation")
def hole_cards_used_many(game: str | Game, hole, board=None, *, wild=None,
                         check: bool = True) -> np.ndarray:
    """The fewest hole cards with which each row's best hand value can be made (``int8``)."""
    g, hole_rows, board_rows, wild_rows = _prepare(game, hole, board, wild, None, check)
    return _run_high(g, hole_rows, board_rows, wild_rows, usage=True)[1]


def low_variant(g: Game, wild_can_be_ace: bool) -> int:
    check_flag(wild_can_be_ace, "wild_can_be_ace")
    if g.low is None:
        with_low = ", ".join(n for n, x in _games().items() if x.low is not None)
        raise OptionError(f"{g.name} has no low hand: its rules give none (built-in games with a low: "
                          f"{with_low})")
    if not wild_can_be_ace and g.wild is None:
        raise OptionError(
            f"wild_can_be_ace applies to games with wild cards; {g.name} has none"
        )
    return 0 if wild_can_be_ace else 1


def _games():
    from equity.games import GAMES

    return GAMES


@sets_up("low evaluation")
def evaluate_low_many(game: str | Game, hole, board=None, *, wild=None,
                      wild_can_be_ace: bool = True, check: bool = True) -> np.ndarray:
    """Low strengths of many hands: larger is a better low, 0 is no qualifying low.

    The low is the game's (:class:`~equity.games.LowRule`): ace-to-five, or
    deuce-to-seven for games that say so.  Parameters are those of
    :func:`evaluate_many`; ``wild_can_be_ace`` (El Dorado) says whether a wild card
    may count as an ace.
    """
    g = get_game(game)
    variant = low_variant(g, wild_can_be_ace)
    g, hole_rows, board_rows, wild_rows = _prepare(g, hole, board, wild, g.low.hand_size, check)
    if g.low.kind in HIGH_HAND_LOWS:
        return _high_hand_low_many(g, hole_rows, board_rows)
    t = tables_for(g)
    n_hole, n_board = hole_rows.shape[1], board_rows.shape[1]
    groups = hand_groups(g, n_hole, n_board, g.low.hand_size, False)
    out = np.empty(hole_rows.shape[0], dtype=np.uint32)
    if t.exact_low_classes.size and len(groups.board_sets) > 1 and g.low.hand_size == g.hand_size:
        j = g.hole_rule.min_used
        hole_sets, hole_len = padded_subsets(list(itertools.combinations(range(n_hole), j)))
        best_exact_low(hole_rows.ravel(), n_hole, board_rows.ravel(), n_board, hole_sets, hole_len,
                       t.card_bits, t.suit_bits, t.disp, t.hash_params, t.hole_index,
                       t.exact_low_classes, t.low_strength, out)
        return out
    best_low(hole_rows.ravel(), n_hole, board_rows.ravel(), n_board, groups, t.card_bits, t.suit_bits,
             t.disp, t.hash_params, t.low_classes[variant], t.low_strength, wild_rows, out)
    return out


#: Deuce-to-seven and ace-to-six lows are stored as ``DEUCE_TO_SEVEN_TOP - high strength`` (never 0).
DEUCE_TO_SEVEN_TOP = 1 << 28


def _ace_low_rank(rank):
    """Ace-to-six ranks: the ace first (0), the deuce 1, ..., the king 12 (and back: ``- 1``)."""
    return (rank + 1) % 13


#: Each card code with its rank relabelled by :func:`_ace_low_rank` (a lookup, not arithmetic
#: on every card of every five-card choice).
_ACE_LOW_CARDS = np.array([4 * _ace_low_rank(c >> 2) + (c & 3) for c in range(52)], dtype=np.uint8)


@lru_cache(maxsize=64)
def _low_high_game(g: Game) -> Game:
    """The high game whose worst five-card hand is the best low of ``g`` (deuce-to-seven or
    ace-to-six).

    Standard ranking, one exact five-card hand per row, the ace high only: for deuce-to-seven
    on the cards as they are (A-2-3-4-5 is not a straight); for ace-to-six on cards whose ranks
    are relabelled with the ace lowest (:func:`_ace_low_rank`), so A-2-3-4-5 is the lowest
    straight and K-A no straight.
    """
    from equity.games import HoleRule
    from equity.rankings import STANDARD_RANKING

    ranks = g.deck_ranks
    if g.low.kind == "ace_to_six":
        ranks = tuple(sorted(_ace_low_rank(r) for r in ranks))
    return Game(name=f"{g.name} ({g.low.kind.replace('_', '-')})", title=g.title, source=g.source,
                deck_ranks=ranks, hole_cards=5, streets=(), hand_size=5,
                hole_rule=HoleRule(0, 5), ranking=STANDARD_RANKING, ace_low_as=None,
                deck_suits=g.deck_suits)


def _high_hand_low_many(g: Game, hole: np.ndarray, board: np.ndarray) -> np.ndarray:
    """Deuce-to-seven or ace-to-six low strengths: the lowest high hand over the five-card
    hands the rule allows.

    Each allowed five-card hand is valued as a high hand of :func:`_low_high_game`; the row's
    low is the smallest, stored inverted (larger is better, 0 = no qualifying low).
    """
    positions, _ = exact_hands(g, hole.shape[1], board.shape[1], 5)
    cards = np.concatenate([hole, board], axis=1)
    ace_low = g.low.kind == "ace_to_six"
    if ace_low:  # (each card once, before the five-card choices repeat it)
        cards = _ACE_LOW_CARDS[cards]
    hands = cards[:, positions].reshape(-1, 5)
    high = evaluate_many(_low_high_game(g), hands, None, check=False)
    worst = high.reshape(cards.shape[0], len(positions)).min(axis=1)
    low = (np.uint32(DEUCE_TO_SEVEN_TOP) - worst).astype(np.uint32)
    qualifier = g.low.qualifier
    if qualifier is not None:
        top_rank = (worst >> np.uint32(CATEGORY_SHIFT - 4)) & np.uint32(0xF)
        no_pair = (worst >> np.uint32(CATEGORY_SHIFT)) == 0  # high card: no pair, straight or flush
        low[~(no_pair & (top_rank <= (_ace_low_rank(qualifier) if ace_low else qualifier)))] = 0
    return low


@lru_cache(maxsize=64)
def high_floor(game: Game) -> int:
    """The strength of the game's weakest qualifying high hand (its ``high_qualifier``), the
    floor a high hand must reach to win; 0 for a game with no qualifier."""
    if not game.high_qualifier:
        return 0
    from equity.hand import exact_game

    hand = np.array([game.high_qualifier], dtype=np.uint8)
    floor = int(evaluate_many(exact_game(game), hand, None)[0])
    # natural beats wild orders equal hands, but the same hand made with wild cards qualifies
    return floor & ~NATURAL_BIT if game.wild is not None and game.wild.natural_first else floor


def category_positions(strengths) -> np.ndarray:
    """Category positions (0 = the game's lowest category) of strengths."""
    return np.asarray(strengths, dtype=np.uint32) >> np.uint32(CATEGORY_SHIFT)


def category_dtype(game: str | Game):
    """The game's hand categories as an ordered ``pandas.CategoricalDtype``, lowest first (so
    ``<``, ``max`` and sorting follow the game's ranking): the type of every ``category`` column.

    Examples
    --------
    >>> spanish = category_dtype("spanish")
    >>> spanish.ordered, spanish.categories.get_loc("flush") > spanish.categories.get_loc("full_house")
    (True, True)
    """
    import pandas as pd

    return pd.CategoricalDtype([str(c) for c in reversed(get_game(game).ranking)], ordered=True)


def categories_dtype(games, *, before=()):
    """The type of a ``category`` column whose rows come from several ``games`` (a study's table).

    When every game ranks the same categories in the same order, it is that game's
    :func:`category_dtype`: ordered, lowest first.  When their rankings differ (Spanish poker's
    flush above the full house, Egyptian Hold'em's three pair...), no one order is right for
    every row, so it is *unordered*: the union of their categories by name, so that comparing
    two categories or taking the largest is refused instead of following a wrong order; one
    game's rows take that game's order with ``.astype(category_dtype(game))``.

    Parameters
    ----------
    games
        Game names (or games); repeats are ignored.
    before
        Labels of rows that stand for no single category (e.g. ``"all"``), placed first.

    Examples
    --------
    >>> categories_dtype(["holdem", "omaha"], before=["all"]).categories[:3].tolist()
    ['all', 'high_card', 'one_pair']
    >>> mixed = categories_dtype(["holdem", "spanish"])
    >>> mixed.ordered, mixed.categories[:2].tolist()
    (False, ['flush', 'four_of_a_kind'])
    """
    import pandas as pd

    rankings = {}
    for game in games:
        g = get_game(game)
        rankings.setdefault(tuple(str(c) for c in reversed(g.ranking)), g)
    if not rankings:
        return pd.CategoricalDtype(list(before), ordered=False)
    extra = [label for label in before if all(label not in r for r in rankings)]
    if len(rankings) == 1:
        return pd.CategoricalDtype([*extra, *next(iter(rankings))], ordered=True)
    return pd.CategoricalDtype([*extra, *sorted({c for r in rankings for c in r})], ordered=False)


def categories_of(game: str | Game, strengths) -> np.ndarray:
    """Category names of high-hand strengths, as an object array.

    Raises
    ------
    InvalidInputError
        For a strength the game never gives: not a whole number, negative, or above the
        game's highest category.
    """
    g = get_game(game)
    names = np.array([str(c) for c in reversed(g.ranking)], dtype=object)
    return names[category_positions(_high_strengths(g, strengths))]


def _high_strengths(g: Game, strengths) -> np.ndarray:
    """``strengths`` as ``uint32`` when each is a whole number in the range of ``g``'s categories."""
    limit = len(g.ranking) << CATEGORY_SHIFT
    allowed = (f"a {g.name} strength is a whole number from 0 to {limit - 1} "
               f"(its {len(g.ranking)} categories, {g.ranking[-1]} to {g.ranking[0]})")
    try:  # a list is read item by item, so that [0, True] or [0, 'x'] is not silently converted
        values = strengths if isinstance(strengths, np.ndarray) else np.asarray(strengths, dtype=object)
    except (TypeError, ValueError):
        raise InvalidInputError(f"cannot read strengths {strengths!r}: {allowed}") from None
    if values.dtype.kind in "iu":
        bad = (values < 0) | (values >= limit)
        if bad.any():
            raise InvalidInputError(f"strength {values[bad].flat[0].item()!r}: {allowed}")
        return values.astype(np.uint32)
    for item in values.ravel():  # lists; arrays of floats, bools or text
        if (isinstance(item, (bool, np.bool_)) or not isinstance(item, (int, np.integer))
                or not 0 <= item < limit):
            shown = item.item() if isinstance(item, np.generic) else item
            raise InvalidInputError(f"strength {shown!r}: {allowed}")
    return values.astype(np.uint32)


# ---------------------------------------------------------------------------------------------
# One hand, from text
# ---------------------------------------------------------------------------------------------
def _describe_low(strength: int) -> tuple[str, str]:
    packed = (len(LOW_PATTERNS) << CATEGORY_SHIFT) - strength
    pattern = LOW_PATTERNS[packed >> CATEGORY_SHIFT]
    orders = tiebreak(packed, len(pattern))
    ranks: list[int] = []
    for size, order in zip(pattern, orders, strict=True):
        ranks.extend([12 if order == 0 else order - 1] * size)
    ranks.sort(key=lambda r: -1 if r == 12 else r, reverse=True)
    category = pattern_category(pattern, 5)
    text = describe_low(ranks)
    if category != Category.HIGH_CARD:
        text += f" ({category.replace('_', ' ')})"
    return str(category), text


def _describe_high_hand_low(strength: int, kind: str) -> tuple[str, str]:
    """Category and text of a deuce-to-seven or ace-to-six low, e.g. ``"7-5-4-3-2 low"`` or
    ``"6-4-3-2-A low"``."""
    high = DEUCE_TO_SEVEN_TOP - strength
    category = STANDARD_RANKING[len(STANDARD_RANKING) - 1 - (high >> CATEGORY_SHIFT)]
    back = (lambda r: (r - 1) % 13) if kind == "ace_to_six" else (lambda r: r)  # ranks as dealt
    if category in (Category.HIGH_CARD, Category.FLUSH):
        text = describe_low([back(r) for r in tiebreak(high, 5)])
        return str(category), text + (" (flush)" if category == Category.FLUSH else "")
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        top = back(tiebreak(high, 1)[0])
        return str(category), f"{describe_high(category, [top])} (as {_low_name(kind)})"
    ranks = [back(r) for r in tiebreak(high, 3)]
    return str(category), f"{describe_high(category, ranks)} (as {_low_name(kind)})"


def _low_name(kind: str) -> str:
    """``"a deuce-to-seven low"``, ``"an ace-to-six low"``."""
    return f"{'an' if kind.startswith('ace') else 'a'} {kind.replace('_', '-')} low"


@sets_up("low evaluation")
def evaluate_low(game: str | Game, hole: CardsLike, board: CardsLike | None = "", *,
                 wild: str | int | None = None, wild_can_be_ace: bool = True) -> Hand | None:
    """Evaluate one player's low (the game's kind), or None when the hand has no qualifying low.

    Examples
    --------
    >>> str(evaluate_low("omaha", "Ah2d KsKc", "3c4d5h Qs Qd"))
    '5-4-3-2-A low'
    >>> evaluate_low("omaha", "AhKd KsKc", "3c4d5h Qs Qd") is None
    True
    """
    g = get_game(game)
    low_variant(g, wild_can_be_ace)
    hole_codes, board_codes = read_hand(g, hole, board)
    check_card_counts(g, len(hole_codes), len(board_codes), g.low.hand_size)
    strength = int(evaluate_low_many(g, hole_codes[None, :], board_codes[None, :], wild=wild,
                                     wild_can_be_ace=wild_can_be_ace)[0])
    if strength == 0:
        return None
    cards = np.concatenate([hole_codes, board_codes])

    def strengths_of(rows: np.ndarray) -> np.ndarray:
        return evaluate_low_many(exact_game(g), rows, None, wild=wild,
                                 wild_can_be_ace=wild_can_be_ace, check=False)

    played, used = playing_cards(g, cards, len(hole_codes), g.low.hand_size, strength, strengths_of)
    if g.low.kind in HIGH_HAND_LOWS:
        category, text = _describe_high_hand_low(strength, g.low.kind)
    else:
        category, text = _describe_low(strength)
    wild_rank = g.fixed_wild_rank if wild is None else parse_wild_rank(wild)
    return Hand(g.name, strength, category,
                display_order(played, wild_rank, ace_low=g.low.kind != "deuce_to_seven"), text, used,
                is_low=True)

