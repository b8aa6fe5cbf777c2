"""The toolkit's exceptions: every bad input raises a ``ValueError`` subclass."""

from __future__ import annotations

__all__ = ["InvalidInputError", "CardError", "GameError", "OptionError", "check_flag"]


class InvalidInputError(ValueError):
    """Base class for every error caused by input the toolkit cannot accept."""


class CardError(InvalidInputError):
    """A card string or code that is malformed, duplicated or not in the game's deck."""


class GameError(InvalidInputError):
    """An unknown game, or a game description that cannot be played."""


class OptionError(InvalidInputError):
    """An option that the chosen game does not have, or a value it does not allow."""


def check_flag(value, name: str) -> bool:
    """``value`` as a bool when it is True or False (numpy's too); anything else is an
    :class:`OptionError` naming ``name``, so that a string such as ``"no"`` is not read as True."""
    import numpy as np

    if not isinstance(value, (bool, np.bool_)):
        raise OptionError(f"{name} must be True or False, got {value!r}")
    return bool(value)
