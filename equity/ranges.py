"""Starting-hand range notation for two-card games: ``"QQ+, AKs, A5s-A2s, KQo:0.5"``.

A range is a set of two-card combos, each with a weight.  Tokens, separated by
commas:

* a pair ``AA``; ``TT+`` (tens and better); ``TT-77`` (tens down to sevens);
* suited or offsuit hands ``AKs``, ``AKo``, and ``AK`` for both;
* ``A2s+`` (the kicker rising to one below the top card: A2s .. AKs);
  ``KQo-K9o`` (the same top card, kickers from Q down to 9); ``76s-54s``
  (both cards falling together: 76s, 65s, 54s);
* explicit combos ``AhKh``;
* ``:w`` after any token gives its combos weight ``w`` (default 1); a combo
  named twice keeps the weight of its last mention.

Ranks outside the game's deck are an error, and combos holding a known card are
left out (an empty range is an error).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from equity.cards import CardsLike, card_codes, card_text, format_cards, parse_rank, suit_letters
from equity.errors import InvalidInputError
from equity.games import Game, get_game

__all__ = ["Range", "parse_range"]

_CLASS = r"([2-9TJQKA]|10)([2-9TJQKA]|10)([so]?)"
_TOKEN_CLASS = re.compile(rf"^{_CLASS}(\+)?$", re.IGNORECASE)
_TOKEN_SPAN = re.compile(rf"^{_CLASS}-{_CLASS}$", re.IGNORECASE)


@dataclass(frozen=True)
class Range:
    """Two-card combos (``uint8[n, 2]``, higher card first) and their weights (``float64[n]``)."""

    text: str
    combos: np.ndarray
    weights: np.ndarray

    def __len__(self) -> int:
        return len(self.combos)

    def __str__(self) -> str:
        return self.text

    def combo_texts(self) -> list[str]:
        """Each combo as text, e.g. ``'AhKh'``."""
        return [format_cards(c) for c in self.combos]


def _rank(symbol: str, token: str) -> int:
    try:
        return parse_rank(symbol)
    except InvalidInputError:
        raise InvalidInputError(f"range token {token!r}: unknown rank {symbol!r}") from None


def _class_combos(high: int, low: int, kind: str) -> list[tuple[int, int]]:
    """Combos of one hand class: pair, suited (``s``), offsuit (``o``) or both (``''``)."""
    out = []
    for s1 in range(4):
        for s2 in range(4):
            a, b = 4 * high + s1, 4 * low + s2
            if high == low:
                if s1 < s2:
                    out.append((b, a))
            elif (kind == "s" and s1 == s2) or (kind == "o" and s1 != s2) or kind == "":
                out.append((a, b))
    return out


def _classes(token: str, game: Game) -> list[tuple[int, int, str]]:
    """The hand classes (high rank, low rank, kind) a class token names; every rank the token
    names (a span's ends too) must be in the game's deck."""
    deck_ranks = game.deck_ranks
    text = token.upper().replace("10", "T")
    for symbol in (m.group(0) for m in re.finditer(r"[2-9TJQKA]", text)):
        if _rank(symbol, token) not in deck_ranks:
            raise InvalidInputError(f"range token {token!r}: rank {symbol} is not in the {game.name} "
                                    f"deck ({game.describe_deck()})")
    if (m := _TOKEN_CLASS.match(text)) is not None:
        high, low = _rank(m.group(1), token), _rank(m.group(2), token)
        kind, plus = m.group(3).lower(), m.group(4)
        if high < low:
            high, low = low, high
        if high == low and kind:
            raise InvalidInputError(f"range token {token!r}: a pair is neither suited nor offsuit")
        if not plus:
            return [(high, low, kind)]
        if high == low:
            return [(r, r, "") for r in deck_ranks if r >= high]
        return [(high, k, kind) for k in deck_ranks if low <= k < high]
    if (m := _TOKEN_SPAN.match(text)) is not None:
        h1, l1, k1 = _rank(m.group(1), token), _rank(m.group(2), token), m.group(3).lower()
        h2, l2, k2 = _rank(m.group(4), token), _rank(m.group(5), token), m.group(6).lower()
        h1, l1 = max(h1, l1), min(h1, l1)
        h2, l2 = max(h2, l2), min(h2, l2)
        if k1 != k2:
            raise InvalidInputError(f"range token {token!r}: both ends must be suited, offsuit, or neither")
        if k1 and (h1 == l1 or h2 == l2):
            raise InvalidInputError(f"range token {token!r}: a pair is neither suited nor offsuit")
        if h1 == l1 and h2 == l2:  # pairs TT-77
            top, bottom = max(h1, h2), min(h1, h2)
            return [(r, r, "") for r in deck_ranks if bottom <= r <= top]
        if h1 == h2 and l1 != h1 and l2 != h2:  # same top card: KQo-K9o
            top, bottom = max(l1, l2), min(l1, l2)
            return [(h1, k, k1) for k in deck_ranks if bottom <= k <= top]
        if h1 - l1 == h2 - l2 and h1 != l1:  # both falling together: 76s-54s
            top, bottom = max(h1, h2), min(h1, h2)
            gap = h1 - l1
            return [(h, h - gap, k1) for h in deck_ranks if bottom <= h <= top and h - gap in deck_ranks]
        raise InvalidInputError(
            f"range token {token!r}: a span keeps the top card (KQo-K9o), the gap (76s-54s), "
            "or runs over pairs (TT-77)"
        )
    raise InvalidInputError(
        f"cannot read range token {token!r}: write pairs (AA, TT+, TT-77), hands (AKs, AKo, AK, A2s+, "
        "KQo-K9o, 76s-54s) or combos (AhKh), optionally with a weight (AA:0.5)"
    )


def parse_range(text: str, *, game: str | Game = "holdem", dead: CardsLike | None = None) -> Range:
    """Read range notation into combos and weights, leaving out combos that hold ``dead`` cards.

    Parameters
    ----------
    text
        Range notation, e.g. ``"QQ+, AKs, KQo:0.5"`` (see the module docstring).
    game
        A two-card game; its deck limits the ranks (Spanish poker: 8 to A).
    dead
        Known cards (the board, other players' cards): combos holding one are left out.

    Examples
    --------
    >>> len(parse_range("AKs")), len(parse_range("AKo")), len(parse_range("TT+"))
    (4, 12, 30)
    >>> len(parse_range("AKs", dead="Ah"))
    3
    >>> parse_range("AhKh, QQ:0.5").weights.tolist()
    [1.0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]
    """
    g = get_game(game)
    if g.hole_cards != 2:
        raise InvalidInputError(f"range notation is for two-card games; {g.name} deals {g.hole_cards}")
    if not isinstance(text, str):
        raise InvalidInputError(f"a range is text such as 'QQ+, AKs'; got {text!r}")
    dead_codes = set(card_codes(dead).tolist()) if dead is not None and str(dead).strip() else set()
    chosen: dict[tuple[int, int], float] = {}
    tokens = [t.strip() for t in text.split(",") if t.strip()]
    if not tokens:
        raise InvalidInputError("empty range: give at least one hand, e.g. 'AA' or 'AKs'")
    for token in tokens:
        body, colon, weight_text = token.partition(":")
        body = suit_letters(body.strip())
        weight = 1.0
        if colon:
            try:
                weight = float(weight_text)
            except ValueError:
                raise InvalidInputError(
                    f"range token {token!r}: weight {weight_text!r} is not a number") from None
            if not 0 <= weight <= 1 or weight != weight:
                raise InvalidInputError(f"range token {token!r}: weight {weight} must be between 0 and 1")
        as_cards = body.replace("10", "T")  # a combo such as 10h9h
        if len(as_cards) == 4 and as_cards[1].lower() in "cdhs" and as_cards[3].lower() in "cdhs":
            cards = card_codes(as_cards)
            combos = [(int(max(cards)), int(min(cards)))]
        else:
            combos = []
            for high, low, kind in _classes(body, g):
                combos.extend(_class_combos(high, low, kind))
        for a, b in combos:
            for code in (a, b):
                if code not in g.deck:
                    raise InvalidInputError(
                        f"range token {token!r}: '{card_text(code)}' is not in the {g.name} deck "
                        f"({g.describe_deck()})"
                    )
        for combo in combos:
            chosen.pop(combo, None)
            chosen[combo] = weight
    if all(w == 0 for w in chosen.values()):
        raise InvalidInputError(f"range {text!r} gives every hand weight 0: nothing to deal")
    live = [(c, w) for c, w in chosen.items() if c[0] not in dead_codes and c[1] not in dead_codes]
    if not live or all(w == 0 for _, w in live):
        raise InvalidInputError(f"range {text!r} has no live combo left beside the known cards")
    combos = np.array([c for c, _ in live], dtype=np.uint8).reshape(-1, 2)
    weights = np.array([w for _, w in live], dtype=np.float64)
    return Range(text, combos, weights)

