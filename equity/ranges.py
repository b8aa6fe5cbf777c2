"""Ranges: weighted sets of starting hands in every game, read from text and written back.

A range is a set of combos (one row of hole cards each) with a weight each.  Tokens are
separated by commas; ``:w`` after any token gives its combos weight ``w`` (0 to 1, default 1),
and a combo named twice keeps the weight of its last mention.

Two-card games (Hold'em, Spanish poker, Egyptian Hold'em, El Dorado, two-card custom games):

* a pair ``AA``; ``TT+`` (tens and better); ``TT-77`` (tens down to sevens);
* suited or offsuit hands ``AKs``, ``AKo``, and ``AK`` for both;
* ``A2s+`` (the kicker rising to one below the top card: A2s .. AKs);
  ``KQo-K9o`` (the same top card, kickers from Q down to 9); ``76s-54s``
  (both cards falling together: 76s, 65s, 54s);
* explicit combos ``AhKh``.

Every game with hole cards (:mod:`equity.range_patterns`): patterns of one atom per hole card,
``AA**`` or ``AAxx`` (two aces and any two other cards), rank groups ``[AKQ]`` and ``[A-T]``,
suit variables ``AxKx`` (an ace and a king of one suit; ``x``, ``y``, ``z``, ``w`` stand for
different suits), ``double-suited`` / ``ds``, ``single-suited`` / ``ss`` and ``rainbow`` after
a pattern or alone, and explicit hands ``AhKhQh``.

Percent ranges in the games with a hand ordering (:mod:`equity.hand_orders`): ``15%`` or
``top 15%`` (the best 15% of the game's combos), ``5%-15%`` (from the 5th to the 15th
percent).

Ranks outside the game's deck are an error, and combos holding a known card are left out (an
empty range is an error).  A range of more than :data:`MAX_COMBOS` combos is sampled: that many
of its combos, drawn at random with a seed, stand for it, with a :class:`RangeSampledWarning`.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass, field

import numpy as np

from equity.cards import RANKS, CardsLike, card_codes, card_text, format_cards, parse_rank, suit_letters
from equity.errors import InvalidInputError
from equity.games import Game, get_game

__all__ = ["Range", "parse_range", "RangeSampledWarning", "MAX_COMBOS", "RANGE_SEED"]

#: The most combos a range lists; a larger one is sampled down to this many (seeded).  Every
#: Omaha hand (270,725) is listed; five-card draw's 2,598,960 hands are sampled.
MAX_COMBOS = 300_000
#: The default seed of a sampled range.
RANGE_SEED = 29

_CLASS = r"([2-9TJQKA]|10)([2-9TJQKA]|10)([so]?)"
_TOKEN_CLASS = re.compile(rf"^{_CLASS}(\+)?$", re.IGNORECASE)
_TOKEN_SPAN = re.compile(rf"^{_CLASS}-{_CLASS}$", re.IGNORECASE)
_TWO_CARD_ONLY = re.compile(rf"^{_CLASS}(\+|-{_CLASS})?$", re.IGNORECASE)
_PERCENT = re.compile(r"^(?:top\s*)?(\d+(?:\.\d*)?|\.\d+)\s*%(?:\s*-\s*(\d+(?:\.\d*)?|\.\d+)\s*%)?$",
                      re.IGNORECASE)


class RangeSampledWarning(UserWarning):
    """A range held more combos than :data:`MAX_COMBOS`: a seeded sample of them stands for it."""


@dataclass(frozen=True, eq=False)
class Range:
    """Combos (``uint8[n, hole_cards]``, each row's cards highest first) and their weights
    (``float64[n]``).

    Attributes
    ----------
    text
        The text the range was read from.
    combos, weights
        The combos and their weights.
    game
        The game the range was read for (Hold'em when built directly).
    dead
        The known cards its combos were kept apart from.
    total
        When the range was sampled, how many combos it held (estimated where the game's hands
        are too many to list, see :mod:`equity.range_patterns`); else None.
    """

    text: str
    combos: np.ndarray
    weights: np.ndarray
    game: Game = field(default_factory=lambda: get_game("holdem"))
    dead: tuple[int, ...] = ()
    total: int | None = None

    def __len__(self) -> int:
        return len(self.combos)

    def __str__(self) -> str:
        """The shortest conventional text of the range in two-card games (``"QQ+, AKs, A5s-A2s"``),
        the text it was read from in others."""
        if self.game.hole_cards != 2 or self.total is not None:
            return self.text
        return _compress(self)

    @property
    def sampled(self) -> bool:
        """Whether the range's combos are a sample of a larger range."""
        return self.total is not None

    def combo_texts(self) -> list[str]:
        """Each combo as text, e.g. ``'AhKh'``."""
        return [format_cards(c) for c in self.combos]

    def to_grid(self):
        """The range on the rank grid of a two-card game: a :class:`pandas.DataFrame` with the
        deck's ranks, highest first, as index and columns (13 x 13, or 7 x 7 for Spanish poker);
        pairs on the diagonal, suited hands above it (row: the higher rank), offsuit hands below
        it (column: the higher rank).  A cell holds the weight of its class; a class only partly
        in the range holds the mean weight of its live combos (0 for a combo left out).

        Examples
        --------
        >>> grid = parse_range("AA, AKs:0.5").to_grid()
        >>> float(grid.loc["A", "A"]), float(grid.loc["A", "K"]), float(grid.loc["K", "A"])
        (1.0, 0.5, 0.0)
        """
        import pandas as pd

        g = self.game
        _need_two_cards(g, "a rank grid")
        ranks = sorted(g.deck_ranks, reverse=True)
        where = {r: i for i, r in enumerate(ranks)}
        total = np.zeros((len(ranks), len(ranks)))
        count = np.zeros((len(ranks), len(ranks)))
        held = np.zeros((len(ranks), len(ranks)))
        lightest = np.full((len(ranks), len(ranks)), np.inf)
        heaviest = np.full((len(ranks), len(ranks)), -np.inf)
        dead = set(self.dead)
        for high, low, kind in _all_classes(g):
            for a, b in _class_combos(high, low, kind, g.deck_suits):
                if a not in dead and b not in dead:
                    count[_cell(where, high, low, kind)] += 1
        for (a, b), w in zip(self.combos.tolist(), self.weights.tolist(), strict=True):
            high, low = a >> 2, b >> 2
            kind = "" if high == low else "s" if (a & 3) == (b & 3) else "o"
            cell = _cell(where, high, low, kind)
            total[cell] += w
            held[cell] += 1
            lightest[cell] = min(lightest[cell], w)
            heaviest[cell] = max(heaviest[cell], w)
        values = np.divide(total, count, out=np.zeros_like(total), where=count > 0)
        whole = (held > 0) & (held == count) & (lightest == heaviest)  # a whole class of one weight
        values[whole] = lightest[whole]
        labels = [RANKS[r] for r in ranks]
        return pd.DataFrame(values, index=pd.Index(labels, name="row"),
                            columns=pd.Index(labels, name="column"))

    @classmethod
    def from_grid(cls, grid, *, game: str | Game = "holdem", dead: CardsLike | None = None) -> Range:
        """The range a rank grid describes (see :meth:`to_grid`): each cell's weight given to every
        live combo of its class; cells of 0 are left out.

        ``grid`` is a :class:`pandas.DataFrame` labelled with the deck's ranks (in any order) or a
        square array with the ranks highest first.

        Examples
        --------
        >>> r = parse_range("QQ+, AKs, A5s-A2s")
        >>> str(Range.from_grid(r.to_grid()))
        'QQ+, AKs, A5s-A2s'
        """
        g = get_game(game)
        _need_two_cards(g, "a rank grid")
        ranks = sorted(g.deck_ranks, reverse=True)
        labels = [RANKS[r] for r in ranks]
        values = _grid_values(grid, labels, g)
        where = {r: i for i, r in enumerate(ranks)}
        dead_codes = _dead_codes(dead, g)
        rows, weights = [], []
        for high, low, kind in _all_classes(g):
            w = float(values[_cell(where, high, low, kind)])
            if w == 0:
                continue
            for a, b in _class_combos(high, low, kind, g.deck_suits):
                if a not in dead_codes and b not in dead_codes:
                    rows.append((a, b))
                    weights.append(w)
        if not rows:
            raise InvalidInputError("the grid holds no live combo: every cell is 0 or every combo holds a "
                                    "known card")
        combos = np.array(rows, dtype=np.uint8).reshape(-1, 2)
        r = cls("", combos, np.array(weights), g, tuple(sorted(dead_codes)))
        return cls(str(r), combos, r.weights, g, r.dead)


def _need_two_cards(g: Game, what: str) -> None:
    if g.hole_cards != 2:
        raise InvalidInputError(f"{what} is for two-card games; {g.name} deals {g.hole_cards} hole cards")


def _cell(where: dict[int, int], high: int, low: int, kind: str) -> tuple[int, int]:
    """The grid cell of a class: suited above the diagonal, offsuit below it."""
    if kind == "o":
        return where[low], where[high]
    return where[high], where[low]


def _grid_values(grid, labels: list[str], g: Game) -> np.ndarray:
    import pandas as pd

    n = len(labels)
    if isinstance(grid, pd.DataFrame):
        def label(x) -> str:
            try:
                return RANKS[parse_rank(str(x))]
            except InvalidInputError:
                raise InvalidInputError(f"grid label {x!r} is not a rank") from None

        frame = grid.rename(index=label, columns=label)
        if sorted(frame.index) != sorted(labels) or sorted(frame.columns) != sorted(labels):
            raise InvalidInputError(f"a {g.name} grid is labelled with the ranks {''.join(labels)} "
                                    f"down the side and along the top")
        values = frame.loc[labels, labels].to_numpy(dtype=float)
    else:
        values = np.asarray(grid, dtype=float)
        if values.shape != (n, n):
            raise InvalidInputError(f"a {g.name} grid is {n} x {n}, got shape {values.shape}")
    bad = ~((values >= 0) & (values <= 1))
    if bad.any():
        i, j = np.argwhere(bad)[0]
        raise InvalidInputError(f"grid cell ({labels[i]}, {labels[j]}): weight {values[i, j]} must be "
                                "between 0 and 1")
    return values


def _rank(symbol: str, token: str) -> int:
    try:
        return parse_rank(symbol)
    except InvalidInputError:
        raise InvalidInputError(f"range token {token!r}: unknown rank {symbol!r}") from None


def _class_combos(high: int, low: int, kind: str, suits=(0, 1, 2, 3)) -> list[tuple[int, int]]:
    """Combos of one hand class (pair, suited ``s``, offsuit ``o`` or both ``''``), higher
    card first, by the suits of the first card then of the second (clubs first).  The order
    is part of the seeded results: a Monte Carlo range seat draws its combos by position, so
    the same seed gives the same numbers as in earlier versions (``tests/fingerprints.json``)."""
    out = []
    for s1 in sorted(suits):
        for s2 in sorted(suits):
            a, b = 4 * high + s1, 4 * low + s2
            if high == low:
                if s1 < s2:
                    out.append((b, a))
            elif (kind == "s" and s1 == s2) or (kind == "o" and s1 != s2) or kind == "":
                out.append((a, b))
    return out


def _all_classes(g: Game) -> list[tuple[int, int, str]]:
    """Every class of a two-card game: pairs, suited and offsuit hands (``(high, low, kind)``)."""
    ranks = sorted(g.deck_ranks, reverse=True)
    out = []
    for i, high in enumerate(ranks):
        out.append((high, high, ""))
        for low in ranks[i + 1:]:
            if len(g.deck_suits) > 1:
                out.append((high, low, "s"))
                out.append((high, low, "o"))
            else:
                out.append((high, low, "s"))
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
        "KQo-K9o, 76s-54s), combos (AhKh) or patterns (A*, AxKx), optionally with a weight (AA:0.5)"
    )


def _dead_codes(dead, g: Game) -> set[int]:
    if dead is None or (isinstance(dead, str) and not dead.strip()):
        return set()
    return set(card_codes(dead).tolist())


def _weight_of(token: str) -> tuple[str, float]:
    body, colon, weight_text = token.partition(":")
    weight = 1.0
    if colon:
        try:
            weight = float(weight_text)
        except ValueError:
            raise InvalidInputError(
                f"range token {token!r}: weight {weight_text!r} is not a number") from None
        if not 0 <= weight <= 1 or weight != weight:
            raise InvalidInputError(f"range token {token!r}: weight {weight} must be between 0 and 1")
    return suit_letters(body.strip()), weight


def _split_tokens(text: str) -> list[str]:
    """The tokens of a range: separated by commas (``;`` and ``|`` too); an empty token (a
    doubled or trailing comma) is an error naming where it is."""
    parts = [t.strip() for t in re.split(r"[,;|]", text)]
    if not any(parts):
        raise InvalidInputError("empty range: give at least one hand, e.g. 'AA' or 'AKs'")
    for k, part in enumerate(parts):
        if not part:
            where = (f"after {parts[k - 1]!r}" if k > 0 and parts[k - 1] else "at the start")
            trailing = " (a trailing comma?)" if k == len(parts) - 1 else ""
            raise InvalidInputError(f"range {text!r}: an empty token {where}{trailing}; separate "
                                    "tokens by single commas, e.g. 'QQ+, AKs'")
    return parts


def _two_card_combos(body: str, token: str, g: Game) -> np.ndarray | None:
    """The combos of a token in the two-card syntax, or None when it is not written in it."""
    as_cards = body.replace("10", "T")  # a combo such as 10h9h
    if len(as_cards) == 4 and as_cards[1].lower() in "cdhs" and as_cards[3].lower() in "cdhs":
        cards = card_codes(as_cards)
        combos = [(int(max(cards)), int(min(cards)))]
    elif _TWO_CARD_ONLY.match(as_cards):
        combos = []
        for high, low, kind in _classes(body, g):
            combos.extend(_class_combos(high, low, kind, g.deck_suits))
    else:
        return None
    for a, b in combos:
        for code in (a, b):
            if code not in g.deck:
                raise InvalidInputError(f"range token {token!r}: '{card_text(code)}' is not in the "
                                        f"{g.name} deck ({g.describe_deck()})")
    return np.array(combos, dtype=np.uint8).reshape(-1, 2)


def _percent_combos(body: str, token: str, g: Game) -> np.ndarray | None:
    m = _PERCENT.match(body)
    if m is None:
        return None
    low, high = (0.0, float(m.group(1))) if m.group(2) is None else (float(m.group(1)), float(m.group(2)))
    for value in (low, high):
        if not 0 <= value <= 100:
            raise InvalidInputError(f"range token {token!r}: {value:g}% is not between 0% and 100%")
    if low >= high:
        raise InvalidInputError(f"range token {token!r}: the span must run from a lower to a higher "
                                "percentage, e.g. 5%-15%")
    from equity.hand_orders import percent_combos

    combos = percent_combos(g, low, high)
    if not len(combos):
        raise InvalidInputError(f"range token {token!r} holds no whole combo of the {g.name} hands "
                                f"(each is {100 / _combo_total(g):.4g}% of them)")
    return combos


def _combo_total(g: Game) -> int:
    from math import comb

    return comb(g.deck_size, g.hole_cards)


def _sorted_rows(rows: np.ndarray) -> np.ndarray:
    return -np.sort(-rows.astype(np.int16), axis=1).astype(np.uint8)


def _row_masks(rows: np.ndarray) -> np.ndarray:
    one = np.uint64(1)
    return np.bitwise_or.reduce(np.left_shift(one, rows.astype(np.uint64)), axis=1) if rows.shape[1] else \
        np.zeros(len(rows), dtype=np.uint64)


def parse_range(text: str, *, game: str | Game = "holdem", dead: CardsLike | None = None,
                min_weight: float | None = None, seed: int | None = None) -> Range:
    """Read range notation into combos and weights, leaving out combos that hold ``dead`` cards.

    Parameters
    ----------
    text
        Range notation, e.g. ``"QQ+, AKs, KQo:0.5"``, ``"AA**, AxKx**:0.5"`` or ``"15%"`` (see the
        module docstring and docs/ranges.md).
    game
        The game (a name or :class:`~equity.games.Game`); its deck limits the ranks (Spanish
        poker: 8 to A) and its hole cards the patterns' length.
    dead
        Known cards (the board, other players' cards): combos holding one are left out.
    min_weight
        Leave out combos whose weight is below this (after the last mention of each is taken).
    seed
        The seed of the sample drawn from a range of more than :data:`MAX_COMBOS` combos
        (default :data:`RANGE_SEED`).

    Examples
    --------
    >>> len(parse_range("AKs")), len(parse_range("AKo")), len(parse_range("TT+"))
    (4, 12, 30)
    >>> len(parse_range("AKs", dead="Ah"))
    3
    >>> parse_range("AhKh, QQ:0.5").weights.tolist()
    [1.0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]
    >>> len(parse_range("AA**", game="omaha")), len(parse_range("AxKx*", game="tahoe"))
    (6961, 200)
    """
    g = get_game(game)
    if not isinstance(text, str):
        raise InvalidInputError(f"a range is text such as 'QQ+, AKs'; got {text!r}")
    if g.hole_cards < 1:
        raise InvalidInputError(f"{g.name} deals no hole cards: it has no ranges")
    dead_codes = _dead_codes(dead, g)
    h = g.hole_cards
    parts: list[np.ndarray] = []
    part_weights: list[float] = []
    unlisted: list[int] = []  # per sampled pattern, its matching hands left out of the sample
    for token in _split_tokens(text):
        body, weight = _weight_of(token)
        combos = _percent_combos(body, token, g)
        if combos is None and h == 2:
            combos = _two_card_combos(body, token, g)
        if combos is None:
            from equity.range_patterns import pattern_combos

            combos, total = pattern_combos(body, token, g, dead_codes, RANGE_SEED if seed is None else seed)
            if total is not None:
                unlisted.append(total - len(combos))
        parts.append(_sorted_rows(combos.reshape(-1, h)))
        part_weights.append(weight)
    rows = np.concatenate(parts)
    weights = np.repeat(np.array(part_weights), [len(p) for p in parts])
    # each combo keeps its last mention, in the order of those last mentions
    masks = _row_masks(rows)
    _, first_from_end = np.unique(masks[::-1], return_index=True)
    keep = np.sort(len(rows) - 1 - first_from_end)
    rows, weights, masks = rows[keep], weights[keep], masks[keep]
    if len(weights) and (weights == 0).all():
        raise InvalidInputError(f"range {text!r} gives every hand weight 0: nothing to deal")
    dead_mask = np.uint64(sum(1 << c for c in dead_codes))
    live = (masks & dead_mask) == 0
    if min_weight is not None:
        if not isinstance(min_weight, (int, float)) or not 0 <= min_weight <= 1:
            raise InvalidInputError(f"min_weight must be a number between 0 and 1, got {min_weight!r}")
        live &= weights >= min_weight
    if not live.any() or (weights[live] == 0).all():
        raise InvalidInputError(f"range {text!r} has no live combo left beside the known cards")
    rows, weights = rows[live], weights[live]
    total = None
    if unlisted or len(rows) > MAX_COMBOS:
        total = len(rows) + sum(unlisted)
    if len(rows) > MAX_COMBOS:
        rng = np.random.default_rng(RANGE_SEED if seed is None else seed)
        pick = np.sort(rng.choice(len(rows), MAX_COMBOS, replace=False))
        rows, weights = rows[pick], weights[pick]
    if total is not None:
        warnings.warn(f"range {text!r} holds {total:,} {g.name} combos, more than {MAX_COMBOS:,}: a "
                      f"sample of {len(rows):,} of them stands for it (seed "
                      f"{RANGE_SEED if seed is None else seed})", RangeSampledWarning, stacklevel=2)
    return Range(text, np.ascontiguousarray(rows), weights.astype(np.float64), g,
                 tuple(sorted(dead_codes)), total)


# ---------------------------------------------------------------------------------------------
# The shortest conventional text of a two-card range
# ---------------------------------------------------------------------------------------------
def _runs(values: list[int], order: list[int]) -> list[list[int]]:
    """``values`` cut into runs of neighbours in ``order`` (ranks highest first), highest first."""
    place = {r: i for i, r in enumerate(order)}
    runs: list[list[int]] = []
    for v in sorted(values, key=lambda r: place[r]):
        if runs and place[v] == place[runs[-1][-1]] + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    return runs


def _class_tokens(classes: set[tuple[int, int, str]], g: Game) -> list[str]:
    """Few conventional tokens naming exactly ``classes`` (``(high, low, kind)``): pairs as runs
    (``QQ+``, ``TT-77``), hands of one top card as runs of kickers (``A2s+``, ``A5s-A2s``), and
    hands left alone in their row joined along their gap (``76s-54s``)."""
    order = sorted(g.deck_ranks, reverse=True)
    place = {r: i for i, r in enumerate(order)}
    kinds = {"": 0, "s": 1, "o": 2}
    keyed: list[tuple[tuple, str]] = []
    pairs = [h for h, low, _ in classes if h == low]
    for run in _runs(pairs, order):
        top, bottom = RANKS[run[0]] * 2, RANKS[run[-1]] * 2
        text = f"{bottom}+" if run[0] == order[0] and len(run) > 1 else f"{top}-{bottom}" if len(run) > 1 \
            else top
        keyed.append(((0, place[run[0]]), text))
    alone: list[tuple[int, int, str]] = []
    for high in order:
        below = [r for r in order if r < high]
        suited = {low for h, low, k in classes if h == high and k == "s"}
        offsuit = {low for h, low, k in classes if h == high and k == "o"}
        for kind, kickers in (("", suited & offsuit), ("s", suited - offsuit), ("o", offsuit - suited)):
            for run in _runs(list(kickers), below):
                key = (1, place[high], kinds[kind], place[run[0]])
                if run[0] == below[0] and len(run) > 1:
                    keyed.append((key, f"{RANKS[high]}{RANKS[run[-1]]}{kind}+"))
                elif len(run) > 1:
                    first, last = f"{RANKS[high]}{RANKS[run[0]]}", f"{RANKS[high]}{RANKS[run[-1]]}"
                    keyed.append((key, f"{first}{kind}-{last}{kind}"))
                else:
                    alone.append((high, run[0], kind))
    # hands alone in their row, joined along their gap where a span names exactly them
    by_gap: dict[tuple[str, int], list[int]] = {}
    for high, low, kind in alone:
        by_gap.setdefault((kind, high - low), []).append(high)
    for (kind, gap), highs in by_gap.items():
        chain = [h for h in order if h - gap in g.deck_ranks]  # the tops a span of this gap runs over
        for run in _runs(highs, chain):
            key = (1, place[run[0]], kinds[kind], place[run[0] - gap])
            first = f"{RANKS[run[0]]}{RANKS[run[0] - gap]}{kind}"
            if len(run) > 1:
                keyed.append((key, f"{first}-{RANKS[run[-1]]}{RANKS[run[-1] - gap]}{kind}"))
            else:
                keyed.append((key, first))
    return [text for _, text in sorted(keyed)]


def _compress(r: Range) -> str:
    """The text of a two-card range: whole classes as class tokens (grouped by weight, weight 1
    first, then the others from the highest), the rest as explicit combos."""
    g = r.game
    dead = set(r.dead)
    weight_of = {(a, b): w for (a, b), w in zip(r.combos.tolist(), r.weights.tolist(), strict=True)}
    by_weight: dict[float, set] = {}
    loose: list[tuple[tuple[int, int], float]] = []
    for high, low, kind in _all_classes(g):
        live = [c for c in _class_combos(high, low, kind, g.deck_suits)
                if c[0] not in dead and c[1] not in dead]
        held = [weight_of[c] for c in live if c in weight_of]
        if not held:
            continue
        if len(held) == len(live) and len(set(held)) == 1:
            by_weight.setdefault(held[0], set()).add((high, low, kind))
        else:
            loose.extend((c, weight_of[c]) for c in live if c in weight_of)
    # a suited and an offsuit class of one weight print as one token (AK) when both are whole
    tokens = []
    for w in sorted(by_weight, key=lambda x: (x != 1.0, -x)):
        suffix = "" if w == 1.0 else f":{w!r}"
        tokens.extend(t + suffix for t in _class_tokens(by_weight[w], g))
    for (a, b), w in sorted(loose, key=lambda combo: (-combo[0][0], -combo[0][1])):  # highest first
        tokens.append(format_cards([a, b]) + ("" if w == 1.0 else f":{w!r}"))
    return ", ".join(tokens)
