"""The layer diagram of docs/dev/architecture.md, read from pyproject.toml.

An MkDocs hook (mkdocs.yml, `hooks:`): on that page it replaces the line
`<!-- import-layers -->` with the layers of import-linter's "layers" contracts
in `[tool.importlinter]`, top (may import everything below) to bottom, so the
diagram is the contract `lint-imports` enforces and cannot drift from it.

    python docs/hooks/import_layers.py     # print the generated Markdown
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

PAGE = "dev/architecture.md"
MARKER = "<!-- import-layers -->"
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


def on_page_markdown(markdown_text: str, page: Any, **_: Any) -> str:
    """MkDocs hook: fill in the diagram."""
    if page.file.src_uri != PAGE:
        return markdown_text
    if MARKER not in markdown_text:
        raise ValueError(f"docs/{PAGE} lost its {MARKER} line")
    return markdown_text.replace(MARKER, markdown())


if __name__ == "__main__":
    print(markdown())
