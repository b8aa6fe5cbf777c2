"""Build and execute the notebooks from their paired ``.py`` files (jupytext ``py:percent``).

Usage, from the repository root::

    .venv/bin/python notebooks/render.py                      # every notebook, published size
    .venv/bin/python notebooks/render.py --size small 02 04   # some, at the tests' size

Each ``NN_name.py`` is read with jupytext, executed with nbclient in the
``notebooks`` folder (the kernel sees ``EQUITY_NOTEBOOK_SIZE`` and, if given,
``EQUITY_RESULTS_DIR``), and written next to it as ``NN_name.ipynb`` with its
outputs.  Cell ids are the cells' positions, so a render changes only what the
code changed; no execution timing is recorded.  The notebook's metadata records the code that
made its outputs (:func:`stamp`).  ``tests/test_notebooks.py`` uses :func:`execute` on the
committed ``.ipynb`` files and checks their recorded code against the committed code.
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
    """The paired ``.py`` files of the notebooks (``NN_*.py``), all or those whose names start
    with ``names``."""
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


#: What a notebook's outputs are made by, besides its own source: the study and chart code it
#: loads (``simulations/``, the charts of ``equity.plotting``, the solvers of ``equity.strategy``
#: and the range explorer's tables and charts, ``equity.explorer``).  The library's kernels are
#: not listed: a stored run is tied to them by its own fingerprint (``simulations.harness``) and
#: is played again when they change.
FINGERPRINTED = ("simulations/", "equity/plotting.py", "equity/strategy/", "equity/explorer.py")
ROOT = HERE.parent
_LOADED = ("import json as _json, sys as _sys\n"
           "print(_json.dumps(sorted({getattr(_m, '__file__', None) or ''\n"
           "                          for _m in list(_sys.modules.values())})))")


def fingerprint(sources: dict[str, str]) -> str:
    """The fingerprint of a notebook's code: SHA-256 of its sources' paths and texts (``{path: text}``)."""
    import hashlib

    digest = hashlib.sha256()
    for path in sorted(sources):
        digest.update(path.encode() + b"\0" + sources[path].encode() + b"\0")
    return digest.hexdigest()


def code_of(notebook: Path, loaded: list[str]) -> dict[str, str]:
    """The notebook's paired ``.py`` file and the fingerprinted modules among ``loaded`` (files or
    repository-relative paths), as ``{repository-relative path: text}``."""
    sources = {notebook.with_suffix(".py").relative_to(ROOT).as_posix(): ""}
    for name in loaded:
        path = Path(name)
        path = path if path.is_absolute() else ROOT / path
        try:
            relative = path.resolve().relative_to(ROOT).as_posix()
        except ValueError:
            continue
        if relative.startswith(FINGERPRINTED) and relative.endswith(".py"):
            sources[relative] = ""
    return {relative: (ROOT / relative).read_text() for relative in sources}


def stamp(nb, notebook: Path, loaded: list[str]) -> None:
    """Record in the notebook's metadata the code its outputs were made by (``metadata.equity``:
    ``sources``, the repository files, and ``fingerprint``, :func:`fingerprint` of them);
    ``tests/test_notebooks.py`` fails when a committed notebook's fingerprint is not its code's."""
    sources = code_of(notebook, loaded)
    nb.metadata["equity"] = {"fingerprint": fingerprint(sources), "sources": sorted(sources)}


def execute_recording(nb, *, size: str, results=None, timeout: int = 1200) -> tuple[object, list[str]]:
    """:func:`execute`, and the files of the modules the notebook's kernel had loaded at its end."""
    import json

    import nbformat

    probe = nbformat.v4.new_code_cell(_LOADED)
    nb.cells.append(probe)
    try:
        execute(nb, size=size, results=results, timeout=timeout)
    finally:
        nb.cells.remove(probe)
    text = "".join(str(o.get("text", "")) for o in probe.outputs if o.output_type == "stream")
    return nb, [name for name in json.loads(text.strip().splitlines()[-1]) if name]


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
        nb, loaded = execute_recording(build(path), size=args.size, results=args.results)
        stamp(nb, path, loaded)
        nbformat.write(nb, path.with_suffix(".ipynb"))
        print(f"{path.with_suffix('.ipynb').name}: {time.perf_counter() - started:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
