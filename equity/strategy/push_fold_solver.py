"""Heads-up push/fold equilibria: the hand classes of a game, their equity matrix (cached on disk),
the solver, and the charts of the largest stack at which each class is pushed or called.

The model (docs/strategy.md, "Push/fold equilibrium"): two players, the small blind posts 0.5,
the big blind 1, both have ``stack`` big blinds (the blinds included) and each adds ``ante``
big blinds of dead money on top of it.  The small blind pushes all in or folds; facing a push
the big blind calls or folds.  From the small blind's side, in big blinds: a fold loses
``0.5 + ante``; a push the big blind folds to wins ``1 + ante``; a called push wins
``e * 2 * (stack + ante) - (stack + ante)``, ``e`` the small blind's share of the pot at the
showdown.

Hands are grouped in classes (two-card games: pairs, suited and offsuit hands of the deck's
ranks, 169 in Hold'em) and the game is solved on the classes, weighted by the number of pairs
of combos of two classes that hold no card in common (card removal).  The class matrix comes
from :func:`equity.calc`, one call per pair of classes, exact where the enumeration is quick
and otherwise by Monte Carlo, and is cached under :func:`equity.tables.cache_dir`.  The solver
is predictive CFR+ (regret matching+ on predicted regrets, alternating updates, quadratically
weighted averages) run until the profile's exploitability (what both players together would gain
by best responses) is below a tolerance.
"""

from __future__ import annotations

import hashlib
import math
import os
import sys
import tempfile
import time
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import numpy as np
import pandas as pd

from equity.cards import RANKS, SUITS, card_codes
from equity.errors import GameError, InvalidInputError, OptionError, check_flag
from equity.games import Draw, Exchange, Game, Switch, get_game
from equity.options import EXCHANGE_POLICIES, has_phase, pot_mode
from equity.rng import CHUNK_DEALS

__all__ = [
    "SMALL_BLIND",
    "BIG_BLIND",
    "EXACT_BOARDS",
    "TRIALS",
    "EXCHANGE_TRIALS",
    "DEALS",
    "MAX_HOLE_CARDS",
    "METHODS",
    "MATRIX_SEED",
    "TOLERANCE",
    "MAX_ITERATIONS",
    "THRESHOLD_STACKS",
    "HandClasses",
    "ClassMatrix",
    "PushFold",
    "SolverWarning",
    "Equilibrium",
    "solve_push_fold",
    "hand_classes",
    "class_matrix",
    "SHIPPED_MATRICES",
    "write_shipped",
    "push_fold",
    "push_fold_thresholds",
    "thresholds_of",
    "rank_grid",
    "class_list",
]

#: The blinds, in big blinds.
SMALL_BLIND = 0.5
BIG_BLIND = 1.0
#: Boards per pair of hands up to which the class matrix is enumerated exactly by default
#: (Hold'em: C(48, 5) = 1,712,304; Spanish poker: C(24, 5) = 42,504; Egyptian Hold'em's
#: C(48, 6) = 12,271,512 is sampled).
EXACT_BOARDS = 2_000_000
#: Monte Carlo trials per pair of classes by default, and in games with an exchange (which is
#: played in every trial and needs both orders of every pair).
TRIALS = 50_000
EXCHANGE_TRIALS = 20_000
#: Random deals behind a ``"deals"`` class matrix by default (the method of games of three hole
#: cards, whose 1,755 classes make 1.5 million pairs: each pair of classes is estimated from the
#: deals that dealt it, about 130 on average, and a class's row from about 400,000).
DEALS = 200_000_000
#: The most hole cards a game may deal for push/fold (Tahoe's three; Omaha's four are refused).
MAX_HOLE_CARDS = 3
#: The class matrix methods: enumeration and one Monte Carlo calculation per pair of classes
#: (two-card games), or whole random deals binned by the pair of classes dealt (any game).
METHODS = ("exact", "monte carlo", "deals")
#: The seed of a Monte Carlo class matrix when none is given (a matrix is cached by its seed).
MATRIX_SEED = 28
#: Exploitability (big blinds per hand) at which the solver stops by default, and its cap on
#: iterations.
TOLERANCE = 1e-6
MAX_ITERATIONS = 100_000
#: The stacks at which :func:`push_fold_thresholds` solves by default: 1.1 to 20 big blinds in
#: steps of 0.1.
THRESHOLD_STACKS = tuple(round(1.0 + 0.1 * k, 1) for k in range(1, 191))

#: Bumped when the matrix file's contents change meaning; part of its cache key.
_MATRIX_VERSION = 1
#: Class matrices read or built in this process, by cache key.
_LOADED: dict[str, ClassMatrix] = {}


class SolverWarning(UserWarning):
    """The solver stopped at ``max_iterations`` before the exploitability reached ``tolerance``."""


# ---------------------------------------------------------------------------------------------
# Hand classes
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class HandClasses:
    """The starting-hand classes of a game: its hands grouped under suit relabelling.

    Two-card games: pairs, suited and offsuit hands, laid out on the rank grid.  Three-card
    games (Tahoe): the classes of :func:`equity.hand_order`, named by a representative hand
    (``"AsAhKs"``: two aces and a king of the suit of one of them), 1,755 of a 52-card deck.

    Attributes
    ----------
    game
        The game.
    names
        Two-card games: ``"AA"``, ``"AKs"``, ``"AKo"``, ...: the rank grid read row by row,
        highest rank first (pairs on the diagonal, suited hands right of it, offsuit hands left
        of it).  More cards: each class's representative hand, classes from the highest.
    combos
        The combos of each class, ``uint8[k, hole_cards]`` card codes, higher card first.
    counts
        Combos per class (Hold'em: 6 a pair, 4 a suited hand, 12 an offsuit hand).
    cells
        Each class's (row, column) in the grid; empty for games of more than two hole cards,
        which have no grid.
    ranks
        The deck's ranks, highest first: the grid's rows and columns.
    """

    game: Game
    names: tuple[str, ...]
    combos: tuple[np.ndarray, ...]
    counts: np.ndarray
    cells: tuple[tuple[int, int], ...]
    ranks: tuple[int, ...]

    def __len__(self) -> int:
        return len(self.names)

    @property
    def grid(self) -> bool:
        """Whether the classes lie on a rank grid (two-card games)."""
        return bool(self.cells)

    def index(self, name: str) -> int:
        """The position of the class ``name``: ``"AKs"``, ``"T9o"``, ``"22"`` in two-card games;
        in others any hand of the class (``"AhAdKh"`` finds the class named ``"AsAhKs"``)."""
        if not self.grid:
            try:
                cards = card_codes(name)
            except InvalidInputError as error:
                raise OptionError(f"no hand class {name!r} in {self.game.name}: {error}") from None
            if len(cards) != self.game.hole_cards or not set(cards.tolist()) <= set(self.game.deck):
                raise OptionError(f"no hand class {name!r} in {self.game.name}: a class is named by "
                                  f"one of its hands, {self.game.hole_cards} cards of the deck "
                                  f"(such as {self.names[0]!r} or {self.names[-1]!r})")
            return int(self.class_of(cards[None, :])[0])
        key = name.strip().replace("10", "T")
        key = key[:2].upper() + key[2:].lower()
        try:
            return self.names.index(key)
        except ValueError:
            raise OptionError(f"no hand class {name!r} in {self.game.name} "
                              f"(classes such as {self.names[0]!r}, {self.names[1]!r}, "
                              f"{self.names[-1]!r})") from None

    @cached_property
    def _positions(self) -> np.ndarray:
        """``int32[C(52, h)]``: the class of each hand by its combinatorial index (-1: not dealt)."""
        h = self.game.hole_cards
        positions = np.full(math.comb(52, h), -1, dtype=np.int32)
        for k, combos in enumerate(self.combos):
            positions[_hand_index(combos)] = k
        positions.flags.writeable = False
        return positions

    def class_of(self, hands: np.ndarray) -> np.ndarray:
        """The class of each hand, ``int64[n]``, from ``uint8[n, hole_cards]`` card codes in any order."""
        return self._positions[_hand_index(hands)].astype(np.int64)

    def pair_counts(self) -> np.ndarray:
        """``int64[k, k]``: for each pair of classes, the pairs of combos (one of each) that share
        no card.  AA against AA: 6 (each combo of aces against the one holding the other two);
        AA against KK: 36; AKs against AKo: 4 * 12 - 24 = 24.

        Every combo of a class meets the same number of each other class's combos (a suit
        relabelling maps one to another and keeps every class), so a class's row is its count
        times what its first combo meets."""
        combos = np.concatenate(self.combos)
        owner = np.repeat(np.arange(len(self)), self.counts)
        one = np.uint64(1)
        masks = np.zeros(len(combos), dtype=np.uint64)
        for column in combos.T:
            masks |= one << column.astype(np.uint64)
        firsts = masks[np.r_[0, np.cumsum(self.counts)[:-1]]]
        met = np.stack([np.bincount(owner[(masks & first) == 0], minlength=len(self)) for first in firsts])
        return self.counts[:, None] * met.astype(np.int64)


def _hand_index(hands: np.ndarray) -> np.ndarray:
    """Each hand's index in the combinatorial number system (cards ascending, ``sum C(c_i, i + 1)``):
    a distinct number below ``C(52, h)`` for every set of ``h`` cards."""
    ordered = np.sort(np.asarray(hands, dtype=np.int64).reshape(len(hands), -1), axis=1)
    index = np.zeros(len(ordered), dtype=np.int64)
    for i in range(ordered.shape[1]):
        index += _BINOMIAL[ordered[:, i], i + 1]
    return index


#: ``C(n, r)`` for n < 53, r < 5.
_BINOMIAL = np.array([[math.comb(n, r) for r in range(5)] for n in range(53)], dtype=np.int64)


def _refuse_unsolvable(game: Game) -> None:
    """Raise :class:`GameError` for a game the push/fold model does not fit, or does not yet."""
    changes = [what for kind, what in ((Switch, "a switch"), (Draw, "a draw")) if has_phase(game, kind)]
    if changes:
        raise GameError(
            f"push/fold needs hands that are dealt before any board card and compared at the "
            f"showdown; {game.name} has {' and '.join(changes)}, where hands change after the deal "
            "and the all-in players would need a drawing strategy")
    if game.hole_cards > MAX_HOLE_CARDS:
        raise GameError(
            f"push/fold is solved for games of two or three hole cards (holdem, spanish, egyptian, "
            f"eldorado, tahoe and custom games); {game.name} deals {game.hole_cards} hole cards: "
            f"Omaha's four make 16,432 hand classes under suit isomorphism, a class matrix of 270 "
            f"million cells (2.2 GB a table), each pair of classes dealt together "
            f"a few times in a billion random deals on average, so their equities could be neither "
            f"enumerated nor sampled here")


def hand_classes(game: str | Game) -> HandClasses:
    """The starting-hand classes of a game of two or three hole cards, with their combos.

    Parameters
    ----------
    game
        A game name or :class:`~equity.games.Game` dealing two or three hole cards.

    Raises
    ------
    GameError
        For an unknown game or one push/fold does not apply to (draw and switch games, and games
        of more than three hole cards).

    Examples
    --------
    >>> classes = hand_classes("holdem")
    >>> len(classes), int(classes.counts.sum()), classes.names[:3]
    (169, 1326, ('AA', 'AKs', 'AQs'))
    >>> len(hand_classes("spanish")), int(hand_classes("spanish").counts.sum())
    (49, 378)
    >>> tahoe = hand_classes("tahoe")
    >>> len(tahoe), int(tahoe.counts.sum()), tahoe.names[:2], tahoe.names[tahoe.index("KhKcAh")]
    (1755, 22100, ('AsAhAd', 'AsAhKs'), 'AsKsKh')
    """
    g = get_game(game)
    _refuse_unsolvable(g)
    ranks = tuple(sorted(g.deck_ranks, reverse=True))
    if g.hole_cards != 2:
        from equity.hand_orders import hand_classes_of

        found = hand_classes_of(g)
        combos = tuple(found.hands[a:b] for a, b in zip(found.starts[:-1], found.starts[1:], strict=True))
        return HandClasses(g, found.names, combos, found.counts.astype(np.int64), (), ranks)
    suits = tuple(sorted(g.deck_suits))
    names, combos, cells = [], [], []
    for row, high in enumerate(ranks):
        for col, low in enumerate(ranks):
            top, bottom = (high, low) if row <= col else (low, high)
            if row == col:
                cards = [(4 * top + s2, 4 * top + s1) for i, s1 in enumerate(suits) for s2 in suits[i + 1:]]
                name = RANKS[top] * 2
            elif row < col:
                cards = [(4 * top + s, 4 * bottom + s) for s in suits]
                name = f"{RANKS[top]}{RANKS[bottom]}s"
            else:
                cards = [(4 * top + s1, 4 * bottom + s2) for s1 in suits for s2 in suits if s1 != s2]
                name = f"{RANKS[top]}{RANKS[bottom]}o"
            if cards:
                names.append(name)
                combos.append(np.array(cards, dtype=np.uint8).reshape(-1, 2))
                cells.append((row, col))
    counts = np.array([len(c) for c in combos], dtype=np.int64)
    return HandClasses(g, tuple(names), tuple(combos), counts, tuple(cells), ranks)


def _combo_text(combos: np.ndarray) -> str:
    return ",".join(RANKS[a >> 2] + SUITS[a & 3] + RANKS[b >> 2] + SUITS[b & 3] for a, b in combos.tolist())


# ---------------------------------------------------------------------------------------------
# The class matrix
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class ClassMatrix:
    """The small blind's share of the pot at the showdown, class against class.

    Attributes
    ----------
    classes
        The hand classes (rows: the small blind's class; columns: the big blind's).
    equity
        ``float64[k, k]``: the average share of the pot of the small blind's class against the
        big blind's, over every pair of their combos that share no card, each pair weighted
        alike (0.5 where no pair fits).
    stderr
        Standard errors of ``equity`` (zeros when exact).
    pairs
        ``int64[k, k]``: the pairs of combos behind each entry (:meth:`HandClasses.pair_counts`).
    method
        ``"exact"`` or ``"monte carlo"``.
    trials, seed
        Monte Carlo trials per pair of classes and the matrix's seed (None when exact).
    pot
        The pot played (``"high"``, ``"low"``, ``"hi_lo"``).
    policies
        Games with an exchange: the small blind's and the big blind's exchange policy (the big
        blind is seat 0 and exchanges first); else None.
    seconds
        How long the matrix took to build (when it was built, not when read from the cache).
    path
        Its file: in the cache, or the copy shipped with the package (:data:`SHIPPED_MATRICES`).
    unreached
        A ``"deals"`` matrix: the share of the pairs of combos in pairs of classes that no deal
        reached, whose entries are modelled from the classes' equities against a random hand
        (standard error 0.5); 0 elsewhere.
    """

    classes: HandClasses
    equity: np.ndarray
    stderr: np.ndarray
    pairs: np.ndarray
    method: str
    trials: int | None
    seed: int | None
    pot: str
    policies: tuple[str, str] | None
    seconds: float
    path: Path | None = None
    unreached: float = 0.0

    @property
    def ordered(self) -> bool:
        """Whether the seats matter (an exchange played in seat order): both orders of every
        pair were computed.  Otherwise ``equity[b, a] = 1 - equity[a, b]``."""
        return self.policies is not None

    def random_hand_equity(self) -> np.ndarray:
        """Each class's share of the pot against a random hand (all live combos alike)."""
        return (self.pairs * self.equity).sum(axis=1) / self.pairs.sum(axis=1)


def _check_method(g: Game, method, trials, seed) -> tuple[str, int | None, int | None]:
    exchange = has_phase(g, Exchange)
    if method is None:
        boards = math.comb(g.deck_size - 4, g.board_cards)
        method = ("deals" if g.hole_cards != 2 else
                  "exact" if not exchange and boards <= EXACT_BOARDS else "monte carlo")
    if method not in METHODS:
        raise OptionError(f"method must be one of {', '.join(map(repr, METHODS))}, got {method!r}")
    if g.hole_cards != 2 and method != "deals":
        raise OptionError(f"{g.name} deals {g.hole_cards} hole cards: its hand classes make too many "
                          f"pairs for one calculation each, so its class matrix is sampled from whole "
                          f"random deals, method 'deals' only")
    if method == "exact":
        if exchange:
            raise OptionError(f"{g.name}'s exchange is sampled: its class matrix is 'monte carlo' or "
                              "'deals' only")
        if trials is not None or seed is not None:
            raise OptionError("trials and seed apply to a 'monte carlo' or 'deals' class matrix")
        return method, None, None
    if trials is None:
        trials = DEALS if method == "deals" else EXCHANGE_TRIALS if exchange else TRIALS
    if isinstance(trials, bool) or not isinstance(trials, (int, np.integer)) or trials < 100:
        what = "deals in all" if method == "deals" else "trials per pair of classes"
        raise OptionError(f"trials ({what}) must be a whole number of at least 100, got {trials!r}")
    if seed is None:
        seed = MATRIX_SEED
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise OptionError(f"seed must be a non-negative integer, got {seed!r}")
    return method, int(trials), int(seed)


def _check_policies(g: Game, policies) -> tuple[str, str] | None:
    if not has_phase(g, Exchange):
        if policies is not None:
            raise OptionError(f"{g.name} has no exchange: policies apply to eldorado")
        return None
    if policies is None:
        policies = "greedy"
    pair = (policies, policies) if isinstance(policies, str) else tuple(policies) \
        if isinstance(policies, Sequence) else None
    if pair is None or len(pair) != 2 or not all(isinstance(p, str) and p in EXCHANGE_POLICIES for p in pair):
        raise OptionError(f"policies must be an exchange policy name ({', '.join(EXCHANGE_POLICIES)}) for "
                          f"both players, or two of them (the small blind's, the big blind's); got "
                          f"{policies!r}")
    return pair


def _rules_key(g: Game, pot: str, policies) -> str:
    """What shapes a class matrix beyond the evaluation tables' fingerprint."""
    shape = repr((g.deck_suits, g.hole_cards, g.streets, g.hole_rule, g.phases, g.wild, g.low, pot,
                  policies, _MATRIX_VERSION))
    return hashlib.sha256(shape.encode()).hexdigest()[:12]


def _pair_seed(seed: int, a: int, b: int) -> int:
    return int(np.random.SeedSequence([seed, a, b]).generate_state(1, np.uint64)[0] >> np.uint64(1))


def class_matrix(game: str | Game, *, method: str | None = None, trials: int | None = None,
                 seed: int | None = None, pot: str | None = None, policies=None,
                 progress: bool | None = None, rebuild: bool = False) -> ClassMatrix:
    """The class-against-class equity matrix of a two-card game: from memory, from the disk
    cache, or computed with :func:`equity.calc` and cached.

    Parameters
    ----------
    game
        A game name or :class:`~equity.games.Game` dealing two hole cards.
    method
        ``"exact"``: each pair of classes enumerated (every board, every pair of combos);
        ``"monte carlo"``: ``trials`` deals per pair of classes.  None (default): exact where a
        pair of hands has at most :data:`EXACT_BOARDS` boards and no exchange (Hold'em, Spanish
        poker), else Monte Carlo (Egyptian Hold'em, El Dorado).
    trials
        Monte Carlo trials per pair of classes (default :data:`TRIALS`, or
        :data:`EXCHANGE_TRIALS` with an exchange).
    seed
        Monte Carlo: the matrix's seed (default :data:`MATRIX_SEED`); each pair of classes plays
        its own stream derived from it.
    pot
        The pot played (default: the game's first pot mode).
    policies
        Games with an exchange (El Dorado): the exchange policy of both players (``"greedy"`` by
        default, ``"never"``, ``"lookahead"``), or a pair (the small blind's, the big blind's).
        The big blind sits in seat 0 and exchanges first, the small blind is the dealer.
    progress
        True shows a progress bar while building, False never; None on a terminal only.
    rebuild
        True computes the matrix again (neither memory nor the disk cache is read) and replaces
        the cached file.

    Returns
    -------
    ClassMatrix

    Notes
    -----
    One :func:`equity.calc` call per pair of classes with each class given as the list of its
    combos: the calculator deals every pair of combos that share no card with the same weight,
    so its answer is the combination-weighted equity of the two classes with card removal.
    Without an exchange the seats are alike, so the pairs below the diagonal are ``1 -`` those
    above and the diagonal is 0.5 (14,196 calls in Hold'em); with one, every ordered pair is
    computed (28,561).  Hold'em's exact matrix takes about 6 minutes on 2 busy cores, once.

    The cache file is ``push-fold-<game fingerprint>-<rules>-<classes>-<method>.npz`` under
    :func:`equity.tables.cache_dir` (``<rules>`` hashes the deal, the pot and the policies;
    ``<method>`` is ``exact`` or ``mc<trials>-seed<seed>``), written atomically.  A file of the
    same name in :data:`SHIPPED_MATRICES` (Hold'em's exact matrix, made by
    :func:`write_shipped`) is read when the cache has none: a changed game, pot or method
    changes the name, so a shipped matrix is only read for the question it answers.
    """
    classes = hand_classes(game)
    g = classes.game
    method, trials, seed = _check_method(g, method, trials, seed)
    mode = pot_mode(g, pot)
    pair = _check_policies(g, policies)
    from equity.tables import cache_dir

    tag = {"exact": "exact", "monte carlo": f"mc{trials}-seed{seed}",
           "deals": f"deals{trials}-seed{seed}"}[method]
    key = f"push-fold-{g.fingerprint()}-{_rules_key(g, mode, pair)}-{len(classes)}-{tag}"
    if check_flag(rebuild, "rebuild"):
        _LOADED.pop(key, None)
    if key in _LOADED:
        return _LOADED[key]
    path = cache_dir() / f"{key}.npz"
    matrix = None
    if not rebuild:
        matrix = (_read_matrix(path, classes, method, trials, seed, mode, pair)
                  or _read_matrix(SHIPPED_MATRICES / f"{key}.npz", classes, method, trials, seed, mode, pair))
    if matrix is None:
        matrix = _build_matrix(classes, method, trials, seed, mode, pair, progress)
        matrix = _write_matrix(path, matrix)
    _LOADED[key] = matrix
    return matrix


#: Class matrices shipped with the package, named as in the cache (:func:`class_matrix`): the
#: built-in games' exact matrices that take minutes (Hold'em: 14,196 exact calculations, about
#: 200 s on two cores), made by ``python -m equity.strategy.push_fold_solver GAME``.
SHIPPED_MATRICES = Path(__file__).resolve().parents[1] / "data" / "class_matrix"


def write_shipped(game: str, *, progress: bool | None = None) -> Path:
    """Compute (or read from the cache) a built-in game's exact class matrix and write it where
    the package ships it, :data:`SHIPPED_MATRICES` (compressed; the names and values as cached)."""
    from equity.games import GAMES

    g = get_game(game)
    if GAMES.get(g.name) is not g:
        raise GameError(f"{g.name} is not a built-in game: its class matrix is cached, not shipped")
    matrix = class_matrix(g, method="exact", progress=progress)
    SHIPPED_MATRICES.mkdir(parents=True, exist_ok=True)
    path = SHIPPED_MATRICES / matrix.path.name if matrix.path else None
    if path is None or path == matrix.path:
        raise GameError(f"{g.name}: the class matrix was not cached, so it has no name to ship under")
    np.savez_compressed(path, names=np.array(matrix.classes.names), equity=matrix.equity,
                        stderr=matrix.stderr, pairs=matrix.pairs, seconds=np.float64(matrix.seconds))
    return path


def main(argv: list[str] | None = None) -> None:
    """``python -m equity.strategy.push_fold_solver GAME ...``: make the shipped class matrices."""
    for name in (sys.argv[1:] if argv is None else argv):
        started = time.perf_counter()
        path = write_shipped(name, progress=True)
        print(f"{name}: {path} in {time.perf_counter() - started:.0f} s", flush=True)


def _read_matrix(path: Path, classes, method, trials, seed, mode, pair) -> ClassMatrix | None:
    if not path.exists():
        return None
    try:
        with np.load(path, allow_pickle=False) as stored:
            names = tuple(str(n) for n in stored["names"])
            equity, stderr = stored["equity"], stored["stderr"]
            pairs, seconds = stored["pairs"], float(stored["seconds"])
            unreached = float(stored["unreached"]) if "unreached" in stored.files else 0.0
    except (OSError, KeyError, ValueError):
        return None
    k = len(classes)
    if names != classes.names or equity.shape != (k, k) or stderr.shape != (k, k):
        return None
    return ClassMatrix(classes, equity, stderr, pairs, method, trials, seed, mode, pair, seconds, path,
                       unreached)


def _write_matrix(path: Path, matrix: ClassMatrix) -> ClassMatrix:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".tmp", delete=False) as tmp:
            np.savez(tmp, names=np.array(matrix.classes.names), equity=matrix.equity,
                     stderr=matrix.stderr, pairs=matrix.pairs, seconds=np.float64(matrix.seconds),
                     unreached=np.float64(matrix.unreached))
        os.replace(tmp.name, path)
    except OSError:
        return matrix  # a read-only cache only costs the rebuild next time
    return ClassMatrix(**{**matrix.__dict__, "path": path})


def _build_matrix(classes: HandClasses, method, trials, seed, mode, pair, progress) -> ClassMatrix:
    from tqdm.auto import tqdm

    from equity.calculator import calc

    if method == "deals":
        return _build_from_deals(classes, trials, seed, mode, pair, progress)
    started = time.perf_counter()
    g = classes.game
    k = len(classes)
    pairs = classes.pair_counts()
    texts = [_combo_text(c) for c in classes.combos]
    equity = np.full((k, k), 0.5)
    stderr = np.zeros((k, k))
    ordered = pair is not None
    todo = [(a, b) for a in range(k) for b in range(k) if pairs[a, b] and (ordered or a < b)]
    options: dict = {"pot": mode, "progress": False}
    if ordered:
        options["policies"] = [pair[1], pair[0]]  # seat 0 is the big blind
    bar = tqdm(todo, disable=None if progress is None else not progress, unit="pair",
               desc=f"{g.name} class matrix ({method})", file=sys.stderr)
    for a, b in bar:
        if method == "exact":
            table = calc(g, [texts[b], texts[a]], exact=True, **options)
        else:
            table = calc(g, [texts[b], texts[a]], trials=trials, seed=_pair_seed(seed, a, b), **options)
        equity[a, b] = table.equity.iloc[1]
        stderr[a, b] = table.stderr.iloc[1]
        if not ordered:
            equity[b, a] = 1.0 - equity[a, b]
            stderr[b, a] = stderr[a, b]
    bar.close()
    return ClassMatrix(classes, equity, stderr, pairs, method, trials, seed, mode, pair,
                       time.perf_counter() - started)


#: Deals played at a time by a ``"deals"`` class matrix: a whole number of the deal engine's
#: chunks, so that the blocks deal what one run of all the deals would.
_DEAL_BLOCK = 64 * CHUNK_DEALS


def _build_from_deals(classes: HandClasses, deals: int, seed: int, mode: str, pair, progress) -> ClassMatrix:
    """A class matrix from ``deals`` random heads-up deals of :func:`equity.deal.play_deals` (the run
    of ``seed``), each counted in the cell of the two classes it dealt: the cell's equity is the
    mean share of the pot over its deals and its standard error the spread's (at least that of a
    coin toss's on its few deals: ``0.25 / n`` floors the variance). A cell no deal reached (8%
    of the pairs of combos in Tahoe at 4 million deals, none at the default 200 million) gets a
    logistic model of the two classes' equities against a random hand, ``e_ab = 1 / (1 + exp(s_b
    - s_a))`` with ``s`` their log-odds, and a standard error of 0.5: filling it with 0.5
    instead would pull the strongest and weakest classes' rows towards even. Random deals deal
    every pair of combos that share no card alike, so each cell weighs its pairs of combos as
    :meth:`HandClasses.pair_counts` does. Without an exchange the seats are alike and both
    orders of a pair of classes count in one cell (the other is ``1 -`` it; a class against
    itself is 0.5)."""
    from tqdm.auto import tqdm

    from equity.deal import play_deals

    started = time.perf_counter()
    g, k = classes.game, len(classes)
    ordered = pair is not None
    counts, sums, squares = np.zeros(k * k), np.zeros(k * k), np.zeros(k * k)
    seat_shares, seat_deals = np.zeros((2, k)), np.zeros((2, k))  # per seat: against a random hand
    options: dict = {"pot": mode, "progress": False, "usage": False, "seed": seed}
    if ordered:
        options["policies"] = [pair[1], pair[0]]  # seat 0 is the big blind
    firsts = range(0, deals, _DEAL_BLOCK)
    bar = tqdm(firsts, disable=None if progress is None else not progress, unit="block",
               desc=f"{g.name} class matrix ({deals:,} deals)", file=sys.stderr)
    for first in bar:
        played = play_deals(g, 2, min(_DEAL_BLOCK, deals - first), first_chunk=first // CHUNK_DEALS,
                            **options)
        big, small = classes.class_of(played.hole[:, 0]), classes.class_of(played.hole[:, 1])
        for seat, dealt in enumerate((big, small)):
            seat_shares[seat] += np.bincount(dealt, played.share[:, seat], minlength=k)
            seat_deals[seat] += np.bincount(dealt, minlength=k)
        if ordered:  # the small blind's class, row; the big blind's, column
            row, col, share = small, big, played.share[:, 1]
        else:
            swap = big < small
            row, col = np.minimum(big, small), np.maximum(big, small)
            share = np.where(swap, played.share[:, 0], played.share[:, 1])
        cell = row * k + col
        counts += np.bincount(cell, minlength=k * k)
        sums += np.bincount(cell, share, minlength=k * k)
        squares += np.bincount(cell, share * share, minlength=k * k)
    bar.close()
    n = counts.reshape(k, k)
    seen = n > 0
    equity = np.divide(sums.reshape(k, k), n, out=np.full((k, k), 0.5), where=seen)
    spread = np.divide(squares.reshape(k, k) - n * equity ** 2, n - 1, out=np.zeros((k, k)), where=n > 1)
    variance = np.maximum(spread, np.divide(0.25, n, out=np.full((k, k), 0.25), where=seen))
    stderr = np.sqrt(np.divide(variance, n, out=np.full((k, k), 0.25), where=seen))
    # a cell no deal reached: the logistic model of the two classes' equities against a random hand
    if not ordered:
        seat_shares = np.tile(seat_shares.sum(axis=0), (2, 1))
        seat_deals = np.tile(seat_deals.sum(axis=0), (2, 1))
    against_random = np.divide(seat_shares, seat_deals, out=np.full((2, k), 0.5), where=seat_deals > 0)
    strength = np.log(np.clip(against_random, 1e-3, 1 - 1e-3) / np.clip(1 - against_random, 1e-3, 1))
    model = 1.0 / (1.0 + np.exp(strength[0][None, :] - strength[1][:, None]))  # small blind row
    equity[~seen] = model[~seen]
    pairs = classes.pair_counts()
    if not ordered:
        below = np.tril_indices(k, -1)
        equity[below] = 1.0 - equity.T[below]
        stderr[below] = stderr.T[below]
        n[below] = n.T[below]
        np.fill_diagonal(equity, 0.5)
        np.fill_diagonal(stderr, 0.0)
        np.fill_diagonal(n, 1)
    equity[pairs == 0], stderr[pairs == 0] = 0.5, 0.0
    unreached = float(pairs[n == 0].sum() / pairs.sum())
    return ClassMatrix(classes, equity, stderr, pairs, "deals", deals, seed, mode, pair,
                       time.perf_counter() - started, unreached=unreached)


# ---------------------------------------------------------------------------------------------
# The solver
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Bilinear:
    """The push/fold game on a class matrix at one stack, as a bilinear form: the small blind's
    value is ``fold + push @ steal + push @ called @ call`` for push and call frequencies."""

    fold: float  # the small blind's value when it folds every hand
    steal: np.ndarray  # float64[k]: per class, the gain of a push over a fold when the big blind folds
    called: np.ndarray  # float64[k, k]: the change to that gain when the big blind calls
    weights: np.ndarray  # float64[k, k]: the chance of each pair of classes (small blind, big blind)
    pot: float  # the pot of a called push


def _bilinear(equity: np.ndarray, pairs: np.ndarray, stack: float, ante: float) -> _Bilinear:
    weights = pairs / pairs.sum()
    fold = -(SMALL_BLIND + ante)
    steal = BIG_BLIND + ante
    pot = 2.0 * (stack + ante)
    showdown = pot * equity - (stack + ante)
    return _Bilinear(fold, (steal - fold) * weights.sum(axis=1), weights * (showdown - steal), weights, pot)


def _strategy(act: np.ndarray, other: np.ndarray) -> np.ndarray:
    """Regret matching: each class acts in proportion to its positive regret (half and half at 0/0)."""
    total = act + other
    return np.divide(act, total, out=np.full_like(act, 0.5), where=total > 0)


def _exploitability(game: _Bilinear, push: np.ndarray, call: np.ndarray) -> tuple[float, float]:
    """The profile's value for the small blind and its exploitability: the small blind's best
    response value against ``call`` less the big blind's best response value against ``push``."""
    push_gain = game.steal + game.called @ call
    call_gain = -(push @ game.called)
    value = game.fold + push @ push_gain
    best_push = game.fold + np.maximum(push_gain, 0.0).sum()
    best_call = game.fold + push @ game.steal - np.maximum(call_gain, 0.0).sum()
    return float(value), max(float(best_push - best_call), 0.0)


@dataclass(frozen=True, eq=False)
class Equilibrium:
    """A push/fold profile found by :func:`solve_push_fold`, with what it is worth.

    Attributes
    ----------
    push, call
        Per class, how often the small blind pushes and the big blind calls a push.
    push_gain
        Per class, what the small blind gains by pushing instead of folding against ``call``,
        in big blinds per hand dealt that class (positive: push).
    call_gain
        Per class, what the big blind gains by calling instead of folding against ``push``, in
        big blinds per hand dealt that class and facing a push (positive: call).
    value
        The small blind's expected result, big blinds per hand (the big blind's is minus it).
    exploitability
        What the two players together gain by best responses to the profile, big blinds per hand.
    iterations
        Predictive CFR+ iterations played.
    """

    push: np.ndarray
    call: np.ndarray
    push_gain: np.ndarray
    call_gain: np.ndarray
    value: float
    exploitability: float
    iterations: int


def solve_push_fold(equity, pairs, stack: float, *, ante: float = 0.0, tolerance: float = TOLERANCE,
                    max_iterations: int = MAX_ITERATIONS) -> Equilibrium:
    """Solve the push/fold game on a class matrix: predictive CFR+ until the exploitability is at most
    ``tolerance``.

    Parameters
    ----------
    equity
        ``float[k, k]``: the small blind's share of the pot, its class (row) against the big
        blind's (column).
    pairs
        ``float[k, k]``: how often each pair of classes is dealt (any scale; e.g. the pairs of
        combos that share no card).
    stack, ante
        The effective stack (above the big blind) and each player's ante, in big blinds.
    tolerance, max_iterations
        Stop when the average profile's exploitability is at most ``tolerance`` big blinds per
        hand, or after ``max_iterations`` (with a :class:`SolverWarning`).

    Returns
    -------
    Equilibrium

    Examples
    --------
    One card each from J, Q, K, the high card wins; at 1.5 big blinds the small blind pushes
    the jack a fifth of the time and the big blind calls with the queen a fifth of the time:

    >>> win = np.array([[0.5, 0, 0], [1, 0.5, 0], [1, 1, 0.5]])
    >>> pairs = 1 - np.eye(3)
    >>> found = solve_push_fold(win, pairs, 1.5)
    >>> np.round(found.push, 2).tolist(), np.round(found.call, 2).tolist(), round(found.value, 4)
    ([0.2, 1.0, 1.0], [0.0, 0.2, 1.0], 0.1)
    """
    equity = np.asarray(equity, dtype=np.float64)
    pairs = np.asarray(pairs, dtype=np.float64)
    k = len(equity)
    if equity.shape != (k, k) or pairs.shape != (k, k):
        raise OptionError(f"equity and pairs must be square and alike, got {equity.shape} and {pairs.shape}")
    if not np.isfinite(pairs).all() or (pairs < 0).any() or pairs.sum() <= 0:
        raise OptionError("pairs must be non-negative, finite and not all zero")
    stack, ante = _check_stakes(stack, ante)
    _check_solver(tolerance, max_iterations)
    game = _bilinear(equity, pairs, stack, ante)
    push, call, exploitability, iterations = _pcfr_plus(game, float(tolerance), int(max_iterations))
    if exploitability > tolerance:
        warnings.warn(f"push/fold at {stack:g} bb: exploitability {exploitability:.2g} bb per hand after "
                      f"{iterations:,} iterations, above the tolerance {tolerance:g}", SolverWarning,
                      stacklevel=2)
    value, exploitability = _exploitability(game, push, call)
    dealt = game.weights.sum(axis=1)
    facing = push @ game.weights
    push_gain = (game.steal + game.called @ call) / np.where(dealt > 0, dealt, 1.0)
    call_gain = -(push @ game.called) / np.where(facing > 0, facing, 1.0)
    return Equilibrium(push, call, push_gain, call_gain, value, exploitability, iterations)


def _check_solver(tolerance, max_iterations) -> None:
    if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) or not tolerance > 0:
        raise OptionError(f"tolerance must be a positive number of big blinds, got {tolerance!r}")
    if isinstance(max_iterations, bool) or not isinstance(max_iterations, (int, np.integer)) \
            or max_iterations < 1:
        raise OptionError(f"max_iterations must be a whole number of at least 1, got {max_iterations!r}")


def _check_stakes(stack, ante) -> tuple[float, float]:
    for name, value in (("stack", stack), ("ante", ante)):
        if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)) \
                or not math.isfinite(value):
            raise OptionError(f"{name} must be a finite number of big blinds, got {value!r}")
    if not stack > BIG_BLIND:
        raise OptionError(f"stack {stack:g}: the effective stack must exceed the big blind (1 bb), "
                          "or the big blind is all in before the small blind acts")
    if ante < 0:
        raise OptionError(f"ante {ante:g}: an ante cannot be negative")
    return float(stack), float(ante)


def _regret_step(regret_act: np.ndarray, regret_other: np.ndarray, act: np.ndarray, gain: np.ndarray):
    """One predictive regret-matching+ step for a two-action decision per class: the regrets of
    acting and of not acting (``gain``: what acting gains over not acting, at frequency ``act``)
    grow by this iteration's and are clamped at 0; the next frequencies match the regrets plus
    this iteration's again, the prediction of the next."""
    now_act, now_other = (1.0 - act) * gain, -act * gain
    regret_act = np.maximum(regret_act + now_act, 0.0)
    regret_other = np.maximum(regret_other + now_other, 0.0)
    act = _strategy(np.maximum(regret_act + now_act, 0.0), np.maximum(regret_other + now_other, 0.0))
    return regret_act, regret_other, act


def _pcfr_plus(game: _Bilinear, tolerance: float, max_iterations: int, check_every: int = 50):
    """Predictive CFR+ (Farina, Kroer and Sandholm 2021): regret matching+ on the regrets plus a
    prediction (the last iteration's regrets), alternating updates, and averages weighted by the
    square of the iteration; until the average profile's exploitability is at most
    ``tolerance`` (checked every ``check_every`` iterations)."""
    k_push, k_call = game.called.shape
    regret_push, regret_fold = np.zeros(k_push), np.zeros(k_push)
    regret_call, regret_pass = np.zeros(k_call), np.zeros(k_call)
    push, call = np.full(k_push, 0.5), np.full(k_call, 0.5)
    sum_push, sum_call, weight = np.zeros(k_push), np.zeros(k_call), 0.0
    exploitability = math.inf
    t = 0
    while t < max_iterations:
        t += 1
        regret_push, regret_fold, push = _regret_step(regret_push, regret_fold, push,
                                                      game.steal + game.called @ call)
        regret_call, regret_pass, call = _regret_step(regret_call, regret_pass, call, -(push @ game.called))
        sum_push += t * t * push
        sum_call += t * t * call
        weight += t * t
        if t % check_every == 0 or t == max_iterations:
            _, exploitability = _exploitability(game, sum_push / weight, sum_call / weight)
            if exploitability <= tolerance:
                break
    return sum_push / weight, sum_call / weight, exploitability, t


# ---------------------------------------------------------------------------------------------
# The public answers
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class PushFold:
    """The heads-up push/fold equilibrium of a game at one stack (see :func:`push_fold`).

    Attributes
    ----------
    game
        The game's name.
    stack, ante
        The effective stack and each player's ante, big blinds.
    classes
        The hand classes (``"AA"``, ``"AKs"``, ``"AKo"``, ...), in the order of the rank grid.
    combos
        Combos per class.
    push, call
        How often the small blind pushes each class, and the big blind calls a push with it.
    push_gain, call_gain
        What pushing (small blind) or calling (big blind) gains over folding against the other
        player's equilibrium strategy, big blinds per hand dealt that class (the big blind's:
        facing a push); positive for the hands in the range, about 0 for those it mixes.
    push_gain_stderr, call_gain_stderr
        Their standard errors from a Monte Carlo class matrix (zeros when exact).
    value, value_stderr
        The small blind's expected result, big blinds per hand, and its standard error.
    exploitability
        What both players together would gain by best responses, big blinds per hand (on the
        class matrix: it does not include the matrix's own standard error).
    iterations
        Predictive CFR+ iterations played.
    matrix
        The class matrix solved (its method, trials, seed, pot, policies).
    """

    game: str
    stack: float
    ante: float
    classes: tuple[str, ...]
    combos: np.ndarray
    push: np.ndarray
    call: np.ndarray
    push_gain: np.ndarray
    call_gain: np.ndarray
    push_gain_stderr: np.ndarray
    call_gain_stderr: np.ndarray
    value: float
    value_stderr: float
    exploitability: float
    iterations: int
    matrix: ClassMatrix = field(repr=False)

    @property
    def n_combos(self) -> int:
        """Combos dealt to a player (Hold'em: 1,326)."""
        return int(self.combos.sum())

    @property
    def push_combos(self) -> float:
        """The small blind's pushing range in combos (mixed classes counted in part)."""
        return float(self.combos @ self.push)

    @property
    def call_combos(self) -> float:
        """The big blind's calling range in combos."""
        return float(self.combos @ self.call)

    @property
    def push_percent(self) -> float:
        """The pushing range as a percentage of the combos."""
        return 100.0 * self.push_combos / self.n_combos

    @property
    def call_percent(self) -> float:
        """The calling range as a percentage of the combos."""
        return 100.0 * self.call_combos / self.n_combos

    def table(self) -> pd.DataFrame:
        """One row per class: ``hand, combos, push, call, push_gain, call_gain`` and, from a Monte
        Carlo matrix, their standard errors."""
        frame = pd.DataFrame({"hand": list(self.classes), "combos": self.combos, "push": self.push,
                              "call": self.call, "push_gain": self.push_gain, "call_gain": self.call_gain})
        if self.matrix.method != "exact":
            frame["push_gain_stderr"] = self.push_gain_stderr
            frame["call_gain_stderr"] = self.call_gain_stderr
        return frame

    def chart(self, player: str = "push") -> str:
        """The range as a rank grid: a class's name where it is played, ``.`` where it is folded,
        its percentage where it is mixed.  ``player``: ``"push"`` (the small blind) or ``"call"``.
        Games of three hole cards have no grid: the classes played are listed (see
        :func:`class_list`).

        Examples
        --------
        >>> print(push_fold("spanish", 3).chart("call"))  # doctest: +NORMALIZE_WHITESPACE
             A   K   Q   J   T   9   8
        A   AA AKs AQs AJs ATs A9s A8s
        K  AKo  KK KQs KJs KTs K9s   .
        Q  AQo KQo  QQ QJs QTs Q9s Q8s
        J  AJo KJo QJo  JJ JTs J9s J8s
        T  ATo KTo QTo JTo  TT T9s T8s
        9  A9o K9o Q9o J9o T9o  99 98s
        8  A8o   . Q8o J8o T8o   .  88
        """
        if player not in ("push", "call"):
            raise OptionError(f"player must be 'push' or 'call', got {player!r}")
        frequency = self.push if player == "push" else self.call
        if not self.matrix.classes.grid:
            return class_list(self.classes, frequency)
        cells = []
        for name, f in zip(self.classes, frequency, strict=True):
            cells.append(name if f >= 0.995 else "." if f <= 0.005 else f"{100 * f:.0f}%")
        return rank_grid(self.matrix.classes, cells)

    def thresholds(self, stacks: Sequence[float] | None = None, *,
                   progress: bool | None = None) -> pd.DataFrame:
        """:func:`push_fold_thresholds` for this game, ante and class matrix."""
        m = self.matrix
        return push_fold_thresholds(m.classes.game, stacks=stacks, ante=self.ante, method=m.method,
                                    trials=m.trials, seed=m.seed, pot=m.pot, policies=m.policies,
                                    progress=progress)


def class_list(names: Sequence[str], frequency: np.ndarray, width: int = 96) -> str:
    """The classes played, in the classes' order (from the highest hand), wrapped to ``width``:
    a class's name where it is always played, ``name 40%`` where it is mixed; then how many of
    the classes that is."""
    import textwrap

    shown = [name if f >= 0.995 else f"{name} {100 * f:.0f}%"
             for name, f in zip(names, frequency, strict=True) if f > 0.005]
    text = textwrap.fill(", ".join(shown), width=width) if shown else "(none)"
    return f"{text}\n({len(shown):,} of {len(names):,} classes)"


def rank_grid(classes: HandClasses, cells: Sequence[str]) -> str:
    """Text cells, one per class, laid out on the rank grid with the ranks along the top and
    down the side (pairs on the diagonal, suited hands right of it, offsuit hands left of it)."""
    n = len(classes.ranks)
    grid = [["" for _ in range(n)] for _ in range(n)]
    for (row, col), cell in zip(classes.cells, cells, strict=True):
        grid[row][col] = cell
    width = max(3, *(len(c) for c in cells))
    labels = [RANKS[r] for r in classes.ranks]
    lines = [" " + "".join(f" {label:>{width}}" for label in labels)]
    for label, row in zip(labels, grid, strict=True):
        lines.append(label + "".join(f" {cell:>{width}}" for cell in row))
    return "\n".join(lines)


def _gain_stderrs(matrix: ClassMatrix, game: _Bilinear, push: np.ndarray, call: np.ndarray):
    """Standard errors of the push and call gains and of the value, from the matrix's."""
    k = len(push)
    if matrix.method == "exact":
        return np.zeros(k), np.zeros(k), 0.0
    scaled = game.weights * game.pot * matrix.stderr
    dealt = game.weights.sum(axis=1)
    facing = push @ game.weights
    push_se = np.sqrt(((scaled * call[None, :]) ** 2).sum(axis=1)) / np.where(dealt > 0, dealt, 1.0)
    call_se = np.sqrt(((scaled * push[:, None]) ** 2).sum(axis=0)) / np.where(facing > 0, facing, 1.0)
    slope = game.weights * game.pot * np.outer(push, call)  # d value / d equity[a, b]
    if matrix.ordered:
        value_var = ((slope * matrix.stderr) ** 2).sum()
    else:  # equity[b, a] = 1 - equity[a, b]: one estimate behind both
        upper = np.triu_indices(k, 1)
        value_var = (((slope - slope.T)[upper] * matrix.stderr[upper]) ** 2).sum()
    return push_se, call_se, float(math.sqrt(value_var))


def push_fold(game: str | Game, stack: float, *, ante: float = 0.0, tolerance: float = TOLERANCE,
              max_iterations: int = MAX_ITERATIONS, method: str | None = None, trials: int | None = None,
              seed: int | None = None, pot: str | None = None, policies=None,
              progress: bool | None = None) -> PushFold:
    """The heads-up push/fold equilibrium: who pushes, who calls, and what it is worth.

    The small blind (0.5) pushes all in or folds; facing a push, the big blind (1) calls or
    folds.  Solved on the game's hand classes with card removal (see :func:`class_matrix` for
    the matrix, :func:`solve_push_fold` for the solver).

    Parameters
    ----------
    game
        A game name or :class:`~equity.games.Game` whose two hole cards are dealt before any
        board card: ``"holdem"``, ``"spanish"``, ``"egyptian"``, ``"eldorado"`` or a two-card
        custom game.  Omaha and Tahoe (more hole cards) and games with a draw or a switch are
        refused.
    stack
        The effective stack in big blinds, blinds included; it must exceed the big blind.
    ante
        Each player's ante in big blinds, dead money added to the pot on top of the stacks.
    tolerance, max_iterations
        The solver stops at an exploitability of ``tolerance`` big blinds per hand or after
        ``max_iterations`` (with a :class:`SolverWarning`).
    method, trials, seed, pot, policies, progress
        The class matrix: see :func:`class_matrix`.

    Returns
    -------
    PushFold

    Raises
    ------
    GameError
        For an unknown game or one push/fold does not apply to.
    OptionError
        For a stack not above the big blind, a negative ante, or options the game lacks.

    Examples
    --------
    >>> chart = push_fold("spanish", 3)
    >>> round(chart.push_percent, 1), round(chart.call_percent, 1), chart.exploitability < 1e-3
    (78.3, 92.6, True)
    """
    stack, ante = _check_stakes(stack, ante)
    _check_solver(tolerance, max_iterations)
    matrix = class_matrix(game, method=method, trials=trials, seed=seed, pot=pot, policies=policies,
                          progress=progress)
    found = solve_push_fold(matrix.equity, matrix.pairs, stack, ante=ante, tolerance=tolerance,
                            max_iterations=max_iterations)
    bilinear = _bilinear(matrix.equity, matrix.pairs, stack, ante)
    push_se, call_se, value_se = _gain_stderrs(matrix, bilinear, found.push, found.call)
    return PushFold(matrix.classes.game.name, stack, ante, matrix.classes.names, matrix.classes.counts,
                    found.push, found.call, found.push_gain, found.call_gain, push_se, call_se,
                    found.value, value_se, found.exploitability, found.iterations, matrix)


def _last_stack(stacks: np.ndarray, played: np.ndarray, gain: np.ndarray) -> float:
    """The largest stack at which a class is played, between the grid's stacks where its gain
    crosses zero (linear in between); inf when played at the grid's largest stack, nan never."""
    where = np.flatnonzero(played)
    if len(where) == 0:
        return math.nan
    i = where[-1]
    if i == len(stacks) - 1:
        return math.inf
    above, below = max(gain[i], 0.0), min(gain[i + 1], 0.0)
    step = stacks[i + 1] - stacks[i]
    return float(stacks[i] + (step * above / (above - below) if above > below else 0.0))


def push_fold_thresholds(game: str | Game, *, stacks: Sequence[float] | None = None, ante: float = 0.0,
                         tolerance: float = TOLERANCE, max_iterations: int = MAX_ITERATIONS,
                         method: str | None = None, trials: int | None = None, seed: int | None = None,
                         pot: str | None = None, policies=None, progress: bool | None = None) -> pd.DataFrame:
    """The Nash push/fold chart: for each class, the largest stack at which the small blind
    pushes it and the big blind calls a push with it.

    Parameters
    ----------
    game
        As :func:`push_fold`.
    stacks
        The stacks solved, each above 1 big blind (default :data:`THRESHOLD_STACKS`: 1.1 to 20
        in steps of 0.1).  A threshold between two of them is placed where the class's gain
        (``push_gain``, ``call_gain``) crosses zero, linearly between the two.
    ante, tolerance, max_iterations, method, trials, seed, pot, policies, progress
        As :func:`push_fold`.

    Returns
    -------
    pandas.DataFrame
        One row per class: ``hand``, ``combos``, ``push`` and ``call`` (the largest stack, big
        blinds, at which more than half of the class is played; ``inf`` when it is played at
        the largest stack solved, ``nan`` when at none).  ``attrs`` holds ``game``, ``ante``,
        ``stacks``, ``method`` and the largest ``exploitability`` over the stacks.

    Examples
    --------
    >>> chart = push_fold_thresholds("spanish", stacks=[1.5, 2.0, 2.5, 3.0])
    >>> chart.set_index("hand").loc[["AA", "98o", "K8o"], "push"].round(2).tolist()
    [inf, 1.56, nan]
    """
    from tqdm.auto import tqdm

    grid = np.array(THRESHOLD_STACKS if stacks is None else stacks, dtype=np.float64).ravel()
    if len(grid) < 2 or not np.isfinite(grid).all() or (np.diff(grid) <= 0).any():
        raise OptionError("stacks must be at least two finite stacks in increasing order")
    _check_stakes(float(grid[0]), ante)
    _check_solver(tolerance, max_iterations)
    matrix = class_matrix(game, method=method, trials=trials, seed=seed, pot=pot, policies=policies,
                          progress=progress)
    solutions = [solve_push_fold(matrix.equity, matrix.pairs, float(stack), ante=ante, tolerance=tolerance,
                                 max_iterations=max_iterations)
                 for stack in tqdm(grid, disable=None if progress is None else not progress, unit="stack",
                                   desc="push/fold thresholds", file=sys.stderr)]
    return thresholds_of(matrix, grid, solutions, ante)


def thresholds_of(matrix: ClassMatrix, stacks: Sequence[float], solutions: Sequence, ante: float = 0.0):
    """The threshold table of :func:`push_fold_thresholds` from solutions already found at each
    of ``stacks`` (:class:`Equilibrium` or :class:`PushFold`, in the order of the stacks)."""
    grid = np.asarray(stacks, dtype=np.float64)
    pushes = np.array([found.push for found in solutions])
    calls = np.array([found.call for found in solutions])
    push_gains = np.array([found.push_gain for found in solutions])
    call_gains = np.array([found.call_gain for found in solutions])
    k = len(matrix.classes)
    frame = pd.DataFrame({
        "hand": list(matrix.classes.names),
        "combos": matrix.classes.counts,
        "push": [_last_stack(grid, pushes[:, a] > 0.5, push_gains[:, a]) for a in range(k)],
        "call": [_last_stack(grid, calls[:, a] > 0.5, call_gains[:, a]) for a in range(k)],
    })
    frame.attrs.update(game=matrix.classes.game.name, ante=ante, stacks=grid.tolist(), method=matrix.method,
                       exploitability=max(found.exploitability for found in solutions))
    return frame


if __name__ == "__main__":
    main()
