"""Draw decisions against opponents: the showdown share a hold wins, in draw poker and in Switch.

Two tools live here.

* :func:`showdown_hold_values` measures the value of every hold of one hand by Monte Carlo: the
  hand's share of the pot at showdown against ``K`` opponents who draw by a policy, with the
  switches after the draw played as the rules say (rule document 002: a random card of each
  final hand is taken by the next seat, one is received from the previous seat's hand).  Every
  hold meets the same opponents, the same replacement cards where it draws as many, and the same
  switch positions (common random numbers), so the differences between holds carry paired
  standard errors far below the values' own.
* :func:`showdown_values` builds the showdown model the ``switch_aware`` draw policies read
  (``equity._kernels.switch.aware_keep``).  A final hand's value is its estimated share against
  the final hands of ``K`` opponents playing ``standard`` (simulated once, seeded), and each
  switch after the draw replaces it by its mean over the card lost (each of the five alike) and
  the card received (any card not in the hand, alike).  The sums of these values over the final
  hands that hold each set of 0 to 5 cards let the policy value every hold of any hand, with any
  cards known to be out of the stub, by inclusion-exclusion, in a few hundred table reads: the
  policy decides in microseconds inside the deal kernels.  The ``switch_aware`` policy treats the
  card it lost in the switch before the draw as out of the stub (the next seat holds it; the
  card received is one of its five); ``switch_aware_no_info`` ignores it.  The opponents'
  hands are taken as independent of the seat's cards (card removal between seats is ignored:
  the model is an estimate, which :func:`showdown_hold_values` checks exactly).

The models are cached on disk under :func:`equity.tables.cache_dir`
(``showdown-values-<game fingerprint>-<key>-<kernel digest>.npy``, about 23 MB each for a 52-card
deck; ``equity cache --prune`` removes those of other kernels).
"""

from __future__ import annotations

import hashlib
import itertools
import os
import tempfile
from collections.abc import Sequence
from math import comb

import numpy as np
import pandas as pd

from equity._kernels.bundles import DrawValues, SwitchRules
from equity._kernels.draw import hold_values_of, showdown_trials, subset_sums
from equity._kernels.switch import STANDARD, SWITCH_AWARE
from equity.cards import card_text, format_cards
from equity.errors import CardError, OptionError
from equity.evaluator import evaluate_many
from equity.games import Draw, Game, Switch, get_game
from equity.options import check_draw_limits, check_players, draw_policy_codes, is_whole_number
from equity.rng import resolve_seed, stream_state
from equity.strategy.draw import (
    KEPT_CARDS,
    allowed_holds,
    best_first,
    binomials,
    class_holds,
    draw_hand,
    final_hands,
    game_cards,
    hold_texts,
    subset_offsets,
    suit_classes,
)

__all__ = [
    "MODEL_DEALS",
    "MODEL_SEED",
    "showdown_hold_values",
    "showdown_values",
    "model_values",
    "no_values",
    "plan_of",
    "policy_gain",
    "policy_shares",
    "model_hold_values",
    "model_best_holds",
]

#: Deals simulated to estimate the opponents' final hands in a showdown model.
MODEL_DEALS = 200_000
#: The seed of those deals (a model is the same in every process).
MODEL_SEED = 2026_1204
#: Bumped when the model's file changes meaning; part of its cache key.
_MODEL_VERSION = 1
#: Models read or built in this process, by cache key.
_LOADED: dict[str, np.ndarray] = {}
#: Trials per call of the Monte Carlo kernel (one progress step).
_TRIAL_BLOCK = 2048


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------
def plan_of(game: str | Game) -> tuple[Game, int, int]:
    """``(game, switches before the draw, switches after it)`` of a draw game that may switch.

    Raises
    ------
    OptionError
        For a game without one five-card draw, with a board, or with phases other than the
        draw and switches.
    """
    g = get_game(game)
    draws = [k for k, p in enumerate(g.phases) if isinstance(p, Draw)]
    if len(draws) != 1 or g.hole_cards != 5 or g.board_cards or g.hand_size != 5 or g.streets:
        raise OptionError(
            f"{g.name} has no five-card draw: a showdown value needs a draw game (five cards, no "
            "board, one draw phase), such as 'draw' or 'switch'")
    others = sorted({type(p).__name__.lower() for p in g.phases if not isinstance(p, (Draw, Switch))})
    if others:
        raise OptionError(f"{g.name} plays {' and '.join(others)} phases: a showdown value is "
                          "measured in a game of switches and one draw")
    if g.wild is not None and g.fixed_wild_rank is None:
        made = ("wild cards listed by card (jokers, several ranks) are" if g.wild_cards
                else "a wild rank made in play is")
        raise OptionError(f"{g.name}: {made} not modelled by the showdown values")
    return g, draws[0], len(g.phases) - draws[0] - 1


def _check_opponents(g: Game, opponents) -> None:
    if not is_whole_number(opponents) or opponents < 1:
        raise OptionError(f"opponents must be a positive integer, got {opponents!r}")
    try:
        check_players(g, int(opponents) + 1)
    except OptionError as error:
        raise OptionError(f"opponents={opponents}: {error}") from None


def _positions_of(deck: np.ndarray) -> np.ndarray:
    position = np.full(52, -1, dtype=np.int64)
    position[deck] = np.arange(len(deck))
    return position


# ---------------------------------------------------------------------------------------------
# The model of the switch_aware policies
# ---------------------------------------------------------------------------------------------
def _opponents_best(g: Game, opponents: int, limit: int, limit_with_ace: int, deals: int,
                    seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The best final strength among ``opponents`` seats playing ``standard`` in ``deals`` deals
    of ``g`` (seats 1.. of deals of ``opponents + 1`` players), and how many hold it."""
    from equity.switch import play_switch

    played = play_switch(opponents + 1, deals, seed=seed, game=g, policy="standard", limit=limit,
                         limit_with_ace=limit_with_ace)
    rows = played["hands"][:, 1:, :].reshape(-1, 5)
    strengths = evaluate_many(g, rows, None, check=False).reshape(deals, opponents).astype(np.int64)
    best = strengths.max(axis=1)
    return best, (strengths == best[:, None]).sum(axis=1)


def _win_shares(strengths: np.ndarray, best: np.ndarray, ties: np.ndarray) -> np.ndarray:
    """Each strength's mean pot share against the sampled best opponents (ties split)."""
    n = len(best)
    below = np.searchsorted(np.sort(best), strengths, side="left") / n
    values, inverse = np.unique(best, return_inverse=True)
    tie_part = np.bincount(inverse, weights=1.0 / (1.0 + ties)) / n
    at = np.minimum(np.searchsorted(values, strengths), len(values) - 1)
    return below + np.where(values[at] == strengths, tie_part[at], 0.0)


def _after_switch(pays: np.ndarray, positions: np.ndarray, binom: np.ndarray,
                  offsets: np.ndarray) -> np.ndarray:
    """A final hand's value after one more switch: the mean over the card lost (each of the
    five) and the card received (each card not in the hand) of the value of the hand made."""
    n_cards = binom.shape[0] - 1
    sums = subset_sums(positions, pays, binom, offsets, int(offsets[-1]))
    four = sums[offsets[4]: offsets[5]]
    p = positions.astype(np.int64)
    total = np.zeros(len(pays))
    for lost in range(5):
        index = np.zeros(len(pays), dtype=np.int64)
        j = 0
        for k in range(5):
            if k != lost:
                j += 1
                index += binom[p[:, k], j]
        total += four[index] - pays  # every card not in F - lost, less F's own lost card
    return total / (5 * (n_cards - 5))


def _model_key(g: Game, opponents: int, limit: int, limit_with_ace: int, deals: int, seed: int) -> str:
    from equity._kernels import kernel_cache_dir

    rules = f"{_MODEL_VERSION}|{g.phases!r}|{g.deck}|{opponents}|{limit}|{limit_with_ace}|{deals}|{seed}"
    # (the fingerprint covers the evaluation, not the phases; the kernels simulate the deals)
    digest = kernel_cache_dir().name.removeprefix("numba-")
    return f"showdown-values-{g.fingerprint()}-{hashlib.sha256(rules.encode()).hexdigest()[:12]}-{digest}"


def model_values(game: str | Game, opponents: int, *, limit: int = Draw().limit,
                 limit_with_ace: int = Draw().limit_with_ace, deals: int = MODEL_DEALS,
                 seed: int = MODEL_SEED) -> np.ndarray:
    """The showdown model of a draw game against ``opponents`` opponents (see the module):
    ``float64`` sums over the final hands holding each set of 0 to 5 cards (the set of size
    ``j`` and colexicographic index ``i`` of its deck positions at ``offsets[j] + i``).

    Read from the disk cache when there, else built (a few seconds: ``deals`` simulated deals,
    every final hand valued once) and cached.

    Raises
    ------
    OptionError
        For a game that is not a draw game (:func:`plan_of`), a bad number of opponents,
        limits or deals.
    """
    g, _, after = plan_of(game)
    _check_opponents(g, opponents)
    check_draw_limits(limit, limit_with_ace)
    if not is_whole_number(deals) or deals < 100:
        raise OptionError(f"deals must be an integer of at least 100, got {deals!r}")
    key = _model_key(g, int(opponents), limit, limit_with_ace, int(deals), int(seed))
    if key in _LOADED:
        return _LOADED[key]
    from equity.tables import cache_dir

    path = cache_dir() / f"{key}.npy"
    sums = None
    if path.exists():
        try:
            sums = np.load(path, allow_pickle=False)
        except (OSError, ValueError):
            sums = None
    final = final_hands(g, lambda game, hands, strengths: np.zeros(len(hands)))
    offsets = subset_offsets(len(final.deck))
    if sums is None or sums.shape != (int(offsets[-1]),):
        best, ties = _opponents_best(g, int(opponents), limit, limit_with_ace, int(deals), int(seed))
        pays = _win_shares(final.strengths.astype(np.int64), best, ties)
        for _ in range(after):
            pays = _after_switch(pays, final.positions, final.binom, offsets)
        sums = subset_sums(final.positions, pays, final.binom, offsets, int(offsets[-1]))
        _write(path, sums)
    sums.setflags(write=False)
    _LOADED[key] = sums
    return sums


def _write(path, array: np.ndarray) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".tmp", delete=False) as tmp:
            np.save(tmp, array, allow_pickle=False)
        os.replace(tmp.name, path)
    except OSError:
        pass  # a read-only cache only costs the rebuild next time


def no_values() -> DrawValues:
    """The :class:`DrawValues` of a deal where no seat plays a ``switch_aware`` policy."""
    return DrawValues(np.zeros((0, 0)), np.full(1, -1, dtype=np.int64), np.full(52, -1, dtype=np.int64),
                      np.zeros((1, 6), dtype=np.int64), np.zeros(7, dtype=np.int64))


def showdown_values(game: str | Game, codes: np.ndarray, opponents: Sequence[int], limit: int,
                    limit_with_ace: int) -> DrawValues:
    """The kernels' :class:`DrawValues` for seats with draw policy ``codes``: the showdown model
    (:func:`model_values`) for each number of active opponents in ``opponents`` when a seat plays
    a ``switch_aware`` policy, else empty arrays."""
    rules = np.asarray(codes, dtype=np.int64) & 7
    if not (rules >= SWITCH_AWARE).any():
        return no_values()
    g, _, _ = plan_of(game)
    counts = sorted({int(k) for k in opponents if k >= 1})
    deck = np.array(g.deck, dtype=np.uint8)
    row_of = np.full(max(counts, default=0) + 1, -1, dtype=np.int64)
    rows = []
    for k in counts:
        row_of[k] = len(rows)
        rows.append(model_values(g, k, limit=limit, limit_with_ace=limit_with_ace))
    sums = np.stack(rows) if rows else np.zeros((0, 0))
    return DrawValues(sums, row_of, _positions_of(deck), binomials(len(deck)), subset_offsets(len(deck)))


# ---------------------------------------------------------------------------------------------
# Monte Carlo hold values
# ---------------------------------------------------------------------------------------------
def showdown_hold_values(game: str | Game, hand, *, opponents: int = 1,
                         policy: str | Sequence[str] = "standard", lost=None, dead="",
                         samples: int = 20_000, seed: int | None = None,
                         limit: int = Draw().limit, limit_with_ace: int = Draw().limit_with_ace,
                         reference: str | None = None, progress: bool | None = None) -> pd.DataFrame:
    """The showdown share of every hold of a hand at the draw, against ``opponents`` opponents
    who draw by ``policy``, by Monte Carlo with common random numbers.

    The seat sits last in the order of play (it draws last; the first opponent is the next seat,
    which took a card from it in the switch before the draw).  The opponents' hands at the draw
    are random from the unseen cards, but for the ``lost`` card, which the next seat holds.  In
    a Switch game the switches after the draw are played as the rules say; the final hands are
    compared by the game's ranking and the pot is shared among the best.

    Parameters
    ----------
    game
        A draw game with or without switches (``"draw"``, ``"switch"``, or a custom game whose
        phases are switches and one five-card draw).
    hand
        The seat's five cards at the draw (after any switch before it).
    opponents
        Opponents in the deal, from 1 to the game's most players less one.
    policy
        The opponents' draw policy: one name for all, or one per opponent (in seat order from
        the next seat): ``standard``, ``stand``, ``max``, or ``switch_aware`` (which, here,
        does not know what the opponent lost in the first switch).
    lost
        The card the seat lost in the switch before the draw (Switch games only), or None.
    dead
        Cards known to be out of play (neither in a hand nor in the stub).
    samples
        Deals played, each with all 32 holds.
    seed
        Seed (None draws one, kept in ``attrs["seed"]``).
    limit, limit_with_ace
        The draw limits of the opponents' policies; the seat's own holds are all valued, and
        ``allowed`` says which the limits permit.
    reference
        The hold the gaps are measured from (its cards as text, e.g. ``"KhKd"``, ``""`` for
        drawing five); default the best.
    progress
        Show a progress bar (None: only in a terminal or notebook).

    Returns
    -------
    pandas.DataFrame
        One row per hold, best first: ``hold``, ``discard``, ``drawn``, ``allowed``,
        ``value`` (mean share of the pot), ``se`` (its standard error), ``gap`` (the best
        hold's value, or the ``reference`` hold's, less this one's) and ``gap_se`` (the paired
        standard error of the gap, from the common random numbers), ``gap_se_unpaired`` (what it would be from
        independent samples).  ``attrs``: the game, hand, lost and dead cards, opponents,
        policy, samples and seed.

    Raises
    ------
    CardError
        For a hand that is not five cards of the deck, a duplicate card, a lost or dead card
        in the hand, or too few unseen cards.
    OptionError
        For a game that is not a draw game, a lost card in a game with no switch before the
        draw, a bad number of opponents, policy, limit, sample count or seed.
    """
    from tqdm.auto import tqdm

    g, before, after = plan_of(game)
    hand_codes = draw_hand(g, hand)
    lost_codes = game_cards(g, lost, "lost card")
    if len(lost_codes) > 1:
        raise CardError(f"lost card {format_cards(lost_codes)}: a switch takes one card")
    if len(lost_codes) and not before:
        raise OptionError(f"{g.name} has no switch before the draw: no card is lost, give lost=None")
    dead_codes = game_cards(g, dead, "dead cards")
    for what, codes in (("lost card", lost_codes), ("dead card", dead_codes)):
        for code in codes.tolist():
            if code in hand_codes:
                raise CardError(f"{what} '{card_text(code)}' is in the hand")
    for code in lost_codes.tolist():
        if code in dead_codes:
            raise CardError(f"lost card '{card_text(code)}' is also a dead card")
    _check_opponents(g, opponents)
    opponents = int(opponents)
    if not is_whole_number(samples) or samples < 2:
        raise OptionError(f"samples must be an integer of at least 2, got {samples!r}")
    check_draw_limits(limit, limit_with_ace)
    names = [policy] * opponents if isinstance(policy, str) else policy
    codes = draw_policy_codes(list(names) if not isinstance(names, str) else names, opponents,
                              g.fixed_wild_rank)
    codes = np.append(codes, np.int8(STANDARD))  # the seat's own code is not read
    out_of_play = set(hand_codes.tolist()) | set(lost_codes.tolist()) | set(dead_codes.tolist())
    stub = np.array([c for c in g.deck if c not in out_of_play], dtype=np.uint8)
    need = 5 * opponents - len(lost_codes) + 5
    if len(stub) < need:
        raise CardError(f"{len(stub)} unseen cards cannot deal {opponents} opponents and a draw of "
                        f"five: {need} are needed")
    seed = resolve_seed(seed)
    values = showdown_values(g, codes, [opponents], limit, limit_with_ace)
    rules = SwitchRules(0, True, after, codes, limit, limit_with_ace, False, values)
    lost_code = int(lost_codes[0]) if len(lost_codes) else -1
    shares = np.empty((samples, 32), dtype=np.float64)
    blocks = range(0, samples, _TRIAL_BLOCK)
    for k, start in enumerate(tqdm(blocks, disable=None if progress is None else not progress,
                                   unit="block", desc=f"{g.name} holds")):
        size = min(_TRIAL_BLOCK, samples - start)
        states = np.stack([stream_state(seed, (k,)), stream_state(seed, (k, 1))])
        hands = np.empty((size, 32, opponents + 1, 5), dtype=np.uint8)
        showdown_trials(hand_codes, lost_code, stub, rules, states, hands)
        strengths = evaluate_many(g, hands.reshape(-1, 5), None, check=False)
        strengths = strengths.reshape(size, 32, opponents + 1).astype(np.int64)
        mine = strengths[:, :, -1]
        best = strengths[:, :, :-1].max(axis=2)
        tied = (strengths[:, :, :-1] == best[:, :, None]).sum(axis=2)
        shares[start: start + size] = (mine > best) + (mine == best) / (1.0 + tied)
    value = shares.mean(axis=0)
    se = shares.std(axis=0, ddof=1) / np.sqrt(samples)
    drawn = 5 - KEPT_CARDS
    allowed = allowed_holds(hand_codes, limit, limit_with_ace)
    order = best_first(value)
    kept, thrown = hold_texts(np.broadcast_to(hand_codes, (32, 5)), np.arange(32))
    top = order[0]
    if reference is not None:
        wanted = format_cards(game_cards(g, reference, "reference hold"))
        if wanted not in set(kept):
            raise OptionError(f"reference hold {reference!r} is not a hold of {format_cards(hand_codes)}: "
                              "give cards of the hand, in any order")
        top = int(np.flatnonzero(kept == wanted)[0])
    gaps = shares[:, [top]] - shares
    table = pd.DataFrame({
        "hold": kept, "discard": thrown, "drawn": drawn, "allowed": allowed, "value": value, "se": se,
        "gap": value[top] - value, "gap_se": gaps.std(axis=0, ddof=1) / np.sqrt(samples),
        "gap_se_unpaired": np.sqrt(se[top] ** 2 + se ** 2),
    })
    table.loc[top, ["gap_se", "gap_se_unpaired"]] = 0.0
    table = table.iloc[order].reset_index(drop=True)
    table.attrs.update(reference=kept[top], game=g.name, hand=format_cards(hand_codes),
                       lost=format_cards(lost_codes), dead=format_cards(dead_codes), opponents=opponents,
                       policy=policy if isinstance(policy, str) else list(policy), samples=samples,
                       seed=seed, payoff="showdown")
    return table


def model_hold_values(game: str | Game, hand, opponents: int, *, lost=None, limit: int = Draw().limit,
                      limit_with_ace: int = Draw().limit_with_ace) -> pd.DataFrame:
    """The showdown model's value of every hold of a hand: what the ``switch_aware`` policy
    (with ``lost``) or ``switch_aware_no_info`` (without) compares, exact under the model.

    Returns
    -------
    pandas.DataFrame
        One row per hold, best first (ties: more cards kept first): ``hold``, ``discard``,
        ``drawn``, ``allowed`` (within the draw limits: the policy plays the best allowed hold)
        and ``value`` (the estimated share of the pot).
    """
    g, before, _ = plan_of(game)
    hand_codes = draw_hand(g, hand)
    lost_codes = game_cards(g, lost, "lost card")
    if len(lost_codes) > 1 or any(c in hand_codes for c in lost_codes.tolist()):
        raise CardError(f"lost card {format_cards(lost_codes)}: one card, not in the hand")
    if len(lost_codes) and not before:
        raise OptionError(f"{g.name} has no switch before the draw: no card is lost, give lost=None")
    sums = model_values(g, opponents, limit=limit, limit_with_ace=limit_with_ace)
    deck = np.array(g.deck, dtype=np.uint8)
    position, binom, offsets = _positions_of(deck), binomials(len(deck)), subset_offsets(len(deck))

    def total(cards) -> float:
        if len(cards) > 5:
            return 0.0
        ordered = sorted(int(position[c]) for c in cards)
        return float(sums[offsets[len(ordered)] + sum(binom[p, j + 1] for j, p in enumerate(ordered))])

    n_unseen = len(deck) - 5 - len(lost_codes)
    values = np.empty(32)
    for mask in range(32):
        held = [int(hand_codes[j]) for j in range(5) if (mask >> j) & 1]
        barred = [int(hand_codes[j]) for j in range(5) if not (mask >> j) & 1] + lost_codes.tolist()
        completions = sum((-1) ** len(extra) * total(held + list(extra))
                          for r in range(len(barred) + 1) for extra in itertools.combinations(barred, r))
        values[mask] = completions / comb(n_unseen, 5 - len(held))
    drawn = 5 - KEPT_CARDS
    allowed = allowed_holds(hand_codes, limit, limit_with_ace)
    order = best_first(values)
    kept, thrown = hold_texts(np.broadcast_to(hand_codes, (32, 5)), np.arange(32))
    table = pd.DataFrame({"hold": kept, "discard": thrown, "drawn": drawn, "allowed": allowed,
                          "value": values}).iloc[order].reset_index(drop=True)
    table.attrs.update(game=g.name, hand=format_cards(hand_codes), lost=format_cards(lost_codes),
                       opponents=int(opponents), payoff="showdown model")
    return table


def policy_gain(game: str | Game, players: int, deals: int, *, policy: str = "switch_aware",
                baseline: str = "standard", others: str = "standard", seat: int | None = None,
                seed: int | None = None, limit: int = Draw().limit,
                limit_with_ace: int = Draw().limit_with_ace) -> dict:
    """What one seat gains by drawing by ``policy`` instead of ``baseline`` while the others draw
    by ``others``, measured on the same deals (common random numbers).

    Both profiles play :func:`equity.switch.play_switch` with the same seed: the same deals, the
    same switches, and the same draws for every seat that draws before the measured seat (by
    default the last seat, the dealer, who draws last), whatever the seat does (the draw has a
    random stream of its own, see :func:`equity._kernels.switch.play_phases`).  The gain is the
    mean of the per-deal differences of the seat's pot share, with the paired standard error
    (and the unpaired one for comparison: the paired is smaller when the profiles' results are
    correlated).

    Returns
    -------
    dict
        ``game``, ``players``, ``seat``, ``policy``, ``baseline``, ``others``, ``deals``,
        ``seed``; ``equity`` and ``equity_se`` (the seat's mean share under ``policy``),
        ``baseline_equity`` and ``baseline_se``; ``gain``, ``paired_se``, ``unpaired_se``.
    """
    g, _, _ = plan_of(game)
    seat = players - 1 if seat is None else seat
    if not is_whole_number(seat) or not 0 <= seat < players:
        raise OptionError(f"seat must be an integer from 0 to {players - 1}, got {seat!r}")
    seed = resolve_seed(seed)
    shares = {}
    for name in (policy, baseline):
        profile = [others] * players
        profile[seat] = name
        shares[name] = policy_shares(g, profile, deals, seed=seed, limit=limit,
                                     limit_with_ace=limit_with_ace)[:, seat]
    mine, theirs = shares[policy], shares[baseline]
    root = np.sqrt(deals)
    se, base_se = mine.std(ddof=1) / root, theirs.std(ddof=1) / root
    return {"game": g.name, "players": players, "seat": seat, "policy": policy, "baseline": baseline,
            "others": others, "deals": deals, "seed": seed, "equity": float(mine.mean()),
            "equity_se": float(se), "baseline_equity": float(theirs.mean()), "baseline_se": float(base_se),
            "gain": float(mine.mean() - theirs.mean()),
            "paired_se": float((mine - theirs).std(ddof=1) / root),
            "unpaired_se": float(np.hypot(se, base_se))}


def policy_shares(game: str | Game, profile: Sequence[str], deals: int, *, seed: int,
                  first_chunk: int = 0, limit: int = Draw().limit,
                  limit_with_ace: int = Draw().limit_with_ace) -> np.ndarray:
    """Each seat's share of the pot in ``deals`` deals of a draw or Switch game where seat ``p``
    draws by ``profile[p]`` (``float64[deals, players]``): the deals of
    :func:`equity.switch.play_switch` with this seed and first chunk, so two profiles played
    with one seed meet the same deals and the same switches before the draw."""
    from equity.switch import play_switch

    g, _, _ = plan_of(game)
    players = len(profile)
    played = play_switch(players, deals, seed=seed, game=g, policy=list(profile), limit=limit,
                         limit_with_ace=limit_with_ace, first_chunk=first_chunk)
    strengths = evaluate_many(g, played["hands"].reshape(-1, 5), None, check=False)
    strengths = strengths.reshape(deals, players).astype(np.int64)
    best = strengths.max(axis=1, keepdims=True)
    return (strengths == best) / (strengths == best).sum(axis=1, keepdims=True)


def model_best_holds(game: str | Game, opponents: int, *, limit: int = Draw().limit,
                     limit_with_ace: int = Draw().limit_with_ace) -> pd.DataFrame:
    """The ``switch_aware_no_info`` policy's hold for every class of starting hands (hands alike
    under a relabelling of suits): the hold of highest value in the showdown model against
    ``opponents`` opponents, among those the draw limits allow.

    Returns
    -------
    pandas.DataFrame
        One row per class, best value first: ``hand`` (a representative, high cards first),
        ``hands`` (starting hands in the class), ``hold``, ``discard``, ``drawn``, ``value`` (the
        estimated share of the pot), ``second_hold`` and ``margin`` (the next best allowed hold
        and how much less it is worth), ``best_mask`` and ``second_mask`` (the holds as masks
        of the shown hand's cards).
    """
    g, _, _ = plan_of(game)
    sums = model_values(g, opponents, limit=limit, limit_with_ace=limit_with_ace)
    final = final_hands(g, lambda game, hands, strengths: np.zeros(len(hands)))
    _, members, classes = suit_classes(g, final)
    n_cards = len(final.deck)
    values = hold_values_of(final.positions[classes], sums, final.binom, subset_offsets(n_cards), n_cards - 5)
    allowed = allowed_holds(final.deck[final.positions[classes]], limit, limit_with_ace)
    table = class_holds(final, classes, members, values, allowed)
    table.attrs.update(game=g.name, opponents=int(opponents), limit=limit, limit_with_ace=limit_with_ace,
                       payoff="showdown model")
    return table
