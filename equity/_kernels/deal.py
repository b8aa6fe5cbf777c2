"""Dealing kernels: hole cards and streets from a shuffled deck, and the El Dorado exchange.

Cards leave the deck in the order of the rules: hole cards one at a time round
the table from seat 0 (the first seat to the dealer's left), then for each street
its burn cards and its face-up cards.  The deck is shuffled lazily (a partial
Fisher-Yates shuffle of only the cards dealt).
"""

import numpy as np
from numba import prange

from equity._kernels import inline_kernel, kernel, parallel_kernel, simplified_kernel
from equity._kernels.bundles import SwitchRecords, SwitchTrace
from equity._kernels.evaluate import (
    _subset_sums,
    board_slot_of,
    cards_class,
    choices_class,
    exact_class,
    hole_rows_of,
    seven_class,
)
from equity._kernels.exchange import GREEDY, LOOKAHEAD, NEVER, SCRIPTED, USER, class_with_wild, greedy_choice
from equity._kernels.pots import count_high_pot, split_sums, unpack_wins, win_width
from equity._kernels.rng import fork_local, shuffle_prefix, shuffle_prefix_local
from equity._kernels.scratch import apart, apart_2d, apart_copy
from equity._kernels.switch import play_switch_chunk, rules_from, rules_parts

U64 = np.uint64



@inline_kernel
def deal_from_top(order, n_players, n_hole, street_cards, street_burns, hole, board, burns):
    """Deal ``order`` (cards from the top of the deck) into ``hole``, ``board`` and ``burns``.

    ``hole`` is uint8[n_players * n_hole] seat-major.  Returns the number of cards used.
    """
    k = 0
    for r in range(n_hole):
        for seat in range(n_players):
            hole[seat * n_hole + r] = order[k]
            k += 1
    b = 0
    u = 0
    for s in range(street_cards.shape[0]):
        for _ in range(street_burns[s]):
            burns[u] = order[k]
            u += 1
            k += 1
        for _ in range(street_cards[s]):
            board[b] = order[k]
            b += 1
            k += 1
    return k


@inline_kernel
def street_totals(streets):
    """``(board cards, burnt cards)`` of a game's :class:`~equity._kernels.bundles.Streets`."""
    street_cards, street_burns = streets
    n_board = 0
    n_burns = 0
    for s in range(street_cards.shape[0]):
        n_board += street_cards[s]
        n_burns += street_burns[s]
    return n_board, n_burns


@inline_kernel
def chunk_work(state, deck, n_players, n_hole, n_board, n_burns):
    """What a chunk of a fused deal loop deals into and counts with, each array apart from the
    other threads' (:func:`~equity._kernels.scratch.apart`): its own copies of its generator
    state and the deck, the hole cards, board and burnt cards of a deal, each seat's class and
    whether it is in, and the counts of :func:`~equity._kernels.pots.count_high_pot` (pots won
    alone, and tied among ``k`` seats)."""
    return (apart_copy(state), apart_copy(deck), apart(n_players * n_hole, np.uint8),
            apart(n_board, np.uint8), apart(n_burns, np.uint8), apart(n_players, np.int64),
            apart(n_players, np.bool_), apart(n_players, np.int64),
            apart_2d(n_players, n_players + 1, np.int64))


@inline_kernel
def sums_at(cards, positions, at, count, card_bits, suit_bits):
    """Summed card words and OR-ed suit masks of ``cards`` at ``positions[at : at + count]``
    (a seat's hole cards, or one choice of them, where the shuffle left them)."""
    total = U64(0)
    masks = U64(0)
    for t in range(count):
        card = cards[positions[at + t]]
        total += card_bits[card]
        masks |= suit_bits[card]
    return total, masks


@inline_kernel
def deal_positions(n_players, n_hole, streets):
    """(the cards a deal takes from the top of a shuffled deck, each hole card's position among
    them, seat by seat, and each board card's), as :func:`deal_from_top` deals them."""
    street_cards, street_burns = streets
    n_board, n_burns = street_totals(streets)
    needed = n_players * n_hole + n_board + n_burns
    order = np.arange(needed).astype(np.int64)
    hole_at = apart(n_players * n_hole, np.int64)
    board_at = apart(n_board, np.int64)
    burns_at = apart(n_burns, np.int64)
    deal_from_top(order, n_players, n_hole, street_cards, street_burns, hole_at, board_at, burns_at)
    return needed, hole_at, board_at


@inline_kernel
def plays_fold_free(n_hole, tables):
    """Whether :func:`fold_free_deals` plays a game's deals when nobody folds: hands of all the
    hole cards and the board, of any one choice of them through the seven-card tables, or of
    the exact rule (the cases its loop takes, in its order)."""
    n_sets = tables.hole_sets.shape[0]
    return (tables.exact_need > 0 or (n_sets == 1 and tables.hole_set_len[0] == n_hole)
            or (n_sets > 1 and tables.seven_offsets.shape[0] > 0))


@kernel
def deal_chunk(state, deck, n_deals, n_players, n_hole, street_cards, street_burns, hole_out,
               board_out, burns_out):
    """Deal ``n_deals`` independent deals from fresh shuffles of ``deck`` (uint8 card codes).

    ``hole_out`` uint8[n_deals, n_players * n_hole], ``board_out`` uint8[n_deals, board],
    ``burns_out`` uint8[n_deals, burns]; ``state`` is the chunk's generator state.
    """
    cards = deck.copy()
    needed = n_players * n_hole
    for s in range(street_cards.shape[0]):
        needed += street_cards[s] + street_burns[s]
    for d in range(n_deals):
        shuffle_prefix(cards, cards.shape[0], needed, state)
        deal_from_top(cards, n_players, n_hole, street_cards, street_burns, hole_out[d],
                      board_out[d], burns_out[d])


@inline_kernel
def _cards_class(cards, n_cards, wild, card_bits, suit_bits, disp, params, rank_classes, flush_classes,
                 flush_bias):
    """Class of the best five of the first ``n_cards`` of ``cards`` under a wild rank (-1: none)."""
    total = U64(0)
    masks = U64(0)
    for t in range(n_cards):
        total += card_bits[cards[t]]
        masks |= suit_bits[cards[t]]
    return class_with_wild(total, masks, wild, disp, params, rank_classes, flush_classes, flush_bias)


@inline_kernel
def _lookahead_choice(hole, board, d, seat, n_players, active, wild, samples, state, card_bits,
                      suit_bits, disp, params, rank_classes, flush_classes, flush_bias):
    """Best of keeping and the six swaps by estimated showdown equity; returns (give, take).

    Each option is scored on the same ``samples`` draws of the last card and the
    other active players' hole cards from the cards the player cannot see (all
    but its own hole cards and the flop), assuming no later swap.  Ties keep.  Hands
    are valued with the tables given: high, or low for a low pot.
    """
    seen = np.zeros(52, dtype=np.bool_)
    mine = np.empty(2, dtype=np.uint8)
    flop = np.empty(3, dtype=np.uint8)
    for h in range(2):
        mine[h] = hole[d, seat * 2 + h]
        seen[mine[h]] = True
    for f in range(3):
        flop[f] = board[d, f]
        seen[flop[f]] = True
    unseen = np.empty(47, dtype=np.uint8)
    k = 0
    for c in range(52):
        if not seen[c]:
            unseen[k] = c
            k += 1
    opponents = 0
    for other in range(n_players):
        if other != seat and active[d, other]:
            opponents += 1
    score = np.zeros(7, dtype=np.float64)  # option 0 keeps, 1 + 3h + f gives hole h for flop f
    cards = np.empty(6, dtype=np.uint8)
    for _ in range(samples):
        shuffle_prefix(unseen, 47, 1 + 2 * opponents, state)
        last = unseen[0]
        for option in range(7):
            h = (option - 1) // 3
            f = (option - 1) % 3
            option_wild = wild if option == 0 else np.int64(mine[h] >> 2)
            for t in range(3):
                cards[2 + t] = flop[t]
            cards[0] = mine[0]
            cards[1] = mine[1]
            if option > 0:
                cards[h] = flop[f]
                cards[2 + f] = mine[h]
            cards[5] = last
            own = _cards_class(cards, 6, option_wild, card_bits, suit_bits, disp, params,
                                  rank_classes, flush_classes, flush_bias)
            better = 0
            equal = 0
            for o in range(opponents):
                cards[0] = unseen[1 + 2 * o]
                cards[1] = unseen[2 + 2 * o]
                theirs = _cards_class(cards, 6, option_wild, card_bits, suit_bits, disp, params,
                                         rank_classes, flush_classes, flush_bias)
                if theirs > own:
                    better += 1
                elif theirs == own:
                    equal += 1
            if better == 0:
                score[option] += 1.0 / (equal + 1)
    best = 0
    for option in range(1, 7):
        if score[option] > score[best]:
            best = option
    if best == 0:
        return -1, -1
    return (best - 1) // 3, (best - 1) % 3


@kernel
def no_user_policy(hole, flop, wild, seat, n_players):
    """The user policy of runs that have none: always keep."""
    return -1


@inline_kernel
def exchange_deals(hole, board, n_players, active, policies, script, samples, state, tables, for_low, out,
                   user_policy):
    """The exchange loop of :func:`exchange_chunk`, with the user's policy function."""
    card_bits, suit_bits, disp, params, rank_classes, flush_classes, flush_bias = tables
    wild_out, gave_out, took_out, setter_out = out
    n_hole = 2
    sampling = False  # does any seat draw samples (lookahead)?
    for seat in range(n_players):
        if policies[seat] == LOOKAHEAD:
            sampling = True
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    seat_state = np.empty(4, dtype=np.uint64)
    for d in range(hole.shape[0]):
        wild = -1
        setter = -1
        for seat in range(n_players):
            gave_out[d, seat] = -1
            took_out[d, seat] = -1
            if sampling:  # every seat's decision forks a stream, whatever its policy draws
                s0, s1, s2, s3, t0, t1, t2, t3 = fork_local(s0, s1, s2, s3)
                seat_state[0] = t0
                seat_state[1] = t1
                seat_state[2] = t2
                seat_state[3] = t3
            policy = policies[seat]
            if not active[d, seat] or policy == NEVER:
                continue
            if policy == SCRIPTED:
                if script[d, seat, 0] < 0:
                    continue
                give = -1
                take = -1
                for h in range(n_hole):
                    if hole[d, seat * n_hole + h] == script[d, seat, 0]:
                        give = h
                for f in range(3):
                    if board[d, f] == script[d, seat, 1]:
                        take = f
                if give < 0 or take < 0:
                    gave_out[d, seat] = -2
                    break
            elif policy == USER:
                code = user_policy(hole[d, seat * n_hole : seat * n_hole + 2], board[d, :3], wild, seat,
                                   n_players)
                if code < 0:
                    continue
                if code > 5:
                    gave_out[d, seat] = -3
                    break
                give = code // 3
                take = code % 3
            elif policy == LOOKAHEAD:
                give, take = _lookahead_choice(hole, board, d, seat, n_players, active, wild, samples,
                                               seat_state, card_bits, suit_bits, disp, params,
                                               rank_classes, flush_classes, flush_bias)
                if give < 0:
                    continue
            else:
                give, take = greedy_choice(hole[d, seat * n_hole], hole[d, seat * n_hole + 1], board[d, 0],
                                           board[d, 1], board[d, 2], wild, for_low, tables)
                if give < 0:
                    continue
            placed = hole[d, seat * n_hole + give]
            taken = board[d, take]
            board[d, take] = placed
            hole[d, seat * n_hole + give] = taken
            gave_out[d, seat] = placed
            took_out[d, seat] = taken
            wild = np.int64(placed >> 2)
            setter = seat
        wild_out[d] = wild
        setter_out[d] = setter
    state[0] = s0
    state[1] = s1
    state[2] = s2
    state[3] = s3


@kernel
def exchange_chunk(hole, board, n_players, active, policies, script, samples, state, tables, for_low, out):
    """The El Dorado exchange on dealt deals, in place, before the last board card is seen.

    Seats act in order 0 .. n_players - 1 (the dealer's left round to the dealer).
    An active player may swap one hole card for one flop card; the card placed in
    the flop makes its rank wild, replacing any earlier wild rank.  ``policies[seat]``:

    * ``NEVER``: keep.
    * ``USER``: ``user_policy(hole, flop, wild, seat, n_players)`` (the seat's two
      hole cards and the current flop as uint8 card codes, the current wild rank or
      -1) returns -1 to keep or ``3 * hole_index + flop_index`` to swap; a value
      outside -1..5 stops the deal's exchange with ``gave_out[d, seat] = -3``.
    * ``LOOKAHEAD``: the option (keep, or any of the six swaps) with the best
      showdown equity estimated on ``samples`` draws of the unseen cards (see
      :func:`_lookahead_choice`), drawn from a stream of the seat's own: when any seat
      plays ``LOOKAHEAD``, every seat's turn in every deal forks a stream from ``state``
      (``equity._kernels.rng.fork_local``) whatever its policy, so a seat's samples
      depend only on the deal and the seat, not on what the other seats' policies drew
      (common random numbers between profiles).
    * ``SCRIPTED``: ``script[d, seat] = (card given, card taken)`` as card codes, or
      ``(-1, -1)`` to keep (to replay recorded hands).  A card not in the seat's
      hole or not in the flop at its turn stops the deal's exchange with
      ``gave_out[d, seat] = -2``.
    * ``GREEDY``: take the wild rank (the current one, or the rank of either hole
      card) that makes the best five-card hand of the player's cards and the flop,
      keeping on ties; between the two hole cards, the one giving the better hand
      (the higher card code on a tie) goes to the flop, and the flop card taken is
      the highest-ranked one not of the new wild rank (the highest of all if every
      flop card is).  The player's five visible cards are the same whichever card
      moves, so only the wild rank changes its own hand.

    ``tables`` (a :class:`~equity._kernels.bundles.ClassTables`, with the classes and flush
    bias of every number of wild cards) value the hands that ``GREEDY`` and ``LOOKAHEAD``
    compare: the high tables, or for a low pot (``for_low``) the low classes with a zero bias
    (no flush counts); ``for_low`` also makes ``GREEDY`` take the lowest flop card (ace low)
    instead of the highest.

    Writes to ``out`` (an :class:`~equity._kernels.bundles.ExchangeRecords`) the final wild
    rank per deal (-1: none), per seat the card given and taken (-1: no swap), and per deal the
    seat whose swap set the final wild rank.
    """
    exchange_deals(hole, board, n_players, active, policies, script, samples, state, tables, for_low, out,
                   no_user_policy)


@inline_kernel
def _count_live_pot(classes, live, n_players, width, packed, filled, won, split):
    """Count one high pot among the ``live`` seats' ``classes`` as
    :func:`~equity._kernels.pots.count_high_pot` counts it (a folded seat's class is set below
    every hand's; a deal where every seat folded counts nothing).  Returns ``(packed, filled)``."""
    best = np.int64(-1)
    for p in range(n_players):
        classes[p] = classes[p] if live[p] else -1
        best = max(best, classes[p])
    if best < 0:
        return packed, filled
    return count_high_pot(classes, best, n_players, width, packed, filled, won, split)


@inline_kernel
def _fold_free_deal_loop(cards, needed, n_deals, s0, s1, s2, s3, hole_at, board_at, n_players,
                         n_hole, n_board, card_bits, suit_bits, disp, params, rank_classes,
                         flush_classes, flush_bias, won, split, seven, offsets, choices=None,
                         exact=None):
    """The deals of :func:`fold_free_deals`: the pots won alone added to ``won``, those tied among
    ``k`` seats to ``split[:, k]`` (:func:`~equity._kernels.pots.count_high_pot`).

    ``choices`` is None where a hand is all of its seat's cards and the board, or
    ``(choice_at, set_len)`` where it is the best of the board with any one choice of them:
    ``choice_at[(p * n_sets + k) * span + t]`` the position in the shuffled deck of card ``t``
    of seat ``p``'s choice ``k`` (``set_len[k]`` cards; ``span`` the longest).  ``exact`` is None,
    or ``(hole_index, exact_classes, exact_need)`` where a hand is exactly one choice of hole cards
    with ``exact_need`` board cards, valued through the exact-rule tables (Spanish poker, Omaha;
    ``card_bits`` and ``rank_classes`` then the card-sum tables')."""
    classes = apart(n_players, np.int64)
    width = win_width(n_players)
    packed = U64(0)
    filled = 0
    n = cards.shape[0]
    if exact is not None:
        n_sets = choices[1].shape[0]
        hole_totals = apart(n_sets, np.uint64)
        hole_masks = apart(n_sets, np.uint64)
        hole_rows = apart(n_sets, np.int64)
    for _ in range(n_deals):
        s0, s1, s2, s3 = shuffle_prefix_local(cards, n, needed, s0, s1, s2, s3)
        board_total = U64(0)
        board_masks = U64(0)
        for t in range(n_board):
            card = cards[board_at[t]]
            board_total += card_bits[card]
            board_masks |= suit_bits[card]
        if exact is not None:
            board_slot = board_slot_of(board_total, disp, params)
        best = np.int64(-1)
        for p in range(n_players):
            if exact is not None:
                choice_at, set_len = choices
                hole_index, exact_classes, exact_need = exact
                n_sets = set_len.shape[0]
                span = choice_at.shape[0] // (n_players * n_sets)
                for k in range(n_sets):
                    hole_totals[k], hole_masks[k] = sums_at(cards, choice_at, (p * n_sets + k) * span,
                                                            set_len[k], card_bits, suit_bits)
                hole_rows_of(hole_totals, 0, n_sets, disp, params, hole_index, hole_rows)
                value = np.int64(exact_class(board_slot, board_total, board_masks, hole_totals,
                                             hole_masks, hole_rows, 0, n_sets, set_len[0], exact_need,
                                             exact_classes, flush_classes))
            elif choices is None:
                total, masks = sums_at(cards, hole_at, p * n_hole, n_hole, card_bits, suit_bits)
                total += board_total
                masks |= board_masks
                if seven:  # card_bits and rank_classes are the seven-card tables'
                    value = np.int64(seven_class(total, masks, offsets, rank_classes,
                                                 flush_classes, flush_bias))
                else:
                    value = np.int64(cards_class(total, masks, disp, params, rank_classes,
                                                 flush_classes, flush_bias))
            else:
                choice_at, set_len = choices
                n_sets = set_len.shape[0]
                span = choice_at.shape[0] // (n_players * n_sets)
                value = np.int64(-1)
                for k in range(n_sets):
                    total, masks = sums_at(cards, choice_at, (p * n_sets + k) * span, set_len[k],
                                           card_bits, suit_bits)
                    value = max(value, np.int64(seven_class(board_total + total, board_masks | masks,
                                                            offsets, rank_classes, flush_classes,
                                                            flush_bias)))
            classes[p] = value
            best = max(best, value)
        packed, filled = count_high_pot(classes, best, n_players, width, packed, filled, won, split)
    unpack_wins(packed, width, n_players, won)


@simplified_kernel
def fold_free_deals(state, deck, n_deals, n_players, n_hole, streets, tables, share_sum, share_sq,
                    wins, ties):
    """Deals of :func:`play_plain_chunks` with nobody folded, a high pot: the deals of
    :func:`deal_chunk` from ``state`` (the same numbers), the shares of the pot added to the
    seats' sums (float64/int64[players]).

    A hand is the best of all a player's cards and the board (Hold'em, Egyptian), of the board
    and any one choice of them through the seven-card tables (Tahoe), or of exactly one choice
    and ``exact_need`` board cards through the exact-rule tables (Spanish poker, Omaha).  Each in
    a loop of its own, the cards read where the shuffle left them: all cards through the
    seven-card tables with Hold'em's card counts as constants measured 1.5-2x faster than the
    general loop, Tahoe 1.2x and Spanish 1.16x (Omaha 1.05x).  ``streets`` and ``tables`` are as
    in :func:`play_plain_chunks`; the games are those of :func:`plays_fold_free`.
    """
    card_bits, suit_bits, disp, params = tables.card_bits, tables.suit_bits, tables.disp, tables.params
    rank_classes, flush_classes, flush_bias = tables.rank_classes, tables.flush_classes, tables.flush_bias
    seven_words, seven_offsets, seven_classes = tables.seven_words, tables.seven_offsets, tables.seven_classes
    needed, hole_at, board_at = deal_positions(n_players, n_hole, streets)
    n_board = board_at.shape[0]
    cards = apart_copy(deck)
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    won = apart(n_players, np.int64)
    split = apart_2d(n_players, n_players + 1, np.int64)
    hole_sets, set_len = tables.hole_sets, tables.hole_set_len
    n_sets = hole_sets.shape[0]
    span = hole_sets.shape[1]
    choice_at = apart(n_players * n_sets * span, np.int64)  # each choice's cards' positions
    for p in range(n_players):
        for k in range(n_sets):
            for t in range(set_len[k]):
                choice_at[(p * n_sets + k) * span + t] = hole_at[p * n_hole + hole_sets[k, t]]
    if tables.exact_need > 0:  # exactly one choice of hole cards and exact_need board cards
        _fold_free_deal_loop(cards, needed, n_deals, s0, s1, s2, s3, hole_at, board_at, n_players,
                             n_hole, n_board, card_bits, suit_bits, disp, params, rank_classes,
                             flush_classes, flush_bias, won, split, False, seven_offsets,
                             (choice_at, set_len),
                             (tables.hole_index, tables.exact_classes, tables.exact_need))
    elif n_sets > 1:  # the best of the board with any one choice of hole cards (Tahoe's pairs)
        _fold_free_deal_loop(cards, needed, n_deals, s0, s1, s2, s3, hole_at, board_at, n_players,
                             n_hole, n_board, seven_words, suit_bits, disp, params, seven_classes,
                             flush_classes, flush_bias, won, split, True, seven_offsets,
                             (choice_at, set_len))
    elif seven_offsets.shape[0] > 0 and n_hole == 2 and n_board == 5:
        _fold_free_deal_loop(cards, needed, n_deals, s0, s1, s2, s3, hole_at, board_at, n_players,
                             2, 5, seven_words, suit_bits, disp, params, seven_classes,
                             flush_classes, flush_bias, won, split, True, seven_offsets)
    elif seven_offsets.shape[0] > 0:
        _fold_free_deal_loop(cards, needed, n_deals, s0, s1, s2, s3, hole_at, board_at, n_players,
                             n_hole, n_board, seven_words, suit_bits, disp, params, seven_classes,
                             flush_classes, flush_bias, won, split, True, seven_offsets)
    else:
        _fold_free_deal_loop(cards, needed, n_deals, s0, s1, s2, s3, hole_at, board_at, n_players,
                             n_hole, n_board, card_bits, suit_bits, disp, params, rank_classes,
                             flush_classes, flush_bias, won, split, False, seven_offsets)
    split_sums(won, split, n_players, share_sum, share_sq, wins, ties)


@parallel_kernel
def play_plain_chunks(states, chunk_deals, deck, n_players, n_hole, streets, folded, chunk_first_deal, tables,
                      share_sum, share_sq, wins, ties):
    """Deal, evaluate and share whole deals of a game with no phase between its streets.

    A hand is the best of the whole board with any one choice of a player's hole
    cards, ``hole_sets`` listing the choices by position (one choice of all hole
    cards for Hold'em and Egyptian Hold'em, each pair for Tahoe); or, when
    ``exact_need > 0``, exactly one choice of hole cards with ``exact_need`` board
    cards, valued with the exact-rule tables (Spanish poker, Omaha).  No wild
    cards; a high pot.  Chunk ``c`` plays ``chunk_deals[c]`` deals exactly as
    :func:`deal_chunk` deals them from ``states[c]``; chunks run in parallel and
    write only their own rows of the sums (``share_sum``, ``share_sq``:
    float64[chunks, players]; ``wins``, ``ties``: int64[chunks, players]).
    ``folded`` is bool[deals, players] (chunk ``c`` starting at deal
    ``chunk_first_deal[c]``), or empty for nobody folded.  ``streets`` is the game's
    :class:`~equity._kernels.bundles.Streets`, ``tables`` its
    :class:`~equity._kernels.bundles.HandTables` (the zero-wild rows of the tables).  With
    nobody folded, a chunk is played by :func:`fold_free_deals` (the same deals and sums).
    """
    street_cards, street_burns = streets
    hole_sets, hole_set_len, exact_need = tables.hole_sets, tables.hole_set_len, tables.exact_need
    hole_index, exact_classes = tables.hole_index, tables.exact_classes
    card_bits, suit_bits, disp, params = tables.card_bits, tables.suit_bits, tables.disp, tables.params
    rank_classes, flush_classes, flush_bias = tables.rank_classes, tables.flush_classes, tables.flush_bias
    seven_words, seven_offsets, seven_classes = tables.seven_words, tables.seven_offsets, tables.seven_classes
    n_board, n_burns = street_totals(streets)
    has_folds = folded.shape[0] > 0
    n_sets = hole_sets.shape[0]
    fused = not has_folds and plays_fold_free(n_hole, tables)
    # hands of a choice of hole cards and the board (Tahoe) through the seven-card tables
    seven = exact_need == 0 and seven_offsets.shape[0] > 0
    words = seven_words if seven else card_bits
    choice_classes = seven_classes if seven else rank_classes
    width = win_width(n_players)  # the pots won alone counted in a register (count_high_pot)
    for c in prange(states.shape[0]):
        if fused:
            fold_free_deals(states[c], deck, chunk_deals[c], n_players, n_hole, streets, tables,
                            share_sum[c], share_sq[c], wins[c], ties[c])
            continue
        state, cards, hole, board, burns, classes, live, won, split = chunk_work(
            states[c], deck, n_players, n_hole, n_board, n_burns)
        packed = U64(0)
        filled = 0
        hole_totals = apart(n_sets, np.uint64)
        hole_masks = apart(n_sets, np.uint64)
        hole_rows = apart(n_sets, np.int64)
        needed = n_players * n_hole + n_board + n_burns
        for k in range(chunk_deals[c]):
            shuffle_prefix(cards, cards.shape[0], needed, state)
            deal_from_top(cards, n_players, n_hole, street_cards, street_burns, hole, board, burns)
            # written out rather than card_sums(): measured 12% faster in this loop (Numba 0.68)
            board_total = U64(0)
            board_masks = U64(0)
            for t in range(n_board):
                board_total += words[board[t]]
                board_masks |= suit_bits[board[t]]
            board_slot = board_slot_of(board_total, disp, params) if exact_need > 0 else 0
            for p in range(n_players):
                live[p] = not (has_folds and folded[chunk_first_deal[c] + k, p])
                if not live[p]:
                    classes[p] = 0
                    continue
                _subset_sums(hole, p * n_hole, hole_sets, hole_set_len, words, suit_bits,
                             hole_totals, hole_masks)
                if exact_need > 0:
                    hole_rows_of(hole_totals, 0, n_sets, disp, params, hole_index, hole_rows)
                    classes[p] = exact_class(board_slot, board_total, board_masks, hole_totals,
                                             hole_masks, hole_rows, 0, n_sets, hole_set_len[0],
                                             exact_need, exact_classes, flush_classes)
                elif seven:
                    classes[p] = choices_class(board_total, board_masks, hole_totals, hole_masks, 0,
                                               n_sets, disp, params, choice_classes, flush_classes,
                                               flush_bias, True, seven_offsets)
                else:
                    classes[p] = choices_class(board_total, board_masks, hole_totals, hole_masks, 0,
                                               n_sets, disp, params, rank_classes, flush_classes,
                                               flush_bias)
            packed, filled = _count_live_pot(classes, live, n_players, width, packed, filled, won, split)
        unpack_wins(packed, width, n_players, won)
        split_sums(won, split, n_players, share_sum[c], share_sq[c], wins[c], ties[c])


@parallel_kernel
def play_exchange_chunks(states, chunk_deals, deck, n_players, streets, folded, chunk_first_deal, policies,
                         tables, share_sum, share_sq, wins, ties, swaps, set_wild):
    """Deal, exchange, evaluate and share whole deals of El Dorado with every seat playing ``NEVER``
    or ``GREEDY`` (``policies[seat]``) and a high pot.

    Chunk ``c`` plays ``chunk_deals[c]`` deals exactly as :func:`deal_chunk` deals them from
    ``states[c]``; the exchange is :func:`exchange_deals`'s (no policy here draws a number, so
    the deals and their exchanges are those of the general path), each hand the best five of its
    two hole cards and the four board cards under the wild rank the exchange made
    (:func:`~equity._kernels.exchange.class_with_wild`), the pot shared as
    :func:`play_plain_chunks` shares it.  The sums are as there, with each seat's swaps and the
    deals whose wild rank its swap set (``swaps``, ``set_wild``: int64[chunks, players]).
    ``tables`` is the high :class:`~equity._kernels.bundles.ClassTables` with every number of wild
    cards; ``streets``, ``folded`` and ``chunk_first_deal`` are as in :func:`play_plain_chunks`.
    """
    street_cards, street_burns = streets
    card_bits, suit_bits, disp, params, rank_classes, flush_classes, flush_bias = tables
    n_board, n_burns = street_totals(streets)
    has_folds = folded.shape[0] > 0
    n_hole = 2
    width = win_width(n_players)
    for c in prange(states.shape[0]):
        state, cards, hole, board, burns, classes, live, won, split = chunk_work(
            states[c], deck, n_players, n_hole, n_board, n_burns)
        packed = U64(0)
        filled = 0
        needed = n_players * n_hole + n_board + n_burns
        for k in range(chunk_deals[c]):
            shuffle_prefix(cards, cards.shape[0], needed, state)
            deal_from_top(cards, n_players, n_hole, street_cards, street_burns, hole, board, burns)
            wild = np.int64(-1)
            setter = -1
            for seat in range(n_players):
                live[seat] = not (has_folds and folded[chunk_first_deal[c] + k, seat])
                if not live[seat] or policies[seat] != GREEDY:
                    continue
                give, take = greedy_choice(hole[n_hole * seat], hole[n_hole * seat + 1], board[0], board[1],
                                           board[2], wild, False, tables)
                # the swap (or, to keep, the same cards written back), without a branch
                swap = give >= 0
                give = max(give, 0)
                take = max(take, 0)
                placed = hole[n_hole * seat + give]
                taken = board[take]
                hole[n_hole * seat + give] = taken if swap else placed
                board[take] = placed if swap else taken
                wild = np.int64(placed >> 2) if swap else wild
                setter = seat if swap else setter
                swaps[c, seat] += np.int64(swap)
            if setter >= 0:
                set_wild[c, setter] += 1
            board_total = U64(0)
            board_masks = U64(0)
            for t in range(n_board):
                board_total += card_bits[board[t]]
                board_masks |= suit_bits[board[t]]
            for p in range(n_players):
                a = hole[n_hole * p]
                b = hole[n_hole * p + 1]
                classes[p] = class_with_wild(board_total + card_bits[a] + card_bits[b],
                                             board_masks | suit_bits[a] | suit_bits[b], wild, disp, params,
                                             rank_classes, flush_classes, flush_bias)
            packed, filled = _count_live_pot(classes, live, n_players, width, packed, filled, won, split)
        unpack_wins(packed, width, n_players, won)
        split_sums(won, split, n_players, share_sum[c], share_sq[c], wins[c], ties[c])


@parallel_kernel
def play_switch_chunks(states, chunk_deals, deck, n_players, hand_size, rules, folded, chunk_first_deal,
                       tables, share_sum, share_sq, wins, ties):
    """Whole Switch deals, the showdown and the pot shares, summed per seat, chunks in parallel.

    Chunk ``c`` plays ``chunk_deals[c]`` deals with
    :func:`equity._kernels.switch.play_switch_chunk` from ``states[c]`` (the same
    deals as :func:`equity.switch.play_switch`), values each hand as the best five
    of all its cards, shares the pot among the best active hands and adds the
    shares to row ``c`` of the sums (as in :func:`play_plain_chunks`).  ``folded``
    is bool[deals * players], chunk ``c`` starting at deal ``chunk_first_deal[c]``.  ``rules``
    is the game's :class:`~equity._kernels.bundles.SwitchRules`, ``tables`` its
    :class:`~equity._kernels.bundles.ClassTables` (the zero-wild rows).
    """
    card_bits, suit_bits, disp, params, rank_classes, flush_classes, flush_bias = tables
    n_switches = rules.n_switches_before + rules.n_switches_after
    draw = rules.draw
    no_cards = np.empty(0, dtype=np.uint8)
    parts = rules_parts(rules)
    width = win_width(n_players)
    for c in prange(states.shape[0]):
        chunk_rules = rules_from(parts)
        n = chunk_deals[c]
        state = apart_copy(states[c])
        first = chunk_first_deal[c] * n_players
        fold = folded[first:first + n * n_players]
        hands = apart(n * n_players * hand_size, np.uint8)
        gave = np.empty(n * n_switches * n_players, dtype=np.int16)
        received = np.empty_like(gave)
        drawn = np.empty(n * n_players if draw else 0, dtype=np.int8)
        discarded = apart(n * n_players if draw else 0, np.uint64)
        reshuffles = apart(n, np.uint8)
        play_switch_chunk(state, deck, n, n_players, hand_size, chunk_rules, fold,
                          SwitchRecords(hands, gave, received, drawn, discarded, reshuffles),
                          SwitchTrace(False, no_cards, no_cards, no_cards))
        classes = apart(n_players, np.int64)
        live = apart(n_players, np.bool_)
        won = apart(n_players, np.int64)
        split = apart_2d(n_players, n_players + 1, np.int64)
        packed = U64(0)
        filled = 0
        for d in range(n):
            for p in range(n_players):
                live[p] = not fold[d * n_players + p]
                classes[p] = 0
                if live[p]:
                    at = (d * n_players + p) * hand_size
                    total = U64(0)
                    masks = U64(0)
                    for t in range(hand_size):
                        total += card_bits[hands[at + t]]
                        masks |= suit_bits[hands[at + t]]
                    classes[p] = cards_class(total, masks, disp, params, rank_classes,
                                             flush_classes, flush_bias)
            packed, filled = _count_live_pot(classes, live, n_players, width, packed, filled, won, split)
        unpack_wins(packed, width, n_players, won)
        split_sums(won, split, n_players, share_sum[c], share_sq[c], wins[c], ties[c])
