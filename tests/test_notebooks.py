"""The notebooks: each runs top to bottom at the small size, and the committed copies are rendered.

Every notebook is executed with nbclient (a real Jupyter kernel) with
``EQUITY_NOTEBOOK_SIZE=small``, which its parameter cell reads, and with
``EQUITY_RESULTS_DIR`` set to an empty folder, so each study runs at its small
size instead of loading a stored run; a cell that raises fails the test.  The
committed ``.ipynb`` files must match their paired jupytext ``.py`` files and
carry the outputs of a published-size run.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "notebooks"
NAMES = ["00_quickstart", "01_eldorado_swap_value", "02_switch_pair_break", "03_tahoe_hole_card_usage",
         "04_ranking_vs_rarity", "05_starting_hand_charts", "06_draw_strategy", "07_push_fold",
         "08_eldorado_equilibrium", "09_range_explorer"]
#: The notebooks that run no study (the others print the run they played or loaded).
NOT_STUDIES = {"00_quickstart", "05_starting_hand_charts", "09_range_explorer"}
#: Largest committed notebook (PNG figures at 100 dpi keep them well below this).
MAX_BYTES = 4_000_000


def _render_module():
    spec = importlib.util.spec_from_file_location("notebook_render", FOLDER / "render.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _read(name: str):
    return nbformat.read(FOLDER / f"{name}.ipynb", as_version=4)


def _code_cells(nb) -> list:
    return [c for c in nb.cells if c.cell_type == "code"]


def test_every_notebook_is_there() -> None:
    found = sorted(p.stem for p in FOLDER.glob("[0-9][0-9]_*.ipynb"))
    assert found == NAMES
    assert sorted(p.stem for p in FOLDER.glob("[0-9][0-9]_*.py")) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_one_parameter_cell_first_that_reads_the_size(name: str) -> None:
    cells = _code_cells(_read(name))
    tagged = [k for k, c in enumerate(cells) if "parameters" in c.metadata.get("tags", [])]
    assert tagged == [0], "exactly one cell tagged 'parameters', the first code cell"
    source = cells[0].source
    assert 'os.environ.get("EQUITY_NOTEBOOK_SIZE", "published")' in source
    assert '"small"' in source and '"published"' in source
    assert "SEED" in source


@pytest.mark.parametrize("name", NAMES)
def test_notebook_opens_with_the_question_and_closes_with_what_it_means_for_play(name: str) -> None:
    nb = _read(name)
    assert nb.cells[0].cell_type == "markdown" and nb.cells[0].source.startswith("# ")
    assert "question" in nb.cells[0].source.lower()
    assert nb.cells[-1].cell_type == "markdown" and "## What it means for play" in nb.cells[-1].source


@pytest.mark.parametrize("name", NAMES)
def test_notebook_matches_its_paired_py_file(name: str) -> None:
    jupytext = pytest.importorskip("jupytext")
    paired = jupytext.read(FOLDER / f"{name}.py")
    committed = _read(name)
    assert [(c.cell_type, c.source) for c in paired.cells] == \
        [(c.cell_type, c.source) for c in committed.cells]
    assert committed.metadata.get("jupytext", {}).get("formats") == "ipynb,py:percent"


@pytest.mark.parametrize("name", NAMES)
def test_committed_notebook_keeps_its_published_outputs(name: str) -> None:
    path = FOLDER / f"{name}.ipynb"
    assert path.stat().st_size < MAX_BYTES
    cells = _code_cells(_read(name))
    assert all(c.execution_count is not None for c in cells), "every code cell was run"
    assert all("execution" not in c.metadata for c in cells), "no timing metadata"
    outputs = [o for c in cells for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("image/png" in o.get("data", {}) for o in outputs), "figures are rendered"
    text = "".join(str(o.get("text", "")) + str(o.get("data", {}).get("text/plain", "")) for o in outputs)
    assert "size published" in text and "size small" not in text


@pytest.mark.parametrize("name", NAMES)
def test_committed_outputs_were_made_by_the_committed_code(name: str) -> None:
    # The notebook's metadata names the study and chart code its kernel loaded when it was
    # rendered, with their fingerprint: a change to any of them since the render fails here.
    render = _render_module()
    recorded = _read(name).metadata.get("equity")
    assert recorded, f"no code fingerprint: re-render with `.venv/bin/python notebooks/render.py {name[:2]}`"
    sources = recorded["sources"]
    assert f"notebooks/{name}.py" in sources
    assert "equity/plotting.py" in sources or "simulations/plots/__init__.py" in sources, "its chart code"
    now = render.fingerprint(render.code_of(FOLDER / f"{name}.py", sources))
    assert now == recorded["fingerprint"], (
        f"{name}.ipynb was rendered by other study or chart code than the committed code: "
        f"re-render it with `.venv/bin/python notebooks/render.py {name[:2]}`")


def test_the_code_fingerprint_changes_with_any_source() -> None:
    render = _render_module()
    sources = {"notebooks/01_x.py": "a = 1\n", "simulations/plots/common.py": "WIDTH = 8\n"}
    base = render.fingerprint(sources)
    assert render.fingerprint(dict(reversed(sources.items()))) == base  # not the order listed
    assert render.fingerprint({**sources, "simulations/plots/common.py": "WIDTH = 9\n"}) != base
    assert render.fingerprint({**sources, "simulations/study.py": ""}) != base
    assert render.fingerprint({"notebooks/01_x.py": "a = 1\n"}) != base
    # a file's text cannot pass for a path: the separators keep the two apart
    assert render.fingerprint({"a": "bc"}) != render.fingerprint({"ab": "c"})


def test_the_recorded_sources_are_the_fingerprinted_modules_loaded() -> None:
    render = _render_module()
    loaded = [str(render.ROOT / "simulations" / "study.py"), str(render.ROOT / "equity" / "cards.py"),
              str(render.ROOT / "equity" / "plotting.py"), "/usr/lib/python3/json/__init__.py"]
    assert sorted(render.code_of(FOLDER / "01_eldorado_swap_value.py", loaded)) == [
        "equity/plotting.py", "notebooks/01_eldorado_swap_value.py", "simulations/study.py"]


@pytest.mark.parametrize("name", NAMES)
def test_notebook_runs_at_the_small_size(name: str, tmp_path: Path) -> None:
    render = _render_module()
    nb, loaded = render.execute_recording(_read(name), size="small", results=tmp_path / "results",
                                          timeout=600)
    # what the small run loads is what the published render recorded (the fingerprint covers it)
    recorded = set(_read(name).metadata.get("equity", {}).get("sources", []))
    missing = set(render.code_of(FOLDER / f"{name}.py", loaded)) - recorded
    assert not missing, f"code the notebook loads is not in its fingerprint: {sorted(missing)}"
    outputs = [o for c in _code_cells(nb) for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("image/png" in o.get("data", {}) for o in outputs), "no figure was drawn"
    assert "size small" in "".join(str(o.get("text", "")) for o in outputs)
    if name not in NOT_STUDIES:
        text = "".join(str(o.get("text", "")) for o in outputs)
        assert "ran " in text and "deals per cell" in text, "the study ran at the small size"
