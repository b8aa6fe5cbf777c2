"""Hand orderings: each game's starting hands ranked best first, the order behind percent ranges.

A game's hands are grouped in classes under suit relabelling (169 in Hold'em, 1,755 in Tahoe,
16,432 in Omaha) and ranked by their **equity against one random hand**: the share of the pot a
hand of the class wins, heads-up with the whole board to come, against a hand dealt at random
from the cards it leaves (card removal included), computed by :func:`equity.calc` with the
game's defaults (the high pot; El Dorado's exchange played greedily).  Every hand of a class
has the same equity (a suit relabelling changes no outcome), so one representative is
computed per class: exactly where an enumeration is quick (two-card games whose boards number
at most :data:`EXACT_BOARDS` for two known hands and no exchange: Hold'em, Spanish poker; there
the whole table is read from the exact class-against-class matrix of
:func:`equity.strategy.push_fold_solver.class_matrix`, the same numbers, and a class computed
alone is one exact :func:`equity.calc`), else by Monte Carlo with :data:`TRIALS` trials per
class and a stream seeded from :data:`HAND_ORDER_SEED` and the class.

Ties.  Classes of equal equity keep the order of their representative hands (the canonical
hand of the class, the highest under suit relabelling), compared card by card, highest first
(card codes: rank first, then suit c < d < h < s).  Within a class, its hands run in that same
descending order (AKs: AsKs, AhKh, AdKd, AcKc).

Percent ranges (``15%``, ``top 15%``, ``5%-15%``) take whole hands in this order: ``p%`` is the
first ``round(p / 100 * N)`` of the game's ``N`` hands (half rounded up), so a class at the
boundary may be split in the order above; ``a%-b%`` is the hands from the first's end to the
second's.  The percentages count every hand of the game; known cards are taken out after.

Where the orderings come from.  The built-in games' orderings are shipped with the package
(``equity/data/hand_order/<game>.csv``, with what made them in ``<game>.json``) and were made by
this module: ``python -m equity.hand_orders GAME ...`` makes them again (Hold'em, exact: the
class matrix's 6 minutes on two cores, or nothing when it is cached; Omaha and Tahoe about 2
minutes each).  Another game's ordering (a custom game, or a
built-in game whose rules changed) is computed on first use and cached under
:func:`equity.paths.cache_dir` as ``hand-order-<game fingerprint>-<rules>-<method>.csv``.
Games of more than :data:`MAX_HOLE_CARDS` hole cards, and draw and Switch games, have no
ordering (their hands change after the deal, or are too many to rank).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import numpy as np

from equity.cards import RANKS, format_cards
from equity.errors import GameError
from equity.games import GAMES, Discard, Draw, Exchange, Game, Switch, get_game

__all__ = ["HAND_ORDER_SEED", "TRIALS", "EXACT_BOARDS", "MAX_HOLE_CARDS", "DATA_DIR", "hand_order",
           "build_hand_order", "percent_combos", "hand_classes_of", "HandClassSet", "write_shipped"]

#: The seed every Monte Carlo ordering is drawn from (each class plays its own stream of it).
HAND_ORDER_SEED = 2029
#: Monte Carlo trials per class by hole cards (standard errors about 0.00025, 0.001, 0.002).
TRIALS = {2: 4_000_000, 3: 200_000, 4: 60_000}
#: An ordering is exact where two known hands leave at most this many boards (and no exchange).
EXACT_BOARDS = 2_000_000
#: The most hole cards a game with a hand ordering deals.
MAX_HOLE_CARDS = 4
#: Where the built-in games' orderings are shipped.
DATA_DIR = Path(__file__).resolve().parent / "data" / "hand_order"
_VERSION = 1
_LOADED: dict[str, object] = {}


@dataclass(frozen=True, eq=False)
class HandClassSet:
    """A game's hands grouped in classes under suit relabelling.

    ``names``: each class's name (``"AKs"`` in two-card games, else its representative hand,
    e.g. ``"AsAhKsKh"``); ``representatives``: ``uint8[k, hole]``; ``keys``: the classes'
    canonical keys, in descending order (the tie order); ``hands``: every hand, ``uint8[N, hole]``,
    grouped by class in that order, each group in descending order; ``starts``: where each
    class's hands start in ``hands`` (``k + 1`` offsets)."""

    game: Game
    names: tuple[str, ...]
    representatives: np.ndarray
    keys: np.ndarray
    hands: np.ndarray
    starts: np.ndarray

    def __len__(self) -> int:
        return len(self.names)

    @property
    def counts(self) -> np.ndarray:
        return np.diff(self.starts)


def _check_orderable(g: Game) -> None:
    changes = [what for kind, what in ((Switch, "a switch"), (Draw, "a draw"), (Discard, "a discard")) if any(
        isinstance(p, kind) for p in g.phases)]
    if changes:
        raise GameError(f"{g.name} has {' and '.join(changes)}: its hands change after the deal, so it "
                        "has no hand ordering for percent ranges")
    if g.hole_cards > MAX_HOLE_CARDS:
        raise GameError(f"{g.name} deals {g.hole_cards} hole cards: hand orderings (percent ranges) are "
                        f"made for games of at most {MAX_HOLE_CARDS}")
    if g.wild_cards:  # jokers have no suit, and single wild cards make the suits unlike
        raise GameError(f"{g.name} has wild cards listed by card (jokers, several ranks, single cards): "
                        "hand orderings (percent ranges) are made by classes of hands up to suits, which "
                        "these break; give the hands ('X1As') or the patterns ('AA, KK') instead")


def _keys(rows: np.ndarray) -> np.ndarray:
    """Each row's cards (highest first) read as one number, base 64: larger is higher card by card."""
    key = np.zeros(len(rows), dtype=np.int64)
    for k in range(rows.shape[1]):
        key = key * 64 + rows[:, k].astype(np.int64)
    return key


def _two_card_name(rep: np.ndarray) -> str:
    a, b = int(rep[0]), int(rep[1])
    if a >> 2 == b >> 2:
        return RANKS[a >> 2] * 2
    return f"{RANKS[a >> 2]}{RANKS[b >> 2]}{'s' if (a & 3) == (b & 3) else 'o'}"


@lru_cache(maxsize=8)
def _classes_cached(g: Game) -> HandClassSet:
    from equity.range_patterns import all_hands

    h = g.hole_cards
    hands = all_hands(tuple(g.deck), h)
    ranks, suits = hands >> 2, hands & 3
    canonical = np.zeros(len(hands), dtype=np.int64)
    for perm in itertools.permutations(g.deck_suits):
        table = np.zeros(4, dtype=np.uint8)
        table[list(g.deck_suits)] = perm
        mapped = 4 * ranks + table[suits]
        mapped = -np.sort(-mapped.astype(np.int16), axis=1)
        canonical = np.maximum(canonical, _keys(mapped))
    own = _keys(hands)
    order = np.lexsort((-own, -canonical))  # classes by canonical key, then hands, descending
    hands, canonical = hands[order], canonical[order]
    first = np.flatnonzero(np.r_[True, canonical[1:] != canonical[:-1]])
    keys = canonical[first]
    reps = np.zeros((len(keys), h), dtype=np.uint8)
    rest = keys.copy()
    for k in range(h - 1, -1, -1):
        reps[:, k] = rest % 64
        rest //= 64
    names = tuple(_two_card_name(r) for r in reps) if h == 2 else tuple(format_cards(r) for r in reps)
    starts = np.r_[first, len(hands)].astype(np.int64)
    hands.flags.writeable = False
    return HandClassSet(g, names, reps, keys, hands, starts)


def hand_classes_of(game: str | Game) -> HandClassSet:
    """The hand classes of a game with a hand ordering (see :class:`HandClassSet`).

    Examples
    --------
    >>> [len(hand_classes_of(g)) for g in ("holdem", "spanish", "tahoe")]
    [169, 49, 1755]
    >>> hand_classes_of("holdem").names[:4]
    ('AA', 'AKs', 'AKo', 'AQs')
    """
    g = get_game(game)
    _check_orderable(g)
    return _classes_cached(g)


def _method(g: Game) -> tuple[str, int | None, int | None]:
    exchange = any(isinstance(p, Exchange) for p in g.phases)
    if g.hole_cards == 2 and not exchange and math.comb(g.deck_size - 4, g.board_cards) <= EXACT_BOARDS:
        return "exact", None, None
    return "monte carlo", TRIALS.get(g.hole_cards, TRIALS[4]), HAND_ORDER_SEED


def _rules_key(g: Game) -> str:
    shape = repr((g.deck_suits, g.hole_cards, g.streets, g.hole_rule, g.phases, g.wild, g.low,
                  g.pot_modes[0], _VERSION))
    if g.boards != 1 or g.kill_cards:  # (added later: the keys of one-board games are as they were)
        shape += repr((g.boards, g.kill_cards))
    return hashlib.sha256(shape.encode()).hexdigest()[:12]


def _cache_key(g: Game, method: str, trials: int | None, seed: int | None) -> str:
    tag = "exact" if method == "exact" else f"mc{trials}-seed{seed}"
    return f"hand-order-{g.fingerprint()}-{_rules_key(g)}-{tag}"


def _class_seed(seed: int, key: int) -> int:
    return int(np.random.SeedSequence([seed, int(key)]).generate_state(1, np.uint64)[0] >> np.uint64(1))


def build_hand_order(game: str | Game, *, method: str | None = None, trials: int | None = None,
                     seed: int | None = None, only=None, progress: bool | None = None):
    """Compute the equity against one random hand of each hand class (or of the classes named in
    ``only``), unsorted: a :class:`pandas.DataFrame` with ``hand``, ``combos``, ``equity`` and
    ``stderr`` (0 when exact), in the classes' tie order.

    ``method``, ``trials`` and ``seed`` default to the game's (see the module docstring); a
    Monte Carlo class plays the stream ``(seed, its canonical key)``, so a class computed alone
    gives the number it has in the whole table.
    """
    import pandas as pd
    from tqdm.auto import tqdm

    from equity.calculator import calc

    classes = hand_classes_of(game)
    g = classes.game
    default, default_trials, default_seed = _method(g)
    method = method or default
    if method == "monte carlo":
        trials = trials or default_trials or TRIALS[2]
        seed = HAND_ORDER_SEED if seed is None else seed
    picked = range(len(classes)) if only is None else [classes.names.index(n) for n in only]
    if method == "exact" and only is None and g.hole_cards == 2:
        return _from_class_matrix(classes)
    rows = []
    bar = tqdm(picked, disable=None if progress is None else not progress, unit="class",
               desc=f"{g.name} hand order ({method})", file=sys.stderr)
    started = time.perf_counter()
    for i in bar:
        hand = format_cards(classes.representatives[i])
        if method == "exact":
            table = calc(g, [hand, "random"], exact=True, progress=False)
        else:
            table = calc(g, [hand, "random"], trials=trials, seed=_class_seed(seed, classes.keys[i]),
                         progress=False)
        rows.append((classes.names[i], int(classes.counts[i]), float(table.equity.iloc[0]),
                     float(table.stderr.iloc[0])))
    bar.close()
    frame = pd.DataFrame(rows, columns=["hand", "combos", "equity", "stderr"])
    frame.attrs.update(game=g.name, method=method, trials=trials if method != "exact" else None,
                       seed=seed if method != "exact" else None, seconds=time.perf_counter() - started)
    return frame


def _from_class_matrix(classes: HandClassSet):
    """An exact two-card ordering from the game's exact class-against-class matrix (the push/fold
    solver's, cached on disk): a class's equity against a random hand is its row of the matrix
    averaged over the pairs of combos that share no card, the same number as one
    :func:`equity.calc` of a hand of the class against ``"random"``."""
    import pandas as pd

    from equity.strategy.push_fold_solver import class_matrix

    started = time.perf_counter()
    matrix = class_matrix(classes.game, method="exact")
    equity = dict(zip(matrix.classes.names, matrix.random_hand_equity().tolist(), strict=True))
    frame = pd.DataFrame({"hand": list(classes.names), "combos": classes.counts.astype(np.int64),
                          "equity": [equity[n] for n in classes.names], "stderr": 0.0})
    frame.attrs.update(game=classes.game.name, method="exact", trials=None, seed=None,
                       seconds=matrix.seconds + time.perf_counter() - started)
    return frame


def _ordered(frame, classes: HandClassSet):
    """The table sorted best first (ties in the classes' order) with the cumulative share."""
    position = {name: k for k, name in enumerate(classes.names)}
    frame = frame.assign(_tie=frame.hand.map(position))
    frame = frame.sort_values(["equity", "_tie"], ascending=[False, True], kind="stable")
    frame = frame.drop(columns="_tie").reset_index(drop=True)
    frame["cumulative"] = frame.combos.cumsum() / int(classes.counts.sum())
    return frame


def _read_csv(path: Path, classes: HandClassSet):
    import pandas as pd

    try:
        frame = pd.read_csv(path, keep_default_na=False)
    except (OSError, ValueError):
        return None
    if list(frame.columns[:4]) != ["hand", "combos", "equity", "stderr"] or \
            sorted(frame.hand) != sorted(classes.names):
        return None
    return frame[["hand", "combos", "equity", "stderr"]]


def _write_csv(path: Path, frame) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", dir=path.parent, suffix=".tmp", delete=False) as tmp:
        frame[["hand", "combos", "equity", "stderr"]].to_csv(tmp, index=False, float_format="%.9f")
    os.replace(tmp.name, path)


def _shipped_meta(name: str) -> dict | None:
    try:
        return json.loads((DATA_DIR / f"{name}.json").read_text())
    except (OSError, ValueError):
        return None


def hand_order(game: str | Game, *, rebuild: bool = False, progress: bool | None = None):
    """A game's hand classes ranked best first by equity against one random hand.

    Parameters
    ----------
    game
        A game name or :class:`~equity.games.Game` of at most four hole cards, without a draw or
        switch.
    rebuild
        Compute the ordering again (neither the shipped table nor the cache is read) and cache it.
    progress
        A progress bar while computing: True, False, or None (on a terminal only).

    Returns
    -------
    pandas.DataFrame
        One row per class, best first: ``hand`` (``"AA"``, ``"AKs"``; in games of more hole cards
        the class's representative hand, ``"AsAhKsKh"``), ``combos`` (hands in the class),
        ``equity`` (against one random hand), ``stderr`` (0 when exact) and ``cumulative`` (the
        share of all the game's hands in this class and the ones above it).  ``attrs``: ``game``,
        ``method``, ``trials``, ``seed``, ``source`` (``"shipped"``, ``"cache"`` or ``"computed"``)
        and ``path``.  The order, its ties and the percent ranges it makes are described in
        :mod:`equity.hand_orders`.

    Examples
    --------
    >>> order = hand_order("holdem")
    >>> order.hand.head(3).tolist(), int(order.combos.sum())
    (['AA', 'KK', 'QQ'], 1326)
    >>> round(float(order.equity.iloc[0]), 4), order.attrs["method"]
    (0.852, 'exact')
    """
    from equity.errors import check_flag
    from equity.paths import cache_dir

    classes = hand_classes_of(game)
    g = classes.game
    method, trials, seed = _method(g)
    key = _cache_key(g, method, trials, seed)
    if check_flag(rebuild, "rebuild"):
        _LOADED.pop(key, None)
    if key in _LOADED:
        return _LOADED[key].copy()
    frame, source, path = None, "computed", None
    meta = _shipped_meta(g.name) if g.name in GAMES else None
    if not rebuild and meta is not None and meta.get("key") == key:
        path = DATA_DIR / f"{g.name}.csv"
        frame, source = _read_csv(path, classes), "shipped"
    cached = cache_dir() / f"{key}.csv"
    if frame is None and not rebuild and cached.exists():
        frame, source, path = _read_csv(cached, classes), "cache", cached
    if frame is None:
        frame, source, path = build_hand_order(g, progress=progress), "computed", cached
        try:
            _write_csv(cached, frame)
        except OSError:
            path = None  # a read-only cache only costs the computation next time
    frame = _ordered(frame, classes)
    frame.attrs.update(game=g.name, method=method, trials=trials, seed=seed, source=source,
                       path=str(path) if path else None)
    _LOADED[key] = frame
    return frame.copy()


@lru_cache(maxsize=16)
def _ordered_hands(g: Game, key: str) -> np.ndarray:
    classes = hand_classes_of(g)
    order = hand_order(g)
    where = {name: k for k, name in enumerate(classes.names)}
    parts = [classes.hands[classes.starts[where[n]]:classes.starts[where[n] + 1]] for n in order.hand]
    return np.concatenate(parts)


def _count(percent: float, total: int) -> int:
    """``round(percent / 100 * total)``, half rounded up, in exact arithmetic."""
    return math.floor(Fraction(str(percent)) * total / 100 + Fraction(1, 2))


def percent_combos(game: str | Game, low: float, high: float) -> np.ndarray:
    """The hands from ``low`` to ``high`` percent of the game's hands in its ordering
    (``uint8[n, hole]``, best first; see the module docstring).

    Examples
    --------
    >>> len(percent_combos("holdem", 0, 10)), len(percent_combos("holdem", 5, 15))
    (133, 133)
    """
    g = get_game(game)
    _check_orderable(g)
    method, trials, seed = _method(g)
    hands = _ordered_hands(g, _cache_key(g, method, trials, seed))
    return hands[_count(low, len(hands)):_count(high, len(hands))]


def write_shipped(game: str, *, progress: bool | None = None) -> Path:
    """Compute a built-in game's ordering and write it where the package ships it
    (``equity/data/hand_order/<game>.csv`` and ``.json``)."""
    g = get_game(game)
    if GAMES.get(g.name) is not g:
        raise GameError(f"{g.name} is not a built-in game: its ordering is cached, not shipped")
    frame = build_hand_order(g, progress=progress)
    method, trials, seed = _method(g)
    path = DATA_DIR / f"{g.name}.csv"
    _write_csv(path, frame)
    path.chmod(0o644)  # package data, readable by all (a temporary file is made private)
    meta = {"game": g.name, "key": _cache_key(g, method, trials, seed), "method": method, "trials": trials,
            "seed": seed, "classes": len(frame), "seconds": round(frame.attrs["seconds"], 1),
            "made_by": "python -m equity.hand_orders " + g.name}
    (DATA_DIR / f"{g.name}.json").write_text(json.dumps(meta, indent=2) + "\n")
    return path


def main(argv: list[str] | None = None) -> None:
    """``python -m equity.hand_orders GAME ...``: make the shipped orderings of built-in games."""
    for name in (sys.argv[1:] if argv is None else argv):
        started = time.perf_counter()
        path = write_shipped(name, progress=True)
        print(f"{name}: {path} in {time.perf_counter() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
