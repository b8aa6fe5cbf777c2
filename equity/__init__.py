"""Exact and Monte Carlo equity for Texas Hold'em and unusual home poker variants.

The public API: card notation (:func:`card_codes`, :func:`format_cards`), the
game descriptions (:func:`get_game`, :data:`GAMES`; custom games with
:func:`define_game`, :func:`load_game` and :func:`game_to_toml`), hand evaluation
(:func:`evaluate`, :func:`evaluate_low`, :func:`evaluate_many`, ...), whole
deals (:func:`simulate`, :func:`play_deals`, :func:`exchange`, :func:`deal_from_order`) and the pot
(:func:`settle`, :func:`settle_many`, :func:`pot_shares_many`), and equities of
hands and ranges (:func:`calc`).
"""

from equity.calculator import PrecisionNotReachedWarning, calc
from equity.cards import card_codes, format_cards
from equity.deal import Deals, deal_from_order, play_deals, simulate
from equity.eldorado_exchange import exchange
from equity.errors import CardError, GameError, InvalidInputError, OptionError
from equity.evaluator import (
    Hand,
    categories_of,
    category_positions,
    evaluate,
    evaluate_low,
    evaluate_low_many,
    evaluate_many,
    hole_cards_used_many,
)
from equity.games import GAMES, Game, get_game
from equity.games.custom import (
    check_game,
    define_game,
    game_from_toml,
    game_to_toml,
    load_game,
    save_game,
)
from equity.pots import pot_shares_many, settle, settle_many
from equity.ranges import Range, parse_range
from equity.rankings import Category

__all__ = [
    "calc",
    "PrecisionNotReachedWarning",
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
    "simulate",
    "play_deals",
    "Deals",
    "deal_from_order",
    "exchange",
    "settle",
    "settle_many",
    "pot_shares_many",
    "parse_range",
    "Range",
    "InvalidInputError",
    "CardError",
    "GameError",
    "OptionError",
]

__version__ = "0.1.0"
