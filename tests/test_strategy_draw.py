"""equity.strategy.draw: the value of every hold against enumeration, the whole-game optimum
against the published returns and a brute-force optimum, the textbook holds, bad input and
``equity draw``.

The references (``tests/reference_draw.py``) pay the final hands from the published pay tables,
by their own reading of the cards, and enumerate the replacements with itertools (numpy for draws
of three cards or more); nothing expected here is taken from the code under test.
"""

from __future__ import annotations

import io
import json
from collections import Counter
from itertools import combinations, permutations
from math import comb
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import reference_draw as R
from reference import parse, show

import equity
from equity.errors import CardError, InvalidInputError, OptionError
from equity.strategy import PAY_TABLES, hold_values, optimal_return
from equity.strategy.draw import PayTable

ROOT = Path(__file__).resolve().parents[1]
DEUCES_FILE = ROOT / "examples" / "games" / "deuces_wild_draw.toml"
ALL_CARDS = list(range(52))
JOB = ("draw", "jacks_or_better", "job", R.job)


@pytest.fixture(scope="module")
def deuces_game():
    return equity.load_game(DEUCES_FILE)


def _game(name, deuces_game):
    return deuces_game if name == "deuces" else name


def check_holds(table: pd.DataFrame, hand: list[int], unseen: list[int], reference: str,
                outcome, categories: tuple[str, ...]) -> None:
    """Every row of ``table`` against the enumeration of the reference."""
    assert len(table) == 32
    assert sorted(Counter(table["drawn"]).items()) == [(d, comb(5, d)) for d in range(6)]
    assert (np.diff(table["value"].to_numpy()) <= 0).all()  # best first
    for row in table.itertuples(index=False):
        held = parse(row.hold)
        assert sorted(held + parse(row.discard)) == sorted(hand)
        assert row.drawn == 5 - len(held)
        if row.drawn <= 2:
            value, counts, n = R.hold_outcomes(hand, held, unseen, outcome)
        else:
            value, counts, n = R.hold_outcomes_numpy(held, unseen, reference)
        assert row.outcomes == n
        assert row.value == pytest.approx(value, rel=1e-12, abs=1e-12), row.hold
        got = {c: getattr(row, c) for c in categories}
        assert got == pytest.approx({c: counts[c] / n for c in categories}, abs=1e-12), row.hold


def _random_hand(rng: np.random.Generator, n_deuces: int | None = None) -> list[int]:
    if n_deuces is None:
        return [int(c) for c in rng.choice(52, 5, replace=False)]
    deuces = [int(c) for c in rng.choice(4, n_deuces, replace=False)]
    others = [int(c) for c in rng.choice(np.arange(4, 52), 5 - n_deuces, replace=False)]
    return [int(c) for c in rng.permutation(deuces + others)]


# ---------------------------------------------------------------------------------------------
# The pay tables, on every five-card hand
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game, table, reference", [("draw", "jacks_or_better", "job"),
                                                     ("deuces", "deuces_wild", "deuces")])
def test_pay_tables_pay_every_hand_as_the_reference(all_five_card_hands, deuces_game, game, table,
                                                    reference):
    g = _game(game, deuces_game)
    pays, names = R.outcomes_numpy(all_five_card_hands.astype(np.int64), reference)
    strengths = equity.evaluate_many(g, all_five_card_hands, None)
    assert np.array_equal(PAY_TABLES[table].payoffs(g, all_five_card_hands, strengths), pays)
    assert np.array_equal(equity.categories_of(g, strengths), names)


def test_jacks_or_better_pays_the_published_census(all_five_card_hands):
    # the 2,598,960 five-card hands by pay line (standard census; jacks-or-better pairs are 4 of
    # the 13 ranks of 1,098,240 one-pair hands)
    pays = PAY_TABLES["jacks_or_better"].payoffs("draw", all_five_card_hands)
    assert dict(Counter(pays.tolist())) == {
        800.0: 4, 50.0: 36, 25.0: 624, 9.0: 3744, 6.0: 5108, 4.0: 10200, 3.0: 54912,
        2.0: 123552, 1.0: 4 * 1098240 // 13, 0.0: 1302540 + 9 * 1098240 // 13}


def test_deuces_wild_pays_the_counted_top_lines(all_five_card_hands, deuces_game):
    pays = Counter(PAY_TABLES["deuces_wild"].payoffs(deuces_game, all_five_card_hands).tolist())
    # natural royals: one per suit; four deuces: with any of 48 cards; wild royals: w deuces
    # (C(4, w) ways) with 5 - w of the royal ranks in one suit: 4*4*5 + 6*4*10 + 4*4*10;
    # five of a kind: w deuces with 5 - w of one of 12 ranks: 12 * (4*1 + 6*4 + 4*6)
    assert (pays[800.0], pays[200.0], pays[25.0], pays[15.0]) == (4, 48, 480, 624)


def test_a_pay_table_reads_pairs_of_any_floor_and_lines_in_any_order():
    table = PayTable("queens", [("queens_or_better", 1), ("two_pair", 2), ("royal_flush", 250)])
    hands = np.array([parse("QhQd9c8c2s"), parse("JhJd9c8c2s"), parse("QhQdJcJs2s"),
                      parse("AsKsQsJsTs")], dtype=np.uint8)
    assert table.payoffs("draw", hands).tolist() == [1.0, 0.0, 2.0, 250.0]


# ---------------------------------------------------------------------------------------------
# hold_values against enumeration
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_jacks_or_better_holds_match_enumeration(seed):
    hand = _random_hand(np.random.default_rng(seed))
    table = hold_values("draw", show(hand), "jacks_or_better")
    check_holds(table, hand, [c for c in ALL_CARDS if c not in hand], "job", R.job, R.STANDARD)
    assert table.attrs["payoff"] == "jacks_or_better" and table.attrs["unseen"] == 47


@pytest.mark.parametrize("n_deuces", [0, 1, 2, 3, 4])
def test_deuces_wild_holds_match_enumeration(deuces_game, n_deuces):
    hand = _random_hand(np.random.default_rng(100 + n_deuces), n_deuces)
    assert sum(c >> 2 == 0 for c in hand) == n_deuces
    table = hold_values(deuces_game, hand, "deuces_wild")  # codes, in the dealt order
    assert list(table.columns[5:]) == list(R.DEUCES)
    check_holds(table, hand, [c for c in ALL_CARDS if c not in hand], "deuces", R.deuces, R.DEUCES)


def test_dead_cards_are_never_drawn():
    hand, dead = parse("QhJhTh4c4d"), parse("KhAh9h8h4s")
    table = hold_values("draw", "QhJhTh4c4d", "jacks_or_better", dead="KhAh9h8h4s")
    assert table.attrs["dead"] == "KhAh9h8h4s" and table.attrs["unseen"] == 42
    check_holds(table, hand, [c for c in ALL_CARDS if c not in hand + dead], "job", R.job, R.STANDARD)


def test_a_payoff_function_of_the_final_cards():
    def flushes(hands: np.ndarray) -> np.ndarray:  # 5 for any five cards of one suit
        suits = hands & 3
        return np.where((suits == suits[:, :1]).all(axis=1), 5.0, 0.0)

    hand = parse("Ah7h4h2hKs")
    unseen = [c for c in ALL_CARDS if c not in hand]
    table = hold_values("draw", hand, flushes).set_index("hold")
    assert table.attrs["payoff"] == "flushes"
    for held in ([], parse("Ah7h4h2h"), parse("Ah7h4h"), parse("AhKs")):
        rows = R.final_hands(held, unseen)
        assert table.loc[show(held), "value"] == pytest.approx(flushes(rows).mean(), abs=1e-12)
    assert table.loc["Ah7h4h2h", "value"] == pytest.approx(5 * 9 / 47)


def test_a_short_deck_of_three_suits(tiny_game):
    # 15 cards (T to A in clubs, diamonds and hearts): card codes are not deck positions here
    def pays(hands: np.ndarray) -> np.ndarray:  # 3 per pair of equal ranks, 7 for a flush
        ranks, suits = hands >> 2, hands & 3
        pairs = sum((ranks[:, i] == ranks[:, j]) for i, j in combinations(range(5), 2))
        return 3.0 * pairs + 7.0 * (suits == suits[:, :1]).all(axis=1)

    hand = parse("AhAcKdQhTc")
    unseen = [c for c in tiny_game.deck if c not in hand]
    table = hold_values(tiny_game, hand, pays)
    assert table.attrs["unseen"] == 10
    for row in table.itertuples(index=False):
        held = parse(row.hold)
        finals = [list(held) + list(extra) for extra in combinations(unseen, 5 - len(held))]
        assert row.value == pytest.approx(pays(np.array(finals)).mean(), abs=1e-12)


# ---------------------------------------------------------------------------------------------
# The whole-game optimum
# ---------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def tiny_game():
    return equity.define_game("tiny_draw", hole_cards=5, deck="T-A", suits="cdh", phases=["draw"],
                              max_players=2)


def _suit_classes(cards: tuple[int, ...], suits: tuple[int, ...]) -> int:
    """How many hands the relabellings of ``suits`` make of ``cards`` (brute force)."""
    return len({frozenset(4 * (c >> 2) + to[suits.index(c & 3)] for c in cards)
                for to in permutations(suits)})


@pytest.mark.parametrize("game, table, published", [
    # Wizard of Odds: 9/6 Jacks or Better returns 99.5439%, full-pay Deuces Wild 100.7620%
    ("draw", "jacks_or_better", 0.995439),
    ("deuces", "deuces_wild", 1.007620),
])
def test_optimal_return_reproduces_the_published_return(deuces_game, game, table, published):
    g = _game(game, deuces_game)
    result = optimal_return(g, table)
    assert abs(result.expected_return - published) < 1e-6
    assert float(result) == result.expected_return
    holds = result.holds
    assert (result.n_hands, result.n_classes, len(holds)) == (2598960, 134459, 134459)
    assert holds["hands"].sum() == 2598960 and holds["hand"].is_unique
    assert (holds["margin"] >= 0).all() and (np.diff(holds["value"].to_numpy()) <= 0).all()
    # the return is the mean of the best values, each class weighted by its hands
    assert (holds["hands"] * holds["value"]).sum() / 2598960 == pytest.approx(published, abs=1e-6)
    # a sample of classes against the enumeration of hold_values: best value, margin, members
    rng = np.random.default_rng(27)
    for i in rng.choice(len(holds), 12, replace=False):
        row = holds.iloc[i]
        cards = tuple(parse(row["hand"]))
        assert row["hands"] == _suit_classes(cards, (0, 1, 2, 3))
        values = hold_values(g, row["hand"], table).set_index("hold")["value"]
        assert row["value"] == pytest.approx(values.max(), abs=1e-9)
        assert values[row["hold"]] == pytest.approx(values.max(), abs=1e-9)
        assert row["margin"] == pytest.approx(values.max() - values[row["second_hold"]], abs=1e-9)
        assert row["margin"] == pytest.approx(values.max() - values.nlargest(2).iloc[1], abs=1e-9)


def test_optimal_return_of_a_short_deck_matches_brute_force(tiny_game):
    # every starting hand of the 15-card deck, every hold, every replacement: for a starting hand
    # S, the final hand F comes from the hold F & S, so grouping the 3003 final hands by F & S
    # gives the 32 holds' totals
    def pays(hands: np.ndarray) -> np.ndarray:  # two pair 2, trips 4, a flush 6, quads 20
        ranks, suits = hands >> 2, hands & 3
        out = np.zeros(len(hands))
        for i, row in enumerate(ranks.tolist()):
            shape = sorted(Counter(row).values(), reverse=True)
            out[i] = {4: 20, 3: 4}.get(shape[0], 2 if shape[:2] == [2, 2] else 0)
        return np.maximum(out, 6.0 * (suits == suits[:, :1]).all(axis=1))

    deck = list(tiny_game.deck)
    finals = list(combinations(deck, 5))
    final_pay = pays(np.array(finals))
    final_bits = np.array([sum(1 << deck.index(c) for c in f) for f in finals], dtype=np.int64)
    total, best_of = 0.0, {}
    for start in finals:
        bits = [1 << deck.index(c) for c in start]
        common = final_bits & sum(bits)
        hold = sum(((common & b) != 0).astype(np.int64) << j for j, b in enumerate(bits))
        sums = np.bincount(hold, weights=final_pay, minlength=32)
        n = np.bincount(hold, minlength=32)
        best_of[frozenset(start)] = (sums / n).max()
        total += best_of[frozenset(start)]
    result = optimal_return(tiny_game, pays)
    assert result.expected_return == pytest.approx(total / len(finals), abs=1e-12)
    classes = {min(tuple(sorted(4 * (c >> 2) + to[(0, 1, 2).index(c & 3)] for c in s))
                   for to in permutations((0, 1, 2))) for s in finals}
    assert result.n_classes == len(classes) and result.holds["hands"].sum() == 3003
    for row in result.holds.itertuples(index=False):
        assert row.value == pytest.approx(best_of[frozenset(parse(row.hand))], abs=1e-12)
        assert row.hands == _suit_classes(tuple(parse(row.hand)), (0, 1, 2))


def test_optimal_return_refuses_a_payoff_that_reads_the_suits_names():
    def hearts(hands: np.ndarray) -> np.ndarray:
        return ((hands & 3) == 2).sum(axis=1).astype(float)

    with pytest.raises(OptionError, match="suits' names"):
        optimal_return("draw", hearts)


# ---------------------------------------------------------------------------------------------
# Textbook holds, 9/6 Jacks or Better
# ---------------------------------------------------------------------------------------------
# Source: Wizard of Odds, "Jacks or Better optimal strategy" (9/6, full pay),
# wizardofodds.com/games/video-poker/strategy/jacks-or-better/9-6/optimal/: "4 to a royal flush"
# ranks above a dealt flush, "two pair" 2.59574, "high pair" above "4 to a flush" above "low pair"
# above "4 to an outside straight", and "discard everything" last.  The values below are counted
# by hand from the 47 unseen cards.
@pytest.mark.parametrize("hand, hold, value", [
    ("AhKhQhJhTh", "AhKhQhJhTh", 800.0),  # a dealt royal: keep all five
    # four to the royal over the flush dealt: Th royal, 7 other hearts flush, 3 tens straight,
    # 12 aces to jacks pair
    ("AhKhQhJh9h", "AhKhQhJh", (800 + 7 * 6 + 3 * 4 + 12 * 1) / 47),
    ("KsKd5c5h9d", "KsKd5c5h", (4 * 9 + 43 * 2) / 47),  # two pair: 4 cards fill, 43 keep 2
    ("5h5c9hJh2h", "5h9hJh2h", (9 * 6 + 3 * 1) / 47),  # 4 to a flush over a low pair
    ("AhAc9h6h2h", "AhAc", None),  # a high pair over 4 to a flush
    ("6c6d7h8s9c", "6c6d", None),  # a low pair over 4 to an outside straight
    ("2c3d5h8s9c", "", None),  # nothing worth keeping: draw five
])
def test_textbook_jacks_or_better_holds(hand, hold, value):
    table = hold_values("draw", hand, "jacks_or_better")
    assert table.loc[0, "hold"] == hold
    assert table.loc[0, "value"] > table.loc[1, "value"]
    if value is not None:
        assert table.loc[0, "value"] == pytest.approx(value, abs=1e-12)
    if hand == "AhKhQhJh9h":  # the flush dealt is worth its 6
        assert table.set_index("hold").loc[hand, "value"] == 6.0


def test_textbook_deuces_wild_three_deuces(deuces_game):
    # Wizard of Odds, Deuces Wild (full pay) strategy: with three deuces hold the deuces alone
    # unless the hand is a wild royal or five of a kind
    table = hold_values(deuces_game, "2c2d2hKs7d", "deuces_wild")
    assert table.loc[0, "hold"] == "2c2d2h"


# ---------------------------------------------------------------------------------------------
# Bad input: one clear error each
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("call, error, words", [
    (lambda: hold_values("draw", "AhKhQhJh", "jacks_or_better"), CardError, "has 4 cards"),
    (lambda: hold_values("draw", "AhKhQhJh2c3c", "jacks_or_better"), CardError, "has 6 cards"),
    (lambda: hold_values("draw", "AhKhQhJhAh", "jacks_or_better"), CardError,
     "duplicate card 'Ah' in the hand"),
    (lambda: hold_values("draw", "AhKhQhJhXx", "jacks_or_better"), CardError, "cannot read a card"),
    (lambda: hold_values("draw", "AhKhQhJh2c", "jacks_or_better", dead="2c"), CardError,
     "dead card '2c' is in the hand"),
    (lambda: hold_values("draw", "AhKhQhJh2c", "jacks_or_better", dead="3c3c"), CardError,
     "duplicate card '3c' in the dead cards"),
    (lambda: hold_values("draw", "AhKhQhJh2c", "bonus_poker"), OptionError,
     "unknown pay table 'bonus_poker': known pay tables are deuces_wild, jacks_or_better"),
    (lambda: hold_values("holdem", "AhKhQhJh2c", "jacks_or_better"), OptionError,
     "holdem has no five-card draw"),
    (lambda: hold_values("switch", "AhKhQhJh2c", "jacks_or_better"), OptionError,
     "switch plays switch phases beside the draw"),
    (lambda: optimal_return("draw7", "jacks_or_better"), OptionError, "draw7 has no five-card draw"),
    (lambda: hold_values("draw", "AhKhQhJh2c", lambda hands: np.zeros(3)), OptionError,
     "must return one payoff per hand"),
    (lambda: hold_values("draw", "AhKhQhJh2c", 7), OptionError, "give a pay table name"),
    (lambda: PayTable("bad", {"royal_flush": 800, "full_hose": 9}), OptionError,
     "unknown line 'full_hose'"),
    (lambda: PayTable("bad", {"flush": -1}), OptionError, "line 'flush' pays -1"),
])
def test_bad_input_gives_one_clear_error(call, error, words):
    with pytest.raises(error, match=words.replace("(", r"\(").replace(")", r"\)")):
        call()


def test_a_card_outside_the_games_deck(tiny_game):
    with pytest.raises(CardError, match=r"card '9h' in the hand is not in the tiny_draw deck \(T to A"):
        hold_values(tiny_game, "AhKhQhJh9h", "jacks_or_better")
    with pytest.raises(CardError, match="card 'As' in the dead cards is not in the tiny_draw deck"):
        hold_values(tiny_game, "AhKhQhJhTh", "jacks_or_better", dead="As")


def test_errors_are_the_toolkits_input_errors():
    with pytest.raises(InvalidInputError):
        hold_values("draw", "AhKh", "jacks_or_better")


# ---------------------------------------------------------------------------------------------
# equity draw
# ---------------------------------------------------------------------------------------------
def test_cli_ranks_the_holds_as_csv(run_cli):
    code, out, err = run_cli("draw", "draw", "AhKhQhJh2c", "--payoff", "jacks_or_better",
                             "--format", "csv")
    assert code == 0, err
    table = pd.read_csv(io.StringIO(out), keep_default_na=False, comment="#")
    assert out.startswith('# game: "draw"\n# method: "exact"\n# seed: null\n# trials: null\n')
    assert len(table) == 32 and list(table.columns[:5]) == ["hold", "discard", "drawn", "value", "outcomes"]
    assert table.loc[0, "hold"] == "AhKhQhJh" and table.loc[0, "discard"] == "2c"
    # Th royal, 8 other hearts flush, 3 tens straight, 12 aces to jacks pair
    assert table.loc[0, "value"] == pytest.approx((800 + 8 * 6 + 3 * 4 + 12) / 47, abs=1e-12)
    assert (np.diff(table["value"]) <= 0).all()


def test_cli_table_json_and_a_game_file(run_cli):
    code, out, err = run_cli("draw", "draw", "AhKhQhJh2c", "--top", "3")
    assert code == 0, err
    lines = out.strip().splitlines()
    assert lines[0].startswith("draw, hand AhKhQhJh2c: jacks_or_better, exact over 47 unseen cards")
    assert lines[2].split() == ["AhKhQhJh", "2c", "1", "18.553191"] and len(lines) == 5
    code, out, err = run_cli("draw", str(DEUCES_FILE), "2c2d2hKs7d", "--payoff", "deuces_wild",
                             "--dead", "3c", "--format", "json")
    assert code == 0, err
    record = json.loads(out)
    attrs = record["attrs"]
    assert attrs["game"] == "deuces_wild_draw" and attrs["dead"] == "3c" and attrs["unseen"] == 46
    assert record["rows"][0]["hold"] == "2c2d2h" and len(record["rows"]) == 32


@pytest.mark.parametrize("args, words", [
    (("draw", "draw", "AhKhQhJhXx"), "cannot read a card at 'Xx'"),
    (("draw", "draw", "AhKhQhJh"), "has 4 cards"),
    (("draw", "draw", "AhKhQhJh2c", "--payoff", "bonus_poker"), "unknown pay table 'bonus_poker'"),
    (("draw", "holdem", "AhKhQhJh2c"), "holdem has no five-card draw"),
])
def test_cli_bad_input_is_one_line_and_status_2(run_cli, args, words):
    code, out, err = run_cli(*args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("equity: ") and words in err


def test_the_command_module_imports_first_or_second():
    # equity.cli imports equity.strategy.draw_cli to mount 'draw' (when a command line names it),
    # and draw_cli takes equity.cli's output formats: either may be imported first in a fresh process
    import subprocess
    import sys

    for first in ("equity.strategy.draw_cli", "equity.cli"):
        code = (f"import {first}\nimport equity.cli\nequity.cli.mount_commands(['draw'])\n"
                "print([c.name for c in equity.cli.app.registered_commands if c.name == 'draw'])")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                              cwd=ROOT)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == "['draw']"


def test_the_strategy_document_runs():
    import doctest

    result = doctest.testfile(str(ROOT / "docs" / "strategy.md"), module_relative=False,
                              optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
