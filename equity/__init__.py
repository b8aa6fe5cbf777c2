"""Exact and Monte Carlo equity for Texas Hold'em and unusual home poker variants.

The public API: card notation (:func:`card_codes`, :func:`format_cards`), the
game descriptions (:func:`get_game`, :data:`GAMES`; custom games with
:func:`define_game`, :func:`load_game` and :func:`game_to_toml`), hand evaluation
(:func:`evaluate`, :func:`evaluate_low`, :func:`evaluate_many`, ...), whole
deals (:func:`simulate`, :func:`play_deals`, :func:`exchange`, :func:`deal_from_order`) and the pot
(:func:`settle`, :func:`settle_many`, :func:`pot_shares_many`), and equities of
hands and ranges (:func:`calc`; ranges: :func:`parse_range`, percent ranges' ordering
:func:`hand_order`).
"""

import importlib
import importlib.util

#: Public name -> the module that defines it.  Names are imported on first use, so ``import
#: equity`` loads neither numpy's nor pandas' nor Numba's machinery until a function needs it
#: (the kernels are loaded, and compiled or read from the cache, when first called).
_HOMES = {
    "board_hits": "equity.board_analysis",
    "calc": "equity.calculator", "PrecisionNotReachedWarning": "equity.calculator",
    "equity_distribution": "equity.calculator.breakdown",
    "card_codes": "equity.cards", "format_cards": "equity.cards",
    "Deals": "equity.deal", "deal_from_order": "equity.deal", "play_deals": "equity.deal",
    "simulate": "equity.deal",
    "exchange": "equity.eldorado_exchange",
    "CardError": "equity.errors", "GameError": "equity.errors", "InvalidInputError": "equity.errors",
    "OptionError": "equity.errors",
    "Hand": "equity.hand", "categories_of": "equity.evaluator", "category_positions": "equity.evaluator",
    "evaluate": "equity.hand", "evaluate_low": "equity.evaluator",
    "evaluate_low_many": "equity.evaluator", "evaluate_many": "equity.evaluator",
    "hole_cards_used_many": "equity.evaluator",
    "GAMES": "equity.games", "Game": "equity.games", "get_game": "equity.games",
    "check_game": "equity.games.custom", "define_game": "equity.games.custom",
    "game_from_toml": "equity.games.custom", "game_to_toml": "equity.games.custom",
    "load_game": "equity.games.custom", "save_game": "equity.games.custom",
    "pot_shares_many": "equity.pots", "settle": "equity.pots", "settle_many": "equity.pots",
    "settle_boards": "equity.pots", "board_pot_shares": "equity.pots",
    "Range": "equity.ranges", "parse_range": "equity.ranges", "RangeSampledWarning": "equity.ranges",
    "hand_order": "equity.hand_orders",
    "Category": "equity.rankings",
    "vector_path": "equity.vector",
}


def __getattr__(name: str):
    if name in _HOMES:
        value = getattr(importlib.import_module(_HOMES[name]), name)
        globals()[name] = value  # found once: later lookups are plain attribute reads
        return value
    if not name.startswith("_") and importlib.util.find_spec(f"equity.{name}") is not None:
        return importlib.import_module(f"equity.{name}")  # a submodule, e.g. equity.strategy
    raise AttributeError(f"module 'equity' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES})


__all__ = [
    "board_hits",
    "calc",
    "PrecisionNotReachedWarning",
    "equity_distribution",
    "card_codes",
    "format_cards",
    "Hand",
    "evaluate",
    "evaluate_low",
    "evaluate_many",
    "evaluate_low_many",
    "hole_cards_used_many",
    "categories_of",
    "category_positions",
    "GAMES",
    "Game",
    "get_game",
    "define_game",
    "load_game",
    "save_game",
    "game_from_toml",
    "game_to_toml",
    "check_game",
    "Category",
    "vector_path",
    "simulate",
    "play_deals",
    "Deals",
    "deal_from_order",
    "exchange",
    "settle",
    "settle_many",
    "settle_boards",
    "board_pot_shares",
    "pot_shares_many",
    "parse_range",
    "Range",
    "RangeSampledWarning",
    "hand_order",
    "InvalidInputError",
    "CardError",
    "GameError",
    "OptionError",
]

__version__ = "0.1.0"
