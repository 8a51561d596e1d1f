"""The documentation site (mkdocs.yml, docs/): its generated pages match the program and
pyproject.toml, its navigation holds every page, and `make docs` builds it strictly."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest
import yaml

from tests.support.paths import ROOT, module_at
from tests.support.program import run_program

DOCS = ROOT / "docs"


def _hook(name: str) -> ModuleType:
    return module_at(DOCS / "hooks" / f"{name}.py")


cli_reference = _hook("cli_reference")
import_layers = _hook("import_layers")
PATHS = cli_reference.command_paths()


def _mkdocs_config() -> dict:
    class Loader(yaml.SafeLoader):
        pass

    # mkdocs.yml may use MkDocs' own tags (!ENV, !relative); none is needed to read it here
    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
    return yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)


def _nav_pages(nav: list) -> list[str]:
    out: list[str] = []
    for entry in nav:
        for value in (entry.values() if isinstance(entry, dict) else [entry]):
            out += _nav_pages(value) if isinstance(value, list) else [value]
    return out


# ---- the CLI reference ----------------------------------------------------------------
def test_the_reference_lists_every_command_the_program_has():
    listed = run_program("--help", env={"COLUMNS": "80"}).stdout
    commands = re.findall(r"^  (\w+)  ", listed.split("Commands:", 1)[1], re.M)
    assert commands and [p[0] for p in PATHS if len(p) == 1] == commands
    sub = run_program("catalogue", "--help", env={"COLUMNS": "80"}).stdout
    subcommands = re.findall(r"^  (\w+)  ", sub.split("Commands:", 1)[1], re.M)
    assert [p[1] for p in PATHS if p[:1] == ("catalogue",) and len(p) == 2] == subcommands


@pytest.fixture(scope="module")
def reference_page() -> str:
    """The whole reference as the hook makes it: made once (each command's help in turn),
    not once for each of its sections."""
    return cli_reference.markdown()


# Each case starts the program (about 0.2 CPU s): the fast set keeps one of each kind, the
# program's own help, a command of a plugin (the renderers'), a group and a group's command;
# the other commands' cases are in the slow set (`make test` runs every one).
FAST_PATHS = {(), ("render",), ("catalogue",), ("catalogue", "list")}


@pytest.mark.parametrize("path", [p if p in FAST_PATHS else pytest.param(p, marks=pytest.mark.slow)
                                  for p in PATHS],
                         ids=[" ".join(p) or "conundrum" for p in PATHS])
def test_each_section_of_the_reference_is_the_commands_help(path, reference_page):
    """The page's text for a command is what `conundrum COMMAND --help` prints now."""
    done = run_program(*path, "--help", env={"COLUMNS": "80"})
    assert done.returncode == 0, done.stderr
    assert cli_reference.help_text(path) == done.stdout
    name = " ".join(("conundrum", *path))
    assert f"`{name}`\n\n```text\n$ {name} --help\n{done.stdout.rstrip()}\n```" \
        in reference_page


def test_the_hook_fills_in_only_the_reference_page():
    page = (DOCS / cli_reference.PAGE).read_text(encoding="utf-8")
    assert page.count(cli_reference.MARKER) == 1
    ref = SimpleNamespace(file=SimpleNamespace(src_uri=cli_reference.PAGE))
    other = SimpleNamespace(file=SimpleNamespace(src_uri="guide/books.md"))
    filled = cli_reference.on_page_markdown(page, ref)
    assert cli_reference.MARKER not in filled and "## `conundrum render`" in filled
    assert "### `conundrum catalogue stats`" in filled
    assert cli_reference.on_page_markdown(page, other) == page
    with pytest.raises(ValueError, match="lost its"):
        cli_reference.on_page_markdown("# no marker", ref)


# ---- the layer diagram ------------------------------------------------------------------
def test_the_layer_diagram_is_the_import_linter_contract():
    contracts = import_layers.layer_contracts()
    assert contracts, "pyproject.toml has no import-linter layers contract"
    text = import_layers.markdown()
    for contract in contracts:
        rows = [ln.strip("[] ") for ln in import_layers.diagram(contract).splitlines()
                if ln.startswith("[")]
        assert [re.split(r"\s+\|\s+", r) for r in rows] == \
            [[m.strip() for m in layer.split("|")] for layer in contract["layers"]]
        assert contract["name"] in text
    page = (DOCS / import_layers.PAGE).read_text(encoding="utf-8")
    assert page.count(import_layers.MARKER) == 1


def test_the_layer_diagram_follows_a_changed_contract(tmp_path):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[[tool.importlinter.contracts]]\nname = "x"\ntype = "layers"\n'
                         'containers = ["pkg"]\nlayers = ["top", "mid | side", "low"]\n')
    diagram = import_layers.markdown(pyproject)
    assert re.search(r"\[\s+top\s+\]\n\s+v\n\[\s+mid\s+\|\s+side\s+\]\n\s+v\n\[\s+low\s+\]",
                     diagram)


# ---- the site's configuration ------------------------------------------------------------
def test_the_navigation_holds_every_page_and_only_pages_that_exist():
    config = _mkdocs_config()
    assert config["docs_dir"] == "docs" and config["theme"]["name"] == "material"
    nav = _nav_pages(config["nav"])
    assert len(nav) == len(set(nav))
    on_disk = {p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")}
    assert set(nav) == on_disk, "add the page to mkdocs.yml's nav (or remove the entry)"
    assert {Path(h).name for h in config["hooks"]} == {"cli_reference.py", "import_layers.py",
                                                            "registries.py"}


def test_make_docs_builds_strictly_and_ci_runs_it():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^docs:.*\n\t.*\$\(BIN\)/mkdocs build --strict", makefile, re.M)
    assert re.search(r"^make docs$", (ROOT / ".ci" / "run").read_text(encoding="utf-8"), re.M)
    config = _mkdocs_config()
    assert "site/" in (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert config["site_dir"] == "site"


@pytest.mark.slow
def test_the_site_builds_strictly_with_the_reference_in_it(tmp_path):
    site = tmp_path / "site"
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q",
                           "-d", str(site)], cwd=ROOT, capture_output=True, text=True,
                          env={**__import__("os").environ, "NO_MKDOCS_2_WARNING": "1"},
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert (site / "index.html").exists()
    cli = (site / "reference" / "cli.html").read_text(encoding="utf-8")
    for path in PATHS:
        assert f"Usage: {' '.join(('conundrum', *path))} [OPTIONS]" in cli
    arch = (site / "dev" / "architecture.html").read_text(encoding="utf-8")
    assert import_layers.MARKER not in arch and "layers run one way" in arch
    for page in ("guide/getting-started.html", "guide/books.html", "reference/schemas.html"):
        assert (site / page).exists()
    assert not list(site.rglob("*.py")), "the docs' scripts are not pages of the site"
    # the Python API, from the docstrings: every exported name, doctests as code
    api = (site / "reference" / "api.html").read_text(encoding="utf-8")
    import conundrum
    import conundrum.book
    import conundrum.generate

    for module in (conundrum, conundrum.generate, conundrum.book):
        for name in module.__all__:
            if name.isupper():
                continue  # constants have no docstring
            assert f'id="{module.__name__}.{name}"' in api, f"{module.__name__}.{name}"
    assert 'id="conundrum.book.make_book.make_book"' in api
    assert '<span class="gp">&gt;&gt;&gt; </span>' in api
    # the registries' lists and tables (docs/hooks/registries.py)
    sheets = (site / "guide" / "sheets.html").read_text(encoding="utf-8")
    assert "<!-- names:" not in sheets and "<!-- table:" not in sheets
    assert "<td><code>colourblind</code></td>" in sheets


def test_doctests_in_the_api_reference_are_fenced_as_code():
    doctest_blocks = _hook("doctest_blocks")
    text = "Add.\n\n    >>> 1 + 1\n    2\n\nMore prose."
    assert doctest_blocks.fenced(text).splitlines() == [
        "Add.", "", "```pycon", ">>> 1 + 1", "2", "```", "", "More prose."]


def test_the_import_graph_is_measured_and_the_code_map_names_every_module():
    found = import_layers.imports("conundrum")
    table = import_layers.graph_table()
    for path in sorted((ROOT / "conundrum").iterdir()):
        module = path.suffix == ".py" and not path.name.startswith("__")
        if module or (path / "__init__.py").exists():
            assert f"| `{path.stem}` |" in table, path.name
    assert "solver" not in found["game"] and "game" in found["generate"]  # as the prose says
    arch = (DOCS / "dev" / "architecture.md").read_text(encoding="utf-8")
    code_map = arch[arch.index("## Code map"):]
    for package in ("conundrum", "renderers"):
        for path in sorted([*(ROOT / package).rglob("*.py"), *(ROOT / package).rglob("*.js")]):
            if not path.name.startswith("__"):
                assert re.search(rf"\b{path.stem}\b", code_map), f"code map: {path}"
