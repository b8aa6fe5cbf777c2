"""One player's best hand, from text: :func:`evaluate` and :class:`Hand`, and what reading,
describing and showing one hand takes (shared with :func:`equity.evaluate_low`).

Where no wild card plays, one hand is valued by the clear evaluator the tables are generated
from (:func:`equity.rankings.exact_hand_value`, over the few exact hands the hole rule allows:
21 in Hold'em, 60 in Omaha), so a first hand needs no kernel, no table and no Numba at all:
``equity eval`` answers in a fresh process in a quarter of a second.  A wild rank (El Dorado, a
custom wild game) is valued by the kernels of :mod:`equity.evaluator`, which the tests compare
with this path on random hands of every game.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache, total_ordering

import numpy as np

from equity.cards import ACE, RANKS, CardsLike, card_codes, card_text, format_cards, parse_wild_rank
from equity.errors import CardError, InvalidInputError, OptionError
from equity.games import Game, get_game
from equity.rankings import (
    CATEGORY_SHIFT,
    Category,
    describe_high,
    exact_hand_value,
    strength_position,
)

__all__ = ["Hand", "evaluate", "has_cards", "check_wild_option", "wild_rank_of", "check_card_counts",
           "read_hand", "exact_hands", "playing_cards", "display_order", "ace_plays_low", "tiebreak",
           "describe_strength", "exact_game"]


def check_wild_option(game: Game) -> None:
    """Raise :class:`OptionError` where a ``wild`` option does not apply: a game with a fixed wild
    rank (a custom wild game) or none at all."""
    if game.wild_cards:
        raise OptionError(
            f"{game.name} has fixed wild cards ({format_cards(game.wild_cards, sep=' ')}): the wild option "
            "applies to games whose wild rank is made in play (eldorado)"
        )
    if game.fixed_wild_rank is not None:
        raise OptionError(
            f"{game.name} has a fixed wild rank ({RANKS[game.fixed_wild_rank]}): the wild option applies "
            "to games whose wild rank is made in play (eldorado)"
        )
    if game.wild is None:
        raise OptionError(
            f"{game.name} has no wild cards: the wild option applies to games with a wild rule "
            "(eldorado)"
        )


def wild_rank_of(game: Game, wild) -> int | None:
    """The wild rank one hand of ``game`` is valued with: the game's fixed rank (None for none)
    when ``wild`` is None, else the stated rank (``"K"``, an index, or ``"none"``: -1), checked
    (:func:`check_wild_option`, and the rank must be in the deck)."""
    if wild is None:
        return game.fixed_wild_rank
    check_wild_option(game)
    if isinstance(wild, bool) or not isinstance(wild, str | int | np.integer):
        raise OptionError(f"wild must be a rank such as 'K', or 'none'; got {wild!r}")
    rank = parse_wild_rank(wild)
    if rank != -1 and rank not in game.deck_ranks:
        raise OptionError(f"wild rank {wild!r} is not in the {game.name} deck")
    return rank


def check_card_counts(game: Game, n_hole: int, n_board: int, hand_size: int | None = None) -> None:
    """Raise :class:`InvalidInputError` unless ``n_hole`` hole and ``n_board`` board cards fit
    ``game`` and make a hand of ``hand_size`` (the game's) cards under its hole rule."""
    if n_hole != game.hole_cards:
        raise InvalidInputError(
            f"{game.name} takes {game.hole_cards} hole cards, got {n_hole}"
        )
    if n_board > game.board_cards:
        raise InvalidInputError(
            f"{game.name} has {game.board_cards} board cards, got {n_board}"
        )
    size = game.hand_size if hand_size is None else hand_size
    if not game.can_form_hand(n_hole, n_board, size):
        allowed = ", ".join(str(b) for b in range(game.board_cards + 1)
                            if game.can_form_hand(n_hole, b, size))
        raise InvalidInputError(
            f"{game.name} cannot make a {size}-card hand from {n_hole} hole cards and "
            f"{n_board} board cards (board sizes that can: {allowed})"
        )


@total_ordering
@dataclass(frozen=True, eq=False)
class Hand:
    """A player's best hand in one game.

    Attributes
    ----------
    game
        The game's name; hands of different games do not compare.
    strength
        The integer :func:`evaluate_many` gives: larger wins, equal splits.
    category
        The hand's category name (a royal flush is ``straight_flush``).
    cards
        The cards that make the hand, as text (wild cards as held).
    description
        What ``str(hand)`` shows, e.g. ``"full house, nines full of fours"``.
    hole_cards_used
        The fewest hole cards with which this hand's value can be made.
    is_low
        True for an ace-to-five low (a better low compares greater).
    """

    game: str
    strength: int
    category: str
    cards: str
    description: str
    hole_cards_used: int
    is_low: bool = False

    def __str__(self) -> str:
        return self.description

    def _check(self, other: object) -> Hand:
        if not isinstance(other, Hand):
            return NotImplemented  # type: ignore[return-value]
        if other.game != self.game or other.is_low != self.is_low:
            kind = lambda h: f"{h.game} {'low' if h.is_low else 'high'}"  # noqa: E731
            raise InvalidInputError(f"cannot compare a {kind(self)} hand with a {kind(other)} hand")
        return other

    def __eq__(self, other: object) -> bool:
        checked = self._check(other)
        if checked is NotImplemented:
            return NotImplemented
        return self.strength == checked.strength

    def __lt__(self, other: object) -> bool:
        checked = self._check(other)
        if checked is NotImplemented:
            return NotImplemented
        return self.strength < checked.strength

    def __hash__(self) -> int:
        return hash((self.game, self.is_low, self.strength))


def has_cards(board) -> bool:
    """Whether ``board`` holds any card (text, codes or rows of codes)."""
    if board is None:
        return False
    if isinstance(board, str):
        return board.strip() != ""
    cards = np.asarray(board)
    return cards.ndim > 0 and cards.shape[-1] > 0  # a (0, 5) array: no rows, five board cards


def read_hand(g: Game, hole: CardsLike, board: CardsLike | None):
    """The hole and board cards as codes, each checked against the game's deck and the others."""
    hole_codes = card_codes(hole, allow_duplicates=True)  # arrays too: a code outside 0..51 is an error
    board_codes = card_codes(board, allow_duplicates=True) if has_cards(board) else \
        np.zeros(0, dtype=np.uint8)
    seen: dict[int, str] = {}
    for where, codes in (("hole cards", hole_codes), ("board", board_codes)):
        for code in codes.tolist():
            if code not in g.deck:
                raise CardError(
                    f"card '{card_text(code)}' is not in the {g.name} deck ({g.describe_deck()})"
                )
            if code in seen:
                places = where if seen[code] == where else f"{seen[code]} and the {where}"
                raise CardError(f"duplicate card '{card_text(code)}' in the {places}")
            seen[code] = where
    return hole_codes, board_codes


@lru_cache(maxsize=256)
def exact_hands(g: Game, n_hole: int, n_board: int, size: int):
    """Every exact ``size``-card hand the hole rule allows, as positions, with its hole count."""
    rule = g.hole_rule
    rows, holes = [], []
    for j in range(rule.min_used, min(rule.max_used, n_hole, size) + 1):
        if size - j > n_board:
            continue
        for h in itertools.combinations(range(n_hole), j):
            for b in itertools.combinations(range(n_hole, n_hole + n_board), size - j):
                rows.append(h + b)
                holes.append(j)
    return np.array(rows, dtype=np.int64), np.array(holes, dtype=np.int64)


def playing_cards(g: Game, cards: np.ndarray, n_hole: int, size: int, target: int,
                   strengths_of) -> tuple[np.ndarray, int]:
    """The exact hand (fewest hole cards first) whose strength equals ``target``."""
    positions, holes = exact_hands(g, n_hole, len(cards) - n_hole, size)
    values = strengths_of(cards[positions])
    hits = np.flatnonzero(values == target)
    best = hits[np.argmin(holes[hits])]
    return cards[positions[best]], int(holes[best])


def display_order(codes: np.ndarray, wild_rank: int | None, ace_low: bool = False,
                  wild_cards: tuple[int, ...] = ()) -> str:
    """The cards as text, larger groups first, then higher ranks (the ace last when it plays
    low: in a straight below ace-high, and in an ace-to-five low), the wild cards (of the wild
    rank, or listed in ``wild_cards``) at the end."""
    is_wild = [(c >> 2) == wild_rank or int(c) in wild_cards for c in codes]
    naturals = [int(c) for c, wild in zip(codes, is_wild, strict=True) if not wild]
    wilds = [int(c) for c, wild in zip(codes, is_wild, strict=True) if wild]
    count = Counter(c >> 2 for c in naturals)

    def rank(c: int) -> int:
        return -1 if ace_low and c >> 2 == ACE else c >> 2

    naturals.sort(key=lambda c: (count[c >> 2], rank(c), c & 3), reverse=True)
    return "".join(card_text(c) for c in naturals + wilds)


def ace_plays_low(category: str, strength: int) -> bool:
    """Whether an ace in this high hand counts low: a straight (flush) that is not ace-high."""
    return (category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH)
            and tiebreak(strength, 1)[0] != ACE)


def tiebreak(strength: int, n: int) -> list[int]:
    """The first ``n`` tiebreak ranks packed in a strength."""
    return [(strength >> (CATEGORY_SHIFT - 4 * (k + 1))) & 0xF for k in range(n)]


def describe_strength(g: Game, strength: int) -> tuple[Category, str]:
    """The category of a high strength the game gives, and its description."""
    category = Category(g.ranking[len(g.ranking) - 1 - strength_position(strength)])
    return category, describe_high(category, tiebreak(strength, 3))


def evaluate(game: str | Game, hole: CardsLike, board: CardsLike | None = "", *,
             wild: str | int | None = None) -> Hand:
    """Evaluate one player's best hand.

    Parameters
    ----------
    game
        A game name or :class:`~equity.games.Game`.
    hole, board
        Cards as text (``"AhKd"``, ``"J♥ 10♣ 5♥"``) or codes; the board may be partial.
    wild
        The wild rank (``"K"``, or ``"none"`` for no wild rank) in games with a wild rule,
        or None.

    Examples
    --------
    >>> str(evaluate("eldorado", "7d4h", "9dKh4c4s", wild="K"))
    'four of a kind, fours'
    >>> evaluate("holdem", "AhKh", "QhJhTh2c3d").category
    'straight_flush'
    """
    g = get_game(game)
    hole_codes, board_codes = read_hand(g, hole, board)
    check_card_counts(g, len(hole_codes), len(board_codes))
    wild_rank = wild_rank_of(g, wild)
    cards = np.concatenate([hole_codes, board_codes])
    if (wild_rank is None or wild_rank == -1) and not g.wild_cards:
        # no wild card plays: the clear evaluator, no kernel
        strength, played, used = _clear_best(g, cards, len(hole_codes), wild_rank)
    else:
        strength, played, used = _kernel_best(g, hole_codes, board_codes, wild)
    category, text = describe_strength(g, strength)
    return Hand(g.name, strength, str(category),
                display_order(played, wild_rank, ace_plays_low(category, strength), g.wild_cards), text,
                used)


def _clear_best(g: Game, cards: np.ndarray, n_hole: int, wild_rank) -> tuple[int, np.ndarray, int]:
    """The best hand with no wild card, from the clear evaluator the tables are generated from
    (:func:`equity.rankings.exact_hand_value`) over every exact hand the hole rule allows, the
    fewest hole cards first: the strength, its cards and its hole cards."""
    positions, holes = exact_hands(g, n_hole, len(cards) - n_hole, g.hand_size)
    best, best_row = -1, 0
    for row, hand in enumerate(cards[positions].tolist()):
        value = exact_hand_value([c >> 2 for c in hand], len({c & 3 for c in hand}) == 1, g.ranking,
                                 g.straights)
        if value > best or (value == best and holes[row] < holes[best_row]):
            best, best_row = value, row
    return best, cards[positions[best_row]], int(holes[best_row])


def _kernel_best(g: Game, hole_codes: np.ndarray, board_codes: np.ndarray,
                 wild) -> tuple[int, np.ndarray, int]:
    """The best hand through the kernels (:func:`equity.evaluator.evaluate_many`), where a wild
    rank plays: the strength, its cards and its hole cards."""
    from equity.evaluator import evaluate_many

    strength = int(evaluate_many(g, hole_codes[None, :], board_codes[None, :], wild=wild)[0])

    def strengths_of(rows: np.ndarray) -> np.ndarray:
        return evaluate_many(exact_game(g), rows, None, wild=wild, check=False)

    played, used = playing_cards(g, np.concatenate([hole_codes, board_codes]), len(hole_codes),
                                 g.hand_size, strength, strengths_of)
    return strength, played, used


@lru_cache(maxsize=64)
def exact_game(g: Game) -> Game:
    """The same rules dealt as exactly one hand's worth of cards, for valuing one exact hand."""
    from dataclasses import replace

    from equity.games import HoleRule

    return replace(g, name=g.name, hole_cards=g.hand_size, streets=(), hole_rule=HoleRule(0, g.hand_size),
                   phases=(), boards=1, kill_cards=(), high_qualifier=(), stud=(), wild_follows=None)
