"""The output formats of the command line's result tables, shared by every command."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["OutputFormat"]


class OutputFormat(StrEnum):
    """``--format``: an aligned text table, CSV or JSON."""

    table = "table"
    csv = "csv"
    json = "json"
