"""The block kernels of ``equity._kernels.simd``: Hold'em's ``evaluate_many`` and Omaha's and
Spanish's on a whole deal (the whole-hand table's keys), in sixteen AVX-512 lanes and in eight
AVX2 lanes (every width the host can run, each test once per width: the ``block_path``
fixture), and, AVX-512 only, heads-up Monte Carlo of two fixed hands before the flop.

On a host with AVX-512 every Hold'em call of ``evaluate_many`` goes through the blocks, so the
reference comparisons of ``test_evaluator_vs_reference.py`` check them there; these tests add
the blocks' own edges: flush-heavy rows against the reference, rows that fill no whole block or
leave a tail, the scalar kernel (``EQUITY_SIMD=0``) giving the same strengths, and bad rows in
a block or in the tail raising the same errors as the scalar check.  The Monte Carlo blocks are
checked against exact enumeration (within four standard errors) on a preflop duel and on small
heart-rich stubs where flushes are common, for the same numbers on one and two threads, and
for playing exactly the trials asked.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numba
import numpy as np
import pytest
import reference as R

import equity
from equity import CardError
from equity._kernels import simd
from equity.evaluator import _in_blocks, _whole_in_blocks

ROOT = Path(__file__).resolve().parents[1]
needs_blocks = pytest.mark.skipif(not simd.available(), reason="no AVX-512 on this host")
#: The widths of the evaluation blocks this host can run, as ``EQUITY_SIMD`` values.
BLOCK_PATHS = [pytest.param("avx512", marks=needs_blocks),
               pytest.param("avx2", marks=pytest.mark.skipif(not simd.available("avx2"),
                                                             reason="no AVX2 on this host"))]


@pytest.fixture(params=BLOCK_PATHS)
def block_path(request, monkeypatch) -> str:
    """Each width of the evaluation blocks in turn (``EQUITY_SIMD`` set for the test)."""
    monkeypatch.setenv("EQUITY_SIMD", request.param)
    assert equity.vector_path() == request.param
    return request.param


def random_rows(n: int, seed: int, suits: tuple[int, ...] = (0, 1, 2, 3)) -> np.ndarray:
    """``n`` rows of seven distinct cards from the 52-card deck's ``suits``."""
    rng = np.random.default_rng(seed)
    deck = np.array([c for c in range(52) if c % 4 in suits], dtype=np.uint8)
    return deck[rng.random((n, len(deck))).argsort(axis=1)[:, :7]]


def strengths(rows: np.ndarray, game: str | equity.Game = "holdem", **options) -> np.ndarray:
    return equity.evaluate_many(game, rows[:, :2], rows[:, 2:], **options)


def scalar_strengths(rows: np.ndarray, monkeypatch, game: str | equity.Game = "holdem",
                     **options) -> np.ndarray:
    with monkeypatch.context() as m:
        m.setenv("EQUITY_SIMD", "0")
        assert equity.vector_path() == "scalar"
        return strengths(rows, game, **options)


def test_holdem_rows_go_through_the_blocks(block_path) -> None:
    rows = random_rows(20, 1)
    g = equity.get_game("holdem")
    assert _in_blocks(g, rows[:, :2], rows[:, 2:], np.zeros(0, np.int8))
    # not a 2 + 5 row, or a game with wild cards: the scalar kernels
    assert not _in_blocks(g, rows[:, :2], rows[:, 2:6], np.zeros(0, np.int8))
    assert not _in_blocks(equity.get_game("eldorado"), rows[:, :2], rows[:, 2:6],
                          np.zeros(20, np.int8))


def test_flush_heavy_rows_match_the_reference(block_path) -> None:
    """Rows of hearts and spades only: most hold a flush, many a straight flush, so the flush
    lanes of the blocks are exercised; strengths must order the rows as the reference does."""
    rows = random_rows(3000, 2, suits=(2, 3))
    keys = [R.best_high("holdem", r[:2], r[2:]) for r in rows.tolist()]
    names = Counter(R.category_name("holdem", k) for k in keys)
    assert names["flush"] >= 1000 and names["straight_flush"] >= 15, names
    fast = strengths(rows)
    got = [str(c) for c in equity.categories_of("holdem", fast)]
    assert got == [R.category_name("holdem", k) for k in keys]
    order = sorted(range(len(rows)), key=lambda i: keys[i])
    for a, b in zip(order, order[1:], strict=False):
        assert (keys[a] < keys[b]) == (fast[a] < fast[b]), (rows[a], rows[b])
        assert (keys[a] == keys[b]) == (fast[a] == fast[b]), (rows[a], rows[b])


@pytest.mark.parametrize("n", [0, 1, 7, 8, 9, 15, 16, 17, 24, 47, 1000])
def test_blocks_and_tail_equal_the_scalar_kernel(n: int, monkeypatch, block_path) -> None:
    rows = np.concatenate([random_rows(n - n // 2, 3), random_rows(n // 2, 4, suits=(0, 1))])
    expected = scalar_strengths(rows, monkeypatch)
    assert len(expected) == n
    np.testing.assert_array_equal(strengths(rows), expected)
    np.testing.assert_array_equal(strengths(rows, check=False), expected)


def test_short_deck_custom_game_through_the_blocks(monkeypatch, block_path) -> None:
    """A custom 2 + 5 game with its own ranking (a flush beats a full house) and a 36-card
    deck: same strengths as the scalar kernel, and a deuce is refused by the block check."""
    short = equity.load_game(ROOT / "examples" / "games" / "short_deck_holdem.toml")
    rng = np.random.default_rng(5)
    deck = np.array(short.deck, dtype=np.uint8)
    rows = deck[rng.random((500, len(deck))).argsort(axis=1)[:, :7]]
    assert _in_blocks(short, rows[:, :2], rows[:, 2:], np.zeros(0, np.int8))
    np.testing.assert_array_equal(strengths(rows, short), scalar_strengths(rows, monkeypatch, short))
    rows[37, 4] = 0  # 2c
    with pytest.raises(CardError, match=r"row 37: card '2c' is not in the short_deck deck"):
        strengths(rows, short)


def _bad(rows: np.ndarray, row: int, kind: str) -> str:
    """Spoil ``row`` of ``rows`` and return the error expected for it."""
    if kind == "repeat_in_hole":
        rows[row, 1] = rows[row, 0]
        return rf"row {row}: duplicate card '{R.show([rows[row, 0]])}' in the hole cards$"
    if kind == "repeat_across":
        rows[row, 6] = rows[row, 1]
        return (rf"row {row}: duplicate card '{R.show([rows[row, 1]])}' in the hole cards and "
                "the board$")
    code = {"code_52": 52, "code_64": 64, "code_255": 255}[kind]
    rows[row, 3] = code
    return _code_error(row, code, "holdem")


def _code_error(row: int, code: int, game: str) -> str:
    """The error for a card code past 51: a joker (52, 53) is a card of no deck here, the rest
    are out of range."""
    if code in (52, 53):
        return rf"row {row}: card 'X{code - 51}' is not in the {game} deck"
    return (rf"row {row}: card code {code} is out of range \(codes run from 0 to 51, and 52 and 53 are "
            r"the jokers\)")


@pytest.mark.parametrize("row", [0, 31, 40, 99])  # first block, last lane, a later block, tail
@pytest.mark.parametrize("kind", ["repeat_in_hole", "repeat_across", "code_52", "code_64",
                                  "code_255"])
def test_bad_rows_in_a_block_or_the_tail_are_named(row: int, kind: str, block_path) -> None:
    rows = random_rows(100, 6)
    expected = _bad(rows, row, kind)
    with pytest.raises(CardError, match=expected):
        strengths(rows)


def test_unchecked_bad_rows_leave_the_other_rows_right(block_path) -> None:
    """Without the check, bad codes read inside the tables (clamped) and spoil only their own
    rows."""
    rows = random_rows(200, 7)
    expected = strengths(rows)
    bad = [3, 50, 130, 199]
    for i, code in zip(bad, [52, 255, 64, 200], strict=True):
        rows[i, 2:] = code
    got = strengths(rows, check=False)
    keep = np.setdiff1d(np.arange(200), bad)
    np.testing.assert_array_equal(got[keep], expected[keep])


# ---------------------------------------------------------------------------------------------
# Hands of exactly two hole cards through the whole-hand table (Omaha, Spanish)
# ---------------------------------------------------------------------------------------------
#: (game, hole cards, the deck's ranks from): the games whose whole deal the whole-hand blocks take
WHOLE_GAMES = [("omaha", 4, 0), ("spanish", 2, 6)]


def whole_rows(game: str, n: int, seed: int, suits: tuple[int, ...] = (0, 1, 2, 3)) -> np.ndarray:
    """``n`` rows of a whole deal (hole cards, then five board cards) from ``game``'s deck,
    written here from the rules: Omaha's 52 cards, Spanish's eights to aces."""
    n_hole, low_rank = next((h, r) for g, h, r in WHOLE_GAMES if g == game)
    rng = np.random.default_rng(seed)
    deck = np.array([c for c in range(4 * low_rank, 52) if c % 4 in suits], dtype=np.uint8)
    return deck[rng.random((n, len(deck))).argsort(axis=1)[:, :n_hole + 5]]


def whole_strengths(rows: np.ndarray, game: str, **options) -> np.ndarray:
    n_hole = rows.shape[1] - 5
    return equity.evaluate_many(game, rows[:, :n_hole], rows[:, n_hole:], **options)


def test_omaha_and_spanish_whole_deals_go_through_the_whole_blocks(block_path) -> None:
    no_wild = np.zeros(0, np.int8)
    for game, n_hole, _ in WHOLE_GAMES:
        rows = whole_rows(game, 20, 1)
        g = equity.get_game(game)
        assert _whole_in_blocks(g, rows[:, :n_hole], rows[:, n_hole:], no_wild)
        # a partial board (the flop) goes through the scalar kernels
        assert not _whole_in_blocks(g, rows[:, :n_hole], rows[:, n_hole:n_hole + 3], no_wild)
    # Hold'em has the 2 + 5 shape of Spanish but no whole-hand table: its own blocks
    holdem = random_rows(20, 1)
    assert not _whole_in_blocks(equity.get_game("holdem"), holdem[:, :2], holdem[:, 2:], no_wild)


@pytest.mark.parametrize("game", ["omaha", "spanish"])
def test_flush_heavy_exact_rule_rows_match_the_reference(game: str, block_path) -> None:
    """Rows of two suits: most can make a flush of exactly two hole and three board cards and
    many a straight flush, so the flagged rows' flush pass is exercised; the strengths must
    order the rows as the reference does."""
    rows = whole_rows(game, 1500, 2, suits=(2, 3))
    n_hole = rows.shape[1] - 5
    keys = [R.best_high(game, r[:n_hole], r[n_hole:]) for r in rows.tolist()]
    names = Counter(R.category_name(game, k) for k in keys)
    assert names["flush"] >= 100 and names["straight_flush"] >= 10, names
    fast = whole_strengths(rows, game)
    assert [str(c) for c in equity.categories_of(game, fast)] == \
        [R.category_name(game, k) for k in keys]
    order = sorted(range(len(rows)), key=lambda i: keys[i])
    for a, b in zip(order, order[1:], strict=False):
        assert (keys[a] < keys[b]) == (fast[a] < fast[b]), (rows[a], rows[b])
        assert (keys[a] == keys[b]) == (fast[a] == fast[b]), (rows[a], rows[b])


@pytest.mark.parametrize("game", ["omaha", "spanish"])
@pytest.mark.parametrize("n", [0, 1, 15, 16, 17, 47, 2049, 4111])
def test_whole_blocks_and_tail_equal_the_scalar_kernel(game: str, n: int, monkeypatch, block_path) -> None:
    """Row counts around the sixteen-row blocks and the 2,048-row passes, half the rows of two
    suits (flushes), against the scalar kernel, checked and unchecked."""
    rows = np.concatenate([whole_rows(game, n - n // 2, 3), whole_rows(game, n // 2, 4, (0, 1))])
    with monkeypatch.context() as m:
        m.setenv("EQUITY_SIMD", "0")
        expected = whole_strengths(rows, game)
    assert len(expected) == n
    np.testing.assert_array_equal(whole_strengths(rows, game), expected)
    np.testing.assert_array_equal(whole_strengths(rows, game, check=False), expected)


def _whole_bad(rows: np.ndarray, row: int, kind: str, game: str) -> str:
    """Spoil ``row`` of whole-deal ``rows`` and return the error expected for it."""
    n_hole = rows.shape[1] - 5
    if kind == "repeat_in_hole":
        rows[row, n_hole - 1] = rows[row, 0]
        return rf"row {row}: duplicate card '{R.show([rows[row, 0]])}' in the hole cards$"
    if kind == "repeat_across":
        rows[row, -1] = rows[row, 1]
        return (rf"row {row}: duplicate card '{R.show([rows[row, 1]])}' in the hole cards and "
                "the board$")
    if kind == "outside_the_deck":  # a deuce: in no game's deck here but Omaha's
        rows[row, n_hole + 2] = 1 if game == "spanish" else 60
        return (rf"row {row}: card '2d' is not in the spanish deck" if game == "spanish" else
                rf"row {row}: card code 60 is out of range")
    code = {"code_52": 52, "code_255": 255}[kind]
    rows[row, n_hole + 1] = code
    return _code_error(row, code, game)


@pytest.mark.parametrize("game", ["omaha", "spanish"])
@pytest.mark.parametrize("row", [0, 15, 40, 2060])  # first block, last lane, a later block, tail
@pytest.mark.parametrize("kind", ["repeat_in_hole", "repeat_across", "outside_the_deck",
                                  "code_52", "code_255"])
def test_bad_rows_of_the_whole_blocks_are_named(game: str, row: int, kind: str, block_path) -> None:
    rows = whole_rows(game, 2070, 6)
    expected = _whole_bad(rows, row, kind, game)
    with pytest.raises(CardError, match=expected):
        whole_strengths(rows, game)


@pytest.mark.parametrize("game", ["omaha", "spanish"])
def test_unchecked_bad_rows_of_the_whole_blocks_leave_the_other_rows_right(game: str, block_path) -> None:
    """Without the check, a block with bad codes reads inside the tables (clamped) and spoils
    only its own bad rows, in a block or in the tail."""
    rows = whole_rows(game, 200, 7)
    expected = whole_strengths(rows, game)
    bad = [3, 50, 130, 199]
    for i, code in zip(bad, [52, 255, 64, 200], strict=True):
        rows[i, 1:] = code
    got = whole_strengths(rows, game, check=False)
    keep = np.setdiff1d(np.arange(200), bad)
    np.testing.assert_array_equal(got[keep], expected[keep])


def test_simd_switch_and_named_targets(monkeypatch) -> None:
    monkeypatch.setenv("EQUITY_SIMD", "off")
    assert equity.vector_path() == "scalar"
    monkeypatch.setenv("EQUITY_SIMD", "1")
    monkeypatch.setattr(numba.config, "CPU_NAME", "generic")
    monkeypatch.setattr(numba.config, "CPU_FEATURES", "")
    assert not simd.available()
    monkeypatch.setattr(numba.config, "CPU_FEATURES", "+avx2,+avx512f,+avx512bw")
    assert simd.available()
    monkeypatch.setattr(numba.config, "CPU_FEATURES", "+avx,+avx2,+fma")  # a Haswell-class target
    assert not simd.available() and simd.available("avx2")
    assert equity.vector_path() == "avx2"


# ---------------------------------------------------------------------------------------------
# Heads-up Monte Carlo, sixteen boards at a time
# ---------------------------------------------------------------------------------------------
def _in_duel_blocks(game: str, hands: list[str], board: str = "", dead: str = "",
                    hi_lo: bool = False) -> bool:
    from equity.calculator.question import read_question
    from equity.calculator.sampling import Sampler

    return Sampler(read_question(game, hands, board, dead, hi_lo, None, {}), 1)._duel_in_blocks()


@needs_blocks
def test_which_spots_the_duel_blocks_play() -> None:
    assert _in_duel_blocks("holdem", ["AhKh", "QsQd"])
    assert _in_duel_blocks("holdem", ["AhKh", "QsQd"], dead="2c3c4c")
    assert not _in_duel_blocks("holdem", ["AhKh", "QsQd"], board="2c3c4c")  # a board dealt
    assert not _in_duel_blocks("holdem", ["AhKh", "QsQd", "7c7d"])  # three seats
    assert not _in_duel_blocks("holdem", ["AhKh", "random"])
    assert not _in_duel_blocks("holdem", ["AhKh", "QQ+"])
    assert not _in_duel_blocks("omaha", ["AhKhQhJh", "2c2d3c3d"])
    assert not _in_duel_blocks("omaha", ["AhKhQhJh", "2c2d3c3d"], hi_lo=True)
    assert not _in_duel_blocks("spanish", ["AhKh", "QsQd"])  # exactly two hole and three board


def _dead_but(keep: str) -> str:
    """Every card of the deck not in ``keep`` (text)."""
    kept = {keep[i:i + 2] for i in range(0, len(keep), 2)}
    return "".join(r + s for r in "23456789TJQKA" for s in "cdhs" if r + s not in kept)


# (hands, dead): a preflop duel, and stubs of 20 and 7 cards rich in hearts, where most boards
# make a flush and many give both seats one (Lemire's threshold 2**32 % stub is 16, 16 and 4)
DUEL_SPOTS = [
    (["AhKh", "QsQd"], ""),
    (["AhKh", "QhJh"], _dead_but("AhKhQhJh" "2h3h4h5h6h7h8h9hTh" "2s3s4s5s6s7s8s9sTsJsQs")),
    (["Ah2c", "KhQh"], _dead_but("Ah2cKhQh" "3h4h5h9hThJcJd")),
]


@needs_blocks
@pytest.mark.parametrize("hands, dead", DUEL_SPOTS)
def test_duel_blocks_within_four_standard_errors_of_the_exact_equity(hands, dead) -> None:
    exact = equity.calc("holdem", hands, dead=dead, exact=True)
    assert exact.attrs["method"] == "exact"
    trials = 400_000
    sampled = equity.calc("holdem", hands, dead=dead, trials=trials, seed=11)
    for p in range(2):
        assert abs(sampled.equity[p] - exact.equity[p]) < 4 * sampled.stderr[p]
        for column in ("win", "tie"):  # shares of boards: a binomial standard error each
            share = exact[column][p]
            if 0 < share < 1:
                error = (share * (1 - share) / trials) ** 0.5
                assert abs(sampled[column][p] - share) < 4 * error, column
    assert sampled.equity.sum() == pytest.approx(1.0)


def test_ahkh_against_qsqd_by_monte_carlo_within_four_standard_errors() -> None:
    """The published preflop equity of AhKh against QsQd (0.462145 over 1,712,304 boards),
    whichever kernel this host runs."""
    sampled = equity.calc("holdem", ["AhKh", "QsQd"], trials=1_000_000, seed=3)
    assert abs(sampled.equity[0] - 0.462145) < 4 * sampled.stderr[0]


@needs_blocks
def test_duel_blocks_same_numbers_on_one_and_two_threads() -> None:
    args = ("holdem", ["AhKh", "QsQd"])
    numba.set_num_threads(2)
    two = equity.calc(*args, trials=300_000, seed=42)
    numba.set_num_threads(1)
    try:
        one = equity.calc(*args, trials=300_000, seed=42)
    finally:
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    assert one.equals(two)
    assert not one.equals(equity.calc(*args, trials=300_000, seed=43))


@needs_blocks
def test_duel_blocks_play_exactly_the_trials_asked() -> None:
    """An odd count ends inside a block, whose kept lanes past it must not be counted: on a stub
    where one hand always wins, one lane too many would make a win share above 1."""
    # a stub of eight hearts with no straight flush among them: every board gives AhKh a
    # flush (or a royal flush) above anything QsQd makes; about three lanes a block are kept
    dead = _dead_but("AhKhQsQd" "QhJhTh8h7h5h4h2h")
    assert _in_duel_blocks("holdem", ["AhKh", "QsQd"], dead=dead)
    table = equity.calc("holdem", ["AhKh", "QsQd"], dead=dead, trials=12_345, seed=2)
    assert table.attrs["method"] == "monte carlo"
    assert table.attrs["trials"] == 12_345
    assert list(table.win) == [1.0, 0.0] and list(table.equity) == [1.0, 0.0]
