"""Switch kernels (rule document 002): the deal, the blind card switch and the draw, over integer arrays.

Deck state
----------
One deal's cards live in three places, and every card of the deck is in exactly one of them:

* **hands** -- ``hands``, ``uint8[n_players * hand_size]``, seat-major (seat ``p`` holds
  ``hands[p * hand_size : (p + 1) * hand_size]``); folded players keep their (dead) cards here.
* **stub** -- ``deck[pos:n]``.  ``deck`` is ``uint8[2 * n]`` for a deck of ``n`` cards and starts
  with the whole deck in ``deck[:n]``; ``deck[:pos]`` have been dealt or are gone, ``deck[pos:n]``
  is the unseen stub in arbitrary order.  A card is drawn by ``j = pos + below(state, n - pos)``,
  swapping ``deck[pos]`` and ``deck[j]``, taking ``deck[pos]`` and advancing ``pos``: the stub is
  shuffled lazily, one card at a time (the deal is the same procedure, via ``shuffle_prefix``).
* **discard pile** -- ``deck[n + ds[1] : n + ds[2]]``, in the second half of ``deck``.  Discards
  are appended at ``deck[n + ds[2]]``; ``deck[n : n + ds[1]]`` are discards already reused.  (One
  array rather than two: with a second array Numba kept reference counting in the hot loop, which
  made drawing seven times slower.)

``ds`` is ``int64[4]``: ``pos``, the first discard not yet reused, the number of discards so far,
and the number of times the stub ran out in this deal.  When a card is needed and the stub is
empty, every discard not yet reused becomes the new stub: the cards are copied to the end of
``deck[:n]`` and ``pos`` moves back (drawing from the stub is uniform, so this shuffles them as
well as any shuffle would).  A player's own discards go onto the pile only after that player has
been served, so a player never draws back a card just thrown away (the usual club rule).  With at
most nine five-card hands from 52 cards the pile can never be empty when the stub runs out: a
player who has drawn ``k <= 4`` replacements so far leaves ``n - 5 * n_players - k >= 52 - 45 - 4
> 0`` cards in the stub and the pile together (callers must respect this bound: the kernels
check nothing).

Draw policies are integer codes: ``0`` stand pat, ``1`` the standard policy
(:func:`standard_keep`), ``2`` draw the most the limit allows (:func:`max_keep`).
"""

import numpy as np

from equity._kernels import inline_kernel, kernel
from equity._kernels.rng import below, shuffle_prefix

#: Draw policy codes (kernels compare against the literal values).
STAND = 0
STANDARD = 1
MAX = 2

#: Filler for unused entries of trace arrays.
NO_CARD = 255

__all__ = [
    "STAND",
    "STANDARD",
    "MAX",
    "NO_CARD",
    "switch_step",
    "standard_keep",
    "max_keep",
    "limit_keep",
    "policy_keep",
    "draw_step",
    "play_switch_chunk",
]


@kernel
def switch_step(hands, n_players, hand_size, active, reverse, state, scratch, gave, received, at):
    """One switch: every active player takes one random card from the previous active player.

    Parameters
    ----------
    hands : uint8[n_players * hand_size]
        Seat-major hands; changed in place.
    active : bool[n_players]
        Players still in the deal.
    reverse : bool
        Take from the next active seat instead of the previous one.
    state : uint64[4]
        Generator state.
    scratch : int64[2 * n_players]
        Scratch space.
    gave, received : int16 arrays
        Out: ``gave[at + p]`` and ``received[at + p]`` are the cards seat ``p`` gave and
        received, -1 for none.
    at : int
        Where this switch's records start.

    Notes
    -----
    Seat ``i`` takes from the nearest active seat before it (cyclically), or after it with
    ``reverse``.  All taken positions are chosen first (uniformly over the whole hand, in seat
    order), then all cards move at once; each taken card leaves a gap that is filled by the card
    its former owner takes.  With fewer than two active players nothing moves.
    """
    n_active = 0
    for p in range(n_players):
        gave[at + p] = -1
        received[at + p] = -1
        n_active += np.int64(active[p])
    if n_active < 2:
        return
    # scratch[p]: the seat p takes from; scratch[n_players + p]: where in the hands that card is
    last = -1
    first = -1
    for i in range(n_players):
        p = n_players - 1 - i if reverse else i
        if active[p]:
            if last >= 0:
                scratch[p] = last
            else:
                first = p
            last = p
    scratch[first] = last
    for p in range(n_players):
        if active[p]:
            w = scratch[p] * hand_size + below(state, hand_size)
            scratch[n_players + p] = w
            received[at + p] = hands[w]
    for p in range(n_players):
        if active[p]:
            q = scratch[p]
            gave[at + q] = received[at + p]
            hands[scratch[n_players + p]] = np.uint8(received[at + q])


@inline_kernel
def _top_unkept(hand, base, keep):
    """Position of the highest card (by code: rank, then suit) of ``hand[base:base+5]`` not kept."""
    best = -1
    at = 0
    for k in range(5):
        c = np.int64(hand[base + k])
        if not (keep >> k) & 1 and c > best:
            best = c
            at = k
    return at


@inline_kernel
def limit_keep(hand, base, keep, limit, limit_with_ace):
    """Widen ``keep`` (a 5-bit mask of kept positions) until the discards are within the limit.

    The limit is ``limit`` cards, or ``max(limit, limit_with_ace)`` when the kept cards include
    an ace.  While there are too many discards, the highest card not kept (by rank, then suit)
    is kept as well.
    """
    aces = 0
    for k in range(5):
        aces |= np.int64(hand[base + k] >= 48) << k
    with_ace = max(limit, limit_with_ace)
    while True:
        n_keep = (keep & 1) + ((keep >> 1) & 1) + ((keep >> 2) & 1) + ((keep >> 3) & 1) + (keep >> 4)
        allowed = with_ace if keep & aces else limit
        if 5 - n_keep <= allowed:
            return keep
        keep |= 1 << _top_unkept(hand, base, keep)


@inline_kernel
def standard_keep(hand, base, limit, limit_with_ace):
    """The standard draw policy: a 5-bit mask of the positions of ``hand[base:base+5]`` to keep.

    The first rule that applies chooses the cards to keep:

    1. straight, flush, full house, four of a kind or straight flush: keep all five (stand pat);
    2. three of a kind: keep the three;
    3. two pair: keep both pairs;
    4. one pair: keep the pair;
    5. four cards of one suit: keep those four;
    6. four cards of consecutive ranks from 2-3-4-5 up to T-J-Q-K (open-ended; A-2-3-4 and
       J-Q-K-A are not): keep those four;
    7. otherwise: keep the highest card.

    Then the limit: while more cards would be discarded than allowed (``limit``, or
    ``limit_with_ace`` when the kept cards include an ace), the highest remaining card (by rank,
    then suit) is kept too.  With the defaults (3, 4): a pair draws three; a hand of rule 7 keeps
    an ace and draws four, or without an ace keeps its two highest cards and draws three.
    """
    rank_bits = np.int64(0)
    suit_counts = np.int64(0)
    lo = np.int64(12)
    hi = np.int64(0)
    for k in range(5):
        c = np.int64(hand[base + k])
        r = c >> 2
        rank_bits |= np.int64(1) << r
        suit_counts += np.int64(1) << (4 * (c & 3))
        lo = min(lo, r)
        hi = max(hi, r)
    pairs = 0  # pairs of cards of equal rank: 1 pair, 2 two pair, 3 trips, 4 full house, 6 quads
    paired = 0  # positions whose rank occurs more than once
    for i in range(4):
        ri = np.int64(hand[base + i]) >> 2
        for j in range(i + 1, 5):
            eq = np.int64((np.int64(hand[base + j]) >> 2) == ri)
            pairs += eq
            paired |= (eq << i) | (eq << j)
    suit4 = -1
    flush = False
    for s in range(4):
        n = (suit_counts >> (4 * s)) & 15
        if n == 5:
            flush = True
        elif n == 4:
            suit4 = s
    straight = pairs == 0 and (hi - lo == 4 or rank_bits == 0x100F)
    if straight or flush or pairs >= 4:
        return 31
    keep = 0
    if pairs > 0:
        keep = paired
    elif suit4 >= 0:
        for k in range(5):
            keep |= np.int64((np.int64(hand[base + k]) & 3) == suit4) << k
    else:
        starts = rank_bits & (rank_bits >> 1) & (rank_bits >> 2) & (rank_bits >> 3) & 0x1FF
        if starts:
            run = starts | (starts << 1) | (starts << 2) | (starts << 3)
            for k in range(5):
                keep |= ((run >> (np.int64(hand[base + k]) >> 2)) & 1) << k
        else:
            keep = 1 << _top_unkept(hand, base, 0)
    return limit_keep(hand, base, keep, limit, limit_with_ace)


@inline_kernel
def max_keep(hand, base, limit, limit_with_ace):
    """Draw as many cards as the limit allows, keeping the highest (rank, then suit)."""
    return limit_keep(hand, base, 0, limit, limit_with_ace)


@inline_kernel
def policy_keep(hand, base, policy, limit, limit_with_ace):
    """Positions to keep (5-bit mask) under policy code ``policy`` (0 stand, 1 standard, 2 max)."""
    if policy == 1:
        return standard_keep(hand, base, limit, limit_with_ace)
    if policy == 2:
        return max_keep(hand, base, limit, limit_with_ace)
    return 31


@kernel
def draw_step(hands, n_players, active, policies, limit, limit_with_ace, deck, ds, state,
              drawn, discarded, at):
    """The draw of five-card draw: active players in seat order discard and draw replacements.

    Parameters
    ----------
    hands : uint8[n_players * 5]
        Seat-major five-card hands; changed in place.
    active : bool[n_players]
    policies : int8[n_players]
        Policy code per seat.
    limit, limit_with_ace : int
        Most cards a player may draw, and the most when the kept cards include an ace.
    deck, ds
        The deck state (module docstring).
    state : uint64[4]
    drawn : int8 array
        Out: ``drawn[at + p]``, the cards seat ``p`` drew, -1 for a folded player.
    discarded : uint64 array
        Out: ``discarded[at + p]``, the cards seat ``p`` discarded as a mask of card codes
        (bit ``c`` for card ``c``).
    at : int
        Where this deal's records start.

    Notes
    -----
    Each discarded card is replaced in its own position, in position order.  The player's
    discards join the pile after the player has been served.
    """
    n_deck = deck.shape[0] >> 1  # the discard pile starts at deck[n_deck]
    for p in range(n_players):
        if not active[p]:
            drawn[at + p] = -1
            discarded[at + p] = np.uint64(0)
            continue
        base = p * 5
        keep = policy_keep(hands, base, policies[p], limit, limit_with_ace)
        n = 0
        mask = np.uint64(0)
        end = n_deck + ds[2]
        for k in range(5):
            if not (keep >> k) & 1:
                old = hands[base + k]
                deck[end + n] = old
                mask |= np.uint64(1) << np.uint64(old)
                n += 1
                # draw a replacement (written out here: as an inlined helper it cost Numba
                # reference counting per card); the discards become the stub when it is empty
                pos = ds[0]
                if pos == n_deck:
                    reused = ds[2] - ds[1]
                    start = n_deck - reused
                    for t in range(reused):
                        deck[start + t] = deck[n_deck + ds[1] + t]
                    ds[1] = ds[2]
                    ds[3] += 1
                    pos = start
                j = pos + below(state, n_deck - pos)
                card = deck[j]
                deck[j] = deck[pos]
                deck[pos] = card
                ds[0] = pos + 1
                hands[base + k] = card
        ds[2] += n
        drawn[at + p] = n
        discarded[at + p] = mask


@kernel
def _snapshot(hands, deck, ds, out_hands, out_stub, out_pile, at):
    n = deck.shape[0] >> 1
    for k in range(hands.shape[0]):
        out_hands[at * hands.shape[0] + k] = hands[k]
    for k in range(n):
        out_stub[at * n + k] = 255
        out_pile[at * n + k] = 255
    for k in range(ds[0], n):
        out_stub[at * n + k - ds[0]] = deck[k]
    for k in range(ds[1], ds[2]):
        out_pile[at * n + k - ds[1]] = deck[n + k]


@kernel
def play_switch_chunk(state, deck_cards, n_deals, n_players, hand_size, n_switches_before, draw,
                      n_switches_after, policies, limit, limit_with_ace, reverse, folded,
                      hands_out, gave_out, received_out, drawn_out, discarded_out, reshuffles_out,
                      trace, trace_hands, trace_stub, trace_pile):
    """Play ``n_deals`` Switch deals: deal, switches, the draw, switches.

    All arrays are flat (C order), deal-major.

    Parameters
    ----------
    state : uint64[4]
        The chunk's generator state (advanced in place).
    deck_cards : uint8[n_cards]
        The deck's card codes.
    n_deals, n_players, hand_size : int
    n_switches_before : int
        Switches before the draw (1 for five-card draw, 2 for the seven-card game).
    draw : bool
        Whether there is a draw (needs ``hand_size == 5``).
    n_switches_after : int
        Switches after the draw (1 for five-card draw, 0 for the seven-card game).
    policies : int8[n_players]
        Draw policy code per seat.
    limit, limit_with_ace : int
    reverse : bool
        Switch direction.
    folded : bool[n_deals * n_players]
        Folded players take no part in the switches or the draw.
    hands_out : uint8[n_deals * n_players * hand_size]
        Out: final hands, seat-major.
    gave_out, received_out : int16[n_deals * n_switches * n_players]
        Out: per switch, the card each player gave and received (-1 for none).
    drawn_out : int8[n_deals * n_players]; discarded_out : uint64[n_deals * n_players]
        Out: draw records (see :func:`draw_step`); may be empty when ``draw`` is false.
    reshuffles_out : uint8[n_deals]
        Out: times the stub ran out and the discards became the new stub.
    trace : bool
        Record the deck state after the deal and after each phase.
    trace_hands : uint8[n_deals * n_phases * n_players * hand_size]
    trace_stub, trace_pile : uint8[n_deals * n_phases * n_cards]
        Out when ``trace``: hands, stub and discard pile (padded with 255) after each phase.

    Notes
    -----
    Each deal starts from a fresh deck: ``n_players * hand_size`` cards are drawn with
    ``shuffle_prefix`` and dealt one at a time in seat order starting at seat 0.
    """
    n_cards = deck_cards.shape[0]
    n_hand = n_players * hand_size
    n_switches = n_switches_before + n_switches_after
    n_phases = 1 + n_switches + np.int64(draw)
    deck = np.empty(2 * n_cards, dtype=np.uint8)  # the deck, then the discard pile
    ds = np.zeros(4, dtype=np.int64)
    hands = np.empty(n_hand, dtype=np.uint8)
    active = np.empty(n_players, dtype=np.bool_)
    scratch = np.zeros(2 * n_players, dtype=np.int64)
    for d in range(n_deals):
        for k in range(n_cards):
            deck[k] = deck_cards[k]
        shuffle_prefix(deck, n_cards, n_hand, state)
        k = 0
        for slot in range(hand_size):
            for p in range(n_players):
                hands[p * hand_size + slot] = deck[k]
                k += 1
        ds[0] = n_hand
        ds[1] = 0
        ds[2] = 0
        ds[3] = 0
        for p in range(n_players):
            active[p] = not folded[d * n_players + p]
        phase = d * n_phases
        if trace:
            _snapshot(hands, deck, ds, trace_hands, trace_stub, trace_pile, phase)
        sw = d * n_switches
        for _ in range(n_switches_before):
            switch_step(hands, n_players, hand_size, active, reverse, state, scratch,
                        gave_out, received_out, sw * n_players)
            sw += 1
            phase += 1
            if trace:
                _snapshot(hands, deck, ds, trace_hands, trace_stub, trace_pile, phase)
        if draw:
            draw_step(hands, n_players, active, policies, limit, limit_with_ace, deck, ds, state,
                      drawn_out, discarded_out, d * n_players)
            phase += 1
            if trace:
                _snapshot(hands, deck, ds, trace_hands, trace_stub, trace_pile, phase)
        for _ in range(n_switches_after):
            switch_step(hands, n_players, hand_size, active, reverse, state, scratch,
                        gave_out, received_out, sw * n_players)
            sw += 1
            phase += 1
            if trace:
                _snapshot(hands, deck, ds, trace_hands, trace_stub, trace_pile, phase)
        for k in range(n_hand):
            hands_out[d * n_hand + k] = hands[k]
        reshuffles_out[d] = ds[3]
