"""The output formats of the command line's result tables, shared by every command.

``--format table`` prints an aligned text table; ``csv`` and ``json`` print the same rows with the
table's attributes (``DataFrame.attrs``: the game, method, seed, trials... of the result) beside
them, in one shape for every command:

- CSV: one comment line per attribute, ``# key: value`` with the value in JSON
  (``# game: "holdem"``, ``# seed: 7``, ``# trials: null``), then the header and the rows.
  A list (or a mapping) in a cell is written as JSON text (``["flush", "straight"]``).  :func:`read_csv` reads
  it back, attributes included.
- JSON: one object, ``{"attrs": {...}, "rows": [{column: value, ...}, ...]}``; lists are arrays,
  a missing value is ``null`` and an infinite one the string ``"inf"`` or ``"-inf"``.

Numbers in JSON are rounded as the command's table prints them (:func:`records`), so the two
agree digit for digit; CSV keeps every digit.
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import Mapping
from enum import StrEnum
from typing import Any

__all__ = ["OutputFormat", "TIMINGS", "RESULT_KEYS", "plain", "output_attrs", "records", "json_text",
           "csv_text", "read_csv"]


class OutputFormat(StrEnum):
    """``--format``: an aligned text table, CSV or JSON."""

    table = "table"
    csv = "csv"
    json = "json"


#: Attributes that time a computation: left out of the CSV and JSON outputs, so that the same
#: question with the same seed prints the same text.
TIMINGS = frozenset({"seconds", "setup_seconds"})
#: The attributes every computed result prints, first and in this order (None where one does not
#: apply: no seed or trials for an exact result).
RESULT_KEYS = ("game", "method", "seed", "trials")


def _round(value: float, decimals: int | None, digits: int | None) -> float:
    if decimals is not None:
        return round(value, decimals)
    if digits is not None and value != 0:
        return float(f"{value:.{digits}g}")
    return value


def plain(value: Any, *, decimals: int | None = None, digits: int | None = None) -> Any:
    """``value`` as a plain JSON value: numpy and pandas scalars as Python numbers, tuples and
    arrays as lists, a missing value (None, NaN, ``pd.NA``) as None, an infinite float as
    ``"inf"`` or ``"-inf"``; floats rounded to ``decimals`` places or ``digits`` significant
    digits when given.

    Examples
    --------
    >>> import numpy as np
    >>> plain(np.float64(0.123456789), digits=6), plain(float("inf")), plain(np.array([1, 2]))
    (0.123457, 'inf', [1, 2])
    """
    if value is None or isinstance(value, (str, bool)):
        return value
    if isinstance(value, Mapping):
        return {str(k): plain(v, decimals=decimals, digits=digits) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)) or hasattr(value, "tolist") and getattr(
            value, "ndim", 0) > 0:
        items = value.tolist() if hasattr(value, "tolist") else list(value)
        return [plain(v, decimals=decimals, digits=digits) for v in items]
    if hasattr(value, "item"):  # a numpy scalar
        value = value.item()
    if isinstance(value, bool) or isinstance(value, int):
        return value
    if isinstance(value, float):
        if math.isnan(value):
            return None
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return _round(value, decimals, digits)
    try:
        import pandas as pd

        if value is pd.NA or value is pd.NaT:
            return None
    except ImportError:  # pragma: no cover - pandas is a dependency
        pass
    return str(value)


def output_attrs(attrs: Mapping[str, Any], *, result: bool = True) -> dict[str, Any]:
    """A table's attributes as they are printed: plain JSON values, without the timings
    (:data:`TIMINGS`); for a computed ``result``, :data:`RESULT_KEYS` first (None where one does
    not apply), then the others in their order.

    Examples
    --------
    >>> output_attrs({"method": "exact", "game": "holdem", "outcomes": 990, "seconds": 0.01})
    {'game': 'holdem', 'method': 'exact', 'seed': None, 'trials': None, 'outcomes': 990}
    """
    first = {key: plain(attrs.get(key)) for key in RESULT_KEYS} if result else {}
    rest = {key: plain(value) for key, value in attrs.items() if key not in TIMINGS and key not in first}
    return first | rest


def records(frame, *, decimals: int | Mapping[str, int] | None = None,
            digits: int | None = None) -> list[dict[str, Any]]:
    """The rows of ``frame`` as plain JSON objects (:func:`plain`), floats rounded as the table
    prints them: to ``decimals`` places (one number for every column, or one per column name) or
    to ``digits`` significant digits."""
    rows = []
    columns = list(frame.columns)
    places = decimals if isinstance(decimals, Mapping) else {c: decimals for c in columns}
    for values in frame.itertuples(index=False, name=None):
        rows.append({str(c): plain(v, decimals=places.get(c), digits=digits)
                     for c, v in zip(columns, values, strict=True)})
    return rows


def json_text(attrs: Mapping[str, Any], rows: list[dict[str, Any]]) -> str:
    """The JSON output: ``{"attrs": {...}, "rows": [...]}``, indented."""
    return json.dumps({"attrs": plain(dict(attrs)), "rows": rows}, indent=2)


def _nested(value: Any) -> bool:
    """Whether a cell holds a list, an array or a mapping (written as JSON text in CSV)."""
    return isinstance(value, (list, tuple, Mapping)) or getattr(value, "ndim", 0) > 0


def _cell(value: Any) -> Any:
    """A CSV cell: a list, array or mapping as JSON text, anything else as it is."""
    return json.dumps(plain(value)) if _nested(value) else value


def csv_text(frame, attrs: Mapping[str, Any] | None = None, *, index: bool = False) -> str:
    """The CSV output: ``# key: value`` lines (values in JSON), then the table; list cells as JSON.

    Examples
    --------
    >>> import pandas as pd
    >>> table = pd.DataFrame({"hand": ["AhKh"], "beats": [["QQ", "JJ"]]})
    >>> print(csv_text(table, {"game": "holdem", "seed": None}), end="")
    # game: "holdem"
    # seed: null
    hand,beats
    AhKh,"[""QQ"", ""JJ""]"
    >>> back = read_csv(io.StringIO(csv_text(table, {"game": "holdem", "seed": None})))
    >>> back.attrs, back.beats[0]
    ({'game': 'holdem', 'seed': None}, '["QQ", "JJ"]')
    """
    lines = [f"# {key}: {json.dumps(plain(value))}\n" for key, value in (attrs or {}).items()]
    listed = [c for c in frame.columns if frame[c].dtype == object and frame[c].map(_nested).any()]
    if listed:
        frame = frame.assign(**{c: frame[c].map(_cell) for c in listed})
    return "".join(lines) + frame.to_csv(index=index, lineterminator="\n")


def read_csv(source, **options):
    """A table written by :func:`csv_text` (a path, ``"-"`` for standard input, or an open text
    file), with its ``# key: value`` lines as ``attrs``; ``options`` go to ``pandas.read_csv``.
    List cells stay JSON text (``json.loads`` reads one)."""
    import sys

    import pandas as pd

    if source == "-":
        text = sys.stdin.read()
    elif hasattr(source, "read"):
        text = source.read()
    else:
        with open(source, encoding="utf-8") as handle:
            text = handle.read()
    lines = text.splitlines(keepends=True)
    attrs, start = {}, 0
    while start < len(lines) and lines[start].startswith("# "):
        key, sep, value = lines[start][2:].rstrip("\r\n").partition(": ")
        if not sep:
            raise ValueError(f"line {start + 1}: {lines[start].strip()!r} is not '# key: value'")
        attrs[key] = json.loads(value)
        start += 1
    frame = pd.read_csv(io.StringIO("".join(lines[start:])), **options)
    frame.attrs.update(attrs)
    return frame
