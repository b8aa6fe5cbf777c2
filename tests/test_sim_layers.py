"""The layers of ``simulations``: study, then the studies, then registry and harness; no import circle.

Each module's imports are read from its source with :mod:`ast` (imports inside
functions included), and each study module is imported in a fresh interpreter to
see what it pulls in at run time.  Nothing in ``simulations`` may reach for a
private name (a leading underscore) of :mod:`equity` or of another simulations
module, nor import :mod:`equity._kernels`.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "simulations"
#: The study modules, studies 1 to 7 (the registry must list exactly these).
STUDIES = ("eldorado_swap", "switch_pairs", "tahoe_usage", "rarity", "starting_hands", "draw_strategy",
           "push_fold", "eldorado_equilibrium")
#: The layers above the studies: a study module imports none of them.
ABOVE_STUDIES = ("simulations.registry", "simulations.harness", "simulations.cli", "simulations.plots",
                 "simulations.headline")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_names(path: Path) -> list[tuple[str, str | None]]:
    """``(module, name)`` of every import in the file (``name`` None for ``import module``),
    relative imports resolved; ``from simulations import harness`` gives ``("simulations.harness", None)``
    as well, since the name may be a module."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found: list[tuple[str, str | None]] = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            for alias in node.names:
                found.append((base, alias.name))
                found.append((f"{base}.{alias.name}", None))
    return found


def imports_module(path: Path, target: str) -> bool:
    return any(module == target or module.startswith(f"{target}.") for module, _ in imported_names(path))


def test_every_study_is_in_the_registry() -> None:
    from simulations import registry

    assert [m.__name__ for m in registry.STUDY_MODULES] == [f"simulations.{s}" for s in STUDIES]


@pytest.mark.parametrize("study", STUDIES)
def test_a_study_module_imports_nothing_above_it(study: str) -> None:
    path = PACKAGE / f"{study}.py"
    for above in ABOVE_STUDIES:
        assert not imports_module(path, above), f"simulations.{study} imports {above}"
    # at run time too, in a fresh interpreter: nothing it pulls in imports the layers above
    code = (f"import json, sys; import simulations.{study} as m; "
            f"print(json.dumps([n for n in {list(ABOVE_STUDIES)!r} if n in sys.modules]))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=os.environ.copy(), capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []


def test_the_study_layer_imports_no_study_and_nothing_above() -> None:
    path = PACKAGE / "study.py"
    for target in (*(f"simulations.{s}" for s in STUDIES), *ABOVE_STUDIES):
        assert not imports_module(path, target), f"simulations.study imports {target}"


def test_the_registry_does_not_import_the_harness() -> None:
    assert not imports_module(PACKAGE / "registry.py", "simulations.harness")


def private_uses(path: Path) -> list[str]:
    """Private names of equity or simulations that the file imports or reads as attributes."""
    tree = ast.parse(path.read_text(), filename=str(path))
    ours = ("equity", "simulations")
    found = []
    bound: set[str] = set()  # local names of imported equity / simulations modules and objects
    for module, name in imported_names(path):
        if module.split(".")[0] not in ours:
            continue
        if any(part.startswith("_") and part != "__future__" for part in module.split(".")):
            if name is None:
                found.append(module)
        if name is not None and name.startswith("_"):
            found.append(f"{module}.{name}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            bound |= {(a.asname or a.name).split(".")[0] for a in node.names if a.name.split(".")[0] in ours}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in ours:
            bound |= {a.asname or a.name for a in node.names}
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                and isinstance(node.value, ast.Name) and node.value.id in bound):
            found.append(f"{node.value.id}.{node.attr}")
    return sorted(set(found))


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: module_name(p))
def test_no_private_names_of_equity_or_other_modules(path: Path) -> None:
    assert private_uses(path) == []
    assert not imports_module(path, "equity._kernels")
