"""Monte Carlo: chunks of trials, each with its own random stream from the seed, played by the
fused kernels where they apply (plain deals, the heads-up blocks, Switch and the draw) and by the
general path otherwise (the El Dorado exchange, wild cards, lows).
"""

from __future__ import annotations

import itertools
import math
from concurrent.futures import ThreadPoolExecutor
from typing import NamedTuple

import numpy as np

from equity._kernels import open_blocks, simd
from equity._kernels.bundles import SeatCards, SevenTables
from equity._kernels.calc import (
    FIXED,
    RANGE,
    deal_rows,
    sample_plain,
    sample_switch,
    sample_switch_duel,
    switch_rows,
)
from equity._kernels.exchange import FLOP_KEYS, GREEDY, WILD_KEYS, sample_exchange
from equity._kernels.switch import SWITCH_AWARE, WILD_SHIFT, fixed_keeps, standard_keep_ranks
from equity.calculator.execution import bar_off, threads_for
from equity.calculator.question import UNKNOWN, Question, n_cards
from equity.calculator.showdown import deal_shares, fixed_wild_rows, table_args
from equity.discard import play_discards
from equity.eldorado_exchange import exchange_tables, run_exchange
from equity.errors import InvalidInputError
from equity.evaluator import flush_bias, hand_is_all_cards
from equity.fold_after_exchange import gave_up
from equity.options import DRAW_POLICIES, draw_policy_codes
from equity.results import SeatSums, row_sums
from equity.rng import chunk_states, stream_state
from equity.switch import board_switches, switch_hole_cards, switch_plan, switch_rules
from equity.tables import tables_for
from equity.vector import blocks_enabled

__all__ = ["DEFAULT_TRIALS", "CHUNK_TRIALS", "MAX_PRECISION_TRIALS", "MAX_LISTED_DEALS", "LoopFlags",
           "Sampler", "loop_flags", "plays_seat_tables", "sample"]

#: Trials when neither ``trials`` nor ``precision`` is given and enumeration is too long.
DEFAULT_TRIALS = 1_000_000
#: Trials per chunk (each chunk has its own random stream from the seed).
CHUNK_TRIALS = 65_536
#: Most trials a ``precision`` run plays before it stops short of its target.
MAX_PRECISION_TRIALS = 2_000_000_000
#: Most combinations of listed hands a Switch or draw game plays (each has its own kernel call).
MAX_LISTED_DEALS = 20_000
#: Chunks handed to the fused sampling kernel at once (spread over the threads).
CHUNKS_PER_CALL = 16


def _seat_arrays(q: Question):
    """Seat kinds, preset hole cards and the flat range table of :mod:`equity._kernels.calc`."""
    h = q.n_hole
    # a hand given in part is a fixed hand to the kernels, UNKNOWN where a card is to be dealt
    kinds = np.array([FIXED if s.known is not None else s.kind for s in q.seats], dtype=np.int8)
    fixed = np.zeros(q.players * h, dtype=np.uint8)
    starts = [0]
    combos, cumulative, masks = [], [], []
    for p, seat in enumerate(q.seats):
        if seat.kind == FIXED:
            fixed[p * h:(p + 1) * h] = seat.combos[0]
        if seat.known is not None:
            fixed[p * h:(p + 1) * h] = np.where(seat.known >= 0, seat.known, UNKNOWN)
        if seat.kind == RANGE:
            combos.append(seat.combos)
            running = np.cumsum(seat.weights)
            cumulative.append(running / running[-1])
            masks.append(np.bitwise_or.reduce(
                np.left_shift(np.uint64(1), seat.combos.astype(np.uint64)), axis=1))
        starts.append(starts[-1] + (len(seat.combos) if seat.kind == RANGE else 0))
    if combos:
        flat = np.ascontiguousarray(np.concatenate(combos))
        cum = np.concatenate(cumulative)
        cum[np.array(starts[1:]) - 1] = 1.0
        mask = np.concatenate(masks).astype(np.uint64)
    else:
        flat = np.zeros((0, h), dtype=np.uint8)
        cum = np.zeros(0)
        mask = np.zeros(0, dtype=np.uint64)
    return kinds, fixed, np.array(starts, dtype=np.int64), flat, cum, mask


def _listed_deals(q: Question):
    """For a switch or draw game with seats given as lists of hands: the seat kinds with every
    list seat fixed, and per fitting combination of listed hands (no card twice) its preset hole
    cards, its stub and its probability (the product of the hands' weights, normalised)."""
    h = q.n_hole
    kinds = np.array([FIXED if s.kind == RANGE else s.kind for s in q.seats], dtype=np.int8)
    base = np.zeros(q.players * h, dtype=np.uint8)
    listed = []
    for p, seat in enumerate(q.seats):
        if seat.kind == FIXED:
            base[p * h:(p + 1) * h] = seat.combos[0]
        elif seat.kind == RANGE:
            listed.append(p)
    count = math.prod(len(q.seats[p].combos) for p in listed)
    if count > MAX_LISTED_DEALS:
        raise InvalidInputError(
            f"the listed hands make {count:,} combinations; {q.game.name} plays at most "
            f"{MAX_LISTED_DEALS:,} (shorten the lists)")
    stub_all = q.stub
    fixed, stubs, weights = [], [], []
    for choice in itertools.product(*(range(len(q.seats[p].combos)) for p in listed)):
        hole = base.copy()
        weight = 1.0
        for p, j in zip(listed, choice, strict=True):
            hole[p * h:(p + 1) * h] = q.seats[p].combos[j]
            weight *= float(q.seats[p].weights[j])
        taken = hole[[p * h + i for p in listed for i in range(h)]]
        if len(set(taken.tolist())) < len(taken):
            continue  # two listed hands share a card
        fixed.append(hole)
        stubs.append(stub_all[~np.isin(stub_all, taken)])
        weights.append(weight)
    if not fixed:
        raise InvalidInputError("the listed hands never fit together: every combination shares a card")
    probabilities = np.array(weights) / sum(weights)
    return kinds, fixed, stubs, probabilities


def _chunk_sizes(trials: int, first_chunk: int, count: int) -> np.ndarray:
    starts = (first_chunk + np.arange(count)) * CHUNK_TRIALS
    return np.maximum(0, np.minimum(CHUNK_TRIALS, trials - starts)).astype(np.int64)


def _no_fit() -> InvalidInputError:
    return InvalidInputError("the ranges almost never fit together beside the known cards "
                             f"(no fitting draw in {100_000} tries): narrow them or check the cards")


class LoopFlags(NamedTuple):
    """Which loop and scoring a call of ``sample_plain`` compiles and plays, each True or None
    (Numba compiles a block under ``flag is not None`` only where the flag is True: see
    :func:`equity._kernels.calc.sample_plain`)."""

    showdown: bool | None  # every spot but a heads-up duel: the general scoring
    fixed_duel: bool | None  # a duel of two fixed hands
    seven_duel: bool | None  # a duel (or open seats) valued through the seven-card tables
    card_duel: bool | None  # ... through the card-sum tables
    open_duel: bool | None  # fixed and random seats, heads-up
    open_many: bool | None  # fixed and random seats, three or more
    fixed_tables: bool | None  # two fixed hands through their seat tables
    trial_loop: bool | None  # the general trial loop


def plays_seat_tables(q: Question, tables, wild_tables, showdown: bool) -> bool:
    """Whether ``sample_plain``'s loop of two fixed hands through their seat tables plays this
    spot (``equity._kernels.calc._fixed_tables_loop``): heads-up, both hands given whole, a
    whole board of five cards to deal, no wild card, hands that are not all of their cards
    with the board, valued by the exact-rule tables (with their low, in a hi-lo pot) or through
    the seven-card tables with several hole choices (with the low over those choices)."""
    if (q.players != 2 or not showdown or wild_tables is not None or hand_is_all_cards(q.game)
            or any(s.kind != FIXED for s in q.seats) or q.game.board_cards - len(q.board) != 5):
        return False
    seven_low = tables.low_rule == 2 and tables.seven_low_classes.shape[0] > 0
    seven = (tables.exact_need == 0 and tables.seven_offsets.shape[0] > 0
             and (tables.low_rule == 0 or seven_low))
    if seven:
        return tables.hole_sets.shape[0] > 1
    return tables.exact_need > 0 and tables.low_rule in (0, 1)


def loop_flags(q: Question, tables, wild_tables, duel: bool | None) -> LoopFlags:
    """The :class:`LoopFlags` of a spot: ``tables``, ``wild_tables`` and ``duel`` (True or None)
    as :func:`~equity.calculator.showdown.table_args` gives them."""
    fixed_duel = duel is not None and all(s.kind == FIXED for s in q.seats)
    fixed_tables = plays_seat_tables(q, tables, wild_tables, duel is None)
    seven = tables.exact_need == 0 and tables.seven_offsets.shape[0] > 0
    # fixed and random seats (no range), each hand all its cards, a high pot, no wild card:
    # an open-seat loop alone (no trial loop, no seat tables), heads-up or for more seats
    open_seats = (not fixed_duel and q.mode == "high" and wild_tables is None
                  and hand_is_all_cards(q.game) and all(s.kind != RANGE for s in q.seats))
    showdown = duel is None and not open_seats
    scored_in_registers = duel is not None or open_seats  # (the lookup is chosen here alone)
    special = fixed_duel or open_seats or fixed_tables

    def flag(value: bool) -> bool | None:
        return True if value else None

    return LoopFlags(flag(showdown), flag(fixed_duel), flag(scored_in_registers and seven),
                     flag(scored_in_registers and not seven), flag(open_seats and q.players == 2),
                     flag(open_seats and q.players > 2), flag(fixed_tables), flag(not special))


class Sampler:
    """Plays chunks ``k`` (random stream ``(seed, k)``) of a calculation and adds them to the sums."""

    def __init__(self, q: Question, seed: int):
        self.q = q
        self.seed = seed
        self.arrays = _seat_arrays(q)
        self.stub = q.stub
        self.listed = None
        self.exchange_memo = None
        self.keep_ranks = None  # the standard draw's holds by ranks (heads-up Switch; built once)
        self.board_switches = board_switches(q.game)
        if q.switch and not self.board_switches:
            self._switch_setup()

    def _switch_setup(self) -> None:
        q = self.q
        self.before, self.draw, self.after = switch_plan(q.game)
        self.limit = q.draw["limit"]
        self.limit_with_ace = q.draw["limit_with_ace"]
        self.draw_codes = draw_policy_codes(q.draw["policy"], q.players, q.game.fixed_wild_rank)
        self.reverse = q.draw["reverse"]
        self.rules = switch_rules(q.game, q.players, q.draw["policy"], self.limit, self.limit_with_ace,
                                  self.reverse)
        self.listed = _listed_deals(q) if any(s.kind == RANGE for s in q.seats) else None
        # the policy without a fixed wild rank's bits
        drawing = bool((draw_policy_codes(q.draw["policy"], q.players) != DRAW_POLICIES["stand"]).any())
        if self.draw and drawing:
            # a player draws from the stub left after the deal plus the earlier players'
            # discards: as many cards as the stub, whatever the earlier players did
            live = len(q.stub) - sum(q.n_hole for s in q.seats if s.kind != FIXED)
            most = min(5, max(self.limit, self.limit_with_ace))
            if live < most:
                raise InvalidInputError(
                    f"{q.game.name}: the dead cards leave {n_cards(live)} to draw from after the "
                    f"deal, and a player may draw up to {most}: fewer dead cards, a lower "
                    "draw_limit and draw_limit_with_ace, or draw_policy='stand'")

    def _switch_listed(self, sizes, first_chunk: int, sums: SeatSums) -> int:
        """Chunks of a switch or draw game with seats given as lists of hands: each chunk's
        trials are shared among the fitting combinations of listed hands by a multinomial draw
        (the same as drawing a combination per trial), and each share is played with those
        hands fixed."""
        kinds, fixed, stubs, probabilities = self.listed
        for k, size in enumerate(sizes.tolist()):
            if size == 0:
                continue
            sequence = np.random.SeedSequence(self.seed, spawn_key=(first_chunk + k, 1))
            shares = np.random.default_rng(sequence).multinomial(size, probabilities)
            for j in np.flatnonzero(shares).tolist():
                states = stream_state(self.seed, (first_chunk + k, 2, j))[None, :]
                one = np.array([shares[j]], dtype=np.int64)
                if self.q.switch_fused():
                    self._switch_fused(one, states, sums, kinds, fixed[j], stubs[j])
                else:
                    _add_chunk(sums, self._general_chunk(shares[j], states[0], kinds, fixed[j], stubs[j]))
        return int(sizes.sum())

    def run(self, trials: int, first_chunk: int, count: int, sums: SeatSums) -> int:
        sizes = _chunk_sizes(trials, first_chunk, count)
        if self.q.switch and self.listed:
            return self._switch_listed(sizes, first_chunk, sums)
        states = chunk_states(self.seed, first_chunk, count)
        if self.q.fused():
            return self._fused(sizes, states, sums)
        if self.q.switch_fused():
            return self._switch_fused(sizes, states, sums)
        if self.q.exchange_fused():
            return self._exchange_fused(sizes, states, sums)
        # each worker reduces its own chunk; the sums are added here in chunk order
        with ThreadPoolExecutor(max_workers=2) as pool:
            results = list(pool.map(self._general_chunk, sizes, states))
        for chunk_sums in results:
            _add_chunk(sums, chunk_sums)
        return int(sizes.sum())

    def _fused(self, sizes, states, sums: SeatSums) -> int:
        q = self.q
        fixed = self.arrays[1]
        count = len(sizes)
        chunk_sums = np.zeros((count, 5, q.players))
        dealt = np.zeros(count, dtype=np.int64)
        duel, open_seats = self._duel_in_blocks(), self._open_in_blocks()
        if duel or open_seats:
            t = tables_for(q.game)
            bias = int(flush_bias(q.game.hand_size, t.rank_classes.shape[0] - 1)[0])
            tables = (t.seven_offsets, t.seven_classes, t.flush_classes[0], chunk_sums)
            with threads_for(int(sizes.sum()) * q.players):
                if duel:
                    simd.duel_blocks(states, sizes, simd.duel_plan(self.stub, fixed, t.seven_words, bias),
                                     *tables)
                    dealt[:] = sizes
                else:
                    ranges = tuple((s.combos, s.weights) for s in q.seats if s.kind == RANGE)
                    plan, combos = open_blocks.open_plan(self.stub, fixed, self.arrays[0], q.board,
                                                         t.seven_words, bias, ranges)
                    open_blocks.open_blocks(states, sizes, plan, combos, *tables, dealt)
            if (dealt < sizes).any():
                raise _no_fit()
            for row in range(count):
                sums.add_sums(float(sizes[row]), *chunk_sums[row])
            return int(sizes.sum())
        tables, wild_tables, duel, _ = table_args(q)
        flags = loop_flags(q, tables, wild_tables, duel)
        with threads_for(int(sizes.sum()) * q.players):
            sample_plain(states, sizes, self.stub, q.players, q.n_hole, SeatCards(*self.arrays), q.board,
                         q.game.board_cards, tables, wild_tables, *flags, chunk_sums, dealt)
        if (dealt < sizes).any():
            raise _no_fit()
        for row in range(count):
            sums.add_sums(float(dealt[row]), *chunk_sums[row])
        return int(sizes.sum())

    def _hold_em_blocks(self) -> bool:
        """What both kinds of AVX-512 block need: hands of two cards, each the best five of its
        cards and a board of five, a high pot, no wild card, the game's seven-card tables, and a
        host that can run the blocks (the spot's seats and stub are each kind's own)."""
        q = self.q
        g = q.game
        if (q.mode != "high" or q.n_hole != 2 or g.board_cards != simd.DUEL_BOARD or g.hand_size != 5
                or g.wild is not None or g.fixed_wild_rank is not None or q.partial
                or not blocks_enabled()):
            return False
        return hand_is_all_cards(g) and tables_for(g).seven_offsets.size > 0

    def _duel_in_blocks(self) -> bool:
        """Whether the heads-up blocks of :mod:`equity._kernels.simd` play this spot: two fixed
        hands and a whole board still to come, in a spot :meth:`_hold_em_blocks` allows."""
        q = self.q
        return (q.players == 2 and all(s.kind == FIXED for s in q.seats) and not len(q.board)
                and simd.DUEL_BOARD <= len(self.stub) <= simd.DUEL_MAX_STUB and self._hold_em_blocks())

    def _open_in_blocks(self) -> bool:
        """Whether the open-seat blocks of :mod:`equity._kernels.open_blocks` play this spot: 2 to
        ``OPEN_MAX_PLAYERS`` seats, each a hand given whole, a random one or a range (not what
        the duel blocks play), a stub of at most 64 cards that holds the cards to deal, in a spot
        :meth:`_hold_em_blocks` allows."""
        q = self.q
        take = 2 * sum(s.kind != FIXED for s in q.seats) + q.game.board_cards - len(q.board)
        return (2 <= q.players <= open_blocks.OPEN_MAX_PLAYERS
                and take <= len(self.stub) <= open_blocks.OPEN_MAX_STUB
                and self._hold_em_blocks() and not self._duel_in_blocks())

    def _switch_duel(self, kinds: np.ndarray, stub: np.ndarray) -> bool:
        """Whether the heads-up Switch kernel (``sample_switch_duel``) plays these trials: two
        seats of five cards, a draw with at most one switch before it, no ``switch_aware``
        policy, and at least ten cards left after the deal (the stub cannot run out)."""
        q, rules = self.q, self.rules
        take = q.n_hole * int((kinds != FIXED).sum())
        rule = rules.policies & ((1 << WILD_SHIFT) - 1)
        return (q.players == 2 and q.n_hole == 5 and rules.draw and rules.n_switches_before <= 1
                and bool((rule < SWITCH_AWARE).all()) and len(stub) - take >= 10)

    def _switch_fused(self, sizes, states, sums: SeatSums, kinds=None, fixed=None, stub=None) -> int:
        q = self.q
        t = tables_for(q.game)
        if kinds is None:
            kinds, fixed, *_ = self.arrays
            stub = self.stub
        chunk_sums = np.zeros((len(sizes), 5, q.players))
        seven = SevenTables(t.seven_words, t.suit_bits, t.seven_offsets, t.seven_classes, t.flush_classes[0],
                            flush_bias(q.game.hand_size, t.rank_classes.shape[0] - 1)[0])
        with threads_for(int(sizes.sum()) * q.players):
            if self._switch_duel(kinds, stub):
                if self.keep_ranks is None:
                    self.keep_ranks = standard_keep_ranks(t.seven_words, t.seven_offsets,
                                                          t.seven_classes.shape[0], self.limit,
                                                          self.limit_with_ace)
                keeps = fixed_keeps(fixed, kinds == FIXED, self.rules.policies, self.limit,
                                    self.limit_with_ace)
                sample_switch_duel(states, sizes, stub, kinds, fixed, self.rules, seven, self.keep_ranks,
                                   keeps, chunk_sums)
            else:
                sample_switch(states, sizes, stub, q.players, kinds, fixed, self.rules, seven, chunk_sums)
        for row in range(len(sizes)):
            sums.add_sums(float(sizes[row]), *chunk_sums[row])
        return int(sizes.sum())

    def _exchange_fused(self, sizes, states, sums: SeatSums) -> int:
        """Chunks of El Dorado before the exchange, every seat ``never`` or ``greedy``, in the fused
        exchange kernel (:func:`equity._kernels.exchange.sample_exchange`)."""
        q = self.q
        kinds, fixed = self.arrays[:2]
        tables = exchange_tables(q.game)  # a high pot
        if self.exchange_memo is None:  # each fixed seat's decisions, kept for the whole calculation
            codes = q.exchange_codes.tolist()
            remembers = any(s.kind == FIXED and c == GREEDY for s, c in zip(q.seats, codes, strict=True))
            keys = WILD_KEYS * FLOP_KEYS if remembers else 0
            self.exchange_memo = np.zeros((q.players, keys), dtype=np.int8)
        chunk_sums = np.zeros((len(sizes), 5, q.players))
        with threads_for(int(sizes.sum()) * q.players * 4):  # a showdown and three greedy lookups a seat
            sample_exchange(states, sizes, self.stub, q.players, kinds, fixed, q.board, q.exchange_codes,
                            tables, self.exchange_memo, chunk_sums)
        for row in range(len(sizes)):
            sums.add_sums(float(sizes[row]), *chunk_sums[row])
        return int(sizes.sum())

    def _general_chunk(self, size: int, state: np.ndarray, switch_kinds=None, switch_fixed=None,
                       switch_stub=None):
        q = self.q
        state = state.copy()
        kinds, fixed = self.arrays[:2]
        if q.switch and not self.board_switches:
            if switch_kinds is not None:  # one combination of listed hands (_switch_listed)
                kinds, fixed = switch_kinds, switch_fixed
            stub = self.stub if switch_stub is None else switch_stub
            hole = np.empty((size, q.players * q.n_hole), dtype=np.uint8)
            switch_rows(state, stub, q.players, kinds, fixed, self.rules, hole)
            board = np.zeros((size, 0), dtype=np.uint8)
            wild_rows = None
        else:
            hole = np.empty((size, q.players * q.n_hole), dtype=np.uint8)
            board = np.empty((size, q.game.dealt_board_cards), dtype=np.uint8)
            dealt = deal_rows(state, self.stub, q.players, q.n_hole, SeatCards(*self.arrays), q.board, hole,
                              board)
            if dealt < size:
                raise _no_fit()
            if q.partial:  # the chunk's own stream for the unknown cards, from its state
                q.fill_partial(hole, board, np.random.Generator(np.random.PCG64(
                    np.random.SeedSequence(state.tolist()))))
            if self.board_switches:  # the hands given are as dealt: the switches move their cards
                switch_hole_cards(q.game, hole, state, reverse=q.draw["reverse"])
            if q.discard is not None:  # the hands given are as dealt: each seat keeps its hand's cards
                hole, _ = play_discards(q.game, hole, board, q.discard)
            wild_rows = fixed_wild_rows(q, size)
            if q.exchange:
                active = np.ones((size, q.players), dtype=bool)
                script = np.full((size, q.players, 2), -1, dtype=np.int64)
                wild, _, took, _ = run_exchange(q.game, hole, board, active, q.exchange_codes, script, state,
                                                q.lookahead_samples, q.user_policy, q.mode, q.wild_can_be_ace)
                wild_rows = wild.astype(np.int8)
                if q.fold_policy is not None:
                    # the chunk's own stream for the estimates, from its state (not the thread)
                    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(state.tolist())))
                    folded = gave_up(q.game, q.fold_policy, hole, board, wild, active, took, rng, q.mode,
                                     q.wild_can_be_ace)
                    return row_sums(*deal_shares(q, hole, board, wild_rows, folded)), folded.sum(axis=0)
        return row_sums(*deal_shares(q, hole, board, wild_rows)), None


def _add_chunk(sums: SeatSums, chunk) -> None:
    """Add a general chunk's sums, and the seats that gave up after the exchange (if counted)."""
    chunk_sums, gave_up_counts = chunk
    sums.add_sums(*chunk_sums)
    if gave_up_counts is not None:
        sums.add_counts(gave_up=gave_up_counts)


def sample(q: Question, sums: SeatSums, trials: int | None, precision: float | None, seed: int,
           show: bool | None) -> int:
    """Play ``trials`` trials (or, with ``precision``, until every standard error is below it,
    ``trials`` at most) into ``sums``; returns the trials played."""
    from tqdm.auto import tqdm

    sampler = Sampler(q, seed)
    per_call = CHUNKS_PER_CALL if q.fused() or q.switch_fused() or q.exchange_fused() else 4
    played = 0
    chunk = 0
    if precision is None:
        total = int(trials)
        n_chunks = -(-total // CHUNK_TRIALS)
        with tqdm(total=total, disable=bar_off(show), unit="trial", desc=f"{q.game.name} trials") as bar:
            while chunk < n_chunks:
                count = min(per_call, n_chunks - chunk)
                done = sampler.run(total, chunk, count, sums)
                played += done
                chunk += count
                bar.update(done)
        return played
    cap = int(trials) if trials is not None else MAX_PRECISION_TRIALS
    n_chunks = -(-cap // CHUNK_TRIALS)
    rounds = 1
    desc = f"{q.game.name} to ±{precision}"
    with tqdm(total=None, disable=bar_off(show), unit="trial", desc=desc) as bar:
        while chunk < n_chunks:
            count = min(rounds, n_chunks - chunk)
            done = sampler.run(cap, chunk, count, sums)
            played += done
            chunk += count
            bar.update(done)
            if sums.n > 1 and float(sums.stderr().max()) < precision:
                break
            rounds = min(rounds * 2, per_call * 4)
    return played
