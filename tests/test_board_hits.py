"""Board analysis (``equity.board_hits``) against a slow classifier written here from the rule
texts: plain Python over card tuples, every allowed hand listed, every live card tried."""

from __future__ import annotations

import doctest
import json
import re
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from reference import best_high, category_name
from typer.testing import CliRunner

import equity
from equity.board_analysis import DRAWS, board_hits
from equity.errors import InvalidInputError

ROOT = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------------------------------------
# The slow classifier
# ---------------------------------------------------------------------------------------------
def _straights(size: int, ranks: list[int], ace_low: list[int]) -> list[set[int]]:
    """Runs of ``size`` ranks in ``ranks``, and the ace played low below ``ace_low``."""
    runs = [set(ranks[k:k + size]) for k in range(len(ranks) - size + 1)]
    return runs + [{12, *ace_low[:size - 1]}]


DECK52 = list(range(52))
#: game: (deck, hand size, fewest and most hole cards, board cards by street, straights)
RULES = {
    "holdem": (DECK52, 5, 0, 2, (3, 1, 1), _straights(5, list(range(13)), [0, 1, 2, 3])),
    "omaha": (DECK52, 5, 2, 2, (3, 1, 1), _straights(5, list(range(13)), [0, 1, 2, 3])),
    "tahoe": (DECK52, 5, 0, 2, (3, 1, 1), _straights(5, list(range(13)), [0, 1, 2, 3])),
    # 8 to A; the ace is also a seven in straights: A-8-9-T-J
    "spanish": (list(range(24, 52)), 5, 2, 2, (3, 1, 1), _straights(5, list(range(6, 13)), [6, 7, 8, 9])),
    # six-card hands and straights; A-2-3-4-5-6 the lowest
    "egyptian": (DECK52, 6, 0, 2, (3, 2, 1), _straights(6, list(range(13)), [0, 1, 2, 3, 4])),
    "eldorado": (DECK52, 5, 0, 2, (3, 1), _straights(5, list(range(13)), [0, 1, 2, 3])),
}
HOLE = {"holdem": 2, "omaha": 4, "tahoe": 3, "spanish": 2, "egyptian": 2, "eldorado": 2}


def hands_allowed(game, hole, board, least=0):
    _, size, lo, hi, _, _ = RULES[game]
    for j in range(max(lo, least), hi + 1):
        if j <= len(hole) and 0 <= size - j <= len(board):
            for h in combinations(hole, j):
                for b in combinations(board, size - j):
                    yield h + b


def flush_suits(game, hole, board, wild, least):
    """Suits of the flushes the allowed hands make (wild cards take any suit)."""
    suits = set()
    for hand in hands_allowed(game, hole, board, least):
        natural = {c & 3 for c in hand if c >> 2 != wild}
        if len(natural) <= 1:
            suits |= natural or {0, 1, 2, 3}
    return suits


def is_straight(game, hand, wild):
    natural = [c >> 2 for c in hand if c >> 2 != wild]
    if len(set(natural)) != len(natural):
        return False
    return any(set(natural) <= run for run in RULES[game][5])


def any_straight(game, hole, board, wild, least):
    return any(is_straight(game, h, wild) for h in hands_allowed(game, hole, board, least))


def refined(category, tiebreak, hole, board, wild):
    """The class of a made hand, from the counts of natural cards (written from the definitions
    in equity/board_analysis.py's docstring)."""
    def count(cards, r):
        return sum(1 for c in cards if c >> 2 == r and r != wild)

    shown = sorted({c >> 2 for c in board if c >> 2 != wild}, reverse=True)
    if category == "one_pair":
        p = tiebreak[0]
        h, b = count(hole, p), count(board, p)
        if h + b < 2:
            return "pair with a wild card"
        if b == 0:
            if p > shown[0]:
                return "overpair"
            if p < shown[-1]:
                return "underpair"
            return "pocket pair below top pair" if len(shown) > 1 and p > shown[1] else "weak pair"
        if h == 0:
            return "pair on the board"
        return {0: "top pair", 1: "second pair"}.get(shown.index(p), "weak pair")
    if category == "two_pair":
        p, q = tiebreak[0], tiebreak[1]  # never made with a wild card (that makes three of a kind)
        if count(hole, p) and count(hole, q):
            if count(board, p) and count(board, q) and shown[:2] == [p, q]:
                return "top two pair"
            return "two pair with two hole cards"
        return "one pair and a board pair" if count(hole, p) or count(hole, q) else "two pair on the board"
    if category == "three_of_a_kind":
        t = tiebreak[0]
        if count(hole, t) + count(board, t) < 3:
            return "three of a kind with a wild card"
        return {0: "three of a kind on the board", 1: "trips"}.get(count(hole, t), "set")
    return category.replace("_", " ")


def classify(game, hole, board, dead, wild):
    """Category, class, draws and chance to improve of one hand, the slow way."""
    deck, size, lo, hi, streets, _ = RULES[game]
    hole, board = tuple(hole), tuple(board)
    seen = set(hole) | set(board) | set(dead)
    live = [c for c in deck if c not in seen]
    to_come = sum(streets) - len(board)
    ref_wild = None if wild < 0 else wild
    can_make = len(board) + min(hi, len(hole)) >= size
    key = best_high(game, hole, board, ref_wild) if can_make else None
    category = category_name(game, key) if key else None
    out = {"category": category,
           "class": refined(category, key[1], hole, board, wild) if key else None}
    # flush draws: a live card (one of each kind is enough: its suit, or wild) completes a flush
    flush_now = bool(flush_suits(game, hole, board, wild, 0))
    kinds = {}
    for c in live:
        kinds.setdefault("w" if c >> 2 == wild else c & 3, []).append(c)
    draw_suits = set()
    if not flush_now and to_come >= 1:
        for cards in kinds.values():
            draw_suits |= flush_suits(game, hole, board + (cards[0],), wild, 1)
    top = {s: max((c for c in deck if c & 3 == s and c >> 2 != wild and c not in board), default=None)
           for s in range(4)}
    out["flush draw"] = bool(draw_suits)
    out["nut flush draw"] = any(top[s] in hole for s in draw_suits)
    backdoor_flush = False
    if not flush_now and not draw_suits and to_come >= 2:
        reps = [c for cards in kinds.values() for c in cards[:2]]
        backdoor_flush = any(flush_suits(game, hole, board + pair, wild, 1) for pair in combinations(reps, 2))
    out["backdoor flush draw"] = backdoor_flush
    # straight draws: ranks of live natural cards that complete a straight with a hole card
    straight_now = any_straight(game, hole, board, wild, 0)
    by_rank = {}
    for c in live:
        if c >> 2 != wild:
            by_rank.setdefault(c >> 2, c)
    outs = set()
    if not straight_now and to_come >= 1:
        outs = {r for r, c in by_rank.items() if any_straight(game, hole, board + (c,), wild, 1)}
    out["open-ended straight draw"] = len(outs) >= 2
    out["gutshot"] = len(outs) == 1
    out["backdoor straight draw"] = (not straight_now and not outs and to_come >= 2 and any(
        any_straight(game, hole, board + pair, wild, 1) for pair in combinations(by_rank.values(), 2)))
    pair = category == "one_pair" and out["class"] != "pair on the board"
    straight_draw = bool(outs)
    out["flush draw and straight draw"] = out["flush draw"] and straight_draw
    out["pair and flush draw"] = pair and out["flush draw"]
    out["pair and straight draw"] = pair and straight_draw
    natural = [c >> 2 for c in hole + board if c >> 2 != wild]
    no_pair = category == "high_card" if can_make else (
        len(set(natural)) == len(natural) == len(hole) + len(board))
    board_top = max((c >> 2 for c in board if c >> 2 != wild), default=-1)
    out["two overcards"] = no_pair and sum(1 for c in hole if wild != c >> 2 > board_top) >= 2
    # the next street, dealt every way
    if to_come:
        dealt = streets[len([e for e in np.cumsum(streets) if e <= len(board)])]
        later = [category_name(game, best_high(game, hole, board + extra, ref_wild))
                 for extra in combinations(live, dealt)]
        ranking = _ranking(game)
        out["next"] = {c: later.count(c) / len(later) for c in ranking}
        if key:
            out["improves"] = sum(ranking.index(c) < ranking.index(category) for c in later) / len(later)
    return out


def _ranking(game):
    return [str(c) for c in equity.get_game(game).ranking]


# ---------------------------------------------------------------------------------------------
# Random spots, compared combination by combination and class by class
# ---------------------------------------------------------------------------------------------
def random_spot(game, rng, board_size, n_hands):
    deck = RULES[game][0]
    cards = [int(c) for c in rng.permutation(deck)]
    board = cards[:board_size]
    dead = cards[board_size:board_size + int(rng.integers(0, 3))]
    hole = HOLE[game]
    pool = cards[board_size:]  # the range may hold dead cards: those hands are left out
    hands = np.array([rng.choice(pool, hole, replace=False) for _ in range(n_hands)], dtype=np.uint8)
    weights = rng.choice([0.25, 0.5, 1.0], n_hands)
    return hands, weights, board, dead


SPOTS = [(game, size) for game in RULES for size in np.cumsum(RULES[game][4])]


@pytest.mark.parametrize(("game", "board_size"), SPOTS, ids=[f"{g}-{b}" for g, b in SPOTS])
def test_board_hits_match_the_slow_classifier(game, board_size):
    rng = np.random.default_rng(2900 + 7 * board_size + len(game))
    cheap = board_size == sum(RULES[game][4]) or game not in ("omaha", "egyptian")
    for _ in range(3):
        n_hands = 14 if cheap else 6
        hands, weights, board, dead = random_spot(game, rng, int(board_size), n_hands)
        wild = int(rng.choice([-1, *range(13)])) if game == "eldorado" else -1
        text = "none" if wild < 0 else "23456789TJQKA"[wild]
        hand_range = equity.Range("explicit", hands, weights)
        options = {"wild": text} if game == "eldorado" else {}
        per_combo = board_hits(game, hand_range, board, dead=dead or None, by="combo", **options)
        by_class = board_hits(game, hand_range, board, dead=dead or None, **options)
        live = [k for k, h in enumerate(hands.tolist()) if not set(h) & (set(board) | set(dead))]
        assert per_combo["hand"].tolist() == [equity.format_cards(hands[k]) for k in live]
        slow = [classify(game, hands[k].tolist(), board, dead, wild) for k in live]
        for row, expected in zip(per_combo.to_dict(orient="records"), slow, strict=True):
            where = f"{game} {row['hand']} on {equity.format_cards(board)} (dead {dead}, wild {text})"
            category = None if row["category"] != row["category"] else row["category"]
            assert (category, row["class"]) == (expected["category"], expected["class"]), where
            for draw in DRAWS:
                if draw in row:
                    assert row[draw] == expected[draw], f"{where}: {draw}"
            if "improves" in expected:
                assert row["improves"] == pytest.approx(expected["improves"]), where
        # the table by class is the weighted sum of the classes of the combinations
        w = np.array([weights[k] for k in live])
        total = w.sum()
        table = by_class.set_index(["section", "hand"])
        for (section, hand), share in table["share"].items():
            if section == "made hand":
                want = sum(wk for wk, e in zip(w, slow, strict=True) if e["class"] == hand)
            elif section == "draw":
                want = sum(wk for wk, e in zip(w, slow, strict=True) if e[hand])
            elif hand == "improves":
                want = sum(wk * e["improves"] for wk, e in zip(w, slow, strict=True))
            else:
                want = sum(wk * e["next"][hand.replace(" ", "_")] for wk, e in zip(w, slow, strict=True))
            assert share == pytest.approx(want / total), f"{game} {section} {hand}"
        made = by_class[by_class.section == "made hand"]
        assert made.empty or made["share"].sum() == pytest.approx(1.0)


def test_categories_are_ordered_in_the_games_ranking():
    table = board_hits("spanish", "AA, KQs", "AhQdJh")
    order = list(table["category"].cat.categories)
    assert table["category"].cat.ordered
    assert order == list(reversed(_ranking("spanish")))
    assert order.index("flush") > order.index("full_house")  # Spanish: a flush beats a full house
    made = table[table.section == "made hand"]
    assert made["category"].is_monotonic_decreasing


# ---------------------------------------------------------------------------------------------
# Examples checked by hand
# ---------------------------------------------------------------------------------------------
def _hits(*args, **kwargs):
    return board_hits(*args, **kwargs).set_index("hand")


def test_ace_king_of_hearts_on_a_two_heart_flop_is_a_nut_flush_draw_with_two_overcards():
    row = board_hits("holdem", "AhKh", "Qh7h2c", by="combo").iloc[0]
    assert row["class"] == "high card"
    assert row["flush draw"] and row["nut flush draw"] and row["two overcards"]
    assert row["backdoor straight draw"]  # J and T make A-K-Q-J-T
    assert not row["gutshot"] and not row["open-ended straight draw"] and not row["backdoor flush draw"]
    # the turn: 9 hearts make a flush, 3 aces and 3 kings a pair, and 8 cards pair the board
    # (Qs Qd Qc, 7s 7d 7c, 2s 2d: the 2h is a heart) -- 23 of the 47 cards
    assert row["improves"] == pytest.approx(23 / 47)


def test_flopzilla_count_of_sets_and_top_pair():
    # 22+, AK on Kc8d3h: sets KK (3 combos: the Kc is on the board), 88 (3) and 33 (3) = 9;
    # AA is the only overpair (6); AK is top pair, 4 aces x 3 kings = 12 of the 9 * 6 + 12 = 78 - 9
    # + 12 = 81 combinations (13 pairs x 6 = 78, less the 9 holding a board card, and 12 AK)
    hits = _hits("holdem", "22+, AK", "Kc8d3h")
    assert hits.loc["set", "n_combos"] == 9
    assert hits.loc["overpair", "n_combos"] == 6
    assert hits.loc["top pair", "n_combos"] == 12
    # QQ-99 between the king and the eight (24), 77-44 below the eight (24), 22 below the three (6)
    assert hits.loc["pocket pair below top pair", "n_combos"] == 24
    assert hits.loc["weak pair", "n_combos"] == 24
    assert hits.loc["underpair", "n_combos"] == 6
    assert hits.attrs["n_combos"] == 81
    assert hits.loc["set", "share"] == pytest.approx(9 / 81)


def test_weights_are_applied():
    # QQ at half weight: 3 live combos (the Qh is on the board) count 1.5; AKs counts 4
    hits = _hits("holdem", "QQ:0.5, AKs", "Qh7h2c")
    assert hits.loc["set", "combos"] == pytest.approx(1.5)
    assert hits.loc["set", "n_combos"] == 3
    assert hits.loc["set", "share"] == pytest.approx(1.5 / 5.5)
    assert hits.loc["flush draw", "combos"] == pytest.approx(1.0)  # AhKh


def test_omaha_flush_draw_needs_two_hole_cards_of_the_suit():
    rows = board_hits("omaha", ["AhKd3c4d", "AhKh3c4d"], "Qh7h2c", by="combo")
    assert rows["flush draw"].tolist() == [False, True]
    assert rows["nut flush draw"].tolist() == [False, True]
    # one heart in the hole never makes an Omaha flush; two with one on the board is a backdoor draw
    rows = board_hits("omaha", ["AhKd3c4d", "AhKh3c4d"], "Qh7c2c", by="combo")
    assert rows["backdoor flush draw"].tolist() == [False, True]
    assert not rows["flush draw"].any()


def test_tahoe_uses_at_most_two_hole_cards_for_draws():
    # three hearts in the hole, one on the board: at most two of them play, so two more hearts
    # are needed (a backdoor draw), where a game using all three would have a flush draw
    row = board_hits("tahoe", ["AhKhJh"], "Qh7c2c", by="combo").iloc[0]
    assert not row["flush draw"] and row["backdoor flush draw"]
    assert board_hits("tahoe", ["AhKhJh"], "Qh7h2c", by="combo").iloc[0]["nut flush draw"]


def test_spanish_ace_plays_as_a_seven_in_straight_draws():
    # A-8-9-T-J: the ace and the nine in the hole, the eight and jack on the board, a ten to come
    row = board_hits("spanish", "Ad9c", "8hJsKd", by="combo").iloc[0]
    assert row["gutshot"] and not row["open-ended straight draw"]
    # the same cards in Hold'em make no straight draw (9-T-J-Q-K wants two cards)
    assert not board_hits("holdem", "Ad9c", "8hJsKd", by="combo").iloc[0]["gutshot"]


def test_egyptian_straights_are_six_cards():
    flop = board_hits("egyptian", ["9c8d", "9c8s"], "7h6s5c", by="combo").iloc[0]
    assert flop["open-ended straight draw"]  # a four or a ten makes 4-9 or 5-T
    assert pd_isna(flop["category"])  # five cards make no six-card hand yet
    backdoor = board_hits("egyptian", ["9c8d"], "7h6s2c", by="combo").iloc[0]
    assert backdoor["backdoor straight draw"] and not backdoor["gutshot"]


def pd_isna(value) -> bool:
    return value != value


def test_eldorado_wild_card_makes_pairs_and_draws():
    row = board_hits("eldorado", ["Ah9c"], "Kh7h2c", wild="9", by="combo").iloc[0]
    assert row["class"] == "pair with a wild card"  # the nine stands for an ace
    assert row["flush draw"]  # the ace, the wild nine, the king and seven of hearts
    plain = board_hits("eldorado", ["Ah9c"], "Kh7h2c", by="combo").iloc[0]
    assert plain["class"] == "high card" and not plain["flush draw"]
    assert "backdoor flush draw" not in plain  # one board card comes after the flop


def test_the_river_has_made_hands_only():
    hits = board_hits("holdem", "AA, KK", "Qh7h2c5d9s")
    assert set(hits.section) == {"made hand"}
    assert hits.attrs["next_street"] is None and hits.attrs["street"] == "river"


# ---------------------------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("args", "kwargs", "message"), [
    (("holdem", "AA", "Qh7h"), {}, "board of 2 cards"),
    (("egyptian", "AA", "Qh7h2c5d"), {}, "board of 4 cards"),
    (("holdem", "AA", "Qh7h2c"), {"dead": "2c"}, "'2c' is both on the board and dead"),
    (("pinochle", "AA", "Qh7h2c"), {}, "unknown game 'pinochle'"),
    (("spanish", "AA", "Qh7h8c"), {}, "'7h' is not in the spanish deck"),
    (("holdem", "AA", "Qh7h2c"), {"wild": "K"}, "holdem takes no wild option"),
    (("holdem", "QQ", "QhQd7c"), {"dead": "Qs"}, "no combination left"),
    (("draw", "AA", "Qh7h2c"), {}, "draw has none"),
    (("omaha", np.zeros((2, 3), dtype=np.uint8), "Qh7h2c"), {}, "shape (n, 4)"),
    (("holdem", ["AhAh"], "Qh7h2c"), {}, "duplicate card 'Ah'"),
    (("holdem", "AA", "Qh7h2c"), {"by": "suit"}, "by='suit'"),
])
def test_bad_input_is_one_clear_error(args, kwargs, message):
    with pytest.raises(InvalidInputError, match=re.escape(message)):
        board_hits(*args, **kwargs)


def test_board_hits_is_exported_lazily():
    assert equity.board_hits is board_hits


# ---------------------------------------------------------------------------------------------
# The command
# ---------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def app():
    """The ``equity`` command's own Typer app, which mounts ``hits``."""
    from equity.cli import app

    return app


def test_hits_command_formats(app):
    runner = CliRunner()
    table = runner.invoke(app, ["hits", "holdem", "AhKh, QQ", "--board", "Qh7h2c"])
    assert table.exit_code == 0, table.output
    assert "board Qh7h2c (flop): 4 combinations" in table.output
    assert re.search(r"set\s+3\.00\s+3\s+75\.00%", table.output)
    data = json.loads(runner.invoke(app, ["hits", "holdem", "AhKh, QQ", "--board", "Qh7h2c",
                                          "--format", "json"]).output)
    rows = {r["hand"]: r for r in data["rows"]}
    attrs = data["attrs"]
    assert attrs["game"] == "holdem" and attrs["next_street"] == "turn" and attrs["method"] == "exact"
    assert attrs["seed"] is None and attrs["trials"] is None and "seconds" not in attrs
    assert rows["set"]["n_combos"] == 3 and rows["improves"]["n_combos"] is None
    assert rows["four of a kind"]["share"] == round(3 / 47 / 4, 4)  # a fourth queen for each set
    csv = runner.invoke(app, ["hits", "eldorado", "A9", "--board", "Kh7h2c", "--wild", "9",
                              "--format", "csv"]).output
    assert csv.startswith('# game: "eldorado"\n# method: "exact"\n# seed: null\n# trials: null\n')
    assert "\nsection,hand,category,combos,n_combos,share\n" in csv and '# wild: "9"\n' in csv
    assert "made hand,pair with a wild card,one_pair,16.0,16,1.0" in csv  # every A9: the nine pairs the ace


def test_hits_command_refuses_a_range_split_by_the_shell(app):
    result = CliRunner().invoke(app, ["hits", "holdem", "QQ+,", "AKs", "--board", "Qh7h2c"])
    assert isinstance(result.exception, InvalidInputError)
    assert "quote it" in str(result.exception)


# ---------------------------------------------------------------------------------------------
# The documentation's examples
# ---------------------------------------------------------------------------------------------
def test_docs_ranges_board_analysis_examples_run():
    text = (ROOT / "docs" / "ranges.md").read_text()
    start = text.index("## Board analysis")
    end = text.find("\n## ", start + 1)
    section = text[start:] if end < 0 else text[start:end]
    parser = doctest.DocTestParser()
    test = parser.get_doctest(section, {}, "docs/ranges.md: Board analysis", "docs/ranges.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert test.examples and runner.failures == 0
