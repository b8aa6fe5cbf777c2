"""The declarative description of a poker game: the one place its rules live.

The evaluator, the dealer and the equity engine read a :class:`Game`; none of
them branches on a game's name.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from dataclasses import asdict, dataclass, field
from functools import cached_property

from equity.cards import ACE, CARD_TEXT, JOKERS, RANKS, SUITS, card_text
from equity.errors import GameError
from equity.rankings import POSSIBLE_CATEGORIES, Category

__all__ = [
    "Street",
    "HoleRule",
    "WildRule",
    "LowRule",
    "Exchange",
    "Switch",
    "Draw",
    "Discard",
    "Game",
    "standard_straights",
]



@dataclass(frozen=True)
class Street:
    """Community cards dealt face up at once, after ``burn`` cards are burnt."""

    name: str
    cards: int
    burn: int = 1


@dataclass(frozen=True)
class HoleRule:
    """How many hole cards a hand may use: between ``min_used`` and ``max_used``."""

    min_used: int
    max_used: int


@dataclass(frozen=True, repr=False)
class WildRule:
    """Wild cards: a card that stands for any card.

    ``source='exchange'``: every card of one rank, the rank made in play (El Dorado) and
    passed per deal.  ``source='fixed'``: every card of one rank, part of the rules
    (``rank=0``: deuces wild), in every hand.  ``source='cards'``: the card codes in
    ``cards`` in every hand: several ranks, single cards (one-eyed jacks, the suicide king)
    and the jokers (codes 52 and 53).  With ``bug``, the wild cards (jokers only) are the bug:
    each stands for an ace, or for any card that completes a straight, a flush or a straight
    flush.  With ``natural_first`` (natural beats wild), of two hands otherwise equal the one
    with no wild card among its five wins (a strength's lowest bit, below its tiebreak ranks).
    """

    source: str = "exchange"
    max_wild_cards: int = 4
    rank: int | None = None
    cards: tuple[int, ...] = ()
    bug: bool = False
    natural_first: bool = False

    def __repr__(self) -> str:
        """The fields, the wild cards listed by card only where they are not at their defaults:
        a rule's text keys stored and shipped data (``equity.hand_orders``), which the rules of
        one wild rank keep."""
        shown = [f"{k}={getattr(self, k)!r}" for k in ("source", "max_wild_cards", "rank")]
        shown += [f"{k}={getattr(self, k)!r}" for k in ("cards", "bug", "natural_first")
                  if getattr(self, k) != _NEW_FIELD_DEFAULTS[k]]
        return f"WildRule({', '.join(shown)})"


@dataclass(frozen=True)
class LowRule:
    """A low hand: ace-to-five by default, deuce-to-seven or ace-to-six.

    ``kind='ace_to_five'``: straights and flushes ignored, ace low, pairs count
    against.  ``kind='deuce_to_seven'``: the worst high hand wins, the ace is high
    only (A-2-3-4-5 is not a straight), and straights, flushes and pairs count
    against.  ``kind='ace_to_six'``: the worst high hand wins with the ace low only
    (A-2-3-4-5 is a straight and counts against; K-A is no straight; the best low is
    6-4-3-2-A).  ``qualifier`` is the highest rank index a qualifying low may hold
    (6 means eight-or-better; a deuce-to-seven or ace-to-six low must also be a no-pair
    hand without a straight or flush) or None for no qualifier.
    """

    qualifier: int | None = 6
    hand_size: int = 5
    kind: str = "ace_to_five"


@dataclass(frozen=True)
class Exchange:
    """El Dorado exchange: each active player may swap one hole card for a flop card."""

    after_street: str = "flop"


@dataclass(frozen=True)
class Switch:
    """Switch: every active player takes one unseen card from the previous active player."""


@dataclass(frozen=True)
class Draw:
    """Five-card-draw draw: discard up to ``limit`` cards (``limit_with_ace`` when keeping an ace)."""

    limit: int = 3
    limit_with_ace: int = 4


@dataclass(frozen=True)
class Discard:
    """Pineapple-style discard: after ``after_street`` each player throws ``cards`` of its hole
    cards away face down; they are out of play.  Which cards go is a seat's discard policy
    (``equity.discard``)."""

    cards: int = 1
    after_street: str = "flop"


Phase = Street | Exchange | Switch | Draw | Discard

#: The low hands a :class:`LowRule` may name.
LOW_KINDS = ("ace_to_five", "deuce_to_seven", "ace_to_six")
#: The lows valued as the worst high hand (straights and flushes count against them).
HIGH_HAND_LOWS = ("deuce_to_seven", "ace_to_six")

#: Fields added after the first release, left out of a fingerprint while at their defaults.
_NEW_FIELD_DEFAULTS = {"rank": None, "kind": "ace_to_five", "cards": (), "bug": False, "natural_first": False}


def _shape(rule: WildRule | LowRule | None) -> dict | None:
    if rule is None:
        return None
    return {k: v for k, v in asdict(rule).items()
            if k not in _NEW_FIELD_DEFAULTS or v != _NEW_FIELD_DEFAULTS[k]}


def standard_straights(length: int, deck_ranks: tuple[int, ...], ace_low_as: int | None) -> tuple[
    tuple[int, ...], ...
]:
    """All straights of ``length`` cards, each listed bottom card first, lowest first.

    The ace plays high, and low in the place of ``ace_low_as`` (a rank index just
    below the deck's lowest rank: -1 for the usual A-2-3-4-5, 5 for the Spanish
    ace-as-seven), or not low at all when ``ace_low_as`` is None.
    """
    sequence = list(deck_ranks)
    if ace_low_as is not None and ACE in deck_ranks:
        sequence = [ACE, *deck_ranks]
    windows = [tuple(sequence[i : i + length]) for i in range(len(sequence) - length + 1)]
    # in a deck of exactly ``length`` ranks with the ace, the ace-low window holds the same
    # ranks as the ace-high one (T-J-Q-K-A in a T-A deck, 2-3-4-5-A in a 2-5 and ace deck):
    # those cards are one straight, named and ranked by its true top card, the ace
    return tuple(w for k, w in enumerate(windows) if all(set(w) != set(v) for v in windows[k + 1:]))


@dataclass(frozen=True)
class Game:
    """Everything the toolkit knows about one game's rules.

    Attributes
    ----------
    name, title, source
        Registry key, display name, and the rule document the game follows.
    deck_ranks
        Rank indexes in the deck (0 = deuce .. 12 = ace); four suits each.
    hole_cards
        Hole cards each player holds at the showdown: the cards dealt, less any discards
        (:attr:`dealt_hole_cards`).
    streets
        Community cards in the order they are dealt, each with its burns.
    hand_size
        Cards in a hand (5, or 6 for Egyptian Hold'em).
    hole_rule
        How many hole cards a hand may use; the rest come from the board.
    ranking
        Categories, highest first.
    ace_low_as
        Where the ace plays low in straights (see :func:`standard_straights`).
    wild
        Wild-card rule, or None.
    low
        Ace-to-five low rule when the game has a low (hi-lo or low-only), else None.
    pot_modes
        How the pot may be played: ``"high"``, ``"hi_lo"``, ``"low"``; the first is the default.
    max_players
        Most players the deck serves.
    phases
        The deal after the hole cards: streets, exchange, switch, draw and discard, in order.
    deck_suits
        Suit indexes in the deck (0..3 = clubs, diamonds, hearts, spades); all four by default.
    boards
        Boards dealt (1, or 2 for a double-board game): each street deals its burns and cards to
        each board in turn, board 1 first; each board plays for half the pot, hi-lo on each where
        the pot is hi-lo.
    kill_cards
        Card codes that kill a board's high hand: a board holding one of them plays its pot for
        low only (needs a low rule); empty for most games.
    high_qualifier
        A showdown qualifier for the high hand: the card codes of the weakest hand that
        qualifies (``hand_size`` cards); a weaker hand cannot win the high.  Empty: none.
    wild_follows
        Follow the Queen: the rank (a rank index: 10, queens) whose face-up card makes the next
        face-up card's rank wild too, the last such card deciding; the rank itself is the game's
        fixed wild rank.  None for other games.
    stud
        A stud game's hole cards face up or down, in the order dealt (``("down", "down", "up",
        "up", "up", "up", "down")`` for seven-card stud); each round deals one card to each
        seat in turn.  Empty for games that are not stud.
    jokers
        Jokers in the deck (0, 1 or 2: codes 52 and 53, written X1 and X2); each is a wild card
        of the wild rule (``source='cards'``), full wild or the bug.

    Custom games are defined the same way (or with :func:`equity.define_game` and
    TOML files, :mod:`equity.games.custom`); ``ranking`` may be given as category
    names, and sequences become tuples.
    """

    name: str
    title: str
    source: str
    deck_ranks: tuple[int, ...]
    hole_cards: int
    streets: tuple[Street, ...]
    hand_size: int
    hole_rule: HoleRule
    ranking: tuple[Category, ...]
    ace_low_as: int | None = -1
    wild: WildRule | None = None
    low: LowRule | None = None
    pot_modes: tuple[str, ...] = ("high",)
    max_players: int = 10
    phases: tuple[Phase, ...] = field(default=())
    description: str = ""
    deck_suits: tuple[int, ...] = (0, 1, 2, 3)
    boards: int = 1
    kill_cards: tuple[int, ...] = ()
    high_qualifier: tuple[int, ...] = ()
    stud: tuple[str, ...] = ()
    wild_follows: int | None = None
    jokers: int = 0

    def __post_init__(self) -> None:
        self._normalize()
        if self.hand_size not in POSSIBLE_CATEGORIES:
            raise GameError(f"game {self.name!r}: hand size {self.hand_size} (allowed: 5 or 6)")
        impossible = [c for c in self.ranking if c not in POSSIBLE_CATEGORIES[self.hand_size]]
        if impossible:
            raise GameError(
                f"game {self.name!r}: {', '.join(impossible)} cannot occur in a "
                f"{self.hand_size}-card hand"
            )
        if Category.FIVE_OF_A_KIND in self.ranking and self.wild is None:
            raise GameError(f"game {self.name!r}: five_of_a_kind needs wild cards")
        rule = self.hole_rule
        if not 0 <= rule.min_used <= rule.max_used <= self.hole_cards:
            raise GameError(
                f"game {self.name!r}: hole rule uses {rule.min_used} to {rule.max_used} of "
                f"{self.hole_cards} hole cards"
            )
        if rule.max_used + self.board_cards < self.hand_size or rule.min_used > self.hand_size:
            raise GameError(f"game {self.name!r}: the hole rule can never make a {self.hand_size}-card hand")
        self._check_ranking_and_rules()

    def _normalize(self) -> None:
        """Sequences become tuples and category names become :class:`Category` members."""
        for name in ("deck_ranks", "streets", "pot_modes", "phases", "deck_suits", "kill_cards",
                     "high_qualifier", "stud"):
            value = getattr(self, name)
            if not isinstance(value, tuple) and not isinstance(value, str):
                object.__setattr__(self, name, tuple(value))
        known = {str(c): c for c in Category}
        if not isinstance(self.ranking, str):
            unknown = [c for c in self.ranking if str(c) not in known]
            if unknown:
                raise GameError(
                    f"game {self.name!r}: ranking: unknown category {str(unknown[0])!r} "
                    f"(known categories: {', '.join(known)})"
                )
            object.__setattr__(self, "ranking", tuple(known[str(c)] for c in self.ranking))
        if self.ace_low_as == -1 and self.deck_ranks and ACE in self.deck_ranks:
            # the ace plays low just below the deck's lowest rank (A-2-3-4-5, or A-6-7-8-9 from six up)
            object.__setattr__(self, "ace_low_as", min(self.deck_ranks) - 1)

    def _check_ranking_and_rules(self) -> None:
        """Checks that need no knowledge of the deal: the ranking, straights, wild and low rules."""
        name, size = self.name, self.hand_size
        repeated = sorted({str(c) for c in self.ranking if self.ranking.count(c) > 1})
        if repeated:
            raise GameError(f"game {name!r}: ranking lists {', '.join(repeated)} more than once")
        needed = set(POSSIBLE_CATEGORIES[size]) - {Category.FIVE_OF_A_KIND}
        if self.wild is not None and size == 5:
            needed.add(Category.FIVE_OF_A_KIND)
        missing = [str(c) for c in Category if c in needed and c not in self.ranking]
        if missing:
            raise GameError(
                f"game {name!r}: ranking must list every category a {size}-card hand can make"
                f"{' with wild cards' if self.wild is not None else ''}; missing: {', '.join(missing)}"
            )
        low_ace = min(self.deck_ranks) - 1 if self.deck_ranks else None
        if self.ace_low_as is not None and ACE in self.deck_ranks and self.ace_low_as != low_ace:
            raise GameError(
                f"game {name!r}: ace_low_as {self.ace_low_as}: the ace can play low only just below "
                f"the deck's lowest rank (rank index {low_ace}), or not at all (None)"
            )
        wild = self.wild
        if wild is not None:
            if size != 5:
                raise GameError(f"game {name!r}: wild cards need a 5-card hand, not {size}")
            if wild.source not in ("exchange", "fixed", "cards"):
                raise GameError(
                    f"game {name!r}: wild source {wild.source!r} (allowed: 'exchange', 'fixed', 'cards')")
            self._check_wild_cards(wild)
            if wild.source == "fixed" and wild.rank not in self.deck_ranks:
                shown = repr(RANKS[wild.rank]) if wild.rank in range(13) else repr(wild.rank)
                raise GameError(
                    f"game {name!r}: wild: the wild rank must be in the deck, and {shown} is not in "
                    f"{self.describe_deck()}")
            if wild.source == "exchange" and wild.rank is not None:
                raise GameError(f"game {name!r}: an exchange makes the wild rank; give no fixed rank")
            if wild.source != "cards" and wild.max_wild_cards != len(self.deck_suits):
                raise GameError(
                    f"game {name!r}: max_wild_cards {wild.max_wild_cards}: a wild rank has "
                    f"{len(self.deck_suits)} cards in this deck"
                )
        if isinstance(self.boards, bool) or self.boards not in (1, 2):
            raise GameError(f"game {name!r}: boards {self.boards!r} (allowed: 1, or 2 for a double-board "
                            "game)")
        if self.boards > 1 and not self.streets:
            raise GameError(f"game {name!r}: boards {self.boards}: a game with no streets has no board to "
                            "double")
        if self.kill_cards:
            deck = set(self.deck)
            outside = [c for c in self.kill_cards if c not in deck]
            if outside or len(set(self.kill_cards)) != len(self.kill_cards):
                raise GameError(f"game {name!r}: kill cards {list(self.kill_cards)}: card codes of the deck, "
                                "each once")
            if self.low is None or not self.streets:
                raise GameError(f"game {name!r}: a kill card turns a board's pot to low: the game needs a "
                                "low rule (low = ...) and a board")
        if self.stud:
            if any(face not in ("up", "down") for face in self.stud):
                raise GameError(f"game {name!r}: stud: each card 'up' or 'down', in the order dealt; got "
                                f"{list(self.stud)}")
            if len(self.stud) != self.hole_cards:
                raise GameError(f"game {name!r}: stud lists {len(self.stud)} cards, and the game deals "
                                f"{self.hole_cards} hole cards: one 'up' or 'down' for each")
            if self.streets:
                raise GameError(f"game {name!r}: stud deals no board; this game has streets "
                                f"{', '.join(s.name for s in self.streets)}")
        if self.wild_follows is not None:
            if not self.stud or "up" not in self.stud:
                raise GameError(f"game {name!r}: wild_follows needs a stud game with up-cards (the card "
                                "dealt face up after the rank's face-up card becomes wild)")
            if self.wild_follows == ACE:
                raise GameError(f"game {name!r}: wild_follows 'A': the rank that is followed cannot be the "
                                "ace (five wild cards stand for five aces)")
            if self.fixed_wild_rank != self.wild_follows:
                raise GameError(f"game {name!r}: wild_follows {RANKS[self.wild_follows]!r}: that rank is "
                                f"wild itself: give wild = {RANKS[self.wild_follows]!r} too")
            if self.pot_modes != ("high",) or self.hand_size != 5:
                raise GameError(f"game {name!r}: wild_follows is played for the high hand of five cards "
                                "(pot_modes = ['high'])")
        if self.high_qualifier:
            cards = self.high_qualifier
            if len(cards) != size or len(set(cards)) != size or not set(cards) <= set(self.deck):
                raise GameError(f"game {name!r}: high_qualifier: the weakest qualifying hand, {size} "
                                f"different cards of the deck; got {len(cards)} card codes {list(cards)}")
            if self.wild is not None and self.wild.source == "exchange":
                raise GameError(f"game {name!r}: high_qualifier: the exchange's wild rank moves from deal to "
                                "deal, so no one hand is the weakest that qualifies")
        low = self.low
        if low is not None:
            if low.kind not in LOW_KINDS:
                raise GameError(f"game {name!r}: low kind {low.kind!r} (allowed: {', '.join(LOW_KINDS)})")
            if low.hand_size != 5:
                raise GameError(f"game {name!r}: a low hand has 5 cards, not {low.hand_size}")
            if low.qualifier is not None and low.qualifier not in range(13):
                raise GameError(f"game {name!r}: low qualifier {low.qualifier!r} is not a rank index 0..12")
            if wild is not None and wild.source == "cards":
                raise GameError(f"game {name!r}: a low with wild cards listed by card (jokers, several "
                                "ranks) is not supported; a low is played with one wild rank at most")
            if low.kind in HIGH_HAND_LOWS and wild is not None:
                raise GameError(f"game {name!r}: a {low.kind} low with wild cards is not supported")

    def _check_wild_cards(self, wild: WildRule) -> None:
        """The checks of wild cards that are not one rank: jokers, several ranks, single cards."""
        name = self.name
        if isinstance(self.jokers, bool) or self.jokers not in (0, 1, 2):
            raise GameError(f"game {name!r}: jokers {self.jokers!r} (allowed: 0, 1 or 2)")
        if wild.source != "cards":
            if wild.bug or wild.cards:
                raise GameError(f"game {name!r}: a wild rank's rule lists no cards and has no bug")
            if wild.natural_first and wild.source == "exchange":
                raise GameError(f"game {name!r}: natural_beats_wild applies to fixed wild cards, not to "
                                "the exchange's moving rank")
            return
        cards = wild.cards
        deck = set(self.deck)
        for code in cards:
            if code not in deck:
                shown = card_text(code) if 0 <= code < len(CARD_TEXT) else repr(code)
                if code in JOKERS:
                    raise GameError(f"game {name!r}: wild: {shown} is a joker, and the deck holds "
                                    f"{self.jokers} joker{'s' if self.jokers != 1 else ''} (give jokers = "
                                    f"{JOKERS.index(code) + 1})")
                raise GameError(f"game {name!r}: wild: card {shown} is not in {self.describe_deck()}")
        if not cards or len(set(cards)) != len(cards) or tuple(sorted(cards)) != cards:
            raise GameError(f"game {name!r}: wild cards {list(cards)}: card codes of the deck, each once, "
                            "lowest first")
        if wild.max_wild_cards != len(cards):
            raise GameError(f"game {name!r}: max_wild_cards {wild.max_wild_cards}: the rule lists "
                            f"{len(cards)} wild cards")
        if wild.rank is not None:
            raise GameError(f"game {name!r}: wild cards listed by card take no rank")
        missing = [c for c in JOKERS[:self.jokers] if c not in cards]
        if missing:
            raise GameError(f"game {name!r}: jokers: every joker of the deck is wild "
                            f"({card_text(missing[0])} is not among the wild cards)")
        if wild.bug and any(c not in JOKERS for c in cards):
            raise GameError(f"game {name!r}: joker = 'bug': the bug is a joker that plays as an ace or "
                            "completes a straight or flush; it cannot be played beside other wild cards "
                            f"({card_text(next(c for c in cards if c not in JOKERS))})")

    @property
    def wild_cards(self) -> tuple[int, ...]:
        """The codes of the wild cards that every hand holds as wild, when they are not one rank
        (jokers, several ranks, single cards); empty otherwise."""
        return self.wild.cards if self.wild is not None else ()

    @property
    def fixed_wild_rank(self) -> int | None:
        """The wild rank that applies to every hand (deuces wild: 0), or None."""
        if self.wild is not None and self.wild.source == "fixed":
            return self.wild.rank
        return None

    # ---- derived facts -------------------------------------------------------------
    @property
    def board_cards(self) -> int:
        """Community cards when the deal is complete."""
        return sum(s.cards for s in self.streets)

    @property
    def discarded_cards(self) -> int:
        """Hole cards each player throws away in the game's discard phases (0 for most games)."""
        return sum(p.cards for p in self.phases if isinstance(p, Discard))

    @property
    def dealt_hole_cards(self) -> int:
        """Hole cards dealt to each player: :attr:`hole_cards` plus any discards."""
        return self.hole_cards + self.discarded_cards

    def board_order(self) -> tuple[int, ...]:
        """Where each board's cards fall among the community cards in dealing order (each street
        to board 1, then board 2, ...): board 1's positions first, then board 2's."""
        board = {b: [] for b in range(self.boards)}
        at = 0
        for s in self.streets:
            for b in range(self.boards):
                board[b] += range(at, at + s.cards)
                at += s.cards
        return tuple(i for b in range(self.boards) for i in board[b])

    @property
    def dealt_board_cards(self) -> int:
        """Community cards dealt in all, every board (``board_cards`` is one board's)."""
        return self.board_cards * self.boards

    @property
    def deck_size(self) -> int:
        return len(self.deck_suits) * len(self.deck_ranks) + self.jokers

    @cached_property
    def deck(self) -> tuple[int, ...]:
        """Card codes of the deck, lowest first (the jokers last)."""
        return tuple(4 * r + s for r in self.deck_ranks for s in self.deck_suits) + JOKERS[:self.jokers]

    @cached_property
    def deck_mask(self) -> int:
        """The deck as a 52-bit mask of card codes."""
        return sum(1 << c for c in self.deck)

    @property
    def straights(self) -> tuple[tuple[int, ...], ...]:
        return standard_straights(self.hand_size, self.deck_ranks, self.ace_low_as)

    @property
    def uses_any_cards(self) -> bool:
        """True when a hand is the best ``hand_size`` of all its cards, in any combination."""
        return self.hole_rule.min_used == 0 and self.hole_rule.max_used == self.hole_cards

    def street_ends(self) -> tuple[int, ...]:
        """Board sizes at the end of each street, 0 (no board yet) first."""
        return (0, *itertools.accumulate(s.cards for s in self.streets))

    def board_sizes(self) -> tuple[int, ...]:
        """Board sizes at which a hand can be evaluated (after each street, or none)."""
        return tuple(b for b in self.street_ends() if self.can_form_hand(self.hole_cards, b))

    def can_form_hand(self, hole: int, board: int, size: int | None = None) -> bool:
        """Whether ``hole`` hole cards and ``board`` board cards make a hand of ``size`` cards
        (the game's hand size by default) under the hole rule."""
        rule = self.hole_rule
        size = self.hand_size if size is None else size
        return any(j <= hole and size - j <= board for j in range(rule.min_used, rule.max_used + 1))

    def describe_deck(self) -> str:
        jokers = {0: "", 1: " and one joker (X1)", 2: " and two jokers (X1, X2)"}.get(self.jokers, "")
        if len(self.deck_ranks) == 13 and len(self.deck_suits) == 4:
            return "the standard 52-card deck" + jokers
        ranks = sorted(self.deck_ranks)
        if ranks == list(range(ranks[0], ranks[-1] + 1)):
            text = f"{RANKS[ranks[0]]} to {RANKS[ranks[-1]]}"
        else:
            text = "ranks " + "".join(RANKS[r] for r in ranks)
        if len(self.deck_suits) != 4:
            text += " of " + "".join(SUITS[s] for s in sorted(self.deck_suits))
        return f"{text}{jokers} only"

    def fingerprint(self) -> str:
        """A short hash of everything that shapes the evaluation tables."""
        return self._fingerprint

    @cached_property
    def _fingerprint(self) -> str:
        shape = {
            "deck_ranks": self.deck_ranks,
            "hand_size": self.hand_size,
            "ranking": [str(c) for c in self.ranking],
            "ace_low_as": self.ace_low_as,
            "wild": _shape(self.wild),
            "low": _shape(self.low),
            "max_cards": self.max_combo_cards,
        }
        rule = self.hole_rule
        if rule.min_used == rule.max_used > 0 and self.wild is None:
            shape["exact_hole_cards"] = rule.min_used  # the exact-rule tables depend on it
            shape["hole_cards"] = self.hole_cards  # and the whole-hand table on these two
            shape["board_cards"] = self.board_cards
        return hashlib.sha256(json.dumps(shape, sort_keys=True).encode()).hexdigest()[:16]

    @property
    def max_combo_cards(self) -> int:
        """The most cards the evaluator ever looks at together for one hand."""
        rule = self.hole_rule
        if rule.min_used == 0:
            return rule.max_used + self.board_cards
        return max(self.hand_size, self.board_cards)  # the board alone is looked up too

    def __str__(self) -> str:
        return self.title
