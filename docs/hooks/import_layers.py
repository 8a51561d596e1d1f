"""The layer diagram of docs/dev/architecture.md, read from pyproject.toml, and the import
graph, measured.

An MkDocs hook (mkdocs.yml, `hooks:`): on that page it replaces the line
`<!-- import-layers -->` with the layers of import-linter's "layers" contracts
in `[tool.importlinter]`, top (may import everything below) to bottom, so the
diagram is the contract `lint-imports` enforces and cannot drift from it; and
`<!-- import-graph -->` with a table of what each of `conundrum`'s modules imports
from the others, measured from the code by grimp (import-linter's own graph).

    python docs/hooks/import_layers.py     # print the generated Markdown
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

PAGE = "dev/architecture.md"
MARKER = "<!-- import-layers -->"
GRAPH_MARKER = "<!-- import-graph -->"
PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def layer_contracts(pyproject: Path = PYPROJECT) -> list[dict[str, Any]]:
    """The `layers` contracts of pyproject.toml, as written there."""
    config = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    return [c for c in contracts if c.get("type") == "layers"]


def diagram(contract: dict[str, Any]) -> str:
    """One contract as a text diagram: a row per layer, top to bottom, `|` between the
    independent modules of one layer, an arrow for "imports from"."""
    rows = ["   |   ".join(part.strip() for part in layer.split("|"))
            for layer in contract["layers"]]
    width = max(len(r) for r in rows)
    lines: list[str] = []
    for i, row in enumerate(rows):
        lines.append(f"[ {row.center(width)} ]")
        if i < len(rows) - 1:
            lines.append(" " * (width // 2 + 2) + "v")
    return "\n".join(lines)


def markdown(pyproject: Path = PYPROJECT) -> str:
    parts = []
    for contract in layer_contracts(pyproject):
        where = ", ".join(f"`{c}`" for c in contract.get("containers", []))
        parts.append(f"**{contract['name']}** (the modules of {where}; each row may "
                     "import from the rows below it, never above):\n\n"
                     f"```text\n{diagram(contract)}\n```\n")
    return "\n".join(parts)


def imports(package: str = "conundrum") -> dict[str, set[str]]:
    """Each module of `package` (its first level: `book` stands for conundrum/book/) ->
    the others it imports directly, anywhere in its code, measured by grimp."""
    import grimp

    graph = grimp.build_graph(package)
    found: dict[str, set[str]] = {}

    def top(module: str) -> str:
        return (module.split(".") + ["__init__"])[1]

    for module in graph.modules:
        found.setdefault(top(module), set())
        for other in graph.find_modules_directly_imported_by(module):
            if other.split(".")[0] == package and top(other) != top(module):
                found[top(module)].add(top(other))
    return found


def graph_table(package: str = "conundrum") -> str:
    """The measured graph as a Markdown table, modules by how many they import."""
    found = imports(package)
    rows = [f"| `{m}` | {', '.join(f'`{o}`' for o in sorted(found[m])) or 'nothing'} |"
            for m in sorted(found, key=lambda m: (len(found[m]), m))
            if not m.startswith("__")]
    return "| Module | Imports (of the package's own) |\n|---|---|\n" + "\n".join(rows) + "\n"


def on_page_markdown(markdown_text: str, page: Any, **_: Any) -> str:
    """MkDocs hook: fill in the diagram and the measured graph."""
    if page.file.src_uri != PAGE:
        return markdown_text
    for marker in (MARKER, GRAPH_MARKER):
        if marker not in markdown_text:
            raise ValueError(f"docs/{PAGE} lost its {marker} line")
    return markdown_text.replace(MARKER, markdown()).replace(GRAPH_MARKER, graph_table())


if __name__ == "__main__":
    print(markdown())
