"""Switch kernels (rule document 002): the deal, the blind card switch and the draw, over integer arrays.

Deck state
----------
One deal's cards live in three places, and every card of the deck is in exactly one of them:

* **hands** -- ``hands``, ``uint8[n_players * hand_size]``, seat-major (seat ``p`` holds
  ``hands[p * hand_size : (p + 1) * hand_size]``); folded players keep their (dead) cards here.
* **stub** -- ``deck[pos:n]``.  ``deck`` is ``uint8[2 * n]`` for a deck of ``n`` cards and starts
  with the whole deck in ``deck[:n]``; ``deck[:pos]`` have been dealt or are gone, ``deck[pos:n]``
  is the unseen stub in arbitrary order.  A card is drawn by ``j = pos + below(state, n - pos)``,
  swapping ``deck[pos]`` and ``deck[j]``, taking ``deck[pos]`` and advancing ``pos``
  (:func:`stub_card`): the stub is
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
(:func:`standard_keep`), ``2`` draw the most the limit allows (:func:`max_keep`), ``3`` the
hold of highest estimated showdown share given the card the seat lost in the last switch
before the draw (:func:`aware_keep`), ``4`` the same ignoring that card.  A game with a fixed
wild rank ``r`` adds ``(r + 1) << WILD_SHIFT`` to its seats' codes
(``equity.options.draw_policy_codes``), and :func:`policy_keep` then keeps every wild card too
(the showdown values of codes 3 and 4 already count wild cards).

The phases after the deal are played in one place, :func:`play_phases` (the switches before
the draw, the draw, the switches after it, as a :class:`~equity._kernels.bundles.SwitchRules`
says), by both the deal engine (:func:`play_switch_chunk`) and the calculator
(``equity._kernels.calc``), but for the calculator's heads-up five-card draws
(``calc.sample_switch_duel``), which writes them out for two seats from the same random numbers
(its decisions read from :func:`fixed_keeps` and :func:`standard_keep_ranks`' tables; the tests
hold its sums to the general kernel's, bit for bit).
"""

import numpy as np
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

from equity._kernels import inline_kernel, kernel, simplified_kernel
from equity._kernels.bundles import DrawValues, SwitchRules
from equity._kernels.rng import _below_local, fork_local, shuffle_prefix, xoshiro_next
from equity._kernels.row_hash import SEVEN_ROW_SHIFT, SEVEN_SUIT_SHIFT, row_slot
from equity.cards import JOKERS

U64 = np.uint64
#: Bit 0 of each of the 13 rank nibbles of a count word.
RANK_NIBBLES = 0x1111111111111
ACE_BIT = 1 << 12

#: Draw policy codes (kernels compare against the literal values).
STAND = 0
STANDARD = 1
MAX = 2
SWITCH_AWARE = 3
SWITCH_AWARE_NO_INFO = 4
#: The "rank" of the jokers' codes (52 and 53, shifted): the policies always keep them.
JOKER_RANK = JOKERS[0] >> 2
#: The bits of a policy code above the policy: the game's wild rank + 1 (0: no wild rank).
WILD_SHIFT = 3

#: Filler for unused entries of trace arrays.
NO_CARD = 255

#: In a :func:`standard_keep_ranks` entry, above the 13 kept-rank bits: the hand's ranks decide
#: the standard hold even with four cards of one suit (a pair or better, or a straight).
RANK_RULES = 1 << 13

__all__ = [
    "STAND",
    "STANDARD",
    "MAX",
    "SWITCH_AWARE",
    "SWITCH_AWARE_NO_INFO",
    "WILD_SHIFT",
    "NO_CARD",
    "switch_step",
    "switch_step_local",
    "switch_hole_rows",
    "standard_keep",
    "standard_keep_ranks",
    "table_keep",
    "fixed_keeps",
    "RANK_RULES",
    "max_keep",
    "limit_keep",
    "policy_keep",
    "aware_keep",
    "seat_keep",
    "draw_step",
    "draw_step_local",
    "stub_card",
    "memo_keep",
    "play_phases",
    "play_switch_chunk",
    "rules_parts",
    "rules_from",
]


@inline_kernel
def rules_parts(rules):
    """A :class:`~equity._kernels.bundles.SwitchRules` as one flat tuple: a parallel loop cannot
    take a tuple within a tuple (its ``DrawValues``), so parallel kernels pass the parts into
    the loop and rebuild the rules there with :func:`rules_from`."""
    v = rules.values
    return (rules.n_switches_before, rules.draw, rules.n_switches_after, rules.policies, rules.limit,
            rules.limit_with_ace, rules.reverse, v.sums, v.row_of, v.position, v.binom, v.offsets)


@inline_kernel
def rules_from(parts):
    """The :class:`~equity._kernels.bundles.SwitchRules` of :func:`rules_parts`' tuple."""
    return SwitchRules(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], parts[6],
                       DrawValues(parts[7], parts[8], parts[9], parts[10], parts[11]))


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
    s0, s1, s2, s3 = switch_step_local(hands, n_players, hand_size, active, reverse, scratch,
                                       gave, received, at, state[0], state[1], state[2], state[3])
    state[0] = s0
    state[1] = s1
    state[2] = s2
    state[3] = s3


@inline_kernel
def switch_step_local(hands, n_players, hand_size, active, reverse, scratch, gave, received, at,
                      s0, s1, s2, s3):
    """:func:`switch_step` with the generator's state in locals (the same random numbers);
    returns the advanced state."""
    if n_players == 2 and active[0] and active[1]:
        # heads-up, written out (the loops below cost three times as much): seat 0 takes seat 1's
        # card at the first position drawn and seat 1 seat 0's at the second, either direction
        bits, s0, s1, s2, s3 = xoshiro_next(s0, s1, s2, s3)
        first, s0, s1, s2, s3 = _below_local(bits >> U64(32), U64(hand_size), s0, s1, s2, s3)
        bits, s0, s1, s2, s3 = xoshiro_next(s0, s1, s2, s3)
        second, s0, s1, s2, s3 = _below_local(bits >> U64(32), U64(hand_size), s0, s1, s2, s3)
        to_first = hands[hand_size + first]
        to_second = hands[second]
        received[at] = to_first
        gave[at + 1] = to_first
        received[at + 1] = to_second
        gave[at] = to_second
        hands[hand_size + first] = to_second
        hands[second] = to_first
        return s0, s1, s2, s3
    n_active = 0
    for p in range(n_players):
        gave[at + p] = -1
        received[at + p] = -1
        n_active += np.int64(active[p])
    if n_active < 2:
        return s0, s1, s2, s3
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
            bits, s0, s1, s2, s3 = xoshiro_next(s0, s1, s2, s3)
            position, s0, s1, s2, s3 = _below_local(bits >> U64(32), U64(hand_size), s0, s1, s2, s3)
            w = scratch[p] * hand_size + position
            scratch[n_players + p] = w
            received[at + p] = hands[w]
    for p in range(n_players):
        if active[p]:
            q = scratch[p]
            gave[at + q] = received[at + p]
            hands[scratch[n_players + p]] = np.uint8(received[at + q])
    return s0, s1, s2, s3


@kernel
def switch_hole_rows(hole, n_players, n_hole, folded, reverse, n_switches, state, gave, received):
    """Play ``n_switches`` switches on each row of dealt hole cards (a game with a board).

    Parameters
    ----------
    hole : uint8[n, n_players * n_hole]
        Seat-major hole cards, one deal a row; changed in place.
    folded : bool[n, n_players] or bool[0, n_players]
        Seats out of each deal (no rows: nobody folded); they take no part.
    reverse : bool
        Take from the next active seat instead of the previous one.
    state : uint64[4]
        Generator state (advanced in place).
    gave, received : int16[n, n_switches * n_players]
        Out: per switch, the card each seat gave and took (-1 for none).

    Notes
    -----
    Each switch is :func:`switch_step_local`, as in Switch on five-card draw: only hole cards
    move, and the board, dealt from the stub, is the same whatever moves.
    """
    active = np.ones(n_players, dtype=np.bool_)
    scratch = np.zeros(2 * n_players, dtype=np.int64)
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    any_folds = folded.shape[0] > 0
    for d in range(hole.shape[0]):
        if any_folds:
            for p in range(n_players):
                active[p] = not folded[d, p]
        for k in range(n_switches):
            s0, s1, s2, s3 = switch_step_local(hole[d], n_players, n_hole, active, reverse, scratch,
                                               gave[d], received[d], k * n_players, s0, s1, s2, s3)
    state[0] = s0
    state[1] = s1
    state[2] = s2
    state[3] = s3


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
    ``max(limit, limit_with_ace)`` when the kept cards include an ace), the highest remaining
    card (by rank, then suit) is kept too.  With the defaults (3, 4): a pair draws three; a hand
    of rule 7 keeps an ace and draws four, or without an ace keeps its two highest cards and
    draws three.
    """
    # rank_bits: one bit per rank held; counts: a 4-bit count per rank; suit_counts: per suit
    rank_bits = np.int64(0)
    counts = np.int64(0)
    suit_counts = np.int64(0)
    for k in range(5):
        c = np.int64(hand[base + k])
        r = c >> 2
        rank_bits |= np.int64(1) << r
        counts += np.int64(1) << (4 * r)
        suit_counts += np.int64(1) << (4 * (c & 3))
    paired = ((counts >> 1) | (counts >> 2)) & RANK_NIBBLES  # bit 4r: rank r held twice or more
    # (a hand with a pair holds no flush and no straight)
    quads = (counts >> 2) & RANK_NIBBLES
    full_house = counts & (counts >> 1) & RANK_NIBBLES and paired & (paired - 1)
    flush = (suit_counts + 0x3333) & 0x8888  # a suit counts five
    straight = rank_bits == (rank_bits & -rank_bits) * 31 or rank_bits == 0x100F
    if quads or full_house or flush or straight:
        return 31
    four_flush = (suit_counts + 0x4444) & 0x8888  # the top bit of a suit counting four
    if four_flush and not paired:
        suit = trailing_zeros(four_flush) >> 2
        keep = 0
        for k in range(5):
            keep |= np.int64((np.int64(hand[base + k]) & 3) == suit) << k
        return limit_keep(hand, base, keep, limit, limit_with_ace)
    # the ranks to keep, each rule's computed without a branch (which of them applies is a
    # coin toss on random hands): the paired ranks (bit 4r of ``paired`` gathered to bit r),
    # else an open-ended run, else the top rank
    gathered = (paired | (paired >> 3)) & 0x0303030303030303
    gathered = (gathered | (gathered >> 6)) & 0x000F000F000F000F
    gathered = (gathered | (gathered >> 12)) & 0x000000FF000000FF
    gathered = (gathered | (gathered >> 24)) & 0x1FFF
    starts = rank_bits & (rank_bits >> 1) & (rank_bits >> 2) & (rank_bits >> 3) & 0x1FF
    run = starts | (starts << 1) | (starts << 2) | (starts << 3)
    top = np.int64(1) << (63 - leading_zeros(rank_bits))
    kept_ranks = gathered if paired else (run if starts else top)
    # every card not kept is the only one of its rank, so "the highest card not kept, by rank
    # then suit" is the highest rank not kept, and the limit can be met on the ranks
    unkept = rank_bits & ~kept_ranks
    discards = unkept - ((unkept >> 1) & 0x5555)  # the bits of unkept, counted
    discards = (discards & 0x3333) + ((discards >> 2) & 0x3333)
    discards = (discards + (discards >> 4)) & 0x0F0F
    discards = (discards + (discards >> 8)) & 0x1F
    with_ace = max(limit, limit_with_ace)
    while discards > (with_ace if kept_ranks & ACE_BIT else limit):
        top = np.int64(1) << (63 - leading_zeros(unkept))
        kept_ranks |= top
        unkept ^= top
        discards -= 1
    keep = 0
    for k in range(5):
        keep |= ((kept_ranks >> (np.int64(hand[base + k]) >> 2)) & 1) << k
    return keep


@kernel
def standard_keep_ranks(seven_words, seven_offsets, n_slots, limit, limit_with_ace):
    """The standard policy's hold for every five-card rank multiset, in the seven-card tables'
    slots (``int16[n_slots]``, read by :func:`table_keep`).

    Each entry holds the ranks :func:`standard_keep` keeps (bit ``r`` for rank ``r``) on a hand
    of those ranks with at most two cards of a suit, and :data:`RANK_RULES` when the ranks
    decide even where four cards share a suit (a pair or better, or a straight: the rules that
    come before the four-flush's).  Built from :func:`standard_keep` itself, so the two cannot
    disagree (``tests/test_switch.py`` checks every five-card hand).
    """
    out = np.zeros(n_slots, dtype=np.int16)
    hand = np.zeros(5, dtype=np.uint8)
    ranks = np.zeros(5, dtype=np.int64)
    # the multisets in ascending order: a, b, c, d, e with at most four of a rank
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                for d in range(c, 13):
                    for e in range(d, 13):
                        if a == e:  # five of one rank
                            continue
                        ranks[0], ranks[1], ranks[2], ranks[3], ranks[4] = a, b, c, d, e
                        total = U64(0)
                        for j in range(5):  # suits 0, 1, 2, 3, 0: no four of a suit, equal ranks apart
                            hand[j] = ranks[j] * 4 + (j & 3)
                            total += seven_words[hand[j]]
                        keep = standard_keep(hand, 0, limit, limit_with_ace)
                        kept = 0
                        for j in range(5):
                            kept |= ((keep >> j) & 1) << ranks[j]
                        paired = a == b or b == c or c == d or d == e
                        if keep == 31 or paired:
                            kept |= RANK_RULES
                        out[row_slot(total, seven_offsets, SEVEN_ROW_SHIFT)] = kept
    return out


@inline_kernel
def table_keep(hands, base, seven_words, seven_offsets, keep_ranks):
    """:func:`standard_keep` for ``hands[base:base+5]`` through :func:`standard_keep_ranks`'
    table, or -1 where the rules must decide: the hand's summed card words find its ranks'
    hold, kept position by position; a hand with four or five cards of a suit whose ranks do
    not decide returns -1 (its caller calls :func:`policy_keep`, inlined once).

    One table load for the chain of rules, each a coin toss on random hands: the heads-up
    Switch kernel's trial 67 to 59 ns on one thread (AhAdKsKd7c against a random hand).
    """
    total = U64(0)
    for t in range(5):
        total += seven_words[hands[base + t]]
    kept = np.int64(keep_ranks[row_slot(total, seven_offsets, SEVEN_ROW_SHIFT)])
    four_of_a_suit = ((total >> U64(SEVEN_SUIT_SHIFT)) + U64(0x4444)) & U64(0x8888)
    if four_of_a_suit and not kept & RANK_RULES:
        return np.int64(-1)
    keep = np.int64(0)
    for t in range(5):
        keep |= ((kept >> (np.int64(hands[base + t]) >> 2)) & 1) << t
    return keep


@kernel
def fixed_keeps(fixed_hole, known, policies, limit, limit_with_ace):
    """The draw decision (:func:`policy_keep`) of each seat whose hand is known (``known[p]``) for
    every hand one switch can leave it, ``int8[players, 6, 54]``: ``[p, k, c]`` with card ``c``
    taken in at position ``k``, ``[p, 5, 0]`` the hand as dealt; zeros for the other seats.
    (Compiled apart from the heads-up Switch kernel, which reads it: ``policy_keep`` inlined in
    both made that kernel's compilation slower.)"""
    players = known.shape[0]
    keeps = np.zeros((players, 6, 54), dtype=np.int8)
    hands = fixed_hole.copy()
    for p in range(players):
        if not known[p]:
            continue
        keeps[p, 5, 0] = policy_keep(hands, p * 5, policies[p], limit, limit_with_ace)
        for k in range(5):
            for card in range(54):
                hands[p * 5 + k] = card
                keeps[p, k, card] = policy_keep(hands, p * 5, policies[p], limit, limit_with_ace)
            hands[p * 5 + k] = fixed_hole[p * 5 + k]
    return keeps


@inline_kernel
def max_keep(hand, base, limit, limit_with_ace):
    """Draw as many cards as the limit allows, keeping the highest (rank, then suit)."""
    return limit_keep(hand, base, 0, limit, limit_with_ace)


@inline_kernel
def policy_keep(hand, base, policy, limit, limit_with_ace):
    """Positions to keep (5-bit mask) under policy code ``policy``: 0 stand, 1 standard, 2 max,
    plus ``(wild rank + 1) << WILD_SHIFT`` in a game with a fixed wild rank.

    The policy decides on the cards as they are (a wild card counts as its own rank and
    suit; a joker, code 52 or 53, as a club one rank above the ace), and then every wild card
    and every joker is kept as well; keeping more cards never breaks the draw limit.
    """
    code = np.int64(policy)
    wild = (code >> WILD_SHIFT) - 1
    rule = code & ((1 << WILD_SHIFT) - 1)
    if rule == 1 or rule >= SWITCH_AWARE:  # (without showdown values: see seat_keep)
        keep = standard_keep(hand, base, limit, limit_with_ace)
    elif rule == 2:
        keep = max_keep(hand, base, limit, limit_with_ace)
    else:
        return 31
    for k in range(5):
        rank = np.int64(hand[base + k]) >> 2
        keep |= np.int64(rank == wild or rank == JOKER_RANK) << k
    return keep


@inline_kernel
def stub_card(deck, pos, n_deck, s0, s1, s2, s3):
    """Draw one card from the stub ``deck[pos:n_deck]`` (module docstring): a uniform position
    is swapped to ``deck[pos]`` and that card taken (the caller advances ``pos``); returns the
    card and the advanced state.  Every draw of the draw phase comes through here."""
    bits, s0, s1, s2, s3 = xoshiro_next(s0, s1, s2, s3)
    offset, s0, s1, s2, s3 = _below_local(bits >> U64(32), U64(n_deck - pos), s0, s1, s2, s3)
    j = pos + offset
    card = deck[j]
    deck[j] = deck[pos]
    deck[pos] = card
    return card, s0, s1, s2, s3


@kernel
def draw_step(hands, n_players, active, rules, gave, lost_at, deck, ds, state, drawn, discarded,
              at, fixed_hole, memo):
    """The draw of five-card draw: active players in seat order discard and draw replacements.

    Parameters
    ----------
    hands : uint8[n_players * 5]
        Seat-major five-card hands; changed in place.
    active : bool[n_players]
    rules : SwitchRules
        The policy code per seat (``rules.policies``), the draw limits (the most cards a player
        may draw, and the most when the kept cards include an ace) and the showdown values of
        the ``switch_aware`` policies.
    gave, lost_at
        ``gave[lost_at + p]`` is the card seat ``p`` lost in the last switch before the draw (-1
        for none); ``lost_at < 0`` when no switch came before it.
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
    fixed_hole, memo
        The policy decisions of seats whose hand is known but for one card (see
        :func:`memo_keep`); ``memo`` of shape ``(0, 6, 54)`` decides every hand afresh.

    Notes
    -----
    Each discarded card is replaced in its own position, in position order.  The player's
    discards join the pile after the player has been served.
    """
    s0, s1, s2, s3 = draw_step_local(hands, n_players, active, rules, gave, lost_at, deck, ds, drawn,
                                     discarded, at, fixed_hole, memo, state[0], state[1], state[2],
                                     state[3])
    state[0] = s0
    state[1] = s1
    state[2] = s2
    state[3] = s3


@inline_kernel
def memo_keep(hands, base, p, policy, limit, limit_with_ace, fixed_hole, memo):
    """:func:`policy_keep` for seat ``p``, remembered in ``memo`` when the seat's hand is its
    known hand ``fixed_hole[base : base + 5]`` with at most one card changed.

    ``memo`` is ``int8[n_players, 6, 54]`` (54 card codes, the jokers too): ``memo[p, k, c]`` is
    the positions kept when
    position ``k`` holds card ``c`` and the other four are the known ones, and ``memo[p, 5, 0]``
    when no card changed; -1 where not yet decided.  ``memo[p, 5, 1] == -2`` marks a seat whose
    hand is not known (nothing remembered), and a memo with no rows remembers nothing.  In the
    calculator a known hand changes by at most one card before the draw (one switch), so its
    decisions are a few hundred, each made once.
    """
    # one call of policy_keep, inlined once (three calls made this helper's code three times
    # over in every kernel that plays a draw, and its compile the slowest of the toolkit)
    remembered = memo.shape[0] > 0 and memo[p, 5, 1] != -2
    where = 5
    card = 0
    keep = np.int64(-1)
    if remembered:
        changed = 0
        for k in range(5):
            c = np.int64(hands[base + k])
            differs = c != np.int64(fixed_hole[base + k])
            changed += differs
            where = k if differs else where
            card = c if differs else card
        remembered = changed <= 1
        if remembered:
            keep = np.int64(memo[p, where, card])
    if keep < 0:
        keep = np.int64(policy_keep(hands, base, policy, limit, limit_with_ace))
        if remembered:
            memo[p, where, card] = keep
    return keep


@kernel
def aware_keep(hand, base, lost, values, opponents, limit, limit_with_ace):
    """The ``switch_aware`` policies: the positions of ``hand[base:base+5]`` to keep (5-bit
    mask) whose hold has the highest estimated showdown share against ``opponents`` opponents.

    The value of a hold is the mean, over every replacement from the unseen cards, of the final
    hand's value in ``values`` (a :class:`~equity._kernels.bundles.DrawValues`): its subset sums
    give the total over the completions of a hold by inclusion-exclusion over the cards that
    cannot be drawn, the discards and, when ``lost >= 0``, the card the seat lost in the switch
    (which the next seat holds).  Only holds within the draw limit (``limit`` cards, or
    ``max(limit, limit_with_ace)`` when an ace is kept) are played; ties go to the hold keeping
    more cards, then to the smaller mask.

    Compiled apart (a call, not inlined): every kernel that plays a draw reaches it through
    :func:`seat_keep`, and inlined it made their compilation a fifth slower (the draw and Switch
    kernels of the calculator and the deal engine 128 s against 100 from an empty cache), for a
    policy whose own work (a transform over 64 holds) dwarfs a call.
    """
    row = values.row_of[opponents] if opponents < values.row_of.shape[0] else -1
    if row < 0:  # no values for this many opponents (callers provide them): the standard hold
        return standard_keep(hand, base, limit, limit_with_ace)
    n_cards = values.binom.shape[0] - 1
    sorted_at = np.empty(6, dtype=np.int64)  # deck positions, ascending
    slot_of = np.empty(6, dtype=np.int64)  # each one's slot in the hand (5: the lost card)
    m = 0
    for k in range(6):
        if k < 5:
            at = values.position[np.int64(hand[base + k])]
        elif lost >= 0:
            at = values.position[lost]
        else:
            break
        u = m
        while u > 0 and sorted_at[u - 1] > at:
            sorted_at[u] = sorted_at[u - 1]
            slot_of[u] = slot_of[u - 1]
            u -= 1
        sorted_at[u] = at
        slot_of[u] = k
        m += 1
    f = np.empty(64, dtype=np.float64)
    for mask in range(1 << m):
        size = 0
        index = 0
        for j in range(m):
            if (mask >> j) & 1:
                size += 1
                index += values.binom[sorted_at[j], size]
        f[mask] = values.sums[row, values.offsets[size] + index] if size <= 5 else 0.0
    for bit in range(m):  # the superset Moebius transform: f[H] sums the completions avoiding ~H
        b = 1 << bit
        for mask in range(1 << m):
            if not mask & b:
                f[mask] -= f[mask | b]
    n_unseen = n_cards - m
    with_ace = max(limit, limit_with_ace)
    best_keep = 31
    best_kept = -1
    best_value = -np.inf
    for mask in range(1 << m):
        keep = 0
        kept = 0
        aces = False
        lost_held = False
        for j in range(m):
            if (mask >> j) & 1:
                k = slot_of[j]
                if k == 5:
                    lost_held = True
                else:
                    keep |= 1 << k
                    kept += 1
                    aces |= np.int64(hand[base + k]) >= 48
        if lost_held or 5 - kept > (with_ace if aces else limit):
            continue
        value = f[mask] / values.binom[n_unseen, 5 - kept]
        if value > best_value or (value == best_value and kept > best_kept):
            best_value = value
            best_keep = keep
            best_kept = kept
    return best_keep


@inline_kernel
def seat_keep(hands, base, p, rules, opponents, lost, fixed_hole, memo):
    """The positions seat ``p`` keeps (5-bit mask) under its policy code ``rules.policies[p]``:
    :func:`aware_keep` for the ``switch_aware`` policies (``lost`` is the card the seat lost in
    the last switch, -1 for none, and counts only for code 3), :func:`memo_keep` otherwise."""
    rule = np.int64(rules.policies[p]) & ((1 << WILD_SHIFT) - 1)
    if rule >= SWITCH_AWARE:
        return aware_keep(hands, base, lost if rule == SWITCH_AWARE else np.int64(-1), rules.values,
                          opponents, rules.limit, rules.limit_with_ace)
    return memo_keep(hands, base, p, rules.policies[p], rules.limit, rules.limit_with_ace,
                     fixed_hole, memo)


@inline_kernel
def draw_step_local(hands, n_players, active, rules, gave, lost_at, deck, ds, drawn, discarded, at,
                    fixed_hole, memo, s0, s1, s2, s3):
    """:func:`draw_step` with the generator's state in locals (the same random numbers);
    returns the advanced state."""
    n_deck = deck.shape[0] >> 1  # the discard pile starts at deck[n_deck]
    n_active = 0
    for p in range(n_players):
        n_active += np.int64(active[p])
    for p in range(n_players):
        if not active[p]:
            drawn[at + p] = -1
            discarded[at + p] = np.uint64(0)
            continue
        base = p * 5
        lost = np.int64(gave[lost_at + p]) if lost_at >= 0 else np.int64(-1)
        keep = seat_keep(hands, base, p, rules, n_active - 1, lost, fixed_hole, memo)
        n = 0
        mask = np.uint64(0)
        end = n_deck + ds[2]
        pos = ds[0]
        unkept = ~keep & 31
        while unkept:  # the discarded positions in order (a loop per discard, not per position)
            k = trailing_zeros(unkept)
            unkept &= unkept - 1
            old = hands[base + k]
            deck[end + n] = old
            mask |= np.uint64(1) << np.uint64(old)
            n += 1
            # draw a replacement; the discards become the stub when it is empty
            if pos == n_deck:
                reused = ds[2] - ds[1]
                start = n_deck - reused
                for t in range(reused):
                    deck[start + t] = deck[n_deck + ds[1] + t]
                ds[1] = ds[2]
                ds[3] += 1
                pos = start
            hands[base + k], s0, s1, s2, s3 = stub_card(deck, pos, n_deck, s0, s1, s2, s3)
            pos += 1
        ds[0] = pos
        ds[2] += n
        drawn[at + p] = n
        discarded[at + p] = mask
    return s0, s1, s2, s3


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


@inline_kernel
def play_phases(hands, n_players, hand_size, active, rules, scratch, gave, received, gave_at, deck, ds,
                drawn, discarded, draw_at, fixed_hole, memo, trace, trace_at, forked, s0, s1, s2, s3):
    """Play a dealt Switch or draw deal's phases in order: the switches before the draw, the
    draw, the switches after it (``rules``, a :class:`~equity._kernels.bundles.SwitchRules`).

    The records of the switches start at ``gave[gave_at]`` and ``received[gave_at]`` (one slot
    per seat and switch), the draw's at ``drawn[draw_at]`` and ``discarded[draw_at]``;
    ``fixed_hole`` and ``memo`` are :func:`memo_keep`'s.  With ``trace.on`` (a
    :class:`~equity._kernels.bundles.SwitchTrace`) the state after each phase is recorded as
    phases ``trace_at + 1, ...``.  The generator's state is in locals; returns it advanced.

    Random streams: with ``forked`` (the deal engine), the draw runs on a fork of the deal's
    stream, and the switches after the draw on another (``equity._kernels.rng.fork_local``), so
    neither the switches after the draw nor the deals that follow depend on how many cards the
    draw took: two runs with the same seed and different draw policies play the same deals, the
    same switches before the draw, the same draws for the seats that draw alike, and the same
    switch positions after it (common random numbers).  Without (the calculator, whose trials
    are independent and whose speed the two forks per trial would cost 10%), every phase draws
    from the one stream.
    """
    if forked and rules.draw:
        s0, s1, s2, s3, d0, d1, d2, d3 = fork_local(s0, s1, s2, s3)
        s0, s1, s2, s3, w0, w1, w2, w3 = fork_local(s0, s1, s2, s3)
    else:
        d0, d1, d2, d3 = s0, s1, s2, s3  # (set below)
        w0, w1, w2, w3 = s0, s1, s2, s3
    # every switch through one call of switch_step_local (inlined once, not once before the
    # draw and once after it): step ``n_before`` is the draw, the switches before it play on
    # the deal's stream and those after it on the draw's (``w``)
    n_before = rules.n_switches_before
    n_after = rules.n_switches_after if rules.draw else 0
    for step in range(n_before + 1 + n_after):
        if step == n_before:
            if rules.draw:
                lost_at = gave_at - n_players if n_before > 0 else -1
                if not forked:
                    d0, d1, d2, d3 = s0, s1, s2, s3
                d0, d1, d2, d3 = draw_step_local(hands, n_players, active, rules, gave, lost_at, deck, ds,
                                                 drawn, discarded, draw_at, fixed_hole, memo, d0, d1, d2, d3)
                trace_at += 1
                if trace.on:
                    _snapshot(hands, deck, ds, trace.hands, trace.stub, trace.pile, trace_at)
                if not forked:
                    w0, w1, w2, w3 = d0, d1, d2, d3
            continue
        before = step < n_before
        a0, a1, a2, a3 = switch_step_local(hands, n_players, hand_size, active, rules.reverse, scratch,
                                           gave, received, gave_at, s0 if before else w0,
                                           s1 if before else w1, s2 if before else w2,
                                           s3 if before else w3)
        if before:
            s0, s1, s2, s3 = a0, a1, a2, a3
        else:
            w0, w1, w2, w3 = a0, a1, a2, a3
        gave_at += n_players
        trace_at += 1
        if trace.on:
            _snapshot(hands, deck, ds, trace.hands, trace.stub, trace.pile, trace_at)
    if rules.draw and not forked:
        s0, s1, s2, s3 = w0, w1, w2, w3
    return s0, s1, s2, s3


@simplified_kernel
def play_switch_chunk(state, deck_cards, n_deals, n_players, hand_size, rules, folded, out, trace):
    """Play ``n_deals`` Switch deals: deal, then the phases (:func:`play_phases`).

    All arrays are flat (C order), deal-major.

    Parameters
    ----------
    state : uint64[4]
        The chunk's generator state (advanced in place).
    deck_cards : uint8[n_cards]
        The deck's card codes.
    n_deals, n_players, hand_size : int
    rules : SwitchRules
        The phases (switches before the draw, the draw, switches after it; a draw needs
        ``hand_size == 5``), the draw policy code per seat, the draw limits and the direction.
    folded : bool[n_deals * n_players]
        Folded players take no part in the switches or the draw.
    out : SwitchRecords
        Out: the final hands (``uint8[n_deals * n_players * hand_size]``, seat-major); per
        switch, the card each player gave and received (``int16[n_deals * n_switches *
        n_players]``, -1 for none); the draw's records (``int8`` cards drawn and ``uint64``
        discard masks, ``[n_deals * n_players]``, see :func:`draw_step`; may be empty without a
        draw); the times the stub ran out and the discards became the new stub (``uint8[n_deals]``).
    trace : SwitchTrace
        With ``trace.on``: the hands (``uint8[n_deals * n_phases * n_players * hand_size]``),
        stub and discard pile (``uint8[n_deals * n_phases * n_cards]``, padded with 255) after
        the deal and after each phase.

    Notes
    -----
    Each deal starts from a fresh deck: ``n_players * hand_size`` cards are drawn with
    ``shuffle_prefix`` and dealt one at a time in seat order starting at seat 0.
    """
    n_cards = deck_cards.shape[0]
    n_hand = n_players * hand_size
    n_switches = rules.n_switches_before + rules.n_switches_after
    n_phases = 1 + n_switches + np.int64(rules.draw)
    deck = np.empty(2 * n_cards, dtype=np.uint8)  # the deck, then the discard pile
    ds = np.zeros(4, dtype=np.int64)
    hands = np.empty(n_hand, dtype=np.uint8)
    active = np.empty(n_players, dtype=np.bool_)
    scratch = np.zeros(2 * n_players, dtype=np.int64)
    no_memo = np.empty((0, 6, 54), dtype=np.int8)  # every hand is dealt: nothing to remember
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
        if trace.on:
            _snapshot(hands, deck, ds, trace.hands, trace.stub, trace.pile, phase)
        s0, s1, s2, s3 = play_phases(hands, n_players, hand_size, active, rules, scratch, out.gave,
                                     out.received, d * n_switches * n_players, deck, ds, out.drawn,
                                     out.discarded, d * n_players, hands, no_memo, trace, phase, True,
                                     state[0], state[1], state[2], state[3])
        state[0] = s0
        state[1] = s1
        state[2] = s2
        state[3] = s3
        for k in range(n_hand):
            out.hands[d * n_hand + k] = hands[k]
        out.reshuffles[d] = ds[3]
