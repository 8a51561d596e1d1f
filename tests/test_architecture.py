"""The house rules that no single test of a feature would notice breaking."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import ROOT

RULE_NAMES = {"standard", "junior"}
# import-linter's command, run by the interpreter running the tests (as tests/support/program.py
# runs the program): no path into a venv
LINT_IMPORTS = [sys.executable, "-c",
                "import sys; from importlinter.cli import lint_imports_command; "
                "sys.exit(lint_imports_command())"]


def _comparisons_with_rule_names(path: Path) -> list[str]:
    """`x == "junior"`-style tests of a rule variant in one file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            for operand in (node.left, *node.comparators):
                if isinstance(operand, ast.Constant) and operand.value in RULE_NAMES:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_no_rule_variant_switch_outside_the_rule_sets() -> None:
    # a rule set answers for its own variant (instruction text, trackers, bounds...);
    # a switch on its name elsewhere is a second place to change when a variant is added
    files = sorted((ROOT / "conundrum").rglob("*.py")) + sorted((ROOT / "renderers").rglob("*.py"))
    found = [hit for f in files if f.name != "rules.py" for hit in _comparisons_with_rule_names(f)]
    assert found == []


def test_the_import_layers_hold() -> None:
    result = subprocess.run(LINT_IMPORTS, cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:]
    assert "0 broken" in result.stdout


@pytest.mark.parametrize("importer, imported", [
    ("conundrum/tiles.py", "from conundrum.solver import positions"),
    ("conundrum/rules.py", "from conundrum.generate.bounds import check_sizes"),
])
def test_a_backwards_import_breaks_the_layers(tmp_path, importer, imported) -> None:
    # the contract is not vacuous: a copy of the packages with one import added the wrong
    # way round fails it
    for package in ("conundrum", "renderers"):
        shutil.copytree(ROOT / package, tmp_path / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / importer
    target.write_text(target.read_text(encoding="utf-8") + f"\n{imported}\n", encoding="utf-8")
    result = subprocess.run(LINT_IMPORTS, cwd=tmp_path, capture_output=True, text=True,
                            env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert result.returncode != 0
    assert "BROKEN" in result.stdout


def test_a_generate_module_loads_without_the_generators_driver() -> None:
    # grading (generate.effort) must not pay for the search, SAT and the driver
    code = ("import sys, conundrum.generate.effort; "
            "print(sorted(m for m in sys.modules if m.startswith('conundrum.generate.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "conundrum.generate.driver" not in out and "conundrum.generate.search" not in out
    assert "conundrum.generate.effort" in out


def _opening(path: Path, text: str) -> str:
    """What a module says at its top: a Python module's docstring, a script's first comment."""
    if path.suffix == ".py":
        return ast.get_docstring(ast.parse(text)) or ""
    return text.split("*/")[0] if text.startswith("/*") else ""


def test_a_module_over_400_lines_says_why_at_its_top() -> None:
    long = []
    for path in sorted([*(ROOT / "conundrum").rglob("*.py"), *(ROOT / "renderers").rglob("*.py"),
                        *(ROOT / "renderers").rglob("*.js")]):
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > 400 and "400 lines" not in _opening(path, text):
            long.append(str(path.relative_to(ROOT)))
    assert long == []


def test_the_400_line_rule_sees_the_javascript() -> None:
    # a script of 401 lines without a reason at its top is caught, one with a reason is not
    long = "/* a module */\n" + "var x = 1;\n" * 401
    assert long.count("\n") > 400 and "400 lines" not in _opening(Path("a.js"), long)
    said = "/* Over 400 lines: one table. */\n" + "var x = 1;\n" * 401
    assert "400 lines" in _opening(Path("a.js"), said)
    assert list((ROOT / "renderers" / "web" / "player").glob("*.js"))


def test_every_javascript_module_is_in_the_page() -> None:
    # a module file left out of the page's list would silently never run
    from renderers.web.page import PLAYER_MODULES, RULES_MODULES, player_script

    web = ROOT / "renderers" / "web"
    assert sorted(p.stem for p in (web / "rules").glob("*.js")) == sorted(RULES_MODULES)
    assert sorted(p.stem for p in (web / "player").glob("*.js")) == sorted(PLAYER_MODULES)
    script = player_script()
    assert "ConundrumRules" in script and "window.conundrum" in script


def _imports_of(path: Path, package: str) -> list[str]:
    """The modules a file imports, absolute: `from . import x` in package p is `p.x` when
    x is a module of p, else `p` itself (a name its __init__ defines)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")
            base = base[:len(base) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            folder = ROOT.joinpath(*module.split("."))
            found += [f"{module}.{a.name}" if (folder / f"{a.name}.py").exists()
                      or (folder / a.name).is_dir() else module for a in node.names]
        elif isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
    return found


def test_no_module_imports_the_package_that_imports_it() -> None:
    # a package's __init__ imports its modules; a module importing the __init__ back is a
    # parent/child loop (the cli's commands once did, for `app`: now cli/app.py's)
    loops = []
    for init in sorted([*(ROOT / "conundrum").rglob("__init__.py"),
                        *(ROOT / "renderers").rglob("__init__.py")]):
        package = ".".join(init.parent.relative_to(ROOT).parts)
        for module in sorted(init.parent.glob("*.py")):
            if module.name != "__init__.py" and package in _imports_of(module, package):
                loops.append(f"{module.relative_to(ROOT)} imports {package}")
    assert loops == []


def test_plugins_use_only_the_clis_public_helpers() -> None:
    for path in sorted((ROOT / "renderers" / "cli").glob("*.py")):
        reached = [m for m in _imports_of(path, "renderers.cli")
                   if m.startswith("conundrum.cli.")]
        assert reached == [], f"{path.name}: import from conundrum.cli itself, not {reached}"
