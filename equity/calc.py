"""Equity of hands and ranges in every game: exact enumeration, or Monte Carlo with a standard error.

:func:`calc` answers "what share of the pot does each hand win?" for the cards
known so far (hole cards, ranges or random hands, a partial board, dead cards).
It enumerates every outcome when that finishes in about a second and samples
otherwise; the phases of a game (the El Dorado exchange, the Switch switches and
draw) are played by the deal engine's policies.
"""

from __future__ import annotations

import itertools
import math
import time
import warnings
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field

import numba
import numpy as np
import pandas as pd

from equity._kernels import simd
from equity._kernels.calc import (
    FIXED,
    MAX_MISSING,
    RANDOM,
    RANGE,
    board_completions,
    deal_rows,
    enumerate_plain,
    sample_plain,
    sample_switch,
    share_sums,
    switch_rows,
)
from equity.cards import card_codes, card_text, format_cards, parse_wild_rank
from equity.deal import lookahead_option, wild_can_be_ace_option
from equity.errors import CardError, InvalidInputError, OptionError, check_flag
from equity.evaluate import _flush_bias, _groups, _padded, evaluate_low_many, evaluate_many
from equity.games import Game, get_game
from equity.games.base import Draw, Exchange, Switch
from equity.pots import pot_shares_many
from equity.ranges import parse_range
from equity.rng import chunk_states, resolve_seed, stream_state
from equity.tables import tables_for

__all__ = ["calc", "EXACT_BUDGET", "DEFAULT_TRIALS", "CHUNK_TRIALS"]

#: Trials when neither ``trials`` nor ``precision`` is given and enumeration is too long.
DEFAULT_TRIALS = 1_000_000
#: Trials per chunk (each chunk has its own random stream from the seed).
CHUNK_TRIALS = 65_536
#: Hand evaluations an exact enumeration may take when ``exact=None``: about a second
#: on the fused kernels (2 cores), and a tenth of that on the general path.
EXACT_BUDGET = 150_000_000
GENERAL_EXACT_BUDGET = 15_000_000
#: Most trials a ``precision`` run plays before it stops short of its target.
MAX_PRECISION_TRIALS = 2_000_000_000
#: Most combinations of listed hands a Switch or draw game plays (each has its own kernel call).
MAX_LISTED_DEALS = 20_000
#: Most tuples of hole cards an enumeration lists.
MAX_TUPLES = 2_000_000
#: Boards a tuple of hole cards must complete before an enumeration merges the tuples that a
#: relabelling of the suits makes alike (see ``_merge_suit_relabellings``).
MERGE_BOARDS = 256
#: Most tuples of hole cards listed (and merged) to cost an enumeration before choosing it;
#: above this the cost is the unmerged bound.
PLAN_TUPLES = 20_000
#: Hand evaluations below which an enumeration runs on the calling thread alone.
SERIAL_WORK = 200_000
#: Chunks handed to the fused sampling kernel at once (spread over the threads).
CHUNKS_PER_CALL = 16
_RANDOM_WORDS = ("random", "rand", "?", "xx", "*")
_RULES = ("wild", "wild_can_be_ace", "pot", "lookahead_samples", "draw_policy", "draw_limit",
          "draw_limit_with_ace", "reverse")


# ---------------------------------------------------------------------------------------------
# The question, checked once
# ---------------------------------------------------------------------------------------------
@dataclass
class _Seat:
    text: str
    kind: int
    combos: np.ndarray  # uint8[k, n_hole]: one row for fixed cards, none for random
    weights: np.ndarray


@dataclass
class _Question:
    game: Game
    seats: list[_Seat]
    board: np.ndarray
    dead: np.ndarray
    mode: str
    wild: int | None  # the final wild rank (El Dorado after the exchange); -1 for none
    exchange: bool  # the exchange is still to be played
    switch: bool  # the game's switch and draw phases are played
    rules: dict = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def n_hole(self) -> int:
        return self.game.hole_cards

    @property
    def known(self) -> np.ndarray:
        fixed = [s.combos[0] for s in self.seats if s.kind == FIXED]
        return np.concatenate([self.board, self.dead, *fixed]).astype(np.uint8)

    @property
    def stub(self) -> np.ndarray:
        known = set(self.known.tolist())
        return np.array([c for c in self.game.deck if c not in known], dtype=np.uint8)

    @property
    def missing(self) -> int:
        return self.game.board_cards - len(self.board)

    @property
    def fixed_wild(self) -> int | None:
        """The wild rank every hand is valued with: the stated final rank (El Dorado after the
        exchange) or the game's fixed one (a custom game); -1 for none stated; None when the
        game has no wild cards or an exchange is still to make the rank."""
        return self.wild if self.wild is not None else self.game.fixed_wild_rank

    def fused(self) -> bool:
        """Whether the fused kernels apply: no phase to play, no wild card (or a fixed wild rank
        in a high pot of hands drawn from all of a player's cards and the board, El Dorado after
        the exchange), a high pot or a hi-lo pot with an ace-to-five low of the hand's size."""
        g = self.game
        rule = g.hole_rule
        ruled = rule.min_used == 0 or rule.min_used == rule.max_used
        wild = self.fixed_wild
        no_wild = g.wild is None or wild == -1
        if not no_wild and wild is not None and self.mode == "high" and ruled:
            hole_sets, hole_len, exact_need = _hand_rule(self)  # one choice: all the hole cards
            no_wild = exact_need == 0 and len(hole_sets) == 1 and hole_len[0] == g.hole_cards
        low = g.low
        pot = self.mode == "high" or (
            self.mode == "hi_lo" and g.wild is None and low is not None and low.kind == "ace_to_five"
            and low.hand_size == g.hand_size)
        return not self.exchange and not self.switch and no_wild and pot and ruled

    def switch_fused(self) -> bool:
        """Whether the fused Switch kernel applies: switch or draw phases, a high pot, no wild
        card, hands valued through the seven-card tables (five or seven cards)."""
        return (self.switch and self.mode == "high" and self.game.wild is None
                and tables_for(self.game).seven_offsets.size > 0)


class PrecisionNotReachedWarning(UserWarning):
    """``calc(precision=...)`` stopped at its trial cap before every standard error got below it."""


def _cards(text, what: str, g: Game) -> np.ndarray:
    try:
        codes = card_codes(text)  # arrays too: a code outside 0..51 is an error, not wrapped
    except CardError as error:
        raise CardError(f"{what}: {error}") from None
    for code in codes.tolist():
        if code not in g.deck:
            raise CardError(f"{what}: card '{card_text(code)}' is not in the {g.name} deck "
                            f"({g.describe_deck()})")
    return codes


def _is_random(text: str) -> bool:
    return text.strip().lower() in _RANDOM_WORDS


def _hand_list(hands) -> list[str]:
    if isinstance(hands, str):
        raise OptionError(f"hands must be a list of hands, one per player, e.g. ['AhKh', 'QsQd']; "
                          f"got the single text {hands!r}")
    if not isinstance(hands, Iterable) or isinstance(hands, (bytes, dict)):
        raise OptionError(f"hands must be a list of hands, one per player, e.g. ['AhKh', 'QsQd']; "
                          f"got {hands!r}")
    listed = list(hands)
    for k, hand in enumerate(listed, start=1):
        if not isinstance(hand, str):
            raise OptionError(f"hand {k}: give each hand as text ('AhKh', 'AKs', 'random'), got {hand!r}")
    return listed


def _n_cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def _fixed_seat(text: str, codes: np.ndarray) -> _Seat:
    return _Seat(text, FIXED, codes[None, :].astype(np.uint8), np.ones(1))


def _explicit_list(text: str, k: int, g: Game, known: set[int]) -> _Seat:
    """A list of explicit hands (``"AhKhQh, 2c3c4c"``) as a range of equal weights."""
    parts = [p for p in text.replace(";", ",").replace("|", ",").split(",") if p.strip()]
    if not parts:
        raise InvalidInputError(f"hand {k} is empty: give its cards, a list of hands separated by "
                                "commas, or 'random'")
    rows = []
    for part in parts:
        try:
            codes = _cards(part, f"hand {k}", g)
        except CardError as error:
            raise CardError(f"{error} ({g.name} hands are written as cards, e.g. "
                            f"{format_cards(np.array(g.deck[-g.hole_cards:], dtype=np.uint8))!r}; range "
                            "notation is for two-card games)") from None
        if len(codes) != g.hole_cards:
            raise InvalidInputError(
                f"hand {k} {text!r}: {part.strip()!r} has {_n_cards(len(codes))}; {g.name} hands have "
                f"{g.hole_cards} (give cards, a list of hands separated by commas, or 'random')")
        if len(set(codes.tolist())) != len(codes):
            raise CardError(f"hand {k}: {part.strip()!r} repeats a card")
        if not known.intersection(codes.tolist()):
            rows.append(np.sort(codes)[::-1])
    if not rows:
        raise InvalidInputError(f"hand {k} {text!r} has no hand left beside the known cards")
    combos = np.unique(np.array(rows, dtype=np.uint8), axis=0)
    return _Seat(text, RANGE, combos, np.ones(len(combos)))


def _parse_seats(g: Game, hands: list[str], board: np.ndarray, dead: np.ndarray) -> list[_Seat]:
    seats: list[_Seat | None] = []
    places: dict[int, str] = {}
    for code in board.tolist():
        places[code] = "the board"
    for code in dead.tolist():
        if code in places:
            raise CardError(f"duplicate card '{card_text(code)}' in {places[code]} and the dead cards")
        places[code] = "the dead cards"
    pending: list[tuple[int, str, np.ndarray | None]] = []
    for k, text in enumerate(hands, start=1):
        if _is_random(text):
            seats.append(_Seat(text, RANDOM, np.zeros((0, g.hole_cards), dtype=np.uint8), np.zeros(0)))
            continue
        try:
            codes = card_codes(text)
        except CardError:
            codes = None
        if codes is not None and len(codes) == g.hole_cards:
            codes = _cards(codes, f"hand {k}", g)
            for code in codes.tolist():
                if code in places:
                    raise CardError(f"duplicate card '{card_text(code)}' in {places[code]} and hand {k}")
                places[code] = f"hand {k}"
            seats.append(_fixed_seat(text, codes))
        else:
            seats.append(None)
            pending.append((k, text, codes))
    known = set(places)
    for k, text, codes in pending:
        if g.hole_cards == 2:
            try:
                rng = parse_range(text, game=g, dead=format_cards(sorted(known)) if known else None)
            except InvalidInputError as error:
                if codes is not None and len(codes) and "," not in text:  # cards, not a range
                    raise InvalidInputError(
                        f"hand {k} {text!r} has {_n_cards(len(codes))}; {g.name} hands have 2 (or give "
                        "a range such as 'QQ+, AKs', or 'random')") from None
                raise type(error)(f"hand {k}: {error}") from None
            seat = _Seat(text, RANGE, rng.combos, rng.weights)
        else:
            seat = _explicit_list(text, k, g, known)
        seats[k - 1] = seat
    return seats  # type: ignore[return-value]


def _board_sizes(g: Game) -> list[int]:
    sizes = [0]
    for street in g.streets:
        sizes.append(sizes[-1] + street.cards)
    return sizes


def _wild_rule(g: Game, wild) -> int | None:
    """The final wild rank from the ``wild`` rule: None (exchange still to come), -1 (none) or a rank."""
    if wild is None:
        return None
    if g.wild is None:
        raise OptionError(f"{g.name} has no wild cards: the wild rule applies to eldorado")
    rank = parse_wild_rank(wild)
    if rank != -1 and rank not in g.deck_ranks:
        raise OptionError(f"wild rank {wild!r} is not in the {g.name} deck")
    return rank


def _question(game, hands, board, dead, hi_lo: bool, policies, rules: dict) -> _Question:
    g = get_game(game)
    unknown = sorted(set(rules) - set(_RULES))
    if unknown:
        raise OptionError(f"unknown rule {unknown[0]!r}: calc takes {', '.join(_RULES)}")
    hand_texts = _hand_list(hands)
    if not 2 <= len(hand_texts) <= g.max_players:
        given = f"{len(hand_texts)} hand{'' if len(hand_texts) == 1 else 's'} given"
        raise OptionError(f"{given}: {g.name} allows 2 to {g.max_players} players")
    board_codes = _cards(board, "board", g) if board is not None and str(board).strip() else \
        np.zeros(0, dtype=np.uint8)
    dead_codes = _cards(dead, "dead cards", g) if dead is not None and str(dead).strip() else \
        np.zeros(0, dtype=np.uint8)
    for what, codes in (("board", board_codes), ("dead cards", dead_codes)):
        if len(set(codes.tolist())) != len(codes):
            raise CardError(f"the {what} repeat a card")
    wild = _wild_rule(g, rules.get("wild"))
    has_exchange = any(isinstance(p, Exchange) for p in g.phases)
    exchange = has_exchange and wild is None
    switch = any(isinstance(p, (Switch, Draw)) for p in g.phases)
    sizes = _board_sizes(g)
    if has_exchange:  # the street the exchange follows, and how many board cards it ends on
        after = next(p.after_street for p in g.phases if isinstance(p, Exchange))
        cut = next(i for i, s in enumerate(g.streets, start=1) if s.name == after)
        exchanged_on = sizes[cut]
    if exchange:
        sizes = sizes[: cut + 1]
        if len(board_codes) > sizes[-1] and len(board_codes) <= g.board_cards:
            raise InvalidInputError(
                f"{g.name}: a board of {_n_cards(len(board_codes))} is past the exchange; give the "
                "final wild rank with wild='K' (or wild='none') to value hands after the exchange")
    if has_exchange and not exchange and len(board_codes) < sizes[1]:
        raise InvalidInputError(
            f"{g.name}: wild= states the result of the exchange, which follows the flop; give the "
            "final flop as the board")
    if has_exchange and wild is not None and wild != -1:
        swapped_into = board_codes[:exchanged_on]
        if not any(code // 4 == wild for code in swapped_into.tolist()):
            raise InvalidInputError(
                f"{g.name}: wild={rules['wild']!r}, but the wild card is the last card swapped into "
                f"the {after} and the {after} {format_cards(swapped_into)} holds no card of that rank "
                "(give the final flop as the board, or wild='none')")
    if len(board_codes) > g.board_cards:
        raise InvalidInputError(f"{g.name} deals {_n_cards(g.board_cards)} to the board; the board "
                                f"given has {len(board_codes)}")
    if len(board_codes) not in sizes:
        before = " before the exchange" if exchange else ""
        raise InvalidInputError(
            f"{g.name}: a board of {_n_cards(len(board_codes))} does not end a street (boards of "
            f"{', '.join(map(str, sizes))} cards{before})")
    if policies is not None and not exchange:
        raise OptionError(f"policies make the exchange of a game with one (eldorado, before the "
                          f"exchange); {g.name} here has none to play")
    if "pot" in rules and rules["pot"] not in g.pot_modes:
        raise OptionError(f"pot={rules['pot']!r}: {g.name} is played for "
                          f"{', '.join(map(repr, g.pot_modes))}")
    mode = rules.get("pot") or ("hi_lo" if hi_lo else g.pot_modes[0])
    if hi_lo and mode != "hi_lo":
        raise OptionError(f"hi_lo=True and pot={mode!r} disagree")
    if mode not in g.pot_modes:
        raise OptionError(f"{g.name} is played for {', '.join(g.pot_modes)}; got "
                          f"{'hi_lo=True' if hi_lo else f'pot={mode!r}'}")
    for name in ("draw_policy", "draw_limit", "draw_limit_with_ace", "reverse"):
        if name in rules and not switch:
            raise OptionError(f"{name} applies to switch and draw games; {g.name} has no draw or switch")
    if "reverse" in rules and not any(isinstance(p, Switch) for p in g.phases):
        raise OptionError(f"reverse sets the direction of the switch; {g.name} has no switch")
    for name in ("draw_policy", "draw_limit", "draw_limit_with_ace"):
        if name in rules and switch and not any(isinstance(p, Draw) for p in g.phases):
            raise OptionError(f"{g.name} has no draw: {name} applies to games with one")
    wild_can_be_ace_option(g, mode, rules.get("wild_can_be_ace"))
    lookahead_option(exchange, rules.get("lookahead_samples"))
    seats = _parse_seats(g, hand_texts, board_codes, dead_codes)
    q = _Question(g, seats, board_codes, dead_codes, mode, wild, exchange, switch, dict(rules))
    q.rules["policies"] = policies
    needed = sum(g.hole_cards for s in seats if s.kind != FIXED) + q.missing
    if needed > len(q.stub):
        raise InvalidInputError(
            f"{g.name}: {len(q.stub)} unknown cards cannot deal {needed} (hands and board left to deal)")
    return q


# ---------------------------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------------------------
#: ``high_part`` for :func:`share_sums` when there is none (no rows).
_NO_HIGH_PART = np.zeros((0, 1))


def row_sums(shares: np.ndarray, high_part: np.ndarray | None = None):
    """Trials, then per seat the summed share, summed squared share, wins, ties and (hi-lo) the
    summed high part, of rows of pot shares."""
    out = np.empty((5, shares.shape[1]))
    share_sums(np.ascontiguousarray(shares, dtype=np.float64),
               _NO_HIGH_PART if high_part is None
               else np.ascontiguousarray(high_part, dtype=np.float64), out)
    return (float(shares.shape[0]), out[0], out[1], out[2], out[3],
            None if high_part is None else out[4])


class _Sums:
    """Running sums of each seat's pot share; integers and float sums in a fixed order."""

    def __init__(self, players: int, hi_lo: bool):
        self.n = 0.0
        self.share = np.zeros(players)
        self.share_sq = np.zeros(players)
        self.wins = np.zeros(players)
        self.ties = np.zeros(players)
        self.hi_lo = hi_lo
        self.high = np.zeros(players)
        self.low = np.zeros(players)

    def add_rows(self, shares: np.ndarray, high_part: np.ndarray | None = None, weight: float = 1.0) -> None:
        self.add_sums(*row_sums(shares, high_part), weight=weight)

    def add_sums(self, n: float, share, share_sq, wins, ties, high=None, weight: float = 1.0) -> None:
        self.n += weight * n
        self.share += weight * share
        self.share_sq += weight * share_sq
        self.wins += weight * wins
        self.ties += weight * ties
        if self.hi_lo and high is not None:
            self.high += weight * high
            self.low += weight * (share - high)

    def stderr(self) -> np.ndarray:
        n = self.n
        mean = self.share / n
        variance = np.maximum(self.share_sq / n - mean * mean, 0.0) * n / max(n - 1, 1)
        return np.sqrt(variance / n)

    def frame(self, q: _Question, exact: bool) -> pd.DataFrame:
        n = self.n
        frame = pd.DataFrame({
            "hand": [s.text for s in q.seats],
            "equity": self.share / n,
            "win": self.wins / n,
            "tie": self.ties / n,
            "stderr": np.zeros(q.players) if exact else self.stderr(),
        })
        if self.hi_lo:
            frame["high"] = self.high / n
            frame["low"] = self.low / n
            frame["scoop"] = frame["win"]
        return frame


def _shares(q: _Question, high: np.ndarray | None, low: np.ndarray | None):
    """Pot shares of rows of strengths (and the high half's part, for a hi-lo pot)."""
    shares = pot_shares_many(high, low=low, mode=q.mode)
    if q.mode != "hi_lo":
        return shares, None
    high_only = pot_shares_many(high, mode="high")
    has_low = (low > 0).any(axis=1, keepdims=True)
    return shares, high_only * np.where(has_low, 0.5, 1.0)


def _seat_holes(hole: np.ndarray, players: int, n_hole: int) -> list[np.ndarray]:
    """Each seat's hole cards as a contiguous ``(rows, n_hole)`` array, from rows of every seat's.

    numpy copies a column block of a few bytes a row at a few tens of nanoseconds a row; read as
    one wider integer per seat (two cards as a uint16), the block is one strided column, copied
    many times faster (1.7 ms less per seat for 65,536 rows here)."""
    rows = hole.shape[0]
    if n_hole in (1, 2, 4, 8) and hole.flags.c_contiguous:
        seats = hole.view(np.dtype(f"u{n_hole}"))
        return [np.ascontiguousarray(seats[:, p]).view(np.uint8).reshape(rows, n_hole)
                for p in range(players)]
    return [np.ascontiguousarray(hole[:, p * n_hole:(p + 1) * n_hole]) for p in range(players)]


def _strengths(q: _Question, hole: np.ndarray, board: np.ndarray, wild_rows) -> tuple:
    """High and low strengths, shape (rows, players), of dealt rows."""
    g = q.game
    seats = _seat_holes(hole, q.players, q.n_hole)
    high = low = None
    if q.mode != "low":
        high = np.stack([evaluate_many(g, seat, board, wild=wild_rows, check=False) for seat in seats],
                        axis=1)
    if q.mode != "high":
        extra = {"wild_can_be_ace": q.rules["wild_can_be_ace"]} if "wild_can_be_ace" in q.rules else {}
        low = np.stack([evaluate_low_many(g, seat, board, wild=wild_rows, check=False, **extra)
                        for seat in seats], axis=1)
    return high, low


def _fixed_wild(q: _Question, n: int):
    if q.wild is None or q.game.wild is None:
        return None
    return np.full(n, q.wild, dtype=np.int8)


# ---------------------------------------------------------------------------------------------
# Exact enumeration
# ---------------------------------------------------------------------------------------------
def _seat_options(q: _Question, seat: _Seat, stub: np.ndarray):
    if seat.kind != RANDOM:
        return seat.combos, seat.weights
    combos = np.array(list(itertools.combinations(sorted(stub.tolist(), reverse=True), q.n_hole)),
                      dtype=np.uint8).reshape(-1, q.n_hole)
    return combos, np.ones(len(combos))


def _tuple_count_bound(q: _Question) -> int:
    stub = len(q.stub)
    bound = 1
    for seat in q.seats:
        bound *= math.comb(stub, q.n_hole) if seat.kind == RANDOM else len(seat.combos)
    return bound


def _tuples(q: _Question) -> tuple[np.ndarray, np.ndarray]:
    """Every tuple of the seats' hole cards that fits together, with its weight."""
    stub = q.stub
    holes = np.zeros((1, 0), dtype=np.uint8)
    weights = np.ones(1)
    masks = np.zeros(1, dtype=np.uint64)
    bit = np.left_shift(np.uint64(1), np.arange(52, dtype=np.uint64))
    for seat in q.seats:
        combos, combo_weights = _seat_options(q, seat, stub)
        combo_masks = np.bitwise_or.reduce(bit[combos], axis=1)
        fits = (masks[:, None] & combo_masks[None, :]) == 0
        i, j = np.nonzero(fits & (combo_weights[None, :] > 0))
        holes = np.concatenate([holes[i], combos[j]], axis=1)
        weights = weights[i] * combo_weights[j]
        masks = masks[i] | combo_masks[j]
    return np.ascontiguousarray(holes), weights


#: Every relabelling of the suits as a table from card code to card code, the identity first.
_SUIT_RELABELLINGS = np.array(
    [(np.arange(52) & ~3) | np.array(order)[np.arange(52) & 3]
     for order in itertools.permutations(range(4))], dtype=np.uint8)


def _suit_symmetries(q: _Question) -> np.ndarray:
    """The relabellings of the suits that leave the deck, the known board and the dead cards as
    they are (each as a set), as rows of tables from card code to card code; the identity
    first."""
    keeps = np.ones(len(_SUIT_RELABELLINGS), dtype=bool)
    for cards in (np.array(q.game.deck, dtype=np.uint8), q.board, q.dead):
        inside = np.zeros(52, dtype=bool)
        inside[cards] = True
        keeps &= inside[_SUIT_RELABELLINGS[:, cards]].all(axis=1)  # a set onto itself
    return _SUIT_RELABELLINGS[keeps]


def _merge_suit_relabellings(q: _Question, holes: np.ndarray, weights: np.ndarray):
    """Merge the tuples of hole cards that a relabelling of the suits turns into one another.

    Every rule here treats the suits alike, so when a relabelling leaves the deck, the board and
    the dead cards as they are, it maps the boards that complete one tuple one to one onto the
    boards that complete the other, with the same hands winning: the two tuples have the same
    results, and one of them enumerated with the sum of their weights gives the same totals.
    Each tuple's canonical form is the least (seat by seat, each seat's cards in order) of its
    images; ``holes`` keeps the first tuple of each form.  AA against KK preflop: 36 tuples, 3
    forms.
    """
    if len(holes) < 2:
        return holes, weights
    tables = _suit_symmetries(q)
    if len(tables) == 1:
        return holes, weights
    n, width = holes.shape
    best = None
    for table in tables:
        image = np.sort(table[holes].reshape(n, q.players, q.n_hole), axis=2).reshape(n, width)
        if best is None:
            best = image
            continue
        differs = image != best
        first = differs.argmax(axis=1)
        rows = np.arange(n)
        smaller = differs.any(axis=1) & (image[rows, first] < best[rows, first])
        best[smaller] = image[smaller]
    _, first_of, form = np.unique(best, axis=0, return_index=True, return_inverse=True)
    return holes[first_of], np.bincount(form.ravel(), weights=weights)


def _boards_per_tuple(q: _Question) -> int:
    dealt = sum(q.n_hole for s in q.seats if s.kind != FIXED)
    return math.comb(len(q.stub) - dealt, q.missing)


@dataclass
class _Plan:
    """An enumeration's tuples of hole cards (merged where a relabelling of the suits allows),
    their weights, and the outcomes they stand for."""

    holes: np.ndarray
    weights: np.ndarray
    outcomes: int


def _plan(q: _Question) -> _Plan:
    holes, weights = _tuples(q)
    if not len(holes):
        raise InvalidInputError("the hands never fit together: every combination shares a card")
    return _merged_plan(q, holes, weights)


def _merged_plan(q: _Question, holes: np.ndarray, weights: np.ndarray) -> _Plan:
    boards = _boards_per_tuple(q)
    outcomes = len(holes) * boards
    if boards >= MERGE_BOARDS:  # with fewer boards a tuple costs less than finding its form
        holes, weights = _merge_suit_relabellings(q, holes, weights)
    return _Plan(holes, weights, outcomes)


def _exact_cost(q: _Question, useful: float | None) -> tuple[float | None, _Plan | None]:
    """Hand evaluations of an enumeration (None when it cannot be enumerated here), and its plan
    when the tuples are few enough to list (``PLAN_TUPLES``) and merging them might bring the
    cost to ``useful`` or below (None: never list): then the cost counts the merged tuples."""
    if q.exchange or q.switch:
        return None, None
    bound = _tuple_count_bound(q)
    if bound > MAX_TUPLES:
        return None, None
    cost = float(bound) * _boards_per_tuple(q) * q.players
    if useful is None or bound > PLAN_TUPLES or cost / len(_suit_symmetries(q)) > useful:
        return cost, None  # (merging divides the tuples at most by the relabellings' number)
    holes, weights = _tuples(q)
    if not len(holes):  # the enumeration says so
        return cost, None
    plan = _merged_plan(q, holes, weights)
    return float(len(plan.holes)) * _boards_per_tuple(q) * q.players, plan


def _hand_rule(q: _Question):
    """The hand rule as the fused kernels take it: hole choices, and the board cards an exact rule needs."""
    g = q.game
    rule = g.hole_rule
    if rule.min_used > 0:
        hole_sets, hole_len = _padded(list(itertools.combinations(range(g.hole_cards), rule.min_used)))
        return hole_sets, hole_len, g.hand_size - rule.min_used
    choices = _groups(g, g.hole_cards, g.board_cards, g.hand_size, False)
    return choices.hole_sets, choices.hole_set_len, 0


def _table_args(q: _Question):
    t = tables_for(q.game)
    hole_sets, hole_len, exact_need = _hand_rule(q)
    bias = _flush_bias(q.game.hand_size, t.rank_classes.shape[0] - 1)[0]
    # the low of a hi-lo pot: 1 with the exact-rule low tables (Omaha), 2 over the hole choices (Tahoe)
    low_rule = 0 if q.mode != "hi_lo" else 1 if exact_need > 0 else 2
    return (hole_sets, hole_len, exact_need, t.hole_index, t.exact_classes, t.card_bits, t.suit_bits,
            t.disp, t.hash_params, t.rank_classes[0], t.flush_classes[0], bias, low_rule,
            t.low_classes[0, 0], t.exact_low_classes, t.seven_words, t.seven_offsets, t.seven_classes,
            t.seven_low_classes, _wild_tables(q, t))


def _wild_tables(q: _Question, t) -> tuple | None:
    """A fixed wild rank for the fused kernels with the tables of every number of wild cards
    (see ``equity._kernels.evaluate.wild_cards_class``), or None for no wild card."""
    wild = q.fixed_wild
    if wild is None or wild < 0 or q.game.wild is None:
        return None
    return (np.int64(wild), t.rank_classes, t.flush_classes,
            _flush_bias(q.game.hand_size, t.rank_classes.shape[0] - 1))


def _bar_off(show: bool | None) -> bool | None:
    """tqdm's ``disable``: True hides the bar, False shows it, None shows it on a terminal only."""
    return None if show is None else not show


@contextmanager
def _threads_for(work: int):
    """Run a parallel kernel on the calling thread alone when ``work`` (hand evaluations) is small:
    waking the thread pool costs milliseconds on a busy machine, more than such a call's work."""
    if work > SERIAL_WORK:
        yield
        return
    before = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        yield
    finally:
        numba.set_num_threads(before)


def _enumerate(q: _Question, sums: _Sums, show: bool | None, plan: _Plan | None = None) -> int:
    if plan is None:
        plan = _plan(q)
    boards = _boards_per_tuple(q)
    if q.fused() and q.missing <= MAX_MISSING:
        _enumerate_fused(q, plan.holes, plan.weights, boards, sums)
    else:
        _enumerate_general(q, plan.holes, plan.weights, boards, sums, show)
    return plan.outcomes


def _paired_stub(q: _Question, hole: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The stub of a single tuple of hole cards laid out for a relabelling of the suits that leaves
    every seat's hand, the board and the dead cards as they are (``stub_kinds`` of
    ``equity._kernels.calc.enumerate_plain``): each card that the relabelling moves, then its
    image (kinds 1 and 2), then the cards it leaves (kind 0).  The relabelling chosen is one that
    is its own inverse and moves the most cards; with none, the stub as it is and no kinds."""
    seats = hole.reshape(q.players, q.n_hole)
    held = set(hole.tolist())
    stub = np.array([c for c in q.stub.tolist() if c not in held], dtype=np.uint8)
    best, moved = None, 0
    for table in _suit_symmetries(q)[1:]:
        if not np.array_equal(table[table], np.arange(52)):
            continue  # not its own inverse
        if any(set(table[seat].tolist()) != set(seat.tolist()) for seat in seats):
            continue
        n_moved = int((table[stub] != stub).sum())
        if n_moved > moved:
            best, moved = table, n_moved
    if best is None:
        return stub, np.zeros(0, dtype=np.uint8)
    order, kinds = [], []
    for card in stub.tolist():
        image = int(best[card])
        if image > card:
            order += [card, image]
            kinds += [1, 2]
    order += [c for c in stub.tolist() if best[c] == c]
    kinds += [0] * (len(order) - len(kinds))
    return np.array(order, dtype=np.uint8), np.array(kinds, dtype=np.uint8)


def _enumerate_fused(q: _Question, holes, weights, boards: int, sums: _Sums) -> None:
    n_parts = 1 if len(holes) >= 16 or q.missing == 0 else 16
    stub, stub_kinds = q.stub, np.zeros(0, dtype=np.uint8)
    if len(holes) == 1 and q.players == 2 and q.missing >= 3:  # the heads-up loop may walk pairs
        stub, stub_kinds = _paired_stub(q, holes[0])
    per_call = max(1, 4096 // n_parts)
    for start in range(0, len(holes), per_call):
        block = holes[start:start + per_call]
        task_sums = np.zeros((len(block) * n_parts, 5, q.players))
        with _threads_for(len(block) * boards * q.players):
            enumerate_plain(block, n_parts, stub, stub_kinds, q.players, q.n_hole, q.board, q.missing,
                            *_table_args(q), task_sums)
        for k in range(len(block)):  # tuple by tuple, parts in order: the same sums on any threads
            total = task_sums[k * n_parts:(k + 1) * n_parts].sum(axis=0)
            sums.add_sums(boards, *total, weight=weights[start + k])


def _enumerate_general(q: _Question, holes, weights, boards: int, sums: _Sums,
                       show: bool | None) -> None:
    from tqdm.auto import tqdm

    stub_all = q.stub
    rows_per_batch = max(1, 1 << 18)
    known = np.broadcast_to(q.board, (boards, len(q.board)))
    completions = np.empty((boards, q.missing), dtype=np.uint8)
    with tqdm(total=len(holes) * boards, disable=_bar_off(show), unit="board", desc="enumerating") as bar:
        for k in range(len(holes)):
            held = set(holes[k].tolist())
            stub = np.array([c for c in stub_all.tolist() if c not in held], dtype=np.uint8)
            if q.missing:
                board_completions(stub, q.missing, completions)
            board = np.ascontiguousarray(np.concatenate([known, completions], axis=1))
            hole = np.ascontiguousarray(np.broadcast_to(holes[k], (boards, holes.shape[1])))
            for start in range(0, boards, rows_per_batch):
                part = slice(start, start + rows_per_batch)
                high, low = _strengths(q, hole[part], board[part], _fixed_wild(q, len(hole[part])))
                shares, high_part = _shares(q, high, low)
                sums.add_rows(shares, high_part, weight=weights[k])
            bar.update(boards)


# ---------------------------------------------------------------------------------------------
# Monte Carlo
# ---------------------------------------------------------------------------------------------
def _seat_arrays(q: _Question):
    """Seat kinds, preset hole cards and the flat range table of :mod:`equity._kernels.calc`."""
    h = q.n_hole
    kinds = np.array([s.kind for s in q.seats], dtype=np.int8)
    fixed = np.zeros(q.players * h, dtype=np.uint8)
    starts = [0]
    combos, cumulative, masks = [], [], []
    for p, seat in enumerate(q.seats):
        if seat.kind == FIXED:
            fixed[p * h:(p + 1) * h] = seat.combos[0]
        if seat.kind == RANGE:
            combos.append(seat.combos)
            running = np.cumsum(seat.weights)
            cumulative.append(running / running[-1])
            masks.append(np.bitwise_or.reduce(
                np.left_shift(np.uint64(1), seat.combos.astype(np.uint64)), axis=1))
        starts.append(starts[-1] + (len(seat.combos) if seat.kind == RANGE else 0))
    if combos:
        flat = np.ascontiguousarray(np.concatenate(combos))
        cum = np.concatenate(cumulative)
        cum[np.array(starts[1:]) - 1] = 1.0
        mask = np.concatenate(masks).astype(np.uint64)
    else:
        flat = np.zeros((0, h), dtype=np.uint8)
        cum = np.zeros(0)
        mask = np.zeros(0, dtype=np.uint64)
    return kinds, fixed, np.array(starts, dtype=np.int64), flat, cum, mask


def _listed_deals(q: _Question):
    """For a switch or draw game with seats given as lists of hands: the seat kinds with every
    list seat fixed, and per fitting combination of listed hands (no card twice) its preset hole
    cards, its stub and its probability (the product of the hands' weights, normalised)."""
    h = q.n_hole
    kinds = np.array([FIXED if s.kind == RANGE else s.kind for s in q.seats], dtype=np.int8)
    base = np.zeros(q.players * h, dtype=np.uint8)
    listed = []
    for p, seat in enumerate(q.seats):
        if seat.kind == FIXED:
            base[p * h:(p + 1) * h] = seat.combos[0]
        elif seat.kind == RANGE:
            listed.append(p)
    count = math.prod(len(q.seats[p].combos) for p in listed)
    if count > MAX_LISTED_DEALS:
        raise InvalidInputError(
            f"the listed hands make {count:,} combinations; {q.game.name} plays at most "
            f"{MAX_LISTED_DEALS:,} (shorten the lists)")
    stub_all = q.stub
    fixed, stubs, weights = [], [], []
    for choice in itertools.product(*(range(len(q.seats[p].combos)) for p in listed)):
        hole = base.copy()
        weight = 1.0
        for p, j in zip(listed, choice, strict=True):
            hole[p * h:(p + 1) * h] = q.seats[p].combos[j]
            weight *= float(q.seats[p].weights[j])
        taken = hole[[p * h + i for p in listed for i in range(h)]]
        if len(set(taken.tolist())) < len(taken):
            continue  # two listed hands share a card
        fixed.append(hole)
        stubs.append(stub_all[~np.isin(stub_all, taken)])
        weights.append(weight)
    if not fixed:
        raise InvalidInputError("the listed hands never fit together: every combination shares a card")
    probabilities = np.array(weights) / sum(weights)
    return kinds, fixed, stubs, probabilities


def _chunk_sizes(trials: int, first_chunk: int, count: int) -> np.ndarray:
    starts = (first_chunk + np.arange(count)) * CHUNK_TRIALS
    return np.maximum(0, np.minimum(CHUNK_TRIALS, trials - starts)).astype(np.int64)


def _no_fit() -> InvalidInputError:
    return InvalidInputError("the ranges almost never fit together beside the known cards "
                             f"(no fitting draw in {100_000} tries): narrow them or check the cards")


class _Sampler:
    """Plays chunks ``k`` (random stream ``(seed, k)``) of a calculation and adds them to the sums."""

    def __init__(self, q: _Question, seed: int):
        self.q = q
        self.seed = seed
        self.arrays = _seat_arrays(q)
        self.stub = q.stub
        if q.exchange:
            from equity.deal import _policy_codes, _samples, _user_policy

            policies = q.rules.get("policies")
            self.codes = _policy_codes(q.game, q.players, policies)
            self.user_policy = _user_policy(policies)
            self.samples = _samples(q.rules.get("lookahead_samples", 200))
        if q.switch:
            self._switch_setup()

    def _switch_setup(self) -> None:
        from equity._kernels.switch import WILD_SHIFT
        from equity.switch import POLICIES, _check_limits, _policy_codes, draw_phase, switch_plan

        q = self.q
        self.before, self.draw, self.after = switch_plan(q.game)
        draw = draw_phase(q.game)
        self.limit = q.rules.get("draw_limit", draw.limit)
        self.limit_with_ace = q.rules.get("draw_limit_with_ace", draw.limit_with_ace)
        _check_limits(self.limit, self.limit_with_ace)
        self.draw_codes = _policy_codes(q.rules.get("draw_policy", "standard"), q.players,
                                        q.game.fixed_wild_rank)
        self.reverse = check_flag(q.rules.get("reverse", False), "reverse")
        self.listed = _listed_deals(q) if any(s.kind == RANGE for s in q.seats) else None
        policy_codes = self.draw_codes & ((1 << WILD_SHIFT) - 1)  # without a fixed wild rank's bits
        drawing = bool((policy_codes != POLICIES["stand"]).any())
        if self.draw and drawing:
            # a player draws from the stub left after the deal plus the earlier players'
            # discards: as many cards as the stub, whatever the earlier players did
            live = len(q.stub) - sum(q.n_hole for s in q.seats if s.kind != FIXED)
            most = min(5, max(self.limit, self.limit_with_ace))
            if live < most:
                raise InvalidInputError(
                    f"{q.game.name}: the dead cards leave {_n_cards(live)} to draw from after the "
                    f"deal, and a player may draw up to {most}: fewer dead cards, a lower "
                    "draw_limit and draw_limit_with_ace, or draw_policy='stand'")

    def _switch_listed(self, sizes, first_chunk: int, sums: _Sums) -> int:
        """Chunks of a switch or draw game with seats given as lists of hands: each chunk's
        trials are shared among the fitting combinations of listed hands by a multinomial draw
        (the same as drawing a combination per trial), and each share is played with those
        hands fixed."""
        kinds, fixed, stubs, probabilities = self.listed
        for k, size in enumerate(sizes.tolist()):
            if size == 0:
                continue
            sequence = np.random.SeedSequence(self.seed, spawn_key=(first_chunk + k, 1))
            shares = np.random.default_rng(sequence).multinomial(size, probabilities)
            for j in np.flatnonzero(shares).tolist():
                states = stream_state(self.seed, (first_chunk + k, 2, j))[None, :]
                one = np.array([shares[j]], dtype=np.int64)
                if self.q.switch_fused():
                    self._switch_fused(one, states, sums, kinds, fixed[j], stubs[j])
                else:
                    sums.add_sums(*self._general_chunk(shares[j], states[0], kinds, fixed[j], stubs[j]))
        return int(sizes.sum())

    def run(self, trials: int, first_chunk: int, count: int, sums: _Sums) -> int:
        sizes = _chunk_sizes(trials, first_chunk, count)
        if self.q.switch and self.listed:
            return self._switch_listed(sizes, first_chunk, sums)
        states = chunk_states(self.seed, first_chunk, count)
        if self.q.fused():
            return self._fused(sizes, states, sums)
        if self.q.switch_fused():
            return self._switch_fused(sizes, states, sums)
        # each worker reduces its own chunk; the sums are added here in chunk order
        with ThreadPoolExecutor(max_workers=2) as pool:
            results = list(pool.map(self._general_chunk, sizes, states))
        for chunk_sums in results:
            sums.add_sums(*chunk_sums)
        return int(sizes.sum())

    def _fused(self, sizes, states, sums: _Sums) -> int:
        q = self.q
        kinds, fixed, starts, combos, cum, masks = self.arrays
        count = len(sizes)
        chunk_sums = np.zeros((count, 5, q.players))
        dealt = np.zeros(count, dtype=np.int64)
        if self._duel_in_blocks():
            t = tables_for(q.game)
            plan = simd.duel_plan(self.stub, fixed, t.seven_words,
                                  int(_flush_bias(q.game.hand_size, t.rank_classes.shape[0] - 1)[0]))
            with _threads_for(int(sizes.sum()) * q.players):
                simd.duel_blocks(states, sizes, plan, t.seven_offsets, t.seven_classes,
                                 t.flush_classes[0], chunk_sums)
            for row in range(count):
                sums.add_sums(float(sizes[row]), *chunk_sums[row])
            return int(sizes.sum())
        with _threads_for(int(sizes.sum()) * q.players):
            sample_plain(states, sizes, self.stub, q.players, q.n_hole, kinds, fixed, starts, combos, cum,
                         masks, q.board, q.game.board_cards, *_table_args(q), chunk_sums, dealt)
        if (dealt < sizes).any():
            raise _no_fit()
        for row in range(count):
            sums.add_sums(float(dealt[row]), *chunk_sums[row])
        return int(sizes.sum())

    def _duel_in_blocks(self) -> bool:
        """Whether the heads-up blocks of :mod:`equity._kernels.simd` play this spot: two fixed
        hands of two cards, each the best five of its cards and a whole board still to come,
        a high pot, no wild card, and a host that can run the blocks."""
        q = self.q
        g = q.game
        if (q.players != 2 or any(s.kind != FIXED for s in q.seats) or q.mode != "high"
                or q.n_hole != 2 or g.board_cards != simd.DUEL_BOARD or len(q.board)
                or g.hand_size != 5 or g.wild is not None or g.fixed_wild_rank is not None
                or not simd.DUEL_BOARD <= len(self.stub) <= simd.DUEL_MAX_STUB
                or not simd.available()):
            return False
        hole_sets, hole_len, exact_need = _hand_rule(q)
        one_choice = exact_need == 0 and len(hole_sets) == 1 and hole_len[0] == q.n_hole
        return one_choice and tables_for(g).seven_offsets.size > 0

    def _switch_fused(self, sizes, states, sums: _Sums, kinds=None, fixed=None, stub=None) -> int:
        q = self.q
        t = tables_for(q.game)
        if kinds is None:
            kinds, fixed, *_ = self.arrays
            stub = self.stub
        chunk_sums = np.zeros((len(sizes), 5, q.players))
        with _threads_for(int(sizes.sum()) * q.players):
            sample_switch(states, sizes, stub, q.players, kinds, fixed, self.before, self.draw,
                          self.after, self.draw_codes, self.limit, self.limit_with_ace, self.reverse,
                          t.seven_words, t.suit_bits, t.seven_offsets, t.seven_classes, t.flush_classes[0],
                          _flush_bias(q.game.hand_size, t.rank_classes.shape[0] - 1)[0], chunk_sums)
        for row in range(len(sizes)):
            sums.add_sums(float(sizes[row]), *chunk_sums[row])
        return int(sizes.sum())

    def _general_chunk(self, size: int, state: np.ndarray, switch_kinds=None, switch_fixed=None,
                       switch_stub=None):
        q = self.q
        state = state.copy()
        kinds, fixed, starts, combos, cum, masks = self.arrays
        if q.switch:
            if switch_kinds is not None:  # one combination of listed hands (_switch_listed)
                kinds, fixed = switch_kinds, switch_fixed
            stub = self.stub if switch_stub is None else switch_stub
            hole = np.empty((size, q.players * q.n_hole), dtype=np.uint8)
            switch_rows(state, stub, q.players, kinds, fixed, self.before, self.draw, self.after,
                        self.draw_codes, self.limit, self.limit_with_ace, self.reverse, hole)
            board = np.zeros((size, 0), dtype=np.uint8)
            wild_rows = None
        else:
            hole = np.empty((size, q.players * q.n_hole), dtype=np.uint8)
            board = np.empty((size, q.game.board_cards), dtype=np.uint8)
            dealt = deal_rows(state, self.stub, q.players, q.n_hole, kinds, fixed, starts, combos, cum,
                              masks, q.board, hole, board)
            if dealt < size:
                raise _no_fit()
            wild_rows = _fixed_wild(q, size)
            if q.exchange:
                from equity.deal import _run_exchange

                active = np.ones((size, q.players), dtype=bool)
                script = np.full((size, q.players, 2), -1, dtype=np.int64)
                wild, *_ = _run_exchange(q.game, hole, board, active, self.codes, script, state,
                                         self.samples, self.user_policy, q.mode,
                                         q.rules.get("wild_can_be_ace", True))
                wild_rows = wild.astype(np.int8)
        high, low = _strengths(q, hole, board, wild_rows)
        return row_sums(*_shares(q, high, low))


def _checked_count(value, name: str, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
        raise OptionError(f"{name} must be a whole number of at least {minimum}, got {value!r}")
    return int(value)


def _sample(q: _Question, sums: _Sums, trials: int | None, precision: float | None, seed: int,
            show: bool | None) -> int:
    from tqdm.auto import tqdm

    sampler = _Sampler(q, seed)
    per_call = CHUNKS_PER_CALL if q.fused() or q.switch_fused() else 4
    played = 0
    chunk = 0
    if precision is None:
        total = int(trials)
        n_chunks = -(-total // CHUNK_TRIALS)
        with tqdm(total=total, disable=_bar_off(show), unit="trial", desc=f"{q.game.name} trials") as bar:
            while chunk < n_chunks:
                count = min(per_call, n_chunks - chunk)
                done = sampler.run(total, chunk, count, sums)
                played += done
                chunk += count
                bar.update(done)
        return played
    cap = int(trials) if trials is not None else MAX_PRECISION_TRIALS
    n_chunks = -(-cap // CHUNK_TRIALS)
    rounds = 1
    desc = f"{q.game.name} to ±{precision}"
    with tqdm(total=None, disable=_bar_off(show), unit="trial", desc=desc) as bar:
        while chunk < n_chunks:
            count = min(rounds, n_chunks - chunk)
            done = sampler.run(cap, chunk, count, sums)
            played += done
            chunk += count
            bar.update(done)
            if sums.n > 1 and float(sums.stderr().max()) < precision:
                break
            rounds = min(rounds * 2, per_call * 4)
    return played


# ---------------------------------------------------------------------------------------------
# The public function
# ---------------------------------------------------------------------------------------------
def calc(game: str | Game, hands: Sequence[str], board: str = "", dead: str = "", *,
         trials: int | None = None, exact: bool | None = None, precision: float | None = None,
         seed: int | None = None, hi_lo: bool = False, policies=None, progress: bool | None = None,
         **rules) -> pd.DataFrame:
    """Each hand's share of the pot, by exact enumeration or by Monte Carlo with a standard error.

    Parameters
    ----------
    game
        A game name (``"holdem"``, ``"omaha"``, ``"tahoe"``, ``"spanish"``,
        ``"egyptian"``, ``"eldorado"``, ``"switch"``, ``"switch7"``, ``"draw"``,
        ``"draw7"``) or a :class:`~equity.games.Game`.
    hands
        One entry per player, seat 0 first (the first to the dealer's left):
        exact cards (``"AhKh"``); ``"random"`` (a hand dealt from the unknown
        cards); in two-card games range notation (``"QQ+, AKs"``, ``"AKo:0.5"``,
        see :func:`equity.parse_range`); in other games a list of explicit hands
        (``"AhKhQh, 2c3c4c"``).  Range combos holding a known card are left out,
        and range against range is weighted by the combos that fit together.
    board
        Known board cards, a whole number of streets (Egyptian Hold'em: 0, 3, 5 or 6).
    dead
        Cards known to be out of play.
    trials
        Monte Carlo trials (with ``precision``: the most it may play).
    exact
        True: enumerate every outcome; False: sample; None (default): enumerate
        when it takes about a second or less, else sample.
    precision
        Sample until every hand's standard error is below this (e.g. 0.001).  When
        ``trials`` stops it first, a :class:`PrecisionNotReachedWarning` says so.
    seed
        Seed of the random streams: the same seed gives the same numbers on any
        number of threads.  None draws one (reported in ``attrs["seed"]``).
    hi_lo
        Split the pot between the best high and the best qualifying low (Omaha,
        Tahoe): adds the ``high``, ``low`` and ``scoop`` columns.  False (the default)
        plays the game's default pot, which for a game listing ``hi_lo`` first is hi-lo;
        ``pot="high"`` asks for the high hand alone.
    policies
        El Dorado before the exchange: the exchange policy of every seat, or one
        per seat (``"greedy"`` by default, ``"never"``, ``"lookahead"``, or a
        Numba function; see :func:`equity.simulate`).
    progress
        True shows a progress bar, False never; None (default) shows one for
        long runs when the output is a terminal.
    **rules
        ``wild``: El Dorado after the exchange, the final wild rank (``"K"``, or
        ``"none"``), with the final flop as the board and the hands as they are
        after the exchange.  ``pot``: ``"high"``, ``"low"`` or ``"hi_lo"``.
        ``wild_can_be_ace`` (El Dorado low), ``lookahead_samples`` (the
        ``lookahead`` policy), and for games with a draw (draw, switch) ``draw_policy``
        (``"standard"``, ``"stand"`` for the switches only, ``"max"``; one or one
        per seat), ``draw_limit`` and ``draw_limit_with_ace``, and for games with a
        switch (switch, switch7) ``reverse``.  The seven-card forms have no draw.

    Returns
    -------
    pandas.DataFrame
        One row per player: ``hand`` (as given), ``equity`` (expected share of the
        pot; the column sums to 1), ``win`` (the whole pot alone), ``tie`` (a part
        of it but not all; in a hi-lo pot that includes taking one half while another
        player takes the other), ``stderr`` (standard error of ``equity``, 0 when exact); with a
        hi-lo pot also ``high`` and ``low`` (the parts of ``equity`` won from each
        half) and ``scoop`` (the whole pot alone, as ``win``).  ``attrs`` holds
        ``method`` (``"exact"`` or ``"monte carlo"``), ``outcomes`` (boards
        enumerated, weighted tuples of hands counted once each) or ``trials``,
        ``seed``, ``game``, ``board``, ``dead``, ``pot`` and ``seconds``.

    Examples
    --------
    >>> table = calc("holdem", ["AhKh", "QsQd"])
    >>> table.attrs["method"], round(float(table.equity[0]), 6)
    ('exact', 0.462145)
    >>> mc = calc("holdem", ["AA", "random"], trials=200_000, seed=1)
    >>> bool(abs(mc.equity[0] - 0.8520) < 4 * mc.stderr[0])
    True
    """
    started = time.perf_counter()
    check_flag(hi_lo, "hi_lo")
    if exact is not None and not isinstance(exact, (bool, np.bool_)):
        raise OptionError(f"exact must be True, False or None, got {exact!r}")
    q = _question(game, hands, board, dead, hi_lo, policies, rules)
    if trials is not None:  # two at least: one trial has no standard error
        trials = _checked_count(trials, "trials", minimum=2)
        if trials > MAX_PRECISION_TRIALS:
            raise OptionError(f"trials={trials:,} is more than {MAX_PRECISION_TRIALS:,}, the most one "
                              "call plays (days of work here); use precision= or fewer trials")
    if precision is not None and (isinstance(precision, (bool, np.bool_))
                                  or not isinstance(precision, (int, float, np.integer, np.floating))
                                  or not 0 < precision < 1):
        raise OptionError(
            f"precision must be a standard error between 0 and 1, e.g. 0.001; got {precision!r}")
    if exact and (trials is not None or precision is not None):
        raise OptionError("exact=True enumerates every outcome: leave out trials and precision")
    budget = EXACT_BUDGET if q.fused() else GENERAL_EXACT_BUDGET
    choosing = exact is None and trials is None and precision is None
    cost, plan = _exact_cost(q, math.inf if exact else budget if choosing else None)
    if exact:
        if cost is None:
            why = ("the exchange is played by policies" if q.exchange else
                   ("the switches are random" if any(isinstance(p, Switch) for p in q.game.phases)
                    else "the draw is random") if q.switch else
                   f"more than {MAX_TUPLES:,} combinations of hands")
            raise OptionError(
                f"{q.game.name}: cannot enumerate here ({why}); sample with trials= or precision=")
        if cost > 100 * budget:
            raise OptionError(
                f"{q.game.name}: enumerating {cost:.3g} hand values would take hours here; sample with "
                "trials= or precision=, or fix more cards")
        use_exact = True
    elif exact is None and trials is None and precision is None:
        use_exact = cost is not None and cost <= budget
    else:
        use_exact = False
    sums = _Sums(q.players, q.mode == "hi_lo")
    if use_exact:
        show = progress if progress is not None else (None if cost > budget else False)
        outcomes = _enumerate(q, sums, show, plan)
        frame = sums.frame(q, exact=True)
        frame.attrs.update(method="exact", outcomes=outcomes)
        seed_used = None
    else:
        seed_used = resolve_seed(seed)
        n = trials if trials is not None or precision is not None else DEFAULT_TRIALS
        long_run = (n or 0) >= 50 * CHUNK_TRIALS or precision is not None
        show = progress if progress is not None else (None if long_run else False)
        played = _sample(q, sums, n, precision, seed_used, show)
        frame = sums.frame(q, exact=False)
        frame.attrs.update(method="monte carlo", trials=played)
        if precision is not None and float(frame.stderr.max()) >= precision:
            warnings.warn(f"stopped at the cap of {played:,} trials with a standard error of "
                          f"{float(frame.stderr.max()):.2g}, above the precision {precision} asked "
                          "for: raise trials or drop it", PrecisionNotReachedWarning, stacklevel=2)
    frame.attrs.update(seed=seed_used, game=q.game.name, board=format_cards(q.board),
                       dead=format_cards(q.dead), pot=q.mode,
                       seconds=time.perf_counter() - started)
    return frame
