"""Percent ranges and the hand orderings behind them, in every game that has one."""

import itertools
import math

import numpy as np
import pytest

import equity
from equity import InvalidInputError
from equity.hand_orders import build_hand_order, hand_order
from equity.ranges import parse_range

ORDERED_GAMES = ["holdem", "spanish", "egyptian", "eldorado", "tahoe", "omaha"]
RANK_TEXT = "23456789TJQKA"


def _class_name(hand: tuple[int, ...], hole: int) -> str:
    """The class of a hand, worked out here: two-card names (AKs, AKo, AA), else the highest
    relabelling of its suits, cards highest first."""
    if hole == 2:
        a, b = sorted(hand, reverse=True)
        if a // 4 == b // 4:
            return RANK_TEXT[a // 4] * 2
        return RANK_TEXT[a // 4] + RANK_TEXT[b // 4] + ("s" if a % 4 == b % 4 else "o")
    best = max(tuple(sorted((4 * (c // 4) + perm[c % 4] for c in hand), reverse=True))
               for perm in itertools.permutations(range(4)))
    return "".join(RANK_TEXT[c // 4] + "cdhs"[c % 4] for c in best)


@pytest.mark.parametrize("game", ORDERED_GAMES)
def test_percent_ranges_take_whole_hands_in_the_documented_order(game):
    g = equity.get_game(game)
    total = math.comb(g.deck_size, g.hole_cards)
    order = hand_order(game)
    assert order.attrs["source"] == "shipped"  # the table shipped for this game's rules
    assert int(order.combos.sum()) == total and order.cumulative.iloc[-1] == pytest.approx(1.0)
    assert (np.diff(order.equity.to_numpy()) <= 0).all()  # best first
    position = {name: k for k, name in enumerate(order.hand)}
    for percent in (1, 10, 12.5):
        chosen = parse_range(f"{percent}%", game=game)
        # p% of N hands, to the nearest whole hand (half up)
        assert len(chosen) == math.floor(percent * total / 100 + 0.5)
        places = [position[_class_name(tuple(c), g.hole_cards)] for c in chosen.combos.tolist()]
        boundary = max(places)
        # every class above the boundary whole, the boundary class in part
        assert sum(places.count(k) for k in range(boundary)) == int(order.combos.iloc[:boundary].sum())
        assert places.count(boundary) <= order.combos.iloc[boundary]
        assert places == sorted(places)  # listed best first
    assert parse_range("top 10%", game=game).combos.tolist() == parse_range("10%", game=game).combos.tolist()
    inner = parse_range("5%-15%", game=game).combos.tolist()
    assert inner == parse_range("15%", game=game).combos.tolist()[len(parse_range("5%", game=game)):]


def test_a_class_split_at_the_boundary_keeps_its_hands_in_descending_order():
    # Hold'em 10% is 132.6 -> 133 hands; whichever class is cut, its hands run highest card first
    chosen = parse_range("10%").combos
    last = _class_name(tuple(chosen[-1]), 2)
    same = [tuple(c) for c in chosen.tolist() if _class_name(tuple(c), 2) == last]
    assert same == sorted(same, reverse=True)


def test_percent_of_the_whole_game_and_dead_cards():
    assert len(parse_range("100%")) == 1326 and len(parse_range("100%", game="tahoe")) == 22100
    assert len(parse_range("100%", dead="Ah")) == 1275  # C(51, 2): the game's hands, then the dead
    with pytest.raises(InvalidInputError, match="'0.01%' holds no whole combo"):
        parse_range("0.01%")


def _equity_against_random(hero: str, deals: int, seed: int) -> tuple[float, float]:
    """Hold'em: the hand's share against a random hand, by dealing here with numpy (the
    opponent's two cards and the board from the 50 cards left) and valuing with evaluate_many."""
    rng = np.random.default_rng(seed)
    hole = equity.card_codes(hero)
    stub = np.array([c for c in range(52) if c not in hole.tolist()], dtype=np.uint8)
    picks = stub[np.argpartition(rng.random((deals, 50)), 7, axis=1)[:, :7]]
    board, villain = picks[:, :5], picks[:, 5:]
    mine = equity.evaluate_many("holdem", np.repeat(hole[None], deals, axis=0), board)
    theirs = equity.evaluate_many("holdem", villain, board)
    share = (mine > theirs) + 0.5 * (mine == theirs)
    return float(share.mean()), float(share.std() / math.sqrt(deals))


@pytest.mark.parametrize(("name", "hero"), [("AA", "AsAh"), ("KQo", "KsQh"), ("A8s", "As8s"),
                                            ("66", "6s6h"), ("72o", "7s2h")])
def test_holdem_order_agrees_with_dealing_against_a_random_hand(name, hero):
    order = hand_order("holdem").set_index("hand")
    mean, stderr = _equity_against_random(hero, 400_000, seed=len(name) + ord(name[0]))
    assert abs(order.equity[name] - mean) < 4 * stderr


def test_holdem_top_ten_percent_is_the_best_hands_by_that_equity():
    # the classes wholly inside 10% all beat (by equity against a random hand) every class outside
    order = hand_order("holdem").set_index("hand")
    inside = {_class_name(tuple(c), 2) for c in parse_range("10%").combos.tolist()}
    outside = set(order.index) - inside
    assert min(order.equity[list(inside)]) >= max(order.equity[list(outside)])
    assert {"AA", "KK", "AKs", "AKo", "66"} <= inside and not {"KQo", "55", "22", "72o"} & inside


def test_the_exact_holdem_table_is_one_exact_calc_per_class():
    table = hand_order("holdem").set_index("hand")
    again = build_hand_order("holdem", only=["AA"]).set_index("hand")
    assert again.equity["AA"] == pytest.approx(table.equity["AA"], abs=1e-9)  # stored to 9 places
    assert table.equity["AA"] == pytest.approx(0.852, abs=5e-4)  # the published 85.2%


@pytest.mark.parametrize(("game", "take"), [("egyptian", 2), ("eldorado", 2), ("tahoe", 4), ("omaha", 6)])
def test_shipped_monte_carlo_tables_regenerate_within_their_errors(game, take):
    table = hand_order(game)
    rng = np.random.default_rng(7)
    names = [table.hand.iloc[0], table.hand.iloc[-1],
             *rng.choice(table.hand.to_numpy(), take - 2, replace=False).tolist()]
    again = build_hand_order(game, only=names, seed=99).set_index("hand")  # another seed
    shipped = table.set_index("hand")
    for name in names:
        gap = abs(again.equity[name] - shipped.equity[name])
        assert gap < 4 * math.hypot(again.stderr[name], shipped.stderr[name]), name


def test_games_without_an_ordering_say_why():
    with pytest.raises(equity.GameError, match="draw has a draw"):
        hand_order("draw")
