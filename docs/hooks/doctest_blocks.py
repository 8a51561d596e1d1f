"""A Griffe extension for the Python API page (mkdocs.yml, mkdocstrings' `extensions`):
the docstrings' doctest examples (`>>>` lines and the output under them) shown as code.

The docstrings are plain prose with doctests (run by tests/test_docstrings.py), in no
docstring style's sections; without this their examples would be read as Markdown, and
an output such as `[('GGG', ...)]` as a link.
"""

from __future__ import annotations

from typing import Any

from griffe import Extension


def fenced(text: str) -> str:
    """The docstring with each run of doctest lines (a `>>>` line, its `...` lines and
    the output down to a blank line) in a ```pycon fence (tests/test_docs_site.py)."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        starts = line.lstrip().startswith(">>>")
        if starts and not inside:
            out.append("```pycon")
            inside = True
        elif inside and not line.strip():
            out.append("```")
            inside = False
        out.append(line.strip() if inside else line)
    if inside:
        out.append("```")
    return "\n".join(out)


class DoctestBlocks(Extension):
    """Fence every object's doctests before the docstring is parsed."""

    def on_instance(self, *, obj: Any, **_: Any) -> None:
        """Griffe's hook: each object as it is loaded."""
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fenced(obj.docstring.value)
