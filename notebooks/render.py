"""Build and execute the notebooks from their paired ``.py`` files (jupytext ``py:percent``).

Usage, from the repository root::

    .venv/bin/python notebooks/render.py                      # every notebook, published size
    .venv/bin/python notebooks/render.py --size small 02 04   # some, at the tests' size

Each ``NN_name.py`` is read with jupytext, executed with nbclient in the
``notebooks`` folder (the kernel sees ``EQUITY_NOTEBOOK_SIZE`` and, if given,
``EQUITY_RESULTS_DIR``), and written next to it as ``NN_name.ipynb`` with its
outputs.  Cell ids are the cells' positions, so a render changes only what the
code changed; no execution timing is recorded.  ``tests/test_notebooks.py`` uses
:func:`execute` on the committed ``.ipynb`` files.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SIZES = ("small", "published")


def notebooks(names: list[str] | None = None) -> list[Path]:
    """The paired ``.py`` files of the notebooks (``NN_*.py``), all or those whose names start with ``names``."""
    found = sorted(p for p in HERE.glob("[0-9][0-9]_*.py"))
    if names:
        found = [p for p in found if any(p.stem.startswith(n) for n in names)]
    return found


def execute(nb, *, size: str, results: str | os.PathLike | None = None, timeout: int = 1200):
    """Execute a notebook (an ``nbformat`` node) in place in the ``notebooks`` folder and return it."""
    from nbclient import NotebookClient

    if size not in SIZES:
        raise ValueError(f"size must be one of {SIZES}, got {size!r}")
    saved = {k: os.environ.get(k) for k in ("EQUITY_NOTEBOOK_SIZE", "EQUITY_RESULTS_DIR")}
    os.environ["EQUITY_NOTEBOOK_SIZE"] = size
    if results is not None:
        os.environ["EQUITY_RESULTS_DIR"] = str(results)
    try:
        client = NotebookClient(nb, timeout=timeout, kernel_name="python3", record_timing=False,
                                resources={"metadata": {"path": str(HERE)}})
        client.execute()
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    return nb


def build(path: Path):
    """The notebook of a paired ``.py`` file, with stable cell ids and no outputs."""
    import jupytext

    nb = jupytext.read(path)
    for k, cell in enumerate(nb.cells):
        cell["id"] = f"cell-{k:02d}"
    return nb


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="notebook name prefixes (default: all)")
    parser.add_argument("--size", choices=SIZES, default="published")
    parser.add_argument("--results", default=None, help="folder of stored study runs (default ../results)")
    args = parser.parse_args(argv)
    import nbformat

    for path in notebooks(args.names):
        started = time.perf_counter()
        nb = execute(build(path), size=args.size, results=args.results)
        nbformat.write(nb, path.with_suffix(".ipynb"))
        print(f"{path.with_suffix('.ipynb').name}: {time.perf_counter() - started:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
