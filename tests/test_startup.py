"""The start-up rule (docs/dev/development.md, "Start-up"): `conundrum --help` or a `solve`
loads nothing heavy, and an import inside a function is there for that reason alone.

The heavy modules are listed once, in that page's table; this file reads them from it, so
the page and the test cannot disagree. A function-level import is either of a module the
table lists (and the first test proves the start-up never loads it) or says why on its own
line with a `# lazy: <reason>` comment (an optional dependency, a platform's module, an
import that must happen inside a `try`).
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import ROOT

EXAMPLE = ROOT / "puzzles" / "spec-example.yaml"
GUIDE = ROOT / "docs" / "dev" / "development.md"
REASON = re.compile(r"#\s*lazy:\s*\S")


def heavy_modules() -> tuple[str, ...]:
    """The modules of the guide's "Imported lazily" table (its first column)."""
    text = GUIDE.read_text(encoding="utf-8")
    table = text[text.index("### Imported lazily"):].split("\n\n")[1]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    return tuple(name for row in rows for name in re.findall(r"`([\w.]+)`", row.split("|")[1]))


HEAVY = heavy_modules()


def test_the_guide_lists_the_heavy_modules():
    assert {"fpdf", "PIL", "pypdf", "conundrum.generate", "renderers.render"} <= set(HEAVY)


@pytest.mark.parametrize("argv", [["--help"], ["solve", str(EXAMPLE)], ["render", "--help"]])
def test_start_up_loads_none_of_the_heavy_modules(argv):
    """Plugins register without loading fpdf2 or Pillow; `make bench` times the start-up."""
    loaded = heavy_loaded_by("import contextlib, io\n"
                             "from conundrum.cli import main\n"
                             "with contextlib.redirect_stdout(io.StringIO()):\n"
                             f"    main({argv!r})\n")
    assert loaded <= rich_console_loads(), loaded


# what only a command line that may name a plugin's command loads: the entry points' lookup
# and the plugins themselves (conundrum/cli/__init__.py, `load_plugins`)
PLUGIN_LOOKUP = ("importlib.metadata", "renderers")


@pytest.mark.parametrize("argv", [["solve", str(EXAMPLE)], ["solve", "--help"],
                                  ["catalogue", "--help"], ["generate", "--help"]])
def test_a_built_in_command_looks_for_no_plugin(argv):
    """`solve` and a built-in command's help start without importlib.metadata (and its email
    package), without the plugins, and with none of the heavy modules either."""
    found = loaded_by(f"import contextlib, io\nfrom conundrum.cli import main\n"
                      f"with contextlib.redirect_stdout(io.StringIO()):\n"
                      f"    assert main({argv!r}) == 0\n", (*HEAVY, *PLUGIN_LOOKUP, "email"))
    assert found <= rich_console_loads(), found


def test_the_catalogue_commands_name_the_catalogues_variable():
    """cli/catalogue.py names the variable itself, so that its help needs no catalogue code."""
    from conundrum.book.catalogue import ENV
    from conundrum.cli.catalogue import ENV as SHOWN

    assert SHOWN == ENV


def heavy_loaded_by(code: str) -> set[str]:
    """The listed modules a fresh interpreter has loaded once it has run `code`."""
    return loaded_by(code, HEAVY)


def loaded_by(code: str, modules: tuple[str, ...]) -> set[str]:
    """Which of `modules` (or their submodules) a fresh interpreter has loaded after `code`."""
    code += (f"import sys\nprint(sorted(m for m in sys.modules "
             f"if any(m == h or m.startswith(h + '.') for h in {modules!r})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    return set(ast.literal_eval(out))


def rich_console_loads() -> set[str]:
    """The listed modules rich's console loads by itself: none from rich 13.9, but 13.8
    (the floor) imports rich.table with its console, which every printing command needs."""
    return heavy_loaded_by("import rich.console\n") & {"rich.table"}


def _absolute(node: ast.ImportFrom, module: str) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")[:-node.level] if node.level else []
    return ".".join([*base, *([node.module] if node.module else [])])


def _targets(node: ast.Import | ast.ImportFrom, module: str) -> list[str]:
    """The modules an import statement loads (`from . import spec` loads the sibling)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = _absolute(node, module)
    return [base] if node.module else [f"{base}.{alias.name}" for alias in node.names]


def _is_heavy(target: str) -> bool:
    return any(target == h or target.startswith(h + ".") for h in HEAVY)


def function_level_imports(path: Path) -> list[tuple[int, list[str], str]]:
    """Each import inside a function: its line, what it loads, and its source lines."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    relative = path.relative_to(ROOT).with_suffix("")
    module = ".".join(relative.parts[:-1] if relative.name == "__init__" else relative.parts)
    if relative.name == "__init__":
        module += ".__init__"  # `from . import x` in a package is relative to the package
    found = []
    for func in ast.walk(ast.parse(source)):
        if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(func):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    text = "\n".join(lines[node.lineno - 1:node.end_lineno])
                    found.append((node.lineno, _targets(node, module), text))
    return sorted(set((n, tuple(t), s) for n, t, s in found))  # type: ignore[arg-type]


def _top_level_modules(path: Path) -> set[str]:
    relative = path.relative_to(ROOT).with_suffix("")
    module = ".".join(relative.parts) + (".__init__" if relative.name == "__init__" else "")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {t for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))
            for t in _targets(node, module)}


SOURCES = sorted(p for package in ("conundrum", "renderers")
                 for p in (ROOT / package).rglob("*.py"))


def test_a_function_level_import_is_of_a_heavy_module_or_says_why():
    wrong = []
    for path in SOURCES:
        top = _top_level_modules(path)
        for line, targets, text in function_level_imports(path):
            where = f"{path.relative_to(ROOT)}:{line}: {text.strip()}"
            if set(targets) & top:
                wrong.append(f"{where} (already imported at the top)")
            elif not (all(_is_heavy(t) for t in targets) or REASON.search(text)):
                wrong.append(where)
    assert not wrong, ("import these at the top, list the module in docs/dev/development.md "
                       "(Imported lazily), or say `# lazy: why`:\n" + "\n".join(wrong))


def test_the_rule_catches_a_light_import_inside_a_function(tmp_path, monkeypatch):
    """The check itself: a light module imported in a function, with no reason, is found."""
    package = tmp_path / "conundrum"
    package.mkdir()
    bad = package / "bad.py"
    bad.write_text("import json\n\ndef f():\n    import re\n    from fpdf import FPDF\n"
                   "    import fcntl  # lazy: POSIX only\n    import json\n", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    found = {line: targets for line, targets, _ in function_level_imports(bad)}
    assert found == {4: ("re",), 5: ("fpdf",), 6: ("fcntl",), 7: ("json",)}
    assert _is_heavy("fpdf") and not _is_heavy("re")
    assert _top_level_modules(bad) == {"json"}
    assert REASON.search("import fcntl  # lazy: POSIX only")
    assert not REASON.search("import re  # type: ignore[import-untyped]")


_PROBE = """
import importlib, json, sys
module, imports = sys.argv[1], json.loads(sys.argv[2])
importlib.import_module(module)
def loaded(base, names):
    if base not in sys.modules:
        return False
    held = vars(sys.modules[base])  # a name a package's __getattr__ would load is not there
    return all(n in held or f"{base}.{n}" in sys.modules for n in names)
print(json.dumps([line for line, base, names in imports if loaded(base, names)]))
"""


def _statements(path: Path) -> list[tuple[int, str, list[str]]]:
    """Each function-level import: its line, the module it reads, the names it takes."""
    relative = path.relative_to(ROOT).with_suffix("")
    module = ".".join(relative.parts) + (".__init__" if relative.name == "__init__" else "")
    found = []
    for func in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(func):
                if isinstance(node, ast.ImportFrom):
                    found.append((node.lineno, _absolute(node, module),
                                  [a.name for a in node.names]))
                elif isinstance(node, ast.Import):
                    found += [(node.lineno, a.name, []) for a in node.names]
    return sorted(set((n, b, tuple(t)) for n, b, t in found))  # type: ignore[misc]


@pytest.mark.slow  # a fresh interpreter for each module with a function-level import
def test_no_function_level_import_of_what_the_module_loads_anyway():
    """Lazy only where it defers something: a module that importing its importer already
    loads gains nothing from waiting (it belongs at the top)."""
    import json

    wrong = []
    for path in SOURCES:
        imports = _statements(path)
        if not imports:
            continue
        relative = path.relative_to(ROOT).with_suffix("")
        name = ".".join(relative.parts[:-1] if relative.name == "__init__" else relative.parts)
        out = subprocess.run([sys.executable, "-c", _PROBE, name, json.dumps(imports)],
                             capture_output=True, text=True, check=True, cwd=ROOT).stdout
        wrong += [f"{path.relative_to(ROOT)}:{line}" for line in json.loads(out)]
    assert not wrong, "loaded anyway when the module is imported; import at the top:\n" + \
        "\n".join(wrong)
