"""The calculator's question: the hands, board, dead cards and options of a ``calc`` call, checked once.

:func:`read_question` reads what the caller gave (text or codes, ranges, lists of
hands, ``random``), checks it against the game's description and the shared
option checks of :mod:`equity.options`, and returns a :class:`Question` that the
exact and Monte Carlo engines read without checking again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from equity._kernels.calc import FIXED, RANDOM, RANGE
from equity._kernels.exchange import GREEDY, NEVER
from equity.cards import N_CODES, card_codes, card_text, format_cards, parse_wild_rank
from equity.discard import discard_policies
from equity.eldorado_exchange import fused_exchange_shape
from equity.errors import CardError, InvalidInputError, OptionError
from equity.evaluator import hand_is_all_cards, kernel_takes_rule
from equity.fold_after_exchange import read_fold_policy
from equity.games import Draw, Exchange, Game, Switch, get_game
from equity.hand import check_wild_option
from equity.options import (
    exchange_policy_codes,
    has_phase,
    lookahead_samples,
    pot_mode,
    switch_options,
    user_exchange_policy,
    wild_can_be_ace,
)
from equity.ranges import parse_range
from equity.tables import tables_for

__all__ = ["Seat", "Question", "read_question", "game_cards", "is_random", "n_cards"]

_RANDOM_WORDS = ("random", "rand", "?", "xx", "*")
#: What a hand given in part holds where a card is not known, until it is dealt.
UNKNOWN = 255


_DRAW_RULES = ("draw_policy", "draw_limit", "draw_limit_with_ace", "reverse")
_FOLD_RULES = ("fold_policy", "fold_samples")
_RULES = ("wild", "wild_can_be_ace", "pot", "lookahead_samples", *_FOLD_RULES, *_DRAW_RULES, "discard_policy")


@dataclass
class Seat:
    """One seat's hand: fixed cards, a range or list of hands (weighted), or random."""

    text: str
    kind: int
    combos: np.ndarray  # uint8[k, n_hole]: one row for fixed cards, none for random
    weights: np.ndarray
    known: np.ndarray | None = None  # a hand given in part (kind RANDOM): int16[n_hole], -1 not known


@dataclass
class Question:
    """A checked ``calc`` call: what is known, the pot, and the phases still to be played with
    their options as the kernels take them."""

    game: Game
    seats: list[Seat]
    board: np.ndarray
    dead: np.ndarray
    mode: str
    wild: int | None  # the final wild rank (El Dorado after the exchange); -1 for none
    exchange: bool  # the exchange is still to be played
    switch: bool  # the game's switch and draw phases are played
    wild_can_be_ace: bool = True  # the low's wild card may count as an ace
    exchange_codes: np.ndarray | None = None  # per seat, when the exchange is played
    user_policy: Any = None  # the one user exchange policy, if any
    lookahead_samples: int = 0  # draws per decision of the lookahead policy
    draw: dict = field(default_factory=dict)  # the switch and draw options (equity.options.switch_options)
    fold_policy: Any = None  # who gives up after the exchange (equity.fold_after_exchange.FoldPolicy)
    discard: tuple | None = None  # each seat's discard policy (equity.discard), in a game with a discard

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def n_hole(self) -> int:
        """Hole cards dealt to a seat (a game with a discard deals more than a hand keeps)."""
        return self.game.dealt_hole_cards

    @property
    def known(self) -> np.ndarray:
        fixed = [s.combos[0] for s in self.seats if s.kind == FIXED]
        given = [s.known[s.known >= 0] for s in self.seats if s.known is not None]
        return np.concatenate([self.board, self.dead, *fixed, *given]).astype(np.uint8)

    @property
    def partial(self) -> bool:
        """Whether a hand is given in part (its other cards dealt in each trial)."""
        return any(s.known is not None for s in self.seats)

    def fill_partial(self, hole: np.ndarray, board: np.ndarray, rng: np.random.Generator) -> None:
        """Deal the unknown cards of the hands given in part into dealt rows (in place).

        The kernels deal such a seat as a fixed hand of its known cards (its unknown positions
        hold :data:`UNKNOWN`); here each row's unknown positions take cards drawn uniformly,
        without replacement, from the stub cards that row has not dealt."""
        h = self.n_hole
        slots = [p * h + i for p, s in enumerate(self.seats) if s.known is not None
                 for i in np.flatnonzero(s.known < 0).tolist()]
        if not slots:
            return
        stub = self.stub
        n = hole.shape[0]
        # one column a card code (the jokers' 52 and 53 too), and one past them for the unknown
        # positions' UNKNOWN
        dealt = np.zeros((n, N_CODES + 1), dtype=bool)
        rows = np.arange(n)[:, None]
        cards = np.concatenate([hole, board], axis=1)
        dealt[rows, np.minimum(cards, N_CODES)] = True
        keys = rng.random((n, len(stub)))
        keys[dealt[:, stub]] = np.inf
        chosen = np.argpartition(keys, len(slots) - 1, axis=1)[:, :len(slots)]
        hole[:, slots] = stub[chosen]

    @property
    def stub(self) -> np.ndarray:
        known = set(self.known.tolist())
        return np.array([c for c in self.game.deck if c not in known], dtype=np.uint8)

    @property
    def missing(self) -> int:
        """Community cards still to come, every board's."""
        return self.game.dealt_board_cards - len(self.board)

    def boards(self, rows: np.ndarray) -> list[np.ndarray]:
        """Each board's cards ``(n, board_cards)`` from dealt board rows (the known cards, every
        board's in turn, then the cards dealt); one board: the rows themselves."""
        g = self.game
        if g.boards == 1:
            return [rows]
        known = len(self.board) // g.boards
        rest = g.board_cards - known
        start = len(self.board)
        return [np.ascontiguousarray(np.concatenate(
            [rows[:, b * known:(b + 1) * known], rows[:, start + b * rest:start + (b + 1) * rest]], axis=1))
            for b in range(g.boards)]

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
        ruled = kernel_takes_rule(g)
        wild = self.fixed_wild
        no_wild = g.wild is None or wild == -1
        if not no_wild and wild is not None and self.mode == "high" and ruled:
            no_wild = hand_is_all_cards(g)
        low = g.low
        pot = self.mode == "high" or (
            self.mode == "hi_lo" and g.wild is None and low is not None and low.kind == "ace_to_five"
            and low.hand_size == g.hand_size)
        one_pot = g.boards == 1 and not g.kill_cards and not g.high_qualifier and g.wild_follows is None
        return (not self.exchange and not self.switch and self.discard is None and one_pot and no_wild and pot
                and ruled and not self.partial)

    def exchange_fused(self) -> bool:
        """Whether the fused exchange kernel applies (``equity._kernels.exchange.sample_exchange``):
        the El Dorado exchange still to play with every seat ``never`` or ``greedy``, a high pot,
        each seat a hand given whole or a random one, no fold policy, on the game's one board of a
        three-card flop and one last card, each hand the best five of all its cards and the board."""
        if not self.exchange or self.exchange_codes is None:
            return False
        plays = set(self.exchange_codes.tolist()) <= {NEVER, GREEDY}
        seats = all(s.kind != RANGE for s in self.seats) and not self.partial
        shape = fused_exchange_shape(self.game)
        return (plays and seats and shape and self.mode == "high" and self.user_policy is None
                and self.fold_policy is None and not self.switch and self.discard is None)

    def switch_fused(self) -> bool:
        """Whether the fused Switch kernel applies: switch or draw phases on hands with no board,
        a high pot, no wild card, hands valued through the seven-card tables (five or seven cards)."""
        return (self.switch and not self.game.streets and self.mode == "high" and self.game.wild is None
                and tables_for(self.game).seven_offsets.size > 0)


def game_cards(text, what: str, g: Game) -> np.ndarray:
    try:
        codes = card_codes(text)  # arrays too: a code outside 0..51 is an error, not wrapped
    except CardError as error:
        raise CardError(f"{what}: {error}") from None
    for code in codes.tolist():
        if code not in g.deck:
            raise CardError(f"{what}: card '{card_text(code)}' is not in the {g.name} deck "
                            f"({g.describe_deck()})")
    return codes


def is_random(text: str) -> bool:
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


def n_cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def _fixed_seat(text: str, codes: np.ndarray) -> Seat:
    return Seat(text, FIXED, codes[None, :].astype(np.uint8), np.ones(1))


def _partial_hand(g: Game, text: str, k: int) -> np.ndarray | None:
    """A hand given in part, as the card at each dealt position (-1: not known), or None for
    any other hand.  ``?`` stands for a card not known (``"??Kd7c"``: a stud opponent's
    up-cards), and in a stud game a hand of fewer cards than are dealt is the cards dealt so
    far (``"As2d3h"``); the positions not given are dealt in each trial."""
    compact = "".join(text.split())
    if "?" not in compact:
        if not g.stud:
            return None
        try:
            codes = card_codes(compact)
        except CardError as error:
            if str(error).startswith("duplicate card"):  # cards, one of them twice: say so
                raise CardError(f"hand {k} {text!r}: {error}") from None
            return None  # not cards: a range, read as one
        if not 0 < len(codes) < g.dealt_hole_cards:
            return None
        compact = "".join(card_text(c) for c in codes)
    known: list[int] = []
    at = 0
    while at < len(compact):
        if compact[at] == "?":
            known.append(-1)
            at += 1
            continue
        try:
            code = int(card_codes(compact[at:at + 2])[0])
        except (CardError, IndexError):
            raise InvalidInputError(f"hand {k} {text!r}: write each card as rank and suit ('Kd') or '?' "
                                    "for a card not known") from None
        known.append(code)
        at += 2
    dealt = g.dealt_hole_cards
    if len(known) > dealt:
        raise InvalidInputError(f"hand {k} {text!r} gives {len(known)} positions; {g.name} deals {dealt} "
                                "hole cards")
    if all(c < 0 for c in known):
        raise InvalidInputError(f"hand {k} {text!r} knows no card: give 'random' for a hand not known")
    codes = np.array([c for c in known if c >= 0], dtype=np.uint8)
    game_cards(codes, f"hand {k}", g)  # in the deck
    if len(set(codes.tolist())) != len(codes):
        raise CardError(f"hand {k} {text!r} repeats a card")
    return np.array(known + [-1] * (dealt - len(known)), dtype=np.int16)


def _parse_seats(g: Game, hands: list[str], board: np.ndarray, dead: np.ndarray) -> list[Seat]:
    dealt = g.dealt_hole_cards
    seats: list[Seat | None] = []
    places: dict[int, str] = {}
    for code in board.tolist():
        places[code] = "the board"
    for code in dead.tolist():
        if code in places:
            raise CardError(f"duplicate card '{card_text(code)}' in {places[code]} and the dead cards")
        places[code] = "the dead cards"
    pending: list[tuple[int, str, np.ndarray | None]] = []
    for k, text in enumerate(hands, start=1):
        if is_random(text):
            seats.append(Seat(text, RANDOM, np.zeros((0, dealt), dtype=np.uint8), np.zeros(0)))
            continue
        partial = _partial_hand(g, text, k)
        if partial is not None:
            for code in partial[partial >= 0].tolist():
                if code in places:
                    raise CardError(f"duplicate card '{card_text(code)}' in {places[code]} and hand {k}")
                places[code] = f"hand {k}"
            seats.append(Seat(text, RANDOM, np.zeros((0, dealt), dtype=np.uint8), np.zeros(0), partial))
            continue
        try:
            codes = card_codes(text)
        except CardError:
            codes = None
        if codes is not None and len(codes) == dealt:
            codes = game_cards(codes, f"hand {k}", g)
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
        if not text.strip():
            raise InvalidInputError(f"hand {k} is empty: give its cards, a range, or 'random'")
        if g.discarded_cards:
            shown = f"has {n_cards(len(codes))}; " if codes is not None and len(codes) else "is not read: "
            raise InvalidInputError(
                f"hand {k} {text!r} {shown}{g.name} deals {dealt} hole cards and each player discards "
                f"{g.discarded_cards}: give the {dealt} cards as dealt, or 'random' (ranges are not read "
                "in games with a discard)")
        try:
            rng = parse_range(text, game=g, dead=format_cards(sorted(known)) if known else None)
        except InvalidInputError as error:
            if codes is not None and len(codes) and "," not in text:  # cards, not a range
                example = "'QQ+, AKs'" if g.hole_cards == 2 else f"'AA{'*' * (g.hole_cards - 2)}'"
                raise InvalidInputError(
                    f"hand {k} {text!r} has {n_cards(len(codes))}; {g.name} hands have {g.hole_cards} "
                    f"(or give a range such as {example}, or 'random')") from None
            raise type(error)(f"hand {k}: {error}") from None
        combos, weights = rng.combos, rng.weights
        if g.hole_cards != 2:  # hands of other sizes are dealt in card order, as they always were:
            order = np.lexsort(combos.T[::-1])  # a seeded Monte Carlo draws a seat's hands by position
            combos, weights = combos[order], weights[order]
        seats[k - 1] = Seat(text, RANGE, combos, weights)
    return seats  # type: ignore[return-value]


def _wild_rule(g: Game, wild) -> int | None:
    """The final wild rank from the ``wild`` rule: None (exchange still to come), -1 (none) or a rank."""
    if wild is None:
        return None
    if g.wild is None:
        raise OptionError(f"{g.name} has no wild cards: the wild rule applies to eldorado")
    if g.wild_cards:
        check_wild_option(g)  # (refuses it: the wild cards are fixed)
    rank = parse_wild_rank(wild)
    if rank != -1 and rank not in g.deck_ranks:
        raise OptionError(f"wild rank {wild!r} is not in the {g.name} deck")
    return rank


def _board_cards(g: Game, board) -> tuple[np.ndarray, int]:
    """The board's known cards (every board's, board 1 first) and how many each board has.

    A double-board game takes its boards as one text with ``/`` between them
    (``"AhKd2c / 7s8s9s"``) or as a list of texts, each board to the same street (the streets
    are dealt to both boards together); no board at all is the deal before the flop."""
    empty = np.zeros(0, dtype=np.uint8)
    if board is None or (isinstance(board, str) and not board.strip()):
        return empty, 0
    if g.boards == 1:
        if isinstance(board, (list, tuple)) and any(isinstance(b, str) for b in board):
            raise InvalidInputError(f"{g.name} deals one board: give it as one text, such as 'AhKd2c'")
        codes = game_cards(board, "board", g)
        return codes, len(codes)
    parts = board.split("/") if isinstance(board, str) else list(board) if isinstance(board, (list, tuple)) \
        else None
    if parts is None or len(parts) != g.boards or not all(isinstance(p, str) for p in parts):
        raise InvalidInputError(f"{g.name} deals {g.boards} boards: give them as 'AhKd2c / 7s8s9s' or a list "
                                f"of {g.boards} texts, each to the same street (or no board); got {board!r}")
    boards = [game_cards(p, f"board {b + 1}", g) if p.strip() else empty for b, p in enumerate(parts)]
    sizes = {len(b) for b in boards}
    if len(sizes) != 1:
        counts = ", ".join(str(len(b)) for b in boards)
        raise InvalidInputError(f"{g.name}: the boards are dealt street by street together, so each board "
                                f"given reaches the same street; got {counts} cards")
    return np.concatenate(boards).astype(np.uint8), sizes.pop()


def read_question(game, hands, board, dead, hi_lo: bool, policies, rules: dict) -> Question:
    """Check a ``calc`` call's arguments (see :func:`equity.calc`) and return its question."""
    g = get_game(game)
    unknown = sorted(set(rules) - set(_RULES))
    if unknown:
        raise OptionError(f"unknown rule {unknown[0]!r}: calc takes {', '.join(_RULES)}")
    hand_texts = _hand_list(hands)
    if not 2 <= len(hand_texts) <= g.max_players:
        given = f"{len(hand_texts)} hand{'' if len(hand_texts) == 1 else 's'} given"
        raise OptionError(f"{given}: {g.name} allows 2 to {g.max_players} players")
    board_codes, per_board = _board_cards(g, board)
    dead_codes = game_cards(dead, "dead cards", g) if dead is not None and str(dead).strip() else \
        np.zeros(0, dtype=np.uint8)
    for what, codes in (("board", board_codes), ("dead cards", dead_codes)):
        if len(set(codes.tolist())) != len(codes):
            raise CardError(f"the {what} repeat a card")
    wild = _wild_rule(g, rules.get("wild"))
    has_exchange = has_phase(g, Exchange)
    exchange = has_exchange and wild is None
    switch = has_phase(g, Switch, Draw)
    sizes = list(g.street_ends())
    if has_exchange:  # the street the exchange follows, and how many board cards it ends on
        after = next(p.after_street for p in g.phases if isinstance(p, Exchange))
        cut = next(i for i, s in enumerate(g.streets, start=1) if s.name == after)
        exchanged_on = sizes[cut]
    if exchange:
        sizes = sizes[: cut + 1]
        if len(board_codes) > sizes[-1] and len(board_codes) <= g.board_cards:
            raise InvalidInputError(
                f"{g.name}: a board of {n_cards(len(board_codes))} is past the exchange; give the "
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
    if per_board > g.board_cards:
        raise InvalidInputError(f"{g.name} deals {n_cards(g.board_cards)} to the board; the board "
                                f"given has {per_board}")
    if per_board not in sizes:
        before = " before the exchange" if exchange else ""
        raise InvalidInputError(
            f"{g.name}: a board of {n_cards(per_board)} does not end a street (boards of "
            f"{', '.join(map(str, sizes))} cards{before})")
    if policies is not None and not exchange:
        raise OptionError(f"policies make the exchange of a game with one (eldorado, before the "
                          f"exchange); {g.name} here has none to play")
    mode = pot_mode(g, rules.get("pot"), hi_lo)
    draw = switch_options(g, **{name: rules.get(name) for name in _DRAW_RULES})
    ace = wild_can_be_ace(g, mode, rules.get("wild_can_be_ace"))
    samples = lookahead_samples(exchange, rules.get("lookahead_samples"))
    seats = _parse_seats(g, hand_texts, board_codes, dead_codes)
    q = Question(g, seats, board_codes, dead_codes, mode, wild, exchange, switch, ace, draw=draw,
                 lookahead_samples=samples)
    if exchange:
        q.exchange_codes = exchange_policy_codes(g, q.players, policies)
        q.user_policy = user_exchange_policy(policies, q.players)
    if any(rules.get(name) is not None for name in _FOLD_RULES):
        if has_exchange and not exchange:
            raise OptionError(f"{g.name}: fold_policy decides who gives up after the exchange, from what "
                              "each seat saw of it; with wild= the exchange is over: leave the folded hands "
                              "out")
        q.fold_policy = read_fold_policy(g, q.players, rules.get("fold_policy"), rules.get("fold_samples"))
    q.discard = discard_policies(g, q.players, rules.get("discard_policy"))
    if q.partial and switch and not g.streets:
        raise InvalidInputError(f"{g.name}: a hand given in part ('?') is not read in a Switch or draw game; "
                                "give every card of the hand, or 'random'")
    to_deal = [q.n_hole if s.known is None else int((s.known < 0).sum()) for s in seats if s.kind != FIXED]
    needed = sum(to_deal) + q.missing
    if needed > len(q.stub):
        raise InvalidInputError(
            f"{g.name}: {len(q.stub)} unknown cards cannot deal {needed} (hands and board left to deal)")
    return q
