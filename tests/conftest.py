"""Shared test setup: import paths, and exhaustive hand lists and censuses."""

from __future__ import annotations

import json
import os
import sys
import time
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest

TESTS = Path(__file__).resolve().parent
for _path in (TESTS.parent, TESTS):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

#: Published category counts of the 2,598,960 five-card hands of a 52-card deck.
STANDARD_FIVE_CARD_CENSUS = {
    "straight_flush": 40, "four_of_a_kind": 624, "full_house": 3744, "flush": 5108,
    "straight": 10200, "three_of_a_kind": 54912, "two_pair": 123552,
    "one_pair": 1098240, "high_card": 1302540,
}
#: Published number of distinct five-card hand values (equivalence classes).
STANDARD_DISTINCT_VALUES = 7462


def spanish_census_by_combinatorics() -> dict[str, int]:
    """Category counts of the C(28, 5) Spanish five-card hands, worked out by hand.

    Seven ranks (8 to A), four suits; four straights: A(as a seven)-8-9-T-J, 8-Q,
    9-K and T-A.
    """
    ranks, suits, straights = 7, 4, 4
    sf = straights * suits
    return {
        "straight_flush": sf,
        "four_of_a_kind": ranks * (4 * ranks - 4),
        "flush": comb(ranks, 5) * suits - sf,
        "full_house": ranks * comb(4, 3) * (ranks - 1) * comb(4, 2),
        "straight": straights * (suits**5 - suits),
        "three_of_a_kind": ranks * comb(4, 3) * comb(ranks - 1, 2) * 4**2,
        "two_pair": comb(ranks, 2) * comb(4, 2) ** 2 * (ranks - 2) * 4,
        "one_pair": ranks * comb(4, 2) * comb(ranks - 1, 3) * 4**3,
        "high_card": (comb(ranks, 5) - straights) * (suits**5 - suits),
    }


#: The order of the test files for a cold run on two workers (``--dist loadfile``: each file
#: runs on one worker, in this order as workers come free; see pyproject.toml).  Most of a cold
#: run is Numba compiling the calculator's fused kernels, a few minutes each: the calculator's
#: two files come first, so the Switch kernels compile on one core while the others compile on
#: the other.  The files that run the toolkit end to end (the README's and docstrings'
#: examples, the notebooks) come last: by then the focused tests have compiled and cached the
#: kernels, where run early they compiled the same kernels again beside the other worker.
FIRST = ("tests/test_calc.py::", "tests/test_calc_switch.py::")
LAST = ("tests/test_docs.py::", "tests/test_notebooks.py::")


def _file_rank(nodeid: str) -> int:
    for rank, prefix in enumerate(FIRST):
        if nodeid.startswith(prefix):
            return rank
    return len(FIRST) + 1 if nodeid.startswith(LAST) else len(FIRST)


def pytest_collection_modifyitems(config, items) -> None:
    items.sort(key=lambda item: _file_rank(item.nodeid))  # a stable sort: order kept within


@pytest.fixture(scope="session")
def all_five_card_hands() -> np.ndarray:
    """Every five-card hand of the 52-card deck as a (2598960, 5) uint8 array."""
    return np.fromiter(combinations(range(52), 5), dtype=np.dtype((np.uint8, 5)))


@pytest.fixture
def run_cli(capsys):
    """Run the ``equity`` command in this process: ``run_cli(*args) -> (status, stdout, stderr)``."""
    from equity.cli import main

    def run(*args: str) -> tuple[int, str, str]:
        try:
            main(list(args))
            code = 0
        except SystemExit as stop:
            code = int(stop.code or 0)
        out = capsys.readouterr()
        return code, out.out, out.err

    return run


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """With ``EQUITY_COMPILE_REPORT=<folder>``, each worker appends to a file there the kernels
    each test compiled and the test's wall time (what a cold run spends where, past the warm-up)."""
    folder = os.environ.get("EQUITY_COMPILE_REPORT")
    if not folder:
        return (yield)

    from equity.setup_notices import compile_log

    before = len(compile_log())
    started = time.perf_counter()
    try:
        return (yield)
    finally:
        compiled = compile_log()[before:]
        line = {"test": item.nodeid, "seconds": round(time.perf_counter() - started, 2),
                "compiled": [(name, round(s, 2)) for name, s in compiled]}
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        with open(Path(folder) / f"compile-{worker}.jsonl", "a") as out:
            out.write(json.dumps(line) + "\n")
