"""The package's shape, as docs/ARCHITECTURE.md describes it: each idea in one home.

These tests read the source (``ast``), so a change that crosses a module line the
architecture forbids fails here, whatever its tests say.
"""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
import textwrap
from pathlib import Path

import equity

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("equity", "simulations")


def _modules() -> dict[str, Path]:
    """Every module of the toolkit and the studies, by dotted name."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def _imports_from(path: Path):
    """``(module imported from, name)`` for every ``from X import name`` of the file."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:  # relative: resolve against the file's package
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, module] if module else base)
            for alias in node.names:
                yield module, alias.name


def test_no_private_name_crosses_a_module_line():
    # outside the kernels (plain arithmetic, sharing inline helpers) and the tests, a name with a
    # leading underscore stays in its module: what another module needs has a public name
    crossings = []
    for name, path in _modules().items():
        if name.startswith("equity._kernels"):
            continue
        for module, imported in _imports_from(path):
            if module.split(".")[0] in PACKAGES and imported.startswith("_"):
                crossings.append(f"{name} imports {imported} from {module}")
    assert crossings == []


def test_nothing_outside_the_kernels_calls_a_kernel_of_the_deal_engine_from_the_studies():
    studies = [name for name in _modules() if name.startswith("simulations")]
    reached = [f"{name} imports {module}" for name in studies
               for module, _ in _imports_from(_modules()[name]) if module.startswith("equity._kernels")]
    assert reached == []


def _shadowing(package) -> list[str]:
    """Names of ``package`` that are both one of its modules and a function it exports."""
    import importlib

    modules = {m.name for m in pkgutil.iter_modules(package.__path__)}
    found = []
    for name in sorted(modules):
        value = getattr(package, name, None)  # first access: a lazy package imports the function
        if callable(value) and not isinstance(value, type(package)):
            found.append(f"{package.__name__}.{name}")
        importlib.import_module(f"{package.__name__}.{name}")  # importing the module must not rebind it
        value = getattr(package, name, None)
        if name in getattr(package, "__all__", ()) and isinstance(value, type(package)):
            found.append(f"{package.__name__}.{name} (the module after import)")
    return found


def test_no_function_of_the_package_shadows_one_of_its_modules():
    # ``import equity.calc`` must never bind a function: the calculator is the subpackage
    # ``equity.calculator`` and the function ``equity.calc``; the same in every subpackage
    # (``equity.strategy.push_fold`` is the function, its module ``push_fold_solver``)
    import importlib

    packages = [equity] + [importlib.import_module(f"equity.{m.name}")
                           for m in pkgutil.iter_modules(equity.__path__) if m.ispkg]
    assert [name for package in packages for name in _shadowing(package)] == []
    assert callable(equity.calc) and callable(equity.evaluate)
    strategy = importlib.import_module("equity.strategy")
    assert callable(strategy.push_fold) and callable(strategy.hold_values)


def test_the_check_above_sees_a_shadowing_function(tmp_path):
    # the same check on a package made to fail it: a module ``calc`` and a function ``calc``
    package = tmp_path / "shadowed"
    package.mkdir()
    (package / "calc.py").write_text("def calc():\n    return 1\n")
    (package / "__init__.py").write_text("from shadowed.calc import calc\n")
    code = textwrap.dedent("""
        import pkgutil, shadowed
        modules = {m.name for m in pkgutil.iter_modules(shadowed.__path__)}
        print(sorted(n for n in modules if callable(getattr(shadowed, n, None))
                     and not isinstance(getattr(shadowed, n), type(shadowed))))
    """)
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.strip() == "['calc']", done.stderr


def test_the_calculator_is_a_subpackage_of_its_parts():
    from equity import calculator

    parts = {m.name for m in pkgutil.iter_modules(calculator.__path__)}
    assert {"question", "exact", "sampling", "showdown"} <= parts
    assert equity.calc is calculator.calc
