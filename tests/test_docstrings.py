"""The documented API (issue 24): every public class and function has a docstring, and the
examples in docstrings run.

Public means: a top-level class or function whose name does not start with `_`, and each
method of such a class whose name does not start with `_` (properties, class and static
methods included), in every module of the package whose name does not start with `_` (a
package's `__init__.py` counts: it is the package's own module). The census reads the
source (ast), so it imports nothing and takes a fraction of a second.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.paths import ROOT

# The share of public definitions that must have a docstring, per package.
COVERAGE = {"conundrum": 1.0, "renderers": 0.9}
# The core modules each carry at least MIN_EXAMPLES doctest examples.
CORE = ("tiles", "placement", "board", "notation", "fits", "rules")
MIN_EXAMPLES = 3

Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def public_definitions(source: str) -> Iterator[tuple[str, Definition]]:
    """Each public definition of a module's source: (qualified name, node)."""
    for node in ast.parse(source).body:
        if not isinstance(node, DEFINITIONS) or node.name.startswith("_"):
            continue
        yield node.name, node
        if isinstance(node, ast.ClassDef):
            for sub in node.body:
                if isinstance(sub, FUNCTIONS) and not sub.name.startswith("_"):
                    yield f"{node.name}.{sub.name}", sub


def module_files(package: str) -> list[Path]:
    """The package's modules whose names (and folders) do not start with `_`,
    `__init__.py` included."""
    out = []
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = path.relative_to(ROOT).parts
        if any(p.startswith("_") for p in parts[:-1]):
            continue
        if path.name.startswith("_") and path.name != "__init__.py":
            continue
        out.append(path)
    return out


def undocumented(source: str, where: str) -> tuple[int, list[str]]:
    """How many public definitions the source has, and `where:line name` of each one
    without a docstring."""
    total, missing = 0, []
    for name, node in public_definitions(source):
        total += 1
        if ast.get_docstring(node) is None:
            missing.append(f"{where}:{node.lineno} {name}")
    return total, missing


def census(package: str) -> tuple[int, list[str]]:
    """The package's public definitions, and those without a docstring."""
    total, missing = 0, []
    for path in module_files(package):
        n, lacking = undocumented(path.read_text(encoding="utf-8"),
                                  str(path.relative_to(ROOT)))
        total += n
        missing += lacking
    return total, missing


@pytest.mark.parametrize("package", sorted(COVERAGE))
def test_public_api_has_docstrings(package: str) -> None:
    total, missing = census(package)
    assert total > 100, f"the census of {package}/ found only {total} public definitions"
    covered = (total - len(missing)) / total
    assert covered >= COVERAGE[package], (
        f"{package}/: {covered:.1%} of {total} public classes and functions have a docstring "
        f"(at least {COVERAGE[package]:.0%} must); missing:\n" + "\n".join(missing))


def test_census_sees_a_missing_docstring() -> None:
    """The census counts what it should: methods of public classes and top-level
    definitions, never private ones or functions nested in a function."""
    source = '''
class Shown:
    """Documented."""

    def method(self):
        return 1

    @property
    def prop(self):
        """Documented."""

    def _private(self):
        pass


class _Hidden:
    def method(self):
        pass


def bare():
    def inner():
        pass


def told():
    """Documented."""
'''
    total, missing = undocumented(source, "m.py")
    assert total == 5
    assert missing == ["m.py:5 Shown.method", "m.py:21 bare"]


def run_doctests(module_name: str) -> tuple[int, str]:
    """Run a module's doctests: (examples run, the report of those that failed)."""
    module = importlib.import_module(module_name)
    out = io.StringIO()
    runner = doctest.DocTestRunner(verbose=False)
    for test in doctest.DocTestFinder(exclude_empty=True).find(module, module_name):
        runner.run(test, out=out.write)
    return runner.tries, out.getvalue() if runner.failures else ""


def modules_with_examples() -> list[str]:
    """Every module of both packages whose source holds a `>>>` example."""
    names = []
    for package in COVERAGE:
        for path in sorted((ROOT / package).rglob("*.py")):
            if ">>>" in path.read_text(encoding="utf-8"):
                module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
                names.append(module.removesuffix(".__init__"))
    return names


@pytest.mark.parametrize("module", [f"conundrum.{name}" for name in CORE])
def test_core_modules_have_examples(module: str) -> None:
    attempted, failures = run_doctests(module)
    assert not failures, failures
    assert attempted >= MIN_EXAMPLES, (
        f"{module}: {attempted} doctest examples; the core modules carry at least "
        f"{MIN_EXAMPLES}")


@pytest.mark.parametrize("module", [m for m in modules_with_examples()
                                    if m.removeprefix("conundrum.") not in CORE])
def test_doctests_pass(module: str) -> None:
    attempted, failures = run_doctests(module)
    assert attempted, f"{module} has `>>>` in its source but no doctest ran"
    assert not failures, failures
