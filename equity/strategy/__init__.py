"""Strategy: the best decisions, not only the equity of fixed ones.

Draw decisions (:mod:`equity.strategy.draw`: the exact value of every hold in a draw
game, the whole-game optimum of a pay table; :mod:`equity.strategy.showdown`: the share of
the pot each hold wins against opponents, in draw poker and Switch, and the model behind the
``switch_aware`` draw policies) and push/fold equilibria
(:mod:`equity.strategy.push_fold_solver`: no module is named like a function of the
package, so ``equity.strategy.push_fold`` is always the function).  The names below are
imported on first use, so ``import equity`` stays light.
"""

from __future__ import annotations

import importlib

#: Public name -> the module of this package that defines it.
_HOMES = {
    "hold_values": "draw",
    "optimal_return": "draw",
    "PAY_TABLES": "draw",
    "PayTable": "draw",
    "OptimalReturn": "draw",
    "showdown_hold_values": "showdown",
    "model_hold_values": "showdown",
    "policy_gain": "showdown",
    "push_fold": "push_fold_solver",
    "PushFold": "push_fold_solver",
    "push_fold_thresholds": "push_fold_solver",
    "exchange_values": "eldorado",
    "best_response_action": "eldorado",
    "best_response": "eldorado",
    "BestResponse": "eldorado",
    "exploitability": "eldorado",
    "exploitability_by_deal": "eldorado",
    "ExchangeGain": "eldorado",
    "give_up_rates": "eldorado",
}

__all__ = sorted(_HOMES)


def __getattr__(name: str):
    if name in _HOMES:
        return getattr(importlib.import_module(f"equity.strategy.{_HOMES[name]}"), name)
    raise AttributeError(f"module 'equity.strategy' has no attribute {name!r}")
