"""Custom games: TOML round trips, validation messages, the worked games, and the oracles.

The built-in games go through the same TOML form as any custom game and must
come back equal and evaluate exactly as before (and as ``reference.py`` says);
custom games are compared with ``reference_custom.py``, a brute-force evaluator
written from the rules and independent of the toolkit.  The worked examples of
``docs/custom_games.md`` were worked out by hand from the rules quoted there.
"""

from __future__ import annotations

import doctest
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
import reference as R
import reference_custom as RC

import equity
from equity import GameError
from equity.games import GAMES, Game, HoleRule, Street
from equity.games.custom import FIELDS, game_to_dict, save_game, variant
from equity.tables import tables_for

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "games"
HOLDEM_STREETS = [("flop", 3), ("turn", 1), ("river", 1)]
NO_LOW = (-(10**9),)


def short_deck() -> Game:
    return equity.load_game(EXAMPLES / "short_deck_holdem.toml")


def pineapple_one() -> Game:
    return equity.load_game(EXAMPLES / "pineapple_one.toml")


def deuces_wild() -> Game:
    return equity.load_game(EXAMPLES / "deuces_wild_draw.toml")


# ---------------------------------------------------------------------------------------------
# Helpers: random deals and order comparison
# ---------------------------------------------------------------------------------------------
def deal(game: Game, n: int, n_board: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` rows of hole cards and ``n_board`` board cards, distinct within a row."""
    rng = np.random.default_rng(seed)
    deck = np.array(game.deck, dtype=np.uint8)
    cards = rng.permuted(np.tile(deck, (n, 1)), axis=1)[:, : game.hole_cards + n_board]
    return np.ascontiguousarray(cards[:, : game.hole_cards]), np.ascontiguousarray(cards[:, game.hole_cards:])


def assert_same_order(fast: np.ndarray, ref: list, rows: tuple[np.ndarray, np.ndarray], what: str) -> None:
    """Every pair of rows compares the same way (<, ==, >) under the evaluator and the oracle."""
    fast = np.asarray(fast).astype(np.int64)
    order = sorted(range(len(ref)), key=lambda i: ref[i])
    bad = []
    for a, b in zip(order, order[1:], strict=False):
        want = (ref[a] > ref[b]) - (ref[a] < ref[b])
        got = int(np.sign(fast[a] - fast[b]))
        if want != got:
            show = lambda i: equity.format_cards(rows[0][i]) + "|" + equity.format_cards(rows[1][i])  # noqa: E731
            bad.append(f"{show(a)} vs {show(b)}: oracle {ref[a]} vs {ref[b]}, "
                       f"evaluator {fast[a]} vs {fast[b]}")
    assert not bad, f"{what}: {len(bad)} disagreements, e.g.\n" + "\n".join(bad[:5])


def strengths(game, hole: str, board: str = "") -> int:
    return equity.evaluate(game, hole, board).strength


# ---------------------------------------------------------------------------------------------
# Built-in games through TOML
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(GAMES))
def test_builtin_game_round_trips_through_toml(name: str) -> None:
    game = GAMES[name]
    text = equity.game_to_toml(game)
    back = equity.game_from_toml(text)
    assert back == game
    assert back.fingerprint() == game.fingerprint()
    assert equity.game_to_toml(back) == text


REFERENCE_NAME = {"switch": "draw", "switch7": "draw7", "switch_holdem": "holdem", "switch_omaha": "omaha",
                  "switch_tahoe": "tahoe"}


@pytest.mark.parametrize("name", list(GAMES))
def test_builtin_game_from_toml_evaluates_like_the_original_and_the_reference(name: str) -> None:
    game = GAMES[name]
    back = equity.game_from_toml(equity.game_to_toml(game))
    hole, board = deal(game, 400, game.board_cards, seed=len(name))
    wild = None
    if game.wild is not None:
        wild = np.random.default_rng(1).integers(-1, 13, len(hole))
    fast = equity.evaluate_many(back, hole, board, wild=wild)
    assert np.array_equal(fast, equity.evaluate_many(game, hole, board, wild=wild))
    ref_game = REFERENCE_NAME.get(name, name)
    ref = [R.best_high(ref_game, h, b, None if wild is None or wild[i] < 0 else int(wild[i]))
           for i, (h, b) in enumerate(zip(hole.tolist(), board.tolist(), strict=True))]
    assert_same_order(fast, ref, (hole, board), f"{name} from TOML")
    assert list(equity.categories_of(back, fast)) == [R.category_name(ref_game, k) for k in ref]
    if game.low is not None:
        low = equity.evaluate_low_many(back, hole, board, wild=wild)
        assert np.array_equal(low, equity.evaluate_low_many(game, hole, board, wild=wild))
        ref_low = [R.best_low(ref_game, h, b, None if wild is None or wild[i] < 0 else int(wild[i]))
                   for i, (h, b) in enumerate(zip(hole.tolist(), board.tolist(), strict=True))]
        ref_low = [NO_LOW if k is None else (0, *k) for k in ref_low]
        assert_same_order(low, ref_low, (hole, board), f"{name} low from TOML")


# ---------------------------------------------------------------------------------------------
# Custom games through TOML, files and get_game
# ---------------------------------------------------------------------------------------------
def kitchen_sink() -> Game:
    """A game using most options at once: three suits, ranks 3 to A, between one and two
    hole cards, ace high only, an ace-to-five eight-or-better low, hi-lo."""
    return equity.define_game(
        "kitchen_sink", title="Kitchen sink", deck="3-A", suits="cdh", hole_cards=3,
        streets=[("flop", 3, 2), ("turn", 1), ("river", 1, 0)], hole_cards_used="between 1 and 2",
        ace_low=False, low={"kind": "ace_to_five", "qualifier": "8"}, pot_modes=["hi_lo", "high"],
        max_players=6, description="every option at once",
    )


def lowball() -> Game:
    """Deuce-to-seven single draw (Kansas City lowball): the whole pot to the best low."""
    return equity.define_game("kansas_city_lowball", hole_cards=5, phases=["draw"],
                              low={"kind": "deuce_to_seven", "qualifier": "none"}, pot_modes=["low"])


def ace_to_six_holdem() -> Game:
    """Hold'em hi-lo with an ace-to-six eight-or-better low (straights and flushes count)."""
    return equity.define_game("ace_to_six_holdem", hole_cards=2, streets=HOLDEM_STREETS,
                              low={"kind": "ace_to_six", "qualifier": "8"}, pot_modes=["high", "hi_lo"])


CUSTOM = {
    "ace_to_six_holdem": ace_to_six_holdem,
    "short_deck": short_deck,
    "pineapple_one": pineapple_one,
    "deuces_wild": deuces_wild,
    "kitchen_sink": kitchen_sink,
    "lowball": lowball,
}


@pytest.mark.parametrize("make", list(CUSTOM.values()), ids=list(CUSTOM))
def test_custom_game_round_trips_through_toml(make) -> None:
    game = make()
    text = equity.game_to_toml(game)
    back = equity.game_from_toml(text)
    assert back == game and back.fingerprint() == game.fingerprint()
    assert equity.game_to_toml(back) == text
    assert set(game_to_dict(game)) <= set(FIELDS)


def test_example_files_are_what_the_writer_reads_back(tmp_path) -> None:
    for path in sorted(EXAMPLES.glob("*.toml")):
        game = equity.load_game(path)
        copy = save_game(game, tmp_path / path.name)
        assert equity.load_game(copy) == game


def test_get_game_and_evaluate_accept_a_game_file(tmp_path) -> None:
    path = save_game(pineapple_one(), tmp_path / "p1.toml")
    assert equity.get_game(path) == pineapple_one()
    assert equity.get_game(str(path)) == pineapple_one()
    by_path = equity.evaluate(str(path), "AhKhQh", "JhTh2c3d9s")
    by_game = equity.evaluate(pineapple_one(), "AhKhQh", "JhTh2c3d9s")
    assert by_path == by_game


def test_python_definition_equals_the_example_file() -> None:
    game = equity.define_game(
        "short_deck", title="Short-deck Hold'em", source="Ladbrokes Poker, Short Deck Hand Rankings",
        description="36 cards (6 to A), two hole cards, best five of seven, flush beats full house",
        deck="6-A", hole_cards=2, streets=HOLDEM_STREETS, ace_low="5", max_players=10,
        ranking=["straight_flush", "four_of_a_kind", "flush", "full_house", "straight",
                 "three_of_a_kind", "two_pair", "one_pair", "high_card"])
    assert game == short_deck()
    also = variant(GAMES["holdem"], "short_deck", title=game.title, source=game.source,
                   description=game.description, deck_ranks=tuple(range(4, 13)), max_players=10,
                   ranking=game.ranking)
    assert also == game


def test_custom_games_are_dealt_and_played_by_simulate() -> None:
    table = equity.simulate(short_deck(), 3, 3000, seed=2, aggregate=True)
    assert abs(table.equity.sum() - 1) < 1e-9
    rows = equity.simulate(pineapple_one(), 2, 500, seed=3)
    assert set(rows.hole_cards_used) <= {0, 1}
    wild_switch = variant(GAMES["switch"], "deuces_wild_switch", wild=equity.games.WildRule("fixed", 4, 0),
                          ranking=("five_of_a_kind", *GAMES["switch"].ranking))
    played = equity.simulate(wild_switch, 4, 800, seed=4)
    assert "five_of_a_kind" in set(played.category)
    small = variant(GAMES["eldorado"], "eldorado_40", deck_ranks=tuple(range(3, 13)),
                    max_players=17)  # (40 cards - 4 board - 2 burns) // 2
    exchanged = equity.simulate(small, 4, 2000, seed=5, aggregate=True)
    assert abs(exchanged.equity.sum() - 1) < 1e-9 and exchanged.swap_rate.sum() > 0


def _oracle_shares(rules: RC.Rules, hands: list[str], mode: str) -> list[float]:
    """Pot shares of final five-card hands from the brute-force oracle: the high, the low
    (the whole pot to the high when no low qualifies in a hi-lo pot), or half each."""
    codes = [tuple(int(c) for c in equity.card_codes(h)) for h in hands]

    def split(keys: list) -> list[float]:
        live = [k for k in keys if k is not None]
        if not live:
            return [0.0] * len(keys)
        best = max(live)
        return [1 / live.count(best) if k == best else 0.0 for k in keys]

    high = split([RC.best_high(rules, c) for c in codes]) if mode != "low" else None
    low = split([RC.best_low(rules, c) for c in codes]) if mode != "high" else None
    if mode == "high":
        return high
    if mode == "low" or not any(low):
        return low if mode == "low" else high
    return [(h + w) / 2 for h, w in zip(high, low, strict=True)]


@pytest.mark.parametrize("policy", ["stand", "standard"])
def test_draw_games_are_played_for_their_own_pot(policy: str) -> None:
    # Kansas City lowball: the whole pot to the best deuce-to-seven low of the final hands
    rows = equity.simulate(lowball(), 3, 300, seed=6, draw_policy=policy, stakes=[10, 10, 10])
    assert "low" in rows.columns
    for _, deal in rows.groupby("deal"):
        expected = _oracle_shares(rules_of("lowball"), deal.hole.tolist(), "low")
        np.testing.assert_allclose(deal.share, expected)
        np.testing.assert_allclose(deal.chips + 10, 30 * np.array(expected), atol=1)
    # five-card draw, high-low split with an eight-or-better ace-to-five low
    hi_lo = equity.define_game("draw_hi_lo", hole_cards=5, phases=["draw"],
                               low={"kind": "ace_to_five", "qualifier": "8"}, pot_modes=["hi_lo"])
    rules = RC.Rules(low="ace_to_five", low_qualifier=6)
    rows = equity.simulate(hi_lo, 4, 300, seed=7, draw_policy=policy)
    for _, deal in rows.groupby("deal"):
        np.testing.assert_allclose(deal.share, _oracle_shares(rules, deal.hole.tolist(), "hi_lo"))
    summary = equity.simulate(hi_lo, 4, 300, seed=7, draw_policy=policy, aggregate=True)
    np.testing.assert_allclose(summary.equity, rows.groupby("seat").share.mean())


def test_exact_rule_games_with_different_hole_counts_get_their_own_tables() -> None:
    one = equity.define_game("exactly_one", hole_cards=4, streets=HOLDEM_STREETS, hole_cards_used="exactly 1")
    two = equity.define_game("exactly_two", hole_cards=4, streets=HOLDEM_STREETS, hole_cards_used="exactly 2")
    assert one.fingerprint() != two.fingerprint()
    # one hole card: the board's four hearts and the ace of hearts; two would need a second heart
    assert equity.evaluate(one, "Ah2c3d4s", "KhQhJh9h2d").category == "flush"
    assert equity.evaluate(two, "Ah2c3d4s", "KhQhJh9h2d").category == "one_pair"


# ---------------------------------------------------------------------------------------------
# Validation: each error with its message
# ---------------------------------------------------------------------------------------------
BASE = {"name": "home_game", "hole_cards": 2, "streets": HOLDEM_STREETS}
STANDARD = list(GAMES["holdem"].ranking)

BAD = [
    ({"deck": "J-A", "hole_cards": 5}, r"deck too small: two players need 18 cards .* has 16"),
    # 36 cards less 5 board cards and 3 burns leave 28: 14 players of two
    ({"deck": "6-A", "max_players": 15}, r"max_players 15: the 36-card deck deals at most 14 players"),
    ({"deck": "2-1"}, r"deck '2-1': a range is two ranks joined by '-'"),
    ({"deck": "AKQJ9A"}, r"deck: rank A given more than once"),
    ({"suits": "cdx"}, r"suits: unknown suit 'x'"),
    ({"hole_cards_used": "exactly 3"}, r"hole_cards_used 'exactly 3': the game deals 2 hole cards"),
    ({"hole_cards_used": "at most 0"}, r"a hand that may use no hole card"),
    ({"hole_cards_used": "sometimes 2"}, r"hole_cards_used 'sometimes 2': allowed are 'any'"),
    ({"streets": [("flop", 3)], "hole_cards_used": "exactly 1"},
     r"hole_cards_used 'exactly 1' can never make a 5-card hand from 2 hole cards and 3 board cards"),
    ({"hand_size": 7}, r"hand_size 7: allowed are 5 and 6"),
    ({"ranking": ["flsh", *STANDARD]}, r"ranking: unknown category 'flsh' \(known: five_of_a_kind"),
    ({"ranking": ["house_party", *STANDARD]}, r"ranking: house_party cannot occur in a 5-card hand"),
    ({"ranking": ["five_of_a_kind", *STANDARD]}, r"five_of_a_kind cannot occur .* without wild cards"),
    ({"ranking": STANDARD[:4] + STANDARD[5:]}, r"ranking must list every category .* missing: straight"),
    ({"ranking": [*STANDARD, "flush"]}, r"ranking lists flush more than once"),
    ({"hand_size": 6}, r"ranking is required for 6-card hands"),
    ({"ace_low": "7"}, r"ace_low '7': the ace can play low only just below the deck's lowest rank"),
    ({"deck": "6-A", "wild": "2"}, r"wild: the wild rank must be in the deck, and '2' is not in"),
    # an integer is not read as a rank index (2 would have made fours wild)
    ({"wild": 2}, r"wild: write the rank as text, '2' to '9'.* got 2"),
    ({"low": {"kind": "ace_to_five", "qualifier": 8}, "pot_modes": ["hi_lo"]},
     r"low.qualifier: write the rank as text"),
    ({"deck": [8, 9, 10]}, r"deck: write the rank as text"),
    ({"hand_size": 5.0}, r"hand_size 5.0: allowed are 5 and 6"),
    ({"suits": 4}, r"suits must be the suits kept, e.g. 'cdhs'"),
    ({"pot_modes": 1}, r"pot_modes must be a list such as \['high', 'hi_lo'\], got 1"),
    # lows no hand of the deck can make
    ({"low": {"kind": "ace_to_five", "qualifier": "4"}, "pot_modes": ["hi_lo"]},
     r"low: no 5-card ace_to_five low in the 52-card deck .* qualifies for 4 or better"),
    ({"deck": "6-A", "low": {"kind": "ace_to_five", "qualifier": "8"}, "pot_modes": ["hi_lo"]},
     r"low: no 5-card ace_to_five low in the 36-card deck"),
    # the ace plays low in an ace-to-five low: no five different ranks are all at or below it
    ({"low": {"kind": "ace_to_five", "qualifier": "A"}, "pot_modes": ["hi_lo"]},
     r"low: no 5-card ace_to_five low in the 52-card deck .* qualifies for A or better"),
    ({"low": {"kind": "deuce_to_seven", "qualifier": "6"}, "pot_modes": ["low"]},
     r"low: no 5-card deuce_to_seven low .* qualifies for 6 or better"),
    ({"wild": "joker"}, r"wild: 'joker' is neither a rank .* jokers = 1 or 2"),
    ({"wild": "exchange"}, r"wild = 'exchange' needs an exchange phase"),
    ({"phases": ["flop", "exchange", "turn", "river"]},
     r"the exchange \(El Dorado\) needs to make the wild rank \(wild = 'exchange'\)"),
    ({"hole_cards": 3, "wild": "exchange", "phases": ["flop", "exchange", "turn", "river"]},
     r"needs two hole cards a player \(this game deals 3\)"),
    ({"phases": ["exchange", "flop", "turn", "river"]}, r"the exchange must come after a street"),
    ({"phases": ["flop", "turn", "river", "draw"]}, r"a draw is played on hands without board cards"),
    ({"phases": ["flop", "turn", "river", "showdown", "switch"]}, r"'switch' comes after 'showdown'"),
    ({"phases": ["flop", "river"]}, r"phases list the streets \['flop', 'river'\] .* list every street once"),
    ({"phases": ["flop", "turn", "showdown", "river"]}, r"phases: 'river' comes after 'showdown'"),
    ({"phases": ["flop", "turn", "river", "shodown"]}, r"phases: unknown phase 'shodown'"),
    ({"streets": [], "hole_cards": 5, "phases": ["draw"], "draw": {"limit": 6}},
     r"draw limits 6, 4: each from 0 to 5 cards"),
    ({"streets": [], "hole_cards": 5, "max_players": 10, "phases": ["draw"]},
     r"max_players 10: a draw needs at least 5 cards beyond the hands"),
    ({"hole_cards": 4, "phases": ["flop", "turn", "river", "draw"]}, r"a draw is played on hands without"),
    ({"draw": {"limit": 2}}, r"draw: the limits apply to a draw phase"),
    ({"streets": [], "hole_cards": 5, "phases": ["switch", "draw", "switch"], "pot_modes": ["low"],
      "low": {"kind": "deuce_to_seven", "qualifier": "none"}},
     r"switch games are played for the high hand only"),
    ({"pot_modes": ["high", "hi_lo"]}, r"a hi_lo or low pot needs a low rule"),
    ({"pot_modes": ["split"]}, r"pot_modes \['split'\]: give each of 'high', 'hi_lo', 'low'"),
    ({"low": {"kind": "ace_to_seven", "qualifier": "8"}}, r"low.kind 'ace_to_seven': allowed are"),
    ({"low": {"kind": "ace_to_five"}}, r"low .*qualifier = '8' or 'none'"),
    ({"low": {"kind": "deuce_to_seven", "qualifier": "none"}, "wild": "2"},
     r"a deuce_to_seven low with wild cards is not supported"),
    ({"name": "holdem", "deck": "6-A"}, r"the name belongs to a built-in game with other rules"),
    ({"streets": [("flop", 0)]}, r"streets\[0\].cards must be a whole number of at least 1"),
    ({"streets": [("flop", 3), ("flop", 1)]}, r"streets: the name 'flop' is used twice"),
    ({"streets": [("draw", 3)]}, r"'draw' names a phase"),
]


@pytest.mark.parametrize(("changes", "message"), BAD, ids=[m[:40] for _, m in BAD])
def test_invalid_game_is_rejected_with_its_message(changes: dict, message: str) -> None:
    with pytest.raises(GameError, match=message):
        equity.define_game(**{**BASE, **changes})


def test_lows_that_just_qualify_are_accepted() -> None:
    # the smallest qualifiers some hand meets: A-2-3-4-5 at five, 2-3-4-5-7 at seven, and in a
    # six-to-ace deck A-6-7-8-9 at nine
    for deck, kind, qualifier in (("2-A", "ace_to_five", "5"), ("2-A", "deuce_to_seven", "7"),
                                  ("6-A", "ace_to_five", "9")):
        game = equity.define_game(**{**BASE, "name": f"low_{kind}_{qualifier}", "deck": deck,
                                     "low": {"kind": kind, "qualifier": qualifier},
                                     "pot_modes": ["hi_lo"]})
        assert game.low.kind == kind


def test_a_title_on_several_lines_still_round_trips() -> None:
    game = equity.define_game(**{**BASE, "title": "Home\ngame\r"})
    assert equity.game_from_toml(equity.game_to_toml(game)) == game


def test_variant_names_an_unknown_field_and_a_text_deck() -> None:
    with pytest.raises(GameError, match="'foo' is not a Game field"):
        variant(GAMES["holdem"], "v", foo=1)
    with pytest.raises(GameError, match="deck_ranks must be a non-empty tuple of indexes"):
        variant(GAMES["holdem"], "v", deck_ranks="6-A")


@pytest.mark.parametrize(("changes", "message"), [
    ({"hole_rule": "any"}, "hole_rule must be of type HoleRule"),
    ({"hole_cards": "2"}, "hole_cards must be of type int"),
    ({"max_players": "5"}, "max_players must be of type int"),
    ({"pot_modes": "high"}, "pot_modes must be of type tuple"),
    ({"deck_ranks": ()}, "deck_ranks must be a non-empty tuple"),
])
def test_variant_names_a_field_of_the_wrong_type(changes: dict, message: str) -> None:
    with pytest.raises(GameError, match=message):
        variant(GAMES["holdem"], "v", **changes)


def test_game_file_errors_name_the_file_and_the_key(tmp_path) -> None:
    path = tmp_path / "typo.toml"
    path.write_text('name = "typo"\nhole_cards = 2\nhand_sise = 5\n')
    with pytest.raises(GameError, match=r"typo.toml: unknown key 'hand_sise': the keys of a game are"):
        equity.load_game(path)
    path = tmp_path / "broken.toml"
    path.write_text('name = "broken"\nhole_cards = = 2\n')
    with pytest.raises(GameError, match=r"broken.toml: not a valid game file \(TOML\)"):
        equity.get_game(str(path))
    with pytest.raises(GameError, match=r"missing.toml: cannot read the game file"):
        equity.get_game(tmp_path / "missing.toml")
    path = tmp_path / "no_hole.toml"
    path.write_text('name = "no_hole"\n')
    with pytest.raises(GameError, match=r"hole_cards is required"):
        equity.load_game(path)


def test_game_dataclass_checks_its_own_rules() -> None:
    base = GAMES["holdem"]
    from dataclasses import replace

    with pytest.raises(GameError, match=r"ranking: unknown category 'best'"):
        replace(base, ranking=("best", *base.ranking))
    with pytest.raises(GameError, match=r"wild cards need a 5-card hand"):
        replace(GAMES["egyptian"], wild=equity.games.WildRule("fixed", 4, 0))
    with pytest.raises(GameError, match=r"max_wild_cards 3: a wild rank has 4 cards"):
        replace(base, wild=equity.games.WildRule("fixed", 3, 0), ranking=GAMES["eldorado"].ranking)
    with pytest.raises(GameError, match=r"low kind 'razz'"):
        replace(base, low=equity.games.LowRule(6, 5, "razz"))
    # names of categories are accepted and become Category members; sequences become tuples
    named = replace(base, ranking=[str(c) for c in base.ranking], deck_ranks=list(range(13)))
    assert named == base


def test_fixed_wild_games_refuse_a_wild_option() -> None:
    with pytest.raises(equity.OptionError, match=r"fixed wild rank \(2\)"):
        equity.evaluate(deuces_wild(), "AhKhQhJh9c", wild="K")


# ---------------------------------------------------------------------------------------------
# Tables: built on first use, cached on disk by the description
# ---------------------------------------------------------------------------------------------
def test_first_build_says_what_it_builds(tmp_path, monkeypatch, capsys) -> None:
    from equity import tables

    monkeypatch.setenv("EQUITY_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(tables, "_LOADED", {})
    monkeypatch.setattr(tables, "REPORT_AFTER_SECONDS", 0.05)
    real = tables.build_tables

    def slow(game):
        time.sleep(0.3)
        return real(game)

    monkeypatch.setattr(tables, "build_tables", slow)
    tables.tables_for(pineapple_one())
    assert "building tables for pineapple_one..." in capsys.readouterr().err
    assert len(list(tmp_path.glob("tables-*.npz"))) == 1
    monkeypatch.setattr(tables, "_LOADED", {})
    tables.tables_for(pineapple_one())  # from the disk: nothing to say
    assert "building" not in capsys.readouterr().err


SECOND_PROCESS = """
import sys, time
start = time.perf_counter()
import equity, equity.tables as tables
if sys.argv[2] == "cached":
    def refuse(game):
        raise SystemExit("the tables were built again")
    tables.build_tables = refuse
hand = equity.evaluate(sys.argv[1], "2c2dKhKs7c")
print(hand.category, round(time.perf_counter() - start, 2))
"""


def test_a_second_process_reads_the_tables_from_disk(tmp_path) -> None:
    from equity._kernels import kernel_cache_dir

    env = {**os.environ, "EQUITY_CACHE_DIR": str(tmp_path), "NUMBA_CACHE_DIR": str(kernel_cache_dir())}
    game_file = str(EXAMPLES / "deuces_wild_draw.toml")
    runs = [subprocess.run([sys.executable, "-c", SECOND_PROCESS, game_file, kind], env=env,
                           capture_output=True, text=True, timeout=300) for kind in ("first", "cached")]
    for run in runs:
        assert run.returncode == 0, run.stderr
        assert run.stdout.split()[0] == "four_of_a_kind"
    assert len(list(tmp_path.glob("tables-*.npz"))) == 1


# ---------------------------------------------------------------------------------------------
# The worked games (docs/custom_games.md), hand-worked
# ---------------------------------------------------------------------------------------------
def test_short_deck_flush_beats_full_house() -> None:
    game = short_deck()
    board = "Kh 9h 6h Kc 6c"
    flush = equity.evaluate(game, "Ah7h", board)  # A-K-9-7-6 of hearts
    full = equity.evaluate(game, "Ks6s", board)  # kings full of sixes
    assert (flush.category, full.category) == ("flush", "full_house")
    assert str(flush) == "ace-high flush" and str(full) == "full house, kings full of sixes"
    assert flush > full
    assert equity.evaluate("holdem", "Ah7h", board) < equity.evaluate("holdem", "Ks6s", board)


def test_short_deck_ace_six_seven_eight_nine_is_the_lowest_straight() -> None:
    game = short_deck()
    board = "6s 8h 9c Kd Jh"
    wheel = equity.evaluate(game, "Ac7d", board)  # A-6-7-8-9
    jack_high = equity.evaluate(game, "Ts7s", board)  # 7-8-9-T-J, above 6-7-8-9-T
    assert str(wheel) == "nine-high straight" and wheel.cards == "9c8h7d6sAc"
    assert str(jack_high) == "jack-high straight"
    assert wheel < jack_high
    trips = equity.evaluate(game, "KcKh", board)
    assert trips.category == "three_of_a_kind" and wheel > trips
    assert equity.evaluate("holdem", "Ac7d", board).category == "high_card"
    with pytest.raises(equity.CardError, match=r"card '5h' is not in the short_deck deck \(6 to A only\)"):
        equity.evaluate(game, "5hAc", board)


def test_pineapple_one_uses_at_most_one_hole_card() -> None:
    game = pineapple_one()
    hand = equity.evaluate(game, "AhKhQh", "Jh Th 2c 3d 9s")
    # Hold'em with all three would be a royal flush; with one hole card, no flush
    # (three hearts) and no straight (K-Q both needed): ace-high, A-J-T-9-3.
    assert (str(hand), hand.cards, hand.hole_cards_used) == ("ace-high", "AhJhTh9s3d", 1)
    assert equity.evaluate("tahoe", "AhKhQh", "Jh Th 2c 3d 9s").category == "straight"
    sevens = equity.evaluate(game, "7s7h2d", "7c Kd 9s 4h Jc")  # a pair only: one seven may play
    assert (str(sevens), sevens.cards) == ("one pair, sevens", "7s7cKdJc9s")
    board = equity.evaluate(game, "2c3c4d", "Ac Kc Qc Jc Tc")
    assert (str(board), board.hole_cards_used) == ("royal flush", 0)


def test_deuces_wild_draw_hands() -> None:
    game = deuces_wild()
    cases = {
        "2c2dKhKs7c": "four of a kind, kings",  # two deuces join the kings
        "AhKhQhJh2s": "royal flush",  # the deuce is the ten of hearts
        "2c2d2hAhAd": "five of a kind, aces",
        "5h6c2s8d9d": "nine-high straight",  # the deuce is a seven
        "Ah9h5h3h2c": "ace-high flush",  # the deuce is the king of hearts, never a second ace
    }
    for cards, text in cases.items():
        assert str(equity.evaluate(game, cards)) == text, cards
    assert strengths(game, "2c2d2hAhAd") > strengths(game, "AsKsQsJsTs")  # five of a kind on top
    assert strengths(game, "AhKhQhJhTh") == strengths(game, "2cKsQsJsTs")  # natural and wild tie
    assert strengths(game, "Ah9h5h3h2c") == strengths(game, "AsKs9s5s3s")
    assert strengths(game, "Ah9h5h3h2c") < strengths(game, "AsKs9s5s4s")


def test_deuces_wild_draw_fast_path_equals_the_general_wild_path() -> None:
    from equity.evaluator import _run_high

    game = deuces_wild()
    hole, board = deal(game, 20000, 0, seed=31)
    wild_rows = np.full(len(hole), 0, dtype=np.int8)
    general = _run_high(game, hole, board, wild_rows, usage=True)[0]  # the El Dorado kernel
    assert np.array_equal(equity.evaluate_many(game, hole, board), general)


def test_ace_to_six_lows() -> None:
    game = equity.define_game("london_lowball", hole_cards=5, phases=["draw"],
                              low={"kind": "ace_to_six", "qualifier": "none"}, pot_modes=["low"])
    low = lambda cards: equity.evaluate_low(game, cards)  # noqa: E731
    assert str(low("6c4d3h2sAc")) == "6-4-3-2-A low"  # the best ace-to-six low
    assert low("6c4d3h2sAc") > low("6c5d3h2sAc") > low("7c4d3h2sAc")
    assert low("6c4d3h2sAc") > low("6c4c3c2cAc")  # a flush counts against the low
    assert low("6c5d3h2sAc") > low("5c4d3h2sAc")  # A-2-3-4-5 is a straight, worse than 6-5-3-2-A
    assert str(low("5c4d3h2sAc")) == "five-high straight (as an ace-to-six low)"
    assert low("KcQdJhTsAc") > low("2c2d3h4s5c")  # K-Q-J-T-A is no straight: a king-high low
    assert low("AcKd7h4s2c") > low("Kc8d7h4s2c")  # the ace is low: K-7-4-2-A beats K-8-7-4-2
    eight = equity.define_game("ace_to_six_eight", hole_cards=5, phases=["draw"],
                               low={"kind": "ace_to_six", "qualifier": "8"}, pot_modes=["low"])
    assert equity.evaluate_low(eight, "8c6d4h2sAc") is not None
    assert equity.evaluate_low(eight, "9c6d4h2sAc") is None
    assert equity.evaluate_low(eight, "5c4d3h2sAc") is None  # a straight never qualifies
    assert equity.game_from_toml(equity.game_to_toml(eight)) == eight


def test_deuce_to_seven_lows() -> None:
    game = lowball()
    low = lambda cards: equity.evaluate_low(game, cards)  # noqa: E731
    assert str(low("7c5d4h3s2c")) == "7-5-4-3-2 low"
    assert low("7c5d4h3s2c") > low("7c6d4h3s2c") > low("8c5d4h3s2c")
    assert low("8c6d5h4s2c") > low("8c6c5c4c2c")  # a flush counts against the low
    assert low("8c6d5h4s2c") > low("7c6d5h4s3c")  # so does a straight
    assert low("KcQdJh9s8c") > low("Ac2d3h4s5c")  # the ace is high: A-5-4-3-2 is ace-high
    assert low("Ac2d3h4s5c") > low("2c2d3h4s5c")  # any pair is worse than no pair


# ---------------------------------------------------------------------------------------------
# The fast evaluator against the brute-force oracle on random deals
# ---------------------------------------------------------------------------------------------
def rules_of(name: str) -> RC.Rules:
    wild_ranking = ("five_of_a_kind", *RC.STANDARD)
    return {
        "short_deck": RC.Rules(ranks=tuple(range(4, 13)), ranking=(
            "straight_flush", "four_of_a_kind", "flush", "full_house", "straight",
            "three_of_a_kind", "two_pair", "one_pair", "high_card")),
        "pineapple_one": RC.Rules(hole_max=1),
        "deuces_wild": RC.Rules(wild=0, ranking=wild_ranking),
        "kitchen_sink": RC.Rules(ranks=tuple(range(1, 13)), suits=(0, 1, 2), hole_min=1, hole_max=2,
                                 ace_low=False, low="ace_to_five", low_qualifier=6),
        "lowball": RC.Rules(low="deuce_to_seven"),
        "ace_to_six_holdem": RC.Rules(low="ace_to_six", low_qualifier=6),
    }[name]


ORACLE_CASES = [  # game, board cards, rows, seed
    ("short_deck", 5, 3000, 11),
    ("short_deck", 3, 600, 12),
    ("pineapple_one", 5, 3000, 13),
    ("deuces_wild", 0, 4000, 14),
    ("kitchen_sink", 5, 2000, 15),
    ("lowball", 0, 2000, 16),
    ("ace_to_six_holdem", 5, 1500, 17),
]


@pytest.mark.parametrize(("name", "n_board", "rows", "seed"), ORACLE_CASES)
def test_custom_game_matches_the_oracle(name: str, n_board: int, rows: int, seed: int) -> None:
    game, rules = CUSTOM[name](), rules_of(name)
    hole, board = deal(game, rows, n_board, seed)
    pairs = list(zip(hole.tolist(), board.tolist(), strict=True))
    fast = equity.evaluate_many(game, hole, board)
    ref = [RC.best_high(rules, h, b) for h, b in pairs]
    assert_same_order(fast, ref, (hole, board), name)
    assert list(equity.categories_of(game, fast)) == [RC.category(rules, k) for k in ref]
    if game.hole_rule.min_used == 0 and game.hole_cards < 5:
        used = equity.hole_cards_used_many(game, hole[:300], board[:300])
        assert used.tolist() == [RC.hole_cards_used(rules, h, b) for h, b in pairs[:300]]
    if game.low is not None:
        low = equity.evaluate_low_many(game, hole, board)
        ref_low = [RC.best_low(rules, h, b) for h, b in pairs]
        assert [x == 0 for x in low.tolist()] == [k is None for k in ref_low]
        assert_same_order(low, [NO_LOW if k is None else (0, *k) for k in ref_low], (hole, board),
                          f"{name} low")


def test_more_rule_shapes_match_the_oracle() -> None:
    """Exactly one hole card, a qualified deuce-to-seven low, a reordered six-card ranking,
    wild deuces on a board, and exactly two of three hole cards with a board of three.

    Exactly one of two hole cards reads the whole-hand table (boards and hands found by the
    seven-card weights of their ranks); three hole and three board cards cannot, as a board
    and a hand of the same ranks would share a key, and go through the per-choice tables."""
    one = equity.define_game("one_of_two", hole_cards=2, streets=HOLDEM_STREETS, hole_cards_used="exactly 1",
                             ace_low=False, low={"kind": "deuce_to_seven", "qualifier": "9"},
                             pot_modes=["high", "hi_lo"])
    one_rules = RC.Rules(hole_min=1, hole_max=1, ace_low=False, low="deuce_to_seven", low_qualifier=7)
    six_ranking = ("straight_flush", "house_party", "four_of_a_kind", "double_happy", "flush", "full_house",
                   "three_pair", "straight", "three_of_a_kind", "two_pair", "one_pair", "high_card")
    six = equity.define_game("six_up", hole_cards=3, streets=[("flop", 3), ("turn", 2), ("river", 1)],
                             hand_size=6, hole_cards_used="exactly 2", ranking=six_ranking)
    six_rules = RC.Rules(hand_size=6, hole_min=2, hole_max=2, ranking=six_ranking)
    wild = equity.define_game("deuces_wild_holdem", hole_cards=2, streets=HOLDEM_STREETS, wild="2")
    wild_rules = RC.Rules(wild=0, ranking=("five_of_a_kind", *RC.STANDARD))
    three = equity.define_game("three_and_three", hole_cards=3, streets=[("flop", 3)],
                               hole_cards_used="exactly 2")
    three_rules = RC.Rules(hole_min=2, hole_max=2)
    assert tables_for(one).whole_classes.shape == (6175, 91)  # 5-card boards, 2-card hands
    assert tables_for(three).whole_classes.size == 0
    for game, rules, rows, seed in ((one, one_rules, 2000, 21), (six, six_rules, 800, 22),
                                    (wild, wild_rules, 120, 23), (three, three_rules, 2000, 24)):
        hole, board = deal(game, rows, game.board_cards, seed)
        pairs = list(zip(hole.tolist(), board.tolist(), strict=True))
        fast = equity.evaluate_many(game, hole, board)
        assert_same_order(fast, [RC.best_high(rules, h, b) for h, b in pairs], (hole, board), game.name)
        if game.low is not None:
            ref_low = [RC.best_low(rules, h, b) for h, b in pairs]
            low = equity.evaluate_low_many(game, hole, board)
            assert_same_order(low, [NO_LOW if k is None else (0, *k) for k in ref_low], (hole, board),
                              f"{game.name} low")


# ---------------------------------------------------------------------------------------------
# The documentation runs as written
# ---------------------------------------------------------------------------------------------
def test_custom_games_doc_examples(monkeypatch) -> None:
    monkeypatch.chdir(ROOT)  # the examples name the game files from the repository's root
    result = doctest.testfile(str(ROOT / "docs" / "custom_games.md"), module_relative=False,
                              optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_hole_rule_text_round_trip() -> None:
    for rule, text in ((HoleRule(0, 3), "any"), (HoleRule(2, 2), "exactly 2"), (HoleRule(0, 1), "at most 1"),
                       (HoleRule(1, 3), "at least 1"), (HoleRule(1, 2), "between 1 and 2")):
        game = equity.define_game("rules", hole_cards=3, streets=HOLDEM_STREETS, hole_cards_used=text)
        assert game.hole_rule == rule
        assert game_to_dict(game)["hole_cards_used"] == text
    assert equity.define_game("rules", hole_cards=3, streets=[Street("flop", 3), Street("turn", 2, 0)],
                              hole_cards_used={"min": 1, "max": 2}).hole_rule == HoleRule(1, 2)


@pytest.mark.parametrize(("key", "value"), [
    ("deck", "[" * 2000 + "]" * 2000),  # nested arrays
    ("low", "{a = " * 2000 + "1" + "}" * 2000),  # nested inline tables
    ("streets", "[" * 1000 + "{a = [" * 500 + "]}" * 500 + "]" * 1000),  # both
])
def test_deeply_nested_value_is_refused_naming_the_key(tmp_path: Path, key: str, value: str) -> None:
    text = f'name = "nested"\nhole_cards = 2\n{key} = {value}\n'
    with pytest.raises(GameError, match=rf"^{key}: arrays or tables nested too deeply"):
        equity.game_from_toml(text)
    path = tmp_path / "nested.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GameError, match=rf"nested.toml: {key}: arrays or tables nested too deeply"):
        equity.load_game(path)


def test_deeply_nested_table_header_is_refused_naming_the_key() -> None:
    text = 'name = "nested"\nhole_cards = 2\n[low' + ".a" * 2000 + "]\nb = 1\n"
    with pytest.raises(GameError, match=r"^low: arrays or tables nested too deeply"):
        equity.game_from_toml(text)


def test_deeply_nested_value_over_several_lines_is_named_past_strings_and_comments() -> None:
    text = ('name = "nes[ted \\"[{"  # [[[ {{{\ntitle = \'[[[[\'\nhole_cards = 2\n'
            'deck = [\n  ' + "[" * 2000 + "]" * 2000 + "\n]\n")
    with pytest.raises(GameError, match=r"^deck: arrays or tables nested too deeply to read \(2001 levels\)"):
        equity.game_from_toml(text)


@pytest.mark.parametrize(("base", "ranks", "straight", "flush"), [
    ("holdem", (8, 9, 10, 11, 12), ("AhKd", "QcJsTh"), ("AhKh", "QhJhTh")),  # Royal Hold'em, T-A
    ("draw", (0, 1, 2, 3, 12), ("Ah2d3c4s5h", None), ("Ah2h3h4h5h", None)),  # 2-5 and the ace
])
def test_a_deck_of_five_ranks_with_the_ace_has_one_straight_topped_by_the_ace(base, ranks, straight, flush):
    # the ace-low and ace-high windows hold the same five ranks: one straight, whose true top
    # card is the ace (issue 30: it read king-high, or five-high)
    game = variant(equity.get_game(base), name=f"five_ranks_{base}", deck_ranks=ranks, max_players=2)
    assert game.straights == (ranks,)
    assert str(equity.evaluate(game, *[c for c in straight if c])) == "ace-high straight"
    # (a straight flush topped by the ace is the royal flush of every deck, as in the Spanish deck)
    assert str(equity.evaluate(game, *[c for c in flush if c])) == "royal flush"
    # the full deck keeps its wheel, five-high, below 2-3-4-5-6
    assert str(equity.evaluate(base, "Ah2d3c4s5h" if base == "draw" else "Ah2d", None if base == "draw"
                               else "3c4s5h")) == "five-high straight"


def test_a_wild_card_in_a_deck_of_fewer_suits_stands_for_a_rank(tmp_path):
    # the ruling of docs/custom_games.md: with clubs and spades only, a wild jack makes a third
    # king (a rank, not one of the deck's two kings), as a wild card makes five of a kind from four
    text = "\n".join([
        'name = "jacks_two_suits"', 'deck = "2-A"', 'suits = "cs"', "hole_cards = 5", "streets = []",
        "phases = []", "hand_size = 5", 'hole_cards_used = "any"',
        'ranking = ["five_of_a_kind", "straight_flush", "four_of_a_kind", "full_house", "flush", '
        '"straight", "three_of_a_kind", "two_pair", "one_pair", "high_card"]',
        "ace_low = true", 'wild = "J"', 'pot_modes = ["high"]', "max_players = 5"])
    path = tmp_path / "jacks_two_suits.toml"
    path.write_text(text + "\n")
    game = equity.load_game(path)
    expected = {"KcKsJc7s2c": "three_of_a_kind", "KcKsJcJs2c": "four_of_a_kind",
                "AcAsJcJs2c": "four_of_a_kind", "KcJcJs2c3c": "flush", "KcKs7s3c2c": "one_pair"}
    strengths = equity.evaluate_many(game, list(expected))
    assert equity.categories_of(game, strengths).tolist() == list(expected.values())
    assert strengths[0] > equity.evaluate_many(game, ["AcAsKcKs2c"])[0]  # three kings over two pair
