"""Board analysis, as Flopzilla does it, for every board game: how a range hits a board.

:func:`board_hits` counts, over every combination of a range (weights applied), the made hand
each one holds on the board (the game's own categories, in its ranking order, with the pair and
three-of-a-kind classes analysts use: overpair, top pair, set, trips, ...), the draws it holds
(flush draws, open-ended straight draws and gutshots, backdoor draws, combinations of these) and
the chance that the next street lifts it to a better category, found by dealing every possible
next street.  Everything is read from the game's description: the hand size, the hole-card rule
(Omaha's exactly two, Tahoe's at most two), the straights (Spanish ace-as-seven, Egyptian six-card
straights), the ranking (Spanish flush over full house) and the wild rank (El Dorado).

Definitions (the same in every game; "a hand" is any set of cards the hole rule allows):

* made hands come from the toolkit's evaluator, and so do the categories of the next street (a
  board that pairs lifts high card to one pair); a pair is *top pair* / *second pair* / *weak
  pair* when a hole card pairs the highest / second / a lower board rank; a pair of hole cards is
  an *overpair* above the board, a *pocket pair below top pair* between its two highest ranks, a
  *weak pair* lower but above its lowest rank and an *underpair* below that; it is a *pair on the
  board* when no hole card is in it; two pair is *top two pair* (hole cards pair the two highest
  board ranks), *with two hole cards*, *one pair and a board pair* or *on the board*; a three of a kind
  is a *set* (two or more of its cards in the hole), *trips* (one) or *on the board* (none);
  groups that need a wild card are named so;
* a *flush draw*: no flush yet, and one more card of some suit (a live card of it, or a live wild
  card) would make a flush holding at least one hole card; *nut flush draw*: the hole holds the
  highest card of that suit not on the board; a *backdoor flush draw* needs two such cards;
* straight draws count the ranks of live natural cards that would complete a straight holding at
  least one hole card, when the hand has no straight: two or more ranks is an *open-ended
  straight draw* (double gutshots included, as Flopzilla counts them), one a *gutshot*; a
  *backdoor straight draw* needs two cards of new ranks and has no one-card straight draw;
* backdoor draws are counted while two or more board cards are still to come.

The exchange of El Dorado is not played: the board and the wild rank are taken as they stand.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from equity.cards import RANKS, CardsLike, card_codes, card_text, format_cards, parse_wild_rank, row_texts
from equity.errors import CardError, InvalidInputError, OptionError
from equity.games import Game, get_game
from equity.rankings import CATEGORY_SHIFT, Category

__all__ = ["board_hits", "MADE", "DRAW", "NEXT", "PAIR_CLASSES", "TRIPS_CLASSES", "TWO_PAIR_CLASSES",
           "DRAWS"]

#: Section names of :func:`board_hits`'s table.
MADE, DRAW, NEXT = "made hand", "draw", "next street"

#: The classes each refined category is split into, strongest first; the last of the pair and
#: three-of-a-kind classes is used only in games with wild cards (a wild card never makes two pair:
#: it makes three of a kind of a pair).
PAIR_CLASSES = ("overpair", "top pair", "pocket pair below top pair", "second pair", "weak pair",
                "underpair", "pair on the board", "pair with a wild card")
TWO_PAIR_CLASSES = ("top two pair", "two pair with two hole cards", "one pair and a board pair",
                    "two pair on the board")
TRIPS_CLASSES = ("set", "trips", "three of a kind on the board", "three of a kind with a wild card")
_REFINED = {Category.ONE_PAIR: PAIR_CLASSES, Category.TWO_PAIR: TWO_PAIR_CLASSES,
            Category.THREE_OF_A_KIND: TRIPS_CLASSES}

#: The draws, in the order of the table (``backdoor`` ones only while two cards are to come).
DRAWS = ("flush draw", "nut flush draw", "open-ended straight draw", "gutshot",
         "flush draw and straight draw", "pair and flush draw", "pair and straight draw",
         "backdoor flush draw", "backdoor straight draw", "two overcards")

#: Set bits of every 13-bit rank mask.
#: Every class name: the categories in words, then the refined classes; classes are coded by
#: their index here.
_CLASS_NAMES = (*(str(c).replace("_", " ") for c in Category), *PAIR_CLASSES, *TWO_PAIR_CLASSES,
                *TRIPS_CLASSES)
_CLASS_CODE = {name: k for k, name in enumerate(_CLASS_NAMES)}
_POPCOUNT = np.array([bin(m).count("1") for m in range(1 << 13)], dtype=np.int8)
_NO_HAND = -1


def _words(category: Category | str) -> str:
    return str(category).replace("_", " ")


# ---------------------------------------------------------------------------------------------
# Reading the input
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Spot:
    """A checked board-analysis question: the live combinations of the range and the known cards."""

    game: Game
    combos: np.ndarray  # uint8[n, hole_cards]
    weights: np.ndarray  # float64[n], all > 0
    board: np.ndarray  # uint8[b]
    dead: np.ndarray  # uint8[d]
    wild: int  # the wild rank, -1 for none

    @property
    def to_come(self) -> int:
        """Board cards still to be dealt."""
        return self.game.board_cards - len(self.board)

    @property
    def makes_hands(self) -> bool:
        """Whether the hole cards and the board make a hand of the game yet (not an Egyptian flop)."""
        return self.game.can_form_hand(self.game.hole_cards, len(self.board))

    def street_names(self) -> tuple[str, str | None]:
        """The street the board ends on and the next one (None on the river)."""
        ends = self.game.street_ends()
        k = ends.index(len(self.board))
        streets = self.game.streets
        return streets[k - 1].name, streets[k].name if k < len(streets) else None


def _cards(cards: CardsLike | None, what: str, game: Game) -> np.ndarray:
    """The cards of ``game``'s deck named by ``cards`` (none for None or blank text), as the
    calculator reads them (:func:`equity.calculator.question.game_cards`)."""
    from equity.calculator.question import game_cards

    if cards is None or (isinstance(cards, str) and not cards.strip()):
        return np.zeros(0, dtype=np.uint8)
    return game_cards(cards, what, game)


def _wild_rank(game: Game, wild) -> int:
    fixed = game.fixed_wild_rank
    if wild is None:
        return -1 if fixed is None else fixed
    if game.wild is None or fixed is not None:
        why = f"its wild rank is fixed ({RANKS[fixed]})" if fixed is not None else "it has no wild cards"
        raise OptionError(f"{game.name} takes no wild option: {why}; the wild option applies to games "
                          "whose wild rank is made in play (eldorado)")
    rank = parse_wild_rank(wild)
    if rank != -1 and rank not in game.deck_ranks:
        raise OptionError(f"wild rank {wild!r} is not in the {game.name} deck")
    return rank


def _range_rows(game: Game, hands) -> tuple[np.ndarray, np.ndarray]:
    """Combinations and weights of a :class:`~equity.ranges.Range`, range text, card texts
    (``["AhKhQd", ...]``) or an array of card codes (``uint8[n, hole_cards]``)."""
    if hasattr(hands, "combos") and hasattr(hands, "weights"):
        combos, weights = np.asarray(hands.combos), np.asarray(hands.weights, dtype=np.float64)
    elif isinstance(hands, str):
        from equity.ranges import parse_range

        parsed = parse_range(hands, game=game)
        combos, weights = np.asarray(parsed.combos), np.asarray(parsed.weights, dtype=np.float64)
    else:
        if isinstance(hands, Sequence) and hands and all(isinstance(h, str) for h in hands):
            rows = [card_codes(h) for h in hands]
            if len({len(r) for r in rows}) != 1:
                raise InvalidInputError(f"every hand of the range must hold {game.hole_cards} cards")
            combos = np.stack(rows)
        else:
            combos = np.asarray(hands)
        if combos.dtype.kind not in "iu":
            raise InvalidInputError(f"a range is a Range, range text or an integer array of card codes "
                                    f"(hands, {game.hole_cards}); got {combos.dtype} values")
        weights = np.ones(len(combos), dtype=np.float64)
    if combos.ndim != 2 or combos.shape[1] != game.hole_cards:
        raise InvalidInputError(f"{game.name} hands hold {game.hole_cards} hole cards: the range's "
                                f"combinations must have shape (n, {game.hole_cards}), got {combos.shape}")
    if weights.shape != (len(combos),) or not np.all(np.isfinite(weights)) or (weights < 0).any():
        raise InvalidInputError("a range's weights must be one number of at least 0 per combination")
    if combos.size and (combos.min() < 0 or combos.max() > 51):
        raise CardError("the range holds a card code outside 0..51")
    combos = combos.astype(np.uint8)
    outside = ~np.isin(combos, np.array(game.deck, dtype=np.uint8))
    if outside.any():
        row = int(np.flatnonzero(outside.any(axis=1))[0])
        bad = int(combos[row][outside[row]][0])
        raise CardError(f"range hand {row} ({format_cards(combos[row])}): card '{card_text(bad)}' is not "
                        f"in the {game.name} deck ({game.describe_deck()})")
    ordered = np.sort(combos, axis=1)
    repeated = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
    if repeated.any():
        row = int(np.flatnonzero(repeated)[0])
        card = ordered[row][1:][ordered[row][1:] == ordered[row][:-1]][0]
        raise CardError(f"range hand {row}: duplicate card '{card_text(card)}'")
    return combos, weights


def read_spot(game: str | Game, hands, board: CardsLike, dead: CardsLike | None = None,
              wild=None) -> Spot:
    """Check a board-analysis question and keep the range's live combinations (weight above 0,
    no card on the board or dead)."""
    g = get_game(game)
    ends = g.street_ends()[1:]
    if not ends:
        raise InvalidInputError(f"board analysis needs community cards; {g.name} has none")
    if g.wild_cards:
        raise OptionError(f"{g.name} has wild cards listed by card (jokers, several ranks, single cards): "
                          "board analysis reads draws by rank and suit with one wild rank at most, so it is "
                          "not built for them; equity.calc values these games")
    board_codes = _cards(board, "board", g)
    if len(board_codes) not in ends:
        names = ", ".join(f"{e} ({s.name})" for e, s in zip(ends, g.streets, strict=True))
        raise InvalidInputError(f"board of {len(board_codes)} cards: a {g.name} board has {names} cards")
    dead_codes = _cards(dead, "dead", g)
    both = sorted(set(board_codes.tolist()) & set(dead_codes.tolist()))
    if both:
        raise CardError(f"card '{card_text(both[0])}' is both on the board and dead")
    wild_rank = _wild_rank(g, wild)
    combos, weights = _range_rows(g, hands)
    known = np.concatenate([board_codes, dead_codes])
    live = ~np.isin(combos, known).any(axis=1) & (weights > 0)
    if not live.any():
        raise InvalidInputError("the range has no combination left beside the board and the dead cards"
                                if len(combos) else "the range is empty")
    return Spot(g, np.ascontiguousarray(combos[live]), weights[live], board_codes, dead_codes, wild_rank)


# ---------------------------------------------------------------------------------------------
# Counting cards
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Counts:
    """Natural (non-wild) cards by rank and suit, in the hole (per combination) and on the board."""

    hole_ranks: np.ndarray  # int[n, 13]
    board_ranks: np.ndarray  # int[13]
    hole_suits: np.ndarray  # int[n, 4]
    board_suits: np.ndarray  # int[4]
    hole_wild: np.ndarray  # int[n]
    board_wild: int
    hole_mask: np.ndarray  # int64[n]: the hole's natural ranks as bits
    board_mask: int
    live_ranks: np.ndarray  # int[n, 13]: natural cards of each rank not seen
    live_suits: np.ndarray  # int[n, 4]
    live_wild: np.ndarray  # int[n]


def _count(spot: Spot) -> _Counts:
    g, wild = spot.game, spot.wild
    hole = spot.combos.astype(np.int64)
    natural = (hole >> 2) != wild
    rank_hits = ((hole >> 2)[:, :, None] == np.arange(13)) & natural[:, :, None]
    suit_hits = ((hole & 3)[:, :, None] == np.arange(4)) & natural[:, :, None]
    hole_ranks, hole_suits = rank_hits.sum(axis=1), suit_hits.sum(axis=1)
    hole_wild = (~natural).sum(axis=1)

    def tally(cards: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
        cards = cards.astype(np.int64)
        nat = cards[(cards >> 2) != wild]
        return (np.bincount(nat >> 2, minlength=13), np.bincount(nat & 3, minlength=4),
                int(len(cards) - len(nat)))

    board_ranks, board_suits, board_wild = tally(spot.board)
    dead_ranks, dead_suits, dead_wild = tally(spot.dead)
    in_deck = np.zeros(13, dtype=np.int64)
    in_deck[list(g.deck_ranks)] = len(g.deck_suits)
    n_wild = int(in_deck[wild]) if wild >= 0 else 0
    if wild >= 0:
        in_deck[wild] = 0
    per_suit = np.zeros(4, dtype=np.int64)
    per_suit[list(g.deck_suits)] = int((in_deck > 0).sum())
    weights = 1 << np.arange(13, dtype=np.int64)
    return _Counts(
        hole_ranks, board_ranks, hole_suits, board_suits, hole_wild, board_wild,
        (hole_ranks > 0).astype(np.int64) @ weights, int((board_ranks > 0) @ weights),
        in_deck - board_ranks - dead_ranks - hole_ranks,
        per_suit - board_suits - dead_suits - hole_suits,
        n_wild - board_wild - dead_wild - hole_wild)


# ---------------------------------------------------------------------------------------------
# Made hands
# ---------------------------------------------------------------------------------------------
def _made(spot: Spot, counts: _Counts) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each combination's strength, category position (from the bottom; -1 before a hand can be
    made) and class (a code of :data:`_CLASS_NAMES`: the refined name, or the category in words)."""
    g, n = spot.game, len(spot.combos)
    if not spot.makes_hands:
        return (np.zeros(n, dtype=np.uint32), np.full(n, _NO_HAND, dtype=np.int64),
                np.full(n, -1, dtype=np.int64))
    from equity.evaluator import evaluate_many

    strengths = evaluate_many(g, spot.combos, spot.board, wild=_wild_text(spot.wild, g), check=False)
    positions = (strengths >> np.uint32(CATEGORY_SHIFT)).astype(np.int64)
    bottom_up = list(reversed(g.ranking))
    labels = np.array([_CLASS_CODE[_words(c)] for c in bottom_up], dtype=np.int64)[positions]
    first = ((strengths >> np.uint32(CATEGORY_SHIFT - 4)) & np.uint32(0xF)).astype(np.int64)
    second = ((strengths >> np.uint32(CATEGORY_SHIFT - 8)) & np.uint32(0xF)).astype(np.int64)
    rows = np.arange(n)
    board_ranks = np.flatnonzero(counts.board_ranks)[::-1]  # distinct natural ranks, highest first
    top = board_ranks[0] if len(board_ranks) else -1
    runner = board_ranks[1] if len(board_ranks) > 1 else -1
    bottom = board_ranks[-1] if len(board_ranks) else 13
    for category, names in _REFINED.items():
        if category not in g.ranking:
            continue
        mine = positions == bottom_up.index(category)
        size = 3 if category == Category.THREE_OF_A_KIND else 2
        held, shown = counts.hole_ranks[rows, first], counts.board_ranks[first]
        wild = held + shown < size
        if category == Category.TWO_PAIR:
            held2, shown2 = counts.hole_ranks[rows, second], counts.board_ranks[second]
            both_held = (held > 0) & (held2 > 0)
            top_two = both_held & (shown > 0) & (shown2 > 0) & (first == top) & (second == runner)
            choice = np.select([top_two, both_held, (held > 0) | (held2 > 0)], [0, 1, 2], 3)
        elif category == Category.THREE_OF_A_KIND:
            choice = np.select([wild, held >= 2, held == 1], [3, 0, 1], 2)
        else:
            pocket = (held >= 2) & (shown == 0)
            paired = (held >= 1) & (shown >= 1)
            choice = np.select(
                [wild, pocket & (first > top), pocket & (first < bottom), pocket & (first > runner), pocket,
                 paired & (first == top), paired & (first == runner), paired],
                [7, 0, 5, 2, 4, 1, 3, 4], 6)
        labels[mine] = np.array([_CLASS_CODE[x] for x in names], dtype=np.int64)[choice[mine]]
    return strengths, positions, labels


def _wild_text(rank: int, game: Game):
    """The wild option to pass on to the evaluator (None where the game fixes or has no wild rank)."""
    if game.wild is None or game.fixed_wild_rank is not None:
        return None
    return "none" if rank < 0 else RANKS[rank]


# ---------------------------------------------------------------------------------------------
# Draws
# ---------------------------------------------------------------------------------------------
def _hole_range(game: Game, least: int) -> range:
    """The numbers of hole cards a hand may hold, from ``least`` up."""
    top = min(game.hole_rule.max_used, game.hole_cards, game.hand_size)
    return range(max(game.hole_rule.min_used, least), top + 1)


def _flush_gaps(game: Game, counts: _Counts, least: int) -> np.ndarray:
    """``int[n, 4]``: board cards of each suit still missing for a flush holding at least
    ``least`` hole cards (a large number where the hole cannot supply them)."""
    js = _hole_range(game, least)
    if not len(js):
        return np.full(counts.hole_suits.shape, 99, dtype=np.int64)
    held = np.minimum(counts.hole_suits + counts.hole_wild[:, None], js[-1])
    gap = np.maximum(0, game.hand_size - held - counts.board_suits - counts.board_wild)
    return np.where(held >= js[0], gap, 99)


def _windows(game: Game) -> list[tuple[int, tuple[int, ...]]]:
    return [(sum(1 << r for r in w), w) for w in game.straights]


def _straight_in(game: Game, window: int, hole_mask: np.ndarray, board_mask: int,
                 counts: _Counts, least: int) -> np.ndarray:
    """Whether a hand holding at least ``least`` hole cards is a straight on ``window`` (natural
    cards of distinct ranks in it, wild cards standing for the rest)."""
    size = game.hand_size
    held = _POPCOUNT[hole_mask & window].astype(np.int64)
    shown = int(_POPCOUNT[board_mask & window])
    union = _POPCOUNT[(hole_mask | board_mask) & window].astype(np.int64)
    out = np.zeros(len(hole_mask), dtype=bool)
    for j in _hole_range(game, least):
        from_board = max(0, size - j - counts.board_wild)
        if from_board > shown:
            continue
        from_hole = np.maximum(0, j - counts.hole_wild)
        out |= (from_hole <= held) & (from_hole + from_board <= union)
    return out


def _draws(spot: Spot, counts: _Counts, positions: np.ndarray, labels: np.ndarray) -> dict[str, np.ndarray]:
    g, n = spot.game, len(spot.combos)
    hole_mask, board_mask = counts.hole_mask, counts.board_mask
    windows = _windows(g)
    has_flush = (_flush_gaps(g, counts, 0) == 0).any(axis=1)
    gaps = _flush_gaps(g, counts, 1)
    completing = counts.live_suits + counts.live_wild[:, None]
    one_suit = (gaps == 1) & (completing >= 1) & ~has_flush[:, None] & (spot.to_come >= 1)
    flush_draw = one_suit.any(axis=1)
    nut_card = np.full(4, -1, dtype=np.int64)
    for s in g.deck_suits:  # the highest natural card of each suit not on the board
        free = [r for r in g.deck_ranks if r != spot.wild and 4 * r + s not in spot.board.tolist()]
        nut_card[s] = 4 * max(free) + s if free else -1
    holds_nut = (spot.combos[:, :, None].astype(np.int64) == nut_card).any(axis=1)
    nut_flush_draw = (one_suit & holds_nut).any(axis=1)
    backdoor_flush = (~has_flush & ~flush_draw & (spot.to_come >= 2)
                      & ((gaps == 2) & (completing >= 2)).any(axis=1))

    has_straight = np.zeros(n, dtype=bool)
    for window, _ in windows:
        has_straight |= _straight_in(g, window, hole_mask, board_mask, counts, 0)
    live_mask = (counts.live_ranks > 0).astype(np.int64) @ (1 << np.arange(13, dtype=np.int64))
    outs = np.zeros(n, dtype=np.int64)
    backdoor = np.zeros(n, dtype=bool)
    for window, ranks in windows:
        missing = [r for r in ranks if not board_mask >> r & 1 and r != spot.wild]
        if spot.to_come >= 1:
            for r in missing:
                hit = _straight_in(g, window, hole_mask, board_mask | 1 << r, counts, 1)
                outs |= np.where(hit, 1 << r, 0)
        if spot.to_come >= 2:
            for r1, r2 in itertools.combinations(missing, 2):
                pair = 1 << r1 | 1 << r2
                hit = _straight_in(g, window, hole_mask, board_mask | pair, counts, 1)
                backdoor |= hit & (live_mask & pair == pair)
    outs = _POPCOUNT[outs & live_mask] * ~has_straight
    open_ended, gutshot = outs >= 2, outs == 1
    backdoor_straight = backdoor & ~has_straight & (outs == 0)

    if spot.makes_hands:
        pair = np.zeros(n, dtype=bool)
        if Category.ONE_PAIR in g.ranking:
            pair = (positions == list(reversed(g.ranking)).index(Category.ONE_PAIR)) \
                & (labels != _CLASS_CODE["pair on the board"])
        no_pair = positions == 0
    else:
        pair = np.zeros(n, dtype=bool)
        no_pair = ((counts.hole_ranks + counts.board_ranks).max(axis=1) <= 1) \
            & (counts.hole_wild + counts.board_wild == 0)
    top = int(np.flatnonzero(counts.board_ranks).max(initial=-1))
    above = (counts.hole_ranks[:, top + 1:]).sum(axis=1) if top < 12 else np.zeros(n, dtype=np.int64)
    straight_draw = open_ended | gutshot
    return {
        "flush draw": flush_draw, "nut flush draw": nut_flush_draw,
        "open-ended straight draw": open_ended, "gutshot": gutshot,
        "flush draw and straight draw": flush_draw & straight_draw,
        "pair and flush draw": pair & flush_draw, "pair and straight draw": pair & straight_draw,
        "backdoor flush draw": backdoor_flush, "backdoor straight draw": backdoor_straight,
        "two overcards": no_pair & (above >= 2),
    }


# ---------------------------------------------------------------------------------------------
# The next street, dealt every way
# ---------------------------------------------------------------------------------------------
#: Rows valued at once when dealing the next street (bounds the memory of large ranges).
_BLOCK_ROWS = 1 << 21


def _next_street(spot: Spot, positions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per combination: the chance of a better category after the next street (NaN before a hand
    can be made) and the chance of each category then (``float[n, categories]``, bottom first)."""
    from equity.evaluator import evaluate_many

    g, n = spot.game, len(spot.combos)
    ends = g.street_ends()
    cards = ends[ends.index(len(spot.board)) + 1] - len(spot.board)
    known = set(spot.board.tolist()) | set(spot.dead.tolist())
    stub = np.array([c for c in g.deck if c not in known], dtype=np.uint8)
    deals = np.array(list(itertools.combinations(stub.tolist(), cards)), dtype=np.uint8).reshape(-1, cards)
    bit = np.uint64(1) << np.arange(52, dtype=np.uint64)
    deal_bits = np.bitwise_or.reduce(bit[deals], axis=1)
    combo_bits = np.bitwise_or.reduce(bit[spot.combos], axis=1)
    n_cat = len(g.ranking)
    better = np.zeros(n, dtype=np.float64)
    shares = np.zeros((n, n_cat), dtype=np.float64)
    step = max(1, _BLOCK_ROWS // len(deals))
    wild = _wild_text(spot.wild, g)
    for start in range(0, n, step):
        stop = min(n, start + step)
        free = (combo_bits[start:stop, None] & deal_bits[None, :]) == 0
        picks = np.flatnonzero(free) % len(deals)  # row by row: every combination has
        per = len(picks) // (stop - start)  # C(stub - hole cards, cards) next streets
        board = np.empty((len(picks), len(spot.board) + cards), dtype=np.uint8)
        board[:, :len(spot.board)] = spot.board
        board[:, len(spot.board):] = deals[picks]
        hole = np.repeat(spot.combos[start:stop], per, axis=0)
        strengths = evaluate_many(g, hole, board, wild=wild, check=False)
        after = (strengths >> np.uint32(CATEGORY_SHIFT)).astype(np.int64).reshape(-1, per)
        better[start:stop] = (after > positions[start:stop, None]).mean(axis=1)
        rows = np.arange(stop - start)[:, None] * n_cat
        shares[start:stop] = np.bincount((rows + after).ravel(), minlength=(stop - start) * n_cat
                                         ).reshape(-1, n_cat) / per
    if not spot.makes_hands:
        better[:] = np.nan
    return better, shares


# ---------------------------------------------------------------------------------------------
# The public function
# ---------------------------------------------------------------------------------------------
def board_hits(game: str | Game, range, board: CardsLike, *, dead: CardsLike | None = None,  # noqa: A002
               wild: str | int | None = None, by: str = "class"):
    """How a range hits a board: the weighted share of its combinations in each made hand, each
    draw, and each category of the next street (exact: every combination, every next street).

    Parameters
    ----------
    game
        A board game's name or :class:`~equity.games.Game`.
    range
        A :class:`~equity.ranges.Range`, range text (``"QQ+, AKs, KQo:0.5"``), a list of hands as
        text (``["AhKhQd", "7c7d2s"]``) or card codes ``uint8[n, hole_cards]`` (weight 1 each).
        Combinations holding a board or dead card are left out.
    board
        The board after one of the game's streets (a flop, a turn, ...).
    dead
        Cards known to be out of play: left out of the range and of the next street.
    wild
        Games whose wild rank is made in play (El Dorado): the current wild rank (``"K"``), or
        None / ``"none"`` for none.
    by
        ``"class"`` (default): one row per class; ``"combo"``: one row per combination with its
        weight, category, class, a column per draw and its chance to improve.

    Returns
    -------
    pandas.DataFrame
        By class: ``section`` (``"made hand"``, ``"draw"``, ``"next street"``), ``hand`` (the
        class), ``category`` (an ordered Categorical of the game's categories, lowest first; empty
        for draws), ``combos`` (the weighted combinations; expected ones for the next street),
        ``n_combos`` (unweighted; missing for the next street) and ``share`` (of the range's
        weight).  Made hands are exclusive and sum to 1; draws are not.  The next street has one
        row per category and ``"improves"``, the chance of a better category than now.  ``attrs``
        hold ``method`` ("exact"), ``game``, ``seed`` and ``trials`` (None: the counts are
        exact), ``board``, ``dead``, ``wild``, ``street``,
        ``next_street``, ``n_combos``, ``weight`` and ``seconds``.

    Raises
    ------
    InvalidInputError
        A board of a size no street gives, a card both on the board and dead, an unknown game or
        card, a range with no live combination, or ``wild`` in a game without a wild option.

    Examples
    --------
    >>> hits = board_hits("holdem", "AhKh, QQ", "Qh7h2c").set_index(["section", "hand"])
    >>> hits.loc[[("made hand", "set"), ("made hand", "high card"), ("draw", "nut flush draw")],
    ...          "n_combos"].tolist()
    [3, 1, 1]
    >>> float(hits.loc[("made hand", "set"), "share"])
    0.75
    >>> hits = board_hits("holdem", "AhKh", "Qh7h2c").set_index(["section", "hand"])
    >>> round(float(hits.loc[("next street", "improves"), "share"]) * 47)  # 9 hearts, 6 A or K, 8 the board
    23
    """
    import pandas as pd

    if by not in ("class", "combo"):
        raise OptionError(f"by={by!r}: give 'class' or 'combo'")
    started = time.perf_counter()
    spot = read_spot(game, range, board, dead, wild)
    g = spot.game
    counts = _count(spot)
    _, positions, labels = _made(spot, counts)
    draws = _draws(spot, counts, positions, labels)
    street, next_name = spot.street_names()
    better, shares = _next_street(spot, positions) if next_name else (None, None)
    bottom_up = [str(c) for c in reversed(g.ranking)]
    from equity.evaluator import category_dtype

    categories = category_dtype(g)
    w = spot.weights
    total = float(w.sum())
    if by == "combo":
        table = pd.DataFrame({
            "hand": row_texts(spot.combos), "weight": w,
            "category": pd.Categorical(
                [bottom_up[p] if p >= 0 else None for p in positions.tolist()], dtype=categories),
            "class": np.array([*_CLASS_NAMES, None], dtype=object)[labels],
            **{name: flags for name, flags in draws.items() if _shown(name, spot)},
        })
        if next_name:
            table["improves"] = better
    else:
        rows = []

        def add(section, hand, category, mask_or_share, exact=True):
            if exact:
                rows.append((section, hand, category, float(w[mask_or_share].sum()),
                             int(mask_or_share.sum())))
            else:
                rows.append((section, hand, category, float(mask_or_share), None))

        if spot.makes_hands:
            for category in g.ranking:
                mine = positions == bottom_up.index(str(category))
                names = _REFINED.get(category)
                if names is None:
                    add(MADE, _words(category), str(category), mine)
                    continue
                wild_class = category != Category.TWO_PAIR and g.wild is None
                for name in names[:-1] if wild_class else names:
                    add(MADE, name, str(category), mine & (labels == _CLASS_CODE[name]))
        for name, flags in draws.items():
            if _shown(name, spot):
                add(DRAW, name, None, flags)
        if next_name:
            expected = (w[:, None] * shares).sum(axis=0)  # not w @ shares: BLAS threads cost more here
            for k, category in enumerate(g.ranking):
                add(NEXT, _words(category), str(category), expected[len(g.ranking) - 1 - k], exact=False)
            if spot.makes_hands:
                add(NEXT, "improves", None, (w * better).sum(), exact=False)
        table = pd.DataFrame(rows, columns=["section", "hand", "category", "combos", "n_combos"])
        table["category"] = table["category"].astype(categories)
        table["n_combos"] = table["n_combos"].astype("Int64")
        table["share"] = table["combos"] / total
    table.attrs.update({
        "method": "exact", "game": g.name, "seed": None, "trials": None, "board": format_cards(spot.board),
        "dead": format_cards(spot.dead), "wild": None if spot.wild < 0 else RANKS[spot.wild],
        "street": street, "next_street": next_name, "n_combos": len(w), "weight": total,
        "seconds": time.perf_counter() - started,
    })
    return table


def _shown(draw: str, spot: Spot) -> bool:
    """Whether a draw has a row: every draw while a card is to come, backdoors while two are."""
    if draw.startswith("backdoor"):
        return spot.to_come >= 2
    return spot.to_come >= 1
