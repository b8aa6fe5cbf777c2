"""The main job of ``make run``: the rule documents' worked examples and a few exact equities.

Run it with ``python -m simulations.demo``.  The first part evaluates every
worked example of the rule documents with :func:`equity.evaluate` and names the
winner; the second enumerates every remaining board of a few flop spots with
:func:`equity.evaluate_many` and prints each player's exact equity.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass

import numpy as np

import equity

__all__ = ["Example", "EXAMPLES", "Spot", "SPOTS", "exact_equity", "main"]


@dataclass(frozen=True)
class Example:
    """One deal from a rule document: a board and the players' hole cards."""

    source: str
    game: str
    board: str
    players: tuple[tuple[str, str], ...]
    wild: str | None = None
    note: str = ""


EXAMPLES: tuple[Example, ...] = (
    Example(
        "El Dorado Hold'em Rules, 'The wild card moves'",
        "eldorado",
        "9♦K♥4♣4♠",
        (("Player 1", "9♣Q♠"), ("Player 2", "7♦4♥")),
        wild="K",
        note="kings wild after the exchange",
    ),
    Example(
        "Spanish Poker Rules (a deal made up to show article 2.1)",
        "spanish",
        "AhKh9h9cKd",
        (("Player 1", "QhJh"), ("Player 2", "Kc9s")),
        note="flush beats full house",
    ),
    Example(
        "The same cards in Texas Hold'em, for contrast",
        "holdem",
        "AhKh9h9cKd",
        (("Player 1", "QhJh"), ("Player 2", "Kc9s")),
        note="full house beats flush",
    ),
    Example(
        "Egyptian Hold'em Rules, 'House Party beats a full house'",
        "egyptian",
        "8♠8♦3♣K♥5♠K♦",
        (("Player A", "8♥8♣"), ("Player B", "K♠3♦")),
    ),
    Example(
        "Tahoe Rules, 'Three hole cards, but only two count'",
        "tahoe",
        "J♥10♣5♥2♠9♦",
        (("Player", "A♥K♥Q♥"),),
    ),
    Example(
        "Tahoe Rules, 'Using one hole card'",
        "tahoe",
        "A♠A♦8♣8♥3♠",
        (("Player A", "A♣2♦4♥"), ("Player B", "8♠K♦K♣")),
    ),
    Example(
        "Switch Poker Rules, 'A switch spoils a draw'",
        "switch",
        "",
        (("A before the switch", "K♥K♦7♣4♠2♥"), ("A after the switch", "K♥Q♠7♣4♠2♥")),
        note="A loses K♦ and receives Q♠",
    ),
)


@dataclass(frozen=True)
class Spot:
    """A flop spot whose remaining boards are all enumerated."""

    game: str
    flop: str
    holes: tuple[str, ...]


SPOTS: tuple[Spot, ...] = (
    Spot("holdem", "2h7hTc", ("AhKh", "QsQd")),
    Spot("tahoe", "Th9h3c", ("AhKhQd", "JsJc2d")),
    Spot("spanish", "Jh9h8c", ("AhKh", "QsQd")),
    Spot("egyptian", "Jh9h8c", ("AhKh", "QsQd")),
)


def _text(cards: str) -> str:
    return equity.format_cards(equity.card_codes(cards)) if cards else "-"


def _winners(names: list[str], hands: list[equity.Hand]) -> str:
    best = max(hands)
    top = [name for name, hand in zip(names, hands, strict=True) if hand == best]
    return top[0] if len(top) == 1 else "split between " + " and ".join(top)


def print_examples() -> None:
    """Evaluate and print every worked example."""
    print("Worked examples of the rule documents")
    print("=====================================")
    for example in EXAMPLES:
        names = [name for name, _ in example.players]
        hands = [
            equity.evaluate(example.game, hole, example.board, wild=example.wild)
            for _, hole in example.players
        ]
        print()
        print(example.source)
        details = [f"board {_text(example.board)}"] if example.board else ["no board"]
        if example.wild:
            details.append(f"wild rank {example.wild}")
        if example.note:
            details.append(example.note)
        print("  " + "; ".join(details))
        print(f"  {'game':<9} {'player':<20} {'hole':<11} {'hand':<13} description")
        for name, (_, hole), hand in zip(names, example.players, hands, strict=True):
            print(f"  {example.game:<9} {name:<20} {_text(hole):<11} {hand.cards:<13} {hand}")
        if len(hands) > 1:
            print(f"  winner: {_winners(names, hands)}")


def exact_equity(game: str, holes: tuple[str, ...], flop: str) -> dict[str, np.ndarray | int]:
    """Exact win, tie and equity shares of each player over every completion of ``flop``.

    Returns a dict with ``boards`` (how many boards were enumerated) and arrays
    ``win``, ``tie`` and ``equity`` (one entry per player, fractions of the boards).
    """
    rules = equity.get_game(game)
    hole_codes = [equity.card_codes(h) for h in holes]
    flop_codes = equity.card_codes(flop)
    used = set(np.concatenate([*hole_codes, flop_codes]).tolist())
    stub = [c for c in rules.deck if c not in used]
    to_come = rules.board_cards - len(flop_codes)
    rest = np.array(list(itertools.combinations(stub, to_come)), dtype=np.uint8)
    n = len(rest)
    boards = np.hstack([np.tile(flop_codes, (n, 1)), rest]).astype(np.uint8)
    strengths = np.stack(
        [equity.evaluate_many(game, np.tile(h, (n, 1)), boards) for h in hole_codes], axis=1
    )
    winners = strengths == strengths.max(axis=1, keepdims=True)
    n_winners = winners.sum(axis=1, keepdims=True)
    return {
        "boards": n,
        "win": (winners & (n_winners == 1)).sum(axis=0) / n,
        "tie": (winners & (n_winners > 1)).sum(axis=0) / n,
        "equity": (winners / n_winners).sum(axis=0) / n,
    }


def print_equities() -> None:
    """Print the exact equity of each player in every spot of :data:`SPOTS`."""
    print()
    print("Exact equity on the flop: every remaining board, with equity.evaluate_many")
    print("==========================================================================")
    print()
    print(f"{'game':<9} {'flop':<7} {'hole':<7} {'boards':>7} {'win':>8} {'tie':>8} {'equity':>8}")
    for spot in SPOTS:
        result = exact_equity(spot.game, spot.holes, spot.flop)
        for i, hole in enumerate(spot.holes):
            print(
                f"{spot.game:<9} {_text(spot.flop):<7} {_text(hole):<7} {result['boards']:>7,} "
                f"{result['win'][i]:>8.2%} {result['tie'][i]:>8.2%} {result['equity'][i]:>8.2%}"
            )


def main() -> None:
    """Print the worked examples and the equity table."""
    start = time.perf_counter()
    print_examples()
    print_equities()
    print()
    print(f"done in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
