"""Card encoding: the one place that knows how a card is written and stored.

A card is a ``uint8`` code ``4 * rank + suit`` with rank 0..12 for 2..A and suit
0..3 for clubs, diamonds, hearts, spades; the two jokers of a deck with jokers are codes 52
and 53, written ``X1`` and ``X2``.  Text may be written ``"AhKd"``,
``"Ah Kd"``, ``"Ah,Kd"``, with ``10`` for ``T``, ranks and suits in any case, and
the suit symbols ``♣ ♦ ♥ ♠`` (a Unicode variation selector after a symbol is
ignored).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import numpy as np

from equity.errors import CardError

__all__ = [
    "ACE",
    "RANKS",
    "SUITS",
    "RANK_NAMES",
    "RANK_PLURALS",
    "card_code",
    "card_codes",
    "card_text",
    "format_cards",
    "CARD_TEXT",
    "row_texts",
    "parse_rank",
    "parse_wild_rank",
    "NO_WILD_NAMES",
    "CardsLike",
    "JOKERS",
    "N_CODES",
]

RANKS = "23456789TJQKA"
#: Rank index of the ace (ranks 0..12 are 2..A).
ACE = RANKS.index("A")
SUITS = "cdhs"
#: The jokers' codes (a game's deck holds the first ``jokers`` of them), written X1 and X2.
JOKERS = (52, 53)
#: Card codes run from 0 to ``N_CODES - 1``.
N_CODES = 54
RANK_NAMES = (
    "deuce", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
)
RANK_PLURALS = (
    "deuces", "threes", "fours", "fives", "sixes", "sevens", "eights",
    "nines", "tens", "jacks", "queens", "kings", "aces",
)

_SUIT_SYMBOLS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s", "♧": "c", "♢": "d", "♡": "h", "♤": "s"}
_SEPARATORS = re.compile(r"[\s,;\ufe0e\ufe0f]+")
# ASCII only: with Unicode case folding, the long s (ſ) would match 's' and the Kelvin sign 'k'
_CARD = re.compile(r"(10|[2-9tjqka])([cdhs])|x[12]", re.IGNORECASE | re.ASCII)

CardsLike = str | Sequence[str] | Sequence[int] | np.ndarray


def parse_rank(rank: str | int) -> int:
    """Return the rank index 0..12 of ``"2"``..``"A"`` (``"10"`` and ``"T"`` both mean ten).

    Examples
    --------
    >>> parse_rank("K"), parse_rank("10"), parse_rank(12)
    (11, 8, 12)
    """
    if isinstance(rank, (bool, np.bool_)):
        raise CardError(f"rank {rank!r}: give a rank as text (2 3 4 5 6 7 8 9 T J Q K A)")
    if isinstance(rank, (int, np.integer)):
        if 0 <= int(rank) <= 12:
            return int(rank)
        raise CardError(f"rank {rank!r} is out of range: rank indexes run from 0 (deuce) to 12 (ace)")
    text = str(rank).strip()
    text = text.upper() if text.isascii() else text  # 'ſ'.upper() is 'S': fold ASCII only
    if text == "10":
        text = "T"
    if len(text) != 1 or text not in RANKS:
        raise CardError(f"unknown rank {rank!r}: ranks are 2 3 4 5 6 7 8 9 T (or 10) J Q K A")
    return RANKS.index(text)


#: Ways of writing "no wild rank" wherever a wild rank may be given.
NO_WILD_NAMES = ("none", "-", "")


def parse_wild_rank(wild: str | int) -> int:
    """Return the rank index of a wild rank, as :func:`parse_rank`, or -1 for no wild rank
    (``"none"``, ``"-"`` or ``""``).

    Examples
    --------
    >>> parse_wild_rank("K"), parse_wild_rank("none")
    (11, -1)
    """
    if isinstance(wild, str) and wild.strip().lower() in NO_WILD_NAMES:
        return -1
    return parse_rank(wild)


def card_code(card: str) -> int:
    """Return the code of one card written as text, e.g. ``"Ah"`` -> 50."""
    codes = card_codes(card)
    if len(codes) != 1:
        raise CardError(f"expected one card, got {len(codes)} in {card!r}")
    return int(codes[0])


def suit_letters(text: str) -> str:
    """``text`` with suit symbols (♣ ♦ ♥ ♠, ♧ ♢ ♡ ♤) written as the letters c d h s and
    emoji variation selectors dropped."""
    return "".join(_SUIT_SYMBOLS.get(ch, ch) for ch in text if ch not in "\ufe0e\ufe0f")


def _split_text(text: str) -> list[str]:
    normalized = suit_letters(text)
    cards: list[str] = []
    for chunk in _SEPARATORS.split(normalized):
        position = 0
        while position < len(chunk):
            match = _CARD.match(chunk, position)
            if match is None:
                rest = chunk[position:]
                raise CardError(
                    f"cannot read a card at {rest[:3]!r} in {text!r}: a card is a rank "
                    "(2-9, T or 10, J, Q, K, A) followed by a suit (c d h s or ♣ ♦ ♥ ♠), or a "
                    "joker (X1, X2)"
                )
            cards.append(match.group(0))
            position = match.end()
    return cards


def _text_code(card: str) -> int:
    if card[0] in "xX":
        return JOKERS[int(card[1]) - 1]
    rank, suit = card[:-1], card[-1].lower()
    return 4 * parse_rank(rank) + SUITS.index(suit)


def card_codes(cards: CardsLike | Iterable[str | int], *, allow_duplicates: bool = False) -> np.ndarray:
    """Return the codes of the given cards as a ``uint8`` array.

    Parameters
    ----------
    cards
        Text such as ``"AhKd"``, ``"J♥ 10♣ 5♥"`` or ``"Ah,Kd"``; a sequence of card
        strings; or integer codes ``4 * rank + suit``.
    allow_duplicates
        Accept the same card twice (never needed for one hand; rows of many deals
        are checked elsewhere).

    Raises
    ------
    CardError
        For text that is not a card, a code outside 0..53, or a duplicate card.

    Examples
    --------
    >>> card_codes("Ah Kd").tolist()
    [50, 45]
    >>> format_cards(card_codes("J♥10♣5♥"))
    'JhTc5h'
    """
    if isinstance(cards, np.ndarray) and cards.dtype.kind in "iu":
        codes = [int(c) for c in cards.ravel()]
    elif isinstance(cards, str):
        codes = [_text_code(c) for c in _split_text(cards)]
    elif not isinstance(cards, Iterable) or isinstance(cards, (bytes, dict)):
        raise CardError(f"cannot read {cards!r} as cards: give text like 'AhKd', card strings "
                        "or codes 0..53")
    else:
        codes = []
        for item in cards:
            if isinstance(item, str):
                codes.extend(_text_code(c) for c in _split_text(item))
            elif isinstance(item, (int, np.integer)) and not isinstance(item, (bool, np.bool_)):
                codes.append(int(item))
            else:
                raise CardError(f"cannot read {item!r} as a card: give text like 'Ah' or a code 0..53")
    for code in codes:
        if not 0 <= code < N_CODES:
            raise CardError(f"card code {code} is out of range: {_CODE_RANGE}")
    if not allow_duplicates:
        seen: set[int] = set()
        for code in codes:
            if code in seen:
                raise CardError(f"duplicate card '{card_text(code)}'")
            seen.add(code)
    return np.asarray(codes, dtype=np.uint8)


def card_text(code: int) -> str:
    """Return the two-character text of a card code, e.g. 50 -> ``"Ah"``, 52 -> ``"X1"``."""
    code = int(code)
    if not 0 <= code < N_CODES:
        raise CardError(f"card code {code} is out of range: {_CODE_RANGE}")
    return str(CARD_TEXT[code])


def format_cards(codes: CardsLike | Iterable[str | int] | int, sep: str = "") -> str:
    """Return cards as text, e.g. ``[50, 45]`` -> ``"AhKd"``; ``sep`` goes between cards.

    ``codes`` is read as :func:`card_codes` reads cards (codes or card text; an array of
    any shape, row after row), except that a card may appear twice.

    Raises
    ------
    CardError
        For a number that is not a whole code 0..53 (``50.7``) or text that is not a card.

    Examples
    --------
    >>> format_cards([50, 45]), format_cards(["Ah", "10c"], sep=" ")
    ('AhKd', 'Ah Tc')
    """
    if isinstance(codes, np.ndarray):
        codes = codes.ravel()
    elif isinstance(codes, (int, np.integer)) and not isinstance(codes, (bool, np.bool_)):
        codes = [codes]
    return sep.join(CARD_TEXT[c] for c in card_codes(codes, allow_duplicates=True))


#: The text of every card code, as an array to index with arrays of codes.
CARD_TEXT = np.array([RANKS[c >> 2] + SUITS[c & 3] for c in range(52)] + ["X1", "X2"], dtype=object)
_CODE_RANGE = "codes run from 0 (2c) to 51 (As), and 52 and 53 are the jokers X1 and X2"


def row_texts(codes: np.ndarray) -> np.ndarray:
    """The text of each row of card codes (``uint8[rows, cards]``), e.g. ``'AhKd'``; empty text
    for rows of no cards.

    Examples
    --------
    >>> row_texts(np.array([[50, 45], [0, 4]], dtype=np.uint8)).tolist()
    ['AhKd', '2c3c']
    """
    if codes.shape[1] == 0:
        return np.full(codes.shape[0], "", dtype=object)
    text = CARD_TEXT[codes[:, 0]]
    for k in range(1, codes.shape[1]):
        text = text + CARD_TEXT[codes[:, k]]
    return text
