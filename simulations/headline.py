"""The ``make run`` job: the headline version of studies 1 to 4 at a modest size, and their key figures.

Run it with ``python -m simulations.headline``.  Each study runs through the
batch harness (:func:`simulations.harness.run_study`), so its tables and JSON
record land under ``results/<run id>/`` like any ``equity sim run``, and a second
``make run`` reuses the saved chunks instead of dealing again.  The sizes below
take a couple of minutes on one core; ``equity sim run STUDY --deals N`` with
the sizes of ``docs/studies.md`` gives the published precision.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from simulations.harness import StoredRunError, get_study, run_study

__all__ = ["Run", "RUNS", "main"]


@dataclass(frozen=True)
class Run:
    """One study run of the headline: the study, its size and parameters, and a heading."""

    heading: str
    study: str
    deals: int
    players: str
    params: dict[str, Any] = field(default_factory=dict)


RUNS: tuple[Run, ...] = (
    Run("1. El Dorado positional swap value (never and greedy, 2-9 players)", "eldorado-swap", 32_768, "2-9",
        {"profiles": "never,greedy"}),
    Run("1. El Dorado positional swap value (lookahead, 2, 6 and 9 players)", "eldorado-swap", 1_024, "2,6,9",
        {"profiles": "lookahead", "lookahead_deals": "1024"}),
    Run("2. Switch pair-break odds", "switch-pairs", 32_768, "2-7"),
    Run("3. Tahoe hole-card usage", "tahoe-usage", 65_536, "2,6,9"),
    Run("4. Ranking versus rarity", "rarity", 65_536, "2,6,9"),
)


def main(out: str | Path = "results") -> None:
    """Run every headline study (resuming any saved chunks) and print its key figures."""
    started = time.perf_counter()
    for run in RUNS:
        options = {"deals": run.deals, "players": run.players, "params": run.params, "out": out}
        try:
            result = run_study(run.study, **options)
        except StoredRunError as error:
            if not error.stale:  # a damaged run: one line, as the command line says it
                raise SystemExit(f"equity: {error}") from None
            # the headline's own run, made by other code (an upgrade): played again, said so
            print(f"{run.heading}: the stored run was made by other code; playing it again")
            result = run_study(run.study, rerun=True, **options)
        record = result.record
        print(run.heading)
        print(f"   {record['deals_total']:,} deals in {record['chunks']} chunks "
              f"({record['chunks_reused']} reused), {record['elapsed_seconds']:.1f} s; "
              f"tables in {result.directory}")
        for line in get_study(run.study).headline(result.tables):
            print(f"   {line}")
        print()
        sys.stdout.flush()
    print(f"all studies in {time.perf_counter() - started:.0f} s; "
          "'equity sim show RUN' (or python -m simulations.cli show RUN) prints a whole table")


if __name__ == "__main__":
    main()
