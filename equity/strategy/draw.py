"""Draw decisions under a pay table: the exact value of every hold of a five-card hand, and the
return of perfect play over every starting hand (video poker's figures).

A *hold* is the set of cards a player keeps (any of the 32 subsets of the five dealt); the rest
are discarded and replaced from the unseen cards, and the final five are paid by a *pay table*.
The game's own evaluation decides every category (wild cards, five of a kind and custom rankings
as the game describes them); what a pay table needs beyond the category (jacks or better against
a lower pair, a natural royal against a wild one, four deuces) it reads from the cards.

:func:`hold_values` enumerates every replacement of every hold of one hand.  :func:`optimal_return`
values all 2,598,960 starting hands without enumerating their draws: it pays every final hand
once, adds up, for every set of 0 to 5 cards, the payoffs of the hands that hold it, and gets the
total over the completions of each hold by inclusion-exclusion over the discards (see
``docs/strategy.md``).  The table draw limit of a game (three cards, four with an ace) is not
applied: as on a video poker machine, any of the 32 holds may be played.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from math import comb, isfinite

import numpy as np
import pandas as pd

from equity._kernels.draw import (
    five_card_hands,
    hold_outcomes,
    hold_values_of,
    subset_sums,
    suit_canonical,
)
from equity.cards import CARD_TEXT, RANK_PLURALS, RANKS, card_codes, card_text, format_cards
from equity.errors import CardError, OptionError
from equity.evaluator import category_positions, evaluate_many
from equity.games import Draw, Game, get_game
from equity.rankings import CATEGORY_SHIFT, Category
from equity.setup_notices import sets_up

__all__ = [
    "PayTable",
    "PAY_TABLES",
    "JACKS_OR_BETTER",
    "DEUCES_WILD",
    "PAY_LINES",
    "hold_values",
    "optimal_return",
    "OptimalReturn",
]

#: The pay lines a :class:`PayTable` may name beyond the game's categories (``"straight"``,
#: ``"four_of_a_kind"``, ...) and the ``"<rank>s_or_better"`` pairs (``"jacks_or_better"``).
PAY_LINES = {
    "royal_flush": "A-K-Q-J-T of one suit, no wild card among them",
    "wild_royal_flush": "a royal flush made with at least one wild card",
    "four_deuces": "four deuces in the hand",
}
_ROYAL_RANKS = sum(1 << r for r in range(RANKS.index("T"), RANKS.index("A") + 1))
_PAIR = str(Category.ONE_PAIR)
#: The number of bits set in each 13-bit rank mask.
_BIT_COUNTS = np.array([bin(m).count("1") for m in range(1 << 13)], dtype=np.uint8)


def _pair_floor(line: str) -> int | None:
    """The lowest rank of ``"<rank>s_or_better"`` (jacks_or_better -> 9), else None."""
    if line.endswith("_or_better") and line[: -len("_or_better")] in RANK_PLURALS:
        return RANK_PLURALS.index(line[: -len("_or_better")])
    return None


def _known_line(line: str) -> bool:
    return line in PAY_LINES or line in set(Category) or _pair_floor(line) is not None


@dataclass(frozen=True)
class PayTable:
    """What a video poker machine pays for each final hand, per coin bet.

    A hand is paid by the best line it qualifies for, nothing when it qualifies for none.

    Attributes
    ----------
    name
        A short name (the key of :data:`PAY_TABLES` for the built-in tables).
    lines
        ``(line, pay)`` pairs (a mapping is accepted): a line is a category of the game's ranking
        (``"full_house"``: the hand's category as the game evaluates it), a pair of some rank or
        better (``"jacks_or_better"``, ``"kings_or_better"``: one pair, the pair of that rank or
        higher), or one of :data:`PAY_LINES` (``"royal_flush"``, ``"wild_royal_flush"``,
        ``"four_deuces"``), worked out from the cards.
    title, source
        What the table is called and where it is published.

    Examples
    --------
    >>> table = PayTable("tens", {"two_pair": 2, "tens_or_better": 1})
    >>> hands = np.stack([card_codes(h) for h in ("ThTd9c8c2s", "9h9d8c7c2s", "ThTd9c9s2s")])
    >>> table.payoffs("draw", hands).tolist()
    [1.0, 0.0, 2.0]
    """

    name: str
    lines: tuple[tuple[str, float], ...]
    title: str = ""
    source: str = ""

    def __post_init__(self) -> None:
        lines = self.lines.items() if isinstance(self.lines, Mapping) else self.lines
        checked = []
        for line, pay in lines:
            if not isinstance(line, str) or not _known_line(line):
                raise OptionError(
                    f"pay table {self.name!r}: unknown line {line!r}: a line is a category "
                    f"({', '.join(Category)}), a pair such as 'jacks_or_better', or one of "
                    f"{', '.join(PAY_LINES)}")
            if isinstance(pay, bool) or not isinstance(pay, (int, float, np.integer, np.floating)) \
                    or not isfinite(pay) or pay < 0:
                raise OptionError(f"pay table {self.name!r}: line {line!r} pays {pay!r}: "
                                  "a pay is a number, zero or more")
            checked.append((line, float(pay)))
        object.__setattr__(self, "lines", tuple(checked))

    def payoffs(self, game: str | Game, hands, strengths=None) -> np.ndarray:
        """The pay of each final hand: ``hands`` are card codes, shape ``(n, 5)``; ``strengths``
        their :func:`~equity.evaluate_many` strengths in ``game`` when already known."""
        g = get_game(game)
        hands = np.asarray(hands, dtype=np.uint8).reshape(-1, 5)
        if strengths is None:
            strengths = evaluate_many(g, hands, None)
        position = category_positions(strengths)
        bottom_up = [str(c) for c in reversed(g.ranking)]
        by_card = np.ascontiguousarray(hands.T)  # (5, n): reductions over the cards run row by row
        ranks, suits = by_card >> 2, by_card & 3
        wild = g.fixed_wild_rank
        natural = ranks != (255 if wild is None else wild)
        n_natural = natural.sum(axis=0, dtype=np.uint8)
        natural_ranks = np.bitwise_or.reduce(
            np.where(natural, np.left_shift(np.uint16(1), ranks.astype(np.uint16)), np.uint16(0)), axis=0)
        distinct = _BIT_COUNTS[natural_ranks] == n_natural
        one_suit = np.where(natural, suits, 4).min(axis=0) == np.where(natural, suits, 0).max(axis=0)
        royal_cards = one_suit & distinct & (natural_ranks & ~np.uint16(_ROYAL_RANKS) == 0)
        category_pay = np.zeros(len(bottom_up), dtype=np.float64)
        for line, pay in self.lines:  # a category this game's ranking lacks is never paid
            if line in bottom_up:
                category_pay[bottom_up.index(line)] = max(category_pay[bottom_up.index(line)], pay)
        out = category_pay[position]
        for line, pay in self.lines:
            if line == "royal_flush":
                hit = royal_cards & (n_natural == 5)
            elif line == "wild_royal_flush":
                hit = royal_cards & (n_natural < 5)
            elif line == "four_deuces":
                hit = (ranks == 0).sum(axis=0) == 4
            elif _pair_floor(line) is not None and _PAIR in bottom_up:
                pair_rank = (strengths >> np.uint32(CATEGORY_SHIFT - 4)) & np.uint32(0xF)
                hit = (position == bottom_up.index(_PAIR)) & (pair_rank >= _pair_floor(line))
            else:
                continue
            np.maximum(out, pay, out=out, where=hit)
        return out


JACKS_OR_BETTER = PayTable(
    "jacks_or_better",
    {"royal_flush": 800, "straight_flush": 50, "four_of_a_kind": 25, "full_house": 9, "flush": 6,
     "straight": 4, "three_of_a_kind": 3, "two_pair": 2, "jacks_or_better": 1},
    title="9/6 Jacks or Better (full pay)",
    source="Wizard of Odds, Jacks or Better optimal strategy (the royal's 4000 for 5 coins, per coin)",
)
DEUCES_WILD = PayTable(
    "deuces_wild",
    {"royal_flush": 800, "four_deuces": 200, "wild_royal_flush": 25, "five_of_a_kind": 15,
     "straight_flush": 9, "four_of_a_kind": 5, "full_house": 3, "flush": 2, "straight": 2,
     "three_of_a_kind": 1},
    title="Full-pay Deuces Wild",
    source="Wizard of Odds, Deuces Wild (full pay; the natural royal's 4000 for 5 coins, per coin)",
)
#: The named pay tables.
PAY_TABLES: dict[str, PayTable] = {t.name: t for t in (JACKS_OR_BETTER, DEUCES_WILD)}

PayoffLike = str | PayTable | Callable[[np.ndarray], np.ndarray]


# ---------------------------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------------------------
def _draw_game(game: str | Game) -> Game:
    g = get_game(game)
    if not any(isinstance(p, Draw) for p in g.phases) or g.hole_cards != 5 or g.board_cards \
            or g.hand_size != 5:
        raise OptionError(
            f"{g.name} has no five-card draw: hold values need a draw game (five cards, no board, "
            "a draw phase), such as 'draw' or a custom game with phases = ['draw']")
    others = sorted({type(p).__name__.lower() for p in g.phases if not isinstance(p, Draw)})
    if others:
        raise OptionError(
            f"{g.name} plays {' and '.join(others)} phases beside the draw: a pay table values "
            "the draw alone, in a game whose only phase is the draw (such as 'draw')")
    if g.wild is not None and g.fixed_wild_rank is None:
        made = ("wild cards listed by card (jokers, several ranks)" if g.wild_cards
                else "a wild rank made in play")
        raise OptionError(f"{g.name}: {made} cannot be paid by a pay table")
    return g


def game_cards(g: Game, cards, what: str) -> np.ndarray:
    """``cards`` (text or codes, may be empty) as codes, each in ``g``'s deck and none twice."""
    if cards is None or (isinstance(cards, str) and not cards.strip()):
        return np.zeros(0, dtype=np.uint8)
    codes = card_codes(cards, allow_duplicates=True)
    seen = set()
    for code in codes.tolist():
        if code not in g.deck:
            raise CardError(f"card '{card_text(code)}' in the {what} is not in the {g.name} deck "
                            f"({g.describe_deck()})")
        if code in seen:
            raise CardError(f"duplicate card '{card_text(code)}' in the {what}")
        seen.add(code)
    return codes


def _payoff_of(payoff: PayoffLike) -> tuple[str, Callable[[Game, np.ndarray, np.ndarray], np.ndarray]]:
    """(name, function of the game, the final hands' codes and strengths -> their pays)."""
    if isinstance(payoff, str):
        key = payoff.strip().lower().replace("-", "_").replace(" ", "_")
        if key not in PAY_TABLES:
            raise OptionError(f"unknown pay table {payoff!r}: known pay tables are "
                              f"{', '.join(sorted(PAY_TABLES))} (or give a PayTable, or a function "
                              "of the final hands; hold_values also takes 'showdown')")
        payoff = PAY_TABLES[key]
    if isinstance(payoff, PayTable):
        return payoff.name, payoff.payoffs
    if callable(payoff):
        def pays(g: Game, hands: np.ndarray, strengths: np.ndarray) -> np.ndarray:
            try:
                out = np.asarray(payoff(hands), dtype=np.float64)
            except (TypeError, ValueError) as error:
                raise OptionError(f"the payoff function gave what is not numbers: {error}") from error
            if out.shape != (hands.shape[0],):
                raise OptionError(f"the payoff function returned shape {out.shape} for "
                                  f"{hands.shape[0]:,} hands: it must return one payoff per hand")
            if not np.isfinite(out).all():
                raise OptionError("the payoff function returned a value that is not finite")
            return out
        return getattr(payoff, "__name__", "custom"), pays
    raise OptionError(f"payoff {payoff!r}: give a pay table name ({', '.join(sorted(PAY_TABLES))}), "
                      "a PayTable, or a function of the final hands (uint8 codes, shape (n, 5))")


# ---------------------------------------------------------------------------------------------
# The final hands of a deck
# ---------------------------------------------------------------------------------------------
def binomials(n: int) -> np.ndarray:
    """``C(i, k)`` for i up to ``n`` and k up to 5 (int64)."""
    return np.array([[comb(i, k) for k in range(6)] for i in range(n + 1)], dtype=np.int64)


@dataclass(frozen=True, eq=False)
class FinalHands:
    deck: np.ndarray  # the deck's card codes, ascending: position -> code
    positions: np.ndarray  # every five-card hand as ascending positions, row i the hand of index i
    strengths: np.ndarray
    pays: np.ndarray
    binom: np.ndarray


def final_hands(g: Game, pay_of) -> FinalHands:
    deck = np.array(g.deck, dtype=np.uint8)
    positions = five_card_hands(len(deck), comb(len(deck), 5))
    codes = positions if len(deck) == 52 else deck[positions]
    strengths = evaluate_many(g, codes, None, check=False)
    return FinalHands(deck, positions, strengths, pay_of(g, codes, strengths), binomials(len(deck)))


#: The 32 holds from the most cards kept to the fewest (bit j keeps card j): ties in value go to
#: the hold that keeps more cards, then to the cards earlier in the hand.
HOLD_ORDER = np.array(sorted(range(32), key=lambda m: (-m.bit_count(), m)), dtype=np.int64)
KEPT_CARDS = np.array([m.bit_count() for m in range(32)], dtype=np.int64)


def hold_texts(codes: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(kept, discarded) cards of each row of ``codes`` under each row's hold mask, as text."""
    kept = np.full(codes.shape[0], "", dtype=object)
    thrown = np.full(codes.shape[0], "", dtype=object)
    for j in range(codes.shape[1]):
        text = CARD_TEXT[codes[:, j]]
        held = (masks >> j) & 1 == 1
        kept = kept + np.where(held, text, "")
        thrown = thrown + np.where(held, "", text)
    return kept, thrown


def draw_hand(g: Game, hand) -> np.ndarray:
    """The five cards of a draw hand as codes, each in ``g``'s deck and none twice."""
    hand_codes = game_cards(g, hand, "hand")
    if len(hand_codes) != 5:
        raise CardError(f"hand {format_cards(hand_codes) or repr(hand)} has {len(hand_codes)} "
                        f"card{'s' if len(hand_codes) != 1 else ''}: a draw hand has 5")
    return hand_codes


def allowed_holds(codes: np.ndarray, limit: int, limit_with_ace: int) -> np.ndarray:
    """Which of the 32 holds of each hand (``codes``, ``(5,)`` or ``(n, 5)``) the table draw limit
    allows: at most ``limit`` cards drawn, or ``max(limit, limit_with_ace)`` when an ace is kept
    (the rule of ``equity._kernels.switch.limit_keep``); ``bool[32]`` or ``bool[n, 32]``."""
    codes = np.asarray(codes)
    kept = ((np.arange(32)[:, None] >> np.arange(5)) & 1).astype(bool)  # [32, 5]
    aces = (kept & (codes[..., None, :] >> 2 == RANKS.index("A"))).any(axis=-1)
    return 5 - KEPT_CARDS <= np.where(aces, max(limit, limit_with_ace), limit)


def best_first(values: np.ndarray) -> np.ndarray:
    """The 32 holds (values indexed by hold mask) in order, best value first; ties go to the hold
    keeping more cards, then to the cards earlier in the hand (:data:`HOLD_ORDER`)."""
    rank_in_order = np.empty(32, dtype=np.int64)
    rank_in_order[HOLD_ORDER] = np.arange(32)
    return np.lexsort((rank_in_order, -np.asarray(values)))


# ---------------------------------------------------------------------------------------------
# One hand
# ---------------------------------------------------------------------------------------------
@sets_up("draw values")
def hold_values(game: str | Game, hand, payoff: PayoffLike, *, dead="", opponents: int | None = None,
                policy="standard", lost=None, samples: int = 20_000, seed: int | None = None,
                progress: bool | None = None) -> pd.DataFrame:
    """The exact expected payoff of every hold of a five-card hand, and its final categories;
    or, with ``payoff="showdown"``, every hold's share of the pot against opponents.

    Parameters
    ----------
    game
        A draw game: ``"draw"``, a custom game with a draw phase (a :class:`~equity.games.Game`,
        or a TOML file such as ``examples/games/deuces_wild_draw.toml``).
    hand
        The five cards dealt, as text (``"AhKhQhJh2c"``) or codes.
    payoff
        A pay table: a name of :data:`PAY_TABLES` (``"jacks_or_better"``, ``"deuces_wild"``), a
        :class:`PayTable`, or a function taking the final hands (``uint8`` card codes, shape
        ``(n, 5)``) and returning their payoffs (shape ``(n,)``).  Or ``"showdown"``: the
        share of the pot at showdown against ``opponents`` opponents who draw by ``policy``, in
        a draw game or a Switch game (the switches after the draw played), by Monte Carlo with
        common random numbers and standard errors (:func:`equity.strategy.showdown_hold_values`,
        which documents the columns; ``lost``, ``samples``, ``seed`` and ``progress`` are its).
    dead
        Cards known to be out of play (not in the hand): they are never drawn.
    opponents, policy, lost, samples, seed, progress
        For ``payoff="showdown"`` only (``opponents`` defaults to 1).

    Returns
    -------
    pandas.DataFrame
        One row per hold (all 32), best first (ties: more cards kept first): ``hold`` and
        ``discard`` (the cards, as text in the hand's order; empty text for none), ``drawn``
        (cards drawn), ``value`` (the mean payoff over every replacement from the unseen cards:
        the deck less the hand and the dead cards), ``outcomes`` (the number of replacements),
        then one column per category of the game's ranking, highest first, with the probability
        of ending in it.  ``attrs`` hold the game, the hand, the dead cards and the pay table.

    Raises
    ------
    CardError
        For a hand that is not five cards of the game's deck, a duplicate card, or a dead card
        in the hand.
    OptionError
        For an unknown pay table, a payoff function that does not return one number per hand,
        or a game without a five-card draw.

    Examples
    --------
    >>> table = hold_values("draw", "AhKhQhJh9h", "jacks_or_better")
    >>> best = table.iloc[0]
    >>> best["hold"], best["discard"], int(best["drawn"])
    ('AhKhQhJh', '9h', 1)
    >>> round(best["value"] * 47)  # 800 + 7 flushes x 6 + 3 straights x 4 + 12 high pairs
    866
    >>> float(table.set_index("hold").loc["AhKhQhJh9h", "value"])  # the flush dealt
    6.0
    """
    if isinstance(payoff, str) and payoff.strip().lower() == "showdown":
        from equity.strategy.showdown import showdown_hold_values

        return showdown_hold_values(game, hand, opponents=1 if opponents is None else opponents,
                                    policy=policy, lost=lost, dead=dead, samples=samples, seed=seed,
                                    progress=progress)
    given = [name for name, value in (("opponents", opponents), ("lost", lost), ("seed", seed))
             if value is not None]
    if given or policy != "standard" or samples != 20_000:
        raise OptionError(f"{', '.join(given) or 'policy/samples'}: options of payoff='showdown'; a pay "
                          "table is valued exactly, with no opponents")
    g = _draw_game(game)
    hand_codes = draw_hand(g, hand)
    dead_codes = game_cards(g, dead, "dead cards")
    for code in dead_codes.tolist():
        if code in hand_codes:
            raise CardError(f"dead card '{card_text(code)}' is in the hand")
    label, pay_of = _payoff_of(payoff)
    final = final_hands(g, pay_of)
    position = np.full(52, -1, dtype=np.int64)
    position[final.deck] = np.arange(len(final.deck))
    out_of_play = set(hand_codes.tolist()) | set(dead_codes.tolist())
    unseen = np.array([position[c] for c in g.deck if c not in out_of_play], dtype=np.int64)
    if len(unseen) < 5:
        raise CardError(f"{len(dead_codes)} dead cards leave {len(unseen)} unseen cards: "
                        "a draw of five needs at least 5")
    names = [str(c) for c in g.ranking]
    category = category_positions(final.strengths).astype(np.uint8)
    sums, counts = hold_outcomes(position[hand_codes], unseen, final.pays, category, len(names),
                                 final.binom)
    drawn = 5 - KEPT_CARDS
    outcomes = np.array([comb(len(unseen), int(d)) for d in drawn], dtype=np.int64)
    masks = np.arange(32)
    kept, thrown = hold_texts(np.broadcast_to(hand_codes, (32, 5)), masks)
    table = pd.DataFrame({"hold": kept, "discard": thrown, "drawn": drawn, "value": sums / outcomes,
                          "outcomes": outcomes})
    for i, name in enumerate(names):  # counts are indexed by position from the bottom
        table[name] = counts[:, len(names) - 1 - i] / outcomes
    order = best_first(table["value"].to_numpy())
    table = table.iloc[order].reset_index(drop=True)
    table.attrs.update(game=g.name, hand=format_cards(hand_codes), dead=format_cards(dead_codes),
                       payoff=label, unseen=len(unseen))
    return table


# ---------------------------------------------------------------------------------------------
# The whole game
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class OptimalReturn:
    """The return of perfect play over every starting hand, and the best hold of each.

    Attributes
    ----------
    game, payoff
        The game's and the pay table's names.
    expected_return
        The mean payoff per coin bet of perfect play (``float(result)`` gives it too).
    holds
        One row per class of starting hands alike under a relabelling of suits, best value
        first: ``hand`` (a representative, high cards first), ``hands`` (how many starting hands
        the class holds), ``hold``, ``discard`` and ``drawn`` (the best hold; ties go to the hold
        keeping more cards), ``value`` (its expected payoff), ``second_hold`` and ``margin``
        (the next best hold and how much less it is worth).
    n_hands, n_classes
        Starting hands (2,598,960 for 52 cards) and classes (134,459).
    seconds
        Wall time of the computation.
    """

    game: str
    payoff: str
    expected_return: float
    holds: pd.DataFrame = field(repr=False)
    n_hands: int
    n_classes: int
    seconds: float = field(repr=False)

    def __float__(self) -> float:
        return self.expected_return


@sets_up("draw values")
def optimal_return(game: str | Game, paytable: PayoffLike) -> OptimalReturn:
    """The return of perfect play in a draw game under a pay table, and the best hold of every
    starting hand (by class of hands alike under a relabelling of suits).

    Every final hand is paid once; for every set of 0 to 5 cards the payoffs of the hands that
    hold it are added up; the total over the completions of a hold is then an alternating sum
    over the subsets of its discards (inclusion-exclusion), so the cost does not grow with the
    number of draws (``docs/strategy.md``).

    Parameters
    ----------
    game
        A draw game, as for :func:`hold_values`.
    paytable
        A pay table name, a :class:`PayTable`, or a function of the final hands, as for
        :func:`hold_values`; it must pay alike the hands that differ only by a relabelling of
        suits.

    Returns
    -------
    OptimalReturn

    Raises
    ------
    OptionError
        For an unknown pay table, a game without a five-card draw, or a payoff that depends on
        the suits' names.

    Examples
    --------
    >>> result = optimal_return("draw", "jacks_or_better")
    >>> round(result.expected_return, 6), result.n_classes
    (0.995439, 134459)
    >>> best = result.holds.iloc[0]
    >>> best["hand"], best["hold"], float(best["value"])
    ('AcKcQcJcTc', 'AcKcQcJcTc', 800.0)
    """
    start = time.perf_counter()
    g = _draw_game(game)
    label, pay_of = _payoff_of(paytable)
    final = final_hands(g, pay_of)
    canonical, members, classes = suit_classes(g, final)
    if not np.array_equal(final.pays, final.pays[canonical]):
        bad = int(np.flatnonzero(final.pays != final.pays[canonical])[0])
        raise OptionError(
            f"the payoff pays {format_cards(final.deck[final.positions[bad]])} and "
            f"{format_cards(final.deck[final.positions[canonical[bad]]])} differently, hands alike but "
            "for the suits' names: optimal_return needs a payoff that ignores the suits' names")
    n_cards = len(final.deck)
    offsets = subset_offsets(n_cards)
    sums = subset_sums(final.positions, final.pays, final.binom, offsets, int(offsets[-1]))
    values = hold_values_of(final.positions[classes], sums, final.binom, offsets, n_cards - 5)
    holds = class_holds(final, classes, members, values).drop(columns=["best_mask", "second_mask"])
    expected = float((holds["hands"] * holds["value"]).sum() / final.positions.shape[0])
    holds.attrs.update(game=g.name, payoff=label, expected_return=expected)
    return OptimalReturn(g.name, label, expected, holds, final.positions.shape[0], len(classes),
                         time.perf_counter() - start)


def subset_offsets(n_cards: int) -> np.ndarray:
    """Where the sums of the sets of each size start in :func:`subset_sums`' result (int64[7])."""
    return np.concatenate([[0], np.cumsum([comb(n_cards, k) for k in range(6)])]).astype(np.int64)


def suit_classes(g: Game, final: FinalHands) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The starting hands' classes under relabellings of suits: ``(canonical, members, classes)``,
    the representative's hand index of every hand, the hands per representative (zero for a
    hand that represents none) and the representatives' indexes, ascending."""
    deck, positions, binom = final.deck, final.positions, final.binom
    suits = sorted(g.deck_suits)
    card_rank = (deck >> 2).astype(np.int64)
    card_suit = np.array([suits.index(c & 3) for c in deck.tolist()], dtype=np.int64)
    position_of = np.full((13, len(suits)), -1, dtype=np.int64)
    position_of[card_rank, card_suit] = np.arange(len(deck))
    canonical = suit_canonical(positions, card_rank, card_suit, position_of, binom, len(suits))
    members = np.bincount(canonical, minlength=positions.shape[0])
    return canonical, members, np.flatnonzero(members)


def class_holds(final: FinalHands, classes: np.ndarray, members: np.ndarray, values: np.ndarray,
                allowed: np.ndarray | None = None) -> pd.DataFrame:
    """The best hold of each class from the values of its 32 holds (``values[class, mask]``, bit j
    keeping the representative's ascending position j), among the ``allowed`` ones if given; one
    row per class, best value first (see :class:`OptimalReturn`), plus ``best_mask`` and
    ``second_mask`` (the holds as masks of the shown hand's cards)."""
    ordered = values[:, HOLD_ORDER].copy()
    if allowed is not None:
        ordered[~allowed[:, HOLD_ORDER]] = -np.inf
    best_at = ordered.argmax(axis=1)
    rows = np.arange(len(classes))
    best_value = ordered[rows, best_at]
    ordered[rows, best_at] = -np.inf
    second_at = ordered.argmax(axis=1)
    # the representatives high cards first (suits c d h s within a rank); bit c of a shown
    # hold keeps shown card c, which is ascending position shown[c]
    rep_codes = final.deck[final.positions[classes]]
    shown = np.argsort((12 - (rep_codes >> 2).astype(np.int64)) * 4 + (rep_codes & 3), axis=1)
    codes = np.take_along_axis(rep_codes, shown, axis=1)
    as_shown = lambda masks: sum(((masks >> shown[:, c]) & 1) << c for c in range(5))  # noqa: E731
    best, second = HOLD_ORDER[best_at], HOLD_ORDER[second_at]
    kept, thrown = hold_texts(codes, as_shown(best))
    second_kept, _ = hold_texts(codes, as_shown(second))
    hand_text = hold_texts(codes, np.full(len(classes), 31))[0]
    holds = pd.DataFrame({"hand": hand_text, "hands": members[classes], "hold": kept,
                          "discard": thrown, "drawn": 5 - KEPT_CARDS[best], "value": best_value,
                          "second_hold": second_kept, "margin": best_value - values[rows, second],
                          "best_mask": as_shown(best), "second_mask": as_shown(second)})
    return holds.iloc[np.argsort(-best_value, kind="stable")].reset_index(drop=True)
