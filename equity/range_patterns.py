"""Hand patterns for ranges in games of any number of hole cards (``AA**``, ``AxKx**``, ``[AKQ]*``).

A pattern names one *atom* per hole card, and a hand matches when its cards can be given one to
each atom, every card fitting its atom:

* a rank ``A`` .. ``2`` (``T`` or ``10`` for ten); ``*`` any rank; a rank group ``[AKQ]`` or a
  span ``[A-T]`` (any of those ranks; ``[A-T2]`` mixes both);
* after the rank part, a suit (``Ah``: the ace of hearts, ``*h``: any heart) or a suit variable,
  lower case, ``x``, ``y``, ``z`` or ``w``: atoms with the same variable hold cards of one suit, atoms with
  different variables cards of different suits (``AxKx``: an ace and a king of one suit;
  ``AxAy``: two aces, of different suits as any two aces are);
* ``x`` where no rank comes before it, ``X``, and a run of two or more ``x`` ending the pattern,
  stand for any card: ``AAxx`` is ``AA**`` (two aces and any two other cards, aces among them too).

A pattern may end with a suit shape, or be a shape alone (any hand of that shape):
``double-suited`` (``ds``: exactly two suits hold two cards each, none holds more),
``single-suited`` (``ss``: exactly one suit holds two cards, none more) and ``rainbow`` (no two
cards of one suit).  ``AA** ds`` is double-suited aces.

The matching hands come from listing every hand of the cards left live (270,725 in Omaha) and
keeping those that match.  Where the live cards make more than :data:`ENUMERATED_HANDS` hands
(seven-card hands of a 52-card deck), hands are drawn at random instead (seeded; at most
:data:`SAMPLE_DRAWS`), the matching ones kept as a sample of the pattern's hands and their number
estimated from the share that matched: a narrow pattern there gives a small sample.
"""

from __future__ import annotations

import itertools
import re
from functools import lru_cache
from math import comb

import numpy as np

from equity.cards import N_CODES, RANKS, SUITS
from equity.errors import InvalidInputError
from equity.games import Game

__all__ = ["ENUMERATED_HANDS", "SAMPLE_DRAWS", "SHAPES", "read_pattern", "pattern_matches",
           "pattern_combos", "all_hands"]

#: Games whose live cards make at most this many hands have their patterns matched against
#: every hand; above it, hands are drawn at random.
ENUMERATED_HANDS = 3_000_000
#: The most random hands drawn to sample a pattern where hands are not listed.
SAMPLE_DRAWS = 4_000_000
#: Suit shapes by the words that name them.
SHAPES = {"double-suited": "ds", "doublesuited": "ds", "ds": "ds", "single-suited": "ss",
          "singlesuited": "ss", "ss": "ss", "rainbow": "rainbow"}
_VARIABLES = "wxyz"
_RANK_CHARS = "23456789TJQKA"
_TWO_CARD = re.compile(r"^[2-9TJQKA]{2}(?:[so]\+?|\+|[so]?-[2-9TJQKA]{2}[so]?)$", re.IGNORECASE)


def _fail(token: str, g: Game, why: str) -> InvalidInputError:
    example = "AA**, AxKx**, [AKQ]***" if g.hole_cards == 4 else (
        "AA*, AxKx*, [AKQ]**" if g.hole_cards == 3 else "A*, AxKx, [AK][QJ]")
    return InvalidInputError(f"cannot read range token {token!r}: {why} (patterns name one card per "
                             f"hole card, e.g. {example})")


def _rank_index(symbol: str, token: str, g: Game) -> int:
    r = _RANK_CHARS.index(symbol.upper())
    if r not in g.deck_ranks:
        raise InvalidInputError(f"range token {token!r}: rank {RANKS[r]} is not in the {g.name} deck "
                                f"({g.describe_deck()})")
    return r


def _group(inside: str, token: str, g: Game) -> set[int]:
    """The ranks of a rank group ``[AKQ]``, ``[A-T]``, ``[A-T2]``."""
    ranks: set[int] = set()
    k = 0
    while k < len(inside):
        c = inside[k]
        if c.upper() not in _RANK_CHARS:
            raise _fail(token, g, f"{c!r} in the rank group [{inside}] is not a rank")
        if k + 2 < len(inside) and inside[k + 1] == "-":
            if inside[k + 2].upper() not in _RANK_CHARS:
                raise _fail(token, g, f"{inside[k + 2]!r} in the rank group [{inside}] is not a rank")
            a, b = _rank_index(c, token, g), _rank_index(inside[k + 2], token, g)
            ranks.update(r for r in g.deck_ranks if min(a, b) <= r <= max(a, b))
            k += 3
        else:
            ranks.add(_rank_index(c, token, g))
            k += 1
    if not ranks:
        raise _fail(token, g, "an empty rank group []")
    return ranks


def read_pattern(body: str, token: str, g: Game) -> tuple[list[tuple[int, int]], str | None]:
    """The atoms of a pattern (each a 52-bit mask of the cards it admits and a suit variable,
    -1 for none) and its suit shape (``"ds"``, ``"ss"``, ``"rainbow"`` or None)."""
    words = body.split()
    shape = None
    if words and words[-1].lower() in SHAPES:
        shape = SHAPES[words.pop().lower()]
    text = "".join(words).replace("10", "T")
    if not text:
        if shape is None:
            raise _fail(token, g, "no pattern")
        text = "*" * g.hole_cards
    trailing = re.search(r"[xX]{2,}$", text)
    if trailing:
        text = text[: trailing.start()] + "*" * len(trailing.group(0))
    atoms: list[tuple[int, int]] = []
    variables: dict[str, int] = {}
    i = 0
    while i < len(text):
        c = text[i]
        if c == "*" or c in "xX":
            ranks = set(g.deck_ranks)
            i += 1
        elif c == "[":
            j = text.find("]", i)
            if j < 0:
                raise _fail(token, g, "a rank group [ without its ]")
            ranks = _group(text[i + 1:j], token, g)
            i = j + 1
        elif c.upper() in _RANK_CHARS:
            ranks = {_rank_index(c, token, g)}
            i += 1
        else:
            raise _fail(token, g, f"{text[i:i + 3]!r} is not a rank, a rank group or *")
        suits = set(g.deck_suits)
        variable = -1
        if i < len(text) and text[i].lower() in SUITS:
            suit = SUITS.index(text[i].lower())
            if suit not in g.deck_suits:
                raise InvalidInputError(f"range token {token!r}: suit {text[i].lower()} is not in the "
                                        f"{g.name} deck ({g.describe_deck()})")
            suits = {suit}
            i += 1
        elif i < len(text) and text[i] in _VARIABLES:
            variable = variables.setdefault(text[i], len(variables))
            i += 1
        atoms.append((sum(1 << (4 * r + s) for r in ranks for s in suits), variable))
    if len(variables) > len(g.deck_suits):
        raise InvalidInputError(f"range token {token!r}: {len(variables)} suit variables, and the "
                                f"{g.name} deck has {len(g.deck_suits)} suits")
    return atoms, shape


@lru_cache(maxsize=64)
def _assignments(atoms: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    """Every way to give a hand's positions to the atoms, up to swapping identical atoms: per
    way, the atom each position goes to."""
    first = {}
    label = [first.setdefault(atom, k) for k, atom in enumerate(atoms)]
    ways = dict.fromkeys(tuple(label[p] for p in perm) for perm in itertools.permutations(range(len(atoms))))
    return tuple(ways)


def _shape_ok(shape: str | None, suits: np.ndarray) -> np.ndarray:
    counts = (suits[:, :, None] == np.arange(4)).sum(axis=1)
    pairs, most = (counts == 2).sum(axis=1), counts.max(axis=1)
    if shape == "ds":
        return (pairs == 2) & (most <= 2)
    if shape == "ss":
        return (pairs == 1) & (most <= 2)
    return most <= 1


def pattern_matches(atoms: list[tuple[int, int]], shape: str | None, hands: np.ndarray) -> np.ndarray:
    """Which rows of ``hands`` (``uint8[n, len(atoms)]``) match the pattern (bool[n])."""
    n, h = hands.shape
    # (a joker, code 52 or 53, has no rank or suit: no atom takes it)
    fits = np.array([[(mask >> c) & 1 if c < 52 else 0 for c in range(N_CODES)] for mask, _ in atoms],
                    dtype=bool)
    ok = fits[:, hands]  # [atom, hand, position]
    suits = hands & 3
    variable = [v for _, v in atoms]
    found = np.zeros(n, dtype=bool)
    for way in _assignments(tuple(atoms)):
        m = np.ones(n, dtype=bool)
        for p, a in enumerate(way):
            m &= ok[a, :, p]
        for p, q in itertools.combinations(range(h), 2):
            vp, vq = variable[way[p]], variable[way[q]]
            if vp >= 0 and vq >= 0:
                m &= (suits[:, p] == suits[:, q]) if vp == vq else (suits[:, p] != suits[:, q])
        found |= m
    if shape is not None:
        found &= _shape_ok(shape, suits)
    return found


@lru_cache(maxsize=8)
def all_hands(live: tuple[int, ...], size: int) -> np.ndarray:
    """Every hand of ``size`` cards of ``live`` (codes, highest first), ``uint8[C(n, size), size]``,
    each row highest card first, rows in descending order."""
    order = sorted(live, reverse=True)
    count = comb(len(order), size)
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(order, size)),
                       dtype=np.uint8, count=count * size)
    hands = flat.reshape(count, size)
    hands.flags.writeable = False
    return hands


def _sampled(atoms, shape, live: list[int], size: int, seed: int, most: int) -> tuple[np.ndarray, int]:
    """Matching hands among random hands of ``live`` (up to ``most`` distinct ones, from at most
    :data:`SAMPLE_DRAWS` draws), and the estimated number of matching hands."""
    rng = np.random.default_rng([seed, 1])
    cards = np.array(live, dtype=np.uint8)
    kept: dict[int, np.ndarray] = {}
    drawn = hits = 0
    block = 100_000
    while drawn < SAMPLE_DRAWS and len(kept) < most:
        pick = np.argpartition(rng.random((block, len(cards))), size, axis=1)[:, :size]
        hands = -np.sort(-cards[pick].astype(np.int16), axis=1)
        hands = hands.astype(np.uint8)
        match = pattern_matches(atoms, shape, hands)
        drawn += block
        hits += int(match.sum())
        rows = hands[match]
        masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), rows.astype(np.uint64)), axis=1)
        for mask, row in zip(masks.tolist(), rows, strict=True):
            if len(kept) < most:
                kept.setdefault(mask, row)
    combos = np.array(list(kept.values()), dtype=np.uint8).reshape(-1, size)
    return combos, round(hits / drawn * comb(len(cards), size))


def pattern_combos(body: str, token: str, g: Game, dead: set[int],
                   seed: int) -> tuple[np.ndarray, int | None]:
    """The live hands a pattern token matches, and None; or, where the game's hands are not
    listed, a sample of them and their estimated number."""
    from equity.ranges import MAX_COMBOS

    h = g.hole_cards
    if h != 2 and _TWO_CARD.match(body.replace("10", "T")):
        raise InvalidInputError(f"range token {token!r} is two-card notation, and {g.name} hands have {h} "
                                f"cards: write a pattern of {h} cards, e.g. {'AA' + '*' * (h - 2)} or "
                                f"{'AxKx' + '*' * (h - 2)} (docs/ranges.md)")
    atoms, shape = read_pattern(body, token, g)
    if len(atoms) != h:
        hint = (f" (write {body.strip()}{'*' * (h - len(atoms))} for any other cards)"
                if len(atoms) < h else "")
        raise InvalidInputError(f"range token {token!r} names {len(atoms)} cards; {g.name} hands have "
                                f"{h}{hint}")
    if shape == "ds" and h < 4 or shape == "ss" and h < 2:
        raise InvalidInputError(f"range token {token!r}: {g.name} hands of {h} cards cannot be "
                                f"{'double' if shape == 'ds' else 'single'}-suited")
    live = [c for c in g.deck if c not in dead]
    if comb(len(live), h) > ENUMERATED_HANDS:
        combos, total = _sampled(atoms, shape, live, h, seed, MAX_COMBOS)
        if not len(combos):
            raise InvalidInputError(f"range token {token!r}: no matching hand among {SAMPLE_DRAWS:,} random "
                                    f"{g.name} hands; list the hands instead")
        return combos, total
    hands = all_hands(tuple(live), h)
    combos = hands[pattern_matches(atoms, shape, hands)]
    if not len(combos) and (not dead or not pattern_matches(
            atoms, shape, all_hands(tuple(g.deck), h)).any()):
        raise InvalidInputError(f"range token {token!r} matches no {g.name} hand")
    return combos, None
