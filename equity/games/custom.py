"""Custom games: a new variant defined from Python keywords or a small TOML file, checked, and written back.

A custom game is an ordinary :class:`~equity.games.Game`: the evaluator, the
tables and the deal engine read it exactly as they read the built-in games (which
round-trip through the same TOML form).  :func:`define_game` builds one from the
keywords below, :func:`load_game` and :func:`game_from_toml` read the same
keywords from TOML, :func:`game_to_toml` and :func:`save_game` write a game back,
and :func:`check_game` checks any game against what the deal engine can play.

The keywords (TOML keys) are:

``name``, ``title``, ``source``, ``description``
    Registry-style name (required), display name (default: the name), the rule
    source and a one-line description.
``deck``, ``suits``
    Ranks kept, lowest to highest: a range (``"2-A"``, the default; ``"6-A"``) or
    the ranks written out (``"89TJQKA"``); and the suits kept (default ``"cdhs"``).
``hole_cards``
    Cards dealt to each player (required).
``streets``
    Board cards in the order they are dealt, each ``{name, cards, burn}`` (burn
    defaults to 1); none for a draw game.
``phases``
    The deal after the hole cards, in order: street names and ``"exchange"``,
    ``"switch"``, ``"draw"``, optionally ended by ``"showdown"`` (nothing may follow
    it); default: the streets.  A switch may stand before or between the streets of
    a game with a board (only hole cards move); a draw needs a game with no streets.
``hand_size``
    Cards in a hand: 5 (default) or 6.
``hole_cards_used``
    ``"any"`` (default), ``"exactly K"``, ``"at most K"``, ``"at least J"`` or
    ``"between J and K"``.
``ranking``
    Categories, highest first; default: the standard order (with five of a kind
    on top when there are wild cards).  Required for 6-card hands.
``ace_low``
    ``true`` (default): the ace also plays just below the deck's lowest rank
    (A-2-3-4-5; A-6-7-8-9 in a six-to-ace deck, which may be written ``"5"``);
    ``false``: the ace plays high only.  Straights never wrap round (K-A-2 is not
    a straight).
``wild``
    ``"2"`` (any rank: every card of that rank is wild in every hand),
    ``"exchange"`` (El Dorado: the rank is made by the exchange phase), or a list of
    ranks and cards wild in every hand: ``["2", "J"]`` (deuces and jacks),
    ``["Js", "Jh", "Kh"]`` (the one-eyed jacks and the suicide king).
``jokers``
    ``1`` or ``2``: jokers in the deck (written ``X1``, ``X2``), each wild in every hand.
``joker``
    ``"wild"`` (default: a joker stands for any card) or ``"bug"`` (an ace, or a card that
    completes a straight, a flush or a straight flush; four aces and the bug are five aces).
    The bug cannot be played beside other wild cards.
``natural_beats_wild``
    ``true``: of two hands otherwise equal, a natural hand (no wild card among its five)
    beats one made with wild cards; two hands with wild cards still tie (default ``false``:
    they all tie).
``low``
    ``{kind = "ace_to_five", "deuce_to_seven" or "ace_to_six", qualifier = "8" or "none"}``
    (ace-to-six: the worst high hand with the ace low, straights and flushes counting
    against).
``pot_modes``
    ``["high"]`` (default), with ``"hi_lo"`` and/or ``"low"``; the first is the default.
``max_players``
    Default: the most players the deck can deal, board and burns included.
``draw``
    ``{limit = 3, limit_with_ace = 4}``: the limits of the draw phase.
``boards``
    ``2`` for a double-board game (default 1): each street is dealt to each board in
    turn (its burns, then its cards; board 1 first), and each board plays for half the
    pot, hi-lo on each board where the pot is hi-lo.
``kill``
    Kill cards: a rank (``"Q"``: any queen), a card (``"Qs"``) or a list of them; a board
    holding one plays its pot for low only (needs ``low``).
``stud``
    A stud game: each hole card ``"up"`` or ``"down"`` in the order dealt, one round of one
    card to each seat at a time (seven-card stud: ``["down", "down", "up", "up", "up",
    "up", "down"]``); no streets and no phases.  In ``calc`` a stud hand may be given in
    part: the cards dealt so far (``"As2d3h"``), with ``?`` for a card not known
    (``"??Kd7c"``: an opponent's up-cards).
``wild_follows``
    Follow the Queen: ``"Q"`` in a stud game with ``wild = "Q"``: the rank of the card dealt
    face up right after a face-up queen is wild too, the last face-up queen deciding (a queen
    dealt face up last leaves queens alone wild); played for high.
``high_qualifier``
    A showdown qualifier for the high hand: the weakest hand that qualifies, as cards
    (``"JcJd4h3s2c"``: a pair of jacks with the lowest kickers, so any pair of jacks or
    better).  A weaker hand cannot win the high; where no hand qualifies, the low takes
    the whole pot in a hi-lo pot (when one qualifies) and otherwise the players still in
    share it.
``discard``
    ``{after = "flop", cards = 1}``: a Pineapple-style discard, each player throwing
    ``cards`` of its hole cards away after that street (Crazy Pineapple: three dealt,
    one thrown after the flop; Irish: four dealt, two thrown).  ``hole_cards`` counts
    the cards dealt and ``hole_cards_used`` the cards kept.  The phase stands right
    after its street, or where ``phases`` lists ``"discard"``.  One discard a game.

Examples
--------
>>> game = define_game("shortdeck", deck="6-A", hole_cards=2,
...                    streets=[("flop", 3), ("turn", 1), ("river", 1)],
...                    ranking=["straight_flush", "four_of_a_kind", "flush", "full_house",
...                             "straight", "three_of_a_kind", "two_pair", "one_pair",
...                             "high_card"])
>>> game.deck_size, game.max_players
(36, 14)
>>> game_from_toml(game_to_toml(game)) == game
True
"""

from __future__ import annotations

import itertools
import json
import os
import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from equity.cards import ACE, JOKERS, RANKS, SUITS, card_codes, card_text, parse_rank
from equity.errors import CardError, GameError
from equity.games.base import (
    LOW_KINDS,
    Discard,
    Draw,
    Exchange,
    Game,
    HoleRule,
    LowRule,
    Phase,
    Street,
    Switch,
    WildRule,
    standard_straights,
)
from equity.rankings import POSSIBLE_CATEGORIES, STANDARD_RANKING, Category

__all__ = [
    "define_game",
    "check_game",
    "game_from_dict",
    "game_to_dict",
    "game_from_toml",
    "game_to_toml",
    "load_game",
    "save_game",
    "variant",
    "FIELDS",
]

#: Every keyword of :func:`define_game` (and key of a game file), in the order files list them.
FIELDS = (
    "name", "title", "source", "description", "deck", "suits", "hole_cards", "streets", "phases",
    "hand_size", "hole_cards_used", "ranking", "ace_low", "wild", "low", "pot_modes", "max_players",
    "draw", "discard", "boards", "kill", "high_qualifier", "stud", "wild_follows", "jokers", "joker",
    "natural_beats_wild",
)
POT_MODES = ("high", "hi_lo", "low")
PHASE_NAMES = ("exchange", "switch", "draw", "discard")
#: The word that may end a phase list (nothing may follow it); it is not stored.
SHOWDOWN = "showdown"
#: Cards a draw must leave in the stub and discards together beyond the players' hands (see
#: :mod:`equity._kernels.switch`: a player who has drawn four may still need a fifth).
DRAW_RESERVE = 5


# ---------------------------------------------------------------------------------------------
# Reading one keyword at a time, with errors that name it
# ---------------------------------------------------------------------------------------------
def _whole(value: Any, field: str, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise GameError(f"{field} must be a whole number of at least {low}, got {value!r}")
    return int(value)


def _rank(value: Any, field: str) -> int:
    if not isinstance(value, str):  # an integer is ambiguous: 2 may mean the deuce or index 2
        raise GameError(f"{field}: write the rank as text, '2' to '9', 'T' (or '10'), 'J', 'Q', 'K' "
                        f"or 'A'; got {value!r}")
    try:
        return parse_rank(value)
    except CardError as err:
        raise GameError(f"{field}: {err}") from None


def _deck_ranks(deck: Any) -> tuple[int, ...]:
    """``"2-A"``, ``"6-A"``, ``"89TJQKA"``, ``"8 9 10 J Q K A"`` or a list of ranks."""
    if isinstance(deck, str):
        text = deck.strip()
        span = re.fullmatch(r"(10|[2-9TJQKA])\s*-\s*(10|[2-9TJQKA])", text, re.IGNORECASE)
        if span:
            lo, hi = _rank(span.group(1), "deck"), _rank(span.group(2), "deck")
            if lo >= hi:
                raise GameError(f"deck {deck!r}: a range runs from the lowest rank up, e.g. '6-A'")
            return tuple(range(lo, hi + 1))
        if "-" in text:
            raise GameError(f"deck {deck!r}: a range is two ranks joined by '-', lowest first, e.g. '6-A'")
        tokens = re.split(r"[\s,]+", text) if re.search(r"[\s,]", text) else \
            re.findall(r"10|.", text)
        ranks = [_rank(t, "deck") for t in tokens if t]
    elif isinstance(deck, Iterable):
        ranks = [_rank(r, "deck") for r in deck]
    else:
        raise GameError(f"deck must be a range like '6-A' or the ranks kept like '89TJQKA', got {deck!r}")
    if not ranks:
        raise GameError("deck: no ranks given")
    repeated = sorted({RANKS[r] for r in ranks if ranks.count(r) > 1})
    if repeated:
        raise GameError(f"deck: rank {', '.join(repeated)} given more than once")
    return tuple(sorted(ranks))


def _deck_suits(suits: Any) -> tuple[int, ...]:
    if not isinstance(suits, (str, Iterable)):
        raise GameError(f"suits must be the suits kept, e.g. 'cdhs' or 'cdh', got {suits!r}")
    items = list(suits.strip()) if isinstance(suits, str) else list(suits)
    out = []
    for s in items:
        if isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= 3:
            out.append(s)
        elif isinstance(s, str) and s.lower() in SUITS:
            out.append(SUITS.index(s.lower()))
        else:
            raise GameError(f"suits: unknown suit {s!r} (suits are c d h s)")
    if not out or len(set(out)) != len(out):
        raise GameError(f"suits {suits!r}: give each suit kept once, e.g. 'cdhs'")
    return tuple(sorted(out))


def _streets(streets: Any) -> tuple[Street, ...]:
    if isinstance(streets, (str, bytes)) or not isinstance(streets, Iterable):
        raise GameError(f"streets must be a list of {{name, cards, burn}}, got {streets!r}")
    out = []
    for k, item in enumerate(streets):
        where = f"streets[{k}]"
        if isinstance(item, Street):
            street = item
        elif isinstance(item, Mapping):
            unknown = set(item) - {"name", "cards", "burn"}
            if unknown or "name" not in item or "cards" not in item:
                raise GameError(f"{where}: give name, cards and optionally burn (got {dict(item)!r})")
            street = Street(item["name"], item["cards"], item.get("burn", 1))
        elif isinstance(item, Sequence) and not isinstance(item, str) and len(item) in (2, 3):
            street = Street(*item)
        else:
            raise GameError(f"{where}: give {{name, cards, burn}} or (name, cards[, burn]), got {item!r}")
        if not isinstance(street.name, str) or not street.name.strip():
            raise GameError(f"{where}: a street needs a name, e.g. 'flop'")
        if street.name in PHASE_NAMES:
            raise GameError(f"{where}: {street.name!r} names a phase; call the street something else")
        _whole(street.cards, f"{where}.cards", 1)
        _whole(street.burn, f"{where}.burn", 0)
        out.append(street)
    names = [s.name for s in out]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise GameError(f"streets: the name {', '.join(map(repr, repeated))} is used twice")
    return tuple(out)


def _discard(discard: Any) -> Discard | None:
    if discard is None or isinstance(discard, Discard):
        return discard
    if not isinstance(discard, Mapping) or not set(discard) <= {"after", "cards"} or "cards" not in discard:
        raise GameError(f"discard must be {{after = 'flop', cards = 1}} (after: the street it follows), "
                        f"got {discard!r}")
    after = discard.get("after")
    if after is not None and not isinstance(after, str):
        raise GameError(f"discard.after names a street, such as 'flop'; got {after!r}")
    return Discard(_whole(discard["cards"], "discard.cards", 1), "" if after is None else after)


def _kill(kill: Any, ranks: tuple[int, ...], suits: tuple[int, ...]) -> tuple[int, ...]:
    """Kill cards: a rank (every card of it in the deck), a card, or a list of them."""
    if kill is None:
        return ()
    items = [kill] if isinstance(kill, str) else kill
    if not isinstance(items, (list, tuple)) or not items or not all(isinstance(k, str) for k in items):
        raise GameError(f"kill must be a rank ('Q'), a card ('Qs') or a list of them, got {kill!r}")
    codes: list[int] = []
    for item in items:
        text = item.strip()
        if len(text) >= 2 and text[-1].lower() in SUITS:
            try:
                codes.append(int(card_codes(text)[0]) if len(card_codes(text)) == 1 else -1)
            except CardError as error:
                raise GameError(f"kill: {error}") from None
            if codes[-1] < 0:
                raise GameError(f"kill: {item!r} is not one card")
        else:
            rank = _rank(text, "kill")
            codes += [4 * rank + s for s in suits]
    outside = [c for c in codes if c // 4 not in ranks or c % 4 not in suits]
    if outside:
        raise GameError(f"kill: {card_text(outside[0])} is not in the deck")
    if len(set(codes)) != len(codes):
        raise GameError(f"kill {kill!r} names a card twice")
    return tuple(sorted(codes))


def _stud(stud: Any) -> tuple[str, ...]:
    if stud is None:
        return ()
    if isinstance(stud, str) or not isinstance(stud, (list, tuple)) or not stud:
        raise GameError(f"stud: a list of 'up' and 'down', one for each hole card in the order dealt, such "
                        f"as ['down', 'down', 'up', 'up', 'up', 'up', 'down']; got {stud!r}")
    return tuple(str(face).strip().lower() for face in stud)


def _qualifier_hand(text: Any) -> tuple[int, ...]:
    """The weakest qualifying high hand, as card codes (in the order written)."""
    if text is None:
        return ()
    if not isinstance(text, str):
        raise GameError(f"high_qualifier: write the weakest hand that qualifies as cards, such as "
                        f"'JcJd4h3s2c'; got {text!r}")
    try:
        return tuple(int(c) for c in card_codes(text))
    except CardError as error:
        raise GameError(f"high_qualifier: {error}") from None


def _draw(draw: Any) -> Draw:
    if draw is None:
        return Draw()
    if isinstance(draw, Draw):
        return draw
    if not isinstance(draw, Mapping) or set(draw) - {"limit", "limit_with_ace"}:
        raise GameError(f"draw must be {{limit, limit_with_ace}}, got {draw!r}")
    default = Draw()
    return Draw(_whole(draw.get("limit", default.limit), "draw.limit"),
                _whole(draw.get("limit_with_ace", default.limit_with_ace), "draw.limit_with_ace"))


def _phases(phases: Any, streets: tuple[Street, ...], draw: Draw, discard: Discard | None = None
            ) -> tuple[Phase, ...]:
    listed = _listed_phases(phases, streets, draw, discard)
    if discard is None or any(isinstance(p, Discard) for p in listed):
        return listed
    # the discard key alone: the phase stands right after its street
    names = [p.name for p in listed if isinstance(p, Street)]
    if discard.after_street not in names:
        allowed = ", ".join(map(repr, names)) or "none: the game has no streets"
        raise GameError(f"discard.after {discard.after_street!r} is not a street of this game (streets: "
                        f"{allowed})" if discard.after_street else
                        "discard: give after = the street it follows (such as 'flop'), or list 'discard' "
                        "in phases")
    at = next(k for k, p in enumerate(listed) if isinstance(p, Street) and p.name == discard.after_street)
    return (*listed[:at + 1], discard, *listed[at + 1:])


def _listed_phases(phases: Any, streets: tuple[Street, ...], draw: Draw, discard: Discard | None
                   ) -> tuple[Phase, ...]:
    if phases is None:
        return streets
    if isinstance(phases, str) or not isinstance(phases, Iterable):
        raise GameError(f"phases must be a list such as ['flop', 'exchange', 'last'], got {phases!r}")
    by_name = {s.name: s for s in streets}
    out: list[Phase] = []
    items = list(phases)
    if SHOWDOWN in items:  # an optional last word: nothing is dealt or moved after the showdown
        after = items[items.index(SHOWDOWN) + 1:]
        if after:
            raise GameError(f"phases: {after[0]!r} comes after 'showdown', and nothing is dealt, "
                            "drawn or moved after the showdown: put it before")
        items = items[:-1]
    for item in items:
        if isinstance(item, (Street, Exchange, Switch, Draw, Discard)):
            out.append(item)
        elif item == "exchange":
            before = [p for p in out if isinstance(p, Street)]
            if not before:
                raise GameError("phases: the exchange must come after a street (the El Dorado flop)")
            out.append(Exchange(after_street=before[-1].name))
        elif item == "switch":
            out.append(Switch())
        elif item == "draw":
            out.append(draw)
        elif item == "discard":
            if discard is None:
                raise GameError("phases: 'discard' needs the discard key, discard = {cards = 1}")
            before = [p for p in out if isinstance(p, Street)]
            if not before:
                raise GameError("phases: the discard must come after a street (such as the flop)")
            if discard.after_street and discard.after_street != before[-1].name:
                raise GameError(f"discard.after {discard.after_street!r}, but phases list 'discard' after "
                                f"{before[-1].name!r}: give one place")
            out.append(Discard(discard.cards, before[-1].name))
        elif isinstance(item, str) and item in by_name:
            out.append(by_name[item])
        else:
            allowed = ", ".join([*map(repr, by_name), *map(repr, PHASE_NAMES), repr(SHOWDOWN) + " (last)"])
            raise GameError(f"phases: unknown phase {item!r} (allowed: {allowed})")
    return tuple(out)


def _hole_rule(rule: Any, hole_cards: int) -> HoleRule:
    if isinstance(rule, HoleRule):
        return rule
    if isinstance(rule, Mapping) and set(rule) == {"min", "max"}:
        return HoleRule(_whole(rule["min"], "hole_cards_used.min"),
                        _whole(rule["max"], "hole_cards_used.max"))
    if isinstance(rule, int) and not isinstance(rule, bool):
        return HoleRule(rule, rule)
    text = " ".join(str(rule).lower().split()) if isinstance(rule, str) else ""
    patterns = {
        r"any": lambda: (0, hole_cards),
        r"exactly (\d+)": lambda k: (int(k), int(k)),
        r"at most (\d+)": lambda k: (0, int(k)),
        r"at least (\d+)": lambda j: (int(j), hole_cards),
        r"between (\d+) and (\d+)": lambda j, k: (int(j), int(k)),
    }
    for pattern, make in patterns.items():
        match = re.fullmatch(pattern, text)
        if match:
            lo, hi = make(*match.groups())
            if lo > hi:
                raise GameError(f"hole_cards_used {rule!r}: the smaller number comes first")
            if hi > hole_cards:
                raise GameError(f"hole_cards_used {rule!r}: the game deals {hole_cards} hole cards")
            return HoleRule(lo, hi)
    raise GameError(
        f"hole_cards_used {rule!r}: allowed are 'any', 'exactly K', 'at most K', 'at least J' "
        "and 'between J and K'"
    )


def _ranking(ranking: Any, hand_size: int, wild: bool) -> tuple[Category, ...]:
    if ranking is None:
        if hand_size != 5:
            raise GameError(
                f"ranking is required for {hand_size}-card hands (there is no standard order): "
                f"list {', '.join(sorted(POSSIBLE_CATEGORIES[hand_size] - {Category.FIVE_OF_A_KIND}))}, "
                "highest first"
            )
        return (Category.FIVE_OF_A_KIND, *STANDARD_RANKING) if wild else STANDARD_RANKING
    if isinstance(ranking, str) or not isinstance(ranking, Iterable):
        raise GameError(f"ranking must be a list of categories, highest first, got {ranking!r}")
    known = {str(c): c for c in Category}
    possible = set(POSSIBLE_CATEGORIES[hand_size])
    if not (wild and hand_size == 5):
        possible.discard(Category.FIVE_OF_A_KIND)
    out = []
    for item in ranking:
        if str(item) not in known:
            raise GameError(f"ranking: unknown category {str(item)!r} (known: {', '.join(known)})")
        category = known[str(item)]
        if category not in possible:
            raise GameError(
                f"ranking: {category} cannot occur in a {hand_size}-card hand"
                f"{' without wild cards' if category == Category.FIVE_OF_A_KIND else ''} "
                f"({hand_size}-card categories: {', '.join(str(c) for c in Category if c in possible)})"
            )
        out.append(category)
    return tuple(out)


def _ace_low(ace_low: Any, deck_ranks: tuple[int, ...]) -> int | None:
    if ace_low is None or ace_low is False or (isinstance(ace_low, str) and ace_low.lower() == "none"):
        return None
    below = min(deck_ranks) - 1
    if ace_low is True:
        return below
    rank = _rank(ace_low, "ace_low") if below >= 0 else None
    if rank != below or ACE not in deck_ranks:
        plays_as = f"'{RANKS[below]}'" if below >= 0 else "true (as in A-2-3-4-5)"
        raise GameError(
            f"ace_low {ace_low!r}: the ace can play low only just below the deck's lowest rank "
            f"(here {plays_as}), or not at all (false)"
        )
    return rank


def _wild_items(wild: Any, ranks: tuple[int, ...], deck_suits: tuple[int, ...]) -> tuple[int, ...]:
    """The card codes of a list of wild ranks and cards (``["2", "J"]``, ``["Js", "Jh", "Kh"]``)."""
    items = [wild] if isinstance(wild, str) else wild
    if not isinstance(items, Sequence) or not items:
        raise GameError(f"wild {wild!r}: give a rank, a card or a list of them")
    codes: list[int] = []
    for item in items:
        if not isinstance(item, str):
            raise GameError(f"wild: {item!r}: write each wild rank or card as text ('2', 'J', 'Js', 'X1')")
        try:
            rank = parse_rank(item)
        except CardError:
            try:
                codes += [int(c) for c in card_codes(item)]
            except CardError:
                raise GameError(f"wild: {item!r} is neither a rank ('2' to 'A') nor a card ('Js', 'Kh', "
                                "or a joker 'X1', 'X2'; a deck's jokers come with jokers = 1 or 2)") from None
            continue
        if rank not in ranks:
            raise GameError(f"wild: rank {item!r} is not in the deck")
        codes += [4 * rank + suit for suit in deck_suits]
    if len(set(codes)) != len(codes):
        raise GameError(f"wild {wild!r} names a card twice")
    return tuple(sorted(codes))


def _wild(wild: Any, ranks: tuple[int, ...], deck_suits: tuple[int, ...], jokers: int = 0,
          joker: Any = None, natural: Any = None) -> WildRule | None:
    if joker is not None and joker not in ("wild", "bug"):
        raise GameError(f"joker {joker!r}: 'wild' (a joker stands for any card, the default) or 'bug' "
                        "(an ace, or a card that completes a straight or a flush)")
    if joker is not None and not jokers:
        raise GameError(f"joker {joker!r}: the deck has no jokers (give jokers = 1 or 2)")
    if natural is not None and not isinstance(natural, bool):
        raise GameError(f"natural_beats_wild must be true or false, got {natural!r}")
    natural = bool(natural)
    if isinstance(wild, WildRule):
        return wild
    rule = _wild_rank_rule(wild, deck_suits)  # one rank or the exchange; None for the rest
    if rule is not None and rule.source == "exchange":
        if natural:
            raise GameError("natural_beats_wild applies to fixed wild cards, not to the exchange's moving "
                            "rank")
        if jokers:
            raise GameError("jokers: a game with jokers has fixed wild cards, not the exchange's moving rank")
        return rule
    if rule is not None:
        codes = tuple(4 * rule.rank + suit for suit in deck_suits)
    elif wild is None or wild is False or _is_none(wild):
        codes = ()
    else:
        codes = _wild_items(wild, ranks, deck_suits)
    codes = tuple(sorted(set(codes) | set(JOKERS[:jokers])))
    if not codes:
        if natural:
            raise GameError("natural_beats_wild: the game has no wild cards")
        return None
    one_rank = {c >> 2 for c in codes}
    if not jokers and len(one_rank) == 1 and len(codes) == len(deck_suits):  # one whole rank
        return WildRule("fixed", len(deck_suits), one_rank.pop(), natural_first=natural)
    return WildRule("cards", len(codes), None, cards=codes, bug=joker == "bug", natural_first=natural)


def _is_none(wild: Any) -> bool:
    return isinstance(wild, str) and wild.lower() == "none"


def _wild_error(wild: Any) -> GameError:
    return GameError(
        f"wild {wild!r}: give a rank ('2' for deuces wild), a list of ranks and cards (['2', 'J'], "
        "['Js', 'Jh', 'Kh']), 'exchange' (the rank is made by the exchange phase) or nothing"
    )


def _wild_rank_rule(wild: Any, deck_suits: tuple[int, ...]) -> WildRule | None:
    """The rule of one wild rank or the exchange, or None for anything else (no wild, a list)."""
    if wild is None or wild is False or _is_none(wild):
        return None
    n = len(deck_suits)
    if isinstance(wild, Mapping):
        if set(wild) == {"source"} and wild["source"] == "exchange":
            return WildRule("exchange", n)
        if set(wild) <= {"rank", "source"} and "rank" in wild and wild.get("source", "fixed") == "fixed":
            return WildRule("fixed", n, _rank(wild["rank"], "wild.rank"))
        raise _wild_error(wild)
    if isinstance(wild, str) and wild.lower() == "exchange":
        return WildRule("exchange", n)
    if isinstance(wild, str):
        try:
            return WildRule("fixed", n, parse_rank(wild))
        except CardError:
            return None  # a card ('Kh'), read with the lists
    if isinstance(wild, int) and not isinstance(wild, bool):
        _rank(wild, "wild")  # (raises: an integer is ambiguous)
    if isinstance(wild, bool) or not isinstance(wild, Sequence):
        raise _wild_error(wild)
    return None


def _low(low: Any) -> LowRule | None:
    if low is None or low is False:
        return None
    if isinstance(low, LowRule):
        return low
    if not isinstance(low, Mapping) or set(low) - {"kind", "qualifier"} or "qualifier" not in low:
        raise GameError(
            f"low {low!r}: give {{kind = 'ace_to_five', 'deuce_to_seven' or 'ace_to_six', qualifier = '8' or "
            "'none'}"
        )
    kind = low.get("kind", "ace_to_five")
    if kind not in LOW_KINDS:
        raise GameError(f"low.kind {kind!r}: allowed are {', '.join(map(repr, LOW_KINDS))}")
    qualifier = low["qualifier"]
    if qualifier is None or (isinstance(qualifier, str) and qualifier.lower() == "none"):
        return LowRule(qualifier=None, kind=kind)
    return LowRule(qualifier=_rank(qualifier, "low.qualifier"), kind=kind)


def _pot_modes(pot_modes: Any) -> tuple[str, ...]:
    if not isinstance(pot_modes, (str, Iterable)):
        raise GameError(f"pot_modes must be a list such as ['high', 'hi_lo'], got {pot_modes!r}")
    modes = (pot_modes,) if isinstance(pot_modes, str) else tuple(pot_modes)
    if not modes or any(m not in POT_MODES for m in modes) or len(set(modes)) != len(modes):
        raise GameError(f"pot_modes {list(modes)!r}: give each of {', '.join(map(repr, POT_MODES))} "
                        "at most once, the default first")
    return modes


def _capacity(deck_size: int, hole_cards: int, streets: tuple[Street, ...], has_draw: bool,
              boards: int = 1) -> int:
    """The most players the deck deals hole cards, board and burns to (and a draw's stub)."""
    board = sum(s.cards + s.burn for s in streets) * boards
    most = (deck_size - board) // hole_cards
    if has_draw:
        most = min(most, (deck_size - DRAW_RESERVE) // hole_cards)
    return most


# ---------------------------------------------------------------------------------------------
# Python and TOML in, Game out
# ---------------------------------------------------------------------------------------------
def define_game(name: str, *, hole_cards: int, title: str | None = None, source: str = "",
                description: str = "", deck: Any = "2-A", suits: Any = "cdhs",
                streets: Iterable[Any] = (), phases: Iterable[Any] | None = None, hand_size: int = 5,
                hole_cards_used: Any = "any", ranking: Iterable[Any] | None = None,
                ace_low: bool | str | None = True, wild: Any = None, low: Any = None,
                pot_modes: Sequence[str] | str = ("high",), max_players: int | None = None,
                draw: Mapping[str, int] | Draw | None = None,
                discard: Mapping[str, Any] | Discard | None = None, boards: int = 1,
                kill: Any = None, high_qualifier: Any = None, stud: Any = None,
                wild_follows: Any = None, jokers: int = 0, joker: Any = None,
                natural_beats_wild: Any = None) -> Game:
    """Define a game from keywords (the keys of a game file; see the module docstring).

    The game is checked as :func:`check_game` does; every error is a
    :class:`~equity.errors.GameError` that names the keyword at fault.

    Examples
    --------
    Deuces-wild five-card draw:

    >>> game = define_game("deuces_wild", hole_cards=5, wild="2", phases=["draw"])
    >>> game.ranking[0], game.fixed_wild_rank
    (<Category.FIVE_OF_A_KIND: 'five_of_a_kind'>, 0)
    >>> define_game("nine_card", hole_cards=9, max_players=6)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    equity.errors.GameError: game 'nine_card': max_players 6: ... at most 5 players 9 hole cards each, ...
    """
    if not isinstance(name, str) or not name.strip() or name != name.strip():
        raise GameError(f"name must be a non-empty text without surrounding spaces, got {name!r}")
    for field, text in (("title", title), ("source", source), ("description", description)):
        if text is not None and not isinstance(text, str):
            raise GameError(f"{field} must be text, got {text!r}")
    dealt = _whole(hole_cards, "hole_cards", 1)
    if isinstance(hand_size, bool) or not isinstance(hand_size, int) or hand_size not in (5, 6):
        raise GameError(f"hand_size {hand_size!r}: allowed are 5 and 6")
    ranks = _deck_ranks(deck)
    deck_suits = _deck_suits(suits)
    street_list = _streets(streets)
    discard_rule = _discard(discard)
    phase_list = _phases(phases, street_list, _draw(draw), discard_rule)
    thrown = sum(p.cards for p in phase_list if isinstance(p, Discard))
    if thrown >= dealt:
        raise GameError(f"discard: {thrown} of {dealt} hole cards thrown away leaves none to play; a discard "
                        "throws fewer cards than are dealt")
    hole = dealt - thrown  # the cards a hand is made from
    if draw is not None and not any(isinstance(p, Draw) for p in phase_list):
        raise GameError("draw: the limits apply to a draw phase, and phases list none")
    n_jokers = _whole(jokers, "jokers", 0)
    if n_jokers > 2:
        raise GameError(f"jokers {jokers!r}: a deck holds 0, 1 or 2 jokers")
    wild_rule = _wild(wild, ranks, deck_suits, n_jokers, joker, natural_beats_wild)
    low_rule = _low(low)
    modes = _pot_modes(pot_modes)
    rule = _hole_rule(hole_cards_used, hole)
    board = sum(s.cards for s in street_list)
    if not any(j <= hole and j <= hand_size and hand_size - j <= board
               for j in range(rule.min_used, rule.max_used + 1)):
        raise GameError(
            f"hole_cards_used {hole_cards_used!r} can never make a {hand_size}-card hand from {hole} "
            f"hole cards and {board} board cards"
        )
    if max_players is None:
        has_draw = any(isinstance(p, Draw) for p in phase_list)
        max_players = max(_capacity(len(ranks) * len(deck_suits) + n_jokers, dealt, street_list, has_draw,
                                    _whole(boards, "boards", 1)), 2)
    game = Game(
        name=name,
        title=name if title is None else title,
        source=source,
        deck_ranks=ranks,
        hole_cards=hole,
        streets=street_list,
        hand_size=hand_size,
        hole_rule=rule,
        ranking=_ranking(ranking, hand_size, wild_rule is not None),
        ace_low_as=_ace_low(ace_low, ranks),
        wild=wild_rule,
        low=low_rule,
        pot_modes=modes,
        max_players=_whole(max_players, "max_players", 2),
        phases=phase_list,
        description=description,
        deck_suits=deck_suits,
        boards=_whole(boards, "boards", 1),
        kill_cards=_kill(kill, ranks, deck_suits),
        high_qualifier=_qualifier_hand(high_qualifier),
        stud=_stud(stud),
        wild_follows=None if wild_follows is None else _rank(wild_follows, "wild_follows"),
        jokers=n_jokers,
    )
    return check_game(game)


def game_from_dict(data: Mapping[str, Any]) -> Game:
    """Define a game from a mapping of the keywords of :func:`define_game` (a parsed game file)."""
    if not isinstance(data, Mapping):
        raise GameError(f"a game description is a table of keys, got {type(data).__name__}")
    unknown = [k for k in data if k not in FIELDS]
    if unknown:
        raise GameError(f"unknown key {unknown[0]!r}: the keys of a game are {', '.join(FIELDS)}")
    for required in ("name", "hole_cards"):
        if required not in data:
            raise GameError(f"{required} is required")
    return define_game(**dict(data))


def game_from_toml(text: str) -> Game:
    """Define a game from the text of a game file (TOML).

    Examples
    --------
    >>> game = game_from_toml('''
    ... name = "pineapple_one"
    ... hole_cards = 3
    ... streets = [{name = "flop", cards = 3}, {name = "turn", cards = 1}, {name = "river", cards = 1}]
    ... hole_cards_used = "at most 1"
    ... ''')
    >>> game.hole_rule, game.max_players
    (HoleRule(min_used=0, max_used=1), 14)
    """
    try:
        return game_from_dict(tomllib.loads(text))
    except tomllib.TOMLDecodeError as err:
        raise GameError(f"not a valid game file (TOML): {err}") from None
    except RecursionError:  # the TOML reader, or the repr of a value in a message
        key, depth = _deepest_key(text)
        raise GameError(
            f"{key}: arrays or tables nested too deeply to read ({depth} levels); the values of a "
            "game nest a few levels at most, as streets = [{name = 'flop', cards = 3}]"
        ) from None


_HEADER = re.compile(r"\s*\[\[?\s*([^\]]*?)\s*\]")
_ASSIGNMENT = re.compile(r"\s*([^=\[{#]+?)\s*=(.*)")


def _top_key(dotted: str) -> str:
    """The first part of a dotted TOML key, unquoted (``low.kind`` -> ``low``)."""
    first = dotted.split(".", 1)[0].strip()
    return first[1:-1] if len(first) > 1 and first[0] == first[-1] and first[0] in "\"'" else first


def _deepest_key(text: str) -> tuple[str, int]:
    """The top-level key of a game file whose value nests arrays and tables most deeply, and how
    deeply: a rough reading (strings and comments skipped on each line) for the message when
    the TOML reader gives up."""
    best, best_depth = "a value", 0
    table, key, depth = "", "a value", 0
    for line in text.splitlines():
        if depth == 0:  # a new line of keys (a value may run over several lines)
            key = table or key
            if (header := _HEADER.match(line)) is not None:
                table = _top_key(header.group(1))
                if header.group(1).count(".") + 1 > best_depth:
                    best, best_depth = table, header.group(1).count(".") + 1
                continue
            if (assignment := _ASSIGNMENT.match(line)) is not None:
                key = table or _top_key(assignment.group(1))
                line = assignment.group(2)
        quote, escaped = "", False
        for ch in line:
            if quote:
                if escaped:
                    escaped = False
                elif ch == "\\" and quote == '"':
                    escaped = True
                elif ch == quote:
                    quote = ""
            elif ch in "\"'":
                quote = ch
            elif ch == "#":
                break
            elif ch in "[{":
                depth += 1
                if depth > best_depth:
                    best, best_depth = key, depth
            elif ch in "]}":
                depth = max(depth - 1, 0)
    return best, best_depth


_LOADED: dict[tuple[str, int, int], Game] = {}


def load_game(path: str | os.PathLike) -> Game:
    """Read a game file (TOML, see :mod:`equity.games.custom`) and return its checked :class:`Game`.

    ``equity.get_game`` accepts the same path, so every function taking a game
    takes a game file too.  A file is read again only when it changes.

    Raises
    ------
    GameError
        For a missing or unreadable file, invalid TOML, or a description that
        cannot be played; the message starts with the file's path.
    """
    file = Path(path)
    try:
        stat = file.stat()
        key = (str(file.resolve()), stat.st_mtime_ns, stat.st_size)
        if key in _LOADED:
            return _LOADED[key]
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise GameError(f"{file}: cannot read the game file ({err})") from None
    try:
        game = game_from_toml(text)
    except GameError as err:
        raise GameError(f"{file}: {err}") from None
    _LOADED[key] = game
    return game


# ---------------------------------------------------------------------------------------------
# Checking a game against what the toolkit can play
# ---------------------------------------------------------------------------------------------
def check_game(game: Game) -> Game:
    """Check that a game can be dealt, evaluated and played; return it unchanged.

    :class:`Game` itself checks its ranking, straights, wild and low rules; this
    adds what depends on the deal: the deck against the players and streets, the
    hole-card rule against the cards dealt, the phases against the game, the pot
    modes against the low rule, and a custom game's name against the built-ins.

    Raises
    ------
    GameError
        Naming the field at fault and what is allowed.

    Examples
    --------
    >>> from equity.games import GAMES
    >>> all(check_game(g) is g for g in GAMES.values())
    True
    """
    from equity.games import GAMES

    name = game.name
    fail = lambda message: GameError(f"game {name!r}: {message}")  # noqa: E731
    builtin = GAMES.get(name)
    if builtin is not None and builtin != game:
        raise fail("the name belongs to a built-in game with other rules; choose another name")
    if list(game.deck_ranks) != sorted(set(game.deck_ranks)) or not set(game.deck_ranks) <= set(range(13)):
        raise fail(f"deck_ranks {game.deck_ranks}: rank indexes 0..12, each once, lowest first")
    if list(game.deck_suits) != sorted(set(game.deck_suits)) or not set(game.deck_suits) <= set(range(4)):
        raise fail(f"deck_suits {game.deck_suits}: suit indexes 0..3, each once, in order")
    hole, board = game.hole_cards, game.board_cards
    dealt = game.dealt_hole_cards
    burns = sum(s.burn for s in game.streets)
    deck_text = f"{game.deck_size}-card deck ({game.describe_deck()})"
    boards = "" if game.boards == 1 else f" on each of {game.boards} boards"
    needed = 2 * dealt + (board + burns) * game.boards
    if needed > game.deck_size:
        raise fail(
            f"deck too small: two players need {needed} cards ({dealt} hole cards each, {board} board "
            f"cards and {burns} burns{boards}) but the {deck_text} has {game.deck_size}"
        )
    dealt_most = _capacity(game.deck_size, dealt, game.streets, has_draw=False, boards=game.boards)
    if game.max_players < 2 or game.max_players > dealt_most:
        raise fail(
            f"max_players {game.max_players}: the {game.deck_size}-card deck deals at most "
            f"{dealt_most} players {dealt} hole cards each, {board} board cards and {burns} burns{boards}"
        )
    rule = game.hole_rule
    if rule.max_used < 1:
        raise fail("hole_cards_used: a hand that may use no hole card is the same for every player")
    if not game.can_form_hand(hole, board):
        raise fail(
            f"hole_cards_used between {rule.min_used} and {rule.max_used} can never make a "
            f"{game.hand_size}-card hand from {hole} hole cards and {board} board cards"
        )
    _check_phases(game, fail)
    for mode in game.pot_modes:
        if mode not in POT_MODES:
            raise fail(f"pot mode {mode!r} (allowed: {', '.join(POT_MODES)})")
    if game.low is None and set(game.pot_modes) & {"hi_lo", "low"}:
        raise fail(f"pot_modes {list(game.pot_modes)}: a hi_lo or low pot needs a low rule (low = ...)")
    if game.low is not None:
        size = game.low.hand_size
        if not any(j <= hole and j <= size and size - j <= board
                   for j in range(rule.min_used, rule.max_used + 1)):
            raise fail(f"low: hole_cards_used can never make a {size}-card low from {hole} hole cards "
                       f"and {board} board cards")
        if not _low_can_qualify(game):
            raise fail(f"low: no {size}-card {game.low.kind} low in the {deck_text} qualifies for "
                       f"{RANKS[game.low.qualifier]} or better")
    return game


def _low_can_qualify(game: Game) -> bool:
    """Whether some hand of the game's deck makes a qualifying low: ``hand_size`` different
    ranks at or below the qualifier (the ace counting low in an ace-to-five low), and in a
    deuce-to-seven low (the ace high) neither a straight nor, with one suit, a flush."""
    low = game.low
    if low.qualifier is None:
        return True
    if low.kind == "ace_to_five":  # the ace plays low: a qualifier of A admits the ace alone
        ranks = [r for r in game.deck_ranks if r == ACE or (low.qualifier != ACE and r <= low.qualifier)]
        return len(ranks) >= low.hand_size
    ace_low = low.kind == "ace_to_six"  # the ace lowest: A-2-3-4-5 a straight, K-A none
    ranks = [r for r in game.deck_ranks if (r <= low.qualifier and r != ACE) or (ace_low and r == ACE)
             or (not ace_low and r <= low.qualifier)]
    if len(game.deck_suits) < 2:
        return False
    straights = set(standard_straights(low.hand_size, game.deck_ranks, min(game.deck_ranks) - 1 if ace_low
                                       else None))  # deuce-to-seven: the ace high only
    return any(chosen not in straights for chosen in itertools.combinations(sorted(ranks), low.hand_size))


def _check_discards(game: Game, fail) -> None:
    """One discard a game, right after the street it names, with no other phase that moves or
    replaces hole cards."""
    phases = game.phases
    at = [k for k, p in enumerate(phases) if isinstance(p, Discard)]
    if not at:
        return
    if len(at) > 1:
        raise fail("phases: at most one discard (give one discard of several cards)")
    k = at[0]
    discard = phases[k]
    before = [p for p in phases[:k] if isinstance(p, Street)]
    if not before or before[-1].name != discard.after_street or not isinstance(phases[k - 1], Street):
        raise fail(f"phases: the discard must come right after the street it names "
                   f"({discard.after_street!r})")
    others = sorted({_phase_name(p) for p in phases if isinstance(p, (Exchange, Switch, Draw))})
    if others:
        raise fail(f"phases: a discard with {' and '.join(map(repr, others))} in one game is not supported")
    if not isinstance(discard.cards, int) or discard.cards < 1:
        raise fail(f"discard.cards {discard.cards!r}: a whole number of at least 1")


def _check_phases(game: Game, fail) -> None:
    phases = game.phases
    streets_listed = tuple(p for p in phases if isinstance(p, Street))
    if phases and streets_listed != game.streets:
        raise fail(
            f"phases list the streets {[s.name for s in streets_listed]} but the game deals "
            f"{[s.name for s in game.streets]}: list every street once, in order"
        )
    for phase in phases:
        if not isinstance(phase, (Street, Exchange, Switch, Draw, Discard)):
            raise fail(f"phase {phase!r}: allowed phases are streets, Exchange, Switch, Draw and Discard")
    _check_discards(game, fail)
    exchanges = [k for k, p in enumerate(phases) if isinstance(p, Exchange)]
    wild = game.wild
    if game.stud and phases:
        raise fail(f"phases: a stud game deals its cards round by round and has no other phase; got "
                   f"{', '.join(_phase_name(p) for p in phases)}")
    if exchanges and any(isinstance(p, Switch) for p in phases):
        raise fail("phases: a switch and an exchange in one game are not supported (the exchange's "
                   "policies read hole cards that a switch would move)")
    if exchanges:
        k = exchanges[0]
        first = game.streets[0] if game.streets else None
        problems = []
        if len(exchanges) > 1:
            problems.append("to be the only exchange")
        if wild is None or wild.source != "exchange":
            problems.append("to make the wild rank (wild = 'exchange')")
        if game.hole_cards != 2:
            problems.append(f"two hole cards a player (this game deals {game.hole_cards})")
        if first is None or first.cards != 3 or k != 1 or phases[0] != first:
            problems.append("to follow the first street, a three-card flop")
        elif phases[k].after_street != first.name:
            problems.append(f"after_street to name that street ({first.name!r})")
        if game.hand_size != 5 or game.hole_rule != HoleRule(0, game.hole_cards):
            problems.append("hands of the best five of any cards (hole_cards_used = 'any')")
        if problems:
            raise fail("phases: the exchange (El Dorado) needs " + "; ".join(problems))
    elif wild is not None and wild.source == "exchange":
        raise fail("wild = 'exchange' needs an exchange phase (phases = [..., 'exchange', ...])")
    draws = [p for p in phases if isinstance(p, Draw)]
    switches = [p for p in phases if isinstance(p, Switch)]
    if draws and game.streets:
        raise fail(f"phases: a draw is played on hands without board cards; this game has streets "
                   f"{', '.join(s.name for s in game.streets)}")
    if switches and game.pot_modes != ("high",):
        raise fail(f"phases: switch games are played for the high hand only (pot_modes = ['high']), "
                   f"not {list(game.pot_modes)}")
    if len(draws) > 1:
        raise fail("phases: at most one draw")
    if draws:
        d = draws[0]
        if game.hole_cards != 5 or game.hand_size != 5:
            raise fail(f"phases: the draw is five-card draw; this game deals {game.hole_cards} hole "
                       f"cards for a {game.hand_size}-card hand")
        if not (isinstance(d.limit, int) and isinstance(d.limit_with_ace, int)
                and 0 <= d.limit <= 5 and 0 <= d.limit_with_ace <= 5):
            raise fail(f"draw limits {d.limit}, {d.limit_with_ace}: each from 0 to 5 cards")
        spare = game.deck_size - game.max_players * game.hole_cards
        if spare < DRAW_RESERVE:
            raise fail(
                f"max_players {game.max_players}: a draw needs at least {DRAW_RESERVE} cards beyond the "
                f"hands to draw from; the {game.deck_size}-card deck leaves {spare}"
            )


# ---------------------------------------------------------------------------------------------
# Game out, TOML out
# ---------------------------------------------------------------------------------------------
def _deck_text(ranks: Sequence[int]) -> str:
    ranks = sorted(ranks)
    if len(ranks) > 1 and ranks == list(range(ranks[0], ranks[-1] + 1)):
        return f"{RANKS[ranks[0]]}-{RANKS[ranks[-1]]}"
    return "".join(RANKS[r] for r in ranks)


def _hole_rule_text(rule: HoleRule, hole_cards: int) -> str:
    lo, hi = rule.min_used, rule.max_used
    if lo == 0 and hi == hole_cards:
        return "any"
    if lo == hi:
        return f"exactly {lo}"
    if lo == 0:
        return f"at most {hi}"
    if hi == hole_cards:
        return f"at least {lo}"
    return f"between {lo} and {hi}"


def _phase_name(phase: Phase) -> str:
    if isinstance(phase, Street):
        return phase.name
    return {Exchange: "exchange", Switch: "switch", Draw: "draw", Discard: "discard"}[type(phase)]


def game_to_dict(game: Game) -> dict[str, Any]:
    """The keywords of :func:`define_game` that give back ``game`` (defaults left out).

    Examples
    --------
    >>> from equity.games import GAMES
    >>> d = game_to_dict(GAMES["spanish"])
    >>> d["deck"], d["hole_cards_used"], d["ranking"][2]
    ('8-A', 'exactly 2', 'flush')
    """
    check_game(game)
    out: dict[str, Any] = {"name": game.name}
    if game.title != game.name:
        out["title"] = game.title
    if game.source:
        out["source"] = game.source
    if game.description:
        out["description"] = game.description
    out["deck"] = _deck_text(game.deck_ranks)
    if len(game.deck_suits) != 4:
        out["suits"] = "".join(SUITS[s] for s in game.deck_suits)
    out["hole_cards"] = game.dealt_hole_cards
    out["streets"] = [{"name": s.name, "cards": s.cards, "burn": s.burn} for s in game.streets]
    if game.phases != game.streets:
        out["phases"] = [_phase_name(p) for p in game.phases]
    out["hand_size"] = game.hand_size
    out["hole_cards_used"] = _hole_rule_text(game.hole_rule, game.hole_cards)
    out["ranking"] = [str(c) for c in game.ranking]
    out["ace_low"] = game.ace_low_as is not None
    if game.wild is not None and game.wild.source == "cards":
        out.update(_wild_cards_keys(game))
    elif game.wild is not None:
        out["wild"] = "exchange" if game.wild.source == "exchange" else RANKS[game.wild.rank]
    if game.wild is not None and game.wild.natural_first:
        out["natural_beats_wild"] = True
    if game.low is not None:
        q = game.low.qualifier
        out["low"] = {"kind": game.low.kind, "qualifier": "none" if q is None else RANKS[q]}
    out["pot_modes"] = list(game.pot_modes)
    out["max_players"] = game.max_players
    draws = [p for p in game.phases if isinstance(p, Draw)]
    if draws and draws[0] != Draw():
        out["draw"] = {"limit": draws[0].limit, "limit_with_ace": draws[0].limit_with_ace}
    discards = [p for p in game.phases if isinstance(p, Discard)]
    if discards:
        out["discard"] = {"after": discards[0].after_street, "cards": discards[0].cards}
    if game.boards != 1:
        out["boards"] = game.boards
    if game.kill_cards:
        out["kill"] = [card_text(c) for c in game.kill_cards]
    if game.high_qualifier:
        out["high_qualifier"] = "".join(card_text(c) for c in game.high_qualifier)
    if game.stud:
        out["stud"] = list(game.stud)
    if game.wild_follows is not None:
        out["wild_follows"] = RANKS[game.wild_follows]
    rebuilt = game_from_dict(out)
    if rebuilt != game:
        different = [f for f in game.__dataclass_fields__ if getattr(rebuilt, f) != getattr(game, f)]
        raise GameError(f"game {game.name!r}: cannot be written as keywords ({', '.join(different)} "
                        "would change)")
    return out


def _wild_cards_keys(game: Game) -> dict[str, Any]:
    """The ``wild``, ``jokers`` and ``joker`` keys of a game whose wild cards are listed."""
    out: dict[str, Any] = {}
    cards = [c for c in game.wild.cards if c < 52]
    items = []
    for rank in sorted({c >> 2 for c in cards}):
        whole = [4 * rank + suit for suit in game.deck_suits]
        if all(c in cards for c in whole):
            items.append(RANKS[rank])
        else:
            items += [card_text(c) for c in cards if c >> 2 == rank]
    if items:
        out["wild"] = items
    if game.jokers:
        out["jokers"] = game.jokers
    if game.wild.bug:
        out["joker"] = "bug"
    return out


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a valid TOML basic string
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, (list, tuple)):
        items = [_toml_value(v) for v in value]
        one_line = "[" + ", ".join(items) + "]"
        if (value and isinstance(value[0], Mapping)) or len(one_line) > 80:
            return "[\n" + "".join(f"    {item},\n" for item in items) + "]"
        return one_line
    raise TypeError(f"cannot write {value!r} as TOML")


def game_to_toml(game: Game) -> str:
    """The game file (TOML) of a game: :func:`game_from_toml` reads it back as an equal game.

    Examples
    --------
    >>> from equity.games import GAMES
    >>> text = game_to_toml(GAMES["eldorado"])
    >>> print(text[text.index("phases"):text.index("hand_size")].strip())
    phases = ["flop", "exchange", "last"]
    >>> game_from_toml(text) == GAMES["eldorado"]
    True
    """
    title = " ".join(game.title.split())  # one comment line, whatever the title holds
    lines = [f"# {title}: equity game file (docs/custom_games.md)"]
    lines += [f"{key} = {_toml_value(value)}" for key, value in game_to_dict(game).items()]
    return "\n".join(lines) + "\n"


def save_game(game: Game, path: str | os.PathLike) -> Path:
    """Write ``game`` to a game file (TOML) at ``path``; return the path."""
    file = Path(path)
    file.write_text(game_to_toml(game), encoding="utf-8")
    return file


def variant(game: Game, name: str, **changes: Any) -> Game:
    """A checked copy of ``game`` under a new name with some :class:`Game` fields changed.

    Examples
    --------
    >>> from equity.games import GAMES
    >>> short = variant(GAMES["holdem"], "sixplus", title="Six-plus Hold'em",
    ...                 deck_ranks=tuple(range(4, 13)), max_players=14)
    >>> short.deck_size, short.ace_low_as  # the ace plays low as a five: A-6-7-8-9
    (36, 3)
    """
    unknown = sorted(set(changes) - set(Game.__dataclass_fields__) - {"name"})
    if unknown:
        raise GameError(f"variant {name!r}: {', '.join(map(repr, unknown))} is not a Game field (fields: "
                        f"{', '.join(Game.__dataclass_fields__)})")
    for field in ("deck_ranks", "deck_suits"):
        if field not in changes:
            continue
        value = changes[field]
        if not isinstance(value, tuple) or not value or not all(
                isinstance(i, int) and not isinstance(i, bool) for i in value):
            raise GameError(f"variant {name!r}: {field} must be a non-empty tuple of indexes (ranks 0 = "
                            f"deuce to 12 = ace; suits 0 to 3), got {value!r}; define_game reads text "
                            "such as deck='6-A'")
    for field, value in changes.items():  # the same type as the field has in the game copied
        before = getattr(game, field)
        if before is None or value is None:
            continue
        kind = type(before)
        if isinstance(value, bool) != isinstance(before, bool) or not isinstance(value, kind):
            raise GameError(f"variant {name!r}: {field} must be of type {kind.__name__}, like the "
                            f"{game.name} game's {before!r}; got {value!r}")
    return check_game(replace(game, name=name, **changes))
