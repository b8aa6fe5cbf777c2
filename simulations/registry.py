"""The registry of studies: every study module's :data:`STUDY`, by the name the command line uses.

The middle layer of ``simulations``: it imports the study modules (which import
nothing above :mod:`simulations.study`), and :mod:`simulations.harness` imports
it, so no module imports one that imports it back.
"""

from __future__ import annotations

from equity.errors import OptionError
from simulations import (
    draw_strategy,
    eldorado_equilibrium,
    eldorado_swap,
    push_fold,
    rarity,
    starting_hands,
    switch_pairs,
    tahoe_usage,
)
from simulations.study import Study

__all__ = ["STUDY_MODULES", "studies", "get_study"]

#: The study modules, in the order of their issues (studies 1 to 5, then the draw strategy of issue 27
#: and the push/fold charts and the El Dorado exchange strategy of issue 28).
STUDY_MODULES = (eldorado_swap, switch_pairs, tahoe_usage, rarity, starting_hands, draw_strategy, push_fold,
                 eldorado_equilibrium)


def studies() -> dict[str, Study]:
    """Every study, by name, in the order of the issue."""
    return {module.STUDY.name: module.STUDY for module in STUDY_MODULES}


def get_study(name: str | Study) -> Study:
    """The study of that name (a :class:`Study` is returned as it is); the error lists the known ones."""
    if isinstance(name, Study):
        return name
    known = studies()
    if name not in known:
        raise OptionError(f"unknown study {name!r}: known studies are {', '.join(known)}")
    return known[name]
