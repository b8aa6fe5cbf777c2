"""Hold'em, Omaha and Omaha hi-lo strengths against pokerkit on seeded random deals.

pokerkit is an independent implementation (lookup tables over explicit card
combinations), so agreement in order, including ties, on thousands of random
hands is a strong check of the fast evaluator's two-plus-three rule and low.
"""

from __future__ import annotations

import numpy as np
import pytest

pokerkit = pytest.importorskip("pokerkit")

import equity  # noqa: E402

N_DEALS = 2000
PLAYERS = 3


def deals(seed: int, n_hole: int) -> tuple[np.ndarray, np.ndarray]:
    """``N_DEALS`` deals of ``PLAYERS`` hands of ``n_hole`` cards and a five-card board.

    Returns hole cards of shape (N_DEALS, PLAYERS, n_hole) and boards (N_DEALS, 5).
    """
    rng = np.random.default_rng(seed)
    deck = np.tile(np.arange(52, dtype=np.uint8), (N_DEALS, 1))
    cards = rng.permuted(deck, axis=1)[:, : PLAYERS * n_hole + 5]
    holes = cards[:, : PLAYERS * n_hole].reshape(N_DEALS, PLAYERS, n_hole)
    return np.ascontiguousarray(holes), np.ascontiguousarray(cards[:, -5:])


def ours(evaluate_many, game: str, holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """Our strengths, shape (N_DEALS, PLAYERS)."""
    return np.stack(
        [evaluate_many(game, holes[:, p], boards) for p in range(holes.shape[1])], axis=1
    )


def theirs(hand_class, holes: np.ndarray, boards: np.ndarray) -> list[list[object]]:
    """pokerkit's hands (or None where no hand qualifies), one list per deal."""
    text = equity.format_cards
    return [
        [hand_class.from_game_or_none(text(hole), text(board)) for hole in deal]
        for deal, board in zip(holes, boards, strict=True)
    ]


def sign(x) -> int:
    return (x > 0) - (x < 0)


def compare(a, b) -> int:
    """pokerkit's order of two hands: 1 if ``a`` wins, 0 for a split, -1 if ``b`` wins."""
    return 1 if a > b else (-1 if b > a else 0)


def disagreements(our: np.ndarray, their: list[list[object]], holes, boards) -> list[str]:
    """Every pair of players on a shared board whose order differs between the two."""
    bad = []
    for d, (row, hands) in enumerate(zip(our, their, strict=True)):
        for i in range(PLAYERS):
            for j in range(i + 1, PLAYERS):
                expected = compare(hands[i], hands[j])
                got = sign(int(row[i]) - int(row[j]))
                if got != expected:
                    bad.append(
                        f"deal {d}: board {equity.format_cards(boards[d])}, "
                        f"{equity.format_cards(holes[d, i])} vs {equity.format_cards(holes[d, j])}:"
                        f" ours {got:+d}, pokerkit {expected:+d} ({hands[i]} / {hands[j]})"
                    )
    return bad


def test_holdem_agrees_with_pokerkit():
    holes, boards = deals(seed=101, n_hole=2)
    our = ours(equity.evaluate_many, "holdem", holes, boards)
    their = theirs(pokerkit.StandardHighHand, holes, boards)
    bad = disagreements(our, their, holes, boards)
    assert not bad, f"{len(bad)} disagreements, first: {bad[:5]}"
    # The category names agree too.
    names = equity.categories_of("holdem", our.ravel())
    labels = [hand.entry.label.name.lower() for deal in their for hand in deal]
    assert list(names) == labels


def test_omaha_agrees_with_pokerkit():
    holes, boards = deals(seed=202, n_hole=4)
    our = ours(equity.evaluate_many, "omaha", holes, boards)
    their = theirs(pokerkit.OmahaHoldemHand, holes, boards)
    bad = disagreements(our, their, holes, boards)
    assert not bad, f"{len(bad)} disagreements, first: {bad[:5]}"
    names = equity.categories_of("omaha", our.ravel())
    labels = [hand.entry.label.name.lower() for deal in their for hand in deal]
    assert list(names) == labels


def test_omaha_hi_lo_low_agrees_with_pokerkit():
    holes, boards = deals(seed=303, n_hole=4)
    our = ours(equity.evaluate_low_many, "omaha", holes, boards)
    their = theirs(pokerkit.OmahaEightOrBetterLowHand, holes, boards)
    # Which hands have a qualifying low.
    qualifies = np.array([[hand is not None for hand in deal] for deal in their])
    assert np.array_equal(our > 0, qualifies)
    assert 0.1 < qualifies.mean() < 0.9  # the deals exercise both outcomes
    # The order among qualifying lows (a missing low loses to any low).
    bad = []
    for d in range(N_DEALS):
        for i in range(PLAYERS):
            for j in range(i + 1, PLAYERS):
                a, b = their[d][i], their[d][j]
                if a is None or b is None:
                    expected = sign((a is not None) - (b is not None))
                else:
                    expected = compare(a, b)
                got = sign(int(our[d, i]) - int(our[d, j]))
                if got != expected:
                    bad.append(f"deal {d}: {equity.format_cards(holes[d, i])} vs "
                               f"{equity.format_cards(holes[d, j])} on "
                               f"{equity.format_cards(boards[d])}: ours {got:+d}, "
                               f"pokerkit {expected:+d}")
    assert not bad, f"{len(bad)} disagreements, first: {bad[:5]}"


def test_holdem_order_agrees_across_deals():
    """Strengths are comparable across deals: sorted our way, pokerkit's hands never go down."""
    holes, boards = deals(seed=404, n_hole=2)
    our = ours(equity.evaluate_many, "holdem", holes, boards).ravel()
    their = [hand for deal in theirs(pokerkit.StandardHighHand, holes, boards) for hand in deal]
    order = np.argsort(our, kind="stable")
    for previous, current in zip(order[:-1], order[1:], strict=True):
        expected = compare(their[current], their[previous])
        got = sign(int(our[current]) - int(our[previous]))
        assert got == expected, (
            f"{their[previous]} then {their[current]}: ours {got:+d}, pokerkit {expected:+d}"
        )
