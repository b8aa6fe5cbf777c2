"""Stud games' moving wild rank: Follow the Queen (``Game.wild_follows``).

In Follow the Queen (seven-card stud) queens are wild, and so is the rank of the card dealt face
up right after a face-up queen; each later face-up queen moves that second rank to the card
after it, and a queen dealt face up last leaves queens alone wild (``RULINGS.md``).  The deal
goes round by round, one card to each seat in turn, so the face-up cards' order is the rounds'
order and, within a round, the seats'.

The evaluator values one wild rank at a time.  A hand holding ``q`` queens and ``f`` cards of
the second wild rank has ``q + f`` wild cards, and a wild card stands for any card whatever it
is, so :func:`hands_for_evaluation` writes each card of the second rank as a queen of a suit
the hand lacks: the same natural cards and the same number of wild cards, valued with queens
wild.  Five or more wild cards make five aces (they stand for five aces; four wild cards and
any natural card make five of that rank, never more than aces); such a hand is written as the
followed rank's four cards and the ace of spades.  The followed rank is any rank but the ace
(``Game.wild_follows``; queens in Follow the Queen).
"""

from __future__ import annotations

import numpy as np

from equity.games import Game

__all__ = ["follower_ranks", "hands_for_evaluation"]

def _five_aces(wild_rank: int, size: int) -> np.ndarray:
    """A hand of ``size`` cards the evaluator values as five aces with ``wild_rank`` wild: the
    rank's four cards and the ace of spades, then natural cards of other ranks, one each."""
    others = [r for r in range(12) if r != wild_rank][: size - 5]
    return np.array([4 * wild_rank + s for s in range(4)] + [51] + [4 * r for r in others], dtype=np.uint8)


def follower_ranks(game: Game, hole: np.ndarray, players: int) -> np.ndarray:
    """The second wild rank of each deal (-1: queens alone), from the face-up cards in the order
    dealt.

    Parameters
    ----------
    hole : uint8[deals, players * dealt_hole_cards]
        Seat-major hole cards, the cards of each seat in the order dealt.

    Examples
    --------
    Five-card stud, two seats: the up-cards in the order dealt are Qh 5s, 7d Qs, 8c 4d, 9c 6h;
    the queen of spades moves the second wild rank from the five to the eight after it.

    >>> import equity
    >>> g = equity.define_game("ftq5", hole_cards=5, stud=["down", "up", "up", "up", "up"],
    ...                        wild="Q", wild_follows="Q")
    >>> hole = equity.card_codes("2c Qh 7d 8c 9c  3c 5s Qs 4d 6h").reshape(1, 10)
    >>> equity.cards.RANKS[int(follower_ranks(g, hole, 2)[0])]
    '8'
    """
    h = game.dealt_hole_cards
    queen = game.wild_follows
    up = [r for r, face in enumerate(game.stud) if face == "up"]
    order = [p * h + r for r in up for p in range(players)]  # rounds in turn, seats in turn
    ranks = hole[:, order].astype(np.int64) >> 2
    follower = np.full(hole.shape[0], -1, dtype=np.int64)
    for j in range(ranks.shape[1]):
        after = ranks[:, j + 1] if j + 1 < ranks.shape[1] else np.full(hole.shape[0], -1)
        follower = np.where(ranks[:, j] == queen, after, follower)
    return np.where(follower == queen, -1, follower)


def hands_for_evaluation(game: Game, hands: np.ndarray, follower: np.ndarray) -> np.ndarray:
    """Each hand with its cards of the second wild rank written as queens of suits it lacks (or
    five aces for five wild cards or more), to be valued with the game's fixed wild rank.

    Parameters
    ----------
    hands : uint8[rows, cards]
        One hand a row.
    follower : int64[rows]
        Each row's second wild rank (-1: none).
    """
    queen = game.wild_follows
    ranks = hands.astype(np.int64) >> 2
    second = (ranks == follower[:, None]) & (follower[:, None] >= 0)
    wild = second | (ranks == queen)
    out = hands.copy()
    lacked = np.stack([~(hands == 4 * queen + s).any(axis=1) for s in range(4)], axis=1)
    suits = np.argsort(~lacked, axis=1, kind="stable")  # the suits the hand lacks first
    k = np.clip(np.cumsum(second, axis=1) - 1, 0, 3)
    out[second] = (4 * queen + np.take_along_axis(suits, k, axis=1))[second].astype(np.uint8)
    many = wild.sum(axis=1) >= 5
    if many.any():
        out[many] = _five_aces(queen, hands.shape[1])
    return out
