"""Dealing by the rule documents, the El Dorado exchange, and whole simulated deals."""

import itertools

import numpy as np
import pytest
import reference as R
from numba import njit

import equity
from equity.deal import deal_from_order, exchange

# One deck order, top card first, used to deal every game by hand.
ORDER = "Ah Kd Qc Js Th 9d 8c 7s 6h 5d 4c 3s 2h Ad Kc Qs Jh Td 9c 8s 7h 6d 5c 4s 3h 2d"


def test_holdem_deal_order_by_hand() -> None:
    # three players: hole cards one at a time round the table from seat 0,
    # then burn, flop three, burn, turn, burn, river
    d = deal_from_order("holdem", 3, ORDER)
    # round 1: Ah Kd Qc, round 2: Js Th 9d; burn 8c, flop 7s6h5d, burn 4c, turn 3s,
    # burn 2h, river Ad
    assert d["hole"] == ["AhJs", "KdTh", "Qc9d"]
    assert d["burns"] == "8c4c2h"
    assert d["board"] == "7s6h5d3sAd"


def test_tahoe_deals_three_hole_cards_each() -> None:
    d = deal_from_order("tahoe", 2, ORDER)
    # seat 0: 1st, 3rd, 5th cards; seat 1: 2nd, 4th, 6th
    assert d["hole"] == ["AhQcTh", "KdJs9d"]
    # burn 8c, flop 7s6h5d, burn 4c, turn 3s, burn 2h, river Ad
    assert d["burns"] == "8c4c2h"
    assert d["board"] == "7s6h5d3sAd"


def test_egyptian_pyramid_three_two_one() -> None:
    d = deal_from_order("egyptian", 2, ORDER)
    assert d["hole"] == ["AhQc", "KdJs"]
    # burn Th, flop 9d8c7s, burn 6h, turn 5d4c, burn 3s, river 2h
    assert d["burns"] == "Th6h3s"
    assert d["board"] == "9d8c7s5d4c2h"


def test_eldorado_four_board_cards_two_burns() -> None:
    d = deal_from_order("eldorado", 2, ORDER)
    assert d["hole"] == ["AhQc", "KdJs"]
    # burn Th, flop 9d8c7s, (exchange), burn 6h, last card 5d
    assert d["burns"] == "Th6h"
    assert d["board"] == "9d8c7s5d"


def test_omaha_four_hole_cards() -> None:
    d = deal_from_order("omaha", 2, ORDER)
    # four rounds of hole cards use Ah..7s; burn 6h, flop 5d4c3s, burn 2h, turn Ad,
    # burn Kc, river Qs
    assert d["hole"] == ["AhQcTh8c", "KdJs9d7s"]
    assert d["burns"] == "6h2hKc"
    assert d["board"] == "5d4c3sAdQs"


def test_spanish_deck_rejects_low_cards_in_the_order() -> None:
    with pytest.raises(equity.InvalidInputError, match="7s"):
        deal_from_order("spanish", 2, ORDER)


def test_spanish_at_most_ten_players() -> None:
    with pytest.raises(equity.InvalidInputError, match="players=11: spanish allows 2 to 10 players"):
        equity.deal.simulate("spanish", 11, 10, seed=1)


def test_eldorado_worked_example_played_through_the_exchange() -> None:
    # rule document 000: P1 9c9d, P2 Kh4h, the dealer declines; flop 7d Qs 4c
    after = exchange(["9c9d", "Kh4h", "2c3d"], "7dQs4c", [("9d", "Qs"), ("Kh", "7d"), None])
    assert after["hole"][:2] == ["9cQs", "7d4h"]
    assert sorted(after["flop"][i:i + 2] for i in (0, 2, 4)) == sorted(["9d", "Kh", "4c"])
    assert after["wild"] == "K" and after["set_by"] == 1
    board = after["flop"] + "4s"
    p1 = equity.evaluate("eldorado", after["hole"][0], board, wild=after["wild"])
    p2 = equity.evaluate("eldorado", after["hole"][1], board, wild=after["wild"])
    assert str(p1) == "full house, nines full of fours"
    assert str(p2) == "four of a kind, fours"
    assert p2 > p1


def test_a_later_swap_replaces_the_wild_rank() -> None:
    after_one = exchange(["9c9d", "Kh4h", "2c3d"], "7dQs4c", [("9d", "Qs"), None, None])
    assert after_one["wild"] == "9" and after_one["set_by"] == 0
    after_two = exchange(["9c9d", "Kh4h", "2c3d"], "7dQs4c", [("9d", "Qs"), None, ("3d", "4c")])
    assert after_two["wild"] == "3" and after_two["set_by"] == 2


def test_swapping_a_card_for_the_same_rank_makes_it_wild() -> None:
    after = exchange(["3c9d", "Kh4h"], "3dQs4c", [("3c", "3d"), None])
    assert after["wild"] == "3"


def test_never_policy_leaves_no_wild() -> None:
    table = equity.deal.simulate("eldorado", 4, 500, seed=3, policies="never")
    assert (table.wild == "").all()
    assert (table.gave == "").all()
    assert not table.set_wild.any()


def test_a_swap_must_name_cards_present_at_the_seat_turn() -> None:
    with pytest.raises(equity.InvalidInputError, match="seat 1"):
        # seat 0 takes Qs, so seat 1 cannot take it any more
        exchange(["9c9d", "Kh4h"], "7dQs4c", [("9d", "Qs"), ("Kh", "Qs")])


def test_greedy_exchange_takes_the_best_wild_rank_for_its_own_hand() -> None:
    # seat 0 holds a pair of nines: making nines wild turns the pair into two wilds
    after = exchange(["9c9d", "2c3d"], "7dQs4c", policies=["greedy", "never"])
    assert after["wild"] == "9"
    assert after["hole"][0] in ("9cQs", "9dQs")


def test_greedy_exchange_plays_for_the_pot() -> None:
    # seat 0 sees Kc 9d Ks 3h 2c.  For the high, nines wild (give 9d) make three kings
    # (K K + the wild nine) and kings wild (give Kc) only three nines: it gives 9d and takes
    # the highest flop card not of the new wild rank, Ks.  For the low, kings wild make
    # 9-4-3-2-A (the two wild kings fill the ace and the four) where nines wild leave the
    # pair of kings: it gives Kc and takes the lowest flop card not a king, 2c.
    hole, flop = ["Kc9d", "7d8d"], "Ks3h2c"
    high = exchange(hole, flop, policies=["greedy", "never"])
    assert (high["hole"][0], high["flop"], high["wild"]) == ("KcKs", "9d3h2c", "9")
    low = exchange(hole, flop, policies=["greedy", "never"], pot="low")
    assert (low["hole"][0], low["flop"], low["wild"]) == ("2c9d", "Ks3hKc", "K")


@pytest.mark.parametrize("pot, wild_can_be_ace", [("high", True), ("low", True), ("low", False)])
def test_greedy_exchange_matches_a_reference_on_random_deals(pot: str, wild_can_be_ace: bool) -> None:
    rng = np.random.default_rng(23)
    players = 4
    swapped = 0
    for _ in range(150):
        cards = rng.permutation(52)[: 2 * players + 3].tolist()
        seats = [cards[2 * p : 2 * p + 2] for p in range(players)]
        flop = cards[2 * players :]
        got = exchange([R.show(h) for h in seats], R.show(flop), policies="greedy", pot=pot,
                       wild_can_be_ace=wild_can_be_ace)
        want_seats, want_flop, want_wild = R.greedy_exchange(seats, flop, pot, wild_can_be_ace)
        assert got["hole"] == [R.show(h) for h in want_seats], (seats, flop)
        assert got["flop"] == R.show(want_flop), (seats, flop)
        assert got["wild"] == (None if want_wild is None else R.RANK_CHARS[want_wild])
        swapped += got["wild"] is not None
    assert swapped > 50  # most deals see at least one swap, so the comparison has teeth


def test_exchange_order_runs_from_the_dealer_left_to_the_dealer() -> None:
    # every seat swaps; the last seat (the dealer) sets the final wild rank
    table = equity.deal.simulate("eldorado", 3, 300, seed=5, policies="greedy")
    swapped = table[table.gave != ""]
    last = swapped.groupby("deal").seat.max()
    setters = table[table.set_wild].set_index("deal").seat
    assert (setters == last.loc[setters.index]).all()


def test_simulated_deals_use_each_card_once() -> None:
    for game in ("holdem", "omaha", "tahoe", "spanish", "egyptian", "eldorado"):
        table = equity.deal.simulate(game, 4, 200, seed=11)
        for _, deal in table.groupby("deal"):
            cards = "".join(deal.hole) + deal.board.iloc[0]
            codes = equity.card_codes(cards, allow_duplicates=True)
            assert len(set(codes.tolist())) == len(codes), (game, cards)
            deck = set(equity.get_game(game).deck)
            assert set(codes.tolist()) <= deck


def test_same_seed_same_table_and_shares_sum_to_one() -> None:
    a = equity.deal.simulate("tahoe", 3, 2000, seed=9, pot="hi_lo")
    b = equity.deal.simulate("tahoe", 3, 2000, seed=9, pot="hi_lo")
    assert a.equals(b)
    np.testing.assert_allclose(a.groupby("deal").share.sum(), 1.0)
    c = equity.deal.simulate("tahoe", 3, 2000, seed=10, pot="hi_lo")
    assert not a.equals(c)


def test_folded_players_win_nothing() -> None:
    table = equity.deal.simulate("holdem", 3, 1000, seed=2, folds=[False, True, False])
    assert (table[table.seat == 1].share == 0).all()
    assert table[table.seat == 1].folded.all()


def test_showdown_matches_the_evaluator() -> None:
    table = equity.deal.simulate("egyptian", 3, 300, seed=4)
    strengths = equity.evaluate_many(
        "egyptian",
        np.stack([equity.card_codes(h) for h in table.hole]),
        np.stack([equity.card_codes(b) for b in table.board]),
    )
    assert (strengths == table.strength.to_numpy()).all()
    best = table.groupby("deal").strength.transform("max")
    winners = table[table.strength == best].groupby("deal").seat.count()
    share_of_winner = table[table.strength == best].share.to_numpy()
    np.testing.assert_allclose(share_of_winner, 1 / winners.loc[table[table.strength == best].deal])


def test_aggregate_equals_the_rows_it_summarises() -> None:
    rows = equity.simulate("eldorado", 3, 3000, seed=21)
    summary = equity.simulate("eldorado", 3, 3000, seed=21, aggregate=True)
    by_seat = rows.groupby("seat")
    np.testing.assert_allclose(summary.equity, by_seat.share.mean())
    np.testing.assert_allclose(summary.stderr, by_seat.share.std(ddof=1) / np.sqrt(3000))
    np.testing.assert_allclose(summary.swap_rate, by_seat.gave.apply(lambda g: (g != "").mean()))
    np.testing.assert_allclose(summary.set_wild_rate, by_seat.set_wild.mean())


@pytest.mark.parametrize("game, players, options", [
    ("holdem", 6, {}),  # the fold-free kernel, all hole cards (seven-card tables)
    ("egyptian", 5, {}),  # the fold-free kernel, all hole cards (eight cards)
    ("tahoe", 4, {"folds": [False, True, False, False]}),  # the general loop, a seat folded
    ("tahoe", 6, {}),  # the fold-free kernel, the choices of hole cards
    ("spanish", 6, {}),  # the fold-free kernel, exact rule; a short deck ties often
    ("spanish", 5, {"folds": [False, False, True, False, False]}),  # the general loop, exact rule
    ("omaha", 4, {}),  # the fold-free kernel, exact rule, four hole cards
    ("switch", 5, {"folds": [False, False, True, False, False]}),  # (five-card hands seldom tie)
])
def test_fused_aggregate_counts_each_pot_as_the_rows_share_it(game, players, options) -> None:
    # the fused kernels count who wins alone in a register and ties by how many seats split the
    # pot; the rows' shares come from equity.pots on the same deals
    deals = 5000
    summary = equity.simulate(game, players, deals, seed=43, aggregate=True, **options)
    shares = equity.simulate(game, players, deals, seed=43, **options).pivot(index="deal", columns="seat",
                                                                             values="share")
    np.testing.assert_allclose(summary.equity, shares.mean(), rtol=0, atol=1e-12)
    np.testing.assert_allclose(summary.stderr, shares.std(ddof=1) / np.sqrt(deals), rtol=1e-9)
    np.testing.assert_array_equal(summary.win, (shares == 1).mean())
    np.testing.assert_array_equal(summary.tie, ((shares > 0) & (shares < 1)).mean())
    if game != "switch":
        assert ((shares > 0) & (shares < 1)).any(axis=None)  # ties were counted


@pytest.fixture
def exchange_kernel_calls(monkeypatch) -> list:
    """Record the calls of the deal engine's fused exchange kernel."""
    import equity.deal as deal_module

    calls = []
    real = deal_module.play_exchange_chunks

    def spy(*args):
        calls.append(args[7].copy())  # the seats' policy codes
        return real(*args)

    monkeypatch.setattr(deal_module, "play_exchange_chunks", spy)
    return calls


@pytest.mark.parametrize("players, options", [
    (6, {"policies": "greedy"}),
    (4, {"policies": ["never", "greedy", "greedy", "never"], "folds": [False, True, False, False]}),
    (2, {"policies": "never"}),
])
def test_fused_exchange_aggregate_equals_the_rows_of_the_general_path(exchange_kernel_calls, players,
                                                                       options) -> None:
    # the fused kernel deals, exchanges and shares the same deals as the general path, deal for deal
    deals = 6000
    summary = equity.simulate("eldorado", players, deals, seed=41, aggregate=True, **options)
    assert len(exchange_kernel_calls) == 1
    rows = equity.simulate("eldorado", players, deals, seed=41, **options)
    by_seat = rows.groupby("seat")
    np.testing.assert_allclose(summary.equity, by_seat.share.mean(), rtol=0, atol=1e-12)
    np.testing.assert_allclose(summary.stderr, by_seat.share.std(ddof=1) / np.sqrt(deals), rtol=1e-9)
    np.testing.assert_array_equal(summary.win, by_seat.share.apply(lambda s: (s == 1).mean()))
    np.testing.assert_array_equal(summary.tie, by_seat.share.apply(lambda s: ((s > 0) & (s < 1)).mean()))
    np.testing.assert_array_equal(summary.swap_rate, by_seat.gave.apply(lambda g: (g != "").mean()))
    np.testing.assert_array_equal(summary.set_wild_rate, by_seat.set_wild.mean())
    if options["policies"] == "never":
        assert (summary.swap_rate == 0).all()
    else:
        assert summary.swap_rate.max() > 0.2


@pytest.mark.parametrize("options", [
    {"policies": ["lookahead", "greedy", "greedy"], "lookahead_samples": 10},
    {"stakes": [3, 6, 9]},
    {"pot": "low"},
    {"fold_policy": 0.3, "fold_samples": 10},
])
def test_fused_exchange_is_not_taken_where_it_does_not_apply(exchange_kernel_calls, options) -> None:
    summary = equity.simulate("eldorado", 3, 200, seed=42, aggregate=True, **options)
    assert exchange_kernel_calls == []
    assert summary.equity.sum() == pytest.approx(1.0)


# draw: every seat draws from the cards no seat has seen, so the seats are alike whatever the order
@pytest.mark.parametrize("game", ["holdem", "spanish", "egyptian", "draw"])
def test_symmetric_seats_have_equal_equity_within_four_standard_errors(game: str) -> None:
    players = 3
    summary = equity.simulate(game, players, 40_000, seed=8, aggregate=True)
    assert (np.abs(summary.equity - 1 / players) < 4 * summary.stderr).all(), summary
    assert summary.equity.sum() == pytest.approx(1.0)


def test_lookahead_exchange_gains_equity_over_declining() -> None:
    # against players who never swap, the seat that looks ahead controls the wild rank
    summary = equity.simulate("eldorado", 3, 600, seed=13, aggregate=True, lookahead_samples=40,
                              policies=["lookahead", "never", "never"])
    assert summary.equity[0] - 1 / 3 > 4 * summary.stderr[0]
    assert summary.swap_rate[0] > 0.3


def test_lookahead_sample_size_is_checked() -> None:
    with pytest.raises(equity.OptionError, match="lookahead_samples"):
        equity.simulate("eldorado", 3, 10, seed=1, policies="lookahead", lookahead_samples=0)


def test_options_of_a_rule_the_game_does_not_play_are_refused_not_ignored() -> None:
    """``wild_can_be_ace`` only matters in El Dorado's low, ``lookahead_samples`` only where an
    exchange is played: elsewhere they are refused, as ``calc`` refuses them."""
    ace = r"wild_can_be_ace applies to the low of a game with wild cards \(eldorado\)"
    for game, options in [("holdem", {}), ("omaha", {"pot": "hi_lo"}), ("eldorado", {})]:
        with pytest.raises(equity.OptionError, match=ace):
            equity.simulate(game, 2, 10, seed=1, wild_can_be_ace=False, **options)
        with pytest.raises(equity.OptionError, match=ace):
            equity.calc(game, ["random", "random"], trials=100, seed=1, wild_can_be_ace=False,
                        **options)
    with pytest.raises(equity.OptionError, match=r"lookahead_samples applies to the exchange"):
        equity.simulate("holdem", 2, 10, seed=1, lookahead_samples=50)
    # where the rule is played, the options still change what they should: a wild card that may
    # not be an ace makes some lows worse, so the same deals settle differently
    low = [equity.simulate("eldorado", 3, 3000, seed=4, pot="low", wild_can_be_ace=flag).low
           for flag in (True, False)]
    assert (low[0] != low[1]).any()


def test_unknown_policy_lists_the_allowed_ones() -> None:
    with pytest.raises(equity.OptionError, match="never, greedy, lookahead"):
        equity.simulate("eldorado", 3, 10, seed=1, policies="smart")
    with pytest.raises(equity.OptionError, match="no exchange"):
        equity.simulate("holdem", 3, 10, seed=1, policies="greedy")


def test_side_pots_conserve_chips_and_short_stack_wins_at_most_the_main_pot() -> None:
    stakes = [10, 100, 100]
    table = equity.simulate("holdem", 3, 2000, seed=17, stakes=stakes)
    assert (table.groupby("deal").chips.sum() == 0).all()
    # seat 0 is all-in for 10: it can win at most 10 from each of the other two
    assert table[table.seat == 0].chips.max() <= 20
    assert table[table.seat == 0].chips.min() >= -10
    summary = equity.simulate("holdem", 3, 2000, seed=17, stakes=stakes, aggregate=True)
    np.testing.assert_allclose(summary.chips_per_deal, table.groupby("seat").chips.mean())


#: The most players each deck serves: (deck - board - burns) // hole cards, from the rule
#: documents' counts; five-card draw and its seven-card form keep the usual seven.
MOST_PLAYERS = {
    "holdem": (52 - 5 - 3) // 2,  # 22
    "omaha": (52 - 5 - 3) // 4,  # 11
    "tahoe": (52 - 5 - 3) // 3,  # 14: fifteen would need 53 cards
    "spanish": (28 - 5 - 3) // 2,  # 10, as RULINGS.md says
    "egyptian": (52 - 6 - 3) // 2,  # 21
    "eldorado": (52 - 4 - 2) // 2,  # 23
    "draw": 7, "draw7": 7, "switch": 7, "switch7": 7,
}


@pytest.mark.parametrize("game", sorted(MOST_PLAYERS))
def test_player_limit_is_what_the_deck_serves(game: str) -> None:
    from equity.games.custom import check_game

    g = equity.get_game(game)
    assert g.max_players == MOST_PLAYERS[game]
    check_game(g)  # the limits custom games are held to
    if g.streets:
        deck = equity.format_cards(np.array(g.deck, dtype=np.uint8))
        dealt = deal_from_order(game, g.max_players, deck)
        assert len(dealt["hole"]) == g.max_players
        limit = f"players={g.max_players + 1}: {game} allows 2 to {g.max_players} players"
        with pytest.raises(equity.InvalidInputError, match=limit):
            deal_from_order(game, g.max_players + 1, deck)


def test_switch_side_pots_from_the_showdown_strengths() -> None:
    """Switch with seat 0 all-in for 10 and seats 1 and 2 for 40: the main pot of 30 goes to
    the best of the three hands, the side pot of 60 to the better of seats 1 and 2 (ties
    split evenly; no odd chips with these amounts)."""
    table = equity.simulate("switch", 3, 3000, seed=23, stakes=[10, 40, 40])
    strength = table.pivot(index="deal", columns="seat", values="strength").to_numpy()
    chips = table.pivot(index="deal", columns="seat", values="chips").to_numpy()
    won = np.zeros_like(chips)
    for d, s in enumerate(strength.tolist()):
        for pot, seats in ((30, [0, 1, 2]), (60, [1, 2])):
            best = max(s[p] for p in seats)
            winners = [p for p in seats if s[p] == best]
            for p in winners:
                won[d, p] += pot // len(winners)
    np.testing.assert_array_equal(chips, won - np.array([10, 40, 40]))
    assert {-10, 20} <= set(chips[:, 0].tolist())  # seat 0 both won and lost the main pot
    assert {-40, 20, 50} <= set(chips[:, 1].tolist())  # seat 1: none, side pot only, both
    summary = equity.simulate("switch", 3, 3000, seed=23, stakes=[10, 40, 40], aggregate=True)
    np.testing.assert_allclose(summary.chips_per_deal, chips.mean(axis=0))
    np.testing.assert_allclose(summary.equity, table.groupby("seat").share.mean())


def test_switch_through_simulate_records_who_gave_what() -> None:
    table = equity.simulate("switch", 4, 500, seed=31)
    assert {"gave_1", "received_1", "drawn", "gave_2", "received_2"} <= set(table.columns)
    np.testing.assert_allclose(table.groupby("deal").share.sum(), 1.0)
    # seat i takes from seat i - 1 (cyclically): what seat i received is what seat i - 1 gave
    for k in (1, 2):
        gave = table.pivot(index="deal", columns="seat", values=f"gave_{k}")
        received = table.pivot(index="deal", columns="seat", values=f"received_{k}")
        for seat in range(4):
            assert (received[seat] == gave[(seat - 1) % 4]).all()
    # every final hand holds five distinct cards, and hands do not overlap
    for _, deal in table.groupby("deal"):
        codes = equity.card_codes("".join(deal.hole), allow_duplicates=True)
        assert len(set(codes.tolist())) == 20


def test_seven_card_switch_has_no_draw() -> None:
    table = equity.simulate("switch7", 3, 200, seed=2)
    assert "drawn" not in table.columns
    assert table.hole.str.len().eq(14).all()


#: Five-card hands of each category among all 2,598,960 (the published counts).
FIVE_CARD_COUNTS = {"straight_flush": 40, "four_of_a_kind": 624, "full_house": 3744, "flush": 5108,
                    "straight": 10200, "three_of_a_kind": 54912, "two_pair": 123552,
                    "one_pair": 1098240, "high_card": 1302540}


def test_draw_standing_pat_deals_five_card_hands_at_their_published_rates() -> None:
    deals, players = 20_000, 4
    table = equity.simulate("draw", players, deals, seed=17, draw_policy="stand")
    assert (table.drawn == 0).all()
    n = len(table)
    for category in ("high_card", "one_pair", "two_pair", "three_of_a_kind"):
        p = FIVE_CARD_COUNTS[category] / 2_598_960
        seen = (table.category == category).mean()
        assert abs(seen - p) < 5 * np.sqrt(p * (1 - p) / n), (category, seen, p)


def test_draw_simulate_plays_the_policy_on_the_dealt_hands() -> None:
    # the deals of play_switch for the same seed: each seat drew as many cards as the policy
    # throws from its dealt hand, kept the rest, and the pot goes to the best final hand
    from equity.switch import draw_discards, play_switch

    table = equity.simulate("draw", 3, 300, seed=4)
    played = play_switch(3, 300, seed=4, game="draw", chunk_size=equity.deal.CHUNK_DEALS, trace=True)
    dealt = played["trace_hands"][:, 0].reshape(900, 5)
    final = played["hands"].reshape(900, 5)
    assert table.hole.tolist() == [equity.format_cards(h) for h in final]
    for before, after, drawn in zip(dealt, final, table.drawn, strict=True):
        thrown = draw_discards(before)
        assert len(thrown) == drawn
        assert set(before.tolist()) - set(thrown.tolist()) <= set(after.tolist())
    assert 0.5 < (table.drawn > 0).mean() < 1.0
    assert "gave_1" not in table.columns


def test_switch_options_only_for_switch_games() -> None:
    with pytest.raises(equity.OptionError, match="reverse"):
        equity.simulate("holdem", 3, 10, seed=1, reverse=True)
    with pytest.raises(equity.OptionError, match="draw_policy"):
        equity.simulate("eldorado", 3, 10, seed=1, draw_policy="stand")
    with pytest.raises(equity.OptionError, match="draw has no switch"):
        equity.simulate("draw", 3, 10, seed=1, reverse=True)
    with pytest.raises(equity.OptionError, match="switch7 has no draw: draw_limit applies"):
        equity.simulate("switch7", 3, 10, seed=1, draw_limit=1)
    with pytest.raises(equity.OptionError, match="reverse must be True or False, got 'False'"):
        equity.simulate("switch", 3, 10, seed=1, reverse="False")


def test_folds_must_be_booleans() -> None:
    # a 2 is not read as "folded"
    with pytest.raises(equity.InvalidInputError, match=r"folds must be .* got 2"):
        equity.simulate("switch", 3, 10, seed=1, folds=[0, 2, 0])
    with pytest.raises(equity.InvalidInputError, match="folds must be a mask of booleans"):
        equity.simulate("holdem", 3, 10, seed=1, folds=["yes", "no", "no"])
    folded = equity.simulate("holdem", 3, 10, seed=1, folds=[0, 1, 0])
    assert folded.groupby("seat").folded.all().tolist() == [False, True, False]


@pytest.mark.parametrize("game, with_folds", [
    ("holdem", True), ("egyptian", True), ("draw7", True), ("tahoe", True), ("spanish", True),
    ("omaha", True),
    # nobody folds: the fold-free kernel (deal.fold_free_deals)
    ("holdem", False), ("egyptian", False), ("draw7", False), ("tahoe", False), ("spanish", False),
    ("omaha", False),
    # Switch games: the switches, the draw and the showdown in one kernel
    ("switch", True), ("switch", False), ("switch7", True),
])
def test_fused_aggregate_equals_the_per_row_table(game: str, with_folds: bool) -> None:
    # the fused any-cards kernel deals exactly as the per-row path, chunk by chunk
    players, deals = 4, 40_000  # three chunks, the last one partial
    folds = np.random.default_rng(5).random((deals, players)) < 0.2
    folds[:, 0] = False
    if not with_folds:
        folds = None
    rows = equity.simulate(game, players, deals, seed=44, folds=folds)
    summary = equity.simulate(game, players, deals, seed=44, folds=folds, aggregate=True)
    by_seat = rows.groupby("seat")
    np.testing.assert_allclose(summary.equity, by_seat.share.mean(), rtol=1e-12)
    np.testing.assert_array_equal(summary.win, by_seat.share.apply(lambda s: (s == 1).mean()))
    np.testing.assert_array_equal(summary.tie, by_seat.share.apply(lambda s: ((s > 0) & (s < 1)).mean()))


def test_spanish_deal_order_by_hand() -> None:
    order = "Ah Kd Qc Js Th 9d 8c As Kh Qd Jc Ts 9h"
    d = deal_from_order("spanish", 2, order)
    # holes Ah Qc / Kd Js; burn Th, flop 9d8cAs, burn Kh, turn Qd, burn Jc, river Ts
    assert d["hole"] == ["AhQc", "KdJs"]
    assert d["burns"] == "ThKhJc"
    assert d["board"] == "9d8cAsQdTs"


@njit
def _give_first_for_last(hole, flop, wild, seat, players):
    """A user's exchange policy: give the first hole card for the last flop card unless a wild
    rank exists; heads-up, a code outside -1..5 (one compiled policy serves both tests below:
    the kernel it is compiled into takes half a minute)."""
    if players == 2:
        return 9
    return -1 if wild >= 0 else 3 * 0 + 2


def test_a_user_policy_compiled_with_numba_decides_the_swaps() -> None:
    give_first_for_last = _give_first_for_last
    after = exchange(["9c9d", "Kh4h", "2c3d"], "7dQs4c", policies=give_first_for_last)
    # seat 0 swaps 9c for 4c (nines wild); later seats see a wild rank and keep
    assert after["hole"][0] == "4c9d"
    assert after["flop"] == "7dQs9c"
    assert after["wild"] == "9" and after["set_by"] == 0
    table = equity.simulate("eldorado", 3, 300, seed=6,
                            policies=[give_first_for_last, "never", "never"])
    assert (table[table.seat == 0].gave != "").all()
    assert (table[table.seat > 0].gave == "").all()


@pytest.mark.parametrize(("options", "message"), [
    ({"first_chunk": -1}, "first_chunk must be a whole number of at least 0, got -1"),
    ({"first_chunk": True}, "first_chunk must be a whole number"),
    ({"wild_can_be_ace": "no", "pot": "low"}, "wild_can_be_ace must be True or False"),
    ({"policies": 1}, "policies must be a policy name"),
])
def test_simulate_names_options_of_the_wrong_type(options: dict, message: str) -> None:
    with pytest.raises(equity.OptionError, match=message):
        equity.simulate("eldorado", 2, 100, seed=1, **options)


def test_draw_options_name_the_games_that_have_a_draw() -> None:
    with pytest.raises(equity.OptionError, match=r"draw_policy applies to games with a draw \(draw, switch"):
        equity.simulate("draw7", 2, 100, draw_policy="stand")


@pytest.mark.parametrize(("stakes", "message"), [
    ([1, 2, 3], "stakes must be 2 non-negative whole chip counts"),
    ([-1, 2], "player 0 has -1"),
    ([1.5, 2], "stakes must be integers"),
    (np.array([2**64 - 1, 5], dtype=np.uint64), "a value above"),  # not wrapped to -1
])
def test_simulate_checks_stakes_as_settle_does(stakes, message: str) -> None:
    with pytest.raises(equity.InvalidInputError, match=message):
        equity.simulate("holdem", 2, 100, seed=1, stakes=stakes)


def test_one_deal_has_no_standard_error() -> None:
    summary = equity.simulate("holdem", 2, 1, seed=1, aggregate=True)
    assert summary.stderr.isna().all() and abs(summary.equity.sum() - 1) < 1e-9


def test_a_user_policy_returning_a_bad_code_is_named() -> None:
    with pytest.raises(equity.InvalidInputError, match="seat 0 returned a code outside -1..5"):
        exchange(["9c9d", "Kh4h"], "7dQs4c", policies=_give_first_for_last)  # heads-up: 9


def test_fused_results_do_not_depend_on_the_thread_count() -> None:
    import numba

    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = equity.simulate("holdem", 4, 70_000, seed=3, aggregate=True)
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        two = equity.simulate("holdem", 4, 70_000, seed=3, aggregate=True)
    finally:
        numba.set_num_threads(before)
    assert one.equals(two)


def _exact_option_shares(hole: list[int], flop: list[int], pot: str) -> np.ndarray:
    """Seat 0's pot share for keeping (option 0) and each swap ``1 + 3 * h + f``, averaged over
    every last card and every hand of the one opponent from the cards seat 0 cannot see (as
    the lookahead policy deals them), hands valued by the evaluator for the pot."""
    unseen = [c for c in range(52) if c not in hole + flop]
    rows = [(last, a, b) for last in unseen for a, b in itertools.combinations(unseen, 2)
            if last not in (a, b)]
    last, a, b = (np.array(x, dtype=np.uint8) for x in zip(*rows, strict=True))
    n = len(rows)
    shares = []
    for option in range(7):
        mine, board, wild = list(hole), list(flop), -1
        if option:
            h, f = divmod(option - 1, 3)
            mine[h], board[f] = board[f], mine[h]
            wild = R.rank_of(board[f])
        boards = np.column_stack([np.tile(np.array(board, dtype=np.uint8), (n, 1)), last])
        wilds = np.full(n, wild)
        value = equity.evaluate_low_many if pot == "low" else equity.evaluate_many
        own = value("eldorado", np.tile(np.array(mine, dtype=np.uint8), (n, 1)), boards, wild=wilds)
        theirs = value("eldorado", np.column_stack([a, b]), boards, wild=wilds)
        shares.append(np.mean((own > theirs) + 0.5 * (own == theirs)))
    return np.array(shares)


@pytest.mark.parametrize("pot", ["high", "low"])
def test_lookahead_takes_the_option_of_best_exact_share_for_the_pot(pot: str) -> None:
    hole, other, flop = R.parse("Kc9d"), R.parse("7d8d"), R.parse("Ks3h2c")
    shares = _exact_option_shares(hole, flop, pot)  # keeping is best for the high, Kc for Ks for the low
    best = int(np.argmax(shares))
    runner_up = np.sort(shares)[-2]
    samples = 4000
    # the sampled scores have a standard error below 0.5 / sqrt(samples) each; the test needs
    # the best option to stand clear of the next by many of them
    assert shares[best] - runner_up > 8 * 0.5 / np.sqrt(samples), shares
    got = exchange([R.show(hole), R.show(other)], R.show(flop), policies=["lookahead", "never"],
                   pot=pot, lookahead_samples=samples, seed=3)
    if best == 0:
        assert got["wild"] is None
    else:
        h, f = divmod(best - 1, 3)
        assert got["hole"][0] == R.show([flop[f] if k == h else hole[k] for k in range(2)])
        assert got["wild"] == R.RANK_CHARS[R.rank_of(hole[h])]


@pytest.mark.parametrize("game", ["holdem", "spanish"])
def test_the_deal_table_categories_are_ordered_as_the_game_ranks_them(game):
    table = equity.simulate(game, 3, 400, seed=2, aggregate=False)
    ranking = [str(c) for c in equity.get_game(game).ranking]  # best first, from the rule text
    assert list(table.category.cat.categories) == ranking[::-1] and table.category.cat.ordered
    # the best category present is the one of the highest strength
    assert table.category.max() == table.category[table.strength.idxmax()]
    if game == "spanish":  # a flush beats a full house in Spanish poker
        assert table.category.dtype.categories.get_loc("flush") > table.category.dtype.categories.get_loc(
            "full_house")
